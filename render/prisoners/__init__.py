"""Marshal & Prisoners on the pictures: the prison wagon, the Marshal player's panel and sheet, the
expansion's events and its final count, drawn where the base pictures call render.hooks.

Importing the package registers its modules' hooks (render/__init__.py imports it, first thing).
"""

from __future__ import annotations

from render.prisoners import art, board, caption, describe, score, sheet, story  # noqa: F401  (they register their hooks)
