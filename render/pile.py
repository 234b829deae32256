"""The planning pile: face-up cards shown, face-down ones as backs in their owner's colour.

``strip`` draws it as a row of small cards in the train picture; ``pile_image`` is a picture of its
own with bigger cards, for the moments when the pile is the news (planning).
"""

from __future__ import annotations

from functools import cache, lru_cache
from typing import Any

from PIL import Image, ImageDraw

from render import assets, draw, fonts, layout, seats, theme
from render import text as txt
from render.layout import Rect
from render.text import Translate

Observation = dict[str, Any]


def _owner(obs: Observation, played: dict[str, Any]) -> str | None:
    """The bandit whose colour a card wears: its bandit when shown, else its seat's bandit."""
    if played.get("bandit"):
        return str(played["bandit"])
    for seat in obs["seats"]:
        if seat["seat"] == played["seat"] and seat["bandits"]:
            return str(seat["bandits"][0])
    return None


def hidden_pair(obs: Observation, played: dict[str, Any], shown: bool) -> tuple[str, ...]:
    """A face-down card of a player with two bandits whose bandit the picture may not show: the
    pair it is one of (its back wears both colours); else ``()``."""
    if shown or played.get("bandit") or not seats.paired(obs):
        return ()
    return tuple(seats.team(obs, int(played["seat"])))


def _shown(obs: Observation, played: dict[str, Any], own_hidden: bool) -> bool:
    """Whether the card's face may be drawn: face up, resolved, or (``own_hidden``, in a player's
    own picture) the viewer's own hidden card."""
    if not played.get("action"):
        return False
    if not played["face_down"] or played["resolved"]:
        return True
    return own_hidden and obs.get("viewer") is not None and obs.get("viewer") == played["seat"]


def _next_index(obs: Observation) -> int | None:
    if obs.get("phase") != "stealing":
        return None
    for i, played in enumerate(obs.get("pile", ())):
        if not played["resolved"]:
            return i
    return None


MiniCard = tuple[str | None, str | None, bool, tuple[str, ...]]  # owner, action (None: a back), veiled, pair


def strip(img: Image.Image, obs: Observation, r: Rect, translate: Translate | None) -> None:
    """The pile as small cards in the train picture, which is public: a hidden card is a back even
    when the observation is its owner's."""
    cards = list(obs.get("pile") or ())
    if not cards and obs.get("phase") == "over":
        return
    veiled = obs.get("phase") in ("stealing", "event", "round-end")
    minis: list[MiniCard] = []
    for played in cards:
        shown = _shown(obs, played, own_hidden=False)
        minis.append((_owner(obs, played), played["action"] if shown else None, bool(played["resolved"] and veiled),
                      hidden_pair(obs, played, shown)))
    img.paste(_strip(tuple(minis), _next_index(obs), r.w, r.h, translate), (r.x, r.y))


@lru_cache(maxsize=64)  # ~180 kB each
def _strip(cards: tuple[MiniCard, ...], next_i: int | None, width: int, height: int,
           translate: Translate | None) -> Image.Image:
    img = Image.new("RGB", (width, height), theme.BOARD_BG)
    mid = height // 2
    x0 = layout.MARGIN + 4
    lw = draw.text(img, (x0, mid), txt.t("pile.title", translate), "bold", 20, theme.PANEL_TEXT)
    x = x0 + max(lw, 40) + 12
    if not cards:
        draw.text(img, (x, mid), txt.t("pile.empty", translate), "regular", 18, theme.PANEL_DIM)
        return img
    w, h = layout.MINI_CARD_W, layout.MINI_CARD_H
    room = width - layout.MARGIN - x
    step = min(w + 5, (room - w) / max(1, len(cards) - 1))
    d = ImageDraw.Draw(img)
    top = mid - h // 2
    for i, (owner, action, veil, pair) in enumerate(cards):
        cx = int(x + i * step)
        sprite = seats.team_back(pair, w, h) if pair else assets.card(owner, action, action is None, w, h)
        draw.paste(img, sprite, (cx, top))
        if veil:
            colour, mask = _veil(w, h)
            img.paste(colour, (cx, top), mask)
        if i == next_i:
            d.rounded_rectangle((cx - 3, top - 3, cx + w + 2, top + h + 2), radius=6, outline=theme.CARD_NEXT, width=3)
    return img


@cache
def _veil(w: int, h: int) -> tuple[Image.Image, Image.Image]:
    """A resolved card's veil: its colour and its card-shaped mask."""
    mask = Image.new("L", (w, h), 0)
    ImageDraw.Draw(mask).rounded_rectangle((0, 0, w - 1, h - 1), radius=max(3, w // 9),
                                           fill=theme.CARD_RESOLVED_VEIL[3])
    return Image.new("RGB", (w, h), theme.CARD_RESOLVED_VEIL[:3]), mask


def pile_image(obs: Observation, *, translate: Translate | None = None) -> Image.Image:
    """The round's pile in big cards, in the order played (the order they resolve), wrapped in rows.

    From a player's observation (``observe(game, seat)``) it is that player's picture: their own
    face-down cards are shown, marked with a folded corner. Post only public ones in the channel."""
    cards = list(obs.get("pile") or ())
    w, h = layout.CARD_W, layout.CARD_H
    gap = layout.CARD_GAP
    per_row = max(1, (layout.WIDTH - 2 * layout.MARGIN + gap) // (w + gap))
    rows = max(1, -(-len(cards) // per_row))
    title_h = layout.TITLE_H - 4
    name_h = 24
    height = title_h + rows * (h + name_h + gap) + layout.MARGIN
    img = Image.new("RGB", (layout.WIDTH, height), theme.BOARD_BG)
    d = ImageDraw.Draw(img)
    d.rectangle((0, 0, layout.WIDTH, title_h - 6), fill=theme.HEADER_BG)
    title = txt.t("pile.title", translate)
    rnd = obs.get("round")
    if rnd:
        title = f"{txt.t('header.round', translate, n=rnd, total=obs.get('rounds') or 5)} · {title}"
    draw.text(img, (layout.MARGIN + 4, (title_h - 6) / 2), title, "bold", 19, theme.HEADER_TEXT)
    count = txt.t("pile.count", translate, n=len(cards))
    draw.text(img, (layout.WIDTH - layout.MARGIN - 4, (title_h - 6) / 2), count, "regular", 15,
              theme.HEADER_DIM, "r")
    if not cards:
        draw.text(img, (layout.WIDTH / 2, title_h + h / 2), txt.t("pile.empty", translate), "regular", 18,
                  theme.PANEL_DIM, "m")
        return img
    next_i = _next_index(obs)
    row_w = min(len(cards), per_row) * (w + gap) - gap
    left = (layout.WIDTH - row_w) // 2
    for i, played in enumerate(cards):
        row, col = divmod(i, per_row)
        x = left + col * (w + gap)
        y = title_h + row * (h + name_h + gap)
        owner = _owner(obs, played)
        shown = _shown(obs, played, own_hidden=True)
        label = txt.action_name(played["action"], translate) if shown else ""
        pair = hidden_pair(obs, played, shown)
        if pair:  # a player with two bandits: which one's card it is, nobody else knows yet
            draw.paste(img, seats.team_back(pair, w, h), (x, y))
        else:
            draw.paste(img, assets.card(owner, played["action"] if shown else None, not shown, w, h, label=label),
                       (x, y))
        if shown and played["face_down"] and not played["resolved"]:
            # the viewer's own hidden card: a corner fold says "only you see this"
            d.polygon([(x + w - 22, y + 2), (x + w - 3, y + 2), (x + w - 3, y + 21)], fill=theme.HEADER_BG)
        if played["resolved"] and obs.get("phase") in ("stealing", "event", "round-end"):
            colour, mask = _veil(w, h)
            img.paste(colour, (x, y), mask)
        if i == next_i:
            d.rounded_rectangle((x - 4, y - 4, x + w + 3, y + h + 3), radius=10, outline=theme.CARD_NEXT, width=4)
        name = seats.team_name(pair, translate) if pair else txt.bandit_name(owner, translate)
        size = fonts.fit_size(name, "condensed-bold", 15, w, 10)
        name = fonts.ellipsize(name, "condensed-bold", size, w + gap)
        draw.text(img, (x + w / 2, y + h + name_h / 2), name, "condensed-bold", size, theme.PANEL_TEXT, "m")
    return img
