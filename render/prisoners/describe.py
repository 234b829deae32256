"""Marshal & Prisoners in the pictures' words for those who cannot see them (render.describe): the
Marshal player's sheet under his hand (M-6) and his objectives at the end (M-9).

Importing this module registers both lines with render.hooks.
"""

from __future__ import annotations

from typing import Any

from engine.prisoners.data import prisoners_data  # his count, read where the engine reads it
from render import text as txt
from render.describe import item
from render.hand import hand_view
from render.hooks import HOOKS
from render.layout import MARSHAL
from render.prisoners import sheet
from render.text import Translate

Observation = dict[str, Any]


def sheet_line(obs: Observation, translate: Translate | None) -> str:
    """The Marshal player's sheet under his hand (M-6): the objectives he has seen, each ticked
    when fulfilled as things stand."""
    prison = obs.get("prison")
    view = hand_view(obs) if prison and obs.get("viewer") is not None else None
    if not prison or view is None or view["bandits"] or "objectives_to_come" not in prison:
        return ""
    chips = sheet.seen_chips(prison, translate)
    head = txt.t("sheet.picture-objectives", translate, n=len(chips),
                 total=len(chips) + int(prison["objectives_to_come"]), need=prisoners_data().objectives_to_win)
    return item(head, ", ".join(f"{'☑' if done else '☐'} {label}" for label, done in chips), translate)


def marshal_line(obs: Observation, translate: Translate | None) -> str:
    """The Marshal's objectives at the end (M-9)."""
    prison = obs.get("prison")
    if not prison or "fulfilled" not in prison:
        return ""
    return item(txt.bandit_name(MARSHAL, translate),
                txt.t("score.marshal-objectives", translate, n=len(prison["fulfilled"]),
                      total=len(prison["objectives"]), need=prisoners_data().objectives_to_win), translate)


HOOKS.sheet_lines.append(sheet_line)
HOOKS.final_lines.append(marshal_line)
