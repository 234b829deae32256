"""Marshal & Prisoners' words on buttons: the Marshal player's moves and Colts (M-5 … M-8), the
arrests, the prisoners freed and their thanks (M-3, M-4), Reflex (M-40) and Silk's Dodge (M-31),
and the expansion's /colt rules topic.

The base labels (cogs.texts) know nothing of these answers; they ask cogs.hooks, which this module
fills when cogs.prisoners is imported.
"""

from __future__ import annotations

from typing import Any

from cogs.hooks import HOOKS
from cogs.texts import card_label, loot_name, place
from lang import Language
from render import text

Observation = dict[str, Any]

# Answers naming a place: the Marshal player's move, his ride (with Horses & Stagecoach), a shove
# of the Marshal, a freed bandit's escape.
PLACES = ("marshal-move", "marshal-ride", "shove-marshal", "escape")


def idea_label(lang: Language, card: str) -> str:
    """The Brilliant idea taken instead of drawing (M-3)."""
    return lang.text("button.take-idea")


def answer_label(lang: Language, kind: str, value: str, named: bool, mine: Observation | None) -> str | None:
    """A button for the expansion's answers, or None for another's; ``mine``, the Marshal's own
    observation, names the bullet on top of each Colt."""
    if kind in PLACES:
        return place(lang, value)
    if kind == "marshal-fire":
        revolver, _, target = value.partition(":")
        bandit = text.bandit_name(target, lang)
        loaded = (mine or {}).get("prison", {}).get("revolvers", [])
        index = ord(revolver) - ord("a")
        if index < len(loaded) and loaded[index]:  # the bullet on top carries its malus (M-8)
            return lang.text("button.revolver-malus", revolver=revolver.upper(), bandit=bandit,
                             malus=lang.text(f"malus-name.{loaded[index][0]}"))
        return lang.text("button.revolver", revolver=revolver.upper(), bandit=bandit)
    if kind in ("arrest", "dodge"):  # the bandit arrested; the bandit Silk dodges to (M-31)
        return text.bandit_name(value, lang)
    if kind == "free":
        what, _, who = value.partition(":")
        noun = text.bandit_noun(who, lang)
        return lang.text("button.free-prisoner" if what == "prisoner" else "button.free-bandit", bandit=noun)
    if kind == "thanks":
        return loot_name(lang, value)
    if kind == "reflex":
        return lang.text("button.pass") if value == "pass" else card_label(lang, value)
    return None


HOOKS.plan_labels["idea"] = idea_label
HOOKS.answer_labels.append(answer_label)
HOOKS.topics.append("prisoners")
