"""The pictures of a game, drawn outside the bot's process (table.workers) from observations, never
from the full state."""

from __future__ import annotations

from typing import Any

from engine.plain import copy_plain
from lang import Language
from render.caption import caption as _caption
from render.caption import split_runs
from render.story import apply_event
from table.workers import Workers

Observation = dict[str, Any]
Event = dict[str, Any]


def advance(view: Observation, events: list[Event]) -> Observation:
    """A public observation moved on by public events (render.story replays them)."""
    moved = copy_plain(view)
    for event in events:
        apply_event(moved, event)
    moved["log"] = []
    return moved


def caption(frame: Observation, events: list[Event], lang: Language) -> str:
    return _caption(frame, events, lang)


class Pictures:
    """PNG and GIF bytes from observations, in a reader's language (its code crosses to the workers)."""

    def __init__(self, workers: Workers) -> None:
        self.workers = workers

    async def train(self, observation: Observation, lang: Language) -> bytes:
        return await self.workers.picture("train", observation, lang.code)

    async def trains(self, observations: list[Observation], lang: Language) -> list[bytes]:
        """One train picture per action frame, in one job."""
        return await self.workers.pictures("train", observations, lang.code)

    async def hand(self, observation: Observation, lang: Language) -> bytes:
        return await self.workers.picture("hand", observation, lang.code)

    async def planning(self, observation: Observation, lang: Language) -> bytes:
        """A player's hand with what they plan by: the train, the round card and the pile."""
        return await self.workers.picture("planning", observation, lang.code)

    async def choice(self, observation: Observation, lang: Language) -> bytes:
        """A choice as its chooser sees it: the train from their view, the options ringed."""
        return await self.workers.picture("choice", observation, lang.code)

    async def scoreboard(self, observation: Observation, lang: Language) -> bytes:
        return await self.workers.picture("scoreboard", observation, lang.code)

    async def replay(self, start: Observation, events: list[Event], final: Observation, lang: Language) -> bytes:
        """The whole game as one animated GIF (every action, then the scoreboard)."""
        return await self.workers.replay(start, events, final, lang.code)


__all__ = ["Pictures", "advance", "caption", "split_runs"]
