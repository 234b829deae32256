"""Mei (M-30), the seventh bandit, playable without the Marshal & Prisoners expansion: tables of up
to 7 (B-3.2), her diagonal Change floor, and the AI's answer to it."""

from __future__ import annotations

import random

import pytest

from engine import apply, new_game, observe
from engine.actions import perform
from engine.ai import choose
from engine.data import base
from engine.errors import SetupError
from engine.model import Options, loot_kind

SEVEN = ["ghost", "doc", "tuco", "cheyenne", "belle", "django", "mei"]


def test_b_3_2_seven_bandits_play_on_six_wagons_with_the_5_7_round_cards() -> None:
    game = new_game(SEVEN, seed=5)
    assert len(game.wagons) == 6
    card = game.current_round_card()
    assert card is not None and card.turns == base().round_cards["5-7"][card.name].turns
    purses = [t for pos in game.floor_loot.values() for t in pos if loot_kind(t) == "purse"]
    purses += [t for b in game.bandits.values() for t in b.loot] + [t for t in game.box if loot_kind(t) == "purse"]
    assert sorted(int(t.split(":")[1]) for t in purses) == sorted(base().purse_pool(7))  # the extra $250
    assert all(b.loot == [f"purse:{base().starting_purse}"] for b in game.bandits.values())
    while game.pending is not None:
        apply(game, random.Random(game.step).choice(game.pending.options))
    assert game.phase == "over"


def test_no_table_of_eight() -> None:
    with pytest.raises(SetupError):
        new_game([*SEVEN, "ghost"], seed=1)


@pytest.mark.parametrize("powers", [True, False])
def test_m_30_mei_is_asked_where_only_with_her_power(powers: bool) -> None:
    game = new_game(["mei", "doc", "tuco"], seed=2, options=Options(powers=powers, events=False))
    mei = game.bandits["mei"]
    mei.at = "2/in"
    game.pending = None
    perform(game, "floor", mei)
    if powers:
        assert game.pending is not None and game.pending.kind == "floor"
        assert sorted(game.pending.values) == ["1/roof", "2/roof", "3/roof"]
    else:
        assert mei.at == "2/roof"


def test_normal_mei_climbs_diagonally_toward_loot() -> None:
    game = new_game(["mei", "doc", "tuco"], seed=2, options=Options(events=False))
    mei = game.bandits["mei"]
    mei.at = "2/in"
    for b in ("doc", "tuco"):
        game.bandits[b].at = "3/in"
    game.floor_loot = {"1/roof": ["strongbox"]}
    game.pending = None
    perform(game, "floor", mei)
    answers = {choose(game, 0, "normal", rng=random.Random(s)) for s in range(6)}
    assert answers == {"floor 1/roof"}
    assert observe(game, 1)["pending"]["kind"] == "floor"  # the others see what is asked, not the answer
