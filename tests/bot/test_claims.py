"""What one process of several claims (issue 17), on both backends: a turn's timer or AI move,
a target's messages, a lost channel's replacement, a reminder, a finished channel's cleanup. Two
``Tables`` (or two outboxes) on one database stand for two processes; their clocks are set by hand.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from cogs.autopilot import Autopilot
from cogs.outbox import Outbox
from engine import Game
from table.service import NothingShown, Outcome, Tables, TurnTaken
from table.storage import open_store
from table.store import OVER, RUNNING, Delivery, GameRow, OutboxRow, Store


@pytest.fixture(params=["sqlite", "postgresql"])
def database(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    return str(tmp_path / "colt.sqlite3") if request.param == "sqlite" else request.getfixturevalue("postgres_url")


@pytest.fixture
async def store(database: str) -> AsyncIterator[Store]:
    opened = await open_store(database)
    try:
        yield opened
    finally:
        await opened.close()


@pytest.fixture
async def two(database: str) -> AsyncIterator[list[Tables]]:
    """Two processes' table services on one database, on one clock (``now[0]``, seconds)."""
    now = [1000.0]
    tables = [Tables(await open_store(database), clock=lambda: now[0], holder=name) for name in ("one", "two")]
    tables[0].now = now  # type: ignore[attr-defined]
    try:
        yield tables
    finally:
        for table in tables:
            await table.storage.close()


async def running_game(store: Store, *, ai_waiting: bool = False, **columns: object) -> int:
    """A running game at step 3 with a person in seat 0 and an easy AI in seat 1."""
    game = await store.create_game(guild_id=1, channel_id=2, host_id=3, options={}, seed=4)
    async with store.transaction() as tx:
        tx.add_player(game, None, ai="easy")
    await store.update_game(game, status=RUNNING, step=3, waiting_seat=1 if ai_waiting else 0,
                            waiting_since=0.0, **columns)
    return game


async def started(tables: Tables, pace: str = "45/20") -> int:
    """A dealt game of three people at ``pace``, its first decision timed."""
    lobby = await tables.new_lobby(guild_id=1, channel_id=50, host_id=1)
    game = lobby.game.id
    for user in (2, 3):
        await tables.join(game, user)
    await tables.set_option(game, 1, "timer", pace)
    await tables.start(game, 1, channel_id=51)
    return game


# --- the storage's claims ---------------------------------------------------------------------------


async def test_a_turn_is_one_holders_until_its_claim_lapses(store: Store) -> None:
    game = await running_game(store)
    assert await store.claim_turn(game, 3, "one", now=100.0, until=160.0)
    assert not await store.claim_turn(game, 3, "two", now=150.0, until=210.0)  # held
    assert await store.claim_turn(game, 3, "one", now=150.0, until=210.0)  # its own, renewed
    assert not await store.claim_turn(game, 3, "two", now=200.0, until=260.0)
    assert await store.claim_turn(game, 3, "two", now=211.0, until=271.0)  # lapsed: "one" died
    assert not await store.claim_turn(game, 4, "one", now=212.0, until=272.0)  # not the game's step
    await store.update_game(game, step=4)
    assert await store.claim_turn(game, 4, "one", now=213.0, until=273.0)  # a new decision, free
    await store.update_game(game, status=OVER)
    assert not await store.claim_turn(game, 4, "one", now=214.0, until=274.0)  # the game is over


async def test_a_named_lease_is_held_by_one_holder_until_let_go_or_lapsed(store: Store) -> None:
    assert await store.claim("outbox:game:1", "one", 0.0, 10.0)
    assert not await store.claim("outbox:game:1", "two", 5.0, 15.0)
    assert await store.claim("outbox:game:2", "two", 5.0, 15.0)  # another target: another lease
    await store.release("outbox:game:1", "two")  # not theirs: nothing happens
    assert not await store.claim("outbox:game:1", "two", 6.0, 16.0)
    await store.release("outbox:game:1", "one")
    assert await store.claim("outbox:game:1", "two", 7.0, 17.0)
    assert await store.claim("outbox:game:1", "one", 18.0, 28.0)  # "two" let it lapse


async def test_neglected_turns_are_those_due_and_in_no_live_hands(store: Store) -> None:
    ai = await running_game(store, ai_waiting=True)
    late = await running_game(store, deadline_step=3, deadline_at=95.0, deadline_limit=20.0)
    claimed = await running_game(store, ai_waiting=True, turn_holder="one", turn_step=3, turn_until=150.0)
    old_claim = await running_game(store, ai_waiting=True, turn_holder="one", turn_step=2, turn_until=150.0)
    paused = await running_game(store, ai_waiting=True, paused_at=50.0)
    half_day = await running_game(store, deadline_step=3, deadline_at=100.0 + 5 * 3600, deadline_limit=24 * 3600.0)
    fast = await running_game(store, deadline_step=3, deadline_at=150.0, deadline_limit=20.0)
    found = [row.id for row in await store.neglected_turns(100.0, grace=10.0)]
    # The AI seat waited since 0 and its step's claim is old; the day-long decision is past half
    # time (its reminder is perhaps due: the caller sifts it); the 20 s deadline at 95 is only 5 s late.
    assert found == [ai, old_claim, half_day]
    assert late in [row.id for row in await store.neglected_turns(106.0, grace=10.0)]
    # Later still, the claim at 150 has lapsed and the fast deadline at 150 is past too.
    later = [row.id for row in await store.neglected_turns(161.0, grace=10.0)]
    assert later == [ai, late, claimed, old_claim, half_day, fast] and paused not in later


async def test_a_finished_games_channel_is_cleaned_up_by_one_process(store: Store) -> None:
    game = await store.create_game(guild_id=1, channel_id=2, host_id=3, options={}, seed=4)
    await store.update_game(game, status=OVER, cleanup_at=50.0)
    assert [row.id for row in await store.to_clean(60.0)] == [game]
    claims = await asyncio.gather(*(store.claim_cleanup(game, 50.0, 60.0 + 3600) for _ in range(3)))
    assert sorted(claims) == [False, False, True]
    assert await store.to_clean(60.0) == []  # in hand; tried again an hour on should that process die
    assert [row.id for row in await store.to_clean(60.0 + 3601)] == [game]


# --- two processes' table services --------------------------------------------------------------------


async def test_a_timer_is_fired_by_one_process_only(two: list[Tables]) -> None:
    game = await started(two[0])
    row = await two[0].row(game)
    assert row.deadline_at is not None
    two[0].now[0] = row.deadline_at + 1  # type: ignore[attr-defined]
    outcomes = await asyncio.gather(*(t.autoplay(game, row.step) for t in two), return_exceptions=True)
    answered = [o for o in outcomes if isinstance(o, Outcome)]
    assert len(answered) == 1 and answered[0].source == "timeout", outcomes
    assert [type(o) for o in outcomes if not isinstance(o, Outcome)] == [TurnTaken]
    assert len(await two[1].storage.answers(game)) == 1


async def test_a_dead_processs_turn_is_taken_over_once_its_claim_lapses(two: list[Tables]) -> None:
    game = await started(two[0])
    row = await two[0].row(game)
    now = two[0].now  # type: ignore[attr-defined]
    now[0] = row.deadline_at + 1
    assert await two[0].storage.claim_turn(game, row.step, "one", now[0], now[0] + two[0].turn_lease)
    # "one" dies holding it: "two" may not answer it yet, nor does its sweep find it neglected.
    with pytest.raises(TurnTaken):
        await two[1].autoplay(game, row.step)
    answered: list[Outcome] = []

    async def after(outcome: Outcome) -> None:
        answered.append(outcome)

    autopilot = Autopilot(two[1], after, think=0.0, budget_ms=None)
    try:
        assert await autopilot.sweep(grace=0.0) == 0
        now[0] += two[0].turn_lease + 1
        assert await autopilot.sweep(grace=0.0) == 1
        for _ in range(200):
            if answered:
                break
            await asyncio.sleep(0.01)
    finally:
        await autopilot.close()
    assert [o.source for o in answered] == ["timeout"] and answered[0].row.step == row.step + 1


async def test_a_reminder_is_sent_by_one_process_only(two: list[Tables]) -> None:
    game = await started(two[0], pace="12h")
    row = await two[0].row(game)
    two[0].now[0] = row.deadline_at - row.deadline_limit / 2 + 1  # type: ignore[attr-defined]
    sent = await asyncio.gather(*(t.remind(game, row.step, 1) for t in two))
    assert sorted(sent) == [False, True]
    assert (await two[1].row(game)).reminded == 1


async def test_a_lost_channel_is_replaced_by_one_process_only(two: list[Tables]) -> None:
    game = await started(two[0])
    opened: list[str] = []

    def opener(name: str, channel: int):  # type: ignore[no-untyped-def]
        async def open_channel(row: GameRow) -> int:
            opened.append(name)
            await asyncio.sleep(0.05)  # Discord takes its time: the other process notices meanwhile
            return channel
        return open_channel

    moved = await asyncio.gather(two[0].move_table(game, 51, opener("one", 61)),
                                 two[1].move_table(game, 51, opener("two", 62)))
    assert len(opened) == 1 and "replaced" in moved and set(moved) <= {"replaced", "later"}
    assert (await two[1].row(game)).channel_id == {"one": 61, "two": 62}[opened[0]]
    assert await two[1].move_table(game, 51, opener("two", 63)) == "replaced"  # later: done already
    assert len(opened) == 1


async def test_a_pause_made_while_another_process_answers_is_made_again_at_the_new_step(
        two: list[Tables]) -> None:
    game = await started(two[0])
    step = (await two[0].row(game)).step

    class AnswerMeanwhile(NothingShown):
        """Process "two" answers the decision while "one" is between reading the game and writing."""

        calls = 0

        async def retimed(self, row: GameRow, state: Game, change: str, user_id: int) -> list[Delivery]:
            self.calls += 1
            if self.calls == 1:
                fresh = await two[1].state(game)
                assert fresh.pending is not None
                seat = fresh.pending.seat
                user = next(p.user_id for p in await two[1].storage.players(game) if p.seat == seat)
                await two[1].answer(game, user, fresh.step, fresh.pending.options[0])
            return []

    shown = two[0].show = AnswerMeanwhile()
    await two[0].pause(game, 1, may_manage=False)
    stored = await two[1].row(game)
    assert shown.calls == 2  # refused at the old step, made again at the new one
    assert stored.step == step + 1 and stored.paused and stored.deadline_at is None
    assert stored.paused_left == stored.deadline_limit  # the new decision keeps its whole time


# --- two processes' outboxes ---------------------------------------------------------------------


def _shared(store: Store) -> Store:
    """A store as several processes use it: their outboxes take a lease on each target. SQLite is for
    one process (whose outbox skips the leases), but the leases' SQL is the same: tested on it too."""
    store.shared = True  # type: ignore[misc]
    return store


async def test_two_processes_deliver_a_target_once_each_message_and_in_order(database: str) -> None:
    stores = [_shared(await open_store(database)), _shared(await open_store(database))]
    delivered: list[tuple[str, int]] = []

    def deliverer(name: str, store: Store):  # type: ignore[no-untyped-def]
        async def deliver(rows: list[OutboxRow]) -> bool:
            await asyncio.sleep(0.002)  # the other process runs meanwhile
            delivered.extend((name, row.body["n"]) for row in rows)
            async with store.transaction() as tx:
                tx.delivered(row.id for row in rows)
            return True
        return deliver

    outboxes = [Outbox(store, deliverer(name, store), interval=0.0, holder=name)
                for name, store in zip(("one", "two"), stores, strict=True)]
    for store, outbox in zip(stores, outboxes, strict=True):
        store.committed = outbox.wake
    try:
        for n in range(40):  # a click in either process, each writing the game's next message
            await stores[n % 2].enqueue([Delivery("game:1", {"op": "send", "n": n}, 1)])
            if n % 5 == 0:
                await asyncio.sleep(0.003)
        for _ in range(3):
            for outbox in outboxes:
                await outbox.drain()
                await outbox.sweep()
        for outbox in outboxes:
            await outbox.drain()
        assert [n for _, n in delivered] == list(range(40))  # each once, in the order written
        assert await stores[0].outbox_size() == 0
    finally:
        for outbox in outboxes:
            await outbox.close()
        for store in stores:
            await store.close()


async def test_a_dead_processs_target_is_delivered_by_another_once_its_lease_lapses(store: Store) -> None:
    _shared(store)
    now = [100.0]
    delivered: list[int] = []

    async def deliver(rows: list[OutboxRow]) -> bool:
        delivered.extend(row.body["n"] for row in rows)
        async with store.transaction() as tx:
            tx.delivered(row.id for row in rows)
        return True

    assert await store.claim("outbox:user:7", "dead", now[0], now[0] + 120.0)  # then it died
    outbox = Outbox(store, deliver, interval=0.0, clock=lambda: now[0], holder="alive", lease=120.0)
    store.committed = outbox.wake
    try:
        await store.enqueue([Delivery("user:7", {"op": "send", "n": n}, None) for n in range(3)])
        await outbox.drain()
        assert delivered == [] and await store.outbox_size() == 3  # held by the dead one: left to it
        now[0] += 121.0
        await outbox.sweep()
        await outbox.drain()
        assert delivered == [0, 1, 2] and await store.outbox_size() == 0
    finally:
        await outbox.close()
