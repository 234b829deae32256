"""Horses & Stagecoach in the game's channel: the horse attack before round 1 (H-2), the flights
after the stagecoach (H-10) and the whiskey drunk while scheming (H-13).

The base channel (cogs.story) asks cogs.hooks for them; this module fills the hooks when
cogs.horses is imported.
"""

from __future__ import annotations

from typing import Any

from cogs.hooks import HOOKS
from cogs.story import this_round
from engine import Game
from lang import Language
from render import text

Observation = dict[str, Any]


def shows_dealt(game: Game) -> bool:
    """The horse attack's first picture shows the train as dealt (H-2): the base's is not sent."""
    return bool(game.options.horses)


def drinks_line(game: Game, lang: Language) -> str | None:
    """Whiskey drunk instead of a card this round, on the pile (H-13), or None."""
    drinks = this_round(game, "drink")
    if not drinks:
        return None
    return lang.text("pile.drank", drinks=" · ".join(
        f"{text.bandit_name(e['bandit'], lang)} ({lang.text('loot-name.' + e['flask'])})" for e in drinks))


def attack_status(public: Observation, lang: Language) -> str:
    """Where the game stands before round 1's card: the horse attack (H-2), the only thing that
    comes before it."""
    attack = (public.get("stagecoach") or {}).get("attack") or {"car": 0}
    return lang.text("status.attack", car=text.car_noun(int(attack["car"]), lang))


# A rider's secret choice (H-2) is told in words, its reveal is a picture; the wagon a lone rider
# boards is answered by the next picture, no action waiting for it.
HOOKS.told_in_words.add("attack")
HOOKS.outside_actions.add("attack-wagon")
HOOKS.run_heads.update({"attack-choice", "drink"})
HOOKS.action_starts.add("stagecoach")  # a flight after the stagecoach's move (H-10)
HOOKS.shows_dealt.append(shows_dealt)
HOOKS.pile_lines.append(drinks_line)
HOOKS.before_rounds.append(attack_status)
