"""A throwaway PostgreSQL server for the tests: Debian's ``postgresql`` binaries, a cluster in a
temporary directory reached through a Unix socket there (no TCP port), fsync off, stopped and
removed at the end of the session. Each test gets a database of its own (``new_database``). A run
killed before its end (CI's time out, a second ^C) cannot clean up: the next run does (``sweep``).

As root (CI), the server runs as the ``postgres`` user the package creates: PostgreSQL refuses
to run as root.
"""

from __future__ import annotations

import contextlib
import glob
import os
import shutil
import subprocess
import tempfile
from pathlib import Path

USER = "colt"
PORT = 5432  # only names the socket file: the server listens on no TCP port


def binaries() -> Path | None:
    """The folder of ``initdb`` and ``pg_ctl``, or None when PostgreSQL is not installed."""
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/pg_ctl"))
    if found:
        return Path(found[-1]).parent
    on_path = shutil.which("pg_ctl")
    return Path(on_path).parent if on_path else None


PREFIX = "colt-pg-"  # short: a socket path has a limit


class Server:
    def __init__(self, bin_dir: Path, folder: Path | None = None, *, root: Path | None = None) -> None:
        """A new cluster's folder in ``root`` (the temporary directory), or an earlier one's."""
        self.bin = bin_dir
        if folder is None:
            folder = Path(tempfile.mkdtemp(prefix=PREFIX, dir=root))
            (folder / OWNER).write_text(f"{os.getpid()}\n")
        self.folder = folder
        self.data = self.folder / "data"
        self.count = 0

    def _run(self, *command: str) -> str:
        prefix = ["runuser", "-u", "postgres", "--"] if os.geteuid() == 0 else []
        done = subprocess.run([*prefix, *command], capture_output=True, text=True, check=False)
        if done.returncode != 0:
            raise RuntimeError(f"{' '.join(command)} failed: {done.stdout}{done.stderr}")
        return done.stdout

    def start(self) -> None:
        if os.geteuid() == 0:
            shutil.chown(self.folder, "postgres", "postgres")
        self._run(str(self.bin / "initdb"), "-D", str(self.data), "-U", USER, "-A", "trust", "-E", "UTF8",
                  "--no-sync", "--no-instructions")
        options = (f"-k {self.folder} -p {PORT} -c listen_addresses='' -c fsync=off -c synchronous_commit=off"
                   " -c full_page_writes=off -c max_connections=200")
        self._run(str(self.bin / "pg_ctl"), "-D", str(self.data), "-l", str(self.folder / "log"), "-o", options,
                  "-w", "start")

    def url(self, database: str) -> str:
        return f"postgresql://{USER}@/{database}?host={self.folder}&port={PORT}"

    def new_database(self) -> str:
        """A fresh empty database's URL."""
        self.count += 1
        name = f"test{self.count}"
        self._run(str(self.bin / "psql"), "-h", str(self.folder), "-p", str(PORT), "-U", USER, "-d", "postgres",
                  "-q", "-c", f"CREATE DATABASE {name}")
        return self.url(name)

    def stop(self) -> None:
        try:
            self._run(str(self.bin / "pg_ctl"), "-D", str(self.data), "-m", "immediate", "-w", "stop")
        finally:
            shutil.rmtree(self.folder, ignore_errors=True)


OWNER = "owner"  # the test run's process id, in its cluster's folder


def sweep(bin_dir: Path, root: Path | None = None) -> list[Path]:
    """Clusters left by earlier runs whose process is gone: a server still running is stopped
    (``pg_ctl`` daemonizes it, so it outlives a killed run), then the folder is removed; they are
    returned. A folder is an earlier run's when its owner, or else its server (older runs wrote
    no owner), is no longer a process; a live run's cluster, or one whose initdb is under way,
    is left alone."""
    swept = []
    for folder in sorted(Path(root or tempfile.gettempdir()).glob(f"{PREFIX}*")):
        server = _pid(folder / "data" / "postmaster.pid")
        owner = _pid(folder / OWNER) or server
        if owner is None or alive(owner):
            continue
        if server is not None and alive(server):
            with contextlib.suppress(RuntimeError):  # it stopped on its own meanwhile
                Server(bin_dir, folder).stop()
        shutil.rmtree(folder, ignore_errors=True)
        swept.append(folder)
    return swept


def _pid(path: Path) -> int | None:
    """The process id on a file's first line (a postmaster.pid starts with it), if it can be read."""
    try:
        return int(path.read_text().split("\n", 1)[0])
    except (OSError, ValueError):
        return None


def alive(pid: int) -> bool:
    """Whether the process runs: a zombie does not (an init that does not reap keeps ended
    servers as zombies; this machine's does)."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:  # another user's process (the server runs as ``postgres``)
        pass
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()[0]
    except (OSError, IndexError):
        return True  # no /proc to ask: kill's answer stands
    return state not in ("Z", "X")
