"""The pictures of a game, drawn outside the bot's process (table.workers) from observations, never
from the full state."""

from __future__ import annotations

from typing import Any, NamedTuple

from engine.plain import copy_plain
from lang import Language
from render import describe
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


class Drawn(NamedTuple):
    """A picture's bytes and its alt text (the attachment's description, for a screen reader)."""

    data: bytes
    description: str


class Pictures:
    """PNG and GIF bytes from observations, each with its alt text, in a reader's language (its code
    crosses to the workers)."""

    def __init__(self, workers: Workers) -> None:
        self.workers = workers

    async def _one(self, kind: str, observation: Observation, lang: Language) -> Drawn:
        ((data, description),) = await self.workers.described(kind, [observation], lang.code)
        return Drawn(data, description)

    async def train(self, observation: Observation, lang: Language) -> Drawn:
        return await self._one("train", observation, lang)

    async def trains(self, observations: list[Observation], lang: Language) -> list[Drawn]:
        """One train picture per action frame, in one job."""
        return [Drawn(*drawn) for drawn in await self.workers.described("train", observations, lang.code)]

    async def hand(self, observation: Observation, lang: Language) -> Drawn:
        return await self._one("hand", observation, lang)

    async def planning(self, observation: Observation, lang: Language) -> Drawn:
        """A player's hand with what they plan by: the train, the round card and the pile."""
        return await self._one("planning", observation, lang)

    async def choice(self, observation: Observation, lang: Language) -> Drawn:
        """A choice as its chooser sees it: the train from their view, the options ringed."""
        return await self._one("choice", observation, lang)

    async def lesson(self, observation: Observation, targets: list[dict[str, Any]], lang: Language) -> Drawn:
        """A lesson step's train, from the learner's view, with the step's pointers (render.lessons)."""
        return Drawn(*await self.workers.lesson_picture(observation, targets, lang.code))

    async def scoreboard(self, observation: Observation, lang: Language) -> Drawn:
        return await self._one("scoreboard", observation, lang)

    async def replay(self, start: Observation, events: list[Event], final: Observation, lang: Language) -> Drawn:
        """The whole game as one animated GIF (every action, then the scoreboard)."""
        data = await self.workers.replay(start, events, final, lang.code)
        return Drawn(data, describe.replay(final, events, translate=lang))


__all__ = ["Drawn", "Pictures", "advance", "caption", "split_runs"]
