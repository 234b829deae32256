"""The hard bandit's search (engine.ai.hard) and the value of its leaves (engine.ai.value)."""

from __future__ import annotations

import random

import pytest

from engine import apply, new_game
from engine.ai import choose, hard, normal, value
from engine.ai.value import gunslinger_shares, margin
from engine.data import base
from engine.model import OVER, Game, Options
from engine.scoring import gunslingers
from engine.variants.pairs import TWO_PLAYER


def four() -> Game:
    game = new_game(["ghost", "doc", "tuco", "belle"], seed=3, options=Options(events=False))
    for bandit in game.bandits.values():
        bandit.loot = []
    return game


def fired(game: Game, **shots: int) -> None:
    for name, n in shots.items():
        game.bandits[name].revolver = base().bullets_per_bandit - n


def test_the_gunslinger_is_shared_softly_by_shots_fired_while_rounds_remain() -> None:
    game = four()
    fired(game, ghost=3, doc=2, tuco=2, belle=0)
    share = gunslinger_shares(game)
    assert sum(share.values()) == pytest.approx(base().gunslinger_bonus)
    assert share["doc"] == pytest.approx(share["tuco"])
    assert share["ghost"] > share["doc"] > share["belle"] > 0.0
    assert share["ghost"] < base().gunslinger_bonus / 2  # round 1: far from won
    game.round_no = base().rounds  # the last round: sharper
    assert gunslinger_shares(game)["ghost"] > share["ghost"]


def test_the_gunslinger_is_exact_at_the_end_and_level_shots_share_alike() -> None:
    game = four()
    assert gunslinger_shares(game) == pytest.approx({n: base().gunslinger_bonus / 4 for n in game.bandits})
    fired(game, ghost=3, doc=3, tuco=1)
    game.phase = OVER
    assert gunslinger_shares(game) == {n: base().gunslinger_bonus / 2 for n in gunslingers(game)}


def test_a_bullet_more_moves_the_soft_margin_by_less_than_the_cliff(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(value, "SOFT_GUNSLINGER", True)
    game = four()
    fired(game, ghost=2, doc=2)
    level = margin(game, 0)
    fired(game, ghost=3)
    ahead = margin(game, 0)
    assert 0.0 < ahead - level < base().gunslinger_bonus / 2


def test_no_gunslinger_share_in_the_two_player_game() -> None:
    game = new_game([["ghost", "tuco"], ["doc", "django"]], seed=1, options=Options(variant=TWO_PLAYER, expert=True))
    fired(game, ghost=4)
    assert gunslinger_shares(game) == {}


def test_tactician_rivals_play_out_rounds_reproducibly(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(hard, "TACTICIAN_RIVALS", 0.5)
    game = new_game(["ghost", "doc", "tuco", "belle"], seed=4)
    rng = random.Random(2)
    while (decision := game.pending) is not None and game.round_no <= 2:
        first = choose(game, decision.seat, "hard", rng=random.Random(decision.seat), iterations=2)
        again = choose(game, decision.seat, "hard", rng=random.Random(decision.seat), iterations=2)
        assert first == again and first in decision.options
        apply(game, rng.choice(decision.options))


def test_the_leader_is_clear_when_every_other_answer_trails_it_by_its_errors() -> None:
    best = [500.0, 200.0, 800.0, 300.0, 600.0]
    close = {"plan play a": best, "plan play b": [v - d for v, d in zip(best, [150, -140, 160, -130, 10], strict=True)]}
    assert not hard.leader_is_clear(close)
    behind = {"plan play a": best, "plan play b": [v - d for v, d in zip(best, [90, 110, 100, 95, 105], strict=True)]}
    assert hard.leader_is_clear(behind)
    alike = {"plan play a": best, "plan play b": [v - d for v, d in zip(best, [5, -5, 0, 3, -3], strict=True)]}
    assert hard.leader_is_clear(alike)  # the same answer for all it matters
    assert not hard.leader_is_clear({k: v[:3] for k, v in behind.items()})  # too early


def test_a_play_out_plans_as_the_normal_bandit_does_when_nothing_on_the_pile_is_to_foresee() -> None:
    """hard.quick_plan is normal's schemin' without the forecast: where the forecast has nothing to
    carry out (no other seat's face-up card on the pile), the very same answer."""
    game = new_game(["ghost", "doc", "tuco", "belle"], seed=6)
    rng, compared = random.Random(6), 0
    while (decision := game.pending) is not None:
        ahead = [p for p in game.pile[game.cursor :] if p.seat != decision.seat and not p.face_down]
        if decision.kind == "plan" and not ahead:
            table = normal.Table(game, decision.seat, decision.bandit)
            quick = hard.quick_plan(table, decision, random.Random(compared))
            assert quick == normal.decide(game, decision.seat, random.Random(compared))
            compared += 1
        apply(game, normal.decide(game, decision.seat, rng))
    assert compared > 5
