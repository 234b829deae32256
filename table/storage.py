"""The SQLite backend, the embedded default: WAL, numbered migrations (data/migrations), one
writing transaction at a time, on the event loop's thread.

Every change the table makes is written here, in one transaction, before anyone is told about it
(``table.store``: the noted transactions, the rows, the interface both backends share); after a
crash the database reopens at its last committed state.

Concurrency: coroutines of every game run side by side. A transaction is noted first (``Tx``: its
methods only record writes) and then run whole, BEGIN to COMMIT, in one call; so no statement of
one coroutine can land inside another's transaction, and a transaction holds the database only
for as long as its statements take (never while the event loop serves other games, which under
load made every write wait seconds). Reads go through connections of their own, which in WAL mode
see only committed data and never wait for the writer.
"""

from __future__ import annotations

import asyncio
import logging
import sqlite3
import time
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import aiosqlite

from table.config import is_url
from table.store import StorageError, Store, Tx, migrations, to_the_end

log = logging.getLogger(__name__)

class Storage(Store):
    """SQLite, the embedded default. A transaction is one call that runs all its writes, on the
    event loop's thread through the ``inline`` connection: it takes a fraction of a millisecond,
    less than handing it to a thread and waiting for the GIL to come back (issue 29: that hand-over
    was a good part of the event loop's time at 200 games). When another connection holds the
    write lock (another process on the same file), the transaction goes instead to the ``writer``
    connection on its own thread, which waits for the lock; so do the ones after it until it is
    done, so that transactions commit in the order they were asked for (outbox rows keep their
    order). The inline connection never checkpoints the log (that would stop the event loop while
    pages are written): the writer's thread does, every ``CHECKPOINT_EVERY`` transactions.

    Small reads (``_rows``) run at once on the event loop's thread through a read-only connection:
    a row found by key takes microseconds, far less than handing it to a thread (under load a
    reader thread was busy 90% of the time doing little else). Scans, and a small read that finds
    the database busy, go through an aiosqlite connection on a thread of its own."""

    def __init__(self, writer: sqlite3.Connection, thread: ThreadPoolExecutor, reader: aiosqlite.Connection,
                 quick: sqlite3.Connection, inline: sqlite3.Connection) -> None:
        super().__init__()
        self.writer, self._thread, self.reader, self.quick, self.inline = writer, thread, reader, quick, inline
        self._in_thread = 0  # transactions handed to the writer's thread and not done yet
        self._since_checkpoint = 0  # inline transactions since the log was last checkpointed
        self._checkpoint: asyncio.Future[Any] | None = None

    @classmethod
    async def open(cls, path: Path | str) -> Storage:
        thread = ThreadPoolExecutor(1, thread_name_prefix="colt-db-writer")
        loop = asyncio.get_running_loop()
        try:
            writer = await loop.run_in_executor(thread, _open_writer, str(path))
        except BaseException:
            thread.shutdown()
            raise
        try:
            reader = await _connect_reader(path)
        except BaseException:
            await loop.run_in_executor(thread, writer.close)
            thread.shutdown()
            raise
        return cls(writer, thread, reader, _open_quick(str(path)), _open_inline(str(path)))

    async def close(self) -> None:
        self.quick.close()
        self.inline.close()
        if self._checkpoint is not None:
            await to_the_end(self._checkpoint)
        await self.reader.close()
        await to_the_end(asyncio.get_running_loop().run_in_executor(self._thread, self.writer.close))
        self._thread.shutdown()

    async def commit(self, tx: Tx) -> list[Any]:
        """Run a transaction's writes; what each returned. It runs to its end (and its targets are
        woken) even when the caller is cancelled meanwhile: the cancellation goes on after it."""
        if not tx.writes:
            return []
        began = time.perf_counter()
        if not self._in_thread and self._began_inline():
            try:
                results = tx.run_begun(self.inline)
            finally:
                self.transaction_took(time.perf_counter() - began)
            self._checkpoint_now_and_then()
            if tx.targets:
                self.committed(tx.targets)
            return results
        self._in_thread += 1
        work = asyncio.get_running_loop().run_in_executor(self._thread, tx.run, self.writer)
        work.add_done_callback(self._thread_done)
        try:
            return await to_the_end(work)
        finally:
            self.transaction_took(time.perf_counter() - began)  # the wait for the writer's thread included
            if tx.targets and work.done() and not work.cancelled() and work.exception() is None:
                self.committed(tx.targets)

    def _began_inline(self) -> bool:
        """A transaction begun on the inline connection; False when another connection holds the
        write lock (nothing was written: the writer's thread waits for it instead)."""
        try:
            self.inline.execute("BEGIN IMMEDIATE")
        except sqlite3.OperationalError as error:
            if error.sqlite_errorcode in (sqlite3.SQLITE_BUSY, sqlite3.SQLITE_LOCKED):
                return False
            raise
        return True

    def _thread_done(self, _work: asyncio.Future[Any]) -> None:
        self._in_thread -= 1

    def _checkpoint_now_and_then(self) -> None:
        """Every ``CHECKPOINT_EVERY`` inline transactions, the log is copied into the database on the
        writer's thread (a passive checkpoint: it waits for nobody, and nobody waits for it)."""
        self._since_checkpoint += 1
        if self._since_checkpoint < CHECKPOINT_EVERY or (self._checkpoint is not None and not self._checkpoint.done()):
            return
        self._since_checkpoint = 0
        self._checkpoint = asyncio.get_running_loop().run_in_executor(self._thread, _checkpoint, self.writer)
        self._checkpoint.add_done_callback(_checkpointed)

    async def _rows(self, sql: str, params: Sequence[Any] = (), *, small: bool = True) -> list[sqlite3.Row]:
        """One read, run to its end in one call: a statement left open between two awaits (while
        other coroutines read too) would hold the reader's snapshot, and later reads would miss what
        was committed since."""
        if small:
            try:
                return self.quick.execute(sql, params).fetchall()
            except sqlite3.OperationalError as error:
                if error.sqlite_errorcode not in (sqlite3.SQLITE_BUSY, sqlite3.SQLITE_LOCKED):
                    raise
                # never waited for on the event loop's thread: the reader's thread waits instead
        return list(await self.reader.execute_fetchall(sql, params))

async def open_store(database: str | Path) -> Store:
    """The storage ``COLT_DATABASE`` names: a ``postgresql://`` URL (table.storage_pg), or a SQLite
    file's path (the embedded default)."""
    if is_url(database):
        from table.storage_pg import PgStorage

        return await PgStorage.open(str(database))
    return await Storage.open(database)


PRAGMAS = ("journal_mode = WAL", "synchronous = NORMAL", "foreign_keys = ON", "busy_timeout = 5000")
CHECKPOINT_EVERY = 200  # inline transactions between two checkpoints of the log (``Storage``)


def _open_writer(path: str) -> sqlite3.Connection:
    """On the writer's thread: the connection, its pragmas, the migrations."""
    try:
        db = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
    except sqlite3.Error as error:
        raise StorageError(f"cannot open the database {path}: {error}") from error
    try:
        for pragma in PRAGMAS:
            db.execute(f"PRAGMA {pragma}").fetchall()
        _migrate(db)
    except StorageError:
        db.close()
        raise
    except Exception as error:
        db.close()
        raise StorageError(f"the database {path} cannot be read: {error}") from error
    return db


def _open_inline(path: str) -> sqlite3.Connection:
    """The connection of transactions on the event loop's thread: never waiting for a lock, never
    checkpointing (``Storage``)."""
    db = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
    for pragma in ("synchronous = NORMAL", "foreign_keys = ON", "busy_timeout = 0", "wal_autocheckpoint = 0"):
        db.execute(f"PRAGMA {pragma}").fetchall()
    return db


def _checkpoint(db: sqlite3.Connection) -> None:
    db.execute("PRAGMA wal_checkpoint(PASSIVE)").fetchall()


def _checkpointed(done: asyncio.Future[Any]) -> None:
    """A checkpoint that failed is only logged: the next one copies what it did not."""
    if not done.cancelled() and done.exception() is not None:
        log.warning("checkpointing the database's log failed: %s", done.exception())


def _open_quick(path: str) -> sqlite3.Connection:
    """The connection of small reads on the event loop's thread: read-only, and never waiting for a
    lock (a busy database raises at once, and the read goes to the reader's thread)."""
    db = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
    db.row_factory = sqlite3.Row
    for pragma in ("synchronous = NORMAL", "busy_timeout = 0", "query_only = ON"):
        db.execute(f"PRAGMA {pragma}").fetchall()
    return db


async def _connect_reader(path: Path | str) -> aiosqlite.Connection:
    try:
        connection = await aiosqlite.connect(str(path), isolation_level=None)
    except Exception as error:  # aiosqlite wraps sqlite3 errors
        raise StorageError(f"cannot open the database {path}: {error}") from error
    connection.row_factory = aiosqlite.Row
    try:
        for pragma in PRAGMAS:
            await connection.execute_fetchall(f"PRAGMA {pragma}")
    except Exception as error:
        await connection.close()
        raise StorageError(f"the database {path} cannot be read: {error}") from error
    return connection


def _migrate(db: sqlite3.Connection) -> None:
    row = db.execute("PRAGMA user_version").fetchone()
    current = int(row[0]) if row else 0
    known = migrations()
    newest = known[-1][0] if known else 0
    if current > newest:
        raise StorageError(f"the database has schema {current}, newer than this bot's {newest}")
    for number, sql in known:
        if number > current:
            db.executescript(f"BEGIN;\n{sql}\nPRAGMA user_version = {number};\nCOMMIT;")
