"""The Attack-plan bonus (H-21, and the Marshal & Prisoners round card that has it, M-40).

Round cards of both expansions carry attack-plan symbols; per symbol, each player may keep one card
of their hand for the next round. Each expansion registers its cards' symbols in ``SYMBOLS`` when
its data is read; the rule itself lives here, once, for whichever expansion's card is in play.
"""

from __future__ import annotations

from typing import Any

from engine.decisions import answers, ask, record
from engine.hooks import HOOKS, scope
from engine.model import Game, is_bullet
from engine.planning import hands_back

KEEP = "keep-card"
ATTACK_PLAN = "attack-plan"  # the phase between Schemin' and Stealin' while cards are kept (H-21)

# Round card → its attack-plan symbols, from the expansions' data files.
SYMBOLS: dict[str, int] = {}


def attack_plan_symbols(game: Game) -> int:
    return SYMBOLS.get(str(game.round_card), 0)


def _planning_over(game: Game) -> bool:
    """H-21: per attack-plan symbol on the round card, each player may keep one card of their hand
    for the next round (not with the Expert variant, V-1.6)."""
    if game.options.expert or not attack_plan_symbols(game):
        return False
    game.planning.kept = {}
    game.phase = ATTACK_PLAN
    _ask_keep(game, game.seat_order(game.first_seat))
    return True


def _ask_keep(game: Game, queue: list[int]) -> None:
    """Ask the first seat of ``queue`` that may still keep a card; when none may, Stealin'."""
    plan = game.planning
    while queue:
        seat = game.seats[queue[0]]
        kept = plan.kept.get(str(seat.index), [])
        left = list(seat.hand)
        for c in kept:
            left.remove(c)
        choices = sorted({c for c in left if not is_bullet(c)})
        if len(kept) < attack_plan_symbols(game) and choices:
            ask(game, seat.index, None, KEEP, ["done", *choices], queue=queue)
            return
        queue = queue[1:]
    kept_cards = {int(s): cards for s, cards in plan.kept.items()}
    plan.kept = {}
    record(game, "attack-plan", kept={s: len(c) for s, c in kept_cards.items()})
    hands_back(game, kept_cards)


@answers(KEEP)
def _keep(game: Game, bandit: str | None, card: str, context: dict[str, Any]) -> None:
    queue: list[int] = list(context["queue"])
    if card == "done":
        _ask_keep(game, queue[1:])
        return
    game.planning.kept.setdefault(str(queue[0]), []).append(card)
    _ask_keep(game, queue)


def _resume_keeping(game: Game) -> None:
    """The phase's step when nobody is being asked (never after an answer, which asks the next)."""
    _ask_keep(game, [s for s in game.seat_order(game.first_seat) if str(s) not in game.planning.kept])


# Only the expansions' round cards carry the symbols.
scope(__name__, lambda options, bandits: options.horses or options.prisoners)
HOOKS.planning_over.append(_planning_over)
HOOKS.phases[ATTACK_PLAN] = _resume_keeping
