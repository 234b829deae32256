"""End of the game: the count, the Gunslinger and the winners (B-8)."""

from __future__ import annotations

from engine.data import base
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
    """B-8.1: each bandit's loot plus the Gunslinger's $1000."""
    bonus = set(gunslingers(game))
    return {
        b.name: sum(token_value(t) for t in b.loot)
        + (base().gunslinger_bonus if b.name in bonus else 0)
        for b in game.bandits.values()
    }


def winners(game: Game) -> list[str]:
    """B-8.3: the richest; a tie goes to the fewest bullets received; still tied, they share."""
    totals = scores(game)
    best = max(totals.values())
    richest = [game.bandits[n] for n, v in totals.items() if v == best]
    fewest = min(b.bullets_received for b in richest)
    return [b.name for b in richest if b.bullets_received == fewest]
