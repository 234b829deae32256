"""What Horses & Stagecoach brings to a table before its game (engine.lobby): its toggle (H-1)."""

from __future__ import annotations

from engine.lobby import TOGGLE, Option, Part, declare

HORSES = declare(Part("horses", options=(Option("horses", (False, True), TOGGLE),)))
