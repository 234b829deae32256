"""The storage interface on both backends (issue 17): the same writes and reads on SQLite and on a
real PostgreSQL server (tests/postgres.py), transactions that never mix, the compare-and-set on
the step, ratings in the game's last transaction, and PostgreSQL's own migrations."""

from __future__ import annotations

import asyncio
import random
from collections.abc import AsyncIterator
from pathlib import Path

import asyncpg
import pytest

from engine.snapshot import dumps, loads
from table.ratings import Placing
from table.service import SNAPSHOT_EVERY, TableError, Tables
from table.storage import open_store
from table.storage_pg import PG_MIGRATIONS, PgStorage, dollars
from table.store import Delivery, PlayerRow, StaleStep, Store, migrations


@pytest.fixture(params=["sqlite", "postgresql"])
async def store(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[Store]:
    if request.param == "sqlite":
        opened = await open_store(str(tmp_path / "colt.sqlite3"))
    else:
        opened = await open_store(request.getfixturevalue("postgres_url"))
    try:
        yield opened
    finally:
        await opened.close()


def test_placeholders_become_numbered_in_order() -> None:
    assert dollars("UPDATE t SET a = ?, b = ? WHERE id = ?") == "UPDATE t SET a = $1, b = $2 WHERE id = $3"


def test_each_sqlite_migration_has_its_postgresql_form() -> None:
    assert [n for n, _ in migrations()] == [n for n, _ in migrations(PG_MIGRATIONS)]


async def test_games_players_and_people_round_trip(store: Store) -> None:
    game = await store.create_game(guild_id=2**62, channel_id=2, host_id=3, options={"horses": True}, seed=4,
                                   language="cs")
    row = await store.game(game)
    assert row is not None and row.guild_id == 2**62 and row.options == {"horses": True} and row.language == "cs"
    async with store.transaction() as tx:
        tx.add_player(game, None, ai="hard")
        tx.add_player(game, 9)
        tx.set_seat_character(game, 1, "marshal")
        tx.reseat(game, [2, 0, 1])
    assert [(p.seat, p.user_id, p.ai, p.character) for p in await store.players(game)] == [
        (0, 9, None, None), (1, 3, None, None), (2, None, "hard", "marshal")]
    async with store.transaction() as tx:
        tx.remove_seat(game, 1)
    assert [p.seat for p in await store.players(game)] == [0, 1]
    assert await store.games_of_user(9, "lobby") == [await store.game(game)]
    await store.set_locale(7, "pl")
    await store.set_language(7, "ru")
    assert await store.person(7) == ("pl", "ru") and await store.person(8) == (None, None)
    assert await store.claim_start(game, 100.0) and not await store.claim_start(game, 101.0)


async def test_concurrent_transactions_never_share_one(store: Store) -> None:
    async def one(n: int) -> int:
        game = await store.create_game(guild_id=1, channel_id=n, host_id=n, options={}, seed=n)
        async with store.transaction() as tx:
            tx.update_game(game, status="running")
            await asyncio.sleep(0)  # other coroutines run in the middle of this transaction
            tx.add_player(game, n + 1000)
            tx.set_character(game, n + 1000, "doc")
        return game

    games = await asyncio.gather(*(one(n) for n in range(30)))
    assert len(set(games)) == 30
    for game in games:
        assert [p.character for p in await store.players(game)] == [None, "doc"]


async def test_a_stale_answer_writes_nothing_and_the_right_step_is_taken_once(store: Store) -> None:
    game = await store.create_game(guild_id=1, channel_id=2, host_id=3, options={}, seed=4)
    await store.update_game(game, status="running", step=5)
    woken: list[set[str]] = []
    store.committed = woken.append

    async def answer(step: int, text: str) -> bool:
        try:
            async with store.transaction() as tx:
                tx.save_answer(game, step=step, seat=0, answer=text, snapshot="{}", new_step=step + 1,
                               waiting_seat=0, results=[])
                tx.enqueue([Delivery("user:3", {"content": text}, game)])
        except StaleStep:
            return False
        return True

    assert not await answer(4, "plan draw") and await store.answers(game) == [] and woken == []
    applied = await asyncio.gather(*(answer(5, f"plan play {n}") for n in range(6)))  # racing clicks
    assert sum(applied) == 1 and len(await store.answers(game)) == 1
    assert await store.outbox_size() == 1 and woken == [{"user:3"}]
    assert (await store.game(game)).step == 6


async def test_the_last_answer_stores_results_and_ratings(store: Store) -> None:
    game = await store.create_game(guild_id=1, channel_id=2, host_id=3, options={}, seed=4)
    await store.update_game(game, status="running", step=1)
    results = [{"game_id": game, "guild_id": 1, "user_id": u, "character": c, "score": s, "won": int(s == 900),
                "gunslinger": 0} for u, c, s in ((3, "doc", 900), (4, "belle", 300))]
    async with store.transaction() as tx:
        tx.save_answer(game, step=1, seat=0, answer="plan pass", snapshot="{}", new_step=2, waiting_seat=None,
                       results=results)
        tx.rate(1, [Placing("user:3", 900), Placing("user:4", 300)])
    assert (await store.game(game)).status == "over"
    stats = {s["user_id"]: s for s in await store.stats(1)}
    assert stats[3]["wins"] == 1 and stats[4]["wins"] == 0 and stats[3]["best"] == 900
    rated = {r["player"]: r for r in await store.ratings(1)}
    assert rated["user:3"]["mu"] > rated["user:4"]["mu"] and rated["user:3"]["games"] == 1


async def test_a_lesson_is_stored_taken_once_a_step_and_one_at_a_time(store: Store) -> None:
    """/colt learn (issue 31): a lesson and its game round trip; a step is written once (the second
    write at the same step is stale and writes nothing); a new lesson drops the one under way."""
    first = await store.create_lesson(2**62, "base", {"topic": "base", "index": 0}, "{}")
    row = await store.lesson(first)
    assert row is not None and (row.user_id, row.topic, row.status, row.step) == (2**62, "base", "running", 0)
    assert row.lesson == {"topic": "base", "index": 0} and await store.lesson_of(2**62) == row
    async with store.transaction() as tx:
        tx.save_lesson(first, step=0, lesson={"index": 1}, snapshot="{1}", over=False)
    with pytest.raises(StaleStep):
        async with store.transaction() as tx:
            tx.save_lesson(first, step=0, lesson={"index": 9}, snapshot="{9}", over=False)
    row = await store.lesson(first)
    assert row is not None and (row.step, row.lesson, row.snapshot) == (1, {"index": 1}, "{1}")
    second = await store.create_lesson(2**62, "horses", {}, "{}")
    assert (await store.lesson(first)).status == "dropped"  # type: ignore[union-attr]
    assert (await store.lesson_of(2**62)).id == second  # type: ignore[union-attr]
    async with store.transaction() as tx:
        tx.save_lesson(second, step=0, lesson={}, snapshot="{}", over=True)
    assert await store.lesson_of(2**62) is None and await store.lesson(2**63) is None


async def test_the_outbox_keeps_each_target_in_order(store: Store) -> None:
    game = await store.create_game(guild_id=1, channel_id=2, host_id=3, options={}, seed=4)
    async with store.transaction() as tx:
        tx.enqueue([Delivery("game:1", {"n": n}, game) for n in range(3)] + [Delivery("user:5", {"n": 9}, None)])
    rows = await store.outbox("game:1", 10)
    assert [r.body["n"] for r in rows] == [0, 1, 2] and sorted(await store.outbox_targets()) == ["game:1", "user:5"]
    async with store.transaction() as tx:
        tx.sending([rows[0].id], 50.0)
        tx.retry_later([rows[1].id], 60.0)
        tx.delivered([rows[2].id])
    again = await store.outbox("game:1", 10)
    assert [(r.sending_at, r.attempts, r.not_before) for r in again] == [(50.0, 0, 0.0), (None, 1, 60.0)]
    async with store.transaction() as tx:
        tx.set_message(game, "pile", 10, 11, "abc")
        tx.set_message(game, "pile", 10, 12, None)
    assert await store.message(game, "pile") == (10, 12, None)


async def test_postgresql_migrates_once_with_two_processes_starting_together(postgres_url: str) -> None:
    first, second = await asyncio.gather(PgStorage.open(postgres_url), PgStorage.open(postgres_url))
    try:
        versions = [r[0] for r in await first._rows("SELECT version FROM schema_version ORDER BY version")]
        assert versions == [n for n, _ in migrations(PG_MIGRATIONS)]
    finally:
        await first.close()
        await second.close()


async def test_an_unreachable_postgresql_server_is_a_clear_storage_error(tmp_path: Path) -> None:
    from table.store import StorageError

    with pytest.raises(StorageError, match="cannot open the database"):
        await open_store(f"postgresql://colt:secret@/nothing?host={tmp_path}&port=5999")
    assert asyncpg  # the driver is installed with the bot


# --- the table service on both backends -------------------------------------------------------------


@pytest.fixture(params=["sqlite", "postgresql"])
def database(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """Where a test's tables keep their games: a SQLite file, or a fresh PostgreSQL database."""
    return str(tmp_path / "colt.sqlite3") if request.param == "sqlite" else request.getfixturevalue("postgres_url")


async def test_two_tables_on_one_database_apply_each_answer_exactly_once(database: str) -> None:
    """Two table services (two processes' worth) on one database, every click sent to both at once:
    the compare-and-set on the step lets exactly one apply it; the other is told it is out of date
    and reads the game anew from the database for the next one."""
    tables = [Tables(await open_store(database)), Tables(await open_store(database))]
    rng = random.Random(5)
    try:
        lobby = await tables[0].new_lobby(guild_id=9, channel_id=10, host_id=1)
        game_id = lobby.game.id
        for user in (2, 3):
            await tables[1].join(game_id, user)
        await tables[0].start(game_id, 1, channel_id=11)
        players = await tables[0].storage.players(game_id)
        for _ in range(60):
            state = await tables[rng.randrange(2)].state(game_id)
            if state.pending is None:
                break
            user = next(p.user_id for p in players if p.seat == state.pending.seat)
            answer, step = rng.choice(state.pending.options), state.step
            outcomes = await asyncio.gather(*(t.answer(game_id, user, step, answer) for t in tables),
                                            return_exceptions=True)
            refused = [o for o in outcomes if isinstance(o, BaseException)]
            assert len(refused) == 1, outcomes
            assert isinstance(refused[0], TableError) and refused[0].key == "error.stale"
        stored = await tables[0].storage.answers(game_id)
        final = await tables[1].state(game_id)
        assert len(stored) == final.step == (await tables[0].row(game_id)).step
    finally:
        for table in tables:
            await table.storage.close()


async def three_seated(tables: Tables) -> tuple[int, list[PlayerRow]]:
    """A game of three people started on ``tables``: its id and its seats."""
    lobby = await tables.new_lobby(guild_id=9, channel_id=10, host_id=1)
    game_id = lobby.game.id
    for user in (2, 3):
        await tables.join(game_id, user)
    await tables.start(game_id, 1, channel_id=11)
    return game_id, await tables.storage.players(game_id)


async def test_between_snapshots_a_game_is_its_last_snapshot_and_the_answers_since(database: str) -> None:
    """Issue 29: an answer writes its own row and the game's step; the whole state is written every
    SNAPSHOT_EVERY answers and at the end. Read by a service that never saw the game (another process,
    a restart), the game is its last snapshot with the answers since: the very state that was played."""
    live, cold = Tables(await open_store(database)), Tables(await open_store(database))
    rng = random.Random(8)
    try:
        game_id, players = await three_seated(live)
        snapshots = set()
        while (state := await live.state(game_id)).pending is not None:
            user = next(p.user_id for p in players if p.seat == state.pending.seat)
            await live.answer(game_id, user, state.step, rng.choice(state.pending.options))
            row = await live.row(game_id)
            assert row.snapshot is not None
            stored = loads(row.snapshot).step
            assert stored <= row.step and (stored == row.step or row.step % SNAPSHOT_EVERY != 0)
            snapshots.add(stored)
            cold.forget(game_id)
            assert dumps(await cold.state(game_id)) == dumps(await live.state(game_id)), f"step {row.step}"
        final = await live.row(game_id)
        assert final.status == "over" and loads(final.snapshot or "").step == final.step  # the end is whole
        assert {s for s in snapshots if s % SNAPSHOT_EVERY} <= {final.step}  # every N answers, and the end
        assert len(snapshots) >= final.step // SNAPSHOT_EVERY
    finally:
        for table in (live, cold):
            await table.storage.close()


async def test_a_game_row_read_before_another_answer_gives_the_state_at_its_own_step(database: str) -> None:
    """Another process answers between this one's read of the game and of its answers: the state is
    the one at the step read (the compare-and-set then refuses an answer given on it)."""
    live, other = Tables(await open_store(database)), Tables(await open_store(database))
    try:
        game_id, players = await three_seated(live)

        async def answer() -> None:
            state = await live.state(game_id)
            user = next(p.user_id for p in players if p.seat == state.pending.seat)
            await live.answer(game_id, user, state.step, state.pending.options[0])

        for _ in range(3):
            await answer()
        read = await other.row(game_id)
        expected = dumps(await live.state(game_id))
        await answer()
        assert dumps(await other.state(game_id, read)) == expected
    finally:
        for table in (live, other):
            await table.storage.close()


async def test_an_answer_since_the_snapshot_that_does_not_apply_is_told_not_a_traceback(database: str) -> None:
    tables = Tables(await open_store(database))
    try:
        game_id, players = await three_seated(tables)
        state = await tables.state(game_id)
        user = next(p.user_id for p in players if p.seat == state.pending.seat)
        await tables.answer(game_id, user, state.step, state.pending.options[0])
        async with tables.storage.transaction() as tx:  # a damaged database: the answer is not one
            tx.execute("UPDATE answers SET answer = ? WHERE game_id = ? AND step = ?", ("plan nonsense", game_id, 0))
        tables.forget(game_id)
        with pytest.raises(TableError) as told:
            await tables.state(game_id)
        assert told.value.key == "error.cannot-load"
    finally:
        await tables.storage.close()
