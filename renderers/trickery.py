"""Martian Trickery pictures: the public board, a seat's hand, and the scoring guide.

Made to be read on a phone, where Discord shows a picture about 325 px wide: the pictures hold what
only a picture shows (the cards on the table, the pool, the pyramids each seat took, the hand) and
no words but the seat tags P1-P4; names, scores, cards held, the dealer and whose turn it is are
Discord text (the presenter's seat lines, status and legend).

By job: `trickery_layout` (sizes and places), `trickery_sprites` (cards and pyramids made once),
`trickery_board`, `trickery_hand` and `trickery_rules` (the three pictures).
"""

from __future__ import annotations

from .common import Pictures
from .trickery_board import render_trickery_board
from .trickery_hand import render_trickery_hand
from .trickery_rules import render_trickery_scoring_guide

PICTURES = Pictures(
    board=render_trickery_board, private=render_trickery_hand, rules=render_trickery_scoring_guide
)
