"""Horses & Stagecoach on the pictures: the road, the stagecoach and its shotgun, the horses, the
hostages and the flasks, drawn where the base pictures call render.hooks.

Importing the package registers its modules' hooks (render/__init__.py imports it, first thing).
"""

from __future__ import annotations

from render.horses import art, caption, marks, sprites, stagecoach, story  # noqa: F401  (they register their hooks)
