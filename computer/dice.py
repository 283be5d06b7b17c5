"""Dice for the players' private copies: the engine rolls only what a search scripts, and stops where
chance would come in."""

from __future__ import annotations

import contextlib


class NoMoreDice(Exception):
    """Raised by a dice source that may not roll: the engine stops where chance would come in."""


class ScriptedDice:
    """A dice source for clones: rolls the scripted faces (0-based), then refuses to roll."""

    def __init__(self, faces: tuple[int, ...] = ()) -> None:
        self.faces = list(faces)

    def below(self, n: int) -> int:
        if not self.faces:
            raise NoMoreDice
        return self.faces.pop(0) % n

    def copy(self) -> ScriptedDice:
        return ScriptedDice(tuple(self.faces))


def before_roll(state, seat: int, action):
    """A copy of `state` just after `action`'s deterministic part, stopped before any die is rolled."""
    copy = state.clone()
    copy.rng = ScriptedDice()
    with contextlib.suppress(NoMoreDice):
        copy.apply(seat, action)
    return copy
