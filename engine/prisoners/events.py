"""The expansion's events (M-40), the base events a Marshal player changes, and the Reflex turn."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.decisions import answers, ask, record
from engine.events import EVENTS, finish_event, lose_lowest_purse
from engine.flow import resolve_next
from engine.hooks import HOOKS
from engine.marshal import marshal_car
from engine.model import EVENT, ROUND_END, Game, PlayedCard, is_bullet
from engine.prisoners.lawman import fire, move, prison_of
from engine.prisoners.model import Prison

REFLEX = "reflex"  # the phase of the Reflex turn (M-40)
ANGRY = "angry-marshal"  # the phase of the Angry Marshal's two actions with a Marshal player (M-40)
PASS = "pass"


def _begin(game: Game, phase: str, queue: list[str]) -> None:
    """An event of several steps runs as a phase of its own, then the round goes on (B-5.3)."""
    prison: Prison = game.prison
    prison.queue = queue
    prison.resume = ROUND_END if game.phase == EVENT else game.phase
    game.phase = phase


def rescue(game: Game) -> None:
    """M-40: all the loot inside the marshal's car goes onto its roof."""
    car = marshal_car(game)
    inside, roof = game.train.inside(car), game.train.roof(car)
    tokens = game.floor_loot.pop(inside, [])
    if tokens:
        game.floor_loot.setdefault(roof, []).extend(tokens)
        record(game, "rescue", at=inside, to=roof, count=len(tokens))
    finish_event(game)


def rumours(game: Game) -> None:
    """M-40: the Marshal reveals one of his current objectives at random."""
    prison: Prison = game.prison
    hidden = [o for o in prison.objectives if o not in prison.revealed]
    if hidden:
        objective = game.dice.choice(hidden)
        prison.revealed.append(objective)
        record(game, "rumour", objective=objective)
    finish_event(game)


def reflex(game: Game) -> None:
    """M-40: after Stealin', clockwise from the first player, each player may play one card of the
    hand kept at the end of Schemin'; it resolves at once."""
    _begin(game, REFLEX, [str(s) for s in game.seat_order(game.first_seat)])


def _reflex_next(game: Game) -> None:
    prison: Prison = game.prison
    while prison.queue:
        seat = game.seats[int(prison.queue.pop(0))]
        cards = sorted({c for c in seat.hand if not is_bullet(c)})
        if cards:
            ask(game, seat.index, None, REFLEX, [*cards, PASS], holder=seat.index)
            return
    if not game.options.expert:
        for seat in game.seats:  # B-6.6, after the Reflex turn
            seat.deck.extend(seat.hand)
            seat.hand = []
    game.phase = prison.resume


@answers(REFLEX)
def _reflex_card(game: Game, bandit: str | None, card: str, context: dict[str, Any]) -> None:
    if card == PASS:
        record(game, "pass", seat=context["holder"], how=REFLEX)
        return
    seat = game.seats[context["holder"]]
    seat.hand.remove(card)
    game.pile.append(PlayedCard(card, seat.index, face_down=False))
    record(game, "play", seat=seat.index, face_down=False, card=card, how=REFLEX)
    resolve_next(game)


def angry_marshal(game: Game) -> None:
    """M-40: with a Marshal player, he may do a Fire action then a Move action, without cards."""
    _begin(game, ANGRY, ["fire", "move"])


def _angry_next(game: Game) -> None:
    prison: Prison = game.prison
    if not prison.queue or prison.fallen:
        prison.queue = []
        game.phase = prison.resume
        return
    action = prison.queue.pop(0)
    (fire if action == "fire" else move)(game, prison, optional=True)


def marshals_revenge(game: Game) -> None:
    """M-40: bandits inside or on the roof of the Marshal's car lose their lowest purse."""
    car = marshal_car(game)
    lose_lowest_purse(game, [game.train.inside(car), game.train.roof(car)])
    finish_event(game)


def at_the_count(game: Game) -> None:
    """Stations whose effect comes at the end of the game (engine.prisoners.objectives), or in
    their round's actions (Deadly fall)."""
    finish_event(game)


def with_marshal_player(base: Callable[[Game], None], changed: Callable[[Game], None]) -> Callable[[Game], None]:
    """A base event as M-40 changes it when a player is the Marshal."""
    return lambda game: (changed if prison_of(game) is not None else base)(game)


EVENTS.update({
    "rescue": rescue,
    "rumours": rumours,
    "reflex": reflex,
    "the-repentant": at_the_count,
    "deadly-fall": at_the_count,
    "crime-doesnt-pay": at_the_count,
    "angry-marshal": with_marshal_player(EVENTS["angry-marshal"], angry_marshal),
    "marshals-revenge": with_marshal_player(EVENTS["marshals-revenge"], marshals_revenge),
})
HOOKS.phases[REFLEX] = _reflex_next
HOOKS.phases[ANGRY] = _angry_next
