"""The normal bandit: rules of thumb over what its seat may see (B-11), no search.

It reads the public table and its own cards only: positions, loot by kind (its own purses by value),
revolvers, the marshal, the face-up pile and its own face-down cards, the round card. Other hands,
deck orders and face-down cards are never looked at, so the same code is an honest player on a
world drawn from an observation and a quick opponent inside the hard bandit's rollouts.

Its habits: rob where the loot is and walk toward it, keep out of the marshal's car, shoot and
punch the leader, end the round where the round card's event helps, draw when the hand is poor.
Powers: Ghost hides his first card, Cheyenne keeps the purses she knocks loose, Tuco's shots
through the roof and Belle's shelter count when it plans, Django pushes victims toward the marshal,
Doc's seventh card simply makes drawing rarer.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from functools import cached_property

from engine.actions import fire_targets, has_power
from engine.ai.value import PUBLIC_WORTH, kind_worth, standings
from engine.model import PLANNING, TUNNEL, Bandit, Decision, Game, card_action, loot_kind
from engine.planning import turns
from engine.train import INSIDE, Position

MARSHAL_SHOT = 350.0  # meeting the marshal: a dead card in the deck, a lost turn of position
CROWD = 40.0  # each rival at one's position
SHOT = 220.0  # one bullet fired: a step toward the Gunslinger's $1000, a dead card for the victim
NOISE = 8.0  # ties broken at random so that rollouts from one world differ


class Table:
    """One seat's reading of a game at one decision: its bandit, the standings, loot in reach."""

    def __init__(self, game: Game, seat: int) -> None:
        self.game = game
        self.seat = seat
        self.me = game.bandits[game.seats[seat].bandits[0]]
        self.train = game.train
        self.loot = {pos: max(map(PUBLIC_WORTH.__getitem__, tokens)) for pos, tokens in game.floor_loot.items()}
        card = game.current_round_card()
        self.event = card.event if card and game.options.events else None
        self.marshal_car = game.train.car_of[game.marshal]
        # Rivals at a position: a punch waiting to happen (Belle is sheltered, B-9.5).
        self.crowd: dict[Position, float] = {}
        if not has_power(game, self.me, "belle"):
            for b in game.bandits.values():
                if b is not self.me:
                    self.crowd[b.at] = self.crowd.get(b.at, 0.0) + CROWD
        # How much the round's end (and its event) weighs on a position: more as the round goes on.
        kinds = turns(game)
        self.end_weight = (game.planning.turn + 1) / len(kinds) if game.phase == PLANNING else 0.5
        self._potentials: dict[tuple[Position, bool], float] = {}

    @cached_property
    def scores(self) -> dict[str, float]:
        return standings(self.game, self.seat)

    @cached_property
    def leader(self) -> str:
        rivals = [b for b in self.game.bandits.values() if b.seat != self.seat]
        return max(rivals, key=lambda b: self.scores[b.name]).name

    def my_future_cards(self) -> list[str]:
        """My own cards still to resolve on the pile (I know them, face down or not), in order."""
        pile = self.game.pile
        return [p.card for p in pile[self.game.cursor:] if p.seat == self.seat]

    def potential(self, pos: Position, robbing: bool, loot: dict[Position, float]) -> float:
        """How good a position is for my bandit: loot to take here or nearby, the marshal, rivals.

        Remembered for the table's own loot: one decision asks about the same positions often."""
        if loot is not self.loot:
            return self._potential(pos, robbing, loot)
        key = (pos, robbing)
        known = self._potentials.get(key)
        if known is None:
            known = self._potentials[key] = self._potential(pos, robbing, loot)
        return known

    def _potential(self, pos: Position, robbing: bool, loot: dict[Position, float]) -> float:
        car_of, floor_of = self.train.car_of, self.train.floor_of
        here = loot.get(pos, 0.0)
        value = here if robbing else 0.3 * here
        car, floor = car_of[pos], floor_of[pos]
        nearby = 0.0
        guarded = self.game.marshal
        for q, worth in loot.items():
            if q != pos:
                reach = worth / (2.0 + 2.0 * (abs(car_of[q] - car) + (floor_of[q] != floor)))
                if q == guarded:
                    reach *= 0.3  # nobody can stay by the marshal to rob it (B-7.10)
                if reach > nearby:
                    nearby = reach
        value += nearby
        if pos == self.game.marshal:
            value -= MARSHAL_SHOT
        elif floor == INSIDE and abs(self.marshal_car - car) == 1:
            value -= 0.15 * MARSHAL_SHOT  # a Marshal card away from a bullet
        value -= self.crowd.get(pos, 0.0)
        if self.end_weight and self.event:
            value += self.end_weight * event_bonus(self, pos)
        return value

    def landing(self, pos: Position) -> Position:
        """Where a bandit entering ``pos`` ends up: the marshal sends him to the roof (B-7.10)."""
        return self.train.other_floor(pos) if pos == self.game.marshal else pos

    def best_step(self, pos: Position, robbing: bool, loot: dict[Position, float]) -> Position:
        train = self.train
        ends = train.within(pos, 3) if train.is_roof(pos) else train.neighbours(pos)
        return max(ends, key=lambda q: self.potential(self.landing(q), robbing, loot) + _penalty(self, q))

    def targets_from(self, pos: Position) -> list[Bandit]:
        """Whom my bandit could shoot from ``pos`` if the others stayed where they are."""
        me = self.me
        stand_in = Bandit(me.name, me.seat, pos, me.loot, me.revolver, me.bullets_received)
        game = self.game
        real = game.bandits[me.name]
        game.bandits[me.name] = stand_in  # the rules ask where the shooter stands through the table
        try:
            return [b for b in fire_targets(game, stand_in) if b.name != me.name]
        finally:
            game.bandits[me.name] = real


def _penalty(table: Table, pos: Position) -> float:
    """Stepping into the marshal's car: a neutral bullet on the way to the roof (B-7.10)."""
    return -MARSHAL_SHOT if pos == table.game.marshal else 0.0


def event_bonus(table: Table, pos: Position) -> float:
    """What the round card's event (B-10) does to a bandit ending the round at ``pos``."""
    event = table.event
    train, game = table.train, table.game
    roof = train.is_roof(pos)
    marshal_roof = train.other_floor(game.marshal)
    if event == "angry-marshal":
        # B-10.1: he shoots at his roof, then steps toward the caboose into the next car.
        after = train.step(game.marshal, 1)
        return -300.0 if pos in (marshal_roof, after) else 0.0
    if event == "marshals-revenge":
        return -300.0 if pos == marshal_roof else 0.0
    if event == "passengers-rebellion":
        return -150.0 if not roof else 0.0
    if event == "hostage-conductor":
        return 250.0 if train.car_of[pos] == 0 else 0.0
    if event == "pickpocketing":
        return 0.8 * kind_worth("purse") if any(loot_kind(t) == "purse" for t in game.floor_loot.get(pos, ())) else 0.0
    if event == "take-it-all":
        return 150.0 if train.car_of[pos] == train.car_of[game.marshal] and roof else 0.0
    return 0.0


# --- Schemin' ------------------------------------------------------------------------------------


def plan(table: Table, decision: Decision, rng: random.Random) -> str:
    game, me = table.game, table.me
    kinds = turns(game)
    turn = game.planning.turn
    robbing = any(card_action(c) == "rob" for c in game.seats[table.seat].hand)

    # Where my bandit will stand once my cards already on the pile have resolved.
    loot, pos = table.loot, me.at
    for c in table.my_future_cards():
        loot, pos = _imagine(table, card_action(c), pos, loot, robbing)
    best_answer, best_value = "", -1e9
    worths: dict[str, float] = {}
    for value in decision.values:
        verb, _, c = value.partition(" ")
        if verb == "draw":
            worth = draw_worth(table, decision, kinds, turn)
        elif verb == "pass":
            worth = 0.0
        else:
            action = card_action(c)
            if action not in worths:
                worths[action] = card_worth(table, action, pos, loot, robbing)
            worth = worths[action]
            if verb == "hide":
                worth += 1.0  # B-9.1: the same card, hidden from the others, is never worse
        worth += NOISE * rng.random()
        if worth > best_value:
            best_answer, best_value = value, worth
    return f"{decision.kind} {best_answer}"


def _imagine(
    table: Table, action: str, pos: Position, loot: dict[Position, float], robbing: bool
) -> tuple[dict[Position, float], Position]:
    """The loot still to take and my bandit's position after one of my cards, the others assumed still."""
    if action == "move":
        return loot, table.landing(table.best_step(pos, robbing, loot))
    if action == "floor":
        return loot, table.landing(table.train.other_floor(pos))
    if action == "rob" and pos in loot:
        return {q: w for q, w in loot.items() if q != pos}, pos  # the best token here will be mine
    return loot, pos


def card_worth(table: Table, action: str, pos: Position, loot: dict[Position, float], robbing: bool) -> float:
    """What playing a card now should bring, judged from where my bandit will be when it resolves."""
    game, me = table.game, table.me
    if action == "rob":
        return 0.9 * loot.get(pos, 0.0)
    if action in ("move", "floor"):
        here = table.potential(pos, robbing, loot)
        to = table.best_step(pos, robbing, loot) if action == "move" else table.train.other_floor(pos)
        return table.potential(table.landing(to), robbing, loot) + _penalty(table, to) - here
    if action == "fire":
        if me.revolver == 0:
            return 0.0
        targets = table.targets_from(pos)
        if not targets:
            return 0.0
        return SHOT + (60.0 if any(b.name == table.leader for b in targets) else 0.0)
    if action == "punch":
        victims = [b for b in game.bandits.values() if b.at == pos and b is not me and b.loot]
        if not victims:
            return 20.0 if any(b.at == pos and b is not me for b in game.bandits.values()) else 0.0
        return 100.0 + max(_knock_loose(table, b) for b in victims) * 0.5
    if action == "marshal":
        return 0.5 * max(_marshal_worth(table, c) for c in _marshal_cars(game))
    return 0.0


def draw_worth(table: Table, decision: Decision, kinds: str, turn: int) -> float:
    """Drawing pays when the hand is poor and turns remain to play what comes (B-6.2)."""
    if turn == len(kinds) - 1 and not table.game.options.expert:
        return 0.0  # the cards go back to the deck before they could be played (B-6.6)
    playable = sum(1 for v in decision.values if v.startswith("play "))
    worth = 120.0 - 25.0 * playable
    if kinds[turn] == TUNNEL:
        worth -= 40.0  # a tunnel hides the card played: better used to play than to draw
    return worth


def _knock_loose(table: Table, victim: Bandit) -> float:
    """What punching ``victim`` takes from him: his best token, or a purse Cheyenne keeps."""
    cheyenne = has_power(table.game, table.me, "cheyenne")
    best = 0.0
    for t in victim.loot:
        kind = loot_kind(t)
        worth = kind_worth(kind) * (2.0 if cheyenne and kind == "purse" else 1.0)
        best = max(best, worth)
    return best + (100.0 if victim.name == table.leader else 0.0)


def _marshal_cars(game: Game) -> list[int]:
    car = game.train.car_of[game.marshal]
    return [c for c in (car - 1, car + 1) if 0 <= c < len(game.train.cars)]


def _marshal_worth(table: Table, car: int) -> float:
    """Sending the marshal into ``car``: a bullet for each bandit inside (B-7.10)."""
    inside = table.train.inside(car)
    worth = 0.0
    for b in table.game.bandits.values():
        if b.at == inside:
            worth += -MARSHAL_SHOT if b.seat == table.seat else 0.4 * MARSHAL_SHOT
    return worth


# --- Stealin' ------------------------------------------------------------------------------------


def move(table: Table, decision: Decision, rng: random.Random) -> str:
    robbing = any(card_action(c) == "rob" for c in table.my_future_cards())
    return _best(decision, rng, lambda q: table.potential(table.landing(q), robbing, table.loot) + _penalty(table, q))


def fire(table: Table, decision: Decision, rng: random.Random) -> str:
    game, me = table.game, table.me

    def worth(name: str) -> float:
        victim = game.bandits[name]
        value = table.scores[name]
        if has_power(game, me, "django"):
            away = table.train.car_of[victim.at] - table.train.car_of[me.at]
            to = table.train.step(victim.at, 1 if away > 0 else -1) if away else None
            if to is not None and to == game.marshal:
                value += MARSHAL_SHOT  # B-9.6: pushed into the marshal's car, shot again
        return value

    return _best(decision, rng, worth)


def rob(table: Table, decision: Decision, rng: random.Random) -> str:
    return _best(decision, rng, kind_worth)


def punch(table: Table, decision: Decision, rng: random.Random) -> str:
    return _best(decision, rng, lambda name: _knock_loose(table, table.game.bandits[name]) + 0.1 * table.scores[name])


def drop(table: Table, decision: Decision, rng: random.Random) -> str:
    cheyenne = has_power(table.game, table.me, "cheyenne")
    return _best(decision, rng, lambda kind: kind_worth(kind) * (2.0 if cheyenne and kind == "purse" else 1.0))


def shove(table: Table, decision: Decision, rng: random.Random) -> str:
    """Punch the victim into the marshal if possible, else away from the loot (B-7.8)."""
    game = table.game

    def worth(pos: Position) -> float:
        if pos == game.marshal:
            return MARSHAL_SHOT
        return -table.loot.get(pos, 0.0)

    return _best(decision, rng, worth)


def marshal(table: Table, decision: Decision, rng: random.Random) -> str:
    return _best(decision, rng, lambda car: _marshal_worth(table, int(car)))


def yes(table: Table, decision: Decision, rng: random.Random) -> str:
    """Cheyenne's purse (B-9.4) and Pickpocketing's (B-10.6): a purse is always worth taking."""
    return f"{decision.kind} yes"


def keep(table: Table, decision: Decision, rng: random.Random) -> str:
    """Expert variant (V-1.2): keep the whole hand; every card but a bullet can be played later."""
    return f"{decision.kind} done"


def _best(decision: Decision, rng: random.Random, worth: Callable[[str], float]) -> str:
    value = max(decision.values, key=lambda v: worth(v) + NOISE * rng.random())
    return f"{decision.kind} {value}"


DECIDE: dict[str, Callable[[Table, Decision, random.Random], str]] = {
    "plan": plan,
    "move": move,
    "fire": fire,
    "rob": rob,
    "punch": punch,
    "drop": drop,
    "shove": shove,
    "marshal": marshal,
    "keep-purse": yes,
    "pickpocket": yes,
    "discard": keep,
}


def decide(game: Game, seat: int, rng: random.Random) -> str:
    """The normal bandit's answer to ``game.pending`` (asked of ``seat``), from the seat's view only.

    ``game`` must be the caller's own world (engine.ai.choose draws one from the observation): the
    shot planner stands the bandit elsewhere in it for a moment.
    """
    decision = game.pending
    assert decision is not None and decision.seat == seat
    return DECIDE[decision.kind](Table(game, seat), decision, rng)

