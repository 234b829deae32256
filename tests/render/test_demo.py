"""tools.demo: a whole AI game drawn as the channel shows it, one picture per resolved action."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tools import demo

Observation = dict[str, Any]


def test_demo_draws_each_action_once_then_the_scoreboard_and_the_replay(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The pictures themselves are the renderer's tests; here each "picture" is the log it shows.
    replayed: list[list[Observation]] = []
    monkeypatch.setattr(demo, "train_image", lambda obs: obs)
    monkeypatch.setattr(demo, "scoreboard_image", lambda obs: {**obs, "log": [{"type": "scoreboard"}]})
    monkeypatch.setattr(demo, "png", lambda obs: json.dumps([e["type"] for e in obs["log"]]).encode())
    monkeypatch.setattr(demo, "replay", lambda start, events, **kw: replayed.append(events) or b"animation")

    out = tmp_path / "demo"
    assert demo.main([str(out), "--players", "3", "--seed", "2", "--levels", "normal,easy,normal"]) == 0

    actions = sorted(out.glob("r*-*.png"), key=lambda p: int(p.name.split("-")[1]))
    assert [int(p.name.split("-")[1]) for p in actions] == list(range(1, len(actions) + 1))
    assert {p.name.split("-")[0] for p in actions} == {"r1", "r2", "r3", "r4", "r5"}
    shown = [json.loads(p.read_text()) for p in actions]
    for path, types in zip(actions, shown, strict=True):
        assert types[0] in ("resolve", "event") and types.count("resolve") + types.count("event") == 1, path.name
    (events,) = replayed
    assert len(actions) == sum(e["type"] in ("resolve", "event") for e in events)  # none lost, none twice
    assert any(len(types) > 2 for types in shown)  # an action that waited for a choice is shown whole
    assert json.loads((out / "scoreboard.png").read_text()) == ["scoreboard"]
    assert (out / "replay.webp").read_bytes() == b"animation"
