//! The README's REPL transcripts, replayed against the binary: what the README shows is what a
//! user sees.

use std::io::Write;
use std::process::{Command, Stdio};

/// A transcript: the variant, the commands typed, and the output the README shows for them.
struct Transcript {
    variant: String,
    commands: String,
    output: String,
}

/// Every fenced block of the README that starts `$ cargo run --release -- repl VARIANT`; a line
/// `VARIANT> COMMAND` is typed, any other is output.
fn transcripts(readme: &str) -> Vec<Transcript> {
    let mut found = vec![];
    for block in readme.split("```").skip(1).step_by(2) {
        let mut lines = block.lines().skip(1);
        let Some(variant) = lines
            .next()
            .and_then(|l| l.strip_prefix("$ cargo run --release -- repl "))
        else {
            continue;
        };
        let prompt = format!("{variant}> ");
        let mut t = Transcript {
            variant: variant.to_string(),
            commands: String::new(),
            output: String::new(),
        };
        for line in lines {
            let (target, text) = match line.strip_prefix(&prompt) {
                Some(command) => (&mut t.commands, command),
                None => (&mut t.output, line),
            };
            target.push_str(text);
            target.push('\n');
        }
        found.push(t);
    }
    found
}

/// Piped, the REPL prints no prompt: its output is the README's lines that are not commands.
#[test]
fn the_readme_repl_transcripts_are_what_the_repl_prints() {
    let readme = std::fs::read_to_string("README.md").expect("README.md");
    let all = transcripts(&readme);
    assert!(!all.is_empty(), "no REPL transcript found in README.md");
    for t in all {
        let mut child = Command::new(env!("CARGO_BIN_EXE_rulebook"))
            .args(["repl", &t.variant])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("the rulebook binary runs");
        let mut stdin = child.stdin.take().expect("a pipe");
        stdin
            .write_all(t.commands.as_bytes())
            .expect("commands written");
        drop(stdin);
        let out = child.wait_with_output().expect("the REPL ends");
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(out.status.success(), "{}:\n{}", t.commands, stderr);
        assert_eq!(
            String::from_utf8_lossy(&out.stdout),
            t.output,
            "README.md's transcript of `repl {}` is out of date",
            t.variant
        );
    }
}

/// The names a catalogue gives the bundled variants, from their `catalog` lines.
fn claimed(catalog: &str) -> std::collections::BTreeSet<String> {
    let mut names = std::collections::BTreeSet::new();
    let prefix = format!("catalog {catalog} \"");
    for entry in std::fs::read_dir("variants").expect("variants/") {
        let path = entry.expect("entry").path();
        let text = std::fs::read_to_string(&path).expect("variant file");
        for line in text.lines() {
            if let Some(name) = line.strip_prefix(&prefix).and_then(|r| r.strip_suffix('"')) {
                names.insert(name.to_string());
            }
        }
    }
    names
}

/// One catalogue's section of `docs/catalogues.md`: its heading's counts, the names in its
/// "Bundled" line, and the names of its "Missing" table.
fn section(doc: &str, heading: &str) -> (usize, usize, Vec<String>, Vec<String>) {
    let start = doc.find(&format!("## {heading}: ")).expect(heading);
    let text = &doc[start..];
    let text = &text[..text[3..].find("\n## ").map_or(text.len(), |k| k + 3)];
    let counts: Vec<usize> = text.lines().next().unwrap()[heading.len() + 4..]
        .split_whitespace()
        .filter_map(|w| w.parse().ok())
        .collect();
    let bundled_line = text
        .lines()
        .find(|l| l.starts_with("Bundled"))
        .expect("Bundled line");
    let bundled = bundled_line
        .split(", ")
        .map(|item| {
            let item = item.split(": ").last().unwrap_or(item);
            let name = item.split(" → ").next().unwrap_or(item);
            name.trim_matches(|c| c == '`' || c == '.' || c == ' ')
                .to_string()
        })
        .collect();
    let missing = text
        .lines()
        .filter(|l| l.starts_with("| ") && !l.starts_with("| variant") && !l.starts_with("| ---"))
        .map(|l| {
            l[2..]
                .split(" |")
                .next()
                .unwrap()
                .trim_matches('`')
                .to_string()
        })
        .collect();
    (counts[0], counts[1], bundled, missing)
}

/// `docs/catalogues.md` and the README count what the bundled files claim: every name a
/// `catalog` line gives is in the doc's "Bundled" list and no other, the missing ones are not
/// claimed, and the counts add up to the catalogue's size.
#[test]
fn the_catalogue_counts_are_the_bundled_files_claims() {
    let doc = std::fs::read_to_string("docs/catalogues.md").expect("docs/catalogues.md");
    let readme = std::fs::read_to_string("README.md").expect("README.md");
    for (catalog, heading) in [("fairy-stockfish", "Fairy-Stockfish"), ("vchess", "vchess")] {
        let claims = claimed(catalog);
        let (bundled, total, listed, missing) = section(&doc, heading);
        let listed: std::collections::BTreeSet<String> = listed.into_iter().collect();
        let differ: Vec<&String> = listed.symmetric_difference(&claims).collect();
        assert!(
            differ.is_empty(),
            "{heading}: in the doc's Bundled list or the catalog lines, not both: {differ:?}"
        );
        assert_eq!(bundled, claims.len(), "{heading}: the heading's count");
        assert_eq!(
            bundled + missing.len(),
            total,
            "{heading}: bundled + missing"
        );
        for m in &missing {
            assert!(
                !claims.contains(m),
                "{heading}: {m} is listed missing but claimed"
            );
        }
        let said = format!("{bundled} of {heading}'s {total}");
        assert!(readme.contains(&said), "the README says `{said}`");
    }
}
