"""Moving a deployment (issue 17): a SQLite database copied into an empty PostgreSQL one, games,
seats, answers, results, ratings and the outbox included, read back and compared; the copied
game then goes on from PostgreSQL."""

from __future__ import annotations

import asyncio
import random
from pathlib import Path

import pytest

from table.copy import main
from table.ratings import Placing
from table.service import Tables
from table.storage import Storage, open_store
from table.store import Delivery


async def _old_deployment(path: Path) -> tuple[int, int]:
    """A running game some steps in, and a finished game with its results and ratings."""
    tables = Tables(await Storage.open(path))
    try:
        lobby = await tables.new_lobby(guild_id=9, channel_id=10, host_id=1)
        running = lobby.game.id
        for user in (2, 3):
            await tables.join(running, user)
        await tables.start(running, 1, channel_id=11)
        players = await tables.storage.players(running)
        rng = random.Random(3)
        for _ in range(12):
            state = await tables.state(running)
            user = next(p.user_id for p in players if p.seat == state.pending.seat)
            await tables.answer(running, user, state.step, rng.choice(state.pending.options))
        storage = tables.storage
        over = await storage.create_game(guild_id=9, channel_id=12, host_id=4, options={}, seed=5)
        await storage.update_game(over, status="running", step=0)
        async with storage.transaction() as tx:
            tx.save_answer(over, step=0, seat=0, answer="plan pass", snapshot="{}", new_step=1, waiting_seat=None,
                           results=[{"game_id": over, "guild_id": 9, "user_id": 4, "character": "doc", "score": 700,
                                     "won": 1, "gunslinger": 1}])
            tx.rate(9, [Placing("user:4", 700), Placing("ai:hard", 200)])
        await storage.set_language(4, "fr")
        await storage.enqueue([Delivery(f"game:{running}", {"content": "waiting to be sent"}, running)])
        return running, over
    finally:
        await tables.storage.close()


async def test_a_sqlite_deployment_moves_to_postgresql_and_its_games_go_on(
        tmp_path: Path, postgres_url: str, capsys: pytest.CaptureFixture[str]) -> None:
    source = tmp_path / "old.sqlite3"
    running, over = await _old_deployment(source)
    assert await _run(source, postgres_url) == 0
    last = capsys.readouterr().out.strip().splitlines()[-1]
    assert last == "copied games=2 answers=13 results=1 outbox=1 checked=2"
    moved = Tables(await open_store(postgres_url))
    try:
        assert (await moved.storage.ratings(9)) and await moved.storage.person(4) == (None, "fr")
        waiting = await moved.storage.outbox(f"game:{running}", 5)
        assert [r.body for r in waiting] == [{"content": "waiting to be sent"}]
        state = await moved.state(running)
        players = await moved.storage.players(running)
        user = next(p.user_id for p in players if p.seat == state.pending.seat)
        await moved.answer(running, user, state.step, state.pending.options[0])  # it goes on
        assert len(await moved.storage.answers(running)) == 13
        newer = await moved.new_lobby(guild_id=9, channel_id=20, host_id=7)
        assert newer.game.id > over  # the id sequence moved past the copied games
    finally:
        await moved.storage.close()
    assert await _run(source, postgres_url) == 2  # never into a database that holds games


async def _run(source: Path, url: str) -> int:
    """The command as a deployment runs it (its own event loop: a thread here)."""
    return await asyncio.to_thread(main, [str(source), url])
