//! Problems found in user input (variant files, FEN, moves, REPL lines), and their rendering.
//!
//! A [`Problem`] is plain data: a stable [`Code`], a [`Severity`], a message, labelled spans in
//! one or more [`Sources`], and a help line. [`render`] draws it as miette does (a label in
//! another source than the first becomes a related note, e.g. "first defined here" in the
//! parent variant); [`to_json`] writes it for editors.
//!
//! Rendering never echoes unbounded input: lines longer than [`LONG_LINE`] bytes are shown
//! shortened around the labels, and words longer than [`LONG_WORD`] characters in messages are
//! cut in the middle.
//!
//! ```
//! use rulebook::diagnostics::{Code, Problem, Sources, Span, render};
//!
//! let mut sources = Sources::default();
//! let src = sources.add("my.variant", "variant mine extends chess\nboard 20 x 8\n");
//! let problem = Problem::error(Code::BoardSize, "a board has 1 to 16 files, not 20")
//!     .label(src, Span::new(33, 35), "20 files")
//!     .help("choose a size from 1 to 16");
//! let text = render(&problem, &sources, false, 80);
//! assert!(text.contains("rulebook::board_size"));
//! assert!(text.contains("my.variant:2:7"));
//! ```

use std::borrow::Cow;
use std::fmt;
use std::sync::Arc;

use miette::{
    Diagnostic, GraphicalReportHandler, GraphicalTheme, LabeledSpan, MietteError,
    MietteSpanContents, SourceCode, SourceSpan, SpanContents,
};

pub use crate::syntax::ast::Span;

macro_rules! codes {
    ($($(#[$doc:meta])* $variant:ident = $name:literal,)*) => {
        /// The stable identifier of a kind of problem, shown as `rulebook::NAME` (the names
        /// never change, so that scripts and editors can match them).
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        #[non_exhaustive]
        pub enum Code {
            $($(#[$doc])* $variant,)*
        }

        impl Code {
            /// Every code, in declaration order.
            pub const ALL: &'static [Code] = &[$(Code::$variant),*];

            /// The stable name, e.g. `rulebook::unknown_piece`.
            pub fn as_str(self) -> &'static str {
                match self {
                    $(Code::$variant => concat!("rulebook::", $name),)*
                }
            }
        }
    };
}

codes! {
    /// Text that does not follow the grammar.
    Syntax = "syntax",
    /// A file that does not start with `variant NAME`.
    MissingHeader = "missing_header",
    /// A number too large for any use in a variant file.
    NumberRange = "number_range",
    /// Parentheses, braces or `not`s nested beyond [`crate::syntax::parse::MAX_NESTING`].
    TooDeep = "too_deep",
    /// A file or line larger than the documented limit.
    TooLarge = "too_large",
    /// A file that cannot be read: missing, a directory, a device, not UTF-8.
    Unreadable = "unreadable",
    /// More problems than are shown.
    TooManyProblems = "too_many_problems",
    /// A bug in rulebook, reported instead of a panic.
    Internal = "internal",
    /// An item or definition missing (`board`, `start`, a layer).
    MissingItem = "missing_item",
    /// A name defined twice, or an item given twice in one file.
    DuplicateDefinition = "duplicate_definition",
    /// `replace` or `remove` of something that is not there.
    NothingToOverride = "nothing_to_override",
    /// A keyword used as a name.
    KeywordName = "keyword_name",
    /// A variant that is its own ancestor.
    ExtendsCycle = "extends_cycle",
    /// An `extends` chain longer than [`crate::lower::MAX_EXTENDS_DEPTH`].
    ExtendsDepth = "extends_depth",
    /// `extends` of a variant that is neither bundled nor a sibling file.
    UnknownVariant = "unknown_variant",
    /// `extinct PIECE` for both sides where a side never has the piece (a warning).
    ExtinctAtOnce = "extinct_at_once",
    /// `catalog` of a catalogue rulebook does not know, or with an empty name.
    UnknownCatalog = "unknown_catalog",
    /// A board smaller or larger than supported.
    BoardSize = "board_size",
    /// Pieces told to cross with a single layer.
    CrossOneLayer = "cross_one_layer",
    /// `wrap` naming an axis twice, or with a rule that a board that wraps does not support.
    Wrap = "wrap",
    /// Letters on a layer: missing, or on the first layer.
    LayerLetters = "layer_letters",
    /// A region or square off the board, or an empty rank range.
    RegionOffBoard = "region_off_board",
    /// An inherited region written for a board of another size (a warning).
    RegionResized = "region_resized",
    /// A region defined as another region.
    RegionAlias = "region_alias",
    /// A region name that is not defined.
    UnknownRegion = "unknown_region",
    /// A piece without letters.
    MissingLetters = "missing_letters",
    /// A letter in the wrong case for its side.
    LetterCase = "letter_case",
    /// A letter used by two pieces.
    DuplicateLetter = "duplicate_letter",
    /// A piece's `glyph` that is empty, too long, or holds a space.
    Glyph = "glyph",
    /// A piece's `value` out of range.
    PieceValue = "piece_value",
    /// A piece name that is not defined.
    UnknownPiece = "unknown_piece",
    /// A direction word that is not one.
    UnknownDirection = "unknown_direction",
    /// An atom that cannot move: a zero offset, or directions that keep nothing.
    BadAtom = "bad_atom",
    /// An atom whose offset never lands on the board.
    AtomOffBoard = "atom_off_board",
    /// A `range` that is not a number of steps, or on a leap.
    BadRange = "bad_range",
    /// A Betza string that rulebook cannot read.
    Betza = "betza",
    /// A Betza group that rulebook used to read otherwise (a warning saying what it now means
    /// and the long form of the old meaning).
    BetzaMeaning = "betza_meaning",
    /// A piece without any atom.
    NoMoves = "no_moves",
    /// `cannot capture` on a piece that never captures.
    CannotCapture = "cannot_capture",
    /// `wall behind` beside `moving wall`.
    WallRules = "wall_rules",
    /// `hole behind` with a rule that holes do not support, or a piece written `x`.
    Holes = "holes",
    /// A piece both `royal` and `royal when last`.
    RoyalWhenLast = "royal_when_last",
    /// A `connect` condition that cannot hold or is ill-formed: a row longer than the board, a
    /// row of fewer than 2, a line named twice, `along` on a block.
    Connect = "connect",
    /// `double pass` in a variant where no side may pass.
    NeedsPass = "needs_pass",
    /// A variant without any end condition: its games never end (a warning).
    NeverEnds = "never_ends",
    /// A rule about check (`no royal escape`) in a variant without a check rule.
    NeedsCheck = "needs_check",
    /// `no frozen pieces` without a `frozen when` rule.
    Frozen = "frozen",
    /// `captures without moving` on a piece that never captures, or that turns to stone.
    CaptureWay = "capture_way",
    /// `petrify` of a piece that never captures.
    Petrify = "petrify",
    /// A `turn` block that cannot work: a turn of no moves, a count given twice, `until` that
    /// can never apply.
    TurnRule = "turn_rule",
    /// A piece that can only capture (a warning).
    CaptureOnly = "capture_only",
    /// A promotion without a zone.
    PromotionZone = "promotion_zone",
    /// A promotion to an impossible piece.
    PromotionTarget = "promotion_target",
    /// A promotion without choices for a side.
    PromotionChoices = "promotion_choices",
    /// `in place` with `optional` or `from zone`, which it replaces.
    PromotionInPlace = "promotion_in_place",
    /// A castling flag that is not a letter.
    CastlingFlag = "castling_flag",
    /// A castling square off the board.
    CastlingSquare = "castling_square",
    /// A castling whose moves are ill-formed: a square used twice, a king that does not
    /// move, the same king move twice, too many entries.
    CastlingMove = "castling_move",
    /// Castling that moves a piece that is not royal (a warning).
    CastlingNotRoyal = "castling_not_royal",
    /// A `hand` rule that cannot work: a `gate` region that the castling field cannot name (two
    /// squares on one file for a side), `no drops` without `gate`, `castling from drops`
    /// without castling, `both colors` on a drop region of one colour.
    HandRule = "hand_rule",
    /// Castling rights of the start position whose king or rook is not in place.
    CastlingStart = "castling_start",
    /// A rule that needs a royal piece, in a variant without one.
    NeedsRoyal = "needs_royal",
    /// A start position that is not a valid FEN of the variant.
    StartFen = "start_fen",
    /// A piece or region that is never used (a warning).
    Unused = "unused",
    /// An effect action that cannot apply.
    EffectAction = "effect_action",
    /// Values of different types compared in an effect condition.
    EffectType = "effect_type",
    /// A field of a piece that is not known, or not known yet.
    EffectField = "effect_field",
    /// A name in an effect condition that is not a value.
    UnknownName = "unknown_name",
    /// An item written in an old form that still works (a warning saying what to write now).
    OldForm = "old_form",
    /// An effect without clauses (a warning).
    EffectDoesNothing = "effect_does_nothing",
    /// A FEN given on the command line or in the REPL that cannot be read.
    Fen = "fen",
    /// A move that cannot be played.
    IllegalMove = "illegal_move",
    /// A command used the wrong way.
    Usage = "usage",
    /// A REPL command that does not exist.
    UnknownCommand = "unknown_command",
    /// A PGN file that cannot be read as games, or whose Variant tag names no variant.
    Pgn = "pgn",
}

impl fmt::Display for Code {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// Whether a problem stops the variant from loading.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Severity {
    /// The input is refused.
    Error,
    /// The input is accepted, but probably not what was meant.
    Warning,
}

/// One source text that problems can point into: a variant file, a FEN, a REPL line.
#[derive(Debug)]
pub struct Source {
    /// The name shown in diagnostics: a path, `--fen`, `stdin`.
    pub name: String,
    /// The whole text.
    pub text: String,
    /// The line number of the text's first line (1 for a file; a REPL script numbers its
    /// lines).
    pub first_line: usize,
}

/// All sources of one run; a problem names its sources by index.
#[derive(Debug, Default, Clone)]
pub struct Sources {
    files: Vec<Arc<Source>>,
}

/// The index of a source in its [`Sources`].
pub type SourceId = usize;

impl Sources {
    /// Adds a source whose first line is line 1.
    pub fn add(&mut self, name: impl Into<String>, text: impl Into<String>) -> SourceId {
        self.add_at_line(name, text, 1)
    }

    /// Adds a source that is line `first_line` of something larger (a REPL script).
    pub fn add_at_line(
        &mut self,
        name: impl Into<String>,
        text: impl Into<String>,
        first_line: usize,
    ) -> SourceId {
        self.files.push(Arc::new(Source {
            name: name.into(),
            text: text.into(),
            first_line: first_line.max(1),
        }));
        self.files.len() - 1
    }

    /// The source of an id that this set gave out.
    ///
    /// # Panics
    ///
    /// If `id` was not returned by [`Sources::add`] on this set.
    pub fn get(&self, id: SourceId) -> &Arc<Source> {
        &self.files[id]
    }
}

/// A span of one source with a short text under it.
#[derive(Clone, Debug, PartialEq)]
pub struct Label {
    /// The source the span is in.
    pub source: SourceId,
    /// Byte range in that source.
    pub span: Span,
    /// What to say under the span (may be empty).
    pub text: String,
}

/// A problem found in user input: what is wrong, where, and how to fix it.
#[derive(Clone, Debug, PartialEq)]
pub struct Problem {
    /// Stable identifier, shown as e.g. `rulebook::unknown_piece`.
    pub code: Code,
    /// Error or warning.
    pub severity: Severity,
    /// One sentence, e.g. "unknown piece `quen`".
    pub message: String,
    /// The first label is the primary one.
    pub labels: Vec<Label>,
    /// How to fix it.
    pub help: Option<String>,
}

impl Problem {
    /// An error without labels yet.
    pub fn error(code: Code, message: impl Into<String>) -> Problem {
        Problem {
            code,
            severity: Severity::Error,
            message: message.into(),
            labels: vec![],
            help: None,
        }
    }

    /// A warning without labels yet.
    pub fn warning(code: Code, message: impl Into<String>) -> Problem {
        Problem {
            severity: Severity::Warning,
            ..Problem::error(code, message)
        }
    }

    /// Adds a label; the first one added is the primary one.
    pub fn label(mut self, source: SourceId, span: Span, text: impl Into<String>) -> Problem {
        self.labels.push(Label {
            source,
            span,
            text: text.into(),
        });
        self
    }

    /// Sets the help line.
    pub fn help(mut self, help: impl Into<String>) -> Problem {
        self.help = Some(help.into());
        self
    }

    /// Whether this problem is an error (not a warning).
    pub fn is_error(&self) -> bool {
        self.severity == Severity::Error
    }
}

/// At most this many problems are kept for one input; the rest are counted in a last problem
/// ([`Code::TooManyProblems`]), so that a file of 40,000 mistakes is reported in a moment.
pub const MAX_PROBLEMS: usize = 50;

/// Keeps the first [`MAX_PROBLEMS`] problems, and says how many more there were.
pub fn limit_problems(mut problems: Vec<Problem>) -> Vec<Problem> {
    if problems.len() <= MAX_PROBLEMS {
        return problems;
    }
    let rest = problems.split_off(MAX_PROBLEMS);
    let errors = rest.iter().filter(|p| p.is_error()).count();
    let warnings = rest.len() - errors;
    let summary = match (errors, warnings) {
        (e, 0) => plural(e, "more error"),
        (0, w) => plural(w, "more warning"),
        (e, w) => format!("{} and {}", plural(e, "more error"), plural(w, "warning")),
    };
    let p = Problem::error(Code::TooManyProblems, format!("and {summary}, not shown"))
        .help("fix the problems above first; the rest often follow from them");
    problems.push(if errors == 0 {
        Problem {
            severity: Severity::Warning,
            ..p
        }
    } else {
        p
    });
    problems
}

fn plural(n: usize, what: &str) -> String {
    format!("{n} {what}{}", if n == 1 { "" } else { "s" })
}

// ---------------------------------------------------------------------------------------------
// Shortening: long lines and long words are never echoed whole

/// Lines longer than this many bytes are shown shortened around the labels.
pub const LONG_LINE: usize = 200;
/// Words longer than this many characters are cut in the middle in messages.
pub const LONG_WORD: usize = 60;

/// Bytes of a long line kept on each side of a labelled position.
const KEEP_AROUND: usize = 40;

/// `text` with every whitespace-separated word longer than [`LONG_WORD`] characters cut in
/// the middle (`aaaa…zz`).
pub fn shorten_words(text: &str) -> Cow<'_, str> {
    if !text
        .split_whitespace()
        .any(|w| w.len() > LONG_WORD && w.chars().count() > LONG_WORD)
    {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len().min(4 * LONG_WORD));
    let mut rest = text;
    while !rest.is_empty() {
        let word_end = rest.find(char::is_whitespace).unwrap_or(rest.len());
        let (word, tail) = rest.split_at(word_end);
        out.push_str(&shorten(word, LONG_WORD));
        let space_end = tail
            .find(|c: char| !c.is_whitespace())
            .unwrap_or(tail.len());
        out.push_str(&tail[..space_end]);
        rest = &tail[space_end..];
    }
    Cow::Owned(out)
}

/// `text` cut to at most `max` characters, keeping its start and end around a `…`.
pub fn shorten(text: &str, max: usize) -> Cow<'_, str> {
    let count = text.chars().count();
    if count <= max {
        return Cow::Borrowed(text);
    }
    let tail = max / 4;
    let head = max.saturating_sub(tail + 1);
    let start: String = text.chars().take(head).collect();
    let end: String = text.chars().skip(count - tail).collect();
    Cow::Owned(format!("{start}…{end}"))
}

/// A kept part of a source: the original byte range, and where it starts in the excerpt.
#[derive(Clone, Copy, Debug)]
struct Kept {
    original: usize,
    len: usize,
    excerpt: usize,
}

/// A source as miette sees it: long lines cut down around the labelled positions, spans mapped
/// to the cut text, and line and column numbers those of the original.
struct Excerpt {
    name: String,
    original: Arc<Source>,
    text: String,
    kept: Vec<Kept>,
}

impl Excerpt {
    /// Cuts the long lines of `source`, keeping the text around each of `points` (byte offsets).
    fn new(source: &Arc<Source>, points: &[usize]) -> Excerpt {
        let text = &source.text;
        let mut kept = vec![];
        let mut out = String::new();
        let mut line_start = 0;
        while line_start <= text.len() {
            let line_end = text[line_start..]
                .find('\n')
                .map(|i| line_start + i)
                .unwrap_or(text.len());
            let next = (line_end + 1).min(text.len() + 1);
            let line_len = line_end - line_start;
            if line_len <= LONG_LINE {
                let end = next.min(text.len());
                keep(&mut kept, &mut out, text, line_start, end);
            } else {
                let windows = windows(text, line_start, line_end, points);
                for (i, &(s, e)) in windows.iter().enumerate() {
                    if i > 0 || s > line_start {
                        out.push('…');
                    }
                    keep(&mut kept, &mut out, text, s, e);
                }
                if windows.last().is_none_or(|w| w.1 < line_end) {
                    out.push('…');
                }
                if line_end < text.len() {
                    keep(&mut kept, &mut out, text, line_end, line_end + 1);
                }
            }
            if line_end >= text.len() {
                break;
            }
            line_start = next;
        }
        Excerpt {
            name: source.name.clone(),
            original: source.clone(),
            text: out,
            kept,
        }
    }

    /// Where an original byte offset is in the excerpt.
    fn to_excerpt(&self, offset: usize) -> usize {
        let i = self.kept.partition_point(|k| k.original + k.len < offset);
        match self.kept.get(i) {
            Some(k) if offset >= k.original => k.excerpt + (offset - k.original),
            Some(k) => k.excerpt,
            None => self.text.len(),
        }
    }

    /// Where an excerpt byte offset was in the original.
    fn to_original(&self, offset: usize) -> usize {
        let i = self.kept.partition_point(|k| k.excerpt + k.len < offset);
        match self.kept.get(i) {
            Some(k) if offset >= k.excerpt => k.original + (offset - k.excerpt),
            Some(k) => k.original,
            None => self.original.text.len(),
        }
    }

    fn span(&self, span: Span) -> (usize, usize) {
        let start = self.to_excerpt(span.start);
        let end = self.to_excerpt(span.end.max(span.start));
        (start, end - start)
    }
}

fn keep(kept: &mut Vec<Kept>, out: &mut String, text: &str, start: usize, end: usize) {
    if start >= end {
        return;
    }
    kept.push(Kept {
        original: start,
        len: end - start,
        excerpt: out.len(),
    });
    out.push_str(&text[start..end]);
}

/// The parts of a long line to show: its start, and the text around each point on the line,
/// merged where they touch.
fn windows(text: &str, start: usize, end: usize, points: &[usize]) -> Vec<(usize, usize)> {
    let mut on_line: Vec<usize> = points
        .iter()
        .copied()
        .filter(|p| (start..=end).contains(p))
        .collect();
    on_line.push(start);
    on_line.sort_unstable();
    let mut out: Vec<(usize, usize)> = vec![];
    for p in on_line {
        let s = floor_boundary(text, p.saturating_sub(KEEP_AROUND).max(start));
        let e = ceil_boundary(text, (p + KEEP_AROUND).min(end));
        match out.last_mut() {
            Some(last) if s <= last.1 => last.1 = last.1.max(e),
            _ => out.push((s, e)),
        }
    }
    out
}

impl SourceCode for Excerpt {
    fn read_span<'a>(
        &'a self,
        span: &SourceSpan,
        before: usize,
        after: usize,
    ) -> Result<Box<dyn SpanContents<'a> + 'a>, MietteError> {
        let inner = self.text.read_span(span, before, after)?;
        // miette reads a label's own span (no context) for the `file:line:column` header:
        // that column is the original one, not the excerpt's.
        let column = if before == 0 && after == 0 {
            let at = self.to_original(span.offset());
            let line_start = self.original.text[..floor_boundary(&self.original.text, at)]
                .rfind('\n')
                .map(|i| i + 1)
                .unwrap_or(0);
            at - line_start
        } else {
            inner.column()
        };
        Ok(Box::new(MietteSpanContents::new_named(
            self.name.clone(),
            inner.data(),
            *inner.span(),
            inner.line() + self.original.first_line - 1,
            column,
            inner.line_count(),
        )))
    }
}

/// A problem bound to its sources, ready for miette.
struct Rendered {
    code: Code,
    severity: miette::Severity,
    message: String,
    help: Option<String>,
    source: Option<Excerpt>,
    labels: Vec<LabeledSpan>,
    related: Vec<Rendered>,
}

impl fmt::Debug for Rendered {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}
impl fmt::Display for Rendered {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}
impl std::error::Error for Rendered {}

impl Diagnostic for Rendered {
    fn code<'a>(&'a self) -> Option<Box<dyn fmt::Display + 'a>> {
        Some(Box::new(self.code))
    }
    fn severity(&self) -> Option<miette::Severity> {
        Some(self.severity)
    }
    fn help<'a>(&'a self) -> Option<Box<dyn fmt::Display + 'a>> {
        self.help
            .as_ref()
            .map(|h| Box::new(h) as Box<dyn fmt::Display>)
    }
    fn source_code(&self) -> Option<&dyn SourceCode> {
        self.source.as_ref().map(|s| s as &dyn SourceCode)
    }
    fn labels(&self) -> Option<Box<dyn Iterator<Item = LabeledSpan> + '_>> {
        if self.labels.is_empty() {
            None
        } else {
            Some(Box::new(self.labels.iter().cloned()))
        }
    }
    fn related<'a>(&'a self) -> Option<Box<dyn Iterator<Item = &'a dyn Diagnostic> + 'a>> {
        if self.related.is_empty() {
            None
        } else {
            Some(Box::new(self.related.iter().map(|r| r as &dyn Diagnostic)))
        }
    }
}

/// The excerpt of a source that shows these labels.
fn excerpt(sources: &Sources, id: SourceId, labels: &[&Label]) -> Excerpt {
    let points: Vec<usize> = labels
        .iter()
        .flat_map(|l| [l.span.start, l.span.end])
        .collect();
    Excerpt::new(sources.get(id), &points)
}

fn labeled(excerpt: &Excerpt, label: &Label, text: &str, primary: bool) -> LabeledSpan {
    let text = (!text.is_empty()).then(|| shorten_words(text).into_owned());
    let span = excerpt.span(label.span);
    if primary {
        LabeledSpan::new_primary_with_span(text, span)
    } else {
        LabeledSpan::new_with_span(text, span)
    }
}

fn bind(problem: &Problem, sources: &Sources) -> Rendered {
    let main = problem.labels.first().map(|l| l.source);
    let here: Vec<&Label> = problem
        .labels
        .iter()
        .filter(|l| Some(l.source) == main)
        .collect();
    let source = main.map(|id| excerpt(sources, id, &here));
    let mut labels = vec![];
    let mut related = vec![];
    for (i, label) in problem.labels.iter().enumerate() {
        match &source {
            Some(ex) if Some(label.source) == main => {
                labels.push(labeled(ex, label, &label.text, i == 0))
            }
            _ => related.push(note(problem.code, label, sources)),
        }
    }
    Rendered {
        code: problem.code,
        severity: match problem.severity {
            Severity::Error => miette::Severity::Error,
            Severity::Warning => miette::Severity::Warning,
        },
        message: shorten_words(&problem.message).into_owned(),
        help: problem
            .help
            .as_deref()
            .map(|h| shorten_words(h).into_owned()),
        source,
        labels,
        related,
    }
}

/// A label in another file than the problem's ("first defined here"): a note, neither error
/// nor warning.
fn note(code: Code, label: &Label, sources: &Sources) -> Rendered {
    let ex = excerpt(sources, label.source, &[label]);
    let span = labeled(&ex, label, "", true);
    Rendered {
        code,
        severity: miette::Severity::Advice,
        message: shorten_words(&label.text).into_owned(),
        help: None,
        source: Some(ex),
        labels: vec![span],
        related: vec![],
    }
}

/// Renders a problem as miette draws it: with colour for a terminal, or plain (unicode, no
/// colour) at a fixed width for snapshots and pipes.
pub fn render(problem: &Problem, sources: &Sources, color: bool, width: usize) -> String {
    let theme = if color {
        GraphicalTheme::unicode()
    } else {
        GraphicalTheme::unicode_nocolor()
    };
    let handler = GraphicalReportHandler::new_themed(theme)
        .with_width(width)
        .with_links(false);
    let mut out = String::new();
    let rendered = bind(problem, sources);
    if handler.render_report(&mut out, &rendered).is_err() {
        out = format!("{}: {}\n", problem.code, rendered.message);
    }
    out
}

/// Renders problems for machines: one JSON object per problem, in an array.
pub fn to_json(problems: &[Problem], sources: &Sources) -> String {
    let objects: Vec<String> = problems.iter().map(|p| json_problem(p, sources)).collect();
    if objects.is_empty() {
        "[]\n".to_string()
    } else {
        format!("[\n  {}\n]\n", objects.join(",\n  "))
    }
}

fn json_problem(p: &Problem, sources: &Sources) -> String {
    let labels: Vec<String> = p
        .labels
        .iter()
        .map(|l| {
            let src = sources.get(l.source);
            let (line, col) = line_col(&src.text, l.span.start);
            format!(
                "{{\"file\": {}, \"start\": {}, \"end\": {}, \"line\": {}, \"column\": {}, \"text\": {}}}",
                json_str(&src.name),
                l.span.start,
                l.span.end,
                line + src.first_line - 1,
                col,
                json_str(&shorten_words(&l.text))
            )
        })
        .collect();
    format!(
        "{{\"code\": {}, \"severity\": {}, \"message\": {}, \"help\": {}, \"labels\": [{}]}}",
        json_str(p.code.as_str()),
        json_str(match p.severity {
            Severity::Error => "error",
            Severity::Warning => "warning",
        }),
        json_str(&shorten_words(&p.message)),
        p.help
            .as_deref()
            .map(|h| json_str(&shorten_words(h)))
            .unwrap_or_else(|| "null".into()),
        labels.join(", ")
    )
}

/// The whitespace-separated words of a text, each with its byte offset, so that an error
/// about one of them can point at it.
pub fn words(text: &str) -> Vec<(usize, &str)> {
    let mut out = vec![];
    let mut start = None;
    for (i, c) in text.char_indices() {
        if c.is_whitespace() {
            if let Some(s) = start.take() {
                out.push((s, &text[s..i]));
            }
        } else if start.is_none() {
            start = Some(i);
        }
    }
    if let Some(s) = start {
        out.push((s, &text[s..]));
    }
    out
}

/// 1-based line and column (in characters) of a byte offset.
pub fn line_col(text: &str, offset: usize) -> (usize, usize) {
    let offset = offset.min(text.len());
    let before = &text[..floor_boundary(text, offset)];
    let line = before.matches('\n').count() + 1;
    let col = before
        .rsplit('\n')
        .next()
        .map(|l| l.chars().count())
        .unwrap_or(0)
        + 1;
    (line, col)
}

fn floor_boundary(text: &str, mut i: usize) -> usize {
    i = i.min(text.len());
    while i > 0 && !text.is_char_boundary(i) {
        i -= 1;
    }
    i
}

fn ceil_boundary(text: &str, mut i: usize) -> usize {
    while i < text.len() && !text.is_char_boundary(i) {
        i += 1;
    }
    i.min(text.len())
}

/// A JSON string literal of `s`.
pub fn json_str(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\t' => out.push_str("\\t"),
            c if (c as u32) < 0x20 => out.push_str(&format!("\\u{:04x}", c as u32)),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// Words longer than this are no one's misspelling of a name of the language.
const LONGEST_SUGGESTIBLE: usize = 64;

/// The closest of `candidates` to `word`, if it is close enough to be a plausible misspelling.
pub fn did_you_mean<'a>(
    word: &str,
    candidates: impl IntoIterator<Item = &'a str>,
) -> Option<&'a str> {
    let word_len = word.chars().count();
    if word_len > LONGEST_SUGGESTIBLE {
        return None;
    }
    let word = word.to_lowercase();
    let mut best: Option<(&str, usize)> = None;
    for c in candidates {
        let len = c.chars().count();
        let limit = (len.max(word_len) / 3).max(1);
        // The distance is at least the difference in length: skip the hopeless ones cheaply.
        if len.abs_diff(word_len) > limit {
            continue;
        }
        let d = edit_distance(&word, &c.to_lowercase());
        if d <= limit && best.is_none_or(|(_, bd)| d < bd) {
            best = Some((c, d));
        }
    }
    best.map(|(c, _)| c)
}

/// Edits (insert, delete, substitute, or swap two neighbours) from `a` to `b`: a swap counts
/// as one, so `peice` is one edit from `piece`.
pub fn edit_distance(a: &str, b: &str) -> usize {
    let a: Vec<char> = a.chars().collect();
    let b: Vec<char> = b.chars().collect();
    // d[i][j]: distance between a[..i] and b[..j].
    let mut d = vec![vec![0usize; b.len() + 1]; a.len() + 1];
    for (i, row) in d.iter_mut().enumerate() {
        row[0] = i;
    }
    for (j, cell) in d[0].iter_mut().enumerate() {
        *cell = j;
    }
    for i in 1..=a.len() {
        for j in 1..=b.len() {
            let cost = usize::from(a[i - 1] != b[j - 1]);
            let mut v = (d[i - 1][j] + 1)
                .min(d[i][j - 1] + 1)
                .min(d[i - 1][j - 1] + cost);
            if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                v = v.min(d[i - 2][j - 2] + 1);
            }
            d[i][j] = v;
        }
    }
    d[a.len()][b.len()]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_long_line_is_shown_around_its_label_with_the_true_column() {
        let mut sources = Sources::default();
        let text = format!("variant c extends chess{}@\n", " ".repeat(70_000));
        let src = sources.add("f.variant", text.clone());
        let at = text.find('@').unwrap();
        let p = Problem::error(Code::Syntax, "unexpected `@`").label(
            src,
            Span::new(at, at + 1),
            "here",
        );
        let out = render(&p, &sources, false, 80);
        assert!(out.contains("f.variant:1:70024"), "{out}");
        assert!(out.len() < 2_000, "{out}");
    }

    #[test]
    fn long_words_are_cut_in_the_middle() {
        let word = "x".repeat(10_000);
        let text = format!("unknown `{word}` here");
        let s = shorten_words(&text);
        assert!(s.len() < 100, "{s}");
        assert!(s.starts_with("unknown `x") && s.ends_with("x` here"), "{s}");
    }

    #[test]
    fn problems_beyond_the_limit_are_counted() {
        let many = vec![Problem::error(Code::Syntax, "x"); MAX_PROBLEMS + 7];
        let kept = limit_problems(many);
        assert_eq!(kept.len(), MAX_PROBLEMS + 1);
        assert_eq!(kept[MAX_PROBLEMS].message, "and 7 more errors, not shown");
    }

    #[test]
    fn did_you_mean_ignores_huge_words() {
        assert_eq!(did_you_mean(&"p".repeat(1_000_000), ["piece"]), None);
        assert_eq!(did_you_mean("peice", ["piece", "board"]), Some("piece"));
    }
}
