"""The final count (B-8): each bandit's loot by kind, the Gunslinger, totals, the winner; with
Horses & Stagecoach, each bandit's hostage and what it and the last station add (H-30, H-22); with
Marshal & Prisoners, each bandit's rewards and the Marshal's objectives (render.prisoners.score)."""

from __future__ import annotations

from typing import Any

from PIL import Image, ImageDraw

from render import assets, draw, fonts, layout, seats, theme
from render import text as txt
from render.hooks import HOOKS
from render.text import Translate

Observation = dict[str, Any]
KINDS = ("purse", "jewel", "strongbox")
FIXED_VALUES = {"jewel": 500, "strongbox": 1000}  # B-1; purses carry their value in the token
# Bold numbers are drawn at 16 px or more: below that, DejaVu Sans Bold's own hinting (its TrueType
# instructions, which FreeType runs) snaps the horizontal strokes of its digits and "$" to one pixel
# under stems of nearly three, and "1000 $" reads as a thin serif face beside the 22 px totals.
BOLD_NUMBER = 16


def _value(token: str) -> int:
    kind, _, value = token.partition(":")
    if value.isdigit():
        return int(value)
    return FIXED_VALUES.get(kind, 0)


def loot_kinds(obs: Observation) -> tuple[str, ...]:
    """The loot columns: an expansion may change them (mail bags replace the strongbox with
    Marshal & Prisoners, M-1)."""
    kinds: tuple[str, ...] = KINDS
    for more in HOOKS.loot_kinds:
        kinds = more(obs, kinds)
    return kinds


def _extra_column(obs: Observation) -> str | None:
    """An expansion's column between the Gunslinger and the total, named by its heading's key."""
    return "score.hostage" if obs.get("stagecoach") else "score.rewards" if obs.get("prison") else None


def _rows(obs: Observation) -> list[dict[str, Any]]:
    from engine.data import base  # the Gunslinger's bonus is data, read where the engine reads it

    result = obs.get("result") or {}
    coach = obs.get("stagecoach")
    itemised = _extra_column(obs) is not None  # the expansion's share shown apart from the Gunslinger's
    kinds = loot_kinds(obs)
    held: dict[str, str] = coach.get("held", {}) if coach else {}
    scores: dict[str, int] = result.get("scores", {})
    gunslingers = set(result.get("gunslingers", ()))
    winners = set(result.get("winners", ()))
    rows = []
    for bandit in obs["bandits"]:
        loot = list(bandit["loot"])
        by_kind = {k: [t for t in loot if t.partition(":")[0] == k] for k in kinds}
        rows.append({
            "name": bandit["name"],
            "kinds": kinds,
            "count": {k: len(v) for k, v in by_kind.items()},
            "value": {k: sum(_value(t) for t in v) for k, v in by_kind.items()},
            "gunslinger": bandit["name"] in gunslingers,
            "bonus": scores.get(bandit["name"], 0) - sum(_value(t) for t in loot) if not itemised
            else base().gunslinger_bonus if bandit["name"] in gunslingers else 0,
            "hostage": held.get(bandit["name"]),
            "total": scores.get(bandit["name"], sum(_value(t) for t in loot)),
            "winner": bandit["name"] in winners,
            "bullets": bandit["bullets_received"],
        })
    for row in rows:  # what the expansion adds: the total less the loot and the Gunslinger's bonus
        row["extra"] = row["total"] - sum(row["value"].values()) - row["bonus"] if itemised else 0
    rows.sort(key=lambda r: (-r["total"], r["bullets"], r["name"]))
    return rows


def ranking(obs: Observation) -> list[str]:
    """The bandits in the final count's order, as the picture lists them (richest first)."""
    return [row["name"] for row in _rows(obs)]


def side_rows(obs: Observation) -> list[dict[str, Any]]:
    """The sides, the winners first, then by score: their bandits' rows (as ``_rows`` makes them) and total."""
    rows = {row["name"]: row for row in _rows(obs)}
    out = []
    for side in seats.sides(obs):
        members = [rows[name] for name in side["bandits"] if name in rows]
        out.append({"bandits": side["bandits"], "rows": members, "score": side["score"],
                    "winner": any(r["winner"] for r in members),
                    "bullets": sum(r["bullets"] for r in members)})
    out.sort(key=lambda s: (not s["winner"], -s["score"], s["bullets"]))
    return out


def scoreboard_image(obs: Observation, *, translate: Translate | None = None) -> Image.Image:
    """The final count of a finished game (its observation holds ``result``, purse values shown);
    another table's own count when one is registered for it (render.hooks' ``boards``: by side,
    for two bandits a player or teams); the first that draws one wins."""
    for board in HOOKS.boards:
        drawn = board(obs, translate)
        if drawn is not None:
            return drawn
    rows = _rows(obs)
    W = layout.WIDTH
    title_h, head_h, row_h = layout.SCORE_TITLE_H, layout.SCORE_HEAD_H, layout.SCORE_ROW_H
    prison = obs.get("prison")
    footer = sum(block.height(obs, W, translate) for block in HOOKS.score_footers)  # the Marshal's objectives (M-9)
    height = title_h + head_h + len(rows) * row_h + footer + layout.MARGIN * 2
    img = Image.new("RGB", (W, height), theme.BOARD_BG)
    d = ImageDraw.Draw(img)
    d.rectangle((0, 0, W, title_h - 4), fill=theme.HEADER_BG)
    winners = [txt.bandit_noun(r["name"], translate) for r in rows if r["winner"]]
    for more in HOOKS.winners:  # the Marshal, who wins with the poorest bandit under The repentant (M-9)
        winners = more(obs, winners, translate)
    title = txt.t("score.title", translate)
    draw.text(img, (layout.MARGIN + 6, (title_h - 4) / 2), title, "bold", 24, theme.HEADER_TEXT)
    if winners:
        key = "score.winner" if len(winners) == 1 else "score.winners"
        line = txt.capital(txt.t(key, translate, names=txt.names_list(winners, translate)))
        draw.paste(img, assets.crown(30), (W - layout.MARGIN - 6 - fonts.width(line, "bold", 21) - 38,
                                           (title_h - 4) // 2 - 16))
        draw.text(img, (W - layout.MARGIN - 6, (title_h - 4) / 2), line, "bold", 21, theme.TURN_CURRENT, "r")
    # columns: bandit | purses | jewels | strongboxes (mail bags) | gunslinger | an expansion's | total
    extra = _extra_column(obs)
    cols = dict(layout.SCORE_COLUMNS_EXTRA if extra else layout.SCORE_COLUMNS, total=W - 30)
    y = title_h + layout.MARGIN
    total = txt.t("score.total", translate)
    total_left = cols["total"] - fonts.width(total, "bold", 15)
    third = "score.mailbags" if prison else "score.strongboxes"
    heads = [("purse", "score.purses", cols["jewel"]), ("jewel", "score.jewels", cols["strongbox"]),
             ("strongbox", third, cols["gunslinger"]),
             ("gunslinger", "score.gunslinger", cols.get("extra", total_left))]
    if extra:
        heads.append(("extra", extra, total_left))
    for key, label, end in heads:
        # A long word (Polish "Najlepszy Rewolwerowiec") gets smaller rather than run into the next column.
        head, room = txt.t(label, translate), end - cols[key] - 12
        size = fonts.fit_size(head, "bold", 15, room, 10)
        draw.text(img, (cols[key], y + head_h / 2), fonts.ellipsize(head, "bold", size, room), "bold", size,
                  theme.PANEL_DIM)
    draw.text(img, (cols["bandit"] + 60, y + head_h / 2), txt.t("score.bandit", translate), "bold", 15,
              theme.PANEL_DIM)
    draw.text(img, (cols["total"], y + head_h / 2), total, "bold", 15, theme.PANEL_DIM, "r")
    y += head_h
    for i, row in enumerate(rows):
        box = (layout.MARGIN, y + 2, W - layout.MARGIN, y + row_h - 3)
        fill = theme.SCORE_WINNER if row["winner"] else theme.SCORE_BG if i % 2 == 0 else theme.SCORE_ROW
        d.rounded_rectangle(box, radius=8, fill=fill, outline=theme.PANEL_ACTIVE if row["winner"] else theme.PANEL_EDGE,
                            width=3 if row["winner"] else 1)
        mid = y + row_h / 2
        bandit_and_loot(img, row, cols, mid, translate)
        total = txt.money(row["total"], translate)
        crown_x = cols["total"] - fonts.width(total, "bold", 22) - 36
        if row["gunslinger"]:
            bonus = txt.money(row["bonus"], translate)
            # A long total and its crown push the bonus left rather than run into it.
            right = crown_x - 8 if row["winner"] else cols["total"] - fonts.width(total, "bold", 22) - 12
            x = min(cols["gunslinger"] + 32, right - fonts.width(bonus, "bold", BOLD_NUMBER))
            draw.paste(img, assets.symbol("fire", 26, theme.PANEL_TEXT), (x - 32, int(mid - 13)))
            draw.text(img, (x, mid), bonus, "bold", BOLD_NUMBER, theme.PANEL_TEXT)
        else:
            draw.text(img, (cols["gunslinger"] + 10, mid), "—", "bold", BOLD_NUMBER, theme.PANEL_DIM)
        right = crown_x - 8 if row["winner"] else crown_x + 24
        # the expansion's column: drawn by its hook (the rewards, M-9), else the hostage's (H-12)
        if extra and not any(column(img, obs, row, cols["extra"], mid, right, translate)
                             for column in HOOKS.score_columns):
            _hostage(img, row, cols["extra"], mid, right, translate)
        draw.text(img, (cols["total"], mid), total, "bold", 22, theme.PANEL_TEXT, "r")
        if row["winner"]:
            draw.paste(img, assets.crown(28), (crown_x, int(mid - 15)))
        y += row_h
    for block in HOOKS.score_footers:
        block.draw(img, obs, y + layout.MARGIN // 2, translate)
    return img


def bandit_and_loot(img: Image.Image, row: dict[str, Any], cols: dict[str, int], mid: float,
                    translate: Translate | None) -> None:
    """A row's bandit (pawn, name, bullets received) and its loot by kind, count and value."""
    draw.paste(img, assets.pawn(row["name"], txt.initial(row["name"], translate)),
               (cols["bandit"], int(mid - layout.PAWN_H / 2)))
    name_x = cols["bandit"] + 50
    draw.text(img, (name_x, mid - 9), txt.bandit_name(row["name"], translate), "bold", 19, theme.PANEL_TEXT)
    draw.text(img, (name_x, mid + 13), txt.t("score.bullets", translate, n=row["bullets"]), "regular", 13,
              theme.PANEL_DIM)
    for kind, column in zip(row["kinds"], KINDS, strict=True):
        n = row["count"][kind]
        x = cols[column]
        icon = assets.loot(kind, 24) if n else assets.faded(assets.loot(kind, 24), 30)
        draw.paste(img, icon, (x, int(mid - 12)))
        colour = theme.PANEL_TEXT if n else theme.PANEL_DIM
        draw.text(img, (x + 30, mid - 8), f"×{n}", "bold", BOLD_NUMBER, colour)
        draw.text(img, (x + 30, mid + 11), txt.money(row["value"][kind], translate), "regular", 14, colour)


def _hostage(img: Image.Image, row: dict[str, Any], x: int, mid: float, right: int,
             translate: Translate | None) -> None:
    """Horses & Stagecoach: the hostage held, by name, and what the expansion adds or takes."""
    extra: int = row["extra"]
    if not row["hostage"] and not extra:
        draw.text(img, (x + 10, mid), "—", "bold", BOLD_NUMBER, theme.PANEL_DIM)
        return
    amount = ("+" if extra > 0 else "") + txt.money(extra, translate)
    if row["hostage"]:
        icon = assets.hostage(24)
        draw.paste(img, icon, (x, int(mid - 12)))
        x += icon.width + 6
        name = txt.t(f"hostage-name.{row['hostage']}", translate)
        room = right - x
        draw.text(img, (x, mid + 11), fonts.ellipsize(name, "regular", 14, room), "regular", 14, theme.PANEL_TEXT)
    draw.text(img, (x, mid - 8 if row["hostage"] else mid), amount, "bold", BOLD_NUMBER,
              theme.PANEL_TEXT if extra else theme.PANEL_DIM)
