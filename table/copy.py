"""Move a deployment from SQLite to PostgreSQL: copy every table of a SQLite database into an empty
PostgreSQL one, in one transaction, then read every game back from both and compare.

    python -m table.copy colt-express.sqlite3 postgresql://colt:password@db.example.org/colt

Games keep their ids (buttons already posted name them), so the id sequences are moved past the
copied ones. The target must hold no game (a fresh database: the bot's migrations make its
tables). Stop the bot first: the copy is of one moment. After the copy every game is read back
from both and compared, and so is every table row by row; a difference exits with an error that
names it. The last line says what was copied: ``copied games=… answers=… results=… checked=…``.
"""

from __future__ import annotations

import argparse
import asyncio
import sys
from typing import Any

from table.storage import Storage
from table.storage_pg import PgStorage
from table.store import Conn, StorageError, Store, Tx

# In the order their references need (games first); each with the columns that identify a row.
TABLES: tuple[tuple[str, str], ...] = (
    ("games", "id"),
    ("players", "game_id, seat"),
    ("answers", "game_id, step"),
    ("messages", "game_id, key"),
    ("results", "game_id, user_id"),
    ("people", "user_id"),
    ("ratings", "guild_id, player"),
    ("outbox", "id"),
)
SEQUENCES = (("games", "id"), ("outbox", "id"))  # serial ids: the next new row comes after the copied


async def columns(source: Storage, table: str) -> list[str]:
    return [str(r["name"]) for r in await source._rows(f"PRAGMA table_info({table})", small=False)]


async def rows_of(store: Store, table: str, names: list[str], order: str) -> list[tuple[Any, ...]]:
    sql = f"SELECT {', '.join(names)} FROM {table} ORDER BY {order}"
    return [tuple(r) for r in await store._rows(sql, small=False)]


async def copy(source: Storage, target: PgStorage) -> dict[str, int]:
    """Every table's rows, in one transaction of the target; how many of each."""
    if await target._rows("SELECT 1 FROM games LIMIT 1"):
        raise StorageError("the PostgreSQL database already holds games: copy into an empty one")
    tx, counts = Tx(), {}
    for table, order in TABLES:
        names = await columns(source, table)
        rows = await rows_of(source, table, names, order)
        counts[table] = len(rows)
        if rows:
            sql = f"INSERT INTO {table} ({', '.join(names)}) VALUES ({', '.join('?' * len(names))})"
            tx.writes.append(lambda db, sql=sql, rows=rows: db.executemany(sql, rows))
    for table, column in SEQUENCES:
        tx.writes.append(lambda db, table=table, column=column: _past_copied(db, table, column))
    await target.commit(tx)
    return counts


async def _past_copied(db: Conn, table: str, column: str) -> None:
    await db.fetch(f"SELECT setval(pg_get_serial_sequence('{table}', '{column}'),"
                   f" COALESCE((SELECT MAX({column}) FROM {table}), 0) + 1, false)")


async def check(source: Storage, target: PgStorage) -> tuple[int, list[str]]:
    """Every game read back from both (its row, seats, answers and results) and every other table
    row by row: how many games were compared, and the tables that differ."""
    differ = []
    for table, order in TABLES:
        names = await columns(source, table)
        if await rows_of(source, table, names, order) != await rows_of(target, table, names, order):
            differ.append(table)
    games = await source.games("lobby", "running", "over", "abandoned")
    for game in games:
        copied = await target.game(game.id)
        if (copied != game or await target.players(game.id) != await source.players(game.id)
                or await target.answers(game.id) != await source.answers(game.id)):
            differ.append(f"game {game.id}")
    return len(games), differ


async def main_async(sqlite_path: str, url: str) -> int:
    source = await Storage.open(sqlite_path)
    try:
        target = await PgStorage.open(url)
        try:
            counts = await copy(source, target)
            checked, differ = await check(source, target)
        finally:
            await target.close()
    finally:
        await source.close()
    if differ:
        print(f"the copy differs from the source in: {', '.join(differ)}", file=sys.stderr)
        return 1
    print(f"copied games={counts['games']} answers={counts['answers']} results={counts['results']}"
          f" outbox={counts['outbox']} checked={checked}")
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m table.copy", description=__doc__.split("\n")[0])
    parser.add_argument("sqlite", help="the SQLite database file (COLT_DATABASE of the old deployment)")
    parser.add_argument("postgresql", help="the empty PostgreSQL database's postgresql:// URL")
    args = parser.parse_args(argv)
    try:
        return asyncio.run(main_async(args.sqlite, args.postgresql))
    except StorageError as error:
        print(f"cannot copy: {error}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    raise SystemExit(main())
