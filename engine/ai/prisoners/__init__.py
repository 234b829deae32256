"""Marshal & Prisoners for the AI (RULES.md M-…): the expansion's part of the AI as a package of its own.

Importing it registers its hooks with the base AI (engine.ai.hooks), which never imports it; they
play where the expansion's rules do (engine.prisoners). ``normal`` holds the normal bandit's rules of
thumb for the cell, Brilliant ideas, prisoners, the maluses and the Marshal player as a piece;
``marshal`` the normal AI as the Marshal player; ``worlds`` its part of the worlds drawn from a
seat's view; ``silk`` Silk's Dodge (M-31), which plays wherever she does.
"""

from engine.ai.hooks import scope
from engine.ai.prisoners import marshal, normal, reasons, silk, worlds  # noqa: F401  (registering is importing)

scope(__name__, rules="engine.prisoners")
scope(silk.__name__, rules="engine.prisoners.silk")
