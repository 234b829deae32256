"""The game's random generator, kept inside the game state so that a game is its seed plus its answers."""

from __future__ import annotations

import random
from collections.abc import MutableSequence, Sequence
from itertools import islice
from operator import itemgetter
from typing import Any, TypeVar

T = TypeVar("T")


class Dice:
    """A seeded Mersenne Twister whose whole state is saved with the game."""

    __slots__ = ("_random",)

    def __init__(self, seed: int | None = None) -> None:
        self._random = random.Random(seed)

    def shuffle(self, cards: MutableSequence[Any]) -> None:
        """Sort the cards by fresh random keys: a uniform shuffle done in C, card by card in
        Python is the engine's costliest loop (the library's shuffle calls Python per card)."""
        keys = islice(iter(self._random.random, None), len(cards))
        cards[:] = map(itemgetter(1), sorted(zip(keys, cards, strict=True), key=itemgetter(0)))

    def choice(self, items: Sequence[T]) -> T:
        return self._random.choice(items)

    def sample(self, items: Sequence[T], k: int) -> list[T]:
        return self._random.sample(items, k)

    def randrange(self, n: int) -> int:
        return self._random.randrange(n)

    def state(self) -> list[Any]:
        version, internal, gauss = self._random.getstate()
        return [version, list(internal), gauss]

    @classmethod
    def from_state(cls, saved: Sequence[Any]) -> Dice:
        version, internal, gauss = saved
        dice = cls()
        dice._random.setstate((int(version), tuple(map(int, internal)), gauss))
        return dice

    def copy(self) -> Dice:
        dice = Dice()
        dice._random.setstate(self._random.getstate())
        return dice

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Dice) and self._random.getstate() == other._random.getstate()

    def __hash__(self) -> int:  # pragma: no cover - mutable, never hashed
        raise TypeError("Dice is mutable")
