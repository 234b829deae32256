"""Both expansions together (M-50): the Marshal player beside the stagecoach, on a horse and near
the shotgun; and his whiskey (A shot for the marshal, M-40).

Horses & Stagecoach's rules are bandits' rules; this module lends their geometry to his piece:
- he takes no part in the horse attack (H-2) and stays first player (M-1);
- his Ride card (data/prisoners.json) carries him like a bandit (H-3), never off the board;
- he may enter the stagecoach and its roof like a bandit (H-10), but takes no hostage there;
- the shotgun does not touch him (no neutral bullet, no flight: nothing here calls it) but blocks
  his line of sight on the roofs (H-11), and Arrest only ever names bandits;
- A shot for the marshal puts the flasks at his position on his sheet, to drink like a bandit
  (H-13); after old whiskey he plays two cards at most, "+" or not. A punch never takes them (M-5).
"""

from __future__ import annotations

from typing import Any

from engine.decisions import answers, ask, record
from engine.events import EVENTS, finish_event
from engine.hooks import HOOKS
from engine.horses.events import take_flasks
from engine.horses.model import HALF
from engine.horses.planning import DRUNK, OLD, SHEETS
from engine.horses.rules import lead_horse, ride_reach, roof_moves, shove_ends, sight
from engine.model import Game, Seat
from engine.prisoners.events import with_marshal_player
from engine.prisoners.lawman import ACTIONS, BESIDE, move_marshal_to, no_effect, prison_of
from engine.prisoners.model import MARSHAL, Prison
from engine.train import Position

RIDE = "marshal-ride"


def ride(game: Game, prison: Prison) -> None:
    """H-3 for him: mount a horse at his car, 0 to 3 cars, then inside the car it faces or the
    stagecoach. No Escape (H-22): that is a bandit's way off the board with the loot."""
    reach = ride_reach(game, game.marshal)
    if reach is None:
        no_effect(game, "ride", "no-horse")
        return
    horse, ends = reach
    ask(game, prison.seat, MARSHAL, RIDE, ends, horse=horse)


@answers(RIDE)
def _ride_to(game: Game, name: str | None, to: str, context: dict[str, Any]) -> None:
    horse = int(context["horse"])
    record(game, "ride", bandit=MARSHAL, at=game.marshal, horse=horse, to_car=lead_horse(game, horse, to))
    move_marshal_to(game, to, how="ride")


# Horses & Stagecoach's geometry for his piece, in a game with the stagecoach (H-10, H-11).


def _moves(game: Game, at: Position, ends: list[Position]) -> list[Position]:
    return ends if game.coach is None else roof_moves(game, at, 3, ends)


def _sight(game: Game, here: Position, names: list[str], others: dict[str, Position]) -> list[str]:
    return names if game.coach is None else sight(game, here, names, others)


def _shoves(game: Game, at: Position, ends: list[Position]) -> list[Position]:
    return ends if game.coach is None else shove_ends(game, at, ends)


def _still_first(game: Game, drawn: int) -> int:
    """M-50 Ruling: the horse attack does not choose the first player; the Marshal is player 1."""
    prison = prison_of(game)
    return drawn if prison is None else prison.seat


# --- his whiskey (M-40, A shot for the marshal) ---------------------------------------------------


def a_shot_for_the_marshal(game: Game) -> None:
    """M-40: with a Marshal player, every flask at his position goes onto his sheet; he does not
    move."""
    flasks = take_flasks(game, game.marshal)
    if flasks:
        game.prison.flasks += flasks
        record(game, "marshal-takes-flasks", at=game.marshal, flasks=len(flasks))
    finish_event(game)


def _sheet(game: Game, seat: Seat) -> tuple[str, list[str]] | None:
    prison = prison_of(game)
    return (MARSHAL, prison.flasks) if prison is not None and seat.index == prison.seat else None


def _drunk(game: Game, seat: Seat, flask: str) -> None:
    """Old whiskey drunk by him: two cards at most this go, "+" or not."""
    prison = prison_of(game)
    if prison is not None and seat.index == prison.seat and flask.removesuffix(HALF) == OLD:
        prison.old_whiskey = True


ACTIONS["ride"] = ride
EVENTS["a-shot-for-the-marshal"] = with_marshal_player(EVENTS["a-shot-for-the-marshal"], a_shot_for_the_marshal)
SHEETS.append(_sheet)
DRUNK.append(_drunk)
BESIDE.moves.append(_moves)
BESIDE.sight.append(_sight)
BESIDE.shoves.append(_shoves)
HOOKS.first_player.append(_still_first)
