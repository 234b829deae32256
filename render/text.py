"""Every word drawn on a picture comes from the message catalogs (lang, data/locales).

A picture's ``translate`` is the reader's ``lang.Language``; ``None`` draws in English. Nothing
else in render/ holds a word of any language.

Captions are in the present tense and name every bandit, so that a translation needs no pronouns;
names and places are ``lang.Noun``s, so that a language that declines them can (``{target:acc}``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from lang import Language, Noun, english

Translate = Language


def _lang(translate: Translate | None) -> Language:
    return translate or english()


def exists(key: str) -> bool:
    """Whether ``key`` is a message (every catalog has the same keys)."""
    return english().has(key)


def t(key: str, translate: Translate | None = None, /, **fields: object) -> str:
    """The text of ``key`` in the reader's language, its placeholders filled."""
    return _lang(translate).text(key, **fields)


def capital(line: str) -> str:
    """A sentence that may begin with a name ("the Marshal wins!") begins with a capital."""
    return line[:1].upper() + line[1:]


def money(value: int, translate: Translate | None = None) -> str:
    """An amount of the game's dollars as the reader's language writes it (lang.numbers): the
    pictures' money reads like the channel's ("$2,900", "2 900 $")."""
    return _lang(translate).money(value)


def bandit_noun(name: str | None, translate: Translate | None = None) -> Noun:
    key = f"bandit.{name}"
    if exists(key):
        return _lang(translate).noun(key)
    return Noun((name or "?").capitalize())


def bandit_name(name: str | None, translate: Translate | None = None) -> str:
    return str(bandit_noun(name, translate))


def initial(name: str | None, translate: Translate | None = None) -> str:
    """The letters on a bandit's pawn."""
    key = f"initial.{name}"
    return t(key, translate) if exists(key) else "?"


def loot_noun(kind: str, translate: Translate | None = None) -> Noun:
    """A loot token as a caption names it ("a jewel")."""
    key = f"loot.{kind}"
    return _lang(translate).noun(key) if exists(key) else Noun(kind)


def car_noun(car: int, translate: Translate | None = None) -> Noun:
    return _lang(translate).noun("car.locomotive") if car == 0 else _lang(translate).noun("car.wagon", n=car)


def car_name(car: int, translate: Translate | None = None) -> str:
    return str(car_noun(car, translate))


def car_short(car: int, translate: Translate | None = None) -> str:
    return t("car.short.locomotive", translate) if car == 0 else t("car.short.wagon", translate, n=car)


def position_noun(pos: str, translate: Translate | None = None) -> Noun:
    """A position's name: a car's inside or roof, or a place beside the train (``stagecoach/in``
    → ``position.stagecoach-in``, ``riding``, ``escaped``: an expansion's nouns)."""
    car, _, floor = pos.partition("/")
    if not car.isdigit():
        return _lang(translate).noun("position." + pos.replace("/", "-"))
    key = "position.roof" if floor == "roof" else "position.in" if floor == "in" else f"position.{floor}"
    return _lang(translate).noun(key, car=car_noun(int(car), translate))


def position_name(pos: str, translate: Translate | None = None) -> str:
    return str(position_noun(pos, translate))


def action_name(action: str | None, translate: Translate | None = None) -> str:
    key = f"action.{action}"
    return t(key, translate) if exists(key) else str(action)


def card_title(name: str | None, translate: Translate | None = None) -> str:
    key = f"card.{name}"
    if exists(key):
        return t(key, translate)
    return (name or "").replace("-", " ").title()


def names_list(names: Sequence[Noun], translate: Translate | None = None) -> Noun:
    """``A``, ``A and B``, ``A, B and C``."""
    return Noun.joined(names, t("caption.list", translate), t("caption.and", translate))


def event_line(card: dict[str, Any], translate: Translate | None) -> str:
    """The line under a round card's name: its event, or that it has one at the end of the round
    (an event named like the card), or none."""
    event = card.get("event")
    if event and event != card["name"]:
        return t("header.event", translate, event=card_title(event, translate))
    if event:
        return t("header.event.end", translate)
    return t("header.no-event", translate)
