"""Random complete games keep every promise of the engine (engine.invariants) at every step."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine import Game, Options, new_game
from engine.invariants import totals
from tools.selfplay import InvariantBroken, check_step, main, play_game, random_options


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 1_000_000), players=st.integers(3, 6), variant=st.integers(0, 1_000))
def test_random_games_keep_every_invariant(seed: int, players: int, variant: int) -> None:
    game = play_game(players, seed, options=random_options(random.Random(variant)))
    assert game.phase == "over" and game.round_no == 5


def test_bullets_set_aside_at_the_deal_may_come_back_through_a_reshuffle() -> None:
    """V-1.2 discard-on-draw, V-1.5: a seat dealt only bullets sets them all aside, then its first
    draw in Schemin' shuffles them back into its deck; the deal's check still accounts for them
    (the --variants selfplay once failed here, seed 142)."""
    options = random_options(random.Random(-142))
    assert options.expert and options.expert_bullets == "discard-on-draw"
    game = play_game(4, 142, options=options)
    assert any(e["type"] == "reshuffle" for e in game.log)
    assert game.phase == "over"


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


def _expert_round_start() -> tuple[Game, Counter[str]]:
    game = new_game(["ghost", "doc", "tuco", "belle"], seed=11, options=Options(expert=True))
    return game, totals(game)


def test_a_sound_deal_passes_the_deal_check() -> None:
    game, start = _expert_round_start()
    check_step(game, start, kept=[[] for _ in game.seats])


def test_the_checks_catch_a_deal_over_the_kept_hand() -> None:
    """V-1.4: a hand kept at 7 draws nothing; one more card in hand is caught."""
    game, start = _expert_round_start()
    seat = game.seats[0]
    seat.hand.append(seat.deck.pop())
    with pytest.raises(InvariantBroken, match="holds 7 cards after the deal, not 6"):
        check_step(game, start, kept=[[] for _ in game.seats])
    # the same hand is sound when those seven cards were kept
    check_step(game, start, kept=[list(seat.hand), [], [], []])


def test_the_checks_catch_a_kept_card_lost_in_the_deal() -> None:
    """V-1.2: the cards kept at the end of planning are still in hand after the deal."""
    game, start = _expert_round_start()
    seat = game.seats[0]
    kept = seat.hand.pop()
    seat.deck.append(kept)
    with pytest.raises(InvariantBroken, match="lost kept card"):
        check_step(game, start, kept=[[kept], [], [], []])


def test_the_checks_catch_a_card_moved_to_another_text() -> None:
    """Every action card is in exactly one place: a Move turned into a Rob is caught."""
    game, start = _expert_round_start()
    hand = game.seats[0].hand
    hand[0] = "ghost:rob" if hand[0] != "ghost:rob" else "ghost:move"
    with pytest.raises(InvariantBroken, match="conservation"):
        check_step(game, start)


def test_expert_selfplay_command_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--games", "4", "--players", "4", "--seed", "7", "--variants", "--expert"]) == 0
    assert capsys.readouterr().out.splitlines()[-1].startswith("games=4 ")
