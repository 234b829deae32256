"""The channel's words made from the public log: what this round holds (the pile message's draws
and drinks), from this round's events only."""

from __future__ import annotations

import random

import pytest

import engine  # noqa: F401  (registers every decision handler)
from cogs.story import draws_this_round, table_view, this_round
from engine import Options, apply, new_game, observe
from engine.observe import observe_log


@pytest.mark.parametrize("options", [Options(), Options(horses=True)], ids=["base", "horses"])
def test_this_round_holds_the_public_events_since_the_round_began(options: Options) -> None:
    """B-5: the pile message counts each seat's draws of this round (H-: the drinks too), never one
    of an earlier round, and sees no secret of the log."""
    game = new_game(["ghost", "doc", "tuco", "cheyenne"], seed=5, options=options)
    rng = random.Random(5)
    checked = 0
    while game.pending is not None:
        public = observe_log(game, None)
        starts = [i for i, event in enumerate(public) if event["type"] == "round"]
        since = public[starts[-1] + 1:] if starts else public
        for kind in ("draw", "drink", "play"):
            assert this_round(game, kind) == [event for event in since if event["type"] == kind]
        draws = [event["seat"] for event in since if event["type"] == "draw"]
        assert draws_this_round(game) == {seat: draws.count(seat) for seat in set(draws)}
        checked += bool(draws)
        apply(game, rng.choice(game.pending.options))
    assert checked > 10


def test_the_table_view_is_the_view_without_the_log() -> None:
    game = new_game(["ghost", "doc", "tuco"], seed=2)
    rng = random.Random(2)
    for _ in range(30):
        apply(game, rng.choice(game.pending.options))
    for viewer in (None, 0, 1):
        assert table_view(game, viewer) == {**observe(game, viewer), "log": []}
