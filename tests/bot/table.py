"""Helpers for bot tests: a guild with players, and clicking through a game as they would."""

from __future__ import annotations

import copy
import random
from dataclasses import dataclass
from typing import Any

import discord

from cogs.app import ColtBot

NAMES = ("alice", "bob", "carol", "dan", "eve", "fay")


@dataclass
class Table:
    env: Any
    guild: Any
    lobby_channel: Any
    users: list[Any]  # UserHandle of each player (DMs), host first
    members: list[Any]  # MemberActor of each player (the guild), host first

    @property
    def bot(self) -> ColtBot:
        return self.env.bot  # type: ignore[no-any-return]

    def user(self, user_id: int) -> Any:
        return next(u for u in self.users if u.id == user_id)


def setup_table(env: Any, players: int = 3, guild: Any = None) -> Table:
    guild = guild or env.create_guild()
    channel = guild.create_text_channel(f"saloon-{len(guild.member_ids())}")
    users = [env.create_user(f"{name}{len(guild.member_ids())}") for name in NAMES[:players]]
    members = [guild.add_member(user) for user in users]
    return Table(env, guild, channel, users, members)


def component_id(message: discord.Message, suffix: str) -> str:
    for row in message.components:
        for item in row.children:  # type: ignore[attr-defined]
            if item.custom_id and item.custom_id.endswith(suffix):
                return str(item.custom_id)
    raise AssertionError(f"no component ending in {suffix}")


def ai_choice(message: Any, choice: str) -> str:
    """The value of the lobby's AI menu option ``choice`` ("add:normal", "remove:3") in ``message``
    as it stands (each value also carries the number of seats then)."""
    for row in message.components:
        for item in row.children:
            if item.custom_id and item.custom_id.endswith(":ai"):
                return next(str(o.value) for o in item.options if o.value.startswith(choice + ":"))
    raise AssertionError("the lobby has no AI menu")


def lobby_now(table: Table, lobby: discord.Message) -> Any:
    """The lobby's message as it stands now (the bot edits it at every change)."""
    return next(m for m in table.lobby_channel.history() if m.id == lobby.id)


async def open_lobby(table: Table, **options: Any) -> discord.Message:
    result = await table.members[0].slash(table.lobby_channel, "colt new", **options)
    assert not result.ephemeral
    lobby = table.lobby_channel.last_message
    assert lobby is not None
    return lobby  # type: ignore[no-any-return]


async def start_with(table: Table, characters: list[str] | None = None, *, toggles: list[str] | None = None,
                     rules: list[str] | None = None, **options: Any) -> int:
    """Open a lobby (``options``: those of /colt new); the host sets the ``toggles`` (all of them,
    as the menu sends them) and the ``rules`` picks (``variant=teams``); everyone joins and picks
    a character (or a pair), the host starts: clicks by custom id, so that it works in every
    language. The game's id."""
    lobby = await open_lobby(table, **options)
    if toggles is not None:
        await table.members[0].select(lobby, toggles, custom_id=component_id(lobby, ":toggles"))
    if rules is not None:
        await table.members[0].select(lobby, rules, custom_id=component_id(lobby, ":rules"))
    for member in table.members[1:]:
        await member.click(lobby, custom_id=component_id(lobby, ":join"))
    for member, character in zip(table.members, characters or [], strict=False):
        await member.select(lobby, [character], custom_id=component_id(lobby, ":character"))
    await table.members[0].click(lobby, custom_id=component_id(lobby, ":start"))
    rows = await table.bot.tables.storage.games("running")
    assert rows, "the game did not start"
    return max(row.id for row in rows)


async def open_and_start(table: Table, characters: list[str] | None = None, *, timer: str | None = None,
                         **options: Any) -> int:
    """A base game started (``start_with``); ``timer``: the lobby's timer preset (e.g. "600/300")."""
    return await start_with(table, characters, rules=[f"timer={timer}"] if timer is not None else None, **options)


class _Button:
    def __init__(self, raw: dict[str, Any]) -> None:
        self.custom_id, self.label, self.disabled = raw.get("custom_id"), raw.get("label"), raw.get("disabled", False)


def _buttons(message: Any) -> list[Any]:
    found: list[Any] = []
    for row in message.components:
        children = row.get("components", []) if isinstance(row, dict) else row.children
        found += [_Button(c) if isinstance(c, dict) else c for c in children
                  if (c.get("type") == 2 if isinstance(c, dict) else isinstance(c, discord.Button))]
    return found


def all_buttons(message: Any) -> list[Any]:
    """Every button of a message (a channel message, a DM or an ephemeral response), greyed out or not."""
    return _buttons(message) if message is not None else []


def live_buttons(message: Any) -> list[Any]:
    """The answer buttons of a message (a channel message or an ephemeral response) one can click."""
    if message is None:
        return []
    return [b for b in _buttons(message) if not b.disabled and b.custom_id and b.custom_id.startswith("colt:a:")]


def dm_history(user: Any) -> list[discord.Message]:
    return list(user.dm_channel.history())


def prompt_message(user: Any) -> discord.Message | None:
    """The newest DM of the bot that still has live answer buttons."""
    for message in reversed(dm_history(user)):
        if live_buttons(message):
            return message
    return None


async def pending_user(table: Table, game_id: int) -> Any | None:
    state = await table.bot.tables.state(game_id)
    if state.pending is None:
        return None
    for player in await table.bot.tables.storage.players(game_id):
        if player.seat == state.pending.seat:
            return table.user(player.user_id)
    raise AssertionError("the pending seat has no player")


async def play_turn(table: Table, game_id: int, rng: random.Random) -> bool:
    """The player being asked clicks one of their DM buttons; False once the game is over."""
    user = await pending_user(table, game_id)
    if user is None:
        return False
    message = prompt_message(user)
    buttons = live_buttons(message)
    assert message is not None and buttons, "the player being asked has no live button in their DMs"
    await user.click(message, custom_id=rng.choice(buttons).custom_id)
    return True


async def kinds_played_to_the_end(table: Table, game_id: int, seed: int, limit: int = 3000) -> set[str]:
    """Random clicks until the game is over; the kinds of decision asked on the way."""
    rng = random.Random(seed)
    kinds: set[str] = set()
    for _ in range(limit):
        state = await table.bot.tables.state(game_id)
        if state.pending is None:
            return kinds
        kinds.add(state.pending.kind)
        assert await play_turn(table, game_id, rng)
    raise AssertionError("the game did not end")


async def play_to_the_end(table: Table, game_id: int, seed: int = 1, limit: int = 2000) -> int:
    rng = random.Random(seed)
    for clicks in range(limit):
        if not await play_turn(table, game_id, rng):
            return clicks
    raise AssertionError("the game did not end")


GAME_TABLES = {"games": "id", "players": "game_id", "answers": "game_id", "messages": "game_id",
               "outbox": "game_id", "results": "game_id"}


async def stored_bytes(storage: Any, game_id: int) -> dict[str, int]:
    """The bytes of a game's rows in the database, by table: its texts as UTF-8, 8 per number."""
    def size(value: Any) -> int:
        return len(value.encode()) if isinstance(value, str) else len(value) if isinstance(value, bytes) else 8

    return {name: sum(size(v) for row in await storage._rows(f"SELECT * FROM {name} WHERE {key} = ?", (game_id,))
                      for v in tuple(row))
            for name, key in GAME_TABLES.items()}


def stored(env: Any, message: Any) -> Any:
    """SimCord's stored form of a message seen through discord.py (what the emitted click carries)."""
    return env.backend.messages[message.channel.id][message.id]


def crafted(env: Any, message: Any, custom_id: str) -> Any:
    """The message as a crafted client shows it: its first button's id replaced (discord.py, like
    Discord, only dispatches a click on a component the message has)."""
    raw = copy.deepcopy(stored(env, message))
    raw.components[0]["components"][0]["custom_id"] = custom_id
    return raw


def labelled_and_explained(lang: Any, answers: list[str], kinds: tuple[str, ...]) -> None:
    """Every answer has its own readable button label, and every decision kind a question, a line
    for those waiting and a help line, in ``lang``."""
    from cogs import texts

    labels = {answer: texts.answer_label(lang, answer) for answer in answers}
    assert all(label and label != answer and "{" not in label for answer, label in labels.items()), labels
    assert len(set(labels.values())) == len(labels)  # no two answers look alike
    for kind in kinds:
        assert texts.question(lang, kind) != lang.text("question.other")
        assert lang.has(f"waiting.{kind}") and lang.has(f"help.choice.{kind}")
