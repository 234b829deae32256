"""Why the hard AI's answer to a Marshal & Prisoners decision is good (hints, engine.ai.reasons):
the Marshal player going where bandits stand (M-5: his arrests and bullets need them at hand).
Read from the seat's view alone; the catalogs' keys are in data/locales/prisoners."""

from __future__ import annotations

from engine.ai.hooks import HOOKS, Reason
from engine.ai.reasons import Table
from engine.model import Decision
from engine.observe import Observation


def _reason(view: Observation, decision: Decision, answer: str) -> Reason | None:
    kind, _, value = answer.partition(" ")
    if kind == "marshal-move" and decision.kind == "marshal-move":
        table = Table(view, decision)
        there = [name for name, b in table.bandits.items() if b["at"] == value]
        if there:
            return "advice.marshal-move.bandit", {"to": value, "target": table.richest(there) or there[0]}
    return None


HOOKS.reasons.append(_reason)
