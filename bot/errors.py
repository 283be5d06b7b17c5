"""Refusals the Discord layer shows to the user as they are."""


class MatchError(Exception):
    """A request that cannot be carried out; the message is shown to the user as it is."""


class StaleClick(MatchError):
    """The click names an older version of the match than the stored one."""

    @classmethod
    def raced(cls) -> "StaleClick":
        """Another decision was saved between loading the match and saving this one."""
        return cls("The match changed at the same moment; look at the latest board.")
