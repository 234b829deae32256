"""Slash command names, descriptions and choices in every language of the catalogs.

Discord shows each person the commands in their client's language: the bot registers the English
text as the default and, through this translator (set on the tree), one localisation per Discord
locale we have a catalog for.
"""

from __future__ import annotations

from typing import Any

from discord import AppCommandOptionType, Locale, app_commands
from discord.app_commands import TranslationContextTypes, locale_str

from lang import SOURCE, Language, english, for_locale


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


async def command_list(group: app_commands.Group, tree: app_commands.CommandTree[Any],
                       lang: Language) -> list[tuple[str, str]]:
    """Every command under ``group`` as Discord shows it to a reader of ``lang``: its full name
    ("colt pace") and its description. Read from the command tree itself, translated as it is
    registered, so that no command can be left out of a list made from it (/colt help)."""
    payload = await group.get_translated_payload(tree, tree.translator or CatalogTranslator())
    locale = next((loc.value for loc in Locale if loc.value.partition("-")[0] == lang.code), None)

    def words(entry: dict[str, Any], field: str) -> str:
        return str(entry.get(f"{field}_localizations", {}).get(locale, entry[field]))

    found: list[tuple[str, str]] = []

    def walk(entry: dict[str, Any], prefix: str) -> None:
        for child in entry.get("options", []):
            name = f"{prefix} {words(child, 'name')}"
            if child["type"] == AppCommandOptionType.subcommand_group.value:
                walk(child, name)
            elif child["type"] == AppCommandOptionType.subcommand.value:
                found.append((name, words(child, "description")))

    walk(payload, words(payload, "name"))
    return found
