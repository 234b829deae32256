"""What the expansion shows each viewer (B-11, M-6), what must hold in its every state, and its
part of a snapshot."""

from __future__ import annotations

from collections import Counter
from typing import Any

from engine.hooks import HOOKS
from engine.model import OVER, Game, loot_kind
from engine.prisoners.data import prisoners_data
from engine.prisoners.lawman import prison_of
from engine.prisoners.model import MAIL, MARSHAL_BULLET, Prison, cell
from engine.prisoners.objectives import fulfilled, marshal_wins, met


def _observe(game: Game, viewer: int | None, view: dict[str, Any]) -> None:
    """Public: the prisoners, who holds whom, the Wanted cards he took, the Fist-fight aces, the
    revolvers (face up), the round's maluses, his rewards but for the mail bags' values. His
    objectives: only to him until revealed (Rumours) or the end."""
    prison = prison_of(game)
    if prison is None:
        return
    over = game.phase == OVER
    own = viewer == prison.seat
    view["prison"] = {
        "seat": prison.seat,
        "marshal_fallen": prison.fallen,
        "prisoners": list(prison.prisoners),
        "held": dict(prison.held),
        "wanted": list(prison.wanted),
        "aces": list(prison.aces),
        "won_aces": {k: list(v) for k, v in prison.won_aces.items()},
        "revolvers": [list(r) for r in prison.revolvers],
        "maluses": {k: list(v) for k, v in prison.maluses.items() if v},
        "rewards": {"prisoners": list(prison.rewards_prisoners),
                    "mail": list(prison.rewards_mail) if over or own else [loot_kind(t) for t in prison.rewards_mail]},
        "objectives_to_come": len(prison.to_come),
        "objectives": list(prison.objectives) if over or own else [
            o if o in prison.revealed else None for o in prison.objectives],
        "revealed": list(prison.revealed),
        "golden": prison.golden,
        # Flasks lie face down: a full one is "whiskey" to the others (H-13 Ruling, B-11.4).
        "flasks": list(prison.flasks) if over or own else [loot_kind(t) for t in prison.flasks],
        "old_whiskey": prison.old_whiskey,  # drunk this go, in the open (H-13)
    }
    if own and not over:  # his own sheet: which objective he has fulfilled so far (M-6)
        view["prison"]["met"] = [met(game, o) for o in prison.objectives]
    if over:
        view["prison"]["fulfilled"] = fulfilled(game)
        view["prison"]["marshal_wins"] = marshal_wins(game)


def _totals(game: Game, count: Counter[str]) -> None:
    """Marshal bullets (in his revolvers, held for the round, anywhere as cards), mail bags, Fist-
    fight aces and prisoners only move."""
    prison = prison_of(game)
    if prison is None:
        return
    count["bullets:marshal"] += sum(map(len, prison.revolvers)) + sum(map(len, prison.maluses.values()))
    count[f"loot:{MAIL}"] += len(prison.rewards_mail)
    count["fist-fight-ace"] += len(prison.aces) + sum(map(len, prison.won_aces.values()))
    count["prisoner"] += len(prison.prisoners) + len(prison.held) + len(prison.rewards_prisoners)
    count["objective"] += len(prison.to_come) + len(prison.objectives)
    count["flask"] += len(prison.flasks)  # on his sheet (M-40), counted as Horses & Stagecoach counts them


def _problems(game: Game) -> list[str]:
    prison: Prison | None = game.prison
    if prison is None:
        return ["the Marshal & Prisoners option is on but there is no Marshal"] if game.options.prisoners else []
    found = []
    data = prisoners_data()
    train = game.train
    if game.seats[prison.seat].bandits:
        found.append("the Marshal's seat plays bandits")
    if train.cars[train.caboose].name != data.prison_wagon:
        found.append("the prison wagon is not the last car (M-1)")
    if game.marshal not in train.positions:  # on the train or beside it (the stagecoach, M-50)
        found.append(f"the Marshal stands at {game.marshal!r}, not on the train")
    held = list(prison.held.values())
    everyone = [*prison.prisoners, *held, *prison.rewards_prisoners]
    if len(set(everyone)) != len(everyone) or not set(everyone) <= set(data.heroes):
        found.append(f"a prisoner is in two places or unknown: {everyone}")
    if any(name not in game.bandits for name in [*prison.held, *prison.wanted, *prison.maluses, *prison.won_aces]):
        found.append("the prison names a bandit who does not play")
    if sorted([*prison.aces, *(a for won in prison.won_aces.values() for a in won)]) != sorted(data.fist_fight_aces):
        found.append("a Fist-fight ace is missing or doubled")
    for name, maluses in prison.maluses.items():
        if any(m not in data.round_maluses for m in maluses):
            found.append(f"{name} holds a malus that does not last the round: {maluses}")
    if any(b.at == cell(game) and b.name not in prison.wanted for b in game.bandits.values()):
        found.append("a bandit is in the cell but the Marshal never took their Wanted card")
    if any(c == MARSHAL_BULLET for c in game.seats[prison.seat].deck):
        found.append("the Marshal holds one of his own bullets")
    return found


def _to_json(game: Game, data: dict[str, Any]) -> None:
    if game.prison is not None:
        data["prison"] = game.prison.to_json()


def _from_json(game: Game, data: dict[str, Any]) -> None:
    if data.get("prison") is not None:
        game.prison = Prison.from_json(data["prison"])


HOOKS.observe.append(_observe)
HOOKS.totals.append(_totals)
HOOKS.problems.append(_problems)
HOOKS.to_json.append(_to_json)
HOOKS.from_json.append(_from_json)
