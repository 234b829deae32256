"""A lesson's pointers (render.pointers): a ring and a label where the step points, nothing elsewhere,
and no label over a pawn or a loot token."""

from __future__ import annotations

import math

import pytest
from PIL import Image, ImageChops

from engine import observe
from engine.ai.lessons import opponents
from engine.lessons import Lesson, advance, allowed_answers, current_step, start, step_fields, step_marks
from engine.model import Game
from lang import CODES, language
from render import layout
from render.lessons import step_image, step_text
from render.pointers import draw_pointers, obstacles, target_box
from render.train import train_image


def _lesson_at(step_id: str) -> tuple[Lesson, Game]:
    """The base lesson played by its prompts up to the step ``step_id``."""
    play = opponents("base")
    lesson, game = start("base", play)
    for _ in range(200):
        step = current_step(lesson, game)
        if step is not None and step.id == step_id:
            return lesson, game
        advance(lesson, game, None if step is not None and step.wait == "next" else allowed_answers(lesson, game)[0],
                play)
    raise AssertionError(f"step {step_id} never came")


def _changed(a: Image.Image, b: Image.Image) -> list[tuple[int, int]]:
    diff = ImageChops.difference(a.convert("RGB"), b.convert("RGB")).convert("L").point(lambda v: 255 if v else 0)
    return [(x, y) for y in range(diff.height) for x in range(diff.width) if diff.getpixel((x, y))]


def _inside(point: tuple[float, float], box: tuple[float, float, float, float], margin: float = 0) -> bool:
    return box[0] - margin <= point[0] <= box[2] + margin and box[1] - margin <= point[1] <= box[3] + margin


@pytest.mark.parametrize("step_id", ["welcome", "marshal", "play-fire", "play-rob"])
def test_a_pointer_changes_the_picture_where_the_mark_is_and_nowhere_far_from_it(step_id: str) -> None:
    lesson, game = _lesson_at(step_id)
    step = current_step(lesson, game)
    assert step is not None
    obs = observe(game, 0)
    (target,) = step_marks(step, lesson, game)
    plain = train_image(obs)
    marked = plain.copy()
    ((ring, label),) = draw_pointers(marked, obs, [target])
    assert label is not None
    changed = _changed(plain, marked)
    assert changed
    # the ring goes round the thing pointed at, and changes the picture around it
    thing = target_box(obs, layout.layout_of(obs).train, target)
    assert thing is not None and _inside((thing[0], thing[1]), ring) and _inside((thing[2], thing[3]), ring)
    centre = ((thing[0] + thing[2]) / 2, (thing[1] + thing[3]) / 2)
    assert any(math.dist(p, centre) < 60 for p in changed)
    # every changed pixel is the ring, the label or the tail between them: near the thing
    reach = math.dist(centre, ((label[0] + label[2]) / 2, (label[1] + label[3]) / 2)) + (label[2] - label[0])
    assert all(_inside(p, ring, 8) or _inside(p, label, 8) or math.dist(p, centre) < reach for p in changed)
    assert max(math.dist(p, centre) for p in changed) < 300
    # the rest of the picture (another car, the panels) is untouched
    far = [p for p in changed if p[1] > layout.layout_of(obs).caption.y]
    assert far == []


def test_a_label_hides_no_pawn_and_no_loot() -> None:
    lesson, game = _lesson_at("goal")  # the purse in the learner's car, under two pawns; the strongbox by the marshal
    step = current_step(lesson, game)
    assert step is not None
    obs = observe(game, 0)
    targets = step_marks(step, lesson, game)
    assert len(targets) == 2
    img = train_image(obs)
    drawn = draw_pointers(img, obs, targets)
    pieces = obstacles(obs, layout.layout_of(obs).train)
    labels = [label for _, label in drawn if label is not None]
    assert len(labels) == 2
    for label in labels:
        for piece in pieces:
            assert not (label[0] < piece[2] and piece[0] < label[2] and label[1] < piece[3] and piece[1] < label[3])
    assert not (labels[0][0] < labels[1][2] and labels[1][0] < labels[0][2]
                and labels[0][1] < labels[1][3] and labels[1][1] < labels[0][3])


def test_a_target_the_picture_does_not_show_draws_nothing() -> None:
    _, game = _lesson_at("welcome")
    obs = observe(game, 0)
    plain = train_image(obs)
    marked = plain.copy()
    assert draw_pointers(marked, obs, [{"kind": "loot", "loot": "strongbox", "position": "3/in", "label": "x"},
                                       {"kind": "bandit", "name": "belle"}]) == []
    assert _changed(plain, marked) == []


@pytest.mark.parametrize("code", CODES)
def test_a_step_reads_and_draws_in_every_language(code: str) -> None:
    lesson, game = _lesson_at("play-fire")
    step = current_step(lesson, game)
    assert step is not None
    words = language(code)
    line = step_text(step.say, step_fields(step, lesson, game), words)
    assert "{" not in line and words.text("bandit.cheyenne") in line
    img = step_image(observe(game, 0), step_marks(step, lesson, game), translate=words)
    assert img.width == layout.WIDTH


@pytest.mark.parametrize("code", CODES)
def test_an_amount_in_a_step_is_written_as_the_language_writes_money(code: str) -> None:
    play = opponents("prisoners")
    lesson, game = start("prisoners", play)
    while (step := current_step(lesson, game)) is None or step.id != "mail":
        advance(lesson, game, None if step is not None and step.wait == "next" else allowed_answers(lesson, game)[0],
                play)
    words = language(code)
    line = step_text(step.say, step_fields(step, lesson, game), words)
    assert words.money(1200) in line and words.money(200) in line
