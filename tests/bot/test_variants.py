"""The seating variants at the table: two bandits per player (V-2) chosen in the lobby, two people
start, each picks a pair, places it and takes a card by DM, plays cards named by bandit, and the
game plays to the final count."""

from __future__ import annotations

import random

import pytest

from cogs import texts
from lang import CODES, language
from render import text
from tests.bot.table import (
    component_id,
    live_buttons,
    lobby_now,
    open_lobby,
    pending_user,
    play_turn,
    prompt_message,
    setup_table,
    start_with,
)


async def _start(table, variant: str) -> int:  # type: ignore[no-untyped-def]
    return await start_with(table, rules=[f"variant={variant}"])


async def test_v_2_two_people_play_two_bandits_each_to_the_final_count(simcord_env) -> None:  # type: ignore[no-untyped-def]
    table = setup_table(simcord_env, 2)
    game_id = await _start(table, "two-bandits")
    state = await table.bot.tables.state(game_id)
    assert state.options.variant == "two-bandits" and state.phase == "placing"
    assert all(len(seat.bandits) == 2 for seat in state.seats) and len(state.wagons) == 3
    user = await pending_user(table, game_id)
    message = prompt_message(user)
    assert message is not None and "starts in the caboose" in message.content
    seat = next(s for s in state.seats if s.index == state.pending.seat)
    assert sorted(b.label for b in live_buttons(message)) == sorted(s.capitalize() for s in seat.bandits)
    rng = random.Random(5)
    kinds: set[str] = set()
    named = False
    for _ in range(3000):
        state = await table.bot.tables.state(game_id)
        if state.pending is None:
            break
        kinds.add(state.pending.kind)
        if state.pending.kind == "plan":
            message = prompt_message(await pending_user(table, game_id))
            named = named or any("(" in b.label for b in live_buttons(message))
        assert await play_turn(table, game_id, rng)
    row = await table.bot.tables.row(game_id)
    assert row.status == "over" and {"place", "take-card", "plan"} <= kinds and named
    channel = next(c for c in table.guild.channels.values() if c.id == row.channel_id)
    assert any("Final count" in m.content for m in channel.history())
    stats = await table.bot.tables.storage.stats(row.guild_id)
    assert len(stats) == 2 and sum(r["wins"] for r in stats) >= 1  # a player's pair won or lost together


async def test_v_2_the_lobby_offers_the_drawn_pairs_and_refuses_a_taken_bandit(simcord_env) -> None:  # type: ignore[no-untyped-def]
    table = setup_table(simcord_env, 3)
    lobby = await open_lobby(table)
    await table.members[0].select(lobby, ["variant=two-bandits"], custom_id=component_id(lobby, ":rules"))
    shown = lobby_now(table, lobby)
    menu = next(c for row in shown.components for c in row.children if c.custom_id.endswith(":character"))
    teams = [o.value for o in menu.options if o.value != "random"]
    assert len(teams) == 3 and all(t.split("+")[0] in ("ghost", "doc", "belle") for t in teams)
    await table.members[1].click(lobby, custom_id=component_id(lobby, ":join"))
    await table.members[0].select(lobby, [teams[0]], custom_id=component_id(lobby, ":character"))
    refused = await table.members[1].select(lobby, [teams[0]], custom_id=component_id(lobby, ":character"))
    assert refused.ephemeral
    players = next(f.value for f in lobby_now(table, lobby).embeds[0].fields if f.name.startswith("Players"))
    assert " & " in players


@pytest.mark.parametrize("code", CODES)
def test_two_bandit_answers_have_labels_and_questions(code: str) -> None:
    lang = language(code)
    assert texts.answer_label(lang, "place tuco") == text.bandit_name("tuco", lang)
    assert "(" in texts.answer_label(lang, "take-card tuco:fire")
    assert "(" in texts.answer_label(lang, "plan play tuco:fire", named=True)
    assert "(" not in texts.answer_label(lang, "plan play tuco:fire")
    for kind in ("place", "take-card"):
        assert texts.question(lang, kind) != lang.text("question.other") and lang.has(f"waiting.{kind}")


def test_the_rules_topic_covers_the_two_bandit_variants() -> None:
    from cogs import rules_text
    words = rules_text.topic(language("en"), "variants")
    assert "Cover" in words and "11 cards" in words and "Two-player game" in words
    assert "Variants" in rules_text.topic(language("en"), "overview")


async def test_v_4_four_people_in_two_teams_play_to_the_final_count(simcord_env) -> None:  # type: ignore[no-untyped-def]
    table = setup_table(simcord_env, 4)
    game_id = await _start(table, "teams")
    state = await table.bot.tables.state(game_id)
    assert state.options.variant == "teams" and state.first_seat % 2 == 0  # an A player (V-4.2)
    row = await table.bot.tables.row(game_id)
    channel = next(c for c in table.guild.channels.values() if c.id == row.channel_id)
    welcome = next(m.content for m in channel.history() if "team 2" in m.content)
    assert welcome.count("team 1") == 2 and welcome.count("team 2") == 2
    rng = random.Random(2)
    for _ in range(3000):
        if not await play_turn(table, game_id, rng):
            break
    row = await table.bot.tables.row(game_id)
    assert row.status == "over"
    stats = await table.bot.tables.storage.stats(row.guild_id)
    assert sorted(r["wins"] for r in stats) in ([0, 0, 1, 1], [1, 1, 1, 1])  # partners win together


def test_the_rules_menu_takes_the_choice_just_picked_beside_the_one_shown_chosen() -> None:
    from cogs.colt import _newly_chosen
    current = {"setup": "advanced", "variant": "none", "timer": "90/45", "language": "en"}
    sent = ["setup=advanced", "variant=none", "variant=two-bandits", "timer=90/45", "language=en"]
    assert _newly_chosen(sent, current)["variant"] == "two-bandits"
    back = {**current, "variant": "two-bandits"}
    assert _newly_chosen(["variant=none", "variant=two-bandits"], back)["variant"] == "none"
    assert _newly_chosen(["setup=first-game"], current) == {"setup": "first-game"}
