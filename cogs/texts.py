"""What the bot says, by message key: the catalogs (data/locales) hold the words of every language.

Each function takes the reader's ``Language``: the game's language in its channel, the player's
own in their DMs and in answers only they see.
"""

from __future__ import annotations

from typing import Any

from engine.prisoners.data import prisoners_data
from engine.prisoners.lawman import HOLD, STAY
from engine.prisoners.model import FALLEN
from engine.train import Position
from lang import Language, english
from render import seats, text  # the game's own names, shared with the pictures
from table.pace import PACES

# The lobby's option choices and on/off toggles, in the order the lobby shows them.
RULE_OPTIONS = ("setup", "variant", "django", "belle", "timer")
TOGGLES = ("powers", "events", "expert", "horses", "prisoners")


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


def answer_label(lang: Language, answer: str, named: bool = False, mine: dict[str, Any] | None = None) -> str:
    """A button's label for an engine answer text; ``named``: cards with their bandit's name;
    ``mine``, the chooser's observation, names what an option holds where the answer alone does not
    (the Marshal's next bullet in each Colt)."""
    kind, _, value = answer.partition(" ")
    if kind == "plan":
        verb, _, card = value.partition(" ")
        if verb == "draw":
            return lang.text("button.draw")
        if verb == "pass":
            return lang.text("button.pass")
        if verb == "hide":
            return lang.text("button.face-down", card=card_label(lang, card, named))
        if verb == "drink":
            return lang.text("button.drink", flask=_loot_name(lang, card))
        if verb == "idea":
            return lang.text("button.take-idea")  # instead of drawing (M-3)
        return card_label(lang, card, named)
    if kind == "take-card":
        return card_label(lang, value, named=True)
    if kind == "place":
        return text.bandit_name(value, lang)
    if value == FALLEN:
        return lang.text("button.throw-off")  # Deadly fall (M-40)
    if kind in ("move", "floor", "shove", "flee", "marshal-move", "marshal-ride", "shove-marshal", "escape") or (
            kind == "ride" and value != "escape"):
        return lang.text("button.stay") if value == STAY else place(lang, value)
    if kind == "marshal-fire":
        if value == HOLD:
            return lang.text("button.hold")
        revolver, _, target = value.partition(":")
        bandit = text.bandit_name(target, lang)
        loaded = (mine or {}).get("prison", {}).get("revolvers", [])
        index = ord(revolver) - ord("a")
        if index < len(loaded) and loaded[index]:  # the bullet on top carries its malus (M-8)
            return lang.text("button.revolver-malus", revolver=revolver.upper(), bandit=bandit,
                             malus=lang.text(f"malus-name.{loaded[index][0]}"))
        return lang.text("button.revolver", revolver=revolver.upper(), bandit=bandit)
    if kind == "arrest":
        return text.bandit_name(value, lang)
    if kind == "free":
        what, _, who = value.partition(":")
        noun = text.bandit_noun(who, lang)
        return lang.text("button.free-prisoner" if what == "prisoner" else "button.free-bandit", bandit=noun)
    if kind == "thanks":
        return _loot_name(lang, value)
    if kind == "reflex":
        return lang.text("button.pass") if value == "pass" else card_label(lang, value)
    if kind == "ride":
        return lang.text("button.escape")
    if kind == "punch" and value == "shotgun":
        return lang.text("button.shotgun")
    if kind in ("fire", "punch", "dodge"):
        return text.bandit_name(value, lang)
    if kind == "attack":
        return lang.text(f"button.attack-{value}")
    if kind == "attack-wagon":
        return text.car_name(int(value), lang).capitalize()
    if kind == "hostage":
        return lang.text(f"hostage-name.{value}")
    if kind == "keep-card":
        return lang.text("button.keep-none") if value == "done" else \
            lang.text("button.keep", card=card_label(lang, value))
    if kind in ("rob", "drop"):
        return _loot_name(lang, value)
    if kind == "marshal":
        return text.car_name(int(value), lang).capitalize()
    if kind == "keep-purse":
        return lang.text("button.keep-purse" if value == "yes" else "button.drop-purse")
    if kind == "pickpocket":
        return lang.text("button.pickpocket" if value == "yes" else "button.no-pickpocket")
    if kind == "discard":
        return lang.text("button.keep-rest") if value == "done" else \
            lang.text("button.discard", card=card_label(lang, value))
    return answer


def _loot_name(lang: Language, kind: str) -> str:
    key = f"loot-name.{kind}"
    return lang.text(key) if lang.has(key) else kind.title()


def question(lang: Language, kind: str, mine: dict[str, Any] | None = None) -> str:
    """The question of a decision; ``mine``, the asker's observation, fills in where it is asked
    (the horse attack's car)."""
    key = f"question.{kind}"
    if kind == "attack" and mine is not None and (mine.get("stagecoach") or {}).get("attack"):
        return lang.text(key, car=text.car_noun(int(mine["stagecoach"]["attack"]["car"]), lang))
    if kind == "attack":
        return lang.text("question.other")
    return lang.text(key) if lang.has(key) else lang.text("question.other")


def sheet(lang: Language, prison: dict[str, Any]) -> str:
    """The Marshal's private sheet in his DMs (M-6): his objectives seen, each marked when fulfilled
    as things stand, how many are still to come, and his rewards."""
    met = prison.get("met") or [False] * len(prison["objectives"])
    seen = [f"{'✅' if done else '▫️'} {objective_line(lang, o)}"
            for o, done in zip(prison["objectives"], met, strict=True) if o]
    lines = [lang.text("sheet.objectives", n=len(seen), total=len(seen) + int(prison["objectives_to_come"]))]
    lines += seen
    rewards = prison["rewards"]
    lines.append(lang.text("sheet.rewards", wanted=len(prison["wanted"]), prisoners=len(rewards["prisoners"]),
                           mail=len(rewards["mail"])))
    return "\n".join(lines)


def events_line(lang: Language, chosen: Any) -> str:
    """The lobby's line for the Choosing events variant (M-40): the cards chosen, or drawn from all."""
    if not chosen:
        return f"{OFF} {lang.text('lobby.events-all')}"
    cards = ", ".join(text.card_title(card, lang) for card in chosen)
    return f"{ON} {lang.text('lobby.events-chosen', cards=cards)}"


def marshal_result(lang: Language, prison: dict[str, Any]) -> str:
    """The Marshal's line on the final count (M-9): every objective, public at the end, marked."""
    done = set(prison["fulfilled"])
    count = lang.text("score.marshal-objectives", n=len(done), total=len(prison["objectives"]),
                      need=prisoners_data().objectives_to_win)
    if prison.get("marshal_fallen"):
        count += " · " + lang.text("score.marshal-fallen")
    marks = ", ".join(f"{'✅' if o in done else '❌'} {objective_name(lang, o)}" for o in prison["objectives"])
    crown = " 🏆" if prison.get("marshal_wins") else ""
    return f"⭐ **{lang.text('panel.marshal')}**{crown} — {count}: {marks}"


def objective_name(lang: Language, objective: str) -> str:
    kind, _, bandit = objective.partition(":")
    return lang.text(f"objective.{kind}", bandit=text.bandit_noun(bandit, lang))


def objective_line(lang: Language, objective: str) -> str:
    """An objective by its name and what it asks of the Marshal (M-6): a name alone says little."""
    kind, _, bandit = objective.partition(":")
    goal = lang.text(f"objective-goal.{kind}", bandit=text.bandit_noun(bandit, lang))
    return f"**{objective_name(lang, objective)}** — {goal}"


def objectives_help(lang: Language, prison: dict[str, Any]) -> list[str]:
    """The Marshal's ❔ Help lines on his objectives seen so far (M-6)."""
    seen = [o for o in prison["objectives"] if o]
    return [lang.text("help.objectives"), *(f"• {objective_line(lang, o)}" for o in seen)] if seen else []


def waiting(lang: Language, kind: str, player: str) -> str:
    key = f"waiting.{kind}"
    return lang.text(key if lang.has(key) else "waiting.other", player=player)


def turn_name(lang: Language, kind: str) -> str:
    key = f"turn-name.{kind}"
    return lang.text(key) if lang.has(key) else kind
