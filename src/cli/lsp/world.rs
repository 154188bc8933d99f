//! The documents the server knows: those the editor opened (their text is the editor's, not
//! the disk's), and the variants they extend, found as `rulebook check` finds them (the file
//! `NAME.variant` beside, else the bundled variant). A bundled variant has no file: a
//! read-only copy is written under the cache directory, so that an editor can open it.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::str::FromStr;

use lsp_types::{Position, Range, Uri};

use crate::bundled;
use crate::files::{self, Existing};
use crate::lower::MAX_EXTENDS_DEPTH;
use crate::syntax::ast::Span;
use crate::syntax::outline::{Outline, outline};

/// One variant file of a chain: the document, or a variant it extends.
pub struct ChainDoc {
    /// Where it is.
    pub uri: Uri,
    /// Its text.
    pub text: String,
    /// Its names and items, if it parses.
    pub outline: Option<Outline>,
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

    /// The text of a file: the editor's if it is open, else the disk's.
    fn file_text(&self, path: &Path) -> Option<String> {
        let uri = path_uri(path)?;
        if let Some(t) = self.text(&uri) {
            return Some(t.to_string());
        }
        std::fs::read_to_string(path).ok()
    }

    /// The document, then each variant it extends, nearest first.
    pub fn chain(&self, uri: &Uri) -> Vec<ChainDoc> {
        let Some(text) = self.text(uri) else {
            return vec![];
        };
        let mut chain = vec![ChainDoc {
            uri: uri.clone(),
            outline: outline(text),
            text: text.to_string(),
        }];
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

    /// The variant a document extends, where `rulebook check` would find it.
    fn parent(&self, doc: &ChainDoc) -> Option<ChainDoc> {
        let (name, _) = doc.outline.as_ref()?.extends.as_ref()?;
        let sibling =
            uri_path(&doc.uri).and_then(|p| p.parent().map(|d| d.join(format!("{name}.variant"))));
        let (path, text) = match sibling.and_then(|p| self.file_text(&p).map(|t| (p, t))) {
            Some(found) => found,
            None => {
                let text = bundled::get(name)?;
                (materialise(name, text)?, text.to_string())
            }
        };
        Some(ChainDoc {
            uri: path_uri(&path)?,
            outline: outline(&text),
            text,
        })
    }
}

/// The directory of the read-only copies of the bundled variants, one per version of
/// rulebook.
fn bundled_dir() -> PathBuf {
    let cache = std::env::var_os("XDG_CACHE_HOME")
        .map(PathBuf::from)
        .or_else(|| std::env::var_os("HOME").map(|h| PathBuf::from(h).join(".cache")))
        .unwrap_or_else(std::env::temp_dir);
    cache
        .join("rulebook")
        .join(format!("bundled-{}", env!("CARGO_PKG_VERSION")))
}

/// A read-only file with the text of the bundled variant `name`, written if needed.
pub fn materialise(name: &str, text: &str) -> Option<PathBuf> {
    let dir = bundled_dir();
    let path = dir.join(format!("{name}.variant"));
    if std::fs::read_to_string(&path).is_ok_and(|t| t == text) {
        return Some(path);
    }
    std::fs::create_dir_all(&dir).ok()?;
    // Written beside and renamed over: an editor holding the old copy open never reads half
    // of the new one.
    files::write_atomic(&path, text.as_bytes(), Existing::Replace).ok()?;
    let mut perms = std::fs::metadata(&path).ok()?.permissions();
    perms.set_readonly(true);
    std::fs::set_permissions(&path, perms).ok()?;
    Some(path)
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

/// The LSP position (line, UTF-16 column) of a byte offset.
pub fn position(text: &str, offset: usize) -> Position {
    let offset = floor_char(text, offset);
    let before = &text[..offset];
    let line = before.matches('\n').count();
    let line_start = before.rfind('\n').map_or(0, |k| k + 1);
    let character = text[line_start..offset].encode_utf16().count();
    Position::new(line as u32, character as u32)
}

/// The byte offset of an LSP position (clamped to its line).
pub fn offset(text: &str, pos: Position) -> usize {
    let mut line_start = 0;
    for _ in 0..pos.line {
        match text[line_start..].find('\n') {
            Some(k) => line_start += k + 1,
            None => return text.len(),
        }
    }
    let line_end = text[line_start..]
        .find('\n')
        .map_or(text.len(), |k| line_start + k);
    let mut units = 0;
    for (k, c) in text[line_start..line_end].char_indices() {
        if units >= pos.character as usize {
            return line_start + k;
        }
        units += c.len_utf16();
    }
    line_end
}

/// The LSP range of a byte span.
pub fn range(text: &str, span: Span) -> Range {
    Range::new(position(text, span.start), position(text, span.end))
}

fn floor_char(text: &str, mut offset: usize) -> usize {
    offset = offset.min(text.len());
    while !text.is_char_boundary(offset) {
        offset -= 1;
    }
    offset
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn positions_count_utf16_units_and_round_trip() {
        let text = "ab\n é x\n";
        let x = text.find('x').expect("x");
        assert_eq!(position(text, x), Position::new(1, 3));
        assert_eq!(offset(text, Position::new(1, 3)), x);
    }

    #[test]
    fn paths_and_uris_round_trip() {
        let p = Path::new("/tmp/a b/ç.variant");
        let uri = path_uri(p).expect("uri");
        assert_eq!(uri.as_str(), "file:///tmp/a%20b/%C3%A7.variant");
        assert_eq!(uri_path(&uri).as_deref(), Some(p));
    }
}
