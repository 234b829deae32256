"""A player with two bandits (V-2 for 2 or 3 players, V-3 the two-player game): their partner, their
name as a caption's subject, and their marks.

Who plays whom the observation says seat by seat, and render.seats reads it for every picture. A
team's emblem is a disc split in their two colours, a card of the player whose bandit the public
does not know (face down) is a back in both colours, and a card in a player's hand wears its
bandit's disc. Importing this module registers those drawings with render.hooks.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from PIL import Image, ImageDraw

from lang import Noun
from render import assets, draw, fonts, seats, theme
from render import text as txt
from render.hooks import HOOKS
from render.text import Translate

Observation = dict[str, Any]

NO_GUNSLINGER = "two-player"  # V-3.3: the two-player game has no Gunslinger title


def partner(obs: Observation, bandit: str) -> str | None:
    """The other bandit of ``bandit``'s player."""
    return next((b for b in seats.team_of(obs, bandit) if b != bandit), None)


def player_noun(obs: Observation, seat: int, translate: Translate | None = None) -> Noun:
    """A player by their pair: "Ghost & Tuco's player" (a caption's subject)."""
    return Noun(txt.t("team.player", translate, bandits=seats.team_noun(seats.team(obs, seat), translate)))


def no_gunslinger(obs: Observation) -> bool:
    return (obs.get("options") or {}).get("variant") == NO_GUNSLINGER


# --- the team's marks: an emblem, a back, an owner's disc on a card ------------------------------


@cache
def emblem(bandits: tuple[str, ...], d: int) -> Image.Image:
    """A player's emblem: a disc of diameter ``d`` split down the middle in the pair's colours
    (left: the first bandit)."""
    scale = 4
    big = Image.new("RGBA", (d * scale, d * scale), (0, 0, 0, 0))
    dd = ImageDraw.Draw(big)
    box = (scale, scale, d * scale - scale - 1, d * scale - scale - 1)
    for i, name in enumerate(bandits[:2]):
        start = 90 if i == 0 else 270  # the left half, then the right one
        dd.pieslice(box, start, start + 180, fill=(*theme.bandit_style(name).fill, 255))
    dd.line((d * scale // 2, scale, d * scale // 2, d * scale - scale), fill=(*theme.OUTLINE, 255), width=scale)
    dd.ellipse(box, outline=(*theme.OUTLINE, 255), width=2 * scale)
    return big.resize((d, d), Image.Resampling.LANCZOS)


@cache
def team_back(bandits: tuple[str, ...], w: int, h: int) -> Image.Image:
    """A face-down card of a player whose bandit nobody else knows: the backs of both bandits, cut
    along the diagonal (top left the first bandit's)."""
    first = assets.card(bandits[0], None, True, w, h)
    second = assets.card(bandits[-1], None, True, w, h)
    mask = Image.new("L", (w, h), 0)
    ImageDraw.Draw(mask).polygon([(w, 0), (w, h), (0, h)], fill=255)
    out = first.copy()
    out.paste(second, (0, 0), mask)
    ImageDraw.Draw(out).line((w - 3, 2, 2, h - 3), fill=(*theme.CARD_EDGE, 255), width=max(1, w // 30))
    return out


@cache
def owner_disc(bandit: str, letter: str, d: int) -> Image.Image:
    """The owner's mark on a card of a player with two bandits: a disc in the bandit's colour with
    its initial, ringed in the card's face colour so that it shows on a card of the same colour."""
    style = theme.bandit_style(bandit)
    scale = 4
    big = Image.new("RGBA", (d * scale, d * scale), (0, 0, 0, 0))
    dd = ImageDraw.Draw(big)
    dd.ellipse((0, 0, d * scale - 1, d * scale - 1), fill=(*theme.CARD_EDGE, 255))
    ring = max(2, d // 12) * scale
    dd.ellipse((scale, scale, d * scale - scale - 1, d * scale - scale - 1), fill=(*theme.CARD_FACE, 255))
    dd.ellipse((ring + scale, ring + scale, d * scale - ring - scale - 1, d * scale - ring - scale - 1),
               fill=(*style.fill, 255))
    img = big.resize((d, d), Image.Resampling.LANCZOS)
    size = fonts.fit_size(letter, "bold", round(d * 0.5), d - 2 * ring // scale - 6, 7)
    draw.text(img, (d / 2, d / 2), letter, "bold", size, style.ink, "m")
    return img


@cache
def owned_card(owner: str, action: str, w: int, h: int, label: str, letter: str) -> Image.Image:
    """An action card of a player with two bandits: its bandit's colour, and its bandit's disc in
    the top left corner (the symbol a little smaller and lower to leave room)."""
    out = assets.card(owner, action, False, w, h, label=label, marked=True).copy()
    d = max(14, round(w * 0.34))
    inset = max(3, w // 22)
    draw.paste(out, owner_disc(owner, letter, d), (inset, inset))
    return out


HOOKS.emblems.append(emblem)
HOOKS.team_backs.append(team_back)
HOOKS.owner_discs.append(owner_disc)
HOOKS.owned_cards.append(owned_card)
