//! The language server without its threads: bytes → `transport::Reader` → `Session`.
//! An input that starts with `Content-Length` is read as the stream an editor sends (framing,
//! JSON, any request or notification); any other input is a document, opened, then asked for
//! hover, completion, definitions and references at positions taken from its first bytes,
//! its symbols and its formatting. Nothing may panic; every answer must serialise, and a
//! refused message gets a JSON-RPC error.
#![no_main]

use libfuzzer_sys::fuzz_target;
use lsp_server::{Message, Notification, Request};
use rulebook::cli::lsp::Session;
use rulebook::cli::lsp::transport::{Incoming, Reader};
use serde_json::{Value, json};

fuzz_target!(|data: &[u8]| {
    if data.starts_with(b"Content-Length") {
        framed(data);
    } else {
        document(data);
    }
});

fn framed(data: &[u8]) {
    let mut reader = Reader::new(data);
    let mut session = Session::default();
    while let Some(incoming) = reader.next_incoming().expect("reading from memory") {
        match incoming {
            Incoming::Message(m) => answer(&mut session, m),
            Incoming::Refused(e) => {
                let code = e["error"]["code"].as_i64().expect("an error code");
                assert!(code == -32700 || code == -32600, "{e}");
            }
        }
    }
}

fn answer(session: &mut Session, m: Message) {
    for out in session.handle(m) {
        serde_json::to_string(&out).expect("an answer serialises");
    }
}

const URI: &str = "file:///nonexistent-rulebook-fuzz/doc.variant";

fn document(data: &[u8]) {
    let text = String::from_utf8_lossy(data);
    let mut session = Session::default();
    let open =
        json!({"textDocument": {"uri": URI, "languageId": "variant", "version": 1, "text": text}});
    answer(
        &mut session,
        Message::Notification(Notification::new("textDocument/didOpen".into(), open)),
    );
    let lines = text.lines().count() as u64 + 2;
    let doc = json!({"uri": URI});
    for k in 0..4 {
        let byte = |i: usize| u64::from(data.get(i).copied().unwrap_or(0));
        let at = json!({"line": byte(k) % lines, "character": byte(k + 4) % 64});
        let params = json!({"textDocument": doc, "position": at, "context": {"includeDeclaration": k % 2 == 0}});
        for method in [
            "textDocument/hover",
            "textDocument/completion",
            "textDocument/definition",
            "textDocument/references",
        ] {
            request(&mut session, method, params.clone());
        }
    }
    request(
        &mut session,
        "textDocument/documentSymbol",
        json!({"textDocument": doc}),
    );
    let options = json!({"tabSize": 2, "insertSpaces": true});
    request(
        &mut session,
        "textDocument/formatting",
        json!({"textDocument": doc, "options": options}),
    );
}

fn request(session: &mut Session, method: &str, params: Value) {
    let req = Request::new(1.into(), method.to_string(), params);
    answer(session, Message::Request(req));
}
