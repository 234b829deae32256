"""The AI arena (tools.arena): paired deals, the paired interval, worker processes and the goals table."""

from __future__ import annotations

import pytest

import tools.arena
from engine.model import Options
from tools.arena import (
    GOALS,
    MIRROR,
    ROTATIONS,
    Goal,
    Lineup,
    Played,
    Run,
    Tally,
    arena,
    main,
    one_by_one,
    paired_interval,
    t95,
    workers,
)

TWO_AGAINST_TWO = ("normal", "normal", "easy", "easy")


def last_fields(out: str) -> dict[str, str]:
    return dict(field.split("=") for field in out.splitlines()[-1].split())


def swapped(levels: tuple[str, ...]) -> tuple[str, ...]:
    return tuple("easy" if level == "normal" else "normal" for level in levels)


def test_a_paired_deal_is_played_twice_with_the_levels_swapped() -> None:
    tally = arena(Lineup(TWO_AGAINST_TWO), MIRROR, Run(8, 3, Options(), None, None))
    games = tally.played
    assert tally.games == 8 and tally.deals == 4
    for first, mirror in zip(games[::2], games[1::2], strict=True):
        assert first.deal == mirror.deal
        assert mirror.seated == swapped(first.seated)
        assert sorted(first.seated) == sorted(TWO_AGAINST_TWO)
    adjacent, alternating = games[0].seated, games[2].seated  # deals 0 and 1
    assert adjacent == TWO_AGAINST_TWO
    assert alternating == ("normal", "easy", "normal", "easy")


def test_every_seat_holds_each_level_once_a_deal_and_starts_the_pattern_in_turn() -> None:
    lineup = Lineup(("hard", "hard", "hard", "normal", "normal", "normal"))
    assert lineup.mirrorable()
    starts = set()
    for deal in range(12):
        first, mirror = lineup.sittings(deal, MIRROR)
        assert first.stream == mirror.stream  # each seat answers from the same stream in both games
        assert all({a, b} == {"hard", "normal"} for a, b in zip(first.levels, mirror.levels, strict=True))
        starts.add(first.levels)
    assert len(starts) > 2


def test_the_marshal_keeps_his_seat_and_partners_keep_their_level() -> None:
    prisoners = Lineup(("hard", "normal", "normal", "easy", "easy"), marshal=1)
    teams = Lineup(TWO_AGAINST_TWO, step=2)
    for deal in range(4):
        assert all(s.levels[0] == "hard" for s in prisoners.sittings(deal, MIRROR))
        assert all(s.levels[0] == s.levels[1] and s.levels[2] == s.levels[3] for s in teams.sittings(deal, MIRROR))
    assert not Lineup(("normal", "easy", "normal", "easy"), step=2).mirrorable()  # partners differ


def test_an_unbalanced_lineup_keeps_its_rotations(capsys: pytest.CaptureFixture[str]) -> None:
    lone = Lineup(("normal", "easy", "easy", "easy"))
    assert not lone.mirrorable()
    seats_of_normal = {s.levels.index("normal") for s in lone.rotations()}
    assert seats_of_normal == {0, 1, 2, 3}
    assert main(["--games", "8", "--seats", "normal,easy,easy,easy", "--paired", "--quiet"]) == 0
    fields = last_fields(capsys.readouterr().out)
    assert fields["seating"] == ROTATIONS and fields["deals"] == "2"


def test_the_last_line_has_the_paired_fields(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--games", "6", "--seats", ",".join(TWO_AGAINST_TWO), "--quiet"]) == 0
    fields = last_fields(capsys.readouterr().out)
    assert fields["games"] == "6" and fields["deals"] == "3" and fields["seating"] == MIRROR
    for level in ("normal", "easy"):
        assert {f"{level}_win", f"{level}_ci", f"{level}_paired_ci", f"{level}_median_ms"} <= fields.keys()
    assert main(["--games", "4", "--seats", ",".join(TWO_AGAINST_TWO), "--rotate", "--quiet"]) == 0
    fields = last_fields(capsys.readouterr().out)
    assert fields["seating"] == ROTATIONS and fields["deals"] == "1"


def test_worker_processes_play_exactly_as_one() -> None:
    run = Run(6, 5, Options(), None, None)
    alone = arena(Lineup(TWO_AGAINST_TWO), MIRROR, run, one_by_one)
    with workers(2) as work:
        together = arena(Lineup(TWO_AGAINST_TWO), MIRROR, run, work)

    def outcomes(tally: Tally) -> list[object]:
        return [(game.deal, game.seated, game.shares, game.margins) for game in tally.played]

    assert outcomes(alone) == outcomes(together)
    assert alone.deal_shares == together.deal_shares


def test_the_paired_interval_is_t_on_the_deals_means() -> None:
    low, high = paired_interval([0.4, 0.6, 0.5, 0.5, 0.5])  # mean 0.5, sd 0.0707, 4 degrees of freedom
    assert (low, high) == pytest.approx((0.5 - 2.776 * 0.0707107 / 5**0.5, 0.5 + 2.776 * 0.0707107 / 5**0.5))
    assert paired_interval([0.7]) == (0.0, 1.0)
    assert paired_interval([0.0, 1.0]) == (0.0, 1.0)
    assert t95(30) == 2.042
    assert t95(60) == pytest.approx(2.000, abs=0.001) and t95(10_000) == pytest.approx(1.960, abs=0.001)


def test_the_tally_averages_each_deal_before_the_interval() -> None:
    def game(deal: int, share: float) -> Played:
        return Played(deal, ("normal", "easy"), {"normal": share, "easy": 1 - share}, {}, {})

    tally = Tally(("normal", "easy"))
    tally.add([game(0, 1.0), game(0, 0.0)])
    tally.add([game(1, 1.0), game(1, 1.0)])
    tally.add([game(2, 1.0), game(2, 0.5)])
    assert tally.deal_shares["normal"] == [0.5, 1.0, 0.75]
    assert tally.rate("normal") == pytest.approx(0.75) and tally.deals == 3
    assert tally.paired("normal") == paired_interval([0.5, 1.0, 0.75])


def test_the_goals(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    assert Goal("hard_vs_normal_5p", "hard", 1, "normal", 5, times_fair=2.5).target == pytest.approx(0.5)
    assert Goal("hard_2v2", "hard", 2, "x", 4, share=0.7).target == 0.7
    monkeypatch.setattr(tools.arena, "BENCHMARK_LEVELS", ())  # as before the benchmark's branch lands
    with pytest.raises(SystemExit):
        main(["--goals", "--games", "2"])
    assert "--stand-in tactician=normal" in capsys.readouterr().err
    cheap = ["--stand-in", "tactician=easy", "--stand-in", "hard=normal"]
    assert main(["--goals", "--games", "4", *cheap]) == 0
    out = capsys.readouterr().out
    last = out.splitlines()[-1].split()
    assert last[0] == "goals"
    fields = dict(field.split("=") for field in last[1:])
    assert list(fields) == ["met", *(goal.name for goal in GOALS)]
    rows = [line for line in out.splitlines() if line.startswith("| 1 ") or line.startswith("| 2 ")]
    assert len(rows) == len(GOALS)
    for row in rows:  # our level's decision time, median / p95 (the time budget beside its share)
        median, p95 = (float(ms) for ms in row.split("|")[8].split("/"))
        assert 0 < median <= p95
    assert fields["met"] == f"{sum(row.endswith('| yes |') for row in rows)}/{len(GOALS)}"
    assert fields["normal_2v2"] == "1.000"  # normal bandits against random ones


def test_by_character_counts_each_bandit_once_a_game_under_its_level(capsys: pytest.CaptureFixture[str]) -> None:
    tally = arena(Lineup(TWO_AGAINST_TWO), MIRROR, Run(4, 7, Options(), None, None))
    for game in tally.played:
        assert len(game.characters) == 4  # a bandit a seat in the base game
        assert sorted(level for level, _ in game.characters) == sorted(game.seated)
        for level in set(game.seated):  # a level's share is its bandits' shares added up
            assert sum(s for (of, _), s in game.characters.items() if of == level) == pytest.approx(
                game.shares.get(level, 0.0))
    assert sum(len(shares) for shares in tally.characters.values()) == 16
    assert main(["--games", "4", "--seats", ",".join(TWO_AGAINST_TWO), "--seed", "7", "--quiet",
                 "--by-character"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[-1].startswith("games=4")  # the machine-readable line stays last
    named = [line for line in lines if "by character" in line]
    assert [line.split()[0] for line in named] == ["easy", "normal"]
    for (level, name), shares in tally.characters.items():
        line = next(line for line in named if line.startswith(level))
        assert f"{name} {sum(shares) / len(shares):.3f} " in line
