"""How Martian Flood is played on Discord: the moves' buttons.

Flood has no secrets (drawn cards are public), so the controls sit on the board message: one button
per card of the player to act that has something to do, laid out in the order the picture shows
them, and Draw. A tower taking only one size builds at once; one taking several, and every ship
(send it to an opponent, or scrap it with a second ship), is a `step` whose next buttons come in an
ephemeral message. Each step's choice is a prefix of the action's notation where one exists ("S 7h:^"
is the first half of a scrap), else the card ("B 9d": build on 9d; "7h": the ship on 7h; "B": the
towers, when the board has no room for them), and is checked against the legal actions.
"""

from __future__ import annotations

from functools import lru_cache

import discord

from catalogue import tr
from games.flood_views import FloodView
from renderers.words import size_before

from ..components import MatchButton
from ..errors import MatchError
from .base import Presenter, Prompt, Scene
from .flood_words import card_text, pyramids_text, scrap_move, where_text

ROW_WIDTH = 5  # buttons to an action row
MAX_BUTTONS = 25  # in a message's action rows (the board holds 40 components in all, rows included)


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


class FloodControls(Presenter):
    """The prompts and steps of a Flood move (`FloodPresenter` adds the texts)."""

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
            _button(scene, "act", " ".join(parts), keep_label(parts[1], int(parts[2])), row)
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
            _button(scene, "act", " ".join(parts), tr("Onto {where}", where=where_text(view, parts[2])))
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
                label = build_label(card, sizes[0])
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
                _button(scene, "act", " ".join(parts), build_label(card, int(parts[1])))
                for parts in _actions(legal, "B")
                if parts[2] == card
            ]
            return self._fitted(tr("Build on {where}: which size?", where=where_text(view, card)), items)
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
                where=where_text(view, card),
            )
        else:
            text = tr("The ship on {where}: send it to an opponent.", where=where_text(view, card))
        return self._fitted(text, items)

    def _scrap_step(self, scene: Scene, view: FloodView, legal: tuple[str, ...], choice: str) -> Prompt:
        """After the first ship's move: every second half as a button, or a step per second ship
        when they don't all fit; after that ship: its destinations."""
        parts = choice.split()
        scraps = [action for action in _actions(legal, "S") if action[1] == parts[1]]
        first = parts[1].split(":")
        done = scrap_move(first[0], first[1])
        if len(parts) == 3:
            moves = [action[2] for action in scraps if action[2].split(":")[0] == parts[2]]
            items = [
                _button(scene, "act", f"S {parts[1]} {move}", scrap_move(*move.split(":"), then=False))
                for move in moves
            ]
            return self._fitted(
                tr("Scrap: {first}; where does {card} go?", first=done, card=card_text(parts[2])), items
            )
        seconds = [action[2] for action in scraps]
        if len(seconds) <= MAX_BUTTONS:
            items = [
                _button(scene, "act", f"S {parts[1]} {move}", scrap_move(*move.split(":")))
                for move in seconds
            ]
        else:
            ships = sorted({move.split(":")[0] for move in seconds})
            items = [
                _button(scene, "step", f"S {parts[1]} {ship}", tr("Then {card}…", card=card_text(ship)))
                for ship in ships
            ]
        return self._fitted(tr("Scrap: {first}; now the second ship.", first=done), items)

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


def keep_label(card: str, size: int) -> str:
    return tr("Keep {card}: {size} ship", card=card_text(card), size=size_before(size, "ship"))


def build_label(card: str, size: int) -> str:
    return tr(
        "Build a {size} on {where}", size=size_before(size, "pyramid, first word"), where=card_text(card)
    )
