"""Where an expansion bends the base rules: the base modules call these, an expansion fills them.

The base game never imports an expansion. Each hook is a list of functions; the base rule calls
them in order where RULES.md lets an expansion change what it does (the stagecoach's adjacency for
a Move, the shotgun among a Punch's targets …). A function that has nothing to say returns what it
was given. An expansion registers its functions in ``HOOKS`` when its package is imported
(engine/__init__), and says with ``scope`` which games it plays in.

A game reads only its own hooks, ``game.hooks``: resolved once, when the game is built, from the
scopes its options and bandits are in (``hooks_for``). A base game's lists are empty, so an
expansion that is not in play costs it nothing, step after step.
"""

from __future__ import annotations

from collections.abc import Callable, Collection
from dataclasses import dataclass, field, fields
from typing import TYPE_CHECKING, Any, TypeVar

if TYPE_CHECKING:
    from engine.model import Bandit, Game, Options, Seat
    from engine.train import Train

Positions = list[str]
R = TypeVar("R")  # a registry of hooks: a dataclass of lists, dicts and sets


@dataclass
class Hooks:
    # Where a Move may end (B-7.4), given the base answer.
    move_ends: list[Callable[[Game, Bandit, Positions], Positions]] = field(default_factory=list)
    # Whom a Fire may hit (B-7.6), given the base answer (names).
    fire_targets: list[Callable[[Game, Bandit, list[str]], list[str]]] = field(default_factory=list)
    # Who keeps Django company at his position (B-9.6 lone gun), given the base answer (names).
    company: list[Callable[[Game, Bandit, list[str]], list[str]]] = field(default_factory=list)
    # Pieces that are not bandits but stand on the train like one: they can be shot and punched
    # and they block a line of sight (the Marshal player, M-5): name → position.
    pieces: list[Callable[[Game], dict[str, str]]] = field(default_factory=list)
    # A shot at a piece that is not a bandit: True when the hook carried it out.
    fire_other: list[Callable[[Game, Bandit, str], bool]] = field(default_factory=list)
    # Players who are not bandits (the Marshal, M-1), by name: their cards name them, they are no
    # "other bandit" for Belle (B-9.5), and their played cards are carried out by ``performers``.
    players: set[str] = field(default_factory=set)
    performers: dict[str, Callable[[Game, str], None]] = field(default_factory=dict)  # (game, action)
    # Whether a bandit's Move may pass a lawman's car unharmed (Silk's Movement, M-31).
    passes_lawmen: list[Callable[[Game, Bandit], bool]] = field(default_factory=list)
    # A neutral bullet about to hit a bandit (victim, cause): True when a hook takes it over (Silk's
    # Dodge sends it to another player, M-31).
    dodges: list[Callable[[Game, Bandit, str], bool]] = field(default_factory=list)
    # Whether the marshal's law holds (B-7.10: a bandit meeting him takes a bullet and flees).
    marshal_law: list[Callable[[Game], bool]] = field(default_factory=list)
    # Whether a bandit has a character's power that is not their own (a prisoner's, M-4).
    borrowed_powers: list[Callable[[Game, Bandit, str], bool]] = field(default_factory=list)
    # Whom a Punch may hit (B-7.8), given the base answer (names; an expansion may add others).
    punch_targets: list[Callable[[Game, Bandit, list[str]], list[str]]] = field(default_factory=list)
    # A punch at a target that is not a bandit (the shotgun): True when the hook carried it out.
    punch_other: list[Callable[[Game, Bandit, str], bool]] = field(default_factory=list)
    # Where a punched bandit may be sent (B-7.8), given the base answer.
    shove_ends: list[Callable[[Game, Bandit, Positions], Positions]] = field(default_factory=list)
    # Which loot kinds a Rob may take here (B-7.7), given the base answer.
    rob_kinds: list[Callable[[Game, Bandit, list[str]], list[str]]] = field(default_factory=list)
    # After a Rob took its token: (game, robber, the decision's context) — a hero's second token (M-4).
    robbed: list[Callable[[Game, Bandit, dict[str, Any]], None]] = field(default_factory=list)
    # Django's push carries a bandit past an end of the train: True when a hook threw them off
    # (Deadly fall, M-40); else they stay (B-9.6).
    pushed_off: list[Callable[[Game, Bandit], bool]] = field(default_factory=list)
    # After bandits came to a position by any means (the marshal's law applied, B-7.10): the
    # bandits, how, and where they came from.
    arrived: list[Callable[[Game, list[Bandit], str, str], None]] = field(default_factory=list)
    # The car a position beside the train stands at (the stagecoach's, H-10), or None: rules that
    # name a piece's car ask ``engine.marshal.car_at``.
    beside: list[Callable[[Game, str], int | None]] = field(default_factory=list)
    # The first player of round 1, given the one the placement drew (the horse attack, H-2): a
    # Marshal player stays first (M-50).
    first_player: list[Callable[[Game, int], int]] = field(default_factory=list)
    # How a variant seats its players (engine.setup.Seating), or None for another variant's options.
    seating: list[Callable[[Options], Any]] = field(default_factory=list)
    # A new game (B-3), after the base setup and before round 1 is dealt: the expansion's pieces,
    # cards and placement. A hook that leaves ``game.phase`` at another phase than planning takes
    # over until it calls ``engine.planning.start_round`` itself (the horse attack, H-2).
    setup: list[Callable[[Game], None]] = field(default_factory=list)
    # More round cards and station cards to shuffle in (B-3.5): (options, players) → (round, station).
    round_cards: list[Callable[[Options, int], tuple[list[str], list[str]]]] = field(default_factory=list)
    # Then a variant may narrow them to the table's choice (M-40): (options, round, station) → the same.
    round_pools: list[Callable[[Options, list[str], list[str]], tuple[list[str], list[str]]]] = field(
        default_factory=list)
    # Phases an expansion runs (engine.flow.advance): phase → the function that moves it on.
    phases: dict[str, Callable[[Game], None]] = field(default_factory=dict)
    # The start of a round, before the deal (B-5.1); then whether a variant asks something before
    # the deal (True: it calls engine.planning.deal itself once answered, V-2.5).
    round_starts: list[Callable[[Game], None]] = field(default_factory=list)
    before_deal: list[Callable[[Game], bool]] = field(default_factory=list)
    # Cards a seat was given this round before its hand was completed (the partner's card, V-4.3).
    dealt_first: list[Callable[[Game, Seat], int]] = field(default_factory=list)
    # The next round's first player, given the base one (B-5.4); a planning turn's order of seats,
    # given the base one (B-5.2): (game, turn kind, order).
    next_first: list[Callable[[Game, int], int]] = field(default_factory=list)
    turn_order: list[Callable[[Game, str, list[int]], list[int]]] = field(default_factory=list)
    # A card has just gone on the pile: (game, seat, card, turn kind, face down).
    played: list[Callable[[Game, Seat, str, str, bool], None]] = field(default_factory=list)
    # Cards a seat is dealt (B-5.1), given the base answer.
    hand_size: list[Callable[[Game, Seat, int], int]] = field(default_factory=list)
    # A seat's planning answers (B-6.2–B-6.4), given the base answers, and the expansion's own
    # planning answers by verb (``drink <flask>``, ``idea``): (game, seat, value).
    plan_answers: list[Callable[[Game, Seat, list[str]], list[str]]] = field(default_factory=list)
    # A verb's function returns whether it was the seat's action (False: the seat acts next).
    plan_verbs: dict[str, Callable[[Game, Seat, str], bool]] = field(default_factory=dict)
    # Whether a card planned now goes face down, given the base answer: (game, card, turn kind, hidden).
    face_down: list[Callable[[Game, str, str, bool], bool]] = field(default_factory=list)
    # A seat's go in planning is over; a planning turn is over (its kind).
    go_over: list[Callable[[Game, Seat], None]] = field(default_factory=list)
    turn_over: list[Callable[[Game, str], None]] = field(default_factory=list)
    # Schemin' is over (not Expert): True when the hook asks something first and will put the
    # hands back itself (engine.planning.hands_back).
    planning_over: list[Callable[[Game], bool]] = field(default_factory=list)
    # Why a bandit's action does nothing now (a hostage's malus, H-12), or None.
    forbidden: list[Callable[[Game, Bandit, str], str | None]] = field(default_factory=list)
    # Whether a bandit has lost their character's power (B-3.8 still on).
    powerless: list[Callable[[Game, Bandit], bool]] = field(default_factory=list)
    # Whether a card of the named bandit (or other player, ``players``) still resolves (one who
    # left the board does not).
    in_play: list[Callable[[Game, str], bool]] = field(default_factory=list)
    # After the round card's event, before the cards go back (B-5.3).
    round_over: list[Callable[[Game], None]] = field(default_factory=list)
    # The final count (B-8): who wins or loses together (groups of bandit names, given the base
    # one bandit each); a side's Gunslinger penalty; the Gunslinger titles given the base ones.
    sides: list[Callable[[Game, list[list[str]]], list[list[str]]]] = field(default_factory=list)
    gunslinger_penalty: list[Callable[[Game, list[str]], int]] = field(default_factory=list)
    gunslingers: list[Callable[[Game, list[str]], list[str]]] = field(default_factory=list)
    # The final count (B-8): scores given the base ones; who may win, given the base winners' pool.
    scores: list[Callable[[Game, dict[str, int]], dict[str, int]]] = field(default_factory=list)
    contenders: list[Callable[[Game, list[str]], list[str]]] = field(default_factory=list)
    # The winners given the base ones (a Marshal player who fulfilled his objectives, M-9).
    winners: list[Callable[[Game, list[str]], list[str]]] = field(default_factory=list)
    # What the expansion adds to a viewer's observation (B-11): (game, viewer, observation).
    observe: list[Callable[[Game, int | None, dict[str, Any]], None]] = field(default_factory=list)
    # Conservation and soundness (engine.invariants): adjust the totals; more problems.
    totals: list[Callable[[Game, Any], None]] = field(default_factory=list)
    problems: list[Callable[[Game], list[str]]] = field(default_factory=list)
    # Places a bandit may be that are not positions of the train (off the board).
    off_board: set[str] = field(default_factory=set)
    # Positions an expansion adds beside the train's own (the prison wagon's cell, M-2): (options,
    # train) → positions; no rule of the train's floors reaches them.
    places: list[Callable[[Options, Train], list[str]]] = field(default_factory=list)
    # The expansion's part of a snapshot: to JSON, and back onto a rebuilt game.
    to_json: list[Callable[[Game, dict[str, Any]], None]] = field(default_factory=list)
    from_json: list[Callable[[Game, dict[str, Any]], None]] = field(default_factory=list)

    def __deepcopy__(self, memo: dict[int, Any]) -> Hooks:
        return self  # a game's resolved hooks are shared by every game like it, never changed


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
