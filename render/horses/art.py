"""The art of Horses & Stagecoach, drawn by code like the base game's (render.icons): the horse, the
shotgun, the stagecoach, the flasks and the hostage.

Importing this module adds the flasks to ``icons.LOOT_PAINTERS``, so that they lie on floors and
sit in panels like any loot (its package imports it, and render imports the package).
"""

from __future__ import annotations

import math
from collections.abc import Callable

from PIL import Image, ImageDraw, ImageFilter

from render import icons, layout, theme
from render.icons import SS, _box, _meeple, _pts, supersampled
from render.theme import RGB

Point = tuple[float, float]


def _outlined(w: int, h: int, paint: icons.Painter, thickness: float = 1.3) -> Image.Image:
    """A sprite painted without outlines, then given one dark outline around its whole silhouette
    (a horse is many overlapping shapes: outlining each would draw lines across its body)."""
    big = Image.new("RGBA", (w * SS, h * SS), (0, 0, 0, 0))
    paint(ImageDraw.Draw(big), float(SS))
    grow = 2 * round(thickness * SS) + 1
    silhouette = big.getchannel("A").filter(ImageFilter.MaxFilter(grow))
    out = Image.new("RGBA", big.size, (*theme.OUTLINE, 0))
    out.putalpha(silhouette)
    out.alpha_composite(big)
    return out.resize((w, h), Image.Resampling.LANCZOS)


# --- the horse -----------------------------------------------------------------------------------

def _horse_shapes(d: ImageDraw.ImageDraw, u: float, k: float, coat: RGB, mane: RGB) -> None:
    """A horse seen from the side, facing the locomotive (left), drawn for a 40×30 box scaled by
    ``k``."""

    def p(points: list[Point]) -> list[tuple[float, float]]:
        return _pts([(x * k, y * k) for x, y in points], u)

    def b(x0: float, y0: float, x1: float, y1: float) -> tuple[float, float, float, float]:
        return _box(x0 * k, y0 * k, x1 * k, y1 * k, u)

    for x0, top in ((11.5, 17), (15.5, 17), (27, 17), (30.5, 16)):  # legs, hooves dark
        d.rounded_rectangle(b(x0, top, x0 + 2.8, 28.5), radius=0.8 * k * u, fill=coat)
        d.rectangle(b(x0, 26.8, x0 + 2.8, 28.8), fill=mane)
    d.ellipse(b(9.5, 8.5, 35, 21), fill=coat)  # body
    d.polygon(p([(11, 14), (5.5, 3.5), (10.5, 1.2), (18, 11)]), fill=coat)  # neck
    d.polygon(p([(6.5, 2.2), (1, 7.5), (2.2, 10.5), (5.2, 10), (10.5, 4.5)]), fill=coat)  # head
    d.polygon(p([(8.2, 2.6), (9.4, -0.6), (10.6, 2.4)]), fill=coat)  # ear
    d.polygon(p([(34, 11), (39.5, 17), (38.5, 24), (36.5, 23.5), (35.5, 15)]), fill=mane)  # tail
    d.line(p([(10.5, 1.5), (13.5, 5), (16.5, 9.5)]), fill=mane, width=max(1, int(2.2 * k * u)))  # mane
    d.ellipse(b(4.6, 4.6, 6.2, 6.2), fill=theme.OUTLINE)  # eye


def horse(w: int, h: int) -> Image.Image:
    """A horse: the pieces standing beside the train (H-3), and the riders' mounts."""

    def paint(d: ImageDraw.ImageDraw, u: float) -> None:
        _horse_shapes(d, u, min(w / 40, h / 30), theme.HORSE, theme.HORSE_MANE)

    return _outlined(w, h, paint)


# --- the shotgun ---------------------------------------------------------------------------------

def shotgun(w: int, h: int, head_d: int) -> Image.Image:
    """The shotgun: an olive pawn in a bowler hat, his long gun across his chest."""

    def paint(d: ImageDraw.ImageDraw, u: float) -> None:
        _meeple(d, u, w, h, head_d, theme.SHOTGUN_BODY)
        cx = w / 2
        # bowler hat: a round crown on a narrow brim
        d.chord(_box(cx - 6.5, -1.5, cx + 6.5, head_d * 0.62, u), 180, 360, fill=theme.SHOTGUN_GUN)
        d.rounded_rectangle(_box(cx - 9.5, head_d * 0.26, cx + 9.5, head_d * 0.26 + 2.6, u), radius=u,
                            fill=theme.SHOTGUN_GUN)
        # the gun: stock low on the left, two barrels up past the right shoulder
        gun = [(3.5, h * 0.80), (w - 1.5, head_d - 1.5)]
        d.line(_pts(gun, u), fill=theme.OUTLINE, width=int(5.2 * u))
        d.line(_pts(gun, u), fill=theme.SHOTGUN_GUN, width=int(3.2 * u))
        d.polygon(_pts([(2, h * 0.74), (9, h * 0.70), (8, h * 0.84), (2.5, h * 0.90)], u), fill=theme.HORSE_MANE,
                  outline=theme.OUTLINE, width=int(0.9 * u))

    return supersampled(w, h, paint)


# --- the stagecoach ------------------------------------------------------------------------------

def stagecoach(c: layout.CoachBox) -> Image.Image:
    """The stagecoach of ``c`` (a box at the origin, ``CoachBox.at_origin``), from its roof band down
    to its wheels, facing left, its lit inside where the layout puts the pawns inside it. Pasted at
    the top of its roof band."""
    top = c.roof.y
    w, h = c.box.w, c.box.bottom - top

    def paint(d: ImageDraw.ImageDraw, u: float) -> None:
        o = theme.OUTLINE
        lw = int(2 * u)

        def y(v: float) -> float:
            return v - top

        body, inside, floor, roof = c.body, c.inside, c.floor, c.roof
        # the body: a box over a belly that narrows towards the wheels, a lamp at the front
        belly: list[Point] = [(body.x + 2, y(inside.bottom) - 4), (body.right - 2, y(inside.bottom) - 4),
                 (body.right - 16, y(floor.bottom)), (body.x + 16, y(floor.bottom))]
        d.polygon(_pts(belly, u), fill=theme.COACH_TRIM, outline=o, width=lw)
        d.line(_pts([(body.x + 8, y(floor.y) + 5), (body.right - 8, y(floor.y) + 5)], u), fill=theme.LOCO_BRASS,
               width=int(2.4 * u))
        d.rounded_rectangle(_box(body.x + 2, y(roof.y + 3), body.right - 2, y(inside.bottom + 2), u), radius=7 * u,
                            fill=theme.COACH_BODY, outline=o, width=lw)
        d.rounded_rectangle(_box(inside.x, y(inside.y), inside.right, y(inside.bottom), u), radius=5 * u,
                            fill=theme.WAGON_INSIDE, outline=theme.COACH_TRIM, width=lw)
        d.rectangle(_box(inside.x + 2, y(inside.y + 2), inside.right - 2, y(inside.y + 6), u), fill=theme.WAGON_WINDOW)
        # the roof band with the luggage rail's posts
        for px in (roof.x + 3, roof.right - 6):
            d.rectangle(_box(px, y(roof.y) - 5, px + 3, y(roof.y) + 1, u), fill=theme.LOCO_BRASS, outline=o,
                        width=int(0.8 * u))
        d.rounded_rectangle(_box(roof.x, y(roof.y), roof.right, y(roof.bottom), u), radius=3 * u,
                            fill=theme.COACH_TRIM, outline=o, width=lw)
        d.line(_pts([(roof.x + 6, y(roof.y) + 2.5), (roof.right - 6, y(roof.y) + 2.5)], u), fill=theme.LOCO_BRASS,
               width=int(1.6 * u))
        lamp_y = y(inside.y + 12)
        d.rectangle(_box(body.x - 3, lamp_y - 1, body.x + 3, lamp_y + 1, u), fill=o)
        d.ellipse(_box(body.x - 9, lamp_y - 5, body.x - 2, lamp_y + 5, u), fill=theme.LOCO_BRASS, outline=o,
                  width=int(1.2 * u))
        # two big spoked wheels at the belly's ends
        r = layout.COACH_WHEEL_R
        for wx in (body.x + 2 + r, body.right - 2 - r):
            wy = y(c.wheel_y)
            d.ellipse(_box(wx - r, wy - r, wx + r, wy + r, u), fill=theme.LOCO_BRASS, outline=o, width=lw)
            d.ellipse(_box(wx - r + 3, wy - r + 3, wx + r - 3, wy + r - 3, u), fill=theme.COACH_TRIM)
            for a in range(0, 180, 30):
                dx, dy = math.cos(math.radians(a)) * (r - 3), math.sin(math.radians(a)) * (r - 3)
                d.line(_pts([(wx - dx, wy - dy), (wx + dx, wy + dy)], u), fill=theme.LOCO_BRASS, width=int(1.4 * u))
            d.ellipse(_box(wx - 3, wy - 3, wx + 3, wy + 3, u), fill=theme.LOCO_BRASS, outline=o, width=int(u))

    return supersampled(w, h, paint)


# --- flasks (H-13) -------------------------------------------------------------------------------

def _flask(full: bool, old: bool) -> Callable[[int], Image.Image]:
    """A hip flask with a window on its liquid: full or half-drunk; old whiskey darker, with a
    gold star (only its holder ever sees a full one: full flasks lie face down)."""

    def painter(s: int) -> Image.Image:
        def paint(d: ImageDraw.ImageDraw, u: float) -> None:
            o = theme.OUTLINE
            lw = max(1, int(1.2 * u))
            d.rounded_rectangle(_box(s * 0.34, s * 0.02, s * 0.66, s * 0.16, u), radius=u,
                                fill=theme.GOLD if old else theme.SHOTGUN_GUN, outline=o, width=lw)
            d.rectangle(_box(s * 0.40, s * 0.14, s * 0.60, s * 0.26, u), fill=theme.FLASK_METAL, outline=o, width=lw)
            d.rounded_rectangle(_box(s * 0.14, s * 0.24, s * 0.86, s * 0.98, u), radius=s * 0.18 * u,
                                fill=theme.FLASK_METAL, outline=o, width=lw)
            window = (s * 0.25, s * 0.35, s * 0.75, s * 0.88)
            d.rounded_rectangle(_box(*window, u), radius=s * 0.1 * u, fill=theme.PANEL_BG)
            level = window[1] if full else (window[1] + window[3]) / 2
            liquid = theme.OLD_WHISKEY if old else theme.WHISKEY
            d.rounded_rectangle(_box(window[0], level, window[2], window[3], u), radius=s * 0.1 * u, fill=liquid)
            if not full:  # the level line of a half-drunk flask
                d.line(_pts([(window[0], level), (window[2], level)], u), fill=o, width=max(1, int(0.9 * u)))
            d.rounded_rectangle(_box(*window, u), radius=s * 0.1 * u, outline=o, width=max(1, int(0.9 * u)))
            if old:
                cy = (window[1] + level) / 2 if not full else (window[1] + window[3]) / 2
                icons._star(d, u, s * 0.5, cy + s * 0.02, s * 0.17, theme.GOLD)

        return supersampled(s, s, paint)

    return painter


FLASKS: dict[str, Callable[[int], Image.Image]] = {
    "whiskey": _flask(full=True, old=False),
    "old-whiskey": _flask(full=True, old=True),
    "whiskey-half": _flask(full=False, old=False),
    "old-whiskey-half": _flask(full=False, old=True),
}
icons.LOOT_PAINTERS.update(FLASKS)


# --- the hostage (H-12) --------------------------------------------------------------------------

def hostage(s: int) -> Image.Image:
    """A hostage, ``s`` tall: a passenger (a pale pawn), a rope around the waist."""
    w = round(s * 0.8)

    def paint(d: ImageDraw.ImageDraw, u: float) -> None:
        _meeple(d, u, w, s, s * 0.4, theme.CARD_FACE)
        rope = max(1, int(s * 0.10 * u))
        for y0, y1 in ((0.64, 0.58), (0.77, 0.71)):
            line = _pts([(0.5, s * y0), (w - 0.5, s * y1)], u)
            d.line(line, fill=theme.OUTLINE, width=rope + int(1.6 * u))
            d.line(line, fill=theme.HOSTAGE_ROPE, width=rope)

    return supersampled(w, s, paint)
