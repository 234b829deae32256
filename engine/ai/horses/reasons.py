"""Why the hard bandit's answer to a Horses & Stagecoach decision is good (hints, engine.ai.reasons):
a Ride toward loot (H-3), the hostage whose ransom is best as things stand (H-12). Read from the
seat's view alone, like the base reasons; the catalogs' keys are in data/locales/horses."""

from __future__ import annotations

from engine.ai.hooks import HOOKS, Reason
from engine.ai.reasons import Table
from engine.horses.data import horses_data
from engine.model import NEUTRAL, Decision, is_bullet, loot_kind
from engine.observe import Observation


def _reason(view: Observation, decision: Decision, answer: str) -> Reason | None:
    kind, _, value = answer.partition(" ")
    if kind == "ride" and decision.kind == "ride":
        loot = Table(view, decision).best_loot(value)
        return None if loot is None else ("advice.ride.loot", {"to": value, "loot": loot})
    if kind == "hostage" and decision.kind == "hostage" and decision.bandit is not None:
        ransoms = {name: ransom(Table(view, decision), decision.bandit, name) for name in decision.values}
        if ransoms[value] > 0 and ransoms[value] == max(ransoms.values()):
            return "advice.hostage.ransom", {"hostage": value, "bandit": decision.bandit, "value": ransoms[value]}
    return None


def ransom(table: Table, bandit: str, hostage: str) -> int:
    """What ``hostage`` would pay ``bandit`` at the count with the loot and bullet cards he has now
    (H-12): the seat sees its own loot's kinds and owns its cards, whatever their order."""
    found = horses_data().hostages[hostage]
    kinds = [loot_kind(t) for t in table.bandits[bandit]["loot"]]
    if found.needs is not None and found.needs not in kinds:
        return 0
    if found.per is None:
        return found.ransom
    if found.per == "bandit-bullet":  # the Photographer: rivals' bullets among my cards
        seat = table.world.seats[table.viewer]
        mine = (NEUTRAL, *table.mine)
        return found.ransom * sum(1 for c in seat.deck + seat.hand + seat.discard
                                  if is_bullet(c) and c.partition(":")[2] not in mine)
    return found.ransom * kinds.count(found.per)


HOOKS.reasons.append(_reason)
