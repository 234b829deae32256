"""The planning picture of a player's private messages: all they need to plan, in one picture.

``planning_image(obs)`` draws one player's observation (``observe(game, seat)``): the round and who
is to act; the round card with its turns, the current one marked; the train as it stands (the
train picture's scenery, pawns and loot, scaled down, the player's own pawn aglow); the pile so
far, each card with its owner's initial (face-down cards of others as backs, the player's own as
faces with a folded corner); and the player's hand, in the order of ``hand_image``.

It is read on a phone, where Discord shows it about 400 px wide: it is drawn 800 px wide (shown at
half size), tall rather than wide, with no word under 22 px.
"""

from __future__ import annotations

import hashlib
import io
import json
from collections import OrderedDict
from typing import Any

from PIL import Image, ImageDraw

from render import assets, draw, encode, fonts, hand, layout, marks, panels, pile, seats, theme, train
from render import text as txt
from render.hooks import HOOKS
from render.layout import PlanningLayout, Rect
from render.text import Translate

Observation = dict[str, Any]

TITLE_SIZE = 27  # the round, the round card's name, the current turn
TEXT_SIZE = 23  # every other word
HORSE_SCALE = 1.3  # the horses by the car numbers, as tall as the numbers
# The train shrunk to the planning picture (about 4/5): Hamming's filter shows its flat colours and
# outlines as Lanczos's does, in half the time (one of these per card played, issue 29).
SHRINK = Image.Resampling.HAMMING
STEALING = ("stealing", "event", "round-end", "keeping", "over")  # every turn of the card is played
FLASKS = ("whiskey", "old-whiskey")  # Horses & Stagecoach: flasks, full or ("-half") half-drunk
# The shrunk trains kept (``_shrunk_scene``), some 5 to 15 kB each: a planning picture's next one for
# the same player comes after those of every other game in play (one per player a game, in a worker).
SCENES_KEPT = 2048
# What an observation holds that changes as cards are played and that the train does not show.
NOT_ON_THE_TRAIN = frozenset({"step", "pile", "pending", "log", "turn", "seats"})
_SCENES: OrderedDict[bytes, bytes] = OrderedDict()  # key (``_scene_key``) → the PNG of the shrunk train


def planning_image(obs: Observation, *, translate: Translate | None = None) -> Image.Image:
    """The planning picture of the player whose observation ``obs`` is (it shows their hand)."""
    view = hand.hand_view(obs)
    cards = hand.sorted_hand(view)
    played = list(obs.get("pile") or ())
    card = obs.get("round_card")
    turns = str(card["turns"]) if card else ""
    lay = layout.planning_layout(layout.train_key(obs), len(obs["bandits"]), len(turns), len(played), len(cards),
                                 layout.coach_key(obs))
    sheet = hand.has_sheet(obs, view)
    height = lay.height + (sum(block.height(obs, lay.width, translate) for block in HOOKS.sheets) if sheet else 0)
    img = Image.new("RGB", (lay.width, height), theme.BOARD_BG)
    _title(img, obs, lay.title, translate)
    _round_card(img, obs, lay, translate)
    _train(img, obs, view, lay, translate)
    _pile(img, obs, played, lay, translate)
    _hand(img, obs, view, cards, lay, translate)
    if sheet:  # the Marshal plans with his objectives in sight (M-6)
        for block in HOOKS.sheets:
            block.draw(img, obs, lay.height - layout.MARGIN, translate)
    return img


# --- the round and who is to act -----------------------------------------------------------------


def _title(img: Image.Image, obs: Observation, r: Rect, translate: Translate | None) -> None:
    ImageDraw.Draw(img).rectangle(r.box(), fill=theme.CAPTION_BG)
    mid = r.y + r.h // 2
    rnd = obs.get("round") or 0
    if rnd:
        title = txt.t("header.round", translate, n=rnd, total=obs.get("rounds") or 5)
    else:
        title = txt.t("header.no-round", translate)
    x = layout.MARGIN + 4
    right = r.right - layout.MARGIN - 4
    acting = panels.acting_names(obs)
    if acting:
        # who must decide now: their pawn (a player with two bandits: both) and what they are to do
        label = panels.acting_label(obs, translate)
        size = fonts.fit_size(label, "bold", TEXT_SIZE, r.w // 2 - 60, 18)
        lw = draw.text(img, (right, mid), label, "bold", size, theme.TURN_CURRENT, "r")
        right -= lw + 10
        for name in reversed(acting):
            pawn = assets.marshal() if name == layout.MARSHAL else assets.pawn(name, txt.initial(name, translate))
            draw.paste(img, pawn, (right - pawn.width, mid - pawn.height // 2))
            right -= pawn.width + 4
        right -= 6
    else:
        phase_key = f"header.phase.{obs.get('phase')}"
        if txt.exists(phase_key):
            right -= draw.text(img, (right, mid), txt.t(phase_key, translate), "regular", TEXT_SIZE,
                               theme.HEADER_DIM, "r") + 16
    size = fonts.fit_size(title, "bold", TITLE_SIZE, right - x, 20)
    draw.text(img, (x, mid), fonts.ellipsize(title, "bold", size, right - x), "bold", size, theme.HEADER_TEXT)


# --- the round card ------------------------------------------------------------------------------


def _round_card(img: Image.Image, obs: Observation, lay: PlanningLayout, translate: Translate | None) -> None:
    r = lay.round_card
    d = ImageDraw.Draw(img)
    d.rectangle(r.box(), fill=theme.HEADER_BG)
    d.rectangle((0, r.bottom - 3, r.right, r.bottom - 1), fill=theme.darker(theme.HEADER_BG, 0.3))
    card = obs.get("round_card")
    x = layout.MARGIN + 4
    room = r.w - 2 * x
    if not card:
        return
    name = txt.card_title(card["name"], translate)
    size = fonts.fit_size(name, "bold", TITLE_SIZE, room, 20)
    draw.text(img, (x, r.y + 24), fonts.ellipsize(name, "bold", size, room), "bold", size, theme.HEADER_TEXT)
    sub = txt.event_line(card, translate)
    size = fonts.fit_size(sub, "regular", TEXT_SIZE, room, 18)
    draw.text(img, (x, r.y + 56), fonts.ellipsize(sub, "regular", size, room), "regular", size, theme.HEADER_DIM)
    turns = str(card["turns"])
    phase = obs.get("phase")
    current = obs.get("turn") if phase == "planning" else None
    for i, (kind, tile) in enumerate(zip(turns, lay.turns, strict=True)):
        now = i == current
        done = phase in STEALING or (isinstance(current, int) and i < current)
        fill = theme.TURN_CURRENT if now else theme.TURN_DONE if done else theme.TURN_TILE
        ink = (theme.TURN_ICON_CURRENT if now else theme.mix(theme.TURN_ICON, theme.TURN_DONE, 0.55) if done
               else theme.TURN_ICON)
        box = tile.inset(-4) if now else tile
        d.rounded_rectangle(box.box(), radius=9, fill=fill, outline=theme.lighter(fill, 0.4) if now else None,
                            width=3)
        draw.paste_centred(img, assets.symbol(kind, tile.w * 6 // 10, ink), tile.centre)
        if now:  # a pointer under the current turn's tile
            cx, top = tile.centre[0], box.bottom + 3
            d.polygon([(cx - 9, top + 10), (cx + 9, top + 10), (cx, top)], fill=theme.TURN_CURRENT)
    if isinstance(current, int) and 0 <= current < len(turns) and lay.turns:
        # the current turn in words: "Turn 2/4" and its kind ("tunnel")
        tx = lay.turns[-1].right + 24
        mid = lay.turns[0].centre[1]
        room = r.right - layout.MARGIN - tx
        label = txt.t("pile.turn", translate, turn=current + 1, turns=len(turns))
        size = fonts.fit_size(label, "bold", TITLE_SIZE, room, 20)
        draw.text(img, (tx, mid - 15), label, "bold", size, theme.TURN_CURRENT)
        kind_key = f"turn.{turns[current]}"
        if txt.exists(kind_key):
            kind = txt.t(kind_key, translate)
            size = fonts.fit_size(kind, "regular", TEXT_SIZE, room, 18)
            draw.text(img, (tx, mid + 18), fonts.ellipsize(kind, "regular", size, room), "regular", size,
                      theme.HEADER_TEXT)


# --- the train -----------------------------------------------------------------------------------


def _train(img: Image.Image, obs: Observation, view: dict[str, Any], lay: PlanningLayout,
           translate: Translate | None) -> None:
    """The train picture's scenery, loot and pawns, cut to the train and scaled to the picture's
    width; the car numbers are written anew under it, at a size a phone can show. With Horses &
    Stagecoach the road follows (the stagecoach, the shotgun), and the horses stand by the numbers."""
    tl = layout.layout_of(obs).train
    shrunk = _shrunk_scene(obs, view, lay, tl, translate)
    img.paste(shrunk.crop((0, 0, lay.train.w, lay.train.h)), (lay.train.x, lay.train.y))
    s = lay.train_source
    r = lay.car_labels
    d = ImageDraw.Draw(img)
    d.rectangle(r.box(), fill=theme.GROUND)
    scale = lay.train_scale
    horses: dict[int, tuple[int, int]] = {}
    for car in tl.cars:
        label = txt.car_short(car.index, translate)
        cx = lay.train.x + (car.body.x + car.body.w / 2 - s.x) * scale
        w = fonts.width(label, "bold", TEXT_SIZE) + 20
        d.rounded_rectangle((cx - w / 2, r.y + 2, cx + w / 2, r.bottom - 5), radius=7, fill=theme.PANEL_BG,
                            outline=theme.OUTLINE, width=1)
        draw.text(img, (cx, r.y + (r.h - 3) / 2), label, "bold", TEXT_SIZE, theme.CAR_LABEL, "m")
        horse_w = round(layout.HORSE_W * HORSE_SCALE) + 12
        right_side = cx + w / 2 + 5 + horse_w <= lay.width  # else left of the number, inside the picture
        horses[car.index] = (round(cx + w / 2 + 5 if right_side else cx - w / 2 - 5 - horse_w + 8), r.y + 3)
    if lay.road is not None and lay.road_source is not None:  # the road under the train in ``shrunk``
        img.paste(shrunk.crop((0, lay.train.h, lay.road.w, lay.train.h + lay.road.h)), (lay.road.x, lay.road.y))
        for more in HOOKS.horses:
            more(img, obs, tl, HORSE_SCALE, horses)


def _shrunk_scene(obs: Observation, view: dict[str, Any], lay: PlanningLayout, tl: layout.TrainLayout,
                  translate: Translate | None) -> Image.Image:
    """The train (and the road below it, with Horses & Stagecoach) as the planning picture shows
    them: loot, pawns and the player's own pawns aglow, shrunk, in the shared palette. One picture
    of ``lay.train``'s width, the road under the train.

    Nothing on the train moves while cards are played, so a player's planning pictures of a round
    share it: the last ones drawn are kept (``SCENES_KEPT``, as small PNGs) and reused. That skips
    most of the picture's work: drawing the train and shrinking it (issue 29). It is kept in the
    shared palette, which every picture is saved in (render.encode), so a kept one and a new one
    give the same picture."""
    key = _scene_key(obs, translate)
    kept = _SCENES.get(key)
    if kept is not None:
        _SCENES.move_to_end(key)
        return Image.open(io.BytesIO(kept))
    scene = train.base_image(obs)
    corners, _ = layout.place_pawns(obs, tl)
    own = [(float(x), float(y)) for x, y in (layout.pawn_centre(corners[b]) for b in view["bandits"] if b in corners)]
    train.draw_contents(scene, obs, tl, marks.Plan(halos=own), translate)
    parts = [(lay.train_source, lay.train)]
    if lay.road is not None and lay.road_source is not None:
        parts.append((lay.road_source, lay.road))
    shrunk = Image.new("RGB", (lay.train.w, sum(to.h for _, to in parts)))
    y = 0
    for source, to in parts:  # the train, then the road under it
        shrunk.paste(scene.crop((source.x, source.y, source.right, source.bottom)).resize((to.w, to.h), SHRINK), (0, y))
        y += to.h
    paletted = encode.paletted(shrunk)
    _SCENES[key] = encode.png(paletted, exact=True, compress_level=1)
    while len(_SCENES) > SCENES_KEPT:
        _SCENES.popitem(last=False)
    return paletted


def _scene_key(obs: Observation, translate: Translate | None) -> bytes:
    """What the shrunk train is drawn from: the observation (its viewer's pawns are aglow) less
    what playing a card changes and the train does not show, and the language (the pawns'
    initials). The seats keep their bandits: they set the picture's layout."""
    drawn = {key: value for key, value in obs.items() if key not in NOT_ON_THE_TRAIN}
    drawn["seats"] = [[seat["seat"], seat["bandits"]] for seat in obs.get("seats") or ()]
    text = json.dumps([getattr(translate, "code", None), drawn], sort_keys=True, separators=(",", ":"))
    return hashlib.blake2b(text.encode(), digest_size=16).digest()


# --- the pile ------------------------------------------------------------------------------------


def _section_title(img: Image.Image, r: Rect, title: str, note: str) -> None:
    mid = r.y + r.h // 2 + 2
    x = layout.MARGIN + 4
    right = r.right - layout.MARGIN - 4
    nw = 0
    if note:
        size = fonts.fit_size(note, "regular", TEXT_SIZE, r.w // 2 - 20, 16)
        nw = draw.text(img, (right, mid), note, "regular", size, theme.PANEL_DIM, "r") + 16
    size = fonts.fit_size(title, "bold", TITLE_SIZE - 1, right - nw - x, 18)
    draw.text(img, (x, mid), fonts.ellipsize(title, "bold", size, right - nw - x), "bold", size, theme.PANEL_TEXT)


def _pile(img: Image.Image, obs: Observation, played: list[dict[str, Any]], lay: PlanningLayout,
          translate: Translate | None) -> None:
    """The round's pile in the order played (the order it resolves), as the player may see it."""
    _section_title(img, lay.pile_title, txt.t("pile.title", translate),
                   txt.t("pile.count", translate, n=len(played)) if played else "")
    g = lay.pile
    if not played:
        draw.text(img, (g.rect.x + 4, g.rect.y + g.pitch // 3), txt.t("pile.empty", translate), "regular", TEXT_SIZE,
                  theme.PANEL_DIM)
        return
    d = ImageDraw.Draw(img)
    w, h = g.card_w, g.card_h
    next_i = pile._next_index(obs)
    veiled = obs.get("phase") in ("stealing", "event", "round-end")
    for i, p in enumerate(played):
        x, y = g.corner(i)
        owner = pile._owner(obs, p)
        shown = pile._shown(obs, p, own_hidden=True)
        hidden_pair = pile.hidden_pair(obs, p, shown)
        if hidden_pair:  # a player with two bandits: nobody else knows which one's card it is
            draw.paste(img, seats.team_back(hidden_pair, w, h), (x, y))
        else:
            draw.paste(img, assets.card(owner, p["action"] if shown else None, not shown, w, h), (x, y))
        if shown and p["face_down"] and not p["resolved"]:
            # the player's own hidden card: a folded corner says "only you see this"
            d.polygon([(x + w - 20, y + 2), (x + w - 3, y + 2), (x + w - 3, y + 19)], fill=theme.HEADER_BG)
        if p["resolved"] and veiled:
            colour, mask = pile._veil(w, h)
            img.paste(colour, (x, y), mask)
        if i == next_i:
            d.rounded_rectangle((x - 4, y - 4, x + w + 3, y + h + 3), radius=9, outline=theme.CARD_NEXT, width=4)
        if hidden_pair:
            _pair_discs(img, hidden_pair, (x + w // 2, y + h), translate)
        else:
            _owner_disc(img, owner, (x + w // 2, y + h), translate)


def _owner_disc(img: Image.Image, owner: str | None, centre: tuple[int, int], translate: Translate | None) -> None:
    """A disc in the owner's colour with their initial, as on their pawn."""
    style = theme.bandit_style(owner)
    r = layout.PLAN_OWNER_D // 2
    cx, cy = centre
    ImageDraw.Draw(img).ellipse((cx - r, cy - r, cx + r, cy + r), fill=style.fill, outline=theme.OUTLINE, width=2)
    letter = txt.initial(owner, translate)
    size = fonts.fit_size(letter, "bold", TEXT_SIZE - 1, 2 * r - 8, 14)
    draw.text(img, (cx, cy), letter, "bold", size, style.ink, "m")


def _pair_discs(img: Image.Image, bandits: tuple[str, ...], centre: tuple[int, int],
                translate: Translate | None) -> None:
    """Under a hidden card of a player with two bandits: both owners' discs, overlapping (either)."""
    step = layout.PLAN_OWNER_D * 2 // 3
    cx, cy = centre
    for i, name in enumerate(bandits):
        _owner_disc(img, name, (cx - step // 2 + i * step, cy), translate)


# --- the hand ------------------------------------------------------------------------------------


def _own_pieces(img: Image.Image, obs: Observation, bandit: str, x: int, mid: int, translate: Translate | None) -> None:
    """Horses & Stagecoach, beside the hand's title: the player's hostage and flasks, as only they
    see them (an old whiskey is one to its holder, H-13), since a flask is drunk instead of a card."""
    me = next((b for b in obs["bandits"] if b["name"] == bandit), None)
    if me is None:
        return
    held = obs["stagecoach"].get("held", {}).get(bandit)
    for token in sorted(t for t in me["loot"] if t.partition(":")[0].removesuffix("-half") in FLASKS):
        draw.paste(img, assets.loot(token, 30), (x, mid - 15))
        x += 34
    if held:
        icon = assets.hostage(30)
        draw.paste(img, icon, (x + 6, mid - 15))
        draw.text(img, (x + 12 + icon.width, mid), txt.t(f"hostage-name.{held}", translate), "bold", TEXT_SIZE,
                  theme.PANEL_TEXT)



def _hand(img: Image.Image, obs: Observation, view: dict[str, Any], cards: list[str], lay: PlanningLayout,
          translate: Translate | None) -> None:
    """The player's cards as ``hand_image`` draws them, in its order, bigger or smaller to fit."""
    r = lay.hand_title
    ImageDraw.Draw(img).line((layout.MARGIN, r.y, r.right - layout.MARGIN, r.y), fill=theme.PANEL_EDGE, width=2)
    bandits = [str(b) for b in view["bandits"]]
    bandit = bandits[0] if bandits else None
    title = txt.capital(txt.t("hand.title", translate, bandit=hand.owner_noun(hand.owners(obs, view), translate)))
    note = txt.t("hand.dead", translate) if any(c.startswith("bullet:") for c in cards) else ""
    _section_title(img, r, title, note)
    paired = len(bandits) > 1
    if paired:  # the legend of the discs on the cards, in the title's order
        x = layout.MARGIN + 4 + fonts.width(title, "bold", TITLE_SIZE - 1) + 14
        for name in bandits:
            disc = seats.owner_disc(name, txt.initial(name, translate), layout.PLAN_OWNER_D)
            draw.paste(img, disc, (x, r.y + r.h // 2 + 2 - disc.height // 2))
            x += disc.width + 4
    if obs.get("stagecoach") and bandit:
        x = layout.MARGIN + 4 + fonts.width(title, "bold", TITLE_SIZE - 1) + 18
        _own_pieces(img, obs, bandit, x, r.y + r.h // 2 + 2, translate)
    g = lay.hand
    if not cards:
        draw.text(img, (g.rect.x + 4, g.rect.y + g.card_h // 3), txt.t("hand.empty", translate), "regular",
                  TEXT_SIZE, theme.PANEL_DIM)
        return
    allowed = hand.playable_cards(obs)
    for i, card in enumerate(cards):
        hand.draw_card(img, card, g.corner(i), (g.card_w, g.card_h), allowed, translate, owner_mark=paired)
