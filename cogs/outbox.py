"""Messages queued per channel and paced, so that normal play never meets a rate limit.

When a backlog builds up, consecutive train pictures are combined into one message (up to
Discord's 10 attachments), never dropped; a later edit of the same message replaces an earlier
one still waiting (only the newest state of a message matters).
"""

from __future__ import annotations

import asyncio
import io
import logging
from collections import deque
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field

import discord

log = logging.getLogger(__name__)

MAX_FILES = 10

Sent = Callable[[discord.Message], Awaitable[None]]
Failed = Callable[[discord.HTTPException], Awaitable[None]]


@dataclass
class Post:
    content: str = ""
    files: list[tuple[str, bytes]] = field(default_factory=list)
    view: discord.ui.View | None = None
    frame: bool = False  # a train picture: may be combined with the frames queued after it
    edit: int | None = None  # a message id: edit that message instead of sending a new one
    delete: int | None = None  # a message id: delete that message
    on_sent: Sent | None = None
    on_failed: Failed | None = None


class Outbox:
    def __init__(self, interval: float) -> None:
        self.interval = interval
        self._queues: dict[int, deque[tuple[discord.abc.Messageable, Post]]] = {}
        self._workers: dict[int, asyncio.Task[None]] = {}

    def post(self, channel: discord.abc.Messageable, post: Post, channel_id: int) -> None:
        queue = self._queues.setdefault(channel_id, deque())
        if post.edit is not None:
            for i, (_, waiting) in enumerate(queue):
                if waiting.edit == post.edit:
                    queue[i] = (channel, post)
                    break
            else:
                queue.append((channel, post))
        else:
            queue.append((channel, post))
        worker = self._workers.get(channel_id)
        if worker is None or worker.done():
            self._workers[channel_id] = asyncio.create_task(self._work(channel_id))

    async def drain(self) -> None:
        while any(not w.done() for w in self._workers.values()):
            await asyncio.gather(*self._workers.values(), return_exceptions=True)

    async def close(self) -> None:
        for worker in self._workers.values():
            worker.cancel()
        await asyncio.gather(*self._workers.values(), return_exceptions=True)

    @staticmethod
    def _combine(queue: deque[tuple[discord.abc.Messageable, Post]], first: Post) -> Post:
        """Merge the frames waiting right behind ``first`` into it."""
        if not first.frame:
            return first
        merged = Post(first.content, list(first.files), first.view, True, None, None, first.on_sent,
                      first.on_failed)
        while queue and queue[0][1].frame and len(merged.files) + len(queue[0][1].files) <= MAX_FILES:
            _, nxt = queue.popleft()
            merged.content = "\n".join(t for t in (merged.content, nxt.content) if t)
            merged.files += nxt.files
            merged.view = nxt.view or merged.view
        return merged

    async def _work(self, channel_id: int) -> None:
        queue = self._queues[channel_id]
        while queue:
            channel, post = queue.popleft()
            post = self._combine(queue, post)
            await self._deliver(channel, post)
            if queue:
                await asyncio.sleep(self.interval)

    async def _deliver(self, channel: discord.abc.Messageable, post: Post) -> None:
        files = [discord.File(io.BytesIO(data), filename=name) for name, data in post.files]
        try:
            if post.delete is not None:
                await channel.get_partial_message(post.delete).delete()  # type: ignore[attr-defined]
                return
            if post.edit is not None:
                message = channel.get_partial_message(post.edit)  # type: ignore[attr-defined]
                kwargs: dict[str, object] = {"content": post.content, "view": post.view}
                if files:
                    kwargs["attachments"] = files
                message = await message.edit(**kwargs)
            else:
                message = await channel.send(post.content, files=files, view=post.view)
        except discord.HTTPException as error:
            if post.on_failed is not None:
                await post.on_failed(error)
            else:
                log.warning("could not deliver a message: %s", error)
            return
        if post.on_sent is not None:
            await post.on_sent(message)
