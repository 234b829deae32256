"""Marshal & Prisoners (RULES.md M-…): the expansion as a package of its own.

Importing it registers its rules with the base game's hooks (engine.hooks). ``data`` reads
data/prisoners.json; ``model`` holds its part of the state; ``setup`` M-1 and the objective seen
each round (M-6); ``lawman`` the Marshal player's piece, cards and bullets (M-5, M-7, M-8);
``rules`` the cell, the prisoners, the maluses and Deadly fall's throw (M-2, M-4, M-8, M-40);
``idea`` the Brilliant idea (M-3); ``planning`` its part of Schemin'; ``events`` M-40;
``objectives`` M-6 and M-9; ``checks`` the view, the invariants and the snapshot; ``silk``
Silk's powers (M-31); ``with_horses`` both expansions together (M-50); ``scenario`` its scenario
fields; ``lobby`` what it brings to a table before its game (engine.lobby).
"""

from engine.hooks import scope
from engine.prisoners import (  # noqa: F401  (registering is importing)
    checks,
    events,
    idea,
    lawman,
    lobby,
    objectives,
    planning,
    rules,
    scenario,
    setup,
    silk,
    with_horses,
)

# The Marshal player's game (M-1); Silk's powers wherever she plays (M-31); both boxes (M-50).
scope(__name__, lambda options, bandits: options.prisoners)
scope(silk.__name__, lambda options, bandits: silk.SILK in bandits)
scope(with_horses.__name__, lambda options, bandits: options.prisoners and options.horses)
