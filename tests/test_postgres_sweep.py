"""The test suite's throwaway PostgreSQL clusters (tests/postgres.py): a run killed before its end
leaves its cluster behind, and the next run stops and removes it; a live run's is never touched."""

from __future__ import annotations

import os
import shutil
import subprocess
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.postgres import OWNER, PREFIX, Server, alive, binaries, sweep


@pytest.fixture
def root() -> Iterator[Path]:
    # Not pytest's tmp_path: as root the server runs as ``postgres``, who cannot enter that.
    folder = Path(tempfile.mkdtemp(prefix="sweep-"))
    folder.chmod(0o755)
    yield folder
    shutil.rmtree(folder, ignore_errors=True)


def dead_pid() -> int:
    child = subprocess.Popen(["true"])
    child.wait()
    return child.pid


def left_behind(root: Path, owner: int | None, server: int | None = None) -> Path:
    folder = Path(tempfile.mkdtemp(prefix=PREFIX, dir=root))
    if owner is not None:
        (folder / OWNER).write_text(f"{owner}\n")
    if server is not None:
        (folder / "data").mkdir()
        (folder / "data" / "postmaster.pid").write_text(f"{server}\n{folder / 'data'}\n")
    return folder


def test_a_dead_runs_folder_is_removed_and_a_live_ones_kept(root: Path) -> None:
    dead = left_behind(root, dead_pid())
    older = left_behind(root, None, server=dead_pid())  # before owners were written: its server's
    live = left_behind(root, os.getpid())
    starting = left_behind(root, None)  # no owner or server yet to judge by
    assert sweep(Path("/nonexistent"), root) == sorted([dead, older])
    assert not dead.exists() and not older.exists()
    assert live.exists() and starting.exists()


def test_a_killed_runs_server_is_stopped(root: Path) -> None:
    bin_dir = binaries()
    if bin_dir is None:
        pytest.skip("PostgreSQL is not installed (Debian's postgresql package)")
    server = Server(bin_dir, root=root)
    server.start()
    try:
        postmaster = int((server.data / "postmaster.pid").read_text().split("\n", 1)[0])
        (server.folder / OWNER).write_text(f"{dead_pid()}\n")  # as if the run that started it were killed
        assert sweep(bin_dir, root) == [server.folder]
        assert not server.folder.exists()
        assert not alive(postmaster)
    finally:
        if server.folder.exists():
            server.stop()
