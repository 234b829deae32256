"""The systemd unit shipped in docs/systemd is one systemd accepts as it stands (issue 28)."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
UNIT = ROOT / "docs" / "systemd" / "colt-express.service"


def _settings(unit: str) -> dict[str, list[str]]:
    found: dict[str, list[str]] = {}
    for line in unit.splitlines():
        if "=" in line and not line.startswith("#"):
            key, _, value = line.partition("=")
            found.setdefault(key, []).append(value)
    return found


def test_the_unit_stops_the_bot_as_it_expects() -> None:
    """SIGTERM to the bot alone (its workers end with it), more time than its 10 s clean stop."""
    settings = _settings(UNIT.read_text())
    assert settings["KillSignal"] == ["SIGTERM"] and settings["KillMode"] == ["mixed"]
    assert int(settings["TimeoutStopSec"][0]) > 10
    assert settings["ExecStart"] == ["/opt/colt-express/.venv/bin/python bot.py"]
    assert "COLT_DATABASE=/var/lib/colt-express/colt.sqlite3" in settings["Environment"]


@pytest.mark.skipif(shutil.which("systemd-analyze") is None, reason="systemd-analyze is not installed")
def test_systemd_analyze_verifies_the_unit(tmp_path: Path) -> None:
    # The unit as installed on this machine: the project here, run as the current user.
    unit = (UNIT.read_text()
            .replace("/opt/colt-express/.venv/bin/python", sys.executable)
            .replace("/opt/colt-express", str(ROOT))
            .replace("User=colt", "User=root").replace("Group=colt", "Group=root"))
    path = tmp_path / "colt-express.service"
    path.write_text(unit)
    result = subprocess.run(["systemd-analyze", "verify", str(path)], capture_output=True, text=True, timeout=60)
    # verify warns about a setting it cannot parse and still exits 0: a warning is a failure here.
    assert result.returncode == 0 and not result.stderr.strip(), result.stderr
