"""A new game (B-3): train, loot, round cards, first player, placement, decks."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cache

from engine.data import base
from engine.dice import Dice
from engine.errors import SetupError
from engine.flow import advance
from engine.hooks import HOOKS
from engine.model import PLANNING, Bandit, Game, Options, Seat, card
from engine.planning import start_round

MIN_PLAYERS, MAX_PLAYERS = 3, 7  # 7 with Mei (M-30, B-3.2)


@cache
def action_cards(bandit: str) -> tuple[str, ...]:
    """A bandit's 10 action cards (B-1)."""
    return tuple(card(bandit, action) for action, n in base().action_cards for _ in range(n))


@dataclass(frozen=True)
class Seating:
    """How a game seats its players (B-3; a variant's own, V-2 … V-4): how many players, how many
    bandits each, how many wagons, and a seat's deck of action cards."""

    min_players: int = MIN_PLAYERS
    max_players: int = MAX_PLAYERS
    bandits_per_seat: int = 1
    wagons: Callable[[int], int] = lambda players: min(players, base().max_wagons)
    deck: Callable[[Sequence[str]], list[str]] = lambda bandits: [c for b in bandits for c in action_cards(b)]
    # Bandits for ``players`` players drawn at random (a table that lets the bot choose for all).
    cast: Callable[[random.Random, int], list[list[str]]] = lambda rng, players: [
        [name] for name in rng.sample(base().characters, players)]
    even: bool = False  # an even number of players only (teams of two, V-4)


def seating(options: Options) -> Seating:
    """The seating of a game with these options: a variant's (engine.hooks), else the base game's."""
    for hook in HOOKS.seating:
        found = hook(options)
        if isinstance(found, Seating):
            return found
    return Seating()


def round_card_pools(options: Options, players: int) -> tuple[list[str], list[str]]:
    """The round cards and the station cards a game draws from (B-3.5), an expansion's included."""
    data = base()
    band, stations = list(data.round_cards_for(players)), sorted(data.station_cards)
    for more in HOOKS.round_cards:
        extra_rounds, extra_stations = more(options, players)
        band += extra_rounds
        stations += extra_stations
    for narrow in HOOKS.round_pools:
        band, stations = narrow(options, band, stations)
    return band, stations


def check_options(options: Options) -> None:
    wrong = options.problems()
    if wrong:
        raise SetupError("; ".join(wrong))


def new_game(
    characters: Sequence[str | Sequence[str]],
    *,
    seed: int,
    options: Options | None = None,
    wagons: Sequence[str] | None = None,
    first: int | None = None,
    round_cards: Sequence[str] | None = None,
) -> Game:
    """Seat the players clockwise in the order given and deal round 1: a player is a bandit, or
    in a two-bandit variant a pair of them (V-2, V-3).

    ``wagons`` lets the host choose the wagons and their order (B-3.2); by default they are
    drawn at random; ``first`` names the first player's seat instead of drawing it (B-3.6);
    ``round_cards`` chooses the five round cards in order (the last may be a station card).
    """
    data = base()
    options = options or Options()
    check_options(options)
    table = seating(options)
    players = len(characters)
    if not table.min_players <= players <= table.max_players or (table.even and players % 2):
        even = " (an even number)" if table.even else ""
        raise SetupError(f"this game is for {table.min_players} to {table.max_players} players{even}, not {players}")
    teams = [[c] if isinstance(c, str) else list(c) for c in characters]
    if any(len(team) != table.bandits_per_seat for team in teams):
        raise SetupError(f"each player plays {table.bandits_per_seat} bandit(s)")
    names = [name for team in teams for name in team]
    unknown = [c for c in names if c not in data.characters]
    if unknown:
        raise SetupError(f"unknown character(s): {', '.join(unknown)}")
    if len(set(names)) != len(names):
        raise SetupError("each character can be played by one player only")

    dice = Dice(seed)
    count = table.wagons(players)
    if wagons is None:
        wagons = dice.sample(sorted(data.wagons), count)
    elif len(wagons) != count or len(set(wagons)) != count or not set(wagons) <= set(data.wagons):
        raise SetupError(f"choose {count} different wagons among {', '.join(sorted(data.wagons))}")

    # B-3.3: the starting purses first, then each wagon's floor from the shuffled rest.
    purses = data.purse_pool(len(names))
    for _ in names:  # one starting purse per bandit
        purses.remove(data.starting_purse)
    dice.shuffle(purses)
    jewels = data.jewels
    floor_loot: dict[str, list[str]] = {}
    for car, name in enumerate(wagons, start=1):
        floor = data.wagons[name]
        tokens = [f"purse:{purses.pop()}" for _ in range(floor.purses)] + ["jewel"] * floor.jewels
        jewels -= floor.jewels
        if tokens:
            floor_loot[f"{car}/in"] = tokens
    floor_loot["0/in"] = ["strongbox"]
    box = [f"purse:{v}" for v in sorted(purses)] + ["jewel"] * jewels

    # B-3.5: the round cards (an expansion's shuffled in with them).
    band, stations = round_card_pools(options, players)
    if options.setup == "first-game":
        round_deck = dice.sample(band, data.rounds)
    else:
        round_deck = [*dice.sample(band, data.rounds - 1), dice.choice(stations)]
    if round_cards is not None:
        known = set(band) | set(stations)
        if len(round_cards) != data.rounds or not set(round_cards) <= known:
            raise SetupError(f"choose {data.rounds} round cards among {', '.join(sorted(known))}")
        round_deck = list(round_cards)

    # B-3.6, B-3.7: first player at random; odd-numbered players in the caboose, even in front of it.
    drawn = dice.randrange(players)
    if first is None:
        first = drawn
    elif not 0 <= first < players:
        raise SetupError(f"the first player must be a seat from 0 to {players - 1}")
    caboose = len(wagons)
    seats: list[Seat] = []
    bandits: dict[str, Bandit] = {}
    for index, team in enumerate(teams):
        number = (index - first) % players + 1
        deck = table.deck(team)
        dice.shuffle(deck)
        seats.append(Seat(index=index, bandits=list(team), deck=deck))
        for order, name in enumerate(team):
            # A player's first bandit as B-3.7 says, a second one in the other wagon (V-2.4: a
            # variant asks each player where, engine.variants).
            at = f"{caboose if (number + order) % 2 else caboose - 1}/in"
            bandits[name] = Bandit(
                name=name, seat=index, at=at, loot=[f"purse:{data.starting_purse}"],
                revolver=data.bullets_per_bandit,
            )

    game = Game(
        options=options,
        wagons=tuple(wagons),
        seats=seats,
        bandits=bandits,
        marshal="0/in",
        floor_loot=floor_loot,
        dice=dice,
        neutral_bullets=data.neutral_bullets,
        box=box,
        round_deck=round_deck,
        first_seat=first,
        seed=seed,
    )
    for hook in game.hooks.setup:
        hook(game)
    if game.phase == PLANNING:
        start_round(game)
    advance(game)
    return game
