"""The Discord layer: the /colt commands, buttons, prompts, the game's channel and the outbox.

The expansions and the variants are packages of their own (cogs.horses, cogs.prisoners,
cogs.variants), which the base cogs never import: they reach them through cogs.hooks, filled when
this package imports them, in this order (as engine/__init__.py and render/__init__.py do).
"""

from __future__ import annotations

from cogs import horses, prisoners, variants  # noqa: F401  (the expansions and the variants register their hooks)
