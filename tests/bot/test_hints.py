"""Hints on request and a review after the game (issue 31), through the bot: the 💡 of a prompt
when the host allows hints, the **Review my game** of the last DM; both private, in the clicker's
language, from their own view only (B-11)."""

from __future__ import annotations

import random
import time
from typing import Any

import pytest
from simcord import InteractionResult

from cogs import texts
from cogs.advice import hint_text, mistake_text
from engine import observe
from engine.ai import advice
from engine.snapshot import dumps, to_json
from lang import language
from render.advice import reason_text
from table.advice import Asked, Reviewed
from table.service import dealt
from table.workers import Workers
from tests.bot.table import (
    all_buttons,
    component_id,
    crafted,
    dm_history,
    lobby_now,
    open_lobby,
    pending_user,
    play_to_the_end,
    play_turn,
    prompt_message,
    setup_table,
    start_with,
    stored,
)
from tests.engine.test_ai import hide_from, private_copy
from tools.loadbench import emit_click

ON = ["powers", "events", "hints"]  # the toggles menu as the host sends it: hints on, the rest as dealt
ITERATIONS = 3  # fixed work: the same hint and review every run, and quick
EN, FR = language("en"), language("fr")


def hint_id(message: Any) -> str | None:
    return next((b.custom_id for b in all_buttons(message) if b.custom_id and b.custom_id.startswith("colt:i:")),
                None)


def review_id(message: Any) -> str | None:
    return next((b.custom_id for b in all_buttons(message) if b.custom_id and b.custom_id.startswith("colt:r:")),
                None)


def replies(result: InteractionResult) -> list[Any]:
    """What the clicker was shown: the deferral's follow-ups (or the one response)."""
    return [m for m in (result.response, *result.followups) if m is not None and m.content]


def fixed_work(table: Any) -> Any:
    """The cog's advisor thinking by a fixed number of worlds: what it says can be compared."""
    advisor = table.bot.get_cog("Colt").advice.advisor
    advisor.iterations = ITERATIONS
    return advisor


async def seat_of(table: Any, game_id: int, user: Any) -> int:
    return next(p.seat for p in await table.bot.tables.storage.players(game_id) if p.user_id == user.id)


async def test_the_lobby_offers_hints_off_by_default_and_stores_the_hosts_choice(simcord_env) -> None:  # type: ignore[no-untyped-def]
    table = setup_table(simcord_env, 3)
    lobby = await open_lobby(table)
    game_id = int(component_id(lobby, ":toggles").split(":")[2])
    [menu] = [item for row in lobby.components for item in row.children if item.custom_id.endswith(":toggles")]
    [hints] = [option for option in menu.options if option.value == "hints"]
    assert hints.label == EN.text("toggle.hints") and not hints.default
    assert not (await table.bot.tables.row(game_id)).options["hints"]
    await table.members[0].select(lobby, ON, custom_id=component_id(lobby, ":toggles"))
    assert (await table.bot.tables.row(game_id)).options["hints"] is True
    embed = lobby_now(table, lobby).embeds[0]
    assert texts.toggle_line(EN, "hints", True) in "\n".join(f.value for f in embed.fields)


async def test_with_hints_on_a_prompt_has_a_hint_naming_a_legal_answer_and_why_in_the_players_language(  # type: ignore[no-untyped-def]
        simcord_env, client_locales) -> None:
    table = setup_table(simcord_env, 3)
    for user in table.users:
        client_locales[user.id] = "fr"
    game_id = await start_with(table, toggles=ON)
    advisor = fixed_work(table)
    rng = random.Random(5)
    kinds = set()
    for _ in range(40):  # planning and Stealin' choices alike
        user = await pending_user(table, game_id)
        if user is None:
            break
        state = await table.bot.tables.state(game_id)
        prompt = prompt_message(user)
        found = hint_id(prompt)
        assert found == f"colt:i:{game_id}:{state.step}", "the prompt has no 💡"
        result = await user.click(prompt, custom_id=found)
        assert result.ephemeral
        [shown] = replies(result)
        seat = state.pending.seat
        view = observe(state, seat)
        tip = advice.hint(view, state.pending, random.Random(f"{(await table.bot.tables.row(game_id)).seed}:"
                                                            f"{state.step}:hint"), iterations=advisor.iterations)
        assert tip.answer in state.pending.options
        assert shown.content == hint_text(Asked(tip, view), FR)
        assert texts.answer_label(FR, tip.answer, False, view) in shown.content
        assert reason_text(tip.reason, tip.fields, FR) in shown.content
        kinds.add(state.pending.kind)
        assert await play_turn(table, game_id, rng)
    assert "plan" in kinds and len(kinds) > 1


async def test_with_hints_off_no_prompt_has_a_hint_and_a_crafted_click_is_refused(simcord_env) -> None:  # type: ignore[no-untyped-def]
    table = setup_table(simcord_env, 3)
    game_id = await start_with(table)  # hints are off by default
    user = await pending_user(table, game_id)
    prompt = prompt_message(user)
    assert prompt is not None and hint_id(prompt) is None
    step = (await table.bot.tables.state(game_id)).step
    custom_id = f"colt:i:{game_id}:{step}"
    record = emit_click(simcord_env, user.id, crafted(simcord_env, prompt, custom_id), custom_id)
    await simcord_env.settle()
    result = InteractionResult(simcord_env, record)
    assert result.ephemeral and [m.content for m in replies(result)] == [EN.text("hint.off")]
    assert (await table.bot.tables.state(game_id)).step == step  # nothing was answered


async def test_a_hint_depends_only_on_the_players_view(simcord_env, monkeypatch: pytest.MonkeyPatch) -> None:  # type: ignore[no-untyped-def]
    """B-11: the stored game changed in what the player cannot see (another player's hand and the
    decks) gives the same hint; the worker is handed the player's observation and decision only."""
    asked: list[tuple[Any, ...]] = []
    thinking = Workers.hint

    async def recorded(self: Workers, view: Any, decision: Any, *args: Any, **kwargs: Any) -> Any:
        asked.append((view, decision))
        return await thinking(self, view, decision, *args, **kwargs)

    monkeypatch.setattr(Workers, "hint", recorded)
    table = setup_table(simcord_env, 3)
    game_id = await start_with(table, toggles=ON)
    fixed_work(table)
    user = await pending_user(table, game_id)
    prompt = prompt_message(user)
    found = hint_id(prompt)
    seat = await seat_of(table, game_id, user)
    game = await table.bot.tables.state(game_id)
    first = replies(await user.click(prompt, custom_id=found))[0].content

    other = private_copy(game)
    hide_from(other, seat, random.Random(1))  # others' hands and the decks dealt otherwise
    assert observe(other, seat) == observe(game, seat) and to_json(other) != to_json(game)
    await table.bot.tables.storage.update_game(game_id, snapshot=dumps(other))
    table.bot.tables.forget(game_id)
    assert to_json(await table.bot.tables.state(game_id)) == to_json(other)
    second = replies(await user.click(prompt, custom_id=found))[0].content

    assert first == second
    assert asked[0] == asked[1] and asked[0][0] == observe(game, seat)  # the seat's view, not the game
    assert asked[0][1].seat == seat


async def test_a_hint_button_works_after_a_restart(simcord_env, settings) -> None:  # type: ignore[no-untyped-def]
    """Its id carries the game and the step (a DynamicItem): a new bot answers it as the old one would."""
    from cogs.app import create_bot

    table = setup_table(simcord_env, 3)
    game_id = await start_with(table, toggles=ON)
    user = await pending_user(table, game_id)
    prompt = prompt_message(user)
    await simcord_env.restart_bot(create_bot(settings))
    result = await user.click(prompt, custom_id=hint_id(prompt))
    [shown] = replies(result)
    assert result.ephemeral and shown.content.startswith("💡 ") and "\n" in shown.content


async def test_a_stale_hint_says_so(simcord_env) -> None:  # type: ignore[no-untyped-def]
    table = setup_table(simcord_env, 3)
    game_id = await start_with(table, toggles=ON)
    user = await pending_user(table, game_id)
    prompt = prompt_message(user)
    old = hint_id(prompt)
    assert await play_turn(table, game_id, random.Random(3))  # answered meanwhile: the step moves on
    record = emit_click(simcord_env, user.id, crafted(simcord_env, prompt, old), old)
    await simcord_env.settle()
    result = InteractionResult(simcord_env, record)
    assert result.ephemeral and [m.content for m in replies(result)] == [EN.text("hint.stale")]


async def test_a_hint_for_someone_elses_decision_is_refused(simcord_env) -> None:  # type: ignore[no-untyped-def]
    table = setup_table(simcord_env, 3)
    game_id = await start_with(table, toggles=ON)
    user = await pending_user(table, game_id)
    prompt = prompt_message(user)
    custom_id = hint_id(prompt)
    other = next(u for u in table.users if u is not user)
    outsider = simcord_env.create_user("zed")
    for clicker, refusal in ((other, "hint.not-yours"), (outsider, "reply.not-playing")):
        record = emit_click(simcord_env, clicker.id, crafted(simcord_env, prompt, custom_id), custom_id)
        await simcord_env.settle()
        result = InteractionResult(simcord_env, record)
        assert result.ephemeral and [m.content for m in replies(result)] == [EN.text(refusal)]


async def test_hint_clicks_are_counted_by_how_they_ended(simcord_env) -> None:  # type: ignore[no-untyped-def]
    """colt_interactions_total{kind="hint"}: a hint given, one refused (another's decision), one out
    of date (the decision answered meanwhile)."""
    table = setup_table(simcord_env, 3)
    game_id = await start_with(table, toggles=ON)
    fixed_work(table)
    registry = table.bot.tables.metrics.registry

    def counted(outcome: str) -> float | None:
        return registry.get_sample_value("colt_interactions_total", {"kind": "hint", "outcome": outcome})

    assert (counted("applied"), counted("refused"), counted("stale")) == (0, 0, 0)
    user = await pending_user(table, game_id)
    prompt = prompt_message(user)
    custom_id = hint_id(prompt)
    other = next(u for u in table.users if u is not user)
    for clicker in (user, other):
        emit_click(simcord_env, clicker.id, crafted(simcord_env, prompt, custom_id), custom_id)
        await simcord_env.settle()
    assert await play_turn(table, game_id, random.Random(3))
    emit_click(simcord_env, user.id, crafted(simcord_env, prompt, custom_id), custom_id)
    await simcord_env.settle()
    assert (counted("applied"), counted("refused"), counted("stale")) == (1, 1, 1)


async def test_two_hint_clicks_at_once_both_get_their_answer(simcord_env) -> None:  # type: ignore[no-untyped-def]
    table = setup_table(simcord_env, 3)
    game_id = await start_with(table, toggles=ON)
    fixed_work(table)
    user = await pending_user(table, game_id)
    prompt = prompt_message(user)
    custom_id = hint_id(prompt)
    records = [emit_click(simcord_env, user.id, crafted(simcord_env, prompt, custom_id), custom_id) for _ in range(2)]
    await simcord_env.settle()
    shown = [replies(InteractionResult(simcord_env, record)) for record in records]
    assert all(len(found) == 1 for found in shown)
    assert shown[0][0].content == shown[1][0].content
    assert shown[0][0].content.startswith("💡")


async def test_the_review_after_the_game_shows_at_most_three_mistakes_with_pictures_privately(  # type: ignore[no-untyped-def]
        simcord_env, monkeypatch: pytest.MonkeyPatch) -> None:
    reviews = 0
    reviewing = Workers.review

    async def counted(self: Workers, *args: Any, **kwargs: Any) -> Any:
        nonlocal reviews
        reviews += 1
        return await reviewing(self, *args, **kwargs)

    monkeypatch.setattr(Workers, "review", counted)
    simcord_env.settle_timeout = 60.0
    table = setup_table(simcord_env, 3)
    game_id = await start_with(table, rules=["timer=600/300"])
    advisor = fixed_work(table)
    await play_to_the_end(table, game_id, seed=4)
    user = table.users[1]
    last = dm_history(user)[-1]
    custom_id = review_id(last)
    assert custom_id == f"colt:r:{game_id}"

    # Two clicks at once: one review runs, the other click is told it is on its way.
    began = time.perf_counter()
    records = [emit_click(simcord_env, user.id, stored(simcord_env, last), custom_id) for _ in range(2)]
    await simcord_env.settle()
    took = time.perf_counter() - began
    results = [InteractionResult(simcord_env, record) for record in records]
    assert reviews == 1 and all(r.ephemeral for r in results)
    running = [r for r in results if [m.content for m in replies(r)] == [EN.text("review.running")]]
    assert len(running) == 1
    [done] = [r for r in results if r not in running]
    shown = replies(done)

    row = await table.bot.tables.row(game_id)
    players = await table.bot.tables.storage.players(game_id)
    seat = await seat_of(table, game_id, user)
    moments = advice.moments_of(dealt(row, players), await table.bot.tables.storage.answers(game_id), seat)
    mistakes = advice.review(moments, random.Random(f"{row.seed}:review:{seat}"), iterations=advisor.iterations)
    moments_at = {int(moment.view["step"]): moment.view for moment in moments}
    if not mistakes:
        assert [m.content for m in shown] == [EN.text("review.none", game=game_id)]
        return
    assert shown[0].content == EN.text("review.title", game=game_id)
    assert 1 <= len(shown) - 1 == len(mistakes) <= 3
    for number, (message, mistake) in enumerate(zip(shown[1:], mistakes, strict=True), start=1):
        assert message.content.startswith(f"**{number}.**")
        assert message.content == mistake_text(number, Reviewed(mistake, moments_at[mistake.step]), EN)
        assert [a.filename for a in message.attachments] == [f"review{game_id}-{number}.png"]
    print(f"\nreview of game {game_id} ({len(moments)} decisions, {ITERATIONS} worlds each): {took:.2f} s")

    outsider = simcord_env.create_user("zed")
    record = emit_click(simcord_env, outsider.id, stored(simcord_env, last), custom_id)
    await simcord_env.settle()
    assert [m.content for m in replies(InteractionResult(simcord_env, record))] == [EN.text("reply.not-playing")]
    assert reviews == 1


async def test_a_running_game_cannot_be_reviewed(simcord_env) -> None:  # type: ignore[no-untyped-def]
    table = setup_table(simcord_env, 3)
    game_id = await start_with(table)
    user = await pending_user(table, game_id)
    prompt = prompt_message(user)
    custom_id = f"colt:r:{game_id}"
    record = emit_click(simcord_env, user.id, crafted(simcord_env, prompt, custom_id), custom_id)
    await simcord_env.settle()
    assert [m.content for m in replies(InteractionResult(simcord_env, record))] == [EN.text("review.not-over")]

