"""The guided lessons at the table (/colt learn): a person's solo game on a lesson's prepared deal,
stored beside its script's place, one press or answer applied per stored step.

engine.lessons runs the script and plays the AI bandits; this module keeps each lesson in the
database (``lessons``: engine.lessons.Lesson's JSON and the game's snapshot) so that it can be left
and resumed, and a restart loses nothing. As a game's answers do (table.service), a press of Next
or an answer is taken under the lesson's lock, and written only if the stored lesson is still at the
step the click names (compare-and-set): of two clicks at once on the same step, one is taken and
the other is out of date. The new state is written before anyone is told.

A lesson has no server, no channel of its own and no result: it counts for no rating and is in no
stats. Nothing here knows about Discord: the cog (cogs.learn) shows a ``Screen`` and names the
clicks.
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, field
from typing import Any

from engine.ai import advice
from engine.ai.lessons import opponents
from engine.lessons import (
    ANSWER,
    NEXT,
    PRESS_NEXT,
    Lesson,
    LessonError,
    advance,
    allowed_answers,
    is_over,
    start,
    topics,
    view,
)
from engine.model import Game
from engine.observe import Observation, observe
from engine.snapshot import dumps, loads
from table.locks import Locks
from table.metrics import Metrics
from table.service import TableError, metered
from table.store import RUNNING, LessonRow, StaleStep, Store
from table.workers import Workers

OVER = "over"  # a Screen's ``wait`` once the lesson is done: the final count and what to learn next


@dataclass(frozen=True)
class Screen:
    """What the learner is shown now: a step's words and marks, or the game's own question.

    ``step`` is the stored step a click on it must name; ``wait`` is ``next`` (a Next button),
    ``answer`` (the answer buttons of ``answers``), or ``over``; ``say`` is the step's catalog key
    (None: no step applies, the learner answers the game's own prompt for ``decision``)."""

    lesson_id: int
    step: int
    topic: str
    wait: str
    view: Observation  # the learner's view, its log since what the lesson already talked about
    say: str | None = None
    fields: dict[str, Any] = field(default_factory=dict)
    marks: list[dict[str, Any]] = field(default_factory=list)
    answers: list[str] = field(default_factory=list)
    decision: str | None = None  # the kind of the learner's pending decision, if one waits
    next_topics: list[str] = field(default_factory=list)  # at the end: the lessons still to take


def screen(lesson_id: int, step: int, lesson: Lesson, game: Game) -> Screen:
    """The screen of a lesson as it stands."""
    pending = game.pending
    decision = pending.kind if pending is not None and pending.seat == lesson.seat else None
    shown = observe(game, lesson.seat, log_since=lesson.seen)
    if is_over(lesson, game):
        return Screen(lesson_id, step, lesson.topic, OVER, shown,
                      next_topics=[t for t in topics() if t != lesson.topic])
    now = view(lesson, game)
    if now is None:  # no step applies: the game's own prompt (play_opponents stops only there)
        return Screen(lesson_id, step, lesson.topic, ANSWER, shown, answers=allowed_answers(lesson, game),
                      decision=decision)
    return Screen(lesson_id, step, lesson.topic, str(now["wait"]), shown, say=str(now["say"]),
                  fields=dict(now["fields"]), marks=list(now["marks"]),
                  answers=list(now["allowed"]) if now["wait"] == ANSWER else [], decision=decision)


def _loaded(row: LessonRow) -> tuple[Lesson, Game]:
    return Lesson.from_json(row.lesson), loads(row.snapshot)


@dataclass
class Lessons:
    """Every person's lesson, behind one lock per lesson; the database is the truth."""

    storage: Store
    workers: Workers = field(default_factory=lambda: Workers(processes=False))  # where hints are thought
    # A 💡's thinking: the hard bandit's budget for its own answers (None: the engine's own), as in a game.
    hint_budget_ms: float | None = None
    metrics: Metrics = field(default_factory=Metrics)  # the operators' view (table.metrics): kind "lesson"
    _locks: Locks = field(default_factory=Locks)

    def lock(self, lesson_id: int) -> asyncio.Lock:
        return self._locks(lesson_id)

    async def begin(self, user_id: int, topic: str) -> Screen:
        """A new lesson of ``topic`` for ``user_id`` (their lesson under way, if any, is dropped)."""
        if topic not in topics():
            raise TableError("error.stale")
        # The AI bandits' first moves, up to the first step: off the event loop, like every change
        lesson, game = await asyncio.to_thread(start, topic, opponents(topic))
        lesson_id = await self.storage.create_lesson(user_id, topic, lesson.to_json(), dumps(game))
        return screen(lesson_id, 0, lesson, game)

    async def under_way(self, user_id: int) -> Screen | None:
        """The screen of the person's lesson under way, where it stopped; None when they have none."""
        row = await self.storage.lesson_of(user_id)
        return None if row is None else screen(row.id, row.step, *_loaded(row))

    async def all_under_way(self) -> list[tuple[int, Screen]]:
        """Each lesson under way: its learner and where it stands."""
        rows = await self.storage.lessons_under_way()
        return [(row.user_id, screen(row.id, row.step, *_loaded(row))) for row in rows]

    @metered("lesson")
    async def take(self, lesson_id: int, user_id: int, step: int, answer: str | None) -> Screen:
        """Press Next (``answer`` None) or answer at the lesson's stored ``step``: applied once,
        written before it is shown; the next screen. A refusal changes nothing and is a
        ``TableError``: a wrong answer's is the step's gentle correction; a click on an older step,
        someone else's lesson or an answer the game does not offer are refused too."""
        async with self.lock(lesson_id):
            row = await self._mine(lesson_id, user_id, step)
            lesson, game = _loaded(row)
            try:
                outcome = await asyncio.to_thread(advance, lesson, game, answer, opponents(row.topic))
            except LessonError as error:
                raise TableError("error.stale") from error  # not what the lesson waits for (an old or crafted id)
            if not outcome.taken:
                raise TableError(outcome.correction or PRESS_NEXT)
            try:
                async with self.storage.transaction() as tx:
                    tx.save_lesson(row.id, step=step, lesson=lesson.to_json(), snapshot=dumps(game),
                                   over=is_over(lesson, game))
            except StaleStep as error:  # another process took this step first
                raise TableError("error.stale") from error
            return screen(row.id, step + 1, lesson, game)

    async def start_over(self, lesson_id: int, user_id: int, topic: str) -> Screen:
        """The person's lesson under way dropped for a new one of ``topic`` (its Start over button),
        at whatever step it is now, once: a second click finds the lesson no longer running."""
        async with self.lock(lesson_id):
            await self._mine(lesson_id, user_id)
            return await self.begin(user_id, topic)

    @metered("hint")
    async def hint(self, lesson_id: int, user_id: int, step: int) -> advice.Hint:
        """The hard bandit's pick for the learner's pending decision, from their own view only."""
        row = await self._mine(lesson_id, user_id, step)
        lesson, game = _loaded(row)
        if game.pending is None or game.pending.seat != lesson.seat:
            raise TableError("error.nothing-asked")
        # A step that asks for some answers only is hinted among them: a hint never contradicts it
        allowed = allowed_answers(lesson, game)
        among = allowed if allowed and set(allowed) != set(game.pending.options) else None
        try:
            return await self.workers.hint(observe(game, lesson.seat), game.pending, f"lesson:{row.id}:{game.step}",
                                           budget_ms=self.hint_budget_ms, among=among)
        except TimeoutError as error:  # the workers are overloaded: the learner may ask again
            raise TableError("error.failed") from error

    async def _mine(self, lesson_id: int, user_id: int, step: int | None = None) -> LessonRow:
        """The lesson, if it is this person's and still running (at ``step``, when given)."""
        row = await self.storage.lesson(lesson_id)
        if row is None:
            raise TableError("error.stale")
        if row.user_id != user_id:
            raise TableError("lesson.not-yours")
        if row.status != RUNNING or step not in (None, row.step):
            raise TableError("error.stale")
        return row


__all__ = ["ANSWER", "NEXT", "OVER", "Lessons", "Screen", "screen"]
