"""Marshal & Prisoners on the channel's pictures: the prison wagon's wall and cell bars, the
prisoners waiting behind it, a bandit's third panel line (Wanted card, prisoner, Fist-fight aces,
the round's maluses) and the Marshal player's own panel (M-1 … M-8).

Everything here is drawn from the observation's public ``prison`` part (engine.prisoners.checks):
the Marshal's objectives show only as how many he has seen, and those revealed.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import cache, lru_cache
from typing import Any

from PIL import Image, ImageDraw

from engine.prisoners.data import prisoners_data
from render import assets, draw, fonts, layout, theme
from render import text as txt
from render.hooks import HOOKS
from render.layout import CarBox, Corner, TrainLayout
from render.panels import acting_label, acting_tag, draw_flasks, hand_tag, is_acting, panel_card, revolver, scaled
from render.prisoners import art
from render.text import Translate

Observation = dict[str, Any]
MARSHAL = layout.MARSHAL
PRISONER_W, PRISONER_H = 14, 20  # the prisoners behind the prison wagon, on its number band
ICON = 20  # the panels' icons


# --- the train -----------------------------------------------------------------------------------


def car_kind(car: Mapping[str, Any]) -> str | None:
    """The prison wagon is a kind of car of its own (render.layout.train_key)."""
    return layout.PRISON if car["name"] == prisoners_data().prison_wagon else None


def car(d: ImageDraw.ImageDraw, box: CarBox, tl: TrainLayout) -> None:
    """The prison wagon's inner wall between the corridor and the cell (M-2)."""
    cell = tl.zones.get(f"{box.index}/{layout.CELL}")
    if cell is None:
        return
    x = cell.stand.x - 4
    d.rectangle((x, box.inside.y, x + 3, box.inside.bottom), fill=theme.OUTLINE)
    d.rectangle((cell.stand.x - 1, box.inside.y + 1, box.inside.right - 2, box.inside.bottom - 1),
                fill=theme.mix(theme.WAGON_INSIDE, art.BARS, 0.25))


def after_pawns(img: Image.Image, obs: Observation, tl: TrainLayout, corners: dict[str, Corner],
                translate: Translate | None) -> None:
    """The bars over whoever is in the cell, and the prisoners behind the prison wagon (M-1)."""
    prison = obs.get("prison")
    if not prison:
        return
    box = next((b for b in tl.cars if b.kind == layout.PRISON), None)
    if box is None:
        return
    cell = tl.zones[f"{box.index}/{layout.CELL}"].stand
    draw.paste(img, _bars(cell.w + 2, box.inside.h - 2), (cell.x - 1, box.inside.y + 1))
    _sign(img, box, cell.x - 4, translate)
    lab = box.label
    waiting = list(prison.get("prisoners", ()))
    x = lab.right - 2 - len(waiting) * (PRISONER_W + 2)
    for hero in waiting:
        draw.paste(img, _prisoner(hero, txt.initial(hero, translate)), (x, lab.y + (lab.h - PRISONER_H) // 2))
        x += PRISONER_W + 2


def _sign(img: Image.Image, box: CarBox, wall: int, translate: Translate | None) -> None:
    """The prison wagon's name painted high on its corridor's wall, above the pawns: bars alone
    do not tell a newcomer which car it is (M-2)."""
    words = txt.t("train.prison-wagon", translate)
    room = wall - box.inside.x - 8
    lines = fonts.lines_to_fit(words, "bold", 13, room)
    size = min(fonts.fit_size(line, "bold", 13, room, 9) for line in lines)
    for i, line in enumerate(lines):
        draw.text(img, ((box.inside.x + wall) / 2, box.inside.y + 9 + i * (size + 2)),
                  fonts.ellipsize(line, "bold", size, room), "bold", size, theme.WAGON_TRIM, "m")


@cache
def _bars(w: int, h: int) -> Image.Image:
    return art.bars(w, h)


@cache
def _prisoner(hero: str, letter: str, w: int = PRISONER_W, h: int = PRISONER_H) -> Image.Image:
    return art.prisoner(hero, letter, w, h)


# --- a bandit's panel: the third line ------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class BanditLine:
    """What a bandit's third panel line shows with the expansion."""

    captured: bool  # the Marshal holds their Wanted card (arrested at least once)
    prisoner: str | None  # the hero of the prisoner they freed
    aces: tuple[int, ...]  # Fist-fight aces taken from the Marshal
    maluses: tuple[str, ...]  # the round's maluses (M-8), by the action they stop
    in_cell: bool

    def draw(self, img: Image.Image, x: int, right: int, mid: int, translate: Translate | None,
             s: Callable[[float], int]) -> None:
        draw_bandit_line(img, self, x, right, mid, translate, s)


def bandit_line(obs: Observation, bandit: dict[str, Any]) -> BanditLine | None:
    prison = obs.get("prison")
    if not prison:
        return None
    stops = prisoners_data().round_maluses
    name = bandit["name"]
    return BanditLine(
        captured=name in prison.get("wanted", ()),
        prisoner=prison.get("held", {}).get(name),
        aces=tuple(prison.get("won_aces", {}).get(name, ())),
        maluses=tuple(stops[m] for m in prison.get("maluses", {}).get(name, ()) if m in stops),
        in_cell=str(bandit["at"]).endswith(f"/{layout.CELL}"),
    )


def draw_bandit_line(img: Image.Image, line: BanditLine, x: int, right: int, mid: int,
                     translate: Translate | None, s: Callable[[float], int]) -> None:
    """The Wanted card (crossed once captured), the prisoner held, the aces, then the maluses at the
    right; "in the cell" when arrested. ``s``: the panel's scale (render.panels.scaled)."""
    wanted = _wanted(line.captured, s(16), s(22))
    draw.paste(img, wanted, (x, mid - wanted.height // 2))
    x += s(20)
    if line.prisoner:
        held = _prisoner(line.prisoner, txt.initial(line.prisoner, translate), s(16), s(22))
        draw.paste(img, held, (x, mid - held.height // 2))
        x += s(20)
    for value in line.aces:
        ace = _ace(value, s(15), s(20))
        draw.paste(img, ace, (x, mid - ace.height // 2))
        x += s(17)
    for action in reversed(line.maluses):
        right -= s(ICON) + s(2)
        draw.paste(img, _malus(action, s(ICON)), (right, mid - s(ICON) // 2))
    if line.in_cell:
        label = txt.t("panel.in-cell", translate)
        room = right - x - s(12)
        if room > 30:
            size = fonts.fit_size(label, "bold", s(14), room, s(10))
            draw.text(img, (x + s(6), mid), fonts.ellipsize(label, "bold", size, room), "bold", size, theme.HIT)


@cache
def _wanted(captured: bool, w: int = 16, h: int = 22) -> Image.Image:
    return art.wanted(w, h, captured)


@cache
def _ace(value: int, w: int = 15, h: int = 20) -> Image.Image:
    return art.ace(value, w, h)


@cache
def _malus(action: str, size: int = ICON) -> Image.Image:
    return art.malus(action, size)


# --- the Marshal player's panel ------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class MarshalContent:
    hand: int | None
    acting: str | None
    revolvers: tuple[int, ...]  # bullets left in each
    aces: tuple[int, ...]  # Fist-fight aces still on his portrait
    wanted: int  # Wanted cards taken
    prisoners: int  # prisoner cards in his rewards
    mail: int  # mail bags in his rewards
    seen: int  # objectives he has seen (face down)
    revealed: tuple[str, ...]  # as the reader reads them
    fallen: bool
    flasks: tuple[str, ...] = ()  # whiskey on his sheet (M-40), as the reader sees them


def marshal_content(obs: Observation, translate: Translate | None, acting: str | None) -> MarshalContent:
    prison = obs["prison"]
    seat: dict[str, Any] = next((v for v in obs["seats"] if v["seat"] == prison["seat"]), {})
    hand = seat.get("hand_size")
    planning = obs.get("phase") in ("planning", "keeping")
    return MarshalContent(
        hand=int(hand) if planning and hand is not None else None,
        acting=acting,
        revolvers=tuple(len(r) for r in prison["revolvers"]),
        aces=tuple(prison["aces"]),
        wanted=len(prison["wanted"]),
        prisoners=len(prison["rewards"]["prisoners"]),
        mail=len(prison["rewards"]["mail"]),
        seen=len(prison["objectives"]),
        revealed=tuple(txt.t(f"objective.{o.partition(':')[0]}", translate,
                             bandit=txt.bandit_noun(o.partition(":")[2], translate))
                       for o in prison["revealed"]),
        fallen=bool(prison.get("marshal_fallen")),
        flasks=tuple(prison.get("flasks", ())),
    )


@lru_cache(maxsize=64)
def marshal_panel(c: MarshalContent, w: int, h: int, translate: Translate | None) -> Image.Image:
    k = layout.panel_scale(w)
    s = scaled(k)
    sprite = assets.big_marshal(1.25 if k >= 1.5 else 1.0)
    img = panel_card(w, h, sprite, c.acting is not None, c.fallen)
    x = 10 + sprite.width + s(10)
    line1, line2, line3 = s(21), s(47), h - s(21)
    right = w - s(10)
    if c.hand is not None:
        right = hand_tag(img, right, line1, c.hand, assets.card_back(s(14), s(20), theme.MARSHAL_BODY),
                         theme.PANEL_TEXT, s)
    if c.acting is not None:
        right = acting_tag(img, right, line1, c.acting, s)
    title = txt.t("panel.marshal", translate)
    size = fonts.fit_size(title, "bold", s(18), right - x, s(15))
    draw.text(img, (x, line1), fonts.ellipsize(title, "bold", size, right - x), "bold", size, theme.PANEL_TEXT)
    # his two revolvers, six cards each, fired from the top; then his Fist-fight aces
    bx = x
    for left in c.revolvers:
        bx = revolver(img, bx, line2, left, s, layout.compact_panel(w)) + s(10)
    for value in c.aces:
        draw.paste(img, _ace(value, s(15), s(20)), (bx, line2 - s(10)))
        bx += s(17)
    draw_flasks(img, c.flasks, w - s(10), line2, s)  # the whiskey he took (M-40), at the right like a bandit's
    # his rewards: Wanted cards, prisoners, mail bags; his objectives seen, those revealed
    bx = x
    for icon, n in ((_wanted(True, s(16), s(22)), c.wanted), (_prisoner("", "", s(16), s(22)), c.prisoners),
                    (assets.loot("mailbag", s(20)), c.mail)):
        draw.paste(img, icon, (bx, line3 - icon.height // 2))
        bx += icon.width + s(3)
        bx += draw.text(img, (bx, line3), str(n), "bold", s(15), theme.PANEL_TEXT if n else theme.PANEL_DIM) + s(9)
    label = txt.t("panel.objectives", translate, n=c.seen)
    if c.revealed:
        label += " · " + ", ".join(c.revealed)
    room = w - s(10) - bx
    if room > 30:
        size = fonts.fit_size(label, "regular", s(14), room, s(10))
        draw.text(img, (bx, line3), fonts.ellipsize(label, "regular", size, room), "regular", size, theme.PANEL_TEXT)
    return img


def marshal_first(obs: Observation, w: int, h: int, translate: Translate | None) -> Image.Image | None:
    """The Marshal player's panel, before the bandits' (M-1), marked while he is to act."""
    prison = obs.get("prison")
    if not prison:
        return None
    acting = acting_label(obs, translate) if is_acting(obs, {"name": MARSHAL, "seat": prison["seat"]}) else None
    return marshal_panel(marshal_content(obs, translate, acting), w, h, translate)


HOOKS.car_kinds.append(car_kind)
HOOKS.cars[layout.PRISON] = car
HOOKS.after_pawns.append(after_pawns)
HOOKS.panel_lines.append(bandit_line)
HOOKS.first_panels.append(marshal_first)
