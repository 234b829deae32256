"""Horses & Stagecoach at the table: the lobby option, the horse attack in DMs, the expansion's
decisions as buttons, a whole game to the final count (H-1, H-2, H-3, H-10, H-12, H-13)."""

from __future__ import annotations

import pytest

from cogs import rules_text, texts
from lang import CODES, language
from render import text
from tests.bot.table import (
    dm_history,
    kinds_played_to_the_end,
    labelled_and_explained,
    live_buttons,
    pending_user,
    prompt_message,
    setup_table,
    start_with,
)


async def _start_with_horses(table, characters: list[str]) -> int:  # type: ignore[no-untyped-def]
    game_id = await start_with(table, characters, toggles=["powers", "events", "horses"])
    lobby = next(m for m in table.lobby_channel.history() if m.embeds)
    options = next(f.value for f in lobby.embeds[0].fields if f.name.startswith("Options"))
    assert "✅ Horses & Stagecoach expansion" in options  # the lobby shows the option chosen
    return game_id


async def test_h_2_the_horse_attack_is_asked_in_dms_then_the_game_plays_to_the_final_count(simcord_env) -> None:  # type: ignore[no-untyped-def]
    table = setup_table(simcord_env, 3)
    game_id = await _start_with_horses(table, ["ghost", "doc", "tuco"])
    state = await table.bot.tables.state(game_id)
    assert state.options.horses and state.phase == "horse-attack"
    user = await pending_user(table, game_id)
    message = prompt_message(user)
    assert message is not None and "Horse attack: you ride beside car 3" in message.content
    assert sorted(b.label for b in live_buttons(message)) == ["Board here", "Ride on"]
    assert message.attachments  # the train, to see what each wagon holds
    kinds = await kinds_played_to_the_end(table, game_id, seed=3)
    row = await table.bot.tables.row(game_id)
    assert row.status == "over"
    assert {"attack", "plan"} <= kinds
    channel = next(c for c in table.guild.channels.values() if c.id == row.channel_id)
    assert any("Final count" in m.content for m in channel.history())
    assert all("Traceback" not in m.content for u in table.users for m in dm_history(u))


ANSWERS = ["attack stop", "attack ride", "attack-wagon 2", "ride 3/in", "ride stagecoach/in", "ride escape",
           "hostage banker", "flee 2/roof", "keep-card done", "keep-card doc:move", "punch shotgun",
           "plan drink whiskey", "plan drink old-whiskey-half", "plan play doc:ride", "rob whiskey-half",
           "move stagecoach/roof"]


@pytest.mark.parametrize("code", CODES)
def test_every_answer_of_the_expansion_has_a_button_label_and_a_help_line(code: str) -> None:
    lang = language(code)
    labelled_and_explained(lang, ANSWERS, ("attack-wagon", "ride", "hostage", "flee", "keep-card"))
    mine = {"stagecoach": {"attack": {"car": 3}}}
    assert str(text.car_noun(3, lang)).split()[-1] in texts.question(lang, "attack", mine)


def test_the_rules_topic_covers_the_expansion() -> None:
    words = rules_text.topic(language("en"), "horses")
    assert "Ride" in words and "Shotgun" in words and "$1,000" in words
    assert "Horses & Stagecoach" in rules_text.topic(language("en"), "overview")


async def test_h_2_status_during_the_horse_attack_says_where_the_riders_are(simcord_env) -> None:  # type: ignore[no-untyped-def]
    table = setup_table(simcord_env, 3)
    game_id = await _start_with_horses(table, ["ghost", "doc", "tuco"])
    row = await table.bot.tables.row(game_id)
    channel = next(c for c in table.guild.channels.values() if c.id == row.channel_id)
    status = await table.members[1].slash(channel, "colt status")
    shown = status.followups[0] if status.followups else status.response
    assert "Horse attack" in shown.content and "car 3" in shown.content and "chooses in secret" in shown.content


def test_h_22_escape_with_everyone_arrested_says_nobody_wins() -> None:
    from cogs.story import Story
    result = {"scores": {"ghost": 1000, "doc": 500}, "gunslingers": ["ghost"], "winners": []}
    words = Story.scoreboard_text({"result": result}, language("en"))
    assert words.endswith("**Nobody wins: every bandit was arrested on the train.**") and "🏆" not in words


async def test_h_2_the_channel_shows_the_attack_and_each_reveal_but_no_secret_choice(simcord_env) -> None:  # type: ignore[no-untyped-def]
    table = setup_table(simcord_env, 3)
    game_id = await _start_with_horses(table, ["ghost", "doc", "tuco"])
    row = await table.bot.tables.row(game_id)
    channel = next(c for c in table.guild.channels.values() if c.id == row.channel_id)
    answers = ["Ride on", "Board here", "Ride on", "Board here", "Board here"]  # car 3: one boards; car 2: two
    for label in answers:
        user = await pending_user(table, game_id)
        message = prompt_message(user)
        button = next(b for b in live_buttons(message) if b.label == label)
        await user.click(message, custom_id=button.custom_id)
    state = await table.bot.tables.state(game_id)
    assert state.phase == "planning" and sorted(state.coach.horses) == [2, 2, 3]
    pictured = [m.content for m in channel.history() if m.attachments]
    assert any(c.startswith("The horse attack") for c in pictured)
    reveals = [c for c in pictured if " board" in c]
    assert len(reveals) == 2, pictured  # one picture per wagon's reveal
    assert not any("chooses in secret" in c for c in pictured)  # the choices themselves: no picture
