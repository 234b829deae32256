"""Two bandits a player (V-2, V-3) in the pictures: panels grouped by player, each card of a hand
marked with its bandit, a hidden card of a pair in both colours, the final count by side (no
Gunslinger in V-3), captions that keep the placement and the card taken secret, in every language;
a base game drawn as before."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest
from PIL import Image

import engine  # noqa: F401  (registers every decision handler)
from engine import Options, apply, new_game, observe
from engine.model import Game
from engine.observe import observe_log
from lang import CODES, english, language
from render import assets, encode, hand, layout, panels, samples, scoreboard, seats, theme
from render.caption import caption, split_runs
from render.hand import hand_image
from render.pile import pile_image
from render.planning import planning_image
from render.play import random_answers
from render.scoreboard import scoreboard_image
from render.story import action_frames
from render.train import train_image
from render.variants import pairs
from render.variants import score as pairs_score
from tests.render.helpers import cmap

Observation = dict[str, Any]
THREE = [["ghost", "tuco"], ["doc", "django"], ["belle", "cheyenne"]]
TWO = [["ghost", "tuco"], ["doc", "django"]]
V3 = [["tuco", "cheyenne"], ["django", "doc"]]
TEAMS_SIX = ["ghost", "doc", "tuco", "belle", "cheyenne", "django"]  # V-4: partners 1-2, 3-4, 5-6


def _groups(cast: list[Any], variant: str) -> list[list[str]]:
    """The bandits framed together: a player's pair, or two partners (V-4)."""
    return [cast[i:i + 2] for i in range(0, len(cast), 2)] if variant == "teams" else cast


def _pixel(img: Image.Image, xy: tuple[float, float]) -> tuple[int, int, int]:
    r, g, b = img.getpixel((int(xy[0]), int(xy[1])))[:3]  # type: ignore[index]
    return int(r), int(g), int(b)


def _close(a: tuple[int, int, int], b: tuple[int, int, int], tolerance: int = 8) -> bool:
    return all(abs(x - y) <= tolerance for x, y in zip(a, b, strict=True))


def _game(cast: list[Any], variant: str, seed: int) -> Game:
    return new_game(cast, seed=seed, options=Options(variant=variant, expert=variant == "two-player"), first=0)


def _steps(game: Game, seed: int) -> Iterator[tuple[Observation, Observation]]:
    """(public view before, public view after with the new events as its log), answer by answer."""
    return random_answers(game, random.Random(seed))


def _planning(cast: list[Any], variant: str, seed: int, cards: int = 2) -> Game:
    """A game at a player's planning decision with at least ``cards`` on the pile."""
    game = _game(cast, variant, seed)
    rng = random.Random(seed)
    while game.pending is not None:
        if game.phase == "planning" and game.pending.kind == "plan" and len(game.pile) >= cards:
            return game
        apply(game, rng.choice(game.pending.options))
    raise AssertionError("no planning moment")


def _with_hidden_card_of_a_pair(seed: int) -> tuple[Game, int]:
    """A 3-player V-2 game where the pile holds another player's face-down card: (game, its seat)."""
    for s in range(seed, seed + 40):
        game = _game(THREE, "two-bandits", s)
        rng = random.Random(s)
        while game.pending is not None and game.round_no <= 5:
            if game.phase == "planning" and game.pending.kind == "plan":
                hidden = [p for p in game.pile if p.face_down and p.seat != game.pending.seat]
                if hidden:
                    return game, hidden[0].seat
            apply(game, rng.choice(game.pending.options))
    raise AssertionError("no hidden card of a pair found")


# --- panels: grouped by player -------------------------------------------------------------------


@pytest.mark.parametrize(("cast", "variant"), [(THREE, "two-bandits"), (TWO, "two-bandits"), (V3, "two-player"),
                                               (TEAMS_SIX, "teams")])
def test_a_players_two_panels_stand_in_one_frame(cast: list[Any], variant: str) -> None:
    """Or two partners' panels in their team's frame (V-4)."""
    game = _planning(cast, variant, seed=3)
    obs = observe(game, None)
    lay = layout.layout_of(obs)
    groups = _groups(cast, variant)
    assert len(lay.teams) == len(groups) and len(lay.panels) == 2 * len(groups)
    assert seats.groups(obs) == groups
    img = train_image(obs)
    assert img.height == lay.height <= 800  # panels big enough to read at a phone's width, still wider than tall
    for i, (frame, pair) in enumerate(zip(lay.teams, groups, strict=True)):
        inside = lay.panels[2 * i:2 * i + 2]
        for r in inside:  # both panels of the player in the player's frame, one above the other
            assert frame.x < r.x and r.right < frame.right and frame.y + layout.TEAM_HEAD_H <= r.y
            assert r.bottom < frame.bottom
        assert inside[0].x == inside[1].x and inside[0].bottom < inside[1].y
        # the frame is dark between its two panels, and each panel shows its bandit's pawn
        assert _close(_pixel(img, (frame.x + frame.w // 2, inside[0].bottom + 2)), theme.HEADER_BG)
        for name, r in zip(pair, inside, strict=True):
            head = (r.x + 10 + layout.PAWN_W // 2, r.y + (r.h - layout.PAWN_H) // 2 + layout.HEAD_D // 2 + 1)
            assert _close(_pixel(img, head), theme.bandit_style(name).fill, 14), name
    for a, b in zip(lay.teams, lay.teams[1:], strict=False):
        assert a.right < b.x  # side by side, no overlap


def test_the_frame_is_marked_for_a_players_decision_the_panel_for_a_bandits() -> None:
    game = _planning(THREE, "two-bandits", seed=5)
    obs = observe(game, None)
    seat = game.pending.seat  # type: ignore[union-attr]
    assert panels.team_acting(obs, seat)
    assert not any(panels.content(obs, b, None, in_team=True).acting for b in obs["bandits"])
    team = panels.team_content(obs, seat, None)
    assert team.acting == "to play" and team.hand == len(game.seats[seat].hand)
    assert team.name == seats.team_name(THREE[seat]) and "&" in team.name
    aiming = {**obs, "phase": "stealing", "pending": {"seat": 1, "bandit": "django", "kind": "fire"}}
    marked = [b["name"] for b in obs["bandits"] if panels.content(aiming, b, None, in_team=True).acting]
    assert marked == ["django"] and not panels.team_acting(aiming, 1)
    # the DM's planning picture names both bandits of the player to plan, only Django when he aims
    assert panels.acting_names(obs) == THREE[seat] and panels.acting_names(aiming) == ["django"]
    # in a base game nothing changes: one panel a bandit, the hand in it
    base = samples.colourful()
    assert layout.layout_of(base).teams == () and not seats.paired(base)
    assert panels.acting_names(base) == [base["bandits"][1]["name"]]


# --- the DM's pictures: each card with its bandit ------------------------------------------------


def test_each_card_of_the_hand_wears_its_bandits_colour_and_disc() -> None:
    game = _planning(TWO, "two-bandits", seed=8)
    seat = game.pending.seat  # type: ignore[union-attr]
    obs = observe(game, seat)
    cards = hand.sorted_hand(hand.hand_view(obs))
    actions = [c for c in cards if not c.startswith("bullet:")]
    assert {c.partition(":")[0] for c in actions} == set(game.seats[seat].bandits)  # both bandits' cards
    img = hand_image(obs, playable=cards)
    w, h, gap = layout.CARD_W, layout.CARD_H, layout.CARD_GAP
    per_row = (layout.WIDTH - 2 * layout.MARGIN + gap) // (w + gap)
    row_w = min(len(cards), per_row) * (w + gap) - gap
    left = (layout.WIDTH - row_w) // 2
    d, inset = round(w * 0.34), max(3, w // 22)
    for i, card in enumerate(cards[:per_row]):
        if card.startswith("bullet:"):
            continue
        owner = card.partition(":")[0]
        x, y = left + i * (w + gap), layout.TITLE_H + 14
        fill = theme.bandit_style(owner).fill
        assert _close(_pixel(img, (x + w // 2, y + h - 12)), fill), card  # the card's face: its bandit's colour
        disc_top = (x + inset + d // 2, y + inset + 5)  # the disc, above its letter
        assert _close(_pixel(img, disc_top), fill, 14), card


def test_the_planning_picture_marks_each_card_and_stays_phone_sized(drawn: list[tuple[str, str]]) -> None:
    game = _planning(THREE, "two-bandits", seed=2, cards=3)
    seat = game.pending.seat  # type: ignore[union-attr]
    calls: list[bool] = []
    real = hand.draw_card

    def record(*args: Any, owner_mark: bool = False) -> None:
        calls.append(owner_mark)
        real(*args, owner_mark=owner_mark)

    encode.palette()  # made once from sample pictures (their hands too), as render.preload does at start-up
    mp = pytest.MonkeyPatch()
    mp.setattr(hand, "draw_card", record)
    try:
        img = planning_image(observe(game, seat))
    finally:
        mp.undo()
    assert calls and all(calls)  # every card of the hand with its bandit's disc
    assert img.width == 800 and len(encode.png(img)) <= 200_000
    texts = {t for t, _ in drawn}
    pair = game.seats[seat].bandits
    assert english().text("hand.title", bandit=seats.team_noun(pair)) in texts  # "Ghost & Tuco's hand"


def test_a_hidden_card_of_a_pair_shows_both_colours_and_never_its_bandit() -> None:
    game, seat = _with_hidden_card_of_a_pair(seed=1)
    first, second = game.seats[seat].bandits
    back = pairs.team_back((first, second), 60, 90)
    one, other = assets.card(first, None, True, 60, 90), assets.card(second, None, True, 60, 90)
    assert _pixel(back, (8, 8)) == _pixel(one, (8, 8)) and _pixel(back, (52, 82)) == _pixel(other, (52, 82))
    viewer = game.pending.seat  # type: ignore[union-attr]
    public = observe(game, None)
    hidden = [p for p in public["pile"] if p["face_down"] and not p["resolved"] and p["seat"] == seat]
    assert hidden and all(p["bandit"] is None for p in hidden)
    texts: list[str] = []
    mp = pytest.MonkeyPatch()
    from render import fonts

    real = fonts.sprite
    mp.setattr(fonts, "sprite", lambda t, *a: (texts.append(t), real(t, *a))[1])
    try:
        pile_image(public)
        planning_image(observe(game, viewer))
    finally:
        mp.undo()
    assert seats.team_name((first, second)) in texts  # under the public pile's card: the pair, not one bandit


# --- the final count by side ---------------------------------------------------------------------


@pytest.mark.parametrize(("cast", "variant", "seed"), [(THREE, "two-bandits", 4), (TWO, "two-bandits", 6),
                                                       (V3, "two-player", 5), (TEAMS_SIX, "teams", 3)])
def test_the_scoreboard_scores_sides(cast: list[Any], variant: str, seed: int,
                                     drawn: list[tuple[str, str]]) -> None:
    game = _game(cast, variant, seed)
    for _ in _steps(game, seed):
        pass
    final = observe(game, None)
    result = final["result"]
    img = scoreboard_image(final)
    texts = {t for t, _ in drawn}
    tr = english()
    for side in result["sides"]:
        assert tr.money(side["score"]) in texts
        assert side["score"] == sum(result["scores"][b] for b in side["bandits"])
    sides = scoreboard.side_rows(final)
    assert sides[0]["winner"] and set(sides[0]["bandits"]) == set(result["winners"])
    groups = _groups(cast, variant)
    assert [len(s["rows"]) for s in sides] == [2] * len(groups)
    won = [seats.team_noun(s["bandits"]) for s in sides if s["winner"]]
    key = "score.side-wins" if len(won) == 1 else "score.winners"
    assert tr.text(key, names=tr.text("caption.list").join(map(str, won[:-1])) + (
        tr.text("caption.and") if len(won) > 1 else "") + str(won[-1])) in texts  # "Ghost & Tuco win!"
    assert (tr.text("score.gunslinger") in texts) == (variant != "two-player")  # V-3.3: no Gunslinger
    assert tr.text("score.team") in texts
    assert img.height == layout.SCORE_TITLE_H + 2 * layout.MARGIN + layout.SCORE_HEAD_H + len(groups) * (
        2 * layout.SCORE_ROW_H + 8 + pairs_score.SIDE_GAP) - pairs_score.SIDE_GAP
    # a replayed observation (no "sides" in the game-over event) gives the same sides
    replayed = {**final, "result": {k: v for k, v in result.items() if k != "sides"}}
    assert seats.sides(replayed) == [{"bandits": s["bandits"], "score": s["score"]} for s in result["sides"]]


def test_the_winning_side_is_crowned_in_its_block() -> None:
    game = _game(THREE, "two-bandits", 4)
    for _ in _steps(game, 4):
        pass
    final = observe(game, None)
    img = scoreboard_image(final)
    top = layout.SCORE_TITLE_H + layout.MARGIN + layout.SCORE_HEAD_H
    block = 2 * layout.SCORE_ROW_H + 8 + pairs_score.SIDE_GAP
    assert _close(_pixel(img, (layout.MARGIN + 200, top + 10)), theme.SCORE_WINNER)  # the winning side first
    assert not _close(_pixel(img, (layout.MARGIN + 200, top + block + 10)), theme.SCORE_WINNER)
    gold = [_pixel(img, (x, y)) for x in range(pairs_score.TEAM_LEFT, layout.WIDTH - layout.MARGIN)
            for y in range(top, top + block)]
    assert any(_close(c, theme.GOLD, 30) for c in gold)  # the crown on the side's total


# --- captions ------------------------------------------------------------------------------------

OBS: Observation = {"round": 1, "rounds": 5, "seats": [{"seat": i, "bandits": pair} for i, pair in enumerate(THREE)]}


@pytest.mark.parametrize(("code", "placed", "taken", "cover", "reveal", "hidden", "won"), [
    ("en", "Ghost & Tuco's player places their bandits in secret", "Doc & Django's player takes a card",
     "Ghost may play a card at once, under Tuco's cover",
     "Tuco and Doc start in car 3 · Ghost and Django start in car 2",
     "Belle & Cheyenne's player plays a card face down", "Game over: Doc & Django win!"),
    ("fr", "Le joueur de Ghost & Tuco place ses bandits en secret", "Le joueur de Doc & Django prend une carte",
     "Ghost peut jouer une carte aussitôt, sous la couverture de Tuco", "Tuco et Doc prennent place dans le wagon 3",
     "Le joueur de Belle & Cheyenne joue une carte face cachée", "Doc & Django gagnent"),
    ("cs", "Hráč Ghosta & Tuca tajně rozmisťuje své bandity", "Hráč Doca & Djanga si bere kartu",
     "Ghost smí hned zahrát kartu pod krytím Tuca", "Tuco a Doc začínají ve vagonu 3",
     "Hráč Belle & Cheyenne hraje kartu lícem dolů", "vítězí Doc & Django"),
    ("ru", "Игрок Призрака & Туко тайно расставляет своих бандитов", "Игрок Дока & Джанго берёт карту",
     "Призрак может сразу сыграть карту под прикрытием Туко", "Туко и Док начинают в вагоне 3",
     "Игрок Белль & Шайенны разыгрывает карту лицом вниз", "побеждают Док & Джанго"),
])
def test_the_new_events_are_captioned(code: str, placed: str, taken: str, cover: str, reveal: str, hidden: str,
                                      won: str) -> None:
    tr = language(code)
    assert caption(OBS, [{"type": "placed", "seat": 0}], tr) == placed
    assert caption(OBS, [{"type": "take-card", "seat": 1}], tr).startswith(taken)
    play_fire = {"type": "play", "seat": 0, "face_down": False, "card": "tuco:fire"}
    line = caption(OBS, [play_fire, {"type": "cover", "seat": 0, "bandit": "tuco"}], tr)
    assert line.endswith(cover) and tr.text("action.fire") in line
    moves = [{"type": "move", "bandit": b, "at": "placing", "to": to, "how": "placement"}
             for b, to in (("ghost", "2/in"), ("tuco", "3/in"), ("doc", "3/in"), ("django", "2/in"))]
    assert reveal in caption(OBS, moves, tr)
    assert caption(OBS, [{"type": "play", "seat": 2, "face_down": True}], tr) == hidden
    # a card played face up names its own bandit, not the player's first
    assert tr.text("bandit.tuco") in caption(OBS, [play_fire], tr) and "Ghost" not in caption(OBS, [play_fire], tr)
    over = {"type": "game-over", "scores": {"doc": 900, "django": 0}, "winners": ["doc", "django"]}
    assert won in caption(OBS, [over], tr)


def test_the_placement_and_the_card_taken_are_runs_of_their_own() -> None:
    events: list[dict[str, Any]] = [
        {"type": "placed", "seat": 1},
        {"type": "move", "bandit": "ghost", "at": "placing", "to": "2/in", "how": "placement"},
        {"type": "move", "bandit": "tuco", "at": "placing", "to": "3/in", "how": "placement"},
        {"type": "round", "card": "braking", "first_seat": 0},
        {"type": "take-card", "seat": 0},
        {"type": "take-card", "seat": 1},
    ]
    assert [[e["type"] for e in run] for run in split_runs(events)] == [
        ["placed"], ["move", "move"], ["round"], ["take-card"], ["take-card"]]


@pytest.mark.parametrize("code", CODES)
def test_no_secret_in_the_public_captions(code: str) -> None:
    """The placement and the card taken read the same whatever the secret; the player's own log
    (its secret in it) is captioned as the public one is."""
    tr = language(code)
    game = _game(THREE, "two-bandits", 9)
    secrets: list[str] = []
    for _ in _steps(game, 9):
        if game.round_no >= 2:
            break
    for seat in range(3):
        own = observe_log(game, seat, since=0)
        public = observe_log(game, None, since=0)
        for mine, seen in zip(own, public, strict=True):
            if mine["type"] not in ("placed", "take-card"):
                continue
            assert (mine != seen) == (mine["seat"] == seat)  # only the player's own view holds the secret
            secrets += [str(v) for k, v in mine.items() if k not in seen]
            assert caption(OBS, [mine], tr) == caption(OBS, [seen], tr)
    assert secrets
    words = {tr.text(f"action.{a}") for a in ("move", "floor", "fire", "punch", "rob", "marshal")}
    for event in observe_log(game, None, since=0):
        if event["type"] in ("placed", "take-card"):
            line = caption(OBS, [event], tr)
            assert not any(word in line for word in words), line


@pytest.mark.parametrize("code", CODES)
def test_a_whole_pairs_game_draws_in_every_language_with_real_glyphs(code: str,
                                                                     drawn: list[tuple[str, str]]) -> None:
    tr = language(code)
    variant, cast = ("two-player", V3) if CODES.index(code) % 2 else ("two-bandits", THREE)
    game = _game(cast, variant, 20 + CODES.index(code))
    pictures = 0
    for before, after in _steps(game, 20 + CODES.index(code)):
        for frame in action_frames(before, after):
            train_image(frame, translate=tr)
            pictures += 1
        if game.phase == "planning" and game.pending is not None and pictures % 7 == 0:
            planning_image(observe(game, game.pending.seat), translate=tr)
    scoreboard_image(observe(game, None), translate=tr)
    texts = {t for t, _ in drawn}
    assert not texts & english().keys, "a message key was drawn instead of its text"
    assert not any("{" in t for t in texts), "a placeholder was left unfilled"
    missing = {(ch, style) for t, style in drawn for ch in t if ord(ch) not in cmap(style)}
    assert not missing, f"characters without a glyph in {code}: {sorted(missing)}"
    assert tr.text("header.phase.placing") in texts and tr.text("score.team") in texts


# --- the placement on the train ------------------------------------------------------------------


def test_the_reveal_drops_each_bandit_into_its_wagon() -> None:
    game = _game(TWO, "two-bandits", 4)
    frames: list[Observation] = []
    for before, after in _steps(game, 4):
        frames += action_frames(before, after)
        if game.phase != "placing":
            break
    reveal = next(f for f in frames if f["log"][0]["type"] == "move")
    assert {e["how"] for e in reveal["log"]} == {"placement"} and len(reveal["log"]) == 4
    caboose = max(int(c["car"]) for c in reveal["train"])
    assert sorted(b["at"] for b in reveal["bandits"]) == sorted([f"{caboose}/in", f"{caboose - 1}/in"] * 2)
    img = train_image(reveal)
    tl = layout.layout_of(reveal).train
    corners, _ = layout.place_pawns(reveal, tl)
    for name, corner in corners.items():  # an arrow of the bandit's colour above its head, over the roof
        x = corner[0] + layout.PAWN_W // 2
        above = tl.zones[f"{caboose}/roof"].stand.y + 30
        assert _close(_pixel(img, (x, above)), theme.bandit_style(name).fill, 30), name
    placing = next(f for f in frames if f["log"][0]["type"] == "placed")
    assert all(b["at"] == "placing" for b in placing["bandits"])
    train_image(placing)  # the two wagons outlined, nobody on the board


def test_a_base_game_is_drawn_as_before() -> None:
    """The base pictures do not go through any of this (tests/render/golden holds them)."""
    base = samples.colourful()
    assert not layout.pairs_key(base)
    assert caption(base, [{"type": "play", "seat": 0, "face_down": True}]) == "Ghost plays a card face down"
    assert caption(base, [{"type": "game-over", "scores": {}, "winners": ["doc"]}]) == "Game over: Doc wins!"
