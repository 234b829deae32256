"""The seating variants in the engine, where scenarios cannot reach: the pairing (V-2.2), the
player counts, the secrets of the placement and of the card taken (V-2.4, V-2.5), snapshots."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from engine import Options, SetupError, apply, new_game, observe
from engine.snapshot import from_json, to_json
from engine.variants.pairs import LEADERS, PARTNERS, eleven_cards, pairings

TWO = Options(variant="two-bandits")


def test_v_2_2_each_of_ghost_doc_and_belle_is_paired_with_one_of_the_others() -> None:
    seen = set()
    for seed in range(40):
        teams = pairings(random.Random(seed))
        assert sorted(t[0] for t in teams) == sorted(LEADERS) and sorted(t[1] for t in teams) == sorted(PARTNERS)
        seen.add(tuple(map(tuple, teams)))
    assert len(seen) == 6  # every pairing happens


def test_v_2_3_the_eleven_cards_belong_to_one_bandit_each_with_one_marshal() -> None:
    deck = eleven_cards(["ghost", "tuco"])
    assert len(deck) == 11 and sorted(c.split(":")[1] for c in deck).count("marshal") == 1
    assert {c.split(":")[0] for c in deck} == {"ghost", "tuco"}
    for action in ("move", "floor", "fire", "punch", "rob"):
        assert sorted(c for c in deck if c.endswith(":" + action)) == [f"ghost:{action}", f"tuco:{action}"]


def test_v_2_1_player_counts_and_pairs_are_checked() -> None:
    with pytest.raises(SetupError):
        new_game([["ghost", "tuco"]], seed=1, options=TWO)
    with pytest.raises(SetupError):
        new_game(["ghost", "tuco"], seed=1, options=TWO)  # one bandit each: not this variant
    with pytest.raises(SetupError):
        new_game([["ghost", "tuco"], ["doc", "django"]], seed=1, options=Options(variant="two-player"))  # Expert
    game = new_game([["ghost", "tuco"], ["doc", "django"], ["belle", "cheyenne"]], seed=1, options=TWO)
    assert len(game.wagons) == 4 and len(game.bandits) == 6


def test_v_2_4_and_v_2_5_the_placement_and_the_card_taken_are_secret_until_shown() -> None:
    game = new_game([["ghost", "tuco"], ["doc", "django"]], seed=3, options=TWO, first=0)
    apply(game, "place tuco")
    other = observe(game, 1)
    assert not any("tuco" in str(e.get("caboose", "")) for e in other["log"])
    assert any(e.get("caboose") == "tuco" for e in observe(game, 0)["log"])
    assert from_json(to_json(game)) == game  # mid-placement
    apply(game, "place doc")
    assert game.phase == "picking"
    taken = game.pending.values[0]
    apply(game, f"take-card {taken}")
    assert taken in game.seats[0].hand and not any(e.get("card") == taken for e in observe(game, 1)["log"]
                                                   if e["type"] == "take-card")
    assert from_json(to_json(game)) == game  # mid-picking


TEAMS = Options(variant="teams", powers=False)


def test_v_4_3_a_partners_card_is_played_by_ones_own_bandit_and_goes_back_to_its_owner() -> None:
    game = new_game(["ghost", "doc", "tuco", "belle"], seed=6, options=TEAMS)
    partners = {0: 1, 1: 0, 2: 3, 3: 2}
    for seat in game.seats:  # exactly one card of the partner's in each hand (V-4.3)
        mate = game.seats[partners[seat.index]].bandits[0]
        assert sum(c.startswith(mate + ":") for c in seat.hand) == 1
    while game.pending is not None and game.pending.kind == "plan":
        seat = game.seats[game.pending.seat]
        mate = game.seats[partners[seat.index]].bandits[0]
        theirs = [o for o in game.pending.options if o.startswith(f"plan play {mate}:")]
        apply(game, theirs[0] if theirs else game.pending.options[0])
    borrowed = [p for p in game.pile if p.bandit is not None]
    assert borrowed and all(p.bandit == game.seats[p.seat].bandits[0] for p in borrowed)
    assert from_json(to_json(game)) == game
    while game.round_no == 1 and game.pending is not None:
        apply(game, game.pending.options[0])
    resolved = [e for e in game.log if e["type"] == "resolve" and e["card"].split(":")[0] != e["bandit"]]
    assert resolved  # performed by the player's own bandit
    owners = {name: seat for seat in game.seats for name in seat.bandits}
    for played in borrowed:  # back in its owner's cards at the end of the round
        owner = owners[played.card.split(":")[0]]
        assert played.card in owner.deck + owner.hand


@pytest.mark.parametrize("players", [4, 6])
def test_v_4_2_the_first_player_is_drawn_among_the_a_players(players: int) -> None:
    names = ["ghost", "doc", "tuco", "belle", "cheyenne", "django"][:players]
    firsts = Counter(new_game(names, seed=seed, options=TEAMS).first_seat for seed in range(300))
    assert set(firsts) == set(range(0, players, 2))  # every A, never a B
    assert min(firsts.values()) > 300 / (players // 2) * 0.7  # each A about as likely


def test_v_4_teams_need_an_even_number_of_players() -> None:
    with pytest.raises(SetupError):
        new_game(["ghost", "doc", "tuco", "belle", "django"], seed=1, options=TEAMS)


def test_v_3_6_the_two_player_game_reads_expert_bullets_as_its_own_rulebooks_do() -> None:
    """V-3.6: discard-on-draw unless the option names the other reading; the base game and the
    other variants keep V-1.2's default; a saved game keeps the reading it was dealt with."""
    assert Options(variant="two-player", expert=True).expert_bullets == "discard-on-draw"
    assert Options(variant="two-player", expert=True, expert_bullets="discard-at-end").expert_bullets == \
        "discard-at-end"
    assert Options(expert=True).expert_bullets == Options(variant="two-bandits").expert_bullets == "discard-at-end"
    game = new_game([["tuco", "cheyenne"], ["django", "doc"]], seed=2,
                    options=Options(variant="two-player", expert=True))
    assert from_json(to_json(game)).options.expert_bullets == "discard-on-draw"
    assert Options(variant="lone", expert=True).problems()  # a wrong variant is still refused
