"""Sprites, drawn once and kept: pictures only paste them (never draw on a cached image)."""

from __future__ import annotations

from functools import cache

from PIL import Image, ImageDraw

from render import fonts, icons, layout, theme
from render.hooks import HOOKS
from render.theme import RGB


@cache
def pawn(name: str, letter: str) -> Image.Image:
    with fonts.LOCK:
        return icons.pawn(name, letter, layout.PAWN_W, layout.PAWN_H, layout.HEAD_D)


@cache
def big_pawn(name: str, letter: str, scale: float) -> Image.Image:
    """A bigger pawn for panels and the scoreboard."""
    with fonts.LOCK:
        return icons.pawn(name, letter, round(layout.PAWN_W * scale), round(layout.PAWN_H * scale),
                          round(layout.HEAD_D * scale))


def faded(sprite: Image.Image, percent: int) -> Image.Image:
    """A copy of ``sprite`` at ``percent`` of its opacity."""
    img = sprite.copy()
    img.putalpha(img.getchannel("A").point(lambda a: a * percent // 100))
    return img


@cache
def marshal() -> Image.Image:
    return icons.marshal(layout.PAWN_W, layout.PAWN_H, layout.HEAD_D)


@cache
def big_marshal(scale: float) -> Image.Image:
    """The Marshal's piece at a panel's size (render.panels)."""
    return icons.marshal(round(layout.PAWN_W * scale), round(layout.PAWN_H * scale), round(layout.HEAD_D * scale))


@cache
def loot(kind: str, size: int) -> Image.Image:
    painter = icons.LOOT_PAINTERS.get(kind)
    if painter is None:
        return symbol("?", size, theme.OUTLINE)
    with fonts.LOCK:
        return painter(size)


@cache
def bullet(w: int, h: int, spent: bool = False) -> Image.Image:
    return icons.bullet(w, h, spent=spent)


@cache
def burst(size: int, fill: RGB = theme.HIT) -> Image.Image:
    return icons.burst(size, fill)


@cache
def fist(size: int) -> Image.Image:
    return icons.fist(size)


@cache
def crown(size: int) -> Image.Image:
    return icons.crown(size)


@cache
def symbol(kind: str, size: int, ink: RGB) -> Image.Image:
    with fonts.LOCK:
        return icons.symbol(kind, size, ink)


@cache
def card_back(w: int, h: int, fill: RGB) -> Image.Image:
    return icons.card_back(w, h, fill)


def _card_colours(owner: str | None) -> tuple[RGB, RGB]:
    """An action card's face colour and ink: the owner's colour."""
    style = theme.bandit_style(owner)
    return style.fill, style.ink


@cache
def card(owner: str | None, action: str | None, face_down: bool, w: int, h: int, dead: bool = False,
         label: str = "", marked: bool = False) -> Image.Image:
    """A card: face up, its action's symbol on its owner's colour (a bullet card: the shooter's
    colour); face down, a back in its owner's colour with a diagonal weave. ``dead`` greys it out.
    ``label`` (the action's name) is written under the symbol on big cards. ``marked`` leaves the
    top left corner free for the owner's disc (render.variants.pairs): a smaller symbol, lower."""
    fill, ink = _card_colours(owner)
    img = Image.new("RGBA", (w, h), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    radius = max(3, w // 9)
    if face_down:
        back = theme.darker(fill, 0.25) if owner != "ghost" else theme.darker(fill, 0.12)
        d.rounded_rectangle((0, 0, w - 1, h - 1), radius=radius, fill=back, outline=theme.CARD_EDGE, width=2)
        inner = (4, 4, w - 5, h - 5)
        d.rounded_rectangle(inner, radius=max(2, radius - 2), outline=theme.lighter(back, 0.35), width=1)
        mask = Image.new("L", (w, h), 0)
        ImageDraw.Draw(mask).rounded_rectangle(inner, radius=max(2, radius - 2), fill=255)
        weave = Image.new("RGBA", (w, h), (0, 0, 0, 0))
        wd = ImageDraw.Draw(weave)
        step = max(5, w // 5)
        stripe = theme.lighter(back, 0.22) if sum(back) < 300 else theme.darker(back, 0.15)
        for x in range(-h, w + h, step):
            wd.line((x, 0, x + h, h), fill=(*stripe, 255), width=max(1, w // 18))
            wd.line((x + h, 0, x, h), fill=(*stripe, 255), width=max(1, w // 18))
        img.paste(weave, (0, 0), Image.composite(weave.getchannel("A"), mask, mask))
        return img
    face = fill
    if dead:
        face, ink = theme.CARD_DEAD, theme.CARD_DEAD_INK
    d.rounded_rectangle((0, 0, w - 1, h - 1), radius=radius, fill=theme.CARD_FACE if not dead else face,
                        outline=theme.CARD_EDGE, width=2)
    band = max(4, h // 9)
    inner = (3, 3, w - 4, h - 4)
    d.rounded_rectangle(inner, radius=max(2, radius - 2), fill=face)
    if not dead:
        d.rounded_rectangle((3, 3, w - 4, 3 + band), radius=max(2, radius - 2), fill=theme.lighter(face, 0.25))
    sym = int(min(w, h) * (0.58 if not label else 0.44 if marked else 0.52))
    icon = symbol(action or "?", sym, ink)
    top = (h - sym) // 2 if not label else int(h * (0.30 if marked else 0.16))
    img.alpha_composite(icon, ((w - sym) // 2, top))
    if label:
        lines = fonts.lines_to_fit(label, "condensed-bold", max(11, w // 7), w - 8)
        size = min(fonts.fit_size(line, "condensed-bold", max(11, w // 7), w - 8, 9) for line in lines)
        step = size + 2
        for i, line in enumerate(lines):
            sprite, mid = fonts.sprite(line, "condensed-bold", size, ink)
            y = int(h * 0.80) - (len(lines) - 1 - 2 * i) * step // 2
            img.alpha_composite(sprite, ((w - sprite.width) // 2, y - mid))
    return img


# --- an expansion's, drawn by it (render.hooks) ---------------------------------------------------


def hostage(size: int) -> Image.Image:
    """The hostage's icon (Horses & Stagecoach, H-12) in a panel or the final count's column."""
    return HOOKS.icons["hostage"](size)


def preload() -> None:
    """Draw every sprite now (at bot start-up), so that the first picture is as fast as the rest."""
    from render.text import initial

    for name in theme.BANDITS:
        pawn(name, initial(name))
        big_pawn(name, initial(name), 1.0)
    marshal()
    for more in HOOKS.preload:  # the expansions' sprites (the shotgun, the horses)
        more()
    for kind in icons.LOOT_PAINTERS:
        for size in (layout.LOOT_ICON, layout.ROOF_LOOT_ICON, layout.COACH_LOOT_ICON, 18, 22):
            loot(kind, size)
    for style in fonts.FILES:
        fonts.font(style, 16)
