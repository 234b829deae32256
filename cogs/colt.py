"""The /colt commands and the clicks on the bot's buttons: parse, check, call the table, show."""

from __future__ import annotations

import contextlib
import io
import logging
import time
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands, tasks

from cogs import pictures, rules_text, texts
from cogs.autopilot import Autopilot
from cogs.presenter import Presenter, deadline_text, player_label
from engine import observe
from render import text
from table.service import Outcome, TableError
from table.storage import LOBBY, OVER, RUNNING, GameRow

if TYPE_CHECKING:
    from bot import ColtBot

log = logging.getLogger(__name__)


class Colt(commands.Cog):
    colt = app_commands.Group(name="colt", description="Play Colt Express, the train robbery game",
                              guild_only=True)

    def __init__(self, bot: ColtBot) -> None:
        self.bot = bot
        self.tables = bot.tables
        self.presenter: Presenter = bot.presenter
        settings = bot.settings
        self.autopilot = Autopilot(self.tables, self._after, think=settings.ai_think,
                                   budget_ms=settings.ai_budget_ms)

    async def cog_load(self) -> None:
        self.cleanup.start()

    async def cog_unload(self) -> None:
        self.cleanup.cancel()
        await self.autopilot.close()

    async def resume_games(self) -> None:
        """After a start: running games get their prompts back and their AI and timers watched."""
        for row in await self.tables.storage.games(RUNNING):
            try:
                await self.presenter.resume(row.id)
            except Exception:
                log.exception("could not resume game %s", row.id)
            self.autopilot.watch(row.id)

    # --- helpers -------------------------------------------------------------------------------

    @staticmethod
    async def _refuse(interaction: discord.Interaction, text: str) -> None:
        """Tell the clicker (only them) why nothing happened."""
        if interaction.response.is_done():
            await interaction.followup.send(text, ephemeral=True)
        else:
            await interaction.response.send_message(text, ephemeral=True)

    async def _game_here(self, interaction: discord.Interaction) -> GameRow | None:
        """The game of this channel (or the player's only running game)."""
        row = await self.tables.storage.game_in_channel(interaction.channel_id or 0)
        if row is None:
            mine = await self.tables.storage.games_of_user(interaction.user.id, LOBBY, RUNNING)
            row = mine[0] if len(mine) == 1 else None
        return row

    # --- commands ------------------------------------------------------------------------------

    @colt.command(name="new", description="Open a lobby for a new game in this channel")
    async def new(self, interaction: discord.Interaction) -> None:
        assert interaction.guild is not None and interaction.channel_id is not None
        try:
            lobby = await self.tables.new_lobby(guild_id=interaction.guild.id, channel_id=interaction.channel_id,
                                                host_id=interaction.user.id)
        except TableError as error:
            await self._refuse(interaction, str(error))
            return
        await interaction.response.send_message(embed=self.presenter.lobby_embed(lobby),
                                                view=self.presenter.lobby_view(lobby))
        message = await interaction.original_response()
        await self.tables.storage.update_game(lobby.game.id, lobby_message_id=message.id)
        await self.presenter.test_dm(lobby.game.id, interaction.user.id, interaction.channel)

    @colt.command(name="hand", description="Bring back your hand or your pending choice (only you see it)")
    async def hand(self, interaction: discord.Interaction) -> None:
        row = await self._game_here(interaction)
        if row is None or row.status != RUNNING:
            await self._refuse(interaction, "You have no running game here.")
            return
        await self.on_show_hand(interaction, row.id)

    @colt.command(name="status", description="The train now and who must act")
    async def status(self, interaction: discord.Interaction) -> None:
        row = await self._game_here(interaction)
        if row is None or row.snapshot is None:
            await self._refuse(interaction, "There is no started game in this channel.")
            return
        await interaction.response.defer(ephemeral=True, thinking=True)
        state = await self.tables.state(row.id)
        public = observe(state, None)
        picture = await pictures.train(public)
        text = self.presenter.status_text(public, deadline_text(row, state.step))
        await interaction.followup.send(text, file=discord.File(io.BytesIO(picture), "train.png"), ephemeral=True)

    @colt.command(name="rules", description="A summary of the rules")
    @app_commands.describe(topic="Which part of the rules")
    @app_commands.choices(topic=[app_commands.Choice(name=t.title(), value=t) for t in rules_text.TOPICS])
    async def rules(self, interaction: discord.Interaction, topic: str = "overview") -> None:
        await interaction.response.send_message(rules_text.TOPICS.get(topic, rules_text.TOPICS["overview"]),
                                                ephemeral=True)

    @colt.command(name="leave", description="Leave your lobby, or hand your bandit in a running game to the AI")
    async def leave(self, interaction: discord.Interaction) -> None:
        mine = await self.tables.storage.games_of_user(interaction.user.id, LOBBY, RUNNING)
        lobby_here = [g for g in mine if g.status == LOBBY]
        if lobby_here:
            await self._lobby_action(interaction, lobby_here[0].id, "leave")
            return
        here = await self._game_here(interaction)
        running = here if here is not None and here.status == RUNNING else None
        if running is None:
            running_games = [g for g in mine if g.status == RUNNING]
            running = running_games[0] if len(running_games) == 1 else None
        if running is None:
            await self._refuse(interaction, "You are not in any lobby or game." if not mine else
                               "You play in several games: use `/colt leave` in the game's channel.")
            return
        try:
            player = await self.tables.step_away(running.id, interaction.user.id)
        except TableError as error:
            await self._refuse(interaction, str(error))
            return
        await interaction.response.send_message(
            "The AI plays your bandit from now on. Press **I'm back** (or answer any prompt) to take it back.",
            view=self.presenter.back_view(running.id), ephemeral=True)
        await self.presenter.stepped_away(running, player)
        self.autopilot.watch(running.id)

    @colt.command(name="abandon", description="End this channel's game (host or server managers)")
    async def abandon(self, interaction: discord.Interaction) -> None:
        row = await self._game_here(interaction)
        if row is None:
            await self._refuse(interaction, "There is no game to abandon here.")
            return
        perms = interaction.permissions
        try:
            row = await self.tables.abandon(row.id, interaction.user.id, may_manage=perms.manage_guild)
        except TableError as error:
            await self._refuse(interaction, str(error))
            return
        await interaction.response.send_message(f"Game #{row.id} was abandoned by {interaction.user.mention}.")
        self.autopilot.forget(row.id)
        await self._close_channel(row)
        await self.presenter.show_lobby(await self.tables.lobby(row.id))

    @colt.command(name="stats", description="This server's Colt Express records")
    async def stats(self, interaction: discord.Interaction) -> None:
        assert interaction.guild is not None
        rows = await self.tables.storage.stats(interaction.guild.id)
        if not rows:
            await interaction.response.send_message("No finished game on this server yet.", ephemeral=True)
            return
        lines = [f"<@{r['user_id']}> — {r['games']} games, {r['wins']} wins, {r['gunslingers']} Gunslinger "
                 f"titles, best ${r['best']}" for r in rows[:20]]
        embed = discord.Embed(title="Colt Express on this server", description="\n".join(lines))
        await interaction.response.send_message(embed=embed, allowed_mentions=discord.AllowedMentions.none())

    @colt.command(name="help", description="How to play with this bot")
    async def help(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message(rules_text.HELP, ephemeral=True)

    # --- lobby clicks --------------------------------------------------------------------------

    async def on_lobby_button(self, interaction: discord.Interaction, game_id: int, action: str) -> None:
        await self._lobby_action(interaction, game_id, action)

    async def _lobby_action(self, interaction: discord.Interaction, game_id: int, action: str) -> None:
        user = interaction.user.id
        try:
            if action == "join":
                lobby = await self.tables.join(game_id, user)
            elif action == "leave":
                lobby = await self.tables.leave_lobby(game_id, user)
            elif action == "cancel":
                lobby = await self.tables.cancel(game_id, user)
            else:
                await self._start(interaction, game_id)
                return
        except TableError as error:
            await self._refuse(interaction, str(error))
            return
        await self._ack(interaction, {"join": "You joined the table.", "leave": "You left the table.",
                                      "cancel": "The lobby is cancelled."}[action])
        await self.presenter.show_lobby(lobby)
        if action == "join":
            await self.presenter.test_dm(game_id, user, interaction.channel)

    @staticmethod
    async def _ack(interaction: discord.Interaction, text: str) -> None:
        if not interaction.response.is_done():
            await interaction.response.send_message(text, ephemeral=True)

    async def on_lobby_select(self, interaction: discord.Interaction, game_id: int, name: str,
                              values: list[str]) -> None:
        user = interaction.user.id
        try:
            if name == "character":
                choice = values[0] if values else "random"
                lobby = await self.tables.choose_character(game_id, user, None if choice == "random" else choice)
                reply = f"You will play {text.bandit_name(choice)}." if choice != "random" else \
                    "Your bandit will be drawn at random."
            elif name == "toggles":
                lobby = await self.tables.lobby(game_id)
                for option in texts.TOGGLES:
                    lobby = await self.tables.set_option(game_id, user, option, option in values)
                reply = "Options updated."
            elif name == "rules":
                lobby = await self.tables.lobby(game_id)
                for value in values:
                    option, _, choice = value.partition("=")
                    lobby = await self.tables.set_option(game_id, user, option, choice)
                reply = "Options updated."
            elif name == "ai":
                verb, _, what = (values[0] if values else "").partition(":")
                if verb == "add":
                    lobby = await self.tables.add_ai(game_id, user, what)
                    reply = f"{texts.ai_name(what)} takes a seat."
                elif verb == "remove" and what.isdigit():
                    lobby = await self.tables.remove_ai(game_id, user, int(what))
                    reply = "The AI bandit left the table."
                else:
                    raise TableError("Choose an AI bandit to add or remove.")
            else:
                raise TableError("Unknown setting.")
        except TableError as error:
            await self._refuse(interaction, str(error))
            return
        await self._ack(interaction, reply)
        await self.presenter.show_lobby(lobby)

    async def _start(self, interaction: discord.Interaction, game_id: int) -> None:
        try:
            await self.tables.check_start(game_id, interaction.user.id)
        except TableError as error:
            await self._refuse(interaction, str(error))
            return
        await interaction.response.defer(ephemeral=True, thinking=True)
        channel = await self._open_table(interaction, game_id)
        if channel is None:
            await interaction.followup.send(
                "I could not open a table: I need **Manage Channels** (for a channel in a "
                f"“{self.bot.settings.category}” category) or **Create Public Threads** here.", ephemeral=True)
            return
        try:
            outcome = await self.tables.start(game_id, interaction.user.id, channel.id)
        except TableError as error:
            await interaction.followup.send(str(error), ephemeral=True)
            await self._delete_quietly(channel)
            return
        await interaction.followup.send(f"The game is on: {channel.mention}", ephemeral=True)
        await self.presenter.show_lobby(await self.tables.lobby(game_id))
        players = "\n".join(
            f"{p.seat + 1}. {player_label(p)} plays **{text.bandit_name(p.character)}**" for p in outcome.players)
        await channel.send(f"# Colt Express #{game_id}\n{players}\nEveryone can watch here; players plan in "
                           "their DMs (or with **Show my hand**).", allowed_mentions=discord.AllowedMentions.none())
        await self._after(outcome)

    async def _open_table(self, interaction: discord.Interaction, game_id: int) -> Any:
        """A channel in the Colt Express category if allowed, else a thread here."""
        guild = interaction.guild
        assert guild is not None
        me = guild.me
        if me.guild_permissions.manage_channels:
            try:
                category = discord.utils.get(guild.categories, name=self.bot.settings.category)
                if category is None:
                    category = await guild.create_category(self.bot.settings.category)
                return await guild.create_text_channel(f"colt-express-{game_id}", category=category,
                                                       topic=f"Colt Express game #{game_id}")
            except discord.HTTPException as error:
                log.info("no channel for game %s (%s); trying a thread", game_id, error)
        channel = interaction.channel
        if isinstance(channel, discord.TextChannel):
            try:
                return await channel.create_thread(name=f"Colt Express #{game_id}",
                                                   type=discord.ChannelType.public_thread)
            except discord.HTTPException as error:
                log.info("no thread for game %s (%s)", game_id, error)
        return None

    @staticmethod
    async def _delete_quietly(channel: Any) -> None:
        with contextlib.suppress(discord.HTTPException):
            await channel.delete()

    # --- playing -------------------------------------------------------------------------------

    async def on_answer(self, interaction: discord.Interaction, game_id: int, step: int, answer: str) -> None:
        await interaction.response.defer()
        try:
            outcome = await self.tables.answer(game_id, interaction.user.id, step, answer)
        except TableError as error:
            await interaction.followup.send(str(error), ephemeral=True)
            return
        await self._after(outcome)

    async def _after(self, outcome: Outcome) -> None:
        """Show a change (an answer, the deal), then watch the next decision for the AI and the timer."""
        await self.presenter.announce(outcome)
        if outcome.row.status == OVER:
            self.autopilot.forget(outcome.game_id)
            await self._close_channel(outcome.row)
            return
        self.autopilot.watch(outcome.game_id)

    async def on_back(self, interaction: discord.Interaction, game_id: int) -> None:
        try:
            row, player = await self.tables.back(game_id, interaction.user.id)
        except TableError as error:
            await self._refuse(interaction, str(error))
            return
        await interaction.response.send_message("Welcome back: your bandit is yours again.", ephemeral=True)
        await self.presenter.welcome_back(row, player)
        self.autopilot.watch(game_id)

    async def on_show_hand(self, interaction: discord.Interaction, game_id: int) -> None:
        seat = await self.tables.seat_of(game_id, interaction.user.id)
        if seat is None:
            await self._refuse(interaction, "You are not playing in this game.")
            return
        row = await self.tables.row(game_id)
        if row.status != RUNNING:
            await self._refuse(interaction, "This game is not running.")
            return
        state = await self.tables.state(game_id)
        prompt = await self.presenter.prompt_for(game_id, state, seat, deadline_text(row, state.step))
        files = [discord.File(io.BytesIO(prompt.picture), "hand.png")] if prompt.picture else []
        await interaction.response.send_message(prompt.content, view=prompt.view, files=files, ephemeral=True)

    # --- the end -------------------------------------------------------------------------------

    async def _close_channel(self, row: GameRow) -> None:
        """Keep a finished game's channel read-only; it is deleted after the configured delay."""
        channel = await self.presenter.channel(row.channel_id)
        if channel is None:
            return
        try:
            if isinstance(channel, discord.Thread):
                await channel.edit(locked=True)
            else:
                await channel.set_permissions(channel.guild.default_role, send_messages=False)
        except discord.HTTPException as error:
            log.info("could not make game %s's channel read-only: %s", row.id, error)
        await self.tables.storage.update_game(row.id, cleanup_at=time.time() + self.bot.settings.cleanup_after)

    @tasks.loop(minutes=5)
    async def cleanup(self) -> None:
        for row in await self.tables.storage.games(OVER, "abandoned"):
            if row.cleanup_at is not None and row.cleanup_at <= time.time() and row.channel_id:
                channel = await self.presenter.channel(row.channel_id)
                if channel is not None and channel.id != row.lobby_channel_id:
                    await self._delete_quietly(channel)
                await self.tables.storage.update_game(row.id, cleanup_at=None)

    @cleanup.before_loop
    async def _wait_ready(self) -> None:
        await self.bot.wait_until_ready()
