"""The Marshal's objectives (M-6) and the end of the game (M-9): the bandits' income from the
expansion, who may win, and whether the Marshal wins."""

from __future__ import annotations

from collections import Counter

from engine.data import base
from engine.decisions import record
from engine.hooks import HOOKS
from engine.model import Game, loot_kind
from engine.prisoners.data import prisoners_data
from engine.prisoners.lawman import prison_of
from engine.prisoners.model import FALLEN, MAIL, MARSHAL, MARSHAL_BULLET, Prison, cell
from engine.scoring import scores


def station(game: Game) -> str | None:
    card = game.current_round_card()
    return card.event if card is not None and card.station and game.options.events else None


def _seat_cards(game: Game, seat: int) -> list[str]:
    s = game.seats[seat]
    return [*s.deck, *s.hand, *s.discard, *(p.card for p in game.pile if p.seat == seat)]


def met(game: Game, objective: str) -> bool:
    """Whether one objective is fulfilled now (M-6)."""
    prison: Prison = game.prison
    data = prisoners_data()
    kind, _, who = objective.partition(":")
    if kind == "capture":
        return who in prison.wanted
    if kind == "just-a-scratch":
        return bool(prison.aces)
    if kind == "golden-bullet":
        return prison.golden > 0
    if kind == "mail-bag":
        return bool(prison.rewards_mail)
    if kind == "locked-up":
        return len(prison.rewards_prisoners) >= data.locked_up_least
    if kind == "between-the-bullets":
        shooters = Counter(c.partition(":")[2] for c in _seat_cards(game, prison.seat) if c.startswith("bullet:"))
        return all(n <= data.between_the_bullets_most for name, n in shooters.items() if name in game.bandits)
    marshal_bullets = [_seat_cards(game, b.seat).count(MARSHAL_BULLET) + len(prison.maluses.get(b.name, ()))
                       for b in game.bandits.values()]
    if kind == "shoot-em-up":
        return all(n > 0 for n in marshal_bullets)
    if kind == "sworn-enemy":
        return any(n >= data.sworn_enemy_least for n in marshal_bullets)
    raise ValueError(f"unknown objective {objective!r}")


def fulfilled(game: Game) -> list[str]:
    prison: Prison = game.prison
    return [o for o in [*prison.objectives, *prison.to_come] if met(game, o)]


def marshal_wins(game: Game) -> bool:
    """M-9: 4 of his 5 objectives; never once thrown off the train (Deadly fall, M-40)."""
    prison: Prison = game.prison
    return not prison.fallen and len(fulfilled(game)) >= prisoners_data().objectives_to_win


def _round_over(game: Game) -> None:
    prison = prison_of(game)
    if prison is None:
        return
    maluses_back(game, prison)
    if game.round_no >= base().rounds:
        last_rewards(game, prison)


def maluses_back(game: Game, prison: Prison) -> None:
    """M-8: the round's Marshal bullets kept in front of their victims are shuffled into their decks."""
    for name, maluses in prison.maluses.items():
        deck = game.seats[game.bandits[name].seat].deck
        for _ in maluses:
            deck.insert(game.dice.randrange(len(deck) + 1), MARSHAL_BULLET)
    prison.maluses.clear()


def last_rewards(game: Game, prison: Prison) -> None:
    """M-9: after the last round, the prisoners still behind the prison wagon and the mail bags
    still in the train go to the Marshal's rewards."""
    if prison.prisoners:
        prison.rewards_prisoners += prison.prisoners
        record(game, "prisoners-kept", prisoners=list(prison.prisoners))
        prison.prisoners = []
    kept = []
    for at, tokens in list(game.floor_loot.items()):
        for bag in [t for t in tokens if loot_kind(t) == MAIL]:
            tokens.remove(bag)
            prison.rewards_mail.append(bag)
            kept.append(at)
        if not tokens:
            del game.floor_loot[at]
    if kept:
        record(game, "mail-kept", at=kept)


def _scores(game: Game, totals: dict[str, int]) -> dict[str, int]:
    """M-9: Wanted $500 if never arrested, a prisoner $200, the Fist-fight aces."""
    prison = prison_of(game)
    if prison is None:
        return totals
    data = prisoners_data()
    return {
        name: value
        + (0 if name in prison.wanted else data.wanted_value)
        + (data.prisoner_value if name in prison.held else 0)
        + sum(prison.won_aces.get(name, ()))
        for name, value in totals.items()
    }


def _contenders(game: Game, names: list[str]) -> list[str]:
    """Thrown off the train (Deadly fall), or in the cell at the end under Crime doesn't pay."""
    if prison_of(game) is None:
        return names
    crime = station(game) == "crime-doesnt-pay"
    return [n for n in names if game.bandits[n].at != FALLEN and not (crime and game.bandits[n].at == cell(game))]


def _winners(game: Game, found: list[str]) -> list[str]:
    """M-9: the Marshal with 4 objectives, else the richest bandit; The repentant: the poorest
    bandit wins with him (a tie for poorest: the Marshal alone)."""
    if prison_of(game) is None or not marshal_wins(game):
        return found
    if station(game) == "the-repentant":
        totals = scores(game)
        poorest = min(totals.values())
        last = [n for n, v in totals.items() if v == poorest]
        if len(last) == 1:
            return [MARSHAL, last[0]]
    return [MARSHAL]


HOOKS.round_over.append(_round_over)
HOOKS.scores.append(_scores)
HOOKS.contenders.append(_contenders)
HOOKS.winners.append(_winners)
