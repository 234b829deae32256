"""Who plays whom, as the observation says it seat by seat (``seats[i]["bandits"]``): one bandit a
seat in the base game, two with a player of two bandits (V-2, V-3), two seats a team with partners
(V-4). Every picture asks here rather than reading the variant, so that a hand-built observation
draws the same. A player of two bandits is named by their pair ("Ghost & Tuco").
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from PIL import Image

from lang import Noun
from render import layout
from render import text as txt
from render.hooks import HOOKS
from render.text import Translate

Observation = dict[str, Any]


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


def team_noun(bandits: Sequence[str], translate: Translate | None = None) -> Noun:
    """A pair's name, "Ghost & Tuco", in every grammatical form of the names."""
    joiner = txt.t("team.and", translate)
    return Noun.joined([txt.bandit_noun(b, translate) for b in bandits], joiner, joiner)


def team_name(bandits: Sequence[str], translate: Translate | None = None) -> str:
    return str(team_noun(bandits, translate))


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


# --- a player's marks, drawn by the variant that seats them (render.variants.pairs) ---------------
# Only a table whose seats name two bandits asks for these, and the variant registers them with
# render.hooks when render is imported: the first registered draws.


def emblem(bandits: tuple[str, ...], d: int) -> Image.Image:
    """A player's emblem, of diameter ``d``, in their frame's header."""
    return HOOKS.emblems[0](bandits, d)


def team_back(bandits: tuple[str, ...], w: int, h: int) -> Image.Image:
    """A face-down card of a player whose bandit nobody else knows."""
    return HOOKS.team_backs[0](bandits, w, h)


def owner_disc(bandit: str, letter: str, d: int) -> Image.Image:
    """The mark of a card's bandit, on a card of a player with two bandits."""
    return HOOKS.owner_discs[0](bandit, letter, d)


def owned_card(owner: str, action: str, w: int, h: int, label: str, letter: str) -> Image.Image:
    """An action card of a player with two bandits, marked with its bandit."""
    return HOOKS.owned_cards[0](owner, action, w, h, label, letter)
