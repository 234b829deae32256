"""The expansion's events (H-22): four round cards, and three stations whose effect is counted at
the end of the game (engine.horses.scoring)."""

from __future__ import annotations

from engine.decisions import record
from engine.events import EVENTS, finish_event
from engine.horses.data import band, horses_data
from engine.horses.model import COACH_IN, COACH_ROOF, Coach, is_flask
from engine.horses.rules import beside, gone, meet_shotgun, settle_arrivals, shotgun_at
from engine.marshal import give_neutral_bullets, marshal_car, move_marshal
from engine.model import Game

OLD = "old-whiskey"


def out_of_breath(game: Game) -> None:
    """Remove the horses nearest the caboose: 1 with 2–4 players, 2 with 5–7 (H-22)."""
    coach: Coach = game.coach
    count = min(horses_data().out_of_breath[band(game.players())], len(coach.horses))
    removed = sorted(coach.horses, reverse=True)[:count]
    for car in removed:
        coach.horses.remove(car)
    gone(game, "horse", len(removed))
    record(game, "horses-gone", cars=removed)
    finish_event(game)


def take_flasks(game: Game, at: str) -> list[str]:
    """The flasks lying at ``at``, taken off the floor (A shot for the marshal, H-22)."""
    here = game.floor_loot.get(at, [])
    flasks = [t for t in here if is_flask(t)]
    for token in flasks:
        here.remove(token)
    if flasks and not here:
        del game.floor_loot[at]
    return flasks


def a_shot_for_the_marshal(game: Game) -> None:
    """Flasks at the marshal's position leave the game; he then moves one car toward the caboose,
    or to it for old whiskey, meeting the bandits on his way (H-22 and its Ruling)."""
    flasks = take_flasks(game, game.marshal)
    if flasks:
        gone(game, "flask", len(flasks))
        old = any(t.removesuffix("-half") == OLD for t in flasks)
        record(game, "marshal-drinks", at=game.marshal, old=old, flasks=len(flasks))
        caboose = game.train.caboose
        last = caboose if old else min(marshal_car(game) + 1, caboose)
        while marshal_car(game) < last:
            move_marshal(game, marshal_car(game) + 1, how="a-shot-for-the-marshal")
    finish_event(game)


def higher_speed(game: Game) -> None:
    """Bandits on the train's roofs, the horses, the stagecoach and the shotgun all move one car
    toward the caboose at once (the caboose's stay); then whoever shares the shotgun's position
    flees, but a bandit just in front of him stays just in front (H-22 Ruling)."""
    coach: Coach = game.coach
    train = game.train
    caboose = train.caboose

    def back(car: int) -> int:
        return min(car + 1, caboose)

    shotgun_before = coach.shotgun
    coach.horses = [back(c) for c in coach.horses]
    coach.faces = back(coach.faces)
    if coach.shotgun is not None:
        coach.shotgun = back(coach.shotgun)
    record(game, "higher-speed", stagecoach=coach.faces, shotgun=coach.shotgun)
    for bandit in game.bandits_in_seat_order():
        at = bandit.at
        if not (train.on_train(at) and train.is_roof(at)) or train.car_of[at] == caboose:
            continue
        to = train.roof(back(train.car_of[at]))
        if shotgun_before is not None and train.car_of[at] == shotgun_before - 1 and to == shotgun_at(game, coach):
            continue  # just in front of him, still just in front
        record(game, "move", bandit=bandit.name, at=at, to=to, how="higher-speed")
        bandit.at = to
    if coach.shotgun is not None:
        there = shotgun_at(game, coach)
        meet_shotgun(game, coach, [b for b in game.bandits_in_seat_order() if b.at == there])
    settle_arrivals(game)
    finish_event(game)  # a flight asked for is answered before the round ends (engine.flow)


def shotguns_rage(game: Game) -> None:
    """A neutral bullet to every bandit in or on the stagecoach or the car it faces (H-22)."""
    coach: Coach = game.coach
    near = {COACH_IN, COACH_ROOF, *beside(game, coach)}
    give_neutral_bullets(game, [b for b in game.bandits_in_seat_order() if b.at in near], "shotguns-rage")
    finish_event(game)


def at_the_count(game: Game) -> None:
    """Stations whose effect is counted at the end of the game (H-22, engine.horses.scoring)."""
    finish_event(game)


EVENTS.update({
    "out-of-breath": out_of_breath,
    "a-shot-for-the-marshal": a_shot_for_the_marshal,
    "higher-speed": higher_speed,
    "shotguns-rage": shotguns_rage,
    "sharing-the-loot": at_the_count,
    "escape": at_the_count,
    "deadly-bullet": at_the_count,
})
