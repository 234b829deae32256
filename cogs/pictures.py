"""The pictures of a game, drawn off the event loop from observations (never the full state)."""

from __future__ import annotations

import asyncio
from typing import Any

import render
from lang import Language
from render.caption import split_runs
from render.story import apply_event

Observation = dict[str, Any]
Event = dict[str, Any]


def advance(view: Observation, events: list[Event]) -> Observation:
    """A public observation moved on by public events (render.story replays them)."""
    import copy

    moved = copy.deepcopy(view)
    for event in events:
        apply_event(moved, event)
    moved["log"] = []
    return moved


def _action_pictures(frames: list[Observation], lang: Language) -> list[bytes]:
    return [render.png(render.train_image(frame, translate=lang)) for frame in frames]


async def action_pictures(frames: list[Observation], lang: Language) -> list[bytes]:
    """One train picture per action frame (see render.action_frames)."""
    return await asyncio.to_thread(_action_pictures, frames, lang)


async def train(observation: Observation, lang: Language) -> bytes:
    return await asyncio.to_thread(lambda: render.png(render.train_image(observation, translate=lang)))


async def hand(observation: Observation, lang: Language) -> bytes:
    return await asyncio.to_thread(lambda: render.png(render.hand_image(observation, translate=lang)))


async def scoreboard(observation: Observation, lang: Language) -> bytes:
    return await asyncio.to_thread(lambda: render.png(render.scoreboard_image(observation, translate=lang)))


async def replay(start: Observation, events: list[Event], final: Observation, lang: Language) -> bytes:
    """The whole game as one animated GIF (every action, then the scoreboard)."""
    return await asyncio.to_thread(lambda: render.replay(start, events, fmt="gif", final=final, translate=lang))


def caption(frame: Observation, events: list[Event], lang: Language) -> str:
    return render.caption(frame, events, lang)


__all__ = ["action_pictures", "advance", "caption", "hand", "replay", "scoreboard", "split_runs", "train"]
