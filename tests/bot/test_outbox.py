"""The durable outbox: rows delivered per target in order, a backlog of train pictures combined, passing
failures retried without anything overtaking, superseded edits skipped, nothing lost over a restart."""

from __future__ import annotations

import asyncio
import itertools
import time
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from cogs.outbox import BACKLOG_AFTER, CATCH_UP_AFTER, MAX_FILES, Deliver, Outbox, Retry
from table.storage import Storage
from table.store import Delivery, OutboxRow


@pytest.fixture
async def storage(tmp_path: Path) -> AsyncIterator[Storage]:
    opened = await Storage.open(tmp_path / "outbox.sqlite3")
    yield opened
    await opened.close()


def wired(storage: Storage, deliver: Deliver) -> Outbox:
    """An outbox woken by the storage's commits, as the bot wires it."""
    made = Outbox(storage, deliver, interval=0.0)
    storage.committed = made.wake
    return made


class Recorder:
    """A deliverer that records what it was given and fails when told to."""

    def __init__(self, storage: Storage, failures: int = 0) -> None:
        self.storage, self.failures = storage, failures
        self.messages: list[tuple[str, list[str]]] = []  # (target, contents of the combined rows)

    async def __call__(self, rows: list[OutboxRow]) -> bool:
        if self.failures:
            self.failures -= 1
            raise Retry("503 from Discord", after=0.01)
        self.messages.append((rows[0].target, [r.body.get("content", r.body["op"]) for r in rows]))
        async with self.storage.transaction() as tx:
            tx.delivered(r.id for r in rows)
        return True


class Timed(Recorder):
    """A recorder that also notes when each message was delivered (``time.monotonic``)."""

    def __init__(self, storage: Storage) -> None:
        super().__init__(storage)
        self.sent_at: list[float] = []

    async def __call__(self, rows: list[OutboxRow]) -> bool:
        self.sent_at.append(time.monotonic())
        return await super().__call__(rows)


def frame(n: int) -> Delivery:
    return Delivery("game:1", {"op": "send", "frame": True, "content": f"frame {n}",
                               "pictures": [{"file": f"{n}.png", "draw": "train"}]}, 1)


def wired_later(storage: Storage, deliver: Deliver, seconds: float, story_interval: float = 0.0) -> Outbox:
    """An outbox that sees the rows ``seconds`` after they were written (a restart, an outage)."""
    made = Outbox(storage, deliver, interval=0.0, story_interval=story_interval,
                  written_clock=lambda: time.time() + seconds)
    storage.committed = made.wake
    return made


async def test_a_backlog_of_frames_is_combined_and_nothing_is_lost(storage: Storage) -> None:
    deliver = Recorder(storage)
    outbox = wired_later(storage, deliver, BACKLOG_AFTER + 1)
    await storage.enqueue([Delivery("game:1", {"op": "send", "content": "round 2"}, 1),
                                       *[frame(n) for n in range(13)]])
    await outbox.drain()
    assert deliver.messages[0] == ("game:1", ["round 2"])
    frames = [contents for _, contents in deliver.messages[1:]]
    assert [c for message in frames for c in message] == [f"frame {n}" for n in range(13)]  # all, in order
    assert len(frames) < 13 and all(len(message) <= MAX_FILES for message in frames)
    assert await storage.outbox_size() == 0 and outbox.busy == 0  # the idle worker is gone


async def test_a_round_unfolds_one_picture_at_a_time_at_the_story_s_rhythm(storage: Storage) -> None:
    """Issue 13: watchers see each action in its own message, ``story_interval`` apart (a burst of
    pictures in one message only when they have waited long: a real backlog)."""
    deliver = Timed(storage)
    sent_at = deliver.sent_at
    outbox = wired_later(storage, deliver, 0.0, story_interval=0.05)
    await storage.enqueue([frame(n) for n in range(5)])
    await outbox.drain()
    assert [contents for _, contents in deliver.messages] == [[f"frame {n}"] for n in range(5)]
    gaps = [later - earlier for earlier, later in itertools.pairwise(sent_at)]
    assert len(gaps) == 4 and min(gaps) >= 0.045


async def test_a_story_fallen_behind_the_table_catches_up_one_picture_at_a_time(storage: Storage) -> None:
    """Issue 29: pictures written ``CATCH_UP_AFTER`` ago (the table plays faster than the story is
    told) follow each other without the story's pause, still one per message."""
    deliver = Timed(storage)
    sent_at = deliver.sent_at
    outbox = wired_later(storage, deliver, CATCH_UP_AFTER + 1, story_interval=0.5)
    await storage.enqueue([frame(n) for n in range(4)])
    await outbox.drain()
    assert [contents for _, contents in deliver.messages] == [[f"frame {n}"] for n in range(4)]
    assert sent_at[-1] - sent_at[0] < 0.5  # not 3 × 0.5 s


async def test_each_kind_of_request_is_paced_on_its_own(storage: Storage) -> None:
    """Issue 29: Discord limits sends, edits and deletes in a channel each on its own: a delete right
    after a send does not wait, a second send waits ``interval`` after the first."""
    deliver = Timed(storage)
    sent_at = deliver.sent_at
    outbox = Outbox(storage, deliver, interval=0.2)
    storage.committed = outbox.wake
    await storage.enqueue([Delivery("game:1", {"op": "send", "content": "picture"}, 1),
                           Delivery("game:1", {"op": "delete", "key": "status"}, 1),
                           Delivery("game:1", {"op": "edit", "key": "pile", "content": "pile"}, 1),
                           Delivery("game:1", {"op": "send", "content": "status"}, 1)])
    await outbox.drain()
    assert [c for _, (c,) in deliver.messages] == ["picture", "delete", "pile", "status"]
    gaps = [later - earlier for earlier, later in itertools.pairwise(sent_at)]
    assert gaps[0] < 0.1 and gaps[1] < 0.1  # a delete and an edit: their own kinds
    assert sent_at[3] - sent_at[0] >= 0.19  # the second send waited for the first one's slot


async def test_targets_have_their_own_queues_and_a_failing_one_holds_only_itself(storage: Storage) -> None:
    class OneTargetDown(Recorder):
        down = 3

        async def __call__(self, rows: list[OutboxRow]) -> bool:
            if rows[0].target == "user:7" and self.down:
                self.down -= 1
                raise Retry("502", after=0.02)
            return await Recorder.__call__(self, rows)

    deliver = OneTargetDown(storage)
    outbox = wired(storage, deliver)
    await storage.enqueue([
        Delivery("user:7", {"op": "send", "content": "prompt 1"}, 1),
        Delivery("user:7", {"op": "send", "content": "prompt 2"}, 1),
        Delivery("game:1", {"op": "send", "content": "pile"}, 1),
    ])
    await outbox.drain()
    assert [m for m in deliver.messages if m[0] == "user:7"] == [("user:7", ["prompt 1"]), ("user:7", ["prompt 2"])]
    assert deliver.messages.index(("game:1", ["pile"])) == 0  # not held up by the failing DMs


async def test_a_passing_failure_is_retried_with_its_pause_and_counted(storage: Storage) -> None:
    deliver = Recorder(storage, failures=2)
    outbox = wired(storage, deliver)
    await storage.enqueue([Delivery("game:1", {"op": "send", "content": "picture"}, 1)])
    await asyncio.sleep(0.005)
    rows = await storage.outbox("game:1", 5)
    assert rows and rows[0].attempts >= 1 and rows[0].not_before > 0  # kept, to be tried again later
    await outbox.drain()
    assert deliver.messages == [("game:1", ["picture"])]


async def test_an_edit_behind_a_newer_edit_of_the_same_message_is_skipped(storage: Storage) -> None:
    deliver = Recorder(storage, failures=1)  # the first try fails: the later edits queue up behind it
    outbox = wired(storage, deliver)
    await storage.enqueue([
        Delivery("game:1", {"op": "send", "content": "status"}, 1),
        *[Delivery("game:1", {"op": "edit", "key": "pile", "content": f"pile {n}"}, 1) for n in range(4)],
        Delivery("game:1", {"op": "edit", "key": "pile", "content": "pile closed", "forget": True}, 1),
    ])
    await outbox.drain()
    assert deliver.messages == [("game:1", ["status"]), ("game:1", ["pile closed"])]  # only the newest state


async def test_a_status_line_that_a_waiting_row_deletes_is_never_sent(storage: Storage) -> None:
    """Issue 29: while the channel's story waits for its turn, a status line out of date before it
    is sent takes no message (nor a pacing slot); the newest one is sent."""
    deliver = Recorder(storage, failures=1)  # the first try fails: the rest queue up behind it
    outbox = wired(storage, deliver)
    status = [Delivery("game:1", {"op": "send", "key": "status", "content": f"status {n}"}, 1) for n in range(3)]
    delete = Delivery("game:1", {"op": "delete", "key": "status"}, 1)
    other_game = Delivery("game:1", {"op": "send", "key": "status", "content": "game 2's status"}, 2)
    await storage.enqueue([frame(0), status[0], delete, frame(1), status[1], other_game, delete, status[2]])
    await outbox.drain()
    assert [c for _, (c,) in deliver.messages] == [
        "frame 0", "delete", "frame 1", "game 2's status", "delete", "status 2"]  # game 2's own key is kept


async def test_waiting_rows_are_delivered_after_a_restart(storage: Storage) -> None:
    stopped = wired(storage, Recorder(storage, failures=1))
    await storage.enqueue([Delivery("user:3", {"op": "send", "content": f"m{n}"}, 1) for n in range(3)])
    await asyncio.sleep(0)
    await stopped.close(grace=0.0)
    assert await storage.outbox_size() == 3
    deliver = Recorder(storage)
    await wired(storage, deliver).sweep()
    for _ in range(100):
        if await storage.outbox_size() == 0:
            break
        await asyncio.sleep(0.01)
    assert deliver.messages == [("user:3", ["m0"]), ("user:3", ["m1"]), ("user:3", ["m2"])]


async def test_a_bug_in_delivering_keeps_the_rows_for_the_next_wake(storage: Storage) -> None:
    calls = 0

    async def broken_then_fine(rows: list[OutboxRow]) -> bool:
        nonlocal calls
        calls += 1
        if calls == 1:
            raise RuntimeError("a bug")
        async with storage.transaction() as tx:
            tx.delivered(r.id for r in rows)
        return True

    outbox = wired(storage, broken_then_fine)
    await storage.enqueue([Delivery("game:2", {"op": "send", "content": "x"}, 2)])
    await outbox.drain()
    assert await storage.outbox_size() == 1  # not dropped
    outbox.wake({"game:2"})  # the next commit for that target, or the next start
    await outbox.drain()
    assert await storage.outbox_size() == 0


@pytest.mark.parametrize("shared", [False, True])
async def test_rows_are_read_once_and_rows_written_meanwhile_are_not_missed(storage: Storage, shared: bool) -> None:
    """A worker reads its target's rows once and delivers them all; a row committed while it
    delivers wakes it to read again (each read is the database's work, a click brings several);
    done, with a database shared by several processes, it looks once more after letting go of the
    target (issue 29: alone on its database, what it wrote itself woke it already)."""
    storage.shared = shared
    reads: list[int] = []
    read = storage.outbox

    async def counted(target: str, limit: int) -> list[OutboxRow]:
        rows = await read(target, limit)
        reads.append(len(rows))
        return rows

    storage.outbox = counted  # type: ignore[method-assign]

    class WritesDuringTheFirst(Recorder):
        async def __call__(self, rows: list[OutboxRow]) -> bool:
            if not self.messages:
                await storage.enqueue([Delivery("game:1", {"op": "send", "content": "late"}, 1)])
            return await Recorder.__call__(self, rows)

    deliver = WritesDuringTheFirst(storage)
    outbox = wired(storage, deliver)
    await storage.enqueue([Delivery("game:1", {"op": "send", "content": f"row {n}"}, 1) for n in range(3)])
    await outbox.drain()
    assert [c for _, contents in deliver.messages for c in contents] == ["row 0", "row 1", "row 2", "late"]
    # The second read (woken by "late") sees the rest; the last, once the target's lease is let go,
    # looks for rows another process wrote while this one held it (issue 17): there are none.
    assert reads == ([3, 3, 0] if shared else [3, 3])
    assert await storage.outbox_size() == 0


async def test_pictures_held_up_by_an_outage_are_combined_once_it_ends(storage: Storage) -> None:
    """An outage longer than BACKLOG_AFTER (on the bot's own clock) makes a backlog: once Discord is
    back, the waiting pictures go out combined (up to 10 a message), none lost."""
    now = [0.0]

    class Outage(Recorder):
        async def __call__(self, rows: list[OutboxRow]) -> bool:
            if now[0] < BACKLOG_AFTER + 1:
                now[0] += 20.0  # each failed try is a while later
                raise Retry("503", after=0.0)
            return await Recorder.__call__(self, rows)

    deliver = Outage(storage)
    outbox = Outbox(storage, deliver, interval=0.0, clock=lambda: now[0])
    storage.committed = outbox.wake
    await storage.enqueue([frame(n) for n in range(6)])
    await outbox.drain()
    assert [c for _, contents in deliver.messages for c in contents] == [f"frame {n}" for n in range(6)]
    assert len(deliver.messages) == 1  # combined


async def test_a_picture_waiting_for_the_story_s_rhythm_is_drawn_meanwhile(storage: Storage) -> None:
    """Issue 29: each frame that waits for its turn is handed to ``prepare`` (its pictures drawn while
    it waits) before it is delivered, so that drawing adds nothing to the story's rhythm."""
    deliver = Timed(storage)
    prepared: list[tuple[str, float]] = []

    def prepare(rows: list[OutboxRow]) -> None:
        prepared.extend((str(row.body["content"]), time.monotonic()) for row in rows)

    outbox = Outbox(storage, deliver, interval=0.0, story_interval=0.05, prepare=prepare)
    storage.committed = outbox.wake
    await storage.enqueue([frame(n) for n in range(3)])
    await outbox.drain()
    assert [contents for _, contents in deliver.messages] == [[f"frame {n}"] for n in range(3)]
    first_prepared = {content: at for content, at in reversed(prepared)}
    assert "frame 0" not in first_prepared  # its turn had come: delivered at once
    for n in (1, 2):  # prepared a story's pause before its delivery
        assert deliver.sent_at[n] - first_prepared[f"frame {n}"] >= 0.04


async def test_the_courier_draws_a_prepared_message_once_and_a_failed_drawing_again() -> None:
    """A message's pictures prepared while it waits are the ones it sends (drawn once, whoever asks
    first); a drawing that failed is drawn anew at the next try; closing stops what is drawing."""
    from cogs.delivery import Courier

    calls: list[list[str]] = []
    gate = asyncio.Event()

    async def draw(pictures: list[dict[str, object]]) -> list[tuple[str, bytes, str]]:
        calls.append([str(p["file"]) for p in pictures])
        await gate.wait()
        if len(calls) == 1:
            raise TimeoutError("the workers are busy")
        return [(str(p["file"]), b"png", "alt") for p in pictures]

    courier = Courier(None, None, draw, channel_lost=None)  # type: ignore[arg-type]
    rows = [OutboxRow(n, 1, "game:1", {"op": "send", "frame": True, "pictures": [{"file": f"{n}.png"}]}, 0, 0.0, None)
            for n in (7, 8)]
    body = {"pictures": [{"file": "7.png"}, {"file": "8.png"}]}
    courier.prepare(rows)
    courier.prepare(rows)  # already drawing
    courier.prepare([OutboxRow(9, 1, "game:1", {"op": "delete", "key": "status"}, 0, 0.0, None)])  # nothing to draw
    await asyncio.sleep(0)
    assert calls == [["7.png", "8.png"]]
    gate.set()
    with pytest.raises(TimeoutError):
        await courier._files(rows, body)
    assert await courier._files(rows, body) == [("7.png", b"png", "alt"), ("8.png", b"png", "alt")]
    assert await courier._files(rows, body) == [("7.png", b"png", "alt"), ("8.png", b"png", "alt")]
    assert len(calls) == 2
    gate.clear()
    other = [OutboxRow(10, 1, "game:1", {"op": "send", "pictures": [{"file": "10.png"}]}, 0, 0.0, None)]
    courier.prepare(other)
    await asyncio.sleep(0)
    courier.close()
    await asyncio.sleep(0)
    assert len(calls) == 3 and courier._drawn == {}
