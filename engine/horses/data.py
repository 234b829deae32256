"""The expansion's data, read once from data/horses.json (never written in code)."""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache

from engine.attack_plan import SYMBOLS
from engine.data import DATA_DIR, MORE_CARDS, RoundCards, round_cards_from


@dataclass(frozen=True, slots=True)
class Hostage:
    """A hostage's ransom at the final count (H-12): ``ransom`` once, or per ``per`` owned."""

    name: str
    ransom: int
    per: str | None = None  # "jewel", "purse", "bandit-bullet"
    needs: str | None = None  # a loot kind the holder must own ("strongbox": the Banker)


@dataclass(frozen=True, slots=True)
class HorsesData:
    horses: int
    neutral_bullets: int
    flasks: dict[str, int]
    action_cards: tuple[tuple[str, int], ...]
    hostages: dict[str, Hostage]
    cards: RoundCards
    attack_plan: dict[str, int]  # round card → its attack-plan symbols (H-21)
    deadly_bullet_cost: int
    out_of_breath: dict[str, int]  # band → horses removed (H-22)


@cache
def horses_data() -> HorsesData:
    raw = json.loads((DATA_DIR / "horses.json").read_text(encoding="utf-8"))
    return HorsesData(
        horses=raw["horses"],
        neutral_bullets=raw["neutral_bullets"],
        flasks=dict(raw["flasks"]),
        action_cards=tuple(raw["action_cards"].items()),
        hostages={name: Hostage(name, **h) for name, h in raw["hostages"].items()},
        cards=round_cards_from(raw),
        attack_plan=dict(raw["attack_plan"]),
        deadly_bullet_cost=raw["deadly_bullet_cost"],
        out_of_breath=dict(raw["out_of_breath"]),
    )


def band(players: int) -> str:
    return "2-4" if players <= 4 else "5-7"


MORE_CARDS.append(horses_data().cards)
SYMBOLS.update(horses_data().attack_plan)
