"""Where an expansion bends the base rules: the base modules call these, an expansion fills them.

The base game never imports an expansion. Each hook is a list of functions; the base rule calls
them in order where RULES.md lets an expansion change what it does (the stagecoach's adjacency for
a Move, the shotgun among a Punch's targets …). A function that has nothing to say returns what it
was given. An expansion registers its functions in ``HOOKS`` when its package is imported
(engine/__init__), and says with ``scope`` which games it plays in.

A game reads only its own hooks, ``game.hooks``: resolved once, when the game is built, from the
scopes its options and bandits are in (``hooks_for``). A base game's lists are empty, so an
expansion that is not in play costs it nothing, step after step.

The hook points themselves (``Hooks``) are defined beside ``Game`` in engine.model, since each
names the game and the game holds its own; this module is the registry and imports the model, never
the other way round.
"""

from __future__ import annotations

from collections.abc import Callable, Collection
from dataclasses import dataclass, field, fields
from typing import Any, TypeVar

from engine import model
from engine.model import Bandit, Game, Hooks, Options

__all__ = ["HOOKS", "SCENARIO_HOOKS", "SCOPES", "Hooks", "ScenarioHooks", "Scope", "forget", "hooks_for", "narrowed",
           "scope", "through"]

R = TypeVar("R")  # a registry of hooks: a dataclass of lists, dicts and sets

# Every hook of every expansion imported; a game reads its narrowed copy (``hooks_for``).
HOOKS = Hooks()


@dataclass(frozen=True)
class Scope:
    """The games a package's hooks apply to: those defined in the modules of ``package`` (the
    innermost scope that holds a module decides) where ``plays(options, bandit names)``."""

    package: str
    plays: Callable[[Options, Collection[str]], bool]

    def holds(self, module: str) -> bool:
        return module == self.package or module.startswith(self.package + ".")


SCOPES: list[Scope] = []
_RESOLVED: dict[tuple[bool, ...], Hooks] = {}


def scope(package: str, plays: Callable[[Options, Collection[str]], bool]) -> None:
    """Say which games the hooks of ``package``'s modules apply to (its ``__init__`` calls this)."""
    SCOPES.append(Scope(package, plays))
    forget()


def hooks_for(options: Options, bandits: Collection[str]) -> Hooks:
    """The hooks of a game with these options and bandits: every scope's that plays in it.

    Resolved once per kind of game: hooks are registered when their package is imported, before
    any game is built (``forget`` after registering one later, as a test may).
    """
    key = tuple([s.plays(options, bandits) for s in SCOPES])
    found = _RESOLVED.get(key)
    if found is None:
        found = _RESOLVED[key] = _narrowed({s.package for s, on in zip(SCOPES, key, strict=True) if on})
    return found


# Every new game asks the registry for its hooks (the model holds the slot, see model.resolve_hooks).
model.resolve_hooks = hooks_for


def forget() -> None:
    """Resolve again for the next games (a hook was registered after games were built)."""
    _RESOLVED.clear()


def _narrowed(playing: set[str]) -> Hooks:
    return narrowed(HOOKS, SCOPES, playing)


def narrowed(every: R, scopes: list[Scope], playing: set[str]) -> R:
    """A registry of hooks (``HOOKS``, or the AI's: engine.ai.hooks) without the functions of the
    scopes not playing; names (``players``, ``off_board``) stay, they cost nothing and say what a
    piece is."""
    def applies(hook: Any) -> bool:
        module = getattr(hook, "__module__", None) or ""
        inner = max((s for s in scopes if s.holds(module)), key=lambda s: len(s.package), default=None)
        return inner is None or inner.package in playing

    found = type(every)()
    for f in fields(every):  # type: ignore[arg-type]  # a dataclass of hooks
        hooks = getattr(every, f.name)
        if isinstance(hooks, list):
            setattr(found, f.name, [h for h in hooks if applies(h)])
        elif isinstance(hooks, dict):
            setattr(found, f.name, {k: h for k, h in hooks.items() if applies(h)})
        else:
            setattr(found, f.name, set(hooks))
    return found


@dataclass
class ScenarioHooks:
    """An expansion's part of the scenario format (SCENARIOS.md's sections), for engine.scenario."""

    # Set up the expansion's part of a hand-built state from the scenario's fields.
    build: list[Callable[[Game, dict[str, Any]], None]] = field(default_factory=list)
    # Steps by their key (``{"by": …, "drink": …}``) and pseudo-events by name (``end-of-round``).
    steps: dict[str, Callable[[Game, dict[str, Any]], None]] = field(default_factory=dict)
    events: dict[str, Callable[[Game], None]] = field(default_factory=dict)
    # Station events that are a rule in force rather than an act (counted at the end of the game,
    # or changing their round's actions: H-22, M-40), by name: put that station's card in force as
    # the round card being played, as a state's ``round_event`` does: (game, event).
    stations: dict[str, Callable[[Game, str], None]] = field(default_factory=dict)
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
