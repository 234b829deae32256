"""The durable outbox: what the table must show, delivered in order, paced, retried until it is there.

Every change of a game writes its messages as rows of the ``outbox`` table in the change's own
transaction (table.store ``Tx.enqueue``); this worker delivers them. One task per target (a game's
channel, a person's DMs, a lobby's channel) while that target has rows, in the order written:

- a passing failure (429 with its ``retry_after``, 5xx, a timeout, a dropped connection) keeps the
  row and tries again later with a growing pause; nothing behind it overtakes it;
- a permanent one is handled by its meaning (cogs.delivery): a closed DM is told in the channel, a
  vanished game channel is replaced and the row goes to the new one, a deleted message is sent
  anew; anything else (a bug) is logged as an error and the row is dropped;
- the story is paced for watchers: one action picture per message, ``story_interval`` apart, so a
  round unfolds rather than arriving at once. A story told slower than the table plays falls
  behind: a picture written ``CATCH_UP_AFTER`` ago follows the one before at Discord's pace, without
  the story's pause; only a real backlog (pictures waiting longer than ``BACKLOG_AFTER``: after a
  restart or an outage) combines consecutive pictures into one message (up to Discord's 10
  attachments), never dropping one;
- each kind of request (send, edit, delete) is paced ``interval`` apart per target, as Discord limits
  each of them per channel on its own (``Pace``): a status line taken away and sent anew below a
  picture takes no more time from the story;
- an edit of a message still waiting behind a newer edit of the same message is skipped (only the
  newest state matters), and so is a message waiting to be sent that a row behind it deletes.

Rows survive restarts: a fresh bot starts a worker for every target with rows. A send that was under
way when the process died is looked for in the channel before it is sent again (cogs.delivery).

Several processes on one database (PostgreSQL): a target's rows are delivered by one process at a
time, the one holding its lease (``outbox:<target>`` in the ``leases`` table), so they still go out
in order. A worker that finds the lease held by another process leaves the target to it; a worker
done with its target lets go of the lease and looks once more, so rows written meanwhile by a
process that found the lease held are not left behind. Should a process die holding leases, the
periodic ``sweep`` of the others takes its targets over once the leases have lapsed.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import math
import random
import time
from collections.abc import Awaitable, Callable, Iterable

from table.metrics import Metrics
from table.store import OutboxRow, Store, process_name
from table.workers import urgent

log = logging.getLogger(__name__)

MAX_FILES = 10  # attachments Discord takes in one message
BATCH = MAX_FILES + 1  # rows looked at together (combining frames, skipping superseded edits)
FIRST_RETRY, LAST_RETRY = 1.0, 300.0  # seconds between tries of a passing failure: doubling, capped
BACKLOG_AFTER = 60.0  # seconds a picture may wait before the pictures behind it are combined with it
# Seconds a picture may wait before it follows the one before without the story's pause: longer than
# a round's pictures take when they come at once (a round's story keeps its rhythm), shorter than a
# table playing quickly would let the story fall behind by, round after round.
CATCH_UP_AFTER = 20.0
# Seconds a process's claim on delivering a target lasts (renewed while it delivers): longer than one
# message takes (pictures drawn, Discord's answer); should the process die, another one goes on
# delivering the target once the claim has lapsed.
LEASE = 120.0
ANSWER_BUTTON = "colt:a:"  # how an answer button's custom id begins (cogs.components ``AnswerButton``)


class Retry(Exception):
    """A passing failure: try the same rows again, not before ``after`` seconds. ``cause``, for the
    operators' metrics: ``429`` (rate limited), ``5xx`` (Discord's error), ``timeout``, or ``other``."""

    def __init__(self, reason: str, after: float | None = None, *, cause: str = "other") -> None:
        super().__init__(reason)
        self.after, self.cause = after, cause


Deliver = Callable[[list[OutboxRow]], Awaitable[bool]]
"""Delivers rows that form one message (several only for combined frames); raises ``Retry`` for a
passing failure. Writing the success (or a permanent failure) to storage is its job. True when
Discord answered (a row with nothing to do, like deleting a message never sent, is False)."""

Prepare = Callable[[list[OutboxRow]], None]
"""Starts, without waiting for it, what delivering rows will need (drawing their pictures): called
while they wait for their turn at their target (the story's rhythm, Discord's pace), so that the
time drawing takes is spent waiting anyway (cogs.delivery ``Courier.prepare``)."""


def backoff(attempts: int) -> float:
    """The pause before try number ``attempts + 1``: doubling from 1 s to 5 min, with jitter."""
    base = min(LAST_RETRY, FIRST_RETRY * 2 ** min(attempts, 16))
    return base * random.uniform(0.75, 1.25)


class Outbox:
    def __init__(self, storage: Store, deliver: Deliver, *, interval: float,
                 clock: Callable[[], float] = time.time, story_interval: float = 0.0,
                 written_clock: Callable[[], float] = time.time,
                 pause: Callable[[float], Awaitable[None]] = asyncio.sleep,
                 holder: str | None = None, lease: float = LEASE, metrics: Metrics | None = None,
                 prepare: Prepare | None = None) -> None:
        self.storage, self.deliver, self.interval, self.clock = storage, deliver, interval, clock
        self.prepare = prepare  # what a batch will need (its pictures), started while it waits its turn
        self.metrics = metrics or Metrics()  # retries, and the time from a click to what it shows
        self.holder = holder or process_name()  # this process, among those sharing the database
        self.lease = lease
        self._held: dict[str, float] = {}  # target → until when this process holds its lease (``clock``)
        self.story_interval = story_interval
        self.pause = pause  # how a worker waits: for its next try, or the story's rhythm
        self.written_clock = written_clock  # the clock of the rows' ``created_at`` (the storage's)
        self._first_seen: dict[int, float] = {}  # row id → when a worker first read it (``clock``)
        self._workers: dict[str, asyncio.Task[None]] = {}
        self._again: set[str] = set()  # targets woken while their worker was busy: look again
        self._pace = Pace(interval, story_interval)
        self._closed = False

    def wake(self, targets: Iterable[str]) -> None:
        """New rows were committed for ``targets``: deliver them (a worker per target, while needed)."""
        if self._closed:
            return
        for target in targets:
            worker = self._workers.get(target)
            if worker is not None and not worker.done():
                self._again.add(target)
                continue
            self._workers[target] = asyncio.create_task(self._work(target), name=f"colt-outbox-{target}")

    async def sweep(self) -> None:
        """Deliver whatever waits: after a start, what was waiting when the last process stopped;
        then, periodically, the targets of a process that died (the others' are left to them)."""
        self.wake(await self.storage.outbox_targets())

    @property
    def busy(self) -> int:
        return sum(not w.done() for w in self._workers.values())

    async def drain(self, timeout: float = 60.0) -> None:
        """Wait until every worker is done (tests, a clean shutdown)."""
        deadline = time.monotonic() + timeout
        while self.busy and time.monotonic() < deadline:
            await asyncio.wait([w for w in self._workers.values() if not w.done()],
                               timeout=max(0.0, deadline - time.monotonic()))

    async def close(self, grace: float = 5.0) -> None:
        """Stop: a delivery under way may finish (so it is not sent twice at the next start)."""
        self._closed = True
        workers = [w for w in self._workers.values() if not w.done()]
        if workers:
            _, late = await asyncio.wait(workers, timeout=grace)
            for worker in late:
                worker.cancel()
            await asyncio.gather(*late, return_exceptions=True)
        self._workers.clear()
        for target in list(self._held):  # another process may take them over at once
            await self._let_go(target)

    async def _hold(self, target: str, longer: float = 0.0) -> bool:
        """Whether this process delivers ``target`` for the next ``lease`` (and ``longer``) seconds:
        the lease is claimed, or renewed once half of it is gone; False when another process holds it."""
        if not self.storage.shared:
            return True  # one process on its own database (SQLite): nobody to share targets with
        now = self.clock()
        if self._held.get(target, 0.0) - now > self.lease / 2 + longer:
            return True
        # Noted before the claim: should the worker be cancelled during it, ``close`` lets go of it.
        self._held[target] = until = now + self.lease + longer
        if await self.storage.claim(f"outbox:{target}", self.holder, now, until):
            return True
        self._held.pop(target, None)
        return False

    async def _let_go(self, target: str) -> None:
        if self._held.pop(target, None) is not None:
            await self.storage.release(f"outbox:{target}", self.holder)

    async def _finished(self, target: str) -> bool:
        """Nothing left to deliver as far as this worker knows: the lease is let go. Whether rows
        came meanwhile all the same (another process wrote them while this one held the lease)."""
        if not self.storage.shared:
            return False  # only this process writes: what it wrote since woke this target (``_again``)
        await self._let_go(target)
        return bool(await self.storage.outbox(target, 1))

    def _backlog(self, first: OutboxRow) -> bool:
        """Whether the first waiting row has waited long: written long ago (a restart), or read long
        ago by this process and still not delivered (an outage, on the bot's own clock)."""
        now = self.clock()
        seen = self._first_seen.setdefault(first.id, now)
        return now - seen > BACKLOG_AFTER or self.written_clock() - first.created_at > BACKLOG_AFTER

    async def _work(self, target: str) -> None:
        failures = 0  # in a row, at this target: the pause grows with them, whichever row fails
        timed: tuple[float, str] | None = None  # the last click timed here, and what it showed
        rows: list[OutboxRow] = []  # read and not delivered yet: only this worker delivers them
        complete = False  # ``rows`` were all of the target's rows when read
        try:
            while not self._closed:
                if not await self._hold(target):
                    return  # another process delivers this target
                if not rows or target in self._again:
                    self._again.discard(target)
                    rows = await self.storage.outbox(target, BATCH)
                    complete = len(rows) < BATCH
                if not rows:
                    if target in self._again or await self._finished(target):
                        continue
                    return  # nothing left: the worker ends (and is started again by the next wake)
                wait = rows[0].not_before - self.clock()
                if wait > 0:
                    if not await self._hold(target, longer=wait):
                        return
                    await self.pause(wait)
                    continue
                batch, superseded = plan_batch(rows, combine=self._backlog(rows[0]))
                if superseded:
                    async with self.storage.transaction() as tx:
                        tx.delivered(row.id for row in superseded)
                    for row in superseded:
                        self._first_seen.pop(row.id, None)
                    rows = rows[len(superseded):]
                    continue
                late = self.written_clock() - batch[0].created_at > CATCH_UP_AFTER
                wait = self._pace.due(target, batch[0], late=late) - self.clock()
                if wait > 0:
                    if self.prepare is not None:
                        self.prepare(batch)
                    await self.pause(wait)  # then planned again: rows written meanwhile may supersede it
                    continue
                try:
                    # A prompt is what its player waits for, and it waits for every row ahead of it
                    # at its target: their pictures go before the channels' pictures and the hands
                    # brought up to date, as its own do (table.workers ``Turns``).
                    with urgent() if any(shown(row) == "prompt" for row in rows) else contextlib.nullcontext():
                        reached = await self.deliver(batch)
                except Retry as retry:
                    pause = retry.after if retry.after is not None else backoff(failures)
                    failures += 1
                    self.metrics.retries.labels(retry.cause).inc()
                    log.warning("%s: delivery failed (%s); trying again in %.1f s", target, retry, pause,
                                extra={"game": batch[0].game_id})
                    async with self.storage.transaction() as tx:
                        tx.retry_later([row.id for row in batch], self.clock() + pause)
                    rows = []  # read again: their time to try has moved
                    continue
                if reached:  # a row that reached nothing (no message to delete) took no slot
                    failures = 0
                    timed = self._timed(batch[0], timed)
                    self._pace.note(target, batch[0], self.clock())
                for row in batch:
                    self._first_seen.pop(row.id, None)
                rows = rows[len(batch):]
                if not rows and complete and target not in self._again and not await self._finished(target):
                    return  # everything read was delivered, and nothing was written since
        except asyncio.CancelledError:
            raise
        except Exception:
            # A bug in delivering: logged, and the rows stay for the next wake (or the next start).
            log.exception("the outbox of %s stopped on an error", target,
                          extra={"game": rows[0].game_id if rows else None})
        finally:
            if self._workers.get(target) is asyncio.current_task():
                del self._workers[target]
                self._pace.forget(target, self.clock())

    def _timed(self, row: OutboxRow, last: tuple[float, str] | None) -> tuple[float, str] | None:
        """A delivered message caused by a click: the first prompt or picture of each click at a
        target is timed from the click (those behind it at the same target waited for it).
        What was timed last at this target."""
        what = shown(row)
        if row.clicked_at is None or what is None or last == (row.clicked_at, what):
            return last
        self.metrics.delivered.labels(what).observe(max(0.0, self.clock() - row.clicked_at))
        return row.clicked_at, what


class Pace:
    """When a target may have its next message. Discord limits sends, edits and deletes in a channel
    each on its own (a route's bucket): each kind waits ``interval`` after the last of its kind
    there, never after another kind. A frame of the story also waits ``story_interval`` after the
    last frame, so that watchers see a round unfold, unless it is ``late``."""

    def __init__(self, interval: float, story_interval: float) -> None:
        self.interval, self.story_interval = interval, story_interval
        self._last: dict[str, dict[str, float]] = {}  # target → kind of request (or "frame") → when
        self._kept = 0  # targets kept at the last sweep of those that no longer matter

    def due(self, target: str, row: OutboxRow, *, late: bool = False) -> float:
        last = self._last.get(target)
        if last is None:
            return 0.0
        due = last.get(_kind(row), -math.inf) + self.interval
        if _is_frame(row) and not late:
            due = max(due, last.get("frame", -math.inf) + self.story_interval)
        return due

    def note(self, target: str, row: OutboxRow, now: float) -> None:
        last = self._last.setdefault(target, {})
        last[_kind(row)] = now
        if _is_frame(row):
            last["frame"] = now

    def forget(self, target: str, now: float) -> None:
        """A target without a worker: what it last had is kept only while it still matters."""
        if self._stale(target, now):
            del self._last[target]
        if len(self._last) > 2 * self._kept + 64:  # now and then, the others ended long ago
            for other in [t for t in self._last if self._stale(t, now)]:
                del self._last[other]
            self._kept = len(self._last)

    def _stale(self, target: str, now: float) -> bool:
        last = self._last.get(target)
        return last is not None and max(last.values()) + max(self.interval, self.story_interval) <= now


def _kind(row: OutboxRow) -> str:
    return str(row.body.get("op", "send"))


def shown(row: OutboxRow) -> str | None:
    """What a person waits for after a click: a ``prompt`` (a DM whose answer buttons they may click
    now: their decision) or a ``picture`` (a train picture in the game's channel); None for the rest."""
    if _is_frame(row):
        return "picture"
    if row.target.startswith("user:") and any(
            not button.get("disabled") and str(button.get("custom_id", "")).startswith(ANSWER_BUTTON)
            for line in row.body.get("view") or () for button in line.get("components", ())):
        return "prompt"
    return None


def plan_batch(rows: list[OutboxRow], *, combine: bool = True) -> tuple[list[OutboxRow], list[OutboxRow]]:
    """What to deliver now: the first row, with (``combine``: a backlog) the frames queued right
    behind it, as one message.

    Or, when the first row is an edit that a later waiting edit of the same message replaces, or
    the send of a message that a later waiting row deletes (a status line already out of date),
    no batch and that superseded row to skip."""
    first = rows[0]
    body = first.body
    if body.get("op") == "send" and body.get("key") and any(
            later.body.get("op") == "delete" and _same_key(later, first) for later in rows[1:]):
        return [], [first]
    if body.get("op") == "edit":
        for later in rows[1:]:
            if later.body.get("op") == "send" and _same_key(later, first):
                break  # a new message under that key comes first: the edit still matters
            if later.body.get("op") == "edit" and _same_message(later, first) and not body.get("forget"):
                return [], [first]
    if not body.get("frame") or not combine:
        return [first], []
    batch, files = [first], len(body.get("pictures", ()))
    for later in rows[1:]:
        more = len(later.body.get("pictures", ()))
        if not later.body.get("frame") or files + more > MAX_FILES:
            break
        batch.append(later)
        files += more
    return batch, []


def _is_frame(row: OutboxRow) -> bool:
    return bool(row.body.get("frame"))


def _same_key(one: OutboxRow, other: OutboxRow) -> bool:
    """The same remembered message: keys are the game's (a person may play in several games)."""
    key = one.body.get("key")
    return key is not None and key == other.body.get("key") and one.game_id == other.game_id


def _same_message(one: OutboxRow, other: OutboxRow) -> bool:
    if one.body.get("message") is not None or other.body.get("message") is not None:
        return one.body.get("message") == other.body.get("message")
    return _same_key(one, other)
