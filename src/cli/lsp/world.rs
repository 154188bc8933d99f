//! The documents the server knows: those the editor opened (their text is the editor's, not
//! the disk's), and the variants they extend, found as `rulebook check` finds them (the file
//! `NAME.variant` beside, else the bundled variant). A bundled variant has no file: a
//! read-only copy is written under the cache directory, so that an editor can open it.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::str::FromStr;

use lsp_types::{Position, Range, Uri};

use crate::bundled;
use crate::files::{self, MAX_VARIANT_FILE};
use crate::lower::MAX_EXTENDS_DEPTH;
use crate::syntax::ast::Span;
use crate::syntax::outline::{Outline, floor_char_boundary, outline};

/// One variant file of a chain: the document, or a variant it extends.
pub struct ChainDoc {
    /// Where it is.
    pub uri: Uri,
    /// Its text.
    pub text: String,
    /// Its names and items, if it parses.
    pub outline: Option<Outline>,
    /// Its lines, for positions.
    pub lines: LineIndex,
}

impl ChainDoc {
    fn new(uri: Uri, text: String) -> ChainDoc {
        ChainDoc {
            uri,
            // Larger than `rulebook check` reads: only the diagnostic that says so.
            outline: (!too_large(&text)).then(|| outline(&text)).flatten(),
            lines: LineIndex::new(&text),
            text,
        }
    }

    /// Whether it is a file an editor can open (a bundled variant is not when nothing could be
    /// cached).
    pub fn is_file(&self) -> bool {
        self.uri.as_str().starts_with("file:")
    }

    /// The LSP range of a span of its text.
    pub fn range(&self, span: Span) -> Range {
        self.lines.range(&self.text, span)
    }

    /// The byte offset of an LSP position in its text.
    pub fn offset(&self, pos: Position) -> usize {
        self.lines.offset(&self.text, pos)
    }
}

/// The open documents, by URI.
#[derive(Default)]
pub struct World {
    open: HashMap<String, String>,
}

impl World {
    /// Records a document's text (on open and on every change).
    pub fn set(&mut self, uri: &Uri, text: String) {
        self.open.insert(uri.as_str().to_string(), text);
    }

    /// Forgets a closed document.
    pub fn close(&mut self, uri: &Uri) {
        self.open.remove(uri.as_str());
    }

    /// The text of an open document.
    pub fn text(&self, uri: &Uri) -> Option<&str> {
        self.open.get(uri.as_str()).map(String::as_str)
    }

    /// The text of a file: the editor's if it is open, else the disk's, read within the limits
    /// of `rulebook check` (a regular file of at most 1 MiB: a FIFO would block the server, a
    /// device never end). `None` when there is no such file or it cannot be read.
    fn file_text(&self, path: &Path) -> Option<String> {
        let uri = path_uri(path)?;
        if let Some(t) = self.text(&uri) {
            return Some(t.to_string());
        }
        files::read_text(path, MAX_VARIANT_FILE).ok()
    }

    /// The document, then each variant it extends, nearest first.
    pub fn chain(&self, uri: &Uri) -> Vec<ChainDoc> {
        let Some(text) = self.text(uri) else {
            return vec![];
        };
        let mut chain = vec![ChainDoc::new(uri.clone(), text.to_string())];
        while chain.len() < MAX_EXTENDS_DEPTH {
            let Some(next) = chain.last().and_then(|d| self.parent(d)) else {
                break;
            };
            if chain.iter().any(|d| d.uri == next.uri) {
                break;
            }
            chain.push(next);
        }
        chain
    }

    /// The variant a document extends, where `rulebook check` would find it: the file beside
    /// it if there is one (none when that file cannot be read; the diagnostics say why), else
    /// the bundled variant.
    fn parent(&self, doc: &ChainDoc) -> Option<ChainDoc> {
        let (name, _) = doc.outline.as_ref()?.extends.as_ref()?;
        let sibling =
            uri_path(&doc.uri).and_then(|p| p.parent().map(|d| d.join(format!("{name}.variant"))));
        if let Some(path) = sibling.filter(|p| files::exists(p) || self.is_open(p)) {
            let text = self.file_text(&path)?;
            return Some(ChainDoc::new(path_uri(&path)?, text));
        }
        let text = bundled::get(name)?;
        // Without a cache, the parent still gives its names, at a place no editor opens.
        let uri = materialise(name, text)
            .and_then(|p| path_uri(&p))
            .or_else(|| Uri::from_str(&format!("rulebook:bundled/{name}.variant")).ok())?;
        Some(ChainDoc::new(uri, text.to_string()))
    }

    fn is_open(&self, path: &Path) -> bool {
        path_uri(path).is_some_and(|uri| self.text(&uri).is_some())
    }
}

/// Whether a document is larger than a variant file may be.
pub fn too_large(text: &str) -> bool {
    text.len() as u64 > MAX_VARIANT_FILE
}

/// The cache directory: `$XDG_CACHE_HOME`, else `$HOME/.cache`; none without either (no
/// shared directory like `/tmp`, where another user could prepare the files).
fn cache_root() -> Option<PathBuf> {
    let absolute = |v: std::ffi::OsString| Some(PathBuf::from(v)).filter(|p| p.is_absolute());
    std::env::var_os("XDG_CACHE_HOME")
        .and_then(absolute)
        .or_else(|| {
            std::env::var_os("HOME")
                .and_then(absolute)
                .map(|h| h.join(".cache"))
        })
}

/// A read-only file with the text of the bundled variant `name`, written if needed under
/// the cache directory, one directory per version of rulebook; `None` when there is no cache
/// directory or it is not the user's own.
pub fn materialise(name: &str, text: &str) -> Option<PathBuf> {
    let dir = cache_root()?
        .join("rulebook")
        .join(format!("bundled-{}", env!("CARGO_PKG_VERSION")));
    cache::private_dir(&dir)?;
    let path = dir.join(format!("{name}.variant"));
    if cache::read(&path, text.len()).is_some_and(|t| t == text) {
        return Some(path);
    }
    cache::write(&dir, &path, text)?;
    Some(path)
}

/// Files in the cache, where nothing follows a link: its directories are made for the user
/// alone (0700) and checked to be theirs, a file is read with `O_NOFOLLOW` and written
/// through a new file renamed over it (a link there is replaced, never written through).
#[cfg(unix)]
mod cache {
    use std::fs::{self, DirBuilder, OpenOptions, Permissions};
    use std::io::{Read, Write};
    use std::os::unix::fs::{DirBuilderExt, MetadataExt, OpenOptionsExt, PermissionsExt};
    use std::path::Path;

    use nix::fcntl::OFlag;
    use nix::unistd::geteuid;

    /// Makes `dir` (with its parents) and checks that it and its parent are directories of the
    /// user's own, closed to others (made so if they were not).
    pub fn private_dir(dir: &Path) -> Option<()> {
        DirBuilder::new()
            .recursive(true)
            .mode(0o700)
            .create(dir)
            .ok()?;
        for d in [dir.parent()?, dir] {
            let meta = fs::symlink_metadata(d).ok()?;
            if !meta.is_dir() || meta.uid() != geteuid().as_raw() {
                return None;
            }
            if meta.mode() & 0o077 != 0 {
                fs::set_permissions(d, Permissions::from_mode(0o700)).ok()?;
            }
        }
        Some(())
    }

    /// The text of a regular file (not a link) of at most `limit` bytes.
    pub fn read(path: &Path, limit: usize) -> Option<String> {
        let file = OpenOptions::new()
            .read(true)
            .custom_flags(OFlag::O_NOFOLLOW.bits())
            .open(path)
            .ok()?;
        if !file.metadata().ok()?.is_file() {
            return None;
        }
        let mut text = String::new();
        file.take(limit as u64 + 1).read_to_string(&mut text).ok()?;
        Some(text)
    }

    /// Writes `text` to `path` in `dir`, read-only: a new file, renamed over the old.
    pub fn write(dir: &Path, path: &Path, text: &str) -> Option<()> {
        let name = path.file_name()?.to_string_lossy();
        let temp = dir.join(format!(".{name}.{}", std::process::id()));
        let _ = fs::remove_file(&temp);
        let written = OpenOptions::new()
            .write(true)
            .create_new(true)
            .mode(0o444)
            .custom_flags(OFlag::O_NOFOLLOW.bits())
            .open(&temp)
            .and_then(|mut f| f.write_all(text.as_bytes()))
            .and_then(|()| fs::rename(&temp, path));
        if written.is_err() {
            let _ = fs::remove_file(&temp);
        }
        written.ok()
    }
}

/// Without the means to check who owns a file, nothing is cached.
#[cfg(not(unix))]
mod cache {
    use std::path::Path;

    pub fn private_dir(_: &Path) -> Option<()> {
        None
    }

    pub fn read(_: &Path, _: usize) -> Option<String> {
        None
    }

    pub fn write(_: &Path, _: &Path, _: &str) -> Option<()> {
        None
    }
}

/// The path of a `file:` URI.
pub fn uri_path(uri: &Uri) -> Option<PathBuf> {
    let s = uri.as_str().strip_prefix("file://")?;
    Some(PathBuf::from(percent_decode(s)))
}

/// The `file:` URI of a path (made absolute).
pub fn path_uri(path: &Path) -> Option<Uri> {
    let abs = if path.is_absolute() {
        path.to_path_buf()
    } else {
        std::env::current_dir().ok()?.join(path)
    };
    let encoded: String = abs
        .to_str()?
        .chars()
        .map(|c| match c {
            'a'..='z' | 'A'..='Z' | '0'..='9' | '/' | '-' | '_' | '.' | '~' => c.to_string(),
            c => {
                let mut buf = [0u8; 4];
                c.encode_utf8(&mut buf)
                    .bytes()
                    .map(|b| format!("%{b:02X}"))
                    .collect()
            }
        })
        .collect();
    Uri::from_str(&format!("file://{encoded}")).ok()
}

fn percent_decode(s: &str) -> String {
    let bytes = s.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        let hex = (bytes[i] == b'%' && i + 2 < bytes.len() + 1)
            .then(|| s.get(i + 1..i + 3))
            .flatten()
            .and_then(|h| u8::from_str_radix(h, 16).ok());
        match hex {
            Some(b) => {
                out.push(b);
                i += 3;
            }
            None => {
                out.push(bytes[i]);
                i += 1;
            }
        }
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// Where the lines of a text start, and where its characters take more bytes in UTF-8 than
/// code units in UTF-16 (LSP counts columns in UTF-16 units): built once per text, it converts
/// a byte offset to a position in logarithmic time, so that answers with many ranges stay
/// linear in the size of the text.
pub struct LineIndex {
    /// The byte offset of each line's start; the first is 0.
    line_starts: Vec<usize>,
    /// Each character wider in UTF-8 than in UTF-16: its offset, and the bytes that all such
    /// characters up to it (included) take beyond their UTF-16 units.
    wide: Vec<(usize, usize)>,
    /// The text's length.
    len: usize,
}

impl LineIndex {
    /// The index of a text.
    pub fn new(text: &str) -> LineIndex {
        let mut line_starts = vec![0];
        let mut wide = vec![];
        let mut excess = 0;
        for (k, c) in text.char_indices() {
            if c == '\n' {
                line_starts.push(k + 1);
            } else if c.len_utf8() > c.len_utf16() {
                excess += c.len_utf8() - c.len_utf16();
                wide.push((k, excess));
            }
        }
        LineIndex {
            line_starts,
            wide,
            len: text.len(),
        }
    }

    /// The bytes that the characters before `offset` take beyond their UTF-16 units.
    fn excess_before(&self, offset: usize) -> usize {
        match self.wide.partition_point(|(k, _)| *k < offset) {
            0 => 0,
            n => self.wide[n - 1].1,
        }
    }

    /// The LSP position (line, UTF-16 column) of a byte offset of `text`, the text indexed
    /// (an offset inside a character counts as that character's start).
    pub fn position(&self, text: &str, offset: usize) -> Position {
        let offset = floor_char_boundary(text, offset.min(self.len));
        let line = self.line_starts.partition_point(|s| *s <= offset) - 1;
        let start = self.line_starts[line];
        let units = offset - start - (self.excess_before(offset) - self.excess_before(start));
        Position::new(saturate(line), saturate(units))
    }

    /// The LSP range of a byte span of `text`, the text indexed.
    pub fn range(&self, text: &str, span: Span) -> Range {
        Range::new(
            self.position(text, span.start),
            self.position(text, span.end),
        )
    }

    /// The byte offset of an LSP position in `text`, the text indexed: a column past the end
    /// of its line is the line's end, a line past the end is the end of the text, a column
    /// inside a character (half a surrogate pair) is the next character.
    pub fn offset(&self, text: &str, pos: Position) -> usize {
        let Some(&start) = self.line_starts.get(pos.line as usize) else {
            return self.len;
        };
        let end = self
            .line_starts
            .get(pos.line as usize + 1)
            .map_or(self.len, |next| next - 1);
        let mut units = 0;
        for (k, c) in text[start..end].char_indices() {
            if units >= pos.character as usize {
                return start + k;
            }
            units += c.len_utf16();
        }
        end
    }
}

fn saturate(n: usize) -> u32 {
    u32::try_from(n).unwrap_or(u32::MAX)
}

/// The LSP position of the end of a text.
pub fn end_position(text: &str) -> Position {
    LineIndex::new(text).position(text, text.len())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn positions_count_utf16_units_and_round_trip() {
        let text = "ab\n é x\n😀y\nz";
        let lines = LineIndex::new(text);
        let x = text.find('x').expect("x");
        assert_eq!(lines.position(text, x), Position::new(1, 3));
        assert_eq!(lines.offset(text, Position::new(1, 3)), x);
        let y = text.find('y').expect("y");
        assert_eq!(lines.position(text, y), Position::new(2, 2));
        assert_eq!(lines.offset(text, Position::new(2, 2)), y);
        assert_eq!(
            lines.offset(text, Position::new(2, 1)),
            y,
            "inside the surrogate pair"
        );
        assert_eq!(
            lines.position(text, y - 1),
            Position::new(2, 0),
            "inside the emoji"
        );
        assert_eq!(lines.offset(text, Position::new(1, 99)), x + 1);
        assert_eq!(lines.offset(text, Position::new(9, 0)), text.len());
        assert_eq!(lines.position(text, text.len() + 5), Position::new(3, 1));
        assert_eq!(end_position(""), Position::new(0, 0));
        // Every offset agrees with counting from the start.
        for offset in 0..=text.len() {
            if text.is_char_boundary(offset) {
                let before = &text[..offset];
                let line = before.matches('\n').count();
                let start = before.rfind('\n').map_or(0, |k| k + 1);
                let column = before[start..].encode_utf16().count();
                let pos = Position::new(line as u32, column as u32);
                assert_eq!(lines.position(text, offset), pos);
                assert_eq!(lines.offset(text, pos), offset);
            }
        }
    }

    #[test]
    fn paths_and_uris_round_trip() {
        let p = Path::new("/tmp/a b/ç.variant");
        let uri = path_uri(p).expect("uri");
        assert_eq!(uri.as_str(), "file:///tmp/a%20b/%C3%A7.variant");
        assert_eq!(uri_path(&uri).as_deref(), Some(p));
    }
}
