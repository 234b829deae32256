"""The seating variants (RULES.md V-2 … V-4): two bandits per player, the two-player game, teams.

Each is a module that registers its rules with the base game's hooks (engine.hooks) when imported;
the base modules never import them. ``pairs`` holds V-2 and V-3 (a player with two bandits),
``teams`` V-4 (partners); ``lobby`` how each seats a table
before its game (engine.lobby).
"""

from engine.hooks import scope
from engine.variants import lobby, pairs, teams  # noqa: F401  (``lobby`` registers by being imported)

scope(pairs.__name__, lambda options, bandits: options.variant in ("two-bandits", "two-player"))
scope(teams.__name__, lambda options, bandits: options.variant == "teams")
