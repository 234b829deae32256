"""The heavy work of the table (pictures, the replay, hard AI answers, hints and reviews) in worker
processes, so the bot's event loop never waits for the GIL.

    workers = Workers()                                    # nothing starts yet
    png = await workers.picture("train", observation, "fr")
    [(png, alt)] = await workers.described("train", [observation], "fr")  # with its alt text
    gif = await workers.replay(start, events, final, "fr")
    answer = await workers.ai_answer(dumps(game), seat, "hard", f"{seed}:{step}", budget_ms=250)
    tip = await workers.hint(observe(game, seat), game.pending, seed, budget_ms=200)   # the seat's view only
    found = await workers.review(dumps(dealt), answers, seat, seed)                   # [(Mistake, view)]
    await workers.close()

Everything crosses the process boundary as plain data: observations (dicts), the game's JSON
snapshot, language *codes* (the worker loads its own catalogs), bytes and answer text back. The
worker functions are module-level, so they pickle by name; every call goes through
``loop.run_in_executor`` (SimCord, the Discord simulator of the tests, follows executor work there).

**One pool per process.** ``Workers`` objects are handles on one shared pool, counted: the pool
starts at the first call of any handle (or ``start()``), and stops when the last open handle is
closed, so a closed bot leaves no process behind, while bots living side by side (a restart, the
tests) share the workers instead of each starting their own. An ``atexit`` hook stops a pool whose
handles were never closed. Handles cost nothing until used, so creating many bots is cheap.

**Processes.** ``forkserver`` where the platform has it (each worker is forked from a clean
single-threaded server that has already imported the engine and the pictures), else ``spawn``;
never ``fork``: the bot's process has threads. Both run the bot's main module again in each worker
as ``__mp_main__`` (Python 3.11's fork server cannot preload it), so its start must sit under
``if __name__ == "__main__":`` (bot.py's does), and its imports are paid once per worker: bot.py
imports nothing at the top, so a worker holds no discord.py. As many workers as the machine has
cores (at most ``MAX_SIZE``), at a lower priority than the bot (``NICENESS``); each ends with the
bot however the bot ends (table.lifeline), ignores Ctrl+C (the bot stops them) and loads fonts,
sprites, the palette and every catalog before its first job (some 0.3 s).

**Memory** (measured): a worker is 76 MB resident at rest (66 MB its own, the rest shared with the
fork server). Drawing fills its caches, each bounded: panels (256, some 21 MB), pile strips (64,
13 MB), the planning pictures' shrunk trains (2,048 PNGs of some 12 kB: 25 MB when full, with
hundreds of games in play), cards, text sprites and widths; it reaches some 170 MB after a whole
5-player game, about 225 MB after a base, a Horses & Stagecoach and a Marshal & Prisoners game, and
levels off near 240 MB (six such games). The caches are what keep a picture to a few milliseconds.

**Turns and time limits.** At most one job per worker, and ``AHEAD`` more, are handed to the pool at
a time; the others wait their turn in the bot, a prompt's first unless another has waited
``PATIENCE`` (``Turns``). The ones more wait in the pool for the first worker free, so that no worker
idles while the bot's busy event loop hands it its next job. A job's time limit counts from when it
is handed to the pool, where it waits for ``AHEAD`` jobs at most. A job over its limit raises
``WorkTimeout`` (a ``TimeoutError``) at once, for the caller to fall back on (the normal AI in the
bot, a picture skipped); the worker finishes it regardless (a process cannot be interrupted mid-job)
and only then takes the next. A job still running ``STUCK_AFTER`` seconds past its limit means a
stuck worker: that pool is replaced.

**A broken pool** (a worker killed, out of memory, a crash in Pillow) fails every job it was
running with ``BrokenProcessPool``: the pool is replaced and each of those jobs tried once more.

**Threads** (``Workers(processes=False)``): the same calls and limits in the event loop's default
thread pool, for where processes cannot start; the results are the same, but the work holds the
GIL again (the event loop lags, as it did with ``asyncio.to_thread``).
"""

from __future__ import annotations

import asyncio
import atexit
import collections
import contextlib
import contextvars
import functools
import logging
import multiprocessing
import multiprocessing.forkserver
import os
import random
import signal
import threading
import time
import weakref
from collections.abc import Callable, Iterator
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import TYPE_CHECKING, Any, TypeVar

import engine  # noqa: F401  (registers every decision handler)
import lang
import render
from engine.ai import advice, choose
from engine.ai.hard import BUDGET_MS, search
from engine.data import base
from engine.errors import InconsistentView
from engine.model import Decision
from engine.snapshot import loads
from render.describe import DESCRIBE
from render.lessons import step_image
from table import lifeline

if TYPE_CHECKING:
    from table.metrics import Metrics

log = logging.getLogger(__name__)

Observation = dict[str, Any]
Event = dict[str, Any]
T = TypeVar("T")

MAX_SIZE = 8  # workers at most, whatever the cores: each holds some 75 to 240 MB (see Memory above)
# Jobs handed to the pool beyond one per worker: the next ones, ready when a worker is free. Three,
# not one: the bot's event loop, busy at 200 games, was late to hand the next job (the workers idled
# while pictures waited; issue 29); an urgent job waits behind three short ones at most.
AHEAD = 3
NICENESS = 10  # how much lower the workers' priority is than the bot's (Unix)
STUCK_AFTER = 60.0  # seconds past its limit after which a job's worker is deemed stuck
# Seconds a job that is not urgent waits for a worker, at most, before it goes before the urgent
# ones (``Turns``): about a picture's share of the channel's story rhythm (cogs.outbox).
PATIENCE = 1.0
# Imported once, by the fork server; table.lifeline first, which binds it to the bot.
PRELOAD = ["table.lifeline", "engine", "engine.ai", "render", "lang", __name__]
PICTURES: dict[str, Callable[..., Any]] = {
    "train": render.train_image,
    "hand": render.hand_image,
    "pile": render.pile_image,
    "planning": render.planning_image,
    "choice": render.choice_image,
    "scoreboard": render.scoreboard_image,
}


# Whether the jobs of the current task are urgent (``urgent``): read where a job waits for its turn.
URGENT: contextvars.ContextVar[bool] = contextvars.ContextVar("colt_urgent_work", default=False)


class WorkTimeout(TimeoutError):
    """A job overran its time limit; the caller falls back (its worker finishes the job anyway)."""


# --- in the worker -------------------------------------------------------------------------------


def _prepare() -> None:
    """A worker's start: it ends with its parent (table.lifeline); Ctrl+C is the bot's to handle;
    fonts, sprites and catalogs loaded now.

    Workers run at a lower priority than the bot: on a busy machine its event loop gets a core
    first when it wakes, and the heavy work takes what is left."""
    lifeline.end_with_parent()
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if hasattr(os, "nice"):
        os.nice(NICENESS)
    render.preload()
    base()
    for code in lang.CODES:
        lang.language(code)


def _draw(kind: str, observations: list[Observation], code: str) -> list[bytes]:
    """PNG bytes of one picture of ``kind`` per observation, in the language ``code``."""
    draw = PICTURES[kind]
    reader = lang.language(code)
    return [render.png(draw(obs, translate=reader)) for obs in observations]


def _draw_described(kind: str, observations: list[Observation], code: str) -> list[tuple[bytes, str]]:
    """Each picture with its alt text (render.describe), both from the same observation."""
    describe = DESCRIBE[kind]
    reader = lang.language(code)
    pictures = _draw(kind, observations, code)
    return [(png, describe(obs, translate=reader)) for png, obs in zip(pictures, observations, strict=True)]


def _replay(start: Observation, events: list[Event], final: Observation, code: str, fmt: str) -> bytes:
    return render.replay(start, events, fmt=fmt, final=final, translate=lang.language(code))


def _answer(snapshot: str, seat: int, level: str, seed: str, budget_ms: float | None,
            iterations: int | None) -> tuple[str, str | None]:
    """The AI's answer and, should its reading of the table have failed (a bug), why it answered at
    random instead (table.service's ``_choose_safely``: the game goes on rather than stall)."""
    game = loads(snapshot)
    rng = random.Random(seed)
    try:
        return choose(game, seat, level, rng=rng, budget_ms=budget_ms, iterations=iterations), None
    except InconsistentView as error:
        return choose(game, seat, "easy", rng=rng), f"{type(error).__name__}: {error}"


def _lesson_picture(obs: Observation, targets: list[dict[str, Any]], code: str) -> tuple[bytes, str]:
    """A lesson step's train picture with its pointers (render.lessons), and its alt text."""
    reader = lang.language(code)
    return render.png(step_image(obs, targets, translate=reader)), DESCRIBE["train"](obs, translate=reader)


def _hint(view: Observation, decision: Decision, seed: str, budget_ms: float | None,
          iterations: int | None, among: list[str] | None) -> advice.Hint:
    """The hard bandit's pick for the seat whose view this is: the view and its own decision are all
    it is given (B-11). ``among``: a lesson's step that asks for some answers only is hinted among
    them: every answer is searched, those kept in the race, and the best of them told with its real
    reason (what it gains over the others), never as "the only choice"."""
    rng = random.Random(seed)
    if not among:
        return advice.hint(view, decision, rng, budget_ms=budget_ms, iterations=iterations)
    averages = search(view, decision, rng, budget_ms=budget_ms, iterations=iterations, keep=among)
    return advice.explained(view, decision, averages, max(among, key=lambda answer: averages.kept[answer]))


def _review(dealt: str, answers: list[str], seat: int, seed: str, budget_ms: float | None,
            iterations: int | None) -> list[tuple[advice.Mistake, Observation]]:
    """A finished game's biggest mistakes of ``seat``, each with the seat's view at that moment (its
    picture's): replayed from the deal with its answers, each decision searched from that view."""
    moments = advice.moments_of(loads(dealt), answers, seat)
    views = {int(moment.view["step"]): moment.view for moment in moments}
    mistakes = advice.review(moments, random.Random(seed), budget_ms=budget_ms, iterations=iterations)
    return [(mistake, views[mistake.step]) for mistake in mistakes]


def _ready() -> int:
    """A job that waits a moment, so that the jobs of ``start()`` spread over every worker."""
    time.sleep(0.05)
    return os.getpid()


# --- the shared pool -----------------------------------------------------------------------------


def machine_size() -> int:
    """Workers for this machine: one per core the process may use."""
    try:
        cores = len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        cores = os.cpu_count() or 1
    return max(1, min(cores, MAX_SIZE))


def _context() -> multiprocessing.context.BaseContext:
    if "forkserver" in multiprocessing.get_all_start_methods():
        context = multiprocessing.get_context("forkserver")
        context.set_forkserver_preload(PRELOAD)
        # Started here, in the thread that runs the bot, not in the thread that starts the workers
        # (``_started``): the kernel ends the fork server when the thread that started it ends.
        lifeline.mark_fork_server_parent()
        multiprocessing.forkserver.ensure_running()
        return context
    return multiprocessing.get_context("spawn")


class _Shared:
    """The process's one pool, its open handles, and each event loop's turns (one per worker)."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.pool: ProcessPoolExecutor | None = None
        self.size = machine_size()
        self.handles = 0
        self.turns: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, Turns] = weakref.WeakKeyDictionary()

    def current(self) -> ProcessPoolExecutor:
        """The running pool, started now if there is none."""
        with self.lock:
            if self.pool is None:
                self.pool = _started(ProcessPoolExecutor(self.size, mp_context=_context(), initializer=_prepare),
                                     self.size)
            return self.pool

    def replace(self, broken: ProcessPoolExecutor) -> None:
        """Drop ``broken`` (a newer pool, if another call already replaced it, stays)."""
        with self.lock:
            if self.pool is broken:
                self.pool = None
        _stop(broken)

    def turn(self, loop: asyncio.AbstractEventLoop, size: int) -> Turns:
        with self.lock:
            if loop not in self.turns:
                self.turns[loop] = Turns(size)
            return self.turns[loop]

    def open(self) -> None:
        with self.lock:
            self.handles += 1

    def release(self) -> ProcessPoolExecutor | None:
        """One handle fewer; the pool to shut down when it was the last."""
        with self.lock:
            self.handles -= 1
            if self.handles > 0:
                return None
            pool, self.pool = self.pool, None
            return pool

    def shutdown(self) -> None:
        """Stop the pool now, whatever the handles (at exit)."""
        with self.lock:
            pool, self.pool = self.pool, None
        if pool is not None:
            pool.shutdown(wait=True, cancel_futures=True)


def _started(pool: ProcessPoolExecutor, size: int) -> ProcessPoolExecutor:
    """``pool`` with every worker running, started from a thread of its own.

    Starting a worker process waits on ``time.monotonic``. The tests' simulated Discord (SimCord)
    replaces that clock by its own for the bot's code, and its clock stands still between events:
    started from the bot's context the start would wait for ever. A new thread runs outside that
    context, and once every worker runs, no later job starts one (until a broken pool is replaced,
    which starts here again)."""
    failure: list[BaseException] = []

    def start_all() -> None:
        try:
            for future in [pool.submit(_ready) for _ in range(size)]:
                future.result()
        except BaseException as error:
            failure.append(error)

    thread = threading.Thread(target=start_all, name="colt-workers-start")
    thread.start()
    thread.join()
    if failure:
        raise failure[0]
    return pool


def _stop(pool: ProcessPoolExecutor) -> None:
    """End a pool that is broken or stuck: its workers are killed, its jobs fail."""
    pool.shutdown(wait=False, cancel_futures=True)
    # ProcessPoolExecutor has no public way to end its workers before Python 3.14.
    processes: dict[int, multiprocessing.process.BaseProcess] = getattr(pool, "_processes", None) or {}
    for process in list(processes.values()):
        if process.is_alive():
            process.terminate()


class Turns:
    """An event loop's turns at the workers: one job per worker at a time, the others waiting in the
    bot. An urgent job (a prompt whose player waits to answer it: cogs.delivery) goes before the
    other jobs waiting (pictures for the channel, a hand brought up to date, the AI), unless the
    oldest of those has waited ``patience`` seconds: then it goes first, so that a busy table's
    prompts never hold the channels' pictures back for good (issue 29: the channels' stories fell
    further and further behind). Jobs of the same urgency keep their order."""

    def __init__(self, size: int, *, patience: float = PATIENCE, clock: Callable[[], float] = time.monotonic) -> None:
        self.free = size
        self.patience, self.clock = patience, clock
        self._urgent: collections.deque[asyncio.Future[None]] = collections.deque()
        self._other: collections.deque[tuple[float, asyncio.Future[None]]] = collections.deque()

    async def acquire(self, urgent: bool = False) -> None:
        if self.free > 0 and not self._urgent and not self._other:
            self.free -= 1
            return
        turn: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        if urgent:
            self._urgent.append(turn)
        else:
            self._other.append((self.clock(), turn))
        try:
            await turn
        except asyncio.CancelledError:
            if not turn.cancelled():
                self.release()  # given the turn just as it was cancelled: the next one takes it
            raise  # else still queued, cancelled: ``release`` passes over it

    def release(self) -> None:
        while True:
            turn = self._next()
            if turn is None:
                self.free += 1
                return
            if not turn.done():  # a cancelled wait is passed over
                turn.set_result(None)
                return

    def _next(self) -> asyncio.Future[None] | None:
        if self._other and (not self._urgent or self.clock() - self._other[0][0] >= self.patience):
            return self._other.popleft()[1]
        return self._urgent.popleft() if self._urgent else None


@contextlib.contextmanager
def urgent() -> Iterator[None]:
    """The jobs started within go before the others waiting for a worker (``Turns``)."""
    token = URGENT.set(True)
    try:
        yield
    finally:
        URGENT.reset(token)


_SHARED = _Shared()
atexit.register(_SHARED.shutdown)


# --- the handle ----------------------------------------------------------------------------------


class Workers:
    """The bot's handle on the shared workers (see the module's docstring).

    ``processes``: False runs the jobs in the event loop's thread pool instead. Limits, in seconds:
    ``picture_limit`` per picture call, ``replay_limit`` for the replay, and an AI answer may take its
    budget plus ``ai_margin`` (``ai_limit`` when it thinks by iterations rather than by time)."""

    metrics: Metrics | None = None  # where the jobs are counted and timed (the bot's, table.metrics)

    def __init__(self, *, processes: bool = True, picture_limit: float = 30.0, replay_limit: float = 300.0,
                 ai_margin: float = 2.0, ai_limit: float = 30.0) -> None:
        self.processes = processes
        self.picture_limit, self.replay_limit = picture_limit, replay_limit
        self.ai_margin, self.ai_limit = ai_margin, ai_limit
        self.closed = False
        if processes:
            _SHARED.open()

    # --- the work, in the game's words ---

    async def picture(self, kind: str, observation: Observation, language: str) -> bytes:
        """PNG bytes of a ``kind`` picture (train, hand, pile, scoreboard) in ``language`` (a code)."""
        (png,) = await self.pictures(kind, [observation], language)
        return png

    async def pictures(self, kind: str, observations: list[Observation], language: str) -> list[bytes]:
        """One picture per observation (a train picture per action frame), in one job."""
        if kind not in PICTURES:
            raise ValueError(f"unknown picture {kind!r}; one of {', '.join(PICTURES)}")
        return await self._run(self.picture_limit * max(1, len(observations)), _draw, kind, observations, language)

    async def described(self, kind: str, observations: list[Observation], language: str) -> list[tuple[bytes, str]]:
        """``pictures``, each with its alt text in ``language`` (a screen reader's words for it)."""
        if kind not in PICTURES:
            raise ValueError(f"unknown picture {kind!r}; one of {', '.join(PICTURES)}")
        return await self._run(self.picture_limit * max(1, len(observations)), _draw_described, kind, observations,
                               language)

    async def replay(self, start: Observation, events: list[Event], final: Observation, language: str, *,
                     fmt: str = "gif") -> bytes:
        """The whole game as one animation (render.replay); ValueError when there is nothing to replay."""
        return await self._run(self.replay_limit, _replay, start, events, final, language, fmt)

    async def ai_answer(self, snapshot: str, seat: int, level: str, seed: str, *, budget_ms: float | None = None,
                        iterations: int | None = None, limit: float | None = None) -> str:
        """The answer of a ``level`` AI bandit at ``seat`` of the game ``snapshot`` (engine.snapshot
        text), its dice ``random.Random(seed)``; by ``iterations`` when given (deterministic), else
        within ``budget_ms``. Raises ``WorkTimeout`` past ``limit`` (default: its budget and the
        margin). Should the AI fail to read the table, a random legal answer, logged."""
        if limit is None:
            thinking = (BUDGET_MS if budget_ms is None else budget_ms) / 1000 if level == "hard" else 0.0
            limit = self.ai_limit if iterations is not None else thinking + self.ai_margin
        answer, failure = await self._run(limit, _answer, snapshot, seat, level, seed, budget_ms, iterations)
        if failure is not None:
            log.error("the %s AI could not read the table (%s); it answers at random this time", level, failure)
        return answer

    async def lesson_picture(self, observation: Observation, targets: list[dict[str, Any]],
                             language: str) -> tuple[bytes, str]:
        """A lesson step's picture (the learner's train, the step's pointers) and its alt text."""
        return await self._run(self.picture_limit, _lesson_picture, observation, targets, language)

    async def hint(self, view: Observation, decision: Decision, seed: str, *, budget_ms: float | None = None,
                   iterations: int | None = None, among: list[str] | None = None) -> advice.Hint:
        """The hard bandit's hint (engine.ai.advice) from ``view`` (the seat's own observation) for its
        ``decision``, dice ``random.Random(seed)``; within the hard AI's time, or by ``iterations``;
        weighing only the answers ``among`` when given (a lesson's step). Raises ``WorkTimeout`` as an
        AI answer does."""
        thinking = (BUDGET_MS if budget_ms is None else budget_ms) / 1000
        limit = self.ai_limit if iterations is not None else thinking + self.ai_margin
        return await self._run(limit, _hint, view, decision, seed, budget_ms, iterations, among)

    async def review(self, dealt: str, answers: list[str], seat: int, seed: str, *, budget_ms: float | None = None,
                     iterations: int | None = None) -> list[tuple[advice.Mistake, Observation]]:
        """``seat``'s biggest mistakes in the game ``dealt`` (its snapshot as dealt) played with
        ``answers``, each with the seat's view then; ``budget_ms`` a decision (engine.ai.advice's
        own by default). Within ``replay_limit``: a whole game's decisions are searched."""
        return await self._run(self.replay_limit, _review, dealt, answers, seat, seed, budget_ms, iterations)

    # --- life ---

    async def start(self) -> float:
        """Start the workers now rather than at the first job; the seconds it took."""
        began = time.perf_counter()
        if self.processes:
            _SHARED.current()
        return time.perf_counter() - began

    async def close(self, grace: float = 5.0) -> None:
        """No more work from this handle; the last one closed stops the workers: the jobs under way
        may finish within ``grace`` seconds, then their workers are ended (a stopping bot must not
        wait for a long replay)."""
        if self.closed:
            return
        self.closed = True
        if self.processes:
            pool = _SHARED.release()
            if pool is not None:
                stopping = asyncio.ensure_future(asyncio.to_thread(pool.shutdown, wait=True, cancel_futures=True))
                done, _ = await asyncio.wait([stopping], timeout=grace)
                if not done:
                    log.warning("the workers' jobs did not end within %g s; their workers are ended", grace)
                    _stop(pool)
                    await stopping

    @property
    def size(self) -> int:
        """How many jobs run at once."""
        return _SHARED.size

    # --- how a job runs ---

    async def _run(self, limit: float, job: Callable[..., T], *args: Any) -> T:
        try:
            return await self._once(limit, job, args)
        except BrokenProcessPool:
            log.warning("a worker process died during %s; new workers, and the job once more", job.__name__)
            return await self._once(limit, job, args)

    async def _once(self, limit: float, job: Callable[..., T], args: tuple[Any, ...]) -> T:
        """``job`` on a free worker, at most ``limit`` seconds from when it starts."""
        if self.closed:
            raise RuntimeError("these workers are closed")
        loop = asyncio.get_running_loop()
        turn = _SHARED.turn(loop, _SHARED.size + AHEAD)
        await turn.acquire(URGENT.get())
        if self.closed:  # while waiting for a turn
            turn.release()
            raise RuntimeError("these workers are closed")
        # The pool is taken now, not before the wait: another job may have replaced a broken one.
        pool = _SHARED.current() if self.processes else None
        kind = _kind(job, args)
        try:
            running: asyncio.Future[T] = loop.run_in_executor(pool, job, *args)
        except BaseException as error:
            turn.release()
            if isinstance(error, BrokenProcessPool) and pool is not None:
                _SHARED.replace(pool)
            raise
        # The worker is free again only when the job ends, even if its caller gave up on it.
        running.add_done_callback(functools.partial(_ended, turn))
        if self.metrics is not None:  # timed to its end, also when its caller gave up on it
            running.add_done_callback(functools.partial(_timed, self.metrics, kind, time.perf_counter()))
        try:
            return await asyncio.wait_for(asyncio.shield(running), limit)
        except BrokenProcessPool:
            if pool is not None:
                _SHARED.replace(pool)
            raise
        except TimeoutError:
            if self.metrics is not None:
                self.metrics.job_timeouts.labels(kind).inc()
            if pool is not None:
                loop.call_later(STUCK_AFTER, _check_stuck, running, pool, job.__name__)
            raise WorkTimeout(f"{job.__name__} overran its {limit:g} s; its worker finishes it anyway") from None


def _ended(turn: Turns, running: asyncio.Future[Any]) -> None:
    turn.release()
    if not running.cancelled():
        running.exception()  # a job whose caller gave up: its failure is not an unretrieved error


def _kind(job: Callable[..., Any], args: tuple[Any, ...]) -> str:
    """A job's kind for the metrics: its picture's (train, hand …), ``replay``, ``ai``, ``lesson``, ``hint`` or
    ``review``."""
    if job in (_draw, _draw_described):
        return str(args[0])
    return {_replay: "replay", _answer: "ai", _lesson_picture: "lesson"}.get(job, job.__name__.strip("_"))


def _timed(metrics: Metrics, kind: str, began: float, running: asyncio.Future[Any]) -> None:
    metrics.jobs.labels(kind).observe(time.perf_counter() - began)


def _check_stuck(running: asyncio.Future[Any], pool: ProcessPoolExecutor, name: str) -> None:
    if not running.done():
        log.error("%s has run %.0f s past its limit: its worker is stuck; new workers", name, STUCK_AFTER)
        _SHARED.replace(pool)


__all__ = ["PICTURES", "WorkTimeout", "Workers", "machine_size"]
