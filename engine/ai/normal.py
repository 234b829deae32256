"""The normal bandit: rules of thumb over what its seat may see (B-11), no search.

It reads the public table and its own cards only: positions, loot by kind (its own purses by value),
revolvers, the marshal, the face-up pile and its own face-down cards, the round card. Other hands,
deck orders and face-down cards are never looked at, so the same code is an honest player on a
world drawn from an observation and a quick opponent inside the hard bandit's rollouts.

Its habits: rob where the loot is and walk toward it, keep out of the marshal's car, shoot and
punch the leader, end the round where the round card's event helps, draw when the hand is poor.
Powers: Ghost hides his first card, Cheyenne keeps the purses she knocks loose, Tuco's shots
through the roof and Belle's shelter count when it plans, Django pushes victims toward the marshal,
Doc's seventh card simply makes drawing rarer. With Horses & Stagecoach, engine.ai.horses.normal
adds the stagecoach, the shotgun, hostages, whiskey and the expansion's decisions and events; with
Marshal & Prisoners, engine.ai.prisoners.normal adds the cell, Brilliant ideas and the Marshal
player as a piece, and engine.ai.prisoners.marshal plays the Marshal himself. Each reaches this
module only through the AI's hooks (engine.ai.hooks), which a base game finds empty.

A player with two bandits (V-2, V-3) judges each card from the bandit who performs it (a table per
bandit), never values shooting or punching its own other bandit, and weighs rivals by their
side's score; engine.ai.variants.pairs adds the cover rule, the card taken and the placement. With
teams (V-4) the partner is on my side too (never a target, scores counted together), and a
partner's card in hand is judged from my own bandit, who performs it (engine.ai.variants.teams).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from functools import cached_property
from typing import TypeVar

from engine.actions import fire_targets, has_power
from engine.ai.hooks import AiHooks, game_hooks
from engine.ai.value import NOISE, PUBLIC_WORTH, best, kind_worth, standings
from engine.ai.worlds import clone
from engine.marshal import law, marshal_car
from engine.model import PLANNING, TUNNEL, Bandit, Decision, Game, card_action, card_owner, loot_kind
from engine.planning import turns
from engine.scoring import sides
from engine.train import INSIDE, Position

MARSHAL_SHOT = 200.0  # meeting the marshal: a dead card in the deck, a lost turn of position
CROWD = 40.0  # each rival at one's position
SHOT = 220.0  # one bullet fired: a step toward the Gunslinger's $1000, a dead card for the victim
OWN_BANDIT = 1000.0  # shooting or punching my own other bandit (V-2, V-3): never worth it
OWN_SHOT = 120.0  # a card that can only hit my other bandit: worse than playing nothing

T = TypeVar("T")


class Table:
    """One seat's reading of a game at one decision: one of its bandits (``bandit``, by default its
    first), the standings, loot in reach."""

    def __init__(self, game: Game, seat: int, bandit: str | None = None, loot: dict[Position, float] | None = None,
                 hooks: AiHooks | None = None, *, forecasting: bool = True) -> None:
        self.game = game
        # Whether schemin' forecasts the others' face-up cards on the pile (``forecast``): the hard
        # bandit's play-outs do without, for twice the worlds in its time.
        self.forecasting = forecasting
        self.seat = seat
        self.me = game.bandits[bandit or game.seats[seat].bandits[0]]
        # The expansions in play (engine.ai.hooks): resolved once per decision.
        self.hooks = game_hooks(game) if hooks is None else hooks
        self.train = game.train
        self.marshal_shot = MARSHAL_SHOT
        if loot is not None:
            self.loot = loot
        self._potentials: dict[tuple[Position, bool], float] = {}
        # The rest is read when asked: the forecast reads a table for each card on the pile.

    @cached_property
    def mine(self) -> frozenset[str]:
        """My side: my bandits (a player may have two, V-2, V-3) and my partner's (V-4)."""
        return frozenset(next(side for side in sides(self.game) if self.me.name in side))

    @cached_property
    def beside(self) -> int | None:
        """The car the positions beside the train stand at (the stagecoach's, H-3 Ruling), if any."""
        for place in self.hooks.beside:
            car = place(self.game)
            if car is not None:
                return car
        return None

    @cached_property
    def loot(self) -> dict[Position, float]:
        return self._loot()

    @cached_property
    def event(self) -> str | None:
        card = self.game.current_round_card()
        return card.event if card and self.game.options.events else None

    @cached_property
    def marshal_car(self) -> int:
        return marshal_car(self.game)  # beside the train: the car the stagecoach faces (M-50)

    @cached_property
    def lawful(self) -> bool:
        return law(self.game)  # the marshal's law (B-7.10), not with a Marshal player (M-5)

    @cached_property
    def marshal_cost(self) -> float:
        """Stopping by him: a neutral bullet and a flight (B-7.10), or an arrest to fear (M-7)."""
        cost = MARSHAL_SHOT if self.lawful else 0.0
        for hook in self.hooks.marshal_cost:
            cost = hook(self, cost)
        return cost

    @cached_property
    def crowd(self) -> dict[Position, float]:
        """Rivals at a position: a punch waiting to happen (Belle is sheltered, B-9.5)."""
        crowd: dict[Position, float] = {}
        if not has_power(self.game, self.me, "belle"):
            for b in self.game.bandits.values():
                if b.name not in self.mine:
                    crowd[b.at] = crowd.get(b.at, 0.0) + CROWD
        return crowd

    @cached_property
    def end_weight(self) -> float:
        """How much the round's end (and its event) weighs on a position: more as the round goes on."""
        game = self.game
        kinds = turns(game) if game.round_card is not None else ""  # none before round 1 (H-2)
        return (game.planning.turn + 1) / len(kinds) if game.phase == PLANNING and kinds else 0.5

    def _loot(self) -> dict[Position, float]:
        loot = {pos: max(map(PUBLIC_WORTH.__getitem__, tokens)) for pos, tokens in self.game.floor_loot.items()}
        for hook in self.hooks.loot:
            loot = hook(self, loot)
        return loot

    def tables(self) -> dict[str, Table]:
        """A table for each of my bandits (this one for its own), the loot reckoned once."""
        return {name: self if name == self.me.name else Table(self.game, self.seat, name, self.loot, self.hooks)
                for name in self.game.seats[self.seat].bandits}

    def car(self, pos: Position) -> int | None:
        """The car a position belongs to: the stagecoach's, the car it faces (H-3 Ruling); None off
        the board (riding in the horse attack, escaped)."""
        car = self.train.car_of.get(pos)
        if car is None and self.beside is not None and pos in self.train.floor_of:
            return self.beside
        return car

    def worth_of(self, token: str) -> float:
        return PUBLIC_WORTH[token]

    def my_cards(self) -> list[str]:
        """Every card of my seat, wherever it is: I know them all (B-11)."""
        seat = self.game.seats[self.seat]
        return [*seat.deck, *seat.hand, *seat.discard, *(p.card for p in self.game.pile if p.seat == self.seat)]

    def best(self, decision: Decision, rng: random.Random, worth: Callable[[str], float]) -> str:
        return best(decision, rng, worth)

    def my_hand(self) -> list[str]:
        """The cards in my seat's hand that my bandit performs."""
        return [c for c in self.game.seats[self.seat].hand if self.performer(c) == self.me.name]

    def performer(self, card: str) -> str:
        """Which of my bandits performs a card of my seat: its own, or mine for a partner's (V-4.3)."""
        for hook in self.hooks.performer:
            return hook(self.game.seats[self.seat].bandits, card)
        return card_owner(card)

    @cached_property
    def punch_to_come(self) -> bool:
        """A Punch of mine in hand or on the pile still to resolve, that will do something."""
        cards = [*self.my_hand(), *self.my_future_cards()]
        return any(card_action(c) == "punch" for c in cards) and not self.idle("punch")

    def idle(self, action: str) -> bool:
        """Whether a card of my bandit will do nothing (a hostage's malus, H-12)."""
        return any(hook(self, action) for hook in self.hooks.idle)

    @cached_property
    def scores(self) -> dict[str, float]:
        return standings(self.game, self.seat)

    @cached_property
    def side_scores(self) -> dict[str, float]:
        """Each bandit → the score of its side (a player's bandits together, V-2.7, V-3.3; partners, V-4.5)."""
        scores = self.scores
        return {name: sum(scores[n] for n in side) for side in sides(self.game) for name in side}

    @cached_property
    def leaders(self) -> frozenset[str]:
        """The bandits of the richest rival side."""
        rivals = [b for b in self.game.bandits.values() if b.name not in self.mine]
        best = max(rivals, key=lambda b: self.side_scores[b.name])
        return frozenset(self.game.seats[best.seat].bandits)

    def my_future_cards(self) -> list[str]:
        """My bandit's cards still to resolve on the pile (I know them, face down or not), in order."""
        return [c for c in self.seat_future_cards() if self.performer(c) == self.me.name]

    def seat_future_cards(self) -> list[str]:
        """My seat's cards still to resolve on the pile, whichever bandit performs them, in order."""
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
        car = car_of.get(pos)
        if car is None:
            car = self.car(pos)
            if car is None:
                return 0.0  # off the board: nothing more to take nor to fear
            # Beside the train: one more step from the car the stagecoach faces.
            return self._beside_potential(pos, car, robbing, loot)
        here = loot.get(pos, 0.0)
        value = here if robbing else 0.3 * here
        floor = floor_of[pos]
        nearby = 0.0
        guarded = self.game.marshal
        for q, worth in loot.items():
            if q != pos:
                qcar = car_of.get(q)
                # Loot beside the train lies in the stagecoach, whose car ``beside`` is.
                steps = abs(car - (self.beside if qcar is None else qcar)) + (floor_of[q] != floor)  # type: ignore[operator]
                reach = worth / (2.0 + 2.0 * (steps + (qcar is None)))
                if q == guarded and self.lawful:
                    reach *= 0.3  # nobody can stay by the marshal to rob it (B-7.10)
                if reach > nearby:
                    nearby = reach
        value += nearby
        if pos == self.game.marshal:
            value -= self.marshal_cost
        elif floor == INSIDE and abs(self.marshal_car - car) == 1 and self.lawful:
            value -= 0.15 * MARSHAL_SHOT  # a Marshal card away from a bullet
        value -= self.crowd.get(pos, 0.0)
        for hook in self.hooks.position_worth:
            value += hook(self, pos)
        if self.end_weight and self.event:
            value += self.end_weight * event_bonus(self, pos)
        return value

    def _beside_potential(self, pos: Position, car: int, robbing: bool, loot: dict[Position, float]) -> float:
        """A position of the stagecoach (H-10): its loot, loot in reach from the car it faces."""
        train = self.train
        here = loot.get(pos, 0.0)
        value = here if robbing else 0.3 * here
        floor = train.floor_of[pos]
        nearby = 0.0
        for q, worth in loot.items():
            if q != pos:
                qcar = train.car_of.get(q, car)
                steps = abs(qcar - car) + (train.floor_of[q] != floor) + (q in train.car_of)
                nearby = max(nearby, worth / (2.0 + 2.0 * steps))
        more = nearby - self.crowd.get(pos, 0.0)
        for hook in self.hooks.position_worth:
            more += hook(self, pos)
        value += more
        if self.end_weight and self.event:
            value += self.end_weight * event_bonus(self, pos)
        return value

    def landing(self, pos: Position) -> Position:
        """Where a bandit entering ``pos`` ends up: the marshal sends him to the roof (B-7.10; not a
        Marshal player, M-5)."""
        return self.train.other_floor(pos) if pos == self.game.marshal and self.lawful else pos

    def penalty(self, to: Position, start: Position | None = None) -> float:
        """Stepping into the marshal's car (B-7.10; beside the Marshal player, M-7) or past the
        shotgun on the roofs (H-11)."""
        cost = -self.marshal_cost if to == self.game.marshal else 0.0
        for hook in self.hooks.step_cost:
            cost -= hook(self, self.me.at if start is None else start, to)
        return cost

    def move_ends(self, pos: Position) -> list[Position]:
        """Where a Move from ``pos`` may end (B-7.4), the expansion's ends included (H-10)."""
        for hook in self.hooks.move_ends:
            ends = hook(self, pos)
            if ends is not None:
                return ends
        train = self.train
        return train.within(pos, 3) if train.is_roof(pos) else train.neighbours(pos)

    def best_step(self, pos: Position, robbing: bool, loot: dict[Position, float]) -> Position:
        ends = self.move_ends(pos)
        if not ends:
            return pos
        return max(ends, key=lambda q: self.potential(self.landing(q), robbing, loot) + self.penalty(q, pos))

    def targets_from(self, pos: Position) -> list[Bandit]:
        """Whom my bandit could shoot from ``pos`` if the others stayed where they are (my other
        bandit too: a player's bandits may shoot each other, V-2, V-3.4)."""
        if self.car(pos) is None:
            return []
        me = self.me
        bandits = self.game.bandits
        return self.standing(pos, lambda stand_in: [bandits[n] for n in fire_targets(self.game, stand_in)
                                                     if n != me.name and n in bandits])

    def standing(self, pos: Position, ask: Callable[[Bandit], list[T]]) -> list[T]:
        """Ask the rules something with my bandit standing at ``pos`` for a moment: they ask where
        a bandit stands through the table."""
        me = self.me
        stand_in = Bandit(me.name, me.seat, pos, me.loot, me.revolver, me.bullets_received)
        game = self.game
        real = game.bandits[me.name]
        game.bandits[me.name] = stand_in
        try:
            return ask(stand_in)
        finally:
            game.bandits[me.name] = real


def event_bonus(table: Table, pos: Position) -> float:
    """What the round card's event (B-10) does to a bandit ending the round at ``pos``."""
    event = table.event
    train, game = table.train, table.game
    for hook in table.hooks.event_bonus:
        bonus = hook(table, pos)
        if bonus:
            return bonus
    roof = train.is_roof(pos)
    marshal_roof = train.other_floor(game.marshal)
    if event == "angry-marshal":
        # B-10.1: he shoots at his roof, then steps toward the caboose into the next car.
        after = train.step(game.marshal, 1) if train.on_train(game.marshal) else None
        return -300.0 if pos in (marshal_roof, after) else 0.0
    if event == "marshals-revenge":
        return -300.0 if pos == marshal_roof else 0.0
    if event == "passengers-rebellion":
        return -150.0 if not roof else 0.0
    if event == "hostage-conductor":
        return 250.0 if train.car_of.get(pos) == 0 else 0.0
    if event == "pickpocketing":
        return 0.8 * kind_worth("purse") if any(loot_kind(t) == "purse" for t in game.floor_loot.get(pos, ())) else 0.0
    if event == "take-it-all":
        return 150.0 if train.car_of.get(pos) == marshal_car(game) and roof else 0.0
    return 0.0


# --- Schemin' ------------------------------------------------------------------------------------


def plan(table: Table, decision: Decision, rng: random.Random) -> str:
    game = table.game
    kinds = turns(game)
    turn = game.planning.turn
    hand = game.seats[table.seat].hand
    # Where my bandits will stand once the cards already on the pile have resolved (B-7.1): the
    # others' face-up cards as a normal bandit would play them, then my own.
    if table.forecasting:
        table = forecast(table)
    tables = table.tables()  # each card is performed by its own bandit (V-2.3)
    robbing = {name: any(card_action(c) == "rob" and table.performer(c) == name for c in hand) for name in tables}
    loot, pos = table.loot, {name: t.me.at for name, t in tables.items()}
    for c in table.seat_future_cards():
        name = table.performer(c)
        loot, pos[name] = _imagine(tables[name], card_action(c), pos[name], loot, robbing[name])
    worths: dict[str, float] = {}

    def worth_of(c: str) -> float:
        """A card of my hand, judged from where its bandit will be when it resolves."""
        if c not in worths:
            name = table.performer(c)
            worths[c] = card_worth(tables[name], card_action(c), pos[name], loot, robbing[name])
        return worths[c]

    def drawing() -> float:
        return draw_worth(table, decision, kinds, turn)

    verbs = table.hooks.plan_verbs
    best_answer, best_value = "", -1e9
    for value in decision.values:
        verb, _, c = value.partition(" ")
        if verb == "draw":
            worth = drawing()
        elif verb in verbs:  # the expansion's: a drink (H-13), the Brilliant idea (M-3), a cover's pass (V-2.6)
            worth = verbs[verb](table, c, worth_of, drawing)
        elif verb == "pass":
            worth = 0.0
        else:
            worth = worth_of(c)
            if verb == "hide":
                worth += 1.0  # B-9.1: the same card, hidden from the others, is never worse
            else:
                for hook in table.hooks.play_bonus:
                    worth += hook(table, c, kinds[turn], worth_of)  # V-2.6: one more card played
        worth += NOISE * rng.random()
        if worth > best_value:
            best_answer, best_value = value, worth
    return f"{decision.kind} {best_answer}"


def forecast(table: Table) -> Table:
    """My reading of the train once the others' face-up cards already on the pile have resolved,
    each as a normal bandit would carry it out, in the order played (B-7.1).

    A card I play now resolves after every card already on the pile, so a Fire should aim where
    the others will stand, a Rob count the loot they will have taken, a step keep out of the car
    they will have sent the marshal to. Face-down cards of the other seats (a Tunnel turn B-5.2,
    Ghost B-9.1) are skipped: nothing public says what they are. The expansions' own cards are skipped
    too; a base card is resolved with the same reckoning a bandit uses for its own."""
    game = table.game
    ahead = [p for p in game.pile[game.cursor:] if p.seat != table.seat and not p.face_down]
    if not ahead:
        return table
    world = clone(game)
    for played in ahead:
        name = played.performer
        if name in world.bandits and card_action(played.card) in FORESEEN:
            other = Table(world, played.seat, name, hooks=table.hooks)
            if other.car(other.me.at) is not None:  # not escaped (H-22)
                FORESEEN[card_action(played.card)](other)
    return Table(world, table.seat, table.me.name, hooks=table.hooks)


def _foresee_move(table: Table) -> None:
    _foresee_step(table, table.best_step(table.me.at, True, table.loot))


def _foresee_floor(table: Table) -> None:
    _foresee_step(table, table.train.other_floor(table.me.at))


def _foresee_step(table: Table, to: Position) -> None:
    """Into the marshal's car: a neutral bullet card and up to the roof (B-7.10)."""
    me = table.me
    if to == table.game.marshal and table.lawful:
        me.bullets_received += 1
    me.at = table.landing(to)


def _foresee_rob(table: Table) -> None:
    me, floor = table.me, table.game.floor_loot
    tokens = floor.get(me.at)
    if tokens:
        token = max(tokens, key=PUBLIC_WORTH.__getitem__)
        tokens.remove(token)
        me.loot.append(token)
        if not tokens:
            del floor[me.at]


def _foresee_fire(table: Table) -> None:
    """A bullet fired counts toward the Gunslinger (B-8.2) and hits the richest rival in sight."""
    me, game = table.me, table.game
    if me.revolver == 0:
        return
    me.revolver -= 1
    targets = [game.bandits[n] for n in fire_targets(game, me) if n in game.bandits and n not in table.mine]
    if targets:
        max(targets, key=lambda b: sum(map(PUBLIC_WORTH.__getitem__, b.loot))).bullets_received += 1


def _foresee_punch(table: Table) -> None:
    """The richest rival here drops his best token and is shoved away from the loot (B-7.8)."""
    me, game, train = table.me, table.game, table.train
    victims = [b for b in game.bandits.values() if b.at == me.at and b.name not in table.mine and b.loot]
    if not victims or not train.on_train(me.at):
        return
    victim = max(victims, key=lambda b: _knock_loose(table, b))
    token = max(victim.loot, key=PUBLIC_WORTH.__getitem__)
    victim.loot.remove(token)
    game.floor_loot.setdefault(me.at, []).append(token)
    ends = train.neighbours(me.at)
    if ends:
        victim.at = min(ends, key=lambda q: table.loot.get(q, 0.0))


def _foresee_marshal(table: Table) -> None:
    """He walks where the card's owner likes best and sends whoever is inside to the roof (B-7.10)."""
    if not table.lawful:
        return
    cars = _marshal_cars(table.game)
    if not cars:
        return
    game, train = table.game, table.train
    game.marshal = train.inside(max(cars, key=lambda c: _marshal_worth(table, c)))
    for b in game.bandits.values():
        if b.at == game.marshal:
            b.at = train.other_floor(b.at)
            b.bullets_received += 1


FORESEEN: dict[str, Callable[[Table], None]] = {
    "move": _foresee_move,
    "floor": _foresee_floor,
    "rob": _foresee_rob,
    "fire": _foresee_fire,
    "punch": _foresee_punch,
    "marshal": _foresee_marshal,
}


def _imagine(
    table: Table, action: str, pos: Position, loot: dict[Position, float], robbing: bool
) -> tuple[dict[Position, float], Position]:
    """The loot still to take and my bandit's position after one of my cards, the others assumed still."""
    if table.car(pos) is None:
        return loot, pos  # escaped (H-22): nothing more resolves
    if action == "move":
        return loot, table.landing(table.best_step(pos, robbing, loot))
    if action == "floor":
        return loot, _floor_landing(table, pos)
    for hook in table.hooks.imagine:
        found = hook(table, action, pos, loot, robbing)
        if found is not None:
            return found
    if action == "rob" and pos in loot:
        return {q: w for q, w in loot.items() if q != pos}, pos  # the best token here will be mine
    return loot, pos


def card_worth(table: Table, action: str, pos: Position, loot: dict[Position, float], robbing: bool) -> float:
    """What playing a card now should bring, judged from where my bandit will be when it resolves."""
    game, me = table.game, table.me
    for first in table.hooks.card_worth:
        worth = first(table, action, pos)
        if worth is not None:
            return worth  # a Brilliant idea (M-3); the cell, a malus of the round (M-2, M-8)
    if table.car(pos) is None:
        return 0.0  # escaped (H-22): the card will not resolve
    if action == "rob":
        return 0.9 * loot.get(pos, 0.0)
    if action in ("move", "floor"):
        here = table.potential(pos, robbing, loot)
        to = table.best_step(pos, robbing, loot) if action == "move" else table.train.other_floor(pos)
        step = table.potential(table.landing(to), robbing, loot) + table.penalty(to, pos) - here
        return step
    if action == "fire":
        if me.revolver == 0:
            return 0.0
        shootable = table.targets_from(pos)
        targets = [b for b in shootable if b.name not in table.mine]
        if not targets:
            return -OWN_SHOT if shootable else 0.0  # only my other bandit to shoot: the shot is compulsory
        leader = 60.0 if any(b.name in table.leaders for b in targets) else 0.0
        return SHOT + shot_bonus(table) + leader
    special = table.hooks.action_worth.get(action)
    if special is not None:
        return special(table, pos, robbing)  # an expansion's card (Ride, H-3)
    if table.hooks.idle and table.idle(action):
        return 0.0  # the hostage's malus: the card does nothing (H-12)
    if action == "punch":
        for hook in table.hooks.punch_worth:
            piece = hook(table, pos)
            if piece is not None:
                return piece  # the shotgun (H-11)
        company = [b for b in game.bandits.values() if b.at == pos and b is not me]
        rivals = [b for b in company if b.name not in table.mine]
        victims = [b for b in rivals if b.loot]
        ace = 0.0  # a piece that is not a bandit: the Marshal player's Fist-fight ace (M-5)
        for least in table.hooks.punch_least:
            ace = max(ace, least(table, pos))
        if not victims:
            return max(ace, 20.0 if rivals else -OWN_SHOT if company else 0.0)  # only my other bandit to punch
        return max(ace, 100.0 + max(_knock_loose(table, b) for b in victims) * 0.5)
    if action == "marshal":
        return 0.5 * max(_marshal_worth(table, c) for c in _marshal_cars(game))
    return 0.0


def _floor_landing(table: Table, pos: Position) -> Position:
    return table.landing(table.train.other_floor(pos))


def draw_worth(table: Table, decision: Decision, kinds: str, turn: int) -> float:
    """Drawing pays when the hand is poor and turns remain to play what comes (B-6.2)."""
    if turn == len(kinds) - 1 and not table.game.options.expert:
        return 0.0  # the cards go back to the deck before they could be played (B-6.6)
    playable = sum(1 for v in decision.values if v.startswith("play "))
    worth = 120.0 - 25.0 * playable
    if kinds[turn] == TUNNEL:
        worth -= 40.0  # a tunnel hides the card played: better used to play than to draw
    for hook in table.hooks.draw_bonus:
        worth += hook(table)
    return worth


def shot_bonus(table: Table) -> float:
    """What a bullet fired adds beside the base reckoning (Deadly bullet, H-22)."""
    bonus = 0.0
    for hook in table.hooks.shot_bonus:
        bonus += hook(table)
    return bonus


def target_worth(table: Table, action: str, name: str) -> float:
    """A target of a Fire or a Punch that is not a bandit (the Marshal player, M-5; the shotgun, H-11)."""
    worth = 0.0
    for hook in table.hooks.target_worth:
        worth += hook(table, action, name)
    return worth


def _knock_loose(table: Table, victim: Bandit) -> float:
    """What punching ``victim`` takes from him: his best token, or a purse Cheyenne keeps."""
    cheyenne = has_power(table.game, table.me, "cheyenne")
    best = 0.0
    for t in victim.loot:
        kind = loot_kind(t)
        worth = kind_worth(kind) * (2.0 if cheyenne and kind == "purse" else 1.0)
        best = max(best, worth)
    return best + (100.0 if victim.name in table.leaders else 0.0)


def _marshal_cars(game: Game) -> list[int]:
    car = marshal_car(game)
    return [c for c in (car - 1, car + 1) if 0 <= c < len(game.train.cars)]


def _marshal_worth(table: Table, car: int) -> float:
    """Sending the marshal into ``car``: a bullet for each bandit inside (B-7.10)."""
    inside = table.train.inside(car)
    worth = 0.0
    for b in table.game.bandits.values():
        if b.at == inside:
            worth += -MARSHAL_SHOT if b.name in table.mine else 0.4 * MARSHAL_SHOT
    return worth


# --- Stealin' ------------------------------------------------------------------------------------


def move(table: Table, decision: Decision, rng: random.Random) -> str:
    robbing = any(card_action(c) == "rob" for c in table.my_future_cards())
    return best(decision, rng, lambda q: table.potential(table.landing(q), robbing, table.loot) + table.penalty(q))


def fire(table: Table, decision: Decision, rng: random.Random) -> str:
    game, me = table.game, table.me

    def worth(name: str) -> float:
        if name in table.mine:
            return -OWN_BANDIT  # V-2.8: a Gunslinger point less; V-3.4: a bullet in my own deck
        if name not in game.bandits:
            return target_worth(table, "fire", name)  # the Marshal player (M-5)
        victim = game.bandits[name]
        value = table.side_scores[name] + shot_bonus(table)
        if has_power(game, me, "django") and table.train.on_train(victim.at) and table.train.on_train(me.at):
            away = table.train.car_of[victim.at] - table.train.car_of[me.at]
            to = table.train.step(victim.at, 1 if away > 0 else -1) if away else None
            if to is not None and to == game.marshal:
                value += MARSHAL_SHOT  # B-9.6: pushed into the marshal's car, shot again
        return value

    return best(decision, rng, worth)


def rob(table: Table, decision: Decision, rng: random.Random) -> str:
    return best(decision, rng, kind_worth)


def punch(table: Table, decision: Decision, rng: random.Random) -> str:
    """The victim with the best loot to knock loose; the shotgun first, which frees the strongbox
    under my feet (H-11)."""

    def worth(name: str) -> float:
        if name in table.mine:
            return -OWN_BANDIT  # my other bandit's loot would only fall to the floor
        if name not in table.game.bandits:
            return target_worth(table, "punch", name)  # the shotgun (H-11), the Marshal player (M-5)
        return _knock_loose(table, table.game.bandits[name]) + 0.1 * table.side_scores[name]

    return best(decision, rng, worth)


def drop(table: Table, decision: Decision, rng: random.Random) -> str:
    cheyenne = has_power(table.game, table.me, "cheyenne")
    if decision.context.get("target") in table.mine:
        return best(decision, rng, lambda kind: -kind_worth(kind))  # my own bandit (forced): the least
    return best(decision, rng, lambda kind: kind_worth(kind) * (2.0 if cheyenne and kind == "purse" else 1.0))


def shove(table: Table, decision: Decision, rng: random.Random) -> str:
    """Punch the victim into the marshal if possible, else away from the loot (B-7.8)."""
    game = table.game
    if decision.context.get("target") in table.mine:  # my own bandit (forced): toward loot, not the marshal
        return best(decision, rng, lambda pos: -MARSHAL_SHOT if pos == game.marshal else table.loot.get(pos, 0.0))

    def worth(pos: Position) -> float:
        if pos == game.marshal:
            return MARSHAL_SHOT
        special = next((w for hook in table.hooks.shove_worth if (w := hook(table, pos)) is not None), None)
        return -table.loot.get(pos, 0.0) + (0.0 if special is None else special)  # onto the shotgun (H-11)

    return best(decision, rng, worth)


def marshal(table: Table, decision: Decision, rng: random.Random) -> str:
    return best(decision, rng, lambda car: _marshal_worth(table, int(car)))


def keep_card(table: Table, decision: Decision, rng: random.Random) -> str:
    """Attack-plan bonus (H-21, M-40; engine.attack_plan): keep the card most often worth playing."""
    order = {"rob": 5, "fire": 4, "move": 3, "punch": 2, "ride": 2, "floor": 1, "marshal": 0}
    cards = [v for v in decision.values if v != "done"]
    if not cards:
        return f"{decision.kind} done"
    return f"{decision.kind} {max(cards, key=lambda c: order.get(card_action(c), 0) + rng.random())}"


def yes(table: Table, decision: Decision, rng: random.Random) -> str:
    """Cheyenne's purse (B-9.4) and Pickpocketing's (B-10.6): a purse is always worth taking."""
    return f"{decision.kind} yes"


def keep(table: Table, decision: Decision, rng: random.Random) -> str:
    """Expert variant (V-1.2): keep the whole hand; every card but a bullet can be played later."""
    return f"{decision.kind} done"


DECIDE: dict[str, Callable[[Table, Decision, random.Random], str]] = {
    "plan": plan,
    "move": move,
    "floor": move,  # Mei's change of floor (M-30): where to land, as a Move
    "fire": fire,
    "rob": rob,
    "punch": punch,
    "drop": drop,
    "shove": shove,
    "marshal": marshal,
    "keep-purse": yes,
    "pickpocket": yes,
    "discard": keep,
    "keep-card": keep_card,
    # The expansions' decisions come through their hooks (engine.ai.hooks: ``decide``).
}


def decide(game: Game, seat: int, rng: random.Random, *, forecasting: bool = True) -> str:
    """The normal bandit's answer to ``game.pending`` (asked of ``seat``), from the seat's view only;
    ``forecasting``: see ``Table``.

    ``game`` must be the caller's own world (engine.ai.choose draws one from the observation): the
    shot planner stands the bandit elsewhere in it for a moment.
    """
    decision = game.pending
    assert decision is not None and decision.seat == seat
    hooks = game_hooks(game)
    if not game.seats[seat].bandits:  # the Marshal player (M-1)
        return hooks.players[0](game, decision, rng)
    rule = DECIDE.get(decision.kind) or hooks.decide[decision.kind]
    return rule(Table(game, seat, decision.bandit, hooks=hooks, forecasting=forecasting), decision, rng)

