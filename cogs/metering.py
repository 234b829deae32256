"""The Discord side of the operators' view (table.metrics): when each answer button was clicked, and
whether the bot is connected.

A click's time is Discord's own stamp (its interaction's snowflake id), so the time from a click to
its answer stored, and to its next prompt or picture delivered, includes the way to the bot. It is
noted here, by a listener of every interaction, and taken by the table when it applies the answer
(table.service ``Tables.answer``). discord.py starts the button's handler, then this listener, as
tasks in that order: the listener has noted the click by the time the handler first waits, and the
table takes it only after it has read the game from the database.
"""

from __future__ import annotations

import discord
from discord.ext import commands

from cogs.components import AnswerButton, valid_id
from table.metrics import Metrics

ANSWER = AnswerButton.__discord_ui_compiled_template__  # the answer buttons' custom ids


class Metering(commands.Cog):
    def __init__(self, bot: commands.Bot, metrics: Metrics) -> None:
        self.bot, self.metrics = bot, metrics

    @commands.Cog.listener()
    async def on_interaction(self, interaction: discord.Interaction) -> None:
        if interaction.type is not discord.InteractionType.component or not isinstance(interaction.data, dict):
            return
        click = ANSWER.fullmatch(str(interaction.data.get("custom_id", "")))
        if click is None or not (valid_id(int(click["game"])) and valid_id(int(click["step"]))):
            return
        self.metrics.clicks.note(int(click["game"]), int(click["step"]), interaction.user.id,
                                 interaction.created_at.timestamp())

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
