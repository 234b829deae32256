"""Structural checks of the pictures: the right pawn at each place, nothing hidden drawn in a public
picture, sizes Discord can show, safe from several threads."""

from __future__ import annotations

import random
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest
from PIL import Image, ImageDraw

from engine import Options, apply, from_json, new_game, observe, to_json
from engine.model import OVER
from lang import language
from render import encode, fonts, layout, panels, samples, theme
from render import text as words
from render.hand import hand_image
from render.pile import pile_image
from render.prisoners import board as prisoners
from render.scoreboard import scoreboard_image
from render.train import train_image
from tests.hidden import hide_differently
from tests.render.helpers import CAST, frames, steps


def _pixel(img: Image.Image, xy: tuple[int, int]) -> tuple[int, int, int]:
    r, g, b = img.getpixel(xy)[:3]  # type: ignore[index]
    return int(r), int(g), int(b)


def _close(a: tuple[int, int, int], b: tuple[int, int, int], tolerance: int = 6) -> bool:
    return all(abs(x - y) <= tolerance for x, y in zip(a, b, strict=True))


def check_pawns(obs: dict[str, Any], img: Image.Image) -> None:
    """Every bandit's pawn, in its colour, at its position's place; the marshal's hat in his."""
    tl = layout.layout_of(obs).train
    corners, marshal = layout.place_pawns(obs, tl)
    for bandit in obs["bandits"]:
        zone = tl.zones[bandit["at"]]
        corner = corners[bandit["name"]]
        assert zone.stand.x <= corner[0] and corner[0] + layout.PAWN_W <= zone.stand.right
        assert zone.stand.y <= corner[1] and corner[1] + layout.PAWN_H <= zone.stand.bottom
        colour = _pixel(img, layout.head_centre(corner))
        assert _close(colour, theme.bandit_style(bandit["name"]).fill), (bandit["name"], colour, obs["log"])
    assert marshal is not None and tl.zones[obs["marshal"]].stand.x <= marshal[0]
    assert _close(_pixel(img, (marshal[0] + layout.PAWN_W // 2, marshal[1] + 4)), theme.MARSHAL_HAT)


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_every_pawn_stands_where_its_bandit_is(players: int) -> None:
    pictures = frames(players, seed=players * 7)
    for obs in pictures[:: max(1, len(pictures) // 40)]:  # some 40 actions through the game
        check_pawns(obs, train_image(obs))


def test_pawns_sharing_a_position_do_not_overlap() -> None:
    obs = samples.colourful(log=[])
    for bandit in obs["bandits"]:
        bandit["at"] = "6/roof"  # all six on one roof
    corners, _ = layout.place_pawns(obs, layout.layout_of(obs).train)
    boxes = [(x, y, x + layout.PAWN_W, y + layout.PAWN_H) for x, y in corners.values()]
    for i, a in enumerate(boxes):
        for b in boxes[i + 1:]:
            assert a[2] <= b[0] or b[2] <= a[0] or a[3] <= b[1] or b[3] <= a[1], (a, b)
    check_pawns(obs, train_image(obs))


@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_a_public_picture_does_not_change_when_only_hidden_things_change(seed: int) -> None:
    rng = random.Random(seed)
    game = new_game(CAST[rng.choice([3, 4, 5, 6])], seed=seed)
    checked = 0
    while game.pending is not None and checked < 12:
        n = len(game.log)
        apply(game, rng.choice(game.pending.options))
        if game.phase == OVER or rng.random() > 0.3:
            continue
        twin = from_json(to_json(game))
        hide_differently(twin, random.Random(seed + checked))
        for g in (game, twin):
            pictures = (train_image(observe(g, None, log_since=n)), pile_image(observe(g, None)))
            if g is game:
                expected = [encode.png(p, exact=True) for p in pictures]
        assert [encode.png(p, exact=True) for p in pictures] == expected
        checked += 1
    assert checked >= 5


def test_the_train_picture_never_shows_a_hidden_card_even_from_its_owner() -> None:
    obs = samples.colourful()
    hidden = next(i for i, p in enumerate(obs["pile"]) if p["face_down"] and not p["resolved"])
    seat = obs["pile"][hidden]["seat"]
    mine = dict(obs, viewer=seat, pile=[dict(p) for p in obs["pile"]])
    mine["pile"][hidden].update(bandit=obs["seats"][seat]["bandits"][0], action="fire")
    assert train_image(mine).tobytes() == train_image(dict(obs, viewer=seat)).tobytes()
    # …while the player's own pile picture does show it
    assert pile_image(mine).tobytes() != pile_image(dict(obs, viewer=seat)).tobytes()


def test_sizes_fit_discord() -> None:
    for players in (3, 6):
        obs = frames(players, seed=1)[-1]
        img = train_image(obs)
        assert img.width <= 1600 and 1.4 <= img.width / img.height <= 2.2
        assert len(encode.png(img)) <= 200_000
    big = samples.colourful()
    for picture in (pile_image(big), hand_image(samples.with_hand(big)), scoreboard_image(samples.finished(big))):
        assert picture.width <= 1600 and len(encode.png(picture)) <= 200_000


def test_three_to_six_wagons_fit_the_width() -> None:
    for wagons in (3, 4, 5, 6):
        obs = samples.colourful(samples.ALL[:wagons])
        tl = layout.layout_of(obs).train
        assert len(tl.cars) == wagons + 1
        assert tl.cars[0].body.x >= 0 and tl.cars[-1].roof.right <= layout.WIDTH


def test_hand_greys_bullets_and_fades_what_cannot_be_played_now() -> None:
    obs = samples.with_hand(samples.colourful())
    img = hand_image(obs)
    hand = sorted(obs["seats"][0]["hand"], key=lambda c: (c.startswith("bullet:"), c))
    assert len(hand) == 12
    playable = {o.split(" ", 2)[2] for o in obs["pending"]["options"] if o.count(" ") == 2}
    w, h, gap = layout.CARD_W, layout.CARD_H, layout.CARD_GAP
    per_row = (layout.WIDTH - 2 * layout.MARGIN + gap) // (w + gap)
    left = (layout.WIDTH - (per_row * (w + gap) - gap)) // 2
    from render.hand import _sort_key

    for i, card in enumerate(sorted(hand, key=_sort_key)):
        row, col = divmod(i, per_row)
        x, y = left + col * (w + gap), 64 + row * (h + gap)
        corner = _pixel(img, (x + 6, y + h - 8))  # the card's face near its bottom-left corner
        if card.startswith("bullet:"):
            assert _close(corner, theme.CARD_DEAD, 3), card
        elif card in playable:
            assert _close(corner, theme.bandit_style(card.split(":")[0]).fill, 3), card
        else:
            assert not _close(corner, theme.bandit_style(card.split(":")[0]).fill, 3), card


def test_hand_needs_the_players_own_view() -> None:
    with pytest.raises(ValueError, match="observation of the player"):
        hand_image(samples.colourful())


def test_scoreboard_of_a_real_game() -> None:
    game = new_game(CAST[4], seed=5)
    rng = random.Random(5)
    while game.pending is not None:
        apply(game, rng.choice(game.pending.options))
    img = scoreboard_image(observe(game, None))
    assert img.width == layout.WIDTH and img.height > 4 * 50


def test_pictures_can_be_drawn_from_several_threads_at_once() -> None:
    pictures = [obs for _, _, obs in list(steps(5, seed=11))[::25]]
    alone = [encode.png(train_image(obs)) for obs in pictures]
    with ThreadPoolExecutor(max_workers=4) as pool:
        together = list(pool.map(lambda obs: encode.png(train_image(obs)), pictures * 2))
    assert together == alone * 2


def _top_stroke(style: str, size: int) -> float:
    """How many pixels thick FreeType draws the top of a "0" in this style and size (DejaVu Sans Bold
    unhinted: about a seventh of the size; its hinting snaps it to one pixel from 12 to 15 px)."""
    glyph = Image.new("L", (size * 3, size * 3), 0)
    ImageDraw.Draw(glyph).text((size, size // 2), "0", font=fonts.font(style, size), fill=255)
    left, top, right, bottom = glyph.getbbox() or (0, 0, 1, 1)
    ink = glyph.load()
    return sum(ink[(left + right) // 2, y] for y in range(top, (top + bottom) // 2)) / 255  # type: ignore[index]


@pytest.mark.parametrize("code", ["en", "fr"])
def test_scoreboard_numbers_are_drawn_in_one_sans_face_and_the_languages_money(
        code: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """The Gunslinger's "1000 $" read as a serif face: DejaVu Sans Bold's hinting thins the horizontal
    strokes of its digits below 16 px. Every number on the scoreboard is drawn where its strokes keep
    their weight, and every amount is the language's money ("1 000 $", "$1,000")."""
    drawn: list[tuple[str, str, int]] = []
    sprite = fonts.sprite

    def record(text: str, style: str, size: int, colour: Any) -> Any:
        drawn.append((text, style, size))
        return sprite(text, style, size, colour)

    monkeypatch.setattr(fonts, "sprite", record)
    lang = language(code)
    obs = samples.finished(samples.colourful())
    scoreboard_image(obs, translate=lang)
    bonus = obs["result"]["scores"][obs["result"]["gunslingers"][0]] - 1000  # the sample's first bandit
    numbers = [(text, style, size) for text, style, size in drawn if any(ch.isdigit() for ch in text)]
    assert any(text == lang.money(1000) or text == lang.money(bonus) for text, _, _ in numbers)
    for text, style, size in numbers:
        if style == "bold":  # a one-pixel top under stems of nearly three reads as a serif face
            assert _top_stroke(style, size) >= 1.8, f"{text!r} drawn bold at {size} px has hairline strokes"
    totals = {lang.money(total) for total in obs["result"]["scores"].values()}
    assert totals <= {text for text, _, _ in numbers}
    assert not [text for text, _, _ in numbers if "$" in text and text not in totals
                and not any(text == lang.money(v) for v in range(0, 20001, 50))]


PHONE_WIDTH = 400  # about what Discord gives a picture on a phone


@pytest.mark.parametrize(("players", "options"), [(3, {}), (4, {}), (6, {}), (4, {"horses": True}),
                                                  (5, {"prisoners": True}), (6, {"horses": True, "prisoners": True})])
def test_a_channel_frame_keeps_its_counts_and_names_legible_at_a_phones_width(
        players: int, options: dict[str, bool], monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 26: shown ~400 px wide, a frame's panels must still read (names, bullets, loot counts):
    nothing of them is drawn smaller than 8 px once scaled down, the caption no smaller either."""
    sizes: dict[str, int] = {}
    sprite = fonts.sprite

    def record(text: str, style: str, size: int, colour: Any) -> Any:
        sizes[text] = min(size, sizes.get(text, size))
        return sprite(text, style, size, colour)

    monkeypatch.setattr(fonts, "sprite", record)
    game = new_game(["ghost", "doc", "tuco", "cheyenne", "belle", "django"][:players], seed=2,
                    options=Options(**options))
    rng = random.Random(2)
    for _ in range(40):
        apply(game, rng.choice(game.pending.options))
    obs = observe(game, None)
    lay = layout.layout_of(obs)
    scale = PHONE_WIDTH / lay.width
    panels._panel.cache_clear()  # drawn anew, and seen (the panels' words only: the train's tokens have badges)
    prisoners.marshal_panel.cache_clear()
    img = Image.new("RGB", (lay.width, lay.height))
    panels.draw_panels(img, obs, lay.panels, None) if not lay.teams else panels.draw_teams(
        img, obs, lay.teams, lay.panels, None)
    full = {words.bandit_name(b["name"]) for b in obs["bandits"]}
    names = {t for t in sizes if t in full or (t.endswith("…") and any(n.startswith(t[:-1]) for n in full))}
    counts = {t for t in sizes if t.isdigit() or t.startswith("×")}
    assert len(names) == len(full) and counts
    for shown in names | counts:
        phone = sizes[shown] * scale
        assert phone >= 8, f"{shown!r} drawn at {sizes[shown]} px: {phone:.1f} px on a phone"
