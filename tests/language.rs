//! Properties of the language itself.

use rulebook::diagnostics::Sources;
use rulebook::lower::{Origin, load_text};
use rulebook::syntax::keywords::RENAMED_ITEMS;

/// Betza is shorthand: a piece written in Betza and its long form lower to the same atoms.
#[test]
fn betza_and_long_form_lower_to_the_same_atoms() {
    let text = r#"variant pairs extends chess
piece lancer-long { letters L l  move leap (1,2)  capture ride (1,0) }
piece lancer-betza { letters M m  betza "mNcR" }
piece step-long { letters S s  move leap (0,1) forward  capture leap (1,1) forward }
piece step-betza { letters T t  betza "fmWfcF" }
piece ranger-long { letters G g  ride (1,0) range 3  leap (1,1) sideways }
piece ranger-betza { letters H h  betza "R3sF" }
start "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
"#;
    let mut sources = Sources::default();
    let v = match load_text("pairs.variant", text, Origin::Bundled, &mut sources) {
        Ok(l) => l.variant,
        Err(e) => panic!("{e:?}"),
    };
    for base in ["lancer", "step", "ranger"] {
        // The same atoms, their direction words aside: the same vectors.
        let plain = |name: String| {
            v.pieces[name.as_str()]
                .atoms
                .iter()
                .map(|a| {
                    let vectors = a.vectors();
                    let mut a = a.clone();
                    a.directions.clear();
                    (a, vectors)
                })
                .collect::<Vec<_>>()
        };
        assert_eq!(
            plain(format!("{base}-long")),
            plain(format!("{base}-betza")),
            "{base}"
        );
    }
}

/// A condition of 50,000 terms is a tree 16 levels deep, so no recursion after the parser
/// (lowering, evaluation, dropping it) can exhaust a test thread's stack.
#[test]
fn a_long_and_chain_loads() {
    let terms = vec!["target.royal"; 50_000].join(" and ");
    let text = format!(
        "variant long extends chess\neffect e {{ from moved rays (1,0) when {terms}: pull target }}\n"
    );
    let mut sources = Sources::default();
    let loaded = load_text("long.variant", &text, Origin::Bundled, &mut sources);
    assert!(loaded.is_ok(), "{loaded:?}");
}

/// Castling without `safe` squares needs no royal piece: the king that castles may be an
/// ordinary piece (Giveaway chess, Extinction chess).
#[test]
fn castling_without_safe_squares_needs_no_royal_piece() {
    let text = r#"variant ordinary-king extends chess
replace piece king { letters K k  leap (1,0)  leap (1,1) }
replace castling {
  K king e1 to g1  rook h1 to f1  empty f1 g1
  Q king e1 to c1  rook a1 to d1  empty b1 c1 d1
  k king e8 to g8  rook h8 to f8  empty f8 g8
  q king e8 to c8  rook a8 to d8  empty b8 c8 d8
}
remove check
replace end { stalemate draws }
"#;
    let mut sources = Sources::default();
    let loaded = load_text("ordinary-king.variant", text, Origin::Bundled, &mut sources);
    assert!(loaded.is_ok(), "{loaded:?}");
}

/// The fenced blocks of a Markdown text whose info string starts with `info` (`""` for none).
fn fenced_blocks(doc: &str, info: &str) -> Vec<String> {
    let mut blocks = vec![];
    let mut current: Option<String> = None;
    let mut in_other = false;
    for line in doc.lines() {
        let l = line.trim_start();
        match &mut current {
            Some(_) if l.starts_with("```") => blocks.extend(current.take()),
            Some(text) => {
                text.push_str(line);
                text.push('\n');
            }
            None if in_other && l.starts_with("```") => in_other = false,
            None if !in_other && l.starts_with("```") => {
                let tag = l.trim_start_matches('`').trim();
                if (info.is_empty() && tag.is_empty())
                    || (!info.is_empty() && tag.starts_with(info))
                {
                    current = Some(String::new());
                } else {
                    in_other = true;
                }
            }
            None => {}
        }
    }
    blocks
}

/// The parse problems of a variant text, or none.
fn parse_problems(text: &str) -> Option<String> {
    let mut sources = Sources::default();
    let source = sources.add("example.variant", text);
    rulebook::syntax::parse::parse_file(text, source)
        .err()
        .map(|broken| format!("{:?}", broken.problems))
}

/// Every example of the language reference parses: a whole file as it stands, a fragment as the
/// body of a file that extends chess.
#[test]
fn every_example_of_the_language_reference_parses() {
    let doc = std::fs::read_to_string("docs/language.md").expect("docs/language.md");
    let examples = fenced_blocks(&doc, "variant");
    assert!(
        examples.len() >= 20,
        "only {} examples found",
        examples.len()
    );
    for example in &examples {
        let text = if example.trim_start().starts_with("variant ") {
            example.clone()
        } else {
            format!("variant example extends chess\n{example}")
        };
        if let Some(problems) = parse_problems(&text) {
            panic!("this example of docs/language.md does not parse:\n{example}\n{problems}");
        }
    }
}

/// The places a fragment of the README's table may stand in: an item, an item's header, or the
/// body of a piece, region, promotion, hand, end or check item.
const CONTEXTS: &[&str] = &[
    "variant example extends chess\n{}\n",
    "variant example {}\n",
    "variant example extends chess\npiece example { letters X x  {} }\n",
    "variant example extends chess\nregion example {}\n",
    "variant example extends chess\npromotion pawn { {} }\n",
    "variant example extends chess\nhand { {} }\n",
    "variant example extends chess\nend { {} }\n",
    "variant example extends chess\ncheck {}\n",
];

/// A table cell's code that shows the shape of a form rather than the form: alternatives,
/// optional parts, elisions, placeholders (`NAME`, `<atoms>`).
fn is_schema(code: &str) -> bool {
    let unquoted: String = code.split('"').step_by(2).collect();
    ["...", "\\|", "[", "<"].iter().any(|m| code.contains(m))
        || unquoted
            .split(|c: char| !c.is_ascii_alphabetic())
            .any(|w| w.len() >= 2 && w.chars().all(|c| c.is_ascii_uppercase()))
}

/// Every form in the README's table of the language parses, in the first place it fits, and
/// none is an old name that now warns.
#[test]
fn every_form_of_the_readme_table_parses() {
    let readme = std::fs::read_to_string("README.md").expect("README.md");
    let table = readme
        .split("| concept | how it is written |")
        .nth(1)
        .and_then(|rest| rest.split("\n\n").next())
        .expect("the README's table of the language");
    let mut forms = vec![];
    for row in table.lines().skip(2) {
        let how = row.split(" | ").nth(1).expect("a row of two cells");
        forms.extend(how.split('`').skip(1).step_by(2).filter(|c| !is_schema(c)));
    }
    assert!(
        forms.len() >= 25,
        "only {} forms found: {forms:?}",
        forms.len()
    );
    let mut broken = vec![];
    for form in forms {
        let parses = |context: &&str| parse_problems(&context.replace("{}", form)).is_none();
        if !CONTEXTS.iter().any(parses) {
            broken.push(format!("`{form}` does not parse"));
        }
        let first = form.split_whitespace().next().unwrap_or_default();
        if let Some((old, new)) = RENAMED_ITEMS.iter().find(|(old, _)| *old == first) {
            broken.push(format!("`{old}` is an old name: write `{new}`"));
        }
    }
    assert!(
        broken.is_empty(),
        "README.md's table:\n{}",
        broken.join("\n")
    );
}

/// A README block of variant text parses without its `...` lines, and each of its lines is a line
/// of the bundled file it quotes (comments aside).
#[test]
fn every_variant_block_of_the_readme_parses_and_quotes_its_file() {
    let readme = std::fs::read_to_string("README.md").expect("README.md");
    let code = |line: &str| {
        line.split('#')
            .next()
            .unwrap_or_default()
            .trim()
            .to_string()
    };
    let blocks: Vec<String> = fenced_blocks(&readme, "")
        .into_iter()
        .filter(|b| b.starts_with("variant "))
        .collect();
    assert!(!blocks.is_empty(), "the README quotes no variant file");
    for block in &blocks {
        let text: String = block
            .lines()
            .filter(|l| l.trim() != "...")
            .map(|l| format!("{l}\n"))
            .collect();
        if let Some(problems) = parse_problems(&text) {
            panic!("this block of README.md does not parse:\n{block}\n{problems}");
        }
        let name = block.split_whitespace().nth(1).expect("a variant name");
        let file = std::fs::read_to_string(format!("variants/{name}.variant"))
            .unwrap_or_else(|e| panic!("README.md quotes variants/{name}.variant: {e}"));
        let lines: Vec<String> = file.lines().map(code).collect();
        for line in text.lines().map(code).filter(|l| !l.is_empty()) {
            assert!(
                lines.contains(&line),
                "README.md quotes `{line}`, which variants/{name}.variant does not say"
            );
        }
    }
}

/// The language only grows: `duck`, the old name of `moving wall`, still loads (with a warning
/// naming the new form) and means the same rule.
#[test]
fn the_old_duck_item_means_moving_wall() {
    let load = |item: &str| {
        let text = format!("variant walls extends chess\n{item}\n");
        let mut sources = Sources::default();
        match load_text("walls.variant", &text, Origin::Bundled, &mut sources) {
            Ok(l) => (l.variant, l.warnings),
            Err(e) => panic!("{item}: {e:?}"),
        }
    };
    let (new, new_warnings) = load("moving wall");
    let (old, old_warnings) = load("duck");
    assert!(new.moving_wall);
    assert_eq!(new.to_string(), old.to_string());
    assert!(new_warnings.is_empty());
    assert_eq!(old_warnings.len(), 1);
    assert!(old_warnings[0].message.contains("moving wall"));
}

/// A variant text that loads; its warnings are returned with it.
fn loads(text: &str) -> (rulebook::ir::Variant, Vec<rulebook::diagnostics::Problem>) {
    let mut sources = Sources::default();
    match load_text("test.variant", text, Origin::Bundled, &mut sources) {
        Ok(l) => (l.variant, l.warnings),
        Err(e) => panic!("{text}\n{e:?}"),
    }
}

/// The legal moves (UCI) of `fen` in `variant`.
fn moves_at(variant: rulebook::ir::Variant, fen: &str) -> Vec<String> {
    let mut game = rulebook::game::new_game(std::sync::Arc::new(variant));
    game.set_fen(fen).expect("a position");
    game.moves().into_iter().map(|m| m.uci).collect()
}

/// A `to` region that only black's moves reach (a7 to a6 is forward for black) is kept: the
/// test of whether an atom lands in its region used to try white's moves only.
#[test]
fn a_to_region_only_black_reaches_loads() {
    let (v, _) = loads(
        "variant backstep extends chess\n\
         piece walker { letters W w  move leap (0,1) forward from squares a7 to squares a6 }\n",
    );
    let moves = moves_at(v, "4k3/w7/8/8/8/8/8/4K3 b - - 0 1");
    assert!(moves.contains(&"a7a6".to_string()), "{moves:?}");
}

/// The long form that a Betza meaning warning suggests keeps the old meaning: loaded as a piece,
/// it has the vectors the old reading gave (direction letters as a union of filters).
#[test]
fn the_long_form_of_a_changed_betza_group_keeps_the_old_meaning() {
    let cases: &[(&str, &[(i8, i8)])] = &[
        ("fN", &[(-2, 1), (-1, 2), (1, 2), (2, 1)]),
        (
            "fsN",
            &[
                (-2, -1),
                (-2, 1),
                (-1, -2),
                (-1, 2),
                (1, -2),
                (1, 2),
                (2, -1),
                (2, 1),
            ],
        ),
        (
            "lbN",
            &[(-2, -1), (-2, 1), (-1, -2), (-1, 2), (1, -2), (2, -1)],
        ),
        (
            "mflC",
            &[(-3, -1), (-3, 1), (-1, -3), (-1, 3), (1, 3), (3, 1)],
        ),
    ];
    for (betza, old) in cases {
        let read = rulebook::syntax::betza::parse(betza, None).expect(betza);
        assert_eq!(read.changed.len(), 1, "{betza}");
        let atoms = read.changed[0].old.replace('`', "").replace(" and ", "  ");
        let text = format!("variant old extends chess\npiece kept {{ letters A a  {atoms} }}\n");
        let mut sources = Sources::default();
        let v = match load_text("old.variant", &text, Origin::Bundled, &mut sources) {
            Ok(l) => l.variant,
            Err(e) => panic!("{betza}: {atoms}: {e:?}"),
        };
        let mut got: Vec<(i8, i8)> = v.pieces["kept"]
            .atoms
            .iter()
            .flat_map(|a| a.vectors())
            .collect();
        got.sort();
        assert_eq!(got, old.to_vec(), "{betza}: {atoms}");
    }
}

#[test]
fn a_byte_order_mark_before_the_first_word_is_skipped() {
    let text = "\u{feff}variant marked extends chess\n";
    let mut sources = Sources::default();
    let loaded = load_text("marked.variant", text, Origin::Bundled, &mut sources);
    assert!(
        loaded.is_ok_and(|l| l.warnings.is_empty()),
        "the mark is an error"
    );
}

/// A variant's place in a catalogue is its own: a file that extends one with `catalog` items
/// has none of them, and has its own when it writes them.
#[test]
fn catalog_entries_are_not_inherited() {
    use rulebook::ir::{Catalog, CatalogEntry};
    let (parent, _) = loads(
        "variant hill \"Hill\" extends kingofthehill\n\
         catalog fairy-stockfish \"kingofthehill\"\n\
         catalog vchess \"Koth\"\n",
    );
    assert_eq!(
        parent.catalogs,
        [
            CatalogEntry {
                catalog: Catalog::FairyStockfish,
                name: "kingofthehill".into()
            },
            CatalogEntry {
                catalog: Catalog::Vchess,
                name: "Koth".into()
            }
        ]
    );
    let dir = std::env::temp_dir().join(format!("rulebook-catalog-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(
        dir.join("hill.variant"),
        "variant hill extends kingofthehill\ncatalog vchess \"Koth\"\n",
    )
    .unwrap();
    let child = dir.join("child.variant");
    std::fs::write(&child, "variant child extends hill\n").unwrap();
    let mut sources = Sources::default();
    let loaded = rulebook::lower::load(child.to_str().unwrap(), &mut sources).expect("loads");
    std::fs::remove_dir_all(&dir).ok();
    assert_eq!(loaded.variant.lineage, ["hill", "kingofthehill", "chess"]);
    assert!(loaded.variant.catalogs.is_empty());
}

/// How the game stands at `fen`: the rule that ended it and the winner (`None`: a draw), or
/// `None` when it goes on.
fn end_at(text: &str, fen: &str) -> Option<(String, Option<rulebook::ir::Side>)> {
    let (variant, _) = loads(text);
    let mut game = rulebook::game::new_game(std::sync::Arc::new(variant));
    game.set_fen(fen).expect("a position");
    game.status().end.map(|e| (e.rule, e.winner))
}

/// Several `reach` conditions in one `end` block, tested in order, each with its result: a king
/// on e4 stands on both regions, and the first listed decides.
#[test]
fn several_reach_conditions_are_tested_in_order() {
    use rulebook::ir::Side::White;
    let hill_first = "variant two-hills extends chess\n\
        replace end {\n  reach squares e4 with king wins\n  reach file e with king draws\n  checkmate wins\n}\n";
    let file_first = "variant two-hills extends chess\n\
        replace end {\n  reach file e with king draws\n  reach squares e4 with king wins\n  checkmate wins\n}\n";
    let on_e4 = "k7/8/8/8/4K3/8/8/8 b - - 0 1";
    let on_e2 = "k7/8/8/8/8/8/4K3/8 b - - 0 1";
    let on_d4 = "k7/8/8/8/3K4/8/8/8 b - - 0 1";
    assert_eq!(
        end_at(hill_first, on_e4),
        Some(("region reached".into(), Some(White)))
    );
    assert_eq!(
        end_at(file_first, on_e4),
        Some(("region reached".into(), None))
    );
    assert_eq!(
        end_at(hill_first, on_e2),
        Some(("region reached".into(), None))
    );
    assert_eq!(end_at(hill_first, on_d4), None);
}

/// Where a side left without a move loses (Fairy-Stockfish's `stalemateValue = loss`), the
/// bundled file says `stalemate wins`: the result is for the side that made the last move.
#[test]
fn a_side_without_a_move_loses_where_the_oracle_says_so() {
    use rulebook::ir::Side::Black;
    for (name, fen) in [
        ("massacre", "q7/8/8/8/8/8/8/7N w - - 0 1"),
        ("pawnsonly", "8/8/8/8/8/p7/P7/8 w - - 0 1"),
        ("shinobi", "k7/8/8/8/8/8/2q5/K7 w - - 0 1"),
    ] {
        let loaded = rulebook::lower::load(name, &mut Sources::default()).expect("bundled");
        let mut game = rulebook::game::new_game(std::sync::Arc::new(loaded.variant));
        game.set_fen(fen).expect("a position");
        let end = game.status().end.map(|e| (e.rule, e.winner));
        assert_eq!(end, Some(("stalemate".into(), Some(Black))), "{name}");
    }
}

/// Several `extinct` conditions, each with its kinds and result.
#[test]
fn several_extinct_conditions_each_with_its_result() {
    use rulebook::ir::Side::{Black, White};
    let text = "variant two-losses extends chess\n\
        replace end {\n  extinct queen loses\n  extinct rook draws\n  checkmate wins\n}\n";
    let no_white_queen = "rk6/8/8/8/8/8/7q/RK6 b - - 0 1";
    let no_black_rook = "qk6/8/8/8/8/8/8/QK5R b - - 0 1";
    let all_there = "rk4q1/8/8/8/8/8/8/QK5R b - - 0 1";
    assert_eq!(
        end_at(text, no_white_queen),
        Some(("extinction".into(), Some(Black)))
    );
    assert_eq!(
        end_at(text, no_black_rook),
        Some(("extinction".into(), None))
    );
    assert_eq!(end_at(text, all_there), None);
    let _ = White;
}

/// `extinct white queen loses` tests white only: black, which never had a queen, does not lose
/// at once, as it does under `extinct queen loses` (whose meaning is kept).
#[test]
fn extinct_for_one_side() {
    use rulebook::ir::Side::{Black, White};
    let one_side = |rule: &str| {
        format!(
            "variant lopsided extends chess\nstart \"rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\"\n\
             replace end {{\n  {rule}\n  checkmate wins\n}}\n"
        )
    };
    let start = "rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    let white_queen_gone = "rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNB1KBNR w KQkq - 0 1";
    assert_eq!(end_at(&one_side("extinct white queen loses"), start), None);
    assert_eq!(
        end_at(&one_side("extinct white queen loses"), white_queen_gone),
        Some(("extinction".into(), Some(Black)))
    );
    assert_eq!(
        end_at(&one_side("extinct queen loses"), start),
        Some(("extinction".into(), Some(White)))
    );
    assert_eq!(
        end_at(&one_side("extinct black queen wins"), start),
        Some(("extinction".into(), Some(Black)))
    );
    let (v, _) = loads(&one_side("extinct black all at most 1 loses"));
    assert!(
        v.to_string()
            .contains("black with at most 1 pieces: black loses"),
        "{v}"
    );
}

/// `en passant ... no promotion`: a pawn taking en passant into its promotion zone stays a pawn
/// (Shogun chess); without the option the same capture may promote.
#[test]
fn en_passant_no_promotion_keeps_the_capture_unpromoted() {
    let base = "variant zone extends chess\nremove region last-rank\nregion promotion-zone ranks 6..8\n\
                replace promotion pawn { zone promotion-zone to queen optional }\n";
    let fen = "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1";
    let ep_moves = |text: &str| {
        let mut ucis: Vec<String> = moves_at(loads(text).0, fen)
            .into_iter()
            .filter(|u| u.starts_with("e5d6"))
            .collect();
        ucis.sort();
        ucis
    };
    assert_eq!(ep_moves(base), ["e5d6", "e5d6q"]);
    assert_eq!(
        ep_moves(&format!("{base}en passant pawn no promotion\n")),
        ["e5d6"]
    );
}

/// The base of a promoted piece placed in the start is no unused piece: a capture gives it back.
#[test]
fn the_base_of_a_promoted_piece_in_the_start_is_used() {
    let (_, warnings) = loads(
        "variant zh extends crazyhouse\nremove piece queen\npiece duchess { letters F f betza \"F\" }\n\
         piece queen { letters +F +f betza \"Q\" }\n\
         promotion duchess { zone last-rank to queen }\n\
         start \"rnb+fkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNB+FKBNR[] w KQkq - 0 1\"\n",
    );
    assert!(
        warnings.is_empty(),
        "{:?}",
        warnings.iter().map(|w| &w.message).collect::<Vec<_>>()
    );
}

/// `wall behind`: every move leaves a wall where the moved piece stood, written after a comma
/// as Fairy-Stockfish writes it; the wall then blocks the square for good.
#[test]
fn wall_behind_leaves_a_wall_where_the_piece_stood() {
    let variant = loads(include_str!("../variants/snailtrail.variant")).0;
    let mut game = rulebook::game::new_game(std::sync::Arc::new(variant));
    let mut moves: Vec<(String, String, String)> = game
        .moves()
        .into_iter()
        .map(|m| (m.uci, m.san, m.fen))
        .collect();
    moves.sort();
    let ucis: Vec<&str> = moves.iter().map(|m| m.0.as_str()).collect();
    assert_eq!(ucis, ["a1a2,a2a1", "a1b1,b1a1", "a1b2,b2a1"]);
    assert_eq!(moves[2].2, "6p/7/7/7/7/1P5/*6 b - - 1 1");
    game.play("a1b2,b2a1").expect("a legal move");
    game.play("g7f6,f6g7").expect("a legal move");
    // Back to a1 is walled: the snail on b2 has seven squares, not eight.
    assert_eq!(game.moves().len(), 7);
}

/// `hole behind`: the square a piece leaves becomes a hole (`x` in FEN) that steps pass over:
/// the knight's orthogonal step, then its diagonal one, each go on past holes, and a leap of
/// two squares counts squares that are not holes.
#[test]
fn hole_behind_leaves_a_hole_that_steps_pass_over() {
    let variant = loads(include_str!("../variants/wormhole2.variant")).0;
    let mut game = rulebook::game::new_game(std::sync::Arc::new(variant));
    game.play("g1f3").expect("a legal move");
    assert_eq!(
        game.fen(),
        "rnbqkbnr/pppppppp/8/8/8/5N2/PPPPPPPP/RNBQKBxR b - - 1 1"
    );
    game.play("e7e5").expect("a legal move");
    let ucis = |game: &mut Box<dyn rulebook::game::Game>| -> Vec<String> {
        game.moves().into_iter().map(|m| m.uci).collect()
    };
    // Back from f3 toward g1: down to f2, then diagonally past the hole on g1, off the board.
    let moves = ucis(&mut game);
    assert!(!moves.iter().any(|m| m == "f3g1"), "{moves:?}");
    assert!(moves.iter().any(|m| m == "f3e5"), "{moves:?}");
    game.play("f3e5").expect("a capture");
    // The queen on d8: one diagonal step passes the hole on e7 to f6, two to g5.
    let moves = ucis(&mut game);
    assert!(!moves.iter().any(|m| m == "d8e7"), "{moves:?}");
    assert!(moves.iter().any(|m| m == "d8f6"), "{moves:?}");
    assert!(moves.iter().any(|m| m == "d8g5"), "{moves:?}");
}

/// How the playground draws a variant reaches the IR: `glyph` per side (one for both), and a
/// board on intersections, kept through `extends` until a new `board` line; the rules are
/// those of the same text without them.
#[test]
fn glyphs_and_intersections_reach_the_ir_and_change_no_rule() {
    let load = |name: &str, text: &str| {
        let mut sources = Sources::default();
        match load_text(name, text, Origin::Bundled, &mut sources) {
            Ok(l) => l.variant,
            Err(e) => panic!("{e:?}"),
        }
    };
    let drawn = load(
        "drawn.variant",
        "variant drawn extends xiangqi\nreplace piece horse { letters N n  glyph \"傌\" \"馬\"  lame leap (1,2) }\npiece stone { letters S s  glyph \"●\" }\n",
    );
    assert!(drawn.intersections, "inherited from xiangqi");
    assert_eq!(
        drawn.pieces["horse"].glyph,
        Some(["傌".into(), "馬".into()])
    );
    assert_eq!(drawn.pieces["stone"].glyph, Some(["●".into(), "●".into()]));
    assert_eq!(drawn.pieces["cannon"].glyph, None);
    let resized = load(
        "resized.variant",
        "variant resized extends minixiangqi\nboard 7 x 7\n",
    );
    assert!(!resized.intersections, "a new board line without it");
    let plain = load(
        "plain.variant",
        "variant drawn extends xiangqi\nreplace piece horse { letters N n  lame leap (1,2) }\npiece stone { letters S s }\n",
    );
    let mut undrawn = drawn.clone();
    undrawn.intersections = true;
    for p in undrawn.pieces.values_mut() {
        p.glyph = None;
    }
    assert_eq!(undrawn, plain);
}

/// `wall placed within REGION`: each move once per empty square of the region it leaves (the
/// square the piece left included), written after a comma; the wall then stays.
#[test]
fn wall_placed_puts_a_wall_on_a_square_of_the_region() {
    let variant = loads(include_str!("../variants/isolation.variant")).0;
    let mut game = rulebook::game::new_game(std::sync::Arc::new(variant));
    let moves: Vec<String> = game.moves().into_iter().map(|m| m.uci).collect();
    // Five steps from c1, each with the 46 empty squares it leaves but c1 (never a wall; d8,
    // the other square outside the region, is taken), as Fairy-Stockfish counts: 225.
    assert_eq!(moves.len(), 5 * 45);
    assert!(moves.iter().any(|m| m == "c1c2,c2a5"));
    assert!(
        !moves.iter().any(|m| m.ends_with("c1")),
        "c1 is never a wall"
    );
    game.play("c1c2,c2b2").expect("a legal move");
    let fen = game.fen();
    assert!(fen.starts_with("3p2/6/6/6/6/6/1*P3/6 b"), "{fen}");
}

/// `wall shot`: the wall goes only where the moved piece could move from where it landed, the
/// square it left counting as empty (a knight on d1 of a 7x7 board: 4 + 8 + 8 + 4 arrows).
#[test]
fn wall_shot_goes_where_the_moved_piece_could_move() {
    let text = "variant arrows\nboard 7 x 7\npiece cowboy { letters N n betza \"mN\" }\n\
                wall shot\nstart \"7/7/7/3n3/7/7/3N3 w - - 0 1\"\nend { stalemate wins }\n";
    let moves = moves_at(loads(text).0, "7/7/7/3n3/7/7/3N3 w - - 0 1");
    assert_eq!(moves.len(), 24, "{moves:?}");
    assert!(
        moves.iter().any(|m| m == "d1b2,b2d1"),
        "back onto the square it left"
    );
    assert!(
        !moves.iter().any(|m| m == "d1e3,e3e4"),
        "not a knight's leap from e3"
    );
    assert!(
        !moves.iter().any(|m| m == "d1c3,c3d4"),
        "not a knight's leap from c3"
    );
}

/// `drop PIECE never`: the piece goes to the hand but is never dropped; `drop PIECE not next
/// to enemy (1,0)`: never a rank or file step from an enemy piece.
#[test]
fn drops_never_and_not_next_to_an_enemy() {
    let dragonfly = loads(include_str!("../variants/dragonfly.variant")).0;
    let drops: Vec<String> = moves_at(dragonfly, "3k3/7/7/7/7/7/3K3[PN] w - - 0 1")
        .into_iter()
        .filter(|m| m.contains('@'))
        .collect();
    assert_eq!(drops.len(), 47, "knight drops only: {drops:?}");
    assert!(drops.iter().all(|m| m.starts_with("N@")));
    let snort = loads(include_str!("../variants/snort.variant")).0;
    let drops = moves_at(snort, "8/8/8/3p4/8/8/8/8 w - - 0 1");
    assert_eq!(drops.len(), 63 - 4, "{drops:?}");
    assert!(
        !drops
            .iter()
            .any(|m| m == "P@d5" || m == "P@d4" || m == "P@c5")
    );
    assert!(
        drops.iter().any(|m| m == "P@c4"),
        "a diagonal step is allowed"
    );
}

/// `moved.dropped` and `origin.next-to-friend` (Quadwrangle): a slide converts its enemy
/// neighbours; a drop converts them only next to a friend.
#[test]
fn effect_conditions_on_the_drop_and_the_origins_neighbours() {
    let text = include_str!("../variants/quadwrangle.variant");
    let after = |fen: &str, uci: &str| {
        let variant = loads(text).0;
        let mut game = rulebook::game::new_game(std::sync::Arc::new(variant));
        game.set_fen(fen).expect("a FEN");
        game.play(uci).expect("a legal move");
        game.fen()
    };
    let fen = "8/8/8/3p4/2p1p3/2P5/8/8 w - - 0 1";
    // d4 touches c3: its drop converts c4, d5 and e4.
    assert!(after(fen, "P@d4").starts_with("8/8/8/3P4/2PPP3/2P5/8/8 b"));
    // e5 touches no white stone: its drop converts nothing.
    assert!(after(fen, "P@e5").starts_with("8/8/8/3pP3/2p1p3/2P5/8/8 b"));
    // The stone sliding from c3 to d3 converts c4 and e4.
    assert!(after(fen, "c3d3").starts_with("8/8/8/3p4/2P1P3/3P4/8/8 b"));
}

/// `send target to opposite hand` (Atomic crazyhouse): each piece blown up goes to the hand of
/// its owner's opponent, the capturer to the other side's.
#[test]
fn send_to_opposite_hand_feeds_each_pieces_opponent() {
    let variant = loads(include_str!("../variants/atomiczh.variant")).0;
    let mut game = rulebook::game::new_game(std::sync::Arc::new(variant));
    game.set_fen("4k3/8/8/3p4/2NBP3/8/8/4K3[] w - - 0 1")
        .expect("a FEN");
    game.play("e4d5").expect("a legal move");
    let fen = game.fen();
    // The pawn taken goes to white; the knight and bishop blown up and the capturing pawn go
    // to black.
    let (placement, rest) = fen.split_once('[').expect("a hand");
    assert_eq!(placement, "4k3/8/8/8/8/8/8/4K3", "{fen}");
    let mut hand: Vec<char> = rest[..rest.find(']').expect("]")].chars().collect();
    hand.sort_unstable();
    assert_eq!(hand, ['P', 'b', 'n', 'p'], "{fen}");
}

/// `send captured to own hand as PIECE` (Clorange): the piece taken goes back to its owner's
/// hand as its counterpart, a regular piece as a mild one and a mild one as a regular one.
#[test]
fn send_to_own_hand_as_a_kind_returns_the_counterpart_to_its_owner() {
    let variant = loads(include_str!("../variants/clorange.variant")).0;
    let mut game = rulebook::game::new_game(std::sync::Arc::new(variant));
    game.set_fen("4k3/8/8/3r4/8/8/3R1u2/4K3[] w - - 0 1")
        .expect("a FEN");
    game.play("d2d5").expect("a legal move");
    let fen = game.fen();
    assert!(fen.starts_with("4k3/8/8/3R4/8/8/5u2/4K3[u] b"), "{fen}");
    game.play("e8e7").expect("a legal move");
    // The mild rook beside the king gives no check; taken, it goes back to black as a rook.
    game.play("e1f2").expect("a legal move");
    let fen = game.fen();
    let (_, rest) = fen.split_once('[').expect("a hand");
    let mut hand: Vec<char> = rest[..rest.find(']').expect("]")].chars().collect();
    hand.sort_unstable();
    assert_eq!(hand, ['r', 'u'], "{fen}");
}

/// `no captures undone` (Suction): the capture back from and to the squares of the capture just
/// made is not legal, another capture is, and the FEN names the last capture after the fullmove
/// number.
#[test]
fn no_captures_undone_bars_the_capture_back_at_once() {
    let suction = || loads(include_str!("../variants/suction.variant")).0;
    // After 1.b3 g6 2.Bb2 Bg7 3.Bxg7: the bishops swapped.
    let fen = "rnbqk1nr/ppppppBp/6p1/8/8/1P6/PbPPPPPP/RN1QKBNR b - - 0 3";
    let barred = moves_at(suction(), &format!("{fen} b2g7"));
    assert!(!barred.iter().any(|m| m == "b2g7"), "{barred:?}");
    assert!(barred.iter().any(|m| m == "b2a1"), "{barred:?}");
    let free = moves_at(suction(), fen);
    assert!(free.iter().any(|m| m == "b2g7"), "{free:?}");
    let mut game = rulebook::game::new_game(std::sync::Arc::new(suction()));
    game.set_fen(fen).expect("a FEN");
    game.play("b2a1").expect("a legal move");
    assert!(game.fen().ends_with(" 0 4 b2a1"), "{}", game.fen());
    game.play("g2g3").expect("a legal move");
    assert!(game.fen().ends_with(" 0 4"), "{}", game.fen());
}
