//! Embeds every `variants/*.variant` file in the binary, so that a bundled variant is a file
//! added to `variants/` and nothing else.

use std::fmt::Write as _;
use std::path::Path;

fn main() {
    println!("cargo:rerun-if-changed=variants");
    let mut names: Vec<String> = std::fs::read_dir("variants")
        .expect("the variants/ folder")
        .filter_map(|e| e.ok())
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter_map(|f| f.strip_suffix(".variant").map(String::from))
        .collect();
    names.sort();
    for n in &names {
        println!("cargo:rerun-if-changed=variants/{n}.variant");
    }
    let out_dir = std::env::var("OUT_DIR").expect("OUT_DIR");
    std::fs::write(Path::new(&out_dir).join("bundled.rs"), text_table(&names))
        .expect("write the bundled table");
}

/// `&[(name, text)]`, each text included as it is.
fn text_table(names: &[String]) -> String {
    let mut out = String::from("&[\n");
    for n in names {
        let _ = writeln!(
            out,
            "    ({n:?}, include_str!(concat!(env!(\"CARGO_MANIFEST_DIR\"), \"/variants/{n}.variant\"))),"
        );
    }
    out.push(']');
    out
}
