"""Teams of two (V-4, from the Horses & Stagecoach rulebook; 4 or 6 players).

Partners sit side by side, the A player (seats 0, 2, 4) before the B player (1, 3, 5), and always
play one after the other (V-4.1). V-4.2 the first player among the A players, then the next
team's A; V-4.3 a card drawn from the partner's deck, played by one's own bandit, back to its
owner once played; V-4.4 the Switching turn; V-4.5 team scores and the team Gunslinger.
"""

from __future__ import annotations

from engine.decisions import record
from engine.hooks import HOOKS
from engine.model import BULLET, SWITCHING, Game, Options, Seat, card_owner
from engine.setup import Seating
from engine.variants.pairs import given_this_round

TEAMS = "teams"


def teams(game: Game) -> bool:
    return game.options.variant == TEAMS


def partner(seat: int) -> int:
    """The partner's seat: A (even) and B (odd) side by side."""
    return seat + 1 if seat % 2 == 0 else seat - 1


def _seating(options: Options) -> Seating | None:
    return Seating(4, 6, even=True) if options.variant == TEAMS else None


def _set_up(game: Game) -> None:
    """V-4.1, V-4.2: the first player among the A players (the seat drawn or named, or its A
    partner: each A as likely); A bandits in the caboose, B bandits in the wagon in front (the
    horse attack places them with the expansion, H-2)."""
    if not teams(game):
        return
    game.first_seat -= game.first_seat % 2
    if game.options.horses:
        return
    caboose = game.train.caboose
    for seat in game.seats:
        for name in seat.bandits:
            game.bandits[name].at = game.train.inside(caboose if seat.index % 2 == 0 else caboose - 1)


def _next_first(game: Game, first: int) -> int:
    """V-4.2: the A player of the next team clockwise (not the B of the same team)."""
    if not teams(game):
        return first
    return (first + 1) % len(game.seats) if first % 2 else first  # the base gave the partner, B


def _turn_order(game: Game, kind: str, order: list[int]) -> list[int]:
    """V-4.4: in a Switching turn the teams go counter-clockwise from the first player's, each B
    before its A (Ruling: partners still play one after the other, "A plays after B")."""
    if not teams(game) or kind != SWITCHING:
        return order
    firsts = [s for s in order if s % 2 == 0]  # the A seats, counter-clockwise from the first player
    return [seat for a in firsts for seat in (partner(a), a)]


def _before_deal(game: Game) -> bool:
    """V-4.3: each player first draws the top card of the partner's shuffled deck."""
    if not teams(game):
        return False
    for seat in game.seats:
        game.dice.shuffle(seat.deck)
    drawn = []
    for seat in game.seats:
        deck = game.seats[partner(seat.index)].deck
        if deck:
            drawn.append((seat, deck.pop()))
    for seat, card in drawn:
        seat.hand.append(card)
        record(game, "partner-card", seat=seat.index, secret={"card": card}, seen_by=[seat.index])
    return False


def _dealt_first(game: Game, seat: Seat) -> int:
    return given_this_round(game, seat, "partner-card") if teams(game) else 0


def performer(bandits: list[str], card: str) -> str:
    """Who performs ``card`` played by the player of ``bandits``: the card's own bandit, or the
    player's when it is a partner's card (V-4.3 Ruling); a player of no bandit (the Marshal, M-1)
    performs his own."""
    owner = card_owner(card)
    return owner if owner in bandits or not bandits else bandits[0]


def _played(game: Game, seat: Seat, played: str, kind: str, face_down: bool) -> None:
    if teams(game) and card_owner(played) not in seat.bandits:
        game.pile[-1].bandit = performer(seat.bandits, played)


def _sides(game: Game, groups: list[list[str]]) -> list[list[str]]:
    if not teams(game):
        return groups
    return [[*game.seats[a].bandits, *game.seats[a + 1].bandits] for a in range(0, len(game.seats), 2)]


def _penalty(game: Game, side: list[str]) -> int:
    """V-4.5: one less for each bullet a partner fired at the other (in the other's cards)."""
    if not teams(game):
        return 0
    penalty = 0
    for name in side:
        seat = game.seats[game.bandits[name].seat]
        mates = {n for n in side if n != name}
        penalty += sum(1 for c in seat.deck + seat.hand + seat.discard
                       if c.startswith(BULLET + ":") and c.partition(":")[2] in mates)
    return penalty


HOOKS.seating.append(_seating)
HOOKS.setup.append(_set_up)
HOOKS.next_first.append(_next_first)
HOOKS.turn_order.append(_turn_order)
HOOKS.before_deal.append(_before_deal)
HOOKS.dealt_first.append(_dealt_first)
HOOKS.played.append(_played)
HOOKS.sides.append(_sides)
HOOKS.gunslinger_penalty.append(_penalty)
