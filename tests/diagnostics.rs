//! The diagnostics corpus: every `tests/diagnostics/*.variant` file is loaded and its rendered
//! diagnostics (no colour, width 80) are snapshotted, with the file's text in the snapshot header
//! so that a reviewer sees the mistake and the message together.
//!
//! `err_*` files must produce at least one error; `warn_*` files must load, with warnings only.

mod common;

use rulebook::diagnostics::Sources;
use rulebook::lower::{LoadError, Origin, load_text};

/// (errors, warnings) of a variant text.
fn counts(name: &str, text: &str) -> (usize, usize) {
    let mut sources = Sources::default();
    match load_text(name, text, Origin::File(name.into()), &mut sources) {
        Ok(l) => (0, l.warnings.len()),
        Err(LoadError::Invalid(p)) => (
            p.iter().filter(|p| p.is_error()).count(),
            p.iter().filter(|p| !p.is_error()).count(),
        ),
        Err(LoadError::Unreadable(m)) => panic!("{name}: {m}"),
    }
}

#[test]
fn diagnostics_corpus() {
    insta::glob!("diagnostics/*.variant", |path| {
        let text = std::fs::read_to_string(path).unwrap();
        let file_name = path.file_name().unwrap().to_str().unwrap();
        let stem = path.file_stem().unwrap().to_str().unwrap();
        // A relative name, so that neither the snapshots nor the parent lookup (a sibling
        // `NAME.variant`, else a bundled variant) depend on where the project is checked out.
        let name = format!("tests/diagnostics/{file_name}");
        let (errors, warnings) = counts(&name, &text);
        if stem.starts_with("err_") {
            assert!(
                errors > 0,
                "{name} must produce at least one error, got none"
            );
        } else if stem.starts_with("warn_") {
            assert!(
                errors == 0,
                "{name} must produce warnings only, got {errors} error(s)"
            );
            assert!(
                warnings > 0,
                "{name} must produce at least one warning, got none"
            );
        } else {
            panic!("{name}: corpus files are named err_* or warn_*");
        }
        let rendered = common::diagnostics(&name, &text);
        let mut settings = common::settings();
        settings.remove_snapshot_suffix();
        settings.set_description(text.as_str());
        settings.set_input_file(path);
        settings.set_omit_expression(true);
        settings.bind(|| insta::assert_snapshot!(format!("diagnostics@{stem}"), rendered));
    });
}
