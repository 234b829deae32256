"""Real games for the picture tools (gallery, bench) and the picture tests: one answer applied,
with the public views the pictures are drawn from on either side of it."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

from engine import apply, observe
from engine.model import Game

Observation = dict[str, Any]


def answered(game: Game, answer: str) -> tuple[Observation, Observation]:
    """Apply ``answer``: the public view before it, and after it with the events it caused as its
    log (what ``render.story.action_frames`` takes)."""
    before = observe(game, None, log_since=len(game.log))
    n = len(game.log)
    apply(game, answer)
    return before, observe(game, None, log_since=n)


def random_answers(game: Game, rng: random.Random) -> Iterator[tuple[Observation, Observation]]:
    """``game`` played to its end by random legal answers: ``answered``'s views, answer by answer."""
    while game.pending is not None:
        yield answered(game, rng.choice(game.pending.options))
