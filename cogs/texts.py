"""What the bot says, in one place (English for now; translations come with the catalogs)."""

from __future__ import annotations

from engine.train import Position
from render import text  # the game's own names, shared with the pictures

LOOT_NAMES = {"purse": "Purse", "jewel": "Jewel", "strongbox": "Strongbox"}
OPTION_LABELS = {
    "setup": {"advanced": "Advanced setup (station card)", "first-game": "First game (5 round cards)"},
    "django": {"push": "Django pushes his victim", "lone-gun": "Django: lone gun (Czech rules)"},
    "belle": {"any-other": "Belle: hidden by anyone", "same-position": "Belle: hidden at her position only"},
    "timer": {"90/45": "Timer: 90 s to plan, 45 s to choose", "45/20": "Timer: 45 s to plan, 20 s to choose",
              "180/90": "Timer: 3 min to plan, 90 s to choose", "600/300": "Timer: 10 min to plan, 5 min to choose"},
}
AI_LEVELS = {
    "easy": ("Easy AI", "plays any legal move"),
    "normal": ("Normal AI", "robs, shoots the rich, dodges the marshal"),
    "hard": ("Hard AI", "searches the likely hidden cards"),
}
TOGGLES = {"powers": "Character powers", "events": "Round events", "expert": "Expert variant (discard pile)"}


def ai_name(level: str) -> str:
    return f"🤖 {AI_LEVELS[level][0]}"


def place(pos: Position) -> str:
    """A position for a button, in the pictures' words: "Roof of car 2", "Inside the locomotive"."""
    car_text, _, floor = pos.partition("/")
    car = text.car_name(int(car_text))
    return f"Roof of {car}" if floor == "roof" else f"Inside {car}"


def card_label(card: str) -> str:
    return text.action_name(card.partition(":")[2])


def answer_label(answer: str) -> str:
    """A button's label for an engine answer text."""
    kind, _, value = answer.partition(" ")
    if kind == "plan":
        verb, _, card = value.partition(" ")
        if verb == "draw":
            return "Draw 3"
        if verb == "pass":
            return "Pass"
        return f"{card_label(card)} (face down)" if verb == "hide" else card_label(card)
    if kind in ("move", "shove"):
        return place(value)
    if kind in ("fire", "punch"):
        return text.bandit_name(value)
    if kind in ("rob", "drop"):
        return LOOT_NAMES.get(value, value.title())
    if kind == "marshal":
        return text.car_name(int(value)).capitalize()
    if kind == "keep-purse":
        return "Keep the purse" if value == "yes" else "Let it drop"
    if kind == "pickpocket":
        return "Take a purse" if value == "yes" else "Leave it"
    if kind == "discard":
        return "Keep the rest" if value == "done" else f"Discard {card_label(value)}"
    return answer


QUESTIONS = {
    "plan": "Your turn to plan: play a card or draw 3.",
    "move": "Where does your bandit move?",
    "fire": "Whom do you fire at?",
    "rob": "What do you take?",
    "punch": "Whom do you punch?",
    "drop": "What does your victim drop?",
    "keep-purse": "Cheyenne: keep the purse your victim drops?",
    "shove": "Where does your victim land?",
    "marshal": "Where does the marshal go?",
    "pickpocket": "Pickpocketing: take a purse here?",
    "discard": "Expert variant: discard cards you don't want to keep for the next round.",
}
WAITING = {
    "plan": "{player} is planning", "move": "{player} chooses where to move", "fire": "{player} takes aim",
    "rob": "{player} chooses the loot", "punch": "{player} chooses whom to punch",
    "drop": "{player} chooses what drops", "keep-purse": "{player} decides about the purse",
    "shove": "{player} chooses where the victim lands", "marshal": "{player} moves the marshal",
    "pickpocket": "{player} decides whether to pickpocket", "discard": "{player} chooses cards to keep",
}

TURN_NAMES = {"S": "standard", "T": "tunnel (face down)", "D": "speeding-up (two actions)", "R": "switching"}
