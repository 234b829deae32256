"""Horses & Stagecoach's sprites, drawn once and kept as render.assets keeps the base game's:
pictures only paste them (never draw on a cached one).

Importing this module registers the hostage's icon (the base panels and final count show it, H-12)
and the sprites drawn at start-up with render.hooks.
"""

from __future__ import annotations

from functools import cache

from PIL import Image

from render import layout
from render.hooks import HOOKS
from render.horses import art


@cache
def horse(w: int = layout.HORSE_W, h: int = layout.HORSE_H) -> Image.Image:
    return art.horse(w, h)


@cache
def shotgun() -> Image.Image:
    return art.shotgun(layout.PAWN_W, layout.PAWN_H, layout.HEAD_D)


@cache
def stagecoach(box: layout.CoachBox) -> Image.Image:
    """The stagecoach's sprite for a box at the origin (``CoachBox.at_origin``)."""
    return art.stagecoach(box)


@cache
def hostage(size: int) -> Image.Image:
    return art.hostage(size)


def preload() -> None:
    """The sprites every picture with the expansion pastes: the shotgun, the horses by the cars and
    under the riders."""
    shotgun()
    horse()
    horse(layout.RIDER_HORSE_W, layout.RIDER_HORSE_H)


HOOKS.icons["hostage"] = hostage
HOOKS.preload.append(preload)
