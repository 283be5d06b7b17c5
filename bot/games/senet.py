"""How Martian Senet looks and is played on Discord.

Senet has no secrets, so its move buttons sit on the board message itself (PUBLIC_CONTROLS) and
nothing goes by DM. The bot rolls the die (the match's seeded generator); a player only chooses
which pyramid moves, or which coaster travels on a 5.
"""

from __future__ import annotations

import discord

from games.pieces import SIZE_NAMES

from ..components import Claim, MatchButton, Prompt
from ..service import Match, MatchError

PUBLIC_CONTROLS = True
HAND_LABEL = None
DIE_FACES = {1: "⚀", 2: "⚁", 3: "⚂", 4: "⚃", 5: "⚄", 6: "⚅"}
COLOUR_SETS = {
    "single": "one colour each",
    "treehouse": "two Treehouse sets: A green and blue, B red and yellow",
    "treehouse_alt": "two Treehouse sets: A cyan and purple, B orange and clear",
}
TRACK_NAMES = {"S": "Source", "B": "Balance", "P": "Perfect"}
TRACK_POINTS = {"S": 3, "B": 2, "P": 1}


def _seat_of(view: dict, player: str) -> int:
    return view["a_seat"] if player == "a" else 1 - view["a_seat"]


def player_name(match: Match, player: str) -> str:
    """'alice (A)'."""
    seat = _seat_of(match.state.view(None), player)
    return f"{match.seats[seat].display_name} ({player.upper()})"


def options_text(options: dict) -> str:
    return f"pyramids: {COLOUR_SETS[options['colours']]}"


def seat_label(match: Match, seat: int) -> str:
    view = match.state.view(None)
    return player_name(match, "a" if seat == view["a_seat"] else "b")


def start_line(match: Match) -> str:
    seat = match.state.view(None)["a_seat"]
    return (
        f"Drawn at random: **{match.seats[seat].display_name}** is player A and moves first. "
        "The bot rolls the die for you."
    )


def news_for_everyone(events: list[str]) -> bool:
    return False


def private_text(match: Match, seat: int) -> str:
    return ""


def _roll_text(roll: int) -> str:
    return f"{DIE_FACES[roll]} **{roll}**"


def status_line(match: Match) -> str:
    view = match.state.view(None)
    off = " · ".join(f"{player_name(match, p)} {view['off'][p]}/12 off" for p in ("a", "b"))
    roll = view["roll"]
    what = "choose which coaster travels" if roll == 5 else "choose a move"
    return f"Turn {view['turn']} · {off}\n{player_name(match, view['current'])} rolled {_roll_text(roll)}: {what}."


def _move_label(move) -> str:
    target = "off" if move.target == "off" else move.target
    return f"{SIZE_NAMES[move.size].capitalize()} {move.origin} → {target}"


def prompt(match: Match, seat: int, choice: str = "") -> Prompt:
    """One button per legal action: a move per movable pyramid, or E / W on a 5."""
    view = match.state.view(seat)
    items: list[discord.ui.Item] = []
    for index, action in enumerate(match.state.legal_actions(seat)):
        text = str(action)
        if text in ("E", "W"):
            label = "E: east coaster to the west end" if text == "E" else "W: west coaster to the east end"
        else:
            label = _move_label(action)
        items.append(
            MatchButton(
                Claim(match.id, match.version, "act", text),
                label=label,
                style=discord.ButtonStyle.success,
                row=index // 5,
            )
        )
    return Prompt(f"You rolled {_roll_text(view['roll'])}. Choose below.", items)


def check_pick(match: Match, seat: int, values: list[str], carried: str) -> str:
    raise MatchError("Senet has nothing to pick here; use the buttons on the board.")


def action_phrase(match: Match, seat: int, action: str, *, done: bool = True) -> str:
    parsed = match.game.parse_action(action)
    last = match.state.view(None)["last"] or {}
    rolled = f"rolled {_roll_text(last['roll'])} and " if done and last else ""
    if str(parsed) in ("E", "W"):
        end = "east coaster to the west end" if str(parsed) == "E" else "west coaster to the east end"
        return f"{rolled}moved the {end}"
    target = parsed.target
    if target is None and done:  # typed short form: the board knows where it went
        target = last.get("to")
    where = f" → {target}" if target else ""
    return f"{rolled}moved the {SIZE_NAMES[parsed.size]} {parsed.origin}{where}"


def describe_events(match: Match, events: list[str]) -> list[str]:
    """The automatic part of the roll chain: rolls without a legal move, and turn passes."""
    lines = []
    for event in events:
        words = event.split()
        if event.endswith(":-"):
            roll = int(event.split(":")[0])
            then = "rolls again" if roll in (1, 6) else "the turn passes"
            lines.append(f"{_roll_text(roll)}: no legal move, {then}.")
        elif words[0] == "PASS":
            lines.append(f"Now it's **{player_name(match, words[1].lower())}**'s turn.")
    return lines


def final_text(match: Match) -> str:
    view = match.state.view(None)
    loser = "b" if view["winner"] == "a" else "a"
    breakdown = view["breakdown"]
    parts = [f"{TRACK_NAMES[t]} {breakdown[t]} × {TRACK_POINTS[t]}" for t in ("S", "B", "P")]
    return (
        f"🏆 **{player_name(match, view['winner'])} wins Martian Senet**: all 12 pyramids borne off!\n"
        f"Points: **{view['points']}**, from {player_name(match, loser)}'s pyramids left on the board "
        f"(pips × track): {' + '.join(parts)}."
    )
