"""The expansion's part of a game (M-1): the Marshal player's sheet, the prison wagon's cell, the
prisoners, and the round's maluses."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from engine.model import VALUED

MARSHAL = "marshal"  # the Marshal player: his cards ("marshal:arrest"), his bullets, his piece
CELL = "cell"  # the prison wagon's third floor (M-2): "6/cell", adjacent to nothing (engine.prisoners.model.cell)
FALLEN = "fallen"  # thrown off the train for good (Deadly fall, M-40)
SHAKE = "K"  # the Shake turn's code on a round card (M-40, DATA.md)
MAIL = "mailbag"  # a mail bag's loot kind: "mailbag:1200", its value hidden like a purse's (M-1)
IDEA = "idea"  # the Brilliant idea card's action (M-3)
MARSHAL_BULLET = f"bullet:{MARSHAL}"

VALUED.add(MAIL)


def cell(game: Any) -> str:
    """The prison wagon's cell: a position of the caboose (SCENARIOS.md), yet none of the train's
    positions, so that no rule of the train's floors reaches it (M-2)."""
    return f"{game.train.caboose}/{CELL}"


@dataclass(slots=True)
class Prison:
    """Where the expansion's pieces and cards stand."""

    seat: int = 0  # the Marshal player's seat: player 1 (M-1)
    revolvers: list[list[str]] = field(default_factory=list)  # bullets left by malus, top first (M-8)
    aces: list[int] = field(default_factory=list)  # Fist-fight aces on his portrait, top first (M-5)
    won_aces: dict[str, list[int]] = field(default_factory=dict)  # bandit → aces taken from him
    wanted: list[str] = field(default_factory=list)  # bandits whose Wanted card he holds (M-7)
    rewards_prisoners: list[str] = field(default_factory=list)  # prisoner cards in his rewards
    rewards_mail: list[str] = field(default_factory=list)  # mail bags in his rewards
    to_come: list[str] = field(default_factory=list)  # objectives to come, top first (M-6)
    objectives: list[str] = field(default_factory=list)  # seen by him, face down to the others
    revealed: list[str] = field(default_factory=list)  # shown to everyone (Rumours, M-40)
    prisoners: list[str] = field(default_factory=list)  # behind the prison wagon, by their hero (M-4)
    held: dict[str, str] = field(default_factory=dict)  # bandit → the prisoner they freed
    maluses: dict[str, list[str]] = field(default_factory=dict)  # bandit → this round's maluses (M-8)
    golden: int = 0  # Golden bullets fired (M-6)
    fallen: bool = False  # the Marshal thrown off the train (Deadly fall, M-40; a bandit stands at FALLEN)
    chain: bool = False  # a "+" card lets the Marshal play one more card this go (M-7)
    copying: bool = False  # a Brilliant idea's copy is being carried out (M-3, M-8)
    flasks: list[str] = field(default_factory=list)  # whiskey on his sheet (A shot for the marshal, M-40)
    old_whiskey: bool = False  # he drank old whiskey this go: two cards at most (M-40)
    # A phase of the expansion while it lasts: what is left to do (the Reflex queue, the
    # Angry Marshal's actions).
    queue: list[str] = field(default_factory=list)
    resume: str = "round-end"  # the phase after it (a scenario's hand-built state returns to its own)

    def to_json(self) -> dict[str, Any]:
        return {
            "seat": self.seat, "revolvers": [list(r) for r in self.revolvers], "aces": list(self.aces),
            "won_aces": {k: list(v) for k, v in self.won_aces.items()}, "wanted": list(self.wanted),
            "rewards_prisoners": list(self.rewards_prisoners), "rewards_mail": list(self.rewards_mail),
            "to_come": list(self.to_come), "objectives": list(self.objectives), "revealed": list(self.revealed),
            "prisoners": list(self.prisoners), "held": dict(self.held),
            "maluses": {k: list(v) for k, v in self.maluses.items()}, "golden": self.golden,
            "fallen": self.fallen, "chain": self.chain, "copying": self.copying, "queue": list(self.queue),
            "resume": self.resume, "flasks": list(self.flasks), "old_whiskey": self.old_whiskey,
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Prison:
        def strings(key: str) -> list[str]:
            return [str(x) for x in data[key]]

        return cls(
            seat=int(data["seat"]), revolvers=[[str(b) for b in r] for r in data["revolvers"]],
            aces=[int(a) for a in data["aces"]],
            won_aces={str(k): [int(a) for a in v] for k, v in data["won_aces"].items()},
            wanted=strings("wanted"), rewards_prisoners=strings("rewards_prisoners"),
            rewards_mail=strings("rewards_mail"), to_come=strings("to_come"), objectives=strings("objectives"),
            revealed=strings("revealed"), prisoners=strings("prisoners"),
            held={str(k): str(v) for k, v in data["held"].items()},
            maluses={str(k): [str(m) for m in v] for k, v in data["maluses"].items()},
            golden=int(data["golden"]), fallen=bool(data["fallen"]), chain=bool(data["chain"]),
            copying=bool(data["copying"]), queue=strings("queue"),
            resume=str(data.get("resume", "round-end")),
            flasks=[str(f) for f in data.get("flasks", [])], old_whiskey=bool(data.get("old_whiskey", False)),
        )

    def copy(self) -> Prison:
        return Prison.from_json(self.to_json())
