"""The "❔ Help" button of DM prompts: what each offered card or choice does, only to the clicker,
in their language (B-6.2 planning, B-7.4–B-7.9 the actions, B-6.3 bullets), from their own view."""

from __future__ import annotations

import random
from typing import Any

from simcord import InteractionResult

from cogs import texts
from cogs.prompts import BUTTONS_PER_MESSAGE
from lang import english, language
from tests.bot.table import (
    crafted,
    dm_history,
    live_buttons,
    open_and_start,
    pending_user,
    play_turn,
    prompt_message,
    setup_table,
)
from tools.loadbench import emit_click


def _ids(message: Any) -> list[str]:
    return [c.custom_id for row in message.components for c in row.children if getattr(c, "custom_id", None)]


def help_id(message: Any) -> str | None:
    return next((i for i in _ids(message) if i.startswith("colt:?:")), None)


def answer_of(button: Any) -> str:
    return str(button.custom_id).split(":", 4)[4]


async def _help(user: Any, message: Any) -> Any:
    found = help_id(message)
    assert found is not None, "the prompt has no Help button"
    result = await user.click(message, custom_id=found)
    assert result.ephemeral
    return result.response.content


def _line(content: str, label: str) -> str:
    return next(line for line in content.splitlines() if line.startswith(f"• **{label}**"))


async def test_b6_2_the_planning_prompt_has_help_for_each_playable_card(simcord_env) -> None:  # type: ignore[no-untyped-def]
    """B-6.2 (play a card or draw 3), B-7.4 Move, B-7.5 Change floor, B-7.6 Fire, B-7.7 Rob, B-7.8 Punch,
    B-7.9 Marshal: one line per planning button, saying what that card does."""
    table = setup_table(simcord_env, 3)
    game_id = await open_and_start(table)
    user = await pending_user(table, game_id)
    prompt = prompt_message(user)
    assert prompt is not None
    step = (await table.bot.tables.state(game_id)).step
    assert help_id(prompt) == f"colt:?:{game_id}:{step}"
    assert len(_ids(prompt)) <= BUTTONS_PER_MESSAGE
    content = await _help(user, prompt)
    lang = english()
    for button in live_buttons(prompt):
        verb, _, card = answer_of(button).removeprefix("plan ").partition(" ")
        explained = lang.text(f"help.card.{card.partition(':')[2]}" if verb == "play" else f"help.{verb}")
        assert explained in _line(content, button.label), button.label
    assert sum(line.startswith("• ") for line in content.splitlines()) == len(live_buttons(prompt))


async def test_b7_a_choice_prompt_explains_its_kind(simcord_env) -> None:  # type: ignore[no-untyped-def]
    """B-7.2: a choice inside an action (B-7.4 Move, B-7.6 Fire, B-7.7 Rob, B-7.8 Punch, B-7.9 Marshal…):
    its Help has a line per offered answer, explaining that kind of choice."""
    table = setup_table(simcord_env, 3)
    game_id = await open_and_start(table)
    rng = random.Random(7)
    for _ in range(200):
        state = await table.bot.tables.state(game_id)
        if state.pending is not None and state.pending.kind != "plan":
            break
        assert await play_turn(table, game_id, rng)
    kind = state.pending.kind  # type: ignore[union-attr]
    assert kind != "plan"
    user = await pending_user(table, game_id)
    prompt = prompt_message(user)
    assert prompt is not None
    content = await _help(user, prompt)
    lang = english()
    for button in live_buttons(prompt):
        value = answer_of(button).partition(" ")[2]
        key = f"help.choice.{kind}"
        key += f".{value}" if kind in ("keep-purse", "pickpocket") or (kind, value) == ("discard", "done") else ""
        assert lang.text(key) in _line(content, button.label), button.label


async def test_b6_2_a_french_player_gets_help_in_french(simcord_env, client_locales) -> None:  # type: ignore[no-untyped-def]
    """B-6.2 (play or draw 3), B-7.4 Move…: the Help answers in the clicker's own language."""
    table = setup_table(simcord_env, 3)
    for user in table.users:
        client_locales[user.id] = "fr"
    game_id = await open_and_start(table)
    user = await pending_user(table, game_id)
    prompt = prompt_message(user)
    assert prompt is not None
    content = await _help(user, prompt)
    french = language("fr")
    assert content.splitlines()[0] == french.text("help.title")
    draw = _line(content, french.text("button.draw"))
    assert french.text("help.draw") in draw and "\u00a0:" in draw
    played = [b for b in live_buttons(prompt) if answer_of(b).startswith("plan play ")]
    card = answer_of(played[0]).rpartition(" ")[2]
    assert french.text(f"help.card.{card.partition(':')[2]}") in _line(content, texts.card_label(french, card))


async def test_b6_3_a_player_not_being_asked_gets_their_hand_explained(simcord_env) -> None:  # type: ignore[no-untyped-def]
    """B-6.3 (bullets are never played) and B-7.4–B-7.9: a player waiting for their turn has no answer
    to explain; their Help explains each card of their hand instead."""
    table = setup_table(simcord_env, 3)
    game_id = await open_and_start(table)
    asked = await pending_user(table, game_id)
    waiting = next(u for u in table.users if u is not asked)
    message = dm_history(waiting)[-1]
    assert not live_buttons(message)  # the hand's buttons wait for the player's turn
    content = await _help(waiting, message)
    lang = english()
    assert content.splitlines()[0] == lang.text("help.hand")
    state = await table.bot.tables.state(game_id)
    seat = next(p.seat for p in await table.bot.tables.storage.players(game_id) if p.user_id == waiting.id)
    hand = {c for c in state.seats[seat].hand if not c.startswith("bullet:")}
    for card in hand:
        assert lang.text(f"help.card.{card.partition(':')[2]}") in _line(content, texts.card_label(lang, card))
    assert lang.text("help.draw") not in content


async def test_b6_3_help_from_a_prompt_already_answered_explains_the_hand(simcord_env) -> None:  # type: ignore[no-untyped-def]
    """B-6.2, B-6.3: Help clicked on a prompt whose step is past (the player answered meanwhile, say
    from another device) explains the cards of the hand as it is now, never the old answers."""
    table = setup_table(simcord_env, 3)
    game_id = await open_and_start(table)
    user = await pending_user(table, game_id)
    prompt = prompt_message(user)
    assert prompt is not None
    old_help = help_id(prompt)
    assert old_help is not None
    assert await play_turn(table, game_id, random.Random(3))  # the player answers: the step moves on
    assert (await table.bot.tables.state(game_id)).step != int(old_help.rpartition(":")[2])
    record = emit_click(simcord_env, user.id, crafted(simcord_env, prompt, old_help), old_help)
    await simcord_env.settle()
    shown = InteractionResult(simcord_env, record)
    content = (shown.followups[-1] if shown.followups else shown.response).content
    lang = english()
    assert content.splitlines()[0] == lang.text("help.hand")
    assert lang.text("help.title") not in content and lang.text("help.draw") not in content
    state = await table.bot.tables.state(game_id)
    seat = next(p.seat for p in await table.bot.tables.storage.players(game_id) if p.user_id == user.id)
    cards = {c for c in state.seats[seat].hand if not c.startswith("bullet:")}
    assert sum(line.startswith("• ") for line in content.splitlines()) == len(cards)
