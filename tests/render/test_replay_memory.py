"""The replay is streamed: a whole 6-player game is drawn, shrunk and encoded one frame at a time,
within 100 MB of extra memory, and the animation is the one Pillow writes from all the frames."""

from __future__ import annotations

import io
import json
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
from PIL import Image, ImageDraw

from render import encode

ROOT = Path(__file__).resolve().parents[2]
LIMIT_MB = 100

# Runs in a fresh interpreter, so the figure is this replay's alone. The peak is the kernel's
# high-water mark of resident memory (Pillow's pixels are C allocations, which tracemalloc does not
# see), reset just before the replay; where it cannot be reset it still holds the set-up's peak,
# so the extra comes out larger, never smaller.
MEASURE = textwrap.dedent("""
    import io, json, random, sys, time
    from engine import new_game, observe
    from engine.data import base
    from engine.observe import observe_log
    from tools.selfplay import play_game
    import render
    from render.replay import _durations

    def status(field):
        with open("/proc/self/status") as f:
            return next(int(line.split()[1]) for line in f if line.startswith(field + ":")) / 1024

    fmt, seed = sys.argv[1], int(sys.argv[2])
    render.preload()
    game = play_game(6, seed, checks=False)
    characters = random.Random(seed).sample(base().characters, 6)  # play_game's own draw
    dealt = new_game(characters, seed=seed, options=game.options)
    start, final = observe(dealt, None), observe(game, None)
    events = observe_log(game, None, len(dealt.log))
    frame = render.train_image(start).size
    render.png(render.train_image(start))  # fonts, sprites and palette in memory before measuring
    try:
        with open("/proc/self/clear_refs", "w") as f:
            f.write("5")  # resets VmHWM to the current resident size
    except OSError:
        pass
    before = status("VmRSS")
    began = time.perf_counter()
    data = render.replay(start, events, fmt=fmt, final=final)
    seconds = time.perf_counter() - began
    extra = status("VmHWM") - before
    durations = _durations(events, planning=False, final=final)
    sys.stdout.buffer.write(json.dumps({"extra_mb": extra, "seconds": seconds, "durations": durations,
                                        "frame": frame}).encode()
                            + b"\\n" + data)
""")


def _measure(fmt: str, seed: int) -> tuple[dict[str, object], bytes]:
    done = subprocess.run([sys.executable, "-c", MEASURE, fmt, str(seed)], cwd=ROOT, capture_output=True,
                          check=True, timeout=600)
    figures, _, data = done.stdout.partition(b"\n")
    return json.loads(figures), data


@pytest.mark.parametrize("fmt", ["gif", "webp"])
def test_a_six_player_replay_is_streamed_within_100_mb(fmt: str) -> None:
    figures, data = _measure(fmt, seed=5)
    extra, durations = figures["extra_mb"], figures["durations"]
    assert isinstance(extra, float) and isinstance(durations, list)
    print(f"{fmt}: peak extra {extra:.0f} MB, {figures['seconds']:.1f} s, {len(durations)} frames, {len(data)} bytes")
    assert extra <= LIMIT_MB
    with Image.open(io.BytesIO(data)) as img:
        assert img.format == fmt.upper()
        frames = getattr(img, "n_frames", 1)
        assert frames == len(durations) > 60
        frame = figures["frame"]  # the first train picture's size
        assert isinstance(frame, list)
        assert img.size == (round(0.7 * frame[0]), round(0.7 * frame[1]))  # the scoreboard fitted into it
        if fmt == "gif":
            shown = 0
            for n in range(frames):
                img.seek(n)
                shown += img.info["duration"]
            assert shown == sum(durations)
            assert durations[-1] == 5000  # the scoreboard, last


def _frames() -> list[Image.Image]:
    """Small frames as a replay has them: changes in one corner, the same frame twice, a new one."""
    out = []
    for n in (0, 1, 1, 2, 3, 3, 3, 4):
        img = Image.new("RGB", (120, 80), (40, 30, 20))
        draw = ImageDraw.Draw(img)
        draw.rectangle((5 * n, 5, 5 * n + 30, 40), fill=(200, 40, 40))
        draw.text((10, 60), f"frame {n}", fill=(240, 230, 200))
        out.append(img)
    return out


def _pillows(frames: list[Image.Image], durations: list[int], fmt: str) -> bytes:
    """What Pillow writes from every frame at once (the replay's encoder before it was streamed)."""
    out = io.BytesIO()
    if fmt == "gif":
        images = [f.quantize(palette=encode.palette(), dither=Image.Dither.NONE) for f in frames]
        images[0].save(out, format="GIF", save_all=True, append_images=images[1:], duration=durations,
                       loop=0, optimize=False, disposal=1)
    else:
        frames[0].save(out, format="WEBP", save_all=True, append_images=frames[1:], duration=durations,
                       loop=0, lossless=False, quality=80, method=3)
    return out.getvalue()


@pytest.mark.parametrize("fmt", ["gif", "webp"])
@pytest.mark.parametrize("count", [1, 2, 8])
def test_the_streamed_animation_is_the_one_pillow_writes_from_all_frames(fmt: str, count: int) -> None:
    frames = _frames()[:count]
    durations = [1100, 1600, 1100, 1700, 2000, 1100, 1100, 5000][:count]
    streamed = encode.animation(iter(frames), durations, fmt=fmt)
    assert streamed == _pillows(frames, durations, fmt)


def test_frames_and_durations_must_match() -> None:
    with pytest.raises(ValueError):
        encode.animation(iter(_frames()[:2]), [1000], fmt="gif")
    with pytest.raises(ValueError):
        encode.animation(iter(_frames()[:2]), [1000, 1000, 1000], fmt="webp")
    with pytest.raises(ValueError):
        encode.animation(iter([]), [], fmt="gif")
