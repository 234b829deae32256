"""/colt rules: each topic in every language, filled from the game's data."""

from __future__ import annotations

import re

import pytest

from cogs import rules_text
from lang import CODES, language
from table.service import MAX_PLAYERS


@pytest.mark.parametrize("code", CODES)
def test_the_rules_overview_is_the_whole_game_in_each_language(code: str) -> None:
    """Goal, the round's two phases, the actions, the end, the commands (in the reader's language) and
    the other topics: a real overview, in one Discord message."""
    lang = language(code)
    overview = rules_text.topic(lang, "overview")
    assert overview == rules_text.topic(lang, "no such topic")
    assert 800 < len(overview) < 2000 and overview.count("\n") >= 8 and "{" not in overview
    for name in ("planning", "actions", "marshal", "powers", "events", "scoring"):
        assert lang.text(f"rules.topic.{name}") in overview
    for command in rules_text.COMMANDS:
        assert f"`/colt {lang.text(f'command.{command}.name')}`" in overview
    assert lang.money(1000) in overview
    for action in ("move", "fire", "rob", "punch"):
        assert lang.text(f"action.{action}") in overview


@pytest.mark.parametrize("code", CODES)
def test_the_overview_says_how_many_players_the_lobby_takes(code: str) -> None:
    """Issue 26: it said "3 to 6 bandits" while the lobby seats 7 (Mei, M-30) and the two-player
    game (V-3) starts with 2."""
    assert rules_text.player_counts() == (2, MAX_PLAYERS) == (2, 7)
    first = rules_text.topic(language(code), "overview").splitlines()[0]
    assert re.search(r"\b2\b", first) and re.search(r"\b7\b", first) and not re.search(r"\b[36]\b", first), first
