"""/colt learn on Discord: a guided lesson in the learner's DMs (or a private thread), step by step.

table.lessons keeps each lesson and takes its clicks once; this module shows its screens. A step is
one message: its words, the train from the learner's view with the step's pointers, and its buttons
(cogs.components ``LessonButton``, restart-proof): **Next**, or the game's own answers that the step
takes, and 💡 on every decision (hints are always on in a lesson). Where no step applies, the
learner answers the game's own prompt, shown as a game's DMs show it (the hand and the pile to plan
by, a choice's options ringed). A done step's buttons are taken off, so that the DM reads as the
lesson went. At the end: the final count, ``lesson.over`` and the lessons still to take.
"""

from __future__ import annotations

import contextlib
import io

import discord

from cogs import texts
from cogs.components import LessonButton
from cogs.delivery import DESCRIPTION_LIMIT
from cogs.endings import place_line
from cogs.pictures import Pictures
from cogs.readers import Readers
from cogs.tree import say
from engine.ai.advice import Hint
from lang import Language
from render.advice import reason_text
from render.describe import winners_line
from render.lessons import step_text
from table.lessons import ANSWER, NEXT, OVER, Lessons, Screen
from table.service import TableError

CONTENT_LIMIT = 2000  # characters of a Discord message
BUTTONS = 24  # a message's 25 buttons, less the 💡


CANNOT_MESSAGE_USER = 50007  # Discord's code for closed DMs


def _discord_closed(error: discord.HTTPException) -> bool:
    """Discord refuses the DM for good (closed DMs, a user it cannot reach), not for a moment."""
    return isinstance(error, discord.Forbidden) or error.code == CANNOT_MESSAGE_USER


class Learning:
    """The Discord side of the lessons: /colt learn and the lessons' buttons (cogs.colt routes both here)."""

    def __init__(self, lessons: Lessons, readers: Readers, pictures: Pictures) -> None:
        self.lessons, self.readers, self.pictures = lessons, readers, pictures

    # --- /colt learn -----------------------------------------------------------------------------

    async def learn(self, interaction: discord.Interaction, topic: str | None) -> None:
        """Resume the person's lesson where it stopped (offering to start it over), or begin one."""
        lang = await self.readers.seen(interaction)
        await interaction.response.defer(ephemeral=True, thinking=True)
        current = await self.lessons.under_way(interaction.user.id)
        if current is not None and topic in (None, current.topic):
            screen, told = current, lang.text("lesson.resumed", topic=lang.text(f"lesson.topic.{current.topic}"))
            offer = discord.ui.View(timeout=None)
            offer.add_item(LessonButton(current.lesson_id, current.step, f"anew:{current.topic}",
                                        label=lang.text("lesson.button.start-over"),
                                        style=discord.ButtonStyle.secondary))
        else:
            screen, told, offer = await self.lessons.begin(interaction.user.id, topic or "base"), "", None
        where = await self._deliver(interaction, screen, lang)
        await interaction.followup.send(told or where, view=offer or discord.utils.MISSING, ephemeral=True)

    async def _deliver(self, interaction: discord.Interaction, screen: Screen, lang: Language) -> str:
        """The screen in the person's DMs, else in a private thread of this channel; what to tell them."""
        try:
            dm = await interaction.user.create_dm()
            await self.post(dm, screen, lang)
            return lang.text("lesson.in-dm")
        except discord.HTTPException as error:
            if not _discord_closed(error):
                raise
        thread = await self._private_thread(interaction, lang.text(f"lesson.topic.{screen.topic}"))
        if thread is None:
            return lang.text("lesson.dm-closed")
        await self.post(thread, screen, lang)
        return lang.text("lesson.in-thread", thread=thread.mention)

    @staticmethod
    async def _private_thread(interaction: discord.Interaction, name: str) -> discord.Thread | None:
        """A private thread for the lesson, its learner added; None where the bot may not open one."""
        channel = interaction.channel
        if not isinstance(channel, discord.TextChannel):
            return None
        with contextlib.suppress(discord.HTTPException):
            thread = await channel.create_thread(name=name[:100],
                                                 type=discord.ChannelType.private_thread, invitable=False)
            await thread.add_user(interaction.user)
            return thread
        return None

    async def show_again(self, client: discord.Client) -> None:
        """In a simulated Discord that starts empty (the local table), each lesson under way is sent
        again to its learner's DMs, where it stopped (its old messages are gone with the old world)."""
        for user_id, screen in await self.lessons.all_under_way():
            with contextlib.suppress(discord.HTTPException):
                user = await client.fetch_user(user_id)
                await self.post(await user.create_dm(), screen, await self.readers.of_user(user_id))

    # --- a lesson's buttons ----------------------------------------------------------------------

    async def on_click(self, interaction: discord.Interaction, lesson_id: int, step: int, what: str) -> None:
        lang = await self.readers.seen(interaction)
        user = interaction.user.id
        try:
            if what == "hint":
                await self._hint(interaction, lesson_id, step, lang)
                return
            if what.startswith("anew:"):
                screen = await self.lessons.start_over(lesson_id, user, what.partition(":")[2])
                await interaction.response.defer()  # the offer becomes where the new lesson is
                await interaction.edit_original_response(content=await self._deliver(interaction, screen, lang),
                                                         view=None)
                return
            if what != "next" and not what.startswith("a:"):
                raise TableError("error.unknown-button")
            following = await self.lessons.take(lesson_id, user, step, None if what == "next" else what[2:])
        except TableError as error:  # a wrong answer's gentle correction among them: the step stays
            await say(interaction, error.text(lang))
            return
        await interaction.response.edit_message(view=None)  # this step is done
        try:
            await self.post(interaction.channel or await interaction.user.create_dm(), following, lang)
        except discord.HTTPException as error:  # DMs closed since: the lesson is stored, /colt learn resumes it
            if not _discord_closed(error):
                raise
            await interaction.followup.send(lang.text("lesson.dm-closed"), ephemeral=True)

    async def _hint(self, interaction: discord.Interaction, lesson_id: int, step: int, lang: Language) -> None:
        """💡: the hard bandit's pick from the learner's own view, and why, to the learner alone."""
        await interaction.response.defer(ephemeral=True, thinking=True)
        tip = await self.lessons.hint(lesson_id, interaction.user.id, step)
        await interaction.followup.send(hint_text(tip, lang), ephemeral=True)

    # --- a screen as a message -------------------------------------------------------------------

    async def post(self, channel: discord.abc.Messageable, screen: Screen, lang: Language) -> discord.Message:
        if screen.wait == OVER:
            picture = await self.pictures.scoreboard(screen.view, lang)
        elif screen.say is None and screen.decision == "plan":  # the game's own prompt, as in a game's DMs:
            picture = await self.pictures.planning(screen.view, lang)  # the hand, the train, the pile
        elif screen.say is None:
            picture = await self.pictures.choice(screen.view, lang)  # the options ringed
        else:
            picture = await self.pictures.lesson(screen.view, screen.marks, lang)
        file = discord.File(io.BytesIO(picture.data), "lesson.png",
                            description=picture.description[:DESCRIPTION_LIMIT])
        return await channel.send(words(screen, lang)[:CONTENT_LIMIT], file=file, view=buttons(screen, lang))


def hint_text(tip: Hint, lang: Language) -> str:
    """💡, the answer and why; a reason that names the answer first ("Rob: a purse lies …") is enough."""
    answer, reason = texts.answer_label(lang, tip.answer), reason_text(tip.reason, tip.fields, lang)
    return f"💡 {reason}" if reason.startswith(answer) else lang.text("lesson.hint", answer=answer, reason=reason)


def words(screen: Screen, lang: Language) -> str:
    """A screen's text: the step's words, the game's own question, or the final count and what next."""
    if screen.wait == OVER:
        lines = [winners_line(screen.view, lang), place_line(screen.view, int(screen.view["viewer"]), lang),
                 "", lang.text("lesson.over")]
        if screen.next_topics:
            lines.append(lang.text("lesson.next-topics", topics=", ".join(
                f"**{lang.text(f'lesson.topic.{topic}')}**" for topic in screen.next_topics)))
        return "\n".join(lines)
    if screen.say is not None:
        told = step_text(screen.say, screen.fields, lang)
        return told if screen.wait == NEXT or screen.decision is None else \
            f"{told}\n\n**{texts.question(lang, screen.decision, screen.view)}**"
    assert screen.decision is not None
    return f"**{texts.question(lang, screen.decision, screen.view)}**"


def buttons(screen: Screen, lang: Language) -> discord.ui.View:
    """Next, or the answers the step takes (each once), and 💡 on a decision."""
    view = discord.ui.View(timeout=None)
    if screen.wait == NEXT:
        view.add_item(LessonButton(screen.lesson_id, screen.step, NEXT, label=lang.text("lesson.button.next"),
                                   style=discord.ButtonStyle.success))
    elif screen.wait == ANSWER:
        named = texts.cards_named(screen.view, screen.view["viewer"])
        for answer in screen.answers[:BUTTONS]:
            view.add_item(LessonButton(screen.lesson_id, screen.step, f"a:{answer}",
                                       label=texts.answer_label(lang, answer, named, screen.view)))
    if screen.wait == ANSWER and screen.decision is not None:
        view.add_item(LessonButton(screen.lesson_id, screen.step, "hint", label=lang.text("lesson.button.hint"),
                                   style=discord.ButtonStyle.secondary, emoji="💡"))
    return view


