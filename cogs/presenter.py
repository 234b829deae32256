"""How a game looks on Discord: the lobby, the game channel (public only) and each player's DMs.

Everything shown in a game channel comes from ``observe(state, None)``; a player's DM from
``observe(state, seat)``. The state is always saved before the presenter is called.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import discord

from cogs import pictures, texts
from cogs.components import AnswerButton, HandButton, LobbyButton, LobbySelect
from cogs.outbox import Outbox, Post
from engine import Game, observe
from engine.data import base
from engine.observe import observe_log
from table.service import LOBBY_OPTIONS, Lobby, Outcome, Tables
from table.storage import LOBBY, GameRow, PlayerRow

if TYPE_CHECKING:
    from bot import ColtBot

log = logging.getLogger(__name__)
DM_CLOSED = 50007
BUTTONS_PER_MESSAGE = 25


@dataclass
class Prompt:
    """A player's private message: what to show and the buttons."""

    content: str
    view: discord.ui.View
    picture: bytes | None = None


class Presenter:
    def __init__(self, bot: ColtBot, tables: Tables, outbox: Outbox) -> None:
        self.bot, self.tables, self.outbox = bot, tables, outbox

    # --- lobby ---------------------------------------------------------------------------------

    def lobby_embed(self, lobby: Lobby) -> discord.Embed:
        row = lobby.game
        status = {"lobby": "Waiting for players", "running": "Started", "over": "Finished",
                  "abandoned": "Cancelled"}[row.status]
        embed = discord.Embed(title=f"Colt Express — game #{row.id}", colour=discord.Colour(0xB5651D),
                              description=f"{status}. 3 to 6 players; the host starts.")
        seats = "\n".join(
            f"{p.seat + 1}. <@{p.user_id}> — {texts.bandit_name(p.character) if p.character else 'random bandit'}"
            + (" (host)" if p.user_id == row.host_id else "")
            for p in lobby.players
        )
        embed.add_field(name=f"Players ({len(lobby.players)}/6)", value=seats or "nobody yet", inline=False)
        o = row.options
        lines = [texts.OPTION_LABELS["setup"][o["setup"]]]
        lines += [f"{'✅' if o[name] else '❌'} {label}" for name, label in texts.TOGGLES.items()]
        lines += [texts.OPTION_LABELS["django"][o["django"]], texts.OPTION_LABELS["belle"][o["belle"]]]
        embed.add_field(name="Options (host)", value="\n".join(lines), inline=False)
        if row.status != LOBBY and row.channel_id:
            embed.add_field(name="Table", value=f"<#{row.channel_id}>", inline=False)
        return embed

    def lobby_view(self, lobby: Lobby) -> discord.ui.View | None:
        row = lobby.game
        if row.status != LOBBY:
            return None
        view = discord.ui.View(timeout=None)
        for action in ("join", "leave", "start", "cancel"):
            view.add_item(LobbyButton(row.id, action))
        taken = {p.character for p in lobby.players if p.character}
        characters = [discord.SelectOption(label="Random bandit", value="random", emoji="🎲")] + [
            discord.SelectOption(label=texts.bandit_name(c), value=c, description="taken" if c in taken else None)
            for c in base().characters
        ]
        view.add_item(LobbySelect(row.id, "character", characters, placeholder="Choose your bandit"))
        o = row.options
        toggles = [discord.SelectOption(label=label, value=name, default=bool(o[name]))
                   for name, label in texts.TOGGLES.items()]
        view.add_item(LobbySelect(row.id, "toggles", toggles, placeholder="Powers, events, expert",
                                  max_values=len(toggles)))
        rules = [discord.SelectOption(label=texts.OPTION_LABELS[name][value], value=f"{name}={value}",
                                      default=o[name] == value)
                 for name in ("setup", "django", "belle") for value in LOBBY_OPTIONS[name]]
        view.add_item(LobbySelect(row.id, "rules", rules, placeholder="Setup and rule readings",
                                  max_values=3))
        return view

    async def show_lobby(self, lobby: Lobby) -> None:
        row = lobby.game
        if row.lobby_message_id is None:
            return
        channel = await self._channel(row.lobby_channel_id)
        if channel is None:
            return
        try:
            await channel.get_partial_message(row.lobby_message_id).edit(  # type: ignore[union-attr]
                embed=self.lobby_embed(lobby), view=self.lobby_view(lobby))
        except discord.HTTPException as error:
            log.warning("lobby message of game %s not updated: %s", row.id, error)

    # --- channels and users --------------------------------------------------------------------

    async def _channel(self, channel_id: int | None) -> Any:
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

    # --- the game ------------------------------------------------------------------------------

    async def announce(self, outcome: Outcome) -> None:
        """Show what one change did: the channel's frames and pile, then each player's prompt."""
        state, row = outcome.state, outcome.row
        channel = await self._channel(row.channel_id)
        events = observe_log(state, None, outcome.log_from)
        public = observe(state, None)
        wagons = len(state.wagons)
        if channel is not None:
            await self._post_events(channel, row, state, public, events, wagons)
        new_round = any(e["type"] == "round" for e in events)
        await self._prompt(outcome, new_round)

    async def _post_events(self, channel: Any, row: GameRow, state: Game, public: dict[str, Any],
                           events: list[dict[str, Any]], wagons: int) -> None:
        lines: list[str] = []
        pile_changed = False

        async def flush_frame() -> None:
            if lines:
                picture = await pictures.frame(public, events)
                files = [(f"game{row.id}-step{state.step}.png", picture)] if picture else []
                self.outbox.post(channel, Post(content="\n".join(lines), files=files, frame=True), channel.id)
                lines.clear()

        for event in events:
            kind = event["type"]
            if kind in ("resolve", "event", "round", "game-over"):
                await flush_frame()
            if kind == "round":
                card = str(event["card"])
                self.outbox.post(channel, Post(content=self._round_text(state, public, card)), channel.id)
                pile_changed = True
            elif kind in ("play", "draw", "pass", "planning-over"):
                pile_changed = True
            elif kind == "game-over":
                picture = await pictures.scoreboard(public)
                self.outbox.post(channel, Post(
                    content=self._scoreboard_text(public),
                    files=[(f"game{row.id}-scores.png", picture)] if picture else [],
                ), channel.id)
            else:
                line = texts.caption(event, wagons)
                if line:
                    lines.append(line)
        await flush_frame()
        if pile_changed or public["pending"] is not None:
            await self._show_pile(channel, row, public)

    def _round_text(self, state: Game, public: dict[str, Any], card: str) -> str:
        info = public["round_card"]
        turns = " · ".join(texts.TURN_NAMES[t] for t in info["turns"])
        event = f" — event: {texts.EVENT_NAMES[info['event']]}" if info["event"] else ""
        first = self._player_name(public, public["first_seat"])
        return (f"## Round {public['round']}/{public['rounds']}: {texts.ROUND_CARD_NAMES.get(card, card)}\n"
                f"Turns: {turns}{event}\n{first} plays first. Plan your cards in your DMs.")

    def _player_name(self, public: dict[str, Any], seat: int) -> str:
        bandits = public["seats"][seat]["bandits"]
        return ", ".join(texts.bandit_name(b) for b in bandits)

    def _pile_text(self, public: dict[str, Any]) -> str:
        cards = []
        for played in public["pile"]:
            who = self._player_name(public, played["seat"])
            what = texts.ACTION_NAMES.get(played["action"] or "", "face down")
            cards.append(f"{'~~' if played['resolved'] else ''}{who}: {what}{'~~' if played['resolved'] else ''}")
        pending = public["pending"]
        waiting = ""
        if pending is not None:
            who = self._player_name(public, pending["seat"])
            waiting = "\n⏳ " + texts.WAITING.get(pending["kind"], "{player}").format(player=who) + "."
        elif public["phase"] == "over":
            waiting = "\nThe game is over."
        pile = " · ".join(cards) or "no card yet"
        return f"**Pile** (round {public['round']}/{public['rounds']}): {pile}{waiting}"

    async def _show_pile(self, channel: Any, row: GameRow, public: dict[str, Any]) -> None:
        view = discord.ui.View(timeout=None)
        if public["phase"] != "over":
            view.add_item(HandButton(row.id))
        stored = await self.tables.storage.message(row.id, "pile")
        content = self._pile_text(public)
        if stored is not None and public["phase"] in ("planning", "keeping", "over"):
            self.outbox.post(channel, Post(content=content, view=view, edit=stored[1]), channel.id)
            return

        async def remember(message: discord.Message) -> None:
            await self.tables.storage.set_message(row.id, "pile", message.channel.id, message.id)

        self.outbox.post(channel, Post(content=content, view=view, on_sent=remember), channel.id)

    def _scoreboard_text(self, public: dict[str, Any]) -> str:
        result = public["result"]
        order = sorted(result["scores"], key=lambda b: -result["scores"][b])
        lines = ["## Final count"]
        for bandit in order:
            mark = " 🏆" if bandit in result["winners"] else ""
            gun = " (Gunslinger +$1000)" if bandit in result["gunslingers"] else ""
            lines.append(f"{texts.bandit_name(bandit)}: ${result['scores'][bandit]}{gun}{mark}")
        winners = " and ".join(texts.bandit_name(b) for b in result["winners"])
        lines.append(f"**{winners} win{'s' if len(result['winners']) == 1 else ''}!**")
        return "\n".join(lines)

    # --- prompts in DMs ------------------------------------------------------------------------

    async def prompt_for(self, game_id: int, state: Game, seat: int) -> Prompt:
        """What a player sees privately now: their hand (planning) or their pending choice."""
        mine = observe(state, seat)
        wagons = len(state.wagons)
        pending = mine["pending"]
        view = discord.ui.View(timeout=None)
        header = f"**Colt Express #{game_id}** — round {mine['round']}/{mine['rounds']}"
        hand = mine["seats"][seat]["hand"]
        if pending is not None and pending["seat"] == seat:
            for answer in pending["options"][:BUTTONS_PER_MESSAGE]:
                view.add_item(AnswerButton(game_id, state.step, answer, label=texts.answer_label(answer, wagons),
                                           style=self._style(answer)))
            question = texts.QUESTIONS.get(pending["kind"], "Your decision:")
            if pending["kind"] == "plan":
                kinds = mine["round_card"]["turns"]
                turn = mine["turn"]
                question += f" Turn {turn + 1}/{len(kinds)}: {texts.TURN_NAMES.get(kinds[turn], kinds[turn])}."
            content = f"{header}\n🟢 **{question}**\n{self._hand_text(hand)}"
        else:
            if mine["phase"] == "planning":
                for card in sorted({c for c in hand if not c.startswith("bullet:")})[:24]:
                    view.add_item(AnswerButton(game_id, state.step, f"plan play {card}",
                                               label=texts.card_label(card), disabled=True))
                view.add_item(AnswerButton(game_id, state.step, "plan draw", label="Draw 3", disabled=True,
                                           style=discord.ButtonStyle.secondary))
            who = "" if pending is None else texts.WAITING.get(pending["kind"], "{player}").format(
                player=self._player_name(mine, pending["seat"]))
            content = f"{header}\n{('⏳ ' + who + '.') if who else 'Nothing to do now.'}\n{self._hand_text(hand)}"
        picture = await pictures.hand(mine) if mine["phase"] in ("planning", "keeping") else None
        return Prompt(content, view, picture)

    @staticmethod
    def _style(answer: str) -> discord.ButtonStyle:
        if answer in ("plan draw", "discard done") or answer.endswith(" no"):
            return discord.ButtonStyle.secondary
        if answer.startswith("plan hide"):
            return discord.ButtonStyle.success
        return discord.ButtonStyle.primary

    @staticmethod
    def _hand_text(hand: list[str]) -> str:
        actions = [texts.card_label(c) for c in hand if not c.startswith("bullet:")]
        bullets = sum(1 for c in hand if c.startswith("bullet:"))
        text = "Your hand: " + (", ".join(actions) or "no action card")
        return text + (f" (+{bullets} bullet card{'s' if bullets > 1 else ''})" if bullets else "")

    async def _prompt(self, outcome: Outcome, new_round: bool) -> None:
        state = outcome.state
        pending = state.pending
        players = {p.seat: p for p in outcome.players}
        touched: set[int] = set()
        if new_round:
            touched |= set(players)
        if outcome.answered_by is not None:
            touched.add(outcome.answered_by)
        if pending is not None:
            touched.add(pending.seat)
        for seat in sorted(touched):
            fresh = new_round or (pending is not None and pending.seat == seat and pending.kind != "plan")
            await self.send_prompt(outcome.game_id, outcome.row, state, players[seat], fresh=fresh)

    async def send_prompt(self, game_id: int, row: GameRow, state: Game, player: PlayerRow, *, fresh: bool) -> None:
        """Send (or edit) one player's private message; a closed DM is told in the channel."""
        prompt = await self.prompt_for(game_id, state, player.seat)
        dm = await self._dm(player.user_id)
        key = f"dm:{player.seat}"
        stored = await self.tables.storage.message(game_id, key)
        files = [(f"hand{game_id}.png", prompt.picture)] if prompt.picture else []

        async def remember(message: discord.Message) -> None:
            await self.tables.storage.set_message(game_id, key, message.channel.id, message.id)
            if not player.dm_ok:
                await self.tables.set_dm_ok(game_id, player.user_id, True)

        async def closed(error: discord.HTTPException) -> None:
            await self._dm_failed(row, player, error)

        if dm is None:
            await self._dm_failed(row, player, None)
            return
        if stored is not None and not fresh and stored[0] == dm.id:
            self.outbox.post(dm, Post(content=prompt.content, view=prompt.view, files=files, edit=stored[1],
                                      on_failed=closed), dm.id)
        else:
            if stored is not None and stored[0] == dm.id:  # the old prompt stays, without live buttons
                self.outbox.post(dm, Post(content="~~(an earlier prompt)~~", view=None, edit=stored[1]), dm.id)
            self.outbox.post(dm, Post(content=prompt.content, view=prompt.view, files=files,
                                      on_sent=remember, on_failed=closed), dm.id)

    async def _dm_failed(self, row: GameRow, player: PlayerRow, error: discord.HTTPException | None) -> None:
        if error is not None and getattr(error, "code", None) != DM_CLOSED:
            log.warning("DM to %s failed: %s", player.user_id, error)
        if not player.dm_ok:
            return  # already told
        player.dm_ok = False
        await self.tables.set_dm_ok(row.id, player.user_id, False)
        channel = await self._channel(row.channel_id)
        if channel is not None:
            view = discord.ui.View(timeout=None)
            view.add_item(HandButton(row.id))
            self.outbox.post(channel, Post(
                content=f"<@{player.user_id}>, I cannot send you direct messages. Use **Show my hand** "
                        "below (only you will see it), or allow DMs from server members.",
                view=view), channel.id)

    async def test_dm(self, game_id: int, user_id: int, channel: Any) -> None:
        """Say hello by DM when someone joins, so a closed DM is known before the game starts."""
        dm = await self._dm(user_id)

        async def closed(error: discord.HTTPException) -> None:
            await self.tables.set_dm_ok(game_id, user_id, False)
            self.outbox.post(channel, Post(
                content=f"<@{user_id}>, your DMs are closed to me: during the game use the **Show my hand** "
                        "button in the game channel."), channel.id)

        if dm is None:
            return
        self.outbox.post(dm, Post(content=f"You joined Colt Express game #{game_id}. Your secret hand will "
                                          "come here.", on_failed=closed), dm.id)

    async def resume(self, game_id: int) -> None:
        """After a restart: send the pending prompt again."""
        row = await self.tables.row(game_id)
        state = await self.tables.state(game_id)
        if state.pending is None:
            return
        players = {p.seat: p for p in await self.tables.storage.players(game_id)}
        await self.send_prompt(game_id, row, state, players[state.pending.seat], fresh=False)
