"""Setting up the expansion (H-1) and the horse attack that places the bandits (H-2)."""

from __future__ import annotations

from typing import Any

from engine.decisions import answers, ask, record
from engine.hooks import HOOKS
from engine.horses.data import band, horses_data
from engine.horses.model import COACH_ROOF, RIDING, Coach
from engine.model import PLANNING, Game, Options, card
from engine.planning import start_round

ATTACK = "horse-attack"  # the phase before round 1 (H-2)


def _round_cards(options: Options, players: int) -> tuple[list[str], list[str]]:
    """H-1: the expansion's round and station cards, shuffled in with the base ones."""
    if not options.horses:
        return [], []
    cards = horses_data().cards
    return list(cards.round_cards[band(players)]), sorted(cards.station_cards)


def set_up(game: Game) -> None:
    """H-1: stagecoach, shotgun, third strongbox, flasks, hostages, Ride cards, 16 bullets; then
    the horse attack (H-2) instead of the base placement (B-3.7)."""
    if not game.options.horses:
        return
    data, dice = horses_data(), game.dice
    game.coach = coach = Coach()
    game.floor_loot[COACH_ROOF] = ["strongbox"]
    game.neutral_bullets = data.neutral_bullets
    flasks = [kind for kind, n in sorted(data.flasks.items()) for _ in range(n)]
    dice.shuffle(flasks)
    for car in range(1, len(game.wagons) + 1):
        game.floor_loot.setdefault(game.train.inside(car), []).append(flasks.pop())
    game.box += flasks  # the rest go back to the box
    coach.hostages = dice.sample(sorted(data.hostages), game.players() - 1)
    for seat in game.seats:
        seat.deck += [card(name, action) for name in seat.bandits for action, n in data.action_cards
                      for _ in range(n)]
    for bandit in game.bandits.values():
        bandit.at = RIDING
    coach.attack = {"car": len(game.wagons), "riders": [b.name for b in game.bandits_in_seat_order()],
                    "chosen": {}}
    game.phase = ATTACK
    record(game, "horse-attack", car=len(game.wagons))


def attack_next(game: Game) -> None:
    """H-2: ask the next rider for the wagon reached; when all have answered, reveal."""
    coach = game.coach
    attack = coach.attack
    car, riders, chosen = attack["car"], attack["riders"], attack["chosen"]
    if car == 1 or len(riders) == 1:
        _last_wagons(game)
        return
    waiting = [name for name in riders if name not in chosen]
    if waiting:
        bandit = game.bandits[waiting[0]]
        ask(game, bandit.seat, bandit.name, "attack", ["stop", "ride"], car=car)
        return
    stopping = [name for name in riders if chosen[name] == "stop"]
    record(game, "attack-reveal", car=car, stop=stopping, ride=[n for n in riders if n not in stopping])
    _place(game, stopping, car)
    attack.update(car=car - 1, riders=[n for n in riders if n not in stopping], chosen={})
    if not attack["riders"]:
        _attack_over(game)


def _last_wagons(game: Game) -> None:
    """H-2: riders still riding at the front wagon are all placed there (Ruling); a rider left
    alone picks any wagon not yet passed."""
    attack = game.coach.attack
    riders, car = attack["riders"], attack["car"]
    if len(riders) == 1 and car > 1:
        bandit = game.bandits[riders[0]]
        ask(game, bandit.seat, bandit.name, "attack-wagon", [str(c) for c in range(car, 0, -1)])
        return
    _place(game, list(riders), car)
    _attack_over(game)


@answers("attack")
def _attack_choice(game: Game, name: str | None, choice: str, context: dict[str, Any]) -> None:
    """A secret choice, shown to the table only at the reveal (H-2: closed fists)."""
    bandit = game.bandits[str(name)]
    game.coach.attack["chosen"][bandit.name] = choice
    record(game, "attack-choice", bandit=bandit.name, car=context["car"],
           secret={"choice": choice}, seen_by=[bandit.seat])


@answers("attack-wagon")
def _attack_wagon(game: Game, name: str | None, car: str, context: dict[str, Any]) -> None:
    _place(game, [str(name)], int(car))
    _attack_over(game)


def _place(game: Game, names: list[str], car: int) -> None:
    """Each bandit inside the wagon, their horse beside it (H-2 Ruling)."""
    to = game.train.inside(car)
    for name in names:
        game.bandits[name].at = to
        game.coach.horses.append(car)
        record(game, "move", bandit=name, at=RIDING, to=to, how="horse-attack")


def _attack_over(game: Game) -> None:
    """H-2: the first player is drawn among the bandits in the wagon furthest from the locomotive."""
    coach, train = game.coach, game.train
    coach.attack = None
    rearmost = max(train.car_of[b.at] for b in game.bandits.values())
    seats = sorted({b.seat for b in game.bandits.values() if train.car_of[b.at] == rearmost})
    first = seats[0] if len(seats) == 1 else game.dice.choice(seats)
    for keep in game.hooks.first_player:
        first = keep(game, first)
    game.first_seat = first
    game.phase = PLANNING
    start_round(game)


HOOKS.round_cards.append(_round_cards)
HOOKS.setup.append(set_up)
HOOKS.phases[ATTACK] = attack_next
HOOKS.off_board.add(RIDING)
