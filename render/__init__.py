"""Pictures of the game, drawn with Pillow from engine observations (never from the full state).

    from render import train_image, action_frames, png
    before = observe(game, None, log_since=len(game.log))
    n = len(game.log); apply(game, answer)
    after = observe(game, None, log_since=n)
    files = [png(train_image(obs)) for obs in action_frames(before, after)]  # one per action

Every function is pure: an observation and keyword options in, a PIL image (or bytes) out; no I/O
once ``preload()`` has run, no Discord; safe to call from worker threads (``asyncio.to_thread``).

- ``train_image(obs)``: the train after an action, the action marked and captioned (obs["log"]).
- ``action_frames(before, after)``: one observation per action between two public observations.
- ``pile_image(obs)``, ``hand_image(obs)``, ``scoreboard_image(obs)``: the other pictures;
  ``choice_image(obs)``: a choice as its chooser sees it, the options ringed.
- ``replay(start, events)``: an animated GIF / WebP of a whole game from its public log.
- ``png(img)``: the bytes to attach. Each picture takes ``translate=``, the reader's
  ``lang.Language`` (English by default); render.text looks every word up in the catalogs.

The expansions and the variants are packages of their own, which the base pictures never import:
they reach them through render.hooks, filled when this package imports them (as engine/__init__.py
does for the rules).

Horses & Stagecoach (render.horses) needs nothing more: an observation with a ``stagecoach`` is
drawn with the road beside the train (render.horses.stagecoach, its sprites in
render.horses.sprites), its events captioned, marked and replayed by render.horses.caption,
render.horses.marks and render.horses.story; one without is drawn exactly as before.

Marshal & Prisoners (render.prisoners) likewise: an observation with a ``prison`` gets the prison
wagon and the Marshal player's panel (render.prisoners.board), his sheet under his hand
(render.prisoners.sheet), the expansion's captions, story and final count (caption, story, score)
and its words for the alt text (render.prisoners.describe).

Two bandits a player (V-2, V-3, render.variants) likewise: an observation whose seats name two
bandits each gets panels grouped by player (render.panels, who plays whom read by render.seats),
cards marked with their bandit (render.variants.pairs), captions that keep the placement and the
card taken secret (render.variants.caption), the placement marked (render.variants.marks) and a
final count by side (render.variants.score).
"""

from __future__ import annotations

from render import horses, prisoners, variants  # noqa: F401  (the expansions and the variants register their hooks)
from render.caption import caption
from render.choice import choice_image
from render.encode import png
from render.hand import hand_image
from render.pile import pile_image
from render.planning import planning_image
from render.replay import replay
from render.scoreboard import scoreboard_image
from render.story import action_frames
from render.text import Translate
from render.train import train_image


def preload() -> None:
    """Load fonts, draw sprites and build the palette now (at start-up), not in the first picture."""
    from render import assets, encode

    assets.preload()
    encode.palette()


__all__ = [
    "Translate",
    "action_frames",
    "caption",
    "choice_image",
    "hand_image",
    "pile_image",
    "planning_image",
    "png",
    "preload",
    "replay",
    "scoreboard_image",
    "train_image",
]
