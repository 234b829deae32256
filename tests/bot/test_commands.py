"""The /colt commands other than the game itself, and the table's channel life cycle."""

from __future__ import annotations

import asyncio
import random
import time
from typing import Any

import discord
import pytest
from simcord import InteractionResult

from cogs.app import create_bot
from cogs.colt import Colt
from lang import CODES, language
from table.service import MARSHAL, NothingShown, TableError, Tables
from table.storage import Storage
from table.store import Delivery
from tests.bot.table import (
    all_buttons,
    component_id,
    crafted,
    dm_history,
    open_and_start,
    open_lobby,
    pending_user,
    play_to_the_end,
    play_turn,
    prompt_message,
    setup_table,
    start_with,
)
from tools.loadbench import emit_click


async def _game_channel(table: Any, game_id: int) -> Any:
    row = await table.bot.tables.row(game_id)
    return next(c for c in table.guild.channels.values() if c.id == row.channel_id)


def _shown(result: Any) -> Any:
    """What an interaction showed last: its follow-up, or its response (or the message it edited)."""
    return result.followups[-1] if result.followups else result.response


async def test_rules_help_status_hand_and_stats(simcord_env) -> None:  # type: ignore[no-untyped-def]
    table = setup_table(simcord_env, 3)
    host = table.members[0]
    rules = await host.slash(table.lobby_channel, "colt rules", topic="actions")
    assert rules.ephemeral and "Punch" in rules.response.content
    help_ = await host.slash(table.lobby_channel, "colt help")
    assert help_.ephemeral and "`/colt new`" in help_.response.embeds[0].description
    empty = await host.slash(table.lobby_channel, "colt stats")
    assert "No finished game" in empty.response.content
    game_id = await open_and_start(table)
    row = await table.bot.tables.row(game_id)
    channel = next(c for c in table.guild.channels.values() if c.id == row.channel_id)
    status = await table.members[1].slash(channel, "colt status")
    shown = status.followups[0] if status.followups else status.response
    assert status.ephemeral and "Round 1/5" in shown.content
    assert shown.attachments
    hand = await table.members[2].slash(channel, "colt hand")
    assert hand.ephemeral and "Your hand" in hand.response.content
    await play_to_the_end(table, game_id)
    stats = await host.slash(table.lobby_channel, "colt stats")
    embed = stats.response.embeds[0]
    assert "1 game," in embed.description and embed.description.count("<@") == 3


@pytest.mark.parametrize("code", CODES)
async def test_help_lists_every_command_of_the_tree_in_each_language(simcord_env, client_locales,  # type: ignore[no-untyped-def]
                                                                     code: str) -> None:
    """Issue 26: /colt help had left out pace, pause, resume, notify and hand. Its list is made from
    the command tree: each command with its name and description as Discord shows them to the reader."""
    table = setup_table(simcord_env, 1)
    client_locales[table.users[0].id] = next(loc.value for loc in discord.Locale if loc.value.startswith(code))
    shown = await table.members[0].slash(table.lobby_channel, "colt help")
    assert shown.ephemeral
    words = shown.response.embeds[0].description
    lang = language(code)
    colt = lang.text("command.colt.name")
    commands = list(Colt.colt.walk_commands())
    assert {"hand", "pace", "pause", "resume", "notify"} <= {c.name for c in commands}
    for command in commands:  # the English name is the command's key in the catalogs
        line = lang.text("help.command", command=f"{colt} {lang.text(f'command.{command.name}.name')}",
                         description=lang.text(f"command.{command.name}.description"))
        assert line in words.splitlines(), line
    intro, listed = words.split("\n" + lang.text("help.commands") + "\n")
    assert len(listed.splitlines()) == len(commands)  # each once, nothing else
    assert f"`/colt {lang.text('command.new.name')}`" in intro
    assert len(words) <= 4096  # an embed's description


async def test_a_finished_table_is_read_only_then_cleaned_up(simcord_env) -> None:  # type: ignore[no-untyped-def]
    table = setup_table(simcord_env, 3)
    game_id = await open_and_start(table)
    await play_to_the_end(table, game_id)
    row = await table.bot.tables.row(game_id)
    channel = table.bot.get_channel(row.channel_id)
    assert isinstance(channel, discord.TextChannel)
    assert channel.overwrites_for(channel.guild.default_role).send_messages is False
    assert row.cleanup_at is not None and row.cleanup_at > time.time()
    await table.bot.tables.storage.update_game(game_id, cleanup_at=time.time() - 1)
    await table.bot.get_cog("Colt").cleanup()  # one run of the periodic clean-up
    assert table.bot.get_channel(row.channel_id) is None


async def test_without_manage_channels_the_table_is_a_thread(simcord_env) -> None:  # type: ignore[no-untyped-def]
    table = setup_table(simcord_env, 3)
    # Discord refuses the channel (Missing Permissions): the table opens as a thread instead.
    simcord_env.inject_error("POST", f"/guilds/{table.guild.id}/channels", status=403, code=50013,
                             message="Missing Permissions", times=None)
    game_id = await open_and_start(table)
    row = await table.bot.tables.row(game_id)
    channel = table.bot.get_channel(row.channel_id)
    assert isinstance(channel, discord.Thread)
    assert channel.parent_id == table.lobby_channel.id


async def test_abandon_is_for_the_host_or_managers(simcord_env, settings) -> None:  # type: ignore[no-untyped-def]
    table = setup_table(simcord_env, 3)
    game_id = await open_and_start(table)
    channel = await _game_channel(table, game_id)
    refused = await table.members[1].slash(channel, "colt abandon")
    assert refused.ephemeral and "Only the host" in refused.response.content
    assert not all_buttons(refused.response)  # nothing to confirm
    asked = await table.members[0].slash(channel, "colt abandon")
    await simcord_env.restart_bot(create_bot(settings))  # the confirmation survives a restart
    await table.members[0].click(asked.response, custom_id=f"colt:x:{game_id}:{table.users[0].id}:yes")
    assert (await table.bot.tables.row(game_id)).status == "abandoned"


async def test_two_confirmations_at_once_abandon_the_game_once(simcord_env) -> None:  # type: ignore[no-untyped-def]
    """Two confirmations clicked together (two /colt abandon asked, by the host and a server
    manager): one abandons, the other is told it ended; every player is told once."""
    table = setup_table(simcord_env, 3)
    game_id = await open_and_start(table)
    channel = await _game_channel(table, game_id)
    pile = next(m for m in channel.history() if all_buttons(m))
    host = table.users[0].id
    clicks = [f"colt:x:{game_id}:{host}:yes"] * 2
    records = [emit_click(simcord_env, host, crafted(simcord_env, pile, c), c) for c in clicks]
    await simcord_env.settle()
    await table.bot.outbox.drain()
    shown = [_shown(InteractionResult(simcord_env, r)).content for r in records]
    assert sorted(shown) == [f"Game #{game_id} is abandoned; its players are told by DM.",
                             "This game has already ended."], shown
    assert sum("was abandoned by" in m.content for m in channel.history()) == 1
    for user in table.users[1:]:
        assert sum("was abandoned by" in m.content for m in dm_history(user)) == 1


async def test_two_processes_abandoning_at_once_write_it_once(tmp_path) -> None:  # type: ignore[no-untyped-def]
    """Two processes on one database (each its own lock): the stored status decides (compare-and-set),
    so one abandons and writes what it shows; the other is refused and writes nothing."""
    storage = await Storage.open(tmp_path / "race.sqlite3")
    try:
        class Told(NothingShown):
            async def abandoned(self, row: Any, players: Any, user_id: int) -> list[Delivery]:
                await asyncio.sleep(0)  # both read the running game before either writes
                return [Delivery(f"user:{user_id}", {"op": "send", "content": "told"}, row.id)]

        one, other = Tables(storage, show=Told()), Tables(storage, show=Told())
        lobby = await one.new_lobby(guild_id=9, channel_id=10, host_id=1)
        for user in (2, 3):
            await one.join(lobby.game.id, user)
        await one.start(lobby.game.id, 1, channel_id=11)
        results = await asyncio.gather(one.abandon(lobby.game.id, 1, may_manage=False),
                                       other.abandon(lobby.game.id, 1, may_manage=False), return_exceptions=True)
        refused = [r for r in results if isinstance(r, TableError)]
        assert len(refused) == 1 and refused[0].key == "error.already-ended"
        assert (await storage.game(lobby.game.id)).status == "abandoned"  # type: ignore[union-attr]
        assert len(await storage.outbox("user:1", 5)) == 1
    finally:
        await storage.close()


async def test_abandon_asks_first_then_tells_every_player_by_dm(simcord_env) -> None:  # type: ignore[no-untyped-def]
    """Issue 26: a game played over days must not end by a slip; its players hear it wherever they are."""
    table = setup_table(simcord_env, 3)
    game_id = await open_and_start(table)
    channel = await _game_channel(table, game_id)
    host = table.members[0]
    rng = random.Random(4)
    while await pending_user(table, game_id) is not table.users[0]:  # the host's own prompt is live
        assert await play_turn(table, game_id, rng)
    assert prompt_message(table.users[0]) is not None
    asked = await host.slash(channel, "colt abandon")
    assert asked.ephemeral and f"Abandon game #{game_id}?" in asked.response.content
    confirm, keep = (f"colt:x:{game_id}:{table.users[0].id}:{choice}" for choice in ("yes", "no"))
    assert [b.custom_id for b in all_buttons(asked.response)] == [confirm, keep]
    assert (await table.bot.tables.row(game_id)).status == "running"  # asking changes nothing

    kept = await host.click(asked.response, custom_id=keep)
    assert f"Game #{game_id} goes on." in _shown(kept).content and not all_buttons(_shown(kept))
    assert (await table.bot.tables.row(game_id)).status == "running"

    forgotten = await host.slash(channel, "colt abandon")  # asked again, and left open
    asked = await host.slash(channel, "colt abandon")
    done = await host.click(asked.response, custom_id=confirm)
    assert f"Game #{game_id} is abandoned" in _shown(done).content and not all_buttons(_shown(done))
    assert (await table.bot.tables.row(game_id)).status == "abandoned"
    assert any(f"Game #{game_id} was abandoned by <@{table.users[0].id}>" in m.content for m in channel.history())
    for user in table.users[1:]:
        told = [m.content for m in dm_history(user) if m.content.startswith("🛑 Game")]
        assert told[-1] == (f"🛑 Game #{game_id} was abandoned by <@{table.users[0].id}>: it ends here, without a "
                            f"result. Its channel: <#{channel.id}>.")
        assert prompt_message(user) is None  # no live button is left to click in vain
    assert not any("abandoned by" in m.content for m in dm_history(table.users[0]))  # the host knows
    assert prompt_message(table.users[0]) is None

    again = await host.click(forgotten.response, custom_id=confirm)  # a stale confirmation
    assert again.ephemeral and "This game has already ended." in _shown(again).content


async def test_a_foreign_or_crafted_abandon_click_is_refused(simcord_env) -> None:  # type: ignore[no-untyped-def]
    table = setup_table(simcord_env, 3)
    game_id = await open_and_start(table)
    channel = await _game_channel(table, game_id)
    pile = next(m for m in channel.history() if all_buttons(m))
    for user, custom_id, refusal in (
            (table.users[1], f"colt:x:{game_id}:{table.users[0].id}:yes", "Only the person who asked"),
            (table.users[1], f"colt:x:{game_id}:{table.users[1].id}:yes", "Only the host"),  # made up by a player
            (table.users[0], f"colt:x:{2**70}:{table.users[0].id}:yes", "out of date"),
            (table.users[0], f"colt:x:{game_id + 1}:{table.users[0].id}:yes", f"no game #{game_id + 1}"),
            (table.users[0], f"colt:x:{game_id}:{table.users[0].id}:no", "goes on")):  # the pile is left as it is
        record = emit_click(simcord_env, user.id, crafted(simcord_env, pile, custom_id), custom_id)
        await simcord_env.settle()
        shown = InteractionResult(simcord_env, record)
        assert shown.ephemeral and refusal in _shown(shown).content, (custom_id, _shown(shown).content)
    assert (await table.bot.tables.row(game_id)).status == "running"
    now = next(m for m in channel.history() if m.id == pile.id)
    assert (now.content, [b.custom_id for b in all_buttons(now)]) == (pile.content,
                                                                      [b.custom_id for b in all_buttons(pile)])


async def test_abandoning_tells_the_marshal_player_and_a_closed_dm_loses_nothing(simcord_env) -> None:  # type: ignore[no-untyped-def]
    """M-1: the Marshal player is told like the bandits; a person whose DMs are closed misses only
    that DM: the others, and that person's later DMs, still arrive."""
    table = setup_table(simcord_env, 4)
    game_id = await start_with(table, ["ghost", "doc", MARSHAL, "tuco"], toggles=["powers", "events", "prisoners"])
    players = await table.bot.tables.storage.players(game_id)
    assert next(p for p in players if p.character == MARSHAL).user_id == table.users[2].id
    closed = table.users[1]
    simcord_env.inject_error("POST", f"/channels/{closed.dm_channel.id}/messages", status=403, code=50007,
                             message="Cannot send messages to this user", times=None)
    channel = await _game_channel(table, game_id)
    asked = await table.members[2].slash(channel, "colt abandon")  # not the host: refused
    assert "Only the host" in asked.response.content
    asked = await table.members[0].slash(channel, "colt abandon")
    await table.members[0].click(asked.response, custom_id=f"colt:x:{game_id}:{table.users[0].id}:yes")
    await table.bot.outbox.drain()
    for user in table.users[2:]:
        assert any(m.content.startswith(f"🛑 Game #{game_id} was abandoned") for m in dm_history(user))
    assert not any("abandoned by" in m.content for m in dm_history(closed))
    assert any(f"Game #{game_id} was abandoned by" in m.content for m in channel.history())
    assert not await table.bot.tables.storage.outbox(f"user:{closed.id}", 5)  # nothing left stuck behind it
async def test_rules_without_a_topic_give_an_overview_of_the_whole_game(simcord_env) -> None:  # type: ignore[no-untyped-def]
    table = setup_table(simcord_env, 1)
    overview = await table.members[0].slash(table.lobby_channel, "colt rules")
    assert overview.ephemeral
    words = overview.response.content
    for part in ("**Goal**: be the richest after 5 rounds", "**Schemin'**", "**Stealin'**",  # the goal, a round
                 "Move, Change floor, Fire, Rob, Punch, Marshal", "**The end**", "$1,000",  # actions, end
                 "`/colt new`", "`/colt hand`", "`/colt status`",  # the bot's commands
                 "Planning, Actions, Marshal, Powers, Events, Scoring"):  # the other topics
        assert part in words, part
    assert len(words) < 2000  # one Discord message


async def test_abandoning_a_lobby_tells_who_joined_it(simcord_env) -> None:  # type: ignore[no-untyped-def]
    table = setup_table(simcord_env, 3)
    lobby = await open_lobby(table)
    for member in table.members[1:]:
        await member.click(lobby, custom_id=component_id(lobby, ":join"))
    asked = await table.members[0].slash(table.lobby_channel, "colt abandon")
    game_id = (await table.bot.tables.storage.game_in_channel(table.lobby_channel.id)).id  # type: ignore[union-attr]
    await table.members[0].click(asked.response, custom_id=f"colt:x:{game_id}:{table.users[0].id}:yes")
    assert (await table.bot.tables.row(game_id)).status == "abandoned"
    assert any(f"Game #{game_id} was abandoned by" in m.content for m in table.lobby_channel.history())
    for user in table.users[1:]:  # a lobby abandoned is told as a lobby cancelled (cogs.endings), once
        told = [m.content for m in dm_history(user) if f"game #{game_id}" in m.content and "cancelled" in m.content]
        assert len(told) == 1 and f"<#{table.lobby_channel.id}>" in told[0], told
