"""The normal AI as the Marshal player (M-5 … M-9): rules of thumb toward his objectives.

He reads his own sheet (his objectives, seen by him alone), the public train and his hand. His
habits: go where bandits stand, and to those his capture objectives name; arrest whoever stands
with him (a capture objective's bandit first, then one whose Wanted card he lacks); fire the
bullet whose malus bites (a prisoner or a mail bag taken, the Golden bullet when it is an
objective, a first Marshal bullet for Shoot 'em up); play a "+" card when another card follows
it; draw when his hand is poor. His standing, for the hard Marshal's search, is his objectives
fulfilled as things stand (``marshal_margin``). The base AI reaches him through its hooks
(engine.ai.hooks: a seat with no bandit).
"""

from __future__ import annotations

import random
from collections.abc import Callable

from engine.ai.hooks import HOOKS
from engine.ai.value import best
from engine.horses.model import HALF
from engine.horses.planning import DRINK, OLD
from engine.horses.rules import ride_reach
from engine.marshal import car_at
from engine.model import Decision, Game, card_action, is_bullet, loot_kind
from engine.planning import plan_kinds
from engine.prisoners.data import prisoners_data
from engine.prisoners.lawman import HOLD, REVOLVERS, STAY, move_ends, targets
from engine.prisoners.model import MAIL, MARSHAL_BULLET, Prison
from engine.prisoners.objectives import fulfilled
from engine.train import Position

ARREST = 250.0  # a bandit in the cell: his cards do nothing until a Brilliant idea
CAPTURE = 400.0  # an arrest that fulfils a capture objective
WANTED = 150.0  # a first arrest: the bandit's Wanted card ($500 off his count)
SHOT = 120.0  # a Marshal bullet: a dead card and a malus for the victim
IN_SIGHT = 40.0  # each bandit a shot from a position would reach
CHAIN = 60.0  # a "+" card: one more card played at once (M-7)
OBJECTIVE = 1000.0  # one of the Marshal's objectives, in the dollars of a bandit's margin (M-9)


def _prison(game: Game) -> Prison:
    prison: Prison = game.prison
    return prison


def _targets(game: Game) -> set[str]:
    """The bandits his capture objectives name, not captured yet."""
    prison = _prison(game)
    return {o.partition(":")[2] for o in prison.objectives if o.startswith("capture:")} - set(prison.wanted)


def position_worth(game: Game, pos: Position) -> float:
    """Standing at ``pos``: bandits to arrest there, bandits in sight, capture targets near (in or
    on the stagecoach, from the car it faces, M-50)."""
    train, wanted = game.train, _targets(game)
    if pos not in train.floor_of:
        return 0.0
    worth = 0.0
    for b in game.bandits.values():
        if b.at not in train.floor_of:
            continue  # in the cell, riding or off the board
        if b.at == pos:
            worth += ARREST + (CAPTURE if b.name in wanted else 0.0)
        elif b.name in wanted:
            floors = train.floor_of[b.at] != train.floor_of[pos]
            worth -= 60.0 * abs(car_at(game, b.at) - car_at(game, pos)) + 30.0 * floors
    worth += IN_SIGHT * len(targets(game, pos))
    return worth


def _best_end(game: Game, ends: list[Position], here: float) -> float:
    return max(position_worth(game, q) for q in ends) - here if ends else 0.0


def card_worth(game: Game, action: str) -> float:
    prison, pos = _prison(game), game.marshal
    here = position_worth(game, pos)
    chain = CHAIN if action in prisoners_data().chain_cards else 0.0
    if action in ("move", "move+"):
        return chain + _best_end(game, move_ends(game, pos), here)
    if action == "ride":  # M-50: a horse at his car carries him
        reach = ride_reach(game, pos) if game.coach is not None else None
        return _best_end(game, reach[1], here) if reach else 0.0
    if action in ("floor", "floor+"):
        return chain + position_worth(game, game.train.other_floor(pos)) - here
    if action == "arrest":
        there = [b.name for b in game.bandits.values() if b.at == pos]
        return max((_arrest_worth(game, n) for n in there), default=10.0)
    if action == "fire":
        if not any(prison.revolvers):
            return 0.0
        reached = targets(game, pos)
        return SHOT * min(len(reached), 2) + (40.0 if reached else 0.0)
    return 0.0


def marshal_bullets(game: Game, name: str) -> int:
    """The Marshal bullets a bandit holds: in their cards, or in front of them for the round (M-8)."""
    seat = game.seats[game.bandits[name].seat]
    cards = [*seat.deck, *seat.hand, *seat.discard]
    return cards.count(MARSHAL_BULLET) + len(_prison(game).maluses.get(name, ()))


def _arrest_worth(game: Game, name: str) -> float:
    prison = _prison(game)
    worth = ARREST + (CAPTURE if name in _targets(game) else 0.0) + (WANTED if name not in prison.wanted else 0.0)
    return worth + 0.05 * sum(1 for _ in game.bandits[name].loot) * 100.0


def plan(game: Game, decision: Decision, rng: random.Random) -> str:
    kinds = plan_kinds(game)
    turn = game.planning.turn
    playable = sum(1 for v in decision.values if v.startswith("play "))

    def worth(value: str) -> float:
        verb, _, c = value.partition(" ")
        if verb == "draw":
            last = turn == len(kinds) - 1 and not game.options.expert
            return 0.0 if last else 120.0 - 25.0 * playable
        if verb == "pass":
            return 15.0  # after a "+" card: only a card worth more
        if verb == DRINK:  # his whiskey (M-40): three cards more, or two cards played in a row
            return 120.0 - 25.0 * playable if c.removesuffix(HALF) != OLD else 60.0 * min(playable - 1, 1)
        return card_worth(game, card_action(c))

    return best(decision, rng, worth)


def to_position(game: Game, decision: Decision, rng: random.Random) -> str:
    """Where a Move or a Ride takes him: the best place to stand."""
    here = position_worth(game, game.marshal)
    return best(decision, rng, lambda q: here if q == STAY else position_worth(game, q))


def fire(game: Game, decision: Decision, rng: random.Random) -> str:
    prison = _prison(game)
    objectives = set(prison.objectives)
    scores = {b.name: len(b.loot) for b in game.bandits.values()}

    def worth(value: str) -> float:
        if value == HOLD:
            return 0.0
        letter, _, name = value.partition(":")
        stack = prison.revolvers[REVOLVERS.index(letter)]
        malus, victim = stack[0], game.bandits[name]
        worth = SHOT + 10.0 * scores[name]
        if malus == "this-way-prisoner" and name in prison.held:
            worth += 250.0
        elif malus == "drop-that-bag" and any(loot_kind(t) == MAIL for t in victim.loot):
            worth += 350.0
        if "golden-bullet" in objectives and prison.golden == 0:
            worth += 40.0 * (len(prisoners_data().revolver) - len(stack))  # empty one revolver first
        if "shoot-em-up" in objectives and marshal_bullets(game, name) == 0:
            worth += 150.0
        if name in _targets(game):
            worth -= 60.0  # better arrested than shot: a capture objective's bandit
        return worth

    return best(decision, rng, worth)


def arrest(game: Game, decision: Decision, rng: random.Random) -> str:
    return best(decision, rng, lambda name: _arrest_worth(game, name))


def reflex(game: Game, decision: Decision, rng: random.Random) -> str:
    """The Reflex turn (M-40): a card now if it is worth it, else keep it."""
    return best(decision, rng, lambda c: 20.0 if c == "pass" or is_bullet(c) else card_worth(game, card_action(c)))


DECIDE: dict[str, Callable[[Game, Decision, random.Random], str]] = {
    "plan": plan,
    "marshal-move": to_position,
    "marshal-ride": to_position,
    "marshal-fire": fire,
    "arrest": arrest,
    "reflex": reflex,
    "keep-card": lambda game, decision, rng: f"{decision.kind} done",
    "discard": lambda game, decision, rng: f"{decision.kind} done",
}


def decide(game: Game, decision: Decision, rng: random.Random) -> str:
    return DECIDE[decision.kind](game, decision, rng)


def marshal_margin(game: Game) -> float:
    """The Marshal player's standing (M-9): his objectives fulfilled as things stand, against the
    four he needs, a thousand dollars' worth each."""
    return OBJECTIVE * (len(fulfilled(game)) - prisoners_data().objectives_to_win + 0.5)


HOOKS.players.append(decide)
HOOKS.player_margin.append(marshal_margin)
