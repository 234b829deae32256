"""The operators' view of the bot (issue 28): what it does, measured for Prometheus, and whether it is
healthy, both served over HTTP from the bot's own event loop (aiohttp, which discord.py depends on).

    metrics = Metrics()                 # a registry of its own: bots side by side (tests) never clash
    metrics.interaction("answer", APPLIED)
    server = MetricsServer(metrics, storage, holder=tables.holder, clock=tables.clock, disconnected=…)
    port = await server.start("127.0.0.1", 0)   # GET /metrics and /healthz; port 0: any free one
    await server.stop()

What is counted as it happens costs an increment, never a query or a wait: people's changes of a
table and the time from a click to its answer stored (table.service), transactions and claims taken
over (table.store), the workers' jobs (table.workers), the outbox's retries and the time from a
click to what it shows being delivered (cogs.outbox). What the database knows (games by status, the
outbox's backlog, the claims held) is read when /metrics is scraped.

``/healthz`` answers 200 ``ok`` when the bot is connected to Discord (or to the local table's
simulated one) and the database answers a cheap query within ``HEALTH_TIMEOUT`` seconds; else 503,
with a line per reason.
"""

from __future__ import annotations

import asyncio
import contextvars
import logging
import time
from collections.abc import Callable, Coroutine
from typing import TYPE_CHECKING, Any, TypeVar

from aiohttp import web
from prometheus_client import CollectorRegistry, Counter, Gauge, Histogram
from prometheus_client.aiohttp import make_aiohttp_handler

if TYPE_CHECKING:
    from table.store import Store

log = logging.getLogger(__name__)
T = TypeVar("T")

# How a change a person asked for (a click, a command) ended: applied, refused as out of date, refused
# for another reason (not their turn, not the host …: a message told them why), or failed (a bug, the
# database): the last one is never expected.
APPLIED, STALE, REFUSED, FAILED = "applied", "stale", "refused", "failed"
OUTCOMES = (APPLIED, STALE, REFUSED, FAILED)
# What people ask for, by what they used: an answer button, the lobby's buttons and menus, its Start,
# "I'm back" or /colt leave in a game, /colt pause, resume and pace, the abandon confirmation, a
# lesson's buttons; and what they ask without changing anything: a hint (a game's or a lesson's 💡),
# the review of a finished game.
INTERACTIONS = ("answer", "lobby", "start", "presence", "pace", "abandon", "lesson", "hint", "review")
RETRY_CAUSES = ("429", "5xx", "timeout", "other")  # why Discord did not take a message this time
CLAIMS = ("turn", "outbox", "channel")  # what a process of several claims (table.store)
GAME_STATUSES = ("lobby", "running", "over", "abandoned")

HEALTH_TIMEOUT = 2.0  # seconds the database has to answer the health check's query
LAG_EVERY = 0.5  # seconds between two looks at how late the event loop is

# Buckets, in seconds: of what a person waits for (a click's answer, its prompt drawn and sent), of
# the workers' jobs (a picture … a whole replay), of database transactions, of the event loop's lag.
WAIT = (0.05, 0.1, 0.25, 0.5, 1.0, 2.0, 3.0, 5.0, 10.0, 20.0, 30.0, 60.0)
JOB = (0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0, 30.0, 60.0, 300.0)
QUICK = (0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0)


class Metrics:
    """The bot's metrics, in a registry of their own."""

    def __init__(self) -> None:
        self.registry = registry = CollectorRegistry()
        self.interactions = Counter(
            "colt_interactions", "What people asked for (a click, a command), by what they used and how it ended",
            ["kind", "outcome"], registry=registry)
        self.answer_stored = Histogram(
            "colt_click_to_answer_stored_seconds", "From an answer button's click (Discord's stamp) to the answer "
            "written in the database", buckets=WAIT, registry=registry)
        self.delivered = Histogram(
            "colt_click_to_delivered_seconds", "From an answer button's click to the first prompt (a person's DM "
            "with buttons) or picture (the game channel's) it caused being delivered, at each place",
            ["what"], buckets=WAIT, registry=registry)
        self.games = Gauge("colt_games", "Games in the database by status", ["status"], registry=registry)
        self.outbox_rows = Gauge("colt_outbox_rows", "Messages waiting in the outbox to be delivered",
                                 registry=registry)
        self.outbox_oldest = Gauge("colt_outbox_oldest_row_age_seconds",
                                   "How long the oldest message waiting in the outbox has waited (0: none)",
                                   registry=registry)
        self.retries = Counter("colt_outbox_retries", "Deliveries tried again later, by cause", ["cause"],
                               registry=registry)
        self.jobs = Histogram("colt_worker_job_duration_seconds", "Worker jobs (pictures by kind, the replay, "
                              "AI answers) and the time each ran", ["kind"], buckets=JOB, registry=registry)
        self.job_timeouts = Counter("colt_worker_job_timeouts", "Worker jobs that overran their time limit",
                                    ["kind"], registry=registry)
        self.transactions = Histogram("colt_db_transaction_duration_seconds", "Database transactions and the "
                                      "time each took as its caller waited", buckets=QUICK, registry=registry)
        self.loop_lag = Histogram("colt_event_loop_lag_seconds", "How late the event loop woke a short sleep",
                                  buckets=QUICK, registry=registry)
        self.claims_held = Gauge("colt_claims_held", "What this process has claimed and holds now (several "
                                 "processes on one database)", ["kind"], registry=registry)
        self.claims_taken_over = Counter("colt_claims_taken_over", "Claims taken over from another process "
                                         "whose claim lapsed (it died or stalled)", ["kind"], registry=registry)
        self.connected = Gauge("colt_discord_connected", "1 when the bot is connected to Discord", registry=registry)
        # Every series of a known label, so that a rate reads 0 rather than nothing before the first one.
        for kind in INTERACTIONS:
            for outcome in OUTCOMES:
                self.interactions.labels(kind, outcome)
        for cause in RETRY_CAUSES:
            self.retries.labels(cause)
        for claim in CLAIMS:
            self.claims_taken_over.labels(claim)
            self.claims_held.labels(claim)
        for status in GAME_STATUSES:
            self.games.labels(status)

    def interaction(self, kind: str, outcome: str) -> None:
        self.interactions.labels(kind, outcome).inc()

    async def read(self, storage: Store, holder: str, now: float) -> None:
        """The gauges the database knows, read now (when /metrics is scraped)."""
        for status, count in (await storage.games_by_status()).items():
            self.games.labels(status).set(count)
        waiting, oldest = await storage.outbox_backlog()
        self.outbox_rows.set(waiting)
        self.outbox_oldest.set(max(0.0, time.time() - oldest) if oldest is not None else 0.0)  # written by time.time()
        for kind, count in (await storage.claims_held(holder, now)).items():
            self.claims_held.labels(kind).set(count)


def unowned(work: Coroutine[Any, Any, T]) -> asyncio.Task[T]:
    """``work`` as a task of an empty context: nobody's work but its own. Whatever follows the bot's
    tasks (SimCord, the simulated Discord of the tests and the local table) neither waits for it to
    settle nor moves its simulated clock for it, and its sleeps are the wall clock's."""
    return contextvars.Context().run(asyncio.create_task, work)


class LoopLag:
    """How late the event loop wakes a short sleep: what every click's callbacks wait behind others'."""

    def __init__(self, histogram: Histogram, every: float = LAG_EVERY) -> None:
        self.histogram, self.every = histogram, every
        self._task: asyncio.Task[None] | None = None

    def start(self) -> None:
        self._task = unowned(self._watch())

    async def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            await asyncio.gather(self._task, return_exceptions=True)

    async def _watch(self) -> None:
        while True:
            began = time.perf_counter()
            await asyncio.sleep(self.every)
            self.histogram.observe(max(0.0, time.perf_counter() - began - self.every))


class MetricsServer:
    """``/metrics`` (Prometheus's text format, or OpenMetrics when asked) and ``/healthz``, on the
    bot's event loop. ``disconnected``: why the bot is not connected to Discord now (None: it is)."""

    def __init__(self, metrics: Metrics, storage: Store, *, holder: str, clock: Callable[[], float],
                 disconnected: Callable[[], str | None]) -> None:
        self.metrics, self.storage, self.holder, self.clock = metrics, storage, holder, clock
        self.disconnected = disconnected
        self.lag = LoopLag(metrics.loop_lag)
        self.port: int | None = None  # the port bound (the one asked for, or the free one found for 0)
        self._exposition = make_aiohttp_handler(metrics.registry)
        self._runner: web.AppRunner | None = None

    async def start(self, host: str, port: int) -> int:
        """Serve on ``host``:``port`` (0: any free port); the port bound."""
        return await unowned(self._start(host, port))

    async def stop(self) -> None:
        if self._runner is not None:
            await unowned(self._stop())

    async def _start(self, host: str, port: int) -> int:
        app = web.Application()
        app.router.add_get("/metrics", self._scrape)
        app.router.add_get("/healthz", self._health)
        # Scrapes come every few seconds: no access log line each. Stopped quickly (a scrape under way
        # may finish within the second): the bot is closing.
        self._runner = web.AppRunner(app, access_log=None, shutdown_timeout=1.0)
        await self._runner.setup()
        await web.TCPSite(self._runner, host, port).start()
        self.port = int(self._runner.addresses[0][1])
        self.lag.start()
        log.info("metrics on http://%s:%s/metrics, health on /healthz", host, self.port)
        return self.port

    async def _stop(self) -> None:
        await self.lag.stop()
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None

    async def _scrape(self, request: web.Request) -> web.StreamResponse:
        self.metrics.connected.set(0 if self.disconnected() else 1)
        try:
            await asyncio.wait_for(self.metrics.read(self.storage, self.holder, self.clock()), HEALTH_TIMEOUT)
        except Exception as error:
            # The rest is still worth serving; the database's gauges keep their last values.
            log.warning("metrics: the database's figures could not be read (%s)", _reason(error))
        return await self._exposition(request)

    async def _health(self, request: web.Request) -> web.Response:
        problems = await self.problems()
        if problems:
            return web.Response(status=503, text="\n".join(problems) + "\n")
        return web.Response(text="ok\n")

    async def problems(self) -> list[str]:
        """What is wrong now, a line each (none: healthy)."""
        problems = []
        disconnected = self.disconnected()
        if disconnected:
            problems.append(disconnected)
        try:
            await asyncio.wait_for(self.storage.ping(), HEALTH_TIMEOUT)
        except Exception as error:
            problems.append(f"the database does not answer: {_reason(error)}")
        return problems


def _reason(error: BaseException) -> str:
    if isinstance(error, TimeoutError):
        return f"no answer within {HEALTH_TIMEOUT:g} s"
    return f"{type(error).__name__}: {error}" if str(error) else type(error).__name__
