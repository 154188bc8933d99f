#!/usr/bin/env python3
"""Writes tests/reference/fairy/betza/moves.txt: Fairy-Stockfish's legal moves for pieces given
in Betza notation.

    generate.py FSF

FSF is a Fairy-Stockfish binary built from its public source (commit given in COMMIT below) with
`make build ARCH=x86-64-bmi2 largeboards=yes`; this script only runs it. For each Betza string
of BETZA it writes a variants.ini section `[betzaN:chess]` with `customPiece1 = a:<betza>` (the
piece is `A` for white, `a` for black), loads that file with `setoption name VariantPath`, and
records `go perft 1`'s moves from each position of POSITIONS: the piece in the middle, near the
edges, among blockers (for lame leapers, hoppers and riders), each also turned half a turn with
the colours swapped and black to move (forward flips for black). A position where the side not
to move would be in check (the piece attacks the other king) is left out. Not run in CI; the
test `betza_moves_match_fairy_stockfish` (tests/reference.rs) only reads the data. Python 3,
standard library only.
"""

import os
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from fsdriver import FairyStockfish  # noqa: E402

COMMIT = "c19b5f6c66894fdb0e88d0dd100e3885f744760a"
HERE = os.path.dirname(os.path.abspath(__file__))

BETZA = [
    # leapers and their directions
    "W", "F", "D", "A", "H", "N", "L", "C", "J", "Z", "G", "K",
    "fN", "bN", "lN", "rN", "fsN", "ffN", "bbN", "fhN", "vN", "sN", "lfN", "rbN", "flN",
    "fW", "fsW", "vsW", "fK", "fsK", "fhK", "bhQ", "hrN", "hlN", "lhN", "bK", "lK", "fF", "bF", "lfF", "rbF",
    "fD", "fA", "fC", "ffC", "fZ", "fsZ",
    # riders, ranges and their directions
    "R", "B", "Q", "NN", "N2", "R4", "B2", "Q3", "W0",
    "fR", "fB", "lfrbB", "vR", "sR", "fsR", "lR", "bB", "ffNN", "fsNN", "fQ", "bsQ",
    # modalities and compounds
    "mNcK", "mKcN", "cW", "mF", "mRcB", "fmWfcF", "fmWfceF", "WfF", "FfW", "KN", "RN", "BN",
    "QN", "RF", "NW", "fNbK", "mfNcbN",
    # lame leapers
    "nN", "nA", "nD", "nZ", "fnN", "nfsN", "mnNcK", "bnA", "lnD",
    # hoppers
    "pR", "pB", "pQ", "gQ", "gR", "gB", "mRcpR", "mBcpB", "cpR", "fpR", "fgQ", "vgR", "mpQ",
    "RcpRnN",
    # hoppers with a digit: 1 lands right behind the screen, 2 or more at most that many squares
    # from the piece, the screen's squares included (also after `g`), 0 anywhere beyond it
    "pR3", "gR2", "gR3", "pB2", "pQ2", "pR1", "gR0", "mRcpR4", "gB3",
    # initial moves (from the double-step rank: 2 for white, 7 for black)
    "imN", "imNK", "ifmnD", "fmWfceFifmnD", "imA", "WimD", "ifmW0",
]

# Not in the table, because Fairy-Stockfish's move generator only has tables for some of what its
# Betza reader accepts: lame leapers other than nD nN nA nZ (`nH`, `nC` never move there, while
# rulebook blocks them on their way), riders other than R B Q and the nightrider (`DD`, `AA`),
# hoppers other than along R and B lines (`pN`), initial captures (`iN`, `icN`: Fairy-Stockfish
# drops the capturing half, "we do not support initial captures"; rulebook keeps it).

# White to move, the piece `A` on the board; each is also used turned half a turn.
POSITIONS = [
    # alone in the middle
    "7k/8/8/8/3A4/8/8/K7 w - - 0 1",
    # near an edge and a corner
    "k7/8/8/8/8/8/6A1/4K3 w - - 0 1",
    "8/2A5/8/7k/8/8/8/4K3 w - - 0 1",
    "7k/8/8/8/8/8/8/A3K3 w - - 0 1",
    # among own and enemy pieces: screens, captures and blocked ways
    "7k/8/3n4/3PP3/2pA1Bp1/2p5/3P4/K7 w - - 0 1",
    "k7/8/8/4pP2/3bAN2/8/4P3/7K w - - 0 1",
    "7k/1p3p2/2r1b3/1P2N3/2nAp3/3B4/1p1Q4/6K1 w - - 0 1",
    # screens 1, 2 and 3 squares from a hopper in the corner, own and enemy, with pieces behind
    "7k/8/8/8/8/8/PP6/A1P1K3 w - - 0 1",
    "7k/8/8/8/p7/2p5/8/A2n1K2 w - - 0 1",
    "7k/8/8/p7/P7/8/1p6/A1nn1K2 w - - 0 1",
    # on its initial rank, free and blocked
    "7k/8/8/8/4p3/8/3A4/K7 w - - 0 1",
    "7k/8/8/8/8/3p4/2pA4/K7 w - - 0 1",
]


def turned(fen):
    """The position turned half a turn, colours swapped, the other side to move."""
    placement, side = fen.split()[:2]
    rows = placement.split("/")
    flipped = "/".join(row[::-1].swapcase() for row in reversed(rows))
    return f"{flipped} {'b' if side == 'w' else 'w'} - - 0 1"


def other_side_in_check(fs, fen):
    """Whether the side not to move is in check: `d` of the position with the side changed."""
    fields = fen.split()
    fields[1] = "b" if fields[1] == "w" else "w"
    fs.set_position(" ".join(fields))
    fs.send("d")
    for line in fs.sync():
        if line.startswith("Checkers:"):
            return line[len("Checkers:"):].strip() != ""
    raise RuntimeError("no Checkers line")


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    binary = sys.argv[1]
    with tempfile.TemporaryDirectory() as tmp:
        ini = os.path.join(tmp, "betza.ini")
        with open(ini, "w") as f:
            for i, betza in enumerate(BETZA):
                f.write(f"[betza{i}:chess]\ncustomPiece1 = a:{betza}\n\n")
        lines = []
        positions = [p for base in POSITIONS for p in (base, turned(base))]
        for i, betza in enumerate(BETZA):
            fs = FairyStockfish(binary, f"betza{i}", ini)
            for fen in positions:
                if other_side_in_check(fs, fen):
                    continue
                moves = fs.moves(fen)
                lines.append(f"{betza} | {fen} | {' '.join(moves)}")
            fs.close()
    with open(os.path.join(HERE, "moves.txt"), "w") as out:
        out.write(
            "# Fairy-Stockfish's legal moves of pieces given in Betza notation: `BETZA | FEN | "
            "MOVES` (UCI, sorted).\n"
            f"# Written by tests/reference/fairy/betza/generate.py with Fairy-Stockfish commit "
            f"{COMMIT},\n"
            "# built with `make -j2 build ARCH=x86-64-bmi2 largeboards=yes`: for each Betza string\n"
            "# a variants.ini section `[betzaN:chess]` with `customPiece1 = a:BETZA`, loaded with\n"
            "# `setoption name VariantPath value FILE` and `setoption name UCI_Variant value "
            "betzaN`,\n"
            "# then `position fen FEN` and `go perft 1`. Regenerate with\n"
            "# `python3 tests/reference/fairy/betza/generate.py PATH/TO/stockfish`.\n"
        )
        out.write("\n".join(lines) + "\n")
    print(f"{len(BETZA)} Betza strings, {len(lines)} positions")


if __name__ == "__main__":
    main()
