"""The art: pawns, loot, bullets, cards' symbols, drawn by code (no publisher artwork).

Each function paints one sprite at four times its size and shrinks it, which smooths its edges;
render.assets calls them once per size and keeps the result.
"""

from __future__ import annotations

import math
from collections.abc import Callable

from PIL import Image, ImageDraw

from render import fonts, theme
from render.theme import RGB

SS = 4  # supersampling factor
Painter = Callable[[ImageDraw.ImageDraw, float], None]
Point = tuple[float, float]


def supersampled(w: int, h: int, paint: Painter) -> Image.Image:
    """A ``w``×``h`` RGBA sprite painted by ``paint(draw, unit)`` on a canvas ``SS`` times larger;
    ``unit`` is one sprite pixel in canvas pixels."""
    big = Image.new("RGBA", (w * SS, h * SS), (0, 0, 0, 0))
    paint(ImageDraw.Draw(big), float(SS))
    return big.resize((w, h), Image.Resampling.LANCZOS)


def _pts(points: list[Point], u: float, dx: float = 0, dy: float = 0) -> list[tuple[float, float]]:
    return [((x + dx) * u, (y + dy) * u) for x, y in points]


def _box(x0: float, y0: float, x1: float, y1: float, u: float) -> tuple[float, float, float, float]:
    return x0 * u, y0 * u, x1 * u, y1 * u


# --- pawns ---------------------------------------------------------------------------------------


def _meeple(d: ImageDraw.ImageDraw, u: float, w: float, h: float, head_d: float, fill: RGB) -> None:
    """A pawn: a round head over a body with arms and two legs, outlined."""
    cx = w / 2
    k = w / 32  # the shape is drawn for a 32-pixel-wide pawn and scaled
    outline = theme.OUTLINE
    o = 1.7

    def body(inset: float) -> list[Point]:
        i = inset
        return [
            (cx - 5.5 * k + i * 0.4, head_d - 1 + i), (cx + 5.5 * k - i * 0.4, head_d - 1 + i),  # neck
            (w - 1.5 - i, head_d + 5 * k + i * 0.4), (w - 1.5 - i, head_d + 10 * k - i),  # right arm
            (cx + 7.5 * k - i * 0.6, head_d + 9 * k - i * 0.2), (w - 4 * k - i, h - 1.5 - i),  # right leg
            (cx + 2 * k + i * 0.6, h - 1.5 - i), (cx, h - 7 * k - i * 1.4), (cx - 2 * k - i * 0.6, h - 1.5 - i),
            (4 * k + i, h - 1.5 - i), (cx - 7.5 * k + i * 0.6, head_d + 9 * k - i * 0.2),  # left leg
            (1.5 + i, head_d + 10 * k - i), (1.5 + i, head_d + 5 * k + i * 0.4),  # left arm
        ]

    d.polygon(_pts(body(0), u), fill=outline)
    d.polygon(_pts(body(o), u), fill=fill)
    r = head_d / 2
    d.ellipse(_box(cx - r, 0.5, cx + r, 0.5 + head_d, u), fill=outline)
    d.ellipse(_box(cx - r + o, 0.5 + o, cx + r - o, 0.5 + head_d - o, u), fill=fill)


def pawn(name: str, letter: str, w: int, h: int, head_d: int) -> Image.Image:
    """A bandit's pawn in the bandit's colour with the bandit's initial (``letter``) on its chest."""
    style = theme.bandit_style(name)

    def paint(d: ImageDraw.ImageDraw, u: float) -> None:
        _meeple(d, u, w, h, head_d, style.fill)
        size = int((12 if len(letter) > 1 else 16) * u)
        cx, cy = w / 2 * u, (head_d + (h - head_d) * 0.40) * u
        d.text((cx, cy), letter, fill=style.ink, font=fonts.font("bold", size), anchor="mm")

    return supersampled(w, h, paint)


def marshal(w: int, h: int, head_d: int) -> Image.Image:
    """The marshal: a pale pawn with a wide hat and a gold star."""

    def paint(d: ImageDraw.ImageDraw, u: float) -> None:
        _meeple(d, u, w, h, head_d, theme.MARSHAL_BODY)
        cx = w / 2
        # hat: crown and brim
        d.rounded_rectangle(_box(cx - 6, -0.5, cx + 6, head_d * 0.45, u), radius=2 * u, fill=theme.MARSHAL_HAT)
        d.rounded_rectangle(_box(cx - 11, head_d * 0.38, cx + 11, head_d * 0.38 + 3.2, u), radius=1.5 * u,
                            fill=theme.MARSHAL_HAT)
        _star(d, u, cx, head_d + (h - head_d) * 0.36, 6.2, theme.MARSHAL_STAR)

    return supersampled(w, h, paint)


def _star(d: ImageDraw.ImageDraw, u: float, cx: float, cy: float, r: float, fill: RGB, points: int = 5) -> None:
    pts: list[Point] = []
    for i in range(points * 2):
        a = -math.pi / 2 + i * math.pi / points
        rr = r if i % 2 == 0 else r * 0.45
        pts.append((cx + rr * math.cos(a), cy + rr * math.sin(a)))
    d.polygon(_pts(pts, u), fill=fill, outline=theme.OUTLINE, width=max(1, int(0.9 * u)))


# --- loot ----------------------------------------------------------------------------------------


def purse(s: int) -> Image.Image:
    """A money bag, tied at the neck (its value is never shown)."""

    def paint(d: ImageDraw.ImageDraw, u: float) -> None:
        o = theme.OUTLINE
        d.ellipse(_box(s * 0.08, s * 0.30, s * 0.92, s * 0.98, u), fill=o)
        d.ellipse(_box(s * 0.08 + 1.2, s * 0.30 + 1.2, s * 0.92 - 1.2, s * 0.98 - 1.2, u), fill=theme.PURSE)
        neck = [(s * 0.36, s * 0.34), (s * 0.30, s * 0.10), (s * 0.70, s * 0.10), (s * 0.64, s * 0.34)]
        d.polygon(_pts(neck, u), fill=theme.PURSE, outline=o, width=int(1.2 * u))
        d.rounded_rectangle(_box(s * 0.28, s * 0.26, s * 0.72, s * 0.36, u), radius=u, fill=theme.PURSE_TIE,
                            outline=o, width=int(0.9 * u))
        d.text((s * 0.5 * u, s * 0.68 * u), "$", fill=theme.PURSE_DARK, anchor="mm",
               font=fonts.font("bold", int(s * 0.42 * u)))

    return supersampled(s, s, paint)


def jewel(s: int) -> Image.Image:
    """A cut gem."""

    def paint(d: ImageDraw.ImageDraw, u: float) -> None:
        o = theme.OUTLINE
        top, girdle, bottom = s * 0.16, s * 0.42, s * 0.94
        outline = [(s * 0.28, top), (s * 0.72, top), (s * 0.96, girdle), (s * 0.5, bottom), (s * 0.04, girdle)]
        d.polygon(_pts(outline, u), fill=theme.JEWEL, outline=o, width=int(1.2 * u))
        crown = [(s * 0.28, top), (s * 0.72, top), (s * 0.62, girdle), (s * 0.38, girdle)]
        d.polygon(_pts(crown, u), fill=theme.lighter(theme.JEWEL, 0.5))
        d.polygon(_pts([(s * 0.38, girdle), (s * 0.62, girdle), (s * 0.5, bottom)], u),
                  fill=theme.mix(theme.JEWEL, theme.JEWEL_DARK, 0.45))
        d.line(_pts([(s * 0.04, girdle), (s * 0.96, girdle)], u), fill=o, width=int(0.9 * u))
        d.polygon(_pts(outline, u), outline=o, width=int(1.2 * u))

    return supersampled(s, s, paint)


def strongbox(s: int) -> Image.Image:
    """An iron-bound chest of gold."""

    def paint(d: ImageDraw.ImageDraw, u: float) -> None:
        o = theme.OUTLINE
        d.rounded_rectangle(_box(s * 0.04, s * 0.18, s * 0.96, s * 0.9, u), radius=2 * u, fill=theme.STRONGBOX,
                            outline=o, width=int(1.3 * u))
        d.rectangle(_box(s * 0.04, s * 0.40, s * 0.96, s * 0.50, u), fill=theme.STRONGBOX_DARK)
        for x in (0.22, 0.78):
            d.rectangle(_box(s * x - s * 0.05, s * 0.18, s * x + s * 0.05, s * 0.9, u), fill=theme.STRONGBOX_DARK)
        d.rounded_rectangle(_box(s * 0.40, s * 0.36, s * 0.60, s * 0.62, u), radius=u, fill=theme.lighter(
            theme.STRONGBOX, 0.4), outline=o, width=int(0.9 * u))
        d.rounded_rectangle(_box(s * 0.04, s * 0.18, s * 0.96, s * 0.9, u), radius=2 * u, outline=o,
                            width=int(1.3 * u))

    return supersampled(s, s, paint)


LOOT_PAINTERS: dict[str, Callable[[int], Image.Image]] = {
    "purse": purse,
    "jewel": jewel,
    "strongbox": strongbox,
}


# --- bullets, hits, cards ------------------------------------------------------------------------


def bullet(w: int, h: int, *, spent: bool = False, colour: RGB | None = None) -> Image.Image:
    """A cartridge standing up; ``spent``: only its outline (a bullet already fired)."""

    def paint(d: ImageDraw.ImageDraw, u: float) -> None:
        o = theme.OUTLINE
        body = colour or theme.BULLET_BRASS
        if spent:
            d.rounded_rectangle(_box(1, h * 0.30, w - 1, h - 0.8, u), radius=u, outline=theme.BULLET_EMPTY,
                                width=int(1.2 * u))
            d.pieslice(_box(1, 0.5, w - 1, h * 0.62, u), 180, 360, outline=theme.BULLET_EMPTY, width=int(1.2 * u))
            return
        d.pieslice(_box(1, 0.5, w - 1, h * 0.62, u), 180, 360, fill=theme.BULLET_TIP, outline=o, width=int(u))
        d.rounded_rectangle(_box(1, h * 0.30, w - 1, h - 0.8, u), radius=0.8 * u, fill=body, outline=o,
                            width=int(u))
        d.line(_pts([(1, h * 0.80), (w - 1, h * 0.80)], u), fill=o, width=int(0.8 * u))

    return supersampled(w, h, paint)


def burst(s: int, fill: RGB = theme.HIT, points: int = 9) -> Image.Image:
    """An impact: a jagged star."""

    def paint(d: ImageDraw.ImageDraw, u: float) -> None:
        c = s / 2
        pts: list[Point] = []
        for i in range(points * 2):
            a = -math.pi / 2 + i * math.pi / points
            r = c - 0.8 if i % 2 == 0 else c * 0.52
            pts.append((c + r * math.cos(a), c + r * math.sin(a)))
        d.polygon(_pts(pts, u), fill=fill, outline=theme.OUTLINE, width=int(1.1 * u))
        if fill == theme.FIRE_FLASH:
            inner = [(c + (x - c) * 0.5, c + (y - c) * 0.5) for x, y in pts]
            d.polygon(_pts(inner, u), fill=theme.FIRE_LINE)

    return supersampled(s, s, paint)


def card_back(w: int, h: int, fill: RGB) -> Image.Image:
    """A small face-down card (hand size in a panel)."""

    def paint(d: ImageDraw.ImageDraw, u: float) -> None:
        d.rounded_rectangle(_box(0.6, 0.6, w - 0.6, h - 0.6, u), radius=2 * u, fill=fill, outline=theme.OUTLINE,
                            width=int(1.1 * u))
        d.rounded_rectangle(_box(3, 3, w - 3, h - 3, u), radius=u, outline=theme.lighter(fill, 0.45),
                            width=int(0.9 * u))

    return supersampled(w, h, paint)


def fist(s: int) -> Image.Image:
    """A clenched fist seen from the front: four knuckles over a thumb."""

    def paint(d: ImageDraw.ImageDraw, u: float) -> None:
        o = theme.OUTLINE
        lw = max(1, int(1.1 * u))
        skin = theme.FIST
        d.rounded_rectangle(_box(s * 0.14, s * 0.40, s * 0.86, s * 0.96, u), radius=s * 0.14 * u, fill=skin,
                            outline=o, width=lw)
        for i in range(4):
            x0 = s * (0.10 + i * 0.20)
            d.rounded_rectangle(_box(x0, s * 0.10, x0 + s * 0.21, s * 0.52, u), radius=s * 0.09 * u, fill=skin,
                                outline=o, width=lw)
        d.rounded_rectangle(_box(s * 0.10, s * 0.50, s * 0.66, s * 0.68, u), radius=s * 0.08 * u, fill=skin,
                            outline=o, width=lw)

    return supersampled(s, s, paint)


def crown(s: int) -> Image.Image:
    def paint(d: ImageDraw.ImageDraw, u: float) -> None:
        pts = [(s * 0.06, s * 0.30), (s * 0.30, s * 0.55), (s * 0.5, s * 0.18), (s * 0.70, s * 0.55),
               (s * 0.94, s * 0.30), (s * 0.84, s * 0.86), (s * 0.16, s * 0.86)]
        d.polygon(_pts(pts, u), fill=theme.GOLD, outline=theme.OUTLINE, width=int(1.2 * u))
        for x, y in ((0.06, 0.30), (0.5, 0.18), (0.94, 0.30)):
            d.ellipse(_box(s * x - 1.8, s * y - 1.8, s * x + 1.8, s * y + 1.8, u), fill=theme.GOLD,
                      outline=theme.OUTLINE, width=int(0.9 * u))

    return supersampled(s, s, paint)


# --- card and turn symbols -----------------------------------------------------------------------


def _arrow_head(d: ImageDraw.ImageDraw, u: float, tip: Point, angle: float, size: float, fill: RGB) -> None:
    a1, a2 = angle + math.radians(150), angle - math.radians(150)
    pts = [tip, (tip[0] + size * math.cos(a1), tip[1] + size * math.sin(a1)),
           (tip[0] + size * math.cos(a2), tip[1] + size * math.sin(a2))]
    d.polygon(_pts(pts, u), fill=fill)


def symbol(kind: str, s: int, ink: RGB) -> Image.Image:
    """The symbol of an action card (move, floor, fire, punch, rob, marshal, bullet) or a round
    card's turn (S, T, D, R), in one colour."""
    if kind in ("move+", "floor+"):  # the Marshal's Move+ and Change floor+: the symbol and a plus
        out = Image.new("RGBA", (s, s), (0, 0, 0, 0))
        inner = symbol(kind[:-1], round(s * 0.74), ink)
        out.alpha_composite(inner, (0, s - inner.height))

        def plus(d: ImageDraw.ImageDraw, u: float) -> None:
            d.rectangle(_box(s * 0.70, s * 0.02, s * 0.82, s * 0.40, u), fill=ink)
            d.rectangle(_box(s * 0.57, s * 0.15, s * 0.95, s * 0.27, u), fill=ink)

        out.alpha_composite(supersampled(s, s, plus))
        return out

    def paint(d: ImageDraw.ImageDraw, u: float) -> None:
        lw = max(1, int(s * 0.11 * u))
        c = s / 2
        if kind == "move":
            d.line(_pts([(s * 0.14, c), (s * 0.86, c)], u), fill=ink, width=lw)
            _arrow_head(d, u, (s * 0.98, c), 0, s * 0.34, ink)
            _arrow_head(d, u, (s * 0.02, c), math.pi, s * 0.34, ink)
        elif kind == "floor":
            d.line(_pts([(c, s * 0.14), (c, s * 0.86)], u), fill=ink, width=lw)
            _arrow_head(d, u, (c, s * 0.02), -math.pi / 2, s * 0.34, ink)
            _arrow_head(d, u, (c, s * 0.98), math.pi / 2, s * 0.34, ink)
        elif kind == "fire":
            # a revolver, barrel to the right
            d.rectangle(_box(s * 0.30, s * 0.28, s * 0.96, s * 0.42, u), fill=ink)
            d.rounded_rectangle(_box(s * 0.26, s * 0.22, s * 0.58, s * 0.52, u), radius=s * 0.05 * u, fill=ink)
            grip = [(s * 0.28, s * 0.48), (s * 0.46, s * 0.48), (s * 0.34, s * 0.92), (s * 0.10, s * 0.86)]
            d.polygon(_pts(grip, u), fill=ink)
            d.arc(_box(s * 0.38, s * 0.40, s * 0.60, s * 0.66, u), 0, 180, fill=ink, width=max(1, lw // 2))
            d.rectangle(_box(s * 0.86, s * 0.18, s * 0.92, s * 0.28, u), fill=ink)
        elif kind == "punch":
            # a fist: four knuckles over the back of the hand, the thumb folded across (cut lines)
            for i in range(4):
                x0 = s * (0.12 + i * 0.19)
                d.rounded_rectangle(_box(x0, s * 0.14, x0 + s * 0.19, s * 0.50, u), radius=s * 0.08 * u, fill=ink)
            d.rounded_rectangle(_box(s * 0.12, s * 0.40, s * 0.88, s * 0.90, u), radius=s * 0.14 * u, fill=ink)
            cut = (0, 0, 0, 0)
            thin = max(1, int(s * 0.05 * u))
            for i in range(1, 4):
                x = s * (0.12 + i * 0.19)
                d.line(_pts([(x, s * 0.16), (x, s * 0.42)], u), fill=cut, width=thin)
            d.line(_pts([(s * 0.16, s * 0.50), (s * 0.56, s * 0.50), (s * 0.66, s * 0.62)], u), fill=cut, width=thin)
        elif kind == "rob":
            d.ellipse(_box(s * 0.14, s * 0.34, s * 0.86, s * 0.96, u), fill=ink)
            d.polygon(_pts([(s * 0.38, s * 0.38), (s * 0.30, s * 0.08), (s * 0.70, s * 0.08), (s * 0.62, s * 0.38)],
                           u), fill=ink)
            d.line(_pts([(s * 0.32, s * 0.33), (s * 0.68, s * 0.33)], u), fill=(0, 0, 0, 0),
                   width=max(1, int(s * 0.05 * u)))
            d.text((c * u, s * 0.66 * u), "$", fill=(0, 0, 0, 0), anchor="mm",
                   font=fonts.font("bold", int(s * 0.40 * u)))
        elif kind == "marshal":
            pts: list[Point] = []
            for i in range(12):
                a = -math.pi / 2 + i * math.pi / 6
                r = s * 0.48 if i % 2 == 0 else s * 0.24
                pts.append((c + r * math.cos(a), c + 0.03 * s + r * math.sin(a)))
            d.polygon(_pts(pts, u), fill=ink)
        elif kind == "ride":  # Ride (Horses & Stagecoach): a horseshoe, open end down, its nail holes cut
            d.arc(_box(s * 0.14, s * 0.08, s * 0.86, s * 0.80, u), 150, 390, fill=ink, width=max(1, int(s * 0.2 * u)))
            for x0 in (0.10, 0.70):
                d.rounded_rectangle(_box(s * x0, s * 0.62, s * x0 + s * 0.20, s * 0.92, u), radius=s * 0.04 * u,
                                    fill=ink)
            for a in (170, 215, 270, 325, 370):
                x = c + s * 0.36 * math.cos(math.radians(a))
                y = s * 0.44 + s * 0.36 * math.sin(math.radians(a))
                d.ellipse(_box(x - s * 0.035, y - s * 0.035, x + s * 0.035, y + s * 0.035, u), fill=(0, 0, 0, 0))
        elif kind == "bullet":
            d.pieslice(_box(s * 0.32, s * 0.04, s * 0.68, s * 0.44, u), 180, 360, fill=ink)
            d.rectangle(_box(s * 0.32, s * 0.24, s * 0.68, s * 0.96, u), fill=ink)
        elif kind == "S":  # standard: a card face up, showing its symbol
            d.rounded_rectangle(_box(s * 0.20, s * 0.06, s * 0.80, s * 0.94, u), radius=s * 0.09 * u, outline=ink,
                                width=lw)
            d.line(_pts([(s * 0.34, c), (s * 0.66, c)], u), fill=ink, width=lw)
            _arrow_head(d, u, (s * 0.72, c), 0, s * 0.2, ink)
            _arrow_head(d, u, (s * 0.28, c), math.pi, s * 0.2, ink)
        elif kind == "T":  # tunnel: a dark arch
            d.pieslice(_box(s * 0.06, s * 0.14, s * 0.94, s * 1.02 + s * 0.6, u), 180, 360, fill=ink)
            d.rectangle(_box(s * 0.06, s * 0.56, s * 0.94, s * 0.90, u), fill=ink)
        elif kind == "D":  # speeding-up: two chevrons
            for x in (0.10, 0.46):
                pts2 = [(s * x, s * 0.14), (s * (x + 0.18), s * 0.14), (s * (x + 0.46), c),
                        (s * (x + 0.18), s * 0.86), (s * x, s * 0.86), (s * (x + 0.28), c)]
                d.polygon(_pts(pts2, u), fill=ink)
        elif kind == "R":  # switching: the turn goes the other way round
            d.arc(_box(s * 0.12, s * 0.12, s * 0.88, s * 0.88, u), 200, 500, fill=ink, width=lw)
            a = math.radians(200)
            tip = (c + s * 0.38 * math.cos(a), c + s * 0.38 * math.sin(a))
            _arrow_head(d, u, (tip[0] + s * 0.02, tip[1] + s * 0.12), math.pi / 2 + 0.25, s * 0.34, ink)
        elif kind == "M":  # mêlée (Horses & Stagecoach): two fists crossing, drawn as crossed bars
            d.line(_pts([(s * 0.15, s * 0.15), (s * 0.85, s * 0.85)], u), fill=ink, width=lw)
            d.line(_pts([(s * 0.85, s * 0.15), (s * 0.15, s * 0.85)], u), fill=ink, width=lw)
            for x, y in ((0.15, 0.15), (0.85, 0.15), (0.15, 0.85), (0.85, 0.85)):
                d.ellipse(_box(s * x - s * 0.12, s * y - s * 0.12, s * x + s * 0.12, s * y + s * 0.12, u), fill=ink)
        elif kind == "idea":  # Brilliant idea (Marshal & Prisoners): a light bulb
            d.ellipse(_box(s * 0.22, s * 0.04, s * 0.78, s * 0.60, u), fill=ink)
            d.rectangle(_box(s * 0.36, s * 0.56, s * 0.64, s * 0.76, u), fill=ink)
            for y in (0.80, 0.90):
                d.rectangle(_box(s * 0.38, s * y, s * 0.62, s * (y + 0.06), u), fill=ink)
            d.arc(_box(s * 0.34, s * 0.16, s * 0.62, s * 0.46, u), 180, 270, fill=(0, 0, 0, 0),
                  width=max(1, int(s * 0.06 * u)))
        elif kind == "arrest":  # Arrest (Marshal & Prisoners): handcuffs, two cuffs hanging from a chain
            ring = max(1, int(s * 0.10 * u))
            d.ellipse(_box(s * 0.02, s * 0.48, s * 0.44, s * 0.92, u), outline=ink, width=ring)
            d.ellipse(_box(s * 0.56, s * 0.48, s * 0.98, s * 0.92, u), outline=ink, width=ring)
            for x0 in (0.30, 0.44, 0.58):  # the chain's links, up and over
                d.ellipse(_box(s * x0, s * 0.16, s * (x0 + 0.14), s * 0.34, u), outline=ink,
                          width=max(1, int(s * 0.06 * u)))
            d.line(_pts([(s * 0.26, s * 0.50), (s * 0.32, s * 0.30)], u), fill=ink, width=lw)
            d.line(_pts([(s * 0.74, s * 0.50), (s * 0.68, s * 0.30)], u), fill=ink, width=lw)
        elif kind == "K":  # shake (Marshal & Prisoners): a zigzag
            pts3 = [(s * 0.06, c), (s * 0.24, s * 0.2), (s * 0.42, s * 0.8), (s * 0.6, s * 0.2), (s * 0.78, s * 0.8),
                    (s * 0.94, c)]
            d.line(_pts(pts3, u), fill=ink, width=lw, joint="curve")
        else:  # unknown: a question mark
            d.text((c * u, c * u), "?", fill=ink, anchor="mm", font=fonts.font("bold", int(s * 0.8 * u)))

    return supersampled(s, s, paint)

