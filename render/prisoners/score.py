"""Marshal & Prisoners on the final count (M-9): mail bags in the strongbox's column, each bandit's
bonuses (the Wanted card kept, the prisoner freed, the Fist-fight aces) and, under the bandits, the
Marshal: his five objectives, each fulfilled or not, and whether four of them won him the game.

At the end every objective is public (the observation's ``prison`` part then lists them all)."""

from __future__ import annotations

from typing import Any

from PIL import Image, ImageDraw

from engine.prisoners.data import prisoners_data
from lang import Noun
from render import assets, draw, fonts, layout, theme
from render import text as txt
from render.hooks import HOOKS, Block
from render.prisoners import board
from render.text import Translate

Observation = dict[str, Any]
MARSHAL = board.MARSHAL
KINDS = ("purse", "jewel", "mailbag")  # mail bags replace the strongbox (M-1)
CHIP_H, CHIP_GAP, CHIP_SIZE = 34, 8, 18  # an objective's label
LINE_H = 42  # the Marshal's first line: his pawn, his name, the count of his objectives
INDENT = 74  # the objectives start under his name


def rewards(img: Image.Image, obs: Observation, row: dict[str, Any], x: int, mid: float, right: int,
            translate: Translate | None) -> None:
    """The bonuses of the expansion: the Wanted card while never arrested, the prisoner freed, the
    aces, as small cards over what they add up to."""
    prison = obs["prison"]
    name = row["name"]
    icons = [] if name in prison["wanted"] else [board._wanted(False)]
    hero = prison["held"].get(name)
    if hero:
        icons.append(board._prisoner(hero, txt.initial(hero, translate), 16, 22))
    icons += [board._ace(value) for value in prison["won_aces"].get(name, ())]
    extra: int = row["extra"]
    if not icons and not extra:
        draw.text(img, (x + 10, mid), "—", "bold", 16, theme.PANEL_DIM)
        return
    ix = x
    for icon in icons:
        if ix + icon.width > right:
            break
        draw.paste(img, icon, (ix, int(mid - 8 - icon.height / 2)))
        ix += icon.width + 3
    amount = ("+" if extra > 0 else "") + txt.money(extra, translate)
    draw.text(img, (x, mid + 14), fonts.ellipsize(amount, "bold", 15, right - x), "bold", 15,
              theme.PANEL_TEXT if extra else theme.PANEL_DIM)


def objective_chips(objectives: list[str], done: set[str], translate: Translate | None) -> list[tuple[str, bool]]:
    """Objectives as the reader reads them, each with whether it is fulfilled; those first."""
    labels = [(txt.t(f"objective.{o.partition(':')[0]}", translate,
                     bandit=txt.bandit_noun(o.partition(":")[2], translate)), o in done)
              for o in objectives]
    return sorted(labels, key=lambda chip: not chip[1])


def _chips(obs: Observation, translate: Translate | None) -> list[tuple[str, bool]]:
    prison = obs["prison"]
    return objective_chips(prison["objectives"], set(prison.get("fulfilled", ())), translate)


def _chip_width(label: str) -> int:
    return max(fonts.width(f"{mark} {label}", "bold", CHIP_SIZE) for mark in "✓✗☐") + 18


def chip_rows(chips: list[tuple[str, bool]], room: int) -> list[list[tuple[str, bool]]]:
    """The chips in rows no wider than ``room``."""
    rows: list[list[tuple[str, bool]]] = [[]]
    used = 0
    for chip in chips:
        w = _chip_width(chip[0])
        if rows[-1] and used + w > room:
            rows.append([])
            used = 0
        rows[-1].append(chip)
        used += w + CHIP_GAP
    return rows


def draw_chips(img: Image.Image, chips: list[tuple[str, bool]], x: int, y: int, room: int,
               open_mark: str = "✗") -> int:
    """Each objective as a label, green and ticked when fulfilled, else grey with ``open_mark``
    (crossed at the end, an empty box while the game goes on); returns the y below them."""
    d = ImageDraw.Draw(img)
    for row in chip_rows(chips, room):
        cx = x
        for label, done in row:
            cw = _chip_width(label)
            d.rounded_rectangle((cx, y, cx + cw, y + CHIP_H), radius=CHIP_H // 2,
                                fill=theme.GAIN if done else theme.CARD_DEAD,
                                outline=theme.OUTLINE if done else theme.PANEL_EDGE)
            mark = "✓" if done else open_mark
            draw.text(img, (cx + 9, y + CHIP_H / 2), f"{mark} {label}", "bold", CHIP_SIZE,
                      theme.INK_LIGHT if done else theme.CARD_DEAD_INK)
            cx += cw + CHIP_GAP
        y += CHIP_H + 6
    return y


def marshal_height(obs: Observation, width: int, translate: Translate | None) -> int:
    room = width - 2 * layout.MARGIN - INDENT - 12
    rows = len(chip_rows(_chips(obs, translate), room))
    return layout.MARGIN // 2 + LINE_H + rows * (CHIP_H + 6) + 10


def marshal_block(img: Image.Image, obs: Observation, y: int, translate: Translate | None) -> None:
    """The Marshal's box: crowned when four objectives are fulfilled; greyed when he was thrown off
    the train (Deadly fall, M-40), which loses him the game whatever he fulfilled."""
    prison = obs["prison"]
    won = bool(prison.get("marshal_wins"))
    fallen = bool(prison.get("marshal_fallen"))
    chips = _chips(obs, translate)
    w = img.width
    box = (layout.MARGIN, y, w - layout.MARGIN, y + marshal_height(obs, w, translate) - layout.MARGIN // 2)
    d = ImageDraw.Draw(img)
    fill = theme.SCORE_WINNER if won else theme.ESCAPED_BG if fallen else theme.SCORE_BG
    d.rounded_rectangle(box, radius=8, fill=fill, outline=theme.PANEL_ACTIVE if won else theme.PANEL_EDGE,
                        width=3 if won else 1)
    sprite = assets.marshal() if not fallen else assets.faded(assets.marshal(), 40)
    draw.paste(img, sprite, (layout.MARGIN + 14, y + 8))
    x, mid = layout.MARGIN + INDENT, y + LINE_H / 2 + 4
    x += draw.text(img, (x, mid), txt.t("panel.marshal", translate), "bold", 19, theme.PANEL_TEXT) + 16
    need = prisoners_data().objectives_to_win
    count = txt.t("score.marshal-objectives", translate, n=sum(done for _, done in chips), total=len(chips),
                  need=need)
    if fallen:
        count += " · " + txt.t("score.marshal-fallen", translate)
    right = box[2] - 14
    if won:
        right -= 36
        draw.paste(img, assets.crown(28), (right + 4, int(mid - 15)))
    size = fonts.fit_size(count, "regular", 16, right - x, 12)
    draw.text(img, (x, mid), fonts.ellipsize(count, "regular", size, right - x), "regular", size,
              theme.PANEL_TEXT)
    draw_chips(img, chips, layout.MARGIN + INDENT, y + LINE_H + 4, box[2] - 12 - (layout.MARGIN + INDENT))


# --- where the final count calls it (render.hooks) ------------------------------------------------


def loot_kinds(obs: Observation, kinds: tuple[str, ...]) -> tuple[str, ...]:
    return KINDS if obs.get("prison") else kinds


def winners(obs: Observation, names: list[Noun], translate: Translate | None) -> list[Noun]:
    """M-9: the Marshal first when he wins, with the poorest bandit under The repentant."""
    prison = obs.get("prison")
    return [txt.bandit_noun(MARSHAL, translate), *names] if prison and prison.get("marshal_wins") else names


def rewards_column(img: Image.Image, obs: Observation, row: dict[str, Any], x: int, mid: float, right: int,
                   translate: Translate | None) -> bool:
    if not obs.get("prison"):
        return False
    rewards(img, obs, row, x, mid, right, translate)
    return True


def _footer_height(obs: Observation, width: int, translate: Translate | None) -> int:
    return marshal_height(obs, width, translate) if obs.get("prison") else 0


def _footer(img: Image.Image, obs: Observation, y: int, translate: Translate | None) -> None:
    if obs.get("prison"):
        marshal_block(img, obs, y, translate)


HOOKS.loot_kinds.append(loot_kinds)
HOOKS.winners.append(winners)
HOOKS.score_columns.append(rewards_column)
HOOKS.score_footers.append(Block(_footer_height, _footer))
