"""The heavy work in worker processes (table.workers): the same pictures and AI answers as in the
bot's process, time limits, a killed worker replaced, and an event loop that keeps its pace."""

from __future__ import annotations

import asyncio
import logging
import multiprocessing
import os
import random
import signal
import statistics
import time
from typing import Any

import pytest

import render
import table.workers as workers
from engine import apply, new_game, observe
from engine.ai import choose, easy
from engine.errors import InconsistentView
from engine.model import Game
from engine.observe import observe_log
from engine.snapshot import dumps, loads
from lang import language
from render import samples
from table.workers import Workers, WorkTimeout
from tests.render.helpers import CAST
from tests.render.helpers import frames as action_frames


def _game(players: int, seed: int, steps: int | None = None) -> tuple[Game, dict[str, Any]]:
    """A game played at random for ``steps`` answers (to the end when None), and its start."""
    game = new_game(CAST[players], seed=seed)
    start = observe(game, None)
    rng = random.Random(seed)
    while game.pending is not None and (steps is None or steps > 0):
        apply(game, rng.choice(game.pending.options))
        steps = None if steps is None else steps - 1
    return game, start


def _decisions(count: int, seed: int = 11) -> list[Game]:
    """Games waiting for a decision with several answers, the hard AI's kind of work."""
    found: list[Game] = []
    game = new_game(CAST[4], seed=seed)
    rng = random.Random(seed)
    while len(found) < count:
        if game.pending is None:
            seed += 1
            game, rng = new_game(CAST[4], seed=seed), random.Random(seed)
        assert game.pending is not None
        if len(set(game.pending.options)) > 2 and rng.random() < 0.3:
            found.append(loads(dumps(game)))
        apply(game, rng.choice(game.pending.options))
    return found


def _replay_of(players: int, seed: int) -> tuple[dict[str, Any], list[dict[str, Any]], dict[str, Any]]:
    game, start = _game(players, seed)
    return start, observe_log(game, None, since=len(start["log"])), observe(game, None)


async def test_pictures_drawn_by_a_worker_are_the_ones_drawn_here() -> None:
    game, _ = _game(4, seed=3, steps=25)
    six = samples.colourful()
    seat = game.pending.seat if game.pending else 0
    cases = [("train", observe(game, None), "fr"), ("hand", observe(game, seat), "cs"),
             ("pile", samples.with_hand(six, 1), "ru"), ("scoreboard", samples.finished(six), "es")]
    pool = Workers()
    try:
        for kind, obs, code in cases:
            here = render.png(workers.PICTURES[kind](obs, translate=language(code)))
            assert await pool.picture(kind, obs, code) == here, kind
        frames = action_frames(3, seed=4)[10:14]
        assert await pool.pictures("train", frames, "pl") == [
            render.png(render.train_image(f, translate=language("pl"))) for f in frames]
        with pytest.raises(ValueError, match="unknown picture"):
            await pool.picture("map", observe(game, None), "en")
    finally:
        await pool.close()


async def test_the_replay_made_by_a_worker_is_the_one_made_here() -> None:
    start, events, final = _replay_of(3, seed=2)
    pool = Workers()
    try:
        here = render.replay(start, events, fmt="gif", final=final, translate=language("fr"))
        assert await pool.replay(start, events, final, "fr") == here
        with pytest.raises(ValueError, match="nothing to replay"):
            await pool.replay(final, [], final, "fr")  # the worker's error, as it is
    finally:
        await pool.close()


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
async def test_an_ai_answer_from_a_worker_is_the_one_chosen_here(level: str) -> None:
    pool = Workers()
    try:
        for n, game in enumerate(_decisions(3)):
            seat, seed = game.pending.seat if game.pending else 0, f"2026:{n}"
            here = choose(loads(dumps(game)), seat, level, rng=random.Random(seed), iterations=8)
            assert await pool.ai_answer(dumps(game), seat, level, seed, iterations=8) == here
    finally:
        await pool.close()


async def test_an_ai_over_its_time_raises_at_once_and_the_caller_falls_back() -> None:
    (game,) = _decisions(1)
    assert game.pending is not None
    seat = game.pending.seat
    pool = Workers()
    try:
        await pool.start()
        began = time.perf_counter()
        try:  # as the bot would: a hard AI that overruns, then the normal AI in its stead
            await pool.ai_answer(dumps(game), seat, "hard", "7", budget_ms=1500, limit=0.01)
            raise AssertionError("a hard AI thinking 1.5 s answered within 10 ms")
        except WorkTimeout as overran:
            assert isinstance(overran, TimeoutError) and "_answer overran its 0.01 s" in str(overran)
            answer = choose(loads(dumps(game)), seat, "normal", rng=random.Random("7"))
        waited = time.perf_counter() - began
        assert waited < 0.5, f"the caller waited {waited:.2f} s"
        assert answer in game.pending.options
        # the worker finishes the overrunning job, then takes the next one
        assert await pool.ai_answer(dumps(game), seat, "normal", "7") in game.pending.options
        # a hard AI within its budget and the margin answers
        assert await pool.ai_answer(dumps(game), seat, "hard", "7", budget_ms=100) in game.pending.options
    finally:
        await pool.close()


async def test_an_ai_that_cannot_read_the_table_answers_at_random(monkeypatch: pytest.MonkeyPatch,
                                                                    caplog: pytest.LogCaptureFixture) -> None:
    real = choose

    def confused(game: Game, seat: int, level: str, **kw: Any) -> str:
        if level == "hard":
            raise InconsistentView("no world fits the view")
        return real(game, seat, level, **kw)

    monkeypatch.setattr(workers, "choose", confused)
    (game,) = _decisions(1)
    assert game.pending is not None
    in_threads = Workers(processes=False)  # in this process, so that the AI can be made to fail
    try:
        answer = await in_threads.ai_answer(dumps(game), game.pending.seat, "hard", "5", budget_ms=50)
    finally:
        await in_threads.close()
    assert answer == easy.decide(game.pending, random.Random("5"))
    assert "could not read the table (InconsistentView: no world fits the view)" in caplog.text


async def test_a_killed_worker_is_replaced_and_its_job_done_again(caplog: pytest.LogCaptureFixture) -> None:
    start, events, final = _replay_of(3, seed=2)
    here = render.replay(start, events, fmt="gif", final=final, translate=language("en"))
    pool = Workers()
    try:
        await pool.start()
        first = workers._SHARED.pool
        replaying = asyncio.ensure_future(pool.replay(start, events, final, "en"))
        await asyncio.sleep(0.3)  # the replay is being drawn
        victim = multiprocessing.active_children()[0]
        os.kill(victim.pid or 0, signal.SIGKILL)
        with caplog.at_level(logging.WARNING, logger="table.workers"):
            assert await replaying == here
        assert "a worker process died during _replay" in caplog.text
        assert workers._SHARED.pool is not first
        assert await pool.picture("scoreboard", samples.finished(samples.colourful()), "en")
    finally:
        await pool.close()


async def test_closing_the_last_handle_stops_the_workers(monkeypatch: pytest.MonkeyPatch) -> None:
    # A pool of this test's own: bots of other tests (never closed by SimCord) may hold the shared one.
    monkeypatch.setattr(workers, "_SHARED", workers._Shared())
    before = set(multiprocessing.active_children())
    one, two = Workers(), Workers()
    await one.start()
    started = set(multiprocessing.active_children()) - before
    assert len(started) == one.size
    await one.close()
    assert workers._SHARED.pool is not None  # the other handle still uses it
    assert await two.picture("train", samples.colourful(), "en")
    await two.close()
    assert workers._SHARED.pool is None
    assert not started & set(multiprocessing.active_children())
    with pytest.raises(RuntimeError, match="closed"):
        await one.picture("train", samples.colourful(), "en")


async def test_threads_give_the_same_results() -> None:
    game, _ = _game(4, seed=3, steps=25)
    assert game.pending is not None
    in_threads = Workers(processes=False)
    try:
        assert await in_threads.start() < 0.1  # nothing to start
        assert await in_threads.picture("train", observe(game, None), "fr") == render.png(
            render.train_image(observe(game, None), translate=language("fr")))
        assert await in_threads.ai_answer(dumps(game), game.pending.seat, "hard", "1", iterations=8) == choose(
            loads(dumps(game)), game.pending.seat, "hard", rng=random.Random("1"), iterations=8)
    finally:
        await in_threads.close()


async def _lateness_while(work: Any, period: float = 0.010) -> list[float]:
    """How late (s) a task that sleeps ``period`` in a loop wakes, while ``work`` runs."""
    late: list[float] = []
    done = False

    async def tick() -> None:
        while not done:
            asked = time.perf_counter()
            await asyncio.sleep(period)
            late.append(time.perf_counter() - asked - period)

    ticker = asyncio.ensure_future(tick())
    try:
        await work
    finally:
        done = True
        await ticker
    return late


def _p99_ms(late: list[float]) -> float:
    return statistics.quantiles(late, n=100)[98] * 1000


async def test_the_event_loop_keeps_its_pace_while_workers_think_and_draw() -> None:
    """Measured against the same loop idle just before, so that a machine busy with other work
    (its cores shared with other processes) does not count against the workers."""
    asked = [(dumps(g), g.pending.seat if g.pending else 0) for g in _decisions(20)]
    start, events, final = _replay_of(6, seed=5)
    pool = Workers()
    try:
        startup = await pool.start()

        async def heavy() -> None:
            answers = [pool.ai_answer(snapshot, seat, "hard", f"lag:{n}", budget_ms=150)
                       for n, (snapshot, seat) in enumerate(asked)]
            await asyncio.gather(pool.replay(start, events, final, "en"), *answers)

        idle = await _lateness_while(asyncio.sleep(1.0))
        began = time.perf_counter()
        late = await _lateness_while(heavy())
        took = time.perf_counter() - began
    finally:
        await pool.close()
    print(f"pool of {pool.size}: start-up {startup * 1000:.0f} ms; 20 hard answers and a 6-player replay in "
          f"{took:.1f} s; loop lateness p99 {_p99_ms(late):.1f} ms, max {max(late) * 1000:.1f} ms over {len(late)} "
          f"ticks (idle: p99 {_p99_ms(idle):.1f} ms, max {max(idle) * 1000:.1f} ms)")
    assert len(late) > 50
    assert _p99_ms(late) < 50 + _p99_ms(idle), "the event loop woke late (p99)"
    assert max(late) < 0.25 + max(idle)


async def test_work_sent_by_the_bot_under_simcord_runs_in_the_workers(simcord_env: Any) -> None:
    """SimCord follows the bot's executor work (and waits for it) through loop.run_in_executor."""
    pool = Workers()
    drawn: list[bytes] = []

    async def on_guild_channel_create(channel: Any) -> None:  # the bot reads no messages: a channel
        drawn.append(await pool.picture("scoreboard", samples.finished(samples.colourful()), "fr"))

    simcord_env.bot.add_listener(on_guild_channel_create, "on_guild_channel_create")
    try:
        guild = simcord_env.create_guild()
        guild.create_text_channel("saloon")
        await simcord_env.settle()  # returns once the bot has settled, its work included
        assert drawn == [render.png(render.scoreboard_image(samples.finished(samples.colourful()),
                                                            translate=language("fr")))]
    finally:
        await pool.close()


async def test_a_worker_stuck_long_past_its_limit_is_replaced(monkeypatch: pytest.MonkeyPatch,
                                                              caplog: pytest.LogCaptureFixture) -> None:
    monkeypatch.setattr(workers, "STUCK_AFTER", 0.3)
    (game,) = _decisions(1)
    assert game.pending is not None
    pool = Workers()
    try:
        await pool.start()
        first = workers._SHARED.pool
        with pytest.raises(WorkTimeout):
            await pool._run(0.2, time.sleep, 30)  # a job that never ends (as far as the test goes)
        await asyncio.sleep(0.6)  # long past its limit: its worker is deemed stuck
        assert workers._SHARED.pool is not first
        assert "its worker is stuck" in caplog.text
        assert await pool.ai_answer(dumps(game), game.pending.seat, "normal", "3") in game.pending.options
    finally:
        await pool.close()


async def test_a_worker_describes_each_picture_as_it_is_described_here() -> None:
    """Alt text (issue 26): each picture comes with its description, from the same observation."""
    from render.describe import describe

    frames = action_frames(3, seed=4)[10:13]
    pool = Workers()
    try:
        drawn = await pool.described("train", frames, "cs")
        assert drawn == [(render.png(render.train_image(f, translate=language("cs"))),
                          describe("train", f, translate=language("cs"))) for f in frames]
        with pytest.raises(ValueError, match="unknown picture"):
            await pool.described("map", frames, "en")
    finally:
        await pool.close()


async def test_an_urgent_job_goes_before_the_others_waiting_for_a_worker() -> None:
    """Issue 29: a prompt's picture (its player waits for it) is not held behind the channel's."""
    from table.workers import Turns

    turns, order = Turns(1), []
    await turns.acquire()  # the one worker is busy

    async def job(name: str, urgent: bool) -> None:
        await turns.acquire(urgent)
        order.append(name)
        turns.release()

    waiting = [asyncio.create_task(job(name, name.startswith("prompt"))) for name in
               ("train-1", "hand-1", "prompt-1", "train-2", "prompt-2")]
    await asyncio.sleep(0)
    turns.release()
    await asyncio.gather(*waiting)
    assert order == ["prompt-1", "prompt-2", "train-1", "hand-1", "train-2"]
    assert turns.free == 1


async def test_a_job_kept_waiting_by_urgent_ones_goes_first_once_it_has_waited_long_enough() -> None:
    """Issue 29: under a stream of prompts, the channel's pictures still get their turns: one that has
    waited ``patience`` goes before the urgent jobs waiting, then the urgent ones again."""
    from table.workers import Turns

    now = [0.0]
    turns, order = Turns(1, patience=1.0, clock=lambda: now[0]), []
    await turns.acquire()

    async def job(name: str, urgent: bool) -> None:
        await turns.acquire(urgent)
        order.append(name)

    waiting = [asyncio.create_task(job("train-1", False))]
    await asyncio.sleep(0)
    now[0] = 0.5
    waiting += [asyncio.create_task(job(name, name.startswith("prompt"))) for name in
                ("train-2", "prompt-1", "prompt-2", "prompt-3")]
    await asyncio.sleep(0)
    for moment in (0.6, 0.9, 1.0, 1.2, 1.6):  # each job, when its turn comes, holds the one worker
        now[0] = moment
        turns.release()
        await asyncio.sleep(0)
    await asyncio.gather(*waiting)
    # prompts first until train-1 has waited 1 s; train-2 (queued at 0.5) only at 1.5 or when alone
    assert order == ["prompt-1", "prompt-2", "train-1", "prompt-3", "train-2"]


async def test_a_job_that_stops_waiting_gives_its_turn_on() -> None:
    from table.workers import Turns

    turns = Turns(1)
    await turns.acquire()
    gone = asyncio.create_task(turns.acquire())
    after = asyncio.create_task(turns.acquire())
    await asyncio.sleep(0)
    gone.cancel()
    await asyncio.gather(gone, return_exceptions=True)
    turns.release()
    await asyncio.wait_for(after, 1.0)  # the cancelled one never held the turn
    turns.release()
    assert turns.free == 1
    # cancelled between the turn's release and its task's next step: passed over, the turn kept
    await turns.acquire()
    late = asyncio.create_task(turns.acquire(urgent=True))
    await asyncio.sleep(0)
    late.cancel()
    turns.release()
    await asyncio.gather(late, return_exceptions=True)
    assert turns.free == 1
