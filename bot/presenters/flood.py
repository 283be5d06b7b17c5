"""How Martian Flood looks and is played on Discord.

Flood has no secrets (drawn cards are public), so the first step of every choice sits on the
board message. Scrapping two ships takes several picks; they continue in an ephemeral message,
and each step's choice so far travels in the custom_id as a prefix of the action's notation
("S 7h", "S 7h:^", "S 7h:^ 9d"), checked against the legal actions.
"""

from __future__ import annotations

import discord

from games.flood import Build, Draw, Infiltrate, Keep, Resolve, Scrap
from games.pieces import SIZE_NAMES, Card

from ..components import MatchButton, MatchSelect
from ..errors import MatchError
from .base import Presenter, Prompt, Scene
from .common import COLOUR_EMOJI, chunks
from .senet import DIE_FACES

MENU_ROWS = 4  # rows under the buttons' row


def card_text(card: str) -> str:
    return Card.parse(card).label


def pyramids_text(pyramids: list[str]) -> str:
    return " ".join(f"{COLOUR_EMOJI[p[0]]}{p[1]}" for p in pyramids) or "nothing"


def _slot_of(view: dict, card: str) -> dict:
    for area in view["areas"]:
        for slot in area:
            if slot["card"] == card:
                return slot
    return {"card": card, "ship": None, "tower": None}


def _where(view: dict, card: str) -> str:
    slot = _slot_of(view, card)
    if slot["tower"]:
        return f"{card_text(card)} (tower {pyramids_text(slot['tower'])})"
    if slot["ship"]:
        return f"{card_text(card)} (ship {pyramids_text([slot['ship']])})"
    return card_text(card)


def _act_button(scene: Scene, action: str, label: str, row: int) -> MatchButton:
    return MatchButton(
        scene.claim("act", action), label=label[:80], style=discord.ButtonStyle.success, row=row
    )


def _menu(scene: Scene, kind: str, argument: str, placeholder: str, options: list[tuple[str, str]], row: int):
    return MatchSelect(
        scene.claim(kind, argument),
        placeholder=placeholder[:150],
        options=[discord.SelectOption(label=label[:100], value=value) for label, value in options],
        row=row,
    )


class FloodPresenter(Presenter):
    def seat_label(self, scene: Scene, seat: int) -> str:
        colour = scene.public["colours"][seat]
        return f"{COLOUR_EMOJI[colour]} {scene.label(seat)}"

    def options_text(self, options) -> str:
        return "standard rules"

    def chapter(self, scene: Scene) -> str:
        return f"round {scene.public['round']}"

    def start_line(self, scene: Scene) -> str:
        return (
            "Three rounds, then the flood decides. Everything is public: act with the buttons on the board."
        )

    def status_line(self, scene: Scene) -> str:
        view = scene.public
        direction = "clockwise" if view["direction"] == "cw" else "counter-clockwise"
        top = f"discard top {card_text(view['discard'][-1])}" if view["discard"] else "discard empty"
        line = (
            f"Round {view['round']}/{view['rounds']} ({direction}) · {self.seat_label(scene, view['current'])},"
            f" action {view['slot']} of {view['slots']}"
            f" · deck {view['deck_count']} · {top}"
        )
        if view["last_turn"]:
            line += "\n⚠️ This is the last turn of the round: the flood follows."
        return line

    # --- controls

    def prompt(self, scene: Scene, seat: int, mine: dict, choice: str = "") -> Prompt:
        legal = mine["legal"]
        if choice:
            return self._scrap_step(scene, mine, legal, choice)
        if mine["drawn"]:
            return self._keep_prompt(scene, mine, legal)
        if mine["resolving"]:
            return self._resolve_prompt(scene, mine, legal)
        return self._action_prompt(scene, mine, legal)

    def _keep_prompt(self, scene: Scene, view: dict, legal: list[str]) -> Prompt:
        cards = view["drawn"]["cards"]
        items = []
        for index, action in enumerate(a for a in legal if a.startswith("K ")):
            _, card, size = action.split()
            items.append(
                _act_button(
                    scene, action, f"Keep {card_text(card)}: {SIZE_NAMES[int(size)]} ship", index // 5
                )
            )
        text = (
            f"Drawn: **{card_text(cards[0])}** and **{card_text(cards[1])}**. Keep one as a ship (choose its size); "
            "the other goes on the discard pile."
        )
        return Prompt(text, items)

    def _resolve_prompt(self, scene: Scene, view: dict, legal: list[str]) -> Prompt:
        ship = view["resolving"]
        items = []
        for index, action in enumerate(a for a in legal if a.startswith("R ")):
            tower = action.split()[2]
            items.append(_act_button(scene, action, f"Onto {_where(view, tower)}", index // 5))
        text = (
            f"{scene.label(ship['from'])}'s {pyramids_text([ship['ship']])} ship infiltrated you. "
            "Choose the tower it lands on."
        )
        return Prompt(text, items)

    def _action_prompt(self, scene: Scene, view: dict, legal: list[str]) -> Prompt:
        items: list[discord.ui.Item] = []
        if "D" in legal:
            items.append(_act_button(scene, "D", "Draw 2 cards", 0))
        menus = []
        builds = [
            (f"Build a {SIZE_NAMES[int(a.split()[1])]} on {_where(view, a.split()[2])}", a)
            for a in legal
            if a.startswith("B ")
        ]
        for index, group in enumerate(chunks(builds)):
            menus.append(("do", f"build{index}", "Build: put a pyramid from your stash on a tower", group))
        infiltrations = []
        for action in (a for a in legal if a.startswith("I ")):
            _, card, target = action.split()
            target_seat = int(target[1:]) - 1
            infiltrations.append(
                (f"Send the ship on {_where(view, card)} to {scene.label(target_seat)}", action)
            )
        for index, group in enumerate(chunks(infiltrations)):
            menus.append(("do", f"infil{index}", "Infiltrate: send a ship to an opponent", group))
        first_ships = sorted({a.split()[1].split(":")[0] for a in legal if a.startswith("S ")})
        if first_ships:
            options = [(f"First ship: {_where(view, card)}", f"S {card}") for card in first_ships]
            for index, group in enumerate(chunks(options)):
                menus.append(("pick", f"scrap{index}", "Scrap two ships: choose the first", group))
        for row, (kind, argument, placeholder, options) in enumerate(menus[:MENU_ROWS], start=1):
            items.append(_menu(scene, kind, argument, placeholder, options, row))
        text = f"Action {view['slot']} of {view['slots']}: draw, scrap two ships, build, or infiltrate."
        if len(menus) > MENU_ROWS:
            text += " (More choices than fit here: type them with /move.)"
        return Prompt(text, items)

    def _scrap_step(self, scene: Scene, view: dict, legal: list[str], choice: str) -> Prompt:
        """The pick after `choice`, a prefix of a legal scrap: "S 7h" and "S 7h:^ 9d" need the ship's
        destination (the second completes the action); "S 7h:^" needs the second ship."""
        matching = [action[len(choice) :] for action in legal if action.startswith(choice)]
        parts = choice.split()
        if ":" in parts[-1]:
            seconds = sorted({rest.split()[0].split(":")[0] for rest in matching})
            options = [(f"Second ship: {_where(view, card)}", f"{choice} {card}") for card in seconds]
            menu = _menu(scene, "pick", choice, "Scrap: choose the second ship", options, 0)
            return Prompt("Scrap: now choose the second ship.", [menu])
        ship = parts[-1]
        destinations = sorted({rest[1:].split()[0] for rest in matching})
        labelled = [
            (
                "Stand it upright on its own card"
                if dest == "^"
                else f"Onto the tower on {_where(view, dest)}",
                dest,
            )
            for dest in destinations
        ]
        text = f"Scrap: where does the ship on {_where(view, ship)} go?"
        if len(parts) == 3:  # the second ship's destination completes the action
            return Prompt(
                text,
                [_act_button(scene, f"{choice}:{d}", label, i // 5) for i, (label, d) in enumerate(labelled)],
            )
        options = [(label, f"{choice}:{dest}") for label, dest in labelled]
        return Prompt(text, [_menu(scene, "pick", choice, "Choose where it goes", options, 0)])

    def check_pick(self, scene: Scene, seat: int, mine: dict, values: list[str], carried: str) -> str:
        """A pick extends the scrap being built; it must still lead to a legal action."""
        if len(values) != 1:
            raise MatchError("Choose one option.")
        choice = values[0]
        if not any(action.startswith(choice) for action in mine["legal"]) or not choice.startswith("S "):
            raise MatchError("That choice isn't possible any more; look at the latest board.")
        return choice

    # --- texts

    def action_phrase(self, scene: Scene, seat: int, action: str, *, done: bool = True) -> str:
        move = self.game.parse_action(action)
        if isinstance(move, Draw):
            return "drew two cards"
        if isinstance(move, Keep):
            return f"kept {move.card.label} with a {SIZE_NAMES[move.size]} ship"
        if isinstance(move, Build):
            return f"built a {SIZE_NAMES[move.size]} on {move.card.label}"
        if isinstance(move, Infiltrate):
            return f"sent the ship on {move.card.label} to infiltrate {scene.label(move.seat)}"
        if isinstance(move, Resolve):
            return f"landed the infiltrating ship from {move.card.label} on {move.dest.label}"
        if isinstance(move, Scrap):
            moves = [
                f"{part.card.label} stood upright"
                if part.dest is None
                else f"{part.card.label} onto {part.dest.label}"
                for part in (move.first, move.second)
            ]
            return "scrapped two ships: " + ", ".join(moves)
        return f"played {action}"

    def describe_events(self, scene: Scene, events: list[str]) -> list[str]:
        lines = []
        for event in events:
            facts = event.facts
            if event.kind == "ROUND":
                direction = "clockwise" if facts["direction"] == "cw" else "counter-clockwise"
                lines.append(
                    f"**Round {facts['round']}**: {self.seat_label(scene, facts['start'])} starts, then {direction}."
                )
            elif event.kind == "STARTROLL":
                dice = "".join(DIE_FACES[die] for die in facts["dice"])
                lines.append(f"Tie for the start: P{facts['seat'] + 1} rolls {dice} ={facts['sum']}.")
            elif event.kind == "DREW":
                cards = [
                    card_text(card["card"]) + (" (from the discard pile)" if card["from_discard"] else "")
                    for card in facts["cards"]
                ]
                lines.append(f"🃏 Drawn: {' and '.join(cards)}.")
            elif event.kind == "LAST":
                lines.append("⚠️ That ends the round after this turn.")
            elif event.kind == "FLOOD":
                lines.append(f"🌊 **The flood after round {facts['round']}:**")
            elif event.kind == "ROLL":
                dice = "".join(DIE_FACES[die] for die in facts["dice"])
                losses = "; ".join(
                    f"{card_text(hit['card'])} {pyramids_text(hit['before'])} → {pyramids_text(hit['after'])}"
                    for hit in facts["hits"]
                )
                lines.append(f"{dice} sector {facts['sector']}: {losses or 'no tower hit'}.")
            elif facts.get("automatic"):  # a slot the rules played for the player
                who = f"P{facts['seat'] + 1}"
                if facts["action"]["kind"] == "pass":
                    lines.append(f"{who} has nothing to do and passes an action.")
                else:
                    lines.append(
                        f"{who}'s infiltrated ship from {card_text(facts['action']['card'])} lands on its own."
                    )
        return lines

    def final_text(self, scene: Scene) -> str:
        view = scene.public
        lines = []
        for seat, row in enumerate(view["breakdown"]):
            own = sum(item["points"] for item in row["own"])
            colour = sum(item["points"] for item in row["colour"])
            lines.append(
                f"{scene.label(seat)[:16]:<16} tallest {row['tallest']:>2} · singles {row['singles']:>2}"
                f" · own towers {own:>2} · their colour {colour:>2} = {row['total']}"
            )
        winners = " and ".join(f"**{scene.label(seat)}**" for seat in view["winners"])
        verb = "win" if len(view["winners"]) > 1 else "wins"
        return f"🏆 {winners} {verb} Martian Flood!\n```\n" + "\n".join(lines) + "\n```"
