"""Settings from the environment and .env (documented in .env.example)."""

from __future__ import annotations

import os
import socket
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _int(name: str, default: int) -> int:
    raw = os.environ.get(name, "").strip()
    if not raw:
        return default
    try:
        return int(raw)
    except ValueError as error:
        raise SystemExit(f"{name} must be a whole number, not {raw!r}") from error


def is_url(database: str | Path) -> bool:
    """Whether COLT_DATABASE names a PostgreSQL server (else a SQLite file)."""
    return str(database).startswith(("postgresql://", "postgres://"))


LOG_FORMATS = ("plain", "json")  # COLT_LOG_FORMAT: lines for a person, or JSON objects for a log collector


def _port(name: str) -> int | None:
    """A TCP port to listen on (0: any free one), or None when the setting is empty (off)."""
    if not os.environ.get(name, "").strip():
        return None
    port = _int(name, 0)
    if not 0 <= port <= 65535:
        raise SystemExit(f"{name} must be a port number from 0 to 65535, not {port}")
    return port


def _log_format() -> str:
    raw = os.environ.get("COLT_LOG_FORMAT", "").strip().lower() or LOG_FORMATS[0]
    if raw not in LOG_FORMATS:
        raise SystemExit(f"COLT_LOG_FORMAT must be one of {', '.join(LOG_FORMATS)}, not {raw!r}")
    return raw


AUTO = "auto"  # COLT_SHARD_COUNT=auto: as many shards as Discord recommends, all in this process


def _shards() -> tuple[int | str | None, tuple[int, ...] | None]:
    """COLT_SHARD_COUNT and COLT_SHARD_IDS: how many shards the bot has in all (a number, or
    ``auto``), and which of them this process runs (``0,1`` or ``0-3``; all of them when unset)."""
    raw_count = os.environ.get("COLT_SHARD_COUNT", "").strip().lower()
    raw_ids = os.environ.get("COLT_SHARD_IDS", "").strip()
    count: int | str | None = None
    if raw_count == AUTO:
        count = AUTO
    elif raw_count:
        count = _int("COLT_SHARD_COUNT", 1)
        if count < 1:
            raise SystemExit(f"COLT_SHARD_COUNT must be 1 or more (or {AUTO}), not {raw_count!r}")
    if not raw_ids:
        return count, None
    if not isinstance(count, int):
        raise SystemExit("COLT_SHARD_IDS needs COLT_SHARD_COUNT, the number of shards in all processes")
    ids: list[int] = []
    for part in raw_ids.replace(" ", "").split(","):
        first, _, last = part.partition("-")
        try:
            ids.extend(range(int(first), int(last or first) + 1))
        except ValueError:
            raise SystemExit(f"COLT_SHARD_IDS must list shard numbers like 0,1 or 0-3, not {raw_ids!r}") from None
    if not ids or len(set(ids)) != len(ids) or not all(0 <= shard < count for shard in ids):
        raise SystemExit(f"COLT_SHARD_IDS must name different shards from 0 to {count - 1}, not {raw_ids!r}")
    return count, tuple(ids)


@dataclass(frozen=True)
class Settings:
    token: str
    database: Path | str  # a SQLite file, or a postgresql:// URL (several processes, issue 17)
    cleanup_after: int  # seconds a finished game's channel stays (read-only) before it is deleted
    category: str  # the category that holds game channels
    sync_commands: bool  # sync slash commands at start (do it once after a change, not every start)
    message_interval: float  # seconds between two messages of the bot in one channel
    game_seed: int | None = None  # seeds of new games drawn from this (reproducible runs); None: random
    ai_think: float = 1.5  # seconds an AI bandit waits before answering, so people can follow
    ai_budget_ms: float = 250.0  # thinking time of a hard AI bandit per decision
    # The Discord it connects to starts empty at every start (the local table's simulation): running
    # games are shown anew instead of trusting the messages of the last session.
    fresh_world: bool = False
    worker_processes: bool = True  # False: pictures and AI in threads of this process (no process pool)
    # Seconds between two action pictures in a game's channel: the round unfolds for watchers at a
    # steady rhythm instead of arriving in a burst (issue 13); 0: as fast as message_interval allows.
    story_interval: float = 2.5
    # Sharding (a bot in thousands of servers, over several processes on one PostgreSQL database):
    # the shards in all, a number or "auto" (None: no sharding), and those this process runs.
    shard_count: int | str | None = None
    shard_ids: tuple[int, ...] | None = None
    # This process's name among those sharing the database: what it claims (a turn's timer, a
    # channel's messages) is its own. The same name after a restart takes its claims back at once;
    # two processes running at once must have different names (their shards differ).
    process_name: str = ""
    # The operators' view (table.metrics): /metrics and /healthz served on this port (None: off; 0:
    # any free one, the tests'), on this address (the machine itself by default: metrics are not
    # for the whole network to read).
    metrics_port: int | None = None
    metrics_host: str = "127.0.0.1"
    log_format: str = "plain"  # the log lines: "plain" text, or "json" (one object a line, table.logs)

    @property
    def holder(self) -> str:
        if self.process_name:
            return self.process_name
        shards = ",".join(map(str, self.shard_ids)) if self.shard_ids is not None else "all"
        return f"{socket.gethostname()}:shards={shards}"

    @classmethod
    def from_environment(cls) -> Settings:
        database = os.environ.get("COLT_DATABASE", "").strip()
        shard_count, shard_ids = _shards()
        return cls(
            shard_count=shard_count,
            shard_ids=shard_ids,
            process_name=os.environ.get("COLT_PROCESS_NAME", "").strip(),
            metrics_port=_port("COLT_METRICS_PORT"),
            metrics_host=os.environ.get("COLT_METRICS_HOST", "").strip() or "127.0.0.1",
            log_format=_log_format(),
            token=os.environ.get("DISCORD_TOKEN", "").strip(),
            database=(database if is_url(database) else Path(database)) if database else ROOT / "colt-express.sqlite3",
            cleanup_after=_int("COLT_CLEANUP_AFTER", 24 * 3600),
            category=os.environ.get("COLT_CATEGORY", "").strip() or "Colt Express",
            sync_commands=os.environ.get("COLT_SYNC_COMMANDS", "").strip().lower() in ("1", "yes", "true"),
            message_interval=_int("COLT_MESSAGE_INTERVAL_MS", 1100) / 1000,
            story_interval=_int("COLT_STORY_INTERVAL_MS", 2500) / 1000,
            game_seed=_int("COLT_GAME_SEED", -1) if os.environ.get("COLT_GAME_SEED", "").strip() else None,
            ai_think=_int("COLT_AI_THINK_MS", 1500) / 1000,
            ai_budget_ms=float(_int("COLT_AI_BUDGET_MS", 250)),
        )
