"""The expansion in Schemin': drinking whiskey (H-13), the Mêlée turn (H-20) and the hostages that
change a seat's cards (H-12: Poodle, Minister, Photographer)."""

from __future__ import annotations

from collections.abc import Callable

from engine.decisions import record
from engine.hooks import HOOKS
from engine.horses.model import HALF, MELEE, Coach, is_flask
from engine.horses.rules import drink_from, holds
from engine.model import BULLET, NEUTRAL, STANDARD, Game, Seat, card_owner
from engine.planning import DRAW_SIZE, draw, plan_kinds

DRINK = "drink"
OLD = "old-whiskey"


def _coach(game: Game) -> Coach | None:
    return game.coach if game.options.horses else None


def _seat_holds(game: Game, seat: Seat, hostage: str) -> bool:
    return any(holds(game, game.bandits[name], hostage) for name in seat.bandits)


# --- whiskey (H-13) ------------------------------------------------------------------------------


# A player's own flasks besides their bandits' loot (the Marshal player's sheet, M-40): the
# drinker's name and the list that holds them, or None.
SHEETS: list[Callable[[Game, Seat], tuple[str, list[str]] | None]] = []
# After a seat drank a flask (its kind, full or half-drunk): the Marshal player's old whiskey caps
# his go at two cards (M-40).
DRUNK: list[Callable[[Game, Seat, str], None]] = []


def flasks_of(game: Game, seat: Seat) -> dict[str, tuple[str, list[str]]]:
    """Each flask a seat may drink → who holds it and the list it lies in."""
    held = [(name, game.bandits[name].loot) for name in seat.bandits]
    held += [sheet for sheet in (own(game, seat) for own in SHEETS) if sheet is not None]
    return {t: (name, tokens) for name, tokens in held for t in tokens if is_flask(t)}


def _plan_answers(game: Game, seat: Seat, values: list[str]) -> list[str]:
    coach = _coach(game)
    if coach is None:
        return values
    if _seat_holds(game, seat, "photographer"):
        values = [v for v in values if not v.startswith("hide ")]  # no card face down (H-12)
    if coach.tipsy == seat.index:  # after a drink: play only (H-13)
        return [v for v in values if v != "draw"]
    if plan_kinds(game)[game.planning.turn] == STANDARD and game.planning.actions_left == 1:
        values = values + [f"{DRINK} {t}" for t in sorted(flasks_of(game, seat))]
    return values


def _drink(game: Game, seat: Seat, flask: str) -> bool:
    """Before playing or drawing: whiskey draws 3 then one card is played; old whiskey plays two
    cards in a row; neither allows a draw (H-13). The drink is not the go's action."""
    coach = game.coach
    drinker, flasks = flasks_of(game, seat).get(flask, (str(seat.index), []))
    drink_from(game, drinker, flasks, flask)
    coach.tipsy = seat.index
    for drunk in DRUNK:
        drunk(game, seat, flask)
    if flask.removesuffix(HALF) == OLD:
        game.planning.actions_left += 1
    else:
        drawn = draw(game, seat, DRAW_SIZE)
        record(game, "draw", seat=seat.index, cards=drawn)
    return False


def _go_over(game: Game, seat: Seat) -> None:
    coach = _coach(game)
    if coach is not None:
        coach.tipsy = None


# --- the Mêlée turn (H-20) and the Photographer (H-12) -------------------------------------------


def _face_down(game: Game, played: str, kind: str, hidden: bool) -> bool:
    coach = _coach(game)
    if coach is None:
        return hidden
    if coach.held.get(card_owner(played)) == "photographer":  # a Marshal player holds none (M-50)
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
