"""render.demo: a whole AI game drawn as the channel shows it."""

from __future__ import annotations

from pathlib import Path

from PIL import Image

from render.demo import main


def test_demo_writes_each_action_the_scoreboard_and_the_replay(tmp_path: Path) -> None:
    out = tmp_path / "demo"
    assert main([str(out), "--players", "3", "--seed", "2", "--levels", "normal,easy,normal",
                 "--format", "gif", "--scale", "0.25"]) == 0
    actions = sorted(out.glob("r*-*.png"))
    rounds = {p.name.split("-")[0] for p in actions}
    assert rounds == {"r1", "r2", "r3", "r4", "r5"}
    numbers = [int(p.name.split("-")[1]) for p in actions]
    assert numbers == list(range(1, len(actions) + 1))  # one picture per action, none lost
    with Image.open(actions[0]) as first, Image.open(out / "scoreboard.png") as board:
        assert first.width > 500 and board.width > 500
    with Image.open(out / "replay.gif") as animation:
        assert animation.n_frames > len(actions) // 2
