"""Marshal & Prisoners on Discord: the Marshal player's moves, Colts, sheet and objectives, the
prisoners freed and their thanks, Reflex, Silk's Dodge and the events chosen in the lobby, said and
shown where the base cogs call cogs.hooks.

Importing the package registers its modules' hooks (cogs/__init__.py imports it after cogs.horses).
"""

from __future__ import annotations

from cogs.prisoners import lobby, marshal, texts  # noqa: F401  (they register their hooks)
