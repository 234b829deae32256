"""Who the train picture marks as acting: never the one who planned last while the pile resolves
(issue 13); whoever the engine waits for, and nobody else (issue 26: the card that resolves next is
the pile's to show, B-6)."""

from __future__ import annotations

import random
from typing import Any

from engine import apply, new_game, observe
from render import pile
from render.panels import content
from render.story import apply_event


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


def test_during_stealin_the_last_planner_is_not_marked_the_pile_shows_the_next_card() -> None:
    view = _stealing_view(3)
    assert view["phase"] == "stealing"
    left = [p for p in view["pile"] if not p["resolved"]]
    assert left and pile._next_index(view) == view["pile"].index(left[0])  # the pile frames it
    waited = view["pending"]
    assert _marked(view) == [b["name"] for b in view["bandits"]
                             if b["name"] == waited["bandit"] or (not waited["bandit"] and b["seat"] == waited["seat"])]
    # a view rebuilt from the last planning one (the channel's frames): that plan was answered
    planner = {**view, "phase": "planning", "pending": {"seat": view["pile"][-1]["seat"], "bandit": None,
                                                        "kind": "plan"}}
    apply_event(planner, {"type": "planning-over", "step": view["step"]})
    assert planner["pending"] is None and _marked(planner) == []
    assert _marked({**view, "pending": None}) == []  # no decision pending: nobody


def test_once_the_pile_is_done_nobody_is_marked() -> None:
    view = _stealing_view(5)
    done = {**view, "pending": None, "pile": [{**p, "resolved": True} for p in view["pile"]]}
    assert _marked(done) == []


def test_a_choice_marks_the_bandit_who_chooses() -> None:
    view = _stealing_view(7)
    chooser = view["bandits"][2]
    choosing = {**view, "pending": {"seat": chooser["seat"], "bandit": chooser["name"], "kind": "fire"}}
    assert _marked(choosing) == [chooser["name"]]
