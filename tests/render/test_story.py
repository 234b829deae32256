"""One picture per action: the public events replayed onto the observation before them must give
exactly the engine's own public observation after them."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from render.story import action_frames, replay_runs
from tests.render.helpers import steps


def _public_state(obs: dict[str, Any]) -> dict[str, Any]:
    """What a train picture shows of the state (not whose turn it is, nor hand sizes)."""
    return {
        "round": obs["round"],
        "round_card": obs["round_card"],
        "marshal": obs["marshal"],
        "neutral_bullets": obs["neutral_bullets"],
        "second_strongbox": obs["second_strongbox"],
        "floor_loot": {pos: Counter(t.partition(":")[0] for t in tokens)
                       for pos, tokens in obs["floor_loot"].items() if tokens},
        "bandits": [(b["name"], b["at"], Counter(t.partition(":")[0] for t in b["loot"]), b["revolver"],
                     b["bullets_received"]) for b in obs["bandits"]],
        "pile": [(p["seat"], p["bandit"], p["action"], p["face_down"], p["resolved"]) for p in obs["pile"]],
    }


@pytest.mark.parametrize(("players", "seed"), [(3, 1), (4, 2), (5, 3), (6, 4), (6, 5)])
def test_replaying_the_public_log_gives_the_engines_view(players: int, seed: int) -> None:
    for _, before, after in steps(players, seed):
        rebuilt = list(replay_runs(before, after["log"]))
        if rebuilt:
            assert _public_state(rebuilt[-1]) == _public_state(after)


def test_one_frame_per_action_and_the_last_is_the_engines() -> None:
    longest = 0
    for _, before, after in steps(6, seed=9):
        pictures = action_frames(before, after)
        assert pictures[-1]["step"] == after["step"]
        assert sum(len(p["log"]) for p in pictures) == len(after["log"])
        for picture in pictures[1:]:  # the first may end an action whose start was shown before
            assert picture["log"][0]["type"] in ("resolve", "event", "round", "planning-over", "play", "draw",
                                                 "pass", "game-over")
        longest = max(longest, len(pictures))
    assert longest > 1  # some answers do resolve several cards at once


def test_rebuilt_frames_never_hold_hidden_things() -> None:
    for _, before, after in steps(4, seed=7):
        for picture in action_frames(before, after)[:-1]:
            assert picture["viewer"] is None
            assert all(":" not in t for b in picture["bandits"] for t in b["loot"])
            assert all("hand" not in s for s in picture["seats"])
            for played in picture["pile"]:
                if played["face_down"] and not played["resolved"]:
                    assert played["action"] is None
