"""Marshal & Prisoners at the table: the lobby's option, a person asking to be the Marshal or the host
choosing one, Silk's power, the Marshal's DMs with his sheet, every new answer as a button with a
help line, and whole games to the final count (M-1 … M-40)."""

from __future__ import annotations

import asyncio
import random

import pytest

from cogs import rules_text
from cogs.prisoners import marshal
from engine.prisoners.model import MARSHAL
from engine.prisoners.objectives import fulfilled, marshal_wins
from lang import CODES, language
from table.service import TableError, Tables
from table.storage import Storage
from tests.bot.table import (
    ai_choice,
    component_id,
    dm_history,
    kinds_played_to_the_end,
    labelled_and_explained,
    lobby_now,
    open_lobby,
    pending_user,
    play_turn,
    prompt_message,
    setup_table,
    start_with,
    stored_bytes,
)


async def test_a_person_asks_to_be_the_marshal_and_plays_a_whole_game_from_the_dms(simcord_env) -> None:  # type: ignore[no-untyped-def]
    simcord_env.settle_timeout = 30.0  # a whole game's clicks on a busy machine (CI)
    table = setup_table(simcord_env, 3)
    game_id = await start_with(table, ["ghost", MARSHAL, "tuco"], toggles=["powers", "events", "prisoners"])
    lobby = next(m for m in table.lobby_channel.history() if m.embeds)
    options = next(f.value for f in lobby.embeds[0].fields if f.name.startswith("Options"))
    assert "✅ Marshal & Prisoners expansion" in options
    state = await table.bot.tables.state(game_id)
    players = await table.bot.tables.storage.players(game_id)
    marshal = next(p for p in players if p.character == MARSHAL)
    assert marshal.seat == 0 and marshal.user_id == table.users[1].id  # player 1, renumbered (M-1)
    assert state.prison is not None and state.seats[0].bandits == [] and state.pending.seat == 0
    message = prompt_message(table.users[1])
    assert message is not None and "Your objectives seen: 1 of 5" in message.content
    kinds = await kinds_played_to_the_end(table, game_id, seed=5)
    row = await table.bot.tables.row(game_id)
    assert row.status == "over" and "plan" in kinds and kinds & {"marshal-move", "marshal-fire", "arrest"}
    channel = next(c for c in table.guild.channels.values() if c.id == row.channel_id)
    final = next(m.content for m in channel.history() if "Final count" in m.content)
    # M-9: every objective public at the end, each marked, and whether four won him the game
    state = await table.bot.tables.state(game_id)
    line = next(line for line in final.splitlines() if line.startswith("⭐ **Marshal**"))
    assert line.count("✅") == len(fulfilled(state)) and line.count("✅") + line.count("❌") == 5
    assert ("🏆" in line) == marshal_wins(state)
    assert all("Traceback" not in m.content for u in table.users for m in dm_history(u))


async def test_the_marshal_plays_a_whole_game_with_horses_and_stagecoach_too(simcord_env) -> None:  # type: ignore[no-untyped-def]
    """M-50: both expansions from the lobby; the horse attack asks the bandits only, the Marshal is
    still player 1 and first player, and the game reaches its final count."""
    simcord_env.settle_timeout = 30.0  # a whole game's clicks on a busy machine (CI)
    table = setup_table(simcord_env, 3)
    game_id = await start_with(table, [MARSHAL, "doc", "belle"], toggles=["powers", "events", "horses", "prisoners"])
    lobby = next(m for m in table.lobby_channel.history() if m.embeds)
    options = next(f.value for f in lobby.embeds[0].fields if f.name.startswith("Options"))
    assert "✅ Marshal & Prisoners expansion" in options and "✅ Horses & Stagecoach expansion" in options
    state = await table.bot.tables.state(game_id)
    assert state.phase == "horse-attack" and state.pending.seat != 0 and state.marshal == "0/in"
    assert sum(1 for card in state.seats[0].deck if card.endswith(":ride")) == 1  # his Ride card (M-50)
    kinds = await kinds_played_to_the_end(table, game_id, seed=7)
    row = await table.bot.tables.row(game_id)
    assert row.status == "over" and "attack" in kinds and "plan" in kinds
    sizes = await stored_bytes(table.bot.tables.storage, game_id)
    assert sum(sizes.values()) <= 200_000, sizes  # issue 29: a finished game's rows, both expansions
    rounds = [e for e in (await table.bot.tables.state(game_id)).log if e["type"] == "round"]
    assert rounds[0]["first_seat"] == 0  # the horse attack does not choose the first player
    channel = next(c for c in table.guild.channels.values() if c.id == row.channel_id)
    assert any("Final count" in m.content for m in channel.history())
    assert all("Traceback" not in m.content for u in table.users for m in dm_history(u))


async def test_the_host_makes_an_ai_seat_the_marshal_and_chooses_silks_power(simcord_env) -> None:  # type: ignore[no-untyped-def]
    table = setup_table(simcord_env, 2)
    lobby = await open_lobby(table)
    await table.members[0].select(lobby, ["powers", "events", "prisoners"], custom_id=component_id(lobby, ":toggles"))
    await table.members[1].click(lobby, custom_id=component_id(lobby, ":join"))
    lobby = lobby_now(table, lobby)
    await table.members[0].select(lobby, [ai_choice(lobby, "add:normal")], custom_id=component_id(lobby, ":ai"))
    lobby = lobby_now(table, lobby)
    await table.members[0].select(lobby, [ai_choice(lobby, "marshal:2")], custom_id=component_id(lobby, ":ai"))
    lobby = lobby_now(table, lobby)
    await table.members[0].select(lobby, [ai_choice(lobby, "silk:block")], custom_id=component_id(lobby, ":ai"))
    lobby = lobby_now(table, lobby)
    seats, options = lobby.embeds[0].fields[0].value.splitlines(), lobby.embeds[0].fields[1].value
    assert "🔘 Silk: Block" in options and seats[2].endswith("the Marshal")  # the AI's seat, number 3
    assert not any(o.value.startswith("silk:dodge") for row in lobby.components for item in row.children
                   for o in getattr(item, "options", []))  # no Dodge beside a Marshal player (M-31)
    await table.members[0].click(lobby, custom_id=component_id(lobby, ":start"))
    rows = await table.bot.tables.storage.games("running")
    game_id = max(row.id for row in rows)
    state = await table.bot.tables.state(game_id)
    players = await table.bot.tables.storage.players(game_id)
    assert players[0].ai == "normal" and players[0].character == MARSHAL and state.options.silk == "block"


async def test_options_that_do_not_go_together_are_refused_with_a_reason(tmp_path) -> None:  # type: ignore[no-untyped-def]
    tables = Tables(await Storage.open(tmp_path / "t.db"))
    try:
        lobby = await tables.new_lobby(guild_id=1, channel_id=2, host_id=10)
        game_id = lobby.game.id
        await tables.set_option(game_id, 10, "prisoners", True)
        refusals = (("variant", "teams", "error.prisoners-variant"), ("silk", "dodge", "error.prisoners-dodge"))
        for name, value, key in refusals:
            with pytest.raises(TableError) as refused:
                await tables.set_option(game_id, 10, name, value)
            assert refused.value.key == key
        await tables.set_option(game_id, 10, "horses", True)  # both expansions together (M-50)
        assert (await tables.lobby(game_id)).game.options["horses"]
        await tables.choose_character(game_id, 10, MARSHAL)
        await tables.set_option(game_id, 10, "prisoners", False)  # no Marshal any more: a bandit is drawn
        assert (await tables.lobby(game_id)).players[0].character is None
        with pytest.raises(TableError):
            await tables.choose_character(game_id, 10, MARSHAL)
    finally:
        await tables.storage.close()


ANSWERS = ["marshal-move 2/roof", "marshal-move stay", "marshal-fire a:ghost", "marshal-fire hold", "arrest doc",
           "shove-marshal 3/in", "shove fallen", "free prisoner:mei", "free bandit:tuco", "escape 5/roof",
           "thanks jewel", "reflex ghost:fire", "reflex pass", "plan idea", "plan play marshal:move+", "dodge belle",
           "marshal-ride stagecoach/in"]


@pytest.mark.parametrize("code", CODES)
def test_every_answer_of_the_expansion_has_a_button_label_and_a_help_line(code: str) -> None:
    lang = language(code)
    labelled_and_explained(lang, ANSWERS, ("marshal-move", "marshal-fire", "arrest", "shove-marshal", "free",
                                           "escape", "thanks", "reflex", "dodge", "marshal-ride"))
    for card in ("idea", "arrest", "move+", "floor+"):
        assert lang.has(f"help.card.{card}") and lang.has(f"action.{card}")


def test_the_rules_topic_covers_the_expansion() -> None:
    words = rules_text.topic(language("en"), "prisoners")
    assert "Brilliant idea" in words and "Arrest" in words and "$800" in words and "4 of his 5" in words
    assert "Marshal & Prisoners" in rules_text.topic(language("en"), "overview")


def test_the_marshals_sheet_lists_what_he_has_seen_and_fulfilled() -> None:
    prison = {"objectives": ["capture:ghost", None], "met": [True, False], "objectives_to_come": 3,
              "wanted": ["ghost"], "rewards": {"prisoners": [], "mail": ["mailbag"]}}
    words = marshal.sheet(language("en"), prison)
    assert "✅ **Capture Ghost**" in words and "1 of 4" in words and "mail bags 1" in words
    # each objective says what it asks of him (M-6), not its name alone
    assert "— arrest Ghost at least once" in words


@pytest.mark.parametrize("code", CODES)
def test_every_objective_is_explained_in_every_language(code: str) -> None:
    """M-6: each objective's name comes with what it requires, a capture naming its bandit."""
    lang = language(code)
    kinds = ["capture:silk", "just-a-scratch", "between-the-bullets", "golden-bullet", "mail-bag", "locked-up",
             "shoot-em-up", "sworn-enemy"]
    lines = marshal.objectives_help(lang, {"objectives": [*kinds, None]})
    assert lines[0] == lang.text("help.objectives") and len(lines) == 1 + len(kinds)
    for kind, line in zip(kinds, lines[1:], strict=True):
        name, _, goal = line.partition(" — ")
        assert marshal.objective_name(lang, kind) in name and len(goal) > 20
    other = marshal.objectives_help(lang, {"objectives": ["capture:ghost"]})[1]
    assert other.partition(" — ")[2] != lines[1].partition(" — ")[2]  # a capture names its own bandit


async def test_the_host_chooses_the_events_and_the_game_draws_from_them(simcord_env) -> None:  # type: ignore[no-untyped-def]
    """M-40, Choosing events: the host's button opens a menu of the game's round cards (choose 7)
    and station cards (choose 3); the lobby lists them; half a choice is refused at the start; the
    game's 4 round cards and its station card come from the choice; anyone else is refused."""
    table = setup_table(simcord_env, 3)
    lobby = await open_lobby(table)
    await table.members[0].select(lobby, ["powers", "events", "prisoners"], custom_id=component_id(lobby, ":toggles"))
    for member in table.members[1:]:
        await member.click(lobby, custom_id=component_id(lobby, ":join"))
    lobby = lobby_now(table, lobby)
    refused = await table.members[1].click(lobby, custom_id=component_id(lobby, ":events"))
    assert refused.ephemeral and "Only the host chooses the events" in refused.response.content
    shown = await table.members[0].click(lobby, custom_id=component_id(lobby, ":events"))
    menu = shown.response.message
    assert shown.ephemeral and "4 round cards and 1 station card" in menu.content
    selects = {c.custom_id.rpartition(":")[2]: c for row in menu.components for c in row.children
               if getattr(c, "options", None)}
    assert (selects["rounds"].min_values, selects["rounds"].max_values) == (7, 7)
    assert (selects["stations"].min_values, selects["stations"].max_values) == (3, 3)
    offered = [o.value for o in selects["rounds"].options]
    assert {"rescue", "rumours", "reflex", "bridge"} <= set(offered)  # the expansion's and the base game's
    rounds = ["rescue", "rumours", "reflex", "shake-up", "bridge", "tunnels", "braking"]
    await table.members[0].select(menu, rounds, custom_id=selects["rounds"].custom_id)
    lobby = lobby_now(table, lobby)
    start = await table.members[0].click(lobby, custom_id=component_id(lobby, ":start"))
    assert "Choose 7 round cards and 3 station cards" in start.response.content  # the stations are missing
    stations = ["the-repentant", "deadly-fall", "pickpocketing"]
    await table.members[0].select(menu, stations, custom_id=selects["stations"].custom_id)
    lobby = lobby_now(table, lobby)
    options = lobby.embeds[0].fields[1].value
    assert "✅ Events chosen" in options and "Rescue" in options and "Deadly Fall" in options
    for member in table.members:  # everyone but the Marshal picks a bandit at random
        await member.select(lobby, [MARSHAL if member is table.members[0] else "random"],
                            custom_id=component_id(lobby, ":character"))
    await table.members[0].click(lobby_now(table, lobby), custom_id=component_id(lobby, ":start"))
    game_id = max(row.id for row in await table.bot.tables.storage.games("running"))
    state = await table.bot.tables.state(game_id)
    assert state.options.chosen_events == (*rounds, *stations)
    drawn = [*state.round_deck, state.round_card]
    assert set(drawn) <= set(rounds + stations) and len(set(drawn) & set(stations)) == 1


async def test_drawing_from_all_again_and_leaving_the_expansion_forget_the_choice(tmp_path) -> None:  # type: ignore[no-untyped-def]
    """M-40 at the service: a choice of another size or of cards the game lacks is refused;
    "draw from all" forgets it, and so does turning the expansion off."""
    storage = await Storage.open(tmp_path / "colt.sqlite3")
    tables = Tables(storage)
    game_id = (await tables.new_lobby(guild_id=1, channel_id=10, host_id=100)).game.id

    async def refused(key: str, user: int, part: str | None, cards: list[str]) -> None:
        with pytest.raises(TableError) as refusal:
            await tables.choose_events(game_id, user, part, cards)
        assert refusal.value.key == key

    await refused("error.no-choosing", 100, "rounds", [])
    await tables.set_option(game_id, 100, "prisoners", True)
    rounds = ["rescue", "rumours", "reflex", "shake-up", "bridge", "tunnels", "braking"]
    await refused("error.chosen-events", 100, "rounds", rounds[:6])
    await refused("error.chosen-events", 100, "rounds", [*rounds[:6], "melee"])  # Horses & Stagecoach's
    await refused("error.chosen-events", 100, "stations", ["the-repentant", "deadly-fall", "escape"])
    await refused("error.host-events", 200, "rounds", rounds)
    lobby = await tables.choose_events(game_id, 100, "rounds", rounds)
    lobby = await tables.choose_events(game_id, 100, "stations", ["the-repentant", "deadly-fall", "pickpocketing"])
    assert lobby.game.options["chosen_events"] == [*rounds, "the-repentant", "deadly-fall", "pickpocketing"]
    lobby = await tables.choose_events(game_id, 100, "rounds", rounds[::-1])  # the stations are kept
    assert lobby.game.options["chosen_events"][-3:] == ["the-repentant", "deadly-fall", "pickpocketing"]
    assert (await tables.choose_events(game_id, 100, None, [])).game.options["chosen_events"] == []
    await tables.choose_events(game_id, 100, "rounds", rounds)
    lobby = await tables.set_option(game_id, 100, "prisoners", False)
    assert "chosen_events" not in lobby.game.options
    await storage.close()


async def test_the_round_and_station_choices_made_at_once_are_both_kept(tmp_path) -> None:  # type: ignore[no-untyped-def]
    """Two clicks of the host's events menu handled side by side (M-40): neither choice is lost."""
    storage = await Storage.open(tmp_path / "colt.sqlite3")
    tables = Tables(storage)
    game_id = (await tables.new_lobby(guild_id=1, channel_id=10, host_id=100)).game.id
    await tables.set_option(game_id, 100, "prisoners", True)
    rounds = ["rescue", "rumours", "reflex", "shake-up", "bridge", "tunnels", "braking"]
    stations = ["the-repentant", "deadly-fall", "pickpocketing"]
    await asyncio.gather(tables.choose_events(game_id, 100, "stations", stations),
                         tables.choose_events(game_id, 100, "rounds", rounds),
                         tables.set_option(game_id, 100, "silk", "block"))
    options = (await tables.lobby(game_id)).game.options
    assert options["chosen_events"] == [*rounds, *stations] and options["silk"] == "block"
    await storage.close()


async def test_the_marshal_player_is_named_and_every_choice_comes_with_its_picture(simcord_env) -> None:  # type: ignore[no-untyped-def]
    """M-1: the channel names a person playing the Marshal ("the Marshal (@Alice)"), never a blank,
    while he plans and on the pile; and a choice of Stealin' (B-7) comes to its chooser with the
    train as they see it (choice picture), not with an empty hand."""
    table = setup_table(simcord_env, 3)
    game_id = await start_with(table, ["ghost", MARSHAL, "tuco"], toggles=["powers", "events", "prisoners"])
    marshal = table.users[1]
    row = await table.bot.tables.row(game_id)
    channel = next(c for c in table.guild.channels.values() if c.id == row.channel_id)

    def pile() -> str:
        return next(m.content for m in reversed(channel.history()) if "Pile" in m.content)

    named = f"the Marshal (<@{marshal.id}>)"
    assert f"{named} is planning" in pile() and ":  " not in pile()
    rng = random.Random(3)
    assert await play_turn(table, game_id, rng)  # the Marshal plays his first card
    assert f"{named}: " in pile() and " : " not in pile()
    choices = 0
    for _ in range(3000):
        state = await table.bot.tables.state(game_id)
        if state.pending is None:
            break
        if state.pending.kind not in ("plan", "discard"):
            user = await pending_user(table, game_id)
            message = prompt_message(user)
            assert message is not None
            assert [a.filename for a in message.attachments] == [f"choice{game_id}-{state.step}.png"]
            assert "Your hand" not in message.content
            choices += 1
        assert await play_turn(table, game_id, rng)
    assert choices > 0 and (await table.bot.tables.row(game_id)).status == "over"
