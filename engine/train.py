"""Where things can stand: cars, floors and positions (RULES.md B-2).

A position is a short string, ``"<car>/<floor>"`` (``"0/in"``, ``"3/roof"``), the notation of
SCENARIOS.md. Car 0 is the locomotive, the last car the caboose. The table of positions is built
once per train layout so that rules ask it questions instead of doing arithmetic on strings; places
beyond the train (a stagecoach, a prison cell) become more positions of the same table.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache

INSIDE = "in"
ROOF = "roof"
FLOORS = (INSIDE, ROOF)

Position = str

LOCOMOTIVE = "locomotive"
STAGECOACH = "stagecoach"  # beside the train (H-10): its positions are "stagecoach/in" and "stagecoach/roof"


def position(car: int, floor: str) -> Position:
    return f"{car}/{floor}"


@dataclass(frozen=True, slots=True)
class Car:
    index: int
    kind: str  # "locomotive" or "wagon"
    name: str  # the wagon floor's name, "locomotive" for the locomotive


@dataclass(frozen=True)
class Train:
    """The cars front to back and every question about their positions."""

    cars: tuple[Car, ...]
    coach: bool = False  # the stagecoach rides beside the train (H-10)
    positions: tuple[Position, ...] = field(init=False)
    car_of: dict[Position, int] = field(init=False)
    floor_of: dict[Position, str] = field(init=False)
    _at: tuple[tuple[Position, Position], ...] = field(init=False)
    _other: dict[Position, Position] = field(init=False, compare=False, repr=False)
    # Answers to ``neighbours`` and ``within``, asked at every move and punch of every game.
    _near: dict[tuple[Position, int], tuple[Position, ...]] = field(init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        at = tuple((position(c.index, INSIDE), position(c.index, ROOF)) for c in self.cars)
        beside = ((f"{STAGECOACH}/{INSIDE}", f"{STAGECOACH}/{ROOF}"),) if self.coach else ()
        object.__setattr__(self, "_at", at)
        object.__setattr__(self, "positions", tuple(p for pair in (*at, *beside) for p in pair))
        # Only the train's cars have a number: rules that count cars ask ``on_train`` first.
        object.__setattr__(self, "car_of", {p: i for i, pair in enumerate(at) for p in pair})
        object.__setattr__(
            self, "floor_of", {p: f for pair in (*at, *beside) for p, f in zip(pair, FLOORS, strict=True)}
        )
        object.__setattr__(self, "_other", {a: b for x, y in (*at, *beside) for a, b in ((x, y), (y, x))})
        object.__setattr__(self, "_near", {})

    @property
    def caboose(self) -> int:
        return len(self.cars) - 1

    @property
    def wagon_names(self) -> tuple[str, ...]:
        return tuple(c.name for c in self.cars[1:])

    def at(self, car: int, floor: str) -> Position:
        return self._at[car][0 if floor == INSIDE else 1]

    def inside(self, car: int) -> Position:
        return self._at[car][0]

    def roof(self, car: int) -> Position:
        return self._at[car][1]

    def is_roof(self, pos: Position) -> bool:
        return self.floor_of[pos] == ROOF

    def on_train(self, pos: Position) -> bool:
        """A position of the train's cars (not beside it, like the stagecoach's)."""
        return pos in self.car_of

    def other_floor(self, pos: Position) -> Position:
        return self._other[pos]

    def step(self, pos: Position, cars: int) -> Position | None:
        """The same floor ``cars`` cars further back (negative: forward), or None past an end (B-2.3)."""
        car = self.car_of[pos] + cars
        if 0 <= car < len(self.cars):
            return self._at[car][0 if self.floor_of[pos] == INSIDE else 1]
        return None

    def neighbours(self, pos: Position) -> list[Position]:
        """The same floor of the adjacent cars, front first."""
        return self.within(pos, 1)

    def within(self, pos: Position, most: int) -> list[Position]:
        """The same floor 1 to ``most`` cars away either way, front to back (a fresh list)."""
        near = self._near.get((pos, most))
        if near is None:
            car, floor = self.car_of[pos], self.floor_of[pos]
            lo, hi = max(0, car - most), min(len(self.cars) - 1, car + most)
            near = self._near[pos, most] = tuple(self.at(c, floor) for c in range(lo, hi + 1) if c != car)
        return list(near)


@cache
def train_of(wagon_names: tuple[str, ...], coach: bool = False) -> Train:
    """The train of a game: the locomotive then the named wagons, front to back (B-2.1); with
    ``coach``, the stagecoach beside it (H-10)."""
    wagons = (Car(i, "wagon", name) for i, name in enumerate(wagon_names, start=1))
    return Train((Car(0, LOCOMOTIVE, LOCOMOTIVE), *wagons), coach)
