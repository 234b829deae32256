"""An animated replay of a whole game from its log (GIF or animated WebP).

``replay(start, events)``: ``start`` is the public observation of the game as it was set up
(``observe(new_game(...), None)``, or any later one), ``events`` the public log after it
(``observe_log(game, None, since=len(start's log))``). Every action becomes a frame, rebuilt from
the log (render.story); planning shows once per round, with its full pile; the last frames are the
final train and the scoreboard.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any

from PIL import Image

from render import encode, theme
from render.caption import split_runs
from render.scoreboard import scoreboard_image
from render.story import replay_runs
from render.text import Translate
from render.train import train_image

Observation = dict[str, Any]
Event = dict[str, Any]

# Planning moves: shown only with ``planning``; a rider's secret choice in the horse attack (Horses &
# Stagecoach) is one too, its outcome is the reveal's frame.
PLANNING_TYPES = frozenset({"play", "draw", "pass", "reshuffle", "attack-choice"})


def _duration(kind: str) -> int:
    """How long the frame of a run of ``kind`` shows (ms)."""
    if kind == "round" or kind == "planning-over":
        return 1600
    if kind == "game-over":
        return 2000
    return 1700 if kind == "event" else 1100


def _ends_on_scoreboard(final: Observation | None) -> bool:
    return final is not None and bool(final.get("result"))


def _frames(start: Observation, events: Sequence[Event], *, translate: Translate | None, planning: bool,
            final: Observation | None) -> Iterator[tuple[Image.Image, int]]:
    """The frames of the replay, drawn one at a time, and how long each shows (ms)."""
    size: tuple[int, int] | None = None
    for obs in replay_runs(start, events):
        kind = obs["log"][0]["type"]
        if kind in PLANNING_TYPES and not planning:
            continue
        img = train_image(obs, translate=translate)
        size = img.size
        yield img, _duration(kind)
    if _ends_on_scoreboard(final) and size is not None:
        assert final is not None
        yield _fit(scoreboard_image(final, translate=translate), size), 5000


def _durations(events: Sequence[Event], *, planning: bool, final: Observation | None) -> list[int]:
    """The durations of ``_frames``, known before drawing any (a run's frame shows its first event)."""
    kinds = [run[0]["type"] for run in split_runs(events)]
    shown = [_duration(kind) for kind in kinds if planning or kind not in PLANNING_TYPES]
    return [*shown, 5000] if shown and _ends_on_scoreboard(final) else shown


def replay_frames(start: Observation, events: Sequence[Event], *, translate: Translate | None = None,
                  planning: bool = False, final: Observation | None = None) -> list[tuple[Image.Image, int]]:
    """The frames of the replay and how long each shows (ms). ``planning``: a frame for every card
    played too. ``final``: the engine's observation of the finished game; with it the replay ends on
    the scoreboard (purse values are in it, not in the public log). Every frame full size, all in
    memory: for a look at a few; ``replay`` draws and encodes them one at a time."""
    return list(_frames(start, events, translate=translate, planning=planning, final=final))


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
    """The encoded animation (``fmt`` gif or webp), frames shrunk by ``scale`` to keep it light.

    Streamed: each frame is drawn, shrunk and handed to the encoder before the next is drawn, so
    memory holds a frame or two, not the whole game (a 6-player game is some 100 frames)."""
    durations = _durations(events, planning=planning, final=final)
    if not durations:
        raise ValueError("nothing to replay: no events after the start")
    return encode.animation(_shrunk(_frames(start, events, translate=translate, planning=planning, final=final),
                                    scale), durations, fmt=fmt)


def _shrunk(frames: Iterator[tuple[Image.Image, int]], scale: float) -> Iterator[Image.Image]:
    """Each frame shrunk by ``scale`` to the first frame's shrunk size, the full-size one dropped."""
    size: tuple[int, int] | None = None
    for img, _ in frames:
        if size is None:
            size = (round(img.width * scale), round(img.height * scale)) if scale != 1 else img.size
        yield img.resize(size, Image.Resampling.LANCZOS) if img.size != size else img
