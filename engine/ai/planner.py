"""The normal bandit at the table: its schemin' looks ahead, the rest is rules of thumb.

In a base game (Expert too) a schemin' decision is the look-ahead's over the bandit's own hand on
the forecast board (engine.ai.lookahead: where everyone will stand when the card resolves, up to
four of its own cards ahead on a beam of sixteen boards, judged for the win), and each Stealin'
choice is judged on the board once the rest of the pile has resolved. Expansions, variants and
the decisions the look-ahead does not know are the rules of thumb of engine.ai.normal, whose own
schemin' forecasts the pile too but judges one card at a time.

The hard bandit's play-outs cannot afford this look-ahead at every go (a play-out must cost about
a millisecond, and one look-ahead costs about as much): there each bandit plans its schemin' once
with a shorter look-ahead and follows the plan (engine.ai.hard.Schemes), and engine.ai.normal's
quick rules answer the rest.
"""

from __future__ import annotations

import random

from engine.ai import lookahead
from engine.model import Decision
from engine.observe import Observation

# A Fire weighs half as much again as the tactician's: in 2v2 against the tacticians it won 0.580
# against 0.564 as weighed there, over 4,800 paired games on six seeds (twice as much: 0.579). The
# hard bandit's shortlist is this judgement: on the same deals, 400 games a line, it won 0.690
# against 0.665 in 2v2 and 0.456 against 0.451 alone against three tacticians. The round card's
# event weighed where the round ends: 0.599 against 0.580 on the same 4,800 games, ahead on five
# seeds of six (issue 32, docs/ai.md).
STYLE = lookahead.Style(look_ahead=4, beam=16, steal_ahead=True, fire=1.5, events=True)


def decide(view: Observation, decision: Decision, rng: random.Random) -> str:
    """The normal bandit's answer to ``decision``, from its seat's view alone (B-11)."""
    return lookahead.decide(view, decision, rng, STYLE)
