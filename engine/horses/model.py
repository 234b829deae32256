"""The expansion's part of a game: the stagecoach, the shotgun, the horses and the hostages (H-1)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from engine.train import INSIDE, ROOF, STAGECOACH

COACH_IN = f"{STAGECOACH}/{INSIDE}"
COACH_ROOF = f"{STAGECOACH}/{ROOF}"

FLASKS = ("whiskey", "old-whiskey")  # full flasks; their half-drunk sides end in "-half" (H-13)
HALF = "-half"
RIDING = "riding"  # a bandit still on horseback in the horse attack (H-2): not on the board yet
ESCAPED = "escaped"  # a bandit who left the board for good with a horse (Escape, H-22)
MELEE = "M"  # the Mêlée turn's code on a round card (H-20, DATA.md)


def is_flask(token: str) -> bool:
    return token.removesuffix(HALF) in FLASKS


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
    # The horse attack (H-2) while it lasts: the wagon reached, the riders still riding (in seat
    # order) and the secret answers given for this wagon (bandit → "stop" | "ride").
    attack: dict[str, Any] | None = None
    tipsy: int | None = None  # the seat that drank this go: no drawing, no second drink (H-13)
    melee: list[int] = field(default_factory=list)  # pile indexes hidden until the Mêlée reveal (H-20)
    moved: int = 0  # the last round whose end-of-round stagecoach move was made (H-10)
    gone: dict[str, int] = field(default_factory=dict)  # "flask", "horse": pieces out of the game

    def to_json(self) -> dict[str, Any]:
        return {"faces": self.faces, "shotgun": self.shotgun, "horses": list(self.horses),
                "hostages": list(self.hostages), "held": dict(self.held),
                "arrivals": [list(a) for a in self.arrivals], "attack": self.attack,
                "tipsy": self.tipsy, "melee": list(self.melee), "moved": self.moved, "gone": dict(self.gone)}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Coach:
        shotgun = data["shotgun"]
        return cls(faces=int(data["faces"]), shotgun=None if shotgun is None else int(shotgun),
                   horses=[int(h) for h in data["horses"]], hostages=[str(h) for h in data["hostages"]],
                   held={str(k): str(v) for k, v in data["held"].items()},
                   arrivals=[[str(x) for x in a] for a in data["arrivals"]],
                   attack=_attack(data.get("attack")), tipsy=data.get("tipsy"),
                   melee=[int(i) for i in data.get("melee", [])], moved=int(data.get("moved", 0)),
                   gone={str(k): int(v) for k, v in data.get("gone", {}).items()})


def _attack(data: Any) -> dict[str, Any] | None:
    if data is None:
        return None
    return {"car": int(data["car"]), "riders": [str(r) for r in data["riders"]],
            "chosen": {str(k): str(v) for k, v in data["chosen"].items()}}
