"""Tools around the bot, not part of it: benchmarks, the demo, the gallery builder (python -m tools.…)."""
