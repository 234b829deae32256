"""Numbers and the game's money as each language writes them (Babel's CLDR data): the one place that
formats an amount, for messages and pictures alike.

    money(2900, "en") == "$2,900"          money(2900, "fr") == "2 900 $"   (narrow no-break space)
    money(1000, "en", signed=True) == "+$1,000"

The game's money is dollars in every language (the rulebooks' "$"), so the currency sign is always
"$"; where it goes, the group separator and the space before the sign are the language's.
"""

from __future__ import annotations

from functools import cache

from babel import Locale
from babel.numbers import format_decimal, get_minus_sign_symbol, get_plus_sign_symbol

DOLLAR = "$"
CURRENCY = "¤"  # the currency sign's place in a CLDR pattern
# CLDR's minimumGroupingDigits, which Babel does not apply: Spanish and Polish write four-digit
# numbers ungrouped ("2900 $", but "12 500 $").
MINIMUM_GROUPING = {"es": 2, "pl": 2}
SPECS = ("money", "+money", "number")  # what a template may ask of a number: {value:money}


def number(value: int, code: str) -> str:
    """``value`` with the language's group separator: "2,900", "2 900", "2900" (Spanish)."""
    grouped = len(str(abs(value))) >= 3 + MINIMUM_GROUPING.get(code, 1)
    return str(format_decimal(value, locale=code, group_separator=grouped))


def decimal(value: float, code: str) -> str:
    """A measure with one decimal, as the language writes it: "27.4", "27,4" (a rating)."""
    return str(format_decimal(round(value, 1), format="#,##0.0", locale=code))


@cache
def _affixes(code: str) -> tuple[str, str]:
    """What comes before and after the digits of a positive amount: ("$", "") in English,
    ("", "\u00a0$") in French."""
    pattern = Locale.parse(code).currency_formats["standard"]
    return pattern.prefix[0].replace(CURRENCY, DOLLAR), pattern.suffix[0].replace(CURRENCY, DOLLAR)


def money(value: int, code: str, *, signed: bool = False) -> str:
    """An amount of dollars in the language's way; ``signed``: with "+" when positive (a bonus)."""
    before, after = _affixes(code)
    sign = get_minus_sign_symbol(locale=code) if value < 0 else get_plus_sign_symbol(locale=code) if signed else ""
    return f"{sign}{before}{number(abs(value), code)}{after}"


class Amount:
    """A whole number in a message: ``{value}`` as it is (a game's number, a count), ``{value:number}``
    grouped, ``{value:money}`` in dollars, ``{value:+money}`` a signed bonus."""

    __slots__ = ("code", "value")

    def __init__(self, value: int, code: str) -> None:
        self.value, self.code = value, code

    def __str__(self) -> str:
        return str(self.value)

    def __format__(self, spec: str) -> str:
        if spec == "money":
            return money(self.value, self.code)
        if spec == "+money":
            return money(self.value, self.code, signed=True)
        if spec == "number":
            return number(self.value, self.code)
        return format(self.value, spec)
