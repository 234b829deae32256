"""The easy bandit: any legal answer, at random."""

from __future__ import annotations

import random

from engine.model import Decision


def decide(decision: Decision, rng: random.Random) -> str:
    return rng.choice(decision.options)
