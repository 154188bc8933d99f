//! Syntax tree → IR.
//!
//! Lowering loads the variants a file extends and composes them (`compose`: add, replace,
//! remove), then `resolve` turns names into indices and validates every item, one method per
//! kind of item, effects type-checked included. Every problem is collected, none stops the
//! others; problems that only follow from another (a name that a broken item defined is
//! "unknown") are not reported.
//!
//! Limits: a variant file is at most [`crate::files::MAX_VARIANT_FILE`] bytes, and a chain of
//! `extends` at most [`MAX_EXTENDS_DEPTH`] variants long.
//!
//! ```
//! use rulebook::diagnostics::Sources;
//! use rulebook::lower::{load_text, LoadError, Origin};
//!
//! let mut sources = Sources::default();
//! let text = "variant small extends chess\nboard 6 x 6\n";
//! match load_text("small.variant", text, Origin::Bundled, &mut sources) {
//!     Err(LoadError::Invalid(problems)) => {
//!         // Each inherited definition that the smaller board breaks is reported once, at
//!         // the `board` line.
//!         assert!(problems.len() <= 5);
//!         assert!(problems.iter().all(|p| sources.get(p.labels[0].source).name == "small.variant"));
//!     }
//!     _ => panic!("a 6x6 board cannot hold the chess start position"),
//! }
//! ```

use std::path::{Path, PathBuf};

use crate::bundled;
use crate::diagnostics::{Code, Problem, SourceId, Sources, did_you_mean, limit_problems};
use crate::files::{self, MAX_VARIANT_FILE};
use crate::ir::Variant;
use crate::syntax::ast::ItemKind;

mod compose;
mod resolve;

use compose::Composer;
use resolve::Resolver;

/// The longest chain of `extends`, the file itself included.
pub const MAX_EXTENDS_DEPTH: usize = 32;

/// Where to find the files a variant extends.
#[derive(Clone, Debug)]
pub enum Origin {
    /// Only the bundled variants (text given in memory, or a bundled variant).
    Bundled,
    /// A file: its siblings `NAME.variant` first, then the bundled variants.
    File(PathBuf),
}

/// A variant that loaded.
#[derive(Debug)]
pub struct Loaded {
    /// The resolved definition.
    pub variant: Variant,
    /// Warnings: the variant is valid, but something looks unintended.
    pub warnings: Vec<Problem>,
    /// The source of the file loaded (its ancestors are other sources).
    pub source: SourceId,
}

/// Why a variant did not load.
#[derive(Debug)]
pub enum LoadError {
    /// The file or bundled name cannot be read: a usage error. The message says why.
    Unreadable(String),
    /// The definition has mistakes: every error and warning found (at most
    /// [`crate::diagnostics::MAX_PROBLEMS`], then a count).
    Invalid(Vec<Problem>),
}

/// Loads a bundled variant by name, or a variant file by path.
///
/// ```
/// use rulebook::diagnostics::Sources;
/// use rulebook::lower::load;
///
/// let mut sources = Sources::default();
/// let orda = load("orda", &mut sources).expect("a bundled variant");
/// assert_eq!(orda.variant.lineage, ["chess"]);
/// ```
pub fn load(spec: &str, sources: &mut Sources) -> Result<Loaded, LoadError> {
    if let Some(text) = bundled::get(spec) {
        return load_text(&format!("{spec}.variant"), text, Origin::Bundled, sources);
    }
    let path = Path::new(spec);
    if files::exists(path) || spec.ends_with(".variant") || spec.contains('/') {
        let text = files::read_text(path, MAX_VARIANT_FILE)
            .map_err(|e| LoadError::Unreadable(format!("cannot read {spec}: {e}")))?;
        return load_text(spec, &text, Origin::File(path.to_path_buf()), sources);
    }
    // A bundled variant's name in an outside catalogue (`Koth`, `threechecks`).
    match bundled::find(spec) {
        Ok(Some(name)) => return load(name, sources),
        Ok(None) => {}
        Err(why) => return Err(LoadError::Unreadable(format!("`{spec}` {why}"))),
    }
    let mut msg = format!("no variant named `{spec}` and no such file");
    let catalog_names = bundled::catalog_names().iter().map(|n| n.name.as_str());
    match did_you_mean(spec, bundled::names().chain(catalog_names)) {
        Some(s) => msg.push_str(&format!("; did you mean `{s}`?")),
        None => msg.push_str("; `rulebook variants` lists the bundled ones"),
    }
    Err(LoadError::Unreadable(msg))
}

/// Loads a variant from its text; `name` is how diagnostics call it, `origin` where the
/// variants it extends are found.
pub fn load_text(
    name: &str,
    text: &str,
    origin: Origin,
    sources: &mut Sources,
) -> Result<Loaded, LoadError> {
    if text.len() as u64 > MAX_VARIANT_FILE {
        return Err(LoadError::Invalid(vec![
            Problem::error(
                Code::TooLarge,
                format!(
                    "`{name}` is larger than {}, the most a variant file may be",
                    files::size_text(MAX_VARIANT_FILE)
                ),
            )
            .help("a variant file needs a few kilobytes; is this the right file?"),
        ]));
    }
    // Some editors start a UTF-8 file with a byte-order mark; it is no part of the text.
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let src = sources.add(name, text);
    let mut problems = vec![];
    let variant = lower(src, &origin, sources, &mut problems);
    let problems = limit_problems(problems);
    match variant {
        Some(variant) if !problems.iter().any(|p| p.is_error()) => Ok(Loaded {
            variant,
            warnings: problems,
            source: src,
        }),
        _ => Err(LoadError::Invalid(problems)),
    }
}

fn lower(
    src: SourceId,
    origin: &Origin,
    sources: &mut Sources,
    problems: &mut Vec<Problem>,
) -> Option<Variant> {
    let mut composer = Composer {
        sources,
        problems,
        chain: vec![],
    };
    let (header, draft) = composer.compose(src, origin)?;
    // Every check depends on the board's geometry: if its declaration is broken, the syntax
    // errors are all there is to say.
    if draft.is_broken(ItemKind::Board) || draft.is_broken(ItemKind::Layers) {
        return None;
    }
    // Composition mistakes (a duplicate, a replace of nothing) leave a draft that still makes
    // sense, so resolution goes on and reports its own mistakes in the same run.
    Resolver::new(&draft, &header, src, problems).resolve()
}
