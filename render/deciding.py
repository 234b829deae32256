"""Who the pictures mark as deciding now: whoever the engine waits for, and nobody else.

The observation's ``pending`` (engine.observe) is the one source: its seat, and its bandit when the
decision is a bandit's (a target to aim at, where to ride…). Nothing is guessed from the pile or
the phase, so that in every phase of every expansion the gold panel, the "to choose" pill and the
planning picture's title name the person the channel's text waits for; with no decision pending
(a frame rebuilt between two actions, the game over) nobody is marked.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from render import layout
from render.layout import MARSHAL  # the Marshal player's panel (M-1): he plays no bandit

Observation = dict[str, Any]


@dataclass(frozen=True, slots=True)
class Deciding:
    """What the pictures mark: the panels (by bandit; ``MARSHAL`` for the Marshal player's) and,
    with two bandits a player (V-2, V-3), the player's frame for a decision of the player's own
    (to plan, to place, to take a card)."""

    seat: int
    kind: str
    panels: tuple[str, ...]
    frame: int | None  # the seat whose frame is marked


def deciding(obs: Observation) -> Deciding | None:
    pending = obs.get("pending")
    if not pending:
        return None
    seat, kind = int(pending["seat"]), str(pending["kind"])
    if pending.get("bandit"):
        return Deciding(seat, kind, (str(pending["bandit"]),), None)
    if layout.pairs_key(obs):  # a player's decision marks the player's frame, not a bandit of theirs
        return Deciding(seat, kind, (), seat)
    bandits = tuple(str(b) for view in obs["seats"] if view["seat"] == seat for b in view["bandits"])
    prison = obs.get("prison")
    if not bandits and prison and prison.get("seat") == seat:
        bandits = (MARSHAL,)
    return Deciding(seat, kind, bandits, None)


def marks(obs: Observation, name: str) -> bool:
    """Whether the panel of ``name`` (a bandit, or ``MARSHAL``) is marked."""
    now = deciding(obs)
    return now is not None and name in now.panels


def marks_frame(obs: Observation, seat: int) -> bool:
    """Whether the frame of the player of ``seat`` (two bandits) is marked."""
    now = deciding(obs)
    return now is not None and now.frame == seat
