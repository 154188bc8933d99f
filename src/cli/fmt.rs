//! `rulebook fmt FILE... [--check]`: rewrites variant files in the canonical layout
//! ([`crate::syntax::format`]), or with `--check` only names those it would change.
//!
//! Exit status: 0 when every file is (now) formatted; 1 when a file does not parse or, with
//! `--check`, would change; 2 when a file cannot be read or written.

use std::path::Path;
use std::process::ExitCode;

use super::output::Output;
use crate::diagnostics::{Sources, limit_problems, render};
use crate::files::{self, Existing, MAX_VARIANT_FILE};
use crate::syntax::format::format_source;
use crate::syntax::parse::parse_file;

/// What became of one file.
enum Outcome {
    Unchanged,
    Changed,
    Broken,
    Unreadable,
}

/// `rulebook fmt FILE... [--check]`: every file is looked at, whatever the others.
pub fn fmt(paths: &[String], check: bool) -> ExitCode {
    let mut out = Output::default();
    let (mut failed, mut unreadable) = (false, false);
    for path in paths {
        match fmt_file(path, check) {
            Outcome::Unchanged => {}
            Outcome::Changed if check => {
                out.line(&format!("would reformat: {path}"));
                failed = true;
            }
            Outcome::Changed => {}
            Outcome::Broken => failed = true,
            Outcome::Unreadable => unreadable = true,
        }
    }
    out.finish(if unreadable {
        ExitCode::from(2)
    } else if failed {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    })
}

fn fmt_file(path: &str, check: bool) -> Outcome {
    let text = match files::read_text(Path::new(path), MAX_VARIANT_FILE) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("error: cannot read {path}: {e}");
            return Outcome::Unreadable;
        }
    };
    let Some(formatted) = format_source(&text) else {
        report_syntax(path, &text);
        return Outcome::Broken;
    };
    if formatted == text {
        return Outcome::Unchanged;
    }
    if !check
        && let Err(e) =
            files::write_atomic(Path::new(path), formatted.as_bytes(), Existing::Replace)
    {
        eprintln!("error: cannot write {path}: {e}");
        return Outcome::Unreadable;
    }
    Outcome::Changed
}

/// A file that does not parse: its syntax errors, as `rulebook check` shows them.
fn report_syntax(path: &str, text: &str) {
    let mut sources = Sources::default();
    let src = sources.add(path, text);
    if let Err(broken) = parse_file(text, src) {
        for p in &limit_problems(broken.problems) {
            eprint!("{}", render(p, &sources, false, 100));
        }
    }
    eprintln!("error: {path} has syntax errors; it is left as it is");
}
