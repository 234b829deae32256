"""Shared by the browser tests: a headless Chromium page context."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from tests.e2e.browser import CHROMIUM, CHROMIUM_ARGS


@pytest.fixture
def browser() -> Iterator[Any]:
    playwright = pytest.importorskip("playwright.sync_api")
    with playwright.sync_playwright() as p:
        chromium = p.chromium.launch(executable_path=str(CHROMIUM), headless=True, args=CHROMIUM_ARGS)
        # SimCord's pages forbid eval in their content security policy; Playwright's waits need it.
        context = chromium.new_context(viewport={"width": 1280, "height": 900}, bypass_csp=True)
        yield context
        chromium.close()
