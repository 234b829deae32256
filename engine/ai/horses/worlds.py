"""Horses & Stagecoach in a sampled world: the expansion's part of what a seat knows (engine.ai.worlds,
through the AI's hooks: engine.ai.hooks, registered at the end).

Public from the observation: the stagecoach, the shotgun, the horses, the hostages (free and held),
the pieces gone, the horse attack's wagon, riders and who has answered. Rebuilt from the public
log: who has drunk in this go (``tipsy``), which cards on the pile wait for the Mêlée reveal, whether
the stagecoach has already made this round's move, the arrivals still to settle (flights from the
shotgun, hostages to take). Drawn at random: the other riders' secret choices in the horse attack
(H-2), and which full flask is the old whiskey (H-13) when the seat cannot tell: one of the full
flasks it does not hold (on the floor, in others' loot) or one of those left in the box. Each
seat also owns its bandits' Ride cards (H-1); a world keeps this round's log (Deadly bullet reads
it back, H-22).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from engine.ai.hooks import HOOKS, Knowledge, Slot, WorldPart
from engine.ai.worlds import this_round
from engine.horses.data import horses_data
from engine.horses.model import COACH_IN, COACH_ROOF, FLASKS, HALF, MELEE, Coach, is_flask
from engine.horses.setup import ATTACK
from engine.model import ROUND_END, Game, Options
from engine.observe import Observation
from engine.train import ROOF

WHISKEY, OLD = FLASKS
ATTACK_CHOICES = ("stop", "ride")
# Slots: ("floor", position, index) | ("loot", bandit, index) | ("sheet", "", index) (the Marshal's,
# M-40) | ("box", "", index)


def flask_total() -> int:
    return sum(horses_data().flasks.values())


class Flasks:
    """Where the old whiskey may be, worked out once from the observation (H-13)."""

    def __init__(self, obs: Observation) -> None:
        viewer = obs["viewer"]
        seen = [t for tokens in obs["floor_loot"].values() for t in tokens if is_flask(t)]
        seen += [t for b in obs["bandits"] for t in b["loot"] if is_flask(t)]
        sheet = obs["prison"]["flasks"] if obs.get("prison") is not None else []  # the Marshal's (M-40)
        seen += sheet
        gone = obs["stagecoach"]["gone"].get("flask", 0)
        self.in_box = flask_total() - len(seen) - gone
        log = obs["log"]
        self.old_known = (
            OLD in seen or OLD + HALF in seen
            or any(e["type"] == "drink" and e["flask"] == OLD for e in log)
            or any(e["type"] == "marshal-drinks" and e["old"] for e in log)
        )
        # Full flasks whose kind the viewer cannot see: the old whiskey may be any of them.
        self.slots: list[Slot] = [
            ("floor", pos, i) for pos, tokens in sorted(obs["floor_loot"].items())
            for i, t in enumerate(tokens) if t == WHISKEY
        ]
        self.slots += [
            ("loot", b["name"], i) for b in obs["bandits"] if b["seat"] != viewer
            for i, t in enumerate(b["loot"]) if t == WHISKEY
        ]
        if obs.get("prison") is not None and obs["prison"]["seat"] != viewer:
            self.slots += [("sheet", "", i) for i, t in enumerate(sheet) if t == WHISKEY]
        self.slots += [("box", "", i) for i in range(self.in_box)]

    def old_at(self, rng: random.Random) -> Slot | None:
        """Where the old whiskey is in one world (None: not among the full flasks the viewer cannot
        see: it holds it, its kind was shown, or it has left the game)."""
        if self.old_known or not self.slots:
            return None
        return rng.choice(self.slots)

    def box(self, old: Slot | None) -> list[str]:
        return [OLD if old == ("box", "", i) else WHISKEY for i in range(self.in_box)]


def flask_token(token: str, slot: Slot, old: Slot | None) -> str:
    return OLD if token == WHISKEY and slot == old else token


def coach(obs: Observation, rng: random.Random, planning: dict[str, Any], pending: dict[str, Any] | None) -> Coach:
    """The expansion's part of one world; ``planning``: what engine.ai.worlds read of this round's
    Schemin' (``tipsy``, ``melee``), ``pending``: the seat's own decision (kind, bandit)."""
    view = obs["stagecoach"]
    attack = None
    if view["attack"] is not None:
        seen = view["attack"]
        chosen = {name: seen["mine"].get(name) or rng.choice(ATTACK_CHOICES) for name in seen["answered"]}
        attack = {"car": seen["car"], "riders": list(seen["riders"]), "chosen": chosen}
    return Coach(
        faces=view["faces"], shotgun=view["shotgun"], horses=list(view["horses"]),
        hostages=list(view["hostages"]), held=dict(view["held"]),
        arrivals=_arrivals(obs, pending), attack=attack, tipsy=planning["tipsy"],
        melee=list(planning["melee"]), moved=_moved(obs), gone=dict(view["gone"]),
    )


def _arrivals(obs: Observation, pending: dict[str, Any] | None) -> list[list[str]]:
    """Arrivals the engine still has to settle after the pending decision (H-10, H-11): bandits
    standing at the shotgun's position flee, then a bandit inside the stagecoach without a hostage
    takes one; in seat order from the first player, as the engine asks them."""
    view = obs["stagecoach"]
    asked = None if pending is None else pending["bandit"]
    shotgun = COACH_ROOF if view["shotgun"] is None else f"{view['shotgun']}/{ROOF}"
    seats = len(obs["seats"])
    order = sorted(obs["bandits"], key=lambda b: (b["seat"] - obs["first_seat"]) % seats)
    flee = [["flee", b["name"]] for b in order
            if view["shotgun"] is not None and b["at"] == shotgun and b["name"] != asked]
    hostage = [["hostage", b["name"]] for b in order
               if b["at"] == COACH_IN and b["name"] not in view["held"] and b["name"] != asked and view["hostages"]]
    return flee + hostage


def _moved(obs: Observation) -> int:
    """The last round whose end-of-round stagecoach move was made: this one once its ``stagecoach``
    event is in the log after the round's end began, else the one before."""
    round_no = obs["round"]
    if obs["phase"] == ROUND_END:
        for event in reversed(obs["log"]):
            if event["type"] in ("round", "event", "planning-over"):
                break
            if event["type"] == "stagecoach":
                return int(round_no)
    return max(0, int(round_no) - 1)


def melee_hidden(obs: Observation, turns: str, turn: int, played_this_turn: int) -> list[int]:
    """Pile indexes hidden until the Mêlée reveal (H-20): the cards of this Mêlée turn played face
    down, but a Ghost's own hidden first card (B-9.1), which stays face down after the reveal."""
    if obs["phase"] == ATTACK or turn >= len(turns) or turns[turn] != MELEE or not played_this_turn:
        return []
    pile = obs["pile"]
    first = len(pile) - played_this_turn
    ghost_hides = turn == 0 and obs["options"]["powers"]
    held = obs["stagecoach"]["held"]
    ghosts = {b["seat"] for b in obs["bandits"]
              if b["name"] == "ghost" and held.get("ghost") not in ("poker-player", "photographer")}
    return [i for i in range(first, len(pile))
            if pile[i]["face_down"] and not (ghost_hides and pile[i]["seat"] in ghosts)]


class HorsesWorld(WorldPart):
    """The expansion's part of the worlds drawn from one seat's view."""

    def __init__(self, knowledge: Knowledge) -> None:
        self.obs: Observation = knowledge.obs
        self.pending = {"kind": knowledge.decision.kind, "bandit": knowledge.decision.bandit}
        melee = melee_hidden(self.obs, knowledge.turns, knowledge.planning.turn, knowledge.played_this_turn)
        self.schemin: dict[str, Any] = {"tipsy": knowledge.tipsy, "melee": melee}
        self.flasks = Flasks(self.obs)
        self.this_round: list[dict[str, Any]] = knowledge.round_log  # read back by Deadly bullet (H-22)
        self.old: Slot | None = None

    def draw(self, rng: random.Random) -> None:
        self.old = self.flasks.old_at(rng)

    def token(self, token: str, slot: Slot) -> str:
        return flask_token(token, slot, self.old)

    def box(self) -> list[str]:
        return self.flasks.box(self.old)

    def log(self) -> list[dict[str, Any]]:
        return list(self.this_round)

    def build(self, game: Game, rng: random.Random, read: Callable[[str, Slot], str]) -> None:
        game.coach = coach(self.obs, rng, self.schemin, self.pending)


def ride_cards(options: Options, bandits: list[str], cards: list[str]) -> list[str]:
    """Each bandit's Ride card (H-1) beside the seat's deck."""
    return [*cards, *(f"{name}:{action}" for name in bandits for action, n in horses_data().action_cards
                      for _ in range(n))]


def clone(game: Game, copy: Game) -> None:
    """The stagecoach's state on a world's quick copy, and this round's log (Deadly bullet, H-22)."""
    found: Coach | None = game.coach
    if found is None:
        return
    copy.log = this_round(game.log)
    copy.coach = Coach(
        faces=found.faces, shotgun=found.shotgun, horses=list(found.horses), hostages=list(found.hostages),
        held=dict(found.held), arrivals=[list(a) for a in found.arrivals],
        attack=None if found.attack is None else {
            "car": found.attack["car"], "riders": list(found.attack["riders"]),
            "chosen": dict(found.attack["chosen"]),
        },
        tipsy=found.tipsy, melee=list(found.melee), moved=found.moved, gone=dict(found.gone),
    )


HOOKS.world_parts.append(HorsesWorld)
HOOKS.seat_cards.append(ride_cards)
HOOKS.clones.append(clone)
