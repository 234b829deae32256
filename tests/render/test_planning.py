"""The planning picture of a player's private messages: drawn for every table and language, phone
sized, never showing what the player may not know, the current turn marked, the hand in order."""

from __future__ import annotations

import copy
import random
from collections import OrderedDict
from collections.abc import Callable
from typing import Any

import pytest
from PIL import Image

import engine  # noqa: F401  (registers every decision handler)
from engine import Options, apply, from_json, new_game, observe, to_json
from engine.model import Game
from lang import CODES, english, language
from render import assets, draw, encode, hand, layout, planning, planning_image, samples, theme
from render.hand import hand_image
from tests.render.helpers import CAST, cmap

Observation = dict[str, Any]


def _pixel(img: Image.Image, xy: tuple[int, int]) -> tuple[int, int, int]:
    r, g, b = img.getpixel(xy)[:3]  # type: ignore[index]
    return int(r), int(g), int(b)


def _close(a: tuple[int, int, int], b: tuple[int, int, int], tolerance: int = 6) -> bool:
    return all(abs(x - y) <= tolerance for x, y in zip(a, b, strict=True))


def _hidden_of_others(game: Game, seat: int) -> bool:
    """Whether the pile holds a face-down card of another player that has not resolved yet."""
    return any(p.face_down and p.seat != seat for p in game.pile[game.cursor:])


def planning_game(players: int, seed: int, done: Callable[[Game], bool]) -> Game:
    """A seeded game played (cards rather than draws, mostly) until a player is to plan and
    ``done`` holds."""
    game = new_game(CAST[players], seed=seed)
    rng = random.Random(seed)
    while game.pending is not None:
        decision = game.pending
        if decision.kind == "plan" and done(game):
            return game
        plays = [o for o in decision.options if " play " in o or " hide " in o]
        apply(game, rng.choice(plays) if decision.kind == "plan" and plays and rng.random() < 0.85
              else rng.choice(decision.options))
    raise AssertionError("the game ended before the wanted moment")


def mid_round(players: int, seed: int) -> Observation:
    """The planner's view with a few cards on the pile, one of them another player's hidden card."""
    game = planning_game(players, seed, lambda g: len(g.pile) >= players and _hidden_of_others(g, g.pending.seat))
    return observe(game, game.pending.seat)


# --- every table, every language -----------------------------------------------------------------




@pytest.mark.parametrize("code", CODES)
@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_drawn_for_every_table_in_every_language(players: int, code: str, drawn: list[tuple[str, str]]) -> None:
    obs = mid_round(players, seed=players * 10 + CODES.index(code))
    lang = language(code)
    img = planning_image(obs, translate=lang)
    assert img.width == layout.PLAN_WIDTH == 800  # shown at half size on a phone, ~400 px wide
    assert img.height > img.width  # tall, not wide: a phone scrolls down
    assert len(encode.png(img)) <= 200_000
    texts = {text for text, _ in drawn}
    viewer = obs["seats"][obs["viewer"]]["bandits"][0]
    assert lang.text("hand.title", bandit=lang.noun(f"bandit.{viewer}")) in texts
    assert lang.text("pile.turn", turn=obs["turn"] + 1, turns=len(obs["round_card"]["turns"])) in texts
    assert not texts & english().keys, "a message key was drawn instead of its text"
    assert not any("{" in text for text in texts), "a placeholder was left unfilled"
    missing = {(ch, style) for text, style in drawn for ch in text if ord(ch) not in cmap(style)}
    assert not missing, f"characters without a glyph in {code}: {sorted(missing)}"


def test_the_first_card_of_a_round_and_a_full_hand_still_fit() -> None:
    game = planning_game(4, 3, lambda g: not g.pile)
    obs = observe(game, game.pending.seat)
    assert planning_image(obs).width == layout.PLAN_WIDTH
    big = samples.with_hand(samples.colourful(), 2)  # 12 cards in hand, 12 on the pile
    big["phase"], big["turn"] = "planning", 3
    img = planning_image(big)
    lay = layout.planning_layout(layout.train_key(big), 6, 4, 12, 12)
    assert img.size == (lay.width, lay.height)
    assert lay.hand.rect.right <= img.width - layout.MARGIN and lay.pile.rect.bottom < lay.hand.rect.y


def test_the_picture_needs_the_players_own_view() -> None:
    with pytest.raises(ValueError):
        planning_image(samples.colourful())  # the public view has no hand


# --- hidden information --------------------------------------------------------------------------


def _hide_differently_from(game: Game, viewer: int, rng: random.Random) -> None:
    """Change everything ``viewer`` may not know, nothing they may: the other players' hands and
    decks, their face-down cards on the pile, the values of purses not theirs."""
    for seat in game.seats:
        if seat.index == viewer:
            continue
        cards = seat.hand + seat.deck
        rng.shuffle(cards)
        seat.hand, seat.deck = cards[: len(seat.hand)], cards[len(seat.hand):]
    for played in game.pile[game.cursor:]:
        if played.face_down and played.seat != viewer:
            owner = played.card.split(":")[0]
            played.card = f"{owner}:{rng.choice(['move', 'fire', 'rob', 'punch'])}"
    for tokens in [*game.floor_loot.values(), *(b.loot for b in game.bandits.values() if b.seat != viewer)]:
        for i, token in enumerate(tokens):
            if token.startswith("purse"):
                tokens[i] = f"purse:{rng.choice([250, 300, 450, 500])}"


@pytest.mark.parametrize("seed", [1, 2, 3, 4, 5])
def test_what_the_player_may_not_know_does_not_change_the_picture(seed: int) -> None:
    players = 3 + seed % 4
    game = planning_game(players, seed, lambda g: len(g.pile) >= players and _hidden_of_others(g, g.pending.seat))
    viewer = game.pending.seat
    twin = from_json(to_json(game))
    _hide_differently_from(twin, viewer, random.Random(seed))
    assert twin != game
    mine, theirs = planning_image(observe(game, viewer)), planning_image(observe(twin, viewer))
    assert mine.tobytes() == theirs.tobytes()


def test_secrets_leaked_into_the_observation_are_not_drawn() -> None:
    """Even an observation that carries what its viewer may not see (another player's hand, what
    another player's face-down card is, purse values) gives the same picture: the picture only
    reads what is the viewer's."""
    obs = mid_round(4, seed=7)
    viewer = obs["viewer"]
    leaky = copy.deepcopy(obs)
    hidden = 0
    for view in leaky["seats"]:
        if view["seat"] != viewer:
            view["hand"] = [f"{view['bandits'][0]}:fire"] * view["hand_size"]
            view["discard"] = ["bullet:neutral"]
    for played in leaky["pile"]:
        if played["face_down"] and not played["resolved"] and played["seat"] != viewer:
            played["bandit"] = leaky["seats"][played["seat"]]["bandits"][0]
            played["action"] = "rob"
            hidden += 1
    for bandit in leaky["bandits"]:
        bandit["loot"] = [f"{t}:500" if t == "purse" else t for t in bandit["loot"]]
    assert hidden
    assert planning_image(leaky).tobytes() == planning_image(obs).tobytes()
    # …while what the viewer does know shows: their own hand
    view = next(s for s in obs["seats"] if s["seat"] == viewer)
    changed = copy.deepcopy(obs)
    next(s for s in changed["seats"] if s["seat"] == viewer)["hand"] = view["hand"][1:]
    assert planning_image(changed).tobytes() != planning_image(obs).tobytes()


def _card_top(img: Image.Image, corner: tuple[int, int], w: int, h: int) -> bytes:
    """A pile card's upper part (its lower edge carries the owner's disc)."""
    return img.crop((corner[0], corner[1], corner[0] + w, corner[1] + h * 2 // 3)).tobytes()


def test_pile_cards_show_whose_they_are_and_hide_other_players_faces() -> None:
    obs = mid_round(4, seed=11)
    img = planning_image(obs)
    lay = layout.planning_layout(layout.train_key(obs), 4, len(obs["round_card"]["turns"]), len(obs["pile"]),
                                 len(obs["seats"][obs["viewer"]]["hand"]))
    g = lay.pile
    seat_bandit = {s["seat"]: s["bandits"][0] for s in obs["seats"]}
    backs = 0
    for i, played in enumerate(obs["pile"]):
        owner = seat_bandit[played["seat"]]
        x, y = g.corner(i)
        # the owner's disc under the card, in the owner's colour (under the initial)
        assert _close(_pixel(img, (x + g.card_w // 2, y + g.card_h + 12)), theme.bandit_style(owner).fill), owner
        hidden = played["face_down"] and not played["resolved"]
        if hidden and played["seat"] != obs["viewer"]:
            back = Image.new("RGB", (g.card_w, g.card_h), theme.BOARD_BG)
            draw.paste(back, assets.card(owner, None, True, g.card_w, g.card_h), (0, 0))
            assert _card_top(img, (x, y), g.card_w, g.card_h) == _card_top(back, (0, 0), g.card_w, g.card_h)
            backs += 1
    assert backs


def test_the_players_own_hidden_card_shows_its_face() -> None:
    game = planning_game(4, 5, lambda g: any(p.face_down and p.seat == g.pending.seat
                                                  for p in g.pile[g.cursor:]))
    obs = observe(game, game.pending.seat)
    public = copy.deepcopy(obs)
    for played in public["pile"]:
        if played["face_down"] and not played["resolved"]:
            played["bandit"] = played["action"] = None  # as the others see it
    assert planning_image(obs).tobytes() != planning_image(public).tobytes()


# --- the round card ------------------------------------------------------------------------------


def test_the_current_turn_is_marked_and_the_mark_moves() -> None:
    obs = mid_round(4, seed=2)
    turns = len(obs["round_card"]["turns"])
    lay = layout.planning_layout(layout.train_key(obs), 4, turns, len(obs["pile"]),
                                 len(obs["seats"][obs["viewer"]]["hand"]))
    pictures = []
    for turn in range(turns):
        img = planning_image(dict(obs, turn=turn))
        pictures.append(img.tobytes())
        for i, tile in enumerate(lay.turns):
            inside = _pixel(img, (tile.x + 6, tile.y + tile.h // 2))  # beside the symbol, inside the tile
            assert _close(inside, theme.TURN_CURRENT) == (i == turn), (turn, i, inside)
    assert len(set(pictures)) == turns
    # once the pile resolves, no turn is current
    stealing = planning_image(dict(obs, phase="stealing"))
    for tile in lay.turns:
        assert not _close(_pixel(stealing, (tile.x + 6, tile.y + tile.h // 2)), theme.TURN_CURRENT)


# --- the hand ------------------------------------------------------------------------------------


def test_the_hand_is_in_the_hand_pictures_order(monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[tuple[str, tuple[int, int], set[str] | None]] = []
    real = hand.draw_card

    def record(img: Image.Image, card: str, xy: tuple[int, int], size: tuple[int, int], allowed: set[str] | None,
               translate: Any, owner_mark: bool = False) -> None:
        calls.append((card, xy, allowed))
        real(img, card, xy, size, allowed, translate, owner_mark)

    monkeypatch.setattr(hand, "draw_card", record)
    obs = samples.with_hand(samples.colourful(), 1)
    random.Random(3).shuffle(obs["seats"][1]["hand"])
    hand_image(obs)
    in_hand_picture = [c for c, _, _ in calls]
    allowed_there = calls[0][2]
    calls.clear()
    planning_image(obs)
    assert [c for c, _, _ in calls] == in_hand_picture == [
        "doc:move", "doc:floor", "doc:fire", "doc:punch", "doc:rob", "doc:marshal",
        "bullet:belle", "bullet:cheyenne", "bullet:django", "bullet:ghost", "bullet:tuco", "bullet:neutral"]
    assert all(a == allowed_there for _, _, a in calls)  # the same cards faded as in the hand picture
    corners = [xy for _, xy, _ in calls]
    assert corners == sorted(corners, key=lambda xy: (xy[1], xy[0]))  # read left to right, row by row


# --- the shrunk train kept between a player's pictures (issue 29) --------------------------------


@pytest.mark.parametrize("options", [
    Options(), Options(horses=True), Options(prisoners=True), Options(variant="two-bandits"),
], ids=["base", "horses", "prisoners", "two-bandits"])
def test_a_kept_shrunk_train_gives_the_picture_drawn_afresh(options: Options, monkeypatch: pytest.MonkeyPatch) -> None:
    """B-4: nothing on the train moves while cards are played, so each player's planning pictures of
    a round reuse the train shrunk for their first one; a picture that reuses it is the picture
    drawn from nothing, byte for byte, and the train drawn anew as soon as anything on it moved."""
    kept: OrderedDict[bytes, bytes] = OrderedDict()
    pairs = options.variant == "two-bandits"
    seats = [[a, b] for a, b in zip(CAST[6][:3], CAST[6][3:], strict=True)] if pairs else CAST[4]
    game = new_game(seats, seed=7, options=options)
    rng = random.Random(7)
    reused = drawn = 0
    while game.pending is not None and game.round_no <= 2:
        if game.pending.kind == "plan":
            obs = observe(game, game.pending.seat)
            monkeypatch.setattr(planning, "_SCENES", OrderedDict())
            afresh = encode.png(planning_image(obs))
            monkeypatch.setattr(planning, "_SCENES", kept)
            before = len(kept)
            assert encode.png(planning_image(obs)) == afresh
            reused += len(kept) == before
            drawn += 1
        apply(game, rng.choice(game.pending.options))
    assert drawn >= 20 and reused >= drawn // 2
