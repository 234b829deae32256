"""A player with two bandits (V-2, V-3) in a sampled world: the variant's part of what a seat knows
(engine.ai.worlds, through the AI's hooks: engine.ai.hooks, registered at the end).

Public: each seat's two bandits and its 11-card deck as a multiset (V-2.3, the seating's own
``deck``), who has placed (V-2.4), who has taken a card this round (V-2.5), the cover offered (V-2.6,
a ``cover`` event right after the face-up Fire). Drawn at random: the other players' secret
placement choices (the seat's own is in its log) and the card each of them took (never a bullet:
it stays in a hand that has played nothing since).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from engine.ai.hooks import HOOKS, Knowledge, Slot, WorldPart
from engine.model import Game
from engine.observe import Observation
from engine.variants.pairs import PICKING, PLACING, TWO_BANDITS, TWO_PLAYER, Pairs

COVER = "cover"  # the event that offers a cover card (engine.variants.pairs)


def pairs(obs: Observation, this_round: list[dict[str, Any]], rng: random.Random) -> Pairs | None:
    """The variant's state in one world, or None when nobody plays two bandits."""
    if obs["options"]["variant"] not in (TWO_BANDITS, TWO_PLAYER):
        return None
    return Pairs(placed=_placed(obs, rng), cover=cover_seat(this_round))


def _placed(obs: Observation, rng: random.Random) -> dict[str, str]:
    """Seats that have chosen their caboose bandit: the seat's own choice as it saw it, the others'
    at random (V-2.4: secret until all have placed)."""
    if obs["phase"] != PLACING:
        return {}
    bandits = {s["seat"]: s["bandits"] for s in obs["seats"]}
    placed: dict[str, str] = {}
    for event in obs["log"]:
        if event["type"] == "placed":
            seat = int(event["seat"])
            placed[str(seat)] = event.get("caboose") or rng.choice(bandits[seat])
    return placed


def cover_seat(this_round: list[dict[str, Any]]) -> int | None:
    """The seat asked for a cover card now: a ``cover`` event after its player's last planning
    answer (a cover card or ``pass`` ends the cover, V-2.6)."""
    for event in reversed(this_round):
        kind = event["type"]
        if kind == COVER:
            return int(event["seat"])
        if kind in ("play", "draw", "pass", "drink", "planning-over"):
            return None
    return None


def holds_its_card(obs: Observation, this_round: list[dict[str, Any]], seat: int) -> bool:
    """Whether ``seat``'s hand surely holds an action card: it took one before the deal (V-2.5) and
    has played nothing since, so the card is still there."""
    if obs["options"]["variant"] != TWO_BANDITS:
        return False
    took = False
    for event in this_round:
        if event.get("seat") != seat:
            continue
        if event["type"] == "take-card":
            took = True
        elif event["type"] == "play":
            return False
    return took


class PairsWorld(WorldPart):
    """The variant's part of the worlds drawn from one seat's view."""

    def __init__(self, knowledge: Knowledge) -> None:
        self.obs: Observation = knowledge.obs
        self.round_log: list[dict[str, Any]] = knowledge.round_log
        seats = self.obs["seats"]
        self.took = frozenset(s["seat"] for s in seats if holds_its_card(self.obs, self.round_log, s["seat"]))

    def build(self, game: Game, rng: random.Random, read: Callable[[str, Slot], str]) -> None:
        game.pairs = pairs(self.obs, self.round_log, rng)


def clone(game: Game, copy: Game) -> None:
    found: Pairs | None = game.pairs
    if found is not None:
        copy.pairs = Pairs(placed=dict(found.placed), cover=found.cover)


HOOKS.world_parts.append(PairsWorld)
HOOKS.go_longer.add(COVER)  # the cover card is one more card of the go (V-2.6)
HOOKS.before_deal.add(PICKING)  # the card taken before the deal (V-2.5)
HOOKS.clones.append(clone)
