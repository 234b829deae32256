"""Why an answer is good, in one line a player understands: a catalog key and its named values.

A hint (engine.ai.advice) names the hard bandit's pick; this module says why, from the same things
the seat saw (its observation, B-11, and its own pending decision) and nothing else. Each reason is
a fact of the table that makes the answer worth it ("a jewel lies where Doc stands"); where no such
fact stands out, the search's own finding: how much more it expects the answer to gain.

Reasons are words to be, not words: ``(key, fields)`` for the catalogs (data/locales, ``advice.*``),
their values in the engine's terms so that the words layer (render.advice) names them in the
reader's language:

- ``bandit``, ``target``: a bandit's name ("belle");
- ``to``: a position ("2/roof"); ``car``: a car's number (0 is the locomotive);
- ``loot``: a loot kind ("jewel"); ``action``: an action card's action ("fire");
- ``gain``: dollars (a whole number).

An expansion's decisions (a Ride, a hostage, the Marshal player's) get their reasons through the
AI's hooks (engine.ai.hooks: ``reasons``); any decision nobody explains gets the search's finding.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from functools import cached_property

from engine.actions import fire_targets
from engine.ai.hooks import Reason
from engine.ai.value import kind_worth, token_worth
from engine.ai.worlds import Knowledge, hooks_of
from engine.model import BULLET, Decision, Game, card_action, card_owner, is_bullet, loot_kind
from engine.observe import Observation

CLOSE = 5.0  # dollars: below this the search hardly tells the answers apart
WORLD_SEED = 0  # the one world a reason reads public things from: drawn from the view alone


def reason(view: Observation, decision: Decision, answer: str, gain: float) -> Reason:
    """Why ``answer`` (one of ``decision``'s options), which the search expects to gain ``gain``
    dollars more than the next best answer."""
    for hook in hooks_of(view).reasons:  # an expansion's decisions first (engine.ai.hooks)
        found = hook(view, decision, answer)
        if found is not None:
            return found
    if len(decision.options) == 1:
        return "advice.only", {}
    value = answer.partition(" ")[2]
    tell = _BY_KIND.get(decision.kind)
    found = tell(Table(view, decision), value) if tell is not None else None
    return found if found is not None else searched(gain)


def searched(gain: float) -> Reason:
    """The search's own finding, when no fact of the table says it better."""
    if gain < CLOSE:
        return "advice.close", {}
    return "advice.search", {"gain": round(gain)}


class Table:
    """What a reason reads of the seat's view: where the bandits and the loot are, as it sees them."""

    def __init__(self, view: Observation, decision: Decision) -> None:
        self.view = view
        self.decision = decision
        self.viewer = int(view["viewer"])
        self.bandits = {b["name"]: b for b in view["bandits"]}
        self.mine = next(s["bandits"] for s in view["seats"] if s["seat"] == self.viewer)

    def performer(self, card: str) -> str:
        """Who performs a card of my hand: its own bandit, or mine for a partner's card (V-4.3)."""
        owner = card_owner(card)
        return owner if owner in self.mine or not self.mine else self.mine[0]

    def worth(self, name: str) -> float:
        """A bandit's loot as the seat can value it: its own purses exactly, others' on average."""
        own = self.bandits[name]["seat"] == self.viewer
        return sum(token_worth(t, own) for t in self.bandits[name]["loot"])

    def richest(self, names: list[str]) -> str | None:
        """The rival carrying the most loot among ``names``, if any carries some."""
        rivals = [n for n in names if n in self.bandits and n not in self.mine and self.bandits[n]["loot"]]
        return max(rivals, key=self.worth, default=None)

    def best_loot(self, pos: str) -> str | None:
        """The most valuable kind of loot lying at a position."""
        return max(map(loot_kind, self.view["floor_loot"].get(pos, [])), key=kind_worth, default=None)

    def rivals_at(self, pos: str) -> list[str]:
        return [n for n, b in self.bandits.items() if b["at"] == pos and n not in self.mine]

    @cached_property
    def world(self) -> Game:
        """One world drawn from the view alone, for the rules to read public things in: every
        position there is as the seat sees it."""
        return Knowledge(self.view, self.decision).sample(random.Random(WORLD_SEED))

    def fire_targets(self, bandit: str) -> list[str]:
        """Whom ``bandit`` could hit from where he stands now (B-7.6)."""
        return fire_targets(self.world, self.world.bandits[bandit])

    def reach(self, bandit: str, action: str) -> list[str]:
        """Where a Move (B-7.4) or a Change floor (B-7.5) could take ``bandit`` from where he
        stands now."""
        train, at = self.world.train, self.bandits[bandit]["at"]
        if not train.on_train(at):
            return []
        if action == "floor":
            return [train.other_floor(at)]
        return train.within(at, 3) if train.is_roof(at) else train.neighbours(at)


def _plan(table: Table, value: str) -> Reason | None:
    """Schemin' (B-6): a card played, face up or down, or drawing."""
    verb, _, card = value.partition(" ")
    if verb == "draw":
        return "advice.plan.draw", {}
    if verb == "pass":
        return "advice.plan.pass", {}
    if verb not in ("play", "hide"):
        return None
    action, bandit = card_action(card), table.performer(card)
    if bandit not in table.bandits:
        return None  # a player who is no bandit (the Marshal, M-1): his own reasons, or the search's
    if verb == "hide":  # Ghost's first card face down (B-9.1)
        return "advice.plan.hide", {"action": action, "bandit": bandit}
    at = table.bandits[bandit]["at"]
    if action == "rob" and (loot := table.best_loot(at)) is not None:
        return "advice.plan.rob", {"action": action, "bandit": bandit, "loot": loot}
    if action == "punch" and (target := table.richest(table.rivals_at(at))) is not None:
        return "advice.plan.punch", {"action": action, "bandit": bandit, "target": target}
    if action == "fire" and (target := table.richest(table.fire_targets(bandit))) is not None:
        return "advice.plan.fire", {"action": action, "bandit": bandit, "target": target}
    if action in ("move", "floor"):
        ends = [(loot, end) for end in table.reach(bandit, action) if (loot := table.best_loot(end)) is not None]
        if ends and table.best_loot(at) is None:
            loot, end = max(ends, key=lambda found: kind_worth(found[0]))
            return "advice.plan.move", {"action": action, "bandit": bandit, "loot": loot, "to": end}
    if action == "marshal":
        car = int(table.view["marshal"].partition("/")[0])
        for near in (car - 1, car + 1):
            if (found := _marshal(table, str(near))) is not None:
                return "advice.plan.marshal", found[1]
    return None


def _discard(table: Table, value: str) -> Reason:
    """The Expert variant's cards kept for the next round (V-1.2)."""
    if value == "done":
        return "advice.discard.done", {}
    return "advice.discard.card", {"action": BULLET if is_bullet(value) else card_action(value)}


def _move(table: Table, value: str) -> Reason | None:
    """A Move or a Change floor (B-7.4, B-7.5): toward loot, or away from the marshal."""
    if (loot := table.best_loot(value)) is not None:
        return "advice.move.loot", {"to": value, "loot": loot}
    marshal = table.view["marshal"]
    here = table.bandits.get(table.decision.bandit or "", {}).get("at")
    if here == marshal and value != marshal:
        return "advice.move.marshal", {"to": value}
    return None


def _fire(table: Table, value: str) -> Reason | None:
    """A Fire's target (B-7.6): the richest one in sight."""
    if value in table.bandits and table.richest(table.decision.values) == value:
        return "advice.fire.richest", {"target": value}
    return None


def _punch(table: Table, value: str) -> Reason | None:
    """A Punch's target (B-7.8): the richest one here."""
    if value in table.bandits and table.richest(table.decision.values) == value:
        return "advice.punch.richest", {"target": value}
    return None


def _rob(table: Table, value: str) -> Reason | None:
    """The loot taken (B-7.7): the most valuable kind here."""
    if max(table.decision.values, key=kind_worth) == value:
        return "advice.rob.best", {"loot": value}
    return None


def _drop(table: Table, value: str) -> Reason | None:
    """What the victim drops (B-7.8): the most valuable kind he carries."""
    target = str(table.decision.context.get("target", table.view["pending"].get("target", "")))
    if max(table.decision.values, key=kind_worth) == value and target:
        return "advice.drop.best", {"target": target, "loot": value}
    return None


def _keep_purse(table: Table, value: str) -> Reason | None:
    """Cheyenne's purse knocked loose (B-9.4)."""
    return ("advice.keep-purse.yes", {}) if value == "yes" else None


def _shove(table: Table, value: str) -> Reason | None:
    """Where the victim lands (B-7.8): into the marshal's arms, or away from loot."""
    target = str(table.decision.context.get("target", ""))
    if value == table.view["marshal"]:
        return "advice.shove.marshal", {"target": target, "to": value}
    if table.best_loot(value) is None and any(table.best_loot(v) for v in table.decision.values):
        return "advice.shove.away", {"target": target, "to": value}
    return None


def _marshal(table: Table, value: str) -> Reason | None:
    """Where the marshal goes (B-7.9): onto a rival (a bullet, and off he flees)."""
    rivals = [n for n, b in table.bandits.items() if n not in table.mine and b["at"] == f"{value}/in"]
    if rivals:
        return "advice.marshal.rival", {"car": int(value), "target": table.richest(rivals) or rivals[0]}
    return None


def _pickpocket(table: Table, value: str) -> Reason | None:
    """Pickpocketing (B-10): a purse for the bandit alone with it."""
    return ("advice.pickpocket.yes", {}) if value == "yes" else None


_BY_KIND: dict[str, Callable[[Table, str], Reason | None]] = {
    "plan": _plan, "discard": _discard, "move": _move, "floor": _move, "fire": _fire, "punch": _punch,
    "rob": _rob, "drop": _drop, "keep-purse": _keep_purse, "shove": _shove, "marshal": _marshal,
    "pickpocket": _pickpocket,
}
