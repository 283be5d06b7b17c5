"""Agents of M.A.R.S. in Discord text: colours, pieces, an objective's slots as far as a view shows
them, where a piece put down ends up among its colour, and a last action's notation."""

from __future__ import annotations

from catalogue import tr
from games.mars import slot_text
from games.mars_views import PRIVATE, UNCHOSEN, LastAction, MarsView
from renderers.mars_words import status_word
from renderers.words import colour_name, pyramid_name

from .common import COLOUR_EMOJI, pyramid_text


def colour_label(colour: str) -> str:
    return f"{COLOUR_EMOJI[colour]} {colour_name(colour)}"


def piece_label(code: str | None) -> str:
    return pyramid_text(code) if code else tr("piece")


def slot_colours(view: MarsView, owner: int) -> list[tuple[int, str | None]]:
    """(value, colour or None when hidden from this view) for each slot of `owner`."""
    return [(slot.value, slot.colour) for slot in view.objectives[owner].slots]


def objective_line(view: MarsView, owner: int, *, spoken: bool = False) -> str:
    """'+2 🟨 yellow · +1 🟩 green · 0 ❔ · −1 🟦 blue (public: +2, −1)'; `spoken`: plain words for
    a screen reader ('+2 yellow, +1 green (only you see), 0 hidden, ...'; 'not chosen yet')."""
    if spoken:
        slots = view.objectives[owner].slots
        if slots and slots[0].status == UNCHOSEN:  # the whole objective is chosen at once
            # a draft (a prompt's preview), or the one offered to the reader while they choose
            offered = view.suggested_objective if view.seat == owner else None
            colours = [slot.colour for slot in slots] if slots[0].colour else offered
            if not colours:
                return status_word(slots[0])
            draft = ", ".join(
                f"{slot_text(slot.value)} {colour_name(c)}" for slot, c in zip(slots, colours, strict=True)
            )
            return f"{draft} ({status_word(slots[0])})"
        return ", ".join(
            f"{slot_text(slot.value)} {colour_name(slot.colour)}"
            + (f" ({status_word(slot)})" if slot.status == PRIVATE else "")
            if slot.colour
            else f"{slot_text(slot.value)} {status_word(slot)}"
            for slot in slots
        )
    parts = [
        f"**{slot_text(value)}** {colour_label(colour) if colour else '❔'}"
        for value, colour in slot_colours(view, owner)
    ]
    public = view.objectives[owner].public
    if not public or len(public) == len(parts) or view.seat is None:
        return " · ".join(parts)
    return tr(
        "{slots} (public: {values})", slots=" · ".join(parts), values=", ".join(slot_text(v) for v in public)
    )


def piece_words(code: str) -> str:
    """'🟩 large green': a piece in words, without its notation."""
    return f"{COLOUR_EMOJI.get(code[0], '')} {pyramid_name(code)}".strip()


def group_sentence(group: dict, *, named: bool) -> str:
    """Where a piece put down stands among its colour ('Its group then has 5 pieces (11 pips) and
    scores'), from the engine's facts; `named`: say which piece (a swap puts down two)."""
    values = {"count": group["count"], "pips": group["pips"], "piece": piece_words(group["piece"])}
    if group["count"] == 1:
        if named:
            return tr("The {piece} then touches no other piece of its colour", **values)
        return tr("It then touches no other piece of its colour", **values)
    if group["scores"]:
        if named:
            return tr("The {piece}'s group then has {count} pieces ({pips} pips) and scores", **values)
        return tr("Its group then has {count} pieces ({pips} pips) and scores", **values)
    if named:
        return tr("The {piece}'s group then has {count} pieces ({pips} pips), not scoring yet", **values)
    return tr("Its group then has {count} pieces ({pips} pips), not scoring yet", **values)


def last_notation(last: LastAction) -> str:
    """The notation of the view's last move, placement or swap."""
    squares = last.squares
    if last.kind == "place":
        return f"{last.piece}@{squares[0]}"
    return f"{squares[0]}{'-' if last.kind == 'move' else 'x'}{squares[1]}"
