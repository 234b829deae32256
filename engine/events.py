"""The events of round and train-station cards (B-10), applied after Stealin'."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.actions import drop_loot, secret_value, take_token
from engine.decisions import answers, ask_yes_no, record
from engine.marshal import enter, give_neutral_bullets, marshal_car, move_marshal
from engine.model import EVENT, ROUND_END, Bandit, Game, loot_kind, purse_value
from engine.train import Position

CONDUCTOR_PURSE = "purse:250"


def run_event(game: Game, event: str) -> None:
    """Apply ``event``; one that asks players something finishes when the last one has answered."""
    record(game, "event", event=event)
    EVENTS[event](game)


def finish_event(game: Game) -> None:
    if game.phase == EVENT:
        game.phase = ROUND_END


def _on_train_roofs(game: Game) -> list[Bandit]:
    train = game.train
    return [b for b in game.bandits_in_seat_order() if train.on_train(b.at) and train.is_roof(b.at)]


def angry_marshal(game: Game) -> None:
    """B-10.1: a neutral bullet to each bandit on his roof, then one car toward the caboose."""
    roof = game.train.other_floor(game.marshal)
    give_neutral_bullets(game, [b for b in game.bandits_in_seat_order() if b.at == roof], "angry-marshal")
    car = marshal_car(game)
    if car < game.train.caboose:
        move_marshal(game, car + 1, how="angry-marshal")
    finish_event(game)


def swivel_arm(game: Game) -> None:
    """B-10.2: every bandit on a roof to the caboose's roof."""
    caboose_roof = game.train.roof(game.train.caboose)
    for bandit in _on_train_roofs(game):
        if bandit.at != caboose_roof:
            enter(game, bandit, caboose_roof, how="swivel-arm")
    finish_event(game)


def braking(game: Game) -> None:
    """B-10.3: every bandit on a roof one car toward the locomotive (the locomotive's roof stays)."""
    for bandit in _on_train_roofs(game):
        to = game.train.step(bandit.at, -1)
        if to is not None:
            enter(game, bandit, to, how="braking")
    finish_event(game)


def take_it_all(game: Game) -> None:
    """B-10.4: the second strongbox goes inside the marshal's car."""
    if game.second_strongbox:
        game.second_strongbox = False
        inside = game.train.inside(marshal_car(game))  # inside, wherever a Marshal player stands (M-40)
        drop_loot(game, inside, "strongbox")
        record(game, "loot-appears", loot="strongbox", at=inside)
    finish_event(game)


def passengers_rebellion(game: Game) -> None:
    """B-10.5: every bandit inside the train takes a neutral bullet."""
    train = game.train
    inside = [b for b in game.bandits_in_seat_order() if train.on_train(b.at) and not train.is_roof(b.at)]
    give_neutral_bullets(game, inside, "passengers-rebellion")
    finish_event(game)


def pickpocketing(game: Game) -> None:
    """B-10.6: each bandit alone at their position may take a purse there, in seat order."""
    queue = [
        b.name
        for b in game.bandits_in_seat_order()
        if len(game.occupants(b.at)) == 1
        and any(loot_kind(t) == "purse" for t in game.floor_loot.get(b.at, ()))
    ]
    _next_pickpocket(game, queue)


def _next_pickpocket(game: Game, queue: list[str]) -> None:
    if not queue:
        finish_event(game)
        return
    bandit = game.bandits[queue[0]]
    ask_yes_no(game, bandit.seat, bandit.name, "pickpocket", queue=queue[1:])


@answers("pickpocket")
def _pickpocket(game: Game, name: str | None, yes: str, context: dict[str, Any]) -> None:
    bandit = game.bandits[str(name)]
    if yes == "yes":
        here = game.floor_loot[bandit.at]
        token = take_token(game, here, "purse")
        if not here:
            del game.floor_loot[bandit.at]
        bandit.loot.append(token)
        record(game, "rob", bandit=bandit.name, loot="purse", at=bandit.at, how="pickpocketing",
               **secret_value(token, bandit.seat))
    _next_pickpocket(game, list(context["queue"]))


def marshals_revenge(game: Game) -> None:
    """B-10.7: each bandit on the marshal's roof loses their lowest purse (back to the box)."""
    lose_lowest_purse(game, [game.train.roof(marshal_car(game))])
    finish_event(game)


def lose_lowest_purse(game: Game, at: list[Position]) -> None:
    """Each bandit at one of the positions ``at`` loses their lowest purse, back to the box."""
    for bandit in game.bandits_in_seat_order():
        purses = [t for t in bandit.loot if loot_kind(t) == "purse"]
        if bandit.at in at and purses:
            token = min(purses, key=purse_value)
            bandit.loot.remove(token)
            game.box.append(token)
            record(game, "lose", bandit=bandit.name, loot="purse", **secret_value(token, bandit.seat))


def hostage_conductor(game: Game) -> None:
    """B-10.8: $250 (a purse) to each bandit inside or on the locomotive."""
    for bandit in game.bandits_in_seat_order():
        if game.train.car_of.get(bandit.at) != 0:
            continue
        if CONDUCTOR_PURSE in game.box:
            game.box.remove(CONDUCTOR_PURSE)
        else:
            game.conductor_credits += 1  # Ruling: a $250 credit when the box has no such purse
        bandit.loot.append(CONDUCTOR_PURSE)
        record(game, "ransom", bandit=bandit.name, loot="purse", value=250)
    finish_event(game)


EVENTS: dict[str, Callable[[Game], None]] = {
    "angry-marshal": angry_marshal,
    "swivel-arm": swivel_arm,
    "braking": braking,
    "take-it-all": take_it_all,
    "passengers-rebellion": passengers_rebellion,
    "pickpocketing": pickpocketing,
    "marshals-revenge": marshals_revenge,
    "hostage-conductor": hostage_conductor,
}
