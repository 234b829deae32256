"""The seating variants for the AI (RULES.md V-2 … V-4): two bandits per player, the two-player
game, teams.

Importing it registers their hooks with the base AI (engine.ai.hooks), which never imports them;
they play where the variants' rules do (engine.variants). ``pairs`` holds the normal bandit's
decisions for a player with two bandits (V-2, V-3), ``pairs_worlds`` their part of the worlds drawn
from a seat's view; ``teams`` the partners' cards in those worlds and who performs a partner's card
(V-4).
"""

from engine.ai.hooks import scope
from engine.ai.variants import pairs, pairs_worlds, teams

scope(pairs.__name__, rules="engine.variants.pairs")
scope(pairs_worlds.__name__, rules="engine.variants.pairs")
scope(teams.__name__, rules="engine.variants.teams")
