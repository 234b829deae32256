"""The load bench, small: ten 4-player games clicked at once, the way Discord delivers clicks
(concurrently, never waiting for the bot to be idle), must lose no answer and miss no prompt.

It failed while the table's storage shared one connection between concurrent transactions
("cannot start a transaction within a transaction"), and while concurrent reads kept the reader on
an old snapshot (a prompt written but never delivered).

It also checks that what a player feels is measured (issue 29): each click's answer stored and the
next prompt delivered, the CPU time per click, the outbox's backlog, and the stable last line.
"""

from __future__ import annotations

import math

import pytest

from tools.loadbench import Options, bench, play_report

FIGURES = ("games", "clicks", "failed", "missing_prompts", "handler_p99_ms", "loop_lag_p99_ms", "rss_mb",
           "answer_p50_ms", "answer_p99_ms", "prompt_p50_ms", "prompt_p99_ms", "cpu_ms_per_click", "backlog_max")


@pytest.mark.timeout(120)
async def test_ten_games_clicked_at_once_lose_no_answer_and_miss_no_prompt() -> None:
    options = Options(
        games=10, seconds=25.0,
        think=0.2,  # mean: players click fast, so that the games overlap a lot in 25 s
        seed=2026,
        # Unpaced: at this pace a player's DM is edited more often than every 1.1 s, and the test
        # would then measure the pacing (prompts a second late), not the concurrency.
        message_interval=0.0,
        # An unpaced prompt comes within milliseconds; 5 s, not 30, so that a lost one is seen
        # within the 25 s of play; an answer not stored after 5 s is lost, not late.
        prompt_timeout=5.0, apply_timeout=5.0,
    )
    tally = await bench(options)
    report = "\n".join(play_report(tally, options))
    assert tally.tables_seated == options.games, report
    assert tally.clicks > 100, report
    assert tally.failed == 0, report
    assert tally.missing_prompts == 0, report
    assert tally.bot_errors == [], report
    assert not [line for line in tally.bot_log if line.startswith(("ERROR", "CRITICAL"))], report
    assert tally.driver_errors == [], report

    # What a player feels: every applied click has its answer's commit, and what came next.
    assert len(tally.answer_ms) == tally.applied, report
    assert all(0 < ms < options.apply_timeout * 1000 for ms in tally.answer_ms), report
    assert tally.unseen == 0, report
    assert tally.before_answer == 0, report  # no prompt before the answer it follows was stored
    assert tally.dm_prompts + tally.channel_shows + tally.game_enders == tally.applied, report
    assert len(tally.prompt_ms) == tally.dm_prompts + tally.channel_shows > 100, report
    assert all(ms > 0 for ms in tally.prompt_ms), report
    assert tally.workers_cpu_s > 0 and tally.process_cpu_s > tally.simcord_cpu_s + tally.driver_cpu_s > 0, report
    assert 0 < tally.cpu_ms_per_click < math.inf, report
    assert tally.backlog and tally.backlog_max >= 0, report

    # The last line, for scripts: key=value pairs, every figure measured.
    last = dict(pair.split("=", 1) for pair in report.splitlines()[-1].split())
    assert last["backend"] == "sqlite", report
    figures = {name: float(last[name]) for name in FIGURES}
    assert not [name for name, value in figures.items() if math.isnan(value)], report
    assert figures["answer_p50_ms"] <= figures["answer_p99_ms"] <= figures["prompt_p99_ms"], report
    assert figures["answer_p50_ms"] <= figures["prompt_p50_ms"], report
    assert figures["clicks"] == tally.clicks and figures["backlog_max"] == tally.backlog_max, report
