"""Agents of M.A.R.S. in words, said once for its pictures and its Discord texts alike: how a view's
objective slots read (who may see them), and the labels of the rules picture."""

from __future__ import annotations

from catalogue import N_, tr
from games.mars_views import HIDDEN, PRIVATE, PUBLIC, UNCHOSEN, ObjectiveSlot

# Who may see a slot's colour, as a card of the objective picture and the texts say it.
SLOT_STATUS_WORDS = {
    PUBLIC: N_("public"),
    PRIVATE: N_("only you see"),
    HIDDEN: N_("hidden"),
    UNCHOSEN: N_("not chosen yet"),
}

# The rules picture's four diagrams, in the order drawn (its alt text says them in that order too).
RULE_LABELS = (
    N_("Groups of 4+ score their pips"),
    N_("Move exactly its pips"),
    N_("Swap: land on a piece"),
    N_("Black never moves or scores"),
)
SIZE_LABELS = (N_("1 pip"), N_("2 pips"), N_("3 pips"))


def status_word(slot: ObjectiveSlot) -> str:
    """Who may see the slot's colour, in the reader's language."""
    return tr(SLOT_STATUS_WORDS[slot.status])
