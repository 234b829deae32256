"""The real bot and cogs against SimCord's simulated Discord, on a temporary database."""

from __future__ import annotations

from collections.abc import AsyncIterator
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from cogs.app import ColtBot, create_bot
from table.config import Settings


@pytest.fixture
def settings(tmp_path: Path) -> Settings:
    return replace(Settings.from_environment(), token="", database=tmp_path / "colt.sqlite3",
                   sync_commands=True, message_interval=0.0, story_interval=0.0, game_seed=2026,
                   ai_think=0.0, ai_budget_ms=30.0)


@pytest.fixture
def simcord_bot(settings: Settings) -> ColtBot:
    return create_bot(settings)


@pytest.fixture(autouse=True)
async def bots_closed(monkeypatch: pytest.MonkeyPatch) -> AsyncIterator[None]:
    """Every bot a test started is closed after it (SimCord detaches a bot without closing it, and
    an open database keeps a thread, and so the test run, alive)."""
    started: list[ColtBot] = []
    setup_hook = ColtBot.setup_hook

    async def recorded(bot: ColtBot) -> None:
        started.append(bot)
        await setup_hook(bot)

    monkeypatch.setattr(ColtBot, "setup_hook", recorded)
    yield
    for bot in started:
        await bot.close_table()


@pytest.fixture
def client_locales(monkeypatch: pytest.MonkeyPatch) -> dict[int, str]:
    """Each simulated person's Discord client language by user id (SimCord itself sends en-US)."""
    import simcord.interactions as interactions

    locales: dict[int, str] = {}
    original = interactions.base_payload

    def base_payload(backend: Any, **kwargs: Any) -> Any:
        record, payload = original(backend, **kwargs)
        payload["locale"] = locales.get(kwargs["user_id"], payload["locale"])
        return record, payload

    monkeypatch.setattr(interactions, "base_payload", base_payload)
    return locales
