"""How one outbox row reaches Discord: send, edit or delete a message, and what each failure means.

A row's ``body`` (plain JSON, written by the presenter) says:

- ``op``: ``send`` a new message, ``edit`` one, or ``delete`` one;
- ``key``: the game's name for the message (``pile``, ``status``, ``hand:<seat>``, ``choice:<seat>``):
  a send remembers the new message under it, an edit or a delete acts on the message remembered;
  ``message``: an explicit message id instead (the lobby's);
- ``content``, ``embeds`` (dicts), ``view`` (component dicts; ``[]`` removes the buttons, absent
  keeps them), ``pictures`` (what to draw, drawn now: ``{"file", "draw", ...}``), ``mentions``
  (``false``: nobody is pinged), ``frame`` (a train picture that may share a message with the next);
- ``missing``: for an edit whose message is not known (or was deleted): ``send`` it anew or ``skip``;
  ``forget``: forget the key after the edit (a closed prompt);
- ``dm``: ``{"game", "user"}`` for a player's DM: a closed DM (50007) marks the player and enqueues
  ``if_closed`` (a delivery telling the table) the first time.

Failures: 429, 5xx, timeouts and dropped connections are passing (``Retry``); Unknown Channel,
Missing Access and Missing Permissions in a game's channel mean the channel is gone (it is replaced);
a closed DM and an unknown message are handled as above; any other refusal is a bug: logged as an
error, the row dropped.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import io
import json
import logging
from collections import OrderedDict
from collections.abc import Awaitable, Callable
from datetime import UTC, datetime
from typing import Any

import aiohttp
import discord

from cogs.outbox import Retry
from table.store import Delivery, OutboxRow, Store

log = logging.getLogger(__name__)

UNKNOWN_CHANNEL, UNKNOWN_MESSAGE, UNKNOWN_USER = 10003, 10008, 10013
MISSING_ACCESS, DM_CLOSED, MISSING_PERMISSIONS = 50001, 50007, 50013
CHANNEL_GONE = frozenset({UNKNOWN_CHANNEL, MISSING_ACCESS, MISSING_PERMISSIONS})
DM_CHANNELS_KEPT = 10_000  # DM channel ids remembered (a bounded cache: one entry per person)
LOOK_BACK = 25  # messages read to find a send that was under way when the process stopped
# Messages whose pictures are being drawn or are drawn, kept until sent: those about to be sent
# (``Courier.prepare``: one per channel waiting for the story's rhythm) and those tried and failed.
DRAWN_KEPT = 1024

# A message's pictures drawn: each one's file name, bytes and alt text (the attachment's description).
Files = list[tuple[str, bytes, str]]  # a message's pictures: (file name, PNG, alt text)
Draw = Callable[[list[dict[str, Any]]], Awaitable[Files]]
DESCRIPTION_LIMIT = 1024  # characters Discord keeps of an attachment's description
ChannelLost = Callable[[int, int], Awaitable[str]]  # (game, lost channel) → replaced | later | gone


class PictureSkipped(Exception):
    """An optional picture that cannot be made (a replay too big to post): its message is skipped."""


class StoredView(discord.ui.View):
    """Buttons and selects as stored in a row (component dicts): sent as they are.

    The clicks are dispatched by the bot's dynamic items (cogs.components), never by this view."""

    def __init__(self, components: list[dict[str, Any]]) -> None:
        super().__init__(timeout=None)
        self._components = components

    def to_components(self) -> list[dict[str, Any]]:
        return self._components

    def is_dispatchable(self) -> bool:
        return False

    def has_components_v2(self) -> bool:
        return False


def view_components(view: discord.ui.View | None) -> list[dict[str, Any]]:
    """A view as plain JSON for a row (``[]``: no buttons)."""
    return [] if view is None else view.to_components()


def digest(pictures: list[dict[str, Any]]) -> str | None:
    """What a message's pictures show, in a few characters: equal digests, equal pictures."""
    if not pictures:
        return None
    spec = [{k: v for k, v in p.items() if k != "file"} for p in pictures]
    return hashlib.sha256(json.dumps(spec, sort_keys=True).encode()).hexdigest()[:24]


def merged(rows: list[OutboxRow]) -> dict[str, Any]:
    """Combined frames: one message with every caption and every picture, the last one's buttons."""
    body = dict(rows[0].body)
    if len(rows) > 1:
        body["content"] = "\n".join(t for t in (r.body.get("content", "") for r in rows) if t)
        body["pictures"] = [p for r in rows for p in r.body.get("pictures", ())]
        for row in rows[1:]:
            if "view" in row.body:
                body["view"] = row.body["view"]
    return body


class Courier:
    """Delivers the outbox's rows (``cogs.outbox.Deliver``)."""

    def __init__(self, bot: discord.Client, storage: Store, draw: Draw, *, channel_lost: ChannelLost) -> None:
        self.bot, self.storage, self.draw = bot, storage, draw
        self.channel_lost = channel_lost
        self._dm_channels: OrderedDict[int, int] = OrderedDict()
        # The pictures of messages not sent yet, by their rows (drawing, or drawn): those prepared while
        # the outbox waits for their turn, and those whose try failed (a retry does not draw them again).
        self._drawn: OrderedDict[tuple[int, ...], asyncio.Task[Files]] = OrderedDict()

    async def __call__(self, rows: list[OutboxRow]) -> bool:
        first, body = rows[0], merged(rows)
        try:
            channel = await self._channel(first)
            if channel is None:
                await self._done(rows)
                return False
            op = body.get("op", "send")
            if op == "delete":
                return await self._delete(rows, channel, body)
            if op == "edit":
                return await self._edit(rows, channel, body)
            await self._send(rows, channel, body)
            return True
        except Retry:
            raise
        except PictureSkipped as skipped:
            log.info("%s: %s; the message is skipped", first.target, skipped, extra={"game": first.game_id})
            await self._done(rows)
            return False
        except (TimeoutError, discord.RateLimited, discord.HTTPException, aiohttp.ClientError, OSError) as error:
            await self._failed(rows, error)
            return True  # Discord answered, with a refusal the row's meaning handled

    def prepare(self, rows: list[OutboxRow]) -> None:
        """Start drawing the pictures of the message ``rows`` will send, while the outbox waits for
        their turn (cogs.outbox ``Prepare``): a story's next picture is ready when its time comes,
        rather than drawn only then, behind the prompts' pictures (issue 29)."""
        body = merged(rows)
        if body.get("op", "send") == "send" and body.get("pictures"):
            self._drawing(rows, body["pictures"])

    def close(self) -> None:
        """Stop drawing what will not be sent by this process (the outbox is closed)."""
        for task in self._drawn.values():
            task.cancel()
        self._drawn.clear()

    # --- where -------------------------------------------------------------------------------

    async def _channel(self, row: OutboxRow) -> discord.abc.Messageable | None:
        """The messageable of a row's target, or None when it no longer exists (nothing to do)."""
        kind, _, raw = row.target.partition(":")
        ident = int(raw)
        if kind == "game":
            found = await self.storage.game_channel(ident)
            if found is None:
                return None
            channel_id, guild_id = found
            if channel_id is None:
                raise Retry(f"game {ident} has no channel yet")
            return self.bot.get_partial_messageable(channel_id, guild_id=guild_id)
        if kind == "user":
            return self.bot.get_partial_messageable(await self._dm_channel(ident))
        return self.bot.get_partial_messageable(ident)

    async def _dm_channel(self, user_id: int) -> int:
        known = self._dm_channels.get(user_id)
        if known is not None:
            self._dm_channels.move_to_end(user_id)
            return known
        user = self.bot.get_user(user_id) or await self.bot.fetch_user(user_id)
        dm = user.dm_channel or await user.create_dm()
        self._dm_channels[user_id] = dm.id
        while len(self._dm_channels) > DM_CHANNELS_KEPT:
            self._dm_channels.popitem(last=False)
        return dm.id

    # --- what --------------------------------------------------------------------------------

    async def _send(self, rows: list[OutboxRow], channel: discord.abc.Messageable, body: dict[str, Any]) -> None:
        files = await self._files(rows, body)
        content = body.get("content") or None
        message = await self._sent_before(rows, channel, content, files) if rows[0].sending_at else None
        if message is None:
            async with self.storage.transaction() as tx:  # so that a crash from here on is looked for
                tx.sending([r.id for r in rows], _now())
            message = await channel.send(content, **self._common(body), files=_discord_files(files),
                                         nonce=f"colt{rows[0].id}")
        await self._done(rows, remember=(message, digest(body.get("pictures", []))))

    async def _edit(self, rows: list[OutboxRow], channel: discord.abc.Messageable, body: dict[str, Any]) -> bool:
        stored = await self._remembered(rows[0], channel, body)
        if stored is None:
            if body.get("missing") == "send":
                await self._send(rows, channel, body)
                return True
            await self._done(rows)
            return False
        message_id, old_digest = stored
        new_digest = digest(body.get("pictures", []))
        kwargs = self._common(body)
        if body.get("pictures") and new_digest != old_digest:
            kwargs["attachments"] = _discord_files(await self._files(rows, body))
        elif body.get("clear_pictures") and old_digest != new_digest:
            kwargs["attachments"] = []  # the pictures it had are out of date: none now
        if "content" in body:
            kwargs["content"] = body["content"]
        try:
            message = await channel.get_partial_message(message_id).edit(**kwargs)  # type: ignore[attr-defined]
        except discord.NotFound as error:
            if error.code != UNKNOWN_MESSAGE:
                raise
            await self._forget(rows[0], body)  # deleted by someone: send it anew, or let it be
            if body.get("missing") == "send":
                await self._send(rows, channel, body)
            else:
                await self._done(rows)
            return True
        kept = body.get("pictures") or body.get("clear_pictures")
        await self._done(rows, remember=None if body.get("forget") else (message, new_digest if kept else old_digest))
        return True

    async def _delete(self, rows: list[OutboxRow], channel: discord.abc.Messageable, body: dict[str, Any]) -> bool:
        stored = await self._remembered(rows[0], channel, body)
        if stored is not None:
            with contextlib.suppress(discord.NotFound):  # gone already
                await channel.get_partial_message(stored[0]).delete()  # type: ignore[attr-defined]
        await self._forget(rows[0], body)
        await self._done(rows)
        return stored is not None

    def _common(self, body: dict[str, Any]) -> dict[str, Any]:
        kwargs: dict[str, Any] = {}
        if "view" in body:
            kwargs["view"] = StoredView(body["view"]) if body["view"] else None
        if "embeds" in body:
            kwargs["embeds"] = [discord.Embed.from_dict(e) for e in body["embeds"]]
        if body.get("mentions") is False:
            kwargs["allowed_mentions"] = discord.AllowedMentions.none()
        return kwargs

    async def _files(self, rows: list[OutboxRow], body: dict[str, Any]) -> Files:
        """The pictures of a message, drawn once for all the tries of its rows."""
        pictures = body.get("pictures") or []
        if not pictures:
            return []
        return await asyncio.shield(self._drawing(rows, pictures))  # a caller that gives up leaves it drawn

    def _drawing(self, rows: list[OutboxRow], pictures: list[dict[str, Any]]) -> asyncio.Task[Files]:
        """The drawing of a message's pictures: under way or done, or started now (again, after a
        failure: the next try draws them anew)."""
        ids = tuple(row.id for row in rows)
        task = self._drawn.get(ids)
        if task is not None and not (task.done() and (task.cancelled() or task.exception() is not None)):
            self._drawn.move_to_end(ids)
            return task
        task = self._drawn[ids] = asyncio.create_task(self.draw(pictures), name=f"colt-draw-{rows[0].target}")
        task.add_done_callback(_retrieved)
        while len(self._drawn) > DRAWN_KEPT:  # forgotten, not cancelled: someone may be waiting for it
            self._drawn.popitem(last=False)
        return task

    async def _remembered(self, row: OutboxRow, channel: discord.abc.Messageable,
                          body: dict[str, Any]) -> tuple[int, str | None] | None:
        """The message an edit or a delete acts on, and the digest of its pictures."""
        if body.get("message") is not None:
            return int(body["message"]), None
        if row.game_id is None or not body.get("key"):
            return None
        stored = await self.storage.message(row.game_id, body["key"])
        if stored is None or stored[0] != getattr(channel, "id", None):
            return None  # never sent, or sent to a channel that is gone
        return stored[1], stored[2]

    async def _sent_before(self, rows: list[OutboxRow], channel: discord.abc.Messageable, content: str | None,
                           files: list[tuple[str, bytes, str]]) -> discord.Message | None:
        """A send under way when the last process stopped: is the message there already?"""
        names = [name for name, *_ in files]
        since = datetime.fromtimestamp(float(rows[0].sending_at or 0) - 5, UTC)
        me = self.bot.user.id if self.bot.user else None
        async for message in channel.history(limit=LOOK_BACK):
            if message.created_at < since:
                break
            if (message.author.id == me and (message.content or None) == content
                    and [a.filename for a in message.attachments] == names):
                return message
        return None

    # --- the outcome ---------------------------------------------------------------------------

    async def _done(self, rows: list[OutboxRow], *,
                    remember: tuple[discord.Message, str | None] | None = None) -> None:
        first, body = rows[0], rows[0].body
        self._drawn.pop(tuple(row.id for row in rows), None)
        for row in rows:  # a row prepared alone, then sent with others (a backlog combined)
            self._drawn.pop((row.id,), None)
        log.debug("row %s for %s done: %s %s (message %s)", first.id, first.target, body.get("op"), body.get("key"),
                  remember[0].id if remember else None, extra={"game": first.game_id})
        async with self.storage.transaction() as tx:
            tx.delivered(r.id for r in rows)
            if first.game_id is not None and body.get("key"):
                if remember is not None:
                    message, pictures = remember
                    tx.set_message(first.game_id, body["key"], message.channel.id, message.id, pictures)
                elif body.get("forget"):
                    tx.forget_message(first.game_id, body["key"])
            dm = body.get("dm")
            if dm and remember is not None:
                tx.set_dm_ok(int(dm["game"]), int(dm["user"]), True)

    async def _forget(self, row: OutboxRow, body: dict[str, Any]) -> None:
        if row.game_id is not None and body.get("key"):
            async with self.storage.transaction() as tx:
                tx.forget_message(row.game_id, body["key"])

    async def _failed(self, rows: list[OutboxRow], error: BaseException) -> None:
        first = rows[0]
        if isinstance(error, discord.RateLimited):
            raise Retry("rate limited", after=error.retry_after, cause="429")
        if not isinstance(error, discord.HTTPException):  # a timeout, a dropped connection
            cause = "timeout" if isinstance(error, TimeoutError) else "other"
            raise Retry(f"{type(error).__name__}: {error}", cause=cause)
        if error.status == 429:
            raise Retry("rate limited", after=_retry_after(error), cause="429")
        if error.status >= 500:
            raise Retry(f"Discord answered {error.status}", cause="5xx")
        kind = first.target.partition(":")[0]
        if error.code == DM_CLOSED and kind == "user":
            await self._dm_closed(rows)
            return
        if error.code in CHANNEL_GONE and kind == "game" and first.game_id is not None:
            lost = await self.storage.game(first.game_id)
            moved = "gone" if lost is None or lost.channel_id is None else \
                await self.channel_lost(lost.id, lost.channel_id)
            if moved == "replaced":
                raise Retry("the game's channel was replaced", after=0.0)
            if moved == "later":
                raise Retry(f"the channel of game {first.game_id} is gone and could not be replaced yet")
        if error.code in (UNKNOWN_CHANNEL, UNKNOWN_USER, MISSING_ACCESS) or (
                error.code == DM_CLOSED and kind != "user"):
            log.info("%s is out of reach (%s); dropped %d message(s)", first.target, error, len(rows),
                     extra={"game": first.game_id})
        else:
            log.error("Discord refused message %s for %s: %s (dropped)", first.id, first.target, error,
                      extra={"game": first.game_id})
        await self._done(rows)

    async def _dm_closed(self, rows: list[OutboxRow]) -> None:
        """The person's DMs are closed: the table hears it once (they can use Show my hand)."""
        dm = rows[0].body.get("dm")
        async with self.storage.transaction() as tx:
            tx.delivered(r.id for r in rows)
            if dm:
                told = dm.get("if_closed")
                tx.set_dm_ok(int(dm["game"]), int(dm["user"]), False,
                             if_changed=Delivery(told["target"], told["body"], int(dm["game"])) if told else None)


def _retry_after(error: discord.HTTPException) -> float | None:
    response = getattr(error, "response", None)
    headers = getattr(response, "headers", None) or {}
    raw = headers.get("Retry-After") if hasattr(headers, "get") else None
    try:
        return float(raw) if raw is not None else None
    except ValueError:
        return None


def _retrieved(task: asyncio.Task[Files]) -> None:
    """A drawing nobody waited for (its message was superseded or combined): its failure is not an
    unretrieved error; whoever waits for it is told."""
    if not task.cancelled():
        task.exception()


def _discord_files(files: Files) -> list[discord.File]:
    """The attachments, each described for a screen reader."""
    return [discord.File(io.BytesIO(data), filename=name, description=description[:DESCRIPTION_LIMIT] or None)
            for name, data, description in files]


def _now() -> float:
    return discord.utils.utcnow().timestamp()
