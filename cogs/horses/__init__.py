"""Horses & Stagecoach on Discord: the horse attack before round 1, Ride, the shotgun, hostages and
whiskey, said and shown where the base cogs call cogs.hooks.

Importing the package registers its modules' hooks (cogs/__init__.py imports it, first thing).
"""

from __future__ import annotations

from cogs.horses import story, texts  # noqa: F401  (they register their hooks)
