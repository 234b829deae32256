"""From one public observation and the events after it, the observation after each action.

The engine resolves several cards in a row without asking anyone (a Change floor, a Move with one
way to go…), so one answer can carry many actions, and the observation after it shows only their
end. To draw one picture per action, the public events are replayed onto the observation before
them: every change an event describes is public (B-11.2), so the public picture after each action
can be rebuilt exactly. The last picture of a batch is always the engine's own observation.

Hand sizes are only known at the engine's observations; a rebuilt one shows none (``None``).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any

from engine.plain import copy_plain
from render.caption import split_runs
from render.hooks import HOOKS

Event = dict[str, Any]
Observation = dict[str, Any]


def _kind(token: str) -> str:
    return token.partition(":")[0]


def _public(obs: Observation) -> Observation:
    """A copy with loot by kind only and no private parts: the ground the events are replayed on."""
    out = copy_plain({k: v for k, v in obs.items() if k != "log"})
    out["log"] = []
    out["viewer"] = None
    out["floor_loot"] = {pos: [_kind(t) for t in tokens] for pos, tokens in out["floor_loot"].items()}
    for bandit in out["bandits"]:
        bandit["loot"] = [_kind(t) for t in bandit["loot"]]
    for seat in out["seats"]:
        seat.pop("hand", None)
        seat.pop("discard", None)
    for played in out["pile"]:
        if played["face_down"] and not played["resolved"]:
            played["bandit"] = played["action"] = None
    if out.get("pending"):
        out["pending"] = {k: v for k, v in out["pending"].items() if k in ("seat", "bandit", "kind")}
    return out


def _take(tokens: list[str], kind: str) -> None:
    for i, token in enumerate(tokens):
        if _kind(token) == kind:
            del tokens[i]
            return


def _round_card(name: str, bandits: int) -> dict[str, Any]:
    from engine.data import base  # card layouts are data, read where the engine reads them

    card = base().round_card(name, bandits)
    return {"name": card.name, "turns": card.turns, "event": card.event, "station": card.station}


def apply_event(obs: Observation, event: Event) -> None:
    """Change ``obs`` (a public observation) as ``event`` says (with an expansion, its pieces too:
    render.horses.story, render.prisoners.story, through render.hooks).

    An event follows the answer to the decision ``obs`` waited for: who is asked next only the
    engine's next observation says, so the rebuilt view waits for nobody (render.deciding marks
    nobody on it)."""
    obs["pending"] = None
    _apply_base(obs, event)
    for more in HOOKS.story:
        more(obs, event)


def _apply_base(obs: Observation, event: Event) -> None:
    kind = event["type"]
    bandits = {b["name"]: b for b in obs["bandits"]}
    floor: dict[str, list[str]] = obs["floor_loot"]
    if kind == "round":
        obs["round"] = int(obs.get("round") or 0) + 1
        # By the players who play bandits (B-3.5; a Marshal player does not count, M-1).
        obs["round_card"] = _round_card(event["card"], sum(1 for seat in obs["seats"] if seat["bandits"]))
        obs["round_cards_left"] = max(0, int(obs.get("round_cards_left") or 0) - 1)
        obs["first_seat"] = event["first_seat"]
        obs["phase"] = "planning"
        obs["turn"] = 0
        obs["pile"] = []
        for seat in obs["seats"]:
            seat["hand_size"] = None
    elif kind == "play":
        card = event.get("card")  # absent when played face down: the public does not see it
        owner, _, action = str(card).partition(":") if card else ("", "", "")
        obs["pile"].append({"seat": event["seat"], "bandit": owner or None, "action": action or None,
                            "face_down": bool(event["face_down"]), "resolved": False})
        seat = obs["seats"][event["seat"]]
        if seat.get("hand_size") is not None:
            seat["hand_size"] -= 1
    elif kind == "draw":
        seat = obs["seats"][event["seat"]]
        if seat.get("hand_size") is not None:
            seat["hand_size"] += event["cards"]
    elif kind == "planning-over":
        obs["phase"] = "stealing"
        for seat in obs["seats"]:
            seat["hand_size"] = None
    elif kind == "resolve":
        obs["phase"] = "stealing"
        for index, played in enumerate(obs["pile"]):
            if index <= event["index"]:
                played["resolved"] = True
        if event["index"] < len(obs["pile"]):
            played = obs["pile"][event["index"]]
            owner, _, action = str(event["card"]).partition(":")
            played["bandit"], played["action"] = owner, action
    elif kind == "move":
        bandits[event["bandit"]]["at"] = event["to"]
    elif kind == "fire":  # the Marshal player's shots and a shot at him: render.prisoners.story
        if event["bandit"] in bandits:
            bandits[event["bandit"]]["revolver"] -= 1
        if event["target"] in bandits:
            bandits[event["target"]]["bullets_received"] += 1
    elif kind == "hit":
        bandits[event["bandit"]]["bullets_received"] += 1
        obs["neutral_bullets"] = max(0, int(obs["neutral_bullets"]) - 1)
    elif kind == "neutral-bullets-gone":
        obs["neutral_bullets"] = 0
    elif kind == "rob":
        here = floor.get(event["at"], [])
        _take(here, event["loot"])
        if not here:
            floor.pop(event["at"], None)
        bandits[event["bandit"]]["loot"].append(event["loot"])
    elif kind == "drop":
        _take(bandits[event["bandit"]]["loot"], event["loot"])
        floor.setdefault(event["at"], []).append(event["loot"])
    elif kind == "take":
        _take(bandits[event["target"]]["loot"], event["loot"])
        bandits[event["bandit"]]["loot"].append(event["loot"])
    elif kind == "marshal":
        obs["marshal"] = event["to"]
    elif kind == "event":
        obs["phase"] = "event"
    elif kind == "loot-appears":
        floor.setdefault(event["at"], []).append(event["loot"])
        if event["loot"] == "strongbox":
            obs["second_strongbox"] = False
    elif kind == "lose":
        _take(bandits[event["bandit"]]["loot"], event["loot"])
    elif kind == "ransom":
        bandits[event["bandit"]]["loot"].append(event["loot"])
    elif kind == "game-over":
        obs["phase"] = "over"
        obs["pile"] = []
        obs["result"] = {"scores": dict(event["scores"]), "winners": list(event["winners"]),
                         "gunslingers": list(obs.get("result", {}).get("gunslingers", []))}


def replay_runs(start: Observation, events: Sequence[Event]) -> Iterator[Observation]:
    """The public observation after each run of ``events`` (see ``caption.split_runs``), each
    with that run as its ``log``, starting from ``start`` (taken just before the first event)."""
    obs = _public(start)
    for run in split_runs(events):
        for event in run:
            apply_event(obs, event)
        frame = copy_plain(obs)
        frame["log"] = [dict(e) for e in run]
        frame["pending"] = None
        yield frame


def action_frames(before: Observation, after: Observation) -> list[Observation]:
    """One observation per action between two public observations of the same game.

    ``after`` must hold in its ``log`` the events since ``before`` was taken
    (``observe(game, None, log_since=len(game.log))`` before the answer, then
    ``observe(game, None, log_since=that length)`` after it). The last frame is ``after`` itself
    with the last run as its log; the ones before are rebuilt by ``replay_runs``.
    """
    events = list(after.get("log", ()))
    runs = split_runs(events)
    if len(runs) <= 1:
        return [after]
    frames = list(replay_runs(before, events))
    last = dict(after)
    last["log"] = runs[-1]
    return [*frames[:-1], last]


__all__ = ["action_frames", "apply_event", "replay_runs"]
