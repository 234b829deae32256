"""What the expansion shows each viewer (B-11, H-13) and what must hold in its every state."""

from __future__ import annotations

from collections import Counter
from typing import Any

from engine.hooks import HOOKS
from engine.horses.model import RIDING, Coach, is_flask
from engine.horses.rules import shotgun_at
from engine.model import Game


def _observe(game: Game, viewer: int | None, view: dict[str, Any]) -> None:
    """The stagecoach, the shotgun, the horses and the hostages are public (H-1, H-12); flasks lie
    face down (the base gate already shows a full one as "whiskey"); in the horse attack only a
    rider's own choice is seen before the reveal (H-2)."""
    coach: Coach | None = game.coach
    if coach is None:
        return
    attack = None
    if coach.attack is not None:
        mine = {n: c for n, c in coach.attack["chosen"].items() if game.bandits[n].seat == viewer}
        attack = {"car": coach.attack["car"], "riders": list(coach.attack["riders"]),
                  "answered": sorted(coach.attack["chosen"]), "mine": mine}
    view["stagecoach"] = {
        "faces": coach.faces, "shotgun": coach.shotgun, "horses": sorted(coach.horses),
        "hostages": sorted(coach.hostages), "held": dict(coach.held), "attack": attack,
        "gone": dict(coach.gone),
    }


def _totals(game: Game, count: Counter[str]) -> None:
    """Flasks are conserved as flasks whichever side shows, until drunk to the end (H-13); horses
    until removed; hostages never leave."""
    coach: Coach | None = game.coach
    if coach is None:
        return
    for key in [k for k in count if k.startswith("loot:") and is_flask(k[5:])]:
        count["flask"] += count.pop(key)
    count["flask"] += coach.gone.get("flask", 0)
    riding = sum(1 for b in game.bandits.values() if b.at == RIDING)
    count["horse"] += len(coach.horses) + riding + coach.gone.get("horse", 0)
    count["hostage"] += len(coach.hostages) + len(coach.held)


def _problems(game: Game) -> list[str]:
    coach: Coach | None = game.coach
    if coach is None:
        return ["the Horses & Stagecoach option is on but there is no stagecoach"] if game.options.horses else []
    found = []
    train = game.train
    if not 0 <= coach.faces <= train.caboose:
        found.append(f"the stagecoach faces car {coach.faces}, not a car of the train")
    if coach.shotgun is not None and coach.shotgun != coach.faces:
        found.append(f"the shotgun is on car {coach.shotgun}'s roof, not in front of the stagecoach (H-10)")
    if any(not 0 <= car <= train.caboose for car in coach.horses):
        found.append(f"a horse stands beside no car: {coach.horses}")
    held = list(coach.held.values())
    if len(set(held)) != len(held) or set(held) & set(coach.hostages):
        found.append(f"a hostage is held twice: held {coach.held}, free {coach.hostages}")
    if coach.shotgun is not None:
        there = shotgun_at(game, coach)
        fleeing = {name for what, name in coach.arrivals if what == "flee"}
        pending = game.pending
        if pending is not None and pending.kind == "flee":
            fleeing.add(str(pending.bandit))
        for bandit in game.bandits.values():
            if bandit.at == there and bandit.name not in fleeing:
                found.append(f"{bandit.name} stays at the shotgun's position {there} (H-11)")
    return found


HOOKS.observe.append(_observe)
HOOKS.totals.append(_totals)
HOOKS.problems.append(_problems)
