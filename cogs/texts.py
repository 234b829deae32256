"""What the bot says, by message key: the catalogs (data/locales) hold the words of every language.

Each function takes the reader's ``Language``: the game's language in its channel, the player's
own in their DMs and in answers only they see.
"""

from __future__ import annotations

from typing import Any

from cogs.hooks import HOOKS, first
from engine import lobby as declared
from engine.lobby import RULE, SEAT, TOGGLE, Role
from engine.train import Position
from lang import Language, english
from render import seats, text  # the game's own names, shared with the pictures
from table.pace import PACES

# The lobby's option choices and on/off toggles, in the order the lobby shows them: the game's, as
# the base game and each expansion and variant declare them (engine.lobby), then the table's pace.
RULE_OPTIONS = (*declared.named(RULE), "timer")
TOGGLES = declared.named(TOGGLE)
# The lobby's list: the options shown with every choice first (the setup, B-3.5), the toggles, then
# each other option's choice (Silk's power among them, M-31).
WHOLE_OPTIONS = tuple(o.name for o in declared.options() if o.whole)
CHOICE_OPTIONS = (*(o.name for o in declared.options() if o.menu in (RULE, SEAT) and not o.whole), "timer")
SEAT_OPTIONS = declared.named(SEAT)  # chosen among the seats menu's actions (Silk's power, M-31)
# Answers with a button label of their own (Angry Marshal's "stay" and "hold", M-5 …), by key.
ANSWER_KEYS = declared.answer_keys()


def role(name: str) -> Role | None:
    """The declared role (a seat that plays no bandit: the Marshal, M-1) stored as ``name``."""
    return next((r for r in declared.roles() if r.name == name), None)


# The lobby's list of options: a toggle is on or off, a choice shows the reading chosen (and, for
# the setup, whose two choices make two different games, the one not chosen too).
ON, OFF = "✅", "❌"
CHOSEN, NOT_CHOSEN = "🔘", "⚪"


def option_label(lang: Language, name: str, value: object) -> str:
    return lang.text(f"option.{name}.{value}")


def pace_value(name: str) -> str:
    """A pace as ``/colt pace`` carries it: its name in English words ("Over an evening"), not its
    key ("1h"), since a client may show the value where its choice's translated name was picked."""
    return english().text(f"option.timer.{name}").partition(":")[0]


def pace_named(value: str) -> str:
    """The pace a ``/colt pace`` value names (its key itself is taken too)."""
    return next((name for name in PACES if value in (name, pace_value(name))), value)


def toggle_label(lang: Language, name: str) -> str:
    return lang.text(f"toggle.{name}")


def toggle_line(lang: Language, name: str, on: bool) -> str:
    return f"{ON if on else OFF} {toggle_label(lang, name)}"


def chosen(label: str) -> str:
    return f"{CHOSEN} {label}"


def choice_line(lang: Language, name: str, value: object, every: tuple[object, ...] = ()) -> str:
    """A choice in the lobby's list: "🔘 Django pushes his victim"; given ``every`` choice, all of
    them, the chosen one marked and bold: "🔘 **Advanced setup (station card)** · ⚪ First game…"."""
    if not every:
        return chosen(option_label(lang, name, value))
    return " · ".join(chosen(f"**{option_label(lang, name, v)}**") if v == value
                      else f"{NOT_CHOSEN} {option_label(lang, name, v)}" for v in every)


def ai_name(lang: Language, level: str) -> str:
    return f"🤖 {lang.text(f'ai.{level}')}"


def ai_description(lang: Language, level: str) -> str:
    return lang.text(f"ai.{level}.description")


def place(lang: Language, pos: Position) -> str:
    """A position for a button, in the pictures' words: "Roof of car 2", "Inside the locomotive",
    "Stagecoach roof" (beside the train, H-10)."""
    car_text, _, floor = pos.partition("/")
    if not car_text.isdigit():
        return lang.text(f"place.{car_text}-{floor}")
    car = text.car_noun(int(car_text), lang)
    return lang.text("place.roof" if floor == "roof" else "place.in", car=car)


def card_label(lang: Language, card: str, named: bool = False) -> str:
    """A card's action; ``named``: with its bandit's name, for a player who has two (V-2.3)."""
    owner, _, action = card.partition(":")
    if named and owner != "bullet":
        return lang.text("button.card-of", card=text.action_name(action, lang), bandit=text.bandit_name(owner, lang))
    return text.action_name(action, lang)


def cast_name(lang: Language, character: str) -> str:
    """A stored character for people: a bandit's name, or a player's pair ("Ghost & Tuco")."""
    return seats.team_name(character.split("+"), lang) if "+" in character else text.bandit_name(character, lang)


def cards_named(view: dict[str, Any], seat: int) -> bool:
    """Whether a seat's cards say whose they are: its cards are not all one bandit's when it plays
    two (V-2, V-3) or holds a card drawn from its partner's deck (V-4.3)."""
    mine = view["seats"][seat]
    return len(mine["bandits"]) > 1 or any(
        card.partition(":")[0] not in ("bullet", *mine["bandits"]) for card in mine.get("hand") or ())


def answer_label(lang: Language, answer: str, named: bool = False, mine: dict[str, Any] | None = None) -> str:
    """A button's label for an engine answer text; ``named``: cards with their bandit's name;
    ``mine``, the chooser's observation, names what an option holds where the answer alone does not
    (the Marshal's next bullet in each Colt). An expansion's own answers are labelled by its hooks
    (cogs.hooks ``plan_labels``, ``answer_labels``)."""
    kind, _, value = answer.partition(" ")
    if kind == "plan":
        verb, _, card = value.partition(" ")
        if verb == "draw":
            return lang.text("button.draw")
        if verb == "pass":
            return lang.text("button.pass")
        if verb == "hide":
            return lang.text("button.face-down", card=card_label(lang, card, named))
        if verb in HOOKS.plan_labels:  # a flask drunk (H-13), the Brilliant idea (M-3)
            return HOOKS.plan_labels[verb](lang, card)
        return card_label(lang, card, named)
    if value in ANSWER_KEYS:
        return lang.text(ANSWER_KEYS[value])  # Deadly fall's throw, a move or shot not taken (M-40, M-5)
    label = first(label(lang, kind, value, named, mine) for label in HOOKS.answer_labels)
    if label is not None:
        return label
    if kind in ("move", "floor", "shove", "flee"):
        return place(lang, value)
    if kind in ("fire", "punch"):
        return text.bandit_name(value, lang)
    if kind == "keep-card":
        return lang.text("button.keep-none") if value == "done" else \
            lang.text("button.keep", card=card_label(lang, value, named))
    if kind in ("rob", "drop"):
        return loot_name(lang, value)
    if kind == "marshal":
        return text.car_name(int(value), lang).capitalize()
    if kind == "keep-purse":
        return lang.text("button.keep-purse" if value == "yes" else "button.drop-purse")
    if kind == "pickpocket":
        return lang.text("button.pickpocket" if value == "yes" else "button.no-pickpocket")
    if kind == "discard":
        return lang.text("button.keep-rest") if value == "done" else \
            lang.text("button.discard", card=card_label(lang, value, named))
    return answer


def loot_name(lang: Language, kind: str) -> str:
    key = f"loot-name.{kind}"
    return lang.text(key) if lang.has(key) else kind.title()


def question(lang: Language, kind: str, mine: dict[str, Any] | None = None) -> str:
    """The question of a decision; ``mine``, the asker's observation, fills in where it is asked
    (the horse attack's car, H-2: cogs.hooks ``questions``)."""
    if kind in HOOKS.questions:
        return HOOKS.questions[kind](lang, mine)
    key = f"question.{kind}"
    return lang.text(key) if lang.has(key) else lang.text("question.other")


def waiting(lang: Language, kind: str, player: str) -> str:
    key = f"waiting.{kind}"
    return lang.text(key if lang.has(key) else "waiting.other", player=player)


def turn_name(lang: Language, kind: str) -> str:
    key = f"turn-name.{kind}"
    return lang.text(key) if lang.has(key) else kind
