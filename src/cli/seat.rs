//! What the two engine protocols (`rulebook uci`, `rulebook xboard`) share: where their lines
//! go, loading a variant by name or path, and the board that a search thread borrows while it
//! thinks, so that the session keeps reading commands (`stop`, `?`, `ping`, `quit`).

use std::io::Write;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;

use crate::diagnostics::Sources;
use crate::game::{Game, new_game};
use crate::lower::{LoadError, load};
use crate::search::Engine;

/// The table size when the GUI sets none, in MB.
pub const DEFAULT_HASH: usize = 16;

/// Where the engine's lines go: stdout, or a buffer in tests.
pub type Out = Arc<Mutex<dyn Write + Send>>;

/// Writes one line and flushes it.
pub fn say(out: &Out, line: &str) {
    if let Ok(mut w) = out.lock() {
        let _ = writeln!(w, "{line}");
        let _ = w.flush();
    }
}

/// A game of a bundled variant (by name) or of a variant file (by path).
pub fn load_game(spec: &str) -> Result<Box<dyn Game>, String> {
    let mut sources = Sources::default();
    match load(spec, &mut sources) {
        Ok(l) => Ok(new_game(Arc::new(l.variant))),
        Err(LoadError::Unreadable(m)) => Err(m),
        Err(LoadError::Invalid(ps)) => Err(format!(
            "{spec} is not a valid variant: {}",
            ps.first().map_or(String::new(), |p| p.message.clone())
        )),
    }
}

/// The game and table, held by the session or lent to the searching thread.
pub struct Board {
    /// The game.
    pub game: Box<dyn Game>,
    /// The transposition table.
    pub engine: Engine,
}

/// The board, at the session or away in a search thread, with the flag that stops it.
pub struct Seat {
    board: Option<Board>,
    searching: Option<JoinHandle<Board>>,
    /// Set to stop the running search.
    pub stop: Arc<AtomicBool>,
    /// The variant's name or file, as loaded.
    pub variant: String,
    /// The table size in MB.
    pub hash: usize,
    /// The threads a search takes (given to the board's engine as a search begins).
    pub threads: usize,
}

impl Seat {
    /// A seat at the start of `variant` (a bundled name or a path).
    pub fn new(variant: &str) -> Result<Seat, String> {
        Ok(Seat {
            board: Some(Board {
                game: load_game(variant)?,
                engine: Engine::new(DEFAULT_HASH),
            }),
            searching: None,
            stop: Arc::new(AtomicBool::new(false)),
            variant: variant.into(),
            hash: DEFAULT_HASH,
            threads: 1,
        })
    }

    /// Whether a search thread has the board.
    pub fn searching(&self) -> bool {
        self.searching.is_some()
    }

    /// Stops a running search and takes the board back.
    pub fn finish(&mut self) -> Result<(), String> {
        self.stop.store(true, Ordering::Relaxed);
        self.wait()
    }

    /// Waits for a running search to end and takes the board back; if the search failed, the
    /// variant is loaded again and the error says so.
    pub fn wait(&mut self) -> Result<(), String> {
        let Some(h) = self.searching.take() else {
            return Ok(());
        };
        match h.join() {
            Ok(b) => {
                self.board = Some(b);
                Ok(())
            }
            Err(_) => {
                self.reload()?;
                Err("the search failed; the variant is loaded again".into())
            }
        }
    }

    /// The board, once the running search (if any) has ended.
    pub fn board(&mut self) -> Option<&mut Board> {
        let _ = self.wait();
        self.board.as_mut()
    }

    /// Loads `variant` (a bundled name or a path) with a fresh table; on failure the board is
    /// unchanged.
    pub fn load(&mut self, variant: &str) -> Result<(), String> {
        let _ = self.finish();
        let game = load_game(variant)?;
        self.variant = variant.into();
        self.board = Some(Board {
            game,
            engine: Engine::new(self.hash),
        });
        Ok(())
    }

    /// Loads the variant again, at its start.
    pub fn reload(&mut self) -> Result<(), String> {
        let variant = self.variant.clone();
        self.load(&variant)
    }

    /// A new table of `megabytes` MB, once the board is back.
    pub fn resize(&mut self, megabytes: usize) {
        self.hash = megabytes;
        if let Some(b) = self.board() {
            b.engine = Engine::new(megabytes);
        }
    }

    /// Lends the board to `think` on a new thread (after the running search, if any, ended),
    /// with the stop flag cleared and [`Seat::threads`] given to the engine; `think` gives it
    /// back when it is done.
    pub fn lend(&mut self, think: impl FnOnce(Board) -> Board + Send + 'static) {
        let _ = self.wait();
        let Some(mut board) = self.board.take() else {
            return;
        };
        board.engine.threads = self.threads;
        self.stop.store(false, Ordering::Relaxed);
        self.searching = Some(std::thread::spawn(move || think(board)));
    }
}

/// Perft below each move (written by `text`) and the total, as Fairy-Stockfish prints them.
pub fn divide(out: &Out, game: &dyn Game, depth: u32, text: &dyn Fn(&str) -> String) {
    let lines = crate::perft::divide(game, depth, 1);
    for (m, n) in &lines {
        say(out, &format!("{}: {n}", text(m)));
    }
    let total: u64 = lines.iter().map(|(_, n)| n).sum();
    say(out, "");
    say(
        out,
        &format!("Nodes searched: {}", if depth == 0 { 1 } else { total }),
    );
}
