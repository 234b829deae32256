"""Card and board data, read once from data/base.json (never written in code)."""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

DATA_DIR = Path(__file__).resolve().parent.parent / "data"


@dataclass(frozen=True, slots=True)
class WagonFloor:
    """What a wagon's floor shows at setup (B-3.3)."""

    name: str
    purses: int
    jewels: int


@dataclass(frozen=True, slots=True)
class RoundCard:
    """A round or train-station card: its turns (S, T, D, R …) and its event, if any."""

    name: str
    turns: str
    event: str | None
    station: bool


@dataclass(frozen=True, slots=True)
class BaseData:
    characters: tuple[str, ...]
    action_cards: tuple[tuple[str, int], ...]
    bullets_per_bandit: int
    neutral_bullets: int
    hand_size: int
    draw_size: int
    rounds: int
    max_wagons: int
    purses: tuple[int, ...]
    extra_purses: tuple[int, ...]  # the Marshal & Prisoners box's: a 7th bandit's starting purse
    starting_purse: int
    jewels: int
    strongboxes: int
    loot_values: dict[str, int]
    gunslinger_bonus: int
    wagons: dict[str, WagonFloor]
    round_cards: dict[str, dict[str, RoundCard]]
    station_cards: dict[str, RoundCard]

    def round_card(self, name: str, bandits: int) -> RoundCard:
        """A round or station card by name, in its layout for this many bandits (B-3.5); an
        expansion's cards too (``MORE_CARDS``)."""
        band = "2-4" if bandits <= 4 else "5-7"
        for rounds, stations in ((self.round_cards, self.station_cards),
                                 *((m.round_cards, m.station_cards) for m in MORE_CARDS)):
            card = stations.get(name) or rounds[band].get(name)
            if card is not None:
                return card
        raise KeyError(name)

    def purse_pool(self, bandits: int) -> list[int]:
        """Every purse of a game of ``bandits`` bandits: the 18 of the box, and with a 7th bandit
        (Mei, M-30) the Marshal & Prisoners box's extra $250 for her starting purse (DATA.md)."""
        return [*self.purses, *(self.extra_purses if bandits > self.max_wagons else ())]

    def round_cards_for(self, bandits: int) -> dict[str, RoundCard]:
        """The round cards for a number of bandits (B-3.5: 2–4 or 5–7)."""
        return self.round_cards["2-4" if bandits <= 4 else "5-7"]


@dataclass(frozen=True, slots=True)
class RoundCards:
    """An expansion's round cards (by band: "2-4", "5-7") and station cards."""

    round_cards: dict[str, dict[str, RoundCard]]
    station_cards: dict[str, RoundCard]


# The round cards of the expansions the engine knows (registered when their package is imported):
# a game draws only from those its options turn on, but any card of a stored game can be looked up.
MORE_CARDS: list[RoundCards] = []


def round_cards_from(raw: dict[str, Any]) -> RoundCards:
    """A data file's ``round_cards`` (by band) and ``station_cards``."""
    return RoundCards({band: _round_cards(cards, False) for band, cards in raw["round_cards"].items()},
                      _round_cards(raw["station_cards"], True))


def _round_cards(raw: dict[str, Any], station: bool) -> dict[str, RoundCard]:
    return {
        name: RoundCard(name=name, turns=card["turns"], event=card["event"], station=station)
        for name, card in raw.items()
    }


@cache
def base() -> BaseData:
    raw = json.loads((DATA_DIR / "base.json").read_text(encoding="utf-8"))
    return BaseData(
        characters=tuple(raw["characters"]),
        action_cards=tuple(raw["action_cards"].items()),
        bullets_per_bandit=raw["bullets_per_bandit"],
        neutral_bullets=raw["neutral_bullets"],
        hand_size=raw["hand_size"],
        draw_size=raw["draw_size"],
        rounds=raw["rounds"],
        max_wagons=raw["max_wagons"],
        purses=tuple(raw["purses"]),
        extra_purses=tuple(raw["extra_purses"]),
        starting_purse=raw["starting_purse"],
        jewels=raw["jewels"],
        strongboxes=raw["strongboxes"],
        loot_values=dict(raw["loot_values"]),
        gunslinger_bonus=raw["gunslinger_bonus"],
        wagons={name: WagonFloor(name, w["purses"], w["jewels"]) for name, w in raw["wagons"].items()},
        round_cards={band: _round_cards(cards, False) for band, cards in raw["round_cards"].items()},
        station_cards=_round_cards(raw["station_cards"], True),
    )
