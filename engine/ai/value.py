"""What loot is worth to a seat that cannot see every purse, and how far ahead a bandit stands."""

from __future__ import annotations

import random
from collections.abc import Callable
from functools import cache

from engine.data import base
from engine.horses.scoring import ransom
from engine.model import OVER, VALUED, Bandit, Decision, Game, loot_kind, purse_value
from engine.prisoners.data import prisoners_data
from engine.prisoners.model import MAIL
from engine.prisoners.objectives import fulfilled
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
ARRESTED = 5000.0  # Escape (H-22): a bandit still on the train cannot win, whatever his loot
OBJECTIVE = 1000.0  # one of the Marshal's objectives, in the dollars of a bandit's margin (M-9)
# A token of the expansion whose value is hidden, at the average of its values (a mail bag, M-1).
HIDDEN_GUESS = {MAIL: sum(prisoners_data().mail_bags) / len(prisoners_data().mail_bags)}


@cache
def purse_guess() -> float:
    """A purse whose value is hidden: the average purse (B-1, DATA.md)."""
    purses = base().purses
    return sum(purses) / len(purses)


def kind_worth(kind: str) -> float:
    """A loot token known only by its kind: what the public sees (B-11.2); a flask by its drinks."""
    if kind == "purse":
        return purse_guess()
    if kind in HIDDEN_GUESS:
        return HIDDEN_GUESS[kind]
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
        return marshal_margin(game)
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


def marshal_margin(game: Game) -> float:
    """The Marshal player's standing (M-9): his objectives fulfilled as things stand, against the
    four he needs, a thousand dollars' worth each."""
    return OBJECTIVE * (len(fulfilled(game)) - prisoners_data().objectives_to_win + 0.5)


def expected_scores(game: Game, seat: int) -> dict[str, float]:
    """Each bandit's score as things stand (purses at their values: in a sampled world they were
    drawn, not seen). With Horses & Stagecoach: hostages' ransoms (H-12), and at the end the full
    count (H-30: stations, flasks at $0), a bandit who cannot win far behind (Escape, H-22)."""
    if game.coach is None:
        return standings(game, seat, exact=True)
    if game.phase == OVER:
        final = scores(game)
        can_win = _contenders(game)
        return {name: value - (0.0 if name in can_win else ARRESTED) for name, value in final.items()}
    now = standings(game, seat, exact=True)
    return {name: value + ransom(game, game.bandits[name]) for name, value in now.items()}


def _contenders(game: Game) -> set[str]:
    pool = list(game.bandits)
    for hook in game.hooks.contenders:
        pool = hook(game, pool)
    return set(pool)

