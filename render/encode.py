"""Pictures to bytes for Discord: PNG for still pictures, GIF or animated WebP for replays."""

from __future__ import annotations

import io
from collections.abc import Sequence

from PIL import Image


def png(img: Image.Image, *, compress_level: int = 1) -> bytes:
    """PNG bytes; level 1 is several times faster than the default and, on these flat-coloured
    pictures, only a little larger."""
    out = io.BytesIO()
    img.save(out, format="PNG", compress_level=compress_level)
    return out.getvalue()


def _sample(frames: Sequence[Image.Image], most: int = 8) -> Image.Image:
    """Up to ``most`` frames spread over the animation, side by side, at half size."""
    picked = [frames[i * (len(frames) - 1) // max(1, most - 1)] for i in range(min(most, len(frames)))]
    w, h = frames[0].width // 2, frames[0].height // 2
    sheet = Image.new("RGB", (w * len(picked), h))
    for i, frame in enumerate(picked):
        sheet.paste(frame.resize((w, h), Image.Resampling.NEAREST), (i * w, 0))
    return sheet


def webp(img: Image.Image, *, quality: int = 90) -> bytes:
    out = io.BytesIO()
    img.save(out, format="WEBP", quality=quality, method=2)
    return out.getvalue()


def animation(frames: Sequence[Image.Image], durations: Sequence[int], *, fmt: str = "gif") -> bytes:
    """An animation of ``frames`` (same size, RGB), each shown ``durations`` milliseconds, looping.

    ``fmt`` is ``gif`` (plays everywhere) or ``webp`` (smaller, sharper)."""
    if not frames:
        raise ValueError("an animation needs at least one frame")
    out = io.BytesIO()
    first, rest = frames[0], list(frames[1:])
    if fmt == "gif":
        # one shared palette, taken from frames across the game, keeps colours steady and the file small
        palette = _sample(frames).quantize(colors=255, method=Image.Quantize.MEDIANCUT)
        paletted = [f.quantize(palette=palette, dither=Image.Dither.NONE) for f in frames]
        paletted[0].save(out, format="GIF", save_all=True, append_images=paletted[1:], duration=list(durations),
                         loop=0, optimize=False, disposal=1)
    elif fmt == "webp":
        first.save(out, format="WEBP", save_all=True, append_images=rest, duration=list(durations), loop=0,
                   lossless=False, quality=80, method=3)
    else:
        raise ValueError(f"unknown animation format {fmt!r} (gif, webp)")
    return out.getvalue()
