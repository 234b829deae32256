"""A round's cards: the deal (B-5.1, V-1.4), Schemin' (B-6, B-9.1), and putting cards away (B-6.6, V-1.2, B-5.3)."""

from __future__ import annotations

from functools import cache
from typing import Any

from engine.actions import has_power
from engine.data import base
from engine.decisions import answers, ask, record
from engine.model import (
    KEEPING,
    PLANNING,
    SPEEDING_UP,
    STEALING,
    SWITCHING,
    TUNNEL,
    Game,
    PlayedCard,
    Seat,
    card_owner,
    is_bullet,
)

DRAW_SIZE = base().draw_size
HAND_SIZE = base().hand_size


def hand_size(game: Game, seat: Seat) -> int:
    """Cards dealt at the start of a round: 6, Doc 7 (B-5.1, B-9.2); an expansion may change it."""
    bandits = game.bandits
    doc = any([has_power(game, bandits[name], "doc") for name in seat.bandits])
    size = HAND_SIZE + (1 if doc else 0)
    for hook in game.hooks.hand_size:
        size = hook(game, seat, size)
    return size


def refill_count(game: Game, seat: Seat) -> int:
    """V-1.4: cards to draw at the start of a round, up to 6 (Doc 7); none for a hand kept larger."""
    return max(0, hand_size(game, seat) - len(seat.hand))


def draw(game: Game, seat: Seat, count: int) -> int:
    """Draw up to ``count`` cards from the top of the deck; returns how many were drawn.

    A count of zero or less draws nothing. In the Expert variant a deck that runs out is refilled
    from the shuffled discard (V-1.5).
    """
    if count <= 0:
        return 0  # a negative count would slice the deck from the bottom
    deck = seat.deck
    taken = deck[: -count - 1 : -1]  # the top ``count`` cards, top first
    del deck[len(deck) - len(taken):]
    seat.hand += taken
    if len(taken) < count and game.options.expert and seat.discard:
        seat.deck, seat.discard = seat.discard, []
        game.dice.shuffle(seat.deck)
        record(game, "reshuffle", seat=seat.index)
        return len(taken) + draw(game, seat, count - len(taken))
    return len(taken)


def start_round(game: Game) -> None:
    """B-5.1: shuffle and deal, turn up the next round card, start Schemin' with the first player."""
    game.round_no += 1
    game.round_card = game.round_deck.pop(0)
    game.pile.clear()
    game.cursor = 0
    record(game, "round", card=game.round_card, first_seat=game.first_seat)
    for hook in game.hooks.round_starts:
        hook(game)
    if game.hooks.before_deal and any(asks(game) for asks in game.hooks.before_deal):
        return  # a variant asks something first (a card to take, V-2.5), then calls deal
    deal(game)


def deal(game: Game) -> None:
    """B-5.1: each hand dealt (Expert: completed, V-1.4), then Schemin' starts with the first player."""
    for seat in game.seats:
        if game.options.expert:
            draw(game, seat, refill_count(game, seat))  # V-1.4: no reshuffle
            if game.options.expert_bullets == "discard-on-draw":
                bullets = [c for c in seat.hand if is_bullet(c)]
                for c in bullets:
                    seat.hand.remove(c)
                seat.discard.extend(bullets)
        else:
            game.dice.shuffle(seat.deck)
            draw(game, seat, refill_count(game, seat))  # cards kept by the Attack-plan bonus stay (H-21)
    game.phase = PLANNING
    _start_turn(game, 0)


def turns(game: Game) -> str:
    """The turn kinds of the current round card (B-5.2)."""
    return _turns(game.round_card, game.players())


class _PlayAnswers(dict[str, str | None]):
    """Card → its planning answer ``play <card>``, None for a bullet (B-6.3: bullets are dead).

    Built once per card text: planning asks this for every card of every hand, the engine's
    most frequent question.
    """

    def __missing__(self, card: str) -> str | None:
        answer = None if is_bullet(card) else "play " + card
        self[card] = answer
        return answer


_PLAY = _PlayAnswers()


@cache
def _turns(round_card: str | None, bandits: int) -> str:
    return base().round_card(str(round_card), bandits).turns


def _start_turn(game: Game, turn: int) -> None:
    kinds = plan_kinds(game)
    plan = game.planning
    plan.turn = turn
    plan.index = 0
    if turn < len(kinds):
        plan.order = turn_order(game, kinds[turn])
        plan.actions_left = 2 if kinds[turn] == SPEEDING_UP else 1


def turn_order(game: Game, kind: str) -> list[int]:
    """The seats in a turn of ``kind``, from the first player: clockwise, counter-clockwise in a
    Switching turn (B-5.2), or as a variant seats them (V-4.4)."""
    order = game.seat_order(game.first_seat, clockwise=kind != SWITCHING)
    for hook in game.hooks.turn_order:
        order = hook(game, kind, order)
    return order


def plan_next(game: Game) -> None:
    """Ask the seat whose go it is, or end Schemin' after the last turn (B-6.1).

    The engine's most frequent step (a game asks it some 90 times): kept lean on purpose."""
    plan = game.planning
    kinds = plan.kinds if plan.kinds_of == game.round_card else plan_kinds(game)
    if plan.turn >= len(kinds):
        end_planning(game)
        return
    seat = game.seats[plan.order[plan.index]]
    hand = seat.hand
    # B-6.2–B-6.4: play an action card, draw 3, or pass when neither is possible.
    values = [a for a in dict.fromkeys(map(_PLAY.__getitem__, hand)) if a is not None]
    if plan.turn == 0 and _ghost_may_hide(game, seat, kinds):
        values += ["hide " + c for c in dict.fromkeys(hand) if c[:6] == "ghost:"]
    if seat.deck or (game.options.expert and seat.discard):
        values.append("draw")
    for hook in game.hooks.plan_answers:
        values = hook(game, seat, values)
    ask(game, seat.index, None, "plan", values or ["pass"])


def plan_kinds(game: Game) -> str:
    """``turns(game)``, kept on the planning state for the round (asked at every decision)."""
    plan = game.planning
    if plan.kinds_of != game.round_card:
        plan.kinds, plan.kinds_of = turns(game), game.round_card
    return plan.kinds


def _ghost_may_hide(game: Game, seat: Seat, kinds: str) -> bool:
    """B-9.1: Ghost may play his first-turn card face down (a tunnel turn hides it anyway)."""
    return kinds[0] != TUNNEL and any(has_power(game, game.bandits[n], "ghost") for n in seat.bandits)


@answers("plan")
def _plan(game: Game, bandit: str | None, answer: str, context: dict[str, Any]) -> None:
    plan, hooks = game.planning, game.hooks
    kind = plan_kinds(game)[plan.turn]
    seat = game.seats[plan.order[plan.index]]
    verb, _, card = answer.partition(" ")
    if verb == "play" or verb == "hide":
        seat.hand.remove(card)
        face_down = verb == "hide" or kind == TUNNEL
        for hook in hooks.face_down:
            face_down = hook(game, card, kind, face_down)
        game.pile.append(PlayedCard(card, seat.index, face_down))
        if face_down:
            record(game, "play", seat=seat.index, face_down=True,
                   secret={"card": card}, seen_by=[seat.index])
        else:
            record(game, "play", seat=seat.index, face_down=False, card=card)
        for played in hooks.played:
            played(game, seat, card, kind, face_down)
    elif verb == "draw":
        drawn = draw(game, seat, DRAW_SIZE)
        record(game, "draw", seat=seat.index, cards=drawn)
    elif verb == "pass":
        record(game, "pass", seat=seat.index)
    # An expansion's planning answer: a drink comes before the go's action (H-13), a Brilliant
    # idea taken into the hand is the action (M-3).
    elif not hooks.plan_verbs[verb](game, seat, card):
        return
    plan.actions_left -= 1
    if plan.actions_left == 0:
        for go_over in hooks.go_over:
            go_over(game, seat)
        plan.index += 1
        if plan.index == len(plan.order):
            for over in hooks.turn_over:
                over(game, kind)
            _start_turn(game, plan.turn + 1)
        else:
            plan.actions_left = 2 if kind == SPEEDING_UP else 1


def end_planning(game: Game) -> None:
    """B-6.6: hands back on top of the decks; Expert: each player chooses what to keep (V-1.2)."""
    record(game, "planning-over")
    if not game.options.expert:
        if any(asks(game) for asks in game.hooks.planning_over):
            return  # an expansion asks first which cards stay in hand (H-21), then calls hands_back
        hands_back(game)
        return
    for seat in game.seats:
        bullets = [c for c in seat.hand if is_bullet(c)]
        for c in bullets:
            seat.hand.remove(c)
        seat.discard.extend(bullets)
    game.phase = KEEPING
    _ask_keep(game, game.seat_order(game.first_seat))


def hands_back(game: Game, kept: dict[int, list[str]] | None = None) -> None:
    """B-6.6: each hand on top of its deck, but for the cards ``kept`` in hand (H-21); Stealin'."""
    for seat in game.seats:
        keep = list((kept or {}).get(seat.index, []))
        back = list(seat.hand)
        for c in keep:
            back.remove(c)
        seat.deck.extend(back)
        seat.hand = keep
    game.phase = STEALING


def _ask_keep(game: Game, queue: list[int]) -> None:
    if not queue:
        game.phase = STEALING
        return
    seat = game.seats[queue[0]]
    values = ["done", *sorted(set(seat.hand))]
    ask(game, seat.index, None, "discard", values, holder=seat.index, queue=queue[1:])


@answers("discard")
def _discard(game: Game, bandit: str | None, card: str, context: dict[str, Any]) -> None:
    """V-1.2: one card at a time goes to the discard until the player is done."""
    queue: list[int] = list(context["queue"])
    if card == "done":
        _ask_keep(game, queue)
        return
    seat = game.seats[context["holder"]]
    seat.hand.remove(card)
    seat.discard.append(card)
    _ask_keep(game, [seat.index, *queue])


def end_round_cards(game: Game) -> None:
    """B-5.3 / V-1.3: played cards back to their owners (Expert: onto the discard)."""
    bandits, seats, expert = game.bandits, game.seats, game.options.expert
    for played in game.pile:
        card = played.card
        owner = bandits.get(card_owner(card))
        seat = seats[owner.seat if owner else played.seat]  # its owner's (V-4.3)
        (seat.discard if expert else seat.deck).append(card)
    game.pile.clear()
    game.cursor = 0
