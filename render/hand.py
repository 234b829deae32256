"""A player's hand, for their private message: their cards, playable ones clear, bullets greyed."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from PIL import Image

from lang import Noun
from render import assets, draw, fonts, layout, seats, theme
from render import text as txt
from render.hooks import HOOKS
from render.text import Translate

Observation = dict[str, Any]
ACTION_ORDER = {"move": 0, "floor": 1, "fire": 2, "punch": 3, "rob": 4, "marshal": 5, "ride": 6}


def _sort_key(card: str) -> tuple[int, int, str]:
    owner, _, action = card.partition(":")
    if owner == "bullet":
        return 1, 1 if action == "neutral" else 0, action
    return 0, ACTION_ORDER.get(action, 9), owner


def playable_cards(obs: Observation) -> set[str] | None:
    """The cards the viewer may play now, from their pending planning decision; None when the
    viewer is not asked to play (then every action card is shown as playable in principle)."""
    pending = obs.get("pending") or {}
    options = pending.get("options")
    if pending.get("kind") != "plan" or options is None:
        return None
    out = set()
    for option in options:
        verb, _, rest = str(option).partition(" ")[2].partition(" ")
        if verb in ("play", "hide") and rest:
            out.add(rest)
    return out


def hand_image(obs: Observation, *, seat: int | None = None, translate: Translate | None = None,
               playable: Iterable[str] | None = None) -> Image.Image:
    """The hand of ``seat`` (default: the observation's viewer), from that player's observation.

    Cards in ``playable`` (default: what the pending decision allows) are drawn clear, other
    action cards faded, bullet cards grey (B-6.3: they can never be played)."""
    view = hand_view(obs, seat)
    cards = sorted_hand(view)
    allowed = set(playable) if playable is not None else playable_cards(obs)
    w, h = layout.CARD_W, layout.CARD_H
    gap = layout.CARD_GAP
    per_row = max(1, (layout.WIDTH - 2 * layout.MARGIN + gap) // (w + gap))
    rows = max(1, -(-len(cards) // per_row))
    title_h = layout.TITLE_H
    height = title_h + 14 + rows * (h + gap) + layout.MARGIN
    sheet = has_sheet(obs, view)
    if sheet:  # the Marshal player's sheet under his hand (M-6), drawn by the expansion
        cards_bottom = height - layout.MARGIN
        height += sum(block.height(obs, layout.WIDTH, translate) for block in HOOKS.sheets)
    img = Image.new("RGB", (layout.WIDTH, height), theme.BOARD_BG)
    draw.paste(img, Image.new("RGBA", (layout.WIDTH, title_h), (*theme.HEADER_BG, 255)), (0, 0))
    bandits = owners(obs, view)
    x = layout.MARGIN
    for bandit in bandits:  # a player with two bandits: both pawns, the legend of the cards' discs
        pawn = assets.marshal() if bandit == layout.MARSHAL else assets.pawn(bandit, txt.initial(bandit, translate))
        draw.paste(img, pawn, (x, (title_h - layout.PAWN_H) // 2))
        x += layout.PAWN_W + 4
    x = max(x + 8, layout.MARGIN + layout.PAWN_W + 12)
    title = txt.t("hand.title", translate, bandit=owner_noun(bandits, translate))
    title = txt.capital(title)  # "The Marshal's hand"
    draw.text(img, (x, title_h / 2), title, "bold", 20, theme.HEADER_TEXT)
    if any(c.startswith("bullet:") for c in cards):
        hint = txt.t("hand.dead", translate)
        draw.text(img, (layout.WIDTH - layout.MARGIN - 4, title_h / 2), hint, "regular", 15, theme.HEADER_DIM, "r")
    if sheet:
        for block in HOOKS.sheets:
            block.draw(img, obs, cards_bottom, translate)
    if not cards:
        draw.text(img, (layout.WIDTH / 2, title_h + 14 + h / 2), txt.t("hand.empty", translate), "regular", 18,
                  theme.PANEL_DIM, "m")
        return img
    row_w = min(len(cards), per_row) * (w + gap) - gap
    left = (layout.WIDTH - row_w) // 2
    for i, card in enumerate(cards):
        row, col = divmod(i, per_row)
        draw_card(img, card, (left + col * (w + gap), title_h + 14 + row * (h + gap)), (w, h), allowed, translate,
                  owner_mark=len(bandits) > 1)
    return img


def owners(obs: Observation, view: dict[str, Any]) -> list[str]:
    """Whose hand a seat holds: its bandits, or the Marshal player, who has none (M-1)."""
    bandits = [str(b) for b in view["bandits"]]
    return bandits or ([layout.MARSHAL] if obs.get("prison") else [])


def has_sheet(obs: Observation, view: dict[str, Any]) -> bool:
    """Whether the seat's pictures show the Marshal player's sheet under his hand (M-6)."""
    return bool(obs.get("prison")) and not view["bandits"]


def owner_noun(bandits: list[str], translate: Translate | None) -> Noun:
    """Whose hand it is: the bandit, or a player's pair ("Ghost & Tuco")."""
    if len(bandits) > 1:
        return seats.team_noun(bandits, translate)
    return txt.bandit_noun(bandits[0] if bandits else None, translate)


def hand_view(obs: Observation, seat: int | None = None) -> dict[str, Any]:
    """The seat's part of the observation, with its hand (default seat: the viewer's)."""
    seat = obs.get("viewer") if seat is None else seat
    view = next((s for s in obs["seats"] if s["seat"] == seat), None)
    if view is None or "hand" not in view:
        raise ValueError("hand_image needs the observation of the player whose hand it is (observe(game, seat))")
    return dict(view)


def sorted_hand(view: dict[str, Any]) -> list[str]:
    """The cards of a hand in the order the pictures show them: actions, then bullets."""
    return hand_order(view["hand"])


def hand_order(cards: Iterable[str]) -> list[str]:
    """The one order in which a hand is shown everywhere (pictures, the DM's text and buttons):
    actions in the order of the rulebook's card list, then bullets."""
    return sorted(cards, key=_sort_key)


def draw_card(img: Image.Image, card: str, xy: tuple[int, int], size: tuple[int, int], allowed: set[str] | None,
              translate: Translate | None, owner_mark: bool = False) -> None:
    """One card of a hand at ``xy``: an action card clear when ``allowed`` has it (or is None), else
    faded; a bullet card grey with its shooter's stripe. ``owner_mark`` (a player with two
    bandits): the card's bandit's disc in its top left corner."""
    (x, y), (w, h) = xy, size
    owner, _, action = card.partition(":")
    if owner == "bullet":
        shooter = None if action == "neutral" else action
        label = txt.action_name("bullet", translate)
        sprite = assets.card(shooter, "bullet", False, w, h, dead=True, label=label)
        draw.paste(img, sprite, (x, y))
        if shooter:  # whose bullet: a stripe of the shooter's colour and their letter
            _shooter_mark(img, shooter, x, y, w, translate)
        return
    label = txt.action_name(action, translate)
    if owner_mark:
        sprite = seats.owned_card(owner, action, w, h, label, txt.initial(owner, translate))
    else:
        sprite = assets.card(owner, action, False, w, h, label=label)
    if allowed is not None and card not in allowed:
        sprite = _faded(sprite)
    draw.paste(img, sprite, (x, y))


def _shooter_mark(img: Image.Image, shooter: str, x: int, y: int, w: int, translate: Translate | None) -> None:
    style = theme.bandit_style(shooter)
    strip_h = round(12 * w / layout.CARD_W)  # 12 px on the hand picture's cards, in proportion on others
    strip = Image.new("RGBA", (w - 16, strip_h), (*style.fill, 255))
    draw.paste(img, strip, (x + 8, y + 8))
    letter = txt.initial(shooter, translate)
    size = fonts.fit_size(letter, "bold", round(11 * w / layout.CARD_W), w - 20, 8)
    draw.text(img, (x + w / 2, y + 8 + strip_h / 2), letter, "bold", size, style.ink, "m")


def _faded(sprite: Image.Image) -> Image.Image:
    out = sprite.copy()
    out.putalpha(out.getchannel("A").point(lambda a: a * 45 // 100))
    return out
