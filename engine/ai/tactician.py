"""The tactician: a benchmark bandit for the arena (tools.arena), never offered to players.

A strong rule-of-thumb bot of the class of the open-source Colt Express AI's *tactical* and
*strategist* bots (truizlop/ColtExpress; its ideas, in our own code and units, dollars): the arena
measures the other levels' progress against it. It is the look-ahead of engine.ai.lookahead as
the strategist plays it (``lookahead.BENCHMARK``): the forecast of the pile, one value per
resolution with the Gunslinger race, up to three of its own cards ahead judged for the win; and
every Stealin' choice the resolution worth most on the board. Like the normal bandit it answers
from a world drawn from its seat's view (engine.ai.worlds), and reads in it only what the seat may
see.

Calibrated so that the normal bandit before issue 32 won about 0.26–0.29 in 2 v 2 against it (4
players, base game; an independent arena measured that normal at 0.26 and 0.29 against the two
bots it stands for).

Base game only (Expert V-1 too): with an expansion or a seating variant, and for any decision it
does not know, it answers as the normal bandit's rules of thumb do (engine.ai.normal), so every
game finishes.
"""

from __future__ import annotations

import random

from engine.ai import lookahead
from engine.model import Decision
from engine.observe import Observation


def decide(view: Observation, decision: Decision, rng: random.Random) -> str:
    """The tactician's answer to ``decision``, from its seat's view alone (B-11)."""
    return lookahead.decide(view, decision, rng, lookahead.BENCHMARK)
