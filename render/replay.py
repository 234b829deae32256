"""An animated replay of a whole game from its log (GIF or animated WebP).

``replay(start, events)``: ``start`` is the public observation of the game as it was set up
(``observe(new_game(...), None)``, or any later one), ``events`` the public log after it
(``observe_log(game, None, since=len(start's log))``). Every action becomes a frame, rebuilt from
the log (render.story); planning shows once per round, with its full pile; the last frames are the
final train and the scoreboard.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from PIL import Image

from render import encode, theme
from render.scoreboard import scoreboard_image
from render.story import replay_runs
from render.text import Translate
from render.train import train_image

Observation = dict[str, Any]
Event = dict[str, Any]

PLANNING_TYPES = frozenset({"play", "draw", "pass", "reshuffle"})


def replay_frames(start: Observation, events: Sequence[Event], *, translate: Translate | None = None,
                  planning: bool = False, final: Observation | None = None) -> list[tuple[Image.Image, int]]:
    """The frames of the replay and how long each shows (ms). ``planning``: a frame for every card
    played too. ``final``: the engine's observation of the finished game; with it the replay ends on
    the scoreboard (purse values are in it, not in the public log)."""
    frames: list[tuple[Image.Image, int]] = []
    for obs in replay_runs(start, events):
        kind = obs["log"][0]["type"]
        if kind in PLANNING_TYPES and not planning:
            continue
        if kind == "round" or kind == "planning-over":
            frames.append((train_image(obs, translate=translate), 1600))
        elif kind == "game-over":
            frames.append((train_image(obs, translate=translate), 2000))
        else:
            frames.append((train_image(obs, translate=translate), 1100 if kind != "event" else 1700))
    if final is not None and final.get("result") and frames:
        board = scoreboard_image(final, translate=translate)
        frames.append((_fit(board, frames[-1][0].size), 5000))
    return frames


def _fit(img: Image.Image, size: tuple[int, int]) -> Image.Image:
    """``img`` centred on a canvas of ``size`` (every frame of an animation has one size)."""
    canvas = Image.new("RGB", size, theme.BOARD_BG)
    if img.width > size[0] or img.height > size[1]:
        scale = min(size[0] / img.width, size[1] / img.height)
        img = img.resize((int(img.width * scale), int(img.height * scale)), Image.Resampling.LANCZOS)
    canvas.paste(img, ((size[0] - img.width) // 2, (size[1] - img.height) // 2))
    return canvas


def replay(start: Observation, events: Sequence[Event], *, fmt: str = "gif", scale: float = 0.7,
           translate: Translate | None = None, planning: bool = False, final: Observation | None = None) -> bytes:
    """The encoded animation (``fmt`` gif or webp), frames shrunk by ``scale`` to keep it light."""
    frames = replay_frames(start, events, translate=translate, planning=planning, final=final)
    if not frames:
        raise ValueError("nothing to replay: no events after the start")
    images = [img for img, _ in frames]
    if scale != 1:
        size = (round(images[0].width * scale), round(images[0].height * scale))
        images = [img.resize(size, Image.Resampling.LANCZOS) if img.size != size else img for img in images]
    return encode.animation(images, [ms for _, ms in frames], fmt=fmt)
