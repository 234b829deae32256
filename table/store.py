"""The storage both backends share: the rows (games, players, the outbox), the noted transaction
(``Tx``) and the reads (``Store``). ``table.storage`` is SQLite, the embedded default, and
``table.storage_pg`` PostgreSQL; neither is imported here.

Every change the table makes is written in one transaction before anyone is told about it; what
must then be shown is written in the same transaction (the outbox, ``Tx.enqueue``). A transaction
is noted first (``Tx``: its methods only record writes) and then run whole by the backend, in one
of its own transactions: all of it is committed, or none.
"""

from __future__ import annotations

import asyncio
import functools
import json
import os
import re
import secrets
import socket
import sqlite3
import time
from collections.abc import AsyncIterator, Awaitable, Callable, Coroutine, Iterable, Sequence
from contextlib import asynccontextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol, TypeVar, cast

from table import ratings
from table.config import ROOT
from table.pace import REMIND_AT, REMIND_FROM
from table.ratings import Placing

MIGRATIONS = ROOT / "data" / "migrations"
LOBBY, RUNNING, OVER, ABANDONED = "lobby", "running", "over", "abandoned"
DROPPED = "dropped"  # a lesson left for a new one (``lessons.status``; a lesson's others: running, over)
START_CLAIM_SECONDS = 120.0  # a Start click's claim on its lobby lapses after this (a crash mid-start)
SQLITE_INTEGER = range(-(2**63), 2**63)  # what an id from outside (a button) must fit in
# What a claim's write returns: another process holds it, this one holds it (it was free, or its own),
# or this one took it over from a process whose claim lapsed (it died, or stalled).
NOT_HELD, HELD, TAKEN_OVER = 0, 1, 2
T = TypeVar("T")


class StorageError(Exception):
    """The database cannot be used (a newer schema, a corrupt file)."""


class StaleStep(Exception):
    """The stored game is no longer at the step an answer was computed on (compare-and-set failed)."""


@dataclass
class GameRow:
    id: int
    guild_id: int
    lobby_channel_id: int
    lobby_message_id: int | None
    channel_id: int | None
    host_id: int
    status: str
    options: dict[str, Any]
    seed: int
    snapshot: str | None
    ended_at: float | None
    cleanup_at: float | None
    language: str  # a lang code: the language of the game's channel, its lobby and its pictures
    deadline_step: int | None = None  # the timed decision's step, and when its time is up
    deadline_at: float | None = None
    step: int = 0  # the engine step the game is at (its snapshot may be older: Tables.state)
    waiting_seat: int | None = None  # the seat the pending decision waits for
    deadline_limit: float | None = None  # seconds the timed decision was given (its reminders follow it)
    reminded: int = 0  # reminders sent for the timed decision
    waiting_since: float | None = None  # when the pending decision was asked
    paused_at: float | None = None  # when the host paused the game (None: it runs)
    paused_left: float | None = None  # seconds the timed decision had left when it was paused
    paused_by: int | None = None  # who paused it (the host, or a server manager)

    @property
    def paused(self) -> bool:
        return self.paused_at is not None


@dataclass(frozen=True)
class Deadline:
    """When the decision at ``step`` is up, and how long it was given (``limit`` seconds)."""

    step: int
    at: float
    limit: float

    def columns(self) -> dict[str, Any]:
        return {"deadline_step": self.step, "deadline_at": self.at, "deadline_limit": self.limit, "reminded": 0}


NO_DEADLINE: dict[str, Any] = {"deadline_step": None, "deadline_at": None, "deadline_limit": None, "reminded": 0}


def deadline_columns(deadline: Deadline | None) -> dict[str, Any]:
    return deadline.columns() if deadline is not None else dict(NO_DEADLINE)


@dataclass
class PlayerRow:
    user_id: int | None  # None for an AI bandit
    seat: int
    character: str | None
    dm_ok: bool
    ai: str | None = None  # an AI seat's level
    missed: int = 0  # decisions in a row the timer answered for this person
    absent: bool = False  # played by the AI until they are back

    @property
    def autoplayed(self) -> bool:
        """Whether the AI answers for this seat (an AI bandit, or an absent person)."""
        return self.ai is not None or self.absent


@dataclass
class Delivery:
    """Something to show: a message to send, edit or delete at ``target`` (cogs.delivery says how).

    ``target`` is ``game:<id>`` (the game's channel, wherever it is when delivered), ``user:<id>``
    (a person's DMs) or ``channel:<id>``; ``body`` is plain JSON.
    """

    target: str
    body: dict[str, Any]
    game_id: int | None = None


@dataclass
class LessonRow:
    """A guided lesson (/colt learn): its learner, its script's place and its game, as stored."""

    id: int
    user_id: int
    topic: str
    status: str  # running, over, dropped
    step: int  # presses and answers taken so far: a click names the one it answers
    lesson: dict[str, Any]  # engine.lessons.Lesson.to_json()
    snapshot: str  # engine.snapshot of the lesson's game


@dataclass
class OutboxRow:
    id: int
    game_id: int | None
    target: str
    body: dict[str, Any]
    attempts: int
    not_before: float
    sending_at: float | None
    created_at: float = 0.0  # when it was written (time.time())
    clicked_at: float | None = None  # the click whose answer wrote it (the bot's clock), if one did


def migrations(folder: Path = MIGRATIONS) -> list[tuple[int, str]]:
    """The numbered migrations of a backend, in order: SQLite's, or PostgreSQL's (its folder)."""
    found = []
    for path in sorted(folder.glob("*.sql")):
        match = re.match(r"(\d+)_", path.name)
        if match:
            found.append((int(match.group(1)), path.read_text(encoding="utf-8")))
    return found


def _game(row: Any) -> GameRow:  # a backend's row, read by column name
    return GameRow(
        id=row["id"], guild_id=row["guild_id"], lobby_channel_id=row["lobby_channel_id"],
        lobby_message_id=row["lobby_message_id"], channel_id=row["channel_id"], host_id=row["host_id"],
        status=row["status"], options=json.loads(row["options"]), seed=row["seed"],
        snapshot=row["snapshot"], ended_at=row["ended_at"], cleanup_at=row["cleanup_at"],
        language=row["language"], deadline_step=row["deadline_step"], deadline_at=row["deadline_at"],
        step=row["step"], waiting_seat=row["waiting_seat"], deadline_limit=row["deadline_limit"],
        reminded=row["reminded"], waiting_since=row["waiting_since"], paused_at=row["paused_at"],
        paused_left=row["paused_left"], paused_by=row["paused_by"],
    )


def _lesson(row: Any) -> LessonRow:
    return LessonRow(id=row["id"], user_id=row["user_id"], topic=row["topic"], status=row["status"],
                     step=row["step"], lesson=json.loads(row["lesson"]), snapshot=row["snapshot"])


def _player(row: Any) -> PlayerRow:
    return PlayerRow(row["user_id"], row["seat"], row["character"], bool(row["dm_ok"]), row["ai"], row["missed"],
                     bool(row["absent"]))


PLAYER_COLUMNS = "user_id, seat, character, dm_ok, ai, missed, absent"
RESULT_COLUMNS = ("game_id", "guild_id", "user_id", "character", "score", "won", "gunslinger")


class Conn(Protocol):
    """One open transaction of either backend, as the noted writes use it (``?`` placeholders)."""

    async def execute(self, sql: str, params: Sequence[Any] = ()) -> int:
        """Run one statement; how many rows it changed."""

    async def insert(self, sql: str, params: Sequence[Any]) -> int:
        """Insert one row; its new ``id``."""

    async def executemany(self, sql: str, rows: Sequence[Sequence[Any]]) -> None: ...

    async def fetch(self, sql: str, params: Sequence[Any] = ()) -> list[Any]:
        """Rows read inside the transaction (by position or column name)."""


Write = Callable[[Conn], Awaitable[Any]]  # one noted write


class SqliteConn:
    """``Conn`` over a writing sqlite3 connection: every call finishes at once (no await inside), so
    a transaction's coroutine runs to its end in one go, in one call (``drive``)."""

    def __init__(self, db: sqlite3.Connection) -> None:
        self.db = db

    async def execute(self, sql: str, params: Sequence[Any] = ()) -> int:
        return int(self.db.execute(sql, params).rowcount)

    async def insert(self, sql: str, params: Sequence[Any]) -> int:
        return int(self.db.execute(sql, params).lastrowid or 0)

    async def executemany(self, sql: str, rows: Sequence[Sequence[Any]]) -> None:
        self.db.executemany(sql, rows)

    async def fetch(self, sql: str, params: Sequence[Any] = ()) -> list[Any]:
        return list(self.db.execute(sql, params))


def drive(work: Coroutine[Any, Any, T]) -> T:
    """Run a coroutine that never suspends (SQLite's writes) to its end, here and now."""
    try:
        work.send(None)
    except StopIteration as done:
        return cast(T, done.value)
    work.close()
    raise RuntimeError("a SQLite write waited for something")


class Tx:
    """The writes of one transaction, composable: all of them are committed, or none.

    Its methods only note what to write (they are not awaited); the writes run when the
    ``async with storage.transaction() as tx`` block ends, all in one go between BEGIN and COMMIT
    (SQLite: in one call, table.storage; PostgreSQL: on one pooled connection). So a transaction
    holds the database for the time its statements take, never while the event loop runs other
    coroutines (SQLite), and a block that raises
    writes nothing. A failed compare-and-set (``save_answer``) raises ``StaleStep`` at the end of
    the block, and nothing of the block is written."""

    def __init__(self) -> None:
        self.writes: list[Write] = []
        self.targets: set[str] = set()  # outbox targets with new rows, woken once committed

    def execute(self, sql: str, params: Sequence[Any] = ()) -> None:
        self.writes.append(lambda db: db.execute(sql, params))

    async def apply(self, db: Conn) -> list[Any]:
        """The writes, in order, inside a transaction the backend opened; what each returned."""
        return [await write(db) for write in self.writes]

    def run(self, db: sqlite3.Connection) -> list[Any]:
        """The whole transaction on a SQLite connection; what each write returned."""
        db.execute("BEGIN IMMEDIATE")
        return self.run_begun(db)

    def run_begun(self, db: sqlite3.Connection) -> list[Any]:
        """The writes and the commit, in a transaction begun on ``db`` (rolled back on an error)."""
        try:
            results = drive(self.apply(SqliteConn(db)))
        except BaseException:
            db.execute("ROLLBACK")
            raise
        db.execute("COMMIT")
        return results

    # --- games ---------------------------------------------------------------------------------

    def create_game(
        self, *, guild_id: int, channel_id: int, host_id: int, options: dict[str, Any], seed: int,
        language: str = "en",
    ) -> None:
        """A lobby with its host in seat 0; the write returns the game's id."""
        now = time.time()

        async def create(db: Conn) -> int:
            game_id = await db.insert(
                "INSERT INTO games (guild_id, lobby_channel_id, host_id, status, options, seed, language, created_at,"
                " updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (guild_id, channel_id, host_id, LOBBY, json.dumps(options), seed, language, now, now),
            )
            await db.execute("INSERT INTO players (game_id, user_id, seat) VALUES (?, ?, 0)", (game_id, host_id))
            return game_id

        self.writes.append(create)

    def update_game(self, game_id: int, **fields: Any) -> None:
        assignments, values = _game_assignments(fields)
        self.execute(f"UPDATE games SET {assignments} WHERE id = ?", (*values, game_id))

    def retime(self, game_id: int, step: int, **fields: Any) -> None:
        """The pending decision's timing (or other columns) changed, only where the stored game is
        still at ``step``: else ``StaleStep`` (another process answered it meanwhile; the timing
        written with that answer stands), and nothing of the transaction is written."""
        assignments, values = _game_assignments(fields)
        self.compare_and_set(f"UPDATE games SET {assignments} WHERE id = ? AND step = ?", (*values, game_id, step),
                             f"game {game_id} is no longer at step {step}")

    def compare_and_set(self, sql: str, params: Sequence[Any], stale: str) -> None:
        """A write that must change exactly one row; else ``StaleStep(stale)`` at commit, and
        nothing of the transaction is written."""

        async def write(db: Conn) -> None:
            if await db.execute(sql, params) != 1:
                raise StaleStep(stale)

        self.writes.append(write)

    def abandon(self, game_id: int, now: float) -> None:
        """End a lobby or a running game without a result, only if it is still one: else
        ``StaleStep`` (it ended meanwhile, by its last answer or another abandon), and nothing of
        the transaction is written."""
        self.compare_and_set("UPDATE games SET status = ?, ended_at = ?, updated_at = ?"
                             " WHERE id = ? AND status IN (?, ?)", (ABANDONED, now, now, game_id, LOBBY, RUNNING),
                             f"game {game_id} has already ended")

    def claim_start(self, game_id: int, now: float) -> None:
        """Claim an open lobby for starting it; the write returns 0 when someone else's start holds it."""
        self.execute(
            "UPDATE games SET starting_at = ? WHERE id = ? AND status = ? AND (starting_at IS NULL OR starting_at < ?)",
            (now, game_id, LOBBY, now - START_CLAIM_SECONDS),
        )

    # --- lessons -------------------------------------------------------------------------------

    def create_lesson(self, user_id: int, topic: str, lesson: dict[str, Any], snapshot: str) -> None:
        """A new lesson for ``user_id``, the one they follow now: a lesson of theirs still running is
        dropped (one at a time, so that /colt learn knows which to resume). The write returns its id."""
        now = time.time()

        async def create(db: Conn) -> int:
            await db.execute("UPDATE lessons SET status = ?, updated_at = ? WHERE user_id = ? AND status = ?",
                             (DROPPED, now, user_id, RUNNING))
            return await db.insert(
                "INSERT INTO lessons (user_id, topic, status, step, lesson, snapshot, created_at, updated_at)"
                " VALUES (?, ?, ?, 0, ?, ?, ?, ?)", (user_id, topic, RUNNING, json.dumps(lesson), snapshot, now, now))

        self.writes.append(create)

    def save_lesson(self, lesson_id: int, *, step: int, lesson: dict[str, Any], snapshot: str, over: bool) -> None:
        """The lesson after the press or answer that was taken at ``step`` (it is now at ``step + 1``),
        only where it is still running at ``step`` (compare-and-set): else ``StaleStep`` (a second
        click, or another process, was first), and nothing of the transaction is written."""
        now = time.time()
        self.compare_and_set(
            "UPDATE lessons SET step = ?, lesson = ?, snapshot = ?, status = ?, updated_at = ?"
            " WHERE id = ? AND step = ? AND status = ?",
            (step + 1, json.dumps(lesson), snapshot, OVER if over else RUNNING, now, lesson_id, step, RUNNING),
            f"lesson {lesson_id} is no longer at step {step}")

    # --- players -------------------------------------------------------------------------------

    def add_player(self, game_id: int, user_id: int | None, *, ai: str | None = None) -> None:
        """A person (``user_id``) or an AI bandit (``ai``, its level) takes the next seat."""
        self.execute(
            "INSERT INTO players (game_id, user_id, ai, seat) VALUES"
            " (?, ?, ?, (SELECT COALESCE(MAX(seat) + 1, 0) FROM players WHERE game_id = ?))",
            (game_id, user_id, ai, game_id),
        )

    def remove_seat(self, game_id: int, seat: int) -> None:
        async def remove(db: Conn) -> None:
            await db.execute("DELETE FROM players WHERE game_id = ? AND seat = ?", (game_id, seat))
            # Seats stay consecutive: the table closes up (in order, so a seat is free when taken).
            seats = [r[0] for r in await db.fetch("SELECT seat FROM players WHERE game_id = ? ORDER BY seat",
                                                  (game_id,))]
            for new, old in enumerate(seats):
                if new != old:
                    await db.execute("UPDATE players SET seat = ? WHERE game_id = ? AND seat = ?", (new, game_id, old))

        self.writes.append(remove)

    def reseat(self, game_id: int, order: list[int]) -> None:
        """The lobby's seats in a new order: the player at seat ``order[i]`` moves to seat ``i``
        (teams drawn or arranged, V-4.1). Through negative seats, so no two players ever share one."""

        async def reseat(db: Conn) -> None:
            for new, old in enumerate(order):
                await db.execute("UPDATE players SET seat = ? WHERE game_id = ? AND seat = ?", (-1 - new, game_id, old))
            await db.execute("UPDATE players SET seat = -1 - seat WHERE game_id = ? AND seat < 0", (game_id,))

        self.writes.append(reseat)

    def set_presence(self, game_id: int, seat: int, *, missed: int, absent: bool) -> None:
        self.execute("UPDATE players SET missed = ?, absent = ? WHERE game_id = ? AND seat = ?",
                     (missed, int(absent), game_id, seat))

    def set_character(self, game_id: int, user_id: int, character: str | None) -> None:
        self.execute("UPDATE players SET character = ? WHERE game_id = ? AND user_id = ?",
                     (character, game_id, user_id))

    def set_seat_character(self, game_id: int, seat: int, character: str | None) -> None:
        """A seat's character set by the host (the Marshal player, M-1), a person's or an AI's."""
        self.execute("UPDATE players SET character = ? WHERE game_id = ? AND seat = ?", (character, game_id, seat))

    def set_dm_ok(self, game_id: int, user_id: int, ok: bool, *, if_changed: Delivery | None = None) -> None:
        """Whether the person's DMs take messages; ``if_changed`` is enqueued only when this changed
        what was stored (so that a closed DM is told once)."""

        async def set_ok(db: Conn) -> None:
            changed = await db.execute("UPDATE players SET dm_ok = ? WHERE game_id = ? AND user_id = ? AND dm_ok != ?",
                                       (int(ok), game_id, user_id, int(ok)))
            if changed and if_changed is not None:
                await _insert_delivery(db, if_changed, time.time())

        self.writes.append(set_ok)
        if if_changed is not None:
            self.targets.add(if_changed.target)

    # --- the running game ----------------------------------------------------------------------

    def start_game(
        self, game_id: int, *, channel_id: int, snapshot: str, step: int, waiting_seat: int | None,
        characters: dict[int, str], deadline: Deadline | None, since: float | None = None,
    ) -> None:
        """The dealt game; ``characters`` by seat; ``deadline`` of the first decision."""
        for seat, character in characters.items():
            self.execute("UPDATE players SET character = ? WHERE game_id = ? AND seat = ?", (character, game_id, seat))
        self.update_game(game_id, status=RUNNING, channel_id=channel_id, snapshot=snapshot, step=step,
                         waiting_seat=waiting_seat, waiting_since=since or time.time(), starting_at=None,
                         **deadline_columns(deadline))

    def save_answer(
        self, game_id: int, *, step: int, seat: int, answer: str, snapshot: str | None, new_step: int,
        waiting_seat: int | None, results: list[dict[str, Any]], source: str = "player",
        deadline: Deadline | None = None, presence: tuple[int, bool] | None = None, since: float | None = None,
    ) -> None:
        """The answer to decision ``step``, the game now at ``new_step``, the next deadline, the
        answering seat's presence (missed, absent) when it changed and, at the end, the results.
        ``snapshot``: the state it led to, or None to keep the stored one (older: the answers stored
        since it bring it up to date, ``Store.answers_since``).

        Written only where the stored game is still running at ``step`` (compare-and-set): else
        ``StaleStep``, and nothing of the transaction is written."""
        now = time.time()
        timing = deadline_columns(deadline)
        over = bool(results)
        kept = () if snapshot is None else (snapshot,)
        self.compare_and_set(
            "UPDATE games SET " + ("snapshot = ?, " if kept else "") + "step = ?, waiting_seat = ?,"
            " deadline_step = ?, deadline_at = ?, deadline_limit = ?, reminded = 0, waiting_since = ?, updated_at = ?,"
            " status = CASE WHEN ? THEN ? ELSE status END, ended_at = CASE WHEN ? THEN ? ELSE ended_at END"
            " WHERE id = ? AND step = ? AND status = ? AND paused_at IS NULL",
            (*kept, new_step, waiting_seat, timing["deadline_step"], timing["deadline_at"],
             timing["deadline_limit"], since or now, now, over, OVER, over, now, game_id, step, RUNNING),
            f"game {game_id} is no longer at step {step}")
        self.execute("INSERT INTO answers (game_id, step, seat, answer, source, at) VALUES (?, ?, ?, ?, ?, ?)",
                     (game_id, step, seat, answer, source, now))
        if presence is not None:
            self.set_presence(game_id, seat, missed=presence[0], absent=presence[1])
        if results:
            self.writes.append(lambda db: db.executemany(
                "INSERT INTO results (game_id, guild_id, user_id, character, score, won, gunslinger)"
                " VALUES (?, ?, ?, ?, ?, ?, ?)",
                [tuple(r[c] for c in RESULT_COLUMNS) for r in results],
            ))

    def rate(self, guild_id: int, placings: Sequence[Placing]) -> None:
        """A finished game's seats rated (table.ratings), read and written in this transaction."""
        self.writes.append(lambda db: _rate(db, guild_id, placings))

    def reminded(self, game_id: int, step: int, number: int) -> None:
        """Reminder ``number`` of the decision at ``step`` is sent: written once (compare-and-set).
        When another writer (another process) sent it first: ``StaleStep``, and nothing of the
        transaction (the reminder's message) is written."""

        self.compare_and_set(
            "UPDATE games SET reminded = ? WHERE id = ? AND step = ? AND deadline_step = ? AND reminded < ?"
            " AND paused_at IS NULL", (number, game_id, step, step, number),
            f"reminder {number} of game {game_id} at step {step} is not due")

    # --- what one process of several claims for a while (leases) ---------------------------------

    def claim_turn(self, game_id: int, step: int, holder: str, now: float, until: float) -> None:
        """Claim the answering of decision ``step`` (its timer or an AI move) for ``holder`` until
        ``until``; the write returns ``HELD`` when ``holder`` has it (nobody else held it), or
        ``TAKEN_OVER`` when another holder's claim lapsed (their process died); else ``NOT_HELD``.
        The answer's compare-and-set still decides what is written."""
        claim = ("UPDATE games SET turn_holder = ?, turn_step = ?, turn_until = ? WHERE id = ? AND step = ?"
                 " AND status = ? AND ")
        mine = (holder, step, until, game_id, step, RUNNING)

        async def write(db: Conn) -> int:
            # Two statements, the second only when another holder's claim stands in the way: which
            # of them took it tells a claim taken over (the operators' metrics) at no cost otherwise.
            if await db.execute(claim + "(turn_step IS NULL OR turn_step != ? OR turn_holder = ?)",
                                (*mine, step, holder)):
                return HELD
            return TAKEN_OVER if await db.execute(claim + "turn_until < ?", (*mine, now)) else NOT_HELD

        self.writes.append(write)

    def claim(self, name: str, holder: str, now: float, until: float) -> None:
        """Claim the lease ``name`` (``outbox:<target>``, ``channel:<game>``) for ``holder`` until
        ``until``; the write returns ``HELD`` when ``holder`` has it (it was free, or theirs), or
        ``TAKEN_OVER`` when another holder's lease lapsed; else ``NOT_HELD``."""
        upsert = ("INSERT INTO leases (name, holder, until) VALUES (?, ?, ?) ON CONFLICT (name) DO UPDATE"
                  " SET holder = excluded.holder, until = excluded.until WHERE ")

        async def write(db: Conn) -> int:
            # As ``claim_turn``: the second statement only when another holder's lease stands in the
            # way. (Should that holder let go between the two, in PostgreSQL, the lease is taken all
            # the same, and counted as taken over.)
            if await db.execute(upsert + "leases.holder = excluded.holder", (name, holder, until)):
                return HELD
            return TAKEN_OVER if await db.execute(upsert + "leases.until < ?", (name, holder, until, now)) else NOT_HELD

        self.writes.append(write)

    def release(self, name: str, holder: str) -> None:
        self.execute("DELETE FROM leases WHERE name = ? AND holder = ?", (name, holder))

    # --- messages to edit later ----------------------------------------------------------------

    def set_message(self, game_id: int, key: str, channel_id: int, message_id: int, digest: str | None = None) -> None:
        self.execute(
            "INSERT INTO messages (game_id, key, channel_id, message_id, digest) VALUES (?, ?, ?, ?, ?)"
            " ON CONFLICT (game_id, key) DO UPDATE SET channel_id = excluded.channel_id,"
            " message_id = excluded.message_id, digest = excluded.digest",
            (game_id, key, channel_id, message_id, digest),
        )

    def forget_message(self, game_id: int, key: str) -> None:
        self.execute("DELETE FROM messages WHERE game_id = ? AND key = ?", (game_id, key))

    def forget_messages(self, game_id: int, keys: Iterable[str] | None = None) -> None:
        """Forget messages of a game (all of them, or those ``keys``): they are gone."""
        if keys is None:
            self.execute("DELETE FROM messages WHERE game_id = ?", (game_id,))
            return
        for key in keys:
            self.forget_message(game_id, key)

    # --- people's languages -------------------------------------------------------------------

    def set_locale(self, user_id: int, locale: str) -> None:
        self.execute("INSERT INTO people (user_id, locale) VALUES (?, ?)"
                     " ON CONFLICT (user_id) DO UPDATE SET locale = excluded.locale", (user_id, locale))

    def set_reminders(self, user_id: int, on: bool) -> None:
        self.execute("INSERT INTO people (user_id, reminders) VALUES (?, ?)"
                     " ON CONFLICT (user_id) DO UPDATE SET reminders = excluded.reminders", (user_id, int(on)))

    def set_language(self, user_id: int, language: str | None) -> None:
        self.execute("INSERT INTO people (user_id, language) VALUES (?, ?)"
                     " ON CONFLICT (user_id) DO UPDATE SET language = excluded.language", (user_id, language))

    # --- the outbox ----------------------------------------------------------------------------

    def enqueue(self, deliveries: Iterable[Delivery], *, clicked_at: float | None = None) -> None:
        """Write what must be shown (its targets are woken once this transaction is committed);
        ``clicked_at``: when the click that caused it was made (what it shows is timed from it)."""
        now = time.time()
        for d in deliveries:
            self.writes.append(functools.partial(_insert_delivery, delivery=d, now=now, clicked_at=clicked_at))
            self.targets.add(d.target)

    def delivered(self, ids: Iterable[int]) -> None:
        self.writes.append(functools.partial(_many, "DELETE FROM outbox WHERE id = ?", [(i,) for i in ids]))

    def retry_later(self, ids: Iterable[int], not_before: float) -> None:
        self.writes.append(functools.partial(
            _many, "UPDATE outbox SET attempts = attempts + 1, not_before = ?, sending_at = NULL WHERE id = ?",
            [(not_before, i) for i in ids]))

    def sending(self, ids: Iterable[int], now: float) -> None:
        self.writes.append(functools.partial(_many, "UPDATE outbox SET sending_at = ? WHERE id = ?",
                                             [(now, i) for i in ids]))


def _game_assignments(fields: dict[str, Any]) -> tuple[str, tuple[Any, ...]]:
    """``name = ?, …`` of a game's changed columns and their values (options as JSON; the time)."""
    columns = {**fields, "updated_at": time.time()}
    if "options" in columns:
        columns["options"] = json.dumps(columns["options"])
    return ", ".join(f"{name} = ?" for name in columns), tuple(columns.values())


async def _insert_delivery(db: Conn, delivery: Delivery, now: float, clicked_at: float | None = None) -> None:
    await db.execute("INSERT INTO outbox (game_id, target, body, created_at, clicked_at) VALUES (?, ?, ?, ?, ?)",
                     (delivery.game_id, delivery.target, json.dumps(delivery.body, separators=(",", ":")), now,
                      clicked_at))


async def _rate(db: Conn, guild_id: int, placings: Sequence[Placing]) -> None:
    """Update the server's ratings of these players from one game's scores (``Tx.rate``)."""
    best = ratings.best_scores(placings)
    players = list(best)
    known = {row[0]: (row[1], row[2]) for row in await db.fetch(
        f"SELECT player, mu, sigma FROM ratings WHERE guild_id = ? AND player IN ({', '.join('?' * len(players))})",
        (guild_id, *players))} if len(players) > 1 else {}
    for player, (mu, sigma) in ratings.rated(best, known).items():
        await db.execute(
            "INSERT INTO ratings (guild_id, player, mu, sigma, games) VALUES (?, ?, ?, ?, 1)"
            " ON CONFLICT (guild_id, player) DO UPDATE SET mu = excluded.mu, sigma = excluded.sigma,"
            " games = ratings.games + 1",
            (guild_id, player, mu, sigma))


async def _many(sql: str, rows: list[tuple[Any, ...]], db: Conn) -> None:
    await db.executemany(sql, rows)


class Store:
    """What both backends share: transactions of noted writes (``Tx``), single writes, and reads.
    A backend gives ``commit`` (run a ``Tx`` in one transaction of its own), ``_rows`` (one read,
    ``?`` placeholders) and ``close``."""

    # Whether several processes may share this database (PostgreSQL): then each one sweeps for what
    # a dead one left. A SQLite file serves one process, whose restart resumes everything.
    shared = False

    def __init__(self) -> None:
        # Told the outbox targets with new rows right after each commit (the outbox wakes them).
        self.committed: Callable[[set[str]], None] = lambda targets: None
        # Told, for the operators' metrics (table.metrics), the seconds each transaction took as its
        # caller waited for it, and the kind of each claim taken over (``turn``, ``outbox``, ``channel``).
        self.transaction_took: Callable[[float], None] = lambda seconds: None
        self.claim_taken_over: Callable[[str], None] = lambda kind: None

    async def close(self) -> None:
        raise NotImplementedError

    async def commit(self, tx: Tx) -> list[Any]:
        raise NotImplementedError

    async def _rows(self, sql: str, params: Sequence[Any] = (), *, small: bool = True) -> list[Any]:
        """One read. ``small``: a few rows found by key, as every click reads (SQLite may run it at
        once on the event loop's thread); False for a scan (the operators' counts, a whole table)."""
        raise NotImplementedError

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[Tx]:
        """One atomic write: the block notes its writes on ``tx``; they are committed when it ends."""
        tx = Tx()
        yield tx
        await self.commit(tx)

    # --- single writes, each its own transaction ------------------------------------------------

    async def _changed_one(self, tx: Tx) -> bool:
        """Commit ``tx``, one conditional write (a claim): whether it changed its one row."""
        (changed,) = await self.commit(tx)
        return bool(changed == 1)

    async def _claimed(self, tx: Tx, kind: str) -> bool:
        """Commit ``tx``, one claim of ``kind``: whether it is held now (a claim taken over is told)."""
        (claimed,) = await self.commit(tx)
        if claimed == TAKEN_OVER:
            self.claim_taken_over(kind)
        return claimed in (HELD, TAKEN_OVER)

    async def create_game(self, **fields: Any) -> int:
        tx = Tx()
        tx.create_game(**fields)
        (game_id,) = await self.commit(tx)
        return int(game_id)

    async def claim_start(self, game_id: int, now: float) -> bool:
        """Claim an open lobby for starting it; False when someone else's start holds it."""
        tx = Tx()
        tx.claim_start(game_id, now)
        return await self._changed_one(tx)

    async def create_lesson(self, user_id: int, topic: str, lesson: dict[str, Any], snapshot: str) -> int:
        tx = Tx()
        tx.create_lesson(user_id, topic, lesson, snapshot)
        (lesson_id,) = await self.commit(tx)
        return int(lesson_id)

    async def update_game(self, game_id: int, **fields: Any) -> None:
        async with self.transaction() as tx:
            tx.update_game(game_id, **fields)

    async def set_locale(self, user_id: int, locale: str) -> None:
        async with self.transaction() as tx:
            tx.set_locale(user_id, locale)

    async def set_language(self, user_id: int, language: str | None) -> None:
        async with self.transaction() as tx:
            tx.set_language(user_id, language)

    async def enqueue(self, deliveries: Iterable[Delivery]) -> None:
        async with self.transaction() as tx:
            tx.enqueue(deliveries)

    async def claim_turn(self, game_id: int, step: int, holder: str, now: float, until: float) -> bool:
        """Whether ``holder`` now answers decision ``step`` of the game (``Tx.claim_turn``)."""
        tx = Tx()
        tx.claim_turn(game_id, step, holder, now, until)
        return await self._claimed(tx, "turn")

    async def claim_cleanup(self, game_id: int, due: float, retry_at: float) -> bool:
        """Claim the cleanup of a finished game's channel that was due at ``due``: of processes
        running the cleanup together, one gets it. It is due again at ``retry_at`` (should this
        process die before it is done); done, ``cleanup_at`` is cleared."""
        tx = Tx()
        tx.execute("UPDATE games SET cleanup_at = ? WHERE id = ? AND cleanup_at = ?", (retry_at, game_id, due))
        return await self._changed_one(tx)

    async def claim(self, name: str, holder: str, now: float, until: float) -> bool:
        """Whether ``holder`` now holds the lease ``name`` until ``until`` (``Tx.claim``)."""
        tx = Tx()
        tx.claim(name, holder, now, until)
        return await self._claimed(tx, name.partition(":")[0])

    async def release(self, name: str, holder: str) -> None:
        async with self.transaction() as tx:
            tx.release(name, holder)

    # --- reading -------------------------------------------------------------------------------

    async def game(self, game_id: int) -> GameRow | None:
        if game_id not in SQLITE_INTEGER:
            return None  # an id no game can have (a crafted button)
        rows = await self._rows("SELECT * FROM games WHERE id = ?", (game_id,))
        return _game(rows[0]) if rows else None

    async def game_channel(self, game_id: int) -> tuple[int | None, int] | None:
        """A game's channel (None until it has one) and server, without the rest of its row (its
        state is tens of KB): what every delivery to the game's channel reads."""
        if game_id not in SQLITE_INTEGER:
            return None
        rows = await self._rows("SELECT channel_id, guild_id FROM games WHERE id = ?", (game_id,))
        return (rows[0]["channel_id"], rows[0]["guild_id"]) if rows else None

    async def games(self, *statuses: str, guild_id: int | None = None) -> list[GameRow]:
        sql = f"SELECT * FROM games WHERE status IN ({', '.join('?' * len(statuses))})"
        params: list[Any] = list(statuses)
        if guild_id is not None:
            sql += " AND guild_id = ?"
            params.append(guild_id)
        return [_game(row) for row in await self._rows(sql + " ORDER BY id", params, small=False)]

    async def to_clean(self, now: float) -> list[GameRow]:
        """Finished games whose channel is due to be deleted."""
        rows = await self._rows("SELECT * FROM games WHERE status IN (?, ?) AND cleanup_at <= ? ORDER BY id",
                                (OVER, ABANDONED, now), small=False)
        return [_game(row) for row in rows]

    async def game_in_channel(self, channel_id: int) -> GameRow | None:
        rows = await self._rows(
            "SELECT * FROM games WHERE (channel_id = ? OR lobby_channel_id = ?) AND status IN (?, ?)"
            " ORDER BY channel_id = ? DESC, id DESC LIMIT 1",
            (channel_id, channel_id, LOBBY, RUNNING, channel_id),
        )
        return _game(rows[0]) if rows else None

    async def games_of_user(self, user_id: int, *statuses: str) -> list[GameRow]:
        rows = await self._rows(
            f"SELECT g.* FROM games g JOIN players p ON p.game_id = g.id WHERE p.user_id = ?"
            f" AND g.status IN ({', '.join('?' * len(statuses))}) ORDER BY g.id",
            (user_id, *statuses),
        )
        return [_game(row) for row in rows]

    async def lesson(self, lesson_id: int) -> LessonRow | None:
        if lesson_id not in SQLITE_INTEGER:
            return None  # an id no lesson can have (a crafted button)
        rows = await self._rows("SELECT * FROM lessons WHERE id = ?", (lesson_id,))
        return _lesson(rows[0]) if rows else None

    async def lesson_of(self, user_id: int) -> LessonRow | None:
        """The person's lesson under way, if any (one at a time: ``Tx.create_lesson``)."""
        rows = await self._rows("SELECT * FROM lessons WHERE user_id = ? AND status = ? ORDER BY id DESC LIMIT 1",
                                (user_id, RUNNING))
        return _lesson(rows[0]) if rows else None

    async def lessons_under_way(self) -> list[LessonRow]:
        """Every lesson still running (shown again in a simulated Discord that starts empty)."""
        rows = await self._rows("SELECT * FROM lessons WHERE status = ? ORDER BY id", (RUNNING,), small=False)
        return [_lesson(row) for row in rows]

    async def players(self, game_id: int) -> list[PlayerRow]:
        rows = await self._rows(f"SELECT {PLAYER_COLUMNS} FROM players WHERE game_id = ? ORDER BY seat", (game_id,))
        return [_player(r) for r in rows]

    async def players_of(self, game_ids: Sequence[int]) -> dict[int, list[PlayerRow]]:
        """The seats of many games in one query (resuming a thousand games after a restart)."""
        found: dict[int, list[PlayerRow]] = {game_id: [] for game_id in game_ids}
        rows = await self._rows(f"SELECT game_id, {PLAYER_COLUMNS} FROM players ORDER BY game_id, seat", small=False)
        for row in rows:
            if row["game_id"] in found:
                found[row["game_id"]].append(_player(row))
        return found

    async def answers(self, game_id: int) -> list[str]:
        return [r[0] for r in await self._rows("SELECT answer FROM answers WHERE game_id = ? ORDER BY step",
                                               (game_id,))]

    async def answers_since(self, game_id: int, step: int, until: int) -> list[tuple[int, int, str]]:
        """(step, seat, answer) of the answers to the decisions from ``step`` to before ``until``, in
        order (``until``: the step of the game row read; answers stored since belong to a later read)."""
        rows = await self._rows(
            "SELECT step, seat, answer FROM answers WHERE game_id = ? AND step >= ? AND step < ? ORDER BY step",
            (game_id, step, until))
        return [(int(r[0]), int(r[1]), str(r[2])) for r in rows]

    async def last_answer_step(self, game_id: int, seat: int) -> int | None:
        """The step of the last decision ``seat`` answered (by anyone's hand: a timer's AI too)."""
        rows = await self._rows("SELECT MAX(step) FROM answers WHERE game_id = ? AND seat = ?", (game_id, seat))
        return int(rows[0][0]) if rows and rows[0][0] is not None else None

    async def answer(self, game_id: int, step: int) -> str | None:
        """The answer to decision ``step`` (steps count answers: step n is the n-th), if given."""
        rows = await self._rows("SELECT answer FROM answers WHERE game_id = ? AND step = ?", (game_id, step))
        return str(rows[0][0]) if rows else None

    async def message(self, game_id: int, key: str) -> tuple[int, int, str | None] | None:
        """A remembered message: (channel id, message id, digest of its pictures)."""
        rows = await self._rows("SELECT channel_id, message_id, digest FROM messages WHERE game_id = ? AND key = ?",
                                (game_id, key))
        return (rows[0][0], rows[0][1], rows[0][2]) if rows else None

    async def person(self, user_id: int) -> tuple[str | None, str | None]:
        """A person's Discord locale as last seen and the language they chose (None: not set)."""
        rows = await self._rows("SELECT locale, language FROM people WHERE user_id = ?", (user_id,))
        return (rows[0]["locale"], rows[0]["language"]) if rows else (None, None)

    async def ratings(self, guild_id: int) -> list[dict[str, Any]]:
        """A server's rated players (``user:<id>``, ``ai:<level>``): mu, sigma and games."""
        rows = await self._rows("SELECT player, mu, sigma, games FROM ratings WHERE guild_id = ?", (guild_id,),
                               small=False)
        return [dict(r) for r in rows]

    async def wants_reminders(self, user_id: int) -> bool:
        rows = await self._rows("SELECT reminders FROM people WHERE user_id = ?", (user_id,))
        return bool(rows[0][0]) if rows else True

    async def stats(self, guild_id: int) -> list[dict[str, Any]]:
        rows = await self._rows(
            "SELECT user_id, COUNT(*) AS games, SUM(won) AS wins, SUM(gunslinger) AS gunslingers,"
            " MAX(score) AS best FROM results WHERE guild_id = ? GROUP BY user_id"
            " ORDER BY wins DESC, gunslingers DESC, games DESC",
            (guild_id,), small=False,
        )
        return [dict(r) for r in rows]

    async def neglected_turns(self, now: float, grace: float) -> list[GameRow]:
        """Running games whose pending decision should have been acted on ``grace`` seconds ago and
        is not claimed (or its claim lapsed): an AI seat or an absent person waiting since then, a
        deadline passed, or (a superset, for the caller to sift with ``next_reminder``) a reminder
        perhaps due: past the first reminder's moment, with a reminder still to send. What a process
        that died had in hand is found here."""
        before = now - grace
        rows = await self._rows(
            "SELECT g.* FROM games g JOIN players p ON p.game_id = g.id AND p.seat = g.waiting_seat"
            " WHERE g.status = ? AND g.paused_at IS NULL"
            " AND (g.turn_step IS NULL OR g.turn_step != g.step OR g.turn_until < ?)"
            " AND ((p.ai IS NOT NULL OR p.absent = 1) AND g.waiting_since <= ?"
            " OR g.deadline_step = g.step AND (g.deadline_at <= ? OR g.deadline_limit >= ? AND g.reminded < ?"
            " AND g.deadline_at - g.deadline_limit * ? <= ?))"
            " ORDER BY g.id",
            (RUNNING, now, before, before, REMIND_FROM, len(REMIND_AT), max(REMIND_AT), before), small=False)
        return [_game(row) for row in rows]

    # --- the outbox ----------------------------------------------------------------------------

    async def outbox_targets(self) -> list[str]:
        return [r[0] for r in await self._rows("SELECT DISTINCT target FROM outbox", small=False)]

    async def outbox(self, target: str, limit: int) -> list[OutboxRow]:
        """The oldest waiting rows of a target, in the order they were written."""
        rows = await self._rows(
            "SELECT id, game_id, target, body, attempts, not_before, sending_at, created_at, clicked_at FROM outbox"
            " WHERE target = ? ORDER BY id LIMIT ?", (target, limit))
        return [OutboxRow(r["id"], r["game_id"], r["target"], json.loads(r["body"]), r["attempts"], r["not_before"],
                          r["sending_at"], r["created_at"], r["clicked_at"]) for r in rows]

    async def outbox_size(self) -> int:
        return int((await self._rows("SELECT COUNT(*) FROM outbox", small=False))[0][0])

    # --- the operators' view (table.metrics: read when metrics are scraped, never per click) ----------

    async def ping(self) -> None:
        """A cheap query by each way of reading: raises when the database does not answer it."""
        await self._rows("SELECT 1")
        await self._rows("SELECT 1", small=False)

    async def games_by_status(self) -> dict[str, int]:
        """How many games there are of each status (lobby, running, over, abandoned)."""
        counts = dict.fromkeys((LOBBY, RUNNING, OVER, ABANDONED), 0)
        for status, count in await self._rows("SELECT status, COUNT(*) FROM games GROUP BY status", small=False):
            counts[str(status)] = int(count)
        return counts

    async def outbox_backlog(self) -> tuple[int, float | None]:
        """The outbox's rows waiting, and when the oldest of them was written (``time.time()``)."""
        ((count, oldest),) = await self._rows("SELECT COUNT(*), MIN(created_at) FROM outbox", small=False)
        return int(count), float(oldest) if oldest is not None else None

    async def claims_held(self, holder: str, now: float) -> dict[str, int]:
        """What ``holder`` has claimed and holds at ``now``: turns (a timer or an AI move) and leases
        by kind (``outbox``: a target's messages, ``channel``: replacing a lost channel)."""
        ((turns,),) = await self._rows(
            "SELECT COUNT(*) FROM games WHERE status = ? AND turn_holder = ? AND turn_step = step AND turn_until >= ?",
            (RUNNING, holder, now), small=False)
        held = {"turn": int(turns), "outbox": 0, "channel": 0}
        for (name,) in await self._rows("SELECT name FROM leases WHERE holder = ? AND until >= ?", (holder, now),
                                          small=False):
            kind = str(name).partition(":")[0]
            held[kind] = held.get(kind, 0) + 1
        return held



def process_name() -> str:
    """This process's name among those sharing a database, for what it claims: its host, its pid
    and a random part (a pid is used again after a restart)."""
    return f"{socket.gethostname()}:{os.getpid()}:{secrets.token_hex(4)}"


async def to_the_end(work: Awaitable[T]) -> T:
    """Await ``work`` to its end, even if this task is cancelled meanwhile (then re-raised)."""
    running = asyncio.ensure_future(work)
    cancelled = False
    while not running.done():
        try:
            await asyncio.shield(running)
        except asyncio.CancelledError:
            cancelled = True
    result = running.result()
    if cancelled:
        raise asyncio.CancelledError
    return result
