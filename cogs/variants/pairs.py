"""Two bandits a player (V-2, V-3) on Discord: the buttons of the bandit placed (V-2.4) and of the
card taken (V-2.5), the cover card asked instead of a card of one's own (V-2.6), those runs told in
words on the pile, and the variants' /colt rules topic.

The base cogs ask cogs.hooks for them; this module fills the hooks when cogs.variants is imported.
"""

from __future__ import annotations

from typing import Any

from cogs.hooks import HOOKS
from cogs.texts import card_label
from engine import Game
from lang import Language
from render import text

Observation = dict[str, Any]


def answer_label(lang: Language, kind: str, value: str, named: bool, mine: Observation | None) -> str | None:
    """A button for the variant's answers, or None for another's."""
    if kind == "take-card":  # a card taken from another player's hand, with its bandit's name (V-2.5)
        return card_label(lang, value, named=True)
    if kind == "place":  # the bandit placed in the train (V-2.4)
        return text.bandit_name(value, lang)
    return None


def cover_ask(game: Game, seat: int) -> tuple[str, str] | None:
    """Whether ``seat`` is asked for a cover card now (V-2.6): a card of its other bandit, or none;
    then the question and the "pass" button say so."""
    pairs = game.pairs
    if pairs is not None and pairs.cover == seat and game.pending is not None and game.pending.kind == "plan":
        return "question.cover", "button.no-cover"
    return None


HOOKS.answer_labels.append(answer_label)
HOOKS.plan_asks.append(cover_ask)
# The bandit placed and the card taken are answered out of the pictures (V-2.4, V-3.5); the
# placement, the card taken and a cover offered are told on the pile (V-2.4 … V-2.6).
HOOKS.told_in_words.update({"place", "take-card"})
HOOKS.run_heads.update({"placed", "take-card", "cover"})
HOOKS.topics.append("variants")
