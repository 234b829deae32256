"""Complete games with random legal answers, checking the engine's promises after every step.

    python -m engine.selfplay --games N --players P --seed S [--fast]

After every answer: loot, bullets and cards are conserved; every bandit stands on a legal position
and none stays inside the marshal's car; a decision is pending with a legal answer until the game
ends; a snapshot round-trip gives an equal state. ``--fast`` checks only at the end of each game
(for the speed figure). The last line is ``games=N seconds=X games_per_s=Y``.
"""

from __future__ import annotations

import argparse
import random
import sys
import time

import engine  # noqa: F401  (registers every decision handler)
from engine.data import base
from engine.errors import SnapshotError
from engine.flow import apply
from engine.invariants import problems, totals
from engine.model import OVER, Game, Options
from engine.setup import new_game
from engine.snapshot import from_json, to_json


class InvariantBroken(AssertionError):
    pass


def check_step(game: Game, expected_totals: object) -> None:
    found = problems(game)
    if totals(game) != expected_totals:
        found.append(f"conservation broken: {totals(game)} != {expected_totals}")
    if game.pending is None and game.phase != OVER:
        found.append("no decision pending before the game is over")
    if not found:
        try:
            if from_json(to_json(game)) != game:
                found.append("snapshot round-trip changed the state")
        except SnapshotError as error:
            found.append(f"snapshot round-trip failed: {error}")
    if found:
        raise InvariantBroken(f"step {game.step}: " + "; ".join(found))


def random_options(rng: random.Random) -> Options:
    return Options(
        setup=rng.choice(["first-game", "advanced"]),
        django=rng.choice(["push", "lone-gun"]),
        belle=rng.choice(["any-other", "same-position"]),
        expert=rng.random() < 0.25,
        expert_bullets=rng.choice(["discard-at-end", "discard-on-draw"]),
    )


def play_game(
    players: int, seed: int, *, options: Options | None = None, checks: bool = True
) -> Game:
    """One complete game of random legal answers (answers drawn from ``seed``, not the game's dice)."""
    rng = random.Random(seed)
    characters = rng.sample(base().characters, players)
    game = new_game(characters, seed=seed, options=options or Options())
    start = totals(game)
    if checks:
        check_step(game, start)
    while (decision := game.pending) is not None:
        apply(game, decision.kind + " " + rng.choice(decision.values))
        if checks:
            check_step(game, start)
    if not checks:
        check_step(game, start)
    return game


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m engine.selfplay", description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--fast", action="store_true", help="check only at the end of each game")
    parser.add_argument("--variants", action="store_true",
                        help="draw the options at random (expert, django, belle, setup) per game")
    args = parser.parse_args(argv)
    began = time.perf_counter()
    for n in range(args.games):
        seed = args.seed + n
        options = random_options(random.Random(-seed)) if args.variants else None
        try:
            play_game(args.players, seed, options=options, checks=not args.fast)
        except InvariantBroken as broken:
            print(f"game seed={seed} players={args.players}: {broken}")
            return 1
    seconds = time.perf_counter() - began
    print(f"games={args.games} seconds={seconds:.3f} games_per_s={args.games / seconds:.1f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
