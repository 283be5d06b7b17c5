"""Restart-proof buttons and selects.

A custom_id is `m1:<match id>:<version>:<kind>[:<argument>]`. It is only a claim — "this user
clicked *kind* on *this version* of *this match*" — checked against the database by the
handler; no state lives in the component. Because the items are `DynamicItem`s registered at
start-up, every button keeps working after a restart.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import discord

PREFIX = "m1"
MAX_CUSTOM_ID = 100

# Buttons: acc/dec answer a lobby, play opens the move prompt, hand shows the player's secrets,
# act applies the action in the argument, resign/cancel confirm ending a match, rematch asks for
# one. Selects: pick chooses a step of a multi-part action (the argument carries the steps chosen
# so far); do applies the chosen option's action.
BUTTON_KINDS = ("acc", "dec", "play", "hand", "act", "resign", "cancel", "rematch")
SELECT_KINDS = ("pick", "do")
ARGUMENT = r"[A-Za-z0-9 +\-:/@^=>]{1,60}"  # every game's action notation fits; anything else is no claim


@dataclass(frozen=True)
class Claim:
    match_id: int
    version: int
    kind: str
    argument: str = ""

    @property
    def custom_id(self) -> str:
        text = f"{PREFIX}:{self.match_id}:{self.version}:{self.kind}"
        if self.argument:
            if not re.fullmatch(ARGUMENT, self.argument):
                raise ValueError(f"argument {self.argument!r} cannot be carried in a custom_id")
            text += f":{self.argument}"
        if len(text) > MAX_CUSTOM_ID:
            raise ValueError(f"custom_id too long: {text!r}")
        return text

    @classmethod
    def from_match(cls, match: re.Match) -> Claim:
        return cls(int(match["match"]), int(match["version"]), match["kind"], match["argument"] or "")


def _template(kinds: tuple[str, ...]) -> str:
    return (
        rf"{PREFIX}:(?P<match>[0-9]{{1,18}}):(?P<version>[0-9]{{1,9}}):(?P<kind>{'|'.join(kinds)})"
        rf"(?::(?P<argument>{ARGUMENT}))?"
    )


class MatchButton(discord.ui.DynamicItem[discord.ui.Button], template=_template(BUTTON_KINDS)):
    def __init__(
        self,
        claim: Claim,
        *,
        label: str,
        style: discord.ButtonStyle = discord.ButtonStyle.secondary,
        row: int | None = None,
        disabled: bool = False,
    ) -> None:
        super().__init__(
            discord.ui.Button(label=label, style=style, custom_id=claim.custom_id, row=row, disabled=disabled)
        )
        self.claim = claim

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Button, match: re.Match
    ) -> MatchButton:
        return cls(Claim.from_match(match), label=item.label or "", style=item.style)

    async def callback(self, interaction: discord.Interaction) -> None:
        await interaction.client.arcade.on_component(interaction, self.claim, [])


class MatchSelect(discord.ui.DynamicItem[discord.ui.Select], template=_template(SELECT_KINDS)):
    def __init__(
        self,
        claim: Claim,
        *,
        options: list[discord.SelectOption] | None = None,
        placeholder: str | None = None,
        row: int | None = None,
    ) -> None:
        super().__init__(
            discord.ui.Select(
                custom_id=claim.custom_id, options=options or [], placeholder=placeholder, row=row
            )
        )
        self.claim = claim

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Select, match: re.Match
    ) -> MatchSelect:
        return cls(Claim.from_match(match), options=item.options, placeholder=item.placeholder)

    async def callback(self, interaction: discord.Interaction) -> None:
        values: Any = (interaction.data or {}).get("values", [])
        await interaction.client.arcade.on_component(interaction, self.claim, [str(v) for v in values])


@dataclass
class Prompt:
    """What a player is shown to make their move: text, controls, and optionally a picture.

    `picture` renders the PNG (a pure renderer call, run off the event loop by the caller);
    when it is None the message keeps the picture it has (or shows the player's hand)."""

    text: str
    items: list[discord.ui.Item] = field(default_factory=list)
    picture: Callable[[], bytes] | None = None


def view_of(items: list[discord.ui.Item]) -> discord.ui.View | None:
    """A persistent view holding `items` (None when there are none, which removes components)."""
    if not items:
        return None
    view = discord.ui.View(timeout=None)
    for item in items:
        view.add_item(item)
    return view
