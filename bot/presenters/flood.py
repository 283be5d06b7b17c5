"""How Martian Flood looks and is played on Discord.

Flood has no secrets (drawn cards are public), so the controls sit on the board message: one button
per card of the player to act that has something to do, laid out in the order the picture shows
them, and Draw. A tower taking only one size builds at once; one taking several, and every ship
(send it to an opponent, or scrap it with a second ship), is a `step` whose next buttons come in an
ephemeral message. Each step's choice is a prefix of the action's notation where one exists ("S 7h:^"
is the first half of a scrap), else the card ("B 9d": build on 9d; "7h": the ship on 7h; "B": the
towers, when the board has no room for them), and is checked against the legal actions.

The picture shows only the cards and pieces; everything in words is here: the seats' stashes and
ships, whose turn, the deck, the flood's rolls, the picture's key and its alt text.
"""

from __future__ import annotations

from functools import lru_cache, reduce

import discord

from catalogue import N_, listing, tr, trn
from games.flood import Build, Draw, Infiltrate, Keep, Resolve, Scrap
from games.flood_views import ActionFacts, FloodView, ShipMoveFacts
from games.pieces import Card
from renderers.flood_rules import (
    BUILD_EXAMPLE,
    DRAW_EXAMPLE,
    FLOOD_DICE,
    FLOODED_TOWER,
    INFILTRATE_EXAMPLE,
    RULE_ACTIONS,
    RULE_FLOOD,
    RULE_SCORING,
    RULE_STACKING,
    SCORING_EXAMPLES,
    SCRAP_EXAMPLE,
)
from renderers.words import colour_name, size_name

from ..components import MatchButton
from ..errors import MatchError
from ..layout import ALT_LIMIT
from .base import Presenter, Prompt, Scene
from .common import COLOUR_EMOJI
from .senet import DIE_FACES

ROW_WIDTH = 5  # buttons to an action row
MAX_BUTTONS = 25  # in a message's action rows (the board holds 40 components in all, rows included)

# One text per size: other languages inflect the size word ("ein kleines Schiff", "eine kleine").
KEEP_LABELS = {
    1: N_("Keep {card}: small ship"),
    2: N_("Keep {card}: medium ship"),
    3: N_("Keep {card}: large ship"),
}
BUILD_LABELS = {
    1: N_("Build a small on {where}"),
    2: N_("Build a medium on {where}"),
    3: N_("Build a large on {where}"),
}
KEPT = {
    1: N_("kept {card} with a small ship"),
    2: N_("kept {card} with a medium ship"),
    3: N_("kept {card} with a large ship"),
}
# A suggested move in words (`explain`): one text per size, for the languages that inflect it.
KEEPS = {
    1: N_("keeps {card} with a small ship from your stash and discards {other}"),
    2: N_("keeps {card} with a medium ship from your stash and discards {other}"),
    3: N_("keeps {card} with a large ship from your stash and discards {other}"),
}
KEEPS_ONLY = {  # the deck's last card, with no discard pile to take a second from (E3)
    1: N_("keeps {card} with a small ship from your stash"),
    2: N_("keeps {card} with a medium ship from your stash"),
    3: N_("keeps {card} with a large ship from your stash"),
}
BUILDS = {
    1: N_("builds a small pyramid on your tower on {card}, making it {height} pyramids high"),
    2: N_("builds a medium pyramid on your tower on {card}, making it {height} pyramids high"),
    3: N_("builds a large pyramid on your tower on {card}, making it {height} pyramids high"),
}
LAST_TURN_BECAUSE = {  # (the deck ran out, the stash ran out)
    (True, False): N_("That empties the deck: this turn is the round's last"),
    (False, True): N_("That places the last pyramid of your stash: this turn is the round's last"),
    (True, True): N_("That empties the deck and your stash: this turn is the round's last"),
}
BUILT = {
    1: N_("built a small on {card}"),
    2: N_("built a medium on {card}"),
    3: N_("built a large on {card}"),
}
# What each panel of the rules picture shows (its title is the picture's own).
RULE_SHOWN = {
    "draw": N_("two cards drawn; a ship lies on the {kept} kept, and the {discarded} is discarded."),
    "scrap": N_("the ship on {card} stands up as a tower."),
    "build": N_("a small red pyramid goes on top of the tower on {card}."),
    "infiltrate": N_("the ship on {card} goes with its card to P2, framed in pink until it lands."),
}


def card_text(card: str) -> str:
    return Card.parse(card).label


def pyramids_text(pyramids: tuple[str, ...] | list[str]) -> str:
    return " ".join(f"{COLOUR_EMOJI[p[0]]}{p[1]}" for p in pyramids) or tr("nothing")


def _where(view: FloodView, card: str) -> str:
    spot = view.card_in_play(card)
    if spot and spot.tower:
        return tr("{card} (tower {pyramids})", card=card_text(card), pyramids=pyramids_text(spot.tower))
    if spot and spot.ship:
        return tr("{card} (ship {pyramids})", card=card_text(card), pyramids=pyramids_text([spot.ship]))
    return card_text(card)


def direction_text(direction: str) -> str:
    return tr("clockwise") if direction == "cw" else tr("counter-clockwise")


def joined(names: list[str]) -> str:
    """ "A and B and C", as the texts always joined winners (not `listing`'s "A, B and C")."""
    return reduce(lambda rest, last: tr("{rest} and {last}", rest=rest, last=last), names) if names else ""


def _button(scene: Scene, kind: str, argument: str, label: str, row: int | None = None) -> MatchButton:
    style = discord.ButtonStyle.success if kind == "act" else discord.ButtonStyle.primary
    return MatchButton(scene.claim(kind, argument), label=label[:80], style=style, row=row)


def _in_rows(items: list[MatchButton]) -> list[MatchButton]:
    """Buttons five to a row, in order."""
    for index, item in enumerate(items):
        item.row = index // ROW_WIDTH
    return items


def _actions(legal: tuple[str, ...], kind: str) -> list[list[str]]:
    """The legal actions of one kind ("B", "I", "S", ...), split into their parts (not to be changed)."""
    return _by_kind(legal).get(kind, [])


@lru_cache(maxsize=8)
def _by_kind(legal: tuple[str, ...]) -> dict[str, list[list[str]]]:
    """Split once for every step of a turn: two ships and many towers make thousands of scraps."""
    found: dict[str, list[list[str]]] = {}
    for action in legal:
        parts = action.split()
        found.setdefault(parts[0], []).append(parts)
    return found


class FloodPresenter(Presenter):
    def seat_label(self, scene: Scene, seat: int) -> str:
        colour = scene.public.seats[seat].colour
        return f"{COLOUR_EMOJI[colour]} {scene.label(seat)}"

    def options_text(self, options) -> str:
        return tr("standard rules")

    def chapter(self, scene: Scene) -> str:
        return f"round {scene.public.round}"  # a key the board is stored under, never shown

    def start_line(self, scene: Scene) -> str:
        return tr(
            "Three rounds, then the flood decides. Everything is public: act with the buttons on the board."
        )

    # --- the board's text: what the picture shows as pieces, said in words

    def seat_lines(self, scene: Scene) -> list[str]:
        view = scene.public
        return [self._seat_line(scene, view, seat) for seat in range(len(view.seats))]

    def _seat_line(self, scene: Scene, view: FloodView, seat: int) -> str:
        name = f"**{self.seat_label(scene, seat)}**"
        side = view.seats[seat]
        if side.score:
            points = trn("{count} point", "{count} points", side.score.total, count=side.score.total)
            trophy = " 🏆" if seat in view.winners else ""
            return f"{name}{trophy} · {points}"
        parts = [stash_text(view, seat)]
        ships = [spot for spot in side.cards if spot.ship]
        if ships:
            parts.append(tr("ships {cards}", cards=", ".join(sized_card(s.card, s.ship) for s in ships)))
        cards = len(side.cards)
        parts.append(trn("{count} card", "{count} cards", cards, count=cards))
        waiting = side.pending
        if waiting:
            parts.append(
                tr(
                    "waiting to land: {cards}",
                    cards=", ".join(
                        tr(
                            "{ship} from P{number}",
                            ship=sized_card(e.card, e.ship),
                            number=e.sender + 1,
                        )
                        for e in waiting
                    ),
                )
            )
        mark = " ⬅️" if view.current == seat else ""
        return f"{name}{mark} · " + " · ".join(parts)

    def legend(self, scene: Scene) -> str:
        lines = [
            tr(
                "Picture: a band per player, P1 first, with their cards (a card's number is its "
                "sector; A = 1). A pyramid lying on a card is a ship, standing ones are a tower "
                "(its height beside it). Letters say the colour, dots the size (1 to 3)."
            ),
            tr(
                "Grey ×N: empty cards. Pink frame: an infiltrated ship waiting to land. Gold: whose turn "
                "it is, the cards they just drew, and where the ship being placed may go."
            ),
        ]
        if scene.public.suggested:  # a tutorial's step marks its suggested move
            lines.append(
                tr("Cyan: the suggested move, solid where a piece goes, dashed around a ship that leaves.")
            )
        return "\n".join(lines)

    def status_line(self, scene: Scene) -> str:
        view = scene.public
        if view.is_over:
            return ""
        if view.discard:
            top = tr("discard top {card}", card=card_text(view.discard[-1]))
        else:
            top = tr("discard empty")
        lines = [
            tr(
                "Round {round}/{rounds} ({direction}) · {player}, action {slot} of {slots} · deck {deck} · {discard}",
                round=view.round,
                rounds=view.rounds,
                direction=direction_text(view.direction),
                player=self.seat_label(scene, view.current),
                slot=view.slot,
                slots=view.slots,
                deck=view.deck_count,
                discard=top,
            )
        ]
        if view.drawn:
            lines.append("🃏 " + drew_text(scene, view))
        if view.resolving:
            lines.append(self._resolving_text(scene, view))
        if view.last_turn:
            lines.append(tr("⚠️ This is the last turn of the round: the flood follows."))
        return "\n".join(lines)

    def _resolving_text(self, scene: Scene, view: FloodView) -> str:
        ship = view.resolving
        return tr(
            "{player} places the ship {ship} from {sender} on one of the towers {towers}.",
            player=scene.label(view.current),
            ship=sized_card(ship.card, ship.ship),
            sender=f"P{ship.sender + 1}",
            towers=joined([card_text(card) for card in ship.towers]),
        )

    def describe(self, scene: Scene, view: FloodView, seat: int | None = None) -> str:
        """The board in words: the round and whose turn, then each seat's stash and cards (towers
        bottom to top, in the notation's letters and sizes)."""
        if view.is_over:
            head = tr("Martian Flood, final position.")
        else:
            head = tr(
                "Martian Flood, round {round} of {rounds}, {direction}; {player} to act, action {slot} "
                "of {slots}. Deck {deck}, discard pile {discard}.",
                round=view.round,
                rounds=view.rounds,
                direction=direction_text(view.direction),
                player=scene.label(view.current),
                slot=view.slot,
                slots=view.slots,
                deck=view.deck_count,
                discard=card_text(view.discard[-1]) if view.discard else "0",
            )
        drew = drew_text(scene, view) if view.drawn else ""
        key = tr("Pyramids by colour letter and size (1 small to 3 large); towers from the bottom up.")
        for full in (True, False):  # a crowded table leaves out the key and the empty cards to fit
            seats = [self._describe_seat(scene, view, player, full) for player in range(len(view.seats))]
            lines = [head, key, *seats, drew] if full else [head, *seats, drew]
            text = "\n".join(line for line in lines if line)
            if len(text) <= ALT_LIMIT:
                break
        return text

    def _describe_seat(self, scene: Scene, view: FloodView, seat: int, full: bool = True) -> str:
        side = view.seats[seat]
        towers = [f"{card_text(s.card)} {' '.join(s.tower)}" for s in side.cards if s.tower]
        ships = [f"{card_text(s.card)} {s.ship}" for s in side.cards if s.ship]
        empty = [card_text(s.card) for s in side.cards if s.is_empty]
        parts = [
            tr("towers {cards}", cards="; ".join(towers)) if towers else tr("no towers"),
            tr("ships {cards}", cards=", ".join(ships)) if ships else tr("no ships"),
        ]
        if empty and full:
            parts.append(tr("empty {cards}", cards=", ".join(empty)))
        waiting = [f"{card_text(e.card)} {e.ship}" for e in side.pending]
        if waiting:
            parts.append(tr("waiting to land: {cards}", cards=", ".join(waiting)))
        if side.score:
            parts.insert(0, trn("{count} point", "{count} points", side.score.total, count=side.score.total))
        else:
            parts.insert(0, stash_text(view, seat))
        who = tr("{player} ({colour})", player=scene.label(seat), colour=colour_name(side.colour))
        return tr("{player}: {facts}.", player=who, facts="; ".join(parts))

    def rules_alt(self) -> str:
        kept, discarded = (card_text(card) for card in DRAW_EXAMPLE)
        shown = {  # the diagrams' cards, as the picture has them
            "draw": {"kept": kept, "discarded": discarded},
            "scrap": {"card": card_text(SCRAP_EXAMPLE)},
            "build": {"card": card_text(BUILD_EXAMPLE)},
            "infiltrate": {"card": card_text(INFILTRATE_EXAMPLE)},
        }
        lines = [
            tr("{title}: {shown}", title=f"{number}. {tr(title)}", shown=tr(RULE_SHOWN[kind], **shown[kind]))
            for number, (kind, title) in enumerate(RULE_ACTIONS, start=1)
        ]
        lines.append(
            tr(
                "{title}: {shown}",
                title=tr(RULE_STACKING),
                shown=tr("smaller or equal pyramids on bigger ones are fine, a bigger one on top is not."),
            )
        )
        size = int(FLOODED_TOWER[0][1])
        lines.append(
            tr(
                "{title}: {shown}",
                title=tr(RULE_FLOOD),
                shown=tr(
                    "dice {dice} make {sum}, less 1: sector {sector}. The tower {before} on a card {sector} "
                    "loses its bottom size and keeps {after}.",
                    dice=joined([str(die) for die in FLOOD_DICE]),
                    sum=sum(FLOOD_DICE),
                    sector=sum(FLOOD_DICE) - 1,
                    before=" ".join(FLOODED_TOWER),
                    after=" ".join(code for code in FLOODED_TOWER if int(code[1]) != size),
                ),
            )
        )
        (tallest, _), (singles, _), (sector, _) = SCORING_EXAMPLES
        lines.append(
            tr(
                "{title}: {shown}",
                title=tr(RULE_SCORING),
                shown=tr(
                    "+{tallest} for the tallest tower, +{singles} for the most single-pyramid towers, "
                    "+{sector} for a tower of 2 or more on a card {sector}.",
                    tallest=tallest,
                    singles=singles,
                    sector=sector,
                ),
            )
        )
        return "\n".join(lines)

    # --- controls

    def prompt(self, scene: Scene, seat: int, mine: FloodView, choice: str = "") -> Prompt:
        legal = mine.legal
        if choice:
            return self._step_prompt(scene, mine, legal, choice)
        if mine.drawn:
            return self._keep_prompt(scene, mine, legal)
        if mine.resolving:
            return self._resolve_prompt(scene, mine, legal)
        return self._action_prompt(scene, mine, legal)

    def _keep_prompt(self, scene: Scene, view: FloodView, legal: tuple[str, ...]) -> Prompt:
        """A button per card and size, a row per card."""
        cards = [drawn.card for drawn in view.drawn]
        items = [
            _button(
                scene, "act", " ".join(parts), tr(KEEP_LABELS[int(parts[2])], card=card_text(parts[1])), row
            )
            for parts in _actions(legal, "K")
            for row in [cards.index(parts[1]) if parts[1] in cards else 0]
        ]
        if len(cards) == 1:  # the deck's last card, with no discard pile to take a second from
            text = tr("Drawn: **{card}**. Keep it as a ship (choose its size).", card=card_text(cards[0]))
        else:
            text = tr(
                "Drawn: **{first}** and **{second}**. Keep one as a ship (choose its size); "
                "the other goes on the discard pile.",
                first=card_text(cards[0]),
                second=card_text(cards[1]),
            )
        return Prompt(text, items)

    def _resolve_prompt(self, scene: Scene, view: FloodView, legal: tuple[str, ...]) -> Prompt:
        ship = view.resolving
        items = [
            _button(scene, "act", " ".join(parts), tr("Onto {where}", where=_where(view, parts[2])))
            for parts in _actions(legal, "R")
        ]
        text = tr(
            "{player}'s {pyramids} ship infiltrated you. Choose the tower it lands on.",
            player=scene.label(ship.sender),
            pyramids=pyramids_text([ship.ship]),
        )
        return self._fitted(text, items)

    def _action_prompt(self, scene: Scene, view: FloodView, legal: tuple[str, ...]) -> Prompt:
        """Draw, then a button per card of the player's that has something to do, in the picture's
        order. Should they be more than a message holds, the towers wait behind one button (the
        ships always fit: a player has 15 pyramids)."""
        items = [_button(scene, "act", "D", tr("Draw 2 cards"))] if "D" in legal else []
        cards = self._card_buttons(scene, view, legal)
        if len(items) + len(cards) > MAX_BUTTONS:
            items.append(_button(scene, "step", "B", tr("Build on a tower…")))
            cards = [(kind, button) for kind, button in cards if kind == "ship"]
        text = tr(
            "Action {slot} of {slots}: draw, or press a card: a tower to build on, a ship to send "
            "to an opponent or to scrap with another ship.",
            slot=view.slot,
            slots=view.slots,
        )
        return self._fitted(text, items + [button for _, button in cards])

    def _card_buttons(
        self, scene: Scene, view: FloodView, legal: tuple[str, ...], only: str = ""
    ) -> list[tuple[str, MatchButton]]:
        """("tower" or "ship", its button) for each card of the player's that has something to do,
        in area order (`only`: of that kind). A tower taking one size builds at once; one taking
        several, and a ship, lead to a step."""
        builds = _actions(legal, "B")
        ships = {parts[1] for parts in _actions(legal, "I")} | {
            parts[1].split(":")[0] for parts in _actions(legal, "S")
        }
        scrapping = bool(_actions(legal, "S"))
        found = []
        for spot in view.seats[view.current].cards:
            card = spot.card
            sizes = [int(parts[1]) for parts in builds if parts[2] == card]
            if len(sizes) == 1:
                label = tr(BUILD_LABELS[sizes[0]], where=card_text(card))
                found.append(("tower", _button(scene, "act", f"B {sizes[0]} {card}", label)))
            elif sizes:
                label = tr("Build on {card}…", card=card_text(card))
                found.append(("tower", _button(scene, "step", f"B {card}", label)))
            elif card in ships:
                label = (
                    tr("Ship on {card}: send or scrap…", card=card_text(card))
                    if scrapping
                    else tr("Ship on {card}: send…", card=card_text(card))
                )
                found.append(("ship", _button(scene, "step", card, label)))
        return [(kind, button) for kind, button in found if kind == only or not only]

    @staticmethod
    def _fitted(text: str, items: list[MatchButton]) -> Prompt:
        """The buttons in rows; more than a message holds are left to /move, and the text says so."""
        if len(items) > MAX_BUTTONS:
            items = items[:MAX_BUTTONS]
            text += " " + tr("(More choices than fit here: type them with /move.)")
        return Prompt(text, _in_rows(items))

    def _step_prompt(self, scene: Scene, view: FloodView, legal: tuple[str, ...], choice: str) -> Prompt:
        """The buttons after a step: the sizes to build on a tower ("B 9d"), what to do with a ship
        ("7h"), or the rest of a scrap ("S 7h:^", then "S 7h:^ 5h" if its second halves didn't fit)."""
        if choice == "B":  # the towers, when the board had no room for them
            towers = [button for _, button in self._card_buttons(scene, view, legal, "tower")]
            return self._fitted(tr("Build: press a tower."), towers)
        if choice.startswith("B "):
            card = choice[2:]
            items = [
                _button(scene, "act", " ".join(parts), tr(BUILD_LABELS[int(parts[1])], where=card_text(card)))
                for parts in _actions(legal, "B")
                if parts[2] == card
            ]
            return self._fitted(tr("Build on {where}: which size?", where=_where(view, card)), items)
        if choice.startswith("S "):
            return self._scrap_step(scene, view, legal, choice)
        return self._ship_step(scene, view, legal, choice)

    def _ship_step(self, scene: Scene, view: FloodView, legal: tuple[str, ...], card: str) -> Prompt:
        items = [
            _button(
                scene,
                "act",
                " ".join(parts),
                tr("Send to {player}", player=scene.label(int(parts[2][1:]) - 1)),
            )
            for parts in _actions(legal, "I")
            if parts[1] == card
        ]
        firsts = sorted({parts[1] for parts in _actions(legal, "S") if parts[1].split(":")[0] == card})
        for first in firsts:
            dest = first.split(":")[1]
            label = (
                tr("Scrap: stand it up, then a second ship…")
                if dest == "^"
                else tr("Scrap: onto {card}, then a second ship…", card=card_text(dest))
            )
            items.append(_button(scene, "step", f"S {first}", label))
        if firsts:
            text = tr(
                "The ship on {where}: send it to an opponent, or scrap it with a second ship.",
                where=_where(view, card),
            )
        else:
            text = tr("The ship on {where}: send it to an opponent.", where=_where(view, card))
        return self._fitted(text, items)

    def _scrap_step(self, scene: Scene, view: FloodView, legal: tuple[str, ...], choice: str) -> Prompt:
        """After the first ship's move: every second half as a button, or a step per second ship
        when they don't all fit; after that ship: its destinations."""
        parts = choice.split()
        scraps = [action for action in _actions(legal, "S") if action[1] == parts[1]]
        first = parts[1].split(":")
        done = self._scrap_move(first[0], first[1])
        if len(parts) == 3:
            moves = [action[2] for action in scraps if action[2].split(":")[0] == parts[2]]
            items = [
                _button(scene, "act", f"S {parts[1]} {move}", self._scrap_move(*move.split(":"), then=False))
                for move in moves
            ]
            return self._fitted(
                tr("Scrap: {first}; where does {card} go?", first=done, card=card_text(parts[2])), items
            )
        seconds = [action[2] for action in scraps]
        if len(seconds) <= MAX_BUTTONS:
            items = [
                _button(scene, "act", f"S {parts[1]} {move}", self._scrap_move(*move.split(":")))
                for move in seconds
            ]
        else:
            ships = sorted({move.split(":")[0] for move in seconds})
            items = [
                _button(scene, "step", f"S {parts[1]} {ship}", tr("Then {card}…", card=card_text(ship)))
                for ship in ships
            ]
        return self._fitted(tr("Scrap: {first}; now the second ship.", first=done), items)

    @staticmethod
    def _scrap_move(card: str, dest: str, *, then: bool = True) -> str:
        """One ship's part of a scrap, as a button or prompt says it."""
        if not then:
            if dest == "^":
                return tr("Stand it upright on its own card")
            return tr("Onto the tower on {where}", where=card_text(dest))
        if dest == "^":
            return tr("{card} stood upright", card=card_text(card))
        return tr("{card} onto {dest}", card=card_text(card), dest=card_text(dest))

    def check_step(self, scene: Scene, seat: int, mine: FloodView, carried: str) -> str:
        """A step must lead to a legal action: the towers the board had no room for, a tower taking
        several sizes, a ship that can go somewhere, or the start of a legal scrap."""
        legal = mine.legal
        parts = carried.split()
        if carried == "B":
            valid = bool(_actions(legal, "B"))
        elif carried.startswith("B ") and len(parts) == 2:
            sizes = [action for action in _actions(legal, "B") if action[2] == parts[1]]
            valid = len(sizes) > 1
        elif carried.startswith("S ") and len(parts) in (2, 3):
            valid = any(
                action[1] == parts[1] and (len(parts) == 2 or action[2].split(":")[0] == parts[2])
                for action in _actions(legal, "S")
            )
        else:
            valid = len(parts) == 1 and (
                any(action[1] == carried for action in _actions(legal, "I"))
                or any(action[1].split(":")[0] == carried for action in _actions(legal, "S"))
            )
        if not valid or carried != " ".join(parts):
            raise MatchError("That choice isn't possible any more; look at the latest board.")
        return carried

    # --- texts

    def action_phrase(self, scene: Scene, seat: int, action: str, *, done: bool = True) -> str:
        move = self.game.parse_action(action)
        if isinstance(move, Draw):
            return tr("drew two cards")
        if isinstance(move, Keep):
            return tr(KEPT[move.size], card=move.card.label)
        if isinstance(move, Build):
            return tr(BUILT[move.size], card=move.card.label)
        if isinstance(move, Infiltrate):
            return tr(
                "sent the ship on {card} to infiltrate {player}",
                card=move.card.label,
                player=scene.label(move.seat),
            )
        if isinstance(move, Resolve):
            return tr(
                "landed the infiltrating ship from {card} on {dest}",
                card=move.card.label,
                dest=move.dest.label,
            )
        if isinstance(move, Scrap):
            first, second = (
                self._scrap_move(str(part.card), str(part.dest) if part.dest else "^")
                for part in (move.first, move.second)
            )
            return tr("scrapped two ships: {first}, {second}", first=first, second=second)
        return tr("played {action}", action=action)

    def explain(self, scene: Scene, seat: int, action: str, events: list[str]) -> str:
        """What the move does, from its own event's facts, then what it settles for sure: the
        round's last turn (and why), the round's or the game's end. Never the cards a draw turns
        over nor the flood's rolls: on the copy the events come from, those are made up."""
        if events[0].kind == "DREW":  # the draw itself: its cards come next
            sentences = [self._draw_words(events[0].facts["cards"])]
        else:  # the move's own used slot comes first, before anything the rules then did
            sentences = [self._move_words(scene, events[0].facts["action"])]
        for event in events:
            if event.kind == "LAST":
                reason = (event.facts["deck_empty"], event.facts["stash_empty"])
                if reason in LAST_TURN_BECAUSE:
                    sentences.append(tr(LAST_TURN_BECAUSE[reason]))
            elif event.kind == "FLOOD":
                if event.facts["round"] == scene.public.rounds:
                    sentences.append(tr("The game ends here: the last flood comes, then the towers score"))
                else:
                    sentences.append(tr("The round ends here, and the flood comes"))
                break  # what follows the flood is the dice's doing
        return ". ".join(sentences)

    @staticmethod
    def _draw_words(drawn: list[dict]) -> str:
        """A draw: two cards from the deck, or its last one and the discard pile's top (public)."""
        if len(drawn) == 2 and not drawn[1]["from_discard"]:
            return tr("draws two cards from the deck: you keep one with a ship and discard the other")
        if len(drawn) == 2:
            return tr(
                "draws the deck's last card and the discard pile's top card, {card}: you keep one with a ship",
                card=card_text(drawn[1]["card"]),
            )
        return tr("draws the deck's last card, to keep it with a ship")

    def _move_words(self, scene: Scene, facts: ActionFacts) -> str:
        """The move itself, from its facts (a keep's are its draw's: both cards, the one kept)."""
        view = scene.public
        kind = facts.kind
        if kind == "draw":  # the keep
            others = [card.card for card in facts.drawn if card.card != facts.kept]
            card = card_text(facts.kept)
            if others:
                return tr(KEEPS[facts.size], card=card, other=card_text(others[0]))
            return tr(KEEPS_ONLY[facts.size], card=card)
        if kind == "build":
            height = tower_height(view, facts.card) + 1
            return tr(BUILDS[facts.size], card=card_text(facts.card), height=height)
        if kind == "scrap":
            first, second = (self._scrapped_ship(move) for move in facts.moves)
            return tr("scraps two ships: {first}, and {second}", first=first, second=second)
        if kind == "infiltrate":
            return tr(
                "sends your ship on {card}, card and all, to {player}. It lands when their turn comes, "
                "and a tower of theirs holding your colour scores its number for you at the end",
                card=card_text(facts.card),
                player=scene.label(facts.target),
            )
        return tr(  # a resolve: the infiltrating ship's target chooses its tower
            "lands {player}'s infiltrating ship from {card} on your tower on {dest}, making it {height} "
            "pyramids high",
            player=scene.label(view.resolving.sender),
            card=card_text(facts.card),
            dest=card_text(facts.dest),
            height=tower_height(view, facts.dest) + 1,
        )

    @staticmethod
    def _scrapped_ship(move: ShipMoveFacts) -> str:
        if move.dest is None:
            return tr("the ship on {card} stands up as a new tower", card=card_text(move.card))
        return tr(
            "the ship on {card} goes onto your tower on {dest}",
            card=card_text(move.card),
            dest=card_text(move.dest),
        )

    def describe_events(self, scene: Scene, events: list[str]) -> list[str]:
        """Each event in a line; a flood with all its rolls is one entry (lines below one another),
        so the board's recent lines keep it whole."""
        lines = []
        flood = None  # the index of the flood's entry, its rolls added to it
        for event in events:
            facts = event.facts
            if event.kind == "ROUND":
                lines.append(
                    tr(
                        "**Round {round}**: {player} starts, then {direction}.",
                        round=facts["round"],
                        player=self.seat_label(scene, facts["start"]),
                        direction=direction_text(facts["direction"]),
                    )
                )
            elif event.kind == "STARTROLL":
                dice = "".join(DIE_FACES[die] for die in facts["dice"])
                lines.append(
                    tr(
                        "Tie for the start: P{number} rolls {dice} ={sum}.",
                        number=facts["seat"] + 1,
                        dice=dice,
                        sum=facts["sum"],
                    )
                )
            elif event.kind == "DREW":
                cards = [
                    tr("{card} (from the discard pile)", card=card_text(card["card"]))
                    if card["from_discard"]
                    else card_text(card["card"])
                    for card in facts["cards"]
                ]
                lines.append(tr("🃏 Drawn: {cards}.", cards=listing(cards)))  # one or two cards
            elif event.kind == "LAST":
                lines.append(tr("⚠️ That ends the round after this turn."))
            elif event.kind == "FLOOD":
                flood = len(lines)
                lines.append(tr("🌊 **The flood after round {round}:**", round=facts["round"]))
            elif event.kind == "ROLL":
                dice = "".join(DIE_FACES[die] for die in facts["dice"])
                losses = "; ".join(
                    f"{card_text(hit['card'])} {pyramids_text(hit['before'])} → {pyramids_text(hit['after'])}"
                    for hit in facts["hits"]
                )
                roll = tr(
                    "{dice} sector {sector}: {losses}.",
                    dice=dice,
                    sector=facts["sector"],
                    losses=losses or tr("no tower hit"),
                )
                if flood is None:
                    lines.append(roll)
                else:
                    lines[flood] += "\n" + roll
            elif facts.get("automatic"):  # a slot the rules played for the player
                number = facts["seat"] + 1
                if facts["action"].kind == "pass":
                    lines.append(tr("P{number} has nothing to do and passes an action.", number=number))
                else:
                    lines.append(
                        tr(
                            "P{number}'s infiltrated ship from {card} lands on its own.",
                            number=number,
                            card=card_text(facts["action"].card),
                        )
                    )
        return lines

    def final_text(self, scene: Scene) -> str:
        """The winner, then each seat's points by kind, a line each (a phone wraps them; a table
        in a code block would run off its screen)."""
        view = scene.public
        lines = []
        for seat, side in enumerate(view.seats):
            row = side.score
            lines.append(
                tr(
                    "{player}: tallest {tallest} · singles {singles} · own towers {own} · their colour {colour}"
                    " = **{total}**",
                    player=self.seat_label(scene, seat),
                    tallest=row.tallest,
                    singles=row.singles,
                    own=row.own_points,
                    colour=row.colour_points,
                    total=row.total,
                )
            )
        winners = joined([f"**{scene.label(seat)}**" for seat in view.winners])
        if len(view.winners) > 1:
            title = tr("🏆 {winners} win Martian Flood!", winners=winners)
        else:
            title = tr("🏆 {winners} wins Martian Flood!", winners=winners)
        return "\n".join([title, *lines])


def stash_text(view: FloodView, seat: int) -> str:
    small, medium, large = view.seats[seat].stash
    return tr("stash {small} small, {medium} medium, {large} large", small=small, medium=medium, large=large)


def sized_card(card: str, pyramid: str) -> str:
    """A ship by its card and size: "9♥ (medium)"."""
    return tr("{card} ({size})", card=card_text(card), size=size_name(int(pyramid[1])))


def drew_text(scene: Scene, view: FloodView) -> str:
    """Who drew which cards, to keep one."""
    return tr(
        "{player} drew {cards} and keeps one.",
        player=scene.label(view.current),
        cards=joined([card_text(drawn.card) for drawn in view.drawn]),
    )


def tower_height(view: FloodView, card: str | None) -> int:
    """How many pyramids stand on `card` (none if it is no card in play)."""
    spot = view.card_in_play(card) if card else None
    return len(spot.tower) if spot else 0
