"""AI bandits in the lobby, turn timers, absent players and "I'm back" (issue 5), on SimCord's clock."""

from __future__ import annotations

import random
from typing import Any

import pytest

from cogs.app import create_bot
from table.pace import PACES
from table.service import MISSES_BEFORE_ABSENT, TableError, time_limit
from tests.bot.table import (
    Table,
    ai_choice,
    component_id,
    live_buttons,
    lobby_now,
    open_and_start,
    open_lobby,
    pending_user,
    play_turn,
    prompt_message,
    setup_table,
)


async def _sources(table: Table, game_id: int) -> list[tuple[int, str]]:
    async with table.bot.tables.storage.reader.execute(
        "SELECT seat, source FROM answers WHERE game_id = ? ORDER BY step", (game_id,)
    ) as cursor:
        return [(r[0], r[1]) for r in await cursor.fetchall()]


async def _player(table: Table, game_id: int, seat: int) -> Any:
    return next(p for p in await table.bot.tables.storage.players(game_id) if p.seat == seat)


def _channel(table: Table, channel_id: int | None) -> Any:
    return next(c for c in table.guild.channels.values() if c.id == channel_id)


async def _time_runs_out(env: Any, table: Table, game_id: int) -> None:
    """Let the pending decision's whole time limit pass on the simulated clock."""
    state = await table.bot.tables.state(game_id)
    row = await table.bot.tables.row(game_id)
    assert state.pending is not None and row.deadline_step == state.step
    await env.advance_time(time_limit(row.options, state.pending.kind) + 1)


async def test_one_person_against_three_ai_bandits_plays_to_the_scoreboard(simcord_env) -> None:  # type: ignore[no-untyped-def]
    # One click sets off the three AI bandits' turns, hard thinking and pictures included: on a
    # busy machine that takes longer than SimCord's default wait for the bot to settle. SimCord
    # runs any timer due within that wait, so the person's timer is set well beyond it.
    simcord_env.settle_timeout = 60.0
    table = setup_table(simcord_env, 1)
    host = table.members[0]
    lobby = await open_lobby(table)
    await host.select(lobby, ["timer=600/300"], custom_id=component_id(lobby, ":rules"))
    for level in ("easy", "normal", "hard"):
        added = await host.select(lobby, [ai_choice(lobby_now(table, lobby), f"add:{level}")],
            custom_id=component_id(lobby, ":ai"))
        assert added.ephemeral and "takes a seat" in added.response.content
    shown = next(m for m in table.lobby_channel.history() if m.id == lobby.id)
    assert "3. 🤖 Normal AI" in str(shown.embeds[0].to_dict())
    await host.click(lobby, label="Start")
    game_id = max(row.id for row in await table.bot.tables.storage.games("running"))
    rng = random.Random(5)
    for _ in range(500):
        state = await table.bot.tables.state(game_id)
        if state.pending is None:
            break
        # Whenever the game waits, it waits for the one person: the AI seats answered by themselves.
        assert state.pending.seat == 0
        assert await play_turn(table, game_id, rng)
    row = await table.bot.tables.row(game_id)
    assert row.status == "over"
    sources = await _sources(table, game_id)
    assert {source for seat, source in sources if seat == 0} == {"player"}
    assert {source for seat, source in sources if seat != 0} == {"ai"}
    assert {seat for seat, _ in sources} == {0, 1, 2, 3}
    contents = [m.content for m in _channel(table, row.channel_id).history()]
    assert any("Final count" in c for c in contents)
    assert any("🤖 Hard AI plays" in c for c in contents)  # the table's opening message
    stats = await table.bot.tables.storage.stats(table.guild.id)
    assert [r["user_id"] for r in stats] == [table.users[0].id]  # AI bandits keep no records


async def test_the_lobby_adds_and_removes_ai_bandits_for_the_host_only(simcord_env) -> None:  # type: ignore[no-untyped-def]
    table = setup_table(simcord_env, 2)
    host, guest = table.members
    lobby = await open_lobby(table)
    await guest.click(lobby, label="Join")
    refused = await guest.select(lobby, [ai_choice(lobby_now(table, lobby), "add:easy")],
        custom_id=component_id(lobby, ":ai"))
    assert refused.ephemeral and "Only the host" in refused.response.content
    for _ in range(5):  # up to seven seats (Mei, M-30)
        await host.select(lobby, [ai_choice(lobby_now(table, lobby), "add:normal")],
            custom_id=component_id(lobby, ":ai"))
    game = (await table.bot.tables.storage.games("lobby"))[0]
    players = await table.bot.tables.storage.players(game.id)
    assert [p.ai for p in players] == [None, None, "normal", "normal", "normal", "normal", "normal"]
    # A full table offers no more AI bandits, and the service refuses one anyway.
    shown = next(m for m in table.lobby_channel.history() if m.id == lobby.id)
    menu = next(c for r in shown.components for c in r.children if c.custom_id.endswith(":ai"))
    # (Silk's power, M-31, shares the menu: Silk may be drawn at any table.)
    assert [o.value for o in menu.options] == [f"remove:{seat}:7" for seat in range(2, 7)] + [
        f"silk:{power}:7" for power in ("movement", "block", "dodge")]
    with pytest.raises(TableError, match="full"):
        await table.bot.tables.add_ai(game.id, table.users[0].id, "hard")
    removed = await host.select(lobby, [ai_choice(lobby_now(table, lobby), "remove:3")],
        custom_id=component_id(lobby, ":ai"))
    assert removed.ephemeral and "left the table" in removed.response.content
    players = await table.bot.tables.storage.players(game.id)
    assert [p.seat for p in players] == [0, 1, 2, 3, 4, 5]  # the table closed up
    with pytest.raises(TableError, match="no AI bandit"):  # a person's seat, or a stale menu
        await table.bot.tables.remove_ai(game.id, table.users[0].id, 0)


async def test_time_up_the_ai_answers_then_takes_the_seat_until_i_am_back(simcord_env) -> None:  # type: ignore[no-untyped-def]
    table = setup_table(simcord_env, 3)
    game_id = await open_and_start(table)
    row = await table.bot.tables.row(game_id)
    channel = _channel(table, row.channel_id)
    state = await table.bot.tables.state(game_id)
    assert state.pending is not None
    late_seat = state.pending.seat
    late = await pending_user(table, game_id)
    assert "Time's up <t:" in prompt_message(late).content  # the DM shows the countdown
    rng = random.Random(3)

    # A first timeout: the AI plays a card for them, the channel says so without telling which.
    step = state.step
    await _time_runs_out(simcord_env, table, game_id)
    assert (await table.bot.tables.state(game_id)).step > step
    assert (await _sources(table, game_id))[step] == (late_seat, "timeout")
    assert (await _player(table, game_id, late_seat)).missed == 1
    notice = next(m.content for m in channel.history() if m.content.startswith("⏰"))
    assert f"<@{late.id}>" in notice and "play" not in notice.split(":", 1)[1]
    assert any("your time was up" in m.content for m in late.dm_channel.history())

    # Answering in time again wipes the count.
    while await pending_user(table, game_id) is not late:
        assert await play_turn(table, game_id, rng)
    assert await play_turn(table, game_id, rng)
    assert (await _player(table, game_id, late_seat)).missed == 0

    # Three missed decisions in a row: the AI keeps the seat.
    for _ in range(200):
        if (await _player(table, game_id, late_seat)).absent:
            break
        if await pending_user(table, game_id) is late:
            await _time_runs_out(simcord_env, table, game_id)
        else:
            assert await play_turn(table, game_id, rng)
    late_player = await _player(table, game_id, late_seat)
    assert late_player.absent and late_player.missed == MISSES_BEFORE_ABSENT
    assert any(m.content.startswith("⏰") and "💤" in m.content for m in channel.history())
    assert prompt_message(late) is None  # no stale live button left in their DMs

    # While away, the game never waits for them: their decisions are the AI's, at once.
    for _ in range(12):
        state = await table.bot.tables.state(game_id)
        assert state.pending is None or state.pending.seat != late_seat
        if not await play_turn(table, game_id, rng):
            break
    assert (await _sources(table, game_id))[-20:].count((late_seat, "absent")) >= 1

    # "I'm back": the seat is theirs again, with the usual time limit.
    back_message = next(m for m in reversed(list(late.dm_channel.history()))
                        if any(c.custom_id == f"colt:b:{game_id}" for r in m.components for c in r.children))
    welcome = await late.click(back_message, custom_id=f"colt:b:{game_id}")
    assert welcome.ephemeral and "Welcome back" in welcome.response.content
    late_player = await _player(table, game_id, late_seat)
    assert not late_player.absent and late_player.missed == 0
    assert any(m.content.startswith("👋") for m in channel.history())
    for _ in range(60):
        if await pending_user(table, game_id) is late:
            break
        assert await play_turn(table, game_id, rng)
    assert (await table.bot.tables.row(game_id)).deadline_step == (await table.bot.tables.state(game_id)).step
    assert live_buttons(prompt_message(late))
    again = await late.click(back_message, custom_id=f"colt:b:{game_id}")
    assert again.ephemeral and "not away" in again.response.content


async def test_deadlines_survive_a_restart(simcord_env, settings) -> None:  # type: ignore[no-untyped-def]
    table = setup_table(simcord_env, 3)
    game_id = await open_and_start(table)
    state = await table.bot.tables.state(game_id)
    step, seat = state.step, state.pending.seat  # type: ignore[union-attr]
    await simcord_env.advance_time(PACES["90/45"].planning / 2)
    await simcord_env.restart_bot(create_bot(settings))
    assert (await table.bot.tables.state(game_id)).step == step  # not yet
    await simcord_env.advance_time(PACES["90/45"].planning / 2 + 1)
    assert (await table.bot.tables.state(game_id)).step > step
    assert (await _sources(table, game_id))[step] == (seat, "timeout")


async def test_leaving_a_running_game_hands_the_bandit_to_the_ai(simcord_env) -> None:  # type: ignore[no-untyped-def]
    table = setup_table(simcord_env, 3)
    game_id = await open_and_start(table)
    row = await table.bot.tables.row(game_id)
    leaver = table.members[2]
    result = await leaver.slash(_channel(table, row.channel_id), "colt leave")
    assert result.ephemeral and "The AI plays your bandit" in result.response.content
    assert (await _player(table, game_id, 2)).absent
    rng = random.Random(8)
    for _ in range(40):
        state = await table.bot.tables.state(game_id)
        assert state.pending is None or state.pending.seat != 2
        if not await play_turn(table, game_id, rng):
            break
    assert (2, "absent") in await _sources(table, game_id)


@pytest.mark.parametrize("timer", sorted(PACES))
async def test_the_host_chooses_the_timer(simcord_env, timer: str) -> None:  # type: ignore[no-untyped-def]
    table = setup_table(simcord_env, 3)
    lobby = await open_lobby(table)
    for member in table.members[1:]:
        await member.click(lobby, label="Join")
    await table.members[0].select(lobby, [f"timer={timer}"], custom_id=component_id(lobby, ":rules"))
    await table.members[0].click(lobby, label="Start")
    game_id = max(row.id for row in await table.bot.tables.storage.games("running"))
    row = await table.bot.tables.row(game_id)
    assert row.options["timer"] == timer
    assert row.deadline_at is not None
    assert row.deadline_at - table.bot.tables.clock() == pytest.approx(PACES[timer].planning, abs=5)


def test_an_ai_that_cannot_read_the_table_still_answers(monkeypatch: pytest.MonkeyPatch) -> None:
    from engine.ai import worlds
    from engine.errors import InconsistentView
    from engine.setup import new_game
    from table import service

    def broken(*args: Any, **kwargs: Any) -> None:
        raise InconsistentView("a bug")

    monkeypatch.setattr(worlds.Knowledge, "sample", broken)
    game = new_game(["ghost", "doc", "tuco"], seed=4)
    assert game.pending is not None
    answer = service._choose_safely(game, game.pending.seat, "normal", random.Random(1), None)
    assert answer in game.pending.options
