"""A whole game in every language: every picture is drawn, and every character drawn has a glyph in
the shipped font (checked against the font's own character map, not by eye)."""

from __future__ import annotations

import random

import pytest

import engine  # noqa: F401  (registers every decision handler)
from engine import new_game, observe
from lang import CODES, english, language
from render import fonts
from render.hand import hand_image
from render.pile import pile_image
from render.play import answered
from render.scoreboard import scoreboard_image
from render.story import action_frames
from render.train import train_image
from tests.render.helpers import PICTURE_KEYS, cmap

CAST = ["ghost", "doc", "tuco", "cheyenne", "belle", "django"]




def _whole_game(code: str, seed: int) -> int:
    """Draw every picture of a seeded random game in ``code``: the train after each action, the
    pile and each player's hand in every planning turn, the scoreboard. Returns the pictures."""
    lang = language(code)
    game = new_game(CAST, seed=seed)
    rng = random.Random(seed)
    pictures = 0
    while game.pending is not None:
        if game.phase in ("planning", "keeping"):
            seat = game.pending.seat
            hand_image(observe(game, seat), translate=lang)
            pile_image(observe(game, seat), translate=lang)
            pictures += 2
        before, after = answered(game, rng.choice(game.pending.options))
        for frame in action_frames(before, after):
            train_image(frame, translate=lang)
            pictures += 1
    scoreboard_image(observe(game, None), translate=lang)
    return pictures + 1


@pytest.mark.parametrize("code", CODES)
def test_a_whole_game_draws_in_every_language_with_real_glyphs(code: str, drawn: list[tuple[str, str]]) -> None:
    pictures = _whole_game(code, seed=61)
    assert pictures > 100
    keys = english().keys
    texts = {text for text, _ in drawn}
    lang = language(code)
    assert lang.text("header.round", n=5, total=5) in texts and lang.text("score.title") in texts
    assert not texts & keys, "a message key was drawn instead of its text"
    assert not any("{" in text for text in texts), "a placeholder was left unfilled"
    missing = {(ch, style) for text, style in drawn for ch in text if ord(ch) not in cmap(style)}
    assert not missing, f"characters without a glyph in {code}: {sorted(missing)}"
    if code != "en":
        english_title = english().text("score.title")
        assert english_title not in texts, "an English word on a translated picture"


@pytest.mark.parametrize("code", CODES)
def test_every_picture_message_has_its_glyphs_in_every_font(code: str) -> None:
    """Events a random game may not reach (a rare station card) are covered here, message by message."""
    lang = language(code)
    keys = [key for key in lang.keys if key.startswith(PICTURE_KEYS)]
    chars = {ch for key in keys for ch in lang.template(key, 1) + lang.template(key, 5)}
    for style in fonts.FILES:
        assert not {ch for ch in chars if ord(ch) not in cmap(style)}, style
