"""The pictures of the game, drawn off the event loop from observations (never the full state)."""

from __future__ import annotations

import asyncio
from typing import Any

Observation = dict[str, Any]


def _frame(observation: Observation, events: list[dict[str, Any]]) -> bytes | None:
    return None


def _hand(observation: Observation) -> bytes | None:
    return None


def _scoreboard(observation: Observation) -> bytes | None:
    return None


async def frame(observation: Observation, events: list[dict[str, Any]]) -> bytes | None:
    return await asyncio.to_thread(_frame, observation, events)


async def hand(observation: Observation) -> bytes | None:
    return await asyncio.to_thread(_hand, observation)


async def scoreboard(observation: Observation) -> bytes | None:
    return await asyncio.to_thread(_scoreboard, observation)
