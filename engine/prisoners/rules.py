"""The cell (M-2), the prisoners (M-4), the round's maluses (M-8) and Deadly fall's throw (M-40):
how the expansion bends the bandits' actions."""

from __future__ import annotations

from typing import Any

from engine.actions import rob_kinds
from engine.decisions import ask
from engine.hooks import HOOKS
from engine.marshal import enter
from engine.model import Bandit, Game
from engine.prisoners.data import prisoners_data
from engine.prisoners.lawman import deadly_fall, prison_of
from engine.prisoners.model import FALLEN, IDEA, cell
from engine.train import Position


def _forbidden(game: Game, bandit: Bandit, action: str) -> str | None:
    """M-2: in the cell only a Brilliant idea does anything. M-8: a round's malus stops its
    action, but not when a Brilliant idea copies it (M-3)."""
    prison = prison_of(game)
    if prison is None:
        return None
    if bandit.at == cell(game) and action != IDEA:
        return "cell"
    if not prison.copying:
        stops = prisoners_data().round_maluses
        for malus in prison.maluses.get(bandit.name, ()):
            if stops[malus] == action:
                return malus
    return None


def _lent(game: Game, bandit: Bandit, character: str) -> bool:
    """M-4: a prisoner lends their hero's power to whoever holds them, unless it is the hero."""
    prison = prison_of(game)
    return prison is not None and prison.held.get(bandit.name) == character != bandit.name


def _robbed(game: Game, bandit: Bandit, context: dict[str, Any]) -> None:
    """M-4: the hero of the prisoner they hold takes a second token when one is left."""
    prison = prison_of(game)
    if prison is None or context.get("again") or prison.held.get(bandit.name) != bandit.name:
        return
    kinds = rob_kinds(game, bandit)
    if kinds:
        ask(game, bandit.seat, bandit.name, "rob", kinds, again=True)


def _shove_ends(game: Game, victim: Bandit, ends: list[Position]) -> list[Position]:
    """Deadly fall (M-40): a punch on a roof may throw the victim off the train instead."""
    train = game.train
    if prison_of(game) is not None and deadly_fall(game) and train.on_train(victim.at) and train.is_roof(victim.at):
        return [*ends, FALLEN]
    return ends


def _pushed_off(game: Game, victim: Bandit) -> bool:
    """Deadly fall (M-40): Django's push throws off a victim on the roof of either end car."""
    train = game.train
    if prison_of(game) is None or not deadly_fall(game) or not train.is_roof(victim.at):
        return False
    enter(game, victim, FALLEN, how="push")
    return True


HOOKS.forbidden.append(_forbidden)
HOOKS.borrowed_powers.append(_lent)
HOOKS.robbed.append(_robbed)
HOOKS.shove_ends.append(_shove_ends)
HOOKS.pushed_off.append(_pushed_off)
