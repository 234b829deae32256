"""The normal bandit at the table (engine.ai.planner): its schemin' looks ahead over its own hand,
and its Stealin' choices are judged after the rest of the pile (issue 32). Its honesty and whole
games of every kind are tested with the other levels (tests/engine/test_ai*.py)."""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import replace

import pytest

from engine.actions import perform
from engine.ai import choose, planner
from engine.ai.lookahead import Sight, Style, steal
from engine.model import Game, PlayedCard
from tests.engine.test_ai import hand
from tests.engine.test_ai_tactician import ask_again, place, planning_game


def answers(game: Game, seeds: int = 8) -> set[str]:
    decision = game.pending
    assert decision is not None
    return {choose(game, decision.seat, "normal", rng=random.Random(s)) for s in range(seeds)}


def moving_before_doc_robs() -> Game:
    """Ghost's Move resolves now; Doc's face-up Rob, then Ghost's own Rob, are still on the pile.
    A jewel lies in 1/in where Doc stands, a purse in 3/in; Ghost stands between them in 2/in."""
    game = planning_game()
    place(game, ghost="2/in", doc="1/in", tuco="4/roof", cheyenne="4/roof")
    game.floor_loot = {"1/in": ["jewel"], "3/in": ["purse:300"]}
    for seat, card in ((3, "doc:rob"), (0, "ghost:rob")):
        cards = game.seats[seat]
        rest = Counter(cards.deck) - Counter([card])
        cards.deck = sorted(rest.elements())
    game.pile = [PlayedCard("doc:rob", 3, False), PlayedCard("ghost:rob", 0, False)]
    game.cursor = 0
    game.pending = None
    perform(game, "move", game.bandits["ghost"])
    assert game.pending is not None and game.pending.kind == "move"
    return game


def test_a_move_aims_at_the_loot_left_when_its_rob_resolves() -> None:
    """B-7.1, B-7.7: the pile resolves in order, so Doc's Rob takes the jewel in 1/in before Ghost's
    Rob would: Ghost moves to the purse in 3/in. Judged on the board as it stands, the jewel wins."""
    game = moving_before_doc_robs()
    assert answers(game) == {"move 3/in"}
    at_once = Sight(game, 0, Style(steal_ahead=False))
    assert steal(at_once, random.Random(1)) == "move 1/in"


def test_schemin_plays_the_move_that_its_rob_will_follow() -> None:
    """B-7.4, B-7.7: a strongbox a car away and a Move and a Rob in hand, turns to come: Move now,
    then Rob — the look-ahead sees the pair, a Rob now would find nothing."""
    game = planning_game()
    hand(game, 0, ["ghost:move", "ghost:rob", "ghost:punch", "ghost:marshal", "ghost:floor", "ghost:floor"])
    ask_again(game)
    place(game, ghost="2/in", doc="4/roof", tuco="4/roof", cheyenne="4/roof")
    game.floor_loot = {"3/in": ["strongbox"]}
    assert game.pending is not None and game.pending.seat == 0
    assert answers(game) == {"plan play ghost:move"}


def test_an_early_bullet_level_in_the_race_is_fired_before_the_jewel_is_robbed(monkeypatch: pytest.MonkeyPatch) -> None:
    """B-8.2: first round, nobody has fired, Doc stands in the next car and a jewel lies in Ghost's
    own car with no rival near it. The normal level weighs a Fire half as much again as the
    tactician does, so Ghost fires now and the jewel keeps; weighed as the tactician does, the Fire
    and the Rob would both wait while he draws."""
    game = planning_game()
    hand(game, 0, ["ghost:fire", "ghost:rob", "ghost:move", "ghost:move", "ghost:floor", "ghost:floor"])
    ask_again(game)
    place(game, ghost="2/in", doc="3/in", tuco="0/roof", cheyenne="0/roof")
    game.floor_loot = {"2/in": ["jewel"]}
    assert answers(game) == {"plan play ghost:fire"}
    monkeypatch.setattr(planner, "STYLE", planner.STYLE._replace(fire=1.0))
    assert answers(game) == {"plan draw"}


def test_the_last_move_of_the_game_ends_in_the_locomotive_for_the_ransom(monkeypatch: pytest.MonkeyPatch) -> None:
    """B-10.8: the last round's station card pays $250 to each bandit inside or on the locomotive.
    Ghost's Move is the pile's last card and he stands in the car behind it, a jewel two cars back:
    the normal level weighs the round's end with its event, so he steps into the locomotive; blind
    to the event, as the tactician is, he steps toward the jewel, though the game ends with the round."""
    game = planning_game()
    game.options = replace(game.options, events=True)
    game.round_no, game.round_card = 5, "hostage-conductor"
    place(game, ghost="1/in", doc="4/roof", tuco="4/roof", cheyenne="4/roof")
    game.floor_loot = {"3/in": ["jewel"]}
    game.pile, game.cursor, game.pending = [], 0, None
    perform(game, "move", game.bandits["ghost"])
    assert game.pending is not None and game.pending.kind == "move"
    assert answers(game) == {"move 0/in"}
    monkeypatch.setattr(planner, "STYLE", planner.STYLE._replace(events=False))
    assert answers(game) == {"move 2/in"}
