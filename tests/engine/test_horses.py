"""Horses & Stagecoach in the engine, where scenarios cannot reach: setup and the horse attack seen
by each viewer (H-1, H-2), drinking in Schemin' (H-13), hostages at the deal (H-12), the
stagecoach's move in a real round (H-10), snapshots."""

from __future__ import annotations

import random

import pytest

from engine import Options, apply, new_game, observe
from engine.attack_plan import SYMBOLS
from engine.flow import advance
from engine.horses.scoring import ransom
from engine.model import Game
from engine.planning import hand_size, start_round
from engine.scenario import build
from engine.scoring import scores
from engine.snapshot import from_json, to_json


def test_h_10_the_stagecoach_shotgun_horses_and_hostages_survive_a_snapshot() -> None:
    game = build({
        "options": {"horses": True, "powers": False}, "wagons": 3, "stagecoach": 2, "shotgun": 2,
        "horses": [1, 3], "hostages": ["banker"],
        "bandits": {"ghost": {"at": ["stagecoach", "in"], "hostage": "poodle"}, "doc": {"at": [1, "roof"]}},
        "steps": [],
    })
    back = from_json(to_json(game))
    assert back.options.horses and back.coach == game.coach
    assert back.bandits["ghost"].at == "stagecoach/in"
    assert back.coach.held == {"ghost": "poodle"} and back.coach.shotgun == 2


def test_a_game_without_the_expansion_has_no_stagecoach() -> None:
    game = build({"bandits": {"ghost": {"at": [1, "in"]}, "doc": {"at": [2, "roof"]}}, "steps": []})
    assert game.coach is None and "stagecoach/in" not in game.train.positions
    assert "coach" not in to_json(game)


# --- a whole game's flow with the expansion ------------------------------------------------------

FOUR = ["ghost", "doc", "tuco", "belle"]


def _after_attack(characters: list[str] = FOUR, seed: int = 4, **options: object) -> Game:
    """A new game with the expansion, every rider stopping at the caboose (H-2)."""
    game = new_game(characters, seed=seed, options=Options(horses=True, **options))  # type: ignore[arg-type]
    while game.phase == "horse-attack":
        apply(game, "attack stop")
    return game


def _asked(game: Game) -> int:
    assert game.pending is not None and game.pending.kind == "plan"
    return game.pending.seat


def test_h_1_setup_places_a_face_down_flask_in_each_wagon_and_draws_the_hostages() -> None:
    game = new_game(FOUR, seed=9, options=Options(horses=True))
    flasks = {pos: [t for t in loot if "whiskey" in t] for pos, loot in game.floor_loot.items()}
    assert all(len(flasks.get(f"{car}/in", [])) == 1 for car in range(1, 5))
    assert not flasks.get("0/in")
    assert sum(t == "old-whiskey" for t in game.box + [t for f in flasks.values() for t in f]) == 1
    assert len(game.coach.hostages) == 3 and game.floor_loot["stagecoach/roof"] == ["strongbox"]
    assert all(f"{s.bandits[0]}:ride" in s.deck for s in game.seats)
    public = observe(game, None)
    assert all(t != "old-whiskey" for loot in public["floor_loot"].values() for t in loot)  # H-13: face down


def test_h_2_a_riders_choice_is_secret_until_the_reveal() -> None:
    game = new_game(FOUR, seed=2, options=Options(horses=True), first=0)
    first = game.pending
    assert first is not None and first.kind == "attack" and first.values == ["stop", "ride"]
    apply(game, "attack stop")
    mine, theirs = observe(game, first.seat), observe(game, (first.seat + 1) % 4)
    assert mine["stagecoach"]["attack"]["mine"] == {first.bandit: "stop"}
    assert theirs["stagecoach"]["attack"]["mine"] == {} and theirs["stagecoach"]["attack"]["answered"] == [first.bandit]
    assert all("choice" not in e for e in theirs["log"]) and any(e.get("choice") == "stop" for e in mine["log"])


def test_h_2_the_first_player_is_among_the_bandits_in_the_rearmost_wagon() -> None:
    for seed in range(12):
        game = new_game(FOUR, seed=seed, options=Options(horses=True))
        while game.phase == "horse-attack":
            decision = game.pending
            apply(game, "attack stop" if decision.kind == "attack" and decision.bandit == "doc" else
                  ("attack ride" if decision.kind == "attack" else decision.options[-1]))
        doc = game.bandits["doc"]
        assert doc.at == "4/in" and game.seats[game.first_seat].bandits == ["doc"]


def _standard_turn_with(game: Game, flask: str) -> int:
    seat = _asked(game)
    game.bandits[game.seats[seat].bandits[0]].loot.append(flask)
    game.pending = None
    advance(game)  # asked again, now holding the flask
    return seat


def test_h_13_whiskey_draws_three_then_one_card_is_played_without_a_draw() -> None:
    game = _after_attack(events=False)
    game.round_card = "bridge"  # S D S: a Standard first turn
    seat = _standard_turn_with(game, "whiskey")
    hand = len(game.seats[seat].hand)
    assert "plan drink whiskey" in game.pending.options
    apply(game, "plan drink whiskey")
    assert len(game.seats[seat].hand) == hand + 3 and _asked(game) == seat
    assert "plan draw" not in game.pending.options and not any("drink" in o for o in game.pending.options)
    assert game.bandits[game.seats[seat].bandits[0]].loot[-1] == "whiskey-half"
    card = next(o for o in game.pending.options if o.startswith("plan play"))
    apply(game, card)
    assert _asked(game) != seat and len(game.pile) == 1


def test_h_13_old_whiskey_plays_two_cards_in_a_row_and_the_half_drunk_flask_then_leaves() -> None:
    game = _after_attack(events=False)
    game.round_card = "bridge"
    seat = _standard_turn_with(game, "old-whiskey-half")
    bandit = game.bandits[game.seats[seat].bandits[0]]
    apply(game, "plan drink old-whiskey-half")
    assert "old-whiskey-half" not in bandit.loot and game.coach.gone == {"flask": 1}
    for _ in range(2):
        assert _asked(game) == seat and "plan draw" not in game.pending.options
        apply(game, next(o for o in game.pending.options if o.startswith("plan play")))
    assert _asked(game) != seat and [p.seat for p in game.pile] == [seat, seat]


def test_h_13_no_drink_outside_a_standard_turn() -> None:
    game = _after_attack(events=False)
    game.round_card = "tunnels"  # S T S T S
    seat = _standard_turn_with(game, "whiskey")
    assert "plan drink whiskey" in game.pending.options
    while game.planning.turn == 0:
        apply(game, "plan draw")
    assert game.planning.turn == 1 and _asked(game) == seat  # asked again in the tunnel turn
    assert not any("drink" in o for o in game.pending.options)


def test_h_12_the_photographer_plays_face_up_in_a_tunnel_and_ghost_cannot_hide() -> None:
    game = _after_attack(["ghost", "doc", "tuco"], powers=True)
    game.round_card = "tunnels"
    ghost = game.bandits["ghost"]
    game.coach.held["ghost"] = "photographer"
    while _asked(game) != ghost.seat or game.planning.turn != 1:
        apply(game, "plan draw" if "plan draw" in game.pending.options else game.pending.options[0])
    assert not any(o.startswith("plan hide") for o in game.pending.options)
    apply(game, next(o for o in game.pending.options if o.startswith("plan play")))
    assert game.pile[-1].seat == ghost.seat and not game.pile[-1].face_down


def test_h_12_minister_deals_one_card_fewer_and_the_poodle_adds_a_neutral_bullet() -> None:
    game = _after_attack()
    minister, poodle = game.seats[0], game.seats[1]
    game.coach.held.update({minister.bandits[0]: "minister", poodle.bandits[0]: "poodle"})
    for seat in game.seats:
        seat.deck += seat.hand
        seat.hand.clear()
    game.pending, bullets = None, game.neutral_bullets
    received = game.bandits[poodle.bandits[0]].bullets_received
    start_round(game)
    assert len(minister.hand) == (6 if minister.bandits[0] == "doc" else 5)
    assert game.neutral_bullets == bullets - 1
    assert (poodle.hand + poodle.deck).count("bullet:neutral") == 1
    assert game.bandits[poodle.bandits[0]].bullets_received == received  # not "received" (H-12 Ruling)


def test_h_10_the_stagecoach_moves_once_at_the_end_of_each_round() -> None:
    game = _after_attack(events=False)
    rng = random.Random(1)
    faces = {}
    while game.pending is not None:
        faces[game.round_no] = game.coach.faces
        apply(game, game.pending.kind + " " + rng.choice(game.pending.values))
    assert faces == {r: r - 1 for r in range(1, 6)}
    assert game.coach.faces == 4  # the caboose of 4 wagons: five moves, the last one stays


def test_h_12_photographer_ransom_counts_other_bandits_bullets_anywhere_in_the_cards() -> None:
    game = _after_attack(["ghost", "doc", "tuco"], powers=False)
    ghost = game.seats[game.bandits["ghost"].seat]
    game.coach.held["ghost"] = "photographer"
    before = scores(game)["ghost"]
    ghost.deck += ["bullet:doc", "bullet:neutral"]
    ghost.hand += ["bullet:tuco"]
    assert scores(game)["ghost"] == before + 400


@pytest.mark.parametrize(("variant", "players"), [("teams", ["ghost", "doc", "tuco", "belle"]),
                                                  ("two-bandits", [["ghost", "doc"], ["tuco", "belle"]])])
def test_h_12_photographer_pays_nothing_for_the_bullets_of_the_own_side(variant: str, players: list[object]) -> None:
    """H-12 with V-4: "non-partner" bullets only; with V-2 the player's other bandit is its own side too."""
    game = _after_attack(players, powers=False, variant=variant)  # type: ignore[arg-type]
    ghost = game.seats[game.bandits["ghost"].seat]
    game.coach.held["ghost"] = "photographer"
    ghost.deck += ["bullet:doc", "bullet:neutral", "bullet:belle"]  # Doc: the partner, or Ghost's own other bandit
    ghost.hand += ["bullet:tuco"]
    assert ransom(game, game.bandits["ghost"]) == 400  # Belle's and Tuco's (the scores' Gunslinger aside)


def test_a_game_in_the_middle_of_the_horse_attack_survives_a_snapshot() -> None:
    game = new_game(FOUR, seed=2, options=Options(horses=True))
    apply(game, "attack ride")
    back = from_json(to_json(game))
    assert back == game and back.coach.attack == game.coach.attack
    apply(back, "attack stop")
    assert back.coach.attack["chosen"]


def test_h_21_an_attack_plan_symbol_keeps_one_card_for_the_next_round(monkeypatch: pytest.MonkeyPatch) -> None:
    """DATA.md knows no card's symbols yet: give "bridge" one to see the rule work."""
    monkeypatch.setitem(SYMBOLS, "bridge", 1)
    game = _after_attack(events=False)
    game.round_card = "bridge"
    while game.pending.kind == "plan":
        apply(game, "plan draw" if "plan draw" in game.pending.options else game.pending.options[0])
    assert game.phase == "attack-plan" and game.pending.kind == "keep-card"
    keeper = game.pending.seat
    kept = game.pending.values[1]
    apply(game, f"keep-card {kept}")
    while game.pending.kind == "keep-card":
        apply(game, "keep-card done")
    assert game.phase == "stealing" and game.seats[keeper].hand == [kept]
    assert all(not s.hand for s in game.seats if s.index != keeper)
    back = from_json(to_json(game))
    assert back == game
    while game.round_no == 1:
        apply(game, game.pending.options[0])
    seat = game.seats[keeper]
    assert kept in seat.hand and len(seat.hand) == hand_size(game, seat)  # completed, not 6 more


def test_h_21_no_attack_plan_bonus_in_the_expert_variant(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(SYMBOLS, "bridge", 1)
    game = _after_attack(events=False, expert=True)
    game.round_card = "bridge"
    while game.pending.kind == "plan":
        apply(game, "plan draw" if "plan draw" in game.pending.options else game.pending.options[0])
    assert game.phase == "keeping" and game.pending.kind == "discard"  # V-1.2 instead (V-1.6)


def test_h_13_a_held_full_old_whiskey_looks_like_whiskey_to_everyone_but_its_holder() -> None:
    game = _after_attack()
    holder = game.bandits["tuco"]
    holder.loot.append("old-whiskey")
    game.floor_loot.setdefault("1/in", []).append("old-whiskey")
    public, mine = observe(game, None), observe(game, holder.seat)
    other = observe(game, (holder.seat + 1) % 4)
    for view in (public, other):
        loot = next(b["loot"] for b in view["bandits"] if b["name"] == "tuco")
        assert "old-whiskey" not in loot and "whiskey" in loot
        assert "old-whiskey" not in view["floor_loot"]["1/in"]
    assert "old-whiskey" in next(b["loot"] for b in mine["bandits"] if b["name"] == "tuco")
    holder.loot[-1] = "old-whiskey-half"  # drunk once: its kind is shown (H-13 Ruling)
    assert "old-whiskey-half" in next(b["loot"] for b in observe(game, None)["bandits"] if b["name"] == "tuco")
