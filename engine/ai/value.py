"""What loot is worth to a seat that cannot see every purse, and how far ahead a bandit stands.

An expansion's loot whose value is hidden (a mail bag, M-1), its own count of a score (ransoms,
H-12) and the standing of a player who has no bandit (the Marshal, M-9) come through the AI's
hooks (engine.ai.hooks).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from functools import cache

from engine.ai.hooks import HOOKS, game_hooks
from engine.data import base
from engine.model import OVER, VALUED, Bandit, Decision, Game, loot_kind, purse_value
from engine.scoring import gunslingers, scores, sides

NOISE = 8.0  # ties broken at random so that rollouts from one world differ


def best(decision: Decision, rng: random.Random, worth: Callable[[str], float]) -> str:
    """The answer whose value is worth most, give or take the noise."""
    value = max(decision.values, key=lambda v: worth(v) + NOISE * rng.random())
    return f"{decision.kind} {value}"


BULLET_COST = 15.0  # dollars per bullet card per round still to play: one dead card in a hand of six
# A flask is worth nothing at the count (H-13 Ruling) but each drink to come is three more cards to
# choose from or one more card played (H-13): what a full or half-drunk one is worth in play.
FLASK_USE = {"whiskey": 90.0, "whiskey-half": 45.0, "old-whiskey-half": 60.0}


@cache
def purse_guess() -> float:
    """A purse whose value is hidden: the average purse (B-1, DATA.md)."""
    purses = base().purses
    return sum(purses) / len(purses)


def kind_worth(kind: str) -> float:
    """A loot token known only by its kind: what the public sees (B-11.2); a flask by its drinks."""
    if kind == "purse":
        return purse_guess()
    hidden = HOOKS.hidden_worth.get(kind)  # an expansion's token of hidden value (a mail bag, M-1)
    if hidden is not None:
        return hidden
    use = FLASK_USE.get(kind)
    return use if use is not None else float(base().loot_values[kind])


class _PublicWorth(dict[str, float]):
    """Token text → its worth as the public sees it (purse values hidden), built once per text:
    the normal bandit asks it for every token lying in the train at every decision."""

    def __missing__(self, token: str) -> float:
        worth = self[token] = kind_worth(loot_kind(token))
        return worth


PUBLIC_WORTH = _PublicWorth()


def token_worth(token: str, seen: bool) -> float:
    if seen and loot_kind(token) in VALUED:
        return float(purse_value(token))
    return kind_worth(loot_kind(token))


def loot_worth(bandit: Bandit, viewer: int) -> float:
    """A bandit's loot as ``viewer`` can value it: its own purses exactly, other purses on average."""
    if bandit.seat != viewer:
        return sum(map(PUBLIC_WORTH.__getitem__, bandit.loot))
    return sum(token_worth(t, True) for t in bandit.loot)


def standings(game: Game, viewer: int, *, exact: bool = False) -> dict[str, float]:
    """Each bandit's score if the game ended now (B-8.1, B-8.2), as ``viewer`` can tell it: the
    Gunslinger's $1000 shared among the titles as things stand (a side's first bandit holds its
    side's, V-2.8; none in V-3.3).

    ``exact`` counts every purse at its value: in a sampled world the search may, since the values
    there are drawn, not seen.
    """
    titled = gunslingers(game)
    bonus = base().gunslinger_bonus / len(titled) if titled else 0.0
    return {
        b.name: loot_worth(b, b.seat if exact else viewer) + (bonus if b.name in titled else 0.0)
        for b in game.bandits.values()
    }


def margin(game: Game, seat: int) -> float:
    """How far the seat's side stands ahead of the best other side (negative: behind), in dollars:
    a side is a bandit, or a player's two bandits scored together (V-2.7, V-3.3).

    Bullet cards received clog the hands of the rounds to come, so each costs a little. The Marshal
    player (M-1) counts his objectives instead.
    """
    if not game.seats[seat].bandits:
        return game_hooks(game).player_margin[0](game)
    rounds_left = base().rounds - game.round_no
    worth = {
        name: score - BULLET_COST * rounds_left * game.bandits[name].bullets_received
        for name, score in expected_scores(game, seat).items()
    }
    mine, best = 0.0, -1e18
    for side in sides(game):
        total = sum(worth[name] for name in side)
        if any(game.bandits[name].seat == seat for name in side):  # partners: either seat (V-4.5)
            mine = total
        elif total > best:
            best = total
    return mine - best


def expected_scores(game: Game, seat: int) -> dict[str, float]:
    """Each bandit's score as things stand (purses at their values: in a sampled world they were
    drawn, not seen; at the end of the game the count itself, B-8), or as an expansion counts it
    (with Horses & Stagecoach: hostages' ransoms, H-12, and at the end the full count, H-30:
    engine.ai.horses.normal)."""
    for hook in game_hooks(game).scores:
        found = hook(game, seat)
        if found is not None:
            return found
    if game.phase == OVER:  # the count itself: tied Gunslingers hold $1000 each (B-8.2), not a share
        return {name: float(score) for name, score in scores(game).items()}
    return standings(game, seat, exact=True)

