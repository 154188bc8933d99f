//! The game the page plays: the last variant that loaded without errors, its text, and a game
//! of it. Every answer is JSON, as the page reads it.

use std::sync::Arc;

use rulebook::engine::end::GameEnd;
use rulebook::engine::fen::{self, Cell, Setup};
use rulebook::game::pgn::{self, ReplayError};
use rulebook::ir::{PieceId, RULE_TOPICS, Side, Variant};
use rulebook::{Game, LoadError, Origin, Problem, Sources, bundled, load_text, new_game, to_json};
use serde_json::{Value, json};

/// The file name diagnostics give a text typed into the page.
const TYPED: &str = "playground.variant";

/// The variant the page opens with, carried in the module so that a page whose bundle of
/// variants did not arrive still plays.
const CHESS: &str = include_str!("../../variants/chess.variant");

/// What the page is playing.
pub struct Session {
    game: Box<dyn Game>,
    /// The text of the variant being played.
    source: String,
    /// The variant's start position, to tell a game from it from one set up.
    start: String,
}

impl Default for Session {
    fn default() -> Session {
        let text = CHESS;
        let mut sources = Sources::default();
        let variant = load_text("chess.variant", text, Origin::Bundled, &mut sources)
            .map(|l| l.variant)
            .unwrap_or_else(|_| unreachable!("the bundled chess is valid"));
        let game = new_game(Arc::new(variant));
        Session {
            start: game.fen(),
            game,
            source: text.to_string(),
        }
    }
}

/// Installs the bundled variants from `bundle` (see [`bundled::unpack`]).
pub fn install(bundle: &str) -> Value {
    match bundled::install(bundle.to_string()) {
        Ok(count) => json!({"ok": true, "count": count}),
        Err(error) => json!({"ok": false, "error": error}),
    }
}

/// Every bundled variant: `[{name, title}]`, sorted by name.
pub fn variants() -> Value {
    let rows: Vec<Value> = bundled::names()
        .map(|name| {
            let mut sources = Sources::default();
            let title = rulebook::load(name, &mut sources)
                .ok()
                .and_then(|l| l.variant.title)
                .unwrap_or_else(|| name.to_string());
            json!({"name": name, "title": title})
        })
        .collect();
    Value::Array(rows)
}

/// The text of the bundled variant `name`, or null.
pub fn bundled_text(name: &str) -> Value {
    bundled::get(name).map_or(Value::Null, |t| Value::String(t.to_string()))
}

/// Problems as `rulebook check --format json` writes them, each with the line and column of
/// its first label (where the span starts) and of the label's end.
fn diagnostics(problems: &[Problem], sources: &Sources) -> Value {
    let Ok(Value::Array(mut list)) = serde_json::from_str::<Value>(&to_json(problems, sources))
    else {
        return json!([]);
    };
    for (item, problem) in list.iter_mut().zip(problems) {
        let place = problem.labels.first().map(|l| {
            let text = &sources.get(l.source).text;
            let first = sources.get(l.source).first_line - 1;
            let (line, column) = rulebook::diagnostics::line_col(text, l.span.start);
            let (end_line, end_column) = rulebook::diagnostics::line_col(text, l.span.end);
            (line + first, column, end_line + first, end_column)
        });
        let (line, column, end_line, end_column) = place.unwrap_or((1, 1, 1, 1));
        if let Value::Object(o) = item {
            o.insert("line".into(), json!(line));
            o.insert("column".into(), json!(column));
            o.insert("endLine".into(), json!(end_line));
            o.insert("endColumn".into(), json!(end_column));
            let file = o["labels"].get(0).map(|l| l["file"].clone());
            o.insert("file".into(), file.unwrap_or_else(|| json!(TYPED)));
        }
    }
    Value::Array(list)
}

fn end_json(end: Option<&GameEnd>) -> Value {
    end.map_or(Value::Null, |e| {
        json!({
            "rule": e.rule,
            "winner": e.winner.map(Side::name),
            "result": pgn::result_text(Some(e)),
        })
    })
}

/// The letters FEN writes for `piece` of `side` on `layer`: `P`, `+P` for a promoted form.
fn fen_letter(v: &Variant, layer: usize, side: Side, piece: PieceId) -> String {
    let p = &v.pieces[piece];
    let letter = p
        .letters
        .get(layer)
        .and_then(|l| l[side.index()])
        .or(p.letters[0][side.index()])
        .unwrap_or('?');
    if p.promoted_from.is_some() {
        format!("+{letter}")
    } else {
        letter.to_string()
    }
}

/// The glyph the variant file names for `piece` of `side` (`glyph`), or null.
fn glyph(v: &Variant, side: Side, piece: PieceId) -> Option<&str> {
    v.pieces[piece]
        .glyph
        .as_ref()
        .map(|g| g[side.index()].as_str())
}

/// The board and the hands of `setup`, as the page draws them.
fn placement(v: &Variant, setup: &Setup) -> (Vec<Value>, Vec<Value>, Value) {
    let (mut pieces, mut walls) = (vec![], vec![]);
    let files = usize::from(v.files);
    for (i, cell) in setup.cells.iter().enumerate() {
        let (file, rank) = (i % files, i / files);
        match cell {
            Some(Cell::Piece(layer, side, piece, _)) => pieces.push(json!({
                "layer": layer, "file": file, "rank": rank, "side": side.name(),
                "letter": fen_letter(v, *layer, *side, *piece),
                "name": v.pieces.get_index(*piece).map(|(n, _)| n.as_str()),
                "glyph": glyph(v, *side, *piece),
                "royal": v.pieces[*piece].royal,
            })),
            Some(Cell::Wall) => walls.push(json!({"file": file, "rank": rank})),
            Some(Cell::Hole) => walls.push(json!({"file": file, "rank": rank, "hole": true})),
            None => {}
        }
    }
    let mut hands = json!({"white": [], "black": []});
    for (side, piece, count) in &setup.hand {
        if let Value::Array(list) = &mut hands[side.name()] {
            list.push(json!({
                "letter": fen_letter(v, 0, *side, *piece),
                "name": v.pieces.get_index(*piece).map(|(n, _)| n.as_str()),
                "glyph": glyph(v, *side, *piece),
                "count": count,
            }));
        }
    }
    (pieces, walls, hands)
}

impl Session {
    /// Loads a bundled variant by name, or a variant's text; on errors the game being played
    /// stays. Answers `{ok, name, title, diagnostics}`.
    pub fn load(&mut self, spec: &str) -> Value {
        let (file, text) = match bundled::get(spec) {
            Some(text) => (format!("{spec}.variant"), text),
            None => (TYPED.to_string(), spec),
        };
        let mut sources = Sources::default();
        match load_text(&file, text, Origin::Bundled, &mut sources) {
            Ok(loaded) => {
                let diagnostics = diagnostics(&loaded.warnings, &sources);
                let v = loaded.variant;
                let answer = json!({"ok": true, "name": v.name, "title": v.title,
                    "diagnostics": diagnostics});
                self.game = new_game(Arc::new(v));
                self.start = self.game.fen();
                self.source = text.to_string();
                answer
            }
            Err(LoadError::Invalid(problems)) => {
                json!({"ok": false, "diagnostics": diagnostics(&problems, &sources)})
            }
            Err(LoadError::Unreadable(message)) => json!({"ok": false, "diagnostics": [
                {"line": 1, "column": 1, "endLine": 1, "endColumn": 1, "file": file,
                 "code": "rulebook::unreadable", "severity": "error", "message": message,
                 "help": null, "labels": []}]}),
        }
    }

    /// The text of the variant being played.
    pub fn source(&self) -> Value {
        Value::String(self.source.clone())
    }

    /// Everything the page draws: the board, hands, side to move, check, the end of the
    /// game, and the moves played in UCI and SAN.
    pub fn state(&mut self) -> Value {
        let v = self.game.variant().clone();
        let fen = self.game.fen();
        let (pieces, walls, hands) = match fen::parse_setup(&v, &fen) {
            Ok(setup) => placement(&v, &setup),
            Err(_) => (vec![], vec![], json!({"white": [], "black": []})),
        };
        let status = self.game.status();
        let record = self.game.record();
        let played: Vec<Value> = record
            .moves
            .iter()
            .enumerate()
            .map(|(i, (uci, san))| json!({"uci": uci, "san": san, "number": record.number_of(i)}))
            .collect();
        json!({
            "name": v.name, "title": v.title, "files": v.files, "ranks": v.ranks,
            "intersections": v.intersections,
            "layers": v.layers, "hasHands": v.hands.is_some(), "fen": fen,
            "startFen": record.start_fen, "variantStart": self.start, "side": status.side.name(), "inCheck": status.in_check,
            "end": end_json(status.end.as_ref()), "pieces": pieces, "walls": walls,
            "hands": hands, "played": played,
            "checks": self.game.check_count().map(|c| c.text()),
        })
    }

    /// The legal moves: `[{uci, san}]`, sorted by UCI.
    pub fn moves(&mut self) -> Value {
        let moves: Vec<Value> = self
            .game
            .moves()
            .into_iter()
            .map(|m| json!({"uci": m.uci, "san": m.san, "layer": m.layer}))
            .collect();
        Value::Array(moves)
    }

    /// Plays a move in SAN or UCI: `{ok, uci, san, summary, notes, check, end}`, or
    /// `{ok: false, error, help}` and nothing changes.
    pub fn play(&mut self, text: &str) -> Value {
        match self.game.play(text.trim()) {
            Ok(p) => json!({
                "ok": true, "uci": p.uci, "san": p.san, "summary": p.summary, "notes": p.notes,
                "check": p.check, "end": end_json(p.end.as_ref()),
            }),
            Err(e) => json!({"ok": false, "error": e.message, "help": e.help}),
        }
    }

    /// The variant's rules in words, topic by topic, as the REPL's `explain` gives them.
    pub fn explain(&mut self) -> Value {
        let v = self.game.variant();
        Value::String(RULE_TOPICS.iter().map(|t| v.rule_text(t)).collect())
    }

    /// Takes back the last move: `true`, or `false` when none was played.
    pub fn undo(&mut self) -> Value {
        Value::Bool(self.game.undo())
    }

    /// Sets the position: `{ok}`, or `{ok: false, error, help}` and nothing changes.
    pub fn set_fen(&mut self, text: &str) -> Value {
        match self.game.set_fen(text.trim()) {
            Ok(()) => json!({"ok": true}),
            Err(e) => json!({"ok": false, "error": format!("{} ({})", e.message, e.field),
                "help": e.help}),
        }
    }

    /// The number of leaf positions `depth` moves deep, up to the deepest the command line
    /// counts.
    pub fn perft(&mut self, depth: u32) -> Value {
        if depth > rulebook::perft::MAX_DEPTH {
            return json!({"error": rulebook::perft::too_deep(depth)});
        }
        json!({"count": self.game.perft(depth)})
    }

    /// The game in PGN, with the `Variant` tag and the start position where it is not the
    /// variant's own.
    pub fn pgn(&mut self) -> Value {
        let end = self.game.status().end;
        let record = self.game.record();
        let text = pgn::write(
            self.game.variant(),
            &record.start_fen,
            &record,
            pgn::result_text(end.as_ref()),
        );
        Value::String(text)
    }

    /// Replays the first game of a PGN text, in the variant its `Variant` tag names (the one
    /// being played when the tag names it): `{ok, name}` or `{ok: false, error}`.
    pub fn read_pgn(&mut self, text: &str) -> Value {
        let games = match pgn::parse(text) {
            Ok(games) => games,
            Err(e) => return json!({"ok": false, "error": e.message}),
        };
        let Some(first) = games.first() else {
            return json!({"ok": false, "error": "no game in this PGN"});
        };
        let variant = match pgn::find_variant(first, self.game.variant()) {
            Ok(v) => v,
            Err(e) => {
                let tag = first.tags.get("Variant").map_or("", String::as_str);
                return json!({"ok": false, "error": format!("the Variant tag `{tag}` {e}")});
            }
        };
        let changed = !Arc::ptr_eq(&variant, self.game.variant());
        let mut game = new_game(variant.clone());
        let start = game.fen();
        if let Err(e) = pgn::replay(game.as_mut(), first) {
            let error = match e {
                ReplayError::Fen(message) => format!("the FEN tag: {message}"),
                ReplayError::Move(i, e) => format!("move {}: {}", i + 1, e.message),
            };
            return json!({"ok": false, "error": error});
        }
        if changed {
            self.source = bundled::get(&variant.name).unwrap_or_default().to_string();
        }
        self.game = game;
        self.start = start;
        json!({"ok": true, "name": variant.name, "changed": changed})
    }
}
