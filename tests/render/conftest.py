"""Shared by the picture tests: what the pictures draw."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from render import assets, fonts, panels, planning


@pytest.fixture
def drawn(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[tuple[str, str]]]:
    """Every (text, style) the pictures draw or measure while the test runs."""
    seen: list[tuple[str, str]] = []
    sprite, width = fonts.sprite, fonts.width

    def record_sprite(text: str, style: str, size: int, colour: Any) -> Any:
        seen.append((text, style))
        return sprite(text, style, size, colour)

    def record_width(text: str, style: str, size: int) -> int:
        seen.append((text, style))
        return width(text, style, size)

    monkeypatch.setattr(fonts, "sprite", record_sprite)
    monkeypatch.setattr(fonts, "width", record_width)
    # card labels and panels drawn by earlier tests must be drawn again, and seen
    assets.card.cache_clear()
    panels._panel.cache_clear()
    planning._SCENES.clear()
    yield seen
    assets.card.cache_clear()
    panels._panel.cache_clear()
    planning._SCENES.clear()
