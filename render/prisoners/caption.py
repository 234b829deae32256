"""The captions of Marshal & Prisoners' events (docs/events.md), as clauses for render.caption.

``clauses`` answers for the expansion's event types, and for the base events the expansion tells
otherwise (the Marshal player's moves, a throw off the train, his shots' maluses, a dodged bullet,
a card played by reflex); ``None`` leaves an event to the base captions.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.prisoners.data import prisoners_data
from engine.prisoners.model import FALLEN, MARSHAL
from lang import Noun
from render import text
from render.hooks import HOOKS
from render.text import Translate

Event = dict[str, Any]
Observation = dict[str, Any]
Clause = tuple[str, dict[str, Any]]
RUN_STARTS = frozenset({"objective", "idea-drawn", "prison"})
SHOWN_MALUSES = (*prisoners_data().round_maluses, "golden-bullet")  # the others tell their own event


def objective_name(objective: str, tr: Translate | None) -> str:
    kind, _, bandit = objective.partition(":")
    return text.t(f"objective.{kind}", tr, bandit=text.bandit_noun(bandit, tr))


def clauses(obs: Observation | None, events: Sequence[Event], i: int, tr: Translate | None) -> list[Clause] | None:
    """The clauses of ``events[i]``, or None when the base captions tell it."""
    if obs is None or not obs.get("prison"):
        return None
    e = events[i]
    kind = e["type"]

    def name(bandit: str | None) -> Noun:
        return text.bandit_noun(bandit, tr)

    if kind == "prison":
        return [("caption.prison", {"n": len(e["prisoners"])})]
    if kind == "objective":
        return [("caption.objective", {})]
    if kind == "idea-drawn":
        return [("caption.idea-drawn", {"bandit": name(_seat_name(obs, e["seat"]))})]
    if kind == "copy":
        return [("caption.copy", {"bandit": name(e["bandit"]),
                                  "action": text.action_name(str(e["card"]).partition(":")[2], tr)})]
    if kind == "free-prisoner":
        return [("caption.free-prisoner", {"bandit": name(e["bandit"]), "hero": name(e["prisoner"])})]
    if kind == "free-bandit":
        return [("caption.free-bandit", {"bandit": name(e["bandit"]), "target": name(e["target"])})]
    if kind == "give":
        return [("caption.give", {"bandit": name(e["bandit"]), "target": name(e["target"]),
                                  "loot": text.loot_noun(e["loot"], tr)})]
    if kind == "move" and e["to"] == FALLEN:
        return [("caption.thrown", {"bandit": name(e["bandit"])})]
    if kind == "marshal":
        return _marshal(e, name(MARSHAL), tr)
    if kind == "wanted":
        return [("caption.wanted", {"bandit": name(e["bandit"])})]
    if kind == "fire" and e["bandit"] == MARSHAL:
        shot: list[Clause] = [("caption.fire", {"bandit": name(MARSHAL), "target": name(e["target"])})]
        if e["malus"] in SHOWN_MALUSES:
            shot.append((f"caption.malus.{e['malus']}", {"bandit": name(e["target"])}))
        return shot
    if kind == "fist-fight-ace":
        return [("caption.fist-fight-ace", {"bandit": name(e["bandit"]), "value": text.money(int(e["value"]), tr)})]
    if kind in ("prisoner-taken", "mail-taken"):
        return [(f"caption.{kind}", {"bandit": name(e["bandit"])})]
    if kind == "hit" and e.get("dodged_by"):
        return [("caption.hit.dodged", {"dodger": name(e["dodged_by"]), "bandit": name(e["bandit"])})]
    if kind == "play" and e.get("how") == "reflex":
        return [("caption.play.reflex", {"bandit": name(_seat_name(obs, e["seat"])),
                                         "action": text.action_name(str(e["card"]).partition(":")[2], tr)})]
    if kind == "rescue":
        return [("caption.rescue", {"car": text.car_noun(int(str(e["at"]).partition("/")[0]), tr)})]
    if kind == "rumour":
        return [("caption.rumour", {"objective": objective_name(e["objective"], tr)})]
    if kind == "marshal-takes-flasks":  # A shot for the marshal with a Marshal player (M-40)
        return [("caption.marshal-takes-flasks", {"bandit": name(MARSHAL)})]
    if kind in ("prisoners-kept", "mail-kept"):
        return [(f"caption.{kind}", {})]
    return None


def _seat_name(obs: Observation, seat: int) -> str:
    """A seat by its bandit, or the Marshal player's (M-1)."""
    bandits: list[str] = next((list(v["bandits"]) for v in obs["seats"] if v["seat"] == seat), [])
    return bandits[0] if bandits else MARSHAL


def _marshal(e: Event, marshal: Noun, tr: Translate | None) -> list[Clause]:
    """The Marshal player's piece: moved by his cards, pushed, punched, or thrown off (M-5, M-7)."""
    to = str(e["to"])
    if to == FALLEN:
        return [("caption.thrown", {"bandit": marshal})]
    how = e["how"]
    if how == "floor":
        return [("caption.move.floor.roof" if to.endswith("/roof") else "caption.move.floor.in", {"bandit": marshal})]
    key = f"caption.move.{how}" if how in ("punch", "push", "ride") else "caption.move.move"
    return [(key, {"bandit": marshal, "to": text.position_noun(to, tr)})]


HOOKS.run_starts.update(RUN_STARTS)
HOOKS.clauses.append(clauses)
