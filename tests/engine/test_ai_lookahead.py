"""The look-ahead's light board (engine.ai.lookahead) against the engine's own rules: it restates
the base game's actions on a board of its own (a shot's targets with Tuco's, Django's and Belle's
powers, moves, punches, the marshal and his law, B-7, B-9, and the round cards' events, B-10), and
must agree with the engine on the real board, so that a rule changed in engine/ and not in the
look-ahead fails here."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from engine import new_game
from engine.ai.lookahead import Act, Board, Sight
from engine.ai.value import kind_worth
from engine.ai.worlds import clone
from engine.data import base
from engine.decisions import HANDLERS
from engine.events import EVENTS
from engine.flow import apply
from engine.model import STEALING, Decision, Game
from tools.selfplay import random_options

SHOWN = ("move", "fire", "punch", "marshal", "rob")  # the Stealin' decisions the board lays out itself


def stealing_decisions(seed: int) -> Iterator[tuple[Game, Decision]]:
    """Every Stealin' decision of a base game (its options drawn at random: powers, Django's and
    Belle's readings, B-9.5, B-9.6) played by random answers."""
    rng = random.Random(seed)
    options = random_options(random.Random(seed * 13 + 5))
    game = new_game(rng.sample(base().characters[:6], rng.randint(3, 6)), seed=seed, options=options)
    while (decision := game.pending) is not None:
        if game.phase == STEALING and decision.kind in SHOWN:
            yield game, decision
        apply(game, rng.choice(decision.options))


def laid_out(sight: Sight, board: Board, name: str, kind: str) -> set[str | float | None]:
    """What the board offers ``name`` for a card of ``kind``, in the engine's words."""
    acts = sight.resolutions(board, name, kind)
    if kind == "move":
        return {a.to for a in acts}
    if kind == "marshal":
        return {str(sight.train.car_of[a.to]) for a in acts}
    if kind == "rob":
        return {a.worth for a in acts}
    return {a.target for a in acts}


def offered(decision: Decision) -> set[str | float | None]:
    if decision.kind == "rob":
        return {kind_worth(v) for v in decision.values}
    return set(decision.values)


def act_for(decision: Decision, value: str, sight: Sight) -> Act | None:
    """The board's act for the engine's answer ``value`` (a punch's token and shove come later)."""
    if decision.kind == "move":
        return Act("move", to=value)
    if decision.kind == "fire":
        return Act("fire", target=value)
    if decision.kind == "marshal":
        return Act("marshal", to=sight.train.inside(int(value)))
    return None


def standing(game: Game) -> tuple[dict[str, str], dict[str, int], str]:
    return ({b.name: b.at for b in game.bandits.values()},
            {b.name: b.bullets_received for b in game.bandits.values()}, game.marshal)


@pytest.mark.parametrize("seed", range(12))
def test_the_light_board_offers_and_carries_out_what_the_engine_does(seed: int) -> None:
    """B-7.4 to B-7.10 with B-9.3 (Tuco), B-9.5 (Belle, both readings) and B-9.6 (Django, both)."""
    checked: set[str] = set()
    for game, decision in stealing_decisions(seed):
        name = str(decision.bandit)
        sight = Sight(game, decision.seat)
        board = sight.board()
        assert laid_out(sight, board, name, decision.kind) == offered(decision), (decision, game.options)
        for value in decision.values:
            act = act_for(decision, value, sight)
            if act is None:
                continue
            after = sight.carry_out(board, name, act)
            engine = clone(game)
            engine.pending = None
            HANDLERS[decision.kind](engine, decision.bandit, value, decision.context)
            assert (after.at, after.wounds, after.marshal) == standing(engine), (decision, value, game.options)
        checked.add(decision.kind)
    assert {"move", "fire"} <= checked


BASE_EVENTS = sorted({card.event for cards in (*base().round_cards.values(), base().station_cards)
                      for card in cards.values() if card.event})


def public_board(board: Board, me: str) -> tuple[object, ...]:
    """What a board says with the loot counted as the public sees it: my own bandit's loot only by
    its number of tokens (a purse I pick up is its value to me on the engine's board, the public's
    average on the light one), everything else as it lies."""
    held = {n: len(w) if n == me else sorted(w) for n, w in board.held.items()}
    loot = {cell: sorted(worths) for cell, worths in board.loot.items() if worths}
    return board.at, board.wounds, board.marshal, held, loot


@pytest.mark.parametrize("seed", range(6))
def test_the_light_board_carries_out_each_round_card_s_event_as_the_engine_does(seed: int) -> None:
    """B-10.1 to B-10.8, each on the positions of a whole game (the marshal's law after his move,
    B-7.10; the second strongbox only once, B-10.4): every bandit alone with a purse picks it up
    (B-10.6)."""
    for step, (game, decision) in enumerate(stealing_decisions(seed)):
        if step % 5:
            continue
        sight = Sight(game, decision.seat)
        me = sight.me
        for event in BASE_EVENTS:
            sight.event = event
            after = sight.round_end(sight.board())
            engine = clone(game)
            engine.pending = None
            EVENTS[event](engine)
            while (asked := engine.pending) is not None:  # B-10.6: a purse is always worth taking
                engine.pending = None
                HANDLERS[asked.kind](engine, asked.bandit, "yes", asked.context)
            expected = Sight(engine, decision.seat).board()
            assert public_board(after, me) == public_board(expected, me), (event, game.options)
