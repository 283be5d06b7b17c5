"""Pictures of game views: pure functions from a view dict (already free of hidden information) to PNG bytes.

Each game has a module; the dicts below map view["game"] to its renderers.
"""

from __future__ import annotations

from collections.abc import Callable

from . import combat, flood, mars, senet, trickery

Renderer = Callable[..., bytes]

BOARD_RENDERERS: dict[str, Renderer] = {
    "trickery": trickery.render_trickery_board,
    "mars": mars.render_mars_board,
    "senet": senet.render_senet_board,
    "flood": flood.render_flood_board,
    "combat": combat.render_combat_board,
}
HAND_RENDERERS: dict[str, Renderer] = {
    "trickery": trickery.render_trickery_hand,
    "mars": mars.render_mars_objective,
    "senet": senet.render_senet_board,  # nothing in Senet is hidden: a seat's picture is the board
    "flood": flood.render_flood_board,  # nor in Flood
    "combat": combat.render_combat_board,  # nor in Combat
}


def _renderer(table: dict[str, Renderer], view: dict) -> Renderer:
    game = view.get("game")
    if game not in table:
        raise ValueError(f"No renderer for game {game!r}.")
    return table[game]


def render_board(view: dict, *, names: list[str] | None = None) -> bytes:
    """The board as PNG bytes. It draws what the view holds, so for a public post pass the
    spectator view (`state.view(None)`): a seat's view may include that seat's private information."""
    return _renderer(BOARD_RENDERERS, view)(view, names=names)


def render_hand(view: dict, *, names: list[str] | None = None) -> bytes:
    """The viewing seat's own cards as PNG bytes (send it privately)."""
    return _renderer(HAND_RENDERERS, view)(view, names=names)


RULES_PICTURES: dict[str, Callable[[], bytes]] = {
    "trickery": trickery.render_trickery_scoring_guide,
    "mars": mars.render_mars_rules_picture,
    "senet": senet.render_senet_rules_picture,
    "flood": flood.render_flood_rules_picture,
    "combat": combat.render_combat_rules_picture,
}


def render_rules_picture(game_id: str) -> bytes:
    """The picture shown with a game's /rules summary (Trickery: its scoring guide), as PNG bytes."""
    if game_id not in RULES_PICTURES:
        raise ValueError(f"No rules picture for game {game_id!r}.")
    return RULES_PICTURES[game_id]()


__all__ = ["render_board", "render_hand", "render_rules_picture"]
