"""Who reads in which language: a game's channel and lobby in the game's language, a person (their
DMs, the answers only they see) in the language they chose with /colt language, else in the
Discord language of their last interaction."""

from __future__ import annotations

from collections import OrderedDict

import discord

from lang import CODES, Language, english, for_locale, language
from table.store import GameRow, Store

PEOPLE_KEPT = 10_000  # people whose language is remembered (a bounded cache; storage has them all)


class Readers:
    def __init__(self, storage: Store) -> None:
        self.storage = storage
        # user → (Discord locale as stored, language chosen): read once, kept while recently used.
        self._people: OrderedDict[int, tuple[str | None, str | None]] = OrderedDict()

    async def seen(self, interaction: discord.Interaction) -> Language:
        """Remember the clicker's Discord language; the language to answer them in."""
        user_id, locale = interaction.user.id, str(interaction.locale)
        stored, chosen = await self._person(user_id)
        if stored != locale:
            await self.storage.set_locale(user_id, locale)
            self._remember(user_id, (locale, chosen))
        return await self.of_user(user_id)

    async def answering(self, interaction: discord.Interaction) -> Language:
        """The language to answer the clicker in, as ``seen`` finds it but remembering nothing: for
        a refusal of what the bot never offered (a crafted id, a value no choice has), which must
        leave storage as it was."""
        _, chosen = await self._person(interaction.user.id)
        return language(chosen) if chosen in CODES else for_locale(str(interaction.locale))

    async def choose(self, user_id: int, chosen: str | None) -> Language:
        """The language a person chose (None: follow Discord's)."""
        await self.storage.set_language(user_id, chosen)
        self._people.pop(user_id, None)
        return await self.of_user(user_id)

    async def of_user(self, user_id: int) -> Language:
        locale, chosen = await self._person(user_id)
        if chosen in CODES:
            return language(chosen)
        return for_locale(locale) if locale else english()

    @staticmethod
    def of_game(row: GameRow) -> Language:
        return language(row.language) if row.language in CODES else english()

    async def _person(self, user_id: int) -> tuple[str | None, str | None]:
        known = self._people.get(user_id)
        if known is None:
            known = await self.storage.person(user_id)
            self._remember(user_id, known)
        else:
            self._people.move_to_end(user_id)
        return known

    def _remember(self, user_id: int, person: tuple[str | None, str | None]) -> None:
        self._people[user_id] = person
        self._people.move_to_end(user_id)
        while len(self._people) > PEOPLE_KEPT:
            self._people.popitem(last=False)
