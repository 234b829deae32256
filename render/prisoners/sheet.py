"""The Marshal player's sheet under his hand, for his DMs only (M-6, M-9): the objectives he has
seen, each ticked when fulfilled as things stand, how many are still face down, his rewards
(Wanted cards, prisoners, mail bags), the Fist-fight aces left, his two revolvers and his whiskey.

It reads the Marshal's own observation: ``prison.met`` is in no one else's (engine.prisoners.checks)."""

from __future__ import annotations

from typing import Any

from PIL import Image, ImageDraw

from engine.prisoners.data import prisoners_data
from render import assets, draw, fonts, layout, theme
from render import text as txt
from render.hooks import HOOKS, Block
from render.prisoners import board, score
from render.text import Translate

Observation = dict[str, Any]
HEAD_H = 40  # the sheet's heading line
LINE_H = 40  # his rewards, aces and revolvers


def _room(width: int) -> int:
    return width - 2 * layout.MARGIN - 24


def seen_chips(prison: dict[str, Any], translate: Translate | None) -> list[tuple[str, bool]]:
    """The objectives the Marshal has seen, each with whether it is met as things stand."""
    seen = [o for o in prison["objectives"] if o]
    met = prison.get("met") or [False] * len(seen)
    return score.objective_chips(seen, {o for o, done in zip(seen, met, strict=True) if done}, translate)


def sheet_height(obs: Observation, width: int, translate: Translate | None) -> int:
    rows = len(score.chip_rows(seen_chips(obs["prison"], translate), _room(width)))
    return HEAD_H + rows * (score.CHIP_H + 6) + LINE_H + 16


def draw_sheet(img: Image.Image, obs: Observation, y: int, translate: Translate | None) -> None:
    prison = obs["prison"]
    chips = seen_chips(prison, translate)
    box = (layout.MARGIN, y, img.width - layout.MARGIN, y + sheet_height(obs, img.width, translate) - 6)
    ImageDraw.Draw(img).rounded_rectangle(box, radius=9, fill=theme.PANEL_BG, outline=theme.PANEL_EDGE, width=2)
    x = layout.MARGIN + 12
    head = txt.t("sheet.picture-objectives", translate, n=len(chips),
                 total=len(chips) + int(prison["objectives_to_come"]), need=prisoners_data().objectives_to_win)
    size = fonts.fit_size(head, "bold", 20, _room(img.width), 13)
    draw.text(img, (x, y + HEAD_H / 2 + 2), fonts.ellipsize(head, "bold", size, _room(img.width)), "bold", size,
              theme.PANEL_TEXT)
    below = score.draw_chips(img, chips, x, y + HEAD_H, _room(img.width), open_mark="☐")
    mid = below + LINE_H / 2 - 2
    rewards = prison["rewards"]
    for icon, n in ((board._wanted(True), len(prison["wanted"])),
                    (board._prisoner("", "", 16, 22), len(rewards["prisoners"])),
                    (assets.loot("mailbag", 20), len(rewards["mail"]))):
        draw.paste(img, icon, (x, int(mid - icon.height / 2)))
        x += icon.width + 4
        x += draw.text(img, (x, mid), f"×{n}", "bold", 16, theme.PANEL_TEXT if n else theme.PANEL_DIM) + 16
    x += 8
    for value in prison["aces"]:  # the Fist-fight aces still on his portrait
        draw.paste(img, board._ace(value), (x, int(mid - 10)))
        x += 18
    x += 16
    for revolver in prison["revolvers"]:  # six Marshal bullets each, fired from the top
        for i in range(6):
            draw.paste(img, assets.bullet(7, 17, spent=i >= len(revolver)), (x + i * 8, int(mid - 9)))
        x += 6 * 8 + 10
    x += 6
    for kind in prison.get("flasks", ()):  # his whiskey (M-40), as he knows it: old or not
        draw.paste(img, assets.loot(kind, 22), (x, int(mid - 11)))
        x += 24


HOOKS.sheets.append(Block(sheet_height, draw_sheet))  # under the Marshal player's hand (render.hand, render.planning)
