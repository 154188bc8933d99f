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
  variant("vchess", "Vchess", {
    special: [castle, passant, promote, promoteBlack,
      ["pawns capture backward", "k7/2B5/3p4/2p1p3/2P1P3/3P1n2/8/K7 b 0 iiii -"],
      ["back on the first rank, a pawn steps two again", "4k3/8/8/8/8/8/3P4/2n1K3 w 0 iiii -"],
      ["a pawn on the first rank", "4k3/8/8/8/8/8/8/2P1K3 w 0 iiii -"],
      ["checked by a pawn from in front", "8/8/8/8/8/3p4/4K3/k7 w 0 iiii -"],
      ["mate by a pawn from in front", "8/8/8/8/8/1K1B4/1P6/k7 b 0 iiii -"]],
  });
  variant("upsidedown-vchess", "Upsidedown", {
    special: [
      ["promotions, captures on the last rank", "1n2k3/P1P5/8/8/8/8/1p4p1/4K1N1 w 0"],
      ["black promotes", "1n2k3/P1P5/8/8/8/8/1p4p1/4K1N1 b 1"],
      ["a pawn gone: the queen and king come out", "RNBQKBNR/PPPPPPPP/8/8/8/8/pppp1ppp/rnbqkbnr w 0"],
      ["stalemate", "7k/5Q2/6K1/8/8/8/8/8 b 1"]],
  });
  // vchess's checkFlags count the checks each side has received; rulebook's FEN the checks
  // each side still has to give (white's first).
  const checksFen = (g, V) => [g.getBaseFen(), g.turn, f.castling(g, V), f.enpassant(g, V),
    `${3 - g.checkFlags.b}+${3 - g.checkFlags.w}`, 0, f.fullmove(g)].join(" ");
  variant("3check", "Threechecks", {
    fen: checksFen,
    special: [
      ["castling", "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w 0 ahah00 -"],
      ["en passant", "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w 4 ahah00 f6"],
      ["promotion", "1r2k3/P6P/8/8/8/8/p6p/1R2K3 w 0 iiii11 -"],
      ["a third check wins", "4k3/8/8/8/8/8/8/R3K3 w 0 iiii22 -"],
      ["the third check given by castling", "5k2/8/8/8/8/8/8/R3K2R w 0 ahii02 -"],
      ["black gives its third check", "4k2r/8/8/8/8/8/8/4K3 b 1 iiii20 -"],
      ["checkmate", "6k1/8/8/8/8/8/5PPP/r5K1 w 0 iiii10 -"],
      ["stalemate", "7k/5Q2/6K1/8/8/8/8/8 b 1 iiii00 -"]],
  });
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
  variant("pawns", "Pawns", {
    startDepth: 5,
    special: [
      ["en passant", "8/ppp1pppp/8/8/2Pp4/8/PP1PPPPP/8 b 3 c3"],
      ["promotion wins", "8/1P6/8/8/8/8/6p1/8 w 0 -"],
      ["black promotes", "8/1P6/8/8/8/8/6p1/8 b 1 -"],
      ["zugzwang", "8/5p1p/2p1p1p1/1p1p2P1/p2P1P1P/P1P1P3/1P6/8 w 0 -"],
      ["no move: a draw", "8/8/8/8/8/p7/P7/8 w 0 -"]],
  });
  variant("pawnsking", "Pawnsking", {
    special: [
      ["en passant", "4k3/ppp1pppp/8/8/2Pp4/8/PP1PPPPP/4K3 b 3 c3"],
      ["a pawn or the king reaches the far rank", "8/1P4K1/8/8/8/8/1k4p1/8 w 0 -"],
      ["black reaches it", "8/1P4K1/8/8/8/8/1k4p1/8 b 1 -"],
      ["kings may be taken, and step into attack", "8/8/8/3k4/4K3/8/8/8 w 0 -"],
      ["a pawn takes the king", "8/8/8/8/8/3k4/4P3/4K3 w 0 -"],
      ["no move: a draw", "8/8/8/8/8/p7/P7/8 w 0 -"]],
  });
  // vchess's Makruk: b khon, q met, f a promoted pawn (a met); a check ends Karouk at once, so
  // each side still has one check to give, unless the side to move is in check (game over).
  variant("karouk", "Karouk", {
    letters: { b: "s", q: "m", f: "m" },
    fen: (g, V, s) => {
      const given = g.underCheck(g.turn) ? (g.turn == "w" ? "1+0" : "0+1") : "1+1";
      return f.chessFen(g, V, s).replace(/ - - /, ` - - ${given} `);
    },
    special: [
      ["promotion on the sixth rank", "4k3/8/8/1P6/6p1/8/8/3K4 w 0"],
      ["black promotes", "4k3/8/8/1P6/6p1/8/8/3K4 b 1"],
      ["a check wins", "3k4/8/8/8/8/8/8/R2K4 w 0"],
      ["a promotion that checks", "8/3k4/8/4P3/8/8/8/4K3 w 0"],
      ["checked: lost", "3k4/8/8/8/8/8/8/r3K3 w 0"],
      ["stalemate", "7k/5K2/6Q1/8/8/8/8/6R1 b 1"]],
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
  // (end of batch vchess2)

  // Bundled variants that play vchess's game
  variant("atomic", "Atomic", {
    note: [
      "vchess lists a capture that promotes once (the pawn explodes whatever it becomes); rulebook",
      "and Fairy-Stockfish list one move per piece: no position here has such a capture.",
    ],
    special: [castle, passant,
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
    special: [castle,
      ["berolina pawns: double step diagonally, en passant", "4k3/8/8/8/8/8/4P3/4K3 w 0 iiii -"],
      ["en passant of a berolina pawn", "4k3/8/8/8/5p2/8/8/4K3 w 0 iiii -"],
      ["promotion", "1r2k3/P6P/8/8/8/8/p6p/1R2K3 w 0 iiii -"]],
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
}
