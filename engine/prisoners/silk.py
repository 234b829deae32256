"""Silk (M-31): the one power the table chose for her, Movement, Dodge or Block.

Silk comes in the Marshal & Prisoners box but plays in any game (Dodge only without a Marshal
player, engine.model.Options); her powers bend the base rules through the hooks.
"""

from __future__ import annotations

from typing import Any

from engine.actions import has_power
from engine.decisions import answers, ask, record
from engine.hooks import HOOKS
from engine.horses.model import COACH_ROOF
from engine.horses.rules import holds, roof_moves
from engine.marshal import arrived, receive_bullet
from engine.model import NEUTRAL, Bandit, Game
from engine.prisoners.lawman import BLOCKS
from engine.train import Position

SILK = "silk"
LAWMEN = ("marshal", "shotgun")  # the causes of a bullet for meeting a lawman (B-7.10, H-11)


def silk_power(game: Game, bandit: Bandit, power: str) -> bool:
    return game.options.silk == power and has_power(game, bandit, SILK)


def _move_ends(game: Game, bandit: Bandit, ends: list[Position]) -> list[Position]:
    """Movement: 1 or 2 cars inside or on the roofs (at most 2 there), through a lawman's car;
    Block: nobody enters her wagon through its back door (engine.prisoners.lawman for the Marshal)."""
    train, at = game.train, bandit.at
    if silk_power(game, bandit, "movement") and game.coach is not None and (at == COACH_ROOF or train.is_roof(at)):
        # Reaching or leaving the stagecoach's roof is one of her two steps (003:1780, 003:1786).
        return roof_moves(game, at, 1 if holds(game, bandit, "old-lady") else 2, ends)
    if not train.on_train(at):
        return ends
    if silk_power(game, bandit, "movement"):
        car = train.car_of[at]
        off_train = [e for e in ends if not train.on_train(e)]  # the stagecoach beside (H-10)
        if train.is_roof(at):
            return [e for e in ends if not train.on_train(e) or abs(train.car_of[e] - car) <= 2]
        return [*train.within(at, 2), *off_train]
    return [to for to in ends if not back_door_closed(game, at, to)]


def back_door_closed(game: Game, came_from: Position, to: Position) -> bool:
    """Block: Silk inside ``to``'s car, and the Move comes in from the car behind it."""
    train = game.train
    if not (train.on_train(came_from) and train.on_train(to)) or train.is_roof(to) or train.is_roof(came_from):
        return False
    if train.car_of[came_from] != train.car_of[to] + 1:
        return False
    return any(b.at == to and silk_power(game, b, "block") for b in game.bandits.values())


def _dodges(game: Game, victim: Bandit, cause: str) -> bool:
    """Dodge: meeting a lawman, Silk gives the neutral bullet to a player of her choice (she still
    moves as the rule says). Ruling: when the game is already waiting for another answer, she takes
    it herself."""
    if cause not in LAWMEN or not silk_power(game, victim, "dodge") or game.pending is not None:
        return False
    others = [b.name for b in game.bandits_in_seat_order() if b is not victim]
    ask(game, victim.seat, victim.name, "dodge", others, cause=cause)
    return True


@answers("dodge")
def _dodge_to(game: Game, name: str | None, target: str, context: dict[str, Any]) -> None:
    victim = game.bandits[target]
    game.neutral_bullets -= 1
    receive_bullet(game, victim, NEUTRAL)
    record(game, "hit", bandit=target, by=NEUTRAL, cause=context["cause"], dodged_by=name)
    arrived(game, [], "dodge", victim.at)  # what an expansion left waiting for this answer (H-11 flights)


HOOKS.move_ends.append(_move_ends)
HOOKS.passes_lawmen.append(lambda game, bandit: silk_power(game, bandit, "movement"))
HOOKS.dodges.append(_dodges)
BLOCKS.append(back_door_closed)
