//! Reading user files within limits: only regular files (a FIFO or a device would block or
//! never end), at most a given size, UTF-8 text. Writing them atomically: a temporary file
//! beside the target, synced, then renamed over it, so that a full disk or a crash leaves the
//! old file whole; never through a symbolic link; an existing file replaced only when asked.

use std::fmt;
use std::io::{Read, Write};
use std::path::Path;

/// The largest variant file rulebook reads: 1 MiB.
pub const MAX_VARIANT_FILE: u64 = 1 << 20;
/// The largest EPD suite rulebook reads: 16 MiB.
pub const MAX_EPD_FILE: u64 = 16 << 20;

/// Why a file could not be read.
#[derive(Debug, PartialEq, Eq)]
pub enum ReadError {
    /// No such file.
    Missing,
    /// A directory, a FIFO, a device...: `what` says which.
    NotAFile {
        /// "a directory", "a FIFO", "a device", "not a regular file".
        what: &'static str,
    },
    /// Larger than the limit.
    TooLarge {
        /// The limit in bytes.
        limit: u64,
    },
    /// Not UTF-8 text.
    NotText,
    /// Any other I/O error, in the system's words.
    Io(String),
}

impl fmt::Display for ReadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ReadError::Missing => f.write_str("no such file"),
            ReadError::NotAFile { what } => write!(f, "it is {what}, not a file"),
            ReadError::TooLarge { limit } => write!(
                f,
                "it is larger than {}, the most rulebook reads",
                size_text(*limit)
            ),
            ReadError::NotText => f.write_str("it is not UTF-8 text"),
            ReadError::Io(e) => f.write_str(e),
        }
    }
}

/// "1 MiB", "16 MiB", "512 bytes".
pub fn size_text(bytes: u64) -> String {
    if bytes >= 1 << 20 && bytes.is_multiple_of(1 << 20) {
        format!("{} MiB", bytes >> 20)
    } else if bytes >= 1 << 10 && bytes.is_multiple_of(1 << 10) {
        format!("{} KiB", bytes >> 10)
    } else {
        format!("{bytes} bytes")
    }
}

/// Whether something is at `path` (a file or not).
pub fn exists(path: &Path) -> bool {
    // The entry itself, not what a link points to: a broken or looping link is there, and
    // reading it then says why it cannot be read.
    std::fs::symlink_metadata(path).is_ok()
}

/// Reads a regular file of at most `limit` bytes as UTF-8 text.
pub fn read_text(path: &Path, limit: u64) -> Result<String, ReadError> {
    let meta = std::fs::metadata(path).map_err(|e| match e.kind() {
        std::io::ErrorKind::NotFound => ReadError::Missing,
        _ => ReadError::Io(e.to_string()),
    })?;
    if !meta.is_file() {
        return Err(ReadError::NotAFile {
            what: kind_of(&meta),
        });
    }
    if meta.len() > limit {
        return Err(ReadError::TooLarge { limit });
    }
    let file = std::fs::File::open(path).map_err(|e| ReadError::Io(e.to_string()))?;
    // The size can change between the look and the read: read one byte more than allowed to
    // tell.
    let mut bytes = Vec::new();
    file.take(limit + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| ReadError::Io(e.to_string()))?;
    if bytes.len() as u64 > limit {
        return Err(ReadError::TooLarge { limit });
    }
    let text = String::from_utf8(bytes).map_err(|_| ReadError::NotText)?;
    // Some Windows editors start UTF-8 text with a byte order mark; it is no part of the text.
    Ok(match text.strip_prefix('\u{feff}') {
        Some(rest) => rest.to_string(),
        None => text,
    })
}

pub(crate) fn kind_of(meta: &std::fs::Metadata) -> &'static str {
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        let t = meta.file_type();
        if t.is_fifo() {
            return "a FIFO";
        }
        if t.is_char_device() || t.is_block_device() {
            return "a device";
        }
        if t.is_socket() {
            return "a socket";
        }
    }
    if meta.is_dir() {
        "a directory"
    } else {
        "not a regular file"
    }
}

/// What a write may do to a file already at its path.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Existing {
    /// Replace it: the user named the file as the output (`fmt`, `save --force`).
    Replace,
    /// Leave it and fail with [`WriteError::Exists`].
    Keep,
}

/// Why a file could not be written. The file at the path is then as it was.
#[derive(Debug, PartialEq, Eq)]
pub enum WriteError {
    /// Something is at the path and [`Existing::Keep`] was asked.
    Exists,
    /// A symbolic link is at the path: rulebook writes through none.
    Symlink,
    /// A directory, a FIFO, a device... is at the path.
    NotAFile {
        /// "a directory", "a FIFO", "a device", "not a regular file".
        what: &'static str,
    },
    /// Any other I/O error (a full disk, no permission), in the system's words.
    Io(String),
    /// An I/O error while a file was at the path, which is left unchanged.
    IoKeptOld(String),
}

impl fmt::Display for WriteError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            WriteError::Exists => f.write_str("it already exists"),
            WriteError::Symlink => {
                f.write_str("it is a symbolic link, and rulebook writes through none")
            }
            WriteError::NotAFile { what } => write!(f, "it is {what}, not a file"),
            WriteError::Io(e) => f.write_str(e),
            WriteError::IoKeptOld(e) => write!(f, "{e}; the file is as it was"),
        }
    }
}

/// Writes `bytes` to `path` atomically: into a new temporary file in the same directory,
/// synced to disk, then renamed over `path` (or, with [`Existing::Keep`], linked to it, which
/// fails if anything is there by then). On any error the temporary file is removed and `path`
/// is untouched. A replaced file keeps its permissions.
pub fn write_atomic(path: &Path, bytes: &[u8], existing: Existing) -> Result<(), WriteError> {
    let old = match std::fs::symlink_metadata(path) {
        Ok(meta) if meta.file_type().is_symlink() => return Err(WriteError::Symlink),
        Ok(meta) if !meta.is_file() => {
            return Err(WriteError::NotAFile {
                what: kind_of(&meta),
            });
        }
        Ok(_) if existing == Existing::Keep => return Err(WriteError::Exists),
        Ok(meta) => Some(meta.permissions()),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => None,
        Err(e) => return Err(WriteError::Io(e.to_string())),
    };
    let io_error = |e: std::io::Error| match old {
        Some(_) => WriteError::IoKeptOld(e.to_string()),
        None => WriteError::Io(e.to_string()),
    };
    let (tmp, mut file) = temporary_beside(path).map_err(io_error)?;
    let written = (|| {
        file.write_all(bytes)?;
        if let Some(perms) = &old {
            file.set_permissions(perms.clone())?;
        }
        file.sync_all()
    })();
    drop(file);
    let placed = written.and_then(|()| match existing {
        Existing::Replace => std::fs::rename(&tmp, path),
        Existing::Keep => std::fs::hard_link(&tmp, path),
    });
    if existing == Existing::Keep || placed.is_err() {
        let _ = std::fs::remove_file(&tmp);
    }
    match placed {
        Ok(()) => {
            sync_directory(path);
            Ok(())
        }
        Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => Err(WriteError::Exists),
        Err(e) => Err(io_error(e)),
    }
}

/// A new file `.NAME.PID-N.tmp` beside `path`, created exclusively (never an existing file,
/// never through a link).
fn temporary_beside(path: &Path) -> std::io::Result<(std::path::PathBuf, std::fs::File)> {
    static NEXT: std::sync::atomic::AtomicU32 = std::sync::atomic::AtomicU32::new(0);
    let name = path.file_name().ok_or_else(|| {
        std::io::Error::new(std::io::ErrorKind::InvalidInput, "the path names no file")
    })?;
    let dir = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => Path::new("."),
    };
    loop {
        let n = NEXT.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        let mut tmp_name = std::ffi::OsString::from(".");
        tmp_name.push(name);
        tmp_name.push(format!(".{}-{n}.tmp", std::process::id()));
        let tmp = dir.join(tmp_name);
        match std::fs::OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(&tmp)
        {
            Ok(f) => return Ok((tmp, f)),
            Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => continue,
            Err(e) => return Err(e),
        }
    }
}

/// Makes the rename itself durable; where a directory cannot be synced, the rename still
/// happened.
#[cfg(unix)]
fn sync_directory(path: &Path) {
    if let Some(dir) = path.parent() {
        let dir = if dir.as_os_str().is_empty() {
            Path::new(".")
        } else {
            dir
        };
        if let Ok(d) = std::fs::File::open(dir) {
            let _ = d.sync_all();
        }
    }
}

/// Elsewhere (Windows, WebAssembly) a directory cannot be opened to be synced.
#[cfg(not(unix))]
fn sync_directory(_path: &Path) {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn devices_and_directories_are_refused_without_reading() {
        assert_eq!(
            read_text(Path::new("/dev/zero"), 10),
            Err(ReadError::NotAFile { what: "a device" })
        );
        assert_eq!(
            read_text(Path::new("."), 10),
            Err(ReadError::NotAFile {
                what: "a directory"
            })
        );
        assert_eq!(
            read_text(Path::new("no/such/file"), 10),
            Err(ReadError::Missing)
        );
    }

    #[test]
    fn a_file_over_the_limit_is_refused() {
        assert_eq!(
            read_text(Path::new("Cargo.toml"), 10),
            Err(ReadError::TooLarge { limit: 10 })
        );
        assert_eq!(size_text(MAX_VARIANT_FILE), "1 MiB");
    }

    fn scratch(name: &str) -> std::path::PathBuf {
        let dir = Path::new("target/files-test").join(name);
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).expect("scratch directory");
        dir
    }

    fn entries(dir: &Path) -> Vec<String> {
        let mut v: Vec<String> = std::fs::read_dir(dir)
            .expect("read dir")
            .map(|e| e.expect("entry").file_name().to_string_lossy().into_owned())
            .collect();
        v.sort();
        v
    }

    #[test]
    fn an_atomic_write_keeps_or_replaces_as_asked_and_leaves_no_temporary_file() {
        let dir = scratch("keep-or-replace");
        let path = dir.join("game.pgn");
        write_atomic(&path, b"first", Existing::Keep).expect("a new file");
        assert_eq!(
            write_atomic(&path, b"second", Existing::Keep),
            Err(WriteError::Exists)
        );
        assert_eq!(std::fs::read(&path).expect("read"), b"first");
        write_atomic(&path, b"third", Existing::Replace).expect("replaced");
        assert_eq!(std::fs::read(&path).expect("read"), b"third");
        assert_eq!(entries(&dir), ["game.pgn"]);
    }

    #[cfg(unix)]
    #[test]
    fn an_atomic_write_goes_through_no_link_and_into_no_device() {
        let dir = scratch("no-link");
        let target = dir.join("target.txt");
        std::fs::write(&target, "kept").expect("write");
        let link = dir.join("link.txt");
        std::os::unix::fs::symlink("target.txt", &link).expect("symlink");
        assert_eq!(
            write_atomic(&link, b"x", Existing::Replace),
            Err(WriteError::Symlink)
        );
        assert_eq!(std::fs::read(&target).expect("read"), b"kept");
        assert_eq!(
            write_atomic(Path::new("/dev/null"), b"x", Existing::Replace),
            Err(WriteError::NotAFile { what: "a device" })
        );
        assert_eq!(entries(&dir), ["link.txt", "target.txt"]);
    }
}
