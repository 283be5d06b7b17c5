"""How Martian Flood looks and is played on Discord.

Flood has no secrets (drawn cards are public), so the first step of every choice sits on the
board message. Scrapping two ships takes several picks; they continue in an ephemeral message,
and each step's choice so far travels in the custom_id as a prefix of the action's notation
("S 7h", "S 7h:^", "S 7h:^ 9d"), checked against the legal actions.
"""

from __future__ import annotations

from functools import reduce

import discord

from catalogue import N_, listing, tr
from games.flood import Build, Draw, Infiltrate, Keep, Resolve, Scrap
from games.pieces import Card

from ..components import MatchButton, MatchSelect
from ..errors import MatchError
from .base import Presenter, Prompt, Scene
from .common import COLOUR_EMOJI, chunks
from .senet import DIE_FACES

MENU_ROWS = 4  # rows under the buttons' row

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
BUILT = {
    1: N_("built a small on {card}"),
    2: N_("built a medium on {card}"),
    3: N_("built a large on {card}"),
}


def card_text(card: str) -> str:
    return Card.parse(card).label


def pyramids_text(pyramids: list[str]) -> str:
    return " ".join(f"{COLOUR_EMOJI[p[0]]}{p[1]}" for p in pyramids) or tr("nothing")


def _slot_of(view: dict, card: str) -> dict:
    for area in view["areas"]:
        for slot in area:
            if slot["card"] == card:
                return slot
    return {"card": card, "ship": None, "tower": None}


def _where(view: dict, card: str) -> str:
    slot = _slot_of(view, card)
    if slot["tower"]:
        return tr("{card} (tower {pyramids})", card=card_text(card), pyramids=pyramids_text(slot["tower"]))
    if slot["ship"]:
        return tr("{card} (ship {pyramids})", card=card_text(card), pyramids=pyramids_text([slot["ship"]]))
    return card_text(card)


def direction_text(direction: str) -> str:
    return tr("clockwise") if direction == "cw" else tr("counter-clockwise")


def joined(names: list[str]) -> str:
    """ "A and B and C", as the texts always joined winners (not `listing`'s "A, B and C")."""
    return reduce(lambda rest, last: tr("{rest} and {last}", rest=rest, last=last), names) if names else ""


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
        return tr("standard rules")

    def chapter(self, scene: Scene) -> str:
        return f"round {scene.public['round']}"  # a key the board is stored under, never shown

    def start_line(self, scene: Scene) -> str:
        return tr(
            "Three rounds, then the flood decides. Everything is public: act with the buttons on the board."
        )

    def status_line(self, scene: Scene) -> str:
        view = scene.public
        if view["discard"]:
            top = tr("discard top {card}", card=card_text(view["discard"][-1]))
        else:
            top = tr("discard empty")
        line = tr(
            "Round {round}/{rounds} ({direction}) · {player}, action {slot} of {slots} · deck {deck} · {discard}",
            round=view["round"],
            rounds=view["rounds"],
            direction=direction_text(view["direction"]),
            player=self.seat_label(scene, view["current"]),
            slot=view["slot"],
            slots=view["slots"],
            deck=view["deck_count"],
            discard=top,
        )
        if view["last_turn"]:
            line += "\n" + tr("⚠️ This is the last turn of the round: the flood follows.")
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
            label = tr(KEEP_LABELS[int(size)], card=card_text(card))
            items.append(_act_button(scene, action, label, index // 5))
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

    def _resolve_prompt(self, scene: Scene, view: dict, legal: list[str]) -> Prompt:
        ship = view["resolving"]
        items = []
        for index, action in enumerate(a for a in legal if a.startswith("R ")):
            tower = action.split()[2]
            items.append(
                _act_button(scene, action, tr("Onto {where}", where=_where(view, tower)), index // 5)
            )
        text = tr(
            "{player}'s {pyramids} ship infiltrated you. Choose the tower it lands on.",
            player=scene.label(ship["from"]),
            pyramids=pyramids_text([ship["ship"]]),
        )
        return Prompt(text, items)

    def _action_prompt(self, scene: Scene, view: dict, legal: list[str]) -> Prompt:
        items: list[discord.ui.Item] = []
        if "D" in legal:
            items.append(_act_button(scene, "D", tr("Draw 2 cards"), 0))
        menus = []
        builds = [
            (tr(BUILD_LABELS[int(a.split()[1])], where=_where(view, a.split()[2])), a)
            for a in legal
            if a.startswith("B ")
        ]
        for index, group in enumerate(chunks(builds)):
            menus.append(
                ("do", f"build{index}", tr("Build: put a pyramid from your stash on a tower"), group)
            )
        infiltrations = []
        for action in (a for a in legal if a.startswith("I ")):
            _, card, target = action.split()
            target_seat = int(target[1:]) - 1
            label = tr(
                "Send the ship on {where} to {player}",
                where=_where(view, card),
                player=scene.label(target_seat),
            )
            infiltrations.append((label, action))
        for index, group in enumerate(chunks(infiltrations)):
            menus.append(("do", f"infil{index}", tr("Infiltrate: send a ship to an opponent"), group))
        first_ships = sorted({a.split()[1].split(":")[0] for a in legal if a.startswith("S ")})
        if first_ships:
            options = [
                (tr("First ship: {where}", where=_where(view, card)), f"S {card}") for card in first_ships
            ]
            for index, group in enumerate(chunks(options)):
                menus.append(("pick", f"scrap{index}", tr("Scrap two ships: choose the first"), group))
        for row, (kind, argument, placeholder, options) in enumerate(menus[:MENU_ROWS], start=1):
            items.append(_menu(scene, kind, argument, placeholder, options, row))
        text = tr(
            "Action {slot} of {slots}: draw, scrap two ships, build, or infiltrate.",
            slot=view["slot"],
            slots=view["slots"],
        )
        if len(menus) > MENU_ROWS:
            text += " " + tr("(More choices than fit here: type them with /move.)")
        return Prompt(text, items)

    def _scrap_step(self, scene: Scene, view: dict, legal: list[str], choice: str) -> Prompt:
        """The pick after `choice`, a prefix of a legal scrap: "S 7h" and "S 7h:^ 9d" need the ship's
        destination (the second completes the action); "S 7h:^" needs the second ship."""
        matching = [action[len(choice) :] for action in legal if action.startswith(choice)]
        parts = choice.split()
        if ":" in parts[-1]:
            seconds = sorted({rest.split()[0].split(":")[0] for rest in matching})
            options = [
                (tr("Second ship: {where}", where=_where(view, card)), f"{choice} {card}") for card in seconds
            ]
            menu = _menu(scene, "pick", choice, tr("Scrap: choose the second ship"), options, 0)
            return Prompt(tr("Scrap: now choose the second ship."), [menu])
        ship = parts[-1]
        destinations = sorted({rest[1:].split()[0] for rest in matching})
        labelled = [
            (
                tr("Stand it upright on its own card")
                if dest == "^"
                else tr("Onto the tower on {where}", where=_where(view, dest)),
                dest,
            )
            for dest in destinations
        ]
        text = tr("Scrap: where does the ship on {where} go?", where=_where(view, ship))
        if len(parts) == 3:  # the second ship's destination completes the action
            return Prompt(
                text,
                [_act_button(scene, f"{choice}:{d}", label, i // 5) for i, (label, d) in enumerate(labelled)],
            )
        options = [(label, f"{choice}:{dest}") for label, dest in labelled]
        return Prompt(text, [_menu(scene, "pick", choice, tr("Choose where it goes"), options, 0)])

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
                tr("{card} stood upright", card=part.card.label)
                if part.dest is None
                else tr("{card} onto {dest}", card=part.card.label, dest=part.dest.label)
                for part in (move.first, move.second)
            )
            return tr("scrapped two ships: {first}, {second}", first=first, second=second)
        return tr("played {action}", action=action)

    def describe_events(self, scene: Scene, events: list[str]) -> list[str]:
        lines = []
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
                lines.append(tr("🌊 **The flood after round {round}:**", round=facts["round"]))
            elif event.kind == "ROLL":
                dice = "".join(DIE_FACES[die] for die in facts["dice"])
                losses = "; ".join(
                    f"{card_text(hit['card'])} {pyramids_text(hit['before'])} → {pyramids_text(hit['after'])}"
                    for hit in facts["hits"]
                )
                lines.append(
                    tr(
                        "{dice} sector {sector}: {losses}.",
                        dice=dice,
                        sector=facts["sector"],
                        losses=losses or tr("no tower hit"),
                    )
                )
            elif facts.get("automatic"):  # a slot the rules played for the player
                number = facts["seat"] + 1
                if facts["action"]["kind"] == "pass":
                    lines.append(tr("P{number} has nothing to do and passes an action.", number=number))
                else:
                    lines.append(
                        tr(
                            "P{number}'s infiltrated ship from {card} lands on its own.",
                            number=number,
                            card=card_text(facts["action"]["card"]),
                        )
                    )
        return lines

    def final_text(self, scene: Scene) -> str:
        view = scene.public
        lines = []
        for seat, row in enumerate(view["breakdown"]):
            own = sum(item["points"] for item in row["own"])
            colour = sum(item["points"] for item in row["colour"])
            lines.append(
                tr(
                    "{name:<16} tallest {tallest:>2} · singles {singles:>2} · own towers {own:>2}"
                    " · their colour {colour:>2} = {total}",
                    name=scene.label(seat)[:16],
                    tallest=row["tallest"],
                    singles=row["singles"],
                    own=own,
                    colour=colour,
                    total=row["total"],
                )
            )
        winners = joined([f"**{scene.label(seat)}**" for seat in view["winners"]])
        if len(view["winners"]) > 1:
            title = tr("🏆 {winners} win Martian Flood!", winners=winners)
        else:
            title = tr("🏆 {winners} wins Martian Flood!", winners=winners)
        return title + "\n```\n" + "\n".join(lines) + "\n```"
