"""A new game (B-3): train, loot, round cards, first player, placement, decks."""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache

from engine.data import base
from engine.dice import Dice
from engine.errors import SetupError
from engine.flow import advance
from engine.hooks import HOOKS
from engine.model import PLANNING, Bandit, Game, Options, Seat, card
from engine.planning import start_round

MIN_PLAYERS, MAX_PLAYERS = 3, 6


@cache
def action_cards(bandit: str) -> tuple[str, ...]:
    """A bandit's 10 action cards (B-1)."""
    return tuple(card(bandit, action) for action, n in base().action_cards for _ in range(n))


def round_card_pools(options: Options, players: int) -> tuple[list[str], list[str]]:
    """The round cards and the station cards a game draws from (B-3.5), an expansion's included."""
    data = base()
    band, stations = list(data.round_cards_for(players)), sorted(data.station_cards)
    for more in HOOKS.round_cards:
        extra_rounds, extra_stations = more(options, players)
        band += extra_rounds
        stations += extra_stations
    return band, stations


def check_options(options: Options) -> None:
    wrong = options.problems()
    if wrong:
        raise SetupError("; ".join(wrong))


def new_game(
    characters: Sequence[str],
    *,
    seed: int,
    options: Options | None = None,
    wagons: Sequence[str] | None = None,
    first: int | None = None,
    round_cards: Sequence[str] | None = None,
) -> Game:
    """Seat the players clockwise in the order given (one bandit each) and deal round 1.

    ``wagons`` lets the host choose the wagons and their order (B-3.2); by default they are
    drawn at random; ``first`` names the first player's seat instead of drawing it (B-3.6);
    ``round_cards`` chooses the five round cards in order (the last may be a station card).
    """
    data = base()
    options = options or Options()
    check_options(options)
    players = len(characters)
    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise SetupError(f"Colt Express is for {MIN_PLAYERS} to {MAX_PLAYERS} players, not {players}")
    unknown = [c for c in characters if c not in data.characters]
    if unknown:
        raise SetupError(f"unknown character(s): {', '.join(unknown)}")
    if len(set(characters)) != players:
        raise SetupError("each character can be played by one player only")

    dice = Dice(seed)
    count = min(players, data.max_wagons)
    if wagons is None:
        wagons = dice.sample(sorted(data.wagons), count)
    elif len(wagons) != count or len(set(wagons)) != count or not set(wagons) <= set(data.wagons):
        raise SetupError(f"choose {count} different wagons among {', '.join(sorted(data.wagons))}")

    # B-3.3: the starting purses first, then each wagon's floor from the shuffled rest.
    purses = list(data.purses)
    for _ in range(players):
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
    for index, name in enumerate(characters):
        number = (index - first) % players + 1
        at = f"{caboose if number % 2 else caboose - 1}/in"
        deck = list(action_cards(name))
        dice.shuffle(deck)
        seats.append(Seat(index=index, bandits=[name], deck=deck))
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
    for hook in HOOKS.setup:
        hook(game)
    if game.phase == PLANNING:
        start_round(game)
    advance(game)
    return game
