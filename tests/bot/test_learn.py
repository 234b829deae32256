"""/colt learn: a guided lesson in the learner's DMs, played by following its prompts (issue 31)."""

from __future__ import annotations

from typing import Any

import pytest
from simcord import InteractionResult

from cogs import texts
from cogs.app import create_bot
from engine.lessons import Lesson, allowed_answers, current_step
from engine.snapshot import loads
from lang import english, language
from tests.bot.table import all_buttons, crafted, dm_history, setup_table
from tools.loadbench import emit_click

CLICKS = 200  # far more than any lesson takes


def lesson_buttons(message: Any) -> list[Any]:
    """A message's live lesson buttons (Next, the answers, 💡)."""
    return [b for b in all_buttons(message) if not b.disabled and str(b.custom_id).startswith("colt:L:")]


def step_message(user: Any) -> Any | None:
    """The lesson's current step: the newest DM with live lesson buttons."""
    return step_message_in(user.dm_channel)


def step_message_in(channel: Any) -> Any | None:
    return next((m for m in reversed(list(channel.history())) if lesson_buttons(m)), None)


def to_go_on(message: Any) -> Any:
    """What a learner who follows the lesson clicks: Next, else the first answer the step offers."""
    buttons = [b for b in lesson_buttons(message) if not b.custom_id.endswith(":hint")]
    return next((b for b in buttons if b.custom_id.endswith(":next")), buttons[0])


def shown(result: Any) -> Any:
    return result.followups[-1] if result.followups else result.response


async def follow(user: Any, clicks: int = CLICKS, hints: list[str] | None = None) -> int:
    """Click on through the lesson as its prompts say; the clicks it took. ``hints``: the 💡 of
    the first decision is clicked too, and what it said is added there."""
    for taken in range(clicks):
        message = step_message(user)
        if message is None:
            return taken
        labels = [b.label for b in lesson_buttons(message)]
        assert len(set(labels)) == len(labels) and not any("{" in label for label in labels), labels
        hint = next((b for b in lesson_buttons(message) if b.custom_id.endswith(":hint")), None)
        if hint is not None and hints is not None and not hints:
            hints.append(shown(await user.click(message, custom_id=hint.custom_id)).content)
        await user.click(message, custom_id=to_go_on(message).custom_id)
    raise AssertionError("the lesson did not end")


async def test_a_lesson_is_played_to_its_end_by_following_its_prompts(simcord_env) -> None:  # type: ignore[no-untyped-def]
    table = setup_table(simcord_env, 1)
    member, user = table.members[0], table.users[0]
    started = await member.slash(table.lobby_channel, "colt learn")
    assert started.ephemeral and shown(started).content == "Your lesson is in your DMs."
    first = dm_history(user)[0]
    assert first.attachments and "Next" in [b.label for b in all_buttons(first)]
    hints: list[str] = []
    clicks = await follow(user, hints=hints)
    assert clicks > 20
    assert len(hints) == 1 and hints[0].startswith("💡 "), hints  # the hard bandit's pick and why
    messages = dm_history(user)
    assert len(messages) == clicks + 1  # a message a step
    last = messages[-1]
    assert "Lesson over" in last.content and "Next lessons:" in last.content and "Horses & Stagecoach" in last.content
    assert last.attachments and not all_buttons(last)
    row = await table.bot.tables.storage.lesson_of(user.id)
    assert row is None  # over: /colt learn would begin a new one
    # A lesson counts for no rating and is in no stats
    assert await table.bot.tables.storage.ratings(table.guild.id) == []
    assert "No finished game" in (await member.slash(table.lobby_channel, "colt stats")).response.content


@pytest.mark.parametrize("topic", ["horses", "prisoners", "variants", "two-player", "teams"])
async def test_each_second_lesson_is_played_to_its_end(simcord_env, topic: str) -> None:  # type: ignore[no-untyped-def]
    """The short lessons of the expansions and the variants (V-2, V-3, V-4), from /colt learn's topic."""
    table = setup_table(simcord_env, 1)
    member, user = table.members[0], table.users[0]
    await member.slash(table.lobby_channel, "colt learn", topic=topic)
    assert (await table.bot.tables.storage.lesson_of(user.id)).topic == topic
    assert await follow(user) > 5
    last = dm_history(user)[-1]
    assert "Lesson over" in last.content and "Your first game" in last.content


async def test_a_wrong_answer_is_corrected_and_changes_nothing(simcord_env) -> None:  # type: ignore[no-untyped-def]
    table = setup_table(simcord_env, 1)
    member, user = table.members[0], table.users[0]
    await member.slash(table.lobby_channel, "colt learn")
    for _ in range(CLICKS):  # on to the first step that expects one answer among several legal ones
        row = await table.bot.tables.storage.lesson_of(user.id)
        lesson, game = Lesson.from_json(row.lesson), loads(row.snapshot)
        allowed = allowed_answers(lesson, game)
        legal = list(game.pending.options) if game.pending is not None and game.pending.seat == lesson.seat else []
        if allowed and set(legal) - set(allowed):
            break
        message = step_message(user)
        await user.click(message, custom_id=to_go_on(message).custom_id)
    wrong = next(a for a in legal if a not in allowed)
    message = step_message(user)
    # its 💡 weighs only what the step asks for: a hint never says otherwise than the lesson
    hinted = shown(await user.click(message, custom_id=f"colt:L:{row.id}:{row.step}:hint")).content
    assert any(texts.answer_label(english(), a) in hinted for a in allowed), (hinted, allowed)
    custom_id = f"colt:L:{row.id}:{row.step}:a:{wrong}"
    record = emit_click(simcord_env, user.id, crafted(simcord_env, message, custom_id), custom_id)
    await simcord_env.settle()
    told = shown(InteractionResult(simcord_env, record))
    correction = current_step(lesson, game).correct
    assert correction is not None and told.content == english().text(correction) and told.flags.ephemeral
    assert (await table.bot.tables.storage.lesson(row.id)).step == row.step  # nothing lost, nothing taken
    assert step_message(user).id == message.id  # its buttons still wait
    await follow(user)
    assert "Lesson over" in dm_history(user)[-1].content


async def test_a_restart_mid_lesson_resumes_it(simcord_env, settings) -> None:  # type: ignore[no-untyped-def]
    table = setup_table(simcord_env, 1)
    member, user = table.members[0], table.users[0]
    await member.slash(table.lobby_channel, "colt learn")
    for _ in range(5):
        message = step_message(user)
        await user.click(message, custom_id=to_go_on(message).custom_id)
    before = await table.bot.tables.storage.lesson_of(user.id)
    await simcord_env.restart_bot(create_bot(settings))
    message = step_message(user)  # its buttons still work after the restart
    assert f"colt:L:{before.id}:{before.step}:" in to_go_on(message).custom_id
    await user.click(message, custom_id=to_go_on(message).custom_id)
    assert (await table.bot.tables.storage.lesson(before.id)).step == before.step + 1
    # /colt learn again: the same lesson, where it stopped, and an offer to start over
    again = await member.slash(table.lobby_channel, "colt learn")
    said = shown(again)
    assert "goes on in your DMs where you left it" in said.content
    start_over = next(b for b in all_buttons(said) if b.custom_id.endswith(":anew:base"))
    assert (await table.bot.tables.storage.lesson_of(user.id)).id == before.id
    assert "colt:L:" in to_go_on(dm_history(user)[-1]).custom_id
    message = step_message(user)  # a step taken since the offer: it still starts the lesson over
    await user.click(message, custom_id=to_go_on(message).custom_id)
    over_again = await member.click(said, custom_id=start_over.custom_id)
    assert shown(over_again).content == "Your lesson is in your DMs." and not all_buttons(shown(over_again))
    fresh = await table.bot.tables.storage.lesson_of(user.id)
    assert fresh.id != before.id and fresh.step == 0
    assert (await table.bot.tables.storage.lesson(before.id)).status == "dropped"
    assert dm_history(user)[-1].content.startswith("You play Ghost")



async def test_two_clicks_at_once_on_a_step_apply_once(simcord_env) -> None:  # type: ignore[no-untyped-def]
    table = setup_table(simcord_env, 1)
    member, user = table.members[0], table.users[0]
    await member.slash(table.lobby_channel, "colt learn")
    message = step_message(user)
    before = await table.bot.tables.storage.lesson_of(user.id)
    custom_id = to_go_on(message).custom_id
    records = [emit_click(simcord_env, user.id, crafted(simcord_env, message, custom_id), custom_id)
               for _ in range(2)]
    await simcord_env.settle()
    assert (await table.bot.tables.storage.lesson(before.id)).step == before.step + 1
    results = [InteractionResult(simcord_env, r) for r in records]
    refused = [r for r in results if r.followups or (r.response is not None and r.response.flags.ephemeral)]
    assert len(refused) == 1 and "out of date" in shown(refused[0]).content
    assert len(dm_history(user)) == 2  # one new step, not two
    counted = table.bot.metrics.interactions  # the operators see it as one applied, one out of date
    assert [counted.labels("lesson", outcome)._value.get() for outcome in ("applied", "stale")] == [1, 1]


async def test_someone_elses_lesson_is_refused(simcord_env) -> None:  # type: ignore[no-untyped-def]
    table = setup_table(simcord_env, 2)
    await table.members[0].slash(table.lobby_channel, "colt learn")
    message = step_message(table.users[0])
    custom_id = to_go_on(message).custom_id
    record = emit_click(simcord_env, table.users[1].id, crafted(simcord_env, message, custom_id), custom_id)
    await simcord_env.settle()
    assert "someone else's" in shown(InteractionResult(simcord_env, record)).content
    lesson_id = (await table.bot.tables.storage.lesson_of(table.users[0].id)).id
    for crafted_id in (f"colt:L:{lesson_id}:0:dance", f"colt:L:{lesson_id}:0:a:plan play nobody:fire",
                       f"colt:L:{lesson_id + 99}:0:next", f"colt:L:{lesson_id}:7:next", f"colt:L:{2**63}:0:next"):
        record = emit_click(simcord_env, table.users[0].id, crafted(simcord_env, message, crafted_id), crafted_id)
        await simcord_env.settle()
        said = shown(InteractionResult(simcord_env, record)).content
        assert said in ("That button is out of date: the game has moved on.",
                        english().text("error.unknown-button")), (crafted_id, said)
    assert (await table.bot.tables.storage.lesson_of(table.users[0].id)).step == 0
    assert not simcord_env.errors


async def test_a_lesson_speaks_its_learners_language(simcord_env, client_locales) -> None:  # type: ignore[no-untyped-def]
    table = setup_table(simcord_env, 1)
    client_locales[table.users[0].id] = "fr"
    started = await table.members[0].slash(table.lobby_channel, "colt learn")
    assert shown(started).content == language("fr").text("lesson.in-dm")
    first = step_message(table.users[0])
    assert first.content.startswith("Vous jouez Ghost") and to_go_on(first).label == "Suivant", first.content


async def test_closed_dms_get_a_private_thread(simcord_env) -> None:  # type: ignore[no-untyped-def]
    table = setup_table(simcord_env, 1)
    member, user = table.members[0], table.users[0]
    dm = user.dm_channel
    simcord_env.inject_error("POST", f"/channels/{dm.id}/messages", status=403, code=50007,
                             message="Cannot send messages to this user", times=None)
    said = shown(await member.slash(table.lobby_channel, "colt learn")).content
    assert said.startswith("Your DMs are closed, so your lesson is in a private thread"), said
    assert not dm_history(user)
    thread_id = int(said.partition("<#")[2].partition(">")[0])
    thread = next(c for c in table.lobby_channel.threads if c.id == thread_id)
    message = step_message_in(thread)
    assert message is not None and message.attachments
    await member.click(message, custom_id=to_go_on(message).custom_id)  # the lesson goes on there
    assert step_message_in(thread).id != message.id


async def test_dms_closed_mid_lesson_lose_nothing(simcord_env) -> None:  # type: ignore[no-untyped-def]
    table = setup_table(simcord_env, 1)
    member, user = table.members[0], table.users[0]
    await member.slash(table.lobby_channel, "colt learn")
    message = step_message(user)
    simcord_env.inject_error("POST", f"/channels/{user.dm_channel.id}/messages", status=403, code=50007,
                             message="Cannot send messages to this user", times=1)
    said = shown(await user.click(message, custom_id=to_go_on(message).custom_id))
    assert said.content.startswith("I can neither send you a DM") and said.flags.ephemeral
    row = await table.bot.tables.storage.lesson_of(user.id)
    assert row.step == 1  # taken and stored: /colt learn shows it again
    await member.slash(table.lobby_channel, "colt learn")
    assert f"colt:L:{row.id}:1:" in to_go_on(step_message(user)).custom_id


async def test_closed_dms_and_no_thread_get_a_clear_message(simcord_env) -> None:  # type: ignore[no-untyped-def]
    table = setup_table(simcord_env, 1)
    member, user = table.members[0], table.users[0]
    simcord_env.inject_error("POST", f"/channels/{user.dm_channel.id}/messages", status=403, code=50007,
                             message="Cannot send messages to this user", times=None)
    simcord_env.inject_error("POST", f"/channels/{table.lobby_channel.id}/threads", status=403, code=50013,
                             message="Missing Permissions", times=None)
    said = shown(await member.slash(table.lobby_channel, "colt learn")).content
    assert said.startswith("I can neither send you a DM nor open a private thread here."), said
