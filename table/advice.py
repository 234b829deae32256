"""A player's hint on request and review after the game (issue 31): who may ask for what, and the
work handed to the workers (table.workers) with the seat's own view only.

    advisor = Advisor(tables, budget_ms=200)
    asked = await advisor.hint(game_id, user_id, step)    # Asked(hint, view): the 💡 of a prompt
    found = await advisor.review(game_id, user_id)        # [Reviewed(mistake, view)], biggest first

A hint is asked of the worker with ``observe(state, seat)`` and the seat's own pending decision,
never the game: it cannot say more than the seat may see (B-11). A review replays the finished game
from its deal (``table.service.dealt``) and stored answers in the worker, which searches each of the
seat's decisions from the seat's view at that moment (engine.ai.advice ``moments_of``).

Nothing here knows Discord: a refusal is a ``TableError`` for the cogs to say in the asker's
language, and what is found is the engine's (catalog keys, answers, views) for the cogs to word.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from engine.ai.advice import Hint, Mistake
from engine.model import Decision
from engine.observe import observe
from engine.snapshot import dumps
from table.metrics import Metrics
from table.service import TableError, Tables, dealt, metered
from table.store import OVER, RUNNING
from table.workers import WorkTimeout

Observation = dict[str, Any]
HINTS = "hints"  # the lobby's option that allows them (engine.lobby's base part), off by default


@dataclass(frozen=True)
class Asked:
    """A hint and the view it was found from (the labels of its answer read that view)."""

    hint: Hint
    view: Observation


@dataclass(frozen=True)
class Reviewed:
    """A mistake and the seat's view at that moment (its train picture)."""

    mistake: Mistake
    view: Observation


@dataclass
class Advisor:
    tables: Tables
    budget_ms: float | None = None  # a hint's thinking: the hard AI's budget (None: the engine's own)
    iterations: int | None = None  # fixed work instead of time: the same hint and review every run (tests)
    review_budget_ms: float | None = None  # a review's time per decision (None: engine.ai.advice's own)
    # The reviews under way, by game and person: a second click waits for the first's answer.
    _reviewing: set[tuple[int, int]] = field(default_factory=set)

    @property
    def metrics(self) -> Metrics:
        """The table's metrics: hints and reviews are counted among what people ask (``metered``)."""
        return self.tables.metrics

    @metered("hint")
    async def hint(self, game_id: int, user_id: int, step: int) -> Asked:
        """The hard AI's pick for the clicker's decision pending at ``step``: refused when the game
        allows no hints, the clicker has no seat, the decision is someone else's, or it is answered
        already (``hint.stale``)."""
        row = await self.tables.row(game_id)
        seat = await self.tables.seat_of(game_id, user_id)
        if seat is None:
            raise TableError("reply.not-playing")
        if not row.options.get(HINTS):
            raise TableError("hint.off")
        if row.status != RUNNING or row.step != step:
            raise TableError("hint.stale")
        state = await self.tables.state(game_id, row)
        pending = state.pending
        if pending is None:
            raise TableError("hint.stale")
        if pending.seat != seat:
            raise TableError("hint.not-yours")
        # A copy: the worker's search must not reach into the cached game (threads share it).
        decision = Decision(pending.seat, pending.bandit, pending.kind, list(pending.values), dict(pending.context))
        view = observe(state, seat)
        try:
            tip = await self.tables.workers.hint(view, decision, f"{row.seed}:{step}:hint", budget_ms=self.budget_ms,
                                                 iterations=self.iterations)
        except WorkTimeout:
            raise TableError("hint.failed") from None
        return Asked(tip, view)

    @metered("review")
    async def review(self, game_id: int, user_id: int) -> list[Reviewed]:
        """The clicker's biggest mistakes in a finished game (at most three, biggest first; none when
        the search found none): refused to whoever did not play it, before its end, and while the
        clicker's review of it is under way."""
        row = await self.tables.row(game_id)
        seat = await self.tables.seat_of(game_id, user_id)
        if seat is None:
            raise TableError("reply.not-playing")
        if row.status != OVER:
            raise TableError("review.not-over")
        if (game_id, user_id) in self._reviewing:
            raise TableError("review.running")
        self._reviewing.add((game_id, user_id))
        try:
            players = await self.tables.storage.players(game_id)
            answers = await self.tables.storage.answers(game_id)
            found = await self.tables.workers.review(
                dumps(dealt(row, players)), answers, seat, f"{row.seed}:review:{seat}",
                budget_ms=self.review_budget_ms, iterations=self.iterations)
        except WorkTimeout:
            raise TableError("review.failed") from None
        finally:
            self._reviewing.discard((game_id, user_id))
        return [Reviewed(mistake, view) for mistake, view in found]


__all__ = ["HINTS", "Advisor", "Asked", "Reviewed"]
