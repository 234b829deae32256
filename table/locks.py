"""One ``asyncio.Lock`` per key (a game, a lesson): the answers to one thing are taken one at a time,
those to different things side by side.

A key's lock is kept only while someone holds it or waits on it (a weak map), so a bot that has
seen many games holds no lock for the finished ones.
"""

from __future__ import annotations

import asyncio
import weakref


class Locks:
    def __init__(self) -> None:
        self._by_key: weakref.WeakValueDictionary[int, asyncio.Lock] = weakref.WeakValueDictionary()

    def __call__(self, key: int) -> asyncio.Lock:
        lock = self._by_key.get(key)
        if lock is None:
            lock = self._by_key[key] = asyncio.Lock()
        return lock

    def held(self) -> list[asyncio.Lock]:
        """The locks someone holds now."""
        return [lock for lock in self._by_key.values() if lock.locked()]
