"""A look-ahead over one's own hand on a light board of the base game: the machinery of the
tactician (engine.ai.tactician, the arena's yardstick) and of the normal bandit's schemin' at the
table (engine.ai.planner).

- **The board** (``Board``): where the bandits, the loot (by worth, as the public sees it) and the
  marshal are, shots fired and bullet cards received; ``Sight`` holds what one decision keeps
  fixed (the train, who is whose rival, powers) and the light rules (``carry_out``: Move, change
  of floor, Fire with Django's push, Rob, Punch with Cheyenne's power, the marshal and his law,
  B-7, B-9). Whom a shot or a punch may reach is the engine's own rule asked on the board
  (engine.actions.fire_targets, shield_belle); tests/engine/test_ai_lookahead.py holds the rest
  to the engine's.
- **The forecast** (schemin'): every card already on the pile resolves before the one played now
  (B-6.2, B-7.1), so a card is judged on the board where each face-up card still to resolve (and
  each of my own) has been carried out, in order, by its performer's greedy best choice. Face-down
  cards of others are skipped, not guessed.
- **One value per resolution** (``Sight.worth``): a Rob is the token; a Fire is a step in the
  Gunslinger race (B-8.2), worth most while level with the best rival; a Punch, part of the token
  knocked loose and a shove into the marshal (B-7.8, B-7.10); a Marshal card, bullets for rivals
  (B-7.9). Each action adds 0.9 × the change of the bandit's *potential* — the best loot in reach,
  discounted by the actions to get there (a roof move spans three cars, B-7.4) and rivals there,
  the marshal's car a cell to avoid — and wounds cost more the more rounds remain.
- **Tempo**: a Move or a change of floor now pays when a Rob in hand can follow.
- **A short look-ahead over my own hand** (``plan_worths``): after the card played, up to three
  more of my cards (a beam of boards), each board judged for the win — my score less 0.8 × the
  best rival's, the Gunslinger's $1000 shared softly by shots fired; the card's own worth on the
  forecast board breaks ties. A draw (B-6.2) is judged the same way, the hand grown by the three
  commonest cards left in my deck. ``Style(look_ahead=0)`` (``TACTICAL``) is one ply on the forecast.
- **The round's event** (``Style.events``: the normal level, not the tactician): where my line
  reaches my last card of the round, and in Stealin' once the pile has resolved, the board is
  judged after the round card's event (B-10, ``Sight.round_end``): the marshal's bullets, the
  conductor's $250, a purse picked up, the strongbox put down.
- **Stealin'** (``steal``): every target, destination and token is the resolution worth most on
  the real board.

Base game only (Expert V-1 too, ``base_game``): the callers answer an expansion's or a variant's
decisions otherwise. The ideas are those of the open-source Colt Express AI's *tactical* and
*strategist* bots (truizlop/ColtExpress), in our own code and units (dollars).
"""

from __future__ import annotations

import math
import random
from typing import NamedTuple

from engine.actions import fire_targets, has_power, shield_belle
from engine.ai import normal
from engine.ai.value import PUBLIC_WORTH, kind_worth, token_worth
from engine.ai.worlds import Knowledge
from engine.data import base
from engine.events import CONDUCTOR_PURSE
from engine.marshal import law
from engine.model import PLANNING, SPEEDING_UP, Decision, Game, card_action, is_bullet, purse_value
from engine.observe import Observation
from engine.planning import turns
from engine.train import Position, Train

NOISE = 12.0  # dollars of random tie-break
PASS = -300.0
ROB_AFTER = 75.0  # a Move or a change of floor with a Rob in hand to follow
LAST_TURN = -50.0  # a Move or a change of floor as the round's last card of mine
LAST_OF_GAME = -250.0
HIDE = 3.0  # B-9.1: the same card hidden is never worse


class Style(NamedTuple):
    """How far and how it looks ahead when schemin'."""

    look_ahead: int = 3  # my cards after this one, at most (0: one ply on the forecast, the tactical bot)
    beam: int = 8  # boards kept at each step
    # The card's own worth on the forecast board breaks the look-ahead's ties: the look-ahead plays
    # my cards in any order on a still board, the forecast knows when this one resolves.
    tie: float = 0.25
    rival_weight: float = 0.8  # my score less this share of the best rival's
    steal_ahead: bool = False  # Stealin': judge each choice after the rest of the pile
    fire: float = 1.0  # a Fire's own worth as a step in the Gunslinger race, times this
    # The round card's event (B-10) carried out on the boards where my cards of the round end, and
    # on Stealin's boards once the pile has resolved: what a bandit stands to gain or lose by where
    # the round leaves it (the marshal's bullets, the conductor's $250, a purse to pick up).
    events: bool = False


BENCHMARK = Style()  # the strategist
TACTICAL = Style(look_ahead=0)
ACTIONS = ("move", "floor", "fire", "rob", "punch", "marshal")


class Act(NamedTuple):
    """One way a card resolves: a Move's end, a Fire's target, a Rob's token (by worth), a Punch's
    victim, token knocked loose and destination, the marshal's car (its inside)."""

    kind: str
    target: str = ""
    worth: float | None = None
    to: Position = ""


class Board:
    """Where the bandits, the loot and the marshal are, as the public sees them (loot by worth)."""

    __slots__ = ("at", "held", "loot", "marshal", "shots", "wounds")

    def __init__(self, at: dict[str, Position], held: dict[str, list[float]], loot: dict[Position, list[float]],
                 shots: dict[str, int], wounds: dict[str, int], marshal: Position) -> None:
        self.at, self.held, self.loot = at, held, loot
        self.shots, self.wounds, self.marshal = shots, wounds, marshal

    def copy(self) -> Board:  # lists are replaced, never changed in place
        return Board(dict(self.at), dict(self.held), dict(self.loot), dict(self.shots), dict(self.wounds),
                     self.marshal)


# For the potential, from a place to each place of a train: 1 + 0.85 × the actions to get there. The
# same for every decision on that train, and engine.train.train_of keeps one Train per wagon list
# for the process, so its id names it; the hard bandit's play-outs plan thousands of times a second.
_DISTANCES: dict[int, dict[Position, dict[Position, float]]] = {}


class Sight:
    """What one decision keeps fixed: the train, who is whose rival, powers, rounds to come."""

    def __init__(self, game: Game, seat: int, style: Style = BENCHMARK) -> None:
        self.game = game
        self.style = style
        self.seat = seat
        self.train: Train = game.train
        self.me = game.seats[seat].bandits[0]
        self.seat_of = {b.name: b.seat for b in game.bandits.values()}
        self.names = list(game.bandits)
        self.lawful = law(game)
        self.rounds_left = max(0, base().rounds - game.round_no)
        self.wound = 100.0 + 25.0 * self.rounds_left
        self.power = {p: {b.name for b in game.bandits.values() if has_power(game, b, p)}
                      for p in ("django", "cheyenne")}
        self.gunslinger = float(base().gunslinger_bonus)
        self._distance = _DISTANCES.setdefault(id(self.train), {})
        self._shares: dict[tuple[int, ...], list[float]] = {}  # the Gunslinger's soft share by shots fired
        card = game.current_round_card() if style.events and game.options.events else None
        self.event = card.event if card is not None else None

    def board(self) -> Board:
        game = self.game
        bandits = game.bandits.values()
        return Board(
            {b.name: b.at for b in bandits},
            {b.name: [token_worth(t, b.seat == self.seat) for t in b.loot] for b in bandits},
            {pos: [PUBLIC_WORTH[t] for t in tokens] for pos, tokens in game.floor_loot.items() if tokens},
            {b.name: base().bullets_per_bandit - b.revolver for b in bandits},
            {b.name: b.bullets_received for b in bandits},
            game.marshal,
        )

    def rival(self, a: str, b: str) -> bool:
        return self.seat_of[a] != self.seat_of[b]

    def travel(self, here: Position, there: Position) -> int:
        """Actions to get from ``here`` to ``there``: a roof move spans three cars (B-7.4). Asked only
        for the potential's distances, kept for the process (``_DISTANCES``)."""
        train = self.train
        cars = abs(train.car_of[here] - train.car_of[there])
        roof_here, roof_there = train.is_roof(here), train.is_roof(there)
        roof_cars = -(-cars // 3)  # a roof move spans up to three cars
        return (roof_cars if roof_here else cars) if roof_here == roof_there else 1 + roof_cars

    # --- The light rules ---------------------------------------------------------------------------

    def fire_targets(self, b: Board, name: str) -> list[str]:
        """B-7.6 with Tuco's, Django's and Belle's powers (B-9.3, B-9.5, B-9.6): the engine's own
        rule, asked on the board."""
        if b.shots[name] >= base().bullets_per_bandit:
            return []
        return fire_targets(self.game, self.game.bandits[name], b.at)

    def resolutions(self, b: Board, name: str, action: str) -> list[Act]:
        train = self.train
        here = b.at[name]
        if here not in train.car_of:
            return [Act("pass")]
        found: list[Act] = []
        if action == "move":
            ends = train.within(here, 3) if train.is_roof(here) else train.neighbours(here)
            found = [Act("move", to=q) for q in ends]
        elif action == "floor":
            found = [Act("floor", to=train.other_floor(here))]
        elif action == "fire":
            found = [Act("fire", target=n) for n in self.fire_targets(b, name)]
        elif action == "rob":
            found = [Act("rob", worth=w) for w in set(b.loot.get(here, ()))]
        elif action == "punch":
            company = [n for n, p in b.at.items() if p == here and n != name]
            victims = shield_belle(self.game, company, here, b.at)
            for v in victims:
                tokens: list[float | None] = [*set(b.held[v])] or [None]
                for q in train.neighbours(here):
                    found += [Act("punch", target=v, worth=w, to=q) for w in tokens]
        elif action == "marshal":
            car = train.car_of[b.marshal]
            found = [Act("marshal", to=train.inside(c)) for c in (car - 1, car + 1) if 0 <= c < len(train.cars)]
        return found or [Act("pass")]

    def carry_out(self, b: Board, name: str, act: Act) -> Board:
        """The board after ``name`` performed ``act``, the marshal's law applied (B-7.10)."""
        after = b.copy()
        kind, train = act.kind, self.train
        if kind in ("move", "floor"):
            after.at[name] = act.to
        elif kind == "rob":
            cell = list(after.loot[after.at[name]])
            cell.remove(act.worth)  # type: ignore[arg-type]
            after.loot[after.at[name]] = cell
            after.held[name] = [*after.held[name], act.worth]  # type: ignore[list-item]
        elif kind == "fire":
            victim = act.target
            after.shots[name] += 1
            after.wounds[victim] += 1
            if name in self.power["django"]:  # B-9.6: pushed a car further away
                way = train.car_of[after.at[victim]] - train.car_of[after.at[name]]
                if way:
                    to = train.step(after.at[victim], 1 if way > 0 else -1)
                    if to is not None:
                        after.at[victim] = to
        elif kind == "punch":
            victim = act.target
            if act.worth is not None:
                held = list(after.held[victim])
                held.remove(act.worth)
                after.held[victim] = held
                if name in self.power["cheyenne"] and act.worth == PURSE:
                    after.held[name] = [*after.held[name], act.worth]
                else:
                    here = after.at[name]
                    after.loot[here] = [*after.loot.get(here, ()), act.worth]
            after.at[victim] = act.to
        elif kind == "marshal":
            after.marshal = act.to
        self.keep_the_law(after)
        return after

    def keep_the_law(self, b: Board) -> None:
        """B-7.10 on a board being made: whoever stands where the marshal is flees to the roof with a
        neutral bullet (only where the marshal keeps the law)."""
        if self.lawful:
            for n, p in b.at.items():
                if p == b.marshal:
                    b.at[n] = self.train.other_floor(p)
                    b.wounds[n] += 1

    # --- Values --------------------------------------------------------------------------------------

    def potential(self, b: Board, name: str) -> float:
        """The best loot in reach, less for the actions to get there and the rivals there; the
        marshal's car is a cell to keep out of."""
        here = b.at[name]
        if here not in self.train.car_of:
            return 0.0
        best = 0.0
        seat = self.seat_of[name]
        seat_of = self.seat_of
        rivals: dict[Position, int] = {}
        for n, p in b.at.items():
            if seat_of[n] != seat:
                rivals[p] = rivals.get(p, 0) + 1
        distance = self._distance.get(here)
        if distance is None:
            distance = self._distance[here] = {cell: 1.0 + 0.85 * self.travel(here, cell) for cell in self.train.car_of}
        guarded = b.marshal if self.lawful else None
        for cell, tokens in b.loot.items():
            far = distance.get(cell)
            if not tokens or far is None:
                continue
            value = max(tokens) / (far + 0.35 * rivals.get(cell, 0))
            if cell == guarded:
                value -= 200.0
            if value > best:
                best = value
        return best

    def worth(self, b: Board, name: str, act: Act) -> float:
        """What ``act`` brings the bandit ``name``, in dollars."""
        kind = act.kind
        if kind == "pass":
            return PASS
        value = 0.0
        train = self.train
        if kind == "rob":
            value = act.worth or 0.0
        elif kind == "fire":
            if not self.rival(act.target, name):
                return -2.0 * self.gunslinger  # my own other bandit (not in the base game)
            rival_best = max((s for n, s in b.shots.items() if self.rival(n, name)), default=0)
            mine = b.shots[name]
            race = 210.0 if mine == rival_best else 170.0 if mine < rival_best else 70.0
            richer = sum(b.held[act.target]) > sum(b.held[name])
            value = (80.0 + 24.0 * self.rounds_left + race + (40.0 if richer else 0.0)) * self.style.fire
        elif kind == "punch":
            w = act.worth or 0.0
            value = 0.55 * w + 20.0
            if name in self.power["cheyenne"] and act.worth == PURSE:
                value += w
            if act.to == b.marshal and self.lawful:
                value += 30.0 * self.rounds_left
        elif kind == "marshal":
            for n, p in b.at.items():
                if p == act.to:
                    value += 125.0 if self.rival(n, name) else -200.0
            here = b.at[name]
            if train.car_of.get(here) == train.car_of[b.marshal] and train.is_roof(here):
                value += 100.0
        after = self.carry_out(b, name, act)
        value += 0.9 * (self.potential(after, name) - self.potential(b, name))
        value -= (after.wounds[name] - b.wounds[name]) * self.wound
        if kind == "floor" and not train.is_roof(act.to):
            value += 15.0
        return value

    def outcomes(self, b: Board, name: str, action: str) -> list[Board]:
        """The boards once ``name`` has performed ``action``, one for each way it may resolve."""
        return [self.carry_out(b, name, a) for a in self.resolutions(b, name, action)]

    def best(self, b: Board, name: str, action: str) -> tuple[float, Act]:
        found = [(self.worth(b, name, a), a) for a in self.resolutions(b, name, action)]
        return max(found, key=lambda pair: pair[0])

    def forecast(self) -> Board:
        """The board once every card on the pile that I can read has resolved, in order, each by its
        performer's best choice: others' face-down cards are skipped (B-6.2, B-9.1)."""
        return self.rest_of_pile(self.board())

    def rest_of_pile(self, b: Board) -> Board:
        """``b`` once every card still on the pile that I can read has resolved (``forecast``)."""
        game = self.game
        for played in game.pile[game.cursor:]:
            if played.face_down and played.seat != self.seat:
                continue
            name, action = played.performer, card_action(played.card)
            if name not in b.at or action not in ACTIONS:
                continue
            b = self.carry_out(b, name, self.best(b, name, action)[1])
        return b

    def utility(self, b: Board) -> float:
        """How well the board stands for my win: my score less 0.8 × the best rival's, the
        Gunslinger's $1000 shared softly by shots fired (sharper as the game ends, B-8.2)."""
        shots = tuple(b.shots.values())
        shares = self._shares.get(shots)
        if shares is None:
            warmth = max(0.45, 0.5 * self.rounds_left)
            most = max(shots)
            weights = [math.exp((s - most) / warmth) for s in shots]
            total = sum(weights)
            shares = self._shares[shots] = [self.gunslinger * w / total for w in weights]
        score = {n: sum(b.held[n]) + bonus for n, bonus in zip(b.shots, shares, strict=True)}
        me = self.me
        rival = max((s for n, s in score.items() if self.rival(n, me)), default=0.0)
        return (score[me] - self.style.rival_weight * rival + 0.0625 * self.rounds_left * self.potential(b, me)
                - 3.75 * self.rounds_left * b.wounds[me])

    # --- The round's event ---------------------------------------------------------------------------

    def end_utility(self, b: Board) -> float:
        """``utility`` of a board where the round ends: with ``Style.events``, once the round card's
        event has been carried out on it."""
        return self.utility(self.round_end(b)) if self.event else self.utility(b)

    def round_end(self, b: Board) -> Board:
        """``b`` once the round card's event (B-10) has been carried out on it by the light rules.
        A purse is known here by its worth: the public's average for others', anything but a jewel's
        or a strongbox's for mine (so a $500 purse of mine is taken for a jewel)."""
        event, train = self.event, self.train
        after = b.copy()
        on_roof = [n for n, p in b.at.items() if p in train.car_of and train.is_roof(p)]
        if event == "angry-marshal":  # B-10.1: he fires at his roof, then moves toward the caboose
            roof = train.other_floor(b.marshal)
            for n in on_roof:
                if b.at[n] == roof:
                    after.wounds[n] += 1
            car = train.car_of[b.marshal]
            if car < train.caboose:
                after.marshal = train.inside(car + 1)
                self.keep_the_law(after)
        elif event == "swivel-arm":  # B-10.2
            for n in on_roof:
                after.at[n] = train.roof(train.caboose)
        elif event == "braking":  # B-10.3: the locomotive's roof stays
            for n in on_roof:
                after.at[n] = train.step(b.at[n], -1) or b.at[n]
        elif event == "take-it-all" and self.game.second_strongbox:  # B-10.4
            after.loot[b.marshal] = [*b.loot.get(b.marshal, ()), STRONGBOX]
        elif event == "passengers-rebellion":  # B-10.5
            for n, p in b.at.items():
                if p in train.car_of and not train.is_roof(p):
                    after.wounds[n] += 1
        elif event == "pickpocketing":  # B-10.6: alone at one's position, with a purse there
            crowd = [*b.at.values()]
            for n, p in b.at.items():
                if crowd.count(p) == 1 and PURSE in b.loot.get(p, ()):
                    left = list(b.loot[p])
                    left.remove(PURSE)
                    after.loot[p] = left
                    after.held[n] = [*b.held[n], PURSE]
        elif event == "marshals-revenge":  # B-10.7: the lowest purse, on the marshal's roof
            roof = train.other_floor(b.marshal)
            for n in on_roof:
                purses = [w for w in b.held[n] if w not in (JEWEL, STRONGBOX)]
                if b.at[n] == roof and purses:
                    held = list(b.held[n])
                    held.remove(min(purses))
                    after.held[n] = held
        elif event == "hostage-conductor":  # B-10.8: $250 inside or on the locomotive, a purse
            for n, p in b.at.items():
                if train.car_of.get(p) == 0:  # read as the board reads a purse held (``board``)
                    after.held[n] = [*b.held[n], CONDUCTOR if n == self.me else PURSE]
        return after


PURSE = kind_worth("purse")
JEWEL = kind_worth("jewel")
STRONGBOX = kind_worth("strongbox")
CONDUCTOR = float(purse_value(CONDUCTOR_PURSE))


def reach_lead(game: Game, seat: int) -> float:
    """How much more loot the seat's bandit has within reach than the best-placed rival
    (``Sight.potential`` on the board as it stands): the hard bandit's play-outs end with a round,
    and where the bandits then stand is part of what the end is worth (engine.ai.hard.leaf)."""
    sight = Sight(game, seat)
    board = sight.board()
    me = sight.me
    rivals = (sight.potential(board, name) for name in board.at if sight.rival(name, me))
    return sight.potential(board, me) - max(rivals, default=0.0)


# --- Schemin' -------------------------------------------------------------------------------------


def turns_left(game: Game) -> int:
    """My seat's actions still to come this round after this one (B-5.2: two in a speeding-up turn)."""
    decision = game.pending
    assert decision is not None
    return actions_to_come(game, decision.seat) - 1


def actions_to_come(game: Game, seat: int) -> int:
    """The seat's schemin' actions still to come this round, this turn's included unless it has
    played them (B-5.2: two in a speeding-up turn)."""
    kinds = turns(game)
    plan = game.planning
    each = [2 if k == SPEEDING_UP else 1 for k in kinds]
    now = 0
    if seat in plan.order:
        place = plan.order.index(seat)
        now = plan.actions_left if place == plan.index else each[plan.turn] if place > plan.index else 0
    return now + sum(each[plan.turn + 1:])


def plan_worths(sight: Sight, rng: random.Random) -> dict[str, float]:
    """What each answer of a schemin' decision is worth (the random tie-break included)."""
    return weigh_plans(sight, rng)[0]


def weigh_plans(sight: Sight, rng: random.Random) -> tuple[dict[str, float], dict[str, list[str]]]:
    """``plan_worths``, and after each card played or hidden the cards of its best line: what
    ``plan(..., after=card)`` gives, found by the same look-ahead (none without one)."""
    game = sight.game
    decision = game.pending
    assert decision is not None
    hand = game.seats[sight.seat].hand
    left = turns_left(game)
    last_round = game.round_no >= base().rounds
    board = sight.forecast()
    me = sight.me
    style = sight.style
    strategist = style.look_ahead > 0
    look = min(left, style.look_ahead)
    worths: dict[str, float] = {}
    lines: dict[str, list[str]] = {}
    for value in decision.values:
        verb, _, c = value.partition(" ")
        if verb in ("play", "hide"):
            action = card_action(c)
            rest = list(hand)
            rest.remove(c)
            tactical, _ = sight.best(board, me, action)
            if action in ("move", "floor"):
                robs = any(card_action(r) == "rob" for r in rest)
                tactical += (ROB_AFTER if robs else 10.0) if left else LAST_TURN
                if last_round and not left:
                    tactical += LAST_OF_GAME
            if strategist:
                utility, line = beam(sight, sight.outcomes(board, me, action), rest, look, end=look == left)
                worth, lines[value] = utility + style.tie * tactical, list(line)
            else:
                worth = tactical
            worth += HIDE if verb == "hide" else 0.0
        elif verb == "draw":
            if strategist:
                worth = (look_ahead(sight, [board], hand + likely_draw(sight), look, end=look == left) if left
                         else sight.end_utility(board) - 10.0)
            else:
                worth = draw_worth(sight, hand, left, last_round)
        else:
            worth = PASS + (sight.utility(board) if strategist else 0.0)
        worths[value] = worth + NOISE * rng.random()
    return worths, lines


def likely_draw(sight: Sight) -> list[str]:
    """Three cards a draw may bring: the most common of my cards not in hand nor on the pile (I know
    my cards, B-11, not the deck's order)."""
    seat = sight.game.seats[sight.seat]
    counts: dict[str, int] = {}
    for c in seat.deck:
        if not is_bullet(c):
            counts[c] = counts.get(c, 0) + 1
    return sorted(counts, key=lambda c: (-counts[c], c))[:3]


def draw_worth(sight: Sight, hand: list[str], left: int, last_round: bool) -> float:
    """Draw only when the hand cannot fill the turns left, or holds no Rob (B-6.2, B-6.6)."""
    if not left:
        return 10.0 if sight.game.options.expert and not last_round else -1000.0
    playable = sum(1 for c in hand if not is_bullet(c))
    worth = 500.0 if not playable else 240.0 if playable < left else -40.0
    if left > 1 and not any(card_action(c) == "rob" for c in hand):
        worth += 65.0
    return worth


def look_ahead(sight: Sight, boards: list[Board], rest: list[str], depth: int, *, end: bool = False) -> float:
    """The best utility my next ``depth`` cards of the hand may reach from ``boards`` (a beam)."""
    return beam(sight, boards, rest, depth, end=end)[0]


def beam(
    sight: Sight, boards: list[Board], rest: list[str], depth: int, *, end: bool = False
) -> tuple[float, tuple[str, ...]]:
    """``look_ahead``'s search: the best utility, and the cards that reach it, in order. ``end``: the
    ``depth`` cards are my last of the round, so the boards they reach are judged as the round's end
    leaves them (``Sight.end_utility``)."""
    me = sight.me
    nodes: list[tuple[Board, list[str], tuple[str, ...]]] = [(b, rest, ()) for b in boards]
    for step in range(depth):
        judge = sight.end_utility if end and step == depth - 1 else sight.utility
        grown: list[tuple[float, Board, list[str], tuple[str, ...]]] = []
        for b, hand, path in nodes:
            kinds = {card_action(c): c for c in hand if not is_bullet(c)}
            if not kinds:
                grown.append((judge(b), b, hand, path))
                continue
            for kind, c in kinds.items():
                after_hand = list(hand)
                after_hand.remove(c)
                for a in sight.resolutions(b, me, kind):
                    nb = sight.carry_out(b, me, a)
                    grown.append((judge(nb), nb, after_hand, (*path, c)))
        grown.sort(key=lambda node: -node[0])
        nodes = [(b, h, p) for _, b, h, p in grown[:sight.style.beam]]
    judge = sight.end_utility if end else sight.utility
    return max((judge(b), p) for b, _, p in nodes)


def plan(game: Game, seat: int, style: Style, after: str | None = None) -> list[str]:
    """The cards the seat's bandit would play this round, in order, as the look-ahead sees them
    from the forecast board: ``style.look_ahead`` cards after ``after`` (a card of its hand, played
    now), or one card more from the start of its go. The hard bandit's play-outs follow such plans
    (engine.ai.hard)."""
    sight = Sight(game, seat, style)
    board = sight.forecast()
    hand = list(game.seats[seat].hand)
    to_come = actions_to_come(game, seat)
    if after is None:
        boards, depth = [board], min(to_come, style.look_ahead + 1)
    else:
        hand.remove(after)
        boards = sight.outcomes(board, sight.me, card_action(after))
        to_come -= 1
        depth = min(to_come, style.look_ahead)
    return list(beam(sight, boards, hand, depth, end=depth == to_come)[1])


# --- Stealin' -------------------------------------------------------------------------------------


def steal(sight: Sight, rng: random.Random) -> str | None:
    """A target, destination or token: the resolution worth most on the real board; with
    ``Style.steal_ahead``, the one whose board stands best once the rest of the pile has resolved
    (the strategist's: each card still to come carried out by its performer's best choice, others'
    face-down cards skipped). None for a decision it does not know."""
    game = sight.game
    decision = game.pending
    assert decision is not None
    name = decision.bandit or sight.me
    kind = decision.kind
    b = sight.board()
    train = sight.train

    def acts(value: str) -> list[Act]:
        """The ways the answer ``value`` may resolve (a punch's token and shove are chosen later)."""
        if kind in ("move", "fire", "marshal", "rob"):
            return [Act("move", to=value) if kind == "move" else Act("fire", target=value) if kind == "fire"
                    else Act("marshal", to=train.inside(int(value))) if kind == "marshal"
                    else Act("rob", worth=kind_worth(value))]
        victim = game.bandits[value if kind == "punch" else decision.context["target"]]
        ends = train.neighbours(victim.at) if victim.at in train.car_of else [victim.at]
        if kind == "punch":
            tokens: list[float | None] = [*{PUBLIC_WORTH[t] for t in victim.loot}] or [None]
            return [Act("punch", value, w, q) for w in tokens for q in ends]
        if kind == "drop":
            return [Act("punch", victim.name, kind_worth(value), q) for q in ends]
        return [Act("punch", victim.name, None, value)]  # shove

    def worth(act: Act) -> float:
        now = sight.worth(b, name, act)
        if not sight.style.steal_ahead:
            return now
        return sight.end_utility(sight.rest_of_pile(sight.carry_out(b, name, act))) + sight.style.tie * now

    if kind not in ("move", "fire", "rob", "marshal", "punch", "drop", "shove"):
        return None
    if kind in ("move", "punch", "shove") and any(v not in train.car_of and v not in game.bandits
                                                   for v in decision.values):
        return None
    choice = max(decision.values, key=lambda v: max(map(worth, acts(v))) + NOISE * rng.random())
    return f"{kind} {choice}"


def base_game(game: Game) -> bool:
    options = game.options
    return not options.horses and not options.prisoners and options.variant == "none"


def scheming(game: Game) -> bool:
    """Whether the pending decision is a base game's plain schemin' one (play, hide, draw, pass) of
    a seat with a bandit: what ``plan_worths`` answers."""
    decision = game.pending
    return (decision is not None and decision.kind == "plan" and game.phase == PLANNING and base_game(game)
            and bool(game.seats[decision.seat].bandits)
            and all(v.partition(" ")[0] in ("play", "hide", "draw", "pass") for v in decision.values))


def decide(view: Observation, decision: Decision, rng: random.Random, style: Style) -> str:
    """The answer of a bandit that plays the look-ahead as ``style``, from its seat's view alone
    (B-11): on a world drawn from the view, and by the normal bandit's rules of thumb wherever the
    look-ahead knows no answer (``answer``), so that every game finishes."""
    world = Knowledge(view, decision).sample(rng)
    found = answer(world, decision.seat, rng, style)
    return normal.decide(world, decision.seat, rng) if found is None else found


def answer(game: Game, seat: int, rng: random.Random, style: Style) -> str | None:
    """The look-ahead's answer to ``game.pending`` (a world drawn from the seat's view), or None
    where it knows no answer (an expansion, a variant, the Marshal player, a decision it does not
    model): the caller's rules of thumb answer there."""
    decision = game.pending
    assert decision is not None and decision.seat == seat
    if scheming(game):
        return best_plan(Sight(game, seat, style), rng)
    if base_game(game) and game.seats[seat].bandits and decision.kind != "plan":
        return steal(Sight(game, seat, style), rng)
    return None


def best_plan(sight: Sight, rng: random.Random) -> str:
    """The schemin' answer worth most."""
    decision = sight.game.pending
    assert decision is not None
    worths = plan_worths(sight, rng)
    return f"{decision.kind} {max(worths, key=worths.__getitem__)}"
