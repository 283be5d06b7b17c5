"""How Martian Senet looks and is played on Discord.

Senet has no secrets, so its move buttons sit on the board message itself and nothing goes by
DM. The bot rolls the die (the match's seeded generator); a player only chooses which pyramid
moves, or which coaster travels on a 5.
"""

from __future__ import annotations

import discord

from catalogue import N_, tr
from games.senet import OFF

from ..components import MatchButton
from .base import Presenter, Prompt, Scene

DIE_FACES = {1: "⚀", 2: "⚁", 3: "⚂", 4: "⚃", 5: "⚄", 6: "⚅"}
COLOUR_SETS = {
    "single": N_("one colour each"),
    "treehouse": N_("two Treehouse sets: A green and blue, B red and yellow"),
    "treehouse_alt": N_("two Treehouse sets: A cyan and purple, B orange and clear"),
}
TRACK_NAMES = {"S": "Source", "B": "Balance", "P": "Perfect"}  # names, like the S, B, P of notation
# A coaster move on its button, and as what a player did (a verb phrase, see `action_phrase`).
COASTER_BUTTONS = {"E": N_("E: east coaster to the west end"), "W": N_("W: west coaster to the east end")}
COASTER_MOVED = {
    "E": N_("moved the east coaster to the west end"),
    "W": N_("moved the west coaster to the east end"),
}
# A move by the size of its pyramid: on its button, and as what a player did.
MOVE_BUTTONS = {
    1: N_("Small {origin} → {target}"),
    2: N_("Medium {origin} → {target}"),
    3: N_("Large {origin} → {target}"),
}
MOVED = {
    1: N_("moved the small {origin}{where}"),
    2: N_("moved the medium {origin}{where}"),
    3: N_("moved the large {origin}{where}"),
}


def roll_text(roll: int) -> str:
    return f"{DIE_FACES[roll]} **{roll}**"


def target_text(target: str) -> str:
    """A square as it is, or "off" (past P9) in words, as the board picture labels it."""
    return tr("off") if target == OFF else target


class SenetPresenter(Presenter):
    def player_name(self, scene: Scene, player: str) -> str:
        """'alice (A)'."""
        a_seat = scene.public["a_seat"]
        seat = a_seat if player == "a" else 1 - a_seat
        return f"{scene.names[seat]} ({player.upper()})"

    def seat_label(self, scene: Scene, seat: int) -> str:
        return self.player_name(scene, "a" if seat == scene.public["a_seat"] else "b")

    def options_text(self, options) -> str:
        return tr("pyramids: {colours}", colours=tr(COLOUR_SETS[options["colours"]]))

    def start_line(self, scene: Scene) -> str:
        seat = scene.public["a_seat"]
        return tr(
            "Drawn at random: **{name}** is player A and moves first. The bot rolls the die for you.",
            name=scene.names[seat],
        )

    def status_line(self, scene: Scene) -> str:
        view = scene.public
        each = view["pyramids_each"]
        off = " · ".join(
            tr("{player} {off}/{each} off", player=self.player_name(scene, p), off=view["off"][p], each=each)
            for p in ("a", "b")
        )
        roll = view["roll"]
        player, rolled = self.player_name(scene, view["current"]), roll_text(roll)
        if roll == 5:
            what = tr("{player} rolled {roll}: choose which coaster travels.", player=player, roll=rolled)
        else:
            what = tr("{player} rolled {roll}: choose a move.", player=player, roll=rolled)
        return "\n".join((tr("Turn {turn} · {off}", turn=view["turn"], off=off), what))

    def prompt(self, scene: Scene, seat: int, mine: dict, choice: str = "") -> Prompt:
        """One button per legal action: a move per movable pyramid, or E / W on a 5."""
        items: list[discord.ui.Item] = []
        for index, text in enumerate(mine["legal"]):
            if text in COASTER_BUTTONS:
                label = tr(COASTER_BUTTONS[text])
            else:
                move = self.game.parse_action(text)
                label = tr(MOVE_BUTTONS[move.size], origin=move.origin, target=target_text(move.target))
            items.append(
                MatchButton(
                    scene.claim("act", text), label=label, style=discord.ButtonStyle.success, row=index // 5
                )
            )
        return Prompt(tr("You rolled {roll}. Choose below.", roll=roll_text(mine["roll"])), items)

    def action_phrase(self, scene: Scene, seat: int, action: str, *, done: bool = True) -> str:
        """'rolled ⚃ **4** and moved the large S3 → S5': a verb phrase after the player's name."""
        parsed = self.game.parse_action(action)
        last = scene.public["last"] or {}
        if str(parsed) in COASTER_MOVED:
            moved = tr(COASTER_MOVED[str(parsed)])
        else:
            target = parsed.target
            if target is None and done:  # typed short form: the board knows where it went
                target = last.get("to")
            where = f" → {target_text(target)}" if target else ""
            moved = tr(MOVED[parsed.size], origin=parsed.origin, where=where)
        if done and last:
            return tr("rolled {roll} and {action}", roll=roll_text(last["roll"]), action=moved)
        return moved

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
        view = scene.public
        loser = "b" if view["winner"] == "a" else "a"
        breakdown, track_points = view["breakdown"], view["track_points"]
        parts = [f"{TRACK_NAMES[t]} {breakdown[t]} × {track_points[t]}" for t in ("S", "B", "P")]
        won = tr(
            "🏆 **{player} wins Martian Senet**: all {count} pyramids borne off!",
            player=self.player_name(scene, view["winner"]),
            count=view["pyramids_each"],
        )
        points = tr(
            "Points: **{points}**, from {player}'s pyramids left on the board (pips × track): {parts}.",
            points=view["points"],
            player=self.player_name(scene, loser),
            parts=" + ".join(parts),
        )
        return f"{won}\n{points}"
