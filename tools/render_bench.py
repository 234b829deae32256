"""Speed of the train picture: draw and encode 6-wagon, 6-bandit frames many times.

    python -m tools.render_bench [--frames N] [--seed S] [--horses | --prisoners] [--variant two-bandits|two-player]

The frames are the successive actions of a real 6-player game (so the caches see what they see in
play: new captions, moving pawns, changing panels), each drawn by ``train_image`` and encoded by
``encode.png``, one after another on one thread. Sprites, fonts and the palette are made before the
clock starts (the bot makes them at start-up with ``render.assets.preload``). ``--horses`` plays
the game with Horses & Stagecoach (the road, the stagecoach, taller panels); ``--variant`` a game
where each player has two bandits (V-2 with 3 players, V-3: panels grouped by player); ``--prisoners``
the six bandits with a Marshal player (the prison wagon, its cell, the Marshal's panel). The last line is
``median_ms=X p95_ms=Y bytes=Z``: per frame, draw + encode; Z is the largest frame in bytes.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from typing import Any

from render import assets, encode
from render.story import action_frames
from render.train import train_image

PLAYERS = ["ghost", "doc", "tuco", "cheyenne", "belle", "django"]
PAIRS = {"two-bandits": [["ghost", "tuco"], ["doc", "django"], ["belle", "cheyenne"]],
         "two-player": [["tuco", "cheyenne"], ["django", "doc"]]}


def game_frames(seed: int, *, horses: bool = False, variant: str | None = None,
                prisoners: bool = False) -> list[dict[str, Any]]:
    """Every action picture of a whole random 6-player game (``variant``: 3 or 2 players with two
    bandits each), as the channel would get them."""
    from engine import Options, new_game
    from render.play import random_answers

    if variant is None:
        game = new_game(PLAYERS, seed=seed, options=Options(horses=horses, prisoners=prisoners))
    else:
        game = new_game(PAIRS[variant], seed=seed,
                        options=Options(horses=horses, variant=variant, expert=variant == "two-player"))
    return [frame for before, after in random_answers(game, random.Random(seed))
            for frame in action_frames(before, after)]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.render_bench", description=__doc__.split("\n")[0])
    parser.add_argument("--frames", type=int, default=600, help="frames to draw and encode (default 600)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--horses", action="store_true", help="with the Horses & Stagecoach expansion")
    parser.add_argument("--prisoners", action="store_true", help="with Marshal & Prisoners (a Marshal player)")
    parser.add_argument("--variant", choices=sorted(PAIRS), help="two bandits a player (V-2 with 3 players, V-3)")
    args = parser.parse_args(argv)
    frames = game_frames(args.seed, horses=args.horses, variant=args.variant, prisoners=args.prisoners)
    assets.preload()
    encode.palette()
    for obs in frames[:5]:  # warm-up
        encode.png(train_image(obs))
    times: list[float] = []
    sizes: list[int] = []
    for i in range(args.frames):
        obs = frames[i % len(frames)]
        start = time.perf_counter()
        data = encode.png(train_image(obs))
        times.append((time.perf_counter() - start) * 1000)
        sizes.append(len(data))
    times.sort()
    p95 = times[min(len(times) - 1, int(len(times) * 0.95))]
    width, height = train_image(frames[0]).size
    print(f"{len(frames)} different frames of {width}x{height}, {args.frames} drawn; "
          f"mean bytes={statistics.mean(sizes):.0f}")
    print(f"median_ms={statistics.median(times):.2f} p95_ms={p95:.2f} bytes={max(sizes)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
