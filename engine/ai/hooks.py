"""Where an expansion bends the AI's reckoning: the base AI calls these, an expansion's AI fills them.

The base AI (engine.ai.normal, worlds, value, hard) never imports an expansion, as the base rules
never do (engine.hooks). Each hook is a list of functions, or a dict of them by name; the base
calls them where an expansion changes what a position, a card or a target is worth to the normal
bandit, what a seat may know of a world, or how a side's standing is counted. A function that has
nothing to say returns what it was given (or 0.0 for a worth added, None for an answer it leaves
to the base). An expansion's AI registers its functions in ``HOOKS`` when its package is imported
(engine.ai/__init__), and says with ``scope`` whose rules it plays by.

A decision reads only its own game's hooks (``hooks_for``): those of the expansions whose rules
are in play, resolved once per kind of game. The AI answers within a time budget, and the hard
bandit's rollouts ask the normal bandit thousands of times: an expansion not in play costs them
nothing.

The base AI's own types are named here only as ``Table`` (engine.ai.normal: one seat's reading of
a game) and ``Knowledge`` (engine.ai.worlds: what a seat knows): importing them, even for types,
would make a circle with the modules that call these hooks.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Collection
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from engine.hooks import SCOPES as RULE_SCOPES
from engine.hooks import Scope, narrowed

if TYPE_CHECKING:
    from engine.model import Decision, Game, Options, Seat
    from engine.observe import Observation
    from engine.train import Position

Table = Any  # engine.ai.normal.Table
Knowledge = Any  # engine.ai.worlds.Knowledge
Loot = dict[str, float]  # the best token's worth at each position where loot lies
Slot = tuple[str, str, int]  # where a token lies in the observation: ("floor", position, index) …
Dealt = tuple["Seat", list[str]]  # a seat, and its face-down cards on the pile, in the pile's order
# Why an answer is good: a catalog key ("advice.…") and its named values in the engine's terms
# (engine.ai.reasons says which names mean what).
Reason = tuple[str, dict[str, str | int]]


class WorldPart:
    """An expansion's part of the worlds drawn from one observation (engine.ai.worlds): worked out
    once from what the seat knows (when made), then asked for each world, in the order of these
    methods. A step the expansion has nothing to do at does nothing."""

    # Seats whose hand surely holds an action card they took before the deal (V-2.5).
    took: frozenset[int] = frozenset()

    def deal(self, rng: random.Random) -> list[Dealt] | None:
        """Every seat's cards in the next world, when the expansion deals them (teams, V-4)."""
        return None

    def draw(self, rng: random.Random) -> None:
        """What the next world hides of the expansion, drawn before its tokens are read (which
        full flask is the old whiskey, H-13)."""

    def token(self, token: str, slot: Slot) -> str:
        """A token of the observation as it reads in this world."""
        return token

    def box(self) -> list[str]:
        """The tokens left in the box in this world (the flasks left out, H-1)."""
        return []

    def log(self) -> list[dict[str, Any]]:
        """What of the public log this world keeps (this round's: Deadly bullet reads it, H-22)."""
        return []

    def build(self, game: Game, rng: random.Random, read: Callable[[str, Slot], str]) -> None:
        """The expansion's state in the world (``read``: a token of the observation as it reads
        in this world, hidden values drawn)."""


@dataclass
class AiHooks:
    # --- the normal bandit (engine.ai.normal) ---
    # The expansion's decisions for a bandit, by kind: the horse attack, Ride, flights, hostages,
    # the attack plan's card (H-2, H-3, H-11, H-12, H-21); the cell, freed bandits, prisoners'
    # thanks, the Marshal shoved, the Reflex turn (M-3, M-4, M-40); Silk's Dodge (M-31); the
    # placement and the card taken (V-2.4, V-2.5).
    decide: dict[str, Callable[[Table, Decision, random.Random], str]] = field(default_factory=dict)
    # A seat with no bandit (the Marshal player, M-1): his answer, the first of these.
    players: list[Callable[[Game, Decision, random.Random], str]] = field(default_factory=list)
    # The loot a bandit may take, position → worth, given the base answer (not the strongbox under
    # the shotgun, H-11).
    loot: list[Callable[[Table, Loot], Loot]] = field(default_factory=list)
    # The car positions beside the train stand at (the stagecoach's: the car it faces, H-3 Ruling),
    # or None: the first answer.
    beside: list[Callable[[Game], int | None]] = field(default_factory=list)
    # What stopping by the marshal costs, given the base answer (a bullet and a flight, B-7.10; 0
    # where his law does not hold): the Marshal player's arrest (M-7).
    marshal_cost: list[Callable[[Table, float], float]] = field(default_factory=list)
    # Whether a card of my bandit will do nothing (a hostage's malus, H-12).
    idle: list[Callable[[Table, str], bool]] = field(default_factory=list)
    # What a position is worth beside the base reckoning (the shotgun, hostages, the guarded
    # strongbox, H-11, H-12), added.
    position_worth: list[Callable[[Table, Position], float]] = field(default_factory=list)
    # What a Move from one position to another costs beside the marshal (passing the shotgun, H-11):
    # (table, start, end), subtracted.
    step_cost: list[Callable[[Table, Position, Position], float]] = field(default_factory=list)
    # Where a Move from a position may end (B-7.4) when an expansion's pieces change it (H-10), or
    # None for the base answer: the first answer.
    move_ends: list[Callable[[Table, Position], list[Position] | None]] = field(default_factory=list)
    # What the round card's event does to a bandit ending the round at a position (H-22): the first
    # answer that is not 0, else the base events' (B-10).
    event_bonus: list[Callable[[Table, Position], float]] = field(default_factory=list)
    # The expansion's planning answers by verb (the cover's pass, V-2.6; the Brilliant idea, M-3; a
    # drink, H-13): (table, what follows the verb, a card of the hand's worth, drawing's worth).
    plan_verbs: dict[str, Callable[[Table, str, Callable[[str], float], Callable[[], float]], float]] = field(
        default_factory=dict)
    # What playing a card face up now adds (a Fire that opens a cover, V-2.6): (table, card, turn
    # kind, a card of the hand's worth), added.
    play_bonus: list[Callable[[Table, str, str, Callable[[str], float]], float]] = field(default_factory=list)
    # The loot left and my bandit's position after one of my cards, when an expansion decides it (a
    # Ride, H-3; the shotgun punched off the strongbox, H-11): (table, action, position, loot,
    # robbing) → (loot, position), or None.
    imagine: list[Callable[[Table, str, Position, Loot, bool], tuple[Loot, Position] | None]] = field(
        default_factory=list)
    # A card's worth decided before the base reckoning (a Brilliant idea, M-3; a card that does
    # nothing in the cell or under a malus, M-2, M-8): (table, action, position), or None.
    card_worth: list[Callable[[Table, str, Position], float | None]] = field(default_factory=list)
    # The worth of an expansion's action card by action (Ride, H-3): (table, position, robbing).
    action_worth: dict[str, Callable[[Table, Position, bool], float]] = field(default_factory=dict)
    # What a bullet fired adds (Deadly bullet, H-22), added.
    shot_bonus: list[Callable[[Table], float]] = field(default_factory=list)
    # A Punch from a position at a piece that is not a bandit, or None: the first answer is the
    # card's worth (the shotgun, H-11).
    punch_worth: list[Callable[[Table, Position], float | None]] = field(default_factory=list)
    # The least a Punch from a position is worth, for a piece standing there that is not a bandit
    # (the Marshal player's Fist-fight ace, M-5).
    punch_least: list[Callable[[Table, Position], float]] = field(default_factory=list)
    # A target of a Fire or a Punch that is not a bandit (the Marshal player, M-5; the shotgun,
    # H-11): (table, action, name), added.
    target_worth: list[Callable[[Table, str, str], float]] = field(default_factory=list)
    # Where to punch a victim: the worth of a position for him beside the loot there (onto the
    # shotgun, H-11), or None: the first answer.
    shove_worth: list[Callable[[Table, Position], float | None]] = field(default_factory=list)
    # What drawing adds (a Ride to find for the Escape, H-22), added.
    draw_bonus: list[Callable[[Table], float]] = field(default_factory=list)
    # Which of the player's bandits performs a card of the hand (a partner's card, V-4.3):
    # (the player's bandits, card), the first answer; else the card's own bandit.
    performer: list[Callable[[list[str], str], str]] = field(default_factory=list)

    # --- the value of loot and standings (engine.ai.value) ---
    # Loot kinds whose value is hidden from the public, at the average of their values (a mail
    # bag, M-1). Names, not functions: kept whatever the game.
    hidden_worth: dict[str, float] = field(default_factory=dict)
    # Each bandit's score as things stand when the expansion counts it otherwise (ransoms, H-12;
    # the full count, H-30), or None: (game, seat), the first answer.
    scores: list[Callable[[Game, int], dict[str, float] | None]] = field(default_factory=list)
    # The standing of a player with no bandit (the Marshal's objectives, M-9), the first of these.
    player_margin: list[Callable[[Game], float]] = field(default_factory=list)

    # --- the hard bandit's search (engine.ai.hard) ---
    # The cards whose face-up play the search skips, hiding them being never worse (B-9.1), given
    # the base answer: a variant searches some face up too (only a face-up Fire opens a cover, V-2.6).
    # Given the game's options: the search holds the seat's view, never the game.
    hide_only: list[Callable[[Options, set[str]], set[str]]] = field(default_factory=list)

    # --- hints and reviews (engine.ai.reasons) ---
    # Why an answer to the expansion's decisions is good (a Ride, H-3; a hostage, H-12; the Marshal
    # player's moves, M-5): (the seat's view, its decision, the answer) → a reason, or None to leave
    # it to the base (its own decisions' reasons, else the search's finding). The first answer.
    reasons: list[Callable[[Observation, Decision, str], Reason | None]] = field(default_factory=list)

    # --- worlds drawn from a seat's view (engine.ai.worlds) ---
    # The expansion's part of each world, made once from what the seat knows, or None when the
    # observation shows none of it.
    world_parts: list[Callable[[Knowledge], WorldPart | None]] = field(default_factory=list)
    # Loot kinds whose values are hidden, as purses' are (a mail bag, M-1): the values the viewer
    # has not seen, dealt at random in each world after the purses, and the value of one more.
    hidden_values: dict[str, Callable[[Observation], tuple[list[int], int]]] = field(default_factory=dict)
    # A seat's action cards, given the base deck: (options, its bandits, cards) (the Ride, H-1;
    # the Brilliant idea and the Marshal's deck, M-1).
    seat_cards: list[Callable[[Options, list[str], list[str]], list[str]]] = field(default_factory=list)
    # Players who are not bandits (the Marshal, M-1): name → seat, from the observation.
    other_players: list[Callable[[Observation], dict[str, int]]] = field(default_factory=list)
    # More cards the seats hold, read from the public log (bullets shot by and at the Marshal, M-5,
    # M-8): (observation, cards by seat, seat by name).
    held_cards: list[Callable[[Observation, dict[int, Counter[str]], dict[str, int]], None]] = field(
        default_factory=list)
    # Events of Schemin' that give the go one more card (a cover offered, V-2.6).
    go_longer: set[str] = field(default_factory=set)
    # Whether a card played gives the go one more (the Marshal's "+" card, M-7): (observation, turn
    # kinds, the play's event, turn).
    chains: list[Callable[[Observation, str, dict[str, Any], int], bool]] = field(default_factory=list)
    # Phases before the deal in which the planning state is still the last round's (V-2.5).
    before_deal: set[str] = field(default_factory=set)
    # The expansion's state copied onto a world's quick copy (engine.ai.worlds.clone): (game, copy).
    clones: list[Callable[[Game, Game], None]] = field(default_factory=list)


HOOKS = AiHooks()


SCOPES: list[Scope] = []
_RESOLVED: dict[tuple[bool, ...], AiHooks] = {}
# A game's AI hooks by its rules' hooks (engine.hooks: ``game.hooks``, shared by every game of its
# kind), kept with them: the normal bandit asks at every decision of the hard bandit's rollouts.
_BY_RULES: dict[int, tuple[Any, AiHooks]] = {}


def scope(package: str, rules: str) -> None:
    """Say that the hooks of ``package``'s modules play where the rules of the package ``rules``
    do (engine.hooks.scope): an expansion's AI is in play exactly where its rules are."""
    plays = next(s.plays for s in RULE_SCOPES if s.package == rules)
    SCOPES.append(Scope(package, plays))
    _RESOLVED.clear()
    _BY_RULES.clear()


def hooks_for(options: Options, bandits: Collection[str]) -> AiHooks:
    """The AI hooks of a game with these options and bandits: every scope's that plays in it.

    Resolved once per kind of game (the expansions' AI registers when engine.ai is imported)."""
    key = tuple([s.plays(options, bandits) for s in SCOPES])
    found = _RESOLVED.get(key)
    if found is None:
        found = _RESOLVED[key] = narrowed(HOOKS, SCOPES, {s.package for s, on in zip(SCOPES, key, strict=True) if on})
    return found


def game_hooks(game: Game) -> AiHooks:
    """A game's AI hooks: those of its kind of game, found by the rules' hooks it was given (an AI
    scope plays where its rules' scope does, so the one decides the other)."""
    found = _BY_RULES.get(id(game.hooks))
    if found is None or found[0] is not game.hooks:
        found = _BY_RULES[id(game.hooks)] = (game.hooks, hooks_for(game.options, game.bandits))
    return found[1]
