"""Horses & Stagecoach for the AI (RULES.md H-…): the expansion's part of the AI as a package of its own.

Importing it registers its hooks with the base AI (engine.ai.hooks), which never imports it; they
play where the expansion's rules do (engine.horses). ``normal`` holds the normal bandit's rules of
thumb for the expansion (the stagecoach, the shotgun, hostages, whiskey, its decisions and events)
and its count of a score; ``worlds`` its part of the worlds drawn from a seat's view.
"""

from engine.ai.hooks import scope
from engine.ai.horses import normal, reasons, worlds  # noqa: F401  (registering is importing)

scope(__name__, rules="engine.horses")
