"""Languages on Discord: a game channel in its game's language, each player's DMs in their own
(their Discord client's, or the one chosen with /colt language), and translated slash commands."""

from __future__ import annotations

from typing import Any

import pytest

from cogs.pictures import Pictures
from tests.bot.table import component_id, dm_history, open_and_start, open_lobby, play_to_the_end, setup_table


@pytest.fixture
def picture_languages(monkeypatch: pytest.MonkeyPatch) -> dict[str, set[str]]:
    """The language each kind of picture was drawn in."""
    seen: dict[str, set[str]] = {"train": set(), "hand": set(), "planning": set(), "scoreboard": set()}
    originals = {"train": Pictures.trains, "hand": Pictures.hand, "planning": Pictures.planning,
                 "scoreboard": Pictures.scoreboard}

    def spy(kind: str) -> Any:
        async def drawn(self: Pictures, observation: Any, lang: Any) -> Any:
            seen[kind].add(lang.code)
            return await originals[kind](self, observation, lang)
        return drawn

    for kind, name in (("train", "trains"), ("hand", "hand"), ("planning", "planning"), ("scoreboard", "scoreboard")):
        monkeypatch.setattr(Pictures, name, spy(kind))
    return seen


async def test_a_french_server_plays_in_french_and_a_czech_player_reads_czech(  # type: ignore[no-untyped-def]
        simcord_env, client_locales, picture_languages) -> None:
    guild = simcord_env.create_guild(preferred_locale="fr")
    table = setup_table(simcord_env, 3, guild=guild)
    czech, english_player, polish = table.users[1], table.users[0], table.users[2]
    client_locales[czech.id] = "cs"
    chosen = await table.members[2].slash(table.lobby_channel, "colt language", choice="pl")
    assert chosen.response.content == "Będę mówić do ciebie w języku: polski."
    game_id = await open_and_start(table, ["ghost", "doc", "tuco"])
    row = await table.bot.tables.row(game_id)
    assert row.language == "fr"  # the server's preferred language
    lobby = table.lobby_channel.history()[0]
    assert lobby.embeds[0].title == "Colt Express — partie n° 1"
    await play_to_the_end(table, game_id)
    channel = next(c for c in table.guild.channels.values() if c.id == row.channel_id)
    contents = [m.content for m in channel.history()]
    assert contents[0].startswith("# Colt Express n° 1\n1. <@")
    assert any(c.startswith("## Manche 5/5\u00a0: ") for c in contents)  # French: a no-break space before ":"
    assert any(c.startswith("## Décompte final") for c in contents)
    assert not any("Round" in c or "Final count" in c for c in contents)
    czech_dms = [m.content for m in dm_history(czech)]
    assert czech_dms[0] == "Přidali jste se ke hře Colt Express č. 1. Vaše tajné karty přijdou sem."
    # Each round's hand message ends edited to say that planning is over, in its reader's language.
    assert any("snování plánů skončilo" in c for c in czech_dms) and not any("planning" in c for c in czech_dms)
    assert any("Planowanie skończone" in m.content for m in dm_history(polish))
    assert any("planning is over" in m.content for m in dm_history(english_player))
    # The last DM of each, in their own language, with the scoreboard drawn in it (issue 26).
    assert czech_dms[-1].startswith("🏁 Hra **Colt Express č. 1** skončila.")
    assert dm_history(polish)[-1].content.startswith("🏁 Gra **Colt Express nr 1** dobiegła końca.")
    # (No hand picture: the hand left when planning is over is told in words since issue 29.)
    assert picture_languages == {"train": {"fr"}, "scoreboard": {"fr", "en", "cs", "pl"}, "hand": set(),
                                 "planning": {"en", "cs", "pl"}}


async def test_a_game_can_choose_its_language_and_refusals_speak_the_clicker(  # type: ignore[no-untyped-def]
        simcord_env, client_locales) -> None:
    table = setup_table(simcord_env, 3)
    client_locales[table.users[1].id] = "ru"
    game_id = await open_and_start(table, language="es")
    row = await table.bot.tables.row(game_id)
    assert row.language == "es"
    channel = next(c for c in table.guild.channels.values() if c.id == row.channel_id)
    assert any(m.content.startswith("## Ronda 1/5: ") for m in channel.history())
    refused = await table.members[1].slash(channel, "colt abandon")
    assert refused.ephemeral
    assert refused.response.content == "Прервать игру может только хозяин стола или тот, кто управляет сервером."
    away = await table.members[1].slash(channel, "colt leave")
    assert away.response.content.startswith("Теперь за вашего бандита играет ИИ.")


async def test_slash_commands_carry_their_translations(simcord_env) -> None:  # type: ignore[no-untyped-def]
    tree = simcord_env.bot.tree
    colt = tree.get_command("colt")
    assert colt is not None
    payload = await colt.get_translated_payload(tree, tree.translator)
    new = next(o for o in payload["options"] if o["name"] == "new")
    assert new["name_localizations"]["cs"] == "nová" and new["name_localizations"]["es-ES"] == "nueva"
    assert new["description_localizations"]["fr"] == "Ouvrir une table pour une nouvelle partie dans ce salon"
    language = next(o for o in new["options"] if o["name"] == "language")
    assert language["name_localizations"]["ru"] == "язык"
    names = [c["name"] for c in language["choices"]]
    assert names == ["English", "Français", "Čeština", "Polski", "Русский", "Español"]  # each in its own words


async def test_the_host_changes_the_game_language_in_the_lobby(simcord_env) -> None:  # type: ignore[no-untyped-def]
    table = setup_table(simcord_env, 3)
    lobby = await open_lobby(table)
    assert lobby.embeds[0].title == "Colt Express — game #1"
    await table.members[1].click(lobby, custom_id=component_id(lobby, ":join"))
    refused = await table.members[1].select(lobby, ["language=ru"], custom_id=component_id(lobby, ":rules"))
    assert refused.response.content == "Only the host can change the game options."
    await table.members[0].select(lobby, ["language=pl"], custom_id=component_id(lobby, ":rules"))
    lobby = table.lobby_channel.history()[0]
    assert lobby.embeds[0].title == "Colt Express — gra nr 1"
    assert (await table.bot.tables.row(1)).language == "pl"


@pytest.mark.parametrize(("code", "words"), [
    ("en", "I will speak English with you."), ("fr", "Je vous parlerai en français."),
    ("cs", "jazykem: čeština."), ("pl", "w języku: polski."), ("ru", "на языке: русский."),
    ("es", "Te hablaré en español.")])
async def test_a_language_named_in_a_sentence_is_written_as_its_grammar_wants(  # type: ignore[no-untyped-def]
        simcord_env, code: str, words: str) -> None:
    """"Je vous parlerai en français", lowercase as French (and Czech, Polish, Russian, Spanish)
    write a language's name inside a sentence; a menu still shows it as a title ("Français")."""
    table = setup_table(simcord_env, 1)
    chosen = await table.members[0].slash(table.lobby_channel, "colt language", choice=code)
    assert chosen.ephemeral and words in chosen.response.content
