//! The REPL's history file: per user (`$XDG_STATE_HOME/rulebook/history`, by default
//! `~/.local/state/rulebook/history`), never in a shared directory. It is opened once, never
//! through a symbolic link (another user's link would have rulebook write where it points) and
//! never blocking (a FIFO or a device at its place would hang the start): anything but a
//! regular file is refused with a warning, and the session goes on without history.

use std::fs::File;
use std::io::{Read, Write};
use std::path::{Path, PathBuf};

/// The most of the file read at the start (the newest entries are kept).
const MAX_HISTORY_FILE: u64 = 1 << 20;

/// The history file of this user, where the environment names an absolute directory for it.
pub fn path() -> Option<PathBuf> {
    let absolute = |v: std::ffi::OsString| Some(PathBuf::from(v)).filter(|p| p.is_absolute());
    let state = std::env::var_os("XDG_STATE_HOME")
        .and_then(absolute)
        .or_else(|| {
            let home = std::env::var_os("HOME").and_then(absolute)?;
            Some(home.join(".local").join("state"))
        })?;
    Some(state.join("rulebook").join("history"))
}

/// The open history file, appended to as lines are entered.
pub struct History {
    file: File,
}

impl History {
    /// Opens (creating it, readable by its owner only) the history file at `path`, and reads
    /// its entries. The error says why it is not used.
    pub fn open(path: &Path) -> Result<(History, Vec<String>), String> {
        if let Some(dir) = path.parent() {
            create_private_dir(dir).map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
        }
        let mut file = open_no_follow(path).map_err(|e| match e.raw_os_error() {
            Some(libc::ELOOP) => format!(
                "{} is a symbolic link, which rulebook does not follow",
                path.display()
            ),
            _ => format!("cannot open {}: {e}", path.display()),
        })?;
        let meta = file
            .metadata()
            .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
        if !meta.is_file() {
            return Err(format!(
                "{} is {}, not a file",
                path.display(),
                crate::files::kind_of(&meta)
            ));
        }
        let mut bytes = Vec::new();
        (&mut file)
            .take(MAX_HISTORY_FILE)
            .read_to_end(&mut bytes)
            .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
        let entries = String::from_utf8_lossy(&bytes)
            .lines()
            .filter(|l| !l.trim().is_empty())
            .map(String::from)
            .collect();
        Ok((History { file }, entries))
    }

    /// Appends an entry (a line; written as it goes, so that nothing is lost however the
    /// session ends).
    pub fn append(&mut self, entry: &str) -> std::io::Result<()> {
        self.file.write_all(format!("{entry}\n").as_bytes())
    }
}

/// Opens for reading and appending, creating with mode 0600; `O_NOFOLLOW` fails on a link,
/// `O_NONBLOCK` keeps a FIFO from blocking the open.
fn open_no_follow(path: &Path) -> std::io::Result<File> {
    use std::os::unix::fs::OpenOptionsExt;
    std::fs::OpenOptions::new()
        .read(true)
        .append(true)
        .create(true)
        .mode(0o600)
        .custom_flags(libc::O_NOFOLLOW | libc::O_NONBLOCK)
        .open(path)
}

fn create_private_dir(dir: &Path) -> std::io::Result<()> {
    use std::os::unix::fs::DirBuilderExt;
    std::fs::DirBuilder::new()
        .recursive(true)
        .mode(0o700)
        .create(dir)
}
