"""The normal bandit's rules of thumb for Horses & Stagecoach (RULES.md H-…), over its seat's view.

engine.ai.normal asks this module, through the AI's hooks (engine.ai.hooks, registered at the end),
what the expansion changes about a position (the stagecoach, the shotgun, a hostage to take, the
expansion's events) and what a bandit's score is as things stand (ransoms, H-12; the full count,
H-30), and this module answers the expansion's decisions:

- the horse attack (H-2): ride on toward the front, near the stagecoach and its hostages, unless
  this wagon's loot is as good (the caboose also gives a chance to be first player); a rider
  left alone takes the best wagon;
- Ride (H-3): toward loot or the stagecoach when a hostage there is worth taking; away for good
  in the Escape round;
- hostages (H-12): the ransom its loot would fetch against the malus for the rounds still to play
  (the Banker with a strongbox in hand, not the Teacher for a bandit who punches …);
- the shotgun (H-11): punch him when on the stagecoach roof (the third strongbox is then free),
  go there only with a Punch to play; stopping at his position or passing him costs a bullet,
  paid only for loot worth more; flee toward loot; punch victims onto him;
- whiskey (H-13): drink old whiskey when a second good card is in hand, whiskey whenever it may
  (a draw and a play in one go);
- the expansion's end-of-round events (H-22): away from the stagecoach before Shotgun's rage,
  on the stagecoach or riding away before the Escape count, away from the marshal's next car
  when a flask lies at his position, alone with a strongbox for Sharing the loot, firing more
  for Deadly bullet.

Only public things and its own cards are read: in a world drawn from the observation, flasks
count by their public kind (a full one is "whiskey" whichever it is).
"""

from __future__ import annotations

import random
from collections.abc import Callable

from engine.actions import has_power
from engine.ai.hooks import HOOKS, Loot
from engine.ai.normal import Table
from engine.ai.value import kind_worth, standings
from engine.data import base
from engine.hooks import through
from engine.horses import rules
from engine.horses.data import horses_data
from engine.horses.model import COACH_IN, COACH_ROOF, ESCAPED, Coach
from engine.horses.rules import ESCAPE, RIDE_REACH, SHOTGUN
from engine.horses.scoring import ransom
from engine.model import NEUTRAL, OVER, Decision, Game, card_action, is_bullet, loot_kind
from engine.scoring import contenders, scores
from engine.train import Position

SHOTGUN_HIT = 300.0  # stopping at the shotgun's position: a neutral bullet and a flight (H-11)
SHOTGUN_PASS = 200.0  # passing him on a Move: a neutral bullet (H-11)
SHOTGUN_PUNCH = 800.0  # punching him frees the $1000 strongbox under the puncher's feet (H-11)
ESCAPE_WORTH = 2500.0  # Escape (H-22): arrested bandits cannot win
RAGE = 300.0  # Shotgun's rage (H-22): a neutral bullet, like the marshal's
FIRST_PLAYER = 120.0  # stopping at the caboose: a chance to be first player in round 1 (H-2)
FRONT = 500.0  # starting near the stagecoach rather than in the crowd at the caboose (arena-tuned)
DEADLY_BULLET = 150.0  # each bullet received in the last round costs its victim $150 (H-22)
ARRESTED = 5000.0  # Escape (H-22): a bandit still on the train cannot win, whatever his loot

# What a hostage's malus costs per round still to play (H-12), beside the ransom.
POWER_COST = {"ghost": 40.0, "doc": 90.0, "tuco": 50.0, "cheyenne": 70.0, "belle": 80.0, "django": 50.0}


def rounds_left(table: Table) -> int:
    """Rounds still to play after this one."""
    return base().rounds - max(1, table.game.round_no)


def shotgun_position(coach: Coach) -> Position | None:
    """Where the shotgun stands, when he stands on the train (None: guarding the strongbox)."""
    return None if coach.shotgun is None else f"{coach.shotgun}/roof"


def guarded(table: Table) -> bool:
    """The third strongbox still lies under the shotgun on the stagecoach roof (H-11)."""
    coach = table.game.coach
    return (coach is not None and coach.shotgun is None
            and any(loot_kind(t) == "strongbox" for t in table.game.floor_loot.get(COACH_ROOF, ())))


def robbable(table: Table, pos: Position, tokens: list[str]) -> list[str]:
    """The tokens a Rob may take at ``pos``: not the strongbox under the shotgun (H-11)."""
    if pos == COACH_ROOF and guarded(table):
        return [t for t in tokens if loot_kind(t) != "strongbox"]
    return tokens


def position_worth(table: Table, pos: Position) -> float:
    """What the expansion adds to a position where the bandit may stop (beside the base reckoning)."""
    coach = table.game.coach
    assert coach is not None
    value = 0.0
    if pos == shotgun_position(coach):
        value -= SHOTGUN_HIT
    if pos == COACH_IN and table.me.name not in coach.held and coach.hostages:
        value += 0.6 * max(hostage_worth(table, h) for h in coach.hostages)
    if pos == COACH_ROOF and guarded(table) and table.punch_to_come:
        value += 0.35 * base().loot_values["strongbox"]  # a punch at the shotgun away from the box
    return value


def passes_shotgun(table: Table, start: Position, end: Position) -> bool:
    """Whether a Move from ``start`` to ``end`` costs a bullet for going past the shotgun (H-11):
    the rules' own reckoning, so that the bandit fears exactly what the engine does."""
    coach = table.game.coach
    if coach is None or coach.shotgun is None or start not in table.train.floor_of:
        return False
    return rules.passes_shotgun(table.game, coach, start, end)


def forbidden(table: Table, action: str) -> bool:
    """The held hostage makes this action card do nothing (H-12: Teacher, Pious woman)."""
    coach = table.game.coach
    held = None if coach is None else coach.held.get(table.me.name)
    return (held, action) in (("teacher", "punch"), ("pious-woman", "ride"))


# --- hostages (H-12) -----------------------------------------------------------------------------


def hostage_worth(table: Table, name: str) -> float:
    """The ransom this hostage would pay the bandit, less what the malus costs it until the end."""
    game, me = table.game, table.me
    hostage = horses_data().hostages[name]
    left = rounds_left(table)
    kinds = [loot_kind(t) for t in me.loot]
    if name == "poodle":
        return hostage.ransom - 60.0 * left  # a dead card in the deck each round
    if name == "banker":
        chance = 1.0 if "strongbox" in kinds else min(0.5, 0.1 + 0.1 * left)
        return hostage.ransom * chance
    if name == "minister":
        return hostage.ransom - 90.0 * left  # one card fewer every round
    if name == "teacher":
        punches = 90.0 if has_power(game, me, "cheyenne") else 50.0
        return hostage.ransom - punches * (left + 1)
    if name == "pious-woman":
        return hostage.ransom - 40.0 * (left + 1) - (300.0 if table.event == "escape" else 0.0)
    if name == "old-lady":
        return hostage.ransom * (kinds.count("jewel") + 0.15 * left) - 30.0 * left
    if name == "poker-player":
        power = POWER_COST.get(me.name, 50.0) if game.options.powers else 0.0
        return hostage.ransom * (kinds.count("purse") + 0.4 * left) - power * (left + 1)
    if name == "photographer":
        cards = [c for c in table.my_cards() if is_bullet(c)]
        shots = sum(1 for c in cards if c.partition(":")[2] not in (NEUTRAL, me.name))
        return hostage.ransom * (shots + 0.7 * left) - 20.0 * left
    return float(hostage.ransom)


def hostage(table: Table, decision: Decision, rng: random.Random) -> str:
    return table.best(decision, rng, lambda name: hostage_worth(table, name))


# --- the horse attack (H-2) ----------------------------------------------------------------------


def wagon_worth(table: Table, car: int) -> float:
    """A wagon to start in: its loot (best token first), the first player's chance at the caboose,
    and above all the way to the stagecoach (its hostages, its strongbox) and the locomotive's
    strongbox, both at the front in round 1; the others tend to stop early, at the caboose."""
    train = table.train
    tokens = sorted((table.worth_of(t) for t in table.game.floor_loot.get(train.inside(car), ())), reverse=True)
    value = sum(w * (0.6 if i == 0 else 0.25) for i, w in enumerate(tokens))
    if car == train.caboose:
        value += FIRST_PLAYER
    faces = table.game.coach.faces if table.game.coach is not None else 0
    return value + FRONT * (train.caboose - abs(car - faces)) / max(1, train.caboose - 1)


def attack(table: Table, decision: Decision, rng: random.Random) -> str:
    """Stop here unless a wagon further on is clearly better: riding on risks company there."""
    car = int(decision.context["car"])
    here = wagon_worth(table, car) + 60.0 * rng.random()
    ahead = max(wagon_worth(table, c) for c in range(1, car))
    return f"{decision.kind} {'stop' if here >= 0.85 * ahead else 'ride'}"


def attack_wagon(table: Table, decision: Decision, rng: random.Random) -> str:
    return table.best(decision, rng, lambda car: wagon_worth(table, int(car)))


# --- Ride (H-3) and flights (H-11) ---------------------------------------------------------------


def ride_ends(table: Table, pos: Position) -> list[Position]:
    """Where a Ride from ``pos`` may take the bandit, if a horse stands at its car now (H-3)."""
    coach = table.game.coach
    car = table.car(pos)
    if coach is None or car is None or car not in coach.horses or forbidden(table, "ride"):
        return []
    train = table.train
    ends: list[Position] = []
    for to in range(max(0, car - RIDE_REACH), min(train.caboose, car + RIDE_REACH) + 1):
        ends.append(train.inside(to))
        if to == coach.faces:
            ends.append(COACH_IN)
    if table.event == "escape":
        ends.append(ESCAPE)
    return ends


def ride_end_worth(table: Table, to: Position, robbing: bool) -> float:
    if to == ESCAPE:
        return ESCAPE_WORTH + table.potential(ESCAPED, robbing, table.loot)
    return table.potential(table.landing(to), robbing, table.loot) + table.penalty(to)


def ride(table: Table, decision: Decision, rng: random.Random) -> str:
    robbing = any(card_action(c) == "rob" for c in table.my_future_cards())
    return table.best(decision, rng, lambda to: ride_end_worth(table, to, robbing))


def flee(table: Table, decision: Decision, rng: random.Random) -> str:
    robbing = any(card_action(c) == "rob" for c in table.my_future_cards())
    return table.best(decision, rng, lambda to: table.potential(table.landing(to), robbing, table.loot)
                      + table.penalty(to))


# --- cards in Schemin' ---------------------------------------------------------------------------


def riding_left(table: Table) -> bool:
    """A Ride card of mine in hand or on the pile still to resolve, and no Pious woman."""
    if forbidden(table, "ride"):
        return False
    cards = [*table.my_hand(), *table.my_future_cards()]
    return any(card_action(c) == "ride" for c in cards)


def draw_bonus(table: Table) -> float:
    """Escape (H-22): with no Ride to play, draw to find it, while it is in the deck."""
    if table.event != "escape" or riding_left(table) or forbidden(table, "ride"):
        return 0.0
    deck = table.game.seats[table.seat].deck
    return 250.0 if any(card_action(c) == "ride" for c in deck) else 0.0


def ride_card_worth(table: Table, pos: Position, robbing: bool) -> float:
    """Ride from where the bandit will be: the best end reached, if a horse stands there now."""
    ends = ride_ends(table, pos)
    if not ends:
        return 0.0
    here = table.potential(pos, robbing, table.loot)
    best = max(ride_end_worth(table, to, robbing) for to in ends)
    if table.event == "escape" and ESCAPE in ends:
        return max(0.0, best - here) * (0.3 + 0.7 * table.end_weight)  # late in the round is better
    return best - here


def ride_landing(table: Table, pos: Position, robbing: bool) -> Position:
    ends = ride_ends(table, pos)
    if not ends:
        return pos
    to = max(ends, key=lambda q: ride_end_worth(table, q, robbing))
    return ESCAPED if to == ESCAPE else table.landing(to)


def punch_worth(table: Table, pos: Position) -> float | None:
    """Punching the shotgun from the stagecoach roof (H-11), or None where he cannot be punched."""
    if pos == COACH_ROOF and guarded(table):
        return SHOTGUN_PUNCH
    return None


def drink_worth(table: Table, flask: str, plays: list[float], draw: float) -> float:
    """Drinking instead of a plain play (H-13): old whiskey plays the two best cards, whiskey draws
    three then plays the best; ``plays``: the worth of each playable card, best first."""
    best = plays[0] if plays else 0.0
    if flask.removesuffix("-half") == "old-whiskey":
        second = plays[1] if len(plays) > 1 else 0.0
        return best + 0.8 * second - 25.0
    return best + max(draw, 40.0) + 10.0  # a draw and a play in one go


# --- the expansion's events (H-22) ---------------------------------------------------------------


def event_bonus(table: Table, pos: Position) -> float:
    """What the expansion's round card event does to a bandit ending the round at ``pos``."""
    coach, event, game, train = table.game.coach, table.event, table.game, table.train
    assert coach is not None
    if event == "shotguns-rage":
        near = {COACH_IN, COACH_ROOF, train.inside(coach.faces), train.roof(coach.faces)}
        return -RAGE if pos in near else 0.0
    if event == "escape":
        if not train.on_train(pos):
            return 0.0
        # A Ride still to play at a car where a horse stands is a way out, if not a sure one.
        horse = train.car_of[pos] in coach.horses and riding_left(table)
        return -ESCAPE_WORTH * (0.35 if horse else 1.0)
    if event == "a-shot-for-the-marshal":
        flasks = [loot_kind(t) for t in game.floor_loot.get(game.marshal, ()) if loot_kind(t) in FLASK_KINDS]
        if not flasks or not train.on_train(pos) or train.is_roof(pos):
            return 0.0
        car, marshal = train.car_of[pos], table.marshal_car
        if car == marshal + 1:
            return -table.marshal_shot
        old = "old-whiskey-half" in flasks or "whiskey" in flasks
        return -0.2 * table.marshal_shot if old and car > marshal else 0.0
    if event == "sharing-the-loot":
        return _sharing(table, pos)
    return 0.0


FLASK_KINDS = ("whiskey", "whiskey-half", "old-whiskey-half")


def _sharing(table: Table, pos: Position) -> float:
    """Sharing the loot (H-22): strongboxes held at one position are shared by all there."""
    me, box = table.me, float(base().loot_values["strongbox"])
    others = [b for b in table.game.bandits.values() if b is not me and b.at == pos]
    mine = sum(1 for t in me.loot if loot_kind(t) == "strongbox")
    value = -mine * box * len(others) / (len(others) + 1)
    for holder in others:
        theirs = sum(1 for t in holder.loot if loot_kind(t) == "strongbox")
        value += theirs * box / (len(others) + 1)
    return value


def shot_bonus(table: Table) -> float:
    """Deadly bullet (H-22): each bullet received in the last round costs the victim $150."""
    return DEADLY_BULLET if table.event == "deadly-bullet" else 0.0


def shove_worth(table: Table, pos: Position) -> float | None:
    """Where to punch a victim with the expansion: onto the shotgun (a bullet), never into the
    stagecoach while a hostage waits there (a ransom for him); None: the base reckoning."""
    coach = table.game.coach
    if coach is None:
        return None
    if pos == shotgun_position(coach):
        return SHOTGUN_HIT
    if pos == COACH_IN and coach.hostages:
        return -300.0
    if table.event == "escape" and pos in (COACH_IN, COACH_ROOF):
        return -ESCAPE_WORTH * table.end_weight
    return None



# --- what the base reckoning asks of the expansion (engine.ai.hooks) ------------------------------


def _loot(table: Table, loot: Loot) -> Loot:
    """The strongbox under the shotgun cannot be robbed before he is punched (H-11)."""
    if not guarded(table):
        return loot
    free = robbable(table, COACH_ROOF, table.game.floor_loot[COACH_ROOF])
    if free:
        loot[COACH_ROOF] = max(map(table.worth_of, free))
    else:
        del loot[COACH_ROOF]
    return loot


def _beside(game: Game) -> int | None:
    """The stagecoach's positions stand at the car it faces (H-3 Ruling)."""
    coach: Coach | None = game.coach
    return None if coach is None else int(coach.faces)


def _move_ends(table: Table, pos: Position) -> list[Position] | None:
    """Where a Move may end with the stagecoach beside the train: the rules' own answer (H-10)."""
    game, train = table.game, table.train
    if pos not in train.floor_of:
        return []  # off the board (escaped, H-22)
    if not train.on_train(pos):
        ends: list[Position] = []
    else:
        ends = train.within(pos, 3) if train.is_roof(pos) else train.neighbours(pos)
    return table.standing(pos, lambda me: through(game.hooks.move_ends, game, me, ends))


def _drink(table: Table, flask: str, worth_of: Callable[[str], float], drawing: Callable[[], float]) -> float:
    hand = table.game.seats[table.seat].hand
    plays = sorted((worth_of(h) for h in hand if not is_bullet(h)), reverse=True)
    return drink_worth(table, flask, plays, drawing())


def _imagine(table: Table, action: str, pos: Position, loot: Loot, robbing: bool) -> tuple[Loot, Position] | None:
    """Where a Ride takes my bandit; the strongbox a punch at the shotgun frees (H-11)."""
    if action == "ride":
        return loot, ride_landing(table, pos, robbing)
    if action == "punch" and punch_worth(table, pos) is not None:
        return {**loot, pos: kind_worth("strongbox")}, pos
    return None


def _target_worth(table: Table, action: str, name: str) -> float:
    return SHOTGUN_PUNCH if action == "punch" and name == SHOTGUN else 0.0


def _step_cost(table: Table, start: Position, end: Position) -> float:
    return SHOTGUN_PASS if passes_shotgun(table, start, end) else 0.0


def expected_scores(game: Game, seat: int) -> dict[str, float] | None:
    """Each bandit's score as things stand: hostages' ransoms (H-12), and at the end the full count
    (H-30: stations, flasks at $0), a bandit who cannot win far behind (Escape, H-22)."""
    if game.coach is None:
        return None
    if game.phase == OVER:
        final = scores(game)
        can_win = set(contenders(game))
        return {name: value - (0.0 if name in can_win else ARRESTED) for name, value in final.items()}
    now = standings(game, seat, exact=True)
    return {name: value + ransom(game, game.bandits[name]) for name, value in now.items()}


HOOKS.decide.update({"attack": attack, "attack-wagon": attack_wagon, "ride": ride, "hostage": hostage, "flee": flee})
HOOKS.loot.append(_loot)
HOOKS.beside.append(_beside)
HOOKS.idle.append(forbidden)
HOOKS.position_worth.append(position_worth)
HOOKS.step_cost.append(_step_cost)
HOOKS.move_ends.append(_move_ends)
HOOKS.event_bonus.append(event_bonus)
HOOKS.plan_verbs["drink"] = _drink
HOOKS.imagine.append(_imagine)
HOOKS.action_worth["ride"] = ride_card_worth
HOOKS.shot_bonus.append(shot_bonus)
HOOKS.punch_worth.append(punch_worth)
HOOKS.target_worth.append(_target_worth)
HOOKS.shove_worth.append(shove_worth)
HOOKS.draw_bonus.append(draw_bonus)
HOOKS.scores.append(expected_scores)
