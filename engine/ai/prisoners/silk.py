"""Silk's Dodge for the normal bandit (M-31): the neutral bullet to the richest rival side, never to
her own. Silk comes in the Marshal & Prisoners box but plays wherever a table seats her; this
module's hooks play where her powers do (engine.prisoners.silk)."""

from __future__ import annotations

import random

from engine.ai.hooks import HOOKS
from engine.ai.normal import Table
from engine.model import Decision


def dodge(table: Table, decision: Decision, rng: random.Random) -> str:
    """Silk's Dodge (M-31): the neutral bullet to the richest rival side, never to her own."""
    return table.best(decision, rng, lambda name: -1e9 if name in table.mine else table.side_scores[name])


HOOKS.decide["dodge"] = dodge
