"""Worlds a seat cannot tell apart from the real game: built from its observation alone.

An AI never reads the game behind the observation gate (B-11). ``Knowledge(obs, decision)`` takes what
``observe(game, seat)`` shows plus the seat's own pending decision; each ``sample`` draws the rest at
random: the other players' hands, decks and discards from the cards they are known to hold, their
face-down cards not yet resolved, the order of every deck (the seat's own too), purse values the
seat has not seen, the round cards to come and a fresh random state for future shuffles. Whatever
the real game hides, the world re-draws, so an answer computed on worlds cannot depend on it.
An expansion adds its part through the AI's hooks (engine.ai.hooks: ``world_parts`` and the
others of this module's): Horses & Stagecoach its pieces and flasks (engine.ai.horses.worlds), Marshal
& Prisoners its sheet, mail bags and the Marshal's cards (engine.ai.prisoners.worlds), a player
with two bandits the placement and the card taken by others, the cover offered
(engine.ai.variants.pairs_worlds), teams their cards wandering between partners
(engine.ai.variants.teams).

``clone`` is the quick copy used by the search: a world without its event log.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from engine.ai.hooks import AiHooks, Slot, game_hooks, hooks_for
from engine.data import base
from engine.dice import Dice
from engine.errors import InconsistentView
from engine.model import (
    BULLET,
    NEUTRAL,
    PLANNING,
    SPEEDING_UP,
    Bandit,
    Decision,
    Game,
    Options,
    Planning,
    PlayedCard,
    Seat,
    card_owner,
    is_bullet,
)
from engine.observe import Observation
from engine.planning import turn_order, turns
from engine.setup import round_card_pools, seating

# One of these per planning answer (engine.planning); a Brilliant idea taken into the hand is one (M-3).
PLAN_RECORDS = ("play", "draw", "pass", "idea-drawn")
DRINK, OLD = "drink", "old-whiskey"  # a drink does not use the go: whiskey draws, old whiskey adds a card (H-13)


class Knowledge:
    """What one seat knows, worked out once from its observation; ``sample`` draws worlds from it."""

    def __init__(self, obs: Observation, decision: Decision) -> None:
        self.obs = obs
        self.decision = decision
        self.viewer = int(obs["viewer"])
        self.hooks = hooks_of(obs)
        self.pile = [_known_card(p) for p in obs["pile"]]
        self.unknown = _unknown_cards(obs, self.pile, self.hooks)
        # Per seat, its face-down cards on the pile the viewer cannot see.
        self.hidden = Counter(p["seat"] for p, c in zip(obs["pile"], self.pile, strict=True) if c is None)
        self.purses = _purse_values(obs, self.viewer)
        self.used_round_cards = {e["card"] for e in obs["log"] if e["type"] == "round"}
        card = obs["round_card"]
        self.turns = card["turns"] if card else ""
        # Who has drunk in this go (H-13, M-40); the cards played in this turn; the "+" chain (M-7).
        self.planning, self.tipsy, self.played_this_turn, self.chain = _planning(obs, self.turns, self.hooks)
        self.neutral_bullets_removed = sum(
            e["removed"] for e in obs["log"] if e["type"] == "neutral-bullets-gone"
        )
        self.round_log = this_round(obs["log"])
        # Loot of hidden value beside purses (a mail bag, M-1): kind → (values not seen, one more).
        self.hidden_values = {kind: unseen(obs) for kind, unseen in self.hooks.hidden_values.items()}
        self.parts = [part for make in self.hooks.world_parts if (part := make(self)) is not None]
        # V-2.5: a seat whose hand surely holds the action card it took (nothing played since).
        self.took = frozenset().union(*(part.took for part in self.parts))

    def sample(self, rng: random.Random) -> Game:
        """A complete game agreeing with the observation and the seat's decision."""
        obs = self.obs
        seats = next((dealt for part in self.parts if (dealt := part.deal(rng)) is not None), None)  # teams (V-4)
        if seats is None:
            seats = [
                self._own_seat(view, rng) if view["seat"] == self.viewer else self._other_seat(view, rng)
                for view in obs["seats"]
            ]
        face_down = {seat.index: iter(cards) for seat, cards in seats}
        played = []
        for p, c in zip(obs["pile"], self.pile, strict=True):
            card = c if c is not None else next(face_down[p["seat"]])
            by = self.performer(seats[p["seat"]][0].bandits, card)
            played.append(PlayedCard(card, p["seat"], p["face_down"], None if by == card_owner(card) else by))
        purses = list(self.purses)
        rng.shuffle(purses)
        hidden: dict[str, tuple[list[int], int]] = {}
        for kind, (unseen, spare) in self.hidden_values.items():
            values = list(unseen)
            rng.shuffle(values)
            hidden[kind] = values, spare
        for part in self.parts:
            part.draw(rng)

        def read(token: str, slot: Slot) -> str:
            """A token of the observation in this world: hidden values drawn, then each part's reading."""
            token = _value(token, purses, hidden)
            for part in self.parts:
                token = part.token(token, slot)
            return token

        floor_loot = {
            pos: [read(t, ("floor", pos, i)) for i, t in enumerate(tokens)]
            for pos, tokens in sorted(obs["floor_loot"].items())
        }
        bandits = {
            b["name"]: Bandit(
                name=b["name"], seat=b["seat"], at=b["at"],
                loot=[read(t, ("loot", b["name"], i)) for i, t in enumerate(b["loot"])],
                revolver=b["revolver"], bullets_received=b["bullets_received"],
            )
            for b in obs["bandits"]
        }
        card = obs["round_card"]
        plan = self.planning
        # The box only feeds B-10.8, whose purse is worth $250 either way, and holds the flasks left
        # out (H-1): an empty box but for those will do.
        game = Game(
            options=Options(**obs["options"]),
            wagons=tuple(c["name"] for c in obs["train"][1:]),
            seats=[seat for seat, _ in seats],
            bandits=bandits,
            marshal=obs["marshal"],
            floor_loot=floor_loot,
            dice=Dice(rng.getrandbits(64)),
            neutral_bullets=obs["neutral_bullets"],
            neutral_bullets_removed=self.neutral_bullets_removed,
            second_strongbox=obs["second_strongbox"],
            round_deck=self._round_deck(rng),
            round_no=obs["round"],
            round_card=None if card is None else card["name"],
            first_seat=obs["first_seat"],
            phase=obs["phase"],
            # Before the deal (V-2.5) the planning state is the last round's, unused until the deal.
            planning=Planning(obs["turn"] if obs["phase"] in self.hooks.before_deal else plan.turn,
                              list(plan.order), plan.index, plan.actions_left),
            pile=played,
            cursor=sum(1 for p in obs["pile"] if p["resolved"]),
            pending=_decision(self.decision, bandits, rng),
            step=obs["step"],
            seed=None,
            box=[token for part in self.parts for token in part.box()],
            log=[event for part in self.parts for event in part.log()],
        )
        if game.phase == PLANNING and plan.turn < len(turns(game)):
            game.planning.order = turn_order(game, turns(game)[plan.turn])
        for part in self.parts:
            part.build(game, rng, read)
        return game

    def performer(self, bandits: list[str], card: str) -> str:
        """Who performs a card on the pile: its own bandit, or the player's for a partner's (V-4.3)."""
        for hook in self.hooks.performer:
            return hook(bandits, card)
        return card_owner(card)

    def _own_seat(self, view: dict[str, Any], rng: random.Random) -> tuple[Seat, list[str]]:
        deck = Counter(self.unknown[view["seat"]])
        deck.subtract(view["hand"])
        deck.subtract(view["discard"])
        cards = sorted(deck.elements())
        if len(cards) != view["deck_size"] or min(deck.values(), default=0) < 0:
            raise InconsistentView(f"seat {view['seat']}: {len(cards)} cards for a deck of {view['deck_size']}")
        rng.shuffle(cards)
        return Seat(view["seat"], list(view["bandits"]), cards, list(view["hand"]), list(view["discard"])), []

    def _other_seat(self, view: dict[str, Any], rng: random.Random) -> tuple[Seat, list[str]]:
        """Unknown cards dealt at random: first the face-down ones on the pile (never bullets),
        then hand, discard and deck by their public sizes."""
        index = view["seat"]
        hidden_on_pile = self.hidden[index]
        cards = sorted(self.unknown[index].elements())
        rng.shuffle(cards)
        face_down = [c for c in cards if not is_bullet(c)][:hidden_on_pile]
        for c in face_down:
            cards.remove(c)
        hand, discard = view["hand_size"], view["discard_size"]
        if len(face_down) != hidden_on_pile or len(cards) != hand + discard + view["deck_size"]:
            raise InconsistentView(f"seat {index}: {len(cards)} unknown cards do not fill the public sizes")
        if index in self.took and hand and all(map(is_bullet, cards[:hand])):
            # The card taken before the deal is still in hand (V-2.5): one action card there.
            actions = [i for i in range(hand, len(cards)) if not is_bullet(cards[i])]
            if actions:
                swap = rng.choice(actions)
                cards[0], cards[swap] = cards[swap], cards[0]
        seat = Seat(index, list(view["bandits"]), cards[hand + discard:], cards[:hand], cards[hand:hand + discard])
        return seat, face_down

    def _round_deck(self, rng: random.Random) -> list[str]:
        """The round cards to come (B-3.5): unused cards of the band, a station card last (advanced);
        an expansion's cards shuffled in (H-1)."""
        left = self.obs["round_cards_left"]
        if not left:
            return []
        players = sum(1 for s in self.obs["seats"] if s["bandits"])  # by bandits' players (B-3.5, M-1)
        pool, stations = round_card_pools(Options(**self.obs["options"]), players)
        band = sorted(set(pool) - self.used_round_cards)
        if self.obs["options"]["setup"] == "first-game":
            return rng.sample(band, min(left, len(band)))
        return [*rng.sample(band, min(left - 1, len(band))), rng.choice(sorted(stations))]


def _known_card(played: dict[str, Any]) -> str | None:
    """The card of a pile entry the viewer sees: its own bandit's (not who performs it, V-4.3)."""
    return None if played["action"] is None else f"{played['owner']}:{played['action']}"


def hooks_of(obs: Observation) -> AiHooks:
    """The AI hooks of the game an observation shows (engine.ai.hooks)."""
    return hooks_for(Options(**obs["options"]), [b["name"] for b in obs["bandits"]])


def held_cards(obs: Observation, hooks: AiHooks | None = None) -> dict[int, Counter[str]]:
    """Every card each seat owns: its action cards (the seating's deck of its bandits: 10 a bandit,
    or a pair's 11, V-2.3; each bandit's Ride with Horses & Stagecoach, H-1) and the bullets it
    received or the Poodle brought (public log); an expansion's shots at or by a player who is not
    a bandit (the Marshal, M-5) it counts itself (``held_cards`` hooks)."""
    hooks = hooks_of(obs) if hooks is None else hooks
    seat_of = seats_of(obs, hooks)
    others = seat_of.keys() - {b["name"] for b in obs["bandits"]}
    options = Options(**obs["options"])
    held: dict[int, Counter[str]] = {
        s["seat"]: Counter(_seat_cards(hooks, options, s["bandits"])) for s in obs["seats"]
    }
    for event in obs["log"]:
        if event["type"] == "fire" and event["bandit"] not in others and event["target"] not in others:
            held[seat_of[event["target"]]][f"{BULLET}:{event['bandit']}"] += 1
        elif event["type"] in ("hit", "poodle"):
            held[seat_of[event["bandit"]]][f"{BULLET}:{NEUTRAL}"] += 1
    for hook in hooks.held_cards:
        hook(obs, held, seat_of)
    return held


def seats_of(obs: Observation, hooks: AiHooks | None = None) -> dict[str, int]:
    """The seat of each bandit, and of each player who is not one (the Marshal, M-1), by name."""
    found = {b["name"]: b["seat"] for b in obs["bandits"]}
    for others in (hooks_of(obs) if hooks is None else hooks).other_players:
        found.update(others(obs))
    return found


def seat_cards(options: Options, bandits: list[str]) -> list[str]:
    """A seat's action cards: its seating's deck (engine.setup.seating), and with Horses &
    Stagecoach each bandit's Ride (H-1); with Marshal & Prisoners, M-1's."""
    return _seat_cards(hooks_for(options, bandits), options, bandits)


def _seat_cards(hooks: AiHooks, options: Options, bandits: list[str]) -> list[str]:
    cards = seating(options).deck(bandits)
    for hook in hooks.seat_cards:
        cards = hook(options, bandits, cards)
    return cards


def _unknown_cards(obs: Observation, pile: list[str | None], hooks: AiHooks) -> dict[int, Counter[str]]:
    """Per seat, the cards it owns not seen on the pile: hand, deck, discard and face-down cards
    (with teams, V-4.3, some of them in the partner's hands)."""
    held = held_cards(obs, hooks)
    seat_of = seats_of(obs, hooks)
    for c in pile:
        if c is not None:
            held[seat_of[card_owner(c)]][c] -= 1
    return held


def _purse_values(obs: Observation, viewer: int) -> list[int]:
    """The purse values the viewer has not seen: all purses but the ones on the viewer's bandits."""
    values = Counter(base().purse_pool(len(obs["bandits"])))
    for b in obs["bandits"]:
        if b["seat"] == viewer:
            values.subtract(int(t.partition(":")[2]) for t in b["loot"] if t.startswith("purse:"))
    return sorted(values.elements())


def _value(token: str, purses: list[int], hidden: dict[str, tuple[list[int], int]]) -> str:
    """A token known by its kind only, valued in this world: a purse, or an expansion's (M-1)."""
    if token != "purse":
        found = hidden.get(token)
        if found is None:
            return token
        values, spare = found
        return f"{token}:{values.pop() if values else spare}"
    # More unseen purses than purses left only after B-10.8's $250 credits.
    return f"purse:{purses.pop() if purses else base().starting_purse}"


def _planning(obs: Observation, turns: str, hooks: AiHooks) -> tuple[Planning, int | None, int, bool]:
    """Where Schemin' stands, replayed from this round's planning answers in the public log: the
    planning state, the seat that has drunk in this go (H-13) and the cards played in this turn.

    Each play, draw or pass uses one action of the go; a drink uses none: whiskey's draw is part
    of it, old whiskey gives the go one more card; a cover offered gives one more (V-2.6: it is
    recorded right after its Fire, before the go would be over); so does the Marshal's "+" card
    (M-7: the last value returned, whether his go goes on for it). A card played in the Reflex
    turn (M-40) comes after Schemin'.
    """
    seats = len(obs["seats"])
    seat_of = seats_of(obs, hooks)  # the Marshal player drinks too (M-40)

    def per_seat(turn: int) -> int:
        return 2 if turn < len(turns) and turns[turn] == SPEEDING_UP else 1

    turn, index, left, tipsy, played, drew_with_whiskey = 0, 0, per_seat(0), None, 0, False
    chain = old_whiskey = False

    def go_over() -> None:
        nonlocal turn, index, left, tipsy, played, chain, old_whiskey
        if left == 0:
            tipsy, index, chain, old_whiskey = None, index + 1, False, False
            if index == seats:
                turn, index, played = turn + 1, 0, 0
            left = per_seat(turn)

    for event in this_round(obs["log"])[1:]:
        kind = event["type"]
        if kind in hooks.go_longer:  # a cover offered (V-2.6)
            left += 1
            continue
        if kind == DRINK:
            go_over()
            tipsy = seat_of[event["bandit"]]
            left += event["flask"] == OLD
            old_whiskey = event["flask"] == OLD  # then no "+" card gives him a third (M-40)
            drew_with_whiskey = event["flask"] != OLD
            continue
        if kind not in PLAN_RECORDS or event.get("how") == "reflex":
            continue  # a reshuffle (V-1.5) may come between a drink and its draw
        if kind == "draw" and drew_with_whiskey:
            drew_with_whiskey = False
            continue
        go_over()
        played += kind == "play"
        left -= 1
        chain = kind == "play" and not old_whiskey and any(hook(obs, turns, event, turn) for hook in hooks.chains)
        left += chain
    go_over()
    return Planning(turn, [], index, left), tipsy, played, chain  # the order: engine.planning.turn_order


def this_round(log: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The log from this round's ``round`` event on (empty before round 1)."""
    for index in range(len(log) - 1, -1, -1):
        if log[index]["type"] == "round":
            return log[index:]
    return []


def _decision(decision: Decision, bandits: dict[str, Bandit], rng: random.Random) -> Decision:
    context = dict(decision.context)
    if decision.kind == "keep-purse":
        # Cheyenne does not see which purse she knocked loose (B-7.8): draw it in this world.
        purses = [t for t in bandits[context["target"]].loot if t.startswith("purse:")]
        context["token"] = rng.choice(purses)
    return Decision(decision.seat, decision.bandit, decision.kind, list(decision.values), context)


def clone(game: Game) -> Game:
    """A copy to play on, sharing only what never changes; the event log is left behind (but this
    round's, with Horses & Stagecoach: Deadly bullet counts the round's bullets from it, H-22). An
    expansion copies its own state (``clones`` hooks)."""
    plan = game.planning
    pending = game.pending
    copy = Game(
        options=game.options,
        wagons=game.wagons,
        seats=[Seat(s.index, s.bandits, list(s.deck), list(s.hand), list(s.discard)) for s in game.seats],
        bandits={
            n: Bandit(n, b.seat, b.at, list(b.loot), b.revolver, b.bullets_received) for n, b in game.bandits.items()
        },
        marshal=game.marshal,
        floor_loot={p: list(t) for p, t in game.floor_loot.items()},
        dice=game.dice.copy(),
        neutral_bullets=game.neutral_bullets,
        neutral_bullets_removed=game.neutral_bullets_removed,
        second_strongbox=game.second_strongbox,
        box=list(game.box),
        conductor_credits=game.conductor_credits,
        round_deck=list(game.round_deck),
        round_no=game.round_no,
        round_card=game.round_card,
        first_seat=game.first_seat,
        phase=game.phase,
        planning=Planning(plan.turn, list(plan.order), plan.index, plan.actions_left, plan.kinds, plan.kinds_of,
                          {s: list(c) for s, c in plan.kept.items()}),
        pile=[PlayedCard(p.card, p.seat, p.face_down, p.bandit) for p in game.pile],
        cursor=game.cursor,
        pending=None if pending is None else Decision(
            pending.seat, pending.bandit, pending.kind, list(pending.values), dict(pending.context)
        ),
        step=game.step,
        seed=game.seed,
    )
    for hook in game_hooks(game).clones:
        hook(game, copy)
    return copy
