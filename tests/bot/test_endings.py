"""How a game and a lobby end in the DMs (issue 26, item 2): every person's last DM of a finished
game says the result, their place and score, shows the scoreboard and links the game's channel; a
closed DM loses only its own message; a lobby closed before its start is told to those who joined."""

from __future__ import annotations

import random
from typing import Any

from engine import apply, observe
from engine.prisoners.model import MARSHAL
from engine.prisoners.objectives import marshal_wins
from engine.snapshot import dumps, loads
from lang import language
from render import scoreboard
from tests.bot.table import (
    Table,
    ai_choice,
    component_id,
    dm_history,
    kinds_played_to_the_end,
    live_buttons,
    lobby_now,
    open_lobby,
    pending_user,
    play_to_the_end,
    prompt_message,
    setup_table,
    start_with,
)

EN = language("en")
SLOW = "timer=600/300"  # no timer runs out while a busy machine draws a click's pictures


def _link(table: Table, channel_id: int | None) -> str:
    return f"https://discord.com/channels/{table.guild.id}/{channel_id}"


def _place(public: dict[str, Any], bandit: str) -> str:
    order = scoreboard.ranking(public)
    return EN.text("dm.end.place", place=order.index(bandit) + 1, places=len(order),
                   who=EN.text(f"bandit.{bandit}"), score=EN.money(public["result"]["scores"][bandit]))


async def _assert_last_dm_is_the_end(table: Table, game_id: int, user: Any, place: str) -> None:
    row = await table.bot.tables.row(game_id)
    last = dm_history(user)[-1]
    assert last.content.startswith(EN.text("dm.end.over", game=game_id)), last.content
    assert place in last.content and _link(table, row.channel_id) in last.content
    assert [a.filename for a in last.attachments] == [f"colt{game_id}-scores.png"]
    assert not live_buttons(last)


async def test_each_person_of_a_game_with_an_ai_seat_gets_a_last_dm_with_place_and_score(simcord_env) -> None:  # type: ignore[no-untyped-def]
    """B-8: the final count told to each person (the AI seat has nobody to tell)."""
    simcord_env.settle_timeout = 30.0  # a busy machine; no timer is due meanwhile (SLOW)
    table = setup_table(simcord_env, 2)
    lobby = await open_lobby(table)
    await table.members[1].click(lobby, custom_id=component_id(lobby, ":join"))
    lobby = lobby_now(table, lobby)
    await table.members[0].select(lobby, [SLOW], custom_id=component_id(lobby, ":rules"))
    lobby = lobby_now(table, lobby)
    await table.members[0].select(lobby, [ai_choice(lobby, "add:easy")], custom_id=component_id(lobby, ":ai"))
    for member, bandit in zip(table.members, ("ghost", "doc"), strict=True):
        await member.select(lobby, [bandit], custom_id=component_id(lobby, ":character"))
    await table.members[0].click(lobby, custom_id=component_id(lobby, ":start"))
    game_id = max(row.id for row in await table.bot.tables.storage.games("running"))
    await play_to_the_end(table, game_id, seed=3)
    state = await table.bot.tables.state(game_id)
    public = observe(state, None)
    assert state.phase == "over"
    for user, bandit in zip(table.users, ("ghost", "doc"), strict=True):
        await _assert_last_dm_is_the_end(table, game_id, user, _place(public, bandit))
    winner = EN.text("bandit." + public["result"]["winners"][0])
    assert all(winner in dm_history(u)[-1].content for u in table.users)  # who won


async def test_the_marshal_as_a_person_hears_whether_he_won(simcord_env) -> None:  # type: ignore[no-untyped-def]
    """M-9: the Marshal's last DM says whether his objectives won him the game; the bandits' their place."""
    simcord_env.settle_timeout = 30.0  # a busy machine; no timer is due meanwhile (SLOW)
    table = setup_table(simcord_env, 3)
    game_id = await start_with(table, ["ghost", MARSHAL, "tuco"], toggles=["powers", "events", "prisoners"],
                               rules=[SLOW])
    await kinds_played_to_the_end(table, game_id, seed=5)
    state = await table.bot.tables.state(game_id)
    public = observe(state, None)
    marshal = dm_history(table.users[1])[-1]
    assert marshal.content.startswith(EN.text("dm.end.over", game=game_id))
    won = EN.text("dm.end.marshal-won" if marshal_wins(state) else "dm.end.marshal-lost")
    assert won in marshal.content and "⭐ **Marshal**" in marshal.content
    assert marshal.attachments and EN.text("dm.end.place", place=1, places=2, who="x", score="y")[:10] \
        not in marshal.content  # the Marshal has no score (M-9)
    for user, bandit in ((table.users[0], "ghost"), (table.users[2], "tuco")):
        await _assert_last_dm_is_the_end(table, game_id, user, _place(public, bandit))


async def _click_to_the_last_answer(table: Table, game_id: int, rng: random.Random) -> tuple[Any, Any, str]:
    """Random clicks up to the one answer that ends the game: its clicker, message and button id
    (not clicked yet)."""
    for _ in range(2000):
        state = await table.bot.tables.state(game_id)
        user = await pending_user(table, game_id)
        message = prompt_message(user)
        button = rng.choice(live_buttons(message))
        trial = loads(dumps(state))
        apply(trial, str(button.custom_id).split(":", 4)[4])
        if trial.phase == "over":
            return user, message, str(button.custom_id)
        await user.click(message, custom_id=button.custom_id)
    raise AssertionError("the game did not end")


async def test_a_closed_dm_loses_only_its_own_last_message(simcord_env) -> None:  # type: ignore[no-untyped-def]
    simcord_env.settle_timeout = 30.0  # a busy machine; no timer is due meanwhile (SLOW)
    table = setup_table(simcord_env, 3)
    game_id = await start_with(table, ["ghost", "doc", "tuco"], rules=[SLOW])
    user, message, last = await _click_to_the_last_answer(table, game_id, random.Random(4))
    closed = table.users[2]
    before = len(dm_history(closed))
    simcord_env.inject_error("POST", f"/channels/{closed.dm_channel.id}/messages", status=403, code=50007,
                             times=None)
    await user.click(message, custom_id=last)
    state = await table.bot.tables.state(game_id)
    assert state.phase == "over"
    assert len(dm_history(closed)) == before  # nothing reached the closed DM …
    public = observe(state, None)
    for other, bandit in ((table.users[0], "ghost"), (table.users[1], "doc")):  # … and the others got theirs
        await _assert_last_dm_is_the_end(table, game_id, other, _place(public, bandit))
    row = await table.bot.tables.row(game_id)
    channel = next(c for c in table.guild.channels.values() if c.id == row.channel_id)
    contents = [m.content for m in channel.history()]
    assert any("Final count" in c for c in contents) and any(c.startswith("🎞") for c in contents)
    assert not await table.bot.tables.storage.outbox(f"user:{closed.id}", 10)  # nothing left waiting


async def test_a_cancelled_lobby_tells_each_person_who_joined(simcord_env) -> None:  # type: ignore[no-untyped-def]
    table = setup_table(simcord_env, 3)
    lobby = await open_lobby(table)
    for member in table.members[1:]:
        await member.click(lobby, custom_id=component_id(lobby, ":join"))
    game_id = max(row.id for row in await table.bot.tables.storage.games("lobby"))
    sizes = [len(dm_history(u)) for u in table.users]
    await table.members[0].click(lobby, custom_id=component_id(lobby, ":cancel"))
    assert (await table.bot.tables.row(game_id)).status == "abandoned"
    assert len(dm_history(table.users[0])) == sizes[0]  # the host who cancelled knows
    for user in table.users[1:]:
        told = dm_history(user)[-1].content
        assert told == EN.text("dm.lobby-cancelled", game=game_id, channel=table.lobby_channel.id,
                               link=_link(table, table.lobby_channel.id))
        assert f"<#{table.lobby_channel.id}>" in told


async def test_a_lobby_abandoned_by_a_command_is_told_too(simcord_env) -> None:  # type: ignore[no-untyped-def]
    table = setup_table(simcord_env, 2)
    await open_lobby(table, language="fr")
    lobby = table.lobby_channel.last_message
    await table.members[1].click(lobby, custom_id=component_id(lobby, ":join"))
    game_id = max(row.id for row in await table.bot.tables.storage.games("lobby"))
    asked = await table.members[0].slash(table.lobby_channel, "colt abandon")
    await table.members[0].click(asked.response, custom_id=f"colt:x:{game_id}:{table.users[0].id}:yes")
    assert (await table.bot.tables.row(game_id)).status == "abandoned"
    # In the reader's own language (English here), whatever the game's.
    assert dm_history(table.users[1])[-1].content.startswith("❌ The lobby of Colt Express game")


async def test_a_lobby_left_open_is_closed_and_told_when_the_world_starts_afresh(simcord_env, settings) -> None:  # type: ignore[no-untyped-def]
    """The local table's restart: an open lobby's message is gone, so its lobby is closed, and told."""
    from dataclasses import replace

    from cogs.app import create_bot

    table = setup_table(simcord_env, 2)
    lobby = await open_lobby(table)
    await table.members[1].click(lobby, custom_id=component_id(lobby, ":join"))
    game_id = max(row.id for row in await table.bot.tables.storage.games("lobby"))
    await simcord_env.restart_bot(create_bot(replace(settings, fresh_world=True)))
    assert (await table.bot.tables.row(game_id)).status == "abandoned"
    for user in table.users:
        assert dm_history(user)[-1].content.startswith(EN.text("dm.lobby-closed", game=game_id,
                                                               channel=table.lobby_channel.id, link="")[:40])



def _finished(cast: list[Any], **options: Any) -> dict[str, Any]:
    from engine import Options, new_game

    game = new_game(cast, seed=3, options=Options(**options))
    rng = random.Random(1)
    while game.pending is not None:
        apply(game, rng.choice(game.pending.options))
    return observe(game, None)


def test_a_player_with_two_bandits_and_a_team_are_placed_by_side() -> None:
    """V-3.3 and V-4.5: a side's place and score are its two bandits' together, as the final count's."""
    from cogs.endings import place_line

    two = _finished([["ghost", "tuco"], ["doc", "belle"]], variant="two-player", expert=True)
    sides = sorted(two["result"]["sides"], key=lambda s: -s["score"])
    for seat, bandits in ((0, ["ghost", "tuco"]), (1, ["doc", "belle"])):
        side = next(s for s in sides if s["bandits"] == bandits)
        who = EN.text("bandit." + bandits[0]) + " & " + EN.text("bandit." + bandits[1])
        assert place_line(two, seat, EN) == EN.text("dm.end.place", place=sides.index(side) + 1, places=2,
                                                    who=who, score=EN.money(side["score"]))
    teams = _finished(["ghost", "tuco", "belle", "doc"], variant="teams")
    lines = [place_line(teams, seat, EN) for seat in range(4)]
    assert lines[0] == lines[1] and lines[2] == lines[3] and lines[0] != lines[2]  # partners share (V-4.5)
    assert {line.split(" — ")[0] for line in lines} == {"Your place: 1 of 2", "Your place: 2 of 2"}
