"""Short rule summaries for /colt rules and /colt help (from ../shared/RULES.md); the words are in
the catalogs ("rules.<topic>", "help")."""

from __future__ import annotations

from engine.data import base
from lang import Language

TOPICS = ("overview", "planning", "actions", "marshal", "powers", "events", "scoring")


def topic(lang: Language, name: str) -> str:
    """A topic's summary; its amounts come from the game's data, written as the language writes money."""
    data = base()
    amounts = {"purse_low": min(data.purses), "purse_high": max(data.purses), "jewel": data.loot_values["jewel"],
               "strongbox": data.loot_values["strongbox"], "gunslinger": data.gunslinger_bonus}
    return lang.text(f"rules.{name if name in TOPICS else 'overview'}", **amounts)
