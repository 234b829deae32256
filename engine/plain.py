"""A deep copy of plain data (what JSON holds: dicts, lists, strings, numbers, booleans, None).

Observations, events and Discord payloads are plain data; ``copy.deepcopy`` copies them right but
slowly (it keeps a memo for shared and cyclic references, which plain data never has). This copy is
some five times faster and leaves the collector fewer objects to look at; anything that is not plain
data (a tuple, a custom object) is handed to ``copy.deepcopy``, so the result is always a deep copy.
"""

from __future__ import annotations

import copy
from typing import TypeVar

T = TypeVar("T")

_ATOMS = frozenset({str, int, float, bool, type(None)})


def copy_plain(value: T) -> T:
    kind = type(value)
    if kind is dict:
        return {key: copy_plain(item) for key, item in value.items()}  # type: ignore[attr-defined,return-value]
    if kind is list:
        return [copy_plain(item) for item in value]  # type: ignore[attr-defined,return-value]
    if kind in _ATOMS:
        return value
    return copy.deepcopy(value)

