"""The hard bandit's play-outs (engine.ai.hard): normal bandits that plan without forecasting the
pile, for twice the worlds in the time (issue 32)."""

from __future__ import annotations

import random

from engine import apply, new_game
from engine.ai import hard, normal
from engine.ai.worlds import clone


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
