"""Pictures to bytes for Discord: PNG for still pictures, GIF or animated WebP for replays.

Still pictures are drawn in full colour, then mapped onto one shared palette of 256 colours and
saved as paletted PNG: four to six times faster to encode than full-colour PNG and less than half
the size, with no visible change, because the pictures are flat colours from one theme. The palette
is built once, from sample pictures that show every colour of the theme (render.samples).
"""

from __future__ import annotations

import io
from collections.abc import Iterable, Iterator, Sequence
from functools import cache
from typing import IO, Any, ClassVar

from PIL import GifImagePlugin, Image, ImageChops

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
    rgb = img if img.mode == "RGB" else img.convert("RGB")  # no copy of what is RGB already
    return rgb.quantize(palette=palette(), dither=Image.Dither.NONE)


def png(img: Image.Image, *, exact: bool = False, compress_level: int = 3) -> bytes:
    """PNG bytes of a picture: paletted (fast, small) unless ``exact``."""
    out = io.BytesIO()
    (img if exact else paletted(img)).save(out, format="PNG", compress_level=compress_level)
    return out.getvalue()


def animation(frames: Iterable[Image.Image], durations: Sequence[int], *, fmt: str = "gif") -> bytes:
    """An animation of ``frames`` (same size, RGB), each shown ``durations`` milliseconds, looping.

    ``fmt`` is ``gif`` (plays everywhere) or ``webp`` (smaller, sharper). ``frames`` may be a
    generator: each frame is encoded as it comes and dropped, so a long animation never sits in
    memory (one frame per item of ``durations``)."""
    durations = list(durations)
    if not durations:
        raise ValueError("an animation needs at least one frame")
    out = io.BytesIO()
    if fmt == "gif":
        gif = _GifWriter(out)
        for frame, ms in zip(frames, durations, strict=True):
            gif.add(frame.convert("RGB").quantize(palette=palette(), dither=Image.Dither.NONE), ms)
        gif.close()
    elif fmt == "webp":
        drawn = iter(frames)
        first = next(drawn, None)
        if first is None:
            raise ValueError("fewer frames than durations: none")
        first = first.convert("RGB")
        rest = [_FrameByFrame(drawn, len(durations) - 1)] if len(durations) > 1 else []
        first.save(out, format="WEBP", save_all=True, append_images=rest, duration=durations,
                   loop=0, lossless=False, quality=80, method=3)
        if next(drawn, None) is not None:
            raise ValueError("more frames than durations")
    else:
        raise ValueError(f"unknown animation format {fmt!r} (gif, webp)")
    return out.getvalue()


class _GifWriter:
    """A looping GIF written frame by frame, byte for byte what Pillow's ``save_all`` writes for the
    same paletted frames (``loop=0, optimize=False, disposal=1``): each frame after the first is cut
    to the box that changed, and a frame equal to the one before lengthens it instead.

    Pillow's own GIF writer keeps every frame until the end; this keeps two (the last one shown,
    and the one waiting in case the next one is equal). It writes with Pillow's documented
    ``GifImagePlugin.getheader`` and ``getdata``."""

    OPTIONS: ClassVar[dict[str, Any]] = {"loop": 0, "optimize": False, "disposal": 1}

    def __init__(self, fp: IO[bytes]) -> None:
        self.fp = fp
        self.shown: Image.Image | None = None  # the last frame, whole, to compare the next one with
        self.waiting: tuple[Image.Image, tuple[int, int], int] | None = None  # (picture, offset, ms)
        self.written = 0

    def add(self, frame: Image.Image, ms: int) -> None:
        """One paletted frame (the same palette and size as the others) shown ``ms`` milliseconds."""
        if self.shown is None:
            self.shown, self.waiting = frame, (frame, (0, 0), ms)
            return
        assert self.waiting is not None
        box = ImageChops.subtract_modulo(frame, self.shown).getbbox(alpha_only=False)
        if box is None:
            picture, offset, before = self.waiting
            self.waiting = (picture, offset, before + ms)
            return
        self._flush()
        self.shown = frame
        cut = frame if box == (0, 0, *frame.size) else frame.crop(box)
        self.waiting = (cut, (box[0], box[1]), ms)

    def _flush(self) -> None:
        assert self.waiting is not None
        picture, offset, ms = self.waiting
        if self.written == 0:
            header, _ = GifImagePlugin.getheader(picture, None, {**self.OPTIONS, "duration": ms})
            self.fp.write(b"".join(header))
            self.fp.write(b"".join(GifImagePlugin.getdata(picture, offset, **self.OPTIONS, duration=ms)))
        else:
            self.fp.write(b"".join(GifImagePlugin.getdata(picture, offset, **self.OPTIONS, duration=ms,
                                                          include_color_table=True)))
        self.written += 1
        self.waiting = None

    def close(self) -> None:
        if self.waiting is None:
            raise ValueError("an animation needs at least one frame")
        if self.written == 0:  # one picture all along: Pillow writes a still GIF
            picture, _, ms = self.waiting
            picture.save(self.fp, format="GIF", duration=ms, **self.OPTIONS)
            return
        self._flush()
        self.fp.write(b";")


class _FrameByFrame(Image.Image):
    """The frames of a generator as one multi-frame image, drawn as the encoder seeks to them.

    Pillow's WebP writer lists ``append_images`` before encoding, but seeks through each one's
    frames, encoding each as it goes; multi-frame images read from files load a frame on ``seek``
    in just this way (Pillow's plugins set ``im``, ``_mode`` and ``_size``), so only the current
    frame is in memory. Frames can only be visited in order, once."""

    def __init__(self, frames: Iterator[Image.Image], count: int) -> None:
        super().__init__()
        self.frames, self.n_frames, self.is_animated, self.index = frames, count, count > 1, -1

    def seek(self, frame: int) -> None:
        if frame == self.index:
            return
        if frame != self.index + 1 or frame >= self.n_frames:
            raise EOFError(f"frame {frame} cannot follow frame {self.index} of {self.n_frames}")
        picture = next(self.frames, None)
        if picture is None:
            raise ValueError(f"fewer frames than durations: no frame {frame + 2}")
        picture = picture.convert("RGB")
        self.im, self._mode, self._size = picture.im, picture.mode, picture.size
        self.index = frame

    def tell(self) -> int:
        return self.index
