"""Slash command names, descriptions and choices in every language of the catalogs.

Discord shows each person the commands in their client's language: the bot registers the English
text as the default and, through this translator (set on the tree), one localisation per Discord
locale we have a catalog for.
"""

from __future__ import annotations

from discord import Locale, app_commands
from discord.app_commands import TranslationContextTypes, locale_str

from lang import SOURCE, english, for_locale


def command_text(key: str) -> locale_str:
    """A command's words: English as Discord's default, the catalog key for the translator."""
    return locale_str(english().text(key), key=key)


class CatalogTranslator(app_commands.Translator):
    async def translate(self, string: locale_str, locale: Locale, context: TranslationContextTypes) -> str | None:
        key = string.extras.get("key")
        lang = for_locale(locale.value)
        if key is None or lang.code == SOURCE or key not in lang.keys:
            return None  # Discord falls back to the default (English) text
        return lang.text(key)
