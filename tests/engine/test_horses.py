"""Horses & Stagecoach in the engine: its state survives a snapshot (H-1, H-10, H-11, H-12)."""

from __future__ import annotations

from engine.scenario import build
from engine.snapshot import from_json, to_json


def test_h_10_the_stagecoach_shotgun_horses_and_hostages_survive_a_snapshot() -> None:
    game = build({
        "options": {"horses": True, "powers": False}, "wagons": 3, "stagecoach": 2, "shotgun": 2,
        "horses": [1, 3], "hostages": ["banker"],
        "bandits": {"ghost": {"at": ["stagecoach", "in"], "hostage": "poodle"}, "doc": {"at": [1, "roof"]}},
        "steps": [],
    })
    back = from_json(to_json(game))
    assert back.options.horses and back.coach == game.coach
    assert back.bandits["ghost"].at == "stagecoach/in"
    assert back.coach.held == {"ghost": "poodle"} and back.coach.shotgun == 2


def test_a_game_without_the_expansion_has_no_stagecoach() -> None:
    game = build({"bandits": {"ghost": {"at": [1, "in"]}, "doc": {"at": [2, "roof"]}}, "steps": []})
    assert game.coach is None and "stagecoach/in" not in game.train.positions
    assert "coach" not in to_json(game)
