"""Teams of two (V-4) for the AI: the variant's part of what a seat knows (engine.ai.worlds), and who
performs a partner's card (engine.ai.normal), through the AI's hooks (engine.ai.hooks, registered at
the end).

Each round a player draws a card from the partner's deck and keeps it until it is played (V-4.3),
so a team's cards wander between the partners. What a seat knows of them:

- its own hand and discard;
- its deck: its own cards and the partner's it drew (its secret ``partner-card`` events) and has not
  played since (they went back, V-4.3), neither seen in hand or discard — but the partner draws
  from that deck unseen, taking some back or keeping some of the seat's own, so which ones are
  there is drawn at random;
- everything else of the team (the cards not seen on the pile) is with the partner, dealt at random
  to its face-down cards (never bullets, B-6.3), hand, discard and deck by their public sizes.

For another team nothing tells which partner holds what: its cards are one pool, dealt at random.

A partner's card in a player's hand is performed by the player's own bandit (V-4.3): the normal
bandit judges it from there, and a world puts it on the pile that way.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from engine.ai.hooks import HOOKS, Dealt, Knowledge, WorldPart
from engine.errors import InconsistentView
from engine.model import Seat, card_owner, is_bullet
from engine.observe import Observation
from engine.variants.teams import partner, performer


def deal(obs: Observation, unknown: dict[int, Counter[str]], hidden: Counter[int],
         rng: random.Random) -> list[Dealt]:
    """Every seat of a teams game: ``unknown`` the cards of each seat's owner not seen on the pile,
    ``hidden`` how many face-down cards of each seat the viewer cannot see."""
    views = {s["seat"]: s for s in obs["seats"]}
    viewer = int(obs["viewer"])
    dealt: dict[int, Dealt] = {}
    for a in range(0, len(views), 2):
        pool = unknown[a] + unknown[a + 1]
        others = [index for index in (a, a + 1) if index != viewer]
        if viewer in (a, a + 1):  # what the viewer sees it holds is certain
            seen = Counter(views[viewer]["hand"]) + Counter(views[viewer]["discard"])
            if seen - pool:
                raise InconsistentView(f"seat {viewer}: holds cards its team does not have")
            pool -= seen
        # Face-down cards next: they must be action cards, whatever else the pool must fill.
        face_down = {index: _face_down(pool, hidden[index], rng) for index in others}
        if viewer in (a, a + 1):
            dealt[viewer] = _own(obs, views[viewer], unknown[viewer], pool, rng)
        cards = sorted(pool.elements())
        rng.shuffle(cards)
        for index in others:
            dealt[index] = _other(views[index], cards, face_down[index])
        if cards:
            raise InconsistentView(f"team of seat {a}: {len(cards)} cards left over")
    return [dealt[index] for index in sorted(dealt)]


def _face_down(pool: Counter[str], count: int, rng: random.Random) -> list[str]:
    """``count`` action cards (B-6.3: never a bullet) taken out of ``pool`` at random."""
    actions = sorted(c for c in pool.elements() if not is_bullet(c))
    rng.shuffle(actions)
    taken = actions[:count]
    if len(taken) != count:
        raise InconsistentView(f"{count} face-down cards, {len(taken)} action cards to be them")
    pool -= Counter(taken)
    return taken


def _own(obs: Observation, view: dict[str, Any], mine: Counter[str], pool: Counter[str],
         rng: random.Random) -> Dealt:
    """The viewer's seat, its hand and discard already out of the team's ``pool``; its deck taken
    out of it too: drawn from its own cards and the partner's it drew, neither seen in hand or
    discard; the partner's draws from this deck (V-4.3) are unseen, so any of them may be gone."""
    seen = Counter(view["hand"]) + Counter(view["discard"])
    likely = sorted((((mine - seen) + (held_from_partner(obs, view["seat"]) - seen)) & pool).elements())
    rng.shuffle(likely)
    size = view["deck_size"]
    deck = likely[:size]
    pool -= Counter(deck)
    if len(deck) < size:  # more of the partner's cards than it drew: it drew some of them back
        rest = sorted(pool.elements())
        rng.shuffle(rest)
        deck += rest[: size - len(deck)]
        pool -= Counter(deck[len(likely):])
    if len(deck) != size:
        raise InconsistentView(f"seat {view['seat']}: {len(deck)} cards for a deck of {size}")
    return Seat(view["seat"], list(view["bandits"]), deck, list(view["hand"]), list(view["discard"])), []


def _other(view: dict[str, Any], cards: list[str], face_down: list[str]) -> Dealt:
    """A seat the viewer does not see into: hand, discard and deck by their public sizes, taken
    off ``cards``; its ``face_down`` cards already drawn."""
    hand, discard, deck = view["hand_size"], view["discard_size"], view["deck_size"]
    if len(cards) < hand + discard + deck:
        raise InconsistentView(f"seat {view['seat']}: too few cards for its public sizes")
    mine = cards[: hand + discard + deck]
    del cards[: hand + discard + deck]
    seat = Seat(view["seat"], list(view["bandits"]), mine[hand + discard:], mine[:hand], mine[hand:hand + discard])
    return seat, face_down


def held_from_partner(obs: Observation, seat: int) -> Counter[str]:
    """The partner's cards ``seat`` may hold: drawn from the partner's deck (V-4.3; the seat's own
    cards come back that way too), not played since (nor drawn back, which the seat cannot see).
    Only the seat itself sees which cards it drew."""
    mate = {b["name"] for b in obs["bandits"] if b["seat"] == partner(seat)}
    held: Counter[str] = Counter()
    for event in obs["log"]:
        if event.get("seat") != seat:
            continue
        if event["type"] == "partner-card" and (is_bullet(event["card"]) or card_owner(event["card"]) in mate):
            held[event["card"]] += 1
        elif event["type"] == "play" and event["card"].partition(":")[0] in mate:
            held[event["card"]] -= 1
    return +held


class TeamsWorld(WorldPart):
    """The variant's part of the worlds drawn from one seat's view: every seat's cards."""

    def __init__(self, knowledge: Knowledge) -> None:
        self.knowledge = knowledge

    def deal(self, rng: random.Random) -> list[Dealt] | None:
        known = self.knowledge
        return deal(known.obs, known.unknown, known.hidden, rng)


def own_bandit(bandits: list[str], card: str) -> str:
    """Who performs a card of the player of ``bandits``: a partner's by the player's own bandit (V-4.3)."""
    return performer(bandits, card)


HOOKS.world_parts.append(TeamsWorld)
HOOKS.performer.append(own_bandit)
