"""The bot as some shards of a bot in many servers (issue 17): COLT_SHARD_COUNT and COLT_SHARD_IDS,
a game played where DM clicks come to shard 0 and the game's server is on shard 1, and messages
posted through Discord's REST API to a channel of a shard this process does not run."""

from __future__ import annotations

from dataclasses import replace

import discord
import pytest

from cogs.app import ColtBot, ShardedColtBot, create_bot
from table.config import Settings
from table.store import RUNNING, Delivery
from tests.bot.table import open_and_start, play_to_the_end, setup_table


def test_shards_are_read_from_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLT_SHARD_COUNT", "8")
    monkeypatch.setenv("COLT_SHARD_IDS", "0-2,5")
    settings = Settings.from_environment()
    assert (settings.shard_count, settings.shard_ids) == (8, (0, 1, 2, 5))
    assert settings.holder.endswith(":shards=0,1,2,5")  # a name that differs between the processes
    bot = create_bot(settings)
    assert isinstance(bot, ShardedColtBot) and isinstance(bot, discord.AutoShardedClient)
    assert (bot.shard_count, bot.shard_ids) == (8, [0, 1, 2, 5])
    monkeypatch.setenv("COLT_SHARD_COUNT", "auto")
    monkeypatch.delenv("COLT_SHARD_IDS")
    auto = create_bot(Settings.from_environment())
    assert isinstance(auto, ShardedColtBot) and auto.shard_count is None  # Discord says how many
    monkeypatch.delenv("COLT_SHARD_COUNT")
    assert type(create_bot(Settings.from_environment())) is ColtBot  # no sharding: the usual bot


@pytest.mark.parametrize(("count", "ids", "why"), [
    ("two", "", "COLT_SHARD_COUNT must be a whole number"),
    ("0", "", "COLT_SHARD_COUNT must be 1 or more"),
    ("", "0,1", "COLT_SHARD_IDS needs COLT_SHARD_COUNT"),
    ("4", "3-5", "COLT_SHARD_IDS must name different shards from 0 to 3"),
    ("4", "1,1", "COLT_SHARD_IDS must name different shards"),
    ("4", "one", "COLT_SHARD_IDS must list shard numbers"),
])
def test_wrong_shard_settings_stop_the_start_with_a_clear_message(
        monkeypatch: pytest.MonkeyPatch, count: str, ids: str, why: str) -> None:
    monkeypatch.setenv("COLT_SHARD_COUNT", count)
    monkeypatch.setenv("COLT_SHARD_IDS", ids)
    with pytest.raises(SystemExit, match=why):
        Settings.from_environment()


class TestTwoShards:
    @pytest.fixture
    def simcord_bot(self, settings: Settings) -> ColtBot:
        return create_bot(replace(settings, shard_count=2, shard_ids=(0, 1)))

    async def test_a_game_in_a_server_of_shard_1_is_played_from_dms_on_shard_0(self, simcord_env) -> None:  # type: ignore[no-untyped-def]
        table = setup_table(simcord_env, 3, guild=simcord_env.create_guild(shard_id=1))
        assert table.bot.get_guild(table.guild.id).shard_id == 1
        game_id = await open_and_start(table, ["ghost", "doc", "tuco"])
        assert await play_to_the_end(table, game_id) > 30
        row = await table.bot.tables.row(game_id)
        assert row.status == "over"
        channel = next(c for c in table.guild.channels.values() if c.id == row.channel_id)
        assert any("Final count" in m.content for m in channel.history())


class TestAnotherProcesssShard:
    """This process runs shard 1 only; the game's server is on shard 0 (another process's)."""

    @pytest.fixture
    def simcord_bot(self, settings: Settings) -> ColtBot:
        return create_bot(replace(settings, shard_count=2, shard_ids=(1,)))

    async def test_its_messages_reach_a_channel_of_another_shard_through_rest(self, simcord_env) -> None:  # type: ignore[no-untyped-def]
        guild = simcord_env.create_guild(shard_id=0)
        channel = guild.create_text_channel("colt-express-1")
        bot = simcord_env.bot
        assert bot.get_guild(guild.id) is None and bot.get_channel(channel.id) is None  # not in this process
        storage = bot.tables.storage
        game = await storage.create_game(guild_id=guild.id, channel_id=channel.id, host_id=1, options={}, seed=1)
        await storage.update_game(game, status=RUNNING, channel_id=channel.id)
        await storage.enqueue([Delivery(f"game:{game}", {"op": "send", "content": "The train leaves."}, game)])
        await bot.outbox.drain()
        assert [m.content for m in channel.history()] == ["The train leaves."]
        assert await storage.message(game, "pile") is None and await storage.outbox_size() == 0
