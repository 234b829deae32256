"""Marshal & Prisoners' public events replayed onto a public observation (render.story): the
Marshal's sheet (revolvers, aces, Wanted cards, rewards, objectives seen and revealed), the
prisoners and the round's maluses change as the events say, so that each action's picture shows
the expansion as it then stood.
"""

from __future__ import annotations

from typing import Any

from engine.prisoners.data import prisoners_data
from engine.prisoners.lawman import REVOLVERS
from engine.prisoners.model import FALLEN, MAIL, MARSHAL
from render.hooks import HOOKS
from render.horses import story as horses_story

Event = dict[str, Any]
Observation = dict[str, Any]


def _take(tokens: list[str], kind: str) -> bool:
    for i, token in enumerate(tokens):
        if token.partition(":")[0] == kind:
            del tokens[i]
            return True
    return False


def apply_event(obs: Observation, event: Event) -> None:
    """Change ``obs`` (a public observation with a ``prison``) as ``event`` says; the base game's
    part of the event is render.story's."""
    prison: dict[str, Any] | None = obs.get("prison")
    if not prison:
        return
    kind = event["type"]
    bandits = {b["name"]: b for b in obs["bandits"]}
    if kind == "round":
        prison["maluses"] = {}  # the round's Marshal bullets went into the decks (M-8)
    elif kind == "objective":
        prison["objectives"].append(None)
        prison["objectives_to_come"] = max(0, int(prison["objectives_to_come"]) - 1)
    elif kind == "fire" and event["bandit"] == MARSHAL:
        stack = prison["revolvers"][REVOLVERS.index(event["revolver"])]
        if stack:
            stack.pop(0)
        if event["malus"] in prisoners_data().round_maluses:
            prison["maluses"].setdefault(event["target"], []).append(event["malus"])
        if not stack:
            prison["golden"] = int(prison.get("golden", 0)) + 1
    elif kind == "marshal" and event["to"] == FALLEN:
        prison["marshal_fallen"] = True
    elif kind == "wanted":
        prison["wanted"].append(event["bandit"])
    elif kind == "fist-fight-ace" and prison["aces"]:
        prison["aces"].pop(0)
        prison["won_aces"].setdefault(event["bandit"], []).append(event["value"])
    elif kind == "prisoner-taken":
        prison["held"].pop(event["bandit"], None)
        prison["rewards"]["prisoners"].append(event["prisoner"])
    elif kind == "mail-taken":
        _take(bandits[event["bandit"]]["loot"], MAIL)
        prison["rewards"]["mail"].append(MAIL)
    elif kind == "free-prisoner":
        if event["prisoner"] in prison["prisoners"]:
            prison["prisoners"].remove(event["prisoner"])
        prison["held"][event["bandit"]] = event["prisoner"]
    elif kind == "give":
        if _take(bandits[event["bandit"]]["loot"], event["loot"]):
            bandits[event["target"]]["loot"].append(event["loot"])
    elif kind == "rescue":
        tokens = obs["floor_loot"].pop(event["at"], [])
        obs["floor_loot"].setdefault(event["to"], []).extend(tokens)
    elif kind == "rumour":
        prison["revealed"].append(event["objective"])
        shown = prison["objectives"]
        if event["objective"] not in shown and None in shown:
            shown[shown.index(None)] = event["objective"]
    elif kind == "marshal-takes-flasks":  # onto his sheet, from where he stands (M-40, with M-50)
        floor = obs["floor_loot"]
        here = floor.get(event["at"], [])
        prison["flasks"] = [*prison.get("flasks", []), *(t for t in here if horses_story.is_flask(t))]
        left = [t for t in here if not horses_story.is_flask(t)]
        if left:
            floor[event["at"]] = left
        else:
            floor.pop(event["at"], None)
    elif kind == "drink" and event["bandit"] == MARSHAL and obs.get("stagecoach"):  # his sheet's flask (M-50)
        horses_story.drink(obs["stagecoach"], prison.setdefault("flasks", []), event)
    elif kind == "prisoners-kept":
        prison["rewards"]["prisoners"] += list(prison["prisoners"])
        prison["prisoners"] = []
    elif kind == "mail-kept":
        for at in event["at"]:
            here = obs["floor_loot"].get(at, [])
            if _take(here, MAIL):
                prison["rewards"]["mail"].append(MAIL)
                if not here:
                    obs["floor_loot"].pop(at, None)


HOOKS.story.append(apply_event)
