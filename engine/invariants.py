"""What must hold in every game state: used by self-play (tools.selfplay), the property tests and snapshot loading."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

from engine.decisions import HANDLERS
from engine.marshal import law
from engine.model import (
    EVENT,
    KEEPING,
    NEUTRAL,
    OVER,
    PLANNING,
    ROUND_END,
    SCENARIO,
    STEALING,
    Game,
    Seat,
    card_owner,
    is_bullet,
    loot_kind,
)
from engine.planning import hand_size
from engine.train import INSIDE

PHASES = {PLANNING, KEEPING, STEALING, EVENT, ROUND_END, OVER, SCENARIO}


def all_cards(game: Game) -> list[str]:
    cards = [c.card for c in game.pile]
    for seat in game.seats:
        cards += seat.deck + seat.hand + seat.discard
    return cards


def totals(game: Game) -> Counter[str]:
    """Everything that is only ever moved, never made or destroyed, counted by kind.

    Loot by kind (in the train, on bandits, in the box, the strongbox beside the train), each
    bandit's bullets (left in the revolver + fired cards anywhere), neutral bullets (beside the
    train + received + gone in a shortage) and every action card by its text, so that each card is
    in exactly one place (deck, hand, discard or pile).
    """
    count: Counter[str] = Counter()
    tokens = [t for loot in game.floor_loot.values() for t in loot] + game.box
    for bandit in game.bandits.values():
        tokens += bandit.loot
        count[f"bullets:{bandit.name}"] += bandit.revolver
    for token in tokens:
        count[f"loot:{loot_kind(token)}"] += 1
    count["loot:purse"] -= game.conductor_credits
    count["loot:strongbox"] += game.second_strongbox
    count[f"bullets:{NEUTRAL}"] += game.neutral_bullets + game.neutral_bullets_removed
    for c in all_cards(game):
        if is_bullet(c):
            count[f"bullets:{c.partition(':')[2]}"] += 1
        else:
            count[f"card:{c}"] += 1
    for hook in game.hooks.totals:
        hook(game, count)
    return count


def problems(game: Game) -> list[str]:
    """Broken promises of this state, as sentences; empty when the state is sound."""
    found: list[str] = []
    train = game.train
    found += game.options.problems()
    if game.phase not in PHASES and game.phase not in game.hooks.phases:
        found.append(f"unknown phase {game.phase!r}")
    lawful = law(game)
    if game.marshal not in train.positions or (lawful and train.floor_of[game.marshal] != INSIDE):
        found.append(f"the marshal stands at {game.marshal!r}, not inside a car (B-2.4)")
    places = {p for more in game.hooks.places for p in more(game.options, train)}
    for bandit in game.bandits.values():
        if bandit.at in game.hooks.off_board or bandit.at in places:
            pass
        elif bandit.at not in train.positions:
            found.append(f"{bandit.name} stands at {bandit.at!r}, not a position of the train")
        elif bandit.at == game.marshal and lawful:
            found.append(f"{bandit.name} stays inside the marshal's car (B-7.10)")
        if not 0 <= bandit.seat < len(game.seats) or bandit.name not in game.seats[bandit.seat].bandits:
            found.append(f"{bandit.name} is not controlled by seat {bandit.seat}")
        if bandit.revolver < 0:
            found.append(f"{bandit.name} has {bandit.revolver} bullets")
    for pos in game.floor_loot:
        if pos not in train.positions:
            found.append(f"loot lies at {pos!r}, not a position of the train")
    for c in all_cards(game):
        owner = c.partition(":")[2] if is_bullet(c) else card_owner(c)
        if owner != NEUTRAL and owner not in game.bandits and owner not in game.hooks.players and not is_bullet(c):
            found.append(f"card {c!r} belongs to no bandit")
    if game.neutral_bullets < 0:
        found.append("fewer than zero neutral bullets")
    for hook in game.hooks.problems:
        found += hook(game)
    decision = game.pending
    if decision is not None:
        if decision.kind not in HANDLERS:
            found.append(f"pending decision of unknown kind {decision.kind!r}")
        if len(decision.values) < 2:
            found.append("a pending decision must offer at least two answers")
        if not 0 <= decision.seat < len(game.seats):
            found.append(f"pending decision for seat {decision.seat}, who does not exist")
    elif game.phase not in (OVER, SCENARIO):
        found.append(f"no decision pending in phase {game.phase!r} before the game is over")
    return found


def _bullets_set_aside(seat: Seat, since_round: list[dict[str, Any]]) -> int:
    """Bullets that can account for cards missing from a discard-on-draw deal: those on the discard,
    or, once a draw in Schemin' shuffled the discard back into the deck (V-1.5), wherever they went."""
    places = [seat.discard]
    if any(e["type"] == "reshuffle" and e["seat"] == seat.index for e in since_round):
        places += [seat.deck, seat.hand]
    return sum(is_bullet(c) for cards in places for c in cards)


def deal_problems(game: Game, kept: Sequence[Sequence[str]]) -> list[str]:
    """The start-of-round draw (B-5.1, V-1.4), checked at the first decision of a round.

    ``kept[i]`` is seat i's hand before the round began (Expert: the cards kept, V-1.2; otherwise
    empty). Each seat then holds its kept cards and was refilled up to max(kept, 6 or Doc's 7),
    with fewer only when its deck and discard ran out, or (``discard-on-draw``) when drawn bullets
    went to the discard. Planning already done this round (an answer taken by itself: a lone
    "draw" or "pass") is taken back out of the count.
    """
    found: list[str] = []
    since_round = _since_last_round(game)
    for seat in game.seats:
        i = seat.index
        played = [p.card for p in game.pile if p.seat == i]
        drawn_in_planning = sum(e["cards"] for e in since_round if e["type"] == "draw" and e["seat"] == i)
        dealt = len(seat.hand) + len(played) - drawn_in_planning
        missing = Counter(kept[i]) - Counter(seat.hand + played)
        if missing:
            found.append(f"seat {i} lost kept card(s) {sorted(missing.elements())} in the deal (V-1.2)")
        owned = len(seat.hand) + len(played) + len(seat.deck) + len(seat.discard)
        given = sum(hook(game, seat) for hook in game.hooks.dealt_first)  # before the hand is completed
        should = min(max(len(kept[i]) + given, hand_size(game, seat)), owned)
        set_aside = should - dealt
        bullets_set_aside = game.options.expert and game.options.expert_bullets == "discard-on-draw"
        if set_aside < 0 or (set_aside > 0 and not bullets_set_aside):
            found.append(f"seat {i} holds {dealt} cards after the deal, not {should} (kept {len(kept[i])}, V-1.4)")
        elif set_aside > _bullets_set_aside(seat, since_round):
            found.append(f"seat {i} is {set_aside} cards short after the deal, more than the bullets discarded")
    return found


def _since_last_round(game: Game) -> list[dict[str, Any]]:
    for index in range(len(game.log) - 1, -1, -1):
        if game.log[index]["type"] == "round":
            return game.log[index + 1:]
    return []
