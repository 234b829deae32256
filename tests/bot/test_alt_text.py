"""Alt text (issue 26, "Pictures people can read"): every picture the bot posts carries an attachment
description in its reader's language, made from the observation it is drawn from."""

from __future__ import annotations

import re
from typing import Any

import pytest

from engine import new_game, observe
from engine.prisoners.model import MARSHAL
from lang import CODES, language
from render import describe, text
from tests.bot.table import Table, dm_history, kinds_played_to_the_end, setup_table, start_with

CHANNEL = "fr"  # the game's language: the channel's pictures
READERS = ("en", "cs", "en")  # each player's Discord client: their DMs' pictures
SLOW = "timer=600/300"  # no timer runs out while a busy machine draws a click's pictures


def _markers(lang: Any) -> dict[str, str]:
    """What a description of each kind of picture says in ``lang`` (a part of its words)."""
    return {"where": lang.text("alt.where", places="").rstrip(" .\u00a0:"), "score": lang.text("score.title"),
            "replay": lang.text("alt.replay", n=1)[:18], "round": lang.text("header.round", n=1, total=5)[:5]}


def _kind(filename: str) -> str:
    if filename.endswith("-scores.png"):
        return "score"
    if filename.endswith("-replay.gif"):
        return "replay"
    if filename.startswith("hand"):
        return "round"
    return "where"  # a train (the channel's frames, a choice's picture) or a planning picture


def _described(messages: list[Any], code: str) -> int:
    """Every attachment of ``messages`` described in ``code``, within Discord's limit; how many."""
    markers, seen = _markers(language(code)), 0
    for message in messages:
        for attachment in message.attachments:
            alt = attachment.description
            assert alt and len(alt) <= describe.LIMIT, (attachment.filename, alt)
            assert markers[_kind(attachment.filename)] in alt, (code, attachment.filename, alt)
            seen += 1
    return seen


async def _play(table: Table, characters: list[str], toggles: list[str], seed: int) -> int:
    game_id = await start_with(table, characters, toggles=toggles, rules=[SLOW], language=CHANNEL)
    await kinds_played_to_the_end(table, game_id, seed=seed)
    assert (await table.bot.tables.row(game_id)).status == "over"
    return game_id


@pytest.mark.parametrize(("characters", "toggles"), [
    (["ghost", "doc", "tuco"], ["powers", "events"]),
    (["ghost", "doc", "belle"], ["powers", "events", "horses"]),
    (["ghost", MARSHAL, "tuco"], ["powers", "events", "prisoners"]),
], ids=["base", "horses", "prisoners"])
async def test_every_picture_of_a_whole_game_is_described_in_its_readers_language(  # type: ignore[no-untyped-def]
        simcord_env, client_locales, characters: list[str], toggles: list[str]) -> None:
    # A busy machine may take long over a click's pictures: SimCord waits longer for the bot to
    # settle, and runs the timers due meanwhile, so the pace leaves none due (SLOW).
    simcord_env.settle_timeout = 30.0
    table = setup_table(simcord_env, 3)
    for user, code in zip(table.users, READERS, strict=True):
        client_locales[user.id] = code
    game_id = await _play(table, characters, toggles, seed=5)
    row = await table.bot.tables.row(game_id)
    channel = next(c for c in table.guild.channels.values() if c.id == row.channel_id)
    frames = [m for m in channel.history() if m.attachments]
    assert _described(frames, CHANNEL) > 20
    assert {_kind(a.filename) for m in frames for a in m.attachments} == {"where", "score", "replay"}
    for user, code in zip(table.users, READERS, strict=True):
        assert _described(dm_history(user), code) >= 2  # a planning picture at least, and the last DM's
    # The last frame shows the train as the game ended: its description names every bandit's place.
    public, fr = observe(await table.bot.tables.state(game_id), None), language(CHANNEL)
    last = next(a.description for m in reversed(frames) for a in m.attachments if _kind(a.filename) == "where")
    for bandit in public["bandits"]:
        place = fr.text("alt.item", name=text.bandit_name(bandit["name"], fr), value=describe.place(bandit["at"], fr))
        assert place in last, (place, last)


@pytest.mark.parametrize("code", CODES)
def test_a_frame_names_every_bandits_place_and_the_marshals_in_every_language(code: str) -> None:
    game = new_game(["ghost", "doc", "tuco", "belle", "cheyenne", "django"], seed=1)
    public = {**observe(game, None), "log": []}
    lang = language(code)
    alt = describe.describe("train", public, translate=lang)
    for bandit in public["bandits"]:
        assert lang.text("alt.item", name=text.bandit_name(bandit["name"], lang),
                         value=describe.place(bandit["at"], lang)) in alt
    assert describe.place(public["marshal"], lang) in alt
    assert "{" not in alt and len(alt) <= describe.LIMIT


def test_a_description_too_long_keeps_its_first_parts_within_the_limit() -> None:
    parts = ["a" * 600, "b" * 300, "c" * 300]
    assert describe.fitted(parts) == "a" * 600 + "\n" + "b" * 300
    assert describe.fitted(["x" * 2000]) == "x" * 1023 + "…"
    assert re.fullmatch(r"y+", describe.fitted(["", "y" * 10]))


async def test_the_pictures_only_one_person_sees_are_described_in_their_language(  # type: ignore[no-untyped-def]
        simcord_env, client_locales) -> None:
    """/colt status and /colt hand (Show my hand) answer with a picture described for the asker."""
    table = setup_table(simcord_env, 3)
    client_locales[table.users[1].id] = "cs"
    game_id = await start_with(table, ["ghost", "doc", "tuco"])
    row = await table.bot.tables.row(game_id)
    channel = next(c for c in table.guild.channels.values() if c.id == row.channel_id)
    for command, kind in (("colt status", "where"), ("colt hand", "round")):
        result = await table.members[1].slash(channel, command)
        shown = result.followups[0] if result.followups else result.response
        assert result.ephemeral and shown.attachments, command
        alt = shown.attachments[0].description
        assert alt and len(alt) <= describe.LIMIT and _markers(language("cs"))[kind] in alt, (command, alt)


def test_every_picture_a_worker_draws_has_its_description() -> None:
    from table.workers import PICTURES

    assert set(PICTURES) == set(describe.DESCRIBE)


def test_the_marshals_planning_picture_is_described_with_his_sheet() -> None:
    """M-6: the Marshal player's own sheet (the objectives he has seen) is read out with his hand."""
    import random

    from engine import Options, apply

    game = new_game(["ghost", "tuco", "belle"], seed=3, options=Options(prisoners=True))
    rng = random.Random(1)
    while not (game.phase == "planning" and game.pending is not None and game.pending.seat == 0 and game.round_no == 2):
        apply(game, rng.choice(game.pending.options))  # type: ignore[union-attr]
    mine, en = {**observe(game, 0), "log": []}, language("en")
    alt = describe.describe("planning", mine, translate=en)
    seen = [o for o in mine["prison"]["objectives"] if o]
    assert en.text("sheet.picture-objectives", n=len(seen), total=5, need=4) in alt
    assert "The Marshal: " + en.text("pending.plan") in alt  # he is the one to play
    assert "{" not in alt and len(alt) <= describe.LIMIT


def test_a_frame_with_a_long_caption_still_names_every_bandits_place() -> None:
    import random

    from engine import apply

    game = new_game(["ghost", "doc", "tuco", "belle", "cheyenne", "django"], seed=1)
    rng = random.Random(2)
    for _ in range(80):
        apply(game, rng.choice(game.pending.options))  # type: ignore[union-attr]
    public = observe(game, None)  # its whole log as one caption: far too long
    en = language("en")
    alt = describe.describe("train", public, translate=en)
    assert len(alt) <= describe.LIMIT and alt.splitlines()[0].endswith("…")
    assert all(describe.place(b["at"], en) in alt for b in public["bandits"])
