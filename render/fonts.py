"""The shipped fonts (data/fonts: DejaVu, free licence, Latin-2 and Cyrillic), loaded once.

Text is rendered into small cached sprites that pictures paste: the same names and numbers come
back in every frame, and FreeType is touched only under one lock, so pictures can be drawn from
several worker threads at once.
"""

from __future__ import annotations

import threading
from functools import cache, lru_cache
from pathlib import Path

from PIL import Image, ImageDraw, ImageFont

from render.theme import RGB

FONT_DIR = Path(__file__).resolve().parent.parent / "data" / "fonts"
FILES = {
    "regular": "DejaVuSans.ttf",
    "bold": "DejaVuSans-Bold.ttf",
    "condensed": "DejaVuSansCondensed.ttf",
    "condensed-bold": "DejaVuSansCondensed-Bold.ttf",
}
LOCK = threading.RLock()  # FreeType faces are not safe to share between threads


@cache
def _font_bytes(style: str) -> bytes:
    return (FONT_DIR / FILES[style]).read_bytes()


@cache
def font(style: str, size: int) -> ImageFont.FreeTypeFont:
    """The font of ``style`` (regular, bold, condensed, condensed-bold) at ``size`` pixels."""
    import io

    with LOCK:
        return ImageFont.truetype(io.BytesIO(_font_bytes(style)), size, layout_engine=ImageFont.Layout.BASIC)


@lru_cache(maxsize=8192)
def width(text: str, style: str, size: int) -> int:
    with LOCK:
        return round(font(style, size).getlength(text))


SHORT = 40  # texts up to this long (names, numbers, labels) are kept; captions are drawn each time


def sprite(text: str, style: str, size: int, colour: RGB) -> tuple[Image.Image, int]:
    """``text`` as an RGBA sprite and the sprite row of the text's visual middle (half the cap
    height above the baseline)."""
    if len(text) <= SHORT:
        return _kept_sprite(text, style, size, colour)
    return _sprite(text, style, size, colour)


@lru_cache(maxsize=4096)
def _kept_sprite(text: str, style: str, size: int, colour: RGB) -> tuple[Image.Image, int]:
    return _sprite(text, style, size, colour)


def _sprite(text: str, style: str, size: int, colour: RGB) -> tuple[Image.Image, int]:
    with LOCK:
        f = font(style, size)
        ascent, descent = f.getmetrics()
        w = max(1, round(f.getlength(text)) + 2)
        img = Image.new("RGBA", (w, ascent + descent), (*colour, 0))
        ImageDraw.Draw(img).text((1, ascent), text, font=f, fill=(*colour, 255), anchor="ls")
    return img, ascent - round(size * 0.36)


def fit_size(text: str, style: str, size: int, max_width: int, smallest: int) -> int:
    """The largest size from ``size`` down to ``smallest`` at which ``text`` fits ``max_width``."""
    while size > smallest and width(text, style, size) > max_width:
        size -= 1
    return size


def ellipsize(text: str, style: str, size: int, max_width: int) -> str:
    """``text`` cut with an ellipsis so that it fits ``max_width``."""
    if width(text, style, size) <= max_width:
        return text
    while text and width(text + "…", style, size) > max_width:
        text = text[:-1]
    return text.rstrip() + "…"


def lines_to_fit(text: str, style: str, size: int, max_width: int) -> list[str]:
    """``text`` on one line, or on two cut at the space that balances them best when one line
    would have to shrink below ``size`` (a label read at a phone's width stays big)."""
    if width(text, style, size) <= max_width or " " not in text:
        return [text]
    cuts = [i for i, ch in enumerate(text) if ch == " "]
    cut = min(cuts, key=lambda i: max(width(text[:i], style, size), width(text[i + 1:], style, size)))
    return [text[:cut], text[cut + 1:]]
