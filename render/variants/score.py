"""The final count when each player has two bandits (V-2.7, V-3.3): a block per player, their two
bandits' loot row by row (kept per bandit), each bandit's own total, and the side's total for both,
the winning side crowned; V-3 has no Gunslinger (V-3.3), so no such column."""

from __future__ import annotations

from typing import Any

from PIL import Image, ImageDraw

from render import assets, draw, fonts, layout, scoreboard, seats, theme
from render import text as txt
from render.hooks import HOOKS
from render.text import Translate
from render.variants import pairs

Observation = dict[str, Any]
SIDE_GAP = 10  # between two players' blocks
COLUMNS = {"bandit": 24, "purse": 262, "jewel": 382, "strongbox": 502, "gunslinger": 622, "own": 828}
COLUMNS_NO_GUNSLINGER = {"bandit": 24, "purse": 290, "jewel": 430, "strongbox": 570, "own": 828}
TEAM_LEFT = 846  # the side's total: right of the bandits' own totals


def _by_side(obs: Observation, translate: Translate | None) -> Image.Image | None:
    """The count by side for a table of two bandits a player, or of teams (render.hooks'
    ``boards``, which render.scoreboard asks first); None for the others."""
    return scoreboard_image(obs, translate=translate) if layout.grouped_key(obs) else None


HOOKS.boards.append(_by_side)


def scoreboard_image(obs: Observation, *, translate: Translate | None = None) -> Image.Image:
    sides = scoreboard.side_rows(obs)
    W = layout.WIDTH
    title_h, head_h, row_h = layout.SCORE_TITLE_H, layout.SCORE_HEAD_H, layout.SCORE_ROW_H
    block_h = 2 * row_h + 8
    height = title_h + layout.MARGIN + head_h + len(sides) * (block_h + SIDE_GAP) - SIDE_GAP + layout.MARGIN
    img = Image.new("RGB", (W, height), theme.BOARD_BG)
    d = ImageDraw.Draw(img)
    d.rectangle((0, 0, W, title_h - 4), fill=theme.HEADER_BG)
    draw.text(img, (layout.MARGIN + 6, (title_h - 4) / 2), txt.t("score.title", translate), "bold", 24,
              theme.HEADER_TEXT)
    winners = [seats.team_noun(s["bandits"], translate) for s in sides if s["winner"]]
    if winners:
        key = "score.side-wins" if len(winners) == 1 else "score.winners"
        line = txt.t(key, translate, names=txt.names_list(winners, translate))
        room = W // 2 + 60
        size = fonts.fit_size(line, "bold", 21, room, 15)
        line = fonts.ellipsize(line, "bold", size, room)
        lw = fonts.width(line, "bold", size)
        draw.paste(img, assets.crown(30), (W - layout.MARGIN - 6 - lw - 38, (title_h - 4) // 2 - 16))
        draw.text(img, (W - layout.MARGIN - 6, (title_h - 4) / 2), line, "bold", size, theme.TURN_CURRENT, "r")
    gunslinger = not pairs.no_gunslinger(obs)
    cols = COLUMNS if gunslinger else COLUMNS_NO_GUNSLINGER
    y = title_h + layout.MARGIN
    _heads(img, cols, gunslinger, y + head_h / 2, translate)
    y += head_h
    for i, side in enumerate(sides):
        _side(img, side, cols, gunslinger, y, block_h, row_h, i, translate)
        y += block_h + SIDE_GAP
    return img


def _heads(img: Image.Image, cols: dict[str, int], gunslinger: bool, mid: float, translate: Translate | None) -> None:
    heads = [("purse", "score.purses", cols["jewel"]), ("jewel", "score.jewels", cols["strongbox"])]
    heads.append(("strongbox", "score.strongboxes", cols["gunslinger"] if gunslinger else cols["own"] - 80))
    if gunslinger:
        heads.append(("gunslinger", "score.gunslinger", cols["own"] - 80))
    for key, label, end in heads:
        head, room = txt.t(label, translate), end - cols[key] - 12
        size = fonts.fit_size(head, "bold", 15, room, 10)
        draw.text(img, (cols[key], mid), fonts.ellipsize(head, "bold", size, room), "bold", size, theme.PANEL_DIM)
    draw.text(img, (cols["bandit"] + 60, mid), txt.t("score.bandit", translate), "bold", 15, theme.PANEL_DIM)
    total = txt.t("score.total", translate)
    size = fonts.fit_size(total, "bold", 15, 90, 10)
    draw.text(img, (cols["own"], mid), total, "bold", size, theme.PANEL_DIM, "r")
    team = txt.t("score.team", translate)
    size = fonts.fit_size(team, "bold", 15, layout.WIDTH - 30 - TEAM_LEFT - 10, 10)
    draw.text(img, (layout.WIDTH - 30, mid), team, "bold", size, theme.PANEL_DIM, "r")


def _side(img: Image.Image, side: dict[str, Any], cols: dict[str, int], gunslinger: bool, y: int, block_h: int,
          row_h: int, i: int, translate: Translate | None) -> None:
    """One player's block: their two bandits' rows, and at the right the side's total over both."""
    W = layout.WIDTH
    d = ImageDraw.Draw(img)
    winner = side["winner"]
    fill = theme.SCORE_WINNER if winner else theme.SCORE_BG if i % 2 == 0 else theme.SCORE_ROW
    d.rounded_rectangle((layout.MARGIN, y, W - layout.MARGIN, y + block_h), radius=10, fill=fill,
                        outline=theme.PANEL_ACTIVE if winner else theme.PANEL_EDGE, width=3 if winner else 2)
    # the side's own column: a darker band that joins the two rows
    d.rounded_rectangle((TEAM_LEFT, y + 6, W - layout.MARGIN - 6, y + block_h - 6), radius=8,
                        fill=theme.darker(fill, 0.06) if not winner else theme.PANEL_ACTIVE_BG)
    for k, row in enumerate(side["rows"]):
        top = y + 4 + k * row_h
        if k:
            d.line((layout.MARGIN + 60, top, TEAM_LEFT - 12, top), fill=theme.PANEL_EDGE, width=1)
        _bandit_row(img, row, cols, gunslinger, top + row_h / 2, translate)
    mid = y + block_h / 2
    total = txt.money(side["score"], translate)
    right = W - 30
    size = fonts.fit_size(total, "bold", 24, right - TEAM_LEFT - 12, 16)
    tw = draw.text(img, (right, mid + (10 if winner else 0)), total, "bold", size, theme.PANEL_TEXT, "r")
    emblem = pairs.emblem(tuple(side["bandits"]), 24)
    if winner:  # the crown over the side's total
        draw.paste(img, assets.crown(30), (right - tw // 2 - 15, int(mid - 34)))
    else:
        draw.paste(img, emblem, (right - tw // 2 - 12, int(mid - 40)))


def _bandit_row(img: Image.Image, row: dict[str, Any], cols: dict[str, int], gunslinger: bool, mid: float,
                translate: Translate | None) -> None:
    scoreboard.bandit_and_loot(img, row, cols, mid, translate)
    if gunslinger:
        if row["gunslinger"]:
            x = cols["gunslinger"] + 32
            draw.paste(img, assets.symbol("fire", 26, theme.PANEL_TEXT), (x - 32, int(mid - 13)))
            draw.text(img, (x, mid), txt.money(row["bonus"], translate), "bold", scoreboard.BOLD_NUMBER,
                      theme.PANEL_TEXT)
        else:
            draw.text(img, (cols["gunslinger"] + 10, mid), "—", "bold", scoreboard.BOLD_NUMBER, theme.PANEL_DIM)
    draw.text(img, (cols["own"], mid), txt.money(row["total"], translate), "bold", 18, theme.PANEL_TEXT, "r")
