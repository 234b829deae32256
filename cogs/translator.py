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


def _locale(lang: Language) -> str | None:
    """The Discord locale a command's payload lists ``lang``'s words under."""
    return next((loc.value for loc in Locale if loc.value.partition("-")[0] == lang.code), None)


def _words(entry: dict[str, Any], field: str, locale: str | None) -> str:
    return str(entry.get(f"{field}_localizations", {}).get(locale, entry[field]))


async def command_list(group: app_commands.Group, tree: app_commands.CommandTree[Any],
                       lang: Language) -> list[tuple[str, str]]:
    """Every command under ``group`` as Discord shows it to a reader of ``lang``: its full name
    ("colt pace") and its description. Read from the command tree itself, translated as it is
    registered, so that no command can be left out of a list made from it (/colt help)."""
    payload = await group.get_translated_payload(tree, tree.translator or CatalogTranslator())
    locale = _locale(lang)
    found: list[tuple[str, str]] = []

    def walk(entry: dict[str, Any], prefix: str) -> None:
        for child in entry.get("options", []):
            name = f"{prefix} {_words(child, 'name', locale)}"
            if child["type"] == AppCommandOptionType.subcommand_group.value:
                walk(child, name)
            elif child["type"] == AppCommandOptionType.subcommand.value:
                found.append((name, _words(child, "description", locale)))

    walk(payload, _words(payload, "name", locale))
    return found


async def option_choices(option: app_commands.Parameter, tree: app_commands.CommandTree[Any],
                         lang: Language) -> tuple[str, str, list[str]]:
    """A command's option as Discord shows it to a reader of ``lang``: the command's full name
    ("colt notify"), the option's name and its choices' names (what a refusal of any other value
    names)."""
    command = option.command
    entry = await (command.root_parent or command).get_translated_payload(tree, tree.translator or CatalogTranslator())
    locale = _locale(lang)
    names = [_words(entry, "name", locale)]
    for part in command.qualified_name.split()[1:]:  # down the tree, by the names it was built with
        entry = next(o for o in entry["options"] if o["name"] == part)
        names.append(_words(entry, "name", locale))
    entry = next(o for o in entry["options"] if o["name"] == option.display_name)
    return " ".join(names), _words(entry, "name", locale), [_words(c, "name", locale) for c in entry["choices"]]
