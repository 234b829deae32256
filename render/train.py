"""The train picture: what the channel sees after every action.

``train_image(obs)`` draws a public observation (``engine.observe``): a header with the round card,
the train with its pawns and loot, the action of ``obs["log"]`` marked on it with a caption, the
pile of the round, and one panel per bandit.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from PIL import Image, ImageDraw

from render import assets, draw, fonts, layout, marks, panels, pile, theme
from render import text as txt
from render.caption import caption as make_caption
from render.hooks import HOOKS
from render.layout import FrameLayout, TrainLayout
from render.text import Translate

Observation = dict[str, Any]


# --- the cached base: scenery, cars, empty bands -------------------------------------------------


@lru_cache(maxsize=8)  # one per train and number of bandits; ~2 MB each
def _base(cars: tuple[tuple[int, str], ...], players: int, road: bool = False, pairs: bool = False) -> Image.Image:
    # with a road (Horses & Stagecoach) the scenery is the same wherever the stagecoach stands
    lay = layout.frame_layout(cars, players, (0, None) if road else None, pairs)
    img = Image.new("RGB", (lay.width, lay.height), theme.BOARD_BG)
    d = ImageDraw.Draw(img)
    tl = lay.train
    top, bottom = tl.top, tl.top + tl.height
    # sky: a gradient in bands (few distinct rows keep the PNG small)
    band = 6
    for y in range(top, tl.rail_y, band):
        t = (y - top) / max(1, tl.rail_y - top)
        d.rectangle((0, y, lay.width, y + band), fill=theme.mix(theme.SKY_TOP, theme.SKY_BOTTOM, t))
    # far mesas
    horizon = tl.rail_y - 26
    mesas = [(0.00, 0.10, 48), (0.16, 0.30, 34), (0.52, 0.62, 56), (0.78, 0.97, 40)]
    for a, b, h in mesas:
        x0, x1 = a * lay.width, b * lay.width
        d.polygon([(x0 - 30, horizon), (x0, horizon - h), (x1, horizon - h), (x1 + 30, horizon)], fill=theme.HILLS)
    d.rectangle((0, horizon, lay.width, tl.rail_y), fill=theme.mix(theme.HILLS, theme.GROUND, 0.4))
    # ground, sleepers and rails
    d.rectangle((0, tl.rail_y, lay.width, bottom), fill=theme.GROUND)
    for x in range(4, lay.width, 22):
        d.rectangle((x, tl.rail_y + 1, x + 11, tl.rail_y + 6), fill=theme.SLEEPER)
    d.rectangle((0, tl.rail_y - 1, lay.width, tl.rail_y + 1), fill=theme.RAIL)
    for car in tl.cars:
        _car(d, car, tl)
    for scenery in HOOKS.scenery:  # beside the train (the road, H-10)
        scenery(d, tl)
    # header and caption bands
    d.rectangle(lay.header.box(), fill=theme.HEADER_BG)
    d.rectangle((0, lay.header.bottom - 3, lay.width, lay.header.bottom - 1), fill=theme.darker(theme.HEADER_BG, 0.3))
    d.rectangle(lay.caption.box(), fill=theme.CAPTION_BG)
    return img


def _car(d: ImageDraw.ImageDraw, car: layout.CarBox, tl: TrainLayout) -> None:
    loco = car.kind == "locomotive"
    body_c = theme.LOCO_BODY if loco else theme.WAGON_BODY
    trim = theme.LOCO_TRIM if loco else theme.WAGON_TRIM
    b = car.body
    # coupler to the car behind
    cy = b.bottom + 4
    d.rectangle((b.right - 2, cy - 3, b.right + layout.CAR_GAP + 2, cy + 3), fill=theme.OUTLINE)
    # wheels
    wy = b.bottom + layout.WHEEL_R - 2
    wheels = (0.22, 0.78) if not loco else (0.2, 0.5, 0.8)
    for wx in (b.x + b.w * f for f in wheels):
        wr = layout.WHEEL_R
        d.ellipse((wx - wr, wy - wr, wx + wr, wy + wr), fill=theme.WHEEL)
        d.ellipse((wx - 3, wy - 3, wx + 3, wy + 3), fill=theme.WHEEL_HUB)
    d.rectangle((b.x + 4, b.bottom - 2, b.right - 4, b.bottom + 5), fill=theme.OUTLINE)
    # body, interior, floor band
    d.rectangle(b.box(), fill=body_c, outline=theme.OUTLINE, width=2)
    d.rectangle(car.inside.box(), fill=theme.WAGON_INSIDE, outline=trim, width=2)
    # the roof's shadow on the back wall, and a luggage rack
    i = car.inside
    d.rectangle((i.x + 2, i.y + 2, i.right - 3, i.y + 7), fill=theme.WAGON_WINDOW)
    if not loco:
        d.line((i.x + 6, i.y + 16, i.right - 7, i.y + 16), fill=theme.mix(theme.WAGON_INSIDE, trim, 0.35), width=2)
    d.rectangle(car.floor.box(), fill=theme.WAGON_FLOOR, outline=theme.OUTLINE, width=2)
    # roof band
    roof = car.roof
    d.rounded_rectangle(roof.box(), radius=4, fill=theme.WAGON_ROOF if not loco else trim, outline=theme.OUTLINE,
                        width=2)
    if loco:
        # brass band, a funnel chimney with smoke at the front, cow-catcher, lamp
        d.rectangle((b.x + 2, car.inside.bottom - 6, b.right - 2, car.inside.bottom - 2), fill=theme.LOCO_BRASS)
        cx = b.x + 12
        d.polygon([(cx - 5, roof.y), (cx + 5, roof.y), (cx + 10, roof.y - 20), (cx - 10, roof.y - 20)],
                  fill=theme.OUTLINE)
        d.rectangle((cx - 11, roof.y - 24, cx + 11, roof.y - 19), fill=theme.OUTLINE)
        for k, (dx, dy, pr) in enumerate(((6, -34, 8), (20, -46, 10), (38, -54, 12))):
            shade = theme.mix(theme.SMOKE, theme.SKY_TOP, 0.25 * k)
            d.ellipse((cx + dx - pr, roof.y + dy - pr, cx + dx + pr, roof.y + dy + pr), fill=shade)
        front = b.x - 2
        d.polygon([(front, b.bottom - 14), (front, b.bottom + 8), (front - 10, b.bottom + 8)], fill=theme.OUTLINE)
        d.ellipse((front - 5, car.inside.y + 8, front + 5, car.inside.y + 18), fill=theme.LOCO_BRASS,
                  outline=theme.OUTLINE)
    own = HOOKS.cars.get(car.kind)  # a car of an expansion's kind (the prison wagon, M-2)
    if own is not None:
        own(d, car, tl)
    # the car's number plate under the wheels
    lab = car.label
    plate_w = 40 if car.index else 58
    px = lab.x + (lab.w - plate_w) // 2
    d.rounded_rectangle((px, lab.y + 2, px + plate_w, lab.y + lab.h - 2), radius=5, fill=theme.PANEL_BG,
                        outline=theme.OUTLINE, width=1)


def _car_labels(img: Image.Image, tl: TrainLayout, translate: Translate | None) -> None:
    for car in tl.cars:
        lab = car.label
        draw.text(img, (lab.x + lab.w / 2, lab.y + lab.h / 2), txt.car_short(car.index, translate), "bold", 14,
                  theme.CAR_LABEL, "m")


# --- header --------------------------------------------------------------------------------------


def _header(img: Image.Image, obs: Observation, lay: FrameLayout, translate: Translate | None) -> None:
    h = lay.header
    mid = h.y + h.h // 2 - 1
    rnd = obs.get("round") or 0
    x = layout.MARGIN + 2
    if rnd:
        title = txt.t("header.round", translate, n=rnd, total=obs.get("rounds") or 5)
    else:
        title = txt.t("header.no-round", translate)
    phase_key = f"header.phase.{obs.get('phase')}"
    phase = txt.t(phase_key, translate) if txt.exists(phase_key) else ""
    title_w = draw.text(img, (x, mid - 13), title, "bold", 23, theme.HEADER_TEXT)
    phase_w = draw.text(img, (x, mid + 15), phase, "regular", 18, theme.HEADER_DIM)
    x = max(layout.HEADER_CARD_X, x + max(title_w, phase_w) + 28)
    card = obs.get("round_card")
    if card:
        # the round card: name, its turns as tiles, its event
        name = txt.card_title(card["name"], translate)
        turns = str(card["turns"])
        current = obs.get("turn")
        planning = obs.get("phase") == "planning"
        tile, gap = layout.TURN_TILE, layout.TURN_TILE_GAP
        room = layout.HEADER_CARD_W
        draw.text(img, (x, mid - 13), fonts.ellipsize(name, "bold", 21, room), "bold", 21, theme.HEADER_TEXT)
        sub = txt.event_line(card, translate)
        draw.text(img, (x, mid + 15), fonts.ellipsize(sub, "regular", 16, room), "regular", 16, theme.HEADER_DIM)
        name_w = max(160, min(room, max(fonts.width(name, "bold", 21), fonts.width(sub, "regular", 16))) + 18)
        tx = x + name_w
        d = ImageDraw.Draw(img)
        for i, kind in enumerate(turns):
            box = (tx + i * (tile + gap), mid - tile // 2, tx + i * (tile + gap) + tile, mid + tile // 2)
            is_now = planning and i == current
            done = (planning and isinstance(current, int) and i < current) or obs.get("phase") in (
                "stealing", "event", "round-end", "keeping", "over")
            fill = theme.TURN_CURRENT if is_now else theme.TURN_DONE if done else theme.TURN_TILE
            ink = theme.TURN_ICON_CURRENT if is_now else theme.mix(theme.TURN_ICON, theme.TURN_DONE, 0.45) if done \
                else theme.TURN_ICON
            d.rounded_rectangle(box, radius=6, fill=fill, outline=theme.lighter(fill, 0.3) if is_now else None,
                                width=2)
            draw.paste_centred(img, assets.symbol(kind, 20, ink), ((box[0] + box[2]) / 2, mid))
    # beside the train: neutral bullets, the second strongbox
    right = lay.width - layout.MARGIN - 4
    bullets = int(obs.get("neutral_bullets") or 0)
    label = f"×{bullets}"
    w = fonts.width(label, "bold", 21)
    draw.text(img, (right, mid), label, "bold", 21, theme.HEADER_TEXT if bullets else theme.HEADER_DIM, "r")
    icon = assets.bullet(11, 26, spent=bullets == 0)
    draw.paste(img, icon, (right - w - 16, mid - 13))
    left = right - w - 16
    if obs.get("second_strongbox"):
        left = right - w - 56
        draw.paste(img, assets.loot("strongbox", 26), (left, mid - 13))
    for more in HOOKS.header:
        more(img, obs, left - 14, mid)


# --- the train's contents ------------------------------------------------------------------------


def _loot(img: Image.Image, obs: Observation, tl: TrainLayout) -> None:
    for pos, tokens in obs.get("floor_loot", {}).items():
        zone = tl.zones.get(pos)
        if zone is None or not tokens:
            continue
        counts = layout.loot_counts(tokens)
        for kind, (x, y) in layout.loot_places(zone, counts).items():
            draw.loot_group(img, kind, counts[kind], x, y, zone.loot_icon)


def base_image(obs: Observation) -> Image.Image:
    """A copy of the cached scenery of ``obs``'s train: sky, cars, empty header, caption and panels."""
    return _base(layout.train_key(obs), layout.panel_count(obs), layout.coach_key(obs) is not None,
                 layout.grouped_key(obs)).copy()


def draw_contents(img: Image.Image, obs: Observation, tl: TrainLayout, plan: marks.Plan,
                  translate: Translate | None) -> None:
    """What lies and stands on the train (loot, the marshal, the pawns), with ``plan``'s marks
    behind and over them. The DM's planning picture draws its train with this too. With Horses &
    Stagecoach: the stagecoach under its car, the shotgun, the riders' horses."""
    corners, marshal_corner = layout.place_pawns(obs, tl)
    marks.behind(img, plan)
    for layer in HOOKS.under_loot:
        layer(img, obs, tl, corners, translate)
    _loot(img, obs, tl)
    marks.under(img, plan)
    if marshal_corner is not None:
        draw.paste(img, assets.marshal(), marshal_corner)
    for layer in HOOKS.before_pawns:
        layer(img, obs, tl, corners, translate)
    for bandit in obs["bandits"]:
        corner = corners.get(bandit["name"])
        if corner is not None:
            draw.paste(img, assets.pawn(bandit["name"], txt.initial(bandit["name"], translate)), corner)
    for layer in HOOKS.after_pawns:
        layer(img, obs, tl, corners, translate)
    marks.over(img, plan)


def train_image(obs: Observation, *, translate: Translate | None = None, caption: str | None = None,
                marks_on: bool = True) -> Image.Image:
    """The train picture of an observation; its ``log`` (one action's events) is marked and
    captioned. ``caption`` overrides the caption made from the log."""
    lay = layout.layout_of(obs)
    img = base_image(obs)
    tl = lay.train
    _header(img, obs, lay, translate)
    _car_labels(img, tl, translate)
    for road in HOOKS.road:
        road(img, obs, tl, translate)
    corners, marshal_corner = layout.place_pawns(obs, tl)
    events: list[dict[str, Any]] = list(obs.get("log") or ())
    plan = marks.plan(obs, events, tl, corners, marshal_corner, translate) if marks_on else marks.Plan()
    draw_contents(img, obs, tl, plan, translate)
    line = make_caption(obs, events, translate) if caption is None else caption
    _caption(img, lay, line, txt.t("caption.join", translate))
    pile.strip(img, obs, lay.pile, translate)
    if lay.teams:  # two bandits a player, or two partners: grouped
        panels.draw_teams(img, obs, lay.teams, lay.panels, translate)
    else:
        panels.draw_panels(img, obs, lay.panels, translate)
    return img


def _caption(img: Image.Image, lay: FrameLayout, line: str, joiner: str) -> None:
    """One line if it fits at a readable size, else two lines cut at a clause boundary."""
    if not line:
        return
    r = lay.caption
    room = r.w - 2 * layout.MARGIN - 8
    style = "condensed-bold"
    size = fonts.fit_size(line, style, 25, room, 19)
    if fonts.width(line, style, size) <= room:
        draw.text(img, (r.x + r.w / 2, r.y + r.h / 2), line, style, size, theme.CAPTION_TEXT, "m")
        return
    first, second = _split(line, joiner)
    size = min(fonts.fit_size(first, style, 20, room, 13), fonts.fit_size(second, style, 20, room, 13))
    for text_line, dy in ((first, -size * 0.56), (second, size * 0.56)):
        text_line = fonts.ellipsize(text_line, style, size, room)
        draw.text(img, (r.x + r.w / 2, r.y + r.h / 2 + dy), text_line, style, size, theme.CAPTION_TEXT, "m")


def _split(line: str, joiner: str) -> tuple[str, str]:
    """``line`` in two halves of about equal length, cut at a ``joiner`` (else at a space)."""
    parts = line.split(joiner) if joiner in line else line.split(" ")
    glue = joiner if joiner in line else " "
    best = (len(line), line, "")
    for i in range(1, len(parts)):
        a, b = glue.join(parts[:i]), glue.join(parts[i:])
        if abs(len(a) - len(b)) < best[0]:
            best = (abs(len(a) - len(b)), a, b)
    return best[1], best[2]
