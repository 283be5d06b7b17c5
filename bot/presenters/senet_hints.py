"""The learner's hint for Martian Senet: what a suggested move does and what matters most about it,
in words, from the facts the engine gives its events (`SenetPresenter.explain`)."""

from __future__ import annotations

from catalogue import N_, tr, trn
from games.core import Event
from games.senet import OFF, other_player
from renderers.senet_words import TRACK_NAMES
from renderers.words import size_before

COASTER_EXPLAINED = {
    "E": N_("takes the east coaster (columns 1 to 3) with its pyramids to the west end"),
    "W": N_("takes the west coaster (columns 7 to 9) with its pyramids to the east end"),
}


def explain_move(events: list[Event], each: int) -> str:
    """What the suggested move does, then what matters most about it, from its own roll entry
    (the first event) and the end it may bring: 'moves your medium pyramid 3 steps, from S4 to
    S7. It covers B's small pyramid, locking it inside'. Later rolls are the dice's, unsaid."""
    record = events[0].facts
    other = other_player(record["player"])
    if "coaster" in record:
        return coaster_explained(record, other)
    sentences = [move_explained(record, each)]
    won = next((event.facts for event in events if "winner" in event.facts), None)
    if won is not None:
        sentences.append(
            trn(
                "You win, scoring {count} point for {player}'s pyramids left on the board",
                "You win, scoring {count} points for {player}'s pyramids left on the board",
                won["points"],
                count=won["points"],
                player=other.upper(),
            )
        )
    else:
        sentences += move_effect(record, other)[:1]
    return ". ".join(sentences)


def coaster_explained(record: dict, other: str) -> str:
    """Which coaster travels, and, when it is so, that the race gains on the other direction
    (the steps all one's pyramids go along the path, less the other player's)."""
    mine = record["player"]
    lead, instead = (progress[mine] - progress[other] for progress in (record["progress"], record["instead"]))
    what = tr(COASTER_EXPLAINED[record["coaster"]])
    if lead <= instead:  # chosen for the stacks it makes, not the race: nothing simple to say
        return what
    why = trn(
        "In the race that leaves you {count} step better off than {other} would",
        "In the race that leaves you {count} steps better off than {other} would",
        lead - instead,
        count=lead - instead,
        other="W" if record["coaster"] == "E" else "E",
    )
    return ". ".join((what, why))


def move_explained(record: dict, each: int) -> str:
    """The move itself: which pyramid (and how many ride on it), how far, from where to where."""
    pyramid = tr("your {size} pyramid", size=size_before(record["size"], "pyramid"))
    riders = len(record["unit"]) - 1
    if riders == 1:
        pyramid = tr("{pyramid} with the pyramid on it", pyramid=pyramid)
    elif riders:
        pyramid = tr("{pyramid} with the {count} pyramids on it", pyramid=pyramid, count=riders)
    if record["to"] == OFF:
        return trn(
            "bears off {pyramid} from {origin}: {count} of your {each} pyramids is off",
            "bears off {pyramid} from {origin}: {count} of your {each} pyramids are off",
            record["borne_off"],
            pyramid=pyramid,
            origin=record["from"],
            count=record["borne_off"],
            each=each,
        )
    return trn(
        "moves {pyramid} {count} step, from {origin} to {target}",
        "moves {pyramid} {count} steps, from {origin} to {target}",
        record["roll"],
        pyramid=pyramid,
        count=record["roll"],
        origin=record["from"],
        target=record["to"],
    )


def move_effect(record: dict, other: str) -> list[str]:
    """What the move changes besides the pyramid's place, the weightiest first: bearing off made
    possible, a block, the other player's pyramids locked, carried or freed, then one's own."""

    def pyramid(piece) -> str:
        if piece.owner == other:
            return tr(
                "{player}'s {size} pyramid", player=other.upper(), size=size_before(piece.size, "pyramid")
            )
        return tr("your {size} pyramid", size=size_before(piece.size, "pyramid"))

    onto, uncovers = record["onto"], record["uncovers"]
    touched = []  # (pyramid, what the move does to it): where it lands, and where it leaves
    if onto is not None and record["covers"]:
        touched.append((onto, tr("It covers {pyramid}, locking it inside", pyramid=pyramid(onto))))
    elif onto is not None and onto.owner == other:
        touched.append(
            (
                onto,
                tr(
                    "It sits on {pyramid}: when {player} moves that one, yours rides along",
                    pyramid=pyramid(onto),
                    player=other.upper(),
                ),
            )
        )
    elif onto is not None:
        touched.append((onto, tr("It sits on {pyramid}", pyramid=pyramid(onto))))
    if uncovers is not None:
        touched.append(
            (uncovers, tr("It frees {pyramid}, which was locked inside", pyramid=pyramid(uncovers)))
        )
    effects = []
    if record["left_source"]:
        effects.append(tr("Your last pyramid leaves the Source: from now on you may bear off"))
    if record["block"]:
        effects.append(
            tr(
                "Your large, medium and small there now make a block: {player}'s pyramids can't pass it",
                player=other.upper(),
            )
        )
    effects += [text for piece, text in touched if piece.owner == other]
    if any(piece.owner == other for piece in record["unit"]):
        effects.append(tr("{player}'s pyramids on it ride along", player=other.upper()))
    if record["breaks_block"]:
        effects.append(tr("It breaks up your block"))
    effects += [text for piece, text in touched if piece.owner != other]
    track = record["to"][0]
    if record["to"] != OFF and track != record["from"][0]:  # one of the path's two bends
        effects.append(tr("It turns down onto the {track}", track=TRACK_NAMES[track]))
    return effects
