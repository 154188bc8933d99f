//! The rulebook library in the browser: the functions the playground page (`web/index.html`,
//! through `web/rulebook.js`) calls, exported from WebAssembly without any glue generator.
//!
//! The calling convention: the page asks [`rb_alloc`] for a buffer, writes its argument there
//! as UTF-8 and passes (address, length); the function takes the buffer back. Every function
//! answers in JSON, kept until the next call: it returns the answer's length, and
//! [`rb_output`] its address.

mod session;

use std::cell::RefCell;

use serde_json::Value;

pub use session::{Session, install};

thread_local! {
    static SESSION: RefCell<Session> = RefCell::new(Session::default());
    static OUTPUT: RefCell<Vec<u8>> = const { RefCell::new(Vec::new()) };
}

/// Keeps `answer` for [`rb_output`] and returns its length.
fn answer(answer: Value) -> usize {
    let text = answer.to_string().into_bytes();
    let len = text.len();
    OUTPUT.with(|o| *o.borrow_mut() = text);
    len
}

/// Runs `f` on the session and keeps its answer.
fn with_session(f: impl FnOnce(&mut Session) -> Value) -> usize {
    answer(SESSION.with(|s| f(&mut s.borrow_mut())))
}

/// Takes back a buffer from [`rb_alloc`] and reads it as text (invalid UTF-8 is replaced).
///
/// # Safety
/// `ptr` and `len` are an allocation of [`rb_alloc`] not taken back yet.
unsafe fn take_text(ptr: *mut u8, len: usize) -> String {
    // SAFETY: the caller passes back what `rb_alloc` leaked, exactly once.
    let bytes = unsafe { Box::from_raw(std::ptr::slice_from_raw_parts_mut(ptr, len)) };
    String::from_utf8_lossy(&bytes).into_owned()
}

/// A buffer of `len` bytes for an argument; the function it is passed to frees it.
#[unsafe(no_mangle)]
pub extern "C" fn rb_alloc(len: usize) -> *mut u8 {
    Box::into_raw(vec![0u8; len].into_boxed_slice()).cast::<u8>()
}

/// The address of the last answer.
#[unsafe(no_mangle)]
pub extern "C" fn rb_output() -> *const u8 {
    OUTPUT.with(|o| o.borrow().as_ptr())
}

/// Every bundled variant: `[{name, title}]`.
#[unsafe(no_mangle)]
pub extern "C" fn rb_variants() -> usize {
    answer(session::variants())
}

/// Functions of the session with no argument.
macro_rules! export {
    ($($(#[$doc:meta])* $name:ident => $method:ident;)*) => {$(
        $(#[$doc])*
        #[unsafe(no_mangle)]
        pub extern "C" fn $name() -> usize {
            with_session(|s| s.$method())
        }
    )*};
}

/// Functions with one text argument.
macro_rules! export_text {
    ($($(#[$doc:meta])* $name:ident => $call:expr;)*) => {$(
        $(#[$doc])*
        ///
        /// # Safety
        /// `ptr` and `len` are a buffer of [`rb_alloc`] holding the argument; this takes it back.
        #[unsafe(no_mangle)]
        pub unsafe extern "C" fn $name(ptr: *mut u8, len: usize) -> usize {
            // SAFETY: as this function's own contract.
            let text = unsafe { take_text(ptr, len) };
            let call = $call;
            call(&text)
        }
    )*};
}

export! {
    /// The text of the variant being played.
    rb_source => source;
    /// The board, hands, side to move, check, the end and the moves played.
    rb_state => state;
    /// The legal moves: `[{uci, san, layer}]`.
    rb_moves => moves;
    /// Takes back the last move: `true`, or `false` when there is none.
    rb_undo => undo;
    /// The game in PGN.
    rb_pgn => pgn;
    /// The variant's rules in words.
    rb_explain => explain;
}

export_text! {
    /// Installs the bundled variants from the bundle `web/build` writes (`variants.txt`), once,
    /// before anything asks for them: `{ok, count}` or `{ok: false, error}`.
    rb_install => |bundle: &str| answer(session::install(bundle));
    /// The text of a bundled variant, or null.
    rb_bundled => |name: &str| answer(session::bundled_text(name));
    /// Loads a bundled variant by name or a variant's text: `{ok, diagnostics, ...}`.
    rb_load => |spec: &str| with_session(|s| s.load(spec));
    /// Plays a move in SAN or UCI.
    rb_play => |text: &str| with_session(|s| s.play(text));
    /// Sets the position from FEN.
    rb_set_fen => |text: &str| with_session(|s| s.set_fen(text));
    /// Replays the first game of a PGN text.
    rb_read_pgn => |text: &str| with_session(|s| s.read_pgn(text));
}

/// The perft count `depth` moves deep: `{count}` or `{error}`.
#[unsafe(no_mangle)]
pub extern "C" fn rb_perft(depth: u32) -> usize {
    with_session(|s| s.perft(depth))
}
