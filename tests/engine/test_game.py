"""Setup, the decision flow, determinism, snapshots and illegal answers."""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest

from engine import (
    IllegalAnswer,
    NoDecisionPending,
    NotYourDecision,
    Options,
    SetupError,
    SnapshotError,
    StaleAnswer,
    apply,
    from_json,
    new_game,
    to_json,
)
from engine.actions import perform
from engine.data import base
from engine.model import Game
from engine.planning import draw, refill_count
from engine.scenario import build
from engine.snapshot import dumps, loads
from tools.selfplay import play_game


def random_answers(game: Game, seed: int, count: int | None = None) -> list[str]:
    rng = random.Random(seed)
    given = []
    while game.pending is not None and (count is None or len(given) < count):
        answer = rng.choice(game.pending.options)
        given.append(answer)
        apply(game, answer)
    return given


@pytest.mark.parametrize("players", [3, 4, 5, 6])
@pytest.mark.parametrize("setup", ["first-game", "advanced"])
def test_setup_follows_b3_for_every_seed(players: int, setup: str) -> None:
    data = base()
    for seed in range(40):
        characters = random.Random(seed).sample(data.characters, players)
        game = new_game(characters, seed=seed, options=Options(setup=setup))
        # B-3.2: one wagon per bandit, all different.
        assert len(game.wagons) == players == len(set(game.wagons))
        # B-3.3: each wagon's floor loot; the strongbox in the locomotive; the rest in the box.
        for car, name in enumerate(game.wagons, start=1):
            kinds = Counter(t.split(":")[0] for t in game.floor_loot.get(f"{car}/in", []))
            floor = data.wagons[name]
            assert kinds == +Counter({"purse": floor.purses, "jewel": floor.jewels})
        assert game.floor_loot["0/in"] == ["strongbox"]
        every_purse = [t for loot in game.floor_loot.values() for t in loot if t.startswith("purse")]
        every_purse += [t for t in game.box if t.startswith("purse")]
        every_purse += [t for b in game.bandits.values() for t in b.loot]
        assert sorted(int(t.split(":")[1]) for t in every_purse) == sorted(data.purses)
        # B-3.1: a $250 purse and six bullets each.
        assert all(b.loot == ["purse:250"] and b.revolver == 6 for b in game.bandits.values())
        # B-3.5: five round cards; advanced ends on a station card.
        deck = [game.round_card, *game.round_deck]
        stations = [c for c in deck if c in data.station_cards]
        assert len(deck) == 5 and len(set(deck)) == 5
        assert stations == ([deck[-1]] if setup == "advanced" else [])
        # B-3.7: odd-numbered players in the caboose, even ones in front of it.
        for bandit in game.bandits.values():
            number = (bandit.seat - game.first_seat) % players + 1
            assert bandit.at == f"{players if number % 2 else players - 1}/in"
        # B-6.1: the first player is asked first.
        assert game.pending is not None and game.pending.seat == game.first_seat


def test_the_first_player_is_drawn_among_all_seats() -> None:
    firsts = {new_game(["ghost", "doc", "tuco", "belle"], seed=s).first_seat for s in range(60)}
    assert firsts == {0, 1, 2, 3}


@pytest.mark.parametrize("bad", [
    ["ghost", "doc"],
    ["ghost", "doc", "tuco", "belle", "django", "cheyenne", "ghost"],
    ["ghost", "ghost", "doc"],
    ["ghost", "doc", "zorro"],
])
def test_impossible_seatings_are_refused(bad: list[str]) -> None:
    with pytest.raises(SetupError):
        new_game(bad, seed=1)


def test_bad_options_and_wagons_are_refused() -> None:
    with pytest.raises(SetupError, match="django"):
        new_game(["ghost", "doc", "tuco"], seed=1, options=Options(django="sniper"))
    with pytest.raises(SetupError, match="wagons"):
        new_game(["ghost", "doc", "tuco"], seed=1, wagons=["mail-car", "mail-car", "dining-car"])


def test_same_seed_and_answers_give_the_same_game() -> None:
    a = new_game(["ghost", "doc", "tuco", "django"], seed=42)
    b = new_game(["ghost", "doc", "tuco", "django"], seed=42)
    random_answers(a, seed=7)
    random_answers(b, seed=7)
    assert to_json(a) == to_json(b)
    assert a.phase == "over"


def test_a_game_is_rebuilt_from_its_seed_and_answer_log() -> None:
    game = new_game(["belle", "cheyenne", "tuco", "doc", "ghost"], seed=5, options=Options(expert=True))
    answers = random_answers(game, seed=11, count=150)
    rebuilt = new_game(["belle", "cheyenne", "tuco", "doc", "ghost"], seed=5, options=Options(expert=True))
    for answer in answers:
        apply(rebuilt, answer)
    assert rebuilt == game


def test_different_seeds_deal_differently() -> None:
    hands = {tuple(new_game(["ghost", "doc", "tuco"], seed=s).seats[0].hand) for s in range(10)}
    assert len(hands) > 5


def test_an_illegal_answer_raises_and_changes_nothing() -> None:
    game = new_game(["ghost", "doc", "tuco"], seed=3)
    random_answers(game, seed=1, count=20)
    before = dumps(game)
    for wrong in ["plan play nobody:move", "fire doc", "", "draw"]:
        with pytest.raises(IllegalAnswer, match="not a legal answer"):
            apply(game, wrong)
        assert dumps(game) == before


def test_stale_and_foreign_answers_are_told_apart() -> None:
    game = new_game(["ghost", "doc", "tuco"], seed=3)
    decision = game.pending
    assert decision is not None
    answer = decision.options[0]
    with pytest.raises(NotYourDecision):
        apply(game, answer, seat=(decision.seat + 1) % 3, step=game.step)
    with pytest.raises(StaleAnswer):
        apply(game, answer, seat=decision.seat, step=game.step - 1)
    apply(game, answer, seat=decision.seat, step=0)
    with pytest.raises(StaleAnswer):  # the same click again
        apply(game, answer, seat=decision.seat, step=0)


def test_nothing_to_answer_once_the_game_is_over() -> None:
    game = play_game(3, seed=8)
    assert game.phase == "over" and game.pending is None
    with pytest.raises(NoDecisionPending):
        apply(game, "plan draw")


def test_a_game_saved_in_the_middle_of_a_punch_resumes_there() -> None:
    game = build({
        "options": {"powers": False},
        "bandits": {"doc": {"at": [2, "roof"]}, "django": {"at": [2, "roof"], "loot": ["jewel", "purse:300"]}},
        "wagons": 4,
        "steps": [],
    })
    perform(game, "punch", game.bandits["doc"])
    assert game.pending is not None and game.pending.kind == "drop"
    restored = loads(dumps(game))
    assert restored == game
    for g in (game, restored):
        apply(g, "drop jewel")
        apply(g, "shove 3/roof")
    assert restored == game
    assert restored.bandits["django"].at == "3/roof"
    assert restored.floor_loot == {"2/roof": ["jewel"]}


def test_a_snapshot_round_trips_at_every_step_of_a_game() -> None:
    game = new_game(["ghost", "doc", "tuco", "belle", "cheyenne", "django"], seed=9)
    rng = random.Random(2)
    while game.pending is not None:
        text = json.dumps(to_json(game))
        assert from_json(json.loads(text)) == game
        apply(game, rng.choice(game.pending.options))
    assert loads(dumps(game)) == game


@pytest.mark.parametrize(("damage", "message"), [
    (lambda d: d.update(version=99), "unknown snapshot version 99"),
    (lambda d: d.pop("bandits"), "corrupt snapshot: KeyError"),
    (lambda d: d["bandits"][0].update(at="9/attic"), "not a position of the train"),
    (lambda d: d["seats"][0].update(hand="move"), "expected a list of strings"),
    (lambda d: d.update(dice=[3, [1, 2], None]), "corrupt snapshot"),
    (lambda d: d.update(marshal="1/roof"), "not inside a car"),
    (lambda d: d["pending"].update(kind="dance"), "unknown kind 'dance'"),
])
def test_corrupt_snapshots_give_a_clear_error(damage, message: str) -> None:  # type: ignore[no-untyped-def]
    game = new_game(["ghost", "doc", "tuco"], seed=4)
    data = json.loads(json.dumps(to_json(game)))
    damage(data)
    with pytest.raises(SnapshotError, match=message):
        from_json(data)


def test_text_that_is_not_json_is_a_snapshot_error() -> None:
    with pytest.raises(SnapshotError, match="not JSON"):
        loads("{broken")
    with pytest.raises(SnapshotError, match="JSON object"):
        from_json([1, 2])


@pytest.mark.parametrize("count", [0, -1, -7])
def test_a_draw_of_zero_or_less_draws_nothing(count: int) -> None:
    """V-1.4: a hand kept over its size asks a draw of zero or less; nothing moves, whatever the deck."""
    game = new_game(["ghost", "doc", "tuco"], seed=3, options=Options(expert=True))
    seat = game.seats[0]
    seat.discard = ["ghost:move"]
    deck, hand, discard = list(seat.deck), list(seat.hand), list(seat.discard)
    assert draw(game, seat, count) == 0
    assert (seat.deck, seat.hand, seat.discard) == (deck, hand, discard)


def test_the_refill_is_up_to_the_hand_size_and_never_negative() -> None:
    """V-1.4: up to 6 (Doc 7); a larger kept hand draws none."""
    game = new_game(["ghost", "doc", "tuco"], seed=3, options=Options(expert=True))
    ghost, doc = game.seats[0], game.seats[1]
    for kept, ghost_draws, doc_draws in [(0, 6, 7), (4, 2, 3), (6, 0, 1), (7, 0, 0), (8, 0, 0), (10, 0, 0)]:
        ghost.hand = ["ghost:move"] * kept
        doc.hand = ["doc:move"] * kept
        assert (refill_count(game, ghost), refill_count(game, doc)) == (ghost_draws, doc_draws)
