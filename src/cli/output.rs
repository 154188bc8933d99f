//! Standard output that remembers its first write error: a command writes all it has, then the
//! run fails (exit 2, with a message) if the output could not be written, e.g. to a full disk.
//! A closed pipe (`rulebook moves chess | head -1`) ends the run quietly, as if by SIGPIPE.

use std::fmt::Arguments;
use std::io::{ErrorKind, Write};
use std::process::ExitCode;

/// The exit status of a run whose reader went away (as a shell reports death by SIGPIPE).
const CLOSED_PIPE: u8 = 141;

/// Standard output, with its first write error.
pub struct Output {
    out: std::io::StdoutLock<'static>,
    error: Option<std::io::Error>,
}

impl Default for Output {
    fn default() -> Self {
        Output {
            out: std::io::stdout().lock(),
            error: None,
        }
    }
}

impl Output {
    /// Writes formatted text (nothing more once a write failed).
    pub fn write(&mut self, args: Arguments) {
        if self.error.is_none()
            && let Err(e) = self.out.write_fmt(args)
        {
            self.error = Some(e);
        }
    }

    /// Writes text and a newline.
    pub fn line(&mut self, text: &str) {
        self.write(format_args!("{text}\n"));
    }

    /// Flushes (a line at a time, for a suite whose failures should show as they come).
    pub fn flush(&mut self) {
        if self.error.is_none()
            && let Err(e) = self.out.flush()
        {
            self.error = Some(e);
        }
    }

    /// The exit status of the run: `code`, unless the output could not be written.
    pub fn finish(mut self, code: ExitCode) -> ExitCode {
        self.flush();
        match self.error {
            None => code,
            Some(e) if e.kind() == ErrorKind::BrokenPipe => ExitCode::from(CLOSED_PIPE),
            Some(e) => {
                eprintln!("error: cannot write the output: {e}");
                ExitCode::from(2)
            }
        }
    }
}
