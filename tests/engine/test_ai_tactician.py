"""The tactician, the arena's benchmark level (engine.ai.tactician): whole games of every kind with
legal answers, honest (B-11), and its rules of thumb: the forecast of the pile, the Gunslinger race."""

from __future__ import annotations

import random

import pytest

from engine import apply, new_game
from engine.actions import perform
from engine.ai import BENCHMARK_LEVELS, LEVELS, choose
from engine.ai.lookahead import Act, Sight
from engine.ai.value import kind_worth
from engine.flow import advance
from engine.model import OVER, Game, Options, PlayedCard
from engine.setup import seating
from engine.variants.pairs import TWO_BANDITS, TWO_PLAYER
from engine.variants.teams import TEAMS
from tests.engine.test_ai import (
    answered_from_the_seat_view_only,
    answers_alike,
    hand,
    one_of_every_kind,
    play_out,
    random_game,
    walk,
)
from tools.selfplay import random_options

LEVEL = "tactician"


def test_the_tactician_is_a_benchmark_level_players_never_see() -> None:
    assert LEVEL in BENCHMARK_LEVELS and LEVEL not in LEVELS


# --- whole games -----------------------------------------------------------------------------------


def base_game(seed: int, *, expert: bool = False, players: int = 4) -> Game:
    rng = random.Random(seed)
    return new_game(rng.sample(["ghost", "doc", "tuco", "cheyenne", "belle", "django"], players), seed=seed,
                    options=Options(expert=expert))


@pytest.mark.parametrize("expert", [False, True])
def test_it_finishes_base_games_with_legal_answers(expert: bool) -> None:
    game = base_game(3 + expert, expert=expert)
    kinds = play_out(game, [LEVEL, "normal", LEVEL, LEVEL], random.Random(5))
    assert game.phase == OVER
    assert {"plan", "fire", "rob", "move"} <= set(kinds)


def variant_game(seed: int, variant: str, players: int) -> Game:
    options = random_options(random.Random(seed), expert=True if variant == TWO_PLAYER else None, variant=variant)
    return new_game(seating(options).cast(random.Random(seed), players), seed=seed, options=options)


@pytest.mark.parametrize(
    "make",
    [
        lambda: random_game(21, horses=True),
        lambda: random_game(22, prisoners=True),
        lambda: variant_game(23, TWO_BANDITS, 3),
        lambda: variant_game(24, TWO_PLAYER, 2),
        lambda: variant_game(25, TEAMS, 4),
    ],
    ids=["horses", "prisoners", "two-bandits", "two-player", "teams"],
)
def test_it_finishes_games_of_every_expansion_and_variant(make: object) -> None:
    """Outside the base game it answers as the normal bandit does: the games still finish."""
    game = make()  # type: ignore[operator]
    play_out(game, [LEVEL] * len(game.seats), random.Random(2))
    assert game.phase == OVER


# --- honesty (B-11) --------------------------------------------------------------------------------


@pytest.mark.parametrize("seed", range(3))
def test_answers_depend_only_on_what_the_seat_may_see(seed: int) -> None:
    for game in walk(base_game(300 + seed, expert=seed == 2), seed, every=0.15):
        answers_alike(game, LEVEL, seed)


def test_every_kind_of_decision_is_answered_from_the_seat_view_only() -> None:
    answered_from_the_seat_view_only(one_of_every_kind(), LEVEL)


# --- rules of thumb ----------------------------------------------------------------------------------


def planning_game(first: int = 0) -> Game:
    """Ghost, Tuco, Cheyenne and Doc (seat 3), no powers nor events, four Standard turns; the loot
    cleared from the train; ``first`` plans first."""
    game = new_game(["ghost", "tuco", "cheyenne", "doc"], seed=4, options=Options(powers=False, events=False),
                    first=first, round_cards=["braking", "bridge", "tunnels", "swivel-arm", "take-it-all"])
    game.floor_loot = {}
    return game


def ask_again(game: Game) -> None:
    game.pending = None
    advance(game)


def answers(game: Game, seeds: int = 8) -> set[str]:
    decision = game.pending
    assert decision is not None
    return {choose(game, decision.seat, LEVEL, rng=random.Random(s)) for s in range(seeds)}


def place(game: Game, **at: str) -> None:
    for name, pos in at.items():
        game.bandits[name].at = pos


# Ghost's best cards: what a draw would bring (his deck) is worse.
GOOD_HAND = ["ghost:fire", "ghost:fire", "ghost:rob", "ghost:rob", "ghost:move", "ghost:move"]


def doc_first_then_ghost(doc_card: str, ghost_hand: list[str]) -> Game:
    """Doc (seat 3) plays ``doc_card`` face up, then it is Ghost's go (seat 0)."""
    game = planning_game(first=3)
    hand(game, 3, [doc_card, "doc:punch"])
    hand(game, 0, ghost_hand)
    ask_again(game)
    assert game.pending.seat == 3
    apply(game, f"plan play {doc_card}")
    assert game.pending.seat == 0 and game.pile == [PlayedCard(doc_card, 3, False)]
    return game


def test_a_rival_s_face_up_move_on_the_pile_takes_him_out_of_the_shot() -> None:
    """B-6.2, B-7.6: Doc's Move resolves before Ghost's card; from 2/in Ghost only hits the cars
    beside his, and Doc, at 3/in now, will have walked out of them or into Ghost's car: no Fire.
    When Doc's card leaves him where he is, Ghost fires."""
    cards = GOOD_HAND
    for doc_card, fires in (("doc:move", False), ("doc:marshal", True)):
        game = doc_first_then_ghost(doc_card, cards)
        place(game, ghost="2/in", doc="3/in", tuco="0/roof", cheyenne="0/roof")
        found = answers(game)
        assert ("plan play ghost:fire" in found) == fires, (doc_card, found)
        if fires:
            assert found == {"plan play ghost:fire"}


def test_a_rival_s_face_up_rob_takes_the_loot_first() -> None:
    """B-7.7: Doc robs the only jewel at 2/in before Ghost's card resolves: Ghost's Rob would find
    nothing, so he plays another card; if Doc's card takes nothing, Ghost robs."""
    cards = GOOD_HAND
    for doc_card, robs in (("doc:rob", False), ("doc:marshal", True)):
        game = doc_first_then_ghost(doc_card, cards)
        place(game, ghost="2/in", doc="2/in", tuco="0/roof", cheyenne="0/roof")
        game.floor_loot = {"2/in": ["jewel"]}
        found = answers(game)
        assert ("plan play ghost:rob" in found) == robs, (doc_card, found)


def test_a_bullet_is_worth_most_while_level_in_the_gunslinger_race() -> None:
    """B-8.2: early in the game a bullet fired while level with the best rival is worth more than a
    purse; behind, a little less; once ahead, much less."""
    game = planning_game()
    place(game, ghost="2/in", doc="3/in", tuco="0/roof", cheyenne="0/roof")
    game.bandits["doc"].revolver = 4  # Doc fired two
    worth = {}
    for fired in (1, 2, 4):
        game.bandits["ghost"].revolver = 6 - fired
        sight = Sight(game, 0)
        worth[fired] = sight.worth(sight.board(), "ghost", Act("fire", target="doc"))
    assert worth[2] > kind_worth("purse") > worth[4]
    assert worth[2] > worth[1] > worth[4] + 50


def test_it_shoves_a_rival_into_the_marshal() -> None:
    """B-7.8, B-7.10: the punched rival goes where the marshal waits (a bullet and a lost spot)."""
    game = planning_game()
    place(game, ghost="2/in", doc="2/in", tuco="0/roof", cheyenne="0/roof")
    game.marshal = "1/in"
    game.floor_loot = {"3/in": ["jewel"]}
    game.pending = None
    perform(game, "punch", game.bandits["ghost"])
    while game.pending.kind in ("punch", "drop"):  # Doc alone to punch; his purse falls first
        apply(game, game.pending.options[0])
    assert game.pending.kind == "shove"
    assert answers(game) == {"shove 1/in"}
