"""Ratings (issue 13): OpenSkill's multiplayer model over each server's finished games, people and AI
levels alike, updated in the game's last transaction."""

from __future__ import annotations

import asyncio
import sqlite3
from pathlib import Path

from table.ratings import Placing, ordinal
from table.service import Tables
from table.storage import Storage
from table.store import Tx, migrations


def _db() -> sqlite3.Connection:
    db = sqlite3.connect(":memory:")
    for _, script in migrations():
        db.executescript(script)
    return db


def _rate(db: sqlite3.Connection, guild_id: int, placings: list[Placing]) -> None:
    tx = Tx()
    tx.rate(guild_id, placings)  # as a game's last transaction rates it
    tx.run(db)


def _rated(db: sqlite3.Connection) -> dict[str, tuple[float, int]]:
    return {p: (ordinal(mu, sigma), games) for p, mu, sigma, games in
            db.execute("SELECT player, mu, sigma, games FROM ratings WHERE guild_id = 1")}


def test_the_winner_climbs_above_the_others_and_ties_share_a_place() -> None:
    db = _db()
    _rate(db, 1, [Placing("user:1", 1200), Placing("user:2", 600), Placing("ai:hard", 600)])
    rated = _rated(db)
    assert rated["user:1"][0] > rated["user:2"][0]
    assert abs(rated["user:2"][0] - rated["ai:hard"][0]) < 1e-9  # the same score, the same place
    assert {games for _, games in rated.values()} == {1}


def test_two_ai_seats_of_one_level_are_one_rated_player_at_their_best() -> None:
    db = _db()
    _rate(db, 1, [Placing("user:1", 300), Placing("ai:easy", 900), Placing("ai:easy", 100)])
    rated = _rated(db)
    assert set(rated) == {"user:1", "ai:easy"} and rated["ai:easy"][1] == 1
    assert rated["ai:easy"][0] > rated["user:1"][0]


async def test_a_finished_game_rates_its_people_and_ai_levels(tmp_path: Path) -> None:
    storage = await Storage.open(tmp_path / "ratings.sqlite3")
    try:
        tables = Tables(storage)

        async def play(guild: int, host: int) -> None:
            lobby = await tables.new_lobby(guild_id=guild, channel_id=guild * 10 + host, host_id=host)
            game = lobby.game.id
            await tables.add_ai(game, host, "easy")
            await tables.add_ai(game, host, "normal")
            state = (await tables.start(game, host, channel_id=guild * 100 + host)).state
            while state.pending is not None:
                step, seat = state.step, state.pending.seat
                if seat == 0:
                    outcome = await tables.answer(game, host, step, state.pending.options[0])
                else:
                    outcome = await tables.autoplay(game, step)
                    assert outcome is not None
                state = outcome.state

        # Two games of one server end side by side: neither loses the other's update.
        await asyncio.gather(play(7, 1), play(7, 2))
        rated = {r["player"]: r for r in await storage.ratings(7)}
        assert set(rated) == {"user:1", "user:2", "ai:easy", "ai:normal"}
        assert rated["ai:easy"]["games"] == 2 and rated["ai:normal"]["games"] == 2
        assert rated["user:1"]["games"] == 1
        assert await storage.ratings(8) == []
    finally:
        await storage.close()


async def test_stats_show_the_players_ratings_and_the_ai_levels(simcord_env) -> None:  # type: ignore[no-untyped-def]
    from tests.bot.table import open_and_start, play_to_the_end, setup_table

    table = setup_table(simcord_env, 3)
    game_id = await open_and_start(table)
    await play_to_the_end(table, game_id)
    stats = await table.members[0].slash(table.lobby_channel, "colt stats")
    text = stats.response.embeds[0].description
    lines = text.splitlines()
    assert len(lines) == 3 and all("rating " in line for line in lines)
    rated = await table.bot.tables.storage.ratings(table.guild.id)
    assert sorted(r["player"] for r in rated) == sorted(f"user:{u.id}" for u in table.users)
