"""Start the Colt Express bot: `make bot` (configuration in .env, see .env.example)."""

from __future__ import annotations

import os
import sys

from dotenv import load_dotenv


def main() -> int:
    load_dotenv()
    token = os.environ.get("DISCORD_TOKEN", "").strip()
    if not token:
        print("DISCORD_TOKEN is not set: copy .env.example to .env and put your bot's token in it.")
        return 1
    import discord
    from discord.ext import commands

    bot = commands.Bot(command_prefix=commands.when_mentioned, intents=discord.Intents.default())
    bot.run(token)
    return 0


if __name__ == "__main__":
    sys.exit(main())
