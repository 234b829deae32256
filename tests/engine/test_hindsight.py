"""tools.hindsight: hard's two best answers played to the real game's end (issue 32, docs/ai.md)."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from engine import apply, new_game
from engine.ai import choose, hard
from engine.ai.worlds import Knowledge
from engine.model import OVER, Game, Options
from engine.observe import observe
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


def test_the_answer_weighed_against_the_pick_is_the_one_asked_for() -> None:
    """The search's second, the normal level's answer where it differs, or the look-ahead's best
    answer outside the shortlist."""
    found = hard.Averages({"a": -10.0, "b": 5.0}, {"c": 50.0}, worlds=10)
    game = at_a_schemin_decision()
    rng = random.Random(3)
    assert hindsight.pair(game, found, "second", "z", rng) == ["b", "a"]
    assert hindsight.pair(game, found, "normal", "z", rng) == ["b", "z"]
    assert hindsight.pair(game, found, "normal", "b", rng) == ["b"]  # the normal level agrees: no row


def test_the_answer_left_out_is_the_look_ahead_s_best_beyond_the_shortlist() -> None:
    game = at_a_schemin_decision()
    decision = game.pending
    assert decision is not None
    found = hard.search(observe(game, decision.seat), decision, random.Random(2), iterations=4)
    searched = {*found.kept, *found.dropped}
    assert len(searched) == hard.SHORTLIST
    other = hindsight.left_out(game, found, random.Random(4))
    assert other is not None and other not in searched and other in decision.options
    rng = random.Random(4)  # the same numbers as left_out's: the same world, the same ranking
    view = observe(game, decision.seat)
    world = Knowledge(view, decision).sample(rng)
    ranked, _ = hard.look_ahead_ranking(world, decision.seat, hard.candidate_answers(decision, view), rng)
    assert set(ranked[:ranked.index(other)]) <= searched  # every answer the look-ahead ranks above it was searched
    everything = hard.Averages({answer: 0.0 for answer in decision.options}, {}, worlds=4)
    assert hindsight.left_out(game, everything, random.Random(4)) is None


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


def test_stealin_decisions_are_weighed_against_the_normal_level_s(tmp_path: Path) -> None:
    """With ``--phase stealin --against normal`` each row is a Stealin' decision of hard's where the
    search's pick is not the normal level's answer."""
    out = tmp_path / "rows.json"
    assert hindsight.main(["--games", "2", "--players", "3", "--rivals", "easy", "--plays", "1", "--worlds", "4",
                           "--iterations", "4", "--phase", "stealin", "--against", "normal", "--out", str(out)]) == 0
    rows = json.loads(out.read_text())
    assert rows
    for found in rows:
        first, second = found["answers"]
        assert first != second and not first.startswith("plan ")
        assert first.partition(" ")[0] == second.partition(" ")[0]  # two answers to one decision
        assert found["normal"] is False
    assert hindsight.card(rows[0]["answers"][0]) == rows[0]["answers"][0].partition(" ")[0]


def test_only_schemin_has_answers_left_out() -> None:
    with pytest.raises(SystemExit):
        hindsight.main(["--games", "1", "--phase", "stealin", "--against", "left-out"])
