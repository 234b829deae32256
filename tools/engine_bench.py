"""Speed benchmark: complete games with random legal answers, powers and events on.

    python -m tools.engine_bench [--players 4] [--batches 10] [--games 100] [--bandits base|all]

Plays ``batches`` batches of ``games`` games on one core (no invariant checks: see
tools.selfplay for those) and reports games per second. This machine's speed drifts from
minute to minute, so the best batch says what the code can do and the median what it did.
The last line is ``players=P games=N best_games_per_s=X median_games_per_s=Y``.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time

from engine.data import base
from engine.flow import apply
from engine.model import Options
from engine.setup import new_game

# The base box's six bandits: Mei and Silk come with Marshal & Prisoners (DATA.md) and bring its
# powers (M-30, M-31); ``--bandits all`` draws them too.
BASE_BOX = ("ghost", "doc", "tuco", "cheyenne", "belle", "django")


def play_random(players: int, seed: int, options: Options, bandits: tuple[str, ...] = BASE_BOX) -> int:
    """One complete game of random legal answers; returns the number of answers given."""
    rng = random.Random(seed)
    real = rng.random
    game = new_game(rng.sample(bandits, players), seed=seed, options=options)
    answers = 0
    while (decision := game.pending) is not None:
        values = decision.values
        apply(game, decision.kind + " " + values[int(real() * len(values))])
        answers += 1
    return answers


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.engine_bench")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--batches", type=int, default=10)
    parser.add_argument("--games", type=int, default=100, help="games per batch")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--bandits", choices=("base", "all"), default="base",
                        help="draw the bandits from the base box's six, or from every bandit")
    args = parser.parse_args(argv)
    bandits = BASE_BOX if args.bandits == "base" else base().characters
    options = Options(powers=True, events=True)
    rates = []
    seed = args.seed
    for _ in range(args.batches):
        began = time.perf_counter()
        for _ in range(args.games):
            play_random(args.players, seed, options, bandits)
            seed += 1
        rates.append(args.games / (time.perf_counter() - began))
    print(f"batches: {', '.join(f'{r:.0f}' for r in rates)} games/s")
    print(
        f"players={args.players} games={args.batches * args.games} "
        f"best_games_per_s={max(rates):.1f} median_games_per_s={statistics.median(rates):.1f}"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
