"""Marshal & Prisoners for the normal bandit (engine.ai.normal): the cell, Brilliant ideas,
prisoners, the maluses and the Marshal player beside them, through the AI's hooks (engine.ai.hooks,
registered at the end). The Marshal player's own AI: engine.ai.prisoners.marshal.

A bandit in the cell plays or takes his Brilliant idea to escape; at the prison wagon an idea frees a
prisoner (his hero's power, $200); elsewhere it is worth what copying usually brings. A malus of the
round makes its action worth nothing. The Marshal player is a piece to punch for a Fist-fight ace
and to push away; staying with him risks an arrest. In the Reflex turn (M-40) a card is played
now if it is worth it. A mail bag whose value the seat has not seen is worth the average bag.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from engine.ai.hooks import HOOKS
from engine.ai.normal import Table, card_worth
from engine.ai.value import kind_worth
from engine.model import Decision, Game, card_action, is_bullet, loot_kind
from engine.prisoners.data import prisoners_data
from engine.prisoners.model import MAIL, MARSHAL, Prison, cell
from engine.train import Position

ESCAPE = 400.0  # out of the cell: every card of mine works again
FREE_PRISONER = 260.0  # $200 at the count and a power (or the hero's double Rob)
COPY = 40.0  # a copy of the last bandit's card, whatever it will be
ACE_SHARE = 0.8  # a punch at the Marshal: most of his top Fist-fight ace's value
ARREST_RISK = 150.0  # stopping beside the Marshal player: he may arrest (M-7)


def prison(game: Game) -> Prison | None:
    found: Prison | None = game.prison
    return found


def in_cell(table: Table) -> bool:
    return table.game.prison is not None and table.me.at == cell(table.game)


def stopped(table: Table, action: str) -> bool:
    """The action does nothing now (the cell, a malus: M-2, M-8; a hostage: H-12)."""
    return any(why(table.game, table.me, action) is not None for why in table.game.hooks.forbidden)


def idea_worth(table: Table, pos: Position) -> float:
    """A Brilliant idea played, judged from where the bandit will be (M-3)."""
    game = table.game
    found = prison(game)
    if found is None:
        return 0.0
    if pos == cell(game):
        return ESCAPE
    if game.train.car_of.get(pos) == game.train.caboose:
        free = bool(found.prisoners) and table.me.name not in found.held
        return FREE_PRISONER if free else 0.0
    return COPY


def idea_draw_worth(table: Table, draw: float) -> float:
    """Taking the Brilliant idea instead of drawing: worth it to escape, else about a draw."""
    return ESCAPE if in_cell(table) else min(draw, COPY + 20.0)


def punch_worth(table: Table, pos: Position) -> float:
    """A punch at the Marshal standing at ``pos`` (M-5), or nothing."""
    found = prison(table.game)
    if found is None or found.fallen or table.game.marshal != pos or not found.aces:
        return 0.0
    return ACE_SHARE * found.aces[0]


def target_worth(table: Table, name: str) -> float:
    """The Marshal as a target: a shot counts for the Gunslinger (M-5); a punch takes an ace."""
    if name != MARSHAL:
        return 0.0
    found = prison(table.game)
    return 50.0 + (ACE_SHARE * found.aces[0] if found is not None and found.aces else 0.0)


def escape(table: Table, decision: Decision, rng: random.Random) -> str:
    return table.best(decision, rng, lambda q: table.potential(q, False, table.loot))


def free(table: Table, decision: Decision, rng: random.Random) -> str:
    game = table.game

    def worth(value: str) -> float:
        what, _, who = value.partition(":")
        if what == "prisoner":
            return FREE_PRISONER + (60.0 if who == table.me.name else 0.0)
        freed = game.bandits[who]
        gift = max((kind_worth(loot_kind(t)) for t in freed.loot), default=0.0)
        return 0.5 * gift - (100.0 if who in table.leaders else 0.0)

    return table.best(decision, rng, worth)


def thanks(table: Table, decision: Decision, rng: random.Random) -> str:
    return table.best(decision, rng, lambda kind: -kind_worth(kind))


def shove_marshal(table: Table, decision: Decision, rng: random.Random) -> str:
    """Away from my bandit, toward the richest rival; off the train when Deadly fall allows it."""
    train, me = table.train, table.me
    here = train.car_of.get(me.at, 0)
    rivals = [b for b in table.game.bandits.values() if b.name in table.leaders and b.at in train.car_of]

    def worth(pos: Position) -> float:
        if pos not in train.car_of:
            return 1000.0  # thrown off: he cannot win any more (M-40)
        car = train.car_of[pos]
        return 40.0 * abs(car - here) - 20.0 * min((abs(car - train.car_of[b.at]) for b in rivals), default=0)

    return table.best(decision, rng, worth)


def reflex(table: Table, decision: Decision, rng: random.Random) -> str:
    """The Reflex turn (M-40): the best card of the hand now, if it is worth playing."""
    me = table.me

    def worth(card: str) -> float:
        if card == "pass" or is_bullet(card):
            return 20.0
        return card_worth(table, card_action(card), me.at, table.loot, card_action(card) == "rob")

    return table.best(decision, rng, worth)


# --- what the base reckoning asks of the expansion (engine.ai.hooks) ------------------------------


def _marshal_cost(table: Table, cost: float) -> float:
    """Stopping beside the Marshal player, whose law is not the marshal's (M-5): an arrest to fear (M-7)."""
    return cost if table.lawful else ARREST_RISK


def _card_worth(table: Table, action: str, pos: Position) -> float | None:
    """A Brilliant idea (M-3); nothing for a card the cell or a malus of the round stops (M-2, M-8)."""
    if table.game.prison is None:
        return None
    if action == "idea":
        return idea_worth(table, pos)
    if stopped(table, action):
        return 0.0
    return None


def _idea(table: Table, _: str, worth_of: Callable[[str], float], drawing: Callable[[], float]) -> float:
    """The Brilliant idea taken instead of drawing (M-3)."""
    return idea_draw_worth(table, drawing())


def _target_worth(table: Table, action: str, name: str) -> float:
    return target_worth(table, name)


HOOKS.decide.update({"escape": escape, "free": free, "thanks": thanks, "shove-marshal": shove_marshal,
                     "reflex": reflex})
HOOKS.marshal_cost.append(_marshal_cost)
HOOKS.card_worth.append(_card_worth)
HOOKS.plan_verbs["idea"] = _idea
HOOKS.punch_least.append(punch_worth)
HOOKS.target_worth.append(_target_worth)
# A mail bag known only by its kind, at the average of the bags (M-1).
HOOKS.hidden_worth[MAIL] = sum(prisoners_data().mail_bags) / len(prisoners_data().mail_bags)
