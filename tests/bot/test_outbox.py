"""The outbox paces messages per channel and combines a backlog of train pictures, never drops one."""

from __future__ import annotations

import asyncio
from typing import Any

from cogs.outbox import MAX_FILES, Outbox, Post


class FakeChannel:
    def __init__(self) -> None:
        self.sent: list[tuple[str, int]] = []

    async def send(self, content: str, *, files: list[Any], view: Any) -> Any:
        self.sent.append((content, len(files)))
        await asyncio.sleep(0)
        return object()


async def test_a_backlog_of_frames_is_combined_and_nothing_is_lost() -> None:
    outbox = Outbox(interval=0.01)
    channel = FakeChannel()
    outbox.post(channel, Post(content="round 2"), 1)  # type: ignore[arg-type]
    for n in range(13):
        outbox.post(channel, Post(content=f"frame {n}", files=[(f"{n}.png", b"x")], frame=True), 1)  # type: ignore[arg-type]
    await outbox.drain()
    assert channel.sent[0] == ("round 2", 0)
    frames = channel.sent[1:]
    assert sum(files for _, files in frames) == 13  # every picture arrived
    assert len(frames) < 13 and all(files <= MAX_FILES for _, files in frames)
    assert "\n".join(text for text, _ in frames).split("\n") == [f"frame {n}" for n in range(13)]


async def test_channels_have_their_own_queues() -> None:
    outbox = Outbox(interval=0.0)
    one, two = FakeChannel(), FakeChannel()
    outbox.post(one, Post(content="a"), 1)  # type: ignore[arg-type]
    outbox.post(two, Post(content="b"), 2)  # type: ignore[arg-type]
    await outbox.drain()
    assert one.sent == [("a", 0)] and two.sent == [("b", 0)]
