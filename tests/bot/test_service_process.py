"""The real ``bot.py`` run as a service manager runs it: no terminal, its own process group.

Killed with SIGKILL it leaves no process behind (the worker pool ends with it, table.lifeline);
SIGTERM and SIGINT stop it cleanly with exit code 0 within 10 s (issue 28). Both paths share the
clean stop (``ColtBot.close``); the local table (no token) is the one started here, since Discord
cannot be reached from the tests, and the Discord path's signal handling is tested in-process on
the same bot below.
"""

from __future__ import annotations

import asyncio
import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")

ROOT = Path(__file__).resolve().parents[2]
STARTED = "Stop with Ctrl+C"  # the local table's last line once every page (and the workers) is up
START_TIMEOUT = 120.0


def _processes() -> dict[int, tuple[int, int, str]]:
    """Every process: pid → (parent pid, process group, state letter)."""
    found: dict[int, tuple[int, int, str]] = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
        except OSError:
            continue  # ended meanwhile
        # "pid (comm) state ppid pgrp …": the command may hold spaces and parentheses.
        state, ppid, pgrp = stat[stat.rindex(")") + 2:].split()[:3]
        found[int(entry.name)] = (int(ppid), int(pgrp), state)
    return found


def _family(root: int) -> set[int]:
    """``root`` and every process descending from it, alive now."""
    table = _processes()
    family, grew = {root}, True
    while grew:
        more = {pid for pid, (ppid, _, _) in table.items() if ppid in family} - family
        family |= more
        grew = bool(more)
    return {pid for pid in family if pid in table}


def _left(pids: set[int], group: int) -> set[int]:
    """Of ``pids`` and of process group ``group``, those still alive (a zombie has ended)."""
    return {pid for pid, (_, pgrp, state) in _processes().items() if (pid in pids or pgrp == group) and state != "Z"}


@pytest.fixture
def bot_process(tmp_path: Path) -> Iterator[subprocess.Popen[bytes]]:
    env = {**os.environ, "DISCORD_TOKEN": "", "COLT_DATABASE": str(tmp_path / "colt.sqlite3"),
           "PYTHONUNBUFFERED": "1"}
    output = (tmp_path / "out.txt").open("wb")
    process = subprocess.Popen([sys.executable, "bot.py"], cwd=ROOT, env=env, stdin=subprocess.DEVNULL,
                               stdout=output, stderr=subprocess.STDOUT, start_new_session=True)
    began = time.monotonic()
    while STARTED not in (tmp_path / "out.txt").read_text(errors="replace"):
        if process.poll() is not None or time.monotonic() - began > START_TIMEOUT:
            process.kill()
            pytest.fail("the local table did not start:\n" + (tmp_path / "out.txt").read_text(errors="replace"))
        time.sleep(0.2)
    try:
        yield process
    finally:
        if process.poll() is None:
            process.kill()
        process.wait()
        output.close()
        _wait_for_none(_family(process.pid), process.pid, 10.0)


def _wait_for_none(pids: set[int], group: int, seconds: float) -> set[int]:
    deadline = time.monotonic() + seconds
    while (left := _left(pids, group)) and time.monotonic() < deadline:
        time.sleep(0.1)
    return left


def _helpers(process: subprocess.Popen[bytes]) -> set[int]:
    """The bot's helper processes: the fork server, its workers, the resource tracker."""
    helpers = _family(process.pid) - {process.pid}
    assert len(helpers) >= 3, "the workers should be running"
    return helpers


def test_sigkill_leaves_no_process_behind(bot_process: subprocess.Popen[bytes]) -> None:
    helpers = _helpers(bot_process)
    os.kill(bot_process.pid, signal.SIGKILL)
    bot_process.wait()
    assert _wait_for_none(helpers, bot_process.pid, 5.0) == set()


@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGINT])
def test_a_stop_signal_stops_cleanly_with_code_0(bot_process: subprocess.Popen[bytes], sig: int) -> None:
    helpers = _helpers(bot_process)
    began = time.monotonic()
    os.kill(bot_process.pid, sig)
    assert bot_process.wait(timeout=10.0) == 0
    assert time.monotonic() - began < 10.0
    assert _wait_for_none(helpers, bot_process.pid, 5.0) == set()


async def test_the_discord_path_stops_on_sigterm(simcord_env, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    """``run_on_discord``'s handlers on the bot that connects to Discord: SIGTERM closes it, its
    database and workers included (the same ``stop_on_signals`` as on Discord)."""
    from cogs.app import stop_on_signals

    bot = simcord_env.bot
    stop_on_signals(bot)
    try:
        os.kill(os.getpid(), signal.SIGTERM)
        for _ in range(200):
            if bot.is_closed():
                break
            await asyncio.sleep(0.05)
        assert bot.is_closed()
        assert bot._table_closed
        assert bot.workers.closed
    finally:
        loop = asyncio.get_running_loop()
        for sig in (signal.SIGTERM, signal.SIGINT):
            loop.remove_signal_handler(sig)
