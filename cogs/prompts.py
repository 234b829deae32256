"""Each player's DMs: their hand and the decisions asked of them, as deliveries for the outbox.

Everything here comes from ``observe(state, seat)``. A player gets one hand message per round
(its buttons live on their turn) and one message per choice during Stealin' (closed with the answer).
Nobody is prompted while the AI plays their seat. DMs speak the player's own language.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import discord

from cogs import texts
from cogs.components import AnswerButton, BackButton, HelpButton, HintButton
from cogs.delivery import view_components
from cogs.hooks import HOOKS, first
from cogs.readers import Readers
from cogs.story import PLANNING_KINDS, Story, deadline_text, player_name, table_view, to_game
from engine import Game
from engine.observe import observe_log
from lang import Language
from render.caption import caption, split_runs
from render.hand import hand_order
from table.advice import HINTS
from table.pace import pace_of
from table.service import MISSES_BEFORE_ABSENT, Outcome
from table.store import Delivery, GameRow, PlayerRow

BUTTONS_PER_MESSAGE = 25


def to_user(user_id: int, game_id: int, body: dict[str, Any]) -> Delivery:
    return Delivery(f"user:{user_id}", body, game_id)


@dataclass
class Prompt:
    """A player's private message: the words, the buttons and, in Schemin', the hand to draw."""

    content: str
    view: discord.ui.View
    hand: dict[str, Any] | None = None  # the player's observation, when the hand picture is shown
    choice: dict[str, Any] | None = None  # the chooser's observation, when a choice's picture is shown


def back_view(game_id: int, lang: Language) -> discord.ui.View:
    """The "I'm back" button, in its reader's language."""
    view = discord.ui.View(timeout=None)
    view.add_item(BackButton(game_id, lang.text("button.back")))
    return view


class Prompts:
    def __init__(self, readers: Readers, story: Story) -> None:
        self.readers, self.story = readers, story

    def prompt_now(self, row: GameRow, state: Game, seat: int, lang: Language) -> Prompt:
        """A player's prompt as the stored game times it: its deadline, or that it is paused."""
        return self.prompt_for(row.id, state, seat, lang, deadline_text(row, state.step), paused=paused_text(row, lang),
                               hints=bool(row.options.get(HINTS)))

    def prompt_for(self, game_id: int, state: Game, seat: int, lang: Language, deadline: str = "", *,
                   paused: str = "", hints: bool = False) -> Prompt:
        """What a player sees privately now: their hand (planning) or their pending choice; while
        the game is paused (``paused``: the words saying so), the choice with its buttons greyed out;
        ``hints``: the game allows them, and a decision of theirs has its 💡 (issue 31)."""
        mine = table_view(state, seat)
        pending = mine["pending"]
        view = discord.ui.View(timeout=None)
        # An expansion's phase may have a header of its own (the horse attack's, H-2).
        header = HOOKS.dm_headers[mine["phase"]](lang, game_id, mine) if mine["phase"] in HOOKS.dm_headers else \
            lang.text("dm.header", game=game_id, round=mine["round"], rounds=mine["rounds"])
        hand = mine["seats"][seat]["hand"]
        named = texts.cards_named(mine, seat)  # each card says whose (V-2.3, V-4.3)
        if pending is not None and pending["seat"] == seat:
            # A planning turn asked for something else than a card of one's own (a cover card, V-2.6):
            # its question and its "pass" read otherwise.
            asks = first(ask(state, seat) for ask in HOOKS.plan_asks) if pending["kind"] == "plan" else None
            for answer in _in_hand_order(pending["options"])[:BUTTONS_PER_MESSAGE]:
                label = lang.text(asks[1]) if asks is not None and answer == "plan pass" else \
                    texts.answer_label(lang, answer, named, mine)
                view.add_item(AnswerButton(game_id, state.step, answer, label=label, style=_style(answer),
                                           disabled=bool(paused)))
            question = texts.question(lang, pending["kind"], mine)
            if asks is not None:
                question = lang.text(asks[0])
            elif pending["kind"] == "plan":
                kinds = mine["round_card"]["turns"]
                turn = mine["turn"]
                question += " " + lang.text("dm.turn", turn=turn + 1, turns=len(kinds),
                                            kind=texts.turn_name(lang, kinds[turn]))
            clock = "\n" + lang.text("clock.dm", deadline=deadline) if deadline else ""
            asked = f"{paused}\n{question}" if paused else f"🟢 **{question}**{clock}"
            # A choice during Stealin' is about the train (its picture), not the hand, empty by then.
            cards = f"\n{_hand_text(hand, lang, named)}" if pending["kind"] in PLANNING_KINDS else ""
            content = f"{header}\n{asked}{cards}"
        else:
            if mine["phase"] == "planning":
                for card in hand_order({c for c in hand if not c.startswith("bullet:")})[:24]:
                    view.add_item(AnswerButton(game_id, state.step, f"plan play {card}",
                                               label=texts.card_label(lang, card, named), disabled=True))
                view.add_item(AnswerButton(game_id, state.step, "plan draw", label=lang.text("button.draw"),
                                           disabled=True, style=discord.ButtonStyle.secondary))
            now = lang.text("dm.nothing") if pending is None else \
                "⏳ " + texts.waiting(lang, pending["kind"], player_name(mine, pending["seat"], lang)) + "."
            now = f"{paused}\n{now}" if paused else now
            content = f"{header}\n{now}\n{_hand_text(hand, lang, named)}"
        for more in HOOKS.prompt_lines:  # an expansion's lines (the Marshal player's private sheet, M-6)
            line = more(lang, mine, seat)
            if line is not None:
                content += "\n" + line
        deciding = pending is not None and pending["seat"] == seat
        if hints and deciding and len(view.children) < BUTTONS_PER_MESSAGE - 1:  # room for the help too
            view.add_item(HintButton(game_id, state.step, lang.text("button.hint")))
        if 0 < len(view.children) < BUTTONS_PER_MESSAGE:  # a full prompt keeps its answers, not the help
            view.add_item(HelpButton(game_id, state.step, lang.text("button.help")))
        shown = {**mine, "log": []} if mine["phase"] in ("planning", "keeping") else None
        chosen = {**mine, "log": []} if pending is not None and pending["seat"] == seat and shown is None else None
        return Prompt(content, view, shown, chosen)

    # --- after a change ------------------------------------------------------------------------

    async def changed(self, outcome: Outcome, events: list[dict[str, Any]], table: Language) -> list[Delivery]:
        """Each player's private messages: the round's hand message, and one message per choice."""
        state, game_id, row = outcome.state, outcome.game_id, outcome.row
        pending = state.pending
        players = {p.seat: p for p in outcome.players}
        answered = outcome.answered
        out: list[Delivery] = []
        if outcome.source == "timeout":
            out += await self._timed_out(outcome)
        if outcome.answered_by is not None and answered and not answered.startswith("plan "):
            out += await self._close_choice(game_id, players[outcome.answered_by], answered, outcome.source)
        types = {e["type"] for e in events}
        if "planning-over" in types and "round" not in types:
            for player in players.values():
                # The hand as it is now, in words: the last card planned is gone from it (B-5). Its
                # planning picture is taken away (it showed that card still in hand); the train is
                # watched in the channel now.
                view = table_view(state, player.seat)
                mine, named = view["seats"][player.seat], texts.cards_named(view, player.seat)
                out += await self._close(game_id, player, f"hand:{player.seat}", forget=False,
                                         words=lambda lang, hand=mine["hand"], named=named: lang.text(
                                             "dm.planning-over", game=game_id, round=state.round_no)
                                         + "\n" + _hand_text(hand, lang, named), clear_pictures=True)
        if "round" in types:
            for player in players.values():
                out += await self.send(row, state, player, key="hand", fresh=True, table=table)
        elif state.phase == "planning":
            seats = {pending.seat} if pending is not None else set()
            if outcome.answered_by is not None and answered and answered.startswith("plan "):
                seats.add(outcome.answered_by)
            for seat in sorted(seats):
                out += await self.send(row, state, players[seat], key="hand", fresh=False, table=table,
                                       catch_up=seat != outcome.answered_by)
        if pending is not None and pending.kind != "plan":
            out += await self.send(row, state, players[pending.seat], key="choice", fresh=True, table=table,
                                   catch_up=outcome.answered_by != pending.seat)
        return out

    async def send(self, row: GameRow, state: Game, player: PlayerRow, *, key: str, fresh: bool,
                   table: Language, catch_up: bool = False) -> list[Delivery]:
        """One player's prompt: a new message (``fresh``), or the remembered one brought up to date.
        ``catch_up``: the player is asked after others played (see ``_since``).

        The hand's planning picture is drawn only for the player asked now (one planning picture
        per card played): a player waiting for others has their hand in words, and a message
        brought up to date for them loses the picture it had (it would be out of date).

        A closed DM is told in the channel (once), with the "Show my hand" button."""
        if player.user_id is None or player.absent:
            return []
        lang = await self.readers.of_user(player.user_id)
        prompt = self.prompt_now(row, state, player.seat, lang)
        asked = state.pending is not None and state.pending.seat == player.seat
        pictures = [picture_of(row.id, prompt.hand, lang)] if prompt.hand is not None and asked else []
        if prompt.choice is not None:  # the train as the chooser sees it, what each button names ringed
            pictures = [{"file": f"choice{row.id}-{state.step}.png", "draw": "choice", "obs": prompt.choice,
                         "lang": lang.code}]
        since = await self._since(row, state, player.seat, lang) if catch_up else ""
        if since:
            prompt = Prompt(f"{since}\n{prompt.content}", prompt.view, prompt.hand, prompt.choice)
        if since and not pictures:  # how the train stands now, after what happened since
            pictures = [self.story.train(row, table_view(state, None), lang, f"{state.step}-dm")]
        closed = to_game(row.id, {"op": "send", "content": table.text("dm.closed", user=player.user_id),
                                  "view": view_components(self.story.hand_view(row, table))})
        body: dict[str, Any] = {
            "op": "send" if fresh else "edit", "key": f"{key}:{player.seat}", "content": prompt.content,
            "view": view_components(prompt.view), "pictures": pictures, "missing": "send",
            **({} if pictures else {"clear_pictures": True}),
            "dm": {"game": row.id, "user": player.user_id,
                   "if_closed": {"target": closed.target, "body": closed.body}},
        }
        return [to_user(player.user_id, row.id, body)]

    async def _since(self, row: GameRow, state: Game, seat: int, lang: Language) -> str:
        """At a slow pace (a decision of an hour or more), what happened since the player's last
        answer: a line per resolved action or event (the newest ``CATCH_UP_LINES``); "" when nothing
        was resolved or the game is fast (its players watch the channel)."""
        if pace_of(row.options.get("timer")).planning < CATCH_UP_FROM:
            return ""
        last = await self.readers.storage.last_answer_step(row.id, seat)
        # The events an answer causes carry the step after it (engine: the step is counted first).
        after = last + 1 if last is not None else 0
        events = [e for e in observe_log(state, seat) if e.get("step", 0) > after]
        public = table_view(state, None)
        lines = [caption(public, run, lang) for run in split_runs(events) if run[0]["type"] in ("resolve", "event")]
        if not lines:
            return ""
        shown = lines[-CATCH_UP_LINES:]
        more = [lang.text("dm.since-more", n=len(lines) - len(shown))] if len(shown) < len(lines) else []
        return "\n".join([lang.text("dm.since"), *more, *(f"• {line}" for line in shown)])

    async def _close(self, game_id: int, player: PlayerRow, key: str, *, forget: bool,
                     words: Callable[[Language], str], clear_pictures: bool = False) -> list[Delivery]:
        """A remembered DM prompt becomes ``words`` (in its reader's language), without buttons
        (``clear_pictures``: and without the pictures it had)."""
        if player.user_id is None:
            return []
        lang = await self.readers.of_user(player.user_id)
        body: dict[str, Any] = {"op": "edit", "key": key, "content": words(lang), "view": [], "missing": "skip",
                                "forget": forget, **({"clear_pictures": True} if clear_pictures else {})}
        return [to_user(player.user_id, game_id, body)]

    async def _close_choice(self, game_id: int, player: PlayerRow, answer: str, source: str) -> list[Delivery]:
        """A choice answered: its message keeps the question and the answer, without buttons."""
        kind = answer.partition(" ")[0]

        def answered(lang: Language) -> str:
            mark = lang.text("dm.ai-chose") if source != "player" else "✔"
            return f"{mark} {texts.question(lang, kind)} **{texts.answer_label(lang, answer)}**"

        return await self._close(game_id, player, f"choice:{player.seat}", forget=True, words=answered)

    async def handed_over(self, game_id: int, player: PlayerRow) -> list[Delivery]:
        """The AI takes the seat: the person's prompts lose their buttons (they would only be stale)."""
        return await self.close_all(game_id, player, lambda lang: lang.text("dm.handed-over", game=game_id))

    async def close_all(self, game_id: int, player: PlayerRow, words: Callable[[Language], str]) -> list[Delivery]:
        """Every prompt of the player in this game becomes ``words``, without buttons."""
        out: list[Delivery] = []
        for key in (f"hand:{player.seat}", f"choice:{player.seat}"):
            out += await self._close(game_id, player, key, forget=True, words=words)
        return out

    async def _timed_out(self, outcome: Outcome) -> list[Delivery]:
        """The DM of a person whose time was up: what the AI chose for them, and whether it keeps
        their seat (then their prompts lose their buttons)."""
        player = next(p for p in outcome.players if p.seat == outcome.answered_by)
        if player.user_id is None:
            return []
        lang = await self.readers.of_user(player.user_id)
        private = lang.text("timer.dm", game=outcome.game_id, answer=texts.answer_label(lang, str(outcome.answered)))
        body: dict[str, Any] = {"op": "send", "content": private}
        out: list[Delivery] = []
        if outcome.went_absent:
            body["content"] += " " + lang.text("timer.dm.absent")
            body["view"] = view_components(back_view(outcome.game_id, lang))
            out += await self.handed_over(outcome.game_id, player)
        return [*out, to_user(player.user_id, outcome.game_id, body)]

    async def fresh(self, row: GameRow, state: Game, player: PlayerRow, table: Language) -> list[Delivery]:
        """A person's hand and choice, sent anew (back from away, or a table that lost its messages)."""
        out: list[Delivery] = []
        if state.phase in ("planning", "keeping"):
            out += await self.send(row, state, player, key="hand", fresh=True, table=table)
        pending = state.pending
        if pending is not None and pending.seat == player.seat and pending.kind != "plan":
            out += await self.send(row, state, player, key="choice", fresh=True, table=table)
        return out


def paused_text(row: GameRow, lang: Language) -> str:
    """A paused game's words in its players' prompts: by whom, and that nobody plays until it is
    resumed; "" while it runs."""
    if not row.paused:
        return ""
    return lang.text("dm.paused", game=row.id, user=row.paused_by or row.host_id,
                     resume=lang.text("command.resume.name"))


def timed_out_notice(outcome: Outcome, table: Language) -> Delivery:
    """The channel hears that the AI answered for a person whose time was up (a planned card stays
    secret: only that a card was chosen for them), and whether it keeps their seat."""
    player = next(p for p in outcome.players if p.seat == outcome.answered_by)
    bandit = player_name(table_view(outcome.state, None), player.seat, table)
    lines = [table.text("timer.channel", user=player.user_id, bandit=bandit)]
    body: dict[str, Any] = {"op": "send"}
    if outcome.went_absent:
        lines.append(table.text("timer.channel.absent", n=MISSES_BEFORE_ABSENT, bandit=bandit))
        body["view"] = view_components(back_view(outcome.game_id, table))
    body["content"] = "\n".join(lines)
    return to_game(outcome.game_id, body)


def _style(answer: str) -> discord.ButtonStyle:
    if answer in ("plan draw", "discard done") or answer.endswith(" no"):
        return discord.ButtonStyle.secondary
    if answer.startswith("plan hide"):
        return discord.ButtonStyle.success
    return discord.ButtonStyle.primary


CATCH_UP_FROM = 3600.0  # seconds to plan from which a returning player is told what happened
CATCH_UP_LINES = 12  # resolved actions told at most (the newest; the channel keeps them all)


def picture_of(game_id: int, mine: dict[str, Any], lang: Language) -> dict[str, Any]:
    """What a player's hand message shows: while planning, the whole table as they must know it
    to plan (the train, the round card and its turn, the pile, their hand: render.planning_image),
    so the DM is enough; when keeping cards (Expert), the hand alone."""
    kind = "planning" if mine["phase"] == "planning" else "hand"
    return {"file": f"{kind}{game_id}.png", "draw": kind, "obs": mine, "lang": lang.code}


def _in_hand_order(answers: list[str]) -> list[str]:
    """Planning answers with their cards in the hand's order (play, then hide, then draw); other
    decisions' answers as the engine gives them."""
    if not all(a.startswith("plan ") for a in answers):
        return answers
    groups = ("plan play ", "plan hide ")
    rank = {card: i for i, card in enumerate(hand_order({a.split(" ", 2)[2] for a in answers if a.startswith(groups)}))}

    def key(answer: str) -> tuple[int, int]:
        group = next((i for i, g in enumerate(groups) if answer.startswith(g)), len(groups))
        return group, rank.get(answer.split(" ", 2)[-1], 0)

    return sorted(answers, key=key)


def _hand_text(hand: list[str], lang: Language, named: bool = False) -> str:
    actions = [texts.card_label(lang, c, named) for c in hand_order(hand) if not c.startswith("bullet:")]
    bullets = sum(1 for c in hand if c.startswith("bullet:"))
    words = lang.text("dm.hand", cards=", ".join(actions) or lang.text("dm.no-action-card"))
    return words + (" " + lang.text("dm.bullets", n=bullets) if bullets else "")


__all__ = ["PLANNING_KINDS", "Prompt", "Prompts", "back_view", "paused_text", "timed_out_notice", "to_user"]
