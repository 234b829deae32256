"""AI bandits at three levels, each answering only from what its seat may see (B-11).

    answer = choose(game, seat, "hard", rng=random.Random(7))
    apply(game, answer, seat=seat)

- ``easy``: any legal answer at random (engine.ai.easy).
- ``normal``: rules of thumb over the seat's view (engine.ai.normal); in a base game its schemin'
  looks ahead over its own hand (engine.ai.planner).
- ``hard``: Monte Carlo search over worlds drawn from the seat's view (engine.ai.hard), within
  ``budget_ms`` per decision, or exactly ``iterations`` worlds when given (deterministic).

``choose`` never changes ``game``: the normal and hard bandits read ``observe(game, seat)`` and
their own pending decision, and play on worlds of their own; it imports nothing but the engine,
so it may run in a worker thread on a private copy of the game.

The arena also seats ``tactician`` (BENCHMARK_LEVELS, engine.ai.tactician): a strong
rule-of-thumb yardstick from the seat's view, never offered to players.

Hints and reviews (engine.ai.advice) ask the hard search from a seat's view alone, and say why in
a catalog's words (engine.ai.reasons).

The expansions' and variants' parts of the AI are packages of their own (``horses``, ``prisoners``,
``variants``), as in the engine: importing this package registers them with the AI's hooks
(engine.ai.hooks); the base AI never imports them.
"""

from __future__ import annotations

import random

from engine.ai import easy, hard, horses, planner, prisoners, tactician, variants  # noqa: F401  (the expansions register)
from engine.model import Game
from engine.observe import observe

LEVELS = ("easy", "normal", "hard")
# Levels only the arena seats (tools.arena): yardsticks, never offered to players.
BENCHMARK_LEVELS: tuple[str, ...] = ("tactician",)


def choose(
    game: Game,
    seat: int,
    level: str,
    *,
    rng: random.Random,
    budget_ms: float | None = None,
    iterations: int | None = None,
) -> str:
    """One of ``game.pending.options``, the answer of a ``level`` bandit playing ``seat``."""
    decision = game.pending
    if decision is None or decision.seat != seat:
        raise ValueError(f"seat {seat} has no decision to take")
    if level == "easy":
        return easy.decide(decision, rng)
    if level == "normal":
        return planner.decide(observe(game, seat), decision, rng)
    if level == "tactician":
        return tactician.decide(observe(game, seat), decision, rng)
    if level == "hard":
        return hard.decide(game, seat, rng, budget_ms=budget_ms, iterations=iterations)
    raise ValueError(f"unknown AI level {level!r}; one of {', '.join(LEVELS + BENCHMARK_LEVELS)}")


__all__ = ["BENCHMARK_LEVELS", "LEVELS", "choose"]
