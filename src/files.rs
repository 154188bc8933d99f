//! Reading user files within limits: only regular files (a FIFO or a device would block or
//! never end), at most a given size, UTF-8 text.

use std::fmt;
use std::io::Read;
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
    std::fs::metadata(path).is_ok()
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
    String::from_utf8(bytes).map_err(|_| ReadError::NotText)
}

fn kind_of(meta: &std::fs::Metadata) -> &'static str {
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
}
