"""The expansion's data, read once from data/prisoners.json (never written in code)."""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache

from engine.attack_plan import SYMBOLS
from engine.data import DATA_DIR, MORE_CARDS, RoundCards, round_cards_from


@dataclass(frozen=True, slots=True)
class PrisonersData:
    min_bandits: int
    max_bandits: int
    wagons: dict[str, int]  # band → wagons before the prison wagon (M-1)
    prison_wagon: str
    marshal_cards: tuple[tuple[str, int], ...]  # the Marshal's action cards (M-7)
    marshal_horses_cards: tuple[tuple[str, int], ...]  # with Horses & Stagecoach (M-50)
    bandit_cards: tuple[tuple[str, int], ...]  # added to each bandit's deck (Brilliant idea, M-1)
    removed_cards: tuple[str, ...]  # taken out of each bandit's deck (their Marshal card, M-1)
    chain_cards: tuple[str, ...]  # Move+ and Change floor+ (M-7)
    fist_fight_aces: tuple[int, ...]  # top first (M-5)
    revolvers: int
    revolver: tuple[str, ...]  # each revolver's bullets by malus, in firing order (M-8)
    round_maluses: dict[str, str]  # malus → the action it stops for the round (M-8)
    mail_bags: tuple[int, ...]
    heroes: tuple[str, ...]  # one prisoner admires each of them (M-4)
    prisoners_out: int
    prisoner_value: int
    wanted_value: int
    capture_objectives: int
    special_objectives: int
    specials: tuple[str, ...]
    specials_from_4_bandits: tuple[str, ...]
    objectives_to_win: int
    between_the_bullets_most: int
    locked_up_least: int
    sworn_enemy_least: int
    cards: RoundCards
    attack_plan: dict[str, int]
    choosing_events: dict[str, int]  # how many round and station cards the table chooses (M-40)


@cache
def prisoners_data() -> PrisonersData:
    raw = json.loads((DATA_DIR / "prisoners.json").read_text(encoding="utf-8"))
    return PrisonersData(
        min_bandits=raw["bandits"]["min"],
        max_bandits=raw["bandits"]["max"],
        wagons=dict(raw["wagons"]),
        prison_wagon=raw["prison_wagon"],
        marshal_cards=tuple(raw["marshal_cards"].items()),
        marshal_horses_cards=tuple(raw["marshal_horses_cards"].items()),
        bandit_cards=tuple(raw["bandit_cards"].items()),
        removed_cards=tuple(raw["removed_cards"]),
        chain_cards=tuple(raw["chain_cards"]),
        fist_fight_aces=tuple(raw["fist_fight_aces"]),
        revolvers=raw["revolvers"],
        revolver=tuple(raw["revolver"]),
        round_maluses=dict(raw["round_maluses"]),
        mail_bags=tuple(raw["mail_bags"]),
        heroes=tuple(raw["heroes"]),
        prisoners_out=raw["prisoners_out"],
        prisoner_value=raw["prisoner_value"],
        wanted_value=raw["wanted_value"],
        capture_objectives=raw["capture_objectives"],
        special_objectives=raw["special_objectives"],
        specials=tuple(raw["specials"]),
        specials_from_4_bandits=tuple(raw["specials_from_4_bandits"]),
        objectives_to_win=raw["objectives_to_win"],
        between_the_bullets_most=raw["between_the_bullets_most"],
        locked_up_least=raw["locked_up_least"],
        sworn_enemy_least=raw["sworn_enemy_least"],
        cards=round_cards_from(raw),
        attack_plan=dict(raw["attack_plan"]),
        choosing_events=dict(raw["choosing_events"]),
    )


def band(bandits: int) -> str:
    return "2-4" if bandits <= 4 else "5-7"


MORE_CARDS.append(prisoners_data().cards)
SYMBOLS.update(prisoners_data().attack_plan)
