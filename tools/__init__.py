"""Tools beside the bot, not installed with it: benchmarks, the arena, self-play checks, the demo,
the gallery builder.

Each runs from the project's folder as ``python -m tools.<name>`` (README, Tools).
"""
