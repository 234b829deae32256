"""The hard bandit: determinized Monte Carlo search over what its seat cannot see.

Each iteration draws one world agreeing with the seat's observation (engine.ai.worlds), then
plays every candidate answer in a copy of it and lets normal bandits (engine.ai.normal, planning
without their forecast of the pile: ``quick_plan``) play the rest of the round, the same random
numbers for every candidate so that only the answer differs.
The answer whose worlds end the round best on average, in dollars ahead of the best rival
(engine.ai.value.margin), is chosen. Answers clearly behind the best drop out of the race on the
way, and the search ends when one is left. Otherwise it runs until the time budget is spent, or
exactly ``iterations`` worlds (deterministic for a given ``rng``, as tests need).

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

from engine.ai import normal, tactician
from engine.ai.hooks import game_hooks
from engine.ai.value import NOISE, margin
from engine.ai.worlds import Knowledge, clone, hooks_of
from engine.flow import apply
from engine.model import PLANNING, Decision, Game, Options, card_action
from engine.observe import Observation, observe
from engine.planning import turns

BUDGET_MS = 200.0  # per decision at most: under the 300 ms goal on one core, whatever the load
# Past this share of the budget the search ends as soon as its leader is clear: ahead of every
# other answer by CLEAR standard errors of their paired differences, give or take INDIFFERENT dollars.
SETTLE = 1.0
CLEAR = 1.0
INDIFFERENT = 25.0
RACE_START = 4  # worlds before any answer may be dropped
RACE_MARGIN = 2.5  # standard errors below the best: out of the race
# Share of the rivals who play a world's round as the tactician (its one-ply style) instead of
# normal bandits: each rival keeps one style through a world's play-out, drawn with the world.
TACTICIAN_RIVALS = 0.0
TACTICIAN_LOOK_AHEAD = 0  # the tactician's style in play-outs: 0 the one-ply one (tactician.TACTICAL)
SELF_TACTICIAN = False
# The normal bandits of a play-out forecast the pile when they plan (normal.forecast), or not (quick_plan).
FORECAST_IN_PLAY_OUTS = False  # my own bandit too plays the rest of the round as the tactician


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
    start = time.perf_counter()
    budget = BUDGET_MS if budget_ms is None else budget_ms
    deadline = start + budget / 1000.0
    settle = start + budget * SETTLE / 1000.0
    knowledge = Knowledge(view, decision)
    seat = decision.seat
    results: dict[str, list[float]] = {answer: [] for answer in candidates}
    dropped: dict[str, float] = {}
    while True:
        world = knowledge.sample(rng)
        seed = rng.getrandbits(64)
        styles = rival_styles(world, seat, rng) if TACTICIAN_RIVALS > 0.0 or SELF_TACTICIAN else None
        for answer, values in results.items():
            trial = clone(world)
            apply(trial, answer)
            play_out_round(trial, random.Random(seed), styles)
            values.append(margin(trial, seat))
        racing = still_in_the_race(results, keep)
        dropped.update((answer, statistics.fmean(values)) for answer, values in results.items() if answer not in racing)
        results = racing
        done = len(next(iter(results.values())))
        if len(results) == 1:
            break
        if iterations is not None:
            if done >= iterations:
                break
            continue
        now = time.perf_counter()
        if now >= deadline or (now >= settle and leader_is_clear(results)):
            break
    return Averages({answer: statistics.fmean(values) for answer, values in results.items()}, dropped, done)


def leader_is_clear(results: dict[str, list[float]]) -> bool:
    """Whether more worlds would hardly change the pick: the best mean's lead over every other
    answer (paired, world by world) is at least CLEAR standard errors, less INDIFFERENT dollars."""
    n = len(next(iter(results.values())))
    if n < RACE_START:
        return False
    best = max(results, key=lambda answer: statistics.fmean(results[answer]))
    for answer, values in results.items():
        if answer == best:
            continue
        gaps = [b - v for v, b in zip(values, results[best], strict=True)]
        if statistics.fmean(gaps) + INDIFFERENT < CLEAR * statistics.stdev(gaps) / math.sqrt(n):
            return False
    return True


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


def rival_styles(world: Game, seat: int, rng: random.Random) -> frozenset[int]:
    """The seats whose bandits play this world's round as the tactician: each rival's at random
    (TACTICIAN_RIVALS), in the base game only (the tactician knows no other)."""
    if not tactician.base_game(world):
        return frozenset()
    found = {s.index for s in world.seats if s.index != seat and rng.random() < TACTICIAN_RIVALS}
    return frozenset(found | {seat} if SELF_TACTICIAN else found)


def play_out_round(game: Game, rng: random.Random, tacticians: Collection[int] | None = None) -> None:
    """Normal bandits play on until the next round begins or the game ends; from the horse attack
    (H-2, before round 1) through round 1, where a starting wagon shows what it is worth. The
    ``tacticians`` seats play as the one-ply tactician."""
    round_no = max(game.round_no, 1)
    while (decision := game.pending) is not None and game.round_no <= round_no:
        if tacticians and decision.seat in tacticians:
            apply(game, tactical(game, decision.seat, rng))
        elif decision.kind == "plan" and not FORECAST_IN_PLAY_OUTS and game.seats[decision.seat].bandits:
            table = normal.Table(game, decision.seat, decision.bandit, hooks=game_hooks(game))
            apply(game, quick_plan(table, decision, rng))
        else:
            apply(game, normal.decide(game, decision.seat, rng))


def quick_plan(table: normal.Table, decision: Decision, rng: random.Random) -> str:
    """The normal bandit's schemin' (normal.plan) without its forecast of the pile: in a play-out
    the normal bandits plan from where everyone stands now, as they did before issue 32. Twice
    as quick, so twice the worlds in a budget, and as strong for the search (measured, issue 32)."""
    game = table.game
    kinds = turns(game)
    turn = game.planning.turn
    hand = game.seats[table.seat].hand
    tables = table.tables()  # each card is performed by its own bandit (V-2.3)
    robbing = {name: any(card_action(c) == "rob" and table.performer(c) == name for c in hand) for name in tables}
    loot, pos = table.loot, {name: t.me.at for name, t in tables.items()}
    for c in table.seat_future_cards():
        name = table.performer(c)
        loot, pos[name] = normal._imagine(tables[name], card_action(c), pos[name], loot, robbing[name])
    worths: dict[str, float] = {}

    def worth_of(c: str) -> float:
        if c not in worths:
            name = table.performer(c)
            worths[c] = normal.card_worth(tables[name], card_action(c), pos[name], loot, robbing[name])
        return worths[c]

    def drawing() -> float:
        return normal.draw_worth(table, decision, kinds, turn)

    verbs = table.hooks.plan_verbs
    best_answer, best_value = "", -1e9
    for value in decision.values:
        verb, _, c = value.partition(" ")
        if verb == "draw":
            worth = drawing()
        elif verb in verbs:
            worth = verbs[verb](table, c, worth_of, drawing)
        elif verb == "pass":
            worth = 0.0
        else:
            worth = worth_of(c)
            if verb == "hide":
                worth += 1.0
            else:
                for hook in table.hooks.play_bonus:
                    worth += hook(table, c, kinds[turn], worth_of)
        worth += NOISE * rng.random()
        if worth > best_value:
            best_answer, best_value = value, worth
    return f"{decision.kind} {best_answer}"


def tactical(game: Game, seat: int, rng: random.Random) -> str:
    """The tactician's answer in play-outs (its one-ply style by default), as tactician.decide gives it."""
    decision = game.pending
    assert decision is not None
    if game.seats[seat].bandits:
        sight = tactician.Sight(game, seat, tactician.Style(look_ahead=TACTICIAN_LOOK_AHEAD))
        if decision.kind == "plan" and game.phase == PLANNING:
            if all(v.partition(" ")[0] in ("play", "hide", "draw", "pass") for v in decision.values):
                return tactician.plan(sight, rng)
        elif decision.kind in ("keep-purse", "pickpocket"):
            return f"{decision.kind} yes"
        else:
            answer = tactician.steal(sight, rng)
            if answer is not None:
                return answer
    return normal.decide(game, seat, rng)
