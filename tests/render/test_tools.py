"""The replay, the benchmark (tools.render_bench), the gallery (tools.gallery), the fonts."""

from __future__ import annotations

import io
import random
import re
from pathlib import Path
from typing import Any

import pytest
from PIL import Image, ImageDraw

from engine import apply, new_game, observe
from engine.observe import observe_log
from render import assets, fonts
from render.replay import replay, replay_frames
from tests.render.helpers import CAST
from tools import render_bench
from tools.gallery import base, build


def _played(players: int, seed: int) -> tuple[dict[str, Any], list[dict[str, Any]], dict[str, Any]]:
    game = new_game(CAST[players], seed=seed)
    start = observe(game, None)
    rng = random.Random(seed)
    while game.pending is not None:
        apply(game, rng.choice(game.pending.options))
    return start, observe_log(game, None, since=len(start["log"])), observe(game, None)


@pytest.mark.parametrize("fmt", ["gif", "webp"])
def test_a_whole_game_replays_from_its_log(fmt: str) -> None:
    start, events, final = _played(3, seed=2)
    data = replay(start, events, fmt=fmt, final=final, scale=0.4)
    with Image.open(io.BytesIO(data)) as img:
        assert img.format == fmt.upper()
        assert getattr(img, "n_frames", 1) > 30
    assert len(data) < 8_000_000  # Discord's attachment limit is 10 MB


def test_replay_frames_show_each_round_and_action_once() -> None:
    start, events, final = _played(4, seed=3)
    frames = replay_frames(start, events, final=final)
    resolves = sum(1 for e in events if e["type"] == "resolve")
    rounds = sum(1 for e in events if e["type"] == "round")
    assert resolves + rounds < len(frames) <= resolves + 5 * rounds + 3
    assert len({img.size for img, _ in frames}) == 1


def test_bench_prints_its_figures(capsys: pytest.CaptureFixture[str]) -> None:
    assert render_bench.main(["--frames", "20"]) == 0
    last = capsys.readouterr().out.strip().splitlines()[-1]
    assert re.fullmatch(r"median_ms=\d+\.\d+ p95_ms=\d+\.\d+ bytes=\d+", last), last


def test_gallery_writes_every_kind_of_picture(tmp_path: Path) -> None:
    written = build.write(tmp_path, replay_too=False)
    names = {p.stem for p in written}
    for kind in ("action-fire-django", "action-punch-cheyenne", "event-swivel-arm", "event-hostage-conductor",
                 "game3-planning", "game6-hand", "game4-pile-private", "end-scoreboard", "lang-cs"):
        assert kind in names
    for stem in base.ACTIONS:
        assert f"action-{stem}" in names
    for stem in base.EVENTS:
        assert f"event-{stem}" in names
    assert (tmp_path / "index.html").exists()


LETTERS = ("ěščřžýáíéůúňťďĚŠČŘŽÝÁÍÉŮÚŇŤĎ" "ąćęłńóśźżĄĆĘŁŃÓŚŹŻ"
           "АБВГДЕЁЖЗИЙКЛМНОПРСТУФХЦЧШЩЪЫЬЭЮЯабвгдеёжзийклмнопрстуфхцчшщъыьэюя")


@pytest.mark.parametrize("style", sorted(fonts.FILES))
def test_the_font_has_every_czech_polish_and_russian_letter(style: str) -> None:
    font = fonts.font(style, 20)

    def glyph(letter: str) -> bytes:
        img = Image.new("L", (40, 40))
        ImageDraw.Draw(img).text((8, 8), letter, font=font, fill=255)
        return img.tobytes()

    missing = glyph("\uffff")  # a code point no font has: the "missing" box
    for letter in LETTERS:
        assert glyph(letter) != missing, letter


def test_the_font_files_ship_with_their_licence() -> None:
    assert (fonts.FONT_DIR / "LICENSE-DejaVu.txt").read_text(encoding="utf-8").count("Bitstream") > 2
    for name in fonts.FILES.values():
        assert (fonts.FONT_DIR / name).is_file()


def test_preload_makes_the_sprites() -> None:
    assets.preload()
    assert assets.pawn.cache_info().currsize >= 6
