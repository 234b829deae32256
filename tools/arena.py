"""AI bandits against each other: win rates with 95% intervals and decision times per level.

    python -m tools.arena --games N --players 4 --seats normal,normal,easy,easy --seed S [--horses] [--jobs 2]
    python -m tools.arena --games N --players 4 --seats hard,normal,normal,normal --seed S
    python -m tools.arena --variant two-bandits --players 2 --seats normal,easy --games N
    python -m tools.arena --variant teams --players 4 --seats normal,normal,easy,easy --games N
    python -m tools.arena --prisoners --players 5 --seats normal,hard,normal,normal,normal --games N
    python -m tools.arena --goals [--games N] [--jobs 2] [--stand-in tactician=normal]

Every game belongs to a deal: the characters, the wagons, the round cards and the game's dice,
all drawn from the deal's seed. A deal is played several times with the levels in other seats, so
that the luck of a seat in a deal falls on every level alike:

- Paired deals (``--paired``, the default when the bandits' seats hold two levels): a balanced
  line-up (as many seats of one level as of the other, e.g. 2v2 or 3v3) plays each deal twice,
  as a pattern and as its mirror, in which every bandit seat's level is swapped for the other
  level; each seat answers from the same random stream in both games. The pattern alternates
  from deal to deal: adjacent (AABB) on even deals, alternating (ABAB) on odd ones, turned one
  seat further every two deals so that every seat starts a pattern in turn. An unbalanced
  line-up (1v3, hard against four normal bandits) is not mirrored, since its mirror is another
  line-up (3v1): its deal is played once per rotation of the levels round the table, which
  already seats the lone level in every seat of the deal.
- Rotations (``--rotate``, the default with one level or more than two): every deal is played
  once per rotation of the levels round the table (blocks of ``players`` games).

With teams (V-4) the levels turn, pair and mirror a team at a time, so partners given the same
level keep it together; a teams line-up whose partners differ is played in rotations. With
``--prisoners`` the first of ``--seats`` is the Marshal player (M-1): he keeps his seat and his
level, only the bandits' levels turn or swap.

A level's win rate is the share of games one of its seats wins; a tie for the win (B-8.3: same
loot and same bullets received) gives each tied winner an equal share, so two tied winners count
half a win each. Two 95% intervals are given: Wilson's score interval, which counts the games as
independent, and the paired interval, which counts the deals: each level's mean share over the
games of a deal, then Student's t on the spread of those per-deal means (a deal's games share its
luck, so they are not independent). Decision times are the wall-clock time of ``engine.ai.choose``;
``--jobs N`` plays the deals in N worker processes, with the same results as one process, but
then the times include the workers' contention for the cores: take latency from ``--jobs 1``.

``--horses`` plays every game with the Horses & Stagecoach expansion (H-1). ``--variant`` seats
the players as a variant does: ``two-bandits`` (V-2, 2 or 3 players, each with two bandits drawn
as V-2.2 pairs them), ``two-player`` (V-3, 2 players, Expert) or ``teams`` (V-4, 4 or 6 players,
partners side by side). Each level's mean dollar margin is its side's final score (its bandit's,
or its two bandits' or partners' together) less the best other side's, over its sides in every
game. The Marshal's win rate is reported on a line of its own (``marshal_win``); a bandit level's
wins are those of its bandits. ``--by-character`` adds a line per level: each bandit's own share of
the win by the character it played (a tie shared as above).

The last line is machine-readable, e.g. ``games=N players=4 hard_win=0.430 hard_ci=0.370-0.490
hard_paired_ci=0.360-0.500 hard_margin=120 hard_median_ms=210 hard_p95_ms=260 ... deals=N
seating=mirror``.

``--goals`` plays the line-ups of issue 32 one after another (``--games`` each) and prints one
table of our level's share against each goal, its last line ``goals met=K/6 normal_2v2=...``.
"""

from __future__ import annotations

import argparse
import math
import multiprocessing
import os
import random
import statistics
import sys
import time
from collections import defaultdict
from collections.abc import Callable, Iterable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Protocol, TypeVar

from engine.ai import BENCHMARK_LEVELS, LEVELS, choose
from engine.ai.hard import BUDGET_MS
from engine.flow import apply
from engine.model import Game, Options
from engine.prisoners.model import MARSHAL
from engine.scoring import side_scores, winners
from engine.setup import new_game, seating
from engine.variants.pairs import TWO_PLAYER
from engine.variants.teams import TEAMS

Z95 = 1.959964
# Student's t, two-sided 95%, for 1 to 30 degrees of freedom: a run of a few deals needs the wider
# t, and the standard library has no t distribution.
T95 = (12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228,
       2.201, 2.179, 2.160, 2.145, 2.131, 2.120, 2.110, 2.101, 2.093, 2.086,
       2.080, 2.074, 2.069, 2.064, 2.060, 2.056, 2.052, 2.048, 2.045, 2.042)
MIRROR, ROTATIONS = "mirror", "rotations"
GAMES = 40  # a run's games unless --games says otherwise


def wilson(wins: float, games: int) -> tuple[float, float]:
    """The 95% Wilson score interval of a win rate."""
    if games == 0:
        return 0.0, 1.0
    p = wins / games
    denominator = 1 + Z95**2 / games
    centre = (p + Z95**2 / (2 * games)) / denominator
    half = Z95 * math.sqrt(p * (1 - p) / games + Z95**2 / (4 * games**2)) / denominator
    return max(0.0, centre - half), min(1.0, centre + half)


def t95(freedom: int) -> float:
    """Student's t for a two-sided 95% interval."""
    if freedom <= len(T95):
        return T95[freedom - 1]
    # Past the table, the first terms of the Cornish-Fisher expansion round z (within 0.001).
    z = Z95
    return z + (z**3 + z) / (4 * freedom) + (5 * z**5 + 16 * z**3 + 3 * z) / (96 * freedom**2)


def paired_interval(deal_shares: list[float]) -> tuple[float, float]:
    """The 95% interval of a level's share from its mean share in each deal: t on their spread."""
    if len(deal_shares) < 2:
        return 0.0, 1.0  # one deal says nothing of how deals vary
    centre = statistics.fmean(deal_shares)
    half = t95(len(deal_shares) - 1) * statistics.stdev(deal_shares) / math.sqrt(len(deal_shares))
    return max(0.0, centre - half), min(1.0, centre + half)


@dataclass(frozen=True)
class Sitting:
    """One game of a deal: each seat's level, and the stream its seats draw random answers from."""

    levels: tuple[str, ...]
    stream: int


def turned(levels: Sequence[str], marshal: int, turn: int) -> tuple[str, ...]:
    """The bandits' levels turned ``turn`` seats round the table; the Marshal player keeps his (M-1)."""
    bandits = levels[marshal:]
    return tuple(levels[:marshal]) + tuple(bandits[(seat + turn) % len(bandits)] for seat in range(len(bandits)))


@dataclass(frozen=True)
class Lineup:
    """The levels at the table, one per seat, and how they may move between seats."""

    levels: tuple[str, ...]
    marshal: int = 0  # 1 when the first seat is the Marshal player (M-1), who keeps his level
    step: int = 1  # seats that move together: a team's two (V-4.1)

    @property
    def units(self) -> list[tuple[str, ...]]:
        """The bandit seats' levels, a team (or a seat) at a time."""
        bandits = self.levels[self.marshal:]
        return [bandits[start:start + self.step] for start in range(0, len(bandits), self.step)]

    def mirrorable(self) -> bool:
        """Two levels over as many teams (or seats) each, partners alike: its mirror is itself."""
        units = self.units
        return (len(set(units)) == 2 and all(len(set(unit)) == 1 for unit in units)
                and len(units) == 2 * units.count(units[0]))

    def rotations(self) -> list[Sitting]:
        """The levels in every rotation round the bandit seats, a team at a time."""
        return [Sitting(turned(self.levels, self.marshal, turn), turn)
                for turn in range(0, len(self.levels) - self.marshal, self.step)]

    def pair(self, deal: int) -> list[Sitting]:
        """A mirrorable line-up's two games of a deal: its pattern of the deal and the mirror."""
        first, other = dict.fromkeys(unit[0] for unit in self.units)
        half = len(self.units) // 2
        pattern = [first] * half + [other] * half if deal % 2 == 0 else [first, other] * half
        turn = deal // 2 % len(pattern)
        pattern = pattern[turn:] + pattern[:turn]
        mirror = [other if level == first else first for level in pattern]
        marshal = self.levels[:self.marshal]
        # One stream for both games: a seat's random answers draw on the same numbers whichever
        # level sits there, so the two games differ by the levels alone.
        return [Sitting(marshal + tuple(level for level in order for _ in range(self.step)), 0)
                for order in (pattern, mirror)]

    def sittings(self, deal: int, seating: str) -> list[Sitting]:
        return self.pair(deal) if seating == MIRROR else self.rotations()


def play_seated(
    seated: Sequence[str], deal: int, stream: int, *, budget_ms: float | None,
    iterations: int | None, times: dict[str, list[float]], options: Options | None = None,
    margins: dict[str, list[float]] | None = None, characters: dict[tuple[str, str], float] | None = None,
) -> dict[str, float]:
    """One game of a deal with these levels seat by seat; each level's share of the win (and, into
    ``margins``, each side's dollar margin; into ``characters``, each bandit's own share of the win
    by its level and character)."""
    players = len(seated)
    options = options or Options()
    marshal = 1 if options.prisoners else 0
    game = new_game(seating(options).cast(random.Random(deal), players - marshal), seed=deal, options=options)
    rngs = [random.Random(deal * 1_000 + stream * 10 + seat) for seat in range(players)]
    while (decision := game.pending) is not None:
        seat = decision.seat
        level = seated[seat]
        began = time.perf_counter()
        answer = choose(game, seat, level, rng=rngs[seat], budget_ms=budget_ms, iterations=iterations)
        times[level].append(time.perf_counter() - began)
        apply(game, answer, seat=seat)
    won = winners(game)
    share = {name: 1 / len(won) for name in won}  # tied winners share the win
    if margins is not None:
        for side, margin in side_margins(game):
            margins[seated[game.bandits[side[0]].seat]].append(margin)
    if characters is not None:
        for name, bandit in game.bandits.items():
            characters[seated[bandit.seat], name] = share.get(name, 0.0)
    shares: dict[str, float] = defaultdict(float)
    for name, part in share.items():  # a winner not among the bandits is the Marshal player (M-9)
        shares[seated[game.bandits[name].seat] if name in game.bandits else MARSHAL] += part
    return shares


def side_margins(game: Game) -> list[tuple[list[str], float]]:
    """Each side (engine.scoring.sides) with its final score less the best other side's."""
    final = side_scores(game)
    return [(side, score - max(v for other, (_, v) in enumerate(final) if other != index))
            for index, (side, score) in enumerate(final)]


def play(
    levels: list[str], deal: int, rotation: int, *, budget_ms: float | None, iterations: int | None,
    times: dict[str, list[float]], options: Options | None = None,
    margins: dict[str, list[float]] | None = None,
) -> dict[str, float]:
    """One game with ``levels`` turned ``rotation`` seats round the table."""
    seated = turned(levels, 1 if (options or Options()).prisoners else 0, rotation)
    return play_seated(seated, deal, rotation, budget_ms=budget_ms, iterations=iterations, times=times,
                       options=options, margins=margins)


@dataclass(frozen=True)
class Deal:
    """A deal and the games to play of it: what a worker process needs, and nothing else."""

    index: int  # 0, 1, 2… in the run
    seed: int
    sittings: tuple[Sitting, ...]
    options: Options
    budget_ms: float | None
    iterations: int | None


@dataclass
class Played:
    """One game's outcome: where each level sat, its share of the win, its margins and times."""

    deal: int
    seated: tuple[str, ...]
    shares: dict[str, float]
    margins: dict[str, list[float]]
    times: dict[str, list[float]]
    characters: dict[tuple[str, str], float] = field(default_factory=dict)  # (level, bandit) → its share


def play_deal(deal: Deal) -> list[Played]:
    """Every game of one deal, in order (a worker's job with ``--jobs``)."""
    played = []
    for sitting in deal.sittings:
        times: dict[str, list[float]] = defaultdict(list)
        margins: dict[str, list[float]] = defaultdict(list)
        characters: dict[tuple[str, str], float] = {}
        shares = play_seated(sitting.levels, deal.seed, sitting.stream, budget_ms=deal.budget_ms,
                             iterations=deal.iterations, times=times, options=deal.options, margins=margins,
                             characters=characters)
        played.append(Played(deal.index, sitting.levels, dict(shares), dict(margins), dict(times), characters))
    return played


Task = TypeVar("Task")
Result = TypeVar("Result")


class Workers(Protocol):
    """Where tasks are done: ``work`` on each, the results in the tasks' order (``workers``)."""

    def __call__(self, work: Callable[[Task], Result], tasks: Iterable[Task], /) -> Iterator[Result]: ...


def one_by_one(work: Callable[[Task], Result], tasks: Iterable[Task], /) -> Iterator[Result]:
    return map(work, tasks)


@contextmanager
def workers(jobs: int) -> Iterator[Workers]:
    """Deals (or any tasks) done in this process, or in ``jobs`` forked ones (answered in order);
    forked workers inherit this process's modules and string hashing, so they play exactly as it would."""
    if jobs <= 1:
        yield one_by_one
        return
    with ProcessPoolExecutor(jobs, mp_context=multiprocessing.get_context("fork")) as pool:
        yield pool.map


@dataclass
class Tally:
    """What a run's games add up to, and each deal's mean share per level for the paired interval."""

    levels: tuple[str, ...]  # those whose shares are counted deal by deal
    played: list[Played] = field(default_factory=list)
    wins: dict[str, float] = field(default_factory=lambda: defaultdict(float))
    deal_shares: dict[str, list[float]] = field(default_factory=lambda: defaultdict(list))
    times: dict[str, list[float]] = field(default_factory=lambda: defaultdict(list))
    margins: dict[str, list[float]] = field(default_factory=lambda: defaultdict(list))
    characters: dict[tuple[str, str], list[float]] = field(default_factory=lambda: defaultdict(list))

    @property
    def games(self) -> int:
        return len(self.played)

    @property
    def deals(self) -> int:
        return len(next(iter(self.deal_shares.values()), []))

    def add(self, deal: list[Played]) -> None:
        for game in deal:
            self.played.append(game)
            for level, share in game.shares.items():
                self.wins[level] += share
            for level, seconds in game.times.items():
                self.times[level] += seconds
            for level, dollars in game.margins.items():
                self.margins[level] += dollars
            for played_as, share in game.characters.items():
                self.characters[played_as].append(share)
        for level in self.levels:
            self.deal_shares[level].append(statistics.fmean(game.shares.get(level, 0.0) for game in deal))

    def rate(self, level: str) -> float:
        return self.wins[level] / self.games if self.games else 0.0

    def wilson(self, level: str) -> tuple[float, float]:
        return wilson(self.wins[level], self.games)

    def paired(self, level: str) -> tuple[float, float]:
        return paired_interval(self.deal_shares[level])

    def latency(self, level: str) -> tuple[float, float]:
        """The level's decision time in milliseconds: median and 95th percentile."""
        ms = [t * 1000 for t in self.times[level]]
        return (statistics.median(ms) if ms else 0.0), percentile(ms, 0.95)


@dataclass(frozen=True)
class Run:
    """How to play a run's games: the same for every line-up of ``--goals``."""

    games: int
    seed: int
    options: Options
    budget_ms: float | None
    iterations: int | None
    quiet: bool = True


def deals(lineup: Lineup, seating: str, run: Run) -> Iterator[Deal]:
    """The run's deals, ``run.games`` games in all (the last deal cut short if they do not divide)."""
    left, index = run.games, 0
    while left > 0:
        sittings = lineup.sittings(index, seating)[:left]
        yield Deal(index, run.seed * 100_000 + index, tuple(sittings), run.options, run.budget_ms, run.iterations)
        left, index = left - len(sittings), index + 1


def arena(lineup: Lineup, seating: str, run: Run, work: Workers = one_by_one) -> Tally:
    """Play a line-up's games, deal by deal, and add them up in deal order."""
    tally = Tally(tuple(dict.fromkeys(lineup.levels)) + ((MARSHAL,) if lineup.marshal else ()))
    for played in work(play_deal, deals(lineup, seating, run)):
        tally.add(played)
        if not run.quiet:
            so_far = " ".join(f"{level}={tally.wins[level]:.1f}" for level in dict.fromkeys([*lineup.levels,
                                                                                             *tally.wins]))
            print(f"game {tally.games}/{run.games} (deal {played[0].deal + 1}): {so_far}", file=sys.stderr,
                  flush=True)
    return tally


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] if ordered else 0.0


def interval(bounds: tuple[float, float]) -> str:
    return f"{bounds[0]:.3f}-{bounds[1]:.3f}"


def report(lineup: Lineup, seating: str, tally: Tally, players: int) -> list[str]:
    """Print a line per level; the fields of the last line."""
    per_deal = "twice, as the line-up and its mirror" if seating == MIRROR else "once per rotation of the levels"
    print(f"{tally.games} games: {tally.deals} deals, each played {per_deal}")
    fields = [f"games={tally.games}", f"players={players}"]
    if lineup.marshal:
        level, rate = lineup.levels[0], tally.rate(MARSHAL)
        print(f"the Marshal ({level}): wins {rate:.3f} (95% Wilson {interval(tally.wilson(MARSHAL))}, "
              f"paired {interval(tally.paired(MARSHAL))})")
        fields += [f"marshal_level={level}", f"marshal_win={rate:.3f}", f"marshal_ci={interval(tally.wilson(MARSHAL))}",
                   f"marshal_paired_ci={interval(tally.paired(MARSHAL))}"]
    for level in dict.fromkeys(lineup.levels):
        seats, bandit_seats = lineup.levels[lineup.marshal:].count(level), players - lineup.marshal
        rate, wilson_ci, paired_ci = tally.rate(level), interval(tally.wilson(level)), interval(tally.paired(level))
        median, p95 = tally.latency(level)
        margin = statistics.fmean(tally.margins[level]) if tally.margins[level] else 0.0
        print(f"{level}: {seats} seat(s) of {bandit_seats} (fair share {seats / bandit_seats:.2f}), "
              f"wins {rate:.3f} (95% Wilson {wilson_ci}, paired {paired_ci}), mean margin ${margin:+.0f}, "
              f"decisions {len(tally.times[level])}, median {median:.1f} ms, p95 {p95:.1f} ms")
        fields += [f"{level}_win={rate:.3f}", f"{level}_ci={wilson_ci}", f"{level}_paired_ci={paired_ci}",
                   f"{level}_margin={margin:.0f}", f"{level}_median_ms={median:.1f}", f"{level}_p95_ms={p95:.1f}"]
    return fields


def by_character(tally: Tally) -> None:
    """Print a line per level: its bandits' own share of the win by the character each played (a
    bandit's fair share is one over the bandits at the table). A character that one level plays
    badly shows beside the other level's share as the same character (docs/ai.md)."""
    lines: dict[str, list[str]] = defaultdict(list)
    for (level, name), shares in sorted(tally.characters.items()):
        lines[level].append(f"{name} {statistics.fmean(shares):.3f} "
                            f"({interval(wilson(sum(shares), len(shares)))}, {len(shares)})")
    for level, parts in lines.items():
        print(f"{level} by character, a bandit's own share (95% Wilson, bandits): {'; '.join(parts)}")


# Issue 32's line-ups and goals. The benchmark level is a yardstick of its own branch; until
# engine.ai has it, ``--stand-in tactician=LEVEL`` previews the table with another level.
BENCHMARK = "tactician"
GOAL_GAMES = 200  # per line-up: ±0.07 at a share near 0.5 (hard lines: ~3 s per game per hard seat)
# For the estimate printed first, measured on one core of the development machine: a hard seat
# takes ~30 decisions a game, at its own budget or at ~3.5 ms a world with --iterations. Since the
# search weighs the look-ahead's best two answers, most decisions end before the budget: 200 games of
# every line took 30 minutes with --jobs 2 (issue 32, 2026-11-27).
SECONDS_PER_HARD_GAME = 3.0
SECONDS_PER_HARD_WORLD = 0.1
SECONDS_PER_GAME = 0.05  # a game of rules-of-thumb bandits


@dataclass(frozen=True)
class Goal:
    """One line-up of the goals: ``ours`` in ``seats`` seats against ``rivals`` in the others."""

    name: str
    ours: str
    seats: int
    rivals: str
    players: int
    share: float = 0.0  # at least this share of the wins…
    times_fair: float = 0.0  # …or at least this many times the fair share

    def lineup(self, stand_ins: dict[str, str]) -> Lineup:
        ours, rivals = stand_ins.get(self.ours, self.ours), stand_ins.get(self.rivals, self.rivals)
        return Lineup((ours,) * self.seats + (rivals,) * (self.players - self.seats))

    @property
    def fair(self) -> float:
        return self.seats / self.players

    @property
    def target(self) -> float:
        return max(self.share, self.times_fair * self.fair)

    def wanted(self) -> str:
        return f">= {self.times_fair:g}x fair ({self.target:.2f})" if self.times_fair else f">= {self.share:.2f}"

    def estimate(self, run: Run) -> float:
        """Seconds its games should take on one core."""
        hard = (self.seats if self.ours == "hard" else 0) + (self.players - self.seats if self.rivals == "hard" else 0)
        if run.iterations is not None:
            per_hard = run.iterations * SECONDS_PER_HARD_WORLD
        else:
            per_hard = SECONDS_PER_HARD_GAME * (run.budget_ms or BUDGET_MS) / BUDGET_MS
        return run.games * (SECONDS_PER_GAME + hard * per_hard)


GOALS = (
    Goal("normal_2v2", "normal", 2, BENCHMARK, 4, share=0.50),
    Goal("hard_2v2", "hard", 2, BENCHMARK, 4, share=0.70),
    Goal("hard_1v3", "hard", 1, BENCHMARK, 4, share=0.45),
    Goal("hard_vs_normal_4p", "hard", 1, "normal", 4, share=0.55),
    Goal("hard_vs_normal_5p", "hard", 1, "normal", 5, times_fair=2.5),
    Goal("hard_vs_normal_6p", "hard", 1, "normal", 6, times_fair=2.5),
)


def missing_levels(stand_ins: dict[str, str]) -> list[str]:
    """The goals' levels engine.ai cannot play (the benchmark, before its branch lands)."""
    known = set(LEVELS + BENCHMARK_LEVELS)
    wanted = {level for goal in GOALS for level in goal.lineup(stand_ins).levels}
    return sorted(wanted - known)


def goals(run: Run, stand_ins: dict[str, str], work: Workers, jobs: int) -> list[str]:
    """Play every goal's line-up; print the table; the fields of the last line."""
    total = sum(goal.estimate(run) for goal in GOALS) / max(1, min(jobs, os.cpu_count() or 1))
    about = f"{total / 60:.0f} min" if total >= 60 else f"{total:.0f} s"
    print(f"goals: {len(GOALS)} line-ups of {run.games} games each, about {about}")
    rows, fields, met = [], [], 0
    for goal in GOALS:
        lineup = goal.lineup(stand_ins)
        seating = MIRROR if lineup.mirrorable() else ROTATIONS
        began = time.monotonic()
        tally = arena(lineup, seating, run, work)
        share, paired = tally.rate(lineup.levels[0]), tally.paired(lineup.levels[0])
        reached = share >= goal.target
        met += reached
        print(f"{goal.name}: {share:.3f} (paired 95% {interval(paired)}) in {time.monotonic() - began:.0f} s",
              flush=True)
        rivals = len(lineup.levels) - goal.seats
        median, p95 = tally.latency(lineup.levels[0])
        rows.append(f"| {goal.seats} {lineup.levels[0]} vs {rivals} {lineup.levels[-1]} ({goal.players}p) "
                    f"| {tally.games} | {tally.deals} | {share:.3f} | {interval(paired)} | {goal.fair:.2f} "
                    f"| {share / goal.fair:.2f} | {median:.1f} / {p95:.1f} | {goal.wanted()} "
                    f"| {'yes' if reached else 'no'} |")
        fields.append(f"{goal.name}={share:.3f}")
    print("| line-up | games | deals | our share | paired 95% | fair share | x fair | our decision ms, median / p95 "
          "| goal | met |")
    print("|---|---|---|---|---|---|---|---|---|---|")
    print("\n".join(rows))
    return [f"met={met}/{len(GOALS)}", *fields]


def stand_in(text: str) -> tuple[str, str]:
    """``tactician=normal``: a level the goals name, and the level that plays in its place."""
    named, _, playing = text.partition("=")
    if not named or not playing:
        raise argparse.ArgumentTypeError("LEVEL=LEVEL, e.g. tactician=normal")
    return named, playing


def parse(argv: list[str] | None) -> tuple[argparse.ArgumentParser, argparse.Namespace]:
    every = ", ".join(LEVELS + BENCHMARK_LEVELS)
    parser = argparse.ArgumentParser(
        prog="python -m tools.arena", description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--games", type=int, default=None,
                        help=f"games to play (default {GAMES}; {GOAL_GAMES} per line-up with --goals); best a whole "
                             "number of deals: 2 games a paired deal, --players (its half with teams) a rotated one")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--seats", default="hard,normal,normal,normal",
                        help=f"one level per seat, comma-separated, among {every}")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--budget-ms", type=float, default=None, help="hard: time per decision (default: its own)")
    parser.add_argument("--iterations", type=int, default=None, help="hard: worlds per decision instead of a time")
    parser.add_argument("--horses", action="store_true", help="play with Horses & Stagecoach (H-1)")
    parser.add_argument("--variant", default="none", choices=Options.CHOICES["variant"],
                        help="how players sit: two-bandits (V-2, 2-3 players), two-player (V-3, 2 players), "
                             "teams (V-4, 4 or 6 players)")
    parser.add_argument("--prisoners", action="store_true",
                        help="play Marshal & Prisoners: the first of --seats is the Marshal player (M-1)")
    how = parser.add_mutually_exclusive_group()
    how.add_argument("--paired", action="store_true",
                     help="each deal twice, the line-up and its mirror (default with two levels; an unbalanced "
                          "line-up such as 1v3 keeps its rotations)")
    how.add_argument("--rotate", action="store_true",
                     help="each deal once per rotation of the levels (default with one level or more than two)")
    parser.add_argument("--jobs", type=int, default=1,
                        help="worker processes, a deal each at a time (same results; times then include contention)")
    parser.add_argument("--goals", action="store_true", help="play issue 32's line-ups and print the goals table")
    parser.add_argument("--stand-in", type=stand_in, action="append", default=[], metavar="LEVEL=LEVEL",
                        help=f"with --goals: play a level in place of one the goals name (e.g. {BENCHMARK}=normal)")
    parser.add_argument("--quiet", action="store_true", help="no line per game")
    parser.add_argument("--by-character", action="store_true",
                        help="print each level's win share by the character its bandit played")
    return parser, parser.parse_args(argv)


def main(argv: list[str] | None = None) -> int:
    parser, args = parse(argv)
    options = Options(horses=args.horses, variant=args.variant, expert=args.variant == TWO_PLAYER,  # V-3.3
                      prisoners=args.prisoners)
    games = args.games if args.games is not None else GOAL_GAMES if args.goals else GAMES
    run = Run(games, args.seed, options, args.budget_ms, args.iterations, quiet=args.quiet or args.goals)
    if args.goals:
        return main_goals(parser, args, run)
    levels = tuple(args.seats.split(","))
    if len(levels) != args.players or not set(levels) <= set(LEVELS + BENCHMARK_LEVELS):
        parser.error(f"--seats needs {args.players} levels among {', '.join(LEVELS + BENCHMARK_LEVELS)}")
    table = seating(options)
    marshal = int(args.prisoners)
    if not table.min_players <= args.players - marshal <= table.max_players:
        parser.error(f"this game is for {table.min_players + marshal} to {table.max_players + marshal} players")
    lineup = Lineup(levels, marshal, step=2 if args.variant == TEAMS else 1)  # a team's seats turn together (V-4.1)
    two_levels = len(set(levels[marshal:])) == 2
    paired = args.paired or (two_levels and not args.rotate)
    seating_kind = MIRROR if paired and lineup.mirrorable() else ROTATIONS
    with workers(args.jobs) as work:
        tally = arena(lineup, seating_kind, run, work)
    fields = report(lineup, seating_kind, tally, args.players)
    if args.by_character:
        by_character(tally)
    fields += [f"horses={int(args.horses)}", f"variant={args.variant}", f"prisoners={int(args.prisoners)}",
               f"deals={tally.deals}", f"seating={seating_kind}"]
    print(" ".join(fields))
    return 0


def main_goals(parser: argparse.ArgumentParser, args: argparse.Namespace, run: Run) -> int:
    if args.variant != "none" or args.prisoners:
        parser.error("--goals plays the base game's line-ups: no --variant, no --prisoners")
    stand_ins = dict(args.stand_in)
    missing = missing_levels(stand_ins)
    if missing:
        parser.error(f"--goals needs the level(s) {', '.join(missing)}, which engine.ai does not have "
                     f"(BENCHMARK_LEVELS: {', '.join(BENCHMARK_LEVELS) or 'none yet'}); the benchmark comes "
                     f"with its own branch: --stand-in {BENCHMARK}=normal previews the table meanwhile")
    with workers(args.jobs) as work:
        fields = goals(run, stand_ins, work, args.jobs)
    print(" ".join(["goals", *fields]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
