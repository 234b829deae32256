"""Shared helpers for the picture tests: real games played with seeded random answers."""

from __future__ import annotations

import random
from collections.abc import Iterator
from functools import cache
from typing import Any

from fontTools.ttLib import TTFont

import engine  # noqa: F401  (registers every decision handler)
from engine import new_game
from engine.model import Game
from render import fonts
from render.play import random_answers
from render.story import action_frames

# The catalog keys drawn on pictures (the others are the bot's messages).
PICTURE_KEYS = ("bandit.", "initial.", "car.", "position.", "loot.", "action.", "card.", "turn.", "header.", "panel.",
                "pending.", "pile.title", "pile.empty", "pile.count", "hand.", "score.", "caption.", "team.")

CAST = {
    3: ["tuco", "belle", "doc"],
    4: ["ghost", "doc", "tuco", "cheyenne"],
    5: ["django", "ghost", "cheyenne", "belle", "tuco"],
    6: ["ghost", "doc", "tuco", "cheyenne", "belle", "django"],
}


def steps(players: int, seed: int) -> Iterator[tuple[Game, dict[str, Any], dict[str, Any]]]:
    """A whole random game, one answer at a time: (game, public view before, public view after
    with the new events as its log)."""
    game = new_game(CAST[players], seed=seed)
    for before, after in random_answers(game, random.Random(seed)):
        yield game, before, after


def frames(players: int, seed: int) -> list[dict[str, Any]]:
    """Every action picture's observation of a whole random game."""
    out: list[dict[str, Any]] = []
    for _, before, after in steps(players, seed):
        out += action_frames(before, after)
    return out


@cache
def cmap(style: str) -> frozenset[int]:
    """The characters a font style has a glyph for."""
    return frozenset(TTFont(fonts.FONT_DIR / fonts.FILES[style]).getBestCmap())
