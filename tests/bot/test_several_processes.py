"""Three processes of the table service on one PostgreSQL database, one of them killed midway
(issue 17): every game ends, every answer is applied once, no timer fires twice, no message is
lost or sent twice, and each channel's messages arrive in order.

The processes are tests/bot/table_process.py: people's answers come to all three at random and at
once, timers and AI seats are claimed by whichever process gets there first, and the killed
process's claims (turns, outbox targets) are taken over by the others' sweep once they lapse.
"""

from __future__ import annotations

import asyncio
import collections
import json
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import asyncpg

from engine import apply, new_game
from engine.snapshot import dumps
from table.config import ROOT
from table.service import Tables, cast, engine_options
from table.storage_pg import PgStorage
from table.store import OVER
from tests.bot.table_process import Shown, clock

GAMES = 100
PEOPLE = 50  # two of them at each table, each at four tables; the third seat is an easy AI
PROCESSES = 3
KILL_AFTER = 1500  # answers stored before the second process is killed (of some 8,000)
DEADLINE = 420.0  # wall-clock seconds the games may take to end


async def deal(url: str) -> dict[int, int]:
    """The hundred games started (and the simulated Discord's table made); their seeds by id."""
    storage = await PgStorage.open(url)
    tables = Tables(storage, clock=clock, seeds=random.Random(17), show=Shown())
    try:
        await storage.pool.execute(
            "CREATE TABLE discord_messages (id BIGSERIAL PRIMARY KEY, channel TEXT NOT NULL,"
            " nonce BIGINT NOT NULL, content TEXT NOT NULL, process TEXT NOT NULL, sent_at DOUBLE PRECISION NOT NULL)")
        seeds = {}
        for n in range(GAMES):
            host, guest = 1000 + (2 * n) % PEOPLE, 1000 + (2 * n + 1) % PEOPLE
            lobby = await tables.new_lobby(guild_id=1, channel_id=10_000 + n, host_id=host)
            game_id = lobby.game.id
            await tables.join(game_id, guest)
            await tables.add_ai(game_id, host, "easy")
            await tables.set_option(game_id, host, "setup", "first-game")
            await tables.set_option(game_id, host, "timer", "45/20")
            await tables.start(game_id, host, channel_id=20_000 + n)
            seeds[game_id] = lobby.game.seed
        assert len(set(seeds.values())) == GAMES  # each game's AI answers are known by its seed
        return seeds
    finally:
        await storage.close()


async def answers_stored(url: str) -> int:
    db = await asyncpg.connect(url)
    try:
        return int(await db.fetchval("SELECT COUNT(*) FROM answers"))
    finally:
        await db.close()


def start(url: str, name: str, records: Path) -> subprocess.Popen[bytes]:
    log = (records / f"{name}.log").open("wb")
    return subprocess.Popen([sys.executable, "-m", "tests.bot.table_process", url, name, str(records)],
                            cwd=ROOT, stdout=log, stderr=subprocess.STDOUT)


async def test_three_processes_one_killed_every_game_ends_and_nothing_is_lost_or_doubled(
        postgres_url: str, tmp_path: Path) -> None:
    await deal(postgres_url)
    names = [f"process-{n}" for n in range(PROCESSES)]
    processes = [start(postgres_url, name, tmp_path) for name in names]
    killed = names[1]
    try:
        began = time.monotonic()
        while await answers_stored(postgres_url) < KILL_AFTER:
            assert all(p.poll() is None for p in processes), _logs(tmp_path, names)
            assert time.monotonic() - began < DEADLINE, _logs(tmp_path, names)
            await asyncio.sleep(0.1)
        processes[1].send_signal(signal.SIGKILL)
        for process in (processes[0], processes[2]):
            left = max(1.0, DEADLINE - (time.monotonic() - began))
            code = await asyncio.to_thread(process.wait, left)
            assert code == 0, _logs(tmp_path, names)
    finally:
        for process in processes:
            if process.poll() is None:
                process.kill()
                process.wait()

    db = await asyncpg.connect(postgres_url)
    try:
        games = await db.fetch("SELECT * FROM games ORDER BY id")
        assert [g["status"] for g in games] == [OVER] * GAMES  # every game reached its end
        answers = collections.defaultdict(list)
        for a in await db.fetch("SELECT game_id, step, seat, answer, source FROM answers ORDER BY game_id, step"):
            answers[a["game_id"]].append(a)
        seats = collections.defaultdict(dict)
        for p in await db.fetch("SELECT game_id, seat, user_id, character FROM players"):
            seats[p["game_id"]][p["seat"]] = p

        # Every answer applied once: the stored answers, one per step, replay to the stored game.
        for game in games:
            stored = answers[game["id"]]
            assert [a["step"] for a in stored] == list(range(game["step"]))
            characters = [seats[game["id"]][s]["character"] for s in sorted(seats[game["id"]])]
            replayed = new_game(cast(characters), seed=game["seed"],
                                options=engine_options(json.loads(game["options"])))
            for a in stored:
                apply(replayed, a["answer"], seat=a["seat"], step=a["step"])
            assert dumps(replayed) == game["snapshot"], f"game {game['id']} does not replay to its stored state"

        # No timer fired twice, no AI move thought twice: each (game, step) the AI answered was
        # started once, except where the killed process had started it and never finished.
        fired = {name: _fired(tmp_path / f"{name}.fired") for name in names}
        by_turn = collections.Counter(turn for name in names for turn in fired[name])
        twice = {turn for turn, count in by_turn.items() if count > 1}
        assert all(turn in fired[killed] for turn in twice), sorted(twice)
        assert all(by_turn[turn] <= 2 for turn in twice)
        ai_answered = [(game["seed"], a["step"]) for game in games for a in answers[game["id"]]
                       if a["source"] != "player"]
        # People, AI seats and timers all answered a good share (how many people went absent after
        # three timeouts in a row, for the AI to play them, depends on the machine's speed).
        sources = collections.Counter(a["source"] for game in games for a in answers[game["id"]])
        assert min(sources[s] for s in ("player", "ai", "timeout")) > 300, sources
        assert all(f"{seed}:{step}" in by_turn for seed, step in ai_answered)
        assert fired[killed] and all(fired[name] for name in names)

        # No message lost or sent twice, and each channel's in order.
        assert await db.fetchval("SELECT COUNT(*) FROM outbox") == 0
        sent = await db.fetch("SELECT channel, nonce, content, process FROM discord_messages ORDER BY id")
        assert len({m["nonce"] for m in sent}) == len(sent), "a message was sent twice"
        channels = collections.defaultdict(list)
        for m in sent:
            channels[m["channel"]].append(m)
        for game in games:
            shown = [m["content"] for m in channels[f"game:{game['id']}"]]
            assert shown == [f"{game['id']}:{step}" for step in range(game["step"] + 1)], game["id"]
        expected_dms = collections.defaultdict(set)  # the person each decision waited for was told
        for game in games:
            for a in answers[game["id"]]:
                user = seats[game["id"]][a["seat"]]["user_id"]
                if user is not None:
                    expected_dms[user].add(f"{game['id']}:{a['step']}")
        for user, told in expected_dms.items():
            dms = [m["content"] for m in channels[f"user:{user}"]]
            assert len(dms) == len(set(dms)) and set(dms) == told, user
            for game_id in {dm.split(":")[0] for dm in dms}:  # each game's, in its order
                steps = [int(dm.split(":")[1]) for dm in dms if dm.split(":")[0] == game_id]
                assert steps == sorted(steps)
        assert {m["process"] for m in sent} == set(names)  # all three delivered some
    finally:
        await db.close()


def _fired(path: Path) -> list[str]:
    return path.read_text().split() if path.exists() else []


def _logs(folder: Path, names: list[str]) -> str:
    """The processes' logs' ends, for a failure's message."""
    return "\n".join(f"--- {name}\n" + (folder / f"{name}.log").read_text()[-3000:] for name in names
                     if (folder / f"{name}.log").exists())

