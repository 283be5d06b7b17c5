"""The M.A.R.S. computer player: a belief over the opponent's hidden objective, read from their
play, and a two-ply search (own action, then the opponent's best reply, objective swap included)
over the likeliest objectives, with an evaluation that credits groups growing towards four.

What it looks at is public: the board, the bag's contents, the revealed slots, its own objective
and the record of every action so far (`state.history`). The hidden slots are never read: the
belief lists every assignment of the hidden colours to the hidden slots and weighs each by how
well it explains the opponent's placements and moves (a softmax over the squares they could have
used, `mars_belief`). Both scores come from one shared board, so what decides the match is the
difference of the two objectives applied to it: the evaluation is a win chance from that
difference, and an objective equal to the opponent's can only ever give 0.5 (a draw).
"""

from __future__ import annotations

import itertools
import math
import random
from functools import cache

from games import mars as rules

from .decision import Decision, derive_seed
from .mars_belief import belief_for

BLACK_INDEX = 7  # colour index of black pieces in a cell code (colours are 1..5)
# Of a group's value, the share a group of 0..3 pieces is credited with (4 or more score in full).
GROUP_CREDIT = (0.0, 0.12, 0.3, 0.55)
OPEN_WINDOW_DAMPING = 0.6  # while objectives may still be swapped, a lead is less sure
# Only a draw brings the end nearer; players who only move can undo each other for ever. So the
# longer the run of moves and swaps since the last placement, the more a draw is worth.
STALL_BONUS = 0.01
STALL_CAP = 1.0  # after 100 moves in a row a draw beats anything


# --- the board as a list of cell codes ------------------------------------------------------------


@cache
def geometry(files: int) -> tuple:
    """Square names, their indices, neighbours, and per size the squares a piece reaches."""
    count = files * rules.RANKS
    names = tuple(rules.square_name(i % files, i // files) for i in range(count))
    index = {name: i for i, name in enumerate(names)}
    neighbours, reach = [], []
    for i in range(count):
        file, rank = i % files, i // files
        around, by_size = [], [()]
        for df, dr in rules.DIRECTIONS:
            if 0 <= file + df < files and 0 <= rank + dr < rules.RANKS:
                around.append((rank + dr) * files + file + df)
        for size in (1, 2, 3):
            targets = []
            for df, dr in rules.DIRECTIONS:
                f, r = file + df * size, rank + dr * size
                if 0 <= f < files and 0 <= r < rules.RANKS:
                    targets.append(r * files + f)
            by_size.append(tuple(targets))
        neighbours.append(tuple(around))
        reach.append(tuple(by_size))
    return names, index, tuple(neighbours), tuple(reach)


class Model:
    """What the search needs of a state, in plain lists: the colours, the scoring variant, the
    board as cell codes (colour index * 4 + size, 0 when empty) and the bag."""

    def __init__(self, state) -> None:
        self.colours = state.colours
        self.files = state.files
        self.names, self.index, self.neighbours, self.reach = geometry(self.files)
        self.biggest = state.options["biggest_only"]
        self.size_points = 1 if state.options["size_points"] else 0
        self.black_trio = state.options["black_trio"]
        self.slot_values = state.slot_values
        self.exact = False  # True: score as the rules do, without credit for small groups
        # Small groups have time to grow while the board is empty, little once it is nearly full.
        empties = len(self.names) - len(state.board)
        self.growth = min(1.0, 0.1 + 1.5 * empties / len(self.names))
        self.cells = [0] * len(self.names)
        for square, piece in state.board.items():
            self.cells[self.index[square]] = self.code(piece)
        self.bag = {self.code_of(token): count for token, count in state.bag.items() if count}

    def colour_index(self, colour: str) -> int:
        return BLACK_INDEX if colour == rules.BLACK else self.colours.index(colour) + 1

    def code(self, piece) -> int:
        return self.colour_index(piece.colour) * 4 + piece.size

    def code_of(self, token: str) -> int:
        return self.colour_index(token[0]) * 4 + int(token[1:])

    def window_open(self, cells: list[int]) -> bool:
        """Whether objective swaps are allowed on this board (base rule, or Black Trio)."""
        blacks = [code & 3 for code in cells if code >> 2 == BLACK_INDEX]
        if self.black_trio:
            return not (3 in blacks and 2 in blacks and 1 in blacks)
        return len(blacks) < rules.SWAP_WINDOW_BLACKS

    def group_value(self, count: int, pips: int) -> float:
        full = pips + count * self.size_points
        if self.biggest or count >= rules.MIN_SCORING_GROUP:
            return full
        if self.exact:
            return 0.0
        return full * GROUP_CREDIT[count] * self.growth

    def colour_value(self, cells: list[int], colour: int) -> float:
        """The colour's worth on this board: scoring groups in full, smaller ones in part (or, in
        Only the Biggest, the best group)."""
        neighbours = self.neighbours
        seen = set()
        total = best = 0.0
        best_key = (0, 0)
        for start, code in enumerate(cells):
            if code >> 2 != colour or start in seen:
                continue
            seen.add(start)
            frontier, count, pips = [start], 0, 0
            while frontier:
                square = frontier.pop()
                count += 1
                pips += cells[square] & 3
                for other in neighbours[square]:
                    if other not in seen and cells[other] >> 2 == colour:
                        seen.add(other)
                        frontier.append(other)
            if self.biggest:
                if (count, pips) > best_key:
                    best_key, best = (count, pips), self.group_value(count, pips)
            else:
                total += self.group_value(count, pips)
        return best if self.biggest else total

    def values(self, cells: list[int]) -> list[float]:
        return [self.colour_value(cells, colour) for colour in range(1, len(self.colours) + 1)]

    def groups(self, cells: list[int], colour: int) -> tuple[dict[int, int], list[tuple[int, int]]]:
        """Each square of the colour's group number, and per group (count, pips)."""
        label: dict[int, int] = {}
        found = []
        for start, code in enumerate(cells):
            if code >> 2 != colour or start in label:
                continue
            number = len(found)
            label[start] = number
            frontier, count, pips = [start], 0, 0
            while frontier:
                square = frontier.pop()
                count += 1
                pips += cells[square] & 3
                for other in self.neighbours[square]:
                    if other not in label and cells[other] >> 2 == colour:
                        label[other] = number
                        frontier.append(other)
            found.append((count, pips))
        return label, found

    def placement_gains(self, cells: list[int], colour: int, value: float) -> dict[int, tuple[float, ...]]:
        """For every empty square, how much the colour's worth changes if a piece of size 1, 2 or 3
        of it lands there (index 0 unused); `value` is its worth now."""
        label, found = self.groups(cells, colour)
        gains = {}
        for square, code in enumerate(cells):
            if code:
                continue
            joined = {label[other] for other in self.neighbours[square] if other in label}
            count = 1 + sum(found[g][0] for g in joined)
            pips = sum(found[g][1] for g in joined)
            if self.biggest:
                others = [found[g] for g in range(len(found)) if g not in joined]
                gains[square] = (
                    0.0,
                    *(self.group_value(*max([(count, pips + size), *others])) - value for size in (1, 2, 3)),
                )
            else:
                before = sum(self.group_value(*found[g]) for g in joined)
                gains[square] = (0.0, *(self.group_value(count, pips + size) - before for size in (1, 2, 3)))
        return gains

    def actions(self, cells: list[int], ko: tuple | None) -> list[tuple[int, int]]:
        """Moves and swaps as (origin, target), leaving out the one Ko forbids: the same kind of
        action on the two squares of the opponent's last move or swap."""
        found = []
        reach = self.reach
        for origin, code in enumerate(cells):
            if not code or code >> 2 == BLACK_INDEX:
                continue
            for target in reach[origin][code & 3]:
                other = cells[target]
                if other and (other >> 2 == BLACK_INDEX or other == code):
                    continue
                if ko is not None and ko[0] == (other != 0) and ko[1] == {origin, target}:
                    continue
                found.append((origin, target))
        return found

    def final_values(self, cells: list[int], square: int, code: int) -> list[float]:
        """The exact colour values once the last piece lands (no credit for small groups)."""
        cells = list(cells)
        cells[square] = code
        saved, self.exact = self.exact, True
        try:
            return self.values(cells)
        finally:
            self.exact = saved

    def apply_in_place(self, cells: list[int], origin: int, target: int) -> None:
        cells[origin], cells[target] = cells[target], cells[origin]

    def after(self, cells: list[int], values: list[float], origin: int, target: int) -> list[float]:
        """The colour values once the piece at `origin` moves or swaps to `target` (only the one or
        two colours involved are recounted)."""
        moved, other = cells[origin] >> 2, cells[target] >> 2
        cells[origin], cells[target] = cells[target], cells[origin]
        result = list(values)
        result[moved - 1] = self.colour_value(cells, moved)
        if other and other != moved:
            result[other - 1] = self.colour_value(cells, other)
        cells[origin], cells[target] = cells[target], cells[origin]
        return result


# --- objectives and the win chance ----------------------------------------------------------------


def multipliers(colours: str, objective: dict[int, str]) -> tuple[int, ...]:
    """Per colour (in model order), the value of the slot holding it."""
    by_colour = {colour: value for value, colour in objective.items()}
    return tuple(by_colour[colour] for colour in colours)


def swapped(objective: dict[int, str], slots: tuple[int, int] | None) -> dict[int, str]:
    if slots is None:
        return objective
    high, low = slots
    result = dict(objective)
    result[high], result[low] = objective[low], objective[high]
    return result


def win_chance(difference: float, empties: int, window_open: bool) -> float:
    """The deciding seat's chance from its score lead on the evaluated board: the fewer squares
    left to fill, the surer; while objectives may still be swapped, less sure."""
    if empties <= 0:
        return 1.0 if difference > 1e-9 else 0.0 if difference < -1e-9 else 0.5
    if window_open:
        difference *= OPEN_WINDOW_DAMPING
    margin = max(-30.0, min(30.0, difference / (3.0 + 0.3 * empties)))
    return 1.0 / (1.0 + math.exp(-margin))


def dot(weights: tuple, values: list[float]) -> float:
    return sum(w * v for w, v in zip(weights, values, strict=True))


def best_objective_weights(mine: tuple, values: list[float]) -> tuple:
    """Our weights against the objective that scores best on this board (the highest slot on the
    most valuable colour, and so on): where an opponent who may still swap slots is heading."""
    slots = sorted(mine, reverse=True)
    order = sorted(range(len(values)), key=lambda c: (-values[c], c))
    theirs = [0] * len(values)
    for rank, colour in enumerate(order):
        theirs[colour] = slots[rank]
    return tuple(a - b for a, b in zip(mine, theirs, strict=True))


def our_chance(
    truth: tuple, mine: tuple, values: list[float], empties: int, window_open: bool, fight: float
) -> float:
    """Our win chance on a board, with score weights `truth` (our multipliers minus theirs).

    Two things a plain lead misses. The more the objectives differ, the more of the game's
    remaining play decides it (and equal objectives are a certain draw): credit for that, so the
    search doesn't steer into a mirror. And while slots may still be swapped, the opponent can
    still move to the objective that fits the board best: half the weight goes to that."""
    chance = win_chance(dot(truth, values) + fight_credit(truth, empties, fight), empties, window_open)
    if window_open and empties > 0:
        settled = best_objective_weights(mine, values)
        lead = dot(settled, values) + fight_credit(settled, empties, fight)
        chance = 0.5 * chance + 0.5 * win_chance(lead, empties, window_open)
    return chance


def fight_credit(weights: tuple, empties: int, fight: float) -> float:
    """Points of lead per unit of objective difference and per square still to fill: what playing
    the rest of the match with different objectives is worth to a player who searches."""
    if empties <= 0:
        return 0.0
    return fight * sum(abs(w) for w in weights) * empties


# --- the opponent's answers ----------------------------------------------------------------------


class Replies:
    """Everything the opponent may answer on one board after our action: the distinct colour
    values their moves and swaps lead to, and for a draw, per piece in the bag, the largest and
    the smallest change to its colour's worth they can choose."""

    def __init__(self, model: Model, cells: list[int], values: list[float], ko, bag: dict[int, int]) -> None:
        self.values = values
        self.empties = cells.count(0)
        self.window_open = model.window_open(cells)
        seen = {tuple(round(v, 6) for v in values)}
        self.boards = [values]
        for origin, target in model.actions(cells, ko):
            after = model.after(cells, values, origin, target)
            key = tuple(round(v, 6) for v in after)
            if key not in seen:
                seen.add(key)
                self.boards.append(after)
        self.draws = []  # (probability, colour index (0: black), largest change, smallest change)
        total = sum(bag.values())
        gains_by_colour = {}
        for code, count in sorted(bag.items()):
            colour, size = code >> 2, code & 3
            if colour == BLACK_INDEX:
                self.draws.append((count / total, 0, 0.0, 0.0))
                continue
            if colour not in gains_by_colour:
                gains_by_colour[colour] = model.placement_gains(cells, colour, values[colour - 1])
            changes = [gain[size] for gain in gains_by_colour[colour].values()]
            if changes:
                self.draws.append((count / total, colour, max(changes), min(changes)))
        # Whether a black drawn now would close the objective swaps.
        self.black_closes = False
        if self.window_open and 0 in cells:
            probe = list(cells)
            probe[probe.index(0)] = BLACK_INDEX * 4 + 1
            self.black_closes = not model.window_open(probe)

    def value(self, options: list[tuple[tuple, tuple, tuple]], fight: float) -> float:
        """Our win chance after the opponent's answer: an objective swap (when allowed) and a
        move, a swap or a draw. Each option is (our true score weights, the weights as the
        opponent sees them: our hidden slots at their average). The opponent picks what is best
        for them as they see it; we score it with the true weights."""
        empties, window = self.empties, self.window_open
        best_for_them, ours = None, 0.5
        for truth, seen, mine in options if window else options[:1]:
            for values in self.boards:
                theirs = -dot(seen, values)
                if best_for_them is None or theirs > best_for_them + 1e-9:
                    best_for_them, ours = theirs, our_chance(truth, mine, values, empties, window, fight)
            if self.draws:
                base_truth, base_seen = dot(truth, self.values), dot(seen, self.values)
                their_chance = drawn_chance = 0.0
                for probability, colour, largest, smallest in self.draws:
                    if not colour:
                        still_open = window and not self.black_closes
                        their_chance += probability * win_chance(-base_seen, empties - 1, still_open)
                        drawn_chance += probability * win_chance(
                            base_truth + fight_credit(truth, empties - 1, fight), empties - 1, still_open
                        )
                        continue
                    change = smallest if seen[colour - 1] > 0 else largest  # they keep our lead down
                    their_chance += probability * win_chance(
                        -(base_seen + seen[colour - 1] * change), empties - 1, window
                    )
                    drawn_chance += probability * win_chance(
                        base_truth + truth[colour - 1] * change + fight_credit(truth, empties - 1, fight),
                        empties - 1,
                        window,
                    )
                # Their other answers are compared by score; a draw by its chance, so put both
                # on one footing: the score that gives the same chance now.
                their_score = _score_for_chance(their_chance, empties, window)
                if their_score > best_for_them + 1e-9:
                    best_for_them, ours = their_score, drawn_chance
        return ours


def _score_for_chance(chance: float, empties: int, window_open: bool) -> float:
    """The lead that `win_chance` turns into `chance` on a board with `empties` squares left."""
    chance = min(max(chance, 1e-12), 1 - 1e-12)
    margin = math.log(chance / (1 - chance)) * (3.0 + 0.3 * empties)
    return margin / OPEN_WINDOW_DAMPING if window_open else margin


# --- one decision ---------------------------------------------------------------------------------


class Thinker:
    """The model of the position, the weighted hypotheses about the hidden slots, and the
    level's budget: how many moves and swaps, and how many squares per drawn piece, get a look
    at the opponent's answer."""

    def __init__(
        self, state, seat: int, hypotheses, *, candidates: int, draw_squares: int, fight: float = 0.1
    ) -> None:
        self.state = state
        self.seat = seat
        self.model = model = Model(state)
        self.hypotheses = hypotheses
        self.candidates = candidates
        self.draw_squares = draw_squares
        self.fight = fight
        self.cells = model.cells
        self.values = model.values(self.cells)
        self.samples = 0
        self.replies: dict = {}  # per action looked at: the opponent's answers (objective-free)
        # Ko: the opponent's last move or swap may not be undone (the same kind of action on
        # the same two squares); a move left one of them empty.
        self.ko = None
        if state.ko:
            self.ko = (None not in state.ko.values(), {model.index[s] for s in state.ko})
        self.prepare(None)

    def prepare(self, slots: tuple[int, int] | None) -> None:
        """Score weights (our multiplier minus theirs, per colour) per hypothesis, after our
        objective swap `slots` (None: none), as they stand and for each objective swap the
        opponent may answer with. In Blind Agents each player swaps the other's slots."""
        colours, blind = self.model.colours, self.state.blind
        self.now, self.answers = [], []
        for h in self.hypotheses:
            mine, theirs = h.mine, h.theirs
            if blind:
                theirs = swapped(theirs, slots)
            else:
                mine = swapped(mine, slots)
            pairs = [(mine, theirs)]
            for pair in itertools.combinations(self.model.slot_values, 2):
                pairs.append((swapped(mine, pair), theirs) if blind else (mine, swapped(theirs, pair)))
            options = []
            for m, t in pairs:
                truth = tuple(
                    a - b for a, b in zip(multipliers(colours, m), multipliers(colours, t), strict=True)
                )
                if blind:
                    seen = truth  # in Blind Agents the opponent sees our objective
                else:
                    seen = tuple(
                        a - b for a, b in zip(self.seen_mine(m, slots), multipliers(colours, t), strict=True)
                    )
                options.append((truth, seen, multipliers(colours, m)))
            self.now.append(options[0])
            self.answers.append(options)

    def seen_mine(self, mine: dict, slots: tuple[int, int] | None) -> tuple[float, ...]:
        """Our multipliers as the opponent knows them: revealed slots (with the one we are about to
        reveal), the hidden ones at their average value."""
        public = set(self.state.public[self.seat]) | set(slots or ())
        hidden = [value for value in self.model.slot_values if value not in public]
        average = sum(hidden) / len(hidden) if hidden else 0.0
        by_colour = {colour: (value if value in public else average) for value, colour in mine.items()}
        return tuple(by_colour[colour] for colour in self.model.colours)

    def static(self, values: list[float], empties: int, window_open: bool) -> float:
        return sum(
            h.weight * our_chance(truth, mine, values, empties, window_open, self.fight)
            for h, (truth, _, mine) in zip(self.hypotheses, self.now, strict=True)
        )

    def answered(self, replies: Replies) -> float:
        """Our chance over the hypotheses, each answered by the opponent's best reply."""
        self.samples += len(replies.boards)
        return sum(
            h.weight * replies.value(options, self.fight)
            for h, options in zip(self.hypotheses, self.answers, strict=True)
        )

    # -- moves and swaps

    def move_options(self) -> list[tuple[float, int, int, list[float]]]:
        empties = self.cells.count(0)
        window = self.model.window_open(self.cells)
        if not hasattr(self, "_moves"):
            self._moves = [
                (origin, target, self.model.after(self.cells, self.values, origin, target))
                for origin, target in self.model.actions(self.cells, self.ko)
            ]
        found = [(self.static(values, empties, window), o, t, values) for o, t, values in self._moves]
        found.sort(key=lambda option: (-option[0], option[1], option[2]))
        return found

    def move_replies(self, origin: int, target: int, values: list[float]) -> Replies:
        key = ("move", origin, target)
        if key not in self.replies:
            cells = list(self.cells)
            was_move = cells[target] == 0
            self.model.apply_in_place(cells, origin, target)
            ko = (not was_move, {origin, target})
            self.replies[key] = Replies(self.model, cells, values, ko, self.model.bag)
        return self.replies[key]

    # -- placing a piece

    def placement_options(self, code: int) -> list[tuple[float, int, list[float]]]:
        """Each empty square for the piece, ranked by the board alone."""
        colour, size = code >> 2, code & 3
        cells = self.cells
        empties = cells.count(0) - 1
        if colour == BLACK_INDEX:
            probe = list(cells)
            probe[probe.index(0)] = code
            window = self.model.window_open(probe)
            gains = {square: (0.0, 0.0, 0.0, 0.0) for square, c in enumerate(cells) if not c}
        else:
            window = self.model.window_open(cells)
            gains = self.model.placement_gains(cells, colour, self.values[colour - 1])
        found = []
        for square, gain in gains.items():
            values = list(self.values)
            if colour != BLACK_INDEX:
                values[colour - 1] += gain[size]
            if empties == 0:
                values = self.model.final_values(cells, square, code)
            found.append((self.static(values, empties, window), square, values))
        found.sort(key=lambda option: (-option[0], option[1]))
        return found

    def placement_replies(self, square: int, code: int, values: list[float], from_bag: bool) -> Replies:
        key = ("place", square, code)
        if key not in self.replies:
            cells = list(self.cells)
            cells[square] = code
            bag = dict(self.model.bag)
            if from_bag:
                bag[code] -= 1
                if not bag[code]:
                    del bag[code]
            self.replies[key] = Replies(self.model, cells, values, None, bag)
        return self.replies[key]

    def best_square(self, code: int, keep: int, from_bag: bool) -> tuple[float, int]:
        options = self.placement_options(code)
        last = self.cells.count(0) == 1  # this piece ends the match: the static value is exact
        if code >> 2 == BLACK_INDEX and not last:
            keep = 1  # the evaluation can't tell black's squares apart
        if last or keep == 0:
            self.samples += len(options)
            value, square, _ = options[0]
            return value, square
        best = (-1.0, -1)
        for _, square, values in options[:keep]:
            chance = self.answered(self.placement_replies(square, code, values, from_bag))
            if chance > best[0]:
                best = (chance, square)
        return best

    def draw_value(self) -> float:
        bag = self.model.bag
        total = sum(bag.values())
        return sum(
            count / total * self.best_square(code, self.draw_squares, True)[0]
            for code, count in sorted(bag.items())
        )

    def phase_b(self, candidates: int) -> list[tuple[float, tuple]]:
        """(chance, action) for the draw and the moves and swaps the board alone ranks best, each
        answered by the opponent's best reply, best first."""
        found = [(self.draw_value(), ("draw",))]
        for static, origin, target, values in self.move_options()[:candidates]:
            chance = self.answered(self.move_replies(origin, target, values)) if self.draw_squares else static
            found.append((chance, ("move", origin, target)))
        found.sort(key=lambda item: -item[0])
        return found


# --- levels and the entry point -------------------------------------------------------------------

# Per level: hypotheses kept; moves/swaps, squares per piece in the bag and squares for the piece
# in hand that get the opponent's answer; a beginner's noise; the credit for playing on with
# different objectives (`fight_credit`); and the price of each own slot a swap reveals (the
# opponent may copy it), in win chance; and whether it is patient (`stall_credit`). Hard looks
# wider and alone is patient: patience is most of hard's edge (README has the figures), so it is
# what sets the levels apart.
LEVELS = {
    "easy": {
        "keep": 1,
        "candidates": 0,
        "draw_squares": 0,
        "place": 0,
        "noise": 0.25,
        "fight": 0.0,
        "reveal": 0.0,
        "patient": False,
    },
    "normal": {
        "keep": 3,
        "candidates": 4,
        "draw_squares": 1,
        "place": 4,
        "noise": 0.0,
        "fight": 0.1,
        "reveal": 0.02,
        "patient": False,
    },
    "hard": {
        "keep": 6,
        "candidates": 12,
        "draw_squares": 2,
        "place": 10,
        "noise": 0.0,
        "fight": 0.1,
        "reveal": 0.02,
        "patient": True,
    },
}


def choose_objective(state, seat: int, seed: int) -> Decision:
    """Setup: any order is as good as another before the first piece, and a random one tells the
    opponent nothing."""
    actions = sorted(state.legal_actions(seat), key=str)
    rng = random.Random(derive_seed(seed, "mars-objective"))
    return Decision(actions[rng.randrange(len(actions))], len(actions), 0.5, 1)


def moves_since_placement(state) -> int:
    count = 0
    for _, notation in reversed(state.history):
        if "@" in notation:
            break
        count += not notation.startswith("O")
    return count


def stall_credit(progress: float, chance: float, patient: bool) -> float:
    """What a run of moves adds to a draw's worth. A patient player behind on the board doesn't
    hurry the end: the credit shrinks with its chance, so it draws for progress only when even or
    ahead (the leader then draws, so the match still ends)."""
    return progress * min(1.0, 2.0 * chance) if patient else progress


def to_action(state, seat: int, model: Model, choice: tuple):
    legal = state.legal_actions(seat)
    if choice[0] == "draw":
        return next(a for a in legal if isinstance(a, rules.Draw))
    if choice[0] == "slots":
        return next(a for a in legal if isinstance(a, rules.SwapSlots) and (a.high, a.low) == choice[1])
    origin, target = model.names[choice[1]], model.names[choice[2]]
    for action in legal:
        if isinstance(action, rules.Move) and (action.origin, action.target) == (origin, target):
            return action
        if isinstance(action, rules.Swap) and {action.initiator, action.target} == {origin, target}:
            return action
    raise ValueError(f"no legal action for {choice}")


def level_thinker(state, seat: int, belief, config: dict) -> Thinker:
    """A thinker with a level's budget (`LEVELS`) over the hypotheses of `belief`."""
    return Thinker(
        state,
        seat,
        belief.hypotheses,
        candidates=config["candidates"],
        draw_squares=config["draw_squares"],
        fight=config["fight"],
    )


def think(state, seat: int, level: str, seed: int) -> Decision:
    if state.in_setup:
        return choose_objective(state, seat, seed)
    config = LEVELS[level]
    options = len(state.legal_actions(seat))
    model = Model(state)
    belief = belief_for(state, seat, config["keep"], model)
    thinker = level_thinker(state, seat, belief, config)
    rng = random.Random(derive_seed(seed, "mars", level))
    if state.drawn is not None:
        chance, square = thinker.best_square(thinker.model.code(state.drawn), config["place"], False)
        if config["noise"]:
            ranked = thinker.placement_options(thinker.model.code(state.drawn))
            square = _noisy(ranked, config["noise"], rng, lambda option: option[1])
        action = rules.Place(state.drawn, thinker.model.names[square])
        return Decision(action, options, chance, thinker.samples)
    results = thinker.phase_b(config["candidates"])
    progress = min(STALL_CAP, STALL_BONUS * moves_since_placement(state))
    results = sorted(
        ((c + stall_credit(progress, c, config["patient"]) if a == ("draw",) else c, a) for c, a in results),
        key=lambda r: -r[0],
    )
    best_chance, best = results[0]
    if config["noise"]:
        best = _noisy(results, config["noise"], rng, lambda item: item[1])
    elif not state.phase_a_used and state.swaps_open():
        public = state.public[1 - seat if state.blind else seat]
        for slots in itertools.combinations(state.slot_values, 2):
            thinker.prepare(slots)
            chance = thinker.phase_b(config["candidates"])[0][0]
            chance -= config["reveal"] * len(set(slots) - public)
            if chance > best_chance + 1e-9:
                best_chance, best = chance, ("slots", slots)
    return Decision(to_action(state, seat, thinker.model, best), options, best_chance, thinker.samples)


def _noisy(ranked: list, noise: float, rng: random.Random, pick):
    """A beginner's choice: usually among the few best, sometimes anything."""
    if rng.random() < noise:
        return pick(ranked[rng.randrange(len(ranked))])
    return pick(ranked[rng.randrange(min(3, len(ranked)))])
