"""The AI at the table: it answers for AI bandits and absent players, and for anyone whose time is up.

One watch per running game, renewed after every change: if the AI is to answer the pending
decision, it does so after a short pause (so people can follow the pictures); if a person is to
answer, the watch sleeps until the stored deadline and then lets the AI answer for them. The
deadline and the seat waited for live in the database, so a restart picks the watches up where they
were without loading any game. At a slow pace the watch first wakes for the person's reminders
(table.pace: half time and near the end); a paused game is not watched until it is resumed.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable

from table.pace import next_reminder
from table.service import Outcome, TableError, Tables, TurnTaken
from table.store import RUNNING, GameRow, PlayerRow

log = logging.getLogger(__name__)
RETRY_AFTER = 30.0  # seconds before a failed AI answer is tried again
CLOCK_SLACK = 0.05  # seconds past a deadline before acting, so a timer waking early is not "in time"


class Autopilot:
    def __init__(self, tables: Tables, after: Callable[[Outcome], Awaitable[None]], *, think: float,
                 budget_ms: float | None, pause: Callable[[float], Awaitable[None]] = asyncio.sleep) -> None:
        self.tables, self.after, self.pause = tables, after, pause
        self.think, self.budget_ms = think, budget_ms
        self._watches: dict[int, asyncio.Task[None]] = {}
        self._steps: dict[int, int] = {}  # the decision (its step) each game's watch is on

    def watch(self, game_id: int, *, row: GameRow | None = None, players: list[PlayerRow] | None = None) -> None:
        """(Re)start the watch of a game for its pending decision; the old one is dropped.

        ``row`` and ``players``, when the caller has them (resuming many games), save two reads."""
        old = self._watches.get(game_id)
        if old is not None and old is not asyncio.current_task():
            old.cancel()
        task = asyncio.create_task(self._watch(game_id, row, players), name=f"colt-watch-{game_id}")
        self._watches[game_id] = task
        task.add_done_callback(lambda done: self._ended(game_id, done))

    def _ended(self, game_id: int, task: asyncio.Task[None]) -> None:
        if self._watches.get(game_id) is task:
            del self._watches[game_id]  # only watches with something to wait for are kept
            self._steps.pop(game_id, None)

    @property
    def watching(self) -> int:
        return len(self._watches)

    def forget(self, game_id: int) -> None:
        self._steps.pop(game_id, None)
        task = self._watches.pop(game_id, None)
        if task is not None and task is not asyncio.current_task():
            task.cancel()

    async def close(self) -> None:
        tasks = list(self._watches.values())
        self._watches.clear()
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)

    async def sweep(self, grace: float) -> int:
        """Watch anew every decision neglected for ``grace`` seconds: due and claimed by no live
        process (the one that had it in hand died, or none here was watching it). How many."""
        now = self.tables.clock()
        before = now - grace
        found = 0
        for row in await self.tables.storage.neglected_turns(now, grace):
            if self._steps.get(row.id) == row.step and row.id in self._watches:
                continue  # watched here already (it may have claimed the decision since it was read)
            timed = row.deadline_step == row.step and row.deadline_at is not None and row.deadline_limit
            if timed and row.deadline_at > before:  # in time: only a reminder can be due (sifted here)
                due = next_reminder(row.deadline_limit, row.deadline_at, row.reminded, now)
                if due is None or due[1] > before:
                    continue
            log.info("game %s: step %s was neglected; watching it here", row.id, row.step, extra={"game": row.id})
            self.watch(row.id, row=row)
            found += 1
        return found

    async def _watch(self, game_id: int, row: GameRow | None, players: list[PlayerRow] | None) -> None:
        try:
            await self._answer_when_due(game_id, row, players)
        except asyncio.CancelledError:
            raise
        except TableError as error:
            log.info("game %s: nothing for the AI to do (%s)", game_id, error, extra={"game": game_id})
        except TurnTaken as taken:
            # Another process answers it; should it die first, a sweep finds the decision neglected.
            log.debug("%s", taken, extra={"game": game_id})
        except Exception:
            # Never silent, never stuck: the error is logged and the watch tries again later.
            log.exception("game %s: the AI could not answer; trying again in %.0f s", game_id, RETRY_AFTER,
                          extra={"game": game_id})
            await self.pause(RETRY_AFTER)
            self.watch(game_id)

    async def _answer_when_due(self, game_id: int, row: GameRow | None, players: list[PlayerRow] | None) -> None:
        while True:
            row = row or await self.tables.row(game_id)
            if row.status != RUNNING or row.waiting_seat is None or row.paused:
                return
            step, seat = row.step, row.waiting_seat
            self._steps[game_id] = step
            players = players or await self.tables.storage.players(game_id)
            player = next(p for p in players if p.seat == seat)
            if player.autoplayed:
                await self.pause(self.think)
            elif row.deadline_step == step and row.deadline_at is not None:
                due = next_reminder(row.deadline_limit, row.deadline_at, row.reminded, self.tables.clock()) \
                    if row.deadline_limit else None
                if due is not None:
                    number, at = due
                    await self.pause(max(0.0, at - self.tables.clock()) + CLOCK_SLACK)
                    await self.tables.remind(game_id, step, number)
                    row, players = None, None
                    continue  # look again: the next reminder, or the deadline
                await self.pause(max(0.0, row.deadline_at - self.tables.clock()) + CLOCK_SLACK)
            else:
                return  # a person with no deadline: nothing to watch
            outcome = await self.tables.autoplay(game_id, step, budget_ms=self.budget_ms)
            if outcome is not None:
                await self.after(outcome)  # watches the next decision
                return
            row, players = await self.tables.row(game_id), None
            if row.step != step:
                return  # answered meanwhile: that answer started a new watch
            # Still the same decision but not due (a deadline moved by "I'm back"): look again.
