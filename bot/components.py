"""Restart-proof buttons and selects.

A custom_id is `m1:<match id>:<version>:<kind>[:<argument>]`. It is only a claim — "this user
clicked *kind* on *this version* of *this match*" — checked against the database by the
handler; no state lives in the component. Because the items are `DynamicItem`s registered at
start-up, every button keeps working after a restart.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any, Protocol, cast

import discord

from catalogue import language, speak, speaking, tr

from .discord_io import tell

log = logging.getLogger(__name__)

PREFIX = "m1"
MAX_CUSTOM_ID = 100

# Buttons: acc/dec answer a lobby, join takes an open seat, fill gives the seats left to computer
# players and starts; play opens the move prompt, hand shows the player's secrets, act applies the
# action in the argument, hint suggests a move; resign/cancel/handover confirm leaving or ending a
# match, sub/end vote on a seat its player left; rematch asks for one; agree/refuse answer a
# take-back or draw request; log turns a page of the match's history (the argument is the page);
# step chooses the first part of a two-step action (a piece, then its square: the argument); words
# tells the clicker the position in words.
# Selects: pick chooses a step of a multi-part action (the argument carries the steps chosen so
# far); do applies the chosen option's action.
BUTTON_KINDS = (
    "acc",
    "dec",
    "join",
    "fill",
    "play",
    "hand",
    "act",
    "hint",
    "playon",
    "moves",
    "resign",
    "cancel",
    "handover",
    "sub",
    "end",
    "rematch",
    "log",
    "agree",
    "refuse",
    "step",
    "words",
)
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


Handler = Callable[[discord.Interaction, "Claim", list[str]], Awaitable[None]]


class ClaimRouter:
    """Sends each clicked claim to the handler registered for its kind (by the cogs, at start),
    speaking the clicking user's language (`language_of`) while it is handled."""

    def __init__(self, language_of: Callable[[discord.Interaction], Awaitable[str]] | None = None) -> None:
        self._handlers: dict[str, Handler] = {}
        self.language_of = language_of

    def register(self, handler: Handler, *kinds: str) -> None:
        for kind in kinds:
            if kind in self._handlers:
                raise ValueError(f"two handlers for {kind!r}")
            self._handlers[kind] = handler

    async def dispatch(self, interaction: discord.Interaction, claim: Claim, values: list[str]) -> None:
        try:
            if self.language_of is not None:
                speak(await self.language_of(interaction))
            await self._handlers[claim.kind](interaction, claim, values)
        except Exception:
            log.exception("Handling %s for match %s failed", claim.kind, claim.match_id)
            await tell(interaction, tr("Something went wrong on my side. Please try again in a moment."))


class _Routed(Protocol):
    router: ClaimRouter


def _router(interaction: discord.Interaction) -> ClaimRouter:
    return cast(_Routed, interaction.client).router


class _Refusable:
    """A claim's item that `from_custom_id` may find forged: made from a component of the wrong
    type for its kind (a button carrying a select's kind, or the reverse). discord.py then hands it
    no click, and `answer_unknown_component` answers the member. (Raising in `from_custom_id`
    instead would have discord.py log a traceback at ERROR for every forged click.)"""

    forged = False

    async def interaction_check(self, interaction: discord.Interaction) -> bool:
        return not self.forged


class MatchButton(_Refusable, discord.ui.DynamicItem[discord.ui.Button], template=_template(BUTTON_KINDS)):
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
        cls, interaction: discord.Interaction, item: discord.ui.Item, match: re.Match
    ) -> MatchButton:
        if not isinstance(item, discord.ui.Button):  # a select forged with a button's kind
            forged = cls(Claim.from_match(match), label="")
            forged.forged = True
            return forged
        return cls(Claim.from_match(match), label=item.label or "", style=item.style)

    async def callback(self, interaction: discord.Interaction) -> None:
        await _router(interaction).dispatch(interaction, self.claim, [])


class MatchSelect(_Refusable, discord.ui.DynamicItem[discord.ui.Select], template=_template(SELECT_KINDS)):
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
        cls, interaction: discord.Interaction, item: discord.ui.Item, match: re.Match
    ) -> MatchSelect:
        if not isinstance(item, discord.ui.Select):  # a button or other select forged with a select's kind
            forged = cls(Claim.from_match(match))
            forged.forged = True
            return forged
        return cls(Claim.from_match(match), options=item.options, placeholder=item.placeholder)

    async def callback(self, interaction: discord.Interaction) -> None:
        values: Any = (interaction.data or {}).get("values", [])
        await _router(interaction).dispatch(interaction, self.claim, [str(v) for v in values])


TOURNAMENT_PREFIX = "t1"
TOURNAMENT_KINDS = ("join", "leave", "sitout")  # sign up, take it back, sit out the round after this one
TOURNAMENT_TEMPLATE = rf"{TOURNAMENT_PREFIX}:(?P<tournament>[0-9]{{1,18}}):(?P<kind>{'|'.join(TOURNAMENT_KINDS)})(?::(?P<round>[0-9]{{1,4}}))?"


class TournamentButton(discord.ui.DynamicItem[discord.ui.Button], template=TOURNAMENT_TEMPLATE):
    """A tournament's button: `t1:<tournament id>:<kind>[:<round>]`, a claim the tournaments' cog
    checks against the database."""

    def __init__(
        self,
        tournament_id: int,
        kind: str,
        round_number: int | None = None,
        *,
        label: str = "",
        style: discord.ButtonStyle = discord.ButtonStyle.secondary,
    ) -> None:
        custom_id = f"{TOURNAMENT_PREFIX}:{tournament_id}:{kind}" + (
            f":{round_number}" if round_number is not None else ""
        )
        super().__init__(discord.ui.Button(label=label, style=style, custom_id=custom_id))
        self.tournament_id, self.kind, self.round_number = tournament_id, kind, round_number

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item, match: re.Match
    ) -> TournamentButton:
        round_number = int(match["round"]) if match["round"] else None
        return cls(
            int(match["tournament"]), match["kind"], round_number, label=getattr(item, "label", "") or ""
        )

    async def interaction_check(self, interaction: discord.Interaction) -> bool:
        return isinstance(self.item, discord.ui.Button) and interaction.data.get("component_type") == 2

    async def callback(self, interaction: discord.Interaction) -> None:
        await cast(Any, interaction.client).get_cog("Tournaments").clicked(interaction, self)


def view_of(items: list[discord.ui.Item]) -> discord.ui.View | None:
    """A persistent view holding `items` (None when there are none, which removes components)."""
    if not items:
        return None
    view = discord.ui.View(timeout=None)
    for item in items:
        view.add_item(item)
    return view


BUTTON_TEMPLATE, SELECT_TEMPLATE = (re.compile(_template(kinds)) for kinds in (BUTTON_KINDS, SELECT_KINDS))
# The only component each template is a claim on (as MatchButton and MatchSelect check).
TEMPLATE_OF_COMPONENT = {
    discord.ComponentType.button.value: BUTTON_TEMPLATE,
    discord.ComponentType.string_select.value: SELECT_TEMPLATE,
}


def claim_of(custom_id: str) -> Claim | None:
    """The claim a custom_id makes, or None when it is none of ours."""
    for template in (BUTTON_TEMPLATE, SELECT_TEMPLATE):
        if found := template.fullmatch(custom_id):
            return Claim.from_match(found)
    return None


async def answer_unknown_component(interaction: discord.Interaction) -> None:
    """Answer a click whose custom_id is no claim of ours (an old format, a garbled id, a button's
    kind on a select) privately, instead of leaving Discord to say "This interaction failed"."""
    if interaction.type is not discord.InteractionType.component:
        return
    data = interaction.data or {}
    template = TEMPLATE_OF_COMPONENT.get(data.get("component_type"))
    custom_id = str(data.get("custom_id", ""))
    if template is not None and template.fullmatch(custom_id):
        return
    if data.get("component_type") == discord.ComponentType.button.value and re.fullmatch(
        TOURNAMENT_TEMPLATE, custom_id
    ):
        return
    with speaking(language(interaction.locale)):
        await tell(
            interaction, tr("This button is no longer in use. Look for the latest message of your match.")
        )
