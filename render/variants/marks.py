"""A player's two bandits marked on the train picture (render.marks draws the plan): while players
place their bandits in secret (V-2.4, V-3.5) the two wagons they go to are outlined, empty; at the
reveal each bandit drops into its wagon, an arrow from above the roof in its colour.

Importing this module registers ``mark`` with render.hooks (render/__init__.py imports its package).
"""

from __future__ import annotations

from functools import cache
from typing import Any

from PIL import Image, ImageDraw

from render import draw, theme
from render.hooks import HOOKS
from render.layout import PAWN_H
from render.marks import Marking

Event = dict[str, Any]
PLACEMENT = "placement"


def mark(m: Marking, i: int, e: Event) -> bool:
    """Mark event ``i`` if it is one of a player's placement; True when the base marks must leave
    it alone."""
    if e["type"] == "placed":
        _wagons(m)
        return True
    if e["type"] == "move" and e.get("how") == PLACEMENT:
        _drop(m, e)
        return True
    return False


def _wagons(m: Marking) -> None:
    """The caboose and the wagon in front: where the bandits will stand, not who where."""
    wagons = sorted(c.index for c in m.tl.cars if c.kind != "locomotive")
    for car in wagons[-2:]:
        zone = m.tl.zones.get(f"{car}/in")
        if zone is not None:
            r = zone.stand
            m.plan.sprites.append(((r.x + r.w / 2, r.y + r.h / 2), _outline(r.w - 8, r.h - 8)))


@cache
def _outline(w: int, h: int) -> Image.Image:
    """A dashed amber frame with a question mark: a place still secret."""
    img = Image.new("RGBA", (w, h), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    colour = (*theme.CARD_NEXT, 255)
    dash, gap = 10, 7
    for x in range(6, w - 6, dash + gap):
        for y in (2, h - 3):
            d.line((x, y, min(x + dash, w - 6), y), fill=colour, width=3)
    for y in range(6, h - 6, dash + gap):
        for x in (2, w - 3):
            d.line((x, y, x, min(y + dash, h - 6)), fill=colour, width=3)
    draw.text(img, (w / 2, h / 2), "?", "bold", 34, theme.CARD_NEXT, "m")
    return img


def _drop(m: Marking, e: Event) -> None:
    """The bandit drops into its wagon: an arrow from above the roof down to its head."""
    name = e["bandit"]
    end = m.pawn_point(name)
    zone = m.tl.zones.get(str(e["to"]).replace("/in", "/roof"))
    if end is None or zone is None:
        return
    start = (end[0], float(zone.stand.y + 10))
    head = (end[0], end[1] - PAWN_H / 2 - 2)
    m.plan.paths.append(([start, head], theme.bandit_style(name).fill, False))


HOOKS.marks.append(mark)
