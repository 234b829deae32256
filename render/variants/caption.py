"""The captions of a game where each player has two bandits (V-2, V-3; docs/events.md), as clauses
for render.caption.

A player is named by their pair ("Ghost & Tuco's player") where the rules do not say which bandit
acts: a placement and a card taken stay secret (``placed``, ``take-card``), and so does the bandit
of a card played face down; a card played face up names its own bandit. ``clauses`` answers for
these events and ``None`` leaves an event to the base captions.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from render import seats, text
from render.hooks import HOOKS
from render.text import Translate
from render.variants import pairs

Event = dict[str, Any]
Observation = dict[str, Any]
Clause = tuple[str, dict[str, Any]]

PLACEMENT = "placement"  # a move's ``how`` when the placement is revealed (V-2.4, V-3.5)
RUN_STARTS = frozenset({"placed", "take-card"})  # one picture each (registered with render.hooks)


def opens_run(event: Event, last: Event | None) -> bool:
    """The placement's reveal is a picture of its own, after the last player's ``placed``."""
    return (event["type"] == "move" and event.get("how") == PLACEMENT
            and not (last is not None and last["type"] == "move" and last.get("how") == PLACEMENT))


def clauses(obs: Observation | None, events: Sequence[Event], i: int, tr: Translate | None) -> list[Clause] | None:
    """The clauses of ``events[i]``, or None when the base captions tell it."""
    e = events[i]
    kind = e["type"]
    if kind == "move" and e.get("how") == PLACEMENT:
        return _placement(events, i, tr)
    if obs is None or not seats.paired(obs):
        return None
    if kind == "game-over":
        return [_game_over(obs, e, tr)]
    if kind in ("placed", "take-card", "pass", "reshuffle") or (kind == "play" and not _face_up(e)):
        key = {"play": "caption.play.hidden.team", "pass": "caption.pass.team",
               "reshuffle": "caption.reshuffle.team"}.get(kind, f"caption.{kind}")
        return [(key, {"player": pairs.player_noun(obs, int(e["seat"]), tr)})]
    if kind == "draw":
        return [("caption.draw.team", {"player": pairs.player_noun(obs, int(e["seat"]), tr), "n": e["cards"]})]
    if kind == "play":  # face up: the card says whose it is
        owner, _, action = str(e["card"]).partition(":")
        return [("caption.play", {"bandit": text.bandit_noun(owner, tr), "action": text.action_name(action, tr)})]
    if kind == "cover":
        shooter = str(e["bandit"])
        other = pairs.partner(obs, shooter)
        return [("caption.cover", {"bandit": text.bandit_noun(shooter, tr), "partner": text.bandit_noun(other, tr)})]
    return None


def _face_up(e: Event) -> bool:
    return bool(e.get("card")) and not e.get("face_down")


def _placement(events: Sequence[Event], i: int, tr: Translate | None) -> list[Clause]:
    """All bandits placed, told at the first of their moves: those of the caboose first, then those
    of the wagon in front (render.caption groups the names of one place)."""
    if any(x["type"] == "move" and x.get("how") == PLACEMENT for x in events[:i]):
        return []
    moves = [x for x in events[i:] if x["type"] == "move" and x.get("how") == PLACEMENT]
    moves.sort(key=lambda x: (-int(str(x["to"]).partition("/")[0]) if str(x["to"])[:1].isdigit() else 0))
    return [("caption.move.placement", {"bandit": text.bandit_noun(x["bandit"], tr),
                                        "to": text.position_noun(x["to"], tr)}) for x in moves]


def _game_over(obs: Observation, e: Event, tr: Translate | None) -> Clause:
    """The winning side: "Game over: Ghost & Tuco win!" (a tie: the sides share it)."""
    winners = [str(w) for w in e.get("winners", ())]
    sides: list[list[str]] = []
    for name in winners:
        pair = seats.team_of(obs, name)
        if pair not in sides:
            sides.append(pair)
    if not sides:
        return "caption.game-over", {}
    names = [seats.team_noun(side, tr) for side in sides]
    key = "caption.game-over.side" if len(sides) == 1 else "caption.game-over.winners"
    return key, {"names": text.names_list(names, tr)}


HOOKS.run_starts.update(RUN_STARTS)
HOOKS.opens_run.append(opens_run)
# First, before the expansions registered earlier: a player of two bandits is told as a pair
# whatever else the table plays (V-2, V-3).
HOOKS.clauses.insert(0, clauses)
