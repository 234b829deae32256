"""SQLite storage with aiosqlite: WAL, numbered migrations (data/migrations), one writer at a time.

Every change the table makes is written here, in one transaction, before anyone is told about it;
what must then be shown is written in the same transaction (the outbox, ``Tx.enqueue``); after a
crash the database reopens at its last committed state.

Concurrency: coroutines of every game run side by side, and an aiosqlite connection runs whatever
statement reaches it next. So writes go through one connection that ``transaction()`` hands to one
coroutine at a time (a lock owned here), and reads go through a second connection, which in WAL
mode sees only committed data and never waits for a writer. No statement of one coroutine can land
inside another's transaction.
"""

from __future__ import annotations

import asyncio
import json
import re
import time
from collections.abc import AsyncIterator, Awaitable, Callable, Iterable, Sequence
from contextlib import asynccontextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import aiosqlite

from table.config import ROOT

MIGRATIONS = ROOT / "data" / "migrations"
LOBBY, RUNNING, OVER, ABANDONED = "lobby", "running", "over", "abandoned"
START_CLAIM_SECONDS = 120.0  # a Start click's claim on its lobby lapses after this (a crash mid-start)
SQLITE_INTEGER = range(-(2**63), 2**63)  # what an id from outside (a button) must fit in


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
    step: int = 0  # the engine step of the stored snapshot
    waiting_seat: int | None = None  # the seat the pending decision waits for


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
class OutboxRow:
    id: int
    game_id: int | None
    target: str
    body: dict[str, Any]
    attempts: int
    not_before: float
    sending_at: float | None


def migrations() -> list[tuple[int, str]]:
    found = []
    for path in sorted(MIGRATIONS.glob("*.sql")):
        match = re.match(r"(\d+)_", path.name)
        if match:
            found.append((int(match.group(1)), path.read_text(encoding="utf-8")))
    return found


def _game(row: aiosqlite.Row) -> GameRow:
    return GameRow(
        id=row["id"], guild_id=row["guild_id"], lobby_channel_id=row["lobby_channel_id"],
        lobby_message_id=row["lobby_message_id"], channel_id=row["channel_id"], host_id=row["host_id"],
        status=row["status"], options=json.loads(row["options"]), seed=row["seed"],
        snapshot=row["snapshot"], ended_at=row["ended_at"], cleanup_at=row["cleanup_at"],
        language=row["language"], deadline_step=row["deadline_step"], deadline_at=row["deadline_at"],
        step=row["step"], waiting_seat=row["waiting_seat"],
    )


def _player(row: aiosqlite.Row) -> PlayerRow:
    return PlayerRow(row["user_id"], row["seat"], row["character"], bool(row["dm_ok"]), row["ai"], row["missed"],
                     bool(row["absent"]))


PLAYER_COLUMNS = "user_id, seat, character, dm_ok, ai, missed, absent"


class Tx:
    """One transaction: every write of the table, composable (all of it is committed, or none)."""

    def __init__(self, connection: aiosqlite.Connection) -> None:
        self.db = connection
        self.targets: set[str] = set()  # outbox targets with new rows, woken once committed

    async def execute(self, sql: str, params: Sequence[Any] | dict[str, Any] = ()) -> int:
        """Run one statement; the number of rows it changed."""
        async with self.db.execute(sql, params) as cursor:
            return cursor.rowcount

    async def fetch(self, sql: str, params: Sequence[Any] = ()) -> list[aiosqlite.Row]:
        """A read that must see this transaction's own writes."""
        async with self.db.execute(sql, params) as cursor:
            return list(await cursor.fetchall())

    # --- games ---------------------------------------------------------------------------------

    async def create_game(
        self, *, guild_id: int, channel_id: int, host_id: int, options: dict[str, Any], seed: int,
        language: str = "en",
    ) -> int:
        now = time.time()
        async with self.db.execute(
            "INSERT INTO games (guild_id, lobby_channel_id, host_id, status, options, seed, language, created_at,"
            " updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (guild_id, channel_id, host_id, LOBBY, json.dumps(options), seed, language, now, now),
        ) as cursor:
            game_id = int(cursor.lastrowid or 0)
        await self.execute("INSERT INTO players (game_id, user_id, seat) VALUES (?, ?, 0)", (game_id, host_id))
        return game_id

    async def update_game(self, game_id: int, **fields: Any) -> None:
        if "options" in fields:
            fields["options"] = json.dumps(fields["options"])
        fields["updated_at"] = time.time()
        assignments = ", ".join(f"{name} = ?" for name in fields)
        await self.execute(f"UPDATE games SET {assignments} WHERE id = ?", (*fields.values(), game_id))

    async def claim_start(self, game_id: int, now: float) -> bool:
        """Claim an open lobby for starting it; False when someone else's start holds it."""
        changed = await self.execute(
            "UPDATE games SET starting_at = ? WHERE id = ? AND status = ? AND (starting_at IS NULL OR starting_at < ?)",
            (now, game_id, LOBBY, now - START_CLAIM_SECONDS),
        )
        return changed == 1

    # --- players -------------------------------------------------------------------------------

    async def add_player(self, game_id: int, user_id: int | None, *, ai: str | None = None) -> None:
        """A person (``user_id``) or an AI bandit (``ai``, its level) takes the next seat."""
        await self.execute(
            "INSERT INTO players (game_id, user_id, ai, seat) VALUES"
            " (?, ?, ?, (SELECT COALESCE(MAX(seat) + 1, 0) FROM players WHERE game_id = ?))",
            (game_id, user_id, ai, game_id),
        )

    async def remove_seat(self, game_id: int, seat: int) -> None:
        await self.execute("DELETE FROM players WHERE game_id = ? AND seat = ?", (game_id, seat))
        # Seats stay consecutive: the table closes up (in order, so a seat is free when taken).
        seats = [r[0] for r in await self.fetch("SELECT seat FROM players WHERE game_id = ? ORDER BY seat",
                                                (game_id,))]
        for new, old in enumerate(seats):
            if new != old:
                await self.execute("UPDATE players SET seat = ? WHERE game_id = ? AND seat = ?", (new, game_id, old))

    async def set_presence(self, game_id: int, seat: int, *, missed: int, absent: bool) -> None:
        await self.execute("UPDATE players SET missed = ?, absent = ? WHERE game_id = ? AND seat = ?",
                           (missed, int(absent), game_id, seat))

    async def set_character(self, game_id: int, user_id: int, character: str | None) -> None:
        await self.execute("UPDATE players SET character = ? WHERE game_id = ? AND user_id = ?",
                           (character, game_id, user_id))

    async def set_dm_ok(self, game_id: int, user_id: int, ok: bool) -> bool:
        """Whether this changed what was stored (so a closed DM is told once)."""
        changed = await self.execute("UPDATE players SET dm_ok = ? WHERE game_id = ? AND user_id = ? AND dm_ok != ?",
                                     (int(ok), game_id, user_id, int(ok)))
        return changed > 0

    # --- the running game ----------------------------------------------------------------------

    async def start_game(
        self, game_id: int, *, channel_id: int, snapshot: str, step: int, waiting_seat: int | None,
        characters: dict[int, str], deadline: tuple[int, float] | None,
    ) -> None:
        """The dealt game; ``characters`` by seat; ``deadline`` (step, time) of the first decision."""
        deadline_step, deadline_at = deadline or (None, None)
        for seat, character in characters.items():
            await self.execute("UPDATE players SET character = ? WHERE game_id = ? AND seat = ?",
                               (character, game_id, seat))
        await self.execute(
            "UPDATE games SET status = ?, channel_id = ?, snapshot = ?, step = ?, waiting_seat = ?, updated_at = ?,"
            " deadline_step = ?, deadline_at = ?, starting_at = NULL WHERE id = ?",
            (RUNNING, channel_id, snapshot, step, waiting_seat, time.time(), deadline_step, deadline_at, game_id),
        )

    async def save_answer(
        self, game_id: int, *, step: int, seat: int, answer: str, snapshot: str, new_step: int,
        waiting_seat: int | None, results: list[dict[str, Any]], source: str = "player",
        deadline: tuple[int, float] | None = None, presence: tuple[int, bool] | None = None,
    ) -> None:
        """The answer to decision ``step``, the state it led to (at ``new_step``), the next deadline,
        the answering seat's presence (missed, absent) when it changed and, at the end, the results.

        Written only where the stored game is still running at ``step`` (compare-and-set): else
        ``StaleStep`` and nothing is written."""
        now = time.time()
        deadline_step, deadline_at = deadline or (None, None)
        over = bool(results)
        changed = await self.execute(
            "UPDATE games SET snapshot = ?, step = ?, waiting_seat = ?, deadline_step = ?, deadline_at = ?,"
            " updated_at = ?, status = CASE WHEN ? THEN ? ELSE status END,"
            " ended_at = CASE WHEN ? THEN ? ELSE ended_at END"
            " WHERE id = ? AND step = ? AND status = ?",
            (snapshot, new_step, waiting_seat, deadline_step, deadline_at, now, over, OVER, over, now,
             game_id, step, RUNNING),
        )
        if changed != 1:
            raise StaleStep(f"game {game_id} is no longer at step {step}")
        await self.execute("INSERT INTO answers (game_id, step, seat, answer, source, at) VALUES (?, ?, ?, ?, ?, ?)",
                           (game_id, step, seat, answer, source, now))
        if presence is not None:
            await self.set_presence(game_id, seat, missed=presence[0], absent=presence[1])
        if results:
            await self.db.executemany(
                "INSERT INTO results (game_id, guild_id, user_id, character, score, won, gunslinger)"
                " VALUES (:game_id, :guild_id, :user_id, :character, :score, :won, :gunslinger)",
                results,
            )

    # --- messages to edit later ----------------------------------------------------------------

    async def set_message(self, game_id: int, key: str, channel_id: int, message_id: int,
                          digest: str | None = None) -> None:
        await self.execute(
            "INSERT INTO messages (game_id, key, channel_id, message_id, digest) VALUES (?, ?, ?, ?, ?)"
            " ON CONFLICT (game_id, key) DO UPDATE SET channel_id = excluded.channel_id,"
            " message_id = excluded.message_id, digest = excluded.digest",
            (game_id, key, channel_id, message_id, digest),
        )

    async def forget_message(self, game_id: int, key: str) -> None:
        await self.execute("DELETE FROM messages WHERE game_id = ? AND key = ?", (game_id, key))

    async def forget_messages(self, game_id: int, keys: Iterable[str] | None = None) -> None:
        """Forget messages of a game (all of them, or those ``keys``): they are gone."""
        if keys is None:
            await self.execute("DELETE FROM messages WHERE game_id = ?", (game_id,))
            return
        for key in keys:
            await self.forget_message(game_id, key)

    # --- people's languages -------------------------------------------------------------------

    async def set_locale(self, user_id: int, locale: str) -> None:
        await self.execute("INSERT INTO people (user_id, locale) VALUES (?, ?)"
                           " ON CONFLICT (user_id) DO UPDATE SET locale = excluded.locale", (user_id, locale))

    async def set_language(self, user_id: int, language: str | None) -> None:
        await self.execute("INSERT INTO people (user_id, language) VALUES (?, ?)"
                           " ON CONFLICT (user_id) DO UPDATE SET language = excluded.language", (user_id, language))

    # --- the outbox ----------------------------------------------------------------------------

    async def enqueue(self, deliveries: Iterable[Delivery]) -> None:
        """Write what must be shown (its targets are woken once this transaction is committed)."""
        now = time.time()
        for d in deliveries:
            await self.execute("INSERT INTO outbox (game_id, target, body, created_at) VALUES (?, ?, ?, ?)",
                               (d.game_id, d.target, json.dumps(d.body, separators=(",", ":")), now))
            self.targets.add(d.target)

    async def delivered(self, ids: Iterable[int]) -> None:
        for row_id in ids:
            await self.execute("DELETE FROM outbox WHERE id = ?", (row_id,))

    async def retry_later(self, ids: Iterable[int], not_before: float) -> None:
        for row_id in ids:
            await self.execute("UPDATE outbox SET attempts = attempts + 1, not_before = ?, sending_at = NULL"
                               " WHERE id = ?", (not_before, row_id))

    async def sending(self, ids: Iterable[int], now: float) -> None:
        for row_id in ids:
            await self.execute("UPDATE outbox SET sending_at = ? WHERE id = ?", (now, row_id))


class Storage:
    def __init__(self, writer: aiosqlite.Connection, reader: aiosqlite.Connection) -> None:
        self.writer, self.reader = writer, reader
        self._write = asyncio.Lock()  # one transaction at a time on the writer connection
        # Told the outbox targets with new rows right after each commit (the outbox wakes them).
        self.committed: Callable[[set[str]], None] = lambda targets: None

    @classmethod
    async def open(cls, path: Path | str) -> Storage:
        writer = await _connect(path)
        try:
            await _migrate(writer)
            reader = await _connect(path)
        except StorageError:
            await writer.close()
            raise
        except Exception as error:
            await writer.close()
            raise StorageError(f"the database {path} cannot be read: {error}") from error
        return cls(writer, reader)

    async def close(self) -> None:
        async with self._write:
            await self.reader.close()
            await self.writer.close()

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[Tx]:
        """One atomic write: all of it is committed, or none of it; nothing else runs inside it.

        Its BEGIN, ROLLBACK and COMMIT run to their end even when the caller is cancelled (the
        cancellation goes on after them): the next transaction never finds this one still open."""
        async with self._write:
            tx = Tx(self.writer)
            try:
                await _to_the_end(self.writer.execute("BEGIN IMMEDIATE"))
                yield tx
            except BaseException:
                if self.writer.in_transaction:
                    await _to_the_end(self.writer.execute("ROLLBACK"))
                raise
            try:
                await _to_the_end(self.writer.execute("COMMIT"))
            finally:
                if tx.targets and not self.writer.in_transaction:
                    self.committed(tx.targets)

    async def _rows(self, sql: str, params: Sequence[Any] = ()) -> list[aiosqlite.Row]:
        """One read, run to its end in one call: a statement left open between two awaits (while
        other coroutines read too) would hold the reader's snapshot, and later reads would miss what
        was committed since."""
        return list(await self.reader.execute_fetchall(sql, params))

    # --- single writes, each its own transaction ------------------------------------------------

    async def create_game(self, **fields: Any) -> int:
        async with self.transaction() as tx:
            return await tx.create_game(**fields)

    async def update_game(self, game_id: int, **fields: Any) -> None:
        async with self.transaction() as tx:
            await tx.update_game(game_id, **fields)

    async def set_locale(self, user_id: int, locale: str) -> None:
        async with self.transaction() as tx:
            await tx.set_locale(user_id, locale)

    async def set_language(self, user_id: int, language: str | None) -> None:
        async with self.transaction() as tx:
            await tx.set_language(user_id, language)

    async def enqueue(self, deliveries: Iterable[Delivery]) -> None:
        async with self.transaction() as tx:
            await tx.enqueue(deliveries)

    # --- reading -------------------------------------------------------------------------------

    async def game(self, game_id: int) -> GameRow | None:
        if game_id not in SQLITE_INTEGER:
            return None  # an id no game can have (a crafted button)
        rows = await self._rows("SELECT * FROM games WHERE id = ?", (game_id,))
        return _game(rows[0]) if rows else None

    async def games(self, *statuses: str, guild_id: int | None = None) -> list[GameRow]:
        sql = f"SELECT * FROM games WHERE status IN ({', '.join('?' * len(statuses))})"
        params: list[Any] = list(statuses)
        if guild_id is not None:
            sql += " AND guild_id = ?"
            params.append(guild_id)
        return [_game(row) for row in await self._rows(sql + " ORDER BY id", params)]

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

    async def players(self, game_id: int) -> list[PlayerRow]:
        rows = await self._rows(f"SELECT {PLAYER_COLUMNS} FROM players WHERE game_id = ? ORDER BY seat", (game_id,))
        return [_player(r) for r in rows]

    async def players_of(self, game_ids: Sequence[int]) -> dict[int, list[PlayerRow]]:
        """The seats of many games in one query (resuming a thousand games after a restart)."""
        found: dict[int, list[PlayerRow]] = {game_id: [] for game_id in game_ids}
        rows = await self._rows(f"SELECT game_id, {PLAYER_COLUMNS} FROM players ORDER BY game_id, seat")
        for row in rows:
            if row["game_id"] in found:
                found[row["game_id"]].append(_player(row))
        return found

    async def answers(self, game_id: int) -> list[str]:
        return [r[0] for r in await self._rows("SELECT answer FROM answers WHERE game_id = ? ORDER BY step",
                                               (game_id,))]

    async def message(self, game_id: int, key: str) -> tuple[int, int, str | None] | None:
        """A remembered message: (channel id, message id, digest of its pictures)."""
        rows = await self._rows("SELECT channel_id, message_id, digest FROM messages WHERE game_id = ? AND key = ?",
                                (game_id, key))
        return (rows[0][0], rows[0][1], rows[0][2]) if rows else None

    async def person(self, user_id: int) -> tuple[str | None, str | None]:
        """A person's Discord locale as last seen and the language they chose (None: not set)."""
        rows = await self._rows("SELECT locale, language FROM people WHERE user_id = ?", (user_id,))
        return (rows[0]["locale"], rows[0]["language"]) if rows else (None, None)

    async def stats(self, guild_id: int) -> list[dict[str, Any]]:
        rows = await self._rows(
            "SELECT user_id, COUNT(*) AS games, SUM(won) AS wins, SUM(gunslinger) AS gunslingers,"
            " MAX(score) AS best FROM results WHERE guild_id = ? GROUP BY user_id"
            " ORDER BY wins DESC, gunslingers DESC, games DESC",
            (guild_id,),
        )
        return [dict(r) for r in rows]

    # --- the outbox ----------------------------------------------------------------------------

    async def outbox_targets(self) -> list[str]:
        return [r[0] for r in await self._rows("SELECT DISTINCT target FROM outbox")]

    async def outbox(self, target: str, limit: int) -> list[OutboxRow]:
        """The oldest waiting rows of a target, in the order they were written."""
        rows = await self._rows(
            "SELECT id, game_id, target, body, attempts, not_before, sending_at FROM outbox WHERE target = ?"
            " ORDER BY id LIMIT ?", (target, limit))
        return [OutboxRow(r["id"], r["game_id"], r["target"], json.loads(r["body"]), r["attempts"], r["not_before"],
                          r["sending_at"]) for r in rows]

    async def outbox_size(self) -> int:
        return int((await self._rows("SELECT COUNT(*) FROM outbox"))[0][0])


async def _to_the_end(statement: Awaitable[Any]) -> None:
    """Await ``statement`` to its end, even if this task is cancelled meanwhile (then re-raised)."""
    running = asyncio.ensure_future(statement)
    cancelled = False
    while not running.done():
        try:
            await asyncio.shield(running)
        except asyncio.CancelledError:
            cancelled = True
    running.result()
    if cancelled:
        raise asyncio.CancelledError


async def _connect(path: Path | str) -> aiosqlite.Connection:
    try:
        connection = await aiosqlite.connect(str(path), isolation_level=None)
    except Exception as error:  # aiosqlite wraps sqlite3 errors
        raise StorageError(f"cannot open the database {path}: {error}") from error
    connection.row_factory = aiosqlite.Row
    try:
        for pragma in ("journal_mode = WAL", "foreign_keys = ON", "busy_timeout = 5000"):
            async with connection.execute(f"PRAGMA {pragma}") as cursor:
                await cursor.fetchall()
    except Exception as error:
        await connection.close()
        raise StorageError(f"the database {path} cannot be read: {error}") from error
    return connection


async def _migrate(db: aiosqlite.Connection) -> None:
    async with db.execute("PRAGMA user_version") as cursor:
        row = await cursor.fetchone()
    current = int(row[0]) if row else 0
    known = migrations()
    newest = known[-1][0] if known else 0
    if current > newest:
        raise StorageError(f"the database has schema {current}, newer than this bot's {newest}")
    for number, sql in known:
        if number > current:
            await db.executescript(f"BEGIN;\n{sql}\nPRAGMA user_version = {number};\nCOMMIT;")
