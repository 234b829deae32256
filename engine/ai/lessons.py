"""The AI bandits of a lesson (engine.lessons): the script's level, with a fixed rng per decision.

A lesson's ``normal`` bandits play the normal bandit's rules of thumb (engine.ai.normal), not the
table's look-ahead (engine.ai.planner): a first game wants steady rivals, and a lesson's steps
should not move each time the table's AI grows stronger.

Each answer draws from ``Random(ai_seed, game step)``, not from one running generator, so a lesson
resumed from its snapshot plays exactly as it would have without the pause, and no rng state needs
saving beside it.

A script may prepare an AI bandit's first cards (``ai.plays``) where a step needs them, for instance
loot in a rival's hands to be punched loose: those are played while legal, whatever the level
would prefer, so a lesson does not change when the AI grows stronger.
"""

from __future__ import annotations

import random

from engine.ai import choose, normal
from engine.ai.worlds import Knowledge
from engine.lessons import Opponents, script
from engine.model import Game
from engine.observe import observe


def opponents(topic: str) -> Opponents:
    """The answer of the lesson's AI bandit for a seat that must decide."""
    lesson = script(topic)

    def answer(game: Game, seat: int) -> str:
        prepared = _prepared(lesson.ai_plays, game, seat)
        if prepared is not None:
            return prepared
        rng = random.Random(lesson.ai_seed * 1_000_003 + game.step)
        if lesson.ai_level == "normal":
            decision = game.pending
            assert decision is not None
            return normal.decide(Knowledge(observe(game, seat), decision).sample(rng), seat, rng)
        return choose(game, seat, lesson.ai_level, rng=rng)

    return answer


def _prepared(plays: dict[str, tuple[str, ...]], game: Game, seat: int) -> str | None:
    """The script's card (or ``draw``) for this schemin' decision of the seat, if it prepared one
    and it is legal."""
    decision = game.pending
    cards = [c for bandit in game.seats[seat].bandits for c in plays.get(bandit, ())]
    if decision is None or decision.kind != "plan" or not cards:
        return None
    taken = sum(1 for event in game.log if event.get("type") in ("play", "draw") and event.get("seat") == seat)
    if taken >= len(cards):
        return None
    answer = "draw" if cards[taken] == "draw" else f"play {cards[taken]}"
    return f"plan {answer}" if answer in decision.values else None
