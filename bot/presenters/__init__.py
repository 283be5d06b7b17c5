"""Per-game presentation on Discord: one Presenter class per game (see `base`)."""
