"""One process of the table service, for the test of several processes on one database
(tests/bot/test_several_processes.py, issue 17).

    python -m tests.bot.table_process URL NAME RECORDS

It runs what a bot process runs besides Discord itself: the table service (table.service), its
AI and timers (cogs.autopilot), the outbox (cogs.outbox) with the periodic sweep, on the PostgreSQL
database at URL, under the process name NAME. Discord is played by the database too: a delivered
message is a row of ``discord_messages`` (written by a connection of its own, like a call to
Discord: not in the outbox's transaction), and a send that was under way when a process died is
looked for there before it is sent again, as cogs.delivery looks in the channel. Discord's own guard
is played too: cogs.delivery sends each row with its nonce, which discord.py enforces, so a second
send of it within a few minutes returns the message already made (``NONCE_WINDOW``). That is what
keeps a message single when a process stalls past its lease and another takes its target over
between its mark and its send.

People are played by coroutines answering the pending decisions of random games (so answers come
to every process at once), except the decisions ``ignored`` names: those wait for their timer.
Every AI answer this process starts thinking about (an AI seat's move, a timer's) is written to
RECORDS/NAME.fired as ``<game seed>:<step>`` the moment it starts, unbuffered, so a SIGKILL loses
none. Time runs ``SPEED`` times faster than the wall clock, the same in every process. The process
exits once every game is over and every message delivered.
"""

from __future__ import annotations

import asyncio
import logging
import os
import random
import sys
import time
from pathlib import Path
from typing import Any

from cogs.autopilot import Autopilot
from cogs.outbox import Outbox
from engine import Game
from engine.ai import choose
from table.service import NothingShown, Outcome, TableError, Tables
from table.storage_pg import PgStorage
from table.store import OVER, RUNNING, Delivery, OutboxRow
from table.workers import Workers

SPEED = 50.0  # game seconds per wall-clock second: a 20 s decision is up in 0.4 s
PLAYERS = 4  # coroutines playing people in each process
SWEEP_EVERY = 25.0  # game seconds between two sweeps (0.5 s), and how late a turn is neglected
LEASE = 150.0  # game seconds a claim lasts (3 s): a dead process's claims lapse that long after it
# Game seconds in which Discord answers a send whose nonce it has seen with the message it made then
# (``enforce_nonce``, "the past few minutes" in Discord's words): two minutes, here 2.4 s.
NONCE_WINDOW = 120.0
log = logging.getLogger("table_process")


def clock() -> float:
    return time.time() * SPEED


async def pause(seconds: float) -> None:
    await asyncio.sleep(max(0.0, seconds) / SPEED)


def ignored(game_id: int, step: int) -> bool:
    """The decisions people leave to their timer (one in seven), the same in every process."""
    return (game_id * 31 + step) % 7 == 0


class Shown(NothingShown):
    """What each change shows: a message in the game's channel naming the step the game is at, and
    one in the DMs of the person the next decision waits for."""

    async def game(self, outcome: Outcome) -> list[Delivery]:
        name = f"{outcome.game_id}:{outcome.row.step}"
        shown = [Delivery(f"game:{outcome.game_id}", {"op": "send", "content": name}, outcome.game_id)]
        pending = outcome.state.pending
        waiting = next((p for p in outcome.players if pending is not None and p.seat == pending.seat), None)
        if waiting is not None and waiting.user_id is not None:
            shown.append(Delivery(f"user:{waiting.user_id}", {"op": "send", "content": name}, outcome.game_id))
        return shown


class Recorded(Workers):
    """The AI, each answer it starts on written down first (the test counts them)."""

    def __init__(self, record: Path) -> None:
        super().__init__(processes=False)
        self.record = os.open(record, os.O_WRONLY | os.O_CREAT | os.O_APPEND)

    async def ai_answer(self, snapshot: str, seat: int, level: str, seed: str, **kwargs: Any) -> str:
        os.write(self.record, f"{seed}\n".encode())
        return await super().ai_answer(snapshot, seat, level, seed, **kwargs)


class Discord:
    """Delivers outbox rows as cogs.delivery does: marked as under way, sent, then marked done."""

    def __init__(self, storage: PgStorage, name: str) -> None:
        self.storage, self.name = storage, name

    async def __call__(self, rows: list[OutboxRow]) -> bool:
        (row,) = rows  # nothing here is a picture that could share a message
        sent = False
        if row.sending_at is not None:  # under way when a process died: is it there already?
            sent = bool(await self.storage.pool.fetchval(
                "SELECT COUNT(*) FROM discord_messages WHERE nonce = $1", row.id))
        else:
            async with self.storage.transaction() as tx:
                tx.sending([row.id], clock())
        if not sent:
            await self.send(row)
        async with self.storage.transaction() as tx:
            tx.delivered([row.id])
        return True

    async def send(self, row: OutboxRow) -> None:
        """Discord's create-message with an enforced nonce: made unless a message with this nonce
        was made within ``NONCE_WINDOW`` (one send at a time per nonce, as Discord decides it)."""
        now = clock()
        async with self.storage.pool.acquire() as db, db.transaction():
            await db.execute("SELECT pg_advisory_xact_lock($1)", row.id)
            if await db.fetchval("SELECT COUNT(*) FROM discord_messages WHERE nonce = $1 AND sent_at > $2",
                                 row.id, now - NONCE_WINDOW):
                return
            await db.execute(
                "INSERT INTO discord_messages (channel, nonce, content, process, sent_at) VALUES ($1, $2, $3, $4, $5)",
                row.target, row.id, row.body["content"], self.name, now)


async def play(tables: Tables, storage: PgStorage, autopilot: Autopilot, rng: random.Random,
               done: asyncio.Event) -> None:
    """A person's clicks: the decisions waiting for people, a few at random, answered unless ignored
    (by a person the AI plays for after three timeouts too: answering, they are back)."""
    while not done.is_set():
        waiting = await storage.pool.fetch(
            "SELECT g.id, g.step, p.user_id FROM games g JOIN players p ON p.game_id = g.id"
            " AND p.seat = g.waiting_seat WHERE g.status = $1 AND p.user_id IS NOT NULL", RUNNING)
        for game_id, step, user_id in rng.sample(waiting, min(5, len(waiting))):
            if ignored(game_id, step):
                continue
            try:
                state: Game = await tables.state(game_id)
                if state.pending is None or state.step != step:
                    continue
                answer = choose(state, state.pending.seat, "easy", rng=rng)
                outcome = await tables.answer(game_id, user_id, step, answer)
            except TableError:
                continue  # another process (or a timer) answered first: the next decision, then
            await after(autopilot, outcome)
        await asyncio.sleep(rng.uniform(0.0, 0.02))


async def after(autopilot: Autopilot, outcome: Outcome) -> None:
    if outcome.row.status == OVER:
        autopilot.forget(outcome.game_id)
    else:
        autopilot.watch(outcome.game_id)


async def main(url: str, name: str, records: Path) -> int:
    logging.basicConfig(level=logging.INFO, stream=sys.stderr,
                        format=f"%(asctime)s {name} %(levelname)s %(name)s: %(message)s")
    storage = await PgStorage.open(url)
    tables = Tables(storage, clock=clock, show=Shown(), workers=Recorded(records / f"{name}.fired"),
                    holder=name, turn_lease=LEASE)
    outbox = Outbox(storage, Discord(storage, name), interval=0.0, clock=clock, pause=pause, holder=name,
                    lease=LEASE)
    storage.committed = outbox.wake
    holder: dict[str, Autopilot] = {}

    async def watched(outcome: Outcome) -> None:
        await after(holder["autopilot"], outcome)

    autopilot = holder["autopilot"] = Autopilot(tables, watched, think=1.0, budget_ms=None, pause=pause)
    done = asyncio.Event()
    rng = random.Random(f"{name}:{os.getpid()}")
    players = [asyncio.create_task(play(tables, storage, autopilot, random.Random(rng.random()), done))
               for _ in range(PLAYERS)]
    for row in await storage.games(RUNNING):  # as a bot resumes its games at its start
        autopilot.watch(row.id, row=row)
    try:
        while True:
            await autopilot.sweep(SWEEP_EVERY)
            await outbox.sweep()
            if not await storage.games(RUNNING) and not await storage.outbox_size():
                break
            await pause(SWEEP_EVERY)
    finally:
        done.set()
        await asyncio.gather(*players, return_exceptions=True)
        await autopilot.close()
        await outbox.close()
        await storage.close()
    return 0


if __name__ == "__main__":
    sys.exit(asyncio.run(main(sys.argv[1], sys.argv[2], Path(sys.argv[3]))))
