"""Pictures to bytes for Discord: PNG for still pictures, GIF or animated WebP for replays.

Still pictures are drawn in full colour, then mapped onto one shared palette of 256 colours and
saved as paletted PNG: four to six times faster to encode than full-colour PNG and less than half
the size, with no visible change, because the pictures are flat colours from one theme. The palette
is built once, from sample pictures that show every colour of the theme (render.samples).
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from functools import cache

from PIL import Image

from render import theme


def _theme_colours() -> list[tuple[int, int, int]]:
    """Every flat colour of the theme: they must come out exactly."""
    out: list[tuple[int, int, int]] = []
    for value in vars(theme).values():
        if isinstance(value, tuple) and len(value) in (3, 4) and all(isinstance(c, int) for c in value):
            out.append((value[0], value[1], value[2]))
    for style in theme.BANDITS.values():
        out += [style.fill, style.ink]
    return list(dict.fromkeys(out))


@cache
def palette() -> Image.Image:
    """The shared palette: the theme's colours, then the commonest blends of the sample pictures."""
    from render import samples
    from render.hand import hand_image
    from render.pile import pile_image
    from render.scoreboard import scoreboard_image
    from render.train import train_image

    six = samples.colourful()
    rest = samples.colourful(samples.ALL[4:] + samples.ALL[:2])
    pictures = [train_image(six), train_image(rest), hand_image(samples.with_hand(six)),
                pile_image(samples.with_hand(rest, 1)), scoreboard_image(samples.finished(six))]
    sheet = Image.new("RGB", (max(p.width for p in pictures), sum(p.height for p in pictures)))
    y = 0
    for picture in pictures:
        sheet.paste(picture, (0, y))
        y += picture.height
    sheet = sheet.resize((sheet.width // 2, sheet.height // 2), Image.Resampling.NEAREST)
    colours = _theme_colours()
    blends = sheet.quantize(colors=256, method=Image.Quantize.MEDIANCUT).getpalette() or []
    for i in range(0, len(blends) - 2, 3):
        if len(colours) >= 256:
            break
        c = (blends[i], blends[i + 1], blends[i + 2])
        if all(abs(c[0] - a[0]) + abs(c[1] - a[1]) + abs(c[2] - a[2]) > 6 for a in colours):
            colours.append(c)
    flat = [v for c in colours[:256] for v in c]
    pal = Image.new("P", (1, 1))
    pal.putpalette(flat + flat[:3] * (256 - len(flat) // 3))
    return pal


def paletted(img: Image.Image) -> Image.Image:
    """``img`` mapped onto the shared palette (nearest colour, no dithering)."""
    return img.convert("RGB").quantize(palette=palette(), dither=Image.Dither.NONE)


def png(img: Image.Image, *, exact: bool = False, compress_level: int = 3) -> bytes:
    """PNG bytes of a picture: paletted (fast, small) unless ``exact``."""
    out = io.BytesIO()
    (img if exact else paletted(img)).save(out, format="PNG", compress_level=compress_level)
    return out.getvalue()


def animation(frames: Sequence[Image.Image], durations: Sequence[int], *, fmt: str = "gif") -> bytes:
    """An animation of ``frames`` (same size, RGB), each shown ``durations`` milliseconds, looping.

    ``fmt`` is ``gif`` (plays everywhere) or ``webp`` (smaller, sharper)."""
    if not frames:
        raise ValueError("an animation needs at least one frame")
    out = io.BytesIO()
    if fmt == "gif":
        images = [f.convert("RGB").quantize(palette=palette(), dither=Image.Dither.NONE) for f in frames]
        images[0].save(out, format="GIF", save_all=True, append_images=images[1:], duration=list(durations),
                       loop=0, optimize=False, disposal=1)
    elif fmt == "webp":
        frames[0].save(out, format="WEBP", save_all=True, append_images=list(frames[1:]), duration=list(durations),
                       loop=0, lossless=False, quality=80, method=3)
    else:
        raise ValueError(f"unknown animation format {fmt!r} (gif, webp)")
    return out.getvalue()
