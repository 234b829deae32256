"""Bullets received and the marshal's law (B-7.10): nobody stays inside the marshal's car."""

from __future__ import annotations

from engine.decisions import record
from engine.model import BULLET, NEUTRAL, Bandit, Game
from engine.train import Position


def receive_bullet(game: Game, victim: Bandit, shooter: str) -> None:
    """A bullet card goes on top of the victim's deck (B-7.6, V-1.3)."""
    game.seats[victim.seat].deck.append(f"{BULLET}:{shooter}")
    victim.bullets_received += 1


def give_neutral_bullets(game: Game, victims: list[Bandit], cause: str) -> bool:
    """One neutral bullet to each victim, all or none (B-7.10 shortage, B-10.9).

    When too few remain for everyone concerned, none is given and the rest leave the game, so
    that from then on no neutral bullet is ever given again. Returns whether bullets were given.
    """
    if not victims:
        return True
    if game.neutral_bullets < len(victims):
        if game.neutral_bullets:
            record(game, "neutral-bullets-gone", removed=game.neutral_bullets)
            game.neutral_bullets_removed += game.neutral_bullets
            game.neutral_bullets = 0
        return False
    dodging = game.hooks.dodges
    for victim in victims:
        if dodging and any(dodges(game, victim, cause) for dodges in dodging):
            continue  # the victim sends the bullet to someone else (Silk's Dodge, M-31)
        game.neutral_bullets -= 1
        receive_bullet(game, victim, NEUTRAL)
        record(game, "hit", bandit=victim.name, by=NEUTRAL, cause=cause)
    return True


def law(game: Game) -> bool:
    """Whether the marshal's law holds (B-7.10); not with a Marshal player (M-5)."""
    holding = game.hooks.marshal_law  # asked at every move: no generator when nothing bends it
    return not holding or all(holds(game) for holds in holding)


def car_at(game: Game, pos: Position) -> int:
    """The car of a position; beside the train, the car an expansion says it stands at (in or on
    the stagecoach: the car it faces, as for Ride, H-3; M-50 Ruling)."""
    car = game.train.car_of.get(pos)
    if car is not None:
        return car
    for beside in game.hooks.beside:
        car = beside(game, pos)
        if car is not None:
            return car
    raise ValueError(f"{pos!r} is at no car")


def marshal_car(game: Game) -> int:
    return car_at(game, game.marshal)


def enter(game: Game, bandit: Bandit, to: Position, how: str) -> None:
    """Put a bandit at a position by any means; inside the marshal's car they take a bullet and flee."""
    came_from = bandit.at
    record(game, "move", bandit=bandit.name, at=came_from, to=to, how=how)
    bandit.at = to
    if to == game.marshal and law(game):
        meet_marshal(game, [bandit])
    else:
        arrived(game, [bandit], how, came_from)


def arrived(game: Game, bandits: list[Bandit], how: str, came_from: Position) -> None:
    """What an expansion does when bandits come to a position (engine.hooks)."""
    for hook in game.hooks.arrived:
        hook(game, bandits, how, came_from)


def meet_marshal(game: Game, bandits: list[Bandit]) -> None:
    """B-7.10: a neutral bullet each (if enough remain), then up to the roof of that car."""
    give_neutral_bullets(game, bandits, cause="marshal")
    roof = game.train.other_floor(game.marshal)
    for bandit in bandits:
        record(game, "move", bandit=bandit.name, at=bandit.at, to=roof, how="flee")
        bandit.at = roof
    arrived(game, bandits, "flee", game.marshal)


def move_marshal(game: Game, car: int, how: str) -> None:
    """The marshal goes inside ``car``; bandits inside meet him (B-7.9, B-7.10, B-10.1)."""
    to = game.train.inside(car)
    record(game, "marshal", at=game.marshal, to=to, how=how)
    game.marshal = to
    if law(game) and any(b.at == to for b in game.bandits.values()):
        meet_marshal(game, [b for b in game.bandits_in_seat_order() if b.at == to])
