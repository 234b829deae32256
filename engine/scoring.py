"""End of the game: the count, the Gunslinger and the winners (B-8)."""

from __future__ import annotations

from engine.data import base
from engine.model import VALUED, Game, loot_kind, purse_value

# Loot an expansion adds, by kind, with its value at the final count (e.g. flasks, H-13).
WORTH: dict[str, int] = {}


def token_value(token: str) -> int:
    kind = loot_kind(token)
    if kind in VALUED:
        return purse_value(token)
    return WORTH[kind] if kind in WORTH else base().loot_values[kind]


def sides(game: Game) -> list[list[str]]:
    """Who wins or loses together: each bandit alone, or a variant's groups (a player's two bandits,
    V-2.7; partners, V-4.5), in seat order."""
    groups = [[name] for name in game.bandits]
    for hook in game.hooks.sides:
        groups = hook(game, groups)
    return groups


def gunslingers(game: Game) -> list[str]:
    """B-8.2: the side that fired the most bullets, every tie included (zero shots too); a side of
    several bandits counts their shots together less a variant's penalty (V-2.8, V-4.5), and the
    title goes to its first bandit (the $1000 is the side's once). A variant may have none (V-3.3)."""
    fired = {}
    for side in sides(game):
        shots = sum(base().bullets_per_bandit - game.bandits[n].revolver for n in side)
        fired[side[0]] = shots - sum(penalty(game, side) for penalty in game.hooks.gunslinger_penalty)
    most = max(fired.values())
    titled = [name for name, shots in fired.items() if shots == most]
    for hook in game.hooks.gunslingers:
        titled = hook(game, titled)
    return titled


def scores(game: Game) -> dict[str, int]:
    """B-8.1: each bandit's loot plus the Gunslinger's $1000 (an expansion adds its own: ransoms)."""
    bonus = set(gunslingers(game))
    totals = {
        b.name: sum(token_value(t) for t in b.loot)
        + (base().gunslinger_bonus if b.name in bonus else 0)
        for b in game.bandits.values()
    }
    for hook in game.hooks.scores:
        totals = hook(game, totals)
    return totals


def side_scores(game: Game) -> list[tuple[list[str], int]]:
    """Each side with its total (V-2.7, V-4.5: a side's bandits score together)."""
    totals = scores(game)
    return [(side, sum(totals[n] for n in side)) for side in sides(game)]


def contenders(game: Game) -> list[str]:
    """The bandits who may still win, side by side: everyone, unless an expansion says otherwise
    (arrested at the Escape, H-22; thrown off the train or left in the cell with Marshal &
    Prisoners, engine.prisoners.objectives)."""
    pool = [name for side in sides(game) for name in side]
    for hook in game.hooks.contenders:
        pool = hook(game, pool)
    return pool


def winners(game: Game) -> list[str]:
    """B-8.3: the richest side; a tie goes to the fewest bullets received; still tied, they share.
    The winning sides' bandits, all of them.

    Only contenders may win."""
    pool = contenders(game)
    standing = [(side, total) for side, total in side_scores(game) if any(n in pool for n in side)]
    if not standing:
        return []
    best = max(total for _, total in standing)
    richest = [side for side, total in standing if total == best]

    def received(side: list[str]) -> int:
        return sum(game.bandits[n].bullets_received for n in side)

    fewest = min(map(received, richest))
    found = [n for side in richest if received(side) == fewest for n in side if n in pool]
    for hook in game.hooks.winners:
        found = hook(game, found)
    return found
