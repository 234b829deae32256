"""The bot's slash-command tree: whatever happens to a command, the person gets an answer.

discord.py leaves two cases to Discord's "The application did not respond": a command the bot does
not have (a removed one, or a client holding an old copy of the commands), and a command that
failed. Both are answered here, only to the person, in their language; a failure is logged.
"""

from __future__ import annotations

import contextlib
import logging
from typing import Any

import discord
from discord import app_commands

log = logging.getLogger(__name__)

OUT_OF_DATE = (app_commands.CommandNotFound, app_commands.CommandSignatureMismatch)
TOLD = "told"  # set in ``interaction.extras`` by a handler that answered the error itself


class ColtTree(app_commands.CommandTree[Any]):
    async def on_error(self, interaction: discord.Interaction, error: app_commands.AppCommandError) -> None:
        if interaction.extras.get(TOLD):
            return  # a refusal already given (a value none of an option's choices has)
        if isinstance(error, OUT_OF_DATE):
            log.warning("a command the bot does not have (%s): %s", type(error).__name__, error)
            key = "error.unknown-command"
        else:
            command = interaction.command.qualified_name if interaction.command else "?"
            log.error("the command %s failed", command, exc_info=error)
            key = "error.failed"
        await tell(interaction, key)


async def tell(interaction: discord.Interaction, key: str) -> None:
    """Say ``key``'s text to the person alone; never raises (it runs when something went wrong)."""
    try:
        readers = interaction.client.presenter.readers  # type: ignore[attr-defined]
        text = (await readers.answering(interaction)).text(key)
    except Exception:  # the storage itself may be what failed: English, then
        from lang import english

        text = english().text(key)
    with contextlib.suppress(discord.HTTPException):
        await say(interaction, text)


async def say(interaction: discord.Interaction, text: str) -> None:
    """``text`` to the person alone: as the interaction's answer, or a follow-up once answered."""
    if interaction.response.is_done():
        await interaction.followup.send(text, ephemeral=True)
    else:
        await interaction.response.send_message(text, ephemeral=True)
