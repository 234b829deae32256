"""The Marshal player on the train: his piece (M-5), his action cards (M-7) and his bullets with
their maluses (M-8).

His piece stands at ``game.marshal`` like the base game's marshal, but on either floor; the
marshal's law (B-7.10) no longer holds: bandits may stay with him, shoot and punch him.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from engine.actions import in_sight, shield_belle
from engine.decisions import answers, ask, record
from engine.hooks import HOOKS
from engine.model import Bandit, Game, loot_kind
from engine.prisoners.data import prisoners_data
from engine.prisoners.model import CELL, FALLEN, MAIL, MARSHAL, MARSHAL_BULLET, Prison, cell
from engine.train import Position

REVOLVERS = "ab"  # the two revolvers' names in answers: "a:ghost" fires revolver a at Ghost
HOLD = "hold"  # an optional shot not taken (the second of a double Fire; Angry Marshal)
STAY = "stay"  # an optional move not taken (Angry Marshal)


def prison_of(game: Game) -> Prison | None:
    prison: Prison | None = game.prison
    return prison


def deadly_fall(game: Game) -> bool:
    """Deadly fall's round (M-40): the station card in force, events on."""
    card = game.current_round_card()
    return game.options.events and card is not None and card.event == "deadly-fall"


def no_effect(game: Game, action: str, why: str) -> None:
    record(game, "no-effect", bandit=MARSHAL, action=action, why=why)


def move_marshal_to(game: Game, to: Position, how: str) -> None:
    """The Marshal player's piece goes to ``to``; nobody meets anything (M-5)."""
    record(game, "marshal", at=game.marshal, to=to, how=how)
    game.marshal = to


def throw_off(game: Game, how: str) -> None:
    """Deadly fall (M-40): the Marshal leaves the train for good; his later cards do nothing."""
    game.prison.fallen = True
    record(game, "marshal", at=game.marshal, to=FALLEN, how=how)


# --- his cards (M-7) -----------------------------------------------------------------------------


def perform(game: Game, action: str) -> None:
    ACTIONS[action](game, game.prison)


def move(game: Game, prison: Prison, optional: bool = False) -> None:
    """Like a bandit's Move (B-7.4): 1 car inside, 1 to 3 on the roofs. Silk's Block may close a
    back door to his Move card (M-31), never to the Angry Marshal's optional, card-less move
    (003:1798, 003:1651)."""
    ends = move_ends(game, game.marshal, by_card=not optional)
    if not ends:
        no_effect(game, "move", "nowhere")
        return
    ask(game, prison.seat, MARSHAL, "marshal-move", [*ends, *([STAY] if optional else [])])


def move_ends(game: Game, at: Position, by_card: bool = True) -> list[Position]:
    """Where his Move from ``at`` may end; only a Move card's entry can be blocked (M-31)."""
    train = game.train
    ends = [] if not train.on_train(at) else train.within(at, 3) if train.is_roof(at) else train.neighbours(at)
    for more in BESIDE.moves:
        ends = more(game, at, ends)
    for closed in BLOCKS if by_card else ():
        ends = [to for to in ends if not closed(game, at, to)]
    return ends


@answers("marshal-move")
def _move_to(game: Game, name: str | None, to: str, context: dict[str, Any]) -> None:
    if to == STAY:
        record(game, "pass", seat=game.prison.seat, how=STAY)  # the Angry Marshal's move not taken
    else:
        move_marshal_to(game, to, how="move")


# Ways a Move card's move from one position to another may be closed (Silk's Block, M-31).
BLOCKS: list[Callable[[Game, Position, Position], bool]] = []


@dataclass
class Beside:
    """Where his piece meets places beside the train (the stagecoach, M-50): each list bends the
    train's answer, given his position."""

    moves: list[Callable[[Game, Position, list[Position]], list[Position]]] = field(default_factory=list)
    # Whom his shot reaches among the bandits (name → position), given the train's answer.
    sight: list[Callable[[Game, Position, list[str], dict[str, Position]], list[str]]] = field(
        default_factory=list)
    # Where a punch may send him, given the train's answer.
    shoves: list[Callable[[Game, Position, list[Position]], list[Position]]] = field(default_factory=list)


BESIDE = Beside()


def change_floor(game: Game, prison: Prison) -> None:
    move_marshal_to(game, game.train.other_floor(game.marshal), how="floor")


def targets(game: Game, here: Position | None = None) -> list[str]:
    """Bandits a Fire of his reaches (B-7.6 from his position, or ``here``); none in the cell or off
    the train."""
    here = game.marshal if here is None else here
    others = {b.name: b.at for b in game.bandits.values() if b.at != here}
    reached = in_sight(game, here, others)
    for more in BESIDE.sight:
        reached = more(game, here, reached, others)
    return reached


def fire(game: Game, prison: Prison, optional: bool = False) -> None:
    """M-7: with two possible targets and both revolvers loaded, one bullet from each at two of
    them; else one bullet from a revolver of his choice. Belle escapes only with three possible
    targets or a single shot (B-9.5)."""
    loaded = [i for i, bullets in enumerate(prison.revolvers) if bullets]
    if not loaded:
        no_effect(game, "fire", "empty-revolver")
        return
    reached = targets(game)
    if not reached:
        no_effect(game, "fire", "no-target")
        return
    double = len(loaded) > 1 and len(reached) > 1
    pool = reached if double and len(reached) == 2 else shield_belle(game, reached, game.marshal)
    values = [f"{REVOLVERS[i]}:{t}" for i in loaded for t in pool]
    ask(game, prison.seat, MARSHAL, "marshal-fire", [*values, *([HOLD] if optional else [])],
        second=double, pool=pool)


@answers("marshal-fire")
def _fire_at(game: Game, name: str | None, value: str, context: dict[str, Any]) -> None:
    prison: Prison = game.prison
    if value == HOLD:
        record(game, "pass", seat=prison.seat, how=HOLD)  # a shot he may fire, not fired (M-7)
        return
    letter, _, target = value.partition(":")
    used = REVOLVERS.index(letter)
    shoot(game, prison, used, game.bandits[target])
    if not context["second"]:
        return
    others = [i for i, bullets in enumerate(prison.revolvers) if bullets and i != used]
    rest = [t for t in context["pool"] if t != target]
    if others and rest:  # he may fire the second revolver at another target (M-7)
        values = [f"{REVOLVERS[i]}:{t}" for i in others for t in rest]
        ask(game, prison.seat, MARSHAL, "marshal-fire", [*values, HOLD], second=False, pool=rest)


def shoot(game: Game, prison: Prison, revolver: int, victim: Bandit) -> None:
    """M-8: the revolver's top bullet hits; its malus lasts the round (the card stays in front of
    the victim) or takes effect now (the card goes on top of their deck like any bullet)."""
    data = prisoners_data()
    malus = prison.revolvers[revolver].pop(0)
    record(game, "fire", bandit=MARSHAL, target=victim.name, at=game.marshal, target_at=victim.at,
           revolver=REVOLVERS[revolver], malus=malus)
    victim.bullets_received += 1
    if malus in data.round_maluses:
        prison.maluses.setdefault(victim.name, []).append(malus)
    else:
        game.seats[victim.seat].deck.append(MARSHAL_BULLET)
    if malus == "this-way-prisoner" and victim.name in prison.held:
        prisoner = prison.held.pop(victim.name)
        prison.rewards_prisoners.append(prisoner)
        record(game, "prisoner-taken", bandit=victim.name, prisoner=prisoner)
    elif malus == "drop-that-bag":
        bags = [t for t in victim.loot if loot_kind(t) == MAIL]
        if bags:
            bag = bags[0] if len(bags) == 1 else game.dice.choice(bags)
            victim.loot.remove(bag)
            prison.rewards_mail.append(bag)
            record(game, "mail-taken", bandit=victim.name)
    if not prison.revolvers[revolver]:
        prison.golden += 1  # the sixth and last card, the Golden bullet (M-6)


def arrest(game: Game, prison: Prison) -> None:
    """M-7: a bandit at his position goes to the cell; the first time, he takes their Wanted card."""
    here = [b.name for b in game.bandits_in_seat_order() if b.at == game.marshal]
    if not here:
        no_effect(game, "arrest", "no-target")
        return
    ask(game, prison.seat, MARSHAL, "arrest", here)


@answers("arrest")
def _arrest(game: Game, name: str | None, target: str, context: dict[str, Any]) -> None:
    prison: Prison = game.prison
    bandit = game.bandits[target]
    record(game, "move", bandit=target, at=bandit.at, to=cell(game), how="arrest")
    bandit.at = cell(game)
    if target not in prison.wanted:
        prison.wanted.append(target)
        record(game, "wanted", bandit=target)


ACTIONS: dict[str, Callable[[Game, Prison], None]] = {
    "move": move,
    "move+": move,
    "floor": change_floor,
    "floor+": change_floor,
    "fire": fire,
    "arrest": arrest,
}


# --- bandits against him (M-5) -------------------------------------------------------------------


def _pieces(game: Game) -> dict[str, Position]:
    prison = prison_of(game)
    return {MARSHAL: game.marshal} if prison is not None and not prison.fallen else {}


def _shot_at(game: Game, shooter: Bandit, target: str) -> bool:
    """M-5: the bullet card goes on top of his deck; the shot counts for the Gunslinger. Django's
    push moves bandits only (Ruling M, 003:415): the Marshal stays, in Deadly fall too."""
    prison = prison_of(game)
    if prison is None or target != MARSHAL:
        return False
    shooter.revolver -= 1
    game.seats[prison.seat].deck.append(f"bullet:{shooter.name}")
    record(game, "fire", bandit=shooter.name, target=MARSHAL, at=shooter.at, target_at=game.marshal)
    return True


def _punched(game: Game, puncher: Bandit, target: str) -> bool:
    """M-5: the puncher takes his top Fist-fight ace (none left: nothing) and moves him to an
    adjacent position; a punch never takes loot from him."""
    prison = prison_of(game)
    if prison is None or target != MARSHAL:
        return False
    record(game, "punch", bandit=puncher.name, target=MARSHAL, at=puncher.at)
    if prison.aces:
        ace = prison.aces.pop(0)
        prison.won_aces.setdefault(puncher.name, []).append(ace)
        record(game, "fist-fight-ace", bandit=puncher.name, value=ace)
    train, at = game.train, game.marshal
    ends = train.neighbours(at) if train.on_train(at) else []
    for more in BESIDE.shoves:
        ends = more(game, at, ends)
    if deadly_fall(game) and train.on_train(at) and train.is_roof(at):
        ends.append(FALLEN)
    if ends:
        ask(game, puncher.seat, puncher.name, "shove-marshal", ends)
    return True


@answers("shove-marshal")
def _shove_marshal(game: Game, name: str | None, to: str, context: dict[str, Any]) -> None:
    if to == FALLEN:
        throw_off(game, how="punch")
    else:
        move_marshal_to(game, to, how="punch")


def _no_law(game: Game) -> bool:
    return game.prison is None


def _in_play(game: Game, name: str) -> bool:
    prison = prison_of(game)
    return prison is None or not (prison.fallen if name == MARSHAL else game.bandits[name].at == FALLEN)


HOOKS.pieces.append(_pieces)
HOOKS.fire_other.append(_shot_at)
HOOKS.punch_other.append(_punched)
HOOKS.players.add(MARSHAL)
HOOKS.performers[MARSHAL] = perform
HOOKS.marshal_law.append(_no_law)
HOOKS.in_play.append(_in_play)
HOOKS.off_board.add(FALLEN)
HOOKS.places.append(lambda options, train: [f"{train.caboose}/{CELL}"] if options.prisoners else [])
