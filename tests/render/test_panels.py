"""Who the train picture marks as acting (issue 13): while the pile resolves, the bandit whose card
resolves next, never the one who planned last (B-6: the pile resolves in order)."""

from __future__ import annotations

import random
from typing import Any

from engine import apply, new_game, observe
from render.panels import content


def _marked(obs: dict[str, Any]) -> list[str]:
    return [b["name"] for b in obs["bandits"] if content(obs, b, None).acting is not None]


def _stealing_view(seed: int) -> dict[str, Any]:
    """A public view in Stealin' with cards left to resolve, as the channel's frames see it."""
    game = new_game(["ghost", "doc", "belle", "tuco"], seed=seed)
    rng = random.Random(seed)
    while game.phase == "planning":
        options = game.pending.options  # type: ignore[union-attr]
        apply(game, rng.choice([o for o in options if " play " in o] or options))
    return observe(game, None)


def test_during_stealin_the_next_card_s_bandit_is_marked_not_the_last_planner() -> None:
    view = _stealing_view(3)
    assert view["phase"] == "stealing"
    left = [p for p in view["pile"] if not p["resolved"]]
    assert left
    owner = next(b["name"] for b in view["bandits"] if b["seat"] == left[0]["seat"])
    planner = {**view, "pending": {"seat": view["pile"][-1]["seat"], "bandit": None, "kind": "plan"}}
    assert _marked(planner) == [owner]  # a planning decision left over from before marks nobody
    assert _marked({**view, "pending": None}) == [owner]


def test_once_the_pile_is_done_nobody_is_marked() -> None:
    view = _stealing_view(5)
    done = {**view, "pending": None, "pile": [{**p, "resolved": True} for p in view["pile"]]}
    assert _marked(done) == []


def test_a_choice_marks_the_bandit_who_chooses() -> None:
    view = _stealing_view(7)
    chooser = view["bandits"][2]
    choosing = {**view, "pending": {"seat": chooser["seat"], "bandit": chooser["name"], "kind": "fire"}}
    assert _marked(choosing) == [chooser["name"]]
