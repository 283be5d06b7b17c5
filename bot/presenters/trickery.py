"""How Martian Trickery looks and is played on Discord: texts and move controls.

The board's picture shows the trick, the pool and what each seat took; everything in words (names,
scores, cards held, the dealer, whose turn) is here. A lead is one tap: the card buttons lead for
the prize shown as chosen (at first the largest point pyramid left), and a tap on another pyramid
(a `step` button, its code carried in the custom_id) first chooses that one instead.
"""

from __future__ import annotations

import discord

from catalogue import N_, listing, tr, trn
from games.pieces import RANK_LABELS, Card
from games.trickery import Trick, TrickerySeatView, TrickeryView
from renderers.trickery import PENALTY_GROUPS, PENALTY_HEADING, POINT_GROUPS
from renderers.words import colour_name, pyramid_name, size_name

from ..components import MatchButton
from ..errors import MatchError
from .base import Presenter, Prompt, Scene
from .common import pyramid_text

PYRAMID_SETS = {
    "rainbow": N_("Rainbow Treehouse"),
    "xeno": N_("Xeno Treehouse"),
    "mono": N_("two monochrome stashes"),
}
SUIT_WORDS = {"c": N_("clubs"), "d": N_("diamonds"), "h": N_("hearts"), "s": N_("spades")}
RANK_WORDS = {11: N_("jack"), 12: N_("queen"), 13: N_("king"), 14: N_("ace")}

# A card is written with the outline suit signs ♧ ♢ ♡ ♤: they are plain text, which Discord never
# turns into emoji, so they take the text's colour (white on every button; light on the dark
# theme, dark on the light one). The filled signs ♣♦♥♠ become emoji: a red ♥ on Discord's red
# button, or a near-black ♠ on its dark theme, can hardly be seen.
SUIT_SIGNS = {"c": "♧", "d": "♢", "h": "♡", "s": "♤"}
# Card buttons by suit colour: never a red suit on the red (danger) button nor a black suit on the
# grey (secondary) one, which is nearly black on the dark theme. Red suits take blurple (primary),
# black suits green (success), so the two colours of suits stay apart on the buttons too; the
# prize buttons are grey, or red for the penalty colour, so cards and prizes differ at a glance.
CARD_STYLES = {
    "c": discord.ButtonStyle.success,
    "s": discord.ButtonStyle.success,
    "d": discord.ButtonStyle.primary,
    "h": discord.ButtonStyle.primary,
}
ROW_WIDTH = 5  # buttons in one row of a message's controls
MAX_ROWS = 5


def card_text(card: str | Card) -> str:
    """'10♡': the rank and the suit's outline sign."""
    card = card if isinstance(card, Card) else Card.parse(card)
    return RANK_LABELS.get(card.rank, str(card.rank)) + SUIT_SIGNS[card.suit]


def card_words(card: str | Card) -> str:
    """'queen of hearts', for the pictures' descriptions (read aloud by screen readers)."""
    card = card if isinstance(card, Card) else Card.parse(card)
    rank = tr(RANK_WORDS[card.rank]) if card.rank in RANK_WORDS else str(card.rank)
    return tr("{rank} of {suit}", rank=rank, suit=tr(SUIT_WORDS[card.suit]))


def pyramid_groups(codes: tuple[str, ...], view: TrickeryView) -> str:
    """Pyramids by colour, given in the set's order as the view lists them and the pictures set
    them out: 'red: small, large; black (penalty): medium'."""
    groups: dict[str, list[str]] = {}
    for code in codes:
        groups.setdefault(code[0], []).append(size_name(int(code[1])))
    named = []
    for colour, sizes in groups.items():
        name = colour_name(colour)
        if colour == view.penalty_colour:
            name = tr("{colour} (penalty)", colour=name)
        named.append(tr("{colour}: {sizes}", colour=name, sizes=", ".join(sizes)))
    return "; ".join(named)


def capitalized(text: str) -> str:
    """The first letter upper-case and the rest as it is (`str.capitalize` would lower a German noun)."""
    return text[:1].upper() + text[1:]


def default_prize(pool: tuple[str, ...], view: TrickeryView) -> str:
    """The prize a lead is for until the leader picks another: the largest point pyramid left
    (of the first nest on a tie: the pool is in the set's order), else the largest penalty pyramid."""
    return min(pool, key=lambda code: (code[0] == view.penalty_colour, -int(code[1])))


class TrickeryPresenter(Presenter):
    public_controls = False  # moves are made in private prompts
    hand_label = N_("My hand")

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
            return f"{head}\n{self._trick_line(scene, trick)}"
        if over:
            last = tr(
                "On the table: the last trick; {player} won the {pyramid}.",
                player=self.seat_label(scene, trick.winner),
                pyramid=pyramid_text(trick.prize),
            )
            return f"{head}\n{last}"
        return head

    def _trick_line(self, scene: Scene, trick: Trick) -> str:
        """'P2 Bob led 7♡ for the large red (R3). P3 Chen played 9♡. P3 Chen is ahead.'"""
        lead = trick.plays[0]
        line = tr(
            "{player} led {card} for the {pyramid}.",
            player=self.seat_label(scene, lead.seat),
            card=card_text(lead.card),
            pyramid=pyramid_text(trick.prize),
        )
        followers = [
            tr("{player} played {card}", player=self.seat_label(scene, play.seat), card=card_text(play.card))
            for play in trick.plays[1:]
        ]
        if followers:
            line += f" {listing(followers)}. "
            line += tr("{player} is ahead.", player=self.seat_label(scene, trick.winner))
        return line

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

    # --- controls

    def prompt(self, scene: Scene, seat: int, mine: TrickerySeatView, choice: str = "") -> Prompt:
        """A button per legal card; when leading, a button per pyramid of the pool above them.

        `choice` is the prize the leader tapped (empty: the default prize)."""
        legal = [Card.parse(c) for c in mine.legal]
        trick = mine.trick
        if trick.plays:
            suit = tr(SUIT_WORDS[Card.parse(trick.plays[0].card).suit])
            must = (
                tr("You must follow {suit}.", suit=suit)
                if mine.must_follow
                else tr("You have no {suit}: play any card (a spade trumps).", suit=suit)
            )
            text = tr("**Your turn.** {lead}\n{must}", lead=self._trick_line(scene, trick), must=must)
            return Prompt(text, self._card_buttons(scene, [(str(card), card) for card in legal]))
        pool = tuple(dict.fromkeys(mine.pool))  # each pyramid once, as pictured
        if len(mine.pool) == 1:
            text = tr(
                "**Your lead — last trick.** The prize is the {pyramid}. Pick your card.",
                pyramid=pyramid_text(pool[0]),
            )
            return Prompt(text, self._card_buttons(scene, [(f"L {card}", card) for card in legal]))
        prize = choice if choice in pool else default_prize(pool, mine)
        text = tr(
            "**Your lead.** Prize: the {pyramid}; tap another pyramid to change it. Then tap your card.",
            pyramid=pyramid_text(prize),
        )
        if not mine.spades_broken:
            text += " " + tr("Spades aren't broken, so lead another suit if you can.")
        prizes = [
            MatchButton(
                scene.claim("step", code),
                label=("✓ " if code == prize else "") + capitalized(pyramid_name(code)),
                style=discord.ButtonStyle.danger
                if code[0] == mine.penalty_colour
                else discord.ButtonStyle.secondary,
            )
            for code in pool
        ]
        cards = self._card_buttons(scene, [(f"L {prize} {card}", card) for card in legal])
        return Prompt(text, in_rows(prizes, cards))

    @staticmethod
    def _card_buttons(scene: Scene, choices: list[tuple[str, Card]]) -> list[discord.ui.Item]:
        buttons = [
            MatchButton(scene.claim("act", action), label=card_text(card), style=CARD_STYLES[card.suit])
            for action, card in choices
        ]
        return in_rows(buttons)

    def check_step(self, scene: Scene, seat: int, mine: TrickerySeatView, carried: str) -> str:
        """The prize tapped: a pyramid of the pool, while the trick waits for its lead."""
        return self._checked_prize(mine, carried)

    def check_pick(
        self, scene: Scene, seat: int, mine: TrickerySeatView, values: list[str], carried: str
    ) -> str:
        """The prize chosen in the menu of a private message sent before prize buttons existed."""
        if len(values) != 1:
            raise MatchError("That pyramid isn't in the pool any more.")
        return self._checked_prize(mine, values[0])

    @staticmethod
    def _checked_prize(mine: TrickerySeatView, prize: str) -> str:
        if mine.trick.plays:
            raise MatchError("This trick has already been led.")
        if prize not in mine.pool:
            raise MatchError("That pyramid isn't in the pool any more.")
        return prize

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


def in_rows(*groups: list[discord.ui.Item]) -> list[discord.ui.Item]:
    """The groups' buttons in rows of five, each group starting a row of its own where the five
    rows a message allows leave room for that; else packed, one after the other."""
    own_rows = sum(-(-len(group) // ROW_WIDTH) for group in groups) <= MAX_ROWS
    index = 0
    for group in groups:
        if own_rows and index % ROW_WIDTH:
            index += ROW_WIDTH - index % ROW_WIDTH
        for item in group:
            item.row = index // ROW_WIDTH
            index += 1
    return [item for group in groups for item in group]
