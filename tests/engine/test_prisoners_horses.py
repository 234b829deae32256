"""Both expansions together (M-50) in the engine, where scenarios cannot reach: the Marshal's
whiskey in Schemin' (M-40, H-13), what each viewer sees of his sheet, snapshots, and whole games
with every check after every answer."""

from __future__ import annotations

import random

import pytest

from engine import Options, apply, new_game, observe
from engine.actions import perform
from engine.flow import advance
from engine.model import Game, card_action
from engine.prisoners.model import MARSHAL, Prison
from engine.scenario import build
from engine.snapshot import from_json, to_json
from tools.selfplay import play_game, random_options

BOTH = Options(prisoners=True, horses=True, events=False)


def prison(game: Game) -> Prison:
    found: Prison = game.prison
    return found


def _marshal_to_plan(flask: str, plus_first: bool) -> Game:
    """After the horse attack, round 1 in a Standard turn: the Marshal (first player) holds
    ``flask`` on his sheet and, if asked, a "+" card in hand."""
    game = new_game(["ghost", "doc", "tuco"], seed=5, options=BOTH)
    while game.phase == "horse-attack":
        apply(game, "attack stop")
    game.round_card = "bridge"  # S D S: a Standard first turn
    assert game.pending is not None and game.pending.seat == prison(game).seat
    hand = game.seats[0].hand
    if plus_first and not any(card_action(c) == "move+" for c in hand):
        deck = game.seats[0].deck
        swap = next(i for i, c in enumerate(deck) if card_action(c) == "move+")
        hand[0], deck[swap] = deck[swap], hand[0]
    prison(game).flasks.append(flask)
    game.pending = None
    advance(game)  # asked again, now holding the flask
    return game


def _plays_in_a_row(game: Game, first: str | None = None) -> int:
    """How many cards the Marshal plays before the next player is asked, ``first`` first."""
    played = 0
    while game.pending is not None and game.pending.seat == 0:
        options = game.pending.options
        card = first if played == 0 and first else next(o for o in options if o.startswith("plan play"))
        assert "plan draw" not in options
        apply(game, card)
        played += 1
    return played


def test_m_40_the_marshal_drinks_old_whiskey_from_his_sheet_and_plays_two_cards_even_with_a_plus() -> None:
    game = _marshal_to_plan("old-whiskey", plus_first=True)
    assert "plan drink old-whiskey" in game.pending.options
    apply(game, "plan drink old-whiskey")
    assert prison(game).flasks == ["old-whiskey-half"]
    plus = next(o for o in game.pending.options if o.startswith("plan play") and o.endswith("move+"))
    assert _plays_in_a_row(game, plus) == 2  # the "+" card gives no third (M-40, 003:1667)
    assert not prison(game).old_whiskey  # over with his go


def test_m_40_after_whiskey_his_plus_card_still_chains() -> None:
    game = _marshal_to_plan("whiskey", plus_first=True)
    hand = len(game.seats[0].hand)
    apply(game, "plan drink whiskey")
    assert len(game.seats[0].hand) == hand + 3 and prison(game).flasks == ["whiskey-half"]
    plus = next(o for o in game.pending.options if o.startswith("plan play") and o.endswith("move+"))
    apply(game, plus)
    assert game.pending.seat == 0 and game.pending.options[-1] == "plan pass"  # M-7: one more card


def test_m_40_his_full_flasks_look_alike_to_the_others_and_survive_a_snapshot() -> None:
    game = build({
        "options": {"prisoners": True, "horses": True}, "wagons": 5, "stagecoach": 2,
        "marshal": ["stagecoach", "roof"], "marshal_flasks": ["old-whiskey", "whiskey-half"], "horses": [2],
        "bandits": {"ghost": {"at": [1, "in"]}, "doc": {"at": [3, "roof"]}}, "steps": [],
    })
    assert observe(game, 0)["prison"]["flasks"] == ["old-whiskey", "whiskey-half"]
    assert observe(game, 1)["prison"]["flasks"] == observe(game, None)["prison"]["flasks"] == [
        "whiskey", "whiskey-half"]
    back = from_json(to_json(game))
    assert back.prison == game.prison and back.marshal == "stagecoach/roof" and back.coach == game.coach


def test_m_50_a_punch_never_takes_his_flasks() -> None:
    game = build({
        "options": {"prisoners": True, "horses": True, "powers": False}, "wagons": 5,
        "marshal": [2, "in"], "marshal_flasks": ["whiskey"],
        "bandits": {"ghost": {"at": [2, "in"]}}, "steps": [],
    })
    perform(game, "punch", game.bandits["ghost"])
    assert game.pending is not None and game.pending.kind == "shove-marshal"
    apply(game, "shove-marshal 3/in")
    assert prison(game).flasks == ["whiskey"] and game.marshal == "3/in"


@pytest.mark.parametrize("players", [3, 5, 7])
def test_m_50_whole_games_keep_every_invariant_at_every_step(players: int) -> None:
    """Random answers with both expansions: selfplay's checks (conservation of flasks on his
    sheet, horses, hostages, mail bags; the snapshot round-trip) after every answer."""
    seen = set()
    for seed in range(8):
        options = random_options(random.Random(seed), horses=True, prisoners=True)
        game = play_game(players, 700 * players + seed, options=options)
        seen |= {e["type"] for e in game.log if e.get("bandit") == MARSHAL}
        seen |= {"at-the-stagecoach" for e in game.log
                 if e["type"] == "marshal" and str(e["to"]).startswith("stagecoach")}
    assert {"ride", "at-the-stagecoach"} <= seen
