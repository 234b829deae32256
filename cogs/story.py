"""The game's channel: what the whole table may see, as deliveries for the outbox.

Everything here comes from ``observe(state, None)`` and the public log. The channel shows a picture
with a caption per resolved action, the round's pile (edited as cards are played), a status line
while someone decides during Stealin', the final count and the replay. The channel speaks the
game's language.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Mapping, Sequence
from typing import Any

import discord

from cogs import pictures, texts
from cogs.components import HandButton
from cogs.delivery import view_components
from cogs.hooks import HOOKS, first
from engine import Game, observe
from engine.data import base
from engine.observe import observe_log, round_log
from lang import Language
from render import text
from table.service import Outcome, Tables
from table.store import Delivery, GameRow, PlayerRow

PLANNING_KINDS = ("plan", "discard")  # decisions of Schemin', shown on the pile, not as actions
# Decisions answered out of the channel's pictures: Schemin''s, a card kept (H-21), and an
# expansion's (cogs.hooks ``told_in_words``: a rider's secret choice, H-2; a bandit placed or a card
# taken, V-2.4, V-3.5). The next one is asked with no new picture, so a picture marking who decides
# would soon name the wrong person: the channel's pictures mark nobody for them; the pile and the
# status line name who decides.
TOLD_IN_WORDS = (*PLANNING_KINDS, "keep-card")
# Runs shown in words (the pile, the status line), not as pictures: planning moves, and an
# expansion's (cogs.hooks ``run_heads``: a rider's secret choice, whose reveal is a picture).
RUN_HEADS = ("round", "play", "draw", "pass", "reshuffle", "planning-over", "resolve", "event", "game-over",
             "attack-plan")
MARKS_KEPT = 512  # games whose last public view is remembered (the others replay it when needed)

Observation = dict[str, Any]


def to_game(game_id: int, body: dict[str, Any]) -> Delivery:
    """A message for the game's channel, wherever that channel is when it is delivered."""
    return Delivery(f"game:{game_id}", body, game_id)


def table_view(state: Game, viewer: int | None) -> Observation:
    """``viewer``'s view of the table as it stands (``observe``), without the game's log: no message
    is made from the whole log (a picture's log is its action's events, set where it is drawn), and
    copying a log that grows all game long for every message was a click's cost that grew with the
    game (issue 29)."""
    return observe(state, viewer, log_since=len(state.log))


def told_in_words() -> set[str]:
    """The decisions answered out of the channel's pictures (``TOLD_IN_WORDS``), the expansions' too."""
    return {*TOLD_IN_WORDS, *HOOKS.told_in_words}


def outside_actions() -> set[str]:
    """Decisions no action on the train waits for (no picture is held back for them): those told in
    words, and an expansion's (the wagon a lone rider boards, H-2, whose answer is the next picture)."""
    return told_in_words() | HOOKS.outside_actions


def planning_answers() -> tuple[str, ...]:
    """The beginnings of the answers to those decisions."""
    return tuple(f"{kind} " for kind in outside_actions())


def channel_frame(observation: Observation) -> Observation:
    """A public observation as the channel's picture shows it: who decides is marked only when the
    answer is the next picture (``TOLD_IN_WORDS``)."""
    pending = observation.get("pending")
    if pending is not None and pending["kind"] in told_in_words():
        return {**observation, "pending": None}
    return observation


def as_it_stands(state: Game) -> Observation:
    """The public view for a picture of the train as it stands (/colt status): with the last action
    only as its log (its marks and caption), not the whole game's events, whose arrows would tangle
    and whose first round card would be captioned as the current round's."""
    runs = pictures.split_runs(observe_log(state, None))
    return {**observe(state, None, log_since=len(state.log)), "log": runs[-1] if runs else []}


def this_round(state: Game, kind: str) -> list[dict[str, Any]]:
    """The public events of ``kind`` in this round, oldest first."""
    return [event for event in round_log(state, None) if event["type"] == kind]


def draws_this_round(state: Game) -> dict[int, int]:
    """How many times each seat drew instead of playing in this round's Schemin' (public)."""
    draws: dict[int, int] = {}
    for event in this_round(state, "draw"):
        draws[event["seat"]] = draws.get(event["seat"], 0) + 1
    return draws


def deadline_text(row: GameRow, step: int) -> str:
    """When the pending decision's time is up, as a Discord timestamp that counts down by itself."""
    if row.deadline_step != step or row.deadline_at is None:
        return ""
    return f"<t:{int(row.deadline_at) + 1}:R>"


def waiting_clock(row: GameRow, step: int, lang: Language) -> str:
    """The channel's words on the time of the decision waited for: since when and until when, or
    that the game is paused."""
    if row.paused:
        return lang.text("clock.paused")
    parts = []
    if row.waiting_since is not None and row.step == step:
        parts.append(lang.text("clock.since", since=f"<t:{int(row.waiting_since)}:R>"))
    deadline = deadline_text(row, step)
    if deadline:
        parts.append(lang.text("clock.until", deadline=deadline))
    return f" ({', '.join(parts)})" if parts else ""


def action_start(state: Game, before: int) -> int:
    """Where the action that was waiting for an answer began in the log."""
    for index in range(before - 1, -1, -1):
        # An expansion's too (cogs.hooks ``action_starts``: a flight after the stagecoach, H-10).
        if state.log[index]["type"] in ("resolve", "event") or state.log[index]["type"] in HOOKS.action_starts:
            return index
    return before


People = Mapping[int, str]  # seat → who sits there, as a message names them (player_label)


def player_label(lang: Language, player: PlayerRow) -> str:
    """Who sits at a seat, for messages: a mention, or the AI's level."""
    if player.user_id is None:
        return texts.ai_name(lang, str(player.ai))
    return f"<@{player.user_id}>" + (lang.text("lobby.away") if player.absent else "")


def people_of(players: Sequence[PlayerRow], lang: Language) -> dict[int, str]:
    return {p.seat: player_label(lang, p) for p in players}


def player_name(public: Observation, seat: int, lang: Language, people: People | None = None) -> str:
    """A seat as the channel and the DMs name it: its bandits, or, for a seat with none, as its
    expansion names it (cogs.hooks ``seat_names``: the Marshal player, M-1, by his title and who
    plays him, "the Marshal (@Alice)")."""
    bandits = public["seats"][seat]["bandits"]
    if bandits:
        return ", ".join(text.bandit_name(b, lang) for b in bandits)
    who = (people or {}).get(seat)
    return first(name(public, seat, lang, who) for name in HOOKS.seat_names) or who or ""


class Story:
    """Plans what the game's channel shows after each change."""

    def __init__(self, tables: Tables) -> None:
        self.tables = tables
        # Per game: the public view when the channel was last shown, at a log index, with the event
        # just before that index (the log of that very state: a state reloaded after a failed
        # write has other event objects, so its mark is not trusted).
        self._marks: OrderedDict[int, tuple[int, object, Observation]] = OrderedDict()

    def hand_view(self, row: GameRow, lang: Language) -> discord.ui.View:
        """The channel's "Show my hand" button, in the game's language."""
        view = discord.ui.View(timeout=None)
        view.add_item(HandButton(row.id, lang.text("lobby.show-hand")))
        return view

    def forget(self, game_id: int) -> None:
        self._marks.pop(game_id, None)

    # --- after a change ------------------------------------------------------------------------

    async def changed(self, outcome: Outcome, lang: Language) -> list[Delivery]:
        """The frames, pile, status and final count one change shows in the channel."""
        state, row = outcome.state, outcome.row
        begin = outcome.log_from
        if outcome.answered and not outcome.answered.startswith(planning_answers()):
            begin = action_start(state, begin)  # the action that waited for this answer
        events = observe_log(state, None, begin)
        before = await self._public_at(outcome, begin)
        out = []
        if outcome.log_from == 0 and outcome.answered is None and not any(shows(state) for shows in HOOKS.shows_dealt):
            # The train as dealt, before round 1's planning: nobody plans blind (unless an
            # expansion's first picture shows it: the horse attack's, H-2).
            out.append(to_game(row.id, {"op": "send", "pictures": [
                self.train(row, table_view(state, None), lang, "start")]}))
        out += self._frames(row, state, before, events, lang)
        # A planning answer was asked with no status line in the channel: none to take away.
        showing = outcome.answered is None or outcome.answered.partition(" ")[0] not in PLANNING_KINDS
        out += self._pile_and_status(row, state, events, lang, people_of(outcome.players, lang), showing=showing)
        if state.phase == "over":
            self.forget(outcome.game_id)
        return out

    async def _public_at(self, outcome: Outcome, index: int) -> Observation:
        """The public observation when the log had ``index`` events (remembered, else replayed)."""
        state = outcome.state
        mark = self._marks.get(outcome.game_id)
        if mark is not None and mark[0] == index and (index == 0 or state.log[index - 1] is mark[1]):
            return mark[2]
        past = await self.tables.replay_to(outcome.game_id, index, outcome.players)
        view = table_view(past, None)
        return pictures.advance(view, observe_log(state, None, len(past.log))[: max(0, index - len(past.log))])

    def _mark(self, game_id: int, state: Game, index: int, view: Observation) -> None:
        self._marks[game_id] = (index, state.log[index - 1] if index else None, view)
        self._marks.move_to_end(game_id)
        while len(self._marks) > MARKS_KEPT:
            self._marks.popitem(last=False)

    def _frames(self, row: GameRow, state: Game, before: Observation, events: list[dict[str, Any]],
                lang: Language) -> list[Delivery]:
        """A picture per resolved action; an action still waiting for a choice is shown when complete."""
        public = table_view(state, None)
        waiting = state.pending is not None and state.pending.kind not in outside_actions()
        runs = pictures.split_runs(events)
        view, at = before, len(state.log) - len(events)
        out: list[Delivery] = []
        for index, run in enumerate(runs):
            after = pictures.advance(view, run)
            head = run[0]["type"]
            if head in ("resolve", "event") or (head not in RUN_HEADS and head not in HOOKS.run_heads):
                last = index == len(runs) - 1
                if last and waiting:
                    self._mark(row.id, state, at, view)  # its decision is pending: shown when complete
                    break
                frame = {**(channel_frame(public) if last else after), "log": run}
                number = len(out)
                out.append(to_game(row.id, {
                    "op": "send", "frame": True, "content": pictures.caption(frame, run, lang),
                    "pictures": [{"file": f"colt{row.id}-{state.step}-{number}.png", "draw": "train",
                                  "obs": frame, "lang": lang.code}],
                }))
            view, at = after, at + len(run)
        else:
            self._mark(row.id, state, len(state.log), public)
        for run in runs:
            if run[0]["type"] == "game-over":
                out += self._final_count(row, public, lang)
        return out

    def _final_count(self, row: GameRow, public: Observation, lang: Language) -> list[Delivery]:
        """The scoreboard, then the whole game as one animation (public views only, B-11)."""
        return [
            to_game(row.id, {"op": "send", "content": self.scoreboard_text(public, lang), "pictures": [
                {"file": f"colt{row.id}-scores.png", "draw": "scoreboard", "obs": public,
                 "lang": lang.code}]}),
            to_game(row.id, {"op": "send", "content": lang.text("table.replay"), "pictures": [
                {"file": f"colt{row.id}-replay.gif", "draw": "replay", "game": row.id, "lang": lang.code}],
                "optional": True}),
        ]

    def _pile_and_status(self, row: GameRow, state: Game, events: list[dict[str, Any]],
                         lang: Language, people: People, *, showing: bool = True) -> list[Delivery]:
        public = table_view(state, None)
        deadline = waiting_clock(row, state.step, lang)
        out: list[Delivery] = []
        heads = {run[0]["type"] for run in pictures.split_runs(events)}
        if "round" in heads:
            out.append(self.new_pile(row, public, lang, deadline, people))
        elif heads & {"play", "draw", "pass", "planning-over"} or public["phase"] in ("planning", "keeping"):
            view = view_components(self.hand_view(row, lang)) if public["phase"] == "planning" else []
            out.append(to_game(row.id, {
                "op": "edit", "key": "pile", "missing": "send", "view": view, "mentions": False,
                "content": self.pile_text(public, lang, draws_this_round(state), deadline, people,
                                          [line for more in HOOKS.pile_lines if (line := more(state, lang))])}))
        out += self.status(row, public, lang, deadline, people, showing=showing)
        return out

    def retimed(self, row: GameRow, state: Game, lang: Language, people: People) -> list[Delivery]:
        """The pile (or the status line) with the clock as it now stands."""
        return self._pile_and_status(row, state, [], lang, people)

    def new_pile(self, row: GameRow, public: Observation, lang: Language, deadline: str,
                 people: People) -> Delivery:
        return to_game(row.id, {"op": "send", "key": "pile", "mentions": False,
                                "content": self.pile_text(public, lang, deadline=deadline, people=people),
                                "view": view_components(self.hand_view(row, lang))})

    def status(self, row: GameRow, public: Observation, lang: Language, deadline: str,
               people: People, *, showing: bool = True) -> list[Delivery]:
        """One line at the bottom of the channel while a player decides during Stealin' (the one
        ``showing`` before is taken away, so that the new one comes below what was posted since)."""
        out = [to_game(row.id, {"op": "delete", "key": "status"})] if showing else []
        pending = public["pending"]
        if pending is not None and pending["kind"] not in PLANNING_KINDS:
            out.append(to_game(row.id, {"op": "send", "key": "status", "mentions": False,
                                        "content": self.status_line(public, lang, deadline, people),
                                        "view": view_components(self.hand_view(row, lang))}))
        return out

    def train(self, row: GameRow, public: Observation, lang: Language, name: str) -> dict[str, Any]:
        """The train as it stands, as a picture to attach."""
        return {"file": f"colt{row.id}-{name}.png", "draw": "train", "obs": channel_frame(public),
                "lang": lang.code}

    # --- words ---------------------------------------------------------------------------------

    @staticmethod
    def pile_text(public: Observation, lang: Language, draws: dict[int, int] | None = None,
                  deadline: str = "", people: People | None = None, more: list[str] | None = None) -> str:
        """The round's card and its pile, who drew, an expansion's lines (``more``: cogs.hooks
        ``pile_lines``, the whiskey drunk, H-13) and who is waited for."""
        info = public["round_card"]
        turns = " · ".join(texts.turn_name(lang, t) for t in info["turns"])
        event = lang.text("pile.event", event=text.card_title(info["event"], lang)) if info["event"] else ""
        header = lang.text("pile.header", round=public["round"], rounds=public["rounds"],
                           card=text.card_title(info["name"], lang), turns=turns, event=event)
        cards = []
        names = {b["name"] for b in public["bandits"]}
        for played in public["pile"]:
            # The bandit who will act (a player with two, V-2; a partner's card, V-4), else the player.
            # A card of no bandit (the Marshal player's, M-1) is named by its seat.
            who = text.bandit_name(played["bandit"], lang) if played["bandit"] in names else \
                player_name(public, played["seat"], lang, people)
            what = text.action_name(played["action"], lang) if played["action"] else lang.text("pile.face-down")
            cards.append(lang.text("pile.played", bandit=who, action=what))
        pile = " · ".join(cards) or lang.text("pile.no-card")
        if draws:
            pile += "\n" + lang.text("pile.drew", draws=" · ".join(
                f"{player_name(public, seat, lang, people)} ×{count}" for seat, count in sorted(draws.items())))
        for line in more or ():
            pile += "\n" + line
        pending = public["pending"]
        now = ""
        clock = deadline  # waiting_clock's words
        if public["phase"] == "planning" and pending is not None:
            kinds = info["turns"]
            turn = lang.text("pile.turn", turn=public["turn"] + 1, turns=len(kinds))
            who = player_name(public, pending["seat"], lang, people)
            waiting = texts.waiting(lang, "plan", who)
            now = "\n⏳ " + lang.text("pile.turn-now", turn=turn, waiting=waiting) + clock + "."
        elif public["phase"] == "keeping" and pending is not None:
            who = player_name(public, pending["seat"], lang, people)
            now = "\n⏳ " + texts.waiting(lang, "discard", who) + clock + "."
        elif public["phase"] not in ("planning", "keeping"):
            now = "\n" + lang.text("pile.resolves")
        return f"{header}\n{lang.text('pile.label', pile=pile)}{now}"

    def status_text(self, public: Observation, lang: Language, deadline: str = "", people: People | None = None) -> str:
        """Where the game stands, in words, for /colt status."""
        if public["phase"] == "over":
            return self.scoreboard_text(public, lang)
        if public["phase"] in ("planning", "keeping"):
            return self.pile_text(public, lang, deadline=deadline, people=people)
        pending = public["pending"]
        # Before round 1's card is turned, an expansion says where the game stands (the horse attack, H-2).
        words = first(before(public, lang) for before in HOOKS.before_rounds) if public["round_card"] is None else None
        if words is not None:
            return words + ("\n" + self.status_line(public, lang, deadline, people) if pending else "")
        return self.pile_text(public, lang, people=people) + (
            "\n" + self.status_line(public, lang, deadline, people) if pending else "")

    @staticmethod
    def status_line(public: Observation, lang: Language, deadline: str = "", people: People | None = None) -> str:
        pending = public["pending"]
        who = player_name(public, pending["seat"], lang, people)
        clock = deadline  # waiting_clock's words
        return "⏳ " + texts.waiting(lang, pending["kind"], who) + clock + "."

    @staticmethod
    def scoreboard_text(public: Observation, lang: Language) -> str:
        result = public["result"]
        order = sorted(result["scores"], key=lambda b: -result["scores"][b])
        lines = [f"## {lang.text('score.title')}"]
        for bandit in order:
            mark = " 🏆" if bandit in result["winners"] else ""
            gun = lang.text("scoreline.gunslinger", title=lang.text("score.gunslinger"),
                            value=base().gunslinger_bonus) if bandit in result["gunslingers"] else ""
            lines.append(lang.text("scoreline.bandit", bandit=text.bandit_name(bandit, lang),
                                   score=result["scores"][bandit], gunslinger=gun, mark=mark))
        # An expansion's lines under the bandits' (the Marshal's objectives, M-9).
        lines += [line for more in HOOKS.final_lines if (line := more(public, lang)) is not None]
        if not result["winners"]:  # no bandit won (in Escape, everyone was arrested: H-22)
            lines.append(f"**{lang.text('score.nobody')}**")
            return "\n".join(lines)
        winners = text.names_list([text.bandit_noun(b, lang) for b in result["winners"]], lang)
        key = "score.winner" if len(result["winners"]) == 1 else "score.winners"
        lines.append(f"**{text.capital(lang.text(key, names=winners))}**")
        return "\n".join(lines)
