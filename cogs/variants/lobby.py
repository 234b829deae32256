"""Teams (V-4.1) in the lobby: the host's "teams" button draws who partners whom.

The base lobby (cogs.presenter) shows the button when engine.lobby says teams are in play, and
cogs.colt asks cogs.hooks what it does; this module fills that hook when cogs.variants is imported.
"""

from __future__ import annotations

import discord

from cogs.hooks import HOOKS
from lang import Language
from table.service import Lobby, Tables


async def draw_teams(tables: Tables, interaction: discord.Interaction, game_id: int,
                     lang: Language) -> tuple[Lobby, str] | None:
    """The host's "teams" button: the teams drawn at random (V-4.1)."""
    return await tables.draw_teams(game_id, interaction.user.id), "reply.teams-drawn"


HOOKS.lobby_buttons["teams"] = draw_teams
