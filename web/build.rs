//! Link options for the WebAssembly module.

fn main() {
    // wasm-ld pads every call's function index to five bytes (room for relocations the module
    // never gets); packing them takes about 6% off the module.
    if std::env::var("CARGO_CFG_TARGET_ARCH").as_deref() == Ok("wasm32") {
        println!("cargo:rustc-link-arg-cdylib=--compress-relocations");
    }
}
