"""The expansion's part of a game: the stagecoach, the shotgun, the horses and the hostages (H-1)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from engine.train import INSIDE, ROOF, STAGECOACH

COACH_IN = f"{STAGECOACH}/{INSIDE}"
COACH_ROOF = f"{STAGECOACH}/{ROOF}"

HOSTAGES = ("poodle", "banker", "minister", "teacher", "pious-woman", "old-lady", "poker-player", "photographer")
FLASKS = ("whiskey", "old-whiskey")  # full flasks; their half-drunk sides end in "-half" (H-13)
HALF = "-half"


@dataclass(slots=True)
class Coach:
    """Where the expansion's pieces stand."""

    faces: int = 0  # the car the stagecoach stands beside (H-10)
    shotgun: int | None = None  # None: guarding the strongbox on the stagecoach roof; else his car's roof (H-11)
    horses: list[int] = field(default_factory=list)  # the car each horse stands at (H-3)
    hostages: list[str] = field(default_factory=list)  # still beside the locomotive (H-12)
    held: dict[str, str] = field(default_factory=dict)  # bandit → the hostage they hold
    # Arrivals still to settle, in order: ["hostage", bandit] (H-10) or ["flee", bandit] (H-11).
    arrivals: list[list[str]] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        return {"faces": self.faces, "shotgun": self.shotgun, "horses": list(self.horses),
                "hostages": list(self.hostages), "held": dict(self.held),
                "arrivals": [list(a) for a in self.arrivals]}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Coach:
        shotgun = data["shotgun"]
        return cls(faces=int(data["faces"]), shotgun=None if shotgun is None else int(shotgun),
                   horses=[int(h) for h in data["horses"]], hostages=[str(h) for h in data["hostages"]],
                   held={str(k): str(v) for k, v in data["held"].items()},
                   arrivals=[[str(x) for x in a] for a in data["arrivals"]])
