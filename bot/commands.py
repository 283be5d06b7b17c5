"""Slash commands built from the game kits: `/play <game>` with the engine's options, and
commands with a `game` choice (`/rules`, `/leaderboard`)."""

from __future__ import annotations

import inspect
from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass, replace
from typing import Any

import discord
from discord import app_commands

from catalogue import ENGLISH, language, tr_in
from games import Option

from .kits import GameKit
from .model import LEVELS
from .translation import command_word

Opener = Callable[[discord.Interaction, GameKit, list[Any], dict, "Seating"], Awaitable[None]]


@dataclass(frozen=True)
class Seating:
    """How `/play` fills the seats besides the members it names."""

    computers: int = 0
    open_seats: int = 0
    level: str = "normal"
    hints: bool = False

    def seats_with(self, kit: GameKit, members: int) -> Seating:
        """Seats short of the game's minimum go to computer players: `/play mars` alone is a
        match against the computer."""
        short = kit.engine.min_players - (1 + members + self.computers + self.open_seats)
        return replace(self, computers=self.computers + max(0, short))


def _is_flag(option: Option) -> bool:
    return set(option.choices) == {False, True}


def opponent_names(kit: GameKit) -> list[str]:
    """The member options of `/play <game>`: `opponent` for 2-player games, else numbered."""
    count = kit.engine.max_players - 1
    return ["opponent"] if count == 1 else [f"opponent{i + 1}" for i in range(count)]


SEATING_OPTIONS = ("computers", "open_seats", "level", "hints")


def play_command(kit: GameKit, open_lobby: Opener) -> app_commands.Command:
    """`/play <game>`: members to invite, computer players and open seats, then the engine's
    options with their own names, choices, labels and descriptions (a choice left out takes the
    engine's default)."""
    engine = kit.engine
    names = opponent_names(kit)
    parameters = [
        inspect.Parameter(
            "interaction", inspect.Parameter.POSITIONAL_OR_KEYWORD, annotation=discord.Interaction
        )
    ]

    def optional(name: str, annotation: Any) -> None:
        parameters.append(
            inspect.Parameter(name, inspect.Parameter.KEYWORD_ONLY, annotation=annotation, default=None)
        )

    descriptions: dict[str, str] = {}
    for index, name in enumerate(names):
        optional(name, discord.Member | None)
        if len(names) == 1:
            descriptions[name] = "The member to invite (none: play the computer)"
        elif index == 0:
            descriptions[name] = "A member to invite (seats nobody takes go to computer players)"
        else:
            descriptions[name] = f"Another member to invite, for {index + 2} players"
    others = range(engine.max_players)  # seats besides the host's, counted from 0
    choices: dict[str, list[app_commands.Choice[str]]] = {
        "computers": [app_commands.Choice(name=str(n), value=str(n)) for n in others],
        "open_seats": [app_commands.Choice(name=str(n), value=str(n)) for n in others if n],
        "level": [app_commands.Choice(name=level, value=level) for level in LEVELS],
    }
    for name in ("computers", "open_seats", "level"):
        optional(name, str | None)
    optional("hints", bool | None)
    descriptions |= {
        "computers": "How many computer players to add",
        "open_seats": "Seats any member may join with a button (the host can fill them with computers)",
        "level": "How well the computer players play (default: normal)",
        "hints": "Let players ask for a suggested move on their turn (default: no; the record notes them)",
    }
    for option in engine.options:
        annotation = bool | None if _is_flag(option) else str | None
        parameters.append(
            inspect.Parameter(
                option.name, inspect.Parameter.KEYWORD_ONLY, annotation=annotation, default=None
            )
        )
        descriptions[option.name] = option.description
        if not _is_flag(option):
            with_default = f"{option.description} (default: {option.label(option.default)})"
            if len(with_default) <= 100:  # Discord's limit; the default is a courtesy
                descriptions[option.name] = with_default
            choices[option.name] = [
                app_commands.Choice(name=option.label(c), value=str(c)) for c in option.choices
            ]

    async def callback(interaction: discord.Interaction, **given: Any) -> None:
        players = [given[name] for name in names]
        seating = Seating(
            computers=int(given["computers"] or 0),
            open_seats=int(given["open_seats"] or 0),
            level=given["level"] or "normal",
            hints=bool(given["hints"]),
        )
        options = {}
        for option in engine.options:
            value = given[option.name]
            if value is not None:
                options[option.name] = (
                    value if _is_flag(option) else next(c for c in option.choices if str(c) == value)
                )
        await open_lobby(interaction, kit, players, options, seating)

    callback.__signature__ = inspect.Signature(parameters)  # type: ignore[attr-defined]
    callback = app_commands.describe(**descriptions)(callback)
    if choices:
        callback = app_commands.choices(**choices)(callback)
    description = f"{kit.title}: {kit.tagline}, {kit.players_in(ENGLISH)}"
    return app_commands.Command(name=kit.id, description=description[:100], callback=callback)


def play_usage(kit: GameKit, locale: discord.Locale | str | None = None) -> str:
    """`/play flood [opponent1] [opponent2] [opponent3]`, for /help (the seating options every
    game shares are explained once), with the names members with `locale` see."""
    lang = language(locale)
    members = " ".join(f"[{command_word(name, lang)}]" for name in opponent_names(kit))
    options = f" {tr_in('help.options', lang)}" if kit.engine.options else ""
    return f"`/{command_word('play', lang)} {kit.id} {members}{options}`"


def game_command(
    name: str,
    description: str,
    kits: Mapping[str, GameKit],
    run: Callable[[discord.Interaction, GameKit], Awaitable[None]],
    *,
    guild_only: bool = False,
) -> app_commands.Command:
    """A command with one required `game` option whose choices are the kits."""

    async def callback(interaction: discord.Interaction, game: app_commands.Choice[str]) -> None:
        await run(interaction, kits[game.value])

    callback = app_commands.describe(game="Which game")(callback)
    callback = app_commands.choices(
        game=[app_commands.Choice(name=kit.title, value=kit.id) for kit in kits.values()]
    )(callback)
    command = app_commands.Command(name=name, description=description, callback=callback)
    command.guild_only = guild_only
    return command
