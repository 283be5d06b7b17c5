"""Pictures of game views: pure functions from a typed view (already free of hidden information) to
PNG bytes.

Each game has a module named after its id that ends with `PICTURES = Pictures(board=..., private=...,
rules=...)`; the functions below find it from the view's `game`.
"""

from __future__ import annotations

from games import GAMES, View, part_of

from .common import Pictures, one_picture


def pictures_for(game_id: str) -> Pictures:
    """The pictures of one game: `renderers.<game_id>.PICTURES`."""
    if game_id not in GAMES:
        raise ValueError(f"No renderer for game {game_id!r}.")
    return part_of(game_id, __name__, "PICTURES")


def render_board(view: View, *, names: list[str] | None = None) -> bytes:
    """The board as PNG bytes. It draws what the view holds, so for a public post pass the
    spectator view (`state.view(None)`): a seat's view may include that seat's private information."""
    with one_picture():
        return pictures_for(view.game).board(view, names=names)


def render_hand(view: View, *, names: list[str] | None = None) -> bytes:
    """The viewing seat's own picture (cards, objective; the board in games without secrets) as PNG bytes."""
    with one_picture():
        return pictures_for(view.game).private(view, names=names)


def render_rules_picture(game_id: str) -> bytes:
    """The picture shown with a game's /rules summary (Trickery: its scoring guide), as PNG bytes."""
    return pictures_for(game_id).rules()


__all__ = ["Pictures", "pictures_for", "render_board", "render_hand", "render_rules_picture"]
