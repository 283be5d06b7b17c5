"""Martian Combat pictures: the board (also the "hand": nothing in Combat is hidden) and the rules picture.

The board fills the picture: the 6x6 grid seen from the South side (files a-f left to right, ranks
1-6 bottom to top), its coordinates big beside it. Everything said in words (players, caps, whose
decision, the dice, the combat's rolls, the log and the key to these marks) is Discord's text,
worded by the presenter; the picture keeps what only a picture shows, each mark big enough for a
phone:
  - blocked squares are dark and hatched; an Advanced reserve nest stands on its blocked centre
    square inside an ice-blue frame with a snowflake, as a capped (finished) home tree does: both
    are frozen;
  - a player's home squares (their goal) are tinted in their colour and fly a flag with their
    letter; their start squares have a thick bar of their colour outside the board edge, and the
    rest of their starting row a thin one, like a seat at the table (grey once they are out);
  - a stack stands as on the table: a tree as a tower (each smaller pyramid perched on the bigger
    one), a nest as its outer pyramid with the pyramids it covers laid out small in a tray beneath;
    a black cap sits on a completed tree;
  - each pyramid has a letter badge of its colour (colour alone fails colour-blind players), with
    a padlock when an opponent's pyramid covers it (pinned or dug: it cannot move), and the corner
    chip gives the force of the top's owner: the pips of their unbroken run from the top;
  - the squares of the turn's last actions are tinted and framed in pink with arrows for moves,
    attacks, hops, swaps and digs; the combat opportunity being decided is framed in amber (solid:
    the force that arrived; dashed: the forces next to it), as is the square an Aim leg goes on from;
  - a tutorial's suggested move (the view's `suggested`, in the shape of a last action's marks) is
    framed in dashed white, its arrow white with a dashed shaft: what may happen, not what did.

Pictures are drawn in the kit's fixed palette, so marks reuse its colours.
"""

from __future__ import annotations

from .combat_board import render_combat_board
from .combat_rules import render_combat_rules_picture
from .combat_sprites import colour_badge
from .common import Pictures

__all__ = ["PICTURES", "colour_badge", "render_combat_board", "render_combat_rules_picture"]

# Nothing in Combat is hidden: a seat's picture is the board.
PICTURES = Pictures(board=render_combat_board, private=render_combat_board, rules=render_combat_rules_picture)
