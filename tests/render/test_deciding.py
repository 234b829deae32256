"""Who the pictures mark as deciding is whoever the engine waits for (``pending``), in every phase
of every expansion and variant, and nobody when nothing is pending (issue 26, item 4).

Random games of the base game, Horses & Stagecoach (H-1), Marshal & Prisoners (M-1), both, and the
seatings of V-2, V-3 and V-4 are played to the end; at every step the panels, the players' frames,
the Marshal's panel and the planning picture's title are asked who they mark, on the public view
and on the deciding player's own view, and on every picture rebuilt between two answers.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

import engine  # noqa: F401  (registers every decision handler)
from engine import apply, new_game, observe
from engine.decisions import HANDLERS
from engine.model import Game, Options
from engine.selfplay import random_options
from engine.setup import seating
from render import deciding, layout, panels, prisoners
from render import text as txt
from render.story import action_frames

Observation = dict[str, Any]

# (horses, prisoners, variant, players): every way the box can be played
TABLES = [
    (False, False, "none", 3), (False, False, "none", 5), (True, False, "none", 4), (True, False, "none", 6),
    (False, True, "none", 4), (False, True, "none", 6), (True, True, "none", 5),
    (False, False, "two-bandits", 2), (False, False, "two-bandits", 3), (True, False, "two-bandits", 3),
    (False, False, "two-player", 2), (True, False, "two-player", 2),
    (False, False, "teams", 4), (True, False, "teams", 6),
]
GAMES = 6  # per table


def _deal(horses: bool, prisoners_: bool, variant: str, players: int, seed: int) -> Game:
    rng = random.Random(seed)
    options = random_options(rng, expert=True if variant == "two-player" else None, horses=horses,
                             variant=variant, prisoners=prisoners_)
    cast = seating(options).cast(rng, players - 1 if prisoners_ else players)
    return new_game(cast, seed=seed, options=options)


def marked_seats(obs: Observation) -> set[int]:
    """The seats the train picture marks, as its panels, frames and the Marshal's panel are drawn."""
    paired = layout.pairs_key(obs)
    seats = {int(b["seat"]) for b in obs["bandits"]
             if panels.content(obs, b, None, in_team=paired).acting is not None}
    if paired:
        seats |= {int(v["seat"]) for v in obs["seats"] if panels.team_content(obs, int(v["seat"]), None).acting}
    prison = obs.get("prison")
    if prison and panels.is_acting(obs, {"name": prisoners.MARSHAL, "seat": prison["seat"]}):
        seats.add(int(prison["seat"]))
    return seats


def _check(obs: Observation, game: Game) -> None:
    """``obs`` marks exactly the seat the engine waits for, with the words of its decision."""
    pending = game.pending
    where = f"step {game.step}, phase {game.phase}, pending {pending}"
    assert marked_seats(obs) == ({pending.seat} if pending else set()), where
    titled = {int(b["seat"]) for b in obs["bandits"] if b["name"] in panels.acting_names(obs)}
    assert titled <= ({pending.seat} if pending else set()), where
    if pending is None:
        return
    marshal = bool(obs.get("prison")) and obs["prison"]["seat"] == pending.seat
    assert titled or marshal, where  # the planning picture's title names the bandit(s) (the Marshal: item 1)
    if pending.bandit is not None and not marshal:
        assert panels.acting_names(obs) == [pending.bandit], where
    key = f"pending.{pending.kind}"
    assert panels.acting_label(obs, None) == txt.t(key if txt.exists(key) else "panel.acting"), where


def _play(game: Game, seed: int) -> set[str]:
    """The game to its end, checked at every step; the decision kinds met."""
    rng = random.Random(seed)
    kinds: set[str] = set()
    while True:
        _check(observe(game, None), game)
        if game.pending is None:
            return kinds
        _check(observe(game, game.pending.seat), game)  # the DM's pictures
        kinds.add(game.pending.kind)
        n = len(game.log)
        before = observe(game, None, log_since=n)
        apply(game, f"{game.pending.kind} {rng.choice(game.pending.values)}")
        pictures = action_frames(before, observe(game, None, log_since=n))
        for frame in pictures[:-1]:  # rebuilt between two answers: the engine waited for nobody
            assert marked_seats(frame) == set() and panels.acting_names(frame) == [], game.step


@pytest.mark.parametrize(("horses", "prisoners_", "variant", "players"), TABLES)
def test_the_pictures_mark_whoever_the_engine_waits_for(horses: bool, prisoners_: bool, variant: str,
                                                        players: int) -> None:
    for n in range(GAMES):
        seed = 1000 * players + 10 * n + len(variant)
        game = _deal(horses, prisoners_, variant, players, seed)
        _play(game, seed)
        assert game.phase == "over"


def test_every_decision_kind_the_engine_asks_is_met_and_marked() -> None:
    """Enough random games to meet every kind of decision the engine registers (engine.decisions)."""
    kinds: set[str] = set()
    for n in range(40):
        for horses, prisoners_, variant, players in TABLES:
            seed = 7 * n + players
            kinds |= _play(_deal(horses, prisoners_, variant, players, seed), seed)
        if kinds == set(HANDLERS):
            break
    assert kinds == set(HANDLERS), sorted(set(HANDLERS) - kinds)


def test_nobody_is_marked_without_a_decision_pending() -> None:
    obs = observe(_deal(False, False, "none", 4, 1), None)
    assert deciding.deciding(obs) is not None
    assert deciding.deciding({**obs, "pending": None}) is None
    assert marked_seats({**obs, "pending": None}) == set()
