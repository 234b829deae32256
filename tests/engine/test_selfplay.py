"""Random complete games keep every promise of the engine (engine.invariants) at every step."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.invariants import totals
from engine.selfplay import InvariantBroken, check_step, main, play_game, random_options


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 1_000_000), players=st.integers(3, 6), variant=st.integers(0, 1_000))
def test_random_games_keep_every_invariant(seed: int, players: int, variant: int) -> None:
    game = play_game(players, seed, options=random_options(random.Random(variant)))
    assert game.phase == "over" and game.round_no == 5


def test_the_checks_catch_a_vanishing_jewel() -> None:
    game = play_game(4, seed=3)
    start = totals(game)
    game.bandits[next(iter(game.bandits))].loot.append("jewel")
    with pytest.raises(InvariantBroken, match="conservation"):
        check_step(game, start)


def test_the_checks_catch_a_bandit_left_with_the_marshal() -> None:
    game = play_game(4, seed=3)
    start = totals(game)
    next(iter(game.bandits.values())).at = game.marshal
    with pytest.raises(InvariantBroken, match="marshal"):
        check_step(game, start)


def test_command_line_last_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--games", "3", "--players", "5", "--seed", "10"]) == 0
    last = capsys.readouterr().out.splitlines()[-1]
    assert last.startswith("games=3 seconds=") and " games_per_s=" in last
