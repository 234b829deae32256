"""Where everything goes: the geometry of every picture, in pixels, in one module.

The train is a table of positions (``"<car>/<floor>"``), each with a rectangle where its pawns
stand and one where its loot lies. Drawing code asks this table and never computes a place
itself, so other places (a stagecoach beside the train, a prison wagon's cell) become more rows of
the same table.

With Horses & Stagecoach a road runs under the car numbers: the stagecoach drives there under the
car it faces (``"stagecoach/in"``, ``"stagecoach/roof"``), and the riders of the horse attack
gallop there (``"riding"``); the horses stand beside the car numbers.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any

from render.hooks import HOOKS

WIDTH = 1000  # every picture of the channel: Discord shows it at ~500 px, so this is crisp on HiDPI
MARGIN = 12

PAWN_W, PAWN_H = 36, 46
PAWN_GAP = 3
HEAD_D = 19  # the pawn's head: a disc of this diameter at the top centre of the sprite

HEADER_H = 66  # its words read at a phone's width too (0.4 of the frame's)
HEADER_CARD_X = 196  # where the round card's name starts (further right after a long round title)
HEADER_CARD_W = 330  # at most this wide: the card's name and its event line
TURN_TILE, TURN_TILE_GAP = 30, 5
ROOF_ZONE_H = 2 * PAWN_H + 8  # room for two rows of pawns standing on a roof
ROOF_BAND_H = 12
INSIDE_H = 2 * PAWN_H + 12
FLOOR_BAND_H = 32
UNDERFRAME_H = 24  # wheels and rails
CAR_LABEL_H = 24
TRAIN_TOP_PAD = 12
TRAIN_H = TRAIN_TOP_PAD + ROOF_ZONE_H + ROOF_BAND_H + INSIDE_H + FLOOR_BAND_H + UNDERFRAME_H + CAR_LABEL_H
CAPTION_H = 50
PILE_H = 70
PANEL_H = 70
PANEL_GAP = 8
CAR_GAP = 14
MAX_CAR_W = 190
WHEEL_R = 11
LOOT_ICON = 26  # loot tokens on a floor
ROOF_LOOT_ICON = 22

# Horses & Stagecoach: the road under the car numbers, and the stagecoach on it
ROAD_H = 152
COACH_ROOF_H = PAWN_H + 2  # one row of pawns standing on its roof
COACH_ROOF_BAND_H = 8
COACH_INSIDE_H = PAWN_H + 8
COACH_FLOOR_H = 24
COACH_WHEEL_R = 15
COACH_LOOT_ICON = 20
COACH_MAX_W = 230
HORSE_W, HORSE_H = 30, 22  # a horse beside a car's number
RIDER_HORSE_W, RIDER_HORSE_H = 56, 42  # the horse a rider of the horse attack sits on
RIDER_STEP = 46  # riders side by side: their horses overlap a little, a herd
RIDER_ROW_H = 72  # a row of riders, pawn and horse
PANEL_H_HORSES = 94  # a third line: the hostage held, the flasks
# A player with two bandits (V-2, V-3): their two panels stacked in one frame under a header line
TEAM_HEAD_H = 34  # the frame's header: the pair's names, the player's hand, who is to act
TEAM_PAD = 6  # the frame around the two panels
MARSHAL = "marshal"  # the Marshal player's name for his panel and his cards (Marshal & Prisoners, M-1)
SHOTGUN = "shotgun"  # the shotgun's key among the pawns' corners (no bandit has that name)


@dataclass(frozen=True, slots=True)
class Rect:
    x: int
    y: int
    w: int
    h: int

    @property
    def right(self) -> int:
        return self.x + self.w

    @property
    def bottom(self) -> int:
        return self.y + self.h

    @property
    def centre(self) -> tuple[int, int]:
        return self.x + self.w // 2, self.y + self.h // 2

    def box(self) -> tuple[int, int, int, int]:
        """(x0, y0, x1, y1) for ImageDraw, inclusive of the last pixel row and column."""
        return self.x, self.y, self.x + self.w - 1, self.y + self.h - 1

    def inset(self, dx: int, dy: int | None = None) -> Rect:
        dy = dx if dy is None else dy
        return Rect(self.x + dx, self.y + dy, self.w - 2 * dx, self.h - 2 * dy)


@dataclass(frozen=True, slots=True)
class CarBox:
    """One car of the train: its index, kind and the rectangles of its drawing."""

    index: int
    kind: str  # "locomotive" or "wagon" (later: "stagecoach", "prison")
    body: Rect  # roof band + inside + floor band
    roof: Rect  # the roof band
    inside: Rect  # the lit interior
    floor: Rect  # the floor band where inside loot lies
    label: Rect  # the car's number, under the wheels


@dataclass(frozen=True, slots=True)
class Zone:
    """A position: pawns stand with their feet on ``stand.bottom``; loot lies in ``loot``."""

    position: str
    car: int
    floor: str
    stand: Rect
    loot: Rect
    loot_icon: int


@dataclass(frozen=True, slots=True)
class CoachBox:
    """The stagecoach under the car it faces (Horses & Stagecoach): its outline and its parts."""

    faces: int
    box: Rect  # everything it covers, the pawns on its roof included
    roof: Rect  # the roof band
    body: Rect  # roof band + inside + floor band
    inside: Rect  # the lit interior
    floor: Rect
    wheel_y: int  # the wheels' centre line

    def at_origin(self) -> CoachBox:
        """The same stagecoach with its box's top-left corner at (0, 0): the key of its sprite."""
        dx, dy = -self.box.x, -self.box.y

        def moved(r: Rect) -> Rect:
            return Rect(r.x + dx, r.y + dy, r.w, r.h)

        return CoachBox(0, moved(self.box), moved(self.roof), moved(self.body), moved(self.inside),
                        moved(self.floor), self.wheel_y + dy)


@dataclass(frozen=True, slots=True)
class TrainLayout:
    top: int
    height: int
    cars: tuple[CarBox, ...]
    zones: dict[str, Zone]
    rail_y: int
    car_w: int
    road: Rect | None = None  # Horses & Stagecoach: the road under the car numbers
    coach: CoachBox | None = None


CoachKey = tuple[int, int | None]  # the car the stagecoach faces; the car the riders of the horse attack are at


def _train(cars: Sequence[tuple[int, str]], top: int, width: int, coach: CoachKey | None = None) -> TrainLayout:
    n = len(cars)
    pitch = min((width - 2 * MARGIN) // n, MAX_CAR_W + CAR_GAP)
    car_w = pitch - CAR_GAP
    left = (width - pitch * n) // 2 + CAR_GAP // 2
    roof_line = top + TRAIN_TOP_PAD + ROOF_ZONE_H
    inside_top = roof_line + ROOF_BAND_H
    floor_top = inside_top + INSIDE_H
    body_bottom = floor_top + FLOOR_BAND_H
    boxes: list[CarBox] = []
    zones: dict[str, Zone] = {}
    for i, (index, kind) in enumerate(cars):
        x = left + i * pitch
        body = Rect(x, roof_line, car_w, body_bottom - roof_line)
        roof = Rect(x - 3, roof_line, car_w + 6, ROOF_BAND_H)
        inside = Rect(x + 5, inside_top, car_w - 10, INSIDE_H)
        floor = Rect(x, floor_top, car_w, FLOOR_BAND_H)
        label = Rect(x, body_bottom + UNDERFRAME_H, car_w, CAR_LABEL_H)
        boxes.append(CarBox(index, kind, body, roof, inside, floor, label))
        roof_stand = Rect(x + 4, top + TRAIN_TOP_PAD, car_w - 8, ROOF_ZONE_H)
        roof_loot = Rect(x + 4, roof_line - ROOF_LOOT_ICON - 2, car_w - 8, ROOF_LOOT_ICON)
        zones[f"{index}/roof"] = Zone(f"{index}/roof", index, "roof", roof_stand, roof_loot, ROOF_LOOT_ICON)
        in_stand = Rect(inside.x + 2, inside.y + 4, inside.w - 4, inside.h - 4)
        in_loot = Rect(x + 4, floor_top + (FLOOR_BAND_H - LOOT_ICON) // 2, car_w - 8, LOOT_ICON)
        if kind == PRISON:  # the corridor, and behind its wall the cell (M-2): one pawn wide, two rows
            cell_w = PAWN_W + 8
            cell = Rect(inside.right - cell_w - 2, inside.y + 4, cell_w, inside.h - 4)
            zones[f"{index}/{CELL}"] = Zone(f"{index}/{CELL}", index, CELL, cell, cell, LOOT_ICON)
            in_stand = Rect(in_stand.x, in_stand.y, cell.x - in_stand.x - 6, in_stand.h)
        zones[f"{index}/in"] = Zone(f"{index}/in", index, "in", in_stand, in_loot, LOOT_ICON)
    rail_y = body_bottom + UNDERFRAME_H - 5
    if coach is None:
        return TrainLayout(top, TRAIN_H, tuple(boxes), zones, rail_y, car_w)
    road = Rect(0, top + TRAIN_H, width, ROAD_H)
    faces, riding = coach
    by_index = {box.index: box for box in boxes}
    box = _coach(by_index[faces], road, pitch, width)
    zones.update(_coach_zones(box))
    if riding is not None and riding in by_index:
        zones[RIDING] = _riding_zone(by_index[riding], road)
    return TrainLayout(top, TRAIN_H + ROAD_H, tuple(boxes), zones, rail_y, car_w, road, box)


# --- beside the train: the stagecoach and the riders (Horses & Stagecoach) ------------------------
COACH_IN, COACH_ROOF, RIDING = "stagecoach/in", "stagecoach/roof", "riding"
# The prison wagon (Marshal & Prisoners): its kind among the cars, and its cell's floor (M-2).
PRISON, CELL = "prison", "cell"


def _coach(car: CarBox, road: Rect, pitch: int, width: int) -> CoachBox:
    """The stagecoach centred under ``car``, a little wider than a car so that a pawn, the shotgun
    and the strongbox fit on its roof; kept inside the picture."""
    w = min(pitch + 24, COACH_MAX_W)
    x = min(max(MARGIN, car.body.x + car.body.w // 2 - w // 2), width - MARGIN - w)
    y = road.y + 4
    roof_line = y + COACH_ROOF_H
    roof = Rect(x + 4, roof_line, w - 8, COACH_ROOF_BAND_H)
    inside = Rect(x + 10, roof.bottom, w - 20, COACH_INSIDE_H)
    floor = Rect(x, inside.bottom, w, COACH_FLOOR_H)
    body = Rect(x, roof_line, w, floor.bottom - roof_line)
    wheel_y = floor.bottom - 4
    return CoachBox(car.index, Rect(x, y, w, wheel_y + COACH_WHEEL_R + 1 - y), roof, body, inside, floor, wheel_y)


def _coach_zones(c: CoachBox) -> dict[str, Zone]:
    x, w = c.box.x, c.box.w
    roof_stand = Rect(x + 8, c.box.y, w - 16, COACH_ROOF_H)
    roof_loot = Rect(x + 8, c.roof.y - ROOF_LOOT_ICON - 2, w - 16, ROOF_LOOT_ICON)
    in_stand = Rect(c.inside.x + 2, c.inside.y + 4, c.inside.w - 4, c.inside.h - 4)
    in_loot = Rect(x + 8, c.floor.y + (COACH_FLOOR_H - COACH_LOOT_ICON) // 2, w - 16, COACH_LOOT_ICON)
    return {COACH_ROOF: Zone(COACH_ROOF, c.faces, "roof", roof_stand, roof_loot, ROOF_LOOT_ICON),
            COACH_IN: Zone(COACH_IN, c.faces, "in", in_stand, in_loot, COACH_LOOT_ICON)}


def _riding_zone(car: CarBox, road: Rect) -> Zone:
    """The riders of the horse attack on the road under the wagon they have reached, in two rows
    at most (a rider and his horse are two pawns tall)."""
    stand = Rect(car.body.x, road.y + 6, car.body.w, RIDER_ROW_H + PAWN_H)
    return Zone(RIDING, car.index, "riding", stand, Rect(stand.x, stand.bottom, stand.w, 0), RIDER_HORSE_H)


def _pitch(tl: TrainLayout) -> int:
    return tl.cars[1].body.x - tl.cars[0].body.x if len(tl.cars) > 1 else tl.car_w + CAR_GAP


def coach_at(tl: TrainLayout, car: int) -> CoachBox:
    """Where the stagecoach stands when it faces ``car`` (where it stood before it moved)."""
    assert tl.road is not None
    return _coach(next(c for c in tl.cars if c.index == car), tl.road, _pitch(tl), WIDTH)


def riding_zone(tl: TrainLayout, car: int) -> Zone:
    """Where the riders of the horse attack are when they have reached ``car``."""
    assert tl.road is not None
    return _riding_zone(next(c for c in tl.cars if c.index == car), tl.road)


def horse_corner(car: CarBox) -> tuple[int, int]:
    """Where a car's horses stand: beside its number plate, on the right."""
    lab = car.label
    plate_w = 40 if car.index else 58
    return lab.x + (lab.w + plate_w) // 2 + 5, lab.y + (lab.h - HORSE_H) // 2


def coach_key(obs: Mapping[str, Any]) -> CoachKey | None:
    """What the layout of a picture with the stagecoach depends on (None: no stagecoach)."""
    coach = obs.get("stagecoach")
    if not coach:
        return None
    attack = coach.get("attack")
    return int(coach["faces"]), (int(attack["car"]) if attack else None)


def shotgun_position(obs: Mapping[str, Any]) -> str | None:
    """Where the shotgun stands: the stagecoach roof, or the roof of the car it faces (H-11)."""
    coach = obs.get("stagecoach")
    if not coach:
        return None
    return COACH_ROOF if coach.get("shotgun") is None else f"{coach['shotgun']}/roof"


def panel_columns(players: int) -> int:
    """Two panels a row up to four, three beyond (a frame stays wider than tall)."""
    return {1: 1, 2: 2, 4: 2}.get(players, 3)


def panel_scale(width: int) -> float:
    """How much bigger than its first design a panel of ``width`` draws its words and icons: the
    counts of a frame read at a phone's width (0.4 of its 1000 px) must stay legible. Three panels
    a row draw their revolver compactly to make room (render.panels)."""
    return 1.5 if width >= 440 else 1.3 if width >= 300 else 1.0


def compact_panel(width: int) -> bool:
    """Whether a panel shows a revolver as one cartridge and a count rather than six cartridges."""
    return panel_scale(width) < 1.5


@dataclass(frozen=True, slots=True)
class FrameLayout:
    """The train picture: header, train, caption, pile strip, player panels."""

    width: int
    height: int
    header: Rect
    train: TrainLayout
    caption: Rect
    pile: Rect
    panels: tuple[Rect, ...]
    teams: tuple[Rect, ...] = ()  # a player with two bandits: the frame around their two panels, by seat


@cache
def frame_layout(cars: tuple[tuple[int, str], ...], players: int, coach: CoachKey | None = None,
                 pairs: bool = False) -> FrameLayout:
    """The layout for a train of ``cars`` ((index, kind) front to back) and ``players`` panels;
    with ``coach`` (Horses & Stagecoach), a road under the train and taller panels; with ``pairs``
    (each player has two bandits, seat by seat), one column per player, their panels in a frame."""
    header = Rect(0, 0, WIDTH, HEADER_H)
    train = _train(cars, HEADER_H, WIDTH, coach)
    caption = Rect(0, HEADER_H + train.height, WIDTH, CAPTION_H)
    pile = Rect(0, caption.bottom, WIDTH, PILE_H)
    # A third line in the panels: the hostage and the flasks (H-12, H-13); the Wanted card, the
    # prisoner, the aces and the round's maluses (M-4 … M-8).
    base_h = PANEL_H if coach is None and all(kind != PRISON for _, kind in cars) else PANEL_H_HORSES
    if pairs:
        return _team_layout(header, train, caption, pile, players, base_h)
    cols = panel_columns(players)
    rows = math.ceil(players / cols) if players else 0
    panel_w = (WIDTH - 2 * MARGIN - (cols - 1) * PANEL_GAP) // cols
    panel_h = round(base_h * panel_scale(panel_w))
    top = pile.bottom + PANEL_GAP
    panels = []
    for i in range(players):
        row, col = divmod(i, cols)
        in_row = min(cols, players - row * cols)
        # a last, shorter row is centred
        offset = (cols - in_row) * (panel_w + PANEL_GAP) // 2
        panels.append(Rect(MARGIN + offset + col * (panel_w + PANEL_GAP), top + row * (panel_h + PANEL_GAP),
                           panel_w, panel_h))
    height = top + rows * (panel_h + PANEL_GAP) + MARGIN - PANEL_GAP
    return FrameLayout(WIDTH, height, header, train, caption, pile, tuple(panels))


def _team_layout(header: Rect, train: TrainLayout, caption: Rect, pile: Rect, bandits: int,
                 base_h: int) -> FrameLayout:
    """Two bandits a player: a column per player, a frame with a header line and the player's two
    panels stacked in it (the first bandit's above), so that whose bandit is whose shows at once."""
    teams = max(1, bandits // 2)
    col_w = (WIDTH - 2 * MARGIN - (teams - 1) * PANEL_GAP) // teams
    panel_h = round(base_h * panel_scale(col_w - 2 * TEAM_PAD))
    top = pile.bottom + PANEL_GAP
    frame_h = TEAM_HEAD_H + 2 * panel_h + PANEL_GAP // 2 + TEAM_PAD
    frames, panels = [], []
    for i in range(teams):
        x = MARGIN + i * (col_w + PANEL_GAP)
        frames.append(Rect(x, top, col_w, frame_h))
        for k in range(2):
            panels.append(Rect(x + TEAM_PAD, top + TEAM_HEAD_H + k * (panel_h + PANEL_GAP // 2),
                               col_w - 2 * TEAM_PAD, panel_h))
    return FrameLayout(WIDTH, top + frame_h + MARGIN, header, train, caption, pile, tuple(panels), tuple(frames))


def slots(zone: Zone, count: int, loot_kinds: int = 0) -> list[tuple[int, int]]:
    """Top-left corners of ``count`` pawn sprites in ``zone``, front row first, none overlapping.

    On a roof, loot lies at the right end of the roof: the pawns keep clear of it.
    """
    if count == 0:
        return []
    stand = zone.stand
    width = stand.w
    if zone.floor == "roof" and loot_kinds:
        width -= loot_kinds * (zone.loot_icon + 16)
    riding = zone.floor == "riding"
    pitch = RIDER_STEP if riding else PAWN_W + PAWN_GAP  # a rider's horse is wider than a pawn
    per_row = max(1, (width - PAWN_W + pitch) // pitch)
    rows = math.ceil(count / per_row)
    if rows > 2:  # never happens in the base game (6 bandits, 3 a row); squeeze rather than spill
        per_row = math.ceil(count / 2)
        rows = 2
    step_x = min(pitch, (width - PAWN_W) // max(1, per_row - 1)) if per_row > 1 else 0
    out: list[tuple[int, int]] = []
    for i in range(count):
        row, col = divmod(i, per_row)
        in_row = min(per_row, count - row * per_row)
        row_w = PAWN_W + step_x * (in_row - 1)
        x = stand.x + (width - row_w) // 2 + col * step_x
        y = stand.bottom - PAWN_H - row * (RIDER_ROW_H if riding else PAWN_H + 4)
        out.append((x, y))
    return out


def head_centre(corner: tuple[int, int]) -> tuple[int, int]:
    """The middle of a pawn's head, whose colour is the bandit's (tests look there)."""
    return corner[0] + PAWN_W // 2, corner[1] + HEAD_D // 2 + 1


def pawn_centre(corner: tuple[int, int]) -> tuple[int, int]:
    return corner[0] + PAWN_W // 2, corner[1] + PAWN_H // 2


# --- pile, hand, scoreboard ----------------------------------------------------------------------
MINI_CARD_W, MINI_CARD_H = 34, 50
CARD_W, CARD_H = 92, 130  # the hand and the pile pictures
CARD_GAP = 10
TITLE_H = 50  # the dark title band of the hand and pile pictures
SCORE_TITLE_H, SCORE_HEAD_H, SCORE_ROW_H = 64, 34, 56
SCORE_COLUMNS = {"bandit": 24, "purse": 330, "jewel": 470, "strongbox": 610, "gunslinger": 750}  # x of each
# An expansion's column: Horses & Stagecoach's hostage's ransom and the station's count (H-30, H-22),
# Marshal & Prisoners' Wanted card, prisoner and Fist-fight aces (M-9)
SCORE_COLUMNS_EXTRA = {"bandit": 24, "purse": 280, "jewel": 390, "strongbox": 500, "gunslinger": 610, "extra": 735}


def loot_counts(tokens: Sequence[str]) -> dict[str, int]:
    """Loot by kind, in a fixed order (purses, jewels, strongboxes, then anything else)."""
    counts: dict[str, int] = {}
    for token in tokens:
        kind = token.partition(":")[0]
        counts[kind] = counts.get(kind, 0) + 1
    order = {"purse": 0, "jewel": 1, "strongbox": 2}
    return dict(sorted(counts.items(), key=lambda kv: (order.get(kv[0], 9), kv[0])))


Corner = tuple[int, int]


def occupants(obs: Mapping[str, Any], train: TrainLayout) -> dict[str, list[str]]:
    """Who stands at each position, in the order of their places: the marshal (``""``) first in his
    car, then the shotgun (``SHOTGUN``), then bandits in seat order."""
    at: dict[str, list[str]] = {}
    marshal_pos = obs.get("marshal")
    if marshal_pos in train.zones and not (obs.get("prison") or {}).get("marshal_fallen"):
        at.setdefault(marshal_pos, []).append("")
    shotgun_pos = shotgun_position(obs)
    if shotgun_pos in train.zones:
        at.setdefault(str(shotgun_pos), []).append(SHOTGUN)
    for bandit in obs["bandits"]:
        if bandit["at"] in train.zones:
            at.setdefault(bandit["at"], []).append(bandit["name"])
    return at


def place_pawns(obs: Mapping[str, Any], train: TrainLayout) -> tuple[dict[str, Corner], Corner | None]:
    """The top-left corner of every bandit's pawn and of the marshal's, as the train picture
    draws them: the marshal first in his car, then bandits in seat order. With the stagecoach the
    shotgun's corner is among the bandits', under ``SHOTGUN``."""
    at = occupants(obs, train)
    corners: dict[str, tuple[int, int]] = {}
    marshal_corner: tuple[int, int] | None = None
    floor_loot = obs.get("floor_loot", {})
    for pos, names in at.items():
        zone = train.zones[pos]
        kinds = len(loot_counts(floor_loot.get(pos, ()))) if zone.floor == "roof" else 0
        for name, corner in zip(names, slots(zone, len(names), kinds), strict=True):
            if name:
                corners[name] = corner
            else:
                marshal_corner = corner
    return corners, marshal_corner


def zone_centre(zone: Zone) -> tuple[int, int]:
    """Where a mark points at a position when no pawn stands for it: the front row's middle."""
    return zone.stand.x + zone.stand.w // 2, zone.stand.bottom - PAWN_H // 2


def train_key(obs: Mapping[str, Any]) -> tuple[tuple[int, str], ...]:
    """The cars by index and kind (an expansion's car may be a kind of its own: the prison wagon)."""
    return tuple((int(c["car"]), _kind(c)) for c in obs["train"])


def _kind(car: Mapping[str, Any]) -> str:
    return next((kind for kind in (own(car) for own in HOOKS.car_kinds) if kind is not None), str(car["kind"]))


def panel_count(obs: Mapping[str, Any]) -> int:
    """One panel per bandit, and the Marshal player's (Marshal & Prisoners, M-1)."""
    return len(obs["bandits"]) + (1 if obs.get("prison") else 0)


def pairs_key(obs: Mapping[str, Any]) -> bool:
    """Whether every player has two bandits (V-2, V-3)."""
    seats = obs.get("seats") or ()
    return bool(seats) and all(len(seat["bandits"]) == 2 for seat in seats)


def partners_key(obs: Mapping[str, Any]) -> bool:
    """Whether players sit as partners, two a team (V-4)."""
    seats = obs.get("seats") or ()
    return (obs.get("options") or {}).get("variant") == "teams" and bool(seats) and len(seats) % 2 == 0


def grouped_key(obs: Mapping[str, Any]) -> bool:
    """Whether the panels come two by two in a frame: a player's two bandits, or two partners'."""
    return pairs_key(obs) or partners_key(obs)


def layout_of(obs: Mapping[str, Any]) -> FrameLayout:
    return frame_layout(train_key(obs), panel_count(obs), coach_key(obs), grouped_key(obs))


def loot_places(zone: Zone, counts: Mapping[str, int]) -> dict[str, tuple[int, int]]:
    """Top-left corner of each loot kind's token at ``zone``: centred on a floor, at the right end
    of a roof (clear of the pawns)."""
    size = zone.loot_icon
    widths = [size + (10 if n > 1 else 0) for n in counts.values()]
    gap = 4
    total = sum(widths) + gap * (len(widths) - 1)
    x = zone.loot.right - total if zone.floor == "roof" else zone.loot.x + (zone.loot.w - total) // 2
    out: dict[str, tuple[int, int]] = {}
    for kind, w in zip(counts, widths, strict=True):
        out[kind] = (x, zone.loot.y)
        x += w + gap
    return out


# --- the planning picture of a player's private messages ----------------------------------------
# Discord shows it about 400 px wide on a phone: drawn 800 px wide, so it is shown at half size;
# every word is at least 22 px here (11 px on the phone).
PLAN_WIDTH = 800
PLAN_TITLE_H = 60  # the round's number, and who is to act
PLAN_CARD_H = 158  # the round card: its name, its event, its turns
PLAN_TURN_TILE, PLAN_TURN_GAP = 58, 10
PLAN_CAR_LABEL_H = 36  # the cars' numbers under the scaled-down train
PLAN_SECTION_H = 48  # the title line of the pile and of the hand
PLAN_PILE_CARD_W, PLAN_PILE_CARD_H, PLAN_PILE_GAP = 66, 94, 9
PLAN_OWNER_D = 34  # the disc under a pile card with its owner's initial
PLAN_HAND_CARD_W, PLAN_HAND_GAP = 120, 10  # the hand's cards are at most this wide
PLAN_HAND_PER_ROW = (6, 8)  # at least, at most this many cards a row


@dataclass(frozen=True, slots=True)
class Grid:
    """Cards in rows: ``per_row`` a row, each ``card_w`` × ``card_h``, rows ``pitch`` apart; a last,
    shorter row is centred, or (``in_order``: a sequence read left to right) starts under the first."""

    rect: Rect
    count: int
    per_row: int
    card_w: int
    card_h: int
    gap: int
    pitch: int
    in_order: bool = False

    def corner(self, i: int) -> tuple[int, int]:
        row, col = divmod(i, self.per_row)
        in_row = min(self.per_row, self.count if self.in_order else self.count - row * self.per_row)
        row_w = in_row * (self.card_w + self.gap) - self.gap
        left = self.rect.x + (self.rect.w - row_w) // 2
        return left + col * (self.card_w + self.gap), self.rect.y + row * self.pitch


@dataclass(frozen=True, slots=True)
class PlanningLayout:
    """The planning picture, top to bottom: title, round card, train, pile, hand."""

    width: int
    height: int
    title: Rect
    round_card: Rect
    turns: tuple[Rect, ...]  # one tile per turn of the round card
    train_source: Rect  # the part of the train picture's scenery that is shown (in its pixels)
    train: Rect  # where it is shown, scaled down to the picture's width
    car_labels: Rect
    pile_title: Rect
    pile: Grid
    hand_title: Rect
    hand: Grid
    # Horses & Stagecoach: the road beside the train (in the train picture's pixels), shown under
    # the car numbers at the train's scale
    road_source: Rect | None = None
    road: Rect | None = None

    @property
    def train_scale(self) -> float:
        return self.train.w / self.train_source.w


def _rows(count: int, per_row: int) -> int:
    return max(1, math.ceil(count / per_row))


@cache
def planning_layout(cars: tuple[tuple[int, str], ...], players: int, turns: int, pile_cards: int,
                    hand_cards: int, coach: CoachKey | None = None) -> PlanningLayout:
    """The planning picture of a round card of ``turns`` turns, ``pile_cards`` played, ``hand_cards``
    in hand, for a train of ``cars`` with ``players`` bandits (and the stagecoach's ``coach``)."""
    w = PLAN_WIDTH
    title = Rect(0, 0, w, PLAN_TITLE_H)
    card = Rect(0, title.bottom, w, PLAN_CARD_H)
    tile, tgap = PLAN_TURN_TILE, PLAN_TURN_GAP
    tile_y = card.bottom - tile - 20
    tiles = tuple(Rect(MARGIN + 4 + i * (tile + tgap), tile_y, tile, tile) for i in range(turns))
    tl = frame_layout(cars, players, coach).train
    first, last = tl.cars[0], tl.cars[-1]
    # from the locomotive's cow-catcher to the last car's coupler; the car numbers are drawn anew
    left, right = max(0, first.body.x - 16), min(WIDTH, last.body.right + 12)
    source = Rect(left, tl.top, right - left, first.label.y - tl.top)
    train = Rect(0, card.bottom, w, round(source.h * w / source.w))
    labels = Rect(0, train.bottom, w, PLAN_CAR_LABEL_H)
    road_source = road = None
    if tl.road is not None:
        road_source = Rect(left, tl.road.y, right - left, tl.road.h)
        road = Rect(0, labels.bottom, w, round(road_source.h * w / source.w))
    pile_title = Rect(0, (road or labels).bottom, w, PLAN_SECTION_H)
    pw, ph, pgap = PLAN_PILE_CARD_W, PLAN_PILE_CARD_H, PLAN_PILE_GAP
    pile_per_row = (w - 2 * MARGIN + pgap) // (pw + pgap)
    pile_pitch = ph + PLAN_OWNER_D // 2 + 14
    pile_rows = _rows(pile_cards, pile_per_row)
    pile = Grid(Rect(MARGIN, pile_title.bottom, w - 2 * MARGIN, pile_rows * pile_pitch), pile_cards, pile_per_row,
                pw, ph, pgap, pile_pitch, in_order=True)
    hand_title = Rect(0, pile.rect.bottom + 4, w, PLAN_SECTION_H)
    least, most = PLAN_HAND_PER_ROW
    hand_per_row = min(most, max(least, math.ceil(hand_cards / _rows(hand_cards, most))))
    hgap = PLAN_HAND_GAP
    hw = min(PLAN_HAND_CARD_W, (w - 2 * MARGIN + hgap) // hand_per_row - hgap)
    hh = hw * CARD_H // CARD_W
    hand_rows = _rows(hand_cards, hand_per_row)
    hand = Grid(Rect(MARGIN, hand_title.bottom + 4, w - 2 * MARGIN, hand_rows * (hh + hgap) - hgap), hand_cards,
                hand_per_row, hw, hh, hgap, hh + hgap)
    height = hand.rect.bottom + MARGIN + 4
    return PlanningLayout(w, height, title, card, tiles, source, train, labels, pile_title, pile, hand_title, hand,
                          road_source, road)
