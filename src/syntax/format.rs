//! The canonical layout of a variant file (`rulebook fmt`).
//!
//! The file is parsed with the grammar, and its tokens (the leaves of the pest tree) are laid
//! out again: one item after another at column 0, the statements of a `{ ... }` block indented
//! by two spaces, single spaces between words (none inside `(1,2)`, `1..3`, `target.side`),
//! and columns aligned where rows repeat a shape: the modalities of a piece's atoms, the
//! castling rows, the names of consecutive regions, trailing comments.
//!
//! What the layout keeps from the source: every comment, where it was (on its own line, or at
//! the end of a line); which statements of a block share a line (a block written on one line
//! stays on one line); and a blank line where there was one or more. Items that take several
//! lines are always set apart by a blank line. Formatting its own output changes nothing.

use pest::Parser;
use pest::iterators::Pair;

use crate::syntax::grammar::{Rule, VariantParser};

/// Formats a variant file. `None` when the file does not parse: its syntax errors are what
/// `rulebook check` reports.
pub fn format_source(text: &str) -> Option<String> {
    let file = VariantParser::parse(Rule::file, text).ok()?.next()?;
    let mut items = vec![];
    let mut rules = vec![];
    let mut b = Builder::new(text);
    for pair in file.into_inner() {
        if pair.as_rule() == Rule::EOI {
            continue;
        }
        let start = b.lines.len();
        rules.push(pair.as_rule());
        layout_item(&mut b, pair);
        b.close();
        items.push(start);
    }
    b.trailing_comments(text.len(), 0);
    b.close();
    // The `catalog` lines right after the header belong to it: no blank line between them.
    let head = 1 + rules
        .iter()
        .skip(1)
        .take_while(|r| **r == Rule::catalog)
        .count();
    separate_items(&mut b.lines, &items, head);
    Some(render(&b.lines))
}

/// One line of output: its indentation, its cells (aligned with the same cells of the rows
/// around it when it has a shape), a comment at its end, and whether a blank line precedes it.
#[derive(Debug, Default)]
struct Line {
    indent: usize,
    /// The cells, each with the separator that precedes it (the first one's is empty).
    cells: Vec<(&'static str, String)>,
    /// The rows that align with each other: consecutive lines of the same shape.
    shape: Option<Shape>,
    comment: Option<String>,
    blank_before: bool,
    /// A comment on a line of its own.
    comment_only: bool,
}

/// The kinds of rows whose cells are aligned in columns.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Shape {
    /// `move    leap (0,1)`: the modality, then the rest.
    Atom,
    /// A castling row: every word a column.
    Castle,
    /// `region NAME REGION` at the top level.
    Region,
    /// A top-level item with a block on one line: `promotion pawn { zone far  to tokin }`;
    /// its braces and statements align.
    Inline,
}

/// Builds the lines from the tokens, in order, placing the comments found between them.
struct Builder<'t> {
    text: &'t str,
    lines: Vec<Line>,
    /// The line being written, if any.
    open: Option<Line>,
    /// Where the last token ended.
    last_end: usize,
    /// The last token written.
    last: Option<Rule>,
    /// The indentation of the statement being written (its continuation lines go deeper).
    indent: usize,
}

/// A comment found between two tokens.
struct Comment<'t> {
    text: &'t str,
    /// It follows a token on the same line.
    trailing: bool,
    blank_before: bool,
}

impl<'t> Builder<'t> {
    fn new(text: &'t str) -> Self {
        Builder {
            text,
            lines: vec![],
            open: None,
            last_end: 0,
            last: None,
            indent: 0,
        }
    }

    fn close(&mut self) {
        if let Some(line) = self.open.take() {
            self.lines.push(line);
        }
    }

    /// The comments between the last token and `start`, and whether a blank line comes right
    /// before `start`.
    fn gap(&self, start: usize) -> (Vec<Comment<'t>>, bool) {
        let gap = &self.text[self.last_end..start];
        let mut comments = vec![];
        let mut newlines = 0;
        let mut rest = gap;
        while let Some(c) = rest.chars().next() {
            if c == '#' {
                let end = rest.find('\n').unwrap_or(rest.len());
                comments.push(Comment {
                    text: rest[..end].trim_end(),
                    trailing: newlines == 0 && self.last.is_some(),
                    blank_before: newlines >= 2,
                });
                rest = &rest[end..];
                newlines = 0;
            } else {
                if c == '\n' {
                    newlines += 1;
                }
                rest = &rest[c.len_utf8()..];
            }
        }
        (comments, newlines >= 2)
    }

    /// Places the comments that precede `start`; `indent` is the one of own-line comments.
    /// Returns whether a blank line precedes `start`.
    fn trailing_comments(&mut self, start: usize, indent: usize) -> bool {
        let (comments, blank) = self.gap(start);
        for c in comments {
            if c.trailing {
                let line = match self.open.as_mut() {
                    Some(l) => l,
                    None => match self.lines.last_mut() {
                        Some(l) => l,
                        None => continue,
                    },
                };
                line.comment = Some(c.text.to_string());
                self.close();
            } else {
                self.close();
                self.lines.push(Line {
                    indent,
                    cells: vec![("", c.text.to_string())],
                    blank_before: c.blank_before,
                    comment_only: true,
                    ..Line::default()
                });
            }
        }
        self.last_end = self.last_end.max(start);
        blank
    }

    /// Starts a statement at `indent`: on a new line, or after the statement before it when
    /// they share a source line and `same_line` allows it.
    fn statement(&mut self, start: usize, indent: usize, same_line: bool) {
        let (comments, _) = self.gap(start);
        let shares = same_line
            && self.open.is_some()
            && comments.is_empty()
            && !self.text[self.last_end..start].contains('\n');
        if shares {
            if let Some(line) = self.open.as_mut() {
                if line.shape != Some(Shape::Inline) {
                    line.shape = None;
                }
                let sep = if self.last == Some(Rule::open_brace) {
                    " "
                } else {
                    "  "
                };
                line.cells.push((sep, String::new()));
            }
        } else {
            let blank = self.trailing_comments(start, indent);
            self.close();
            self.open = Some(Line {
                indent,
                blank_before: blank,
                ..Line::default()
            });
        }
        self.indent = indent;
    }

    /// Writes one token.
    fn token(&mut self, rule: Rule, start: usize, end: usize) {
        let text = &self.text[start..end];
        let (comments, _) = self.gap(start);
        if !comments.is_empty() {
            let indent = self.indent + 2;
            self.trailing_comments(start, indent);
        }
        // A statement that the source breaks over lines keeps its breaks.
        let broken = rule != Rule::open_brace
            && self.text[self.last_end..start].contains('\n')
            && self
                .open
                .as_ref()
                .is_some_and(|l| l.cells.iter().any(|(_, c)| !c.is_empty()));
        if broken {
            self.close();
        }
        let indent = self.indent + 2;
        let line = self.open.get_or_insert_with(|| Line {
            indent,
            ..Line::default()
        });
        if line.cells.is_empty() {
            line.cells.push(("", String::new()));
        }
        let cell = line.cells.last_mut().map(|(_, c)| c);
        if let Some(cell) = cell {
            if !cell.is_empty() && space_between(self.last, rule) {
                cell.push(' ');
            }
            cell.push_str(text);
        }
        self.last = Some(rule);
        self.last_end = end;
    }

    /// Starts a new cell of the open line, after `sep`.
    fn cell(&mut self, sep: &'static str) {
        if let Some(line) = self.open.as_mut() {
            line.cells.push((sep, String::new()));
        }
    }

    fn shape(&mut self, shape: Shape) {
        if let Some(line) = self.open.as_mut() {
            line.shape = Some(shape);
        }
    }
}

/// Whether a space separates two tokens.
fn space_between(before: Option<Rule>, after: Rule) -> bool {
    let glued_after = matches!(
        before,
        Some(Rule::open_paren | Rule::dots | Rule::dot | Rule::comma)
    ) && !(before == Some(Rule::comma) && after != Rule::int);
    let glued_before = matches!(
        after,
        Rule::close_paren | Rule::comma | Rule::colon | Rule::dots | Rule::dot
    );
    !(glued_after || glued_before)
}

/// Whether a pair is written as one token.
fn is_token(pair: &Pair<Rule>) -> bool {
    pair.as_rule() == Rule::string || pair.clone().into_inner().next().is_none()
}

fn layout_item(b: &mut Builder, pair: Pair<Rule>) {
    let start = pair.as_span().start();
    b.statement(start, 0, false);
    let source = pair.as_str();
    if pair.as_rule() == Rule::region_def {
        b.shape(Shape::Region);
    } else if source.contains('{') && !source.contains('\n') {
        b.shape(Shape::Inline);
    }
    layout(b, pair, 0);
}

/// Lays out a pair's tokens; a `{ ... }` among its children is a block of statements.
fn layout(b: &mut Builder, pair: Pair<Rule>, indent: usize) {
    if is_token(&pair) {
        let span = pair.as_span();
        b.token(pair.as_rule(), span.start(), span.end());
        return;
    }
    let rule = pair.as_rule();
    let children: Vec<Pair<Rule>> = pair.into_inner().collect();
    let open = children
        .iter()
        .position(|p| p.as_rule() == Rule::open_brace);
    let close = children
        .iter()
        .rposition(|p| p.as_rule() == Rule::close_brace);
    match (open, close) {
        (Some(o), Some(c)) if o < c => {
            let (from, to) = (children[o].as_span().start(), children[c].as_span().start());
            let multiline = b.text[from..to].contains('\n');
            for child in &children[..o] {
                layout_child(b, rule, child.clone(), indent);
            }
            if b.open
                .as_ref()
                .is_some_and(|l| l.shape == Some(Shape::Inline))
            {
                b.cell(" ");
            }
            layout(b, children[o].clone(), indent);
            block(b, rule, &children[o + 1..c], indent, multiline);
            close_brace(b, &children[c], indent, multiline);
            for child in &children[c + 1..] {
                layout(b, child.clone(), indent);
            }
        }
        _ => {
            for child in children {
                layout_child(b, rule, child, indent);
            }
        }
    }
}

/// A child of `parent`, with the cell breaks of the aligned shapes.
fn layout_child(b: &mut Builder, parent: Rule, child: Pair<Rule>, indent: usize) {
    let rule = child.as_rule();
    match parent {
        Rule::atom if rule != Rule::modality => {
            let after_modality = matches!(
                b.last,
                Some(Rule::kw_move | Rule::kw_capture | Rule::kw_attack)
            );
            if after_modality
                && b.open
                    .as_ref()
                    .is_some_and(|l| l.shape == Some(Shape::Atom))
            {
                b.cell(" ");
            }
        }
        Rule::castle if b.last != Some(Rule::open_brace) && !starts_castle(b) => {
            let group = matches!(rule, Rule::castle_empty | Rule::castle_safe)
                || (rule == Rule::piece_ref && b.last == Some(Rule::square));
            if rule == Rule::castle_safe && !last_cell_starts(b, "empty") {
                b.cell("  ");
            }
            if group {
                b.cell("  ");
            } else if b.last == Some(Rule::letter) {
                b.cell(" ");
            }
        }
        Rule::region_def if rule == Rule::region => b.cell(" "),
        _ => {}
    }
    layout(b, child, indent);
}

fn last_cell_starts(b: &Builder, word: &str) -> bool {
    b.open
        .as_ref()
        .and_then(|l| l.cells.last())
        .is_some_and(|(_, c)| c.starts_with(word))
}

/// Whether the open line is empty: a castling row's first word starts no cell.
fn starts_castle(b: &Builder) -> bool {
    b.open
        .as_ref()
        .is_none_or(|l| l.cells.iter().all(|(_, c)| c.is_empty()))
}

/// The statements of a block: each on its own line, unless the source put several on a line.
fn block(b: &mut Builder, parent: Rule, stmts: &[Pair<Rule>], indent: usize, multiline: bool) {
    let inner = indent + 2;
    for (k, group) in statements(parent, stmts).into_iter().enumerate() {
        let start = group[0].as_span().start();
        let same_line = k > 0 || !multiline;
        b.statement(start, inner, same_line);
        if k == 0
            && let Some(line) = b.open.as_mut()
        {
            line.blank_before = false;
        }
        shape_statement(b, parent, &group[0]);
        for pair in group {
            layout(b, pair, inner);
        }
    }
}

fn shape_statement(b: &mut Builder, parent: Rule, first: &Pair<Rule>) {
    let alone = b.open.as_ref().is_some_and(|l| l.cells.len() <= 1);
    if !alone {
        return;
    }
    match (parent, first.as_rule()) {
        (_, Rule::castle) => b.shape(Shape::Castle),
        (Rule::piece_body, Rule::atom)
            if first
                .clone()
                .into_inner()
                .next()
                .is_some_and(|p| p.as_rule() == Rule::modality) =>
        {
            b.shape(Shape::Atom)
        }
        _ => {}
    }
}

/// The statements of a block, each a run of children. Chess960's `castling rule { ... }`
/// is one statement: its words are single words, not statements.
fn statements<'i>(parent: Rule, stmts: &[Pair<'i, Rule>]) -> Vec<Vec<Pair<'i, Rule>>> {
    if parent == Rule::castling_rule {
        return vec![stmts.to_vec()];
    }
    stmts.iter().map(|p| vec![p.clone()]).collect()
}

/// The closing brace: on a line of its own when the block's source spans several lines (the
/// comments before it stay inside the block).
fn close_brace(b: &mut Builder, close: &Pair<Rule>, indent: usize, multiline: bool) {
    let span = close.as_span();
    if multiline || b.open.is_none() {
        b.trailing_comments(span.start(), indent + 2);
        b.statement(span.start(), indent, false);
        if let Some(line) = b.open.as_mut() {
            line.blank_before = false;
        }
    } else {
        b.indent = indent;
    }
    b.token(Rule::close_brace, span.start(), span.end());
}

/// Blank lines between items: always around an item of several lines, and after the header and
/// the `catalog` lines that follow it (the first `head` items), never among those.
fn separate_items(lines: &mut [Line], items: &[usize], head: usize) {
    let mut bounds: Vec<usize> = items.to_vec();
    bounds.push(lines.len());
    let code_lines =
        |from: usize, to: usize| lines[from..to].iter().filter(|l| !l.comment_only).count();
    let sizes: Vec<usize> = bounds.windows(2).map(|w| code_lines(w[0], w[1])).collect();
    for k in 1..items.len() {
        let Some(first) = lines.get_mut(items[k]) else {
            continue;
        };
        if k < head {
            first.blank_before = false;
        } else if k == head || sizes[k - 1] > 1 || sizes[k] > 1 {
            first.blank_before = true;
        }
    }
    if let Some(first) = lines.first_mut() {
        first.blank_before = false;
    }
}

/// The text of the lines, aligned.
fn render(lines: &[Line]) -> String {
    let widths = column_widths(lines);
    let texts: Vec<String> = lines
        .iter()
        .zip(&widths)
        .map(|(l, w)| cells_text(l, w))
        .collect();
    let comment_cols = comment_columns(lines, &texts);
    let mut out = String::new();
    for ((line, text), col) in lines.iter().zip(&texts).zip(comment_cols) {
        if line.blank_before {
            out.push('\n');
        }
        out.push_str(&" ".repeat(line.indent));
        out.push_str(text);
        if let Some(c) = &line.comment {
            let pad = col
                .saturating_sub(text.len())
                .max(if text.is_empty() { 0 } else { 2 });
            out.push_str(&" ".repeat(pad));
            out.push_str(c);
        }
        out.push('\n');
    }
    out
}

/// Runs of consecutive lines that align: same shape and indentation, no blank line between.
fn runs<F: Fn(&Line, &Line) -> bool>(lines: &[Line], together: F) -> Vec<(usize, usize)> {
    let mut runs = vec![];
    let mut start = 0;
    for k in 1..=lines.len() {
        if k == lines.len() || lines[k].blank_before || !together(&lines[k - 1], &lines[k]) {
            runs.push((start, k));
            start = k;
        }
    }
    runs
}

/// For each line, the width of each of its cells (but the last) in its run of the same shape.
fn column_widths(lines: &[Line]) -> Vec<Vec<usize>> {
    let mut widths: Vec<Vec<usize>> = lines.iter().map(|_| vec![]).collect();
    let same = |a: &Line, b: &Line| a.shape.is_some() && a.shape == b.shape && a.indent == b.indent;
    for (from, to) in runs(lines, same) {
        let columns = lines[from..to]
            .iter()
            .map(|l| l.cells.len())
            .max()
            .unwrap_or(0);
        for col in 0..columns {
            let width = lines[from..to]
                .iter()
                .filter(|l| l.cells.len() > col + 1)
                .map(|l| l.cells[col].1.len())
                .max()
                .unwrap_or(0);
            for w in &mut widths[from..to] {
                w.push(width);
            }
        }
    }
    widths
}

fn cells_text(line: &Line, widths: &[usize]) -> String {
    let mut text = String::new();
    let last = line.cells.len().saturating_sub(1);
    for (k, (sep, cell)) in line.cells.iter().enumerate() {
        text.push_str(sep);
        text.push_str(cell);
        if k < last {
            let w = widths.get(k).copied().unwrap_or(0);
            text.push_str(&" ".repeat(w.saturating_sub(cell.len())));
        }
    }
    text.trim_end().to_string()
}

/// The column of each line's trailing comment: consecutive commented lines of a block align
/// their comments two spaces after the longest of them.
fn comment_columns(lines: &[Line], texts: &[String]) -> Vec<usize> {
    let mut cols = vec![0; lines.len()];
    let commented = |a: &Line, b: &Line| {
        a.comment.is_some() && b.comment.is_some() && a.indent == b.indent && !b.comment_only
    };
    for (from, to) in runs(lines, commented) {
        let col = (from..to)
            .filter(|&k| lines[k].comment.is_some())
            .map(|k| texts[k].len() + 2)
            .max()
            .unwrap_or(0);
        cols[from..to].fill(col);
    }
    cols
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fmt(text: &str) -> String {
        format_source(text).expect("parses")
    }

    #[test]
    fn spacing_and_indentation_are_normalised() {
        let text = "variant x extends chess\npiece  camel{letters C c\n     leap ( 1 , 3 )}\n";
        assert_eq!(
            fmt(text),
            "variant x extends chess\n\npiece camel {\n  letters C c\n  leap (1,3)\n}\n"
        );
    }

    #[test]
    fn comments_are_kept_in_place() {
        let text = "# top\nvariant x extends chess # header\n\n\n# about b\nboard 8 x 8 # size\n";
        assert_eq!(
            fmt(text),
            "# top\nvariant x extends chess  # header\n\n# about b\nboard 8 x 8  # size\n"
        );
    }

    #[test]
    fn catalog_lines_stay_with_the_header() {
        let text = "variant x extends chess\n\ncatalog vchess   \"X\"\ncatalog fairy-stockfish \"x\"\nboard 8 x 8\ncatalog vchess \"Y\"\n";
        assert_eq!(
            fmt(text),
            "variant x extends chess\ncatalog vchess \"X\"\ncatalog fairy-stockfish \"x\"\n\nboard 8 x 8\ncatalog vchess \"Y\"\n"
        );
        assert_eq!(fmt(&fmt(text)), fmt(text));
    }

    #[test]
    fn a_block_on_one_line_stays_on_one_line() {
        let text = "variant x\npromotion pawn {zone far to queen   optional}\n";
        assert_eq!(
            fmt(text),
            "variant x\n\npromotion pawn { zone far  to queen  optional }\n"
        );
    }

    #[test]
    fn atoms_align_their_modalities() {
        let text = "variant x\npiece p {\n move leap (0,1)\n capture leap (1,1)\n}\n";
        assert_eq!(
            fmt(text),
            "variant x\n\npiece p {\n  move    leap (0,1)\n  capture leap (1,1)\n}\n"
        );
    }

    #[test]
    fn expressions_glue_fields_and_parentheses() {
        let text = "variant x\neffect e {\n from moved where not ( origin . royal )\n rays (1,0)\n when distance>=2 : pull target , push target\n}\n";
        assert_eq!(
            fmt(text),
            "variant x\n\neffect e {\n  from moved where not (origin.royal)\n  rays (1,0)\n  when distance >= 2: pull target, push target\n}\n"
        );
    }

    #[test]
    fn capture_friends_send_and_within_are_laid_out() {
        let text = "variant x\ncapture  friends when captured . kind!=king\neffect e {\n from moved within  last-rank where origin.kind==pawn\n finally when captured.side==friend : send captured to  hand\n}\n";
        let want = "variant x\n\ncapture friends when captured.kind != king\n\neffect e {\n  from moved within last-rank where origin.kind == pawn\n  finally when captured.side == friend: send captured to hand\n}\n";
        assert_eq!(fmt(text), want);
        assert_eq!(fmt(want), want);
    }

    #[test]
    fn a_statement_broken_over_lines_keeps_its_breaks() {
        let text = "variant x\nregion r\n      white squares a1\n black squares h8\n";
        assert_eq!(
            fmt(text),
            "variant x\n\nregion r\n  white squares a1\n  black squares h8\n"
        );
    }

    #[test]
    fn a_broken_file_is_not_formatted() {
        assert!(format_source("variant x\npiece {").is_none());
    }
}
