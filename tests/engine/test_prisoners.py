"""Marshal & Prisoners (RULES.md M-…) beyond the scenarios: the deal of cards, Schemin' with the
Brilliant idea, the "+" cards and the Shake turn, the Reflex turn, what each viewer sees of the
Marshal's objectives, and whole games under every invariant."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from engine import Options, apply, new_game, observe
from engine.errors import SetupError
from engine.model import Game, card_action, card_owner
from engine.observe import observe_log
from engine.planning import plan_kinds
from engine.prisoners.data import prisoners_data
from engine.prisoners.model import MARSHAL, Prison
from engine.prisoners.objectives import fulfilled, marshal_wins
from engine.scoring import winners
from tools.selfplay import play_game, random_options

PRISONERS = Options(prisoners=True)


def game_with(round_cards: list[str], players: tuple[str, ...] = ("ghost", "doc", "tuco"), seed: int = 3,
              **options: object) -> Game:
    return new_game(list(players), seed=seed, options=Options(prisoners=True, **options), round_cards=round_cards)


def prison(game: Game) -> Prison:
    found: Prison = game.prison
    return found


def all_cards(game: Game, seat: int) -> list[str]:
    s = game.seats[seat]
    return [*s.deck, *s.hand, *s.discard, *(p.card for p in game.pile if p.seat == seat)]


def test_m_1_each_bandit_has_a_brilliant_idea_and_no_marshal_card_the_marshal_his_ten_cards() -> None:
    game = game_with(["braking", "bridge", "tunnels", "swivel-arm", "pickpocketing"])
    assert game.seats[0].bandits == [] and game.first_seat == 0
    marshal_cards = Counter(card_action(c) for c in all_cards(game, 0))
    assert marshal_cards == Counter(dict(prisoners_data().marshal_cards))
    for seat in game.seats[1:]:
        actions = Counter(card_action(c) for c in all_cards(game, seat.index))
        assert actions["idea"] == 1 and actions["marshal"] == 0 and sum(actions.values()) == 10
    assert game.train.cars[-1].name == "prison-wagon" and len(game.wagons) == 5
    assert len(prison(game).prisoners) == 3 and len(prison(game).to_come) == 4 and len(prison(game).objectives) == 1


@pytest.mark.parametrize("bandits", [2, 3, 4, 5, 7])
def test_m_1_objectives_two_captures_of_bandits_in_play_and_three_specials(bandits: int) -> None:
    names = ["ghost", "doc", "tuco", "cheyenne", "belle", "django", "mei"][:bandits]
    for seed in range(10):
        game = new_game(names, seed=seed, options=PRISONERS)
        drawn = [*prison(game).objectives, *prison(game).to_come]
        captures = [o for o in drawn if o.startswith("capture:")]
        assert len(drawn) == 5 and len(captures) == 2 and {o.partition(":")[2] for o in captures} <= set(names)
        if bandits < 4:
            assert not {"shoot-em-up", "sworn-enemy"} & set(drawn)  # M-1: removed with 2-3 bandits


def test_m_1_options_that_do_not_go_together_are_refused() -> None:
    for options in (Options(prisoners=True, variant="teams"), Options(prisoners=True, silk="dodge")):
        with pytest.raises(SetupError):
            new_game(["ghost", "doc", "tuco", "belle"], seed=1, options=options)
    with pytest.raises(SetupError):
        new_game(["ghost"], seed=1, options=PRISONERS)  # at least 2 bandits (M-1)


def test_m_3_the_brilliant_idea_is_a_draw_option_that_takes_the_go() -> None:
    game = next(g for seed in range(50)
                if "ghost:idea" in (g := game_with(["braking", "bridge", "tunnels", "swivel-arm", "pickpocketing"],
                                                   seed=seed)).seats[1].deck)
    apply(game, "plan draw")  # the Marshal
    ghost = game.seats[1]
    assert game.pending.seat == 1 and "idea" in game.pending.values
    hand = len(ghost.hand)
    apply(game, "plan idea")
    assert "ghost:idea" in ghost.hand and len(ghost.hand) == hand + 1
    assert "ghost:idea" not in ghost.deck and game.pending.seat == 2  # the go is over
    assert "idea" not in game.pending.values or "doc:idea" in game.seats[2].deck


def test_m_40_nobody_plays_fire_or_punch_in_a_shake_turn() -> None:
    game = game_with(["shake-up", "bridge", "tunnels", "swivel-arm", "pickpocketing"])
    while game.planning.turn < 1:
        apply(game, "plan draw" if "draw" in game.pending.values else game.pending.options[0])
    assert plan_kinds(game)[1] == "K"
    for _ in range(len(game.seats)):
        assert not [v for v in game.pending.values if card_action(v.partition(" ")[2]) in ("fire", "punch")]
        apply(game, "plan draw" if "draw" in game.pending.values else game.pending.options[0])
    assert game.planning.turn == 2


def test_m_40_reflex_each_player_may_play_one_card_of_the_kept_hand_then_hands_go_back() -> None:
    game = game_with(["reflex", "bridge", "tunnels", "swivel-arm", "pickpocketing"])
    rng = random.Random(5)
    asked = []
    while game.round_no == 1:
        decision = game.pending
        if decision.kind == "reflex":
            asked.append(decision.seat)
            assert "pass" in decision.values
            assert set(decision.values) - {"pass"} <= set(game.seats[decision.seat].hand)
            choice = next((v for v in decision.values if v != "pass"), "pass")
            apply(game, f"reflex {choice}")
            continue
        apply(game, f"{decision.kind} {rng.choice(decision.values)}")
        if game.phase == "stealing" and game.round_no == 1:
            assert any(s.hand for s in game.seats)  # hands kept through Stealin' for Reflex
    assert asked and asked == sorted(asked, key=lambda s: (s - 0) % len(game.seats))  # from the first player
    assert any(e["type"] == "play" and e.get("how") == "reflex" for e in game.log)


def test_m_6_objectives_are_seen_by_the_marshal_only_until_rumours_or_the_end() -> None:
    game = game_with(["rumours", "bridge", "tunnels", "swivel-arm", "pickpocketing"])
    objective = prison(game).objectives[0]
    assert observe(game, 0)["prison"]["objectives"] == [objective]
    for viewer in (None, 1, 2, 3):
        view = observe(game, viewer)
        assert view["prison"]["objectives"] == [None]
        assert [e for e in observe_log(game, viewer) if e["type"] == "objective"] == [
            {"type": "objective", "seat": 0, "step": 0}]  # he looked at one; which, nobody else sees
    rng = random.Random(1)
    while game.round_no == 1:
        apply(game, f"{game.pending.kind} {rng.choice(game.pending.values)}")
    assert prison(game).revealed == [objective]  # Rumours: the only one he had seen
    assert observe(game, None)["prison"]["objectives"][0] == objective
    assert next(e["objective"] for e in observe_log(game, 0) if e["type"] == "objective") == objective


def test_m_9_whole_games_end_with_the_marshal_or_the_bandits_winning() -> None:
    outcomes = Counter()
    for seed in range(60):
        game = play_game(4, seed, options=random_options(random.Random(-seed), prisoners=True), checks=False)
        won = winners(game)
        view = observe(game, None)["prison"]
        assert view["fulfilled"] == fulfilled(game) and view["marshal_wins"] == marshal_wins(game)
        if marshal_wins(game):
            assert won[0] == MARSHAL and len(won) <= 2
            outcomes["marshal"] += 1
        else:
            assert MARSHAL not in won
            outcomes["bandits"] += 1
        assert not prison(game).prisoners and prison(game).maluses == {}
    assert outcomes["bandits"] > 0


@pytest.mark.parametrize("players", [3, 4, 5, 6, 7, 8])
def test_whole_games_keep_every_invariant_at_every_step(players: int) -> None:
    """M-1 … M-40 with random answers: selfplay's checks (conservation of mail bags, Marshal
    bullets, aces, prisoners; the cell; the snapshot round-trip) after every answer."""
    for seed in range(6):
        play_game(players, 100 * players + seed, options=random_options(random.Random(seed), prisoners=True))


def test_a_marshal_card_names_no_bandit() -> None:
    game = game_with(["braking", "bridge", "tunnels", "swivel-arm", "pickpocketing"])
    assert {card_owner(c) for c in all_cards(game, 0)} == {MARSHAL}


CHOSEN = ("rescue", "rumours", "reflex", "shake-up", "bridge", "tunnels", "braking",
          "the-repentant", "deadly-fall", "pickpocketing")


def test_m_40_choosing_events_draws_the_four_rounds_and_the_station_from_the_choice() -> None:
    """M-40, Choosing events: 7 round cards and 3 station cards chosen, shown to all; each game
    draws 4 + 1 of them, every chosen card in some game and no other card in any."""
    drawn: Counter[str] = Counter()
    for seed in range(60):
        game = new_game(["ghost", "doc", "tuco", "belle"], seed=seed,
                        options=Options(prisoners=True, chosen_events=CHOSEN))
        cards = [game.round_card, *game.round_deck]
        assert len(cards) == 5 and cards[-1] in CHOSEN[7:] and set(cards[:4]) <= set(CHOSEN[:7])
        drawn.update(cards)
    assert set(drawn) == set(CHOSEN)
    assert observe(game, 2)["options"]["chosen_events"] == list(CHOSEN)  # public (M-40: "show them")
    from engine.snapshot import dumps, loads

    assert loads(dumps(game)).options.chosen_events == CHOSEN


@pytest.mark.parametrize("chosen", [CHOSEN[:9], (*CHOSEN[:9], "escape"), (*CHOSEN[:6], "melee", *CHOSEN[7:]),
                                    (*CHOSEN[:8], "the-repentant", "deadly-fall")])
def test_m_40_a_choice_of_the_wrong_size_or_cards_is_refused(chosen: tuple[str, ...]) -> None:
    with pytest.raises(SetupError):
        new_game(["ghost", "doc", "tuco", "belle"], seed=1, options=Options(prisoners=True, chosen_events=chosen))
