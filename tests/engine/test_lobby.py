"""What a table offers before a game (engine.lobby): the base game's options and each expansion's
and variant's declaration agree with the engine's rules and with the catalogs of every language."""

from __future__ import annotations

import itertools
from dataclasses import fields

import pytest

from engine import Options, new_game
from engine import lobby as declared
from engine.lobby import RULE, SEAT, TOGGLE, Part
from lang import CODES, language


def test_every_option_is_an_engine_option_with_its_default_and_its_choices() -> None:
    """The lobby's defaults are the engine's (RULES.md's), and it offers no choice the engine refuses."""
    engine = {f.name: f.default for f in fields(Options)}
    for option in declared.options():
        if option.table:  # the table's own (hints): no rule
            assert option.name not in engine, option.name
            continue
        assert option.name in engine, option.name
        assert option.choices[0] == engine[option.name], option.name
        assert set(option.choices) <= set(Options.CHOICES.get(option.name, (True, False))), option.name


def test_the_lobby_refuses_exactly_the_options_the_engine_refuses() -> None:
    """A clash the declarations name (M-1, M-31) is a game the engine would not set up, and a game
    the engine would not set up is a clash: the lobby never starts what cannot be dealt."""
    table = declared.choices()
    assert len(declared.every_playable()) < len(list(itertools.product(*table.values())))
    own = {o.name for o in declared.options() if o.table}  # the table's own options (hints): no rule
    for stored in declared.every_playable():
        assert Options(**declared.rules({n: c for n, c in stored.items() if n not in own})).problems() == [], stored
    refused = {("variant", "teams"), ("variant", "two-bandits"), ("variant", "two-player"), ("silk", "dodge")}
    for name, value in refused:
        stored = {**{n: c[0] for n, c in table.items() if n not in own}, "prisoners": True, name: value}
        assert declared.clash(stored) is not None
        assert Options(**declared.rules(stored)).problems(), (name, value)


def test_the_two_player_game_is_always_expert() -> None:
    assert declared.rules({"variant": "two-player", "expert": False})["expert"] is True  # V-3.3
    assert declared.rules({"variant": "two-bandits", "expert": False})["expert"] is False


def test_each_part_is_in_play_by_its_toggle_or_its_variant() -> None:
    names = {part.name for part in declared.in_play({"prisoners": True, "variant": "none"})}
    assert names == {"base", "prisoners"}
    assert {part.name for part in declared.in_play({"variant": "teams"})} == {"base", "teams"}
    assert declared.buttons({"variant": "teams"}) == ["teams"]  # V-4.1: the host draws the teams
    assert declared.buttons({"prisoners": True}) == ["events"]  # M-40: the host chooses the events


def test_silk_s_dodge_is_no_choice_with_a_marshal_player() -> None:
    assert declared.allowed({"prisoners": True, "variant": "none"}, "silk") == ("movement", "block")  # M-31
    assert declared.allowed({"prisoners": False}, "silk") == ("movement", "block", "dodge")


def test_the_pairs_offered_are_those_the_variant_deals() -> None:
    """V-2.2: the lobby's pairs, drawn from its seed, are each a leader and a partner, and a game
    dealt with them starts."""
    for seed in range(5):
        pairs = declared.pairs({"variant": "two-bandits"}, seed)
        assert pairs is not None and len(pairs) == 3
        assert pairs == declared.pairs({"variant": "two-bandits"}, seed)  # the same pairs all lobby long
        new_game(pairs[:2], seed=seed, options=Options(variant="two-bandits"))
    assert declared.pairs({"variant": "two-player"}, 1) is None  # V-3.1: one by one


def test_partners_sit_side_by_side_in_teams_numbered_from_one() -> None:
    teams = declared.partners({"variant": "teams"})
    assert teams is not None and teams.partner is not None and teams.team is not None
    assert [teams.partner(seat) for seat in range(6)] == [1, 0, 3, 2, 5, 4]  # V-4.1
    assert [teams.team(seat) for seat in range(6)] == [1, 1, 2, 2, 3, 3]
    assert declared.partners({"variant": "none"}) is None


def test_a_part_is_declared_once() -> None:
    with pytest.raises(ValueError):
        declared.declare(Part("prisoners"))


def _keys() -> set[str]:
    """Every catalog key the declarations name."""
    keys: set[str] = set()
    for option in declared.options():
        if option.menu == TOGGLE:
            keys.add(f"toggle.{option.name}")
        else:
            assert option.menu in (RULE, SEAT)
            keys |= {f"option.{option.name}.{choice}" for choice in option.choices}
    for role in declared.roles():
        keys |= {role.pick_key, role.make_key, role.made_key, role.host_key, role.off_key, f"bandit.{role.name}"}
    for part in declared.PARTS:
        keys |= {f"lobby.{part.button}"} if part.button else set()
        keys |= {part.seats_menu} if part.seats_menu else set()
        stored = {"variant": part.variants[0]} if part.variants else {part.name: True}
        keys |= {part.clash({**stored, name: value}) or "" for name, value in (("variant", "teams"), ("silk", "dodge"))}
        keys |= set(part.answers.values())
    return keys - {""}


@pytest.mark.parametrize("code", CODES)
def test_every_key_a_declaration_names_is_in_every_language(code: str) -> None:
    """The words stay in data/locales: each language's own catalog (not its English fallback)
    has every option's, role's, button's and refusal's message."""
    lang = language(code)
    missing = sorted(key for key in _keys() if key not in lang.keys)
    assert not missing, f"{code} lacks {missing}"


def test_the_figures_fill_every_expansion_rules_summary() -> None:
    figures = declared.figures()
    assert figures["objectives_to_win"] == 4 and figures["mail_low"] < figures["mail_high"]  # M-9, M-1
    text = language("en").text("rules.prisoners", **figures)
    assert "{" not in text
