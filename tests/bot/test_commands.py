"""The /colt commands other than the game itself, and the table's channel life cycle."""

from __future__ import annotations

import time

import discord

from tests.bot.table import open_and_start, play_to_the_end, setup_table


async def test_rules_help_status_hand_and_stats(simcord_env) -> None:  # type: ignore[no-untyped-def]
    table = setup_table(simcord_env, 3)
    host = table.members[0]
    rules = await host.slash(table.lobby_channel, "colt rules", topic="actions")
    assert rules.ephemeral and "Punch" in rules.response.content
    help_ = await host.slash(table.lobby_channel, "colt help")
    assert help_.ephemeral and "/colt new" in help_.response.content
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


async def test_abandon_is_for_the_host_or_managers(simcord_env) -> None:  # type: ignore[no-untyped-def]
    table = setup_table(simcord_env, 3)
    game_id = await open_and_start(table)
    row = await table.bot.tables.row(game_id)
    channel = next(c for c in table.guild.channels.values() if c.id == row.channel_id)
    refused = await table.members[1].slash(channel, "colt abandon")
    assert refused.ephemeral and "Only the host" in refused.response.content
    done = await table.members[0].slash(channel, "colt abandon")
    assert not done.ephemeral and "abandoned" in done.response.content
    assert (await table.bot.tables.row(game_id)).status == "abandoned"


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
