"""The gallery's Horses & Stagecoach pictures (tools.gallery.build writes them with the rest): every
action and event of the expansion on a hand-built train, the horse attack, the Mêlée's reveal and a
drink from real games, a player's planning picture and hand, the final count, and Ride's picture in
every language.
"""

from __future__ import annotations

import random
from typing import Any

import engine  # noqa: F401  (registers every decision handler)
from engine import Options, new_game, observe
from lang import CODES, language
from render.hand import hand_image
from render.pile import pile_image
from render.planning import planning_image
from render.play import answered
from render.scoreboard import scoreboard_image
from render.story import action_frames
from render.train import train_image
from tools.gallery.base import ROUND_CARD_OF_ACTIONS, Picture, _dress, _scenario_frames, _scene

HORSES = {"options": {"horses": True, "powers": False}}


def _h(bandits: dict[str, Any], steps: list[dict[str, Any]], **extra: Any) -> dict[str, Any]:
    return _scene(bandits, steps, **HORSES, **extra)


ACTIONS: dict[str, tuple[str, dict[str, Any]]] = {
    "ride": ("Ride: from a roof down to the horse, three cars forward, inside", _h(
        {"ghost": {"at": [4, "roof"]}, "doc": {"at": [1, "roof"]}, "tuco": {"at": [2, "in"]},
         "belle": {"at": ["stagecoach", "in"], "hostage": "banker"}, "cheyenne": {"at": [5, "in"]}},
        [{"by": "ghost", "action": "ride", "choose": ["1/in"]}], wagons=5, stagecoach=2, horses=[4, 1, 2, 5],
        hostages=["teacher", "poodle"], floor_loot={"stagecoach/roof": ["strongbox"], "1/in": ["whiskey"]})),
    "ride-into-stagecoach": ("Ride into the stagecoach: a hostage taken", _h(
        {"doc": {"at": [3, "in"]}, "ghost": {"at": [1, "roof"]}, "tuco": {"at": [4, "in"]}},
        [{"by": "doc", "action": "ride", "choose": ["stagecoach/in", "banker"]}], wagons=4, stagecoach=2,
        horses=[3, 4], hostages=["banker", "teacher", "poodle"], floor_loot={"stagecoach/roof": ["strongbox"]})),
    "escape": ("Escape (station): a Ride off the board for good", _h(
        {"tuco": {"at": [2, "roof"], "loot": ["jewel", "whiskey-half"]}, "belle": {"at": [3, "in"]},
         "doc": {"at": [1, "in"]}},
        [{"by": "tuco", "action": "ride", "choose": ["escape"]}], wagons=3, stagecoach=1, horses=[2, 3],
        round_event="escape", floor_loot={"stagecoach/roof": ["strongbox"]})),
    "punch-shotgun": ("Punch the shotgun: he leaves the strongbox for the roof facing the stagecoach", _h(
        {"doc": {"at": ["stagecoach", "roof"]}, "tuco": {"at": [2, "roof"]}, "ghost": {"at": [3, "in"]},
         "belle": {"at": [2, "in"]}},
        [{"by": "doc", "action": "punch", "choose": ["shotgun"]}], wagons=4, stagecoach=2, horses=[3],
        floor_loot={"stagecoach/roof": ["strongbox"]})),
    "shotgun-flight": ("Stop at the shotgun's roof: shot, then flee", _h(
        {"tuco": {"at": [3, "roof"]}, "ghost": {"at": [4, "in"]}, "doc": {"at": [1, "in"]}},
        [{"by": "tuco", "action": "move", "choose": ["2/roof", "1/roof"]}], wagons=4, stagecoach=2, shotgun=2,
        horses=[1, 4], floor_loot={"stagecoach/roof": ["strongbox"]})),
    "pass-shotgun": ("Walk past the shotgun on the roofs: shot in passing", _h(
        {"belle": {"at": [4, "roof"]}, "ghost": {"at": [4, "in"]}, "doc": {"at": [1, "in"]}},
        [{"by": "belle", "action": "move", "choose": ["1/roof"]}], wagons=4, stagecoach=3, shotgun=3,
        floor_loot={"stagecoach/roof": ["strongbox"]})),
    "move-onto-stagecoach-roof": ("Move from a roof onto the stagecoach roof", _h(
        {"belle": {"at": [1, "roof"]}, "doc": {"at": [2, "in"]}, "tuco": {"at": [3, "roof"]}},
        [{"by": "belle", "action": "move", "choose": ["stagecoach/roof"]}], wagons=3, stagecoach=2,
        floor_loot={"stagecoach/roof": ["strongbox"]})),
    "floor-into-stagecoach": ("Change floor into the stagecoach: a hostage taken", _h(
        {"cheyenne": {"at": ["stagecoach", "roof"]}, "doc": {"at": [1, "in"]}, "ghost": {"at": [3, "roof"]}},
        [{"by": "cheyenne", "action": "floor", "choose": ["teacher"]}], wagons=3, stagecoach=1,
        hostages=["teacher", "minister"], floor_loot={"stagecoach/roof": ["strongbox"]})),
    "punch-into-stagecoach": ("Punched into the stagecoach: the victim takes a hostage", _h(
        {"doc": {"at": [2, "in"]}, "ghost": {"at": [2, "in"], "loot": ["whiskey"]}, "tuco": {"at": [3, "roof"]}},
        [{"by": "doc", "action": "punch", "choose": ["ghost", "whiskey", "stagecoach/in", "poodle"]}], wagons=3,
        stagecoach=2, hostages=["banker", "poodle"], floor_loot={"stagecoach/roof": ["strongbox"]})),
    "fire-from-stagecoach-roof": ("Fire from the stagecoach roof at any roof of the train", _h(
        {"doc": {"at": ["stagecoach", "roof"]}, "ghost": {"at": [1, "roof"]}, "tuco": {"at": [4, "roof"]},
         "belle": {"at": [2, "in"]}},
        [{"by": "doc", "action": "fire", "choose": ["tuco"]}], wagons=4, stagecoach=1,
        floor_loot={"stagecoach/roof": ["strongbox"]})),
    "rob-flask": ("Rob a full flask: face down, whiskey or old whiskey alike", _h(
        {"tuco": {"at": [2, "in"], "loot": ["old-whiskey-half"]}, "doc": {"at": [3, "roof"]}},
        [{"by": "tuco", "action": "rob", "choose": ["whiskey"]}], wagons=3, stagecoach=1,
        floor_loot={"2/in": ["old-whiskey", "purse:300"], "3/in": ["whiskey-half"], "stagecoach/roof": ["strongbox"]})),
    "rob-stagecoach-strongbox": ("Rob the strongbox on the stagecoach roof once the shotgun has left", _h(
        {"ghost": {"at": ["stagecoach", "roof"]}, "doc": {"at": [1, "in"]}},
        [{"by": "ghost", "action": "rob", "choose": ["strongbox"]}], wagons=3, stagecoach=2, shotgun=2,
        floor_loot={"stagecoach/roof": ["strongbox"]})),
    "ride-no-horse": ("Ride with no horse at the car: no effect", _h(
        {"belle": {"at": [2, "in"]}, "doc": {"at": [4, "in"]}},
        [{"by": "belle", "action": "ride"}], wagons=4, horses=[4], floor_loot={"stagecoach/roof": ["strongbox"]})),
    "teacher-no-punch": ("The Teacher: no Punch", _h(
        {"belle": {"at": [2, "in"], "hostage": "teacher"}, "doc": {"at": [2, "in"]}},
        [{"by": "belle", "action": "punch"}], wagons=3, floor_loot={"stagecoach/roof": ["strongbox"]})),
}

EVENTS: dict[str, tuple[str, str, dict[str, Any]]] = {
    "higher-speed": ("higher-speed", "Higher Speed: roofs, horses, stagecoach and shotgun one car back", _h(
        {"tuco": {"at": [1, "roof"]}, "belle": {"at": [3, "roof"]}, "doc": {"at": ["stagecoach", "roof"]},
         "ghost": {"at": [4, "roof"]}, "cheyenne": {"at": [1, "in"]}},
        [{"event": "higher-speed"}], wagons=4, stagecoach=2, shotgun=2, horses=[1, 4, 0])),
    "shotguns-rage": ("shotguns-rage", "Shotgun's Rage: everyone at the stagecoach and its car is shot", _h(
        {"tuco": {"at": [2, "roof"]}, "belle": {"at": ["stagecoach", "in"], "hostage": "minister"},
         "doc": {"at": [2, "in"]}, "ghost": {"at": [4, "roof"]}},
        [{"event": "shotguns-rage"}], wagons=4, stagecoach=2, floor_loot={"stagecoach/roof": ["strongbox"]})),
    "out-of-breath": ("out-of-breath", "Out of Breath: the horses nearest the caboose leave (5 players: two)", _h(
        {"tuco": {"at": [1, "roof"]}, "belle": {"at": [3, "in"]}, "doc": {"at": [2, "in"]},
         "ghost": {"at": [5, "roof"]}, "cheyenne": {"at": [4, "in"]}},
        [{"event": "out-of-breath"}], wagons=5, stagecoach=3, horses=[1, 2, 5, 5],
        floor_loot={"stagecoach/roof": ["strongbox"]})),
    "a-shot-for-the-marshal": ("a-shot-for-the-marshal",
                               "A Shot for the Marshal: old whiskey sends him staggering to the caboose", _h(
        {"tuco": {"at": [2, "in"]}, "belle": {"at": [4, "in"]}, "doc": {"at": [1, "roof"]}},
        [{"event": "a-shot-for-the-marshal"}], wagons=4, marshal=1, stagecoach=2,
        floor_loot={"1/in": ["old-whiskey-half", "purse:250"], "stagecoach/roof": ["strongbox"]})),
    "end-of-round": ("melee", "End of the round: the stagecoach falls back one car, the shotgun with it", _h(
        {"belle": {"at": [3, "roof"]}, "ghost": {"at": ["stagecoach", "in"], "hostage": "poodle"},
         "doc": {"at": [1, "in"]}},
        [{"event": "end-of-round", "choose": {"belle": "4/roof"}}], wagons=4, stagecoach=2, shotgun=2,
        horses=[2, 3])),
}


def action_pictures() -> list[Picture]:
    out: list[Picture] = []
    for stem, (what, scene) in ACTIONS.items():
        game, before, after = _scenario_frames(scene)
        step = scene["steps"][0]
        resolve = {"type": "resolve", "seat": game.bandits[step["by"]].seat, "bandit": step["by"],
                   "card": f"{step['by']}:{step['action']}", "index": 0, "face_down": False, "step": 0}
        after = dict(after, log=[resolve, *after["log"]])
        frame = action_frames(before, after)[-1]
        card = scene.get("round_event") or ROUND_CARD_OF_ACTIONS
        frame = _dress(frame, game, round_no=2, card=card, phase="stealing", acted=step["by"])
        frame["pile"][len(frame["pile"]) // 2]["action"] = step["action"]
        out.append((f"horses-action-{stem}", train_image(frame), what))
    return out


def event_pictures() -> list[Picture]:
    out: list[Picture] = []
    for stem, (card, what, scene) in EVENTS.items():
        game, _, after = _scenario_frames(scene)
        frame = _dress(after, game, round_no=3, card=card, phase="event", acted=None)
        out.append((f"horses-event-{stem}", train_image(frame), what))
    return out


# --- real games ---------------------------------------------------------------------------------

CAST = {4: ["ghost", "doc", "tuco", "belle"], 6: ["ghost", "doc", "tuco", "cheyenne", "belle", "django"]}


def attack_pictures() -> list[Picture]:
    """The horse attack of a real 5-player game: the riders, a secret choice, a reveal, the end."""
    game = new_game(CAST[6][:5], seed=5, options=Options(horses=True))
    out: list[Picture] = [("horses-attack-start", train_image(dict(observe(game, None), log=game.log[:1])),
                           "The horse attack begins: every bandit rides beside the caboose")]
    rng = random.Random(5)
    names = {"attack-choice": "horses-attack-choice", "attack-reveal": "horses-attack-reveal"}
    shown: set[str] = set()
    while game.phase == "horse-attack" and game.pending is not None:
        before, after = answered(game, rng.choice(game.pending.options))
        for frame in action_frames(before, after):
            kind = frame["log"][0]["type"]
            stem = names.get(kind, "horses-attack-last") if kind != "round" else "horses-attack-over"
            if stem not in shown and (kind != "attack-reveal" or frame["log"][0]["stop"]):
                shown.add(stem)
                out.append((stem, train_image(frame), f"The horse attack: {kind}"))
    return out


def melee_pictures() -> list[Picture]:
    """A Mêlée turn: the cards face down, then shown together (H-20); the player's own picture."""
    game = new_game(CAST[4], seed=8, options=Options(horses=True),
                    round_cards=["melee", "higher-speed", "out-of-breath", "shotguns-rage", "escape"])
    rng = random.Random(8)
    out: list[Picture] = []
    revealed = False
    while game.pending is not None and not revealed:
        hidden = game.coach is not None and game.coach.melee
        if hidden and game.phase == "planning" and game.pending.kind == "plan" and len(out) < 2:
            seat = game.pending.seat
            out.append(("horses-melee-planning", planning_image(observe(game, seat)),
                        "A player's planning picture in a Mêlée turn (their own card shown, the others' face down)"))
            out.append(("horses-melee-pile", pile_image(observe(game, None)), "The pile in a Mêlée turn (public)"))
        answers = [o for o in game.pending.options if " draw" not in o] or game.pending.options  # on to the reveal
        before, after = answered(game, rng.choice(answers))
        for frame in action_frames(before, after):
            if frame["log"][0]["type"] == "melee-reveal":
                revealed = True
                out.append(("horses-melee-reveal", train_image(frame), "The Mêlée's cards shown together"))
                out.append(("horses-melee-reveal-pile", pile_image(frame), "The pile once the Mêlée's cards are shown"))
    return out


GAME_KINDS = ("drink", "ride", "stagecoach", "hostage", "escape", "poodle")


def game_pictures(players: int, seed: int) -> list[Picture]:
    """A real game with the expansion, played at random: the first action of each of ``GAME_KINDS``
    it has; a planning picture and the hand of a player with a flask or a hostage; the final count."""
    game = new_game(CAST[players], seed=seed, options=Options(horses=True))
    rng = random.Random(seed)
    out: list[Picture] = []
    shown: set[str] = set()
    planned = False
    while game.pending is not None:
        decision = game.pending
        if not planned and decision.kind == "plan" and game.round_no >= 2:
            mine = observe(game, decision.seat)
            me = next(b for b in mine["bandits"] if b["seat"] == decision.seat)
            if me["name"] in mine["stagecoach"]["held"] or any("whiskey" in t for t in me["loot"]):
                planned = True
                out.append((f"horses-game{players}-planning", planning_image(mine),
                            f"{players} players: the planning picture of a player with a flask or a hostage"))
                out.append((f"horses-game{players}-hand", hand_image(mine), f"{players} players: a hand (Ride)"))
        before, after = answered(game, rng.choice(decision.options))
        for frame in action_frames(before, after):
            for kind in GAME_KINDS:
                if kind not in shown and any(e["type"] == kind for e in frame["log"]):
                    shown.add(kind)
                    out.append((f"horses-game{players}-{kind}", train_image(frame), f"{players} players: {kind}"))
    out.append((f"horses-game{players}-scoreboard", scoreboard_image(observe(game, None)),
                f"{players} players: the final count"))
    return out


def translation_pictures() -> list[Picture]:
    out: list[Picture] = []
    _what, scene = ACTIONS["ride-into-stagecoach"]
    for code in CODES:
        game, before, after = _scenario_frames(scene)
        frame = action_frames(before, after)[-1]
        frame = _dress(frame, game, round_no=2, card="melee", phase="stealing", acted="doc")
        out.append((f"horses-lang-{code}", train_image(frame, translate=language(code)), f"A Ride in {code}"))
    return out


def pictures() -> list[Picture]:
    return [*action_pictures(), *event_pictures(), *attack_pictures(), *melee_pictures(), *game_pictures(4, 2),
            *game_pictures(6, 6), *translation_pictures()]
