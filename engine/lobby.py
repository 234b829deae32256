"""What a table offers before a game: its options, the lobby's menus, and who may take which seat.

The base game declares its own part here (``BASE``); each expansion and each seating variant
declares its part in one module of its own package (engine/horses/lobby.py,
engine/prisoners/lobby.py, engine/variants/lobby.py), registered when that package is imported, as
its rules are (engine.hooks). The table (table.service, table.seating) and the cogs read these
declarations and never an expansion's modules, so that adding an expansion touches its own package
and not the lobby's code.

Everything here is data and pure functions of a game's stored options (the JSON dict the table
keeps, ``Stored``), with no Discord: the cogs turn a declared menu into components, and the words
stay in data/locales (a declaration names catalog keys, never words).
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from typing import Any

Stored = Mapping[str, Any]  # a game's options as the table stores them ("variant": "teams", …)

# Where the lobby shows an option (the cogs build each menu from the options of its kind):
TOGGLE = "toggle"  # on or off, in the toggles menu
RULE = "rule"  # one choice among several, in the rules menu
SEAT = "seat"  # one choice among several, picked among the seats menu's actions (Silk's power, M-31)
NO_VARIANT = "none"  # the "variant" option's choice when everyone sits as in the base game (B-3)


@dataclass(frozen=True)
class Option:
    """An option of the lobby: its stored name (an engine.model.Options field, or the table's own),
    its choices, the first the default (RULES.md's), and where the lobby shows it."""

    name: str
    choices: tuple[Any, ...]
    menu: str
    # The lobby's list shows every choice, the chosen one marked: the setup's two choices make two
    # different games (B-3.5); any other option shows its choice alone.
    whole: bool = False
    emoji: str = ""  # the seats menu's mark of its choices (SEAT)
    # The table's own option, no rule of the game: the engine never receives it (hints, issue 31).
    table: bool = False


@dataclass(frozen=True)
class Role:
    """A seat that plays no bandit (the Marshal player, M-1): one seat takes it in every game its
    part is in, asked for in the character menu or given by the host, else drawn at the start; it
    plays first. Its catalog keys name it in the menus, the replies and the refusals."""

    name: str  # its stored character ("marshal"), also its name in the catalogs ("bandit.marshal")
    emoji: str
    pick_key: str  # the character menu's entry: "I am the Marshal"
    make_key: str  # the host's entry in the seats menu: "make {seat} the Marshal"
    made_key: str  # the host's reply once a seat has the role
    host_key: str  # the refusal when someone else than the host gives the role
    off_key: str  # the refusal when the options bring no such role


@dataclass(frozen=True)
class Part:
    """One part of what a table offers: the base game's, an expansion's or a seating variant's.

    A part with ``variants`` is in play when the stored "variant" option is one of them; any other
    part is in play when its own toggle (the option named like the part) is on, the base always.
    Every field has a default that says nothing, so a part declares only what it changes."""

    name: str
    options: tuple[Option, ...] = ()
    variants: tuple[str, ...] = ()  # its choices of the "variant" option: how players sit (V-2 … V-4)
    # The catalog key of why these options cannot be played together (M-1: one bandit each with a
    # Marshal player; M-31: no Dodge then), or None; asked only while the part is in play.
    clash: Callable[[Stored], str | None] = lambda options: None
    # The engine's options from the stored ones (V-3.3: the two-player game is always Expert).
    rules: Callable[[dict[str, Any]], dict[str, Any]] = lambda options: options
    role: Role | None = None
    # The pairs of bandits a player chooses among, drawn from the lobby's seed (V-2.2), or None:
    # bandits are chosen one by one.
    pairs: Callable[[int], list[list[str]]] | None = None
    # The seat of a seat's partner (V-4.1), and the team number the lobby shows beside a seat.
    partner: Callable[[int], int] | None = None
    team: Callable[[int], int] | None = None
    button: str | None = None  # a lobby button of its own ("lobby.<button>"): "teams", "events"
    seats_menu: str | None = None  # the seats menu's placeholder key while it is in play
    # How many round cards and station cards the table chooses (Choosing events, M-40).
    chosen_events: Callable[[], tuple[int, int]] | None = None
    # Answer values with a button label of their own, by catalog key (Angry Marshal's "stay", M-5).
    answers: Mapping[str, str] = field(default_factory=dict)
    # The numbers its texts fill in (rules summaries, the Marshal's count), read from its data.
    figures: Callable[[], dict[str, object]] = dict

    def in_play(self, options: Stored) -> bool:
        if self.variants:
            return options.get("variant", NO_VARIANT) in self.variants
        return self.name == BASE.name or bool(options.get(self.name))


BASE = Part("base", options=(
    Option("setup", ("advanced", "first-game"), RULE, whole=True),  # B-3.5
    Option("powers", (True, False), TOGGLE),  # B-3.8
    Option("events", (True, False), TOGGLE),  # B-3.8
    Option("expert", (False, True), TOGGLE),  # V-1
    # Each prompt offers the hard AI's pick from the player's own view (issue 31).
    Option("hints", (False, True), TOGGLE, table=True),
    Option("variant", (NO_VARIANT,), RULE),  # the variants add their choices (V-2 … V-4)
    Option("django", ("push", "lone-gun"), RULE),  # B-9.6
    Option("belle", ("any-other", "same-position"), RULE),  # B-9.5
))
PARTS: list[Part] = [BASE]


def declare(part: Part) -> Part:
    """Register an expansion's or a variant's part (once, when its package is imported)."""
    if any(known.name == part.name for known in PARTS):
        raise ValueError(f"the lobby already has a part named {part.name!r}")
    PARTS.append(part)
    return part


def in_play(options: Stored) -> list[Part]:
    """The parts these stored options play, the base first, then in the order they registered."""
    return [part for part in PARTS if part.in_play(options)]


def options() -> list[Option]:
    """Every option of the lobby in the order it shows them, the variants' choices gathered into
    the "variant" option (one variant at a time: each seats the players its own way)."""
    variants = tuple(v for part in PARTS for v in part.variants)
    return [replace(o, choices=(*o.choices, *variants)) if o.name == "variant" else o
            for part in PARTS for o in part.options]


def choices() -> dict[str, tuple[Any, ...]]:
    """Each option's choices by name, the first the default."""
    return {o.name: o.choices for o in options()}


def named(menu: str) -> tuple[str, ...]:
    """The names of the options the lobby shows in ``menu`` (TOGGLE, RULE, SEAT), in order."""
    return tuple(o.name for o in options() if o.menu == menu)


def clash(stored: Stored) -> str | None:
    """The catalog key of why these options cannot be played together, or None."""
    return next((why for part in in_play(stored) if (why := part.clash(stored)) is not None), None)


def allowed(stored: Stored, name: str) -> tuple[Any, ...]:
    """The choices of ``name`` that bring no clash of their own with the other options (Silk's
    Dodge is no choice with a Marshal player, M-31)."""
    now = clash(stored)
    return tuple(c for c in choices()[name] if clash({**stored, name: c}) in (None, now))


def rules(chosen: dict[str, Any]) -> dict[str, Any]:
    """The engine's options from the stored ones its fields name, each part in play adding its own."""
    for part in in_play(chosen):
        chosen = part.rules(chosen)
    return chosen


def roles(stored: Stored | None = None) -> list[Role]:
    """The roles these options bring (M-1), or every declared role when ``stored`` is None."""
    return [part.role for part in (PARTS if stored is None else in_play(stored)) if part.role is not None]


def role_names(stored: Stored | None = None) -> set[str]:
    return {role.name for role in roles(stored)}


def pairs(stored: Stored, seed: int) -> list[list[str]] | None:
    """The pairs a player chooses among (V-2.2), or None: bandits are chosen one by one."""
    return next((part.pairs(seed) for part in in_play(stored) if part.pairs is not None), None)


def partners(stored: Stored) -> Part | None:
    """The part that seats partners side by side (teams, V-4.1), when one is in play."""
    return next((part for part in in_play(stored) if part.partner is not None), None)


def buttons(stored: Stored) -> list[str]:
    """The lobby's buttons of the parts in play, beside join, leave, start and cancel."""
    return [part.button for part in in_play(stored) if part.button is not None]


def seats_menu(stored: Stored) -> str | None:
    """The seats menu's placeholder key the parts in play ask for, or None (the base's)."""
    return next((part.seats_menu for part in in_play(stored) if part.seats_menu is not None), None)


def chosen_events(stored: Stored) -> tuple[int, int] | None:
    """How many round cards and station cards the table chooses (M-40), or None: the options let
    the table choose no events."""
    return next((part.chosen_events() for part in in_play(stored) if part.chosen_events is not None), None)


def answer_keys() -> dict[str, str]:
    """Answer values with a button label of their own, by catalog key, over every part."""
    return {value: key for part in PARTS for value, key in part.answers.items()}


def figures() -> dict[str, object]:
    """The numbers every part's texts fill in, by name."""
    return {name: value for part in PARTS for name, value in part.figures().items()}


def every_playable() -> list[dict[str, Any]]:
    """Every combination of the lobby's options that plays (no clash): what a lobby can start."""
    table = choices()
    found = [dict(zip(table, values, strict=True)) for values in itertools.product(*table.values())]
    return [stored for stored in found if clash(stored) is None]
