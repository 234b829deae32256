"""A whole game played by AI bandits, drawn as the bot draws it: the public view only.

    python -m tools.demo OUT_DIR [--players 4] [--seed S] [--levels hard,normal,normal,easy] [--iterations N]

Writes into OUT_DIR one train picture per resolved action and per round event
(``r<round>-<n>-<what>.png``), the final ``scoreboard.png`` and the animated ``replay.webp`` (or
``--format gif``). Every picture comes from ``observe(game, None)``, as in the game's channel.
"""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path
from typing import Any

import engine  # noqa: F401  (registers every decision handler)
from engine import apply, new_game, observe
from engine.ai import LEVELS, choose
from engine.data import base
from engine.observe import observe_log
from render.caption import opens_run
from render.encode import png
from render.replay import replay
from render.scoreboard import scoreboard_image
from render.story import action_frames
from render.train import train_image

Observation = dict[str, Any]

SHOWN = ("resolve", "event")  # the frames of Stealin' and of the round's event; planning is in the pile


def play_and_draw(
    out_dir: Path, *, players: int, seed: int, levels: list[str], fmt: str, scale: float,
    budget_ms: float | None = None, iterations: int | None = None,
) -> tuple[list[Path], list[str]]:
    """Play and draw one game; the files written, and the cast (``tuco: hard``) in seat order."""
    rng = random.Random(seed)
    characters = rng.sample(base().characters, players)
    game = new_game(characters, seed=seed)
    start = observe(game, None)
    rngs = [random.Random(seed * 10 + seat) for seat in range(players)]
    out_dir.mkdir(parents=True, exist_ok=True)
    written: list[Path] = []
    action: tuple[str, Observation] | None = None  # the action being drawn: its name, its latest frame

    def finish() -> None:
        if action is not None:
            what, frame = action
            path = out_dir / f"r{frame['round']}-{len(written) + 1:03d}-{what}.png"
            path.write_bytes(png(train_image(frame)))
            written.append(path)

    while (decision := game.pending) is not None:
        seat = decision.seat
        answer = choose(game, seat, levels[seat], rng=rngs[seat], budget_ms=budget_ms,
                        iterations=iterations)
        since = len(game.log)
        before = observe(game, None, log_since=since)
        apply(game, answer, seat=seat)
        after = observe(game, None, log_since=since)
        for frame in action_frames(before, after):
            if not frame["log"]:
                continue  # an answer that changed nothing public
            first = frame["log"][0]
            if first["type"] in SHOWN:
                finish()
                action = (first.get("card", "").partition(":")[2] or first["event"] or first["type"], frame)
            elif not opens_run(first, None) and action is not None:
                # The rest of an action that waited for its owner's choice: one picture of all of it.
                action = (action[0], dict(frame, log=action[1]["log"] + frame["log"]))
            else:
                finish()
                action = None
    finish()
    final = observe(game, None)
    board = out_dir / "scoreboard.png"
    board.write_bytes(png(scoreboard_image(final)))
    events = observe_log(game, None, since=len(start["log"]))
    animation = out_dir / f"replay.{fmt}"
    animation.write_bytes(replay(start, events, fmt=fmt, scale=scale, final=final))
    return [*written, board, animation], [f"{name}: {level}" for name, level in zip(characters, levels, strict=True)]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.demo", description=__doc__.split("\n")[0])
    parser.add_argument("out_dir", type=Path)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--levels", default=None,
                        help=f"one level per seat, comma-separated, among {', '.join(LEVELS)} "
                             "(default: hard in the first seat, normal in the others)")
    parser.add_argument("--format", choices=("webp", "gif"), default="webp", help="the replay's format")
    parser.add_argument("--scale", type=float, default=0.5, help="the replay's size against the pictures")
    parser.add_argument("--budget-ms", type=float, default=None, help="the hard bandit's time per decision")
    parser.add_argument("--iterations", type=int, default=None,
                        help="the hard bandit's worlds per decision instead of a time: the same game every run")
    args = parser.parse_args(argv)
    levels = (args.levels or ",".join(["hard"] + ["normal"] * (args.players - 1))).split(",")
    if len(levels) != args.players or not set(levels) <= set(LEVELS):
        parser.error(f"--levels needs {args.players} levels among {', '.join(LEVELS)}")
    written, cast = play_and_draw(args.out_dir, players=args.players, seed=args.seed, levels=levels, fmt=args.format,
                            scale=args.scale, budget_ms=args.budget_ms, iterations=args.iterations)
    print(f"{len(written)} files in {args.out_dir}: {len(written) - 2} actions, scoreboard.png, {written[-1].name}")
    print("seats: " + ", ".join(cast))
    return 0


if __name__ == "__main__":
    sys.exit(main())
