"""`make bot` without a token starts the local table; no browser needed for this part (issue 7)."""

from __future__ import annotations

import urllib.request
from pathlib import Path

import pytest

from tests.e2e.browser import TableProcess

pytestmark = pytest.mark.e2e


def test_without_a_token_the_bot_serves_a_local_table_until_ctrl_c(tmp_path: Path) -> None:
    database = tmp_path / "colt.sqlite3"
    table = TableProcess(database)
    try:
        table.wait_for("Stop with Ctrl+C")
        assert set(table.addresses) == {"#saloon", "Alice's DMs", "Bob's DMs", "Carol's DMs", "Dan's DMs"}
        for url in table.addresses.values():
            with urllib.request.urlopen(url.partition("#")[0], timeout=10) as page:  # the page, not its key
                assert page.status == 200 and b"SimCord Preview" in page.read()
    finally:
        assert table.stop() == 0
    table.wait_for("The local table is stopped.")
    assert database.exists()
