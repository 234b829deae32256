"""Restarts, closed DMs, stale and foreign clicks, spectators, two games at once (issue 4)."""

from __future__ import annotations

import asyncio
import random
import re

from cogs.app import create_bot
from lang import english
from table.service import TableError
from tests.bot.table import (
    component_id,
    live_buttons,
    open_and_start,
    open_lobby,
    pending_user,
    play_to_the_end,
    play_turn,
    prompt_message,
    setup_table,
)


async def test_the_game_goes_on_after_a_restart_in_the_middle_of_a_round(simcord_env, settings) -> None:  # type: ignore[no-untyped-def]
    table = setup_table(simcord_env, 4)
    game_id = await open_and_start(table)
    rng = random.Random(4)
    for _ in range(7):
        assert await play_turn(table, game_id, rng)
    before = (await table.bot.tables.state(game_id)).step
    await simcord_env.restart_bot(create_bot(settings))
    state = await table.bot.tables.state(game_id)
    assert state.step == before and state.phase == "planning"
    # The buttons sent before the restart still work.
    assert await play_turn(table, game_id, rng)
    assert (await table.bot.tables.state(game_id)).step == before + 1
    await play_to_the_end(table, game_id)
    assert (await table.bot.tables.row(game_id)).status == "over"


async def test_a_closed_dm_never_stalls_the_game(simcord_env) -> None:  # type: ignore[no-untyped-def]
    table = setup_table(simcord_env, 3)
    closed = table.users[1]
    simcord_env.inject_error("POST", f"/channels/{closed.dm_channel.id}/messages", status=403, code=50007,
                             times=None)
    game_id = await open_and_start(table)
    row = await table.bot.tables.row(game_id)
    channel = next(c for c in table.guild.channels.values() if c.id == row.channel_id)
    assert any(f"<@{closed.id}>" in m.content and "Show my hand" in m.content for m in channel.history())
    rng = random.Random(2)
    member = table.members[1]
    for _ in range(200):
        user = await pending_user(table, game_id)
        if user is None:
            break
        if user.id != closed.id:
            await play_turn(table, game_id, rng)
            continue
        # The closed-DM player plays from the channel, with an ephemeral copy of the buttons.
        pile = next(m for m in reversed(channel.history()) if any(
            c.custom_id == f"colt:h:{game_id}" for r in m.components for c in r.children))
        shown = await member.click(pile, custom_id=f"colt:h:{game_id}")
        assert shown.ephemeral
        buttons = live_buttons(shown.response)
        assert buttons
        await member.click(shown.response, custom_id=rng.choice(buttons).custom_id)
    assert (await table.bot.tables.row(game_id)).status == "over"


async def test_stale_foreign_and_double_clicks_change_nothing(simcord_env) -> None:  # type: ignore[no-untyped-def]
    table = setup_table(simcord_env, 3)
    game_id = await open_and_start(table)
    tables = table.bot.tables
    user = await pending_user(table, game_id)
    message = prompt_message(user)
    button = live_buttons(message)[0]
    await user.click(message, custom_id=button.custom_id)
    step = (await tables.state(game_id)).step
    # The same button again: the message was edited, but an old copy of it is stale anyway.
    state = await tables.state(game_id)
    pending_before = state.pending
    old_step = int(button.custom_id.split(":")[3])
    answer = button.custom_id.split(":", 4)[4]
    try:
        await tables.answer(game_id, user.id, old_step, answer)
    except TableError as error:
        assert "out of date" in str(error) or "not your decision" in str(error).lower()
    else:
        raise AssertionError("a stale answer was accepted")
    assert (await tables.state(game_id)).step == step and state.pending == pending_before
    # A spectator presses "Show my hand".
    spectator = table.guild.add_member(simcord_env.create_user("spectator"))
    row = await tables.row(game_id)
    channel = next(c for c in table.guild.channels.values() if c.id == row.channel_id)
    pile = next(m for m in reversed(channel.history()) if m.components)
    result = await spectator.click(pile, custom_id=f"colt:h:{game_id}")
    assert result.ephemeral and "not playing" in result.response.content
    # Two answers to the same decision at the same moment: exactly one takes effect.
    state = await tables.state(game_id)
    assert state.pending is not None
    seat_user = await pending_user(table, game_id)
    options, step = state.pending.options, state.step
    outcomes = await asyncio.gather(
        tables.answer(game_id, seat_user.id, step, options[0]),
        tables.answer(game_id, seat_user.id, step, options[-1]),
        return_exceptions=True,
    )
    assert sum(not isinstance(o, BaseException) for o in outcomes) == 1
    assert sum(isinstance(o, TableError) for o in outcomes) == 1
    assert (await tables.state(game_id)).step == step + 1
    assert len(await tables.storage.answers(game_id)) == step + 1


async def test_a_stale_button_click_gets_an_explanation(simcord_env) -> None:  # type: ignore[no-untyped-def]
    table = setup_table(simcord_env, 3)
    game_id = await open_and_start(table)
    rng = random.Random(9)
    # Play into Stealin', where every decision is its own message.
    for _ in range(300):
        state = await table.bot.tables.state(game_id)
        if state.pending is not None and state.pending.kind not in ("plan", "discard"):
            break
        await play_turn(table, game_id, rng)
    user = await pending_user(table, game_id)
    message = prompt_message(user)
    stale = live_buttons(message)[0].custom_id
    await user.click(message, custom_id=stale)
    step = (await table.bot.tables.state(game_id)).step
    # The clicked message lost its buttons; a copy of the old button (e.g. a second device) is refused.
    from cogs.components import AnswerButton  # noqa: F401  (the button class the id belongs to)
    assert not live_buttons(next(m for m in user.dm_channel.history() if m.id == message.id))
    assert (await table.bot.tables.state(game_id)).step == step


async def test_the_game_channel_shows_nothing_hidden(simcord_env) -> None:  # type: ignore[no-untyped-def]
    table = setup_table(simcord_env, 4)
    game_id = await open_and_start(table, ["ghost", "doc", "tuco", "cheyenne"])
    await play_to_the_end(table, game_id, seed=5)
    row = await table.bot.tables.row(game_id)
    channel = next(c for c in table.guild.channels.values() if c.id == row.channel_id)
    messages = channel.history()
    spoken = "\n".join(m.content for m in messages if "Final count" not in m.content)
    assert "Your hand" not in spoken and "bullet:" not in spoken
    # The conductor's ransom is a public $250 (B-10.8); any other amount would be a purse's value.
    amounts = [line for line in spoken.splitlines() if re.search(r"\$\d", line) and "Conductor" not in line]
    assert not amounts, f"a purse value was shown before the final count: {amounts}"
    assert len([m for m in messages if m.content.startswith("## Round")]) == 5


async def test_the_pile_names_a_face_down_card_only_once_it_resolves(simcord_env) -> None:  # type: ignore[no-untyped-def]
    from engine import apply, new_game, observe

    game = new_game(["ghost", "doc", "tuco"], seed=3, round_cards=["tunnels", "bridge", "braking",
                    "swivel-arm", "pickpocketing"])
    while game.phase == "planning":
        apply(game, next(o for o in game.pending.options if o.startswith("plan play")) if any(
            o.startswith("plan play") for o in game.pending.options) else game.pending.options[0])
    hidden = [p for p in game.pile if p.face_down]
    assert hidden
    text = simcord_env.bot.presenter.story.pile_text(observe(game, None), english())
    unresolved = [p for p in hidden if game.pile.index(p) >= game.cursor]
    assert text.count("🂠 face down") == len(unresolved)


async def test_two_games_at_once_in_one_server(simcord_env) -> None:  # type: ignore[no-untyped-def]
    first = setup_table(simcord_env, 3)
    second = setup_table(simcord_env, 3, guild=first.guild)
    one = await open_and_start(first)
    two = await open_and_start(second)
    assert one != two
    rng = random.Random(1)
    playing = {one: first, two: second}
    while playing:
        for game_id, table in list(playing.items()):
            if not await play_turn(table, game_id, rng):
                del playing[game_id]
    for game_id in (one, two):
        assert (await first.bot.tables.row(game_id)).status == "over"
    channels = {(await first.bot.tables.row(g)).channel_id for g in (one, two)}
    assert len(channels) == 2


async def test_lobby_rules_are_enforced_with_clear_answers(simcord_env) -> None:  # type: ignore[no-untyped-def]
    table = setup_table(simcord_env, 3)
    lobby = await open_lobby(table)
    guest = table.members[1]
    refused = await guest.click(lobby, label="Start")
    assert refused.ephemeral and "Only the host" in refused.response.content
    refused = await table.members[0].click(lobby, label="Start")
    assert refused.ephemeral and "3 to 7 players" in refused.response.content
    await guest.click(lobby, label="Join")
    again = await guest.click(lobby, label="Join")
    assert again.ephemeral and "already" in again.response.content
    await guest.select(lobby, ["belle"], custom_id=component_id(lobby, ":character"))
    taken = await table.members[0].select(lobby, ["belle"], custom_id=component_id(lobby, ":character"))
    assert taken.ephemeral and "taken" in taken.response.content
    options = await guest.select(lobby, ["expert"], custom_id=component_id(lobby, ":toggles"))
    assert options.ephemeral and "Only the host" in options.response.content
