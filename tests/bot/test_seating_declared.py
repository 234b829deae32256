"""The table enforces the seats each expansion and variant declares (engine.lobby): who may take a
role (the Marshal player, M-1), the pairs a player chooses among (V-2.2), partners (V-4.1), and how
many seats a game needs."""

from __future__ import annotations

import pytest

from engine import lobby as declared
from engine.data import base
from table.seating import TEAM, deal_characters, fits, playing_order, role_seats
from table.service import TableError, Tables, default_options
from table.storage import Storage


def test_a_role_fits_a_seat_only_while_its_part_is_in_play() -> None:
    for stored in declared.every_playable():
        for role in declared.roles():
            assert fits(stored, 1, role.name) == (role in declared.roles(stored)), (role.name, stored)


def test_every_role_in_play_is_dealt_to_one_seat_which_plays_first() -> None:
    """M-1: nobody asked, the role is drawn; asked, it is the asker's; either way its seat is player 1."""
    for stored in declared.every_playable():
        roles = declared.role_names(stored)
        for seed in range(3):
            for asked in (None, *sorted(roles)):
                seats = [(0, None), (1, None), (2, asked)]
                dealt = deal_characters(stored, seed, seats)
                assert sorted(c for c in dealt.values() if c in roles) == sorted(roles)
                if asked is not None:
                    assert dealt[2] == asked
                order = playing_order(dealt, [seat for seat, _ in seats])
                first = [dealt[seat] in roles for seat in order]
                assert first == sorted(first, reverse=True) and sum(first) == role_seats(stored)
                assert [seat for seat in order if dealt[seat] not in roles] == sorted(
                    seat for seat, _ in seats if dealt[seat] not in roles)  # the others as they sat


def test_a_player_chooses_only_among_the_pairs_the_variant_draws() -> None:
    stored = {**default_options(), "variant": "two-bandits"}
    for seed in range(5):
        pairs = [TEAM.join(pair) for pair in declared.pairs(stored, seed) or []]
        every = [TEAM.join((a, b)) for a in base().characters for b in base().characters if a != b]
        assert [p for p in every if fits(stored, seed, p)] == [p for p in every if p in pairs]  # V-2.2
        dealt = deal_characters(stored, seed, [(0, None), (1, pairs[1])])
        assert dealt[1] == pairs[1] and dealt[0] in pairs


async def test_the_table_gives_a_role_and_makes_partners_as_declared(tmp_path) -> None:  # type: ignore[no-untyped-def]
    tables = Tables(await Storage.open(tmp_path / "t.db"))
    try:
        game_id = (await tables.new_lobby(guild_id=1, channel_id=2, host_id=10)).game.id
        await tables.join(game_id, 11)
        for role in declared.roles():
            with pytest.raises(TableError) as refused:
                await tables.set_role(game_id, 10, 1, role.name)
            assert refused.value.key == role.off_key  # its expansion is not in play
            part = next(p for p in declared.PARTS if p.role == role)
            await tables.set_option(game_id, 10, part.name, True)
            with pytest.raises(TableError) as refused:
                await tables.set_role(game_id, 11, 1, role.name)
            assert refused.value.key == role.host_key
            lobby = await tables.set_role(game_id, 10, 1, role.name)
            assert [p.character for p in lobby.players] == [None, role.name]
            lobby = await tables.set_role(game_id, 10, 0, role.name)  # one seat has it at a time
            assert [p.character for p in lobby.players] == [role.name, None]
            await tables.set_option(game_id, 10, part.name, False)
        with pytest.raises(TableError) as refused:
            await tables.pair(game_id, 10, 0, 1)
        assert refused.value.key == "error.no-teams"
        teams = declared.partners({"variant": "teams"})
        assert teams is not None and teams.partner is not None
        await tables.set_option(game_id, 10, "variant", "teams")
        for user in (12, 13):
            await tables.join(game_id, user)
        lobby = await tables.pair(game_id, 10, 0, 2)  # seat 3's player takes seat 1's partner's place
        users = {p.seat: p.user_id for p in lobby.players}
        assert users[teams.partner(0)] == 12
    finally:
        await tables.storage.close()
