//! The drivers of a session: a terminal (rustyline: line editing, completion, history written
//! as it goes, Ctrl-C stopping the running command only, Ctrl-D with moves not saved leaving
//! only when pressed twice) or a pipe (no prompt, no colour, numbered lines, exit 1 if any
//! command failed).

use std::borrow::Cow;
use std::io::{BufRead, IsTerminal, Write};
use std::process::ExitCode;
use std::sync::atomic::Ordering;

use rustyline::completion::{Completer, Pair};
use rustyline::error::ReadlineError;
use rustyline::highlight::Highlighter;
use rustyline::hint::Hinter;
use rustyline::history::DefaultHistory;
use rustyline::validate::Validator;
use rustyline::{Context, Editor, Helper};

#[cfg(unix)]
use super::history;
use super::{COMMANDS, MAX_LINE, Reply, Session};
use crate::bundled;
use crate::game::Game;
use crate::ir::square_name;

/// Runs a session on the variant `spec`: interactive on a terminal, a script from a pipe.
pub fn main(spec: &str) -> ExitCode {
    let interactive = std::io::stdin().is_terminal() && std::io::stdout().is_terminal();
    let no_color = std::env::var_os("NO_COLOR").is_some();
    let mut session = match Session::new(spec) {
        Ok(s) => s,
        Err((msg, usage)) => {
            eprint!("{msg}");
            return ExitCode::from(if usage { 2 } else { 1 });
        }
    };
    session.board_style.glyphs = interactive;
    session.board_style.color = interactive && !no_color;
    session.color_errors = std::io::stderr().is_terminal() && !no_color;
    if interactive {
        run_terminal(session)
    } else {
        run_pipe(session)
    }
}

/// Writes a reply; false when stdout cannot be written (a full disk, a closed pipe).
fn emit(reply: &Reply) -> bool {
    let mut out = std::io::stdout().lock();
    let written = out
        .write_all(reply.out.as_bytes())
        .and_then(|()| out.flush());
    let mut err = std::io::stderr().lock();
    let _ = err.write_all(reply.err.as_bytes());
    let _ = err.flush();
    if let Err(e) = &written
        && e.kind() != std::io::ErrorKind::BrokenPipe
    {
        let _ = writeln!(err, "error: cannot write the output: {e}");
    }
    written.is_ok()
}

/// One line read from a pipe.
enum Read {
    Line(Vec<u8>),
    /// Longer than [`MAX_LINE`], with the length read so far.
    TooLong(usize),
    End,
}

/// Reads one line of at most [`MAX_LINE`] bytes; a longer line is not read further.
fn read_line(input: &mut impl BufRead) -> std::io::Result<Read> {
    let mut line = Vec::new();
    loop {
        let buf = input.fill_buf()?;
        if buf.is_empty() {
            return Ok(if line.is_empty() {
                Read::End
            } else {
                Read::Line(line)
            });
        }
        let newline = buf.iter().position(|&b| b == b'\n');
        let chunk = &buf[..newline.unwrap_or(buf.len())];
        if line.len() + chunk.len() > MAX_LINE {
            return Ok(Read::TooLong(line.len() + chunk.len()));
        }
        line.extend_from_slice(chunk);
        let used = newline.map_or(buf.len(), |i| i + 1);
        input.consume(used);
        if newline.is_some() {
            return Ok(Read::Line(line));
        }
    }
}

fn run_pipe(mut session: Session) -> ExitCode {
    let mut failed = false;
    let mut input = std::io::stdin().lock();
    for number in 1.. {
        let reply = match read_line(&mut input) {
            Ok(Read::End) => break,
            Ok(Read::Line(bytes)) => match String::from_utf8(bytes) {
                Ok(line) => session.execute_line(line.trim_end_matches('\r'), number),
                Err(_) => failure(format!(
                    "error: stdin:{number}: this line is not UTF-8 text"
                )),
            },
            // The next line is beyond a line that never ends (`< /dev/zero`): stop.
            Ok(Read::TooLong(len)) => {
                eprintln!(
                    "error: stdin:{number}: this line is {len} bytes long or more; a command is at most {MAX_LINE}: stopping"
                );
                return ExitCode::from(2);
            }
            Err(e) => {
                eprintln!("error: cannot read the commands: {e}");
                return ExitCode::from(2);
            }
        };
        if !emit(&reply) {
            return ExitCode::from(2);
        }
        failed |= !reply.ok;
        if reply.quit {
            break;
        }
    }
    if failed {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    }
}

fn failure(message: String) -> Reply {
    Reply {
        err: format!("{message}\n"),
        ..Reply::default()
    }
}

/// Ctrl-C while a command runs stops that command (perft, divide), within microseconds; it
/// never leaves the session. At the prompt, rustyline reads Ctrl-C as a key.
fn catch_interrupts(session: &Session) {
    let stop = session.stop_flag();
    let _ = ctrlc::set_handler(move || stop.store(true, Ordering::Relaxed));
}

/// The history file, opened safely, with its entries loaded into the editor; a warning and
/// none when it cannot be used.
#[cfg(unix)]
fn open_history(editor: &mut Editor<ReplHelper, DefaultHistory>) -> Option<history::History> {
    let path = history::path()?;
    match history::History::open(&path) {
        Ok((h, entries)) => {
            for e in entries {
                let _ = editor.add_history_entry(e);
            }
            Some(h)
        }
        Err(e) => {
            eprintln!("warning: {e}; the history of this session is not kept");
            None
        }
    }
}

#[cfg(not(unix))]
struct NoHistory;
#[cfg(not(unix))]
impl NoHistory {
    fn append(&mut self, _: &str) -> std::io::Result<()> {
        Ok(())
    }
}
#[cfg(not(unix))]
fn open_history(_: &mut Editor<ReplHelper, DefaultHistory>) -> Option<NoHistory> {
    None
}

/// What the last key at the prompt was, when it was a way out: a Ctrl-D with moves not saved
/// only warns, and a second one in a row leaves.
#[derive(PartialEq)]
enum Leaving {
    No,
    Warned,
}

fn run_terminal(mut session: Session) -> ExitCode {
    let config = rustyline::Config::builder()
        .completion_type(rustyline::CompletionType::List)
        .auto_add_history(false)
        .build();
    let mut editor: Editor<ReplHelper, DefaultHistory> = match Editor::with_config(config) {
        Ok(e) => e,
        Err(e) => {
            eprintln!("error: cannot start line editing: {e}");
            return run_pipe(session);
        }
    };
    let mut history = open_history(&mut editor);
    catch_interrupts(&session);
    println!(
        "rulebook: {} loaded. Type `help` for the commands, Tab to complete.",
        session.game().variant().name
    );
    let mut leaving = Leaving::No;
    loop {
        editor.set_helper(Some(ReplHelper {
            game: session.game().boxed_clone(),
        }));
        let prompt = format!("{}> ", session.game().variant().name);
        let line = match editor.readline(&prompt) {
            Ok(line) => line,
            Err(ReadlineError::Interrupted) => {
                leaving = Leaving::No;
                println!("{}", how_to_leave(&session, "type `quit` or press Ctrl-D"));
                continue;
            }
            Err(ReadlineError::Eof) if leaving == Leaving::No && session.unsaved_moves() > 0 => {
                leaving = Leaving::Warned;
                println!(
                    "{}",
                    how_to_leave(&session, "press Ctrl-D again or type `quit`")
                );
                continue;
            }
            Err(_) => break,
        };
        leaving = Leaving::No;
        if !line.trim().is_empty()
            && editor.add_history_entry(line.as_str()).unwrap_or(false)
            && let Some(h) = &mut history
            && let Err(e) = h.append(&line)
        {
            eprintln!("warning: the history cannot be written ({e}); it is no longer kept");
            history = None;
        }
        let reply = session.execute(&line);
        session.stop_flag().store(false, Ordering::Relaxed);
        if !emit(&reply) {
            return ExitCode::from(2);
        }
        if reply.quit {
            break;
        }
    }
    ExitCode::SUCCESS
}

/// "to leave, WAYS", and what leaving would lose.
fn how_to_leave(session: &Session, ways: &str) -> String {
    match session.unsaved_moves() {
        0 => format!("(to leave, {ways})"),
        n => format!(
            "(to leave, {ways}; the game's {n} move{} not saved: `save FILE` keeps them)",
            if n == 1 { " is" } else { "s are" }
        ),
    }
}

// ---------------------------------------------------------------------------------------------
// Completion

struct ReplHelper {
    game: Box<dyn Game>,
}

impl ReplHelper {
    /// Where the word being completed starts, and what it may become.
    fn candidates(&self, line: &str, pos: usize) -> (usize, Vec<String>) {
        let before = &line[..pos];
        let start = before
            .rfind(char::is_whitespace)
            .map(|i| i + 1)
            .unwrap_or(0);
        let word = &before[start..];
        let previous: Vec<&str> = before[..start].split_whitespace().collect();
        let list: Vec<String> = match previous.first() {
            None => COMMANDS.iter().map(|c| c.0.to_string()).collect(),
            Some(&"help") if previous.len() == 1 => {
                COMMANDS.iter().map(|c| c.0.to_string()).collect()
            }
            Some(&"variant") if previous.len() == 1 => {
                let mut v: Vec<String> = bundled::names().map(String::from).collect();
                for dir in [".", "variants"] {
                    if let Ok(rd) = std::fs::read_dir(dir) {
                        for e in rd.flatten() {
                            let p = e.path();
                            if p.extension().is_some_and(|x| x == "variant") {
                                let s = p.display().to_string();
                                v.push(s.strip_prefix("./").map(String::from).unwrap_or(s));
                            }
                        }
                    }
                }
                v
            }
            Some(&"explain") if previous.len() == 1 => {
                self.game.variant().pieces.keys().cloned().collect()
            }
            Some(&"play") => {
                // legal moves after the moves already typed
                let mut g = self.game.boxed_clone();
                if previous[1..].iter().all(|m| g.play(m).is_ok()) {
                    g.moves().into_iter().map(|m| m.uci).collect()
                } else {
                    vec![]
                }
            }
            Some(&"moves") if previous.len() == 1 => {
                let mut g = self.game.boxed_clone();
                let mut v: Vec<String> = g
                    .moves()
                    .into_iter()
                    .map(|m| square_name(m.from.0, m.from.1))
                    .collect();
                v.dedup();
                v
            }
            _ => vec![],
        };
        let mut out: Vec<String> = list.into_iter().filter(|c| c.starts_with(word)).collect();
        out.sort();
        out.dedup();
        (start, out)
    }
}

impl Completer for ReplHelper {
    type Candidate = Pair;
    fn complete(
        &self,
        line: &str,
        pos: usize,
        _ctx: &Context<'_>,
    ) -> rustyline::Result<(usize, Vec<Pair>)> {
        let (start, list) = self.candidates(line, pos);
        Ok((
            start,
            list.into_iter()
                .map(|c| Pair {
                    display: c.clone(),
                    replacement: c,
                })
                .collect(),
        ))
    }
}

impl Hinter for ReplHelper {
    type Hint = String;
}
impl Highlighter for ReplHelper {
    fn highlight_prompt<'b, 's: 'b, 'p: 'b>(
        &'s self,
        prompt: &'p str,
        _default: bool,
    ) -> Cow<'b, str> {
        Cow::Borrowed(prompt)
    }
}
impl Validator for ReplHelper {}
impl Helper for ReplHelper {}
