"""The local table without a browser: a restart on the same database, and a game alone with AI bandits (issue 7)."""

from __future__ import annotations

import asyncio
import random
import re
import time
from collections.abc import Awaitable, Callable
from typing import Any

import simcord

from cogs.app import create_bot
from table.config import Settings
from table.local import LocalTable
from tests.bot.table import ai_choice, component_id, live_buttons, prompt_message


async def eventually(condition: Callable[[], bool]) -> None:
    """The table follows the bot a few times a second: wait for it, for 5 seconds at most."""
    for _ in range(50):
        if condition():
            return
        await asyncio.sleep(0.1)
    raise AssertionError("the local table did not follow")


async def act(action: Callable[[], Awaitable[Any]]) -> Any:
    """A player's action; SimCord refuses it, changing nothing, while the table republishes a page
    (one operation at a time), so it is tried again."""
    for _ in range(50):
        try:
            return await action()
        except simcord.SetupError as error:
            if "overlaps" not in str(error):
                raise
            await asyncio.sleep(0.05)
    raise AssertionError("the table never let the player act")


async def test_a_restart_goes_on_with_the_running_game_and_closes_the_open_lobby(settings: Settings) -> None:
    said: list[str] = []
    async with LocalTable(settings, create_bot, say=said.append) as table:
        assert [page.label for page in table.pages] == ["#saloon", "Alice's DMs", "Bob's DMs", "Carol's DMs",
                                                         "Dan's DMs"]
        alice, bob, carol, _ = table.members
        await act(lambda: alice.slash(table.saloon, "colt new"))
        lobby = table.saloon.last_message
        await act(lambda: bob.click(lobby, label="Join"))
        await act(lambda: carol.click(lobby, label="Join"))
        await act(lambda: alice.click(lobby, label="Start"))
        await act(lambda: table.members[3].slash(table.saloon, "colt new"))  # a second lobby, left open
        tables = table.env.bot.tables
        step = (await tables.state(1)).step
        await eventually(lambda: "#colt-express-1" in [page.label for page in table.pages])
    assert any(line.startswith("A game started: #colt-express-1  http://127.0.0.1:") for line in said)

    async with LocalTable(settings, create_bot, say=said.append) as table:
        assert "Lobby #2 was open when the table stopped; it is closed (open a new one with /colt new)." in said
        assert "Game #1 goes on in #colt-express-1." in said
        assert "#colt-express-1" in [page.label for page in table.pages]
        tables = table.env.bot.tables
        state = await tables.state(1)
        assert state.step == step
        # The player whose turn it is has their prompt again, and its buttons work.
        pending = next(p for p in await tables.storage.players(1) if p.seat == state.pending.seat)
        user = next(u for u in table.users if u.id == pending.user_id)
        message = prompt_message(user)
        assert message is not None
        button = random.Random(1).choice(live_buttons(message))
        await act(lambda: user.click(message, custom_id=button.custom_id))
        assert (await tables.state(1)).step == step + 1
        # The saloon takes a new lobby.
        result = await act(lambda: table.members[3].slash(table.saloon, "colt new"))
        assert not result.ephemeral and "game #3" in table.saloon.last_message.embeds[0].title


async def test_alone_against_ai_bandits(settings: Settings) -> None:
    async with LocalTable(settings, create_bot, say=lambda line: None) as table:
        alice, user = table.members[0], table.users[0]
        await act(lambda: alice.slash(table.saloon, "colt new"))
        for level in ("easy", "normal"):
            lobby = table.saloon.last_message
            await act(lambda: alice.select(lobby, [ai_choice(lobby, f"add:{level}")],  # noqa: B023
                                           custom_id=component_id(lobby, ":ai")))  # noqa: B023
        await act(lambda: alice.click(table.saloon.last_message, label="Start"))
        tables = table.env.bot.tables
        # Alice plays from her DMs; the AI bandits answer in between, until an action's picture is posted.
        row = await tables.row(1)
        channel = next(c for c in table.guild.channels.values() if c.id == row.channel_id)
        for _ in range(40):
            if any(a.filename.startswith("colt1-") and not a.filename.endswith("-start.png")
                   for m in channel.history() for a in m.attachments):  # an action's picture, not the train as dealt
                break
            message = prompt_message(user)
            assert message is not None, "Alice is not asked, yet the game waits"
            await act(lambda: user.click(message, custom_id=live_buttons(message)[0].custom_id))  # noqa: B023
        else:
            raise AssertionError("no action was shown")
        async with tables.storage.reader.execute("SELECT DISTINCT seat FROM answers WHERE game_id = 1") as cursor:
            seats = await cursor.fetchall()
        assert len(seats) == 3, "the two AI bandits answered too"


async def test_a_page_that_could_not_be_republished_is_tried_again(settings: Settings) -> None:
    """Issue 13: after a failed refresh ("bot did not settle") the page stayed stale until its channel
    changed again, so a player saw greyed buttons while their turn ran out."""
    async with LocalTable(settings, create_bot, say=lambda line: None) as table:
        alice = table.members[0]
        dms = next(page for page in table.pages if page.label == "Alice's DMs")  # the lobby's hello lands there
        refreshed: list[bool] = []
        real = dms.preview.refresh
        failures = [TimeoutError("bot did not settle while advancing time")]

        async def flaky_refresh() -> Any:
            if failures:
                refreshed.append(False)
                raise failures.pop()
            refreshed.append(True)
            return await real()

        dms.preview.refresh = flaky_refresh  # type: ignore[method-assign]
        await act(lambda: alice.slash(table.saloon, "colt new"))
        await eventually(lambda: True in refreshed)
        assert refreshed[0] is False  # it failed once, and was republished after, with nothing new to say


def _timestamps(content: str) -> list[int]:
    return [int(t) for t in re.findall(r"<t:(\d+):R>", content)]


async def test_deadlines_and_waiting_since_stay_right_across_a_restart(settings: Settings) -> None:
    """Issue 26: SimCord's clock started at midnight (2026-01-01) at every start, while the games keep
    real times; after a restart a 10-minute pace showed "waiting since in 19 minutes". The local
    table's clock shows the real time, so what was asked before the restart is in the past and its
    deadline ahead, as the pages render them (relative to the simulated clock)."""
    async with LocalTable(settings, create_bot, say=lambda line: None) as table:
        assert abs(table.env.now().timestamp() - time.time()) < 5
        alice, bob, carol, _ = table.members
        await act(lambda: alice.slash(table.saloon, "colt new"))
        lobby = table.saloon.last_message
        await act(lambda: alice.select(lobby, ["timer=600/300"], custom_id=component_id(lobby, ":rules")))
        await act(lambda: bob.click(lobby, label="Join"))
        await act(lambda: carol.click(lobby, label="Join"))
        await act(lambda: alice.click(lobby, label="Start"))
        asked = await table.env.bot.tables.row(1)
        assert asked.waiting_since is not None and asked.deadline_at is not None

    async with LocalTable(settings, create_bot, say=lambda line: None) as table:
        now = table.env.now().timestamp()  # the clock the pages render "in 10 minutes" against
        assert abs(now - time.time()) < 5
        row = await table.env.bot.tables.row(1)
        assert (row.waiting_since, row.deadline_at) == (asked.waiting_since, asked.deadline_at)
        assert row.waiting_since is not None and row.deadline_at is not None
        assert row.waiting_since <= now < row.deadline_at <= now + 600
        channel = next(c for c in table.guild.channels.values() if c.id == row.channel_id)
        await eventually(lambda: any("waiting since" in m.content for m in channel.history()))
        pile = next(m for m in channel.history() if "waiting since" in m.content)
        since, until = _timestamps(pile.content)
        assert since <= now < until <= now + 601
        pending = next(p for p in await table.env.bot.tables.storage.players(1) if p.seat == row.waiting_seat)
        user = next(u for u in table.users if u.id == pending.user_id)
        await eventually(lambda: prompt_message(user) is not None)
        prompt = prompt_message(user)
        assert prompt is not None
        (deadline,) = _timestamps(prompt.content)
        assert now < deadline <= now + 601
