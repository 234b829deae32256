"""The real bot and cogs against SimCord's simulated Discord, on a temporary database."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from bot import ColtBot, create_bot
from table.config import Settings


@pytest.fixture
def settings(tmp_path: Path) -> Settings:
    return replace(Settings.from_environment(), token="", database=tmp_path / "colt.sqlite3",
                   sync_commands=True, message_interval=0.0, game_seed=2026,
                   ai_think=0.0, ai_budget_ms=30.0)


@pytest.fixture
def simcord_bot(settings: Settings) -> ColtBot:
    return create_bot(settings)
