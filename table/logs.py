"""How the log lines look (COLT_LOG_FORMAT): plain text for a person at a terminal, or one JSON object a
line for a log collector (journald's, Loki, Elasticsearch …), with the game a line is about.

A line about a game names it in its words ("game 12: …") and carries its id for the collectors:
``log.info("game %s started", game_id, extra={"game": game_id})``.
"""

from __future__ import annotations

import json
import logging
from datetime import UTC, datetime
from typing import Any

PLAIN = "%(asctime)s %(levelname)s %(name)s: %(message)s"


class JsonFormatter(logging.Formatter):
    """A record as one JSON object: its time (UTC, ISO 8601), level, logger, message, the game's id
    when the line is about one, and the exception's traceback when there is one."""

    def format(self, record: logging.LogRecord) -> str:
        line: dict[str, Any] = {
            "time": datetime.fromtimestamp(record.created, UTC).isoformat(timespec="milliseconds"),
            "level": record.levelname,
            "logger": record.name,
            "message": record.getMessage(),
        }
        game_id = getattr(record, "game", None)
        if game_id is not None:
            line["game"] = game_id
        if record.exc_info:
            record.exc_text = record.exc_text or self.formatException(record.exc_info)
        if record.exc_text:
            line["exception"] = record.exc_text
        if record.stack_info:
            line["stack"] = self.formatStack(record.stack_info)
        # A line whatever the message holds: newlines escaped, anything unusual as its text.
        return json.dumps(line, ensure_ascii=False, default=str)


def formatter(form: str) -> logging.Formatter:
    """The formatter of COLT_LOG_FORMAT's ``form``: ``json``, or plain text."""
    return JsonFormatter() if form == "json" else logging.Formatter(PLAIN)


def configure(form: str, level: int) -> None:
    """Every log line of the process (the bot's, discord.py's, aiohttp's) to stderr, in ``form``."""
    handler = logging.StreamHandler()
    handler.setFormatter(formatter(form))
    logging.basicConfig(level=level, handlers=[handler])
