"""Rule scenarios (../shared/SCENARIOS.md): build a state, resolve actions and events, check.

    python -m engine.scenario FILE_OR_DIR ...

prints ``PASS <name>`` or ``FAIL <name>: <what differed>`` per scenario, then ``N passed, M failed``.

Project extension (tests/scenarios/README.md): a scenario with a ``game`` object starts a real game
(setup, deal, planning) instead of a hand-built state, and its steps may ``answer`` the pending
decision with an engine answer text, set a seat's ``hand``, and ``expect`` more of the flow
(``phase``, ``round``, ``asks``, ``offered``, ``hand_size``, ``deck_size``, ``hand``, ``pile`` …);
see tests/scenarios/README.md.

Nothing a scenario says is ignored: a field, a step's key or an ``expect`` key that nothing read,
an answer never asked for, or an event this game cannot have fails the scenario with that reason.
"""

from __future__ import annotations

import json
import sys
from collections import Counter
from collections.abc import Iterable
from pathlib import Path
from typing import Any

import engine  # noqa: F401  (registers every decision handler)
from engine.actions import PERFORM, perform
from engine.data import base
from engine.decisions import answer_text
from engine.dice import Dice
from engine.errors import EngineError
from engine.events import EVENTS, run_event
from engine.flow import advance, apply
from engine.hooks import SCENARIO_HOOKS
from engine.model import SCENARIO, Bandit, Game, Options, PlayedCard, Seat, card, card_owner, is_bullet, loot_kind
from engine.scoring import scores, winners
from engine.setup import action_cards, new_game, round_card_pools
from engine.train import position

# The pseudo-event of the upkeep after a round card's event: each expansion's end of round (the
# stagecoach's move, H-10; the round's Marshal bullets into the decks, M-8), nothing else.
END_OF_ROUND = "end-of-round"


class ScenarioFailure(Exception):
    """A difference between what the scenario says and what the engine did."""


# Top-level fields for the scenario's readers (SCENARIOS.md), not for the state.
FOR_READERS = ("name", "rules", "note")


def run(scenario: dict[str, Any]) -> list[str]:
    """Run one scenario; the list of failures (empty: it passed)."""
    try:
        state = Fields({key: value for key, value in scenario.items() if key != "steps"})
        state.read.update(FOR_READERS)
        game = build(state)
        ignored = unread(state)
        if ignored:
            raise ScenarioFailure(not_supported(ignored))
        for number, raw in enumerate(scenario["steps"], start=1):
            failures = _run_step(game, Fields(raw))
            if failures:
                return [f"step {number}: {'; '.join(failures)}"]
    except ScenarioFailure as failure:
        return [str(failure)]
    except EngineError as error:
        return [f"engine refused: {error}"]
    except (KeyError, TypeError, ValueError, AttributeError, IndexError) as error:
        return [f"invalid scenario: {type(error).__name__}: {error}"]
    return []


# --- nothing ignored ------------------------------------------------------------------------------


class Fields(dict[str, Any]):
    """A scenario's JSON object that notes which fields were read: one that nothing read was
    ignored, and the scenario must fail on it rather than pass without it. Going through all the
    fields (``items()``, a loop) reads them all."""

    def __init__(self, raw: dict[str, Any]) -> None:
        super().__init__({key: _tracked(value) for key, value in raw.items()})
        self.read: set[str] = set()

    def __getitem__(self, key: str) -> Any:
        self.read.add(key)
        return super().__getitem__(key)

    def get(self, key: str, default: Any = None) -> Any:
        self.read.add(key)
        return super().get(key, default)

    def _read_all(self) -> None:
        self.read.update(dict.keys(self))

    def __iter__(self) -> Any:
        self._read_all()
        return super().__iter__()

    def keys(self) -> Any:
        self._read_all()
        return super().keys()

    def values(self) -> Any:
        self._read_all()
        return super().values()

    def items(self) -> Any:
        self._read_all()
        return super().items()


def _tracked(value: Any) -> Any:
    if isinstance(value, dict):
        return Fields(value)
    return [_tracked(v) for v in value] if isinstance(value, list) else value


def unread(value: Any, where: str = "") -> list[str]:
    """The paths of the fields nobody read, nested ones included (``bandits.ghost.hostage``)."""
    if isinstance(value, list):
        return [path for i, v in enumerate(value) for path in unread(v, f"{where}[{i}]")]
    if not isinstance(value, Fields):
        return []
    paths: list[str] = []
    for key, inner in dict.items(value):
        path = f"{where}.{key}" if where else key
        paths += unread(inner, path) if key in value.read else [path]
    return paths


def not_supported(ignored: list[str]) -> str:
    return f"not supported here (nothing reads it): {', '.join(ignored)}"


# --- the starting state --------------------------------------------------------------------------


def _position(value: Any) -> str:
    if isinstance(value, str):
        return value
    car, floor = value
    if isinstance(car, str) and not car.isdigit():
        return f"{car}/{floor}"  # beside the train: ["stagecoach", "in"]
    return position(int(car), str(floor))


def _options(raw: dict[str, Any]) -> Options:
    known = set(Options.__dataclass_fields__)
    unknown = set(raw) - known
    if unknown:
        raise ScenarioFailure(f"option(s) not supported by this engine: {', '.join(sorted(unknown))}")
    return Options(**raw)


def build(scenario: dict[str, Any]) -> Game:
    options = _options(scenario.get("options", {}))
    if "game" in scenario:
        setup = scenario["game"]
        return new_game(
            setup["players"], seed=int(setup.get("seed", 0)), options=options,
            wagons=setup.get("wagons"), first=setup.get("first"),
            round_cards=setup.get("round_cards"),
        )
    listed: dict[str, dict[str, Any]] = scenario["bandits"]
    unknown = set(listed) - set(base().characters)
    if unknown:
        raise ScenarioFailure(f"bandit(s) not supported by this engine: {', '.join(sorted(unknown))}")
    wagons = int(scenario.get("wagons", max(2, len(listed))))
    seat_of = {name: int(b.get("player", i + 1)) - 1 for i, (name, b) in enumerate(listed.items())}
    seats = [Seat(index=i, bandits=[]) for i in range(max(seat_of.values()) + 1)]
    bandits: dict[str, Bandit] = {}
    for name, spec in listed.items():
        seat = seats[seat_of[name]]
        seat.bandits.append(name)
        seat.deck += action_cards(name)
        bandits[name] = Bandit(
            name=name,
            seat=seat.index,
            at=_position(spec.get("at", [wagons, "in"])),
            loot=list(spec.get("loot", [])),
            revolver=int(spec.get("revolver", base().bullets_per_bandit)),
            bullets_received=int(spec.get("bullets_received", 0)),
        )
    marshal = scenario.get("marshal", 0)
    game = Game(
        options=options,
        wagons=tuple(f"wagon-{i}" for i in range(1, wagons + 1)),
        seats=seats,
        bandits=bandits,
        marshal=_position(marshal) if isinstance(marshal, list) else position(int(marshal), "in"),
        floor_loot={k: list(v) for k, v in scenario.get("floor_loot", {}).items() if v},
        dice=Dice(0),
        neutral_bullets=int(scenario.get("neutral_bullets", base().neutral_bullets)),
        second_strongbox=bool(scenario.get("second_strongbox", True)),
        phase=SCENARIO,
    )
    for part in SCENARIO_HOOKS.build:
        part(game, scenario)
    # Project extension: the cards played so far this round, all resolved, in the order played (a
    # Brilliant idea copies from them, M-3); the next action step resolves as the card after them.
    game.pile = [PlayedCard(str(c), bandits[card_owner(c)].seat if card_owner(c) in bandits else 0, False)
                 for c in scenario.get("pile", [])]
    game.cursor = len(game.pile) + 1
    places = {*game.train.positions, *(p for more in game.hooks.places for p in more(options, game.train))}
    for bandit in bandits.values():
        if bandit.at not in places:
            raise ScenarioFailure(f"{bandit.name} starts at {bandit.at}, not a position of this train")
    return game


# --- steps ---------------------------------------------------------------------------------------


def _run_step(game: Game, step: Fields) -> list[str]:
    """What went wrong in one step; a key it never read too, even when it failed for another
    reason (a typo ``chose`` leaves the action without answers)."""
    failures: list[str] = []
    try:
        run_step(game, step)
    except ScenarioFailure as failure:
        failures.append(str(failure))
    ignored = unread(step)
    if ignored:
        failures.append(not_supported(ignored))
    return failures


def run_step(game: Game, step: dict[str, Any]) -> None:
    if "expect" in step:
        check(game, step["expect"])
    elif "action" in step:
        _resolve_action(game, step)
    elif "event" in step:
        _apply_event(game, step)
    elif "answer" in step:
        _answer(game, step)
    elif "cards" in step:
        _set_cards(game, step["cards"])
    elif "autoplay" in step:
        _autoplay(game, step["autoplay"])
    elif any(key in step for key in SCENARIO_HOOKS.steps):
        SCENARIO_HOOKS.steps[next(k for k in SCENARIO_HOOKS.steps if k in step)](game, step)
    else:
        raise ScenarioFailure(f"unknown step {json.dumps(step)}")


def _values(options: Iterable[str]) -> list[str]:
    return [o.partition(" ")[2] for o in options]


def _text(value: Any) -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
    return _position(value) if isinstance(value, list) else str(value)


def _resolve_action(game: Game, step: dict[str, Any]) -> None:
    name, action = step["by"], step["action"]
    performer = game.hooks.performers.get(name) if name in game.hooks.players else None
    if name not in game.bandits and performer is None:
        raise ScenarioFailure(f"{name} is not in this scenario")
    if action not in PERFORM and performer is None:
        raise ScenarioFailure(f"action {action!r} is not supported by this engine")
    choose, offered = list(step.get("choose", [])), step.get("offered")
    if performer is not None:  # a player who is not a bandit (the Marshal, M-7)
        performer(game, action)
    else:
        perform(game, action, game.bandits[name])
    asked = 0
    while game.pending is not None:
        decision = game.pending
        values = _values(decision.options)
        if offered is not None and asked < len(offered):
            expected = sorted(_text(v) for v in offered[asked])
            if sorted(values) != expected:
                raise ScenarioFailure(
                    f"{name} {action}: decision {asked + 1} ({decision.kind}) offered {sorted(values)}, "
                    f"expected {expected}"
                )
        if asked >= len(choose):
            raise ScenarioFailure(
                f"{name} {action}: too few answers; the engine asks {decision.kind} among {sorted(values)}"
            )
        value = _text(choose[asked])
        if value not in values:
            raise ScenarioFailure(
                f"{name} {action}: answer {value!r} is not offered at {decision.kind} ({sorted(values)})"
            )
        apply(game, answer_text(decision.kind, value))
        asked += 1
    if asked < len(choose):
        raise ScenarioFailure(f"{name} {action}: {len(choose)} answers given, only {asked} decisions asked")
    if offered is not None and len(offered) > asked:
        raise ScenarioFailure(f"{name} {action}: {len(offered)} decisions expected, only {asked} asked")


def _apply_event(game: Game, step: dict[str, Any]) -> None:
    event = step["event"]
    # A bandit's answers, in order (a list when one bandit decides more than once).
    choose = {name: list(a) if isinstance(a, list) else [a] for name, a in step.get("choose", {}).items()}
    hand_built = game.phase == SCENARIO
    if hand_built:  # the round's cards are all resolved: a card played now (Reflex, M-40) is the next
        game.cursor = len(game.pile)
    _start_event(game, event)
    _answer_event(game, event, choose)
    if hand_built:  # as built: the next action step is the card after those on the pile
        game.cursor = len(game.pile) + 1


def _start_event(game: Game, event: str) -> None:
    if event == END_OF_ROUND:
        for upkeep in game.hooks.round_over:
            upkeep(game)
    elif event in SCENARIO_HOOKS.events:
        SCENARIO_HOOKS.events[event](game)
    else:
        _can_happen(game, event)
        if event in SCENARIO_HOOKS.stations:
            _put_in_force(game, event)
        run_event(game, event)
    if game.phase in game.hooks.phases:
        advance(game)  # an event of several steps (Angry Marshal with a Marshal player, M-40)


def _answer_event(game: Game, event: str, choose: dict[str, list[Any]]) -> None:
    """The event's decisions from ``choose``: by default a bandit takes what it offers (SCENARIOS.md)."""
    while game.pending is not None:
        decision = game.pending
        # A player's decision that is no bandit's (Reflex's card, M-40) is under the player's bandit.
        who = _seat_name(game, decision.seat) if decision.bandit is None else decision.bandit
        answers = choose.get(who)
        value = _text(answers.pop(0) if answers else True)
        if value not in decision.values:
            raise ScenarioFailure(f"{event}: answer {value!r} of {who} is not offered at "
                                  f"{decision.kind} ({sorted(decision.values)})")
        apply(game, answer_text(decision.kind, value))
    never_asked = {name: answers for name, answers in choose.items() if answers}
    if never_asked:
        raise ScenarioFailure(f"{event}: answers never asked for: {json.dumps(never_asked)}")


def _can_happen(game: Game, event: str) -> None:
    """An event of a round or station card this game may draw (B-3.5, with its expansions)."""
    if event not in EVENTS:
        raise ScenarioFailure(f"event {event!r} is not supported by this engine")
    if not game.options.events:
        raise ScenarioFailure(f"event {event!r}: events are off in this game (B-3.8)")
    players = game.players()
    rounds, stations = round_card_pools(game.options, players)
    if event not in {base().round_card(name, players).event for name in [*rounds, *stations]}:
        raise ScenarioFailure(f"event {event!r} is on no round or station card of this game's options")


def _put_in_force(game: Game, event: str) -> None:
    """A station whose effect is a rule in force (counted at the end, or on its round's actions):
    its card becomes the round card being played, as a state's ``round_event`` does."""
    playing = game.current_round_card()
    if playing is not None and playing.event != event:
        raise ScenarioFailure(f"{event}: the round card being played is {playing.name}; "
                              "a station cannot be in force beside it")
    SCENARIO_HOOKS.stations[event](game, event)


def _answer(game: Game, step: dict[str, Any]) -> None:
    decision = game.pending
    if decision is None:
        raise ScenarioFailure(f"nothing is asked; cannot answer {step['answer']!r}")
    if "offered" in step and sorted(decision.options) != sorted(step["offered"]):
        raise ScenarioFailure(f"offered {sorted(decision.options)}, expected {sorted(step['offered'])}")
    answer = decision.options[0] if step["answer"] == "first" else step["answer"]
    if answer not in decision.options:
        raise ScenarioFailure(f"answer {answer!r} is not offered ({sorted(decision.options)})")
    apply(game, answer)


def _seat_of(game: Game, bandit: str) -> Seat:
    """The seat of a bandit, or of the player who plays none (the Marshal, M-1)."""
    if bandit not in game.bandits:
        seat = next((s for s in game.seats if not s.bandits), None)
        if bandit in game.hooks.players and seat is not None:
            return seat
        raise ScenarioFailure(f"{bandit} is not in this game")
    return game.seats[game.bandits[bandit].seat]


def _set_cards(game: Game, cards: dict[str, dict[str, list[str]]]) -> None:
    """Give seats exactly these cards (hand, deck top first, discard), then ask again.

    A card is an action (``"move"``, the bandit's own) or a full card text (``"bullet:doc"``).
    """
    for bandit, piles in cards.items():
        seat = _seat_of(game, bandit)
        for pile, listed in piles.items():
            if pile not in ("hand", "deck", "discard"):
                raise ScenarioFailure(f"unknown pile {pile!r} (hand, deck, discard)")
            texts = [c if ":" in c else card(bandit, c) for c in listed]
            setattr(seat, pile, texts[::-1] if pile == "deck" else texts)
    game.pending = None
    advance(game)


def _autoplay(game: Game, until: dict[str, Any]) -> None:
    """Answer every decision with its first legal answer until the game reaches ``until``."""
    unknown = set(until) - set(_flow(game))
    if unknown:  # it would never be reached
        raise ScenarioFailure(f"autoplay until {', '.join(sorted(unknown))}: not supported ({', '.join(_flow(game))})")

    def reached() -> bool:
        return all(_flow(game).get(key) == value for key, value in until.items())

    for _ in range(10_000):
        if reached():
            return
        if game.pending is None:
            break
        apply(game, game.pending.options[0])
    raise ScenarioFailure(f"autoplay never reached {until}")


# --- expectations --------------------------------------------------------------------------------


def _loot_matches(expected: list[str], actual: list[str]) -> bool:
    left = Counter(actual)
    wildcards = 0
    for token in expected:
        if token == "purse":
            wildcards += 1
        elif left[token] > 0:
            left[token] -= 1
        else:
            return False
    remaining = [t for t, n in left.items() for _ in range(n)]
    return len(remaining) == wildcards and all(loot_kind(t) == "purse" for t in remaining)


def check(game: Game, expect: dict[str, Any]) -> None:
    differences: list[str] = []

    def differ(what: str, wanted: Any, got: Any) -> None:
        differences.append(f"{what}: expected {wanted}, got {got}")

    for name, wanted in expect.get("bandits", {}).items():
        if name not in game.bandits:
            differences.append(f"{name} is not in this game")
            continue
        bandit = game.bandits[name]
        for key, value in wanted.items():
            if key == "at":  # null: off the board (escaped, H-22)
                got_at = None if bandit.at in game.hooks.off_board else bandit.at
                if got_at != (None if value is None else _position(value)):
                    differ(f"{name} at", None if value is None else _position(value), got_at)
            elif key == "loot":
                if not _loot_matches(list(value), bandit.loot):
                    differ(f"{name} loot", sorted(value), sorted(bandit.loot))
            elif key in ("revolver", "bullets_received"):
                if getattr(bandit, key) != value:
                    differ(f"{name} {key}", value, getattr(bandit, key))
            elif key in SCENARIO_HOOKS.bandit_fields:
                got = SCENARIO_HOOKS.bandit_fields[key](game, bandit)
                if got != value:
                    differ(f"{name} {key}", value, got)
            else:
                differences.append(f"{name} {key}: not supported by this engine")
    if "marshal" in expect:
        wanted = expect["marshal"]
        target = _position(wanted) if isinstance(wanted, list) else position(int(wanted), "in")
        if game.marshal != target:
            differ("marshal", target, game.marshal)
    if "neutral_bullets" in expect and game.neutral_bullets != expect["neutral_bullets"]:
        differ("neutral_bullets", expect["neutral_bullets"], game.neutral_bullets)
    if "floor_loot" in expect:
        wanted_floor: dict[str, list[str]] = expect["floor_loot"]
        listed = wanted_floor or {pos: [] for pos in game.floor_loot}
        for pos, tokens in listed.items():
            actual = game.floor_loot.get(pos, [])
            if not _loot_matches(list(tokens), actual):
                differ(f"floor_loot {pos}", sorted(tokens), sorted(actual))
    if "score" in expect:
        totals = scores(game)
        for name, dollars in expect["score"].items():
            if totals.get(name) != dollars:
                differ(f"score of {name}", dollars, totals.get(name))
    if "winners" in expect:
        names = sorted(_winner_name(game, w) for w in expect["winners"])
        if sorted(winners(game)) != names:
            differ("winners", names, sorted(winners(game)))
    for part in SCENARIO_HOOKS.expect:
        part(game, expect, differ)
    _check_flow(game, expect, differ)
    if differences:
        raise ScenarioFailure("; ".join(differences))


def _winner_name(game: Game, who: Any) -> str:
    if isinstance(who, int):  # a seat number, 1 = first player
        return game.seats[who - 1].bandits[0]
    return str(who)


def _flow(game: Game) -> dict[str, Any]:
    return {"phase": game.phase, "round": game.round_no, "round_card": game.round_card,
            "round_cards_left": len(game.round_deck), "turn": game.planning.turn}


def _seat_name(game: Game, seat: int) -> str:
    """A seat by its first bandit, or by the player who plays none (the Marshal, M-1)."""
    bandits = game.seats[seat].bandits
    return bandits[0] if bandits else min(game.hooks.players)


def _short(card_text: str) -> str:
    """A card as scenarios write it: the action of a bandit's own card, a bullet in full."""
    return card_text if is_bullet(card_text) else card_text.partition(":")[2]


def _check_flow(game: Game, expect: dict[str, Any], differ: Any) -> None:
    """The project's extension: expectations about the game flow."""
    for key, got in _flow(game).items():
        if key in expect and got != expect[key]:
            differ(key, expect[key], got)
    if "wagons" in expect and len(game.wagons) != expect["wagons"]:
        differ("wagons", expect["wagons"], len(game.wagons))
    if "first" in expect:
        first = _seat_name(game, game.first_seat)
        if first != expect["first"]:
            differ("first player", expect["first"], first)
    if "asks" in expect:
        asked = None if game.pending is None else _seat_name(game, game.pending.seat)
        if asked != expect["asks"]:
            differ("asks", expect["asks"], asked)
    if "offered" in expect:
        got = sorted(game.pending.options) if game.pending else []
        if got != sorted(expect["offered"]):
            differ("offered", sorted(expect["offered"]), got)
    for key in ("hand_size", "deck_size", "discard_size"):
        for bandit, size in expect.get(key, {}).items():
            seat = _seat_of(game, bandit)
            got = len(getattr(seat, key.removesuffix("_size")))
            if got != size:
                differ(f"{bandit} {key}", size, got)
    for key in ("hand", "discard"):
        for bandit, cards in expect.get(key, {}).items():
            got = sorted(_short(c) for c in getattr(_seat_of(game, bandit), key))
            if got != sorted(cards):
                differ(f"{bandit} {key}", sorted(cards), got)
    for bandit, cards in expect.get("deck_top", {}).items():
        deck = _seat_of(game, bandit).deck
        top = [_short(c) for c in reversed(deck[len(deck) - len(cards):])]
        if top != list(cards):
            differ(f"{bandit} deck top", list(cards), top)
    if "pile" in expect:
        got_pile = [p.card if not p.face_down else f"{p.card}?" for p in game.pile]
        if got_pile != expect["pile"]:
            differ("pile", expect["pile"], got_pile)


# --- command line --------------------------------------------------------------------------------


def scenario_files(paths: Iterable[str]) -> list[Path]:
    files: list[Path] = []
    for raw in paths:
        path = Path(raw)
        files += sorted(path.rglob("*.json")) if path.is_dir() else [path]
    return files


def run_file(path: Path) -> tuple[str, list[str]]:
    try:
        scenario = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as error:
        return path.name, [f"unreadable: {error}"]
    if not isinstance(scenario, dict) or "steps" not in scenario:
        return path.name, ["invalid scenario: not an object with steps"]
    return str(scenario.get("name", path.name)), run(scenario)


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if not args:
        print("usage: python -m engine.scenario FILE_OR_DIR ...", file=sys.stderr)
        return 2
    passed = failed = 0
    for path in scenario_files(args):
        name, failures = run_file(path)
        if failures:
            failed += 1
            print(f"FAIL {name}: {'; '.join(failures)}")
        else:
            passed += 1
            print(f"PASS {name}")
    print(f"{passed} passed, {failed} failed")
    return 0 if failed == 0 and passed > 0 else 1


if __name__ == "__main__":
    sys.exit(main())
