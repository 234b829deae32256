"""The whole game to versioned JSON and back, at any moment (mid-Punch included).

Log events are never changed once recorded, so snapshots share them instead of copying them.
"""

from __future__ import annotations

import json
from typing import Any

from engine.dice import Dice
from engine.errors import SnapshotError
from engine.invariants import problems
from engine.model import Bandit, Decision, Game, Options, Planning, PlayedCard, Seat

VERSION = 1


def _context(context: dict[str, Any]) -> dict[str, Any]:
    return {k: list(v) if isinstance(v, list) else v for k, v in context.items()}


def to_json(game: Game) -> dict[str, Any]:
    data = _base_json(game)
    for hook in game.hooks.to_json:
        hook(game, data)
    return data


def _base_json(game: Game) -> dict[str, Any]:
    o, plan, pending = game.options, game.planning, game.pending
    return {
        "version": VERSION,
        "options": {
            "setup": o.setup, "powers": o.powers, "events": o.events, "django": o.django,
            "belle": o.belle, "expert": o.expert, "expert_bullets": o.expert_bullets, "horses": o.horses,
            "variant": o.variant, "prisoners": o.prisoners, "silk": o.silk,
            "chosen_events": list(o.chosen_events),
        },
        "wagons": list(game.wagons),
        "seats": [
            {"index": s.index, "bandits": list(s.bandits), "deck": list(s.deck),
             "hand": list(s.hand), "discard": list(s.discard)}
            for s in game.seats
        ],
        "bandits": [
            {"name": b.name, "seat": b.seat, "at": b.at, "loot": list(b.loot),
             "revolver": b.revolver, "bullets_received": b.bullets_received}
            for b in game.bandits.values()
        ],
        "marshal": game.marshal,
        "floor_loot": {pos: list(tokens) for pos, tokens in game.floor_loot.items()},
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
        "planning": {"turn": plan.turn, "order": list(plan.order), "index": plan.index,
                     "actions_left": plan.actions_left,
                     **({"kept": {k: list(v) for k, v in plan.kept.items()}} if plan.kept else {})},
        "pile": [{"card": p.card, "seat": p.seat, "face_down": p.face_down,
                  **({"bandit": p.bandit} if p.bandit else {})} for p in game.pile],
        "cursor": game.cursor,
        "pending": None if pending is None else {
            "seat": pending.seat, "bandit": pending.bandit, "kind": pending.kind,
            "values": list(pending.values), "context": _context(pending.context),
        },
        "step": game.step,
        "log": list(game.log),
        "seed": game.seed,
        "dice": game.dice.state(),
    }


def _strings(values: Any) -> list[str]:
    if not isinstance(values, list) or not all(isinstance(v, str) for v in values):
        raise ValueError(f"expected a list of strings, got {values!r:.80}")
    return list(values)


def _build(data: dict[str, Any]) -> Game:
    pending = data["pending"]
    log = data["log"]
    if not isinstance(log, list) or not all(isinstance(e, dict) for e in log):
        raise ValueError("the log must be a list of objects")
    game = Game(
        options=Options(**data["options"]),
        wagons=tuple(_strings(data["wagons"])),
        seats=[
            Seat(index=int(s["index"]), bandits=_strings(s["bandits"]), deck=_strings(s["deck"]),
                 hand=_strings(s["hand"]), discard=_strings(s["discard"]))
            for s in data["seats"]
        ],
        bandits={
            str(b["name"]): Bandit(
                name=str(b["name"]), seat=int(b["seat"]), at=str(b["at"]), loot=_strings(b["loot"]),
                revolver=int(b["revolver"]), bullets_received=int(b["bullets_received"]),
            )
            for b in data["bandits"]
        },
        marshal=str(data["marshal"]),
        floor_loot={str(k): _strings(v) for k, v in data["floor_loot"].items()},
        dice=Dice.from_state(data["dice"]),
        neutral_bullets=int(data["neutral_bullets"]),
        neutral_bullets_removed=int(data["neutral_bullets_removed"]),
        second_strongbox=bool(data["second_strongbox"]),
        box=_strings(data["box"]),
        conductor_credits=int(data["conductor_credits"]),
        round_deck=_strings(data["round_deck"]),
        round_no=int(data["round_no"]),
        round_card=None if data["round_card"] is None else str(data["round_card"]),
        first_seat=int(data["first_seat"]),
        phase=str(data["phase"]),
        planning=Planning(
            turn=int(data["planning"]["turn"]), order=[int(i) for i in data["planning"]["order"]],
            index=int(data["planning"]["index"]), actions_left=int(data["planning"]["actions_left"]),
            kept={str(k): _strings(v) for k, v in data["planning"].get("kept", {}).items()},
        ),
        pile=[PlayedCard(card=str(p["card"]), seat=int(p["seat"]), face_down=bool(p["face_down"]),
                         bandit=p.get("bandit")) for p in data["pile"]],
        cursor=int(data["cursor"]),
        pending=None if pending is None else Decision(
            seat=int(pending["seat"]), bandit=pending["bandit"], kind=str(pending["kind"]),
            values=_strings(pending["values"]), context=_context(dict(pending["context"])),
        ),
        step=int(data["step"]),
        log=[dict(e) for e in log],
        seed=data["seed"],
    )
    for hook in game.hooks.from_json:
        hook(game, data)
    return game


def from_json(data: object) -> Game:
    """Rebuild a game; an unknown version or a corrupt snapshot raises SnapshotError."""
    if not isinstance(data, dict):
        raise SnapshotError("a snapshot is a JSON object")
    version = data.get("version")
    if version != VERSION:
        raise SnapshotError(f"unknown snapshot version {version!r} (this engine reads version {VERSION})")
    try:
        game = _build(data)
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
