//! `rulebook lsp` driven over stdio as an editor drives it: initialize, open a copy of Orda
//! with a misspelt piece name (the diagnostic is `rulebook check`'s, at the same place), fix
//! it (the diagnostics clear), hover on a piece, go to a definition in the bundled chess
//! parent, complete, format, shut down.

use std::io::{BufRead, BufReader, Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

use serde_json::{Value, json};

/// How long a test waits for an answer before it calls the server hung.
const PATIENCE: Duration = Duration::from_secs(120);

/// The server, and the messages it sent that no request asked for. Its output is read on a
/// thread, so that a server that hangs fails the test instead of blocking it.
struct Server {
    child: Child,
    stdin: ChildStdin,
    incoming: Receiver<Value>,
    next_id: i64,
    notifications: Vec<Value>,
}

impl Server {
    fn start(cache: &Path) -> Server {
        let mut command = Command::new(env!("CARGO_BIN_EXE_rulebook"));
        command.env("XDG_CACHE_HOME", cache);
        Server::start_with(command)
    }

    fn start_with(mut command: Command) -> Server {
        let mut child = command
            .arg("lsp")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("run rulebook lsp");
        let stdin = child.stdin.take().expect("stdin");
        let stdout = BufReader::new(child.stdout.take().expect("stdout"));
        let (sender, incoming) = mpsc::channel();
        std::thread::spawn(move || read_messages(stdout, &sender));
        Server {
            child,
            stdin,
            incoming,
            next_id: 1,
            notifications: vec![],
        }
    }

    /// Starts a server and initialises it.
    fn initialized(cache: &Path) -> Server {
        let mut server = Server::start(cache);
        server.request("initialize", json!({"capabilities": {}}));
        server.notify("initialized", json!({}));
        server
    }

    fn send(&mut self, msg: Value) {
        let body = msg.to_string();
        self.send_raw(format!("Content-Length: {}\r\n\r\n{body}", body.len()).as_bytes());
    }

    fn send_raw(&mut self, bytes: &[u8]) {
        self.stdin.write_all(bytes).expect("write");
        self.stdin.flush().expect("flush");
    }

    fn receive(&mut self) -> Value {
        match self.incoming.recv_timeout(PATIENCE) {
            Ok(msg) => msg,
            Err(RecvTimeoutError::Timeout) => panic!("no message from the server in {PATIENCE:?}"),
            Err(RecvTimeoutError::Disconnected) => {
                panic!("the server closed its output: {:?}", self.child.wait())
            }
        }
    }

    /// The next message that is not a notification.
    fn response(&mut self) -> Value {
        loop {
            let msg = self.receive();
            if msg.get("method").is_none() {
                return msg;
            }
            self.notifications.push(msg);
        }
    }

    /// The answer to a request: its result, or its error when `Err`.
    fn call(&mut self, method: &str, params: Value) -> Result<Value, Value> {
        let id = self.next_id;
        self.next_id += 1;
        self.send(json!({"jsonrpc": "2.0", "id": id, "method": method, "params": params}));
        loop {
            let msg = self.receive();
            if msg["id"] == json!(id) {
                return match msg.get("error") {
                    Some(e) => Err(e.clone()),
                    None => Ok(msg["result"].clone()),
                };
            }
            self.notifications.push(msg);
        }
    }

    fn request(&mut self, method: &str, params: Value) -> Value {
        match self.call(method, params) {
            Ok(result) => result,
            Err(e) => panic!("{method}: {e}"),
        }
    }

    fn notify(&mut self, method: &str, params: Value) {
        self.send(json!({"jsonrpc": "2.0", "method": method, "params": params}));
    }

    fn open(&mut self, uri: &str, text: &str) {
        self.notify(
            "textDocument/didOpen",
            json!({"textDocument": {"uri": uri, "languageId": "variant", "version": 1, "text": text}}),
        );
    }

    /// The next diagnostics published.
    fn diagnostics(&mut self) -> Vec<Value> {
        loop {
            let msg = if self.notifications.is_empty() {
                self.receive()
            } else {
                self.notifications.remove(0)
            };
            if msg["method"] == "textDocument/publishDiagnostics" {
                return msg["params"]["diagnostics"]
                    .as_array()
                    .expect("a list")
                    .clone();
            }
        }
    }

    /// Shuts the server down as an editor does; it must exit successfully.
    fn shut_down(mut self) {
        self.request("shutdown", json!(null));
        self.notify("exit", json!(null));
        let status = self.child.wait().expect("the server ends");
        assert!(status.success(), "{status:?}");
    }

    /// The most memory the server has used, in KiB (Linux only).
    fn peak_memory_kib(&self) -> Option<u64> {
        let status = std::fs::read_to_string(format!("/proc/{}/status", self.child.id())).ok()?;
        let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
        line.split_whitespace().nth(1)?.parse().ok()
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        if let Ok(None) = self.child.try_wait() {
            let _ = self.child.kill();
            let _ = self.child.wait();
        }
    }
}

/// Reads the server's messages until its output ends.
fn read_messages(mut stdout: BufReader<ChildStdout>, sender: &mpsc::Sender<Value>) {
    loop {
        let mut length = 0;
        loop {
            let mut line = String::new();
            if stdout.read_line(&mut line).unwrap_or(0) == 0 {
                return;
            }
            let line = line.trim_end();
            if line.is_empty() {
                break;
            }
            if let Some(n) = line.strip_prefix("Content-Length: ") {
                length = n.parse().expect("a length");
            }
        }
        let mut body = vec![0; length];
        if stdout.read_exact(&mut body).is_err() {
            return;
        }
        let msg = serde_json::from_slice(&body).expect("JSON");
        if sender.send(msg).is_err() {
            return;
        }
    }
}

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::current_dir()
        .expect("cwd")
        .join("target/lsp-test")
        .join(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("scratch directory");
    dir
}

/// The line and UTF-16 column of a byte offset (the text is ASCII).
fn pos(text: &str, offset: usize) -> Value {
    let line = text[..offset].matches('\n').count();
    let col = offset - text[..offset].rfind('\n').map_or(0, |k| k + 1);
    json!({"line": line, "character": col})
}

/// `rulebook check --format json` on a file: the first problem.
fn check_json(path: &Path) -> Value {
    let out = Command::new(env!("CARGO_BIN_EXE_rulebook"))
        .args(["check", "--format", "json"])
        .arg(path)
        .output()
        .expect("run rulebook check");
    let problems: Value = serde_json::from_slice(&out.stdout).expect("JSON");
    problems[0].clone()
}

/// The typo of `broken`: the diagnostic of `rulebook check`, at the same place.
fn typo_shown_as_check_shows_it(server: &mut Server, uri: &str, path: &Path, broken: &str) {
    server.notify(
        "textDocument/didOpen",
        json!({"textDocument": {"uri": uri, "languageId": "variant", "version": 1, "text": broken}}),
    );
    let diags = server.diagnostics();
    let expected = check_json(path);
    assert_eq!(diags.len(), 1, "{diags:?}");
    let d = &diags[0];
    let message = d["message"].as_str().expect("a message");
    assert_eq!(message.lines().next(), expected["message"].as_str());
    assert!(message.contains(&format!(
        "help: {}",
        expected["help"].as_str().expect("help")
    )));
    assert_eq!(d["code"], expected["code"]);
    let label = &expected["labels"][0];
    let (start, end) = (
        label["start"].as_u64().expect("start"),
        label["end"].as_u64().expect("end"),
    );
    assert_eq!(d["range"]["start"], pos(broken, start as usize));
    assert_eq!(d["range"]["end"], pos(broken, end as usize));
}

/// Hover on a piece: what `explain` says; on a keyword: its reference text.
fn hovers_explain_pieces_and_keywords(server: &mut Server, doc: &Value, good: &str) {
    let at = |word: &str| pos(good, good.find(word).expect("in the text") + 1);
    let hover = server.request(
        "textDocument/hover",
        json!({"textDocument": doc, "position": at("piece kheshig")}),
    );
    let shown = hover["contents"]["value"].as_str().expect("hover text");
    assert!(
        shown.starts_with("**`piece`**"),
        "the keyword's reference text: {shown}"
    );
    let hover = server.request(
        "textDocument/hover",
        json!({"textDocument": doc, "position": pos(good, good.find("piece kheshig").expect("kheshig") + 7)}),
    );
    let shown = hover["contents"]["value"].as_str().expect("hover text");
    assert!(
        shown.starts_with("```text\nkheshig (white H, black h)"),
        "{shown}"
    );

    // Hover on a keyword: its reference text.
    let hover = server.request(
        "textDocument/hover",
        json!({"textDocument": doc, "position": at("campmate")}),
    );
    assert!(
        hover["contents"]["value"]
            .as_str()
            .expect("text")
            .contains("campmate")
    );
}

/// `pawn` (in `replace promotion pawn`): its definition in the bundled chess, opened as a
/// read-only file, and its references here and in chess.
fn pawn_leads_to_its_definition_and_references(
    server: &mut Server,
    doc: &Value,
    uri: &str,
    good: &str,
) {
    let pawn = good.find("promotion pawn").expect("promotion") + "promotion ".len();
    let defs = server.request(
        "textDocument/definition",
        json!({"textDocument": doc, "position": pos(good, pawn + 1)}),
    );
    let def = &defs[0];
    let target = def["uri"].as_str().expect("a uri");
    assert!(target.ends_with("/chess.variant"), "{target}");
    let chess_path = target.strip_prefix("file://").expect("a file");
    let chess = std::fs::read_to_string(chess_path).expect("the materialised parent");
    assert!(
        std::fs::metadata(chess_path)
            .expect("meta")
            .permissions()
            .readonly()
    );
    let line = def["range"]["start"]["line"].as_u64().expect("line") as usize;
    assert!(
        chess
            .lines()
            .nth(line)
            .expect("line")
            .starts_with("piece pawn")
    );

    // References of `pawn`: here and in chess.
    let refs = server.request(
        "textDocument/references",
        json!({"textDocument": doc, "position": pos(good, pawn + 1), "context": {"includeDeclaration": true}}),
    );
    let refs = refs.as_array().expect("a list");
    assert!(
        refs.iter().any(|r| r["uri"] == json!(uri)) && refs.len() > 3,
        "{refs:?}"
    );
}

/// Completion after `to `: the pieces in scope, the parent's included; symbols: the pieces and
/// the rules.
fn completion_and_symbols_name_the_pieces(server: &mut Server, doc: &Value, good: &str) {
    let to = good.find("to queen kheshig").expect("to") + 3;
    let items = server.request(
        "textDocument/completion",
        json!({"textDocument": doc, "position": pos(good, to)}),
    );
    let labels: Vec<&str> = items
        .as_array()
        .expect("a list")
        .iter()
        .filter_map(|i| i["label"].as_str())
        .collect();
    for piece in ["queen", "knight", "kheshig", "lancer"] {
        assert!(labels.contains(&piece), "{piece} not in {labels:?}");
    }

    // Symbols: the pieces, the rules.
    let symbols = server.request("textDocument/documentSymbol", json!({"textDocument": doc}));
    let names: Vec<&str> = symbols
        .as_array()
        .expect("a list")
        .iter()
        .filter_map(|s| s["name"].as_str())
        .collect();
    assert!(
        names.contains(&"piece lancer") && names.contains(&"end"),
        "{names:?}"
    );
}

#[test]
fn an_editor_session_over_stdio() {
    let dir = scratch("session");
    let good = std::fs::read_to_string("variants/orda.variant").expect("orda");
    let broken = good.replacen("to queen kheshig", "to queen kheshog", 1);
    assert_ne!(good, broken);
    let path = dir.join("orda-copy.variant");
    std::fs::write(&path, &broken).expect("write");
    let uri = format!("file://{}", path.display());

    let mut server = Server::start(&dir.join("cache"));
    let init = server.request(
        "initialize",
        json!({"processId": null, "rootUri": null, "capabilities": {}}),
    );
    assert_eq!(init["capabilities"]["hoverProvider"], json!(true));
    server.notify("initialized", json!({}));

    typo_shown_as_check_shows_it(&mut server, &uri, &path, &broken);
    // Fixed: no diagnostic.
    server.notify(
        "textDocument/didChange",
        json!({"textDocument": {"uri": uri, "version": 2}, "contentChanges": [{"text": good}]}),
    );
    assert_eq!(server.diagnostics(), Vec::<Value>::new());

    let doc = json!({"uri": uri});
    hovers_explain_pieces_and_keywords(&mut server, &doc, &good);
    pawn_leads_to_its_definition_and_references(&mut server, &doc, &uri, &good);
    completion_and_symbols_name_the_pieces(&mut server, &doc, &good);

    // Formatting: a messy line comes back in the canonical layout.
    let messy = good.replace("letters - l\n", "letters   -   l\n");
    server.notify(
        "textDocument/didChange",
        json!({"textDocument": {"uri": uri, "version": 3}, "contentChanges": [{"text": messy}]}),
    );
    assert_eq!(server.diagnostics(), Vec::<Value>::new());
    let edits = server.request(
        "textDocument/formatting",
        json!({"textDocument": doc, "options": {"tabSize": 2, "insertSpaces": true}}),
    );
    let new_text = edits[0]["newText"].as_str().expect("an edit");
    assert!(new_text.contains("  letters - l\n"), "{new_text}");

    server.request("shutdown", json!(null));
    server.notify("exit", json!(null));
    let status = server.child.wait().expect("the server ends");
    assert!(status.success());
}

#[test]
fn completion_after_extends_offers_the_bundled_variants() {
    let dir = scratch("extends");
    let path = dir.join("new.variant");
    let text = "variant new extends ch";
    let uri = format!("file://{}", path.display());
    let mut server = Server::start(&dir.join("cache"));
    server.request("initialize", json!({"capabilities": {}}));
    server.notify("initialized", json!({}));
    server.notify(
        "textDocument/didOpen",
        json!({"textDocument": {"uri": uri, "languageId": "variant", "version": 1, "text": text}}),
    );
    let items = server.request(
        "textDocument/completion",
        json!({"textDocument": {"uri": uri}, "position": pos(text, text.len())}),
    );
    let labels: Vec<&str> = items
        .as_array()
        .expect("a list")
        .iter()
        .filter_map(|i| i["label"].as_str())
        .collect();
    assert!(
        labels.contains(&"chess") && labels.contains(&"orda"),
        "{labels:?}"
    );
    server.request("shutdown", json!(null));
    server.notify("exit", json!(null));
    assert!(server.child.wait().expect("ends").success());
}

#[test]
fn completion_after_catalog_offers_the_catalogues_and_hover_explains_them() {
    let dir = scratch("catalog");
    let path = dir.join("new.variant");
    let text = "variant new extends chess\ncatalog vchess";
    let uri = format!("file://{}", path.display());
    let mut server = Server::start(&dir.join("cache"));
    server.request("initialize", json!({"capabilities": {}}));
    server.notify("initialized", json!({}));
    server.notify(
        "textDocument/didOpen",
        json!({"textDocument": {"uri": uri, "languageId": "variant", "version": 1, "text": text}}),
    );
    let items = server.request(
        "textDocument/completion",
        json!({"textDocument": {"uri": uri}, "position": pos(text, text.len())}),
    );
    let mut labels: Vec<&str> = items
        .as_array()
        .expect("a list")
        .iter()
        .filter_map(|i| i["label"].as_str())
        .collect();
    labels.sort_unstable();
    assert_eq!(labels, ["fairy-stockfish", "vchess"]);
    let hover = server.request(
        "textDocument/hover",
        json!({"textDocument": {"uri": uri}, "position": pos(text, text.find("catalog").unwrap() + 2)}),
    );
    let shown = hover["contents"]["value"].as_str().expect("a hover text");
    assert!(
        shown.contains("`catalog`") && shown.contains("outside catalogue"),
        "{shown}"
    );
    let hover = server.request(
        "textDocument/hover",
        json!({"textDocument": {"uri": uri}, "position": pos(text, text.len() - 1)}),
    );
    let shown = hover["contents"]["value"].as_str().expect("a hover text");
    assert!(shown.contains("class name"), "{shown}");
    server.request("shutdown", json!(null));
    server.notify("exit", json!(null));
    assert!(server.child.wait().expect("ends").success());
}

/// The LSP position of a byte offset, counting UTF-16 code units as LSP does.
fn utf16_pos(text: &str, offset: usize) -> Value {
    let line = text[..offset].matches('\n').count();
    let start = text[..offset].rfind('\n').map_or(0, |k| k + 1);
    let col = text[start..offset].encode_utf16().count();
    json!({"line": line, "character": col})
}

#[test]
fn hover_and_completion_after_non_ascii_text_are_answered() {
    let dir = scratch("non-ascii");
    let mut server = Server::initialized(&dir.join("cache"));
    let uri = format!("file://{}", dir.join("x.variant").display());
    let text = "variant x extends chess # é";
    server.open(&uri, text);
    let doc = json!({"uri": uri});
    for character in 20..32 {
        let at = json!({"line": 0, "character": character});
        server.request(
            "textDocument/hover",
            json!({"textDocument": doc, "position": at}),
        );
        server.request(
            "textDocument/completion",
            json!({"textDocument": doc, "position": at}),
        );
    }

    // Every position of the bundled variants' lines that are not ASCII (names of people in
    // comments), in UTF-16 units and one past the end.
    for name in ["janus", "wolf"] {
        let text = std::fs::read_to_string(format!("variants/{name}.variant")).expect("variant");
        let uri = format!("file://{}", dir.join(format!("{name}.variant")).display());
        server.open(&uri, &text);
        let doc = json!({"uri": uri});
        for (line, content) in text.lines().enumerate().filter(|(_, l)| !l.is_ascii()) {
            for character in 0..=content.encode_utf16().count() + 1 {
                let at = json!({"line": line, "character": character});
                server.request(
                    "textDocument/hover",
                    json!({"textDocument": doc, "position": at}),
                );
                server.request(
                    "textDocument/definition",
                    json!({"textDocument": doc, "position": at}),
                );
            }
        }
    }
    server.shut_down();
}

#[test]
fn positions_count_utf16_code_units() {
    let dir = scratch("utf16");
    let mut server = Server::initialized(&dir.join("cache"));
    let uri = format!("file://{}", dir.join("x.variant").display());
    // 😀 is 4 bytes and 2 UTF-16 units, é 2 bytes and 1 unit.
    let text = "variant x \"😀é\" extends chess\nregion camp rank 8 # 😀\nregion base camp\n";
    server.open(&uri, text);
    let doc = json!({"uri": uri});
    let extends = text.find("extends").expect("extends");
    let hover = server.request(
        "textDocument/hover",
        json!({"textDocument": doc, "position": utf16_pos(text, extends + 2)}),
    );
    assert_eq!(hover["range"]["start"], utf16_pos(text, extends), "{hover}");
    assert_eq!(
        hover["range"]["end"],
        utf16_pos(text, extends + "extends".len())
    );
    let use_of_camp = text.rfind("camp").expect("camp");
    let defs = server.request(
        "textDocument/definition",
        json!({"textDocument": doc, "position": utf16_pos(text, use_of_camp + 1)}),
    );
    let def = text.find("camp").expect("camp");
    assert_eq!(defs[0]["range"]["start"], utf16_pos(text, def), "{defs}");
    // The middle of the surrogate pair, and far past the end of a line.
    for at in [
        json!({"line": 0, "character": 12}),
        json!({"line": 1, "character": 999}),
    ] {
        server.request(
            "textDocument/hover",
            json!({"textDocument": doc, "position": at}),
        );
        server.request(
            "textDocument/completion",
            json!({"textDocument": doc, "position": at}),
        );
    }
    server.shut_down();
}

#[test]
fn document_symbols_of_a_long_document_answer_in_bounded_time() {
    let dir = scratch("long");
    let mut server = Server::initialized(&dir.join("cache"));
    let uri = format!("file://{}", dir.join("long.variant").display());
    let name = |mut k: usize| -> String {
        (0..4)
            .map(|_| {
                let c = char::from(b'a' + (k % 26) as u8);
                k /= 26;
                c
            })
            .collect()
    };
    let mut text = String::from("variant long extends chess\n");
    for k in 0..50_000 {
        text.push_str(&format!("region {} rank 8\n", name(k)));
    }
    assert!(
        text.len() < 1 << 20,
        "under the 1 MiB limit: {}",
        text.len()
    );
    server.open(&uri, &text);
    server.diagnostics();
    let started = Instant::now();
    let symbols = server.request(
        "textDocument/documentSymbol",
        json!({"textDocument": {"uri": uri}}),
    );
    let took = started.elapsed();
    let symbols = symbols.as_array().expect("a list");
    assert_eq!(symbols.len(), 50_000);
    assert_eq!(symbols[49_999]["range"]["start"]["line"], json!(50_000));
    // Quadratic, it took 19 s in a release build for 20,000 lines, minutes in a debug build;
    // linear, 8 s in a debug build on a loaded machine.
    assert!(took < Duration::from_secs(60), "{took:?}");
    let refs = server.request(
        "textDocument/references",
        json!({"textDocument": {"uri": uri}, "position": {"line": 1, "character": 8}, "context": {"includeDeclaration": true}}),
    );
    assert_eq!(refs.as_array().map(Vec::len), Some(1));
    server.shut_down();
}

/// A document that extends `parent`, in `dir`, opened; the server still answers.
fn open_child_of(server: &mut Server, dir: &Path, parent: &str) -> String {
    let uri = format!("file://{}", dir.join("child.variant").display());
    let text = format!("variant child extends {parent}\nregion camp rank 8\n");
    server.open(&uri, &text);
    let diags = server.diagnostics();
    let doc = json!({"uri": uri});
    let at = utf16_pos(&text, text.find(parent).expect("parent") + 1);
    server.request(
        "textDocument/hover",
        json!({"textDocument": doc, "position": at}),
    );
    server.request(
        "textDocument/definition",
        json!({"textDocument": doc, "position": at}),
    );
    server.request("textDocument/documentSymbol", json!({"textDocument": doc}));
    diags
        .iter()
        .filter_map(|d| d["message"].as_str())
        .collect::<Vec<_>>()
        .join("\n")
}

#[cfg(unix)]
#[test]
fn a_parent_that_is_a_fifo_is_refused_not_waited_for() {
    let dir = scratch("fifo");
    let made = Command::new("mkfifo")
        .arg(dir.join("ff.variant"))
        .status()
        .expect("mkfifo");
    assert!(made.success());
    let mut server = Server::initialized(&dir.join("cache"));
    let messages = open_child_of(&mut server, &dir, "ff");
    assert!(messages.contains("a FIFO"), "{messages}");
    server.shut_down();
}

#[cfg(unix)]
#[test]
fn a_parent_linked_to_a_device_is_refused_not_read() {
    let dir = scratch("device");
    std::os::unix::fs::symlink("/dev/zero", dir.join("zz.variant")).expect("symlink");
    let mut server = Server::initialized(&dir.join("cache"));
    let messages = open_child_of(&mut server, &dir, "zz");
    assert!(messages.contains("a device"), "{messages}");
    if let Some(kib) = server.peak_memory_kib() {
        assert!(kib < 200 << 10, "the server grew to {kib} KiB");
    }
    server.shut_down();
}

#[test]
fn an_oversized_message_is_refused_without_being_allocated() {
    let dir = scratch("oversized");
    let mut server = Server::initialized(&dir.join("cache"));
    for length in ["3000000000", "1099511627776", "99999999999999999999999"] {
        server.send_raw(format!("Content-Length: {length}\r\n\r\n").as_bytes());
        let refusal = server.response();
        assert_eq!(refusal["id"], json!(null), "{refusal}");
        assert_eq!(refusal["error"]["code"], json!(-32600), "{refusal}");
        let message = refusal["error"]["message"].as_str().expect("a message");
        assert!(message.contains("8 MiB"), "{message}");
        if let Some(kib) = server.peak_memory_kib() {
            assert!(kib < 200 << 10, "the server grew to {kib} KiB");
        }
        // The body it announced is skipped, however much arrives; here none does, so it is the
        // last message the server reads.
        drop(server);
        server = Server::initialized(&dir.join("cache"));
    }
    // A header without a length, and a header line too long to be one.
    server.send_raw(b"Content-Type: x\r\n\r\n");
    assert_eq!(server.response()["error"]["code"], json!(-32700));
    server.send_raw(&[b'X'; 100_000]);
    server.send_raw(b"\r\n\r\n");
    assert_eq!(server.response()["error"]["code"], json!(-32700));
    server.request("textDocument/hover", json!({"textDocument": {"uri": "file:///x.variant"}, "position": {"line": 0, "character": 0}}));
    server.shut_down();
}

#[test]
fn malformed_json_gets_a_parse_error_and_the_server_goes_on() {
    let dir = scratch("malformed");
    let mut server = Server::initialized(&dir.join("cache"));
    for body in [
        "{oops",
        "\u{feff}",
        "[1, 2",
        "{\"jsonrpc\": \"2.0\", \"id\": 7, \"method\": ",
    ] {
        server.send_raw(format!("Content-Length: {}\r\n\r\n{body}", body.len()).as_bytes());
        let error = server.response();
        assert_eq!(error["id"], json!(null), "{error}");
        assert_eq!(error["error"]["code"], json!(-32700), "{error}");
    }
    // Bytes that are not UTF-8.
    server.send_raw(b"Content-Length: 3\r\n\r\n\xff\xfe\xfd");
    assert_eq!(server.response()["error"]["code"], json!(-32700));
    // JSON that is no request: an invalid request, with its id when it has one.
    for (body, id) in [
        ("[]", json!(null)),
        ("{\"id\": 9}", json!(9)),
        ("{\"id\": 4, \"method\": 5}", json!(4)),
    ] {
        server.send_raw(format!("Content-Length: {}\r\n\r\n{body}", body.len()).as_bytes());
        let error = server.response();
        assert_eq!(error["id"], id, "{error}");
        assert_eq!(error["error"]["code"], json!(-32600), "{error}");
    }
    let uri = format!("file://{}", dir.join("x.variant").display());
    server.open(&uri, "variant x extends chess\n");
    assert_eq!(server.diagnostics(), Vec::<Value>::new());
    server.shut_down();
}

#[test]
fn a_request_with_bad_parameters_gets_invalid_params_not_method_not_found() {
    let dir = scratch("bad-params");
    let mut server = Server::initialized(&dir.join("cache"));
    let error = server
        .call("textDocument/hover", json!(42))
        .expect_err("42 is no hover's parameters");
    assert_eq!(error["code"], json!(-32602), "{error}");
    let error = server
        .call("textDocument/nonsense", json!({}))
        .expect_err("no such method");
    assert_eq!(error["code"], json!(-32601), "{error}");
    server.shut_down();
}

/// The directory of the cached copies of the bundled variants under a cache directory.
fn bundled_cache(cache: &Path) -> PathBuf {
    cache
        .join("rulebook")
        .join(format!("bundled-{}", env!("CARGO_PKG_VERSION")))
}

#[cfg(unix)]
#[test]
fn a_link_planted_in_the_cache_is_not_followed() {
    use std::os::unix::fs::PermissionsExt;
    let dir = scratch("planted");
    let cache = dir.join("cache");
    let bundled = bundled_cache(&cache);
    std::fs::create_dir_all(&bundled).expect("cache");
    std::fs::set_permissions(&bundled, std::fs::Permissions::from_mode(0o700)).expect("chmod");
    let victim = dir.join("victim.txt");
    std::fs::write(&victim, "mine\n").expect("victim");
    std::os::unix::fs::symlink(&victim, bundled.join("chess.variant")).expect("symlink");

    let mut server = Server::initialized(&cache);
    open_child_of(&mut server, &dir, "chess");
    server.shut_down();
    assert_eq!(std::fs::read_to_string(&victim).expect("victim"), "mine\n");
    assert!(
        !std::fs::metadata(&victim)
            .expect("victim")
            .permissions()
            .readonly()
    );
    let cached = std::fs::symlink_metadata(bundled.join("chess.variant")).expect("cached");
    assert!(
        cached.is_file(),
        "the link is replaced by the copy: {cached:?}"
    );
}

#[cfg(unix)]
#[test]
fn the_cache_is_private_and_never_in_the_temporary_directory() {
    use std::os::unix::fs::PermissionsExt;
    let dir = scratch("no-home");
    let tmp = dir.join("tmp");
    std::fs::create_dir_all(&tmp).expect("tmp");
    let mut command = Command::new(env!("CARGO_BIN_EXE_rulebook"));
    command
        .env_remove("HOME")
        .env_remove("XDG_CACHE_HOME")
        .env("TMPDIR", &tmp);
    let mut server = Server::start_with(command);
    server.request("initialize", json!({"capabilities": {}}));
    server.notify("initialized", json!({}));
    open_child_of(&mut server, &dir, "chess");
    server.shut_down();
    assert_eq!(
        std::fs::read_dir(&tmp).expect("tmp").count(),
        0,
        "nothing cached in TMPDIR"
    );

    // With a home, the cache is made for its owner only.
    let home = dir.join("home");
    let mut command = Command::new(env!("CARGO_BIN_EXE_rulebook"));
    command.env("HOME", &home).env_remove("XDG_CACHE_HOME");
    let mut server = Server::start_with(command);
    server.request("initialize", json!({"capabilities": {}}));
    server.notify("initialized", json!({}));
    open_child_of(&mut server, &dir, "chess");
    server.shut_down();
    let bundled = bundled_cache(&home.join(".cache"));
    for d in [bundled.as_path(), bundled.parent().expect("rulebook")] {
        let mode = std::fs::metadata(d)
            .expect("cache dir")
            .permissions()
            .mode();
        assert_eq!(mode & 0o777, 0o700, "{}", d.display());
    }
    assert!(bundled.join("chess.variant").is_file());
}

#[test]
fn a_document_over_the_file_limit_gets_only_the_diagnostic_saying_so() {
    let dir = scratch("too-large");
    let mut server = Server::initialized(&dir.join("cache"));
    let uri = format!("file://{}", dir.join("big.variant").display());
    let text = format!(
        "variant big extends chess\n{}",
        "# padding\n".repeat(120_000)
    );
    assert!(text.len() > 1 << 20);
    server.open(&uri, &text);
    let diags = server.diagnostics();
    assert_eq!(diags.len(), 1, "{diags:?}");
    assert!(
        diags[0]["message"]
            .as_str()
            .expect("a message")
            .contains("1 MiB")
    );
    let doc = json!({"uri": uri});
    let end = json!({"line": 120_001, "character": 0});
    let items = server.request(
        "textDocument/completion",
        json!({"textDocument": doc, "position": end}),
    );
    assert_eq!(items, json!([]));
    let symbols = server.request("textDocument/documentSymbol", json!({"textDocument": doc}));
    assert_eq!(symbols, json!([]));
    server.shut_down();
}

#[test]
fn completion_in_a_turn_block_offers_its_lines() {
    let dir = scratch("turn");
    let path = dir.join("new.variant");
    let text = "variant new extends chess\n\nturn {\n  moves 2\n  ";
    let uri = format!("file://{}", path.display());
    let mut server = Server::start(&dir.join("cache"));
    server.request("initialize", json!({"capabilities": {}}));
    server.notify("initialized", json!({}));
    server.notify(
        "textDocument/didOpen",
        json!({"textDocument": {"uri": uri, "languageId": "variant", "version": 1, "text": text}}),
    );
    let items = server.request(
        "textDocument/completion",
        json!({"textDocument": {"uri": uri}, "position": pos(text, text.len())}),
    );
    let labels: Vec<&str> = items
        .as_array()
        .expect("a list")
        .iter()
        .filter_map(|i| i["label"].as_str())
        .collect();
    for word in ["moves", "first", "until"] {
        assert!(labels.contains(&word), "{word}: {labels:?}");
    }
    let hover = server.request(
        "textDocument/hover",
        json!({"textDocument": {"uri": uri}, "position": pos(text, text.find("turn").expect("turn") + 1)}),
    );
    assert!(hover.to_string().contains("several moves"), "{hover}");
    server.request("shutdown", json!(null));
    server.notify("exit", json!(null));
    assert!(server.child.wait().expect("ends").success());
}

/// In an end block the completion offers `connect` and `collinear`; after `along`, the lines.
#[test]
fn completion_offers_connect_and_its_lines() {
    let dir = scratch("connect");
    let path = dir.join("new.variant");
    let mut server = Server::start(&dir.join("cache"));
    server.request("initialize", json!({"capabilities": {}}));
    server.notify("initialized", json!({}));
    let labels_at_end = |server: &mut Server, text: &str, version: i64| -> Vec<String> {
        let uri = format!("file://{}", path.display());
        server.notify(
            "textDocument/didOpen",
            json!({"textDocument": {"uri": uri, "languageId": "variant", "version": version, "text": text}}),
        );
        let items = server.request(
            "textDocument/completion",
            json!({"textDocument": {"uri": uri}, "position": pos(text, text.len())}),
        );
        items
            .as_array()
            .expect("a list")
            .iter()
            .filter_map(|i| i["label"].as_str().map(str::to_string))
            .collect()
    };
    let labels = labels_at_end(
        &mut server,
        "variant new extends tictactoe\nreplace end {\n  ",
        1,
    );
    for k in ["connect", "collinear", "stalemate"] {
        assert!(labels.iter().any(|l| l == k), "{k} not in {labels:?}");
    }
    let labels = labels_at_end(
        &mut server,
        "variant new extends tictactoe\nreplace end {\n  connect 3 along ",
        2,
    );
    for k in ["files", "ranks", "diagonals"] {
        assert!(labels.iter().any(|l| l == k), "{k} not in {labels:?}");
    }
    server.request("shutdown", json!(null));
    server.notify("exit", json!(null));
    assert!(server.child.wait().expect("ends").success());
}

/// Completion offers `friends` after a top-level `capture`, and, in an effect, `send` among the
/// actions and `within` after its origin; hovering `friends` says what it allows.
#[test]
fn completion_offers_capture_friends_send_and_within() {
    let dir = scratch("friends");
    let path = dir.join("new.variant");
    let uri = format!("file://{}", path.display());
    let mut server = Server::start(&dir.join("cache"));
    server.request("initialize", json!({"capabilities": {}}));
    server.notify("initialized", json!({}));
    let mut labels_at_end = |text: &str, version: i64| -> Vec<String> {
        server.notify(
            "textDocument/didOpen",
            json!({"textDocument": {"uri": uri, "languageId": "variant", "version": version, "text": text}}),
        );
        let items = server.request(
            "textDocument/completion",
            json!({"textDocument": {"uri": uri}, "position": pos(text, text.len())}),
        );
        items
            .as_array()
            .expect("a list")
            .iter()
            .filter_map(|i| i["label"].as_str().map(String::from))
            .collect()
    };
    let labels = labels_at_end("variant new extends chess\n\ncapture ", 1);
    assert!(labels.iter().any(|l| l == "friends"), "{labels:?}");
    let labels = labels_at_end("variant new extends chess\n\neffect e {\n  from moved ", 2);
    assert!(labels.iter().any(|l| l == "within"), "{labels:?}");
    let labels = labels_at_end(
        "variant new extends chess\n\neffect e {\n  from capture\n  finally ",
        3,
    );
    assert!(labels.iter().any(|l| l == "send"), "{labels:?}");
    let text = "variant new extends chess\n\ncapture friends\n";
    server.notify(
        "textDocument/didOpen",
        json!({"textDocument": {"uri": uri, "languageId": "variant", "version": 4, "text": text}}),
    );
    let hover = server.request(
        "textDocument/hover",
        json!({"textDocument": {"uri": uri}, "position": pos(text, text.find("friends").expect("friends") + 1)}),
    );
    assert!(hover.to_string().contains("own side"), "{hover}");
    server.request("shutdown", json!(null));
    server.notify("exit", json!(null));
    assert!(server.child.wait().expect("ends").success());
}

#[test]
fn completion_after_a_board_offers_wrap_and_hover_explains_it() {
    let dir = scratch("wrap");
    let path = dir.join("new.variant");
    let text = "variant new extends chess\nboard 8 x 8 wrap files\nboard 8 x 8 wrap ";
    let uri = format!("file://{}", path.display());
    let mut server = Server::start(&dir.join("cache"));
    server.request("initialize", json!({"capabilities": {}}));
    server.notify("initialized", json!({}));
    server.notify(
        "textDocument/didOpen",
        json!({"textDocument": {"uri": uri, "languageId": "variant", "version": 1, "text": text}}),
    );
    let labels_at = |server: &mut Server, at: usize| -> Vec<String> {
        let items = server.request(
            "textDocument/completion",
            json!({"textDocument": {"uri": uri}, "position": pos(text, at)}),
        );
        items
            .as_array()
            .expect("a list")
            .iter()
            .filter_map(|i| i["label"].as_str().map(String::from))
            .collect()
    };
    let after_size = text.find("wrap").unwrap();
    assert!(labels_at(&mut server, after_size).contains(&"wrap".to_string()));
    let axes = labels_at(&mut server, text.len());
    assert!(
        axes.contains(&"files".to_string()) && axes.contains(&"ranks".to_string()),
        "{axes:?}"
    );
    let hover = server.request(
        "textDocument/hover",
        json!({"textDocument": {"uri": uri}, "position": pos(text, after_size + 1)}),
    );
    let shown = hover["contents"]["value"].as_str().expect("a hover text");
    assert!(shown.contains("the last file next to the first"), "{shown}");
    server.request("shutdown", json!(null));
    server.notify("exit", json!(null));
    assert!(server.child.wait().expect("ends").success());
}

/// In an effect the completion offers the `enclosed` scan, the `flip` action and `required`.
#[test]
fn completion_offers_the_change_of_side() {
    let dir = scratch("flip");
    let path = dir.join("new.variant");
    let mut server = Server::start(&dir.join("cache"));
    server.request("initialize", json!({"capabilities": {}}));
    server.notify("initialized", json!({}));
    let labels_at_end = |server: &mut Server, text: &str, version: i64| -> Vec<String> {
        let uri = format!("file://{}", path.display());
        server.notify(
            "textDocument/didOpen",
            json!({"textDocument": {"uri": uri, "languageId": "variant", "version": version, "text": text}}),
        );
        let items = server.request(
            "textDocument/completion",
            json!({"textDocument": {"uri": uri}, "position": pos(text, text.len())}),
        );
        items
            .as_array()
            .expect("a list")
            .iter()
            .filter_map(|i| i["label"].as_str().map(str::to_string))
            .collect()
    };
    let text = "variant new extends flipello\nreplace effect enclosure {\n  from moved\n  ";
    let labels = labels_at_end(&mut server, text, 1);
    assert!(labels.iter().any(|l| l == "enclosed"), "{labels:?}");
    let text = "variant new extends flipello\nreplace effect enclosure {\n  from moved\n  enclosed (1,0)\n  when target.side == enemy: ";
    let labels = labels_at_end(&mut server, text, 2);
    assert!(labels.iter().any(|l| l == "flip"), "{labels:?}");
    server.request("shutdown", json!(null));
    server.notify("exit", json!(null));
    assert!(server.child.wait().expect("ends").success());
}
