"""A lesson's pointers over the train picture: a ring around what a step talks about, and a short label.

``draw_pointers(img, obs, targets)`` draws on a train picture of ``obs`` (render.train), where the
picture has put them: a bandit's pawn and the marshal where render.layout places them, a loot kind
where a floor shows it, a position's standing room, a car's body. A target is plain data
(engine.lessons.step_marks): ``{"kind": "bandit", "name": ...}``, ``{"kind": "marshal"}``,
``{"kind": "loot", "loot": ..., "position": ...}``, ``{"kind": "position", "position": ...}``,
``{"kind": "car", "car": n}``, ``{"kind": "shotgun"}`` (Horses & Stagecoach), each with an
optional ``label`` catalog key.

Discord shows the picture about 400 px wide on a phone, 0.4 of its size: the ring is 6 px thick
and the label 28 px bold, 2.4 px and 11 px there. A label sits above its ring (below when the
header is in the way, or beside it), where it hides no pawn, no loot token and no other
label.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from PIL import Image, ImageDraw

from render import draw, fonts, layout, theme
from render import text as txt
from render.layout import PAWN_H, PAWN_W, Rect, TrainLayout
from render.text import Translate

Observation = Mapping[str, Any]
Box = tuple[float, float, float, float]  # x0, y0, x1, y1

LABEL_SIZE = 28
LABEL_PAD_X, LABEL_PAD_Y = 12, 7
RING = 6  # the ring's width; its dark outline is 3 px more each side
MARGIN = 8  # around the thing ringed
BIG = 90  # a thing wider or taller than this (a car, a position) gets a frame, not an ellipse


def target_box(obs: Observation, tl: TrainLayout, target: Mapping[str, Any]) -> Box | None:
    """Where the thing a target names is drawn on the train picture of ``obs``, or None when the
    picture does not show it."""
    kind = target.get("kind")
    if kind in ("bandit", "marshal", "shotgun"):
        corners, marshal_corner = layout.place_pawns(obs, tl)
        name = layout.SHOTGUN if kind == "shotgun" else str(target.get("name"))
        corner = marshal_corner if kind == "marshal" else corners.get(name)
        if corner is None:
            return None
        return corner[0], corner[1], corner[0] + PAWN_W, corner[1] + PAWN_H
    if kind == "loot":
        pos = str(target.get("position"))
        zone = tl.zones.get(pos)
        tokens = (obs.get("floor_loot") or {}).get(pos) or ()
        counts = layout.loot_counts(tokens)
        loot = str(target.get("loot"))
        if zone is None or loot not in counts:
            return None
        x, y = layout.loot_places(zone, counts)[loot]
        return x, y, x + zone.loot_icon + (10 if counts[loot] > 1 else 0), y + zone.loot_icon
    if kind == "position":
        zone = tl.zones.get(str(target.get("position")))
        return None if zone is None else _box(zone.stand)
    if kind == "car":
        car = next((c for c in tl.cars if c.index == target.get("car")), None)
        return None if car is None else _box(car.body)
    return None


def _box(rect: Rect) -> Box:
    return rect.x, rect.y, rect.right, rect.bottom


def _ring(d: ImageDraw.ImageDraw, box: Box, width: int) -> Box:
    """A ring around ``box``: an ellipse round a pawn or a token, a rounded frame round a car or a
    position (an ellipse that wide would cut through the cars beside it); returns its bounds."""
    x0, y0, x1, y1 = box
    if x1 - x0 > BIG or y1 - y0 > BIG:
        bounds = (max(x0 - MARGIN, 2.0), y0 - MARGIN, min(x1 + MARGIN, width - 3.0), y1 + MARGIN)
        d.rounded_rectangle(bounds, radius=14, outline=theme.MARK_OUTLINE, width=RING + 6)
        inner = (bounds[0] + 3, bounds[1] + 3, bounds[2] - 3, bounds[3] - 3)
        d.rounded_rectangle(inner, radius=11, outline=theme.POINTER, width=RING)
        return bounds
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    rx = max((x1 - x0) / 2 * 1.3, 22.0) + MARGIN
    ry = max((y1 - y0) / 2 * 1.15, 22.0) + MARGIN / 2
    bounds = (cx - rx, cy - ry, cx + rx, cy + ry)
    d.ellipse(bounds, outline=theme.MARK_OUTLINE, width=RING + 6)
    d.ellipse((bounds[0] + 3, bounds[1] + 3, bounds[2] - 3, bounds[3] - 3), outline=theme.POINTER, width=RING)
    return bounds


def _overlap(a: Box, b: Box) -> float:
    """The area two boxes share."""
    w = min(a[2], b[2]) - max(a[0], b[0])
    h = min(a[3], b[3]) - max(a[1], b[1])
    return w * h if w > 0 and h > 0 else 0.0


def obstacles(obs: Observation, tl: TrainLayout) -> list[Box]:
    """What a label must not hide: every pawn (the marshal's too) and every loot token on the train."""
    corners, marshal_corner = layout.place_pawns(obs, tl)
    out: list[Box] = [(x, y, x + PAWN_W, y + PAWN_H) for x, y in corners.values()]
    if marshal_corner is not None:
        out.append((marshal_corner[0], marshal_corner[1], marshal_corner[0] + PAWN_W, marshal_corner[1] + PAWN_H))
    for pos, tokens in (obs.get("floor_loot") or {}).items():
        zone = tl.zones.get(pos)
        if zone is None or not tokens:
            continue
        for x, y in layout.loot_places(zone, layout.loot_counts(tokens)).values():
            out.append((x, y, x + zone.loot_icon + 10, y + zone.loot_icon))
    return out


def _label_box(ring: Box, w: float, h: float, bounds: Box, avoid: Sequence[Box]) -> Box:
    """Where a label ``w`` × ``h`` goes: beside its ring (above first, then below, right, left, and
    further out), inside ``bounds``, hiding as little as possible of ``avoid``."""
    cx, cy = (ring[0] + ring[2]) / 2, (ring[1] + ring[3]) / 2
    gap = 12
    spots: list[tuple[float, float]] = []
    for k in range(3):
        out = k * (h + 8)
        spots += [
            (cx - w / 2, ring[1] - gap - h - out),  # above
            (cx - w / 2, ring[3] + gap + out),  # below
            (ring[2] + gap + out, cy - h / 2),  # right
            (ring[0] - gap - w - out, cy - h / 2),  # left
            (ring[2] + gap / 2 + out, ring[1] - h - out),  # above right
            (ring[0] - gap / 2 - w - out, ring[1] - h - out),  # above left
        ]
    best: tuple[float, int, Box] | None = None
    for order, (x, y) in enumerate(spots):
        x = min(max(x, bounds[0]), bounds[2] - w)
        y = min(max(y, bounds[1]), bounds[3] - h)
        box = (x, y, x + w, y + h)
        hidden = sum(_overlap(box, other) for other in avoid) + 4 * _overlap(box, ring)
        if best is None or (hidden, order) < best[:2]:
            best = (hidden, order, box)
        if hidden == 0:
            break
    assert best is not None
    return best[2]


def _edge(ring: Box, towards: tuple[float, float]) -> tuple[float, float]:
    """The point of the ring's ellipse on the way from its centre to ``towards``."""
    cx, cy = (ring[0] + ring[2]) / 2, (ring[1] + ring[3]) / 2
    rx, ry = (ring[2] - ring[0]) / 2, (ring[3] - ring[1]) / 2
    dx, dy = towards[0] - cx, towards[1] - cy
    n = ((dx / rx) ** 2 + (dy / ry) ** 2) ** 0.5
    return (cx, cy) if n == 0 else (cx + dx / n, cy + dy / n)


def _label(img: Image.Image, d: ImageDraw.ImageDraw, box: Box, ring: Box, words: str) -> None:
    # the tail first, from the pill's middle to the ring, so that the pill covers its root
    middle = ((box[0] + box[2]) / 2, (box[1] + box[3]) / 2)
    end = _edge(ring, middle)
    d.line((middle, end), fill=theme.MARK_OUTLINE, width=9)
    d.line((middle, end), fill=theme.POINTER, width=4)
    h = box[3] - box[1]
    d.rounded_rectangle(box, radius=h / 2, fill=theme.POINTER, outline=theme.MARK_OUTLINE, width=3)
    draw.text(img, middle, words, "bold", LABEL_SIZE, theme.POINTER_TEXT, "m")


def draw_pointers(img: Image.Image, obs: Observation, targets: Sequence[Mapping[str, Any]], *,
                  translate: Translate | None = None) -> list[tuple[Box, Box | None]]:
    """Ring each target that the picture shows and write its label; returns each ring's bounds
    and its label's (a target the picture does not show is left out)."""
    lay = layout.layout_of(obs)
    tl = lay.train
    d = ImageDraw.Draw(img)
    placed: list[tuple[Box, Mapping[str, Any]]] = []
    for target in targets:
        box = target_box(obs, tl, target)
        if box is not None:
            placed.append((_ring(d, box, img.width), target))
    # a label hides no piece, no loot, no ring and no other label
    avoid: list[Box] = obstacles(obs, tl) + [ring for ring, _ in placed]
    bounds = (4.0, float(lay.header.bottom + 2), float(img.width - 4), float(tl.top + tl.height - 2))
    drawn: list[tuple[Box, Box | None]] = []
    for ring, target in placed:
        key = target.get("label")
        if not key:
            drawn.append((ring, None))
            continue
        words = txt.t(str(key), translate)
        w = fonts.width(words, "bold", LABEL_SIZE) + 2 * LABEL_PAD_X
        h = LABEL_SIZE + 2 * LABEL_PAD_Y
        box = _label_box(ring, w, h, bounds, [a for a in avoid if a != ring])
        avoid.append(box)
        _label(img, d, box, ring, words)
        drawn.append((ring, box))
    return drawn
