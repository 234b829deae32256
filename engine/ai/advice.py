"""Hints on request and a review after the game: the hard bandit's eye on a player's decisions.

    tip = hint(observe(game, seat), game.pending, random.Random(7))       # Hint: answer, reason, gain
    moments = moments_of(dealt, answers, seat)                            # a finished game, replayed
    for mistake in review(moments, random.Random(7), budget_ms=100): ...  # the biggest three first

Both take the seat's view (``engine.observe.observe(game, seat)``) and its pending decision, never
the game: what a hint or a review says can depend on nothing the player could not see (B-11). The
hard search (engine.ai.hard.search) draws its worlds from the view alone; the reason
(engine.ai.reasons) reads the view alone.

A review weighs the player's own answer in the same worlds as the search's pick (paired, so their
difference is the answers' alone), keeping it in the race even where the search would drop it.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import NamedTuple

from engine.ai.hard import Averages, search
from engine.ai.reasons import reason
from engine.flow import apply
from engine.model import Decision, Game
from engine.observe import Observation, observe
from engine.snapshot import from_json, to_json

MISTAKE_MIN = 25.0  # dollars: a smaller expected gain is the search's noise, not a mistake
# Per decision reviewed: a whole game's (some 35 decisions a player) in about 3 s of a worker, where
# the hard bandit's 200 ms would take twice that; keeping the player's answer in the race means the
# search seldom ends early.
REVIEW_BUDGET_MS = 100.0


@dataclass(frozen=True)
class Hint:
    """The hard bandit's answer to a decision and why, in the catalogs' terms (engine.ai.reasons):
    ``reason`` is a catalog key, ``fields`` its named values, ``gain`` the dollars the search
    expects the answer to gain over the next best one (0 when there is no other)."""

    answer: str
    reason: str
    fields: dict[str, str | int]
    gain: float


class Moment(NamedTuple):
    """One decision of a player as they saw it: their view, the decision, the answer they gave."""

    view: Observation
    decision: Decision
    answer: str


@dataclass(frozen=True)
class Mistake:
    """A decision where the hard bandit, from the player's view at that moment, would have answered
    otherwise: ``gain`` dollars better on average, in the same worlds as the player's answer."""

    step: int
    answer: str
    better: str
    gain: float
    hint: Hint


def hint(
    view: Observation, decision: Decision, rng: random.Random, *,
    budget_ms: float | None = None, iterations: int | None = None,
) -> Hint:
    """The hard bandit's answer to ``decision`` from ``view`` (the seat's own observation) and why:
    the same answer as the hard bandit's for the same ``rng`` and ``iterations``."""
    found = search(view, decision, rng, budget_ms=budget_ms, iterations=iterations)
    return explained(view, decision, found, found.pick())


def explained(view: Observation, decision: Decision, found: Averages, answer: str) -> Hint:
    """``answer``'s hint from a search's averages: its lead over the next best answer, and why."""
    others = [mean for other, mean in (*found.kept.items(), *found.dropped.items()) if other != answer]
    gain = max(0.0, found.kept[answer] - max(others)) if others else 0.0
    key, fields = reason(view, decision, answer, gain)
    return Hint(answer, key, fields, gain)


def review(
    moments: Iterable[Moment], rng: random.Random, *,
    budget_ms: float | None = None, iterations: int | None = None, top: int = 3,
) -> list[Mistake]:
    """The player's ``top`` biggest mistakes, biggest first: the decisions where the search's pick
    beats their answer by more than ``MISTAKE_MIN`` dollars, both weighed in the same worlds;
    ``budget_ms`` per decision (``REVIEW_BUDGET_MS`` by default), or exactly ``iterations`` worlds."""
    budget_ms = REVIEW_BUDGET_MS if budget_ms is None and iterations is None else budget_ms
    found: list[Mistake] = []
    for view, decision, answer in moments:
        if len(decision.options) == 1:
            continue  # no choice, no mistake (and no random numbers spent: a review is reproducible)
        averages = search(view, decision, rng, budget_ms=budget_ms, iterations=iterations, keep=[answer])
        better = averages.pick()
        if better == answer:
            continue
        gain = averages.kept[better] - averages.kept[answer]
        if gain > MISTAKE_MIN:
            found.append(Mistake(int(view["step"]), answer, better, gain, explained(view, decision, averages, better)))
    return sorted(found, key=lambda mistake: -mistake.gain)[:top]


def moments_of(start: Game, answers: Sequence[str], seat: int) -> list[Moment]:
    """The decisions of ``seat`` in a game replayed from its deal: ``start`` is the game as dealt
    (``engine.new_game`` with its seed and options, as the table deals it again, or a snapshot of
    the deal) and ``answers`` every answer given, in order. ``start`` is left as it is."""
    game = from_json(to_json(start))
    moments = []
    for answer in answers:
        decision = game.pending
        if decision is None:
            raise ValueError(f"answer {answer!r} comes after the end of the game")
        if decision.seat == seat:
            asked = Decision(decision.seat, decision.bandit, decision.kind, list(decision.values),
                             dict(decision.context))
            moments.append(Moment(observe(game, seat), asked, answer))
        apply(game, answer)
    return moments


__all__ = ["MISTAKE_MIN", "REVIEW_BUDGET_MS", "Hint", "Mistake", "Moment", "hint", "moments_of", "review"]
