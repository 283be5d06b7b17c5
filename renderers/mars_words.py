"""Agents of M.A.R.S. in words, said once for its pictures and its Discord texts alike: how a view's
objective slots read (and who may see them), and the labels of the rules picture."""

from __future__ import annotations

from dataclasses import dataclass

from catalogue import N_, tr

# Who may see a slot's colour, as a card of the objective picture and the texts say it.
SLOT_STATUS_WORDS = {
    "public": N_("public"),
    "private": N_("only you see"),
    "hidden": N_("hidden"),
    "unchosen": N_("not chosen yet"),
}

# The rules picture's four diagrams, in the order drawn (its alt text says them in that order too).
RULE_LABELS = (
    N_("Groups of 4+ score their pips"),
    N_("Move exactly its pips"),
    N_("Swap: land on a piece"),
    N_("Black never moves or scores"),
)
SIZE_LABELS = (N_("1 pip"), N_("2 pips"), N_("3 pips"))


@dataclass(frozen=True)
class Slot:
    seat: int
    value: int
    colour: str | None  # None: not visible to this viewer, or not chosen yet
    public: bool
    chosen: bool = True  # False while its owner is still choosing the objective (a draft's colours show)

    @property
    def status(self) -> str:
        """ "unchosen" (its owner is still choosing), "public", "private" (only the viewer sees
        it) or "hidden"."""
        if not self.chosen:
            return "unchosen"
        if self.colour is None:
            return "hidden"
        return "public" if self.public else "private"

    @property
    def status_word(self) -> str:
        return tr(SLOT_STATUS_WORDS[self.status])


def parse_slot(token: str, public_values: list[int], chosen: bool = True) -> Slot:
    """ "P1+2:Y" -> seat 0, value 2, colour Y; "P10:?" -> seat 0, value 0, colour not visible."""
    head, _, colour = token.partition(":")
    seat = int(head[1]) - 1
    value = int(head[2:])
    return Slot(seat, value, None if colour in ("", "?") else colour, value in public_values, chosen)


def read_slots(view: dict, seat: int) -> list[Slot]:
    """`seat`'s objective slots as `view` shows them, highest value first."""
    objectives = view.get("objectives") or []
    public = view.get("public_slots") or []
    public_values = list(public[seat]) if seat < len(public) else []
    tokens = objectives[seat] if seat < len(objectives) else []
    chosen = view.get("objective_set") or [True] * len(objectives)  # the engine's fact, per seat
    return [parse_slot(token, public_values, bool(chosen[seat])) for token in tokens]
