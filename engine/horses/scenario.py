"""The expansion's part of the scenario format (SCENARIOS.md, "Horses & Stagecoach")."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import Any

from engine.data import base
from engine.events import EVENTS
from engine.hooks import SCENARIO_HOOKS
from engine.horses.events import at_the_count
from engine.horses.model import Coach
from engine.horses.rules import drink
from engine.model import Bandit, Game

NEUTRAL_BULLETS = 16  # H-1: 3 more than the base game's 13


def _shotgun(value: Any) -> int | None:
    return None if value == "stagecoach" else int(value)


def build(game: Game, scenario: dict[str, Any]) -> None:
    if not game.options.horses:
        return
    game.coach = Coach(
        faces=int(scenario.get("stagecoach", 0)),
        shotgun=_shotgun(scenario.get("shotgun", "stagecoach")),
        horses=[int(car) for car in scenario.get("horses", [])],
        hostages=[str(h) for h in scenario.get("hostages", [])],
        held={name: str(spec["hostage"]) for name, spec in scenario["bandits"].items() if spec.get("hostage")},
    )
    game.neutral_bullets = int(scenario.get("neutral_bullets", NEUTRAL_BULLETS))
    if "round_event" in scenario:  # the round card of that event is being played (Escape's Ride)
        play_round_card(game, str(scenario["round_event"]))


def play_round_card(game: Game, event: str) -> None:
    """The round card of ``event`` is the one being played from now on: a state's ``round_event``,
    or an event step of a station counted at the end (H-22). The cards are named after their events."""
    base().round_card(event, game.players())  # an unknown event fails here
    game.round_card = event


def drink_step(game: Game, step: dict[str, Any]) -> None:
    drink(game, game.bandits[step["by"]], str(step["drink"]))


def expect(game: Game, wanted: dict[str, Any], differ: Callable[[str, Any, Any], None]) -> None:
    coach = game.coach
    if coach is None:
        for key in ("stagecoach", "shotgun", "horses", "hostages"):
            if key in wanted:
                differ(key, wanted[key], "no stagecoach in this game")
        return
    if "stagecoach" in wanted and coach.faces != wanted["stagecoach"]:
        differ("stagecoach", wanted["stagecoach"], coach.faces)
    if "shotgun" in wanted and coach.shotgun != _shotgun(wanted["shotgun"]):
        differ("shotgun", wanted["shotgun"], "stagecoach" if coach.shotgun is None else coach.shotgun)
    if "horses" in wanted and Counter(coach.horses) != Counter(wanted["horses"]):
        differ("horses", sorted(wanted["horses"]), sorted(coach.horses))
    if "hostages" in wanted and set(coach.hostages) != set(wanted["hostages"]):
        differ("hostages", sorted(wanted["hostages"]), sorted(coach.hostages))


def hostage_of(game: Game, bandit: Bandit) -> str | None:
    return None if game.coach is None else game.coach.held.get(bandit.name)


SCENARIO_HOOKS.build.append(build)
SCENARIO_HOOKS.steps["drink"] = drink_step
SCENARIO_HOOKS.expect.append(expect)
SCENARIO_HOOKS.bandit_fields["hostage"] = hostage_of
# The stations whose event only finishes (H-22): what they do is their card being in force.
SCENARIO_HOOKS.stations.update({event: play_round_card for event, act in EVENTS.items() if act is at_the_count})
