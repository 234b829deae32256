"""The whole run: it ends with no thread left behind (one would keep the process alive after the
last test, and CI would wait for it until its time ran out); a throwaway PostgreSQL server for the
tests of that backend (tests/postgres.py)."""

from __future__ import annotations

import gc
import os
import sys
import threading
from collections.abc import Iterator

import pytest

from tests.postgres import Server, binaries, sweep

LEFT_BEHIND_GRACE = 10.0  # seconds a left-behind thread has to end once its owner is collected


def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    gc.collect()  # an unclosed aiosqlite connection stops its thread when collected
    left = [t for t in threading.enumerate() if _keeps_alive(t)]
    for thread in left:
        thread.join(LEFT_BEHIND_GRACE / max(1, len(left)))
    still = [_described(t) for t in left if t.is_alive()]
    if still:
        sys.stderr.write(f"\nThreads left running after the tests: {', '.join(still)}\n")
        sys.stderr.flush()
        os._exit(3)  # fail now rather than hang until CI's time runs out


def _keeps_alive(thread: threading.Thread) -> bool:
    """A thread the interpreter would wait for at exit. concurrent.futures' threads are not: their
    pools are shut down by an exit hook that runs first (the worker pool's, the event loops')."""
    if thread is threading.main_thread() or thread.daemon:
        return False
    return not _origin(thread).startswith("concurrent.futures")


def _origin(thread: threading.Thread) -> str:
    target = getattr(thread, "_target", None)
    return getattr(target, "__module__", None) or type(thread).__module__


def _described(thread: threading.Thread) -> str:
    return f"{thread.name} (from {_origin(thread)})"


# CI sets it: there, PostgreSQL's tests must run, never be skipped.
REQUIRE_POSTGRES = os.environ.get("COLT_REQUIRE_POSTGRES") == "1"


@pytest.fixture(scope="session")
def postgres_server() -> Iterator[Server]:
    bin_dir = binaries()
    if bin_dir is None:
        if REQUIRE_POSTGRES:
            pytest.fail("COLT_REQUIRE_POSTGRES=1 but PostgreSQL's binaries are not installed")
        pytest.skip("PostgreSQL is not installed (Debian's postgresql package): its backend's tests are skipped")
    sweep(bin_dir)
    server = Server(bin_dir)
    server.start()
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture
def postgres_url(postgres_server: Server) -> str:
    """A fresh empty database on the throwaway server."""
    return postgres_server.new_database()
