"""Who reads in which language: a game's channel and lobby in the game's language, a person (their
DMs, the answers only they see) in the language they chose with /colt language, else in the
Discord language of their last interaction."""

from __future__ import annotations

import discord

from lang import CODES, Language, english, for_locale, language
from table.storage import GameRow, Storage


class Readers:
    def __init__(self, storage: Storage) -> None:
        self.storage = storage
        self._locales: dict[int, str] = {}  # what is stored, so that a click writes only on a change

    async def seen(self, interaction: discord.Interaction) -> Language:
        """Remember the clicker's Discord language; the language to answer them in."""
        user_id, locale = interaction.user.id, str(interaction.locale)
        if self._locales.get(user_id) != locale:
            stored, _ = await self.storage.person(user_id)
            if stored != locale:
                await self.storage.set_locale(user_id, locale)
            self._locales[user_id] = locale
        return await self.of_user(user_id)

    async def of_user(self, user_id: int) -> Language:
        locale, chosen = await self.storage.person(user_id)
        if chosen in CODES:
            return language(chosen)
        return for_locale(locale) if locale else english()

    @staticmethod
    def of_game(row: GameRow) -> Language:
        return language(row.language) if row.language in CODES else english()
