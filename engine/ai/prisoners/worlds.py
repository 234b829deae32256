"""Marshal & Prisoners in a sampled world: the expansion's part of what a seat knows (engine.ai.worlds,
through the AI's hooks: engine.ai.hooks, registered at the end).

Public from the observation: the prisoners and who holds them, the Wanted cards taken, the Fist-fight
aces, the revolvers, the round's maluses, the Marshal's rewards but for the mail bags' values, his
revealed objectives, whether he fell. Rebuilt from the public log: his bullet cards and the bandits'
Marshal bullets, the "+" chain of the go, the Reflex queue and the Angry Marshal's steps. Drawn at
random: the mail bags' values the seat has not seen and, for anyone but the Marshal, his objectives
not revealed (among those his setup could have drawn, M-1).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable
from typing import Any

from engine.ai.hooks import HOOKS, Knowledge, Slot, WorldPart
from engine.model import ROUND_END, STANDARD, Decision, Game, Options, card_action
from engine.observe import Observation
from engine.prisoners.data import prisoners_data
from engine.prisoners.events import ANGRY, REFLEX
from engine.prisoners.model import MAIL, MARSHAL, MARSHAL_BULLET, Prison
from engine.prisoners.setup import marshal_cards

MAIL_PREFIX = MAIL + ":"


def marshal_seat(obs: Observation) -> int | None:
    prison = obs.get("prison")
    return None if prison is None else int(prison["seat"])


def marshal_player(obs: Observation) -> dict[str, int]:
    """The Marshal player (M-1) by name, with his seat: a player who is no bandit."""
    seat = marshal_seat(obs)
    return {} if seat is None else {MARSHAL: seat}


def seat_cards(options: Options, bandits: list[str], cards: list[str]) -> list[str]:
    """A seat's action cards with the expansion (M-1): no Marshal card, a Brilliant idea; the
    Marshal's seat (no bandits): his own deck (his Ride with Horses & Stagecoach, M-50)."""
    data = prisoners_data()
    if not bandits:
        return [f"{MARSHAL}:{action}" for action, n in marshal_cards(options) for _ in range(n)]
    kept = [c for c in cards if card_action(c) not in data.removed_cards]
    return kept + [f"{name}:{action}" for name in bandits for action, n in data.bandit_cards for _ in range(n)]


def bullets(obs: Observation, held: dict[int, Counter[str]], seat_of: dict[str, int]) -> None:
    """The bullets of the expansion's shots (public log): his into the bandits' cards (but those
    kept in front of them for the round, M-8), theirs into his (M-5)."""
    marshal = marshal_seat(obs)
    if marshal is None:
        return
    for event in obs["log"]:
        if event["type"] != "fire":
            continue
        if event["bandit"] == MARSHAL:
            held[seat_of[event["target"]]][MARSHAL_BULLET] += 1
        elif event["target"] == MARSHAL:
            held[marshal][f"bullet:{event['bandit']}"] += 1
    for name, maluses in obs["prison"]["maluses"].items():
        held[seat_of[name]][MARSHAL_BULLET] -= len(maluses)


def mail_bags(obs: Observation) -> tuple[list[int], int]:
    """The mail bags' values the seat has not seen, dealt at random in each world (engine.ai.worlds
    gives a mail bag known by its kind only one of them); the highest when none is left."""
    viewer = obs["viewer"]
    seen = [t for b in obs["bandits"] if b["seat"] == viewer for t in b["loot"] if t.startswith(MAIL_PREFIX)]
    prison = obs.get("prison") or {}
    if prison.get("seat") == viewer:
        seen += [t for t in prison["rewards"]["mail"] if t.startswith(MAIL_PREFIX)]
    values = Counter(prisoners_data().mail_bags)
    values.subtract(int(t.partition(":")[2]) for t in seen)
    return sorted(values.elements()), max(prisoners_data().mail_bags)


def prison(obs: Observation, rng: random.Random, decision: Decision, read: Callable[[str, Slot], str],
           chain: bool) -> Prison:
    """The expansion's state in one world (``read``: a token of the observation in this world)."""
    view: dict[str, Any] = obs["prison"]
    objectives = list(view["objectives"])
    if None in objectives or view["objectives_to_come"]:
        objectives, to_come = _objectives(obs, objectives, view["objectives_to_come"], rng)
    else:
        to_come = []
    queue, resume = _queue(obs, decision)
    return Prison(
        seat=int(view["seat"]), revolvers=[list(r) for r in view["revolvers"]], aces=list(view["aces"]),
        won_aces={k: list(v) for k, v in view["won_aces"].items()}, wanted=list(view["wanted"]),
        rewards_prisoners=list(view["rewards"]["prisoners"]),
        rewards_mail=[read(t, ("rewards", "", i)) for i, t in enumerate(view["rewards"]["mail"])],
        to_come=to_come, objectives=objectives, revealed=list(view["revealed"]),
        prisoners=list(view["prisoners"]), held=dict(view["held"]),
        maluses={k: list(v) for k, v in view["maluses"].items()}, golden=int(view["golden"]),
        fallen=bool(view["marshal_fallen"]), chain=chain, queue=queue, resume=resume,
        old_whiskey=bool(view["old_whiskey"]),
    )


def _objectives(obs: Observation, seen: list[str | None], to_come: int,
                rng: random.Random) -> tuple[list[str], list[str]]:
    """His objectives the seat cannot see, drawn as M-1 draws them, the revealed ones kept."""
    data = prisoners_data()
    known = [o for o in seen if o is not None]
    bandits = [b["name"] for b in obs["bandits"]]
    captures = [f"capture:{n}" for n in bandits if f"capture:{n}" not in known]
    specials = [s for s in data.specials if s not in known
                and (len(bandits) >= 4 or s not in data.specials_from_4_bandits)]
    need_captures = data.capture_objectives - sum(o.startswith("capture:") for o in known)
    need_specials = data.special_objectives - sum(not o.startswith("capture:") for o in known)
    drawn = [*rng.sample(captures, need_captures), *rng.sample(specials, need_specials)]
    rng.shuffle(drawn)
    current = [o if o is not None else drawn.pop() for o in seen]
    return current, drawn


def _queue(obs: Observation, decision: Decision) -> tuple[list[str], str]:
    """What is left of a phase of several steps (M-40): the Reflex seats after the one asked, the
    Angry Marshal's move after his shot."""
    seats = len(obs["seats"])
    if obs["phase"] == REFLEX:
        first = obs["first_seat"]
        order = [(first + i) % seats for i in range(seats)]
        return [str(s) for s in order[order.index(decision.seat) + 1:]], ROUND_END
    if obs["phase"] == ANGRY:
        return (["move"] if decision.kind == "marshal-fire" else []), ROUND_END
    return [], ROUND_END


def in_chain(obs: Observation, turn_kinds: str, event: dict[str, Any], turn: int) -> bool:
    """Whether a play of the Marshal opens one more card of his go (M-7)."""
    card = event.get("card")
    return (obs.get("prison") is not None and card is not None and card.startswith(MARSHAL + ":")
            and turn < len(turn_kinds) and turn_kinds[turn] == STANDARD
            and card_action(card) in prisoners_data().chain_cards)


class PrisonersWorld(WorldPart):
    """The expansion's part of the worlds drawn from one seat's view: the sheet, and the Marshal's
    flasks read as the world reads them (which one is the old whiskey, M-50)."""

    def __init__(self, knowledge: Knowledge) -> None:
        self.obs: Observation = knowledge.obs
        self.decision: Decision = knowledge.decision
        self.chain: bool = knowledge.chain

    def build(self, game: Game, rng: random.Random, read: Callable[[str, Slot], str]) -> None:
        game.prison = prison(self.obs, rng, self.decision, read, self.chain)
        game.prison.flasks = [read(t, ("sheet", "", i)) for i, t in enumerate(self.obs["prison"]["flasks"])]


def part(knowledge: Knowledge) -> WorldPart | None:
    return None if knowledge.obs.get("prison") is None else PrisonersWorld(knowledge)


def clone(game: Game, copy: Game) -> None:
    found: Prison | None = game.prison
    if found is not None:
        copy.prison = found.copy()


HOOKS.world_parts.append(part)
HOOKS.hidden_values[MAIL] = mail_bags
HOOKS.seat_cards.append(seat_cards)
HOOKS.other_players.append(marshal_player)
HOOKS.held_cards.append(bullets)
HOOKS.chains.append(in_chain)
HOOKS.clones.append(clone)
