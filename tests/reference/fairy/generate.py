#!/usr/bin/env python3
"""Writes the reference perft suites tests/reference/fairy/<name>.epd with Fairy-Stockfish.

    generate.py [--variants-ini PATH] [--seed N] [--patched P] [--patched-large P] FSF FSF_LARGE [NAME ...]

FSF is a Fairy-Stockfish binary built for 8x8 boards, FSF_LARGE one built with
`largeboards=yes all=yes` (used for every board larger than 8x8). Both come from Fairy-Stockfish's
public source at commit c19b5f6c, built with `ARCH=x86-64-bmi2`; this script only runs them, it
never builds them. --variants-ini is Fairy-Stockfish's variants.ini (from the same commit), for
the variants it defines.

Each suite holds: the start position, to a depth of at most a few million nodes; positions
reached by seeded random games (random legal moves, 10 to 60 plies, so both sides are to move);
and hand-written positions where each special rule of the variant applies, each written back as
Fairy-Stockfish writes it. Each line is `FEN ;D1 n ;D2 n ;D3 n`, depths kept while the count
stays within a node budget, so that the whole suite runs well under a second. Python 3,
standard library only.
"""

import argparse
import os
import random
import sys
import zlib

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from fsdriver import FairyStockfish  # noqa: E402

COMMIT = "c19b5f6c"
HERE = os.path.dirname(os.path.abspath(__file__))

# name -> options. large: needs the largeboards build; ini: defined in variants.ini;
# special: [(what it shows, FEN)]; start_budget / budget: node budgets; games: random positions.
V = {}


def variant(name, large=False, ini=False, special=(), games=12, budget=400_000,
            start_budget=2_000_000, max_depth=4, start_depth=4, patch=None, games_from=None,
            out=None):
    """patch: where Fairy-Stockfish has a bug against the rules, the fix (header lines); the
    data is then written by a binary built with that fix, passed as --patched. games_from: a
    FEN the random games start from instead of the start position (hands that only a
    partner's board would fill). out: the suite's file name, the bundled variant's, where it is
    not Fairy-Stockfish's name."""
    V[name] = dict(large=large, ini=ini, special=list(special), games=games, budget=budget,
                   start_budget=start_budget, max_depth=max_depth, start_depth=start_depth,
                   patch=patch, games_from=games_from, out=out or name)


# ---------------------------------------------------------------------------------------------
# Built-in variants of Fairy-Stockfish

variant("nocastle", special=[
    ("castling rights absent: the king only steps", "r3k2r/8/8/8/8/8/8/R3K2R w - - 0 1"),
    ("en passant", "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w - f6 0 3"),
    ("promotion", "1r2k3/P6P/8/8/8/8/p6p/1R2K3 w - - 0 1"),
])
variant("armageddon", special=[
    ("castling", "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1"),
])
variant("misere", special=[
    ("stalemate", "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1"),
    ("mate in one for white", "7k/8/6K1/5Q2/8/8/8/8 w - - 0 1"),
])
variant("torpedo", special=[
    ("double steps from the middle of the board", "4k3/8/8/3p4/8/2P5/8/4K3 w - - 0 1"),
    ("a double step to promotion", "1n2k3/8/P7/8/8/8/8/4K3 w - - 0 1"),
    ("en passant after a torpedo step", "4k3/8/8/8/3pP3/8/8/4K3 b - e3 0 1"),
    ("black double steps and promotes", "4k3/8/8/8/8/p7/8/1N2K3 b - - 0 1"),
])
variant("kingofthehill", special=[
    ("a king steps onto the hill", "8/8/8/5k2/8/2K5/8/8 w - - 0 1"),
    ("black's king on the hill: white has lost", "8/8/8/3k4/8/8/8/K7 w - - 0 1"),
    ("the hill squares are attacked", "8/8/8/8/8/2K5/8/3r3k w - - 0 1"),
    ("castling", "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1"),
])
variant("knightmate", special=[
    ("castling with the royal knight", "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1"),
    ("check by a mann and a knight-king", "4k3/8/8/8/8/8/5m2/4K3 w - - 0 1"),
    ("promotion", "1r2k3/P7/8/8/8/8/7p/4K3 w - - 0 1"),
])
variant("losalamos", special=[
    ("promotion to a queen, rook or knight", "2r1k1/1P4/6/6/4p1/1K4 w - - 0 1"),
    ("black promotes", "2r1k1/1P4/6/6/4p1/1K4 b - - 0 1"),
])
variant("amazon", special=[
    ("castling", "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1"),
    ("promotion", "1r2k3/P7/8/8/8/8/7p/4K3 w - - 0 1"),
    ("amazons", "4k3/8/8/3a4/8/8/8/A3K3 w - - 0 1"),
])
variant("georgian", special=[
    ("no en passant", "rnbakbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBAKBNR w - - 0 3"),
    ("no castling", "r3k2r/8/8/8/8/8/8/R3K2R w - - 0 1"),
])
variant("nightrider", special=[
    ("nightriders on an open board", "4k3/8/8/3n4/8/8/8/N3K3 w - - 0 1"),
    ("promotion", "1r2k3/P7/8/8/8/8/7p/4K3 w - - 0 1"),
    ("a nightrider checks from afar", "4k3/8/8/8/8/8/8/N3K3 b - - 0 1"),
])
variant("breakthrough", special=[
    ("a piece reaches the far rank", "8/1P6/8/8/8/8/6p1/8 w - - 0 1"),
    ("white has broken through: black has lost", "1P6/8/8/8/8/8/6p1/8 b - - 0 1"),
    ("a side that cannot move", "8/8/8/8/8/p7/P7/8 w - - 0 1"),
])
variant("chaturanga", special=[
    ("promotion to a fers", "1r2k3/P7/8/8/8/8/7p/4K3 w - - 0 1"),
    ("stalemate loses", "k7/2K5/1Q6/8/8/8/8/8 b - - 0 1"),
    ("alfils and fers", "4k3/8/8/3b4/8/8/8/B2QK3 w - - 0 1"),
])
variant("makruk", special=[
    ("promotion to a met on the sixth rank", "4k3/8/8/2P5/5p2/8/8/3K4 w - - 0 1"),
    ("black promotes on its sixth rank", "4k3/8/8/2P5/5p2/8/8/3K4 b - - 0 1"),
    ("khons and mets", "4k3/8/8/3s4/8/4M3/8/3KS3 w - - 0 1"),
])
variant("asean", special=[
    ("promotion on the last rank", "4k3/1P6/8/8/8/8/6p1/3K4 w - - 0 1"),
    ("a pawn on the sixth rank does not promote", "4k3/8/1P6/8/8/8/8/3K4 w - - 0 1"),
])
variant("ai-wok", special=[
    ("promotion to an ai-wok on the sixth rank", "4k3/8/8/2P5/5p2/8/8/3K4 w - - 0 1"),
    ("ai-woks", "4k3/8/8/3a4/8/8/8/A2K4 w - - 0 1"),
])
variant("almost", special=[
    ("promotion to a chancellor", "1r2k3/P7/8/8/8/8/7p/4K3 w - - 0 1"),
    ("castling", "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1"),
])
variant("sortofalmost", special=[
    ("white promotes to a chancellor", "1r2k3/P7/8/8/8/8/7p/4K3 w - - 0 1"),
    ("black promotes to a queen", "1r2k3/P7/8/8/8/8/7p/4K3 b - - 0 1"),
])
variant("chigorin", special=[
    ("white promotes to a chancellor, rook or knight", "1r2k3/P7/8/8/8/8/7p/4K3 w - - 0 1"),
    ("black promotes to a queen, rook or bishop", "1r2k3/P7/8/8/8/8/7p/4K3 b - - 0 1"),
    ("castling", "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R b KQkq - 0 1"),
])
variant("gardner", special=[
    ("a move from the start", "rnbqk/pp1pp/1Pp2/P1PPP/RNBQK w - - 0 2"),
    ("promotion", "4k/P4/5/5/K4 w - - 0 1"),
    ("black promotes", "4k/4P/5/p4/4K b - - 0 1"),
], start_depth=5, max_depth=4)
variant("microchess", ini=True, special=[
    ("promotion", "3k/P3/4/3p/K3 w - - 0 1"),
], start_depth=5, max_depth=4)
variant("petty", ini=True, special=[
    ("promotion on the sixth rank", "4k/P4/5/5/4p/K4 w - - 0 1"),
    ("black promotes on the first rank", "4k/P4/5/5/4p/K4 b - - 0 1"),
], start_depth=5, max_depth=4)
variant("hoppelpoppel", special=[
    ("knights capture as bishops, bishops as knights", "4k3/8/2r5/8/4N3/8/2B5/4K2b w - - 0 1"),
    ("check by a knight on a diagonal", "4k3/8/8/8/N7/8/8/4K3 b - - 0 1"),
])
variant("newzealand", special=[
    ("rooks capture as knights, knights as rooks", "4k3/4p3/8/8/1n2N3/8/2R5/4K3 w - - 0 1"),
    ("castling with capturing-as-knight rooks", "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1"),
])
variant("raazuvaa", special=[
    ("no double step, no castling", "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w - - 0 1"),
])
variant("fox-and-hounds", special=[
    ("the fox reaches the far rank", "7F/8/8/8/2h1h3/8/8/8 b - - 0 1"),
    ("the fox is trapped", "8/8/8/8/8/8/1h6/F7 w - - 0 1"),
    ("the fox is about to break through", "8/5F2/8/h1h3h1/8/8/8/8 w - - 0 1"),
], start_depth=6, max_depth=4, budget=300_000)
variant("clobber", start_depth=4)
variant("perfect", special=[
    ("castling with the chancellor", "c3k2r/pppppppp/8/8/8/8/PPPPPPPP/C3K2R w KQkq - 0 1"),
    ("promotion to seven pieces", "1r2k3/P7/8/8/8/8/7p/4K3 w - - 0 1"),
])

# Large boards
variant("capablanca", large=True, special=[
    ("castling", "r4k3r/pppppppppp/10/10/10/10/PPPPPPPPPP/R4K3R w KQkq - 0 1"),
    ("promotion", "5k4/1P8/10/10/10/10/8p1/5K4 w - - 0 1"),
    ("moves from the start",
     "r1abqkbc1r/pppp1ppppp/2n4n2/4p5/4P5/6PN2/PPPP1P1PPP/RNABQKBC1R w KQkq - 1 4"),
    ("a move from the start", "rnabqkbcnr/pppp1ppppp/10/4P5/10/10/PPPPP1PPPP/RNABQKBCNR b KQkq - 0 2"),
], start_budget=1_500_000)
variant("gothic", large=True, special=[
    ("castling", "r4k3r/pppppppppp/10/10/10/10/PPPPPPPPPP/R4K3R w KQkq - 0 1"),
], start_budget=1_500_000)
variant("embassy", large=True, special=[
    ("castling to h1 and b1", "r3k4r/pppppppppp/10/10/10/10/PPPPPPPPPP/R3K4R w KQkq - 0 1"),
    ("castling through an attacked square", "r3k4r/10/10/10/10/7b2/10/R3K4R w KQkq - 0 1"),
], start_budget=1_500_000)
variant("janus", large=True, special=[
    ("castling to i1 and b1", "r3k4r/pppppppppp/10/10/10/10/PPPPPPPPPP/R3K4R w KQkq - 0 1"),
    ("promotion to a janus", "5k4/1P8/10/10/10/10/8p1/5K4 w - - 0 1"),
], start_budget=1_500_000)
variant("modern", large=True, special=[
    ("castling on a 9x9 board", "r3k3r/ppppppppp/9/9/9/9/9/PPPPPPPPP/R3K3R w KQkq - 0 1"),
    ("promotion on the ninth rank", "4k4/1P7/9/9/9/9/9/7p1/4K4 w - - 0 1"),
], start_budget=1_500_000)
variant("chancellor", large=True, special=[
    ("castling on a 9x9 board", "r3k3r/ppppppppp/9/9/9/9/9/PPPPPPPPP/R3K3R b KQkq - 0 1"),
    ("promotion on the ninth rank", "4k4/1P7/9/9/9/9/9/7p1/4K4 b - - 0 1"),
], start_budget=1_500_000)
variant("tencubed", large=True, special=[
    ("double steps from the third rank", "4k5/10/3p6/10/10/10/10/4P5/10/4K5 w - - 0 1"),
    ("promotion on the tenth rank", "4k5/1P8/10/10/10/10/10/10/8p1/4K5 w - - 0 1"),
    ("en passant", "4k5/10/10/10/10/3pP5/10/10/10/4K5 b - e4 0 1"),
    ("champions and wizards", "4k5/10/10/3c6/10/10/6W3/10/10/4K5 w - - 0 1"),
], start_budget=1_500_000)
variant("indiangreat", ini=True, large=True, special=[
    ("promotion to a queen only", "4k5/1P8/10/10/10/10/10/10/8p1/4K5 w - - 0 1"),
], start_budget=1_500_000)
variant("centaur", large=True, special=[
    ("castling", "r4k3r/pppppppppp/10/10/10/10/PPPPPPPPPP/R4K3R w KQkq - 0 1"),
    ("promotion to a centaur", "5k4/1P8/10/10/10/10/8p1/5K4 w - - 0 1"),
], start_budget=1_500_000)
variant("clobber10", large=True, start_depth=3)
variant("wolf", large=True, special=[
    ("a sergeant's double step, taken en passant by a pawn", "7k/8/8/8/8/8/pS6/8/8/K7 b - b3b4 0 1"),
    ("a sergeant may double-step (blocked on b3)", "7k/8/8/8/8/8/8/1n6/1S6/K7 w - - 0 1"),
    ("a pawn double-steps from b3", "7k/8/8/8/p7/8/8/1P6/8/K7 w - - 0 1"),
    ("a black sergeant promotes",
     "7k/8/8/8/8/8/8/8/1s6/7K b - - 0 1"),
    ("promotion of a pawn (also to an elephant, +P) and a sergeant",
     "7k/PS6/8/8/8/8/8/8/8/K7 w - - 0 1"),
    ("promotion by capture", "rn5k/1P6/8/8/8/8/8/8/8/K7 w - - 0 1"),
    ("an elephant (nightrider + queen)", "+P7/8/6k1/8/8/8/8/8/8/K7 w - - 0 1"),
], start_budget=1_500_000)

# ---------------------------------------------------------------------------------------------
# Variants of variants.ini

variant("centaurking", ini=True, special=[
    ("castling", "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1"),
    ("kings that leap", "8/8/8/3k4/8/8/8/4K3 w - - 0 1"),
])
variant("maharajah", ini=True, special=[
    ("the maharajah in check", "rnbqkbnr/pppppppp/8/8/8/8/4r3/4M3 w kq - 0 1"),
    ("black castles", "r3k2r/pppppppp/8/8/8/8/8/4M3 b kq - 0 1"),
])
variant("upsidedown", ini=True)
variant("peasant", ini=True)
variant("weak", ini=True)
variant("semitorpedo", ini=True, special=[
    ("double steps from the third rank", "4k3/8/p7/8/8/2P5/1P6/4K3 w - - 0 1"),
    ("en passant after a step from the third rank", "4k3/8/8/3pP3/8/8/8/4K3 b - e4 0 1"),
])
variant("gemini", ini=True, large=True, special=[
    ("castling", "r4k3r/pppppppppp/10/10/10/10/PPPPPPPPPP/R4K3R w KQkq - 0 1"),
], start_budget=1_500_000)
variant("doublearmy", ini=True)
variant("pawnsmassacre", ini=True)
variant("crossing", ini=True, special=[
    ("a king crosses to the fifth rank", "8/8/8/8/2K5/8/8/6k1 w - - 0 1"),
    ("black's king on its fifth rank: white has lost", "8/8/8/8/3k4/8/8/K7 w - - 0 1"),
])
variant("active", ini=True, large=True, special=[
    ("castling with the king on d1", "r2k3rq/ppppppppp/9/9/9/9/PPPPPPPPP/R2K3RQ w KQkq - 0 1"),
    ("castling, black", "r2k3rq/ppppppppp/9/9/9/9/PPPPPPPPP/R2K3RQ b KQkq - 0 1"),
], start_budget=1_500_000)
variant("advancedpawn", ini=True, special=[
    ("castling", "r3k2r/8/pppppppp/8/8/PPPPPPPP/8/R3K2R w KQkq - 0 1"),
])
variant("cornerrook", ini=True)
variant("diana", ini=True, special=[
    ("castling: the king one square to e1 or two to b1", "r2k1r/pppppp/6/6/PPPPPP/R2K1R w KQkq - 0 1"),
    ("black castles", "r2k1r/pppppp/6/6/PPPPPP/R2K1R b KQkq - 0 1"),
    ("promotion to a rook, bishop or knight", "3k2/1P4/6/6/4p1/1K4 w - - 0 1"),
], start_depth=5, max_depth=4)
variant("haynie", ini=True, special=[
    ("castling: the king one square to e1 or c1", "r2k1r/pppppp/6/6/PPPPPP/R2K1R w KQkq - 0 1"),
    ("promotion to a rook, bishop or queen", "3k2/1P4/6/6/4p1/1K4 b - - 0 1"),
], start_depth=5, max_depth=4)
variant("ordamirror", ini=True, special=[
    ("a king reaches the far rank", "3k4/1K6/8/8/8/8/8/8 w - - 0 1"),
    ("promotion", "3k4/1P6/8/8/8/8/6p1/3K4 w - - 0 1"),
])
variant("khans", ini=True, special=[
    ("skirmishers promote to a knight-king", "4k3/8/8/8/8/8/3s4/R3K3 b Q - 0 1"),
    ("white's king reaches the far rank", "8/4K3/8/8/8/8/8/3k4 w - - 0 1"),
    ("stalemate loses", "k7/2K5/1Q6/8/8/8/8/8 b - - 0 1"),
    ("castling", "lhatkahl/ssssssss/8/8/8/8/PPPPPPPP/R3K2R w KQ - 0 1"),
])
variant("chessvshp", ini=True, special=[
    ("promotion to six pieces", "1r2k3/P7/8/8/8/8/7p/4K3 w - - 0 1"),
])
variant("orda", ini=True, special=[
    ("the khan reaches the first rank", "4K3/8/8/8/8/8/3k4/8 b - - 0 1"),
])
variant("breakthrough5", ini=True, start_depth=5, max_depth=4)
variant("breakthrough6", ini=True, start_depth=5, max_depth=4)
variant("breakthrough7", ini=True, start_depth=4)
variant("tuktuk", ini=True, start_depth=4)
variant("lewthwaite", ini=True, start_depth=6, max_depth=5)
variant("nim", ini=True, large=True, start_depth=5, max_depth=4)
variant("capturethequeen", ini=True, special=[
    ("black's queen is gone: black cannot move", "8/8/8/8/8/8/8/1QQ1QQ2 b - - 0 1"),
])


# ---------------------------------------------------------------------------------------------

# ---------------------------------------------------------------------------------------------
# Movement: hoppers, lame leaps, confinement, castling by rule, en passant, promotion options

variant("xiangqi", large=True, special=[
    ("the generals may not face each other", "3k5/9/9/9/9/9/9/9/9/4K4 w - - 0 1"),
    ("a horse blocked next to it, an elephant blocked at its midpoint",
     "4k4/9/9/9/9/9/9/2p6/2N1B4/4K4 w - - 0 1"),
    ("cannons need exactly one screen", "4k4/9/4n4/9/4p4/9/4C4/9/9/3K5 w - - 0 1"),
    ("soldiers step sideways once across the river", "4k4/9/9/4P4/9/2P6/9/9/9/3K5 w - - 0 1"),
    ("stalemate loses", "3k5/3P5/4P4/9/9/9/9/9/9/4K4 b - - 0 1"),
], start_budget=1_500_000)
variant("janggi", large=True, special=[
    ("bikjang: the generals face each other; black must part them or pass",
     "3k5/9/9/9/9/9/9/9/9/3K5 b - - 0 1"),
    ("a pass in check is illegal", "4k4/9/9/9/9/9/9/9/4r4/3K5 w - - 0 1"),
    ("chariot and cannon along the palace diagonals", "4k4/9/9/9/9/9/9/5p3/4n4/3R1K3 w - - 0 1"),
    ("a cannon never jumps over or takes a cannon", "4k4/9/9/9/9/9/9/5c3/4n4/3C1K3 w - - 0 1"),
    ("a cannon may block a cannon's line where another piece may not",
     "4k4/9/4c4/9/9/9/2Cp1N3/9/9/4K4 w - - 0 1"),
    ("soldiers along the enemy palace's diagonals", "3C1k3/4p4/5r3/9/9/9/9/9/9/3K5 w - - 0 1"),
    ("an elephant blocked on its way", "4k4/9/9/9/9/9/2p6/2B6/9/4K4 w - - 0 1"),
    ("a cannon checks over a screen in the palace", "3k5/9/4c4/9/9/9/9/4R4/9/3K5 w - - 0 1"),
    ("black has passed in check while the generals face each other (a FEN written after bikjang)",
     "R3k4/9/9/9/9/9/9/9/4K4/9 w - - 1 2"),
], start_budget=1_500_000)
variant("minixiangqi", special=[
    ("soldiers step sideways from the start", "3k3/7/7/2P4/7/7/4K2 w - - 0 1"),
    ("the generals may not face each other", "2k4/7/7/7/7/7/3K3 w - - 0 1"),
], start_depth=4)
variant("manchu", large=True, special=[
    ("the banner: chariot, cannon and horse", "3k5/9/4p4/9/9/2n6/4M4/9/9/4K4 w - - 0 1"),
], start_budget=1_500_000)
variant("grasshopper", special=[
    ("grasshoppers hop over one piece", "4k3/8/8/3p4/8/1G1N4/8/4K3 w - - 0 1"),
    ("promotion to a grasshopper", "4k3/1P6/8/8/8/8/6p1/4K3 w - - 0 1"),
    ("castling", "r3k2r/gggggggg/pppppppp/8/8/PPPPPPPP/GGGGGGGG/R3K2R w KQkq - 0 1"),
])
variant("shako", large=True, special=[
    ("castling on the second rank", "c8c/er3k2re/pppppppppp/10/10/10/10/PPPPPPPPPP/ER3K2RE/C8C w KQkq - 0 1"),
    ("black castles", "c8c/er3k2re/pppppppppp/10/10/10/10/PPPPPPPPPP/ER3K2RE/C8C b KQkq - 0 1"),
    ("cannons and elephants", "5k4/10/4p5/10/10/10/4C5/10/3E6/4K5 w - - 0 1"),
    ("promotion on the tenth rank", "4k5/1P8/10/10/10/10/10/10/8p1/4K5 w - - 0 1"),
], start_budget=1_500_000)
variant("fischerandom", special=[
    ("a shuffled start", "nrbkqrbn/pppppppp/8/8/8/8/PPPPPPPP/NRBKQRBN w KQkq - 0 1"),
    ("the king castles onto its own square", "1r4kr/pppppppp/8/8/8/8/PPPPPPPP/1R4KR w BHbh - 0 1"),
    ("the king and rook beside each other on b1 and a1", "rk5r/pppppppp/8/8/8/8/PPPPPPPP/RK5R w AHah - 0 1"),
    ("the rook lands where the king stood", "2r1kr2/8/8/8/8/8/8/2R1KR2 w CFcf - 0 1"),
    ("castling through an attacked square", "1k6/8/8/8/8/2b5/8/RK5R w HA - 0 1"),
    ("a piece between king and rook blocks", "6k1/8/8/8/8/8/8/R4BKR w HA - 0 1"),
])
variant("caparandom", large=True, special=[
    ("a shuffled start", "rbqnkcbnar/pppppppppp/10/10/10/10/PPPPPPPPPP/RBQNKCBNAR w KQkq - 0 1"),
    ("castling with the king on b1", "rk7r/pppppppppp/10/10/10/10/PPPPPPPPPP/RK7R w AJaj - 0 1"),
], start_budget=1_500_000)
variant("grand", large=True, special=[
    ("promotion on the eighth, ninth or tenth rank",
     "4k5/P9/10/10/10/10/10/10/10/4K5 w - - 0 1"),
    ("no piece lost: a pawn cannot step to the tenth rank",
     "1r2k5/P9/10/10/10/10/10/10/QRRBBNNAC1/4K5 w - - 0 1"),
    ("only the queen lost", "4k5/10/1r8/P9/10/10/10/10/1RRBBNNAC1/4K5 w - - 0 1"),
    ("black promotes", "4k5/1rrbbnnac1/10/10/10/10/10/10/p9/4K5 b - - 0 1"),
    ("en passant after a double step from the third rank",
     "4k5/10/10/10/10/3pP5/10/10/10/4K5 b - e4 0 1"),
], start_budget=1_500_000)
variant("opulent", large=True, special=[
    ("wizards and lions", "4k5/10/10/10/4W5/10/10/4L5/10/5K4 w - - 0 1"),
    ("promotion to a lost piece", "4k5/P9/10/10/10/10/10/10/10/4K5 w - - 0 1"),
], start_budget=1_500_000)
variant("omicron", large=True, special=[
    ("castling on the second rank",
     "w**********w/*1r3k2r1*/*10*/*10*/*10*/*10*/*10*/*10*/*1R3K2R1*/W**********W w KQkq - 0 1"),
    ("promotion on the ninth rank and into a corner",
     "n**********w/*1r3k4*/*P9*/*10*/*10*/*10*/*10*/*10*/*4K5*/W**********W w - - 0 1"),
], start_budget=1_500_000)
variant("troitzky", large=True, special=[
    ("pawns promote at the end of their own file",
     "****qk****/**6**/*6P1*/*8*/1p6p1/P8P/*8*/*8*/**6**/****QK**** w - - 0 1"),
    ("black pawns promote too", "****qk****/**6**/*6P1*/*8*/1p6p1/P8P/*8*/*8*/**6**/****QK**** b - - 0 1"),
], start_budget=1_500_000)
variant("gustav3", large=True, special=[
    ("castling beside the amazons", "ar3k2ra/*pppppppp*/*8*/*8*/*8*/*8*/*PPPPPPPP*/AR3K2RA w KQkq - 0 1"),
], start_budget=1_500_000)
variant("berolina", special=[
    ("a diagonal double step", "4k3/8/8/8/8/8/1P6/4K3 w - - 0 1"),
    ("en passant after a diagonal double step", "4k3/8/8/8/2pP4/8/8/4K3 b - c3d4 0 1"),
    ("promotion", "1r2k3/2P5/8/8/8/8/8/4K3 w - - 0 1"),
])
variant("pawnsideways", special=[
    ("sideways steps", "4k3/8/8/3p4/8/8/3P4/4K3 w - - 0 1"),
    ("en passant, FS's two-square field", "4k3/8/8/5Pp1/8/8/8/4K3 w - g5g6 0 2"),
])
variant("pawnback", special=[
    ("backward steps, never to the first rank", "4k3/8/8/3p4/8/8/3P4/4K3 w - - 0 1"),
    ("a pawn back on its second rank double-steps again", "4k3/3p4/8/8/8/8/3P4/4K3 b - - 0 1"),
    ("en passant, FS's two-square field", "4k3/8/8/5Pp1/8/8/8/4K3 w - g5g6 0 2"),
])
variant("allwayspawns", ini=True, special=[
    ("steps in every orthogonal direction", "4k3/8/8/3p4/8/8/3P4/4K3 w - - 0 1"),
    ("en passant, FS's two-square field", "4k3/8/8/5Pp1/8/8/8/4K3 w - g5g6 0 2"),
])
variant("legan", special=[
    ("promotion at the enemy corner", "4k3/1P6/8/8/8/8/6p1/4K3 w - - 0 1"),
    ("black promotes", "4k3/1P6/8/8/8/8/6p1/4K3 b - - 0 1"),
    ("captures straight forward or to the left", "2rnb2k/1P2P3/8/r7/P7/8/8/4K3 w - - 0 1"),
])
variant("shatar", special=[
    ("a bare king draws at once", "4k3/8/8/8/8/8/8/4K2R w - - 0 1"),
    ("baring the other king", "4k3/8/8/8/8/8/3r4/3RK3 w - - 0 1"),
    ("promotion to a bers", "4k3/1P6/8/8/8/8/6p1/4K3 w - - 0 1"),
])
variant("jesonmor", large=True, special=[
    ("a knight on e5 wins unless taken at once", "9/9/5n3/9/4N4/9/9/9/8N b - - 0 1"),
    ("a knight still on e5: the game is over", "9/9/5n3/9/4N4/9/9/9/8N w - - 0 1"),
], start_depth=3, max_depth=4)
variant("ordavsempire", ini=True, special=[
    ("the kings may not face each other", "4k3/8/8/8/8/8/8/3K4 w - - 0 1"),
    ("a king reaches the far rank", "4K3/8/8/8/8/8/8/3k4 b - - 0 1"),
    ("stalemate loses", "k7/P7/K7/8/8/8/8/8 b - - 0 1"),
])
variant("argess", ini=True, special=[
    ("promotion squares differ per side", "8/6P1/8/3k4/8/8/1p6/4K3 b - - 0 1"),
])
variant("dragon-chess", ini=True, special=[
    ("after a double step: no en passant", "4k3/8/8/8/3pP3/8/8/4K3 b - e3e4 0 1"),
    ("castling with king-stepping rooks", "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1"),
])
variant("paradigm", special=[
    ("bishops move as blockable knights too", "4k3/8/8/3p4/8/3B4/2P5/4K3 w - - 0 1"),
])
variant("caught-in-a-snag", ini=True, special=[
    ("the royal grasshopper", "4g3/8/3p4/8/3G4/8 w - - 0 1"),
    ("pawns never promote", "4g3/1P6/8/8/6p1/3G4 w - - 0 1"),
], start_depth=4)
variant("crowdedxiangqi", ini=True, large=True, special=[
    ("the palaces overlap: the generals may not face each other along a rank", "9/9/3k5/9/5K3 w - - 0 1"),
], start_depth=3)
variant("crossderby", ini=True, special=[
    ("promotion to a knight", "n*nnnn*k/**P5/8/8/8/8/**5p/K*NNNN*N w - - 0 1"),
])
variant("wildebeest", ini=True, large=True, special=[
    ("en passant after a triple step", "5k5/11/11/11/11/4Pp5/3p7/11/11/5K5 b - e3e4 0 1"),
    ("optional promotion on the ninth and tenth ranks", "5k5/P10/11/11/11/11/11/11/10p/5K5 w - - 0 1"),
    ("an unpromoted pawn on the last rank", "P4k5/11/11/11/11/11/11/11/11/5K4p b - - 0 1"),
    ("after a triple step FS names only the square a pawn attacks, two behind the pawn",
     "5k5/11/11/11/11/4P6/5p5/11/11/5K5 b - e3 0 1"),
], start_budget=1_500_000)
variant("xhess", ini=True, large=True, special=[
    ("pawns also leap forward as blockable knights", "4k5/10/10/10/10/10/10/3H6/2H7/4K5 w - - 0 1"),
    ("a king reaches the far rank", "4K5/10/10/10/10/10/10/10/10/4k5 b - - 0 1"),
], start_budget=1_500_000)
variant("buffalo", ini=True, large=True, special=[
    ("a buffalo about to cross", "11/11/11/11/11/b2DDCDD3/11 b - - 0 1"),
    ("the dogs may not leave the field", "11/11/11/5b5/11/5D5/11 w - - 0 1"),
], start_depth=4)

# (end of movement)


# ---------------------------------------------------------------------------------------------
# Obligations, counters and end rules

variant("atomic", special=[
    ("castling through an attacked square", "r3k2r/8/8/8/8/5r2/8/R3K2R w KQkq - 0 1"),
    ("castling next to the enemy king: attacked squares touching it are safe",
     "8/8/8/8/8/8/3k4/R3K2R w KQ - 0 1"),
    ("kings touching: no check", "8/8/8/8/3kK3/8/8/7q w - - 0 1"),
    ("a pinned piece explodes the enemy king", "k7/1p6/8/4q3/8/8/4R3/4K3 w - - 0 1"),
    ("en passant explodes", "r3k3/8/8/2PpP3/8/8/8/4K3 w - d6 0 1"),
    ("a capture next to both kings is illegal", "8/8/8/8/3k4/3p4/3K4/8 w - - 0 1"),
    ("the white king has exploded", "1r2k1nr/2p1Q1bp/ppn1p1p1/5p2/P2PP1PP/2N4N/1P6/R2q3R w k - 0 21"),
])
variant("nuclear", ini=True, patch=[
    "PATCHED against a bug of Fairy-Stockfish: Position::legal() judges an exploding capture's",
    "check with the capture square empty, although the capturer turns to stone there and the",
    "wall blocks lines once the move is made (in its own position after the move, the king is",
    "not attacked). These counts come from the same source with one line added after the blast",
    "in legal(): `if (capture(m) && blast_on_capture() && (var->petrifyOnCaptureTypes &",
    "type_of(moved_piece(m)))) occupied |= kto;`. Unpatched, it refuses e.g. f6xe5 in",
    "1nbqk2r/1r6/5p1n/3pN3/1*1*1P*1/6N1/PP2Q2P/R3KBR1 b - - 1 18 (the crater on e5 shields e8",
    "from the queen on e2).",
], special=[
    ("pawns explode; the capturer leaves a crater", "4k3/8/3ppp2/3pnp2/3ppp2/4N3/8/4K3 w - - 0 1"),
    ("a crater blocks a line to the king", "4k3/8/8/4p3/3P4/8/8/r3K2R w K - 0 1"),
    ("a crater on the checking line: the capture that makes it", "4k3/4r3/8/8/8/8/3p4/4K2R w K - 0 1"),
    ("a pawn double step: no en passant", "4k3/8/8/8/3p4/8/4P3/4K3 w - - 0 1"),
    ("a promotion with capture leaves a crater", "3rk3/4P3/8/8/8/8/8/4K3 w - - 0 1"),
    ("walls already on the board", "4k3/8/2*5/8/4*3/8/8/R3K2R w KQ - 0 1"),
    ("the crater shields the king (what the patch fixes)",
     "1nbqk2r/1r6/5p1n/3pN3/1*1*1P*1/6N1/PP2Q2P/R3KBR1 b - - 1 18"),
])
variant("nocheckatomic", special=[
    ("castling out of and through attacks", "r3k2r/8/8/8/8/8/4q3/R3K2R w KQkq - 0 1"),
    ("kings touching, a king that captures explodes", "8/8/8/8/3kK3/8/8/7q w - - 0 1"),
    ("en passant explodes", "8/8/8/3pP3/8/8/8/k3K3 w - d6 0 1"),
])
variant("atomar", special=[
    ("kings next to an explosion survive it", "8/8/8/3k4/3q4/8/3Q4/3K4 w - - 0 1"),
    ("a king that captures explodes its neighbours but survives", "8/8/8/8/3r4/3Kn3/8/7k w - - 0 1"),
    ("kings touching may not take each other", "8/8/8/8/8/3Kk3/8/8 w - - 0 1"),
    ("a capture next to the enemy king leaves it standing", "4k3/4p3/8/8/8/8/8/4R2K w - - 0 1"),
    ("a king captured: that side has lost", "4k3/8/8/8/8/8/8/4R2K w - - 0 1"),
    ("castling out of and through attacks", "r3k2r/8/8/8/8/8/4q3/R3K2R w KQkq - 0 1"),
    ("en passant explodes", "8/8/8/3pP3/8/8/8/k3K3 w - d6 0 1"),
])
variant("petrified", special=[
    ("a knight takes and turns to stone", "4k3/8/5p2/8/4N3/8/8/4K3 w - - 0 1"),
    ("kings side by side: a king never captures", "8/8/8/3kK3/8/8/8/8 w - - 0 1"),
    ("a pawn that takes and promotes stays a piece", "1n2k3/P7/8/8/8/8/8/4K3 w - - 0 1"),
    ("en passant", "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1"),
    ("a wall blocks and cannot be taken", "4k3/4r3/8/8/8/2*5/4R3/4K3 w - - 0 1"),
    ("a queen next to the king cannot be taken by it", "4k3/8/8/8/8/8/3q4/4K3 w - - 0 1"),
    ("castling: the enemy king guards the squares the king crosses",
     "8/8/8/8/8/8/5k2/R3K2R w KQ - 0 1"),
    ("castling: the enemy king guards d1, which the king crosses", "8/8/8/8/8/8/2k5/R3K2R w KQ - 0 1"),
    ("castling: the enemy king next to the king's destination only", "8/8/8/8/8/8/1k6/R3K2R w KQ - 0 1"),
])
variant("giveaway", special=[
    ("castling out of and through attacks", "r3k2r/8/8/8/8/5q2/8/R3K2R w KQkq - 0 1"),
    ("promotion to a king", "1n2k3/P7/8/8/8/8/8/4K3 w - - 0 1"),
    ("a capture is compulsory", "4k3/8/8/3p4/4P3/8/8/4K2r w - - 0 1"),
    ("en passant is a capture", "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1"),
    ("white has no piece left: white has won", "8/8/8/8/8/8/8/k7 b - - 0 1"),
    ("white cannot move: white has won", "8/8/8/8/8/p7/P7/8 w - - 0 1"),
])
variant("antichess", special=[
    ("promotion to a king", "8/1P6/8/8/8/8/8/k7 w - - 0 1"),
    ("a capture is compulsory", "4k3/8/8/3p4/4P3/8/8/4K2r w - - 0 1"),
    ("white cannot move: white has won", "8/8/8/8/8/p7/P7/8 w - - 0 1"),
])
variant("suicide", special=[
    ("a capture is compulsory", "4k3/8/8/3p4/4P3/8/8/4K2r w - - 0 1"),
    ("white cannot move", "8/8/8/8/8/p7/P7/8 w - - 0 1"),
])
variant("codrus", special=[
    ("no promotion to a king", "1n2k3/P7/8/8/8/8/8/4K3 w - - 0 1"),
    ("castling", "r3k2r/8/8/8/8/5q2/8/R3K2R w KQkq - 0 1"),
    ("the white king is gone: white has won", "4k3/8/8/8/8/8/8/R7 b - - 0 1"),
])
variant("losers", special=[
    ("a capture is compulsory, but not into check", "4k3/4r3/8/8/8/8/4B3/4K3 w - - 0 1"),
    ("in check with captures available", "4k3/8/8/8/1b6/8/3P4/4K2n w - - 0 1"),
    ("castling is quiet", "r3k2r/p7/8/8/8/8/1P6/R3K2R w KQkq - 0 1"),
    ("black has a bare king: black has won", "4k3/8/8/8/8/8/8/4K2R w - - 0 1"),
])
variant("3check", special=[
    ("one check left to give", "4k3/8/8/8/8/8/8/R3K3 w - - 2+1 0 1"),
    ("the third check was given: the game is over",
     "rnbqkbnr/ppp2ppp/8/1B1pp3/4P3/8/PPPP1PPP/RNBQK1NR b KQkq - 1+3 0 3"),
])
variant("5check", special=[
    ("one check left to give", "4k3/8/8/8/8/8/8/R3K3 b - - 3+1 0 1"),
    ("the fifth check was given: the game is over", "4k3/8/8/8/8/8/8/4K2r w - - 3+0 0 1"),
])
variant("racingkings", special=[
    ("white's king has reached the eighth rank; black can answer", "6K1/k7/8/8/8/8/8/8 b - - 0 1"),
    ("white's king has reached it; black cannot answer", "6K1/8/k7/8/8/8/8/8 b - - 0 1"),
    ("black's answer on a square next to white's king is refused", "5K2/7k/8/8/8/8/8/8 b - - 0 1"),
    ("both kings on the eighth rank: a draw", "k5K1/8/8/8/8/8/8/8 w - - 0 1"),
    ("no move may give check", "8/8/8/8/2k5/8/8/1Q3K2 w - - 0 1"),
])
variant("horde", special=[
    ("double steps from the first rank", "4k3/8/8/8/8/1p6/8/P1P5 w - - 0 1"),
    ("no en passant on the third rank", "4k3/8/8/8/8/8/1p6/P7 w - - 0 1"),
    ("en passant on the sixth rank", "4k3/8/8/3pP3/8/8/8/8 w - d6 0 1"),
    ("white has no piece left: black has won", "4k3/8/8/8/8/8/8/8 w - - 0 1"),
    ("black castles", "r3k2r/8/8/8/8/8/8/3P4 b kq - 0 1"),
])
variant("extinction", special=[
    ("castling out of and through attacks", "r3k2r/8/8/8/8/8/4q3/R3K2R w KQkq - 0 1"),
    ("promotion to a king", "1n2k3/P7/8/8/8/8/8/4K3 w - - 0 1"),
    ("the white king is gone: white has lost", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQ1BNR w kq - 0 1"),
    ("the last pawns", "4k3/p7/8/8/8/8/P7/4K3 b - - 0 1"),
])
variant("kinglet", special=[
    ("promotion to a king only", "1n2k3/P7/8/8/8/8/p7/4K3 w - - 0 1"),
    ("white's last pawn is gone: white has lost", "4k3/p7/8/8/8/8/8/4K3 w - - 0 1"),
])
variant("threekings", special=[
    ("a king may be captured", "k3k2k/8/8/8/8/8/4q3/K3K2K w - - 0 1"),
    ("white has lost a king", "k3k2k/8/8/8/8/8/8/K3K3 w - - 0 1"),
])
variant("shatranj", special=[
    ("white bares black's king", "4k3/3q4/8/8/8/8/8/2RQK3 w - - 0 1"),
    ("black's bare king may bare white's at once", "4k3/8/8/8/8/8/8/3QK3 b - - 0 1"),
    ("white's king is bare", "4k3/3q4/8/8/8/8/8/4K3 w - - 0 1"),
    ("promotion to a fers", "1r2k3/P7/8/8/8/8/7p/4K3 w - - 0 1"),
    ("stalemate loses", "k7/2K5/1Q6/8/8/8/8/8 b - - 0 1"),
])
variant("coregal", special=[
    ("the queen in check", "4k3/8/8/8/8/8/3r4/3QK3 w - - 0 1"),
    ("promotion to a royal queen", "1r2k3/P7/8/8/8/8/7p/4K3 w - - 0 1"),
    ("castling with the queen attacked", "r3k2r/8/8/8/7b/8/8/R2QK2R w KQkq - 0 1"),
])
variant("spartan", special=[
    ("two kings: in check only when both are attacked", "3k1k2/8/8/8/8/8/8/3RKR2 b - - 0 1"),
    ("one king left", "3k4/8/8/8/8/8/8/3RK3 b - - 0 1"),
    ("hoplites step two squares diagonally from their first rank", "4k3/hhhhhhhh/8/8/8/8/8/4K3 b - - 0 1"),
    ("promotion to a king only while one is missing", "4k3/8/8/8/8/8/h7/R3K3 b - - 0 1"),
    ("no second promoted king", "3k1k2/8/8/8/8/8/h7/R3K3 b - - 0 1"),
    ("white castles", "lgkcckwl/hhhhhhhh/8/8/8/8/8/R3K2R w KQ - 0 1"),
])
variant("duck", large=True, special=[
    ("castling out of and through attacks; the duck blocks castling",
     "4k3/8/8/8/8/5r2/8/R*2K2R w KQ - 0 1"),
    ("en passant", "4k3/8/8/3pP3/8/3*4/8/4K3 w - d6 0 1"),
    ("promotion", "1n2k3/P7/8/8/8/8/8/4K3 w - - 0 1"),
    ("white cannot move: white has won", "7k/8/8/8/8/8/8/K6* w - - 0 1"),
], games=2, start_depth=2, max_depth=3)
variant("courier", large=True, special=[
    ("promotion to a fers", "5k6/1P10/12/12/12/12/10p1/5K6 w - - 0 1"),
    ("black's king is bare", "5k6/12/12/12/12/12/12/4MK6 b - - 0 1"),
], start_budget=1_500_000)

# (end of obligations)


# ---------------------------------------------------------------------------------------------
# Hands and drops

ZH_SPECIAL = [
    ("drops of every piece beside castling",
     "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R[QRBNPqrbnp] w KQkq - 0 1"),
    ("drops that block a check", "4k3/4q3/8/8/8/8/8/4K3[PNBRQ] w - - 0 1"),
    ("no pawn drop on the first or last rank", "4k3/8/8/8/8/8/8/4K3[Pp] w - - 0 1"),
    ("promotion", "1r2k3/P7/8/8/8/8/8/4K3[] w - - 0 1"),
    ("en passant beside drops", "4k3/8/8/3pP3/8/8/8/4K3[Nn] w - d6 0 1"),
    ("a drop that mates", "k7/8/1K6/8/8/8/8/8[Q] w - - 0 1"),
    ("a full hand", "7k/8/8/8/8/8/8/K7[PPPPPPPPNNBBRRQ] w - - 0 1"),
]

variant("crazyhouse", special=ZH_SPECIAL + [
    ("a captured promoted pawn goes back to the hand as a pawn",
     "rQ~2k3/8/8/8/8/8/8/4K3[p] b - - 0 1"),
])
# Fairy-Stockfish's Alapo has the original rule that a piece left standing on the goal wins;
# vchess's, without it, is bundled as `alapo-vchess`.
variant("alapo", ini=True, special=[
    ("a piece on the base line, unattacked: the mover has won", "R5/6/2k3/6/2K3/6 b - - 0 1"),
    ("a piece on the base line, attacked: the other side may take it",
     "R4r/6/2k3/6/2K3/6 b - - 0 1"),
    ("a piece left standing on the base line: its side wins", "R4r/6/2k3/6/2K3/6 w - - 0 1"),
    ("an attacked piece reaches the base line", "5r/R5/2k3/6/2K3/6 w - - 0 1"),
    ("both sides one step from their goals", "6/1K2f1/6/6/1F2k1/6 w - - 0 1"),
])
# One board of two: a capture goes to the partner's hand, off this board; the hand holds what
# the partner passed. The random games start with full hands.
variant("bughouse", special=ZH_SPECIAL + [
    ("a capture leaves the hand as it was", "4k3/8/8/3p4/4P3/8/8/4K3[Nn] w - - 0 1"),
    ("a promoted pawn is marked", "rQ~2k3/8/8/8/8/8/8/4K3[p] b - - 0 1"),
    ("stalemate loses for the stalemated side", "k7/2Q5/1K6/8/8/8/8/8[] b - - 0 1"),
    ("a drop may answer what would be stalemate", "k7/2Q5/1K6/8/8/8/8/8[p] b - - 0 1"),
], games_from="rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[QRBNPPqrbnpp] w KQkq - 0 1")
variant("koedem", special=[
    ("kings are taken like any piece, no check", "4k3/8/8/8/8/8/4q3/4K3[] w - - 0 1"),
    ("a side holding a king must drop it", "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K3[KNn] w Qkq - 0 1"),
    ("black must drop its king", "r6r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R[QRkk] b KQ - 0 1"),
    ("no king left and two for the other side: lost", "8/8/8/8/8/8/8/4K2K[] b - - 0 1"),
    ("a side with no king while the other has one plays on", "8/8/8/8/8/8/1p6/4K3[] b - - 0 1"),
    ("two kings in hand", "4k3/8/8/8/8/8/8/8[KK] w - - 0 1"),
    ("castling out of, through and into an attack", "r3k2r/8/8/8/8/8/2q2q2/R3K2R[] w KQkq - 0 1"),
    ("stalemate loses", "k7/8/1K6/8/8/8/8/2R5[] b - - 0 1"),
], games_from="rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[KQRBNPPkqrbnpp] w KQkq - 0 1")
variant("supply", large=True, special=[
    ("drops of every piece on its own points of its own half",
     "3k5/9/9/9/9/9/9/9/9/4K4[ABPNRCabpnrc] w - - 0 1"),
    ("black drops on its half", "3k5/9/9/9/9/9/9/9/9/4K4[ABPNRCabpnrc] b - - 0 1"),
    ("no drop gives check, a cannon's screen included",
     "4k4/9/9/9/9/9/9/9/4C4/3K5[PRNp] w - - 0 1"),
    ("in check, a drop may block", "4k4/9/9/9/9/9/9/9/9/3KR4[pnc] b - - 0 1"),
    ("a capture leaves the hand as it was", "4k4/9/9/9/4p4/4P4/9/9/9/3K5[Aa] w - - 0 1"),
    ("stalemate loses", "3k5/3P5/4P4/9/9/9/9/9/9/4K4[] b - - 0 1"),
], start_budget=1_500_000,
   games_from="rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR[ABNRCPPabnrcpp] w - - 0 1")
variant("loop", special=ZH_SPECIAL + [
    ("a captured promoted pawn goes to the hand as the piece it became",
     "rQ2k3/8/8/8/8/8/8/4K3[p] b - - 0 1"),
])
variant("chessgi", special=ZH_SPECIAL + [
    ("pawns dropped on their own first rank", "4k3/8/8/8/8/8/8/4K3[PPp] w - - 0 1"),
    ("black drops pawns on its first rank", "4k3/8/8/8/8/8/8/4K3[PPp] b - - 0 1"),
    ("a captured promoted pawn stays promoted", "rQ2k3/8/8/8/8/8/8/4K3[p] b - - 0 1"),
])
variant("pocketknight", special=[
    ("a knight dropped to block a check", "4k3/8/8/8/8/8/8/r3K3[N] w - - 0 1"),
    ("knight drops beside a queen's check", "4k3/4q3/8/8/8/8/8/4K3[Nn] w - - 0 1"),
    ("castling", "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R[Nn] w KQkq - 0 1"),
    ("captures leave the game", "1r2k3/P7/8/8/8/8/8/4K3[Nn] w - - 0 1"),
])
variant("capahouse", large=True, special=[
    ("castling beside drops", "r4k3r/pppppppppp/10/10/10/10/PPPPPPPPPP/R4K3R[ACac] w KQkq - 0 1"),
    ("promotion and pawn drops", "5k4/1P8/10/10/10/10/8p1/5K4[Pp] w - - 0 1"),
    ("a captured promoted pawn goes back as a pawn", "1A~3k4/10/10/10/10/10/10/5K4[] b - - 0 1"),
], start_budget=1_500_000)
variant("dragon", special=[
    ("dragon drops on the first rank only", "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R[Dd] w KQkq - 0 1"),
    ("a dragon dropped to block a check", "4k3/8/8/8/8/8/8/r3K3[D] w - - 0 1"),
    ("promotion to a dragon", "1r2k3/P7/8/8/8/8/8/4K3[Dd] w - - 0 1"),
    ("black drops", "4k3/8/8/8/8/8/8/4K3[Dd] b - - 0 1"),
])

variant("minishogi", special=[
    ("a pawn drop that mates: the dropping side loses", "k4/2S2/1G3/5/4K[P] w - - 0 1"),
    ("a pawn drop mate for each side", "k4/2S2/1G3/5/4K[Pp] w - - 0 1"),
    ("no second unpromoted pawn on a file", "4k/5/5/P4/4K[Pp] w - - 0 1"),
    ("no second pawn on a file, black", "4k/p4/5/P4/4K[Pp] b - - 0 1"),
    ("optional promotion on entering the far rank", "4k/R4/5/5/K4[] w - - 0 1"),
    ("optional promotion on leaving the far rank", "R4/4k/5/5/K4[] w - - 0 1"),
    ("a pawn must promote on the far rank", "4k/1P3/S4/5/K4[] w - - 0 1"),
    ("a captured dragon goes to the hand as a rook", "4k/5/2+r2/1B3/K4[] w - - 0 1"),
    ("promoted pieces and drops of every kind", "k4/2+P2/1+S3/5/4K[BRSG] w - - 0 1"),
    ("every piece in hand", "rbsgk/4p/5/P4/KGSBR[PSGBRpsgbr] w - - 0 1"),
], games=16)
variant("shogi", large=True, special=[
    ("drops of knights, lances and pawns", "4k4/9/9/9/9/9/9/9/4K4[NLPnlp] w - - 0 1"),
    ("a knight and a lance must promote on the last ranks", "4k4/9/2N3L2/9/9/9/9/9/4K4[] w - - 0 1"),
    ("a knight and a lance entering the zone", "4k4/9/9/2N3L2/9/9/9/9/4K4[] w - - 0 1"),
    ("a pawn drop that mates", "8k/6S2/7G1/9/9/9/9/9/4K4[P] w - - 0 1"),
    ("a pawn drop next to the king", "8k/9/7GP/9/9/9/9/9/4K4[P] w - - 0 1"),
], start_budget=1_000_000)
variant("checkshogi", large=True, special=[
    ("a checking drop wins", "4k4/9/9/9/9/9/9/9/4K4[RPrp] w - - 1+1 0 1"),
    ("black gives the first check", "4k4/9/9/9/4p4/9/9/9/4K4[Sg] b - - 1+1 0 1"),
], start_budget=1_000_000)
variant("judkins", special=[
    ("knights drop and promote", "5k/6/1N4/6/6/K5[Nn] w - - 0 1"),
    ("a pawn drop that mates", "k5/2S3/1G4/6/6/5K[P] w - - 0 1"),
    ("every piece in hand", "5k/6/6/6/6/K5[PNSGBRpnsgbr] w - - 0 1"),
])
variant("gorogoro", special=[
    ("a pawn drop that mates", "k4/2S2/1G3/5/5/4K[P] w - - 0 1"),
    ("silvers and pawns promote in the far two ranks", "2k2/5/S1P2/5/5/2K2[] w - - 0 1"),
    ("every piece in hand", "2k2/5/5/5/5/2K2[PSGpsg] b - - 0 1"),
])
variant("euroshogi", special=[
    ("every move into, within or out of the zone promotes",
     "4k3/R7/8/8/8/8/1B6/4K3[] w - - 0 1"),
    ("knights, pawns and drops near the zone", "4k3/8/N7/8/P7/8/8/4K3[NPnp] w - - 0 1"),
    ("every piece in hand", "4k3/8/8/8/8/8/8/4K3[PNGBRpngbr] b - - 0 1"),
])
variant("okisakishogi", large=True, special=[
    ("queens, knights and lances near the zone",
     "4k5/10/10/1N5L2/10/10/10/10/10/3Q1K4[] w - - 0 1"),
    ("drops of every piece", "4k5/10/10/10/10/10/10/10/10/5K4[PLNSGBRQ] w - - 0 1"),
], start_budget=1_000_000)
variant("torishogi", special=[
    ("drops of every piece, two swallows",
     "3k3/7/7/7/7/7/3K3[SSFCPLRsfcplr] w - - 0 1"),
    ("black drops", "3k3/7/7/7/7/7/3K3[SSFCPLRsfcplr] b - - 0 1"),
    ("the swallow and the falcon must promote", "3k3/7/S6/F6/7/7/3K3[S] w - - 0 1"),
    ("a swallow on the far rank promotes", "3k3/S6/7/7/7/7/3K3[] w - - 0 1"),
    ("at most two swallows on a file", "3k3/7/S6/S6/7/7/3K3[S] w - - 0 1"),
    ("the goose and the eagle", "3k3/7/7/+S+F5/7/7/3K3[] w - - 0 1"),
    ("a swallow drop that mates", "2k4/7/1PK4/7/7/7/7[S] w - - 0 1"),
    ("the quails", "3k3/7/7/7/7/7/L2K2R[lr] b - - 0 1"),
])
variant("yarishogi", large=True, special=[
    ("a rook promotes to a full rook", "3k3/7/R6/7/7/7/7/7/3K3[] w - - 0 1"),
    ("a promoted rook", "3k3/7/+R6/7/7/7/7/7/3K3[] w - - 0 1"),
    ("a knight and a bishop before the zone", "3k3/7/7/NB5/7/7/7/7/3K3[] w - - 0 1"),
    ("drops of every piece", "3k3/7/7/7/7/7/7/7/3K3[PNBRpnbr] w - - 0 1"),
    ("a pawn drop may mate", "2pk3/7/3K3/7/7/7/7/7/7[P] w - - 0 1"),
], start_budget=1_000_000)

SEIRAWAN_SPECIAL = [
    ("castling gates on the king's or the rook's square",
     "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R[HEhe] w KQkq - 0 1"),
    ("black castles and gates", "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R[HEhe] b KQkq - 0 1"),
    ("a gate kept on a rook whose castling is lost", "r3k2r/p6p/8/8/8/8/P6P/R3K2R[H] w KAkq - 0 1"),
    ("a pinned piece gates only along its line", "4k3/8/8/8/8/8/8/q2QK3[H] w D - 0 1"),
    ("gates named by file letters", "4k3/8/8/8/8/8/8/r2QK1NR[H] w KDG - 0 1"),
    ("no gates left", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[HEhe] w - - 0 1"),
]

variant("seirawan", special=SEIRAWAN_SPECIAL)
variant("placement", special=[
    ("the second bishop must go on the other colour",
     "8/pppppppp/8/8/8/8/PPPPPPPP/2B5[KQRRBNNkqrrbbnn] w - - 0 1"),
    ("a king and rooks dropped on their squares may castle",
     "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/1NBQ1BN1[KRR] w - - 0 1"),
    ("other drops leave a square of each colour for the bishops",
     "8/pppppppp/8/8/8/8/PPPPPPPP/RN1Q1BNR[KBkqrrbbnn] w - - 0 1"),
    ("no square of the bishop's colour left", "8/pppppppp/8/8/8/8/PPPPPPPP/RNBQ2NR[KBkqrrbbnn] w - - 0 1"),
    ("black drops while white has castled", "4k3/pppppppp/8/8/8/8/PPPPPPPP/R3K2R[q] b KQ - 0 1"),
    ("play after the placement", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/8[KQRRBBNN] w - - 0 1"),
])
variant("sittuyin", games=20, special=[
    ("the setup half done: drops in the own three ranks, rooks on the first only",
     "8/8/4pppp/pppp4/4PPPP/PPPP4/3S4/2R1K3[FRSNNkfrrssnn] b - - 0 1"),
    ("black's last drop, then play", "r1s1kf2/4s2r/n3pppp/pppp4/4PPPP/PPPP2N1/2S2F2/R3KS1R[n] b - - 0 1"),
    ("no king on the board: the king may not be dropped on an attacked square",
     "4k3/8/8/8/8/8/3r4/8[KFR] w - - 0 1"),
    ("a drop must block the check (the rook on the first rank only)", "4k3/8/8/8/8/8/8/4K2r[RN] w - - 0 1"),
    ("in check, no drop can block: the pawn promotes to block, though the general is in hand",
     "7k/8/8/4P3/K6r/8/8/8[F] w - - 0 1"),
    ("promotion in place or by a diagonal step, only from a promotion square",
     "4k3/8/8/4P3/8/P7/8/3K4 w - - 0 1"),
    ("the last pawn promotes from any square", "4k3/8/8/8/8/2P5/8/3K4 w - - 0 1"),
    ("no promotion while the side has a general", "4k3/8/8/4P3/8/P7/8/3KF3 w - - 0 1"),
    ("the new general may attack no enemy piece", "4k3/8/5n2/4P3/8/P7/8/3K4 w - - 0 1"),
    ("no promotion that gives check", "5k2/8/5P2/8/8/P7/8/3K4 w - - 0 1"),
    ("no promotion that uncovers a check", "8/8/8/R3P2k/8/P7/8/3K4 w - - 0 1"),
    ("a pawn on the last rank, off the promotion squares", "1P2k3/8/8/8/8/P7/8/3K4 w - - 0 1"),
    ("black promotes", "3k4/8/8/8/4p3/8/p7/3K4 b - - 0 1"),
    ("a pawn pinned on its file promotes only in place", "4r2k/8/8/4P3/8/P7/8/4K3 w - - 0 1"),
    ("several pawns on promotion squares", "3k4/1P4P1/8/3PP3/8/8/8/3K4 w - - 0 1"),
])
variant("kyotoshogi", large=True, special=[
    ("drops of every piece, either side up", "k4/5/5/5/4K[PSLNpsln] w 0 1"),
    ("black drops either side up", "k4/5/5/5/4K[PSLNpsln] b 0 1"),
    ("a pawn on the last rank turns into a rook", "k4/4P/5/5/4K[] w 0 1"),
    ("a rook turns back into a pawn", "k4/5/2+P2/5/2K2[L] w 0 1"),
])
variant("micro", large=True, special=[
    ("a capture turns the piece over, a quiet move does not", "k3/1p2/4/1R2/3K[] w 0 1"),
    ("a promoted piece that captures turns back", "k3/4/1p2/1+R2/3K[] w 0 1"),
    ("drops of every piece, either side up", "k3/4/4/4/3K[PLBRplbr] w 0 1"),
    ("black captures and turns over", "k3/4/1P2/1r2/3K[PL] b 0 1"),
])
variant("shouse", special=SEIRAWAN_SPECIAL + [
    ("drops beside gating", "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R[HEPhep] w KQkq - 0 1"),
    ("gates stay open with an empty hand", "r3k2r/8/8/8/8/8/8/R3K2R[] w KQkq - 0 1"),
    ("a drop or a gate beside a pin", "4k3/8/8/8/8/8/8/q2QK3[HP] w D - 0 1"),
    ("a captured promoted pawn goes back as a pawn", "rQ~2k3/8/8/8/8/8/8/4K3[h] b - - 0 1"),
])

variant("dobutsu", large=True, special=[
    ("the lion may reach the far rank, safely only on b4", "3/1L1/l2/3[G] w 0 1"),
    ("the far rank guarded by a giraffe", "g2/1L1/l2/3[] w 0 1"),
    ("white's lion reached the far rank safely: black has lost", "1L1/3/l2/3[] b 0 1"),
    ("white's lion on the far rank but attacked: play goes on", "gL1/3/l2/3[] b 0 1"),
    ("both lions on their far ranks: a draw", "L2/3/3/2l[] w 0 1"),
    ("a chick dropped on the far rank stays there", "C1l/3/3/1L1[] w 0 1"),
    ("a chick must promote to a hen", "1l1/C2/3/1L1[] w 0 1"),
    ("a captured hen goes to the hand as a chick", "1l1/3/+c2/1L1[] w 0 1"),
    ("drops of every piece", "1l1/3/c2/1L1[GECgec] w 0 1"),
    ("no check: the lion may step next to the enemy lion", "e1l/3/1L1/3[] w 0 1"),
], max_depth=6, start_depth=8, budget=200_000, start_budget=1_000_000)

# (end of hands)

# ---------------------------------------------------------------------------------------------
# Batch fsf1: variants added by the catalogue work (issue 39)

variant("3check-crazyhouse", ini=True, special=[
    ("drops of every piece beside castling",
     "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R[QRBNPqrbnp] w KQkq - 3+3 0 1"),
    ("one check left: a checking drop wins", "4k3/8/8/8/8/8/8/4K3[QNPqnp] w - - 1+2 0 1"),
    ("black has one check left", "4k3/8/8/8/8/8/8/4K3[QNPqnp] b - - 2+1 0 1"),
    ("the third check was given by a drop: the game is over",
     "4k3/8/8/8/8/8/4Q3/4K3[] b - - 0+2 0 1"),
    ("a double check counts once", "4k3/8/8/4N3/8/8/8/4RK2[] w - - 2+3 0 1"),
    ("drops that block a check", "4k3/4q3/8/8/8/8/8/4K3[PNBRQ] w - - 3+3 0 1"),
    ("a captured promoted pawn goes back to the hand as a pawn",
     "rQ~2k3/8/8/8/8/8/8/4K3[p] b - - 3+3 0 1"),
    ("en passant beside drops", "4k3/8/8/3pP3/8/8/8/4K3[Nn] w - d6 3+3 0 1"),
])
variant("4x5chess", ini=True, special=[
    ("promotion to a queen, rook, bishop or knight", "2k1/P3/4/3p/1K2 w - - 0 1"),
    ("black promotes", "2k1/P3/4/3p/1K2 b - - 0 1"),
    ("stalemate is a draw", "k3/2Q1/1K2/4/4 b - - 0 1"),
], start_depth=6, max_depth=5)
variant("4x6chess", ini=True, special=[
    ("promotion on the sixth rank", "2k1/P3/4/4/3p/1K2 w - - 0 1"),
    ("no double step", "3k/4/4/4/P3/3K w - - 0 1"),
], start_depth=6, max_depth=5)
variant("5x6chess", ini=True, special=[
    ("promotion on the sixth rank", "3k1/P4/5/5/4p/1K3 w - - 0 1"),
    ("no double step, no castling", "r2k1/ppppp/5/5/PPPPP/R2K1 w - - 0 1"),
], start_depth=5, max_depth=5)
variant("6x6atom", ini=True, special=[
    ("a capture explodes the pieces around it, pawns spared", "4k1/1rpb2/6/2N3/6/3K2 w - - 0 1"),
    ("a capture that would explode the own king is illegal", "6/6/3k2/3p2/3K2/6 w - - 0 1"),
    ("kings touching: no check", "6/6/2kK2/6/6/5q w - - 0 1"),
    ("exploding the enemy king wins even out of check", "3k2/3p2/6/3Q2/6/r2K2 w - - 0 1"),
    ("promotion on the sixth rank", "3k2/P5/6/6/5p/3K2 w - - 0 1"),
])
variant("allexplodeatomic", ini=True, special=[
    ("pawns next to the capture explode too", "4k3/8/3ppp2/3pnp2/3PPP2/8/4N3/4K3 w - - 0 1"),
    ("en passant explodes the pawns around", "4k3/8/8/2pPpP2/8/8/8/4K3 w - e6 0 1"),
    ("double steps and en passant", "4k3/3p4/8/4P3/8/8/3P4/4K3 b - - 0 1"),
    ("the king may be captured and may capture, exploding itself", "8/8/8/3kK3/8/8/8/7q w - - 0 1"),
    ("white's king is gone: white has lost", "4k3/8/8/8/8/8/PP6/8 w - - 0 1"),
    ("promotion", "1n2k3/P7/8/8/8/8/7p/4K3 w - - 0 1"),
    ("castling out of and through attacks", "r3k2r/8/8/8/8/8/4q3/R3K2R w KQkq - 0 1"),
])
variant("antiatomic", ini=True, special=[
    ("a capture is compulsory and explodes", "4k3/8/3pnp2/4p3/3P4/8/8/4K2r w - - 0 1"),
    ("a capture that empties the board: the side then to move wins",
     "8/8/8/8/8/3p4/4Q3/8 b - - 0 1"),
    ("the king explodes like any piece", "k7/8/8/8/8/3r4/4K3/3N4 b - - 0 1"),
    ("the king may capture, exploding itself", "k7/8/8/8/8/3r4/4K3/3N4 w - - 0 1"),
    ("white has lost all its pieces: white has won", "8/8/8/8/8/8/8/k6r w - - 0 1"),
    ("white cannot move: white has won", "8/8/8/8/8/p7/P7/8 w - - 0 1"),
    ("promotion to a king", "1n2k3/P7/8/8/8/8/8/8 w - - 0 1"),
    ("en passant explodes", "8/8/8/3pP3/8/8/8/k3K3 w - d6 0 1"),
])
variant("antiantichess", ini=True, special=[
    ("a capture is compulsory", "4k3/8/8/3p4/4P3/8/8/4K2r w - - 0 1"),
    ("white has lost all its pieces: white has lost", "8/8/8/8/8/8/8/k7 w - - 0 1"),
    ("white cannot move: white has lost", "8/8/8/8/8/p7/P7/8 w - - 0 1"),
    ("promotion to a king", "1n2k3/P7/8/8/8/8/8/4K3 w - - 0 1"),
])
variant("antihouse", ini=True, special=[
    ("a capture is compulsory: no drop while one is possible",
     "4k3/8/8/3p4/4P3/8/8/4K3[QNPqnp] w - - 0 1"),
    ("no capture: drops of every piece, pawns not on the first or last rank",
     "4k3/8/8/8/8/8/8/4K3[QRBNPqrbnp] w - - 0 1"),
    ("no piece on the board but one in hand: play goes on", "8/8/8/8/8/8/8/k7[P] w - - 0 1"),
    ("white has no piece on the board or in hand: white has won", "8/8/8/8/8/8/8/k7[p] w - - 0 1"),
    ("a captured promoted pawn goes back to the hand as a pawn",
     "rQ~2k3/8/8/8/8/8/8/4K3[] b - - 0 1"),
    ("promotion to a king", "1n2k3/P7/8/8/8/8/8/4K3[] w - - 0 1"),
])
variant("atomic-giveaway", ini=True, special=[
    ("castling out of and through attacks", "r3k2r/8/8/8/8/5q2/8/R3K2R w KQkq - 0 1"),
    ("a capture is compulsory and explodes", "4k3/8/3pnp2/4p3/3P4/8/8/4K2r w - - 0 1"),
    ("a capture that empties the board", "8/8/8/8/8/3p4/4Q3/8 b - - 0 1"),
    ("the king explodes like any piece", "k7/8/8/8/8/3r4/4K3/3N4 b - - 0 1"),
    ("white has no piece left: white has won", "8/8/8/8/8/8/8/k7 b - - 0 1"),
    ("white cannot move: white has won", "8/8/8/8/8/p7/P7/8 w - - 0 1"),
    ("en passant explodes", "8/8/8/3pP3/8/8/8/k3K3 w - d6 0 1"),
])
variant("atomic-giveaway-hill", ini=True, special=[
    ("a king steps onto the hill", "8/8/8/5k2/8/2K5/8/8 w - - 0 1"),
    ("black's king on the hill: white has lost", "8/8/8/3k4/8/8/8/K7 w - - 0 1"),
    ("a capture on the way to the hill is compulsory", "8/8/8/8/2Kp4/8/8/7k w - - 0 1"),
    ("a capture is compulsory and explodes", "4k3/8/3pnp2/4p3/3P4/8/8/4K2r w - - 0 1"),
    ("castling", "r3k2r/8/8/8/8/5q2/8/R3K2R w KQkq - 0 1"),
])
variant("anti-losalamos", ini=True, special=[
    ("promotion to a queen, rook, knight or king", "2r1k1/1P4/6/6/4p1/1K4 w - - 0 1"),
    ("a capture is compulsory", "2r1k1/1P4/6/6/4p1/1K1N2 b - - 0 1"),
    ("white has no piece left: white has won", "6/6/6/6/6/k5 b - - 0 1"),
    ("white cannot move: white has won", "6/6/6/p5/P5/6 w - - 0 1"),
], start_depth=5, max_depth=4)
variant("capture", ini=True, special=[
    ("a capture is compulsory", "4k3/8/8/3p4/4P3/8/8/4K2r w - - 0 1"),
    ("in check, the capture must also parry", "4k3/8/8/8/1b6/8/3P4/4K2n w - - 0 1"),
    ("a pinned piece's capture is illegal, so quiet moves are free",
     "4k3/4r3/8/8/8/3p4/4B3/4K3 w - - 0 1"),
    ("castling only when no capture", "r3k2r/p7/8/8/8/8/1P6/R3K2R w KQkq - 0 1"),
    ("en passant is a capture", "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1"),
    ("checkmate", "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3"),
])
variant("captureall", ini=True, special=[
    ("castling out of and through attacks", "r3k2r/8/8/8/8/8/4q3/R3K2R w KQkq - 0 1"),
    ("promotion to a king", "1n2k3/P7/8/8/8/8/8/4K3 w - - 0 1"),
    ("the last pieces", "4k3/p7/8/8/8/8/8/R7 b - - 0 1"),
    ("white has no piece left: white has lost", "4k3/8/8/8/8/8/8/8 w - - 0 1"),
    ("losing the king does not end the game", "4r3/8/8/8/8/8/8/4K2R b - - 0 1"),
])
variant("checkmateless", ini=True, special=[
    ("no move may give check", "4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1"),
    ("no castling that checks", "3k4/8/8/8/8/8/8/R3K2R w KQ - 0 1"),
    ("no discovered check", "3k4/8/8/3N4/8/8/8/3QK3 w - - 0 1"),
    ("no promotion that checks", "1n1k4/P7/8/8/8/8/8/4K3 w - - 0 1"),
    ("no en passant that uncovers a check", "8/8/8/R2pP2k/8/8/8/4K3 w - d6 0 1"),
    ("a side that cannot move has lost", "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1"),
])
variant("1d-chess", ini=True, special=[
    ("the knight jumps over a piece, the rook is blocked", "K1N1r1nk w - - 0 1"),
    ("checkmate", "KRk5 b - - 0 1"),
    ("stalemate is a draw", "K1R3nk b - - 0 1"),
    ("a king may not step into a knight's check", "3K1n1k w - - 0 1"),
], start_depth=10, max_depth=8)
variant("ajax-orthodox", ini=True, special=[
    ("rooks, knights and bishops also step like a king, without capturing",
     "4k3/8/3p4/2pRp3/2pBp3/2pNp3/8/4K3 w - - 0 1"),
    ("ministers dropped on the first rank only", "4k3/8/8/8/8/8/8/4K3[MMmm] w - - 0 1"),
    ("black drops on its first rank", "4k3/8/8/8/8/8/8/4K3[MMmm] b - - 0 1"),
    ("a minister dropped to block a check", "4k3/8/8/8/8/8/8/r3K3[M] w - - 0 1"),
    ("castling beside drops", "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R[Mm] w KQkq - 0 1"),
    ("promotion to a minister", "1r2k3/P7/8/8/8/8/7p/4K3[] w - - 0 1"),
    ("ministers jump two squares", "4k3/8/8/3m4/8/8/8/M3K3[] w - - 0 1"),
])
# No random games: in open middlegames Fairy-Stockfish's atomicduck overflows its move list and
# crashes (malloc(): corrupted top size, e.g. after 1. g3,h5 g6,g7 2. e3,a5 f5,f7 3. Nh3,f4 h6,g2
# 4. Qe2,e5 b6,b4 5. f3,a3 f4,g1 6. c3,e4 c6,c2 7. Qb5,d1 Bb7,b3), so only hand-chosen endings.
variant("atomicduck", ini=True, special=[
    ("castling; the duck on b1 blocks the long castling",
     "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R*2K2R w KQkq - 0 1"),
    ("a capture explodes, the duck survives", "4k3/8/8/2*p4/3P4/8/8/4K3 w - - 0 1"),
    ("in check: the new duck may block it", "7k/8/8/8/8/8/p7/r3K3 w - - 0 1"),
    ("kings touching: no check", "8/8/8/8/3kK3/8/5n2/*7 w - - 0 1"),
    ("a side that cannot move wins", "k7/P7/P7/8/8/8/8/K6* b - - 0 1"),
    ("the king has exploded", "4k3/8/8/8/8/8/8/4*3 w - - 0 1"),
    ("an ending: a rook and pawns", "4k3/p4p2/8/3*4/8/8/1P3R2/4K3 b - - 0 1"),
    ("an ending: en passant explodes", "4k3/8/8/3pP3/8/2*5/8/4K3 w - d6 0 1"),
    ("promotion", "1n2k3/P7/8/8/8/8/7*/4K3 w - - 0 1"),
], games=0, start_depth=2, max_depth=3)
variant("backrank", ini=True, special=[
    ("a piece reaching the far rank promotes to a king and wins", "4k3/8/R7/8/8/8/8/4K3 w - - 0 1"),
    ("a pawn reaches the far rank", "1n2k3/P7/8/8/8/8/8/4K3 w - - 0 1"),
    ("in check: an arrival must also parry", "4k3/P7/8/8/4r3/8/8/4K3 w - - 0 1"),
    ("the new king may arrive on an attacked square", "r3k3/8/2R5/8/8/8/8/4K3 w - - 0 1"),
    ("the king itself may arrive, not onto an attacked square", "r7/3K4/8/7k/8/8/8/8 w - - 0 1"),
    ("white's piece on the far rank: white has won", "+R3k3/8/8/8/8/8/8/4K3 b - - 0 1"),
    ("black reaches its far rank", "4k3/8/8/8/8/8/p7/4K2R b K - 0 1"),
    ("castling", "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1"),
])
variant("blackletter", ini=True, large=True, special=[
    ("castling on the second rank", "9/r3k3r/9/9/9/9/9/9/R3K3R/9[HHhh] w KQkq - 0 1"),
    ("black castles", "9/r3k3r/9/9/9/9/9/9/R3K3R/9[HHhh] b KQkq - 0 1"),
    ("centaurs dropped anywhere, one to block a check", "4k4/9/9/9/9/9/9/9/4K3r/9[Hh] w - - 0 1"),
    ("double steps from the third rank, en passant", "4k4/9/9/9/9/3pP4/9/9/9/4K4 b - e4 0 1"),
    ("a pawn's double step", "4k4/9/9/9/9/9/9/3P5/9/4K4 w - - 0 1"),
    ("promotion on the tenth rank to seven pieces", "1r2k4/P8/9/9/9/9/9/9/8p/4K4 w - - 0 1"),
    ("archbishops, chancellors and centaurs", "4k4/9/9/3e5/9/9/2M2H3/9/9/4K4 w - - 0 1"),
], start_budget=1_500_000)
variant("antiminishogi", ini=True, special=[
    ("a capture is compulsory: no drop while one is possible", "k4/5/2p2/2R2/4K[Pp] w - - 0 1"),
    ("the king is captured into the hand", "kp3/R4/5/5/4K[] w - - 0 1"),
    ("a king in hand is dropped", "5/5/2p2/5/4K[Kk] b - - 0 1"),
    ("no piece on the board but one in hand: play goes on", "5/5/2k2/5/5[P] w - - 0 1"),
    ("white has no piece on the board or in hand: white has won", "5/5/2k2/5/5[p] w - - 0 1"),
    ("promotion, compulsory for a pawn on the far rank", "k4/2P2/5/5/4K[] w - - 0 1"),
    ("drops of every piece, no second pawn on a file", "k4/5/5/P4/4K[PSGBRpsgbr] w - - 0 1"),
], start_depth=8, max_depth=5)
variant("cannonshogi", ini=True, large=True, special=[
    ("flying cannons among pieces", "k8/9/3ppp3/3pUp3/2p+Ap+Cp2/3p+Ip3/9/9/4K4[] w - - 0 1"),
    ("black answers among flying cannons", "k8/9/3ppp3/3pUp3/2p+Ap+Cp2/3p+Ip3/9/9/4K4[] b - - 0 1"),
    ("flying cannons on an open board, drops of every cannon",
     "4k4/9/9/9/2+U1+A1+C2/9/9/9/4K3+I[PPUACIpuaci] w - - 0 1"),
    ("cannons entering the zone over screens", "4k4/9/p1p1p1p2/9/U1A1C1I2/9/9/9/4K4[] w - - 0 1"),
    ("a pawn drop may mate", "k8/2G6/1K7/9/9/9/9/9/9[P] w - - 0 1"),
    ("pawns dropped on a file with a pawn and on the last rank",
     "4k4/9/9/9/9/9/P8/9/4K4[Pp] w - - 0 1"),
    ("a pawn on the last rank need not promote", "4k4/P8/9/9/9/9/9/9/4K4[] w - - 0 1"),
    ("a captured flying cannon goes to the hand as a cannon",
     "4k4/9/9/9/9/9/9/p8/+U3K4[] b - - 0 1"),
], start_budget=1_000_000)
variant("chak", ini=True, large=True, special=[
    ("the king crosses into the river and becomes a divine king",
     "4k4/9/9/9/9/4K4/9/9/9 w - - 0 1"),
    ("a divine king on the far side, never back across", "4k4/9/9/9/4+K4/9/9/9/9 w - - 0 1"),
    ("the divine king takes the offering on the temple square",
     "k8/4o4/4+K4/9/9/9/9/9/9 w - - 0 1"),
    ("black's divine king on e2: white has lost", "9/9/9/9/9/9/9/4+k4/K8 w - - 0 1"),
    ("pawns become warriors in the river", "4k4/9/9/2p6/9/P8/9/9/4K4 w - - 0 1"),
    ("black pawns become warriors", "4k4/9/9/2p6/9/P8/9/9/4K4 b - - 0 1"),
    ("a warrior stays beyond the river", "4k4/9/9/9/+P8/9/9/9/4K4 w - - 0 1"),
    ("quetzals hop over one piece, also to check", "k8/9/4p4/1p7/4Q4/9/9/4O4/4K4 w - - 0 1"),
    ("jaguars, shamans and knights", "4k4/9/9/3j5/9/2S1V4/9/9/4K4 w - - 0 1"),
    ("a side that cannot move loses", "k8/2R6/1R7/9/9/9/9/9/4K4 b - - 0 1"),
], start_budget=1_500_000)

# (end of batch fsf1)

# ---------------------------------------------------------------------------------------------
# Batch fsf2: variants added by the catalogue work (issue 39)

variant("coffeehouse", ini=True, special=[
    ("a capture is forced, so no drop",
     "r1bqkbnr/pppp1ppp/2n5/4p3/3P4/8/PPP1PPPP/RNBQKBNR[Nn] w KQkq - 0 3"),
    ("in check: a capture elsewhere is no answer, so drops and king moves",
     "4k3/8/8/8/8/1p6/P7/r3K3[Nq] w - - 0 1"),
    ("en passant is a capture and must be taken", "4k3/8/8/3pP3/8/8/8/4K3[Pp] w - d6 0 2"),
    ("a promotion by capture is forced", "1r2k3/P7/8/8/8/8/8/4K3[Bb] w - - 0 1"),
    ("a captured promoted piece goes back as a pawn", "4k3/8/8/8/8/8/4q~3/3QK3[] w - - 0 1"),
])

variant("gothhouse", large=True, ini=True, special=[
    ("castling beside drops", "r4k3r/pppppppppp/10/10/10/10/PPPPPPPPPP/R4K3R[ACac] w KQkq - 0 1"),
    ("a drop blocks a check; pawns not on the first or last rank",
     "5k4/10/10/10/10/10/10/r4K4[PC] w - - 0 1"),
    ("promotion to every piece, and black's pawn drops",
     "5k4/1P8/10/10/10/10/8p1/5K4[Pp] b - - 0 1"),
    ("a captured promoted pawn goes back as a pawn", "1C~3k4/10/10/10/10/10/1r8/5K4[] b - - 0 1"),
], start_budget=1_500_000)

variant("grandhouse", large=True, ini=True, special=[
    ("a queen in hand does not count against the promotion limit",
     "4k5/P9/10/10/10/10/10/10/QRRBBNNAC1/4K5[Q] w - - 0 1"),
    ("no piece lost: the pawn may not step to the tenth rank",
     "1r2k5/P9/10/10/10/10/10/10/QRRBBNNAC1/4K5[] w - - 0 1"),
    ("pawn drops only on the second to seventh ranks",
     "4k5/10/10/10/10/10/10/10/10/4K5[Pp] w - - 0 1"),
    ("black drops and promotes", "4k5/1rrbbnnac1/10/10/10/10/10/10/p9/4K5[Pp] b - - 0 1"),
    ("a captured promoted pawn goes back as a pawn",
     "4k5/10/10/10/10/10/10/10/4q~5/3QK5[] w - - 0 1"),
    ("a drop blocks a check", "4k5/10/10/10/10/10/10/10/10/r3K5[N] w - - 0 1"),
], start_depth=3)

variant("fairy", special=[
    ("every fairy piece moves", "4k3/8/8/2a1c3/8/2S1F1M1/8/4K3 w - - 0 1"),
    ("black's silver steps forward toward white", "4k3/8/8/3s4/8/8/8/4K3 b - - 0 1"),
    ("checks by an archbishop and a chancellor", "4k3/8/8/8/8/3c4/8/A3K3 w - - 0 1"),
    ("the commoner is not royal: it may be left attacked and captured",
     "4k3/8/8/3m4/8/8/8/R3K1Q1 b - - 0 1"),
    ("promotion to the chess pieces only", "1m2k3/P7/8/8/8/8/8/4K3 w - - 0 1"),
    ("castling and en passant as in chess", "r3k2r/8/8/8/3Pp3/8/8/R3K2R b KQkq d3 0 1"),
])

variant("janggitraditional", large=True, special=[
    ("bikjang: the generals face each other; black must part them or pass",
     "3k5/9/9/9/9/9/9/9/9/3K5 b - - 0 1"),
    ("a move that opens the file between the generals: bikjang",
     "3k5/9/9/3n5/9/9/9/9/9/3K5 b - - 0 1"),
    ("a pass in check is illegal", "4k4/9/9/9/9/9/9/9/4r4/3K5 w - - 0 1"),
    ("chariot and cannon along the palace diagonals", "4k4/9/9/9/9/9/9/5p3/4n4/3R1K3 w - - 0 1"),
    ("a cannon never jumps over or takes a cannon", "4k4/9/9/9/9/9/9/5c3/4n4/3C1K3 w - - 0 1"),
    ("soldiers along the enemy palace's diagonals", "3C1k3/4p4/5r3/9/9/9/9/9/9/3K5 w - - 0 1"),
    ("an elephant blocked on its way", "4k4/9/9/9/9/9/2p6/2B6/9/4K4 w - - 0 1"),
], start_budget=1_500_000)
variant("janggicasual", large=True, special=[
    ("no bikjang: generals facing each other, play goes on",
     "3k5/9/9/9/9/9/9/9/9/3K5 b - - 0 1"),
    ("a move may open the file between the generals", "3k5/9/9/3n5/9/9/9/9/9/3K5 b - - 0 1"),
    ("a pass in check is illegal", "4k4/9/9/9/9/9/9/9/4r4/3K5 w - - 0 1"),
    ("chariot and cannon along the palace diagonals", "4k4/9/9/9/9/9/9/5p3/4n4/3R1K3 w - - 0 1"),
    ("a cannon never jumps over or takes a cannon", "4k4/9/9/9/9/9/9/5c3/4n4/3C1K3 w - - 0 1"),
    ("soldiers along the enemy palace's diagonals", "3C1k3/4p4/5r3/9/9/9/9/9/9/3K5 w - - 0 1"),
    ("a cannon checks over a screen in the palace", "3k5/9/4c4/9/9/9/9/4R4/9/3K5 w - - 0 1"),
], start_budget=1_500_000)

variant("janggihouse", large=True, ini=True, special=[
    ("drops of every piece: guards only in the own palace, soldiers anywhere",
     "4k4/9/9/9/9/9/9/9/9/3K5[RNBACPrnbacp] w - - 0 1"),
    ("black drops", "4k4/9/9/9/9/9/9/9/9/3K5[RNBACPrnbacp] b - - 0 1"),
    ("bikjang: a drop between the generals parts them", "3k5/9/9/9/9/9/9/9/9/3K5[Pa] b - - 0 1"),
    ("a drop blocks a check; a pass in check is illegal",
     "4k4/9/9/9/4r4/9/9/9/9/4K4[CN] w - - 0 1"),
    ("a capture fills the hand", "4k4/9/9/9/9/9/9/4r4/4R4/3K5[] w - - 0 1"),
    ("a cannon dropped behind a screen checks", "3k5/9/9/3p5/9/9/9/9/9/4K4[C] w - - 0 1"),
], start_budget=1_500_000)

variant("kamikazerooks", ini=True, special=[
    ("taking the enemy's last rook makes the enemy win", "r3k3/8/8/8/8/8/8/R3K3 w Qq - 0 1"),
    ("black has no rook left: black has won", "4k3/8/8/8/8/8/8/R3K3 w - - 0 1"),
    ("white has no rook left, white to move: white has won", "r3k3/8/8/8/8/8/8/4K3 w - - 0 1"),
    ("a pawn that promotes while taking the last rook", "r3k3/1P6/8/8/8/8/8/R3K3 w - - 0 1"),
    ("a promotion to a rook, and castling with the last rook",
     "r3k2r/1P6/8/8/8/8/8/4K2R w Kkq - 0 1"),
    ("checkmate with rooks left on the board", "r5k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1"),
])

variant("hexapawn", ini=True, start_depth=8, max_depth=8, special=[
    ("white has reached the far rank: black has lost", "P1p/1p1/3 b - - 0 1"),
    ("black reaches the first rank only by a capture", "3/1p1/PPP b - - 0 1"),
    ("a pawn already on its far rank, its side to move: the side wins with its next move",
     "p2/1P1/P1p b - - 0 1"),
    ("white cannot move: stalemate loses", "1p1/1P1/3 w - - 0 1"),
    ("black's pawns are blocked: black has lost", "p1p/P1P/1P1 b - - 0 1"),
])

variant("empire", ini=True, special=[
    ("the kings may not face each other on an open file", "4k3/8/8/8/8/8/8/3K4 w - - 0 1"),
    ("black may not castle across the file of white's king", "r3k2r/8/8/8/8/8/8/5K2 b kq - 0 1"),
    ("a piece between the kings is pinned", "4k3/4r3/8/8/8/8/4T3/4K3 w - - 0 1"),
    ("the Empire's pieces move as queens and capture as they may",
     "3qk3/8/2n1p1b1/8/2TECD2/8/8/4K3 w - - 0 1"),
    ("a king reaches the far rank", "8/3K4/8/8/8/8/4k3/8 w - - 0 1"),
    ("black's king reaches the first rank", "8/3K4/8/8/8/8/4k3/8 b - - 0 1"),
    ("white's king on the far rank: white has won", "3K4/8/8/8/8/8/4k3/8 b - - 0 1"),
    ("pawns promote to a queen only", "3k4/1P6/8/8/8/8/1p6/4K3 w - - 0 1"),
    ("en passant against black's double step; soldiers step sideways on the last rank",
     "1S2k3/8/8/3Pp3/8/8/8/4K3 w - e6 0 1"),
    ("stalemate loses", "k7/2D5/1K6/8/8/8/8/8 b - - 0 1"),
])

variant("elimination", ini=True, special=[
    ("a capture that leaves black one piece wins", "8/8/3k4/8/3p4/8/8/3RK3 w - - 0 1"),
    ("black has a single piece left: black has lost", "8/8/8/8/8/8/3k4/2RK4 w - - 0 1"),
    ("white, to move, has a single piece left: white has lost", "8/8/8/8/3k4/8/3p4/3K4 w - - 0 1"),
    ("stalemate loses for the side that cannot move", "8/8/8/p6p/P6P/8/8/8 w - - 0 1"),
    ("captures are compulsory, the king captures too", "8/8/8/8/3n4/4K3/7P/1r2k3 w - - 0 1"),
    ("promotion to a king; castling", "4k3/P7/5n2/8/8/8/8/R3K2R w KQ - 0 1"),
])

variant("fullmoon", ini=True, special=[
    ("drops on the own first rank only",
     "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/R1B1K1NR[CAca] w - - 0 1"),
    ("black drops on its first rank", "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R[CAca] b - - 0 1"),
    ("a drop blocks a check along the first rank; no castling",
     "4k3/8/8/8/8/8/8/r3K2R[C] w - - 0 1"),
    ("captures do not fill the hand", "4k3/8/8/3r4/8/8/8/3QK3[] w - - 0 1"),
    ("promotion to six pieces; no double step", "1r2k3/P7/8/8/8/8/4P3/4K3[] w - - 0 1"),
    ("stalemate loses", "k7/2Q5/1K6/8/8/8/8/8[] b - - 0 1"),
])

variant("gorogoroplus", ini=True, special=[
    ("lance and knight drops: not where they could never move", "2k2/5/5/5/5/2K2[LNln] w - - 0 1"),
    ("black's lance and knight drops", "2k2/5/5/5/5/2K2[LNln] b - - 0 1"),
    ("a lance must promote on the last rank, may on the fifth", "2k2/L4/5/4L/5/2K2[] w - - 0 1"),
    ("a knight must promote on the last two ranks", "2k2/5/5/N3N/5/2K2[] w - - 0 1"),
    ("a captured promoted knight goes back as a knight", "2k2/5/1+n3/1G3/5/2K2[] w - - 0 1"),
    ("pawn drops: one per file, no mate by a drop", "k4/2S2/1G3/5/2P2/4K[PL] w - - 0 1"),
    ("a lance pins and checks along the file", "2k2/5/2s2/5/5/2L1K[] b - - 0 1"),
])

variant("chennis", ini=True, start_depth=5, special=[
    ("the king stays in its court: files b to f, its own four ranks",
     "1k5/7/7/5K1/7/7/7[] w - - 0 1"),
    ("the kings meet on the middle rank", "7/7/7/2k1K2/7/7/7[] w - - 0 1"),
    ("a king attacks only inside its court: black's king may step next to it",
     "7/7/2k4/4K2/7/7/7[] b - - 0 1"),
    ("drops of every piece, either side up", "2k4/7/7/7/7/7/4K2[PFSMpfsm] w - - 0 1"),
    ("black drops either side up", "2k4/7/7/7/7/7/4K2[PFSMpfsm] b - - 0 1"),
    ("every piece turns over as it moves", "2k4/7/1m1s3/7/2P1F2/7/4K2[] w - - 0 1"),
    ("promoted pieces turn back; the cannon captures over a screen",
     "2k4/3p3/3S3/7/3+F3/1+S1+M+P2/4K2[] w - - 0 1"),
    ("a captured promoted piece goes to the hand unpromoted", "2k4/7/2+p4/2S4/7/7/4K2[] w - - 0 1"),
    ("stalemate loses", "1k5/7/1P1+M3/7/7/3K3/7[] b - - 0 1"),
])

variant("gethenian", ini=True, start_depth=5, special=[
    ("the turned-over king steps straight, never captures, and may not be left attacked",
     "3k3/7/7/3+K3/2b1n2/7/7[] w - - 0 1"),
    ("black's king turned over, next to white's king", "7/7/3+k3/3K3/7/7/7[] b - - 0 1"),
    ("the diagonal riders and knights turn as black moves them",
     "3k3/7/2b1i2/3n3/7/7/3K3[] b - - 0 1"),
    ("promoted pieces turn back", "3k3/7/2+B1+I2/3+N3/3+M3/7/3K3[] w - - 0 1"),
    ("drops of every piece, either side up", "3k3/7/7/7/7/7/3K3[BINMbinm] w - - 0 1"),
    ("a drop that checks the king", "3k3/7/7/7/7/7/3+K3[Bb] w - - 0 1"),
    ("the king cannot move: stalemate loses", "k6/2M4/K6/7/7/7/7[] b - - 0 1"),
])

variant("forward", ini=True, special=[
    ("every piece may turn into the full piece on the last rank",
     "7g/LESF4/8/8/8/8/8/4G3 w - - 0 1"),
    ("the forward king becomes the king", "8/3G4/8/8/8/8/4g3/8 w - - 0 1"),
    ("black's pieces move down the board and turn on the first rank",
     "8/8/8/4G3/8/8/lesf4/4g3 b - - 0 1"),
    ("the forward king may not be left attacked", "4g3/8/8/8/8/8/3r4/4G3 w - - 0 1"),
    ("pawns promote to the chess pieces; en passant", "4g3/P7/8/3pP3/8/8/8/4G3 w - d6 0 1"),
    ("a forward king on its last rank cannot move: stalemate, a draw",
     "8/8/8/4G3/8/8/8/6g1 b - - 0 1"),
    ("a forward king on its last rank, attacked: checkmate", "8/8/8/4G3/8/8/8/R5g1 b - - 0 1"),
])

variant("leaperhouse", large=True, ini=True, special=[
    ("every leaper jumps over what stands between",
     "4k5/10/10/10/4pp4/3pONp3/3pCUp3/4RP4/10/K9[] w - - 0 1"),
    ("a pawn must turn into a commoner in the far three ranks",
     "4k5/10/10/P8P/10/10/10/10/10/K9[] w - - 0 1"),
    ("pawn drops: one per file, not on the last rank",
     "4k5/10/10/10/10/10/10/10/P9/9K[Pp] w - - 0 1"),
    ("drops of every piece", "4k5/10/10/10/10/10/10/10/10/9K[NUCROPnucrop] b - - 0 1"),
    ("a captured commoner goes to the hand as a pawn",
     "4k5/10/10/10/10/4+p5/10/3N6/10/9K[] w - - 0 1"),
    ("the kings may not face each other", "4k5/10/10/10/10/10/10/10/10/3K6[] w - - 0 1"),
    ("a king reaches the far rank", "10/3K6/10/10/10/10/10/10/6k3/10[] w - - 0 1"),
    ("black's king on its far rank: black has won", "10/3K6/10/10/10/10/10/10/10/6k3[] w - - 0 1"),
    ("a pawn drop may mate", "k9/2K7/1+P8/10/10/10/10/10/10/10[P] w - - 0 1"),
], start_depth=4)

variant("epicatomic", large=True, ini=True, special=[
    ("white promotes to a bishop from its sixth rank on", "5k4/10/10/1P8/10/10/10/5K4 w - - 0 1"),
    ("black's double step already promotes, and leaves no en passant",
     "5k4/p9/10/1P8/10/10/10/5K4 b - - 0 1"),
    ("black promotes from its fourth rank on", "5k4/10/7p2/10/10/10/10/K9 b - - 0 1"),
    ("a promotion by capture explodes", "5k4/10/3r6/2P7/10/10/10/5K4 w - - 0 1"),
    ("kings touching: no check", "10/10/10/10/4kK4/10/10/9q w - - 0 1"),
    ("a capture next to both kings is illegal", "10/10/10/10/3k6/3n3R2/3K6/10 w - - 0 1"),
    ("no castling", "r4k3r/10/10/10/10/10/10/R4K3R w - - 0 1"),
])

variant("coffeerace", ini=True, start_depth=7, special=[
    ("a capture that would give check is illegal, so not forced", "8/1r6/k7/8/8/8/8/1Q5K w - - 0 1"),
    ("a forced capture instead of the race to the eighth rank", "8/6K1/8/8/4N3/8/5r2/k7 w - - 0 1"),
    ("black must capture instead of answering: white wins", "6K1/k7/8/8/8/8/1N6/1r6 b - - 0 1"),
    ("black's answer is a capture", "6K1/k7/1N6/8/8/8/8/8 b - - 0 1"),
    ("the king captures on its way", "8/8/8/8/8/2n5/1K6/7k w - - 0 1"),
])

# (end of batch fsf2)

# ---------------------------------------------------------------------------------------------
# Batch fsf3: variants added by the catalogue work (issue 39)

variant("normal", special=[
    ("castling both ways, and through an attacked square", "r3k2r/8/8/8/8/5b2/8/R3K2R w KQkq - 0 1"),
    ("en passant", "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3"),
    ("promotion to four pieces, by a push and by a capture", "1r2k3/P6P/8/8/8/8/p6p/1R2K3 w - - 0 1"),
    ("checkmate", "7k/6Q1/6K1/8/8/8/8/8 b - - 0 1"),
    ("stalemate", "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1"),
])
variant("mini", games=16, special=[
    ("a pawn drop that mates: the dropping side loses", "k4/2S2/1G3/5/4K[P] w - - 0 1"),
    ("no second unpromoted pawn on a file", "4k/5/5/P4/4K[Pp] w - - 0 1"),
    ("optional promotion on entering and on leaving the far rank", "R4/4k/5/5/K4[] w - - 0 1"),
    ("a pawn must promote on the far rank", "4k/1P3/S4/5/K4[] w - - 0 1"),
    ("a captured dragon goes to the hand as a rook", "4k/5/2+r2/1B3/K4[] w - - 0 1"),
    ("every piece in hand", "rbsgk/4p/5/P4/KGSBR[PSGBRpsgbr] w - - 0 1"),
    ("stalemate wins", "k4/2G2/1K3/5/5[] b - - 0 1"),
])

variant("pawnsonly", ini=True, start_depth=5, special=[
    ("promotion, only to a queen, wins", "8/1P6/8/8/8/8/6p1/8 w - - 0 1"),
    ("black promotes", "8/1P6/8/8/8/8/6p1/8 b - - 0 1"),
    ("a queen on the far rank: white has won", "1Q6/8/8/8/8/8/6p1/8 b - - 0 1"),
    ("en passant", "8/pp6/8/3pP3/8/8/PP6/8 w - d6 0 2"),
    ("white cannot move: white has lost", "8/8/8/8/8/p7/P7/8 w - - 0 1"),
    ("black cannot move after white's move", "8/8/8/p7/8/P7/8/8 w - - 0 1"),
])
variant("pawnsking", ini=True, start_depth=5, special=[
    ("the king may be taken; a king may step next to the other", "8/8/8/3k4/4K3/8/8/8 w - - 0 1"),
    ("black's king is gone: black has lost", "8/8/8/8/4K3/8/p7/8 b - - 0 1"),
    ("a king that reaches the far rank wins", "8/1K6/8/8/8/8/6k1/8 w - - 0 1"),
    ("black's king has reached its far rank", "8/8/8/8/8/8/8/3k3K w - - 0 1"),
    ("promotion wins", "4k3/1P6/8/8/8/8/6p1/4K3 b - - 0 1"),
    ("a side that cannot move draws", "8/8/8/8/8/p7/P7/8 w - - 0 1"),
    ("en passant", "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2"),
])
variant("sixthrank", ini=True, special=[
    ("a pawn steps to its sixth rank, by a move and by a capture", "4k3/8/2r5/1P6/8/8/8/4K3 w - - 0 1"),
    ("black's pawn reaches its sixth rank (the third)", "4k3/8/8/8/6p1/8/8/4K3 b - - 0 1"),
    ("white's pawn stands on the sixth: black has lost", "4k3/8/1P6/8/8/8/8/4K3 b - - 0 1"),
    ("a pawn on the sixth rank is not enough for another piece", "4k3/8/1R6/8/8/8/8/4K3 b - - 0 1"),
    ("en passant onto the sixth rank wins", "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2"),
    ("checkmate", "4k3/4Q3/4K3/8/8/8/8/8 b - - 0 1"),
    ("castling", "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1"),
])
variant("rooksquare", ini=True, special=[
    ("white's pieces reach a8 or h8, by a move or a capture", "r3k3/8/8/8/4B3/8/8/R3K2R w KQq - 0 1"),
    ("black reaches a1 or h1", "r3k2r/8/8/8/8/8/8/R3K2b b q - 0 1"),
    ("a white piece on h8: black has lost", "4k2R/8/8/8/8/8/8/4K3 b - - 0 1"),
    ("other squares of the last rank do not count", "3Rk3/8/8/8/8/8/8/4K3 b - - 0 1"),
    ("promotion on a corner wins", "4k3/P7/8/8/8/8/8/4K3 w - - 0 1"),
    ("checkmate", "4k3/4Q3/4K3/8/8/8/8/8 b - - 0 1"),
])
variant("squatter", ini=True, special=[
    ("a rook reaches the far rank safely or not", "4k3/8/8/8/8/8/5b2/R3K3 w Q - 0 1"),
    ("a white rook on the far rank, not attacked: black has lost", "R7/8/8/8/8/8/8/4K2k b - - 0 1"),
    ("a white rook on the far rank, attacked: black may take it", "R7/1k6/8/8/8/8/8/4K3 b - - 0 1"),
    ("it stood there through black's move: white has won", "R7/8/3k4/8/8/8/8/4K3 w - - 0 1"),
    ("attacked only by a pinned knight: not safe", "Rb1k4/2n5/8/B7/8/8/8/4K3 b - - 0 1"),
    ("two pieces on the far rank, both attacked", "RR1k4/8/8/8/8/8/8/4K3 b - - 0 1"),
    ("both sides on their far ranks: a draw", "R7/8/3k4/8/8/3K4/8/7r w - - 0 1"),
    ("black reaches its far rank", "4k3/8/8/8/8/8/1r6/7K b - - 0 1"),
    ("promotion on the far rank", "4k3/P7/8/8/8/8/8/4K3 w - - 0 1"),
    ("checkmate", "4k3/4Q3/4K3/8/8/8/8/8 b - - 0 1"),
])
variant("racingchess", ini=True, special=[
    ("white's king reaches the eighth rank", "8/1K6/8/8/8/8/8/k7 w - - 0 1"),
    ("white's king has arrived; black's can answer", "1K6/6k1/8/8/8/8/8/8 b - - 0 1"),
    ("white's king has arrived; black's cannot", "1K6/8/6k1/8/8/8/8/8 b - - 0 1"),
    ("both kings arrived: a draw", "1K6/8/8/8/8/8/8/6k1 w - - 0 1"),
    ("black's king has arrived: white has lost", "8/8/8/8/8/8/8/1K4k1 w - - 0 1"),
    ("no move may give check", "4k3/8/8/8/8/8/8/Q3K3 w - - 0 1"),
    ("castling, that may not give check either", "4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1"),
    ("en passant and promotion", "1n2k3/P7/8/3pP3/8/8/8/4K3 w - d6 0 2"),
])
variant("river", ini=True, special=[
    ("kings without check, next to each other, taken", "8/8/8/3kK3/8/8/8/8 w - - 0 1"),
    ("black's king is gone: play goes on", "8/8/8/8/4K3/8/8/r7 b - - 0 1"),
    ("castling through and into attacks", "r3k2r/8/8/8/8/5q2/8/R3K2R w KQkq - 0 1"),
    ("any piece reaching the far rank wins", "4k3/8/1N6/8/8/8/8/4K3 w - - 0 1"),
    ("a white piece on the far rank: black has lost", "1N2k3/8/8/8/8/8/8/4K3 b - - 0 1"),
    ("black reaches its far rank", "4k3/8/8/8/8/8/1n6/4K3 b - - 0 1"),
    ("promotion wins", "4k3/P7/8/8/8/8/8/4K3 w - - 0 1"),
    ("a side that cannot move draws", "8/8/8/8/8/p7/P7/8 w - - 0 1"),
])
variant("twokings2", ini=True, special=[
    ("one of two kings in check", "3kk3/8/8/8/8/8/8/3K1KR1 b - - 0 1"),
    ("both kings attacked at once", "3kk3/8/8/8/8/8/8/3KK2Q b - - 0 1"),
    ("checkmate of one king", "3k4/4k3/8/8/8/8/8/3KKR1R w - - 0 1"),
    ("a king may not step next to an enemy king", "8/8/8/3kk3/8/3KK3/8/8 w - - 0 1"),
    ("promotion and en passant", "3kk3/P7/8/3pP3/8/8/8/3KK3 w - d6 0 2"),
])
variant("quasi-shatranj", ini=True, large=True, special=[
    ("double steps from the third rank and en passant",
     "k2k3k1k/10/10/10/10/3pP5/10/10/10/K2K3K1K b - e4 0 1"),
    ("promotion to every piece but a king", "k2k3k1k/5P4/10/10/10/10/10/10/5p4/K2K3K1K w - - 0 1"),
    ("the leapers", "k2k3k1k/10/10/4a5/10/3Z6/4I5/5E4/6F3/K2K3K1K w - - 0 1"),
    ("a king in check by a dabbaba-wazir", "k2k3k1k/10/10/10/10/10/10/10/z9/K2K3K1K w - - 0 1"),
], start_budget=1_500_000)

variant("minihouse", ini=True, start_depth=5, special=[
    ("drops of every piece; pawns only on the second to fifth ranks", "5k/6/6/6/6/K5[PNBRpnbr] w - - 0 1"),
    ("black drops", "5k/6/6/6/6/K5[PNBRpnbr] b - - 0 1"),
    ("promotion to a rook, bishop or knight, by a push and a capture", "3n1k/2P3/6/6/3p2/K1N3[] w - - 0 1"),
    ("a captured promoted rook goes back to the hand as a pawn", "2R~2k/6/6/6/2r3/K5[] b - - 0 1"),
    ("a drop that blocks a check", "5k/6/6/6/6/K4r[NP] w - - 0 1"),
    ("no double step", "5k/5p/6/6/P5/K5[] w - - 0 1"),
])
variant("makhouse", ini=True, special=[
    ("pawns dropped on the first rank and in the promotion zone, never on the last",
     "4k3/8/8/8/8/8/8/3K4[Pp] w - - 0 1"),
    ("black drops pawns", "4k3/8/8/8/8/8/8/3K4[Pp] b - - 0 1"),
    ("a dropped pawn in the zone promotes on its next move", "4k3/8/1P6/8/8/8/8/3K4[] w - - 0 1"),
    ("a captured met that was a pawn goes back as a pawn", "4k3/8/8/8/8/2M~5/1r6/3K4[] b - - 0 1"),
    ("drops of every piece", "4k3/8/8/8/8/8/8/3K4[PNSMRpnsmr] w - - 0 1"),
    ("a drop that mates", "k7/8/1K6/8/8/8/8/8[R] w - - 0 1"),
    ("promotion to a met on the sixth rank", "4k3/8/8/2P5/5p2/8/8/3K4[] w - - 0 1"),
])
variant("massacre", ini=True, special=[
    ("a few pieces left", "8/8/2q5/8/2N1r3/8/1B6/8 w - - 0 1"),
    ("no capture to make: white has lost", "q7/8/8/8/8/8/8/7N w - - 0 1"),
    ("white's last piece is taken: white has lost", "8/8/8/8/8/8/8/6q1 w - - 0 1"),
    ("black takes and is taken", "8/8/8/3n4/8/4R3/8/2b5 b - - 0 1"),
])

# Where Fairy-Stockfish departs from a variant's published rules, the suite holds the rules'
# counts. EP_PROMOTES names the variants where a pawn that takes en passant into its promotion
# zone must promote (to its promoted form, `+P`) as every pawn entering the zone does, with the
# ranks of that zone for each side (counted from its own first): Fairy-Stockfish leaves such a pawn
# unpromoted. Their perft is counted here move by move wherever such a capture can happen
# within the depth: Fairy-Stockfish's counts, with each such capture's subtree counted from the
# position the rules reach (the pawn promoted); elsewhere Fairy-Stockfish's counts as they are.
EP_PROMOTES = {}


def _fen_board(fen):
    """{(file, rank): letter} of an 8x8 FEN (pieces keep their `+` and `~`), hand, side, ep."""
    placement, side, _castling, ep = fen.split()[:4]
    hand = ""
    if "[" in placement:
        placement, hand = placement[:-1].split("[")
    board = {}
    for r, row in enumerate(placement.split("/")):
        f, plus = 0, ""
        for ch in row:
            if ch.isdigit():
                f += int(ch)
            elif ch == "+":
                plus = "+"
            elif ch == "~":
                board[(f - 1, 7 - r)] += "~"
            else:
                board[(f, 7 - r)] = plus + ch
                f, plus = f + 1, ""
    return board, hand, side, ep


def _own_rank(rank, side):
    return rank + 1 if side == "w" else 8 - rank


def _ep_may_promote(fen, depth, zone):
    """Whether a pawn may take en passant into its zone within `depth` plies (a cheap bound)."""
    board, hand, side, ep = _fen_board(fen)
    if depth >= 1 and ep != "-" and _own_rank(int(ep[1]) - 1, side) in zone[side]:
        return True
    if depth < 2:
        return False
    for taker in "wb":
        other = "b" if taker == "w" else "w"
        if 6 not in zone[taker]:
            continue
        plies = [("w" if (i % 2 == 0) == (side == "w") else "b") for i in range(depth)]
        # the taker's moves before its capture, the other's before its double step
        last = max(i for i, s in enumerate(plies) if s == taker)
        if last == 0:
            continue
        taker_moves = sum(1 for s in plies[:last - 1] if s == taker)
        other_moves = sum(1 for s in plies[:last - 1] if s == other)
        pawn = "P" if taker == "w" else "p"
        enemy = "p" if taker == "w" else "P"
        need = {5: 0, 4: 1, 3: 2, 2: 2}
        ready = any(v == pawn and need.get(_own_rank(r, taker), 9) <= taker_moves
                    for (f, r), v in board.items()) or (pawn in hand and taker_moves >= 1)
        steps = any(v == enemy and (_own_rank(r, other) == 2 or (
            _own_rank(r, other) == 1 and other_moves >= 1)) for (f, r), v in board.items()) \
            or (enemy in hand and other_moves >= 1)
        if ready and steps:
            return True
    return False


class _RulesOverFairyStockfish(FairyStockfish):
    def __init__(self, binary, variant, variants_ini=None):
        super().__init__(binary, variant, variants_ini)
        self.zone = EP_PROMOTES.get(variant)

    def divide(self, depth, fen=None, moves=()):
        per_move, total = super().divide(depth, fen, moves)
        if self.zone is None or depth < 1:
            return per_move, total
        fen = self.fen(fen, moves)
        if not _ep_may_promote(fen, depth, self.zone):
            return per_move, total
        board, _hand, side, ep = _fen_board(fen)
        pawn = "P" if side == "w" else "p"
        fixed = {}
        for m, n in per_move.items():
            child = self.fen(fen, [m])
            sq = m[2:4]
            taker = board.get((ord(m[0]) - 97, int(m[1]) - 1)) if "@" not in m else None
            if (sq == ep and taker == pawn and m[0] != m[2]
                    and _own_rank(int(sq[1]) - 1, side) in self.zone[side]):
                # the pawn lands on the en-passant square in its zone: it promotes
                f, r = ord(sq[0]) - 97, int(sq[1]) - 1
                cb, *_ = _fen_board(child)
                cb[(f, r)] = "+" + pawn
                child = _with_board(child, cb)
                m = m + "+"
                n = self.divide(depth - 1, child)[1] if depth > 1 else 1
            elif depth > 1 and _ep_may_promote(child, depth - 1, self.zone):
                n = self.divide(depth - 1, child)[1]
            fixed[m] = n
        return fixed, sum(fixed.values())


def _with_board(fen, board):
    """`fen` with its placement replaced by `board` (8x8)."""
    rows = []
    for r in range(7, -1, -1):
        row, empty = "", 0
        for f in range(8):
            v = board.get((f, r))
            if v is None:
                empty += 1
                continue
            if empty:
                row, empty = row + str(empty), 0
            row += v
        rows.append(row + (str(empty) if empty else ""))
    placement, rest = fen.split(" ", 1)
    hand = placement[placement.index("["):] if "[" in placement else ""
    return "/".join(rows) + hand + " " + rest


FairyStockfish = _RulesOverFairyStockfish

SHINOBI_SPECIAL = [
    ("pawns promote to captains on their seventh rank, by a push and a capture",
     "4k3/1m6/P7/8/8/8/8/4K3 w - - 0 1"),
    ("a monk, a horse and a lance must promote entering the last two ranks",
     "4k3/8/M1H4L/8/8/8/8/4K3[] w - - 0 1"),
    ("promoted monk, horse and lance", "4k3/8/+M1+H4+L/8/8/8/8/4K3[] w - - 0 1"),
    ("a king that reaches the far rank wins", "8/3K4/8/8/8/8/8/k7 w - - 0 1"),
    ("white's king on the far rank: black has lost", "3K4/8/8/8/8/8/8/k7 b - - 0 1"),
    ("stalemate loses", "k7/2K5/1D6/8/8/8/8/8 b - - 0 1"),
    ("en passant", "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2"),
]

variant("shinobi", ini=True, special=SHINOBI_SPECIAL + [
    ("drops on the first four ranks only", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/LH1CK1HL[LHMMDJ] b kq - 0 1"),
    ("drops of every piece, pawns not on the first rank", "4k3/8/8/8/8/8/8/4K3[PNBRQCDJMHL] w - - 0 1"),
    ("a drop that blocks a check", "4k3/4r3/8/8/8/8/8/4K3[JM] w - - 0 1"),
    ("black castles", "r3k2r/pppppppp/8/8/8/8/8/4K3[] b kq - 0 1"),
    ("black's pawns promote on their seventh rank", "4k3/8/8/8/8/6p1/5N2/4K3 b - - 0 1"),
])
variant("shinobimirror", ini=True, start_depth=3, special=SHINOBI_SPECIAL + [
    ("black drops on its own four ranks", "4k3/8/8/8/8/8/8/4K3[pcdjmhl] b - - 0 1"),
    ("a drop that blocks a check", "4k3/4l3/8/8/8/8/8/4K3[JM] w - - 0 1"),
    ("black's pawn and lance promote", "4k3/8/8/8/8/p6l/1M6/3K4 b - - 0 1"),
])
EP_PROMOTES["shinobiplus"] = {"w": {7, 8}, "b": {6, 7, 8}}
variant("shinobiplus", ini=True, special=SHINOBI_SPECIAL + [
    ("black's pawns promote on their sixth rank, by a push and a capture", "4k3/8/8/8/3p4/4N3/8/4K3[] b - - 0 1"),
    ("black's pawn takes en passant into its promotion zone and promotes (the rules; Fairy-Stockfish "
     "leaves it a pawn, see EP_PROMOTES in generate.py)", "4k3/8/8/8/3pP3/8/8/4K3[] b - e3 0 1"),
    ("a white double step beside a black pawn, deeper down", "4k3/8/8/8/2p5/8/1P1P4/4K3[] w - - 0 1"),
    ("drops of the fox and every piece", "4k3/8/8/8/8/8/8/4K3[JDFCLHMPNBRQ] w - - 0 1"),
    ("black drops anywhere, but not where a piece could never move",
     "4k3/8/8/8/8/8/8/4K3[phlm] b - - 0 1"),
])

variant("synochess", ini=True, special=[
    ("the kings may not face each other on a file", "4k3/8/8/8/8/8/8/3K4 w - - 0 1"),
    ("a knight between the kings on a rank may not leave it", "8/8/8/8/K3N2k/8/8/8 w - - 0 1"),
    ("castling may not bring the kings face to face", "2k5/8/8/8/8/8/8/R3K3 w Q - 0 1"),
    ("cannons hop to move and capture, never over or onto a cannon",
     "4k3/8/4c3/8/4c3/8/4N3/3K4 b - - 0 1"),
    ("soldiers step forward or sideways; drops on black's fourth rank",
     "4k3/8/8/8/4s3/8/4P3/3K4[ss] b - - 0 1"),
    ("black drops every piece it holds on its fourth rank", "4k3/8/8/8/8/8/8/3K4[nreacs] b - - 0 1"),
    ("white's pieces in hand drop anywhere, pawns not on the first or last rank",
     "4k3/8/8/8/8/8/8/3K4[PN] w - - 0 1"),
    ("a king that reaches the far rank wins", "8/3K4/8/8/8/8/8/k7 w - - 0 1"),
    ("black's king on its far rank: white has lost", "K7/8/8/8/8/8/8/6k1 w - - 0 1"),
    ("stalemate loses", "k7/2K5/1Q6/8/8/8/8/8 b - - 0 1"),
    ("promotion", "1n2k3/P7/8/8/8/8/8/3K4 w - - 0 1"),
    ("elephants and advisors", "4k3/8/8/3e4/8/4a3/8/3K4 b - - 0 1"),
])

variant("muje", ini=True, large=True, special=[
    ("a soldier must promote entering the far three ranks", "4k4/9/9/4P4/9/9/9/9/4K4[] w - - 0 1"),
    ("a dropped soldier in the zone must promote when it moves", "4k4/9/4P4/9/9/9/9/9/4K4[] w - - 0 1"),
    ("a promoted soldier (wazir) captured goes to the hand as a soldier",
     "4k4/9/9/9/9/9/9/4+p4/3K1R3[] w - - 0 1"),
    ("the king never leaves its first three ranks", "9/9/4k4/9/9/9/4K4/9/9[] w - - 0 1"),
    ("cannons hop over one piece to move and to capture",
     "4k4/9/2n6/9/4S4/9/2I1p4/9/4K4[] w - - 0 1"),
    ("drops of every piece", "4k4/9/9/9/9/9/9/9/4K4[PNBRFISpnbrfis] w - - 0 1"),
    ("stalemate loses", "k8/7R1/1R7/9/9/9/9/9/4K4[] b - - 0 1"),
])

variant("mansindam", ini=True, large=True, special=[
    ("every piece but the queen and amazon must promote entering the zone",
     "k8/9/9/PNBRQCMA1/9/9/9/9/4K4[] w - - 0 1"),
    ("pieces dropped in the zone must promote when they move, even out of it",
     "8k/9/BNCM5/9/9/9/9/9/4K4[] w - - 0 1"),
    ("promoted pieces", "4k4/9/9/9/+P+N+B+R+C+M3/9/9/9/4K4[] w - - 0 1"),
    ("no second unpromoted pawn on a file, none on the last rank; a pawn drop may check",
     "4k4/9/4K4/9/9/9/P8/9/9[P] w - - 0 1"),
    ("a captured promoted piece goes to the hand unpromoted", "4k4/9/9/9/9/9/9/4+r4/3K1B3[] w - - 0 1"),
    ("a king that reaches the far rank wins", "9/3K5/9/9/4k4/9/9/9/9[] w - - 0 1"),
    ("black's king on its far rank: white has lost", "9/9/9/9/K8/9/9/9/5k3[] w - - 0 1"),
    ("drops of every piece", "4k4/9/9/9/9/9/9/9/4K4[PNBRQCMApnbrqcma] b - - 0 1"),
    ("stalemate loses", "k8/7R1/1R7/9/9/9/9/9/4K4[] b - - 0 1"),
], start_budget=1_500_000)

variant("pandemonium", ini=True, large=True, special=[
    ("every piece but the king may promote entering the zone", "8k/9/9/PNBRSAFVU/9/9/9/9/4K4[] w - - 0 1"),
    ("pieces in the zone may promote leaving it", "4k4/9/P1N1S1F1U/1B1R1A1V1/9/9/9/9/4K4[] w - - 0 1"),
    ("promoted pieces", "8k/9/9/9/+P+N+B+R+S+A+F+V+U/9/9/9/4K4[] w - - 0 1"),
    ("a captured promoted piece goes to the hand unpromoted", "4k4/9/9/9/9/9/9/4+f4/3K1B3[] w - - 0 1"),
    ("drops of every piece; none where it could never move", "4k4/9/9/9/9/9/9/9/4K4[PNBRSAFVUpnbrsafvu] b - - 0 1"),
    ("a king that reaches the far rank wins", "9/3K5/9/9/4k4/9/9/9/9[] w - - 0 1"),
    ("black's king on its far rank: white has lost", "9/9/9/9/K8/9/9/9/5k3[] w - - 0 1"),
    ("stalemate loses", "k8/7R1/1R7/9/9/9/9/9/4K4[] b - - 0 1"),
], start_budget=1_500_000)

variant("mounted", ini=True, special=[
    ("the centaur in check by a cannon over a screen", "3k3/7/3s3/7/7/3C3/K6[] b - - 0 1"),
    ("cannons and diagonal cannons move as riders and capture by hopping",
     "3k3/7/1b3r1/7/3A3/7/C2K3[] w - - 0 1"),
    ("squires", "3k3/7/7/3S3/2s1s2/7/K6[] w - - 0 1"),
    ("drops of every piece", "3k3/7/7/7/7/7/K6[BRCASbracs] w - - 0 1"),
    ("a centaur that reaches the far rank wins", "7/2K4/7/7/3k3/7/7[] w - - 0 1"),
    ("black's centaur on its far rank: white has lost", "7/7/7/K6/7/7/4k2[] w - - 0 1"),
    ("checkmate", "k6/7/4K2/7/7/7/RR5[] b - - 0 1"),
    ("stalemate loses", "k6/6R/7/7/7/7/1R4K[] b - - 0 1"),
])

variant("mandala", ini=True, large=True, special=[
    ("a pawn must promote to a crown on the last rank, and wins", "4j4j/1R8/10/10/10/10/10/10/2r7/J4J4[] w - - 0 1"),
    ("black's pawn promotes and wins", "4j4j/1R8/10/10/10/10/10/10/2r7/J4J4[] b - - 0 1"),
    ("a white crown on the last rank: black has lost", "+R3j4j/10/10/10/10/10/10/10/10/J4J4[] b - - 0 1"),
    ("one of the twin kings in check", "4j4j/10/10/10/10/10/10/10/2l7/J4J4[] w - - 0 1"),
    ("no second pawn on a file, none on the last rank", "4j4j/10/10/10/10/10/R9/10/10/J4J4[Rr] w - - 0 1"),
    ("drops of every piece", "4j4j/10/10/10/10/10/10/10/10/J4J4[RLFGBElfgbe] b - - 0 1"),
    ("the leapers", "4j4j/10/10/10/3L1F4/10/3G1B4/10/10/J4J4[] w - - 0 1"),
], start_depth=3, start_budget=1_500_000)

variant("rookmate", ini=True, special=[
    ("the royal rook in check, and checks by the captain", "6k1/8/8/3q4/8/8/8/C6K w - - 7+7 0 1"),
    ("one check left to give", "6k1/6c1/8/8/8/8/8/R6K w - - 1+7 0 1"),
    ("the seventh check was given: black has lost", "6k1/8/8/8/8/8/8/R5CK b - - 0+7 0 1"),
    ("black is left its royal rook alone: black has lost", "6k1/8/8/8/8/8/8/C6K b - - 7+7 0 1"),
    ("taking the last piece but the king wins", "k7/8/8/8/8/8/7q/C6K w - - 7+7 0 1"),
    ("checkmate of a royal rook", "6rk/6pp/8/8/8/8/8/R5CK w - - 7+7 0 1"),
    ("promotion", "1n4k1/P7/8/8/8/8/8/7K w - - 7+7 0 1"),
])

variant("screen", ini=True, start_depth=3, special=[
    ("pawns on the second to fourth ranks, one a file", "8/8/8/8/8/8/PPPPPPP1/8[KQRRBBNNPkqrrbbnnpppppppp] w - - 0 1"),
    ("the second bishop must go on the other colour", "8/8/8/8/8/3B4/8/8[KQRRBNNPkqrrbbnnpppppppp] w - - 0 1"),
    ("a king and rooks dropped on their squares may castle",
     "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/1NBQ1BN1[KRR] w kq - 0 1"),
    ("black drops on its own four ranks", "8/8/8/8/8/8/8/8[KQRRBBNNPPPPPPPPkqrrbbnnpppppppp] b - - 0 1"),
    ("a drop that must meet a check", "4k3/8/8/8/8/8/8/4K2r[QPr] w - - 0 1"),
    ("play after the drops, with a double step from a dropped pawn",
     "rnbqkbnr/pppppppp/8/8/8/3P4/PPP1PPPP/RNBQKBNR[] w KQkq - 0 1"),
])

# (end of batch fsf3)

# ---------------------------------------------------------------------------------------------
# Batch concepts1: variants added by the catalogue work (issue 39)

variant("maharajah2", ini=True, special=[
    ("both maharajahs attacked, black to move: neither is royal", "3m1m2/8/8/8/8/8/8/3RKR2 b - - 0 1"),
    ("white takes one maharajah: the other, attacked, is royal", "3m1m2/8/8/8/8/8/8/3RKR2 w - - 0 1"),
    ("the last maharajah in check", "3m4/8/8/8/8/8/8/3RK3 b - - 0 1"),
    ("the last maharajah checkmated", "m7/2R5/1R6/8/8/8/6Q1/4K3 b - - 0 1"),
    ("a maharajah gives check to the king", "4m3/8/8/8/8/8/8/m3K3 w - - 0 1"),
    ("both attacked by a bishop and a rook: any move stands", "3mm3/8/8/8/B7/8/8/3R2K1 b - - 0 1"),
])

variant("shoshogi", large=True, special=[
    ("the king in check: promoting the elephant does not answer it", "4k4/9/4E4/9/9/9/9/9/r3K4 w 0 1"),
    ("king and crown prince both attacked: neither is royal", "4k4/9/9/9/r3+E4/9/9/9/r3K4 w 0 1"),
    ("black takes the crown prince: the king left attacked is royal", "4k4/9/9/9/r3+E4/9/9/9/4K4 b 0 1"),
    ("the last commoner, a crown prince, in check", "4k4/9/9/9/r3+E4/9/9/9/9 w 0 1"),
    ("the elephant promotes, optionally, entering and leaving the zone", "4k4/9/9/4E4/9/9/9/4e4/4K4 w 0 1"),
    ("the king checkmated", "3gkg3/3ppp3/9/9/9/9/9/4R4/4K4 b 0 1"),
    ("lance and knight must promote on the last ranks", "4k4/L8/2N6/9/9/9/9/9/4K4 w 0 1"),
])

variant("stardust", ini=True, large=True, special=[
    ("the last planet attacked: black must take the x-rook", "9/3tp4/4X4/9/9/9/9/9/9/4R4[Tt] b - - 0 1"),
    ("two planets, one attacked: neither is royal", "p8/4p4/4X4/9/9/9/9/9/9/4R4[Tt] b - - 0 1"),
    ("white takes a planet, leaving the last one attacked", "p8/4p4/4X4/9/9/9/9/9/9/4R4[Tt] w - - 0 1"),
    ("the star-rook steps onto e2 and wins", "9/1p5p1/9/9/9/9/9/9/9/3R5[Tt] w - - 0 1"),
    ("the star-rook on e2: black has lost", "9/1p5p1/9/9/9/9/9/9/4R4/9[Tt] b - - 0 1"),
    ("the star-rook never lands on b5, passes it to a5", "9/1p5p1/9/9/9/2R6/9/9/9/9[Tt] w - - 0 1"),
    ("the star-rook in check from an o-piece's diagonal", "9/1p5p1/9/9/9/4R4/3o5/9/9/9[Tt] w - - 0 1"),
    ("black drops where it may, white too", "9/1p5p1/9/9/9/4R4/9/9/9/9[XYTCDOtdxyoc] b - - 0 1"),
])

variant("xiangqihouse", ini=True, large=True, special=[
    ("drops of every piece, none giving check", "3k5/9/9/9/9/9/9/9/9/4K4[NCPBARnrpbac] w - - 0 1"),
    ("a dropped screen would let the cannon check: refused", "4k4/9/9/9/9/9/9/9/4C4/3K5[Pp] w - - 0 1"),
    ("black drops beside its general, not to check", "4k4/9/9/9/9/9/9/9/9/3K5[RNrn] b - - 0 1"),
    ("in check, a drop may block", "4k4/9/9/9/9/9/9/9/9/3KR4[p] b - - 0 1"),
    ("a capture goes to the hand", "4k4/9/9/9/4p4/4P4/9/9/9/3K5[] w - - 0 1"),
])

# (end of batch concepts1)

# ---------------------------------------------------------------------------------------------
# Batch concepts2: variants added by the catalogue work (issue 39)

variant("cambodian", special=[
    ("the king's leaps and the met's jump", "3mk3/8/8/8/8/8/8/3KM3 w DEde - 0 1"),
    ("black's king leaps and met jumps", "3mk3/8/8/8/8/8/8/3KM3 b DEde - 0 1"),
    ("the met jumps over a piece; a piece on the target stops it", "3mk3/3p4/8/8/8/4P3/4P3/3KM3 w DEde - 0 1"),
    ("a king in check may not leap", "3mk3/8/8/8/8/2n5/8/3KM3 w DEde - 0 1"),
    ("the king may not leap into check, nor to capture", "3mk3/8/8/8/8/8/1n3r2/3KM3 w DEde - 0 1"),
    ("a rook on the king's lines takes its leap", "4k3/8/8/8/8/8/8/R2K3R w De - 0 1"),
    ("a rook aims at black's king through pieces", "r2mk3/8/pppppppp/8/8/PPPPPPPP/8/R2KM2R w DEde - 0 1"),
    ("rights without their pieces are not kept", "3mk3/8/8/8/8/8/8/2K1M3 w DEde - 0 1"),
    ("only some rights left", "3mk3/8/8/8/8/8/8/3KM3 w Dd - 0 1"),
    ("promotion to a met", "4k3/8/8/2P5/5p2/8/8/3K4 w - - 0 1"),
])
variant("karouk", special=[
    ("a first check wins", "3mk3/8/8/8/8/8/8/R2KM3 w DEde - 1+1 0 1"),
    ("the king's leap and the met's jump, checks pending", "3mk3/8/8/8/8/8/8/3KM3 w DEde - 1+1 0 1"),
    ("a check already given: the game is over", "3mk3/8/8/8/8/8/8/R2KM3 w DEde - 1+0 0 1"),
    ("the counting field before the checks", "3mk3/8/8/8/8/8/8/R2KM3 w DEde 126 1+1 3 20"),
])
variant("makpong", special=[
    ("a king in check takes the lone checker", "4k3/8/8/8/8/8/3r4/3K4 w - - 0 1"),
    ("a king in check may not step away: only a block", "4k3/8/8/8/8/3r4/7R/3K4 w - - 0 1"),
    ("a guarded checker: the king may not take it, the rook may", "4k3/8/8/8/3r4/8/3r3R/3K4 w - - 0 1"),
    ("a king in check with a free square and no other piece: mated", "4k3/8/8/8/8/8/8/r2K4 w - - 0 1"),
    ("double check: the king has no move", "4k3/8/8/8/8/2n5/3r4/3K4 w - - 0 1"),
    ("a khon checks next to the king", "4k3/8/8/8/8/8/2s5/3K4 w - - 0 1"),
    ("black in check", "3k4/8/3R4/8/8/8/8/4K3 b - - 0 1"),
    ("Fairy-Stockfish's test position", "3mk3/r3s1R1/1psppnp1/p1pn4/1P2NP2/P1PPP1P1/4NS2/R1SKM3 w - - 0 1"),
    ("promotion to a met", "4k3/8/8/2P5/5p2/8/8/3K4 w - - 0 1"),
])
variant("castle", ini=True, special=[
    ("black castles long and wins", "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R b KQkq - 0 1"),
    ("black has lost the long castling: white has won", "r3k2r/8/8/8/8/8/8/R3K2R w KQk - 0 1"),
    ("white takes the a8 rook and wins", "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"),
    ("black's king moves and loses", "r3k3/8/8/8/8/8/8/4K2R b Kq - 0 1"),
    ("black may not castle through check", "r3k3/8/8/8/8/8/8/3RK3 b q - 0 1"),
    ("black in check may not castle", "r3k3/8/8/8/4R3/8/8/4K3 b q - 0 1"),
    ("white castles, which wins nothing", "r3k3/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQq - 0 1"),
    ("black's long castling is possible and a pawn move is not", "r3kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQq - 0 1"),
])
variant("opposite-castling", ini=True, special=[
    ("castling on both wings, both sides", "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1"),
    ("open board, both sides may castle both ways", "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"),
    ("white castled short: black may only castle long", "r3k2r/8/8/8/8/8/8/R4RK1 b kq - 0 1"),
    ("black to move, castling takes white's right", "r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1"),
])

# (end of batch concepts2)

# ---------------------------------------------------------------------------------------------
# Batch concepts3: variants added by the catalogue work (issue 39)
variant("aralzaa", ini=True, max_depth=6, start_depth=10, special=[
    ("two knights on the far rank, the third one jump away", "N1N/2n/1Nn w - - 0 1"),
    ("black two on its far rank, white already there", "1n1/N1N/nNn b - - 0 1"),
])
variant("bajr", ini=True, special=[
    ("two men on the goal, the third steps in", "4PP/4P1/6/6/pp4/1p4 w - - 0 1"),
    ("black: two in its goal, the third one step away", "6/5P/4PP/6/pp4/1p4 b - - 0 1"),
])

variant("kono", ini=True, special=[
    ("one man fills black's full home: a blocked win", "pppp1/p2Pp/5/1p3/P3P w - - 0 1"),
    ("six home, the seventh one step away", "PPPP1/P2PP/5/5/ppppp b - - 0 1"),
    ("black fills white's home, none of its own there but one", "5/5/P4/pP1Pp/1PPPP b - - 0 1"),
])
variant("knights-halma", ini=True, max_depth=3, start_depth=4, special=[
    ("black has eight home, the ninth a jump away", "8/8/8/8/2n5/nnN5/nnn5/nnn5 b - - 0 1"),
    ("white fills its seven goal squares and more: no win", "5NNN/5NNN/6N1/4N3/8/8/8/n7 w - - 0 1"),
    ("white cannot move: it loses", "8/8/8/8/8/nn6/n1n5/N1n5 w - - 0 1"),
])
# (end of batch concepts3)

# ---------------------------------------------------------------------------------------------
# Batch concepts4: variants added by the catalogue work (issue 39)

variant("shogun", ini=True, special=[
    ("en passant lands in the promotion zone and does not promote",
     "rnb+fkbnr/ppp1pppp/8/3pP3/8/8/PPPP1PPP/RNB+FKBNR[] w KQkq d6 0 3"),
    ("black takes en passant into its zone, no promotion",
     "rnb+fkbnr/pppp1ppp/8/8/3Pp3/8/PPP1PPPP/RNB+FKBNR[] b KQkq d3 0 3"),
    ("pawns promote on entering, within and leaving the zone (optional)",
     "4k3/1P6/P7/8/3p4/8/6p1/4K3[] w - - 0 1"),
    ("promotion limits: one general, archbishop, mortar, queen",
     "4k3/8/2N2B2/R7/8/8/8/+N+B+R+F1K2[F] w - - 0 1"),
    ("a promoted piece captured goes to the hand unpromoted",
     "4k3/8/8/3+n4/8/8/8/3RK3[] w - - 0 1"),
    ("drops on the first five ranks; no pawn on the last rank",
     "4k3/8/8/8/8/8/8/4K3[PNBRFpnbrf] w - - 0 1"),
    ("en passant out of check", "8/8/8/2k5/3Pp3/8/8/4K3[] b - d3 0 1"),
], start_depth=3, max_depth=3)

variant("snailtrail", special=[
    ("walls hem a snail in: one square left", "6p/7/7/7/7/**5/P**4 w - - 0 1"),
    ("a snail walled in cannot move: it has lost", "6p/7/7/7/7/**5/P*5 w - - 0 1"),
    ("the snails meet: no capture", "7/7/7/3p3/3P3/7/7 w - - 0 1"),
], start_depth=6, max_depth=5)
variant("joust", special=[
    ("walls where a knight would land", "8/8/8/4n3/3N4/1*3*2/2*1*3/8 w - - 0 1"),
    ("a knight with no square left loses", "8/8/8/4n3/8/1*6/2*5/N7 w - - 0 1"),
    ("the knights attack each other: no capture", "8/8/8/8/3n4/8/4N3/8 w - - 0 1"),
], start_depth=5, max_depth=5)
variant("la-mancha-squeez", ini=True, large=True, special=[
    ("a snail boxed in by walls and pieces", "9/9/9/9/9/9/**7/p*7/P*7 w - - 0 1"),
], start_depth=4, max_depth=4)
variant("la-mancha-duel", ini=True, large=True, special=[
    ("snails take each other", "9/9/9/9/3pP4/3Pp4/9/9/9 w - - 0 1"),
    ("the last snail taken: no move left", "9/9/9/9/9/9/9/1p7/P8 b - - 0 1"),
], start_depth=4, max_depth=4)
# (end of batch concepts4)

# ---------------------------------------------------------------------------------------------
# Batch connect: games won by a row, a block or a chain of a side's pieces (issue 44)
variant("tictactoe", ini=True, start_depth=9, max_depth=9, special=[
    ("white's row just made: black has no move", "3/pp1/PPP[PPpp] b - - 0 3"),
    ("a diagonal to complete, or to block", "P1p/1p1/2P[PPPpp] w - - 0 3"),
    ("white's own row with white to move: only the mover's pieces count", "PPP/pp1/3[PPpp] w - - 0 3"),
    ("black's row, black just moved: over", "ppp/PP1/P2[PPp] w - - 0 4"),
    ("a full board without a row: a draw", "PpP/PPp/pPp w - - 0 5"),
    ("the last drop fills the board or makes a row", "PpP/P1p/pPp[P] w - - 0 5"),
])
variant("picaria", ini=True, start_depth=7, max_depth=6, special=[
    ("drops must come first: no man on the board moves", "P2/1p1/3[PPpp] w - - 0 2"),
    ("all dropped: a move along a knight's jump completes a file", "P1p/2p/1Pp w - - 0 4"),
    ("a long jump (2,2) completes a diagonal", "P1p/1Pp/p2 w - - 0 4"),
    ("black's row, black just moved: over", "ppp/1P1/P1P w - - 0 5"),
    ("a diagonal of white, black to move: over", "P1p/1Pp/p1P b - - 0 5"),
])
variant("nineholes", ini=True, start_depth=7, max_depth=6, special=[
    ("a diagonal does not count: black moves on", "P1p/1Pp/p1P b - - 0 5"),
    ("a rank just made: over", "1pp/PPP/p2 b - - 0 5"),
    ("a file to complete, a diagonal in reach", "P1p/P1p/1Pp w - - 0 4"),
    ("drops must come first", "3/1P1/3[PPppp] b - - 0 1"),
])
variant("tictacchess", ini=True, start_depth=6, max_depth=5, special=[
    ("a row of three different pieces just made: over", "KQR/2q/r1k b - - 0 4"),
    ("a grasshopper jump over a piece completes a row", "K1q/QRk/r2 w - - 0 4"),
    ("drops must come first", "1K1/1q1/3[QRkr] w - - 0 2"),
    ("black to move, a diagonal to make", "k1Q/Kq1/R1r b - - 0 4"),
])
variant("teeko", ini=True, start_depth=5, max_depth=5, special=[
    ("black's tight square just made: over", "5/5/1pp2/1pp2/PPP1P w - - 0 5"),
    ("four corners of a larger square do not count", "5/p1p2/5/p1p2/PP1PP w - - 0 5"),
    ("a step completes a square or a row", "5/5/1PP2/P1pp1/pp2P w - - 0 5"),
    ("four in a diagonal just made: over", "P4/1P3/2P2/3Pp/ppp2 b - - 0 5"),
    ("drops must come first", "5/5/2P2/5/5[PPPpppp] b - - 0 1"),
])
variant("symphony", ini=True, start_depth=3, max_depth=3, special=[
    ("a drop completes five on a rank, or a man steps into it", "8/8/8/8/8/3ppp2/PPPP4/8[PPpp] w - - 0 6"),
    ("black's five, black just moved: over", "8/8/8/8/ppppp3/8/PPPP4/8[PPPp] w - - 0 6"),
    ("men in hand, men on the board: drop or step", "8/4p3/8/3P4/8/8/8/8[PPPPPppppp] w - - 0 2"),
    ("a diagonal of five to make by a sideways step", "8/8/8/4P3/3P4/2P5/1P6/P7[Pp] w - - 0 6"),
    ("a row of six, longer than five, just made: over", "8/8/8/8/8/8/PPPPP3/pppppp2 w - - 0 7"),
])
variant("roll-ing-to-four", ini=True, start_depth=6, max_depth=5, special=[
    ("a step completes four on a rank", "4/4/4/4/4/4/4/4/PPP1/3P w - - 0 5"),
    ("black's diagonal of four just made: over", "4/4/4/p3/1p2/2p1/3p/4/PPP1/4 w - - 0 8"),
    ("no man can move: a draw", "PP1P/4/4/4/4/4/4/4/4/pp1p w - - 0 20"),
    ("four on a file by stepping forward", "4/4/4/4/1p2/P3/P3/P3/4/1P2 w - - 0 6"),
])
variant("allqueenschess", ini=True, start_depth=5, max_depth=4, special=[
    ("a long queen move completes four on a rank", "5/QQQ2/5/q1q2/2q1Q w - - 0 8"),
    ("black's four on a diagonal just made: over", "q4/1q3/2q2/3qQ/QQ1Q1 w - - 0 9"),
    ("four on a file to make or to block", "Q1q2/Q1q2/Q1q2/5/2Q1q w - - 0 9"),
])
variant("asimplegame", ini=True, start_depth=9, max_depth=7, special=[
    ("a step completes three on a rank", "4/PP1P/pp2/2p1 w - - 0 5"),
    ("black's three on a file just made: over", "p3/p3/p1PP/P3 w - - 0 6"),
    ("diagonals count too", "P3/1P2/2p1/pp1P w - - 0 6"),
    ("white's own row with white to move: only the mover's pieces count", "PPP1/pp2/4/p3 w - - 0 6"),
])
variant("cetus", ini=True, large=True, start_depth=3, max_depth=3, special=[
    ("a wazir captures and turns into a fers", "9/9/9/1b2p4/4O4/9/9/2B6/9[Pp] w - - 0 1"),
    ("a fers captures and turns back into a wazir", "9/9/9/1b2+O4/3p5/9/9/2B6/9[Pp] w - - 0 1"),
    ("the wazir may take the whale: its side loses", "9/9/9/4b4/4O4/9/9/2B6/9[Pp] w - - 0 1"),
    ("a drop completes five on a rank", "9/9/9/1b7/9/9/9/2B6/PNHS5[PPDOppnnhhssdo] w - - 0 5"),
    ("black's five on a diagonal just made: over", "9/9/p8/1n7/2h6/3s5/4d4/2B2b3/9[PPNHSDOpno] w - - 0 6"),
    ("a whale captured, none left: over", "9/9/9/9/9/9/9/2B6/9[PPNHSDOppnnhhssdo] b - - 0 3"),
])
variant("cfour", ini=True, start_depth=6, max_depth=5, special=[
    ("stones fall onto the stones below", "7/7/7/2p4/2P1p2/1PPpP2[PPPPPPPPPPPPPPPPppppppppppppppppp] w - - 0 5"),
    ("a full file takes no more stones", "7/3p3/3P3/3p3/3P3/3p3[PPPPPPPPPPPPPPPPPPPPPpppppppppppppppppp] w - - 0 5"),
    ("a drop completes four on a diagonal", "7/7/3P3/2PP3/1PPp3/Pppp3[PPPPPPPPPPPPPPPpppppppppppppppp] w - - 0 8"),
    ("black's four on a rank just made: over", "7/7/7/7/PPP4/pppp3[PPPPPPPPPPPPPPPPPPppppppppppppppppp] w - - 0 5"),
    ("the last stone fills the board", "PpPpPp1/pPpPpPp/pPpPpPp/PpPpPpP/PpPpPpP/pPpPpPp[p] b - - 0 21"),
])
# cfour-anyside: Fairy-Stockfish's enclosingDrop = anyside takes, for a stone put in at the top
# of a file or at the right of a rank, the lowest (leftmost) free square that has a stone beyond
# it (lsb where msb is meant, position.h), so a stone may pass through other stones; its own
# description says the stone slides from the edge. This suite is written by a Fairy-Stockfish
# built from the same commit with those two lsb turned into msb (all its other counts unchanged:
# chess 4 = 197281, cfour 6 = 117649).
variant("cfour-anyside", ini=True, start_depth=4, max_depth=4, special=[
    ("a stone in at the top or the right stops at the first stone (c6, g4, g7; Fairy-Stockfish's code takes c2, b4, c7)", "Pp2Pp1/3ppPP/2pP1Pp/P1pp1p1/pP1P1pP/pp1p1PP/pPpP1PP[PPPPPPPPPpppppppp] w - - 0 17"),
    ("stones slide in from each edge onto the others", "7/7/2p4/3P3/2pP3/7/7[PPPPPPPPPPPPPPPPPPPPPPPpppppppppppppppppppppp] w - - 0 3"),
    ("an edge square taken closes its rank or file from that side", "P6/7/7/7/7/7/6p[PPPPPPPPPPPPPPPPPPPPPPPPppppppppppppppppppppppp] w - - 0 2"),
    ("a slide completes four on a rank", "7/7/7/7/7/pp5/1PPP3[PPPPPPPPPPPPPPPPPPPPPPpppppppppppppppppppppppp] w - - 0 4"),
    ("white's four on a file just made: over", "7/7/7/P6/P6/P6/Pppp3[PPPPPPPPPPPPPPPPPPPPPpppppppppppppppppppppp] b - - 0 5"),
])
variant("cfour-misere", ini=True, start_depth=6, max_depth=5, special=[
    ("four on a rank just made: the maker loses", "7/7/7/7/ppp4/PPPP3[PPPPPPPPPPPPPPPPPpppppppppppppppppp] b - - 0 5"),
    ("a drop that makes four loses: it is still a move", "7/7/7/7/ppp4/PPP4[PPPPPPPPPPPPPPPPPPpppppppppppppppppp] w - - 0 4"),
])
variant("three-musketeers", ini=True, start_depth=6, max_depth=5, special=[
    ("three on a rank with guardsmen between, after their move: they lose", "MpMpM/ppppp/ppppp/ppppp/ppppp b - - 0 2"),
    ("three on a diagonal do not count", "M3p/1M1pp/2Mpp/ppppp/ppppp b - - 0 2"),
    ("no guardsman next to a musketeer: white cannot move and wins", "M3p/5/2M2/5/p3M w - - 0 9"),
    ("a capture that brings the third onto the file loses", "1M3/ppppp/1pMpp/p1ppp/1Mppp w - - 0 3"),
    ("black cannot move: black wins", "pM3/M4/4M/5/5 b - - 0 12"),
])
# (end of batch connect)


# Batch flip: pieces that change side (issue 44)
variant("flipello", start_depth=8, max_depth=6, special=[
    ("neither side can enclose: white passes, black passes, over", "p7/8/8/3PP3/3PP3/8/8/8[PPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPpppppppppppppppppppppppppppppppppppppppppppppppppppppppppppp] w - - 0 1"),
    ("black has no stone on the board: white passes, black has no move, over", "8/8/8/3PP3/3PP3/8/8/8[PPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPpppppppppppppppppppppppppppppppppppppppppppppppppppppppppppp] w - - 0 1"),
    ("white cannot enclose and passes; black's drop fills the board", "PPPPPPPp/PPPPPPPP/PPPPPPPP/PPPPPPPP/PPPPPPPP/PPPPPPPP/PPPPPPPP/ppppppp1[Pp] w - - 0 30"),
    ("white has no stone on the board: no pass, no drop, over", "8/8/8/3pp3/3pp3/8/8/8[PPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPpppppppppppppppppppppppppppppppppppppppppppppppppppppppppppp] w - - 0 1"),
    ("a full board: over", "PPPPPPPP/PPPPPPPP/PPPPPPPP/pppppppp/pppppppp/pppppppp/pppppppp/PPPPPPPp w - - 0 31"),
    ("one empty square: its drop fills the board", "PPPPPPPP/PPPPPPPP/PPPPPPPP/pppppppp/pppppppp/pppppppp/ppppppp1/PPPPPPPP[Pp] w - - 0 31"),
    ("rows in all eight directions to close at once", "P2P2P1/1p1p1p2/2ppp3/Ppp1ppP1/2ppp3/1p1p1p2/P2P2P1/8[PPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPpppppppppppppppppppppppppppppppppppppppppppppppppppppppppppp] w - - 0 9"),
    ("long rows; a row open at the edge or at an empty square closes nothing", "8/8/8/8/8/8/8/1pppppp1/P1ppppP1[PPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPpppppppppppppppppppppppppppppppppppppppppppppppppppppppppppp] w - - 0 9".replace("8/8/8/8/8/8/8/1pppppp1/P1ppppP1", "8/8/8/8/8/8/1pppppp1/P1ppppP1")),
    ("white's hand is empty: white passes", "8/8/8/3pP3/3Pp3/8/8/8[pppp] w - - 0 1"),
])
variant("flipello6", ini=True, start_depth=8, max_depth=6, special=[
    ("neither side can enclose: over after two passes", "p5/6/2PP2/2PP2/6/6[PPPPPPPPPPPPPPPPPPPPPPpppppppppppppppppppppp] w - - 0 1"),
    ("white cannot enclose and passes; black's drop fills the board", "PPPPPp/PPPPPP/PPPPPP/PPPPPP/PPPPPP/ppppp1[Pp] w - - 0 16"),
    ("a full board: over", "PPPPPP/PPPPPP/PPPppp/pppppp/pppppp/ppppPP b - - 0 17"),
    ("black's hand is empty: black passes after white's drop", "6/6/2pP2/2Pp2/6/6[PPPP] w - - 0 1"),
])
variant("flipello10", large=True, start_depth=7, max_depth=5, special=[
    ("rows across the large board", "10/10/10/10/P1pppppp1P/10/10/10/10/10[PPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPpppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppp] w - - 0 1"),
    ("neither side can enclose: over after two passes", "p9/10/10/10/4PP4/4PP4/10/10/10/10[PPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPpppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppp] w - - 0 1"),
    ("white cannot enclose and passes; black's drop fills the board", "PPPPPPPPPp/PPPPPPPPPP/PPPPPPPPPP/PPPPPPPPPP/PPPPPPPPPP/PPPPPPPPPP/PPPPPPPPPP/PPPPPPPPPP/PPPPPPPPPP/ppppppppp1[Pp] w - - 0 50"),
])
variant("flipersi", start_depth=8, max_depth=6, special=[
    ("the centre half filled: drops go to its empty squares, enclosing nothing", "8/8/8/3p4/4P3/8/8/8[PPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPpppppppppppppppppppppppppppppppp] w - - 0 1"),
    ("white cannot enclose: no pass, the game is over", "7p/8/8/3Pp3/3pP3/8/8/8[PPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPpppppppppppppppppppppppppppppppp] w - - 0 1".replace("7p/8/8/3Pp3/3pP3", "8/8/8/3pp3/3pp3")),
    ("a full board: over", "PPPPPPPP/PPPPPPPP/PPPPPPPP/pppppppp/pppppppp/pppppppp/pppppppp/PPPPPPPp w - - 0 31"),
])
# annexation: after generating, the depths where Fairy-Stockfish counts a drop whose row runs on
# through a hole (which encloses and flips nothing) are cut by hand (see the suite's comment).
variant("annexation", ini=True, large=True, start_depth=7, max_depth=5, special=[
    ("the first drops: d4, e4, d5 while one is empty", "***4***/***4***/***4***/10/4pP4/3pPp4/10/***4***/***4***/***4***[PPPPPPPPPPPPPPPPPPPPPPPPPPPPPPpppppppppppppppppppppppppppppp] w - - 0 2"),
    ("a row along the holes", "***4***/***4***/***4***/3PppP3/4pP4/4Pp4/3PPPP3/***4***/***4***/***4***[PPPPPPPPPPPPPPPPPPPPPPPPPPPPPPpppppppppppppppppppppppppppppp] b - - 0 5"),
])
variant("andersanti", ini=True, special=[
    ("white's pawn is blocked: white passes, then black is stuck too: drawn", "8/8/8/8/8/p7/P7/8 w - - 0 1"),
    ("white is stuck and passes; black's king moves on", "8/8/8/8/8/p7/P7/7k w - - 0 1"),
    ("a capture is forced; after it white is stuck", "8/8/8/8/1p6/p7/P7/8 b - - 0 1"),
    ("black has no piece left: black has won", "8/8/8/8/8/8/P7/8 w - - 0 1"),
    ("white passes while black must capture", "8/8/8/8/8/p1p5/P2P4/8 w - - 0 1"),
])
variant("andersgiveaway", ini=True, special=[
    ("white's pawn is blocked: white passes, then black is stuck too: drawn", "8/8/8/8/8/p7/P7/8 w - - 0 1"),
    ("white is stuck and passes; black castles or moves on", "r3k3/8/8/8/8/p7/P7/8 w q - 0 1"),
    ("black has no piece left: black has won", "8/8/8/8/8/8/P7/8 w - - 0 1"),
])
variant("ataxx", start_depth=5, max_depth=4, special=[
    ("white is hemmed in: it passes, black moves on", "7/7/7/ppppppp/ppppppp/PPppppp/PPppppp w - - 0 1"),
    ("black has no stone left: over", "P6/7/7/7/7/7/6P b - - 0 1"),
    ("a full board: over", "PPPPPPP/PPPPPPP/PPPPPPP/PPPPppp/ppppppp/ppppppp/ppppppp w - - 0 1"),
    ("one empty square: a clone or a jump fills it, flipping its neighbours", "PPPPPPP/PPPPPPP/PPPPPPP/PPP1ppp/ppppppp/ppppppp/ppppppp w - - 0 1"),
    ("jumps and clones that flip many", "7/1ppp3/1pPp3/1ppp3/7/4P2/7 b - - 0 1"),
])
# (end of batch flip)

# Batch more: more of the catalogue's missing variants (issue 44)
variant("quadwrangle", ini=True, start_depth=3, max_depth=3, budget=300_000, special=[
    ("a drop next to a friend converts its enemy neighbours; one away from friends converts none",
     "8/8/8/3p4/2p1p3/2P5/8/8 w - - 0 1"),
    ("a slide converts every enemy stone next to where it lands", "8/8/2ppp3/2p1p3/2ppp3/8/8/P7 w - - 0 1"),
    ("black without a stone on the board still drops, converting nothing", "8/8/8/3P4/8/8/8/8 b - - 0 1"),
    ("one empty square: a drop or a slide fills it", "PPPPPPPP/PPPPPPPP/PPPPPPPP/PPP1pppp/pppppppp/pppppppp/pppppppp/pppppppp w - - 0 1"),
    ("a full board: over", "PPPPPPPP/PPPPPPPP/PPPPPPPP/PPPPpppp/pppppppp/pppppppp/pppppppp/pppppppp b - - 0 1"),
])
variant("quadwrangle7x7", ini=True, start_depth=3, max_depth=3, budget=300_000, special=[
    ("a drop next to a friend converts; a slide converts", "7/7/2ppp2/2p1p2/2ppp2/7/P5P w - - 0 1"),
    ("one empty square", "PPPPPPP/PPPPPPP/PPPPPPP/PPP1ppp/ppppppp/ppppppp/ppppppp b - - 0 1"),
])
variant("snort", ini=True, start_depth=4, max_depth=4, special=[
    ("no drop next to an enemy stone along a rank or a file; diagonally it may", "8/8/8/3p4/8/8/3P4/8 w - - 0 1"),
    ("white has no square left: it has lost", "pPpPpPpP/PpPpPpPp/pPpPpPpP/PpPpPpPp/pPpPpPpP/PpPpPpPp/pPpPpPpP/PpPpPpPp w - - 0 1".replace("pPpPpPpP/PpPpPpPp/pPpPpPpP/PpPpPpPp/pPpPpPpP/PpPpPpPp/pPpPpPpP/PpPpPpPp", "pppppppp/pppppppp/pppppppp/pppppppp/pppppppp/pppppppp/pppppppp/ppppppp1")),
    ("a few squares left, some next to enemies", "pppp4/pppp4/pppp4/pppp4/4PPPP/4PPPP/4PPPP/4PPP1 b - - 0 1"),
    ("a full board of one side: over", "PPPPPPPP/PPPPPPPP/PPPPPPPP/PPPPPPPP/PPPPPPPP/PPPPPPPP/PPPPPPPP/PPPPPPPP b - - 0 1"),
])
variant("atlantis", ini=True, start_depth=4, max_depth=4, special=[
    ("walls sink next to a sunken square, inland too", "r3k2r/pppq1ppp/2n2n2/3p4/3P*3/2N1**2/PPPQ1PPP/R3K2R w KQkq - 0 1"),
    ("a side in check sinks nothing, even where a wall would block", "4k2r/8/8/8/8/8/P7/7K w - - 0 1"),
    ("a wall on the king's path stops castling", "r3k2r/8/8/8/8/8/8/R3K*1R w KQkq - 0 1"),
    ("walls block sliders and pawns", "4k3/8/8/3*4/3P4/8/r2*3R/4K3 b - - 0 1"),
    ("en passant beside walls", "4k3/8/8/*2pP*2/8/8/8/4K3 w - d6 0 1"),
    ("the edge sunk all round: walls only next to walls", "********/*k5*/*6*/*6*/*6*/*6*/*K4R*/******** w - - 0 1"),
])
variant("gale", ini=True, large=True, start_depth=3, max_depth=3, patch=[
    "PATCHED against a bug of Fairy-Stockfish: its connectRegion end grows a chain from the",
    "first region only east and north (connectDirections), so a chain that turns back west or",
    "south is not seen and the game goes on. These counts come from the same source with one",
    "line added in Position::is_immediate_game_end(), beside the expansion along each direction",
    "d: `newBitboard |= shift(Direction(-d), current | newBitboard) & connectPieces;`.",
    "Unpatched, the drops that win in the positions marked (patch) below have children.",
], special=[
    ("a straight chain along rank 8 wins for white",
     "1p1p1p1p1/PPPPPPP1P/1p1p1p1p1/P1P1P1P1P/1p1p1p1p1/P1P1P1P1P/1p1p1p1p1/PpPpPpPpP/1p1p1p1p1 w - - 0 1"),
    ("(patch) white's chain turns south and back north: h8 wins",
     "1p1p1p1p1/PPP1PPP1P/1pPpPp1p1/P1PPP1P1P/1p1p1p1p1/PpP1P1P1P/1p1p1p1p1/PpPpPpPpP/1p1p1p1p1 w - - 0 1"),
    ("(patch) black's chain turns west: b8 wins",
     "1p1p1p1p1/P1P1P1P1P/1p1p1p1p1/PpP1P1PPP/1ppp1p1p1/P1PpP1PPP/1p1p1p1pP/P1PpP1PPP/1p1p1p1pP b - - 0 1"),
])
variant("dragonfly", ini=True, start_depth=4, max_depth=4, special=[
    ("pawns in hand are never dropped; the other pieces drop anywhere", "r2k2r/ppp1ppp/7/3p3/3P3/PPP1PPP/R2K2R[PPNbp] w - - 0 1"),
    ("castling to f1 and b1 when the rights are given", "r2k2r/7/7/7/7/7/R2K2R w KQkq - 0 1"),
    ("promotion to a knight, bishop or rook", "3k3/P6/7/7/7/6p/3K3[] w - - 0 1"),
    ("a promoted knight taken goes to the hand as a pawn", "3kr2/7/7/7/7/4N~2/3K3[] b - - 0 1"),
])
variant("atomiczh", ini=True, start_depth=4, max_depth=4, special=[
    ("an explosion: the taken piece and the enemy pieces blown up go to white's hand, the capturer to black's",
     "4k3/8/2nbr3/3p4/8/8/3Q4/4K3[] w - - 0 1"),
    ("the mover's own pieces caught in the blast go to the other side's hand", "4k3/8/8/3p4/2NBP3/8/8/4K3[] w - - 0 1"),
    ("a promoted queen blown up goes to the hand as a pawn", "4k3/8/3q4/3Q~4/8/8/8/4K3[] b - - 0 1"),
    ("drops may give check; pawns drop on ranks 2 to 7", "4k3/8/8/8/8/8/8/4K3[RPp] w - - 0 1"),
    ("en passant explodes", "4k3/8/8/2bpP3/8/8/8/4K3[] w - d6 0 1"),
    ("kings touching: no check; a drop between them", "8/8/8/3kK3/8/8/8/7q[Nn] w - - 0 1"),
    ("black's king has exploded into white's hand: over", "8/8/8/8/8/8/8/4K3[K] b - - 0 1"),
])
variant("isolation", start_depth=3, max_depth=3, budget=1_000_000, start_budget=1_000_000, special=[
    ("walls hem a pawn in; the start squares stay free", "3p2/6/6/6/6/6/**4**/*1P*1* w - - 0 1".replace("*1P*1*", "**P***")),
    ("a pawn walled in cannot move: it has lost", "3p2/6/6/6/6/6/1***2/1*P*2 w - - 0 1"),
    ("the pawns meet: no capture", "6/6/6/2p3/2P3/6/6/6 b - - 0 1"),
    ("a pawn back on its start square", "6/6/6/6/3p2/6/6/2P3 w - - 0 5"),
])
variant("isolation7x7", start_depth=3, max_depth=3, budget=1_000_000, start_budget=1_000_000, special=[
    ("few squares left", "3p3/*****1*/*******/*******/*******/*******/**1P1**".replace("*****1*", "*****1*") + " w - - 0 9"),
    ("the pawns side by side", "7/7/7/2pP3/7/7/7 b - - 0 3"),
])
# amazons and cowboys exist only in a build with `all=yes` (ALLVARS): their data was written by
# `make build ARCH=x86-64-bmi2 largeboards=yes all=yes`, passed as the large binary.
variant("amazons", large=True, start_depth=2, max_depth=2, budget=1_000_000, start_budget=5_000_000, special=[
    ("an arrow may fly back over the square the amazon left", "10/10/10/10/10/10/10/10/q9/Q9 w - - 0 1"),
    ("walls block the queen's lines and the arrows", "10/10/10/3***4/3*Q*4/3*1*4/10/10/10/q9 w - - 0 1"),
    ("an amazon walled in cannot move: its side has lost", "10/10/10/10/10/10/10/10/**8/Q*7q w - - 0 1"),
    ("few squares left", "q1********/**********/**********/*********1/10/10/10/10/10/Q9 b - - 0 30"),
])
variant("cowboys", large=True, ini=True, start_depth=3, max_depth=3, budget=1_000_000, start_budget=1_000_000, special=[
    ("a wall a knight's jump from the landing square, the start square free again", "7/7/7/3N3/7/7/n6 w - - 0 1"),
    ("jumps over walls; none onto them", "7/1***3/1*N*3/1***3/7/7/n6 w - - 0 1"),
    ("a cowboy with no jump left loses", "n6/2*4/1*5/7/7/7/6N b - - 0 1"),
])
variant("janggimodern", large=True, special=[
    ("no bikjang: generals facing each other, play goes on",
     "3k5/9/9/9/9/9/9/9/9/3K5 b - - 0 1"),
    ("a move may open the file between the generals", "3k5/9/9/3n5/9/9/9/9/9/3K5 b - - 0 1"),
    ("a pass in check is illegal", "4k4/9/9/9/9/9/9/9/4r4/3K5 w - - 0 1"),
    ("two passes end the game (counted): few moves besides", "4k4/9/9/9/9/9/9/9/9/4K4 w - - 0 1"),
    ("a cannon checks over a screen in the palace", "3k5/9/4c4/9/9/9/9/4R4/9/3K5 w - - 0 1"),
], start_budget=1_500_000)
# (end of batch more)



def seed_for(name, seed):
    return seed * 1_000_003 + zlib.crc32(name.encode())


def random_positions(fs, name, count, seed, start=None):
    """FENs reached by random legal moves from `start` (the start position when None); at
    most one game-over position."""
    rng = random.Random(seed_for(name, seed))
    out, seen, over = [], set(), False
    tries = 0
    while len(out) < count and tries < count * 20:
        tries += 1
        plies = rng.randint(10, 60)
        moves = []
        ended = False
        for _ in range(plies):
            legal = fs.moves(start, moves=moves)
            if not legal:
                ended = True
                break
            moves.append(rng.choice(legal))
        if ended or not fs.moves(start, moves=moves):
            if over:
                # A game over again: take the position some plies before its end instead
                # (short games such as Nim end before 10 plies).
                if len(moves) < 2:
                    continue
                moves = moves[: rng.randint(len(moves) // 2, len(moves) - 1)]
            else:
                over = True
        fen = fs.fen(start, moves=moves)
        if fen in seen:
            continue
        seen.add(fen)
        out.append(fen)
    return out


def counts(fs, fen, max_depth, budget):
    """[(depth, nodes)] from depth 1 while the count stays within the budget (at least 2)."""
    got = []
    for d in range(1, max_depth + 1):
        if d > 2 and len(got) >= 2 and got[-2][1] > 0:
            estimate = got[-1][1] * got[-1][1] / got[-2][1]
            if estimate > 3 * budget:
                break
        n = fs.perft(d, fen)
        if d > 2 and n > budget:
            break
        got.append((d, n))
        if n == 0:
            break
    return got


def line(fen, got):
    return fen + " " + " ".join(f";D{d} {n}" for d, n in got)


def generate(name, opts, args):
    binary = args.fsf_large if opts["large"] else args.fsf
    if opts["patch"]:
        patched = args.patched_large if opts["large"] else args.patched
        if not patched:
            sys.exit(f"{name}: its data needs a Fairy-Stockfish built with its fix"
                     + (" (--patched-large)" if opts["large"] else " (--patched)"))
        binary = patched
    ini = args.variants_ini if opts["ini"] else None
    fs = FairyStockfish(binary, name, ini)
    try:
        start = fs.fen()
        lines = [
            f"# variant {name}: reference perft from Fairy-Stockfish (variant \"{name}\""
            + (", defined in its variants.ini" if opts["ini"] else ", built in") + ")",
            f"# Fairy-Stockfish public source, commit {COMMIT}, built with ARCH=x86-64-bmi2"
            + (" largeboards=yes all=yes" if opts["large"] else ""),
            *(f"# {l}" for l in (opts["patch"] or [])),
            f"# written by tests/reference/fairy/generate.py, seed {args.seed}: the start position;",
            f"# {opts['games']} positions from seeded random games (random legal moves, 10 to 60"
            " plies" + (f", from {opts['games_from']}" if opts["games_from"] else "") + ");",
            "# then positions where a rule of the variant applies. FENs as Fairy-Stockfish writes"
            " them.",
            "# start position",
            line(start, counts(fs, start, opts["start_depth"], opts["start_budget"])),
            "# random games",
        ]
        for fen in random_positions(fs, name, opts["games"], args.seed, opts["games_from"]):
            lines.append(line(fen, counts(fs, fen, opts["max_depth"], opts["budget"])))
        for what, fen in opts["special"]:
            fen = fs.fen(fen)
            lines.append(f"# {what}")
            lines.append(line(fen, counts(fs, fen, opts["max_depth"], opts["budget"])))
    finally:
        fs.close()
    with open(os.path.join(HERE, f"{opts['out']}.epd"), "w") as f:
        f.write("\n".join(lines) + "\n")


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n")[1])
    p.add_argument("fsf")
    p.add_argument("fsf_large")
    p.add_argument("--variants-ini", default=None)
    p.add_argument("--seed", type=int, default=13)
    p.add_argument("--patched", default=None,
                   help="a Fairy-Stockfish built with the fixes of the variants that name one")
    p.add_argument("--patched-large", default=None,
                   help="the same, built with largeboards=yes all=yes (for boards over 8x8)")
    p.add_argument("names", nargs="*")
    args = p.parse_intermixed_args()
    names = args.names or sorted(V)
    for n in names:
        if n not in V:
            sys.exit(f"unknown variant {n}")
        if V[n]["ini"] and not args.variants_ini:
            sys.exit(f"{n} needs --variants-ini")
        print(n, file=sys.stderr)
        generate(n, V[n], args)


if __name__ == "__main__":
    main()
