"""The hard bandit's play-outs (engine.ai.hard): normal bandits that plan without forecasting the
pile, for twice the worlds in the time, and an end that counts where the round leaves the bandits
(issue 32)."""

from __future__ import annotations

import random

import pytest

from engine import apply, new_game
from engine.ai import hard, normal
from engine.ai.lookahead import lead_in_reach
from engine.ai.value import margin
from engine.ai.worlds import clone
from tests.engine.test_ai import random_game
from tests.engine.test_ai_tactician import place, planning_game


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


# --- where a play-out leaves the bandits ----------------------------------------------------------


def test_a_play_out_s_end_counts_the_loot_left_in_reach_in_a_base_game() -> None:
    """Two ends of a round alike but for where Ghost stands: on the jewel's cell the end is worth
    more by POSITION × his lead in reach, the margin (the loot held) being the same."""
    game = planning_game()
    game.floor_loot = {"3/in": ["jewel"]}
    place(game, ghost="3/in", doc="0/roof", tuco="0/roof", cheyenne="0/roof")
    near, near_lead = hard.leaf(game, 0), lead_in_reach(game, 0)
    place(game, ghost="0/in")
    far, far_lead = hard.leaf(game, 0), lead_in_reach(game, 0)
    assert near_lead > far_lead
    assert near - far == pytest.approx(hard.POSITION * (near_lead - far_lead))
    assert near - hard.POSITION * near_lead == pytest.approx(margin(game, 0))


def test_a_rival_on_the_loot_is_a_lead_lost() -> None:
    game = planning_game()
    game.floor_loot = {"3/in": ["jewel"]}
    place(game, ghost="3/in", doc="0/roof", tuco="0/roof", cheyenne="0/roof")
    alone = lead_in_reach(game, 0)
    place(game, doc="3/in")
    assert lead_in_reach(game, 0) < alone


def test_outside_the_base_game_a_play_out_s_end_is_the_margin() -> None:
    """The reach is the base game's light board's (engine.ai.lookahead): an expansion's or a
    variant's play-out ends with its margin alone."""
    game = random_game(21, horses=True)
    while game.pending is not None and game.round_no < 2:
        apply(game, normal.decide(game, game.pending.seat, random.Random(3)))
    seat = next(s.index for s in game.seats if s.bandits)
    assert hard.leaf(game, seat) == margin(game, seat)
