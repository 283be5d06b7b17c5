"""Agents of M.A.R.S. pictures: the public board, a seat's objective, and the rules picture.

Made for a phone, where Discord shows a picture about 325 px wide: the board fills the picture's
width and carries no words but its coordinates; whose turn it is, the bag, the objectives and the
last action are Discord text (bot/presenters/mars.py). The objective picture is the viewer's slot
cards, the rules picture four small diagrams with a label each.

Pieces are drawn as pyramids seen from above on a light, Martian-dust board: the footprint grows
with the size (small, medium, large), the colour's letter sits over the apex (colour is never the
only cue: to many colour-blind players red, green and yellow look alike, and so do blue and
purple) and the south face carries the pips; black pieces are the only dark ones. On the final
board the scoring groups are outlined in their colour and every other piece is drawn hollow, so
the groups stand out. The last move or swap is framed in cyan, with an arrow; a suggested one (a
tutorial's, `view.suggested`) in dashed magenta, with the piece drawn hollow where it would land
(on the objective picture, a suggested slot swap frames its two cards in amber).

Every picture goes through `to_png` (the fixed palette), so pieces use three shades each and the
other marks reuse those shades or the kit's palette.

Cut by job: `mars_layout` (sizes, squares and cards), `mars_sprites` (palette, pieces, arrows,
outlines), `mars_board`, `mars_objective` and `mars_rules` (one picture each), `mars_words` (what the
pictures and texts both say). This module names the three pictures for `renderers.pictures_for`.
"""

from __future__ import annotations

from .common import Pictures
from .mars_board import render_mars_board
from .mars_objective import render_mars_objective
from .mars_rules import render_mars_rules_picture

PICTURES = Pictures(board=render_mars_board, private=render_mars_objective, rules=render_mars_rules_picture)
