"""tools.hindsight: hard's two best answers played to the real game's end (issue 32, docs/ai.md)."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from engine import apply, new_game
from engine.ai import choose, hard
from engine.model import OVER, Game, Options
from engine.scoring import side_scores, winners
from engine.setup import seating
from engine.snapshot import to_json
from tools import hindsight
from tools.hindsight import Row


def at_a_schemin_decision(players: int = 3) -> Game:
    """A base game at its first schemin' decision."""
    game = new_game(seating(Options()).cast(random.Random(5), players), seed=5)
    assert game.pending is not None and game.pending.kind == "plan"
    return game


def test_a_copy_played_to_the_end_leaves_the_real_game_alone_and_repeats_itself() -> None:
    """The same answer and random numbers give the same end; the game copied is untouched, and the
    outcome is the seat's margin over the best other side with its share of the win (B-8.3)."""
    game = at_a_schemin_decision()
    snapshot = to_json(game)
    assert game.pending is not None
    answer = game.pending.options[0]
    levels = ("easy", "easy", "easy")
    first = hindsight.play_to_end(snapshot, answer, levels, seed=7)
    assert hindsight.play_to_end(snapshot, answer, levels, seed=7) == first
    assert to_json(game) == snapshot
    others = [hindsight.play_to_end(snapshot, answer, levels, seed=s) for s in range(8, 14)]
    assert len({end for end in [first, *others]}) > 1  # the random numbers do reach the game
    margin, share = first
    assert share in (0.0, 1 / 3, 0.5, 1.0)
    assert (margin > 0) <= (share == 1.0)  # richest alone: the sole winner


def test_the_outcome_is_read_from_the_count() -> None:
    game = at_a_schemin_decision(players=4)
    rng = random.Random(1)
    while (pending := game.pending) is not None:
        apply(game, choose(game, pending.seat, "easy", rng=rng), seat=pending.seat)
    assert game.phase == OVER
    won = winners(game)
    scores = {game.bandits[side[0]].seat: total for side, total in side_scores(game)}
    for seat, total in scores.items():
        margin, share = hindsight.outcome(game, seat)
        assert margin == total - max(v for other, v in scores.items() if other != seat)
        assert share == pytest.approx(sum(game.bandits[name].seat == seat for name in won) / len(won))


def test_the_best_two_are_the_race_s_then_the_dropped() -> None:
    found = hard.Averages({"a": -10.0, "b": 5.0}, {"c": 50.0}, worlds=10)
    assert hindsight.best_two(found) == ["b", "a"]
    assert hindsight.best_two(hard.Averages({"a": 0.0}, {"c": -5.0, "d": 1.0}, worlds=4)) == ["a", "d"]
    assert hindsight.best_two(hard.Averages({"a": 0.0}, {}, worlds=0)) == ["a"]


def row(gap: float, margin: float, win: float, round_no: int = 1, first: str = "plan play doc:fire") -> Row:
    return Row(deal=1, round=round_no, answers=(first, "plan draw"), normal=True, fresh=(gap, 0.0),
               margin=(margin, 0.0), win=(win, 0.0))


def test_the_summary_reads_the_rows_by_quarters_of_the_gap() -> None:
    rows = [row(gap, margin=gap / 10, win=0.01 * (gap > 150)) for gap in (400, 10, 300, 20, 100, 200, 30, 250)]
    parts = hindsight.quarters(rows)
    assert [[r.gap for r in part] for part in parts] == [[10, 20], [30, 100], [200, 250], [300, 400]]
    lines = hindsight.summary(rows)
    assert lines[-1] == "decisions=8 gap=164 margin=16 win=+0.005"
    assert any(line.startswith("gap 300 to 400") for line in lines)
    assert any(line.startswith("first is fire") for line in lines)
    assert hindsight.card("plan draw") == "draw" and hindsight.card("plan play belle:rob") == "rob"


def test_a_run_weighs_hard_s_decisions_and_keeps_its_rows(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A whole game: every row is one of hard's schemin' decisions with two different answers of its
    own, priced by the fresh search and played to the end; the rows are written as JSON."""
    out = tmp_path / "rows.json"
    assert hindsight.main(["--games", "1", "--players", "3", "--rivals", "easy", "--plays", "1", "--worlds", "4",
                           "--iterations", "4", "--out", str(out)]) == 0
    rows = json.loads(out.read_text())
    last = capsys.readouterr().out.strip().splitlines()[-1]
    assert last.startswith(f"decisions={len(rows)} gap=")
    assert len(rows) >= 5  # a game holds some twenty schemin' decisions of hard's
    for found in rows:
        first, second = found["answers"]
        assert first != second and first.startswith("plan ") and second.startswith("plan ")
        assert 1 <= found["round"] <= 5
        assert all(0.0 <= share <= 1.0 for share in found["win"])
        assert isinstance(found["normal"], bool)
    assert len({found["round"] for found in rows}) > 1
