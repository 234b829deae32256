"""What the hard bandit's preferences are worth by the game's end (issue 32, docs/ai.md).

    python -m tools.hindsight --games 40 --seed 800 [--rivals tactician] [--players 4]
                              [--phase schemin|stealin] [--against second|normal|left-out]
                              [--plays 4] [--worlds 60] [--jobs 2] [--out rows.json]

A play-out of the search stops at a round's end; this asks the game itself. In each game one hard
bandit plays against ``--rivals`` (its seat turns with the deal). At each of its decisions of the
``--phase`` (schemin', or Stealin': a destination, target, token or the marshal's car) where the
search weighs two answers or more:

1. the search, as hard plays it, names its pick, and the answer it is weighed against
   (``--against``): the search's own second best, the normal level's answer (only where the two
   differ), or the look-ahead's best schemin' answer that the search's shortlist leaves out;
2. a second search on ``--worlds`` fresh worlds, both answers kept in the race, prices them again,
   so that the gap between them was not chosen on the worlds that measure it;
3. the real game, its hidden cards and decks as they truly lie, is copied and played to its end from
   each answer ``--plays`` times, each time with the same random numbers for both answers: the seat
   on as a normal bandit, each rival as its level.

The game then goes on with hard's answer. Each such decision gives one row (``--out`` keeps them as
JSON): the round, the two answers (the first is the search's pick), whether the first is the normal
level's own answer, the fresh gap, and each answer's mean margin over the best rival and share of
the win at the end. The summary reads them by quarters of the fresh gap, by round, by the first
answer's card (or kind of Stealin' decision) and by whether the search departs from the normal
level. Its last line is ``decisions=N gap=X margin=Y win=Z``: the first answer's lead over the
second, in the fresh search's dollars, and at the game's end in margin and in share of the win.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
from collections.abc import Callable, Iterator, Sequence
from dataclasses import asdict, dataclass, replace

import engine  # noqa: F401  (registers every decision handler)
from engine.ai import BENCHMARK_LEVELS, LEVELS, choose, hard, lookahead
from engine.ai.worlds import Knowledge
from engine.flow import apply
from engine.model import Decision, Game, Options
from engine.observe import observe
from engine.scoring import winners
from engine.setup import new_game, seating
from engine.snapshot import from_json, to_json
from tools.arena import side_margins, workers

HARD = "hard"
AFTER = "normal"  # how the seat plays on after the answer: hard itself would cost a search a decision
PHASES: dict[str, Callable[[Decision], bool]] = {
    "schemin": lambda decision: decision.kind == "plan",
    "stealin": lambda decision: decision.kind != "plan",
}
AGAINST = ("second", "normal", "left-out")


@dataclass(frozen=True)
class Row:
    """One decision of hard's, its two best answers weighed three ways."""

    deal: int
    round: int
    answers: tuple[str, str]  # the search's pick and the answer weighed against it
    normal: bool  # the first is the normal level's own answer
    fresh: tuple[float, float]  # their means in the fresh search, dollars at a play-out's end
    margin: tuple[float, float]  # their mean margins at the game's end
    win: tuple[float, float]  # their mean shares of the win

    @property
    def gap(self) -> float:
        return self.fresh[0] - self.fresh[1]

    @property
    def margin_gain(self) -> float:
        return self.margin[0] - self.margin[1]

    @property
    def win_gain(self) -> float:
        return self.win[0] - self.win[1]


@dataclass(frozen=True)
class Job:
    deal: int
    levels: tuple[str, ...]  # seat by seat
    plays: int
    worlds: int
    budget_ms: float | None
    iterations: int | None
    phase: str = "schemin"  # one of PHASES
    against: str = "second"  # one of AGAINST


def best_two(found: hard.Averages) -> list[str]:
    """The search's two best answers: those still in the race by their means, then those dropped."""
    kept = sorted(found.kept, key=lambda answer: -found.kept[answer])
    dropped = sorted(found.dropped, key=lambda answer: -found.dropped[answer])
    return (kept + dropped)[:2]


def left_out(game: Game, found: hard.Averages, rng: random.Random) -> str | None:
    """The look-ahead's best schemin' answer that the search did not weigh (its shortlist left it
    out), judged on a world drawn from the seat's view as the search judges; None outside a base
    game's schemin' or where every answer was weighed."""
    decision = game.pending
    assert decision is not None
    view = observe(game, decision.seat)
    world = Knowledge(view, decision).sample(rng)
    if not lookahead.scheming(world):
        return None
    candidates = hard.candidate_answers(decision, view)
    ranked, _ = hard.look_ahead_ranking(world, decision.seat, candidates, rng)
    return next((answer for answer in ranked if answer not in found.kept and answer not in found.dropped), None)


def pair(game: Game, found: hard.Averages, against: str, normal_answer: str, rng: random.Random) -> list[str]:
    """The search's pick and the answer to weigh against it (``AGAINST``); the pick alone where there
    is none."""
    if against == "second":
        return best_two(found)
    other = normal_answer if against == "normal" else left_out(game, found, rng)
    pick = found.pick()
    return [pick] if other is None or other == pick else [pick, other]


def outcome(game: Game, seat: int) -> tuple[float, float]:
    """The seat's margin over the best other side at the game's end, and its share of the win
    (B-8.3: tied winners share it)."""
    margin = next(margin for side, margin in side_margins(game) if any(game.bandits[n].seat == seat for n in side))
    won = winners(game)
    share = sum(game.bandits[name].seat == seat for name in won if name in game.bandits) / len(won) if won else 0.0
    return margin, share


def play_to_end(snapshot: dict[str, object], answer: str, levels: Sequence[str], seed: int) -> tuple[float, float]:
    """A copy of the game from ``snapshot`` with ``answer`` given, played to its end: the answering
    seat on as ``AFTER``, every other as its level, each seat's random numbers from ``seed``."""
    game = from_json(snapshot)
    decision = game.pending
    assert decision is not None
    seat = decision.seat
    apply(game, answer, seat=seat)
    rngs = [random.Random(seed * 100 + index) for index in range(len(levels))]
    while (pending := game.pending) is not None:
        level = AFTER if pending.seat == seat else levels[pending.seat]
        apply(game, choose(game, pending.seat, level, rng=rngs[pending.seat]), seat=pending.seat)
    return outcome(game, seat)


def weigh(game: Game, job: Job, found: hard.Averages, rng: random.Random) -> Row | None:
    """The row of one decision, or None where there is no other answer to weigh (the search weighed
    one answer only, the normal level agrees with its pick, or the shortlist left nothing out)."""
    decision = game.pending
    assert decision is not None
    seat = decision.seat
    normal_answer = choose(game, seat, AFTER, rng=random.Random(rng.getrandbits(64)))
    two = pair(game, found, job.against, normal_answer, rng)
    if len(two) < 2:
        return None
    fresh = hard.search(observe(game, seat), decision, random.Random(rng.getrandbits(64)),
                        iterations=job.worlds, keep=two)
    means = {**fresh.dropped, **fresh.kept}
    snapshot = to_json(game)
    ends: dict[str, list[tuple[float, float]]] = {answer: [] for answer in two}
    for _ in range(job.plays):
        seed = rng.getrandbits(48)
        for answer in two:
            ends[answer].append(play_to_end(snapshot, answer, job.levels, seed))
    first, second = two
    return Row(
        deal=job.deal, round=game.round_no, answers=(first, second), normal=first == normal_answer,
        fresh=(means[first], means[second]),
        margin=(statistics.fmean(m for m, _ in ends[first]), statistics.fmean(m for m, _ in ends[second])),
        win=(statistics.fmean(w for _, w in ends[first]), statistics.fmean(w for _, w in ends[second])),
    )


def play_deal(job: Job) -> list[Row]:
    """One game of the deal, hard's decisions of the phase weighed as it goes."""
    game = new_game(seating(Options()).cast(random.Random(job.deal), len(job.levels)), seed=job.deal)
    rngs = [random.Random(job.deal * 1_000 + seat) for seat in range(len(job.levels))]
    rng = random.Random(job.deal)
    rows = []
    while (decision := game.pending) is not None:
        seat = decision.seat
        if job.levels[seat] == HARD and PHASES[job.phase](decision):
            found = hard.search(observe(game, seat), decision, rngs[seat], budget_ms=job.budget_ms,
                                iterations=job.iterations)
            row = weigh(game, job, found, rng)
            if row is not None:
                rows.append(row)
            answer = found.pick()
        else:
            answer = choose(game, seat, job.levels[seat], rng=rngs[seat], budget_ms=job.budget_ms,
                            iterations=job.iterations)
        apply(game, answer, seat=seat)
    return rows


def jobs(games: int, seed: int, players: int, rivals: str, how: Job) -> Iterator[Job]:
    """A game a deal from ``seed`` on, played as ``how`` says; hard's seat turns with the deal."""
    for index in range(games):
        levels = [rivals] * players
        levels[index % players] = HARD
        yield replace(how, deal=seed + index, levels=tuple(levels))


def mean_and_error(values: Sequence[float]) -> tuple[float, float]:
    if len(values) < 2:
        return (values[0] if values else 0.0), 0.0
    return statistics.fmean(values), statistics.stdev(values) / len(values) ** 0.5


def leads(rows: Sequence[Row]) -> tuple[tuple[float, float], ...]:
    """The first answer's mean lead and its standard error: in the fresh gap, margin and win."""
    return (mean_and_error([row.gap for row in rows]), mean_and_error([row.margin_gain for row in rows]),
            mean_and_error([row.win_gain for row in rows]))


def line(label: str, rows: Sequence[Row]) -> str:
    (gap, _), (margin, margin_error), (win, win_error) = leads(rows)
    return (f"{label:<28} {len(rows):>6} {gap:>8.0f} {margin:>8.0f} ± {margin_error:<5.0f}"
            f" {win:>+7.3f} ± {win_error:.3f}")


def groups(rows: Sequence[Row], key: Callable[[Row], object]) -> dict[object, list[Row]]:
    found: dict[object, list[Row]] = {}
    for row in rows:
        found.setdefault(key(row), []).append(row)
    return found


def quarters(rows: Sequence[Row]) -> list[list[Row]]:
    """The rows in four groups by the fresh gap, narrowest first."""
    ranked = sorted(rows, key=lambda row: row.gap)
    return [ranked[part * len(ranked) // 4:(part + 1) * len(ranked) // 4] for part in range(4)]


def card(answer: str) -> str:
    """"plan play belle:fire" → "fire"; "plan draw" → "draw"; a Stealin' answer, its kind: "move 3" → "move"."""
    kind, _, value = answer.partition(" ")
    if kind != "plan":
        return kind
    return value.rpartition(":")[2] if ":" in value else value.rpartition(" ")[2]


def summary(rows: Sequence[Row]) -> list[str]:
    lines = [f"{'first against second':<28} {'rows':>6} {'gap $':>8} {'margin $':>16} {'win':>15}",
             line("all", rows)]
    for part in quarters(rows):
        if part:
            lines.append(line(f"gap {part[0].gap:.0f} to {part[-1].gap:.0f}", part))
    for key, label in ((lambda row: row.round, "round"), (lambda row: card(row.answers[0]), "first is"),
                       (lambda row: row.normal, "first is normal's")):
        for value, part in sorted(groups(rows, key).items(), key=lambda item: str(item[0])):
            lines.append(line(f"{label} {value}", part))
    (gap, _), (margin, _), (win, _) = leads(rows)
    lines.append(f"decisions={len(rows)} gap={gap:.0f} margin={margin:.0f} win={win:+.3f}")
    return lines


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.hindsight", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--seed", type=int, default=800, help="the first deal")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--rivals", default="tactician", choices=[*LEVELS, *BENCHMARK_LEVELS])
    parser.add_argument("--phase", default="schemin", choices=list(PHASES), help="the decisions weighed")
    parser.add_argument("--against", default="second", choices=AGAINST,
                        help="the search's second best, the normal level's answer, or the look-ahead's best"
                             " schemin' answer the shortlist leaves out")
    parser.add_argument("--plays", type=int, default=4, help="games played to the end from each answer")
    parser.add_argument("--worlds", type=int, default=60, help="worlds of the fresh search")
    parser.add_argument("--budget-ms", type=float, default=None, help="hard's time a decision (default: its own)")
    parser.add_argument("--iterations", type=int, default=None, help="hard: worlds a decision instead of a time")
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--out", default=None, help="write the rows here as JSON")
    args = parser.parse_args(argv)
    table = seating(Options())
    if not table.min_players <= args.players <= table.max_players:
        parser.error(f"the base game is for {table.min_players} to {table.max_players} players")
    if args.against == "left-out" and args.phase != "schemin":
        parser.error("only schemin' has a shortlist to leave answers out")
    how = Job(deal=0, levels=(), plays=args.plays, worlds=args.worlds, budget_ms=args.budget_ms,
              iterations=args.iterations, phase=args.phase, against=args.against)
    work = jobs(args.games, args.seed, args.players, args.rivals, how)
    with workers(args.jobs) as pool:
        rows = [row for deal in pool(play_deal, work) for row in deal]
    if args.out:
        with open(args.out, "w", encoding="utf-8") as file:
            json.dump([asdict(row) for row in rows], file)
    if not rows:
        print("decisions=0")
        return 1
    print("\n".join(summary(rows)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
