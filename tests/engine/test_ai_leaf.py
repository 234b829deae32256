"""The hard bandit's leaf value (engine.ai.leaf, engine.ai.value.margin): the count itself at the end
of the game (B-8.1, B-8.2), learned prices between two rounds, and the script that learns them
(tools.leafvalue)."""

from __future__ import annotations

import json
import math
import random
from pathlib import Path

import pytest

from engine import apply, new_game
from engine.ai import choose
from engine.ai.leaf import FINAL, Prices, Side, leaf_prices, learned
from engine.ai.value import margin
from engine.model import Options
from engine.scoring import side_scores
from tools import leafvalue


def test_at_the_end_of_the_game_the_margin_is_the_count_itself() -> None:
    """B-8.1, B-8.2: loot plus the Gunslinger's $1000, nothing for shots or bullet cards."""
    game, rng = new_game(["ghost", "doc", "tuco", "belle"], seed=3), random.Random(3)
    while (decision := game.pending) is not None:
        apply(game, choose(game, decision.seat, "easy", rng=rng))
    final = [total for _, total in side_scores(game)]
    for seat in range(4):
        others = [total for index, total in enumerate(final) if index != seat]
        assert margin(game, seat) == pytest.approx(final[seat] - max(others))


def test_between_two_rounds_the_title_shots_and_bullet_cards_are_priced_as_learned() -> None:
    """Before round 3: Ghost holds the title alone (B-8.2, most shots fired) and has received one
    bullet card; Doc is richer by $300. Each counts at the learned prices, not at the count's."""
    game = new_game(["ghost", "doc", "tuco", "belle"], seed=1, options=Options(events=False))
    game.round_no = 3
    for bandit in game.bandits.values():
        bandit.loot = []
    game.bandits["ghost"].loot = ["purse:250"]
    game.bandits["doc"].loot = ["purse:250", "purse:300"]
    game.bandits["ghost"].revolver = 4  # two shots fired
    game.bandits["tuco"].revolver = 5  # one
    game.bandits["ghost"].bullets_received = 1
    prices = leaf_prices(game)
    ghost = 250 + prices.title + 2 * prices.shot - prices.bullet
    doc, tuco = 550.0, 0 + prices.shot
    assert margin(game, 0) == pytest.approx(ghost - max(doc, tuco))
    assert margin(game, 1) == pytest.approx(doc - max(ghost, tuco))
    assert prices.title < FINAL.title  # the title as things stand is not yet won


def test_the_shipped_prices_read_every_table_and_make_sense() -> None:
    """Three to six sides, before rounds 2 to 5: the title as things stand worth something and less
    than its $1000, a shot fired worth something, a bullet card received a cost; the title worth
    more as the end nears."""
    prices = learned()
    for sides in range(3, 7):
        for round_no in range(2, 6):
            found = prices[sides, round_no]
            assert 0 < found.title < 1000 and found.shot > 0 and found.bullet > 0
        assert prices[sides, 5].title > prices[sides, 2].title


def test_a_table_never_trained_reads_as_the_nearest_one() -> None:
    """Two players with two bandits each (V-2) are two sides: the three-sided prices are theirs."""
    game = new_game([["ghost", "tuco"], ["doc", "django"]], seed=1, options=Options(variant="two-bandits"))
    game.round_no = 4
    assert leaf_prices(game) == learned()[3, 4]


def test_the_prices_add_up_a_side() -> None:
    side = Side(score=500.0, title=0.5, shots=3, bullets=2)
    assert Prices(title=400.0, shot=100.0, bullet=50.0).worth(side) == pytest.approx(500 + 200 + 300 - 100)


def test_the_fit_finds_the_weights_that_made_the_wins() -> None:
    """Logistic regression by Newton's method: outcomes drawn from known weights give them back."""
    truth = [-0.7, 1.2, 0.5, 0.2, -0.15]
    rng, samples = random.Random(4), []
    for _ in range(6000):
        features = (rng.gauss(0, 0.6), rng.choice((0.0, 0.5, 1.0, -0.5, -1.0)), rng.gauss(0, 1.5), rng.gauss(0, 1.5))
        chance = 1 / (1 + math.exp(-(truth[0] + sum(w * x for w, x in zip(truth[1:], features, strict=True)))))
        samples.append((features, 1.0 if rng.random() < chance else 0.0))
    found = leafvalue.fit(samples)
    assert found == pytest.approx(truth, abs=0.15)
    assert leafvalue.log_loss(samples, found) < leafvalue.log_loss(samples, [found[0], 0, 0, 0, 0])


def test_the_training_is_reproducible(tmp_path: Path) -> None:
    """The same seed and games give the same weights, written with how they were made."""
    runs = []
    for name in ("a.json", "b.json"):
        assert leafvalue.main(["--games", "3", "--players", "3", "--seed", "5", "--out", str(tmp_path / name)]) == 0
        runs.append(json.loads((tmp_path / name).read_text()))
    assert runs[0]["models"] == runs[1]["models"]
    assert sorted(model["round"] for model in runs[0]["models"].values()) == [2, 3, 4, 5]
    assert all(model["samples"] == 9 for model in runs[0]["models"].values())  # 3 games × 3 seats
    assert runs[0]["made_by"].startswith("python -m tools.leafvalue --games 3")
