"""The gallery's pictures of games where each player has two bandits (V-2 for 2 and 3 players, V-3),
and of a game in teams of two (V-4):
the secret placement and its reveal, the card taken before the deal, the cover, the panels grouped
by player, the DM's planning picture and hand with each card's bandit, the pile with a hidden card
of a pair, the final count by side; a few in Czech and Russian. tools.gallery.build writes them.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from PIL import Image

import engine  # noqa: F401  (registers every decision handler)
from engine import Options, new_game, observe
from engine.model import Game
from lang import language
from render.hand import hand_image
from render.pile import pile_image
from render.planning import planning_image
from render.play import answered
from render.scoreboard import scoreboard_image
from render.story import action_frames
from render.train import train_image

Observation = dict[str, Any]
Picture = tuple[str, Image.Image, str]

V2_THREE = [["ghost", "tuco"], ["doc", "django"], ["belle", "cheyenne"]]
V2_TWO = [["ghost", "tuco"], ["doc", "django"]]
V3 = [["tuco", "cheyenne"], ["django", "doc"]]  # V-3.1's first game suggestion
TEAMS_SIX = ["ghost", "doc", "tuco", "belle", "cheyenne", "django"]  # V-4: partners 1-2, 3-4, 5-6


def options(variant: str) -> Options:
    return Options(variant=variant, expert=variant == "two-player")


Step = tuple[Game, Observation, list[Observation]]  # the game after an answer, the view before, the frames


def steps(cast: list[Any], variant: str, seed: int) -> Callable[[], Step | None]:
    """The answers of a seeded random game one by one (None once it is over)."""
    game = new_game(cast, seed=seed, options=options(variant), first=0)
    rng = random.Random(seed)

    def step() -> Step | None:
        if game.pending is None:
            return None
        before, after = answered(game, rng.choice(game.pending.options))
        return game, before, action_frames(before, after)

    return step


def _kinds(frame: Observation) -> set[str]:
    return {str(e["type"]) for e in frame.get("log", ())}


def _hidden_of_another(game: Game) -> bool:
    seat = game.pending.seat if game.pending else -1
    return any(p.face_down and p.seat != seat for p in game.pile[game.cursor:])


def whole_game(tag: str, what: str, cast: list[Any], variant: str, seed: int, code: str = "en") -> list[Picture]:
    """One game's pictures: placing, the reveal, the card taken, a cover, planning (public and
    the DM's), an action, the final count."""
    tr = language(code)
    out: list[Picture] = []
    wanted = {"placed", "reveal", "take-card", "cover", "planning", "action"}
    step = steps(cast, variant, seed)
    game: Game | None = None
    while (got := step()) is not None:
        game, _, frames = got
        for frame in frames:
            kinds = _kinds(frame)
            if "placed" in kinds and "placed" in wanted and frame.get("pending"):
                wanted.discard("placed")
                out.append((f"{tag}-placed", train_image(frame, translate=tr), f"{what}: a player placed in secret"))
            if "move" in kinds and frame["log"][0].get("how") == "placement" and "reveal" in wanted:
                wanted.discard("reveal")
                out.append((f"{tag}-reveal", train_image(frame, translate=tr), f"{what}: the placement revealed"))
            if "take-card" in kinds and "take-card" in wanted:
                wanted.discard("take-card")
                out.append((f"{tag}-take-card", train_image(frame, translate=tr),
                            f"{what}: a card taken before the deal (secret)"))
            if "cover" in kinds and "cover" in wanted:
                wanted.discard("cover")
                out.append((f"{tag}-cover", train_image(frame, translate=tr), f"{what}: a Fire gives cover"))
            if (game.round_no >= 2 and game.phase == "stealing" and kinds & {"fire", "punch", "rob"}
                    and "action" in wanted):
                wanted.discard("action")
                out.append((f"{tag}-action", train_image(frame, translate=tr), f"{what}: an action"))
        if (game.phase == "planning" and game.pending is not None and "planning" in wanted
                and len(game.pile) >= 3 and (_hidden_of_another(game) or game.round_no >= 3)):
            wanted.discard("planning")
            seat = game.pending.seat
            mine = observe(game, seat)
            out.append((f"{tag}-planning-public", train_image(frames[-1], translate=tr), f"{what}: Schemin'"))
            out.append((f"{tag}-planning-dm", planning_image(mine, translate=tr),
                        f"{what}: the DM's planning picture (each card with its bandit)"))
            out.append((f"{tag}-hand", hand_image(mine, translate=tr),
                        f"{what}: the hand of a player with two bandits"))
            out.append((f"{tag}-pile", pile_image(observe(game, None), translate=tr), f"{what}: the pile (public)"))
    if game is not None:
        final = observe(game, None)
        out.append((f"{tag}-end", train_image(dict(final, log=game.log[-1:]), translate=tr), f"{what}: game over"))
        out.append((f"{tag}-scoreboard", scoreboard_image(final, translate=tr), f"{what}: the final count by side"))
    return out


def pictures() -> list[Picture]:
    return [
        *whole_game("pairs-v2-3", "V-2, 3 players", V2_THREE, "two-bandits", seed=4),
        *whole_game("pairs-v2-2", "V-2, 2 players", V2_TWO, "two-bandits", seed=7),
        *whole_game("pairs-v3", "V-3, the two-player game (no Gunslinger)", V3, "two-player", seed=5),
        *whole_game("pairs-v2-3-cs", "V-2, 3 players, in Czech", V2_THREE, "two-bandits", seed=11, code="cs"),
        *whole_game("pairs-v3-ru", "V-3 in Russian", V3, "two-player", seed=12, code="ru"),
        *whole_game("teams-6", "V-4, teams of two, 6 players", TEAMS_SIX, "teams", seed=3),
    ]
