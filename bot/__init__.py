"""Martian Arcade's Discord layer. Build the bot with `create_bot(Settings(...))`."""

from .app import ArcadeBot, create_bot
from .settings import Settings

__all__ = ["ArcadeBot", "Settings", "create_bot"]
