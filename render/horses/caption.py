"""The captions of Horses & Stagecoach's events (docs/events.md), as clauses for render.caption.

``clauses`` answers for the expansion's event types, and for the base events the expansion tells
otherwise (a punch at the shotgun, moves already told by the fists' reveal, the marshal's stagger
after old whiskey); ``None`` leaves an event to the base captions.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from lang import Noun, english
from render import text
from render.hooks import HOOKS
from render.text import Translate

Event = dict[str, Any]
Observation = dict[str, Any]
Clause = tuple[str, dict[str, Any]]

STAGGER = "a-shot-for-the-marshal"  # the marshal's moves after his drink (H-22)
# Events that open a new run (one picture, one caption each): registered with render.hooks.
RUN_STARTS = frozenset({"horse-attack", "attack-choice", "attack-reveal", "stagecoach", "drink", "melee-reveal",
                        "attack-plan"})


def clauses(obs: Observation | None, events: Sequence[Event], i: int, tr: Translate | None) -> list[Clause] | None:
    """The clauses of ``events[i]``, or None when the base captions tell it."""
    e = events[i]
    kind = e["type"]

    def name(bandit: str | None) -> Noun:
        return text.bandit_noun(bandit, tr)

    if kind == "horse-attack":
        return [("caption.horse-attack", {"car": text.car_noun(int(e["car"]), tr)})]
    if kind == "attack-choice":
        return [("caption.attack-choice", {"bandit": name(e["bandit"])})]
    if kind == "attack-reveal":
        car = int(e["car"])
        inside = text.position_noun(f"{car}/in", tr)
        told: list[Clause] = [("caption.move.horse-attack", {"bandit": name(b), "to": inside}) for b in e["stop"]]
        if not told:
            told.append(("caption.attack-nobody", {"car": text.car_noun(car, tr)}))
        return told + [("caption.attack-ride", {"bandit": name(b)}) for b in e["ride"]]
    if kind == "move" and e["how"] == "horse-attack":
        revealed = any(r["type"] == "attack-reveal" and e["bandit"] in r["stop"] for r in events[:i])
        return [] if revealed else None
    if kind == "ride":
        return []  # the move that follows tells it
    if kind == "escape":
        return [("caption.escape", {"bandit": name(e["bandit"])})]
    if kind == "hostage":
        return [("caption.hostage", {"bandit": name(e["bandit"]), "hostage": hostage_noun(e["hostage"], tr)})]
    if kind == "punch" and e["target"] == "shotgun":
        return [("caption.punch.shotgun", {"bandit": name(e["bandit"])})]
    if kind == "shotgun":
        return [("caption.shotgun", {"to": text.position_noun(e["to"], tr)})]
    if kind == "stagecoach":
        return [("caption.stagecoach", {"car": text.car_noun(int(e["to_car"]), tr)})]
    if kind == "drink":
        return [(f"caption.drink.{e['flask']}", {"bandit": name(e["bandit"])})]
    if kind == "melee-reveal":
        shown = [text.t("pile.played", tr, bandit=name(c["card"].partition(":")[0]),
                        action=text.action_name(c["card"].partition(":")[2], tr)) for c in e["cards"]]
        return [("caption.melee-reveal", {"cards": text.t("caption.list", tr).join(shown)})]
    if kind == "attack-plan":
        return [("caption.attack-plan", {"n": sum(int(n) for n in e["kept"].values())})]
    if kind == "poodle":
        return [("caption.poodle", {"bandit": name(e["bandit"])})]
    if kind == "higher-speed":
        return [("caption.higher-speed", {})]
    if kind == "horses-gone":
        return [("caption.horses-gone", {"n": len(e["cars"])})]
    if kind == "marshal-drinks":
        return [("caption.marshal-drinks.old", {}) if e["old"] else ("caption.marshal-drinks", {"n": e["flasks"]})]
    if kind == "marshal" and e["how"] == STAGGER:
        # he staggers car by car: where he ends is told once, before whom he meets on the way
        if any(m["type"] == "marshal" and m["how"] == STAGGER for m in events[:i]):
            return []
        last = [m for m in events[i:] if m["type"] == "marshal" and m["how"] == STAGGER][-1]
        return [("caption.marshal", {"to": text.car_noun(int(last["to"].partition("/")[0]), tr)})]
    return None


def hostage_noun(hostage: str, tr: Translate | None) -> Noun:
    key = f"hostage.{hostage}"
    return (tr or english()).noun(key) if text.exists(key) else Noun(hostage)


HOOKS.run_starts.update(RUN_STARTS)
HOOKS.clauses.append(clauses)
