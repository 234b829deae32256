"""The table: every game's rules behind one lock per game, its state written before it is announced.

Cogs call these methods and show what they return; nothing here knows about Discord. A refusal
is a ``TableError``: a message (catalog key and fields) for the person who clicked or typed, put in
their language by the cog.
"""

from __future__ import annotations

import asyncio
import functools
import logging
import random
import time
from collections import OrderedDict
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field, fields, replace
from typing import Any, Protocol, TypeVar

import engine
from engine import Game, Options, apply, new_game
from engine import lobby as declared  # what the base game, each expansion and variant offer a table
from engine.ai import LEVELS, choose
from engine.errors import InconsistentView, SetupError
from engine.scoring import gunslingers, scores, winners
from engine.setup import round_card_pools, seating
from engine.snapshot import dumps, loads
from lang import CODES, SOURCE, Language, english
from table.locks import Locks
from table.metrics import APPLIED, FAILED, REFUSED, STALE, Metrics
from table.pace import DEFAULT as DEFAULT_PACE
from table.pace import PACES, pace_of
from table.ratings import Placing, player_key
from table.seating import TEAM, cast, chosen_by_others, deal_characters, fits, playing_order, role_seats
from table.store import (
    ABANDONED,
    LOBBY,
    OVER,
    RUNNING,
    Deadline,
    Delivery,
    GameRow,
    PlayerRow,
    StaleStep,
    Store,
    deadline_columns,
    process_name,
)
from table.workers import Workers

log = logging.getLogger(__name__)
T = TypeVar("T")
MIN_PLAYERS, MAX_PLAYERS = 3, 7  # 7 with Mei (M-30, B-3.2)

TURN_LEASE = 60.0  # seconds a process's claim on a turn lasts (Tables.turn_lease)
CHANNEL_LEASE = 60.0  # seconds a process's claim on replacing a lost channel lasts

MISSES_BEFORE_ABSENT = 3  # missed decisions in a row before the AI takes the seat until "I'm back"
STAND_IN = "normal"  # the AI level that answers for a person whose time is up or who is away
# Games one person may sit in at once, lobbies included: slow games make several at a time natural,
# and each one's prompts and reminders name it; more would be more DMs than anyone follows.
GAMES_PER_PLAYER = 5
CACHED_GAMES = 512  # game states kept in memory (the most recently used); the database has them all
# Answers between two stored snapshots of a game's state (and at its end): an answer writes its own
# row and the game's few columns; every SNAPSHOT_EVERY answers, the whole state (~10–30 KB) too. A
# state read from the database is its snapshot brought up to date by the answers stored since.
SNAPSHOT_EVERY = 16

# The lobby's options and their choices; the first choice is the default (RULES.md defaults): the
# game's, as the base game and each expansion and variant declare them (engine.lobby), and the
# table's own pace.
LOBBY_OPTIONS: dict[str, tuple[Any, ...]] = {
    **declared.choices(),
    "timer": (DEFAULT_PACE, *(name for name in PACES if name != DEFAULT_PACE)),
}
ENGINE_OPTIONS = frozenset(f.name for f in fields(Options))


def default_options() -> dict[str, Any]:
    return {name: choices[0] for name, choices in LOBBY_OPTIONS.items()}


def engine_options(options: dict[str, Any]) -> Options:
    """The rules options of a game's stored options (the rest, like the timer, is the table's), as
    the expansions and variants in play make them (the two-player game is always Expert, V-3.3)."""
    return Options(**declared.rules({k: v for k, v in options.items() if k in ENGINE_OPTIONS}))


def clash(options: dict[str, Any]) -> str | None:
    """The catalog key of why these options cannot be played together (M-1, M-31 …), or None."""
    return declared.clash(options)


def event_pools(options: dict[str, Any]) -> tuple[list[str], list[str]]:
    """The round cards and station cards a lobby's game draws from, its expansions' included: those
    the table chooses among in the Choosing events variant (M-40)."""
    rules = engine_options({**options, "chosen_events": ()})
    return round_card_pools(rules, seating(rules).min_players)


def events_to_choose(options: dict[str, Any]) -> tuple[int, int]:
    """How many round cards and station cards the table chooses (M-40): none when the options let
    the table choose no events."""
    return declared.chosen_events(options) or (0, 0)


def time_limit(options: dict[str, Any], kind: str) -> float:
    """Seconds a person has for a decision of ``kind`` at the game's pace."""
    return pace_of(options.get("timer")).limit(kind)


def dealt(row: GameRow, players: list[PlayerRow]) -> Game:
    """A started game as it was dealt: its seats' characters in playing order, its seed and options.
    Its stored answers, applied in order, give the game again (a replay, a review)."""
    return new_game(cast([str(p.character) for p in players]), seed=row.seed, options=engine_options(row.options))


def _choose_safely(world: Game, seat: int, level: str, rng: random.Random, budget_ms: float | None) -> str:
    """The AI's answer; should its reading of the table ever fail (a bug), a random legal answer
    keeps the game going instead of stalling it."""
    try:
        return choose(world, seat, level, rng=rng, budget_ms=budget_ms)
    except InconsistentView:
        log.exception("the %s AI could not read the table; it answers at random this time", level)
        return choose(world, seat, "easy", rng=rng)


class TableError(Exception):
    """A refusal to show to the person who asked, changing nothing: the catalog key of its message."""

    def __init__(self, key: str, **fields: object) -> None:
        super().__init__(english().text(key, **fields))  # logs read English
        self.key, self.fields = key, fields

    def text(self, lang: Language) -> str:
        return lang.text(self.key, **self.fields)


STEP_TRIES = 3  # a change of a game's timing made again when another process moved the game on meanwhile


def at_stored_step(change: Callable[..., Awaitable[T]]) -> Callable[..., Awaitable[T]]:
    """A change of the pending decision's timing (pause, pace, presence), made under the game's lock
    at the step it read, and made again from the database should another process have answered
    meanwhile (its write, ``Tx.retime``, is then refused: ``StaleStep``)."""

    @functools.wraps(change)
    async def at_step(self: Tables, game_id: int, *args: Any, **kwargs: Any) -> T:
        async with self.lock(game_id):
            for _ in range(STEP_TRIES):
                try:
                    return await change(self, game_id, *args, **kwargs)
                except StaleStep:
                    self.forget(game_id)
            raise TableError("error.stale")

    return at_step


class Metered(Protocol):
    """What ``metered`` counts on: the table's, or a lesson's (table.lessons), metrics."""

    metrics: Metrics


def metered(kind: str) -> Callable[[Callable[..., Awaitable[T]]], Callable[..., Awaitable[T]]]:
    """What people ask of the table (a click, a command), counted by how it ended (table.metrics):
    applied, stale (a refusal whose key ends with ``.stale``), refused with a message, or failed."""

    def wrap(change: Callable[..., Awaitable[T]]) -> Callable[..., Awaitable[T]]:
        @functools.wraps(change)
        async def counted(self: Metered, *args: Any, **kwargs: Any) -> T:
            try:
                done = await change(self, *args, **kwargs)
            except TableError as error:
                self.metrics.interaction(kind, STALE if error.key.endswith(".stale") else REFUSED)
                raise
            except Exception:
                self.metrics.interaction(kind, FAILED)
                raise
            self.metrics.interaction(kind, APPLIED)
            return done

        return counted

    return wrap


class TurnTaken(Exception):
    """Another process (sharing the database) answers this decision: its timer or AI move is theirs."""


@dataclass
class Lobby:
    game: GameRow
    players: list[PlayerRow]


@dataclass
class Dealt:
    """A lobby's game as it is dealt: ``order`` the lobby's seats in playing order, ``players`` the
    seats as they sit then, each with its character, and the dealt game."""

    order: list[int]
    players: list[PlayerRow]
    state: Game


@dataclass
class Outcome:
    """What one answer did: the game after it and where its new log events start."""

    game_id: int
    row: GameRow
    players: list[PlayerRow]
    state: Game
    log_from: int
    answered_by: int | None = None
    answered: str | None = None  # the answer text
    source: str = "player"  # who answered: player, ai (an AI seat), timeout, absent (AI for an away person)
    went_absent: bool = False  # this timeout was the person's last chance: the AI plays for them now


class Show(Protocol):
    """What each change shows (the presenter): deliveries written in the change's own transaction."""

    async def game(self, outcome: Outcome) -> list[Delivery]: ...

    async def presence(self, row: GameRow, player: PlayerRow, state: Game, *, back: bool) -> list[Delivery]: ...

    async def channel_moved(self, row: GameRow, players: list[PlayerRow], state: Game,
                            lobby: Lobby) -> list[Delivery]: ...

    async def retimed(self, row: GameRow, state: Game, change: str, user_id: int) -> list[Delivery]: ...

    async def reminder(self, row: GameRow, player: PlayerRow, state: Game) -> list[Delivery]: ...

    async def abandoned(self, row: GameRow, players: list[PlayerRow], user_id: int) -> list[Delivery]: ...
    async def lobby_closed(self, lobby: Lobby, *, by: int | None) -> list[Delivery]: ...


class NothingShown:
    """A table that shows nothing (tests of the rules of the table alone)."""

    async def game(self, outcome: Outcome) -> list[Delivery]:
        return []

    async def presence(self, row: GameRow, player: PlayerRow, state: Game, *, back: bool) -> list[Delivery]:
        return []

    async def channel_moved(self, row: GameRow, players: list[PlayerRow], state: Game,
                            lobby: Lobby) -> list[Delivery]:
        return []

    async def retimed(self, row: GameRow, state: Game, change: str, user_id: int) -> list[Delivery]:
        return []

    async def reminder(self, row: GameRow, player: PlayerRow, state: Game) -> list[Delivery]:
        return []

    async def abandoned(self, row: GameRow, players: list[PlayerRow], user_id: int) -> list[Delivery]:
        return []

    async def lobby_closed(self, lobby: Lobby, *, by: int | None) -> list[Delivery]:
        return []


@dataclass
class Tables:
    storage: Store
    seeds: random.Random = field(default_factory=random.SystemRandom)  # where new games' seeds come from
    clock: Callable[[], float] = time.time  # now, in seconds since the epoch: deadlines are set by it
    show: Show = field(default_factory=NothingShown)
    workers: Workers = field(default_factory=lambda: Workers(processes=False))  # where the AI thinks
    # This process among those sharing the database: what it claims (a turn, a lease) is its own.
    holder: str = field(default_factory=process_name)
    # Seconds a claimed turn (a timer, an AI move) stays this process's: longer than any AI answer
    # takes; should this process die meanwhile, another one answers once the claim has lapsed.
    turn_lease: float = TURN_LEASE
    metrics: Metrics = field(default_factory=Metrics)  # the operators' view (table.metrics)
    _locks: Locks = field(default_factory=Locks)
    # A cache of game states, checked against the stored step before use: the database is the truth.
    _states: OrderedDict[int, Game] = field(default_factory=OrderedDict)

    def lock(self, game_id: int) -> asyncio.Lock:
        return self._locks(game_id)

    async def settle(self, timeout: float) -> bool:
        """Wait, at most ``timeout`` seconds, until no game is being changed here: every change
        (an answer, a start, a timeout) holds its game's lock until it is written. Whether it
        settled; a stopping bot calls this before closing the database."""
        async def quiet() -> None:
            while busy := self._locks.held():
                for lock in busy:
                    async with lock:
                        pass

        try:
            await asyncio.wait_for(quiet(), timeout)
        except TimeoutError:
            return False
        return True

    # --- reading -------------------------------------------------------------------------------

    async def row(self, game_id: int) -> GameRow:
        row = await self.storage.game(game_id)
        if row is None:
            raise TableError("error.no-game", game=game_id)
        return row

    async def lobby(self, game_id: int) -> Lobby:
        return Lobby(await self.row(game_id), await self.storage.players(game_id))

    async def state(self, game_id: int, row: GameRow | None = None) -> Game:
        """The engine state of a started game: the cached one while it is at the stored step; else
        its stored snapshot with the answers stored since applied (``SNAPSHOT_EVERY``)."""
        row = row or await self.row(game_id)
        cached = self._states.get(game_id)
        if cached is not None and cached.step == row.step:
            self._states.move_to_end(game_id)
            return cached
        if row.snapshot is None:
            raise TableError("error.not-started", game=game_id)
        try:
            state = loads(row.snapshot)
            if state.step < row.step:
                for step, seat, answer in await self.storage.answers_since(game_id, state.step, row.step):
                    apply(state, answer, seat=seat, step=step)
        except engine.SnapshotError as error:
            raise TableError("error.cannot-load", game=game_id, error=str(error)) from error
        except engine.EngineError as error:  # an answer stored since that the snapshot does not take
            raise TableError("error.cannot-load", game=game_id, error=f"{type(error).__name__}: {error}") from error
        if state.step != row.step:
            raise TableError("error.cannot-load", game=game_id,
                             error=f"its answers reach step {state.step}, not step {row.step}")
        self._cache(game_id, state)
        return state

    def _cache(self, game_id: int, state: Game) -> None:
        self._states[game_id] = state
        self._states.move_to_end(game_id)
        while len(self._states) > CACHED_GAMES:
            self._states.popitem(last=False)

    def forget(self, game_id: int) -> None:
        """A finished game leaves the cache (its pictures and stats are built from the database)."""
        self._states.pop(game_id, None)

    async def replay_to(self, game_id: int, events: int, players: list[PlayerRow] | None = None) -> Game:
        """The game rebuilt from its seed and answers, at the last answer that left at most
        ``events`` log events (or at the deal): the past, for pictures after a restart.
        ``players``: the seats, when they are not stored yet (the deal)."""
        row = await self.row(game_id)
        players = players or await self.storage.players(game_id)
        answers = await self.storage.answers(game_id)

        def deal() -> Game:
            return dealt(row, players)

        probe, keep = deal(), 0
        for answer in answers:
            apply(probe, answer)
            if len(probe.log) > events:
                break
            keep += 1
        state = deal()
        for answer in answers[:keep]:
            apply(state, answer)
        return state

    async def seat_of(self, game_id: int, user_id: int) -> int | None:
        for player in await self.storage.players(game_id):
            if player.user_id == user_id:
                return player.seat
        return None

    # --- the lobby -----------------------------------------------------------------------------

    @metered("lobby")
    async def new_lobby(self, *, guild_id: int, channel_id: int, host_id: int, language: str = SOURCE) -> Lobby:
        open_here = await self.storage.game_in_channel(channel_id)
        if open_here is not None and open_here.status == LOBBY:
            raise TableError("error.lobby-here", game=open_here.id)
        await self._may_take_a_seat(host_id)
        seed = self.seeds.randrange(2**31)
        game_id = await self.storage.create_game(
            guild_id=guild_id, channel_id=channel_id, host_id=host_id, options=default_options(), seed=seed,
            language=language,
        )
        return await self.lobby(game_id)

    async def _open_lobby(self, game_id: int) -> Lobby:
        lobby = await self.lobby(game_id)
        if lobby.game.status != LOBBY:
            raise TableError("error.lobby-closed")
        return lobby

    async def _host_lobby(self, game_id: int, user_id: int, refusal: str) -> Lobby:
        """The open lobby, for its host only (``refusal`` is the catalog key told to anyone else)."""
        lobby = await self._open_lobby(game_id)
        if user_id != lobby.game.host_id:
            raise TableError(refusal)
        return lobby

    @metered("lobby")
    async def join(self, game_id: int, user_id: int) -> Lobby:
        async with self.lock(game_id):
            lobby = await self._open_lobby(game_id)
            if any(p.user_id == user_id for p in lobby.players):
                raise TableError("error.already-joined")
            if len(lobby.players) >= MAX_PLAYERS:
                raise TableError("error.table-full", n=MAX_PLAYERS)
            await self._may_take_a_seat(user_id)
            async with self.storage.transaction() as tx:
                tx.add_player(game_id, user_id)
            return await self.lobby(game_id)

    async def _may_take_a_seat(self, user_id: int) -> None:
        """A person plays at most ``GAMES_PER_PLAYER`` games at once (lobbies included)."""
        if len(await self.storage.games_of_user(user_id, LOBBY, RUNNING)) >= GAMES_PER_PLAYER:
            raise TableError("error.too-many-games", n=GAMES_PER_PLAYER)

    @metered("lobby")
    async def add_ai(self, game_id: int, user_id: int, level: str) -> Lobby:
        async with self.lock(game_id):
            lobby = await self._host_lobby(game_id, user_id, "error.host-adds-ai")
            if level not in LEVELS:
                raise TableError("error.no-ai-level")
            if len(lobby.players) >= MAX_PLAYERS:
                raise TableError("error.table-full", n=MAX_PLAYERS)
            async with self.storage.transaction() as tx:
                tx.add_player(game_id, None, ai=level)
            return await self.lobby(game_id)

    @metered("lobby")
    async def remove_ai(self, game_id: int, user_id: int, seat: int) -> Lobby:
        async with self.lock(game_id):
            lobby = await self._host_lobby(game_id, user_id, "error.host-removes-ai")
            if not any(p.seat == seat and p.ai for p in lobby.players):
                raise TableError("error.no-ai-seat")
            async with self.storage.transaction() as tx:
                tx.remove_seat(game_id, seat)
            return await self.lobby(game_id)

    @metered("lobby")
    async def leave_lobby(self, game_id: int, user_id: int) -> Lobby:
        async with self.lock(game_id):
            lobby = await self._open_lobby(game_id)
            seat = next((p.seat for p in lobby.players if p.user_id == user_id), None)
            if seat is None:
                raise TableError("error.not-at-table")
            if user_id == lobby.game.host_id:
                raise TableError("error.host-cannot-leave")
            async with self.storage.transaction() as tx:
                tx.remove_seat(game_id, seat)
            return await self.lobby(game_id)

    @metered("lobby")
    async def choose_character(self, game_id: int, user_id: int, character: str | None) -> Lobby:
        """A player's choice of a bandit, a pair (V-2), the Marshal (M-1), or None: drawn at the
        start. In the two-player game (V-3.1) bandits are chosen one after the other: a bandit
        chosen beside the one the player holds alone completes the pair."""
        async with self.lock(game_id):
            lobby = await self._open_lobby(game_id)
            me = next((p for p in lobby.players if p.user_id == user_id), None)
            if me is None:
                raise TableError("error.join-first")
            options, seed = lobby.game.options, lobby.game.seed
            if character is not None:
                held = me.character
                if (held and TEAM not in character and TEAM not in held and held != character
                        and held not in declared.role_names()
                        and fits(options, seed, TEAM.join((held, character)))):
                    character = TEAM.join((held, character))  # the second bandit (V-3.1)
                if not fits(options, seed, character):
                    raise TableError("error.no-such-bandit")
                if chosen_by_others(character, [(p.seat, p.character) for p in lobby.players], me.seat):
                    raise TableError("error.bandit-taken")
            async with self.storage.transaction() as tx:
                tx.set_character(game_id, user_id, character)
            return await self.lobby(game_id)

    @metered("lobby")
    async def draw_teams(self, game_id: int, user_id: int) -> Lobby:
        """The host draws the teams at random (V-4.1: partners sit side by side, seats 1-2, 3-4, 5-6)."""
        async with self.lock(game_id):
            lobby = await self._teams_lobby(game_id, user_id)
            order = [p.seat for p in lobby.players]
            self.seeds.shuffle(order)
            async with self.storage.transaction() as tx:
                tx.reseat(game_id, order)
            return await self.lobby(game_id)

    @metered("lobby")
    async def pair(self, game_id: int, user_id: int, first: int, second: int) -> Lobby:
        """The host makes the players at seats ``first`` and ``second`` partners: ``second`` takes
        the place of ``first``'s partner, who takes ``second``'s."""
        async with self.lock(game_id):
            lobby = await self._teams_lobby(game_id, user_id)
            seats = [p.seat for p in lobby.players]
            if first == second or first not in seats or second not in seats:
                raise TableError("error.no-such-seat")
            mate = self._partner(lobby)(first)
            if mate >= len(seats):
                raise TableError("error.no-such-seat")  # an odd table's last seat has no partner yet
            order = list(seats)
            order[mate], order[second] = second, mate
            async with self.storage.transaction() as tx:
                tx.reseat(game_id, order)
            return await self.lobby(game_id)

    async def _teams_lobby(self, game_id: int, user_id: int) -> Lobby:
        lobby = await self._host_lobby(game_id, user_id, "error.host-teams")
        self._partner(lobby)
        return lobby

    @staticmethod
    def _partner(lobby: Lobby) -> Callable[[int], int]:
        """The seat of a seat's partner, in a lobby whose players sit as partners (V-4.1)."""
        teams = declared.partners(lobby.game.options)
        if teams is None or teams.partner is None:
            raise TableError("error.no-teams")
        return teams.partner

    @metered("lobby")
    async def set_option(self, game_id: int, user_id: int, name: str, value: Any) -> Lobby:
        async with self.lock(game_id):
            lobby = await self._host_lobby(game_id, user_id, "error.host-options")
            if name not in LOBBY_OPTIONS or value not in LOBBY_OPTIONS[name]:
                raise TableError("error.bad-option")
            options = dict(lobby.game.options)
            options[name] = value
            refusal = clash(options)
            if refusal is not None and options != lobby.game.options:
                raise TableError(refusal)
            if declared.chosen_events(options) is None:  # Choosing events goes with its expansion (M-40)
                options.pop("chosen_events", None)
            async with self.storage.transaction() as tx:
                tx.update_game(game_id, options=options)
                # A choice the new options do not allow (one bandit where each plays two, a pair
                # where each plays one, no Marshal any more) is undone: that seat draws instead.
                for player in lobby.players:
                    if player.character and not fits(options, lobby.game.seed, player.character):
                        tx.set_seat_character(game_id, player.seat, None)
            return await self.lobby(game_id)

    async def events_menu(self, game_id: int, user_id: int) -> Lobby:
        """The open lobby, if this user (its host) may choose the events now (M-40)."""
        lobby = await self._host_lobby(game_id, user_id, "error.host-events")
        if declared.chosen_events(lobby.game.options) is None:
            raise TableError("error.no-choosing")
        return lobby

    @metered("lobby")
    async def choose_events(self, game_id: int, user_id: int, part: str | None, cards: list[str]) -> Lobby:
        """The host's choice of the round cards (``part`` "rounds") or the station cards ("stations")
        the game draws from (M-40, Choosing events); ``part`` None: drawn from all again."""
        async with self.lock(game_id):
            lobby = await self.events_menu(game_id, user_id)
            options = dict(lobby.game.options)
            chosen: list[str] = []
            if part is not None:
                rounds, stations = event_pools(options)
                pool, other = (rounds, stations) if part == "rounds" else (stations, rounds)
                wanted = events_to_choose(options)
                want = wanted[0 if part == "rounds" else 1]
                if part not in ("rounds", "stations") or len(set(cards)) != want or len(cards) != want \
                        or not set(cards) <= set(pool):
                    raise TableError("error.chosen-events", rounds=wanted[0], stations=wanted[1])
                kept = [c for c in options.get("chosen_events", ()) if c in other]
                chosen = [*cards, *kept] if part == "rounds" else [*kept, *cards]
            options["chosen_events"] = chosen
            async with self.storage.transaction() as tx:
                tx.update_game(game_id, options=options)
            return await self.lobby(game_id)

    @metered("lobby")
    async def set_role(self, game_id: int, user_id: int, seat: int, role: str) -> Lobby:
        """The host gives the player at ``seat`` (a person or an AI) a role that plays no bandit (the
        Marshal, M-1); whoever had it before draws a bandit instead."""
        declaration = next((r for r in declared.roles() if r.name == role), None)
        if declaration is None:
            raise TableError("error.bad-option")
        async with self.lock(game_id):
            lobby = await self._host_lobby(game_id, user_id, declaration.host_key)
            if role not in declared.role_names(lobby.game.options):
                raise TableError(declaration.off_key)
            if seat not in {p.seat for p in lobby.players}:
                raise TableError("error.no-such-seat")
            async with self.storage.transaction() as tx:
                for player in lobby.players:
                    if player.character == role and player.seat != seat:
                        tx.set_seat_character(game_id, player.seat, None)
                tx.set_seat_character(game_id, seat, role)
            return await self.lobby(game_id)

    @metered("lobby")
    async def set_language(self, game_id: int, user_id: int, language: str) -> Lobby:
        """The host changes the game's language (its lobby, channel and pictures) before the start."""
        async with self.lock(game_id):
            await self._host_lobby(game_id, user_id, "error.host-options")
            if language not in CODES:
                raise TableError("error.bad-option")
            await self.storage.update_game(game_id, language=language)
            return await self.lobby(game_id)

    @metered("lobby")
    async def cancel(self, game_id: int, user_id: int) -> Lobby:
        async with self.lock(game_id):
            await self._close_lobby(await self._host_lobby(game_id, user_id, "error.host-cancels"), by=user_id)
            return await self.lobby(game_id)

    async def close_lobby(self, game_id: int) -> bool:
        """Close a lobby left open whose message is gone (the local table's restart): whether it
        was still open."""
        async with self.lock(game_id):
            lobby = await self.lobby(game_id)
            if lobby.game.status != LOBBY:
                return False
            await self._close_lobby(lobby, by=None)
            return True

    async def _close_lobby(self, lobby: Lobby, *, by: int | None) -> None:
        """A lobby ends without a game: closed, and each person who joined told so (in one
        transaction: nobody hears of a lobby that is still open, nor misses one that closed)."""
        deliveries = await self.show.lobby_closed(lobby, by=by)
        async with self.storage.transaction() as tx:
            tx.update_game(lobby.game.id, status=ABANDONED)
            tx.enqueue(deliveries)

    async def check_start(self, game_id: int, user_id: int) -> Lobby:
        return (await self._startable(game_id, user_id))[0]

    async def _startable(self, game_id: int, user_id: int) -> tuple[Lobby, Dealt]:
        """The open lobby and its game dealt, if its host may start it as it stands: the options
        and the seats are checked and the game dealt, so that a start that passes here cannot fail
        to deal; else a refusal that says what to change."""
        lobby = await self._host_lobby(game_id, user_id, "error.host-starts")
        refusal = clash(lobby.game.options)
        if refusal is not None:
            raise TableError(refusal)
        table = seating(engine_options(lobby.game.options))
        extra = role_seats(lobby.game.options)  # the Marshal plays no bandit (M-1)
        most = min(table.max_players + extra, MAX_PLAYERS)
        if not table.min_players + extra <= len(lobby.players) <= most:
            raise TableError("error.player-count", min=table.min_players + extra, max=most, n=len(lobby.players))
        if lobby.game.options.get("chosen_events"):
            try:  # both parts chosen, and of the game's cards (M-40)
                round_card_pools(engine_options(lobby.game.options), table.min_players)
            except SetupError:
                rounds, stations = events_to_choose(lobby.game.options)
                raise TableError("error.chosen-events", rounds=rounds, stations=stations) from None
        return lobby, self._deal(lobby)

    def _deal(self, lobby: Lobby) -> Dealt:
        """The game as the lobby deals it: each seat's character, the seats in playing order (the
        Marshal player first, M-1), and the dealt game; a refusal if the seats cannot be dealt."""
        row, seats = lobby.game, [(p.seat, p.character) for p in lobby.players]
        for player in lobby.players:  # a choice the options do not allow (made before they changed)
            if player.character and not fits(row.options, row.seed, player.character):
                raise TableError("error.choice-unfit", seat=player.seat + 1)
            if player.character and chosen_by_others(player.character, seats, player.seat):
                raise TableError("error.bandit-taken")
        try:
            characters = deal_characters(row.options, row.seed, seats)
            order = playing_order(characters, [p.seat for p in lobby.players])  # the Marshal is player 1 (M-1)
            state = new_game(cast([characters[seat] for seat in order]), seed=row.seed,
                             options=engine_options(row.options))
        except (SetupError, IndexError) as error:
            log.warning("game %s cannot be dealt as its lobby stands: %s", row.id, error, extra={"game": row.id})
            raise TableError("error.cannot-deal") from error
        by_seat = {p.seat: p for p in lobby.players}
        players = [replace(by_seat[old], seat=new, character=characters[old]) for new, old in enumerate(order)]
        return Dealt(order, players, state)

    @metered("start")
    async def claim_start(self, game_id: int, user_id: int) -> Lobby:
        """The host's Start: the lobby is claimed (in the database) while its table is made, so a
        second click, here or in another process, is refused instead of making a second table."""
        async with self.lock(game_id):
            lobby = await self.check_start(game_id, user_id)
            if not await self.storage.claim_start(game_id, time.time()):
                raise TableError("error.starting")
            return lobby

    async def release_start(self, game_id: int) -> None:
        """No table could be made, or the game could not start in it: the lobby is open again."""
        async with self.lock(game_id):
            row = await self.storage.game(game_id)
            if row is not None and row.status == LOBBY:
                await self.storage.update_game(game_id, starting_at=None)

    async def start(self, game_id: int, user_id: int, channel_id: int) -> Outcome:
        """Deal the game; characters not chosen are drawn from those left."""
        async with self.lock(game_id):
            lobby, dealt = await self._startable(game_id, user_id)
            state, players = dealt.state, dealt.players
            row = lobby.game
            row.status, row.channel_id, row.step = RUNNING, channel_id, state.step
            deadline = self._deadline(row, players, state)
            _time(row, deadline)
            row.waiting_since = self.clock()
            outcome = Outcome(game_id, row, players, state, 0)
            deliveries = await self.show.game(outcome)
            async with self.storage.transaction() as tx:
                if dealt.order != sorted(dealt.order):
                    tx.reseat(game_id, dealt.order)
                tx.start_game(game_id, channel_id=channel_id, snapshot=dumps(state), step=state.step,
                              waiting_seat=_waiting_seat(state), characters={p.seat: str(p.character) for p in players},
                              deadline=deadline, since=row.waiting_since)
                tx.enqueue(deliveries)
            self._cache(game_id, state)
            log.info("game %s started: %s seats in channel %s", game_id, len(players), channel_id,
                     extra={"game": game_id})
            outcome.row = await self.row(game_id)
            return outcome

    # --- playing -------------------------------------------------------------------------------

    @metered("answer")
    async def answer(self, game_id: int, user_id: int, step: int, answer: str, *,
                     clicked_at: float | None = None) -> Outcome:
        """Apply one person's answer; stale, foreign and illegal answers change nothing.
        ``clicked_at``: when they clicked it (Discord's stamp: what it shows is timed from then).

        An absent person who answers is back: the AI stops playing for them."""
        async with self.lock(game_id):
            row, players, player = await self._playing(game_id, user_id)
            if row.paused:
                raise TableError("error.paused", game=game_id)
            presence = (0, False) if player.missed or player.absent else None
            return await self._apply(row, players, player.seat, step, answer, "player", presence,
                                     clicked_at=clicked_at)

    async def autoplay(self, game_id: int, step: int, *, budget_ms: float | None = None) -> Outcome | None:
        """The AI answers decision ``step`` for an AI seat, an absent person, or a person whose time
        is up; None when that decision is no longer waiting for it (answered, or the game moved on);
        ``TurnTaken`` when another process sharing the database has claimed it.

        The AI thinks in a worker process (table.workers) on a copy of the game, outside the lock, so
        people's clicks are never held up; its answer is then applied like any other, if still wanted."""
        async with self.lock(game_id):
            row = await self._running(game_id)
            state = await self.state(game_id, row)
            pending = state.pending
            if pending is None or state.step != step or row.paused:
                return None
            players = await self.storage.players(game_id)
            player = next(p for p in players if p.seat == pending.seat)
            if player.ai is not None:
                source = "ai"
            elif player.absent:
                source = "absent"
            elif row.deadline_step == step and row.deadline_at is not None and row.deadline_at <= self.clock():
                source = "timeout"
            else:
                return None  # a person, still in time
            snapshot = dumps(state)
            # Of several processes watching this decision, the one that claims it answers it.
            now = self.clock()
            if not await self.storage.claim_turn(game_id, step, self.holder, now, now + self.turn_lease):
                raise TurnTaken(f"game {game_id}: step {step} is another process's to answer")
        log.debug("game %s: the %s AI answers step %s (%s)", game_id, player.ai or STAND_IN, step, source,
                  extra={"game": game_id})
        level = player.ai or STAND_IN
        seed = f"{row.seed}:{step}"  # reproducible when the AI plays by iterations
        try:
            answer = await self.workers.ai_answer(snapshot, player.seat, level, seed, budget_ms=budget_ms)
        except TimeoutError:
            log.warning("game %s: the %s AI overran its time; the normal AI answers instead", game_id, level,
                        extra={"game": game_id})
            answer = _choose_safely(loads(snapshot), player.seat, STAND_IN, random.Random(seed), None)
        async with self.lock(game_id):
            row = await self._running(game_id)
            if row.step != step or row.paused:
                return None  # someone answered while the AI was thinking, or the host paused the game
            players = await self.storage.players(game_id)
            player = next(p for p in players if p.seat == player.seat)
            presence = None
            if source == "timeout":
                missed = player.missed + 1
                presence = (missed, missed >= MISSES_BEFORE_ABSENT)
            return await self._apply(row, players, player.seat, step, answer, source, presence,
                                     went_absent=presence is not None and presence[1])

    @metered("presence")
    @at_stored_step
    async def back(self, game_id: int, user_id: int) -> tuple[GameRow, PlayerRow]:
        """An absent person takes their seat back; their decision, if one waits, is timed anew."""
        row, players, player = await self._playing(game_id, user_id)
        if not player.absent:
            raise TableError("error.not-away")
        player.absent, player.missed = False, 0
        state = await self.state(game_id, row)
        await self._change_presence(row, player, state, back=True, timing=self._timing(row, players, state))
        return await self.row(game_id), player

    @metered("presence")
    @at_stored_step
    async def step_away(self, game_id: int, user_id: int) -> PlayerRow:
        """A person leaves a running game: the AI plays their bandit until they come back."""
        row, _, player = await self._playing(game_id, user_id)
        player.absent = True
        state = await self.state(game_id, row)
        waiting_for_them = state.pending is not None and state.pending.seat == player.seat
        timing = {**deadline_columns(None), "paused_left": None} if waiting_for_them else None
        await self._change_presence(row, player, state, back=False, timing=timing)
        return player

    async def _change_presence(self, row: GameRow, player: PlayerRow, state: Game, *, back: bool,
                               timing: dict[str, Any] | None) -> None:
        """Write a person's presence (and their decision's new timing) with what it shows."""
        deliveries = await self.show.presence(row, player, state, back=back)
        async with self.storage.transaction() as tx:
            tx.set_presence(row.id, player.seat, missed=player.missed, absent=player.absent)
            if timing is not None:
                tx.retime(row.id, row.step, **timing)
            tx.enqueue(deliveries)

    def _timing(self, row: GameRow, players: list[PlayerRow], state: Game) -> dict[str, Any]:
        """The columns that time the pending decision anew: a deadline, or, in a paused game, the
        whole time it will have once resumed."""
        deadline = self._deadline(row, players, state)
        if not row.paused:
            return {**deadline_columns(deadline), "paused_left": None}
        return {**deadline_columns(None), "paused_left": deadline.limit if deadline else None}

    # --- pace and pause (the host, or a server manager) -------------------------------------------

    @metered("pace")
    @at_stored_step
    async def pause(self, game_id: int, user_id: int, *, may_manage: bool) -> GameRow:
        """Stop the game's clock: its decision keeps the time it had left; nobody may answer."""
        row = await self._hosted(game_id, user_id, may_manage)
        if row.paused:
            raise TableError("error.already-paused", game=game_id)
        now = self.clock()
        left = max(0.0, row.deadline_at - now) if row.deadline_step == row.step and row.deadline_at else None
        state = await self.state(game_id, row)
        row.paused_at, row.paused_left, row.paused_by, row.deadline_at = now, left, user_id, None
        await self._retime(row, state, {"paused_at": now, "paused_left": left, "paused_by": user_id,
                                        "deadline_at": None}, "paused", user_id)
        return row

    @metered("pace")
    @at_stored_step
    async def resume(self, game_id: int, user_id: int, *, may_manage: bool) -> GameRow:
        """Start the clock again: the decision has the time it had left when paused."""
        row = await self._hosted(game_id, user_id, may_manage)
        if not row.paused:
            raise TableError("error.not-paused", game=game_id)
        state = await self.state(game_id, row)
        at = self.clock() + row.paused_left if row.paused_left is not None else None
        row.paused_at, row.paused_left, row.paused_by, row.deadline_at = None, None, None, at
        if at is not None:
            row.deadline_step = row.step
        await self._retime(row, state, {"paused_at": None, "paused_left": None, "paused_by": None, "deadline_at": at,
                                        "deadline_step": row.deadline_step}, "resumed", user_id)
        return row

    @metered("pace")
    @at_stored_step
    async def set_pace(self, game_id: int, user_id: int, pace: str, *, may_manage: bool) -> GameRow:
        """A new pace from now on: the decision waited for gets the new pace's whole time."""
        if pace not in PACES:
            raise TableError("error.bad-option")
        row = await self._hosted(game_id, user_id, may_manage)
        row.options = {**row.options, "timer": pace}
        state = await self.state(game_id, row)
        players = await self.storage.players(game_id)
        timing = self._timing(row, players, state)
        for name, value in timing.items():
            setattr(row, name, value)
        await self._retime(row, state, {"options": row.options, **timing}, "paced", user_id)
        return row

    async def _hosted(self, game_id: int, user_id: int, may_manage: bool) -> GameRow:
        row = await self._running(game_id)
        if user_id != row.host_id and not may_manage:
            raise TableError("error.host-or-manager")
        return row

    async def _retime(self, row: GameRow, state: Game, columns: dict[str, Any], change: str, user_id: int) -> None:
        deliveries = await self.show.retimed(row, state, change, user_id)
        async with self.storage.transaction() as tx:
            tx.retime(row.id, row.step, **columns)
            tx.enqueue(deliveries)

    async def remind(self, game_id: int, step: int, number: int) -> bool:
        """Send reminder ``number`` of the decision at ``step`` to the person it waits for, once;
        False when it is no longer due (answered, paused, retimed, or sent already)."""
        async with self.lock(game_id):
            row = await self.row(game_id)
            if (row.status != RUNNING or row.paused or row.step != step or row.deadline_step != step
                    or row.reminded >= number or row.waiting_seat is None):
                return False
            players = await self.storage.players(game_id)
            player = next(p for p in players if p.seat == row.waiting_seat)
            state = await self.state(game_id, row)
            deliveries = await self.show.reminder(row, player, state)
            try:
                async with self.storage.transaction() as tx:
                    tx.reminded(game_id, step, number)
                    tx.enqueue(deliveries)
            except StaleStep:
                return False  # another process sent it first
            return True

    async def _running(self, game_id: int) -> GameRow:
        row = await self.row(game_id)
        if row.status != RUNNING:
            raise TableError("error.game-over" if row.status == OVER else "error.game-abandoned")
        return row

    async def _playing(self, game_id: int, user_id: int) -> tuple[GameRow, list[PlayerRow], PlayerRow]:
        """A running game, its seats, and the seat of ``user_id``, who must be playing in it."""
        row = await self._running(game_id)
        players = await self.storage.players(game_id)
        player = next((p for p in players if p.user_id == user_id), None)
        if player is None:
            raise TableError("error.not-playing")
        return row, players, player

    async def _apply(self, row: GameRow, players: list[PlayerRow], seat: int, step: int, answer: str,
                     source: str, presence: tuple[int, bool] | None, *, went_absent: bool = False,
                     clicked_at: float | None = None) -> Outcome:
        """One answer for ``seat``, written with the next deadline and what it shows before anyone is
        told; written only if the stored game is still where the answer was given (compare-and-set).
        ``clicked_at``: when the person clicked it (what it shows is timed from then, table.metrics)."""
        game_id = row.id
        state = await self.state(game_id, row)
        before = len(state.log)
        try:
            apply(state, answer, seat=seat, step=step)
        except engine.StaleAnswer as error:
            raise TableError("error.stale") from error
        except engine.NotYourDecision as error:
            raise TableError("error.not-yours") from error
        except engine.NoDecisionPending as error:
            raise TableError("error.nothing-asked") from error
        except engine.IllegalAnswer as error:
            raise TableError("error.stale") from error  # not among the buttons offered: an old or crafted one
        try:
            if presence is not None:
                player = next(p for p in players if p.seat == seat)
                player.missed, player.absent = presence
            deadline = self._deadline(row, players, state)
            _time(row, deadline)
            row.step, row.waiting_seat, row.waiting_since = state.step, _waiting_seat(state), self.clock()
            if state.phase == "over":
                row.status = OVER
            outcome = Outcome(game_id, row, players, state, before, answered_by=seat, answered=answer,
                              source=source, went_absent=went_absent)
            deliveries = await self.show.game(outcome)
            async with self.storage.transaction() as tx:
                tx.save_answer(
                    game_id, step=step, seat=seat, answer=answer, source=source, snapshot=_snapshot_due(state),
                    new_step=state.step, waiting_seat=row.waiting_seat, results=self._results(row, players, state),
                    deadline=deadline, presence=presence, since=row.waiting_since,
                )
                if state.phase == "over":
                    tx.rate(row.guild_id, _placings(players, state))
                tx.enqueue(deliveries, clicked_at=clicked_at)
        except StaleStep as error:
            self.forget(game_id)  # another writer was first: the cache was behind the database
            raise TableError("error.stale") from error
        except BaseException:
            self.forget(game_id)  # nothing was written: nothing happened
            raise
        if clicked_at is not None:
            self.metrics.answer_stored.observe(max(0.0, self.clock() - clicked_at))
        if state.phase == "over":
            self.forget(game_id)
            log.info("game %s is over after %s answers", game_id, state.step, extra={"game": game_id})
        return outcome

    def _deadline(self, row: GameRow, players: list[PlayerRow], state: Game) -> Deadline | None:
        """When the pending decision's time is up: people only, and not while the AI plays for them."""
        pending = state.pending
        if pending is None:
            return None
        player = next(p for p in players if p.seat == pending.seat)
        if player.autoplayed:
            return None
        limit = time_limit(row.options, pending.kind)
        return Deadline(state.step, self.clock() + limit, limit)

    @staticmethod
    def _results(row: GameRow, players: list[PlayerRow], state: Game) -> list[dict[str, Any]]:
        if state.phase != "over":
            return []
        totals, won, best = scores(state), set(winners(state)), set(gunslingers(state))
        results = []
        for player in players:
            if player.user_id is None:
                continue  # an AI bandit has no place in the server's records
            bandits = state.seats[player.seat].bandits  # two in V-2 and V-3: scored together
            results.append({
                "game_id": row.id, "guild_id": row.guild_id, "user_id": player.user_id,
                "character": TEAM.join(bandits), "score": sum(totals[b] for b in bandits),
                "won": int(any(b in won for b in bandits)), "gunslinger": int(any(b in best for b in bandits)),
            })
        return results

    async def move_table(self, game_id: int, lost: int,
                         open_channel: Callable[[GameRow], Awaitable[int | None]]) -> str:
        """The game's channel ``lost`` is gone: a new one (``open_channel`` makes it) takes its place.

        ``replaced`` (also when another call replaced it first), ``later`` (no channel could be
        made now: try again), or ``gone`` (the game is not running: nothing is replaced)."""
        async with self.lock(game_id):
            row = await self.row(game_id)
            if row.channel_id != lost:
                return "replaced"
            if row.status != RUNNING:
                return "gone"
            # One process makes the new channel: another one noticing the loss too tries later.
            lease, now = f"channel:{game_id}", self.clock()
            if not await self.storage.claim(lease, self.holder, now, now + CHANNEL_LEASE):
                return "later"
            try:
                row = await self.row(game_id)  # as the claim found it: another process may have moved it
                if row.channel_id != lost:
                    return "replaced"
                return await self._move(row, open_channel)
            finally:
                await self.storage.release(lease, self.holder)

    async def _move(self, row: GameRow, open_channel: Callable[[GameRow], Awaitable[int | None]]) -> str:
        """The game's table in a new channel (``open_channel`` makes it), with what that shows."""
        game_id, lost = row.id, row.channel_id
        channel_id = await open_channel(row)
        if channel_id is None:
            return "later"
        players = await self.storage.players(game_id)
        state = await self.state(game_id, row)
        row.channel_id = channel_id
        deliveries = await self.show.channel_moved(row, players, state, Lobby(row, players))
        async with self.storage.transaction() as tx:
            tx.update_game(game_id, channel_id=channel_id)
            tx.forget_messages(game_id, ["pile", "status"])  # they were in the lost channel
            tx.enqueue(deliveries)
        log.info("game %s: its channel %s was gone; it goes on in %s", game_id, lost, channel_id,
                 extra={"game": game_id})
        return "replaced"

    async def may_abandon(self, game_id: int, user_id: int, *, may_manage: bool) -> GameRow:
        """The lobby or running game ``user_id`` may abandon (its host, or a server manager)."""
        row = await self.row(game_id)
        if row.status not in (LOBBY, RUNNING):
            raise TableError("error.already-ended")
        if user_id != row.host_id and not may_manage:
            raise TableError("error.abandon-rights")
        return row

    @metered("abandon")
    async def abandon(self, game_id: int, user_id: int, *, may_manage: bool) -> GameRow:
        """End the game at once, written with what that shows (every player told); refused when it
        ended meanwhile, here or in another process sharing the database."""
        async with self.lock(game_id):
            row = await self.may_abandon(game_id, user_id, may_manage=may_manage)
            players = await self.storage.players(game_id)
            deliveries = await self.show.abandoned(row, players, user_id)
            try:
                async with self.storage.transaction() as tx:
                    tx.abandon(game_id, time.time())
                    tx.enqueue(deliveries)
            except StaleStep as error:
                raise TableError("error.already-ended") from error
            finally:
                self.forget(game_id)
            log.info("game %s was abandoned by %s", game_id, user_id, extra={"game": game_id})
            return await self.row(game_id)


def _placings(players: list[PlayerRow], state: Game) -> list[Placing]:
    """Every bandit's seat of a finished game with its final score, people and AI levels alike
    (ratings); the Marshal player, who has no score (M-9), is not rated."""
    totals = scores(state)
    return [Placing(player_key(p.user_id, p.ai), totals[state.seats[p.seat].bandits[0]]) for p in players
            if state.seats[p.seat].bandits]


def _time(row: GameRow, deadline: Deadline | None) -> None:
    """The row as the new deadline leaves it (what is shown is drawn from it before it is written)."""
    for name, value in deadline_columns(deadline).items():
        setattr(row, name, value)


def _snapshot_due(state: Game) -> str | None:
    """The state to store with the answer that led to it: every ``SNAPSHOT_EVERY`` answers, and at
    the end (its final count and replay are drawn from it); None between."""
    return dumps(state) if state.phase == "over" or state.step % SNAPSHOT_EVERY == 0 else None


def _waiting_seat(state: Game) -> int | None:
    return state.pending.seat if state.pending is not None else None
