//! The keywords of the language, in one table.
//!
//! The grammar (`grammar/variant.pest`) needs them as rules (`kw_piece`, and the `keyword` rule
//! that a name may not be); error messages and recovery need them as words. pest cannot take
//! its rules from Rust, so the tests below read the grammar and fail when it and this table
//! drift apart: every keyword has its `kw_` rule and is in `keyword`, and the items of the `item`
//! rule are those of [`ITEM_STARTS`].

/// Every keyword of the language: none of them can be a name.
pub const KEYWORDS: &[&str] = &[
    "variant",
    "extends",
    "catalog",
    "board",
    "intersections",
    "wrap",
    "glyph",
    "antiroyal",
    "value",
    "layers",
    "letters",
    "cross",
    "after",
    "moves",
    "captures",
    "region",
    "ranks",
    "rank",
    "squares",
    "piece",
    "royal",
    "betza",
    "move",
    "capture",
    "leap",
    "ride",
    "range",
    "span",
    "from",
    "replace",
    "remove",
    "promotion",
    "zone",
    "to",
    "white",
    "black",
    "en",
    "passant",
    "castling",
    "empty",
    "safe",
    "start",
    "check",
    "at",
    "final",
    "halfmove",
    "reset",
    "end",
    "checkmate",
    "stalemate",
    "campmate",
    "captured",
    "wins",
    "draws",
    "loses",
    "effect",
    "moved",
    "where",
    "rays",
    "around",
    "when",
    "finally",
    "nothing",
    "pull",
    "push",
    "promote",
    "change",
    "target",
    "origin",
    "and",
    "or",
    "not",
    "attack",
    "hop",
    "lame",
    "jumping",
    "initial",
    "within",
    "file",
    "files",
    "optional",
    "limit",
    "rule",
    "short",
    "long",
    "unless",
    "royals",
    "touch",
    "all",
    "must",
    "no",
    "checks",
    "stuck",
    "pieces",
    "moving",
    "wall",
    "duck",
    "hand",
    "keep",
    "promoted",
    "drop",
    "most",
    "per",
    "mate",
    "extinct",
    "against",
    "claim",
    "reach",
    "count",
    "full",
    "with",
    "answered",
    "held",
    "connect",
    "along",
    "diagonals",
    "falling",
    "sliding",
    "collinear",
    "cannot",
    "petrify",
    "over",
    "pass",
    "facing",
    "double",
    "gate",
    "drops",
    "both",
    "colors",
    "in",
    "place",
    "on",
    "escape",
    "opposite",
    "partner",
    "once",
    "lost",
    "aimed",
    "by",
    "behind",
    "hole",
    "last",
    "turn",
    "first",
    "until",
    "growing",
    "friends",
    "send",
    "flip",
    "enclosed",
    "surrounded",
    "suicide",
    "required",
    "frozen",
    "attacked",
    "same",
    "kind",
    "without",
    "as",
    "victim",
    "free",
    "next",
    "own",
    "guarded",
    "guarding",
    "anywhere",
    "controlled",
    "refused",
    "never",
    "placed",
    "instead",
    "shot",
    "points",
    "merge",
    "put",
    "departure",
    "undone",
];

/// The words that start a top-level item, as a help line lists them.
pub const ITEM_STARTS: &[&str] = &[
    "catalog",
    "board",
    "layers",
    "region",
    "piece",
    "replace",
    "remove",
    "promotion",
    "en passant",
    "castling",
    "start",
    "check",
    "halfmove",
    "end",
    "effect",
    "hand",
    "must",
    "no",
    "moving wall",
    "wall behind",
    "hole behind",
    "duck",
    "petrify",
    "pass",
    "turn",
    "capture friends",
    "frozen",
    "merge",
    "move enemy",
];

/// Item keywords the language has renamed: (old word, the words to write now). The old word
/// still starts its item, which gets a warning saying what to write now.
pub const RENAMED_ITEMS: &[(&str, &str)] = &[("duck", "moving wall")];

/// Whether `word` starts a line that begins a new top-level item (`variant` starts the header).
/// `move` starts a piece's atoms far more often than `move enemy` starts an item, so it is not
/// taken for an item's start when a line begins with it.
pub fn starts_item(word: &str) -> bool {
    word == "variant"
        || word != "move"
            && ITEM_STARTS
                .iter()
                .any(|s| s.split(' ').next() == Some(word))
}

/// The first words of the top-level items and the header, for "did you mean" suggestions.
pub fn item_words() -> impl Iterator<Item = &'static str> {
    std::iter::once("variant").chain(ITEM_STARTS.iter().filter_map(|s| s.split(' ').next()))
}

/// Whether `word` is a keyword.
pub fn is_keyword(word: &str) -> bool {
    KEYWORDS.contains(&word)
}

#[cfg(test)]
mod tests {
    use super::*;

    const GRAMMAR: &str = include_str!("../../grammar/variant.pest");

    /// The body of the grammar rule `name`, up to the next rule.
    fn rule_body(name: &str) -> &'static str {
        let start = GRAMMAR
            .lines()
            .scan(0, |at, l| {
                let here = *at;
                *at += l.len() + 1;
                Some((here, l))
            })
            .find(|(_, l)| l.split_whitespace().next() == Some(name) && l.contains('='))
            .map(|(at, _)| at)
            .unwrap_or_else(|| panic!("no rule `{name}` in the grammar"));
        let body = &GRAMMAR[start..];
        let open = body.find('{').expect("a rule body");
        let mut depth = 0;
        for (i, c) in body[open..].char_indices() {
            match c {
                '{' => depth += 1,
                '}' => {
                    depth -= 1;
                    if depth == 0 {
                        return &body[open + 1..open + i];
                    }
                }
                _ => {}
            }
        }
        panic!("rule `{name}` is not closed")
    }

    fn quoted(s: &str) -> Vec<&str> {
        s.split('"').skip(1).step_by(2).collect()
    }

    #[test]
    fn the_keyword_rule_lists_the_table() {
        let body = rule_body("keyword");
        let mut rules: Vec<&str> = body
            .split(|c: char| !(c.is_alphanumeric() || c == '_'))
            .filter(|w| w.starts_with("kw_"))
            .collect();
        rules.sort_unstable();
        let mut expected: Vec<String> = KEYWORDS.iter().map(|k| format!("kw_{k}")).collect();
        expected.sort_unstable();
        assert_eq!(rules, expected, "grammar `keyword` rule vs KEYWORDS");
    }

    #[test]
    fn every_keyword_has_its_rule_and_every_rule_its_keyword() {
        let mut defined: Vec<(String, Vec<&str>)> = GRAMMAR
            .lines()
            .filter_map(|l| {
                let name = l.split_whitespace().next()?;
                let kw = name.strip_prefix("kw_")?;
                l.contains('=').then(|| (kw.to_string(), quoted(l)))
            })
            .collect();
        defined.sort();
        for (kw, words) in &defined {
            assert_eq!(
                words,
                &[kw.as_str()],
                "rule kw_{kw} must match the word `{kw}`"
            );
        }
        let mut names: Vec<&str> = defined.iter().map(|(k, _)| k.as_str()).collect();
        names.sort_unstable();
        let mut table = KEYWORDS.to_vec();
        table.sort_unstable();
        assert_eq!(names, table, "kw_ rules vs KEYWORDS");
    }

    #[test]
    fn the_item_rule_has_the_items_of_the_table() {
        let body = rule_body("item");
        let items: Vec<&str> = body
            .split('|')
            .map(|s| s.trim())
            .filter(|s| !s.is_empty())
            .collect();
        // Each item rule starts with its keyword (`region_def` with `kw_region`).
        let mut firsts: Vec<String> = items
            .iter()
            .map(|rule| {
                let body = rule_body(rule);
                let first = body.split_whitespace().next().expect("a rule body");
                let kw = first
                    .strip_prefix("kw_")
                    .expect("an item starts with a keyword");
                // A two-word item (`en passant`, `moving wall`) is listed whole.
                ITEM_STARTS
                    .iter()
                    .find(|s| s.split(' ').next() == Some(kw))
                    .map_or(kw, |s| *s)
                    .to_string()
            })
            .collect();
        firsts.sort_unstable();
        let mut table = ITEM_STARTS.to_vec();
        table.sort_unstable();
        assert_eq!(firsts, table, "grammar `item` rule vs ITEM_STARTS");
    }
}
