"""Colt Express rules engine: pure, deterministic, one decision at a time.

    game = new_game(["ghost", "doc", "tuco"], seed=7)
    game.pending            # who must decide what, with the legal answers
    apply(game, "plan draw")
    observe(game, viewer=0) # what seat 0 may see; observe(game, None) is the public view
"""

from __future__ import annotations

from engine import horses, prisoners, variants  # noqa: F401  (the expansions and the variants register their hooks)
from engine.errors import EngineError, IllegalAnswer, NoDecisionPending, SetupError, SnapshotError
from engine.flow import NotYourDecision, StaleAnswer, apply, legal_answers, pending
from engine.model import Game, Options
from engine.observe import observe
from engine.setup import new_game
from engine.snapshot import from_json, to_json

__all__ = [
    "EngineError",
    "Game",
    "IllegalAnswer",
    "NoDecisionPending",
    "NotYourDecision",
    "Options",
    "SetupError",
    "SnapshotError",
    "StaleAnswer",
    "apply",
    "from_json",
    "legal_answers",
    "new_game",
    "observe",
    "pending",
    "to_json",
]
