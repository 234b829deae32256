"""Choosing events (M-40) in the lobby: the host's menu of the round and station cards, its
selects, the "draw from all" button and the line of the lobby's options naming the cards chosen.

The base lobby (cogs.presenter, cogs.colt) shows the "events" button when engine.lobby says the
variant is in play, and asks cogs.hooks what it does; this module fills those hooks when
cogs.prisoners is imported.
"""

from __future__ import annotations

from typing import Any

import discord

from cogs.components import LobbyButton, LobbySelect
from cogs.hooks import HOOKS
from cogs.texts import OFF, ON
from engine import lobby as declared
from lang import Language
from render import text
from table.service import Lobby, Tables, event_pools, events_to_choose


def events_line(lang: Language, options: dict[str, Any]) -> str | None:
    """The lobby's line for the Choosing events variant (M-40): the cards chosen, or drawn from all;
    None when the variant is not in play."""
    if declared.chosen_events(options) is None:
        return None
    chosen = options.get("chosen_events", ())
    if not chosen:
        return f"{OFF} {lang.text('lobby.events-all')}"
    cards = ", ".join(text.card_title(card, lang) for card in chosen)
    return f"{ON} {lang.text('lobby.events-chosen', cards=cards)}"


def events_view(lobby: Lobby, lang: Language) -> discord.ui.View:
    """The host's choice of the events (M-40, Choosing events): the round cards, the station
    cards, each shown picked as chosen so far, and a button to draw from all again."""
    row = lobby.game
    chosen = set(row.options.get("chosen_events", ()))
    view = discord.ui.View(timeout=None)
    for name, pool, n in zip(("rounds", "stations"), event_pools(row.options), events_to_choose(row.options),
                             strict=True):
        cards = [discord.SelectOption(label=text.card_title(card, lang), value=card, default=card in chosen)
                 for card in pool]
        view.add_item(LobbySelect(row.id, name, cards, placeholder=lang.text(f"lobby.events-{name}", n=n),
                                  max_values=n, min_values=n))
    view.add_item(LobbyButton(row.id, "drawall", lang.text("lobby.drawall")))
    return view


async def events_menu(tables: Tables, interaction: discord.Interaction, game_id: int,
                      lang: Language) -> tuple[Lobby, str] | None:
    """The host's "events" button: the menu of the events to choose, shown to the host only."""
    lobby = await tables.events_menu(game_id, interaction.user.id)
    await interaction.response.send_message(lang.text("reply.events-menu"), ephemeral=True,
                                            view=events_view(lobby, lang))
    return None


async def draw_all(tables: Tables, interaction: discord.Interaction, game_id: int,
                   lang: Language) -> tuple[Lobby, str] | None:
    """The host's "draw from all" button: no card chosen, the events are drawn as in the base game."""
    return await tables.choose_events(game_id, interaction.user.id, None, []), "reply.events-all"


async def choose(tables: Tables, game_id: int, user_id: int, name: str, values: list[str]) -> tuple[Lobby, str]:
    """The round cards ("rounds") or the station cards ("stations") the host picked."""
    return await tables.choose_events(game_id, user_id, name, values), "reply.events"


HOOKS.lobby_lines.append(events_line)
HOOKS.lobby_buttons.update(events=events_menu, drawall=draw_all)
HOOKS.lobby_choices.update(rounds=choose, stations=choose)
