"""A lesson's step as the learner reads and sees it: its words, and the train picture with its pointers.

engine.lessons says which step applies and makes its fields and marks concrete (a bandit, a car, a
position, a loot kind); this module names them in the reader's language (declinable ``lang.Noun``s,
so that ``{rival:acc}`` works) and draws the marks over the train picture of the learner's view.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from PIL import Image

from lang import Noun
from render import text as txt
from render.pointers import draw_pointers
from render.text import Translate
from render.train import train_image


def thing_noun(thing: Mapping[str, Any] | None, translate: Translate | None = None) -> Noun:
    """The name of a concrete thing of engine.lessons.resolve."""
    if thing is None:
        return Noun("?")
    kind = thing.get("kind")
    if kind == "bandit":
        return txt.bandit_noun(str(thing["name"]), translate)
    if kind == "car":
        return txt.car_noun(int(thing["car"]), translate)
    if kind in ("position", "marshal"):
        return txt.position_noun(str(thing["position"]), translate)
    if kind == "loot":
        return txt.loot_noun(str(thing["loot"]), translate)
    return Noun(str(kind))


def _field(thing: Mapping[str, Any] | None, translate: Translate | None) -> object:
    if thing is not None and thing.get("kind") == "number":
        return int(thing["value"])  # the template says how to write it ({value:money})
    return thing_noun(thing, translate)


def step_text(key: str, fields: Mapping[str, Mapping[str, Any] | None], translate: Translate | None = None) -> str:
    """The step's words, its placeholders named."""
    return txt.t(key, translate, **{name: _field(thing, translate) for name, thing in fields.items()})


def step_image(obs: Mapping[str, Any], targets: Sequence[Mapping[str, Any]], *,
               translate: Translate | None = None) -> Image.Image:
    """The train picture of ``obs`` (the learner's view) with the step's pointers over it."""
    img = train_image(dict(obs), translate=translate)
    draw_pointers(img, obs, targets, translate=translate)
    return img
