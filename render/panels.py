"""One panel per bandit under the train: who, bullets left and received, loot, hand, turn; with
Horses & Stagecoach a third line: the hostage held and the flasks, and a bandit who escaped greyed.

A panel changes far less often than the train: each is drawn once per distinct content and kept
(``_panel``), and a frame only pastes it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from functools import cache, lru_cache
from typing import Any

from PIL import Image, ImageDraw

from render import assets, deciding, draw, fonts, layout, seats, theme
from render import text as txt
from render.hooks import HOOKS, PanelLine
from render.layout import Rect
from render.text import Translate

Observation = dict[str, Any]
LOOT_KINDS = ("purse", "jewel", "strongbox")
ESCAPED = "escaped"  # a bandit's position once off the board for good (Horses & Stagecoach, H-22)
# Flasks as the public picture shows them: a full one lies face down, old whiskey or not (H-13)
PUBLIC_FLASK = {"whiskey": "whiskey", "old-whiskey": "whiskey"}


@dataclass(frozen=True, slots=True)
class PanelContent:
    """Everything a panel shows; equal contents give the same picture."""

    bandit: str
    revolver: int
    bullets_received: int
    loot: tuple[int, ...]  # purses, jewels, strongboxes
    hand: int | None  # shown during planning only
    acting: str | None  # the "to act" label of the bandit who must decide now
    # Horses & Stagecoach (``horses``: the third line is drawn)
    horses: bool = False
    hostage: str | None = None  # the hostage's name, as the reader reads it
    flasks: tuple[str, ...] = ()  # as the public sees them: a full one is "whiskey" (face down)
    away: str | None = None  # "escaped", as the reader reads it: off the board for good
    # Marshal & Prisoners: the third line (the Wanted card, the prisoner, the aces, the maluses),
    # as the expansion made it (render.hooks' ``panel_lines``)
    prison: PanelLine | None = None


def _seat_of(obs: Observation, seat: int) -> dict[str, Any]:
    for view in obs["seats"]:
        if view["seat"] == seat:
            return dict(view)
    return {}


def acting_label(obs: Observation, translate: Translate | None) -> str:
    """What the one deciding is to do ("to play", "to aim"…), by the pending decision's kind."""
    now = deciding.deciding(obs)
    key = f"pending.{now.kind if now else None}"
    return txt.t(key if txt.exists(key) else "panel.acting", translate)


def is_acting(obs: Observation, bandit: dict[str, Any]) -> bool:
    """Whether ``bandit``'s panel is marked "to play" / "to aim"…: the engine waits for it
    (render.deciding), or for its player (one bandit a player)."""
    return deciding.marks(obs, str(bandit["name"]))


def team_acting(obs: Observation, seat: int) -> bool:
    """Whether the player of ``seat`` (two bandits) is marked in their frame's header: the decision
    is the player's (to plan, to place, to take a card), not one bandit's."""
    return deciding.marks_frame(obs, seat)


def acting_names(obs: Observation) -> list[str]:
    """Who must decide now, as the planning picture's title shows them: the bandit (with two
    bandits a player: that bandit when the decision is its own, else both of the player's), or
    the Marshal player (``layout.MARSHAL``, M-1)."""
    now = deciding.deciding(obs)
    if now is None:
        return []
    if now.frame is not None:
        return seats.team(obs, now.frame)
    return list(now.panels)


def content(obs: Observation, bandit: dict[str, Any], translate: Translate | None,
            in_team: bool = False) -> PanelContent:
    """What ``bandit``'s panel shows; ``in_team``: in its player's frame, which shows the hand."""
    counts = layout.loot_counts(bandit.get("loot", ()))
    hand = _seat_of(obs, bandit["seat"]).get("hand_size")
    planning = obs.get("phase") in ("planning", "keeping")
    acting = is_acting(obs, bandit)
    out = PanelContent(
        bandit=bandit["name"],
        revolver=int(bandit.get("revolver", 0)),
        bullets_received=int(bandit.get("bullets_received", 0)),
        loot=tuple(counts.get(kind, 0) for kind in LOOT_KINDS),
        hand=int(hand) if planning and hand is not None and not in_team else None,
        acting=acting_label(obs, translate) if acting else None,
    )
    line = next((made for made in (make(obs, bandit) for make in HOOKS.panel_lines) if made is not None), None)
    out = replace(out, prison=line)
    coach = obs.get("stagecoach")
    if not coach:
        return out
    held = coach.get("held", {}).get(bandit["name"])
    return replace(
        out, horses=True,
        hostage=txt.t(f"hostage-name.{held}", translate) if held else None,
        flasks=tuple(sorted(PUBLIC_FLASK.get(kind, kind) for kind in (t.partition(":")[0] for t in bandit["loot"])
                            if kind in PUBLIC_FLASK or kind.endswith("-half"))),
        away=txt.position_name(ESCAPED, translate) if bandit["at"] == ESCAPED else None)


def draw_panels(img: Image.Image, obs: Observation, rects: tuple[Rect, ...], translate: Translate | None) -> None:
    """One panel per bandit; with a Marshal player (M-1), his panel first (render.hooks'
    ``first_panels``)."""
    for first in HOOKS.first_panels:
        r = rects[0]
        panel = first(obs, r.w, r.h, translate)
        if panel is not None:
            img.paste(panel, (r.x, r.y))
            rects = rects[1:]
    for bandit, r in zip(obs["bandits"], rects, strict=False):
        img.paste(_panel(content(obs, bandit, translate), r.w, r.h, translate), (r.x, r.y))


@dataclass(frozen=True, slots=True)
class TeamContent:
    """A player's frame around their two panels: the pair, the hand during planning, who acts."""

    bandits: tuple[str, ...]
    name: str  # the pair's name as the reader reads it
    hand: int | None
    acting: str | None


def team_content(obs: Observation, seat: int, translate: Translate | None) -> TeamContent:
    bandits = tuple(seats.team(obs, seat))
    hand = _seat_of(obs, seat).get("hand_size")
    planning = obs.get("phase") in ("planning", "keeping")
    return TeamContent(bandits, seats.team_name(bandits, translate),
                       int(hand) if planning and hand is not None else None,
                       acting_label(obs, translate) if team_acting(obs, seat) else None)


def draw_teams(img: Image.Image, obs: Observation, frames: tuple[Rect, ...], rects: tuple[Rect, ...],
               translate: Translate | None) -> None:
    """Two bandits a player (V-2, V-3) or two partners (V-4): a dark frame per player or team, its
    header naming the two, their panels in it, so that whose bandit is whose shows at once. A
    player's frame shows the player's hand and turn; partners' panels show their own."""
    by_name = {b["name"]: b for b in obs["bandits"]}
    one_player = layout.pairs_key(obs)
    for i, (group, frame) in enumerate(zip(seats.groups(obs), frames, strict=False)):
        header = team_content(obs, int(by_name[group[0]]["seat"]), translate) if one_player \
            else TeamContent(tuple(group), seats.team_name(group, translate), None, None)
        img.paste(_team_frame(header, frame.w, frame.h), (frame.x, frame.y))
        for name, r in zip(group, rects[2 * i:2 * i + 2], strict=False):
            if name in by_name:
                c = content(obs, by_name[name], translate, in_team=one_player)
                img.paste(_panel(c, r.w, r.h, translate), (r.x, r.y))


@lru_cache(maxsize=64)
def _team_frame(c: TeamContent, w: int, h: int) -> Image.Image:
    img = Image.new("RGB", (w, h), theme.BOARD_BG)
    d = ImageDraw.Draw(img)
    acting = c.acting is not None
    d.rounded_rectangle((0, 0, w - 1, h - 1), radius=11, fill=theme.HEADER_BG,
                        outline=theme.PANEL_ACTIVE if acting else theme.OUTLINE, width=4 if acting else 2)
    mid = layout.TEAM_HEAD_H // 2 + 1
    emblem = seats.emblem(c.bandits, 22)
    draw.paste(img, emblem, (layout.TEAM_PAD + 4, mid - emblem.height // 2))
    x = layout.TEAM_PAD + 4 + emblem.width + 8
    right = w - layout.TEAM_PAD - 6
    if c.hand is not None:
        right = hand_tag(img, right, mid, c.hand, seats.team_back(c.bandits, 14, 20), theme.HEADER_TEXT)
    if c.acting is not None:
        right = acting_tag(img, right, mid, c.acting)
    size = fonts.fit_size(c.name, "bold", 17, right - x, 12)
    draw.text(img, (x, mid), fonts.ellipsize(c.name, "bold", size, right - x), "bold", size, theme.HEADER_TEXT)
    return img


def panel_card(w: int, h: int, sprite: Image.Image, acting: bool, away: bool) -> Image.Image:
    """A panel's card: framed gold while its player acts, greyed (and its pawn faded) once off the
    board, the pawn at its left."""
    img = Image.new("RGB", (w, h), theme.BOARD_BG)
    fill = theme.PANEL_ACTIVE_BG if acting else theme.ESCAPED_BG if away else theme.PANEL_BG
    ImageDraw.Draw(img).rounded_rectangle((0, 0, w - 1, h - 1), radius=9, fill=fill,
                                          outline=theme.PANEL_ACTIVE if acting else theme.PANEL_EDGE,
                                          width=4 if acting else 2)
    draw.paste(img, assets.faded(sprite, 40) if away else sprite, (10, (h - sprite.height) // 2))
    return img


def scaled(k: float) -> Callable[[float], int]:
    """A panel's sizes at its scale (layout.panel_scale): its first design's pixels times ``k``."""
    return lambda v: round(v * k)


@lru_cache(maxsize=256)  # ~70 kB each
def _panel(c: PanelContent, w: int, h: int, translate: Translate | None) -> Image.Image:
    k = layout.panel_scale(w)
    s = scaled(k)
    sprite = assets.big_pawn(c.bandit, txt.initial(c.bandit, translate), 1.25 if k >= 1.5 else 1.0)
    img = panel_card(w, h, sprite, c.acting is not None, bool(c.away))
    x = 10 + sprite.width + s(10)
    line1 = s(21)
    third = c.horses or c.prison is not None
    line2 = h - s(21) if not third else s(47)
    right = w - s(10)
    if c.away:
        right = _tag(img, right, line1, c.away, theme.PANEL_DIM, s)
    if c.hand is not None:
        back = assets.card_back(s(14), s(20), theme.bandit_style(c.bandit).fill)
        right = hand_tag(img, right, line1, c.hand, back, theme.PANEL_TEXT, s)
    if c.acting is not None:
        right = acting_tag(img, right, line1, c.acting, s)
    title = txt.bandit_name(c.bandit, translate)
    size = fonts.fit_size(title, "bold", s(18), right - x, s(15))
    draw.text(img, (x, line1), fonts.ellipsize(title, "bold", size, right - x), "bold", size, theme.PANEL_TEXT)
    compact = layout.compact_panel(w)
    fit = k  # the stats at the panel's scale, or a little smaller where many digits would not fit
    while fit > 1.0 and _stats(None, c, x, line2, scaled(fit), compact) > w - s(10):
        fit -= 0.05
    _stats(img, c, x, line2, scaled(fit), compact)
    if c.horses:
        _third_line(img, c, x, w - s(10), h - s(21), s)
    elif c.prison is not None:
        c.prison.draw(img, x, w - s(10), h - s(21), translate, s)
    return img


ONE = scaled(1.0)


def _stats(img: Image.Image | None, c: PanelContent, x: int, mid: int, s: Callable[[float], int],
           compact: bool) -> int:
    """The revolver, the bullets received and the loot by kind from ``x`` (every kind always in its
    place, a ghost of it when none); where they end. ``img`` None: only measured."""
    def words(at: int, value: str, on: bool) -> int:
        if img is None:
            return fonts.width(value, "bold", s(16))
        return draw.text(img, (at, mid), value, "bold", s(16), theme.PANEL_TEXT if on else theme.PANEL_DIM)

    gap = s(7) if compact else s(10)
    bx = (x + s(9) + words(0, f"×{c.revolver}", True) if img is None and compact else
          x + 6 * s(9) if img is None else revolver(img, x, mid, c.revolver, s, compact)) + gap
    got = c.bullets_received
    if img is not None:
        draw.paste_centred(img, assets.burst(s(20), theme.HIT if got else theme.BULLET_EMPTY), (bx + s(10), mid))
    bx += s(22)
    bx += words(bx, str(got), bool(got)) + gap
    for kind, n in zip(LOOT_KINDS, c.loot, strict=True):
        if img is not None:
            draw.paste(img, assets.loot(kind, s(20)) if n else _dim(kind, s(20)), (bx, mid - s(10)))
        bx += s(21)
        bx += words(bx, str(n), bool(n)) + (s(5) if compact else s(8))
    return bx


def revolver(img: Image.Image, x: int, mid: int, left: int, s: Callable[[float], int], compact: bool) -> int:
    """A revolver's bullets left: six cartridges, the fired ones as outlines; ``compact``, one
    cartridge and the count. Where it ends."""
    if compact:
        draw.paste(img, assets.bullet(s(8), s(19), spent=left == 0), (x, mid - s(10)))
        return x + s(9) + draw.text(img, (x + s(9), mid), f"×{left}", "bold", s(16),
                                    theme.PANEL_TEXT if left else theme.PANEL_DIM)
    for i in range(6):
        draw.paste(img, assets.bullet(s(8), s(19), spent=i >= left), (x + i * s(9), mid - s(10)))
    return x + 6 * s(9)


def hand_tag(img: Image.Image, right: int, mid: int, cards: int, back: Image.Image, colour: theme.RGB,
             s: Callable[[float], int] = ONE) -> int:
    """The cards in hand, right-aligned at ``right``: a small back and the count; the new right edge."""
    tw = draw.text(img, (right, mid), str(cards), "bold", s(16), colour, "r")
    draw.paste(img, back, (right - tw - s(18), mid - back.height // 2))
    return right - tw - s(26)


def acting_tag(img: Image.Image, right: int, mid: int, label: str, s: Callable[[float], int] = ONE) -> int:
    """The "to play" pill, right-aligned at ``right``; the new right edge."""
    size = s(14)
    tw = fonts.width(label, "bold", size)
    box = (right - tw - s(24), mid - s(11), right, mid + s(11))
    d = ImageDraw.Draw(img)
    d.rounded_rectangle(box, radius=s(11), fill=theme.PANEL_ACTIVE)
    d.polygon([(box[0] + s(7), mid - s(5)), (box[0] + s(7), mid + s(5)), (box[0] + s(14), mid)],
              fill=theme.PANEL_TEXT)
    draw.text(img, (box[0] + s(18), mid), label, "bold", size, theme.PANEL_TEXT)
    return box[0] - s(6)


def _tag(img: Image.Image, right: int, mid: int, label: str, colour: theme.RGB, s: Callable[[float], int]) -> int:
    """A grey pill with ``label`` ending at ``right``; returns where the room left of it ends."""
    size = s(14)
    tw = fonts.width(label, "bold", size)
    box = (right - tw - s(16), mid - s(11), right, mid + s(11))
    ImageDraw.Draw(img).rounded_rectangle(box, radius=s(11), fill=colour)
    draw.text(img, (box[0] + s(8), mid), label, "bold", size, theme.BADGE_TEXT)
    return box[0] - s(6)


def draw_flasks(img: Image.Image, flasks: tuple[str, ...], right: int, mid: int,
                s: Callable[[float], int] = ONE) -> int:
    """Flasks (H-13) in a row ending at ``right``, centred on ``mid``; where the row begins."""
    for kind in reversed(flasks):
        right -= s(21)
        draw.paste(img, assets.loot(kind, s(20)), (right, mid - s(10)))
    return right


def _third_line(img: Image.Image, c: PanelContent, x: int, right: int, mid: int, s: Callable[[float], int]) -> None:
    """Horses & Stagecoach: the hostage held (H-12), by name, and the flasks (H-13) at the right."""
    right = draw_flasks(img, c.flasks, right, mid, s)
    icon = assets.hostage(s(22))
    draw.paste(img, icon if c.hostage else _dim_hostage(s(22)), (x + 1, mid - icon.height // 2))
    if c.hostage:
        room = right - s(8) - (x + icon.width + s(7))
        size = fonts.fit_size(c.hostage, "bold", s(15), room, s(11))
        draw.text(img, (x + icon.width + s(7), mid), fonts.ellipsize(c.hostage, "bold", size, room), "bold", size,
                  theme.PANEL_TEXT)


@cache
def _dim_hostage(size: int) -> Image.Image:
    return assets.faded(assets.hostage(size), 30)


@cache
def _dim(kind: str, size: int) -> Image.Image:
    return assets.faded(assets.loot(kind, size), 35)
