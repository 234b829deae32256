"""A player with two bandits: the 2016 variant for 2 or 3 players (V-2) and the two-player game
of 2014/2015 (V-3).

V-2.3 their 11-card deck, V-2.4 / V-3.5 the secret placement, V-2.5 the card taken before the
deal, V-2.6 the cover rule, V-2.7 / V-3.3 a player's bandits scored together, V-2.8 the
Gunslinger (none in V-3.3), V-2.9 Ghost's face-down first card of either bandit.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from engine.actions import has_power
from engine.data import base
from engine.decisions import answers, ask, record
from engine.hooks import HOOKS
from engine.model import (
    BULLET,
    PLANNING,
    STANDARD,
    TUNNEL,
    Bandit,
    Game,
    Options,
    Seat,
    card,
    card_action,
    card_owner,
)
from engine.planning import deal, plan_kinds, start_round
from engine.setup import Seating

TWO_BANDITS, TWO_PLAYER = "two-bandits", "two-player"
PLACING = "placing"  # the phase before round 1 while players place their bandits (V-2.4)
HIDDEN = "placing"  # where a bandit is until its player has placed it (off the board)
PICKING = "picking"  # the phase at a round's start while players take a card (V-2.5)
NOT_COVER = "marshal"  # the action a cover card may not be (V-2.6)


def paired(options: Options) -> bool:
    return options.variant in (TWO_BANDITS, TWO_PLAYER)


@dataclass(slots=True)
class Pairs:
    placed: dict[str, str] = field(default_factory=dict)  # seat → its bandit for the caboose (secret)
    cover: int | None = None  # the seat that may now play a cover card (V-2.6)

    def to_json(self) -> dict[str, Any]:
        return {"placed": dict(self.placed), "cover": self.cover}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Pairs:
        return cls(placed={str(k): str(v) for k, v in data["placed"].items()}, cover=data.get("cover"))


def eleven_cards(bandits: Sequence[str]) -> list[str]:
    """V-2.3: each bandit's action cards without the duplicates, one Marshal (the first bandit's):
    Move, Change floor, Punch, Fire, Rob ×2 and Marshal ×1, each card its bandit's."""
    first = bandits[0]
    return [card(b, action) for b in bandits for action, _ in base().action_cards
            if action != NOT_COVER or b == first]


LEADERS, PARTNERS = ("ghost", "doc", "belle"), ("tuco", "cheyenne", "django")


def pairings(rng: random.Random) -> list[list[str]]:
    """V-2.2: Ghost, Doc and Belle each paired at random with one of Tuco, Cheyenne and Django."""
    partners = list(PARTNERS)
    rng.shuffle(partners)
    return [[leader, partner] for leader, partner in zip(LEADERS, partners, strict=True)]


def _cast(rng: random.Random, players: int) -> list[list[str]]:
    return rng.sample(pairings(rng), players)


def _seating(options: Options) -> Seating | None:
    if options.variant == TWO_BANDITS:  # V-2.1: 2 players, 3 wagons; 3 players, 4 wagons
        return Seating(2, 3, 2, wagons=lambda players: players + 1, deck=eleven_cards, cast=_cast)
    if options.variant == TWO_PLAYER:  # V-3.1: the locomotive and 4 wagons
        return Seating(2, 2, 2, wagons=lambda players: 4, deck=eleven_cards, cast=_cast)
    return None


# --- placement (V-2.4, V-3.5) --------------------------------------------------------------------


def _set_up(game: Game) -> None:
    """Each player secretly picks the bandit for the caboose; the other starts in front of it.
    With Horses & Stagecoach the horse attack places every bandit instead (H-2)."""
    if not paired(game.options):
        return
    game.pairs = Pairs()
    if game.options.horses:
        return
    for bandit in game.bandits.values():
        bandit.at = HIDDEN
    game.phase = PLACING


def _placing(game: Game) -> None:
    pairs: Pairs = game.pairs
    for index in game.seat_order(game.first_seat):
        if str(index) not in pairs.placed:
            seat = game.seats[index]
            ask(game, index, None, "place", list(seat.bandits))
            return
    caboose = game.train.caboose
    record(game, "placement", caboose=sorted(pairs.placed.values()))  # the fists open (V-2.4)
    for seat_key, name in pairs.placed.items():
        for bandit in game.seats[int(seat_key)].bandits:
            to = game.train.inside(caboose if bandit == name else caboose - 1)
            game.bandits[bandit].at = to
            record(game, "move", bandit=bandit, at=HIDDEN, to=to, how="placement")
    pairs.placed.clear()
    game.phase = PLANNING
    start_round(game)


@answers("place")
def _place(game: Game, bandit: str | None, name: str, context: dict[str, Any]) -> None:
    seat = game.bandits[name].seat
    game.pairs.placed[str(seat)] = name
    record(game, "placed", seat=seat, secret={"caboose": name}, seen_by=[seat])


# --- the start of a round (V-2.5) ----------------------------------------------------------------


def _before_deal(game: Game) -> bool:
    if game.options.variant != TWO_BANDITS:
        return False
    game.phase = PICKING
    _ask_pick(game, game.seat_order(game.first_seat))
    return True


def _ask_pick(game: Game, queue: list[int]) -> None:
    if not queue:
        game.phase = PLANNING
        deal(game)
        return
    seat = game.seats[queue[0]]
    cards = sorted({c for c in seat.deck if not c.startswith(BULLET + ":")})
    if not cards:
        _ask_pick(game, queue[1:])
        return
    ask(game, seat.index, None, "take-card", cards, holder=seat.index, queue=queue[1:])


@answers("take-card")
def _take(game: Game, bandit: str | None, taken: str, context: dict[str, Any]) -> None:
    """The card chosen from the deck before the shuffle: the hand is then 7 (Doc's team 8)."""
    seat = game.seats[int(context["holder"])]
    seat.deck.remove(taken)
    seat.hand.append(taken)
    record(game, "take-card", seat=seat.index, secret={"card": taken}, seen_by=[seat.index])
    _ask_pick(game, list(context["queue"]))


def given_this_round(game: Game, seat: Seat, kind: str) -> int:
    """How many ``kind`` events (a card given before the hand is completed) ``seat`` had this round."""
    count = 0
    for event in reversed(game.log):
        if event["type"] == "round":
            break
        if event["type"] == kind and event["seat"] == seat.index:
            count += 1
    return count


def _dealt_first(game: Game, seat: Seat) -> int:
    return given_this_round(game, seat, "take-card") if game.options.variant == TWO_BANDITS else 0


def _hand_size(game: Game, seat: Seat, size: int) -> int:
    return size + 1 if game.options.variant == TWO_BANDITS else size  # the card taken (V-2.5)


# --- the cover rule (V-2.6) and Ghost (V-2.9) ----------------------------------------------------


def _played(game: Game, seat: Seat, played: str, kind: str, face_down: bool) -> None:
    """A Fire played face up in a Standard turn lets its player play a card of the other bandit at
    once; a cover card that is a Fire gives no further cover (Ruling)."""
    pairs: Pairs | None = game.pairs
    if game.options.variant != TWO_BANDITS or pairs is None:
        return
    if pairs.cover == seat.index:
        pairs.cover = None
        return
    if kind == STANDARD and not face_down and card_action(played) == "fire":
        pairs.cover = seat.index
        game.planning.actions_left += 1
        record(game, "cover", seat=seat.index, bandit=card_owner(played))


def _plan_answers(game: Game, seat: Seat, values: list[str]) -> list[str]:
    pairs: Pairs | None = game.pairs
    if game.options.variant != TWO_BANDITS or pairs is None:
        return values
    if pairs.cover == seat.index:
        shooter = card_owner(game.pile[-1].card)
        cover = [v for v in values if v.startswith("play ") and card_owner(v[5:]) != shooter
                 and card_action(v[5:]) != NOT_COVER]
        return [*cover, "pass"]  # "pass": no cover card
    if game.planning.turn == 0 and plan_kinds(game)[0] != TUNNEL and any(
            has_power(game, game.bandits[n], "ghost") for n in seat.bandits):
        hidden = {v[5:] for v in values if v.startswith("hide ")}
        values = values + [f"hide {v[5:]}" for v in values if v.startswith("play ") and v[5:] not in hidden]
    return values


def _go_over(game: Game, seat: Seat) -> None:
    if game.pairs is not None:
        game.pairs.cover = None


# --- the final count (V-2.7, V-2.8, V-3.3) -------------------------------------------------------


def _sides(game: Game, groups: list[list[str]]) -> list[list[str]]:
    return [list(seat.bandits) for seat in game.seats] if paired(game.options) else groups


def _penalty(game: Game, side: list[str]) -> int:
    """V-2.8: one less for each bullet of the player's own colours in their own cards."""
    if game.options.variant != TWO_BANDITS:
        return 0
    seat = game.seats[game.bandits[side[0]].seat]
    return sum(1 for c in seat.deck + seat.hand + seat.discard if c.partition(":")[2] in side
               and c.startswith(BULLET + ":"))


def _gunslingers(game: Game, titled: list[str]) -> list[str]:
    return [] if game.options.variant == TWO_PLAYER else titled  # no Gunslinger (V-3.3)


def _company(game: Game, django: Bandit, others: list[str]) -> list[str]:
    """V-3.4: in the two-player game Django is a lone gun alone or alone with his partner."""
    if game.options.variant != TWO_PLAYER:
        return others
    return [n for n in others if n not in game.bandits or game.bandits[n].seat != django.seat]


def _to_json(game: Game, data: dict[str, Any]) -> None:
    if game.pairs is not None:
        data["pairs"] = game.pairs.to_json()


def _from_json(game: Game, data: dict[str, Any]) -> None:
    if data.get("pairs") is not None:
        game.pairs = Pairs.from_json(data["pairs"])


HOOKS.seating.append(_seating)
HOOKS.setup.append(_set_up)
HOOKS.phases[PLACING] = _placing
HOOKS.phases[PICKING] = lambda game: _ask_pick(game, [])
HOOKS.off_board.add(HIDDEN)
HOOKS.before_deal.append(_before_deal)
HOOKS.hand_size.append(_hand_size)
HOOKS.dealt_first.append(_dealt_first)
HOOKS.played.append(_played)
HOOKS.plan_answers.append(_plan_answers)
HOOKS.go_over.append(_go_over)
HOOKS.sides.append(_sides)
HOOKS.gunslinger_penalty.append(_penalty)
HOOKS.gunslingers.append(_gunslingers)
HOOKS.company.append(_company)
HOOKS.to_json.append(_to_json)
HOOKS.from_json.append(_from_json)
