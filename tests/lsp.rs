//! `rulebook lsp` driven over stdio as an editor drives it: initialize, open a copy of Orda
//! with a misspelt piece name (the diagnostic is `rulebook check`'s, at the same place), fix
//! it (the diagnostics clear), hover on a piece, go to a definition in the bundled chess
//! parent, complete, format, shut down.

use std::io::{BufRead, BufReader, Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};

use serde_json::{Value, json};

/// The server, and the messages it sent that no request asked for.
struct Server {
    child: Child,
    stdin: ChildStdin,
    stdout: BufReader<ChildStdout>,
    next_id: i64,
    notifications: Vec<Value>,
}

impl Server {
    fn start(cache: &Path) -> Server {
        let mut child = Command::new(env!("CARGO_BIN_EXE_rulebook"))
            .arg("lsp")
            .env("XDG_CACHE_HOME", cache)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("run rulebook lsp");
        let stdin = child.stdin.take().expect("stdin");
        let stdout = BufReader::new(child.stdout.take().expect("stdout"));
        Server {
            child,
            stdin,
            stdout,
            next_id: 1,
            notifications: vec![],
        }
    }

    fn send(&mut self, msg: Value) {
        let body = msg.to_string();
        write!(self.stdin, "Content-Length: {}\r\n\r\n{body}", body.len()).expect("write");
        self.stdin.flush().expect("flush");
    }

    fn receive(&mut self) -> Value {
        let mut length = 0;
        loop {
            let mut line = String::new();
            self.stdout.read_line(&mut line).expect("read a header");
            assert!(!line.is_empty(), "the server closed its output");
            let line = line.trim_end();
            if line.is_empty() {
                break;
            }
            if let Some(n) = line.strip_prefix("Content-Length: ") {
                length = n.parse().expect("a length");
            }
        }
        let mut body = vec![0; length];
        self.stdout.read_exact(&mut body).expect("read a body");
        serde_json::from_slice(&body).expect("JSON")
    }

    fn request(&mut self, method: &str, params: Value) -> Value {
        let id = self.next_id;
        self.next_id += 1;
        self.send(json!({"jsonrpc": "2.0", "id": id, "method": method, "params": params}));
        loop {
            let msg = self.receive();
            if msg["id"] == json!(id) {
                assert!(msg.get("error").is_none(), "{method}: {msg}");
                return msg["result"].clone();
            }
            self.notifications.push(msg);
        }
    }

    fn notify(&mut self, method: &str, params: Value) {
        self.send(json!({"jsonrpc": "2.0", "method": method, "params": params}));
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
