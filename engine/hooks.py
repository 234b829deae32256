"""Where an expansion bends the base rules: the base modules call these, an expansion fills them.

The base game never imports an expansion. Each hook is a list of functions; the base rule calls
them in order where RULES.md lets an expansion change what it does (the stagecoach's adjacency for
a Move, the shotgun among a Punch's targets …). A function that has nothing to say returns what it
was given. An expansion registers its functions when its package is imported (engine/__init__).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from engine.model import Bandit, Game

Positions = list[str]


@dataclass
class Hooks:
    # Where a Move may end (B-7.4), given the base answer.
    move_ends: list[Callable[[Game, Bandit, Positions], Positions]] = field(default_factory=list)
    # Whom a Fire may hit (B-7.6), given the base answer (names).
    fire_targets: list[Callable[[Game, Bandit, list[str]], list[str]]] = field(default_factory=list)
    # Whom a Punch may hit (B-7.8), given the base answer (names; an expansion may add others).
    punch_targets: list[Callable[[Game, Bandit, list[str]], list[str]]] = field(default_factory=list)
    # A punch at a target that is not a bandit (the shotgun): True when the hook carried it out.
    punch_other: list[Callable[[Game, Bandit, str], bool]] = field(default_factory=list)
    # Where a punched bandit may be sent (B-7.8), given the base answer.
    shove_ends: list[Callable[[Game, Bandit, Positions], Positions]] = field(default_factory=list)
    # Which loot kinds a Rob may take here (B-7.7), given the base answer.
    rob_kinds: list[Callable[[Game, Bandit, list[str]], list[str]]] = field(default_factory=list)
    # After bandits came to a position by any means (the marshal's law applied, B-7.10): the
    # bandits, how, and where they came from.
    arrived: list[Callable[[Game, list[Bandit], str, str], None]] = field(default_factory=list)
    # The expansion's part of a snapshot: to JSON, and back onto a rebuilt game.
    to_json: list[Callable[[Game, dict[str, Any]], None]] = field(default_factory=list)
    from_json: list[Callable[[Game, dict[str, Any]], None]] = field(default_factory=list)


HOOKS = Hooks()


@dataclass
class ScenarioHooks:
    """An expansion's part of the scenario format (SCENARIOS.md's sections), for engine.scenario."""

    # Set up the expansion's part of a hand-built state from the scenario's fields.
    build: list[Callable[[Game, dict[str, Any]], None]] = field(default_factory=list)
    # Steps by their key (``{"by": …, "drink": …}``) and pseudo-events by name (``end-of-round``).
    steps: dict[str, Callable[[Game, dict[str, Any]], None]] = field(default_factory=dict)
    events: dict[str, Callable[[Game], None]] = field(default_factory=dict)
    # Compare an ``expect``'s fields: (game, expect, differ(what, wanted, got)).
    expect: list[Callable[[Game, dict[str, Any], Callable[[str, Any, Any], None]], None]] = field(
        default_factory=list)
    # A bandit's expected field by name: the bandit's actual value (``hostage``).
    bandit_fields: dict[str, Callable[[Game, Bandit], Any]] = field(default_factory=dict)


SCENARIO_HOOKS = ScenarioHooks()


def through(hooks: list[Callable[..., Any]], game: Game, bandit: Bandit, value: Any) -> Any:
    """``value`` passed through each hook in turn."""
    for hook in hooks:
        value = hook(game, bandit, value)
    return value
