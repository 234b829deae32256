"""Horses & Stagecoach's words on buttons and in questions: the horse attack (H-2), Ride (H-3), the
shotgun (H-11), hostages (H-12) and whiskey (H-13), and the expansion's /colt rules topic.

The base labels (cogs.texts) know nothing of these answers; they ask cogs.hooks, which this module
fills when cogs.horses is imported.
"""

from __future__ import annotations

from typing import Any

from cogs.hooks import HOOKS
from cogs.texts import loot_name, place
from lang import Language
from render import text

Observation = dict[str, Any]


def drink_label(lang: Language, flask: str) -> str:
    """A flask drunk instead of playing a card (H-13)."""
    return lang.text("button.drink", flask=loot_name(lang, flask))


def answer_label(lang: Language, kind: str, value: str, named: bool, mine: Observation | None) -> str | None:
    """A button for the expansion's answers, or None for another's."""
    if kind == "ride":  # Ride to a car (H-3), or away in Escape (H-22)
        return lang.text("button.escape") if value == "escape" else place(lang, value)
    if kind == "punch" and value == "shotgun":  # the stagecoach's shotgun punched (H-11)
        return lang.text("button.shotgun")
    if kind == "attack":  # a rider's secret choice in the horse attack (H-2)
        return lang.text(f"button.attack-{value}")
    if kind == "attack-wagon":  # the wagon a lone rider boards (H-2)
        return text.car_name(int(value), lang).capitalize()
    if kind == "hostage":  # the passenger taken (H-12)
        return lang.text(f"hostage-name.{value}")
    return None


def attack_question(lang: Language, mine: Observation | None) -> str:
    """The horse attack's question names the car the horses stand beside (H-2), when the asker's
    observation shows it."""
    if mine is not None and (mine.get("stagecoach") or {}).get("attack"):
        return lang.text("question.attack", car=text.car_noun(int(mine["stagecoach"]["attack"]["car"]), lang))
    return lang.text("question.other")


def attack_header(lang: Language, game_id: int, mine: Observation) -> str:
    """A prompt's first line during the horse attack, before round 1 (H-2): no round to name yet."""
    return lang.text("dm.header.attack", game=game_id)


HOOKS.plan_labels["drink"] = drink_label
HOOKS.answer_labels.append(answer_label)
HOOKS.questions["attack"] = attack_question
HOOKS.dm_headers["horse-attack"] = attack_header
HOOKS.topics.append("horses")
