"""Buttons and selects that survive restarts: their custom ids carry the game, the decision step
and the answer, and the cog looks everything else up in storage (discord.ui.DynamicItem)."""

from __future__ import annotations

import functools
from typing import Any, ClassVar, Protocol

import discord

from cogs.tree import tell

# A number in an id (a game, a step, a person): ASCII digits only ([0-9], where \d would take "٣"
# or "３" too), and no more than a 64-bit integer's 19, so that reading it can never fail.
NUMBER = "[0-9]{1,19}"


def valid_id(number: int) -> bool:
    """Whether a number from a custom id can be a game's id, a step or a person's id: a crafted one
    may not fit the database's integers (it is then refused like an id the bot never made)."""
    return 0 <= number < 2**63


class Handlers(Protocol):
    """What a click asks of the cog that handles it (cogs.colt ``Colt``), by the item clicked."""

    async def refuse_click(self, interaction: discord.Interaction) -> None: ...
    async def on_answer(self, interaction: discord.Interaction, game_id: int, step: int, answer: str) -> None: ...
    async def on_lobby_button(self, interaction: discord.Interaction, game_id: int, action: str) -> None: ...
    async def on_lobby_select(self, interaction: discord.Interaction, game_id: int, name: str,
                              values: list[str]) -> None: ...
    async def on_show_hand(self, interaction: discord.Interaction, game_id: int) -> None: ...
    async def on_back(self, interaction: discord.Interaction, game_id: int) -> None: ...
    async def on_help(self, interaction: discord.Interaction, game_id: int, step: int) -> None: ...
    async def on_hint(self, interaction: discord.Interaction, game_id: int, step: int) -> None: ...
    async def on_review(self, interaction: discord.Interaction, game_id: int) -> None: ...
    async def on_abandon(self, interaction: discord.Interaction, game_id: int, user_id: int,
                         confirmed: bool) -> None: ...
    async def on_lesson(self, interaction: discord.Interaction, lesson_id: int, step: int, what: str) -> None: ...


def _cog(interaction: discord.Interaction) -> Handlers:
    cog = interaction.client.get_cog("Colt")  # type: ignore[attr-defined]
    assert cog is not None
    return cog  # type: ignore[no-any-return]


def _told_on_failure(callback: Any) -> Any:
    """A click whose handling fails is told so (discord.py would only log it, and the person would
    wait on a spinner), then the failure goes on to discord.py's log."""
    @functools.wraps(callback)
    async def told(self: Any, interaction: discord.Interaction) -> None:
        try:
            await callback(self, interaction)
        except Exception:
            await tell(interaction, "error.failed")
            raise

    return told


class _Numbered:
    """The numbers an item's id carries, checked before its callback: 19 digits may still be more
    than the database's integers hold, and such a click is refused as an id the bot never made."""

    numbers: tuple[int, ...] = ()

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if "callback" in cls.__dict__:
            cls.callback = _told_on_failure(cls.__dict__["callback"])  # type: ignore[method-assign]

    async def interaction_check(self, interaction: discord.Interaction, /) -> bool:
        if all(valid_id(number) for number in self.numbers):
            return True
        await _cog(interaction).refuse_click(interaction)
        return False


class AnswerButton(_Numbered, discord.ui.DynamicItem[discord.ui.Button[Any]],
                   template=rf"colt:a:(?P<game>{NUMBER}):(?P<step>{NUMBER}):(?P<answer>.+)"):
    """One legal answer to one decision of one game."""

    def __init__(self, game_id: int, step: int, answer: str, *, label: str = "?",
                 style: discord.ButtonStyle = discord.ButtonStyle.primary, disabled: bool = False) -> None:
        super().__init__(discord.ui.Button(
            label=label[:80], style=style, disabled=disabled, custom_id=f"colt:a:{game_id}:{step}:{answer}"[:100],
        ))
        self.game_id, self.step, self.answer = game_id, step, answer
        self.numbers = (game_id, step)

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Button[Any],
                             match: Any) -> AnswerButton:
        return cls(int(match["game"]), int(match["step"]), match["answer"])

    async def callback(self, interaction: discord.Interaction) -> None:
        await _cog(interaction).on_answer(interaction, self.game_id, self.step, self.answer)


class LobbyButton(_Numbered, discord.ui.DynamicItem[discord.ui.Button[Any]],
                  template=rf"colt:l:(?P<game>{NUMBER}):(?P<action>[a-z]+)"):
    """A lobby's button: join, leave, start, cancel, or a part's own (cogs.hooks ``lobby_buttons``:
    the teams drawn, V-4.1; the events chosen, M-40), grey; the cog refuses an action nobody has."""

    STYLES: ClassVar[dict[str, discord.ButtonStyle]] = {
        "join": discord.ButtonStyle.success,
        "leave": discord.ButtonStyle.secondary,
        "start": discord.ButtonStyle.primary,
        "cancel": discord.ButtonStyle.danger,
    }

    def __init__(self, game_id: int, action: str, label: str = "?") -> None:
        super().__init__(discord.ui.Button(label=label, style=self.STYLES.get(action, discord.ButtonStyle.secondary),
                                           custom_id=f"colt:l:{game_id}:{action}"))
        self.game_id, self.action = game_id, action
        self.numbers = (game_id,)

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Button[Any],
                             match: Any) -> LobbyButton:
        return cls(int(match["game"]), match["action"])

    async def callback(self, interaction: discord.Interaction) -> None:
        await _cog(interaction).on_lobby_button(interaction, self.game_id, self.action)


class LobbySelect(_Numbered, discord.ui.DynamicItem[discord.ui.Select[Any]],
                  template=rf"colt:o:(?P<game>{NUMBER}):(?P<name>[a-z]+)"):
    """The character select (name "character") and the option selects of a lobby."""

    def __init__(self, game_id: int, name: str, options: list[discord.SelectOption] | None = None,
                 placeholder: str = "", max_values: int = 1, min_values: int | None = None) -> None:
        super().__init__(discord.ui.Select(
            custom_id=f"colt:o:{game_id}:{name}", options=options or [discord.SelectOption(label="-")],
            placeholder=placeholder, max_values=max_values,
            min_values=min_values if min_values is not None else 0 if max_values > 1 else 1,
        ))
        self.game_id, self.name = game_id, name
        self.numbers = (game_id,)

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Select[Any],
                             match: Any) -> LobbySelect:
        return cls(int(match["game"]), match["name"])

    async def callback(self, interaction: discord.Interaction) -> None:
        values = list((interaction.data or {}).get("values", []))  # type: ignore[union-attr]
        await _cog(interaction).on_lobby_select(interaction, self.game_id, self.name, values)


class HandButton(_Numbered, discord.ui.DynamicItem[discord.ui.Button[Any]], template=rf"colt:h:(?P<game>{NUMBER})"):
    """"Show my hand" in the game channel: the same buttons as the DM, ephemeral."""

    def __init__(self, game_id: int, label: str = "?") -> None:
        super().__init__(discord.ui.Button(
            label=label, style=discord.ButtonStyle.secondary, custom_id=f"colt:h:{game_id}", emoji="🂠",
        ))
        self.game_id = game_id
        self.numbers = (game_id,)

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Button[Any],
                             match: Any) -> HandButton:
        return cls(int(match["game"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await _cog(interaction).on_show_hand(interaction, self.game_id)


class BackButton(_Numbered, discord.ui.DynamicItem[discord.ui.Button[Any]], template=rf"colt:b:(?P<game>{NUMBER})"):
    """"I'm back": an absent player takes their bandit back from the AI."""

    def __init__(self, game_id: int, label: str = "?") -> None:
        super().__init__(discord.ui.Button(
            label=label, style=discord.ButtonStyle.success, custom_id=f"colt:b:{game_id}", emoji="👋",
        ))
        self.game_id = game_id
        self.numbers = (game_id,)

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Button[Any],
                             match: Any) -> BackButton:
        return cls(int(match["game"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await _cog(interaction).on_back(interaction, self.game_id)


class HelpButton(_Numbered, discord.ui.DynamicItem[discord.ui.Button[Any]],
                 template=rf"colt:\?:(?P<game>{NUMBER}):(?P<step>{NUMBER})"):
    """"Help" on a DM prompt: what each offered answer does (or, once the step is past, each card
    of the clicker's hand), only to the clicker."""

    def __init__(self, game_id: int, step: int, label: str = "?") -> None:
        super().__init__(discord.ui.Button(
            label=label[:80], style=discord.ButtonStyle.secondary, custom_id=f"colt:?:{game_id}:{step}",
        ))
        self.game_id, self.step = game_id, step
        self.numbers = (game_id, step)

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Button[Any],
                             match: Any) -> HelpButton:
        return cls(int(match["game"]), int(match["step"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await _cog(interaction).on_help(interaction, self.game_id, self.step)


class HintButton(_Numbered, discord.ui.DynamicItem[discord.ui.Button[Any]],
                 template=rf"colt:i:(?P<game>{NUMBER}):(?P<step>{NUMBER})"):
    """"💡 Hint" on a DM prompt, when the game allows hints: the hard AI's pick for the decision
    pending at ``step``, from the clicker's own view, only to the clicker (cogs.advice)."""

    def __init__(self, game_id: int, step: int, label: str = "?") -> None:
        super().__init__(discord.ui.Button(
            label=label[:80], style=discord.ButtonStyle.secondary, custom_id=f"colt:i:{game_id}:{step}",
        ))
        self.game_id, self.step = game_id, step
        self.numbers = (game_id, step)

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Button[Any],
                             match: Any) -> HintButton:
        return cls(int(match["game"]), int(match["step"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await _cog(interaction).on_hint(interaction, self.game_id, self.step)


class ReviewButton(_Numbered, discord.ui.DynamicItem[discord.ui.Button[Any]],
                   template=rf"colt:r:(?P<game>{NUMBER})"):
    """"Review my game" on a finished game's last DM: the clicker's biggest mistakes, only to them."""

    def __init__(self, game_id: int, label: str = "?") -> None:
        super().__init__(discord.ui.Button(
            label=label[:80], style=discord.ButtonStyle.primary, custom_id=f"colt:r:{game_id}",
        ))
        self.game_id = game_id
        self.numbers = (game_id,)

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Button[Any],
                             match: Any) -> ReviewButton:
        return cls(int(match["game"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await _cog(interaction).on_review(interaction, self.game_id)


class AbandonButton(_Numbered, discord.ui.DynamicItem[discord.ui.Button[Any]],
                    template=rf"colt:x:(?P<game>{NUMBER}):(?P<user>{NUMBER}):(?P<choice>yes|no)"):
    """The confirmation of /colt abandon (``yes``) or keeping the game (``no``), for the person who
    asked only: their id is in the button's."""

    def __init__(self, game_id: int, user_id: int, choice: str, label: str = "?") -> None:
        style = discord.ButtonStyle.danger if choice == "yes" else discord.ButtonStyle.secondary
        super().__init__(discord.ui.Button(label=label[:80], style=style,
                                           custom_id=f"colt:x:{game_id}:{user_id}:{choice}"))
        self.game_id, self.user_id, self.choice = game_id, user_id, choice
        self.numbers = (game_id, user_id)

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Button[Any],
                             match: Any) -> AbandonButton:
        return cls(int(match["game"]), int(match["user"]), match["choice"])

    async def callback(self, interaction: discord.Interaction) -> None:
        await _cog(interaction).on_abandon(interaction, self.game_id, self.user_id, self.choice == "yes")


class LessonButton(_Numbered, discord.ui.DynamicItem[discord.ui.Button[Any]],
                   template=rf"colt:L:(?P<lesson>{NUMBER}):(?P<step>{NUMBER}):(?P<what>.+)"):
    """A guided lesson's button (/colt learn, cogs.learn): ``next``, ``hint``, ``a:<answer>`` or
    ``anew:<topic>``, at the lesson's stored step; the table refuses an older step or a lesson that
    is someone else's."""

    def __init__(self, lesson_id: int, step: int, what: str, *, label: str = "?",
                 style: discord.ButtonStyle = discord.ButtonStyle.primary, emoji: str | None = None) -> None:
        super().__init__(discord.ui.Button(label=label[:80], style=style, emoji=emoji,
                                           custom_id=f"colt:L:{lesson_id}:{step}:{what}"[:100]))
        self.lesson_id, self.step, self.what = lesson_id, step, what
        self.numbers = (lesson_id, step)

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Button[Any],
                             match: Any) -> LessonButton:
        return cls(int(match["lesson"]), int(match["step"]), match["what"])

    async def callback(self, interaction: discord.Interaction) -> None:
        await _cog(interaction).on_lesson(interaction, self.lesson_id, self.step, self.what)


DYNAMIC_ITEMS = (AnswerButton, LobbyButton, LobbySelect, HandButton, BackButton, HelpButton, HintButton, ReviewButton,
                 AbandonButton, LessonButton)


def is_ours(custom_id: str) -> bool:
    """Whether one of the bot's items takes this id (as discord.py matches them, the whole id):
    discord.py hands such a click to that item, and drops any other without an answer."""
    return any(item.__discord_ui_compiled_template__.fullmatch(custom_id) for item in DYNAMIC_ITEMS)
