//! Properties over the reference positions of every bundled variant, and a deterministic
//! "no panic on garbage" sweep over the three user-facing parsers (variant files, FEN, moves).
//!
//! - FEN round trip: printing a parsed canonical FEN gives the same text; printing any accepted
//!   FEN gives a canonical FEN (a fixed point of parse-then-print).
//! - Play then undo restores the exact state, through the `Game` trait (FEN, move list, history)
//!   and through `Position::make`/`unmake` (board array, bitboards, rights, clocks, layers).
//! - Garbage in, error out: mutated variant files, FENs and move texts return errors (or work),
//!   never panic. The inputs come from a fixed-seed PRNG, so a failure is reproducible.
//!
//! The coverage-guided counterpart of the last test is in `fuzz/` (see `fuzz/README.md`);
//! the regression cases it found are the `regression_*` tests at the end.

mod common;

use std::collections::BTreeSet;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::Arc;

use rulebook::bundled;
use rulebook::diagnostics::{Sources, render, to_json};
use rulebook::engine::bitboard::{Bits, Wide};
use rulebook::engine::fen;
use rulebook::engine::position::{Move, MoveKind, Position};
use rulebook::game::{Game, MoveLine, Typed, bitboard_squares, new_game};
use rulebook::ir::Variant;
use rulebook::lower::{LoadError, Origin, load_text};

const VARIANTS: [&str; 4] = ["chess", "orda", "alice", "magnetic"];

// ---------------------------------------------------------------------------------------------
// Reference positions

struct Positions {
    /// The FENs of the EPD suite and the positions of the move lists.
    roots: Vec<String>,
    /// The FEN after every move of the move lists.
    results: Vec<String>,
}

fn reference(variant: &str) -> Positions {
    let mut roots = vec![];
    let mut results = vec![];
    let epd = std::fs::read_to_string(format!("tests/reference/perft/{variant}.epd"))
        .expect("reference file");
    for line in epd.lines() {
        if let Some((fen, _)) = rulebook::perft::parse_line(line).expect("well-formed suite") {
            roots.push(fen);
        }
    }
    let moves = std::fs::read_to_string(format!("tests/reference/moves/{variant}.jsonl"))
        .expect("reference file");
    for line in moves.lines().filter(|l| !l.trim().is_empty()) {
        let strings = json_strings(line);
        // "fen", <fen>, "moves", then "uci", <uci>, "fen", <fen> per move
        assert_eq!(
            (strings[0].as_str(), strings[2].as_str()),
            ("fen", "moves"),
            "{line}"
        );
        roots.push(strings[1].clone());
        results.extend(strings[3..].chunks(4).map(|c| c[3].clone()));
    }
    dedup(&mut roots);
    dedup(&mut results);
    assert!(
        roots.len() >= 40 && !results.is_empty(),
        "{variant}: {} positions",
        roots.len()
    );
    Positions { roots, results }
}

fn dedup(v: &mut Vec<String>) {
    let mut seen = BTreeSet::new();
    v.retain(|s| seen.insert(s.clone()));
}

/// The string literals of a reference JSON line (they contain no escapes).
fn json_strings(line: &str) -> Vec<String> {
    line.split('"')
        .skip(1)
        .step_by(2)
        .map(str::to_string)
        .collect()
}

fn variant(name: &str) -> Arc<Variant> {
    Arc::new(common::game(name).variant().as_ref().clone())
}

// ---------------------------------------------------------------------------------------------
// 1. FEN round trip

fn fen_round_trip(name: &str) {
    let p = reference(name);
    let mut game = common::game(name);
    let v = game.variant().clone();
    let mut checked = 0;
    for fen in p.roots.iter().chain(&p.results) {
        game.set_fen(fen)
            .unwrap_or_else(|e| panic!("{name}: {fen}: {e:?}"));
        assert_eq!(
            &game.fen(),
            fen,
            "{name}: printing the parsed FEN changes it"
        );
        // The parsed setup is a pure function of the text.
        let setup = fen::parse_setup(&v, fen).expect("parsed above");
        assert_eq!(fen::parse_setup(&v, &game.fen()).expect("canonical"), setup);
        // Non-canonical spellings of the same position print as the canonical text.
        for variant in spellings(fen) {
            game.set_fen(&variant)
                .unwrap_or_else(|e| panic!("{name}: `{variant}` (from {fen}): {e:?}"));
            assert_eq!(
                &game.fen(),
                fen,
                "{name}: `{variant}` does not print canonically"
            );
        }
        checked += 1;
    }
    assert!(checked >= 100, "{name}: only {checked} FENs");
}

/// Other texts of the same position: extra blanks, castling flags in another order, and the
/// default clocks left out.
fn spellings(fen: &str) -> Vec<String> {
    let f: Vec<&str> = fen.split(' ').collect();
    let mut out = vec![format!("  {}  ", f.join(" \t ")), format!("{}\n", fen)];
    if f[2].len() > 1 {
        let reversed: String = f[2].chars().rev().collect();
        out.push([f[0], f[1], &reversed, f[3], f[4], f[5]].join(" "));
    }
    if f[4] == "0" && f[5] == "1" {
        out.push(f[..4].join(" "));
    }
    out
}

#[test]
fn fen_round_trip_chess() {
    fen_round_trip("chess");
}
#[test]
fn fen_round_trip_orda() {
    fen_round_trip("orda");
}
#[test]
fn fen_round_trip_alice() {
    fen_round_trip("alice");
}
#[test]
fn fen_round_trip_magnetic() {
    fen_round_trip("magnetic");
}

// ---------------------------------------------------------------------------------------------
// 2. Play then undo

/// Through the `Game` trait: after `play` and `undo`, the FEN, the legal move list (with the
/// FEN of each move) and the history are what they were; and `play` reaches the FEN `moves`
/// announced.
fn play_undo_game(name: &str) {
    let p = reference(name);
    let mut total = 0;
    for fen in &p.roots {
        let mut game = common::game_at(name, fen);
        // A move played before gives undo a non-empty history to keep.
        let first = game.moves().first().map(|m| m.uci.clone());
        for prefix in [None, first] {
            if let Some(m) = &prefix {
                game.play(m)
                    .unwrap_or_else(|e| panic!("{name} {fen} {m}: {e:?}"));
            }
            let fen0 = game.fen();
            let moves0 = game.moves();
            let history0 = game.history();
            let status0 = game.status();
            for m in &moves0 {
                game.play(&m.uci)
                    .unwrap_or_else(|e| panic!("{name} {fen0} {}: {e:?}", m.uci));
                assert_eq!(
                    game.fen(),
                    m.fen,
                    "{name} {fen0}: {} reaches another position than listed",
                    m.uci
                );
                assert!(game.undo(), "{name}: nothing to undo after {}", m.uci);
                assert_eq!(game.fen(), fen0, "{name}: {} then undo", m.uci);
                assert_eq!(
                    game.moves(),
                    moves0,
                    "{name} {fen0}: the move list after {} then undo",
                    m.uci
                );
                assert_eq!(game.history(), history0);
                total += 1;
            }
            assert_eq!(game.status(), status0);
        }
    }
    assert!(total >= 1000, "{name}: only {total} moves");
}

/// Everything of a `Position` that a move may change.
#[derive(Debug, PartialEq)]
struct State<B> {
    board: Vec<u8>,
    pieces: Vec<B>,
    by_side: [B; 2],
    occ: B,
    side: rulebook::ir::Side,
    castling: u64,
    hand: Vec<u8>,
    walls: B,
    checks: [u8; 2],
    ep: Option<rulebook::engine::position::EnPassant>,
    halfmove: u32,
    fullmove: u32,
    pending_choice: Option<u8>,
    plies: usize,
    changes: Vec<(usize, u8, u8)>,
}

fn state<B: Bits>(p: &Position<B>) -> State<B> {
    State {
        board: p.board.clone(),
        pieces: p.pieces.clone(),
        by_side: p.by_side,
        occ: p.occ,
        side: p.side,
        castling: p.castling,
        hand: p.hand.clone(),
        walls: p.walls,
        checks: p.checks,
        ep: p.ep,
        halfmove: p.halfmove,
        fullmove: p.fullmove,
        pending_choice: p.pending_choice,
        plies: p.plies_played(),
        changes: p.last_changes(),
    }
}

/// The bitboards agree with the board array.
fn consistent<B: Bits>(t: &Typed<B>, context: &str) {
    let r = &*t.rules;
    let p = &t.pos;
    let mut pieces = vec![B::ZERO; r.codes.len()];
    let mut by_side = [B::ZERO; 2];
    let mut occ = B::ZERO;
    for (sq, &c) in p.board.iter().enumerate() {
        if c != 0 {
            let code = (c - 1) as usize;
            pieces[code] |= B::bit(sq);
            by_side[r.codes[code].side.index()] |= B::bit(sq);
            occ |= B::bit(sq);
        }
    }
    assert_eq!(p.pieces, pieces, "{context}: piece bitboards");
    assert_eq!(p.by_side, by_side, "{context}: side bitboards");
    assert_eq!(p.occ, occ, "{context}: occupancy");
}

/// Through `Position::make`/`unmake`: every pseudo-legal move (legal or refused) is undone
/// exactly, and the legal moves are exactly the pseudo-legal moves `make` accepts.
fn make_unmake<B: Bits>(v: Arc<Variant>, fens: &[String]) -> usize {
    let name = v.name.clone();
    let mut t = Typed::<B>::new(v);
    let r = t.rules.clone();
    let mut total = 0;
    for fen in fens {
        t.set_fen(fen)
            .unwrap_or_else(|e| panic!("{name}: {fen}: {e:?}"));
        consistent(&t, fen);
        let before = state(&t.pos);
        let mut legal = vec![];
        t.pos.legal_moves(&r, &mut legal);
        let mut pseudo = vec![];
        t.pos.pseudo_moves(&r, &mut pseudo);
        let mut accepted: Vec<Move> = vec![];
        for &m in &pseudo {
            let ok = t.pos.make(&r, m);
            let context = format!("{name} {fen} {} ({m:?})", t.uci(&m));
            consistent(&t, &context);
            assert_eq!(t.pos.plies_played(), before.plies + 1, "{context}");
            let pending = t.pos.pending_choice;
            if ok {
                // The position after a legal move reads back from its own FEN.
                let after = t.pos.fen(&r);
                let setup = fen::parse_setup(&r.variant, &after)
                    .unwrap_or_else(|e| panic!("{context}: {after}: {e:?}"));
                let again = Position::from_setup(&r, &setup);
                assert_eq!(again.board, t.pos.board, "{context}: {after}");
                match pending.and_then(|c| r.codes[c as usize].promotion.as_ref()) {
                    Some(p) => {
                        accepted.extend(p.choices.iter().map(|&c| Move { promo: c + 1, ..m }))
                    }
                    None => accepted.push(m),
                }
            }
            t.pos.unmake(&r);
            assert_eq!(state(&t.pos), before, "{context}: make then unmake");
            assert_eq!(t.pos.fen(&r), *fen, "{context}");
            total += 1;
        }
        if t.pos.immediate_end(&r).is_some() {
            // The game is over: no move is legal, whatever make says.
            assert!(legal.is_empty(), "{name} {fen}");
            accepted.clear();
        }
        let key = |m: &Move| (m.from, m.to, m.promo, format!("{:?}", m.kind));
        let mut a: Vec<_> = legal.iter().map(key).collect();
        let mut b: Vec<_> = accepted.iter().map(key).collect();
        a.sort();
        b.sort();
        assert_eq!(
            a, b,
            "{name} {fen}: legal moves differ from the pseudo-legal moves make accepts"
        );

        // Two plies deep: the reply's undo leaves the first move's state intact.
        for &m in &legal {
            t.pos.make(&r, m);
            let mid = state(&t.pos);
            let mut replies = vec![];
            t.pos.legal_moves(&r, &mut replies);
            for &m2 in &replies {
                t.pos.make(&r, m2);
                t.pos.unmake(&r);
                assert_eq!(
                    state(&t.pos),
                    mid,
                    "{name} {fen}: {} {} then undo",
                    t.uci(&m),
                    t.uci(&m2)
                );
                total += 1;
            }
            t.pos.unmake(&r);
        }
        assert_eq!(state(&t.pos), before, "{name} {fen}");
    }
    total
}

fn make_unmake_any(v: Arc<Variant>, fens: &[String]) -> usize {
    match bitboard_squares(&v) {
        0..=64 => make_unmake::<u64>(v, fens),
        65..=128 => make_unmake::<u128>(v, fens),
        129..=256 => make_unmake::<Wide<4>>(v, fens),
        257..=512 => make_unmake::<Wide<8>>(v, fens),
        _ => make_unmake::<Wide<16>>(v, fens),
    }
}

fn play_undo(name: &str) {
    play_undo_game(name);
    let p = reference(name);
    let mut fens = p.roots.clone();
    // Every tenth position after a move: they add en-passant squares, lost rights and
    // crossed pieces without making the test slow.
    fens.extend(p.results.iter().step_by(10).cloned());
    let total = make_unmake_any(variant(name), &fens);
    assert!(total >= 10_000, "{name}: only {total} moves");
}

#[test]
fn play_undo_chess() {
    play_undo("chess");
}
#[test]
fn play_undo_orda() {
    play_undo("orda");
}
#[test]
fn play_undo_alice() {
    play_undo("alice");
}
#[test]
fn play_undo_magnetic() {
    play_undo("magnetic");
}

/// The same property on a board wider than 64 squares (a 10x8 variant with one layer, and a
/// two-layer 10x10 one), so the `u128` and multi-word bitboards are covered too.
#[test]
fn play_undo_wide_boards() {
    let capablanca = r#"variant capa extends chess
board 10 x 8
piece archbishop { letters A a  leap (1,2)  ride (1,1) }
piece chancellor { letters C c  leap (1,2)  ride (1,0) }
replace castling {
  K king f1 to i1  rook j1 to h1  empty g1 h1 i1  safe f1 g1 h1
  k king f8 to i8  rook j8 to h8  empty g8 h8 i8  safe f8 g8 h8
}
start "rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR w Kk - 0 1"
"#;
    let wide_alice = r#"variant bigalice extends alice
board 10 x 10
replace castling { }
start "rnbqkk1bnr/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/RNBQKK1BNR w - - 0 1"
"#;
    for (text, extra) in [
        (capablanca, "r3k4r/10/10/10/4Pp4/10/10/R4K3R b Kk e3 0 1"),
        (wide_alice, "10/10/4k5/10/10/10/10/10/10/4K5 w - - 0 1"),
    ] {
        let mut sources = Sources::default();
        let loaded = match load_text("wide.variant", text, Origin::Bundled, &mut sources) {
            Ok(l) => l,
            Err(e) => panic!("{text}: {e:?}"),
        };
        let v = Arc::new(loaded.variant);
        let mut game = new_game(v.clone());
        let mut fens = vec![game.fen()];
        if game.set_fen(extra).is_ok() {
            fens.push(game.fen());
        }
        // A short game from the start, always the middle move.
        game.set_fen(&fens[0]).expect("start position");
        for _ in 0..12 {
            let moves = game.moves();
            let Some(m) = moves.get(moves.len() / 2) else {
                break;
            };
            game.play(&m.uci).expect("listed move");
            fens.push(game.fen());
        }
        assert!(make_unmake_any(v, &fens) > 100);
    }
}

// ---------------------------------------------------------------------------------------------
// 3. No panic on garbage

/// How many random inputs a sweep tries: the full count in release builds (as CI runs the
/// tests), a quarter of it in debug builds, which are about ten times slower but check for
/// arithmetic overflow.
fn budget(release: usize) -> usize {
    if cfg!(debug_assertions) {
        release / 4
    } else {
        release
    }
}

/// SplitMix64: small, fast and good enough to drive mutations reproducibly.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
    fn below(&mut self, n: usize) -> usize {
        if n == 0 {
            0
        } else {
            (self.next() % n as u64) as usize
        }
    }
    fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.below(items.len())]
    }
    fn chance(&mut self, percent: u64) -> bool {
        self.next() % 100 < percent
    }
}

/// Odd characters: control characters, multi-byte letters, combining marks, emoji, a
/// byte-order mark, right-to-left text.
const UNICODE: &[&str] = &[
    "\u{0}", "\u{7f}", "é", "ß", "\u{301}", "€", "𝕂", "😀", "\u{feff}", "\u{202e}", "İ", "ﬃ",
    "\u{2028}", "Ω", "ǅ",
];

/// Tokens of the variant language that are not keywords, and numbers near the limits.
const VARIANT_TOKENS: &[&str] = &[
    "{",
    "}",
    "(",
    ")",
    ",",
    "..",
    "\"",
    "#",
    ":",
    "==",
    "!=",
    "<",
    "<=",
    ">",
    ">=",
    ".",
    "-",
    "\n",
    " ",
    "x",
    "0",
    "1",
    "2",
    "3",
    "7",
    "8",
    "9",
    "15",
    "16",
    "17",
    "32",
    "33",
    "64",
    "65",
    "127",
    "128",
    "255",
    "256",
    "-1",
    "-128",
    "4294967296",
    "99999999999999999999999",
    "(0,0)",
    "(1,0)",
    "(2,1)",
    "(15,15)",
    "(-1,-1)",
    "(127,127)",
    "(200,3)",
    "a1",
    "e1",
    "h8",
    "p16",
    "z99",
    "a0",
    "king",
    "pawn",
    "queen",
    "rook",
    "knight",
    "bishop",
    "board1",
    "board2",
    "pawn-start",
    "last-rank",
    "magnetism",
    "forward",
    "backward",
    "sideways",
    "vertical",
    "left",
    "right",
    "K",
    "Q",
    "k",
    "q",
    "P",
    "p",
    "origin.royal",
    "target.side",
    "target.kind",
    "origin.kind",
    "friend",
    "enemy",
    "distance",
    "\"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\"",
    "\"8/8/8/8 w - - 0 1\"",
    "\"mNcR\"",
    "\"\"",
    "\"W\"",
    "\"nN\"",
    "\"fmWfceF\"",
    "\"ffN\"",
    "\"3\"",
    "\"Q0\"",
    "\"XYZ\"",
    "\"(\"",
    "\"R99\"",
];

/// Mutates a text by 1 to 4 random edits on character boundaries.
fn mutate(rng: &mut Rng, text: &str, tokens: &[&str], keywords: &[&str]) -> String {
    let mut s: Vec<char> = text.chars().collect();
    for _ in 0..1 + rng.below(4) {
        let at = rng.below(s.len() + 1);
        let token: String = match rng.below(4) {
            0 if !keywords.is_empty() => rng.pick(keywords).to_string(),
            1 => rng.pick(tokens).to_string(),
            0 | 2 => rng.pick(UNICODE).to_string(),
            _ => (0..1 + rng.below(3))
                .map(|_| (32 + rng.below(95) as u8) as char)
                .collect(),
        };
        match rng.below(9) {
            // flip a character
            0 if at < s.len() => {
                s[at] = char::from_u32(s[at] as u32 ^ (1 << rng.below(7))).unwrap_or('?')
            }
            // delete a range
            1 if at < s.len() => {
                let max = if rng.chance(20) { 200 } else { 8 };
                let n = (1 + rng.below(max)).min(s.len() - at);
                s.drain(at..at + n);
            }
            // truncate
            2 => s.truncate(at),
            // duplicate a range
            3 if at < s.len() => {
                let n = (1 + rng.below(60)).min(s.len() - at);
                let copy: Vec<char> = s[at..at + n].to_vec();
                let to = rng.below(s.len() + 1);
                s.splice(to..to, copy);
            }
            // replace a word with a token
            4 if at < s.len() => {
                let end = (at..s.len())
                    .find(|&i| s[i].is_whitespace())
                    .unwrap_or(s.len());
                s.splice(at..end, token.chars());
            }
            // swap two lines
            5 => {
                let text: String = s.iter().collect();
                let mut lines: Vec<&str> = text.split('\n').collect();
                let (a, b) = (rng.below(lines.len()), rng.below(lines.len()));
                lines.swap(a, b);
                s = lines.join("\n").chars().collect();
            }
            // replace a number by another
            6 => {
                if let Some(i) = (at..s.len()).chain(0..at).find(|&i| s[i].is_ascii_digit()) {
                    let end = (i..s.len())
                        .find(|&j| !s[j].is_ascii_digit())
                        .unwrap_or(s.len());
                    let n = rng
                        .pick(&[
                            "0",
                            "1",
                            "4",
                            "9",
                            "16",
                            "17",
                            "65",
                            "300",
                            "99999999999999999999",
                        ])
                        .to_string();
                    s.splice(i..end, n.chars());
                }
            }
            // insert a token
            _ => {
                s.splice(at..at, token.chars());
            }
        }
    }
    s.into_iter().collect()
}

/// Runs `f` on `input`; a panic is returned as its message.
fn no_panic(input: &str, f: impl FnOnce()) -> Result<(), String> {
    catch_unwind(AssertUnwindSafe(f)).map_err(|e| {
        let msg = e
            .downcast_ref::<String>()
            .cloned()
            .or_else(|| e.downcast_ref::<&str>().map(|s| s.to_string()))
            .unwrap_or_default();
        format!("{msg}\n--- input ---\n{input}\n-------------")
    })
}

/// Exercises a variant that loaded: its start position, its moves and a shallow perft.
fn exercise(v: Variant) {
    let mut game = new_game(Arc::new(v));
    let fen = game.fen();
    game.set_fen(&fen).expect("the start position reads back");
    assert_eq!(game.fen(), fen);
    let moves = game.moves();
    game.status();
    if let Some(m) = moves.first() {
        game.play(&m.uci).expect("a listed move plays");
        game.moves();
        assert!(game.undo());
    }
    assert_eq!(game.fen(), fen);
    game.perft(2);
}

/// Loads `text` as a bundled-origin variant, renders its diagnostics as the CLI does (text
/// and JSON), and exercises it if it loads.
fn load_any(text: &str) -> bool {
    let mut sources = Sources::default();
    let (problems, ok) = match load_text("fuzz.variant", text, Origin::Bundled, &mut sources) {
        Ok(l) => {
            exercise(l.variant);
            (l.warnings, true)
        }
        Err(LoadError::Invalid(problems)) => (problems, false),
        Err(LoadError::Unreadable(_)) => (vec![], false),
    };
    for p in &problems {
        render(p, &sources, false, 80);
    }
    to_json(&problems, &sources);
    ok
}

/// Sets `text` as a FEN; when accepted, the position prints canonically and can be played.
fn fen_any(game: &mut dyn Game, text: &str) {
    if game.set_fen(text).is_ok() {
        let printed = game.fen();
        game.set_fen(&printed)
            .unwrap_or_else(|e| panic!("the printed FEN `{printed}` does not read back: {e:?}"));
        assert_eq!(game.fen(), printed, "printing is not a fixed point");
        let moves = game.moves();
        game.status();
        if let Some(m) = moves.last() {
            game.play(&m.uci).expect("a listed move plays");
            let after = game.fen();
            assert_eq!(after, m.fen, "play reaches the listed FEN");
            game.moves();
            assert!(game.undo());
            assert_eq!(game.fen(), printed, "play then undo");
            game.set_fen(&after).unwrap_or_else(|e| {
                panic!(
                    "the FEN after {}, `{after}`, does not read back: {e:?}",
                    m.uci
                )
            });
        }
        game.perft(2);
    }
}

fn report(name: &str, cases: usize, failures: Vec<String>) {
    assert!(
        failures.is_empty(),
        "{name}: {} of {cases} inputs panic; the first:\n{}",
        failures.len(),
        failures
            .iter()
            .take(3)
            .cloned()
            .collect::<Vec<_>>()
            .join("\n\n")
    );
}

#[test]
fn garbage_variant_files() {
    let mut rng = Rng(0x5EED_0007);
    let mut failures = vec![];
    let mut cases = 0;
    let mut loaded = 0;
    for name in VARIANTS {
        let text = bundled::get(name).expect("bundled");
        for _ in 0..budget(4000) {
            let input = mutate(
                &mut rng,
                text,
                VARIANT_TOKENS,
                rulebook::syntax::parse::KEYWORDS,
            );
            let r = no_panic(&input, || {
                if load_any(&input) {
                    loaded += 1;
                }
            });
            failures.extend(r.err());
            cases += 1;
        }
    }
    // Short inputs from scratch: keywords and tokens strung together.
    for _ in 0..budget(6000) {
        let n = 1 + rng.below(12);
        let input: Vec<&str> = (0..n)
            .map(|_| {
                if rng.chance(50) {
                    *rng.pick(rulebook::syntax::parse::KEYWORDS)
                } else {
                    *rng.pick(VARIANT_TOKENS)
                }
            })
            .collect();
        let input = format!(
            "variant v extends {}\n{}",
            rng.pick(&VARIANTS),
            input.join(" ")
        );
        failures.extend(
            no_panic(&input, || {
                load_any(&input);
            })
            .err(),
        );
        cases += 1;
    }
    eprintln!("variant files: {cases} inputs, {loaded} loaded and played");
    report("variant files", cases, failures);
    // The mutations are mostly harmful, but some keep the file valid and get played.
    assert!(loaded > budget(400), "only {loaded} mutated files load");
}

const FEN_TOKENS: &[&str] = &[
    "/",
    " ",
    "-",
    "w",
    "b",
    "K",
    "Q",
    "k",
    "q",
    "KQkq",
    "0",
    "1",
    "8",
    "9",
    "10",
    "16",
    "99",
    "4294967295",
    "4294967296",
    "18446744073709551616",
    "a1",
    "e3",
    "e6",
    "h9",
    "i1",
    "z0",
    "a",
    "P",
    "p",
    "L",
    "l",
    "S",
    "s",
    "O",
    "T",
    "Y",
    "y",
    "H",
    "h",
    "A",
    "a",
    "8/",
    "/8",
    "pppppppp",
    "PPPPPPPP",
    "\t",
    "\n",
    "+",
    "0 1",
    "-1",
    "1e3",
];
const FEN_WORDS: &[&str] = &["w", "b", "-", "KQkq", "0", "1"];

#[test]
fn garbage_fens() {
    let mut rng = Rng(0xFE7_0007);
    let mut failures = vec![];
    let mut cases = 0;
    let mut accepted = 0;
    for name in VARIANTS {
        let p = reference(name);
        let mut game = common::game(name);
        for _ in 0..budget(10_000) {
            let base = if rng.chance(70) {
                rng.pick(&p.roots)
            } else {
                rng.pick(&p.results)
            };
            let input = mutate(&mut rng, base, FEN_TOKENS, FEN_WORDS);
            let r = no_panic(&format!("{name}: {input}"), || {
                if game.set_fen(&input).is_ok() {
                    accepted += 1;
                }
                fen_any(game.as_mut(), &input);
            });
            if r.is_err() {
                // The game may be left mid-move by the panic.
                game = common::game(name);
            }
            failures.extend(r.err());
            cases += 1;
        }
        for _ in 0..budget(2000) {
            let input: String = (0..rng.below(40)).map(|_| *rng.pick(FEN_TOKENS)).collect();
            failures.extend(
                no_panic(&format!("{name}: {input}"), || {
                    fen_any(game.as_mut(), &input)
                })
                .err(),
            );
            cases += 1;
        }
    }
    eprintln!("FENs: {cases} inputs, {accepted} accepted and played");
    report("FENs", cases, failures);
    assert!(
        accepted > budget(800),
        "only {accepted} mutated FENs are accepted"
    );
}

/// A move as a careless or hostile user types it: noise, a legal move (UCI or SAN) mangled, a
/// square with a huge rank, or a move with a stray character.
fn mangled_move(rng: &mut Rng, legal: &[String], sans: &[String], alphabet: &[char]) -> String {
    match rng.below(5) {
        4 if !sans.is_empty() => {
            let base = rng.pick(sans).clone();
            mutate(
                rng,
                &base,
                &["+", "#", "x", "=", "=Q", "O-O", "@", "+P", "!", "e.p.", ","],
                &[],
            )
        }
        0 => (0..rng.below(10)).map(|_| *rng.pick(alphabet)).collect(),
        1 if !legal.is_empty() => {
            let base = rng.pick(legal).clone();
            mutate(
                rng,
                &base,
                &[
                    "1",
                    "0",
                    "9",
                    "10",
                    "99999999999999999999",
                    "q",
                    "Q",
                    "=",
                    " ",
                ],
                &[],
            )
        }
        2 => format!(
            "{}{}{}{}{}",
            (b'a' + rng.below(26) as u8) as char,
            rng.below(20),
            (b'a' + rng.below(26) as u8) as char,
            rng.pick(&[
                "0",
                "1",
                "8",
                "9",
                "16",
                "17",
                "255",
                "256",
                "65536",
                "4294967296",
                "99999999999999999999999"
            ]),
            rng.pick(&["", "q", "n", "k", "p", "z", "Q", "1", "é", "qq"])
        ),
        _ => mutate(rng, "e2e4", &["1", "8", "9", "q"], &[]) + *rng.pick(UNICODE),
    }
}

#[test]
fn garbage_moves() {
    let mut rng = Rng(0x307E_0007);
    let mut failures = vec![];
    let mut cases = 0;
    let mut played = 0;
    let alphabet: Vec<char> = "abcdefghijklmnopqrstuvwxyz0123456789 QRBNKqrbnk-=+#x@/.\t"
        .chars()
        .collect();
    for name in VARIANTS {
        let p = reference(name);
        for fen in p.roots.iter().step_by(4) {
            let mut game = common::game_at(name, fen);
            let lines = game.moves();
            let legal: Vec<String> = lines.iter().map(|m| m.uci.clone()).collect();
            let sans: Vec<String> = lines.iter().map(|m| m.san.clone()).collect();
            for _ in 0..budget(300) {
                let input = mangled_move(&mut rng, &legal, &sans, &alphabet);
                let before = game.fen();
                let r = no_panic(&format!("{name} {fen}: {input:?}"), || {
                    if game.play(&input).is_ok() {
                        played += 1;
                        assert!(game.undo());
                    }
                    assert_eq!(game.fen(), before);
                });
                if r.is_err() {
                    game = common::game_at(name, fen);
                }
                failures.extend(r.err());
                cases += 1;
            }
        }
    }
    eprintln!("moves: {cases} inputs, {played} played");
    report("moves", cases, failures);
}

/// Mangled PGN files: read, and their games replayed, with errors and never a panic.
#[test]
fn garbage_pgn() {
    use rulebook::game::pgn;
    let mut rng = Rng(0x9E11_0009);
    let mut failures = vec![];
    let mut cases = 0;
    let tokens = [
        "[",
        "]",
        "{",
        "}",
        "(",
        ")",
        "\"",
        "\\",
        "1.",
        "...",
        "½",
        "O-O",
        "$1",
        ";",
        "%",
        "\n",
        "*",
        "1-0",
        "[Variant \"Atomic\"]",
        "[FEN \"8/8 w\"]",
        "=Q",
        "P@",
    ];
    let chess = variant("chess");
    for file in ["lichess-opera-game", "lichess-crazyhouse", "from-position"] {
        let text = std::fs::read_to_string(format!("tests/pgn/{file}.pgn")).expect("fixture");
        for _ in 0..budget(150) {
            let input = mutate(&mut rng, &text, &tokens, &[]);
            let r = no_panic(&format!("{file}: {input:?}"), || {
                if let Ok(games) = pgn::parse(&input) {
                    for g in &games {
                        if let Ok(v) = pgn::find_variant(g, &chess) {
                            let _ = pgn::replay(new_game(v).as_mut(), g);
                        }
                    }
                }
            });
            failures.extend(r.err());
            cases += 1;
        }
    }
    report("pgn", cases, failures);
}

// ---------------------------------------------------------------------------------------------
// Regressions found by the fuzz targets in fuzz/ (each was a panic)

/// Alice: after g1f3 (the knight crosses to board 2) and f2f4 (the pawn crosses too), f3 is
/// empty on board 1, where the pawn passed, though board 2's knight stands on that cell. The
/// FEN parser used to reject the en-passant square that the game itself prints.
#[test]
fn regression_alice_en_passant_square_occupied_on_the_other_layer() {
    let fen = "rnbqkbnr/ppp1pppp/8/8/2p2S2/5O2/PP1PP1PP/RNBQKB1R b KQkq f3 0 3";
    let mut game = common::game_at("alice", fen);
    assert_eq!(game.fen(), fen);
    // The knight on board 2 is not where the pawn passed; but a piece on board 1 is.
    assert!(
        game.set_fen("rnbqkbnr/ppp1pppp/8/8/2p2S2/5N2/PP1PP1PP/RNBQKB1R b KQkq f3 0 3")
            .is_err()
    );
    // With one layer, the square passed over must be empty.
    let mut chess = common::game("chess");
    assert!(
        chess
            .set_fen("rnbqkbnr/pppppppp/8/8/5P2/5N2/PPPPP1PP/RNBQKB1R b KQkq f3 0 1")
            .is_err()
    );
    assert!(
        chess
            .set_fen("rnbqkbnr/pppppppp/8/8/5P2/8/PPPPP1PP/RNBQKBNR b KQkq f3 0 1")
            .is_ok()
    );
}

/// The clocks a FEN may give stop at `MAX_CLOCK` (2^31 - 1), so a move from there counts on
/// instead of stopping at `u32::MAX` (a panic with overflow checks, a fullmove number of 0
/// without, a counter that stopped without a word after the first fix).
#[test]
fn regression_clocks_at_their_largest_value() {
    let fen = "4k3/8/8/8/8/8/8/4K3 b - - 2147483647 2147483647";
    let mut game = common::game_at("chess", fen);
    game.play("e8d8").expect("legal");
    assert_eq!(
        game.fen(),
        "3k4/8/8/8/8/8/8/4K3 w - - 2147483648 2147483648"
    );
    assert!(game.undo());
    assert_eq!(game.fen(), fen);
}

/// A FEN's pieces in hand and clocks beyond what the position holds are errors naming the
/// field, never clamped: an unclosed hand, a royal piece in hand, more than 255 of a piece
/// (or more than 255 pieces in all, where a capture could overflow a hand), a clock past
/// `MAX_CLOCK`.
#[test]
fn regression_fen_fields_beyond_what_the_position_holds() {
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR";
    let cases = [
        (format!("{start}[ w KQkq - 0 1"), "hand", "not closed"),
        (format!("{start}[Qq w KQkq - 0 1"), "hand", "not closed"),
        (format!("{start}[Qq"), "hand", "not closed"),
        (format!("{start}[K] w KQkq - 0 1"), "hand", "royal"),
        (format!("{start}[k] w KQkq - 0 1"), "hand", "royal"),
        (
            format!("{start}[256P] w KQkq - 0 1"),
            "hand",
            "more than 255",
        ),
        (
            format!("{start}[200P56PP] w KQkq - 0 1"),
            "hand",
            "more than 255",
        ),
        (
            format!("{start}[3] w KQkq - 0 1"),
            "hand",
            "not followed by a piece",
        ),
        (
            format!("{start}[] w KQkq - 4294967295 1"),
            "halfmove clock",
            "too large",
        ),
        (
            format!("{start}[] w KQkq - 0 4294967295"),
            "fullmove number",
            "too large",
        ),
        (
            format!("{start}[] w KQkq - 0 2147483648"),
            "fullmove number",
            "too large",
        ),
    ];
    let mut game = common::game("crazyhouse");
    for (fen, field, why) in cases {
        let e = game.set_fen(&fen).expect_err(&fen);
        assert_eq!(e.field, field, "{fen}: {e:?}");
        assert!(e.message.contains(why), "{fen}: {e:?}");
    }
    game.set_fen("4k3/8/8/8/8/8/8/4K3[253P] w - - 0 1")
        .expect("255 pieces in all fit");
    // 32 on the board and 224 in hand: a capture would make a hand's 256th piece.
    let e = game
        .set_fen(&format!("{start}[224P] w KQkq - 0 1"))
        .expect_err("256 pieces in all");
    assert_eq!(e.field, "hand", "{e:?}");
    assert!(
        e.message.contains("256 pieces on the board and in hand"),
        "{e:?}"
    );
}

/// A `layers` block that names no layer (found by `variant_parser` in the diagnostics corpus;
/// the letters of the first layer were indexed in an empty list).
#[test]
fn regression_empty_layers_block() {
    let text = "variant nolayers extends chess\nlayers {\n}\n";
    let mut sources = Sources::default();
    match load_text("nolayers.variant", text, Origin::Bundled, &mut sources) {
        Err(LoadError::Invalid(problems)) => assert!(
            problems.iter().any(|p| p.message.contains("no layer")),
            "{problems:?}"
        ),
        Ok(_) => panic!("a variant without layers loads"),
        Err(e) => panic!("{e:?}"),
    }
}

// ---------------------------------------------------------------------------------------------
// Move notation

/// In every bundled variant, on the positions of its Fairy-Stockfish suite: no two legal moves
/// share a UCI string or a SAN string, and playing a move by its SAN reaches the position its
/// UCI does.
#[test]
fn uci_and_san_name_each_legal_move_once_in_every_variant() {
    let mut checked = 0;
    for name in bundled::names() {
        let path = format!("tests/reference/fairy/{name}.epd");
        let Ok(suite) = std::fs::read_to_string(&path) else {
            continue;
        };
        let fens = suite
            .lines()
            .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
            .map(|l| l.split(';').next().unwrap_or("").trim().to_string())
            .take(6);
        for fen in fens {
            let mut game = common::game_at(name, &fen);
            let moves = game.moves();
            let mut uci = BTreeSet::new();
            let mut san = BTreeSet::new();
            for m in &moves {
                assert!(uci.insert(&m.uci), "{name} {fen}: two moves are {}", m.uci);
                assert!(san.insert(&m.san), "{name} {fen}: two moves are {}", m.san);
                game.play(&m.san)
                    .unwrap_or_else(|e| panic!("{name} {fen}: {} ({}): {e:?}", m.san, m.uci));
                assert_eq!(
                    game.fen(),
                    m.fen,
                    "{name} {fen}: {} is not {}",
                    m.san,
                    m.uci
                );
                assert!(game.undo());
                checked += 1;
            }
        }
    }
    assert!(checked >= 20_000, "only {checked} moves checked");
}

// ---------------------------------------------------------------------------------------------
// Legality without playing

/// The positions of an EPD suite, if the file exists.
fn suite_roots(path: &str) -> Option<Vec<String>> {
    let suite = std::fs::read_to_string(path).ok()?;
    Some(
        suite
            .lines()
            .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
            .map(|l| l.split(';').next().unwrap_or("").trim().to_string())
            .collect(),
    )
}

/// `roots`, and the positions one move after them (every `step`-th move's).
fn with_children(name: &str, roots: &[String], step: usize) -> Vec<String> {
    let mut fens = roots.to_vec();
    for fen in roots {
        let mut game = common::game_at(name, fen);
        fens.extend(game.moves().into_iter().step_by(step).map(|m| m.fen));
    }
    fens
}

/// The moves of `fens` whose legality the fast paths (pins, occupancy sketches, explosion
/// tables) decide are exactly the pseudo-legal moves that playing accepts; returns how many
/// pseudo-legal moves were compared.
fn fast_legality_agrees<B: Bits>(v: Arc<Variant>, fens: &[String]) -> usize {
    let name = v.name.clone();
    let mut t = Typed::<B>::new(v);
    let r = t.rules.clone();
    let mut compared = 0;
    for fen in fens {
        t.set_fen(fen)
            .unwrap_or_else(|e| panic!("{name}: {fen}: {e:?}"));
        let mut legal = vec![];
        t.pos.legal_moves(&r, &mut legal);
        let mut pseudo = vec![];
        t.pos.pseudo_moves(&r, &mut pseudo);
        let mut accepted = vec![];
        if t.pos.immediate_end(&r).is_none() {
            for &m in &pseudo {
                if t.pos.make(&r, m) {
                    match t
                        .pos
                        .pending_choice
                        .and_then(|c| r.codes[c as usize].promotion.as_ref())
                    {
                        Some(p) => {
                            accepted.extend(p.choices.iter().map(|&c| Move { promo: c + 1, ..m }))
                        }
                        None => accepted.push(m),
                    }
                }
                t.pos.unmake(&r);
            }
            // The obligations filter the legal list as a whole, as `legal_moves` does.
            let forced = |m: &Move| {
                let kind = r.codes[m.promo.max(1) as usize - 1].hand_code as usize % r.kinds;
                m.kind == MoveKind::Drop
                    && (r.must_drop_only.is_empty() || r.must_drop_only.contains(&kind))
            };
            if r.must_drop && accepted.iter().any(forced) {
                accepted.retain(forced);
            }
            if r.must_capture && accepted.iter().any(|m| t.pos.is_capture(m)) {
                accepted.retain(|m| t.pos.is_capture(m));
            }
            // `pass when stuck`: a side with no other move passes, as `legal_moves` adds it to
            // an empty list; the pass it offers is judged here by playing it.
            if accepted.is_empty() && r.pass_when_stuck {
                for &m in legal.iter().filter(|m| m.kind == MoveKind::Pass) {
                    if t.pos.make(&r, m) {
                        accepted.push(m);
                    }
                    t.pos.unmake(&r);
                }
            }
        }
        compared += pseudo.len();
        let key = |m: &Move| (m.from, m.to, m.promo, m.aux, format!("{:?}", m.kind));
        let mut a: Vec<_> = legal.iter().map(key).collect();
        let mut b: Vec<_> = accepted.iter().map(key).collect();
        a.sort();
        b.sort();
        assert_eq!(a, b, "{name} {fen}: fast legality differs from playing");
    }
    compared
}

fn fast_legality_agrees_any(v: Arc<Variant>, fens: &[String]) -> usize {
    match bitboard_squares(&v) {
        0..=64 => fast_legality_agrees::<u64>(v, fens),
        65..=128 => fast_legality_agrees::<u128>(v, fens),
        129..=256 => fast_legality_agrees::<Wide<4>>(v, fens),
        257..=512 => fast_legality_agrees::<Wide<8>>(v, fens),
        _ => fast_legality_agrees::<Wide<16>>(v, fens),
    }
}

/// In every bundled variant, on every position of its Fairy-Stockfish suite and the positions
/// one move after them: the legal moves found without playing are those playing accepts.
#[test]
fn fast_legality_agrees_with_playing_in_every_variant() {
    let mut compared = 0;
    for name in bundled::names() {
        let Some(roots) = suite_roots(&format!("tests/reference/fairy/{name}.epd")) else {
            continue;
        };
        let fens = with_children(name, &roots, 3);
        compared += fast_legality_agrees_any(variant(name), &fens);
    }
    assert!(compared >= 100_000, "only {compared} moves compared");
}

/// The same on the vchess suites (`tests/reference/vchess/NAME.epd`) of the variants whose
/// captures of friends, merges, counts of pieces, effects and promotions into the other side's pieces
/// are judged by playing the move.
#[test]
fn fast_legality_agrees_with_playing_in_vchess_variants_with_effects() {
    let mut compared = 0;
    for name in [
        "coronation",
        "benedict",
        "kingsmaker",
        "freecapture",
        "recycle",
        "cannibal1",
        "cannibal2",
        "antimatter",
        "antiking2",
        "absorption",
        "selfabsorb",
    ] {
        let roots = suite_roots(&format!("tests/reference/vchess/{name}.epd")).expect(name);
        let fens = with_children(name, &roots, 1);
        compared += fast_legality_agrees_any(variant(name), &fens);
    }
    assert!(compared >= 20_000, "only {compared} moves compared");
}

/// Perft at `depth` from each of `fens`, by the plain path and by the interpreter alone; `None`
/// when the rules are not plain, else how many positions were compared.
fn plain_path_agrees<B: Bits>(v: Arc<Variant>, fens: &[String], depth: u32) -> Option<usize> {
    let name = v.name.clone();
    let mut t = Typed::<B>::new(v);
    let r = t.rules.clone();
    r.plain.as_ref()?;
    for fen in fens {
        t.set_fen(fen)
            .unwrap_or_else(|e| panic!("{name}: {fen}: {e:?}"));
        let plain = t.pos.perft(&r, depth, &mut vec![]);
        let interpreted = t.pos.perft_interpreted(&r, depth, &mut vec![]);
        assert_eq!(plain, interpreted, "{name} {fen}: perft {depth}");
    }
    Some(fens.len())
}

fn plain_path_agrees_any(v: Arc<Variant>, fens: &[String], depth: u32) -> Option<usize> {
    match bitboard_squares(&v) {
        0..=64 => plain_path_agrees::<u64>(v, fens, depth),
        65..=128 => plain_path_agrees::<u128>(v, fens, depth),
        129..=256 => plain_path_agrees::<Wide<4>>(v, fens, depth),
        257..=512 => plain_path_agrees::<Wide<8>>(v, fens, depth),
        _ => plain_path_agrees::<Wide<16>>(v, fens, depth),
    }
}

/// In every bundled variant whose rules are plain, on every position of its suites and the
/// positions one move after them: perft by the plain path equals the interpreter's, move
/// generation and counting written twice, independently.
#[test]
fn plain_path_agrees_with_the_interpreter_in_every_plain_variant() {
    let mut variants = vec![];
    let mut positions = 0;
    for name in bundled::names() {
        let roots = suite_roots(&format!("tests/reference/fairy/{name}.epd"))
            .or_else(|| suite_roots(&format!("tests/reference/perft/{name}.epd")));
        let Some(roots) = roots else { continue };
        let fens = with_children(name, &roots, 1);
        if let Some(n) = plain_path_agrees_any(variant(name), &fens, 2) {
            plain_path_agrees_any(variant(name), &roots, 3);
            variants.push(name);
            positions += n;
        }
    }
    assert!(
        variants.len() >= 30,
        "only {} plain variants",
        variants.len()
    );
    assert!(positions >= 10_000, "only {positions} positions compared");
    eprintln!(
        "{} plain variants, {positions} positions: {}",
        variants.len(),
        variants.join(" ")
    );
}

/// Perft by the plain path equals the interpreter's for `v` on chess's suite positions that
/// `v` accepts and the positions one move after them; returns how many were compared.
fn plain_path_agrees_on_chess_positions(v: Arc<Variant>) -> usize {
    let roots = suite_roots("tests/reference/perft/chess.epd").expect("the chess suite");
    let mut fens = vec![];
    for fen in &roots {
        let mut game = new_game(v.clone());
        if game.set_fen(fen).is_ok() {
            fens.push(fen.clone());
            fens.extend(game.moves().into_iter().map(|m| m.fen));
        }
    }
    plain_path_agrees_any(v, &fens, 2).expect("plain rules")
}

/// Where no move may give check, the plain path's filters (the squares from which a piece
/// would check, the lines a piece screens, promotions judged per choice, en passant and castling
/// played) agree with the interpreter's on chess's positions, whose pawns, castles and
/// promotions Racing Kings does not have.
#[test]
fn plain_path_agrees_with_the_interpreter_where_no_move_may_give_check() {
    let text = "variant nochecks \"Chess, no checks\" extends chess\nno checks\n";
    let mut sources = Sources::default();
    let loaded = load_text(
        "nochecks",
        text,
        Origin::File("nochecks".into()),
        &mut sources,
    )
    .unwrap_or_else(|_| panic!("the variant does not load"));
    let n = plain_path_agrees_on_chess_positions(Arc::new(loaded.variant));
    assert!(n >= 1_000, "only {n} positions compared");
}

/// A region reached `safe or held` (a pawn's queen on the far rank, not attacked when it
/// arrives or left there by the opponent): the plain path's judgement of it agrees with the
/// interpreter's on Bishopawns's suite positions and those one move after them (without its
/// extinction rule, which the plain path does not take).
#[test]
fn plain_path_agrees_with_the_interpreter_on_a_region_reached_safe_or_held() {
    let text = "variant pawnrace \"Bishop vs pawns, no extinction\" extends bishopawns\n\
                replace end {\n  reach last-rank with queen safe or held wins\n  stalemate draws\n}\n";
    let mut sources = Sources::default();
    let loaded = load_text(
        "pawnrace",
        text,
        Origin::File("pawnrace".into()),
        &mut sources,
    )
    .unwrap_or_else(|_| panic!("the variant does not load"));
    let roots = suite_roots("tests/reference/vchess/bishopawns.epd").expect("the suite");
    let fens = with_children("bishopawns", &roots, 1);
    let n = plain_path_agrees_any(Arc::new(loaded.variant), &fens, 3).expect("plain rules");
    assert!(n >= 100, "only {n} positions compared");
}

/// With several royal pieces (Coregal's queens), the plain path's checks and pins of each, the
/// moves of a royal piece that screens another, and promotions to a royal piece agree with the
/// interpreter's on chess's positions, promotions among them.
#[test]
fn plain_path_agrees_with_the_interpreter_with_several_royal_pieces() {
    let n = plain_path_agrees_on_chess_positions(variant("coregal"));
    assert!(n >= 500, "only {n} positions compared");
}

/// With effects and no check rule (Magnetic's pulls and pushes), the plain path's effects
/// played on its copied board, and the leaf's moves whose push promotes a pawn found from the
/// squares it could be pushed from, agree with the interpreter on chess's positions, whose
/// pawns near their last rank are pushed there often.
#[test]
fn plain_path_agrees_with_the_interpreter_where_effects_move_pieces() {
    let n = plain_path_agrees_on_chess_positions(variant("magnetic"));
    assert!(n >= 1_000, "only {n} positions compared");
}

/// On two layers (Alice's boards), the plain path's judgement from one royal piece's checks and
/// pins on its layer, and its crossings, castles, en passant captures and promotions, agree
/// with the interpreter on chess's positions (all on the first board) and the positions one
/// move after them (a piece on the second).
#[test]
fn plain_path_agrees_with_the_interpreter_on_two_layers() {
    let n = plain_path_agrees_on_chess_positions(variant("alice"));
    assert!(n >= 1_000, "only {n} positions compared");
}

/// At every position of random games in every bundled variant, perft 1 (counted in bulk
/// from target sets, pins and the lines a move could open) equals the number of legal moves
/// listed one by one: the leaf counts of every path against the move list.
#[test]
fn perft_one_counts_the_listed_moves_in_every_variant() {
    let mut compared = 0;
    for name in bundled::names() {
        let mut seed = 4242u64;
        for _ in 0..8 {
            let mut game = common::game(name);
            random_game(&mut game, &mut seed, 120, |game, moves| {
                assert_eq!(game.perft(1), moves.len() as u64, "{name} {}", game.fen());
                compared += 1;
            });
        }
    }
    assert!(compared >= 50_000, "only {compared} positions compared");
}

/// Plays up to `plies` random moves of `game` (drawn from `seed`), calling `visit` with each
/// position reached and its moves, the first and the last included.
fn random_game(
    game: &mut Box<dyn Game>,
    seed: &mut u64,
    plies: usize,
    mut visit: impl FnMut(&mut Box<dyn Game>, &[MoveLine]),
) {
    for _ in 0..plies {
        let moves = game.moves();
        visit(game, &moves);
        if moves.is_empty() {
            break;
        }
        *seed = seed
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        let m = &moves[(*seed >> 33) as usize % moves.len()];
        game.play(&m.uci).expect("a listed move");
    }
}

/// The positions of `games` random games of `game`'s variant from its current position.
fn random_positions(game: &mut Box<dyn Game>, games: usize, plies: usize) -> Vec<String> {
    let start = game.fen();
    let mut fens = vec![];
    let mut seed = 777u64;
    for _ in 0..games {
        game.set_fen(&start).expect("the position it was in");
        random_game(game, &mut seed, plies, |game, _| fens.push(game.fen()));
    }
    fens
}

/// At positions of random games in every plain variant (pulls and pushes that carry pieces far
/// from the suites' positions among them), perft 2 by the plain path equals the interpreter's.
#[test]
fn plain_path_agrees_with_the_interpreter_on_random_games() {
    let mut compared = 0;
    for name in bundled::names() {
        let fens = random_positions(&mut common::game(name), 4, 80);
        compared += plain_path_agrees_any(variant(name), &fens, 2).unwrap_or(0);
    }
    assert!(compared >= 10_000, "only {compared} positions compared");
}

/// Two layers of 36 cells each, fewer than a word holds: the plain path counts a layer's moves
/// as words of it, and agrees with the interpreter on random games.
#[test]
fn plain_path_agrees_with_the_interpreter_on_small_layers() {
    let mut game = game_from_text(
        "variant smallalice extends alice\nboard 6 x 6\nreplace region last-rank rank 6\n\
         replace castling { }\nstart \"rnbqkr/pppppp/6/6/PPPPPP/RNBQKR w - - 0 1\"\n",
    );
    let fens = random_positions(&mut game, 8, 60);
    let n = plain_path_agrees::<u128>(game.variant().clone(), &fens, 2).expect("plain rules");
    assert!(n >= 300, "only {n} positions compared");
}

/// Two layers of 25 cells, 50 squares in all: one word would hold them, but a board of several
/// layers takes two (`bitboard_squares`: a one-word board reads its sliders from square 0, and
/// the second layer starts at square 25); the plain path agrees with the interpreter on random
/// games there.
#[test]
fn two_small_layers_take_two_words() {
    let mut game = game_from_text(
        "variant minialice extends gardner\nlayers {\n  board1\n  board2 letters {\n    \
         pawn S s  rook U u  knight O o  bishop C c  queen T t  king L l\n  }\n  \
         cross after moves\n}\ncheck at move, final\n",
    );
    assert_eq!(bitboard_squares(game.variant()), 65);
    let fens = random_positions(&mut game, 8, 60);
    let n = plain_path_agrees_any(game.variant().clone(), &fens, 2).expect("plain rules");
    assert!(n >= 300, "only {n} positions compared");
}

/// A game loaded from the variant text `text`.
fn game_from_text(text: &str) -> Box<dyn Game> {
    let mut sources = Sources::default();
    let loaded = load_text("test", text, Origin::File("test".into()), &mut sources)
        .unwrap_or_else(|_| panic!("the variant does not load"));
    new_game(Arc::new(loaded.variant))
}

/// A pass is counted at a leaf as it is listed: perft used to leave it out wherever pins
/// settle the other moves (any variant with a pass but no hopper). The deeper counts are
/// Fairy-Stockfish's for `[passchess:chess]` with `pass = true`, which ends the game after two
/// passes in a row.
#[test]
fn regression_a_pass_is_counted_at_a_leaf() {
    let mut game = game_from_text("variant passchess \"Chess with passing\" extends chess\npass\n");
    assert_eq!(game.moves().len(), 21);
    assert_eq!(game.perft(1), 21);
    let mut game = game_from_text(
        "variant passchess \"Chess with passing\" extends chess\npass\n\
         replace end {\n  checkmate wins\n  stalemate draws\n  double pass draws\n}\n",
    );
    assert_eq!(game.perft(3), 10_187);
    game.set_fen("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1")
        .expect("Kiwipete");
    assert_eq!(game.perft(3), 104_368);
}

/// A moving wall put on the square a pawn just passed over leaves no en passant there, and the
/// FEN written says `-` (it used to say `a3`, which the FEN reader then refused).
#[test]
fn regression_a_wall_on_the_passed_square_ends_en_passant() {
    let mut game = common::game("duck");
    game.play("a2a4,a4a3").expect("a legal move");
    assert_eq!(
        game.fen(),
        "rnbqkbnr/pppppppp/8/8/P7/*7/1PPPPPPP/RNBQKBNR b KQkq - 0 1"
    );
}

/// A pawn that promotes on its double step is no longer a pawn to take en passant (Torpedo):
/// the FEN written after it has no en-passant square.
#[test]
fn regression_a_double_step_that_promotes_leaves_no_en_passant() {
    let mut game = common::game_at("torpedo", "1n2k3/8/P7/8/8/8/8/4K3 w - - 0 1");
    game.play("a6a8q").expect("a legal move");
    assert_eq!(game.fen(), "Qn2k3/8/8/8/8/8/8/4K3 b - - 0 1");
}

/// A rook whose file moves are two atoms of one vector, `from` the rest of the board `to` the
/// corner and back, in either order.
fn split_rook(first: &str, second: &str) -> Box<dyn Game> {
    game_from_text(&format!(
        "variant splitrook extends chess\nregion top squares a7 b7 a8 b8\n\
         region rest white ranks 1..6 black ranks 3..8 + files c..h\n\
         replace piece rook {{\n  letters R r\n  ride (1,0) {first}\n  ride (1,0) {second}\n}}\n"
    ))
}

/// Two atoms of one vector and other `from`/`to` regions both attack: only the first used to
/// count, so a king could step into the file of a rook whose second atom covered it. Either
/// order gives the same moves and counts, and the fast legality tests (pins, checks) agree
/// with playing.
#[test]
fn regression_a_repeated_atom_attacks_from_each_of_its_regions() {
    let orders = [
        ("from rest to top", "from top to rest"),
        ("from top to rest", "from rest to top"),
    ];
    let mut perfts = vec![];
    for (first, second) in orders {
        let mut game = split_rook(first, second);
        game.set_fen("r3k3/8/8/8/8/8/8/1K6 w - - 0 1")
            .expect("a position");
        let moves: Vec<String> = game.moves().into_iter().map(|m| m.uci).collect();
        assert_eq!(moves, ["b1b2", "b1c1", "b1c2"], "{first}, {second}");
        let fens = random_positions(&mut split_rook(first, second), 6, 60);
        let n = fast_legality_agrees_any(game.variant().clone(), &fens);
        assert!(n >= 3_000, "only {n} moves compared");
        let mut game = split_rook(first, second);
        perfts.push(
            fens.iter()
                .map(|fen| {
                    game.set_fen(fen).expect("a position it reached");
                    game.perft(2)
                })
                .collect::<Vec<_>>(),
        );
    }
    assert_eq!(perfts[0], perfts[1]);
}

/// Two move-only atoms of one vector with other `from`/`to` regions, beside a capturing atom
/// of that vector: the plain path's sweeps (a displacement per step, counted once) agree with
/// the interpreter.
#[test]
fn plain_path_agrees_with_the_interpreter_on_repeated_move_atoms() {
    for (first, second) in [
        (
            "move ride (1,0) from rest to top",
            "move ride (1,0) from top to rest",
        ),
        (
            "move ride (1,0) from top to rest",
            "move ride (1,0) from rest",
        ),
    ] {
        let mut game = split_rook(&format!("capture ride (1,0)\n  {first}"), second);
        let fens = random_positions(&mut game, 6, 60);
        let n = plain_path_agrees_any(game.variant().clone(), &fens, 2).expect("plain rules");
        assert!(n >= 300, "only {n} positions compared");
    }
}

/// A piece without atoms never moves: stones stand where they are put or dropped, block, are
/// captured, and count as stuck nowhere (`no stuck pieces` lets them be dropped on any empty
/// square). The fast legality tests, perft's bulk counts and the plain path agree.
#[test]
fn a_piece_without_atoms_never_moves() {
    let mut dropped = game_from_text(
        "variant stones extends crazyhouse\npiece stone { letters S s }\nno stuck pieces\n\
         start \"rnbqkbnr/pppppppp/8/8/3s4/3S4/PPPPPPPP/RNBQKBNR[Ss] w KQkq - 0 1\"\n",
    );
    let moves = dropped.moves();
    assert!(
        moves.iter().all(|m| !m.uci.starts_with("d3")),
        "a stone moved"
    );
    let drops = moves.iter().filter(|m| m.uci.starts_with("S@")).count();
    assert_eq!(
        drops, 30,
        "a stone may be dropped on every empty square, ranks 1 and 8 too"
    );
    let fens = random_positions(&mut dropped, 6, 60);
    let n = fast_legality_agrees_any(dropped.variant().clone(), &fens);
    assert!(n >= 3_000, "only {n} moves compared");
    for fen in fens.iter().step_by(10) {
        dropped.set_fen(fen).expect("a position it reached");
        assert_eq!(dropped.perft(1), dropped.moves().len() as u64, "{fen}");
    }
    let mut placed = game_from_text(
        "variant stones extends chess\npiece stone { letters S s }\n\
         start \"rnbqkbnr/pppppppp/8/3s4/4S3/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\"\n",
    );
    let fens = random_positions(&mut placed, 6, 60);
    let n = plain_path_agrees_any(placed.variant().clone(), &fens, 2).expect("plain rules");
    assert!(n >= 300, "only {n} positions compared");
}

/// Boards of one and two ranks (1D chess; a small army on two ranks, its pawns promoting at
/// once) and of one file: on random games, FENs read back as written, play and undo restore
/// the position, the fast legality tests agree with playing, perft's bulk count with the list,
/// and the plain path with the interpreter.
#[test]
fn boards_of_one_and_two_ranks_play() {
    let rules = "check at final\nend {\n  checkmate wins\n  stalemate draws\n}\n";
    let line = format!(
        "piece king {{ letters K k  royal  leap (1,0) }}\npiece knight {{ letters N n  leap (2,0) }}\n\
         piece rook {{ letters R r  ride (1,0) }}\n{rules}"
    );
    let army = format!(
        "piece king {{ letters K k  royal  leap (1,0)  leap (1,1) }}\n\
         piece knight {{ letters N n  leap (1,2)  leap (2,0) }}\n\
         piece rook {{ letters R r  ride (1,0) }}\npiece bishop {{ letters B b  ride (1,1) }}\n\
         piece pawn {{ letters P p  move leap (0,1) forward  capture leap (1,1) forward }}\n\
         promotion pawn {{ zone rank 2  to rook knight bishop }}\n{rules}"
    );
    let boards = [
        format!("variant oned\nboard 8 x 1\n{line}start \"KNR2rnk w - - 0 1\"\n"),
        format!("variant twod\nboard 6 x 2\n{army}start \"rnbk1p/PK1BNR w - - 0 1\"\n"),
        format!("variant column\nboard 1 x 8\n{line}start \"k/n/r/1/1/R/N/K w - - 0 1\"\n"),
    ];
    for text in &boards {
        let mut game = game_from_text(text);
        let fens = random_positions(&mut game, 8, 40);
        assert!(fens.len() >= 40, "{text}: only {} positions", fens.len());
        for fen in &fens {
            game.set_fen(fen).expect("a FEN it wrote");
            assert_eq!(&game.fen(), fen);
            assert_eq!(game.perft(1), game.moves().len() as u64, "{fen}");
        }
        let v = game.variant().clone();
        make_unmake_any(v.clone(), &fens);
        fast_legality_agrees_any(v.clone(), &fens);
        plain_path_agrees_any(v, &fens, 3);
    }
}
