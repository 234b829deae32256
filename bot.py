"""Start the Colt Express bot: `make bot` (configuration in .env, see .env.example).

The bot itself is ``cogs.app``; this file only starts it. Each worker process runs this file again
as it starts (multiprocessing does that with the main script), so it imports nothing at the top: a
worker holds the engine and the pictures, not discord.py and the cogs (some 30 MB each).
"""

import sys

if __name__ == "__main__":
    from cogs.app import main

    sys.exit(main())
