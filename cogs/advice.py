"""The 💡 of a prompt and the **Review my game** of a finished game's last DM (issue 31), shown only
to their clicker, in their language.

Both are thought in the workers (table.advice, table.workers), from the clicker's own view: the
click is acknowledged at once (deferred, privately) and the answer follows when it is ready, a hint
within the hard AI's time, a review within a few seconds. A refusal (hints off, no seat, a decision
answered meanwhile, someone else's) is said in place of the answer.
"""

from __future__ import annotations

import io
from typing import Any

import discord

from cogs import texts
from cogs.delivery import DESCRIPTION_LIMIT
from cogs.pictures import Pictures
from cogs.readers import Readers
from lang import Language
from render.advice import reason_text
from table.advice import Advisor, Asked, Reviewed
from table.service import TableError

Observation = dict[str, Any]


def label(lang: Language, answer: str, view: Observation) -> str:
    """An answer as its button says it, to the seat whose view this is (two bandits: whose card)."""
    return texts.answer_label(lang, answer, texts.cards_named(view, view["viewer"]), view)


def hint_text(asked: Asked, lang: Language) -> str:
    """"💡 … the hard AI would choose **Rob**." and its one-line reason."""
    tip = asked.hint
    return "\n".join([lang.text("hint.pick", answer=label(lang, tip.answer, asked.view)),
                      reason_text(tip.reason, tip.fields, lang)])


# The reasons that are the search's own finding (engine.ai.reasons ``searched``): its lead over the
# next best answer, which a mistake's line already says better (the lead over the player's answer).
SEARCHED = ("advice.search", "advice.close")


def mistake_text(number: int, reviewed: Reviewed, lang: Language) -> str:
    """A mistake: the answer chosen, the better one and its expected gain, and why (when a fact of the
    table says it)."""
    mistake, view = reviewed.mistake, reviewed.view
    line = lang.text("review.mistake", n=number, answer=label(lang, mistake.answer, view),
                     better=label(lang, mistake.better, view), gain=round(mistake.gain))
    if mistake.hint.reason in SEARCHED:
        return line
    return "\n".join([line, reason_text(mistake.hint.reason, mistake.hint.fields, lang)])


class Advice:
    """What the hint and review buttons show (cogs.components ``HintButton``, ``ReviewButton``)."""

    def __init__(self, advisor: Advisor, readers: Readers, pictures: Pictures) -> None:
        self.advisor, self.readers, self.pictures = advisor, readers, pictures

    async def hint(self, interaction: discord.Interaction, game_id: int, step: int) -> None:
        lang = await self.readers.seen(interaction)
        await interaction.response.defer(ephemeral=True, thinking=True)
        try:
            shown = hint_text(await self.advisor.hint(game_id, interaction.user.id, step), lang)
        except TableError as error:
            shown = error.text(lang)
        await interaction.followup.send(shown, ephemeral=True)

    async def review(self, interaction: discord.Interaction, game_id: int) -> None:
        """The title, then a message per mistake with the train as the player saw it then."""
        lang = await self.readers.seen(interaction)
        await interaction.response.defer(ephemeral=True, thinking=True)
        try:
            found = await self.advisor.review(game_id, interaction.user.id)
        except TableError as error:
            await interaction.followup.send(error.text(lang), ephemeral=True)
            return
        if not found:
            await interaction.followup.send(lang.text("review.none", game=game_id), ephemeral=True)
            return
        drawn = await self.pictures.trains([{**reviewed.view, "log": []} for reviewed in found], lang)
        await interaction.followup.send(lang.text("review.title", game=game_id), ephemeral=True)
        for number, (reviewed, picture) in enumerate(zip(found, drawn, strict=True), start=1):
            file = discord.File(io.BytesIO(picture.data), f"review{game_id}-{number}.png",
                                description=picture.description[:DESCRIPTION_LIMIT])
            await interaction.followup.send(mistake_text(number, reviewed, lang), file=file, ephemeral=True)


__all__ = ["Advice", "hint_text", "label", "mistake_text"]
