"""Train the hard bandit's leaf value (engine.ai.leaf) by self-play, and write its weights.

    python -m tools.leafvalue --games 1000 --players 3,4,5,6 --seed 1 --jobs 2 [--out data/ai/leaf.json]

Every seat of every game is the table's normal bandit (the level hard meets most). Between two
rounds, each seat's side is read against the best other side (``engine.ai.leaf.gaps``: loot, share
of the Gunslinger's title as things stand, shots fired, bullet cards received), and once the game is
over each reading is labelled with the side's share of the win (B-8.3: tied winners share). A
logistic regression per number of sides and round to come fits the chance of winning to those
gaps; the weights, the run that made them and each model's log-loss (against the intercept alone,
for comparison) go to ``--out``. The same ``--seed`` and ``--games`` give the same weights. The last line is
``samples=N models=K logloss=X base_logloss=Y``.
"""

from __future__ import annotations

import argparse
import json
import math
import multiprocessing
import random
import sys
import time
from collections import defaultdict
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

import engine  # noqa: F401  (registers every decision handler)
from engine.ai import choose
from engine.ai.leaf import FEATURES, WEIGHTS_PATH, gaps, learned, won_share
from engine.ai.value import sides_of
from engine.flow import apply
from engine.model import Options
from engine.scoring import sides
from engine.setup import new_game, seating

LEVEL = "normal"
RIDGE = 1e-3  # a touch of L2 on the slopes: a key with few samples still fits a finite model

Key = tuple[int, int]  # number of sides, round to come
Sample = tuple[Key, tuple[float, ...], float]  # features (gaps to the best rival), share of the win


def self_play(players: int, seed: int) -> list[Sample]:
    """One game of normal bandits: each seat's reading at the start of every round after the
    first, labelled with its share of the win."""
    game = new_game(seating(Options()).cast(random.Random(seed), players), seed=seed, options=Options())
    rng = random.Random(seed * 7 + 1)
    read: list[tuple[Key, int, tuple[float, ...]]] = []
    last_round = game.round_no
    while (decision := game.pending) is not None:
        if game.round_no != last_round:
            last_round = game.round_no
            key = (len(sides(game)), game.round_no)
            read += [(key, seat, gaps(*sides_of(game, seat))) for seat in range(players)]
        apply(game, choose(game, decision.seat, LEVEL, rng=rng), seat=decision.seat)
    return [(key, features, won_share(game, seat)) for key, seat, features in read]


def play_all(jobs: Sequence[tuple[int, int]], workers: int) -> list[Sample]:
    samples: list[Sample] = []
    if workers <= 1:
        for job in jobs:
            samples += self_play(*job)
        return samples
    with ProcessPoolExecutor(workers, mp_context=multiprocessing.get_context("fork")) as pool:
        for found in pool.map(self_play, *zip(*jobs, strict=True), chunksize=8):
            samples += found
    return samples


def solve(matrix: list[list[float]], vector: list[float]) -> list[float]:
    """Gaussian elimination with partial pivoting (a 4 × 4 system)."""
    n = len(vector)
    rows = [[*row, vector[i]] for i, row in enumerate(matrix)]
    for col in range(n):
        pivot = max(range(col, n), key=lambda r: abs(rows[r][col]))
        rows[col], rows[pivot] = rows[pivot], rows[col]
        for r in range(n):
            if r != col:
                factor = rows[r][col] / rows[col][col]
                rows[r] = [a - factor * b for a, b in zip(rows[r], rows[col], strict=True)]
    return [rows[i][n] / rows[i][i] for i in range(n)]


def sigmoid(z: float) -> float:
    return 1.0 / (1.0 + math.exp(-max(-60.0, min(60.0, z))))


def fit(samples: list[tuple[tuple[float, ...], float]], steps: int = 25) -> list[float]:
    """Logistic regression by Newton's method: weights for (1, *features) that maximise the
    likelihood of the shares (a share of a tie counts as a fraction of a win)."""
    size = len(samples[0][0]) + 1
    weights = [0.0] * size
    for _ in range(steps):
        gradient = [0.0] * size
        hessian = [[0.0] * size for _ in range(size)]
        for features, share in samples:
            x = (1.0, *features)
            p = sigmoid(sum(w * v for w, v in zip(weights, x, strict=True)))
            for i in range(size):
                gradient[i] += (share - p) * x[i]
                for j in range(size):
                    hessian[i][j] += p * (1.0 - p) * x[i] * x[j]
        for i in range(1, size):
            gradient[i] -= RIDGE * len(samples) * weights[i]
            hessian[i][i] += RIDGE * len(samples)
        step = solve(hessian, gradient)
        weights = [w + s for w, s in zip(weights, step, strict=True)]
        if max(map(abs, step)) < 1e-9:
            break
    return weights


def log_loss(samples: list[tuple[tuple[float, ...], float]], weights: list[float]) -> float:
    total = 0.0
    for features, share in samples:
        p = sigmoid(sum(w * v for w, v in zip(weights, (1.0, *features), strict=True)))
        p = min(max(p, 1e-12), 1 - 1e-12)
        total -= share * math.log(p) + (1.0 - share) * math.log(1.0 - p)
    return total / len(samples)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=1000, help="games per number of players")
    parser.add_argument("--players", default="3,4,5,6")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--out", type=Path, default=WEIGHTS_PATH)
    args = parser.parse_args(argv)
    counts = [int(p) for p in args.players.split(",")]
    began = time.perf_counter()
    jobs = [(players, args.seed * 1_000_003 + players * 100_000 + game)
            for players in counts for game in range(args.games)]
    by_key: dict[Key, list[tuple[tuple[float, ...], float]]] = defaultdict(list)
    for key, features, share in play_all(jobs, args.jobs):
        by_key[key].append((features, share))
    models = {}
    losses = [0.0, 0.0]
    for key in sorted(by_key):
        samples = by_key[key]
        weights = fit(samples)
        mean = sum(share for _, share in samples) / len(samples)
        base = [math.log(mean / (1.0 - mean))] + [0.0] * len(FEATURES)
        loss, base_loss = log_loss(samples, weights), log_loss(samples, base)
        losses[0] += loss * len(samples)
        losses[1] += base_loss * len(samples)
        count, round_no = key
        models[f"sides {count} round {round_no}"] = {
            "sides": count, "round": round_no, "weights": [round(w, 6) for w in weights], "samples": len(samples),
            "logloss": round(loss, 5), "base_logloss": round(base_loss, 5)}
        print(f"{count} sides, round {round_no}: weights {[round(w, 3) for w in weights]} samples {len(samples)} "
              f"logloss {loss:.4f} (intercept alone {base_loss:.4f})")
    total = sum(len(s) for s in by_key.values())
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps({
        "made_by": "python -m tools.leafvalue " + " ".join(sys.argv[1:] if argv is None else argv),
        "level": LEVEL, "games_per_count": args.games, "players": counts, "seed": args.seed,
        "features": ["intercept", *FEATURES], "models": models,
    }, indent=1) + "\n")
    learned.cache_clear()
    for (count, round_no), prices in sorted(learned(args.out).items()):
        print(f"{count} sides, before round {round_no}: title ${prices.title:.0f}, shot ${prices.shot:.0f}, "
              f"bullet card -${prices.bullet:.0f}")
    print(f"wrote {args.out} in {time.perf_counter() - began:.0f} s")
    print(f"samples={total} models={len(models)} logloss={losses[0] / total:.4f} base_logloss={losses[1] / total:.4f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
