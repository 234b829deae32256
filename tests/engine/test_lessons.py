"""The guided lessons (engine.lessons): a learner who follows the prompts reaches every step and the
final count; a wrong answer is refused and costs nothing; a lesson left mid-way resumes identically."""

from __future__ import annotations

import json
import random
from collections.abc import Callable

import pytest

from engine import from_json, to_json
from engine.ai.lessons import opponents
from engine.lessons import (
    ANSWER,
    NEXT,
    PRESS_NEXT,
    Lesson,
    LessonError,
    _step,
    advance,
    allowed_answers,
    current_step,
    is_over,
    script,
    start,
    step_fields,
    step_marks,
    topics,
    view,
)
from engine.lobby import rules
from engine.model import OVER, Game, Options
from engine.scoring import gunslingers
from lang import CODES, language

Chooser = Callable[[list[str]], str]
LIMIT = 400  # presses and answers: the whole base lesson takes 45


def first(answers: list[str]) -> str:
    return answers[0]


def follow(lesson: Lesson, game: Game, choose: Chooser, *, until: int = LIMIT) -> list[str]:
    """Follow the lesson's prompts: press Next where a step waits for it, else give an allowed
    answer. Returns what was shown and done, one line per press or answer."""
    play = opponents(lesson.topic)
    trail: list[str] = []
    for _ in range(until):
        if is_over(lesson, game):
            break
        step = current_step(lesson, game)
        if step is not None and step.wait == NEXT:
            trail.append(f"{game.step} next {step.id}")
            assert advance(lesson, game, None, play).taken
        else:
            allowed = allowed_answers(lesson, game)
            assert allowed, f"the learner is stuck at {step.id if step else 'a plain prompt'}"
            answer = choose(allowed)
            trail.append(f"{game.step} {step.id if step else '-'} {answer}")
            assert advance(lesson, game, answer, play).taken
    return trail


def fresh(topic: str = "base") -> tuple[Lesson, Game]:
    return start(topic, opponents(topic))


@pytest.mark.parametrize("topic", topics())
def test_following_the_prompts_reaches_every_step_and_the_final_count(topic: str) -> None:
    lesson, game = fresh(topic)
    follow(lesson, game, first)
    assert is_over(lesson, game)
    assert game.phase == OVER and game.log[-1]["type"] == "game-over"
    assert lesson.done == [step.id for step in script(topic).steps]
    assert lesson.missed == []
    assert not lesson.rated


def test_the_first_round_plays_the_cards_its_steps_ask_for() -> None:
    lesson, game = fresh()
    trail = follow(lesson, game, first)
    played = [line.split()[-1] for line in trail if " play-" in line or " draw " in line]
    assert played[:4] == ["ghost:rob", "ghost:fire", "ghost:punch", "draw"]


def test_the_whole_lesson_is_reproducible() -> None:
    one, game_one = fresh()
    two, game_two = fresh()
    assert follow(one, game_one, first) == follow(two, game_two, first)
    assert to_json(game_one) == to_json(game_two)


@pytest.mark.parametrize("seed", [1, 2])
@pytest.mark.parametrize("topic", topics())
def test_any_allowed_answers_end_the_lesson_and_the_game(topic: str, seed: int) -> None:
    rng = random.Random(seed)
    lesson, game = fresh(topic)
    follow(lesson, game, rng.choice)
    assert is_over(lesson, game) and game.phase == OVER
    assert len(lesson.done) + len(lesson.missed) == len(script(topic).steps)
    assert lesson.done[-1] == "final-count"
    if topic == "base":  # the first round's steps restrict the answers: they happen whatever else is answered
        assert {"play-rob", "pile", "play-fire", "play-punch", "draw", "stealing"} <= set(lesson.done)


def test_a_wrong_answer_is_refused_with_the_correction_and_costs_nothing() -> None:
    lesson, game = fresh()
    follow(lesson, game, first, until=4)  # welcome, goal, marshal, rounds
    step = current_step(lesson, game)
    assert step is not None and step.id == "play-rob" and step.wait == ANSWER
    assert allowed_answers(lesson, game) == ["plan play ghost:rob"]
    before_game, before_lesson = to_json(game), lesson.to_json()
    outcome = advance(lesson, game, "plan play ghost:fire", opponents("base"))
    assert not outcome.taken
    assert outcome.correction == "lesson.base.play-rob.correct"
    assert to_json(game) == before_game and lesson.to_json() == before_lesson
    assert current_step(lesson, game) == step
    # and the lesson goes on exactly as if the wrong answer had never been given
    untouched, untouched_game = fresh()
    follow(untouched, untouched_game, first, until=4)
    assert follow(lesson, game, first) == follow(untouched, untouched_game, first)


def test_an_answer_while_a_step_waits_for_next_is_refused() -> None:
    lesson, game = fresh()
    step = current_step(lesson, game)
    assert step is not None and step.id == "welcome" and step.wait == NEXT
    assert allowed_answers(lesson, game) == []
    legal = list(game.pending.options) if game.pending else []
    outcome = advance(lesson, game, legal[0], opponents("base"))
    assert not outcome.taken and outcome.correction == PRESS_NEXT
    assert current_step(lesson, game) == step


def test_next_where_an_answer_is_awaited_and_illegal_answers_raise() -> None:
    lesson, game = fresh()
    follow(lesson, game, first, until=4)
    with pytest.raises(LessonError):
        advance(lesson, game, None, opponents("base"))
    with pytest.raises(LessonError):
        advance(lesson, game, "move 2/in", opponents("base"))


@pytest.mark.parametrize("pause_at", [9, 14, 40])
def test_a_lesson_left_mid_way_resumes_identically(pause_at: int) -> None:
    lesson, game = fresh()
    follow(lesson, game, first, until=pause_at)
    assert not is_over(lesson, game)
    paused_at = current_step(lesson, game), allowed_answers(lesson, game)
    saved_lesson = json.dumps(lesson.to_json())
    saved_game = json.dumps(to_json(game))
    rest = follow(lesson, game, first)

    resumed = Lesson.from_json(json.loads(saved_lesson))
    resumed_game = from_json(json.loads(saved_game))
    assert (current_step(resumed, resumed_game), allowed_answers(resumed, resumed_game)) == paused_at
    assert follow(resumed, resumed_game, first) == rest
    assert resumed.to_json() == lesson.to_json()
    assert to_json(resumed_game) == to_json(game)


@pytest.mark.parametrize("topic", topics())
def test_every_step_names_and_marks_something_on_the_board_when_shown(topic: str) -> None:
    lesson, game = fresh(topic)
    play = opponents(topic)
    seen: set[str] = set()
    for _ in range(LIMIT):
        if is_over(lesson, game):
            break
        step = current_step(lesson, game)
        if step is not None and step.id not in seen:
            seen.add(step.id)
            assert all(thing is not None for thing in step_fields(step, lesson, game).values()), step.id
            assert len(step_marks(step, lesson, game)) == len(step.marks), step.id
        if step is not None and step.wait == NEXT:
            advance(lesson, game, None, play)
        else:
            advance(lesson, game, allowed_answers(lesson, game)[0], play)
    assert seen == {step.id for step in script(topic).steps}


def test_the_first_steps_point_where_the_deal_put_things() -> None:
    lesson, game = fresh()
    step = current_step(lesson, game)
    assert step is not None
    assert step_marks(step, lesson, game) == [{"kind": "bandit", "name": "ghost", "label": "lesson.mark.you"}]
    assert step_fields(step, lesson, game)["car"] == {"kind": "car", "car": int(game.bandits["ghost"].at[0])}
    follow(lesson, game, first, until=4)
    step = current_step(lesson, game)
    assert step is not None and step.id == "play-rob"
    (mark,) = step_marks(step, lesson, game)
    assert mark["kind"] == "loot" and mark["position"] == game.bandits["ghost"].at
    assert any(t.startswith("purse") for t in game.floor_loot[mark["position"]])


@pytest.mark.parametrize("topic", topics())
def test_every_word_a_lesson_uses_is_in_every_catalog(topic: str) -> None:
    keys = {PRESS_NEXT, f"lesson.topic.{topic}"}
    for step in script(topic).steps:
        keys.add(step.say)
        keys.update(k for k in (step.correct,) if k)
        keys.update(str(m["label"]) for m in step.marks if m.get("label"))
    for code in CODES:
        missing = {key for key in keys if not language(code).has(key)}
        assert not missing, f"{code}: {sorted(missing)}"


def test_the_learner_beside_a_marshal_player_is_the_deals_first_bandit() -> None:
    lesson, game = fresh("prisoners")
    assert game.seats[0].bandits == [] and lesson.seat == 1  # the Marshal player sits first (M-1)
    assert game.seats[lesson.seat].bandits == ["ghost"]
    follow(lesson, game, first)
    assert "free" in lesson.done and is_over(lesson, game)


def test_a_lesson_counts_for_no_rating_even_from_tampered_json() -> None:
    lesson, _ = fresh()
    data = lesson.to_json() | {"rated": True}
    assert Lesson.from_json(data).rated is False
    assert json.loads(json.dumps(lesson.to_json()))["rated"] is False


def test_a_misspelt_condition_is_refused() -> None:
    with pytest.raises(LessonError, match="unknown condition"):
        _step({"id": "x", "say": "lesson.base.welcome", "when": {"rounds": 1}})
    with pytest.raises(LessonError, match="correction"):
        _step({"id": "x", "say": "k", "wait": "answer", "expect": ["plan draw"]})


def test_a_steps_view_is_plain_data_for_the_presenter() -> None:
    lesson, game = fresh()
    follow(lesson, game, first, until=6)  # up to "play-fire": a restricted step with a rival in sight
    shown = view(lesson, game)
    assert shown is not None and json.loads(json.dumps(shown)) == shown
    assert shown["step"] == "play-fire" and shown["wait"] == ANSWER
    assert shown["allowed"] == ["plan play ghost:fire"]
    assert shown["fields"]["rival"]["kind"] == "bandit"
    assert shown["marks"] == [{**shown["fields"]["rival"], "label": "lesson.mark.in-sight"}]


def test_the_two_player_lesson_deals_the_two_player_game_as_a_table_would() -> None:
    """V-3: the options a table stores become the lesson's through the lobby's rules (the Expert
    variant always on, V-3.3, and its 2014/2015 bullets, V-3.6); 4 wagons and 11 cards a player."""
    deal = script("two-player")
    stored = {"setup": "first-game", "powers": False, "events": False, "variant": "two-player"}
    assert deal.options == Options(**rules(stored))
    assert deal.options.expert and deal.options.expert_bullets == "discard-on-draw" and not deal.options.problems()
    lesson, game = fresh("two-player")
    assert len(game.wagons) == 4 and [len(s.bandits) for s in game.seats] == [2, 2]
    assert all(len(s.deck) + len(s.hand) == 11 for s in game.seats)
    follow(lesson, game, first)
    assert game.phase == OVER and gunslingers(game) == []  # no Gunslinger (V-3.3)


def test_the_teams_lesson_seats_the_learner_as_an_a_player_beside_the_partner() -> None:
    """V-4.1: A in the caboose, the partner (B, the next seat) in the car in front; V-4.3: a card
    of the partner's deck in hand before the first card is played."""
    lesson, game = fresh("teams")
    assert lesson.seat == 0 and game.options.variant == "teams" and not game.options.problems()
    caboose = game.train.caboose
    assert game.bandits["ghost"].at == game.train.inside(caboose)
    assert game.bandits["django"].at == game.train.inside(caboose - 1) and game.bandits["django"].seat == 1
    assert any(card.startswith("django:") for card in game.seats[0].hand)
