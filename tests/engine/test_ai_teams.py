"""AI bandits in teams of two (V-4): whole games at every level, worlds rebuilt where partners'
cards pass between them unseen, honesty (B-11) and the normal bandit's habits with a partner."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator
from functools import cache

import pytest

from engine import new_game, observe
from engine.actions import perform
from engine.ai.value import margin
from engine.ai.variants.teams import held_from_partner
from engine.ai.worlds import Knowledge, held_cards, seat_cards
from engine.flow import advance
from engine.invariants import problems
from engine.model import OVER, PLANNING, SWITCHING, Game, Options, PlayedCard, card_owner, is_bullet
from engine.planning import turns
from engine.setup import seating
from engine.variants.teams import TEAMS, partner
from tests.engine.test_ai import (
    HARD_ITERATIONS,
    answered_from_the_seat_view_only,
    answers_alike,
    hide_from,
    play_out,
    private_copy,
    walk,
)
from tests.engine.test_ai_pairs import normal_answers
from tools.arena import main as arena_main
from tools.selfplay import random_options


def teams_game(seed: int, players: int, *, horses: bool = False) -> Game:
    """A teams game, the other options drawn at random."""
    options = random_options(random.Random(seed), horses=horses, variant=TEAMS)
    return new_game(seating(options).cast(random.Random(seed), players), seed=seed, options=options)


def states(seed: int, every: float, players: int, *, horses: bool = False) -> Iterator[Game]:
    return walk(teams_game(seed, players, horses=horses), seed, every)


# --- whole games ---------------------------------------------------------------------------------


@pytest.mark.parametrize("players", [4, 6])
@pytest.mark.parametrize("seed", range(3))
def test_easy_and_normal_finish_teams_games(players: int, seed: int) -> None:
    game = teams_game(seed, players, horses=seed == 2)
    play_out(game, [("easy", "normal")[(seat // 2 + seed) % 2] for seat in range(players)], random.Random(seed))


@pytest.mark.parametrize("horses", [False, True])
def test_every_level_finishes_a_teams_game_and_fills_a_team(horses: bool) -> None:
    """Hard beside easy in one team, normal beside hard in the other: an AI fills any seat."""
    game = teams_game(11, 4, horses=horses)
    play_out(game, ["hard", "easy", "normal", "hard"], random.Random(3), iterations=HARD_ITERATIONS)
    assert game.phase == OVER


# --- worlds --------------------------------------------------------------------------------------


@pytest.mark.parametrize("players", [4, 6])
@pytest.mark.parametrize("seed", range(4))
def test_sampled_worlds_rebuild_teams(players: int, seed: int) -> None:
    """A world drawn from a partner's view: sound, the same view, each team's cards all there
    between the partners, the seat's own hand and discard as they are, partners' cards performed
    by the player's bandit, the turn order of teams (V-4.4)."""
    for game in states(seed, 0.15, players, horses=seed == 3):
        seat = game.pending.seat
        obs = observe(game, seat)
        knowledge = Knowledge(obs, game.pending)
        for draw in range(3):  # several worlds of one view: each must fit
            world = knowledge.sample(random.Random(seed * 10 + draw))
            assert problems(world) == []
            assert {k: v for k, v in observe(world, seat).items() if k != "log"} == {
                k: v for k, v in obs.items() if k != "log"}
            for a in range(0, players, 2):
                team = [world.seats[a], world.seats[a + 1]]
                cards = Counter(c for s in team for c in s.deck + s.hand + s.discard)
                cards += Counter(p.card for p in world.pile if p.seat in (a, a + 1))
                actions = Counter({c: n for c, n in cards.items() if not is_bullet(c)})
                assert actions == Counter(seat_cards(game.options, [*team[0].bandits, *team[1].bandits]))
                real = [c for s in game.seats[a:a + 2] for c in s.deck + s.hand + s.discard]
                assert cards.total() - actions.total() == sum(map(is_bullet, real))
            mine = world.seats[seat]
            assert Counter(mine.hand + mine.discard) == Counter(game.seats[seat].hand + game.seats[seat].discard)
            for drawn, real in zip(world.pile, game.pile, strict=True):
                assert drawn.performer in world.seats[drawn.seat].bandits
                if not drawn.face_down or drawn.seat == seat:
                    assert (drawn.card, drawn.performer) == (real.card, real.performer)
            if game.phase == PLANNING:
                plan, drawn_plan = game.planning, world.planning
                assert (drawn_plan.turn, drawn_plan.order, drawn_plan.index, drawn_plan.actions_left) == (
                    plan.turn, plan.order, plan.index, plan.actions_left)


def test_worlds_see_the_moments_that_matter_with_teams() -> None:
    """The states above include a Switching turn (B before A, V-4.4), a partner's card played, and
    a seat holding a partner's card from an earlier round."""
    seen = set()
    for seed in range(4):
        for players in (4, 6):
            for game in states(seed, 1.0, players):
                if game.phase == PLANNING and turns(game)[game.planning.turn] == SWITCHING:
                    seen.add("switching")
                if any(p.bandit is not None for p in game.pile):
                    seen.add("partner card played")
                seat = game.pending.seat
                earlier = [e for e in game.log if e["type"] == "round"][-1]["step"]
                if any(e["type"] == "partner-card" and e["seat"] == seat and e["step"] < earlier for e in game.log) \
                        and held_from_partner(observe(game, seat), seat):
                    seen.add("kept")
    assert seen == {"switching", "partner card played", "kept"}


def test_the_partner_s_face_down_cards_are_action_cards_however_the_deck_is_drawn() -> None:
    """The partner played 4 cards face down and holds 4 bullets; the viewer's deck of 13 holds,
    besides its own 4, 9 of the team's other cards: the worlds keep 4 action cards for the pile."""
    game = partners_game()
    ghost, doc = game.seats[0], game.seats[1]
    docs = sorted(c for c in doc.deck + doc.hand + ghost.hand if c.startswith("doc:"))
    ghosts = sorted(c for c in ghost.deck + ghost.hand + doc.hand if c.startswith("ghost:"))
    ghost.hand, ghost.deck, ghost.discard = ghosts[:6], ghosts[6:] + docs[:6] + ["bullet:tuco"] * 3, []
    doc.hand, doc.deck, doc.discard = ["bullet:tuco"] * 4, [], []
    game.pile = [PlayedCard(c, 1, True) for c in docs[6:]]
    game.bandits["doc"].bullets_received = 7
    game.log += [{"type": "fire", "bandit": "tuco", "target": "doc", "step": 0}] * 7
    obs = observe(game, 0)
    knowledge = Knowledge(obs, game.pending)
    for draw in range(40):
        world = knowledge.sample(random.Random(draw))
        assert all(not is_bullet(p.card) for p in world.pile)
        assert len(world.seats[0].deck) == 13 and len(world.seats[1].hand) == 4


def test_a_seat_knows_the_partner_cards_it_drew_and_not_those_the_partner_drew() -> None:
    game = teams_game(5, 4)
    seat = game.pending.seat
    obs = observe(game, seat)
    drawn = [e for e in obs["log"] if e["type"] == "partner-card"]
    mine = [e for e in drawn if e["seat"] == seat]
    assert len(drawn) == 4 and len(mine) == 1
    assert all("card" not in e for e in drawn if e["seat"] != seat)
    card = mine[0]["card"]
    assert card in game.seats[seat].hand
    if not is_bullet(card):
        assert held_from_partner(obs, seat) == Counter([card])
    assert held_cards(obs)[partner(seat)][card] >= 1  # it is the partner's card, counted in its seat


# --- honesty (B-11) ------------------------------------------------------------------------------


def test_hide_from_moves_another_team_s_cards_between_its_partners() -> None:
    game = next(g for g in states(2, 0.2, 4) if g.phase == PLANNING)
    viewer = game.pending.seat
    rivals = [s for s in range(4) if s not in (viewer, partner(viewer))]
    held = set()
    for seed in range(10):
        other = private_copy(game)
        hide_from(other, viewer, random.Random(seed))
        assert observe(other, viewer) == observe(game, viewer)
        first = other.seats[rivals[0]]
        held.add(tuple(sorted(c for c in first.hand + first.deck + first.discard
                              if not is_bullet(c) and card_owner(c) not in first.bandits)))
    assert len(held) > 1


@pytest.mark.parametrize("level", ["normal", "hard"])
@pytest.mark.parametrize("players", [4, 6])
def test_answers_in_teams_depend_only_on_what_the_seat_may_see(level: str, players: int) -> None:
    for seed in range(2):
        for game in states(400 + seed, 0.1 if level == "normal" else 0.03, players, horses=seed == 1):
            answers_alike(game, level, seed)


@cache
def moments() -> dict[str, Game]:
    """A state at each kind of decision of a teams game, and planning with a partner's card."""
    found: dict[str, Game] = {}
    for seed in range(20):
        for game in states(seed, 0.5, 4 + 2 * (seed % 2)):
            kind = game.pending.kind
            if kind == "plan" and any(card_owner(c) not in game.seats[game.pending.seat].bandits and not is_bullet(c)
                                      for c in game.seats[game.pending.seat].hand):
                kind = "plan-with-partner-card"
            if kind not in found:
                found[kind] = private_copy(game)
    return found


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_every_decision_in_teams_is_answered_from_the_seat_view_only(level: str) -> None:
    found = moments()
    assert {"plan-with-partner-card", "move", "fire", "rob", "punch"} <= set(found)
    answered_from_the_seat_view_only(found, level)


# --- a side of partners --------------------------------------------------------------------------


def partners_game() -> Game:
    """Ghost (A) and Doc (B) against Tuco (A) and Belle (B), all Standard turns, no powers or events;
    seat 0 to plan first."""
    options = Options(variant=TEAMS, powers=False, events=False)
    game = new_game(["ghost", "doc", "tuco", "belle"], seed=3, options=options, first=0,
                    round_cards=["braking", "bridge", "tunnels", "swivel-arm", "take-it-all"])
    assert game.pending.kind == "plan" and game.pending.seat == 0
    return game


def test_the_margin_counts_partners_together() -> None:
    game = partners_game()
    for bandit in game.bandits.values():
        bandit.loot = []
    game.bandits["ghost"].loot = ["jewel"]
    game.bandits["doc"].loot = ["jewel"]
    game.bandits["tuco"].loot = ["strongbox"]
    assert margin(game, 0) == pytest.approx(0.0) and margin(game, 1) == pytest.approx(0.0)
    game.bandits["doc"].loot.append("purse:300")
    assert margin(game, 0) == pytest.approx(300.0) and margin(game, 3) == pytest.approx(-300.0)


def hand_of(game: Game, seat: int, hand: list[str]) -> None:
    """This hand for ``seat`` (a partner's card taken from the partner's seat, V-4.3), the rest of
    its hand back in its deck; its planning answer asked again."""
    holder = game.seats[seat]
    for c in hand:
        owner = next(s for s in game.seats if card_owner(c) in s.bandits)
        for cards in (holder.hand, holder.deck, owner.hand, owner.deck):
            if c in cards:
                cards.remove(c)
                break
        else:
            raise AssertionError(f"{c} is nowhere to take")
    holder.deck += holder.hand
    holder.hand = list(hand)
    game.pending = None
    advance(game)
    assert game.pending.seat == seat


def test_normal_plays_the_partner_s_rob_where_its_own_bandit_stands_on_loot() -> None:
    """V-4.3: Doc's Rob in Ghost's hand is Ghost's Rob; Ghost stands on a strongbox."""
    game = partners_game()
    game.floor_loot = {game.bandits["ghost"].at: ["strongbox"]}
    hand_of(game, 0, ["doc:rob", "ghost:marshal", "ghost:floor"])
    assert "plan play doc:rob" in game.pending.options
    assert normal_answers(game) == {"plan play doc:rob"}


def test_normal_never_shoots_its_partner() -> None:
    game = partners_game()
    game.bandits["ghost"].at = "3/in"
    game.bandits["doc"].at, game.bandits["tuco"].at = "2/in", "2/in"  # both in front of Ghost
    game.bandits["belle"].at = "1/in"
    game.pending = None
    perform(game, "fire", game.bandits["ghost"])
    assert sorted(game.pending.values) == ["doc", "tuco"]
    assert normal_answers(game) == {"fire tuco"}


def test_arena_plays_teams(capsys: pytest.CaptureFixture[str]) -> None:
    assert arena_main(["--variant", TEAMS, "--players", "4", "--seats", "normal,normal,easy,easy",
                       "--games", "2", "--quiet"]) == 0
    last = capsys.readouterr().out.strip().splitlines()[-1]
    fields = dict(f.split("=") for f in last.split())
    assert fields["variant"] == TEAMS and fields["games"] == "2"
    assert float(fields["normal_win"]) + float(fields["easy_win"]) == pytest.approx(1.0)
