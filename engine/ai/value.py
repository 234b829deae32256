"""What loot is worth to a seat that cannot see every purse, and how far ahead a bandit stands."""

from __future__ import annotations

from functools import cache

from engine.data import base
from engine.model import Bandit, Game, loot_kind, purse_value

BULLET_COST = 15.0  # dollars per bullet card per round still to play: one dead card in a hand of six


@cache
def purse_guess() -> float:
    """A purse whose value is hidden: the average purse (B-1, DATA.md)."""
    purses = base().purses
    return sum(purses) / len(purses)


def kind_worth(kind: str) -> float:
    """A loot token known only by its kind: what the public sees (B-11.2)."""
    return purse_guess() if kind == "purse" else float(base().loot_values[kind])


class _PublicWorth(dict[str, float]):
    """Token text → its worth as the public sees it (purse values hidden), built once per text:
    the normal bandit asks it for every token lying in the train at every decision."""

    def __missing__(self, token: str) -> float:
        worth = self[token] = kind_worth(loot_kind(token))
        return worth


PUBLIC_WORTH = _PublicWorth()


def token_worth(token: str, seen: bool) -> float:
    if seen and loot_kind(token) == "purse":
        return float(purse_value(token))
    return kind_worth(loot_kind(token))


def loot_worth(bandit: Bandit, viewer: int) -> float:
    """A bandit's loot as ``viewer`` can value it: its own purses exactly, other purses on average."""
    if bandit.seat != viewer:
        return sum(map(PUBLIC_WORTH.__getitem__, bandit.loot))
    return sum(token_worth(t, True) for t in bandit.loot)


def standings(game: Game, viewer: int, *, exact: bool = False) -> dict[str, float]:
    """Each bandit's score if the game ended now (B-8.1, B-8.2), as ``viewer`` can tell it.

    ``exact`` counts every purse at its value: in a sampled world the search may, since the values
    there are drawn, not seen.
    """
    bandits = game.bandits.values()
    fewest = min(b.revolver for b in bandits)
    shooters = [b for b in bandits if b.revolver == fewest]
    bonus = base().gunslinger_bonus / len(shooters)
    return {
        b.name: loot_worth(b, b.seat if exact else viewer) + (bonus if b.revolver == fewest else 0.0)
        for b in bandits
    }


def margin(game: Game, seat: int) -> float:
    """How far the seat's bandit stands ahead of the best other one (negative: behind), in dollars.

    Bullet cards received clog the hands of the rounds to come, so each costs a little.
    """
    scores = standings(game, seat, exact=True)
    rounds_left = base().rounds - game.round_no
    worth = {
        b.name: scores[b.name] - BULLET_COST * rounds_left * b.bullets_received for b in game.bandits.values()
    }
    mine = [worth[name] for name in game.seats[seat].bandits]
    others = [v for name, v in worth.items() if game.bandits[name].seat != seat]
    return sum(mine) - max(others)

