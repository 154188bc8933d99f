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
  variant("knightmate2", "Knightmate2", {
    letters: { c: "m" },
    note: [
      "vchess's isAttacked leaves out the knight a pawn may promote to, so such a knight never",
      "gives check; its rules page knows no such exception (as knightmate-vchess's suite says):",
      "this suite's class counts the knight's attacks.",
    ],
    fix: V => {
      const attacked = V.prototype.isAttacked;
      V.prototype.isAttacked = function (sq, color) {
        return attacked.call(this, sq, color) || this.isAttackedByKnight(sq, color);
      };
    },
    special: [
      ["en passant", "rkbqcbkr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RKBQCBKR w 4 f6"],
      ["promotion", "1r2k3/P6P/8/8/8/8/p6p/1R1K2K1 w 0 -"],
      ["black promotes", "1r2k3/P6P/8/8/8/8/p6p/1R1K2K1 b 1 -"],
      ["one of two kings attacked: no check, it may be taken", "8/8/2k5/1r6/8/8/8/1K4K1 w 0 -"],
      ["both kings attacked: one must be saved", "8/8/2k5/8/8/8/8/1K1r2K1 w 0 -"],
      ["a single king is royal", "8/8/2k5/8/8/8/8/3r2K1 w 0 -"],
      ["a king captured", "8/8/2k5/1r6/8/8/8/1K4K1 b 1 -"],
      ["mated", "7k/8/8/8/8/1r6/8/3K1r2 w 0 -"],
      ["a promoted knight gives check", "8/4P3/3k4/8/8/8/8/1K4K1 w 0 -"]],
  });
  // Holes (x) are rulebook's walls; en passant lists every square passed over.
  variant("omega", "Omega", {
    letters: { x: "*" },
    fen: (g, V, s) => {
      const ep = g.getEnpassantFen();
      return [f.placement(g, V, s), g.turn, f.castling(g, V), ep && ep != "-" ? ep.replace(/,/g, "") : "-",
        0, f.fullmove(g)].join(" ");
    },
    startDepth: 3,
    budget: 150000,
    special: [
      ["castling", "wxxxxxxxxxxw/xcr3k2rcx/xppppppppppx/x91x/x91x/x91x/x91x/x91x/x91x/xPPPPPPPPPPx/xCR3K2RCx/WxxxxxxxxxxW w 0 cjcj -"],
      ["black castles", "wxxxxxxxxxxw/xcr3k2rcx/xppppppppppx/x91x/x91x/x91x/x91x/x91x/x91x/xPPPPPPPPPPx/xCR3K2RCx/WxxxxxxxxxxW b 1 cjcj -"],
      ["pawns: two and three steps, en passant", "1xxxxxxxxxx1/x5k4x/x91x/x91x/x91x/x91x/x91x/x3p6x/x91x/x2P1P5x/x5K4x/1xxxxxxxxxx1 w 0 mmmm -"],
      ["en passant after a triple step", "1xxxxxxxxxx1/x5k4x/x5p4x/x91x/x6P3x/x4P5x/x91x/x91x/x91x/x91x/x5K4x/1xxxxxxxxxx1 b 1 mmmm -"],
      ["promotion to any piece", "1xxxxxxxxxx1/xr3k5x/xP8Px/x91x/x91x/x91x/x91x/x91x/x91x/xp8px/xR3K5x/1xxxxxxxxxx1 w 0 mmmm -"],
      ["black promotes", "1xxxxxxxxxx1/xr3k5x/xP8Px/x91x/x91x/x91x/x91x/x91x/x91x/xp8px/xR3K5x/1xxxxxxxxxx1 b 1 mmmm -"],
      ["a king in the corner, wizards", "kxxxxxxxxxxw/x91x/x91x/x91x/x91x/x91x/x91x/x91x/x91x/x91x/x91x/WxxxxxxxxxxK w 0 mmmm -"],
      ["champions", "1xxxxxxxxxx1/x5k4x/x91x/x91x/x91x/x4C5x/x91x/x91x/x91x/x91x/x5K4x/1xxxxxxxxxx1 w 0 mmmm -"]],
  });
  // vchess's flags: [a rook, d king, e king, h rook] a side; rulebook's: one per king and
  // landing file (B, F for the d king; C, G for the e king).
  const twokingsFen = (g, V, s) => {
    let rights = "";
    for (const c of ["w", "b"]) {
      const on = g.castleFlags[c].map(col => col < V.size.y);
      let r = (on[1] && on[0] ? "b" : "") + (on[2] && on[0] ? "c" : "") +
        (on[1] && on[3] ? "f" : "") + (on[2] && on[3] ? "g" : "");
      rights += c == "w" ? r.toUpperCase() : r;
    }
    return [f.placement(g, V, s), g.turn, rights || "-", f.enpassant(g, V), 0, f.fullmove(g)]
      .join(" ");
  };
  variant("twokings", "Twokings", {
    fen: twokingsFen,
    note: [
      "vchess's Twokings keeps a rook's castling right when the rook moves, castles with any",
      "piece of its side on the rook's square, and lets a king standing anywhere on the d or e",
      "file castle along its rank. Its rules page says: any king with any rook, under the",
      "orthodox conditions. This suite's class castles so: a king and a rook that have not",
      "moved, the squares between them empty, the king's squares up to where it lands not",
      "attacked (where it lands: as vchess places king and rook).",
    ],
    fix: (V, { Move, PiPo }) => {
      V.prototype.getCastleMoves = function ([x, y]) {
        const c = this.getColor(x, y);
        const opp = V.GetOppCol(c);
        const flags = this.castleFlags[c];
        if (x != (c == "w" ? V.size.x - 1 : 0) || (flags[1] != y && flags[2] != y)) return [];
        const left = flags[1] == y;
        const moves = [];
        for (const side of [0, 1]) {
          const rook = flags[side == 0 ? 0 : 3];
          if (rook >= V.size.y || this.board[x][rook] != c + V.ROOK) continue;
          const [kingTo, rookTo] = side == 0 ? (left ? [1, 2] : [2, 3]) : (left ? [5, 4] : [6, 5]);
          const step = side == 0 ? -1 : 1;
          let ok = true;
          for (let j = y + step; j != rook; j += step) ok &&= this.board[x][j] == V.EMPTY;
          for (let j = y; ok && j != kingTo; j += step) ok &&= !this.isAttacked([x, j], opp);
          if (!ok) continue;
          moves.push(new Move({
            appear: [new PiPo({ x, y: kingTo, p: V.KING, c }),
              new PiPo({ x, y: rookTo, p: V.ROOK, c })],
            vanish: [new PiPo({ x, y, p: V.KING, c }), new PiPo({ x, y: rook, p: V.ROOK, c })],
            end: { x, y: kingTo },
          }));
        }
        return moves;
      };
      // A right ends when its king or rook leaves its square, or is taken there.
      V.prototype.postPlay = function (move) {
        for (const v of move.vanish) {
          const row = v.c == "w" ? V.size.x - 1 : 0;
          const flags = this.castleFlags[v.c];
          if (v.x == row) for (let i = 0; i < 4; i++) if (flags[i] == v.y) flags[i] = 8;
        }
      };
    },
    special: [
      ["castling", "r2kk2r/pppppppp/8/8/8/8/PPPPPPPP/R2KK2R w 0 adehadeh -"],
      ["one king gone: the other castles long", "r2k3r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w 0 aiehadih -"],
      ["castling through attacked squares", "r2kk2r/8/8/8/8/8/1b5q/R2KK2R w 0 adehadeh -"],
      ["black castles", "r2kk2r/pppppppp/8/8/8/8/PPPPPPPP/R2KK2R b 1 adehadeh -"],
      ["en passant", "rnqkkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNQKKBNR w 4 adehadeh f6"],
      ["promotion, also to a king", "1r1kk3/P6P/8/8/8/8/p6p/1R1KK3 w 0 iiiiiiii -"],
      ["black promotes", "1r1kk3/P6P/8/8/8/8/p6p/1R1KK3 b 1 iiiiiiii -"],
      ["both kings checked at once", "6KK/8/2Q5/8/8/5k2/2k5/8 b 1 iiiiiiii -"],
      ["either king mated", "3kk3/8/8/8/8/8/8/R3K2R w 0 aiehiiii -"]],
  });
  variant("diamond", "Diamond", {
    special: [
      ["pawn moves and captures", "k7/1p6/1B4P1/8/8/3n4/3pP3/7K w 0"],
      ["black pawns", "k7/1p6/1B4P1/8/8/3n4/3pP3/7K b 1"],
      ["promotion on the far rank or file", "k7/8/2p5/8/5P2/8/1P4p1/7K w 0"],
      ["black promotes", "k7/8/2p5/8/5P2/8/1P4p1/7K b 1"],
      ["checks by pawns", "8/8/8/3k4/3P4/4P3/8/7K b 1"],
      ["stalemate", "k7/2Q5/1K6/8/8/8/8/8 b 1"]],
  });
  variant("forward-vchess", "Forward", {
    note: [
      "vchess's Forward counts a piece's attack only along a step whose rank part is exactly",
      "one forward (or none), so a knight's narrow forward jumps never give check, and its",
      "promoted pawn captures backward but never attacks so. Its rules page knows no such",
      "exception: this suite's class counts every capture as an attack.",
    ],
    fix: V => {
      const full = { p: "s", r: "u", n: "o", b: "c", q: "t", k: "l" };
      V.prototype.isAttackedBySlideNJump = function ([x, y], color, piece, steps, oneStep) {
        const forward = color == "w" ? -1 : 1;
        for (const step of steps) {
          let [i, j] = [x + step[0], y + step[1]];
          while (V.OnBoard(i, j) && this.board[i][j] == V.EMPTY && !oneStep) {
            i += step[0];
            j += step[1];
          }
          if (!V.OnBoard(i, j) || this.getColor(i, j) != color) continue;
          const p = this.getPiece(i, j);
          if (p == full[piece] || (p == piece && Math.sign(-step[0]) != -forward)) return true;
        }
        return false;
      };
      const pawnAttack = V.prototype.isAttackedByPawn;
      V.prototype.isAttackedByPawn = function ([x, y], color) {
        if (pawnAttack.call(this, [x, y], color)) return true;
        return V.steps[V.BISHOP].some(([di, dj]) => V.OnBoard(x + di, y + dj) &&
          this.getColor(x + di, y + dj) == color && this.getPiece(x + di, y + dj) == "s");
      };
    },
    special: [["castling", "r3k2r/pppqpppp/2nbbn2/8/8/2NBBN2/PPPQPPPP/R3K2R w 0 ahah -"], passant,
      ["every piece promotes on the last rank", "1r2k3/PN5P/7B/8/8/7b/pn5p/1R2K3 w 0 iiii -"],
      ["black promotes", "1r2k3/PN5P/7B/8/8/7b/pn5p/1R2K3 b 1 iiii -"],
      ["a knight's narrow jump gives check", "8/8/4k3/8/3N4/8/8/4K3 b 1 iiii -"],
      ["full pieces move backward", "4k3/8/8/3T4/8/2S5/8/4K3 w 0 iiii -"],
      ["a full pawn attacks backward", "8/8/8/8/8/3k4/4S3/K7 b 1 iiii -"],
      ["a king reaches the last rank", "6k1/8/8/8/8/8/1K6/8 w 0 iiii -"]],
  });
  // (end of batch vchess2)

  // Bundled variants that play vchess's game
  variant("atomic", "Atomic", {
    note: [
      "vchess lists a capture that promotes once (the pawn explodes whatever it becomes); rulebook",
      "and Fairy-Stockfish list one move per piece: no position here has such a capture.",
    ],
    special: [["castling", "r3k2r/pppqpppp/2nbbn2/8/8/2NBBN2/PPPQPPPP/R3K2R w 0 ahah -"], passant,
      ["promotion", "8/P6k/8/8/8/8/K6p/8 w 0 iiii -"],
      ["a capture next to the enemy king explodes it", "k7/1p6/8/4q3/8/8/4R3/4K3 w 0 iiii -"],
      ["kings touching: no check", "8/8/8/8/3kK3/8/8/7q w 0 iiii -"],
      ["castling next to the enemy king", "8/8/8/8/8/8/3k4/R3K2R w 0 ahii -"]],
  });
  variant("kingofthehill", "Koth", {
    special: [castle, passant, promote,
      ["a king steps onto the hill", "8/8/8/5k2/8/2K5/8/8 w 0 iiii -"],
      ["black's king on the hill: white has lost", "8/8/8/3k4/8/8/8/K7 w 0 iiii -"]],
  });
  variant("losers", "Losers", {
    special: [castle, passant, promote, promoteBlack,
      ["captures are forced", "4k3/8/8/3p4/4P3/8/8/4K3 w 0 iiii -"],
      ["a side without pieces but its king", "8/8/8/8/8/8/2k5/K6R b 0 iiii -"]],
  });
  variant("antichess", "Suicide", {
    special: [
      ["en passant", "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w 4 f6"],
      ["promotion, also to a king", "1r2k3/P6P/8/8/8/8/p6p/1R2K3 w 0 -"],
      ["black promotes", "1r2k3/P6P/8/8/8/8/p6p/1R2K3 b 1 -"],
      ["captures are forced", "4k3/8/8/3p4/4P3/8/8/4K3 w 0 -"],
      ["no castling", "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w 0 -"],
      ["stalemate", "8/8/8/8/8/p7/P7/8 w 0 -"]],
  });
  variant("berolina", "Berolina", {
    fen: (g, V, s) => berolinaFen(g, V, s),  // (defined in batch vchess4)
    special: [castle,
      ["berolina pawns: double step diagonally, en passant", "4k3/8/8/8/8/8/4P3/4K3 w 0 iiii -"],
      ["en passant of a berolina pawn", "4k3/8/8/8/5p2/8/8/4K3 w 0 iiii -"],
      ["black has no long castling right: white has won", "1r2k3/P6P/8/8/8/8/p6p/1R2K3 w 0 iiii -"]],
  });
  variant("grasshopper", "Grasshopper", { special: [promote, promoteBlack] });
  variant("hoppelpoppel", "Hoppelpoppel", { special: [castle, passant, promote] });
  variant("newzealand", "Newzealand", { special: [castle, passant, promote] });
  variant("doublearmy", "Doublearmy", {});
  variant("pawnsmassacre", "Pawnmassacre", {});
  variant("crossing", "Crossing", {
    special: [castle,
      ["a king crosses to the fifth rank", "6k1/8/8/8/2K5/8/8/8 w 0 iiii -"],
      ["black's king on its fifth rank: white has lost", "8/8/8/8/3k4/8/8/K7 w 0 iiii -"]],
  });
  variant("racingkings", "Racingkings", {
    special: [
      ["white's king reaches the far rank", "8/1K6/8/8/8/8/8/6k1 w 0"],
      ["black may still reach it", "1K6/8/8/8/8/8/1k6/8 b 0"]],
  });
  variant("capablanca", "Capablanca", {
    letters: { e: "c", s: "a" },
    special: [
      ["castling", "r4k3r/pppppppppp/91/91/91/91/PPPPPPPPPP/R4K3R w 0 ajaj -"],
      ["promotion", "5k4/1P8/91/91/91/91/8p1/5K4 w 0 llll -"],
      ["en passant", "rnsbqkbenr/pppp1ppppp/91/91/3pP5/91/PPP2PPPPP/RNSBQKBENR b 4 ajaj e3"]],
  });
  variant("perfect", "Perfect", {
    letters: { a: "g", e: "c", s: "m" },
    special: [
      ["castling with the chancellor", "e3k2r/pppppppp/8/8/8/8/PPPPPPPP/E3K2R w 0 ahah -"],
      ["promotion to seven pieces", "1r2k3/P7/8/8/8/8/7p/4K3 w 0 iiii -"]],
  });
  variant("alice", "Alice", {
    seedOffset: 1,
    note: [
      "vchess lets a pawn take en passant onto the skipped square also when a piece of the other",
      "board stands there (so that move is listed twice, once as a plain capture): a pawn moves to",
      "an empty square only. The seeded games here (seed offset 1) avoid such a position.",
    ],
  });
  variant("magnetic", "Magnetic", {});
  variant("orda", "Orda", {
    special: [
      ["castling", "lhaykahl/8/pppppppp/8/8/8/PPPPPPPP/R3K2R w 0 ah -"],
      ["the khan reaches the first rank", "4K3/8/8/8/8/8/3k4/8 b 0 ii -"],
      ["promotion to a kheshig", "4k3/1P6/8/8/8/8/8/4K3 w 0 ii -"]],
  });
  variant("ordamirror", "Ordamirror", {});
  variant("spartan", "Spartan", {
    exactLetters: { p: "h" },
    note: [
      "vchess forbids a hoplite to promote to a second king while the only king is in check",
      "(1R1k4/8/8/8/8/8/h6h/4K3 b: h2g1k); its rules page lets a king stay in check while another",
      "is on the board, and rulebook and Fairy-Stockfish allow it: no position here reaches that.",
    ],
    special: [
      ["castling", "lgkcckwl/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w 0 ah"],
      ["hoplites promote, to a king only while one is missing", "4k3/8/8/8/8/8/p6p/1R2K3 b 0 ii", 2],
      ["no second king to promote to", "3kk3/8/8/8/8/8/p6p/1R2K3 b 0 ii"],
      ["one king in check is not check", "lgk2k1l/8/8/8/8/8/8/2R1K3 b 0 ii"],
      ["both kings attacked: check", "lgk2k1l/8/8/8/8/8/8/2R1KR2 b 0 ii"]],
  });
  variant("shako", "Shako", {
    special: [
      ["castling on the second rank", "c8c/er3k2re/pppppppppp/91/91/91/91/PPPPPPPPPP/ER3K2RE/C8C w 0 bibi -"],
      ["cannons and elephants", "5k4/91/4p5/91/91/91/4C5/91/3E6/4K5 w 0 llll -"],
      ["promotion", "4k5/1P8/91/91/91/91/91/91/8p1/4K5 w 0 llll -"]],
  });
  variant("tencubed", "Tencubed", { budget: 100000, startBudget: 300000, startDepth: 3 });
  variant("grand", "Grand", {
    letters: { m: "c", c: "a" },
    special: [
      ["promotion only to a captured piece, optional on the eighth and ninth ranks",
        "r8r/1nbqkmcbn1/1P8/P9/2P7/91/91/1p8/1NBQKMC3/R8R w 0 -"],
      ["promotion when pieces are missing", "r8r/1nbqk4/6P3/P7P1/91/91/91/91/1NB1K5/R8R w 0 -"],
      ["black promotes", "r8r/1nbqk4/6P3/P7P1/91/91/91/p9/1NB1K5/9R b 0 -"]],
  });
  variant("makruk", "Makruk", {
    letters: { b: "s", q: "m", f: "m" },
    special: [
      ["promotion to a met on the sixth rank", "4k3/8/8/2P5/5p2/8/8/3K4 w 0"],
      ["black promotes on its sixth rank", "4k3/8/8/2P5/5p2/8/8/3K4 b 1"],
      ["khons and mets", "4k3/8/8/3b4/8/4Q3/8/3KB3 w 0"]],
  });
  // Batch vchess3
  variant("makpong", "Makpong", {
    letters: { b: "s", q: "m", f: "m" },
    note: [
      "Where two pieces check the king, vchess lets it take either (and escape the other);",
      "its rules page says only that it may capture the attacker, and rulebook, like",
      "Fairy-Stockfish, lets it take the checker only when it is the only one; the special",
      "positions here avoid that case, and none of the others lets it bite.",
    ],
    special: [
      ["a king in check may not move: mate", "rnbqkb1r/8/pppNpppp/3n4/8/PPPPPPPP/8/R1BKQBNR b 1"],
      ["the king takes the rook that checks it", "4k3/4R3/8/8/8/8/8/3K4 b 1"],
      ["the king may not take another piece", "4k3/5R2/r4N2/8/8/8/8/3K4 b 1"],
      ["white's king takes a checking met, not a khon", "4k3/8/8/8/8/8/2q5/3Kb3 w 0"],
      ["a check answered by the other pieces", "3rk3/8/8/8/8/8/8/R2KB3 w 0"],
      ["promotion to a met on the sixth rank", "4k3/8/8/2P5/5p2/8/8/3K4 w 0"]],
  });
  variant("empire", "Empire", {
    note: [
      "vchess's Empire only forbids a move that takes away the last piece between the two",
      "kings; a king may step onto the other king's open file or rank, or take that last",
      "piece. Its rules page says the kings may not face each other on a file or rank: this",
      "suite's class drops every move after which they do.",
    ],
    fix: V => {
      const filterValid = V.prototype.filterValid;
      V.prototype.filterValid = function (moves) {
        return filterValid.call(this, moves).filter(m => {
          this.play(m);
          const [[wx, wy], [bx, by]] = [this.kingPos.w, this.kingPos.b];
          let open = wx == bx || wy == by;
          if (open) {
            const [dx, dy] = [Math.sign(bx - wx), Math.sign(by - wy)];
            for (let x = wx + dx, y = wy + dy; x != bx || y != by; x += dx, y += dy)
              open &&= this.board[x][y] == V.EMPTY;
          }
          this.undo(m);
          return !open;
        });
      };
    },
    special: [
      ["a king may not step onto the other's open file", "4k3/8/8/8/8/8/8/3K4 w 0 ii -"],
      ["nor take the last piece between them", "8/8/4k3/4S3/8/8/4K3/8 b 1 ii -"],
      ["the last piece between them may not leave", "4k3/8/8/8/4S3/8/8/4K3 w 0 ii -"],
      ["a king on the last rank not in check wins", "8/2K5/8/8/8/8/6k1/8 w 0 ii -"],
      ["soldiers, eagle, cardinal, tower, duke", "7k/8/8/3S4/8/1E2T3/8/2C1KD2 w 0 ii -"],
      ["pawn promotion", "1r1k4/P6P/8/8/8/8/p6p/1T2K3 b 1 ii -"],
      ["stalemate loses", "k7/2Q5/1K6/8/8/8/8/8 b 1 ii -"]],
  });
  variant("castle", "Castle", {
    special: [
      ["black castles long: black wins; short: white wins", "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R b 1 ahah -"],
      ["taking the a8 rook wins", "r3k2r/p1pppppp/8/8/8/8/P1PPPPPP/R3K2R w 0 ahah -"],
      ["white castles: the game goes on", "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w 0 ahah -"],
      ["black's king moves: white wins", "r3k2r/ppp2ppp/8/8/8/8/PPPPPPPP/R3K2R b 1 ahah -"],
      ["castling out of or through check is barred", "r3k2r/ppp2ppp/8/8/1B4Q1/8/PPPPPPPP/R3K2R b 1 ahah -"],
      ["mate", "r3k2r/8/8/8/8/8/8/R3K1QR w 0 ahah -"],
      ["en passant", "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w 4 ahah f6"],
      ["black has no long castling right: white has won", "1r2k3/P6P/8/8/8/8/p6p/1R2K3 w 0 iiii -"]],
  });
  variant("extinction", "Extinction", {
    note: [
      "vchess's Extinction castles with the orthodox getCastleMoves, which bars castling out",
      "of or through an attack; its rules page says kings may castle without any concern",
      "about checks: this suite's class castles so (getCastleMoves's own castleInCheck flag).",
    ],
    fix: V => {
      const castleMoves = V.prototype.getCastleMoves;
      V.prototype.getCastleMoves = function (sq, finalSquares, castleInCheck, castleWith) {
        return castleMoves.call(this, sq, finalSquares, true, castleWith);
      };
    },
    special: [["castling", "r3k2r/pppqpppp/2nbbn2/8/8/2NBBN2/PPPQPPPP/R3K2R w 0 ahah -"], passant,
      ["castling through an attack", "r3k2r/pppqpppp/2nbbn2/8/8/2NBBNPb/PPPQPP1P/R3K2R w 2 ahah -"],
      ["castling out of an attack", "r3k3/pppqpppp/2nbrn2/8/5B2/2NB1N2/PPPQ1PPP/R3K2R w 2 ahai -"],
      ["taking the last queen wins", "rnb1kbnr/pppppppp/8/3q4/8/8/PPP1PPPP/RNBQKBNR w 0 ahah -"],
      ["promotion, also to a king; kings may be left attacked", "rnbqkbn1/pppppppP/8/8/8/8/PPPPPPP1/RNBQKBNR w 0 ahai -"],
      ["taking the king wins", "rnbqkbnr/ppp2ppp/8/1B1pp3/4P3/8/PPPP1PPP/RNBQK1NR w 0 ahah -"]],
  });
  // (end of batch vchess3)
  variant("xiangqi", "Xiangqi", {
    letters: { e: "b" },
    budget: 100000,
    startBudget: 500000,
    note: [
      "vchess's Xiangqi lets a king take the last piece between the two kings (its facing",
      "test looks at the line before the move). Its rules page says the kings may not face",
      "each other: this suite's class drops every move after which they do.",
    ],
    fix: V => {
      const filterValid = V.prototype.filterValid;
      V.prototype.filterValid = function (moves) {
        return filterValid.call(this, moves).filter(m => {
          this.play(m);
          const [[wx, wy], [bx, by]] = [this.kingPos.w, this.kingPos.b];
          let open = wy == by;
          for (let x = bx + 1; open && x < wx; x++) open = this.board[x][wy] == V.EMPTY;
          this.undo(m);
          return !open;
        });
      };
    },
    special: [
      ["a king may not take the last piece between the kings", "4k4/9/9/9/9/9/9/9/4r4/4K4 w 0"],
      ["nor step onto the other's open file", "3k5/9/9/9/9/9/9/9/9/4K4 w 0"],
      ["the piece between the kings stays on the file", "4k4/9/4n4/9/9/9/4R4/9/9/4K4 w 0"],
      ["horses blocked at the leg, elephants at the eye and by the river", "3k5/9/9/9/2E6/9/4p4/2E1N4/3P5/4K4 w 0"],
      ["cannons move as rooks and take by hopping one piece", "3k5/3p5/9/9/1c1P1C3/9/9/9/9/4K4 w 0"],
      ["soldiers step sideways after the river, never back", "3k5/9/9/2P6/9/6P2/9/9/9/4K4 w 0"],
      ["advisors and king keep to the palace", "4k4/9/9/9/9/9/9/9/4A4/3K1A3 w 0"],
      ["stalemate loses", "3k5/R8/9/9/9/4R4/9/9/9/5K3 b 1"],
      ["checkmate", "3k5/9/4R4/9/9/9/9/9/9/3RK4 b 1"]],
  });
    // Checks still to give, white's then black's: 3 - the checks the other side received
  const threeCheckFen = (g, V, suite) => {
    const parts = f.chessFen(g, V, suite).split(" ");
    parts.splice(4, 0, `${3 - g.checkFlags.b}+${3 - g.checkFlags.w}`);
    return parts.join(" ");
  };
  variant("3check", "Threechecks", {
    fen: threeCheckFen,
    special: [
      ["castling", "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w 0 ahah00 -"],
      ["en passant", "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w 4 ahah11 f6"],
      ["a third check wins", "4k3/8/8/8/8/8/8/R3K3 w 0 iiii21 -"],
      ["black has given three checks", "4k3/8/8/8/8/8/8/R3K3 w 0 iiii30 -"]],
  });
  variant("crazyhouse", "Crazyhouse", {
    fen: f.pocketFen,
    letters: { u: "r~", o: "n~", c: "b~", t: "q~" },
    special: [
      ["castling", "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w 0 ahah - 0000000000"],
      ["drops, pawns not on the first and last ranks", "4k3/8/8/8/8/8/8/4K3 w 0 iiii - 1111111111"],
      ["a drop blocks a check", "4k3/8/8/8/8/8/8/r3K3 w 0 iiii - 1000000000"],
      ["a promoted piece, taken, is a pawn in hand", "1r2k3/P7/8/8/8/8/8/4K3 w 0 iiii - 0000000000"],
      ["a promoted queen on the board", "3tk3/8/8/8/8/8/8/R3K3 w 0 iiii - 0000000000"]],
  });

  // New variants: vchess's games under vchess's names

  // Kar Ouk: a check ends the game, so each side has its one check still to give, but for the
  // side that just gave one.
  const karoukFen = (g, V, suite) => {
    const parts = f.chessFen(g, V, suite).split(" ");
    const checked = g.underCheck(g.turn);
    const counts = g.turn == "b" ? `${checked ? 0 : 1}+1` : `1+${checked ? 0 : 1}`;
    parts.splice(4, 0, counts);
    return parts.join(" ");
  };
  variant("karouk-vchess", "Karouk", {
    fen: karoukFen,
    letters: { b: "s", q: "m", f: "m" },
    special: [
      ["a check wins at once", "4k3/8/8/8/8/8/8/R2K4 w 0"],
      ["the side in check has lost", "3Rk3/8/8/8/8/8/8/3K4 b 1"],
      ["promotion to a met on the sixth rank, which may check", "8/4k3/8/2P5/5p2/8/8/3K4 w 0"]],
  });
  variant("pawns", "Pawns", {
    special: [
      ["en passant", "8/ppp1pppp/8/8/3pP3/8/PPPP1PPP/8 b 3 e3"],
      ["a promotion wins", "8/1P6/8/8/8/8/6p1/8 w 0 -"],
      ["white has promoted: black has lost", "1Q6/8/8/8/8/8/6p1/8 b 1 -"],
      ["blocked pawns: a draw", "8/8/8/p7/P7/8/8/8 w 0 -"]],
  });
  variant("alapo-vchess", "Alapo", {
    special: [
      ["a piece reaches the base line safely", "6/1R4/6/6/6/5r w 0"],
      ["a piece on the base line that can be taken", "1R4/6/6/6/6/1r3r b 1"],
      ["a piece on the base line that cannot be taken", "1R4/6/6/6/6/2r3 b 1"],
      ["small pieces", "6/2S3/6/2c3/6/s5 w 0"]],
  });
  variant("capture", "Capture", {
    special: [["castling", "r3k2r/pppqpppp/2nbbn2/8/8/2NBBN2/PPPQPPPP/R3K2R w 0 ahah -"], passant,
      ["captures are forced, also by the king", "4k3/8/8/3p4/4P3/8/8/3qK3 w 0 iiii -"],
      ["a capture that would leave the king in check does not force", "4k3/4r3/8/3p4/4P3/8/8/4K3 w 0 iiii -"],
      ["en passant is a capture", "4k3/8/8/3pP3/8/8/8/4K3 w 0 iiii d6"],
      ["promotion by capture", "1r2k3/P7/8/8/8/8/8/4K3 w 0 iiii -"]],
  });
  variant("brotherhood", "Brotherhood", {
    special: [castle, passant, promote,
      ["a rook cannot take a rook, a queen no queen", "3qk3/8/8/3r4/3R4/8/8/3QK3 w 0 iiii -"],
      ["a rook guards the rook it cannot take", "4k3/8/8/8/8/8/r7/R3K3 w 0 iiii -"],
      ["stalemate loses", "k7/2Q5/1K6/8/8/8/8/8 b 0 iiii -"]],
  });

  // Bundled names with other rules: vchess's game as NAME-vchess
  variant("upsidedown-vchess", "Upsidedown", {
    special: [
      ["promotion at once", "4K3/P7/8/8/8/8/p7/4k3 w 0"],
      ["no castling", "R3K2R/8/8/8/8/8/8/r3k2r w 0"]],
  });
  variant("kinglet-vchess", "Kinglet", {
    special: [
      ["no castling", "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w 0 -"],
      ["en passant", "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w 4 f6"],
      ["promotion to a king only; the last pawn promoting loses", "1r2k3/P7/8/8/8/8/6pp/4K3 w 0 -"],
      ["the last black pawn is taken", "4k3/8/8/3p4/4P3/8/8/4K3 w 0 -"],
      ["kings are not royal", "4k3/4p3/8/8/8/8/3P4/4K2r w 0 -"]],
  });
  variant("horde-vchess", "Horde", {
    special: [
      ["no castling for black", "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/PPPPPPPP b 1 -"],
      ["first-rank pawns step two squares", "4k3/8/8/8/8/8/8/PPPPPPPP w 0 -"],
      ["en passant on the second rank", "4k3/8/8/8/8/1p6/8/P7 w 0 -"],
      ["en passant after a black double step", "4k3/3p4/8/4P3/8/8/8/8 b 1 -"],
      ["the last white piece is taken", "4k3/8/8/8/8/8/3p4/4P3 b 1 -"],
      ["promotion", "4k3/1P6/8/8/8/8/6p1/7P w 0 -"]],
  });
  variant("knightmate-vchess", "Knightmate1", {
    letters: { c: "m" },
    note: [
      "vchess's isAttacked leaves out the knight a pawn may promote to, so such a knight never",
      "gives check there; its rules page knows no such exception, and rulebook follows the",
      "rules: no position here lets the enemy king step onto a square a promoted knight attacks.",
    ],
    special: [castle,
      ["promotion to a queen, rook, bishop or knight (depth 3: the new knight's targets stay far" +
        " from the black king)", "8/P7/8/8/5k2/8/7p/4K3 w 0 iiii -", 3],
      ["a royal knight in check from a commoner", "4k3/8/8/8/8/8/5c2/4K3 w 0 iiii -"]],
  });
  // Dobutsu: placement[hand] turn clocks, no castling or en-passant fields; `-` for empty hands.
  const dobutsuFen = (g, V, suite) => {
    let hand = "";
    for (const c of ["w", "b"])
      for (const [p, to] of [["p", "c"], ["e", "e"], ["g", "g"]])
        hand += (c == "w" ? to.toUpperCase() : to).repeat(g.reserve[c][p]);
    return `${f.placement(g, V, suite)}[${hand || "-"}] ${g.turn} 0 ${f.fullmove(g)}`;
  };
  variant("dobutsu-vchess", "Dobutsu", {
    fen: dobutsuFen,
    letters: { k: "l", p: "c", h: "+c" },
    startDepth: 5,
    special: [
      ["the lion reaches the far rank, attacked there", "1g1/K2/3/2k w 0 000000"],
      ["the lion reached the far rank: black has lost", "K1g/3/3/2k b 1 000000"],
      ["the lion is taken", "1k1/1K1/3/3 w 0 000000"],
      ["drops anywhere, a chick on the far rank too", "2k/3/3/K2 w 0 111111"],
      ["a chick becomes a hen", "2k/P2/3/K2 w 0 000000"],
      ["a hen taken goes to the hand as a chick", "1k1/h2/G2/K2 w 0 000000"]],
  });
  // Not shatranj-vchess: its pieces are writable, but not its bare-king rule (two bare kings
  // draw at once; a bare king loses at once unless it can take the other's last piece).
  variant("pawnsking", "Pawnsking", {
    special: [
      ["en passant", "4k3/ppp1pppp/8/8/3pP3/8/PPPP1PPP/4K3 b 3 e3"],
      ["a promotion wins", "4k3/1P6/8/8/8/8/6p1/4K3 w 0 -"],
      ["a king reaches the far rank", "8/3K4/8/8/8/8/8/4k3 w 0 -"],
      ["kings may be taken, and step into attack", "8/8/8/3k4/4P3/3K4/8/8 b 0 -"],
      ["blocked pawns, kings only", "8/8/8/p7/P7/8/8/k1K5 w 0 -"]],
  });
  variant("discoduel", "Discoduel", {
    special: [
      ["a pawn reaches the eighth rank and stays a pawn", "8/1P6/8/3n4/8/8/8/8 w 0 -"],
      ["a knight may not take a pawn on the eighth rank", "1P1P4/8/2n5/8/8/8/8/8 b 1 -"],
      ["the knights take elsewhere", "8/8/8/2P1P3/8/3n4/2P1P3/8 b 1 -"],
      ["nobody can move: a draw", "P7/8/8/8/8/8/8/8 w 0 -"]],
  });
  variant("vchess", "Vchess", {
    special: [castle, passant, promote, promoteBlack,
      ["pawns capture backward", "4k3/8/8/2p1p3/3P4/2n1n3/8/4K3 w 0 iiii -"],
      ["a pawn checks backward", "8/8/8/8/3k4/4P3/8/4K3 b 0 iiii -"],
      ["a backward capture onto the first rank does not promote; a double step from there", "4k3/8/8/8/8/8/1P6/n3K3 w 0 iiii -"]],
  });
  variant("balaklava", "Balaklava", {
    special: [castle, promote, promoteBlack,
      ["no en passant", "rmbqkbmr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RMBQKBMR w 4 ahah -"],
      ["mammoths", "4k3/8/2pP4/4MP2/4p3/3p4/8/4K3 w 0 iiii -"],
      ["pawns leap as knights forward, not onto the last rank", "4k3/8/1P6/8/8/8/8/4K3 w 0 iiii -"],
      ["knight leaps never capture nor check", "4k3/8/3Q4/8/8/8/8/4K3 b 0 iiii -"]],
  });
  // Not rugby: writable, but a pawn's king step onto the en-passant square and its en-passant
  // capture there are two moves with one UCI (e4d3), and rulebook keeps only one of them.
  // Batch vchess4
  // Shinobi: only white's hand (ninja, dragon, monks, horse, lance); white's bishop, knight and
  // rook are always promoted monks, horses and lances (+M +H +L), black's are the chess army's.
  variant("shinobi", "Shinobi", {
    fen: f.pocketFen,
    exactLetters: { B: "+M", N: "+H", R: "+L" },
    special: [
      ["black castles, white drops on its first four ranks", "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/LH1CK1HL b 1 ah - 11211"],
      ["monk, horse, lance and pawns promote on the last two ranks", "3k4/8/2L1M2P/1H6/8/1p6/8/4K3 w 0 ii - 00000"],
      ["black's pawns promote to captains", "3k4/8/2L1M2P/1H6/8/1p6/8/4K3 b 1 ii - 00000"],
      ["promoted pieces, captains, a ninja and a dragon", "2r1k3/8/8/3BN3/8/2cJ1D2/8/R3K1C1 w 0 ii - 00000"],
      ["a drop blocks a check", "4k3/8/8/8/8/8/8/r3K3 w 0 ii - 10100"],
      ["a king reaches the far rank", "8/4K3/8/8/8/8/3k4/8 w 0 ii - 00000"],
      ["black's king reaches its far rank", "8/4K3/8/8/8/8/3k4/8 b 1 ii - 00000"],
      ["black's king reached the first rank: white has lost", "8/4K3/8/8/8/8/8/3k4 w 0 ii - 11211"],
      ["en passant", "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/LH1CK1HL w 4 ah f6 11211"],
      ["black takes en passant", "rnbqkbnr/pppp1ppp/8/8/3Pp3/8/PPP1PPPP/LH1CK1HL b 3 ah d3 11211"],
      ["stalemate loses", "k7/2D5/1K6/8/8/8/8/8 b 1 ii - 00000"]],
  });
  // Shogun: promoted forms written with +, the hands in brackets.
  variant("shogun", "Shogun", {
    fen: f.pocketFen,
    letters: { c: "+p", g: "+n", a: "+b", m: "+r", q: "+f" },
    special: [
      ["castling", "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w 0 ahah - 0000000000"],
      ["promotion in, within and out of the zone; one general, archbishop, mortar, queen",
        "4k3/1N4P1/8/R1B2F2/8/8/8/4K3 w 0 iiii - 0000000000"],
      ["no second general", "4k3/1N6/2G5/8/8/8/8/4K3 w 0 iiii - 0000000000"],
      ["black promotes", "4k3/8/8/8/1f1p4/6n1/r7/4K3 b 1 iiii - 0000000000"],
      ["drops on the first five ranks", "4k3/8/8/8/8/8/8/4K3 w 0 iiii - 1111111111"],
      ["black drops", "4k3/8/8/8/8/8/8/4K3 b 1 iiii - 1111111111"],
      ["en passant into the zone does not promote", "4k3/8/8/3pP3/8/8/8/4K3 w 0 iiii d6 0000000000"],
      ["promoted pieces taken go to the hand unpromoted", "4k3/8/2q5/1A1M4/2C5/3G4/8/4K3 b 1 iiii - 0000000000"]],
  });
  // Synochess: black's soldiers in hand in brackets; only white castles.
  const synochessFen = (g, V, s) => {
    const parts = f.chessFen(g, V, s).split(" ");
    parts[0] += "[" + "s".repeat(g.reserve ? g.reserve.b.s : 0) + "]";
    return parts.join(" ");
  };
  variant("synochess", "Synochess", {
    fen: synochessFen,
    note: [
      "vchess's Synochess lets the one piece between the two kings leave the line when it is a",
      "king (a king may take the last piece between them, and stand facing the other king);",
      "and castling may pass a square where the king would face the other. Its rules page says",
      "the kings may not face each other, as in Xiangqi (where the facing king is a check;",
      "pychess, which the page links, plays it so): this suite's class drops every move after",
      "which they face each other, and castling across a square where the king would.",
    ],
    fix: V => {
      // The squares between (x, y) and the other king along a shared file or rank are empty
      // (the king of `c` standing at `from` counted as gone).
      const faces = (g, c, [x, y], from) => {
        const [kx, ky] = g.kingPos[V.GetOppCol(c)];
        if (x != kx && y != ky) return false;
        const [dx, dy] = [Math.sign(kx - x), Math.sign(ky - y)];
        for (let i = x + dx, j = y + dy; i != kx || j != ky; i += dx, j += dy)
          if (g.board[i][j] != V.EMPTY && (i != from[0] || j != from[1])) return false;
        return true;
      };
      const filterValid = V.prototype.filterValid;
      V.prototype.filterValid = function (moves) {
        return filterValid.call(this, moves).filter(m => {
          const c = this.turn;
          if (m.vanish.length == 2 && m.appear.length == 2 && m.vanish[1].c == c) {
            const [x, y] = [m.start.x, m.start.y];
            for (let j = y; j != m.end.y; j += Math.sign(m.end.y - y))
              if (faces(this, c, [x, j], [x, y])) return false;
          }
          this.play(m);
          const open = faces(this, c, this.kingPos[c], [-1, -1]);
          this.undo(m);
          return !open;
        });
      };
    },
    special: [
      ["castling", "rneakenr/8/1c4c1/1ss2ss1/8/8/PPPPPPPP/R3K2R w 0 ah - 2"],
      ["castling past the black king's open file", "5k2/8/8/8/8/8/8/R3K2R w 0 ah - 0"],
      ["castling onto the black king's open file", "6k1/8/8/8/8/8/8/R3K2R w 0 ah - 0"],
      ["the kings may not face each other", "3k4/8/8/3s4/8/8/8/4K3 b 1 ii - 0"],
      ["the piece between the kings stays", "3k4/8/8/3c4/8/8/8/3K4 b 1 ii - 0"],
      ["soldiers dropped on the fifth rank", "4k3/8/8/8/8/8/8/3K4 b 1 ii - 2"],
      ["cannons, elephants, soldiers, an advisor", "4k3/8/2e5/1cP5/1s1s4/2N5/1R6/3K3a b 1 ii - 1"],
      ["a cannon does not hop over a cannon", "4k3/8/8/8/1cc1R3/8/1N6/3K4 b 1 ii - 0"],
      ["promotion", "1r2k3/P6P/8/8/8/8/8/3K4 w 0 ii - 0"],
      ["a king reaches the far rank", "8/4K3/8/8/8/8/3k4/8 w 0 ii - 0"],
      ["black's king reaches it", "8/4K3/8/8/8/8/3k4/8 b 1 ii - 0"],
      ["stalemate loses", "k7/2Q5/1K6/8/8/8/8/8 b 1 ii - 0"]],
  });
  variant("evolution", "Evolution", {
    note: [
      "vchess's Evolution tests `[B, R, Q].includes(piece) && (white on its first rank) ||",
      "(black on its first rank)`, so every black piece on the eighth rank, king, knight and",
      "pawn too, gets the jumps; and its isAttacked leaves the jumps out, so a king may step",
      "where a jump takes it. Its rules page gives the jumps to rook, bishops and queen, as",
      "moves (they capture): this suite's class gives them to those only, and counts them as",
      "attacks.",
    ],
    fix: V => {
      const jumps = { r: [0], b: [-2, 2], q: [-2, 0, 2] };
      // The jumps of the piece of color c at (x, y): [target x, target y] list.
      const targets = (g, c, [x, y]) => {
        const p = g.getPiece(x, y);
        if (!jumps[p] || x != (c == "w" ? 7 : 0)) return [];
        const forward = c == "w" ? -1 : 1;
        return jumps[p].map(s => [x + 2 * forward, y + s]).filter(([i, j]) =>
          V.OnBoard(i, j) && g.board[x + forward][(y + j) / 2] != V.EMPTY);
      };
      V.prototype.getPotentialMovesFrom = function ([x, y]) {
        const moves = V.__proto__.prototype.getPotentialMovesFrom.call(this, [x, y]);
        const c = this.getColor(x, y);
        for (const [i, j] of targets(this, c, [x, y]))
          if (this.board[i][j] == V.EMPTY || this.getColor(i, j) != c)
            moves.push(this.getBasicMove([x, y], [i, j]));
        return moves;
      };
      const isAttacked = V.prototype.isAttacked;
      V.prototype.isAttacked = function ([x, y], color) {
        if (isAttacked.call(this, [x, y], color)) return true;
        const row = color == "w" ? 7 : 0;
        for (let j = 0; j < V.size.y; j++)
          if (this.board[row][j] != V.EMPTY && this.getColor(row, j) == color &&
            targets(this, color, [row, j]).some(([a, b]) => a == x && b == y)) return true;
        return false;
      };
    },
    special: [castle, passant, promote,
      ["the rules page's jumps", "r2q2br/ppp2kpp/PN6/8/4pP2/1P1p2P1/P1PPP2P/R2QK2R w 0 ahii -"],
      ["black jumps; its king and knights do not", "r2q2br/ppp2kpp/PN6/8/4pP2/1P1p2P1/P1PPP2P/R2QK2R b 0 ahii -"],
      ["black's king and knight on the first rank", "rn2k3/pppppppp/8/8/8/8/8/4K3 b 0 iiii -"],
      ["a jump gives check", "8/8/8/8/8/1k6/2P5/3QK3 b 0 iiii -"],
      ["a king may not step where a jump takes it", "8/8/8/8/2k5/8/2N5/3QK3 b 0 iiii -"]],
  });
  // Pocketknight: the knight in hand of each side (knightFlags) in brackets. vchess drops it in
  // two play()s, a "king capture" then the landing square: one ply here (`continues`).
  const pocketKnightFen = (g, V, suite) => {
    const parts = f.chessFen(g, V, suite).split(" ");
    parts[0] += "[" + (g.knightFlags[0] ? "N" : "") + (g.knightFlags[1] ? "n" : "") + "]";
    return parts.join(" ");
  };
  variant("pocketknight", "Pocketknight", {
    fen: pocketKnightFen,
    continues: g => g.subTurn == 2,
    note: [
      "vchess's Pocketknight keeps, after a knight's drop, the en-passant square of the move",
      "before, so that the next player may take en passant a pawn that moved two moves ago (or",
      "an empty square). Its rules page knows no such capture: this suite's class clears the",
      "en-passant square on a drop, as after any other move that is not a double step.",
      "vchess plays a drop as two play()s (a \"king capture\", then the landing square):",
      "here they count as one ply.",
    ],
    fix: V => {
      const [play, undo] = [V.prototype.play, V.prototype.undo];
      const isDrop = m => m.appear.length > 0 && m.vanish.length == 0;
      V.prototype.play = function (m) {
        if (isDrop(m)) this.epSquares.push(undefined);
        play.call(this, m);
      };
      V.prototype.undo = function (m) {
        undo.call(this, m);
        if (isDrop(m)) this.epSquares.pop();
      };
    },
    special: [
      ["castling", "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w 0 ahah11 -"],
      ["en passant", "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w 4 ahah11 f6"],
      ["promotion", "1r2k3/P6P/8/8/8/8/p6p/1R2K3 w 0 iiii11 -"],
      ["a knight dropped to block a check", "4k3/8/8/8/8/8/8/r3K3 w 0 iiii10 -"],
      ["a knight dropped with check, mate", "6rk/6pp/8/8/8/8/8/4K2R w 0 iiii10 -"],
      ["no knight in hand", "4k3/8/8/8/8/8/8/r3K3 w 0 iiii01 -"],
      ["black drops", "4k3/8/8/8/8/8/8/R3K3 b 1 iiii01 -"]],
  });

  // Batch turns
  // Several moves a turn: rulebook's side field names the move of the turn after the first
  // (`b2`: black's second move); vchess keeps it in subTurn. The fullmove number counts turns.
  const turnFen = (g, V, s) => {
    const sub = g.subTurn > 1 ? String(g.subTurn) : "";
    return [f.placement(g, V, s), g.turn + sub, f.castling(g, V), f.enpassant(g, V), 0,
      f.fullmove(g)].join(" ");
  };
  variant("progressive1", "Progressive1", {
    fen: turnFen,
    startDepth: 5,
    note: ["vchess's FEN has no subTurn: the special positions start a turn."],
    special: [castle, promote, promoteBlack,
      ["white's third turn: 5 moves; a check ends it", "rnbqk2r/pppp2pp/4p3/8/1b1P4/4pN2/PPP1PPPP/RN1QKB1R w 4 ahah"],
      ["black's turn of 4, no en passant", "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR b 3 ahah"],
      ["checkmate", "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w 2 ahah"],
      ["a lone queen's side, three moves", "7k/5Q2/8/8/8/8/8/K7 w 2 iiii"],
      ["h3 leaves white no move: its turn of three ends there", "7k/8/8/8/1p5p/pPn5/7P/K7 w 2 iiii"],
      ["stalemate", "7k/5Q2/6K1/8/8/8/8/8 b 3 iiii"]],
  });
  variant("progressive2", "Progressive2", {
    fen: turnFen,
    startDepth: 5,
    // Progressive2.GenRandInitFen(randomness) hands its argument to Suicide's, which reads
    // options.randomness: called with 0 as the harness calls old-style classes, it would shuffle.
    fix: (V) => {
      V.GenRandInitFen = () => "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w 0 -";
    },
    note: ["vchess's FEN has no subTurn: the special positions start a turn."],
    special: [
      ["promotion, no double step", "1r2k3/P6P/8/8/8/8/p6p/1R2K3 w 2"],
      ["black's turn of 4", "1r2k3/P6P/8/8/8/8/p6p/1R2K3 b 3"],
      ["a check ends the series", "4k3/8/8/8/8/8/4PPPP/R3K2R w 4"]],
  });
  variant("monster", "Monster", {
    fen: turnFen,
    startDepth: 4,
    options: { pawnsCount: 6 },
    // Monster's undo() of a king taken by white's second move gives white its first move back
    // (subTurn 1), and of one taken by its first move leaves movesCount one up: perft's undo
    // would corrupt the game. Play and undo are as vchess's, undo then restores what play found.
    fix: (V) => {
      const play = V.prototype.play;
      const undo = V.prototype.undo;
      V.prototype.play = function (m) {
        m.before = [this.turn, this.subTurn, this.movesCount];
        play.call(this, m);
      };
      V.prototype.undo = function (m) {
        undo.call(this, m);
        [this.turn, this.subTurn, this.movesCount] = m.before;
      };
    },
    note: ["The rules page's start: six white pawns (the class's default option is four).",
      "The class's undo() after a king capture is corrected: it restores the turn as it was."],
    special: [
      ["the rules page's diagram: not a mate", "rbbknn1r/1p2pp1p/2p3qK/p2p2p1/2PPP3/8/5P2/8 w 10 ii -"],
      ["a Monster mate", "3rq3/1p4p1/1k1pKp2/3P1P1n/p7/5n2/8/8 b 11 ii -"],
      ["black castles", "r3k2r/pppppppp/8/8/8/8/1PPPPPP1/4K3 b 1 ah -"],
      ["black castles out of and through attacks", "r3k2r/pp1PPp1p/8/8/8/8/8/4K3 b 1 ah -"],
      ["en passant after white's second move", "4k3/3p4/8/4P3/8/8/8/4K3 b 1 ii -"],
      ["black takes en passant", "4k3/8/8/8/3p4/8/2P1P3/4K3 w 2 ii -"],
      ["white promotes", "4k3/1P6/8/8/8/8/8/4K3 w 2 ii -"],
      ["the king may be taken", "8/8/8/3k4/4K3/8/8/8 w 2 ii -"]],
  });
  // Doublemove1/2: two moves a turn (white's first turn one). vchess counts movesCount up at a
  // turn's first move, so the fullmove number of a turn's second move is one turn less. En
  // passant: vchess keeps the en-passant squares of each turn in a list (`e6,d6`); rulebook's
  // field lists those whose pawn still stands where it went and whose square is empty (only
  // such can ever be taken), apart by a comma.
  const passerAlive = (g, V, sq) => {
    const c = V.SquareToCoords(sq);
    const white = c.x > V.size.x / 2 - 1;
    const vx = c.x + (white ? -1 : 1);
    return g.board[c.x][c.y] == V.EMPTY && g.board[vx][c.y] != V.EMPTY &&
      g.getPiece(vx, c.y) == V.PAWN && g.getColor(vx, c.y) == (white ? "w" : "b");
  };
  const doubleEntries = g => {
    const L = g.epSquares.length;
    if (g.subTurn == 2 && isPassant(g.turnMoves[g.turnMoves.length - 1]))
      return g.epSquares[L - 2].concat(g.epSquares[L - 1]);
    return g.epSquares[L - 1];
  };
  const isPassant = m => !!m && m.vanish.length == 2 && m.vanish[1].p == "p" &&
    (m.vanish[1].x != m.end.x || m.vanish[1].y != m.end.y);
  const doubleFen = (g, V, s) => {
    const sq = doubleEntries(g).filter(e => e).map(e => V.CoordsToSquare(e))
      .filter(e => passerAlive(g, V, e));
    const moves = g.movesCount - (g.subTurn == 2 ? 1 : 0);
    // (A king taken keeps its castling flags in vchess: its side has no rights.)
    let rights = f.castling(g, V);
    for (const c of ["w", "b"])
      if (g.kingPos[c][0] < 0) rights = rights.replace(c == "w" ? /[KQ]/g : /[kq]/g, "");
    return [f.placement(g, V, s), g.turn + (g.subTurn == 2 ? "2" : ""), rights || "-",
      sq.join(",") || "-", 0, Math.floor(moves / 2) + 1].join(" ");
  };
  // (Doublemove2's undo() of a king taken by a turn's first move leaves black to move, and
  // of one taken by its second drops the turn's en-passant list: play and undo are as
  // vchess's, undo then restores the turn and the list as play found them.)
  // The rules page's en passant: a turn's first move may take either double step of the
  // other side's last turn; its second move may take the other one only after the first took
  // en passant. vchess's class looks, on the second move, at the list of the mover's own first
  // move (one square at most), so no second move ever takes en passant; and a pawn taking on
  // an en-passant square a piece landed on takes the piece and the passed pawn at once, where
  // the page says it takes only the piece. This suite's class follows the page.
  const doubleFix = V => {
    const play = V.prototype.play;
    const undo = V.prototype.undo;
    V.prototype.play = function (m) {
      (this.turnMoves = this.turnMoves || []).push(m);
      m.before = [this.turn, this.subTurn, this.movesCount];
      const L = this.epSquares.length;
      m.epsBefore = [L, this.epSquares[L - 1].slice()];
      play.call(this, m);
    };
    V.prototype.undo = function (m) {
      undo.call(this, m);
      this.turnMoves.pop();
      [this.turn, this.subTurn, this.movesCount] = m.before;
      this.epSquares.length = m.epsBefore[0];
      this.epSquares[m.epsBefore[0] - 1] = m.epsBefore[1];
    };
    V.prototype.getEnpassantCaptures = function ([x, y], shiftX) {
      let squares;
      const L = this.epSquares.length;
      if (this.subTurn == 1) squares = this.epSquares[L - 1];
      else if (isPassant((this.turnMoves || [])[this.turnMoves.length - 1]))
        squares = this.epSquares[L - 2];
      else return [];
      const oppCol = V.GetOppCol(this.getColor(x, y));
      const moves = [];
      for (const sq of squares) {
        if (!sq || this.board[sq.x][sq.y] != V.EMPTY) continue;
        if (sq.x == x + shiftX && Math.abs(sq.y - y) == 1 &&
          this.getPiece(x, sq.y) == V.PAWN && this.getColor(x, sq.y) == oppCol) {
          const m = this.getBasicMove([x, y], [sq.x, sq.y]);
          m.vanish.push({ x: x, y: sq.y, p: "p", c: oppCol });
          moves.push(m);
        }
      }
      return moves;
    };
  };
  const doubleNote = [
    "vchess's class lets no second move of a turn take en passant (it reads the list of the",
    "mover's own first move), and a pawn taking on an en-passant square a piece landed on",
    "takes that piece and the passed pawn at once. Its rules page: the second move may take",
    "the other double step after a first move that took en passant, and such a capture takes",
    "only the piece. This suite's class follows the page.",
  ];
  const twoPassants = ["two en-passant squares: e5xd6 then g5xf6, or the reverse",
    "rnbqkbnr/ppp1p1pp/8/3pPpP1/8/8/PPPP1P1P/RNBQKBNR w 4 ahah d6,f6"];
  const passantLater = ["black's first double step stays takeable after its second move",
    "rnbqkbnr/pppppppp/8/2P1P3/8/8/PP1P1PPP/RNBQKBNR b 3 ahah -"];
  const doubleCastle = ["castling", "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w 2 ahah -"];
  const doublePromote = ["promotion", "1r2k3/P6P/8/8/8/8/p6p/1R2K3 w 2 iiii -"];
  variant("doublemove1", "Doublemove1", {
    fen: doubleFen,
    fix: doubleFix,
    note: doubleNote,
    special: [doubleCastle, doublePromote, twoPassants, passantLater,
      ["a rook's check ends the turn", "4k3/8/8/8/8/8/8/R3K3 w 4 iiii -"],
      ["checkmate", "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w 3 ahah -"],
      ["h3 leaves white no move: its turn ends there", "7k/8/8/8/1p5p/pPn5/7P/K7 w 4 iiii -"],
      ["stalemate", "7k/5Q2/6K1/8/8/8/8/8 b 5 iiii -"]],
  });
  variant("doublemove2", "Doublemove2", {
    fen: doubleFen,
    // Doublemove2's play() gives the turn to black after a king taken by a turn's first
    // move ("b", whoever took it): a white king taken by black's first move leaves black to
    // move on, and getCurrentScore(), which looks at the king of the side to move, finds the
    // game going on. The rules page: the goal is to take the king. This suite's class ends
    // the game when either king is gone.
    fix: V => {
      doubleFix(V);
      const score = V.prototype.getCurrentScore;
      V.prototype.getCurrentScore = function () {
        for (const c of ["w", "b"]) if (this.kingPos[c][0] < 0) return c == "w" ? "0-1" : "1-0";
        return score.call(this);
      };
    },
    note: doubleNote.concat([
      "vchess's Doublemove2 lets black play on after taking the white king with its turn's",
      "first move (its play() then gives the turn to \"b\" whoever took); the rules page's goal",
      "is taking the king: this suite's class ends the game when either king is taken.",
    ]),
    special: [doubleCastle, doublePromote, twoPassants, passantLater,
      ["black takes the king with its turn's first move", "4k3/8/8/8/8/8/4r3/4K3 b 3 iiii -"],
      ["castling through attacks", "r3k2r/8/8/8/8/8/8/R3K2R w 2 ahah -"],
      ["the king taken by a turn's second move", "4k3/8/8/8/8/8/8/4K2R w 2 iiii -"],
      ["the king taken by a turn's first move ends the game", "4k3/8/8/8/8/8/8/4R1K1 w 2 iiii -"],
      ["a king left attacked", "4k3/8/8/8/8/8/4r3/4K3 w 2 iiii -"]],
  });
  // S-chess: the hawk and elephant in hand in brackets; the castling field also names the file
  // of each unmoved piece of the first rank (pieceFlags) that may still gate, where K or Q do
  // not already say it (the rooks' files, and the king's while it may castle).
  const schessFen = (g, V, suite) => {
    const parts = f.chessFen(g, V, suite).split(" ");
    let pocket = "";
    for (const c of ["w", "b"])
      for (const p of ["h", "e"])
        if (g.pocket[c][p] > 0) pocket += c == "w" ? p.toUpperCase() : p;
    parts[0] += "[" + pocket + "]";
    let rights = "";
    for (const c of ["w", "b"]) {
      const fl = g.castleFlags[c];
      const castles = [fl[1], fl[0]].filter(col => col < 8);
      let r = (fl[1] < 8 ? "k" : "") + (fl[0] < 8 ? "q" : "");
      const kingCol = g.kingPos[c][1];
      for (let i = 0; i < 8; i++) {
        if (!g.pieceFlags[c][i] || castles.includes(i)) continue;
        if (i == kingCol && castles.length > 0) continue;
        r += String.fromCharCode(97 + i);
      }
      rights += c == "w" ? r.toUpperCase() : r;
    }
    parts[2] = rights || "-";
    return parts.join(" ");
  };
  variant("seirawan", "Schess", {
    fen: schessFen,
    special: [
      ["castling and gating", "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w 0 ahah1000100110001001 - 1111"],
      ["black castles and gates", "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R b 1 ahah1000100110001001 - 1111"],
      ["only an elephant in hand", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w 0 ahah1111111111111111 - 0110"],
      ["a gated piece does not shield the king", "4k3/8/8/8/8/8/8/r2BK3 w 0 iiii0001100000001000 - 1111"],
      ["en passant", "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w 4 ahah1111111111111111 f6 1111"],
      ["promotion, also to hawk and elephant", "1r2k3/P6P/8/8/8/8/p6p/1R2K3 w 0 iiii0000000000000000 - 1010"],
      ["black promotes", "1r2k3/P6P/8/8/8/8/p6p/1R2K3 b 1 iiii0000000000000000 - 1010"]],
  });
  // Minixiangqi: vchess's FEN has no flags nor en-passant field.
  variant("minixiangqi", "Minixiangqi", {
    fen: (g, V, s) => `${f.placement(g, V, s)} ${g.turn} - - 0 ${f.fullmove(g)}`,
    note: [
      "vchess's Minixiangqi keeps Xiangqi's king moves, written for a palace on files d..f of",
      "nine: on seven files its king never steps to the c file and steps out to the f file.",
      "And Xiangqi's facing test lets a king take the last piece between the two kings. Its",
      "rules page says: Xiangqi's rules (the palace is files c..e here; the kings may not face",
      "each other): this suite's class keeps the king in its palace and drops every move",
      "after which the kings face each other.",
    ],
    fix: V => {
      V.prototype.getPotentialKingMoves = function ([x, y]) {
        const c = this.getColor(x, y);
        const rows = c == "w" ? [4, 6] : [0, 2];
        return this.getSlideNJumpMoves([x, y], V.steps[V.ROOK], 1).filter(m =>
          m.end.y >= 2 && m.end.y <= 4 && m.end.x >= rows[0] && m.end.x <= rows[1]);
      };
      const filterValid = V.prototype.filterValid;
      V.prototype.filterValid = function (moves) {
        return filterValid.call(this, moves).filter(m => {
          this.play(m);
          const [[wx, wy], [bx, by]] = [this.kingPos.w, this.kingPos.b];
          let open = wy == by;
          for (let x = bx + 1; open && x < wx; x++) open = this.board[x][wy] == V.EMPTY;
          this.undo(m);
          return !open;
        });
      };
    },
    special: [
      ["the king's palace is files c..e", "2k4/7/7/2p4/7/3K3/7 w 0"],
      ["from the palace's edge", "2k4/7/7/7/7/7/4K2 w 0"],
      ["a king may not take the last piece between the kings", "3k3/7/7/7/7/3r3/3K3 w 0"],
      ["nor step onto the other's open file", "2k4/7/7/7/7/7/3K3 w 0"],
      ["the piece between the kings stays", "3k3/7/3n3/7/3R3/7/3K3 w 0"],
      ["soldiers step sideways from the start; the horse is blocked", "3k3/7/7/7/1n5/1P1P3/2K4 w 0"],
      ["cannons move as rooks and take by hopping", "3k3/3p3/7/1c1P1C1/7/7/2K4 w 0"],
      ["stalemate loses", "2k4/R6/7/7/7/3R3/4K2 b 1"]],
  });
  // Cwda: the default armies (Colorbound Clobberers on both sides); vchess writes an unmoved
  // pawn z and king m (a moved one p and k).
  variant("cwda", "Cwda", {
    letters: { z: "p", m: "k" },
    note: [
      "vchess's Cwda gives an en-passant square only after the double step of a pawn written",
      "p, u or v: the Clobberers' unmoved pawns are z, so their double step (always a first",
      "move) can never be taken en passant. Its rules page says pawns move as usual: this",
      "suite's class counts a z pawn's double step too.",
    ],
    fix: V => {
      const epSquare = V.prototype.getEpSquare;
      V.prototype.getEpSquare = function (move) {
        if (move && typeof move == "object" && move.appear[0].p == "z" &&
          move.start.y == move.end.y && Math.abs(move.start.x - move.end.x) == 2)
          return { x: (move.start.x + move.end.x) / 2, y: move.start.y };
        return epSquare.call(this, move);
      };
    },
    special: [
      ["castling, long to b1", "d3m2d/zzzzzzzz/8/8/8/8/ZZZZZZZZ/D3M2D w 0 ahah - CC"],
      ["black castles", "d3m2d/zzzzzzzz/8/8/8/8/ZZZZZZZZ/D3M2D b 1 ahah - CC"],
      ["castling through an attacked c1", "d3m2d/8/8/8/8/d7/8/D3M2D w 0 ahah - CC"],
      ["en passant", "dwfcmfwd/zzz1z1zz/8/3zPz2/8/8/PPPP1PPP/DWFCKFWD w 4 ahah f6 CC"],
      ["a first double step may be taken en passant", "dwfcmfwd/zzzzzzzz/8/8/1z6/8/ZZZZZZZZ/DWFCMFWD w 2 ahah - CC"],
      ["promotion to the four Clobberers", "1d2m3/P6P/8/8/8/8/p6p/1D2M3 w 0 iiii - CC"],
      ["black promotes", "1d2m3/P6P/8/8/8/8/p6p/1D2M3 b 1 iiii - CC"],
      ["the four pieces", "4m3/8/2f5/3W4/4D3/5C2/8/4M3 w 0 iiii - CC"]],
  });
  // Coregal: vchess's flags are four columns a side (rook, queen, king, rook, in file order);
  // rulebook's K and Q the king's castlings, S and L the queen's (short and long).
  const coregalFen = (g, V, s) => {
    let rights = "";
    for (const c of ["w", "b"]) {
      const on = g.castleFlags[c].map(col => col < V.size.y);
      const r = (on[2] && on[3] ? "k" : "") + (on[2] && on[0] ? "q" : "") +
        (on[1] && on[3] ? "s" : "") + (on[1] && on[0] ? "l" : "");
      rights += c == "w" ? r.toUpperCase() : r;
    }
    return [f.placement(g, V, s), g.turn, rights || "-", f.enpassant(g, V), 0, f.fullmove(g)]
      .join(" ");
  };
  variant("coregal-vchess", "Coregal", {
    fen: coregalFen,
    note: [
      "vchess's Coregal never takes a rook's castling right away (its updateCastleFlags tests",
      "`move.start.x == firstRank` twice, the rook's case in the else branch of the first), so",
      "a king or queen castles with a rook that has moved away and back, or with any piece of",
      "its side standing on the rook's square. Its rules page says castling is under the",
      "orthodox conditions: this suite's class takes a right away when a piece leaves its",
      "square or is taken there. And vchess lets a king or queen castle from any rank, when",
      "it stands on the file of a royal piece's right (a queen on e6, the king on e8: e6g6 with",
      "the knight of h6): this suite's class castles from the first rank only.",
    ],
    fix: V => {
      const castleMoves = V.prototype.getCastleMoves;
      V.prototype.getCastleMoves = function ([x, y]) {
        if (x != (this.getColor(x, y) == "w" ? V.size.x - 1 : 0)) return [];
        return castleMoves.call(this, [x, y]);
      };
      V.prototype.updateCastleFlags = function (move) {
        for (const v of move.vanish) {
          const row = v.c == "w" ? V.size.x - 1 : 0;
          const flags = this.castleFlags[v.c];
          if (v.x == row) for (let i = 0; i < 4; i++) if (flags[i] == v.y) flags[i] = 8;
        }
      };
    },
    special: [
      ["the king and the queen castle", "r2qk2r/pppppppp/8/8/8/8/PPPPPPPP/R2QK2R w 0 adehadeh -"],
      ["black castles", "r2qk2r/pppppppp/8/8/8/8/PPPPPPPP/R2QK2R b 1 adehadeh -"],
      ["the queen castles short once the king has left", "r2qk2r/pppppppp/8/8/8/8/PPPPKPPP/R2Q3R w 0 adihadeh -"],
      ["castling through attacked squares", "r2qk2r/pppppppp/8/8/8/b6b/8/R2QK2R w 0 adehadeh -"],
      ["a rook that moved does not castle", "r2qk2r/pppppppp/8/8/8/8/1PPPPPP1/R2QK2R w 0 adehadeh -"],
      ["a queen in check must be saved", "4k3/8/8/8/8/8/3r4/3QK3 w 0 iiiiiiii -"],
      ["king and queen checked at once: mate", "4Q3/4K3/8/8/3N4/5k2/2q5/8 b 1 iiiiiiii -"],
      ["a promoted queen is royal", "4k3/P7/8/8/8/8/8/1r2K3 w 0 iiiiiiii -"],
      ["en passant", "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w 4 adehadeh f6"],
      ["a queen on the king's file castles from the first rank only", "rnb1kb1r/p4ppp/1pppq2n/8/P3pP1P/2PP3R/RPQ1P1P1/1NB1KBN1 b 17 iieiaieh -"],
      ["stalemate", "k7/2Q5/1K6/8/8/8/8/8 b 1 iiiiiiii -"]],
  });
  // Berolina's en passant: vchess writes the square passed over and the file of the pawn that
  // passed it (d6,e); rulebook the square passed over and that pawn's square (d6e5).
  const berolinaFen = (g, V, s) => {
    const parts = f.chessFen(g, V, s).split(" ");
    const ep = g.getEnpassantFen();
    if (ep != "-") {
      const [square, file] = ep.split(",");
      parts[3] = square + file + (parseInt(square.slice(1), 10) + (g.turn == "w" ? -1 : 1));
    }
    return parts.join(" ");
  };
  variant("gridolina", "Gridolina", {
    fen: berolinaFen,
    note: [
      "vchess's Gridolina drops attacks from a piece's own cell in isAttackedBySlideNJump,",
      "but its pawn attack (Berolina's isAttackedByPawn) does not use it: a pawn attacks the",
      "square in front of it in its own cell, where it may not capture. Its rules page says",
      "pieces in the same cell don't attack each other: this suite's class drops that attack.",
    ],
    fix: V => {
      const pawnAttack = V.prototype.isAttackedByPawn;
      V.prototype.isAttackedByPawn = function ([x, y], color) {
        const from = [x + (color == "w" ? 1 : -1), y];
        return pawnAttack.call(this, [x, y], color) && V.OnDifferentGrids([x, y], from);
      };
    },
    special: [castle,
      ["pieces of every kind, on both squares of cells", "4k3/8/2q5/3R1N2/2B5/8/8/4K3 w 0 iiii -"],
      ["black moves", "4k3/8/2q5/3R1N2/2B5/8/8/4K3 b 1 iiii -"],
      ["a queen in the same cell gives no check", "8/8/8/8/8/8/1K6/q6k w 0 iiii -"],
      ["a king may not take a piece in its cell", "8/8/8/8/8/8/1K6/r6k w 0 iiii -"],
      ["berolina pawns: double steps, captures across cells, en passant", "4k3/1p4p1/8/2P5/4p3/8/3P2P1/4K3 w 0 iiii -"],
      ["black pawns", "4k3/1p4p1/8/2P5/4p3/8/3P2P1/4K3 b 1 iiii -"],
      ["no en passant: the capture would stay in its cell", "4k3/8/8/8/4p3/8/3P4/4K3 w 0 iiii -"],
      ["promotion, only where the pawn leaves its cell", "1r2k3/P2P3P/8/8/8/8/8/4K3 w 0 iiii -"]],
  });
  // (end of batch vchess4)

  // Batch concepts5
  variant("checkless", "Checkless", {
    special: [castle, passant, promote, promoteBlack,
      ["the rules page: Qxd8+ is barred, as Bc8 would answer it",
        "1k1r1b2/rP1b2p1/pQ1pp1nq/K4p1p/P4PnP/2PN2P1/3PP1B1/R1RN2B1 w 0 iiii -"],
      ["the rules page: Qf7 mates", "K5kr/8/5Q2/8/8/8/8/8 w 0 iiii -"],
      ["the rules page: Qf7 is allowed, and Kxf7 mates back", "K5kr/RB6/5Q2/8/8/8/8/7b w 0 iiii -"],
      ["a king mated: the game is over", "K5kr/5Q2/8/8/8/8/8/8 b 0 iiii -"],
      ["castling that would give check", "5k2/8/8/8/8/8/8/R3K2R w 0 ahii -"],
      ["checks by promotion and by uncovering a line", "6k1/3P4/8/3R4/8/8/B7/K7 w 0 iiii -"],
      ["stalemate draws", "k7/2Q5/1K6/8/8/8/8/8 b 0 iiii -"]],
  });
  // A pawn's queen on the far rank wins when not attacked there, or when it survived a turn.
  variant("bishopawns", "Bishopawns", {
    startDepth: 8,
    special: [
      ["a queen promoted where the bishop takes it", "8/8/8/8/8/2B5/p7/8 b 0 -"],
      ["a queen promoted out of the bishop's reach wins", "8/8/8/8/8/8/p7/5B2 b 0 -"],
      ["a promotion that takes the bishop wins", "8/8/8/8/8/8/p7/1B6 b 0 -"],
      ["the bishop takes the last pawn, or the pawn promotes", "8/8/8/8/8/8/1p6/B7 w 0 -"],
      ["a queen the bishop did not take has won", "8/8/8/8/8/2B5/8/q7 b 0 -"],
      ["the bishop may take the new queen", "8/8/8/8/8/2B5/8/q7 w 0 -"],
      ["a blocked pawn: no move, a draw", "8/8/8/8/8/p7/B7/8 b 0 -"]],
  });
  variant("knightpawns", "Knightpawns", {
    startDepth: 8,
    special: [
      ["a queen promoted where the knight takes it", "8/8/8/8/8/1N6/p7/8 b 0 -"],
      ["a queen promoted out of the knight's reach wins", "8/8/8/8/8/8/p7/6N1 b 0 -"],
      ["a promotion that takes the knight wins", "8/8/8/8/8/8/p7/1N6 b 0 -"],
      ["a queen the knight did not take has won", "8/8/8/8/8/1N6/8/q7 b 0 -"],
      ["the knight may take the new queen", "8/8/8/8/8/1N6/8/q7 w 0 -"],
      ["a blocked pawn: no move, a draw", "8/8/8/8/8/p7/N7/8 b 0 -"]],
  });
  variant("rookpawns", "Rookpawns", {
    startDepth: 8,
    special: [
      ["a queen promoted where the rook takes it", "8/8/8/8/8/8/p7/7R b 0 -"],
      ["a queen promoted out of the rook's reach wins", "8/8/8/8/8/8/p6R/8 b 0 -"],
      ["a promotion that takes the rook wins", "8/8/8/8/8/8/p7/1R6 b 0 -"],
      ["a queen the rook did not take has won", "8/8/8/8/8/8/8/q6R b 0 -"],
      ["the rook may take the new queen", "8/8/8/8/8/8/8/q6R w 0 -"],
      ["a blocked pawn: no move, a draw", "8/8/8/8/8/p7/R7/8 b 0 -"]],
  });
  variant("queenpawns", "Queenpawns", {
    startDepth: 6,
    special: [
      ["a queen promoted where the queen takes it", "8/P7/8/8/8/8/8/7q w 0 -"],
      ["a queen promoted out of the queen's reach wins", "8/P7/8/8/8/8/8/6q1 w 0 -"],
      ["a promotion that takes the queen wins", "1q6/P7/8/8/8/8/8/8 w 0 -"],
      ["a queen the queen did not take has won", "Q7/8/8/8/8/8/8/7q w 0 -"],
      ["the queen may take the new queen", "Q7/8/8/8/8/8/8/7q b 0 -"],
      ["black's queen on the first rank wins nothing", "8/8/8/8/8/8/P7/3q4 w 0 -"],
      ["a blocked pawn: no move, a draw", "8/8/8/8/8/q7/P7/8 w 0 -"]],
  });

  // Batch captures
  variant("antimatter", "Antimatter", {
    special: [castle, passant, promote, promoteBlack,
      ["a pawn takes a pawn en passant: both vanish", "4k3/8/8/3pP3/8/8/8/4K3 w 2 iiii d6"],
      ["like takes like and both vanish; a pawn promoting onto a queen stays", "1q2k3/P7/8/3r4/8/3R4/3Q4/4K3 w 0 iiii -"],
      ["a check answered by taking the checker of the same kind (both vanish)", "4k3/8/8/8/8/4r3/8/R3K3 w 0 iiii -"],
      ["a bishop takes a bishop, vanishing, and uncovers its own king", "4k3/8/8/1b6/8/3B4/8/5K1r w 0 iiii -"],
      ["kings never take kings; a king takes what it can", "8/8/8/3k4/3q4/3K4/8/8 w 0 iiii -"]],
  });
  const cannibal = [
    ["a capturer becomes what it took; a pawn takes en passant and stays a pawn", "rnbqkbnr/pp1p1ppp/8/2pPp3/4N3/8/PPP1PPPP/R1BQKBNR w 4 ahah e6"],
    ["a pawn takes onto the last rank: each promotion name, all becoming the piece taken", "rn2k3/1P6/8/8/8/8/1p6/RN2K3 w 0 iiii -"],
    ["the king takes and stays royal in disguise", "4k3/8/8/8/8/3n4/3Pq3/4K3 w 0 iiii -"],
    ["a king in disguise as a rook, checked, takes again", "4k3/8/8/8/8/8/3b4/r2U4 w 0 iiii -"],
    ["a king in disguise as a pawn: its double step, its promotion to a disguised piece", "k7/5P2/8/8/8/8/3S4/8 w 0 iiii -"],
    ["a disguised king promotes by taking (black)", "8/8/8/8/8/8/5s2/3K2N1 b 0 iiii -"],
    ["a rook taken on its corner: the taker, now a rook, cannot castle with it", "r3k2r/8/8/8/8/6n1/8/R3K2R b 0 ahah -"],
    ["a king in disguise as a pawn takes en passant", "4k3/8/8/3pS3/8/8/8/8 w 2 iiii d6"],
    ["a king in disguise as a pawn steps two past a pawn: not taken en passant", "4k3/8/8/8/3p4/8/4S3/8 w 0 iiii -"],
  ];
  variant("cannibal1", "Cannibal1", {
    special: [castle, passant, promote, promoteBlack, ...cannibal],
  });
  variant("cannibal2", "Cannibal2", {
    special: [castle, passant, promote, promoteBlack, ...cannibal,
      ["a capture is forced, en passant too", "4k3/8/8/3pP3/8/8/8/4K3 w 2 iiii d6"],
      ["in check, only captures that answer it; castling is no capture", "r3k2r/8/8/8/8/8/4q3/R3K2R w 0 ahah -"],
      ["no capture: every move", "4k3/8/8/8/8/8/4P3/4K3 w 0 iiii -"]],
  });

  // Captures that merge: the capturer gains the moves of the piece it took.
  const absorb = [
    ["a knight takes a bishop, a rook, a queen: princess, empress, amazon", "4k3/8/2b1r3/3q4/1N3N2/8/8/4K3 w 0 iiii -"],
    ["compounds take: a princess takes a rook, an empress a bishop", "4k3/8/8/2r1b3/8/3S1E2/8/4K3 w 0 iiii -"],
    ["an amazon takes and stays; a queen takes a bishop and stays a queen", "k7/8/2n5/8/2b1A3/8/2Q5/4K3 w 0 iiii -"],
    ["a pawn takes a piece and becomes it, also on the last rank", "rn2k3/1P6/8/3b4/4P3/8/8/4K3 w 0 iiii -"],
    ["black: a pawn takes onto the first rank; a knight takes a pawn and stays", "4k3/8/8/8/8/2n5/3Pp3/4KR2 b 0 iiii -"],
    ["the king takes and stays a king", "4k3/8/8/8/8/8/3qr3/4K3 w 0 iiii -"],
    ["a bishop takes a knight: a princess gives check", "4k3/8/8/8/8/8/1n6/B3K3 w 0 iiii -"],
  ];
  variant("absorption", "Absorption", {
    special: [castle, passant, promote, promoteBlack, ...absorb],
  });

  // Batch ends
  // Arena: vchess's FEN is "placement turn movesCount en-passant" (no flags).
  variant("arena", "Arena", {
    special: [
      ["after the first move, black has nothing in the arena yet: not over", "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b 1 e3"],
      ["exd5 leaves black nothing in the arena: over", "rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w 2 -"],
      ["en passant inside the arena", "rnbqkbnr/ppp1pppp/8/3pP3/8/8/PPPP1PPP/RNBQKBNR w 2 d6"],
      ["pawns capture backward, inside the arena only", "rnbqkbnr/pp3ppp/8/3pp3/4P3/2p2p2/PPPP1PPP/RNBQKBNR w 6 -"],
      ["dukes move up to three squares; taking the last duke wins", "1n2k3/8/8/3q4/4Q3/8/8/1N2K3 w 8 -"],
      ["the second duke: both must go", "1n2k3/8/8/3q4/4Q3/8/8/1N6 b 9 -"],
      ["taking the last piece in the arena wins", "k7/8/8/3q4/4Q3/8/8/K7 w 8 -"],
      ["no move: the side to move loses", "8/8/k7/8/8/7K/8/8 w 8 -"],
      ["pieces outside blocked, pieces inside with nothing to take", "rnbqkbnr/ppp1pppp/3p4/8/8/3P4/PPP1PPPP/RNBQKBNR w 2 -"]],
  });
  // Shatranj: vchess's FEN is "placement turn movesCount" (no flags, no en passant).
  variant("shatranj-vchess", "Shatranj", {
    startDepth: 5,
    special: [
      ["elephants leap two (capturing) or step one; generals", "4k3/8/3p1p2/4b3/2q5/3B4/4Q3/4K3 w 10"],
      ["a pawn promotes to a general only", "4k3/P7/8/8/8/8/7p/4K3 w 10"],
      ["a bare king that cannot take the last piece has lost", "4k3/8/8/8/8/8/8/R3K3 b 11"],
      ["a bare king that attacks the last piece plays on", "4k3/4R3/8/8/8/8/8/4K3 b 11"],
      ["the last piece defended: the bare king plays on, and loses", "4k3/4R3/4K3/8/8/8/8/8 b 11"],
      ["a bare king against two pieces has lost", "4k3/4R3/8/8/8/8/8/N3K3 b 11"],
      ["bare kings draw", "8/8/8/3k4/8/8/3K4/8 w 10"],
      ["the side to move bared the other: over", "8/8/8/3k4/8/8/3K1N2/8 w 10"],
      ["stalemate loses", "k7/2Q5/1K6/8/8/8/8/8 b 11"],
      ["checkmate", "k7/1Q6/1K6/8/8/8/8/8 b 11"]],
  });
  // Squatter1: the orthodox FEN with castling flags and en passant.
  variant("squatter1", "Squatter1", {
    special: [castle, passant, promote, promoteBlack,
      ["a rook onto a8 attacked only by a pinned knight wins", "3k4/2n5/8/B7/8/8/8/R3K3 w 0 iiii -"],
      ["a rook onto b8 that the a8 rook takes: not yet", "r3k3/8/8/8/8/8/8/1R2K3 w 0 iiii -"],
      ["a black piece already safe on rank 1: over, white to move", "4k3/8/8/8/8/8/8/K5r1 w 0 iiii -"],
      ["a piece that may still be taken there: the game goes on", "4k3/8/8/8/8/8/8/Kr6 w 0 iiii -"],
      ["a king onto the far rank", "8/4K3/8/8/8/8/k7/8 w 0 iiii -"],
      ["a promotion onto the far rank, defended or not", "r3k3/1P4P1/8/8/8/8/8/4K3 w 0 iiii -"],
      ["a capture on the far rank would leave the king in check", "3rk3/8/8/8/8/8/8/R2QK3 w 0 iiii -"]],
  });
  // Maharajah: vchess's FEN is "placement turn movesCount flags" (white's castling rooks'
  // files only; no en passant).
  variant("maharajah-vchess", "Maharajah", {
    special: [
      ["white castles, also through attacked squares", "3m4/8/8/8/8/8/8/R3K2R w 0 ah"],
      ["a maharajah takes the king: black wins", "4m3/8/8/8/8/8/3m4/R3K2R b 1 ah"],
      ["the king may step into attack; the last maharajah taken", "8/8/8/8/8/5m2/3P4/R3K1Q1 w 0 ai"],
      ["maharajahs' leaps of two, straight and diagonal", "8/8/8/3m4/8/1N1P1B2/8/4K3 b 1 ii"],
      ["a pawn promotes, the rook's right lost by its capture", "m7/1P6/8/8/8/8/8/R3K3 w 0 ai"]],
  });

  // Batch sides
  // A self-capture of one's own rook on its corner takes that castling right away, as the
  // capture of the rook by the enemy does (vchess's updateCastleFlags tests only the enemy's
  // rooks, so the piece that took the rook would castle in its place).
  const ownRookTaken = V => {
    const update = V.prototype.updateCastleFlags;
    V.prototype.updateCastleFlags = function (move, piece, color) {
      update.call(this, move, piece, color);
      const c = color || V.GetOppCol(this.turn);
      const firstRank = c == "w" ? V.size.x - 1 : 0;
      if (move.vanish.length == 2 && move.vanish[1].c == c && move.end.x == firstRank) {
        const i = this.castleFlags[c].indexOf(move.end.y);
        if (i >= 0) this.castleFlags[c][i] = V.size.y;
      }
    };
  };
  variant("freecapture", "Freecapture", {
    note: [
      "vchess's Freecapture lets a piece take its own king (canTake is always true); the",
      "capturer is then tested for check as if it were the king. Its rules page says only that",
      "pieces capture both colours, with orthodox rules otherwise: this suite's class never",
      "takes its own king, and a rook taken on its corner by its own side loses its castling",
      "right (vchess kept it, so the piece that took the rook castled in its place).",
    ],
    fix: V => {
      V.prototype.canTake = function ([x1, y1], [x2, y2]) {
        return this.getColor(x1, y1) != this.getColor(x2, y2) || this.getPiece(x2, y2) != V.KING;
      };
      ownRookTaken(V);
    },
    special: [castle, passant, promote, promoteBlack,
      ["the rules page's 1.Qh5: Ra1+ is answered by Kxh2", "r5k1/5ppp/8/6N1/8/8/6PP/3Q3K w 0 iiii -"],
      ["pieces take their own pieces; never their own king", "4k3/8/8/8/8/2N5/3PP3/3QKB2 w 0 iiii -"],
      ["a pawn promotes by taking its own piece", "1N2k3/P7/8/8/8/8/8/4K3 w 0 iiii -"],
      ["a bishop takes its own rook on h1: no more short castling", "r3k2r/8/8/8/8/8/6B1/R3K2R w 0 ahah -"],
      ["a king in check escapes by taking its own knight", "4r2k/8/8/8/8/8/8/3NKN2 w 0 iiii -"],
      ["rooks beside their own pieces, a knight on a rook's path", "4k3/8/8/8/8/8/8/r2NK1Nr w 0 iiii -"],
      ["en passant takes only the enemy's double step", "4k3/8/8/3pP3/8/8/8/4K3 w 2 iiii d6"],
      ["mate and stalemate stand", "7k/5Q2/6K1/8/8/8/8/8 b 0 iiii -"]],
  });
  variant("recycle", "Recycle", {
    fen: f.pocketFen,
    note: [
      "vchess's Recycle keeps a rook's castling right when its own side takes the rook on its",
      "corner, so the piece that took it castles in its place; the rules page is orthodox",
      "there: this suite's class takes the right away.",
    ],
    fix: ownRookTaken,
    special: [
      ["castling", "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w 0 ahah - 0000000000"],
      ["en passant", "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w 4 ahah f6 0000000000"],
      ["pawns fall off the last rank, taking or not, with a friend taken to the hand", "1r1Nk3/P1P4P/8/8/8/8/p1p4p/1R1nK3 w 0 iiii - 0000000000"],
      ["black's pawns fall", "1r1Nk3/P1P4P/8/8/8/8/p1p4p/1R1nK3 b 1 iiii - 0000000000"],
      ["every piece in hand: drops, pawns not on the first and last ranks", "4k3/8/8/8/8/8/8/4K3 w 0 iiii - 1111111111"],
      ["in check: a drop blocks, the king takes its own knight", "4k3/8/8/8/8/8/3PN3/r3K3 w 0 iiii - 0010000000"],
      ["the rules page's game after 1.Rxb1 Nxe7 2.N@e5 @d4", "rnbqkb1r/ppppnppp/8/4N3/3p4/8/PPPPPPPP/1RBQKBNR w 4 ihah - 0000000000"],
      ["a dropped pawn on its second rank steps two", "4k3/8/8/8/8/8/8/4K3 w 0 iiii - 1000010000"],
      ["a bishop takes its own rook on h1: no more short castling", "r3k2r/8/8/8/8/8/6B1/R3K2R w 0 ahah - 0000000000"],
      ["mate by a drop", "k7/8/1K6/8/8/8/8/8 w 0 iiii - 0100000000"]],
  });

  // Clorange: the mild (non-capturing) pieces keep vchess's letters (S U O C T); the hands
  // in brackets, each piece as its letter.
  variant("clorange", "Clorange", {
    fen: f.pocketFen,
    special: [
      ["castling", "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w 0 ahah - 00000000000000000000"],
      ["en passant", "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w 4 ahah f6 00000000000000000000"],
      ["a mild pawn's double step taken en passant; a mild pawn takes nothing",
        "4k3/8/8/8/3p1p2/8/4S3/4K3 w 0 iiii - 00000000000000000000"],
      ["en passant: a mild pawn taken goes back as a pawn",
        "4k3/8/8/8/3pS3/8/8/4K3 b 1 iiii e3 00000000000000000000"],
      ["promotion, mild promotion to mild pieces", "1r2k3/P5S1/8/8/8/8/p5s1/1R2K3 w 0 iiii - 00000000000000000000"],
      ["black promotes", "1r2k3/P5S1/8/8/8/8/p5s1/1R2K3 b 1 iiii - 00000000000000000000"],
      ["captures of regular and mild pieces; mild pieces give no check",
        "4k3/2t1o3/3U4/2c1N3/1Q6/8/3u4/4K3 w 0 iiii - 00000000000000000000"],
      ["every piece in hand: drops, pawns on the first rank too, not the last",
        "4k3/8/8/8/8/8/8/4K3 w 0 iiii - 11111111111111111111"],
      ["black drops", "4k3/8/8/8/8/8/8/4K3 b 1 iiii - 11111111111111111111"],
      ["a pawn dropped on its first rank steps two", "4k3/8/8/8/8/8/8/4K3 w 0 iiii - 10000100001000010000"],
      ["a drop blocks a check; a mild piece cannot", "4k3/8/8/8/8/8/8/r3K3 w 0 iiii - 01000001000000000000"],
      ["the rules page's diagram: the black king must take the mild pawn",
        "3nkr2/1pNSpp1b/1p1sq3/7p/rT1N1cPp/8/PPPPPP2/R1BB1KR1 b 7 iiii - 00000000000000000000"]],
  });

  // Suction: the last move's capture (vchess's cmove field), which the next may not undo,
  // written after the fullmove number (`b2g7`).
  const suctionFen = (g, V, s) => {
    const cmove = g.getCmoveFen();
    return f.chessFen(g, V, s) + (cmove == "-" ? "" : " " + cmove);
  };
  variant("suction", "Suction", {
    fen: suctionFen,
    special: [
      ["en passant: the pawn taken goes where the capturer stood", "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w 4 f6 -"],
      ["the rules page's diagram: 3...Bxg7 would undo 3.Bxg7", "rnbqk1nr/ppppppBp/6p1/8/8/1P6/PbPPPPPP/RN1QKBNR b 5 - b2g7"],
      ["the rules page's win: 1.Qxh4 brings the black king to e1, its last rank", "2Pb3r/1rP3nq/1p2p2p/p1p2NpP/1P2R2k/P3p2P/pN1PP1B1/R1BnQ1Kb w 0 - -"],
      ["after 1.Qxh4: black, to move, has lost", "2Pb3r/1rP3nq/1p2p2p/p1p2NpP/1P2R2Q/P3p2P/pN1PP1B1/R1Bnk1Kb b 1 - e1h4"],
      ["white's king taken onto its last rank: white, to move, has lost", "2K1k3/8/8/8/8/8/8/3R4 w 1 - c8d8"],
      ["kings never move; a king taken is swapped", "4k3/8/8/8/8/8/3q4/4K3 b 1 - -"],
      ["pawns on their last rank are stuck; one swapped onto its first rank steps two", "4k3/P7/8/8/8/8/r6p/R3K3 w 0 - -"]],
  });

  // Batch subturn: a turn step that drops the piece a capture sent to the hand.
  // Teleport: a friend taken is put back at once by its player (vchess's subTurn 2, the piece
  // in firstMove). rulebook writes that step `w2`, the piece in the hand.
  const teleportFen = (g, V, suite) => {
    const parts = f.chessFen(g, V, suite).split(" ");
    let held = "";
    if (g.subTurn == 2) {
      const p = g.firstMove[g.firstMove.length - 1].vanish[1];
      held = p.c == "w" ? p.p.toUpperCase() : p.p;
      parts[1] += "2";
    }
    parts[0] += "[" + held + "]";
    return parts.join(" ");
  };
  // vchess's getCurrentScore() finds no move while a piece waits to be put back (its
  // getPotentialMovesFrom() lists none then) and calls the game drawn: the game goes on.
  const teleportGoesOn = V => {
    const score = V.prototype.getCurrentScore;
    V.prototype.getCurrentScore = function () {
      return this.subTurn == 2 ? "*" : score.call(this);
    };
  };
  const teleportNote = [
    "vchess's getCurrentScore() calls the game drawn while a piece taken waits to be put back",
    "(subTurn 2: no piece has a move of its own then); the rules page goes on with the second",
    "move: this suite's class does.",
  ];
  const teleportSpecial = [castle, passant, promote, promoteBlack,
    ["the rules page's diagram: 1.Qxh5 N@f6+", "7k/6b1/8/4Q2N/8/8/8/K7 w 0 iiii -"],
    ["after 1.Qxh5 N@f6+: the king or the bishop is teleported out of check", "7k/6b1/5N2/7Q/8/8/8/K7 b 1 iiii -"],
    ["a pawn taken by its own side: anywhere but its last rank, its first rank too", "4k3/8/8/8/8/8/3PP3/4K3 w 0 iiii -"],
    ["a pinned piece takes a friend, which is put back to block", "4k3/4r3/8/8/8/8/4NP2/4K3 w 0 iiii -"],
    ["a pawn promotes by taking its own piece", "1N2k3/P7/8/8/8/8/8/4K3 w 0 iiii -"],
    ["own rooks taken on their corners", "r3k2r/8/8/8/8/8/8/R3K2R w 0 ahah -"]];
  variant("teleport1", "Teleport1", {
    fen: teleportFen,
    note: teleportNote,
    fix: teleportGoesOn,
    special: teleportSpecial.concat([
      ["the king takes a friend, or is taken and put back", "4k3/8/8/8/8/8/3PPP2/3QKB2 w 0 iiii -"],
      ["in check: the king teleported away", "4k3/8/8/8/8/8/4r3/R3K3 w 0 iiii -"]]),
  });
  variant("teleport2", "Teleport2", {
    fen: teleportFen,
    note: teleportNote.concat([
      "vchess's Teleport2 judges castling rights after a friend taken with the side of the",
      "mover as the opponent's (its turn has not passed yet): a rook taken by its own side",
      "on its corner keeps its right, and a piece taken on the far corner's square takes the",
      "mover's own right. Its rules page is orthodox there: this suite's class keeps",
      "Teleport1's rights (a rook taken on its corner loses its right).",
    ]),
    fix: V => {
      teleportGoesOn(V);
      V.prototype.updateCastleFlags = Object.getPrototypeOf(V.prototype).updateCastleFlags;
    },
    special: teleportSpecial.concat([
      ["the king never taken by its own side", "4k3/8/8/8/8/8/3PPP2/3QKB2 w 0 iiii -"]]),
  });

  // Batch paralysis
  variant("madrasi", "Madrasi", {
    note: [
      "vchess's getCastleMoves lets a castle move a paralysed rook; its rules page says a",
      "paralysed piece cannot move, so this suite's class castles only with a rook that is",
      "not paralysed.",
    ],
    fix: V => {
      const castles = V.prototype.getCastleMoves;
      V.prototype.getCastleMoves = function (sq, ...rest) {
        return castles.call(this, sq, ...rest)
          .filter(m => !m.vanish.some(v => this.isImmobilized([v.x, v.y])));
      };
    },
    special: [castle, passant, promote, promoteBlack,
      ["rooks on one file paralyse each other", "4k3/8/8/8/3r4/8/8/3RK3 w 0 iiii -"],
      ["kings side by side: both paralysed, nothing else to move", "8/8/8/3k4/3K4/8/8/8 w 0 iiii -"],
      ["pawns that attack each other are paralysed", "4k3/8/8/3p4/4P3/8/8/4K3 w 0 iiii -"],
      ["a paralysed pawn takes no pawn en passant", "4k3/8/5p2/3pP3/8/8/8/4K3 w 2 iiii d6"],
      ["a paralysed rook does not castle; a paralysed rook on f8 guards nothing", "k4r1R/8/8/8/8/8/8/4K2R w 0 ihii -"],
      ["black castles past a paralysed rook", "r3k2r/8/8/8/8/8/8/R3K1R1 b 0 iiah -"],
      ["a king takes a pawn guarded by the other king", "8/8/8/3k4/3p4/4K3/8/8 w 0 iiii -"],
      ["paralysed queens give no check", "4k3/8/8/8/4Q2q/8/8/4K3 b 0 iiii -"],
      ["a block frees two queens, and the check appears", "4k3/8/8/8/4Q2q/8/8/4KN2 w 0 iiii -"],
      ["the rules page's diagram: 1...Kd8", "bN2kq1r/p1pp4/2n2Qpr/4RpNp/1pPb1P1P/P2K2P1/1P1R1B2/7B b 0 iiii -"],
      ["a king and rook cannot mate alone by the king's guard", "k7/8/1K6/8/8/8/8/7R w 0 iiii -"],
      ["a mate", "k7/2R5/1K6/8/8/8/8/8 w 0 iiii -"]],
  });
  variant("isardam", "Isardam", {
    note: [
      "vchess's class looks only at the moved piece and at the lines through the square it",
      "left; its rules page forbids every move leading to a Madrasi paralysis, so this suite's",
      "class also refuses a move after which any two pieces of a kind attack each other (a",
      "castle that sets the rook against the enemy rook, an en-passant capture that opens a",
      "line between two of a kind).",
    ],
    fix: V => {
      const moves = V.prototype.getPotentialMovesFrom;
      V.prototype.getPotentialMovesFrom = function (sq) {
        return moves.call(this, sq).filter(m => {
          this.play(m);
          let ok = true;
          for (let i = 0; ok && i < V.size.x; i++)
            for (let j = 0; ok && j < V.size.y; j++)
              if (this.board[i][j] != V.EMPTY && this.isImmobilized([i, j])) ok = false;
          this.undo(m);
          return ok;
        });
      };
    },
    special: [castle, passant, promote, promoteBlack,
      ["the rules page's diagram: Bc1 cannot go to e3", "rnbq1rk1/ppp2ppp/3p1n2/2b1p3/2B1P3/2NP1N2/PPP2PPP/R1BQK2R w 0 ihii -"],
      ["a castle that sets the rook against the rook on f8", "4kr2/8/8/8/8/8/8/4K2R w 0 ihii -"],
      ["en passant that opens a rank between rooks", "4k3/8/8/r2pP2R/8/8/8/4K3 w 2 iiii d6"],
      ["a promotion to a queen facing the queen", "3qk3/P7/8/8/8/8/8/4K3 w 0 iiii -"],
      ["a piece that leaves a line between two bishops", "4k3/8/1b6/8/3N4/8/5B2/4K3 w 0 iiii -"],
      ["a rook checks though taking the king would set it against the rook on a1", "4r2k/8/8/8/8/8/8/R3K3 w 0 iiii -"],
      ["the king may not take a checker guarded", "4k3/8/8/7b/8/8/4r3/4K3 w 0 iiii -"],
      ["pawns may not come to attack each other", "4k3/8/8/3p4/8/4P3/8/4K3 w 0 iiii -"],
      ["a mate", "k7/2R5/1K6/8/8/8/8/8 w 0 iiii -"]],
  });
  variant("rifle", "Rifle", {
    note: [
      "vchess's class lists a pawn's capture on the last rank once per promotion piece, four",
      "times the same move (the pawn stays a pawn where it is): this suite's class lists it",
      "once. Its updateCastleFlags reads the moved piece off the move's first vanishing piece,",
      "the victim in a capture without moving, so a king that takes keeps its castling rights",
      "while a rook that takes loses its own; a capture is the capturer's move, as the rules",
      "page's \"everything is the same as in orthodox chess\" has it, so this suite's class",
      "takes them from a king that takes too.",
    ],
    fix: V => {
      const pawnMoves = V.prototype.getPotentialPawnMoves;
      V.prototype.getPotentialPawnMoves = function (sq) {
        const seen = new Set();
        return pawnMoves.call(this, sq).filter(m => {
          if (m.appear.length > 0) return true;
          const k = m.end.x + "," + m.end.y;
          if (seen.has(k)) return false;
          seen.add(k);
          return true;
        });
      };
      const flags = V.prototype.updateCastleFlags;
      V.prototype.updateCastleFlags = function (move, piece, color) {
        flags.call(this, move, piece, color);
        if (move.appear.length == 0 && this.getPiece(move.start.x, move.start.y) == V.KING)
          this.castleFlags[V.GetOppCol(this.turn)] = [V.size.y, V.size.y];
      };
    },
    special: [castle, passant, promote, promoteBlack,
      ["the rules page's diagram: 3.Qxf7+, the queen staying on h5", "r1bqkbnr/p1pppppp/1pn5/7Q/4P3/8/PPPP1PPP/RNB1KBNR w 4 ahah -"],
      ["the king takes a guarded queen next to it and stays", "3rk3/8/8/8/8/8/3q4/4K3 w 0 iiii -"],
      ["a distant check: the king cannot take, another piece may", "4k3/8/8/8/8/8/8/r3K1R1 w 0 iiii -"],
      ["a king that takes loses its castling rights", "r3k2r/8/8/8/8/8/3n4/R3K2R w 0 ahah -"],
      ["a rook that takes from its corner loses its right, the rook taken too", "r3k2r/8/8/8/8/8/8/R3K2R w 0 ahah -"],
      ["a pawn takes on the last rank and stays a pawn", "1r2k3/P7/8/8/8/8/8/4K3 w 0 iiii -"]],
  });
  variant("zen", "Zen", {
    special: [castle, passant, promote, promoteBlack,
      ["a rook takes a knight by a knight's leap", "k7/8/8/3n4/8/4R3/8/4K3 w 0 iiii -"],
      ["a pawn back on its first rank steps two", "4k3/8/8/8/8/8/8/3PK3 w 0 iiii -"],
      ["a knight takes a rook along the file", "4k3/4r3/8/8/8/8/4N3/4K3 w 0 iiii -"],
      ["a pawn takes a rook straight ahead and promotes", "3r3k/3P4/8/8/8/8/8/4K3 w 0 iiii -"],
      ["the king takes the checking queen far away, as a queen", "4k3/6q1/8/8/8/8/8/K7 w 0 iiii -"],
      ["a king is never taken as a king", "4k3/3R4/8/8/8/8/8/4K3 w 0 iiii -"],
      ["a knight's check: the king takes it by a knight's leap", "4k3/8/8/8/8/3n4/8/4K2R w 0 iiii -"],
      ["a bishop takes a pawn as a pawn would", "4k3/8/8/3p4/4B3/8/8/4K3 w 0 iiii -"]],
  });

  // Batch topology
  // A move listed twice (a piece reaching its square along two ways round the board) is one
  // move; the rules page's "columns a and h communicate" holds for en passant as for any pawn
  // capture. (Cylinder's and Circular's classes share the slip.)
  const dedupeSlides = V => {
    const slide = V.prototype.getSlideNJumpMoves;
    V.prototype.getSlideNJumpMoves = function (sq, steps, oneStep) {
      const seen = new Set();
      return slide.call(this, sq, steps, oneStep).filter(m => {
        const k = m.end.x + "," + m.end.y;
        if (seen.has(k)) return false;
        seen.add(k);
        return true;
      });
    };
  };
  variant("cylinder", "Cylinder", {
    note: [
      "vchess's getSlideNJumpMoves lists a move twice when a piece reaches a square along two",
      "ways round the board (a bishop on d4 reaches h8 by e5 and by a7; a rook with one other",
      "piece on its rank takes it from both sides): a move is a move, counted once here. Its",
      "en-passant test, Math.abs((epSquare.y - y) % 8) == 1, leaves out a capture across the",
      "edge (h5xa6), which the rules page allows as it allows every pawn capture across it",
      "(\"a pawn on h2 can take on a3\"): this suite's class adds it.",
    ],
    fix: V => {
      dedupeSlides(V);
      const pawn = V.prototype.getPotentialPawnMoves;
      V.prototype.getPotentialPawnMoves = function ([x, y]) {
        const moves = pawn.call(this, [x, y]);
        const ep = this.epSquares[this.epSquares.length - 1];
        const shiftX = this.turn == "w" ? -1 : 1;
        if (!!ep && ep.x == x + shiftX && Math.abs(ep.y - y) == V.size.y - 1) {
          const m = this.getBasicMove([x, y], [ep.x, ep.y]);
          m.vanish.push({ x: x, y: ep.y, p: "p", c: this.getColor(x, ep.y) });
          moves.push(m);
        }
        return moves;
      };
    },
    special: [
      castle, passant, promote, promoteBlack,
      ["the rules page: a bishop checks on b5 along two ways, the king must move", "8/2p5/3n4/1k6/8/8/2PP4/5B1K b 0 iiii -"],
      ["the rules page: a knight on h4 jumps across the edge", "4k3/2p5/8/8/7N/8/3P4/7K w 0 iiii -"],
      ["a rook alone on its rank goes all the way round", "4k3/8/8/8/3R4/8/8/4K3 w 0 iiii -"],
      ["a rook takes the one other piece of its rank, reached from both sides", "4k3/8/8/8/R3p3/8/8/4K3 w 0 iiii -"],
      ["a bishop reaches h8 by e5 and by a7: one move", "4k3/8/8/8/3B4/8/8/4K3 w 0 iiii -"],
      ["pawns take across the edge, both ways", "4k3/8/8/8/8/p6p/P6P/4K3 w 0 iiii -"],
      ["en passant across the edge: h5 takes a5", "4k3/p7/8/7P/8/8/8/4K3 b 0 iiii -", 4],
      ["en passant across the edge, set up: h5xa6", "4k3/8/8/p6P/8/8/8/4K3 w 0 iiii a6"],
      ["en passant across the edge the other way: a5xh6", "4k3/8/8/P6p/8/8/8/4K3 w 0 iiii h6"],
      ["castling: a bishop on a4 watches f1 and d1 across the edge", "r3k2r/pppppppp/8/8/b7/8/PPP2PPP/R3K2R w 0 ahah -"],
      ["castling: a bishop on a3 watches c1, and g1 by h2 across the edge", "r3k2r/8/8/8/8/b7/8/R3K2R w 0 ahah -"],
      ["promotion taking across the edge", "n3k3/7P/8/8/8/8/p7/4K2N w 0 iiii -"],
      ["black promotes taking across the edge", "4k2n/P7/8/8/8/8/7p/N3K3 b 0 iiii -"],
      ["a queen mates along the rank round the board (Qg8: h8 and h7 are covered)", "k7/8/1K6/8/8/8/8/6Q1 w 0 iiii -"],
      ["a king's steps across the edge", "8/8/8/7k/8/8/8/K7 w 0 iiii -"],
      ["a king on a8 escapes to h8 across the edge", "k7/2Q5/1K6/8/8/8/8/8 b 0 iiii -"],
      ["stalemate: the king's squares across the edge (h8, h7) are covered too", "k7/2Q3K1/8/8/8/8/8/8 b 0 iiii -"],
      ["a rook checks round the rank (Rh8+), the king takes it across the edge", "k7/8/1K6/8/8/8/8/7R w 0 iiii -"]],
  });

  // Circular: vchess's 16 pawn flags (can the pawn of this file still double-step?) are the
  // first-move rights of the pawns' starting squares, by file letter (upper case for white).
  const circularFen = (g, V, s) => {
    let rights = "";
    for (const c of ["w", "b"]) {
      for (let i = 0; i < 8; i++) {
        const l = String.fromCharCode(97 + i);
        if (g.pawnFlags[c][i]) rights += c == "w" ? l.toUpperCase() : l;
      }
    }
    return [f.placement(g, V, s), g.turn, rights || "-", "-", 0, f.fullmove(g)].join(" ");
  };
  variant("circular", "Circular", {
    fen: circularFen,
    startDepth: 3,
    maxDepth: 3,
    games: 8,
    note: [
      "vchess's getSlideNJumpMoves lists a move twice when a rook or queen reaches its square",
      "round the board both ways (the one other piece of its file): a move is a move, counted",
      "once here.",
    ],
    fix: dedupeSlides,
    special: [
      ["the rules page: 1.Nc3+ would win quickly, so no check in the first move", "8/8/pppppppp/rkbrnnqb/8/8/PPPPPPPP/BBRNKQNR w 0 1111111111111111"],
      ["nor in black's first move", "8/8/pppppppp/rkbrnnqb/8/8/1PPPPPPP/PBRNKQNR b 1 0111111111111111"],
      ["from the second full move on, checks are allowed", "8/8/pppppppp/rkbrnnqb/8/8/PPPPPPPP/BBRNKQNR w 2 1111111111111111"],
      ["the rules page: a black pawn on the eighth rank checks the first rank (d6-d8+)", "8/8/3p4/k7/8/8/8/4K3 b 10 0000000000010000"],
      ["a captured pawn's right stays: a pawn taking on e2 may double-step", "4k3/8/8/8/8/8/4n3/3P3K w 10 1111111111111111"],
      ["the right of a pawn that left its square is gone", "4k3/8/8/8/8/8/4n3/3P3K w 10 1111011111111111"],
      ["pawns go round, from the eighth rank to the first, and never promote", "1n5n/P6P/8/4k3/8/8/8/K7 w 10 0000000000000000"],
      ["black pawns go round too and take on the first rank", "1p5p/8/8/4k3/8/8/8/N5NK b 10 0000000000000000"],
      ["a rook takes the one other piece of its file, reached both ways: one move", "4k3/8/8/8/3R4/8/8/K2n4 w 10 0000000000000000"],
      ["a knight jumps across the edge", "8/8/8/4k3/8/8/8/1N2K3 w 10 0000000000000000"]],
  });

  // Antiking1: vchess's four flags (may the king, the antiking still leap as a knight?) are the
  // first-move rights of the squares they stand on, by file letter (upper case for white).
  const antiking1Fen = (g, V, s) => {
    let rights = "";
    for (const c of ["w", "b"]) {
      const files = [];
      if (g.kingFlags[c][0]) files.push(g.kingPos[c][1]);
      if (g.kingFlags[c][1]) files.push(g.antikingPos[c][1]);
      const r = files.sort().map(y => String.fromCharCode(97 + y)).join("");
      rights += c == "w" ? r.toUpperCase() : r;
    }
    return [f.placement(g, V, s), g.turn, rights || "-", "-", 0, f.fullmove(g)].join(" ");
  };
  variant("antiking1", "Antiking1", {
    fen: antiking1Fen,
    special: [
      ["the rules page: Qxg6 mates (the king attacked, the antiking on a1 no longer)", "2pr3A/2pb1qbr/2p1pkQp/2pnp1n1/1PPN4/PPB1PPN1/1K2RP2/a2BRP2 b 10 0000"],
      ["before it: white to play Qxg6", "2pr3A/2pb1qbr/2p1pkp1/2pnp1n1/1PPN4/PPB1PPN1/1K2RP2/aQ1BRP2 w 10 0000"],
      ["a king's and an antiking's knight leaps, to empty squares only", "5k1A/8/8/8/R6r/1p6/8/a1K5 w 10 1111"],
      ["black's leaps", "5k1A/8/6P1/8/R6r/8/8/a1K5 b 10 1111"],
      ["the leaps gone once the pieces moved", "5k1A/8/8/8/R6r/1p6/8/a1K5 w 10 0000"],
      ["Berolina pawns promote", "1r3k1A/P6P/8/8/8/8/p6p/a1R1K3 w 10 0000"]],
  });

  // Antiking2: the orthodox FEN with castling flags and en passant; the antiking is A / a.
  variant("antiking2", "Antiking2", {
    special: [
      ["en passant", "rnbqkbnr/ppp1p1pp/3A4/3pPp2/8/3a4/PPPP1PPP/RNBQKBNR w 4 ahah f6"],
      ["the rules page: Qxf7 mates (the king attacked, the antiking on h4 no longer)", "rnbqkbnr/pppp1ppp/1A6/4p2Q/4P2a/8/PPPP1PPP/RNB1KBNR w 4 ahah -"],
      ["an antiking takes its own pieces only, never the other side's", "4k3/8/8/2pPp3/3a1A2/2NpB3/8/4K3 b 0 iiii -"],
      ["an antiking no longer attacked must get attacked again", "4k2r/8/8/8/8/R7/3a4/4K2A b 0 iiii -"],
      ["the other antiking next to f1 bars castling short", "r3k2r/A7/8/8/8/7B/6a1/R3K2R w 0 ahah -"],
      ["kings and antikings side by side", "4r3/8/8/3kA3/R2a4/4K3/8/8 w 0 iiii -"],
      ["promotion", "1r2k3/P6P/8/8/8/8/p6p/1Ra1K2A w 0 iiii -"]],
  });

  // Batch vmove: moves borrowed from a guard (`when guarded by`)
  variant("knightrelay1", "Knightrelay1", {
    note: [
      "vchess's isAttacked tests a pawn's borrowed knight jump against the wrong rank: it",
      "leaves out a pawn's threats on its own first rank, where the pawn may jump, and counts",
      "them on its last rank, where the rules page says a pawn gives no check so. This suite's",
      "class counts a guarded pawn's jumps everywhere but on its last rank.",
    ],
    fix: (V, { ChessRules }) => {
      const guardedBy = (g, x, y, color) => V.steps[V.KNIGHT].some(([a, b]) =>
        V.OnBoard(x + a, y + b) && g.getColor(x + a, y + b) == color &&
        g.getPiece(x + a, y + b) == V.KNIGHT);
      V.prototype.isAttacked = function (sq, color) {
        if (ChessRules.prototype.isAttacked.call(this, sq, color)) return true;
        const lastRank = color == "w" ? 0 : V.size.x - 1;
        return V.steps[V.KNIGHT].some(([a, b]) => {
          const [x, y] = [sq[0] + a, sq[1] + b];
          if (!V.OnBoard(x, y) || this.getColor(x, y) != color) return false;
          const p = this.getPiece(x, y);
          if (p == V.KNIGHT || p == V.KING || (p == V.PAWN && sq[0] == lastRank)) return false;
          return guardedBy(this, x, y, color);
        });
      };
    },
    special: [
      ["castling, also over squares a knight jumps to", "r3k2r/pppppppp/8/8/8/4n3/PPPPPPPP/R3K2R w 0 ahah"],
      ["the rules page: Nf4 mates, the g6 queen jumping as a knight", "7k/8/6Q1/1n6/8/2r5/4N3/K7 w 0 iiii"],
      ["the rules page, black to move: Rxe2 is not allowed, a knight is never taken", "7k/8/6Q1/1n6/8/2r5/4N3/K7 b 0 iiii"],
      ["a guarded pawn may not jump to its last rank", "7k/3P4/8/4N3/8/8/8/4K3 w 0 iiii"],
      ["nor give check there by a jump", "4k3/8/3P4/8/2N5/8/8/4K3 b 0 iiii"],
      ["a pawn threatens its first rank by a jump back", "8/8/8/8/1N6/3P4/8/2k4K b 0 iiii"],
      ["a pawn on its first rank steps two squares", "4k3/8/8/8/8/8/8/3PK3 w 0 iiii"],
      ["knights never capture", "4k3/8/8/3p4/8/4N3/8/4K3 w 0 iiii"],
      ["a king never takes a knight, which gives no check", "4k3/8/8/8/8/8/4n3/4K3 w 0 iiii"],
      ["a king is not relayed", "4k3/8/8/8/8/8/2N5/4K3 w 0 iiii"],
      ["a guard moved away uncovers nothing but takes the jump away", "4k3/8/8/3q4/8/4B3/8/3NK3 b 0 iiii"]],
  });
  variant("knightrelay2", "Knightrelay2", {
    special: [castle, passant, promote, promoteBlack,
      ["the rules page: Nf4 mates, the g6 queen jumping as a knight", "7k/8/6Q1/1n6/8/2r5/4N3/K7 w 0 iiii -"],
      ["the rules page, black to move: Rxe2, the b5 knight guarding the rook", "7k/8/6Q1/1n6/8/2r5/4N3/K7 b 0 iiii -"],
      ["a guarded pawn jumps to its last rank and promotes", "7k/8/3P4/8/2N5/8/8/4K3 w 0 iiii -"],
      ["a pawn on its first rank steps two squares, and is taken en passant", "4k3/8/8/8/8/4p3/8/3PK3 w 0 iiii -"],
      ["a guarded king jumps as a knight", "4k3/8/8/8/8/8/2N5/4K3 w 0 iiii -"],
      ["a guarded king gives check from a knight's jump", "8/8/8/3k4/8/4K3/2N5/8 b 0 iiii -"],
      ["the check answered by taking the guard", "2r5/8/8/3k4/8/4K3/2N5/8 b 0 iiii -"]],
  });
  variant("relayup", "Relayup", {
    special: [
      ["the king may be left attacked, and taken", "4k3/8/8/8/8/8/4r3/4K3 w 0"],
      ["a king guarded by a rook rides as a rook, up to the other king", "4k3/8/8/8/8/8/8/R3K3 w 0"],
      ["a pawn guarded by a rook steps any way, but not onto its last rank", "4k3/1P6/8/8/8/8/8/1R2K3 w 0"],
      ["a pawn guarded by a knight jumps once", "4k3/8/8/8/8/8/3P4/1N2K3 w 0"],
      ["pieces guarded by several pieces", "4k3/8/8/8/3N4/2RBQ3/8/4K3 w 0"],
      ["black relays too", "4k3/2nrb3/3p4/8/8/8/8/4K3 b 0"],
      ["promotion", "1r2k3/P6P/8/8/8/8/p6p/1R2K3 w 0"]],
  });
  // Drops that may not mate (`no mate refused`)
  const silversAttack = V => {
    // vchess's isAttackedBySilver names V.SILVER, which the class never defines.
    Object.defineProperty(V, "SILVER", { get: () => V.SILVER_G });
  };
  variant("minishogi-vchess", "Minishogi", {
    fen: f.pocketFen,
    letters: { q: "+p", t: "+s", d: "+r", h: "+b" },
    note: [
      "vchess's isAttackedBySilver tests a piece kind the class never defines (V.SILVER), so",
      "a silver general never gives check nor guards a square against the king; the rules",
      "page moves and captures with it as with any piece. This suite's class names the silver.",
    ],
    fix: silversAttack,
    special: [
      ["drops of every piece", "k4/5/5/5/4K w 0 1111111111"],
      ["a pawn dropped to mate is not a legal move", "k4/5/1G1B1/5/4K w 0 1000000000"],
      ["a pawn dropped to check, not mate", "k4/5/1G3/5/4K w 0 1000000000"],
      ["a silver gives check", "5/5/1k3/2S2/4K b 0 0000000000"],
      ["promotion on reaching the far rank, not on leaving it", "k2S1/1P3/5/5/4K w 0 0000000000"],
      ["black promotes", "k4/5/5/3p1/1s2K b 0 0000000000"],
      ["promoted pieces", "k1q2/5/1h1d1/5/T3K w 0 0000000000"],
      ["stalemate", "k4/2G2/P4/5/4K b 0 0000000000"]],
  });
  variant("shogi-vchess", "Shogi", {
    fen: f.pocketFen,
    letters: { q: "+p", o: "+n", t: "+s", m: "+l", d: "+r", h: "+b" },
    note: [
      "vchess's isAttackedBySilver tests a piece kind the class never defines (V.SILVER), so",
      "a silver general never gives check nor guards a square against the king; and its",
      "getSlideNJumpMoves_opt gives black the promotion rows 9, 8 and 7 of a board whose last",
      "row is 8, a zone of two ranks. The rules page moves and captures with the silver as",
      "with any piece, and gives both sides three ranks: this suite's class names the silver,",
      "and lets black promote on its third rank from the far side too.",
    ],
    fix: V => {
      silversAttack(V);
      const slides = V.prototype.getSlideNJumpMoves_opt;
      V.prototype.getSlideNJumpMoves_opt = function (sq, steps, options) {
        const moves = slides.call(this, sq, steps, options);
        if (this.turn != "b" || !options || !options.promote) return moves;
        const third = moves.filter(m => m.end.x == V.size.x - 3);
        return moves.concat(third.map(m =>
          this.getBasicMove(sq, [m.end.x, m.end.y], { c: "b", p: options.promote })));
      };
    },
    special: [
      ["drops of every piece", "k8/9/9/9/9/9/9/9/8K w 0 11111111111111"],
      ["a pawn dropped to mate is not a legal move", "k8/9/1G1B5/9/9/9/9/9/8K w 0 10000000000000"],
      ["black promotes on its third rank from the far side", "k8/9/9/9/9/4p4/9/9/8K b 0 00000000000000"],
      ["a silver gives check", "9/9/9/9/9/9/1k7/2S6/8K b 0 00000000000000"],
      ["knights and lances promote where they could not move again", "k8/9/4N4/8L/9/9/9/9/4K4 w 0 00000000000000"],
      ["a rook leaving the zone does not promote", "k8/9/4R4/9/9/9/9/9/4K4 w 0 00000000000000"],
      ["promoted pieces", "k1q6/9/1h1d5/9/9/9/9/9/T1O1M3K w 0 00000000000000"]],
  });

  // Batch vmore (moves that do more, rules around the move)
  variant("coronation", "Coronation", {
    note: [
      "vchess's Coronation keeps a rook's castling right when its own bishop takes it on its",
      "corner (a fusion into a queen), so the queen would castle in the rook's place; the rules",
      "page is orthodox there: this suite's class takes the right away.",
    ],
    fix: ownRookTaken,
    special: [castle, passant, promote, promoteBlack,
      ["the rules page: Rxg1=Q", "1R6/1pr2k2/p1p1p2p/3p3p/2nP3P/1NP3P1/PPK1P3/2R3B1 w 0 iiii -"],
      ["no queens: rooks and bishops fuse both ways; g2xh1 takes the short castle", "r3k2r/8/8/3b4/8/8/6B1/R3K2R w 0 ahah -"],
      ["black fuses: b7xa8 takes the long castle", "r3k2r/1b6/8/8/8/8/8/R3K2R b 1 ahah -"],
      ["a queen on the board: no fusion", "r3k2r/8/8/3b4/8/8/6B1/R2QK2R w 0 ahah -"],
      ["the other side's queen does not count", "r2qk2r/8/8/3b4/8/8/6B1/R3K2R w 0 ahah -"],
      ["a pinned rook may not fuse off its line", "4r1k1/8/8/8/8/8/1B2R3/4K3 w 0 iiii -"],
      ["in check: the fusion Bxc2 leaves the king attacked: only a block or a king move", "4k3/8/8/q7/8/8/2R5/3BK3 w 0 iiii -"],
      ["a promotion to a queen ends the fusions", "4k3/P7/8/8/8/8/8/R1B1K3 w 0 iiii -"],
      ["a fusion gives check", "4k3/8/8/8/8/8/8/1R2KB2 w 0 iiii -"]],
  });
  variant("selfabsorb", "Selfabsorb", {
    note: [
      "vchess's Selfabsorb keeps a rook's castling right when its own side takes the rook on",
      "its corner (a merge), so the merged piece would castle in the rook's place; the rules",
      "page is orthodox there: this suite's class takes the right away.",
    ],
    fix: ownRookTaken,
    special: [castle, passant, promote, promoteBlack,
      ["rook, knight and bishop take each other: queen, empress, princess", "k7/8/8/8/8/8/2NBR3/4K3 w 0 iiii -"],
      ["a queen takes its knight, a knight its queen: an amazon", "k7/8/8/8/8/2N5/4Q3/4K3 w 0 iiii -"],
      ["empress and bishop, princess and rook: an amazon; the amazon takes no friend", "4k3/8/8/8/3A4/2E1S3/3B1R2/4K3 w 0 iiii -"],
      ["enemy pieces are taken with no merging", "4k3/8/8/2r1b3/8/3N4/8/4K3 w 0 iiii -"],
      ["a bishop takes its own rook on h1: no more short castling", "r3k2r/8/8/8/8/8/6B1/R3K2R w 0 ahah -"],
      ["black merges; a pinned piece may not", "4k3/3nr3/8/1b6/4R3/8/8/4K3 b 0 iiii -"],
      ["a pawn takes no friend; a king takes no friend", "4k3/8/8/8/8/3N4/4P3/3RK3 w 0 iiii -"]],
  });
  // Batch counts: control of a square by counts of attackers (`move anywhere ... when controlled`)
  variant("rampage", "Rampage", {
    note: [
      "vchess's Rampage gives a pawn's jump (a move to a controlled square, not one of its own",
      "moves) a right to take it en passant when it goes two squares along a file, forward or",
      "back, even over a piece; its rules page makes the jump no pawn's move, and en passant",
      "follows a double step only: this suite's class gives no such right after a jump.",
    ],
    fix: V => {
      const own = Object.getPrototypeOf(V.prototype).getPotentialMovesFrom;
      const all = V.prototype.getPotentialMovesFrom;
      V.prototype.getPotentialMovesFrom = function (sq) {
        const reached = new Set(own.call(this, sq).map(m => m.end.x + "_" + m.end.y));
        const moves = all.call(this, sq);
        for (const m of moves) m.jump = !reached.has(m.end.x + "_" + m.end.y);
        return moves;
      };
      const ep = V.prototype.getEpSquare;
      V.prototype.getEpSquare = function (m) {
        return m && m.jump ? undefined : ep.call(this, m);
      };
    },
    special: [castle, passant, promote, promoteBlack,
      ["the rules page's diagram: no jump to e5, guarded twice by each side", "k7/p7/2n1r3/8/8/8/4R2P/4Q2K w 0 iiii -"],
      ["a pawn jumps along the h-file but not onto its last rank", "1k6/8/8/8/8/8/3P4/4K2R w 0 iiii -"],
      ["black's pawn jumps, not onto its last rank", "4k2r/3p4/8/8/8/8/8/1K6 b 0 iiii -"],
      ["a pawn on its first rank steps once or twice", "4k3/8/8/8/8/8/8/3PK3 w 0 iiii -"],
      ["a pawn's jump of two squares gives no en passant", "4k3/8/8/3p3R/8/4P3/8/4K3 w 0 iiii -"],
      ["the king in check moves only as a king; others jump to block", "4k3/8/8/8/8/8/1R6/r3K3 w 0 iiii -"],
      ["a king not in check jumps", "4k3/8/8/8/8/8/8/R3K3 w 0 iiii -"],
      ["batteries: a queen behind a bishop, a rook behind a queen", "3rk3/8/2n5/8/8/8/6B1/3RK2Q w 0 iiii -"],
      ["a battery stops at a piece of the other side", "4k3/4r3/8/8/8/4R3/4R3/4K3 w 0 iiii -"],
    ],
  });
  variant("benedict", "Benedict", {
    note: [
      "vchess's Benedict keeps a castling right when its rook changes side (it only skips the",
      "castle while the rook is the other side's), so a rook flipped back castles again; the",
      "rules page is orthodox there, and a rook that changed side is as a rook taken: this",
      "suite's class takes the right away when the rook leaves its corner or changes side (or",
      "the king changes side).",
    ],
    fix: V => {
      const post = V.prototype.postPlay;
      V.prototype.postPlay = function (move) {
        post.call(this, move);
        for (const c of ["w", "b"]) {
          const x = c == "w" ? V.size.x - 1 : 0;
          const [kx, ky] = this.kingPos[c];
          const kingLost = this.getColor(kx, ky) != c;
          this.castleFlags[c] = this.castleFlags[c].map(y =>
            y < V.size.y && (kingLost || this.board[x][y] == V.EMPTY || this.getColor(x, y) != c)
              ? V.size.y : y);
        }
      };
    },
    special: [
      ["the rules page: after 1.Nc3 Nc6 2.Nd5 the pawns on c7 and e7 changed side", "r1bqkbnr/ppPpPppp/2n5/3N4/8/8/PPPPPPPP/R1BQKBNR b 3 ahah"],
      ["castling through attacked squares; the rook on f1 flips the knight on f5", "5rk1/8/8/5n2/8/8/8/R3K2R w 0 ahii"],
      ["black castles; the king and the rook both flip", "r3k2r/8/8/8/8/8/2N2B2/4K3 b 1 iiah"],
      ["a move that attacks the king wins at once", "4k3/8/8/8/8/8/8/3QK3 w 0 iiii"],
      ["a promotion that attacks the king", "4k3/1P6/8/8/8/8/8/4K3 w 0 iiii"],
      ["pawns never take; a blocked pawn", "4k3/8/8/3p4/3P4/8/8/4K3 w 0 iiii"],
      ["pawns flip diagonally forward only", "4k3/8/8/2n1n3/8/3P4/8/4K3 w 0 iiii"],
      ["no move: a draw", "4k3/8/8/8/8/ppp5/PPP5/KB6 w 0 iiii"],
      ["a king may stand attacked", "4k3/8/8/8/8/8/4r3/4K3 w 0 iiii"]],
  });
  variant("kingsmaker", "Kingsmaker", {
    special: [castle, passant, promote, promoteBlack,
      ["the rules page: exf7+ makes a second black king", "2kr1bnr/pbq1pppp/1pnpP3/2p5/2B3Q1/2N2N2/PPPP1PPP/R1B1K2R w 0 ahii -"],
      ["a pawn onto its seventh rank may become an enemy king", "k7/8/2P1K3/8/8/8/8/8 w 0 iiii -"],
      ["not next to its own king", "k7/8/2PK4/8/8/8/8/8 w 0 iiii -"],
      ["black makes a white king", "4k3/8/8/8/8/2p5/8/4K3 b 1 iiii -"],
      ["two black kings: either in check is check", "k3k3/8/8/8/8/8/8/R3K3 b 0 iiii -"],
      ["a capture onto the last rank: pieces or a king", "3rk3/2P5/8/8/8/8/8/4K3 w 0 iiii -"]],
  });
  // Batch align: a connection for one side, drops for one side.
  variant("align4", "Align4", {
    note: [
      "vchess's getCurrentScore counts a row from a black pawn through any black piece but the",
      "king, so a pawn promoted on the first rank makes a row of four with three pawns; its rules",
      "page says four pawns: this suite's class counts pawns only.",
    ],
    fix: (V, { ChessRules }) => {
      V.prototype.getCurrentScore = function () {
        const score = ChessRules.prototype.getCurrentScore.call(this);
        if (score != "*") return score;
        const pawn = (i, j) => V.OnBoard(i, j) && this.board[i][j] == "bp";
        for (let i = 0; i < V.size.x; i++) {
          for (let j = 0; j < V.size.y; j++) {
            if (!pawn(i, j)) continue;
            for (const [di, dj] of [[1, 0], [0, 1], [1, 1], [-1, 1]]) {
              let n = 1;
              while (n < 4 && pawn(i + n * di, j + n * dj)) n++;
              if (n == 4) return "0-1";
            }
          }
        }
        return "*";
      };
    },
    special: [["castling, white only", "r3k3/8/8/8/8/8/8/R3K2R w 0 ah -"],
      ["the rules page: black threatens @e7", "4k3/2pp1p2/4p3/7Q/2BPP3/8/PPP2PPP/RNB1K1NR w 0 ah -"],
      ["black to drop the fourth pawn", "4k3/2pp1p2/4p3/7Q/2BPP3/8/PPP2PPP/RNB1K1NR b 0 ah -"],
      ["four in a row: the game is over", "4k3/8/8/8/pppp4/8/8/4K3 w 0 ii -"],
      ["a diagonal of four", "4k3/8/4p3/3p4/2p5/1p6/8/4K3 w 0 ii -"],
      ["the rules page: pawns only, a rook ends no row", "4k3/8/8/8/pppr4/8/8/4K3 w 0 ii -"],
      ["pawns dropped on the seventh rank step two; a pawn on the second promotes", "4k3/8/8/8/8/8/6p1/R3K3 b 0 ii -"],
      ["black in check: a drop blocks", "4k3/8/8/8/8/8/8/4R2K b 0 ii -"],
      ["checkmate", "k7/2Q5/1K6/8/8/8/8/8 b 0 ii -"]],
  });
  // Batch copycat: moves borrowed from the friends a piece guards.
  variant("copycat", "Copycat", {
    special: [castle, passant, promote, promoteBlack,
      ["the rules page: Qe6 mates, the queen jumping as the knight it guards", "1r3k1r/2p3pp/2P5/p2p4/Pp1Q4/4N3/1PP1PP1P/4K3 w 0 iiii -"],
      ["a knight guarding a queen moves as a rook and a bishop", "4k3/8/8/8/8/2Q5/8/1N2K3 w 0 iiii -"],
      ["check by a rook jumping as the knight it guards", "4k3/8/3R4/8/8/8/8/3NK3 b 0 iiii -"],
      ["a bishop guarding a rook; a rook guarding a bishop", "4k3/8/8/8/3R4/8/1B6/4K2b w 0 iiii -"],
      ["pawns and kings neither borrow nor lend", "4k3/8/8/8/8/3N4/2P1P3/2RNK3 w 0 iiii -"],
      ["black borrows; a guard pinned", "r3k3/8/1n6/8/4q3/8/4R3/4K3 b 0 iiii -"]],
  });
  // Batch swap: the piece taken put back where the mover came from.
  variant("switching", "Switching", {
    note: [
      "vchess's code slips twice against its rules page, which this suite's class puts right:",
      "its getAllPotentialMoves (the computer's list, which getAllValidMoves reads) keeps one",
      "switch of each pair and drops both of the pairs along one diagonal, and some with the king,",
      "while its rules page (and the moves a player may make) has every switch: the class lists",
      "them all, each from either piece (both are moves, as on the board). Its postPlay never",
      "takes a castling right away when the rook moves or is taken (its test of the first rank",
      "reads a number's keys), so a rook back on its corner could castle: the class takes the",
      "right away when a piece leaves or is taken on the rook's corner, as orthodox castling has it.",
    ],
    fix: (V, { ChessRules }) => {
      V.prototype.getAllPotentialMoves = ChessRules.prototype.getAllPotentialMoves;
      const postPlay = V.prototype.postPlay;
      V.prototype.postPlay = function (move) {
        postPlay.call(this, move);
        for (const v of move.vanish) {
          const flags = this.castleFlags[v.c];
          const i = flags.indexOf(v.y);
          if (v.x == (v.c == "w" ? V.size.x - 1 : 0) && i >= 0) flags[i] = V.size.y;
        }
      };
    },
    special: [castle, passant, promote, promoteBlack,
      ["the rules page: Sb8c8 mates", "1RB3k1/5ppp/8/8/8/8/8/K7 w 0 iiii -"],
      ["switches onto the last rank promote, either pawn", "2R5/1P1N3k/8/8/8/8/8/4K3 w 0 iiii -"],
      ["black switches a pawn onto its last rank", "4k3/8/8/8/8/8/1p1p4/R1Nn1K2 b 1 iiii -"],
      ["a pawn switched onto its first rank steps two", "4k3/8/8/8/8/8/3P4/3NK3 w 0 iiii -"],
      ["in check: no switch", "4k3/8/8/8/7b/8/3PN3/3RK3 w 0 iiii -"],
      ["switches with the king; castling after a rook or king switch", "r3k2r/8/8/8/8/8/8/R2QK1NR w 0 ahah -"],
      ["black's switches and castling", "r2qkb1r/pppppppp/8/8/8/8/8/4K3 b 1 iiah -"],
      ["two pieces of a kind never switch", "4k3/8/8/8/8/8/8/RR2K3 w 0 iiii -"]],
  });
  // Batch enemy: pieces of the other side, other check rules.
  variant("bicolour", "Bicolour", {
    note: [
      "The rules page's first diagram (8/8/8/8/8/4q3/8/3RKR2, a black king added here) says",
      "Kxd1 or Kxf1 saves white; by the page's own rule (a king is attacked by all pieces) the",
      "other rook attacks the square the king takes, as vchess's class judges: it is a mate.",
    ],
    special: [
      ["en passant", "rqbnkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RQBNKBNR w 4 f6"],
      ["promotion", "1n2k3/P6P/8/8/8/8/p6p/1N2K3 w 0 -"],
      ["black promotes", "1n2k3/P6P/8/8/8/8/p6p/1N2K3 b 1 -"],
      ["the rules page's first diagram: a mate after all (see above)", "k7/8/8/8/8/4q3/8/3RKR2 w 0 -"],
      ["the rules page: a mate", "1r1nkbr1/1p2Qnp1/p2p1p1p/2p4P/P1P1P3/1P6/R2P1KP1/2B2BNR b 0 -"],
      ["a king checked by its own pawn, knight and bishop", "4k3/8/8/8/3P4/4K3/2N5/1B6 w 0 -"],
      ["the king mated among its own pieces", "4k3/8/8/8/8/3PPN2/3QKR2/3BRB2 w 0 -"],
      ["the king takes friends, but not onto attacked squares", "4k3/8/8/8/8/8/3PP3/3NKB2 w 0 -"],
      ["a move that uncovers the other side's check by its own piece", "4k3/8/4N3/8/8/4q3/8/K7 w 0 -"],
      ["black's king among its own pieces", "3nkb2/3pp3/8/8/8/8/8/4K3 b 0 -"]],
  });
  // The piece the enemy moved last, after the fullmove number; the en-passant square of its
  // double step is left out (the pawn it passed is the next mover's own).
  const hypnoticFen = (g, V, suite) => {
    const h = g.hSquares[g.hSquares.length - 1];
    const fen = f.chessFen(g, V, suite);
    if (!h) return fen;
    const fields = fen.split(" ");
    fields[3] = "-";
    return fields.join(" ") + " " + V.CoordsToSquare(h);
  };
  variant("hypnotic", "Hypnotic", {
    fen: hypnoticFen,
    note: [
      "vchess's class slips twice against its rules page, which this suite's class puts right:",
      "it takes castling rights from the mover's side when the mover moves an enemy king or",
      "rook (and never from the piece's own side, whose king may then castle after moving), where",
      "the class here takes them from the side of the king or rook that moves or is taken; and a",
      "hypnotized pawn may take en passant a pawn of the mover's side, where the page says a",
      "hypnotized piece captures its friends (the class here leaves those captures out).",
    ],
    fix: V => {
      V.prototype.updateCastleFlags = function (move) {
        for (const v of move.vanish) {
          const flags = this.castleFlags[v.c];
          if (v.p == V.KING) this.castleFlags[v.c] = [V.size.y, V.size.y];
          else if (v.x == (v.c == "w" ? V.size.x - 1 : 0) && flags.includes(v.y))
            flags[flags.indexOf(v.y)] = V.size.y;
        }
      };
      const from = V.prototype.getPotentialMovesFrom;
      V.prototype.getPotentialMovesFrom = function (sq) {
        return from.call(this, sq).filter(m =>
          m.vanish[0].c == this.turn || m.vanish.length < 2 || m.vanish[1].c == m.vanish[0].c);
      };
    },
    special: [castle, passant, promote, promoteBlack].map(([w, f]) => [w, f + " -"]).concat([
      ["the rules page: Nxd8, the knight moved by the bishop on b5", "r1bqk1nr/pppp1ppp/2n5/1Bb1p3/4P3/5N2/PPPP1PPP/RNBQK2R w 4 ahah - -"],
      ["the knight moved last may not move", "r1bnk1nr/pppp1ppp/8/1Bb1p3/4P3/5N2/PPPP1PPP/RNBQK2R b 5 ahah - d8"],
      ["an enemy king moved by its steps, never castling", "r3k2r/8/8/8/8/8/3Q4/R3K2R w 0 ahah - -"],
      ["an enemy pawn moved onto its last rank promotes to its side's piece", "4k3/8/8/8/8/2Q5/1p6/4K3 w 0 iiii - -"],
      ["a hypnotized pawn double steps; a black pawn on its side", "4k3/2p5/1Q6/3P4/8/8/8/4K3 w 0 iiii - -"],
      ["a king may be taken by its own piece", "4k3/4r3/8/8/4R3/8/8/4K3 w 0 iiii - -"],
      ["a king may walk into attack", "8/8/8/3k4/8/2R5/8/4K3 b 0 iiii - -"]]),
  });

  // Holes ('x' in both FENs): the square a piece leaves becomes one, and steps pass over them.
  variant("wormhole2", "Wormhole2", {
    special: [
      ["the rules page's diagram in Wormhole2's letters: the knight on d3 around holes", "rbkxxxbn/ppxppppx/2qxxB2/4x2p/3P1x2/3n1x2/PPPxPPPP/RBxxxNKR b 21"],
      ["a pawn promotes only by capturing; a push to the last rank stays a pawn", "1r2k3/P6P/8/8/8/8/p6p/1R2K3 w 0"],
      ["black promotes", "1r2k3/P6P/8/8/8/8/p6p/1R2K3 b 1"],
      ["pawns step and double step over holes", "4k3/8/8/3x4/x2x4/x7/P2P4/4K3 w 0"],
      ["a rook's two squares pass over holes: check", "4k3/8/4x3/4x3/4R3/8/8/4K3 b 1"],
      ["a king among holes steps to the nearest squares", "8/8/3xxx2/3xkx2/3xxx2/8/8/4K3 b 1"],
      ["stalemate loses", "k7/8/1Q6/8/8/8/8/7K b 1"],
      ["pieces jump by two squares over pieces and holes", "4k3/8/8/2pxp3/2xQx3/2pxp3/8/4K3 w 0"]],
  });
  variant("wormhole1", "Wormhole1", {
    special: [
      ["the rules page's diagram: the knight on d3 around holes", "cwkxxxwn/ppxppppx/2mxxW2/4x2p/3P1x2/3n1x2/PPPxPPPP/CWxxxNKC b 21"],
      ["a pawn promotes only by capturing, to a lion, champion, wizard or knight", "1c2k3/P6P/8/8/8/8/p6p/1C2K3 w 0"],
      ["black promotes", "1c2k3/P6P/8/8/8/8/p6p/1C2K3 b 1"],
      ["a lion moves two squares, and captures one square away too", "4k3/8/8/3pp3/3M4/8/8/4K3 w 0"],
      ["a wizard among holes: two orthogonal steps, then a diagonal one", "k7/8/8/2xxx3/2xWx3/2xxx3/8/4K3 w 0"],
      ["a wizard's check around holes, answered", "4k3/3x4/8/4W3/8/8/8/4K3 b 1"],
      ["stalemate loses", "k7/8/1C6/1K6/8/8/8/8 b 1"]],
  });

  // Gomoku: stones placed by square (upper case: the first player, vchess's 'w', drawn black on
  // the site), written in vchess's FEN (runs of empty squares as digits of at most 9).
  const gomokuFen = (stones, turn) => {
    const rows = [];
    for (let rank = 19; rank >= 1; rank--) {
      let row = "", empty = 0;
      for (let file = 0; file < 19; file++) {
        const stone = stones[String.fromCharCode(97 + file) + rank];
        if (!stone) { empty++; continue; }
        for (; empty > 0; empty -= Math.min(empty, 9)) row += Math.min(empty, 9);
        row += stone;
      }
      for (; empty > 0; empty -= Math.min(empty, 9)) row += Math.min(empty, 9);
      rows.push(row);
    }
    return rows.join("/") + " " + turn + " 0";
  };
  const stones = (white, black) => {
    const out = {};
    for (const sq of white.split(" ").filter(x => x)) out[sq] = "P";
    for (const sq of black.split(" ").filter(x => x)) out[sq] = "p";
    return out;
  };
  variant("gomoku", "Gomoku", {
    fen: (g, V, s) => [f.placement(g, V, s), g.turn, "-", "-", 0, f.fullmove(g)].join(" "),
    games: 4,
    startDepth: 2,
    maxDepth: 2,
    special: [
      ["the rules page: a five at k9 is answered by one at k12, a draw",
        "991/991/991/991/991/94P5/93p6/7ppp1p7/9Pp8/9pP8/7PPP1P7/93P6/94p5/991/991/991/991/991/991 w 0"],
      ["the first player makes five at e10 and the second has no answer",
        gomokuFen(stones("a10 b10 c10 d10", "a1 c3 e5 g7"), "w")],
      ["five made: the second player answers with five, or the game ends at its move",
        gomokuFen(stones("a10 b10 c10 d10 e10", "a1 a2 a3 a4 j9"), "b")],
      ["five made and no answer: the game is over",
        gomokuFen(stones("a10 b10 c10 d10 e10", "a1 a2 a3 j4 j9"), "b")],
      ["the second player's five ends the game at once",
        gomokuFen(stones("a10 b10 c10 d10 j15", "a1 a2 a3 a4 a5"), "w")],
      ["the second player may make five along a diagonal",
        gomokuFen(stones("a10 b10 c10 s19 j15", "c3 d4 e5 f6 a19"), "b")],
      ["six in a row wins too (a stone between two and three)",
        gomokuFen(stones("a10 b10 d10 e10 f10", "a1 c3 e5 g7 s1"), "w")],
      ["both have five: over",
        gomokuFen(stones("a10 b10 c10 d10 e10", "a1 a2 a3 a4 a5"), "w")],
    ],
  });

  // Atarigo: stones placed by square (upper case: the first player, vchess's 'w', drawn black on
  // the site) on 12 x 12, in vchess's FEN (its fourth field: 1 once a capture ended the game,
  // written in rulebook's FEN as the pieces each side has taken, `1+0`, after the fullmove).
  const atarigoFen = (white, black, turn) => {
    const on = stones(white, black);
    const rows = [];
    for (let rank = 12; rank >= 1; rank--) {
      let row = "", empty = 0;
      for (let file = 0; file < 12; file++) {
        const stone = on[String.fromCharCode(97 + file) + rank];
        if (!stone) { empty++; continue; }
        for (; empty > 0; empty -= Math.min(empty, 9)) row += Math.min(empty, 9);
        row += stone;
      }
      for (; empty > 0; empty -= Math.min(empty, 9)) row += Math.min(empty, 9);
      rows.push(row);
    }
    return rows.join("/") + " " + turn + " 0 0";
  };
  variant("atarigo", "Atarigo", {
    fen: (g, V, s) => {
      const parts = [f.placement(g, V, s), g.turn, "-", "-", 0, f.fullmove(g)];
      if (g.capture) parts.push(g.turn == "w" ? "0+1" : "1+0");
      return parts.join(" ");
    },
    games: 12,
    startDepth: 3,
    maxDepth: 3,
    budget: 3000000,
    startBudget: 3000000,
    special: [
      ["the game is over once white has taken a stone",
        atarigoFen("d5 f5 e6 e4 a12", "l1 l12", "b").replace(/ 0$/, " 1")],
      ["a single stone taken: e4 closes its last liberty",
        atarigoFen("d5 f5 e6 a12", "e5 l1 l12", "w")],
      ["a group of two taken at once",
        atarigoFen("d5 d6 f5 f6 e7 a12", "e5 e6 l1 l12", "w")],
      ["black takes a group of three along the edge",
        atarigoFen("a1 b1 c1 k12", "a2 b2 c2 l1", "b")],
      ["a suicide refused: a1 would have no liberty and takes nothing",
        atarigoFen("f6 g7", "a2 b1 h8", "w")],
      ["a suicide allowed: a1 has no liberty, but takes b1 (its last liberty)",
        atarigoFen("c1 b2 f6", "a2 b1 h8", "w")],
      ["two groups share their last liberty: e1 takes both",
        atarigoFen("c1 d2 f2 g1 k10", "d1 f1 a12", "w")],
      ["a group that shares its liberty with the stone put: a1 joins a2 and b1, which keep a3",
        atarigoFen("a2 b1 c5", "b2 c1 a4 h8", "w")],
      ["an own group's last liberty filled: refused, unless it takes",
        atarigoFen("a1 b1 c5", "a2 b2 c1 h8", "w")],
    ],
  });

  // Batch take and make
  // In the middle of a turn (after a capture), the FEN says `w2` and names the capturer's
  // square and the piece it took after the fullmove number.
  const takeMakeFen = (g, V, s) => {
    const parts = f.chessFen(g, V, s).split(" ");
    const last = g.lastMoveEnd[g.lastMoveEnd.length - 1];
    if (last) {
      parts[1] += "2";
      parts.push(V.CoordsToSquare(last) + (g.turn == "w" ? last.p : last.p.toUpperCase()));
    }
    return parts.join(" ");
  };
  variant("takenmake", "Takenmake", {
    fen: takeMakeFen,
    note: [
      "vchess's class lets a pawn that moves as a taken piece stay a pawn on its last rank;",
      "its rules page says a pawn arriving there by a Take & Make move promotes: this",
      "suite's class promotes it. Where the page is silent, vchess's code is followed: a",
      "piece that takes a pawn moves on by a single step forward (no double step), and a",
      "pawn that moves on two squares straight forward (as a rook or queen taken) may be",
      "taken en passant. Not followed: vchess also gives an en-passant square after such a",
      "move two squares backward, whose 'capture' then takes nothing (a bug, not a rule).",
    ],
    fix: V => {
      const from = V.prototype.getPotentialMovesFrom;
      V.prototype.getPotentialMovesFrom = function (sq, asA) {
        const L = this.lastMoveEnd.length;
        const as = asA || (this.lastMoveEnd[L - 1] && this.lastMoveEnd[L - 1].p);
        let moves = from.call(this, sq, asA);
        const piece = this.getPiece(sq[0], sq[1]);
        if (!as || as == piece) return moves;
        const color = this.turn;
        if (piece == V.PAWN) {
          const last = color == "w" ? 0 : V.size.x - 1;
          moves = moves.flatMap(m => m.end.x != last ? [m] :
            [V.ROOK, V.KNIGHT, V.BISHOP, V.QUEEN].map(p =>
              this.getBasicMove([m.start.x, m.start.y], [m.end.x, m.end.y], { c: color, p })));
        }
        return moves;
      };
    },
    special: [castle, passant, promote, promoteBlack,
      ["the rules page: Bxc6 goes on as a knight", "r1bqkb1r/pppp1ppp/2n2n2/1B2p3/4P3/5N2/PPPP1PPP/RNBQK2R w 4 ahah -"],
      ["the rules page: the king takes on c3 in check, and moves on as a knight", "rnbq2nr/ppp2ppp/4p3/3p4/1k1P4/P1N2N2/1PP1PPPP/R2QKB1R b 9 ahii -"],
      ["the rules page: the black king in check", "r1bqkbnr/1ppppppp/2n2N2/p7/8/8/PPPPPPPP/R1BQKBNR b 6 ahah -"],
      ["a pinned rook may not take: moving on as a knight opens the file", "4r1k1/8/8/8/4n3/8/4R3/4K3 w 0 iiii -"],
      ["a pawn takes a knight and jumps to its last rank", "4k3/8/2n5/1P6/8/8/8/4K3 w 0 iiii -"],
      ["a rook takes a pawn on its second rank and moves on as a pawn", "4k3/8/8/8/8/8/1p4p1/1R2K1R1 w 0 iiii -"],
      ["a pawn takes a rook and moves on two squares forward as one: en passant", "k7/8/8/5p2/8/4r3/3P4/7K w 0 iiii -"],
      ["a black pawn takes a queen and moves on two squares forward as one: en passant", "k7/8/3p4/4q3/8/3P4/8/7K b 0 iiii -"],
      ["a piece takes a pawn that has no step forward: the capture is illegal", "4k3/8/8/8/8/1p6/1p6/1R2K3 w 0 iiii -"],
      ["a pawn back on its first rank", "4k3/8/8/8/8/8/8/P3K3 w 0 iiii -"],
      ["a king takes a rook and moves on as a rook", "4k3/8/8/8/8/8/3r4/4K3 w 0 iiii -"]],
  });
}
