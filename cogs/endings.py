"""How a game or a lobby ends, told to each person in their DMs, as deliveries for the outbox.

A finished game: every person who played (AI seats have nobody to tell) gets one last DM in their
own language, written in the transaction of the final answer: who won, their own place and score
(their pair's with two bandits a player, V-2 and V-3; their team's in teams, V-4; with Marshal &
Prisoners, whether the Marshal won, M-9), the scoreboard picture, a link to the game's channel and
the **Review my game** button (their biggest mistakes, only to them: cogs.advice).
A lobby closed before it started: each person who joined hears it, with the lobby's channel.

A closed DM loses only its own message (cogs.delivery marks the person; nothing is told in the
channel again, and nothing waits behind it).
"""

from __future__ import annotations

from typing import Any

import discord

from cogs.components import ReviewButton
from cogs.delivery import view_components
from cogs.hooks import HOOKS, first
from cogs.prompts import to_user
from cogs.readers import Readers
from cogs.story import table_view
from engine import Game
from lang import Language
from render import layout, scoreboard, seats, text
from render.describe import winners_line
from render.scoreboard import side_rows
from table.store import Delivery, GameRow, PlayerRow

Observation = dict[str, Any]


def channel_link(guild_id: int, channel_id: int) -> str:
    """A link that opens the channel (or thread) from a DM."""
    return f"https://discord.com/channels/{guild_id}/{channel_id}"


def place_line(public: Observation, seat: int, lang: Language) -> str:
    """The seat's place and score on the final count, in the picture's order: its bandit's, its
    pair's (V-2, V-3) or its team's (V-4); a seat with no bandit, as its expansion tells it (the
    Marshal player's objectives and whether he won, M-9: cogs.hooks ``place_lines``)."""
    told = first(line(public, seat, lang) for line in HOOKS.place_lines)
    if told is not None:
        return told
    mine = seats.team(public, seat)
    if layout.grouped_key(public):  # the final count by side
        sides = side_rows(public)
        index = next(i for i, side in enumerate(sides) if set(mine) & set(side["bandits"]))
        who, score = seats.team_name(sides[index]["bandits"], lang), int(sides[index]["score"])
        places = len(sides)
    else:
        order = scoreboard.ranking(public)
        index, who = order.index(mine[0]), text.bandit_name(mine[0], lang)
        score, places = int(public["result"]["scores"][mine[0]]), len(order)
    return lang.text("dm.end.place", place=index + 1, places=places, who=who, score=lang.money(score))


class Endings:
    def __init__(self, readers: Readers) -> None:
        self.readers = readers

    async def game_over(self, row: GameRow, players: list[PlayerRow], state: Game) -> list[Delivery]:
        """The last DM of each person of a finished game (away or not: it is theirs all the same)."""
        public = table_view(state, None)
        out = []
        for player in players:
            if player.user_id is None:
                continue
            lang = await self.readers.of_user(player.user_id)
            lines = [lang.text("dm.end.over", game=row.id), winners_line(public, lang),
                     place_line(public, player.seat, lang)]
            if row.channel_id is not None:
                lines.append(lang.text("dm.end.channel", link=channel_link(row.guild_id, row.channel_id)))
            review = discord.ui.View(timeout=None)
            review.add_item(ReviewButton(row.id, lang.text("button.review")))
            out.append(to_user(player.user_id, row.id, {
                "op": "send", "content": "\n".join(lines), "mentions": False, "view": view_components(review),
                "pictures": [{"file": f"colt{row.id}-scores.png", "draw": "scoreboard", "obs": public,
                              "lang": lang.code}],
                "dm": {"game": row.id, "user": player.user_id}}))
        return out

    async def lobby_closed(self, row: GameRow, players: list[PlayerRow], *, by: int | None) -> list[Delivery]:
        """Each person who joined the lobby ``row`` hears that it closed without a game: cancelled
        by ``by`` (who is not told), or closed when the table restarted (``by`` None)."""
        key = "dm.lobby-cancelled" if by is not None else "dm.lobby-closed"
        out = []
        for player in players:
            if player.user_id is None or player.user_id == by:
                continue
            lang = await self.readers.of_user(player.user_id)
            out.append(to_user(player.user_id, row.id, {
                "op": "send", "mentions": False,
                "content": lang.text(key, game=row.id, channel=row.lobby_channel_id,
                                     link=channel_link(row.guild_id, row.lobby_channel_id)),
                "dm": {"game": row.id, "user": player.user_id}}))
        return out


__all__ = ["Endings", "channel_link", "place_line"]
