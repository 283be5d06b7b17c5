"""A suggested move leads its prompt: the first button, whatever the prompt's rows already hold,
and never twice."""

from __future__ import annotations

import discord

from bot.components import Claim, MatchButton, MatchSelect, view_of
from bot.presenters.base import leading_with, row_of


def button(argument: str, row: int | None) -> MatchButton:
    return MatchButton(Claim(1, 1, "act", argument), label=argument, row=row)


def select(row: int) -> MatchSelect:
    return MatchSelect(
        Claim(1, 1, "pick"), options=[discord.SelectOption(label="a", value="a")], placeholder="a", row=row
    )


def laid_out(items) -> list[str]:
    """The custom_ids in the order Discord shows them: row by row."""
    view = view_of(items)
    return [item.custom_id for item in sorted(view.children, key=row_of)]


def test_with_a_free_row_the_suggestion_gets_a_row_of_its_own():
    items = [button(f"m{i}", i // 5) for i in range(10)]
    laid = leading_with(button("s", None), items)
    assert laid[0].row == 0 and [item.row for item in laid[1:]] == [1] * 5 + [2] * 5
    assert laid_out(laid)[0].endswith(":act:s")


def test_with_every_row_taken_nothing_is_moved_about():
    """A grid of squares keeps its rows: the caller shows the suggestion beside an Other moves button."""
    items = [button(f"m{i}", i // 4) for i in range(20)]
    assert leading_with(button("s", None), items) is None
    assert [item.row for item in items] == [i // 4 for i in range(20)]


def test_the_same_move_gives_way_so_no_custom_id_is_there_twice():
    items = [button(f"m{i}", i // 5) for i in range(15)]
    laid = leading_with(button("m7", None), items)
    ids = laid_out(laid)
    assert len(ids) == len(set(ids)) == 15 and ids[0].endswith(":m7")


def test_a_select_moves_down_whole():
    items = [select(0), *[button(f"m{i}", 1 + i // 5) for i in range(10)]]
    laid = leading_with(button("s", None), items)
    rows = {item.custom_id: row_of(item) for item in laid}
    assert laid_out(laid)[0].endswith(":act:s")
    assert rows[items[0].custom_id] == 1  # the select keeps a row of its own, one lower
    view_of(laid)  # discord.py accepts the layout
