"""Short rule summaries for /colt rules and /colt help (from ../shared/RULES.md); the words are in
the catalogs ("rules.<topic>", "help")."""

from __future__ import annotations

from lang import Language

TOPICS = ("overview", "planning", "actions", "marshal", "powers", "events", "scoring")


def topic(lang: Language, name: str) -> str:
    return lang.text(f"rules.{name if name in TOPICS else 'overview'}")
