"""The hard bandit: determinized Monte Carlo search over what its seat cannot see.

Each iteration draws one world agreeing with the seat's observation (engine.ai.worlds), then plays
every candidate answer in a copy of it and plays the rest of the round, the same random numbers for
every candidate so that only the answer differs. In a base game's schemin' the candidates are the
look-ahead's best two (``shortlist``), and every bandit plays the cards the look-ahead plans for
it (engine.ai.lookahead.plan): the seat's own plan after each candidate card, each rival's as its
hand in that world reads; everything else is normal bandits' rules of thumb (engine.ai.normal),
without their forecast of the pile. The answer whose worlds end the round best on average, in
dollars ahead of the best rival (engine.ai.value.margin) and in loot within reach (``leaf``), is
chosen. Answers clearly behind the best drop out of the race on the way, and the search ends when
one is left. Otherwise it runs until the time budget is spent, or exactly ``iterations`` worlds
(deterministic for a given ``rng``, as tests need).

``search`` reads only the seat's view and its decision, so hints and reviews (engine.ai.advice) ask
it what the bandit would play without ever holding the game.
"""

from __future__ import annotations

import math
import random
import statistics
import time
from collections.abc import Collection
from dataclasses import dataclass

from engine.ai import lookahead, normal, planner
from engine.ai.value import margin
from engine.ai.worlds import Knowledge, clone, hooks_of
from engine.flow import apply
from engine.model import OVER, Decision, Game, Options
from engine.observe import Observation, observe

BUDGET_MS = 200.0  # per decision at most: under the 300 ms goal on one core, whatever the load
RACE_START = 4  # worlds before any answer may be dropped
RACE_MARGIN = 2.5  # standard errors below the best: out of the race
# How a play-out's rivals plan their schemin': two cards ahead on a beam of four, about half a
# millisecond a plan. The tactician's three cards and eight boards, and plans made again at every go,
# measured no stronger and cost more time a decision (issue 32, docs/ai.md).
RIVALS_PLAN = lookahead.Style(look_ahead=2, beam=4)
# Schemin' answers searched: the look-ahead's best two. Every candidate, the best three and the best
# two measured as strong within the noise (0.378, 0.396 and 0.360 over 400, 800 and 400 games alone
# against three normals), and each answer fewer saves a play-out a world: two take about half the
# time of three (issue 32, docs/ai.md).
SHORTLIST = 2
# The price of a dollar of the seat's lead in loot within reach at a play-out's end (``leaf``). At the
# start of rounds 2 to 5 such a dollar went with 0.72 to 1.05 of what a dollar held does for the
# chance to win, in 2,400 self-play games of normal bandits. In the arena, on the same deals as the
# margin alone, it won 0.453 against 0.442 alone against three tacticians, 0.420 against 0.360 alone
# against three normals and 0.710 against 0.700 in 2v2 against the tacticians, for less time a
# decision (the answers' values spread more, so the race ends sooner; issue 32, docs/ai.md).
REACH = 1.0


def decide(
    game: Game, seat: int, rng: random.Random, *, budget_ms: float | None = None, iterations: int | None = None
) -> str:
    decision = game.pending
    assert decision is not None and decision.seat == seat
    return search(observe(game, seat), decision, rng, budget_ms=budget_ms, iterations=iterations).pick()


@dataclass(frozen=True)
class Averages:
    """What one search found: each answer's mean margin in dollars. The answers still in the race
    at its end were played in every world (``worlds``), on the same ones; those dropped, only in the
    worlds before they were (their means are rougher, and never picked)."""

    kept: dict[str, float]
    dropped: dict[str, float]
    worlds: int

    def pick(self) -> str:
        """The answer the hard bandit plays: the best mean of those still in the race."""
        return max(self.kept, key=self.kept.__getitem__)


def search(
    view: Observation,
    decision: Decision,
    rng: random.Random,
    *,
    budget_ms: float | None = None,
    iterations: int | None = None,
    keep: Collection[str] = (),
) -> Averages:
    """The search from a seat's view and its pending decision alone (B-11): the game behind the view
    is never given, so nothing hidden can reach it. ``keep``: answers searched and never dropped
    from the race, whether or not they would be (a review weighs the player's own answer)."""
    candidates = candidate_answers(decision, view)
    candidates += [answer for answer in keep if answer not in candidates]
    if len(candidates) == 1:
        return Averages({candidates[0]: 0.0}, {}, 0)
    deadline = time.perf_counter() + (BUDGET_MS if budget_ms is None else budget_ms) / 1000.0
    knowledge = Knowledge(view, decision)
    seat = decision.seat
    results: dict[str, list[float]] = {answer: [] for answer in candidates}
    dropped: dict[str, float] = {}
    own: dict[str, list[str]] | None = None  # the shortlist and its plans, from the first world
    planning = False
    while True:
        world = knowledge.sample(rng)
        seed = rng.getrandbits(64)
        if own is None:
            planning = lookahead.scheming(world)
            own = shortlist(world, seat, candidates, keep, random.Random(seed)) if planning else {}
            if planning:
                results = {answer: [] for answer in own}
        known: dict[tuple[object, ...], list[str]] = {}
        for answer, values in results.items():
            trial = clone(world)
            apply(trial, answer)
            schemes = Schemes(seat, own[answer], known) if planning else None
            play_out_round(trial, random.Random(seed), schemes)
            values.append(leaf(trial, seat))
        racing = still_in_the_race(results, keep)
        dropped.update((answer, statistics.fmean(values)) for answer, values in results.items() if answer not in racing)
        results = racing
        done = len(next(iter(results.values())))
        if len(results) == 1 or (done >= iterations if iterations is not None else time.perf_counter() >= deadline):
            break
    return Averages({answer: statistics.fmean(values) for answer, values in results.items()}, dropped, done)


def leaf(game: Game, seat: int) -> float:
    """What the end of a play-out is worth to the seat, in dollars: its margin over the best rival
    (engine.ai.value.margin) and, in a base game that goes on, its lead in loot within reach
    (``REACH``, engine.ai.lookahead.reach_lead). Expansions and variants have positions and loot the
    look-ahead's board does not know: there, the margin alone."""
    value = margin(game, seat)
    if game.phase != OVER and lookahead.base_game(game):  # every seat has a bandit there
        value += REACH * lookahead.reach_lead(game, seat)
    return value


def still_in_the_race(results: dict[str, list[float]], keep: Collection[str] = ()) -> dict[str, list[float]]:
    """Drop the answers clearly worse than the best so far, world by world (paired differences).

    Every answer was played in the same worlds with the same random numbers, so the difference of
    two answers in one world is their difference alone; an answer whose mean difference to the
    best is below zero by more than RACE_MARGIN standard errors is out.
    """
    n = len(next(iter(results.values())))
    if n < RACE_START:
        return results
    best = max(results, key=lambda answer: statistics.fmean(results[answer]))
    kept = {}
    for answer, values in results.items():
        gaps = [v - b for v, b in zip(values, results[best], strict=True)]
        spread = statistics.stdev(gaps) / math.sqrt(n)
        if answer == best or answer in keep or statistics.fmean(gaps) + RACE_MARGIN * spread >= 0:
            kept[answer] = values
    return kept


def candidate_answers(decision: Decision, view: Observation) -> list[str]:
    """The answers worth searching: Ghost's face-up play of a card he may hide is never better
    (B-9.1), but a Fire's with two bandits: only face up does it open the cover (V-2.6,
    engine.ai.variants.pairs)."""
    options = decision.options
    if decision.kind != "plan":
        return options
    hidden = {o.partition(" hide ")[2] for o in options if " hide " in o}
    for hook in hooks_of(view).hide_only:
        hidden = hook(Options(**view["options"]), hidden)
    return [o for o in options if o.partition(" play ")[2] not in hidden]


def shortlist(
    world: Game, seat: int, candidates: list[str], keep: Collection[str], rng: random.Random
) -> dict[str, list[str]]:
    """The schemin' answers worth a search, each with the cards the seat plays after it in a play-out.

    The answers are the look-ahead's best ``SHORTLIST`` of the candidates (the normal level's
    judgement, engine.ai.planner) and those to ``keep``: the others seldom win the race, and each
    costs a play-out in every world, so with fewer each gets more worlds. After a card come the
    rest of the look-ahead's best line (planned once a decision: the seat's hand is the same in every
    world), so that the seat follows up its card as it means to, not by one-card rules of thumb that
    may strand a Move without its Rob; after a draw, none."""
    ranked, lines = look_ahead_ranking(world, seat, candidates, rng)
    return {answer: lines[answer] for answer in candidates if answer in ranked[:SHORTLIST] or answer in keep}


def look_ahead_ranking(
    world: Game, seat: int, candidates: list[str], rng: random.Random
) -> tuple[list[str], dict[str, list[str]]]:
    """The schemin' answers best first by the normal level's look-ahead (engine.ai.planner), each with
    the rest of its best line: the cards the seat means to play after it (none after a draw)."""
    worths, lines = lookahead.weigh_plans(lookahead.Sight(world, seat, planner.STYLE), rng)
    value = {answer: answer.partition(" ")[2] for answer in candidates}  # "plan play x" → "play x"
    ranked = sorted(candidates, key=lambda answer: -worths[value[answer]])
    return ranked, {answer: lines.get(value[answer], []) for answer in candidates}


class Schemes:
    """The cards each bandit means to play in one play-out of a base game's schemin': the searching
    seat's own after its candidate card (``own``; none after a draw, whose cards the rules of thumb
    play), and each rival's as the look-ahead plans them (``RIVALS_PLAN``) from its hand in this
    world when its go first comes, the pile as it then lies: rivals who plan their cards ahead and
    answer what is on the pile, as strong players and the normal level do (issue 32). ``known``:
    plans by seat and pile, shared by the play-outs of one world: a rival who sees the same pile
    with the same hand plans the same, so after a face-down card it plans once for every candidate."""

    def __init__(self, seat: int, own: list[str], known: dict[tuple[object, ...], list[str]]) -> None:
        self.cards = {seat: list(own)}
        self.known = known

    def answer(self, game: Game, decision: Decision) -> str | None:
        cards = self.cards.get(decision.seat)
        if cards is None:
            pile = tuple((p.seat, None if p.face_down else p.card) for p in game.pile)
            plan = self.known.get((decision.seat, pile))
            if plan is None:
                plan = self.known[decision.seat, pile] = lookahead.plan(game, decision.seat, RIVALS_PLAN)
            cards = self.cards[decision.seat] = list(plan)
        return planned(decision, cards)


def planned(decision: Decision, cards: list[str] | None) -> str | None:
    """The next card of a plan still in hand, as the answer to a schemin' decision (hidden where
    it may be, B-9.1: never worse); None when the plan is spent."""
    while cards:
        card = cards.pop(0)
        for value in (f"hide {card}", f"play {card}"):
            if value in decision.values:
                return f"{decision.kind} {value}"
    return None


def play_out_round(game: Game, rng: random.Random, schemes: Schemes | None = None) -> None:
    """Bandits play on until the next round begins or the game ends; from the horse attack (H-2,
    before round 1) through round 1, where a starting wagon shows what it is worth.

    With ``schemes`` (a base game's schemin') each bandit plays its plan while it lasts; the rest
    is normal bandits' rules of thumb, planning without forecasting the pile
    (``normal.Table.forecasting``): a play-out then costs half as much and twice the worlds fit in
    the budget (issue 32)."""
    round_no = max(game.round_no, 1)
    while (decision := game.pending) is not None and game.round_no <= round_no:
        answer = schemes.answer(game, decision) if schemes is not None and decision.kind == "plan" else None
        apply(game, answer or normal.decide(game, decision.seat, rng, forecasting=False))
