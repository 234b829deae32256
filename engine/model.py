"""The game state: plain, mutable data that goes to JSON and back (engine.snapshot).

Rules live in the other modules; this one only says what a game is made of. Nothing here assumes
one bandit per player: a seat (a player) holds cards and controls one or more bandits, and every
bandit names the seat that controls it.
"""

from __future__ import annotations

from collections.abc import Callable, Collection
from dataclasses import dataclass, field
from functools import cache
from typing import Any, ClassVar

from engine.data import RoundCard, base
from engine.dice import Dice
from engine.train import Position, Train, train_of

# Phases of the game flow (engine.flow).
PLANNING = "planning"  # Schemin' (B-6)
KEEPING = "keeping"  # Expert variant: choose the cards kept for the next round (V-1.2)
STEALING = "stealing"  # Stealin' (B-7)
EVENT = "event"  # the round card's event (B-10)
ROUND_END = "round-end"  # B-5.3
OVER = "over"  # B-8
SCENARIO = "scenario"  # a hand-built state driven step by step (engine.scenario): nothing runs by itself

# Turn kinds of a round card (DATA.md).
STANDARD, TUNNEL, SPEEDING_UP, SWITCHING = "S", "T", "D", "R"

NEUTRAL = "neutral"


@dataclass(frozen=True, slots=True)
class Options:
    """The game options RULES.md names, with its defaults."""

    setup: str = "advanced"  # B-3.5: first-game | advanced
    powers: bool = True  # B-3.8
    events: bool = True  # B-3.8
    django: str = "push"  # B-9.6: push | lone-gun
    belle: str = "any-other"  # B-9.5: any-other | same-position
    expert: bool = False  # V-1
    # V-1.2: discard-at-end | discard-on-draw; "" for the reading of the game's own rulebook:
    # discard-on-draw in the two-player game (V-3.6), discard-at-end otherwise.
    expert_bullets: str = ""
    horses: bool = False  # the Horses & Stagecoach expansion (H-1)
    # How players sit: one bandit each, two bandits each (V-2), the two-player game (V-3), teams (V-4).
    variant: str = "none"
    prisoners: bool = False  # the Marshal & Prisoners expansion: a player is the Marshal (M-1)
    silk: str = "movement"  # Silk's one power, chosen by the table (M-31)
    # The Choosing events variant (M-40): the round and station cards the table chose, the game's
    # five drawn from them; empty: drawn from all (B-3.5).
    chosen_events: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        object.__setattr__(self, "chosen_events", tuple(self.chosen_events))  # a list read from JSON
        if not self.expert_bullets:
            object.__setattr__(self, "expert_bullets",
                               "discard-on-draw" if self.variant == "two-player" else "discard-at-end")

    CHOICES: ClassVar[dict[str, tuple[str, ...]]] = {
        "variant": ("none", "two-bandits", "two-player", "teams"),
        "setup": ("first-game", "advanced"),
        "django": ("push", "lone-gun"),
        "belle": ("any-other", "same-position"),
        "expert_bullets": ("discard-at-end", "discard-on-draw"),
        "silk": ("movement", "dodge", "block"),
    }

    def problems(self) -> list[str]:
        found = [
            f"option {name} must be one of {', '.join(allowed)}"
            for name, allowed in self.CHOICES.items()
            if getattr(self, name) not in allowed
        ]
        if self.variant == "two-player" and not self.expert:
            found.append("the two-player game is played with the Expert variant (V-3.3)")
        if self.prisoners and self.variant != "none":
            found.append("Marshal & Prisoners is played with one bandit per player (M-1)")
        if len(set(self.chosen_events)) != len(self.chosen_events):
            found.append("each chosen round card once (M-40)")
        if self.prisoners and self.silk == "dodge":
            found.append("Silk's Dodge is chosen only when no player is the Marshal (M-31)")
        return found


@dataclass(slots=True)
class Bandit:
    name: str  # the character: ghost, doc, tuco, cheyenne, belle, django
    seat: int  # the seat (player) that controls this bandit
    at: Position
    loot: list[str] = field(default_factory=list)  # "purse:300", "jewel", "strongbox"
    revolver: int = 6  # bullet cards left to fire
    bullets_received: int = 0


@dataclass(slots=True)
class Seat:
    """A player: their cards. Top of the deck is the end of the list."""

    index: int
    bandits: list[str]
    deck: list[str] = field(default_factory=list)
    hand: list[str] = field(default_factory=list)
    discard: list[str] = field(default_factory=list)  # Expert variant only (V-1)


@dataclass(slots=True)
class PlayedCard:
    """A card on the common pile (B-6.2), in the order played."""

    card: str  # "ghost:move"
    seat: int
    face_down: bool
    # Who performs it when not the card's own bandit (a partner's card played by yours, V-4.3).
    bandit: str | None = None

    @property
    def performer(self) -> str:
        return self.bandit or self.card.partition(":")[0]


@dataclass(slots=True)
class Planning:
    """Where Schemin' stands: which turn of the round card, whose go, how many actions left."""

    turn: int = 0
    order: list[int] = field(default_factory=list)  # seats, in this turn's order
    index: int = 0  # position in ``order`` of the seat to act
    actions_left: int = 1  # 2 in a speeding-up turn (B-5.2)
    # The round card's turn kinds and the card they belong to: derived, not saved (planning.plan_kinds).
    kinds: str = field(default="", compare=False, repr=False)
    kinds_of: str | None = field(default=None, compare=False, repr=False)
    # Cards each seat keeps in hand for the next round while they are chosen (H-21, engine.attack_plan).
    kept: dict[str, list[str]] = field(default_factory=dict)


@dataclass(slots=True)
class Decision:
    """What the engine waits for: one seat's answer of ``kind``, with one of ``values``.

    The answer texts are ``options``: ``"<kind> <value>"``, e.g. ``"fire tuco"``.
    """

    seat: int
    bandit: str | None
    kind: str
    values: list[str]
    context: dict[str, Any] = field(default_factory=dict)

    @property
    def options(self) -> list[str]:
        prefix = self.kind + " "
        return [prefix + v for v in self.values]


Positions = list[str]


@dataclass
class Hooks:
    """The points where an expansion bends the base rules (engine.hooks registers the functions).

    They live beside ``Game``, which holds its own resolved hooks, because each hook's type names
    the game: the registry imports the model, never the other way round.
    """

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


def _base_game(options: Options, bandits: Collection[str]) -> Hooks:
    return _NO_HOOKS


_NO_HOOKS = Hooks()
# Which hooks a new game plays with. engine.hooks, the registry, puts its resolver here when it is
# imported (so the model needs no import of it); before any expansion registers, there are none.
resolve_hooks: Callable[[Options, Collection[str]], Hooks] = _base_game


@dataclass(slots=True)
class Game:
    options: Options
    wagons: tuple[str, ...]  # wagon names front to back; the locomotive is car 0
    seats: list[Seat]
    bandits: dict[str, Bandit]  # in seat order
    marshal: Position
    floor_loot: dict[Position, list[str]]
    dice: Dice
    neutral_bullets: int = 13
    neutral_bullets_removed: int = 0  # left the game in a shortage (B-7.10)
    second_strongbox: bool = True  # still beside the train (B-3.3, B-10.4)
    box: list[str] = field(default_factory=list)  # loot out of play (B-3.3), e.g. purses for B-10.8
    conductor_credits: int = 0  # $250 purses given when the box had none (B-10.8 ruling)
    round_deck: list[str] = field(default_factory=list)  # round cards still to come, next first
    round_no: int = 0
    round_card: str | None = None
    first_seat: int = 0
    phase: str = PLANNING
    planning: Planning = field(default_factory=Planning)
    pile: list[PlayedCard] = field(default_factory=list)
    cursor: int = 0  # next card of the pile to resolve
    pending: Decision | None = None
    step: int = 0  # answers applied so far; a button names the step it answers
    log: list[dict[str, Any]] = field(default_factory=list)
    seed: int | None = None
    # The Horses & Stagecoach expansion's part of the state (engine.horses.model.Coach), or None.
    coach: Any = None
    # A seating variant's part of the state (engine.variants), or None.
    pairs: Any = None
    # The Marshal & Prisoners expansion's part of the state (engine.prisoners.model.Prison), or None.
    prison: Any = None
    train: Train = field(init=False, repr=False, compare=False)  # derived from ``wagons``
    # The expansions' rules this game plays with, resolved once from its options and bandits.
    hooks: Hooks = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        self.train = train_of(self.wagons, self.options.horses)
        self.hooks = resolve_hooks(self.options, self.bandits)

    def current_round_card(self) -> RoundCard | None:
        if self.round_card is None:
            return None
        return _round_card(self.round_card, self.players())  # by players (B-3.5, V-2.1, M-1)

    def players(self) -> int:
        """The players who play bandits (B-3.5 chooses round cards by them; a Marshal player, M-1,
        does not count)."""
        return len([seat for seat in self.seats if seat.bandits])

    def seat_order(self, start: int, clockwise: bool = True) -> list[int]:
        return list(_seat_orders(len(self.seats))[start][clockwise])

    def bandits_in_seat_order(self) -> list[Bandit]:
        """Bandits from the first player's, clockwise (B-10.9)."""
        seats = self.seats
        bandits = self.bandits
        return [bandits[name] for s in _seat_orders(len(seats))[self.first_seat][1] for name in seats[s].bandits]

    def occupants(self, pos: Position) -> list[Bandit]:
        return [b for b in self.bandits.values() if b.at == pos]


@cache
def _round_card(name: str, players: int) -> RoundCard:
    """A round card's layout for this many players, asked at every event and station count."""
    return base().round_card(name, players)


@cache
def _seat_orders(seats: int) -> tuple[tuple[tuple[int, ...], tuple[int, ...]], ...]:
    """For each first seat: (counter-clockwise order, clockwise order)."""
    return tuple(
        (tuple((start - i) % seats for i in range(seats)), tuple((start + i) % seats for i in range(seats)))
        for start in range(seats)
    )


# Cards are short strings: "<bandit>:<action>" for action cards, "bullet:<shooter>" for bullet
# cards ("bullet:neutral" for the marshal's). The owner is in the text because a player may hold
# cards of more than one bandit (V-2, V-4).
BULLET = "bullet"


def card(bandit: str, action: str) -> str:
    return f"{bandit}:{action}"


def card_owner(card_text: str) -> str:
    return card_text.partition(":")[0]


def card_action(card_text: str) -> str:
    return card_text.partition(":")[2]


def is_bullet(card_text: str) -> bool:
    return card_text[:7] == "bullet:"


# Tokens that look alike to whoever takes them (an expansion's: a full old-whiskey flask is "a
# full flask", H-13), by token kind → the kind a player chooses.
LOOK_ALIKE: dict[str, str] = {}


def loot_kind(token: str) -> str:
    kind = token.partition(":")[0]
    return LOOK_ALIKE.get(kind, kind)


# Loot kinds whose tokens carry a hidden value in their text ("purse:300"; an expansion's mail bags).
VALUED = {"purse"}


def purse_value(token: str) -> int:
    """The value written in a valued token (a purse's, a mail bag's)."""
    return int(token.partition(":")[2])
