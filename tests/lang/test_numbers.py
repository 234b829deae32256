"""Numbers and money as each language writes them (lang.numbers), and each language's punctuation in
the catalogs: one helper formats every amount, in the channel's words and on the pictures alike."""

from __future__ import annotations

import re

import pytest

from cogs import rules_text
from cogs.story import Story
from lang import CODES, english, language
from render import text
from tests.lang.test_catalogs import _raw

NB, NNB = "\u00a0", "\u202f"  # no-break space, narrow no-break space


@pytest.mark.parametrize(("code", "amounts"), [
    ("en", {250: "$250", 2900: "$2,900", 12500: "$12,500"}),
    ("fr", {250: f"250{NB}$", 2900: f"2{NNB}900{NB}$", 12500: f"12{NNB}500{NB}$"}),
    ("cs", {250: f"250{NB}$", 2900: f"2{NB}900{NB}$", 12500: f"12{NB}500{NB}$"}),
    ("pl", {250: f"250{NB}$", 2900: f"2900{NB}$", 12500: f"12{NB}500{NB}$"}),  # four digits ungrouped
    ("ru", {250: f"250{NB}$", 2900: f"2{NB}900{NB}$", 12500: f"12{NB}500{NB}$"}),
    ("es", {250: f"250{NB}$", 2900: f"2900{NB}$", 12500: f"12.500{NB}$"}),  # four digits ungrouped
])
def test_money_is_written_as_each_language_writes_dollars(code: str, amounts: dict[int, str]) -> None:
    lang = language(code)
    for value, written in amounts.items():
        assert lang.money(value) == written
        assert lang.text("caption.ransom", bandit="X", value=value).count(written) == 1
    assert lang.money(1000, signed=True) == "+" + lang.money(1000)


def test_a_number_in_a_message_is_left_alone_unless_the_template_asks() -> None:
    """Games' numbers, seats and counts read as they are; only ``{…:money}`` and ``{…:number}`` group."""
    fr = language("fr")
    assert fr.text("lobby.title", game=1234) == "Colt Express — partie n° 1234"
    assert english().text("stats.line", user=7, games="g", wins="w", titles="t", best=12500).endswith("best $12,500")
    assert english().text("pile.count", n=1) == "1 card"


@pytest.mark.parametrize("code", CODES)
def test_every_amount_in_the_catalogs_goes_through_the_money_helper(code: str) -> None:
    """No message writes a "$" of its own: an amount is a ``{…:money}`` placeholder (or, in a range, a
    ``{…:number}`` before one), so the channel, the DMs and the pictures agree."""
    for key, forms in _raw(code).items():
        for form in forms:
            assert "$" not in form, f"{code} {key}: {form!r} writes its own dollar sign"


@pytest.mark.parametrize("code", CODES)
def test_the_money_on_the_scoreboard_and_in_the_channel_agree(code: str) -> None:
    """The final count: the picture draws amounts with the helper, and the channel's Gunslinger line
    too ("+1 000 $" in French, never "+1000 $" beside a picture's "1 000 $")."""
    lang = language(code)
    assert text.money(2900, lang) == lang.money(2900)
    public = {"result": {"scores": {"doc": 2900, "tuco": 500}, "winners": ["doc"], "gunslingers": ["doc"]}}
    words = Story.scoreboard_text(public, lang)
    assert lang.money(1000, signed=True) in words and lang.money(2900) in words and "$2900" not in words
    line = lang.text("scoreline.bandit", bandit="Doc", score=2900, gunslinger="", mark="")
    assert line.startswith("Doc") and line.endswith(lang.money(2900))  # for cogs/story.py's own line


@pytest.mark.parametrize("code", CODES)
def test_the_rules_write_their_amounts_with_the_helper(code: str) -> None:
    lang = language(code)
    scoring = rules_text.topic(lang, "scoring")
    assert lang.money(1000) in scoring and lang.money(500) in scoring
    assert "{" not in scoring


STRIPPED = re.compile(r"\{[^}]*\}|`[^`]*`|<[^>]*>|https?://\S+")  # placeholders, code, mentions, links


def test_french_punctuation_has_its_no_break_spaces() -> None:
    """French puts a no-break space before ":" and a narrow one before ";", "!" and "?" (and inside
    « »), so that "Tour 1/4 :" never breaks before its colon, as "Manche 1/5 :" does not."""
    for key, forms in _raw("fr").items():
        for form in forms:
            plain = STRIPPED.sub("X", form)
            for match in re.finditer(r"(.)([:;!?»])", plain):
                assert match.group(1) in (NB, NNB), f"fr {key}: {match.group(0)!r} in {form!r}"
            assert "« " not in plain, f"fr {key}: a breaking space after « in {form!r}"
    fr = language("fr")
    assert fr.text("pile.played", bandit="Tuco", action="Coup de poing") == f"Tuco{NB}: Coup de poing"
    assert fr.text("pile.turn-now", turn="Tour 1/4", waiting="x") == f"Tour 1/4{NB}: x"


@pytest.mark.parametrize("code", [c for c in CODES if c != "fr"])
def test_other_languages_put_no_space_before_a_colon(code: str) -> None:
    for key, forms in _raw(code).items():
        for form in forms:
            assert not re.search(r"[ \u00a0\u202f][:;]", STRIPPED.sub("X", form)), f"{code} {key}: {form!r}"


def test_a_rating_has_one_decimal_as_each_language_writes_it() -> None:
    from lang import language

    assert language("en").decimal(27.46) == "27.5"
    assert language("fr").decimal(27.46) == "27,5"
    assert language("en").decimal(-3.04) == "-3.0"
