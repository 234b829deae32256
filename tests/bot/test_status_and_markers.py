"""/colt status shows the train as it stands, with the last action only; every picture the table
posts marks whoever the engine waits for, or nobody (issue 26, items 3 and 4)."""

from __future__ import annotations

import random
from typing import Any

from PIL import Image, ImageChops

from engine import observe
from engine.observe import observe_log
from engine.plain import copy_plain
from engine.prisoners.model import MARSHAL
from render import layout, text
from render.caption import caption, split_runs
from render.marks import plan
from render.train import train_image
from tests.bot.table import Table, play_turn, setup_table, start_with
from tests.render.test_deciding import marked_seats

Observation = dict[str, Any]


def record_trains(table: Table) -> list[Observation]:
    """Every observation the bot has a train picture drawn from (frames, prompts, /colt status),
    in order."""
    seen: list[Observation] = []
    pictures = table.bot.presenter.pictures
    one, many = pictures.train, pictures.trains

    async def train(observation: Observation, lang: Any) -> bytes:
        seen.append(copy_plain(observation))
        return await one(observation, lang)

    async def trains(observations: list[Observation], lang: Any) -> list[bytes]:
        seen.extend(copy_plain(o) for o in observations)
        return await many(observations, lang)

    pictures.train, pictures.trains = train, trains  # type: ignore[method-assign]
    return seen


async def _channel(table: Table, game_id: int) -> Any:
    row = await table.bot.tables.row(game_id)
    return next(c for c in table.guild.channels.values() if c.id == row.channel_id)


async def _status(table: Table, game_id: int, seen: list[Observation]) -> tuple[str, Observation]:
    """/colt status's words, and the observation its picture is drawn from."""
    drawn = len(seen)
    result = await table.members[1].slash(await _channel(table, game_id), "colt status")
    shown = result.followups[0] if result.followups else result.response
    assert result.ephemeral and shown.attachments and len(seen) == drawn + 1
    return shown.content, seen.pop()


# --- item 3: /colt status ------------------------------------------------------------------------


def _train_area(obs: Observation) -> Image.Image:
    """The train band of ``obs``'s picture: the pawns, the loot and the marks of its log."""
    img = train_image(obs)
    tl = layout.layout_of(obs).train
    return img.crop((0, tl.top, img.width, tl.top + tl.height))


def _same(a: Image.Image, b: Image.Image) -> bool:
    return ImageChops.difference(a.convert("RGB"), b.convert("RGB")).getbbox() is None


async def test_status_in_round_3_shows_the_train_as_it_stands_with_the_last_action_only(simcord_env) -> None:  # type: ignore[no-untyped-def]
    table = setup_table(simcord_env, 3)
    game_id = await start_with(table, ["ghost", "doc", "tuco"])
    seen = record_trains(table)
    rng = random.Random(3)
    state = await table.bot.tables.state(game_id)
    while state.round_no < 3:
        assert await play_turn(table, game_id, rng)
        state = await table.bot.tables.state(game_id)
    # round 3 has just begun: the last action is its deal, captioned with this round's card
    content, shown = await _status(table, game_id, seen)
    runs = split_runs(observe_log(state, None))
    assert shown["log"] == runs[-1] and shown["log"][0]["type"] == "round"
    assert shown["round"] == 3 and shown["round_card"]["name"] == state.current_round_card().name
    line = caption(shown, shown["log"])
    title = text.card_title(state.current_round_card().name)
    assert line.startswith("Round 3 of 5") and title in line
    earlier = [e["card"] for e in observe_log(state, None) if e["type"] == "round"][:2]
    assert all(text.card_title(card) not in line for card in earlier)
    assert f"Round 3/5: {title}" in content  # the words say the same round and card
    # nothing of rounds 1 and 2 is drawn on the train (the whole log would tangle it with arrows)
    assert _same(_train_area(shown), _train_area({**shown, "log": []}))
    assert not _same(_train_area({**shown, "log": observe_log(state, None)}), _train_area(shown))
    # into its Stealin': the picture carries the last resolved action, not the ones before it
    while state.round_no == 3 and (state.phase != "stealing" or state.cursor < 2):
        assert await play_turn(table, game_id, rng)
        state = await table.bot.tables.state(game_id)
    content, shown = await _status(table, game_id, seen)
    runs = split_runs(observe_log(state, None))
    assert shown["log"] == runs[-1]
    assert sum(1 for e in shown["log"] if e["type"] == "resolve") <= 1
    tl = layout.layout_of(shown).train
    corners, marshal = layout.place_pawns(shown, tl)
    arrows = plan(shown, shown["log"], tl, corners, marshal).paths
    assert len(arrows) <= sum(1 for e in shown["log"] if e["type"] in ("move", "marshal"))  # its own moves only
    assert shown["pending"] == observe(state, None)["pending"]
    assert f"Round {state.round_no}/5" in content


# --- item 4: the markers ---------------------------------------------------------------------------


async def _every_picture_marks_who_is_waited_for(table: Table, game_id: int, seed: int) -> set[str]:
    """Random clicks to the end; every train picture drawn on the way marks the seat the engine
    waited for at its step (a picture of the game as it then stood) or nobody (one rebuilt between
    two answers). The decision kinds met."""
    seen = record_trains(table)
    rng = random.Random(seed)
    views: dict[int, Observation] = {}
    kinds: set[str] = set()
    while True:
        state = await table.bot.tables.state(game_id)
        views[state.step] = observe(state, None)
        if state.pending is None:
            break
        kinds.add(state.pending.kind)
        assert await play_turn(table, game_id, rng)
    assert seen
    for picture in seen:
        marked = marked_seats(picture)
        if not marked:
            continue
        then = views[picture["step"]]
        where = (picture["step"], picture["pending"], [e["type"] for e in picture["log"]])
        assert then["pending"] is not None and marked == {then["pending"]["seat"]}, where
        # the game as it then stood, not a later moment with that moment's marker left over
        assert [b["at"] for b in picture["bandits"]] == [b["at"] for b in then["bandits"]], where
    return kinds


async def test_h_2_every_picture_of_a_horses_game_marks_whoever_is_waited_for(simcord_env) -> None:  # type: ignore[no-untyped-def]
    table = setup_table(simcord_env, 3)
    game_id = await start_with(table, ["silk", "django", "tuco"], toggles=["powers", "events", "horses"])
    kinds = await _every_picture_marks_who_is_waited_for(table, game_id, seed=1)
    assert {"attack", "attack-wagon", "plan"} <= kinds


async def test_m_1_every_picture_of_a_prisoners_game_marks_whoever_is_waited_for(simcord_env) -> None:  # type: ignore[no-untyped-def]
    table = setup_table(simcord_env, 3)
    game_id = await start_with(table, [MARSHAL, "doc", "belle"], toggles=["powers", "events", "horses", "prisoners"])
    kinds = await _every_picture_marks_who_is_waited_for(table, game_id, seed=12)
    assert {"plan", "attack"} <= kinds and kinds & {"marshal-move", "marshal-fire", "arrest"}


async def test_h_2_the_horse_attack_marks_the_rider_the_channel_waits_for(simcord_env) -> None:  # type: ignore[no-untyped-def]
    """Through the horse attack, the newest picture in the channel marks the rider its status line
    waits for, or nobody (Silk was marked "to choose" while the text waited for Django); /colt
    status marks that rider too."""
    table = setup_table(simcord_env, 3)
    game_id = await start_with(table, ["silk", "django", "tuco"], toggles=["powers", "events", "horses"])
    seen = record_trains(table)
    channel = await _channel(table, game_id)
    rng = random.Random(1)
    state = await table.bot.tables.state(game_id)
    checked = 0
    while state.phase == "horse-attack":
        assert state.pending is not None
        rider = state.seats[state.pending.seat].bandits[0]
        line = next(m.content for m in reversed(list(channel.history())) if m.content.startswith("⏳"))
        assert text.bandit_name(rider) in line
        frames = [o for o in seen if o["viewer"] is None]  # the channel's (a DM's choice picture is the chooser's)
        if frames:
            assert marked_seats(frames[-1]) <= {state.pending.seat}, (rider, frames[-1]["pending"])
            checked += 1
        _, shown = await _status(table, game_id, seen)
        assert marked_seats(shown) == {state.pending.seat}
        assert await play_turn(table, game_id, rng)
        state = await table.bot.tables.state(game_id)
    assert checked >= 1
