"""Horses & Stagecoach on the train picture: the road beside the train, the stagecoach on it under
the car it faces, the shotgun, the horses beside the cars' numbers, the riders of the horse attack.

The base pictures call these through render.hooks (registered at the end of this module); each
draws only when the observation has a ``stagecoach``, so a game without the expansion draws exactly
as before. Where everything goes is render.layout's (the road, the
stagecoach's box and its positions); this module only draws.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from PIL import Image, ImageDraw

from render import assets, draw, layout, theme
from render import text as txt
from render.hooks import HOOKS
from render.horses import sprites
from render.layout import RIDING, SHOTGUN, Corner, TrainLayout
from render.text import Translate

Observation = dict[str, Any]


def scenery(d: ImageDraw.ImageDraw, tl: TrainLayout) -> None:
    """The road under the car numbers, for the cached base picture: packed earth with two ruts."""
    road = tl.road
    if road is None:
        return
    d.rectangle(road.box(), fill=theme.GROUND)
    top, bottom = road.y + 58, road.bottom - 2
    d.rectangle((0, top, road.right, bottom), fill=theme.ROAD)
    for y in (top + 22, bottom - 14):
        d.rectangle((0, y, road.right, y + 3), fill=theme.ROAD_RUT)
    d.rectangle((0, top, road.right, top + 2), fill=theme.GROUND_DARK)


def coach(img: Image.Image, obs: Observation, tl: TrainLayout, corners: dict[str, Corner],
          translate: Translate | None) -> None:
    """The stagecoach under the car it faces (its pawns and loot are drawn over it)."""
    if tl.coach is None:
        return
    box = tl.coach
    draw.paste(img, sprites.stagecoach(box.at_origin()), (box.box.x, box.roof.y))


def horses(img: Image.Image, obs: Observation, tl: TrainLayout, *, scale: float = 1.0,
           corners: dict[int, Corner] | None = None) -> None:
    """The horses beside the numbers of the cars they stand at (H-3): one horse, and how many when
    several. ``corners`` (car → top-left) and ``scale`` place them elsewhere (the planning picture)."""
    counts = Counter(int(car) for car in obs["stagecoach"].get("horses", ()))
    by_index = {car.index: car for car in tl.cars}
    w, h = round(layout.HORSE_W * scale), round(layout.HORSE_H * scale)
    sprite = sprites.horse(w, h)
    for car, n in counts.items():
        if car not in by_index:
            continue
        x, y = corners[car] if corners is not None else layout.horse_corner(by_index[car])
        draw.paste(img, sprite, (x, y))
        if n > 1:
            draw.badge(img, (x + w - 2, y + 3), str(n), round(12 * scale))


def attacked_car(img: Image.Image, obs: Observation, tl: TrainLayout, translate: Translate | None) -> None:
    """In the horse attack, the number of the wagon the riders have reached, lit (H-2)."""
    attack = obs["stagecoach"].get("attack")
    car = next((c for c in tl.cars if attack and c.index == attack["car"]), None)
    if car is None:
        return
    lab = car.label
    w = 46
    box = (lab.x + (lab.w - w) // 2, lab.y + 1, lab.x + (lab.w + w) // 2, lab.y + lab.h - 1)
    ImageDraw.Draw(img).rounded_rectangle(box, radius=6, fill=theme.TURN_CURRENT, outline=theme.OUTLINE, width=2)
    draw.text(img, (lab.x + lab.w / 2, lab.y + lab.h / 2), txt.car_short(car.index, translate), "bold", 15,
              theme.OUTLINE, "m")


def before_pawns(img: Image.Image, obs: Observation, tl: TrainLayout, corners: dict[str, Corner],
                 translate: Translate | None) -> None:
    """What stands behind the bandits' pawns: the shotgun, where the layout placed him (the
    stagecoach roof, or the roof of its car)."""
    corner = corners.get(SHOTGUN)
    if corner is not None:
        draw.paste(img, sprites.shotgun(), corner)


def after_pawns(img: Image.Image, obs: Observation, tl: TrainLayout, corners: dict[str, Corner],
                translate: Translate | None) -> None:
    """Over the riders' pawns of the horse attack (H-2): each one's horse, in front of their legs
    (a pawn astride); a closed fist over those who have chosen in secret where to stop."""
    if not obs.get("stagecoach"):
        return
    sprite = sprites.horse(layout.RIDER_HORSE_W, layout.RIDER_HORSE_H)
    for bandit in obs["bandits"]:
        corner = corners.get(bandit["name"])
        if bandit["at"] == RIDING and corner is not None:
            draw.paste(img, sprite, (corner[0] + (layout.PAWN_W - sprite.width) // 2, corner[1] + 29))
    attack = obs["stagecoach"].get("attack") or {}
    for name in attack.get("answered", ()):
        corner = corners.get(name)
        if corner is not None:
            draw.paste_centred(img, assets.fist(18), (corner[0] + layout.PAWN_W / 2, corner[1] - 9))


def header(img: Image.Image, obs: Observation, right: int, mid: int) -> None:
    """In the header, left of ``right``: the hostages still free (H-12), as a hostage and a count."""
    if not obs.get("stagecoach"):
        return
    free = len(obs["stagecoach"].get("hostages", ()))
    if not free:
        return
    label = f"×{free}"
    w = draw.text(img, (right, mid), label, "bold", 17, theme.HEADER_TEXT, "r")
    draw.paste(img, sprites.hostage(26), (right - w - 30, mid - 13))


def road(img: Image.Image, obs: Observation, tl: TrainLayout, translate: Translate | None) -> None:
    """Beside the train picture's train: the horses by the cars, the wagon the horse attack reached."""
    if obs.get("stagecoach"):
        horses(img, obs, tl)
        attacked_car(img, obs, tl, translate)


def horses_at(img: Image.Image, obs: Observation, tl: TrainLayout, scale: float,
              corners: dict[int, Corner] | None) -> None:
    """The horses where another picture puts them (the planning picture's shrunk train)."""
    if obs.get("stagecoach"):
        horses(img, obs, tl, scale=scale, corners=corners)


HOOKS.scenery.append(scenery)
HOOKS.header.append(header)
HOOKS.road.append(road)
HOOKS.horses.append(horses_at)
HOOKS.under_loot.append(coach)
HOOKS.before_pawns.append(before_pawns)
HOOKS.after_pawns.append(after_pawns)
