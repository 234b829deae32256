"""End of the game: the count, the Gunslinger and the winners (B-8)."""

from __future__ import annotations

from engine.data import base
from engine.hooks import HOOKS
from engine.model import Game, loot_kind, purse_value

# Loot an expansion adds, by kind, with its value at the final count (e.g. flasks, H-13).
WORTH: dict[str, int] = {}


def token_value(token: str) -> int:
    kind = loot_kind(token)
    if kind == "purse":
        return purse_value(token)
    return WORTH[kind] if kind in WORTH else base().loot_values[kind]


def gunslingers(game: Game) -> list[str]:
    """B-8.2: the bandits with the fewest bullets left, every tie included (zero shots too)."""
    fewest = min(b.revolver for b in game.bandits.values())
    return [b.name for b in game.bandits.values() if b.revolver == fewest]


def scores(game: Game) -> dict[str, int]:
    """B-8.1: each bandit's loot plus the Gunslinger's $1000 (an expansion adds its own: ransoms)."""
    bonus = set(gunslingers(game))
    totals = {
        b.name: sum(token_value(t) for t in b.loot)
        + (base().gunslinger_bonus if b.name in bonus else 0)
        for b in game.bandits.values()
    }
    for hook in HOOKS.scores:
        totals = hook(game, totals)
    return totals


def winners(game: Game) -> list[str]:
    """B-8.3: the richest; a tie goes to the fewest bullets received; still tied, they share.

    Only contenders may win: everyone, unless an expansion says otherwise (arrested, H-22)."""
    totals = scores(game)
    pool = list(totals)
    for hook in HOOKS.contenders:
        pool = hook(game, pool)
    if not pool:
        return []
    best = max(totals[n] for n in pool)
    richest = [game.bandits[n] for n in pool if totals[n] == best]
    fewest = min(b.bullets_received for b in richest)
    return [b.name for b in richest if b.bullets_received == fewest]
