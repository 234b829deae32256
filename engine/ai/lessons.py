"""The AI bandits of a lesson (engine.lessons): the script's level, with a fixed rng per decision.

Each answer draws from ``Random(ai_seed, game step)``, not from one running generator, so a lesson
resumed from its snapshot plays exactly as it would have without the pause, and no rng state needs
saving beside it.
"""

from __future__ import annotations

import random

from engine.ai import choose
from engine.lessons import Opponents, script
from engine.model import Game


def opponents(topic: str) -> Opponents:
    """The answer of the lesson's AI bandit for a seat that must decide."""
    lesson = script(topic)

    def answer(game: Game, seat: int) -> str:
        rng = random.Random(lesson.ai_seed * 1_000_003 + game.step)
        return choose(game, seat, lesson.ai_level, rng=rng)

    return answer
