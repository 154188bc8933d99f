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
