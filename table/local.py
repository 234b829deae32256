"""The local table: the real bot and cogs on SimCord's simulated Discord, played in a browser.

Without a DISCORD_TOKEN, `make bot` starts this instead of connecting to Discord. A simulated
server holds a #saloon channel and four local players; SimCord's Preview serves a page per
channel (the saloon, and each game's channel once it starts) and per player's DMs, each with its
composer and the bot's real buttons. Games live in the same SQLite storage as the real bot's.

SimCord allows one Preview per simulated Discord, and a Preview shows one channel (SimCord 3.2).
The table needs a page per channel and per DM at the same time, so it opens one Preview per
page; and since a Preview republishes only after its own page's actions, the table republishes
a page whenever the bot changed its channel from elsewhere (a click in a DM posts a picture in
the game channel).

SimCord runs one operation at a time: an action arriving while another page's action or a
republish is under way would be refused, and its page left "uncertain" until reloaded. So the
pages' actions and the republishing take turns (``LocalTable._turn``). And a page is not
republished for what its own action did: every publication makes the page's earlier one stale,
and a click sent from the page just before it caught up would be refused.

A click is answered once the bot has done what it does at once. SimCord would also make it wait
for the bot's short pauses (an AI bandit's, the story's rhythm between two pictures), on the
wall clock, and give up after its settle time when they add up. Here those pauses are external
waits on the simulated clock (``ColtBot.pause``), and the table moves that clock on with the
wall clock's, so they end on time, in the background.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import re
import signal
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, replace
from typing import Any

import discord
import simcord

from lang import for_locale
from table import logs
from table.config import Settings
from table.storage import open_store
from table.store import LOBBY, RUNNING, StorageError

log = logging.getLogger(__name__)

PLAYERS = ("alice", "bob", "carol", "dan")
# A fixed id, so the local server's games are found again after a restart (and never mixed up with
# a real server's when the real bot shares the database).
GUILD_ID = 1_100_000_000_000_000_001
SALOON = "saloon"
FOLLOW_EVERY = 0.1  # seconds between two looks at what the bot did (and moves of the clock)
# Real seconds a click (or a move of the clock) may take for the bot's work done at once: drawing
# pictures, an AI's search. Its pauses do not count (they wait on the simulated clock).
SETTLE_TIME = 30.0
RETRY_AFTER = 0.5  # seconds before a page that could not be republished is tried again
CHANNEL_PATH = re.compile(r"/channels/(\d+)")
READS = frozenset({"GET", "HEAD"})  # requests that change nothing on a page


@dataclass
class Page:
    """One browser page: what it shows, and its address (a loopback URL with a secret)."""

    label: str
    channel_id: int
    preview: Any

    @property
    def url(self) -> str:
        return str(self.preview.url)


class LocalTable:
    """The simulated server with its players, the bot attached, and a Preview page per channel and DM."""

    def __init__(self, settings: Settings, make_bot: Callable[[Settings], discord.Client],
                 say: Callable[[str], None] | None = None) -> None:
        # The commands are synced into the simulation at every start: it begins empty each time. Its
        # messages are not paced: the pacing respects Discord's rate limits, and would only make
        # every click wait here.
        self.settings = replace(settings, sync_commands=True, message_interval=0.0, fresh_world=True)
        self.make_bot = make_bot
        self.say = say or _say
        self.pages: list[Page] = []
        self._stack = contextlib.AsyncExitStack()
        self._follower: asyncio.Task[None] | None = None
        self._turn = asyncio.Lock()  # one SimCord operation at a time: a page's action, or republishing
        self._looked = 0  # the bot's requests looked at so far (an index into SimCord's log)
        self._stale: set[int] = set()  # channels whose pages are behind what the bot did

    # --- start and stop ------------------------------------------------------------------------

    async def __aenter__(self) -> LocalTable:
        # Bot errors are logged by discord.py as they happen; a local table never stops for one. A click
        # waits for the bot's work due within SimCord's settle time (5 s: an AI bandit's pause, not a
        # turn timer, which runs out in real time).
        self.env = simcord.Env(self.make_bot(self.settings), check_errors=False, settle_timeout=SETTLE_TIME)
        self.env.bot.pause = self._pause  # type: ignore[attr-defined]
        self._build_world()
        self._set_clock()
        await self._rebind_games()
        await self.env.start()
        try:
            self._stack.push_async_callback(self.env.shutdown)
            # SimCord detaches the bot without closing it; closing it closes the storage (and its thread).
            self._stack.push_async_callback(self.env.bot.close)
            self._stack.enter_context(self.env.time_context())
            await self._open(self.saloon, "#" + SALOON, self.members)
            for user, dm in zip(self.users, self.dms, strict=True):
                await self._open(dm, f"{str(user.name).title()}'s DMs", [user])
            for channel in self._game_channels():
                await self._open(channel, "#" + str(channel.name), self.members)
        except BaseException:
            await self._stack.aclose()
            raise
        self._follower = asyncio.create_task(self._follow())
        return self

    async def __aexit__(self, *exc_info: object) -> None:
        if self._follower is not None:
            self._follower.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._follower
        await self._stack.aclose()

    def _build_world(self) -> None:
        """The same server, channel and players (with the same ids) at every start."""
        self.users = [self.env.create_user(name, global_name=name.title()) for name in PLAYERS]
        self.guild = self.env.create_guild("Colt Express (local)", id=GUILD_ID)
        self.saloon = self.guild.create_text_channel(SALOON, topic="Type /colt new to open a lobby")
        self.members = [self.guild.add_member(user) for user in self.users]
        self.dms = [user.dm_channel for user in self.users]
        self.category: Any = None

    def _set_clock(self) -> None:
        """The simulated clock shows the real time from now on.

        SimCord's clock starts at the same instant at every start (2026-01-01, midnight), while the
        games keep the deadlines and "waiting since" read on the last session's clock, which had moved
        on: a table started again saw them in its future ("waiting since in 19 minutes"). On the wall
        clock's time (set once here; ``_follow`` then moves it along with the wall clock) every session
        reads the same time, so they stay right across restarts. Set after the world is built: the
        players' ids are drawn from the clock, and must be the same at every start (their games know
        them by id)."""
        behind = time.time() - self.env.now().timestamp()
        if behind > 0:
            self.env.backend.advance_clock(behind)

    async def _rebind_games(self) -> None:
        """Give the running games of the last session a channel in this one.

        SimCord keeps its simulated Discord in memory only: the game channels and every message
        of the last session are gone. A running game gets a new channel, and the messages the bot
        meant to edit are forgotten; the bot shows the table anew there and sends everyone's prompts
        afresh (``Settings.fresh_world``). An open lobby's message is gone with its buttons, so the
        bot closes the lobby (and tells those who joined).
        """
        try:
            storage = await open_store(self.settings.database)
        except StorageError:
            return  # the bot reports it when it opens the same file
        try:
            for row in await storage.games(LOBBY, guild_id=GUILD_ID):
                # Closed by the bot as it starts in this empty world (cogs.colt ``resume_games``):
                # each person who joined hears it by DM.
                self.say(f"Lobby #{row.id} was open when the table stopped; it is closed (open a new one "
                         "with /colt new).")
            for row in await storage.games(RUNNING, guild_id=GUILD_ID):
                channel = self.guild.create_text_channel(f"colt-express-{row.id}", category=self._category(),
                                                         topic=for_locale(row.language).text("table.channel-topic",
                                                                                             game=row.id))
                async with storage.transaction() as tx:
                    tx.update_game(row.id, channel_id=channel.id)
                    tx.forget_messages(row.id)
                self.say(f"Game #{row.id} goes on in #{channel.name}.")
        finally:
            await storage.close()

    def _category(self) -> Any:
        if self.category is None:
            self.category = self.guild.create_category(self.settings.category)
        return self.category

    # --- pages ---------------------------------------------------------------------------------

    async def _open(self, channel: Any, label: str, viewers: list[Any]) -> Page:
        # SimCord refuses a second Preview while one is active (it keeps one in `env._preview`);
        # forgetting the current one there lets each page have its own (see the module's note).
        self.env._preview = None
        preview = await self._stack.enter_async_context(
            self.env.preview(channel, viewers=viewers, layout="channel", width=1280, height=900))
        page = Page(label, channel.id, preview)
        preview._action = self._taking_turns(page, preview._action)  # what its HTTP server calls
        self.pages.append(page)
        return page

    async def _pause(self, seconds: float) -> None:
        """The bot's pause, on the simulated clock, which ``_follow`` moves with the wall clock."""
        await self.env.external_wait(asyncio.sleep(seconds), reason="a pause of the bot (the local table's clock)")

    def _taking_turns(self, page: Page, act: Callable[[Any, Any], Any]) -> Callable[[Any, Any], Any]:
        """A page's action, in its turn; what the bot did in the page's own channel meanwhile is
        shown by the publication that ends the action (SimCord's), so it is not republished again."""
        async def action(context_id: Any, body: Any) -> Any:
            async with self._turn:
                self._look()
                try:
                    return await act(context_id, body)
                finally:
                    self._look(shown=page.channel_id)

        return action

    def _look(self, shown: int | None = None) -> None:
        """Note the channels the bot changed since the last look (but ``shown``) as stale."""
        requests = self.env.http_requests
        self._stale |= {channel for entry in requests[self._looked:]
                        if entry.method not in READS and (match := CHANNEL_PATH.match(entry.path))
                        and (channel := int(match[1])) != shown}
        self._looked = len(requests)

    def _game_channels(self) -> Iterator[Any]:
        """The text channels and threads of the server other than the saloon and the known pages."""
        known = {page.channel_id for page in self.pages}
        for channel in [*self.guild.channels.values(), *self.saloon.threads]:
            cached = self.env.bot.get_channel(channel.id)
            if channel.id not in known and isinstance(cached, discord.TextChannel | discord.Thread):
                yield channel

    async def _follow(self) -> None:
        """Open a page for each new game channel; republish the pages whose channel the bot changed.

        A channel stays stale until its page was republished: a republish that failed (the bot
        busy past SimCord's settle time) is tried again, never taken as done, so a page is never
        left showing an old state (greyed buttons, a turn that went to the AI meanwhile)."""
        self._looked = len(self.env.http_requests)  # the pages were just published
        clock = time.monotonic()  # the wall clock's time the simulated clock has caught up with
        while True:
            await asyncio.sleep(FOLLOW_EVERY)
            try:
                async with self._turn:
                    now = time.monotonic()
                    await self.env.advance_time(now - clock)
                    clock = now
                    self._look()
                    for channel in list(self._game_channels()):
                        page = await self._open(channel, "#" + str(channel.name), self.members)
                        self.say(f"A game started: {page.label}  {page.url}")
                    for page in self.pages:
                        if page.channel_id in self._stale:
                            await page.preview.refresh()
                            self._stale.discard(page.channel_id)
            except Exception as error:
                # The pages must go on following the game: this one is tried again shortly.
                log.warning("could not update the local table's pages (%s: %s); trying again",
                            type(error).__name__, error)
                await asyncio.sleep(RETRY_AFTER)


def _say(line: str) -> None:
    print(line, flush=True)  # at once, also when the output is a pipe


async def serve(settings: Settings, make_bot: Callable[[Settings], discord.Client]) -> None:
    """Run the local table until Ctrl+C (or SIGTERM)."""
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGINT, signal.SIGTERM):
        loop.add_signal_handler(sig, stop.set)
    async with LocalTable(settings, make_bot) as table:
        say = table.say
        say("Colt Express: a local table (no DISCORD_TOKEN, so a simulated Discord on this computer).")
        say("Open these pages in your browser; each address is a key to this table, keep it to yourself:")
        width = max(len(page.label) for page in table.pages)
        for page in table.pages:
            say(f"  {page.label.ljust(width)}  {page.url}")
        say("In #saloon, “Viewing as” chooses who you are; type /colt new to open a lobby. Each game's "
              "channel gets its address when the game starts.")
        say(f"Stop with Ctrl+C; games are saved in {settings.database} and go on at the next start.")
        say("To play on Discord instead, put your bot's token in .env as DISCORD_TOKEN (see README.md).")
        await stop.wait()
    _say("The local table is stopped.")


def main(settings: Settings, make_bot: Callable[[Settings], discord.Client]) -> int:
    logs.configure(settings.log_format, logging.WARNING)
    try:
        asyncio.run(serve(settings, make_bot))
    except StorageError as error:
        print(f"Cannot start: {error}")
        return 1
    except simcord.SetupError as error:  # e.g. the Preview's optional runtime is missing
        print(f"Cannot start the local table: {error}")
        return 1
    return 0
