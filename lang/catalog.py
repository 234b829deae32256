"""Loading the catalogs (data/locales/<code>.po) and looking messages up in them."""

from __future__ import annotations

import gettext
import io
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

from lang import numbers

LOCALES = Path(__file__).resolve().parent.parent / "data" / "locales"
SOURCE = "en"  # the catalog every other one translates, key for key
CODES = ("en", "fr", "cs", "pl", "ru", "es")  # the languages a game, a player and a command can have
FORM = "#"  # "bandit.doc#acc": the accusative form of the message "bandit.doc"


@dataclass(frozen=True)
class Noun:
    """A name with its grammatical forms: ``format(noun, "acc")`` is one of them, ``str(noun)`` the
    plain (nominative) one, which also stands in for any form the language does not list."""

    base: str
    forms: tuple[tuple[str, str], ...] = ()

    def __str__(self) -> str:
        return self.base

    def __format__(self, spec: str) -> str:
        return next((value for name, value in self.forms if name == spec), self.base)

    @staticmethod
    def joined(nouns: Sequence[Noun], separator: str, last: str) -> Noun:
        """"A, B and C", in every form any of them has."""

        def join(parts: list[str]) -> str:
            return separator.join(parts[:-1]) + last + parts[-1] if len(parts) > 1 else "".join(parts)

        names = sorted({name for noun in nouns for name, _ in noun.forms})
        return Noun(join([n.base for n in nouns]), tuple((f, join([format(n, f) for n in nouns])) for f in names))


def catalog_files(code: str) -> list[Path]:
    """A language's catalog files: the base game's ``<code>.po``, then each expansion's own
    ``<expansion>/<code>.po`` (an expansion's texts live in its own folder)."""
    return [LOCALES / f"{code}.po", *sorted(LOCALES.glob(f"*/{code}.po"))]


def read_catalog(code: str) -> Catalog:
    """Every message of ``code``'s catalog files in one babel catalog (a key defined twice fails)."""
    files = catalog_files(code)
    with files[0].open("rb") as po:
        catalog = read_po(po, locale=code)
    for path in files[1:]:
        with path.open("rb") as po:
            more = read_po(po, locale=code)
        for message in more:
            if not message.id:
                continue
            if message.id in catalog:
                raise ValueError(f"{path}: {message.id!r} is already defined in another catalog file")
            catalog[message.id] = message
    return catalog


class Language:
    """One catalog: its messages, their plural rule and the grammatical forms it lists."""

    def __init__(self, code: str, fallback: Language | None = None) -> None:
        catalog = read_catalog(code)
        compiled = io.BytesIO()
        write_mo(compiled, catalog)  # in memory: no build step, and gettext evaluates Plural-Forms
        compiled.seek(0)
        self.code = code
        self._gettext = gettext.GNUTranslations(compiled)
        self.keys: frozenset[str] = frozenset(
            str(m.id[0] if isinstance(m.id, tuple) else m.id) for m in catalog if m.id and m.string)
        self.plurals: frozenset[str] = frozenset(str(m.id[0]) for m in catalog if isinstance(m.id, tuple))
        forms: dict[str, list[str]] = {}
        for key in self.keys:
            if FORM in key:
                base, _, form = key.partition(FORM)
                forms.setdefault(base, []).append(form)
        self._forms = {base: tuple(sorted(names)) for base, names in forms.items()}
        self._fallback = fallback
        if fallback is not None:
            # A message not translated yet reads in English rather than as its key.
            self._gettext.add_fallback(fallback._gettext)
            self.plurals |= fallback.plurals

    def __repr__(self) -> str:
        return f"Language({self.code!r})"

    def has(self, key: str) -> bool:
        """Whether ``key`` is a message at all (every catalog has the source's keys)."""
        return key in self.keys or (self._fallback is not None and self._fallback.has(key))

    def template(self, key: str, n: int = 1) -> str:
        """The raw template of ``key``; for a plural message, the form for the count ``n``."""
        if not self.has(key):
            raise KeyError(key)
        if key in self.plurals:
            return self._gettext.ngettext(key, key, n)
        return self._gettext.gettext(key)

    def text(self, key: str, /, **fields: object) -> str:
        """The message ``key`` with its placeholders filled; a plural message counts ``n``. A whole
        number reads as it is, or as the template asks: ``{value:money}``, ``{value:number}``."""
        count = fields.get("n", 1)
        template = self.template(key, count if isinstance(count, int) else 1)
        if not fields:
            return template
        return template.format(**{name: numbers.Amount(value, self.code)
                                  if isinstance(value, int) and not isinstance(value, bool) else value
                                  for name, value in fields.items()})

    def money(self, value: int, *, signed: bool = False) -> str:
        """An amount of the game's dollars as this language writes it ("$2,900", "2 900 $")."""
        return numbers.money(value, self.code, signed=signed)

    def decimal(self, value: float) -> str:
        """A measure with one decimal ("27.4", "27,4"): a rating."""
        return numbers.decimal(value, self.code)

    def number(self, value: int) -> str:
        """A number with this language's group separator ("2,900", "2 900")."""
        return numbers.number(value, self.code)

    def noun(self, key: str, /, **fields: object) -> Noun:
        """The message ``key`` as a noun, with every form this language lists for it."""
        forms = tuple((form, self.text(f"{key}{FORM}{form}", **fields)) for form in self._forms.get(key, ()))
        return Noun(self.text(key, **fields), forms)


@cache
def english() -> Language:
    return Language(SOURCE)


@cache
def language(code: str) -> Language:
    """The catalog of ``code`` (one of ``CODES``), loaded once."""
    if code == SOURCE:
        return english()
    if code not in CODES:
        raise KeyError(code)
    return Language(code, fallback=english())


def for_locale(locale: object) -> Language:
    """The catalog for a Discord locale ("fr", "es-ES", "pt-BR"…): its language if we have it, else
    English."""
    code = str(locale or "").replace("_", "-").split("-")[0].lower()
    return language(code) if code in CODES else english()
