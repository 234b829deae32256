"""Load bench: the real bot on SimCord with many 4-player games played at once, the way Discord
delivers clicks: concurrently, never waiting for the bot to be idle.

    python -m tools.loadbench --games 10 --seconds 60
    python -m tools.loadbench --games 20 --seats human,hard,hard,hard
    python -m tools.loadbench --restart 1000
    python -m tools.loadbench --games 10 --database postgresql://colt@/bench?host=/run/postgresql

SimCord's own ``click`` waits until the whole bot is idle, so tests built on it never overlap two
interactions. Here each game has its own task that plays its people: it reads from storage who
must decide, waits for that player's DM prompt, thinks, then builds the INTERACTION_CREATE payload
``click`` would build and emits it without settling; it times the click until the bot acknowledges
it and checks the answer is stored. ``--restart N`` instead has a first bot start N games and
deliver their prompts, then times how long a second bot, in its place, takes to have every game's
prompt answerable and its turn timer running again.

The last line is stable, for scripts:

    games=N clicks=C failed=F missing_prompts=M handler_p99_ms=X loop_lag_p99_ms=Y rss_mb=Z backend=B
        answer_p50_ms=A answer_p99_ms=A prompt_p50_ms=P prompt_p99_ms=P cpu_ms_per_click=U backlog_max=K
    games=N resume_s=X rss_mb=Z                                       (--restart)

(one line; a figure nothing was measured for is ``nan``). What a player feels, per click:

- ``handler``: the click emitted → the bot acknowledged it (deferred). Always fast: not what a
  player feels.
- ``answer``: the click emitted → the transaction that stored its answer committed: on SQLite the
  moment the writer's thread finished that COMMIT, on PostgreSQL the moment the bot's ``commit``
  returned. The bot's table (``Tables._apply``) and its storage's ``commit`` are wrapped to note it
  (``Stamps``); storage is then read once, through the driver's own connection, to check that this
  very answer is there (``failed`` otherwise).
- ``prompt``: for every click whose answer was applied, the click emitted → the moment SimCord
  received the bot's HTTP request (the entry to its REST router) that created or edited the first
  message showing what comes next. When the decision after this answer is a person's (one the AI
  does not play for), that is the first message created or edited in that person's DM with a live
  button for that decision (custom id ``colt:a:<game>:<step + 1>:``): their hand brought up to date
  or a choice sent. When it is an AI seat's (or an absent person's), it is the first message created
  or edited in the game's channel by the delivery of an outbox row written with this answer or with
  a later one (a channel's rows go out in order, and a later edit of the pile replaces one still
  waiting): the picture of the action the answer completed, else the pile edited with the card
  played, or the status line. A click that ended the game has none; one whose message is not there
  ``--prompt-timeout`` seconds after the end of play counts as unseen (and outside the figures).
  The human lines split the time after the answer was stored: waiting in the outbox (until the
  delivery of that message began), its pictures drawn (waiting for a worker's turn included: the
  courier's ``draw``), and the rest of its delivery.
- ``cpu_ms_per_click``: the CPU time (user + system) of the bot and of its worker processes during
  play (from its start to the last click checked), per click emitted. The bench's process also runs
  SimCord and the driver: its CPU time (``time.process_time``, every thread) less SimCord's share
  and the driver's is the bot's. SimCord's share is the main thread's CPU time (``thread_time``)
  inside its REST router and its gateway's feed, less discord.py's parsing of each event there (the
  bot's own work on Discord too); the driver's is the main thread's time in its play tasks, its
  monitors and its listeners, plus its storage reader's thread (``/proc/self/task``). Charges nest:
  an inner one (SimCord's feed inside a click the driver emits, the bot's parsing inside that) takes
  over from the outer one until it returns. SimCord's few hooks on every task and timer of the bot
  stay in the bot's share. The workers (the fork server and its children, the descendants of this
  process) are read from ``/proc/<pid>/stat`` (utime + stime, and their reaped children's).
- ``backlog_max``: the most outbox rows waiting (written, not yet delivered), counted every 0.25 s
  through the driver's connection during play; the human lines tell whether it still grew in the
  last minute of play.

Unlike SimCord's tests, time flows as on Discord: bot timers fire at their wall-clock time
(``let_time_flow``). Everything that reaches into SimCord's, the storage's or the bot's internals is
in a small named function of its own (the sections "SimCord", "storage" and "the bot" below), so it
can follow their changes.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import contextvars
import logging
import math
import os
import random
import signal
import sys
import tempfile
import time
import traceback
from collections import Counter
from collections.abc import Awaitable, Callable, Coroutine, Generator, Iterator
from dataclasses import dataclass, field, replace
from pathlib import Path
from types import SimpleNamespace
from typing import Any, Generic, TypeVar

import simcord
from simcord import InteractionResult, _runtime, interactions
from simcord import components as simcord_components
from simcord import gateway as simcord_gateway
from simcord import results as simcord_results
from simcord._dpy_internals import real_monotonic
from simcord.backend import serializers
from simcord.enums import ComponentType, InteractionType
from simcord.http import router as simcord_router

import engine
from cogs.app import ColtBot, create_bot, process_tuned
from engine.plain import copy_plain
from table.config import Settings, is_url
from table.service import Tables
from table.storage import open_store
from table.store import RUNNING, Delivery, OutboxRow, Store

PLAYERS = 4
GAMES_PER_GUILD = 10  # tables per simulated server: the bot serves many servers, each with a few games
DISCORD_ACK_LIMIT = 3.0  # seconds Discord gives a bot to acknowledge a click before it shows "failed"
SETUP_PARALLEL = 8  # tables seated at once
SETUP_TRIES = 5  # a lobby step the bot lost is tried this often
SETUP_QUICK = 1.0  # seconds after which a lobby step the bot did not even acknowledge counts as lost
SETUP_STEP_TIMEOUT = 20.0  # seconds an acknowledged lobby step may take before it counts as lost
SETUP_LIMIT = 60.0, 1.5  # seconds, plus seconds per table, before the tables not seated yet are given up
LOOK_AT_STORE_EVERY = 1.0  # seconds between two looks at storage while a player waits for a prompt
PRUNE_EVERY = 2.0  # seconds between two prunings of SimCord's stored pictures and logs
SWEEP_EVERY = 0.25  # seconds between two sweeps of SimCord's records of cancelled timers
LAG_TICK = 0.010  # the loop-lag monitor sleeps this long and records how late it wakes
CLOCK_TICK = 0.010  # how often the simulated clock catches up with the wall clock
WATCHDOG_SLACK = 60.0  # seconds past every task's own limits before the driver gives up on a task
BACKLOG_EVERY = 0.25  # seconds between two counts of the outbox's waiting rows
BACKLOG_TREND = 60.0  # the last seconds of play whose counts tell whether the backlog still grows
CLOCK_TICKS = os.sysconf("SC_CLK_TCK") if hasattr(os, "sysconf") else 100  # /proc's unit of CPU time, per second
STEP_TAG = "loadbench_step"  # in the body of a channel's outbox row: the step of the answer that wrote it

T = TypeVar("T")


# --- options and figures ----------------------------------------------------------------------


@dataclass(frozen=True)
class Options:
    games: int = 10
    seconds: float = 60.0  # of play; or until every game is over
    think: float = 2.0  # a player's mean thinking time before a click
    seed: int = 1
    seats: tuple[str, ...] = ("human",) * PLAYERS  # "human", or an AI level the host adds in the lobby
    restart: int = 0  # > 0: the restart bench with this many stored games
    prompt_timeout: float = 30.0
    ack_timeout: float = 10.0  # seconds a click's acknowledgement is waited for (Discord's limit is 3)
    apply_timeout: float = 15.0  # seconds a click's answer is waited for in storage
    message_interval: float = 1.1  # the bot's default pacing of messages in one channel
    verbose: bool = False  # show the bot's own log (otherwise only counted)
    database: str = ""  # a postgresql:// URL (an empty database); empty: a SQLite file of its own

    @property
    def ai_levels(self) -> list[str]:
        return [seat for seat in self.seats if seat != "human"]

    @property
    def people_per_table(self) -> int:
        return PLAYERS if self.restart else sum(1 for seat in self.seats if seat == "human")


@dataclass(repr=False)  # its report is the readable form
class Tally:
    """What the bench saw; every list is in milliseconds."""

    games: int = 0
    tables_seated: int = 0
    setup_retries: int = 0
    setup_s: float = 0.0
    play_s: float = 0.0
    drain_s: float = 0.0  # after the end of play, until the last click in flight was checked
    games_over: int = 0
    clicks: int = 0
    applied: int = 0
    failed: int = 0  # a legal, current answer that never reached storage
    stale: int = 0  # the decision was answered by someone else first (its turn timer's AI)
    unacknowledged: int = 0
    late_acks: int = 0  # acknowledged, but after Discord's 3 s
    missing_prompts: int = 0
    hand_fallbacks: int = 0  # answers found through /colt hand after a missing prompt
    handler_ms: list[float] = field(default_factory=list)  # emit → acknowledgement
    answer_ms: list[float] = field(default_factory=list)  # emit → the answer's transaction committed
    prompt_ms: list[float] = field(default_factory=list)  # emit → what comes next shown (module docstring)
    # The time from the answer stored to that message: waiting in the outbox, pictures, the rest.
    queued_ms: list[float] = field(default_factory=list)
    drawing_ms: list[float] = field(default_factory=list)
    sending_ms: list[float] = field(default_factory=list)
    dm_prompts: int = 0  # clicks whose next decision was a person's (a prompt in their DM)
    channel_shows: int = 0  # clicks whose next decision was an AI's (the game's channel)
    game_enders: int = 0  # clicks that ended their game: nothing comes next
    unseen: int = 0  # applied clicks whose next message never came
    before_answer: int = 0  # clicks whose next message came before their answer was stored (a bench bug)
    prompt_wait_ms: list[float] = field(default_factory=list)  # the player starts looking → prompt there
    lag_ms: list[float] = field(default_factory=list)
    # CPU seconds during play: the bench's process (all its threads), SimCord's and the driver's shares
    # of it, and the worker processes.
    cpu_window_s: float = 0.0
    process_cpu_s: float = 0.0
    simcord_cpu_s: float = 0.0
    driver_cpu_s: float = 0.0
    workers_cpu_s: float = 0.0
    pictures: int = 0  # pictures the outbox had drawn during play
    backlog: list[tuple[float, int]] = field(default_factory=list)  # (seconds into play, outbox rows waiting)
    rss_mb: float = 0.0  # the highest resident size seen right after a pruning of SimCord's store
    hwm_mb: float = 0.0  # the kernel's peak resident size (VmHWM), pruning or not
    bot_errors: list[str] = field(default_factory=list)
    bot_log: Counter[str] = field(default_factory=Counter)
    driver_errors: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)  # lost clicks and missing prompts, one line each
    resume_s: float = 0.0
    start_s: float = 0.0
    stored_s: float = 0.0
    not_resumed: int = 0

    def note(self, line: str) -> None:
        self.notes.append(line)

    @property
    def bot_cpu_s(self) -> float:
        """The bench's process less SimCord and the driver: the bot's own CPU time, in its process."""
        return max(0.0, self.process_cpu_s - self.simcord_cpu_s - self.driver_cpu_s)

    @property
    def cpu_ms_per_click(self) -> float:
        if not self.clicks or not self.cpu_window_s:
            return math.nan
        return (self.bot_cpu_s + self.workers_cpu_s) * 1000 / self.clicks

    @property
    def backlog_max(self) -> float:
        return max((rows for _, rows in self.backlog), default=math.nan)


def percentile(values: list[float], share: float) -> float:
    """Nearest-rank percentile; NaN when nothing was measured (never a reassuring zero)."""
    if not values:
        return math.nan
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, math.ceil(share * len(ordered)) - 1))]


def _spread(values: list[float]) -> str:
    if not values:
        return "no samples"
    return (f"p50 {percentile(values, 0.5):.1f}  p99 {percentile(values, 0.99):.1f}  max {max(values):.1f}"
            f"  (n={len(values)})")


def _top(lines: list[str] | Counter[str], n: int = 5) -> list[str]:
    counted = lines if isinstance(lines, Counter) else Counter(lines)
    return [f"    {count} × {line}" for line, count in counted.most_common(n)]


def play_report(tally: Tally, options: Options) -> list[str]:
    rate = tally.clicks / tally.play_s if tally.play_s else 0.0
    lines = [
        f"setup: {tally.tables_seated} of {options.games} tables seated in {tally.setup_s:.1f} s"
        f" ({tally.setup_retries} lobby steps tried again), seats {','.join(options.seats)},"
        f" message pacing {options.message_interval:g} s",
        f"play: {tally.play_s:.1f} s, {tally.clicks} clicks ({rate:.1f}/s), {tally.games_over} games over;"
        f" the last clicks checked {tally.drain_s:.1f} s later",
        f"handler ms (emit → acknowledged): {_spread(tally.handler_ms)};"
        f" {tally.late_acks} over Discord's 3 s, {tally.unacknowledged} never acknowledged",
        f"answer ms (click → its answer committed): {_spread(tally.answer_ms)}",
        f"prompt ms (click → the next decision's prompt in its DM, or the channel's message for an AI's turn):"
        f" {_spread(tally.prompt_ms)}; {tally.dm_prompts} in DMs, {tally.channel_shows} in game channels,"
        f" {tally.game_enders} clicks ended their game, {tally.unseen} never shown",
        f"    after the answer was stored: in the outbox {_spread(tally.queued_ms)}",
        f"    its pictures drawn (a worker's turn waited for included) {_spread(tally.drawing_ms)}",
        f"    the rest of its delivery {_spread(tally.sending_ms)}",
        f"prompt wait ms (the player starts looking at their DMs → prompt there): {_spread(tally.prompt_wait_ms)}",
        f"loop lag ms: {_spread(tally.lag_ms)}",
        _cpu_line(tally),
        _backlog_line(tally),
        f"answers: {tally.applied} applied, {tally.failed} failed, {tally.stale} answered first by a turn timer;"
        f" {tally.missing_prompts} missing prompts ({tally.hand_fallbacks} answered through /colt hand instead)",
        f"memory: {tally.rss_mb:.0f} MB resident at most after pruning SimCord's pictures and logs"
        f" (kernel peak {tally.hwm_mb:.0f} MB)",
    ]
    return lines + _trouble(tally) + [
        f"games={tally.games} clicks={tally.clicks} failed={tally.failed} missing_prompts={tally.missing_prompts}"
        f" handler_p99_ms={percentile(tally.handler_ms, 0.99):.1f}"
        f" loop_lag_p99_ms={percentile(tally.lag_ms, 0.99):.1f} rss_mb={tally.rss_mb:.0f}"
        f" backend={'postgresql' if is_url(options.database) else 'sqlite'}"
        f" answer_p50_ms={percentile(tally.answer_ms, 0.5):.1f} answer_p99_ms={percentile(tally.answer_ms, 0.99):.1f}"
        f" prompt_p50_ms={percentile(tally.prompt_ms, 0.5):.1f} prompt_p99_ms={percentile(tally.prompt_ms, 0.99):.1f}"
        f" cpu_ms_per_click={tally.cpu_ms_per_click:.1f} backlog_max={tally.backlog_max:.0f}"
    ]


def _cpu_line(tally: Tally) -> str:
    window = tally.cpu_window_s
    cores = (tally.bot_cpu_s + tally.workers_cpu_s) / window if window else math.nan
    return (f"cpu: {window:.0f} s of play: the bench's process {tally.process_cpu_s:.1f} s (SimCord"
            f" {tally.simcord_cpu_s:.1f} s, the driver {tally.driver_cpu_s:.1f} s, the bot {tally.bot_cpu_s:.1f} s),"
            f" worker processes {tally.workers_cpu_s:.1f} s ({tally.pictures} pictures drawn:"
            f" {tally.workers_cpu_s * 1000 / tally.pictures if tally.pictures else math.nan:.0f} ms of their time"
            f" per picture, AI thinking included);"
            f" the bot and its workers {tally.cpu_ms_per_click:.1f} ms per click ({cores:.2f} cores)")


def backlog_trend(samples: list[tuple[float, int]], window: float = BACKLOG_TREND) -> tuple[int, int, float] | None:
    """Over the last ``window`` seconds of samples: the first and last count, and the least-squares
    slope in rows per second; None with fewer than two samples."""
    if not samples:
        return None
    last = [(t, n) for t, n in samples if t >= samples[-1][0] - window]
    if len(last) < 2:
        return None
    mean_t = sum(t for t, _ in last) / len(last)
    mean_n = sum(n for _, n in last) / len(last)
    spread = sum((t - mean_t) ** 2 for t, _ in last)
    slope = sum((t - mean_t) * (n - mean_n) for t, n in last) / spread if spread else 0.0
    return last[0][1], last[-1][1], slope


def _backlog_line(tally: Tally) -> str:
    trend = backlog_trend(tally.backlog)
    if trend is None:
        return "backlog: not measured"
    first, last, slope = trend
    span = min(BACKLOG_TREND, tally.backlog[-1][0] - tally.backlog[0][0])
    rise = slope * span
    verdict = ("still growing" if rise > max(5.0, 0.1 * tally.backlog_max) else
               "shrinking" if -rise > max(5.0, 0.1 * tally.backlog_max) else "steady")
    return (f"backlog: at most {tally.backlog_max:.0f} outbox rows waiting; over the last {span:.0f} s of play"
            f" {first} → {last} rows ({slope:+.1f} rows/s): {verdict}")


def restart_report(tally: Tally) -> list[str]:
    lines = [
        f"stored {tally.games} running games in {tally.stored_s:.1f} s",
        f"start: env.start() returned after {tally.start_s:.1f} s; every game resumed after {tally.resume_s:.1f} s;"
        f" {tally.not_resumed} not resumed (prompt or timer missing)",
        f"memory: {tally.rss_mb:.0f} MB resident at most after pruning SimCord's pictures and logs"
        f" (kernel peak {tally.hwm_mb:.0f} MB)",
    ]
    return lines + _trouble(tally) + [f"games={tally.games} resume_s={tally.resume_s:.2f} rss_mb={tally.rss_mb:.0f}"]


def _trouble(tally: Tally) -> list[str]:
    lines = [f"bot errors (captured by SimCord): {len(tally.bot_errors)}", *_top(tally.bot_errors)]
    lines += [f"bot log (warnings and errors): {sum(tally.bot_log.values())}", *_top(tally.bot_log)]
    lines += [f"driver errors: {len(tally.driver_errors)}", *[f"    {e}" for e in tally.driver_errors[:10]]]
    if tally.notes:
        lines += [f"first of {len(tally.notes)} notes:", *[f"    {n}" for n in tally.notes[:10]]]
    return lines


# --- SimCord: the only code that reaches into the simulator ----------------------------------


def let_time_flow(env: simcord.Env) -> Callable[[], None]:
    """Bot timers fire at their wall-clock time, as on Discord; call before ``env.start()``.

    SimCord's clock is virtual. A bot timer's wall-clock fallback (``Env._schedule_timer``'s
    ``run_real``) moves it only through ``_advance_to``, which settles: it waits, in the loop, until
    the whole bot is idle, and meanwhile every other timer is re-armed instead of fired. Under load
    the bot is seldom idle: with 200 games the virtual clock had fallen 39 s behind the wall clock
    after 145 s (four advances in all), so the outbox's pacing, the AI's pause and the turn timers ran
    slow, and the settles' sweeps over every task cost the loop (lag p99 69 ms, against 16 ms with
    this). Should one such settle time out, every later fallback is re-armed for good (``run_real``
    sees the failed ``_real_advance_task``). Here each timer fires at its wall-clock time and first
    moves the virtual clock up to it. Its real handle is kept out of SimCord's record, so SimCord's
    own settles (at start and shutdown only) count every timer as parked instead of waiting for it.

    Returns a catch-up that a ticker calls, so that ``discord.utils.utcnow()`` (the bot's turn
    timers) follows the wall clock between timers too.
    """
    loop = asyncio.get_running_loop()
    call_at = loop.call_at  # the loop's own: SimCord replaces it when the bot attaches
    origin_real, origin_virtual = real_monotonic(), env._virtual_time

    def catch_up(to: float = 0.0) -> None:
        target = max(to, origin_virtual + real_monotonic() - origin_real)
        if target > env._virtual_time:
            # The backend's clock alone: ``Env._move_clock`` also looks through every stored message
            # for a poll to close, which the bot never posts, and that grows with the world.
            env.backend.advance_clock(target - env._virtual_time)

    def schedule(record: Any, callback: Any, args: Any, context: Any) -> None:
        def fire() -> None:
            handle = record.handle
            if handle is None or handle.cancelled() or not any(r is record for r in env._work.callbacks):
                return  # cancelled, or already run by one of SimCord's settles
            catch_up(record.when)
            handle._run()  # SimCord's wrapper: it forgets the record, then runs the timer's callback

        delay = max(record.when - env._virtual_time, 0.0)
        # An empty context: the handle runs the callback in its own (the bot's) context.
        call_at(real_monotonic() + delay, fire, context=contextvars.Context())

    env._schedule_timer = schedule  # type: ignore[method-assign]  # bound into the loop hooks at attach
    return catch_up


@contextlib.contextmanager
def start_without_waiting(env: simcord.Env) -> Iterator[None]:
    """Let ``env.start()`` return once the bot is attached and READY is sent, as on Discord, instead
    of settling (``_attach_bot``): SimCord gives the start a fixed 5 s, past which it detaches the
    bot, and each turn of its settle looks at every timer for every sleeping task, so with a thousand
    resumed games (a watch and a timer each) the settle itself would slow the resume it waits for.
    The bench watches the games come back instead."""

    async def hands_off(**_: Any) -> None:
        return None

    env._settle_internal = hands_off  # type: ignore[method-assign]
    try:
        yield
    finally:
        del env._settle_internal  # the class's own again


@contextlib.contextmanager
def records_by_identity() -> Iterator[None]:
    """SimCord's timer records compare field by field (a dataclass), and each timer that runs finds
    its own record in the list of all of them (``list.remove``): with a thousand live timers (the
    channels' pacing, the turn timers) those comparisons were a sixth of the loop's time. Each record
    stands for one timer, so comparing by identity finds the same one."""
    record = _runtime._CallbackRecord
    by_value = record.__eq__
    record.__eq__ = object.__eq__  # type: ignore[method-assign,assignment]
    try:
        yield
    finally:
        record.__eq__ = by_value  # type: ignore[method-assign]


@contextlib.contextmanager
def simulator_copies_plain() -> Iterator[None]:
    """SimCord deep-copies every payload several times on its way (the gateway, the REST log, the
    components' checks, the message it returns): with ``copy.deepcopy`` that was a sixth of the
    process's time and most of what the collector had to look at, none of it the bot's. Those
    payloads are plain JSON data, which ``copy_plain`` copies the same, some three times faster
    (and hands anything else to ``copy.deepcopy``)."""
    def deepcopy(value: Any, memo: Any = None) -> Any:
        return copy_plain(value)

    plain = SimpleNamespace(deepcopy=deepcopy)
    patches = [(simcord_components, "deepcopy", deepcopy), (simcord_results, "deepcopy", deepcopy),
               (serializers, "deepcopy", deepcopy), (simcord_gateway, "copy", plain),
               (simcord_router, "copy", plain)]
    saved = [(module, name, getattr(module, name)) for module, name, _ in patches]
    for module, name, value in patches:
        setattr(module, name, value)
    try:
        yield
    finally:
        for module, name, value in saved:
            setattr(module, name, value)


def sweep_timers(env: simcord.Env) -> None:
    """Forget SimCord's records of cancelled bot timers, as each of its settles does
    (``_active_callbacks``). A cancelled timer's record (each ``wait_for`` that ended in time leaves
    one) stays until a settle, and every timer that runs looks for its own record in that list by
    equality: without settles the list grew by thousands a minute, and that search alone took half
    of the loop's time."""
    work = env._work
    work.callbacks = [r for r in work.callbacks if r.handle is None or not r.handle.cancelled()]


def prune_simulator(env: simcord.Env) -> None:
    """Drop what SimCord keeps of every upload and request, in this same process: the bytes of every
    picture the bot sent (its fake CDN), the REST log and the transcript. Messages, channels and
    interactions stay: the bot edits its messages, and the driver reads them. Nothing here is read
    back by the bot (it never downloads its own attachments), so the memory figure is the bot's plus
    SimCord's live world, not SimCord's history."""
    backend = env.backend
    backend.cdn._blobs.clear()
    backend.http_requests.clear()
    backend.transcript.clear()


def _emit(env: simcord.Env, kind: int, channel_id: int, user_id: int, data: dict[str, Any],
          message: Any = None) -> Any:
    """Deliver one interaction as SimCord's actors do (``_dispatch_actor_interaction``), but return
    at once instead of settling: the bot handles it while the other games go on."""
    backend = env.backend
    guild_id = backend.get_channel(channel_id).guild_id
    record, payload = interactions.base_payload(backend, type=kind, channel_id=channel_id, guild_id=guild_id,
                                                user_id=user_id, data=data)
    if message is not None:  # a component lives on a message (``_component_interaction``)
        payload["message"] = dict(serializers.message_payload(backend, message))
        record.source_message_id = message.id
    backend.emit("INTERACTION_CREATE", payload)
    return record


def emit_click(env: simcord.Env, user_id: int, message: Any, custom_id: str) -> Any:
    data: dict[str, Any] = {"custom_id": custom_id, "component_type": ComponentType.BUTTON}
    button = next((b for b in _buttons(message) if b.get("custom_id") == custom_id), {})
    if button.get("id") is not None:
        data["id"] = button["id"]
    return _emit(env, InteractionType.MESSAGE_COMPONENT, message.channel_id, user_id, data, message)


def emit_select(env: simcord.Env, user_id: int, message: Any, custom_id: str, values: list[str]) -> Any:
    data = {"custom_id": custom_id, "component_type": ComponentType.STRING_SELECT, "values": values}
    return _emit(env, InteractionType.MESSAGE_COMPONENT, message.channel_id, user_id, data, message)


def emit_command(env: simcord.Env, user_id: int, channel_id: int, command: str) -> Any:
    """A slash command with no options, e.g. "colt new", as the synced command tree has it."""
    root_name, *path = command.split()
    guild_id = env.backend.get_channel(channel_id).guild_id
    root = env.backend.find_command(root_name, guild_id)
    if root is None:
        raise RuntimeError(f"/{root_name} is not synced")
    _, nesting = interactions.walk_to_subcommand(root, path)
    data: dict[str, Any] = {"id": root["id"], "name": root["name"], "type": root.get("type", 1),
                            "options": interactions.nest_options(root, nesting, [])}
    if root.get("guild_id"):
        data["guild_id"] = root["guild_id"]
    return _emit(env, InteractionType.APPLICATION_COMMAND, channel_id, user_id, data)


def acknowledged(env: simcord.Env, record: Any) -> bool:
    return InteractionResult(env, record).acknowledged


def response_message(env: simcord.Env, record: Any) -> Any:
    """The stored message an interaction was answered with (an ephemeral one too), or None."""
    if record.message_id is None:
        return None
    return env.backend.messages.get(record.channel_id, {}).get(record.message_id)


def channel_messages(env: simcord.Env, channel_id: int) -> list[Any]:
    """A channel's stored messages, oldest first (raw: cheaper than SimCord's ``history()``)."""
    return list(env.backend.messages.get(channel_id, {}).values())


def stored_message(env: simcord.Env, message: Any) -> Any:
    """The newest state of a message (the bot edits its lobby and prompts in place)."""
    return env.backend.messages.get(message.channel_id, {}).get(message.id, message)


def _buttons(message: Any) -> list[dict[str, Any]]:
    return [item for row in message.components for item in row.get("components", [])
            if item.get("type") == ComponentType.BUTTON]


def live_ids(message: Any, prefix: str) -> list[str]:
    return [str(b["custom_id"]) for b in _buttons(message)
            if not b.get("disabled") and str(b.get("custom_id", "")).startswith(prefix)]


def newest_with(env: simcord.Env, channel_id: int, prefix: str) -> tuple[Any, list[str]] | None:
    """The newest message of a channel with live buttons whose custom id starts with ``prefix``."""
    for message in reversed(channel_messages(env, channel_id)):
        ids = live_ids(message, prefix)
        if ids:
            return message, ids
    return None


def dm_channel_id(user: simcord.UserHandle) -> int:
    return int(user.dm_channel.id)


class Bell:
    """Rings for a channel when a message is created or edited there (a SimCord backend subscriber),
    so a player waiting for a prompt looks at their DMs when something arrived instead of polling."""

    def __init__(self, env: simcord.Env, shares: Shares) -> None:
        self._events: dict[int, asyncio.Event] = {}
        env.backend.subscribers.append(shares.wrap(DRIVER, self._heard))

    def _heard(self, event: str, payload: Any) -> None:
        if event in ("MESSAGE_CREATE", "MESSAGE_UPDATE"):
            bell = self._events.get(int(payload.get("channel_id") or 0))
            if bell is not None:
                bell.set()

    def clear(self, channel_id: int) -> None:
        self._events.setdefault(channel_id, asyncio.Event()).clear()

    async def wait(self, channel_id: int, seconds: float) -> None:
        bell = self._events.setdefault(channel_id, asyncio.Event())
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(bell.wait(), max(seconds, 0.0))


class Requests:
    """SimCord's REST router and gateway, timed (``simulator_timed``): when the request SimCord is
    handling arrived (its listeners, the driver's among them, are called meanwhile), and their CPU
    time charged to SimCord."""

    def __init__(self, shares: Shares) -> None:
        self.shares = shares
        self.arrived: list[float] = []  # a stack: a request's handling may lead to another

    def arrival(self) -> float:
        """When the request being handled arrived; now, outside a request."""
        return self.arrived[-1] if self.arrived else time.perf_counter()


@contextlib.contextmanager
def simulator_timed(requests: Requests) -> Iterator[None]:
    """Every request of the bot goes through SimCord's router (``router.dispatch``, called by its fake
    HTTP client and webhook adapter), every event through its gateway's ``feed``: both are charged to
    SimCord (less the bot's parsing of the events, ``parsing_charged``), and the router notes when
    each request arrived."""
    dispatch, feed = simcord_router.dispatch, simcord_gateway.FakeGateway.feed
    shares, arrived = requests.shares, requests.arrived

    def timed(*args: Any, **kwargs: Any) -> Any:
        arrived.append(time.perf_counter())
        shares.enter(SIMCORD)
        try:
            return dispatch(*args, **kwargs)
        finally:
            shares.leave()
            arrived.pop()

    simcord_router.dispatch = timed
    simcord_gateway.FakeGateway.feed = shares.wrap(SIMCORD, feed)  # type: ignore[method-assign]
    try:
        yield
    finally:
        simcord_router.dispatch = dispatch
        simcord_gateway.FakeGateway.feed = feed  # type: ignore[method-assign]


@dataclass(frozen=True)
class Seen:
    at: float  # when SimCord received the request that created or edited the message (perf_counter)
    began: float | None  # when the outbox began delivering it (None: not an outbox delivery)
    drawing: float  # seconds of that delivery spent having its pictures drawn


class Sightings:
    """The messages the bot creates or edits, as SimCord hears them (a backend subscriber): in the
    people's DMs, the first time each decision (game, step) has a live answer button there; in a
    game's channel, the answers each message shows (the highest step tag of the outbox rows it
    delivers, ``Stamps``)."""

    def __init__(self, env: simcord.Env, requests: Requests, dms: set[int],
                 delivering: Callable[[], Delivering | None]) -> None:
        self.requests, self.dms, self.delivering = requests, dms, delivering
        self.prompts: dict[tuple[int, int, int], Seen] = {}  # (DM channel, game, step) → first seen
        self.channels: dict[int, list[tuple[int, Seen]]] = {}  # game → (step shown up to, seen), in order
        self.shown: dict[int, int] = {}  # game → the highest answer step its channel has shown
        env.backend.subscribers.append(requests.shares.wrap(DRIVER, self._heard))

    def _seen(self) -> Seen:
        delivery = self.delivering()
        return Seen(self.requests.arrival(), delivery.began if delivery else None,
                    delivery.drawing if delivery else 0.0)

    def _heard(self, event: str, payload: Any) -> None:
        if event not in ("MESSAGE_CREATE", "MESSAGE_UPDATE"):
            return
        channel = int(payload.get("channel_id") or 0)
        if channel in self.dms:
            for row in payload.get("components") or ():
                for item in row.get("components") or ():
                    decision = _decision(item)
                    if decision is not None and (channel, *decision) not in self.prompts:
                        self.prompts[(channel, *decision)] = self._seen()
            return
        delivery = self.delivering()
        if delivery is not None and delivery.game is not None and delivery.step is not None:
            self.channels.setdefault(delivery.game, []).append((delivery.step, self._seen()))
            self.shown[delivery.game] = max(self.shown.get(delivery.game, -1), delivery.step)

    def first_shown(self, game_id: int, step: int) -> Seen | None:
        """The first message of the game's channel that shows the answer to ``step``."""
        return next((seen for shown, seen in self.channels.get(game_id, ()) if shown >= step), None)


def _decision(component: dict[str, Any]) -> tuple[int, int] | None:
    """(game, step) of a live answer button (``colt:a:<game>:<step>:<answer>``), else None."""
    custom_id = str(component.get("custom_id") or "")
    if component.get("type") != ComponentType.BUTTON or component.get("disabled") or not custom_id.startswith(
            "colt:a:"):
        return None
    parts = custom_id.split(":", 4)
    if len(parts) < 5 or not (parts[2].isdigit() and parts[3].isdigit()):
        return None
    return int(parts[2]), int(parts[3])


# --- storage: read through a connection of the driver's own -----------------------------------


class Ledger:
    """What the table has stored, read through the driver's own connection to the same file: it sees
    only committed changes (an answer counts once it is saved), and never queues a query on the bot's
    connection, the one under test."""

    def __init__(self, storage: Store) -> None:
        self.storage = storage

    @classmethod
    async def open(cls, database: Path | str) -> Ledger:
        return cls(await open_store(database))

    async def close(self) -> None:
        await self.storage.close()

    async def pending(self, game_id: int) -> tuple[int, int] | None:
        """(step, seat) of the decision the running game waits for; None once it is over."""
        row = await self.storage.game(game_id)
        if row is None or row.status != RUNNING or row.waiting_seat is None:
            return None
        return row.step, row.waiting_seat  # stored with the snapshot, so that it need not be read

    async def status(self, game_id: int) -> str | None:
        row = await self.storage.game(game_id)
        return None if row is None else row.status

    async def channel(self, game_id: int) -> int | None:
        row = await self.storage.game(game_id)
        return None if row is None else row.channel_id

    async def seats(self, game_id: int) -> dict[int, int | None]:
        """Seat → user id (None for an AI bandit)."""
        return {p.seat: p.user_id for p in await self.storage.players(game_id)}

    async def answer(self, game_id: int, step: int) -> str | None:
        """The stored answer to decision ``step`` (steps count answers: step n is the n-th)."""
        return await self.storage.answer(game_id, step)

    async def backlog(self) -> int:
        """Outbox rows waiting: written, not delivered yet."""
        return await self.storage.outbox_size()

    def reader_thread(self) -> int | None:
        """The native id of the thread that runs this connection's reads (SQLite: aiosqlite's)."""
        thread = getattr(getattr(self.storage, "reader", None), "_thread", None)
        return getattr(thread, "native_id", None)


async def store_running_games(service: Tables, tables: list[Table], seed: int) -> None:
    """Running games as players leave them: opened, joined and dealt through the first bot's table
    service (so its presenter writes every prompt and message to the outbox), then a few decisions
    in. The clicks are the service's: the lobby's and prompts' buttons are the play bench's part."""
    rng = random.Random(seed)
    for table in tables:
        host = table.people[0]
        lobby = await service.new_lobby(guild_id=table.guild.id, channel_id=table.saloon.id, host_id=host.id)
        game_id = lobby.game.id
        for person in table.people[1:]:
            await service.join(game_id, person.id)
        assert table.channel is not None
        outcome = await service.start(game_id, host.id, table.channel.id)
        users = {p.seat: p.user_id for p in outcome.players}
        for _ in range(rng.randrange(12)):
            state = outcome.state
            if state.pending is None:
                break
            user = users[state.pending.seat]
            assert user is not None
            outcome = await service.answer(game_id, user, state.step, rng.choice(engine.legal_answers(state)))
        table.game_id = game_id


# --- the bot: its internals, read, and timed for the bench ------------------------------------


@dataclass
class Answering:
    """An answer being applied (``Tables._apply``): when its transactions committed."""

    game: int
    step: int
    commits: list[float] = field(default_factory=list)  # perf_counter
    open: bool = True  # False once applied: tasks started meanwhile (the outbox's) inherit it, unused


@dataclass
class Delivering:
    """A message being delivered by the outbox: the answers it shows (the channel rows' step tag)."""

    game: int | None
    step: int | None  # the highest step tag of its rows; None: no answer's channel row
    began: float  # perf_counter
    drawing: float = 0.0  # seconds spent having its pictures drawn
    open: bool = True


@dataclass(frozen=True)
class Applied:
    """An answer the bot stored, and what it left to decide."""

    answer: str
    source: str  # player, ai, timeout, absent (table.service.Outcome)
    committed: float  # perf_counter: when its transaction committed
    next_step: int | None  # the decision it leaves (None: the game is over)
    next_person: int | None  # who decides it, when a person (not an AI seat, nor an absent person)


_ANSWERING: contextvars.ContextVar[Answering | None] = contextvars.ContextVar("loadbench_answering", default=None)
_DELIVERING: contextvars.ContextVar[Delivering | None] = contextvars.ContextVar("loadbench_delivering",
                                                                                default=None)


class Stamps:
    """When the bot stored each answer, and which answers each message to a game's channel shows.

    The bot's table (``_apply``), storage (``commit``), presenter (``game``) and outbox (``deliver``,
    and its courier's ``draw``) are wrapped, for this bench only: an answer notes when the
    transaction that stored it committed (on SQLite, when the writer's thread finished its COMMIT);
    its rows for the game's channel carry its step (``STEP_TAG``, which delivering ignores); a
    delivery says, while it runs, which answers it shows, when it began and how long its pictures
    took."""

    def __init__(self) -> None:
        self.applied: dict[tuple[int, int], Applied] = {}  # (game, step) → the answer stored
        self.pictures = 0  # drawn for the outbox's deliveries so far
        self._waiting: dict[tuple[int, int], asyncio.Event] = {}

    def install(self, bot: ColtBot) -> None:
        tables = bot.tables
        self._wrap_apply(tables)
        self._wrap_commit(tables.storage)
        self._wrap_show(tables.show)
        self._wrap_delivery(bot.outbox)

    def delivering(self) -> Delivering | None:
        delivery = _DELIVERING.get()
        return delivery if delivery is not None and delivery.open else None

    async def stored(self, game_id: int, step: int, seconds: float) -> Applied | None:
        """The answer the bot stored for decision ``step``, waited for up to ``seconds``."""
        key = (game_id, step)
        if key not in self.applied:
            bell = self._waiting.setdefault(key, asyncio.Event())
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(bell.wait(), max(seconds, 0.0))
            self._waiting.pop(key, None)
        return self.applied.get(key)

    def _note(self, answering: Answering, answer: str, source: str, outcome: Any) -> None:
        pending = outcome.state.pending
        person = None
        if pending is not None:
            player = next((p for p in outcome.players if p.seat == pending.seat), None)
            person = player.user_id if player is not None and not player.autoplayed else None
        key = (answering.game, answering.step)
        self.applied[key] = Applied(answer, source, answering.commits[-1] if answering.commits else time.perf_counter(),
                                    outcome.state.step if pending is not None else None, person)
        bell = self._waiting.get(key)
        if bell is not None:
            bell.set()

    def _wrap_apply(self, tables: Tables) -> None:
        apply = tables._apply

        async def timed(row: Any, players: Any, seat: int, step: int, answer: str, source: str, *args: Any,
                        **kwargs: Any) -> Any:
            answering = Answering(row.id, step)
            token = _ANSWERING.set(answering)
            try:
                outcome = await apply(row, players, seat, step, answer, source, *args, **kwargs)
            finally:
                answering.open = False
                _ANSWERING.reset(token)
            self._note(answering, answer, source, outcome)
            return outcome

        tables._apply = timed  # type: ignore[method-assign]

    @staticmethod
    def _wrap_commit(storage: Store) -> None:
        commit = storage.commit

        async def timed(tx: Any) -> list[Any]:
            answering = _ANSWERING.get()
            if answering is None or not answering.open:
                return await commit(tx)
            noted = len(answering.commits)
            run = getattr(tx, "run", None)
            if run is not None:  # SQLite on the writer's thread (another connection held the lock): it commits in there
                def timed_run(db: Any) -> Any:
                    results = run(db)
                    answering.commits.append(time.perf_counter())
                    return results

                tx.run = timed_run
            results = await commit(tx)
            if len(answering.commits) == noted:  # SQLite inline, and PostgreSQL: committed when the call returns
                answering.commits.append(time.perf_counter())
            return results

        storage.commit = timed  # type: ignore[method-assign]

    @staticmethod
    def _wrap_show(show: Any) -> None:
        game = show.game

        async def tagged(outcome: Any) -> list[Delivery]:
            deliveries: list[Delivery] = await game(outcome)
            answering = _ANSWERING.get()
            if answering is not None and answering.open:
                for delivery in deliveries:
                    if delivery.target.startswith("game:"):
                        delivery.body = {**delivery.body, STEP_TAG: answering.step}
            return deliveries

        show.game = tagged

    def _wrap_delivery(self, outbox: Any) -> None:
        deliver = outbox.deliver

        async def timed(rows: list[OutboxRow]) -> bool:
            steps = [row.body.get(STEP_TAG) for row in rows]
            tagged = [step for step in steps if isinstance(step, int)]
            delivery = Delivering(rows[0].game_id, max(tagged) if tagged else None, time.perf_counter())
            token = _DELIVERING.set(delivery)
            try:
                return bool(await deliver(rows))
            finally:
                delivery.open = False
                _DELIVERING.reset(token)

        outbox.deliver = timed
        draw = getattr(deliver, "draw", None)  # the courier's: pictures drawn by the workers
        if draw is None:
            return

        async def timed_draw(pictures: Any) -> Any:
            delivery, began = self.delivering(), time.perf_counter()
            self.pictures += len(pictures)
            try:
                return await draw(pictures)
            finally:
                if delivery is not None:
                    delivery.drawing += time.perf_counter() - began

        deliver.draw = timed_draw


def parsing_charged(bot: ColtBot, shares: Shares) -> None:
    """discord.py's parsing of each gateway event (``ConnectionState.parsers``), called inside
    SimCord's gateway: charged back to the bot, whose work it is on Discord too."""
    parsers = bot._connection.parsers
    for event, parse in list(parsers.items()):
        parsers[event] = shares.wrap(BOT, parse)


async def _outbox_empty(bot: ColtBot) -> bool:
    return await bot.tables.storage.outbox_size() == 0


def timer_watched(bot: ColtBot, game_id: int) -> bool:
    """Whether the game's autopilot watch (its AI and turn timer) runs: ``Colt.autopilot._watches``."""
    cog = bot.get_cog("Colt")
    watches = getattr(getattr(cog, "autopilot", None), "_watches", {})
    task = watches.get(game_id)
    return task is not None and not task.done()


def resumed(env: simcord.Env, bot: ColtBot, table: Table, step: int, seat: int) -> bool:
    """A game is back after a restart when the player it waits for has a DM prompt with live buttons
    for the pending step (the first bot's, still answerable: its buttons name game and step), and its
    timer runs again."""
    person = table.seats.get(seat)
    prompt_back = person is None or newest_with(env, table.dms[person.id], f"colt:a:{table.game_id}:{step}:")
    return bool(prompt_back) and timer_watched(bot, table.game_id or 0)


# --- the world: servers, saloons, people ------------------------------------------------------


@dataclass
class Table:
    """One game's people: a saloon channel where its lobby opens, host first."""

    number: int
    guild: simcord.GuildHandle
    saloon: simcord.ChannelHandle
    people: list[simcord.UserHandle]
    dms: dict[int, int]  # user id → their DM channel with the bot
    channel: simcord.ChannelHandle | None = None  # the game's own channel (restart bench: made here)
    game_id: int | None = None
    seats: dict[int, simcord.UserHandle] = field(default_factory=dict)  # seat → person (AI seats absent)


def build_world(env: simcord.Env, games: int, people: int, *, game_channels: bool = False) -> list[Table]:
    tables: list[Table] = []
    guild = None
    for number in range(1, games + 1):
        if guild is None or (number - 1) % GAMES_PER_GUILD == 0:
            guild = env.create_guild(f"Saloon {(number - 1) // GAMES_PER_GUILD + 1}")
        saloon = guild.create_text_channel(f"saloon-{number}")
        users = [env.create_user(f"p{number}-{i + 1}") for i in range(people)]
        for user in users:
            guild.add_member(user)
        channel = guild.create_text_channel(f"colt-express-{number}") if game_channels else None
        tables.append(Table(number, guild, saloon, users, {u.id: dm_channel_id(u) for u in users}, channel))
    return tables


def bench_settings(folder: Path, options: Options) -> Settings:
    """Like the tests' settings, but a file database, the default message pacing and the real AI's
    pause and thinking budget (table/config.py's defaults)."""
    return replace(Settings.from_environment(), token="", database=options.database or folder / "colt.sqlite3",
                   sync_commands=True,
                   message_interval=options.message_interval, game_seed=options.seed,
                   ai_think=Settings.ai_think, ai_budget_ms=Settings.ai_budget_ms)


# --- monitors ---------------------------------------------------------------------------------


def _status_mb(field_name: str) -> float:
    with open("/proc/self/status", encoding="ascii") as status:
        for line in status:
            if line.startswith(field_name + ":"):
                return int(line.split()[1]) / 1024
    return 0.0


BOT, SIMCORD, DRIVER = "bot", "SimCord", "driver"  # whose the main thread's CPU time is (Shares)


class Shares:
    """The main thread's CPU time, charged to whoever runs. ``enter`` and ``leave`` nest: an inner
    charge (SimCord's gateway inside a click the driver emits, the bot's parsing inside that) takes
    over from the outer one until it leaves. What nobody claims is the bot's. Only the event loop's
    thread calls it: ``thread_time`` is that thread's clock."""

    def __init__(self) -> None:
        self.seconds: dict[str, float] = {BOT: 0.0, SIMCORD: 0.0, DRIVER: 0.0}
        self._stack = [BOT]
        self._since = time.thread_time()

    def _charge(self) -> None:
        now = time.thread_time()
        self.seconds[self._stack[-1]] += now - self._since
        self._since = now

    def enter(self, name: str) -> None:
        self._charge()
        self._stack.append(name)

    def leave(self) -> None:
        self._charge()
        self._stack.pop()

    def totals(self) -> dict[str, float]:
        self._charge()
        return dict(self.seconds)

    def wrap(self, name: str, function: Callable[..., T]) -> Callable[..., T]:
        def charged(*args: Any, **kwargs: Any) -> T:
            self.enter(name)
            try:
                return function(*args, **kwargs)
            finally:
                self.leave()

        return charged

    async def run(self, name: str, coroutine: Coroutine[Any, Any, T]) -> T:
        """Await ``coroutine`` with each of its steps charged to ``name``."""
        return await _Charged(self, name, coroutine)


class _Charged(Generic[T]):
    """An awaitable that runs a coroutine step by step, as ``await`` would, charging each step."""

    def __init__(self, shares: Shares, name: str, coroutine: Coroutine[Any, Any, T]) -> None:
        self.shares, self.name, self.coroutine = shares, name, coroutine

    def __await__(self) -> Generator[Any, Any, T]:
        shares, name, coroutine = self.shares, self.name, self.coroutine
        sent: Any = None
        thrown: BaseException | None = None
        while True:
            shares.enter(name)
            try:
                step = coroutine.throw(thrown) if thrown is not None else coroutine.send(sent)
            except StopIteration as done:
                result: T = done.value
                return result
            finally:
                shares.leave()
            try:
                sent, thrown = (yield step), None
            except BaseException as error:  # a cancellation, or the end of the task: the coroutine's to handle
                sent, thrown = None, error


def _cpu_of(stat: str) -> tuple[int, float]:
    """From a ``/proc/…/stat`` line: the parent's pid, and the CPU seconds of the process (or
    thread) and of its reaped children (utime, stime, cutime, cstime)."""
    fields = stat[stat.rindex(")") + 2:].split()
    return int(fields[1]), sum(int(f) for f in fields[11:15]) / CLOCK_TICKS


def descendants_cpu() -> float:
    """The CPU seconds of the processes descending from this one (the workers' fork server and the
    workers), their reaped children's included: a worker that ends moves into its parent's figure
    once reaped, so the sum only grows with the work done."""
    parents: dict[int, int] = {}
    seconds: dict[int, float] = {}
    for entry in os.scandir("/proc"):
        if not entry.name.isdigit():
            continue
        try:
            with open(f"/proc/{entry.name}/stat", encoding="ascii", errors="replace") as stat:
                parent, cpu = _cpu_of(stat.read())
        except (OSError, ValueError, IndexError):
            continue  # gone meanwhile
        parents[int(entry.name)], seconds[int(entry.name)] = parent, cpu
    me, total = os.getpid(), 0.0
    for pid, cpu in seconds.items():
        ancestor, hops = parents.get(pid), 0
        while ancestor is not None and ancestor > 1 and ancestor != me and hops < 64:
            ancestor, hops = parents.get(ancestor), hops + 1
        if ancestor == me:
            total += cpu
    return total


def thread_cpu(native_id: int | None) -> float:
    """A thread of this process: its CPU seconds (0 when unknown)."""
    if native_id is None:
        return 0.0
    try:
        with open(f"/proc/self/task/{native_id}/stat", encoding="ascii", errors="replace") as stat:
            return _cpu_of(stat.read())[1]
    except (OSError, ValueError, IndexError):
        return 0.0


async def _every(seconds: float, action: Callable[[], None]) -> None:
    while True:
        await asyncio.sleep(seconds)
        action()


class Monitors:
    """The loop-lag probe, the simulated clock's ticker, the pruner and the outbox's counter, as
    background tasks (their CPU time is the driver's)."""

    def __init__(self, env: simcord.Env, tally: Tally, catch_up: Callable[[], None], shares: Shares) -> None:
        self.env, self.tally, self.shares = env, tally, shares
        self.measuring = False
        self.began = 0.0  # perf_counter at the start of play
        self._tasks: list[asyncio.Task[None]] = []
        self._work: list[Coroutine[Any, Any, None]] = []
        self._start("bench-clock", _every(CLOCK_TICK, catch_up))
        self._start("bench-prune", _every(PRUNE_EVERY, self.prune))
        self._start("bench-sweep", _every(SWEEP_EVERY, lambda: sweep_timers(env)))
        self._start("bench-lag", self._lag())

    def _start(self, name: str, work: Coroutine[Any, Any, None]) -> None:
        self._work.append(work)
        self._tasks.append(asyncio.create_task(self.shares.run(DRIVER, work), name=name))

    def count_backlog(self, ledger: Ledger) -> None:
        """Count the outbox's waiting rows every ``BACKLOG_EVERY`` seconds while measuring."""
        async def count() -> None:
            while True:
                await asyncio.sleep(BACKLOG_EVERY)
                if self.measuring:
                    rows = await ledger.backlog()
                    self.tally.backlog.append((time.perf_counter() - self.began, rows))

        self._start("bench-backlog", count())

    def prune(self) -> None:
        prune_simulator(self.env)
        self.tally.rss_mb = max(self.tally.rss_mb, _status_mb("VmRSS"))
        self.tally.hwm_mb = _status_mb("VmHWM")

    async def _lag(self) -> None:
        while True:
            before = time.perf_counter()
            await asyncio.sleep(LAG_TICK)
            if self.measuring:
                self.tally.lag_ms.append(max(0.0, time.perf_counter() - before - LAG_TICK) * 1000)

    async def stop(self) -> None:
        for task in self._tasks:
            task.cancel()
        await asyncio.gather(*self._tasks, return_exceptions=True)
        for work in self._work:
            work.close()  # one cancelled before its first step never ran
        for task in self._tasks:
            if not task.cancelled() and task.exception() is not None:
                self.tally.driver_errors.append(f"{task.get_name()}: {task.exception()!r}")
        self.prune()


class LogCount(logging.Handler):
    """Counts the bot's warnings and errors (by logger and first line): its log is the only trace of
    failures it catches itself, e.g. an AI answer it retries or a message it could not deliver."""

    def __init__(self, tally: Tally) -> None:
        super().__init__(logging.WARNING)
        self.tally = tally

    def emit(self, record: logging.LogRecord) -> None:
        text = record.getMessage()
        first = text.splitlines()[0].split(" item=")[0][:100] if text else ""  # a view's item repr is long
        error = record.exc_info[1] if record.exc_info else None
        cause = f" ({type(error).__name__}: {str(error)[:80]})" if error is not None else ""
        self.tally.bot_log[f"{record.levelname} {record.name}: {first}{cause}"] += 1


@contextlib.contextmanager
def counted_log(tally: Tally, verbose: bool) -> Iterator[None]:
    root = logging.getLogger()
    handler = LogCount(tally)
    saved = root.level
    root.addHandler(handler)
    root.setLevel(logging.INFO if verbose else logging.WARNING)
    shown = logging.StreamHandler(sys.stderr) if verbose else None
    if shown is not None:
        root.addHandler(shown)
    try:
        yield
    finally:
        root.removeHandler(handler)
        if shown is not None:
            root.removeHandler(shown)
        root.setLevel(saved)


def bot_errors(env: simcord.Env) -> list[str]:
    """The exceptions SimCord caught from the bot. Not all of them: discord.py only logs an exception
    of a DynamicItem's callback (every button of this bot), which SimCord's hook on registered views'
    ``on_error`` never sees; those are in the counted log."""
    return [f"{type(e).__name__}: {str(e).splitlines()[0][:160] if str(e) else ''}" for e in env.errors]


# --- the bench --------------------------------------------------------------------------------


class SetupLost(Exception):
    """A lobby step the bot lost every time it was tried."""


class Bench:
    def __init__(self, options: Options) -> None:
        self.options = options
        self.tally = Tally()
        self.rng = random.Random(options.seed)
        self.play_end = math.inf
        self.missing: set[tuple[int, int]] = set()  # (game, step): a prompt missing is counted once
        self.shares = Shares()
        self.stamps = Stamps()
        self.clicked: list[tuple[int, int, float, Applied]] = []  # (game, step, emitted, its answer) applied
        self.dms: dict[int, int] = {}  # user id → their DM channel

    # --- waiting, with limits --------------------------------------------------------------

    def over(self) -> bool:
        return time.perf_counter() >= self.play_end

    async def until(self, check: Callable[[], Awaitable[T | None]], seconds: float,
                    first_pause: float = 0.005, longest_pause: float = 0.1) -> T | None:
        """Look until ``check`` gives something, the pause between looks growing; None after ``seconds``."""
        limit = time.perf_counter() + seconds
        pause = first_pause
        while True:
            found = await check()
            if found:
                return found
            if time.perf_counter() >= limit:
                return None
            await asyncio.sleep(min(pause, max(0.0, limit - time.perf_counter())))
            pause = min(pause * 2, longest_pause)

    async def acknowledgement(self, record: Any) -> float | None:
        """When the bot acknowledged an interaction (perf_counter), None if not within the limit.
        SimCord only flags it (``Interaction.responded``): it is looked at every 0.5 ms at first,
        then less often, at most 10 ms apart, which bounds the error of a slow one."""
        async def look() -> float | None:
            return time.perf_counter() if acknowledged(self.env, record) else None

        return await self.until(look, self.options.ack_timeout, first_pause=0.0005, longest_pause=0.010)

    # --- setup: lobbies opened, joined and started --------------------------------------

    async def setup_step(self, what: str, act: Callable[[], Any], done: Callable[[], Awaitable[T | None]]) -> T:
        """Do one lobby step until ``done`` sees it in storage; a step the bot lost is tried again."""
        for attempt in range(SETUP_TRIES):
            if attempt:
                self.tally.setup_retries += 1
                # Steps are lost together (concurrent transactions): tried again together, they would
                # collide again.
                await asyncio.sleep(self.rng.uniform(0.05, 1.0))
            record = act()
            found = await self.until(done, SETUP_QUICK, longest_pause=0.05)
            if not found and acknowledged(self.env, record):  # handled, maybe only slow: wait longer
                found = await self.until(done, SETUP_STEP_TIMEOUT - SETUP_QUICK, longest_pause=0.05)
            if found:
                return found
        raise SetupLost(f"{what}: lost {SETUP_TRIES} times")

    async def seat(self, table: Table) -> None:
        """Open a lobby, the others join (or the host adds the AI bandits), the host starts; each step
        is waited for in storage (or SimCord's world) and tried again, counted, when the bot lost it."""
        env, host = self.env, table.people[0]

        async def lobby_open() -> tuple[Any, int] | None:
            found = newest_with(env, table.saloon.id, "colt:l:")
            if found is None:
                return None
            game_id = int(found[1][0].split(":")[2])
            return found[0], game_id

        lobby, game_id = await self.setup_step(
            f"table {table.number}: /colt new", lambda: emit_command(env, host.id, table.saloon.id, "colt new"),
            lobby_open)
        table.game_id = game_id
        for person in table.people[1:]:
            async def joined(person: simcord.UserHandle = person) -> bool:
                return person.id in (await self.ledger.seats(game_id)).values()

            await self.setup_step(f"game {game_id}: join",
                                  lambda person=person: emit_click(env, person.id, stored_message(env, lobby),
                                                                   f"colt:l:{game_id}:join"), joined)
        for count, level in enumerate(self.options.ai_levels, start=len(table.people) + 1):
            async def added(count: int = count) -> bool:
                return len(await self.ledger.seats(game_id)) >= count

            await self.setup_step(f"game {game_id}: add a {level} AI",
                                  lambda level=level: emit_select(env, host.id, stored_message(env, lobby),
                                                                  f"colt:o:{game_id}:ai", [f"add:{level}"]), added)

        async def started() -> bool:
            return await self.ledger.status(game_id) == RUNNING

        await self.setup_step(f"game {game_id}: start",
                              lambda: emit_click(env, host.id, stored_message(env, lobby), f"colt:l:{game_id}:start"),
                              started)
        people = {person.id: person for person in table.people}
        table.seats = {seat: people[user] for seat, user in (await self.ledger.seats(game_id)).items()
                       if user is not None}

    async def seat_all(self, tables: list[Table]) -> list[Table]:
        gate = asyncio.Semaphore(SETUP_PARALLEL)

        async def one(table: Table) -> Table | None:
            async with gate:
                try:
                    await self.seat(table)
                    return table
                except SetupLost as error:
                    self.tally.driver_errors.append(f"setup: {error}")
                    return None

        began = time.perf_counter()
        seated = await self.guarded([one(table) for table in tables],
                                    limit=SETUP_LIMIT[0] + SETUP_LIMIT[1] * len(tables), what="setup")
        self.tally.setup_s = time.perf_counter() - began
        ready = [table for table in seated if table is not None]
        self.tally.tables_seated = len(ready)
        return ready

    # --- play: one task per game ---------------------------------------------------------

    async def play(self, table: Table) -> None:
        game_id = table.game_id
        assert game_id is not None
        rng = random.Random(f"{self.options.seed}:{game_id}")
        while not self.over():
            pending = await self.ledger.pending(game_id)
            if pending is None:
                self.tally.games_over += await self.ledger.status(game_id) != RUNNING
                return
            step, seat = pending
            person = table.seats.get(seat)
            if person is None:  # an AI seat answers by itself
                await self.moved_on(game_id, pending)
                continue
            prompt = await self.prompt(table, person, pending)
            if prompt is None:
                continue  # the decision moved on, or the play is over
            await asyncio.sleep(min(rng.expovariate(1 / self.options.think), 10 * self.options.think)
                                if self.options.think > 0 else 0)
            if self.over():
                return
            if await self.ledger.pending(game_id) != pending:
                continue  # answered meanwhile (its turn timer): nothing left to click
            message, ids = newest_with(self.env, table.dms[person.id], f"colt:a:{game_id}:{step}:") or prompt
            await self.click(game_id, step, person, message, rng.choice(ids))

    async def moved_on(self, game_id: int, pending: tuple[int, int]) -> None:
        async def moved() -> bool:
            return self.over() or await self.ledger.pending(game_id) != pending

        await self.until(moved, max(0.0, self.play_end - time.perf_counter()), first_pause=0.05,
                         longest_pause=0.2)

    async def prompt(self, table: Table, person: simcord.UserHandle,
                     pending: tuple[int, int]) -> tuple[Any, list[str]] | None:
        """Wait for the player's DM prompt for this decision; after ``--prompt-timeout`` it is
        missing: counted, and the player asks for their hand with /colt hand instead."""
        step, seat = pending
        game_id, dm = table.game_id, table.dms[person.id]
        prefix = f"colt:a:{game_id}:{step}:"
        began = time.perf_counter()
        limit = min(began + self.options.prompt_timeout, self.play_end)
        look_at_store = began + LOOK_AT_STORE_EVERY
        while True:
            self.bell.clear(dm)
            found = newest_with(self.env, dm, prefix)
            now = time.perf_counter()
            if found is not None:
                self.tally.prompt_wait_ms.append((now - began) * 1000)
                return found
            if now >= look_at_store:
                if await self.ledger.pending(game_id or 0) != pending:
                    return None  # answered by its timer meanwhile
                look_at_store = now + LOOK_AT_STORE_EVERY
            if now >= limit:
                break
            await self.bell.wait(dm, min(limit, look_at_store) - now)
        if self.over():
            return None  # the wait was cut short by the end of play, not timed out
        if (game_id or 0, step) not in self.missing:
            self.missing.add((game_id or 0, step))
            self.tally.missing_prompts += 1
            self.tally.note(f"game {game_id} step {step}: no prompt in seat {seat}'s DMs after "
                            f"{self.options.prompt_timeout:g} s")
        return await self.hand(table, person, prefix)

    async def hand(self, table: Table, person: simcord.UserHandle, prefix: str) -> tuple[Any, list[str]] | None:
        """What a player without their prompt does (the bot tells them so when their DMs are closed):
        /colt hand in the game's channel, whose answer, only for them, has the same buttons."""
        channel_id = await self.ledger.channel(table.game_id or 0)
        if channel_id is None:
            return None
        record = emit_command(self.env, person.id, channel_id, "colt hand")
        if await self.acknowledgement(record) is None:
            return None
        message = response_message(self.env, record)
        ids = live_ids(message, prefix) if message is not None else []
        if not ids:
            return None
        self.tally.hand_fallbacks += 1
        return message, ids

    async def click(self, game_id: int, step: int, person: simcord.UserHandle, message: Any,
                    custom_id: str) -> None:
        answer = custom_id.split(":", 4)[4]
        emitted = time.perf_counter()
        record = emit_click(self.env, person.id, message, custom_id)
        self.tally.clicks += 1
        acked = await self.acknowledgement(record)
        if acked is None:
            self.tally.unacknowledged += 1
        else:
            self.tally.handler_ms.append((acked - emitted) * 1000)
            self.tally.late_acks += acked - emitted > DISCORD_ACK_LIMIT

        # The bot's own note that it stored an answer to this decision, then storage read once to check it.
        applied = await self.stamps.stored(game_id, step, emitted + self.options.apply_timeout - time.perf_counter())
        found = await self.ledger.answer(game_id, step)
        if found == answer and (applied is None or applied.source == "player"):
            self.tally.applied += 1
            if applied is None:
                self.tally.note(f"game {game_id} step {step}: stored, but the bot's commit was not seen")
            else:
                self.tally.answer_ms.append((applied.committed - emitted) * 1000)
                self.clicked.append((game_id, step, emitted, applied))
        elif found is not None:
            self.tally.stale += 1
        else:
            self.tally.failed += 1
            self.tally.note(f"game {game_id} step {step}: {answer!r} "
                            f"{'acknowledged' if acked else 'never acknowledged'}, not stored after "
                            f"{self.options.apply_timeout:g} s")

    # --- running it all ------------------------------------------------------------------

    async def guarded(self, work: list[Awaitable[T]], *, limit: float, what: str) -> list[T | None]:
        """Run ``work`` concurrently; a task that raises or outlives ``limit`` is reported, not hidden."""
        tasks = [asyncio.ensure_future(w) for w in work]
        done, late = await asyncio.wait(tasks, timeout=limit) if tasks else (set(), set())
        for task in late:
            task.cancel()
        await asyncio.gather(*late, return_exceptions=True)
        if late:
            self.tally.driver_errors.append(f"{what}: {len(late)} tasks still running after {limit:.0f} s, cancelled")
        results: list[T | None] = []
        for task in tasks:
            if task in done and not task.cancelled() and task.exception() is not None:
                error = task.exception()
                assert error is not None
                frame = traceback.extract_tb(error.__traceback__)[-1:]
                where = f" at {frame[0].filename.rsplit('/', 1)[-1]}:{frame[0].lineno}" if frame else ""
                self.tally.driver_errors.append(f"{what}: {type(error).__name__}: {error}{where}")
            results.append(task.result() if task in done and not task.cancelled() and task.exception() is None
                           else None)
        return results

    async def run_play(self) -> Tally:
        options = self.options
        with tempfile.TemporaryDirectory(prefix="colt-loadbench-") as folder, counted_log(self.tally, options.verbose):
            settings = bench_settings(Path(folder), options)
            bot = create_bot(settings)
            self.env = simcord.Env(bot, check_errors=False, settle_timeout=30.0)
            tables = build_world(self.env, options.games, options.people_per_table)
            catch_up = let_time_flow(self.env)
            await self.env.start()
            self.stamps.install(bot)
            parsing_charged(bot, self.shares)
            requests = Requests(self.shares)
            monitors = Monitors(self.env, self.tally, catch_up, self.shares)
            self.ledger = await Ledger.open(settings.database)
            self.dms = {user: dm for table in tables for user, dm in table.dms.items()}
            sightings = Sightings(self.env, requests, set(self.dms.values()), self.stamps.delivering)
            try:
                with self.env.time_context(), simulator_timed(requests):
                    self.bell = Bell(self.env, self.shares)
                    ready = await self.seat_all(tables)
                    self.tally.games = len(ready)
                    began = time.perf_counter()
                    self.play_end = began + options.seconds
                    monitors.began = began
                    monitors.count_backlog(self.ledger)
                    cpu = self.cpu_now()
                    monitors.measuring = True
                    limit = (options.seconds + options.think * 10 + options.prompt_timeout + options.ack_timeout
                             + options.apply_timeout + WATCHDOG_SLACK)
                    await self.guarded([self.shares.run(DRIVER, self.play(table)) for table in ready], limit=limit,
                                       what="play")
                    monitors.measuring = False
                    self.cpu_since(cpu, time.perf_counter() - began)
                    # No click starts after the end of play; the clicks then in flight are still checked.
                    self.tally.drain_s = max(0.0, time.perf_counter() - self.play_end)
                    self.tally.play_s = min(time.perf_counter(), self.play_end) - began

                    async def all_shown() -> bool:
                        return self.unshown(sightings) == 0

                    await self.until(all_shown, options.prompt_timeout, longest_pause=0.25)
                    self.what_came_next(sightings)
            finally:
                await monitors.stop()
                await self.ledger.close()
                await self.close(bot)
        return self.tally

    async def run_restart(self) -> Tally:
        """A first bot plays N games a few decisions in and delivers all it has to (untimed); then a
        second bot takes over the same simulated Discord and database, as after a restart, and the
        bench times until every game has its prompt and its turn timer back."""
        options = self.options
        count = options.restart
        with tempfile.TemporaryDirectory(prefix="colt-loadbench-") as folder, counted_log(self.tally, options.verbose):
            settings = bench_settings(Path(folder), replace(options, message_interval=0.0))
            first = create_bot(settings)
            self.env = simcord.Env(first, check_errors=False, settle_timeout=30.0)
            tables = build_world(self.env, count, PLAYERS, game_channels=True)
            began = time.perf_counter()
            await self.env.start()
            await store_running_games(first.tables, tables, options.seed)
            delivered = await self.until(lambda: _outbox_empty(first), max(120.0, count * 0.5), longest_pause=0.5)
            self.tally.stored_s = time.perf_counter() - began
            self.tally.games = count
            if not delivered:
                self.tally.note("the first bot did not deliver everything it had to; the restart is timed anyway")
            self.ledger = await Ledger.open(settings.database)
            waiting: dict[int, tuple[Table, int, int]] = {}
            for table in tables:
                assert table.game_id is not None
                pending = await self.ledger.pending(table.game_id)
                if pending is not None:
                    people = {person.id: person for person in table.people}
                    table.seats = {seat: people[user] for seat, user in (await self.ledger.seats(table.game_id)).items()
                                   if user is not None}
                    waiting[table.game_id] = (table, *pending)
            catch_up = let_time_flow(self.env)
            second = create_bot(settings)
            monitors: Monitors | None = None
            try:
                began = time.perf_counter()
                with start_without_waiting(self.env):
                    await self.env.restart_bot(second)  # the first bot is detached: its process is gone
                self.tally.start_s = time.perf_counter() - began
                monitors = Monitors(self.env, self.tally, catch_up, self.shares)
                with self.env.time_context():
                    async def all_back() -> bool:
                        for game_id, (table, step, seat) in list(waiting.items()):
                            if resumed(self.env, second, table, step, seat):
                                del waiting[game_id]
                        return not waiting

                    back = await self.until(all_back, max(60.0, count * 0.5), first_pause=0.01, longest_pause=0.1)
                    self.tally.resume_s = time.perf_counter() - began
                    self.tally.not_resumed = len(waiting)
                    if not back:
                        self.tally.note(f"{len(waiting)} games without their prompt or timer, e.g. game "
                                        f"{next(iter(waiting), None)}")
            finally:
                if monitors is not None:
                    await monitors.stop()
                await self.ledger.close()
                await first.close_table()
                await self.close(second)
        return self.tally

    # --- what a click cost, and what came after it ---------------------------------------

    def cpu_now(self) -> tuple[float, dict[str, float], float, float, int]:
        """CPU seconds so far: this process, its main thread's shares, the driver's reader thread,
        the workers; and the pictures drawn so far."""
        return (time.process_time(), self.shares.totals(), thread_cpu(self.ledger.reader_thread()),
                descendants_cpu(), self.stamps.pictures)

    def cpu_since(self, before: tuple[float, dict[str, float], float, float, int], window: float) -> None:
        process, shares, reader, workers, pictures = before
        now_process, now_shares, now_reader, now_workers, now_pictures = self.cpu_now()
        tally = self.tally
        tally.cpu_window_s = window
        tally.process_cpu_s = now_process - process
        tally.simcord_cpu_s = now_shares[SIMCORD] - shares[SIMCORD]
        tally.driver_cpu_s = now_shares[DRIVER] - shares[DRIVER] + now_reader - reader
        tally.workers_cpu_s = now_workers - workers
        tally.pictures = now_pictures - pictures

    def next_seen(self, sightings: Sightings, game_id: int, step: int, applied: Applied) -> Seen | None:
        """The first message showing what comes after the answer to ``step`` (the module's docstring)."""
        if applied.next_step is None:
            return None
        if applied.next_person is not None:
            return sightings.prompts.get((self.dms.get(applied.next_person, 0), game_id, applied.next_step))
        return sightings.first_shown(game_id, step)

    def unshown(self, sightings: Sightings) -> int:
        waiting = 0
        for game_id, step, _, applied in self.clicked:
            if applied.next_step is None:
                continue
            if applied.next_person is not None:
                key = (self.dms.get(applied.next_person, 0), game_id, applied.next_step)
                waiting += key not in sightings.prompts
            else:
                waiting += sightings.shown.get(game_id, -1) < step
        return waiting

    def what_came_next(self, sightings: Sightings) -> None:
        """Each applied click's prompt figures, from what SimCord saw (``Sightings``)."""
        tally = self.tally
        for game_id, step, emitted, applied in self.clicked:
            if applied.next_step is None:
                tally.game_enders += 1
                continue
            seen = self.next_seen(sightings, game_id, step, applied)
            where = "DM" if applied.next_person is not None else "channel"
            if seen is None:
                tally.unseen += 1
                tally.note(f"game {game_id} step {step}: nothing in the {where} for step {applied.next_step}"
                           f" {self.options.prompt_timeout:g} s after the end of play")
                continue
            if applied.next_person is not None:
                tally.dm_prompts += 1
            else:
                tally.channel_shows += 1
            tally.prompt_ms.append((seen.at - emitted) * 1000)
            tally.before_answer += seen.at < applied.committed
            if seen.began is not None:
                tally.queued_ms.append(max(0.0, seen.began - applied.committed) * 1000)
                tally.drawing_ms.append(seen.drawing * 1000)
                tally.sending_ms.append(max(0.0, seen.at - seen.began - seen.drawing) * 1000)

    async def close(self, bot: ColtBot) -> None:
        """Shut SimCord down, then the bot (its storage); the errors the bot raised are read here."""
        try:
            await self.env.shutdown()
        except Exception as error:  # e.g. a picture still being drawn in a worker thread
            self.tally.driver_errors.append(f"shutdown: {type(error).__name__}: {str(error).splitlines()[0]}")
        self.tally.bot_errors = bot_errors(self.env)
        try:
            await bot.close()
        except Exception as error:
            self.tally.driver_errors.append(f"closing the bot: {type(error).__name__}: {error}")


def _tasks_on_signal() -> None:
    """``kill -USR1 <pid>`` prints where every task of the bench's loop is waiting (to stderr): what a
    stuck run waits for, which a sampling profiler cannot see."""
    loop = asyncio.get_running_loop()

    def show() -> None:
        tasks = asyncio.all_tasks(loop)
        print(f"--- {len(tasks)} tasks", file=sys.stderr)
        for task in sorted(tasks, key=lambda t: t.get_name()):
            task.print_stack(limit=6, file=sys.stderr)

    loop.add_signal_handler(signal.SIGUSR1, show)


async def bench(options: Options) -> Tally:
    """Run the bench; should the driver itself fail, the figures so far come back with its error."""
    runner = Bench(options)
    _tasks_on_signal()
    try:
        # SimCord made lighter where it is not the bot; the process tuned as the bot's (cogs.app)
        with records_by_identity(), simulator_copies_plain(), process_tuned():
            await (runner.run_restart() if options.restart else runner.run_play())
    except Exception as error:
        traceback.print_exc()
        runner.tally.driver_errors.append(f"the bench stopped: {type(error).__name__}: {error}")
    return runner.tally


# --- command line -----------------------------------------------------------------------------


def parse(argv: list[str] | None = None) -> Options:
    parser = argparse.ArgumentParser(prog="python -m tools.loadbench", description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=Options.games, help="concurrent games (default 10)")
    parser.add_argument("--seconds", type=float, default=Options.seconds,
                        help="seconds of play, or until every game is over (default 60)")
    parser.add_argument("--think", type=float, default=Options.think,
                        help="a player's mean thinking time before a click, in seconds (default 2.0)")
    parser.add_argument("--seed", type=int, default=Options.seed)
    parser.add_argument("--seats", default=",".join(Options.seats),
                        help="the four seats: human, or an AI level the host adds (default human,human,human,human)")
    parser.add_argument("--restart", type=int, default=0, metavar="N",
                        help="instead: store N running games and time a fresh bot resuming them")
    parser.add_argument("--prompt-timeout", type=float, default=Options.prompt_timeout,
                        help="seconds to wait for a DM prompt before it counts as missing (default 30)")
    parser.add_argument("--ack-timeout", type=float, default=Options.ack_timeout)
    parser.add_argument("--apply-timeout", type=float, default=Options.apply_timeout)
    parser.add_argument("--message-interval", type=float, default=Options.message_interval,
                        help="the bot's pacing of messages in one channel (default 1.1, the bot's own)")
    parser.add_argument("--verbose", action="store_true", help="show the bot's log instead of only counting it")
    parser.add_argument("--database", default="", metavar="URL",
                        help="an empty PostgreSQL database's postgresql:// URL (default: a SQLite file of its own)")
    args = parser.parse_args(argv)
    seats = tuple(s.strip() for s in args.seats.split(","))
    if len(seats) != PLAYERS or "human" not in seats:
        parser.error(f"--seats needs {PLAYERS} seats, at least one of them human")
    from engine.ai import LEVELS

    if any(s != "human" and s not in LEVELS for s in seats):
        parser.error(f"a seat is human or one of {', '.join(LEVELS)}")
    if seats[0] != "human":
        parser.error("the first seat is the host: human")
    return Options(games=args.games, seconds=args.seconds, think=args.think, seed=args.seed, seats=seats,
                   restart=args.restart, prompt_timeout=args.prompt_timeout, ack_timeout=args.ack_timeout,
                   apply_timeout=args.apply_timeout, message_interval=args.message_interval, verbose=args.verbose,
                   database=args.database)


def main(argv: list[str] | None = None) -> int:
    options = parse(argv)
    tally = asyncio.run(bench(options))
    for line in restart_report(tally) if options.restart else play_report(tally, options):
        print(line, flush=True)
    return 1 if tally.driver_errors else 0


if __name__ == "__main__":
    sys.exit(main())
