"""The hard bandit's leaf value: what a side's standing is worth where a play-out stops.

A play-out (engine.ai.hard) stops when the next round begins. The loot is counted then, but the
Gunslinger's title is not yet won and the bullet cards received will clog the hands to come: what
are they worth in dollars? Self-play says (``python -m tools.leafvalue``, weights in
data/ai/leaf.json): between two rounds, each side's standing against the best other side (loot,
share of the title as things stand, shots fired, bullet cards received) is read, and once the game is
over labelled with that side's share of the win (B-8.3); a logistic regression per number of sides
and round to come fits the chance of winning to those gaps. Each weight divided by the loot's is that
reading's price in dollars (``Prices``), so the search still adds up dollars.

What the fit says at four sides: before round 2 the title as things stand is worth about $120,
each shot fired $240 and each bullet card received costs $250; before round 5, $500, $170 and $50.
(The search used to count the title as things stand at its full $1000 in every round, no shot,
and $15 a bullet card for each round still to play.)
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from functools import cache
from pathlib import Path
from typing import NamedTuple

from engine.data import DATA_DIR, base
from engine.model import Game
from engine.scoring import sides, winners

WEIGHTS_PATH: Path = DATA_DIR / "ai" / "leaf.json"
FEATURES = ("loot_thousands", "title_share", "shots_fired", "bullets_received")  # gaps to the best rival
FIRST_ROUND, LAST_ROUND = 2, 5  # the rounds a play-out can stop before (B-6: five rounds)


class Side(NamedTuple):
    """What a side holds where a play-out stops, as the leaf value prices it: its score without the
    Gunslinger's title, its share of the title as things stand (1 held alone, ½ shared by two), the
    shots its bandits have fired and the bullet cards they have received."""

    score: float
    title: float
    shots: int
    bullets: int


class Prices(NamedTuple):
    """Dollars for a side's share of the title as things stand, for each shot it has fired and
    each bullet card it has received (a cost): learned by self-play between two rounds
    (engine.ai.leaf), the count itself at the end of the game (``FINAL``)."""

    title: float
    shot: float
    bullet: float

    def worth(self, side: Side) -> float:
        return side.score + self.title * side.title + self.shot * side.shots - self.bullet * side.bullets


FINAL = Prices(title=float(base().gunslinger_bonus), shot=0.0, bullet=0.0)  # B-8.1, B-8.2


def model_key(game: Game) -> str:
    """The model that reads a game between two rounds: its number of sides, the round to come."""
    return f"sides {len(sides(game))} round {game.round_no}"


@cache
def learned(path: Path = WEIGHTS_PATH) -> dict[tuple[int, int], Prices]:
    """(sides, round to come) → prices, from each model's weights: a reading's weight over the
    loot's (the loot gap is read in thousands)."""
    raw = json.loads(path.read_text(encoding="utf-8"))
    found = {}
    for model in raw["models"].values():
        _, loot, title, shot, bullet = model["weights"]
        if loot <= 0:  # more loot never lowers the chance of winning: too few games behind this model
            where = f"{model['sides']} sides, round {model['round']}"
            raise ValueError(f"{path}: the model for {where} prices loot at {loot}")
        found[model["sides"], model["round"]] = Prices(1000 * title / loot, 1000 * shot / loot, -1000 * bullet / loot)
    return found


def leaf_prices(game: Game) -> Prices:
    """The prices for a game between two rounds: its own number of sides' if trained, else the
    nearest trained (a two-sided variant reads as three sides; seven bandits with Mei as six)."""
    prices = learned()
    counts = sorted({count for count, _ in prices})
    count = min(counts, key=lambda trained: abs(trained - len(sides(game))))
    return prices[count, min(max(game.round_no, FIRST_ROUND), LAST_ROUND)]


def gaps(mine: Side, others: Sequence[Side]) -> tuple[float, float, float, float]:
    """A side's readings less those of the best other side as the count stands (the title at its
    $1000): what the models read (``FEATURES``)."""
    rival = max(others, key=FINAL.worth)
    return ((mine.score - rival.score) / 1000.0, mine.title - rival.title,
            float(mine.shots - rival.shots), float(mine.bullets - rival.bullets))


def won_share(game: Game, seat: int) -> float:
    """The seat's side's share of the win at the end of the game (B-8.3: tied winning sides share)."""
    won = set(winners(game))
    winning = [side for side in sides(game) if won & set(side)]
    mine = any(game.bandits[name].seat == seat for side in winning for name in side)
    return 1.0 / len(winning) if mine else 0.0

