"""How a game looks on Discord: the lobby, the game's channel (cogs.story) and each player's DMs
(cogs.prompts).

Nothing here sends anything: every change of a game is turned into deliveries (table.store
``Delivery``) that the table writes in the change's own transaction, and the outbox delivers them
(cogs.outbox, cogs.delivery); pictures are drawn when they are delivered. Everything shown in a game
channel comes from ``observe(state, None)``; a player's DM from ``observe(state, seat)``. The channel
and the lobby speak the game's language, a player's DMs the player's own (cogs.readers).
"""

from __future__ import annotations

import logging
from dataclasses import asdict
from typing import Any

import discord

from cogs import texts
from cogs.components import LobbyButton, LobbySelect
from cogs.delivery import PictureSkipped, view_components
from cogs.endings import Endings
from cogs.hooks import HOOKS
from cogs.pictures import Drawn, Pictures
from cogs.prompts import Prompt, Prompts, back_view, timed_out_notice, to_user
from cogs.readers import Readers
from cogs.story import (
    PLANNING_KINDS,
    Story,
    deadline_text,
    people_of,
    player_label,
    player_name,
    table_view,
    to_game,
    waiting_clock,
)
from engine import Game, observe
from engine import lobby as declared
from engine.ai import LEVELS
from engine.data import base
from engine.lobby import SEAT
from engine.observe import observe_log
from engine.setup import seating
from engine.snapshot import loads
from lang import CODES, Language, english, language
from render import text
from table.seating import TEAM, bandits, bandits_each, team_choices
from table.service import (
    LOBBY_OPTIONS,
    MAX_PLAYERS,
    Lobby,
    Outcome,
    Tables,
    engine_options,
)
from table.store import LOBBY, Delivery, GameRow, PlayerRow

log = logging.getLogger(__name__)
UPLOAD_LIMIT = 8 * 1024 * 1024  # bytes a bot may attach in any server
# Characters of a seat's name in a menu's label (at most 100): one seat, or two in a pair's label.
SEAT_NAME, PAIRED_NAME = 45, 38


def team_label(lang: Language, options: dict[str, Any], seat: int) -> str:
    """A seat's team beside its name (partners side by side, V-4.1), or nothing."""
    teams = declared.partners(options)
    return lang.text("lobby.team", n=teams.team(seat)) if teams is not None and teams.team is not None else ""


class Presenter:
    """What every change shows (table.service ``Show``), and the lobby."""

    def __init__(self, bot: discord.Client, tables: Tables, pictures: Pictures) -> None:
        self.bot, self.tables, self.pictures = bot, tables, pictures
        self.readers = Readers(tables.storage)
        self.story = Story(tables)
        self.prompts = Prompts(self.readers, self.story)
        self.endings = Endings(self.readers)

    async def deliver(self, deliveries: list[Delivery]) -> None:
        """Deliveries that belong to no game change (the lobby, a hello)."""
        if deliveries:
            await self.tables.storage.enqueue(deliveries)

    # --- lobby ---------------------------------------------------------------------------------

    def lobby_embed(self, lobby: Lobby) -> discord.Embed:
        """The lobby's message: who sits where and the options; its words follow the game's status
        (open: how to start; running, over, cancelled: where the game is, or that it is not)."""
        row = lobby.game
        lang = self.readers.of_game(row)
        status = lang.text(f"lobby.status.{row.status}")
        embed = discord.Embed(title=lang.text("lobby.title", game=row.id), colour=discord.Colour(0xB5651D),
                              description=lang.text(f"lobby.description.{row.status}", status=status))
        seats = "\n".join(
            f"{p.seat + 1}. {player_label(lang, p)} — "
            + self._choice_name(lang, row.options, p.character)
            + (lang.text("lobby.host") if p.user_id == row.host_id else "")
            + team_label(lang, row.options, p.seat)
            for p in lobby.players
        )
        embed.add_field(name=lang.text("lobby.players", n=len(lobby.players), max=MAX_PLAYERS),
                        value=seats or lang.text("lobby.nobody"), inline=False)
        o = row.options
        lines = [texts.choice_line(lang, name, o[name], LOBBY_OPTIONS[name]) for name in texts.WHOLE_OPTIONS]
        lines += [texts.toggle_line(lang, name, bool(o.get(name))) for name in texts.TOGGLES]
        lines += [texts.choice_line(lang, name, o.get(name, LOBBY_OPTIONS[name][0])) for name in texts.CHOICE_OPTIONS]
        lines += [line for more in HOOKS.lobby_lines if (line := more(lang, o)) is not None]  # (M-40)
        lines.append(texts.chosen(lang.text("lobby.language", language=lang.text("language.name"))))
        embed.add_field(name=lang.text("lobby.options"), value="\n".join(lines), inline=False)
        if row.status != LOBBY and row.channel_id:
            embed.add_field(name=lang.text("lobby.table"), value=f"<#{row.channel_id}>", inline=False)
        return embed

    @staticmethod
    def _choice_name(lang: Language, options: dict[str, Any], character: str | None) -> str:
        """A seat's choice in the lobby: its bandit or pair, the first bandit of a pair still to
        be completed (V-3.1), or random."""
        if not character:
            return lang.text("lobby.random-bandit")
        if bandits(character) and len(bandits(character)) < bandits_each(options):
            return lang.text("lobby.second-to-choose", bandit=texts.cast_name(lang, character))
        return texts.cast_name(lang, character)

    @staticmethod
    def character_reply(lobby: Lobby, user_id: int, lang: Language) -> str:
        """What a player's choice of character made of their seat, told to them only."""
        character = next((p.character for p in lobby.players if p.user_id == user_id), None)
        if not character:
            return lang.text("reply.random-character")
        names = bandits(character) or [character]  # the Marshal (M-1) names no bandit
        nouns = text.names_list([text.bandit_noun(name, lang) for name in names], lang)
        if bandits(character) and len(names) < bandits_each(lobby.game.options):
            return lang.text("reply.first-bandit", bandit=nouns)  # the second is next (V-3.1)
        return lang.text("reply.character", bandit=nouns)

    def lobby_view(self, lobby: Lobby) -> discord.ui.View | None:
        row = lobby.game
        if row.status != LOBBY:
            return None
        lang = self.readers.of_game(row)
        view = discord.ui.View(timeout=None)
        # Each part in play may add a button (teams, V-4.1; the events, M-40); teams and the Marshal
        # never meet (M-1): five buttons at most, a row's room.
        for action in ("join", "leave", "start", "cancel", *declared.buttons(row.options)):
            view.add_item(LobbyButton(row.id, action, lang.text(f"lobby.{action}")))
        view.add_item(self._character_select(lobby, lang))
        o = row.options
        toggles = [discord.SelectOption(label=texts.toggle_label(lang, name), value=name, default=bool(o.get(name)))
                   for name in texts.TOGGLES]
        view.add_item(LobbySelect(row.id, "toggles", toggles, placeholder=lang.text("lobby.toggles"),
                                  max_values=len(toggles)))
        rules = [discord.SelectOption(label=texts.option_label(lang, name, value), value=f"{name}={value}",
                                      default=o.get(name, LOBBY_OPTIONS[name][0]) == value)
                 for name in texts.RULE_OPTIONS for value in LOBBY_OPTIONS[name]]
        # The game's language shares this select: a message has room for five rows only.
        rules += [discord.SelectOption(label=lang.text("lobby.language", language=language(code).text("language.name")),
                                       value=f"language={code}", default=code == lang.code) for code in CODES]
        # Every choice may be picked beside the ones shown chosen (Discord greys out the rest at the
        # maximum); the one just picked wins (cogs.colt._newly_chosen).
        view.add_item(LobbySelect(row.id, "rules", rules, placeholder=lang.text("lobby.rules"),
                                  max_values=len(rules)))
        seats = self._ai_seat_options(lobby, lang) + self._partner_options(lobby, lang)
        seats += self._role_options(lobby, lang) + self._seat_choice_options(lobby, lang)
        if seats:
            view.add_item(LobbySelect(row.id, "ai", seats,
                                      placeholder=lang.text(declared.seats_menu(row.options) or "lobby.ai")))
        return view

    @staticmethod
    def _character_select(lobby: Lobby, lang: Language) -> LobbySelect:
        """Each player's choice: a bandit, one of V-2's drawn pairs (V-2.2), a role (the Marshal, M-1),
        or random. In the two-player game (V-3.1) bandits one by one, two at most: the first, then the
        second (any two of the eight would make 28 pairs, more than a menu holds)."""
        row = lobby.game
        taken = {name for p in lobby.players for name in bandits(p.character)}
        pairs = team_choices(row.options, row.seed)
        one_by_one = pairs is None and bandits_each(row.options) > 1
        characters = [discord.SelectOption(label=lang.text("lobby.random-option"), value="random", emoji="🎲")] + [
            discord.SelectOption(label=texts.cast_name(lang, c), value=c,
                                 description=lang.text("lobby.taken") if set(c.split(TEAM)) & taken else None)
            for c in (pairs if pairs is not None else base().characters)
        ]
        for role in declared.roles(row.options):  # a person may ask to be the Marshal (M-1)
            taken_by = any(p.character == role.name for p in lobby.players)
            characters.append(discord.SelectOption(label=lang.text(role.pick_key), value=role.name, emoji=role.emoji,
                                                   description=lang.text("lobby.taken") if taken_by else None))
        if one_by_one:
            return LobbySelect(row.id, "character", characters, placeholder=lang.text("lobby.choose-two-bandits"),
                               max_values=2, min_values=1)
        return LobbySelect(row.id, "character", characters, placeholder=lang.text("lobby.choose-bandit"))

    def _role_options(self, lobby: Lobby, lang: Language) -> list[discord.SelectOption]:
        """The host gives a seat, a person's or an AI's, a role the options bring (the Marshal, M-1)."""
        seats, guild = len(lobby.players), lobby.game.guild_id
        return [discord.SelectOption(label=lang.text(role.make_key, seat=self._seat_name(lang, p, guild)),
                                     value=f"{role.name}:{p.seat}:{seats}", emoji=role.emoji)
                for role in declared.roles(lobby.game.options) for p in lobby.players if p.character != role.name]

    @staticmethod
    def _seat_choice_options(lobby: Lobby, lang: Language) -> list[discord.SelectOption]:
        """The host chooses an option shown among the seats menu's actions (Silk's one power, M-31),
        its choices that clash with no other option (no Dodge with a Marshal player). None is shown
        picked: this menu's choices are actions, and the embed tells the choice made."""
        o, seats = lobby.game.options, len(lobby.players)
        return [discord.SelectOption(label=texts.option_label(lang, option.name, value),
                                     value=f"{option.name}:{value}:{seats}", emoji=option.emoji)
                for option in declared.options() if option.menu == SEAT for value in declared.allowed(o, option.name)]

    def _partner_options(self, lobby: Lobby, lang: Language) -> list[discord.SelectOption]:
        """The host makes two players partners (V-4.1), for each two not partners yet; the value
        ends with the number of seats, as the AI options' do."""
        players, seats = lobby.players, len(lobby.players)
        teams = declared.partners(lobby.game.options)
        if teams is None or teams.partner is None:
            return []
        partner = teams.partner
        if seats > seating(engine_options(lobby.game.options)).max_players:
            return []  # too many seats for teams (V-4: 4 or 6): one leaves first, then partners are made
        guild = lobby.game.guild_id
        return [discord.SelectOption(label=lang.text("lobby.pair", a=self._seat_name(lang, a, guild, PAIRED_NAME),
                                                     b=self._seat_name(lang, b, guild, PAIRED_NAME)),
                                     value=f"pair:{a.seat}:{b.seat}:{seats}", emoji="🤝")
                for i, a in enumerate(players) for b in players[i + 1:]
                if partner(a.seat) != b.seat and partner(a.seat) < seats]

    def _seat_name(self, lang: Language, player: PlayerRow, guild_id: int, room: int = SEAT_NAME) -> str:
        """A seat as a select's label can show it (no mentions there): its number, and who sits
        when the bot knows the name (an AI's level; a member in its cache), in ``room`` characters."""
        seat = lang.text("lobby.seat-number", n=player.seat + 1)
        if player.user_id is None:
            return f"{seat} · {texts.ai_name(lang, str(player.ai))}"
        guild = self.bot.get_guild(guild_id)
        member = guild.get_member(player.user_id) if guild is not None else None
        return f"{seat} · {member.display_name}"[:room] if member is not None else seat

    @staticmethod
    def _ai_seat_options(lobby: Lobby, lang: Language) -> list[discord.SelectOption]:
        """Add an AI bandit of each level while there is room; remove each AI seat.

        Each value ends with the number of seats: the options are new values at every change of
        the table, so a client that keeps showing the last pick (SimCord's Preview does) still
        sends "add another Easy AI" when it is picked again."""
        options, seats = [], len(lobby.players)
        if len(lobby.players) < MAX_PLAYERS:
            options += [discord.SelectOption(label=lang.text("lobby.ai-add", ai=lang.text(f"ai.{level}")),
                                             value=f"add:{level}:{seats}", emoji="🤖",
                                             description=texts.ai_description(lang, level)) for level in LEVELS]
        options += [discord.SelectOption(label=lang.text("lobby.ai-remove", seat=p.seat + 1,
                                                         ai=lang.text(f"ai.{p.ai}")),
                                         value=f"remove:{p.seat}:{seats}", emoji="✖️")
                    for p in lobby.players if p.ai is not None]
        return options

    def lobby_message(self, lobby: Lobby) -> list[Delivery]:
        """The lobby's message brought up to date (players, options, the table's channel)."""
        row = lobby.game
        if row.lobby_message_id is None:
            return []
        return [Delivery(f"channel:{row.lobby_channel_id}", {
            "op": "edit", "message": row.lobby_message_id, "embeds": [self.lobby_embed(lobby).to_dict()],
            "view": view_components(self.lobby_view(lobby)), "missing": "skip"}, row.id)]

    async def show_lobby(self, lobby: Lobby) -> None:
        await self.deliver(self.lobby_message(lobby))

    async def lobby_closed(self, lobby: Lobby, *, by: int | None) -> list[Delivery]:
        """A lobby closed before its game started: each person who joined hears it by DM."""
        return await self.endings.lobby_closed(lobby.game, lobby.players, by=by)

    # --- the table (table.service Show) ---------------------------------------------------------

    async def game(self, outcome: Outcome) -> list[Delivery]:
        """What one change of a game shows: the channel's frames and pile, then each player's DMs."""
        row, state = outcome.row, outcome.state
        table = self.readers.of_game(row)
        out: list[Delivery] = []
        if outcome.log_from == 0 and outcome.answered is None:
            out.append(self._welcome(outcome, table))
        if outcome.source == "timeout":
            out.append(timed_out_notice(outcome, table))
        out += await self.story.changed(outcome, table)
        out += await self.prompts.changed(outcome, observe_log(state, None, outcome.log_from), table)
        if state.phase == "over":
            out += self.lobby_message(Lobby(row, outcome.players))  # "Finished", no longer "Started"
            out += await self.endings.game_over(row, outcome.players, state)  # each person's last DM
        return out

    @staticmethod
    def _welcome(outcome: Outcome, table: Language) -> Delivery:
        options = asdict(outcome.state.options)
        players = "\n".join(table.text("table.players", seat=p.seat + 1, player=player_label(table, p),
                                        bandit=text.names_list([text.bandit_noun(b, table) for b in
                                                                (p.character or "").split(TEAM)], table))
                            + team_label(table, options, p.seat)
                            for p in outcome.players)
        return to_game(outcome.game_id, {"op": "send", "mentions": False,
                                         "content": table.text("table.welcome", game=outcome.game_id, players=players)})

    async def presence(self, row: GameRow, player: PlayerRow, state: Game, *, back: bool) -> list[Delivery]:
        """A person steps away (the AI takes their bandit) or is back: the channel hears it; their
        prompts lose their buttons, or come back fresh."""
        table = self.readers.of_game(row)
        bandit = player_name(table_view(state, None), player.seat, table)
        if back:
            notice = {"op": "send", "content": table.text("table.back", user=player.user_id, bandit=bandit)}
            return [to_game(row.id, notice), *await self.prompts.fresh(row, state, player, table)]
        notice = {"op": "send", "content": table.text("table.stepped-away", user=player.user_id, bandit=bandit),
                  "view": view_components(back_view(row.id, table))}
        return [to_game(row.id, notice), *await self.prompts.handed_over(row.id, player)]

    async def table_again(self, row: GameRow, players: list[PlayerRow], state: Game,
                          notice: str | None = None) -> list[Delivery]:
        """The whole table shown anew in the game's (new) channel: the train as it stands, the pile,
        whom it waits for; every person's prompts sent fresh. After a channel was replaced, or when a
        local table starts in an empty simulated Discord."""
        table = self.readers.of_game(row)
        public = table_view(state, None)
        deadline = waiting_clock(row, state.step, table)
        picture = self.story.train(row, public, table, f"{state.step}-now")
        out = [to_game(row.id, {"op": "send", "content": notice or "", "pictures": [picture]}),
               self.story.new_pile(row, public, table, deadline, people_of(players, table)),
               *self.story.status(row, public, table, deadline, people_of(players, table))]
        for player in players:
            out += await self.prompts.fresh(row, state, player, table)
        return out

    async def channel_moved(self, row: GameRow, players: list[PlayerRow], state: Game,
                            lobby: Lobby) -> list[Delivery]:
        """The game's channel vanished and ``row.channel_id`` is its replacement: the table goes on
        there, and the lobby's channel and every person hear where."""
        table = self.readers.of_game(row)
        here = table.text("table.moved-here", game=row.id)
        out = await self.table_again(row, players, state, here)
        moved = {"op": "send", "content": table.text("table.moved", game=row.id, channel=row.channel_id),
                 "mentions": False}
        out.append(Delivery(f"channel:{row.lobby_channel_id}", moved, row.id))
        for player in players:
            if player.user_id is not None:
                lang = await self.readers.of_user(player.user_id)
                out.append(to_user(player.user_id, row.id, {
                    "op": "send", "content": lang.text("dm.moved", game=row.id, channel=row.channel_id)}))
        return [*out, *self.lobby_message(lobby)]

    # --- pace, pause and reminders -----------------------------------------------------------------

    async def retimed(self, row: GameRow, state: Game, change: str, user_id: int) -> list[Delivery]:
        """The host paused, resumed or changed the pace: the channel hears it and its pile shows the
        new clock; the person waited for sees their prompt anew: its new deadline, or that the game is
        paused and by whom (its buttons greyed out until it is resumed)."""
        table = self.readers.of_game(row)
        words = table.text(f"table.{change}", user=user_id, game=row.id, resume=table.text("command.resume.name"),
                           pace=texts.option_label(table, "timer", row.options.get("timer")))
        players = await self.tables.storage.players(row.id)
        out = [to_game(row.id, {"op": "send", "content": words, "mentions": False}),
               *self.story.retimed(row, state, table, people_of(players, table))]
        pending = state.pending
        if pending is not None:
            player = next((p for p in players if p.seat == pending.seat), None)
            if player is not None:
                key = "hand" if pending.kind in PLANNING_KINDS else "choice"
                out += await self.prompts.send(row, state, player, key=key, fresh=False, table=table)
        return out

    async def reminder(self, row: GameRow, player: PlayerRow, state: Game) -> list[Delivery]:
        """A DM to the person waited for at a slow pace, with a link to their prompt (none for who
        turned reminders off with /colt notify)."""
        pending = state.pending
        if (player.user_id is None or player.absent or pending is None
                or not await self.tables.storage.wants_reminders(player.user_id)):
            return []
        lang = await self.readers.of_user(player.user_id)
        key = "hand" if pending.kind in PLANNING_KINDS else "choice"
        prompt = await self.tables.storage.message(row.id, f"{key}:{player.seat}")
        link = lang.text("remind.link", link=f"https://discord.com/channels/@me/{prompt[0]}/{prompt[1]}") \
            if prompt else ""
        words = lang.text("remind.dm", game=row.id, question=texts.question(lang, pending.kind),
                          deadline=deadline_text(row, state.step))
        return [to_user(player.user_id, row.id, {"op": "send", "content": f"{words}{link}"})]

    async def abandoned(self, row: GameRow, players: list[PlayerRow], user_id: int) -> list[Delivery]:
        """``user_id`` abandoned the game: where it was played hears it; every person's prompts lose
        their buttons, and every other person at the table (the Marshal player too) gets a DM naming
        the game and who, with a link to its channel."""
        table = self.readers.of_game(row)
        notice = {"op": "send", "mentions": False,
                  "content": table.text("reply.abandoned", game=row.id, user=f"<@{user_id}>")}
        running = row.status != LOBBY and row.channel_id is not None
        out = [to_game(row.id, notice) if running else Delivery(f"channel:{row.lobby_channel_id}", notice, row.id)]
        if row.status == LOBBY:  # a lobby abandoned is a lobby cancelled: its people hear it so
            return [*out, *await self.endings.lobby_closed(row, players, by=user_id)]
        channel = row.channel_id if running else row.lobby_channel_id
        for player in players:
            if player.user_id is None:
                continue
            if running:
                out += await self.prompts.close_all(row.id, player,
                                                    lambda lang: lang.text("dm.abandoned-prompt", game=row.id))
            if player.user_id == user_id:
                continue  # who abandoned it knows
            lang = await self.readers.of_user(player.user_id)
            out.append(to_user(player.user_id, row.id, {
                "op": "send", "content": lang.text("dm.abandoned", game=row.id, user=user_id, channel=channel)}))
        return out

    def hello(self, row: GameRow, user_id: int, lang: Language) -> Delivery:
        """A DM when someone joins, so a closed DM is known (and told in the lobby) before the start."""
        closed = {"op": "send", "content": self.readers.of_game(row).text("dm.closed-lobby", user=user_id)}
        return to_user(user_id, row.id, {
            "op": "send", "content": lang.text("dm.joined", game=row.id),
            "dm": {"game": row.id, "user": user_id,
                   "if_closed": {"target": f"channel:{row.lobby_channel_id}", "body": closed}}})

    # --- what the cogs show at once (ephemeral answers) ---------------------------------------------

    def prompt_now(self, row: GameRow, state: Game, seat: int, lang: Language) -> Prompt:
        return self.prompts.prompt_now(row, state, seat, lang)

    def status_text(self, public: dict[str, Any], lang: Language, deadline: str,
                    players: list[PlayerRow]) -> str:
        return self.story.status_text(public, lang, deadline, people_of(players, lang))

    @staticmethod
    def back_view(game_id: int, lang: Language) -> discord.ui.View:
        return back_view(game_id, lang)

    # --- pictures, drawn when delivered ----------------------------------------------------------

    async def draw(self, specs: list[dict[str, Any]]) -> list[tuple[str, bytes, str]]:
        """The files of a message from what its row says to draw (cogs.delivery ``Draw``), each with
        its alt text; the train pictures of combined frames in one job."""
        files: dict[int, Drawn] = {}
        trains = [(i, spec) for i, spec in enumerate(specs) if spec["draw"] == "train"]
        for lang, group in _by_language(trains).items():
            drawn = await self.pictures.trains([spec["obs"] for _, spec in group], lang)
            files.update((i, picture) for (i, _), picture in zip(group, drawn, strict=True))
        for i, spec in enumerate(specs):
            lang = _language(spec)
            if spec["draw"] == "replay":
                files[i] = await self._replay(int(spec["game"]), lang)
            elif spec["draw"] == "hand":
                files[i] = await self.pictures.hand(spec["obs"], lang)
            elif spec["draw"] == "planning":
                files[i] = await self.pictures.planning(spec["obs"], lang)
            elif spec["draw"] == "choice":
                files[i] = await self.pictures.choice(spec["obs"], lang)
            elif spec["draw"] == "scoreboard":
                files[i] = await self.pictures.scoreboard(spec["obs"], lang)
        return [(spec["file"], files[i].data, files[i].description) for i, spec in enumerate(specs)]

    async def _replay(self, game_id: int, lang: Language) -> Drawn:
        """The whole game as one animation, after the scoreboard: public views only (B-11)."""
        row = await self.tables.row(game_id)
        if row.snapshot is None:
            raise PictureSkipped(f"game {game_id} has no state")
        final = loads(row.snapshot)
        dealt = await self.tables.replay_to(game_id, 0)
        try:
            animation = await self.pictures.replay(observe(dealt, None), observe_log(final, None, len(dealt.log)),
                                                   observe(final, None), lang)
        except ValueError as error:
            raise PictureSkipped(f"no replay for game {game_id}: {error}") from error
        if len(animation.data) > UPLOAD_LIMIT:
            raise PictureSkipped(f"the replay of game {game_id} is too big to post ({len(animation.data)} bytes)")
        return animation


def _language(spec: dict[str, Any]) -> Language:
    return language(spec["lang"]) if spec.get("lang") in CODES else english()


def _by_language(specs: list[tuple[int, dict[str, Any]]]) -> dict[Language, list[tuple[int, dict[str, Any]]]]:
    groups: dict[Language, list[tuple[int, dict[str, Any]]]] = {}
    for index, spec in specs:
        groups.setdefault(_language(spec), []).append((index, spec))
    return groups
