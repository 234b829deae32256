"""Each game reads only the hooks of the expansions it plays (engine.hooks.hooks_for): resolved
once when the game is built, so an expansion not in play costs a base game nothing."""

from __future__ import annotations

from dataclasses import fields

from engine import Options, from_json, new_game, to_json
from engine.hooks import HOOKS, Hooks, hooks_for


def _modules(hooks: Hooks) -> set[str]:
    found: set[str] = set()
    for f in fields(Hooks):
        value = getattr(hooks, f.name)
        functions = value if isinstance(value, list) else value.values() if isinstance(value, dict) else []
        found |= {fn.__module__.rsplit(".", 1)[0] if fn.__module__.count(".") > 1 else fn.__module__
                  for fn in functions}
    return found


def test_a_base_game_calls_no_expansion_hook() -> None:
    game = new_game(["ghost", "doc", "tuco", "belle"], seed=1)
    assert _modules(game.hooks) <= {"engine"}  # nothing of engine.horses, .prisoners, .variants
    assert not game.hooks.move_ends and not game.hooks.plan_answers and not game.hooks.in_play
    assert HOOKS.move_ends  # the registry still holds every expansion's


def test_each_expansion_brings_its_own_hooks_only() -> None:
    horses = new_game(["ghost", "doc", "tuco"], seed=1, options=Options(horses=True))
    assert "engine.horses" in _modules(horses.hooks)
    assert "engine.prisoners" not in _modules(horses.hooks)
    pairs = new_game([["ghost", "doc"], ["tuco", "belle"]], seed=1, options=Options(variant="two-bandits"))
    assert "engine.variants" in _modules(pairs.hooks) and "engine.horses" not in _modules(pairs.hooks)


def test_silk_brings_her_powers_to_a_base_game_without_the_marshal_player() -> None:
    """M-31: Silk plays in any game; her hooks come with her, not with the Marshal player's."""
    game = new_game(["silk", "doc", "tuco"], seed=1)
    modules = {fn.__module__ for fn in game.hooks.move_ends}
    assert modules == {"engine.prisoners.silk"}
    assert not game.hooks.pieces  # the Marshal player's piece is not in this game


def test_games_alike_share_one_resolution_and_a_snapshot_keeps_it() -> None:
    a = new_game(["ghost", "doc", "tuco"], seed=1, options=Options(horses=True))
    b = new_game(["ghost", "doc", "tuco"], seed=2, options=Options(horses=True))
    assert a.hooks is b.hooks
    assert from_json(to_json(a)).hooks is a.hooks
    assert hooks_for(Options(), ["ghost"]) is not a.hooks
