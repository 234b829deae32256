"""Rule summaries for /colt rules and /colt help (from ../shared/RULES.md); the words are in the
catalogs ("rules.<topic>", "help"). The overview is the whole game in a few lines (goal, a round's two
phases, the actions, the end, this bot's commands) and lists the other topics."""

from __future__ import annotations

from functools import cache

from cogs.hooks import HOOKS
from engine import lobby as declared
from engine.data import base
from engine.setup import seating
from lang import Language
from table.seating import role_seats
from table.service import MAX_PLAYERS, engine_options

# The base game's topics; each expansion adds its own after them (cogs.hooks ``topics``: horses,
# prisoners, variants), read by ``topics()``.
TOPICS = ("overview", "planning", "actions", "marshal", "powers", "events", "scoring")
COMMANDS = ("new", "hand", "status", "leave", "help", "rules")  # the commands the overview names


def topics() -> tuple[str, ...]:
    """Every topic, the base game's first, then the expansions' in the order they registered."""
    return (*TOPICS, *HOOKS.topics)


@cache
def player_counts() -> tuple[int, int]:
    """The fewest and the most players a lobby starts a game with, over every choice of its rules
    that plays (two in the two-player game, V-3; seven with Mei, M-30; the Marshal player counts,
    M-1)."""
    counts = []
    for options in declared.every_playable():
        table, roles = seating(engine_options(options)), role_seats(options)
        counts.append((table.min_players + roles, min(table.max_players + roles, MAX_PLAYERS)))
    return min(fewest for fewest, _ in counts), max(most for _, most in counts)


def topic(lang: Language, name: str) -> str:
    """A topic's summary, filled from the game's data (amounts written as the language writes money)
    and the commands' names in the reader's language."""
    data = base()
    fewest, most = player_counts()
    fields: dict[str, object] = {
        "purse_low": min(data.purses), "purse_high": max(data.purses), "jewel": data.loot_values["jewel"],
        "strongbox": data.loot_values["strongbox"], "gunslinger": data.gunslinger_bonus, "rounds": data.rounds,
        "fewest": fewest, "most": most,
        "topics": ", ".join(lang.text(f"rules.topic.{t}") for t in topics() if t != "overview"),
        **{command: lang.text(f"command.{command}.name") for command in COMMANDS},
        **declared.figures(),  # each expansion's amounts (Marshal & Prisoners: M-1 … M-9)
    }
    return lang.text(f"rules.{name if name in topics() else 'overview'}", **fields)
