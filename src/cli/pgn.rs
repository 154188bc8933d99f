//! `rulebook pgn FILE`: every game of a PGN file replayed, and written again as PGN (SAN with
//! check marks, the comments, NAGs and variations in place, the result), as its final FEN, or
//! as UCI moves.

use std::path::Path;
use std::process::ExitCode;
use std::sync::Arc;

use super::output::Output;
use crate::diagnostics::{Code, Problem, Sources, render};
use crate::files;
use crate::game::pgn::{self, MAX_PGN_FILE, PgnGame, ReplayError};
use crate::game::{Game, new_game};
use crate::ir::Variant;
use crate::lower::{LoadError, load};

/// What `rulebook pgn` writes for each game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum PgnOutput {
    /// The game as PGN: its tags, the moves in SAN with their annotations, the result.
    Pgn,
    /// The FEN of the game's last position.
    Fen,
    /// The moves in UCI, on one line.
    Uci,
}

/// `rulebook pgn FILE [--variant V] [--output pgn|fen|uci]`: exit 1 if a game cannot be
/// replayed (the others are still written), 2 if the file or the variant cannot be read.
pub fn pgn(path: &str, variant: Option<&str>, output: PgnOutput) -> ExitCode {
    let text = match files::read_text(Path::new(path), MAX_PGN_FILE) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("error: cannot read {path}: {e}");
            return ExitCode::from(2);
        }
    };
    let mut sources = Sources::default();
    let chosen = match variant.map(|v| load_variant(v, &mut sources)).transpose() {
        Ok(v) => v,
        Err(code) => return code,
    };
    let src = sources.add(path, text.as_str());
    let games = match pgn::parse(&text) {
        Ok(g) => g,
        Err(e) => {
            let p = Problem::error(Code::Pgn, format!("{path} is not PGN: {}", e.message))
                .label(src, e.span, "here");
            eprint!("{}", render(&p, &sources, false, 100));
            return ExitCode::from(1);
        }
    };
    if games.is_empty() {
        eprintln!("error: {path} holds no game (no tag and no move)");
        return ExitCode::from(1);
    }
    let current = match chosen.clone() {
        Some(v) => v,
        None => match load_variant("chess", &mut Sources::default()) {
            Ok(v) => v,
            Err(code) => return code,
        },
    };
    let mut variants = pgn::Variants::new(current, |name: &str| {
        load(name, &mut Sources::default())
            .ok()
            .map(|l| Arc::new(l.variant))
    });
    let lines = pgn::Lines::new(&text);
    let mut out = Output::default();
    let mut failed = false;
    for game in &games {
        let variant = match chosen.clone() {
            Some(v) => Ok(v),
            None => variants.find(game),
        };
        match replay(game, variant, &lines) {
            Ok(played) => {
                if let Some(w) = result_disagrees(game, played.as_ref(), &lines) {
                    eprintln!("warning: {w}");
                }
                out.write(format_args!("{}", written(game, played.as_ref(), output)));
            }
            Err(p) => {
                failed = true;
                eprint!("{}", render(&p.with_source(src), &sources, false, 100));
            }
        }
    }
    out.finish(if failed {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    })
}

fn load_variant(spec: &str, sources: &mut Sources) -> Result<Arc<Variant>, ExitCode> {
    match load(spec, sources) {
        Ok(l) => Ok(Arc::new(l.variant)),
        Err(LoadError::Unreadable(m)) => {
            eprintln!("error: {m}");
            Err(ExitCode::from(2))
        }
        Err(LoadError::Invalid(ps)) => {
            for p in &ps {
                eprint!("{}", render(p, sources, false, 100));
            }
            Err(ExitCode::from(2))
        }
    }
}

/// Why a game could not be replayed, before it knows its source.
struct GameProblem {
    code: Code,
    message: String,
    at: Option<(crate::diagnostics::Span, String)>,
    help: String,
}

impl GameProblem {
    fn with_source(self, src: crate::diagnostics::SourceId) -> Problem {
        let p = Problem::error(self.code, self.message).help(self.help);
        match self.at {
            Some((span, label)) => p.label(src, span, label),
            None => p,
        }
    }
}

/// The game played out in `variant` (the one `--variant` chose or its tag names).
fn replay(
    game: &PgnGame,
    variant: Result<Arc<Variant>, String>,
    lines: &pgn::Lines,
) -> Result<Box<dyn Game>, GameProblem> {
    let tag_at = |name: &str| game.tag_spans.get(name).copied();
    let place = |span: Option<crate::diagnostics::Span>| {
        let line = lines.line_of(span.map_or(game.start, |s| s.start));
        format!("{}, line {line}", game.name())
    };
    let variant = match variant {
        Ok(v) => v,
        Err(why) => {
            let span = tag_at("Variant");
            return Err(GameProblem {
                code: Code::Pgn,
                message: format!(
                    "{}: the Variant tag \"{}\" {why}",
                    place(span),
                    game.variant().unwrap_or("chess")
                ),
                at: span.map(|s| (s, "unknown variant".to_string())),
                help: "give the variant with --variant NAME|FILE".into(),
            });
        }
    };
    let mut played = new_game(variant);
    match pgn::replay(played.as_mut(), game) {
        Ok(()) => Ok(played),
        Err(ReplayError::Fen(m)) => Err(GameProblem {
            code: Code::Fen,
            message: format!(
                "{}: the FEN tag is not a position: {m}",
                place(tag_at("FEN"))
            ),
            at: tag_at("FEN").map(|s| (s, "this position".to_string())),
            help: "the FEN tag gives the position the moves start from".into(),
        }),
        Err(ReplayError::Move(i, e)) => Err(GameProblem {
            code: Code::IllegalMove,
            message: format!("{}: {}", place(Some(game.moves[i].1)), e.message),
            at: Some((game.moves[i].1, e.label)),
            help: e.help,
        }),
    }
}

/// The result a game is written with: the rules' verdict where the game ended, else the
/// result its movetext ends with, else `*`.
fn final_result(game: &PgnGame, played: &dyn Game) -> String {
    let mut copy = played.boxed_clone();
    match pgn::result_text(copy.status().end.as_ref()) {
        "*" => game.result.as_deref().unwrap_or("*").to_string(),
        r => r.to_string(),
    }
}

/// Why the result written differs from the game's `Result` tag or the result its movetext
/// ends with, if it does (the written one follows the rules, then the movetext).
fn result_disagrees(game: &PgnGame, played: &dyn Game, lines: &pgn::Lines) -> Option<String> {
    let written = final_result(game, played);
    let (said, span) = match (game.tags.get("Result"), game.result.as_ref()) {
        (Some(tag), _) if *tag != written => (
            format!("the Result tag says {tag}"),
            game.tag_spans.get("Result").map(|s| s.start),
        ),
        (_, Some(end)) if *end != written => (
            format!("the movetext ends {end}"),
            game.moves.last().map(|m| m.1.end),
        ),
        _ => return None,
    };
    let line = lines.line_of(span.unwrap_or(game.start));
    let because = match game.result.as_ref() {
        Some(end) if *end == written => "as the movetext ends".to_string(),
        _ => "as the game ended by the rules".to_string(),
    };
    Some(format!(
        "{}, line {line}: {said}; written {written}, {because}",
        game.name()
    ))
}

fn written(game: &PgnGame, played: &dyn Game, output: PgnOutput) -> String {
    let record = played.record();
    match output {
        PgnOutput::Fen => format!("{}\n", played.fen()),
        PgnOutput::Uci => {
            let moves: Vec<&str> = record.moves.iter().map(|(u, _)| u.as_str()).collect();
            format!("{}\n", moves.join(" "))
        }
        PgnOutput::Pgn => {
            let variant = played.variant().clone();
            let start = new_game(variant.clone()).fen();
            let result = final_result(game, played);
            let text = pgn::write_with_tags(
                game.tags.clone(),
                &variant,
                &start,
                &record,
                &game.notes,
                &result,
            );
            format!("{text}\n")
        }
    }
}
