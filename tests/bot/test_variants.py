"""The seating variants at the table: two bandits per player (V-2) chosen in the lobby, two people
start, each picks a pair, places it and takes a card by DM, plays cards named by bandit, and the
game plays to the final count."""

from __future__ import annotations

import random
from typing import Any

import pytest

from cogs import texts
from engine import Options, apply, new_game, observe, scoring
from lang import CODES, language
from render import text
from table.service import TableError
from tests.bot.table import (
    ai_choice,
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


def test_the_rules_topic_covers_the_seating_variants() -> None:
    from cogs import rules_text
    words = rules_text.topic(language("en"), "variants")
    assert "Cover" in words and "11 cards" in words and "Two-player game" in words
    assert "Teams of two" in words and "partner's deck" in words  # V-4
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


async def test_v_4_1_the_host_makes_partners_or_draws_the_teams(simcord_env) -> None:  # type: ignore[no-untyped-def]
    table = setup_table(simcord_env, 4)
    tables = table.bot.tables
    lobby = await open_lobby(table)
    assert not any(c.custom_id.endswith(":teams") for row in lobby.components for c in row.children)
    await table.members[0].select(lobby, ["variant=teams"], custom_id=component_id(lobby, ":rules"))
    for member in table.members[1:]:
        await member.click(lobby, custom_id=component_id(lobby, ":join"))
    game_id = max(row.id for row in await tables.storage.games("lobby"))
    users = [u.id for u in table.users]

    async def seated() -> list[int | None]:
        return [p.user_id for p in await tables.storage.players(game_id)]

    assert await seated() == users  # in joining order: partners 1-2 and 3-4
    shown = lobby_now(table, lobby)
    assert any("team 2" in f.value for f in shown.embeds[0].fields)
    labels = {o.value.rsplit(":", 1)[0]: o.label for o in _menu_options(shown, ":ai")}
    assert labels["pair:0:2"].startswith("Partners: seat 1") and "+ seat 3" in labels["pair:0:2"]
    # The host makes seats 1 and 3 partners: the third player takes the second seat.
    await table.members[0].select(shown, [ai_choice(shown, "pair:0:2")], custom_id=component_id(shown, ":ai"))
    assert await seated() == [users[0], users[2], users[1], users[3]]
    shown = lobby_now(table, lobby)
    assert not any(o.value.startswith("pair:0:1:") for o in _menu_options(shown, ":ai"))  # partners already
    # Nobody else arranges the teams.
    refused = await table.members[1].click(shown, custom_id=component_id(shown, ":teams"))
    assert refused.ephemeral and "Only the host" in refused.response.content
    assert await seated() == [users[0], users[2], users[1], users[3]]
    # The host draws them at random: the same people, other partners at some draw.
    tables.seeds = random.Random(4)
    partners = set()
    for _ in range(6):
        await table.members[0].click(lobby_now(table, lobby), custom_id=component_id(shown, ":teams"))
        now = await seated()
        assert sorted(now) == sorted(users)
        partners.add(frozenset({frozenset(now[:2]), frozenset(now[2:])}))
    assert len(partners) > 1
    await table.members[0].click(lobby_now(table, lobby), custom_id=component_id(shown, ":start"))
    state = await tables.state(game_id)
    players = await tables.storage.players(game_id)
    sides = [{players[state.bandits[name].seat].user_id for name in side} for side in scoring.sides(state)]
    assert sides == [set(now[:2]), set(now[2:])]  # the teams as the lobby showed them


async def test_teams_are_arranged_only_in_a_teams_game(simcord_env) -> None:  # type: ignore[no-untyped-def]
    table = setup_table(simcord_env, 4)
    await open_lobby(table)
    game_id = max(row.id for row in await table.bot.tables.storage.games("lobby"))
    with pytest.raises(TableError) as refused:
        await table.bot.tables.draw_teams(game_id, table.users[0].id)
    assert refused.value.key == "error.no-teams"
    with pytest.raises(TableError) as refused:
        await table.bot.tables.set_option(game_id, table.users[0].id, "variant", "teams")
        await table.bot.tables.pair(game_id, table.users[0].id, 0, 5)
    assert refused.value.key == "error.no-such-seat"


async def test_teams_arranged_while_players_come_and_go_keep_every_seat_once(simcord_env) -> None:  # type: ignore[no-untyped-def]
    """The host's draws and pairings beside joins and a leave, all at once (asyncio.gather): every
    change applied once, seats consecutive, each person seated once."""
    import asyncio

    table = setup_table(simcord_env, 6)
    tables = table.bot.tables
    lobby = await open_lobby(table)
    await table.members[0].select(lobby, ["variant=teams"], custom_id=component_id(lobby, ":rules"))
    for member in table.members[1:4]:
        await member.click(lobby, custom_id=component_id(lobby, ":join"))
    game_id = max(row.id for row in await tables.storage.games("lobby"))
    host, users = table.users[0].id, [u.id for u in table.users]
    tables.seeds = random.Random(9)
    await asyncio.gather(
        tables.draw_teams(game_id, host), tables.join(game_id, users[4]), tables.pair(game_id, host, 0, 2),
        tables.join(game_id, users[5]), tables.leave_lobby(game_id, users[3]), tables.draw_teams(game_id, host),
    )
    players = await tables.storage.players(game_id)
    assert [p.seat for p in players] == list(range(5))
    assert sorted(p.user_id for p in players) == sorted(u for u in users if u != users[3])


def _menu_options(message: Any, suffix: str) -> list[Any]:
    return [o for row in message.components for c in row.children if c.custom_id.endswith(suffix) for o in c.options]


def test_the_rules_menu_takes_the_choice_just_picked_beside_the_one_shown_chosen() -> None:
    from cogs.colt import _newly_chosen
    current = {"setup": "advanced", "variant": "none", "timer": "90/45", "language": "en"}
    sent = ["setup=advanced", "variant=none", "variant=two-bandits", "timer=90/45", "language=en"]
    assert _newly_chosen(sent, current)["variant"] == "two-bandits"
    back = {**current, "variant": "two-bandits"}
    assert _newly_chosen(["variant=none", "variant=two-bandits"], back)["variant"] == "none"
    assert _newly_chosen(["setup=first-game"], current) == {"setup": "first-game"}


@pytest.mark.parametrize("seed", [3, 18])
def test_v_4_3_a_card_from_the_partners_deck_says_whose_it_is(seed: int) -> None:
    """In teams each player draws a card from their partner's deck first (V-4.3): beside a card of
    their own of the same action, each button names its bandit, so no two plan buttons read alike."""
    game = new_game(["ghost", "django", "cheyenne", "doc"], seed=seed, options=Options(variant="teams"))
    rng, checked = random.Random(seed), 0
    while game.pending is not None and game.round_no <= 2:
        decision = game.pending
        if decision.kind == "plan":
            view = observe(game, decision.seat)
            mine = view["seats"][decision.seat]
            partners = [c for c in mine["hand"] if c.partition(":")[0] not in ("bullet", *mine["bandits"])]
            named = texts.cards_named(view, decision.seat)
            assert named == bool(partners)
            plays = [o for o in decision.options if o.startswith("plan play ")]
            labels = [texts.answer_label(language("en"), o, named, view) for o in plays]
            assert len(set(labels)) == len(labels), labels
            checked += bool(partners)
        apply(game, rng.choice(decision.options))
    assert checked  # a partner's card was in a hand at some planning turn
    base = new_game(["ghost", "django", "cheyenne", "doc"], seed=seed)
    assert not texts.cards_named(observe(base, 0), 0)
