"""A hint's reason in the reader's language: the engine's values named as the catalogs name them.

engine.ai.reasons gives a catalog key and values in the engine's terms (a bandit's name, a
position, a car's number, a loot kind, an action, dollars); here each becomes the word the reader's
language uses for it, a ``lang.Noun`` where a language declines it (``{target:acc}``). A value of
another name is the noun of its catalog family when there is one (an expansion's ``hostage``:
"hostage.banker"), else written as it is.
"""

from __future__ import annotations

from collections.abc import Mapping

from lang import english
from render import text
from render.text import Translate

# Each named value of engine.ai.reasons, by name: how its word is found.
_BANDITS = ("bandit", "target")
_POSITIONS = ("to", "at")


def words(fields: Mapping[str, str | int], translate: Translate | None = None) -> dict[str, object]:
    """A reason's values as words (names, places, loot, actions); amounts stay numbers, which the
    template writes as money (``{gain:money}``)."""
    out: dict[str, object] = {}
    for name, value in fields.items():
        if name in _BANDITS:
            out[name] = text.bandit_noun(str(value), translate)
        elif name in _POSITIONS:
            out[name] = text.position_noun(str(value), translate)
        elif name == "car":
            out[name] = text.car_noun(int(value), translate)
        elif name == "loot":
            out[name] = text.loot_noun(str(value), translate)
        elif name == "action":
            out[name] = text.action_name(str(value), translate)
        elif isinstance(value, str) and text.exists(f"{name}.{value}"):
            # An expansion's piece named after its catalog family ("hostage" → "hostage.banker").
            out[name] = (translate or english()).noun(f"{name}.{value}")
        else:
            out[name] = value
    return out


def reason_text(key: str, fields: Mapping[str, str | int], translate: Translate | None = None) -> str:
    """The one line that says why (``Hint.reason``, ``Hint.fields``), a capital first."""
    return text.capital(text.t(key, translate, **words(fields, translate)))
