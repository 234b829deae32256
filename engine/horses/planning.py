"""The expansion in Schemin': drinking whiskey (H-13), the Mêlée turn (H-20) and the hostages that
change a seat's cards (H-12: Poodle, Minister, Photographer)."""

from __future__ import annotations

from typing import Any

from engine.decisions import answers, ask, record
from engine.hooks import HOOKS
from engine.horses.data import horses_data
from engine.horses.model import HALF, MELEE, Coach, is_flask
from engine.horses.rules import drink, holds
from engine.model import BULLET, NEUTRAL, STANDARD, Game, Seat, card_owner, is_bullet
from engine.planning import DRAW_SIZE, draw, hands_back, plan_kinds

DRINK = "drink"
OLD = "old-whiskey"


def _coach(game: Game) -> Coach | None:
    return game.coach if game.options.horses else None


def _seat_holds(game: Game, seat: Seat, hostage: str) -> bool:
    return any(holds(game, game.bandits[name], hostage) for name in seat.bandits)


# --- whiskey (H-13) ------------------------------------------------------------------------------


def _plan_answers(game: Game, seat: Seat, values: list[str]) -> list[str]:
    coach = _coach(game)
    if coach is None:
        return values
    if _seat_holds(game, seat, "photographer"):
        values = [v for v in values if not v.startswith("hide ")]  # no card face down (H-12)
    if coach.tipsy == seat.index:  # after a drink: play only (H-13)
        return [v for v in values if v != "draw"]
    if plan_kinds(game)[game.planning.turn] == STANDARD and game.planning.actions_left == 1:
        flasks = sorted({t for name in seat.bandits for t in game.bandits[name].loot if is_flask(t)})
        values = values + [f"{DRINK} {t}" for t in flasks]
    return values


def _drink(game: Game, seat: Seat, flask: str) -> None:
    """Instead of playing or drawing: whiskey draws 3 then one card is played; old whiskey plays
    two cards in a row; neither allows a draw (H-13)."""
    coach = game.coach
    drinker = next(game.bandits[n] for n in seat.bandits if flask in game.bandits[n].loot)
    drink(game, drinker, flask)
    coach.tipsy = seat.index
    if flask.removesuffix(HALF) == OLD:
        game.planning.actions_left += 1
    else:
        drawn = draw(game, seat, DRAW_SIZE)
        record(game, "draw", seat=seat.index, cards=drawn)


def _go_over(game: Game, seat: Seat) -> None:
    coach = _coach(game)
    if coach is not None:
        coach.tipsy = None


# --- the Mêlée turn (H-20) and the Photographer (H-12) -------------------------------------------


def _face_down(game: Game, played: str, kind: str, hidden: bool) -> bool:
    coach = _coach(game)
    if coach is None:
        return hidden
    if holds(game, game.bandits[card_owner(played)], "photographer"):
        hidden = False  # never face down, not even in a tunnel or as Ghost (H-12 Ruling)
    if kind == MELEE and not hidden:
        coach.melee.append(len(game.pile))  # hidden until everyone has chosen
        return True
    return hidden


def _turn_over(game: Game, kind: str) -> None:
    """H-20: everyone's Mêlée card is shown at once (Ghost's hidden one stays face down)."""
    coach = _coach(game)
    if coach is None or not coach.melee:
        return
    shown = []
    for index in coach.melee:
        played = game.pile[index]
        played.face_down = False
        shown.append({"seat": played.seat, "card": played.card})
    coach.melee.clear()
    record(game, "melee-reveal", cards=shown)


# --- hostages at the start of a round (H-12) -----------------------------------------------------


def _round_starts(game: Game) -> None:
    """The Poodle: a neutral bullet into the holder's deck (none once they are gone); it is not a
    bullet received (H-12 Ruling)."""
    if _coach(game) is None:
        return
    for bandit in game.bandits_in_seat_order():
        if holds(game, bandit, "poodle") and game.neutral_bullets > 0:
            game.neutral_bullets -= 1
            game.seats[bandit.seat].deck.append(f"{BULLET}:{NEUTRAL}")  # not "received" (H-12 Ruling)
            record(game, "poodle", bandit=bandit.name)


def _hand_size(game: Game, seat: Seat, size: int) -> int:
    """The Minister: one card fewer (H-12)."""
    return size - 1 if _coach(game) is not None and _seat_holds(game, seat, "minister") else size


HOOKS.plan_answers.append(_plan_answers)
HOOKS.plan_verbs[DRINK] = _drink
HOOKS.go_over.append(_go_over)
HOOKS.face_down.append(_face_down)
HOOKS.turn_over.append(_turn_over)
HOOKS.round_starts.append(_round_starts)
HOOKS.hand_size.append(_hand_size)


# --- the Attack-plan bonus (H-21) ----------------------------------------------------------------

KEEP = "keep-card"
ATTACK_PLAN = "attack-plan"  # the phase between Schemin' and Stealin' while cards are kept (H-21)


def attack_plan_symbols(game: Game) -> int:
    return horses_data().attack_plan.get(str(game.round_card), 0)


def _planning_over(game: Game) -> bool:
    """H-21: per attack-plan symbol on the round card, each player may keep one card of their hand
    for the next round (not with the Expert variant, V-1.6)."""
    coach = _coach(game)
    if coach is None or game.options.expert or not attack_plan_symbols(game):
        return False
    coach.kept = {}
    game.phase = ATTACK_PLAN
    _ask_keep(game, game.seat_order(game.first_seat))
    return True


def _ask_keep(game: Game, queue: list[int]) -> None:
    """Ask the first seat of ``queue`` that may still keep a card; when none may, Stealin'."""
    coach = game.coach
    while queue:
        seat = game.seats[queue[0]]
        kept = coach.kept.get(str(seat.index), [])
        left = list(seat.hand)
        for c in kept:
            left.remove(c)
        choices = sorted({c for c in left if not is_bullet(c)})
        if len(kept) < attack_plan_symbols(game) and choices:
            ask(game, seat.index, None, KEEP, ["done", *choices], queue=queue)
            return
        queue = queue[1:]
    kept_cards = {int(s): cards for s, cards in coach.kept.items()}
    coach.kept = {}
    record(game, "attack-plan", kept={s: len(c) for s, c in kept_cards.items()})
    hands_back(game, kept_cards)


@answers(KEEP)
def _keep(game: Game, bandit: str | None, card: str, context: dict[str, Any]) -> None:
    queue: list[int] = list(context["queue"])
    if card == "done":
        _ask_keep(game, queue[1:])
        return
    game.coach.kept.setdefault(str(queue[0]), []).append(card)
    _ask_keep(game, queue)


def _resume_keeping(game: Game) -> None:
    """The phase's step when nobody is being asked (never after an answer, which asks the next)."""
    _ask_keep(game, [s for s in game.seat_order(game.first_seat) if str(s) not in game.coach.kept])


HOOKS.planning_over.append(_planning_over)
HOOKS.phases[ATTACK_PLAN] = _resume_keeping
