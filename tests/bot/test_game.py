"""A whole game through the real cogs: lobby, table channel, DMs, pictures, scoreboard."""

from __future__ import annotations

from tests.bot.table import open_and_start, play_to_the_end, setup_table, stored_bytes


async def test_a_whole_three_player_game_from_lobby_to_scoreboard(simcord_env) -> None:  # type: ignore[no-untyped-def]
    table = setup_table(simcord_env, 3)
    game_id = await open_and_start(table, ["ghost", "doc", "tuco"])
    row = await table.bot.tables.row(game_id)
    assert row.channel_id is not None and row.channel_id != table.lobby_channel.id
    clicks = await play_to_the_end(table, game_id)
    assert clicks > 30
    row = await table.bot.tables.row(game_id)
    assert row.status == "over"
    sizes = await stored_bytes(table.bot.tables.storage, game_id)
    assert sum(sizes.values()) <= 200_000, sizes  # issue 29: a finished game's rows in the database
    channel = next(c for c in table.guild.channels.values() if c.id == row.channel_id)
    contents = [m.content for m in channel.history()]
    assert any("Final count" in c for c in contents)
    assert any(c.startswith("## Round 5/5") for c in contents)
    assert any("**Drew:**" in c for c in contents)  # the public pile says who drew
    replay = next(m for m in channel.history() if m.content.startswith("🎞"))
    assert replay.attachments[0].filename.endswith("-replay.gif")
