"""The bot: its settings, the table service over storage, the presenter, the cogs, its start on
Discord or on the local table, and its clean stop. ``bot.py`` starts it (``make bot``)."""

from __future__ import annotations

import asyncio
import contextlib
import gc
import logging
import random
import signal
import sys
from collections.abc import Awaitable, Callable, Iterator
from typing import Any

import discord
from discord.ext import commands
from dotenv import load_dotenv

import render
from cogs.components import DYNAMIC_ITEMS
from cogs.delivery import Courier
from cogs.metering import Metering
from cogs.outbox import Outbox
from cogs.pictures import Pictures
from cogs.presenter import Presenter
from cogs.translator import CatalogTranslator
from cogs.tree import ColtTree
from table import logs
from table.config import AUTO, Settings
from table.metrics import Metrics, MetricsServer
from table.service import Tables
from table.storage import open_store
from table.store import StorageError
from table.workers import Workers

log = logging.getLogger("colt")

# A stop's seconds for what is under way (ColtBot.close): answers being written, then deliveries,
# then the workers' jobs; all within the 10 s a service manager gives before it kills.
SETTLE_GRACE, DELIVERY_GRACE, WORK_GRACE = 3.0, 3.0, 2.0


class ColtBot(commands.Bot):
    """The bot: settings, the table service over storage, the presenter, the cogs."""

    tables: Tables
    presenter: Presenter
    outbox: Outbox

    def __init__(self, settings: Settings, **shards: Any) -> None:
        # Only the servers and their channels (a game's channel deleted): the bot reads no messages, so
        # Discord sends none of the events for every message it sends, edits or deletes itself, and
        # none are kept in memory (issue 29: parsing them was a good part of a click's cost).
        intents = discord.Intents.none()
        intents.guilds = True
        super().__init__(command_prefix=commands.when_mentioned, intents=intents, help_command=None,
                         tree_cls=ColtTree, max_messages=None, **shards)
        self.settings = settings
        # How the bot waits on purpose (the story's rhythm, an AI's pause, a deadline, a retry): the
        # local table makes these waits follow its simulated clock without holding up a click.
        self.pause: Callable[[float], Awaitable[None]] = asyncio.sleep
        self._resumed = False
        self._table_closed = False

    async def setup_hook(self) -> None:
        storage = await open_store(self.settings.database)
        # The operators' view (table.metrics): counted always (it costs next to nothing), served when
        # COLT_METRICS_PORT is set.
        self.metrics = Metrics()
        self.metrics_server: MetricsServer | None = None
        storage.transaction_took = self.metrics.transactions.observe
        storage.claim_taken_over = lambda kind: self.metrics.claims_taken_over.labels(kind).inc()
        seed = self.settings.game_seed
        seeds = random.Random(seed) if seed is not None else random.SystemRandom()
        # Deadlines and retries follow discord.py's clock (utcnow), which a simulated Discord can move on.
        clock = lambda: discord.utils.utcnow().timestamp()  # noqa: E731
        # Pictures, the replay and hard AI answers are drawn and thought in worker processes.
        self.workers = Workers(processes=self.settings.worker_processes)
        self.workers.metrics = self.metrics
        self.tables = Tables(storage, seeds=seeds, clock=clock, workers=self.workers, holder=self.settings.holder,
                             metrics=self.metrics)
        self.presenter = Presenter(self, self.tables, Pictures(self.workers))
        self.tables.show = self.presenter
        self.courier = Courier(self, storage, self.presenter.draw, channel_lost=self._channel_lost)
        self.outbox = Outbox(storage, self.courier, interval=self.settings.message_interval, clock=clock,
                             story_interval=self.settings.story_interval, pause=self.pause,
                             holder=self.tables.holder, metrics=self.metrics, prepare=self.courier.prepare)
        storage.committed = self.outbox.wake  # what a transaction enqueued is delivered once committed
        self.add_dynamic_items(*DYNAMIC_ITEMS)
        await asyncio.to_thread(render.preload)  # for the pictures drawn here (the local table's Preview)
        await self.workers.start()  # now, rather than in the middle of the first game
        from cogs.colt import Colt

        await self.add_cog(Colt(self, settings=self.settings, tables=self.tables, presenter=self.presenter,
                                outbox=self.outbox, pause=self.pause))
        metering = Metering(self)
        await self.add_cog(metering)
        if self.settings.metrics_port is not None:
            self.metrics_server = MetricsServer(self.metrics, storage, holder=self.tables.holder, clock=clock,
                                                disconnected=metering.disconnected)
            await self.metrics_server.start(self.settings.metrics_host, self.settings.metrics_port)
        await self.tree.set_translator(CatalogTranslator())  # command names in the players' languages
        if self.settings.sync_commands:
            await self.tree.sync()

    async def on_ready(self) -> None:
        if self._resumed:
            return
        self._resumed = True
        from cogs.colt import Colt

        cog = self.get_cog("Colt")
        if isinstance(cog, Colt):
            await cog.resume_games()

    async def _channel_lost(self, game_id: int, channel_id: int) -> str:
        from cogs.colt import Colt

        cog = self.get_cog("Colt")
        return await cog.channel_lost(game_id, channel_id) if isinstance(cog, Colt) else "later"

    async def close(self) -> None:
        """A clean stop (SIGTERM, SIGINT, the end of a test), within 10 s: no new turn for the AI,
        the answers being written finish, deliveries under way finish (the rest waits in the outbox
        for the next start), the database and the workers close; then the connection to Discord."""
        await self.stop_playing()
        await self.close_table()
        await super().close()

    async def stop_playing(self, grace: float = SETTLE_GRACE) -> None:
        from cogs.colt import Colt

        cog = self.get_cog("Colt")
        if isinstance(cog, Colt):
            await cog.autopilot.close()
        if hasattr(self, "tables") and not self._table_closed and not await self.tables.settle(grace):
            log.warning("some answers were still being written after %g s; they are dropped unwritten", grace)

    async def close_table(self) -> None:
        """The outbox, the database and the workers stopped; closing again does nothing.

        aiosqlite's connection threads keep a process alive until the database is closed."""
        if self._table_closed or not hasattr(self, "tables"):
            return
        self._table_closed = True
        if self.metrics_server is not None:
            await self.metrics_server.stop()
        await self.outbox.close(grace=DELIVERY_GRACE)
        self.courier.close()
        await self.tables.storage.close()
        await self.workers.close(grace=WORK_GRACE)


class ShardedColtBot(ColtBot, commands.AutoShardedBot):
    """The bot as some of the shards of a bot in many servers (COLT_SHARD_COUNT, COLT_SHARD_IDS).

    Each process runs its shards; every process may serve every game, since all share one
    PostgreSQL database: DM clicks come to shard 0's process while a game's channel belongs to its
    server's shard, and messages reach any channel through Discord's REST API (cogs.delivery)."""


def create_bot(settings: Settings | None = None) -> ColtBot:
    settings = settings or Settings.from_environment()
    if settings.shard_count is None:
        return ColtBot(settings)
    if settings.shard_count == AUTO:
        return ShardedColtBot(settings)  # Discord says how many; all of them run here
    return ShardedColtBot(settings, shard_count=settings.shard_count,
                          shard_ids=list(settings.shard_ids) if settings.shard_ids is not None else None)


# The garbage collector's thresholds in the bot's process. With the defaults (700, 10, 10) full
# passes over the bot's heap paused the event loop some 200 ms each, tens of times a minute under
# load (load bench, 200 games: loop lag p99 60-150 ms); a full pass now waits for 1,000 middle ones
# (and, as always, for the heap to have grown by a quarter). The young generation stays small: each
# pass's pause grows with it (20,000 objects: 13 ms a pass and a p99 lag of 35 ms; 1,000: under 1 ms).
GC_THRESHOLDS = (1_000, 10, 1_000)
# Seconds a thread holding the GIL keeps it while another waits (Python's default: 5 ms). The event
# loop's reads by key let go of the GIL inside SQLite, and the database writer's and the workers'
# hand-off threads then kept it up to 5 ms: a read of microseconds took 160 µs on average under
# load. With 0.5 ms (load bench, 200 games): loop lag p99 22.6 → 18.3 ms, answers' p99 32.7 → 24.6 ms.
SWITCH_INTERVAL = 0.0005


@contextlib.contextmanager
def process_tuned() -> Iterator[None]:
    """The bot's process settings while it runs: what was loaded so far (the engine, pictures,
    catalogs, discord.py) is frozen out of every later pass of the collector, and passes are rarer;
    the GIL comes back to the event loop's thread sooner (``SWITCH_INTERVAL``)."""
    before, switch = gc.get_threshold(), sys.getswitchinterval()
    gc.collect()
    gc.freeze()
    gc.set_threshold(*GC_THRESHOLDS)
    sys.setswitchinterval(SWITCH_INTERVAL)
    try:
        yield
    finally:
        sys.setswitchinterval(switch)
        gc.set_threshold(*before)
        gc.unfreeze()


async def run_on_discord(bot: ColtBot, token: str) -> None:
    """Connected to Discord until SIGTERM or SIGINT (a service manager's stop, Ctrl+C), then a clean
    stop (``ColtBot.close``)."""
    stop_on_signals(bot)
    async with bot:
        await bot.start(token)


def stop_on_signals(bot: discord.Client) -> None:
    """SIGTERM and SIGINT close ``bot`` (once; a second signal while it stops changes nothing)."""
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGTERM, signal.SIGINT):
        loop.add_signal_handler(sig, lambda: asyncio.ensure_future(bot.close()))


def main() -> int:
    load_dotenv()
    settings = Settings.from_environment()
    if not settings.token:
        # No token: the same bot on a simulated Discord, in the browser (README, "The local table").
        from table import local

        return local.main(settings, create_bot)
    logs.configure(settings.log_format, logging.INFO)
    try:
        with process_tuned():
            asyncio.run(run_on_discord(create_bot(settings), settings.token))
    except StorageError as error:
        print(f"Cannot start: {error}")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
