"""Board diagrams from the rules specs, shared by engine and renderer tests."""

# Agents of M.A.R.S., spec section 8, board M1 (rank 8 first, files a-g).
MARS_M1 = """
Y3 Y2 Y1 R1 G3 G1 B2
Y3 R2 R3 R3 G2 Y1 B3
Y2 G1 R3 B2 G3 R2 Y3
B3 K1 K3 Y1 R3 B1 G2
B1 K1 K2 B3 B2 G1 R1
G3 Y3 K1 B1 B3 R2 R3
B1 G2 Y1 Y2 B2 G3 R1
G3 B3 Y3 K1 R2 Y2 G1
"""


def parse_position(text: str) -> dict[str, str]:
    """Rank 8 first, like the spec's diagrams; `..` is an empty square."""
    rows = [line.split() for line in text.strip().splitlines()]
    board = {}
    for i, row in enumerate(rows):
        for column, token in enumerate(row):
            if token != "..":
                board[f"{'abcdefgh'[column]}{len(rows) - i}"] = token
    return board


# Martian Senet, spec section 2: the opening nests (S5 empty), in the engine's stack notation.
SENET_OPENING = (
    "S1=aS.aM.aL S2=bS.bM.bL S3=aS.aM.aL S4=bS.bM.bL S6=aS.aM.aL S7=bS.bM.bL S8=aS.aM.aL S9=bS.bM.bL"
)


# Martian Flood, spec section 8, in games.flood.position's notation (seat -> cards in play:
# `9h[R3,R2,R1]` a tower bottom -> top, `6s=R2` a ship, `4c` an empty card).
FLOOD_F11 = {
    0: "9h[R3,R2,R1] 7c[R2] 4d[R3,B1] 6s=R2",
    1: "8d[B3,B3,G2,B1] 5h[R1] 3c[B2] 2s[B1]",
    2: "9s[G3,G2] 6d[G1] 8c[G3,G3,G2,G1]",
}
FLOOD_F12 = {0: "3h[R1] 5c[R2,R1]", 1: "9d=B2", 2: "7d[G3,G3,G3]", 3: "Ah[Y1] Ts=Y2"}


# Martian Combat, spec section 8, in games.combat.position's notation (bottom -> top, `+K` capped).
COMBAT_T1 = "c1:[R1 R2 R3] d1:[R1 R2 R3] c6:[B1 B2 B3] d6:[B1 B2 B3]"
COMBAT_T2 = "c1:[R1 R2 R3] c2:[B3] d2:[R2]"
COMBAT_T3 = "c2:[R1 R2 R3] e5:[B3 B2] b4:[R3 B1] f3:[B2] c6:[R3 R2 R1]+K"
COMBAT_T5 = "c6:[B1 B2 B3] b3:[R2] e4:[B2] a5:[R2 B3] f4:[B2 R3]"
COMBAT_T6 = "b3:[R1] b5:[R3] a2:[R2] e4:[B2] e2:[B3 B1] c6:[B3]"
COMBAT_T12 = "b2:[R1] d2:[B3] d1:[B1] e2:[B2]"
COMBAT_T14 = "c6:[R3 R2 R1]+K d6:[R3 R2] e5:[R1]"
