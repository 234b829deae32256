"""What the expansion's pieces do: Ride (H-3), the stagecoach (H-10), the shotgun (H-11),
hostages (H-12) and whiskey (H-13), through the base game's hooks.

Every hook leaves the base answer alone in a game without the expansion (``game.coach is None``).
"""

from __future__ import annotations

from typing import Any

from engine.actions import PERFORM, no_effect, pieces
from engine.decisions import answers, ask, record
from engine.errors import IllegalAnswer
from engine.hooks import HOOKS
from engine.horses.model import COACH_IN, COACH_ROOF, ESCAPED, FLASKS, HALF, Coach
from engine.marshal import car_at, enter, give_neutral_bullets
from engine.model import LOOK_ALIKE, Bandit, Game
from engine.scoring import WORTH
from engine.train import Position

SHOTGUN = "shotgun"  # the shotgun as a Punch target (H-11)
RIDE_REACH = 3  # cars a horse may carry a bandit, forward or back (H-3)
ESCAPE = "escape"  # a Ride's answer in the Escape round: off the board with the horse (H-22)

LOOK_ALIKE["old-whiskey"] = "whiskey"  # full flasks lie face down: "a full flask" (H-13 Ruling)
WORTH.update({"whiskey": 0, "whiskey-half": 0, "old-whiskey-half": 0})  # H-13 Ruling: $0 at the count


def gone(game: Game, piece: str, count: int = 1) -> None:
    """A flask or a horse leaves the game (counted, so that everything else is conserved)."""
    game.coach.gone[piece] = game.coach.gone.get(piece, 0) + count


def holds(game: Game, bandit: Bandit, hostage: str) -> bool:
    return game.coach is not None and game.coach.held.get(bandit.name) == hostage


def shotgun_at(game: Game, coach: Coach) -> Position:
    return COACH_ROOF if coach.shotgun is None else game.train.roof(coach.shotgun)


def beside(game: Game, coach: Coach) -> tuple[Position, Position]:
    """The inside and the roof of the car the stagecoach faces."""
    return game.train.inside(coach.faces), game.train.roof(coach.faces)


# --- the stagecoach's adjacency (H-10) and the Old lady (H-12) -----------------------------------


def _move_ends(game: Game, bandit: Bandit, ends: list[Position]) -> list[Position]:
    if game.coach is None:
        return ends
    most = 1 if holds(game, bandit, "old-lady") else 3  # the Old lady: one car on the roofs (H-12)
    return roof_moves(game, bandit.at, most, ends)


def roof_moves(game: Game, at: Position, most: int, ends: list[Position]) -> list[Position]:
    """Where a Move from ``at`` may end with the stagecoach beside the train, given the train's
    answer: its roof is one step from the roof it faces (H-10), also for a Marshal player (M-50)."""
    coach, train = game.coach, game.train
    if not train.is_roof(at):
        return ends  # inside, the stagecoach is next door for Fire and Punch only (H-10)
    _, faced_roof = beside(game, coach)
    if at == COACH_ROOF:  # stepping to the roof it faces is one of the steps (H-10 Ruling)
        return [faced_roof, *train.within(faced_roof, most - 1)]
    ends = train.within(at, most)
    if abs(train.car_of[at] - coach.faces) <= most - 1:
        ends.append(COACH_ROOF)
    return ends


def _fire_targets(game: Game, shooter: Bandit, names: list[str]) -> list[str]:
    if game.coach is None:
        return names
    return sight(game, shooter.at, names, {n: p for n, p in pieces(game).items() if p != shooter.at})


def sight(game: Game, here: Position, names: list[str], others: dict[str, Position]) -> list[str]:
    """Whom a shot from ``here`` reaches among ``others`` (name → position) with the stagecoach
    beside the train, given the train's answer ``names`` (H-10, H-11); also the Marshal player's
    shots and the shots at him (M-50)."""
    coach, train = game.coach, game.train
    faced_in, _ = beside(game, coach)
    if here == COACH_ROOF:  # anyone on the train's roofs (H-10)
        return names + [n for n, p in others.items() if train.on_train(p) and train.is_roof(p)]
    if here == COACH_IN:
        return names + [n for n, p in others.items() if p == faced_in]
    if train.is_roof(here):
        if coach.shotgun is not None:  # he blocks the line of sight on the roofs (H-11)
            names = [n for n in names if not _behind_shotgun(game, coach, here, others[n])]
        return names + [n for n, p in others.items() if p == COACH_ROOF]
    if here == faced_in:
        return names + [n for n, p in others.items() if p == COACH_IN]
    return names


def _behind_shotgun(game: Game, coach: Coach, here: Position, there: Position) -> bool:
    train = game.train
    if not (train.on_train(there) and train.is_roof(there)) or coach.shotgun is None:
        return False
    low, high = sorted((train.car_of[here], train.car_of[there]))
    return low < coach.shotgun < high


def _shove_ends(game: Game, victim: Bandit, ends: list[Position]) -> list[Position]:
    return ends if game.coach is None else shove_ends(game, victim.at, ends)


def shove_ends(game: Game, at: Position, ends: list[Position]) -> list[Position]:
    """Where a punch at ``at`` may send its victim with the stagecoach beside the train, given the
    train's answer (H-10); also the Marshal player (M-50)."""
    faced_in, faced_roof = beside(game, game.coach)
    if at == COACH_IN:
        return [faced_in]  # from inside the stagecoach only to the car it faces (H-10)
    if at == COACH_ROOF:
        return [faced_roof]
    if at == faced_in:
        return [*ends, COACH_IN]
    if at == faced_roof:
        return [*ends, COACH_ROOF]
    return ends


# --- the shotgun (H-11) --------------------------------------------------------------------------


def _punch_targets(game: Game, puncher: Bandit, names: list[str]) -> list[str]:
    coach = game.coach
    if coach is not None and coach.shotgun is None and puncher.at == COACH_ROOF:
        return [*names, SHOTGUN]
    return names


def _punch_shotgun(game: Game, puncher: Bandit, target: str) -> bool:
    """H-11: he leaves the strongbox and goes to the roof of the car the stagecoach faces."""
    coach = game.coach
    if coach is None or target != SHOTGUN or coach.shotgun is not None:
        return False
    record(game, "punch", bandit=puncher.name, target=SHOTGUN, at=puncher.at)
    coach.shotgun = coach.faces
    roof = game.train.roof(coach.faces)
    record(game, "shotgun", at=COACH_ROOF, to=roof)
    meet_shotgun(game, coach, [b for b in game.bandits_in_seat_order() if b.at == roof])
    settle_arrivals(game)
    return True


def _rob_kinds(game: Game, bandit: Bandit, kinds: list[str]) -> list[str]:
    coach = game.coach
    if coach is not None and coach.shotgun is None and bandit.at == COACH_ROOF:
        return [k for k in kinds if k != "strongbox"]  # he guards it (H-11)
    return kinds


def meet_shotgun(game: Game, coach: Coach, bandits: list[Bandit]) -> None:
    """H-11: a neutral bullet each (together, under the shortage rule), then each flees in turn."""
    if bandits:
        give_neutral_bullets(game, bandits, cause=SHOTGUN)
        coach.arrivals += [["flee", b.name] for b in bandits]


def passes_shotgun(game: Game, coach: Coach, came_from: Position, to: Position) -> bool:
    """Whether a Move on the roofs went past the shotgun's car without stopping there (H-11)."""
    train = game.train
    if coach.shotgun is None or not (train.is_roof(came_from) and train.is_roof(to)):
        return False  # he stands on a roof: a Move inside the cars goes under him
    start = coach.faces if came_from == COACH_ROOF else train.car_of.get(came_from)
    end = coach.faces if to == COACH_ROOF else train.car_of.get(to)
    if start is None or end is None:
        return False
    step = 1 if end >= start else -1
    path = range(start + step, end + step, step) if came_from != COACH_ROOF else range(start, end + step, step)
    return coach.shotgun in path and to != train.roof(coach.shotgun)


def _arrived(game: Game, bandits: list[Bandit], how: str, came_from: Position) -> None:
    coach = game.coach
    if coach is None:
        return
    if (how == "move" and len(bandits) == 1 and passes_shotgun(game, coach, came_from, bandits[0].at)
            and not any(free(game, bandits[0]) for free in game.hooks.passes_lawmen)):
        give_neutral_bullets(game, bandits, cause=SHOTGUN)  # passing by: not stopped (H-11)
    if coach.shotgun is not None:
        meet_shotgun(game, coach, [b for b in bandits if b.at == shotgun_at(game, coach)])
    coach.arrivals += [["hostage", b.name] for b in bandits if b.at == COACH_IN]
    settle_arrivals(game)


def settle_arrivals(game: Game) -> None:
    """Ask what arrivals still call for, one decision at a time: flights from the shotgun (H-11),
    then hostages taken on entering the stagecoach (H-10)."""
    coach, train = game.coach, game.train
    assert coach is not None
    while coach.arrivals and game.pending is None:
        what, name = coach.arrivals.pop(0)
        bandit = game.bandits[name]
        if what == "flee" and bandit.at == shotgun_at(game, coach):
            ask(game, bandit.seat, name, "flee", train.neighbours(bandit.at))
        elif what == "hostage" and bandit.at == COACH_IN and name not in coach.held and coach.hostages:
            ask(game, bandit.seat, name, "hostage", sorted(coach.hostages))


@answers("flee")
def _flee(game: Game, name: str | None, to: str, context: dict[str, Any]) -> None:
    enter(game, game.bandits[str(name)], to, how="flee-shotgun")
    settle_arrivals(game)


@answers("hostage")
def _take_hostage(game: Game, name: str | None, hostage: str, context: dict[str, Any]) -> None:
    coach = game.coach
    assert coach is not None
    coach.hostages.remove(hostage)
    coach.held[str(name)] = hostage
    record(game, "hostage", bandit=name, hostage=hostage)
    settle_arrivals(game)


# --- Ride (H-3) ----------------------------------------------------------------------------------


def ride(game: Game, bandit: Bandit) -> None:
    reach = ride_reach(game, bandit.at)
    if reach is None:
        no_effect(game, bandit, "ride", "no-horse")
        return
    horse, ends = reach
    if _event(game) == "escape":
        ends.append(ESCAPE)  # leave the board for good with that horse (H-22 Ruling)
    ask(game, bandit.seat, bandit.name, "ride", ends, horse=horse)


def ride_reach(game: Game, at: Position) -> tuple[int, list[Position]] | None:
    """A Ride from ``at`` (H-3): the car of the horse mounted and where it may carry the rider, or
    None without a horse there. At the stagecoach (inside or on its roof) a rider is at the car it
    faces (H-3 Ruling)."""
    coach, train = game.coach, game.train
    if coach is None:
        return None
    car = car_at(game, at)
    if car not in coach.horses:
        return None
    ends: list[Position] = []
    for to in range(max(0, car - RIDE_REACH), min(train.caboose, car + RIDE_REACH) + 1):
        ends.append(train.inside(to))
        if to == coach.faces:
            ends.append(COACH_IN)
    return car, ends


def lead_horse(game: Game, horse: int, to: Position) -> int:
    """The horse mounted at car ``horse`` stands at the car its rider went to (H-3); that car."""
    coach = game.coach
    car = car_at(game, to)
    coach.horses.remove(horse)
    coach.horses.append(car)
    return car


def _event(game: Game) -> str | None:
    card = game.current_round_card()
    return card.event if card is not None and game.options.events else None


@answers("ride")
def _ride_to(game: Game, name: str | None, to: str, context: dict[str, Any]) -> None:
    coach = game.coach
    assert coach is not None
    bandit, horse = game.bandits[str(name)], int(context["horse"])
    if to == ESCAPE:
        coach.horses.remove(horse)
        gone(game, "horse")
        record(game, "escape", bandit=bandit.name, at=bandit.at, horse=horse)
        bandit.at = ESCAPED
        return
    record(game, "ride", bandit=bandit.name, at=bandit.at, horse=horse, to_car=lead_horse(game, horse, to))
    enter(game, bandit, to, how="ride")


# --- whiskey (H-13) ------------------------------------------------------------------------------


def drink(game: Game, bandit: Bandit, flask: str) -> None:
    """Drink ``flask``, a token of the bandit's loot."""
    drink_from(game, bandit.name, bandit.loot, flask)


def drink_from(game: Game, drinker: str, flasks: list[str], flask: str) -> None:
    """Drink ``flask`` from the drinker's tokens: a full one turns half-drunk, a half-drunk one
    leaves the game (H-13)."""
    if flask not in flasks or flask.removesuffix(HALF) not in FLASKS:
        raise IllegalAnswer(f"{drinker} has no {flask} to drink")
    index = flasks.index(flask)
    if flask.endswith(HALF):
        del flasks[index]
        gone(game, "flask")
    else:
        flasks[index] = flask + HALF
    record(game, "drink", bandit=drinker, flask=flask.removesuffix(HALF), half=flask.endswith(HALF))


# --- the end of a round (H-10) -------------------------------------------------------------------


def stagecoach_moves(game: Game) -> None:
    """After the round's event: one car toward the caboose, the shotgun (on the train) with it.

    Run again after a flight it asked for, it only settles what is left (once per round)."""
    coach = game.coach
    if coach is None:
        return
    if coach.moved == game.round_no and game.round_no:
        settle_arrivals(game)
        return
    coach.moved = game.round_no
    if coach.faces < game.train.caboose:
        coach.faces += 1
        record(game, "stagecoach", to_car=coach.faces)
        if coach.shotgun is not None:
            coach.shotgun = coach.faces
            roof = game.train.roof(coach.faces)
            meet_shotgun(game, coach, [b for b in game.bandits_in_seat_order() if b.at == roof])
    settle_arrivals(game)


def _to_json(game: Game, data: dict[str, Any]) -> None:
    if game.coach is not None:
        data["coach"] = game.coach.to_json()


def _from_json(game: Game, data: dict[str, Any]) -> None:
    if data.get("coach") is not None:
        game.coach = Coach.from_json(data["coach"])


# --- hostages' maluses (H-12) --------------------------------------------------------------------

MALUS = {"teacher": "punch", "pious-woman": "ride"}  # the hostage → the action card that does nothing


def _forbidden(game: Game, bandit: Bandit, action: str) -> str | None:
    coach = game.coach
    hostage = None if coach is None else coach.held.get(bandit.name)
    return hostage if hostage is not None and MALUS.get(hostage) == action else None


def _powerless(game: Game, bandit: Bandit) -> bool:
    return holds(game, bandit, "poker-player")  # no character power for the rest of the game


def _in_play(game: Game, name: str) -> bool:
    return name not in game.bandits or game.bandits[name].at != ESCAPED


PERFORM["ride"] = ride
HOOKS.forbidden.append(_forbidden)
HOOKS.beside.append(lambda game, pos: game.coach.faces if game.coach is not None and pos in (COACH_IN, COACH_ROOF)
                    else None)
HOOKS.powerless.append(_powerless)
HOOKS.in_play.append(_in_play)
HOOKS.round_over.append(stagecoach_moves)
HOOKS.off_board.add(ESCAPED)
HOOKS.move_ends.append(_move_ends)
HOOKS.fire_targets.append(_fire_targets)
HOOKS.punch_targets.append(_punch_targets)
HOOKS.punch_other.append(_punch_shotgun)
HOOKS.shove_ends.append(_shove_ends)
HOOKS.rob_kinds.append(_rob_kinds)
HOOKS.arrived.append(_arrived)
HOOKS.to_json.append(_to_json)
HOOKS.from_json.append(_from_json)
