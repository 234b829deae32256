"""Sample pictures of every kind, written into a folder to be opened and looked at.

    python -m tools.gallery OUT_DIR

Writes real games with 3 to 6 players, every action kind (with the powers that bend them), every
event, the pile (public and private), hands, the scoreboard, a replay, captions in Czech, Polish
and Russian (font coverage), Horses & Stagecoach's pictures (tools.gallery.horses), games where
each player has two bandits (V-2, V-3: tools.gallery.pairs), and an
``index.html`` showing each picture at the ~500 px Discord gives it and at full size.
"""

from __future__ import annotations

import argparse
import html
import random
import sys
from collections.abc import Callable
from pathlib import Path

from engine import apply, new_game, observe
from engine.observe import observe_log
from render import encode
from render.replay import replay
from tools.gallery import base, horses, pairs
from tools.gallery.base import Picture

# --- the folder ---------------------------------------------------------------------------------

def write(out_dir: Path, *, replay_too: bool = True) -> list[Path]:
    out_dir.mkdir(parents=True, exist_ok=True)
    pictures: list[Picture] = []
    for players in (3, 4, 5, 6):
        pictures += base.game_pictures(players, seed=10 + players)
    makers: list[Callable[[], list[Picture]]] = [
        base.action_pictures, base.event_pictures, base.hand_pictures, base.end_pictures, base.translation_pictures,
        horses.pictures, pairs.pictures,
    ]
    for make in makers:
        pictures += make()
    written = []
    rows = []
    for stem, img, what in pictures:
        path = out_dir / f"{stem}.png"
        path.write_bytes(encode.png(img))
        written.append(path)
        rows.append((path.name, what, img.size))
    if replay_too:
        game = new_game(base.PLAYERS[4], seed=8)
        start = observe(game, None)
        rng = random.Random(8)
        while game.pending is not None:
            apply(game, rng.choice(game.pending.options))
        events = observe_log(game, None, since=len(start["log"]))
        path = out_dir / "replay.gif"
        path.write_bytes(replay(start, events, final=observe(game, None)))
        written.append(path)
        rows.append((path.name, "A whole 4-player game, replayed from its log", (0, 0)))
    page = ["<!doctype html><meta charset=utf-8><title>render gallery</title>",
            "<style>body{font-family:sans-serif;background:#313338;color:#ddd}"
            ".light{background:#fff;color:#222}figure{margin:24px 0}img{display:block;margin:6px 0}</style>",
            "<p><label><input type=checkbox onclick=\"document.body.classList.toggle('light')\"> light theme</label>"]
    for name, what, size in rows:
        page.append(f"<figure><figcaption>{html.escape(what)} — {html.escape(name)} {size[0]}×{size[1]}"
                    f"</figcaption><img src='{name}' width=500><a href='{name}'>full size</a></figure>")
    (out_dir / "index.html").write_text("\n".join(page), encoding="utf-8")
    return written


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.gallery", description=__doc__.split("\n")[0])
    parser.add_argument("out_dir", type=Path)
    parser.add_argument("--no-replay", action="store_true", help="skip the animated replay (the slow part)")
    args = parser.parse_args(argv)
    written = write(args.out_dir, replay_too=not args.no_replay)
    print(f"{len(written)} pictures in {args.out_dir} (open {args.out_dir / 'index.html'})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
