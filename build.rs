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
    let table = if cfg!(feature = "compressed-variants") {
        packed_table(&names, Path::new(&out_dir))
    } else {
        text_table(&names)
    };
    std::fs::write(Path::new(&out_dir).join("bundled.rs"), table).expect("write the bundled table");
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

/// `(&[(name, start, end)], deflated)`: the texts one after the other, deflated into
/// `bundled.deflate`, with where each one lies in the inflated text.
#[cfg(feature = "compressed-variants")]
fn packed_table(names: &[String], out_dir: &Path) -> String {
    let mut all = String::new();
    let mut out = String::from("(&[\n");
    for n in names {
        let text =
            std::fs::read_to_string(format!("variants/{n}.variant")).expect("a variant file");
        let start = all.len();
        all.push_str(&text);
        let _ = writeln!(out, "    ({n:?}, {start}, {}),", all.len());
    }
    let packed = miniz_oxide::deflate::compress_to_vec(all.as_bytes(), 10);
    std::fs::write(out_dir.join("bundled.deflate"), packed).expect("write the deflated files");
    out.push_str("], include_bytes!(concat!(env!(\"OUT_DIR\"), \"/bundled.deflate\")))");
    out
}

#[cfg(not(feature = "compressed-variants"))]
fn packed_table(_: &[String], _: &Path) -> String {
    unreachable!("only with the compressed-variants feature")
}
