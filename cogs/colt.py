"""The /colt commands and the clicks on the bot's buttons: parse, check, call the table, show."""

from __future__ import annotations

import contextlib
import io
import logging
import time
from collections.abc import Awaitable, Callable
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands, tasks

from cogs import rules_text, texts
from cogs.advice import Advice
from cogs.autopilot import Autopilot
from cogs.components import AbandonButton, HandButton, is_ours, valid_id
from cogs.delivery import DESCRIPTION_LIMIT
from cogs.hooks import HOOKS
from cogs.learn import Learning
from cogs.outbox import Outbox
from cogs.presenter import Presenter
from cogs.story import as_it_stands, waiting_clock
from cogs.translator import command_list, command_text, option_choices
from cogs.tree import TOLD, say
from engine import observe
from engine.ai import LEVELS
from engine.lessons import topics as lesson_topics
from lang import CODES, Language, for_locale, language
from render import text
from render.hand import hand_order
from table.advice import Advisor
from table.config import Settings
from table.lessons import Lessons
from table.pace import PACES
from table.ratings import ordinal, player_key
from table.service import TEAM, Outcome, TableError, Tables
from table.store import LOBBY, OVER, RUNNING, GameRow

log = logging.getLogger(__name__)


CLEANUP_RETRY = 3600.0  # seconds before a channel's deletion claimed by a process that died is tried again
SWEEP_EVERY = 30.0  # seconds between two looks for what no process is doing (decisions, messages)
# The base lobby's buttons; a part in play may add its own (cogs.hooks ``lobby_buttons``).
LOBBY_ACTIONS = ("join", "leave", "start", "cancel")
LANGUAGE_CHOICES = [app_commands.Choice(name=language(code).text("language.name"), value=code) for code in CODES]


class Colt(commands.Cog):
    colt = app_commands.Group(name=command_text("command.colt.name"),
                              description=command_text("command.colt.description"), guild_only=True)

    def __init__(self, bot: commands.Bot, *, settings: Settings, tables: Tables, presenter: Presenter, outbox: Outbox,
                 pause: Callable[[float], Awaitable[None]]) -> None:
        """``bot`` for Discord; the table's parts (cogs.app ``ColtBot`` makes them) given one by one, so
        that this cog needs nothing of the bot's own class."""
        self.bot, self.settings, self.outbox = bot, settings, outbox
        self.tables = tables
        self.presenter = presenter
        self.readers = presenter.readers
        # A lesson's 💡 thinks as long as a hard AI bandit does, as a game's does.
        lessons = Lessons(tables.storage, tables.workers, hint_budget_ms=settings.ai_budget_ms, metrics=tables.metrics)
        self.learning = Learning(lessons, presenter.readers, presenter.pictures)
        self.autopilot = Autopilot(self.tables, self._after, think=settings.ai_think,
                                   budget_ms=settings.ai_budget_ms, pause=pause)
        # Hints think as long as a hard AI bandit does.
        self.advice = Advice(Advisor(tables, budget_ms=settings.ai_budget_ms), self.readers, presenter.pictures)

    async def cog_load(self) -> None:
        self.cleanup.start()
        if self.tables.storage.shared:  # other processes may die with work in hand
            self.sweep.start()

    async def cog_unload(self) -> None:
        self.cleanup.cancel()
        self.sweep.cancel()
        await self.autopilot.close()

    async def resume_games(self) -> None:
        """After a start: what was waiting to be shown is delivered, timers and AI seats are watched.

        Prompts already in people's DMs keep working (their buttons carry game and step), so
        nothing is drawn or sent again; a simulated Discord that starts empty (the local table)
        gets the whole table shown anew instead."""
        await self.outbox.sweep()
        rows = await self.tables.storage.games(RUNNING)
        seats = await self.tables.storage.players_of([row.id for row in rows])
        for row in rows:
            self.autopilot.watch(row.id, row=row, players=seats[row.id])
        if self.settings.fresh_world:
            # An open lobby's message is gone with the old world, and its buttons with it: closed,
            # and told to those who joined.
            for lobby in await self.tables.storage.games(LOBBY):
                await self.tables.close_lobby(lobby.id)
            for row in rows:
                try:
                    await self._show_again(row)
                except Exception:
                    log.exception("could not show game %s again", row.id, extra={"game": row.id})
            await self.learning.show_again(self.bot)

    async def _show_again(self, row: GameRow) -> None:
        state = await self.tables.state(row.id, row)
        players = await self.tables.storage.players(row.id)
        await self.presenter.deliver(await self.presenter.table_again(row, players, state))

    # --- helpers -------------------------------------------------------------------------------

    @staticmethod
    async def _refuse(interaction: discord.Interaction, text: str) -> None:
        """Tell the clicker (only them) why nothing happened."""
        await say(interaction, text)

    async def refuse_click(self, interaction: discord.Interaction) -> None:
        """A click on an id none of the bot's buttons has (crafted, or from some other bot) or with
        a number no game can have: the clicker is told, and nothing changes."""
        lang = await self.readers.answering(interaction)
        await self._refuse(interaction, lang.text("error.unknown-button"))

    @commands.Cog.listener()
    async def on_interaction(self, interaction: discord.Interaction) -> None:
        """discord.py hands a click to the item whose template matches its id and drops any other
        without an answer (the clicker would read "This interaction failed"): those are refused
        here. A matching id is its item's to answer (cogs.components), never this listener's."""
        if interaction.type is discord.InteractionType.component:
            custom_id = (interaction.data or {}).get("custom_id")  # type: ignore[call-overload]
            if not (isinstance(custom_id, str) and is_ours(custom_id)):
                await self.refuse_click(interaction)

    async def cog_app_command_error(self, interaction: discord.Interaction,
                                    error: app_commands.AppCommandError) -> None:
        """A value none of an option's choices has: Discord's clients offer only the choices, but a
        crafted request, or a client with an old copy of the commands, may carry any. discord.py
        refuses it before the command runs (a ``Choice`` parameter), so nothing is stored; the
        person is told which values are taken. Any other error is the tree's to tell and log."""
        command, option = interaction.command, None
        if isinstance(error, app_commands.TransformerError) and isinstance(command, app_commands.Command):
            option = next((p for p in command.parameters
                           if p.choices and error.value not in [c.value for c in p.choices]), None)
        if option is None:
            return  # the tree tells the person and logs it (cogs.tree)
        lang = await self.readers.answering(interaction)
        command_name, name, choices = await option_choices(option, self.bot.tree, lang)
        await self._refuse(interaction, lang.text("reply.not-a-choice", command=command_name, option=name,
                                                  choices=" · ".join(choices)))
        interaction.extras[TOLD] = True

    async def _game_here(self, interaction: discord.Interaction) -> GameRow | None:
        """The game of this channel (or the player's only running game)."""
        row = await self.tables.storage.game_in_channel(interaction.channel_id or 0)
        if row is None:
            mine = await self.tables.storage.games_of_user(interaction.user.id, LOBBY, RUNNING)
            row = mine[0] if len(mine) == 1 else None
        return row

    # --- commands ------------------------------------------------------------------------------

    @colt.command(name=command_text("command.new.name"), description=command_text("command.new.description"))
    @app_commands.rename(language=command_text("command.new.language.name"))
    @app_commands.describe(language=command_text("command.new.language.description"))
    @app_commands.choices(language=LANGUAGE_CHOICES)
    async def new(self, interaction: discord.Interaction, language: app_commands.Choice[str] | None = None) -> None:
        assert interaction.guild is not None and interaction.channel_id is not None
        lang = await self.readers.seen(interaction)
        game_language = language.value if language else for_locale(interaction.guild.preferred_locale).code
        try:
            lobby = await self.tables.new_lobby(guild_id=interaction.guild.id, channel_id=interaction.channel_id,
                                                host_id=interaction.user.id, language=game_language)
        except TableError as error:
            await self._refuse(interaction, error.text(lang))
            return
        await interaction.response.send_message(embed=self.presenter.lobby_embed(lobby),
                                                view=self.presenter.lobby_view(lobby))
        message = await interaction.original_response()
        await self.tables.storage.update_game(lobby.game.id, lobby_message_id=message.id)
        await self.presenter.deliver([self.presenter.hello(lobby.game, interaction.user.id, lang)])

    @colt.command(name=command_text("command.hand.name"), description=command_text("command.hand.description"))
    async def hand(self, interaction: discord.Interaction) -> None:
        lang = await self.readers.seen(interaction)
        row = await self._game_here(interaction)
        if row is None or row.status != RUNNING:
            mine = await self.tables.storage.games_of_user(interaction.user.id, RUNNING)
            if len(mine) > 1:  # not in a game's channel, and several games: which one?
                view = discord.ui.View(timeout=None)
                for game in mine[:25]:
                    view.add_item(HandButton(game.id, lang.text("button.game", game=game.id)))
                await interaction.response.send_message(lang.text("reply.which-game"), view=view, ephemeral=True)
                return
            await self._refuse(interaction, lang.text("reply.no-running-game"))
            return
        await self.on_show_hand(interaction, row.id)

    @colt.command(name=command_text("command.status.name"), description=command_text("command.status.description"))
    async def status(self, interaction: discord.Interaction) -> None:
        lang = await self.readers.seen(interaction)
        row = await self._game_here(interaction)
        if row is None or row.snapshot is None:
            await self._refuse(interaction, lang.text("reply.no-started-game"))
            return
        await interaction.response.defer(ephemeral=True, thinking=True)
        state = await self.tables.state(row.id)
        public = as_it_stands(state)
        picture = await self.presenter.pictures.train(public, lang)
        text = self.presenter.status_text(public, lang, waiting_clock(row, state.step, lang),
                                          await self.tables.storage.players(row.id))
        await interaction.followup.send(text, ephemeral=True, file=discord.File(
            io.BytesIO(picture.data), "train.png", description=picture.description[:DESCRIPTION_LIMIT]))

    @colt.command(name=command_text("command.rules.name"), description=command_text("command.rules.description"))
    @app_commands.rename(topic=command_text("command.rules.topic.name"))
    @app_commands.describe(topic=command_text("command.rules.topic.description"))
    @app_commands.choices(topic=[app_commands.Choice(name=command_text(f"rules.topic.{t}"), value=t)
                                 for t in rules_text.topics()])
    async def rules(self, interaction: discord.Interaction, topic: app_commands.Choice[str] | None = None) -> None:
        lang = await self.readers.seen(interaction)
        await interaction.response.send_message(rules_text.topic(lang, topic.value if topic else "overview"),
                                                ephemeral=True)

    @colt.command(name=command_text("command.learn.name"), description=command_text("command.learn.description"))
    @app_commands.rename(topic=command_text("command.learn.topic.name"))
    @app_commands.describe(topic=command_text("command.learn.topic.description"))
    @app_commands.choices(topic=[app_commands.Choice(name=command_text(f"lesson.topic.{t}"), value=t)
                                 for t in lesson_topics()])
    async def learn(self, interaction: discord.Interaction, topic: app_commands.Choice[str] | None = None) -> None:
        """A guided lesson in the person's DMs (cogs.learn): it counts for no rating."""
        await self.learning.learn(interaction, topic.value if topic else None)

    async def on_lesson(self, interaction: discord.Interaction, lesson_id: int, step: int, what: str) -> None:
        await self.learning.on_click(interaction, lesson_id, step, what)

    @colt.command(name=command_text("command.leave.name"), description=command_text("command.leave.description"))
    async def leave(self, interaction: discord.Interaction) -> None:
        lang = await self.readers.seen(interaction)
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
            await self._refuse(interaction, lang.text("reply.several-games" if mine else "reply.not-in-game"))
            return
        try:
            await self.tables.step_away(running.id, interaction.user.id)
        except TableError as error:
            await self._refuse(interaction, error.text(lang))
            return
        await interaction.response.send_message(lang.text("reply.stepped-away"),
                                                view=self.presenter.back_view(running.id, lang), ephemeral=True)
        self.autopilot.watch(running.id)

    @colt.command(name=command_text("command.abandon.name"),
                  description=command_text("command.abandon.description"))
    async def abandon(self, interaction: discord.Interaction) -> None:
        """Asks first (only the asker sees it): a game played over days must not end by a slip."""
        lang = await self.readers.seen(interaction)
        row = await self._game_here(interaction)
        if row is None:
            await self._refuse(interaction, lang.text("reply.nothing-to-abandon"))
            return
        user = interaction.user.id
        try:
            await self.tables.may_abandon(row.id, user, may_manage=interaction.permissions.manage_guild)
        except TableError as error:
            await self._refuse(interaction, error.text(lang))
            return
        view = discord.ui.View(timeout=None)
        view.add_item(AbandonButton(row.id, user, "yes", lang.text("button.abandon", game=row.id)))
        view.add_item(AbandonButton(row.id, user, "no", lang.text("button.keep-game")))
        await interaction.response.send_message(lang.text("abandon.confirm", game=row.id), view=view, ephemeral=True)

    async def on_abandon(self, interaction: discord.Interaction, game_id: int, user_id: int, confirmed: bool) -> None:
        """The answer to /colt abandon's question, from its asker only; the game may have ended since."""
        lang = await self.readers.seen(interaction)
        if interaction.user.id != user_id:
            await self._refuse(interaction, lang.text("abandon.not-yours"))
            return
        if not confirmed:
            await self._answer_question(interaction, lang.text("abandon.kept", game=game_id))
            return
        if not valid_id(game_id):
            await self._refuse(interaction, lang.text("error.stale"))
            return
        try:
            row = await self.tables.abandon(game_id, user_id, may_manage=interaction.permissions.manage_guild)
        except TableError as error:
            await self._refuse(interaction, error.text(lang))
            return
        await self._answer_question(interaction, lang.text("abandon.done", game=game_id))
        self.autopilot.forget(row.id)
        await self._close_channel(row)
        await self.presenter.show_lobby(await self.tables.lobby(row.id))

    @staticmethod
    async def _answer_question(interaction: discord.Interaction, text: str) -> None:
        """The asker's question (an ephemeral message) becomes its answer, without buttons; a
        crafted click on any other message of the bot's gets its answer apart, leaving it as it was."""
        message = interaction.message
        if message is not None and message.flags.ephemeral:
            await interaction.response.edit_message(content=text, view=None)
        else:
            await interaction.response.send_message(text, ephemeral=True)

    @colt.command(name=command_text("command.stats.name"), description=command_text("command.stats.description"))
    async def stats(self, interaction: discord.Interaction) -> None:
        assert interaction.guild is not None
        lang = await self.readers.seen(interaction)
        rows = await self.tables.storage.stats(interaction.guild.id)
        if not rows:
            await interaction.response.send_message(lang.text("reply.no-stats"), ephemeral=True)
            return
        ratings = await self.tables.storage.ratings(interaction.guild.id)
        rated = {r["player"]: ordinal(r["mu"], r["sigma"]) for r in ratings}

        def rating(player: str) -> str:
            return lang.text("stats.rating", rating=lang.decimal(rated.get(player, 0.0)))

        # People by rating (their wins, titles and best score beside it), then the AI levels' ratings.
        rows.sort(key=lambda r: -rated.get(player_key(r["user_id"], None), float("-inf")))
        lines = [lang.text("stats.line", user=r["user_id"], games=lang.text("stats.games", n=r["games"]),
                           wins=lang.text("stats.wins", n=r["wins"]),
                           titles=lang.text("stats.titles", n=r["gunslingers"]), best=r["best"])
                 + ", " + rating(player_key(r["user_id"], None))
                 for r in rows[:20]]
        ai_games = {r["player"]: r["games"] for r in ratings}
        lines += [lang.text("stats.ai-line", ai=texts.ai_name(lang, level),
                            games=lang.text("stats.games", n=ai_games[f"ai:{level}"]),
                            rating=lang.decimal(rated[f"ai:{level}"]))
                  for level in LEVELS if f"ai:{level}" in rated]
        embed = discord.Embed(title=lang.text("stats.title"), description="\n".join(lines))
        await interaction.response.send_message(embed=embed, allowed_mentions=discord.AllowedMentions.none())

    @colt.command(name=command_text("command.help.name"), description=command_text("command.help.description"))
    async def help(self, interaction: discord.Interaction) -> None:
        """How to play here, then every command of the tree (none can be left out), in the reader's
        language: an embed, which has room for them all."""
        lang = await self.readers.seen(interaction)
        intro = lang.text("help", **{name: lang.text(f"command.{name}.name") for name in ("new", "hand", "leave")})
        commands = [lang.text("help.command", command=name, description=words)
                    for name, words in await command_list(self.colt, self.bot.tree, lang)]
        embed = discord.Embed(description="\n".join([intro, "", lang.text("help.commands"), *commands]))
        await interaction.response.send_message(embed=embed, ephemeral=True)

    @colt.command(name=command_text("command.language.name"),
                  description=command_text("command.language.description"))
    @app_commands.rename(choice=command_text("command.language.choice.name"))
    @app_commands.describe(choice=command_text("command.language.choice.description"))
    @app_commands.choices(choice=[*LANGUAGE_CHOICES,
                                  app_commands.Choice(name=command_text("command.language.discord"), value="discord")])
    async def language(self, interaction: discord.Interaction, choice: app_commands.Choice[str]) -> None:
        await self.readers.seen(interaction)
        chosen = choice.value if choice.value in CODES else None  # else "discord": follow Discord's
        lang = await self.readers.choose(interaction.user.id, chosen)
        key = "reply.language" if chosen else "reply.language.discord"
        await interaction.response.send_message(lang.text(key, language=lang.text("language.in-text")), ephemeral=True)

    @colt.command(name=command_text("command.pause.name"), description=command_text("command.pause.description"))
    async def pause(self, interaction: discord.Interaction) -> None:
        await self._retime(interaction, lambda row, manager: self.tables.pause(
            row.id, interaction.user.id, may_manage=manager))

    @colt.command(name=command_text("command.resume.name"), description=command_text("command.resume.description"))
    async def resume(self, interaction: discord.Interaction) -> None:
        await self._retime(interaction, lambda row, manager: self.tables.resume(
            row.id, interaction.user.id, may_manage=manager))

    @colt.command(name=command_text("command.pace.name"), description=command_text("command.pace.description"))
    @app_commands.rename(pace=command_text("command.pace.pace.name"))
    @app_commands.describe(pace=command_text("command.pace.pace.description"))
    @app_commands.choices(pace=[app_commands.Choice(name=command_text(f"option.timer.{name}"),
                                                    value=texts.pace_value(name)) for name in PACES])
    async def pace(self, interaction: discord.Interaction, pace: app_commands.Choice[str]) -> None:
        await self._retime(interaction, lambda row, manager: self.tables.set_pace(
            row.id, interaction.user.id, texts.pace_named(pace.value), may_manage=manager))

    async def _retime(self, interaction: discord.Interaction,
                      change: Callable[[GameRow, bool], Awaitable[GameRow]]) -> None:
        """Pause, resume or pace the game of this channel (the host or a server manager): the channel
        is told by the table; the person who asked gets a short confirmation."""
        lang = await self.readers.seen(interaction)
        row = await self._game_here(interaction)
        if row is None or row.status != RUNNING:
            await self._refuse(interaction, lang.text("reply.no-running-game"))
            return
        try:
            row = await change(row, interaction.permissions.manage_guild)
        except TableError as error:
            await self._refuse(interaction, error.text(lang))
            return
        await interaction.response.send_message(lang.text("reply.done"), ephemeral=True)
        self.autopilot.watch(row.id)

    @colt.command(name=command_text("command.notify.name"), description=command_text("command.notify.description"))
    @app_commands.rename(reminders=command_text("command.notify.reminders.name"))
    @app_commands.describe(reminders=command_text("command.notify.reminders.description"))
    @app_commands.choices(reminders=[app_commands.Choice(name=command_text("command.notify.on"), value="on"),
                                     app_commands.Choice(name=command_text("command.notify.off"), value="off")])
    async def notify(self, interaction: discord.Interaction, reminders: app_commands.Choice[str]) -> None:
        lang = await self.readers.seen(interaction)
        on = reminders.value == "on"
        async with self.tables.storage.transaction() as tx:
            tx.set_reminders(interaction.user.id, on)
        await interaction.response.send_message(lang.text("reply.reminders-on" if on else "reply.reminders-off"),
                                                ephemeral=True)

    # --- lobby clicks --------------------------------------------------------------------------

    async def on_lobby_button(self, interaction: discord.Interaction, game_id: int, action: str) -> None:
        if action not in LOBBY_ACTIONS and action not in HOOKS.lobby_buttons:
            await self.refuse_click(interaction)  # a button no part has (crafted): as any unknown button
            return
        await self._lobby_action(interaction, game_id, action)

    async def _lobby_action(self, interaction: discord.Interaction, game_id: int, action: str) -> None:
        user = interaction.user.id
        lang = await self.readers.seen(interaction)
        try:
            if action == "join":
                lobby, reply = await self.tables.join(game_id, user), "reply.joined"
            elif action == "leave":
                lobby, reply = await self.tables.leave_lobby(game_id, user), "reply.left"
            elif action == "cancel":
                lobby, reply = await self.tables.cancel(game_id, user), "reply.cancelled"
            elif action in HOOKS.lobby_buttons:  # a part's own button (the teams drawn, V-4.1; the events, M-40)
                done = await HOOKS.lobby_buttons[action](self.tables, interaction, game_id, lang)
                if done is None:
                    return  # it answered the click itself (the host's menu of the events, M-40)
                lobby, reply = done
            else:
                await self._start(interaction, game_id)
                return
        except TableError as error:
            await self._lobby_refused(interaction, game_id, error.text(lang))
            return
        await self._ack(interaction, lang.text(reply))
        await self.presenter.show_lobby(lobby)
        if action == "join":
            await self.presenter.deliver([self.presenter.hello(lobby.game, user, await self.readers.of_user(user))])

    @staticmethod
    async def _ack(interaction: discord.Interaction, text: str) -> None:
        if not interaction.response.is_done():
            await interaction.response.send_message(text, ephemeral=True)

    async def _lobby_refused(self, interaction: discord.Interaction, game_id: int, text: str) -> None:
        """A refused lobby click: the clicker hears why (only them), and the lobby's message is drawn
        again as the lobby stands, so that no menu keeps showing the refused choice (a client keeps a
        select's pick until its message is redrawn)."""
        await self._refuse(interaction, text)
        if not valid_id(game_id):
            return
        try:
            lobby = await self.tables.lobby(game_id)
        except TableError:
            return  # no such game: no message to draw
        await self.presenter.show_lobby(lobby)

    async def on_lobby_select(self, interaction: discord.Interaction, game_id: int, name: str,
                              values: list[str]) -> None:
        user = interaction.user.id
        lang = await self.readers.seen(interaction)
        try:
            if name == "character":  # one pick, or two bandits at once in the two-player game (V-3.1)
                picks = [v for v in values if v != "random"]
                lobby = await self.tables.choose_character(game_id, user, TEAM.join(picks[:2]) or None)
                reply = self.presenter.character_reply(lobby, user, lang)
            elif name == "toggles":
                lobby = await self.tables.lobby(game_id)
                for option in texts.TOGGLES:
                    lobby = await self.tables.set_option(game_id, user, option, option in values)
                reply = lang.text("reply.options")
            elif name == "rules":
                lobby = await self.tables.lobby(game_id)
                current = {**lobby.game.options, "language": lobby.game.language}
                for option, choice in _newly_chosen(values, current).items():
                    if option == "language":
                        lobby = await self.tables.set_language(game_id, user, choice)
                    else:
                        lobby = await self.tables.set_option(game_id, user, option, choice)
                reply = lang.text("reply.options")
            elif name in HOOKS.lobby_choices:  # a part's own select (the events chosen, M-40)
                lobby, key = await HOOKS.lobby_choices[name](self.tables, game_id, user, name, values)
                reply = lang.text(key)
            elif name == "ai":
                verb, what, *more = [*(values[0] if values else "").split(":"), ""]  # verb:what[:with]:seats
                if verb == "add":
                    lobby = await self.tables.add_ai(game_id, user, what)
                    reply = lang.text("reply.ai-added", ai=texts.ai_name(lang, what))
                elif verb == "remove" and (seat := _seat(what)) is not None:
                    lobby = await self.tables.remove_ai(game_id, user, seat)
                    reply = lang.text("reply.ai-removed")
                elif verb == "pair" and (seat := _seat(what)) is not None and (mate := _seat(more[0])) is not None:
                    lobby = await self.tables.pair(game_id, user, seat, mate)
                    reply = lang.text("reply.paired")
                elif (role := texts.role(verb)) is not None and (seat := _seat(what)) is not None:
                    lobby = await self.tables.set_role(game_id, user, seat, role.name)  # the Marshal (M-1)
                    reply = lang.text(role.made_key)
                elif verb in texts.SEAT_OPTIONS:  # Silk's power (M-31)
                    lobby = await self.tables.set_option(game_id, user, verb, what)
                    reply = lang.text("reply.options")
                else:
                    raise TableError("error.choose-ai")
            else:
                raise TableError("error.unknown-setting")
        except TableError as error:
            await self._lobby_refused(interaction, game_id, error.text(lang))
            return
        await self._ack(interaction, reply)
        await self.presenter.show_lobby(lobby)  # drawn anew after every choice: each select shows no pick

    async def _start(self, interaction: discord.Interaction, game_id: int) -> None:
        """The host's Start: refused before any channel is made when the lobby cannot start as it
        stands (the table checks and deals it); should anything fail once the channel is made, the
        channel is deleted, the lobby is open again and the host is told."""
        lang = await self.readers.seen(interaction)
        try:
            lobby = await self.tables.claim_start(game_id, interaction.user.id)
        except TableError as error:
            await self._lobby_refused(interaction, game_id, error.text(lang))
            return
        await interaction.response.defer(ephemeral=True, thinking=True)
        guild = interaction.guild
        assert guild is not None
        channel = None
        try:
            channel = await self._open_table(guild, interaction.channel, lobby.game)
            if channel is None:
                raise TableError("reply.no-table", category=self.settings.category)
            outcome = await self.tables.start(game_id, interaction.user.id, channel.id)
        except Exception as error:
            if not isinstance(error, TableError):
                log.exception("game %s could not start", game_id, extra={"game": game_id})
            await self.tables.release_start(game_id)
            if channel is not None and (await self.tables.row(game_id)).channel_id != channel.id:
                await self._delete_quietly(channel)  # no game plays there
            await self._lobby_refused(interaction, game_id, error.text(lang) if isinstance(error, TableError)
                                      else lang.text("error.start-failed"))
            return
        await interaction.followup.send(lang.text("reply.game-on", channel=channel.mention), ephemeral=True)
        await self.presenter.show_lobby(await self.tables.lobby(game_id))
        await self._after(outcome)

    async def _open_table(self, guild: discord.Guild, here: Any, row: GameRow) -> Any:
        """A channel in the Colt Express category if allowed, else a thread in the lobby's channel."""
        lang = self.readers.of_game(row)
        if guild.me.guild_permissions.manage_channels:
            try:
                category = discord.utils.get(guild.categories, name=self.settings.category)
                if category is None:
                    category = await guild.create_category(self.settings.category)
                return await guild.create_text_channel(f"colt-express-{row.id}", category=category,
                                                       topic=lang.text("table.channel-topic", game=row.id))
            except discord.HTTPException as error:
                log.info("no channel for game %s (%s); trying a thread", row.id, error, extra={"game": row.id})
        if isinstance(here, discord.TextChannel):
            try:
                return await here.create_thread(name=lang.text("table.thread-name", game=row.id),
                                                type=discord.ChannelType.public_thread)
            except discord.HTTPException as error:
                log.info("no thread for game %s (%s)", row.id, error, extra={"game": row.id})
        return None

    async def channel_lost(self, game_id: int, lost: int) -> str:
        """A game's channel is gone (deleted, or the bot lost access): the table moves to a new one."""
        async def open_channel(row: GameRow) -> int | None:
            guild = self.bot.get_guild(row.guild_id)
            if guild is None:
                return None
            channel = await self._open_table(guild, guild.get_channel(row.lobby_channel_id), row)
            return channel.id if channel is not None else None

        return await self.tables.move_table(game_id, lost, open_channel)

    @commands.Cog.listener()
    async def on_guild_channel_delete(self, channel: discord.abc.GuildChannel) -> None:
        await self._channel_deleted(channel.id)

    @commands.Cog.listener()
    async def on_raw_thread_delete(self, payload: discord.RawThreadDeleteEvent) -> None:
        await self._channel_deleted(payload.thread_id)

    async def _channel_deleted(self, channel_id: int) -> None:
        row = await self.tables.storage.game_in_channel(channel_id)
        if row is not None and row.status == RUNNING and row.channel_id == channel_id:
            try:
                await self.channel_lost(row.id, channel_id)
            except Exception:
                log.exception("game %s lost its channel and could not get a new one now", row.id,
                              extra={"game": row.id})

    @staticmethod
    async def _delete_quietly(channel: Any) -> None:
        with contextlib.suppress(discord.HTTPException):
            await channel.delete()

    # --- playing -------------------------------------------------------------------------------

    async def on_answer(self, interaction: discord.Interaction, game_id: int, step: int, answer: str) -> None:
        await interaction.response.defer()
        lang = await self.readers.seen(interaction)
        if not (valid_id(game_id) and valid_id(step)):
            await interaction.followup.send(lang.text("error.stale"), ephemeral=True)
            return
        try:
            outcome = await self.tables.answer(game_id, interaction.user.id, step, answer,
                                               clicked_at=interaction.created_at.timestamp())
        except TableError as error:
            await interaction.followup.send(error.text(lang), ephemeral=True)
            return
        await self._after(outcome)

    async def _after(self, outcome: Outcome) -> None:
        """After a change was written (and what it shows): watch the next decision, or close the table."""
        if outcome.row.status == OVER:
            self.autopilot.forget(outcome.game_id)
            await self._close_channel(outcome.row)
            return
        self.autopilot.watch(outcome.game_id)

    async def on_back(self, interaction: discord.Interaction, game_id: int) -> None:
        lang = await self.readers.seen(interaction)
        try:
            await self.tables.back(game_id, interaction.user.id)
        except TableError as error:
            await self._refuse(interaction, error.text(lang))
            return
        await interaction.response.send_message(lang.text("reply.back"), ephemeral=True)
        self.autopilot.watch(game_id)

    async def _playing(self, interaction: discord.Interaction, game_id: int,
                       lang: Language) -> tuple[GameRow, int] | None:
        """The running game ``game_id`` and the clicker's seat in it; else the clicker is told why not."""
        seat = await self.tables.seat_of(game_id, interaction.user.id) if valid_id(game_id) else None
        if seat is None:
            await self._refuse(interaction, lang.text("reply.not-playing"))
            return None
        row = await self.tables.row(game_id)
        if row.status != RUNNING:
            await self._refuse(interaction, lang.text("reply.not-running"))
            return None
        return row, seat

    async def on_show_hand(self, interaction: discord.Interaction, game_id: int) -> None:
        lang = await self.readers.seen(interaction)
        playing = await self._playing(interaction, game_id, lang)
        if playing is None:
            return
        row, seat = playing
        await interaction.response.defer(ephemeral=True, thinking=True)
        state = await self.tables.state(game_id, row)
        prompt = self.presenter.prompt_now(row, state, seat, lang)
        if prompt.hand:
            drawn = await self.presenter.pictures.hand(prompt.hand, lang)
        elif prompt.choice:  # a choice of Stealin': the train as the chooser sees it, the options ringed
            drawn = await self.presenter.pictures.choice(prompt.choice, lang)
        else:
            drawn = None
        files = [discord.File(io.BytesIO(drawn.data), "hand.png", description=drawn.description[:DESCRIPTION_LIMIT])
                 ] if drawn else []
        await interaction.followup.send(prompt.content, view=prompt.view, files=files, ephemeral=True)

    async def on_help(self, interaction: discord.Interaction, game_id: int, step: int) -> None:
        """"Help" on a DM prompt, only to the clicker, in their language: a line per answer of their
        decision pending at ``step`` (B-6.2 planning, B-7.4–B-7.9 the actions, B-7.8 Punch's drop and
        landing, B-9.4 Cheyenne, B-10.6 Pickpocketing, V-1.2 the Expert discard); with no decision of
        theirs there (or a past step), a line per card of their hand (B-6.3: bullets are dead). Built
        from their own observation only."""
        lang = await self.readers.seen(interaction)
        playing = await self._playing(interaction, game_id, lang)
        if playing is None:
            return
        row, seat = playing
        mine = observe(await self.tables.state(game_id, row), seat)
        pending = mine["pending"]

        def does(answer: str) -> str:
            kind, _, value = answer.partition(" ")
            verb, _, card = value.partition(" ")
            if kind == "plan":
                action = card.partition(":")[2]
                return lang.text(f"help.card.{action}" if verb == "play" else f"help.{verb}")
            for key in (f"help.choice.{kind}.{value}", f"help.choice.{kind}"):  # an answer's own words first
                if lang.has(key):
                    return lang.text(key)
            return lang.text("help.choice.other")

        def line(label: str, words: str) -> str:
            return lang.text("help.line", label=label, text=words)

        if pending is not None and pending["seat"] == seat and step == mine["step"]:
            lines = [lang.text("help.title")]
            lines += [line(texts.answer_label(lang, a), does(a)) for a in pending["options"]]
        else:
            hand = mine["seats"][seat]["hand"]
            cards = hand_order({c for c in hand if not c.startswith("bullet:")})
            lines = [lang.text("help.hand")]
            lines += [line(texts.card_label(lang, c), does(f"plan play {c}")) for c in cards]
            if any(c.startswith("bullet:") for c in hand):
                lines.append(line(text.action_name("bullet", lang), lang.text("help.card.bullet")))
            if len(lines) == 1:
                lines = [lang.text("help.none")]
        for more in HOOKS.help_lines:  # an expansion's (the Marshal player's objectives, M-6)
            lines += more(lang, mine, seat)
        await interaction.response.send_message("\n".join(lines)[:2000], ephemeral=True)

    async def on_hint(self, interaction: discord.Interaction, game_id: int, step: int) -> None:
        await self.advice.hint(interaction, game_id, step)

    async def on_review(self, interaction: discord.Interaction, game_id: int) -> None:
        await self.advice.review(interaction, game_id)

    # --- the end -------------------------------------------------------------------------------

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

    async def _close_channel(self, row: GameRow) -> None:
        """Keep a finished game's channel read-only; it is deleted after the configured delay."""
        channel = await self._channel(row.channel_id)
        if channel is None:
            return
        try:
            if isinstance(channel, discord.Thread):
                await channel.edit(locked=True)
            else:
                # The bot keeps its voice: the final count and the replay are still on their way.
                await channel.set_permissions(channel.guild.me, send_messages=True, attach_files=True)
                await channel.set_permissions(channel.guild.default_role, send_messages=False)
        except discord.HTTPException as error:
            log.info("could not make game %s's channel read-only: %s", row.id, error, extra={"game": row.id})
        await self.tables.storage.update_game(row.id, cleanup_at=time.time() + self.settings.cleanup_after)

    @tasks.loop(minutes=5)
    async def cleanup(self) -> None:
        """Delete the channels of games finished long enough ago: each one by one process only,
        however many share the database (a claim on the game); should it die before it is done,
        another one tries again an hour later."""
        storage, now = self.tables.storage, time.time()
        for row in await storage.to_clean(now):
            if row.cleanup_at is None or not await storage.claim_cleanup(row.id, row.cleanup_at, now + CLEANUP_RETRY):
                continue
            channel = await self._channel(row.channel_id)
            if channel is not None and channel.id != row.lobby_channel_id:
                await self._delete_quietly(channel)
            await storage.update_game(row.id, cleanup_at=None)

    @tasks.loop(seconds=SWEEP_EVERY)
    async def sweep(self) -> None:
        """What no process is doing, picked up: decisions and messages a process that shared the
        database had in hand when it died (or that nobody here was watching)."""
        try:
            await self.autopilot.sweep(SWEEP_EVERY)
            await self.outbox.sweep()
        except Exception:
            log.exception("the sweep failed; it runs again in %s s", SWEEP_EVERY)

    @cleanup.before_loop
    @sweep.before_loop
    async def _wait_ready(self) -> None:
        await self.bot.wait_until_ready()


def _seat(value: str) -> int | None:
    """A seat's number from a menu's value: ASCII digits, a few of them (``str.isdigit`` takes "²",
    which ``int`` refuses, and "٣", which it reads as 3), else None."""
    return int(value) if value.isascii() and value.isdigit() and len(value) <= 2 else None


def _newly_chosen(values: list[str], current: dict[str, Any]) -> dict[str, str]:
    """The rules menu's picks (``option=choice``), one per option: where the menu sends two for an
    option (the one it showed chosen, and the one just picked), the one just picked wins."""
    chosen: dict[str, str] = {}
    for value in values:
        option, _, choice = value.partition("=")
        if option not in chosen or choice != str(current.get(option)):
            chosen[option] = choice
    return chosen
