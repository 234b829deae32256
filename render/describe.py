"""Every picture in words: its alt text (a Discord attachment's description) for a screen reader.

Made from the very observation the picture is drawn from, in the reader's language, like the
picture: what it shows, most important first (the caption, the round, where each bandit stands
with how much loot, the pile, the loot lying in the train), cut to Discord's 1,024 characters by
leaving out the last parts. Pure functions, like the pictures (``describe(kind, obs)``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from render import choice as render_choice
from render import layout, panels, seats
from render import text as txt
from render.caption import caption, split_runs
from render.hand import hand_view, owner_noun, owners, sorted_hand
from render.hooks import HOOKS
from render.layout import MARSHAL
from render.scoreboard import ranking
from render.text import Translate

Observation = dict[str, Any]
LIMIT = 1024  # characters Discord keeps of an attachment's description
SEPARATOR = " · "  # between the items of a line (each item may hold commas); the bot's pile uses it too
CAPTION_ROOM = 400  # characters of a frame's caption at most: the round and the bandits' places come next


def fitted(parts: Sequence[str], limit: int = LIMIT) -> str:
    """The parts, one a line, as many as fit (the first always, cut with "…" if it must be)."""
    out: list[str] = []
    for part in (p for p in parts if p):
        if len("\n".join([*out, part])) > limit:
            break
        out.append(part)
    if not out and parts:
        first = next((p for p in parts if p), "")
        return first[: limit - 1] + "…" if len(first) > limit else first
    return "\n".join(out)


def item(name: object, value: object, translate: Translate | None) -> str:
    """"Name: value", the name beginning a sentence ("The Marshal: car 2")."""
    return txt.t("alt.item", translate, name=txt.capital(str(name)), value=value)


def place(at: str, translate: Translate | None) -> str:
    """A bandit's or the Marshal's place in words (an expansion's place by its own noun)."""
    car = at.partition("/")[0]
    if car.isdigit() or txt.exists("position." + at.replace("/", "-")):
        return txt.position_name(at, translate)
    return at


def round_line(obs: Observation, translate: Translate | None) -> str:
    """The round, its card and event, and the phase, as the picture's header shows them."""
    rnd = obs.get("round") or 0
    words = [txt.t("header.round", translate, n=rnd, total=obs.get("rounds") or 5) if rnd
             else txt.t("header.no-round", translate)]
    card = obs.get("round_card")
    if card:
        words.append(f"{txt.card_title(card['name'], translate)} ({txt.event_line(card, translate)})")
    phase = f"header.phase.{obs.get('phase')}"
    if txt.exists(phase):
        words.append(txt.t(phase, translate))
    if obs.get("phase") == "planning" and card and isinstance(obs.get("turn"), int):
        words.append(txt.t("pile.turn", translate, turn=int(obs["turn"]) + 1, turns=len(str(card["turns"]))))
    return " — ".join(words) + "."


def where_line(obs: Observation, translate: Translate | None) -> str:
    """Where each bandit stands, with how much loot (and the hostage held, H-30); the Marshal; the
    stagecoach and the Shotgun (H-11)."""
    coach = obs.get("stagecoach") or {}
    held: dict[str, str] = coach.get("held") or {}
    places = []
    for bandit in obs["bandits"]:
        what = [place(str(bandit["at"]), translate), txt.t("alt.loot", translate, n=len(bandit.get("loot", ())))]
        if bandit["name"] in held:
            what.append(txt.t(f"hostage-name.{held[bandit['name']]}", translate))
        places.append(item(txt.bandit_name(bandit["name"], translate), ", ".join(what), translate))
    if obs.get("marshal"):
        places.append(item(txt.bandit_name(MARSHAL, translate), place(str(obs["marshal"]), translate),
                           translate))
    if coach:
        places.append(item(txt.t("piece.stagecoach", translate),
                           txt.car_name(int(coach["faces"]), translate), translate))
        shotgun = layout.shotgun_position(obs)
        if shotgun:
            places.append(item(txt.t("piece.shotgun", translate), place(shotgun, translate), translate))
    return txt.t("alt.where", translate, places=SEPARATOR.join(places))


def floor_line(obs: Observation, translate: Translate | None) -> str:
    """The loot lying in the train (and on the stagecoach), place by place."""
    places = []
    for at, tokens in sorted((obs.get("floor_loot") or {}).items()):
        if tokens:
            counts = layout.loot_counts(tokens)
            what = ", ".join(f"{n} × {_loot_name(kind, translate)}" for kind, n in counts.items() if n)
            places.append(item(place(at, translate), what, translate))
    return txt.t("alt.floor", translate, places=SEPARATOR.join(places)) if places else ""


def _loot_name(kind: str, translate: Translate | None) -> str:
    key = f"loot-name.{kind}"
    return txt.t(key, translate) if txt.exists(key) else kind


def pile_line(obs: Observation, translate: Translate | None) -> str:
    """The round's pile as the public (or the reader) may see it."""
    cards = []
    for played in obs.get("pile") or ():
        # The bandit who will act when the public knows it, else the player (a pair: both, V-2).
        who = [str(played["bandit"])] if played.get("bandit") else seats.team(obs, int(played["seat"])) or [MARSHAL]
        what = txt.action_name(played["action"], translate) if played.get("action") else \
            txt.t("pile.face-down", translate)
        cards.append(item(owner_noun(who, translate), what, translate))
    return txt.t("alt.pile", translate, cards=SEPARATOR.join(cards) if cards else txt.t("pile.no-card", translate))


def acting_line(obs: Observation, translate: Translate | None) -> str:
    """Who the picture marks as deciding now, and what they are to do."""
    names = panels.acting_names(obs)
    pending, prison = obs.get("pending") or {}, obs.get("prison") or {}
    if not names and prison and pending.get("seat") == prison.get("seat"):
        names = [MARSHAL]  # the Marshal player decides (M-1)
    if not names:
        return ""
    who = txt.names_list([txt.bandit_noun(n, translate) for n in names], translate)
    return item(who, panels.acting_label(obs, translate), translate)


def hand_line(obs: Observation, translate: Translate | None) -> str:
    """The viewer's hand: whose, and each card (with its bandit, for a player with two)."""
    view = hand_view(obs)
    bandits = owners(obs, view)
    title = txt.capital(txt.t("hand.title", translate, bandit=owner_noun(bandits, translate)))
    cards = []
    for card in sorted_hand(view):
        owner, _, action = card.partition(":")
        name = txt.action_name("bullet" if owner == "bullet" else action, translate)
        cards.append(f"{name} ({txt.bandit_name(owner, translate)})" if len(bandits) > 1 and owner != "bullet"
                     else name)
    return item(title, ", ".join(cards) if cards else txt.t("hand.empty", translate), translate)


def sheet_line(obs: Observation, translate: Translate | None) -> str:
    """A sheet under a hand with no bandit (the Marshal player's, M-6), as its expansion words it."""
    return "".join(line(obs, translate) for line in HOOKS.sheet_lines)


def winners_line(obs: Observation, translate: Translate | None) -> str:
    """Who won, as the final count says it: a bandit, a pair or a team (V-2, V-3, V-4), the Marshal
    (M-9), or nobody (H-22)."""
    winners = [str(w) for w in (obs.get("result") or {}).get("winners", ())]
    if not winners:
        return txt.t("score.nobody", translate)
    if layout.grouped_key(obs):
        sides = [side["bandits"] for side in seats.sides(obs) if set(side["bandits"]) & set(winners)]
        names = txt.names_list([seats.team_noun(side, translate) for side in sides], translate)
        return txt.capital(txt.t("score.side-wins" if len(sides) == 1 else "score.winners", translate, names=names))
    key = "score.winner" if len(winners) == 1 else "score.winners"
    return txt.capital(txt.t(key, translate, names=txt.names_list([txt.bandit_noun(w, translate) for w in winners],
                                                                   translate)))


def scores_line(obs: Observation, translate: Translate | None) -> str:
    """Each bandit's total in the picture's order (each side's with two bandits a player or teams),
    the Gunslinger marked."""
    result = obs.get("result") or {}
    if layout.grouped_key(obs):
        sides = sorted(seats.sides(obs), key=lambda s: -int(s["score"]))
        return SEPARATOR.join(item(seats.team_name(s["bandits"], translate), txt.money(int(s["score"]), translate),
                              translate) for s in sides)
    gunslingers = set(result.get("gunslingers", ()))
    title = txt.t("score.gunslinger", translate)
    scores: dict[str, int] = result.get("scores", {})
    return SEPARATOR.join(item(txt.bandit_name(name, translate), txt.money(int(scores.get(name, 0)), translate)
                               + (f" ({title})" if name in gunslingers else ""), translate)
                          for name in ranking(obs))


def marshal_line(obs: Observation, translate: Translate | None) -> str:
    """What an expansion adds to the final count's words (the Marshal's objectives, M-9)."""
    return "".join(line(obs, translate) for line in HOOKS.final_lines)


# --- each picture ---------------------------------------------------------------------------------


def train(obs: Observation, *, translate: Translate | None = None) -> str:
    """The channel's frame (render.train_image): its caption, the round, the bandits, the pile, the
    loot. Where every bandit stands always fits: a caption too long is cut short for it."""
    head, where = round_line(obs, translate), where_line(obs, translate)
    line = caption(obs, list(obs.get("log") or ()), translate)
    room = min(CAPTION_ROOM, LIMIT - len(head) - len(where) - 2)
    if len(line) > room:
        line = line[: max(0, room - 2)] + "…" if room > 2 else ""
    return fitted([line, head, where, pile_line(obs, translate), floor_line(obs, translate)])


def choice(obs: Observation, *, translate: Translate | None = None) -> str:
    """A choice's picture (render.choice_image): the question, what is ringed, then the train."""
    ringed = render_choice.ringed_names(obs, translate)
    marked = txt.t("alt.ringed", translate, what=SEPARATOR.join(ringed)) if ringed else ""
    return fitted([render_choice.question(obs, translate) or "", marked, round_line(obs, translate),
                   where_line(obs, translate), pile_line(obs, translate), floor_line(obs, translate)])


def planning(obs: Observation, *, translate: Translate | None = None) -> str:
    """A player's planning picture (render.planning_image): who decides, the round, the hand, the
    bandits, the pile."""
    return fitted([round_line(obs, translate), acting_line(obs, translate), hand_line(obs, translate),
                   sheet_line(obs, translate), where_line(obs, translate), pile_line(obs, translate),
                   floor_line(obs, translate)])


def hand(obs: Observation, *, translate: Translate | None = None) -> str:
    """A player's hand (render.hand_image)."""
    return fitted([hand_line(obs, translate), sheet_line(obs, translate), round_line(obs, translate)])


def pile(obs: Observation, *, translate: Translate | None = None) -> str:
    """The round's pile (render.pile_image)."""
    return fitted([round_line(obs, translate), pile_line(obs, translate)])


def scoreboard(obs: Observation, *, translate: Translate | None = None) -> str:
    """The final count (render.scoreboard_image): the winner, each total, the Marshal's objectives."""
    return fitted([txt.t("score.title", translate) + ": " + winners_line(obs, translate),
                   scores_line(obs, translate), marshal_line(obs, translate)])


def replay(final: Observation, events: Sequence[dict[str, Any]], *, translate: Translate | None = None) -> str:
    """The whole game as one animation (render.replay): how many actions, and how it ended."""
    actions = sum(1 for run in split_runs(events) if run[0]["type"] in ("resolve", "event"))
    return fitted([txt.t("alt.replay", translate, n=actions), winners_line(final, translate),
                   scores_line(final, translate)])


DESCRIBE: dict[str, Callable[..., str]] = {
    "train": train, "planning": planning, "hand": hand, "pile": pile, "scoreboard": scoreboard, "choice": choice,
}


def describe(kind: str, obs: Observation, *, translate: Translate | None = None) -> str:
    """The alt text of a ``kind`` picture (table.workers' kinds) of ``obs``."""
    return DESCRIBE[kind](obs, translate=translate)


__all__ = ["DESCRIBE", "LIMIT", "describe", "fitted", "replay", "winners_line"]
