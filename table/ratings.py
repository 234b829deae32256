"""Ratings: each server's players (and its AI levels) rated by OpenSkill's Plackett-Luce model, a
multiplayer free-for-all rating from the final scores of every finished game.

A rating is a belief: ``mu`` (skill) and ``sigma`` (how unsure). What is shown and ranked is the
conservative ``ordinal`` (mu − 3·sigma), so a newcomer climbs as their games make it surer. An AI
seat is rated as its level (``ai:hard``…), one entry per server, so players can see where they stand
against the AI. The update runs inside the game's last transaction, either backend's
(``table.store``'s ``Tx.rate`` reads and writes them): two games ending at once in one server never
lose each other's update. Here only plain data: placings and ratings in, ratings out.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from openskill.models import PlackettLuce

MODEL = PlackettLuce()


@dataclass(frozen=True)
class Placing:
    """A seat of a finished game: who (``user:<id>`` or ``ai:<level>``) and their final score."""

    player: str
    score: int


def player_key(user_id: int | None, ai: str | None) -> str:
    return f"user:{user_id}" if user_id is not None else f"ai:{ai}"


def best_scores(placings: Sequence[Placing]) -> dict[str, int]:
    """Each rated player's score in one game. Several AI seats of one level are one rated player:
    they count once, at their best score."""
    best: dict[str, int] = {}
    for placing in placings:
        best[placing.player] = max(best.get(placing.player, placing.score), placing.score)
    return best


def rated(best: Mapping[str, int], known: Mapping[str, tuple[float, float]]) -> dict[str, tuple[float, float]]:
    """Each player's (mu, sigma) after one game whose scores are ``best`` (ties share a place), from
    what was ``known`` of them (a newcomer starts at the model's default); nothing to rate when
    fewer than two played."""
    if len(best) < 2:
        return {}  # nobody to compare with
    players = list(best)
    teams = [[MODEL.rating(mu=known[p][0], sigma=known[p][1], name=p) if p in known else MODEL.rating(name=p)]
             for p in players]
    after = MODEL.rate(teams, scores=[float(best[p]) for p in players])
    return {player: (rating.mu, rating.sigma) for (rating,), player in zip(after, players, strict=True)}


def ordinal(mu: float, sigma: float) -> float:
    """The rating shown and ranked: what the player is surely at least (mu − 3·sigma)."""
    return mu - 3 * sigma
