//! `connect` end conditions: a row, a block or a chain of a side's pieces. Checked here: the
//! lengths (at least 2 in a row, a block of at least one square, each fitting the board), the
//! lines named once each and not for a block, the pieces and regions known.

use super::Resolver;
use crate::diagnostics::{Code, Problem, SourceId};
use crate::ir::{self, ConnectLine, ConnectShape};
use crate::syntax::ast::{ConnectAst, ConnectShapeAst, Spanned};

impl Resolver<'_> {
    /// The condition, or `None` when it is wrong (reported).
    pub(super) fn connect_cond(&mut self, c: &ConnectAst, src: SourceId) -> Option<ir::EndCond> {
        let kinds = self.piece_list(&c.kinds, src);
        let lines = self.connect_lines(c, src);
        let shape = match &c.shape {
            ConnectShapeAst::Row(n) => {
                let n = self.connect_length(n, 2, src)?;
                self.row_fits(n, c, lines.as_deref()?, src)?;
                ConnectShape::Row(n)
            }
            ConnectShapeAst::Collinear(n) => {
                let n = self.connect_length(n, 2, src)?;
                self.row_fits(n, c, lines.as_deref()?, src)?;
                ConnectShape::Collinear(n)
            }
            ConnectShapeAst::Block(w, h) => {
                let (files, ranks) = (
                    self.connect_length(w, 1, src),
                    self.connect_length(h, 1, src),
                );
                let (files, ranks) = (files?, ranks?);
                self.block_fits(files, ranks, c, src)?;
                ConnectShape::Block { files, ranks }
            }
            ConnectShapeAst::Path(from, to) => {
                let from = self.region(from, src);
                let to = self.region(to, src);
                ConnectShape::Path {
                    from: from?,
                    to: to?,
                }
            }
        };
        if let (Some(answered), Some(_)) = (c.answered, c.side) {
            self.err(
                Problem::error(Code::Connect, "only one side's connection counts: nothing answers it")
                    .label(src, answered, "black answers white's connection with its own")
                    .help("leave out `answered`, or the side after `connect`, so that both sides' connections count"),
            );
            return None;
        }
        Some(ir::EndCond::Connected {
            side: c.side.map(|s| match s {
                crate::syntax::ast::SideAst::White => ir::Side::White,
                crate::syntax::ast::SideAst::Black => ir::Side::Black,
            }),
            kinds: kinds?,
            shape,
            lines: lines?,
            answered: c.answered.is_some(),
        })
    }

    /// The lines of `along`, each once (all three when left out); none for a block.
    fn connect_lines(&mut self, c: &ConnectAst, src: SourceId) -> Option<Vec<ConnectLine>> {
        if let (ConnectShapeAst::Block(..), Some(first)) = (&c.shape, c.along.first()) {
            self.err(
                Problem::error(Code::Connect, "a block does not lie along lines")
                    .label(src, first.span, "not used by `W x H`")
                    .help("leave out `along ...`: a block is every square of a W x H rectangle"),
            );
            return None;
        }
        if c.along.is_empty() {
            return Some(ConnectLine::ALL.to_vec());
        }
        let mut lines: Vec<ConnectLine> = vec![];
        for l in &c.along {
            if lines.contains(&l.node) {
                self.err(
                    Problem::error(Code::Connect, format!("`{}` is named twice", l.node.word()))
                        .label(src, l.span, "named again here")
                        .help("name each of `files`, `ranks` and `diagonals` once"),
                );
                return None;
            }
            lines.push(l.node);
        }
        Some(lines)
    }

    /// A length from `min` to 255.
    fn connect_length(&mut self, n: &Spanned<i64>, min: i64, src: SourceId) -> Option<u8> {
        if n.node < min || n.node > 255 {
            let what = if min == 2 {
                "a row needs at least 2 pieces (for one piece on a region, write `reach`)"
            } else {
                "a block is at least 1 square wide and high"
            };
            self.err(
                Problem::error(Code::Connect, format!("{} is not a length here", n.node))
                    .label(src, n.span, format!("must be {min} to 255"))
                    .help(what),
            );
            return None;
        }
        Some(n.node as u8)
    }

    /// A row of `n` must fit the board along one of its lines at least.
    fn row_fits(
        &mut self,
        n: u8,
        c: &ConnectAst,
        lines: &[ConnectLine],
        src: SourceId,
    ) -> Option<()> {
        let (files, ranks) = (self.files, self.ranks);
        let longest = |l: &ConnectLine| match l {
            ConnectLine::Files => ranks,
            ConnectLine::Ranks => files,
            ConnectLine::Diagonals => files.min(ranks),
        };
        let room = lines.iter().map(longest).max().unwrap_or(0);
        if n <= room {
            return Some(());
        }
        let along: Vec<&str> = lines.iter().map(|l| l.word()).collect();
        self.err(
            Problem::error(
                Code::Connect,
                format!("a row of {n} never fits on the {files}x{ranks} board"),
            )
            .label(
                src,
                c.span,
                format!("the longest line along {} holds {room}", along.join(", ")),
            )
            .help(format!(
                "ask for at most {room} in a row, or allow longer lines with `along`"
            )),
        );
        None
    }

    /// A block must fit the board.
    fn block_fits(&mut self, w: u8, h: u8, c: &ConnectAst, src: SourceId) -> Option<()> {
        if w <= self.files && h <= self.ranks {
            return Some(());
        }
        let (files, ranks) = (self.files, self.ranks);
        self.err(
            Problem::error(
                Code::Connect,
                format!("a block of {w} x {h} never fits on the {files}x{ranks} board"),
            )
            .label(src, c.span, "larger than the board")
            .help(format!("at most {files} files wide and {ranks} ranks high")),
        );
        None
    }
}
