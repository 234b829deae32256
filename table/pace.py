"""The pace of a game: how long a person has for each decision, and when they are reminded.

A pace is a lobby option (``timer``) the host may also change while the game runs. Its name is
what the lobby stores; its words are the catalogs' ``option.timer.<name>``. Slow paces let a game
run over days: the player waited for is reminded by DM at half time and shortly before the end.
"""

from __future__ import annotations

from dataclasses import dataclass

PLANNING_KINDS = ("plan", "discard")  # the decisions of Schemin' (Expert: which cards to keep)


@dataclass(frozen=True)
class Pace:
    planning: float  # seconds for a decision of Schemin'
    choice: float  # seconds for a choice while the pile resolves (shorter: it is one click)

    def limit(self, kind: str) -> float:
        return self.planning if kind in PLANNING_KINDS else self.choice


HOUR = 3600.0
# From fast to slow; the first is the default.
PACES: dict[str, Pace] = {
    "90/45": Pace(90, 45),
    "45/20": Pace(45, 20),
    "180/90": Pace(180, 90),
    "600/300": Pace(600, 300),
    "1h": Pace(HOUR, HOUR / 2),
    "12h": Pace(12 * HOUR, 6 * HOUR),
    "1d": Pace(24 * HOUR, 12 * HOUR),
}
DEFAULT = "90/45"

REMIND_FROM = 30 * 60.0  # decisions this long or longer get reminders; faster games need none
REMIND_AT = (1 / 2, 1 / 12)  # reminders when this share of the time is left: half time, near the end


def pace_of(name: object) -> Pace:
    return PACES.get(str(name), PACES[DEFAULT])


def reminders(limit: float) -> tuple[float, ...]:
    """Seconds before the deadline at which the player is reminded (none for fast decisions)."""
    if limit < REMIND_FROM:
        return ()
    return tuple(limit * share for share in REMIND_AT)


def next_reminder(limit: float, deadline: float, sent: int, now: float) -> tuple[int, float] | None:
    """The next reminder after ``sent`` of them: its number (1, 2, …) and when it is due. Of
    several already due (the bot was down), only the latest is sent."""
    due = [(number, deadline - before) for number, before in enumerate(reminders(limit), start=1) if number > sent]
    while len(due) > 1 and due[1][1] <= now:
        due.pop(0)
    return due[0] if due else None
