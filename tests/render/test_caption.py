"""Captions: one line per action, made from the event log, every kind of event covered."""

from __future__ import annotations

from typing import Any

import pytest

from lang import english
from render.caption import caption, split_runs
from render.text import t
from tests.render.helpers import CAST, PICTURE_KEYS, frames

OBS: dict[str, Any] = {
    "round": 2, "rounds": 5,
    "seats": [{"seat": i, "bandits": [name]} for i, name in enumerate(CAST[6])],
}

# One example of every event type of docs/events.md, with the words its caption must hold.
EXAMPLES: list[tuple[dict[str, Any], list[str]]] = [
    ({"type": "round", "card": "braking", "first_seat": 0}, ["Round 2 of 5", "Braking"]),
    ({"type": "play", "seat": 1, "face_down": False, "card": "doc:fire"}, ["Doc", "Fire"]),
    ({"type": "play", "seat": 0, "face_down": True}, ["Ghost", "face down"]),
    ({"type": "draw", "seat": 2, "cards": 3}, ["Tuco", "3"]),
    ({"type": "pass", "seat": 3}, ["Cheyenne", "passes"]),
    ({"type": "reshuffle", "seat": 4}, ["Belle"]),
    ({"type": "planning-over"}, ["Stealin'"]),
    ({"type": "resolve", "seat": 5, "bandit": "django", "card": "django:punch", "index": 3, "face_down": True},
     ["Django", "Punch"]),
    ({"type": "move", "bandit": "belle", "at": "2/in", "to": "3/in", "how": "move"}, ["Belle", "car 3"]),
    ({"type": "move", "bandit": "belle", "at": "2/in", "to": "2/roof", "how": "floor"}, ["Belle", "roof"]),
    ({"type": "move", "bandit": "belle", "at": "2/roof", "to": "2/in", "how": "floor"}, ["Belle", "inside"]),
    ({"type": "move", "bandit": "doc", "at": "2/roof", "to": "1/roof", "how": "punch"}, ["Doc", "roof of car 1"]),
    ({"type": "move", "bandit": "doc", "at": "2/in", "to": "3/in", "how": "push"}, ["Doc", "pushed", "car 3"]),
    ({"type": "move", "bandit": "doc", "at": "1/in", "to": "1/roof", "how": "flee"}, ["Doc", "flees"]),
    ({"type": "move", "bandit": "doc", "at": "1/roof", "to": "6/roof", "how": "swivel-arm"}, ["Doc", "car 6"]),
    ({"type": "move", "bandit": "doc", "at": "0/roof", "to": "0/roof", "how": "braking"}, ["Doc", "locomotive"]),
    ({"type": "fire", "bandit": "django", "target": "belle", "at": "2/in", "target_at": "3/in"},
     ["Django fires at Belle"]),
    ({"type": "hit", "bandit": "tuco", "by": "neutral", "cause": "marshal"}, ["marshal", "Tuco"]),
    ({"type": "hit", "bandit": "tuco", "by": "neutral", "cause": "angry-marshal"}, ["marshal", "Tuco"]),
    ({"type": "hit", "bandit": "tuco", "by": "neutral", "cause": "passengers-rebellion"}, ["passengers", "Tuco"]),
    ({"type": "neutral-bullets-gone", "removed": 2}, ["bullets"]),
    ({"type": "rob", "bandit": "ghost", "loot": "jewel", "at": "3/in"}, ["Ghost", "jewel"]),
    ({"type": "rob", "bandit": "ghost", "loot": "purse", "at": "3/in", "how": "pickpocketing"}, ["Ghost", "purse"]),
    ({"type": "punch", "bandit": "doc", "target": "tuco", "at": "2/in"}, ["Doc punches Tuco"]),
    ({"type": "drop", "bandit": "tuco", "loot": "strongbox", "at": "2/in"}, ["Tuco", "strongbox"]),
    ({"type": "take", "bandit": "cheyenne", "target": "tuco", "loot": "purse"}, ["Cheyenne", "Tuco", "purse"]),
    ({"type": "marshal", "at": "1/in", "to": "2/in", "how": "marshal-card"}, ["marshal", "car 2"]),
    ({"type": "no-effect", "bandit": "belle", "action": "fire", "why": "no-target"}, ["Belle", "Fire", "no target"]),
    ({"type": "no-effect", "bandit": "belle", "action": "rob", "why": "no-loot"}, ["Belle", "Rob", "nothing"]),
    ({"type": "no-effect", "bandit": "belle", "action": "fire", "why": "empty-revolver"}, ["Belle", "no bullets"]),
    ({"type": "event", "event": "braking"}, ["Braking", "nobody"]),
    ({"type": "loot-appears", "loot": "strongbox", "at": "2/in"}, ["strongbox", "car 2"]),
    ({"type": "lose", "bandit": "doc", "loot": "purse"}, ["Doc", "loses"]),
    ({"type": "ransom", "bandit": "doc", "loot": "purse", "value": 250}, ["Doc", "$250"]),
    ({"type": "game-over", "scores": {"doc": 0}, "winners": ["doc"]}, ["Game over"]),
]


def test_every_event_type_of_the_log_is_covered() -> None:
    documented = {
        "round", "play", "draw", "pass", "reshuffle", "planning-over", "resolve", "move", "fire", "hit",
        "neutral-bullets-gone", "rob", "punch", "drop", "take", "marshal", "no-effect", "event", "loot-appears",
        "lose", "ransom", "game-over",
    }
    assert {e["type"] for e, _ in EXAMPLES} == documented


@pytest.mark.parametrize(("event", "words"), EXAMPLES, ids=[f"{e['type']}-{i}" for i, (e, _) in enumerate(EXAMPLES)])
def test_each_event_has_a_caption_with_its_facts(event: dict[str, Any], words: list[str]) -> None:
    line = caption(OBS, [event])
    for word in words:
        assert word in line, (word, line)


def test_a_resolved_card_is_told_by_its_effects() -> None:
    run: list[dict[str, Any]] = [
        {"type": "resolve", "seat": 5, "bandit": "django", "card": "django:fire", "index": 0, "face_down": False},
        {"type": "fire", "bandit": "django", "target": "belle", "at": "2/in", "target_at": "3/in"},
        {"type": "move", "bandit": "belle", "at": "3/in", "to": "4/in", "how": "push"},
    ]
    assert caption(OBS, run) == "Django fires at Belle · Belle is pushed to car 4"


def test_the_marshal_meeting_several_bandits_reads_as_one_clause() -> None:
    run: list[dict[str, Any]] = [
        {"type": "resolve", "seat": 0, "bandit": "ghost", "card": "ghost:marshal", "index": 0, "face_down": False},
        {"type": "marshal", "at": "1/in", "to": "2/in", "how": "marshal-card"},
        {"type": "hit", "bandit": "doc", "by": "neutral", "cause": "marshal"},
        {"type": "hit", "bandit": "tuco", "by": "neutral", "cause": "marshal"},
        {"type": "move", "bandit": "doc", "at": "2/in", "to": "2/roof", "how": "flee"},
        {"type": "move", "bandit": "tuco", "at": "2/in", "to": "2/roof", "how": "flee"},
    ]
    assert caption(OBS, run) == ("Ghost moves the marshal to car 2 · "
                                 "Doc and Tuco are shot by the marshal and flee to the roof")


def test_an_event_names_everyone_it_touches() -> None:
    run = [
        {"type": "event", "event": "passengers-rebellion"},
        {"type": "hit", "bandit": "ghost", "by": "neutral", "cause": "passengers-rebellion"},
        {"type": "hit", "bandit": "doc", "by": "neutral", "cause": "passengers-rebellion"},
        {"type": "hit", "bandit": "belle", "by": "neutral", "cause": "passengers-rebellion"},
    ]
    assert caption(OBS, run) == "Passengers' Rebellion — the passengers shoot Ghost, Doc and Belle"


def test_runs_start_at_each_resolve_and_event() -> None:
    events: list[dict[str, Any]] = [
        {"type": "fire", "bandit": "doc", "target": "tuco", "at": "1/in", "target_at": "2/in"},
        {"type": "resolve", "seat": 0, "bandit": "ghost", "card": "ghost:move", "index": 1, "face_down": False},
        {"type": "move", "bandit": "ghost", "at": "1/in", "to": "2/in", "how": "move"},
        {"type": "event", "event": "braking"},
    ]
    assert [len(run) for run in split_runs(events)] == [1, 2, 1]


def test_every_action_of_whole_games_gets_a_caption() -> None:
    for players in (3, 6):
        for obs in frames(players, seed=players):
            assert caption(obs, obs["log"]).strip(), obs["log"]


def test_every_template_formats_with_its_placeholders() -> None:
    fields = {"bandit": "B", "target": "T", "n": 1, "total": 5, "to": "x", "at": "y", "car": "c", "loot": "l",
              "action": "a", "event": "e", "what": "w", "value": 1, "names": "N", "card": "k", "hostage": "h",
              "cards": "c", "player": "P", "partner": "Q", "bandits": "BB",
              "objective": "o", "hero": "H", "dodger": "D", "need": 4}
    for key in english().keys:
        if key.startswith(PICTURE_KEYS):
            t(key, None, **fields)
