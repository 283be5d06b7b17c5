"""How Martian Senet looks and is played on Discord.

Senet has no secrets, so its move buttons sit on the board message itself and nothing goes by
DM. The bot rolls the die (the match's seeded generator); a player only chooses which pyramid
moves, or which coaster travels on a 5: one tap on a button naming the pyramid, its square and
where it lands.

The picture is the board alone; everything in words is here: each player's line above it, the
roll under it, the key to its marks in small print, and the whole position as its alt text. What a
suggested move does, the learner's hint, is worded in senet_hints.py.
"""

from __future__ import annotations

import discord

from catalogue import N_, listing, tr, trn
from games.senet import OFF, SQUARES
from games.senet_views import SenetRoll, SenetSquare, SenetView
from renderers.senet_rules import STACK_RULES
from renderers.senet_words import DIE_RULES, OFF_WORD, TRACK_NAMES
from renderers.words import colour_name, size_before, size_name

from ..components import MatchButton
from .base import Presenter, Prompt, Scene
from .common import DIE_FACES
from .senet_hints import explain_move

COLOUR_SETS = {
    "single": N_("one colour each"),
    "treehouse": N_("two Treehouse sets: A green and blue, B red and yellow"),
    "treehouse_alt": N_("two Treehouse sets: A cyan and purple, B orange and clear"),
}
# Each track's squares in path order.
TRACK_PATHS = {track: tuple(name for name in SQUARES if name[0] == track) for track in TRACK_NAMES}
TRACK_WORDS = {name.lower(): name for name in TRACK_NAMES.values()}  # {source}, ... in templates
# A coaster move on its button, and as what a player did (a verb phrase, see `action_phrase`).
COASTER_BUTTONS = {"E": N_("E: east coaster to the west end"), "W": N_("W: west coaster to the east end")}
COASTER_MOVED = {
    "E": N_("moved the east coaster to the west end"),
    "W": N_("moved the west coaster to the east end"),
}
LEGEND = (  # the key to the board picture's marks, a line each
    N_(
        "**A** light disc, **B** dark disc: whose pyramid. Dark strip at a square's foot: locked in the nest above."
    ),
    N_(
        "The path: **S** {source} ←, down to **B** {balance} →, down to **P** {perfect} ←, then off; "
        "each turn down is one step. Columns 1 in the east (**E**) to 9 in the west (**W**)."
    ),
    N_(
        "Red and black frame: a block. Pink: the last move (round a coaster: it travelled). Yellow dashes: where this roll can land."
    ),
)


def roll_text(roll: int) -> str:
    return f"{DIE_FACES[roll]} **{roll}**"


def target_text(target: str) -> str:
    """A square as it is, or "off" (past P9) in words, as the board picture labels it."""
    return tr(OFF_WORD) if target == OFF else target


def roll_effect(roll: int, *, again: bool) -> str:
    """What a roll lets the player do: 'move a pyramid 4 steps; the turn then ends'."""
    if roll == 5:
        return tr("move a coaster, E or W, then roll again")
    if again:
        return trn(
            "move a pyramid {count} step, then roll again",
            "move a pyramid {count} steps, then roll again",
            roll,
            count=roll,
        )
    return trn(
        "move a pyramid {count} step; the turn then ends",
        "move a pyramid {count} steps; the turn then ends",
        roll,
        count=roll,
    )


def pieces_text(pieces) -> str:
    """'A large, B medium': owners and sizes, bottom to top."""
    return ", ".join(f"{piece.owner.upper()} {size_name(piece.size)}" for piece in pieces)


def stack_text(square: SenetSquare, *, block: bool = True) -> str:
    """A stack in words: 'A small, A medium inside A large with B medium on top' (and whose block
    it is, if it is one and `block`)."""
    text = pieces_text((square.outer,))
    if square.is_nest:
        text = tr("{locked} inside {outer}", locked=pieces_text(square.locked), outer=text)
    if square.is_tree:
        text = tr("{stack} with {tree} on top", stack=text, tree=pieces_text(square.tree))
    if block and square.block_owner:
        text = tr("{stack}: {player}'s block", stack=text, player=square.block_owner.upper())
    return text


class SenetPresenter(Presenter):
    def name_of(self, scene: Scene, player: str) -> str:
        """The name of whoever plays A or B."""
        return scene.names[scene.public.players[player].seat]

    def player_name(self, scene: Scene, player: str) -> str:
        """'alice (A)'."""
        return f"{self.name_of(scene, player)} ({player.upper()})"

    def seat_label(self, scene: Scene, seat: int) -> str:
        return self.player_name(scene, "a" if seat == scene.public.players["a"].seat else "b")

    def options_text(self, options) -> str:
        return tr("pyramids: {colours}", colours=tr(COLOUR_SETS[options["colours"]]))

    def start_line(self, scene: Scene) -> str:
        return tr(
            "Drawn at random: **{name}** is player A and moves first. The bot rolls the die for you.",
            name=self.name_of(scene, "a"),
        )

    # --- the board's text

    def seat_lines(self, scene: Scene) -> list[str]:
        """A, then B: letter and name, colours, pyramids borne off, and who is to move or has won."""
        view: SenetView = scene.public
        lines = []
        for player in view.players.values():
            colours = " + ".join(colour_name(colour) for colour in player.colours)
            parts = [
                f"**{player.letter.upper()}** · {scene.names[player.seat]} · {colours}",
                tr("{off}/{each} off", off=player.off, each=view.pyramids_each),
            ]
            if player.won:
                parts.append(f"🏆 {tr('WINNER')}")
            elif player.to_move:
                parts.append(f"🎲 {tr('to move')}")
            lines.append(" · ".join(parts))
        return lines

    def status_line(self, scene: Scene) -> str:
        view: SenetView = scene.public
        if view.roll is None:
            return tr("Turn {turn}", turn=view.turn)
        return tr(
            "Turn {turn} · **{player}** rolled {roll}: {effect}.",
            turn=view.turn,
            player=self.player_name(scene, view.current),
            roll=roll_text(view.roll),
            effect=roll_effect(view.roll, again=view.roll_again),
        )

    def legend(self, scene: Scene) -> str:
        lines = [tr(line, **TRACK_WORDS) for line in LEGEND]
        if scene.public.suggested:  # a tutorial's board marks its suggestion
            lines.append(tr("Cyan dashes: the suggested move, what would go and where it would land."))
        return "\n".join(lines)

    def describe(self, scene: Scene, view: SenetView, seat: int | None = None) -> str:
        """The position in words: whose turn and roll, the pyramids borne off, every stack by track
        in path order, the last move and where the roll can land."""
        if view.is_over:
            head = tr("Martian Senet, the end: {player} won.", player=self.player_name(scene, view.winner))
        elif view.roll is None:
            head = tr(
                "Martian Senet, turn {turn}: {player} to move.",
                turn=view.turn,
                player=self.player_name(scene, view.current),
            )
        else:
            head = tr(
                "Martian Senet, turn {turn}: {player} to move, rolled {roll}: {effect}.",
                turn=view.turn,
                player=self.player_name(scene, view.current),
                roll=view.roll,
                effect=roll_effect(view.roll, again=view.roll_again),
            )
        off = [
            tr(
                "{player} {off}/{each} off",
                player=self.player_name(scene, player.letter),
                off=player.off,
                each=view.pyramids_each,
            )
            for player in view.players.values()
        ]
        lines = [head, ", ".join(off) + "."]
        for track, names in TRACK_PATHS.items():
            stacks = [f"{name} {stack_text(view.squares[name])}" for name in names if name in view.squares]
            lines.append(
                tr(
                    "{track} ({first} to {last}): {stacks}.",
                    track=TRACK_NAMES[track],
                    first=names[0],
                    last=names[-1],
                    stacks="; ".join(stacks) or tr("empty"),
                )
            )
        if view.last:
            lines.append(
                tr(
                    "Last move: {player} {action}.",
                    player=self.player_name(scene, view.last.player),
                    action=self._moved(view.last),
                )
            )
        if view.landings:
            lines.append(
                tr(
                    "This roll can land on {squares}.",
                    squares=listing([target_text(target) for target in view.landings]),
                )
            )
        if view.suggested:  # a tutorial's suggestion, marked on the picture
            lines.append(tr("Suggested move: {move}.", move=self._button_label(view.suggested.action)))
        return "\n".join(lines)

    def rules_alt(self) -> str:
        stacks = "; ".join(f"{tr(name)}: {stack_text(square, block=False)}" for name, square in STACK_RULES)
        die = " ".join(f"{', '.join(map(str, faces))}: {tr(rule)}." for faces, rule in DIE_RULES)
        return "\n".join(
            (
                tr(
                    "The path over three rows of nine squares, columns 1 to 9 from the right: {source} "
                    "S1 to S9 right to left, down to {balance} B9 to B1 left to right, down to {perfect} "
                    "P1 to P9 right to left, then off.",
                    **TRACK_WORDS,
                ),
                tr("Three squares: {stacks}; a block is framed red and black.", stacks=stacks),
                tr("The die: {rules}", rules=die),
            )
        )

    # --- controls and events

    def prompt(self, scene: Scene, seat: int, mine: SenetView, choice: str = "") -> Prompt:
        """One button per legal action: a move per movable pyramid, or E / W on a 5."""
        items: list[discord.ui.Item] = [
            MatchButton(
                scene.claim("act", text),
                label=self._button_label(text),
                style=discord.ButtonStyle.success,
                row=index // 5,
            )
            for index, text in enumerate(mine.legal)
        ]
        return Prompt(tr("You rolled {roll}. Choose below.", roll=roll_text(mine.roll)), items)

    def _button_label(self, action: str) -> str:
        """An action as its button names it: 'Large S3 → S5', 'E: east coaster to the west end'."""
        if action in COASTER_BUTTONS:
            return tr(COASTER_BUTTONS[action])
        move = self.game.parse_action(action)
        size = size_before(move.size, "pyramid")
        return tr(
            "{size} {origin} → {target}",
            size=size[:1].upper() + size[1:],
            origin=move.origin,
            target=target_text(move.target),
        )

    @staticmethod
    def _moved(last: SenetRoll) -> str:
        """The last move, as what its player did: 'moved the large S3 → S5'."""
        if last.coaster:
            return tr(COASTER_MOVED[last.coaster])
        return moved_text(last.size, last.origin, f" → {target_text(last.target)}")

    def action_phrase(self, scene: Scene, seat: int, action: str, *, done: bool = True) -> str:
        """'rolled ⚃ **4** and moved the large S3 → S5': a verb phrase after the player's name."""
        parsed = self.game.parse_action(action)
        last = scene.public.last
        if str(parsed) in COASTER_MOVED:
            moved = tr(COASTER_MOVED[str(parsed)])
        else:
            target = parsed.target
            if target is None and done and last:  # typed short form: the board knows where it went
                target = last.target
            where = f" → {target_text(target)}" if target else ""
            moved = moved_text(parsed.size, parsed.origin, where)
        if done and last:
            return tr("rolled {roll} and {action}", roll=roll_text(last.roll), action=moved)
        return moved

    def explain(self, scene: Scene, seat: int, action: str, events: list[str]) -> str:
        """The learner's hint (bot/presenters/senet_hints.py)."""
        return explain_move(events, scene.public.pyramids_each)

    def describe_events(self, scene: Scene, events: list[str]) -> list[str]:
        """The automatic part of the roll chain: rolls without a legal move, and turn passes."""
        lines = []
        for event in events:
            facts = event.facts
            if facts.get("action") == "-":
                roll = roll_text(facts["roll"])
                if facts["again"]:
                    lines.append(tr("{roll}: no legal move, rolls again.", roll=roll))
                else:
                    lines.append(tr("{roll}: no legal move, the turn passes.", roll=roll))
            elif event.kind == "PASS":
                lines.append(
                    tr("Now it's **{player}**'s turn.", player=self.player_name(scene, facts["player"]))
                )
        return lines

    def final_text(self, scene: Scene) -> str:
        view: SenetView = scene.public
        parts = [f"{TRACK_NAMES[t]} {view.breakdown[t]} × {view.track_points[t]}" for t in ("S", "B", "P")]
        won = tr(
            "🏆 **{player} wins Martian Senet**: all {count} pyramids borne off!",
            player=self.player_name(scene, view.winner),
            count=view.pyramids_each,
        )
        points = tr(
            "Points: **{points}**, from {player}'s pyramids left on the board (pips × track): {parts}.",
            points=view.points,
            player=self.player_name(scene, view.loser),
            parts=" + ".join(parts),
        )
        return f"{won}\n{points}"


def moved_text(size: int, origin: str, where: str) -> str:
    """What a player did, as a verb phrase: 'moved the small S8 → B5'."""
    return tr(
        "moved the {size} {origin}{where}", size=size_before(size, "pyramid"), origin=origin, where=where
    )
