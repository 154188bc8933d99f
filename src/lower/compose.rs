//! Composition: a file's ancestors are loaded first (`extends`), then its items are applied in
//! order on top of theirs: a definition adds, `replace` redefines in place, `remove` deletes.
//! The result is a [`Draft`], still by name.

use indexmap::IndexMap;

use super::{MAX_EXTENDS_DEPTH, Origin};
use crate::bundled;
use crate::diagnostics::{Code, Problem, SourceId, Sources, Span, did_you_mean};
use crate::files::{self, MAX_VARIANT_FILE};
use crate::syntax::ast::*;
use crate::syntax::keywords::is_keyword;
use crate::syntax::parse::{self, BrokenItem};

/// A definition remembered with the source it came from.
#[derive(Clone, Debug)]
pub(super) struct Loc<T> {
    pub src: SourceId,
    pub node: T,
}

fn loc<T>(src: SourceId, node: T) -> Loc<T> {
    Loc { src, node }
}

/// The composition of a variant and its ancestors, still by name.
#[derive(Default)]
pub(super) struct Draft {
    /// The ancestors' names, the parent first.
    pub lineage: Vec<String>,
    /// The file's own `catalog` items (a parent's are not inherited).
    pub catalogs: Vec<Loc<CatalogAst>>,
    pub board: Option<Loc<BoardAst>>,
    pub layers: Option<Loc<LayersAst>>,
    pub regions: IndexMap<String, Loc<RegionDef>>,
    pub pieces: IndexMap<String, Loc<PieceAst>>,
    pub promotions: IndexMap<String, Loc<PromotionAst>>,
    pub en_passant: Option<Loc<EnPassantAst>>,
    pub castling: IndexMap<char, Loc<CastleAst>>,
    pub start: Option<Loc<StartAst>>,
    pub check: Option<Loc<CheckAst>>,
    pub halfmove: Option<Loc<HalfmoveAst>>,
    pub end: Vec<Loc<EndRuleAst>>,
    /// Where the end conditions were last left empty (`replace end { }`, a `remove end`).
    pub end_emptied: Option<Loc<Span>>,
    pub effects: IndexMap<String, Loc<EffectAst>>,
    pub castling_rule: Option<Loc<CastlingRuleAst>>,
    pub hand: Option<Loc<HandAst>>,
    pub must_capture: Option<Loc<Span>>,
    pub no_checks: Option<Loc<Span>>,
    /// `no checks unless mate`: as given by the file that gave `no checks` last.
    pub checks_if_mate: bool,
    /// `no checks until move N`: as given by the file that gave `no checks` last.
    pub checks_until: Option<Loc<crate::syntax::ast::Spanned<i64>>>,
    pub no_stuck_pieces: Option<Loc<Span>>,
    pub no_captures: Option<Loc<Span>>,
    pub no_captures_undone: Option<Loc<Span>>,
    pub moving_wall: Option<Loc<Span>>,
    pub wall_behind: Option<Loc<Span>>,
    pub hole_behind: Option<Loc<Span>>,
    pub wall_placed: Option<Loc<WallPlacedAst>>,
    pub petrify: Option<Loc<PetrifyAst>>,
    pub pass: Option<Loc<Span>>,
    /// `pass when stuck`, as the file that gave `pass` last says.
    pub pass_when_stuck: bool,
    pub turn: Option<Loc<TurnAst>>,
    pub capture_friends: Option<Loc<CaptureFriendsAst>>,
    pub no_royal_escape: Option<Loc<Span>>,
    pub move_enemy: Option<Loc<Span>>,
    pub castling_opposite: Option<Loc<Span>>,
    pub frozen: Option<Loc<FrozenAst>>,
    pub merge: Option<Loc<MergeAst>>,
    pub no_frozen_pieces: Option<Loc<Span>>,
    /// Items with syntax errors: what they were and named.
    pub broken: Vec<BrokenItem>,
    /// Regions inherited onto a board of another size: each with the source of its
    /// definition and the (files, ranks) it was written for.
    pub resized: Vec<(String, SourceId, (i64, i64))>,
}

impl Draft {
    /// Whether an item of this kind has a syntax error (so what it would have defined is
    /// unknown, and its absence is no mistake of its own).
    pub fn is_broken(&self, kind: ItemKind) -> bool {
        self.broken.iter().any(|b| b.kind == Some(kind))
    }

    /// Whether a broken item defined, replaced or removed this name.
    pub fn broke_name(&self, name: &str) -> bool {
        self.broken.iter().any(|b| b.name.as_deref() == Some(name))
    }
}

/// The variants being loaded, from the first file to the one being composed: a cycle and the
/// depth of `extends` are checked on it.
pub(super) struct Composer<'a> {
    pub sources: &'a mut Sources,
    pub problems: &'a mut Vec<Problem>,
    pub chain: Vec<String>,
}

impl Composer<'_> {
    /// Parses the source `src` and composes it onto its ancestors.
    pub fn compose(&mut self, src: SourceId, origin: &Origin) -> Option<(Header, Draft)> {
        let text = self.sources.get(src).clone();
        let (file, broken) = match parse::parse_file(&text.text, src) {
            Ok(f) => (f, vec![]),
            Err(broken) => {
                let broken = *broken;
                self.problems.extend(broken.problems);
                // Check what did parse too, so that one run shows every mistake; what the
                // broken items defined must not then be reported missing or unknown.
                (broken.partial?, broken.items)
            }
        };
        let name = &file.header.name;
        if self.chain.contains(&name.node) {
            self.problems.push(self.already_loading(src, name));
            return None;
        }
        self.chain.push(name.node.clone());
        let mut draft = match &file.header.extends {
            Some(parent) => {
                let (pheader, mut pdraft) = self.compose_parent(src, &name.node, parent, origin)?;
                pdraft.lineage.insert(0, pheader.name.node);
                pdraft
            }
            None => Draft::default(),
        };
        self.chain.pop();
        // A variant's place in a catalogue is its own: a file that extends Koth is not Koth.
        draft.catalogs.clear();
        draft.broken.extend(broken);
        let size = |d: &Draft| {
            d.board
                .as_ref()
                .map(|b| (b.node.files.node, b.node.ranks.node))
        };
        let before = size(&draft);
        for item in file.items {
            apply(&mut draft, item, src, self.problems);
        }
        if let Some(old) = before
            && size(&draft) != before
        {
            let inherited = draft.regions.iter().filter(|(_, r)| r.src != src);
            let resized: Vec<_> = inherited.map(|(n, r)| (n.clone(), r.src, old)).collect();
            draft.resized.extend(resized);
        }
        Some((file.header, draft))
    }

    fn already_loading(&self, src: SourceId, name: &Name) -> Problem {
        Problem::error(
            Code::ExtendsCycle,
            format!("variant `{}` extends itself", name.node),
        )
        .label(
            src,
            name.span,
            format!(
                "`{}` is already being loaded: {}",
                name.node,
                self.chain.join(" → ")
            ),
        )
        .help("a variant cannot be its own ancestor; extend a different variant")
    }

    fn compose_parent(
        &mut self,
        src: SourceId,
        name: &str,
        parent: &Name,
        origin: &Origin,
    ) -> Option<(Header, Draft)> {
        // A cycle is reported where it is closed: at this `extends`.
        if self.chain.contains(&parent.node) {
            self.problems.push(self.cycle(src, name, parent));
            return None;
        }
        if self.chain.len() >= MAX_EXTENDS_DEPTH {
            self.problems.push(
                Problem::error(
                    Code::ExtendsDepth,
                    format!("more than {MAX_EXTENDS_DEPTH} variants extend one another here"),
                )
                .label(src, parent.span, format!("variant number {}", MAX_EXTENDS_DEPTH + 1))
                .help(format!(
                    "a chain of `extends` may be at most {MAX_EXTENDS_DEPTH} variants long; write some of the definitions out instead"
                )),
            );
            return None;
        }
        let parent_src = match find_parent(&parent.node, origin) {
            Ok((pname, ptext)) => self.sources.add(pname, ptext),
            Err(p) => {
                self.problems.push(p.located(src, parent));
                return None;
            }
        };
        self.compose(parent_src, origin)
    }

    fn cycle(&self, src: SourceId, name: &str, parent: &Name) -> Problem {
        if parent.node == name {
            return Problem::error(Code::ExtendsCycle, format!("variant `{name}` extends itself"))
                .label(src, parent.span, "the name of this very variant")
                .help(format!("a variant cannot be its own ancestor: give this one another name, e.g. `variant my-{name} extends {name}`"));
        }
        let chain = format!("{} → {}", self.chain.join(" → "), parent.node);
        Problem::error(
            Code::ExtendsCycle,
            format!("extending `{}` makes a cycle: {chain}", parent.node),
        )
        .label(src, parent.span, "this closes the cycle")
        .help("a variant cannot be its own ancestor; extend a different variant")
    }
}

/// Why the parent of a variant cannot be had.
enum ParentProblem {
    Unknown,
    Unreadable { path: String, why: files::ReadError },
}

impl ParentProblem {
    fn located(self, src: SourceId, parent: &Name) -> Problem {
        match self {
            ParentProblem::Unknown => {
                let p = Problem::error(
                    Code::UnknownVariant,
                    format!("unknown variant `{}`", parent.node),
                )
                .label(
                    src,
                    parent.span,
                    "no bundled variant or sibling file has this name",
                );
                if let Ok(Some(name)) = bundled::find(&parent.node) {
                    return p.help(format!(
                        "`{}` is the bundled `{name}`'s name in a catalogue; a file extends the bundled name: write `extends {name}`",
                        parent.node
                    ));
                }
                match did_you_mean(&parent.node, bundled::names()) {
                    Some(s) => p.help(format!("did you mean `{s}`?")),
                    None => p.help(
                        "extend a bundled variant (`rulebook variants` lists them) or a `NAME.variant` file beside this one",
                    ),
                }
            }
            ParentProblem::Unreadable { path, why } => Problem::error(
                Code::Unreadable,
                format!("cannot read `{path}`: {why}"),
            )
            .label(src, parent.span, format!("`{path}` is read for this"))
            .help(format!(
                "a variant extends the file `NAME.variant` beside it, a readable text file of at most {}",
                files::size_text(MAX_VARIANT_FILE)
            )),
        }
    }
}

/// The name and text of the variant `name` extends: the file `NAME.variant` beside the file
/// being loaded if there is one, else the bundled variant.
fn find_parent(name: &str, origin: &Origin) -> Result<(String, String), ParentProblem> {
    if let Origin::File(path) = origin {
        let sibling = path
            .parent()
            .unwrap_or(std::path::Path::new("."))
            .join(format!("{name}.variant"));
        if files::exists(&sibling) {
            let shown = sibling.display().to_string();
            return match files::read_text(&sibling, MAX_VARIANT_FILE) {
                Ok(text) => Ok((shown, text)),
                Err(why) => Err(ParentProblem::Unreadable { path: shown, why }),
            };
        }
    }
    bundled::get(name)
        .map(|t| (format!("{name}.variant"), t.to_string()))
        .ok_or(ParentProblem::Unknown)
}

// ---------------------------------------------------------------------------------------------
// Applying one item

fn apply(d: &mut Draft, item: Item, src: SourceId, problems: &mut Vec<Problem>) {
    match item {
        Item::Catalog(c) => d.catalogs.push(loc(src, c)),
        Item::Board(b) => set_once(&mut d.board, "`board`", src, b, |b| b.span, problems),
        Item::Layers(l) => set_once(&mut d.layers, "`layers`", src, l, |l| l.span, problems),
        Item::EnPassant(e) => set_once(
            &mut d.en_passant,
            "`en passant`",
            src,
            e,
            |e| e.span,
            problems,
        ),
        Item::Start(s) => set_once(&mut d.start, "`start`", src, s, |s| s.span, problems),
        Item::Check(c) => set_once(&mut d.check, "`check`", src, c, |c| c.span, problems),
        Item::Halfmove(h) => set_once(&mut d.halfmove, "`halfmove`", src, h, |h| h.span, problems),
        Item::Region(r) => define_region(d, r, src, problems),
        Item::Piece { replace, piece } => define_piece(d, replace, *piece, src, problems),
        Item::Promotion { replace, promotion } => {
            let name = promotion.piece.clone();
            let named = Named::new(&d.broken, "promotion", &name, replace, src);
            named.define(&mut d.promotions, promotion, |p| p.piece.span, problems);
        }
        Item::Effect { replace, effect } => {
            keyword_name("effect", &effect.name, src, problems);
            let name = effect.name.clone();
            let named = Named::new(&d.broken, "effect", &name, replace, src);
            named.define(&mut d.effects, effect, |e| e.name.span, problems);
        }
        Item::Castling {
            replace,
            castles,
            span,
        } => apply_castling(d, replace, castles, Loc { src, node: span }, problems),
        Item::End {
            replace,
            rules,
            span,
        } => apply_end(d, replace, rules, Loc { src, node: span }, problems),
        Item::Remove(r) => remove(d, r, src, problems),
        Item::CastlingRule(c) => apply_castling_rule(d, c, src, problems),
        Item::Hand(h) => set_once(&mut d.hand, "`hand`", src, h, |h| h.span, problems),
        rule => apply_rule_of_play(d, rule, src, problems),
    }
}

/// The rules of play, a line each (`must capture`, `pass`, `turn`, ...); `apply` gives every
/// other item its own arm.
fn apply_rule_of_play(d: &mut Draft, item: Item, src: SourceId, problems: &mut Vec<Problem>) {
    match item {
        Item::MustCapture(s) => flag(&mut d.must_capture, "`must capture`", src, s, problems),
        item @ (Item::NoChecks { .. }
        | Item::NoStuckPieces(_)
        | Item::NoCaptures(_)
        | Item::NoCapturesUndone(_)
        | Item::NoFrozenPieces(_)
        | Item::NoRoyalEscape(_)) => apply_no(d, item, src, problems),
        Item::MovingWall(s) => flag(&mut d.moving_wall, "`moving wall`", src, s, problems),
        Item::WallBehind(s) => flag(&mut d.wall_behind, "`wall behind`", src, s, problems),
        Item::HoleBehind(s) => flag(&mut d.hole_behind, "`hole behind`", src, s, problems),
        Item::WallPlaced(w) => set_once(
            &mut d.wall_placed,
            "`wall placed` or `wall shot`",
            src,
            w,
            |w| w.span,
            problems,
        ),
        Item::Duck(s) => apply_duck(d, s, src, problems),
        Item::Petrify(p) => set_once(&mut d.petrify, "`petrify`", src, p, |p| p.span, problems),
        Item::Pass { span, when_stuck } => {
            flag(&mut d.pass, "`pass`", src, span, problems);
            d.pass_when_stuck = when_stuck;
        }
        Item::Turn(t) => set_once(&mut d.turn, "`turn`", src, t, |t| t.span, problems),
        Item::CaptureFriends(c) => set_once(
            &mut d.capture_friends,
            "`capture friends`",
            src,
            c,
            |c| c.span,
            problems,
        ),
        Item::Frozen(f) => set_once(&mut d.frozen, "`frozen when`", src, f, |f| f.span, problems),
        Item::Merge(m) => set_once(&mut d.merge, "`merge`", src, m, |m| m.span, problems),
        Item::MoveEnemy(s) => flag(
            &mut d.move_enemy,
            "`move enemy when attacked`",
            src,
            s,
            problems,
        ),
        Item::CastlingOpposite(s) => flag(
            &mut d.castling_opposite,
            "`castling opposite`",
            src,
            s,
            problems,
        ),
        _ => {}
    }
}

/// The `no ...` rules of play (`no checks`, `no captures undone`, ...).
fn apply_no(d: &mut Draft, item: Item, src: SourceId, problems: &mut Vec<Problem>) {
    match item {
        Item::NoChecks {
            unless_mate,
            until,
            span,
        } => {
            flag(&mut d.no_checks, "`no checks`", src, span, problems);
            d.checks_if_mate = unless_mate;
            d.checks_until = until.map(|n| Loc { src, node: n });
        }
        Item::NoStuckPieces(s) => flag(
            &mut d.no_stuck_pieces,
            "`no stuck pieces`",
            src,
            s,
            problems,
        ),
        Item::NoCaptures(s) => flag(&mut d.no_captures, "`no captures`", src, s, problems),
        Item::NoCapturesUndone(s) => flag(
            &mut d.no_captures_undone,
            "`no captures undone`",
            src,
            s,
            problems,
        ),
        Item::NoFrozenPieces(s) => flag(
            &mut d.no_frozen_pieces,
            "`no frozen pieces`",
            src,
            s,
            problems,
        ),
        Item::NoRoyalEscape(s) => flag(
            &mut d.no_royal_escape,
            "`no royal escape`",
            src,
            s,
            problems,
        ),
        _ => {}
    }
}

/// An item that a file may give once (`board`, `start`, ...): given again in the same file is
/// a mistake; given in a file that extends another, it overrides the parent's.
/// An item that is a flag (`must capture`, `pass`, ...), given at most once in a file.
fn flag(
    slot: &mut Option<Loc<Span>>,
    what: &str,
    src: SourceId,
    at: Span,
    problems: &mut Vec<Problem>,
) {
    set_once(slot, what, src, at, |s| *s, problems);
}

fn set_once<T>(
    slot: &mut Option<Loc<T>>,
    what: &str,
    src: SourceId,
    node: T,
    span: impl Fn(&T) -> Span,
    problems: &mut Vec<Problem>,
) {
    match slot {
        Some(first) if first.src == src => problems.push(
            Problem::error(
                Code::DuplicateDefinition,
                format!("{what} is given twice in this file"),
            )
            .label(src, span(&node), "given again here")
            .label(first.src, span(&first.node), "first given here")
            .help(format!("keep a single {what}")),
        ),
        _ => *slot = Some(loc(src, node)),
    }
}

/// A definition named by a keyword parses, but nothing could refer to it afterwards.
fn keyword_name(kind: &str, name: &Name, src: SourceId, problems: &mut Vec<Problem>) {
    if is_keyword(&name.node) {
        problems.push(
            Problem::error(
                Code::KeywordName,
                format!("`{}` is a keyword and cannot name a {kind}", name.node),
            )
            .label(src, name.span, "a keyword")
            .help(format!(
                "choose another name: where a {kind} name is expected, `{}` is read as the keyword",
                name.node
            )),
        );
    }
}

/// A named definition (piece, region, promotion, effect) being added or replaced.
struct Named<'a> {
    kind: &'a str,
    name: &'a Name,
    replace: bool,
    src: SourceId,
    /// A broken item had this name: replacing or removing it is no mistake of its own.
    broken: bool,
}

impl<'a> Named<'a> {
    fn new(
        broken: &[BrokenItem],
        kind: &'a str,
        name: &'a Name,
        replace: bool,
        src: SourceId,
    ) -> Named<'a> {
        Named {
            kind,
            name,
            replace,
            src,
            broken: broken.iter().any(|b| b.name.as_deref() == Some(&name.node)),
        }
    }

    /// Adds the definition, or with `replace` redefines it in place (keeping its order); a name
    /// defined twice, or the replacement of nothing, is reported and changes nothing.
    fn define<T>(
        &self,
        map: &mut IndexMap<String, Loc<T>>,
        node: T,
        name_span: impl Fn(&T) -> Span,
        problems: &mut Vec<Problem>,
    ) {
        let name = &self.name.node;
        match (self.replace, map.get(name)) {
            (false, Some(first)) => problems.push(
                Problem::error(
                    Code::DuplicateDefinition,
                    format!("{} `{name}` is defined twice", self.kind),
                )
                .label(self.src, self.name.span, "defined again here")
                .label(first.src, name_span(&first.node), "first defined here")
                .help(format!(
                    "give it another name, or write `replace {} {name}` to redefine it",
                    self.kind
                )),
            ),
            (true, None) if self.broken => {}
            (true, None) => problems.push(nothing_there(
                self.kind,
                "replace",
                self.name,
                self.src,
                map.keys().map(|s| s.as_str()),
            )),
            _ => {
                map.insert(name.clone(), loc(self.src, node));
            }
        }
    }
}

fn nothing_there<'a>(
    kind: &str,
    verb: &str,
    name: &Name,
    src: SourceId,
    known: impl IntoIterator<Item = &'a str>,
) -> Problem {
    let known: Vec<&str> = known.into_iter().collect();
    let n = &name.node;
    let p = Problem::error(
        Code::NothingToOverride,
        format!("cannot {verb} {kind} `{n}`: there is none"),
    )
    .label(src, name.span, format!("no {kind} of this name is defined"));
    match did_you_mean(n, known.iter().copied()) {
        Some(s) => p.help(format!("did you mean `{s}`?")),
        None if verb == "replace" => p.help(format!(
            "define it with `{kind} {n} ...`, without `replace`"
        )),
        None if known.is_empty() => p.help(format!("there is no {kind} to {verb}: delete this")),
        None => p.help(format!(
            "the {kind}s that can be removed are {}",
            known
                .iter()
                .map(|k| format!("`{k}`"))
                .collect::<Vec<_>>()
                .join(", ")
        )),
    }
}

/// `[replace] region NAME ...`
fn define_region(d: &mut Draft, r: RegionDef, src: SourceId, problems: &mut Vec<Problem>) {
    keyword_name("region", &r.name, src, problems);
    let (name, replace) = (r.name.clone(), r.replace);
    let named = Named::new(&d.broken, "region", &name, replace, src);
    named.define(&mut d.regions, r, |r| r.name.span, problems);
}

/// `[replace] piece NAME { ... }`
fn define_piece(
    d: &mut Draft,
    replace: bool,
    piece: PieceAst,
    src: SourceId,
    problems: &mut Vec<Problem>,
) {
    keyword_name("piece", &piece.name, src, problems);
    let name = piece.name.clone();
    let named = Named::new(&d.broken, "piece", &name, replace, src);
    named.define(&mut d.pieces, piece, |p| p.name.span, problems);
}

/// `castling rule { ... }`: it takes the place of the parent's castling squares.
fn apply_castling_rule(
    d: &mut Draft,
    c: CastlingRuleAst,
    src: SourceId,
    problems: &mut Vec<Problem>,
) {
    if d.castling.values().any(|c| c.src != src) {
        d.castling.clear();
    }
    set_once(
        &mut d.castling_rule,
        "`castling rule`",
        src,
        c,
        |c| c.span,
        problems,
    )
}

/// `duck`, the old name of `moving wall`: the same rule, with a warning naming the new form.
fn apply_duck(d: &mut Draft, s: Span, src: SourceId, problems: &mut Vec<Problem>) {
    problems.push(
        Problem::warning(Code::OldForm, "`duck` is the old name of `moving wall`")
            .label(src, s, "write `moving wall`")
            .help("the rule is the same: after every move, the mover moves the wall (a neutral blocker, `*` in FEN) to an empty square"),
    );
    set_once(
        &mut d.moving_wall,
        "`moving wall`",
        src,
        s,
        |s| *s,
        problems,
    )
}

/// `[replace] castling { ... }`: entries are added by flag; `replace` starts afresh.
fn apply_castling(
    d: &mut Draft,
    replace: bool,
    castles: Vec<CastleAst>,
    item: Loc<Span>,
    problems: &mut Vec<Problem>,
) {
    let src = item.src;
    if replace {
        if d.castling.is_empty() {
            problems.push(
                Problem::error(
                    Code::NothingToOverride,
                    "cannot replace castling: there is none",
                )
                .label(src, item.node, "no castling is defined yet")
                .help("write `castling { ... }` without `replace`"),
            );
        }
        d.castling.clear();
    }
    for c in castles {
        let key = c.flag.node;
        match d.castling.get(&key) {
            Some(first) => problems.push(
                Problem::error(Code::DuplicateDefinition, format!("castling `{key}` is defined twice"))
                    .label(src, c.flag.span, "defined again here")
                    .label(first.src, first.node.flag.span, "first defined here")
                    .help(format!("use another flag letter, `remove castling {key}` first, or `replace castling {{ ... }}`")),
            ),
            None => {
                d.castling.insert(key, loc(src, c));
            }
        }
    }
}

/// `[replace] end { ... }`: conditions are added in order; `replace` starts afresh. `reach` and
/// `extinct` may be given several times (each a region or kinds of its own, each with its
/// result); any other condition once.
fn apply_end(
    d: &mut Draft,
    replace: bool,
    rules: Vec<EndRuleAst>,
    item: Loc<Span>,
    problems: &mut Vec<Problem>,
) {
    let src = item.src;
    if replace {
        if d.end.is_empty() {
            problems.push(
                Problem::error(Code::NothingToOverride, "cannot replace end: there is none")
                    .label(src, item.node, "no end conditions are defined yet")
                    .help("write `end { ... }` without `replace`"),
            );
        }
        d.end.clear();
    }
    for r in rules {
        let key = r.cond.node.key();
        let repeatable = matches!(
            r.cond.node,
            EndCond::Reach { .. } | EndCond::Extinct { .. } | EndCond::Connect(_)
        );
        match d
            .end
            .iter()
            .find(|e| e.node.cond.node.key() == key && !repeatable)
        {
            Some(first) => problems.push(
                Problem::error(
                    Code::DuplicateDefinition,
                    format!("end condition `{key}` is given twice"),
                )
                .label(src, r.cond.span, "given again here")
                .label(first.src, first.node.cond.span, "first given here")
                .help(format!("write `remove end {key}` before redefining it")),
            ),
            None => d.end.push(loc(src, r)),
        }
    }
    if d.end.is_empty() {
        d.end_emptied = Some(item);
    }
}

/// `remove ...`: each named thing must be there (or have been named by a broken item).
fn remove(d: &mut Draft, r: RemoveAst, src: SourceId, problems: &mut Vec<Problem>) {
    match r {
        RemoveAst::Pieces(names) => {
            remove_named(&mut d.pieces, "piece", names, &d.broken, src, problems)
        }
        RemoveAst::Effects(names) => {
            remove_named(&mut d.effects, "effect", names, &d.broken, src, problems)
        }
        RemoveAst::Promotions(names) => remove_named(
            &mut d.promotions,
            "promotion",
            names,
            &d.broken,
            src,
            problems,
        ),
        RemoveAst::Regions(names) => {
            remove_named(&mut d.regions, "region", names, &d.broken, src, problems)
        }
        RemoveAst::Castling(flags) => remove_castling(d, flags, src, problems),
        RemoveAst::EnPassant(span) => {
            if d.en_passant.take().is_none() {
                problems.push(nothing_single("en passant", src, span));
            }
        }
        RemoveAst::Check(span) => {
            if d.check.take().is_none() {
                problems.push(nothing_single("check", src, span));
            }
        }
        RemoveAst::End(conds) => remove_end(d, conds, src, problems),
        RemoveAst::Hand(span) => {
            if d.hand.take().is_none() {
                problems.push(nothing_single("hand", src, span));
            }
        }
    }
}

fn remove_named<T>(
    map: &mut IndexMap<String, Loc<T>>,
    kind: &str,
    names: Vec<Name>,
    broken: &[BrokenItem],
    src: SourceId,
    problems: &mut Vec<Problem>,
) {
    for n in names {
        let named_by_broken = broken.iter().any(|b| b.name.as_deref() == Some(&n.node));
        if map.shift_remove(&n.node).is_none() && !named_by_broken {
            problems.push(nothing_there(
                kind,
                "remove",
                &n,
                src,
                map.keys().map(|s| s.as_str()),
            ));
        }
    }
}

fn nothing_single(what: &str, src: SourceId, span: Span) -> Problem {
    Problem::error(
        Code::NothingToOverride,
        format!("cannot remove {what}: there is none"),
    )
    .label(src, span, format!("{what} is not defined"))
    .help("delete this line")
}

fn remove_castling(
    d: &mut Draft,
    flags: Vec<Spanned<char>>,
    src: SourceId,
    problems: &mut Vec<Problem>,
) {
    for f in flags {
        if d.castling.shift_remove(&f.node).is_some() {
            continue;
        }
        let known: Vec<String> = d.castling.keys().map(|c| c.to_string()).collect();
        problems.push(
            Problem::error(
                Code::NothingToOverride,
                format!("cannot remove castling `{}`: there is none", f.node),
            )
            .label(src, f.span, "no castling has this flag")
            .help(if known.is_empty() {
                "this variant has no castling".to_string()
            } else {
                format!("the castling flags are {}", known.join(" "))
            }),
        );
    }
}

fn remove_end(
    d: &mut Draft,
    conds: Vec<Spanned<EndCond>>,
    src: SourceId,
    problems: &mut Vec<Problem>,
) {
    for c in conds {
        let before = d.end.len();
        d.end.retain(|e| e.node.cond.node.key() != c.node.key());
        if d.end.len() < before {
            if d.end.is_empty() {
                d.end_emptied = Some(loc(src, c.span));
            }
            continue;
        }
        let known: Vec<&str> = d.end.iter().map(|e| e.node.cond.node.key()).collect();
        problems.push(
            Problem::error(
                Code::NothingToOverride,
                format!(
                    "cannot remove end condition `{}`: there is none",
                    c.node.key()
                ),
            )
            .label(src, c.span, "not among the end conditions")
            .help(format!("the end conditions are: {}", known.join(", "))),
        );
    }
}
