"""Stealin': what each action card does when it resolves (B-7) and the powers that bend it (B-9)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.decisions import answers, ask, ask_yes_no, record
from engine.hooks import through
from engine.marshal import enter, marshal_car, move_marshal, receive_bullet
from engine.model import VALUED, Bandit, Game, loot_kind, purse_value
from engine.train import ROOF, Position

PURSE = "purse"


def has_power(game: Game, bandit: Bandit, character: str) -> bool:
    """Whether ``bandit`` uses ``character``'s power now (B-3.8; the one place powers are granted):
    their own, or one an expansion lends them (a prisoner's, M-4)."""
    if not game.options.powers:
        return False
    hooks = game.hooks  # asked at every step: an empty list is not even looped over
    if bandit.name != character and not (
            hooks.borrowed_powers and any(lends(game, bandit, character) for lends in hooks.borrowed_powers)):
        return False
    return not (hooks.powerless and any(lost(game, bandit) for lost in hooks.powerless))


def perform(game: Game, action: str, bandit: Bandit) -> None:
    """Carry out one action card for ``bandit`` (B-7.2: compulsory, choices made now); an
    expansion may say why it does nothing (a hostage's malus)."""
    for forbidden in game.hooks.forbidden:
        why = forbidden(game, bandit, action)
        if why is not None:
            no_effect(game, bandit, action, why)
            return
    PERFORM[action](game, bandit)


def no_effect(game: Game, bandit: Bandit, action: str, why: str) -> None:
    """B-7.3: an action that cannot be carried out does nothing."""
    record(game, "no-effect", bandit=bandit.name, action=action, why=why)


# --- Move (B-7.4) and Change floor (B-7.5) -------------------------------------------------------


def move(game: Game, bandit: Bandit) -> None:
    train, at = game.train, bandit.at
    ends = [] if not train.on_train(at) else train.within(at, 3) if train.is_roof(at) else train.neighbours(at)
    ends = through(game.hooks.move_ends, game, bandit, ends)
    if not ends:
        no_effect(game, bandit, "move", "nowhere")
        return
    ask(game, bandit.seat, bandit.name, "move", ends)


@answers("move")
def _move_to(game: Game, name: str | None, to: str, context: dict[str, Any]) -> None:
    enter(game, game.bandits[str(name)], to, how="move")


def change_floor(game: Game, bandit: Bandit) -> None:
    """B-7.5; Mei (M-30) may instead take the other floor of an adjacent car (diagonal), never to
    or from beside the train (the stagecoach)."""
    train, at = game.train, bandit.at
    ends = [train.other_floor(at)]
    if has_power(game, bandit, "mei") and train.on_train(at):
        ends += [train.other_floor(step) for step in (train.step(at, -1), train.step(at, 1)) if step is not None]
    if len(ends) == 1:
        enter(game, bandit, ends[0], how="floor")
        return
    ask(game, bandit.seat, bandit.name, "floor", ends)


@answers("floor")
def _floor_to(game: Game, name: str | None, to: str, context: dict[str, Any]) -> None:
    enter(game, game.bandits[str(name)], to, how="floor")


# --- Fire (B-7.6, B-9.3 Tuco, B-9.5 Belle, B-9.6 Django) -----------------------------------------


def pieces(game: Game) -> dict[str, Position]:
    """Everyone who can be shot or punched and blocks a line of sight: the bandits, and the pieces an
    expansion adds (the Marshal player, M-5), by name."""
    found = {b.name: b.at for b in game.bandits.values()}
    for more in game.hooks.pieces:
        found.update(more(game))
    return found


def in_sight(game: Game, here: Position, others: dict[str, Position]) -> list[str]:
    """B-7.6: whom a shot from ``here`` may reach among ``others`` (name → position): on a roof the
    nearest occupied roof each way, inside the adjacent cars."""
    train = game.train
    car = train.car_of.get(here)
    if car is None:
        return []  # beside the train: an expansion says whom (engine.hooks)
    floor_of, car_of = train.floor_of, train.car_of
    floor = floor_of[here]
    same_floor = {n: car_of[p] for n, p in others.items() if p in car_of and floor_of[p] == floor and p != here}
    if floor == ROOF:
        ahead = max((c for c in same_floor.values() if c < car), default=None)
        behind = min((c for c in same_floor.values() if c > car), default=None)
        return [n for n, c in same_floor.items() if c in (ahead, behind)]
    return [n for n, c in same_floor.items() if c in (car - 1, car + 1)]


def fire_targets(game: Game, shooter: Bandit, where: dict[str, Position] | None = None) -> list[str]:
    """Whom ``shooter`` may hit (B-7.6), with Tuco's, Django's and Belle's powers and an
    expansion's say (names). ``where``: every piece's position by name, as the game has them
    (``pieces``) unless given: the AI's look-ahead asks on a board of its own (engine.ai.lookahead)."""
    train = game.train
    where = pieces(game) if where is None else where
    here = where[shooter.name]
    others = {n: p for n, p in where.items() if p != here}
    targets = in_sight(game, here, others)
    car = train.car_of.get(here)
    if has_power(game, shooter, "tuco"):
        through_roof = train.other_floor(here)
        targets += [n for n, p in others.items() if p == through_roof]
    alongside = [n for n, p in where.items() if p == here and n != shooter.name]
    if (
        car is not None
        and has_power(game, shooter, "django")
        and game.options.django == "lone-gun"
        and not through(game.hooks.company, game, shooter, alongside)
    ):
        # Alone at his position: anyone on his floor (B-9.6, Czech text).
        floor = train.floor_of[here]
        targets = [n for n, p in others.items() if p in train.car_of and train.floor_of[p] == floor]
    names = through(game.hooks.fire_targets, game, shooter, targets)
    return shield_belle(game, names, here, where)


def company(game: Game, bandit: Bandit) -> list[str]:
    """Who else stands at the bandit's position (bandits and other pieces)."""
    return [n for n, p in pieces(game).items() if p == bandit.at and n != bandit.name]


def shield_belle(game: Game, targets: list[str], at: Position, where: dict[str, Position] | None = None) -> list[str]:
    """B-9.5: Belle cannot be chosen while another target could be (a bandit, or what an
    expansion adds at ``at``, the shooter's or puncher's position; a player who is not a bandit,
    the Marshal, is not one, M-5). ``where``: the bandits' positions, if not the game's."""
    if len(targets) < 2:
        return targets
    # Belle's own power before a lent one (M-4: hers beats the Belle-admirer's).
    shielded = sorted((n for n in targets if n in game.bandits), key=lambda n: n != "belle")
    belle = next((n for n in shielded if has_power(game, game.bandits[n], "belle")), None)
    rivals = [n for n in targets if n != belle and n not in game.hooks.players]
    if belle is None or not rivals:
        return targets
    bandits = game.bandits
    spot = {n: (bandits[n].at if where is None else where[n]) if n in bandits else at for n in targets}
    if game.options.belle == "same-position" and not any(spot[n] == spot[belle] for n in rivals):
        return targets
    return [n for n in targets if n != belle]


def fire(game: Game, bandit: Bandit) -> None:
    if bandit.revolver == 0:
        no_effect(game, bandit, "fire", "empty-revolver")
        return
    targets = fire_targets(game, bandit)
    if not targets:
        no_effect(game, bandit, "fire", "no-target")
        return
    ask(game, bandit.seat, bandit.name, "fire", targets)


def not_a_bandit(game: Game, hooks: list[Callable[[Game, Bandit, str], bool]], actor: Bandit, target: str,
                 verb: str) -> bool:
    """A shot or punch at someone who is not a bandit (the shotgun, the Marshal): True once an
    expansion's hook carried it out."""
    if target in game.bandits:
        return False
    if not any(hook(game, actor, target) for hook in hooks):
        raise ValueError(f"nobody to {verb} called {target!r}")
    return True


@answers("fire")
def _fire_at(game: Game, name: str | None, target: str, context: dict[str, Any]) -> None:
    shooter = game.bandits[str(name)]
    if not_a_bandit(game, game.hooks.fire_other, shooter, target, "shoot"):
        return
    victim = game.bandits[target]
    shooter.revolver -= 1
    receive_bullet(game, victim, shooter.name)
    record(game, "fire", bandit=shooter.name, target=victim.name, at=shooter.at, target_at=victim.at)
    if has_power(game, shooter, "django"):
        django_push(game, shooter, victim)


def push_way(game: Game, django: Bandit, at: Position) -> int:
    """B-9.6: the way Django's shot pushes whoever stands at ``at`` (+1 toward the caboose, -1
    toward the locomotive), 0 for no push (a shot to or from beside the train, H-10)."""
    train = game.train
    if not (train.on_train(at) and train.on_train(django.at)):
        return 0
    away = train.car_of[at] - train.car_of[django.at]
    return (away > 0) - (away < 0)


def django_push(game: Game, django: Bandit, victim: Bandit) -> None:
    """B-9.6: one car further away in the direction of the shot, same floor, not off the train
    (unless an expansion throws them off, Deadly fall)."""
    way = push_way(game, django, victim.at)
    if way == 0:
        return
    to = game.train.step(victim.at, way)
    if to is not None:
        enter(game, victim, to, how="push")
        return
    for off in game.hooks.pushed_off:
        if off(game, victim):
            return


# --- Rob (B-7.7) ---------------------------------------------------------------------------------


def take_token(game: Game, tokens: list[str], kind: str) -> str:
    """One token of ``kind``; which purse is a hidden random pick (B-7.7)."""
    matching = [t for t in tokens if loot_kind(t) == kind]
    token = matching[0] if len(matching) == 1 else game.dice.choice(matching)
    tokens.remove(token)
    return token


def secret_value(token: str, *seats: int) -> dict[str, Any]:
    """Log fields for a token whose value only ``seats`` may see (a purse's, B-11.1)."""
    if loot_kind(token) not in VALUED:
        return {}
    return {"secret": {"value": purse_value(token)}, "seen_by": sorted(set(seats))}


def drop_loot(game: Game, at: Position, token: str) -> None:
    game.floor_loot.setdefault(at, []).append(token)


def rob_kinds(game: Game, bandit: Bandit) -> list[str]:
    """The loot kinds a Rob may take at the bandit's position (B-7.7)."""
    here = game.floor_loot.get(bandit.at)
    return through(game.hooks.rob_kinds, game, bandit, sorted({loot_kind(t) for t in here})) if here else []


def rob(game: Game, bandit: Bandit) -> None:
    kinds = rob_kinds(game, bandit)
    if not kinds:
        no_effect(game, bandit, "rob", "no-loot")
        return
    ask(game, bandit.seat, bandit.name, "rob", kinds)


@answers("rob")
def _rob_kind(game: Game, name: str | None, kind: str, context: dict[str, Any]) -> None:
    bandit = game.bandits[str(name)]
    here = game.floor_loot[bandit.at]
    token = take_token(game, here, kind)
    if not here:
        del game.floor_loot[bandit.at]
    bandit.loot.append(token)
    record(game, "rob", bandit=bandit.name, loot=kind, at=bandit.at, **secret_value(token, bandit.seat))
    for hook in game.hooks.robbed:
        hook(game, bandit, context)


# --- Punch (B-7.8, B-9.4 Cheyenne) ---------------------------------------------------------------


def punch(game: Game, bandit: Bandit) -> None:
    names = company(game, bandit)
    targets = shield_belle(game, through(game.hooks.punch_targets, game, bandit, names), bandit.at)
    if not targets:
        no_effect(game, bandit, "punch", "no-target")
        return
    ask(game, bandit.seat, bandit.name, "punch", targets)


@answers("punch")
def _punch_whom(game: Game, name: str | None, target: str, context: dict[str, Any]) -> None:
    puncher = game.bandits[str(name)]
    if not_a_bandit(game, game.hooks.punch_other, puncher, target, "punch"):
        return
    victim = game.bandits[target]
    record(game, "punch", bandit=puncher.name, target=victim.name, at=puncher.at)
    kinds = sorted({loot_kind(t) for t in victim.loot})
    if kinds:
        ask(game, puncher.seat, puncher.name, "drop", kinds, target=target)
    else:
        _ask_where_to(game, puncher, victim)


@answers("drop")
def _drop_kind(game: Game, name: str | None, kind: str, context: dict[str, Any]) -> None:
    puncher, victim = game.bandits[str(name)], game.bandits[context["target"]]
    matching = [t for t in victim.loot if loot_kind(t) == kind]
    token = matching[0] if len(matching) == 1 else game.dice.choice(matching)
    if kind == PURSE and has_power(game, puncher, "cheyenne"):
        # The purse stays with its owner until Cheyenne decides, so loot is never in limbo.
        ask_yes_no(game, puncher.seat, puncher.name, "keep-purse", target=victim.name, token=token)
        return
    victim.loot.remove(token)
    drop_loot(game, puncher.at, token)
    record(game, "drop", bandit=victim.name, loot=kind, at=puncher.at, **secret_value(token, victim.seat))
    _ask_where_to(game, puncher, victim)


@answers("keep-purse")
def _keep_purse(game: Game, name: str | None, yes: str, context: dict[str, Any]) -> None:
    cheyenne, victim = game.bandits[str(name)], game.bandits[context["target"]]
    token: str = context["token"]
    victim.loot.remove(token)
    if yes == "yes":
        cheyenne.loot.append(token)
        record(game, "take", bandit=cheyenne.name, target=victim.name, loot=PURSE,
               **secret_value(token, cheyenne.seat, victim.seat))
    else:
        drop_loot(game, cheyenne.at, token)
        record(game, "drop", bandit=victim.name, loot=PURSE, at=cheyenne.at,
               **secret_value(token, victim.seat))
    _ask_where_to(game, cheyenne, victim)


def _ask_where_to(game: Game, puncher: Bandit, victim: Bandit) -> None:
    train = game.train
    ends = train.neighbours(victim.at) if train.on_train(victim.at) else []
    ends = through(game.hooks.shove_ends, game, victim, ends)
    if not ends:
        return  # nowhere to go: the victim stays
    ask(game, puncher.seat, puncher.name, "shove", ends, target=victim.name)


@answers("shove")
def _shove_to(game: Game, name: str | None, to: str, context: dict[str, Any]) -> None:
    enter(game, game.bandits[context["target"]], to, how="punch")


# --- Marshal (B-7.9) -----------------------------------------------------------------------------


def marshal(game: Game, bandit: Bandit) -> None:
    car = marshal_car(game)
    cars = [c for c in (car - 1, car + 1) if 0 <= c < len(game.train.cars)]
    ask(game, bandit.seat, bandit.name, "marshal", [str(c) for c in cars])


@answers("marshal")
def _marshal_to(game: Game, name: str | None, car: str, context: dict[str, Any]) -> None:
    move_marshal(game, int(car), how="marshal-card")


PERFORM: dict[str, Callable[[Game, Bandit], None]] = {
    "move": move,
    "floor": change_floor,
    "fire": fire,
    "rob": rob,
    "punch": punch,
    "marshal": marshal,
}
