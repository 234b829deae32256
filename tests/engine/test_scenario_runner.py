"""The scenario runner itself (engine.scenario, issue 27): every event of the data files, run as a
step, acts on a state where it can or fails with a reason; a station counted at the end (H-22,
M-40) is put in force by its step; nothing a scenario says is silently ignored."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest

from engine.data import DATA_DIR
from engine.hooks import SCENARIO_HOOKS
from engine.model import Game
from engine.scenario import Fields, build, run, run_step
from engine.scoring import scores, winners
from engine.snapshot import to_json

BASE = "base"  # data/base.json: the base game's cards; any other file's cards are its expansion's


def _card_files() -> list[Path]:
    """The data files that hold round and station cards."""
    return [p for p in sorted(DATA_DIR.glob("*.json")) if "station_cards" in json.loads(p.read_text())]


def _events(path: Path) -> list[str]:
    """Every event named by a round or station card of a data file."""
    raw = json.loads(path.read_text())
    cards = [*(c for band in raw["round_cards"].values() for c in band.values()), *raw["station_cards"].values()]
    return sorted({c["event"] for c in cards if c["event"]})


def _stations(path: Path) -> list[str]:
    return sorted({c["event"] for c in json.loads(path.read_text())["station_cards"].values() if c["event"]})


EXPANSIONS = [p.stem for p in _card_files() if p.stem != BASE]  # each named as its option (horses …)
# An expansion's events in its own game; the base events in every game (M-40 changes some).
CASES = [(p.stem, event) for p in _card_files() if p.stem != BASE for event in _events(p)] + [
    (box, event) for box in (BASE, *EXPANSIONS) for event in _events(DATA_DIR / f"{BASE}.json")]


def _state(box: str) -> dict[str, Any]:
    """A hand-built train where each event of the game has something to act on: bandits on roofs
    (Swivel arm, Braking, Higher speed), alone inside by a purse (Pickpocketing, Passengers'
    rebellion), on the marshal's roof with purses (Marshal's revenge, Angry Marshal), on the
    locomotive beside the stagecoach (Hostage-taking, Shotgun's rage), loot and a flask inside the
    marshal's car (Rescue, A shot for the marshal), horses (Out of breath), an objective (Rumours)."""
    prisoners = box == "prisoners"
    state: dict[str, Any] = {
        "name": f"every event: {box}",
        "options": {} if box == BASE else {box: True},
        "wagons": 5 if prisoners else 4,
        "marshal": [1, "in"] if prisoners else 1,
        "bandits": {"ghost": {"at": [2, "roof"], "loot": ["purse:300"]},
                    "doc": {"at": [3, "in"]},
                    "tuco": {"at": [1, "roof"], "loot": ["purse:250", "purse:400"]},
                    "cheyenne": {"at": [0, "roof"]}},
        "floor_loot": {"3/in": ["purse:250"], "1/in": ["jewel"]},
        "steps": [],
    }
    if box == "horses":
        state["horses"] = [2, 3]
        state["floor_loot"]["1/in"].append("whiskey")
    if prisoners:
        state["objectives"] = ["capture:ghost"]
    return state


# Where taking what the event offers is no answer: the steps before it and its answers.
BEFORE = {("prisoners", "reflex"): [{"cards": {"ghost": {"hand": ["move"]}}}]}
CHOOSE = {("prisoners", "angry-marshal"): {"marshal": ["2/in"]},
          ("prisoners", "reflex"): {"ghost": ["ghost:move", "3/roof"]}}


def _outcome(game: Game) -> tuple[dict[str, Any], dict[str, int], list[str]]:
    """The state (without its log, which any step adds to) and the final count as it stands."""
    state = to_json(game)
    state.pop("log")
    return state, scores(game), sorted(winners(game))


def _played(scenario: dict[str, Any]) -> Game:
    game = build(copy.deepcopy(scenario))
    for step in scenario["steps"]:
        run_step(game, Fields(step))
    return game


@pytest.mark.parametrize(("box", "event"), CASES, ids=[f"{box}-{event}" for box, event in CASES])
def test_every_event_of_the_data_acts_as_a_step_or_fails_with_a_reason(box: str, event: str) -> None:
    """H-22, M-40: a station counted at the end changes the round card in force (and so the count)."""
    state = _state(box)
    before = {**state, "steps": BEFORE.get((box, event), [])}
    step: dict[str, Any] = {"event": event}
    if (box, event) in CHOOSE:
        step["choose"] = CHOOSE[box, event]
    failures = run({**state, "steps": [*before["steps"], step]})
    if failures:
        assert all(failure.strip() for failure in failures), f"{event}: a failure without its reason"
        return
    game = _played(before)
    was = _outcome(game)
    run_step(game, Fields(step))
    assert _outcome(game) != was, f"{event} ran as a step, passed, and changed nothing"


@pytest.mark.parametrize("event", sorted(SCENARIO_HOOKS.stations))
def test_a_station_step_is_its_round_event_from_then_on(event: str) -> None:
    """H-22, M-40: the step puts in force what a state's round_event does from the start."""
    box = next(p.stem for p in _card_files() if event in _stations(p))
    assert box != BASE, f"{event} is a base station: it acts, it is not put in force"
    state = _state(box)
    as_field = _played({**state, "round_event": event})
    as_step = _played({**state, "steps": [{"event": event}]})
    assert _outcome(as_step) == _outcome(as_field)


def test_h_22_deadly_bullet_as_a_step_charges_the_round_s_bullets() -> None:
    """H-22 (the issue's case): the step used to pass and leave the count untouched."""
    scenario = json.loads((Path(__file__).parents[1] / "scenarios" / "h-22-deadly-bullet-as-a-step.json").read_text())
    assert run(scenario) == []
    scenario["steps"] = [s for s in scenario["steps"] if "event" not in s]
    assert "score of tuco: expected 1350, got 1500" in run(scenario)[0]


# --- nothing is ignored ---------------------------------------------------------------------------

TRAIN = {"name": "t", "options": {"powers": False},
         "bandits": {"ghost": {"at": [1, "roof"]}, "doc": {"at": [2, "roof"], "loot": ["purse:250"]}}}
PLAYERS = ["ghost", "doc", "tuco"]  # a real game (the project's extension): 3 players at least


def _fails(scenario: dict[str, Any], *reason: str) -> None:
    failures = run(scenario)
    assert failures, "passed"
    assert all(words in failures[0] for words in reason), failures


def test_a_top_level_field_nothing_reads_fails() -> None:
    _fails({**TRAIN, "floorloot": {"1/in": ["jewel"]}, "steps": []}, "not supported", "floorloot")


def test_an_expansion_s_field_without_its_option_fails() -> None:
    """H-10, H-22: the stagecoach and the round event are read only with the horses."""
    _fails({**TRAIN, "stagecoach": 2, "steps": []}, "not supported", "stagecoach")
    _fails({**TRAIN, "round_event": "deadly-bullet", "steps": []}, "not supported", "round_event")


def test_a_bandit_s_field_nothing_reads_fails() -> None:
    bandits = {"ghost": {"at": [1, "roof"], "hostage": "banker"}, "doc": {}}
    _fails({**TRAIN, "bandits": bandits, "steps": []}, "not supported", "bandits.ghost.hostage")


def test_a_game_s_field_nothing_reads_fails() -> None:
    game = {"players": PLAYERS, "seed": 1, "round_card": ["braking"]}
    _fails({"name": "t", "game": game, "steps": []}, "not supported", "game.round_card")
    _fails({"name": "t", "game": {"players": PLAYERS}, "wagons": 3, "steps": []}, "not supported", "wagons")


def test_an_unknown_key_in_a_step_fails() -> None:
    step = {"by": "ghost", "action": "move", "chose": ["2/roof"]}
    _fails({**TRAIN, "steps": [step]}, "step 1", "not supported", "chose")


def test_offered_on_an_event_step_fails_as_it_is_never_checked() -> None:
    step = {"event": "braking", "offered": [["0/roof"]]}
    _fails({**TRAIN, "steps": [step]}, "step 1", "not supported", "offered")


def test_a_step_of_two_kinds_fails() -> None:
    _fails({**TRAIN, "steps": [{"event": "braking", "expect": {"marshal": 0}}]}, "not supported", "event")


def test_an_unknown_expect_key_fails() -> None:
    _fails({**TRAIN, "steps": [{"expect": {"scores": {"ghost": 0}}}]}, "step 1", "not supported", "expect.scores")


def test_an_expansion_s_expect_key_without_it_fails() -> None:
    """M-40: the Marshal's sheet is not in a base game."""
    _fails({**TRAIN, "steps": [{"expect": {"marshal_fallen": False}}]}, "not supported", "expect.marshal_fallen")


def test_a_nested_expect_key_nothing_reads_fails() -> None:
    scenario = {"name": "t", "options": {"prisoners": True}, "wagons": 3,
                "bandits": {"ghost": {"at": [1, "in"]}, "doc": {"at": [2, "in"]}},
                "steps": [{"expect": {"marshal_rewards": {"prisoners": [], "mail": []}}}]}
    _fails(scenario, "not supported", "expect.marshal_rewards.mail")


def test_an_event_s_answer_for_a_bandit_never_asked_fails() -> None:
    """B-10.6: only a bandit alone by a purse is asked; Ghost is not."""
    scenario = {**TRAIN, "floor_loot": {"2/roof": ["purse:300"]},
                "steps": [{"event": "pickpocketing", "choose": {"doc": False, "ghost": True}}]}
    _fails(scenario, "answers never asked for", "ghost")


def test_an_event_s_answers_left_over_fail() -> None:
    scenario = {**TRAIN, "floor_loot": {"2/roof": ["purse:300"]},
                "steps": [{"event": "pickpocketing", "choose": {"doc": [False, True]}}]}
    _fails(scenario, "answers never asked for", "doc")


def test_an_event_the_engine_does_not_know_fails() -> None:
    _fails({**TRAIN, "steps": [{"event": "flood"}]}, "'flood' is not supported")


def test_an_expansion_s_event_without_it_fails() -> None:
    """H-22: Out of breath and Deadly bullet are on no card of a base game."""
    _fails({**TRAIN, "steps": [{"event": "out-of-breath"}]}, "no round or station card")
    _fails({**TRAIN, "steps": [{"event": "deadly-bullet"}]}, "no round or station card")


def test_an_event_with_events_off_fails() -> None:
    """B-3.8: with events off no round card's event happens."""
    scenario = {**TRAIN, "options": {"events": False}, "steps": [{"event": "braking"}]}
    _fails(scenario, "events are off")


def test_end_of_game_without_a_marshal_fails() -> None:
    """M-9: the pseudo-event is the Marshal's."""
    _fails({**TRAIN, "steps": [{"event": "end-of-game"}]}, "no Marshal")


def test_a_marshal_s_bandit_field_without_him_fails() -> None:
    """M-8: maluses are the Marshal's bullets."""
    _fails({**TRAIN, "steps": [{"expect": {"bandits": {"ghost": {"maluses": []}}}}]}, "no Marshal")


def test_a_station_over_another_round_card_fails() -> None:
    """H-22: Escape's round is not Deadly bullet's."""
    scenario = {**TRAIN, "options": {"horses": True, "powers": False}, "round_event": "escape",
                "steps": [{"event": "deadly-bullet"}]}
    _fails(scenario, "round card being played is escape")


def test_the_same_station_as_the_round_event_is_its_event_coming() -> None:
    """H-22: the station's own event comes after its round's actions."""
    scenario = {**TRAIN, "options": {"horses": True, "powers": False}, "round_event": "escape",
                "steps": [{"event": "escape"}]}
    assert run(scenario) == []


def test_an_autoplay_target_that_is_no_flow_key_fails() -> None:
    scenario = {"name": "t", "game": {"players": PLAYERS, "seed": 1}, "steps": [{"autoplay": {"rnd": 2}}]}
    _fails(scenario, "autoplay until rnd", "not supported")


def test_readers_fields_are_no_state() -> None:
    assert run({**TRAIN, "rules": ["B-7.4"], "note": "for readers", "steps": []}) == []
