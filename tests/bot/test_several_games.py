"""One person in several games at once (issue 13): every DM names its game, /colt hand asks which
game, and a person sits in at most GAMES_PER_PLAYER games."""

from __future__ import annotations

from table.service import GAMES_PER_PLAYER
from tests.bot.table import Table, dm_history, open_and_start, setup_table


async def test_a_player_in_two_games_is_asked_which_hand_to_show(simcord_env) -> None:  # type: ignore[no-untyped-def]
    guild = simcord_env.create_guild()
    first = setup_table(simcord_env, 3, guild=guild)
    one = await open_and_start(first)
    second = Table(first.env, guild, guild.create_text_channel("saloon-two"), first.users, first.members)
    two = await open_and_start(second)
    assert one != two
    alice, member = first.users[0], first.members[0]
    headers = {line for m in dm_history(alice) for line in m.content.splitlines()
               if line.startswith("**Colt Express #")}
    assert any(f"#{one}**" in h for h in headers) and any(f"#{two}**" in h for h in headers)  # each names its game

    asked = await member.slash(guild.create_text_channel("elsewhere"), "colt hand")  # no game here: which one?
    shown = asked.followups[-1] if asked.followups else asked.response
    assert asked.ephemeral and "Which game" in shown.content
    labels = [b["label"] for row in shown.components for b in row["components"]]
    assert labels == [f"Game #{one}", f"Game #{two}"]


async def test_a_person_sits_in_at_most_so_many_games(simcord_env) -> None:  # type: ignore[no-untyped-def]
    guild = simcord_env.create_guild()
    host = setup_table(simcord_env, 1, guild=guild)
    member = host.members[0]
    for n in range(GAMES_PER_PLAYER):
        result = await member.slash(guild.create_text_channel(f"saloon-{n}"), "colt new")
        assert not result.ephemeral
    refused = await member.slash(guild.create_text_channel("one-too-many"), "colt new")
    assert refused.ephemeral and f"at most {GAMES_PER_PLAYER} games" in refused.response.content
