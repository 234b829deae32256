"""SQLite storage with aiosqlite: one connection, WAL, numbered migrations (data/migrations).

Every change the table makes is written here, in one transaction, before anyone is told about
it; after a crash the database reopens at its last committed state.
"""

from __future__ import annotations

import json
import re
import time
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import aiosqlite

from table.config import ROOT

MIGRATIONS = ROOT / "data" / "migrations"
LOBBY, RUNNING, OVER, ABANDONED = "lobby", "running", "over", "abandoned"


class StorageError(Exception):
    """The database cannot be used (a newer schema, a corrupt file)."""


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


def migrations() -> list[tuple[int, str]]:
    found = []
    for path in sorted(MIGRATIONS.glob("*.sql")):
        match = re.match(r"(\d+)_", path.name)
        if match:
            found.append((int(match.group(1)), path.read_text(encoding="utf-8")))
    return found


class Storage:
    def __init__(self, connection: aiosqlite.Connection) -> None:
        self.db = connection

    @classmethod
    async def open(cls, path: Path | str) -> Storage:
        try:
            connection = await aiosqlite.connect(str(path), isolation_level=None)
        except Exception as error:  # aiosqlite wraps sqlite3 errors
            raise StorageError(f"cannot open the database {path}: {error}") from error
        connection.row_factory = aiosqlite.Row
        storage = cls(connection)
        try:
            for pragma in ("journal_mode = WAL", "foreign_keys = ON", "busy_timeout = 5000"):
                async with connection.execute(f"PRAGMA {pragma}") as cursor:
                    await cursor.fetchall()
            await storage._migrate()
        except StorageError:
            await connection.close()
            raise
        except Exception as error:
            await connection.close()
            raise StorageError(f"the database {path} cannot be read: {error}") from error
        return storage

    async def close(self) -> None:
        await self.db.close()

    async def _migrate(self) -> None:
        async with self.db.execute("PRAGMA user_version") as cursor:
            row = await cursor.fetchone()
        current = int(row[0]) if row else 0
        known = migrations()
        newest = known[-1][0] if known else 0
        if current > newest:
            raise StorageError(f"the database has schema {current}, newer than this bot's {newest}")
        for number, sql in known:
            if number > current:
                await self.db.executescript(f"BEGIN;\n{sql}\nPRAGMA user_version = {number};\nCOMMIT;")

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[aiosqlite.Connection]:
        """One atomic write: all of it is committed, or none of it."""
        await self.db.execute("BEGIN IMMEDIATE")
        try:
            yield self.db
        except BaseException:
            await self.db.execute("ROLLBACK")
            raise
        await self.db.execute("COMMIT")

    # --- games ---------------------------------------------------------------------------------

    @staticmethod
    def _game(row: aiosqlite.Row) -> GameRow:
        return GameRow(
            id=row["id"], guild_id=row["guild_id"], lobby_channel_id=row["lobby_channel_id"],
            lobby_message_id=row["lobby_message_id"], channel_id=row["channel_id"], host_id=row["host_id"],
            status=row["status"], options=json.loads(row["options"]), seed=row["seed"],
            snapshot=row["snapshot"], ended_at=row["ended_at"], cleanup_at=row["cleanup_at"],
            language=row["language"], deadline_step=row["deadline_step"], deadline_at=row["deadline_at"],
        )

    async def create_game(
        self, *, guild_id: int, channel_id: int, host_id: int, options: dict[str, Any], seed: int,
        language: str = "en",
    ) -> int:
        now = time.time()
        async with self.transaction() as db:
            cursor = await db.execute(
                "INSERT INTO games (guild_id, lobby_channel_id, host_id, status, options, seed, language, created_at,"
                " updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (guild_id, channel_id, host_id, LOBBY, json.dumps(options), seed, language, now, now),
            )
            game_id = int(cursor.lastrowid or 0)
            await db.execute(
                "INSERT INTO players (game_id, user_id, seat) VALUES (?, ?, 0)", (game_id, host_id)
            )
        return game_id

    async def game(self, game_id: int) -> GameRow | None:
        async with self.db.execute("SELECT * FROM games WHERE id = ?", (game_id,)) as cursor:
            row = await cursor.fetchone()
        return self._game(row) if row else None

    async def games(self, *statuses: str, guild_id: int | None = None) -> list[GameRow]:
        sql = f"SELECT * FROM games WHERE status IN ({', '.join('?' * len(statuses))})"
        params: list[Any] = list(statuses)
        if guild_id is not None:
            sql += " AND guild_id = ?"
            params.append(guild_id)
        async with self.db.execute(sql + " ORDER BY id", params) as cursor:
            return [self._game(row) for row in await cursor.fetchall()]

    async def game_in_channel(self, channel_id: int) -> GameRow | None:
        async with self.db.execute(
            "SELECT * FROM games WHERE (channel_id = ? OR lobby_channel_id = ?) AND status IN (?, ?)"
            " ORDER BY channel_id = ? DESC, id DESC LIMIT 1",
            (channel_id, channel_id, LOBBY, RUNNING, channel_id),
        ) as cursor:
            row = await cursor.fetchone()
        return self._game(row) if row else None

    async def games_of_user(self, user_id: int, *statuses: str) -> list[GameRow]:
        async with self.db.execute(
            f"SELECT g.* FROM games g JOIN players p ON p.game_id = g.id WHERE p.user_id = ?"
            f" AND g.status IN ({', '.join('?' * len(statuses))}) ORDER BY g.id",
            (user_id, *statuses),
        ) as cursor:
            return [self._game(row) for row in await cursor.fetchall()]

    async def update_game(self, game_id: int, **fields: Any) -> None:
        if "options" in fields:
            fields["options"] = json.dumps(fields["options"])
        fields["updated_at"] = time.time()
        assignments = ", ".join(f"{name} = ?" for name in fields)
        async with self.transaction() as db:
            await db.execute(f"UPDATE games SET {assignments} WHERE id = ?", (*fields.values(), game_id))

    # --- players -------------------------------------------------------------------------------

    async def players(self, game_id: int) -> list[PlayerRow]:
        async with self.db.execute(
            "SELECT user_id, seat, character, dm_ok, ai, missed, absent FROM players WHERE game_id = ?"
            " ORDER BY seat", (game_id,)
        ) as cursor:
            return [PlayerRow(r["user_id"], r["seat"], r["character"], bool(r["dm_ok"]), r["ai"], r["missed"],
                              bool(r["absent"]))
                    for r in await cursor.fetchall()]

    async def add_player(self, game_id: int, user_id: int | None, *, ai: str | None = None) -> None:
        """A person (``user_id``) or an AI bandit (``ai``, its level) takes the next seat."""
        async with self.transaction() as db:
            await db.execute(
                "INSERT INTO players (game_id, user_id, ai, seat) VALUES"
                " (?, ?, ?, (SELECT COALESCE(MAX(seat) + 1, 0) FROM players WHERE game_id = ?))",
                (game_id, user_id, ai, game_id),
            )

    async def remove_seat(self, game_id: int, seat: int) -> None:
        async with self.transaction() as db:
            await db.execute("DELETE FROM players WHERE game_id = ? AND seat = ?", (game_id, seat))
            # Seats stay consecutive: the table closes up (in order, so a seat is free when taken).
            async with db.execute(
                "SELECT seat FROM players WHERE game_id = ? ORDER BY seat", (game_id,)
            ) as cursor:
                seats = [r[0] for r in await cursor.fetchall()]
            for new, old in enumerate(seats):
                if new != old:
                    await db.execute(
                        "UPDATE players SET seat = ? WHERE game_id = ? AND seat = ?", (new, game_id, old)
                    )

    async def set_presence(self, game_id: int, seat: int, *, missed: int, absent: bool) -> None:
        async with self.transaction() as db:
            await db.execute(
                "UPDATE players SET missed = ?, absent = ? WHERE game_id = ? AND seat = ?",
                (missed, int(absent), game_id, seat),
            )

    async def set_character(self, game_id: int, user_id: int, character: str | None) -> None:
        async with self.transaction() as db:
            await db.execute(
                "UPDATE players SET character = ? WHERE game_id = ? AND user_id = ?", (character, game_id, user_id)
            )

    async def set_dm_ok(self, game_id: int, user_id: int, ok: bool) -> None:
        async with self.transaction() as db:
            await db.execute(
                "UPDATE players SET dm_ok = ? WHERE game_id = ? AND user_id = ?", (int(ok), game_id, user_id)
            )

    # --- the running game ----------------------------------------------------------------------

    async def start_game(
        self, game_id: int, *, channel_id: int, snapshot: str, characters: dict[int, str],
        deadline: tuple[int, float] | None,
    ) -> None:
        """The dealt game; ``characters`` by seat; ``deadline`` (step, time) of the first decision."""
        step, at = deadline or (None, None)
        async with self.transaction() as db:
            for seat, character in characters.items():
                await db.execute(
                    "UPDATE players SET character = ? WHERE game_id = ? AND seat = ?", (character, game_id, seat)
                )
            await db.execute(
                "UPDATE games SET status = ?, channel_id = ?, snapshot = ?, updated_at = ?, deadline_step = ?,"
                " deadline_at = ? WHERE id = ?",
                (RUNNING, channel_id, snapshot, time.time(), step, at, game_id),
            )

    async def save_answer(
        self, game_id: int, *, step: int, seat: int, answer: str, snapshot: str, results: list[dict[str, Any]],
        source: str = "player", deadline: tuple[int, float] | None = None, presence: tuple[int, bool] | None = None,
    ) -> None:
        """The answer, the state it led to, the next deadline, the answering seat's presence
        (missed, absent) when it changed and, at the end, the results: one transaction."""
        now = time.time()
        deadline_step, deadline_at = deadline or (None, None)
        async with self.transaction() as db:
            await db.execute(
                "INSERT INTO answers (game_id, step, seat, answer, source, at) VALUES (?, ?, ?, ?, ?, ?)",
                (game_id, step, seat, answer, source, now),
            )
            await db.execute(
                "UPDATE games SET deadline_step = ?, deadline_at = ? WHERE id = ?",
                (deadline_step, deadline_at, game_id),
            )
            if presence is not None:
                await db.execute(
                    "UPDATE players SET missed = ?, absent = ? WHERE game_id = ? AND seat = ?",
                    (presence[0], int(presence[1]), game_id, seat),
                )
            if results:
                await db.execute(
                    "UPDATE games SET snapshot = ?, status = ?, ended_at = ?, updated_at = ? WHERE id = ?",
                    (snapshot, OVER, now, now, game_id),
                )
                await db.executemany(
                    "INSERT INTO results (game_id, guild_id, user_id, character, score, won, gunslinger)"
                    " VALUES (:game_id, :guild_id, :user_id, :character, :score, :won, :gunslinger)",
                    results,
                )
            else:
                await db.execute(
                    "UPDATE games SET snapshot = ?, updated_at = ? WHERE id = ?", (snapshot, now, game_id)
                )

    async def answers(self, game_id: int) -> list[str]:
        async with self.db.execute(
            "SELECT answer FROM answers WHERE game_id = ? ORDER BY step", (game_id,)
        ) as cursor:
            return [r[0] for r in await cursor.fetchall()]

    # --- messages to edit later ----------------------------------------------------------------

    async def message(self, game_id: int, key: str) -> tuple[int, int] | None:
        async with self.db.execute(
            "SELECT channel_id, message_id FROM messages WHERE game_id = ? AND key = ?", (game_id, key)
        ) as cursor:
            row = await cursor.fetchone()
        return (row[0], row[1]) if row else None

    async def set_message(self, game_id: int, key: str, channel_id: int, message_id: int) -> None:
        async with self.transaction() as db:
            await db.execute(
                "INSERT INTO messages (game_id, key, channel_id, message_id) VALUES (?, ?, ?, ?)"
                " ON CONFLICT (game_id, key) DO UPDATE SET channel_id = excluded.channel_id,"
                " message_id = excluded.message_id",
                (game_id, key, channel_id, message_id),
            )

    async def forget_message(self, game_id: int, key: str) -> None:
        async with self.transaction() as db:
            await db.execute("DELETE FROM messages WHERE game_id = ? AND key = ?", (game_id, key))

    async def forget_messages(self, game_id: int) -> None:
        """Forget every message of a game (they are gone, e.g. with the last local table)."""
        async with self.transaction() as db:
            await db.execute("DELETE FROM messages WHERE game_id = ?", (game_id,))

    # --- people's languages -------------------------------------------------------------------

    async def person(self, user_id: int) -> tuple[str | None, str | None]:
        """A person's Discord locale as last seen and the language they chose (None: not set)."""
        async with self.db.execute("SELECT locale, language FROM people WHERE user_id = ?", (user_id,)) as cursor:
            row = await cursor.fetchone()
        return (row["locale"], row["language"]) if row else (None, None)

    async def set_locale(self, user_id: int, locale: str) -> None:
        async with self.transaction() as db:
            await db.execute(
                "INSERT INTO people (user_id, locale) VALUES (?, ?)"
                " ON CONFLICT (user_id) DO UPDATE SET locale = excluded.locale", (user_id, locale))

    async def set_language(self, user_id: int, language: str | None) -> None:
        async with self.transaction() as db:
            await db.execute(
                "INSERT INTO people (user_id, language) VALUES (?, ?)"
                " ON CONFLICT (user_id) DO UPDATE SET language = excluded.language", (user_id, language))

    # --- stats ---------------------------------------------------------------------------------

    async def stats(self, guild_id: int) -> list[dict[str, Any]]:
        async with self.db.execute(
            "SELECT user_id, COUNT(*) AS games, SUM(won) AS wins, SUM(gunslinger) AS gunslingers,"
            " MAX(score) AS best FROM results WHERE guild_id = ? GROUP BY user_id"
            " ORDER BY wins DESC, gunslingers DESC, games DESC",
            (guild_id,),
        ) as cursor:
            return [dict(r) for r in await cursor.fetchall()]
