"""Storage: numbered migrations, clear errors, and a crash in the middle of writing loses nothing
that was committed (SIGKILL of a writing process)."""

from __future__ import annotations

import asyncio
import json
import os
import signal
import sqlite3
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from table.storage import Storage
from table.store import Delivery, StaleStep, StorageError, migrations

ROOT = Path(__file__).resolve().parents[2]

WRITER = textwrap.dedent("""
    import asyncio, json, sys
    sys.path.insert(0, {root!r})
    from table.storage import Storage

    async def main():
        storage = await Storage.open({db!r})
        game = await storage.create_game(guild_id=1, channel_id=2, host_id=3, options={{}}, seed=4)
        await storage.update_game(game, status="running")
        step = 0
        while True:
            async with storage.transaction() as tx:
                tx.save_answer(game, step=step, seat=0, answer="plan draw", new_step=step + 1, waiting_seat=0,
                                     snapshot=json.dumps({{"step": step + 1, "pad": "x" * 4000}}), results=[])
            step += 1
            if step == 20:
                print("writing", flush=True)

    asyncio.run(main())
""")


def test_a_killed_writer_leaves_the_last_committed_state(tmp_path: Path) -> None:
    db = tmp_path / "crash.sqlite3"
    script = tmp_path / "writer.py"
    script.write_text(WRITER.format(root=str(ROOT), db=str(db)))
    writer = subprocess.Popen([sys.executable, str(script)], stdout=subprocess.PIPE, text=True)
    assert writer.stdout is not None
    assert writer.stdout.readline().strip() == "writing"
    time.sleep(0.3)  # let it be in the middle of more transactions
    os.kill(writer.pid, signal.SIGKILL)
    writer.wait()

    async def reopen() -> tuple[int, int]:
        storage = await Storage.open(db)
        try:
            row = await storage.game(1)
            assert row is not None and row.snapshot is not None
            answers = await storage.answers(1)
            return json.loads(row.snapshot)["step"], len(answers)
        finally:
            await storage.close()

    snapshot_step, answers = asyncio.run(reopen())
    assert answers >= 20
    assert snapshot_step == answers  # the snapshot and the answer log were committed together
    with sqlite3.connect(db) as check:
        assert check.execute("PRAGMA integrity_check").fetchone()[0] == "ok"


def test_migrations_are_numbered_and_recorded(tmp_path: Path) -> None:
    numbers = [n for n, _ in migrations()]
    assert numbers == sorted(numbers) and numbers[0] == 1 and len(set(numbers)) == len(numbers)

    async def open_twice() -> int:
        for _ in range(2):  # the second open finds everything done
            storage = await Storage.open(tmp_path / "m.sqlite3")
            async with storage.reader.execute("PRAGMA user_version") as cursor:
                version = (await cursor.fetchone())[0]
            await storage.close()
        return int(version)

    assert asyncio.run(open_twice()) == numbers[-1]


def test_a_newer_or_corrupt_database_is_refused_clearly(tmp_path: Path) -> None:
    newer = tmp_path / "newer.sqlite3"
    with sqlite3.connect(newer) as db:
        db.execute("PRAGMA user_version = 999")
    with pytest.raises(StorageError, match="newer than this bot"):
        asyncio.run(Storage.open(newer))
    corrupt = tmp_path / "corrupt.sqlite3"
    corrupt.write_bytes(b"this is not a database" * 100)
    with pytest.raises(StorageError, match="cannot be read"):
        asyncio.run(Storage.open(corrupt))


async def test_languages_of_games_and_people_are_stored(tmp_path: Path) -> None:
    storage = await Storage.open(tmp_path / "colt.sqlite3")
    try:
        game = await storage.create_game(guild_id=1, channel_id=2, host_id=3, options={}, seed=4, language="cs")
        row = await storage.game(game)
        assert row is not None and row.language == "cs"
        assert await storage.person(7) == (None, None)
        await storage.set_locale(7, "pl")
        await storage.set_language(7, "ru")
        await storage.set_locale(7, "es-ES")  # a new client language keeps the chosen one
        assert await storage.person(7) == ("es-ES", "ru")
        await storage.set_language(7, None)  # back to following Discord
        assert await storage.person(7) == ("es-ES", None)
    finally:
        await storage.close()


async def test_a_read_sees_every_commit_before_it_while_other_reads_run(tmp_path: Path) -> None:
    """Reads of many coroutines share one connection: none may keep it on an old snapshot."""
    storage = await Storage.open(tmp_path / "colt.sqlite3")
    done = asyncio.Event()

    async def reading() -> None:
        while not done.is_set():
            await storage.games("lobby")

    readers = [asyncio.create_task(reading()) for _ in range(8)]
    try:
        for n in range(60):
            game = await storage.create_game(guild_id=1, channel_id=n, host_id=3, options={}, seed=4)
            assert await storage.game(game) is not None, f"game {game} committed but not seen"
    finally:
        done.set()
        await asyncio.gather(*readers)
        await storage.close()


async def test_a_stale_answer_writes_nothing_of_its_transaction(tmp_path: Path) -> None:
    """The compare-and-set on the step fails: neither the answer nor what it would show is written."""
    storage = await Storage.open(tmp_path / "colt.sqlite3")
    try:
        game = await storage.create_game(guild_id=1, channel_id=2, host_id=3, options={}, seed=4)
        await storage.update_game(game, status="running", step=5)
        woken: list[set[str]] = []
        storage.committed = woken.append
        with pytest.raises(StaleStep):
            async with storage.transaction() as tx:
                tx.save_answer(game, step=4, seat=0, answer="plan draw", snapshot="{}", new_step=5, waiting_seat=0,
                               results=[])
                tx.enqueue([Delivery("user:3", {"content": "your turn"}, game)])
        assert await storage.answers(game) == []
        assert await storage.outbox_size() == 0
        assert (await storage.game(game)).step == 5
        async with storage.transaction() as tx:  # the writer is free again, and the right step is taken
            tx.save_answer(game, step=5, seat=0, answer="plan draw", snapshot="{}", new_step=6, waiting_seat=0,
                           results=[])
            tx.enqueue([Delivery("user:3", {"content": "your turn"}, game)])
        assert (await storage.game(game)).step == 6 and await storage.outbox_size() == 1
        assert woken == [{"user:3"}]  # the outbox is woken for the committed transaction only
    finally:
        await storage.close()


async def test_a_transaction_blocked_by_another_connection_waits_and_those_after_it_keep_their_order(
        tmp_path: Path) -> None:
    """Issue 29: transactions run at once on the event loop's thread; when another connection (another
    process) holds the write lock, one waits for it on the writer's thread, and those asked for after
    it follow it there rather than overtaking it (a target's messages keep their order)."""
    path = tmp_path / "colt.sqlite3"
    storage = await Storage.open(path)
    other = sqlite3.connect(path, isolation_level=None)
    try:
        async def enqueue(content: str) -> None:
            async with storage.transaction() as tx:
                tx.enqueue([Delivery("game:1", {"op": "send", "content": content}, None)])

        await enqueue("at once")  # nobody else writes: committed inline, at once
        other.execute("BEGIN IMMEDIATE")  # another process holds the write lock
        blocked = asyncio.create_task(enqueue("blocked"))
        await asyncio.sleep(0.05)
        assert not blocked.done()  # waiting for the lock on the writer's thread, the event loop free
        other.execute("COMMIT")
        await enqueue("after it")  # the lock is free now, but "blocked" was asked for first
        await blocked
        assert [row.body["content"] for row in await storage.outbox("game:1", 10)] == ["at once", "blocked", "after it"]
    finally:
        other.close()
        await storage.close()


async def test_the_log_is_checkpointed_on_the_writer_s_thread_now_and_then(tmp_path: Path,
                                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    """The inline connection never checkpoints (it would stop the event loop while pages are
    written): every ``CHECKPOINT_EVERY`` transactions the writer's thread copies the log into the
    database, and what was committed stays readable."""
    from table import storage as module

    monkeypatch.setattr(module, "CHECKPOINT_EVERY", 5)
    path = tmp_path / "colt.sqlite3"
    storage = await Storage.open(path)
    try:
        size = path.stat().st_size
        for n in range(12):
            async with storage.transaction() as tx:
                tx.enqueue([Delivery("game:1", {"op": "send", "content": f"row {n}" + "x" * 4000}, None)])
        assert storage._checkpoint is not None
        await storage._checkpoint
        assert path.stat().st_size >= size + 10 * 4000  # the rows of ten transactions copied into the file
        assert await storage.outbox_size() == 12
    finally:
        await storage.close()
