"""Planning from the DM (issue 13): the planning prompt's picture shows the table (train, round card,
pile, hand: render.planning_image), and the hand shown when planning is over is the hand as it is.
Issue 29: that picture is drawn only for the player asked; a waiting player's hand is in words."""

from __future__ import annotations

import random

from cogs.prompts import _hand_text
from engine import observe
from lang import english
from tests.bot.table import dm_history, open_and_start, pending_user, play_turn, prompt_message, setup_table


async def test_the_planning_prompt_shows_the_whole_table(simcord_env) -> None:  # type: ignore[no-untyped-def]
    table = setup_table(simcord_env, 3)
    game_id = await open_and_start(table)
    user = await pending_user(table, game_id)
    prompt = prompt_message(user)
    assert prompt is not None
    assert [a.filename for a in prompt.attachments] == [f"planning{game_id}.png"]


async def test_when_planning_is_over_each_hand_message_tells_the_hand_left(simcord_env) -> None:  # type: ignore[no-untyped-def]
    """B-5: the last card planned leaves the hand; the DM once said "planning is over" over the hand
    as it was before that card (one card behind). Now it says it in words, with no stale picture."""
    table = setup_table(simcord_env, 3)
    game_id = await open_and_start(table)
    rng = random.Random(4)
    for _ in range(60):
        state = await table.bot.tables.state(game_id)
        if state.phase != "planning":
            break
        await play_turn(table, game_id, rng)
    state = await table.bot.tables.state(game_id)
    assert state.phase != "planning"
    lang = english()
    for player in await table.bot.tables.storage.players(game_id):
        stored = await table.bot.tables.storage.message(game_id, f"hand:{player.seat}")
        assert stored is not None
        assert stored[2] is None, f"seat {player.seat}'s hand message kept a planning picture"
        message = next(m for m in dm_history(table.user(player.user_id)) if m.id == stored[1])
        assert "planning is over" in message.content and not message.attachments
        hand = observe(state, player.seat)["seats"][player.seat]["hand"]
        line = next(line for line in message.content.splitlines() if line.startswith("Your hand"))
        assert line == _hand_text(hand, lang), f"seat {player.seat}'s message does not tell the hand left"


async def test_only_the_player_asked_gets_a_planning_picture(simcord_env) -> None:  # type: ignore[no-untyped-def]
    """Round 1 is dealt: each player gets a hand message, the first player's with the planning picture,
    the others' in words; after a card, the one who played waits in words, the next one is pictured."""
    table = setup_table(simcord_env, 3)
    game_id = await open_and_start(table)
    rng = random.Random(7)
    for _ in range(3):
        state = await table.bot.tables.state(game_id)
        asked = state.pending.seat  # type: ignore[union-attr]
        for player in await table.bot.tables.storage.players(game_id):
            stored = await table.bot.tables.storage.message(game_id, f"hand:{player.seat}")
            assert stored is not None
            message = next(m for m in dm_history(table.user(player.user_id)) if m.id == stored[1])
            names = [a.filename for a in message.attachments]
            assert names == ([f"planning{game_id}.png"] if player.seat == asked else []), (player.seat, asked)
        await play_turn(table, game_id, rng)


async def test_the_channel_shows_the_train_before_round_one_is_planned(simcord_env) -> None:  # type: ignore[no-untyped-def]
    table = setup_table(simcord_env, 3)
    game_id = await open_and_start(table)
    row = await table.bot.tables.row(game_id)
    channel = next(c for c in table.guild.channels.values() if c.id == row.channel_id)
    messages = list(channel.history())
    pile = next(i for i, m in enumerate(messages) if "Pile" in m.content)
    pictured = [i for i, m in enumerate(messages) if m.attachments]
    assert pictured and pictured[0] < pile  # a picture of the train, then the pile of round 1
    assert messages[pictured[0]].attachments[0].filename == f"colt{game_id}-start.png"
    assert (await table.bot.tables.state(game_id)).phase == "planning"


async def test_the_hand_reads_in_one_order_in_the_text_the_buttons_and_the_picture(simcord_env) -> None:  # type: ignore[no-untyped-def]
    from cogs import texts
    from render.hand import sorted_hand
    from tests.bot.table import live_buttons

    table = setup_table(simcord_env, 3)
    game_id = await open_and_start(table)
    user = await pending_user(table, game_id)
    prompt = prompt_message(user)
    assert prompt is not None
    state = await table.bot.tables.state(game_id)
    seat = state.pending.seat  # type: ignore[union-attr]
    mine = observe(state, seat)
    pictured = [c for c in sorted_hand(mine["seats"][seat]) if not c.startswith("bullet:")]
    lang = english()
    labels = [texts.card_label(lang, c) for c in dict.fromkeys(pictured)]
    buttons = [b.label for b in live_buttons(prompt) if b.custom_id.split(":", 4)[4].startswith("plan play")]
    assert buttons == labels
    line = next(line for line in prompt.content.splitlines() if line.startswith("Your hand"))
    assert line.split(": ", 1)[1].split(", ") == [texts.card_label(lang, c) for c in pictured]
