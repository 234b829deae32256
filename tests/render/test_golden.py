"""A few pictures compared with approved ones (tests/render/golden/*.png), with a tolerance for
small differences between FreeType versions. After a change that is meant to alter the pictures,
look at them, then approve the new ones:

    .venv/bin/python -m tests.render.test_golden

They are drawn from hand-written observations (render.samples), so a change in the engine never
moves them.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path

import pytest
from PIL import Image, ImageChops

from render import samples
from render.hand import hand_image
from render.pile import pile_image
from render.scoreboard import scoreboard_image
from render.train import train_image

GOLDEN = Path(__file__).resolve().parent / "golden"

PICTURES: dict[str, Callable[[], Image.Image]] = {
    "train-6": lambda: train_image(samples.colourful()),
    "train-3-planning": lambda: train_image(dict(samples.colourful(samples.ALL[:3], log=[
        {"type": "play", "seat": 1, "face_down": True, "step": 9}]), phase="planning", turn=2,
        pending={"seat": 2, "bandit": None, "kind": "plan"})),
    "pile-private": lambda: pile_image(samples.with_hand(samples.colourful(), 0)),
    "hand": lambda: hand_image(samples.with_hand(samples.colourful(), 1)),
    "scoreboard": lambda: scoreboard_image(samples.finished(samples.colourful())),
}


def difference(a: Image.Image, b: Image.Image) -> tuple[float, float]:
    """Mean absolute difference per channel (0–255), and the share of pixels that differ by more
    than 48 in some channel."""
    diff = ImageChops.difference(a.convert("RGB"), b.convert("RGB"))
    hist = diff.histogram()
    pixels = a.width * a.height
    mean = sum(i * n for band in range(3) for i, n in enumerate(hist[band * 256:(band + 1) * 256])) / (3 * pixels)
    strong = diff.convert("L").point(lambda v: 255 if v > 16 else 0)  # L = weighted mean of the channels
    share = strong.histogram()[255] / pixels
    return mean, share


@pytest.mark.parametrize("name", sorted(PICTURES))
def test_picture_matches_the_approved_one(name: str) -> None:
    path = GOLDEN / f"{name}.png"
    assert path.exists(), f"no approved picture {path.name}: run python -m tests.render.test_golden"
    approved = Image.open(path)
    drawn = PICTURES[name]()
    assert drawn.size == approved.size
    mean, share = difference(drawn, approved)
    assert mean < 1.5 and share < 0.01, f"{name}: mean difference {mean:.2f}, {share:.2%} of pixels differ"


def approve() -> None:
    GOLDEN.mkdir(exist_ok=True)
    for name, draw in PICTURES.items():
        draw().save(GOLDEN / f"{name}.png", optimize=True)
        print(f"approved {name}.png")


if __name__ == "__main__":
    approve()
    sys.exit(0)
