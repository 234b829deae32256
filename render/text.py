"""Every word drawn on a picture: English templates with named placeholders, in one table.

A translation (issue 6) plugs in as ``translate(key, english) -> template``: it receives the key and
the English template and returns the template in its language, keeping the ``{placeholders}``.
Nothing else in render/ holds a word of English.

Captions are in the present tense and name every bandit, so that a translation needs no pronouns.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

Translate = Callable[[str, str], str]

TEXTS: dict[str, str] = {
    # characters (RULES.md B-1)
    "bandit.ghost": "Ghost",
    "bandit.doc": "Doc",
    "bandit.tuco": "Tuco",
    "bandit.cheyenne": "Cheyenne",
    "bandit.belle": "Belle",
    "bandit.django": "Django",
    "bandit.mei": "Mei",
    "bandit.silk": "Silk",
    "marshal": "the marshal",
    # cars and positions
    "car.locomotive": "the locomotive",
    "car.wagon": "car {n}",
    "car.short.locomotive": "Loco",
    "car.short.wagon": "{n}",
    "position.in": "{car}",
    "position.roof": "the roof of {car}",
    # loot (B-1)
    "loot.purse": "a purse",
    "loot.jewel": "a jewel",
    "loot.strongbox": "a strongbox",
    # actions (card names)
    "action.move": "Move",
    "action.floor": "Change floor",
    "action.fire": "Fire",
    "action.punch": "Punch",
    "action.rob": "Rob",
    "action.marshal": "Marshal",
    "action.bullet": "Bullet",
    # round cards and events (DATA.md)
    "card.angry-marshal": "Angry Marshal",
    "card.swivel-arm": "Swivel Arm",
    "card.braking": "Braking",
    "card.take-it-all": "Take It All!",
    "card.passengers-rebellion": "Passengers' Rebellion",
    "card.bridge": "Bridge",
    "card.tunnels": "Tunnels",
    "card.marshals-revenge": "Marshal's Revenge",
    "card.pickpocketing": "Pickpocketing",
    "card.hostage-conductor": "Hostage-Taking of the Conductor",
    "turn.S": "standard",
    "turn.T": "tunnel",
    "turn.D": "speeding-up",
    "turn.R": "switching",
    "turn.M": "mêlée",
    "turn.K": "shake",
    # header
    "header.round": "Round {n} of {total}",
    "header.no-round": "Setting up",
    "header.phase.planning": "Schemin'",
    "header.phase.keeping": "Schemin'",
    "header.phase.stealing": "Stealin'",
    "header.phase.event": "Event",
    "header.phase.round-end": "Stealin'",
    "header.phase.over": "Game over",
    "header.phase.scenario": "",
    "header.no-event": "no event",
    "header.event": "Event: {event}",
    "header.event.end": "event at the end of the round",
    # player panels
    "panel.acting": "to act",
    "pending.plan": "to play",
    "pending.discard": "to keep cards",
    "pending.move": "to move",
    "pending.fire": "to aim",
    "pending.rob": "to rob",
    "pending.punch": "to punch",
    "pending.drop": "to punch",
    "pending.keep-purse": "to choose",
    "pending.shove": "to punch",
    "pending.marshal": "to move the marshal",
    "pending.pickpocket": "to choose",
    # the pile
    "pile.title": "Pile",
    "pile.empty": "no cards played yet",
    "pile.count": "{n} cards",
    # the hand
    "hand.title": "{bandit}'s hand",
    "hand.dead": "bullets cannot be played",
    "hand.empty": "no cards in hand",
    # the scoreboard
    "score.title": "Final count",
    "score.bandit": "Bandit",
    "score.purses": "Purses",
    "score.jewels": "Jewels",
    "score.strongboxes": "Strongboxes",
    "score.gunslinger": "Gunslinger",
    "score.total": "Total",
    "score.money": "${value}",
    "score.winner": "{names} wins!",
    "score.winners": "{names} share the victory!",
    "score.bullets": "bullets received: {n}",
    # captions: one clause per event, joined by caption.join
    "caption.join": " · ",
    "caption.and": " and ",
    "caption.list": ", ",
    "caption.event": "{event} — {what}",
    "caption.event.none": "{event} — nobody is affected",
    "caption.round": "Round {n} of {total}: {card}",
    "caption.play": "{bandit} plays {action}",
    "caption.play.hidden": "{bandit} plays a card face down",
    "caption.draw": "{bandit} draws {n} cards",
    "caption.draw.one": "{bandit} draws 1 card",
    "caption.pass": "{bandit} passes",
    "caption.reshuffle": "{bandit} reshuffles the discard",
    "caption.planning-over": "Stealin' begins",
    "caption.resolve": "{bandit}'s turn: {action}",
    "caption.move.move": "{bandit} moves to {to}",
    "caption.move.floor.roof": "{bandit} climbs onto the roof",
    "caption.move.floor.in": "{bandit} climbs down inside",
    "caption.move.punch": "{bandit} is knocked to {to}",
    "caption.move.push": "{bandit} is pushed to {to}",
    "caption.move.flee": "{bandit} flees to the roof",
    "caption.move.swivel-arm": "{bandit} slides to {to}",
    "caption.move.braking": "{bandit} slides to {to}",
    "caption.fire": "{bandit} fires at {target}",
    "caption.hit.marshal": "the marshal shoots {bandit}",
    "caption.hit.angry-marshal": "the marshal shoots {bandit}",
    "caption.hit.passengers-rebellion": "the passengers shoot {bandit}",
    "caption.hit-flee": "{bandit} is shot by the marshal and flees to the roof",
    "caption.neutral-bullets-gone": "the marshal runs out of bullets",
    "caption.rob": "{bandit} takes {loot}",
    "caption.rob.pickpocketing": "{bandit} picks a purse",
    "caption.punch": "{bandit} punches {target}",
    "caption.drop": "{bandit} drops {loot}",
    "caption.take": "{bandit} keeps {target}'s purse",
    "caption.marshal": "the marshal moves to {to}",
    "caption.marshal.card": "{bandit} moves the marshal to {to}",
    "caption.no-effect.no-target": "{bandit}'s {action} has no effect: no target",
    "caption.no-effect.no-loot": "{bandit}'s {action} has no effect: nothing to take",
    "caption.no-effect.empty-revolver": "{bandit}'s {action} has no effect: no bullets left",
    "caption.loot-appears": "{loot} appears in {at}",
    "caption.lose": "{bandit} loses a purse",
    "caption.ransom": "{bandit} gets ${value}",
    "caption.game-over": "Game over",
    "caption.game-over.winner": "Game over: {names} wins!",
    "caption.game-over.winners": "Game over: {names} share the victory!",
    # the same clause for several bandits at once (an event touching many)
    "caption.move.flee.many": "{bandit} flee to the roof",
    "caption.move.swivel-arm.many": "{bandit} slide to {to}",
    "caption.move.braking.many": "{bandit} slide to {to}",
    "caption.hit.marshal.many": "the marshal shoots {bandit}",
    "caption.hit-flee.many": "{bandit} are shot by the marshal and flee to the roof",
    "caption.hit.angry-marshal.many": "the marshal shoots {bandit}",
    "caption.hit.passengers-rebellion.many": "the passengers shoot {bandit}",
    "caption.rob.pickpocketing.many": "{bandit} pick a purse each",
    "caption.lose.many": "{bandit} lose a purse each",
    "caption.ransom.many": "{bandit} get ${value} each",
    "caption.nothing": "",
}


def t(key: str, translate: Translate | None = None, /, **fields: object) -> str:
    """The text of ``key`` in the reader's language, its placeholders filled."""
    template = TEXTS[key]
    if translate is not None:
        template = translate(key, template)
    return template.format(**fields) if fields else template


def bandit_name(name: str | None, translate: Translate | None = None) -> str:
    key = f"bandit.{name}"
    if key in TEXTS:
        return t(key, translate)
    return (name or "?").capitalize()


def car_name(car: int, translate: Translate | None = None) -> str:
    return t("car.locomotive", translate) if car == 0 else t("car.wagon", translate, n=car)


def car_short(car: int, translate: Translate | None = None) -> str:
    return t("car.short.locomotive", translate) if car == 0 else t("car.short.wagon", translate, n=car)


def position_name(pos: str, translate: Translate | None = None) -> str:
    car, _, floor = pos.partition("/")
    key = "position.roof" if floor == "roof" else "position.in"
    return t(key, translate, car=car_name(int(car), translate))


def action_name(action: str | None, translate: Translate | None = None) -> str:
    key = f"action.{action}"
    return t(key, translate) if key in TEXTS else str(action)


def card_title(name: str | None, translate: Translate | None = None) -> str:
    key = f"card.{name}"
    if key in TEXTS:
        return t(key, translate)
    return (name or "").replace("-", " ").title()


def names_list(names: Sequence[str], translate: Translate | None = None) -> str:
    """``A``, ``A and B``, ``A, B and C``."""
    if len(names) <= 1:
        return "".join(names)
    return t("caption.list", translate).join(names[:-1]) + t("caption.and", translate) + names[-1]
