"""Refusals the Discord layer shows to the user, in the language spoken where they are shown."""

from catalogue import N_, tr
from games.core import Word


class MatchError(Exception):
    """A request that cannot be carried out. `message` is an English template and `values` fill
    it; `str(error)` says it in the language spoken at that moment (the user's, in a handler)."""

    def __init__(self, message: str, /, **values: object) -> None:
        super().__init__(message)
        self.message = message
        self.values = values

    def __str__(self) -> str:
        # a word the engine put in (a player's colour, "Red") is said too; names and notation as they are
        return tr(
            self.message,
            **{name: tr(value) if isinstance(value, Word) else value for name, value in self.values.items()},
        )


class StaleClick(MatchError):
    """The click names an older version of the match than the stored one."""

    @classmethod
    def raced(cls) -> "StaleClick":
        """Another decision was saved between loading the match and saving this one."""
        return cls(N_("The match changed at the same moment; look at the latest board."))
