"""The engine's speed benchmark (tools.engine_bench): its stable last line and the base game it plays."""

from __future__ import annotations

import re

import pytest

from tools import engine_bench as bench


def test_last_line_is_stable(capsys: pytest.CaptureFixture[str]) -> None:
    assert bench.main(["--batches", "2", "--games", "3"]) == 0
    last = capsys.readouterr().out.strip().splitlines()[-1]
    assert re.fullmatch(r"players=4 games=6 best_games_per_s=[\d.]+ median_games_per_s=[\d.]+", last)


def test_base_games_draw_the_base_box_bandits(monkeypatch: pytest.MonkeyPatch) -> None:
    """Mei and Silk come with Marshal & Prisoners (M-30, M-31): a base game's bench leaves them out
    unless asked with --bandits all."""
    drawn: set[str] = set()
    real = bench.new_game

    def spy(characters, **kwargs):  # type: ignore[no-untyped-def]
        drawn.update(characters)
        return real(characters, **kwargs)

    monkeypatch.setattr(bench, "new_game", spy)
    for seed in range(30):
        assert bench.play_random(4, seed, bench.Options()) > 0
    assert drawn == set(bench.BASE_BOX)
    drawn.clear()
    for seed in range(30):
        bench.play_random(4, seed, bench.Options(), bench.base().characters)
    assert {"mei", "silk"} & drawn
