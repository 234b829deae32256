"""Setting up the expansion (M-1): the Marshal player, the prison wagon, the mail bags, the
prisoners, his objectives and revolvers; and the objective he looks at each round (M-6)."""

from __future__ import annotations

from engine.decisions import record
from engine.errors import SetupError
from engine.hooks import HOOKS
from engine.model import Game, Options, Seat, card, card_action
from engine.prisoners.data import band, prisoners_data
from engine.prisoners.model import MAIL, MARSHAL, Prison
from engine.setup import Seating
from engine.train import train_of


def _seating(options: Options) -> Seating | None:
    """M-1: 2 to 7 bandits (each their own player) beside the Marshal; 4 wagons for 2–4 bandits,
    5 for 5–7, then the prison wagon."""
    if not options.prisoners or options.variant != "none":
        return None
    data = prisoners_data()
    return Seating(min_players=data.min_bandits, max_players=data.max_bandits,
                   wagons=lambda bandits: data.wagons[band(bandits)])


def _round_cards(options: Options, players: int) -> tuple[list[str], list[str]]:
    """M-1: the expansion's round and station cards, shuffled in with the others (as H-1)."""
    if not options.prisoners:
        return [], []
    cards = prisoners_data().cards
    return list(cards.round_cards[band(players)]), sorted(cards.station_cards)


def chosen_events(options: Options, band: list[str], stations: list[str]) -> tuple[list[str], list[str]]:
    """M-40, the Choosing events variant: the table chooses 7 round cards and 3 station cards among
    all those of the game (its expansions' included); the 4 + 1 of the game are drawn from them."""
    if not options.chosen_events:
        return band, stations
    wanted = prisoners_data().choosing_events
    rounds = [c for c in options.chosen_events if c in band]
    chosen_stations = [c for c in options.chosen_events if c in stations]
    unknown = sorted(set(options.chosen_events) - set(rounds) - set(chosen_stations))
    if unknown or len(rounds) != wanted["round_cards"] or len(chosen_stations) != wanted["station_cards"]:
        raise SetupError(f"choose {wanted['round_cards']} round cards among {', '.join(band)} and "
                         f"{wanted['station_cards']} station cards among {', '.join(stations)}"
                         + (f" (not in this game: {', '.join(unknown)})" if unknown else ""))
    return rounds, chosen_stations


def set_up(game: Game) -> None:
    """M-1, before any other expansion's setup (the horse attack starts at the prison wagon)."""
    if not game.options.prisoners:
        return
    data, dice = prisoners_data(), game.dice
    game.wagons = (*game.wagons, data.prison_wagon)  # always the caboose
    game.train = train_of(game.wagons, game.options.horses)
    _seat_the_marshal(game)
    _bandit_cards(game)
    # The mail bags replace the strongbox in the locomotive; the strongbox goes back to the box.
    locomotive = game.floor_loot.setdefault(game.train.inside(0), [])
    locomotive.remove("strongbox")
    game.box.append("strongbox")
    bags = [f"{MAIL}:{value}" for value in data.mail_bags]
    dice.shuffle(bags)
    locomotive += bags
    prison = game.prison
    prison.prisoners = dice.sample(list(data.heroes), data.prisoners_out)
    prison.aces = list(data.fist_fight_aces)
    prison.revolvers = [list(data.revolver) for _ in range(data.revolvers)]
    prison.to_come = _objectives(game)
    record(game, "prison", prisoners=list(prison.prisoners))


def _seat_the_marshal(game: Game) -> None:
    """The Marshal is player 1, the first player; the bandits' players follow to his left. Even-
    numbered bandits start in the wagon next to the prison wagon, odd ones in the one in front."""
    for seat in game.seats:
        seat.index += 1
    for bandit in game.bandits.values():
        bandit.seat += 1
    deck = [card(MARSHAL, action) for action, n in marshal_cards(game.options) for _ in range(n)]
    game.dice.shuffle(deck)
    game.seats.insert(0, Seat(index=0, bandits=[], deck=deck))
    game.prison = Prison(seat=0)
    game.first_seat = 0
    prison_car = game.train.caboose
    for bandit in game.bandits.values():
        number = bandit.seat + 1
        bandit.at = game.train.inside(prison_car - 1 if number % 2 == 0 else prison_car - 2)
    game.marshal = game.train.inside(0)


def marshal_cards(options: Options) -> tuple[tuple[str, int], ...]:
    """His action cards (M-7), and his Ride with Horses & Stagecoach (M-50): action → how many."""
    data = prisoners_data()
    return data.marshal_cards + (data.marshal_horses_cards if options.horses else ())


def _bandit_cards(game: Game) -> None:
    """M-1: no Marshal card; each bandit's Brilliant idea (their Ride comes with Horses & Stagecoach)."""
    data = prisoners_data()
    for seat in game.seats:
        if not seat.bandits:
            continue
        seat.deck = [c for c in seat.deck if card_action(c) not in data.removed_cards]
        seat.deck += [card(name, action) for name in seat.bandits for action, n in data.bandit_cards
                      for _ in range(n)]
        game.dice.shuffle(seat.deck)


def _objectives(game: Game) -> list[str]:
    """M-1: 2 capture objectives among the bandits in play, 3 special ones (without Shoot 'em up
    and Sworn enemy for 2–3 bandits), shuffled together unseen."""
    data, dice = prisoners_data(), game.dice
    captures = dice.sample([f"capture:{name}" for name in game.bandits], data.capture_objectives)
    specials = [s for s in data.specials if len(game.bandits) >= 4 or s not in data.specials_from_4_bandits]
    drawn = [*captures, *dice.sample(specials, data.special_objectives)]
    dice.shuffle(drawn)
    return drawn


def _round_starts(game: Game) -> None:
    """M-6: the Marshal looks at the top objective to come and adds it to his current ones."""
    prison: Prison | None = game.prison
    if prison is None or not prison.to_come:
        return
    objective = prison.to_come.pop(0)
    prison.objectives.append(objective)
    record(game, "objective", seat=prison.seat, secret={"objective": objective}, seen_by=[prison.seat])


HOOKS.seating.append(_seating)
HOOKS.round_cards.append(_round_cards)
HOOKS.round_pools.append(chosen_events)
HOOKS.setup.insert(0, set_up)
HOOKS.round_starts.append(_round_starts)
