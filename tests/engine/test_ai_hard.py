"""The hard bandit's play-outs (engine.ai.hard): in a base game's schemin' every bandit plays the
cards the look-ahead plans for it, the rest is normal bandits that plan without forecasting the
pile, for twice the worlds in the time (issue 32)."""

from __future__ import annotations

import random

import pytest

from engine import apply, new_game
from engine.ai import choose, hard, lookahead, normal, planner
from engine.ai.value import margin
from engine.ai.worlds import clone
from engine.model import PLANNING, Decision, Options, is_bullet
from engine.observe import observe
from engine.scoring import gunslingers, side_scores
from engine.setup import seating


def schemin_moments(seed: int):  # type: ignore[no-untyped-def]
    """Every schemin' decision of a 4-player base game of normal bandits, each with the game then."""
    game, rng = new_game(["ghost", "doc", "tuco", "belle"], seed=seed), random.Random(seed)
    while (decision := game.pending) is not None:
        if game.phase == PLANNING:
            yield game
        apply(game, normal.decide(game, decision.seat, rng))


def test_each_seat_knows_the_schemin_actions_it_has_still_to_come() -> None:
    """B-5.2: one action a turn, two in a speeding-up turn; a seat that has played this turn waits
    for the next. Counted against the plays, draws and passes (B-6.2–B-6.4) the rest of the round's
    schemin' then logs for each seat, the forced ones too."""
    for game in schemin_moments(4):
        ahead, rng = clone(game), random.Random(0)
        logged = len(ahead.log)
        while ahead.phase == PLANNING and ahead.round_no == game.round_no:
            decision = ahead.pending
            assert decision is not None
            apply(ahead, choose(ahead, decision.seat, "easy", rng=rng))
        acted = [e["seat"] for e in ahead.log[logged:] if e["type"] in ("play", "draw", "pass")]
        assert [lookahead.actions_to_come(game, seat) for seat in range(4)] == [acted.count(s) for s in range(4)]


def test_a_plan_is_cards_of_the_hand_for_the_actions_to_come() -> None:
    """lookahead.plan: the seat's cards in the order it would play them, never a bullet (B-6.3),
    as many as its look-ahead reaches (one card more from the start of its go)."""
    for game in schemin_moments(5):
        for seat in range(4):
            hand = list(game.seats[seat].hand)
            cards = lookahead.plan(game, seat, lookahead.BENCHMARK)
            playable = [c for c in hand if not is_bullet(c)]
            assert not any(is_bullet(c) for c in cards)
            for card in cards:
                hand.remove(card)  # each card is one of the hand's
            reach = min(lookahead.actions_to_come(game, seat), lookahead.BENCHMARK.look_ahead + 1)
            assert len(cards) == min(reach, len(playable))


def test_after_a_card_its_plan_goes_on_with_the_rest_of_the_hand() -> None:
    decision_game = next(g for g in schemin_moments(6) if lookahead.turns_left(g) >= 2)
    decision = decision_game.pending
    assert decision is not None
    everything = hard.shortlist(decision_game, decision.seat, decision.options, decision.options, random.Random(0))
    plans = {answer: cards for answer, cards in everything.items() if " play " in answer or " hide " in answer}
    played = [o for o in decision.options if " play " in o or " hide " in o]
    assert played and sorted(plans) == sorted(played)
    for answer, cards in plans.items():
        rest = list(decision_game.seats[decision.seat].hand)
        rest.remove(answer.rpartition(" ")[2])
        for card in cards:
            rest.remove(card)
        assert 1 <= len(cards) <= min(lookahead.turns_left(decision_game), planner.STYLE.look_ahead)
        after = answer.rpartition(" ")[2]  # the look-ahead's line is the plan after that card
        assert cards == lookahead.plan(decision_game, decision.seat, planner.STYLE, after=after)


def test_schemin_searches_the_look_aheads_best_answers_and_those_to_keep() -> None:
    """Issue 32: of a schemin' decision's candidates (B-6.2: a card, a draw) the search weighs the
    look-ahead's best ``SHORTLIST`` by its worths, and an answer a review keeps (the player's own)
    besides."""
    checked = 0
    for game in schemin_moments(9):
        decision = game.pending
        assert decision is not None
        view = observe(game, decision.seat)
        candidates = hard.candidate_answers(decision, view)
        if len(candidates) <= hard.SHORTLIST + 1:
            continue
        worths = lookahead.plan_worths(lookahead.Sight(game, decision.seat, planner.STYLE), random.Random(1))
        best = sorted(candidates, key=lambda a: -worths[a.partition(" ")[2]])
        assert list(hard.shortlist(game, decision.seat, candidates, (), random.Random(1))) == [
            a for a in candidates if a in best[:hard.SHORTLIST]]
        worst = best[-1]
        assert worst in hard.shortlist(game, decision.seat, candidates, [worst], random.Random(1))
        found = hard.search(view, decision, random.Random(2), iterations=2, keep=[worst])
        assert worst in found.kept and len(found.kept) + len(found.dropped) <= hard.SHORTLIST + 1 < len(candidates)
        checked += 1
    assert checked >= 3


def test_a_plan_answers_with_its_next_card_still_in_hand_hidden_where_it_may_be() -> None:
    """B-9.1: Ghost's first card may be hidden, never worse; a card no longer in hand is skipped."""
    decision = Decision(0, None, "plan", ["play ghost:rob", "hide ghost:move", "play ghost:move", "draw"])
    cards = ["ghost:fire", "ghost:move", "ghost:rob"]
    assert hard.planned(decision, cards) == "plan hide ghost:move"
    assert cards == ["ghost:rob"]
    assert hard.planned(decision, cards) == "plan play ghost:rob"
    assert hard.planned(decision, cards) is None and hard.planned(decision, None) is None


def test_a_play_out_follows_each_seats_plan_and_the_rules_of_thumb_after_it(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """In schemin' the searching seat plays its own plan, every other seat the plan the look-ahead
    makes at its first go; normal's rules answer the rest (a spent plan, Stealin')."""
    game = next(schemin_moments(7))
    asked: list[tuple[int, str]] = []
    real = normal.decide

    def spy(game, seat, rng, *, forecasting=True):  # type: ignore[no-untyped-def]
        asked.append((seat, game.pending.kind))
        return real(game, seat, rng, forecasting=forecasting)

    monkeypatch.setattr(normal, "decide", spy)
    own = lookahead.plan(game, 0, planner.STYLE)
    actions = [lookahead.actions_to_come(game, seat) for seat in range(4)]
    known: dict[tuple[object, ...], list[str]] = {}
    schemes = hard.Schemes(0, own, known)
    hard.play_out_round(game, random.Random(1), schemes)
    assert game.round_no == 2 and len(known) == 3  # each rival planned once
    assert all(not cards for cards in schemes.cards.values())  # every plan played out
    planned = {seat: len(plan) for (seat, _), plan in known.items()} | {0: len(own)}
    schemes_asked = [seat for seat, kind in asked if kind == "plan"]
    for seat in range(4):  # the rules of thumb answer only what a plan left (a forced answer is no question)
        assert planned[seat] > 0 and schemes_asked.count(seat) <= actions[seat] - planned[seat]
    assert any(kind != "plan" for _, kind in asked)


def test_a_rival_who_sees_the_same_pile_plans_once_for_every_candidate() -> None:
    """B-6.2: a face-down card shows nothing, so after it the rivals plan alike: one plan each
    serves the play-outs of both answers."""
    game = next(g for g in schemin_moments(8) if g.pending is not None and g.pending.seat == 0
                and any(" hide " in o for o in g.pending.options))
    hidden = [o for o in game.pending.options if " hide " in o][:2] if game.pending else []
    known: dict[tuple[object, ...], list[str]] = {}
    for answer in hidden:
        trial = clone(game)
        apply(trial, answer)
        hard.play_out_round(trial, random.Random(2), hard.Schemes(0, [], known))
    assert len(hidden) == 2 and len(known) == 3


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
        assert hard.leaf(game, seat) == margin(game, seat)  # loot within reach: none is left to reach
    assert len(gunslingers(game)) == 2


def test_a_play_out_that_stops_at_a_round_counts_the_loot_within_reach() -> None:
    """A play-out's end is worth the margin and the seat's lead in loot within reach (the
    look-ahead's potential) over the best-placed rival: a jewel beside Ghost alone is worth more to
    him the farther his rivals stand from it, and nothing more than to a rival beside it."""
    game = new_game(["ghost", "doc", "tuco", "belle"], seed=3)
    train = game.train
    game.floor_loot = {train.inside(2): ["jewel"]}
    game.marshal = train.inside(0)
    places = {"ghost": train.inside(2), "doc": train.roof(4), "tuco": train.roof(4), "belle": train.roof(4)}
    for name, at in places.items():
        game.bandits[name].at = at
    alone = lookahead.reach_lead(game, 0)
    assert alone > 0 and lookahead.reach_lead(game, 1) == -alone  # Doc: behind by Ghost's lead
    assert hard.leaf(game, 0) == pytest.approx(margin(game, 0) + hard.REACH * alone)
    game.bandits["doc"].at = train.inside(3)  # a car from the jewel
    near = lookahead.reach_lead(game, 0)
    game.bandits["doc"].at = train.inside(2)  # beside it
    beside = lookahead.reach_lead(game, 0)
    assert alone > near > 0
    assert beside == pytest.approx(0.0)  # side by side, the jewel is as near to either


def test_outside_a_base_game_a_play_outs_end_is_the_margin_alone() -> None:
    """The look-ahead's board knows the base game's train and loot only: with the horses (H-1) or two
    bandits a player (V-2) the loot within reach is not counted, though the board would find a lead."""
    for options in (Options(horses=True), Options(variant="two-bandits")):
        players = 2 if options.variant != "none" else 4
        game = new_game(seating(options).cast(random.Random(2), players), seed=2, options=options)
        rng, leads, round_no = random.Random(2), [], 0
        while (decision := game.pending) is not None:
            if game.round_no != round_no:  # where a play-out would stop
                round_no = game.round_no
                for seat in range(players):
                    assert hard.leaf(game, seat) == margin(game, seat)
                    leads.append(lookahead.reach_lead(game, seat))
            apply(game, choose(game, decision.seat, "normal", rng=rng))
        assert any(leads)
