"""The Brilliant idea (M-3): taken into the hand instead of drawing; in Stealin' it copies the last
bandit's card, escapes the cell, or frees a prisoner or a bandit at the prison wagon."""

from __future__ import annotations

from typing import Any

from engine.actions import PERFORM, no_effect, perform, secret_value
from engine.decisions import answers, ask, record
from engine.hooks import HOOKS
from engine.marshal import enter
from engine.model import Bandit, Game, Seat, card, card_action, card_owner, loot_kind
from engine.prisoners.model import IDEA, Prison, cell
from engine.scoring import token_value


def idea_card(seat: Seat) -> str:
    return card(seat.bandits[0], IDEA)


def idea_within_reach(game: Game, seat: Seat) -> bool:
    """M-3: the card is in the deck (or the discard, Expert variant)."""
    if not seat.bandits:
        return False
    wanted = idea_card(seat)
    return wanted in seat.deck or (game.options.expert and wanted in seat.discard)


def take_idea(game: Game, seat: Seat, _: str) -> bool:
    """M-3: instead of drawing 3, the Brilliant idea into the hand, then the deck is shuffled."""
    wanted = idea_card(seat)
    (seat.deck if wanted in seat.deck else seat.discard).remove(wanted)
    seat.hand.append(wanted)
    game.dice.shuffle(seat.deck)
    record(game, "idea-drawn", seat=seat.index)
    return True


def brilliant_idea(game: Game, bandit: Bandit) -> None:
    prison: Prison = game.prison
    train = game.train
    prison_car = train.caboose
    if bandit.at == cell(game):
        ask(game, bandit.seat, bandit.name, "escape", [train.inside(prison_car), train.roof(prison_car)])
    elif train.car_of.get(bandit.at) == prison_car:
        _free(game, prison, bandit)
    else:
        _copy(game, prison, bandit)


@answers("escape")
def _escape(game: Game, name: str | None, to: str, context: dict[str, Any]) -> None:
    enter(game, game.bandits[str(name)], to, how="escape")


def _free(game: Game, prison: Prison, bandit: Bandit) -> None:
    """A prisoner (one at a time, M-4) or a bandit from the cell."""
    values = [] if bandit.name in prison.held else [f"prisoner:{p}" for p in prison.prisoners]
    values += [f"bandit:{b.name}" for b in game.bandits_in_seat_order() if b.at == cell(game)]
    if not values:
        no_effect(game, bandit, IDEA, "nobody-to-free")
        return
    ask(game, bandit.seat, bandit.name, "free", values)


@answers("free")
def _freed(game: Game, name: str | None, value: str, context: dict[str, Any]) -> None:
    prison: Prison = game.prison
    freer = game.bandits[str(name)]
    what, _, who = value.partition(":")
    if what == "prisoner":
        prison.prisoners.remove(who)
        prison.held[freer.name] = who
        record(game, "free-prisoner", bandit=freer.name, prisoner=who)
        return
    freed = game.bandits[who]
    record(game, "free-bandit", bandit=freer.name, target=who)
    enter(game, freed, freer.at, how="freed")
    kinds = sorted({loot_kind(t) for t in freed.loot})
    if kinds:
        ask(game, freed.seat, freed.name, "thanks", kinds, to=freer.name)


@answers("thanks")
def _thanks(game: Game, name: str | None, kind: str, context: dict[str, Any]) -> None:
    """M-3: the freed bandit gives one token of their choice: the kind they choose, and of a kind
    with hidden values the smallest (Ruling: nobody gives more than they must)."""
    giver, taker = game.bandits[str(name)], game.bandits[context["to"]]
    token = min((t for t in giver.loot if loot_kind(t) == kind), key=token_value)
    giver.loot.remove(token)
    taker.loot.append(token)
    record(game, "give", bandit=giver.name, target=taker.name, loot=kind,
           **secret_value(token, giver.seat, taker.seat))


def _copy(game: Game, prison: Prison, bandit: Bandit) -> None:
    """The last card played by a bandit before this one that is not a Brilliant idea (the
    Marshal's are skipped); the copier makes every choice, and a round's malus does not stop it."""
    for played in reversed(game.pile[:game.cursor - 1]):
        action = card_action(played.card)
        if card_owner(played.card) in game.bandits and action != IDEA:
            break
    else:
        no_effect(game, bandit, IDEA, "nothing-to-copy")
        return
    record(game, "copy", bandit=bandit.name, card=played.card)
    prison.copying = True
    try:
        perform(game, action, bandit)
    finally:
        prison.copying = False


PERFORM[IDEA] = brilliant_idea
HOOKS.plan_verbs[IDEA] = take_idea
