"""Settings from the environment and .env (documented in .env.example)."""

from __future__ import annotations

import os
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

    @classmethod
    def from_environment(cls) -> Settings:
        database = os.environ.get("COLT_DATABASE", "").strip()
        return cls(
            token=os.environ.get("DISCORD_TOKEN", "").strip(),
            database=(database if database.startswith(("postgresql://", "postgres://")) else Path(database)) if database
            else ROOT / "colt-express.sqlite3",
            cleanup_after=_int("COLT_CLEANUP_AFTER", 24 * 3600),
            category=os.environ.get("COLT_CATEGORY", "").strip() or "Colt Express",
            sync_commands=os.environ.get("COLT_SYNC_COMMANDS", "").strip().lower() in ("1", "yes", "true"),
            message_interval=_int("COLT_MESSAGE_INTERVAL_MS", 1100) / 1000,
            story_interval=_int("COLT_STORY_INTERVAL_MS", 2500) / 1000,
            game_seed=_int("COLT_GAME_SEED", -1) if os.environ.get("COLT_GAME_SEED", "").strip() else None,
            ai_think=_int("COLT_AI_THINK_MS", 1500) / 1000,
            ai_budget_ms=float(_int("COLT_AI_BUDGET_MS", 250)),
        )
