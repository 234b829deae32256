"""PostgreSQL storage with asyncpg, for a deployment of several bot processes on one database.

The ``Store`` of table.store, as SQLite's (table.storage): the same noted writes (``Tx``), run here in one
PostgreSQL transaction on a pooled connection; the same reads. The SQL is written once, with
SQLite's ``?`` placeholders, turned into PostgreSQL's ``$1 … $n`` here. A failed compare-and-set
(``StaleStep``) rolls the whole transaction back, as in SQLite. The schema comes from its own
numbered migrations (data/migrations/postgresql), one per SQLite migration, tracked in
``schema_version``; two processes starting at once migrate one after the other (an advisory lock).
"""

from __future__ import annotations

import re
import time
from collections.abc import Sequence
from functools import cache
from typing import Any

import asyncpg

from table.store import MIGRATIONS, StorageError, Store, Tx, migrations, to_the_end

PG_MIGRATIONS = MIGRATIONS / "postgresql"
MIGRATION_LOCK = 7_061_906  # an advisory lock's key: "colt" migrating


@cache
def dollars(sql: str) -> str:
    """``?`` placeholders as PostgreSQL's ``$1 … $n`` (the SQL holds no ``?`` in a string)."""
    count = 0

    def number(_: re.Match[str]) -> str:
        nonlocal count
        count += 1
        return f"${count}"

    return re.sub(r"\?", number, sql)


class PgConn:
    """``Conn`` over one asyncpg connection inside its transaction."""

    def __init__(self, db: asyncpg.Connection) -> None:
        self.db = db

    async def execute(self, sql: str, params: Sequence[Any] = ()) -> int:
        status = await self.db.execute(dollars(sql), *params)
        # "UPDATE 1", "INSERT 0 1", "DELETE 3": the last word counts the rows.
        last = status.rsplit(" ", 1)[-1]
        return int(last) if last.isdigit() else 0

    async def insert(self, sql: str, params: Sequence[Any]) -> int:
        return int(await self.db.fetchval(dollars(sql) + " RETURNING id", *params))

    async def executemany(self, sql: str, rows: Sequence[Sequence[Any]]) -> None:
        await self.db.executemany(dollars(sql), rows)

    async def fetch(self, sql: str, params: Sequence[Any] = ()) -> list[Any]:
        return list(await self.db.fetch(dollars(sql), *params))


class PgStorage(Store):
    """A pool of connections: each transaction and each read takes one for its own time."""

    shared = True  # several bot processes may use one PostgreSQL database

    def __init__(self, pool: asyncpg.Pool) -> None:
        super().__init__()
        self.pool = pool

    @classmethod
    async def open(cls, url: str, *, pool_size: int = 10) -> PgStorage:
        try:
            pool = await asyncpg.create_pool(url, min_size=1, max_size=pool_size)
        except (OSError, asyncpg.PostgresError) as error:
            raise StorageError(f"cannot open the database {_safe(url)}: {error}") from error
        try:
            async with pool.acquire() as db:
                await _migrate(db)
        except BaseException:
            await pool.close()
            raise
        return cls(pool)

    async def close(self) -> None:
        await self.pool.close()

    async def commit(self, tx: Tx) -> list[Any]:
        """Run a transaction's writes in one PostgreSQL transaction; what each returned. Like
        SQLite's, it runs to its end even when the caller is cancelled meanwhile."""
        if not tx.writes:
            return []
        began = time.perf_counter()
        try:
            results = await to_the_end(self._run(tx))
        finally:
            self.transaction_took(time.perf_counter() - began)  # the wait for a pooled connection included
        if tx.targets:
            self.committed(tx.targets)
        return results

    async def _run(self, tx: Tx) -> list[Any]:
        async with self.pool.acquire() as db, db.transaction():
            return await tx.apply(PgConn(db))

    async def _rows(self, sql: str, params: Sequence[Any] = (), *, small: bool = True) -> list[Any]:
        async with self.pool.acquire() as db:
            return list(await db.fetch(dollars(sql), *params))


async def _migrate(db: asyncpg.Connection) -> None:
    """The numbered migrations not yet run, each in its own transaction, one process at a time."""
    await db.execute("SELECT pg_advisory_lock($1)", MIGRATION_LOCK)
    try:
        await db.execute("CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)")
        current = await db.fetchval("SELECT MAX(version) FROM schema_version") or 0
        known = migrations(PG_MIGRATIONS)
        newest = known[-1][0] if known else 0
        if current > newest:
            raise StorageError(f"the database has schema {current}, newer than this bot's {newest}")
        for number, sql in known:
            if number > current:
                async with db.transaction():
                    await db.execute(sql)
                    await db.execute("INSERT INTO schema_version (version) VALUES ($1)", number)
    finally:
        await db.execute("SELECT pg_advisory_unlock($1)", MIGRATION_LOCK)


def _safe(url: str) -> str:
    """A URL fit for a message: without its password."""
    return re.sub(r"//([^:/@]+):[^@]*@", r"//\1:***@", url)
