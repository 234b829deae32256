"""How the seating variants seat a table before its game (engine.lobby): two bandits a player
(V-2), the two-player game (V-3) and teams (V-4), each a choice of the lobby's "variant" option."""

from __future__ import annotations

import random
from typing import Any

from engine.lobby import Part, declare
from engine.variants.pairs import TWO_BANDITS, TWO_PLAYER, pairings
from engine.variants.teams import TEAMS, partner


def _expert(options: dict[str, Any]) -> dict[str, Any]:
    return {**options, "expert": True}  # the two-player game is always played Expert (V-3.3)


# V-2.2: a player chooses among Ghost, Doc and Belle paired at random with Tuco, Cheyenne and
# Django, the same pairs for the whole lobby (drawn from its seed).
PAIRS = declare(Part(TWO_BANDITS, variants=(TWO_BANDITS,), pairs=lambda seed: pairings(random.Random(seed))))
# V-3.1: any two bandits, chosen one after the other.
TWO_PLAYER_GAME = declare(Part(TWO_PLAYER, variants=(TWO_PLAYER,), rules=_expert))
# V-4.1: partners side by side, seats 1-2, 3-4, 5-6 the teams 1, 2, 3; the host draws or makes them.
PARTNERS = declare(Part(TEAMS, variants=(TEAMS,), partner=partner, team=lambda seat: seat // 2 + 1,
                        button="teams", seats_menu="lobby.ai-and-teams"))
