"""Tools run beside the bot, not by it: benchmarks, the AI arena, self-play checks (``python -m tools.<name>``)."""
