//! `rulebook fmt` changes the layout of a variant file and nothing else: for every variant
//! file of `variants/` and `tests/variants/` (whatever files are there), the IR that
//! `rulebook check --dump` prints is the same before and after formatting, and formatting the
//! result again changes nothing.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use rulebook::diagnostics::Sources;
use rulebook::lower::{Origin, load_text};
use rulebook::syntax::format::format_source;

/// Every variant file of the bundled and test directories.
fn variant_files() -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = ["variants", "tests/variants"]
        .iter()
        .flat_map(|dir| std::fs::read_dir(dir).expect("a variant directory"))
        .map(|e| e.expect("a directory entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "variant"))
        .collect();
    files.sort();
    files
}

/// The IR dump of a variant's text, read as the file at `path` (its parents found beside it).
fn dump(path: &Path, text: &str) -> String {
    let mut sources = Sources::default();
    let name = path.display().to_string();
    match load_text(&name, text, Origin::File(path.to_path_buf()), &mut sources) {
        Ok(l) => l.variant.to_string(),
        Err(e) => panic!("{name} does not load: {e:?}"),
    }
}

#[test]
fn formatting_keeps_the_meaning_of_every_variant_file() {
    let files = variant_files();
    assert!(files.len() > 4, "found only {files:?}");
    for path in files {
        let text = std::fs::read_to_string(&path).expect("read");
        let formatted = format_source(&text).unwrap_or_else(|| panic!("{path:?} parses"));
        assert_eq!(
            dump(&path, &text),
            dump(&path, &formatted),
            "formatting {path:?} changed its meaning"
        );
    }
}

#[test]
fn formatting_twice_changes_nothing_the_second_time() {
    for path in variant_files() {
        let text = std::fs::read_to_string(&path).expect("read");
        let once = format_source(&text).unwrap_or_else(|| panic!("{path:?} parses"));
        let twice = format_source(&once).expect("formatted text parses");
        assert_eq!(once, twice, "formatting {path:?} is not idempotent");
    }
}

#[test]
fn formatting_keeps_every_comment() {
    for path in variant_files() {
        let text = std::fs::read_to_string(&path).expect("read");
        let formatted = format_source(&text).expect("parses");
        let comments = |t: &str| -> Vec<String> {
            t.lines()
                .filter_map(|l| l.find('#').map(|k| l[k..].trim_end().to_string()))
                .collect()
        };
        assert_eq!(comments(&text), comments(&formatted), "{path:?}");
    }
}

fn rulebook(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_rulebook"))
        .args(args)
        .output()
        .expect("run rulebook")
}

#[test]
fn fmt_check_names_the_files_that_would_change_and_fmt_rewrites_them() {
    let dir = Path::new("target/fmt-test");
    let _ = std::fs::remove_dir_all(dir);
    std::fs::create_dir_all(dir).expect("scratch directory");
    let messy = dir.join("messy.variant");
    let tidy = dir.join("tidy.variant");
    std::fs::write(
        &messy,
        "variant messy extends chess\nboard   8 x 8 # size\n",
    )
    .expect("write");
    std::fs::write(&tidy, "variant tidy extends chess\n\nboard 8 x 8\n").expect("write");
    let (messy, tidy) = (messy.display().to_string(), tidy.display().to_string());

    let check = rulebook(&["fmt", "--check", &messy, &tidy]);
    assert_eq!(check.status.code(), Some(1));
    let listed = String::from_utf8_lossy(&check.stdout).into_owned();
    assert_eq!(listed, format!("would reformat: {messy}\n"));

    assert_eq!(rulebook(&["fmt", &messy, &tidy]).status.code(), Some(0));
    let text = std::fs::read_to_string(&messy).expect("read");
    assert_eq!(text, "variant messy extends chess\n\nboard 8 x 8  # size\n");
    assert_eq!(
        rulebook(&["fmt", "--check", &messy, &tidy]).status.code(),
        Some(0)
    );
}

#[test]
fn fmt_leaves_a_broken_file_alone_and_says_why() {
    let dir = Path::new("target/fmt-test-broken");
    let _ = std::fs::remove_dir_all(dir);
    std::fs::create_dir_all(dir).expect("scratch directory");
    let path = dir.join("broken.variant");
    let text = "variant broken\npiece {\n";
    std::fs::write(&path, text).expect("write");
    let out = rulebook(&["fmt", &path.display().to_string()]);
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("syntax errors"));
    assert_eq!(std::fs::read_to_string(&path).expect("read"), text);
}

#[test]
fn fmt_shows_at_most_as_many_syntax_errors_as_check_does() {
    let dir = Path::new("target/fmt-test-many-errors");
    let _ = std::fs::remove_dir_all(dir);
    std::fs::create_dir_all(dir).expect("scratch directory");
    let path = dir.join("unclosed.variant");
    let text = format!(
        "variant unclosed extends chess\n{}",
        "piece x {\n".repeat(2000)
    );
    std::fs::write(&path, &text).expect("write");
    let out = rulebook(&["fmt", "--check", &path.display().to_string()]);
    assert_eq!(out.status.code(), Some(1));
    let stderr = String::from_utf8_lossy(&out.stderr);
    let shown = stderr.matches("rulebook::syntax").count();
    assert!(shown <= 50, "{shown} syntax errors shown");
    assert!(stderr.contains("more errors, not shown"), "{stderr}");
}
