"""Marshal & Prisoners on the pictures: the prison wagon's cell and the prisoners behind it, the
Marshal player's pawn and panel, the bandits' third line, captions for every event of the
expansion in every language, and the public log replayed exactly (M-1 … M-40)."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator
from typing import Any

import pytest

import engine  # noqa: F401  (registers every decision handler)
from engine import Options, new_game, observe
from engine.scenario import build
from lang import english, language
from render import layout
from render.caption import caption
from render.hand import hand_image
from render.play import random_answers
from render.prisoners import board as prisoners
from render.scoreboard import scoreboard_image
from render.story import action_frames, replay_runs
from render.train import train_image
from tests.render.helpers import cmap

Observation = dict[str, Any]
CAST = ["ghost", "doc", "tuco", "cheyenne", "belle", "django"]


def scene(bandits: dict[str, Any], **extra: Any) -> Observation:
    game = build({"name": "test", "options": {"prisoners": True}, "bandits": bandits, "steps": [], **extra})
    return observe(game, None)


def steps(bandits: int, seed: int) -> Iterator[tuple[Observation, Observation]]:
    game = new_game(CAST[:bandits], seed=seed, options=Options(prisoners=True))
    yield from random_answers(game, random.Random(seed))


def test_the_prison_wagon_has_a_cell_whose_prisoners_stand_behind_bars() -> None:
    obs = scene({"ghost": {"at": "5/cell"}, "doc": {"at": [5, "in"]}, "tuco": {"at": [5, "roof"]}},
                wagons=5, wanted=["ghost"], prisoners=["doc", "belle"], marshal=[2, "roof"])
    lay = layout.layout_of(obs)
    cell = lay.train.zones["5/cell"]
    corners, marshal_corner = layout.place_pawns(obs, lay.train)
    x, _ = corners["ghost"]
    assert cell.stand.x <= x and x + layout.PAWN_W <= cell.stand.right + 4
    assert corners["doc"][0] + layout.PAWN_W <= cell.stand.x  # the corridor is left of the cell's wall
    assert marshal_corner is not None and marshal_corner[1] < lay.train.cars[2].roof.y  # on the roof
    train_image(obs)
    assert len(lay.panels) == len(obs["bandits"]) + 1  # the Marshal's panel first


def test_a_fallen_marshal_is_off_the_train_and_greyed() -> None:
    obs = scene({"ghost": {"at": [1, "roof"]}, "doc": {"at": [3, "in"]}}, wagons=5, marshal=[1, "roof"])
    obs["prison"]["marshal_fallen"] = True
    _, marshal_corner = layout.place_pawns(obs, layout.layout_of(obs).train)
    assert marshal_corner is None
    content = prisoners.marshal_content(obs, None, None)
    assert content.fallen and content.revolvers == (6, 6) and content.aces == (800, 500, 300)


def test_a_bandits_third_line_shows_the_prison_parts() -> None:
    obs = scene({"ghost": {"at": "5/cell", "prisoner": "doc", "maluses": ["knee-wound"], "aces": [800]},
                 "doc": {"at": [2, "in"]}}, wagons=5, wanted=["ghost"], aces=[500, 300])
    line = prisoners.bandit_line(obs, obs["bandits"][0])
    assert line == prisoners.BanditLine(captured=True, prisoner="doc", aces=(800,), maluses=("floor",), in_cell=True)
    assert prisoners.bandit_line(obs, obs["bandits"][1]) == prisoners.BanditLine(False, None, (), (), False)


def _state(obs: Observation) -> dict[str, Any]:
    prison = dict(obs["prison"])
    prison["rewards"] = {k: Counter(t.partition(":")[0] for t in v) for k, v in prison["rewards"].items()}
    prison.pop("fulfilled", None)
    prison.pop("marshal_wins", None)
    return {
        "prison": prison,
        "marshal": obs["marshal"],
        "floor_loot": {pos: Counter(t.partition(":")[0] for t in tokens) for pos, tokens in obs["floor_loot"].items()
                       if tokens},
        "bandits": [(b["name"], b["at"], b["revolver"], b["bullets_received"],
                     Counter(t.partition(":")[0] for t in b["loot"])) for b in obs["bandits"]],
    }


@pytest.mark.parametrize(("bandits", "seed"), [(2, 1), (3, 2), (4, 3), (5, 4)])
def test_replaying_the_expansions_public_log_gives_the_engines_view(bandits: int, seed: int) -> None:
    checked = 0
    for before, after in steps(bandits, seed):
        kinds = {e["type"] for e in after["log"]}
        if not after["log"] or kinds & {"round", "game-over"}:
            continue  # the round's maluses go into the decks with no event of their own (M-8)
        rebuilt = list(replay_runs(before, after["log"]))[-1]
        assert _state(rebuilt) == _state(after), after["log"]
        checked += 1
    assert checked > 60


EVENTS = ("prison", "objective", "idea-drawn", "copy", "free-prisoner", "free-bandit", "give", "wanted",
          "fist-fight-ace", "prisoner-taken", "mail-taken", "rescue", "rumour", "prisoners-kept", "mail-kept")


@pytest.mark.parametrize("code", ["en", "fr", "cs", "pl", "ru", "es"])
def test_a_whole_game_with_the_expansion_draws_and_captions_in_every_language(
        code: str, drawn: list[tuple[str, str]]) -> None:
    lang = language(code)
    frames, seen = 0, set()
    for seed in (3, 5):
        for before, after in steps(4, seed):
            for frame in action_frames(before, after):
                kinds = {e["type"] for e in frame["log"]}
                seen |= kinds
                if frame["log"] and kinds != {"keep-card"}:
                    line = caption(frame, frame["log"], lang)
                    assert line.strip() and "caption." not in line and "?" not in line, frame["log"]
                train_image(frame, translate=lang)
                frames += 1
        scoreboard_image(after, translate=lang)
    assert frames > 200 and {"objective", "wanted", "copy", "idea-drawn"} <= seen
    texts = {text for text, _ in drawn}
    assert not texts & english().keys, "a message key was drawn instead of its text"
    assert not any("{" in text for text in texts)
    missing = {(ch, style) for text, style in drawn for ch in text if ord(ch) not in cmap(style)}
    assert not missing, missing


@pytest.mark.parametrize("event", EVENTS)
def test_every_event_of_the_expansion_is_captioned(event: str) -> None:
    obs = scene({"ghost": {"at": [1, "in"], "loot": ["jewel"]}, "doc": {"at": "5/cell"}}, wagons=5, wanted=["doc"])
    examples: dict[str, dict[str, Any]] = {
        "prison": {"prisoners": ["doc", "ghost", "mei"]}, "objective": {"seat": 0}, "idea-drawn": {"seat": 1},
        "copy": {"bandit": "ghost", "card": "doc:fire"}, "free-prisoner": {"bandit": "ghost", "prisoner": "mei"},
        "free-bandit": {"bandit": "ghost", "target": "doc"},
        "give": {"bandit": "doc", "target": "ghost", "loot": "jewel"}, "wanted": {"bandit": "doc"},
        "fist-fight-ace": {"bandit": "ghost", "value": 800}, "prisoner-taken": {"bandit": "ghost"},
        "mail-taken": {"bandit": "ghost"}, "rescue": {"at": "2/in", "to": "2/roof", "count": 2},
        "rumour": {"objective": "capture:ghost"}, "prisoners-kept": {"prisoners": ["mei"]},
        "mail-kept": {"at": ["0/in"]},
    }
    for code in ("en", "cs", "ru"):
        line = caption(obs, [{"type": event, "step": 1, **examples[event]}], language(code))
        assert line.strip() and "caption." not in line, (code, event, line)


def test_the_marshals_hand_is_drawn_with_his_cards() -> None:
    game = new_game(["ghost", "doc", "tuco"], seed=3, options=Options(prisoners=True))
    img = hand_image(observe(game, 0))
    assert img.width > 0 and len(observe(game, 0)["seats"][0]["hand"]) == 6


def _finished(seed: int) -> Observation:
    *_, (_, last) = steps(4, seed)
    assert last.get("result")
    return last


def test_the_final_count_itemises_the_bonuses_and_shows_the_marshals_objectives(
        drawn: list[tuple[str, str]]) -> None:
    """M-9: mail bags in the strongbox's column; the Wanted card kept ($500), the prisoner ($200)
    and the aces apart from the Gunslinger's; every objective marked under the bandits."""
    from render import scoreboard
    from render.prisoners import score as prisoners_score

    obs = _finished(3)
    prison = obs["prison"]
    for row in scoreboard._rows(obs):
        name = row["name"]
        assert row["kinds"] == ("purse", "jewel", "mailbag")
        bonuses = (0 if name in prison["wanted"] else 500) + (200 if name in prison["held"] else 0) \
            + sum(prison["won_aces"].get(name, ()))
        assert row["extra"] == bonuses
        assert row["total"] == sum(row["value"].values()) + row["bonus"] + row["extra"]
    assert len(prison["objectives"]) == 5 and not prison["marshal_wins"]
    plain = scoreboard_image({**obs, "prison": None})
    image = scoreboard_image(obs)
    assert image.height == plain.height + prisoners_score.marshal_height(obs, image.width, None)
    texts = [text for text, _ in drawn]
    assert "Mail bags" in texts and "Bonuses" in texts
    assert f"Objectives fulfilled: {len(prison['fulfilled'])} of 5 (4 win)" in texts
    for objective in prison["objectives"]:
        label = english().text(f"objective.{objective.partition(':')[0]}",
                               bandit=english().noun(f"bandit.{objective.partition(':')[2] or 'ghost'}"))
        mark = "✓" if objective in prison["fulfilled"] else "✗"
        assert f"{mark} {label}" in texts


def test_the_final_count_crowns_the_marshal_when_he_wins(drawn: list[tuple[str, str]]) -> None:
    """M-9 with The repentant: the Marshal and the poorest bandit share the win; the title names
    him first, with a capital."""
    obs = _finished(5)
    obs["prison"] = {**obs["prison"], "marshal_wins": True, "fulfilled": obs["prison"]["objectives"][:4]}
    poorest = min(obs["result"]["scores"], key=obs["result"]["scores"].get)
    obs["result"] = {**obs["result"], "winners": ["marshal", poorest]}
    scoreboard_image(obs)
    poorest_name = english().text(f"bandit.{poorest}")
    assert f"The Marshal and {poorest_name} share the victory!" in [text for text, _ in drawn]


def test_the_marshals_hand_carries_his_sheet_and_no_one_elses_does(drawn: list[tuple[str, str]]) -> None:
    """M-6: his DM picture shows the objectives he has seen, ticked when fulfilled as things stand,
    his rewards, aces and revolvers; a bandit's hand shows none of it."""
    game = new_game(CAST[:4], seed=5, options=Options(prisoners=True))
    for i, _ in enumerate(random_answers(game, random.Random(5))):
        if i == 120:
            break
    mine = observe(game, 0)["prison"]
    seen = [o for o in mine["objectives"] if o]
    assert len(seen) == game.round_no and any(mine["met"]) and not all(mine["met"])
    hand_image(observe(game, 1))
    assert not any("objective" in text.lower() or "✓" in text for text, _ in drawn)
    marshal = hand_image(observe(game, 0))
    bandit = hand_image(observe(game, 1))
    assert marshal.height > bandit.height
    texts = [text for text, _ in drawn]
    assert f"Your objectives: {len(seen)} seen of 5 · 4 fulfilled win the game" in texts
    for objective, met in zip(seen, mine["met"], strict=True):
        label = english().text(f"objective.{objective.partition(':')[0]}",
                               bandit=english().noun(f"bandit.{objective.partition(':')[2] or 'ghost'}"))
        assert f"{'✓' if met else '☐'} {label}" in texts
