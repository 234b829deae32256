"""Buttons and selects that survive restarts: their custom ids carry the game, the decision step
and the answer, and the cog looks everything else up in storage (discord.ui.DynamicItem)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

import discord

if TYPE_CHECKING:
    from cogs.colt import Colt


def valid_id(number: int) -> bool:
    """Whether a number from a custom id can be a game's id or step: a crafted one may not fit the
    database's integers (it is then refused like any stale click)."""
    return 0 <= number < 2**63


def _cog(interaction: discord.Interaction) -> Colt:
    cog = interaction.client.get_cog("Colt")  # type: ignore[attr-defined]
    assert cog is not None
    return cog  # type: ignore[no-any-return]


class AnswerButton(discord.ui.DynamicItem[discord.ui.Button[Any]],
                   template=r"colt:a:(?P<game>[0-9]+):(?P<step>[0-9]+):(?P<answer>.+)"):
    """One legal answer to one decision of one game."""

    def __init__(self, game_id: int, step: int, answer: str, *, label: str = "?",
                 style: discord.ButtonStyle = discord.ButtonStyle.primary, disabled: bool = False) -> None:
        super().__init__(discord.ui.Button(
            label=label[:80], style=style, disabled=disabled, custom_id=f"colt:a:{game_id}:{step}:{answer}"[:100],
        ))
        self.game_id, self.step, self.answer = game_id, step, answer

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Button[Any],
                             match: Any) -> AnswerButton:
        return cls(int(match["game"]), int(match["step"]), match["answer"])

    async def callback(self, interaction: discord.Interaction) -> None:
        await _cog(interaction).on_answer(interaction, self.game_id, self.step, self.answer)


class LobbyButton(discord.ui.DynamicItem[discord.ui.Button[Any]],
                  template=r"colt:l:(?P<game>[0-9]+):(?P<action>join|leave|start|cancel|teams|events|drawall)"):
    STYLES: ClassVar[dict[str, discord.ButtonStyle]] = {
        "join": discord.ButtonStyle.success,
        "leave": discord.ButtonStyle.secondary,
        "start": discord.ButtonStyle.primary,
        "cancel": discord.ButtonStyle.danger,
        "teams": discord.ButtonStyle.secondary,  # the host draws the teams (V-4)
        "events": discord.ButtonStyle.secondary,  # the host chooses the events (M-40)
        "drawall": discord.ButtonStyle.secondary,  # … or lets them be drawn from all again
    }

    def __init__(self, game_id: int, action: str, label: str = "?") -> None:
        super().__init__(discord.ui.Button(label=label, style=self.STYLES[action],
                                           custom_id=f"colt:l:{game_id}:{action}"))
        self.game_id, self.action = game_id, action

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Button[Any],
                             match: Any) -> LobbyButton:
        return cls(int(match["game"]), match["action"])

    async def callback(self, interaction: discord.Interaction) -> None:
        await _cog(interaction).on_lobby_button(interaction, self.game_id, self.action)


class LobbySelect(discord.ui.DynamicItem[discord.ui.Select[Any]],
                  template=r"colt:o:(?P<game>[0-9]+):(?P<name>[a-z]+)"):
    """The character select (name "character") and the option selects of a lobby."""

    def __init__(self, game_id: int, name: str, options: list[discord.SelectOption] | None = None,
                 placeholder: str = "", max_values: int = 1, min_values: int | None = None) -> None:
        super().__init__(discord.ui.Select(
            custom_id=f"colt:o:{game_id}:{name}", options=options or [discord.SelectOption(label="-")],
            placeholder=placeholder, max_values=max_values,
            min_values=min_values if min_values is not None else 0 if max_values > 1 else 1,
        ))
        self.game_id, self.name = game_id, name

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Select[Any],
                             match: Any) -> LobbySelect:
        return cls(int(match["game"]), match["name"])

    async def callback(self, interaction: discord.Interaction) -> None:
        values = list((interaction.data or {}).get("values", []))  # type: ignore[union-attr]
        await _cog(interaction).on_lobby_select(interaction, self.game_id, self.name, values)


class HandButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"colt:h:(?P<game>[0-9]+)"):
    """"Show my hand" in the game channel: the same buttons as the DM, ephemeral."""

    def __init__(self, game_id: int, label: str = "?") -> None:
        super().__init__(discord.ui.Button(
            label=label, style=discord.ButtonStyle.secondary, custom_id=f"colt:h:{game_id}", emoji="🂠",
        ))
        self.game_id = game_id

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Button[Any],
                             match: Any) -> HandButton:
        return cls(int(match["game"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await _cog(interaction).on_show_hand(interaction, self.game_id)


class BackButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"colt:b:(?P<game>[0-9]+)"):
    """"I'm back": an absent player takes their bandit back from the AI."""

    def __init__(self, game_id: int, label: str = "?") -> None:
        super().__init__(discord.ui.Button(
            label=label, style=discord.ButtonStyle.success, custom_id=f"colt:b:{game_id}", emoji="👋",
        ))
        self.game_id = game_id

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Button[Any],
                             match: Any) -> BackButton:
        return cls(int(match["game"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await _cog(interaction).on_back(interaction, self.game_id)


class HelpButton(discord.ui.DynamicItem[discord.ui.Button[Any]],
                 template=r"colt:\?:(?P<game>[0-9]+):(?P<step>[0-9]+)"):
    """"Help" on a DM prompt: what each offered answer does (or, once the step is past, each card
    of the clicker's hand), only to the clicker."""

    def __init__(self, game_id: int, step: int, label: str = "?") -> None:
        super().__init__(discord.ui.Button(
            label=label[:80], style=discord.ButtonStyle.secondary, custom_id=f"colt:?:{game_id}:{step}",
        ))
        self.game_id, self.step = game_id, step

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Button[Any],
                             match: Any) -> HelpButton:
        return cls(int(match["game"]), int(match["step"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await _cog(interaction).on_help(interaction, self.game_id, self.step)


class AbandonButton(discord.ui.DynamicItem[discord.ui.Button[Any]],
                    template=r"colt:x:(?P<game>[0-9]+):(?P<user>[0-9]+):(?P<choice>yes|no)"):
    """The confirmation of /colt abandon (``yes``) or keeping the game (``no``), for the person who
    asked only: their id is in the button's."""

    def __init__(self, game_id: int, user_id: int, choice: str, label: str = "?") -> None:
        style = discord.ButtonStyle.danger if choice == "yes" else discord.ButtonStyle.secondary
        super().__init__(discord.ui.Button(label=label[:80], style=style,
                                           custom_id=f"colt:x:{game_id}:{user_id}:{choice}"))
        self.game_id, self.user_id, self.choice = game_id, user_id, choice

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Button[Any],
                             match: Any) -> AbandonButton:
        return cls(int(match["game"]), int(match["user"]), match["choice"])

    async def callback(self, interaction: discord.Interaction) -> None:
        await _cog(interaction).on_abandon(interaction, self.game_id, self.user_id, self.choice == "yes")


DYNAMIC_ITEMS = (AnswerButton, LobbyButton, LobbySelect, HandButton, BackButton, HelpButton, AbandonButton)
