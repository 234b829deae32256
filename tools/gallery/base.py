"""The gallery's base-game pictures and the scenes the expansions' pages build on (tools.gallery
writes them with the rest): every action kind (with the powers that bend them), every event, real
games with 3 to 6 players, the pile (public and private), hands, the scoreboard, and captions in
Czech, Polish and Russian (font coverage).
"""

from __future__ import annotations

import random
from typing import Any

from PIL import Image

import engine  # noqa: F401  (registers every decision handler)
from engine import apply, new_game, observe
from engine.actions import perform
from engine.decisions import answer_text
from engine.model import Game
from engine.scenario import build, run_step
from lang import CODES, language
from render.hand import hand_image
from render.pile import pile_image
from render.play import answered
from render.scoreboard import scoreboard_image
from render.story import action_frames
from render.train import train_image
from tools.selfplay import play_game

Observation = dict[str, Any]
Picture = tuple[str, Image.Image, str]  # file stem, picture, what it shows


# --- scenarios: one action or event each ---------------------------------------------------------

def _scene(bandits: dict[str, Any], steps: list[dict[str, Any]], **extra: Any) -> dict[str, Any]:
    return {"name": "gallery", "bandits": bandits, "steps": steps, **extra}


ACTIONS: dict[str, tuple[str, dict[str, Any]]] = {
    "move-inside": ("Move inside: one car forward", _scene(
        {"ghost": {"at": [3, "in"]}, "doc": {"at": [4, "in"]}, "tuco": {"at": [4, "roof"]}},
        [{"by": "ghost", "action": "move", "choose": ["2/in"]}], wagons=4,
        floor_loot={"2/in": ["purse:300", "jewel"]})),
    "move-roof": ("Move on the roofs: three cars", _scene(
        {"cheyenne": {"at": [5, "roof"]}, "doc": {"at": [1, "in"]}, "belle": {"at": [4, "in"]},
         "tuco": {"at": [5, "in"]}, "django": {"at": [2, "roof"]}},
        [{"by": "cheyenne", "action": "move", "choose": ["2/roof"]}], wagons=5)),
    "floor-up": ("Change floor: up to the roof", _scene(
        {"belle": {"at": [2, "in"]}, "doc": {"at": [2, "in"]}, "tuco": {"at": [3, "roof"]}},
        [{"by": "belle", "action": "floor"}], wagons=3)),
    "floor-down": ("Change floor: down inside", _scene(
        {"django": {"at": [3, "roof"]}, "ghost": {"at": [3, "in"]}, "belle": {"at": [1, "in"]}},
        [{"by": "django", "action": "floor"}], wagons=3, floor_loot={"3/in": ["purse:250", "purse:400", "jewel"]})),
    "move-into-marshal": ("Move into the marshal's car: a neutral bullet, flee to the roof", _scene(
        {"tuco": {"at": [2, "in"]}, "ghost": {"at": [3, "in"]}, "doc": {"at": [1, "roof"]}},
        [{"by": "tuco", "action": "move", "choose": ["1/in"]}], wagons=4, marshal=1)),
    "fire-inside": ("Fire inside: at the next car", _scene(
        {"doc": {"at": [3, "in"]}, "cheyenne": {"at": [2, "in"]}, "belle": {"at": [4, "in"]}},
        [{"by": "doc", "action": "fire", "choose": ["cheyenne"]}], wagons=4)),
    "fire-roof": ("Fire on the roofs: line of sight", _scene(
        {"ghost": {"at": [1, "roof"]}, "tuco": {"at": [5, "roof"]}, "cheyenne": {"at": [5, "roof"]},
         "doc": {"at": [3, "in"]}},
        [{"by": "ghost", "action": "fire", "choose": ["tuco"]}], wagons=5)),
    "fire-tuco": ("Tuco fires through the roof", _scene(
        {"tuco": {"at": [2, "in"]}, "belle": {"at": [2, "roof"]}, "ghost": {"at": [4, "in"]}},
        [{"by": "tuco", "action": "fire", "choose": ["belle"]}], wagons=4)),
    "fire-django": ("Django's shot pushes his target one car away", _scene(
        {"django": {"at": [1, "roof"]}, "doc": {"at": [3, "roof"]}, "ghost": {"at": [5, "in"]}},
        [{"by": "django", "action": "fire", "choose": ["doc"]}], wagons=5)),
    "rob-purse": ("Rob a purse (its value stays hidden)", _scene(
        {"belle": {"at": [2, "in"]}, "tuco": {"at": [3, "roof"]}},
        [{"by": "belle", "action": "rob", "choose": ["purse"]}], wagons=3,
        floor_loot={"2/in": ["purse:300", "purse:450", "jewel"]})),
    "rob-strongbox": ("Rob the strongbox in the locomotive", _scene(
        {"cheyenne": {"at": [0, "in"]}, "doc": {"at": [2, "in"]}, "ghost": {"at": [3, "in"]}},
        [{"by": "cheyenne", "action": "rob", "choose": ["strongbox"]}], wagons=4, marshal=2,
        floor_loot={"0/in": ["strongbox"]})),
    "punch-drop": ("Punch: the victim drops loot and is knocked away", _scene(
        {"doc": {"at": [3, "roof"]}, "ghost": {"at": [3, "roof"], "loot": ["purse:250", "jewel"]},
         "belle": {"at": [1, "in"]}},
        [{"by": "doc", "action": "punch", "choose": ["ghost", "jewel", "4/roof"]}], wagons=4)),
    "punch-cheyenne": ("Cheyenne punches and keeps the purse", _scene(
        {"cheyenne": {"at": [2, "in"]}, "tuco": {"at": [2, "in"], "loot": ["purse:400"]},
         "doc": {"at": [4, "roof"]}},
        [{"by": "cheyenne", "action": "punch", "choose": ["tuco", "purse", True, "1/in"]}], wagons=4)),
    "punch-into-marshal": ("Punched into the marshal's car", _scene(
        {"belle": {"at": [2, "in"]}, "django": {"at": [2, "in"]}, "doc": {"at": [4, "in"]}},
        [{"by": "belle", "action": "punch", "choose": ["django", "1/in"]}], wagons=4, marshal=1)),
    "marshal": ("Marshal card: the marshal walks into a car with bandits", _scene(
        {"ghost": {"at": [4, "in"]}, "doc": {"at": [3, "in"]}, "tuco": {"at": [3, "in"]},
         "cheyenne": {"at": [1, "roof"]}},
        [{"by": "ghost", "action": "marshal", "choose": ["3"]}], wagons=4, marshal=2)),
    "no-target": ("No effect: nobody to shoot", _scene(
        {"belle": {"at": [1, "in"]}, "doc": {"at": [4, "in"]}},
        [{"by": "belle", "action": "fire"}], wagons=4)),
    "no-loot": ("No effect: nothing to rob", _scene(
        {"tuco": {"at": [3, "roof"]}, "doc": {"at": [1, "in"]}},
        [{"by": "tuco", "action": "rob"}], wagons=3)),
    "empty-revolver": ("No effect: an empty revolver", _scene(
        {"doc": {"at": [2, "in"], "revolver": 0}, "ghost": {"at": [3, "in"]}},
        [{"by": "doc", "action": "fire"}], wagons=3)),
    "bullets-gone": ("The neutral bullets run out", _scene(
        {"ghost": {"at": [2, "in"]}, "doc": {"at": [2, "in"]}, "tuco": {"at": [4, "in"]}},
        [{"by": "tuco", "action": "marshal", "choose": ["2"]}], wagons=4, marshal=3, neutral_bullets=1)),
}

EVENTS: dict[str, tuple[str, str, dict[str, Any]]] = {
    "angry-marshal": ("angry-marshal", "Angry Marshal: he shoots his roof, then moves back", _scene(
        {"ghost": {"at": [2, "roof"]}, "doc": {"at": [2, "roof"]}, "tuco": {"at": [3, "in"]},
         "belle": {"at": [5, "roof"]}},
        [{"event": "angry-marshal"}], wagons=5, marshal=2)),
    "swivel-arm": ("swivel-arm", "Swivel Arm: every roof to the caboose", _scene(
        {"ghost": {"at": [1, "roof"]}, "doc": {"at": [2, "roof"]}, "tuco": {"at": [4, "roof"]},
         "cheyenne": {"at": [3, "in"]}, "belle": {"at": [6, "roof"]}, "django": {"at": [5, "in"]}},
        [{"event": "swivel-arm"}], wagons=6)),
    "braking": ("braking", "Braking: every roof one car forward", _scene(
        {"ghost": {"at": [0, "roof"]}, "doc": {"at": [2, "roof"]}, "tuco": {"at": [4, "roof"]},
         "cheyenne": {"at": [4, "roof"]}, "belle": {"at": [3, "in"]}},
        [{"event": "braking"}], wagons=5)),
    "take-it-all": ("take-it-all", "Take It All!: the second strongbox appears", _scene(
        {"ghost": {"at": [1, "roof"]}, "doc": {"at": [4, "in"]}, "tuco": {"at": [3, "in"]}},
        [{"event": "take-it-all"}], wagons=4, marshal=2, floor_loot={"2/in": ["purse:250"]})),
    "passengers-rebellion": ("passengers-rebellion", "Passengers' Rebellion: everyone inside is shot", _scene(
        {"ghost": {"at": [1, "in"]}, "doc": {"at": [2, "in"]}, "tuco": {"at": [2, "roof"]},
         "cheyenne": {"at": [3, "in"]}, "belle": {"at": [4, "in"]}, "django": {"at": [4, "roof"]}},
        [{"event": "passengers-rebellion"}], wagons=6)),
    "pickpocketing": ("pickpocketing", "Pickpocketing: alone with a purse, take it", _scene(
        {"ghost": {"at": [1, "in"]}, "doc": {"at": [3, "roof"]}, "tuco": {"at": [4, "in"]},
         "cheyenne": {"at": [4, "in"]}},
        [{"event": "pickpocketing"}], wagons=4,
        floor_loot={"1/in": ["purse:300"], "3/roof": ["purse:250", "jewel"], "4/in": ["purse:500"]})),
    "marshals-revenge": ("marshals-revenge", "Marshal's Revenge: his roof loses a purse each", _scene(
        {"ghost": {"at": [3, "roof"], "loot": ["purse:250", "purse:450"]},
         "doc": {"at": [3, "roof"], "loot": ["purse:300", "jewel"]}, "tuco": {"at": [1, "roof"]}},
        [{"event": "marshals-revenge"}], wagons=4, marshal=3)),
    "hostage-conductor": ("hostage-conductor", "Hostage-Taking of the Conductor: $250 in the locomotive", _scene(
        {"ghost": {"at": [0, "roof"]}, "doc": {"at": [0, "in"]}, "tuco": {"at": [2, "in"]}},
        [{"event": "hostage-conductor"}], wagons=3, marshal=2)),
}

ROUND_CARD_OF_ACTIONS = "braking"


def _dress(obs: Observation, game: Game, *, round_no: int, card: str, phase: str, acted: str | None) -> Observation:
    """A scenario's observation made to look like a real game: a round card, and a pile whose
    resolved cards end with the one just played (a scenario builds a train, not a round)."""
    from engine.data import base

    out = dict(obs)
    rc = base().round_card(card, len(game.bandits))
    out.update(round=round_no, phase=phase, round_card={"name": rc.name, "turns": rc.turns, "event": rc.event,
                                                        "station": rc.station}, turn=len(rc.turns))
    names = [b["name"] for b in obs["bandits"]]
    actions = ["move", "fire", "rob", "floor", "punch", "marshal"]
    pile = []
    for i in range(len(names) * len(rc.turns)):
        name = names[i % len(names)]
        face_down = rc.turns[i // len(names)] == "T"
        pile.append({"seat": i % len(names), "bandit": name, "action": actions[(i * 5 + 2) % 6],
                     "face_down": face_down, "resolved": True})
    if phase == "stealing" and acted:
        cut = len(pile) // 2
        for i, played in enumerate(pile):
            played["resolved"] = i <= cut
            if i > cut and played["face_down"]:
                played["bandit"] = played["action"] = None
        pile[cut].update(bandit=acted, action=None)
    out["pile"] = pile
    return out


def _scenario_frames(scene: dict[str, Any]) -> tuple[Game, Observation, Observation]:
    """Build the scene, then resolve its action (answering with ``choose`` as far as asked) or run
    its event; the observations before and after."""
    game = build(scene)
    before = observe(game, None)
    n = len(game.log)
    for step in scene["steps"]:
        if "action" not in step:
            run_step(game, step)
            continue
        perform(game, step["action"], game.bandits[step["by"]])
        choices = list(step.get("choose", []))
        while game.pending is not None:
            offered = game.pending.values
            # answers for decisions the engine took by itself (a single choice) are skipped
            while choices and answer_text("", choices[0]).strip() not in offered:
                choices.pop(0)
            value = choices.pop(0) if choices else offered[0]
            apply(game, answer_text(game.pending.kind, value))
    return game, before, observe(game, None, log_since=n)


def action_pictures() -> list[Picture]:
    out: list[Picture] = []
    for stem, (what, scene) in ACTIONS.items():
        game, before, after = _scenario_frames(scene)
        step = scene["steps"][0]
        events = after["log"]
        resolve = {"type": "resolve", "seat": game.bandits[step["by"]].seat, "bandit": step["by"],
                   "card": f"{step['by']}:{step['action']}", "index": 0, "face_down": False, "step": 0}
        after = dict(after, log=[resolve, *events])
        frame = action_frames(before, after)[-1]
        frame = _dress(frame, game, round_no=2, card=ROUND_CARD_OF_ACTIONS, phase="stealing", acted=step["by"])
        frame["pile"][len(frame["pile"]) // 2]["action"] = step["action"]
        out.append((f"action-{stem}", train_image(frame), what))
    return out


def event_pictures() -> list[Picture]:
    out: list[Picture] = []
    for stem, (card, what, scene) in EVENTS.items():
        game, _, after = _scenario_frames(scene)
        station = card in ("pickpocketing", "marshals-revenge", "hostage-conductor")
        frame = _dress(after, game, round_no=5 if station else 3, card=card, phase="event", acted=None)
        out.append((f"event-{stem}", train_image(frame), what))
    return out


# --- real games ---------------------------------------------------------------------------------

PLAYERS = {
    3: ["tuco", "belle", "doc"],
    4: ["ghost", "doc", "tuco", "cheyenne"],
    5: ["django", "ghost", "cheyenne", "belle", "tuco"],
    6: ["ghost", "doc", "tuco", "cheyenne", "belle", "django"],
}


def game_pictures(players: int, seed: int) -> list[Picture]:
    """A real game: a moment of planning (with a tunnel card down), and the first actions."""
    game = new_game(PLAYERS[players], seed=seed)
    rng = random.Random(seed)
    out: list[Picture] = []
    planning_shot = False
    actions_shot = 0
    while game.pending is not None and actions_shot < 3:
        before, after = answered(game, rng.choice(game.pending.options))
        if not planning_shot and game.phase == "planning" and any(p.face_down for p in game.pile) \
                and len(game.pile) >= players + 2:
            planning_shot = True
            out.append((f"game{players}-planning", train_image(after), f"{players} players: Schemin'"))
            out.append((f"game{players}-pile", pile_image(after), f"{players} players: the pile so far (public)"))
            seat = game.pending.seat if game.pending else 0
            mine = observe(game, seat)
            out.append((f"game{players}-pile-private", pile_image(mine),
                        f"{players} players: the pile as its next player sees it (own hidden cards shown)"))
            out.append((f"game{players}-hand", hand_image(mine), f"{players} players: the hand of the player to act"))
        if game.round_no >= 2 and game.phase == "stealing":
            for frame in action_frames(before, after):
                kinds = {e["type"] for e in frame["log"]}
                if kinds & {"fire", "punch", "rob", "move", "marshal"} and actions_shot < 3:
                    actions_shot += 1
                    out.append((f"game{players}-action{actions_shot}", train_image(frame),
                                f"{players} players, round 2: an action"))
    return out


def end_pictures() -> list[Picture]:
    out: list[Picture] = []
    game = play_game(5, seed=21, checks=False)
    final = observe(game, None)
    out.append(("end-train", train_image(dict(final, log=game.log[-1:])), "The last frame: game over"))
    out.append(("end-scoreboard", scoreboard_image(final), "The final count"))
    tie = play_game(3, seed=4, checks=False)
    out.append(("end-scoreboard-3", scoreboard_image(observe(tie, None)), "The final count, 3 players"))
    return out


def hand_pictures() -> list[Picture]:
    """Hands with bullets received: mid-game, at the player's own turn (playable cards clear)."""
    out: list[Picture] = []
    game = new_game(PLAYERS[6], seed=3)
    rng = random.Random(3)
    while game.pending is not None:
        if game.phase == "planning" and game.round_no >= 3 and game.pending.kind == "plan":
            seat = game.seats[game.pending.seat]
            if any(c.startswith("bullet:") for c in seat.hand) and len(seat.hand) >= 6:
                break
        apply(game, rng.choice(game.pending.options))
    if game.pending is not None:
        out.append(("hand-bullets", hand_image(observe(game, game.pending.seat)),
                    "A hand with bullet cards (dead, greyed)"))
    return out


# --- translations: the same action in every language of the catalogs ---------------------------

def translation_pictures() -> list[Picture]:
    out: list[Picture] = []
    _, (_what, scene) = "fire-inside", ACTIONS["fire-inside"]
    for code in CODES:
        game, before, after = _scenario_frames(scene)
        frame = action_frames(before, after)[-1]
        frame = _dress(frame, game, round_no=2, card=ROUND_CARD_OF_ACTIONS, phase="stealing", acted="doc")
        out.append((f"lang-{code}", train_image(frame, translate=language(code)), f"The picture in {code}"))
    return out
