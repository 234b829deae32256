"""The variants on Discord: two bandits a player (V-2, V-3: the bandit placed, the card taken, the
cover card) and teams (V-4: the teams drawn in the lobby), said and shown where the base cogs call
cogs.hooks.

Importing the package registers its modules' hooks (cogs/__init__.py imports it last).
"""

from __future__ import annotations

from cogs.variants import lobby, pairs  # noqa: F401  (they register their hooks)
