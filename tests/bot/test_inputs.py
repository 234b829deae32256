"""Every input checked (issue 28): a click whose id none of the bot's buttons carries, and a slash
command's value none of its choices has, get an answer only the sender sees, and change nothing.

Discord's clients send only the ids the bot made and the choices it declared, but a crafted
request (or a client with an old copy of the commands) can carry anything; discord.py drops a
click it cannot match without answering it, and takes any value of a string option."""

from __future__ import annotations

import contextlib
import sqlite3
from pathlib import Path
from typing import Any

from discord import app_commands
from simcord import InteractionResult, interactions
from simcord.enums import InteractionType

from cogs.components import is_ours
from lang import language
from table.store import LOBBY, RUNNING
from tests.bot.table import (
    ai_choice,
    all_buttons,
    crafted,
    live_buttons,
    lobby_now,
    open_and_start,
    open_lobby,
    pending_user,
    prompt_message,
    setup_table,
)
from tools.loadbench import emit_click, emit_select

ARABIC_INDIC = str.maketrans("0123456789", "٠١٢٣٤٥٦٧٨٩")
FULL_WIDTH = str.maketrans("0123456789", "０１２３４５６７８９")


def bad_ids(game_id: int, step: int, user_id: int) -> list[str]:
    """Ids the bot never makes, one kind of mistake or forgery each: no template takes them."""
    return [
        f"colt:a:-{game_id}:{step}:plan draw", f"colt:a:{game_id}:-1:plan draw",  # negative numbers
        f"colt:h:{str(game_id).translate(ARABIC_INDIC)}",  # digits int() reads, in other scripts
        f"colt:b:{str(game_id).translate(FULL_WIDTH)}", f"colt:?:{game_id}:²",  # "²".isdigit(), int("²") fails
        f"colt:a:{'9' * 5000}:{step}:plan draw",  # more digits than int() reads (4,300)
        f"colt:?:{game_id}:{2**64}",  # 20 digits: more than any 64-bit integer has
        f"colt:i:{game_id}:²", f"colt:r:{game_id}:{step}",  # a hint's step not a number; a review's too many
        f"colt:l:{game_id}:join!", f"colt:h:{game_id} ", f"colt:x:{game_id}:{user_id}:maybe",  # garbage after
        f"colt:a:{game_id}:{step}:plan draw\nmore", "colt:zz:1",  # a known prefix
        "colt:a:", f"colt:a:{game_id}", f"colt:a:{game_id}:{step}:", f"colt:x:{game_id}:{user_id}",  # parts missing
        "colt:", "", "poll:vote:1",  # and another bot's
    ]


def out_of_bounds(game_id: int, step: int, user_id: int) -> list[str]:
    """Ids a template takes (19 ASCII digits) whose numbers no database integer holds, and a lobby
    button no part has (the lobby's template takes any action, a part's own among them)."""
    return [f"colt:a:{2**63}:{step}:plan draw", f"colt:a:{game_id}:{10**19 - 1}:plan draw",
            f"colt:?:{game_id}:{2**63}", f"colt:l:{2**63}:join", f"colt:h:{10**19 - 1}", f"colt:b:{2**63}",
            f"colt:x:{game_id}:{2**63}:yes", f"colt:o:{2**63}:ai", f"colt:l:{game_id}:nothing",
            f"colt:i:{game_id}:{2**63}", f"colt:r:{2**63}"]


def stored_rows(database: Path) -> dict[str, list[tuple[Any, ...]]]:
    """Every row of every table of the bot's database, to compare before and after."""
    with contextlib.closing(sqlite3.connect(database)) as db:
        tables = [name for (name,) in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")]
        return {name: sorted(db.execute(f'SELECT * FROM "{name}"').fetchall(), key=repr) for name in tables}


def shown(env: Any, record: Any) -> Any:
    """The one message an interaction was answered with (a second answer would be a follow-up)."""
    result = InteractionResult(env, record)
    assert result.acknowledged and result.ephemeral
    messages = [m for m in (result.response, *result.followups) if m is not None]
    assert len(messages) == 1, [m.content for m in messages]
    return messages[0]


def test_the_templates_take_ascii_digits_of_a_64_bit_integer_only() -> None:
    assert is_ours("colt:h:12") and is_ours(f"colt:a:{2**63 - 1}:0:plan draw") and is_ours("colt:?:1:2")
    for custom_id in bad_ids(12, 3, 45):
        assert not is_ours(custom_id), custom_id
    assert all(is_ours(custom_id) for custom_id in out_of_bounds(12, 3, 45))  # refused by their items


async def test_a_click_on_an_id_the_bot_never_made_is_refused_and_changes_nothing(  # type: ignore[no-untyped-def]
        simcord_env, settings, client_locales) -> None:
    """Issue 28: each crafted id, in the clicker's language (French here, English for another player)."""
    table = setup_table(simcord_env, 3)
    game_id = await open_and_start(table)
    user = await pending_user(table, game_id)
    other = next(u for u in table.users if u is not user)
    client_locales[user.id] = "fr"
    message = prompt_message(user)
    step = (await table.bot.tables.state(game_id)).step
    await table.bot.outbox.drain()
    before = stored_rows(settings.database)
    refusals = {user.id: language("fr").text("error.unknown-button"),
                other.id: language("en").text("error.unknown-button")}
    for clicker in (user, other):
        for custom_id in bad_ids(game_id, step, clicker.id) + out_of_bounds(game_id, step, clicker.id):
            record = emit_click(simcord_env, clicker.id, crafted(simcord_env, message, custom_id), custom_id)
            await simcord_env.settle()
            assert shown(simcord_env, record).content == refusals[clicker.id], custom_id
    await table.bot.outbox.drain()
    assert stored_rows(settings.database) == before
    assert (await table.bot.tables.state(game_id)).step == step


async def test_the_bots_own_buttons_are_answered_once(simcord_env) -> None:  # type: ignore[no-untyped-def]
    """Issue 28: the refusal of unknown ids never answers a click one of the bot's items takes: a
    lobby button and a real answer (deferred, then its follow-ups) get no refusal besides."""
    refusal = language("en").text("error.unknown-button")
    table = setup_table(simcord_env, 3)
    lobby = await open_lobby(table)
    joined = await table.members[1].click(lobby, custom_id=f"colt:l:{_game(lobby)}:join")
    assert joined.ephemeral and not joined.followups and joined.response.content != refusal
    table = setup_table(simcord_env, 3, guild=table.guild)
    game_id = await open_and_start(table)
    user = await pending_user(table, game_id)
    message = prompt_message(user)
    assert message is not None and all(is_ours(b.custom_id) for b in all_buttons(message))
    answered = await user.click(message, custom_id=live_buttons(message)[0].custom_id)
    assert all(m.content != refusal for m in [answered.response, *answered.followups] if m is not None)
    assert (await table.bot.tables.state(game_id)).step > 0


async def test_a_lobby_menu_value_with_digits_of_another_kind_is_refused(  # type: ignore[no-untyped-def]
        simcord_env, settings) -> None:
    """Issue 28: the AI menu's seat numbers are ASCII digits ("²" is a digit to str.isdigit, which
    int() refuses; "٣" is 3 to int()); such a value is refused as no choice of the menu."""
    table = setup_table(simcord_env, 2)
    lobby = await open_lobby(table)
    host = table.users[0]
    await table.members[0].select(lobby, [ai_choice(lobby, "add:easy")], custom_id=f"colt:o:{_game(lobby)}:ai")
    lobby = lobby_now(table, lobby)
    await table.bot.outbox.drain()
    before = stored_rows(settings.database)
    for value in ("remove:²:2", "remove:٣:2", f"remove:{'1' * 5000}:2", "pair:1:²:2", "marshal:１:2"):
        record = emit_select(simcord_env, host.id, _stored(simcord_env, lobby), f"colt:o:{_game(lobby)}:ai", [value])
        await simcord_env.settle()
        assert shown(simcord_env, record).content == language("en").text("error.choose-ai"), value
    await table.bot.outbox.drain()
    after = stored_rows(settings.database)
    assert after["players"] == before["players"] and after["games"] == before["games"]


def _game(lobby: Any) -> int:
    return int(next(b.custom_id for b in all_buttons(lobby) if b.custom_id.endswith(":join")).split(":")[2])


def _stored(env: Any, message: Any) -> Any:
    return env.backend.messages[message.channel.id][message.id]


def emit_slash(env: Any, user_id: int, channel_id: int, command: str, **options: str) -> Any:
    """A slash command with option values as a crafted request carries them: SimCord's own ``slash``
    refuses a value outside the choices, as Discord's clients do."""
    root_name, *path = command.split()
    guild_id = env.backend.get_channel(channel_id).guild_id
    root = env.backend.find_command(root_name, guild_id)
    leaf, nesting = interactions.walk_to_subcommand(root, path)
    declared = {option["name"]: option for option in leaf.get("options", [])}
    given = [{"name": name, "type": declared[name]["type"], "value": value} for name, value in options.items()]
    data = {"id": root["id"], "name": root["name"], "type": root.get("type", 1),
            "options": interactions.nest_options(root, nesting, given)}
    record, payload = interactions.base_payload(env.backend, type=InteractionType.APPLICATION_COMMAND,
                                                channel_id=channel_id, guild_id=guild_id, user_id=user_id, data=data)
    env.backend.emit("INTERACTION_CREATE", payload)
    return record


async def _refused(env: Any, settings: Any, user_id: int, channel_id: int, command: str, **options: str) -> str:
    """The refusal of a slash command (one answer, only to its sender); storage left as it was."""
    await env.bot.outbox.drain()
    before, errors = stored_rows(settings.database), env.error_cursor
    record = emit_slash(env, user_id, channel_id, command, **options)
    await env.settle()
    text = str(shown(env, record).content)
    # discord.py refuses the value before the command runs, as an error the cog answers (SimCord
    # records every error of the command tree, answered or not).
    assert [type(e) for e in env.errors[errors:]] == [app_commands.TransformerError], (command, options)
    await env.bot.outbox.drain()
    assert stored_rows(settings.database) == before, (command, options)
    return text


async def test_a_value_no_choice_has_is_refused_and_stores_nothing(simcord_env, settings) -> None:  # type: ignore[no-untyped-def]
    """Issue 28: /colt notify maybe was taken as "off", /colt language zz as "your Discord language",
    /colt new language:xx stored "xx"; each is refused now, naming the values the option takes."""
    table = setup_table(simcord_env, 3)
    host, channel = table.users[0], table.lobby_channel.id
    en = language("en")

    said = await _refused(simcord_env, settings, host.id, channel, "colt new", language="xx")
    assert said == en.text("reply.not-a-choice", command="colt new", option="language",
                           choices="English · Français · Čeština · Polski · Русский · Español")
    assert not await table.bot.tables.storage.games(LOBBY, RUNNING)

    said = await _refused(simcord_env, settings, host.id, channel, "colt rules", topic="cheating")
    assert "`/colt rules`" in said and "**topic**" in said and "Overview · Planning ·" in said

    await table.members[1].slash(table.lobby_channel, "colt notify", reminders="off")
    said = await _refused(simcord_env, settings, table.users[1].id, channel, "colt notify", reminders="maybe")
    assert said == en.text("reply.not-a-choice", command="colt notify", option="reminders", choices="On · Off")
    assert not await table.bot.tables.storage.wants_reminders(table.users[1].id)

    await table.members[2].slash(table.lobby_channel, "colt language", choice="pl")
    pl = language("pl")  # the refusal is in the language the person chose
    said = await _refused(simcord_env, settings, table.users[2].id, channel, "colt language", choice="zz")
    assert said.startswith(f"`/colt {pl.text('command.language.name')}`")
    assert pl.text("command.language.discord") in said
    assert (await table.bot.tables.storage.person(table.users[2].id))[1] == "pl"

    game_id = await open_and_start(table)
    row = await table.bot.tables.row(game_id)
    for value in ("600/300", "Forever"):  # a pace's key is no value of the command either
        said = await _refused(simcord_env, settings, host.id, row.channel_id or 0, "colt pace", pace=value)
        assert "`/colt pace`" in said and "**pace**: Normal: 90 s to plan, 45 s to choose · Fast:" in said, value
    assert (await table.bot.tables.row(game_id)).options == row.options


async def test_every_option_of_every_colt_command_refuses_what_it_does_not_offer(  # type: ignore[no-untyped-def]
        simcord_env, settings) -> None:
    """Issue 28's audit: every option of /colt has choices, and a value outside them is refused
    before the command runs (discord.py checks a ``Choice`` parameter): a new free-text option, or
    choices declared on a plain ``str``, fails here."""
    table = setup_table(simcord_env, 1)
    colt = next(c for c in simcord_env.bot.tree.get_commands() if c.name == "colt")
    options = [(command, p) for command in colt.walk_commands() for p in command.parameters]
    assert {p.name for _, p in options} == {"language", "topic", "choice", "pace", "reminders"}
    for command, option in options:
        assert option.choices, f"/colt {command.name} {option.name} takes free text"
        said = await _refused(simcord_env, settings, table.users[0].id, table.lobby_channel.id,
                              command.qualified_name, **{option.display_name: "not one of them"})
        assert said.startswith(f"`/{command.qualified_name}` takes only these values"), said


async def test_a_command_the_bot_does_not_have_is_answered(simcord_env) -> None:  # type: ignore[no-untyped-def]
    """Issue 28: a removed command, or a client's old copy of one, got no answer ("The application
    did not respond"); it is refused now, only to its sender."""
    table = setup_table(simcord_env, 3)
    user, channel = table.users[0], table.lobby_channel
    data = {"id": "1", "name": "colt-old", "type": 1, "options": []}
    record, payload = interactions.base_payload(simcord_env.backend, type=InteractionType.APPLICATION_COMMAND,
                                                channel_id=channel.id, guild_id=channel.guild.id, user_id=user.id,
                                                data=data)
    simcord_env.backend.emit("INTERACTION_CREATE", payload)
    await simcord_env.settle()
    assert shown(simcord_env, record).content == language("en").text("error.unknown-command")
    assert [type(e) for e in simcord_env.errors] == [app_commands.CommandNotFound]


async def test_a_click_whose_handling_fails_is_told_so(simcord_env, monkeypatch, caplog) -> None:  # type: ignore[no-untyped-def]
    """Issue 28: a failure inside a button's handling was only logged, the clicker left waiting;
    the clicker is told now (and it is still logged)."""
    table = setup_table(simcord_env, 3)
    game_id = await open_and_start(table)
    user = await pending_user(table, game_id)
    cog = table.bot.get_cog("Colt")

    async def broken(*args: Any) -> None:
        raise RuntimeError("a bug")

    monkeypatch.setattr(cog, "on_answer", broken)
    message = prompt_message(user)
    clicked = await user.click(message, custom_id=live_buttons(message)[0].custom_id)
    told = [m.content for m in [clicked.response, *clicked.followups] if m is not None]
    assert told == [language("en").text("error.failed")] and clicked.ephemeral
    assert any(r.exc_info and isinstance(r.exc_info[1], RuntimeError) for r in caplog.records)  # still logged
