"""Every colour of every picture, in one place.

The pictures carry their own opaque background, so they read the same in Discord's dark and light
themes. Bandit colours differ in lightness as well as hue, and every pawn also carries a letter,
so that colour-blind players can tell the bandits apart.
"""

from __future__ import annotations

from dataclasses import dataclass

RGB = tuple[int, int, int]
RGBA = tuple[int, int, int, int]


@dataclass(frozen=True, slots=True)
class BanditStyle:
    """How a bandit is drawn: pawn fill and the colour of the initial on it (the initial itself is a
    word of the catalogs, "initial.<bandit>")."""

    fill: RGB
    ink: RGB  # the initial's colour, chosen for contrast with ``fill``


INK_DARK: RGB = (28, 22, 18)
INK_LIGHT: RGB = (255, 250, 240)

BANDITS: dict[str, BanditStyle] = {
    "ghost": BanditStyle((238, 238, 232), INK_DARK),
    "doc": BanditStyle((52, 112, 214), INK_LIGHT),
    "tuco": BanditStyle((206, 48, 40), INK_LIGHT),
    "cheyenne": BanditStyle((46, 150, 70), INK_LIGHT),
    "belle": BanditStyle((186, 72, 196), INK_LIGHT),
    "django": BanditStyle((36, 36, 40), INK_LIGHT),
    # Later characters (M-30, M-31): ready so that a game with them still draws.
    "mei": BanditStyle((240, 160, 24), INK_DARK),
    "silk": BanditStyle((24, 160, 158), INK_DARK),
}
UNKNOWN_BANDIT = BanditStyle((150, 150, 150), INK_DARK)
OTHER_PLAYERS: dict[str, BanditStyle] = {"marshal": BanditStyle((214, 194, 150), INK_DARK)}  # MARSHAL_BODY


def bandit_style(name: str | None) -> BanditStyle:
    """A bandit's colours, or another player's: the Marshal player's cards are his tan (M-1)."""
    return BANDITS.get(name or "", OTHER_PLAYERS.get(name or "", UNKNOWN_BANDIT))


# --- the scene -----------------------------------------------------------------------------------
SKY_TOP: RGB = (250, 228, 186)
SKY_BOTTOM: RGB = (238, 196, 140)
HILLS: RGB = (214, 164, 110)
GROUND: RGB = (176, 122, 78)
GROUND_DARK: RGB = (150, 100, 62)
RAIL: RGB = (88, 70, 58)
SLEEPER: RGB = (120, 84, 56)

OUTLINE: RGB = (34, 24, 20)

WAGON_BODY: RGB = (140, 52, 38)
WAGON_TRIM: RGB = (96, 34, 26)
WAGON_INSIDE: RGB = (246, 226, 188)  # the lit interior where pawns stand
WAGON_WINDOW: RGB = (232, 206, 160)
WAGON_ROOF: RGB = (70, 50, 44)
WAGON_FLOOR: RGB = (112, 76, 52)
LOCO_BODY: RGB = (38, 70, 62)
LOCO_TRIM: RGB = (22, 44, 40)
LOCO_BRASS: RGB = (214, 168, 64)
SMOKE: RGB = (226, 220, 212)
WHEEL: RGB = (44, 36, 34)
WHEEL_HUB: RGB = (150, 130, 110)
CAR_LABEL: RGB = (60, 34, 22)

# --- header, caption, panels ---------------------------------------------------------------------
HEADER_BG: RGB = (58, 38, 30)
HEADER_TEXT: RGB = (252, 238, 212)
HEADER_DIM: RGB = (196, 170, 140)
TURN_TILE: RGB = (94, 68, 54)
TURN_CURRENT: RGB = (246, 196, 70)
TURN_DONE: RGB = (76, 56, 46)
TURN_ICON: RGB = (252, 238, 212)
TURN_ICON_CURRENT: RGB = (46, 30, 22)

CAPTION_BG: RGB = (34, 26, 24)
CAPTION_TEXT: RGB = (255, 244, 220)

PANEL_BG: RGB = (250, 240, 220)
PANEL_EDGE: RGB = (196, 168, 130)
PANEL_TEXT: RGB = (40, 28, 22)
PANEL_DIM: RGB = (150, 130, 112)
PANEL_ACTIVE: RGB = (236, 170, 30)
PANEL_ACTIVE_BG: RGB = (255, 236, 176)
BOARD_BG: RGB = (228, 206, 170)  # behind the panels and the pile

# --- tokens and marks ----------------------------------------------------------------------------
PURSE: RGB = (186, 132, 70)
PURSE_DARK: RGB = (120, 80, 40)
PURSE_TIE: RGB = (232, 196, 110)
JEWEL: RGB = (90, 210, 232)
JEWEL_DARK: RGB = (30, 120, 160)
STRONGBOX: RGB = (226, 176, 48)
STRONGBOX_DARK: RGB = (130, 90, 20)
BULLET_BRASS: RGB = (222, 176, 72)
BULLET_TIP: RGB = (150, 110, 60)
BULLET_EMPTY: RGB = (200, 184, 164)
HIT: RGB = (200, 30, 30)
BADGE_BG: RGB = (34, 26, 24)
BADGE_TEXT: RGB = (255, 255, 255)

MARSHAL_BODY: RGB = (214, 194, 150)
MARSHAL_HAT: RGB = (60, 42, 30)
MARSHAL_STAR: RGB = (246, 196, 40)

ACTOR_HALO: RGBA = (255, 214, 60, 200)
MARK_OUTLINE: RGB = (30, 20, 16)
FIRE_LINE: RGB = (255, 210, 40)
FIRE_FLASH: RGB = (255, 120, 20)
FIST: RGB = (250, 214, 170)
MARSHAL_PATH: RGB = (90, 70, 40)
NO_EFFECT: RGB = (120, 110, 100)
GAIN: RGB = (40, 150, 60)
LOSS: RGB = (200, 40, 30)
# A lesson's pointers (render.pointers): a hue no piece, loot token nor game mark uses, so that a
# pointer never reads as part of the game.
POINTER: RGB = (232, 36, 150)
POINTER_TEXT: RGB = (255, 255, 255)

# --- cards ---------------------------------------------------------------------------------------
CARD_EDGE: RGB = (40, 28, 22)
CARD_FACE: RGB = (252, 246, 232)
CARD_DEAD: RGB = (196, 190, 182)
CARD_DEAD_INK: RGB = (132, 124, 116)
CARD_BULLET_NEUTRAL: RGB = (140, 140, 136)
CARD_RESOLVED_VEIL: RGBA = (228, 206, 170, 150)
CARD_NEXT: RGB = (236, 170, 30)

SCORE_BG: RGB = (250, 240, 220)
SCORE_ROW: RGB = (242, 228, 200)
SCORE_WINNER: RGB = (255, 230, 150)
GOLD: RGB = (214, 160, 20)


# --- Horses & Stagecoach -------------------------------------------------------------------------
ROAD: RGB = (204, 160, 108)  # the dirt road beside the train
ROAD_RUT: RGB = (170, 124, 82)
COACH_BODY: RGB = (44, 76, 124)  # blue: no car of the train and no bandit's pawn has it
COACH_TRIM: RGB = (24, 42, 74)
HORSE: RGB = (150, 92, 50)
HORSE_MANE: RGB = (70, 42, 24)
SHOTGUN_BODY: RGB = (124, 128, 76)  # olive: apart from every bandit and the marshal
SHOTGUN_GUN: RGB = (52, 52, 58)
FLASK_METAL: RGB = (188, 196, 200)
WHISKEY: RGB = (214, 134, 34)
OLD_WHISKEY: RGB = (122, 52, 22)
HOSTAGE_ROPE: RGB = (176, 130, 70)
ESCAPED_BG: RGB = (216, 210, 200)  # the panel of a bandit who left the board
MELEE_BG: RGB = (46, 34, 30)


def mix(a: RGB, b: RGB, t: float) -> RGB:
    """``a`` moved ``t`` of the way towards ``b``."""
    return (
        round(a[0] + (b[0] - a[0]) * t),
        round(a[1] + (b[1] - a[1]) * t),
        round(a[2] + (b[2] - a[2]) * t),
    )


def darker(c: RGB, t: float = 0.35) -> RGB:
    return mix(c, (0, 0, 0), t)


def lighter(c: RGB, t: float = 0.35) -> RGB:
    return mix(c, (255, 255, 255), t)
