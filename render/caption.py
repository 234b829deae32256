"""The one-line caption of an action, made from its run of events (docs/events.md)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from lang import Noun
from render import text
from render.hooks import HOOKS
from render.text import Translate, t

Event = dict[str, Any]
Observation = dict[str, Any]

# Events that open a new run: one picture, one caption each (docs/events.md, last line); an
# expansion adds its own (render.hooks' ``run_starts``: ``opens_run`` says it).
RUN_STARTS = frozenset({"round", "play", "draw", "pass", "reshuffle", "planning-over", "resolve", "event",
                        "game-over"})


def opens_run(event: Event, last: Event | None) -> bool:
    """Whether ``event`` opens a new run after ``last``, the last event of the run so far."""
    return (event["type"] in RUN_STARTS or event["type"] in HOOKS.run_starts
            or any(opens(event, last) for opens in HOOKS.opens_run))


def split_runs(events: Sequence[Event]) -> list[list[Event]]:
    """The events cut into actions: each run starts at a ``resolve``, an ``event``, a planning move…

    Events before the first start (the rest of an action whose first part was shown already, e.g.
    the shot after its owner chose a target) form a run of their own.
    """
    runs: list[list[Event]] = []
    for event in events:
        if not runs or opens_run(event, runs[-1][-1]):
            runs.append([event])
        else:
            runs[-1].append(event)
    return runs


def _seat_bandit(obs: Observation | None, seat: int) -> str | None:
    if obs is None:
        return None
    for view in obs.get("seats", ()):
        if view["seat"] == seat and view["bandits"]:
            return str(view["bandits"][0])
        if view["seat"] == seat and obs.get("prison"):
            return "marshal"  # the Marshal player plays no bandit (M-1)
    return None


Clause = tuple[str, dict[str, Any]]


def _clauses(obs: Observation | None, events: Sequence[Event], tr: Translate | None) -> list[Clause]:
    def name(bandit: str | None) -> Noun:
        return text.bandit_noun(bandit, tr)

    out: list[Clause] = []
    for i, e in enumerate(events):
        kind = e["type"]
        # an expansion's event, or a base one it tells otherwise (two bandits a player first, V-2, V-3)
        told = next((said for said in (tell(obs, events, i, tr) for tell in HOOKS.clauses) if said is not None), None)
        if told is not None:
            out += told
            continue
        if kind == "round":
            n = int(obs["round"]) if obs and obs.get("round") else 1
            total = int(obs["rounds"]) if obs and obs.get("rounds") else 5
            out.append(("caption.round", {"n": n, "total": total, "card": text.card_title(e["card"], tr)}))
        elif kind == "play":
            who = name(_seat_bandit(obs, e["seat"]))
            if e.get("card") and not e.get("face_down"):
                action = text.action_name(str(e["card"]).partition(":")[2], tr)
                out.append(("caption.play", {"bandit": who, "action": action}))
            else:
                out.append(("caption.play.hidden", {"bandit": who}))
        elif kind == "draw":
            out.append(("caption.draw", {"bandit": name(_seat_bandit(obs, e["seat"])), "n": e["cards"]}))
        elif kind in ("pass", "reshuffle"):
            out.append((f"caption.{kind}", {"bandit": name(_seat_bandit(obs, e["seat"]))}))
        elif kind == "planning-over":
            out.append(("caption.planning-over", {}))
        elif kind == "resolve":
            action = text.action_name(str(e["card"]).partition(":")[2], tr)
            out.append(("caption.resolve", {"bandit": name(e["bandit"]), "action": action}))
        elif kind == "move":
            how = e["how"]
            if how == "floor":
                key = "caption.move.floor.roof" if e["to"].endswith("/roof") else "caption.move.floor.in"
            else:
                key = f"caption.move.{how}"
                if not text.exists(key):
                    key = "caption.move.move"
            out.append((key, {"bandit": name(e["bandit"]), "to": text.position_noun(e["to"], tr)}))
        elif kind == "fire":
            out.append(("caption.fire", {"bandit": name(e["bandit"]), "target": name(e["target"])}))
        elif kind == "hit":
            key = f"caption.hit.{e.get('cause')}"
            out.append((key if text.exists(key) else "caption.hit.marshal", {"bandit": name(e["bandit"])}))
        elif kind == "neutral-bullets-gone":
            out.append(("caption.neutral-bullets-gone", {}))
        elif kind == "rob":
            if e.get("how") == "pickpocketing":
                out.append(("caption.rob.pickpocketing", {"bandit": name(e["bandit"])}))
            else:
                out.append(("caption.rob", {"bandit": name(e["bandit"]), "loot": _loot(e["loot"], tr)}))
        elif kind == "punch":
            out.append(("caption.punch", {"bandit": name(e["bandit"]), "target": name(e["target"])}))
        elif kind == "drop":
            out.append(("caption.drop", {"bandit": name(e["bandit"]), "loot": _loot(e["loot"], tr)}))
        elif kind == "take":
            out.append(("caption.take", {"bandit": name(e["bandit"]), "target": name(e["target"])}))
        elif kind == "marshal":
            out.append(("caption.marshal", {"to": text.car_noun(_car(e["to"]), tr)}))
        elif kind == "no-effect":
            key = f"caption.no-effect.{e['why']}"
            if text.exists(key):
                action = text.action_name(e["action"], tr)
                out.append((key, {"bandit": name(e["bandit"]), "action": action}))
        elif kind == "loot-appears":
            out.append(("caption.loot-appears", {"loot": _loot(e["loot"], tr),
                                                 "at": text.position_noun(e["at"], tr)}))
        elif kind == "lose":
            out.append(("caption.lose", {"bandit": name(e["bandit"])}))
        elif kind == "ransom":
            out.append(("caption.ransom", {"bandit": name(e["bandit"]), "value": e["value"]}))
        elif kind == "game-over":
            winners = [name(w) for w in e.get("winners", ())]
            key = "caption.game-over.winner" if len(winners) == 1 else "caption.game-over.winners"
            out.append((key if winners else "caption.game-over", {"names": text.names_list(winners, tr)}))
    return out


def _car(pos: str) -> int:
    return int(pos.partition("/")[0])


def _loot(kind: str, tr: Translate | None) -> Noun:
    return text.loot_noun(kind, tr)


def _grouped(clauses: list[Clause], tr: Translate | None) -> list[Clause]:
    """Neighbouring clauses that differ only in their bandit become one: "Doc and Tuco slide to …"."""
    out: list[tuple[str, dict[str, Any], list[Noun]]] = []
    for key, fields in clauses:
        rest = {k: v for k, v in fields.items() if k != "bandit"}
        if (out and "bandit" in fields and out[-1][0] == key and out[-1][1] == rest
                and text.exists(f"{key}.many")):
            out[-1][2].append(fields["bandit"])
        else:
            out.append((key, rest, [fields["bandit"]] if "bandit" in fields else []))
    # "the marshal shoots X" then "X flees to the roof": one clause (B-7.10 is one event for players)
    joined: list[tuple[str, dict[str, Any], list[Noun]]] = []
    for key, rest, bandits in out:
        if (key == "caption.move.flee" and joined and joined[-1][0] == "caption.hit.marshal"
                and joined[-1][2] == bandits):
            joined[-1] = ("caption.hit-flee", {}, bandits)
        else:
            joined.append((key, rest, bandits))
    merged: list[Clause] = []
    for key, rest, bandits in joined:
        fields = dict(rest)
        if bandits:
            fields["bandit"] = text.names_list(bandits, tr)
        merged.append((f"{key}.many" if len(bandits) > 1 else key, fields))
    return merged


def caption(obs: Observation | None, events: Sequence[Event], translate: Translate | None = None) -> str:
    """One line saying what ``events`` did: "Django fires at Belle". Several runs (see
    ``split_runs``) get one caption each, joined."""
    runs = split_runs(events)
    return t("caption.join", translate).join(c for c in (_run_caption(obs, run, translate) for run in runs) if c)


def _run_caption(obs: Observation | None, events: Sequence[Event], translate: Translate | None) -> str:
    if not events:
        return ""
    tr = translate
    first = events[0]
    if first["type"] == "event":
        title = text.card_title(first["event"], tr)
        clauses = _grouped(_clauses(obs, events[1:], tr), tr)
        if not clauses:
            return t("caption.event.none", tr, event=title)
        what = t("caption.join", tr).join(t(k, tr, **f) for k, f in clauses)
        return text.capital(t("caption.event", tr, event=title, what=what))
    clauses = _clauses(obs, events, tr)
    if first["type"] == "resolve" and len(clauses) > 1:
        clauses = clauses[1:]  # the effects say what the card was
        if clauses[0][0] == "caption.marshal" and events[1].get("how") == "marshal-card":
            clauses[0] = ("caption.marshal.card", {**clauses[0][1], "bandit": text.bandit_noun(first["bandit"], tr)})
    return text.capital(t("caption.join", tr).join(t(k, tr, **f) for k, f in _grouped(clauses, tr)))

