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
from engine.ai.leaf import FINAL, Side, leaf_prices
from engine.data import base
from engine.model import OVER, VALUED, Bandit, Decision, Game, loot_kind, purse_value
from engine.scoring import gunslingers, scores, sides

NOISE = 8.0  # ties broken at random so that rollouts from one world differ


def best(decision: Decision, rng: random.Random, worth: Callable[[str], float]) -> str:
    """The answer whose value is worth most, give or take the noise."""
    value = max(decision.values, key=lambda v: worth(v) + NOISE * rng.random())
    return f"{decision.kind} {value}"


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


def sides_of(game: Game, seat: int) -> tuple[Side, list[Side]]:
    """The seat's side and the others: a side is a bandit, or a player's two bandits scored
    together (V-2.7), or partners (V-4.5, either seat), as ``expected_scores`` counts them."""
    titled = gunslingers(game)
    # As things stand the $1000 is shared among the titles; at the count each tie holds it whole.
    share = 1.0 if game.phase == OVER else 1.0 / len(titled) if titled else 0.0
    worth = expected_scores(game, seat)
    mine, others = Side(0.0, 0.0, 0, 0), []
    for names in sides(game):
        held = share * sum(name in titled for name in names)
        side = Side(
            score=sum(worth[name] for name in names) - base().gunslinger_bonus * held,
            title=held,
            shots=sum(base().bullets_per_bandit - game.bandits[name].revolver for name in names),
            bullets=sum(game.bandits[name].bullets_received for name in names),
        )
        if any(game.bandits[name].seat == seat for name in names):
            mine = side
        else:
            others.append(side)
    return mine, others


def margin(game: Game, seat: int) -> float:
    """How far the seat's side stands ahead of the best other side (negative: behind), in dollars,
    where a play-out stops. At the end of the game it is the count itself; between two rounds, the
    loot plus what is still to play for at the prices self-play has learned (engine.ai.leaf): early
    on the title as things stand is worth little and the shots that will win it much, and a bullet
    card received costs a card in each hand to come. The Marshal player (M-1) counts his objectives
    instead.
    """
    if not game.seats[seat].bandits:
        return game_hooks(game).player_margin[0](game)
    prices = FINAL if game.pending is None else leaf_prices(game)
    mine, others = sides_of(game, seat)
    return prices.worth(mine) - max(map(prices.worth, others))


def expected_scores(game: Game, seat: int) -> dict[str, float]:
    """Each bandit's score as things stand (purses at their values: in a sampled world they were
    drawn, not seen), or as an expansion counts it (with Horses & Stagecoach: hostages' ransoms,
    H-12, and at the end the full count, H-30: engine.ai.horses.normal)."""
    for hook in game_hooks(game).scores:
        found = hook(game, seat)
        if found is not None:
            return found
    if game.phase == OVER:
        return {name: float(score) for name, score in scores(game).items()}  # tied titles: $1000 each
    return standings(game, seat, exact=True)

