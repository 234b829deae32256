"""Both expansions together (M-50): the Marshal player's whiskey replayed onto the rebuilt pictures
as the engine has it: the flasks he takes onto his sheet (A shot for the marshal, M-40) and those he
drinks (H-13)."""

from __future__ import annotations

import random

import engine  # noqa: F401  (registers every decision handler)
from engine import new_game
from engine.setup import seating
from render.play import random_answers
from render.story import replay_runs
from tools.selfplay import random_options


def _kinds(tokens: list[str]) -> list[str]:
    return sorted(t.partition(":")[0] for t in tokens)


def test_m_50_the_marshals_flasks_are_replayed_as_the_engine_has_them() -> None:
    checked = 0
    for seed in range(40):
        rng = random.Random(seed)
        options = random_options(rng, horses=True, prisoners=True)
        game = new_game(seating(options).cast(rng, 4), seed=seed, options=options)
        for before, after in random_answers(game, random.Random(seed)):
            if not any(e["type"] == "marshal-takes-flasks" or (e["type"] == "drink" and e["bandit"] == "marshal")
                       for e in after["log"]):
                continue
            rebuilt = list(replay_runs(before, after["log"]))[-1]  # a drink by him once raised KeyError
            assert _kinds(rebuilt["prison"]["flasks"]) == _kinds(after["prison"]["flasks"]), after["log"]
            assert {p: _kinds(t) for p, t in rebuilt["floor_loot"].items() if t} == \
                {p: _kinds(t) for p, t in after["floor_loot"].items() if t}
            checked += 1
    assert checked >= 2
