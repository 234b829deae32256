"""Horses & Stagecoach (RULES.md H-…): the expansion as a package of its own.

Importing it registers its rules with the base game's hooks (engine.hooks), its action (Ride),
its decisions and its part of the scenario format; the base modules never import it. ``model``
holds its part of the state, ``rules`` what its pieces do, ``scenario`` its scenario fields.
"""

from engine.horses import rules, scenario  # noqa: F401  (registering is importing)
