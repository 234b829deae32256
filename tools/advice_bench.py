"""How long a player waits for a hint and for a review (issue 31): from the click to the private
reply, on the real bot against SimCord, with the hard AI's own budget and the review's (the
defaults of table/config.py and engine.ai.advice), the workers in their processes.

    python -m tools.advice_bench                 # 3 people, hints at 30 decisions, one review
    python -m tools.advice_bench --hints 60 --seed 3

A base game of three people with hints on: at each of the first ``--hints`` decisions the person
asked clicks 💡 and waits for its reply (timed), then answers at random; the game is played to its
end and one person clicks **Review my game** on their last DM (timed to its last message). Nothing
else happens meanwhile: each figure is the click's own wait (its worker's job and the bot's work
around it), not a busy table's. Prints the figures, then a hint's and the review's replies as the
player reads them.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import sys
import tempfile
import time
from dataclasses import replace
from pathlib import Path
from typing import Any

import simcord
from simcord import InteractionResult

from cogs.app import create_bot
from table.config import Settings
from tools.loadbench import emit_click, percentile

PEOPLE = ("alice", "bob", "carol")
TOGGLES = ["powers", "events", "hints"]  # the toggles menu as the host sends it: hints on


def ids(message: Any, prefix: str) -> list[str]:
    """The custom ids of a message's components that start with ``prefix``, enabled ones only."""
    return [item.custom_id for row in message.components for item in row.children
            if getattr(item, "custom_id", None) and item.custom_id.startswith(prefix)
            and not getattr(item, "disabled", False)]


async def timed_click(env: simcord.Env, user_id: int, message: Any, custom_id: str) -> tuple[float, list[Any]]:
    """Seconds from a click emitted to the bot done answering it, and what it showed."""
    began = time.perf_counter()
    raw = env.backend.messages[message.channel.id][message.id]  # the form an emitted click carries
    record = emit_click(env, user_id, raw, custom_id)
    await env.settle()
    took = time.perf_counter() - began
    result = InteractionResult(env, record)
    return took, [m for m in (result.response, *result.followups) if m is not None and m.content]


async def bench(hints: int, seed: int) -> list[str]:
    with tempfile.TemporaryDirectory(prefix="colt-advice-bench-") as folder:
        settings = replace(Settings.from_environment(), token="", database=Path(folder) / "colt.sqlite3",
                           sync_commands=True, message_interval=0.0, story_interval=0.0, game_seed=seed,
                           ai_think=0.0)
        bot = create_bot(settings)
        env = simcord.Env(bot, check_errors=False)
        await env.start()
        try:
            return await _play(env, bot, hints, seed)
        finally:
            await env.shutdown()
            await bot.close_table()


async def _play(env: simcord.Env, bot: Any, hints: int, seed: int) -> list[str]:
    guild = env.create_guild()
    saloon = guild.create_text_channel("saloon")
    users = [env.create_user(name) for name in PEOPLE]
    members = [guild.add_member(user) for user in users]
    await members[0].slash(saloon, "colt new")
    lobby = saloon.last_message
    await members[0].select(lobby, TOGGLES, custom_id=ids(lobby, "colt:o:")[0].rpartition(":")[0] + ":toggles")
    for member in members[1:]:
        await member.click(lobby, custom_id=ids(lobby, "colt:l:")[0].rpartition(":")[0] + ":join")
    await members[0].click(lobby, custom_id=ids(lobby, "colt:l:")[0].rpartition(":")[0] + ":start")
    game_id = max(row.id for row in await bot.tables.storage.games("running"))
    by_seat = {p.seat: next(u for u in users if u.id == p.user_id) for p in await bot.tables.storage.players(game_id)}
    rng = random.Random(seed)
    waits: list[float] = []
    example = ""
    while (state := await bot.tables.state(game_id)).pending is not None:
        user = by_seat[state.pending.seat]
        prompt = next(m for m in reversed(list(user.dm_channel.history())) if ids(m, "colt:a:"))
        if len(waits) < hints:
            took, shown = await timed_click(env, user.id, prompt, ids(prompt, "colt:i:")[0])
            waits.append(took)
            example = example or shown[-1].content
        await user.click(prompt, custom_id=rng.choice(ids(prompt, "colt:a:")))
    last = list(users[0].dm_channel.history())[-1]
    review, shown = await timed_click(env, users[0].id, last, ids(last, "colt:r:")[0])
    return [
        f"hints={len(waits)} hint_p50_s={statistics.median(waits):.3f} hint_p95_s={percentile(waits, 0.95):.3f} "
        f"hint_max_s={max(waits):.3f} review_s={review:.2f} review_messages={len(shown)} "
        f"budget_ms={bot.settings.ai_budget_ms:g}",
        "", "A hint:", example, "", "The review:", *(m.content for m in shown),
    ]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hints", type=int, default=30, help="decisions at which 💡 is clicked (default 30)")
    parser.add_argument("--seed", type=int, default=7, help="the games' seeds and the random answers")
    options = parser.parse_args(argv)
    for line in asyncio.run(bench(options.hints, options.seed)):
        print(line, flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
