"""How Martian Senet looks and is played on Discord.

Senet has no secrets, so its move buttons sit on the board message itself and nothing goes by
DM. The bot rolls the die (the match's seeded generator); a player only chooses which pyramid
moves, or which coaster travels on a 5.
"""

from __future__ import annotations

import discord

from games.pieces import SIZE_NAMES

from ..components import MatchButton
from .base import Presenter, Prompt, Scene

DIE_FACES = {1: "⚀", 2: "⚁", 3: "⚂", 4: "⚃", 5: "⚄", 6: "⚅"}
COLOUR_SETS = {
    "single": "one colour each",
    "treehouse": "two Treehouse sets: A green and blue, B red and yellow",
    "treehouse_alt": "two Treehouse sets: A cyan and purple, B orange and clear",
}
TRACK_NAMES = {"S": "Source", "B": "Balance", "P": "Perfect"}
COASTER_MOVES = {"E": "east coaster to the west end", "W": "west coaster to the east end"}


def roll_text(roll: int) -> str:
    return f"{DIE_FACES[roll]} **{roll}**"


class SenetPresenter(Presenter):
    def player_name(self, scene: Scene, player: str) -> str:
        """'alice (A)'."""
        a_seat = scene.public["a_seat"]
        seat = a_seat if player == "a" else 1 - a_seat
        return f"{scene.names[seat]} ({player.upper()})"

    def seat_label(self, scene: Scene, seat: int) -> str:
        return self.player_name(scene, "a" if seat == scene.public["a_seat"] else "b")

    def options_text(self, options) -> str:
        return f"pyramids: {COLOUR_SETS[options['colours']]}"

    def start_line(self, scene: Scene) -> str:
        seat = scene.public["a_seat"]
        return (
            f"Drawn at random: **{scene.names[seat]}** is player A and moves first. "
            "The bot rolls the die for you."
        )

    def status_line(self, scene: Scene) -> str:
        view = scene.public
        each = view["pyramids_each"]
        off = " · ".join(f"{self.player_name(scene, p)} {view['off'][p]}/{each} off" for p in ("a", "b"))
        roll = view["roll"]
        what = "choose which coaster travels" if roll == 5 else "choose a move"
        return (
            f"Turn {view['turn']} · {off}\n"
            f"{self.player_name(scene, view['current'])} rolled {roll_text(roll)}: {what}."
        )

    def prompt(self, scene: Scene, seat: int, mine: dict, choice: str = "") -> Prompt:
        """One button per legal action: a move per movable pyramid, or E / W on a 5."""
        items: list[discord.ui.Item] = []
        for index, text in enumerate(mine["legal"]):
            if text in COASTER_MOVES:
                label = f"{text}: {COASTER_MOVES[text]}"
            else:
                move = self.game.parse_action(text)
                label = f"{SIZE_NAMES[move.size].capitalize()} {move.origin} → {move.target}"
            items.append(
                MatchButton(
                    scene.claim("act", text), label=label, style=discord.ButtonStyle.success, row=index // 5
                )
            )
        return Prompt(f"You rolled {roll_text(mine['roll'])}. Choose below.", items)

    def action_phrase(self, scene: Scene, seat: int, action: str, *, done: bool = True) -> str:
        parsed = self.game.parse_action(action)
        last = scene.public["last"] or {}
        rolled = f"rolled {roll_text(last['roll'])} and " if done and last else ""
        if str(parsed) in COASTER_MOVES:
            return f"{rolled}moved the {COASTER_MOVES[str(parsed)]}"
        target = parsed.target
        if target is None and done:  # typed short form: the board knows where it went
            target = last.get("to")
        where = f" → {target}" if target else ""
        return f"{rolled}moved the {SIZE_NAMES[parsed.size]} {parsed.origin}{where}"

    def describe_events(self, scene: Scene, events: list[str]) -> list[str]:
        """The automatic part of the roll chain: rolls without a legal move, and turn passes."""
        lines = []
        for event in events:
            facts = event.facts
            if facts.get("action") == "-":
                then = "rolls again" if facts["again"] else "the turn passes"
                lines.append(f"{roll_text(facts['roll'])}: no legal move, {then}.")
            elif event.kind == "PASS":
                lines.append(f"Now it's **{self.player_name(scene, facts['player'])}**'s turn.")
        return lines

    def final_text(self, scene: Scene) -> str:
        view = scene.public
        loser = "b" if view["winner"] == "a" else "a"
        breakdown, track_points = view["breakdown"], view["track_points"]
        parts = [f"{TRACK_NAMES[t]} {breakdown[t]} × {track_points[t]}" for t in ("S", "B", "P")]
        return (
            f"🏆 **{self.player_name(scene, view['winner'])} wins Martian Senet**: "
            f"all {view['pyramids_each']} pyramids borne off!\n"
            f"Points: **{view['points']}**, from {self.player_name(scene, loser)}'s pyramids left on the board "
            f"(pips × track): {' + '.join(parts)}."
        )
