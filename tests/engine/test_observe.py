"""B-11: the observation gate shows each viewer only what they may see."""

from __future__ import annotations

import json
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from engine import Options, apply, new_game, observe
from engine.data import base
from engine.model import OVER, Game, is_bullet
from tests.hidden import hide_differently


def played_game(seed: int, players: int, steps: int) -> Game:
    """A game after ``steps`` random answers; every other seed with Horses & Stagecoach."""
    rng = random.Random(seed)
    game = new_game(rng.sample(base().characters, players), seed=seed, options=Options(horses=seed % 2 == 1))
    for _ in range(steps):
        if game.pending is None:
            break
        apply(game, rng.choice(game.pending.options))
    return game


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 10_000), players=st.integers(3, 6), steps=st.integers(0, 160))
def test_public_view_does_not_change_when_only_hidden_things_change(seed: int, players: int, steps: int) -> None:
    game = played_game(seed, players, steps)
    if game.phase == OVER:
        return  # B-11.3: at the final count purse values are public
    before = observe(game, None)
    hide_differently(game, random.Random(seed))
    assert observe(game, None) == before


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 10_000), players=st.integers(3, 6), steps=st.integers(0, 160))
def test_views_hold_no_secret_of_anyone_else(seed: int, players: int, steps: int) -> None:
    game = played_game(seed, players, steps)
    over = game.phase == OVER
    public = observe(game, None)
    text = json.dumps(public)
    assert "secret" not in text and "seen_by" not in text
    if not over:
        assert "purse:" not in text  # no purse value anywhere
    for seat in public["seats"]:
        assert "hand" not in seat and "discard" not in seat
    for index, played in enumerate(public["pile"]):
        if played["face_down"] and not played["resolved"]:
            assert played["action"] is None and played["bandit"] is None
        assert played["resolved"] == (index < game.cursor)
    if public["pending"] is not None:
        assert "options" not in public["pending"]
    for viewer in range(players):
        mine = observe(game, viewer)
        for seat in mine["seats"]:
            assert ("hand" in seat) == (seat["seat"] == viewer)
        for bandit in mine["bandits"]:
            values_shown = any(":" in t for t in bandit["loot"])
            if values_shown:
                assert over or bandit["seat"] == viewer
        for event in mine["log"]:
            assert "secret" not in event


def test_a_player_sees_their_own_hand_purses_and_face_down_cards() -> None:
    game = played_game(seed=3, players=4, steps=0)
    seat = game.pending.seat if game.pending else 0
    view = observe(game, seat)
    assert view["seats"][seat]["hand"] == sorted(game.seats[seat].hand)
    assert view["pending"]["options"] == game.pending.options if game.pending else True
    own = next(b for b in view["bandits"] if b["seat"] == seat)
    assert own["loot"] == ["purse:250"]
    other = next(b for b in view["bandits"] if b["seat"] != seat)
    assert other["loot"] == ["purse"]


def test_bullet_cards_in_a_hand_are_shown_to_their_holder_only() -> None:
    game = played_game(seed=12, players=3, steps=400)
    assert game.phase == OVER
    anyone = [c for s in game.seats for c in s.deck if is_bullet(c)]
    assert anyone, "a whole random game gives out bullets"
    assert "bullet:" not in json.dumps(observe(game, None)["seats"])


def test_the_final_count_is_public() -> None:
    game = played_game(seed=5, players=5, steps=1000)
    view = observe(game, None)
    assert view["phase"] == OVER
    assert set(view["result"]["scores"]) == set(game.bandits)
    assert view["result"]["winners"]
