"""Pending decisions: how a rule asks a player something and gets the answer back.

A rule never waits. It calls ``ask`` with the legal answers and returns; the answer comes later
through ``engine.flow.apply``, which calls the handler registered for that kind of decision. A
decision with one legal answer is taken at once (nobody is asked to click the only button).

Answer texts are ``"<kind> <value>"`` (``"move 3/roof"``, ``"fire tuco"``, ``"keep-purse yes"``),
short enough for a button's custom id; planning answers are ``draw``, ``play <card>``,
``hide <card>`` and ``pass``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.model import Decision, Game

Handler = Callable[[Game, str | None, str, dict[str, Any]], None]
"""Carries out an answer: (game, bandit, answer value, the decision's context)."""

HANDLERS: dict[str, Handler] = {}


def answers(kind: str) -> Callable[[Handler], Handler]:
    """Register the function that carries out answers to decisions of ``kind``."""

    def register(handler: Handler) -> Handler:
        HANDLERS[kind] = handler
        return handler

    return register


def answer_text(kind: str, value: object) -> str:
    if isinstance(value, bool):
        value = "yes" if value else "no"
    return f"{kind} {value}"


def ask(
    game: Game,
    seat: int,
    bandit: str | None,
    kind: str,
    values: list[str],
    **context: Any,
) -> None:
    """Pose a decision whose answers are ``kind`` + each value; a single one is taken at once."""
    if len(values) == 1:
        HANDLERS[kind](game, bandit, values[0], context)
        return
    game.pending = Decision(seat, bandit, kind, values, context)


def ask_yes_no(game: Game, seat: int, bandit: str | None, kind: str, **context: Any) -> None:
    ask(game, seat, bandit, kind, ["yes", "no"], **context)


def record(game: Game, kind: str, **fields: Any) -> None:
    """Append to the event log (the stuff of pictures and messages).

    A field whose value only some may see goes in ``secret`` with ``seen_by`` (seats); the
    observation gate strips it for everyone else (engine.observe).
    """
    fields["type"] = kind
    fields["step"] = game.step
    game.log.append(fields)
