"""The action just resolved, marked on the train: paths of moves, shots, punches, loot taken.

``plan`` reads one run of events and the places of the pawns and says what to draw; ``under``
draws what goes behind the pawns (the glow around the bandit who acts), ``over`` the rest. With
Horses & Stagecoach, render.horses.marks marks the expansion's events first, as do a player's two
bandits (render.variants.marks), through render.hooks (a ``Marking`` tells them where things are).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

from PIL import Image, ImageDraw

from render import assets, draw, layout, theme
from render.hooks import HOOKS
from render.layout import PAWN_H, PAWN_W, TrainLayout
from render.text import Translate
from render.theme import RGB

Point = tuple[float, float]
Event = dict[str, Any]


@dataclass(slots=True)
class Plan:
    halos: list[Point] = field(default_factory=list)
    paths: list[tuple[list[Point], RGB, bool]] = field(default_factory=list)  # points, colour, dashed
    fires: list[tuple[Point, Point]] = field(default_factory=list)
    bursts: list[tuple[Point, int, RGB]] = field(default_factory=list)
    fists: list[Point] = field(default_factory=list)
    tokens: list[tuple[Point, str, str]] = field(default_factory=list)  # where, loot kind, "+" / "-"
    rings: list[tuple[Point, int]] = field(default_factory=list)
    crosses: list[Point] = field(default_factory=list)
    punched: dict[str, Point] = field(default_factory=dict)  # where a punched bandit's flight starts
    bubbles: list[tuple[Point, Image.Image, str]] = field(default_factory=list)  # like tokens, any sprite
    sprites: list[tuple[Point, Image.Image]] = field(default_factory=list)  # pasted centred, over the pawns
    gone: list[tuple[Point, Image.Image]] = field(default_factory=list)  # a piece that left: faded, crossed
    ghosts: list[tuple[tuple[int, int], Image.Image]] = field(default_factory=list)  # where a piece stood, faded


@dataclass(slots=True)
class Marking:
    """Where things stand while one run of events is marked: the observation after it, the layout,
    the pawns' corners (the shotgun's under ``layout.SHOTGUN``), and the plan being made."""

    obs: dict[str, Any]
    events: list[Event]
    tl: TrainLayout
    corners: dict[str, tuple[int, int]]
    marshal_corner: tuple[int, int] | None
    plan: Plan
    translate: Translate | None = None  # the reader's language (a pawn's initial is a word)

    def zone_point(self, pos: str) -> Point | None:
        zone = self.tl.zones.get(pos)
        return None if zone is None else (float(layout.zone_centre(zone)[0]), float(layout.zone_centre(zone)[1]))

    def pawn_point(self, name: str) -> Point | None:
        corner = self.corners.get(name)
        return None if corner is None else _centre(corner)

    def before(self, name: str, pos: str) -> Point | None:
        return _before(self.obs, self.tl, name, pos)


def _centre(corner: tuple[int, int]) -> Point:
    return corner[0] + PAWN_W / 2, corner[1] + PAWN_H / 2


def _towards(a: Point, b: Point, by: float) -> Point:
    """``b`` moved ``by`` pixels back towards ``a``."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    n = math.hypot(dx, dy)
    if n <= by:
        return b
    return b[0] - dx / n * by, b[1] - dy / n * by


def _curve(a: Point, b: Point, lift: float) -> list[Point]:
    """From ``a`` to ``b``: straight when nearly vertical, else an arc bowing upwards."""
    if abs(a[0] - b[0]) < PAWN_W * 1.5:
        return [a, b]
    mid = ((a[0] + b[0]) / 2, min(a[1], b[1]) - lift)
    return draw.bezier(a, mid, b, 18)


def plan(obs: dict[str, Any], events: list[Event], tl: TrainLayout, corners: dict[str, tuple[int, int]],
         marshal_corner: tuple[int, int] | None, translate: Translate | None = None) -> Plan:
    p = Plan()
    if not events:
        return p
    zones = tl.zones
    marking = Marking(obs, events, tl, corners, marshal_corner, p, translate)
    zone_point, pawn_point = marking.zone_point, marking.pawn_point

    last_move: dict[str, int] = {}
    first_move: dict[str, int] = {}
    for i, e in enumerate(events):
        if e["type"] == "move":
            last_move[e["bandit"]] = i
            first_move.setdefault(e["bandit"], i)
    # the bandit whose card this is glows
    actor = next((e.get("bandit") for e in events if e["type"] in ("resolve", "fire", "rob", "punch")), None)
    if events[0]["type"] == "resolve" and actor is not None and actor in corners:
        c = pawn_point(actor)
        if c is not None:
            p.halos.append(c)

    for i, e in enumerate(events):
        kind = e["type"]
        if any(mark(marking, i, e) for mark in HOOKS.marks):  # an expansion's event, or one it marks otherwise
            continue
        if kind == "move":
            name = e["bandit"]
            start = p.punched.pop(name, None) if e["how"] == "punch" else None
            if e["how"] == "flee" and marshal_corner is not None:
                # from beside the marshal, who now stands where the bandit met him
                m = _centre(marshal_corner)
                start = (m[0] + PAWN_W * 0.9, m[1])
            if start is None and first_move.get(name) == i:
                start = _before(obs, tl, name, e["at"])
            start = start or zone_point(e["at"])
            end = pawn_point(name) if last_move.get(name) == i else zone_point(e["to"])
            if start is None or end is None:
                continue
            end = _towards(start, end, PAWN_H / 2 + 2) if last_move.get(name) == i else end
            roof = e["to"].endswith("/roof") and e["at"].endswith("/roof")
            # several paths in one action (an event) arc at different heights, so none hides another
            lift = (22 if roof else 30) + 16 * sum(1 for path in p.paths if len(path[0]) > 2)
            colour = theme.bandit_style(name).fill
            p.paths.append((_curve(start, end, lift), colour, False))
        elif kind == "marshal":
            start = zone_point(e["at"])
            end = _centre(marshal_corner) if marshal_corner is not None else zone_point(e["to"])
            if start is not None and end is not None:
                p.paths.append((_curve(start, _towards(start, end, PAWN_H / 2 + 2), 30), theme.MARSHAL_BODY, False))
        elif kind == "fire":
            a = zone_point(e["at"])
            b = zone_point(e["target_at"])
            shooter, target = pawn_point(e["bandit"]), pawn_point(e["target"])
            if shooter is not None and (a is None or e["at"] == obs_at(obs, e["bandit"])):
                a = shooter
            if target is not None and e["target_at"] == obs_at(obs, e["target"]):
                b = target
            if a is not None and b is not None:
                p.fires.append((a, b))
                p.bursts.append((_shoulder(b, a), 24, theme.HIT))
        elif kind == "hit":
            name = e["bandit"]
            where = pawn_point(name)
            if where is not None:
                p.bursts.append(((where[0] + PAWN_W / 2 - 2, where[1] - 4), 22, theme.HIT))
        elif kind == "punch":
            puncher = pawn_point(e["bandit"])
            victim = pawn_point(e["target"]) if obs_at(obs, e["target"]) == e["at"] else None
            knock = next((m for m in events[i:] if m["type"] == "move" and m["bandit"] == e["target"]), None)
            goes = zone_point(knock["to"]) if knock else None
            if puncher is not None and victim is not None:
                # the victim still stands there (where to knock them is being decided): fist on the body
                p.fists.append(_shoulder(victim, puncher, low=True))
            elif puncher is not None:
                side = 1.0 if goes is None or goes[0] >= puncher[0] else -1.0
                p.fists.append((puncher[0] + side * (PAWN_W / 2 + 12), puncher[1] + 8))
                p.punched[e["target"]] = (puncher[0] + side * (PAWN_W / 2 + 12), puncher[1])
        elif kind in ("rob", "take", "ransom", "lose"):
            name = e["bandit"]
            c = pawn_point(name)
            if c is not None:
                p.tokens.append((_above(c, tl, name, obs), e["loot"], "-" if kind == "lose" else "+"))
        elif kind in ("drop", "loot-appears"):
            zone = zones.get(e["at"])
            if zone is not None:
                places = layout.loot_places(zone, layout.loot_counts(obs.get("floor_loot", {}).get(e["at"], ())))
                if e["loot"] in places:
                    x, y = places[e["loot"]]
                    half = zone.loot_icon / 2
                    p.rings.append(((x + half, y + half), zone.loot_icon))
        elif kind == "no-effect":
            c = pawn_point(e["bandit"])
            if c is not None:
                p.crosses.append(_above(c, tl, e["bandit"], obs))
    return p


def _before(obs: dict[str, Any], tl: TrainLayout, name: str, pos: str) -> Point | None:
    """Where ``name`` stood at ``pos`` before leaving it: the slot it had among those still there."""
    zone = tl.zones.get(pos)
    if zone is None:
        return None
    order = [b["name"] for b in obs["bandits"]]
    pieces = [n for n in layout.occupants(obs, tl).get(pos, []) if n in ("", layout.SHOTGUN)]  # marshal, shotgun
    there = pieces + [n for n in order if n == name or obs_at(obs, n) == pos]
    kinds = len(layout.loot_counts(obs.get("floor_loot", {}).get(pos, ()))) if zone.floor == "roof" else 0
    corner = layout.slots(zone, len(there), kinds)[there.index(name)]
    return _centre(corner)


def _above(centre: Point, tl: TrainLayout, name: str, obs: dict[str, Any]) -> Point:
    """Where a sign about a bandit goes: over the head, or beside it when the pawn stands in the
    back row of a crowded place (over it is the header, or a pawn)."""
    zone = tl.zones.get(obs_at(obs, name) or "")
    top = centre[1] - PAWN_H / 2
    if zone is not None and top - 26 < zone.stand.y:
        return centre[0] + PAWN_W / 2 + 12, top + 8
    return centre[0], top - 12


def _shoulder(target: Point, source: Point, low: bool = False) -> Point:
    """Where a shot or a fist lands on a pawn: its side towards the shooter, at the shoulder (or the
    belly, ``low``), so that the head stays visible."""
    side = -1.0 if source[0] < target[0] else 1.0
    return target[0] + side * (PAWN_W / 2 - 3), target[1] + (8 if low else -4)


def obs_at(obs: dict[str, Any], name: str) -> str | None:
    for bandit in obs["bandits"]:
        if bandit["name"] == name:
            return str(bandit["at"])
    return None


def behind(img: Image.Image, p: Plan) -> None:
    """What goes behind everything standing beside the train: where a piece stood before it moved."""
    for corner, sprite in p.ghosts:
        draw.paste(img, sprite, corner)


def under(img: Image.Image, p: Plan) -> None:
    """What goes behind the pawns: the glow of the acting bandit, paths and lines of fire (so that
    no pawn they cross is hidden)."""
    d = ImageDraw.Draw(img)
    for c in p.halos:
        draw.halo(img, c, PAWN_W / 2 + 7, PAWN_H / 2 + 6, theme.ACTOR_HALO)
    for a, b in p.fires:
        draw.arrow(img, [a, _towards(a, b, PAWN_W / 2)], theme.FIRE_LINE, width=4, head=14, dashed=True)
    for points, colour, dashed in p.paths:
        draw.arrow(img, points, colour, width=5, head=15, dashed=dashed)
        x, y = points[0]
        d.ellipse((x - 5, y - 5, x + 5, y + 5), fill=colour, outline=theme.MARK_OUTLINE, width=2)


def over(img: Image.Image, p: Plan) -> None:
    """What goes over the pawns: flashes, hits, fists, loot gained or lost (none on a head)."""
    d = ImageDraw.Draw(img)
    for a, b in p.fires:
        draw.paste_centred(img, assets.burst(18, theme.FIRE_FLASH), _towards(b, a, PAWN_W / 2 + 4))
    for c, size, colour in p.bursts:
        draw.paste_centred(img, assets.burst(size, colour), c)
    for c in p.fists:
        draw.paste_centred(img, assets.fist(30), c)
    for (x, y), size in p.rings:
        r = size * 0.5 + 7
        d.ellipse((x - r, y - r, x + r, y + r), outline=theme.MARK_OUTLINE, width=5)
        d.ellipse((x - r + 1, y - r + 1, x + r - 1, y + r - 1), outline=theme.FIRE_LINE, width=3)
    for (x, y), kind, sign in p.tokens:
        d.ellipse((x - 16, y - 13, x + 16, y + 13), fill=theme.PANEL_BG, outline=theme.MARK_OUTLINE, width=2)
        draw.paste_centred(img, assets.loot(kind, 18), (x - 4, y))
        colour = theme.GAIN if sign == "+" else theme.LOSS
        d.ellipse((x + 6, y - 15, x + 20, y - 1), fill=colour, outline=theme.MARK_OUTLINE, width=1)
        draw.text(img, (x + 13, y - 8), sign if sign == "+" else "−", "bold", 13, theme.BADGE_TEXT, "m")
    for (x, y), sprite, sign in p.bubbles:
        d.ellipse((x - 16, y - 13, x + 16, y + 13), fill=theme.PANEL_BG, outline=theme.MARK_OUTLINE, width=2)
        draw.paste_centred(img, sprite, (x - 4 if sign else x, y))
        if sign:
            colour = theme.GAIN if sign == "+" else theme.LOSS
            d.ellipse((x + 6, y - 15, x + 20, y - 1), fill=colour, outline=theme.MARK_OUTLINE, width=1)
            draw.text(img, (x + 13, y - 8), sign if sign == "+" else "−", "bold", 13, theme.BADGE_TEXT, "m")
    for c, sprite in p.sprites:
        draw.paste_centred(img, sprite, c)
    for c, sprite in p.gone:
        draw.paste_centred(img, assets.faded(sprite, 45), c)
        _cross(d, c, min(sprite.width, sprite.height) / 2)
    for x, y in p.crosses:
        d.ellipse((x - 11, y - 11, x + 11, y + 11), fill=theme.NO_EFFECT, outline=theme.MARK_OUTLINE, width=2)
        d.line((x - 5, y - 5, x + 5, y + 5), fill=theme.BADGE_TEXT, width=3)
        d.line((x - 5, y + 5, x + 5, y - 5), fill=theme.BADGE_TEXT, width=3)


def _cross(d: ImageDraw.ImageDraw, c: Point, r: float) -> None:
    """A red cross over something that leaves the game."""
    x, y = c
    for a, b in (((x - r, y - r), (x + r, y + r)), ((x - r, y + r), (x + r, y - r))):
        d.line((a, b), fill=theme.MARK_OUTLINE, width=6)
        d.line((a, b), fill=theme.LOSS, width=3)
