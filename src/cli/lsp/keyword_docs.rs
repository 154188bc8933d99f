//! A keyword's reference text, for hover: the first paragraph of `docs/language.md` that
//! shows the keyword in code, under the title of its section.

const LANGUAGE: &str = include_str!("../../../docs/language.md");

/// The longest text a hover shows.
const MAX_CHARS: usize = 900;

/// The reference text of a keyword, in Markdown; `None` when the reference never shows it.
pub fn keyword_doc(word: &str) -> Option<String> {
    in_code(word).or_else(|| under_title(word))
}

/// The first paragraph that shows the keyword in code.
fn in_code(word: &str) -> Option<String> {
    let mut section = "";
    for para in paragraphs() {
        if let Some(title) = para.strip_prefix('#') {
            section = title.trim_start_matches('#').trim();
            continue;
        }
        if mentions(para, word) {
            return Some(entry(word, section, para));
        }
    }
    None
}

/// The first paragraph under a title that names the keyword.
fn under_title(word: &str) -> Option<String> {
    let paras = paragraphs();
    let k = paras.iter().position(|p| {
        p.starts_with('#')
            && p.to_lowercase()
                .split(|c: char| !c.is_alphanumeric())
                .any(|w| w == word)
    })?;
    let title = paras[k].trim_start_matches('#').trim();
    let para = paras[k + 1..].iter().find(|p| !p.starts_with('#'))?;
    Some(entry(word, title, para))
}

fn entry(word: &str, section: &str, para: &str) -> String {
    let mut text = para.to_string();
    if text.len() > MAX_CHARS {
        let cut = text.floor_char_boundary(MAX_CHARS);
        text.truncate(cut);
        text.push('…');
    }
    format!("**`{word}`** ({section})\n\n{text}")
}

/// Whether a paragraph shows `word` in code: `` `word` ``, `` `word ...` `` or `` `... word` ``.
fn mentions(para: &str, word: &str) -> bool {
    para.split('`').skip(1).step_by(2).any(|code| {
        code.split(|c: char| !(c.is_ascii_alphanumeric() || c == '_' || c == '-'))
            .next()
            .is_some_and(|first| first == word)
            || code.split_whitespace().any(|w| w == word) && code.len() < 40
    })
}

/// The paragraphs of the reference, outside code blocks; a title is a paragraph of its own.
fn paragraphs() -> Vec<&'static str> {
    let mut out = vec![];
    let mut in_code = false;
    let mut start: Option<usize> = None;
    let mut offset = 0;
    for line in LANGUAGE.split_inclusive('\n') {
        let trimmed = line.trim();
        let here = offset;
        offset += line.len();
        if trimmed.starts_with("```") {
            in_code = !in_code;
            flush(&mut out, &mut start, here);
            continue;
        }
        if in_code || trimmed.is_empty() || trimmed.starts_with('#') {
            flush(&mut out, &mut start, here);
            if !in_code && trimmed.starts_with('#') {
                out.push(trimmed);
            }
            continue;
        }
        start.get_or_insert(here);
    }
    flush(&mut out, &mut start, offset);
    out
}

fn flush(out: &mut Vec<&'static str>, start: &mut Option<usize>, end: usize) {
    if let Some(s) = start.take() {
        out.push(LANGUAGE[s..end].trim());
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::syntax::keywords::KEYWORDS;

    #[test]
    fn every_item_keyword_has_a_reference_text() {
        for k in [
            "catalog",
            "piece",
            "region",
            "castling",
            "promotion",
            "effect",
            "royal",
            "leap",
        ] {
            let doc = keyword_doc(k).unwrap_or_else(|| panic!("no text for {k}"));
            assert!(doc.contains(k), "{doc}");
        }
        let missing: Vec<&&str> = KEYWORDS
            .iter()
            .filter(|k| keyword_doc(k).is_none())
            .collect();
        assert!(
            missing.len() < KEYWORDS.len() / 4,
            "no text for {missing:?}"
        );
    }
}
