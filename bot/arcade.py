"""What the cogs share, handed to each one when the bot is built (no cog reaches into the bot)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from .components import ClaimRouter
from .kits import GameKit
from .publishing.publisher import Publisher
from .service import MatchService
from .settings import Settings


@dataclass(frozen=True)
class Arcade:
    settings: Settings
    kits: Mapping[str, GameKit]
    router: ClaimRouter  # each cog registers the kinds of claim it handles
    service: MatchService
    publisher: Publisher
