"""One panel per bandit under the train: who, bullets left and received, loot, hand, turn."""

from __future__ import annotations

from typing import Any

from PIL import Image, ImageDraw

from render import assets, draw, fonts, layout, theme
from render import text as txt
from render.layout import Rect
from render.text import Translate

Observation = dict[str, Any]
LOOT_KINDS = ("purse", "jewel", "strongbox")


def _seat_of(obs: Observation, seat: int) -> dict[str, Any]:
    for view in obs["seats"]:
        if view["seat"] == seat:
            return dict(view)
    return {}


def acting_label(obs: Observation, translate: Translate | None) -> str:
    pending = obs.get("pending") or {}
    key = f"pending.{pending.get('kind')}"
    return txt.t(key if key in txt.TEXTS else "panel.acting", translate)


def is_acting(obs: Observation, bandit: dict[str, Any]) -> bool:
    pending = obs.get("pending")
    if not pending:
        return False
    if pending.get("bandit"):
        return bool(pending["bandit"] == bandit["name"])
    return bool(pending.get("seat") == bandit["seat"])


def draw_panels(img: Image.Image, obs: Observation, rects: tuple[Rect, ...], translate: Translate | None) -> None:
    for bandit, r in zip(obs["bandits"], rects, strict=False):
        panel(img, obs, bandit, r, translate)


def panel(img: Image.Image, obs: Observation, bandit: dict[str, Any], r: Rect, translate: Translate | None) -> None:
    d = ImageDraw.Draw(img)
    acting = is_acting(obs, bandit)
    bg = theme.PANEL_ACTIVE_BG if acting else theme.PANEL_BG
    d.rounded_rectangle(r.box(), radius=9, fill=bg, outline=theme.PANEL_ACTIVE if acting else theme.PANEL_EDGE,
                        width=4 if acting else 2)
    name = bandit["name"]
    sprite = assets.pawn(name)
    draw.paste(img, sprite, (r.x + 10, r.y + (r.h - sprite.height) // 2))
    x = r.x + 10 + sprite.width + 10
    line1 = r.y + 21
    line2 = r.y + r.h - 21
    right = r.right - 10
    # hand size (planning only: the rest of the round every hand is back in its deck)
    seat = _seat_of(obs, bandit["seat"])
    hand = seat.get("hand_size")
    if obs.get("phase") in ("planning", "keeping") and hand is not None:
        label = str(hand)
        w = draw.text(img, (right, line1), label, "bold", 16, theme.PANEL_TEXT, "r")
        draw.paste(img, assets.card_back(14, 20, theme.bandit_style(name).fill), (right - w - 18, line1 - 10))
        right -= w + 26
    if acting:
        tag = acting_label(obs, translate)
        size = 14
        tw = fonts.width(tag, "bold", size)
        box = (right - tw - 24, line1 - 11, right, line1 + 11)
        d.rounded_rectangle(box, radius=11, fill=theme.PANEL_ACTIVE)
        d.polygon([(box[0] + 7, line1 - 5), (box[0] + 7, line1 + 5), (box[0] + 14, line1)], fill=theme.PANEL_TEXT)
        draw.text(img, (box[0] + 18, line1), tag, "bold", size, theme.PANEL_TEXT)
        right = box[0] - 6
    title = txt.bandit_name(name, translate)
    size = fonts.fit_size(title, "bold", 18, right - x, 12)
    draw.text(img, (x, line1), fonts.ellipsize(title, "bold", size, right - x), "bold", size, theme.PANEL_TEXT)
    # revolver: bullets left as cartridges, fired ones as empty outlines
    left = int(bandit.get("revolver", 0))
    bx = x
    for i in range(6):
        draw.paste(img, assets.bullet(8, 19, spent=i >= left), (bx + i * 9, line2 - 10))
    bx += 6 * 9 + 10
    # bullets received
    got = int(bandit.get("bullets_received", 0))
    draw.paste_centred(img, assets.burst(20, theme.HIT if got else theme.BULLET_EMPTY), (bx + 10, line2))
    bx += 22
    bx += draw.text(img, (bx, line2), str(got), "bold", 15, theme.PANEL_TEXT if got else theme.PANEL_DIM) + 10
    # loot by kind
    counts = layout.loot_counts(bandit.get("loot", ()))
    for kind in LOOT_KINDS:
        n = counts.get(kind, 0)
        icon = assets.loot(kind, 20) if n else _dim(kind)
        draw.paste(img, icon, (bx, line2 - 10))
        bx += 21
        bx += draw.text(img, (bx, line2), str(n), "bold", 15, theme.PANEL_TEXT if n else theme.PANEL_DIM) + 8


def _dim(kind: str) -> Image.Image:
    return _dim_loot(kind)


from functools import cache  # noqa: E402


@cache
def _dim_loot(kind: str) -> Image.Image:
    icon = assets.loot(kind, 20).copy()
    icon.putalpha(icon.getchannel("A").point(lambda a: a * 35 // 100))
    return icon
