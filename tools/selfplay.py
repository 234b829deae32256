"""Complete games with random legal answers, checking the engine's promises after every step.

    python -m tools.selfplay --games N --players P --seed S [--fast]

After every answer: loot, bullets and every card are conserved (each card in exactly one place);
every bandit stands on a legal position and none stays inside the marshal's car; a decision is
pending with a legal answer until the game ends; a snapshot round-trip gives an equal state; and
when a round starts, every hand was dealt up to max(kept, 6 or Doc's 7) (V-1.4). ``--fast`` checks
only at the end of each game (for the speed figure). ``--variants`` draws the options per game,
``--expert`` plays every game in the Expert variant, ``--horses`` with Horses & Stagecoach. The
last line is
``games=N seconds=X games_per_s=Y``.
"""

from __future__ import annotations

import argparse
import random
import sys
import time

import engine  # noqa: F401  (registers every decision handler)
from engine.errors import SnapshotError
from engine.flow import apply
from engine.invariants import deal_problems, problems, totals
from engine.model import OVER, PLANNING, Decision, Game, Options, is_bullet
from engine.setup import new_game, seating
from engine.snapshot import from_json, to_json


class InvariantBroken(AssertionError):
    pass


def check_step(game: Game, expected_totals: object, kept: list[list[str]] | None = None) -> None:
    """Every invariant of ``game`` now; ``kept``: the hands before a round that has just begun."""
    found = problems(game)
    if kept is not None:
        found += deal_problems(game, kept)
    if totals(game) != expected_totals:
        found.append(f"conservation broken: {totals(game)} != {expected_totals}")
    if game.pending is None and game.phase != OVER:
        found.append("no decision pending before the game is over")
    if not found:
        try:
            if from_json(to_json(game)) != game:
                found.append("snapshot round-trip changed the state")
        except SnapshotError as error:
            found.append(f"snapshot round-trip failed: {error}")
    if found:
        raise InvariantBroken(f"step {game.step}: " + "; ".join(found))


def random_options(rng: random.Random, *, expert: bool | None = None, horses: bool = False,
                   variant: str = "none", prisoners: bool = False) -> Options:
    """Options drawn at random; ``expert`` forces the Expert variant on or off; ``horses`` plays
    Horses & Stagecoach, ``prisoners`` Marshal & Prisoners."""
    return Options(
        setup=rng.choice(["first-game", "advanced"]),
        powers=rng.random() < 0.8,
        events=rng.random() < 0.8,
        django=rng.choice(["push", "lone-gun"]),
        belle=rng.choice(["any-other", "same-position"]),
        expert=rng.random() < 0.25 if expert is None else expert,
        expert_bullets=rng.choice(["discard-at-end", "discard-on-draw"]),
        horses=horses,
        variant=variant,
        prisoners=prisoners,
        silk=rng.choice(["movement", "block"] if prisoners else Options.CHOICES["silk"]),
    )


def kept_hands(game: Game, decision: Decision, value: str, hands: list[list[str]]) -> list[list[str]]:
    """The hands each seat kept for the next round, given the hands before the answer that ended it.

    Without the Expert variant nothing is kept (B-6.6). An answer given in planning that ends the
    round at once left nothing to keep (keeping asked nobody, so every hand was empty of action
    cards); the last ``discard`` answer, or a card played in the Reflex turn, takes its card out
    of the hand.
    """
    if not game.options.expert or decision.kind == "plan":
        return [[] for _ in hands]
    kept = [[c for c in hand if not is_bullet(c)] for hand in hands]
    if decision.kind in ("discard", "reflex") and value not in ("done", "pass"):
        kept[decision.seat].remove(value)  # the last card discarded, or played in Reflex (M-40)
    return kept


def play_game(
    players: int, seed: int, *, options: Options | None = None, checks: bool = True
) -> Game:
    """One complete game of random legal answers (answers drawn from ``seed``, not the game's dice);
    ``players`` counts everyone at the table, the Marshal player too (M-1)."""
    rng = random.Random(seed)
    options = options or Options()
    characters = seating(options).cast(rng, players - 1 if options.prisoners else players)
    game = new_game(characters, seed=seed, options=options)
    start = totals(game)
    if checks:
        check_step(game, start, kept=[[] for _ in game.seats] if game.round_no else None)
    while (decision := game.pending) is not None:
        round_no, hands = game.round_no, [list(s.hand) for s in game.seats]
        value = rng.choice(decision.values)
        apply(game, decision.kind + " " + value)
        if checks:
            new_round = game.round_no != round_no and game.phase == PLANNING
            check_step(game, start, kept=kept_hands(game, decision, value, hands) if new_round else None)
    if not checks:
        check_step(game, start)
    return game


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.selfplay", description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--fast", action="store_true", help="check only at the end of each game")
    parser.add_argument("--variants", action="store_true",
                        help="draw the options at random (expert, django, belle, setup) per game")
    parser.add_argument("--expert", action="store_true", help="play every game in the Expert variant (V-1)")
    parser.add_argument("--horses", action="store_true", help="play every game with Horses & Stagecoach (H-1)")
    parser.add_argument("--prisoners", action="store_true",
                        help="play every game with Marshal & Prisoners: one player is the Marshal (M-1)")
    parser.add_argument("--variant", default="none", choices=Options.CHOICES["variant"],
                        help="how players sit: two-bandits (V-2), two-player (V-3; Expert), teams (V-4)")
    args = parser.parse_args(argv)
    began = time.perf_counter()
    for n in range(args.games):
        seed = args.seed + n
        expert = True if args.expert else None
        if args.variant == "two-player":
            expert = True  # V-3.3
        if args.variants:
            options: Options | None = random_options(random.Random(-seed), expert=expert, horses=args.horses,
                                                     variant=args.variant, prisoners=args.prisoners)
        else:
            options = Options(expert=bool(expert), horses=args.horses, variant=args.variant,
                              prisoners=args.prisoners)
        try:
            play_game(args.players, seed, options=options, checks=not args.fast)
        except InvariantBroken as broken:
            print(f"game seed={seed} players={args.players}: {broken}")
            return 1
    seconds = time.perf_counter() - began
    print(f"games={args.games} seconds={seconds:.3f} games_per_s={args.games / seconds:.1f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
