"""The Marshal player's own words (M-1): his seat's name, his private sheet under his prompts and in ❔ Help (M-6),
his line on the final count and his last DM (M-9).

He plays no bandit, so the base cogs have nothing to say of him; they ask cogs.hooks, which this
module fills when cogs.prisoners is imported.
"""

from __future__ import annotations

from typing import Any

from cogs.hooks import HOOKS
from engine import lobby as declared
from lang import Language
from render import text
from render.layout import MARSHAL  # the Marshal player's name (M-1): he plays no bandit

Observation = dict[str, Any]


def sheet(lang: Language, prison: dict[str, Any]) -> str:
    """The Marshal's private sheet in his DMs (M-6): his objectives seen, each marked when fulfilled
    as things stand, how many are still to come, and his rewards."""
    met = prison.get("met") or [False] * len(prison["objectives"])
    seen = [f"{'✅' if done else '▫️'} {objective_line(lang, o)}"
            for o, done in zip(prison["objectives"], met, strict=True) if o]
    lines = [lang.text("sheet.objectives", n=len(seen), total=len(seen) + int(prison["objectives_to_come"]))]
    lines += seen
    rewards = prison["rewards"]
    lines.append(lang.text("sheet.rewards", wanted=len(prison["wanted"]), prisoners=len(rewards["prisoners"]),
                           mail=len(rewards["mail"])))
    return "\n".join(lines)


def marshal_result(lang: Language, prison: dict[str, Any]) -> str:
    """The Marshal's line on the final count (M-9): every objective, public at the end, marked."""
    done = set(prison["fulfilled"])
    count = lang.text("score.marshal-objectives", n=len(done), total=len(prison["objectives"]),
                      need=declared.figures()["objectives_to_win"])
    if prison.get("marshal_fallen"):
        count += " · " + lang.text("score.marshal-fallen")
    marks = ", ".join(f"{'✅' if o in done else '❌'} {objective_name(lang, o)}" for o in prison["objectives"])
    crown = " 🏆" if prison.get("marshal_wins") else ""
    return f"⭐ **{lang.text('panel.marshal')}**{crown} — {count}: {marks}"


def objective_name(lang: Language, objective: str) -> str:
    kind, _, bandit = objective.partition(":")
    return lang.text(f"objective.{kind}", bandit=text.bandit_noun(bandit, lang))


def objective_line(lang: Language, objective: str) -> str:
    """An objective by its name and what it asks of the Marshal (M-6): a name alone says little."""
    kind, _, bandit = objective.partition(":")
    goal = lang.text(f"objective-goal.{kind}", bandit=text.bandit_noun(bandit, lang))
    return f"**{objective_name(lang, objective)}** — {goal}"


def objectives_help(lang: Language, prison: dict[str, Any]) -> list[str]:
    """The Marshal's ❔ Help lines on his objectives seen so far (M-6)."""
    seen = [o for o in prison["objectives"] if o]
    return [lang.text("help.objectives"), *(f"• {objective_line(lang, o)}" for o in seen)] if seen else []


def sheet_line(lang: Language, mine: Observation, seat: int) -> str | None:
    """The Marshal player's private sheet under his prompt (M-6), or None for another seat."""
    prison = mine.get("prison")
    return sheet(lang, prison) if prison and prison["seat"] == seat else None


def help_lines(lang: Language, mine: Observation, seat: int) -> list[str]:
    """The Marshal player's objectives at the end of his ❔ Help (M-6): a seat with no bandit."""
    if mine.get("prison") and not mine["seats"][seat]["bandits"]:
        return objectives_help(lang, mine["prison"])
    return []


def final_line(public: Observation, lang: Language) -> str | None:
    """The Marshal's line on the final count (M-9), in a game with a Marshal player."""
    return marshal_result(lang, public["prison"]) if public.get("prison") else None


def place_line(public: Observation, seat: int, lang: Language) -> str | None:
    """The Marshal player's last DM: whether he won, and his objectives (M-9); None for a bandit's seat."""
    prison = public.get("prison")
    if not (prison and prison["seat"] == seat):
        return None
    key = "dm.end.marshal-won" if prison.get("marshal_wins") else "dm.end.marshal-lost"
    return f"{lang.text(key)}\n{marshal_result(lang, prison)}"


def seat_name(public: Observation, seat: int, lang: Language, who: str | None) -> str | None:
    """The Marshal player's seat, the one seat that plays no bandit (M-1): his title, and who plays
    him when the message names people ("the Marshal (@Alice)")."""
    if public["seats"][seat]["bandits"]:
        return None
    marshal = text.bandit_name(MARSHAL, lang)
    return lang.text("seat.marshal-player", marshal=marshal, player=who) if who else marshal


HOOKS.seat_names.append(seat_name)
HOOKS.prompt_lines.append(sheet_line)
HOOKS.help_lines.append(help_lines)
HOOKS.final_lines.append(final_line)
HOOKS.place_lines.append(place_line)
