"""Where an expansion or a variant draws its part: the base pictures call these, the expansions fill them.

The base pictures never import an expansion (as engine/hooks.py keeps the base rules apart from
theirs). Each hook is a list (or a dict) of functions; a base picture calls them in order where an
expansion adds to it: the stagecoach's road under the train (H-10), the prison wagon's cell (M-2), a
panel's third line, a caption's clauses, the final count by side (V-2.7). A function that has
nothing to say for an observation returns what it was given, False or None: each one looks at the
observation (``obs["stagecoach"]``, ``obs["prison"]``, the seats' bandits) and answers only for its
own tables, so a base game is drawn exactly as if no expansion existed.

An expansion registers its functions in ``HOOKS`` when its package is imported: render/__init__.py
imports render.horses, render.prisoners and render.variants, in that order, and the order of a list
is the order they registered in (render.variants.caption puts its clauses first on purpose).

The pictures' layouts and marks read these hooks, so this module imports none of them: what they
pass is typed loosely here (``TrainLayout``, ``Marking`` …: names for ``Any``) to keep the imports
free of circles.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from PIL import Image, ImageDraw

from lang import Noun
from render.text import Translate

Observation = dict[str, Any]
Event = dict[str, Any]
Clause = tuple[str, dict[str, Any]]  # a catalog key and its words (render.caption)
Corner = tuple[int, int]
Scale = Callable[[float], int]  # a panel's sizes at its scale (render.panels.scaled)
# The base's own types, named for what they are (render.layout's TrainLayout and CarBox,
# render.marks' Marking); Any because those modules read these hooks.
TrainLayout = Any
CarBox = Any
Marking = Any


class PanelLine(Hashable, Protocol):
    """A bandit's third panel line as an expansion made it (Marshal & Prisoners' Wanted card,
    prisoner, aces and maluses, M-4 … M-8): hashable, since it is part of a panel's cache key."""

    def draw(self, img: Image.Image, x: int, right: int, mid: int, translate: Translate | None,
             s: Scale) -> None: ...


@dataclass(frozen=True)
class Block:
    """Something an expansion draws under a picture of the base: its height for a width, then the
    drawing from a top ``y`` (the Marshal's sheet under his hand, M-6; his objectives under the
    final count, M-9)."""

    height: Callable[[Observation, int, Translate | None], int]  # (obs, width, translate)
    draw: Callable[[Image.Image, Observation, int, Translate | None], None]  # (img, obs, y, translate)


@dataclass
class Hooks:
    # --- sprites (render.assets) ---
    # Sprites an expansion draws for the base's panels and final count, by name, at a size: the
    # hostage (H-12).
    icons: dict[str, Callable[[int], Image.Image]] = field(default_factory=dict)
    # Draw an expansion's sprites now, at start-up, with the base's (render.assets.preload).
    preload: list[Callable[[], None]] = field(default_factory=list)

    # --- the train picture (render.train, render.layout) ---
    # A car's kind of its own, or None (the prison wagon, M-2): the car as the observation has it.
    car_kinds: list[Callable[[Mapping[str, Any]], str | None]] = field(default_factory=list)
    # A car of such a kind, drawn over the base car: kind → (draw, car box, train layout).
    cars: dict[str, Callable[[ImageDraw.ImageDraw, CarBox, TrainLayout], None]] = field(default_factory=dict)
    # Scenery beside the train, drawn once per layout with the sky and the cars (the road, H-10).
    scenery: list[Callable[[ImageDraw.ImageDraw, TrainLayout], None]] = field(default_factory=list)
    # The header's right side, left of the marshal's bullets: (img, obs, right, mid) (H-11's shotgun).
    header: list[Callable[[Image.Image, Observation, int, int], None]] = field(default_factory=list)
    # Beside the train before its contents: (img, obs, train layout, translate) (the horses, the
    # car the horse attack aims at, H-2, H-3).
    road: list[Callable[[Image.Image, Observation, TrainLayout, Translate | None], None]] = field(
        default_factory=list)
    # The horses beside the cars' numbers, at a scale and at given corners by car (the planning
    # picture's shrunk train, H-3): (img, obs, train layout, scale, corners).
    horses: list[Callable[[Image.Image, Observation, TrainLayout, float, dict[int, Corner] | None], None]] = field(
        default_factory=list)
    # The train's contents, in three layers: under the loot (the stagecoach, H-10), before the
    # bandits' pawns (the shotgun, H-11), after them (riders, the prison's cell, M-2):
    # (img, obs, train layout, the pawns' corners by name, translate).
    under_loot: list[Callable[[Image.Image, Observation, TrainLayout, dict[str, Corner], Translate | None], None]] = (
        field(default_factory=list))
    before_pawns: list[Callable[[Image.Image, Observation, TrainLayout, dict[str, Corner], Translate | None],
                                None]] = field(default_factory=list)
    after_pawns: list[Callable[[Image.Image, Observation, TrainLayout, dict[str, Corner], Translate | None],
                               None]] = field(default_factory=list)
    # An expansion's events marked on the train (render.marks): each adds to ``marking.plan`` what
    # event ``i`` shows, and says whether the base marks must skip it: (marking, i, event).
    marks: list[Callable[[Marking, int, Event], bool]] = field(default_factory=list)

    # --- the story and the captions (render.story, render.caption) ---
    # An event replayed onto a public observation, after the base (the expansion's pieces move).
    story: list[Callable[[Observation, Event], None]] = field(default_factory=list)
    # Events that open a run of their own (one picture, one caption each: docs/events.md).
    run_starts: set[str] = field(default_factory=set)
    # Whether an event opens a new run, given the last event of the run so far (the placement's reveal).
    opens_run: list[Callable[[Event, Event | None], bool]] = field(default_factory=list)
    # The clauses of ``events[i]``, or None when the base tells it: (obs, events, i, translate).
    clauses: list[Callable[[Observation | None, Sequence[Event], int, Translate | None], list[Clause] | None]] = field(
        default_factory=list)

    # --- panels, hands and the pile (render.panels, render.hand, render.planning, render.pile) ---
    # A bandit's third panel line, or None: (obs, the bandit's part of it).
    panel_lines: list[Callable[[Observation, dict[str, Any]], PanelLine | None]] = field(default_factory=list)
    # Panels before the bandits' (the Marshal player's, M-1): (obs, width, height, translate) → the
    # panel, or None.
    first_panels: list[Callable[[Observation, int, int, Translate | None], Image.Image | None]] = field(
        default_factory=list)
    # Under a hand with no bandit (the Marshal player's sheet, M-6), in the hand and planning pictures.
    sheets: list[Block] = field(default_factory=list)
    # A player with two bandits (V-2, V-3), drawn by the variant: their emblem (bandits, diameter);
    # a face-down card of theirs (bandits, w, h); an owner's disc (bandit, letter, diameter); an
    # action card marked with its bandit (owner, action, w, h, label, letter).
    emblems: list[Callable[[tuple[str, ...], int], Image.Image]] = field(default_factory=list)
    team_backs: list[Callable[[tuple[str, ...], int, int], Image.Image]] = field(default_factory=list)
    owner_discs: list[Callable[[str, str, int], Image.Image]] = field(default_factory=list)
    owned_cards: list[Callable[[str, str, int, int, str, str], Image.Image]] = field(default_factory=list)

    # --- the final count (render.scoreboard, render.describe) ---
    # Another table's own final count, or None (by side, V-2.7, V-4): the first drawn wins.
    boards: list[Callable[[Observation, Translate | None], Image.Image | None]] = field(default_factory=list)
    # The loot columns, given the base's (mail bags for the strongbox, M-1).
    loot_kinds: list[Callable[[Observation, tuple[str, ...]], tuple[str, ...]]] = field(default_factory=list)
    # The title's winners, given the bandits who won (the Marshal, M-9).
    winners: list[Callable[[Observation, list[Noun], Translate | None], list[Noun]]] = field(default_factory=list)
    # A row's expansion column: True when drawn (the rewards, M-9): (img, obs, row, x, mid, right, translate).
    score_columns: list[Callable[[Image.Image, Observation, dict[str, Any], int, float, int, Translate | None],
                                 bool]] = field(default_factory=list)
    # Under the bandits' rows (the Marshal's objectives, M-9).
    score_footers: list[Block] = field(default_factory=list)
    # The words of the alt text (render.describe): the Marshal's sheet while planning (M-6) and his
    # objectives at the end (M-9), or "" when the observation has none.
    sheet_lines: list[Callable[[Observation, Translate | None], str]] = field(default_factory=list)
    final_lines: list[Callable[[Observation, Translate | None], str]] = field(default_factory=list)


HOOKS = Hooks()
