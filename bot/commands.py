"""Slash commands built from the game kits: `/play <game>` and `/seek <game>`, both with the
engine's options, and commands with a `game` choice (`/rules`, `/leaderboard`)."""

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
from .model import LEVELS, SETTING_LIMITS
from .translation import command_word

Opener = Callable[[discord.Interaction, GameKit, list[Any], dict, "Seating"], Awaitable[None]]


@dataclass(frozen=True)
class Seating:
    """How `/play` fills the seats besides the members it names (`/seek`: none, every seat but the
    host's open, for `minutes`)."""

    computers: int = 0
    open_seats: int = 0
    level: str = "normal"
    hints: bool = False
    minutes: float | None = None  # how long the invitation stays open; None: the server's setting

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
SEEK_MINUTES = SETTING_LIMITS["open_invite_minutes"]  # how long a /seek may stay open, as the setting


class _Parameters:
    """A command's parameters as they are built: their annotations, descriptions and choices."""

    def __init__(self) -> None:
        self.parameters = [
            inspect.Parameter(
                "interaction", inspect.Parameter.POSITIONAL_OR_KEYWORD, annotation=discord.Interaction
            )
        ]
        self.descriptions: dict[str, str] = {}
        self.choices: dict[str, list[app_commands.Choice[str]]] = {}

    def optional(self, name: str, annotation: Any, description: str, choices: list | None = None) -> None:
        self.parameters.append(
            inspect.Parameter(name, inspect.Parameter.KEYWORD_ONLY, annotation=annotation, default=None)
        )
        self.descriptions[name] = description
        if choices:
            self.choices[name] = choices

    def engine_options(self, kit: GameKit) -> None:
        """The engine's options with their own names, choices, labels and descriptions."""
        for option in kit.engine.options:
            if _is_flag(option):
                self.optional(option.name, bool | None, option.description)
                continue
            with_default = f"{option.description} (default: {option.label(option.default)})"
            self.optional(
                option.name,
                str | None,
                with_default if len(with_default) <= 100 else option.description,  # Discord's limit
                [app_commands.Choice(name=option.label(c), value=str(c)) for c in option.choices],
            )

    def command(self, kit: GameKit, callback: Callable[..., Awaitable[None]]) -> app_commands.Command:
        callback.__signature__ = inspect.Signature(self.parameters)  # type: ignore[attr-defined]
        callback = app_commands.describe(**self.descriptions)(callback)
        if self.choices:
            callback = app_commands.choices(**self.choices)(callback)
        description = f"{kit.title}: {kit.tagline}, {kit.players_in(ENGLISH)}"
        return app_commands.Command(name=kit.id, description=description[:100], callback=callback)


def options_given(kit: GameKit, given: Mapping[str, Any]) -> dict:
    """The engine options a command was given (a choice left out takes the engine's default)."""
    options = {}
    for option in kit.engine.options:
        value = given[option.name]
        if value is not None:
            options[option.name] = (
                value if _is_flag(option) else next(c for c in option.choices if str(c) == value)
            )
    return options


def _computer_options(built: _Parameters) -> None:
    """How well the computer players play and whether hints are allowed: `/play` and `/seek` alike."""
    built.optional(
        "level",
        str | None,
        "How well the computer players play (default: normal)",
        [app_commands.Choice(name=level, value=level) for level in LEVELS],
    )
    built.optional(
        "hints",
        bool | None,
        "Let players ask for a suggested move on their turn (default: no; the record notes them)",
    )


def play_command(kit: GameKit, open_lobby: Opener) -> app_commands.Command:
    """`/play <game>`: members to invite, computer players and open seats, then the engine's
    options (`_Parameters.engine_options`)."""
    engine = kit.engine
    names = opponent_names(kit)
    built = _Parameters()
    for index, name in enumerate(names):
        if len(names) == 1:
            described = "The member to invite (none: play the computer)"
        elif index == 0:
            described = "A member to invite (seats nobody takes go to computer players)"
        else:
            described = f"Another member to invite, for {index + 2} players"
        built.optional(name, discord.Member | None, described)
    others = range(engine.max_players)  # seats besides the host's, counted from 0
    built.optional(
        "computers",
        str | None,
        "How many computer players to add",
        [app_commands.Choice(name=str(n), value=str(n)) for n in others],
    )
    built.optional(
        "open_seats",
        str | None,
        "Seats any member may join with a button (the host can fill them with computers)",
        [app_commands.Choice(name=str(n), value=str(n)) for n in others if n],
    )
    _computer_options(built)
    built.engine_options(kit)

    async def callback(interaction: discord.Interaction, **given: Any) -> None:
        players = [given[name] for name in names]
        seating = Seating(
            computers=int(given["computers"] or 0),
            open_seats=int(given["open_seats"] or 0),
            level=given["level"] or "normal",
            hints=bool(given["hints"]),
        )
        await open_lobby(interaction, kit, players, options_given(kit, given), seating)

    return built.command(kit, callback)


def seek_command(kit: GameKit, open_lobby: Opener) -> app_commands.Command:
    """`/seek <game>`: a standing invitation whose every seat but the host's is open, for how many
    players and how many minutes, the computer players' level, hints, and the engine's options."""
    engine = kit.engine
    built = _Parameters()
    sizes = range(max(2, engine.min_players), engine.max_players + 1)
    if len(sizes) > 1:  # a game for two has nothing to choose
        built.optional(
            "players",
            str | None,
            "How many players, you included (default: the fewest the game allows)",
            [app_commands.Choice(name=str(n), value=str(n)) for n in sizes],
        )
    least, most = SEEK_MINUTES
    built.optional(
        "minutes",
        app_commands.Range[int, least, most] | None,
        "How long the invitation stays open (default: the server's open invite minutes)",
    )
    _computer_options(built)
    built.engine_options(kit)

    async def callback(interaction: discord.Interaction, **given: Any) -> None:
        seating = Seating(
            open_seats=int(given.get("players") or sizes[0]) - 1,
            level=given["level"] or "normal",
            hints=bool(given["hints"]),
            minutes=given["minutes"],
        )
        await open_lobby(interaction, kit, [], options_given(kit, given), seating)

    return built.command(kit, callback)


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
