"""The game's state machine: who must decide what, and one answer at a time.

``advance`` runs the rules until a decision needs a player; ``apply`` checks one answer against
the pending decision, carries it out and advances again. Nothing here blocks or waits, so a
game can be saved and resumed between any two answers.
"""

from __future__ import annotations

from engine import events  # noqa: F401  (registers the event decisions)
from engine.actions import perform
from engine.data import base
from engine.decisions import HANDLERS, record
from engine.errors import IllegalAnswer, NoDecisionPending
from engine.events import run_event
from engine.model import (
    EVENT,
    OVER,
    PLANNING,
    ROUND_END,
    STEALING,
    Decision,
    Game,
)
from engine.planning import end_round_cards, plan_next, start_round
from engine.scoring import scores, winners


class StaleAnswer(IllegalAnswer):
    """An answer meant for an earlier decision (a button clicked after the game moved on)."""


class NotYourDecision(IllegalAnswer):
    """An answer from a seat that is not the one being asked."""


def pending(game: Game) -> Decision | None:
    return game.pending


def legal_answers(game: Game) -> list[str]:
    return list(game.pending.options) if game.pending else []


def apply(game: Game, answer: str, *, seat: int | None = None, step: int | None = None) -> None:
    """Carry out one answer to the pending decision; an illegal one raises and changes nothing.

    ``seat`` and ``step``, when given, must be the asked seat and the current step: that is how a
    stale or foreign click is told apart from a good one.
    """
    decision = game.pending
    if decision is None:
        raise NoDecisionPending("nobody has to decide anything: the game is over")
    if step is not None and step != game.step:
        raise StaleAnswer(f"that answer was for step {step}; the game is at step {game.step}")
    if seat is not None and seat != decision.seat:
        raise NotYourDecision(f"seat {seat} answered, but seat {decision.seat} is being asked")
    kind, _, value = answer.partition(" ")
    if kind != decision.kind or value not in decision.values:
        raise IllegalAnswer(
            f"{answer!r} is not a legal answer to {decision.kind!r}; legal: {', '.join(decision.options)}"
        )
    game.pending = None
    game.step += 1
    HANDLERS[kind](game, decision.bandit, value, decision.context)
    advance(game)


def advance(game: Game) -> None:
    """Run the rules until someone must decide or the game is over."""
    while game.pending is None:
        phase = game.phase
        if phase == PLANNING:
            plan_next(game)
        elif phase == STEALING:
            resolve_next(game)
        elif phase == EVENT:
            event = _event_now(game)
            run_event(game, str(event))
        elif phase == ROUND_END:
            end_round(game)
        elif phase in game.hooks.phases:
            game.hooks.phases[phase](game)
        else:
            return


def _event_now(game: Game) -> str | None:
    card = game.current_round_card()
    return card.event if card else None


def resolve_next(game: Game) -> None:
    """B-7.1: the next card of the pile, in the order played; face-down ones are revealed now."""
    if game.cursor >= len(game.pile):
        event = _event_now(game)
        game.phase = EVENT if game.options.events and event else ROUND_END
        return
    played = game.pile[game.cursor]
    game.cursor += 1
    action = played.card.partition(":")[2]
    name = played.performer
    hooks = game.hooks
    if hooks.in_play and not all(in_play(game, name) for in_play in hooks.in_play):
        return  # off the board for good (escaped, H-22): the card is not revealed nor resolved
    record(game, "resolve", seat=played.seat, bandit=name, card=played.card,
           index=game.cursor - 1, face_down=played.face_down)
    if name in hooks.performers:  # a player who is not a bandit (the Marshal, M-7)
        hooks.performers[name](game, action)
    else:
        perform(game, action, game.bandits[name])


def end_round(game: Game) -> None:
    """B-5.3, B-5.4: cards back to their owners; the next first player, or the final count.

    An expansion's end of round (the stagecoach's move, H-10) comes first and may ask someone
    something; it is then run again after the answer and must not repeat what it did.
    """
    for hook in game.hooks.round_over:
        hook(game)
        if game.pending is not None:
            return
    end_round_cards(game)
    if game.round_no >= base().rounds:
        game.phase = OVER
        record(game, "game-over", scores=scores(game), winners=winners(game))
        return
    game.first_seat = (game.first_seat + 1) % len(game.seats)
    for next_first in game.hooks.next_first:
        game.first_seat = next_first(game, game.first_seat)
    start_round(game)
