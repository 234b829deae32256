"""Ratings: each server's players (and its AI levels) rated by OpenSkill's Plackett-Luce model, a
multiplayer free-for-all rating from the final scores of every finished game.

A rating is a belief: ``mu`` (skill) and ``sigma`` (how unsure). What is shown and ranked is the
conservative ``ordinal`` (mu − 3·sigma), so a newcomer climbs as their games make it surer. An AI
seat is rated as its level (``ai:hard``…), one entry per server, so players can see where they stand
against the AI. The update runs inside the game's last transaction, either backend's:
two games ending at once in one server never lose each other's update.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from openskill.models import PlackettLuce

if TYPE_CHECKING:
    from table.storage import Conn

MODEL = PlackettLuce()


@dataclass(frozen=True)
class Placing:
    """A seat of a finished game: who (``user:<id>`` or ``ai:<level>``) and their final score."""

    player: str
    score: int


def player_key(user_id: int | None, ai: str | None) -> str:
    return f"user:{user_id}" if user_id is not None else f"ai:{ai}"


async def rate(db: Conn, guild_id: int, placings: Sequence[Placing]) -> None:
    """Update the server's ratings of these players from one game's scores (ties share a place).

    Several AI seats of one level are one rated player: they count once, at their best score."""
    best: dict[str, int] = {}
    for placing in placings:
        best[placing.player] = max(best.get(placing.player, placing.score), placing.score)
    if len(best) < 2:
        return  # nobody to compare with
    players = list(best)
    known = {
        row[0]: (row[1], row[2])
        for row in await db.fetch(
            f"SELECT player, mu, sigma FROM ratings WHERE guild_id = ? AND player IN ({', '.join('?' * len(players))})",
            (guild_id, *players),
        )
    }
    teams = [[MODEL.rating(mu=known[p][0], sigma=known[p][1], name=p) if p in known else MODEL.rating(name=p)]
             for p in players]
    rated = MODEL.rate(teams, scores=[float(best[p]) for p in players])
    for (rating,), player in zip(rated, players, strict=True):
        await db.execute(
            "INSERT INTO ratings (guild_id, player, mu, sigma, games) VALUES (?, ?, ?, ?, 1)"
            " ON CONFLICT (guild_id, player) DO UPDATE SET mu = excluded.mu, sigma = excluded.sigma,"
            " games = ratings.games + 1",
            (guild_id, player, rating.mu, rating.sigma),
        )


def ordinal(mu: float, sigma: float) -> float:
    """The rating shown and ranked: what the player is surely at least (mu − 3·sigma)."""
    return mu - 3 * sigma
