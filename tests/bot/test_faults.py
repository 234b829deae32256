"""Faults (issue 12): a channel failing for a minute, a channel that vanishes, a restart in the middle
of delivering, crafted button ids, two Start clicks at once, a second table on the same database."""

from __future__ import annotations

import asyncio
import random
import re
from typing import Any

import pytest
from simcord import InteractionResult

from cogs.app import create_bot
from cogs.delivery import Courier
from engine.observe import observe_log
from render.caption import split_runs
from table.service import TableError, Tables
from table.storage import Storage
from tests.bot.table import (
    Table,
    component_id,
    crafted,
    dm_history,
    open_and_start,
    open_lobby,
    pending_user,
    play_turn,
    prompt_message,
    setup_table,
    stored,
)
from tools.loadbench import emit_click

FRAME = re.compile(r"colt\d+-\d+-\d+\.png")  # one train picture per resolved action


def channel_of(table: Table, channel_id: int | None) -> Any:
    return next(c for c in [*table.guild.channels.values(), *table.lobby_channel.threads] if c.id == channel_id)


def frames_in(channel: Any) -> list[str]:
    return [a.filename for m in channel.history() for a in m.attachments if FRAME.fullmatch(a.filename)]


async def actions_so_far(table: Table, game_id: int) -> int:
    """The resolved actions (and events) of the game so far: one picture each."""
    state = await table.bot.tables.state(game_id)
    return sum(run[0]["type"] in ("resolve", "event") for run in split_runs(observe_log(state, None)))


SLOW = "600/300"  # the slowest timer: the simulated minutes of an outage never run a player's time out


def outage_on_simulated_time(env: Any, table: Table) -> None:
    """While Discord fails, the outbox's tries and its pauses between them wait on simulated time only.

    SimCord runs a sleep shorter than its settle budget (5 s) on the wall clock, so a click's
    settling would race discord.py's own retry pauses (1, 3, 5 … s) and the outbox's backoff, and
    lose on a slow machine. Declared as external waits they move with ``advance_time`` alone."""
    outbox = table.bot.outbox
    deliver, pause = outbox.deliver, outbox.pause

    def simulated(awaitable: Any) -> Any:
        return env.external_wait(awaitable, reason="Discord is failing") if env.backend.faults else awaitable

    outbox.deliver = lambda rows, **kwargs: simulated(deliver(rows, **kwargs))
    outbox.pause = lambda seconds: simulated(pause(seconds))


async def until_delivered(env: Any, table: Table, *, longest: float = 240.0) -> None:
    """Let simulated time pass until the outbox is empty (the retries' pauses), at most ``longest`` s.

    The backlog is drawn (in worker processes) and sent within one step of simulated time, which
    SimCord gives 5 real seconds by default: too tight on a busy machine. (Only now: while Discord
    fails, a longer budget would make SimCord wait out discord.py's own retry pauses in real time.)"""
    env.settle_timeout = 60.0
    for _ in range(int(longest // 20)):
        if await table.bot.tables.storage.outbox_size() == 0:
            return
        await env.advance_time(20)
    assert await table.bot.tables.storage.outbox_size() == 0


async def play_until_round(table: Table, game_id: int, round_no: int, rng: random.Random) -> None:
    for _ in range(400):
        state = await table.bot.tables.state(game_id)
        if state.round_no >= round_no:
            return
        assert await play_turn(table, game_id, rng)
    raise AssertionError(f"round {round_no} never came")


@pytest.mark.parametrize("status", [500, 429])
async def test_a_channel_failing_for_a_minute_loses_no_picture(simcord_env, status: int) -> None:  # type: ignore[no-untyped-def]
    table = setup_table(simcord_env, 3)
    game_id = await open_and_start(table, ["ghost", "doc", "tuco"], timer=SLOW)
    row = await table.bot.tables.row(game_id)
    # Every message and edit of the game's channel fails: sends, pile edits, status deletes.
    simcord_env.inject_error("*", f"/channels/{row.channel_id}/messages*", status=status, times=None)
    outage_on_simulated_time(simcord_env, table)
    await play_until_round(table, game_id, 2, random.Random(5))  # a whole round resolves meanwhile
    await simcord_env.advance_time(60)
    expected = await actions_so_far(table, game_id)
    assert expected > 5
    channel = channel_of(table, row.channel_id)
    assert frames_in(channel) == []  # nothing got through during the outage
    simcord_env.backend.faults.clear()  # Discord is back
    await until_delivered(simcord_env, table)  # the retries' pauses (doubling)
    frames = frames_in(channel)
    assert len(frames) == expected and len(set(frames)) == expected  # every picture, once
    assert any(m.content.startswith("## Round 2/5") for m in channel.history())  # the pile of the new round


async def test_a_deleted_game_channel_is_replaced_and_announced(simcord_env) -> None:  # type: ignore[no-untyped-def]
    table = setup_table(simcord_env, 3)
    game_id = await open_and_start(table, ["ghost", "doc", "tuco"])
    rng = random.Random(7)
    for _ in range(5):
        assert await play_turn(table, game_id, rng)
    lost = (await table.bot.tables.row(game_id)).channel_id
    simcord_env.backend.delete_channel(lost)
    await simcord_env.settle()
    row = await table.bot.tables.row(game_id)
    assert row.channel_id not in (None, lost)
    channel = channel_of(table, row.channel_id)
    history = channel.history()
    moved = next(m for m in history if m.content.startswith("🚂"))
    assert f"#{game_id}" in moved.content and moved.attachments  # the train as it stands
    pile = next(m for m in history if m.content.startswith("## Round 1/5"))
    assert any(c.custom_id == f"colt:h:{game_id}" for r in pile.components for c in r.children)  # Show my hand
    assert any(f"<#{row.channel_id}>" in m.content for m in table.lobby_channel.history())
    for user in table.users:
        assert any(f"<#{row.channel_id}>" in m.content for m in dm_history(user))
    lobby = next(m for m in table.lobby_channel.history() if m.embeds)
    assert any(f"<#{row.channel_id}>" in f.value for f in lobby.embeds[0].fields)
    status = await table.members[1].slash(channel, "colt status")
    assert status.ephemeral and "Round 1/5" in (status.followups[0] if status.followups else status.response).content
    # The game goes on there, pictures and all.
    await play_until_round(table, game_id, 2, rng)
    await simcord_env.settle()
    assert frames_in(channel)


async def test_a_game_channel_the_bot_lost_access_to_is_replaced(simcord_env) -> None:  # type: ignore[no-untyped-def]
    table = setup_table(simcord_env, 3)
    game_id = await open_and_start(table)
    lost = (await table.bot.tables.row(game_id)).channel_id
    simcord_env.inject_error("*", f"/channels/{lost}/messages*", status=403, code=50001, message="Missing Access",
                             times=None)
    await play_until_round(table, game_id, 2, random.Random(3))
    await simcord_env.settle()
    row = await table.bot.tables.row(game_id)
    assert row.channel_id != lost
    assert any(m.content.startswith("## Round 2/5") for m in channel_of(table, row.channel_id).history())
    assert await table.bot.tables.storage.outbox_size() == 0


async def test_a_restart_in_the_middle_of_delivering_loses_nothing_and_doubles_nothing(  # type: ignore[no-untyped-def]
        simcord_env, settings, monkeypatch: pytest.MonkeyPatch) -> None:
    table = setup_table(simcord_env, 3)
    game_id = await open_and_start(table, ["ghost", "doc", "tuco"], timer=SLOW)
    row = await table.bot.tables.row(game_id)
    simcord_env.inject_error("*", f"/channels/{row.channel_id}/messages*", status=503, times=None)
    outage_on_simulated_time(simcord_env, table)
    await play_until_round(table, game_id, 2, random.Random(11))
    waiting = await table.bot.tables.storage.outbox_size()
    assert waiting > 5
    # Discord comes back, and the process dies right after its next send reached Discord, before
    # it could write that the message was delivered.
    crashed: list[int] = []

    async def dies(self: Courier, rows: list[Any], **kwargs: Any) -> None:
        if not crashed and kwargs.get("remember") is not None:
            crashed.append(rows[0].id)
            raise RuntimeError("the process died here")
        await original(self, rows, **kwargs)

    original = Courier._done
    monkeypatch.setattr(Courier, "_done", dies)
    simcord_env.backend.faults.clear()
    await simcord_env.advance_time(90)
    assert crashed
    monkeypatch.setattr(Courier, "_done", original)
    await simcord_env.restart_bot(create_bot(settings))
    await until_delivered(simcord_env, table)
    channel = channel_of(table, row.channel_id)
    frames = frames_in(channel)
    assert len(frames) == await actions_so_far(table, game_id) and len(set(frames)) == len(frames)
    contents = [m.content for m in channel.history() if m.content.startswith("## Round")]
    assert len(contents) == len(set(contents)) == 2  # one pile per round, none twice


async def test_crafted_button_ids_and_unknown_answers_are_refused_like_stale_clicks(simcord_env) -> None:  # type: ignore[no-untyped-def]
    table = setup_table(simcord_env, 3)
    game_id = await open_and_start(table)
    user = await pending_user(table, game_id)
    message = prompt_message(user)
    step = (await table.bot.tables.state(game_id)).step
    for custom_id in (f"colt:a:99999999999999999999999:{step}:plan draw", f"colt:a:{game_id}:1{'0' * 30}:plan draw",
                      f"colt:a:{game_id}:{step}:plan play nobody:nothing", f"colt:a:{game_id}:{step}:x"):
        record = emit_click(simcord_env, user.id, crafted(simcord_env, message, custom_id), custom_id)
        await simcord_env.settle()
        shown = InteractionResult(simcord_env, record)
        assert shown.acknowledged
        refusal = shown.followups[-1] if shown.followups else shown.response
        assert refusal is not None and refusal.ephemeral and "out of date" in refusal.content, custom_id
    assert (await table.bot.tables.state(game_id)).step == step


async def test_two_start_clicks_at_once_make_one_table(simcord_env) -> None:  # type: ignore[no-untyped-def]
    table = setup_table(simcord_env, 3)
    lobby = await open_lobby(table)
    for member in table.members[1:]:
        await member.click(lobby, custom_id=component_id(lobby, ":join"))
    lobby = table.lobby_channel.history()[0] if table.lobby_channel.history()[0].components else lobby
    start, shown = component_id(lobby, ":start"), stored(simcord_env, lobby)
    host = table.users[0]
    first, second = emit_click(simcord_env, host.id, shown, start), emit_click(simcord_env, host.id, shown, start)
    await simcord_env.settle()
    tables = [c for c in table.guild.channels.values() if (c.name or "").startswith("colt-express-")]
    assert len(tables) == 1
    answers = [InteractionResult(simcord_env, r) for r in (first, second)]
    texts = [(a.followups[-1] if a.followups else a.response).content for a in answers]
    # the other click is told the lobby is being started, or (once the start is done) that it is closed
    assert sum("The game is on" in t for t in texts) == 1, texts
    assert sum("already being started" in t or "This lobby is closed" in t for t in texts) == 1, texts
    assert len(await table.bot.tables.storage.games("running")) == 1


async def test_a_second_table_on_the_same_database_never_applies_an_answer_twice(  # type: ignore[no-untyped-def]
        simcord_env, settings) -> None:
    """Exactly once is the database's: a table whose cached game is behind (a second process) is
    refused by the compare-and-set on the step, never applies the answer on the wrong state."""
    table = setup_table(simcord_env, 3)
    game_id = await open_and_start(table)
    other = Tables(await Storage.open(settings.database))
    try:
        behind = await other.state(game_id)  # cached by the other table
        step = behind.step
        user = await pending_user(table, game_id)
        answer = behind.pending.options[0]
        await table.bot.tables.answer(game_id, user.id, step, answer)
        with pytest.raises(TableError, match="out of date"):
            await other.answer(game_id, user.id, step, answer)
        assert len(await table.bot.tables.storage.answers(game_id)) == step + 1
        # Many games answered at once through one table: each exactly once.
        more = [await open_and_start(setup_table(simcord_env, 3, guild=table.guild)) for _ in range(3)]
        states = [await table.bot.tables.state(g) for g in more]
        seats = [await table.bot.tables.storage.players(g) for g in more]
        asked = [next(p.user_id for p in s if p.seat == st.pending.seat) for s, st in zip(seats, states, strict=True)]
        steps = [st.step for st in states]
        options = [st.pending.options[0] for st in states]
        await asyncio.gather(*(table.bot.tables.answer(g, u, s, o)
                               for g, u, s, o in zip(more, asked, steps, options, strict=True)))
        for game, s in zip(more, steps, strict=True):
            assert len(await table.bot.tables.storage.answers(game)) == s + 1
    finally:
        await other.storage.close()
