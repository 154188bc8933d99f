//! Problems found in user input (variant files, FEN, moves), and their rendering with miette.
//!
//! A [`Problem`] is plain data: a stable code, a message, labelled spans in one or more sources,
//! and a help line. Rendering turns it into a miette diagnostic; labels in another source than
//! the first become related diagnostics ("first defined here" in the parent variant).

use std::fmt;
use std::sync::Arc;

use miette::{
    Diagnostic, GraphicalReportHandler, GraphicalTheme, LabeledSpan, NamedSource, Severity,
    SourceCode,
};

use crate::syntax::ast::Span;

/// One source text that problems can point into: a variant file, a FEN, a REPL line.
#[derive(Debug)]
pub struct Source {
    pub name: String,
    pub text: String,
}

/// All sources of one run; a problem names its sources by index.
#[derive(Debug, Default, Clone)]
pub struct Sources {
    files: Vec<Arc<Source>>,
}

pub type SourceId = usize;

impl Sources {
    pub fn add(&mut self, name: impl Into<String>, text: impl Into<String>) -> SourceId {
        self.files.push(Arc::new(Source {
            name: name.into(),
            text: text.into(),
        }));
        self.files.len() - 1
    }
    pub fn get(&self, id: SourceId) -> &Arc<Source> {
        &self.files[id]
    }
}

#[derive(Clone, Debug, PartialEq)]
pub struct Label {
    pub source: SourceId,
    pub span: Span,
    pub text: String,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Problem {
    /// Stable identifier, e.g. `rulebook::unknown_piece`.
    pub code: &'static str,
    pub warning: bool,
    pub message: String,
    /// The first label is the primary one.
    pub labels: Vec<Label>,
    pub help: Option<String>,
}

impl Problem {
    pub fn error(code: &'static str, message: impl Into<String>) -> Problem {
        Problem {
            code,
            warning: false,
            message: message.into(),
            labels: vec![],
            help: None,
        }
    }
    pub fn warning(code: &'static str, message: impl Into<String>) -> Problem {
        Problem {
            warning: true,
            ..Problem::error(code, message)
        }
    }
    pub fn label(mut self, source: SourceId, span: Span, text: impl Into<String>) -> Problem {
        self.labels.push(Label {
            source,
            span,
            text: text.into(),
        });
        self
    }
    pub fn help(mut self, help: impl Into<String>) -> Problem {
        self.help = Some(help.into());
        self
    }
}

/// A problem bound to its sources, ready for miette.
struct Rendered {
    code: &'static str,
    severity: Severity,
    message: String,
    help: Option<String>,
    source: Option<NamedSource<String>>,
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
    fn severity(&self) -> Option<Severity> {
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

fn named(sources: &Sources, id: SourceId) -> NamedSource<String> {
    let s = sources.get(id);
    NamedSource::new(s.name.clone(), s.text.clone())
}

fn labeled(label: &Label, primary: bool) -> LabeledSpan {
    let text = if label.text.is_empty() {
        None
    } else {
        Some(label.text.clone())
    };
    let span = (label.span.start, label.span.len());
    if primary {
        LabeledSpan::new_primary_with_span(text, span)
    } else {
        LabeledSpan::new_with_span(text, span)
    }
}

fn bind(problem: &Problem, sources: &Sources) -> Rendered {
    let main = problem.labels.first().map(|l| l.source);
    let mut labels = vec![];
    let mut related: Vec<Rendered> = vec![];
    for (i, label) in problem.labels.iter().enumerate() {
        if Some(label.source) == main {
            labels.push(labeled(label, i == 0));
        } else {
            // A note in another file ("first defined here"): advice, neither error nor warning.
            related.push(Rendered {
                code: problem.code,
                severity: Severity::Advice,
                message: label.text.clone(),
                help: None,
                source: Some(named(sources, label.source)),
                labels: vec![labeled(
                    &Label {
                        text: String::new(),
                        ..label.clone()
                    },
                    true,
                )],
                related: vec![],
            });
        }
    }
    Rendered {
        code: problem.code,
        severity: if problem.warning {
            Severity::Warning
        } else {
            Severity::Error
        },
        message: problem.message.clone(),
        help: problem.help.clone(),
        source: main.map(|id| named(sources, id)),
        labels,
        related,
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
        out = format!("{}: {}\n", problem.code, problem.message);
    }
    out
}

/// Renders problems for machines: one JSON object per problem, in an array.
pub fn to_json(problems: &[Problem], sources: &Sources) -> String {
    let mut out = String::from("[");
    for (i, p) in problems.iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        out.push_str("\n  {");
        out.push_str(&format!(
            "\"code\": {}, \"severity\": {}, \"message\": {}, \"help\": {}, \"labels\": [",
            json_str(p.code),
            json_str(if p.warning { "warning" } else { "error" }),
            json_str(&p.message),
            p.help
                .as_deref()
                .map(json_str)
                .unwrap_or_else(|| "null".into())
        ));
        for (j, l) in p.labels.iter().enumerate() {
            if j > 0 {
                out.push_str(", ");
            }
            let src = sources.get(l.source);
            let (line, col) = line_col(&src.text, l.span.start);
            out.push_str(&format!(
                "{{\"file\": {}, \"start\": {}, \"end\": {}, \"line\": {}, \"column\": {}, \"text\": {}}}",
                json_str(&src.name),
                l.span.start,
                l.span.end,
                line,
                col,
                json_str(&l.text)
            ));
        }
        out.push_str("]}");
    }
    out.push_str(if problems.is_empty() { "]\n" } else { "\n]\n" });
    out
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
    while i > 0 && !text.is_char_boundary(i) {
        i -= 1;
    }
    i
}

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

/// The closest of `candidates` to `word`, if it is close enough to be a plausible misspelling.
pub fn did_you_mean<'a>(
    word: &str,
    candidates: impl IntoIterator<Item = &'a str>,
) -> Option<&'a str> {
    let mut best: Option<(&str, usize)> = None;
    for c in candidates {
        let d = edit_distance(&word.to_lowercase(), &c.to_lowercase());
        let limit = (c.chars().count().max(word.chars().count()) / 3).max(1);
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
    for j in 0..=b.len() {
        d[0][j] = j;
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
