"""The README's keys for `/colt new` with its language option, played in the local table's composer
(SimCord's Preview) as a visitor types them: the lobby opens in the chosen language."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from tests.e2e.browser import CHROMIUM, ROOT, PreviewPage, TableProcess

pytestmark = [
    pytest.mark.e2e,
    pytest.mark.skipif(not CHROMIUM.exists(), reason="needs Debian's chromium at /usr/bin/chromium "
                       "(apt-get install chromium; .ci/run installs it)"),
]
KEYS = {"⏎": "Enter", "Esc": "Escape"}


def readme_keys() -> list[str]:
    """The README's line of keys for `/colt new` with a language: text to type and keys to press."""
    lines = [line.strip() for line in (ROOT / "README.md").read_text(encoding="utf-8").splitlines()
             if line.strip().startswith("/colt new ⏎")]
    assert len(lines) == 1, "the README's local table section gives the keys for /colt new with a language"
    return [part for part in re.split(r"\s*(⏎|Esc)\s*", lines[0]) if part]


def test_the_readme_keys_give_the_language_option_of_colt_new() -> None:
    keys = readme_keys()
    assert keys[0] == "/colt new" and "fr" in keys and keys[-1] == "⏎"


def test_colt_new_in_french_from_the_composer_with_the_readme_keys(browser: Any, tmp_path: Path) -> None:
    table = TableProcess(tmp_path / "colt.sqlite3")
    try:
        saloon = PreviewPage.open(browser, {"#saloon": table.address("#saloon")})["#saloon"]
        saloon.view_as("Alice")
        page = saloon.page
        page.locator("#channel-composer-input").click()
        for part in readme_keys():
            if part in KEYS:
                page.keyboard.press(KEYS[part])
            else:
                page.keyboard.type(part)
                if part.startswith("/"):  # the command list finds it
                    page.wait_for_function("() => window.simcordPreview.commandPicker?.activeEntryKey")
            page.wait_for_timeout(300)  # the composer draws its next list
        page.wait_for_function("() => document.body.innerText.includes('Colt Express — partie n° 1')",
                               timeout=30_000)
        assert "Langue\u00a0: Français" in saloon.text()
        saloon.screenshot("composer-colt-new-in-french")
    finally:
        table.stop()
