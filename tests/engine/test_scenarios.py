"""Rule scenarios: the shared ones, the project's own, and the rule ids they cover."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from engine.scenario import main, run

PROJECT = Path(__file__).resolve().parents[1] / "scenarios"
SHARED = Path(__file__).resolve().parents[3] / "shared" / "scenarios"

# Every rule id of RULES.md from B-2 to B-10, V-1 and H. V-1.6 (Expert is incompatible with the
# Attack-plan bonus) and H-21 itself are tested in tests/engine/test_horses.py: no round card's
# symbols are known (DATA.md), so a scenario cannot reach them.
REQUIRED = (
    [f"B-2.{i}" for i in range(1, 5)]
    + [f"B-3.{i}" for i in range(1, 9)]
    + ["B-4"]
    + [f"B-5.{i}" for i in range(1, 5)]
    + [f"B-6.{i}" for i in range(1, 7)]
    + [f"B-7.{i}" for i in range(1, 11)]
    + [f"B-8.{i}" for i in range(1, 4)]
    + [f"B-9.{i}" for i in range(1, 7)]
    + [f"B-10.{i}" for i in range(1, 10)]
    + [f"V-1.{i}" for i in range(1, 6)]
    + ["H-1", "H-2", "H-3", "H-10", "H-11", "H-12", "H-13", "H-20", "H-22", "H-30"]
    + [f"V-2.{i}" for i in range(1, 10) if i != 2] + [f"V-3.{i}" for i in range(1, 6)]
    + [f"V-4.{i}" for i in range(1, 6)]
    + ["M-1", "M-2", "M-3", "M-4", "M-5", "M-6", "M-7", "M-8", "M-9", "M-40", "M-30", "M-31", "M-50"]
)


def _files(folder: Path) -> list[Path]:
    return sorted(folder.glob("*.json"))


@pytest.mark.parametrize("path", _files(PROJECT), ids=lambda p: p.stem)
def test_project_scenario(path: Path) -> None:
    assert run(json.loads(path.read_text())) == []


@pytest.mark.skipif(not SHARED.is_dir(), reason="../shared/scenarios is not beside the project")
@pytest.mark.parametrize("path", _files(SHARED) if SHARED.is_dir() else [], ids=lambda p: p.stem)
def test_shared_scenario(path: Path) -> None:
    assert run(json.loads(path.read_text())) == []


def test_every_rule_id_is_covered_by_a_scenario() -> None:
    covered = {rule for path in _files(PROJECT) for rule in json.loads(path.read_text())["rules"]}
    missing = [rule for rule in REQUIRED if rule not in covered]
    assert missing == [], f"rule ids no scenario names: {missing}"
    assert all(re.fullmatch(r"[BVHM]-\d+(\.\d+)?", rule) for rule in covered)


def test_command_line_prints_one_line_each_then_the_count(capsys: pytest.CaptureFixture[str]) -> None:
    assert main([str(PROJECT)]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[-1] == f"{len(_files(PROJECT))} passed, 0 failed"
    assert all(line.startswith("PASS ") for line in lines[:-1])


def test_bad_scenarios_fail_with_a_reason(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "a-not-json.json").write_text("{nope")
    (tmp_path / "b-wrong-answer.json").write_text(json.dumps({
        "name": "wrong answer", "options": {"powers": False},
        "bandits": {"ghost": {"at": [1, "roof"]}, "doc": {"at": [2, "roof"]}},
        "steps": [{"by": "ghost", "action": "move", "choose": ["9/roof"]}],
    }))
    (tmp_path / "c-wrong-expectation.json").write_text(json.dumps({
        "name": "wrong expectation",
        "bandits": {"ghost": {"at": [1, "in"]}},
        "steps": [{"expect": {"bandits": {"ghost": {"at": [2, "in"]}}}}],
    }))
    (tmp_path / "d-unknown-action.json").write_text(json.dumps({
        "name": "unknown action", "bandits": {"ghost": {}}, "steps": [{"by": "ghost", "action": "fly"}],
    }))
    assert main([str(tmp_path)]) == 1
    out = capsys.readouterr().out.splitlines()
    assert out[-1] == "0 passed, 4 failed"
    assert out[0].startswith("FAIL a-not-json.json: unreadable")
    assert "answer '9/roof' is not offered" in out[1]
    assert "ghost at: expected 2/in, got 1/in" in out[2]
    assert "'fly' is not supported" in out[3]
