"""The board as one Components V2 message: a container holding the match's recent actions, its
picture, who must act and their controls, so the board reads as one unit (`discord.ui.LayoutView`).

Private messages and short answers stay plain messages: they are a line or two of text."""

from __future__ import annotations

import discord
from discord import ui

ACCENT = 0xC1440E  # Mars red, down the board's left edge
ROW_WIDTH = 5  # buttons per action row; a select fills a row alone
TEXT_LIMIT = 1900  # per text block (a V2 message holds 4,000 characters of text in all)


def _is_select(item: ui.Item) -> bool:
    inner = item.item if isinstance(item, ui.DynamicItem) else item
    return isinstance(inner, ui.Select)


def action_rows(items: list[ui.Item]) -> list[ui.ActionRow]:
    """The controls in rows: those that name a row keep it (in row order), the rest follow, five
    buttons to a row and each select alone."""
    placed: dict[int, list[ui.Item]] = {}
    loose = []
    for item in items:
        if item.row is None:
            loose.append(item)
        else:
            placed.setdefault(item.row, []).append(item)
    rows = [placed[row] for row in sorted(placed)]
    current: list[ui.Item] = []
    for item in loose:
        if _is_select(item):
            rows.append([item])
            continue
        if len(current) == ROW_WIDTH:
            rows.append(current)
            current = []
        current.append(item)
    if current:
        rows.append(current)
    found = []
    for row in rows:
        for item in row:
            item.row = None  # rows are explicit here
        found.append(ui.ActionRow(*row))
    return found


ALT_LIMIT = 1024  # characters of a picture's description (its alt text)
COMPONENT_LIMIT = 40  # components in one Components V2 message, counting every nested one


def board_layout(
    top: str,
    picture: str,
    bottom: str,
    items: list[ui.Item],
    *,
    alt: str = "",
    legend: str = "",
    extras: list[ui.Item] = (),
) -> ui.LayoutView:
    """The board: `top` (title and each seat's line), the picture attached as `picture` with `alt` as
    what a screen reader says of it, `bottom` (status, recent actions, who must act), `legend` (the
    picture's key, in small print) and the controls; `extras` (Hint, In words) share a row below
    them, as many as fit in a message's 40 components (the view and the container count too)."""
    container = ui.Container(accent_colour=ACCENT)
    container.add_item(ui.TextDisplay(top[:TEXT_LIMIT]))
    container.add_item(ui.MediaGallery(picture_item(picture, alt)))
    if bottom:
        container.add_item(ui.TextDisplay(bottom[:TEXT_LIMIT]))
    rows = action_rows(items)
    # the container, what it holds so far, the legend to come and the rows of controls
    used = 1 + len(container.children) + (1 if legend else 0) + sum(1 + len(row.children) for row in rows)
    fitting = list(extras)
    while fitting and used + 1 + len(fitting) > COMPONENT_LIMIT:
        fitting.pop()
    if (
        fitting
        and len(rows) == 1
        and len(rows[0].children) + len(fitting) <= ROW_WIDTH
        and not any(_is_select(item) for item in rows[0].children)
    ):  # a single short row of buttons (Play, Hand) takes them: one row less to scroll past
        for item in fitting:
            rows[0].add_item(item)
    elif fitting:
        rows.append(ui.ActionRow(*fitting))
    for row in rows:
        container.add_item(row)
    if legend:
        container.add_item(ui.TextDisplay(small_print(legend)[:TEXT_LIMIT]))
    view = ui.LayoutView(timeout=None)
    view.add_item(container)
    return view


def final_layout(
    top: str, items: list[ui.Item], picture: str, alt: str, small: str, record: str
) -> ui.LayoutView:
    """A match's last board: `top` (title, seats, result) and its buttons first, then the picture
    (with `alt`), `small` print and the attached `record`."""
    container = ui.Container(accent_colour=ACCENT)
    container.add_item(ui.TextDisplay(top[:TEXT_LIMIT]))
    for row in action_rows(items):
        container.add_item(row)
    container.add_item(ui.MediaGallery(picture_item(picture, alt)))
    container.add_item(ui.TextDisplay(small_print(small)[:TEXT_LIMIT]))
    container.add_item(ui.File(f"attachment://{record}"))
    view = ui.LayoutView(timeout=None)
    view.add_item(container)
    return view


def picture_item(filename: str, alt: str) -> discord.MediaGalleryItem:
    return discord.MediaGalleryItem(f"attachment://{filename}", description=alt_text(alt) or None)


def alt_text(text: str) -> str:
    """`text` as a picture's description: within Discord's limit, cut at a line or word if longer."""
    text = text.strip()
    if len(text) <= ALT_LIMIT:
        return text
    cut = text[: ALT_LIMIT - 1]
    for stop in ("\n", ". ", " "):
        if (at := cut.rfind(stop)) > ALT_LIMIT // 2:
            return cut[:at].rstrip() + "…"
    return cut + "…"


def small_print(text: str) -> str:
    """Each line as Discord's subtext (`-# `): a legend reads as a footnote under the board."""
    return "\n".join(f"-# {line}" if line.strip() else line for line in text.splitlines())


def without_controls(message: discord.Message) -> ui.LayoutView | None:
    """An earlier board as it was, minus its buttons and selects (None: a plain message)."""
    if not message.flags.components_v2:
        return None
    view = ui.LayoutView.from_message(message, timeout=None)
    _drop_rows(view)
    return view


def _drop_rows(parent) -> None:
    for child in list(parent.children):
        if isinstance(child, ui.ActionRow):
            parent.remove_item(child)
        elif hasattr(child, "children"):
            _drop_rows(child)
