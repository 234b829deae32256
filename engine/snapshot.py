"""The whole game to versioned JSON and back, at any moment (mid-Punch included)."""

from __future__ import annotations

import copy
import json
from dataclasses import asdict
from typing import Any

from engine.dice import Dice
from engine.errors import SnapshotError
from engine.invariants import problems
from engine.model import Bandit, Decision, Game, Options, PlayedCard, Planning, Seat

VERSION = 1


def to_json(game: Game) -> dict[str, Any]:
    return {
        "version": VERSION,
        "options": asdict(game.options),
        "wagons": list(game.wagons),
        "seats": [asdict(s) for s in game.seats],
        "bandits": [asdict(b) for b in game.bandits.values()],
        "marshal": game.marshal,
        "floor_loot": copy.deepcopy(game.floor_loot),
        "neutral_bullets": game.neutral_bullets,
        "neutral_bullets_removed": game.neutral_bullets_removed,
        "second_strongbox": game.second_strongbox,
        "box": list(game.box),
        "conductor_credits": game.conductor_credits,
        "round_deck": list(game.round_deck),
        "round_no": game.round_no,
        "round_card": game.round_card,
        "first_seat": game.first_seat,
        "phase": game.phase,
        "planning": asdict(game.planning),
        "pile": [asdict(p) for p in game.pile],
        "cursor": game.cursor,
        "pending": asdict(game.pending) if game.pending else None,
        "step": game.step,
        "log": copy.deepcopy(game.log),
        "seed": game.seed,
        "dice": game.dice.state(),
    }


def from_json(data: object) -> Game:
    """Rebuild a game; an unknown version or a corrupt snapshot raises SnapshotError."""
    if not isinstance(data, dict):
        raise SnapshotError("a snapshot is a JSON object")
    version = data.get("version")
    if version != VERSION:
        raise SnapshotError(f"unknown snapshot version {version!r} (this engine reads version {VERSION})")
    try:
        game = Game(
            options=Options(**data["options"]),
            wagons=tuple(str(w) for w in data["wagons"]),
            seats=[Seat(**copy.deepcopy(s)) for s in data["seats"]],
            bandits={b["name"]: Bandit(**copy.deepcopy(b)) for b in data["bandits"]},
            marshal=str(data["marshal"]),
            floor_loot={str(k): [str(t) for t in v] for k, v in data["floor_loot"].items()},
            dice=Dice.from_state(data["dice"]),
            neutral_bullets=int(data["neutral_bullets"]),
            neutral_bullets_removed=int(data["neutral_bullets_removed"]),
            second_strongbox=bool(data["second_strongbox"]),
            box=[str(t) for t in data["box"]],
            conductor_credits=int(data["conductor_credits"]),
            round_deck=[str(c) for c in data["round_deck"]],
            round_no=int(data["round_no"]),
            round_card=data["round_card"],
            first_seat=int(data["first_seat"]),
            phase=str(data["phase"]),
            planning=Planning(**copy.deepcopy(data["planning"])),
            pile=[PlayedCard(**p) for p in data["pile"]],
            cursor=int(data["cursor"]),
            pending=Decision(**copy.deepcopy(data["pending"])) if data["pending"] else None,
            step=int(data["step"]),
            log=copy.deepcopy(list(data["log"])),
            seed=data["seed"],
        )
    except SnapshotError:
        raise
    except (KeyError, TypeError, ValueError, AttributeError) as error:
        raise SnapshotError(f"corrupt snapshot: {type(error).__name__}: {error}") from error
    try:
        found = problems(game)
    except (KeyError, TypeError, ValueError, AttributeError, IndexError) as error:
        raise SnapshotError(f"corrupt snapshot: {type(error).__name__}: {error}") from error
    if found:
        raise SnapshotError("inconsistent snapshot: " + "; ".join(found))
    return game


def dumps(game: Game) -> str:
    return json.dumps(to_json(game), separators=(",", ":"))


def loads(text: str | bytes) -> Game:
    try:
        data = json.loads(text)
    except (json.JSONDecodeError, UnicodeDecodeError) as error:
        raise SnapshotError(f"corrupt snapshot: not JSON ({error})") from error
    return from_json(data)
