//! Effects: their origin, scan, clauses and actions, and the type checking of their
//! conditions (a side is not a number, a kind is not a distance).

use indexmap::IndexMap;

use super::{Inherited, Resolver};
use crate::diagnostics::{Code, Problem, SourceId, did_you_mean};
use crate::ir;
use crate::syntax::ast::*;

impl Resolver<'_> {
    /// Every effect, by name (those with mistakes left out, and reported).
    pub(super) fn effects(&mut self) -> IndexMap<String, ir::Effect> {
        let mut effects = IndexMap::new();
        for (name, def) in &self.draft.effects {
            let inherited = Inherited {
                src: def.src,
                span: def.node.name.span,
                what: format!("effect `{name}`"),
                fix: format!(
                    "redefine it with `replace effect {name} {{ ... }}`, or `remove effect {name}`"
                ),
            };
            if let Some(effect) = self.inherited(inherited, |r| r.effect(name, &def.node, def.src))
            {
                effects.insert(name.clone(), effect);
            }
        }
        effects
    }

    fn effect(&mut self, name: &str, e: &EffectAst, src: SourceId) -> Option<ir::Effect> {
        let mut ok = true;
        let origin_filter = match &e.origin_filter {
            None => None,
            Some(x) => {
                let r = self.bool_expr(x, src, false);
                ok &= r.is_some();
                r
            }
        };
        let scan = match &e.scan {
            Some(scan) => self.scan(scan, src)?,
            None => ir::Scan::Around(vec![]),
        };
        let rays = matches!(scan, ir::Scan::Rays(_));
        let mut clauses = vec![];
        for c in &e.clauses {
            let cond = self.bool_expr(&c.cond, src, true);
            let actions = self.actions(&c.actions, src, rays);
            match (cond, actions) {
                (Some(cond), Some(actions)) => clauses.push(ir::Clause { cond, actions }),
                _ => ok = false,
            }
        }
        let finally = self.finally_lines(e, src, rays, &mut ok);
        ok &= self.effect_rules_hold(name, e, src, (&scan, &clauses, &finally), ok);
        if clauses.is_empty() && finally.is_empty() && ok {
            self.err(
                Problem::warning(
                    Code::EffectDoesNothing,
                    format!("effect `{name}` does nothing"),
                )
                .label(src, e.name.span, "no `when` clause and no `finally`")
                .help("add clauses such as `when target.side == enemy: pull target`"),
            );
        }
        let within = match &e.within {
            None => None,
            Some(region) => {
                let r = self.region(region, src);
                ok &= r.is_some();
                r
            }
        };
        ok.then(|| ir::Effect {
            name: name.to_string(),
            origin: e.origin.node,
            within,
            origin_filter,
            scan,
            clauses,
            finally,
            required: e.required.is_some(),
            no_suicide: e.no_suicide.is_some(),
        })
    }

    /// `required` needs an action that changes a piece, and `no suicide` the scan
    /// `surrounded`: whether both hold (each mistake reported; `ok`: the rest is sound).
    fn effect_rules_hold(
        &mut self,
        name: &str,
        e: &EffectAst,
        src: SourceId,
        (scan, clauses, finally): (&ir::Scan, &[ir::Clause], &[ir::Finally]),
        ok: bool,
    ) -> bool {
        let mut holds = true;
        let acts = clauses
            .iter()
            .flat_map(|c| &c.actions)
            .chain(finally.iter().flat_map(|f| &f.actions))
            .any(|a| *a != ir::Action::Nothing);
        if let Some(at) = e.required
            && ok
            && !acts
        {
            self.err(
                Problem::error(
                    Code::EffectAction,
                    format!("effect `{name}` is required but never changes a piece"),
                )
                .label(src, at, "no move could ever be legal")
                .help("give it an action that changes a piece, such as `when target.side == enemy: flip target`, or remove `required`"),
            );
            holds = false;
        }
        if let Some(at) = e.no_suicide
            && !matches!(scan, ir::Scan::Surrounded(_))
        {
            self.err(
                Problem::error(
                    Code::EffectAction,
                    format!("`no suicide` in effect `{name}` needs the scan `surrounded`"),
                )
                .label(src, at, "no group to judge")
                .help("scan with `surrounded (1,0)` (the steps that join a group and give it its liberties), or remove `no suicide`"),
            );
            holds = false;
        }
        holds
    }

    /// The effect's `finally` lines; `ok` turns false where one is broken.
    fn finally_lines(
        &mut self,
        e: &EffectAst,
        src: SourceId,
        rays: bool,
        ok: &mut bool,
    ) -> Vec<ir::Finally> {
        let mut finally = vec![];
        for line in &e.finally {
            let actions = self.actions(&line.actions, src, rays);
            // `finally when ...` looks at the origin only, like the origin's `where`.
            let when = match &line.when {
                None => Some(None),
                Some(x) => self.bool_expr(x, src, false).map(Some),
            };
            match (when, actions) {
                (Some(when), Some(actions)) => finally.push(ir::Finally { when, actions }),
                _ => *ok = false,
            }
        }
        finally
    }

    /// The squares an effect looks at from its origin: along rays, or around it.
    fn scan(&mut self, scan: &ScanAst, src: SourceId) -> Option<ir::Scan> {
        Some(match scan {
            ScanAst::Attacked(_) => ir::Scan::Attacked,
            ScanAst::Rays {
                vector, directions, ..
            } => {
                let (x, y) = vector.node;
                if (x, y) == (0, 0) || x.abs() > 15 || y.abs() > 15 {
                    self.err(
                        Problem::error(Code::BadAtom, format!("({x},{y}) is not a ray direction"))
                            .label(src, vector.span, "bad ray")
                            .help("rays step by a small non-zero offset such as (1,0)"),
                    );
                    return None;
                }
                let dirs = self.directions(directions, src)?;
                let v: Vec<(i8, i8)> = ir::symmetric_images((x as i8, y as i8))
                    .into_iter()
                    .filter(|v| ir::keeps(&dirs, *v))
                    .collect();
                ir::Scan::Rays(v)
            }
            ScanAst::Around { vectors, .. }
            | ScanAst::Enclosed { vectors, .. }
            | ScanAst::Surrounded { vectors, .. } => {
                let mut v = vec![];
                for vec in vectors {
                    let (x, y) = vec.node;
                    if (x, y) == (0, 0) || x.abs() > 15 || y.abs() > 15 {
                        self.err(
                            Problem::error(
                                Code::BadAtom,
                                format!("({x},{y}) is not a neighbour offset"),
                            )
                            .label(src, vec.span, "bad offset")
                            .help("use small non-zero offsets such as (1,0) (1,1)"),
                        );
                        return None;
                    }
                    for img in ir::symmetric_images((x as i8, y as i8)) {
                        if !v.contains(&img) {
                            v.push(img);
                        }
                    }
                }
                if matches!(scan, ScanAst::Enclosed { .. }) {
                    ir::Scan::Enclosed(v)
                } else if matches!(scan, ScanAst::Surrounded { .. }) {
                    ir::Scan::Surrounded(v)
                } else {
                    ir::Scan::Around(v)
                }
            }
        })
    }

    fn actions(
        &mut self,
        actions: &[ActionAst],
        src: SourceId,
        rays: bool,
    ) -> Option<Vec<ir::Action>> {
        let mut out = vec![];
        let mut ok = true;
        for a in actions {
            let subject = a
                .subject
                .as_ref()
                .map(|s| s.node)
                .unwrap_or(Subject::Target);
            let sends_captured = matches!(a.kind, ActionKind::Send(..) | ActionKind::Put)
                && subject == Subject::Captured;
            if let Some(s) = a
                .subject
                .as_ref()
                .filter(|s| s.node.of_move() && !sends_captured)
            {
                self.err(
                    Problem::error(
                        Code::EffectAction,
                        format!("an action cannot act on `{}`", subject_word(s.node)),
                    )
                    .label(src, s.span, "the move's piece is only read")
                    .help("act on `origin` (the piece where the effect starts) or `target`; read `moved` and `captured` in conditions or in `change origin to captured.kind`; `send captured to hand` and `put captured at departure` are the actions on `captured`"),
                );
                ok = false;
                continue;
            }
            match self.action(a, subject, src, rays) {
                Some(act) => out.push(act),
                None => ok = false,
            }
        }
        ok.then_some(out)
    }

    /// `pull target` / `push target`: only a target found on a ray slides.
    fn slide_action(
        &mut self,
        a: &ActionAst,
        subject: Subject,
        src: SourceId,
        rays: bool,
    ) -> Option<ir::Action> {
        if !rays || subject != Subject::Target {
            self.err(
                Problem::error(
                    Code::EffectAction,
                    "only a target found on a ray can be pulled or pushed",
                )
                .label(
                    src,
                    a.span,
                    if rays {
                        "the origin has no ray to slide along"
                    } else {
                        "`around` has no rays"
                    },
                )
                .help("use `rays (1,0)` and `pull target` / `push target`"),
            );
            return None;
        }
        Some(if matches!(a.kind, ActionKind::Pull) {
            ir::Action::Pull(subject)
        } else {
            ir::Action::Push(subject)
        })
    }

    /// `send SUBJECT to [opposite|own] hand [as PIECE]`: the variant needs hands.
    fn send_action(
        &mut self,
        a: &ActionAst,
        (subject, hand, as_kind): (Subject, ir::HandOf, Option<&Name>),
        src: SourceId,
    ) -> Option<ir::Action> {
        if self.draft.hand.is_none() {
            self.err(
                Problem::error(Code::EffectAction, "a piece sent to hand needs hands")
                    .label(src, a.span, "the variant has no `hand`")
                    .help("add `hand { }` (with its `drop` rules) to the variant"),
            );
            return None;
        }
        let kind = match as_kind {
            Some(n) => Some(self.piece_ref(n, src)?),
            None => None,
        };
        Some(ir::Action::Send(subject, hand, kind))
    }

    /// One action on `subject`, or `None` with its error said.
    fn action(
        &mut self,
        a: &ActionAst,
        subject: Subject,
        src: SourceId,
        rays: bool,
    ) -> Option<ir::Action> {
        Some(match &a.kind {
            ActionKind::Nothing => ir::Action::Nothing,
            ActionKind::Pull | ActionKind::Push => self.slide_action(a, subject, src, rays)?,
            ActionKind::Remove => ir::Action::Remove(subject),
            ActionKind::Petrify => ir::Action::Petrify(subject),
            ActionKind::Put if subject != Subject::Captured => {
                self.err(
                    Problem::error(
                        Code::EffectAction,
                        "only the captured piece can be put back",
                    )
                    .label(src, a.span, "on the board already")
                    .help("write `put captured at departure`"),
                );
                return None;
            }
            ActionKind::Put => ir::Action::Put(subject),
            ActionKind::Send(hand, as_kind) => {
                self.send_action(a, (subject, *hand, as_kind.as_ref()), src)?
            }
            ActionKind::Flip if subject == Subject::Origin => {
                self.err(
                    Problem::error(
                        Code::EffectAction,
                        "the origin is always on the mover's side",
                    )
                    .label(src, a.span, "`flip origin` changes nothing")
                    .help("flip the pieces the scan finds: `flip target`"),
                );
                return None;
            }
            ActionKind::Flip => ir::Action::Flip(subject),
            ActionKind::Promote => ir::Action::Promote(subject),
            ActionKind::Change(n) => ir::Action::Change(subject, self.piece_ref(n, src)?),
            ActionKind::ChangeTo(like, field) => {
                if field.node != "kind" {
                    self.err(
                        Problem::error(
                            Code::EffectAction,
                            format!("a piece cannot change to a `{}`", field.node),
                        )
                        .label(src, field.span, "not a kind")
                        .help(format!(
                            "write `change {} to {}.kind`, or a piece name",
                            subject_word(subject),
                            subject_word(like.node)
                        )),
                    );
                    return None;
                }
                ir::Action::ChangeTo(subject, like.node)
            }
            ActionKind::Merged(parts) => self.merged(subject, parts, src)?,
        })
    }

    /// `change SUBJECT to A.kind + B.kind`: both fields kinds, and a `merge` table to read.
    fn merged(
        &mut self,
        subject: Subject,
        parts: &[(Spanned<Subject>, Name); 2],
        src: SourceId,
    ) -> Option<ir::Action> {
        for (_, field) in parts {
            if field.node != "kind" {
                self.err(
                    Problem::error(
                        Code::EffectAction,
                        format!("pieces merge by kind, not by `{}`", field.node),
                    )
                    .label(src, field.span, "not a kind")
                    .help("write `change origin to moved.kind + captured.kind`"),
                );
                return None;
            }
        }
        if self.draft.merge.is_none() {
            self.err(
                Problem::error(Code::EffectAction, "a merge needs a `merge` table")
                    .label(src, parts[0].1.span, "what these two kinds make is not said")
                    .help("add `merge { knight + bishop = princess ... }`: each pair and the piece it makes"),
            );
            return None;
        }
        Some(ir::Action::Merged(
            subject,
            [parts[0].0.node, parts[1].0.node],
        ))
    }

    /// `merge { A + B = C ... }`: every name a piece, each pair once, the piece made with a
    /// letter for each side (a merged piece keeps its side).
    pub(super) fn merges(&mut self, pieces: &IndexMap<String, ir::Piece>) -> Vec<ir::Merge> {
        let Some(def) = self.draft.merge.clone() else {
            return vec![];
        };
        let mut out: Vec<ir::Merge> = vec![];
        for row in &def.node.rows {
            let into = self.piece_ref(&row.into, def.src);
            let first = self.piece_ref(&row.first, def.src);
            for w in &row.with {
                let (Some(a), Some(b), Some(into)) = (first, self.piece_ref(w, def.src), into)
                else {
                    continue;
                };
                if out
                    .iter()
                    .any(|m| (m.a, m.b) == (a, b) || (m.a, m.b) == (b, a))
                {
                    self.err(
                        Problem::error(
                            Code::DuplicateDefinition,
                            format!("`{} + {}` is merged twice", row.first.node, w.node),
                        )
                        .label(def.src, w.span, "given before")
                        .help("say once what each pair makes (`a + b` is also `b + a`)"),
                    );
                    continue;
                }
                out.push(ir::Merge { a, b, into });
            }
            if let Some(piece) = into.map(|i| &pieces[i]) {
                for side in ir::Side::BOTH.into_iter().filter(|&s| !piece.in_army(s)) {
                    self.err(
                        Problem::error(
                            Code::EffectAction,
                            format!("piece `{}` has no letter for {}", row.into.node, side.name()),
                        )
                        .label(def.src, row.into.span, format!("a {} piece cannot become one", side.name()))
                        .help(format!(
                            "give `{}` a letter for each side (`letters X x`): a merged piece keeps its side",
                            row.into.node
                        )),
                    );
                }
            }
        }
        out
    }

    fn bool_expr(&mut self, e: &ExprAst, src: SourceId, target: bool) -> Option<ir::Expr> {
        match e {
            ExprAst::And(a, b, _) | ExprAst::Or(a, b, _) => {
                let l = self.bool_expr(a, src, target);
                let r = self.bool_expr(b, src, target);
                let (l, r) = (l?, r?);
                Some(if matches!(e, ExprAst::And(..)) {
                    ir::Expr::And(Box::new(l), Box::new(r))
                } else {
                    ir::Expr::Or(Box::new(l), Box::new(r))
                })
            }
            ExprAst::Not(a, _) => Some(ir::Expr::Not(Box::new(self.bool_expr(a, src, target)?))),
            ExprAst::Cmp(op, a, b, _) => {
                let (va, ta) = self.value(a, src, target)?;
                let (vb, tb) = self.value(b, src, target)?;
                if ta != tb {
                    self.err(
                        Problem::error(
                            Code::EffectType,
                            format!("cannot compare {} with {}", ta.name(), tb.name()),
                        )
                        .label(src, a.span(), ta.name())
                        .label(src, b.span(), tb.name())
                        .help(format!(
                            "compare {} with {}",
                            ta.name(),
                            ta.example()
                        )),
                    );
                    return None;
                }
                if !matches!(op, CmpOp::Eq | CmpOp::Ne) && ta != Ty::Number {
                    self.err(
                        Problem::error(
                            Code::EffectType,
                            format!("{} cannot be ordered", ta.name()),
                        )
                        .label(src, e.span(), "only numbers have an order")
                        .help("use `==` or `!=`"),
                    );
                    return None;
                }
                Some(ir::Expr::Cmp(*op, va, vb))
            }
            other => {
                let (v, t) = self.value(other, src, target)?;
                match (t, v) {
                    (Ty::Bool, ir::Value::Field(s, f)) => Some(ir::Expr::Truth(s, f)),
                    (t, _) => {
                        self.err(
                            Problem::error(
                                Code::EffectType,
                                format!("a condition must be true or false, not {}", t.name()),
                            )
                            .label(src, other.span(), t.name())
                            .help(format!(
                                "compare it, e.g. `{} == {}`",
                                self.source_text(other),
                                t.sample()
                            )),
                        );
                        None
                    }
                }
            }
        }
    }

    fn source_text(&self, e: &ExprAst) -> String {
        match e {
            ExprAst::Field(s, f, _) => format!("{}.{}", subject_word(s.node), f.node),
            ExprAst::Int(i, _) => i.to_string(),
            ExprAst::Name(n) => n.node.clone(),
            _ => "...".into(),
        }
    }

    /// The field `f` of the piece `s`, and its type; `None` with its error said.
    fn field(&mut self, s: &Spanned<Subject>, f: &Name, src: SourceId) -> Option<(ir::Field, Ty)> {
        let (field, ty) = match f.node.as_str() {
            "side" => (ir::Field::Side, Ty::Side),
            "kind" => (ir::Field::Kind, Ty::Kind),
            "royal" => (ir::Field::Royal, Ty::Bool),
            "dropped" if s.node == Subject::Moved => (ir::Field::Dropped, Ty::Bool),
            "checked" if s.node == Subject::Moved => (ir::Field::Checked, Ty::Bool),
            "next-to-friend" if s.node == Subject::Origin => (ir::Field::NextToFriend, Ty::Bool),
            "next-to-enemy" if s.node == Subject::Origin => (ir::Field::NextToEnemy, Ty::Bool),
            "dropped" | "next-to-friend" | "next-to-enemy" | "checked" => {
                let (owner, sample) = if f.node == "dropped" {
                    ("moved", "moved.dropped")
                } else if f.node == "checked" {
                    ("moved", "moved.checked")
                } else {
                    ("origin", "origin.next-to-friend")
                };
                self.err(
                    Problem::error(
                        Code::EffectField,
                        format!("only `{owner}` has the field `{}`", f.node),
                    )
                    .label(
                        src,
                        f.span,
                        format!("not a field of `{}`", subject_word(s.node)),
                    )
                    .help(format!("write `{sample}`")),
                );
                return None;
            }
            other => {
                let p =
                    Problem::error(Code::EffectField, format!("a piece has no field `{other}`"))
                        .label(src, f.span, "unknown field");
                let fields = [
                    "side",
                    "kind",
                    "royal",
                    "dropped",
                    "checked",
                    "next-to-friend",
                    "next-to-enemy",
                ];
                let p = match did_you_mean(other, fields) {
                    Some(s) => p.help(format!("did you mean `{s}`?")),
                    None => p.help(
                        "the fields are side, kind and royal; `moved.dropped`, `moved.checked`; \
                         `origin.next-to-friend` and `origin.next-to-enemy`",
                    ),
                };
                self.err(p);
                return None;
            }
        };
        Some((field, ty))
    }

    fn value(&mut self, e: &ExprAst, src: SourceId, target: bool) -> Option<(ir::Value, Ty)> {
        match e {
            ExprAst::Int(i, _) => Some((ir::Value::Int(*i), Ty::Number)),
            ExprAst::Count(side, kind, _) => Some((
                ir::Value::Count(side.node, self.piece_ref(kind, src)?),
                Ty::Number,
            )),
            ExprAst::Field(s, f, _) => {
                if s.node == Subject::Target && !target {
                    self.err(
                        Problem::error(Code::EffectField, "`target` is not known yet in `from ... where`")
                            .label(src, s.span, "no target here")
                            .help("test the origin here (`origin.royal`); test the target in `when` clauses"),
                    );
                    return None;
                }
                let (field, ty) = self.field(s, f, src)?;
                Some((ir::Value::Field(s.node, field), ty))
            }
            ExprAst::Name(n) => match n.node.as_str() {
                "distance" => {
                    if !target {
                        self.err(
                            Problem::error(
                                Code::EffectField,
                                "`distance` is not known yet in `from ... where`",
                            )
                            .label(src, n.span, "no target here")
                            .help("test the distance in `when` clauses"),
                        );
                        return None;
                    }
                    Some((ir::Value::Distance, Ty::Number))
                }
                "friend" => Some((ir::Value::Relation(ir::Relation::Friend), Ty::Side)),
                "enemy" => Some((ir::Value::Relation(ir::Relation::Enemy), Ty::Side)),
                other => self.other_name(other, n.span, src),
            },
            other => {
                self.err(
                    Problem::error(Code::EffectType, "expected a value, found a condition")
                        .label(src, other.span(), "a condition")
                        .help("compare values, e.g. `target.side == enemy`"),
                );
                None
            }
        }
    }
}

impl Resolver<'_> {
    /// A name in a condition that is not a word of the language: a piece kind, or an error.
    fn other_name(&mut self, other: &str, span: Span, src: SourceId) -> Option<(ir::Value, Ty)> {
        if let Some(i) = self.piece_names.iter().position(|p| p == other) {
            return Some((ir::Value::Kind(i), Ty::Kind));
        }
        if self.draft.broke_name(other) {
            return None;
        }
        let mut known: Vec<&str> = vec!["distance", "friend", "enemy"];
        known.extend(self.piece_names.iter().map(|s| s.as_str()));
        let p = Problem::error(Code::UnknownName, format!("unknown name `{other}`")).label(
            src,
            span,
            "not a value",
        );
        let p = match did_you_mean(other, known.iter().copied()) {
            Some(s) => p.help(format!("did you mean `{s}`?")),
            None => p.help("values are `distance`, `friend`, `enemy`, numbers and piece names"),
        };
        self.err(p);
        None
    }
}

/// A subject as the variant file writes it.
fn subject_word(s: Subject) -> &'static str {
    match s {
        Subject::Target => "target",
        Subject::Origin => "origin",
        Subject::Moved => "moved",
        Subject::Captured => "captured",
    }
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Ty {
    Side,
    Kind,
    Bool,
    Number,
}

impl Ty {
    fn name(self) -> &'static str {
        match self {
            Ty::Side => "a side",
            Ty::Kind => "a piece kind",
            Ty::Bool => "true or false",
            Ty::Number => "a number",
        }
    }
    /// A value of this type, as written in a condition.
    fn sample(self) -> &'static str {
        match self {
            Ty::Side => "enemy",
            Ty::Kind => "pawn",
            Ty::Bool => "true",
            Ty::Number => "1",
        }
    }
    fn example(self) -> &'static str {
        match self {
            Ty::Side => "`friend` or `enemy`",
            Ty::Kind => "a piece name",
            Ty::Bool => "another condition",
            Ty::Number => "a number",
        }
    }
}

impl Resolver<'_> {
    /// What effects ask of the pieces: a piece they change a target into must exist for every
    /// side (a piece of the other side would become one it has no letter for), and a piece
    /// that turns to stone leaves no piece for an effect to start from.
    pub(super) fn effects_fit(
        &mut self,
        pieces: &IndexMap<String, ir::Piece>,
        effects: &IndexMap<String, ir::Effect>,
        petrify: &[ir::PieceId],
    ) {
        for (name, def) in &self.draft.effects {
            if !effects.contains_key(name) {
                continue;
            }
            let e = &def.node;
            let actions = e
                .clauses
                .iter()
                .flat_map(|c| &c.actions)
                .chain(e.finally.iter().flat_map(|f| &f.actions));
            for a in actions {
                let (n, why) = match &a.kind {
                    ActionKind::Change(n) => (n, "a changed piece keeps its side"),
                    ActionKind::Send(_, Some(n)) => (n, "a piece goes to either side's hand"),
                    _ => continue,
                };
                let Some(piece) = pieces.get(&n.node) else {
                    continue;
                };
                for side in ir::Side::BOTH.into_iter().filter(|&s| !piece.in_army(s)) {
                    self.err(
                        Problem::error(
                            Code::EffectAction,
                            format!("piece `{}` has no letter for {}", n.node, side.name()),
                        )
                        .label(
                            def.src,
                            n.span,
                            format!("a {} piece cannot become one", side.name()),
                        )
                        .help(format!(
                            "give `{}` a letter for each side (`letters X x`): {why}",
                            n.node
                        )),
                    );
                }
            }
            if let Some(p) = petrify.first() {
                let stone = pieces.get_index(*p).map_or("", |(n, _)| n.as_str());
                self.err(
                    Problem::error(
                        Code::Petrify,
                        format!("effect `{name}` and `petrify` do not combine"),
                    )
                    .label(def.src, e.name.span, "this effect would never start from a piece turned to stone")
                    .help(format!(
                        "a piece that turns to stone (`{stone}`) leaves a wall, not a piece, for the effect to start from: turn the capturer to stone in the effect instead (`finally petrify origin`), or remove the effect or `petrify`"
                    )),
                );
            }
        }
    }
}

impl Resolver<'_> {
    /// `capture friends [when CONDITION]`: the condition is typed as an effect's, over the
    /// capturer and the friend it takes; a distance means nothing there.
    pub(super) fn capture_friends(&mut self) -> Option<ir::FriendCaptures> {
        let def = self.draft.capture_friends.as_ref()?;
        let by = self.friend_leaps(&def.node.by, def.src)?;
        let Some(cond) = &def.node.when else {
            return Some(ir::FriendCaptures { by, when: None });
        };
        if let Some(span) = distance_in(cond) {
            self.err(
                Problem::error(
                    Code::EffectField,
                    "`distance` has no meaning in `capture friends`",
                )
                .label(def.src, span, "no distance here")
                .help("test the capturer (`moved.kind`) and the friend it takes (`captured.kind`)"),
            );
            return None;
        }
        let inherited = Inherited {
            src: def.src,
            span: def.node.span,
            what: "`capture friends`".to_string(),
            fix: "give this variant its own `capture friends when ...`".to_string(),
        };
        let when = self.inherited(inherited, |r| r.bool_expr(cond, def.src, true))?;
        Some(ir::FriendCaptures {
            by,
            when: Some(when),
        })
    }

    /// `capture friends by ATOM...`: plain leaps that capture (no region, path or privilege).
    fn friend_leaps(&mut self, atoms: &[AtomAst], src: SourceId) -> Option<Vec<ir::Atom>> {
        let mut out = vec![];
        for a in atoms {
            let atom = self.atom(a, src)?;
            let plain = atom.kind == ir::AtomKind::Leap
                && atom.path == ir::LeapPath::Free
                && atom.from.is_none()
                && atom.to.is_none()
                && a.once.is_none()
                && a.guarded.is_none()
                && matches!(atom.modality, ir::Modality::Capture | ir::Modality::Both);
            if !plain {
                self.err(
                    Problem::error(Code::BadAtom, "friends are taken by plain leaps only")
                        .label(src, a.span, "not a plain capturing leap")
                        .help("write leaps such as `capture friends by leap (1,0) leap (1,1)`"),
                );
                return None;
            }
            out.push(atom);
        }
        Some(out)
    }
}

/// Where a condition names `distance`, if it does.
fn distance_in(e: &ExprAst) -> Option<crate::diagnostics::Span> {
    match e {
        ExprAst::Or(a, b, _) | ExprAst::And(a, b, _) | ExprAst::Cmp(_, a, b, _) => {
            distance_in(a).or_else(|| distance_in(b))
        }
        ExprAst::Not(a, _) => distance_in(a),
        ExprAst::Name(n) if n.node == "distance" => Some(n.span),
        _ => None,
    }
}
