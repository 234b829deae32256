"""The art of Marshal & Prisoners, drawn by code like the base game's (render.icons): the mail bag,
the prisoners, the cell's bars, the Fist-fight aces, the Wanted poster and the maluses' marks.

Importing this module adds the mail bag to ``icons.LOOT_PAINTERS`` (its package imports it, and
render imports the package).
"""

from __future__ import annotations

from PIL import Image, ImageDraw

from render import fonts, icons, theme
from render.icons import _box, _meeple, _pts, supersampled
from render.theme import RGB

MAIL_SACK: RGB = (196, 182, 150)
MAIL_STAMP: RGB = (170, 44, 40)
STRIPE_DARK: RGB = (40, 38, 44)
STRIPE_LIGHT: RGB = (236, 232, 220)
BARS: RGB = (58, 56, 62)
POSTER: RGB = (232, 214, 168)
ACES: dict[int, RGB] = {800: (222, 170, 32), 500: (186, 190, 198), 300: (176, 110, 58)}  # gold, silver, bronze
MALUS: RGB = (120, 60, 140)


def mailbag(s: int) -> Image.Image:
    """A canvas mail sack with a red stamp (its value is never shown)."""

    def paint(d: ImageDraw.ImageDraw, u: float) -> None:
        o = theme.OUTLINE
        body = [(s * 0.14, s * 0.34), (s * 0.86, s * 0.34), (s * 0.94, s * 0.96), (s * 0.06, s * 0.96)]
        d.polygon(_pts(body, u), fill=MAIL_SACK, outline=o, width=int(1.3 * u))
        d.polygon(_pts([(s * 0.24, s * 0.36), (s * 0.50, s * 0.08), (s * 0.76, s * 0.36)], u), fill=MAIL_SACK,
                  outline=o, width=int(1.2 * u))
        d.line(_pts([(s * 0.22, s * 0.37), (s * 0.78, s * 0.37)], u), fill=o, width=int(1.6 * u))
        d.rectangle(_box(s * 0.36, s * 0.52, s * 0.64, s * 0.78, u), fill=MAIL_STAMP, outline=o, width=int(u))
        d.line(_pts([(s * 0.36, s * 0.52), (s * 0.50, s * 0.66), (s * 0.64, s * 0.52)], u), fill=STRIPE_LIGHT,
               width=int(1.1 * u))

    return supersampled(s, s, paint)


def prisoner(hero: str, letter: str, w: int, h: int) -> Image.Image:
    """A prisoner: a striped pawn, the initial of the bandit they admire on a badge in that bandit's
    colour."""
    head = h * 0.38
    style = theme.bandit_style(hero)

    def paint(d: ImageDraw.ImageDraw, u: float) -> None:
        _meeple(d, u, w, h, head, STRIPE_LIGHT)
        step = (h - head) / 5
        for i in range(1, 5, 2):
            y = head + i * step
            d.rectangle(_box(2.2, y, w - 2.2, y + step * 0.8, u), fill=STRIPE_DARK)
        r = w * 0.26
        cx, cy = w / 2, head + (h - head) * 0.42
        d.ellipse(_box(cx - r, cy - r, cx + r, cy + r, u), fill=style.fill, outline=theme.OUTLINE, width=int(u))
        d.text((cx * u, cy * u), letter, fill=style.ink, anchor="mm",
               font=fonts.font("bold", int(r * 1.3 * u)))

    return supersampled(w, h, paint)


def bars(w: int, h: int) -> Image.Image:
    """The cell's bars, drawn over whoever is in it."""
    img = Image.new("RGBA", (w, h), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    step = 9
    for x in range(3, w - 2, step):
        d.rectangle((x, 0, x + 2, h), fill=(*BARS, 235))
    d.rectangle((0, 0, w, 3), fill=(*BARS, 255))
    d.rectangle((0, h - 4, w, h), fill=(*BARS, 255))
    return img


def ace(value: int, w: int, h: int) -> Image.Image:
    """A Fist-fight ace: a small card in gold, silver or bronze with a fist."""

    def paint(d: ImageDraw.ImageDraw, u: float) -> None:
        d.rounded_rectangle(_box(0.5, 0.5, w - 0.5, h - 0.5, u), radius=2.5 * u, fill=ACES.get(value, theme.GOLD),
                            outline=theme.OUTLINE, width=int(1.1 * u))


    out = supersampled(w, h, paint)
    fist = icons.symbol("punch", round(min(w, h) * 0.7), theme.OUTLINE)
    out.alpha_composite(fist, ((w - fist.width) // 2, (h - fist.height) // 2))
    return out


def wanted(w: int, h: int, captured: bool) -> Image.Image:
    """The Wanted card: a poster, crossed in red once captured."""

    def paint(d: ImageDraw.ImageDraw, u: float) -> None:
        d.rectangle(_box(0.5, 0.5, w - 0.5, h - 0.5, u), fill=POSTER, outline=theme.OUTLINE, width=int(1.1 * u))
        d.rectangle(_box(w * 0.22, h * 0.14, w * 0.78, h * 0.56, u), fill=STRIPE_DARK)  # the portrait
        d.text((w / 2 * u, h * 0.78 * u), "$", fill=theme.OUTLINE, anchor="mm",
               font=fonts.font("bold", int(h * 0.34 * u)))
        if captured:
            d.line(_pts([(1, 1), (w - 1, h - 1)], u), fill=MAIL_STAMP, width=int(2.2 * u))
            d.line(_pts([(w - 1, 1), (1, h - 1)], u), fill=MAIL_STAMP, width=int(2.2 * u))

    return supersampled(w, h, paint)


def malus(action: str, s: int) -> Image.Image:
    """A round's malus (M-8): the symbol of the action it stops, struck out, on a purple disc."""

    def disc(d: ImageDraw.ImageDraw, u: float) -> None:
        d.ellipse(_box(0.5, 0.5, s - 0.5, s - 0.5, u), fill=MALUS, outline=theme.OUTLINE, width=int(u))

    def strike(d: ImageDraw.ImageDraw, u: float) -> None:
        d.line(_pts([(s * 0.18, s * 0.82), (s * 0.82, s * 0.18)], u), fill=MAIL_STAMP, width=int(s * 0.14 * u))

    out = supersampled(s, s, disc)
    inner = icons.symbol(action, round(s * 0.62), STRIPE_LIGHT)
    out.alpha_composite(inner, ((s - inner.width) // 2, (s - inner.height) // 2))
    out.alpha_composite(supersampled(s, s, strike))
    return out


icons.LOOT_PAINTERS["mailbag"] = mailbag
