"""The Discord side of the operators' view (table.metrics): whether the bot is connected.

(A click's time is Discord's own stamp, its interaction's snowflake id, handed by the answer button's
handler to the table with the answer: the time from a click to its answer stored, and to its next
prompt or picture delivered, includes the way to the bot.)
"""

from __future__ import annotations

import discord
from discord.ext import commands


class Metering(commands.Cog):
    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    def disconnected(self) -> str | None:
        """Why the bot is not connected to Discord now; None when it is (every shard it runs)."""
        bot = self.bot
        if bot.is_closed():
            return "the bot is closed"
        if not bot.is_ready():
            return "not connected to Discord yet"
        if isinstance(bot, discord.AutoShardedClient):
            down = sorted(shard_id for shard_id, shard in bot.shards.items() if shard.is_closed())
            return f"shards {', '.join(map(str, down))} not connected to Discord" if down else None
        return None if bot.ws is not None and bot.ws.open else "not connected to Discord"
