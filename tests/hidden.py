"""Changing only what is hidden from the public (B-11): shared by the observation and picture tests."""

from __future__ import annotations

import random

from engine.model import Game, loot_kind

FULL_FLASKS = ["whiskey", "old-whiskey"]


def hide_differently(game: Game, rng: random.Random) -> None:
    """Change everything hidden from the public, nothing public (B-11.2)."""
    for seat in game.seats:
        rng.shuffle(seat.deck)  # deck order
        cards = seat.hand + seat.deck  # which cards are in hand rather than in the deck
        rng.shuffle(cards)
        seat.hand, seat.deck = cards[: len(seat.hand)], cards[len(seat.hand):]
        rng.shuffle(seat.discard)
    for played in game.pile[game.cursor:]:
        if played.face_down:  # a face-down card not yet resolved
            played.card = played.card.split(":")[0] + ":" + rng.choice(["move", "fire", "rob"])
    for tokens in [*game.floor_loot.values(), *(b.loot for b in game.bandits.values())]:
        for i, token in enumerate(tokens):
            if loot_kind(token) == "purse":
                tokens[i] = f"purse:{rng.choice([250, 300, 450, 500])}"
            elif token in FULL_FLASKS:  # face down: whiskey or old whiskey (H-13)
                tokens[i] = rng.choice(FULL_FLASKS)
    if game.coach is not None and game.coach.attack is not None:  # the riders' closed fists (H-2)
        chosen = game.coach.attack["chosen"]
        for name in chosen:
            chosen[name] = rng.choice(["stop", "ride"])
    for event in game.log:
        if "secret" in event:
            event["secret"] = {k: "changed" for k in event["secret"]}
    if game.pending is not None and game.pending.kind == "plan":
        game.pending.values = ["draw", "pass"]
