"""Horses & Stagecoach's public events replayed onto a public observation (render.story): the
stagecoach, the shotgun, the horses, the hostages, the horse attack, flasks and the Mêlée's cards
move as the events say, so that each action's picture shows the expansion as it then stood.
"""

from __future__ import annotations

from typing import Any

from render.hooks import HOOKS

Event = dict[str, Any]
Observation = dict[str, Any]

RIDING, ESCAPED = "riding", "escaped"
FULL = ("whiskey", "old-whiskey")  # a full flask; the public sees both as "whiskey" (H-13)


def _car(pos: str) -> int:
    return int(pos.partition("/")[0])


def apply_event(obs: Observation, event: Event) -> None:
    """Change ``obs`` (a public observation with a ``stagecoach``) as ``event`` says; the base
    game's part of the event is render.story's."""
    coach: dict[str, Any] | None = obs.get("stagecoach")
    if not coach:
        return
    kind = event["type"]
    bandits = {b["name"]: b for b in obs["bandits"]}
    attack = coach.get("attack")
    caboose = max(int(c["car"]) for c in obs["train"])
    if kind == "horse-attack":
        riders = [b["name"] for b in sorted(obs["bandits"], key=lambda b: b["seat"]) if b["at"] == RIDING]
        coach["attack"] = {"car": int(event["car"]), "riders": riders, "answered": [], "mine": {}}
    elif kind == "attack-choice" and attack:
        attack["answered"] = sorted({*attack["answered"], event["bandit"]})
    elif kind == "attack-reveal" and attack:
        attack.update(car=int(event["car"]) - 1, riders=list(event["ride"]), answered=[])
    elif kind == "move" and event["how"] == "horse-attack":
        coach["horses"] = sorted([*coach["horses"], _car(event["to"])])
        if attack:
            attack["riders"] = [r for r in attack["riders"] if r != event["bandit"]]
            if not attack["riders"]:
                coach["attack"] = None
    elif kind == "round":
        coach["attack"] = None
    elif kind == "ride":
        horses = list(coach["horses"])
        horses.remove(int(event["horse"]))
        coach["horses"] = sorted([*horses, int(event["to_car"])])
    elif kind == "escape":
        horses = list(coach["horses"])
        horses.remove(int(event["horse"]))
        coach["horses"] = horses
        _gone(coach, "horse", 1)
        bandits[event["bandit"]]["at"] = ESCAPED
    elif kind == "hostage":
        coach["held"] = {**coach["held"], event["bandit"]: event["hostage"]}
        coach["hostages"] = [h for h in coach["hostages"] if h != event["hostage"]]
    elif kind == "shotgun":
        coach["shotgun"] = _car(event["to"])
    elif kind == "stagecoach":
        coach["faces"] = int(event["to_car"])
        if coach.get("shotgun") is not None:
            coach["shotgun"] = coach["faces"]
    elif kind == "higher-speed":
        coach["faces"], coach["shotgun"] = int(event["stagecoach"]), event["shotgun"]
        coach["horses"] = sorted(min(int(car) + 1, caboose) for car in coach["horses"])
    elif kind == "horses-gone":
        horses = list(coach["horses"])
        for car in event["cars"]:
            horses.remove(int(car))
        coach["horses"] = horses
        _gone(coach, "horse", len(event["cars"]))
    elif kind == "marshal-drinks":
        floor = obs["floor_loot"]
        left = [t for t in floor.get(event["at"], []) if not is_flask(t)]
        if left:
            floor[event["at"]] = left
        else:
            floor.pop(event["at"], None)
        _gone(coach, "flask", int(event["flasks"]))
    elif kind == "drink" and event["bandit"] in bandits:  # the Marshal player's: render.prisoners.story
        drink(coach, bandits[event["bandit"]]["loot"], event)
    elif kind == "melee-reveal":
        _reveal(obs, event["cards"])
    elif kind == "poodle":
        obs["neutral_bullets"] = max(0, int(obs["neutral_bullets"]) - 1)


def _gone(coach: dict[str, Any], piece: str, count: int) -> None:
    coach["gone"] = {**coach.get("gone", {}), piece: coach.get("gone", {}).get(piece, 0) + count}


def is_flask(token: str) -> bool:
    return token.partition(":")[0].removesuffix("-half") in FULL


def drink(coach: dict[str, Any], loot: list[str], event: Event) -> None:
    """A full flask of ``loot`` (the drinker's tokens) turns half-drunk, showing its kind; a
    half-drunk one leaves the game (H-13). The event names the kind, not the side: a full flask is
    taken to be the one drunk when the drinker has both (``half``, when the event gives it, settles
    it)."""
    half = f"{event['flask']}-half"
    full = next((i for i, t in enumerate(loot) if t in FULL and (t == event["flask"] or t == "whiskey")), None)
    if event.get("half") or full is None:
        if half in loot:
            loot.remove(half)
            _gone(coach, "flask", 1)
        return
    loot[full] = half


def _reveal(obs: Observation, cards: list[dict[str, Any]]) -> None:
    """The Mêlée's cards face up (H-20): they are the last hidden cards of their seats on the pile,
    in the pile's order."""
    pile = obs["pile"]
    end = len(pile)
    for card in reversed(cards):
        for index in range(end - 1, -1, -1):
            played = pile[index]
            if played["seat"] == card["seat"] and played["face_down"] and not played.get("action"):
                owner, _, action = str(card["card"]).partition(":")
                played.update(face_down=False, bandit=owner, action=action)
                end = index
                break


HOOKS.story.append(apply_event)
