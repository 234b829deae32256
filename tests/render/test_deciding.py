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
from PIL import Image

import engine  # noqa: F401  (registers every decision handler)
from engine import apply, new_game, observe
from engine.decisions import HANDLERS
from engine.model import Game, Options
from engine.scenario import build
from engine.setup import seating
from lang import CODES, language
from render import deciding, layout, panels, theme
from render import text as txt
from render.caption import split_runs
from render.prisoners import board as prisoners
from render.story import action_frames, apply_event
from render.train import train_image
from tools.selfplay import random_options

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


@pytest.mark.parametrize("code", CODES)
def test_every_decision_kind_has_its_own_words_on_the_pictures(code: str) -> None:
    """No one is marked with the vague "to act": each kind says what the one marked is to do."""
    lang = language(code)
    assert all(lang.has(f"pending.{kind}") for kind in HANDLERS), [k for k in HANDLERS if not lang.has(f"pending.{k}")]


# --- the reported cases, drawn ---------------------------------------------------------------------


def _lit(img: Image.Image, obs: Observation) -> list[str]:
    """The bandits whose panel is drawn gold (marked as deciding)."""
    lay = layout.layout_of(obs)
    rects = lay.panels[1:] if obs.get("prison") else lay.panels
    out = []
    for bandit, r in zip(obs["bandits"], rects, strict=False):
        r_, g, b = img.getpixel((r.x + r.w // 2, r.y + 6))[:3]  # type: ignore[index]
        if all(abs(x - y) <= 8 for x, y in zip((r_, g, b), theme.PANEL_ACTIVE_BG, strict=True)):
            out.append(bandit["name"])
    return out


def test_h_2_the_rider_the_engine_waits_for_is_marked_to_choose_and_only_him() -> None:
    game = new_game(["silk", "django", "tuco"], seed=4, options=Options(horses=True, powers=False))
    rng = random.Random(4)
    met: set[str] = set()
    while game.phase == "horse-attack":
        assert game.pending is not None
        obs = observe(game, None)
        img = train_image(obs)
        assert _lit(img, obs) == [game.pending.bandit], (game.pending, met)
        if game.pending.kind == "attack":
            assert panels.content(obs, obs["bandits"][[b["name"] for b in obs["bandits"]].index(
                game.pending.bandit)], None).acting == "to choose"
        met.add(game.pending.bandit or "")
        apply(game, f"{game.pending.kind} {rng.choice(game.pending.values)}")
    assert {"silk", "django"} <= met


def test_h_2_a_rider_boarding_is_not_marked_to_pick_a_car_any_more() -> None:
    """"Tuco boards car 3": the picture of the boarding, rebuilt from the view that waited for his
    choice, marks nobody (that view's decision was answered by it)."""
    for seed in range(40):
        game = new_game(["silk", "django", "tuco"], seed=seed, options=Options(horses=True, powers=False))
        rng = random.Random(seed)
        while game.pending is not None and game.pending.kind != "attack-wagon":
            apply(game, f"{game.pending.kind} {rng.choice(game.pending.values)}")
        if game.pending is not None:
            break
    else:
        raise AssertionError("no lone rider picked a car")
    rider, n = game.pending.bandit, len(game.log)
    view = {**observe(game, None), "log": []}
    assert _lit(train_image(view), view) == [rider]  # while he picks: him, "to pick a car"
    apply(game, f"attack-wagon {game.pending.values[0]}")
    run = split_runs([dict(e) for e in observe(game, None)["log"][n:]])[0]
    assert any(e["type"] == "move" and e["bandit"] == rider for e in run)
    frame = {**view, "log": run}
    for event in run:
        apply_event(frame, event)
    frame["log"] = run
    assert frame["pending"] is None and _lit(train_image(frame), frame) == []


def test_h_22_an_escaped_bandit_whose_card_is_next_is_not_marked_to_act() -> None:
    game = build({"name": "test", "options": {"horses": True, "powers": False},
                  "bandits": {"doc": {"at": [1, "in"]}, "tuco": {"at": [2, "roof"]}}, "steps": [], "wagons": 3})
    obs = observe(game, None)
    obs["bandits"][1]["at"] = "escaped"
    obs.update(phase="stealing", pending=None, pile=[
        {"seat": 1, "bandit": "tuco", "owner": "tuco", "action": "move", "face_down": False, "resolved": False}])
    assert marked_seats(obs) == set() and _lit(train_image(obs), obs) == []
    doc = {**obs, "pending": {"seat": 0, "bandit": "doc", "kind": "fire"}}
    assert marked_seats(doc) == {0} and _lit(train_image(doc), doc) == ["doc"]
