"""A choice asked during Stealin', as its chooser sees it: the train drawn from the chooser's own
observation, with what each option refers to ringed, so that "Car 2, roof", "Doc" or "Purse" on a
button points at something on the picture.

Only the chooser's observation is read (``obs["pending"]["options"]`` is in no one else's): a ring
shows nothing the chooser may not see.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from PIL import Image, ImageDraw

from render import layout, theme
from render import text as txt
from render.layout import Rect, TrainLayout
from render.text import Translate
from render.train import train_image

Observation = dict[str, Any]
RING = 4  # the ring's width, thick enough to read at a phone's width
PAD = 5  # room between a ring and what it rings

# What an answer's value names, by decision kind: a position, a car, a bandit, or loot.
POSITION_KINDS = frozenset({"move", "floor", "escape", "flee", "marshal-move", "ride", "marshal-ride", "shove",
                            "shove-marshal"})
CAR_KINDS = frozenset({"marshal", "attack-wagon"})
BANDIT_KINDS = frozenset({"fire", "punch", "arrest", "dodge", "marshal-fire", "free"})
LOOT_KINDS = frozenset({"rob", "pickpocket", "keep-purse", "drop", "thanks"})
LAWMEN = frozenset({"marshal", "shotgun"})  # pieces a Punch or a Fire may name besides the bandits
FILLED_IN = frozenset({"attack"})  # questions whose words need the asker's view filled in (cogs.texts.question)


@dataclass(frozen=True, slots=True)
class Referents:
    """Where the options of a choice point on the train: zones (a position or a car), pawns, and
    the loot of a place (the chooser's own, or a target's)."""

    zones: tuple[str, ...] = ()
    cars: tuple[int, ...] = ()
    bandits: tuple[str, ...] = ()
    loot_of: str | None = None  # the bandit whose position's loot the options are


def referents(obs: Observation) -> Referents:
    """What the chooser's pending options refer to (nothing when the observation holds no options:
    not the chooser's, or a choice with nothing on the train, such as a hostage or a card)."""
    pending = obs.get("pending") or {}
    kind = str(pending.get("kind"))
    values = [str(o).partition(" ")[2] for o in pending.get("options") or ()]
    if kind in POSITION_KINDS:
        return Referents(zones=tuple(v for v in values if "/" in v))
    if kind in CAR_KINDS:
        return Referents(cars=tuple(int(v) for v in values if v.isdigit()))
    if kind in BANDIT_KINDS:
        names = {v.rpartition(":")[2] for v in values}
        known = {b["name"] for b in obs["bandits"]} | LAWMEN
        return Referents(bandits=tuple(sorted(names & known)))
    if kind in LOOT_KINDS:
        owner = pending.get("target") if kind in ("drop", "keep-purse") else pending.get("bandit")
        return Referents(loot_of=str(owner) if owner else None)
    return Referents()


def question(obs: Observation, translate: Translate | None = None) -> str | None:
    """The choice's question, as the picture's caption asks it (None: its words need filling in)."""
    kind = str((obs.get("pending") or {}).get("kind"))
    key = f"question.{kind}"
    return txt.t(key, translate) if txt.exists(key) and kind not in FILLED_IN else None


def ringed_names(obs: Observation, translate: Translate | None = None) -> list[str]:
    """What the rings are around, in words (the picture's alt text): places, cars, bandits, loot."""
    found = referents(obs)
    names = [txt.position_name(z, translate) for z in found.zones]
    names += [txt.car_name(c, translate) for c in found.cars]
    for name in found.bandits:
        key = "piece.shotgun" if name == "shotgun" else f"bandit.{name}"
        names.append(txt.t(key, translate) if txt.exists(key) else name)
    if found.loot_of:
        names.append(txt.bandit_name(found.loot_of, translate))
    return names


def choice_image(obs: Observation, *, translate: Translate | None = None) -> Image.Image:
    """The train as the chooser sees it now, the options of their choice ringed, the question
    in the caption's place."""
    img = train_image({**obs, "log": []}, translate=translate, caption=question(obs, translate))
    ring_options(img, obs)
    return img


def ring_options(img: Image.Image, obs: Observation) -> None:
    found = referents(obs)
    tl = layout.layout_of(obs).train
    corners, marshal_corner = layout.place_pawns(obs, tl)
    d = ImageDraw.Draw(img)
    for position in found.zones:
        zone = tl.zones.get(position)
        if zone is not None:
            _ring(d, zone.stand)
    for car in found.cars:
        box = next((b for b in tl.cars if b.index == car), None)
        if box is not None:
            _ring(d, box.inside)
    for name in found.bandits:
        corner = marshal_corner if name == "marshal" else corners.get(name)
        if corner is not None:
            _ring(d, Rect(corner[0], corner[1], layout.PAWN_W, layout.PAWN_H), round_=True)
    if found.loot_of:
        _ring_loot(d, obs, tl, found.loot_of)


def _ring_loot(d: ImageDraw.ImageDraw, obs: Observation, tl: TrainLayout, owner: str) -> None:
    """The loot at ``owner``'s position (to rob, or pick from a pocket), or ``owner`` themself when
    the loot is theirs (a punched bandit's drop, Cheyenne's purse)."""
    bandit = next((b for b in obs["bandits"] if b["name"] == owner), None)
    if bandit is None:
        return
    pending = (obs.get("pending") or {}).get("kind")
    zone = tl.zones.get(str(bandit["at"]))
    if pending in ("rob", "pickpocket") and zone is not None:
        _ring(d, zone.loot)
        return
    corners, _ = layout.place_pawns(obs, tl)
    corner = corners.get(owner)
    if corner is not None:
        _ring(d, Rect(corner[0], corner[1], layout.PAWN_W, layout.PAWN_H), round_=True)


def _ring(d: ImageDraw.ImageDraw, r: Rect, round_: bool = False) -> None:
    box = (r.x - PAD, r.y - PAD, r.right + PAD, r.bottom + PAD)
    if round_:
        d.ellipse(box, outline=theme.MARK_OUTLINE, width=RING + 2)
        d.ellipse(box, outline=theme.FIRE_LINE, width=RING)
    else:
        d.rounded_rectangle(box, radius=8, outline=theme.MARK_OUTLINE, width=RING + 2)
        d.rounded_rectangle(box, radius=8, outline=theme.FIRE_LINE, width=RING)
