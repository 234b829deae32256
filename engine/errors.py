"""The engine's typed errors: every refusal says what was wrong and leaves the game untouched."""

from __future__ import annotations


class EngineError(Exception):
    """Base of every error the engine raises on purpose."""


class IllegalAnswer(EngineError):
    """An answer that is not among the legal answers of the pending decision."""


class NoDecisionPending(IllegalAnswer):
    """An answer given when nobody has to decide anything (the game is over)."""


class SnapshotError(EngineError):
    """A snapshot that cannot be read: unknown version, corrupt or inconsistent data."""


class SetupError(EngineError):
    """Game options or a seating that the rules do not allow."""


class InconsistentView(AssertionError):
    """An AI's world does not add up with the observation it was drawn from (engine.ai.worlds): a
    bug of the AI, never of play; the table answers for that seat at random instead."""
