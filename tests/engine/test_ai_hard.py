"""The hard bandit's play-outs (engine.ai.hard): normal bandits that plan without forecasting the
pile, for twice the worlds in the time (issue 32)."""

from __future__ import annotations

import random

import pytest

from engine import apply, new_game
from engine.ai import choose, hard, normal
from engine.ai.value import margin
from engine.ai.worlds import clone
from engine.scoring import gunslingers, side_scores


def test_a_play_out_plans_as_the_normal_bandit_does_when_nothing_on_the_pile_is_to_foresee() -> None:
    """Without the forecast, normal's schemin' is the same wherever the forecast has nothing to carry
    out (no other seat's face-up card on the pile, B-7.1), and it may differ elsewhere."""
    game = new_game(["ghost", "doc", "tuco", "belle"], seed=6)
    rng, alike, differ = random.Random(6), 0, 0
    while (decision := game.pending) is not None:
        if decision.kind == "plan":
            ahead = [p for p in game.pile[game.cursor:] if p.seat != decision.seat and not p.face_down]
            quick = normal.decide(clone(game), decision.seat, random.Random(alike), forecasting=False)
            full = normal.decide(clone(game), decision.seat, random.Random(alike))
            if not ahead:
                assert quick == full
                alike += 1
            differ += quick != full
        apply(game, normal.decide(game, decision.seat, rng))
    assert alike > 5 and differ > 0


def test_a_play_out_reaches_the_next_round_without_the_forecast(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """hard.play_out_round asks its normal bandits not to forecast."""
    asked: list[bool] = []
    real = normal.decide

    def spy(game, seat, rng, *, forecasting=True):  # type: ignore[no-untyped-def]
        asked.append(forecasting)
        return real(game, seat, rng, forecasting=forecasting)

    monkeypatch.setattr(normal, "decide", spy)
    game = new_game(["ghost", "doc", "tuco"], seed=3)
    hard.play_out_round(game, random.Random(1))
    assert game.round_no == 2 and asked and not any(asked)


def test_at_the_end_of_the_game_the_value_is_the_count_itself() -> None:
    """B-8.1, B-8.2: a play-out that reaches the end of the game is valued by the count, in which
    every tied Gunslinger holds the whole $1000 (as things stand earlier, they share it)."""
    game, rng = new_game(["ghost", "doc", "tuco", "belle"], seed=3), random.Random(3)
    while (decision := game.pending) is not None:
        apply(game, choose(game, decision.seat, "easy", rng=rng))
    for bandit, left in zip(game.bandits.values(), (2, 2, 5, 6), strict=True):
        bandit.revolver = left  # Ghost and Doc tied for the title
    final = [total for _, total in side_scores(game)]
    for seat in range(4):
        others = [total for index, total in enumerate(final) if index != seat]
        assert margin(game, seat) == pytest.approx(final[seat] - max(others))
    assert len(gunslingers(game)) == 2
