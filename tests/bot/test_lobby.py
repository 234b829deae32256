"""The lobby's message: its words follow the game from open to end, its options read uniformly, and
it is drawn anew after every choice and every refusal (a select keeps its last pick until then)."""

from __future__ import annotations

from typing import Any

import discord

from tests.bot.table import (
    Table,
    ai_choice,
    component_id,
    lobby_now,
    open_and_start,
    open_lobby,
    play_to_the_end,
    setup_table,
)

MARKS = ("✅", "❌", "🔘", "⚪")


def _shown(table: Table, lobby: discord.Message) -> discord.Message:
    """The lobby's message as it stands now."""
    return next(m for m in table.lobby_channel.history() if m.id == lobby.id)


def _options(message: discord.Message) -> list[str]:
    embed = message.embeds[0]
    return str(next(f.value for f in embed.fields if f.name and f.name.startswith("Options"))).split("\n")


def _edits(table: Table, lobby: discord.Message) -> list[dict[str, Any]]:
    """Every edit the bot made to the lobby's message, oldest first (their JSON bodies)."""
    path = f"/channels/{table.lobby_channel.id}/messages/{lobby.id}"
    return [r.json for r in table.env.http_requests if r.method == "PATCH" and r.path == path and r.json]


def _menu(body: dict[str, Any], name: str) -> dict[str, Any]:
    return next(c for row in body["components"] for c in row["components"]
                if c.get("custom_id", "").endswith(f":{name}"))


def _picked(body: dict[str, Any], name: str) -> list[str]:
    return [o["value"] for o in _menu(body, name)["options"] if o.get("default")]


async def test_the_lobby_says_what_became_of_the_game_until_its_end(simcord_env) -> None:  # type: ignore[no-untyped-def]
    table = setup_table(simcord_env, 3)
    game_id = await open_and_start(table)
    lobby = next(m for m in table.lobby_channel.history() if m.embeds and f"#{game_id}" in m.embeds[0].title)
    running = _shown(table, lobby).embeds[0].description
    assert "In progress" in running and "3 to 7 players" not in running and "the host starts" not in running
    await play_to_the_end(table, game_id)
    assert (await table.bot.tables.row(game_id)).status == "over"
    over = _shown(table, lobby).embeds[0].description
    assert "Finished" in over and "final count" in over and "In progress" not in over and "3 to 7" not in over
    row = await table.bot.tables.row(game_id)
    assert any(f"<#{row.channel_id}>" in str(f.value) for f in _shown(table, lobby).embeds[0].fields)


async def test_an_abandoned_game_and_a_cancelled_lobby_say_so(simcord_env) -> None:  # type: ignore[no-untyped-def]
    table = setup_table(simcord_env, 3)
    game_id = await open_and_start(table)
    lobby = next(m for m in table.lobby_channel.history() if m.embeds and f"#{game_id}" in m.embeds[0].title)
    row = await table.bot.tables.row(game_id)
    channel = next(c for c in table.guild.channels.values() if c.id == row.channel_id)
    asked = await table.members[0].slash(channel, "colt abandon")
    await table.members[0].click(asked.response, custom_id=f"colt:x:{game_id}:{table.users[0].id}:yes")
    abandoned = _shown(table, lobby).embeds[0].description
    assert "Cancelled" in abandoned and "goes no further" in abandoned and "3 to 7" not in abandoned
    second = await open_lobby(table)
    await table.members[0].click(second, custom_id=component_id(second, ":cancel"))
    cancelled = _shown(table, second)
    assert "Cancelled" in cancelled.embeds[0].description and not cancelled.components


async def test_the_options_read_uniformly_and_the_setup_shows_its_choice(simcord_env) -> None:  # type: ignore[no-untyped-def]
    table = setup_table(simcord_env, 3)
    lobby = await open_lobby(table)
    assert _shown(table, lobby).embeds[0].description == "**Waiting for players.** 3 to 7 players; the host starts."
    lines = _options(_shown(table, lobby))
    assert all(line.startswith(MARKS) for line in lines), lines
    setup = lines[0]
    assert setup.startswith("🔘 **Advanced setup (station card)**") and "⚪ First game (5 round cards)" in setup
    assert "🔘 Django pushes his victim" in lines and "🔘 Language: English" in lines
    await table.members[0].select(lobby, ["setup=first-game"], custom_id=component_id(lobby, ":rules"))
    setup = _options(_shown(table, lobby))[0]
    assert "⚪ Advanced setup (station card)" in setup and "🔘 **First game (5 round cards)**" in setup


async def test_every_choice_redraws_the_lobby_so_the_same_choice_can_be_made_again(simcord_env) -> None:  # type: ignore[no-untyped-def]
    table = setup_table(simcord_env, 1)
    host = table.members[0]
    lobby = await open_lobby(table)
    for seats in (2, 3):
        before = len(_edits(table, lobby))
        added = await host.select(lobby, [ai_choice(lobby_now(table, lobby), "add:normal")],
            custom_id=component_id(lobby, ":ai"))
        assert "takes a seat" in added.response.content
        edits = _edits(table, lobby)
        assert len(edits) > before, "the lobby was not drawn again after the choice"
        assert _picked(edits[-1], "ai") == [] and _picked(edits[-1], "character") == []
        assert f"{seats}. 🤖 Normal AI" in str(edits[-1]["embeds"])
    players = await table.bot.tables.storage.players((await table.bot.tables.storage.games("lobby"))[0].id)
    assert [p.ai for p in players] == [None, "normal", "normal"]


async def test_a_refused_choice_redraws_the_lobby_as_it_stands(simcord_env) -> None:  # type: ignore[no-untyped-def]
    table = setup_table(simcord_env, 2)
    host, guest = table.members
    lobby = await open_lobby(table)
    await guest.click(lobby, custom_id=component_id(lobby, ":join"))
    await guest.select(lobby, ["belle"], custom_id=component_id(lobby, ":character"))
    before = len(_edits(table, lobby))
    taken = await host.select(lobby, ["belle"], custom_id=component_id(lobby, ":character"))
    assert taken.ephemeral and "taken" in taken.response.content
    edits = _edits(table, lobby)
    assert len(edits) > before, "a refusal left the lobby's menus as the clicker set them"
    assert _picked(edits[-1], "character") == []
    seats = str(edits[-1]["embeds"])
    assert "random bandit (host)" in seats and "Belle" in seats  # the host's seat as it stands
    # A guest's change of the host's options: refused, and the toggles shown as they really are.
    before = len(_edits(table, lobby))
    refused = await guest.select(lobby, ["expert"], custom_id=component_id(lobby, ":toggles"))
    assert refused.ephemeral and "Only the host" in refused.response.content
    edits = _edits(table, lobby)
    assert len(edits) > before and sorted(_picked(edits[-1], "toggles")) == ["events", "powers"]


def test_the_readme_names_the_lobbys_menus_as_the_lobby_does() -> None:
    from pathlib import Path

    from lang import english

    readme = Path(__file__).parents[2].joinpath("README.md").read_text(encoding="utf-8")
    assert f"**{english().text('lobby.ai')}**" in readme and "Add or remove an AI bandit" not in readme
