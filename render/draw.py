"""Small drawing helpers shared by the pictures: text, sprites, arrows, badges."""

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence

from PIL import Image, ImageDraw

from render import assets, fonts, theme
from render.theme import RGB

Point = tuple[float, float]


def paste(img: Image.Image, sprite: Image.Image, xy: tuple[int, int]) -> None:
    """Paste an RGBA sprite at its top-left corner ``xy``, blending its edges."""
    img.paste(sprite, (int(xy[0]), int(xy[1])), sprite)


def paste_centred(img: Image.Image, sprite: Image.Image, centre: tuple[float, float]) -> None:
    paste(img, sprite, (round(centre[0] - sprite.width / 2), round(centre[1] - sprite.height / 2)))


def text(img: Image.Image, xy: tuple[float, float], s: str, style: str, size: int, colour: RGB,
         anchor: str = "l") -> int:
    """Write ``s`` with its visual middle on ``xy[1]``; ``anchor`` l, m or r says what ``xy[0]`` is.
    Returns the text's width."""
    if not s:
        return 0
    sprite, mid = fonts.sprite(s, style, size, colour)
    w = sprite.width - 2
    x = xy[0] - (w / 2 if anchor == "m" else w if anchor == "r" else 0)
    paste(img, sprite, (round(x) - 1, round(xy[1]) - mid))
    return w


def badge(img: Image.Image, centre: tuple[float, float], label: str, size: int = 13) -> None:
    """A small dark pill with a white number (a count on a token)."""
    w = fonts.width(label, "bold", size) + 8
    h = size + 5
    x, y = centre[0] - w / 2, centre[1] - h / 2
    ImageDraw.Draw(img).rounded_rectangle((x, y, x + w, y + h), radius=h // 2, fill=theme.BADGE_BG,
                                          outline=theme.BADGE_TEXT, width=1)
    text(img, (centre[0], centre[1]), label, "bold", size, theme.BADGE_TEXT, "m")


def bezier(p0: Point, p1: Point, p2: Point, steps: int = 16) -> list[Point]:
    """Points along the quadratic curve from ``p0`` to ``p2`` pulled towards ``p1``."""
    out = []
    for i in range(steps + 1):
        t = i / steps
        a, b, c = (1 - t) ** 2, 2 * (1 - t) * t, t * t
        out.append((a * p0[0] + b * p1[0] + c * p2[0], a * p0[1] + b * p1[1] + c * p2[1]))
    return out


def arrow(img: Image.Image, points: Sequence[Point], colour: RGB, width: int = 5, head: float = 14,
          outline: RGB | None = theme.MARK_OUTLINE, dashed: bool = False) -> None:
    """A thick polyline ending in an arrow head, with a dark outline for contrast on any ground."""
    if len(points) < 2:
        return
    d = ImageDraw.Draw(img)
    (x1, y1), (x2, y2) = points[-2], points[-1]
    angle = math.atan2(y2 - y1, x2 - x1)
    # stop the shaft inside the head so that its square end does not show past the tip
    back = (x2 - head * 0.6 * math.cos(angle), y2 - head * 0.6 * math.sin(angle))
    shaft = [*points[:-1], back]
    tip = [(x2, y2),
           (x2 + head * math.cos(angle + 2.6), y2 + head * math.sin(angle + 2.6)),
           (x2 + head * math.cos(angle - 2.6), y2 + head * math.sin(angle - 2.6))]
    segments = _dashes(shaft, 12, 7) if dashed else [shaft]
    if outline is not None:
        for seg in segments:
            d.line(seg, fill=outline, width=width + 4, joint="curve")
        d.polygon(_grow(tip, 2.5), fill=outline)
    for seg in segments:
        d.line(seg, fill=colour, width=width, joint="curve")
    d.polygon(tip, fill=colour)


def _grow(triangle: list[Point], by: float) -> list[Point]:
    cx = sum(p[0] for p in triangle) / 3
    cy = sum(p[1] for p in triangle) / 3
    out = []
    for x, y in triangle:
        dx, dy = x - cx, y - cy
        n = math.hypot(dx, dy) or 1.0
        out.append((x + dx / n * by * 1.6, y + dy / n * by * 1.6))
    return out


def _dashes(points: Sequence[Point], on: float, off: float) -> list[list[Point]]:
    """The polyline cut into dashes ``on`` long with gaps ``off``."""
    out: list[list[Point]] = []
    current: list[Point] = [points[0]]
    drawing, left = True, on
    for (x1, y1), (x2, y2) in itertools.pairwise(points):
        seg = math.hypot(x2 - x1, y2 - y1)
        pos = 0.0
        while seg - pos > left:
            pos += left
            p = (x1 + (x2 - x1) * pos / seg, y1 + (y2 - y1) * pos / seg)
            if drawing:
                current.append(p)
                out.append(current)
            current = [p]
            drawing = not drawing
            left = on if drawing else off
        left -= seg - pos
        if drawing:
            current.append((x2, y2))
        else:
            current = [(x2, y2)]
    if drawing and len(current) > 1:
        out.append(current)
    return out


def halo(img: Image.Image, centre: Point, rx: float, ry: float, colour: tuple[int, int, int, int]) -> None:
    """A soft glow behind a pawn (the bandit whose action this is)."""
    x, y = centre
    d = ImageDraw.Draw(img)
    d.ellipse((x - rx, y - ry, x + rx, y + ry), fill=colour[:3])
    d.ellipse((x - rx, y - ry, x + rx, y + ry), outline=theme.darker(colour[:3], 0.3), width=2)


def loot_group(img: Image.Image, kind: str, count: int, x: int, y: int, size: int) -> int:
    """``count`` tokens of ``kind`` from (x, y): the token once, with a count badge when several.
    Returns the width used."""
    icon = assets.loot(kind, size)
    paste(img, icon, (x, y))
    if count > 1:
        badge(img, (x + size - 1, y + size - 3), str(count), 14 if size >= 20 else 12)
        return size + 10
    return size
