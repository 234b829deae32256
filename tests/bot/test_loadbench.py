"""The load bench, small: ten 4-player games clicked at once, the way Discord delivers clicks
(concurrently, never waiting for the bot to be idle), must lose no answer and miss no prompt.

It failed while the table's storage shared one connection between concurrent transactions
("cannot start a transaction within a transaction"), and while concurrent reads kept the reader on
an old snapshot (a prompt written but never delivered).
"""

from __future__ import annotations

import pytest

from table.loadbench import Options, bench, play_report


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
