"""Horses & Stagecoach's events marked on the train picture (render.marks draws the plan).

A Ride is a path that dips to the road and runs along it, a horse at its lowest point (a base move
arcs over the roofs); the horse attack's riders jump from the road into their wagon, and those who
ride on are pushed one car forward; an escape runs off the right edge; the stagecoach's move leaves
a faded stagecoach where it stood and an arrow to where it stands; the shotgun punched leaves a fist
where he stood and a dashed path to his roof; his shots are lines of fire; a hostage taken, a flask
drunk and the Poodle's bullet are bubbles over the bandit; horses and flasks leaving the game are
crossed out.

Importing this module registers ``mark`` with render.hooks (render/__init__.py imports its package).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from typing import Any

from PIL import Image, ImageOps

from render import assets, draw, layout, marks, text, theme
from render.hooks import HOOKS
from render.horses import sprites
from render.layout import PAWN_H, PAWN_W, RIDING, SHOTGUN
from render.marks import Marking, Point

Event = dict[str, Any]


def mark(m: Marking, i: int, e: Event) -> bool:
    """Mark event ``i`` if it is the expansion's (or a base one it shows otherwise); True when the
    base marks must leave it alone."""
    if not m.obs.get("stagecoach"):
        return False
    handler = HANDLERS.get(e["type"])
    return handler(m, i, e) if handler is not None else False


# --- moves: Ride (H-3), the horse attack (H-2) ----------------------------------------------------


def _move(m: Marking, i: int, e: Event) -> bool:
    if e["how"] == "ride":
        _ride(m, i, e)
        return True
    if e["how"] == "horse-attack":
        _board(m, i, e)
        return True
    return False


def _last_move(m: Marking, i: int, name: str) -> bool:
    return not any(x["type"] == "move" and x["bandit"] == name for x in m.events[i + 1:])


def _end(m: Marking, i: int, e: Event, start: Point) -> Point | None:
    end = m.pawn_point(e["bandit"]) if _last_move(m, i, e["bandit"]) else m.zone_point(e["to"])
    return None if end is None else marks._towards(start, end, PAWN_H / 2 + 2)


def _road_y(m: Marking) -> float:
    assert m.tl.road is not None
    return m.tl.road.y + 12.0


def _along_road(start: Point, end: Point, y: float) -> list[Point]:
    """From ``start`` down to the road, along it, and up to ``end``: a ride, not a walk."""
    mid = ((start[0] + end[0]) / 2, y)
    return draw.bezier(start, (start[0], y), mid, 12) + draw.bezier(mid, (end[0], y), end, 12)[1:]


def _ride(m: Marking, i: int, e: Event) -> None:
    name = e["bandit"]
    start = m.before(name, e["at"]) or m.zone_point(e["at"])
    end = _end(m, i, e, start) if start is not None else None
    if start is None or end is None:
        return
    y = _road_y(m)
    m.plan.paths.append((_along_road(start, end, y), theme.bandit_style(name).fill, False))
    m.plan.sprites.append((((start[0] + end[0]) / 2, y - 2), sprites.horse()))


def _riders_before(m: Marking, reveal: Event) -> list[str]:
    riders = {*reveal["stop"], *reveal["ride"]}
    return [b["name"] for b in sorted(m.obs["bandits"], key=lambda b: b["seat"]) if b["name"] in riders]


def _board(m: Marking, i: int, e: Event) -> None:
    """A rider jumps into the wagon: from where the riders were on the road, up into it."""
    name, car = e["bandit"], int(e["to"].partition("/")[0])
    reveal = next((r for r in m.events[:i] if r["type"] == "attack-reveal" and name in r["stop"]), None)
    if reveal is not None:
        riders = _riders_before(m, reveal)
    else:  # placed without a reveal (the front wagon, or a lone rider's choice): from beside that wagon
        riders = [x["bandit"] for x in m.events if x["type"] == "move" and x["how"] == "horse-attack"]
    zone = layout.riding_zone(m.tl, int(reveal["car"]) if reveal else car)
    start = marks._centre(layout.slots(zone, len(riders))[riders.index(name)])
    end = _end(m, i, e, start)
    if end is not None:
        m.plan.paths.append((draw.bezier(start, (start[0], end[1]), end, 14), theme.bandit_style(name).fill, False))


def _attack_reveal(m: Marking, i: int, e: Event) -> bool:
    """Those who ride on go one car forward: an arrow on the road from where they were."""
    here = m.tl.zones.get(RIDING)
    if not e["ride"] or here is None:
        return True
    before = layout.riding_zone(m.tl, int(e["car"]))
    y = before.stand.y + before.stand.h / 2 + 4
    start = (before.stand.x + before.stand.w / 2, y)
    end = (here.stand.x + here.stand.w / 2, y)
    m.plan.paths.append(([start, end], theme.HORSE, True))
    return True


def _attack_choice(m: Marking, i: int, e: Event) -> bool:
    where = m.pawn_point(e["bandit"])
    if where is not None:
        m.plan.halos.append(where)
    return True


@cache
def _riding_away() -> Image.Image:
    return ImageOps.mirror(sprites.horse(layout.RIDER_HORSE_W, layout.RIDER_HORSE_H))


def _escape(m: Marking, i: int, e: Event) -> bool:
    """Off the board for good: along the road and out of the picture, on a horse."""
    name = e["bandit"]
    start = m.before(name, e["at"]) or m.zone_point(e["at"])
    if start is None or m.tl.road is None:
        return True
    y = _road_y(m) + 20
    end = (m.tl.road.right - 8.0, y)
    m.plan.paths.append((draw.bezier(start, (start[0], y), end, 18), theme.bandit_style(name).fill, False))
    horse = (end[0] - 44, y + 4)
    m.plan.sprites.append(((horse[0], horse[1] - 27), assets.pawn(name, text.initial(name, m.translate))))
    m.plan.sprites.append((horse, _riding_away()))
    return True


# --- the stagecoach, the shotgun (H-10, H-11) -----------------------------------------------------


def _ghost_coach(m: Marking, car: int) -> None:
    """The stagecoach faded where it stood, and an arrow across its inside to where it stands."""
    now = m.tl.coach
    if now is None or car < 0:
        return
    was = layout.coach_at(m.tl, car)
    m.plan.ghosts.append(((was.box.x, was.roof.y), assets.faded(sprites.stagecoach(was.at_origin()), 40)))
    y = was.inside.y + was.inside.h / 2
    m.plan.paths.append(([(was.box.x + was.box.w / 2, y), (now.box.x + now.box.w / 2 + 6, y)], theme.COACH_BODY,
                         False))


def _shotgun_follows(m: Marking, car: int) -> None:
    """The shotgun on the train goes with the stagecoach, from the roof he stood on."""
    start, end = m.zone_point(f"{car}/roof"), m.pawn_point(SHOTGUN)
    if m.obs["stagecoach"].get("shotgun") is not None and start is not None and end is not None:
        m.plan.paths.append((marks._curve(start, marks._towards(start, end, PAWN_H / 2 + 2), 24),
                             theme.SHOTGUN_BODY, True))


def _stagecoach(m: Marking, i: int, e: Event) -> bool:
    car = int(e["to_car"])
    _ghost_coach(m, car - 1)
    _shotgun_follows(m, car - 1)
    return True


def _higher_speed(m: Marking, i: int, e: Event) -> bool:
    """Everything one car back, but what was at the caboose already: where the stagecoach stands
    now tells where it stood unless it is at the caboose."""
    car = int(e["stagecoach"])
    if car < m.tl.cars[-1].index:
        _ghost_coach(m, car - 1)
        _shotgun_follows(m, car - 1)
    return True


def _punch(m: Marking, i: int, e: Event) -> bool:
    """The shotgun punched on the stagecoach roof: a fist beside the puncher, where he stood (first
    in his place, so on the puncher's left)."""
    if e["target"] != SHOTGUN:
        return False
    puncher = m.pawn_point(e["bandit"])
    if puncher is not None:
        m.plan.fists.append((puncher[0] - PAWN_W / 2 - 12, puncher[1] + 8))
        m.plan.punched[SHOTGUN] = (puncher[0] - PAWN_W - 4, puncher[1])
    return True


def _shotgun(m: Marking, i: int, e: Event) -> bool:
    start = m.plan.punched.pop(SHOTGUN, None) or m.zone_point(e["at"])
    end = m.pawn_point(SHOTGUN)
    if start is not None and end is not None:
        m.plan.paths.append((marks._curve(start, marks._towards(start, end, PAWN_H / 2 + 2), 30),
                             theme.SHOTGUN_BODY, True))
    return True


def _hit(m: Marking, i: int, e: Event) -> bool:
    """The shotgun's shots: a line of fire from him (the base marks add the hit)."""
    flees = any(x["type"] == "move" and x["bandit"] == e["bandit"] for x in m.events[i + 1:])
    if e.get("cause") in ("shotgun", "shotguns-rage") and not flees:  # a flight's path shows where he went
        shooter, target = m.pawn_point(SHOTGUN), m.pawn_point(e["bandit"])
        if shooter is not None and target is not None and shooter != target:
            m.plan.fires.append((shooter, target))
    return False


# --- hostages, flasks, the Poodle, horses leaving (H-12, H-13, H-22) -------------------------------


def _bubble(m: Marking, name: str, sprite: Image.Image, sign: str) -> None:
    where = m.pawn_point(name)
    if where is not None:
        m.plan.bubbles.append((marks._above(where, m.tl, name, m.obs), sprite, sign))


def _hostage(m: Marking, i: int, e: Event) -> bool:
    _bubble(m, e["bandit"], sprites.hostage(20), "+")
    return True


def _drink(m: Marking, i: int, e: Event) -> bool:
    _bubble(m, e["bandit"], assets.loot(f"{e['flask']}-half", 18), "")
    return True


def _poodle(m: Marking, i: int, e: Event) -> bool:
    _bubble(m, e["bandit"], assets.symbol("bullet", 16, theme.CARD_BULLET_NEUTRAL), "+")
    return True


def _horses_gone(m: Marking, i: int, e: Event) -> bool:
    by_index = {car.index: car for car in m.tl.cars}
    sprite = sprites.horse()
    for n, car in enumerate(e["cars"]):
        if int(car) in by_index:
            x, y = layout.horse_corner(by_index[int(car)])
            m.plan.gone.append(((x + sprite.width / 2 + 20 * n, y + sprite.height / 2 + 26), sprite))
    return True


def _marshal_drinks(m: Marking, i: int, e: Event) -> bool:
    zone = m.tl.zones.get(e["at"])
    if zone is not None:
        sprite = assets.loot("whiskey", zone.loot_icon)
        for n in range(int(e["flasks"])):
            m.plan.gone.append(((zone.loot.right - sprite.width / 2 - n * (sprite.width + 6),
                                 zone.loot.y + sprite.height / 2), sprite))
    return True


def _marshal(m: Marking, i: int, e: Event) -> bool:
    """After his drink the marshal staggers car by car: one path, from where he drank to where he
    ends."""
    if e["how"] != "a-shot-for-the-marshal":
        return False
    if any(x["type"] == "marshal" and x["how"] == e["how"] for x in m.events[:i]):
        return True
    start = m.zone_point(e["at"])
    if start is not None and m.marshal_corner is not None:
        end = marks._towards(start, marks._centre(m.marshal_corner), PAWN_H / 2 + 2)
        m.plan.paths.append((marks._curve(start, end, 30), theme.MARSHAL_BODY, False))
    return True


MELEE_CARD = (30, 43)


def _melee_reveal(m: Marking, i: int, e: Event) -> bool:
    """The Mêlée's cards shown together (H-20): each over its owner's head, as the pile shows them."""
    w, h = MELEE_CARD
    for shown in e["cards"]:
        owner, _, action = str(shown["card"]).partition(":")
        where = m.pawn_point(owner)
        zone = m.tl.zones.get(marks.obs_at(m.obs, owner) or "")
        if where is None or zone is None:
            continue
        top = where[1] - PAWN_H / 2
        centre = (where[0], top - h / 2 - 3)
        if centre[1] - h / 2 < zone.stand.y - 6:  # no room over the head (a back row): beside it
            centre = (where[0] + PAWN_W / 2 + w / 2 + 2, where[1] - 4)
        m.plan.sprites.append((centre, assets.card(owner, action, False, w, h)))
    return True


def _told_elsewhere(m: Marking, i: int, e: Event) -> bool:
    return True  # shown by what follows (a Ride's move), by the pile (the Mêlée), or not on the train


HANDLERS: dict[str, Callable[[Marking, int, Event], bool]] = {
    "move": _move,
    "attack-reveal": _attack_reveal,
    "attack-choice": _attack_choice,
    "horse-attack": _told_elsewhere,
    "ride": _told_elsewhere,
    "escape": _escape,
    "stagecoach": _stagecoach,
    "higher-speed": _higher_speed,
    "punch": _punch,
    "shotgun": _shotgun,
    "hit": _hit,
    "hostage": _hostage,
    "drink": _drink,
    "poodle": _poodle,
    "horses-gone": _horses_gone,
    "marshal-drinks": _marshal_drinks,
    "marshal": _marshal,
    "melee-reveal": _melee_reveal,
    "attack-plan": _told_elsewhere,
}

HOOKS.marks.append(mark)
