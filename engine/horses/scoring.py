"""The final count with the expansion (H-30): hostages' ransoms (H-12) and the stations counted at
the end of the game (H-22: Sharing the loot, Escape, Deadly bullet)."""

from __future__ import annotations

from engine.hooks import HOOKS
from engine.horses.data import horses_data
from engine.horses.model import COACH_IN, COACH_ROOF, ESCAPED
from engine.model import NEUTRAL, Bandit, Game, is_bullet, loot_kind
from engine.scoring import sides, token_value

ON_THE_STAGECOACH = (COACH_IN, COACH_ROOF)


def station(game: Game) -> str | None:
    """The station event in force at the count: the last round card's, when events are on."""
    card = game.current_round_card()
    return card.event if card is not None and card.station and game.options.events else None


def ransom(game: Game, bandit: Bandit) -> int:
    """What the bandit's hostage pays (H-12)."""
    name = game.coach.held.get(bandit.name)
    if name is None:
        return 0
    hostage = horses_data().hostages[name]
    kinds = [loot_kind(t) for t in bandit.loot]
    if hostage.needs is not None and hostage.needs not in kinds:
        return 0
    if hostage.per is None:
        return hostage.ransom
    if hostage.per == "bandit-bullet":
        # The Photographer: bullets of the other sides' bandits, not one's own side's (one's other
        # bandit, V-2; the partner, "non-partner" in H-12 for V-4).
        seat = game.seats[bandit.seat]
        side = next(side for side in sides(game) if bandit.name in side)
        cards = seat.deck + seat.hand + seat.discard
        count = sum(1 for c in cards if is_bullet(c) and c.partition(":")[2] not in (NEUTRAL, *side))
    else:
        count = kinds.count(hostage.per)
    return hostage.ransom * count


def bullets_this_round(game: Game, bandit: Bandit) -> int:
    """Bullets the bandit received in the last round (Deadly bullet; the Poodle's is not one)."""
    count = 0
    for event in reversed(game.log):
        if event["type"] == "round":
            break
        if (event["type"] == "fire" and event["target"] == bandit.name) or (
                event["type"] == "hit" and event["bandit"] == bandit.name):
            count += 1
    return count


def _scores(game: Game, totals: dict[str, int]) -> dict[str, int]:
    if game.coach is None:
        return totals
    totals = {name: value + ransom(game, game.bandits[name]) for name, value in totals.items()}
    event = station(game)
    if event == "deadly-bullet":
        cost = horses_data().deadly_bullet_cost
        for bandit in game.bandits.values():
            totals[bandit.name] -= cost * bullets_this_round(game, bandit)  # may go below $0
    elif event == "sharing-the-loot":
        for holder in game.bandits.values():
            if holder.at == ESCAPED:
                continue
            there = [b for b in game.bandits.values() if b.at == holder.at]
            for token in holder.loot:
                if loot_kind(token) == "strongbox":
                    value = token_value(token)
                    totals[holder.name] -= value
                    for sharer in there:
                        totals[sharer.name] += value // len(there)
    return totals


def _contenders(game: Game, names: list[str]) -> list[str]:
    """Escape: whoever is still in or on the train is arrested and cannot win (H-22)."""
    if game.coach is None or station(game) != "escape":
        return names
    return [n for n in names if game.bandits[n].at in (ESCAPED, *ON_THE_STAGECOACH)]


HOOKS.scores.append(_scores)
HOOKS.contenders.append(_contenders)
