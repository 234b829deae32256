"""The table: the service between the Discord cogs and the engine (one game, one lock), and its storage."""
