// The suites written by generate.mjs: one variant(name, vchessClass, options) call per suite.
// name: the suite's file name, i.e. the rulebook variant it checks; special: [what, vchess FEN].

export default function defineSuites(variant, f) {
  variant("chess", "Chess960", {
    special: [
      ["castling", "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w 0 ahah -"],
      ["en passant", "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w 4 ahah f6"],
      ["promotion", "1r2k3/P6P/8/8/8/8/p6p/1R2K3 w 0 iiii -"],
    ],
  });

  const castle = ["castling", "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w 0 ahah -"];
  const passant = ["en passant", "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w 4 ahah f6"];
  const promote = ["promotion", "1r2k3/P6P/8/8/8/8/p6p/1R2K3 w 0 iiii -"];
  const promoteBlack = ["black promotes", "1r2k3/P6P/8/8/8/8/p6p/1R2K3 b 1 iiii -"];

  // Batch vchess2 (the catalogue from Z downward)
  variant("squatter2", "Squatter2", {
    special: [
      ["en passant", "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w 4 f6"],
      ["promotion, also to a king; a pawn onto d8 wins", "1r2k3/P2P3P/8/8/8/8/p2p3p/1R2K3 w 0 -"],
      ["black promotes", "1r2k3/P2P3P/8/8/8/8/p2p3p/1R2K3 b 1 -"],
      ["a piece onto the goal wins even attacked", "2r5/p1p1b2p/1pbp4/5K2/P1PP4/1P6/4nPPP/3R1NR1 b 1 -"],
      ["the king may be taken", "8/8/8/3k4/4K3/8/8/8 w 0 -"],
      ["a side without pieces: no move, a draw", "8/8/8/8/8/8/1k6/Q7 w 0 -"],
      ["stalemate", "8/8/8/8/8/p7/P7/8 w 0 -"]],
  });
  // Castling: one rulebook flag per landing square of the king (its file letter); en passant:
  // every square a pawn passed over (two after a triple step).
  const wildebeestFen = (g, V, s) => {
    let rights = "";
    for (const c of ["w", "b"]) {
      const flags = g.castleFlags[c];
      let r = (flags[0] == 0 ? "bcde" : "") + (flags[1] == V.size.y - 1 ? "ghij" : "");
      rights += c == "w" ? r.toUpperCase() : r;
    }
    const ep = g.getEnpassantFen();
    return [f.placement(g, V, s), g.turn, rights || "-", ep ? ep.replace(/,/g, "") : "-", 0,
      f.fullmove(g)].join(" ");
  };
  variant("wildebeest-vchess", "Wildebeest", {
    fen: wildebeestFen,
    note: [
      "vchess's getCastleMoves tests the squares from the rook's side on the long side: the",
      "king may castle long out of check, and not at all when b1 is attacked. Its rules page",
      "changes only where the king lands (orthodox rules otherwise), so this suite's class",
      "castles so: the squares between king and rook empty, none of the king's squares, from",
      "its own to where it lands, attacked (the short side's test, made on both sides).",
    ],
    fix: (V, { Move, PiPo }) => {
      V.prototype.getCastleMoves = function ([x, y]) {
        const c = this.getColor(x, y);
        const opp = V.GetOppCol(c);
        const moves = [];
        if (this.isAttacked([x, y], opp)) return moves;
        for (const side of [0, 1]) {
          const rook = this.castleFlags[c][side];
          if (rook >= V.size.y) continue;
          const step = side == 0 ? -1 : 1;
          let free = true;
          for (let j = y + step; j != rook; j += step) free &&= this.board[x][j] == V.EMPTY;
          if (!free) continue;
          for (let j = y + step; j != rook && !this.isAttacked([x, j], opp); j += step) {
            moves.push(new Move({
              appear: [new PiPo({ x, y: j, p: V.KING, c }),
                new PiPo({ x, y: j - step, p: V.ROOK, c })],
              vanish: [new PiPo({ x, y, p: V.KING, c }), new PiPo({ x, y: rook, p: V.ROOK, c })],
              end: { x, y: j },
            }));
          }
        }
        return moves;
      };
    },
    budget: 150000,
    startDepth: 3,
    special: [
      ["castling", "r4k4r/p9p/92/92/92/92/92/92/P9P/R4K4R w 0 akak -"],
      ["castling through attacked squares", "r4k4r/p9p/92/92/2b8/7q3/92/92/P9P/R4K4R w 0 akak -"],
      ["castling out of check", "r4k4r/p9p/92/92/92/5q5/92/92/P9P/R4K4R w 0 akak -"],
      ["black castles", "r4k4r/p9p/92/92/92/92/92/92/P9P/R4K4R b 1 akak -"],
      ["pawns: two and three steps, en passant", "5k5/92/92/92/92/92/4p6/92/3P1P5/5K5 w 0 llll -"],
      ["en passant after a triple step", "5k5/5p5/92/6P4/4P6/92/92/92/92/5K5 b 1 llll -"],
      ["promotion: optional on the ninth rank, compulsory on the tenth", "1r3k5/P9P/2P8/92/92/92/92/8p2/p9p/1R3K5 w 0 llll -"],
      ["black promotes", "1r3k5/P9P/2P8/92/92/92/92/8p2/p9p/1R3K5 b 1 llll -"],
      ["stalemate wins", "k91/2Q8/1K9/92/92/92/92/92/92/92 b 1 llll -"]],
  });
  variant("royalrace", "Royalrace", {
    startDepth: 3,
    budget: 150000,
    note: [
      "vchess's isAttackedByPawn reads a variable it never defines (`sq`), so every test of",
      "check throws; this suite's class defines it, pawns attacking one step diagonally in the",
      "four directions, as the rules page says.",
    ],
    fix: V => {
      V.prototype.isAttackedByPawn = function (sq, color) {
        return this.isAttackedBySlideNJump(sq, color, V.PAWN, V.steps[V.BISHOP], 1);
      };
    },
    special: [
      ["a rook bars the way", "92/4r6/1K9/92/92/92/92/92/92/92/k91 w 0"],
      ["a king reaches the last rank", "92/1K3k5/92/92/92/92/92/92/92/92/92 w 0"],
      ["black's king reaches it", "92/1K3k5/92/92/92/92/92/92/92/92/92 b 0"],
      ["pawns: rook moves, captures in four directions", "92/92/92/92/4p6/3P1n5/92/92/92/k9K/92 w 0"],
      ["knightriders, no checks", "92/92/92/92/92/5N5/92/92/92/92/k9K w 0"]],
  });
}
