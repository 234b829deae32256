"""Horses & Stagecoach (RULES.md H-…): the expansion as a package of its own.

Importing it registers its rules with the base game's hooks (engine.hooks), its action (Ride),
its decisions, its events and its part of the scenario format; the base modules never import it.
``data`` reads data/horses.json; ``model`` holds its part of the state; ``setup`` the setup and the
horse attack (H-1, H-2); ``rules`` what its pieces do in Stealin'; ``planning`` whiskey, the Mêlée
and the hostages in Schemin'; ``events`` and ``scoring`` H-22 and H-30; ``checks`` the view and
the invariants; ``scenario`` its scenario fields; ``lobby`` its toggle (engine.lobby).
"""

from engine.hooks import scope
from engine.horses import checks, events, lobby, planning, rules, scenario, scoring, setup  # noqa: F401  (registering is importing)

scope(__name__, lambda options, bandits: options.horses)
