"""Hand-written observations that show every colour the pictures use.

They seed the shared palette of encoded pictures (render.encode), so they must not depend on a
game: they are plain data in the shape ``engine.observe`` gives.
"""

from __future__ import annotations

from typing import Any

Observation = dict[str, Any]

ALL = ("ghost", "doc", "tuco", "cheyenne", "belle", "django", "mei", "silk")


def _train(wagons: int) -> list[dict[str, Any]]:
    return [{"car": 0, "kind": "locomotive", "name": "locomotive"}] + [
        {"car": i, "kind": "wagon", "name": f"wagon-{i}"} for i in range(1, wagons + 1)
    ]


def colourful(names: tuple[str, ...] = ALL[:6], *, log: list[dict[str, Any]] | None = None) -> Observation:
    """A busy mid-round train: every bandit of ``names``, loot everywhere, a pile of every kind of
    card, one bandit to act, and (by default) a shot, a punch, a robbery and a hit to mark."""
    n = len(names)
    wagons = min(6, max(2, n))
    spots = ["1/roof", "2/in", "3/in", f"{wagons}/roof", f"{wagons}/roof", "3/roof", "1/in", "2/roof"]
    bandits = []
    for i, name in enumerate(names):
        bandits.append({
            "name": name, "seat": i, "at": spots[i % len(spots)],
            "loot": ["purse", "jewel", "strongbox"][: 1 + i % 3],
            "revolver": 6 - i % 4, "bullets_received": i % 3,
        })
    actions = ["move", "floor", "fire", "punch", "rob", "marshal"]
    pile = [
        {"seat": i % n, "bandit": names[i % n] if i % 3 else None, "action": actions[i % 6] if i % 3 else None,
         "face_down": i % 3 == 0, "resolved": i < 5}
        for i in range(12)
    ]
    if log is None:
        log = [
            {"type": "resolve", "seat": 0, "bandit": names[0], "card": f"{names[0]}:fire", "index": 4,
             "face_down": False},
            {"type": "fire", "bandit": names[0], "target": names[3 % n], "at": bandits[0]["at"],
             "target_at": bandits[3 % n]["at"]},
            {"type": "punch", "bandit": names[1], "target": names[2 % n], "at": "2/in"},
            {"type": "drop", "bandit": names[2 % n], "loot": "purse", "at": "2/in"},
            {"type": "move", "bandit": names[2 % n], "at": "2/in", "to": "3/in", "how": "punch"},
            {"type": "rob", "bandit": names[4 % n], "loot": "jewel", "at": bandits[4 % n]["at"]},
            {"type": "hit", "bandit": names[5 % n], "by": "neutral", "cause": "angry-marshal"},
            {"type": "marshal", "at": "0/in", "to": "1/in", "how": "marshal-card"},
        ]
    return {
        "viewer": None, "step": 40, "phase": "stealing", "round": 3, "rounds": 5,
        "round_card": {"name": "take-it-all", "turns": "STDR", "event": "take-it-all", "station": False},
        "turn": 1, "round_cards_left": 2, "first_seat": 0,
        "train": _train(wagons), "marshal": "1/in", "neutral_bullets": 9, "second_strongbox": True,
        "floor_loot": {"0/in": ["strongbox"], "2/in": ["purse", "purse", "jewel"], "3/roof": ["jewel"],
                       f"{wagons}/in": ["purse", "strongbox"]},
        "bandits": bandits,
        "seats": [{"seat": i, "bandits": [name], "hand_size": 6, "deck_size": 4, "discard_size": 0}
                  for i, name in enumerate(names)],
        "pile": pile,
        "pending": {"seat": 1, "bandit": names[1], "kind": "punch"},
        "log": log,
    }


def with_hand(obs: Observation, seat: int = 0) -> Observation:
    """``obs`` as seen by ``seat`` holding every kind of card, bullets of every colour too."""
    out = dict(obs)
    name = obs["seats"][seat]["bandits"][0]
    seats = [dict(s) for s in obs["seats"]]
    hand = [f"{name}:{a}" for a in ("move", "floor", "fire", "punch", "rob", "marshal")]
    hand += [f"bullet:{b['name']}" for b in obs["bandits"] if b["name"] != name] + ["bullet:neutral"]
    seats[seat]["hand"] = hand
    out["seats"] = seats
    out["viewer"] = seat
    out["pending"] = {"seat": seat, "bandit": None, "kind": "plan",
                      "options": [f"plan play {c}" for c in hand[:4]] + ["plan draw"]}
    return out


def finished(obs: Observation) -> Observation:
    """``obs`` at the final count, purse values shown."""
    out = dict(obs)
    out["phase"] = "over"
    out["bandits"] = [dict(b, loot=[f"purse:{250 + 50 * i}" if t == "purse" else t for t in b["loot"]])
                      for i, b in enumerate(obs["bandits"])]
    names = [b["name"] for b in obs["bandits"]]
    out["result"] = {"scores": {n: 1000 + 250 * i for i, n in enumerate(names)}, "gunslingers": names[:1],
                     "winners": names[-1:]}
    return out
