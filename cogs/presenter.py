"""How a game looks on Discord: the lobby, the game channel (public only) and each player's DMs.

Everything shown in a game channel comes from ``observe(state, None)``; a player's DM from
``observe(state, seat)``. The state is always saved before the presenter is called. The channel and
the lobby speak the game's language, a player's DMs the player's own (cogs.readers).
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import discord

from cogs import pictures, texts
from cogs.components import AnswerButton, BackButton, HandButton, LobbyButton, LobbySelect
from cogs.outbox import Outbox, Post
from cogs.readers import Readers
from engine import Game, observe
from engine.ai import LEVELS
from engine.data import base
from engine.observe import observe_log
from lang import CODES, Language, language
from render import text
from table.service import LOBBY_OPTIONS, MAX_PLAYERS, MISSES_BEFORE_ABSENT, Lobby, Outcome, Tables
from table.storage import LOBBY, GameRow, PlayerRow

if TYPE_CHECKING:
    from bot import ColtBot

log = logging.getLogger(__name__)
DM_CLOSED = 50007
BUTTONS_PER_MESSAGE = 25
UPLOAD_LIMIT = 8 * 1024 * 1024  # bytes a bot may attach in any server
PLANNING_KINDS = ("plan", "discard")  # decisions of Schemin', shown on the pile, not as actions
PLANNING_ANSWERS = ("plan ", "discard ")
RUN_HEADS = ("round", "play", "draw", "pass", "reshuffle", "planning-over", "resolve", "event", "game-over")


def _draws_this_round(state: Game) -> dict[int, int]:
    """How many times each seat drew instead of playing in this round's Schemin' (public)."""
    draws: dict[int, int] = {}
    for event in reversed(observe_log(state, None)):
        if event["type"] == "round":
            break
        if event["type"] == "draw":
            draws[event["seat"]] = draws.get(event["seat"], 0) + 1
    return draws


def player_label(lang: Language, player: PlayerRow) -> str:
    """Who sits at a seat, for messages: a mention, or the AI's level."""
    if player.user_id is None:
        return texts.ai_name(lang, str(player.ai))
    return f"<@{player.user_id}>" + (lang.text("lobby.away") if player.absent else "")


def deadline_text(row: GameRow, step: int) -> str:
    """When the pending decision's time is up, as a Discord timestamp that counts down by itself."""
    if row.deadline_step != step or row.deadline_at is None:
        return ""
    return f"<t:{int(row.deadline_at) + 1}:R>"


def _action_start(state: Game, before: int) -> int:
    """Where the action that was waiting for an answer began in the log."""
    for index in range(before - 1, -1, -1):
        if state.log[index]["type"] in ("resolve", "event"):
            return index
    return before


@dataclass
class Prompt:
    """A player's private message: what to show and the buttons."""

    content: str
    view: discord.ui.View
    picture: bytes | None = None


class Presenter:
    def __init__(self, bot: ColtBot, tables: Tables, outbox: Outbox) -> None:
        self.bot, self.tables, self.outbox = bot, tables, outbox
        self.readers = Readers(tables.storage)
        # Per game: the log index up to which the channel was shown, and the public view there.
        self._marks: dict[int, tuple[int, dict[str, Any]]] = {}

    # --- lobby ---------------------------------------------------------------------------------

    def lobby_embed(self, lobby: Lobby) -> discord.Embed:
        row = lobby.game
        lang = self.readers.of_game(row)
        status = lang.text(f"lobby.status.{row.status}")
        embed = discord.Embed(title=lang.text("lobby.title", game=row.id), colour=discord.Colour(0xB5651D),
                              description=lang.text("lobby.description", status=status))
        seats = "\n".join(
            f"{p.seat + 1}. {player_label(lang, p)} — "
            + (text.bandit_name(p.character, lang) if p.character else lang.text("lobby.random-bandit"))
            + (lang.text("lobby.host") if p.user_id == row.host_id else "")
            for p in lobby.players
        )
        embed.add_field(name=lang.text("lobby.players", n=len(lobby.players), max=MAX_PLAYERS),
                        value=seats or lang.text("lobby.nobody"), inline=False)
        o = row.options
        lines = [texts.option_label(lang, "setup", o["setup"])]
        lines += [f"{'✅' if o[name] else '❌'} {texts.toggle_label(lang, name)}" for name in texts.TOGGLES]
        lines += [texts.option_label(lang, name, o.get(name, LOBBY_OPTIONS[name][0]))
                  for name in ("django", "belle", "timer")]
        lines.append(lang.text("lobby.language", language=lang.text("language.name")))
        embed.add_field(name=lang.text("lobby.options"), value="\n".join(lines), inline=False)
        if row.status != LOBBY and row.channel_id:
            embed.add_field(name=lang.text("lobby.table"), value=f"<#{row.channel_id}>", inline=False)
        return embed

    def lobby_view(self, lobby: Lobby) -> discord.ui.View | None:
        row = lobby.game
        if row.status != LOBBY:
            return None
        lang = self.readers.of_game(row)
        view = discord.ui.View(timeout=None)
        for action in ("join", "leave", "start", "cancel"):
            view.add_item(LobbyButton(row.id, action, lang.text(f"lobby.{action}")))
        taken = {p.character for p in lobby.players if p.character}
        characters = [discord.SelectOption(label=lang.text("lobby.random-option"), value="random", emoji="🎲")] + [
            discord.SelectOption(label=text.bandit_name(c, lang), value=c,
                                 description=lang.text("lobby.taken") if c in taken else None)
            for c in base().characters
        ]
        view.add_item(LobbySelect(row.id, "character", characters, placeholder=lang.text("lobby.choose-bandit")))
        o = row.options
        toggles = [discord.SelectOption(label=texts.toggle_label(lang, name), value=name, default=bool(o[name]))
                   for name in texts.TOGGLES]
        view.add_item(LobbySelect(row.id, "toggles", toggles, placeholder=lang.text("lobby.toggles"),
                                  max_values=len(toggles)))
        rules = [discord.SelectOption(label=texts.option_label(lang, name, value), value=f"{name}={value}",
                                      default=o.get(name, LOBBY_OPTIONS[name][0]) == value)
                 for name in texts.RULE_OPTIONS for value in LOBBY_OPTIONS[name]]
        # The game's language shares this select: a message has room for five rows only.
        rules += [discord.SelectOption(label=lang.text("lobby.language", language=language(code).text("language.name")),
                                       value=f"language={code}", default=code == lang.code) for code in CODES]
        view.add_item(LobbySelect(row.id, "rules", rules, placeholder=lang.text("lobby.rules"),
                                  max_values=len(texts.RULE_OPTIONS) + 1))
        seats = self._ai_seat_options(lobby, lang)
        if seats:
            view.add_item(LobbySelect(row.id, "ai", seats, placeholder=lang.text("lobby.ai")))
        return view

    @staticmethod
    def _ai_seat_options(lobby: Lobby, lang: Language) -> list[discord.SelectOption]:
        """Add an AI bandit of each level while there is room; remove each AI seat."""
        options = []
        if len(lobby.players) < MAX_PLAYERS:
            options += [discord.SelectOption(label=lang.text("lobby.ai-add", ai=lang.text(f"ai.{level}")),
                                             value=f"add:{level}", description=texts.ai_description(lang, level),
                                             emoji="🤖") for level in LEVELS]
        options += [discord.SelectOption(label=lang.text("lobby.ai-remove", seat=p.seat + 1,
                                                         ai=lang.text(f"ai.{p.ai}")),
                                         value=f"remove:{p.seat}", emoji="✖️")
                    for p in lobby.players if p.ai is not None]
        return options

    async def show_lobby(self, lobby: Lobby) -> None:
        row = lobby.game
        if row.lobby_message_id is None:
            return
        channel = await self.channel(row.lobby_channel_id)
        if channel is None:
            return
        try:
            await channel.get_partial_message(row.lobby_message_id).edit(  # type: ignore[union-attr]
                embed=self.lobby_embed(lobby), view=self.lobby_view(lobby))
        except discord.HTTPException as error:
            log.warning("lobby message of game %s not updated: %s", row.id, error)

    # --- channels and users --------------------------------------------------------------------

    async def channel(self, channel_id: int | None) -> Any:
        if channel_id is None:
            return None
        channel = self.bot.get_channel(channel_id)
        if channel is None:
            try:
                channel = await self.bot.fetch_channel(channel_id)
            except discord.HTTPException:
                return None
        return channel

    async def _dm(self, user_id: int) -> discord.DMChannel | None:
        try:
            user = self.bot.get_user(user_id) or await self.bot.fetch_user(user_id)
            return user.dm_channel or await user.create_dm()
        except discord.HTTPException:
            return None

    # --- the game channel (public) ------------------------------------------------------------

    async def announce(self, outcome: Outcome) -> None:
        """Show what one change did: the channel's frames and pile, then each player's prompt."""
        state, row = outcome.state, outcome.row
        begin = outcome.log_from
        if outcome.answered and not outcome.answered.startswith(PLANNING_ANSWERS):
            begin = _action_start(state, begin)  # the action that waited for this answer
        events = observe_log(state, None, begin)
        channel = await self.channel(row.channel_id)
        if outcome.source == "timeout":
            await self._timed_out(channel, outcome)
        if channel is not None:
            before = await self._public_at(outcome.game_id, state, begin)
            await self._post_events(channel, row, state, before, events)
        await self._prompt(outcome, events)
        if state.phase == "over":
            self._marks.pop(outcome.game_id, None)  # nothing more to show

    async def _timed_out(self, channel: Any, outcome: Outcome) -> None:
        """Say that the AI answered for a person whose time was up, and whether it keeps their seat.

        A planning answer stays secret: the channel only hears that a card was chosen for them."""
        player = next(p for p in outcome.players if p.seat == outcome.answered_by)
        table = self.readers.of_game(outcome.row)
        bandit = self._player_name(observe(outcome.state, None), player.seat, table)
        lines = [table.text("timer.channel", user=player.user_id, bandit=bandit)]
        if outcome.went_absent:
            lines.append(table.text("timer.channel.absent", n=MISSES_BEFORE_ABSENT, bandit=bandit))
        if channel is not None:
            view = self.back_view(outcome.game_id, table) if outcome.went_absent else None
            self.outbox.post(channel, Post(content="\n".join(lines), view=view), channel.id)
        dm = await self._dm(player.user_id) if player.user_id is not None else None
        if dm is None or player.user_id is None:
            return
        lang = await self.readers.of_user(player.user_id)
        private = lang.text("timer.dm", game=outcome.game_id, answer=texts.answer_label(lang, str(outcome.answered)))
        view = None
        if outcome.went_absent:
            private += " " + lang.text("timer.dm.absent")
            view = self.back_view(outcome.game_id, lang)
            await self._hand_over(outcome.game_id, player)
        self.outbox.post(dm, Post(content=private, view=view), dm.id)

    async def _hand_over(self, game_id: int, player: PlayerRow) -> None:
        """The AI takes the seat: the person's prompts lose their buttons (they would only be stale)."""
        for key in (f"hand:{player.seat}", f"choice:{player.seat}"):
            await self._close_prompt(game_id, player, key, lambda lang: lang.text("dm.handed-over", game=game_id),
                                     forget=True)

    async def _public_at(self, game_id: int, state: Game, index: int) -> dict[str, Any]:
        """The public observation when the log had ``index`` events (remembered, else replayed)."""
        mark = self._marks.get(game_id)
        if mark is not None and mark[0] == index:
            return mark[1]
        past = await self.tables.replay_to(game_id, index)
        view = observe(past, None)
        return pictures.advance(view, observe_log(state, None, len(past.log))[: max(0, index - len(past.log))])

    async def _post_events(self, channel: Any, row: GameRow, state: Game, before: dict[str, Any],
                           events: list[dict[str, Any]]) -> None:
        public = observe(state, None)
        lang = self.readers.of_game(row)
        waiting = state.pending is not None and state.pending.kind not in PLANNING_KINDS
        runs = pictures.split_runs(events)
        shown: list[tuple[dict[str, Any], list[dict[str, Any]]]] = []
        view, at = before, len(state.log) - len(events)
        new_pile = False
        for index, run in enumerate(runs):
            after = pictures.advance(view, run)
            head = run[0]["type"]
            if head in ("resolve", "event") or head not in RUN_HEADS:
                if index == len(runs) - 1 and waiting:
                    self._marks[row.id] = (at, view)  # its decision is pending: shown when complete
                    break
                frame = dict(public) if index == len(runs) - 1 else dict(after)
                frame["log"] = run
                shown.append((frame, run))
            view, at = after, at + len(run)
        else:
            self._marks[row.id] = (len(state.log), {**public, "log": []})
        if shown:
            images = await pictures.action_pictures([frame for frame, _ in shown], lang)
            for number, ((frame, run), image) in enumerate(zip(shown, images, strict=True)):
                self.outbox.post(channel, Post(
                    content=pictures.caption(frame, run, lang),
                    files=[(f"colt{row.id}-{state.step}-{number}.png", image)], frame=True,
                ), channel.id)
        for run in runs:
            head = run[0]["type"]
            if head == "round":
                await self._new_pile(channel, row, public, deadline_text(row, state.step))
                new_pile = True
            elif head == "game-over":
                picture = await pictures.scoreboard(public, lang)
                self.outbox.post(channel, Post(
                    content=self._scoreboard_text(public, lang), files=[(f"colt{row.id}-scores.png", picture)],
                ), channel.id)
                await self._post_replay(channel, row, state, public)
        planned = any(run[0]["type"] in ("play", "draw", "pass", "planning-over") for run in runs)
        if (planned or public["phase"] in ("planning", "keeping")) and not new_pile:
            await self._edit_pile(channel, row, public, _draws_this_round(state), deadline_text(row, state.step))
        await self._show_status(channel, row, public, waiting, deadline_text(row, state.step))

    async def _post_replay(self, channel: Any, row: GameRow, state: Game, public: dict[str, Any]) -> None:
        """The whole game as one animation, after the scoreboard: public views only (B-11)."""
        lang = self.readers.of_game(row)
        dealt = await self.tables.replay_to(row.id, 0)
        events = observe_log(state, None, len(dealt.log))
        try:
            animation = await pictures.replay(observe(dealt, None), events, public, lang)
        except ValueError as error:
            log.warning("no replay for game %s: %s", row.id, error)
            return
        if len(animation) > UPLOAD_LIMIT:
            log.info("the replay of game %s is too big to post (%d bytes)", row.id, len(animation))
            return
        self.outbox.post(channel, Post(content=lang.text("table.replay"),
                                       files=[(f"colt{row.id}-replay.gif", animation)]), channel.id)

    def _pile_text(self, public: dict[str, Any], lang: Language, draws: dict[int, int] | None = None,
                   deadline: str = "") -> str:
        info = public["round_card"]
        turns = " · ".join(texts.turn_name(lang, t) for t in info["turns"])
        event = lang.text("pile.event", event=text.card_title(info["event"], lang)) if info["event"] else ""
        header = lang.text("pile.header", round=public["round"], rounds=public["rounds"],
                           card=text.card_title(info["name"], lang), turns=turns, event=event)
        cards = []
        for played in public["pile"]:
            who = self._player_name(public, played["seat"], lang)
            what = text.action_name(played["action"], lang) if played["action"] else lang.text("pile.face-down")
            cards.append(f"{who}: {what}")
        pile = " · ".join(cards) or lang.text("pile.no-card")
        if draws:
            pile += "\n" + lang.text("pile.drew", draws=" · ".join(
                f"{self._player_name(public, seat, lang)} ×{count}" for seat, count in sorted(draws.items())))
        pending = public["pending"]
        now = ""
        clock = lang.text("clock.channel", deadline=deadline) if deadline else ""
        if public["phase"] == "planning" and pending is not None:
            kinds = info["turns"]
            turn = lang.text("pile.turn", turn=public["turn"] + 1, turns=len(kinds))
            now = (f"\n⏳ {turn}: "
                   + texts.waiting(lang, "plan", self._player_name(public, pending["seat"], lang)) + clock + ".")
        elif public["phase"] == "keeping" and pending is not None:
            now = ("\n⏳ " + texts.waiting(lang, "discard", self._player_name(public, pending["seat"], lang))
                   + clock + ".")
        elif public["phase"] not in ("planning", "keeping"):
            now = "\n" + lang.text("pile.resolves")
        return f"{header}\n{lang.text('pile.label', pile=pile)}{now}"

    def status_text(self, public: dict[str, Any], lang: Language, deadline: str = "") -> str:
        """Where the game stands, in words, for /colt status."""
        if public["phase"] == "over":
            return self._scoreboard_text(public, lang)
        if public["phase"] in ("planning", "keeping"):
            return self._pile_text(public, lang, deadline=deadline)
        pending = public["pending"]
        return self._pile_text(public, lang) + ("\n" + self._status_text(public, lang, deadline) if pending else "")

    def _status_text(self, public: dict[str, Any], lang: Language, deadline: str = "") -> str:
        pending = public["pending"]
        who = self._player_name(public, pending["seat"], lang)
        clock = lang.text("clock.channel", deadline=deadline) if deadline else ""
        return "⏳ " + texts.waiting(lang, pending["kind"], who) + clock + "."

    def hand_view(self, row: GameRow) -> discord.ui.View:
        """The channel's "Show my hand" button, in the game's language."""
        view = discord.ui.View(timeout=None)
        view.add_item(HandButton(row.id, self.readers.of_game(row).text("lobby.show-hand")))
        return view

    async def _new_pile(self, channel: Any, row: GameRow, public: dict[str, Any], deadline: str = "") -> None:
        async def remember(message: discord.Message) -> None:
            await self.tables.storage.set_message(row.id, "pile", message.channel.id, message.id)

        await self.tables.storage.forget_message(row.id, "pile")
        self.outbox.post(channel, Post(content=self._pile_text(public, self.readers.of_game(row), deadline=deadline),
                                       view=self.hand_view(row), on_sent=remember), channel.id)

    async def _edit_pile(self, channel: Any, row: GameRow, public: dict[str, Any], draws: dict[int, int],
                         deadline: str) -> None:
        stored = await self.tables.storage.message(row.id, "pile")
        if stored is None:
            await self._new_pile(channel, row, public, deadline)
            return
        view = self.hand_view(row) if public["phase"] == "planning" else None
        self.outbox.post(channel, Post(content=self._pile_text(public, self.readers.of_game(row), draws, deadline),
                                       view=view,
                                       edit=stored[1]), channel.id)

    async def _show_status(self, channel: Any, row: GameRow, public: dict[str, Any], waiting: bool,
                           deadline: str) -> None:
        """One line at the bottom of the channel while a player decides during Stealin'."""
        old = await self.tables.storage.message(row.id, "status")
        if old is not None:
            await self.tables.storage.forget_message(row.id, "status")
            self.outbox.post(channel, Post(delete=old[1]), channel.id)
        if not waiting:
            return

        async def remember(message: discord.Message) -> None:
            await self.tables.storage.set_message(row.id, "status", message.channel.id, message.id)

        self.outbox.post(channel, Post(content=self._status_text(public, self.readers.of_game(row), deadline),
                                       view=self.hand_view(row), on_sent=remember), channel.id)

    @staticmethod
    def _player_name(public: dict[str, Any], seat: int, lang: Language) -> str:
        bandits = public["seats"][seat]["bandits"]
        return ", ".join(text.bandit_name(b, lang) for b in bandits)

    @staticmethod
    def _scoreboard_text(public: dict[str, Any], lang: Language) -> str:
        result = public["result"]
        order = sorted(result["scores"], key=lambda b: -result["scores"][b])
        lines = [f"## {lang.text('score.title')}"]
        for bandit in order:
            mark = " 🏆" if bandit in result["winners"] else ""
            gun = lang.text("scoreline.gunslinger", title=lang.text("score.gunslinger"),
                            value=base().gunslinger_bonus) if bandit in result["gunslingers"] else ""
            lines.append(f"{text.bandit_name(bandit, lang)}: ${result['scores'][bandit]}{gun}{mark}")
        winners = text.names_list([text.bandit_noun(b, lang) for b in result["winners"]], lang)
        key = "score.winner" if len(result["winners"]) == 1 else "score.winners"
        lines.append(f"**{lang.text(key, names=winners)}**")
        return "\n".join(lines)

    # --- prompts in DMs ------------------------------------------------------------------------

    async def prompt_for(self, game_id: int, state: Game, seat: int, lang: Language, deadline: str = "") -> Prompt:
        """What a player sees privately now, in their language: their hand (planning) or their
        pending choice."""
        mine = observe(state, seat)
        pending = mine["pending"]
        view = discord.ui.View(timeout=None)
        header = lang.text("dm.header", game=game_id, round=mine["round"], rounds=mine["rounds"])
        hand = mine["seats"][seat]["hand"]
        if pending is not None and pending["seat"] == seat:
            for answer in pending["options"][:BUTTONS_PER_MESSAGE]:
                view.add_item(AnswerButton(game_id, state.step, answer, label=texts.answer_label(lang, answer),
                                           style=self._style(answer)))
            question = texts.question(lang, pending["kind"])
            if pending["kind"] == "plan":
                kinds = mine["round_card"]["turns"]
                turn = mine["turn"]
                question += " " + lang.text("dm.turn", turn=turn + 1, turns=len(kinds),
                                            kind=texts.turn_name(lang, kinds[turn]))
            clock = "\n" + lang.text("clock.dm", deadline=deadline) if deadline else ""
            content = f"{header}\n🟢 **{question}**{clock}\n{self._hand_text(hand, lang)}"
        else:
            if mine["phase"] == "planning":
                for card in sorted({c for c in hand if not c.startswith("bullet:")})[:24]:
                    view.add_item(AnswerButton(game_id, state.step, f"plan play {card}",
                                               label=texts.card_label(lang, card), disabled=True))
                view.add_item(AnswerButton(game_id, state.step, "plan draw", label=lang.text("button.draw"),
                                           disabled=True, style=discord.ButtonStyle.secondary))
            now = lang.text("dm.nothing") if pending is None else \
                "⏳ " + texts.waiting(lang, pending["kind"], self._player_name(mine, pending["seat"], lang)) + "."
            content = f"{header}\n{now}\n{self._hand_text(hand, lang)}"
        picture = await pictures.hand(mine, lang) if mine["phase"] in ("planning", "keeping") else None
        return Prompt(content, view, picture)

    @staticmethod
    def _style(answer: str) -> discord.ButtonStyle:
        if answer in ("plan draw", "discard done") or answer.endswith(" no"):
            return discord.ButtonStyle.secondary
        if answer.startswith("plan hide"):
            return discord.ButtonStyle.success
        return discord.ButtonStyle.primary

    @staticmethod
    def _hand_text(hand: list[str], lang: Language) -> str:
        actions = [texts.card_label(lang, c) for c in hand if not c.startswith("bullet:")]
        bullets = sum(1 for c in hand if c.startswith("bullet:"))
        text = lang.text("dm.hand", cards=", ".join(actions) or lang.text("dm.no-action-card"))
        return text + (" " + lang.text("dm.bullets", n=bullets) if bullets else "")

    async def _prompt(self, outcome: Outcome, events: list[dict[str, Any]]) -> None:
        """Each player's private messages: the round's hand message, and one message per choice."""
        state, game_id, row = outcome.state, outcome.game_id, outcome.row
        pending = state.pending
        players = {p.seat: p for p in outcome.players}
        answered = outcome.answered
        if outcome.answered_by is not None and answered and not answered.startswith("plan "):
            await self._close_choice(game_id, players[outcome.answered_by], answered, outcome.source)
        types = {e["type"] for e in events}
        if "planning-over" in types and "round" not in types:
            for player in players.values():
                await self._finish_hand(game_id, player, state)
        if "round" in types:
            for player in players.values():
                await self._send(game_id, row, state, player, key="hand", fresh=True)
        elif state.phase == "planning":
            seats = {pending.seat} if pending is not None else set()
            if outcome.answered_by is not None and answered and answered.startswith("plan "):
                seats.add(outcome.answered_by)
            for seat in sorted(seats):
                await self._send(game_id, row, state, players[seat], key="hand", fresh=False)
        if pending is not None and pending.kind != "plan":
            await self._send(game_id, row, state, players[pending.seat], key="choice", fresh=True)

    async def _send(self, game_id: int, row: GameRow, state: Game, player: PlayerRow, *, key: str,
                    fresh: bool) -> None:
        """Send (or edit) one player's private message; a closed DM is told in the channel.

        Nobody is prompted while the AI plays their seat (an AI bandit, or a person away)."""
        if player.user_id is None or player.absent:
            return
        prompt = await self.prompt_for(game_id, state, player.seat, await self.readers.of_user(player.user_id),
                                       deadline_text(row, state.step))
        key = f"{key}:{player.seat}"
        dm = await self._dm(player.user_id)
        if dm is None:
            await self._dm_failed(row, player, None)
            return
        stored = await self.tables.storage.message(game_id, key)
        files = [(f"hand{game_id}.png", prompt.picture)] if prompt.picture else []

        async def remember(message: discord.Message) -> None:
            await self.tables.storage.set_message(game_id, key, message.channel.id, message.id)
            if not player.dm_ok:
                player.dm_ok = True
                await self.tables.set_dm_ok(game_id, player.user_id, True)

        async def closed(error: discord.HTTPException) -> None:
            await self._dm_failed(row, player, error)

        if stored is not None and not fresh:
            self.outbox.post(dm, Post(content=prompt.content, view=prompt.view, files=files, edit=stored[1],
                                      on_failed=closed), dm.id)
            return
        self.outbox.post(dm, Post(content=prompt.content, view=prompt.view, files=files, on_sent=remember,
                                  on_failed=closed), dm.id)

    async def _close_prompt(self, game_id: int, player: PlayerRow, key: str, text: Callable[[Language], str],
                            *, forget: bool) -> None:
        """A stored DM prompt becomes ``text`` (in its reader's language) without buttons."""
        if player.user_id is None:
            return
        stored = await self.tables.storage.message(game_id, key)
        dm = await self._dm(player.user_id)
        if stored is None or dm is None:
            return
        if forget:
            await self.tables.storage.forget_message(game_id, key)
        lang = await self.readers.of_user(player.user_id)
        self.outbox.post(dm, Post(content=text(lang), view=None, edit=stored[1]), dm.id)

    async def _close_choice(self, game_id: int, player: PlayerRow, answer: str, source: str) -> None:
        """A choice answered: its message keeps the question and the answer, without buttons."""
        kind = answer.partition(" ")[0]

        def answered(lang: Language) -> str:
            mark = lang.text("dm.ai-chose") if source != "player" else "✔"
            return f"{mark} {texts.question(lang, kind)} **{texts.answer_label(lang, answer)}**"

        await self._close_prompt(game_id, player, f"choice:{player.seat}", answered, forget=True)

    async def _finish_hand(self, game_id: int, player: PlayerRow, state: Game) -> None:
        await self._close_prompt(
            game_id, player, f"hand:{player.seat}",
            lambda lang: lang.text("dm.planning-over", game=game_id, round=state.round_no), forget=False)

    async def _dm_failed(self, row: GameRow, player: PlayerRow, error: discord.HTTPException | None) -> None:
        if error is not None and getattr(error, "code", None) != DM_CLOSED:
            log.warning("DM to %s failed: %s", player.user_id, error)
        if not player.dm_ok:
            return  # already told
        player.dm_ok = False
        await self.tables.set_dm_ok(row.id, player.user_id, False)
        channel = await self.channel(row.channel_id)
        if channel is not None:
            self.outbox.post(channel, Post(content=self.readers.of_game(row).text("dm.closed", user=player.user_id),
                                           view=self.hand_view(row)), channel.id)

    async def test_dm(self, row: GameRow, user_id: int, channel: Any) -> None:
        """Say hello by DM when someone joins, so a closed DM is known before the game starts."""
        dm = await self._dm(user_id)

        async def closed(error: discord.HTTPException) -> None:
            await self.tables.set_dm_ok(row.id, user_id, False)
            self.outbox.post(channel, Post(content=self.readers.of_game(row).text("dm.closed-lobby", user=user_id)),
                             channel.id)

        if dm is None:
            return
        hello = (await self.readers.of_user(user_id)).text("dm.joined", game=row.id)
        self.outbox.post(dm, Post(content=hello, on_failed=closed), dm.id)

    async def resume(self, game_id: int) -> None:
        """After a restart: bring the pending prompt up to date (or send it again)."""
        row = await self.tables.row(game_id)
        state = await self.tables.state(game_id)
        if state.pending is None:
            return
        players = {p.seat: p for p in await self.tables.storage.players(game_id)}
        key = "hand" if state.pending.kind == "plan" else "choice"
        await self._send(game_id, row, state, players[state.pending.seat], key=key, fresh=False)

    @staticmethod
    def back_view(game_id: int, lang: Language) -> discord.ui.View:
        """The "I'm back" button, in its reader's language."""
        view = discord.ui.View(timeout=None)
        view.add_item(BackButton(game_id, lang.text("button.back")))
        return view

    async def stepped_away(self, row: GameRow, player: PlayerRow) -> None:
        state = await self.tables.state(row.id)
        channel = await self.channel(row.channel_id)
        if channel is not None:
            lang = self.readers.of_game(row)
            bandit = self._player_name(observe(state, None), player.seat, lang)
            self.outbox.post(channel, Post(content=lang.text("table.stepped-away", user=player.user_id, bandit=bandit),
                                           view=self.back_view(row.id, lang)), channel.id)
        await self._hand_over(row.id, player)

    async def welcome_back(self, row: GameRow, player: PlayerRow) -> None:
        """A person back from away: the channel hears it, and their hand and choice come fresh."""
        state = await self.tables.state(row.id)
        channel = await self.channel(row.channel_id)
        if channel is not None:
            lang = self.readers.of_game(row)
            bandit = self._player_name(observe(state, None), player.seat, lang)
            self.outbox.post(channel, Post(content=lang.text("table.back", user=player.user_id, bandit=bandit)),
                             channel.id)
        if state.phase in ("planning", "keeping"):
            await self._send(row.id, row, state, player, key="hand", fresh=True)
        if state.pending is not None and state.pending.seat == player.seat and state.pending.kind != "plan":
            await self._send(row.id, row, state, player, key="choice", fresh=True)
