"""Slow play (issue 13): day-long paces, DM reminders, pausing across a restart, the pace changed in a
running game, and the channel saying whom it waits for and since when. On SimCord's clock."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from simcord import InteractionResult

from cogs.app import create_bot
from table.pace import HOUR, PACES, next_reminder, reminders
from table.service import Tables
from table.storage import Storage
from tests.bot.table import (
    Table,
    all_buttons,
    crafted,
    dm_history,
    live_buttons,
    open_and_start,
    pending_user,
    prompt_message,
    setup_table,
)
from tools.loadbench import emit_click


def _slow(env: Any, players: int = 3) -> Table:
    """A table whose clock will move by hours: every periodic timer of those hours (the cleanup,
    discord.py's heartbeats) runs on the way, which takes SimCord longer than its default wait."""
    env.settle_timeout = 120.0
    return setup_table(env, players)


def _channel(table: Table, channel_id: int | None) -> Any:
    return next(c for c in table.guild.channels.values() if c.id == channel_id)


def _now(user: Any, message: Any) -> Any:
    """A DM as it stands now (the bot edits its prompts)."""
    return next(m for m in dm_history(user) if m.id == message.id)


def _reminders(user: Any) -> list[str]:
    return [m.content for m in dm_history(user) if m.content.startswith("⏰")]


async def _game_channel(table: Table, game_id: int) -> Any:
    return _channel(table, (await table.bot.tables.row(game_id)).channel_id)


def test_slow_paces_remind_at_half_time_and_near_the_end_fast_ones_never() -> None:
    assert reminders(PACES["90/45"].planning) == () and reminders(PACES["600/300"].planning) == ()
    day = PACES["1d"].planning
    assert reminders(day) == (12 * HOUR, 2 * HOUR)
    assert PACES["1d"].choice < day  # a choice while the pile resolves is one click: less time
    assert next_reminder(day, 1000 * HOUR, 0, now=0) == (1, 988 * HOUR)
    assert next_reminder(day, 1000 * HOUR, 1, now=0) == (2, 998 * HOUR)
    assert next_reminder(day, 1000 * HOUR, 2, now=0) is None
    # Back after a long outage: only the latest reminder that is due is sent.
    assert next_reminder(day, 1000 * HOUR, 0, now=999 * HOUR) == (2, 998 * HOUR)


async def test_a_day_long_decision_reminds_its_player_twice_then_the_ai_answers(simcord_env) -> None:  # type: ignore[no-untyped-def]
    table = _slow(simcord_env)
    game_id = await open_and_start(table, timer="1d")
    waited_for = await pending_user(table, game_id)
    others = [u for u in table.users if u is not waited_for]
    step = (await table.bot.tables.row(game_id)).step
    channel = await _game_channel(table, game_id)
    pile = next(m for m in channel.history() if "Pile" in m.content)
    assert "waiting since <t:" in pile.content and "time's up <t:" in pile.content  # whom, since when

    await simcord_env.advance_time(11 * HOUR)
    assert _reminders(waited_for) == []
    await simcord_env.advance_time(1.5 * HOUR)  # half time
    first = _reminders(waited_for)
    assert len(first) == 1 and f"Game #{game_id} is waiting for you" in first[0]
    prompt = prompt_message(waited_for)
    assert prompt is not None and f"/channels/@me/{prompt.channel.id}/{prompt.id}" in first[0]  # a link to it
    await simcord_env.advance_time(10 * HOUR)  # 2 h before the end
    assert len(_reminders(waited_for)) == 2
    assert all(_reminders(u) == [] for u in others)  # only the person waited for
    assert (await table.bot.tables.row(game_id)).step == step  # still theirs
    await simcord_env.advance_time(2 * HOUR)
    assert (await table.bot.tables.row(game_id)).step > step  # time was up: the AI answered


async def test_notify_off_means_no_reminder(simcord_env) -> None:  # type: ignore[no-untyped-def]
    table = _slow(simcord_env)
    game_id = await open_and_start(table, timer="12h")
    waited_for = await pending_user(table, game_id)
    member = next(m for m, u in zip(table.members, table.users, strict=True) if u is waited_for)
    reply = await member.slash(await _game_channel(table, game_id), "colt notify", reminders="off")
    assert reply.ephemeral and "No more reminders" in reply.response.content
    assert not await table.bot.tables.storage.wants_reminders(waited_for.id)
    await simcord_env.advance_time(11.5 * HOUR)
    assert _reminders(waited_for) == []


async def test_a_paused_game_keeps_its_time_left_across_a_restart(simcord_env, settings) -> None:  # type: ignore[no-untyped-def]
    table = _slow(simcord_env)
    game_id = await open_and_start(table, timer="1h")
    waited_for = await pending_user(table, game_id)
    step = (await table.bot.tables.row(game_id)).step
    prompt = prompt_message(waited_for)
    assert prompt is not None and "🟢" in prompt.content
    await simcord_env.advance_time(20 * 60)  # 40 minutes left
    channel = await _game_channel(table, game_id)
    outsider = table.members[1]
    refused = await outsider.slash(channel, "colt pause")
    assert refused.ephemeral and "Only the host or a server manager" in refused.response.content
    paused = await table.members[0].slash(channel, "colt pause")
    assert paused.ephemeral
    row = await table.bot.tables.row(game_id)
    assert row.paused and row.paused_left == pytest.approx(40 * 60, abs=5)
    assert any("paused game" in m.content for m in channel.history())

    pile = next(m for m in channel.history() if "Pile" in m.content)
    assert "(⏸ paused)" in pile.content

    # Issue 26: the prompt says the game is paused and by whom; its buttons are greyed out.
    host = table.users[0].id
    paused_prompt = _now(waited_for, prompt)
    assert f"⏸ **Game #{game_id} is paused** by <@{host}>" in paused_prompt.content
    assert "🟢" not in paused_prompt.content and "Time's up" not in paused_prompt.content
    answers = [b for b in all_buttons(paused_prompt) if b.custom_id.startswith("colt:a:")]
    assert answers and all(b.disabled for b in answers) and not live_buttons(paused_prompt)
    member = next(m for m, u in zip(table.members, table.users, strict=True) if u is waited_for)
    shown = await member.slash(channel, "colt hand")  # the same from the channel
    copy = shown.followups[-1] if shown.followups else shown.response
    assert "is paused" in copy.content and not live_buttons(copy)
    # A click from a copy that still shows the buttons is refused and changes nothing.
    old = live_buttons(prompt)[0].custom_id
    record = emit_click(simcord_env, waited_for.id, crafted(simcord_env, paused_prompt, old), old)
    await simcord_env.settle()
    click = InteractionResult(simcord_env, record)
    refusal = click.followups[-1]
    assert refusal.ephemeral and "is paused" in refusal.content
    assert (await table.bot.tables.row(game_id)).step == step

    await simcord_env.restart_bot(create_bot(settings))
    await simcord_env.advance_time(5 * HOUR)  # long past the old deadline: nothing happens while paused
    assert (await table.bot.tables.row(game_id)).step == step
    resumed = await table.members[0].slash(channel, "colt resume")
    assert resumed.ephemeral
    row = await table.bot.tables.row(game_id)
    assert not row.paused and row.deadline_at is not None and row.paused_by is None
    assert row.deadline_at - table.bot.tables.clock() == pytest.approx(40 * 60, abs=5)
    live_again = _now(waited_for, prompt)  # the same message, live again
    assert "🟢" in live_again.content and "paused" not in live_again.content and "Time's up <t:" in live_again.content
    assert {b.custom_id for b in live_buttons(live_again)} == {b.custom_id for b in live_buttons(prompt)}
    await simcord_env.advance_time(39 * 60)
    assert (await table.bot.tables.row(game_id)).step == step
    await simcord_env.advance_time(2 * 60)
    assert (await table.bot.tables.row(game_id)).step > step


async def test_the_host_changes_the_pace_of_a_running_game(simcord_env) -> None:  # type: ignore[no-untyped-def]
    table = setup_table(simcord_env, 3)
    game_id = await open_and_start(table)  # the default: 90 s to plan
    channel = await _game_channel(table, game_id)
    # The choice carries the pace's name, which a client may show where it was picked (issue 26).
    result = await table.members[0].slash(channel, "colt pace", pace="Over days")
    assert result.ephemeral
    row = await table.bot.tables.row(game_id)
    assert row.options["timer"] == "12h"
    assert row.deadline_at is not None and row.deadline_at - table.bot.tables.clock() == pytest.approx(12 * HOUR, abs=5)
    assert any("set the pace" in m.content for m in channel.history())
    await simcord_env.advance_time(120)  # past the old 90 s: the person still has their time
    assert (await table.bot.tables.row(game_id)).step == row.step


async def test_pause_and_answers_racing_apply_exactly_one_of_them(tmp_path) -> None:  # type: ignore[no-untyped-def]
    """A click and the host's pause at the same moment: either the answer lands before the pause,
    or it is refused; never an answer written into a paused game."""
    storage = await Storage.open(tmp_path / "race.sqlite3")
    try:
        tables = Tables(storage)
        host = 1
        lobby = await tables.new_lobby(guild_id=9, channel_id=10, host_id=host)
        game_id = lobby.game.id
        for user in (2, 3):
            await tables.join(game_id, user)
        state = (await tables.start(game_id, host, channel_id=11)).state
        pending = state.pending
        assert pending is not None
        players = await storage.players(game_id)
        user = next(p.user_id for p in players if p.seat == pending.seat)
        answer, step = pending.options[0], state.step  # (the state object moves on with the game)
        results = await asyncio.gather(tables.answer(game_id, user, step, answer),
                                       tables.pause(game_id, host, may_manage=False), return_exceptions=True)
        row = await tables.row(game_id)
        assert row.paused
        answered = not isinstance(results[0], BaseException)
        assert (await storage.answer(game_id, step) is not None) == answered
    finally:
        await storage.close()


async def _first_catch_up(table: Table, game_id: int, turns: int = 80) -> Any:
    """Play until a prompt starts with what happened since its player's last answer (or give up)."""
    import random

    from tests.bot.table import play_turn

    rng = random.Random(11)
    for _ in range(turns):
        user = await pending_user(table, game_id)
        prompt = prompt_message(user) if user is not None else None
        if prompt is not None and prompt.content.startswith("Since your last move"):
            return prompt
        if not await play_turn(table, game_id, rng):
            return None
    return None


async def test_a_returning_player_reads_what_happened_since_their_last_answer(simcord_env) -> None:  # type: ignore[no-untyped-def]
    table = setup_table(simcord_env, 3)
    game_id = await open_and_start(table, timer="1h")
    prompt = await _first_catch_up(table, game_id)
    assert prompt is not None, "no prompt told what happened meanwhile"
    lines = prompt.content.splitlines()
    told = [line for line in lines if line.startswith("• ")]
    assert 1 <= len(told) <= 12
    assert prompt.attachments  # how the train stands now (the planning picture, or the train)


async def test_a_fast_game_tells_no_catch_up(simcord_env) -> None:  # type: ignore[no-untyped-def]
    table = setup_table(simcord_env, 3)
    game_id = await open_and_start(table)  # 90 s a decision: the players are there
    assert await _first_catch_up(table, game_id) is None


async def test_a_paused_game_names_the_resume_command_in_its_readers_language(simcord_env,  # type: ignore[no-untyped-def]
                                                                             client_locales) -> None:
    """Issue 26: "until `/colt resume`" was told in every language, while a French client only knows
    `/colt reprendre`; the prompt of the player waited for says it too, in their language."""
    table = setup_table(simcord_env, 3)
    for user in table.users:
        client_locales[user.id] = "fr"
    game_id = await open_and_start(table, language="fr")
    waited_for = await pending_user(table, game_id)
    prompt = prompt_message(waited_for)
    channel = await _game_channel(table, game_id)
    await table.members[0].slash(channel, "colt pause")
    assert any("`/colt reprendre`" in m.content and "en pause" in m.content for m in channel.history())
    paused = _now(waited_for, prompt)
    assert "**La partie n° 1 est en pause**" in paused.content and "`/colt reprendre`" in paused.content
    assert not live_buttons(paused)
