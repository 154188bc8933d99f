//! Regions: named ones (`region camp rank 8`) and those written in place (`zone rank 8`).

use indexmap::IndexMap;

use super::{Inherited, Resolver};
use crate::diagnostics::{Code, Problem, SourceId, Span, did_you_mean};
use crate::ir;
use crate::syntax::ast::*;

impl Resolver<'_> {
    /// Every named region, by name (those with mistakes left out, and reported).
    pub(super) fn regions(&mut self) -> IndexMap<String, ir::Region> {
        let mut regions = IndexMap::new();
        for (name, def) in &self.draft.regions {
            let inherited = Inherited {
                src: def.src,
                span: def.node.name.span,
                what: format!("region `{name}`"),
                fix: format!(
                    "redefine it for this board with `replace region {name} ...`, or `remove region {name}`"
                ),
            };
            let resolved = self.inherited(inherited, |r| {
                r.region_body(&def.node.region, def.src).map(|mut region| {
                    region.name = Some(name.clone());
                    region
                })
            });
            if let Some(r) = &resolved {
                regions.insert(name.clone(), r.clone());
            }
            self.regions.insert(name.clone(), resolved);
        }
        regions
    }

    /// A region where one is used (a zone, an atom's `from`, a campmate): written in place, or
    /// a named one.
    pub(super) fn region(&mut self, r: &RegionAst, src: SourceId) -> Option<ir::Region> {
        let RegionAst::Named(n) = r else {
            return self.region_body(r, src);
        };
        if let Some(resolved) = self.regions.get(&n.node) {
            // Resolved once already; a broken definition has been reported there.
            self.used_regions.insert(n.node.clone());
            return resolved.clone();
        }
        if self.draft.broke_name(&n.node) {
            return None;
        }
        let p = Problem::error(Code::UnknownRegion, format!("unknown region `{}`", n.node)).label(
            src,
            n.span,
            "no region of this name",
        );
        let p = match did_you_mean(&n.node, self.draft.regions.keys().map(|s| s.as_str())) {
            Some(s) => p.help(format!("did you mean `{s}`?")),
            None => p.help(
                "define it with `region NAME rank N`, or write `rank N` / `squares ...` here",
            ),
        };
        self.err(p);
        None
    }

    /// The squares of a region's definition.
    fn region_body(&mut self, r: &RegionAst, src: SourceId) -> Option<ir::Region> {
        match r {
            RegionAst::Ranks { from, to, .. } => {
                let ranks = self.rank_bounds(from, to, src)?;
                Some(ir::Region::ranks(ranks.0, ranks.1))
            }
            RegionAst::Files {
                from, to, ranks, ..
            } => {
                let files = self.file_bounds(from, to, src)?;
                let ranks = match ranks {
                    Some((a, b)) => Some(self.rank_bounds(a, b, src)?),
                    None => None,
                };
                Some(ir::Region {
                    rects: vec![ir::Rect {
                        files: Some(files),
                        ranks,
                    }],
                    ..ir::Region::default()
                })
            }
            RegionAst::Squares { squares, .. } => {
                let out: Vec<(u8, u8)> = squares
                    .iter()
                    .filter_map(|s| self.square(s, src, Code::RegionOffBoard))
                    .collect();
                (out.len() == squares.len()).then_some(ir::Region {
                    squares: out,
                    ..ir::Region::default()
                })
            }
            RegionAst::Union(parts, _) => {
                let mut out = ir::Region::default();
                let mut ok = true;
                for p in parts {
                    match self.region_part(p, src) {
                        Some(r) if r.sides.is_none() => out.add(r),
                        Some(_) => {
                            self.err(
                                Problem::error(
                                    Code::RegionOffBoard,
                                    "a region given per side cannot be part of a sum",
                                )
                                .label(src, p.span(), "given per side")
                                .help("write `white A black B` around the whole region"),
                            );
                            ok = false;
                        }
                        None => ok = false,
                    }
                }
                ok.then_some(out)
            }
            RegionAst::Sides { white, black, .. } => {
                let mut part = |r: &Option<Box<RegionAst>>| match r {
                    Some(r) => self.region_part(r, src),
                    None => Some(ir::Region::default()),
                };
                let (w, b) = (part(white), part(black));
                Some(ir::Region {
                    sides: Some(Box::new([w?, b?])),
                    ..ir::Region::default()
                })
            }
            RegionAst::Named(n) => {
                self.region_alias(n, src);
                None
            }
        }
    }

    /// A part of a sum or of a per-side region: a named region may stand there.
    fn region_part(&mut self, r: &RegionAst, src: SourceId) -> Option<ir::Region> {
        match r {
            RegionAst::Named(_) => self.region(r, src).map(|mut r| {
                r.name = None;
                r
            }),
            _ => self.region_body(r, src),
        }
    }

    /// `files a..c`: 0-based, on the board, the first not after the last.
    fn file_bounds(
        &mut self,
        from: &Spanned<char>,
        to: &Spanned<char>,
        src: SourceId,
    ) -> Option<(u8, u8)> {
        let files = self.files;
        let mut ok = true;
        for f in [from, to] {
            if (f.node as u8).wrapping_sub(b'a') >= files {
                self.err(
                    Problem::error(
                        Code::RegionOffBoard,
                        format!("file {} is off the board", f.node),
                    )
                    .label(
                        src,
                        f.span,
                        format!("files go from a to {}", (b'a' + files - 1) as char),
                    )
                    .help("files are letters from `a`"),
                );
                ok = false;
            }
        }
        let (a, b) = (from.node as u8 - b'a', to.node as u8 - b'a');
        if ok && a > b {
            self.err(
                Problem::error(
                    Code::RegionOffBoard,
                    format!("`files {}..{}` is empty", from.node, to.node),
                )
                .label(
                    src,
                    Span::new(from.span.start, to.span.end),
                    "the first file is after the last",
                )
                .help(format!(
                    "write the lower file first: `files {}..{}`",
                    to.node, from.node
                )),
            );
            ok = false;
        }
        ok.then_some((a, b))
    }

    /// `ranks A..B`: 1-based, on the board, the first not after the last.
    fn rank_bounds(
        &mut self,
        from: &Spanned<i64>,
        to: &Spanned<i64>,
        src: SourceId,
    ) -> Option<(u8, u8)> {
        let ranks = self.ranks;
        let mut ok = true;
        // `rank N` is stored as `ranks N..N`: check it once.
        let bounds: &[&Spanned<i64>] = if from.span == to.span {
            &[from]
        } else {
            &[from, to]
        };
        for v in bounds {
            if v.node < 1 || v.node > ranks as i64 {
                self.err(
                    Problem::error(
                        Code::RegionOffBoard,
                        format!("rank {} is off the board", v.node),
                    )
                    .label(src, v.span, format!("ranks go from 1 to {ranks}"))
                    .help("ranks count from each side's own first rank, from 1"),
                );
                ok = false;
            }
        }
        if ok && from.node > to.node {
            self.err(
                Problem::error(
                    Code::RegionOffBoard,
                    format!("`ranks {}..{}` is empty", from.node, to.node),
                )
                .label(
                    src,
                    Span::new(from.span.start, to.span.end),
                    "the first rank is after the last",
                )
                .help(format!(
                    "write the lower rank first: `ranks {}..{}`",
                    to.node, from.node
                )),
            );
            ok = false;
        }
        ok.then_some((from.node as u8, to.node as u8))
    }

    /// `region a b`: a region defined as another, which is not allowed; says what the other
    /// is, so that it can be written out.
    fn region_alias(&mut self, n: &Name, src: SourceId) {
        let body = match self.draft.regions.get(&n.node).map(|l| &l.node.region) {
            Some(RegionAst::Ranks { from, to, .. }) if from.node == to.node => {
                Some(format!("rank {}", from.node))
            }
            Some(RegionAst::Ranks { from, to, .. }) => {
                Some(format!("ranks {}..{}", from.node, to.node))
            }
            Some(RegionAst::Squares { squares, .. }) => Some(format!(
                "squares {}",
                squares
                    .iter()
                    .map(|q| q.node.as_str())
                    .collect::<Vec<_>>()
                    .join(" ")
            )),
            _ => None,
        };
        self.err(
            Problem::error(
                Code::RegionAlias,
                format!(
                    "a region cannot be defined as another region (`{}`)",
                    n.node
                ),
            )
            .label(src, n.span, "a region name")
            .help(match body {
                Some(b) => format!("write out what `{}` is: `{b}`", n.node),
                None => "define a region by `rank`, `ranks` or `squares`".to_string(),
            }),
        );
    }
}

impl Resolver<'_> {
    /// A region inherited onto a board of another size that names the far half of the ranks
    /// or files it was written for (`last-rank` = `rank 8` on a 10-rank board) still means
    /// those squares, likely no longer the ones meant: a warning, until it is written again.
    pub(super) fn resized_regions(&mut self) {
        let now = (self.files as i64, self.ranks as i64);
        for (name, src, old) in &self.draft.resized {
            let Some(def) = self.draft.regions.get(name) else {
                continue;
            };
            // One that no longer fits at all has its error already.
            let broken = self.regions.get(name).is_some_and(|r| r.is_none());
            if broken || def.src != *src || !far_half(&def.node.region, *old, now) {
                continue;
            }
            let p = Problem::warning(
                Code::RegionResized,
                format!(
                    "the inherited region `{name}` was written for a {}x{} board",
                    old.0, old.1
                ),
            );
            let p = match &self.draft.board {
                Some(b) => p.label(
                    b.src,
                    b.node.span,
                    format!("the board is now {}x{}", now.0, now.1),
                ),
                None => p,
            };
            self.err(p.help(format!(
                "it names the far side of the old board; redefine it with `replace region {name} ...` (writing it again unchanged keeps it)"
            )));
        }
    }
}

/// Whether `r` names a rank or file in the far half of the `old` board along a dimension whose
/// size changed (ranks count from each side's own first rank; files and squares are absolute).
fn far_half(r: &RegionAst, old: (i64, i64), now: (i64, i64)) -> bool {
    let ranks = old.1 != now.1;
    let files = old.0 != now.0;
    let far_rank = |k: i64| ranks && 2 * k > old.1;
    let far_file = |f: i64| files && 2 * (f + 1) > old.0;
    let file_index = |c: char| (c as i64) - ('a' as i64);
    match r {
        RegionAst::Ranks { from, to, .. } => far_rank(from.node.max(to.node)),
        RegionAst::Files {
            from, to, ranks: k, ..
        } => {
            far_file(file_index(from.node).max(file_index(to.node)))
                || k.as_ref()
                    .is_some_and(|(a, b)| far_rank(a.node.max(b.node)))
        }
        RegionAst::Squares { squares, .. } => squares.iter().any(|s| {
            let mut chars = s.node.chars();
            let file = chars.next().map_or(0, file_index);
            let rank: i64 = chars.as_str().parse().unwrap_or(0);
            far_file(file) || far_rank(rank)
        }),
        RegionAst::Named(_) => false,
        RegionAst::Union(parts, _) => parts.iter().any(|p| far_half(p, old, now)),
        RegionAst::Sides { white, black, .. } => [white, black]
            .into_iter()
            .flatten()
            .any(|r| far_half(r, old, now)),
    }
}
