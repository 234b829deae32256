"""The expansion's part of the scenario format (tests/scenarios/README.md, "Marshal & Prisoners")."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import Any

from engine.data import base
from engine.events import EVENTS
from engine.hooks import SCENARIO_HOOKS
from engine.model import Game, Seat, card
from engine.prisoners.data import prisoners_data
from engine.prisoners.events import at_the_count
from engine.prisoners.model import MARSHAL, Prison
from engine.prisoners.objectives import fulfilled, last_rewards
from engine.prisoners.setup import marshal_cards
from engine.train import train_of


def build(game: Game, scenario: dict[str, Any]) -> None:
    """The Marshal is player 1 (seat 0) with his action cards; the last wagon is the prison wagon."""
    if not game.options.prisoners:
        return
    data = prisoners_data()
    game.wagons = (*game.wagons[:-1], data.prison_wagon)
    game.train = train_of(game.wagons, game.options.horses)
    for seat in game.seats:
        seat.index += 1
    for bandit in game.bandits.values():
        bandit.seat += 1
    game.seats.insert(0, Seat(index=0, bandits=[], deck=[
        card(MARSHAL, action) for action, n in marshal_cards(game.options) for _ in range(n)]))
    listed = scenario["bandits"]
    game.prison = Prison(
        seat=0,
        revolvers=[list(r) for r in scenario.get("revolvers", [data.revolver] * data.revolvers)],
        aces=[int(a) for a in scenario.get("aces", data.fist_fight_aces)],
        won_aces={n: [int(a) for a in spec["aces"]] for n, spec in listed.items() if spec.get("aces")},
        wanted=[str(n) for n in scenario.get("wanted", [])],
        objectives=[str(o) for o in scenario.get("objectives", [])],
        revealed=[str(o) for o in scenario.get("revealed", [])],
        prisoners=[str(p) for p in scenario.get("prisoners", [])],
        held={n: str(spec["prisoner"]) for n, spec in listed.items() if spec.get("prisoner")},
        maluses={n: [str(m) for m in spec["maluses"]] for n, spec in listed.items() if spec.get("maluses")},
        rewards_prisoners=[str(p) for p in scenario.get("marshal_rewards", {}).get("prisoners", [])],
        rewards_mail=[str(t) for t in scenario.get("marshal_rewards", {}).get("mailbags", [])],
        flasks=[str(t) for t in scenario.get("marshal_flasks", [])],
    )
    if "round_event" in scenario and game.round_card is None:  # e.g. Deadly fall's round
        play_station(game, str(scenario["round_event"]))


def play_station(game: Game, event: str) -> None:
    """The station card of ``event`` is the round card being played from now on: a state's
    ``round_event``, or an event step of a station counted at the end or acting on its round's
    actions (M-40)."""
    stations = prisoners_data().cards.station_cards
    game.round_card = next((name for name, c in stations.items() if c.event == event), event)
    base().round_card(game.round_card, game.players())  # an unknown event fails here


def expect(game: Game, wanted: dict[str, Any], differ: Callable[[str, Any, Any], None]) -> None:
    prison: Prison | None = game.prison
    if prison is None:
        return
    if "prisoners" in wanted and Counter(prison.prisoners) != Counter(wanted["prisoners"]):
        differ("prisoners", sorted(wanted["prisoners"]), sorted(prison.prisoners))
    if "aces" in wanted and prison.aces != wanted["aces"]:
        differ("aces", wanted["aces"], prison.aces)
    if "wanted" in wanted and set(prison.wanted) != set(wanted["wanted"]):
        differ("wanted", sorted(wanted["wanted"]), sorted(prison.wanted))
    if "revolvers" in wanted and prison.revolvers != wanted["revolvers"]:
        differ("revolvers", wanted["revolvers"], prison.revolvers)
    rewards = wanted.get("marshal_rewards", {})
    if "prisoners" in rewards and Counter(prison.rewards_prisoners) != Counter(rewards["prisoners"]):
        differ("Marshal's prisoners", sorted(rewards["prisoners"]), sorted(prison.rewards_prisoners))
    if "mailbags" in rewards and Counter(prison.rewards_mail) != Counter(rewards["mailbags"]):
        differ("Marshal's mail bags", sorted(rewards["mailbags"]), sorted(prison.rewards_mail))
    if "marshal_deck_top" in wanted:
        deck = game.seats[prison.seat].deck
        top = list(reversed(deck[len(deck) - len(wanted["marshal_deck_top"]):]))
        if top != wanted["marshal_deck_top"]:
            differ("Marshal's deck top", wanted["marshal_deck_top"], top)
    if "objectives_seen" in wanted and len(prison.objectives) != wanted["objectives_seen"]:
        differ("objectives_seen", wanted["objectives_seen"], len(prison.objectives))
    if "revealed" in wanted and prison.revealed != wanted["revealed"]:
        differ("revealed", wanted["revealed"], prison.revealed)
    if "fulfilled" in wanted and sorted(fulfilled(game)) != sorted(wanted["fulfilled"]):
        differ("fulfilled", sorted(wanted["fulfilled"]), sorted(fulfilled(game)))
    if "marshal_flasks" in wanted and Counter(prison.flasks) != Counter(wanted["marshal_flasks"]):
        differ("marshal_flasks", sorted(wanted["marshal_flasks"]), sorted(prison.flasks))
    if "marshal_fallen" in wanted and prison.fallen != wanted["marshal_fallen"]:
        differ("marshal_fallen", wanted["marshal_fallen"], prison.fallen)


def _prison(game: Game) -> Prison:
    """The Marshal's sheet; a scenario that asks for it in a game without him is invalid."""
    prison: Prison | None = game.prison
    if prison is None:
        raise ValueError("there is no Marshal in this game (Marshal & Prisoners, M-1)")
    return prison


SCENARIO_HOOKS.build.append(build)
SCENARIO_HOOKS.events["end-of-game"] = lambda game: last_rewards(game, _prison(game))  # M-9
SCENARIO_HOOKS.expect.append(expect)
# The stations whose event only finishes (M-40): what they do is their card being in force.
SCENARIO_HOOKS.stations.update({event: play_station for event, act in EVENTS.items() if act is at_the_count})
SCENARIO_HOOKS.bandit_fields["prisoner"] = lambda game, bandit: _prison(game).held.get(bandit.name)
SCENARIO_HOOKS.bandit_fields["maluses"] = lambda game, bandit: _prison(game).maluses.get(bandit.name, [])
SCENARIO_HOOKS.bandit_fields["aces"] = lambda game, bandit: _prison(game).won_aces.get(bandit.name, [])
