"""A throwaway PostgreSQL server for the tests: Debian's ``postgresql`` binaries, a cluster in a
temporary directory reached through a Unix socket there (no TCP port), fsync off, stopped and
removed at the end of the session. Each test gets a database of its own (``new_database``).

As root (CI), the server runs as the ``postgres`` user the package creates: PostgreSQL refuses
to run as root.
"""

from __future__ import annotations

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


class Server:
    def __init__(self, bin_dir: Path) -> None:
        self.bin = bin_dir
        self.folder = Path(tempfile.mkdtemp(prefix="colt-pg-"))  # short: a socket path has a limit
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
