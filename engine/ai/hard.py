"""The hard bandit: determinized Monte Carlo search over what its seat cannot see.

Each iteration draws one world agreeing with the seat's observation (engine.ai.worlds), then
plays every candidate answer in a copy of it and lets normal bandits (engine.ai.normal) play the
rest of the round, the same random numbers for every candidate so that only the answer differs.
The answer whose worlds end the round best on average, in dollars ahead of the best rival
(engine.ai.value.margin), is chosen. Iterations run until the time budget is spent, or exactly
``iterations`` times (deterministic for a given ``rng``, as tests need).
"""

from __future__ import annotations

import random
import time

from engine.ai import normal
from engine.ai.value import margin
from engine.ai.worlds import Knowledge, clone
from engine.flow import apply
from engine.model import Decision, Game
from engine.observe import observe

BUDGET_MS = 200.0  # per decision: keeps the median near 200 ms on one core, under the 300 ms goal


def decide(
    game: Game, seat: int, rng: random.Random, *, budget_ms: float | None = None, iterations: int | None = None
) -> str:
    decision = game.pending
    assert decision is not None and decision.seat == seat
    candidates = candidate_answers(decision)
    if len(candidates) == 1:
        return candidates[0]
    deadline = time.perf_counter() + (BUDGET_MS if budget_ms is None else budget_ms) / 1000.0
    knowledge = Knowledge(observe(game, seat), decision)
    totals = [0.0] * len(candidates)
    done = 0
    while True:
        world = knowledge.sample(rng)
        seed = rng.getrandbits(64)
        for i, answer in enumerate(candidates):
            trial = clone(world)
            apply(trial, answer)
            play_out_round(trial, random.Random(seed))
            totals[i] += margin(trial, seat)
        done += 1
        if (done >= iterations) if iterations is not None else time.perf_counter() >= deadline:
            break
    return candidates[max(range(len(candidates)), key=totals.__getitem__)]


def candidate_answers(decision: Decision) -> list[str]:
    """The answers worth searching: Ghost's face-up play of a card he may hide is never better (B-9.1)."""
    options = decision.options
    if decision.kind != "plan":
        return options
    hidden = {o.partition(" hide ")[2] for o in options if " hide " in o}
    return [o for o in options if o.partition(" play ")[2] not in hidden]


def play_out_round(game: Game, rng: random.Random) -> None:
    """Normal bandits play on until the next round begins or the game ends."""
    round_no = game.round_no
    while (decision := game.pending) is not None and game.round_no == round_no:
        apply(game, normal.decide(game, decision.seat, rng))
