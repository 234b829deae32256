"""The one gate for hidden information (B-11): what a viewer may see of a game.

``observe(game, seat)`` is that player's view; ``observe(game, None)`` the public view for the
game's channel and spectators. Everything that leaves the engine for a person goes through here:
hands, deck order, face-down cards before they resolve and purse values never appear in a view
that should not have them.
"""

from __future__ import annotations

from typing import Any

from engine.data import base
from engine.model import OVER, Game, card_action, card_owner, loot_kind
from engine.scoring import gunslingers, scores, side_scores, winners

Observation = dict[str, Any]


def _loot(tokens: list[str], with_values: bool) -> list[str]:
    return list(tokens) if with_values else [loot_kind(t) for t in tokens]


def _visible_event(event: dict[str, Any], viewer: int | None) -> dict[str, Any]:
    if "secret" not in event:
        return dict(event)
    shown = {k: v for k, v in event.items() if k not in ("secret", "seen_by")}
    if viewer is not None and viewer in event.get("seen_by", ()):
        shown.update(event["secret"])
    return shown


def observe_log(game: Game, viewer: int | None, since: int = 0) -> list[dict[str, Any]]:
    """The event log from index ``since``, redacted for ``viewer``."""
    return [_visible_event(e, viewer) for e in game.log[since:]]


def round_log(game: Game, viewer: int | None) -> list[dict[str, Any]]:
    """This round's events (those after its ``round`` event; the whole log before the first round),
    redacted for ``viewer``: only the round is looked at, not a log that grows all game long."""
    began = next((i + 1 for i in range(len(game.log) - 1, -1, -1) if game.log[i]["type"] == "round"), 0)
    return observe_log(game, viewer, began)


def observe(game: Game, viewer: int | None, *, log_since: int = 0) -> Observation:
    """Everything ``viewer`` (a seat, or None for the public) may know, as plain JSON-able data."""
    over = game.phase == OVER
    card = game.current_round_card()
    seats = []
    for seat in game.seats:
        own = viewer == seat.index
        view: dict[str, Any] = {
            "seat": seat.index,
            "bandits": list(seat.bandits),
            "hand_size": len(seat.hand),
            "deck_size": len(seat.deck),
            "discard_size": len(seat.discard),
        }
        if own:
            view["hand"] = sorted(seat.hand)
            view["discard"] = sorted(seat.discard)
        seats.append(view)
    bandits = []
    for bandit in game.bandits.values():
        see_values = over or viewer == bandit.seat  # B-11.1, B-11.3
        bandits.append({
            "name": bandit.name,
            "seat": bandit.seat,
            "at": bandit.at,
            "loot": _loot(bandit.loot, see_values),
            "revolver": bandit.revolver,
            "bullets_received": bandit.bullets_received,
        })
    pile = []
    for index, played in enumerate(game.pile):
        shown = not played.face_down or index < game.cursor or viewer == played.seat
        pile.append({
            "seat": played.seat,
            "bandit": played.performer if shown else None,
            # A partner's card played face up shows its own bandit (V-4.3), whoever performs it.
            "owner": card_owner(played.card) if shown else None,
            "action": card_action(played.card) if shown else None,
            "face_down": played.face_down,
            "resolved": index < game.cursor,
        })
    decision = game.pending
    pending: dict[str, Any] | None = None
    if decision is not None:
        pending = {"seat": decision.seat, "bandit": decision.bandit, "kind": decision.kind}
        if viewer == decision.seat:
            pending["options"] = list(decision.options)
            pending["step"] = game.step
            target = decision.context.get("target")
            if isinstance(target, str):  # the bandit a Punch's drop or landing is about: public (B-7.8)
                pending["target"] = target
    view_all: Observation = {
        "viewer": viewer,
        "step": game.step,
        "phase": game.phase,
        "round": game.round_no,
        "rounds": base().rounds,
        "round_card": None if card is None else {
            "name": card.name, "turns": card.turns, "event": card.event, "station": card.station,
        },
        "turn": game.planning.turn,
        "round_cards_left": len(game.round_deck),
        "first_seat": game.first_seat,
        "options": {"powers": game.options.powers, "events": game.options.events,
                    "expert": game.options.expert, "expert_bullets": game.options.expert_bullets,
                    "django": game.options.django,
                    "belle": game.options.belle, "setup": game.options.setup,
                    "horses": game.options.horses, "variant": game.options.variant,
                    "prisoners": game.options.prisoners, "silk": game.options.silk,
                    "chosen_events": list(game.options.chosen_events)},
        "train": [{"car": c.index, "kind": c.kind, "name": c.name} for c in game.train.cars],
        "marshal": game.marshal,
        "neutral_bullets": game.neutral_bullets,
        "second_strongbox": game.second_strongbox,
        "floor_loot": {pos: _loot(tokens, over) for pos, tokens in game.floor_loot.items()},
        "bandits": bandits,
        "seats": seats,
        "pile": pile,
        "pending": pending,
        "log": observe_log(game, viewer, log_since),
    }
    if over:
        view_all["result"] = {
            "scores": scores(game), "gunslingers": gunslingers(game), "winners": winners(game),
        }
        if any(len(side) > 1 for side, _ in side_scores(game)):  # bandits that score together (V-2, V-4)
            view_all["result"]["sides"] = [{"bandits": side, "score": total} for side, total in side_scores(game)]
    for hook in game.hooks.observe:
        hook(game, viewer, view_all)
    return view_all
