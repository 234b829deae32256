"""Every menu and button the bot builds stays within Discord's limits (issue 26): Discord refuses a
whole message when one of its components breaks one, so a lobby with a 26th option stops updating.

The lobby is built for every reachable configuration (the options the host can set together, 1 to 7
seats of people and AI bandits, the Marshal player, choices made or not, every language); the DM
prompts for every decision of real games with each expansion and variant, in every language.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterator
from types import SimpleNamespace
from typing import Any

from simcord.components import validate_components

from cogs import texts
from cogs.delivery import view_components
from cogs.presenter import Presenter
from cogs.prisoners.lobby import events_view
from engine import Game, Options, apply, new_game, observe
from engine.data import base
from engine.prisoners.model import MARSHAL
from engine.setup import seating
from lang import CODES, language
from table.pace import PACES
from table.seating import TEAM, bandits, bandits_each, team_choices
from table.service import (
    LOBBY_OPTIONS,
    Lobby,
    clash,
    default_options,
    event_pools,
    events_to_choose,
)
from table.store import GameRow, PlayerRow

# Discord's limits on a message's components (the API's documented maxima).
ROWS, BUTTONS_PER_ROW, OPTIONS = 5, 5, 25
OPTION_TEXT, BUTTON_LABEL, CUSTOM_ID, PLACEHOLDER = 100, 80, 100, 150
BIG_ID = 10**12  # a game id far beyond any database's; steps far beyond any game's
BIG_STEP = 10**5
LONG_NAME = "Ж" * 32  # the longest nickname Discord allows, in the widest script of our languages


def problems(components: list[dict[str, Any]]) -> list[str]:
    """Every way ``components`` (a message's rows as sent) break Discord's limits."""
    found: list[str] = []
    if len(components) > ROWS:
        found.append(f"{len(components)} rows")
    ids: list[str] = []
    for row in components:
        children = row["components"]
        selects = [c for c in children if c["type"] == 3]
        if (selects and len(children) != 1) or len(children) > BUTTONS_PER_ROW:
            found.append(f"a row of {len(children)} components")
        for item in children:
            ids.append(item.get("custom_id", ""))
            if len(item.get("custom_id", "")) > CUSTOM_ID:
                found.append(f"custom id {item['custom_id']!r}")
            if item["type"] == 2 and len(item.get("label") or "") > BUTTON_LABEL:
                found.append(f"button label {item['label']!r}")
            if item["type"] != 3:
                continue
            options = item["options"]
            if not 1 <= len(options) <= OPTIONS:
                found.append(f"{item['custom_id']}: {len(options)} options")
            if not item["min_values"] <= item["max_values"] <= min(len(options), OPTIONS):
                found.append(f"{item['custom_id']}: picks {item['min_values']}..{item['max_values']}")
            if len(item.get("placeholder") or "") > PLACEHOLDER:
                found.append(f"placeholder {item['placeholder']!r}")
            if len({o["value"] for o in options}) != len(options):
                found.append(f"{item['custom_id']}: two options with one value")
            for option in options:
                for key in ("label", "value", "description"):
                    if len(option.get(key) or "") > OPTION_TEXT:
                        found.append(f"option {key} {option[key]!r}")
    if len(set(ids)) != len(ids):
        found.append("two components with one custom id")
    if not found:
        try:  # and as SimCord, which mirrors Discord's own checks, sees the message
            validate_components(components)
        except ValueError as error:
            found.append(str(error))
    return found


def test_the_limits_are_checked() -> None:
    """The check itself finds what Discord refuses (or every other test here would prove nothing)."""
    option = {"label": "x", "value": "x"}
    select = {"type": 3, "custom_id": "s", "min_values": 1, "max_values": 1, "options": [option]}
    assert problems([{"type": 1, "components": [select]}]) == []
    many = [{"label": str(i), "value": str(i)} for i in range(26)]
    assert problems([{"type": 1, "components": [{**select, "options": many}]}])
    assert problems([{"type": 1, "components": [{**select, "options": [{"label": "x" * 101, "value": "x"}]}]}])
    button = {"type": 2, "style": 1, "label": "y" * 81, "custom_id": "b"}
    assert problems([{"type": 1, "components": [button]}])
    assert problems([{"type": 1, "components": [{**select, "custom_id": f"s{i}"}]} for i in range(6)])


# --- the lobby ---------------------------------------------------------------------------------


def reachable_options() -> Iterator[dict[str, Any]]:
    """Every combination of the lobby's options its host can set (those that clash are refused),
    the pace taking turns: its seven choices only mark one of them picked, and so do not change
    what the menus hold (7 times fewer lobbies to draw)."""
    names = [name for name in LOBBY_OPTIONS if name != "timer"]
    paces = itertools.cycle(LOBBY_OPTIONS["timer"])
    for values in itertools.product(*(LOBBY_OPTIONS[name] for name in names)):
        options = {**default_options(), **dict(zip(names, values, strict=True)), "timer": next(paces)}
        if clash(options) is None:
            yield options


def seatings(options: dict[str, Any], seed: int) -> Iterator[list[PlayerRow]]:
    """1 to 7 seats, the host's first: every number of AI bandits, the Marshal at no seat or at
    each one (Marshal & Prisoners), and nobody's choice made, or everyone's (in the two-player
    game, V-3.1, a first bandit each, or both)."""
    pairs = team_choices(options, seed)
    singles = list(base().characters)
    whole = pairs or ([TEAM.join(singles[i:i + 2]) for i in range(0, 8, 2)] if bandits_each(options) > 1 else singles)
    for seats in range(1, 8):
        for ais in range(seats):
            marshals = [None, *range(seats)] if options.get("prisoners") else [None]
            for marshal, chosen in itertools.product(marshals, ([], singles, whole)):
                players = []
                taken: set[str] = set()
                for seat in range(seats):
                    character = MARSHAL if seat == marshal else \
                        next((c for c in chosen if not set(c.split(TEAM)) & taken), None)
                    taken |= set(bandits(character))
                    ai = "hard" if seat >= seats - ais else None
                    players.append(PlayerRow(None if ai else 1000 + seat, seat, character, True, ai=ai))
                yield players


def game_row(guild_id: int, options: dict[str, Any], code: str, seed: int) -> GameRow:
    return GameRow(id=BIG_ID, guild_id=guild_id, lobby_channel_id=1, lobby_message_id=2, channel_id=None,
                   host_id=1000, status="lobby", options=options, seed=seed, snapshot=None, ended_at=None,
                   cleanup_at=None, language=code)


def _long_named_guild(env: Any, monkeypatch: Any) -> Any:
    """A server whose members all have the longest nickname, each known to the bot (the lobby's
    menus name a seat by its member's name when the bot has it in its cache)."""
    guild = env.create_guild()
    member = SimpleNamespace(display_name=LONG_NAME)
    monkeypatch.setattr(env.bot, "get_guild", lambda guild_id: SimpleNamespace(get_member=lambda user_id: member))
    return guild


def _lobby_problems(presenter: Presenter, row: GameRow, players: list[PlayerRow]) -> list[str]:
    row.host_id = players[0].user_id or 0
    components = view_components(presenter.lobby_view(Lobby(row, players)))
    return problems(components)


async def test_every_lobby_menu_fits_in_every_configuration(simcord_env, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    presenter: Presenter = simcord_env.bot.presenter
    guild = _long_named_guild(simcord_env, monkeypatch)
    every = list(reachable_options())
    variants = {(o["prisoners"], o["variant"]) for o in every}
    assert len(variants) == 5  # the four seatings, and the Marshal with one bandit each (M-1)
    found: dict[str, list[str]] = {}
    # Every seating of every kind of table (what the menus' lengths depend on), in every language,
    # V-2's pairs as several seeds draw them.
    tables = [(*kind, seed) for kind in sorted(variants) for seed in (range(3) if kind[1] == "two-bandits" else [0])]
    for code, (prisoners, variant, seed) in itertools.product(CODES, tables):
        options = next(o for o in every if (o["prisoners"], o["variant"]) == (prisoners, variant))
        for players in seatings(options, seed):
            row = game_row(guild.id, options, code, seed)
            for problem in _lobby_problems(presenter, row, players):
                found.setdefault(problem, []).append(f"{code} {variant} prisoners={prisoners} {len(players)} seats")
    # Every combination of options (their choices shown picked), each with the fullest table.
    fullest = [PlayerRow(1000, 0, None, True)] + [PlayerRow(None, s, None, True, ai="easy") for s in range(1, 7)]
    for index, options in enumerate(every):
        code = CODES[index % len(CODES)]
        row = game_row(guild.id, options, code, index)
        for problem in _lobby_problems(presenter, row, fullest):
            found.setdefault(problem, []).append(f"{code} {options}")
    assert not found, "\n".join(f"{problem}: {len(where)} times, as in {where[0]}" for problem, where in found.items())


async def test_every_events_menu_fits(simcord_env) -> None:  # type: ignore[no-untyped-def]
    """The host's menus of the round and station cards to choose (M-40), with each expansion."""
    found = []
    for code, horses, chosen in itertools.product(CODES, (False, True), (False, True)):
        options = {**default_options(), "prisoners": True, "horses": horses}
        if chosen:
            rounds, stations = event_pools(options)
            want_rounds, want_stations = events_to_choose(options)
            options["chosen_events"] = [*rounds[:want_rounds], *stations[:want_stations]]
        row = game_row(1, options, code, 0)
        view = events_view(Lobby(row, [PlayerRow(1000, 0, None, True)]), language(code))
        found += [f"{code} horses={horses}: {p}" for p in problems(view_components(view))]
    assert not found, found


# --- the DM prompts ----------------------------------------------------------------------------

# Tables of every expansion and variant (players, options), the Marshal player counted (M-1).
TABLES: list[tuple[int, Options]] = [
    (3, Options()), (7, Options(setup="first-game", expert=True)), (5, Options(horses=True)),
    (4, Options(prisoners=True, silk="block")), (7, Options(prisoners=True, horses=True)),
    (6, Options(prisoners=True, expert=True, silk="movement")), (3, Options(variant="two-bandits")),
    (2, Options(variant="two-bandits", horses=True)), (2, Options(variant="two-player", expert=True)),
    (4, Options(variant="teams")), (6, Options(variant="teams", horses=True, expert=True)),
    (7, Options(silk="dodge", horses=True)),
]
GAMES_EACH = 10  # games per table: together, every kind of decision random answers meet


def decisions(players: int, options: Options, seed: int) -> Iterator[Game]:
    """A whole game of random answers, at each of its decisions."""
    rng = random.Random(seed)
    game = new_game(seating(options).cast(rng, players - 1 if options.prisoners else players), seed=seed,
                    options=options)
    while game.pending is not None:
        yield game
        apply(game, f"{game.pending.kind} {rng.choice(game.pending.values)}")


async def test_every_dm_prompt_fits_for_every_decision_of_every_expansion(simcord_env) -> None:  # type: ignore[no-untyped-def]
    """Each decision's prompt (and each waiting player's hand) in every language: every answer
    has its button (none left out), each label whole (not cut at 80), each id whole (not cut at
    100: a cut id could not be answered), the message's text within 2,000 characters."""
    presenter: Presenter = simcord_env.bot.presenter
    langs = [language(code) for code in CODES]
    found: dict[str, str] = {}
    kinds: set[str] = set()
    shown: set[tuple[str, str, int]] = set()  # prompts built: each language, kind and number of answers
    for game_number, (table, (players, options)) in itertools.product(range(GAMES_EACH), enumerate(TABLES)):
        for game in decisions(players, options, seed=100 * game_number + table):
            pending = game.pending
            assert pending is not None
            kinds.add(pending.kind)
            answers = [f"{pending.kind} {value}" for value in pending.values]
            if len(answers) > 25:
                found[f"{pending.kind}: {len(answers)} answers"] = str(options)
            named = len(game.seats[pending.seat].bandits) > 1
            mine = observe(game, pending.seat)  # labels that name what an option holds (a Colt's next malus)
            for answer in answers:
                if len(f"colt:a:{BIG_ID}:{BIG_STEP}:{answer}") > CUSTOM_ID:
                    found[f"the id of {answer!r}"] = str(options)
                for lang in langs:
                    label = texts.answer_label(lang, answer, named=named, mine=mine)
                    if len(label) > BUTTON_LABEL:
                        found[f"{lang.code} label {label!r}"] = answer
            for lang in langs:
                first = (lang.code, pending.kind, len(answers)) not in shown
                shown.add((lang.code, pending.kind, len(answers)))
                # Each kind and number of answers once; at the deal, every seat's (their hand).
                for seat in range(len(game.seats)) if game.step < 2 else [pending.seat] if first else []:
                    prompt = presenter.prompts.prompt_for(BIG_ID, game, seat, lang, "<t:1800000000:R>", hints=True)
                    for problem in problems(view_components(prompt.view)):
                        found[f"{lang.code} {pending.kind}: {problem}"] = str(options)
                    if len(prompt.content) > 2000:
                        found[f"{lang.code} {pending.kind}: {len(prompt.content)} characters"] = str(options)
    assert not found, "\n".join(f"{problem} ({where})" for problem, where in found.items())
    assert kinds >= {
        "arrest", "attack", "attack-wagon", "discard", "dodge", "drop", "escape", "fire", "flee", "floor", "free",
        "hostage", "keep-card", "keep-purse", "marshal", "marshal-fire", "marshal-move", "marshal-ride", "move",
        "pickpocket", "place", "plan", "punch", "reflex", "ride", "rob", "shove", "shove-marshal", "take-card",
        "thanks"}, kinds


# --- the slash commands --------------------------------------------------------------------------


async def test_every_slash_command_fits_in_every_language(simcord_env) -> None:  # type: ignore[no-untyped-def]
    """Names of 32 characters at most, descriptions and choices of 100, 25 choices at most, in
    every translation; a choice's value is words, not a key, where a client may show it (issue 26:
    the pace chosen by name showed "600/300")."""
    tree = simcord_env.bot.tree
    found = []
    payloads = [await command.get_translated_payload(tree, tree.translator) for command in tree.get_commands()]

    def check(item: dict[str, Any], path: str) -> None:
        for key, most in (("name", 32), ("description", 100)):
            texts_ = [item.get(key) or "", *(item.get(f"{key}_localizations") or {}).values()]
            found.extend(f"{path} {key} {t!r}" for t in texts_ if len(t) > most)
        choices = item.get("choices") or []
        if len(choices) > 25:
            found.append(f"{path}: {len(choices)} choices")
        for choice in choices:
            words = [choice["name"], *(choice.get("name_localizations") or {}).values(), str(choice["value"])]
            found.extend(f"{path} choice {w!r}" for w in words if len(w) > 100)
        for option in item.get("options") or []:
            check(option, f"{path} {option['name']}")

    for payload in payloads:
        check(payload, payload["name"])
    assert not found, found
    colt = next(p for p in payloads if p["name"] == "colt")
    pace = next(o for o in next(c for c in colt["options"] if c["name"] == "pace")["options"] if o["name"] == "pace")
    assert [c["value"] for c in pace["choices"]] == [
        "Normal", "Fast", "Relaxed", "Unhurried", "Over an evening", "Over days", "A move a day"]
    assert [texts.pace_named(c["value"]) for c in pace["choices"]] == list(PACES)
