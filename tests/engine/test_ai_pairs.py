"""AI bandits for a player with two bandits (V-2, V-3): whole games at every level, worlds rebuilt
from a two-bandit seat's view, honesty (B-11) and the normal bandit's habits for the variants."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator
from functools import cache

import pytest

from engine import apply, new_game, observe
from engine.actions import perform
from engine.ai import LEVELS, choose
from engine.ai.hard import candidate_answers
from engine.ai.value import margin
from engine.ai.worlds import Knowledge, clone, seat_cards
from engine.flow import advance
from engine.invariants import problems
from engine.model import BULLET, OVER, PLANNING, Game, Options, is_bullet
from engine.setup import seating
from engine.variants.pairs import PICKING, PLACING, TWO_BANDITS, TWO_PLAYER
from tests.engine.test_ai import (
    HARD_ITERATIONS,
    answered_from_the_seat_view_only,
    answers_alike,
    hand,
    hide_from,
    holds_taken_card,
    play_out,
    private_copy,
    walk,
)
from tools.arena import main as arena_main
from tools.selfplay import random_options

# (variant, players): V-2 at 2 and 3 players, V-3 at 2.
TABLES = [(TWO_BANDITS, 2), (TWO_BANDITS, 3), (TWO_PLAYER, 2)]


def pairs_game(seed: int, variant: str, players: int, *, horses: bool = False) -> Game:
    """A game of the variant, the other options drawn at random (V-3 is always Expert)."""
    options = random_options(random.Random(seed), expert=True if variant == TWO_PLAYER else None,
                             horses=horses, variant=variant)
    return new_game(seating(options).cast(random.Random(seed), players), seed=seed, options=options)


def states(seed: int, every: float, variant: str, players: int, *, horses: bool = False) -> Iterator[Game]:
    """Games of random answers, yielding (about) a share ``every`` of their decisions."""
    return walk(pairs_game(seed, variant, players, horses=horses), seed, every)


def without_log(obs: dict[str, object]) -> dict[str, object]:
    return {k: v for k, v in obs.items() if k != "log"}


# --- whole games ---------------------------------------------------------------------------------


@pytest.mark.parametrize(("variant", "players"), TABLES)
@pytest.mark.parametrize("seed", range(3))
def test_easy_and_normal_finish_games_of_the_variants(variant: str, players: int, seed: int) -> None:
    game = pairs_game(seed, variant, players, horses=variant == TWO_BANDITS and seed == 2)
    play_out(game, [("easy", "normal")[(seat + seed) % 2] for seat in range(players)], random.Random(seed))


@pytest.mark.parametrize(
    ("variant", "players", "horses"), [*[(v, p, False) for v, p in TABLES], (TWO_BANDITS, 2, True)]
)
def test_every_level_finishes_a_game_of_the_variants(variant: str, players: int, horses: bool) -> None:
    game = pairs_game(11, variant, players, horses=horses)
    levels = [LEVELS[(seat + 2) % 3] for seat in range(players)]  # hard first
    kinds = set(play_out(game, levels, random.Random(3), iterations=HARD_ITERATIONS))
    assert game.phase == OVER
    assert ("take-card" in kinds) == (variant == TWO_BANDITS)
    assert ("place" in kinds) == (not horses)  # the horse attack places the bandits instead (H-2)


# --- worlds --------------------------------------------------------------------------------------


@pytest.mark.parametrize(("variant", "players"), TABLES)
@pytest.mark.parametrize("seed", range(4))
def test_sampled_worlds_rebuild_two_bandit_seats(variant: str, players: int, seed: int) -> None:
    """A world drawn from a two-bandit seat's view: sound, the same view, each seat's 11 cards and
    its bullets accounted for, the cover and the placements so far, the card taken still in hand."""
    options_of = {}
    for game in states(seed, 0.1, variant, players, horses=seed == 3 and variant == TWO_BANDITS):
        seat = game.pending.seat
        obs = observe(game, seat)
        world = Knowledge(obs, game.pending).sample(random.Random(seed))
        assert problems(world) == []
        assert without_log(observe(world, seat)) == without_log(obs)
        options_of[game.options.variant] = game.options
        for real, drawn in zip(game.seats, world.seats, strict=True):
            everything = Counter(drawn.deck + drawn.hand + drawn.discard + [p.card for p in world.pile
                                                                             if p.seat == drawn.index])
            actions = Counter({c: n for c, n in everything.items() if not is_bullet(c)})
            assert actions == Counter(seat_cards(game.options, real.bandits))  # 11 cards (V-2.3), Rides
            assert sum(everything.values()) - sum(actions.values()) == sum(
                1 for c in real.deck + real.hand + real.discard if is_bullet(c))
            if holds_taken_card(game, real.index):
                assert any(not is_bullet(c) for c in drawn.hand)
        assert world.pairs.cover == game.pairs.cover
        assert world.pairs.placed.keys() == game.pairs.placed.keys()
        assert world.pairs.placed.get(str(seat)) == game.pairs.placed.get(str(seat))
        if game.phase == PLANNING:
            plan, drawn_plan = game.planning, world.planning
            assert (drawn_plan.turn, drawn_plan.order, drawn_plan.index, drawn_plan.actions_left) == (
                plan.turn, plan.order, plan.index, plan.actions_left)
        copy = clone(game)  # the search's quick copy keeps the variant's state
        assert copy.pairs == game.pairs and copy.pairs is not game.pairs


def test_worlds_see_every_moment_of_the_variants() -> None:
    """The states above include a placement under way, a card being taken and a cover offered."""
    seen = set()
    for seed in range(4):
        for game in states(seed, 1.0, TWO_BANDITS, 2):
            if game.phase == PLACING and game.pairs.placed:
                seen.add("placing")
            elif game.phase == PICKING and game.pending.seat != game.first_seat:
                seen.add("picking")
            elif game.pairs.cover is not None:
                seen.add("cover")
    assert seen == {"placing", "picking", "cover"}


# --- honesty (B-11) ------------------------------------------------------------------------------


@pytest.mark.parametrize("level", ["normal", "hard"])
@pytest.mark.parametrize(("variant", "players"), TABLES)
def test_answers_with_two_bandits_depend_only_on_what_the_seat_may_see(level: str, variant: str, players: int) -> None:
    for seed in range(2):
        for game in states(300 + seed, 0.1 if level == "normal" else 0.03, variant, players):
            answers_alike(game, level, seed)


@cache
def moments() -> dict[str, Game]:
    """A state at each decision of the variant: a second player placing, taking a card after the
    first took one, a cover offered, and the others with two bandits."""
    found: dict[str, Game] = {}
    for seed in range(60):
        for game in states(seed, 0.5, TWO_BANDITS, 2 + seed % 2):
            pairs, kind = game.pairs, game.pending.kind
            if kind == "place" and pairs.placed:
                kind = "place-second"
            elif kind == "take-card" and game.pending.seat != game.first_seat:
                kind = "take-card-second"
            elif pairs.cover is not None:
                kind = "cover"
            if kind not in found:
                found[kind] = private_copy(game)
    return found


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_every_decision_with_two_bandits_is_answered_from_the_seat_view_only(level: str) -> None:
    found = moments()
    assert {"place-second", "take-card-second", "cover", "plan", "move", "fire", "rob", "punch"} <= set(found)
    answered_from_the_seat_view_only(found, level)


def test_hide_from_changes_the_others_placement_and_card_taken() -> None:
    """The honesty tests really change the secrets of the variant (and keep a card taken an action card)."""
    placing = moments()["place-second"]
    viewer = placing.pending.seat
    changed = set()
    for seed in range(20):
        other = private_copy(placing)
        hide_from(other, viewer, random.Random(seed))
        changed.add(tuple(sorted(other.pairs.placed.items())))
    assert len(changed) == 2
    picking = moments()["take-card-second"]
    viewer = picking.pending.seat
    taken = set()
    for seed in range(20):
        other = private_copy(picking)
        hide_from(other, viewer, random.Random(seed))
        (card,) = other.seats[picking.first_seat].hand
        assert not is_bullet(card)
        taken.add(card)
    assert len(taken) > 1


# --- the score of a side -------------------------------------------------------------------------


def test_the_margin_counts_a_player_s_two_bandits_together() -> None:
    game = new_game([["ghost", "tuco"], ["doc", "django"]], seed=1, options=Options(variant=TWO_BANDITS, events=False))
    for bandit in game.bandits.values():
        bandit.loot = []
    game.bandits["ghost"].loot = ["jewel"]
    game.bandits["tuco"].loot = ["jewel"]
    game.bandits["doc"].loot = ["strongbox"]
    assert margin(game, 0) == pytest.approx(0.0) and margin(game, 1) == pytest.approx(0.0)
    game.bandits["tuco"].loot.append("purse:300")
    assert margin(game, 0) == pytest.approx(300.0) and margin(game, 1) == pytest.approx(-300.0)


def test_hard_keeps_a_face_up_fire_that_opens_the_cover() -> None:
    """B-9.1 makes a hidden card never worse, but with two bandits only a face-up Fire opens the
    cover (V-2.6): the search keeps both."""
    game = planning_game()
    seat = game.pending.seat
    give_hand(game, seat, ["ghost:fire", "ghost:rob", "tuco:move"])
    options = game.pending.options
    assert "plan hide ghost:fire" in options and "plan hide ghost:rob" in options
    kept = candidate_answers(game.pending, observe(game, seat))
    assert "plan play ghost:fire" in kept and "plan play ghost:rob" not in kept


# --- the normal bandit's habits ------------------------------------------------------------------


def planning_game(*, powers: bool = True, first_card: str = "braking") -> Game:
    """A V-2 game (Ghost and Tuco against Doc and Django) at seat 0's first planning answer, the
    first round card's turns all Standard; Ghost placed in the caboose (3/in), Tuco at 2/in."""
    options = Options(variant=TWO_BANDITS, powers=powers, events=False)
    game = new_game([["ghost", "tuco"], ["doc", "django"]], seed=4, options=options, first=0,
                    round_cards=[first_card, "bridge", "tunnels", "swivel-arm", "take-it-all"])
    apply(game, "place ghost")
    apply(game, "place doc")
    apply(game, f"take-card {game.pending.values[0]}")
    apply(game, f"take-card {game.pending.values[0]}")
    assert game.pending.kind == "plan" and game.pending.seat == 0
    return game


def give_hand(game: Game, seat: int, cards: list[str]) -> None:
    """These cards in the seat's hand (from its deck), the rest back; its planning answer asked again."""
    hand(game, seat, cards)
    game.pending = None
    advance(game)
    assert game.pending.seat == seat


def clear_the_train(game: Game, loot: dict[str, list[str]]) -> None:
    """Only this loot on the floors (and the bandits' starting purses)."""
    game.floor_loot = {pos: list(tokens) for pos, tokens in loot.items()}


def normal_answers(game: Game, seeds: int = 8) -> set[str]:
    decision = game.pending
    assert decision is not None
    return {choose(game, decision.seat, "normal", rng=random.Random(s)) for s in range(seeds)}


def test_normal_covers_a_fire_with_the_other_bandit_s_rob_where_loot_lies() -> None:
    game = planning_game(powers=False)
    clear_the_train(game, {"2/in": ["strongbox"]})  # under Tuco's feet
    give_hand(game, 0, ["ghost:fire", "ghost:move", "tuco:rob", "tuco:punch", "tuco:move"])
    apply(game, "plan play ghost:fire")
    assert game.pairs.cover == 0 and "plan pass" in game.pending.options
    assert normal_answers(game) == {"plan play tuco:rob"}


def test_normal_passes_the_cover_when_no_card_of_the_other_bandit_helps() -> None:
    game = planning_game(powers=False)
    clear_the_train(game, {"1/roof": ["jewel"]})
    for name in ("doc", "django"):
        game.bandits[name].at = "1/in"  # nobody beside Tuco to punch or shoot
    give_hand(game, 0, ["ghost:fire", "ghost:move", "tuco:rob", "tuco:punch"])
    apply(game, "plan play ghost:fire")
    assert sorted(game.pending.options) == ["plan pass", "plan play tuco:punch", "plan play tuco:rob"]
    assert normal_answers(game) == {"plan pass"}


def test_normal_fires_face_up_to_cover_the_other_bandit_s_good_card() -> None:
    """A Fire with a target plus the cover it opens beats playing the other bandit's Rob alone."""
    game = planning_game(powers=False)
    clear_the_train(game, {"2/in": ["jewel"]})
    game.bandits["doc"].at = "2/in"  # a target for Ghost from the caboose
    give_hand(game, 0, ["ghost:fire", "ghost:floor", "tuco:rob"])
    assert normal_answers(game) == {"plan play ghost:fire"}


def test_normal_never_shoots_its_own_other_bandit() -> None:
    game = planning_game(powers=False)
    game.bandits["tuco"].at, game.bandits["doc"].at = "2/in", "2/in"  # both in front of Ghost
    game.bandits["django"].at = "1/in"
    game.pending = None
    perform(game, "fire", game.bandits["ghost"])
    assert sorted(game.pending.values) == ["doc", "tuco"]
    assert normal_answers(game) == {"fire doc"}


def test_normal_does_not_plan_a_punch_only_its_other_bandit_would_take() -> None:
    game = planning_game(powers=False)
    clear_the_train(game, {})
    for name, at in (("ghost", "3/in"), ("tuco", "3/in"), ("doc", "1/in"), ("django", "1/in")):
        game.bandits[name].at = at
    give_hand(game, 0, ["ghost:punch", "ghost:marshal"])
    assert normal_answers(game) == {"plan play ghost:marshal"}


def picking_game(ghost_at: str, tuco_at: str, loot: dict[str, list[str]]) -> Game:
    """Round 2 of a V-2 game: seat 0 (Ghost and Tuco) takes its card before the deal (V-2.5)."""
    game = planning_game(powers=False)
    while game.round_no == 1:
        apply(game, game.pending.options[-1])
    while game.pending.seat != 0 or game.pending.kind != "take-card":
        apply(game, game.pending.options[0])
    game.bandits["ghost"].at, game.bandits["tuco"].at = ghost_at, tuco_at
    game.bandits["doc"].at = game.bandits["django"].at = "1/in"
    clear_the_train(game, loot)
    return game


def test_normal_takes_the_rob_of_the_bandit_standing_on_loot() -> None:
    game = picking_game("3/in", "2/roof", {"2/roof": ["strongbox"]})
    assert {"take-card tuco:rob", "take-card ghost:rob"} <= set(game.pending.options)
    assert normal_answers(game) == {"take-card tuco:rob"}


def test_normal_takes_a_move_or_a_fire_when_no_loot_is_underfoot() -> None:
    game = picking_game("3/in", "2/roof", {"3/roof": ["jewel"], "1/in": ["jewel"]})
    answers = normal_answers(game)
    assert answers and all(a.split(":")[1] in ("move", "floor", "fire") for a in answers)


def test_normal_puts_django_in_the_caboose() -> None:
    options = Options(variant=TWO_PLAYER, expert=True)
    game = new_game([["doc", "django"], ["ghost", "tuco"]], seed=2, options=options, first=0)
    assert game.pending.kind == "place"
    assert normal_answers(game) == {"place django"}
    apply(game, "place django")
    apply(game, "place ghost")
    caboose = len(game.wagons)
    assert game.bandits["django"].at == f"{caboose}/in" and game.bandits["doc"].at == f"{caboose - 1}/in"


def test_the_bullets_of_a_seat_are_its_own_cards() -> None:
    """Worlds count a bullet into the deck of the bandit's player, shooter named (V-3.4: a player's
    bandit may shoot the other; the bullet goes into that player's deck)."""
    for game in states(7, 0.2, TWO_PLAYER, 2):
        seat = game.pending.seat
        world = Knowledge(observe(game, seat), game.pending).sample(random.Random(1))
        for real, drawn in zip(game.seats, world.seats, strict=True):
            bullets = Counter(c for c in real.deck + real.hand + real.discard if c.startswith(BULLET + ":"))
            assert bullets == Counter(c for c in drawn.deck + drawn.hand + drawn.discard if is_bullet(c))


@pytest.mark.parametrize(("variant", "players"), [(TWO_BANDITS, 3), (TWO_PLAYER, 2)])
def test_the_arena_plays_the_variants(variant: str, players: int, capsys: pytest.CaptureFixture[str]) -> None:
    seats = ",".join(["normal", *["easy"] * (players - 1)])
    args = ["--variant", variant, "--players", str(players), "--seats", seats, "--games", "2", "--quiet"]
    assert arena_main(args) == 0
    fields = dict(f.split("=") for f in capsys.readouterr().out.splitlines()[-1].split())
    assert fields["variant"] == variant and fields["players"] == str(players)
    assert float(fields["normal_win"]) + float(fields["easy_win"]) == pytest.approx(1.0)  # sides win whole
    with pytest.raises(SystemExit):
        arena_main(["--variant", variant, "--players", "4", "--seats", "normal,easy,easy,easy"])
