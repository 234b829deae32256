"""The catalogs: same keys and placeholders everywhere, real plural forms, grammar forms that exist,
and no English left in the other languages."""

from __future__ import annotations

import re
import string
from pathlib import Path

import pytest

from lang import CODES, FORM, SOURCE, Noun, english, for_locale, language
from lang.catalog import catalog_files, read_catalog
from lang.numbers import SPECS as NUMBER_SPECS

OTHERS = [code for code in CODES if code != SOURCE]


def _raw(code: str) -> dict[str, tuple[str, ...]]:
    """Key → its msgstr forms, read straight from the .po files (the base game's and each
    expansion's)."""
    catalog = read_catalog(code)
    out: dict[str, tuple[str, ...]] = {}
    for message in catalog:
        if not message.id:
            continue
        key = message.id[0] if isinstance(message.id, tuple) else message.id
        out[str(key)] = tuple(message.string) if isinstance(message.string, (tuple, list)) else (message.string,)
    return out


def _fields(template: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(template) if name is not None}


def _specs(template: str) -> set[str]:
    return {spec for _, name, spec, _ in string.Formatter().parse(template) if name is not None and spec}


SOURCE_RAW = _raw(SOURCE)


def test_the_source_catalog_has_no_grammatical_forms_and_no_empty_message() -> None:
    assert all(FORM not in key for key in SOURCE_RAW)
    assert all(all(forms) for forms in SOURCE_RAW.values())


@pytest.mark.parametrize("code", OTHERS)
def test_every_key_is_translated_with_the_same_placeholders(code: str) -> None:
    raw = _raw(code)
    assert set(SOURCE_RAW) - set(raw) == set(), "keys missing"
    for key, english_forms in SOURCE_RAW.items():
        forms = raw[key]
        assert all(forms), f"{code} {key}: empty"
        wanted = set().union(*(_fields(f) for f in english_forms))
        for form in forms:
            assert _fields(form) == wanted, f"{code} {key}: {form!r} has not the placeholders {wanted}"


@pytest.mark.parametrize("code", OTHERS)
def test_extra_keys_are_only_grammatical_forms_of_source_keys(code: str) -> None:
    raw = _raw(code)
    for key in set(raw) - set(SOURCE_RAW):
        base, _, form = key.partition(FORM)
        assert form and base in SOURCE_RAW, f"{code}: {key} is no form of a known message"
        base_fields = set().union(*(_fields(f) for f in SOURCE_RAW[base]))
        assert _fields(raw[key][0]) <= base_fields, f"{code} {key}: placeholders the base does not have"


@pytest.mark.parametrize("code", CODES)
def test_every_form_a_template_asks_for_is_listed_for_some_noun(code: str) -> None:
    """``{target:acc}`` needs "…#acc" entries; a typo (``{target:akk}``) would silently fall back.
    A number's ways (``{value:money}``) are the other specs a template may have."""
    raw = _raw(code)
    listed = {key.partition(FORM)[2] for key in raw if FORM in key} | set(NUMBER_SPECS)
    for key, forms in raw.items():
        for form in forms:
            assert _specs(form) <= listed, f"{code} {key}: asks for {_specs(form) - listed}"


@pytest.mark.parametrize(("code", "counts"), [
    ("en", {1: "1 card", 2: "2 cards", 5: "5 cards"}),
    ("fr", {0: "0 carte", 1: "1 carte", 2: "2 cartes"}),
    ("cs", {1: "1 karta", 3: "3 karty", 5: "5 karet", 22: "22 karet"}),
    ("pl", {1: "1 karta", 3: "3 karty", 5: "5 kart", 12: "12 kart", 22: "22 karty"}),
    ("ru", {1: "1 карта", 3: "3 карты", 5: "5 карт", 11: "11 карт", 21: "21 карта", 24: "24 карты"}),
    ("es", {1: "1 carta", 2: "2 cartas"}),
])
def test_plurals_follow_each_language_rule(code: str, counts: dict[int, str]) -> None:
    for n, expected in counts.items():
        assert language(code).text("pile.count", n=n) == expected


def test_nouns_decline_where_the_language_does() -> None:
    cs, ru = language("cs"), language("ru")
    assert cs.text("caption.fire", bandit=cs.noun("bandit.ghost"), target=cs.noun("bandit.doc")) == "Ghost pálí na Doca"
    punch = ru.text("caption.punch", bandit=ru.noun("bandit.doc"), target=ru.noun("bandit.cheyenne"))
    assert punch == "Док бьёт Шайенну"
    assert cs.text("reply.character", bandit=cs.noun("bandit.django")) == "Budete hrát za Djanga."
    assert cs.text("place.in", car=cs.noun("car.wagon", n=2)) == "Uvnitř vagonu 2"
    both = Noun.joined([ru.noun("bandit.doc"), ru.noun("bandit.belle")], ", ", " и ")
    assert f"{both:acc}" == "Дока и Белль" and str(both) == "Док и Белль"  # Белль does not decline


def test_discord_locales_map_to_catalogs() -> None:
    assert for_locale("es-419") is language("es") and for_locale("es-ES") is language("es")
    assert for_locale("en-GB") is english() and for_locale("pt-BR") is english() and for_locale(None) is english()
    assert for_locale("cs").code == "cs"


# Words that only English uses; none may appear in another catalog (names are no words here).
ENGLISH_WORDS = re.compile(
    r"\b(the|and|your|you|is|are|of|with|round|card|cards|player|players|game|games|purse|jewel|strongbox|roof|"
    r"bullet|bullets|draw|fires|punches|moves|wins|hand|turn|choose|only|here|this|that|nobody|lobby)\b",
    re.IGNORECASE)
PLACEHOLDER = re.compile(r"\{[^}]*\}")
# Messages that may read the same as in English: names, and words the rulebooks share with English.
SAME_AS_ENGLISH = {"command.colt.name", "bandit.ghost", "bandit.doc", "bandit.tuco", "bandit.cheyenne", "bandit.belle",
                   "bandit.django", "bandit.mei", "bandit.silk",
                   "button.shotgun",  # the Shotgun is a name in the French rulebook too
                   "objective.shoot-em-up",  # an objective's name in English in the rulebooks (003:1445)
                   "button.revolver", "button.revolver-malus"}  # "Colt A → Ghost": the Colt is the Marshal's revolver
SHARED_WORDS = {
    "fr": {"action.marshal", "rules.topic.marshal", "score.bandit", "score.total", "turn.S", "turn-name.S",
           "turn.T", "turn.M", "card.tunnels", "card.melee", "pile.title", "lobby.table", "command.stats.name",
           "rules.topic.actions",
           "car.short.locomotive", "command.pause.name", "panel.marshal"},
    "es": {"action.marshal", "rules.topic.marshal", "score.total", "car.short.locomotive", "panel.marshal",
           "lobby.make-marshal"},
    "pl": {"lobby.start"},
    "cs": set(),
    "ru": set(),
}


@pytest.mark.parametrize("code", OTHERS)
def test_no_english_is_left(code: str) -> None:
    raw = _raw(code)
    for key, english_forms in SOURCE_RAW.items():
        if not any(ch.isalpha() for f in english_forms for ch in PLACEHOLDER.sub("", f)):
            continue  # punctuation and placeholders only
        if key not in SAME_AS_ENGLISH | SHARED_WORDS[code] and not key.startswith("initial."):  # names' initials
            assert raw[key] != english_forms, f"{code} {key} is still English"
        for form in raw[key]:
            found = ENGLISH_WORDS.search(re.sub(r"<[^>]*>|`[^`]*`", "", PLACEHOLDER.sub("", form)))
            assert found is None, f"{code} {key}: English word {found.group(0)!r} in {form!r}"


@pytest.mark.parametrize("code", CODES)
def test_command_words_fit_discord_limits(code: str) -> None:
    """Discord refuses to register a command whose localized name is not one lowercase word of at
    most 32 characters, or whose description or choice name is longer than 100."""
    lang = language(code)
    for key in lang.keys:
        text = lang.text(key)
        if key.startswith("command.") and key.endswith(".name"):
            assert re.fullmatch(r"[-_\w]{1,32}", text) and text == text.lower(), f"{code} {key}: {text!r}"
        elif key.startswith(("command.", "rules.topic.")) or key == "language.name":
            assert 1 <= len(text) <= 100, f"{code} {key}: {len(text)} characters"


def test_an_expansions_catalog_files_join_the_base_ones() -> None:
    """data/locales/horses/<code>.po: the expansion's texts in its own folder, read with the rest."""
    folders = [p.parent.name for p in catalog_files("pl")]
    assert folders[0] == "locales" and {"horses", "variants"} <= set(folders[1:])
    pl = language("pl")
    assert pl.text("action.ride") == "Jazda konna" and format(pl.noun("position.stagecoach-in"), "to") == "do dyliżansu"


def test_a_key_defined_in_two_catalog_files_is_refused(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import lang.catalog as catalog
    (tmp_path / "horses").mkdir()
    (tmp_path / "en.po").write_text('msgid "a"\nmsgstr "A"\n', encoding="utf-8")
    (tmp_path / "horses" / "en.po").write_text('msgid "a"\nmsgstr "again"\n', encoding="utf-8")
    monkeypatch.setattr(catalog, "LOCALES", tmp_path)
    with pytest.raises(ValueError, match="already defined"):
        read_catalog("en")
