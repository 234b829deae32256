"""Rule summaries for /colt rules and /colt help (from ../shared/RULES.md); the words are in the
catalogs ("rules.<topic>", "help"). The overview is the whole game in a few lines (goal, a round's two
phases, the actions, the end, this bot's commands) and lists the other topics."""

from __future__ import annotations

from engine.data import base
from engine.prisoners.data import prisoners_data
from engine.setup import seating
from lang import Language
from table.service import LOBBY_OPTIONS, MAX_PLAYERS, clash, default_options, engine_options, marshal_seats

TOPICS = ("overview", "planning", "actions", "marshal", "powers", "events", "scoring", "horses", "prisoners",
          "variants")
COMMANDS = ("new", "hand", "status", "leave", "help", "rules")  # the commands the overview names


def player_counts() -> tuple[int, int]:
    """The fewest and the most players a lobby starts a game with, over every choice of its rules
    (two in the two-player game, V-3; seven with Mei, M-30; the Marshal player counts, M-1)."""
    counts = []
    for variant in LOBBY_OPTIONS["variant"]:
        for prisoners in LOBBY_OPTIONS["prisoners"]:
            options = {**default_options(), "variant": variant, "prisoners": prisoners}
            if clash(options) is None:
                table, marshal = seating(engine_options(options)), marshal_seats(options)
                counts.append((table.min_players + marshal, min(table.max_players + marshal, MAX_PLAYERS)))
    return min(fewest for fewest, _ in counts), max(most for _, most in counts)


def topic(lang: Language, name: str) -> str:
    """A topic's summary, filled from the game's data (amounts written as the language writes money)
    and the commands' names in the reader's language."""
    data, more = base(), prisoners_data()
    aces = sorted(more.fist_fight_aces, reverse=True)
    fewest, most = player_counts()
    fields: dict[str, object] = {
        "purse_low": min(data.purses), "purse_high": max(data.purses), "jewel": data.loot_values["jewel"],
        "strongbox": data.loot_values["strongbox"], "gunslinger": data.gunslinger_bonus, "rounds": data.rounds,
        "fewest": fewest, "most": most,
        "topics": ", ".join(lang.text(f"rules.topic.{t}") for t in TOPICS if t != "overview"),
        **{command: lang.text(f"command.{command}.name") for command in COMMANDS},
        # Marshal & Prisoners (M-1 … M-9)
        "wanted": more.wanted_value, "prisoner": more.prisoner_value, "ace_gold": aces[0], "ace_silver": aces[1],
        "ace_bronze": aces[2], "mail_low": min(more.mail_bags), "mail_high": max(more.mail_bags),
    }
    return lang.text(f"rules.{name if name in TOPICS else 'overview'}", **fields)
