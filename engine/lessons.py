"""Guided lessons: a prepared deal and a script of short steps that teach the game while it is played.

A lesson is data (``data/lessons/<topic>.json``, format in ``data/lessons/README.md``): the deal (bandits,
options, seed, wagons, round cards, first player) and the steps. The learner plays the deal's first
bandit (seat 0, or seat 1 beside a Marshal player, M-1) in a solo game against AI players; this
module runs the script over that game:

    lesson, game = start("base", opponents)  # opponents: engine.ai.lessons.opponents("base")
    step = current_step(lesson, game)         # what to say and mark now, or None: the game's own prompt
    allowed_answers(lesson, game)             # [] while a step waits for "Next"
    advance(lesson, game, answer, opponents)  # None presses "Next"; an answer is the learner's answer
    is_over(lesson, game)
    view(lesson, game)                        # the step as plain data: words, fields, marks, answers

The runner plays the AI seats itself (``opponents`` answers for a seat), stopping as soon as a step
applies or the learner must decide, so a step about a rival's action is shown right after it.
Everything is deterministic: the same answers give the same game, and ``Lesson`` is plain data
(``to_json`` / ``from_json``) stored beside the game's own snapshot, so a lesson can be left and
resumed. A lesson counts for no rating: ``Lesson.rated`` is always False, and a game that has a
lesson beside it is a lesson game.

The engine resolves a run of cards at once until someone must decide, so a step about the first of
them comes with the train as it is after the last: show it with the picture of
``observe(game, lesson.seat, log_since=lesson.seen)``, whose caption names every action since.

Nothing here reads or writes anything but ``data/lessons``; the words are catalog keys
(``data/locales/lessons``), the marks are targets that render.pointers draws.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from fnmatch import fnmatchcase
from functools import cache
from typing import Any

from engine.actions import fire_targets
from engine.data import DATA_DIR
from engine.flow import apply
from engine.model import OVER, Game, Options
from engine.observe import observe, observe_log
from engine.setup import new_game

NEXT = "next"  # a step that waits for the "Next" button
ANSWER = "answer"  # a step that waits for the learner's answer to the game's own prompt
LESSONS_DIR = DATA_DIR / "lessons"
PRESS_NEXT = "lesson.press-next"  # the correction of an answer given while a step waits for "Next"

Opponents = Callable[[Game, int], str]
"""The answer of the AI bandit playing a seat (engine.ai.lessons.opponents)."""


class LessonError(ValueError):
    """A lesson's data is wrong, or an answer came where the lesson waits for something else."""


@dataclass(frozen=True, slots=True)
class Step:
    """One step of a script: when it applies, what it says and marks, how it waits."""

    id: str
    say: str  # catalog key
    when: Mapping[str, Any] = field(default_factory=dict)
    fields: Mapping[str, str] = field(default_factory=dict)  # placeholder → a reference (see ``resolve``)
    marks: tuple[Mapping[str, str], ...] = ()  # {"at": reference, "label": catalog key}
    wait: str = NEXT
    expect: tuple[str, ...] = ()  # answer patterns ("plan play {me}:rob"); empty: any legal answer
    correct: str | None = None  # the gentle correction's catalog key when another answer is given


@dataclass(frozen=True, slots=True)
class Script:
    """A lesson's data: its prepared deal and its steps."""

    topic: str
    bandits: tuple[str | tuple[str, ...], ...]  # seat by seat (a pair each in V-2, V-3); the learner's first
    seed: int
    options: Options
    wagons: tuple[str, ...] | None
    round_cards: tuple[str, ...] | None
    first: int | None
    ai_level: str
    ai_seed: int
    steps: tuple[Step, ...]
    # Bandit → the cards its first schemin' decisions play, in order (``plan play <answer>``): what a
    # step needs of an AI bandit, kept whatever the level comes to prefer.
    ai_plays: dict[str, tuple[str, ...]] = field(default_factory=dict)

    def deal(self) -> Game:
        return new_game(list(self.bandits), seed=self.seed, options=self.options, wagons=self.wagons,
                        first=self.first, round_cards=self.round_cards)


@dataclass(slots=True)
class Lesson:
    """Where a learner stands in a lesson: plain data, saved beside the game."""

    topic: str
    seat: int = 0  # the learner's seat (the first bandit of the deal's; the Marshal player sits first, M-1)
    index: int = 0  # the script's step the lesson is at (earlier ones are done or missed)
    seen: int = 0  # the game's log up to here has been talked about: events after it are news
    done: list[str] = field(default_factory=list)
    missed: list[str] = field(default_factory=list)  # steps whose moment passed without happening
    rated: bool = False  # a lesson counts for no rating

    def to_json(self) -> dict[str, Any]:
        return {"topic": self.topic, "seat": self.seat, "index": self.index, "seen": self.seen, "done": list(self.done),
                "missed": list(self.missed), "rated": False}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Lesson:
        return cls(topic=str(data["topic"]), seat=int(data["seat"]), index=int(data["index"]), seen=int(data["seen"]),
                   done=[str(s) for s in data["done"]], missed=[str(s) for s in data["missed"]])


@dataclass(frozen=True, slots=True)
class Outcome:
    """What became of a press or an answer: taken, or refused with a correction (nothing changed)."""

    taken: bool
    correction: str | None = None  # catalog key
    step: Step | None = None  # the step that refused it


# --- reading the scripts ---------------------------------------------------------------------------


def topics() -> list[str]:
    return sorted(p.stem for p in LESSONS_DIR.glob("*.json"))


# The conditions a step's ``when`` may name (a misspelt one would silently always hold).
CONDITIONS = frozenset({"round", "phase", "turn", "turn_kind", "decision", "can", "event"})


def _step(raw: Mapping[str, Any]) -> Step:
    unknown = set(raw.get("when", {})) - CONDITIONS
    if unknown:
        raise LessonError(f"step {raw.get('id')}: unknown condition(s) {', '.join(sorted(unknown))}")
    wait = str(raw.get("wait", NEXT))
    if wait not in (NEXT, ANSWER):
        raise LessonError(f"step {raw.get('id')}: wait is {NEXT!r} or {ANSWER!r}, not {wait!r}")
    expect = tuple(str(e) for e in raw.get("expect", ()))
    if expect and (wait != ANSWER or not raw.get("correct")):
        raise LessonError(f"step {raw.get('id')}: expected answers need wait 'answer' and a correction key")
    return Step(id=str(raw["id"]), say=str(raw["say"]), when=dict(raw.get("when", {})),
                fields={str(k): str(v) for k, v in raw.get("fields", {}).items()},
                marks=tuple(dict(m) for m in raw.get("marks", ())), wait=wait, expect=expect,
                correct=raw.get("correct"))


@cache
def script(topic: str) -> Script:
    path = LESSONS_DIR / f"{topic}.json"
    if not path.is_file():
        raise LessonError(f"no lesson {topic!r}; lessons: {', '.join(topics())}")
    raw = json.loads(path.read_text(encoding="utf-8"))
    deal = raw["deal"]
    steps = tuple(_step(s) for s in raw["steps"])
    ids = [s.id for s in steps]
    if len(set(ids)) != len(ids):
        raise LessonError(f"lesson {topic}: step ids are not unique")
    return Script(
        topic=topic, bandits=tuple(b if isinstance(b, str) else tuple(b) for b in deal["bandits"]),
        seed=int(deal["seed"]), options=Options(**deal.get("options", {})),
        wagons=tuple(deal["wagons"]) if "wagons" in deal else None,
        round_cards=tuple(deal["round_cards"]) if "round_cards" in deal else None,
        first=deal.get("first"), ai_level=str(raw.get("ai", {}).get("level", "normal")),
        ai_seed=int(raw.get("ai", {}).get("seed", 0)), steps=steps,
        ai_plays={bandit: tuple(cards) for bandit, cards in raw.get("ai", {}).get("plays", {}).items()},
    )


# --- what the learner's situation is ---------------------------------------------------------------


def me(lesson: Lesson, game: Game) -> str:
    """The learner's bandit."""
    return game.seats[lesson.seat].bandits[0]


def _news(lesson: Lesson, game: Game) -> list[dict[str, Any]]:
    return observe_log(game, lesson.seat, lesson.seen)


def _turn_kind(game: Game) -> str | None:
    card = game.current_round_card()
    if card is None or game.phase != "planning" or game.planning.turn >= len(card.turns):
        return None
    return card.turns[game.planning.turn]


def _my_decision(lesson: Lesson, game: Game) -> str | None:
    decision = game.pending
    return decision.kind if decision is not None and decision.seat == lesson.seat else None


def _names(value: Any, lesson: Lesson, game: Game) -> Any:
    return me(lesson, game) if value == "me" else value


def holds(step: Step, lesson: Lesson, game: Game) -> bool:
    """Whether ``step``'s moment is now: every condition of its ``when`` holds."""
    when = step.when
    if "round" in when and "event" not in when and game.round_no != when["round"]:
        return False  # (an event's step asks for the round the event happened in: see _event_seen)
    if "phase" in when and game.phase != when["phase"]:
        return False
    if "turn" in when and (game.phase != "planning" or game.planning.turn != when["turn"]):
        return False
    if "turn_kind" in when and _turn_kind(game) != when["turn_kind"]:
        return False
    kind = _my_decision(lesson, game)
    if "decision" in when and kind != when["decision"]:
        return False
    legal = _legal(lesson, game)
    if step.expect and not any(fnmatchcase(a, _pattern(p, lesson, game)) for a in legal for p in step.expect):
        return False  # what it asks for cannot be answered now (the card is not in hand)
    if "can" in when and not any(fnmatchcase(a, _pattern(str(when["can"]), lesson, game)) for a in legal):
        return False
    if "event" in when and _event_seen(step, lesson, game) is None:
        return False
    # a step that waits for an answer needs the learner to have something to answer
    return not (step.wait == ANSWER and kind is None)


def _event_seen(step: Step, lesson: Lesson, game: Game) -> int | None:
    """Where in the log the first news event that ``step`` waits for is, or None."""
    wanted = {k: _names(v, lesson, game) for k, v in dict(step.when["event"]).items()}
    round_no = sum(1 for event in game.log[:lesson.seen] if event["type"] == "round")
    for offset, event in enumerate(_news(lesson, game)):
        if event["type"] == "round":
            round_no += 1
        elif all(event.get(k) == v for k, v in wanted.items()) and step.when.get("round", round_no) == round_no:
            return lesson.seen + offset
    return None


def _passed(step: Step, game: Game) -> bool:
    """Whether ``step``'s moment can no longer come: its round is over, or the game is."""
    if game.phase == OVER:
        return step.when.get("phase") != OVER
    wanted = step.when.get("round")
    return isinstance(wanted, int) and game.round_no > wanted


def _live(lesson: Lesson, game: Game) -> tuple[int, list[str]]:
    """The step the lesson is really at, past the steps whose moment has passed (and their ids)."""
    steps = script(lesson.topic).steps
    index, missed = lesson.index, []
    while index < len(steps) and _passed(steps[index], game) and not holds(steps[index], lesson, game):
        missed.append(steps[index].id)
        index += 1
    return index, missed


# --- the runner ------------------------------------------------------------------------------------


def current_step(lesson: Lesson, game: Game) -> Step | None:
    """The step to show now, or None: the game goes on with its own prompt (or the AI bandits)."""
    index, _ = _live(lesson, game)
    steps = script(lesson.topic).steps
    if index < len(steps) and holds(steps[index], lesson, game):
        return steps[index]
    return None


def _legal(lesson: Lesson, game: Game) -> list[str]:
    decision = game.pending
    return list(decision.options) if decision is not None and decision.seat == lesson.seat else []


def _pattern(pattern: str, lesson: Lesson, game: Game) -> str:
    return pattern.replace("{me}", me(lesson, game))


def allowed_answers(lesson: Lesson, game: Game) -> list[str]:
    """The learner's answers the lesson takes now: none while a step waits for "Next", those a step
    expects, else every legal answer of the learner's pending decision."""
    step = current_step(lesson, game)
    legal = _legal(lesson, game)
    if step is None:
        return legal
    if step.wait == NEXT:
        return []
    if not step.expect:
        return legal
    patterns = [_pattern(p, lesson, game) for p in step.expect]
    return [a for a in legal if any(fnmatchcase(a, p) for p in patterns)]


def waits_for_next(lesson: Lesson, game: Game) -> bool:
    step = current_step(lesson, game)
    return step is not None and step.wait == NEXT


def is_over(lesson: Lesson, game: Game) -> bool:
    """Every step done or missed, and the game at its final count."""
    index, _ = _live(lesson, game)
    return game.phase == OVER and index >= len(script(lesson.topic).steps)


def _finish(lesson: Lesson, game: Game, step: Step | None) -> None:
    index, missed = _live(lesson, game)
    lesson.missed += missed
    lesson.index = index
    if step is not None and index < len(script(lesson.topic).steps) and script(lesson.topic).steps[index] is step:
        lesson.done.append(step.id)
        lesson.index += 1


def advance(lesson: Lesson, game: Game, answer: str | None, opponents: Opponents) -> Outcome:
    """Press "Next" (``answer`` None) or give the learner's answer; then play the AI bandits until
    a step applies or the learner must decide. A refused press or answer changes nothing."""
    step = current_step(lesson, game)
    if answer is None:
        if step is None or step.wait != NEXT:
            raise LessonError("nothing waits for Next now: the learner must answer")
        told = _event_seen(step, lesson, game) if "event" in step.when else None
        _finish(lesson, game, step)
        if told is not None:
            # that event has been talked about; the ones after it are still news (a run of cards
            # resolves at once until someone must decide, and each may have a step of its own)
            lesson.seen = told + 1
    else:
        if answer not in _legal(lesson, game):
            raise LessonError(f"{answer!r} is not a legal answer for the learner now")
        if answer not in allowed_answers(lesson, game):
            assert step is not None  # only a step restricts the answers
            return Outcome(False, step.correct if step.wait == ANSWER else PRESS_NEXT, step)
        lesson.seen = len(game.log)
        _finish(lesson, game, step if step is not None and step.wait == ANSWER else None)
        apply(game, answer, seat=lesson.seat)
    play_opponents(lesson, game, opponents)
    return Outcome(True)


def play_opponents(lesson: Lesson, game: Game, opponents: Opponents) -> None:
    """The AI bandits answer until a step applies, the learner must decide, or the game is over."""
    while current_step(lesson, game) is None:
        decision = game.pending
        if decision is None or decision.seat == lesson.seat:
            break
        apply(game, opponents(game, decision.seat), seat=decision.seat)
    # steps passed by while the bandits played are recorded as missed
    index, missed = _live(lesson, game)
    lesson.missed += missed
    lesson.index = index


def start(topic: str, opponents: Opponents) -> tuple[Lesson, Game]:
    """A new lesson and its game, played up to the first step (or the learner's first decision)."""
    game = script(topic).deal()
    first = script(topic).bandits[0]
    seat = game.bandits[first if isinstance(first, str) else first[0]].seat
    lesson = Lesson(topic=script(topic).topic, seat=seat)
    play_opponents(lesson, game, opponents)
    return lesson, game


# --- what a step's words and marks point at --------------------------------------------------------


def resolve(reference: str, game: Game, lesson: Lesson) -> dict[str, Any] | None:
    """A reference of a script, made concrete on the game as the learner sees it:

    ``me`` (the learner's bandit), ``bandit:<name>``, ``marshal``, ``car:me`` / ``car:<n>``,
    ``position:me`` / ``position:<pos>``, ``loot:<kind>@me`` / ``loot:<kind>@<pos>``, ``target``
    (the bandit of the latest event that names one: whom a shot or a punch hit), ``sight`` (a
    rival the learner could shoot now), ``leader`` (the richest by the final count, once it is made), ``shotgun``
    (with Horses & Stagecoach), ``number:<n>`` (an amount the words name). None when the
    game has no such thing now.
    """
    mine = game.bandits[me(lesson, game)]
    kind, _, rest = reference.partition(":")
    if kind == "number":  # an amount the words name (a mail bag's $1200): written as the reader's language writes it
        return {"kind": "number", "value": int(rest)}
    if reference == "me":
        return {"kind": "bandit", "name": mine.name}
    if kind == "bandit":
        return {"kind": "bandit", "name": rest} if rest in game.bandits else None
    if reference == "shotgun":  # the stagecoach's guard (Horses & Stagecoach, H-11): drawn where render.layout puts him
        return {"kind": "shotgun"} if game.options.horses else None
    if reference == "marshal":
        return {"kind": "marshal", "position": game.marshal}
    if kind == "car":
        car = int(mine.at.partition("/")[0]) if rest == "me" else int(rest)
        return {"kind": "car", "car": car}
    if kind == "position":
        return {"kind": "position", "position": mine.at if rest == "me" else rest}
    if kind == "loot":
        loot, _, where = rest.partition("@")
        pos = mine.at if where == "me" else where
        if where == "me" and not any(t.partition(":")[0] == loot for t in game.floor_loot.get(pos, ())):
            pos = _car_floor(mine.at)  # a roof has no loot: the floor under it
        if not any(t.partition(":")[0] == loot for t in game.floor_loot.get(pos, ())):
            return None
        return {"kind": "loot", "loot": loot, "position": pos}
    if reference == "target":
        for event in reversed(observe_log(game, lesson.seat, 0)):
            if event["type"] in ("fire", "punch") and event.get("bandit") == mine.name:
                return {"kind": "bandit", "name": event["target"]}
        return None
    if reference == "sight":
        targets = fire_targets(game, mine)
        return {"kind": "bandit", "name": targets[0]} if targets else None
    if reference == "leader":  # from the learner's view: the final count is public once it is made (B-8)
        result = observe(game, lesson.seat, log_since=len(game.log)).get("result") or {}
        board = result.get("scores") or {}
        return {"kind": "bandit", "name": max(board, key=lambda n: (board[n], n))} if board else None
    raise LessonError(f"unknown reference {reference!r}")


def _car_floor(pos: str) -> str:
    return f"{pos.partition('/')[0]}/in"


def step_fields(step: Step, lesson: Lesson, game: Game) -> dict[str, dict[str, Any] | None]:
    """The step's placeholders as concrete things (render.lessons names them in the reader's words)."""
    return {name: resolve(ref, game, lesson) for name, ref in step.fields.items()}


def step_marks(step: Step, lesson: Lesson, game: Game) -> list[dict[str, Any]]:
    """The step's marks as concrete targets, each with its label key; a mark whose thing is not on
    the board now is left out."""
    out = []
    for mark in step.marks:
        target = resolve(str(mark["at"]), game, lesson)
        if target is not None:
            out.append({**target, "label": mark.get("label")})
    return out


def view(lesson: Lesson, game: Game) -> dict[str, Any] | None:
    """Everything a presenter needs to show the current step, as plain JSON-able data (what to say
    and mark, how it waits, the answers it takes), or None when no step applies now."""
    step = current_step(lesson, game)
    if step is None:
        return None
    return {"step": step.id, "say": step.say, "fields": step_fields(step, lesson, game),
            "marks": step_marks(step, lesson, game), "wait": step.wait,
            "allowed": allowed_answers(lesson, game), "correct": step.correct}
