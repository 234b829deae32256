"""Who plays which bandits, from the lobby to the deal: what a seat may choose under the lobby's
options, and the characters the seats not chosen draw (B-3). What each expansion and variant adds
(a seat that plays no bandit, like the Marshal player of M-1; a player's two bandits, V-2 and V-3)
is read from its declaration (engine.lobby).

A seat's choice is stored as one character: a bandit ("ghost"), a pair ("ghost+tuco"), or a role
that plays no bandit ("marshal"). In the two-player game (V-3.1) a seat may hold its first bandit
only: the second is chosen next, or drawn at the start.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from engine import Options, lobby
from engine.data import base
from engine.setup import seating

TEAM = "+"  # a player's two bandits, stored as one character: "ghost+tuco" (V-2, V-3)


def cast_of(character: str) -> str | list[str]:
    """A stored character as the engine takes it: a bandit, or a player's pair."""
    return character.split(TEAM) if TEAM in character else character


def cast(characters: list[str]) -> list[str | list[str]]:
    """The bandits of a table's stored characters in seat order, for the engine's deal: a role's
    seat (the Marshal player, seat 1 when there is one) is seated by its expansion itself (M-1)."""
    roles = lobby.role_names()
    return [cast_of(c) for c in characters if c not in roles]


def bandits(character: str | None) -> list[str]:
    """The bandits a stored choice names (none for a role or no choice)."""
    return [] if character is None or character in lobby.role_names() else character.split(TEAM)


def role_seats(options: dict[str, object]) -> int:
    """Seats that play no bandit under these options: the Marshal player's (M-1)."""
    return len(lobby.roles(options))


def bandits_each(options: dict[str, object]) -> int:
    """How many bandits each player plays under these options (two in V-2 and V-3)."""
    return seating(Options(variant=str(options.get("variant", "none")))).bandits_per_seat


def team_choices(options: dict[str, object], seed: int) -> list[str] | None:
    """The pairs a player chooses among (V-2.2: Ghost, Doc and Belle paired at random with Tuco,
    Cheyenne and Django), or None: bandits are chosen one by one (in the two-player game, any two
    of them, V-3.1)."""
    pairs = lobby.pairs(options, seed)
    return None if pairs is None else [TEAM.join(pair) for pair in pairs]


def fits(options: dict[str, object], seed: int, character: str) -> bool:
    """Whether a seat may hold this choice under these options (a pair of the variant's, a bandit,
    the first bandit of a pair still to be completed, a role its expansion brings)."""
    if character in lobby.role_names():
        return character in lobby.role_names(options)
    pairs = team_choices(options, seed)
    if pairs is not None:
        return character in pairs
    names = character.split(TEAM)
    return (len(set(names)) == len(names) <= bandits_each(options)
            and all(name in base().characters for name in names))


def chosen_by_others(character: str, choices: Sequence[tuple[int, str | None]], seat: int) -> bool:
    """Whether another seat (of ``choices``: seat and stored choice) holds one of these bandits."""
    mine = set(bandits(character))
    return any(other != seat and mine & set(bandits(theirs)) for other, theirs in choices)


def deal_characters(options: dict[str, object], seed: int, seats: Sequence[tuple[int, str | None]]) -> dict[int, str]:
    """Each seat's character (or pair) at the start: the choices made, completed and the rest drawn
    from the bandits left; each role the options bring (the Marshal, M-1) one seat's, drawn if
    nobody asked."""
    rng = random.Random(seed)
    taken = {name for _, character in seats for name in bandits(character)}
    pairs = team_choices(options, seed)
    roles = lobby.role_names(options)
    free = [c for c in pairs if not set(c.split(TEAM)) & taken] if pairs is not None else \
        [c for c in base().characters if c not in taken]
    rng.shuffle(free)
    characters: dict[int, str] = {}
    for role in sorted(roles - {c for _, c in seats}):  # nobody asked to be the Marshal (M-1)
        left = [seat for seat, _ in seats if seat not in characters]
        free_seats = [seat for seat, c in seats if not c and seat in left] or left
        characters[rng.choice(free_seats)] = role
    each = bandits_each(options)
    for seat, character in seats:
        if seat in characters:
            continue
        if character in roles:
            characters[seat] = character
            continue
        if pairs is not None:  # V-2: a drawn pair, whose bandits are no longer free for another
            pick = character or free.pop()
            free = [t for t in free if not set(t.split(TEAM)) & set(pick.split(TEAM))]
            characters[seat] = pick
            continue
        names = bandits(character)
        names += [free.pop() for _ in range(each - len(names))]  # V-3: the second bandit drawn
        characters[seat] = TEAM.join(names)
    return characters


def playing_order(characters: dict[int, str], seats: Sequence[int]) -> list[int]:
    """The seats in playing order: a role's seat first (the Marshal is player 1, M-1), then the
    others as they sat."""
    roles = lobby.role_names()
    return sorted(seats, key=lambda seat: characters[seat] not in roles)
