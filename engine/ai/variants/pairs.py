"""The normal bandit's rules of thumb for a player with two bandits (V-2, V-3), over its seat's view.

engine.ai.normal already judges each card from the bandit who performs it, never values hurting
its own other bandit and weighs rivals by side; this module adds the variant's own decisions,
through the AI's hooks (engine.ai.hooks, registered at the end):

- the cover rule (V-2.6): a face-up Fire in a Standard turn is worth more when the other bandit
  holds a good card to play at once; offered the cover, it plays the other bandit's best card, or
  passes when none is worth a card of the hand (``COVER_KEEP``);
- the card taken before the deal (V-2.5): the card of either bandit that does most from where
  that bandit stands now (a Rob where loot lies, a Move toward it, a Fire with a target …), a Fire
  counting for more: in hand it opens a cover in any Standard turn;
- the placement (V-2.4, V-3.5): Django in the caboose (his shots then push victims toward the
  front and the marshal), otherwise either.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from engine.actions import has_power
from engine.ai.hooks import HOOKS
from engine.ai.normal import Table, card_worth
from engine.model import STANDARD, Decision, Options, card_action, card_owner, is_bullet
from engine.variants.pairs import NOT_COVER, TWO_BANDITS

COVER_KEEP = 25.0  # a cover card worth less stays in hand for a later turn: "pass"
COVER_SHARE = 0.8  # of the best cover card's worth credited to the Fire that opens the cover
CABOOSE = {"django": 100.0}  # placing this bandit in the caboose rather than in front of it
TAKE_FIRE = 250.0  # a Fire taken: a cover to open in a Standard turn, a shot toward the title (arena-tuned)


def in_cover(table: Table) -> bool:
    """The seat is being offered a cover card (V-2.6)."""
    pairs = table.game.pairs
    return pairs is not None and pairs.cover == table.seat


def pass_worth(table: Table, _: str, worth_of: Callable[[str], float], drawing: Callable[[], float]) -> float:
    """``pass``: nothing, or in a cover, keeping the card for a later turn."""
    return COVER_KEEP if in_cover(table) else 0.0


def covers(table: Table, card: str, kind: str) -> bool:
    """Whether playing ``card`` face up now opens a cover: a Fire in a Standard turn (V-2.6), not
    itself a cover card (Ruling: a cover card gives no further cover)."""
    return (table.game.options.variant == TWO_BANDITS and kind == STANDARD and card_action(card) == "fire"
            and not in_cover(table))


def cover_worth(table: Table, fire: str, hand: list[str], worth_of: Callable[[str], float]) -> float:
    """What the cover a face-up ``fire`` opens is worth: the other bandit's best card in hand."""
    shooter = card_owner(fire)
    best = max((worth_of(c) for c in hand
                if not is_bullet(c) and card_owner(c) != shooter and card_action(c) != NOT_COVER), default=0.0)
    return COVER_SHARE * max(0.0, best - COVER_KEEP)


def take_card(table: Table, decision: Decision, rng: random.Random) -> str:
    """V-2.5: the card that does most this round from where its bandit stands (judged as if played
    now: a Rob where loot lies, a Move toward it, a Fire with a target), a Fire for more (a cover
    to open, a shot toward the Gunslinger)."""
    tables = table.tables()

    def worth(card: str) -> float:
        mine = tables[card_owner(card)]
        action = card_action(card)
        return card_worth(mine, action, mine.me.at, mine.loot, True) + (TAKE_FIRE if action == "fire" else 0.0)

    return table.best(decision, rng, worth)


def place(table: Table, decision: Decision, rng: random.Random) -> str:
    """V-2.4, V-3.5: the bandit for the caboose (the other starts in the wagon in front of it)."""
    game = table.game

    def worth(name: str) -> float:
        return CABOOSE.get(name, 0.0) if has_power(game, game.bandits[name], name) else 0.0

    return table.best(decision, rng, worth)


def _cover_bonus(table: Table, card: str, kind: str, worth_of: Callable[[str], float]) -> float:
    """A Fire played face up now: one more card played, in the cover it opens (V-2.6)."""
    if not covers(table, card, kind):
        return 0.0
    return cover_worth(table, card, table.game.seats[table.seat].hand, worth_of)


def _hide_only(options: Options, hidden: set[str]) -> set[str]:
    """The search plays a Fire face up too: only face up does it open the cover (V-2.6)."""
    if options.variant != TWO_BANDITS:
        return hidden
    return {c for c in hidden if card_action(c) != "fire"}


HOOKS.decide.update({"place": place, "take-card": take_card})
HOOKS.plan_verbs["pass"] = pass_worth
HOOKS.play_bonus.append(_cover_bonus)
HOOKS.hide_only.append(_hide_only)
