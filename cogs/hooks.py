"""Where an expansion or a variant has its say on Discord: the base cogs call these, the expansions fill them.

The base cogs never import an expansion, as the base rules (engine/hooks.py) and the base pictures
(render/hooks.py) never do. Each hook is a list, a dict or a set; a base cog calls a list's
functions in order where an expansion adds to what it says or shows: a button's label for an
answer of the expansion's own (the horse attack, H-2; the Marshal's Colts, M-8), a line under a
prompt (the Marshal's sheet, M-6), a line of the pile (the whiskey drunk, H-13), a line of the
final count (the Marshal's objectives, M-9), a lobby button of its own (the teams drawn, V-4.1; the
events chosen, M-40). A function that has nothing to say returns None (or nothing, for a list of
lines): each looks at what it is given (``obs["prison"]``, the phase, the answer's kind) and
answers only for its own games, so a base game reads exactly as if no expansion existed.

An expansion registers its functions in ``HOOKS`` when its package is imported: cogs/__init__.py
imports cogs.horses, cogs.prisoners and cogs.variants, in that order (which is the order of the
rules' topics, too). Any module of the layer is imported through that package, so the hooks are
filled before a cog reads them; the base cogs read them when they speak, never at import.

The cog's own types are not named here (the presenter, the cog): those modules read these hooks.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Iterable
from dataclasses import dataclass, field
from typing import Any, TypeVar

import discord

from engine import Game
from lang import Language
from table.service import Lobby, Tables

Observation = dict[str, Any]
T = TypeVar("T")
# A lobby button's click: (tables, the click, the game, the clicker's language) → the lobby as it
# now stands and the catalog key of the reply only the clicker sees, or None when the action
# answered the click itself (a menu sent to the host).
LobbyAction = Callable[[Tables, discord.Interaction, int, Language], Awaitable[tuple[Lobby, str] | None]]
# A lobby select of its own: (tables, the game, the user, the select's name, its values) → the
# lobby as it now stands and the reply's catalog key.
LobbyChoice = Callable[[Tables, int, int, str, list[str]], Awaitable[tuple[Lobby, str]]]


@dataclass
class CogHooks:
    # --- buttons and questions (cogs.texts) ---
    # A planning answer's label by its verb, given the card or token it names: a flask drunk
    # (H-13), the Brilliant idea taken instead of drawing (M-3): (lang, what follows the verb).
    plan_labels: dict[str, Callable[[Language, str], str]] = field(default_factory=dict)
    # A button's label for an answer of an expansion's own decision, or None for the base's: the
    # horse attack, Ride, the shotgun, hostages (H-2, H-3, H-11, H-12); the Marshal player's moves
    # and Colts, prisoners freed and their thanks, Reflex, Silk's Dodge (M-3 … M-8, M-31, M-40);
    # the bandit placed and the card taken (V-2.4, V-2.5): (lang, kind, value, named, mine).
    answer_labels: list[Callable[[Language, str, str, bool, Observation | None], str | None]] = field(
        default_factory=list)
    # The question of a decision by kind, filled from where it is asked (the car the horses
    # attack, H-2): (lang, the asker's observation or None).
    questions: dict[str, Callable[[Language, Observation | None], str]] = field(default_factory=dict)

    # --- a player's DMs (cogs.prompts) ---
    # A prompt's first line by phase, instead of the round's (the horse attack, H-2):
    # (lang, game id, the player's observation).
    dm_headers: dict[str, Callable[[Language, int, Observation], str]] = field(default_factory=dict)
    # A planning turn asked for something else than a card of one's own (a cover card, V-2.6): the
    # catalog keys of its question and of its "pass" button, or None: (game, seat).
    plan_asks: list[Callable[[Game, int], tuple[str, str] | None]] = field(default_factory=list)
    # Lines under a player's prompt (the Marshal player's private sheet, M-6): (lang, mine, seat).
    prompt_lines: list[Callable[[Language, Observation, int], str | None]] = field(default_factory=list)
    # Lines at the end of the ❔ Help answer (the Marshal player's objectives seen, M-6):
    # (lang, mine, seat).
    help_lines: list[Callable[[Language, Observation, int], list[str]]] = field(default_factory=list)

    # --- the game's channel (cogs.story) ---
    # A seat with no bandit, by its role (the Marshal player, M-1), or None: (public, seat, lang,
    # who plays it as a message names them, or None), the first answer.
    seat_names: list[Callable[[Observation, int, Language, str | None], str | None]] = field(default_factory=list)
    # Decisions answered out of the channel's pictures, the next one asked with no new picture: a
    # rider's secret choice (H-2), a bandit placed or a card taken (V-2.4, V-2.5).
    told_in_words: set[str] = field(default_factory=set)
    # Decisions no action on the train waits for, besides those told in words (the wagon a lone
    # rider boards, H-2).
    outside_actions: set[str] = field(default_factory=set)
    # Runs told in words (the pile, the status line), not as pictures: a rider's secret choice
    # (H-2), whiskey drunk (H-13), a bandit placed, a card taken, a cover offered (V-2.4 … V-2.6).
    run_heads: set[str] = field(default_factory=set)
    # Events that begin an action of their own in the log (a flight after the stagecoach, H-10).
    action_starts: set[str] = field(default_factory=set)
    # Whether the game's first picture already shows the train as dealt, so that the base's is not
    # sent (the horse attack's, H-2): (game).
    shows_dealt: list[Callable[[Game], bool]] = field(default_factory=list)
    # Lines of the round's pile under the cards drawn (the whiskey drunk instead of a card, H-13):
    # (game, lang).
    pile_lines: list[Callable[[Game, Language], str | None]] = field(default_factory=list)
    # Where the game stands before round 1's card is turned (the horse attack, H-2), for /colt
    # status: (public, lang), the first answer.
    before_rounds: list[Callable[[Observation, Language], str | None]] = field(default_factory=list)
    # Lines of the final count's words under the bandits' (the Marshal's objectives, M-9): (public, lang).
    final_lines: list[Callable[[Observation, Language], str | None]] = field(default_factory=list)

    # --- the end, in each person's DMs (cogs.endings) ---
    # A seat's place on the final count when it is not a bandit's (the Marshal player's, M-9), or
    # None: (public, seat, lang), the first answer.
    place_lines: list[Callable[[Observation, int, Language], str | None]] = field(default_factory=list)

    # --- commands and the lobby (cogs.colt, cogs.rules_text) ---
    # /colt rules topics after the base game's (the expansions' own: H, M, V).
    topics: list[str] = field(default_factory=list)
    # Lines of the lobby's options after the base's (the events chosen so far, M-40): (lang, the
    # stored options).
    lobby_lines: list[Callable[[Language, dict[str, Any]], str | None]] = field(default_factory=list)
    # The lobby's buttons of the parts in play (engine.lobby declares which), by action: the teams
    # drawn (V-4.1), the events' menu and "draw from all" (M-40).
    lobby_buttons: dict[str, LobbyAction] = field(default_factory=dict)
    # The lobby's selects of their own, by name (the round and station cards chosen, M-40).
    lobby_choices: dict[str, LobbyChoice] = field(default_factory=dict)


HOOKS = CogHooks()


def first(answers: Iterable[T | None]) -> T | None:
    """The first answer that is not None, or None: where one expansion speaks for a thing (asked
    lazily: ``first(f(...) for f in HOOKS.place_lines)``)."""
    return next((a for a in answers if a is not None), None)
