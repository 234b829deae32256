"""The variants on the pictures: two bandits a player (V-2, V-3) and partners (V-4): the pair's
marks, captions and final count by side, drawn where the base pictures call render.hooks.

Importing the package registers its modules' hooks (render/__init__.py imports it, first thing).
"""

from __future__ import annotations

from render.variants import caption, marks, pairs, score  # noqa: F401  (they register their hooks)
