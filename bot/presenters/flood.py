"""How Martian Flood looks on Discord: its texts (the moves' buttons are `FloodControls`').

The picture shows only the cards and pieces; everything in words is here: the seats' stashes and
ships, whose turn, the deck, the flood's rolls, the picture's key and its alt text.
"""

from __future__ import annotations

from catalogue import listing, tr, trn
from games.flood import Build, Draw, Infiltrate, Keep, Resolve, Scrap
from games.flood_views import ActionFacts, FloodView, ShipMoveFacts
from renderers.words import colour_name, size_before

from ..layout import ALT_LIMIT
from .base import Scene
from .common import COLOUR_EMOJI, DIE_FACES
from .flood_controls import FloodControls
from .flood_words import (
    LAST_TURN_BECAUSE,
    card_text,
    direction_text,
    drew_text,
    joined,
    pyramids_text,
    rules_picture_words,
    scrap_move,
    sized_card,
    stash_text,
    tower_height,
)


class FloodPresenter(FloodControls):
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
        return rules_picture_words()

    # --- texts

    def action_phrase(self, scene: Scene, seat: int, action: str, *, done: bool = True) -> str:
        move = self.game.parse_action(action)
        if isinstance(move, Draw):
            return tr("drew two cards")
        if isinstance(move, Keep):
            return tr(
                "kept {card} with a {size} ship",
                card=move.card.label,
                size=size_before(move.size, "with a ship"),
            )
        if isinstance(move, Build):
            return tr(
                "built a {size} on {card}", card=move.card.label, size=size_before(move.size, "pyramid")
            )
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
                scrap_move(str(part.card), str(part.dest) if part.dest else "^")
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
                return tr(
                    "keeps {card} with a {size} ship from your stash and discards {other}",
                    card=card,
                    size=size_before(facts.size, "with a ship"),
                    other=card_text(others[0]),
                )
            # the deck's last card, with no discard pile to take a second from (E3)
            return tr(
                "keeps {card} with a {size} ship from your stash",
                card=card,
                size=size_before(facts.size, "with a ship"),
            )
        if kind == "build":
            height = tower_height(view, facts.card) + 1
            return tr(
                "builds a {size} pyramid on your tower on {card}, making it {height} pyramids high",
                size=size_before(facts.size, "pyramid"),
                card=card_text(facts.card),
                height=height,
            )
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
