"""The operators' view (issue 28): /metrics and /healthz served by the bot itself, the metrics moved by a
game played through real clicks, health that turns 503 when the database or Discord is gone, claims
taken over counted on both backends, and log lines as JSON objects carrying the game's id."""

from __future__ import annotations

import asyncio
import json
import logging
import random
import sys
from collections.abc import AsyncIterator
from dataclasses import replace
from pathlib import Path
from types import SimpleNamespace

import aiohttp
import discord
import pytest
from prometheus_client.parser import text_string_to_metric_families

from cogs.app import ColtBot, create_bot
from cogs.delivery import Courier
from cogs.outbox import Outbox, Retry
from render import samples
from table.config import Settings
from table.logs import JsonFormatter
from table.metrics import LAG_EVERY, Metrics
from table.storage import open_store
from table.store import Delivery, OutboxRow, Store
from table.workers import Workers, WorkTimeout
from tests.bot.table import (
    Table,
    crafted,
    live_buttons,
    open_and_start,
    pending_user,
    play_turn,
    prompt_message,
    setup_table,
)
from tools.loadbench import emit_click

Samples = dict[tuple[str, tuple[tuple[str, str], ...]], float]


@pytest.fixture
def settings(settings: Settings) -> Settings:
    return replace(settings, metrics_port=0)


async def get(table: Table, path: str) -> tuple[int, str]:
    port = table.bot.metrics_server.port  # type: ignore[union-attr]
    async with aiohttp.ClientSession() as session, session.get(f"http://127.0.0.1:{port}{path}") as response:
        return response.status, await response.text()


async def scrape(table: Table) -> Samples:
    status, text = await get(table, "/metrics")
    assert status == 200
    return {(s.name, tuple(sorted(s.labels.items()))): s.value
            for family in text_string_to_metric_families(text) for s in family.samples}


def value(samples: Samples, name: str, **labels: str) -> float:
    return samples[(name, tuple(sorted(labels.items())))]


def total(samples: Samples, name: str) -> float:
    """A sample summed over its labels (a histogram's count over every kind)."""
    return sum(v for (n, _), v in samples.items() if n == name)


async def test_a_game_played_through_clicks_moves_the_metrics(simcord_env) -> None:  # type: ignore[no-untyped-def]
    table = setup_table(simcord_env, 3)
    before = await scrape(table)
    assert value(before, "colt_interactions_total", kind="answer", outcome="applied") == 0
    assert value(before, "colt_games", status="running") == 0
    game_id = await open_and_start(table, ["ghost", "doc", "tuco"])
    rng = random.Random(3)
    clicks = 0
    while (await table.bot.tables.state(game_id)).round_no < 2:  # round 1 planned and resolved: pictures
        assert await play_turn(table, game_id, rng)
        clicks += 1
    # A button of a decision already answered (an old copy of the prompt, a second device): out of date.
    user = await pending_user(table, game_id)
    message = prompt_message(user)
    button = live_buttons(message)[0].custom_id
    await user.click(message, custom_id=button)
    clicks += 1
    emit_click(simcord_env, user.id, crafted(simcord_env, message, button), button)
    await simcord_env.settle()
    await table.bot.outbox.drain()
    await asyncio.sleep(2 * LAG_EVERY)  # the event loop's lag looked at, at least once

    after = await scrape(table)
    assert value(after, "colt_interactions_total", kind="answer", outcome="applied") == clicks
    assert value(after, "colt_interactions_total", kind="answer", outcome="stale") >= 1
    assert value(after, "colt_interactions_total", kind="lobby", outcome="applied") >= 4  # new, 2 joins, characters
    assert value(after, "colt_interactions_total", kind="start", outcome="applied") == 1
    assert value(after, "colt_interactions_total", kind="answer", outcome="failed") == 0
    assert value(after, "colt_click_to_answer_stored_seconds_count") == clicks  # each click timed from its stamp
    assert value(after, "colt_click_to_delivered_seconds_count", what="prompt") >= clicks
    assert value(after, "colt_click_to_delivered_seconds_count", what="picture") >= 1
    assert total(after, "colt_worker_job_duration_seconds_count") > 0  # the pictures, drawn by the workers
    # One planning picture per planning prompt (issue 29): the first one, then one after each card
    # planned but the card that ends a round's planning.
    assert value(after, "colt_worker_job_duration_seconds_count", kind="planning") >= clicks - 1
    assert value(after, "colt_db_transaction_duration_seconds_count") > clicks
    assert value(after, "colt_games", status="running") == 1
    assert value(after, "colt_outbox_rows") == 0 and value(after, "colt_outbox_oldest_row_age_seconds") == 0
    assert value(after, "colt_event_loop_lag_seconds_count") >= 1
    assert value(after, "colt_discord_connected") == 1
    assert value(after, "colt_claims_held", kind="turn") == 0  # people's turns: nobody claims them


async def test_health_is_503_with_the_reason_when_the_database_or_discord_is_gone(  # type: ignore[no-untyped-def]
        simcord_env, monkeypatch: pytest.MonkeyPatch) -> None:
    table = setup_table(simcord_env, 3)
    assert await get(table, "/healthz") == (200, "ok\n")

    await table.bot.ws.close()  # the gateway's connection dropped
    status, text = await get(table, "/healthz")
    assert (status, text) == (503, "not connected to Discord\n")
    assert value(await scrape(table), "colt_discord_connected") == 0  # and /metrics still answers
    table.bot.ws.open = True  # reconnected
    assert (await get(table, "/healthz"))[0] == 200

    storage = table.bot.tables.storage
    monkeypatch.setattr("table.metrics.HEALTH_TIMEOUT", 0.2)
    stuck = asyncio.Event()
    monkeypatch.setattr(storage, "ping", stuck.wait)  # a database that never answers
    status, text = await get(table, "/healthz")
    assert status == 503 and text == "the database does not answer: no answer within 0.2 s\n"
    monkeypatch.undo()

    await storage.reader.close()  # type: ignore[attr-defined]  # the database is gone
    status, text = await get(table, "/healthz")
    assert status == 503 and text.startswith("the database does not answer: ")
    status, _ = await get(table, "/metrics")
    assert status == 200  # the figures the bot keeps itself are still served


class TestTwoShards:
    @pytest.fixture
    def simcord_bot(self, settings: Settings) -> ColtBot:
        return create_bot(replace(settings, shard_count=2, shard_ids=(0, 1)))

    async def test_health_names_the_shards_not_connected(self, simcord_env) -> None:  # type: ignore[no-untyped-def]
        table = setup_table(simcord_env, 3)
        assert await get(table, "/healthz") == (200, "ok\n")
        shard = table.bot.get_shard(1)
        assert shard is not None
        await shard.disconnect()
        assert await get(table, "/healthz") == (503, "shards 1 not connected to Discord\n")
        await shard.reconnect()
        assert await get(table, "/healthz") == (200, "ok\n")


def test_the_settings_of_the_operators_view(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in ("COLT_METRICS_PORT", "COLT_METRICS_HOST", "COLT_LOG_FORMAT"):
        monkeypatch.delenv(name, raising=False)
    off = Settings.from_environment()
    assert (off.metrics_port, off.metrics_host, off.log_format) == (None, "127.0.0.1", "plain")
    monkeypatch.setenv("COLT_METRICS_PORT", "9108")
    monkeypatch.setenv("COLT_METRICS_HOST", "0.0.0.0")
    monkeypatch.setenv("COLT_LOG_FORMAT", "JSON")
    on = Settings.from_environment()
    assert (on.metrics_port, on.metrics_host, on.log_format) == (9108, "0.0.0.0", "json")
    for name, raw, why in (("COLT_METRICS_PORT", "70000", "a port number"), ("COLT_LOG_FORMAT", "xml", "one of")):
        monkeypatch.setenv(name, raw)
        with pytest.raises(SystemExit, match=why):
            Settings.from_environment()
        monkeypatch.delenv(name)


async def test_a_json_log_line_carries_the_game_s_id(simcord_env, caplog: pytest.LogCaptureFixture) -> None:  # type: ignore[no-untyped-def]
    table = setup_table(simcord_env, 3)
    with caplog.at_level(logging.INFO, logger="table.service"):
        game_id = await open_and_start(table, ["ghost", "doc", "tuco"])
    formatter = JsonFormatter()
    lines = [json.loads(formatter.format(record)) for record in caplog.records]
    started = next(line for line in lines if line["message"].startswith(f"game {game_id} started"))
    assert started["game"] == game_id and started["level"] == "INFO" and started["logger"] == "table.service"
    assert started["time"].endswith("+00:00")


def test_the_json_formatter_writes_one_object_a_line_with_the_game_and_the_exception() -> None:
    formatter = JsonFormatter()
    record = logging.LogRecord("cogs.outbox", logging.WARNING, __file__, 1, "game %s: Žluťoučký\nkůň", (7,), None)
    record.game = 7
    line = formatter.format(record)
    assert "\n" not in line
    assert json.loads(line) == {"time": json.loads(line)["time"], "level": "WARNING", "logger": "cogs.outbox",
                                "message": "game 7: Žluťoučký\nkůň", "game": 7}
    try:
        raise ValueError("boom")
    except ValueError:
        failed = logging.LogRecord("colt", logging.ERROR, __file__, 1, "no game here", (), sys.exc_info())
    parsed = json.loads(formatter.format(failed))
    assert "game" not in parsed and parsed["exception"].startswith("Traceback")
    assert parsed["exception"].endswith("ValueError: boom")


# --- the parts, without Discord --------------------------------------------------------------------


@pytest.fixture(params=["sqlite", "postgresql"])
async def store(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[Store]:
    database = str(tmp_path / "colt.sqlite3") if request.param == "sqlite" else request.getfixturevalue("postgres_url")
    opened = await open_store(database)
    try:
        yield opened
    finally:
        await opened.close()


async def test_claims_taken_over_and_held_are_counted(store: Store) -> None:
    metrics = Metrics()
    store.claim_taken_over = lambda kind: metrics.claims_taken_over.labels(kind).inc()
    store.transaction_took = metrics.transactions.observe
    game = await store.create_game(guild_id=1, channel_id=2, host_id=3, options={}, seed=4)
    async with store.transaction() as tx:
        tx.update_game(game, status="running", step=3)
    assert await store.claim_turn(game, 3, "one", 100.0, 160.0)
    assert await store.claim_turn(game, 3, "one", 150.0, 210.0)  # its own, renewed: nothing taken over
    assert not await store.claim_turn(game, 3, "two", 200.0, 260.0)  # held
    assert await store.claim("outbox:user:7", "one", 100.0, 220.0)
    assert await store.claims_held("one", 200.0) == {"turn": 1, "outbox": 1, "channel": 0}
    assert await store.claim_turn(game, 3, "two", 211.0, 271.0)  # "one" died: its claim lapsed
    assert await store.claim("outbox:user:7", "two", 221.0, 341.0)
    assert await store.claim("channel:1", "two", 221.0, 281.0)  # free: nobody's to take over
    assert await store.claims_held("one", 222.0) == {"turn": 0, "outbox": 0, "channel": 0}
    assert await store.claims_held("two", 222.0) == {"turn": 1, "outbox": 1, "channel": 1}
    assert [metrics.claims_taken_over.labels(kind)._value.get() for kind in ("turn", "outbox", "channel")] == [1, 1, 0]
    assert metrics.transactions._sum.get() > 0
    await metrics.read(store, "two", 222.0)
    assert metrics.games.labels("running")._value.get() == 1 and metrics.claims_held.labels("turn")._value.get() == 1


async def test_the_outbox_counts_retries_by_cause_and_times_a_click_to_its_prompt(tmp_path: Path) -> None:
    storage = await open_store(tmp_path / "outbox.sqlite3")
    metrics, failures = Metrics(), ["429", "5xx"]

    async def deliver(rows: list[OutboxRow]) -> bool:
        if failures:
            raise Retry("Discord is busy", after=0.0, cause=failures.pop(0))
        async with storage.transaction() as tx:
            tx.delivered(r.id for r in rows)
        return True

    now = [1000.0]
    outbox = Outbox(storage, deliver, interval=0.0, clock=lambda: now[0], metrics=metrics)
    storage.committed = outbox.wake
    buttons = [{"type": 2, "custom_id": "colt:a:1:4:plan draw"}, {"type": 2, "custom_id": "colt:?:1:4"}]
    prompt = {"op": "send", "key": "hand:1", "view": [{"type": 1, "components": buttons}], "content": "your turn"}
    waiting = {**prompt, "view": [{"type": 1, "components": [{**buttons[0], "disabled": True}]}]}
    async with storage.transaction() as tx:
        tx.enqueue([Delivery("user:6", waiting, 1), Delivery("user:5", prompt, 1),
                    Delivery("user:5", {**prompt, "key": "choice:1"}, 1)], clicked_at=998.5)
    await outbox.drain()
    await storage.close()
    assert [metrics.retries.labels(cause)._value.get() for cause in ("429", "5xx", "timeout", "other")] == [1, 1, 0, 0]
    # The first prompt of the click at each target, 1.5 s after it (the prompt of a person who waits for
    # others, with its buttons greyed out, is not what they wait for).
    assert metrics.delivered.labels("prompt")._sum.get() == 1.5
    assert metrics.delivered.labels("picture")._sum.get() == 0


@pytest.mark.parametrize(("error", "cause"), [
    (discord.RateLimited(3.0), "429"),
    (discord.HTTPException(SimpleNamespace(status=429, reason="Too Many Requests", headers={}), "slow down"), "429"),
    (discord.HTTPException(SimpleNamespace(status=502, reason="Bad Gateway"), "oops"), "5xx"),
    (TimeoutError(), "timeout"),
    (aiohttp.ClientConnectionError("reset"), "other"),
])
async def test_the_courier_says_why_a_delivery_is_tried_again(error: Exception, cause: str) -> None:
    courier = Courier(None, None, None, channel_lost=None)  # type: ignore[arg-type]
    row = OutboxRow(1, 1, "game:1", {"op": "send"}, 0, 0.0, None)
    with pytest.raises(Retry) as retry:
        await courier._failed([row], error)
    assert retry.value.cause == cause


async def test_worker_jobs_are_timed_by_kind_and_their_timeouts_counted() -> None:
    # Worker processes: a hard AI thinking in one of the event loop's threads would hold the GIL,
    # and its time limit would be seen only when it is done (the thread mode's known lag).
    workers = Workers()
    workers.metrics = metrics = Metrics()
    try:
        await workers.picture("scoreboard", samples.finished(samples.colourful()), "en")
        with pytest.raises(WorkTimeout):
            await workers.ai_answer(*_first_plan(), "hard", "1", budget_ms=300, limit=0.01)
    finally:
        await workers.close()
    await asyncio.sleep(0.6)  # the hard AI's search runs to its end in its thread: then it is timed too
    assert metrics.jobs.labels("scoreboard")._sum.get() > 0
    assert metrics.job_timeouts.labels("ai")._value.get() == 1


def _first_plan() -> tuple[str, int]:
    """A new game's snapshot and the seat planning first: a choice for the hard AI to think about."""
    from engine import new_game
    from engine.snapshot import dumps

    game = new_game(["ghost", "doc", "tuco"], seed=1)
    assert game.pending is not None
    return dumps(game), game.pending.seat
