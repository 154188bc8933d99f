//! LSP messages on a byte stream, read within limits: headers (`Content-Length: N`), a blank
//! line, then N bytes of JSON. lsp-server's own reader allocates whatever length a header
//! announces and stops at the first message that is not JSON; this one refuses a message over
//! [`MAX_MESSAGE`] without reading it into memory, answers what is not a message with a
//! JSON-RPC error, and goes on with the next message.

use std::io::{self, BufRead, Read, Write};
use std::thread::JoinHandle;

use lsp_server::{Connection, Message, Notification, Request, Response};
use serde_json::{Value, json};

use crate::files::size_text;

/// The largest message the server reads: 8 MiB, room for a 1 MiB document (the most a variant
/// file may be) even with every byte escaped in JSON.
pub const MAX_MESSAGE: u64 = 8 << 20;
/// The longest header line the server reads (`Content-Length: 8388608` takes 24 bytes).
const MAX_HEADER_LINE: usize = 1024;

/// JSON-RPC's code for a message that is not JSON.
pub const PARSE_ERROR: i32 = -32700;
/// JSON-RPC's code for JSON that is no request, response or notification.
pub const INVALID_REQUEST: i32 = -32600;

/// What arrives: a message for the server, or the error to answer a refused one with.
#[derive(Debug)]
pub enum Incoming {
    /// A request, response or notification.
    Message(Message),
    /// A refused message: the JSON-RPC error response to send back.
    Refused(Value),
}

/// Reads messages from a byte stream.
pub struct Reader<R> {
    input: R,
    /// The bytes of a refused message still to skip before the next headers.
    skip: u64,
}

impl<R: BufRead> Reader<R> {
    /// A reader of the messages of `input`.
    pub fn new(input: R) -> Reader<R> {
        Reader { input, skip: 0 }
    }

    /// The next message, or the answer to a refused one; `None` at the end of the input.
    pub fn next_incoming(&mut self) -> io::Result<Option<Incoming>> {
        let skipped = io::copy(&mut (&mut self.input).take(self.skip), &mut io::sink())?;
        if skipped < self.skip {
            return Ok(None);
        }
        self.skip = 0;
        let length = match self.headers()? {
            None => return Ok(None),
            Some(Err(why)) => {
                return Ok(Some(Incoming::Refused(error(
                    Value::Null,
                    PARSE_ERROR,
                    &why,
                ))));
            }
            Some(Ok(length)) => length,
        };
        if length > MAX_MESSAGE {
            self.skip = length;
            let why = format!(
                "the message is {length} bytes, more than {}, the most rulebook reads; it is skipped",
                size_text(MAX_MESSAGE)
            );
            return Ok(Some(Incoming::Refused(error(
                Value::Null,
                INVALID_REQUEST,
                &why,
            ))));
        }
        let mut body = Vec::with_capacity(length as usize);
        (&mut self.input).take(length).read_to_end(&mut body)?;
        if (body.len() as u64) < length {
            return Ok(None);
        }
        Ok(Some(parse(&body)))
    }

    /// Reads a block of headers: the announced length, or why the block is no header; `None`
    /// at the end of the input. Blank lines before the headers are skipped.
    fn headers(&mut self) -> io::Result<Option<Result<u64, String>>> {
        let mut length = None;
        let mut problem = None;
        let mut lines = 0;
        loop {
            let Some((line, mut whole)) = self.line()? else {
                return Ok(None);
            };
            let line = String::from_utf8_lossy(&line);
            let mut line = line.trim_end_matches(['\r', '\n']);
            if let Some(at) = restart(line) {
                // The body of a message whose headers were refused, glued to the next
                // message's headers: they start here.
                line = &line[at..];
                (length, problem, lines, whole) = (None, None, 0, true);
            }
            if line.is_empty() {
                if lines == 0 {
                    continue;
                }
                break;
            }
            lines += 1;
            if problem.is_some() {
                continue;
            }
            if !whole {
                problem = Some(format!(
                    "a header line is longer than {MAX_HEADER_LINE} bytes"
                ));
                continue;
            }
            match header_length(line) {
                Ok(Some(n)) => length = Some(n),
                Ok(None) => {}
                Err(why) => problem = Some(why),
            }
        }
        Ok(Some(match (problem, length) {
            (Some(why), _) => Err(why),
            (None, Some(n)) => Ok(n),
            (None, None) => Err("the headers have no Content-Length".to_string()),
        }))
    }

    /// The next line, at most its last [`MAX_HEADER_LINE`] bytes kept, and whether it was
    /// kept whole; `None` at the end of the input.
    fn line(&mut self) -> io::Result<Option<(Vec<u8>, bool)>> {
        let mut line = vec![];
        let mut whole = true;
        loop {
            let buf = match self.input.fill_buf() {
                Ok(buf) => buf,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(e),
            };
            if buf.is_empty() {
                return Ok(None);
            }
            let (taken, ends) = match buf.iter().position(|b| *b == b'\n') {
                Some(k) => (k + 1, true),
                None => (buf.len(), false),
            };
            // The end of a long line is kept: a refused message's body may run on into the
            // next message's headers.
            let kept = taken.min(MAX_HEADER_LINE);
            line.extend_from_slice(&buf[taken - kept..taken]);
            if line.len() > MAX_HEADER_LINE {
                line.drain(..line.len() - MAX_HEADER_LINE);
                whole = false;
            }
            whole &= kept == taken;
            self.input.consume(taken);
            if ends {
                return Ok(Some((line, whole)));
            }
        }
    }
}

/// Where a `Content-Length` header starts inside a line, after other text: a line that is no
/// header there is the unread body of a refused message, and the next headers follow it.
fn restart(line: &str) -> Option<usize> {
    const NAME: &str = "content-length:";
    let at = line.to_ascii_lowercase().rfind(NAME)?;
    (at > 0).then_some(at)
}

/// The length a header line announces: `Some` for `Content-Length`, `None` for another header.
fn header_length(line: &str) -> Result<Option<u64>, String> {
    let Some((name, value)) = line.split_once(':') else {
        return Err(format!("`{}` is no header (`Name: value`)", shorten(line)));
    };
    if !name.trim().eq_ignore_ascii_case("Content-Length") {
        return Ok(None);
    }
    let value = value.trim();
    if value.is_empty() || !value.bytes().all(|b| b.is_ascii_digit()) {
        return Err(format!(
            "Content-Length `{}` is not a number",
            shorten(value)
        ));
    }
    // Too many digits for a u64 is still a length, and over the limit.
    Ok(Some(value.parse().unwrap_or(u64::MAX)))
}

fn shorten(text: &str) -> String {
    match text.char_indices().nth(40) {
        Some((k, _)) => format!("{}…", &text[..k]),
        None => text.to_string(),
    }
}

/// A message's body: the message, or the error that refuses it.
fn parse(body: &[u8]) -> Incoming {
    let value: Value = match serde_json::from_slice(body) {
        Ok(v) => v,
        Err(e) => {
            let why = format!("the message is not JSON: {e}");
            return Incoming::Refused(error(Value::Null, PARSE_ERROR, &why));
        }
    };
    let id = match value.get("id") {
        Some(id @ (Value::Number(_) | Value::String(_))) => id.clone(),
        _ => Value::Null,
    };
    match message(value) {
        Some(m) => Incoming::Message(m),
        None => {
            let why = "the message is no JSON-RPC request, response or notification \
                (a request has an `id` and a `method`, a notification a `method`, a response an \
                `id` and a `result` or an `error`)";
            Incoming::Refused(error(id, INVALID_REQUEST, why))
        }
    }
}

/// The message a JSON value is, if it is one.
fn message(value: Value) -> Option<Message> {
    let object = value.as_object()?;
    if object.contains_key("method") {
        if object.contains_key("id") {
            return serde_json::from_value::<Request>(value)
                .ok()
                .map(Message::Request);
        }
        return serde_json::from_value::<Notification>(value)
            .ok()
            .map(Message::Notification);
    }
    if !object.contains_key("result") && !object.contains_key("error") {
        return None;
    }
    serde_json::from_value::<Response>(value)
        .ok()
        .map(Message::Response)
}

/// A connection on stdin and stdout, read by a [`Reader`] on one thread, written on another;
/// the writer ends when the connection is dropped (join it to be sure everything is written).
/// The reader stops after `exit` or at the end of the input.
pub fn stdio() -> (Connection, JoinHandle<()>) {
    let (to_server, from_editor) = crossbeam_channel::bounded::<Message>(0);
    let (to_editor, from_server) = crossbeam_channel::bounded::<Message>(0);
    std::thread::spawn(move || {
        let mut reader = Reader::new(io::stdin().lock());
        while let Ok(Some(incoming)) = reader.next_incoming() {
            let sent = match incoming {
                Incoming::Message(m) => {
                    let exit = matches!(&m, Message::Notification(n) if n.method == "exit");
                    to_server.send(m).is_ok() && !exit
                }
                Incoming::Refused(e) => {
                    write_frame(&mut io::stdout().lock(), &e.to_string()).is_ok()
                }
            };
            if !sent {
                break;
            }
        }
    });
    // Once the editor stops reading, messages are dropped rather than refused: lsp-server
    // panics when it cannot send one.
    let writer = std::thread::spawn(move || {
        let mut open = true;
        for m in from_server {
            open = open && m.write(&mut io::stdout().lock()).is_ok();
        }
    });
    let connection = Connection {
        sender: to_editor,
        receiver: from_editor,
    };
    (connection, writer)
}

/// A JSON-RPC error response.
pub fn error(id: Value, code: i32, message: &str) -> Value {
    json!({"jsonrpc": "2.0", "id": id, "error": {"code": code, "message": message}})
}

/// Writes a message with its header.
pub fn write_frame(out: &mut impl Write, body: &str) -> io::Result<()> {
    write!(out, "Content-Length: {}\r\n\r\n{body}", body.len())?;
    out.flush()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn all(input: &[u8]) -> Vec<Result<String, (Value, i32)>> {
        let mut reader = Reader::new(input);
        let mut out = vec![];
        while let Some(incoming) = reader.next_incoming().expect("reads") {
            out.push(match incoming {
                Incoming::Message(Message::Request(r)) => Ok(r.method),
                Incoming::Message(Message::Notification(n)) => Ok(n.method),
                Incoming::Message(Message::Response(r)) => Ok(format!("response {}", r.id)),
                Incoming::Refused(e) => Err((
                    e["id"].clone(),
                    e["error"]["code"].as_i64().expect("a code") as i32,
                )),
            });
        }
        out
    }

    fn frame(body: &str) -> String {
        format!("Content-Length: {}\r\n\r\n{body}", body.len())
    }

    #[test]
    fn messages_follow_refused_ones() {
        let input = [
            frame(r#"{"jsonrpc":"2.0","id":1,"method":"a"}"#),
            frame("{oops"),
            frame(r#"{"id":2}"#),
            frame(r#"{"id":"x","method":5}"#),
            "Content-Type: json\r\n\r\n".into(),
            "\r\nno header\r\n\r\n".into(),
            "Content-Length: 12x\r\n\r\n".into(),
            format!(
                "Content-Length: {}\r\n\r\n{}",
                MAX_MESSAGE + 3,
                " ".repeat(MAX_MESSAGE as usize + 3)
            ),
            frame(r#"{"jsonrpc":"2.0","method":"b"}"#),
            frame(r#"{"jsonrpc":"2.0","id":3,"result":null}"#),
        ]
        .concat();
        let null = Value::Null;
        assert_eq!(
            all(input.as_bytes()),
            [
                Ok("a".to_string()),
                Err((null.clone(), PARSE_ERROR)),
                Err((json!(2), INVALID_REQUEST)),
                Err((json!("x"), INVALID_REQUEST)),
                Err((null.clone(), PARSE_ERROR)),
                Err((null.clone(), PARSE_ERROR)),
                Err((null.clone(), PARSE_ERROR)),
                Err((null, INVALID_REQUEST)),
                Ok("b".to_string()),
                Ok("response 3".to_string()),
            ]
        );
    }

    /// A refused header block leaves its body unread; the next message's headers, glued to
    /// it, are found and that message is read (the reader does not stay one message behind).
    #[test]
    fn headers_after_the_body_of_a_refused_message_are_found() {
        let input = [
            "Content-Length: twelve\r\n\r\n".to_string(),
            format!(
                r#"{{"jsonrpc":"2.0","method":"lost","params":"{}"}}"#,
                "x".repeat(50_000)
            ),
            frame(r#"{"jsonrpc":"2.0","id":1,"method":"a"}"#),
            frame(r#"{"jsonrpc":"2.0","method":"b"}"#),
        ]
        .concat();
        assert_eq!(
            all(input.as_bytes()),
            [
                Err((Value::Null, PARSE_ERROR)),
                Ok("a".to_string()),
                Ok("b".to_string())
            ]
        );
    }

    #[test]
    fn a_long_header_line_is_not_kept() {
        let mut input = vec![b'x'; 10 * MAX_HEADER_LINE];
        input.extend_from_slice(b"\r\n\r\n");
        input.extend_from_slice(frame(r#"{"method":"c"}"#).as_bytes());
        assert_eq!(
            all(&input),
            [Err((Value::Null, PARSE_ERROR)), Ok("c".to_string())]
        );
    }

    #[test]
    fn the_input_may_end_anywhere() {
        let whole = frame(r#"{"jsonrpc":"2.0","id":1,"method":"a"}"#);
        for end in 0..whole.len() {
            assert_eq!(all(&whole.as_bytes()[..end]), []);
        }
        let big = format!("Content-Length: {}\r\n\r\n", u64::MAX);
        assert_eq!(all(big.as_bytes()), [Err((Value::Null, INVALID_REQUEST))]);
    }
}
