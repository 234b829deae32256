"""Hints and reviews (engine.ai.advice): the hard bandit's pick from the player's own view (B-11),
with a reason every catalog can say, and the player's biggest mistakes after the game."""

from __future__ import annotations

import hashlib
import random
import re
from pathlib import Path

import pytest

from engine import apply, new_game, observe
from engine.ai import choose
from engine.ai.advice import MISTAKE_MIN, Hint, Moment, hint, moments_of, review
from engine.ai.reasons import reason
from engine.model import Decision, Game, Options
from engine.snapshot import to_json
from lang import CODES, language
from render.advice import words
from tests.engine.test_ai import hide_from, one_of_every_kind, private_copy, random_game, states

ITERATIONS = 2  # fixed work: the same answer every run, and quick
ROOT = Path(__file__).resolve().parents[2]


def seat_hint(game: Game, seed: int) -> Hint:
    decision = game.pending
    assert decision is not None
    return hint(observe(game, decision.seat), decision, random.Random(seed), iterations=ITERATIONS)


def said_in_every_language(tip: Hint) -> None:
    """The reason's template takes its fields in every catalog: nothing raises, nothing is left
    unfilled."""
    for code in CODES:
        lang = language(code)
        line = lang.text(tip.reason, **words(tip.fields, lang))
        assert "{" not in line and "}" not in line, (code, tip.reason, line)


@pytest.mark.parametrize("options", [{}, {"horses": True}, {"prisoners": True}, {"variant": "two-bandits"},
                                     {"variant": "teams"}])
def test_a_hint_is_the_hard_bandits_legal_answer_and_its_reason_reads_everywhere(options: dict[str, object]) -> None:
    """The hint is one of the decision's options, the hard bandit's own for the same rng and
    iterations, and its reason fills its template in all six languages."""
    for seed in range(2):
        for game in hinted_states(seed, options):
            tip = seat_hint(game, seed)
            decision = game.pending
            assert tip.answer in decision.options and tip.gain >= 0
            assert tip.answer == choose(game, decision.seat, "hard", rng=random.Random(seed), iterations=ITERATIONS)
            said_in_every_language(tip)


def hinted_states(seed: int, options: dict[str, object]) -> list[Game]:
    """A few states of a random game with ``options`` (copies: the walk goes on)."""
    if options.get("variant") == "two-bandits":
        game = new_game([["ghost", "doc"], ["tuco", "belle"]], seed=seed, options=Options(variant="two-bandits"))
    elif options.get("variant") == "teams":
        game = new_game(["ghost", "doc", "tuco", "belle"], seed=seed, options=Options(variant="teams"))
    elif options.get("prisoners"):
        game = new_game(["ghost", "doc", "cheyenne"], seed=seed, options=Options(prisoners=True))
    else:
        game = random_game(seed, **options)
    rng = random.Random(seed)
    found = []
    while game.pending is not None:
        if rng.random() < 0.06:
            found.append(private_copy(game))
        apply(game, rng.choice(game.pending.options))
    return found


def test_every_kind_of_decision_gets_a_reason() -> None:
    """Planning, Stealin', Cheyenne's purse, Pickpocketing, the Expert's keeping…: a reason each."""
    for kind, game in one_of_every_kind().items():
        tip = seat_hint(game, 1)
        assert tip.reason.startswith("advice."), kind
        said_in_every_language(tip)
        for answer in game.pending.options:  # any answer can be explained, not just the pick
            key, fields = reason(observe(game, game.pending.seat), game.pending, answer, 100.0)
            said_in_every_language(Hint(answer, key, fields, 100.0))


def test_every_reason_key_is_in_all_six_catalogs() -> None:
    """The keys the reasons name, base and expansions, in each language's catalog files."""
    keys = set()
    for path in (ROOT / "engine" / "ai").rglob("*.py"):
        keys |= set(re.findall(r'"(advice\.[a-z.-]+)"', path.read_text(encoding="utf-8")))
    assert {"advice.search", "advice.plan.draw", "advice.hostage.ransom", "advice.marshal-move.bandit"} <= keys
    for code in CODES:
        assert {key for key in keys if key not in language(code).keys} == set(), code


# --- B-11: what the seat may not see changes neither a hint nor a review -------------------------


@pytest.mark.parametrize("seed", range(3))
def test_hidden_information_changes_no_hint(seed: int) -> None:
    """B-11: two games the seat cannot tell apart (other hands, every deck's order, face-down
    cards, purse values it has not seen, the round cards to come) give the same hint."""
    for game in states(300 + seed, every=0.04):
        seat = game.pending.seat
        other = private_copy(game)
        hide_from(other, seat, random.Random(seed))
        assert observe(other, seat) == observe(game, seat)
        assert seat_hint(other, seed) == seat_hint(game, seed)


def test_hidden_information_changes_no_review() -> None:
    """B-11: a review of the moments of a game and of the same moments with everything hidden
    from the seat changed (the hidden purse Cheyenne knocked loose too) is the same review."""
    game, rng = random_game(8), random.Random(8)
    seat = 0
    moments, hidden = [], []
    while (decision := game.pending) is not None:
        answer = rng.choice(decision.options)
        if decision.seat == seat:
            other = private_copy(game)
            hide_from(other, seat, random.Random(len(moments)))
            assert observe(other, seat) == observe(game, seat)
            assert to_json(other) != to_json(game)  # something the seat cannot see did change
            moments.append(Moment(observe(game, seat), copy_of(decision), answer))
            hidden.append(Moment(observe(other, seat), copy_of(other.pending), answer))
        apply(game, answer)
    moments, hidden = moments[-12:], hidden[-12:]
    assert review(moments, random.Random(3), iterations=ITERATIONS) == review(
        hidden, random.Random(3), iterations=ITERATIONS)


def copy_of(decision: Decision | None) -> Decision:
    assert decision is not None
    return Decision(decision.seat, decision.bandit, decision.kind, list(decision.values), dict(decision.context))


# --- reviews -------------------------------------------------------------------------------------


def blundered_game() -> tuple[Game, list[str], int, int]:
    """A game dealt, its answers (normal bandits) up to a Rob where the seat takes a purse beside a
    strongbox, the seat, and the step of that answer."""
    for seed in range(50):
        start = random_game(seed)
        game, rng, answers = private_copy(start), random.Random(seed), []
        while (decision := game.pending) is not None:
            if decision.kind == "rob" and {"strongbox", "purse"} <= set(decision.values):
                answers.append("rob purse")
                return start, answers, decision.seat, game.step
            answers.append(choose(game, decision.seat, "normal", rng=rng))
            apply(game, answers[-1])
    raise AssertionError("no Rob beside a strongbox in these games")


def test_a_review_lists_the_obvious_blunder_first() -> None:
    """Taking a purse where a strongbox lies ($1000, B-1) is the biggest mistake of the seat's last
    three decisions, and the better answer takes the strongbox."""
    start, answers, seat, step = blundered_game()
    moments = moments_of(start, answers, seat)[-3:]
    mistakes = review(moments, random.Random(1), iterations=20)  # enough worlds for a sure first
    assert mistakes, "no mistake found"
    first = mistakes[0]
    assert (first.step, first.answer, first.better) == (step, "rob purse", "rob strongbox")
    assert first.gain > MISTAKE_MIN and first.hint.answer == "rob strongbox"
    assert [m.gain for m in mistakes] == sorted((m.gain for m in mistakes), reverse=True) and len(mistakes) <= 3
    said_in_every_language(first.hint)


def test_no_mistake_where_the_player_answered_as_the_search_would() -> None:
    """A player who gives the search's own pick has no mistake there (the same worlds, the same
    answer)."""
    start, answers, seat, _ = blundered_game()
    moment = moments_of(start, answers, seat)[-1]
    best = moment._replace(answer="rob strongbox")
    assert review([best], random.Random(1), iterations=6) == []


def test_moments_replay_the_game_as_the_seat_saw_it() -> None:
    """``moments_of`` replays the deal with the answers: each of the seat's decisions with its view
    then, the answer it gave; the dealt game is left as it was."""
    start = random_game(2)
    before = to_json(start)
    game, rng, answers, seen = private_copy(start), random.Random(2), [], []
    while (decision := game.pending) is not None:
        answers.append(rng.choice(decision.options))
        if decision.seat == 1:
            seen.append((observe(game, 1), decision.kind, answers[-1]))
        apply(game, answers[-1])
    moments = moments_of(start, answers, 1)
    assert [(m.view, m.decision.kind, m.answer) for m in moments] == seen
    assert to_json(start) == before


# --- the hard bandit is unchanged ---------------------------------------------------------------


# Decisions of whole games of hard and normal seats (3 worlds a hard decision): the same seed, the
# same answers. Recorded when the normal bandit learned to look ahead and the hard bandit's
# play-outs stopped forecasting the pile (issue 32), "expert" and "prisoners" again when a play-out
# reaching the end of the game was valued by the count itself (tied Gunslingers $1000 each), "base"
# and "expert" again when the play-outs' bandits followed look-ahead plans in schemin', again when
# the search weighed only the look-ahead's best three schemin' answers, again with its best two, and
# again when a play-out's end counted the loot within reach, and when the normal level's look-ahead
# weighed a Fire half as much again ("base" and "expert"), and when it weighed the round card's
# event ("base" and "expert"): a change of the AI's play changes them on purpose, and they are
# recorded again with it.
FINGERPRINTS = {
    "base": (["ghost", "doc", "tuco", "belle"], Options(), "eca937f66a9f00c4"),
    "horses": (["ghost", "doc", "cheyenne", "django"], Options(horses=True), "c06f32986f8175a5"),
    "prisoners": (["ghost", "doc", "tuco"], Options(prisoners=True), "232f54a02fed5a4d"),
    "expert": (["mei", "doc", "tuco"], Options(expert=True), "a61feb255f5a050e"),
    "pairs": ([["ghost", "doc"], ["tuco", "belle"]], Options(variant="two-bandits"), "b156de660a746b57"),
    "teams": (["ghost", "doc", "tuco", "belle"], Options(variant="teams"), "f4085cb20fdac8b3"),
}
LEVELS = {
    "base": ["hard", "normal", "hard", "normal"], "horses": ["hard", "normal", "normal", "hard"],
    "prisoners": ["hard", "normal"], "expert": ["hard", "normal", "hard"], "pairs": ["hard", "normal"],
    "teams": ["hard", "normal", "normal", "hard"],
}


@pytest.mark.parametrize("name", sorted(FINGERPRINTS))
def test_the_hard_bandit_answers_as_before(name: str) -> None:
    characters, options, expected = FINGERPRINTS[name]
    game, rng, levels = new_game(characters, seed=11, options=options), random.Random(5), LEVELS[name]
    digest = hashlib.sha256()
    while (decision := game.pending) is not None:
        answer = choose(game, decision.seat, levels[decision.seat % len(levels)], rng=rng, iterations=3)
        digest.update(f"{decision.seat}:{answer};".encode())
        apply(game, answer)
    assert digest.hexdigest()[:16] == expected
