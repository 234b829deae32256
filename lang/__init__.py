"""The bot's six languages: every word a person reads comes from a gettext catalog in data/locales.

    from lang import language, for_locale
    fr = language("fr")
    fr.text("caption.fire", bandit=..., target=...)    # named placeholders, str.format syntax
    fr.text("pile.count", n=3)                          # a plural message: its count is {n}
    for_locale("pt-BR") is language("en")               # a Discord locale without a catalog: English
    fr.money(2900) == "2\u202f900\u00a0$"                 # the game's dollars, as French writes them
    fr.text("caption.ransom", bandit=..., value=250)    # a template asks "{value:money}" (lang.numbers)

Catalogs are read at run time with Babel (no compile step) and served by the standard library's
gettext, which picks the plural form with each catalog's own ``Plural-Forms`` rule (Czech, Polish
and Russian have three). Message ids are keys ("caption.fire"); English is a catalog like the others.

Grammar: a word that changes with its role in a sentence (a bandit's name, a car, a place) is a
``Noun``. Its forms are catalog entries ``<key>#<form>`` ("bandit.doc#acc" = "Doca"); a template
asks for one with a format spec, ``{target:acc}``, and a form a language does not list falls back
to the plain one (indeclinable names). So every catalog keeps the same placeholders while each
language declines what it must.
"""

from __future__ import annotations

from lang.catalog import CODES, FORM, LOCALES, SOURCE, Language, Noun, english, for_locale, language

__all__ = ["CODES", "FORM", "LOCALES", "SOURCE", "Language", "Noun", "english", "for_locale", "language"]
