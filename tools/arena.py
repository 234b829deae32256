"""AI bandits against each other: win rates with 95% intervals and decision times per level.

    python -m tools.arena --games N --players 4 --seats hard,normal,normal,normal --seed S [--horses]
    python -m tools.arena --variant two-bandits --players 2 --seats normal,easy --games N
    python -m tools.arena --variant teams --players 4 --seats normal,normal,easy,easy --games N
    python -m tools.arena --prisoners --players 5 --seats normal,hard,normal,normal,normal --games N

Games come in blocks of ``players``: one deal (characters, wagons, round cards, the game's dice)
is played once with the levels in every rotation round the table, so each level sits in every seat
of the same deal equally often. With teams (V-4) the levels turn a team at a time (blocks of
``players / 2``), so partners given the same level keep it together.

A level's win rate is the share of games one of its seats wins; a tie for the win (B-8.3: same
loot and same bullets received) gives each tied winner an equal share, so two tied winners count
half a win each. The interval is Wilson's score interval. Decision times are the wall-clock time
of ``engine.ai.choose`` on this process's one core. ``--horses``
plays every game with the Horses & Stagecoach expansion (H-1). ``--variant`` seats the players as
a variant does: ``two-bandits`` (V-2, 2 or 3 players, each with two bandits drawn as V-2.2 pairs
them), ``two-player`` (V-3, 2 players, Expert) or ``teams`` (V-4, 4 or 6 players, partners side
by side). Each level's mean dollar margin is its side's final score (its bandit's, or its two
bandits' or partners' together) less the best other side's, over its sides in every game.
``--prisoners`` plays Marshal & Prisoners: the first of ``--seats`` is the Marshal player (M-1),
who keeps his level; the bandits' levels turn round the other seats. The Marshal's win rate is
reported on a line of its own (``marshal_win``); a bandit level's wins are those of its bandits.

The last line is machine-readable, e.g.
``games=N players=4 hard_win=0.430 hard_ci=0.370-0.490 hard_median_ms=210 hard_p95_ms=260 ...``.
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import sys
import time
from collections import defaultdict

from engine.ai import BENCHMARK_LEVELS, LEVELS, choose
from engine.flow import apply
from engine.model import Options
from engine.prisoners.model import MARSHAL
from engine.scoring import side_scores, winners
from engine.setup import new_game, seating
from engine.variants.pairs import TWO_PLAYER
from engine.variants.teams import TEAMS

Z95 = 1.959964


def wilson(wins: float, games: int) -> tuple[float, float]:
    """The 95% Wilson score interval of a win rate."""
    if games == 0:
        return 0.0, 1.0
    p = wins / games
    denominator = 1 + Z95**2 / games
    centre = (p + Z95**2 / (2 * games)) / denominator
    half = Z95 * math.sqrt(p * (1 - p) / games + Z95**2 / (4 * games**2)) / denominator
    return max(0.0, centre - half), min(1.0, centre + half)


def play(
    levels: list[str], deal: int, rotation: int, *, budget_ms: float | None, iterations: int | None,
    times: dict[str, list[float]], options: Options | None = None,
    margins: dict[str, list[float]] | None = None,
) -> dict[str, float]:
    """One game; each level's share of the win (and, into ``margins``, each seat's dollar margin)."""
    players = len(levels)
    options = options or Options()
    marshal = 1 if options.prisoners else 0  # the Marshal player sits first and keeps his level (M-1)
    game = new_game(seating(options).cast(random.Random(deal), players - marshal), seed=deal, options=options)
    bandit_levels = levels[marshal:]
    seated = levels[:marshal] + [bandit_levels[(seat + rotation) % len(bandit_levels)]
                                 for seat in range(players - marshal)]
    rngs = [random.Random(deal * 1_000 + rotation * 10 + seat) for seat in range(players)]
    while (decision := game.pending) is not None:
        seat = decision.seat
        level = seated[seat]
        began = time.perf_counter()
        answer = choose(game, seat, level, rng=rngs[seat], budget_ms=budget_ms, iterations=iterations)
        times[level].append(time.perf_counter() - began)
        apply(game, answer, seat=seat)
    won = winners(game)
    if margins is not None:
        final = side_scores(game)
        for index, (side, score) in enumerate(final):
            rivals = [v for other, (_, v) in enumerate(final) if other != index]
            margins[seated[game.bandits[side[0]].seat]].append(score - max(rivals))
    shares: dict[str, float] = defaultdict(float)
    for name in won:
        if name in game.bandits:
            shares[seated[game.bandits[name].seat]] += 1 / len(won)
        else:  # the Marshal player (M-9)
            shares[MARSHAL] += 1 / len(won)
    return shares


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] if ordered else 0.0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m tools.arena", description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--games", type=int, default=40,
                        help="games to play (best a multiple of --players, of its half with teams)")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--seats", default="hard,normal,normal,normal",
                        help=f"one level per seat, comma-separated, among {', '.join(LEVELS + BENCHMARK_LEVELS)}")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--budget-ms", type=float, default=None, help="hard: time per decision (default: its own)")
    parser.add_argument("--iterations", type=int, default=None, help="hard: worlds per decision instead of a time")
    parser.add_argument("--horses", action="store_true", help="play with Horses & Stagecoach (H-1)")
    parser.add_argument("--variant", default="none", choices=Options.CHOICES["variant"],
                        help="how players sit: two-bandits (V-2, 2-3 players), two-player (V-3, 2 players), "
                             "teams (V-4, 4 or 6 players)")
    parser.add_argument("--prisoners", action="store_true",
                        help="play Marshal & Prisoners: the first of --seats is the Marshal player (M-1)")
    parser.add_argument("--quiet", action="store_true", help="no line per game")
    args = parser.parse_args(argv)
    levels = args.seats.split(",")
    if len(levels) != args.players or not set(levels) <= set(LEVELS + BENCHMARK_LEVELS):
        parser.error(f"--seats needs {args.players} levels among {', '.join(LEVELS + BENCHMARK_LEVELS)}")

    wins: dict[str, float] = defaultdict(float)
    times: dict[str, list[float]] = defaultdict(list)
    margins: dict[str, list[float]] = defaultdict(list)
    options = Options(horses=args.horses, variant=args.variant, expert=args.variant == TWO_PLAYER,  # V-3.3
                      prisoners=args.prisoners)
    table = seating(options)
    marshal = int(args.prisoners)
    if not table.min_players <= args.players - marshal <= table.max_players:
        parser.error(f"this game is for {table.min_players + marshal} to {table.max_players + marshal} players")
    step = 2 if args.variant == TEAMS else 1  # a team's two seats turn together (V-4.1)
    rotations = (args.players - marshal) // step
    for n in range(args.games):
        deal, rotation = args.seed * 100_000 + n // rotations, n % rotations * step
        shares = play(levels, deal, rotation, budget_ms=args.budget_ms, iterations=args.iterations, times=times,
                      options=options, margins=margins)
        for level, share in shares.items():
            wins[level] += share
        if not args.quiet:
            so_far = " ".join(f"{level}={wins[level]:.1f}" for level in dict.fromkeys([*levels, *wins]))
            print(f"game {n + 1}/{args.games}: {so_far}", file=sys.stderr, flush=True)

    fields = [f"games={args.games}", f"players={args.players}"]
    if args.prisoners:
        low, high = wilson(wins[MARSHAL], args.games)
        print(f"the Marshal ({levels[0]}): wins {wins[MARSHAL] / args.games:.3f} (95% {low:.3f}-{high:.3f})")
        fields += [f"marshal_level={levels[0]}", f"marshal_win={wins[MARSHAL] / args.games:.3f}",
                   f"marshal_ci={low:.3f}-{high:.3f}"]
    for level in dict.fromkeys(levels):
        seats, bandit_seats = levels[marshal:].count(level), args.players - marshal
        low, high = wilson(wins[level], args.games)
        rate = wins[level] / args.games
        ms = [t * 1000 for t in times[level]]
        median, p95 = (statistics.median(ms) if ms else 0.0), percentile(ms, 0.95)
        margin = statistics.fmean(margins[level]) if margins[level] else 0.0
        print(f"{level}: {seats} seat(s) of {bandit_seats} (fair share {seats / bandit_seats:.2f}), "
              f"wins {rate:.3f} (95% {low:.3f}-{high:.3f}), mean margin ${margin:+.0f}, decisions {len(ms)}, "
              f"median {median:.1f} ms, p95 {p95:.1f} ms")
        fields += [f"{level}_win={rate:.3f}", f"{level}_ci={low:.3f}-{high:.3f}", f"{level}_margin={margin:.0f}",
                   f"{level}_median_ms={median:.1f}", f"{level}_p95_ms={p95:.1f}"]
    fields += [f"horses={int(args.horses)}", f"variant={args.variant}", f"prisoners={int(args.prisoners)}"]
    print(" ".join(fields))
    return 0


if __name__ == "__main__":
    sys.exit(main())
