"""Martian Combat's hints: what a suggested move does and why, in the game's words (the hint's and
the tutorial's explanation), from the view before it and the events it caused on a copy.

A hint's words follow "Suggested: ": they start with a verb in lower case, and the caller ends
them with a full stop; sentences after the first are joined with ". ".
"""

from __future__ import annotations

from catalogue import listing, tr, trn
from games.combat import (
    AimStep,
    Attack,
    CombatAction,
    Counter,
    Dig,
    EnterReserve,
    Hop,
    Move,
    NoAttack,
    NoMove,
    Return,
    Swap,
    WildChoice,
)
from games.combat_views import CombatView

from .combat_words import action_label, colour_word, piece_text, pips_text


def _decided(events: list) -> list:
    """The events the move itself decided: those before the first one a die roll decided (a hint's
    events come from a copy rolling made-up dice)."""
    decided = []
    for event in events:
        if event.facts.get("chance"):
            break
        decided.append(event)
    return decided


def _their_pips(colour: str, pips: int, square: str) -> str:
    """ "Blue's 5 pips on c5": an opponent's force."""
    return tr(
        "{colour}'s {pips} on {square}", colour=colour_word(colour), pips=pips_text(pips), square=square
    )


def _force_of(view: CombatView, square: str) -> str:
    force = view.board[square].force
    return _their_pips(force.colour, force.pips, square)


def _forces(view: CombatView, listed: list[dict]) -> str:
    """The forces a step's event lists (`attackable`, `threats`), in words."""
    return listing([_their_pips(view.seats[t["seat"]].colour, t["pips"], t["square"]) for t in listed])


def _unit_phrase(view: CombatView, square: str, whole: bool) -> str:
    """What a step or a Hop carries: "your whole force (6 pips)" or "your large red pyramid"."""
    spot = view.board[square]
    if whole:
        return tr("your whole force ({pips})", pips=pips_text(spot.force.pips))
    return tr("your {piece} pyramid", piece=piece_text(spot.stack[-1]))


def _step_sentence(view: CombatView, move: Move | AimStep, facts: dict) -> str:
    unit = _unit_phrase(view, move.origin, facts.get("whole", move.whole))
    squares = {"unit": unit, "origin": move.origin, "target": move.target}
    if isinstance(move, Move):
        return tr("moves {unit} from {origin} to {target}", **squares)
    left = view.aim.left - 1
    if not left:
        return tr("moves {unit} from {origin} to {target}, the Aim's last step", **squares)
    return trn(
        "moves {unit} from {origin} to {target} ({count} Aim step left)",
        "moves {unit} from {origin} to {target} ({count} Aim steps left)",
        left,
        count=left,
        **squares,
    )


def _cap_sentences(view: CombatView, seat: int, decided: list) -> list[str]:
    """The trees the move itself completes, and the win they bring."""
    home = view.seats[seat].home
    won = any(event.kind == "WIN" for event in decided)
    sentences = []
    for event in decided:
        if event.kind != "CAP":
            continue
        square = event.facts["square"]
        if square in home and won:
            sentences.append(
                tr("It completes your tree on {square}: both home squares capped, you win", square=square)
            )
        elif square in home:
            sentences.append(tr("It completes your tree on {square}, which gets its cap", square=square))
        else:
            owner = next(info.colour for info in view.seats if square in info.home)
            sentences.append(
                tr("It completes {colour}'s tree on {square}", colour=colour_word(owner), square=square)
            )
    return sentences


def _step_reasons(view: CombatView, seat: int, facts: dict, decided: list) -> list[str]:
    """Why a step: the tree it completes, else the combat it offers or risks, else the way home."""
    caps = _cap_sentences(view, seat, decided)
    if caps:
        return caps
    if facts.get("attackable"):
        targets = _forces(view, facts["attackable"])
        return [tr("There your {pips} may attack {targets}", pips=pips_text(facts["pips"]), targets=targets)]
    if facts.get("threats"):
        return [tr("There {threats} may attack it", threats=_forces(view, facts["threats"]))]
    if facts.get("home"):
        return [tr("It reaches one of your home squares")]
    if facts.get("nearer"):
        return [tr("That is a step nearer your home squares")]
    return []


def _attack_sentence(view: CombatView, move: Attack) -> str:
    """The mover's attack, or an opponent's reply against the force that arrived: the same words."""
    return tr(
        "attacks {theirs} with your {pips} on {origin}. Each side adds a die to its pips, and the winner "
        "takes the loser's square",
        theirs=_force_of(view, move.target),
        pips=pips_text(view.board[move.origin].force.pips),
        origin=move.origin,
    )


def _no_attack_sentence(view: CombatView) -> str:
    if view.phase == "reply" and view.offer:
        return tr("doesn't start a combat against {theirs}", theirs=_force_of(view, view.offer.square))
    return tr("doesn't attack, so there is no combat this time")


def _counter_sentence(view: CombatView, move: Counter) -> str:
    """The defender's choice, by round 1's totals (pips + die) as the view gives them."""
    attack, defence = view.combat.totals.rolls[0]
    if move.declared and attack > defence:
        return tr(
            "counter-attacks: round 1 is lost, {defence} to {attack}, but both roll again and the two "
            "rounds are added, so it can still turn",
            attack=attack,
            defence=defence,
        )
    if move.declared:
        return tr(
            "counter-attacks: round 1 is a tie at {total}, so both roll again and the two rounds are added",
            total=attack,
        )
    if attack == defence:
        return tr("lets round 1 stand: its tie at {total} goes to plain re-rolls", total=attack)
    return tr("lets round 1 stand")


def _swap_or_dig_sentence(move: Swap | Dig, facts: dict) -> str:
    """Named by the engine's event, whose pyramids are always written out."""
    mine, theirs = facts["mine"], facts["theirs"]
    words = {
        "mine": piece_text(mine["pyramid"]),
        "origin": mine["square"],
        "colour": colour_word(theirs["pyramid"][0]),
        "theirs": piece_text(theirs["pyramid"]),
        "target": theirs["square"],
    }
    if isinstance(move, Swap):
        return tr(
            "swaps your {mine} pyramid on {origin} with {colour}'s {theirs} pyramid on {target}: they "
            "trade places",
            **words,
        )
    return tr(
        "digs your {mine} pyramid from {origin} in under {colour}'s {theirs} pyramid on {target}: safe "
        "from combat there, but stuck until that pyramid leaves",
        **words,
    )


def _hop_sentence(view: CombatView, move: Hop) -> str:
    return tr(
        "hops {unit} from {origin} onto {colour}'s stack on {target}. Both roll a die: win and it pins "
        "what is below, lose and it hops back",
        unit=_unit_phrase(view, move.origin, move.whole),
        origin=move.origin,
        colour=colour_word(view.board[move.target].force.colour),
        target=move.target,
    )


def _end_leg_sentence(view: CombatView, facts: dict) -> str:
    aim = view.aim
    if not aim.leg:
        left = aim.left
        return trn(
            "ends the Aim, leaving {count} step unused",
            "ends the Aim, leaving {count} steps unused",
            left,
            count=left,
        )
    if facts.get("attackable"):
        return tr(
            "ends this leg on {square}: there your {pips} may attack {targets}",
            square=aim.leg,
            pips=pips_text(facts["pips"]),
            targets=_forces(view, facts["attackable"]),
        )
    return tr("ends this leg on {square}, so the steps left may move another unit", square=aim.leg)


def explain(view: CombatView, seat: int, move: CombatAction, events: list) -> str:
    """What `move` does and why, from `view` (before it) and the `events` it caused on a copy."""
    decided = _decided(events)
    first = decided[0].facts if decided else {}
    sentences: list[str]
    if isinstance(move, (Move, AimStep)):
        sentences = [_step_sentence(view, move, first), *_step_reasons(view, seat, first, decided)]
    elif isinstance(move, NoMove):
        sentences = [tr("skips the move step and goes straight on to the action die")]
    elif isinstance(move, Attack):
        sentences = [_attack_sentence(view, move)]
    elif isinstance(move, NoAttack):
        sentences = [_no_attack_sentence(view)]
    elif isinstance(move, Counter):
        sentences = [_counter_sentence(view, move)]
    elif isinstance(move, Return):
        sentences = [tr("puts your beaten force back on {square}", square=move.square)]
    elif isinstance(move, EnterReserve):
        sentences = [tr("brings your reserve nest into play on {square}", square=move.square)]
    elif isinstance(move, WildChoice):
        sentences = [tr("uses the Wild roll for {action}", action=action_label(move.action))]
    elif isinstance(move, (Swap, Dig)):
        sentences = [_swap_or_dig_sentence(move, first), *_cap_sentences(view, seat, decided)]
    elif isinstance(move, Hop):
        sentences = [_hop_sentence(view, move)]
    else:  # EndLeg
        sentences = [_end_leg_sentence(view, first)]
    return ". ".join(sentences)
