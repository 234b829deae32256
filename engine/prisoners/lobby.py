"""What Marshal & Prisoners brings to a table before its game (engine.lobby): its toggle, Silk's
power, the Marshal player's seat (M-1), the Choosing events variant (M-40), and the words and
numbers the bot's texts need from it."""

from __future__ import annotations

from typing import Any

from engine.lobby import SEAT, TOGGLE, Option, Part, Role, Stored, declare
from engine.prisoners.data import prisoners_data
from engine.prisoners.lawman import HOLD, STAY
from engine.prisoners.model import FALLEN, MARSHAL


def _clash(options: Stored) -> str | None:
    if options.get("variant", "none") != "none":
        return "error.prisoners-variant"  # one bandit per player (M-1)
    if options.get("silk") == "dodge":
        return "error.prisoners-dodge"  # M-31: Dodge only without a Marshal player
    return None


def _chosen_events() -> tuple[int, int]:
    wanted = prisoners_data().choosing_events
    return wanted["round_cards"], wanted["station_cards"]


def _figures() -> dict[str, Any]:
    """The rules summary's amounts (M-1 … M-9) and the Marshal's objectives to win (M-9)."""
    more = prisoners_data()
    aces = sorted(more.fist_fight_aces, reverse=True)
    return {"wanted": more.wanted_value, "prisoner": more.prisoner_value, "ace_gold": aces[0],
            "ace_silver": aces[1], "ace_bronze": aces[2], "mail_low": min(more.mail_bags),
            "mail_high": max(more.mail_bags), "objectives_to_win": more.objectives_to_win}


PRISONERS = declare(Part(
    "prisoners",
    options=(
        Option("prisoners", (False, True), TOGGLE),
        # Silk's one power, chosen by the table wherever she plays (M-31).
        Option("silk", ("movement", "block", "dodge"), SEAT, emoji="🧵"),
    ),
    clash=_clash,
    role=Role(MARSHAL, emoji="⭐", pick_key="lobby.marshal-option", make_key="lobby.make-marshal",
              made_key="reply.marshal", host_key="error.host-marshal", off_key="error.no-marshal"),
    button="events",  # the host's menu of the events to choose (M-40)
    seats_menu="lobby.ai-marshal",
    chosen_events=_chosen_events,
    # Deadly fall's throw off the train (M-40); Angry Marshal's optional move and shot (M-5).
    answers={FALLEN: "button.throw-off", STAY: "button.stay", HOLD: "button.hold"},
    figures=_figures,
))
