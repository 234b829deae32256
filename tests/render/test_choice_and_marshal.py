"""What a new player trips over on the pictures of the expansions (issue 26): the Marshal player's
hand named and his objectives under his planning picture (M-1, M-6), the prison wagon labelled
(M-2), and every choice of Stealin' drawn as its chooser sees it with what each option names
ringed (B-7, H-…, M-…)."""

from __future__ import annotations

import random
from typing import Any

import pytest

import engine  # noqa: F401  (registers every decision handler)
from engine import Options, apply, new_game, observe
from lang import CODES, language
from render import choice, layout, panels
from render.choice import choice_image, referents
from render.planning import planning_image
from render.prisoners import sheet as prisoners_sheet
from render.train import train_image

Observation = dict[str, Any]
CAST = ["ghost", "doc", "tuco", "cheyenne"]
OPTIONS = {"base": Options(), "horses": Options(horses=True), "prisoners": Options(prisoners=True),
           "both": Options(prisoners=True, horses=True)}


def marshal_planning() -> Observation:
    game = new_game(CAST[:3], seed=3, options=Options(prisoners=True))
    assert game.pending is not None and game.seats[0].bandits == [] and game.pending.seat == 0
    return observe(game, 0)


@pytest.mark.parametrize("code", CODES)
def test_the_marshals_planning_picture_names_his_hand_and_shows_his_sheet(code: str,
                                                                         drawn: list[tuple[str, str]]) -> None:
    """M-1, M-6: "The Marshal's hand", never "?'s hand"; his objectives sheet under his cards."""
    lang = language(code)
    obs = marshal_planning()
    with_sheet = planning_image(obs, translate=lang)
    texts = [t for t, _ in drawn]
    title = lang.text("hand.title", bandit=lang.noun("bandit.marshal"))
    assert title[:1].upper() + title[1:] in texts
    assert not any(t.startswith("?") for t in texts)
    assert panels.acting_label(obs, lang) in texts  # his turn named in the title, not "Schemin'"
    assert any(t.startswith(lang.text("sheet.picture-objectives", n=1, total=5, need=4)[:12]) for t in texts)
    bandit = new_game(CAST[:3], seed=3, options=Options(prisoners=True))
    while bandit.pending is not None and bandit.pending.seat == 0:
        apply(bandit, "plan draw")
    plain = planning_image(observe(bandit, bandit.pending.seat), translate=lang)
    assert with_sheet.height - plain.height == prisoners_sheet.sheet_height(obs, with_sheet.width, lang)


@pytest.mark.parametrize("code", CODES)
def test_the_prison_wagon_is_labelled_on_the_train(code: str, drawn: list[tuple[str, str]]) -> None:
    """M-2: bars alone do not say which car is the prison wagon."""
    lang = language(code)
    train_image(observe(new_game(CAST[:3], seed=3, options=Options(prisoners=True)), None), translate=lang)
    assert lang.text("train.prison-wagon") in [t for t, _ in drawn]
    drawn.clear()
    train_image(observe(new_game(CAST[:3], seed=3), None), translate=lang)
    assert lang.text("train.prison-wagon") not in [t for t, _ in drawn]


def choices(options: Options, seeds: range) -> list[tuple[str, Observation]]:
    """Every choice of Stealin' (and of the horse attack) met in random games, in its chooser's view."""
    out = []
    for seed in seeds:
        game = new_game(CAST, seed=seed, options=options)
        rng = random.Random(seed)
        while game.pending is not None:
            pending = game.pending
            if pending.kind not in ("plan", "discard"):
                out.append((pending.kind, observe(game, pending.seat)))
            apply(game, rng.choice(pending.options))
    return out


@pytest.mark.parametrize("name", sorted(OPTIONS))
def test_every_option_that_names_a_place_a_car_or_a_bandit_is_ringed_on_the_chooser_picture(name: str) -> None:
    """Each answer's value points at something drawn: a position's zone, a car, a bandit's pawn (or
    the Marshal's), the loot robbed; only what the chooser sees is read."""
    seen: set[str] = set()
    for kind, obs in choices(OPTIONS[name], range(6)):
        found = referents(obs)
        values = [o.partition(" ")[2] for o in obs["pending"]["options"]]
        tl = layout.layout_of(obs).train
        if kind in choice.POSITION_KINDS:
            assert set(found.zones) == {v for v in values if "/" in v} and set(found.zones) <= set(tl.zones)
        elif kind in choice.CAR_KINDS:
            assert set(found.cars) == {int(v) for v in values}
        elif kind in choice.BANDIT_KINDS:
            named = {v.rpartition(":")[2] for v in values if v != "hold"}
            on_train = named & ({b["name"] for b in obs["bandits"]} | choice.LAWMEN)
            assert set(found.bandits) == on_train and (on_train or kind == "free")
        elif kind in choice.LOOT_KINDS:
            assert found.loot_of in {b["name"] for b in obs["bandits"]}
        seen.add(kind)
    public = observe_public_of(obs)
    assert referents(public) == choice.Referents()  # no options in anyone else's view: nothing ringed
    assert {"move", "fire", "rob"} <= seen or name != "base"


def observe_public_of(obs: Observation) -> Observation:
    return {**obs, "pending": {k: v for k, v in (obs["pending"] or {}).items() if k not in ("options", "target")}}


def test_a_choice_picture_is_the_train_with_its_question_and_rings(drawn: list[tuple[str, str]]) -> None:
    lang = language("en")
    obs = next(o for k, o in choices(Options(), range(4)) if k == "fire")
    ringed = choice_image(obs, translate=lang)
    plain = train_image({**obs, "log": []}, translate=lang)
    assert ringed.size == plain.size and ringed.tobytes() != plain.tobytes()
    assert lang.text("question.fire") in [t for t, _ in drawn]
    # the ring lies around each target's pawn
    tl = layout.layout_of(obs).train
    corners, _ = layout.place_pawns(obs, tl)
    for target in referents(obs).bandits:
        x, y = corners[target]
        left = (x - choice.PAD, y + layout.PAWN_H // 2)
        assert ringed.getpixel(left) != plain.getpixel(left)
