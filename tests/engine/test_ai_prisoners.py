"""AI players with Marshal & Prisoners: the Marshal and the bandits at every level in whole games,
worlds that rebuild the expansion from a seat's view alone (M-1 … M-40, B-11), honesty about the
Marshal's secret objectives and the mail bags' values, and the normal Marshal's rules of thumb;
the same with Horses & Stagecoach too (M-50)."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Iterator
from functools import cache

import pytest

from engine import apply, new_game, observe
from engine.ai import LEVELS, choose
from engine.ai.worlds import Knowledge, clone
from engine.invariants import problems
from engine.model import OVER, Decision, Game, Options, loot_kind
from engine.prisoners.model import MAIL, Prison
from engine.prisoners.objectives import fulfilled
from engine.prisoners.with_horses import ride
from engine.scenario import build
from engine.snapshot import to_json
from tests.engine.test_ai import (
    answered_from_the_seat_view_only,
    answers_alike,
    hide_from,
    play_out,
    private_copy,
    walk,
)
from tests.engine.test_ai import random_game as any_game

HARD_ITERATIONS = 2


def random_game(seed: int) -> Game:
    """3 to 7 bandits and the Marshal, the other options drawn at random (Expert included)."""
    return any_game(seed, prisoners=True)


def states(seed: int, every: float) -> Iterator[Game]:
    return walk(random_game(seed), seed, every)


def prison(game: Game) -> Prison:
    found: Prison = game.prison
    return found


def hide_the_prison(game: Game, viewer: int, rng: random.Random) -> None:
    """What the expansion hides from ``viewer``: the Marshal's objectives not revealed (but to
    him), and the values of the mail bags the viewer has not seen."""
    found = prison(game)
    if viewer != found.seat and game.phase != OVER:
        hidden = [i for i, o in enumerate(found.objectives) if o not in found.revealed]
        pool = [found.objectives[i] for i in hidden] + found.to_come
        rng.shuffle(pool)
        for i in hidden:
            found.objectives[i] = pool.pop()
        found.to_come = pool
    if game.phase == OVER:
        return
    places = [*game.floor_loot.values(), *(b.loot for b in game.bandits.values() if b.seat != viewer)]
    if viewer != found.seat:
        places.append(found.rewards_mail)
    slots = [(tokens, i) for tokens in places for i, t in enumerate(tokens) if loot_kind(t) == MAIL]
    values = [tokens[i] for tokens, i in slots]
    rng.shuffle(values)
    for (tokens, i), value in zip(slots, values, strict=True):
        tokens[i] = value


def hide_all(game: Game, viewer: int, rng: random.Random) -> None:
    hide_from(game, viewer, rng)
    hide_the_prison(game, viewer, rng)


# --- whole games ---------------------------------------------------------------------------------


@pytest.mark.parametrize("seed", range(6))
def test_easy_and_normal_finish_games_with_a_marshal_player(seed: int) -> None:
    game = random_game(seed)
    levels = [("easy", "normal")[(seat + seed) % 2] for seat in range(len(game.seats))]
    kinds = play_out(game, levels, random.Random(seed))
    assert problems(game) == [] and kinds["plan"]


def test_every_level_plays_the_marshal_and_the_bandits() -> None:
    for marshal, bandits in (("hard", "normal"), ("normal", "hard"), ("easy", "hard")):
        game = new_game(["ghost", "doc", "tuco"], seed=11, options=Options(prisoners=True))
        levels = [marshal, bandits, "normal", "easy"]
        play_out(game, levels, random.Random(3), iterations=HARD_ITERATIONS)
        assert game.phase == OVER and set(levels) == set(LEVELS)


# --- worlds --------------------------------------------------------------------------------------


def world_as_seen(game: Game, seed: int) -> Game:
    """A world drawn from the pending seat's view: a sound game showing that seat the same view."""
    seat = game.pending.seat
    obs = observe(game, seat)
    world = Knowledge(obs, game.pending).sample(random.Random(seed))
    assert problems(world) == []
    assert {k: v for k, v in observe(world, seat).items() if k != "log"} == {
        k: v for k, v in obs.items() if k != "log"}
    return world


@pytest.mark.parametrize("seed", range(6))
def test_sampled_worlds_rebuild_the_expansion_from_the_seat_view(seed: int) -> None:
    """A world is a sound game the seat cannot tell from the real one: the public sheet unchanged,
    the Marshal's own objectives as they are for him, revealed ones kept for everyone, the mail bags'
    values the seat holds kept; the "+" chain and the phases' queues as in the real game."""
    for game in states(seed, every=0.05):
        seat = game.pending.seat
        world = world_as_seen(game, seed)
        real, drawn = prison(game), prison(world)
        assert (drawn.chain, drawn.queue, drawn.revealed) == (real.chain, real.queue, real.revealed)
        assert len(drawn.objectives) == len(real.objectives) and len(drawn.to_come) == len(real.to_come)
        if seat == real.seat:
            assert drawn.objectives == real.objectives
        assert sorted([*drawn.objectives, *drawn.to_come]) == sorted(set([*drawn.objectives, *drawn.to_come]))
        for bandit in game.bandits.values():
            if bandit.seat == seat:
                assert world.bandits[bandit.name].loot == bandit.loot
        copy = clone(game)
        assert {k: v for k, v in to_json(copy).items() if k != "log"} == {
            k: v for k, v in to_json(game).items() if k != "log"}
        assert copy.prison == game.prison and copy.prison is not game.prison


def test_the_marshals_hidden_objectives_change_from_world_to_world() -> None:
    game = random_game(4)
    while game.round_no < 3 or game.pending.seat == prison(game).seat:
        apply(game, game.pending.options[0])
    seat = game.pending.seat
    knowledge = Knowledge(observe(game, seat), game.pending)
    drawn = {tuple(prison(knowledge.sample(random.Random(s))).objectives) for s in range(20)}
    assert len(drawn) > 1  # the seat cannot know them: each world draws them anew


# --- honesty -------------------------------------------------------------------------------------


@pytest.mark.parametrize("level", ["normal", "hard"])
@pytest.mark.parametrize("seed", range(3))
def test_answers_depend_only_on_what_the_seat_may_see(level: str, seed: int) -> None:
    """B-11: others' cards, the Marshal's unrevealed objectives, the mail bags' values unseen
    changed, the seat's view and answer stay the same for the same rng."""
    for game in states(700 + seed, every=0.08 if level == "normal" else 0.03):
        answers_alike(game, level, seed, hide=hide_all)


WANTED: dict[str, Callable[[Game], bool]] = {
    kind: (lambda k: lambda g: g.pending.kind == k)(kind)
    for kind in ("marshal-move", "marshal-fire", "arrest", "escape", "free", "shove-marshal", "reflex")
}
WANTED["the Marshal's plan"] = lambda g: g.pending.kind == "plan" and g.pending.seat == prison(g).seat
WANTED["a Brilliant idea to take"] = lambda g: g.pending.kind == "plan" and "idea" in g.pending.values
WANTED["in a + chain"] = lambda g: g.pending.kind == "plan" and prison(g).chain


@cache
def one_of_every_kind() -> dict[str, Game]:
    found: dict[str, Game] = {}
    for seed in range(300):
        for game in states(seed, every=0.5):
            for kind, wanted in WANTED.items():
                if kind not in found and wanted(game):
                    found[kind] = private_copy(game)
        if len(found) == len(WANTED):
            break
    return found


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_every_decision_of_the_expansion_is_answered_from_the_seat_view_only(level: str) -> None:
    found = one_of_every_kind()
    assert set(found) == set(WANTED)
    answered_from_the_seat_view_only(found, level, hide=hide_all)


# --- with Horses & Stagecoach too (M-50) -----------------------------------------------------------


def both_game(seed: int) -> Game:
    return any_game(seed, prisoners=True, horses=True)


def test_every_level_plays_the_marshal_and_the_bandits_with_both_expansions() -> None:
    for marshal, bandits in (("hard", "normal"), ("normal", "hard"), ("easy", "hard")):
        game = new_game(["ghost", "doc", "tuco"], seed=12, options=Options(prisoners=True, horses=True))
        levels = [marshal, bandits, "normal", "easy"]
        kinds = play_out(game, levels, random.Random(5), iterations=HARD_ITERATIONS)
        assert game.phase == OVER and problems(game) == [] and kinds["attack"]


@pytest.mark.parametrize("seed", range(4))
def test_worlds_and_answers_with_both_expansions_come_from_the_seat_view(seed: int) -> None:
    """M-50 with B-11: a world keeps the seat's view (the stagecoach, the Marshal beside it, his
    sheet's flasks as the seat sees them); hiding what the seat may not see changes no answer."""
    for game in walk(both_game(seed), seed, every=0.04):
        world = world_as_seen(game, seed)
        assert prison(world).old_whiskey == prison(game).old_whiskey
        answers_alike(game, "normal", seed, hide=hide_all)


def crafted_both(**scenario: object) -> Game:
    """A hand-built state with both expansions; each bandit's seat owns its Ride card (H-1)."""
    game = crafted(**scenario)
    for seat in game.seats:
        seat.deck += [f"{name}:ride" for name in seat.bandits]
    return game


def test_the_old_whiskey_on_the_marshals_sheet_is_hidden_from_the_bandits_in_their_worlds() -> None:
    game = crafted_both(options={"prisoners": True, "horses": True}, wagons=5, stagecoach=2, horses=[1],
                   marshal=[2, "in"], marshal_flasks=["old-whiskey"], floor_loot={"3/in": ["whiskey"]},
                   bandits={"ghost": {"at": [1, "in"]}, "doc": {"at": [4, "roof"]}})
    game.pending = Decision(seat=1, bandit="ghost", kind="move", values=["0/in", "2/in"])
    knowledge = Knowledge(observe(game, 1), game.pending)
    sheets = {tuple(prison(knowledge.sample(random.Random(s))).flasks) for s in range(40)}
    assert ("old-whiskey",) in sheets and ("whiskey",) in sheets  # a bandit cannot tell which
    game.pending = Decision(seat=0, bandit="marshal", kind="marshal-move", values=["1/in", "3/in"])
    own = Knowledge(observe(game, 0), game.pending)
    assert {tuple(prison(own.sample(random.Random(s))).flasks) for s in range(10)} == {("old-whiskey",)}


def test_normal_marshal_rides_into_the_stagecoach_to_arrest_the_bandit_there() -> None:
    game = crafted_both(options={"prisoners": True, "horses": True, "powers": False}, wagons=5, stagecoach=3,
                   horses=[1], marshal=[1, "in"], objectives=["capture:ghost"],
                   bandits={"ghost": {"at": ["stagecoach", "in"]}, "doc": {"at": [5, "roof"]}})
    ride(game, prison(game))
    assert game.pending.kind == "marshal-ride"
    assert normal_answers(game) == {"marshal-ride stagecoach/in"}


# --- the normal Marshal's and bandits' rules of thumb ----------------------------------------------


def crafted(**scenario: object) -> Game:
    return build({"options": {"prisoners": True}, "steps": [], **scenario})


def normal_answers(game: Game, seeds: int = 8) -> set[str]:
    decision = game.pending
    assert decision is not None
    return {choose(game, decision.seat, "normal", rng=random.Random(s)) for s in range(seeds)}


def test_normal_marshal_arrests_the_bandit_his_capture_objective_names() -> None:
    from engine.prisoners.lawman import perform

    game = crafted(wagons=5, marshal=[2, "in"], objectives=["capture:tuco"],
                   bandits={"ghost": {"at": [2, "in"], "loot": ["jewel", "jewel"]}, "tuco": {"at": [2, "in"]}})
    perform(game, "arrest")
    assert normal_answers(game) == {"arrest tuco"}


def test_normal_marshal_fires_drop_that_bag_at_the_mail_bag() -> None:
    from engine.prisoners.lawman import perform

    game = crafted(wagons=5, marshal=[2, "in"], revolvers=[["drop-that-bag"], ["disarmed"]],
                   bandits={"ghost": {"at": [1, "in"]}, "doc": {"at": [3, "in"], "loot": ["mailbag:1200"]}})
    perform(game, "fire")
    assert normal_answers(game) == {"marshal-fire a:doc"}


def test_normal_bandit_escapes_the_cell_with_his_brilliant_idea() -> None:
    game = random_game(2)
    while game.pending.seat == prison(game).seat or game.pending.kind != "plan":
        apply(game, game.pending.options[0])
    seat = game.seats[game.pending.seat]
    name = seat.bandits[0]
    bandit = game.bandits[name]
    bandit.at = f"{game.train.caboose}/cell"
    prison(game).wanted.append(name)
    idea = f"{name}:idea"
    for pile in (seat.deck, seat.discard):
        if idea in pile:
            pile.remove(idea)
    if idea not in seat.hand:
        seat.hand.append(idea)
    game.pending.values = [v for v in game.pending.values if v != "idea"]
    if f"play {idea}" not in game.pending.values:
        game.pending.values.append(f"play {idea}")
    assert normal_answers(game) == {f"plan play {idea}"}


def test_normal_marshal_fulfils_more_objectives_than_easy() -> None:
    """Forty deals, the Marshal normal then easy against normal bandits: objectives fulfilled."""
    totals: Counter[str] = Counter()
    for level in ("normal", "easy"):
        for seed in range(40):
            game = random_game(seed)
            play_out(game, [level] + ["normal"] * (len(game.seats) - 1), random.Random(seed))
            totals[level] += len(fulfilled(game))
    assert totals["normal"] > totals["easy"]


@pytest.mark.parametrize("seed", range(2))
def test_the_hard_ai_answers_from_the_seat_view_only_with_both_expansions(seed: int) -> None:
    """B-11 for the hard AI's worlds too (M-50): what the seat may not see changed, the same answer."""
    for game in walk(both_game(seed), seed, every=0.03):
        answers_alike(game, "hard", seed, hide=hide_all)
