"""The expansion in Schemin': the Brilliant idea as a draw option (M-3), the Marshal's "+" cards
(M-7), the Shake turn (M-40) and the hands kept for Reflex (M-40)."""

from __future__ import annotations

from engine.hooks import HOOKS
from engine.model import STANDARD, STEALING, Game, Seat, card_action
from engine.planning import plan_kinds
from engine.prisoners.data import prisoners_data
from engine.prisoners.idea import idea_within_reach
from engine.prisoners.lawman import prison_of
from engine.prisoners.model import IDEA, SHAKE

SHAKEN = ("fire", "punch")  # nobody may play these in a Shake turn (M-40)


def _plan_answers(game: Game, seat: Seat, values: list[str]) -> list[str]:
    prison = prison_of(game)
    if prison is None:
        return values
    if seat.index == prison.seat and prison.chain:
        # M-7: after a "+" card he may play one more card, never draw instead.
        values = [v for v in values if v.startswith("play ")] + ["pass"]
    elif idea_within_reach(game, seat):
        values = [*values, IDEA]
    if plan_kinds(game)[game.planning.turn] == SHAKE:
        values = [v for v in values if card_action(v.partition(" ")[2]) not in SHAKEN]
    return values


def _played(game: Game, seat: Seat, card: str, kind: str, face_down: bool) -> None:
    """M-7: a "+" card played in a Standard turn lets him play one more card at once."""
    prison = prison_of(game)
    if prison is None or seat.index != prison.seat:
        return
    # After old whiskey, two cards at most, "+" or not (M-40, A shot for the marshal).
    prison.chain = (kind == STANDARD and card_action(card) in prisoners_data().chain_cards
                    and not prison.old_whiskey)
    if prison.chain:
        game.planning.actions_left += 1


def _go_over(game: Game, seat: Seat) -> None:
    prison = prison_of(game)
    if prison is not None:
        prison.chain = prison.old_whiskey = False


def reflex_round(game: Game) -> bool:
    card = game.current_round_card()
    return game.options.events and card is not None and card.event == "reflex"


def _planning_over(game: Game) -> bool:
    """Reflex (M-40): everyone keeps their hand for the Reflex turn; the hands go back after it."""
    if prison_of(game) is None or not reflex_round(game):
        return False
    game.phase = STEALING
    return True


HOOKS.plan_answers.append(_plan_answers)
HOOKS.played.append(_played)
HOOKS.go_over.append(_go_over)
HOOKS.planning_over.append(_planning_over)
