"""How Martian Trickery is told on Discord: every text (the move controls are `trickery_controls`).

The board's picture shows the trick, the pool and what each seat took; everything in words (names,
scores, cards held, the dealer, whose turn) is here.
"""

from __future__ import annotations

from catalogue import tr, trn
from games.pieces import Card
from games.trickery import TrickerySeatView, TrickeryView
from renderers.trickery_rules import PENALTY_GROUPS, PENALTY_HEADING, POINT_GROUPS
from renderers.words import colour_name, pyramid_name

from .base import Scene
from .common import pyramid_text
from .trickery_controls import TrickeryControls
from .trickery_words import (
    PYRAMID_SETS,
    SUIT_WORDS,
    capitalized,
    card_text,
    card_words,
    pyramid_groups,
    trick_line,
)


class TrickeryPresenter(TrickeryControls):
    """Trickery's texts, on top of its controls."""

    def options_text(self, options) -> str:
        dealer = options.get("first_dealer", "random")
        chosen = options["pyramids"]
        pyramids = tr(PYRAMID_SETS[chosen]) if chosen in PYRAMID_SETS else chosen
        if dealer == "random":
            return tr("pyramids: {pyramids}", pyramids=pyramids)
        return tr("pyramids: {pyramids}; P{dealer} deals first", pyramids=pyramids, dealer=dealer)

    def start_line(self, scene: Scene) -> str:
        return tr("The cards are dealt — check your DMs.")

    def chapter(self, scene: Scene) -> str:
        return f"hand {scene.public.hand_number}"  # a stored key, never shown: not translated

    def news_for_everyone(self, events: list[str]) -> bool:
        """A new deal: every player gets their new cards privately."""
        return any(event.kind == "HAND" for event in events)

    # --- the board's text

    def seat_lines(self, scene: Scene) -> list[str]:
        """'**P1 Alice** · 12 points · 9 cards · 2 tricks · dealer · **to play**'."""
        view = scene.public
        lines = []
        for seat, info in enumerate(view.seats):
            parts = [
                f"**{self.seat_label(scene, seat)}**",
                trn("{total} point", "{total} points", info.total, total=info.total),
            ]
            if not view.is_over:
                cards, tricks = info.cards_left, len(info.taken)
                parts.append(trn("{count} card", "{count} cards", cards, count=cards))
                parts.append(trn("{count} trick", "{count} tricks", tricks, count=tricks))
                if seat == view.dealer:
                    parts.append(tr("dealer"))
                if seat in view.to_move:
                    parts.append(tr("**to play**") if view.trick.plays else tr("**to lead**"))
            line = " · ".join(parts)
            lines.append(f"🏆 {line}" if seat in view.winners else line)
        return lines

    def status_line(self, scene: Scene) -> str:
        """Where the hand stands, and the trick on the table in words."""
        view = scene.public
        where = {"hand": view.hand_number, "trick": view.trick_number, "tricks": view.tricks_per_hand}
        if view.spades_broken:
            head = tr("Hand {hand} · Trick {trick}/{tricks} · spades broken", **where)
        else:
            head = tr("Hand {hand} · Trick {trick}/{tricks} · spades not broken", **where)
        trick = view.table
        over = trick.over
        if len(trick.plays) > 1 and not over:  # the lead alone is the latest action, listed already
            return f"{head}\n{trick_line(self, scene, trick)}"
        if over:
            last = tr(
                "On the table: the last trick; {player} won the {pyramid}.",
                player=self.seat_label(scene, trick.winner),
                pyramid=pyramid_text(trick.prize),
            )
            return f"{head}\n{last}"
        return head

    def legend(self, scene: Scene) -> str:
        view = scene.public
        letters = ", ".join(f"{colour} {colour_name(colour)}" for colour in dict.fromkeys(view.nests))
        return "\n".join(
            [
                tr(
                    "Picture: the trick (the prize pyramid, then the cards in play order; green: the card "
                    "taking it, yellow: who plays next), the pool, and the pyramids each player took this hand."
                ),
                tr(
                    "Letters: {letters}. {penalty} pyramids are penalties (red edge, − badge).",
                    letters=letters,
                    penalty=capitalized(colour_name(view.penalty_colour)),
                ),
            ]
        )

    def describe(self, scene: Scene, view: TrickeryView, seat: int | None = None) -> str:
        """The board in plain words; from a seat's own view, its hand first (what its picture
        shows, kept whole if the alt text is cut), then the board."""
        lines = [self._describe_hand(view)] if seat is not None else []
        lines.append(self._describe_heading(view))
        for each in range(view.num_players):
            lines.append(self._describe_seat(scene, view, each))
        lines.append(self._describe_table(scene, view))
        if not view.is_over:
            lines.append(self._describe_pool(view))
        return "\n".join(line for line in lines if line)

    @staticmethod
    def _describe_heading(view: TrickeryView) -> str:
        if view.is_over:
            hands = view.hand_number
            return trn(
                "Martian Trickery, the end after {count} hand.",
                "Martian Trickery, the end after {count} hands.",
                hands,
                count=hands,
            )
        where = {"hand": view.hand_number, "trick": view.trick_number, "tricks": view.tricks_per_hand}
        if view.spades_broken:
            return tr("Martian Trickery, hand {hand}, trick {trick} of {tricks}; spades are broken.", **where)
        return tr("Martian Trickery, hand {hand}, trick {trick} of {tricks}; spades are not broken.", **where)

    def _describe_seat(self, scene: Scene, view: TrickeryView, seat: int) -> str:
        """'P1 Alice: 12 points, 9 cards, dealer; took red: large; black (penalty): small.'"""
        info = view.seats[seat]
        facts = [trn("{total} point", "{total} points", info.total, total=info.total)]
        if not view.is_over:
            facts.append(trn("{count} card", "{count} cards", info.cards_left, count=info.cards_left))
            if seat == view.dealer:
                facts.append(tr("dealer"))
        if seat in view.to_move:
            facts.append(tr("to play now"))
        if seat in view.winners:
            facts.append(tr("the winner"))
        taken = info.taken
        took = tr("took {pyramids}", pyramids=pyramid_groups(taken, view)) if taken else tr("took nothing")
        return tr(
            "{player}: {facts}; {took}.",
            player=self.seat_label(scene, seat),
            facts=", ".join(facts),
            took=took,
        )

    def _describe_table(self, scene: Scene, view: TrickeryView) -> str:
        trick = view.table
        plays = [
            tr("{player}: {card}", player=self.seat_label(scene, play.seat), card=card_words(play.card))
            for play in trick.plays
        ]
        if trick.over:
            return tr(
                "On the table, the last trick for the {pyramid}: {plays}; {player} won it.",
                pyramid=pyramid_name(trick.prize),
                plays=", ".join(plays),
                player=self.seat_label(scene, trick.winner),
            )
        if plays:
            return tr(
                "On the table, the trick for the {pyramid}: {plays}; {player} is ahead.",
                pyramid=pyramid_name(trick.prize),
                plays=", ".join(plays),
                player=self.seat_label(scene, trick.winner),
            )
        return tr("The table is empty: no card led yet.")

    @staticmethod
    def _describe_pool(view: TrickeryView) -> str:
        """'Pool: red: small, large; black (penalty): medium.'"""
        if not view.pool:
            return tr("The pool is empty.")
        return tr("Pool: {nests}.", nests=pyramid_groups(view.pool, view))

    @staticmethod
    def _describe_hand(mine: TrickerySeatView) -> str:
        cards = [card_words(card) for card in mine.hand]
        if not cards:
            return tr("Your hand: no cards left.")
        text = tr("Your hand: {cards}.", cards=", ".join(cards))
        if mine.seat in mine.to_move:
            legal = set(mine.legal)
            playable = [card_words(card) for card in mine.hand if card in legal]
            held_back = [card_words(card) for card in mine.hand if card not in legal]
            if not held_back:
                text += "\n" + tr("Your turn: you may play any of them.")
            elif len(playable) <= len(held_back):
                text += "\n" + tr("Your turn: you may play {cards}.", cards=", ".join(playable))
            else:
                text += "\n" + tr("Your turn: you may play any but {cards}.", cards=", ".join(held_back))
        return text

    def rules_alt(self) -> str:
        """The scoring guide in words: every group and what it is worth."""
        points = [
            tr("{title} ({description}): {value}", title=tr(title), description=tr(words), value=tr(value))
            for _, title, words, value in POINT_GROUPS
        ]
        penalties = [
            tr("{title} ({description}): {value}", title=tr(title), description=tr(words), value=tr(value))
            for _, title, words, value in PENALTY_GROUPS
        ]
        return "\n".join(
            [
                tr("Martian Trickery scoring: your pyramids are split into the groups that score the most."),
                "; ".join(points) + ".",
                f"{tr(PENALTY_HEADING)}: " + "; ".join(penalties) + ".",
            ]
        )

    def describe_events(self, scene: Scene, events: list[str]) -> list[str]:
        """The engine's events (`WIN P3 K2`, `BROKEN`, ...) as sentences for the board message."""
        lines = []
        for event in events:
            facts = event.facts
            if event.kind == "BROKEN":
                lines.append(tr("♤ **Spades are broken!** They may be led from now on."))
            elif event.kind == "WIN":
                lines.append(
                    tr(
                        "**{player}** won the trick and takes the {pyramid}.",
                        player=self.seat_label(scene, facts["seat"]),
                        pyramid=pyramid_text(facts["prize"]),
                    )
                )
            elif event.kind == "SCORE":
                lines.append(
                    tr(
                        "• {player}: {score:+d} this hand, total {total}",
                        player=self.seat_label(scene, facts["seat"]),
                        score=facts["score"],
                        total=facts["total"],
                    )
                )
            elif event.kind == "HAND":
                lines.append(
                    tr(
                        "**Hand {number}** — {player} deals. New cards are in your DMs.",
                        number=facts["number"],
                        player=self.seat_label(scene, facts["dealer"]),
                    )
                )
        kinds = [event.kind for event in events]
        if "SCORE" in kinds:
            lines.insert(kinds.index("SCORE"), tr("**Hand scores:**"))
        return lines

    def private_text(self, scene: Scene, seat: int, mine: TrickerySeatView) -> str:
        cards = " ".join(card_text(card) for card in mine.hand)
        return tr("Your cards: {cards}", cards=cards or tr("no cards"))

    def action_phrase(self, scene: Scene, seat: int, action: str, *, done: bool = True) -> str:
        """The action as a verb phrase: 'led 7♡ for the large red (R3)'."""
        words = action.split()
        if words[0] == "L" and len(words) == 3:
            return tr(
                "led {card} for the {pyramid}", card=card_text(words[2]), pyramid=pyramid_text(words[1])
            )
        if words[0] == "L":
            return tr("led {card}", card=card_text(words[1]))
        return tr("played {card}", card=card_text(words[0]))

    def explain(self, scene: Scene, seat: int, action: str, events: list[str]) -> str:
        """The card and why, then what it settles for sure: the trick, if it is the trick's last card
        (and with it the hand's score and the match's end). 'follows hearts with 9♡. You win the
        trick and take the large red'."""
        sentences = [self._move_words(scene.public, action.split(), events)]
        for event in events:
            facts = event.facts
            if event.kind == "WIN":
                sentences.append(self._trick_won_words(scene, seat, facts["seat"], facts["prize"]))
            elif event.kind == "SCORE" and facts["seat"] == seat:
                sentences.append(
                    tr(
                        "The hand ends: you score {score:+d}, {total} in all",
                        score=facts["score"],
                        total=facts["total"],
                    )
                )
            elif event.kind == "WINNER":
                if facts["seat"] == seat:
                    sentences.append(tr("You win the match"))
                else:
                    sentences.append(
                        tr("{player} wins the match", player=self.seat_label(scene, facts["seat"]))
                    )
        return ". ".join(sentences)

    @staticmethod
    def _move_words(view: TrickeryView, words: list[str], events: list[str]) -> str:
        """What the card does in the trick: leads it for a prize, follows suit, discards or trumps."""
        card = Card.parse(words[-1])
        if words[0] == "L" and len(words) == 3:
            prize = words[1]
            values = {"card": card_text(card), "pyramid": pyramid_name(prize)}
            if prize[0] == view.penalty_colour:
                return tr(
                    "leads {card} for the {pyramid}, a penalty pyramid: whoever wins the trick takes it",
                    **values,
                )
            return tr("leads {card} for the {pyramid}: whoever wins the trick takes it", **values)
        if words[0] == "L":
            return tr(
                "leads {card} for the {pyramid}, the last pyramid left",
                card=card_text(card),
                pyramid=pyramid_name(view.pool[0]),
            )
        lead = Card.parse(view.trick.plays[0].card)
        values = {"suit": tr(SUIT_WORDS[lead.suit]), "card": card_text(card)}
        if card.suit == lead.suit:
            return tr("follows {suit} with {card}", **values)
        if card.suit != "s":
            return tr("has no {suit} and discards {card}", **values)
        if any(event.kind == "BROKEN" for event in events):
            return tr("has no {suit} and trumps with {card}, which breaks spades", **values)
        return tr("has no {suit} and trumps with {card}", **values)

    def _trick_won_words(self, scene: Scene, seat: int, winner: int, prize: str) -> str:
        pyramid = pyramid_name(prize)
        if winner != seat:
            return tr(
                "{player} wins the trick and takes the {pyramid}",
                player=self.seat_label(scene, winner),
                pyramid=pyramid,
            )
        if prize[0] == scene.public.penalty_colour:
            return tr("You win the trick and take the {pyramid}, a penalty pyramid", pyramid=pyramid)
        return tr("You win the trick and take the {pyramid}", pyramid=pyramid)

    def final_text(self, scene: Scene) -> str:
        """Final standings: the winner and every hand's scores, in a table narrow enough for a phone
        (columns headed P1-P4: the seat lines above name the players)."""
        view = scene.public
        totals = [info.total for info in view.seats]
        tags = [f"P{seat + 1}" for seat in range(len(scene.names))]
        cells = [f"{score:+d}" for row in view.hand_scores for score in row] + [str(t) for t in totals]
        width = max(len(cell) for cell in [*tags, *cells])
        hand_word, total_word = tr("Hand"), tr("Total")
        label_w = max(6, len(hand_word) + 2, len(total_word) + 1)  # the first column, as its words need
        lines = [hand_word.ljust(label_w) + "  ".join(tag.rjust(width) for tag in tags)]
        for number, row in enumerate(view.hand_scores, start=1):
            lines.append(
                f"{number:<{label_w - 2}}  " + "  ".join(f"{score:+d}".rjust(width) for score in row)
            )
        lines.append(total_word.ljust(label_w) + "  ".join(str(total).rjust(width) for total in totals))
        winner = view.winners[0]
        head = tr(
            "🏆 **{player} wins Martian Trickery** with {points} points!",
            player=self.seat_label(scene, winner),
            points=totals[winner],
        )
        return f"{head}\n```\n" + "\n".join(lines) + "\n```"
