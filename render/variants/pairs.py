"""A player with two bandits (V-2 for 2 or 3 players, V-3 the two-player game): who plays whom.

The observation says it seat by seat (``seats[i]["bandits"]`` names two bandits); every picture
asks here rather than reading the variant, so that a hand-built observation draws the same. A
player is named by their pair ("Ghost & Tuco"), a team's emblem is a disc split in their two
colours, and a card of the player whose bandit the public does not know (face down) is a back in
both colours.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from typing import Any

from PIL import Image, ImageDraw

from lang import Noun
from render import assets, draw, fonts, layout, theme
from render import text as txt
from render.text import Translate

Observation = dict[str, Any]

NO_GUNSLINGER = "two-player"  # V-3.3: the two-player game has no Gunslinger title


def paired(obs: Observation | None) -> bool:
    """Whether every player has two bandits (layout.pairs_key: the panels are grouped by player)."""
    return obs is not None and layout.pairs_key(obs)


def team(obs: Observation, seat: int) -> list[str]:
    """The bandits of ``seat``, first bandit first."""
    for view in obs.get("seats", ()):
        if view["seat"] == seat:
            return [str(b) for b in view["bandits"]]
    return []


def team_of(obs: Observation, bandit: str) -> list[str]:
    """The pair ``bandit`` belongs to (itself alone when no seat names it)."""
    for view in obs.get("seats", ()):
        if bandit in view["bandits"]:
            return [str(b) for b in view["bandits"]]
    return [bandit]


def partner(obs: Observation, bandit: str) -> str | None:
    """The other bandit of ``bandit``'s player."""
    return next((b for b in team_of(obs, bandit) if b != bandit), None)


def team_noun(bandits: Sequence[str], translate: Translate | None = None) -> Noun:
    """A pair's name, "Ghost & Tuco", in every grammatical form of the names."""
    joiner = txt.t("team.and", translate)
    return Noun.joined([txt.bandit_noun(b, translate) for b in bandits], joiner, joiner)


def team_name(bandits: Sequence[str], translate: Translate | None = None) -> str:
    return str(team_noun(bandits, translate))


def player_noun(obs: Observation, seat: int, translate: Translate | None = None) -> Noun:
    """A player by their pair: "Ghost & Tuco's player" (a caption's subject)."""
    return Noun(txt.t("team.player", translate, bandits=team_noun(team(obs, seat), translate)))


def no_gunslinger(obs: Observation) -> bool:
    return (obs.get("options") or {}).get("variant") == NO_GUNSLINGER


def groups(obs: Observation) -> list[list[str]]:
    """The bandits drawn together, in seat order: each player's two (V-2, V-3), or the two
    partners' of each team (V-4: seats 0-1, 2-3, 4-5)."""
    seats = [[str(b) for b in view["bandits"]] for view in obs.get("seats", ())]
    if layout.partners_key(obs):
        return [seats[a] + seats[a + 1] for a in range(0, len(seats), 2)]
    return seats


def sides(obs: Observation) -> list[dict[str, Any]]:
    """The final count's sides: ``result["sides"]`` when the engine gave them, else each group
    with the sum of their scores (a replayed observation has only the game-over's scores)."""
    result = obs.get("result") or {}
    if result.get("sides"):
        return [{"bandits": list(s["bandits"]), "score": int(s["score"])} for s in result["sides"]]
    scores: dict[str, int] = result.get("scores", {})
    return [{"bandits": group, "score": sum(int(scores.get(b, 0)) for b in group)} for group in groups(obs)]


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
