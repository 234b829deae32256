"""The pictures of a game, drawn off the event loop from observations (never the full state)."""

from __future__ import annotations

import asyncio
from typing import Any

import render
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


def _action_pictures(frames: list[Observation]) -> list[bytes]:
    return [render.png(render.train_image(frame)) for frame in frames]


async def action_pictures(frames: list[Observation]) -> list[bytes]:
    """One train picture per action frame (see render.action_frames)."""
    return await asyncio.to_thread(_action_pictures, frames)


async def train(observation: Observation) -> bytes:
    return await asyncio.to_thread(lambda: render.png(render.train_image(observation)))


async def hand(observation: Observation) -> bytes:
    return await asyncio.to_thread(lambda: render.png(render.hand_image(observation)))


async def scoreboard(observation: Observation) -> bytes:
    return await asyncio.to_thread(lambda: render.png(render.scoreboard_image(observation)))


async def replay(start: Observation, events: list[Event], final: Observation) -> bytes:
    """The whole game as one animated GIF (every action, then the scoreboard)."""
    return await asyncio.to_thread(lambda: render.replay(start, events, fmt="gif", final=final))


def caption(frame: Observation, events: list[Event]) -> str:
    return render.caption(frame, events)


__all__ = ["action_pictures", "advance", "caption", "hand", "replay", "scoreboard", "split_runs", "train"]
