//! Properties of the language itself.

use rulebook::diagnostics::Sources;
use rulebook::lower::{Origin, load_text};

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

/// Every example of the language reference parses: a whole file as it stands, a fragment as the
/// body of a file that extends chess.
#[test]
fn every_example_of_the_language_reference_parses() {
    let doc = std::fs::read_to_string("docs/language.md").expect("docs/language.md");
    let mut examples = vec![];
    let mut current: Option<String> = None;
    for line in doc.lines() {
        match (&mut current, line.trim_start()) {
            (None, l) if l.starts_with("```variant") => current = Some(String::new()),
            (Some(_), l) if l.starts_with("```") => examples.extend(current.take()),
            (Some(text), _) => {
                text.push_str(line);
                text.push('\n');
            }
            _ => {}
        }
    }
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
        let mut sources = Sources::default();
        let source = sources.add("example.variant", text.as_str());
        if let Err(broken) = rulebook::syntax::parse::parse_file(&text, source) {
            panic!(
                "this example of docs/language.md does not parse:\n{example}\n{:?}",
                broken.problems
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
