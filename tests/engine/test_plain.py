"""engine.plain: a deep copy of plain data that is equal to the original and shares nothing mutable."""

from __future__ import annotations

from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from engine.observe import observe
from engine.plain import copy_plain
from engine.setup import new_game

plain = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=5),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=4), inner, max_size=4),
    max_leaves=30,
)


def containers(value: Any) -> list[Any]:
    found = [value] if isinstance(value, dict | list) else []
    children = value.values() if isinstance(value, dict) else value if isinstance(value, list) else ()
    for child in children:
        found += containers(child)
    return found


@given(plain)
def test_a_copy_is_equal_and_shares_no_container(value: Any) -> None:
    copied = copy_plain(value)
    assert copied == value
    assert not {id(c) for c in containers(copied)} & {id(c) for c in containers(value)}


def test_an_observation_copied_can_be_changed_without_touching_the_original() -> None:
    view = observe(new_game(["ghost", "doc", "belle"], seed=7), None)
    copied = copy_plain(view)
    copied["bandits"][0]["loot"].append("purse:250")
    copied["seats"].clear()
    assert copied != view and view["seats"] and "purse:250" not in view["bandits"][0]["loot"]


def test_what_is_not_plain_data_is_still_copied_deeply() -> None:
    inner = [1, 2]
    value = {"pair": (inner, 3), "set": {4}}
    copied = copy_plain(value)
    assert copied == value
    assert copied["pair"][0] is not inner and copied["set"] is not value["set"]
