//! `cescacs lsp` over its real standard input and output: the diagnostics equal those of
//! `cescacs check --format json` for every corpus file, malformed messages are survived, and a
//! hostile document holds up no answer.

use std::io::{BufRead, BufReader, Write};
use std::path::Path;
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};

use lsp_server::{Message, Notification, Request, RequestId};
use serde_json::{Value, json};

struct Server {
    child: Child,
    input: ChildStdin,
    output: BufReader<ChildStdout>,
}

impl Server {
    fn start() -> Server {
        let mut child = Command::new(env!("CARGO_BIN_EXE_cescacs"))
            .arg("lsp")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("cescacs lsp starts");
        let input = child.stdin.take().expect("stdin");
        let output = BufReader::new(child.stdout.take().expect("stdout"));
        let mut server = Server { child, input, output };
        server.send(Request::new(
            RequestId::from(0),
            "initialize".into(),
            json!({ "capabilities": {} }),
        ));
        server.response(0);
        server.send(Notification::new("initialized".into(), json!({})));
        server
    }

    fn send(&mut self, message: impl Into<Message>) {
        message.into().write(&mut self.input).expect("the server reads");
    }

    fn raw(&mut self, bytes: &[u8]) {
        self.input.write_all(bytes).and_then(|()| self.input.flush()).expect("the server reads");
    }

    /// The next message as JSON (lsp-server cannot read every answer: a parse error's id is
    /// `null`).
    fn raw_next(&mut self) -> Value {
        serde_json::from_str(&self.next_body()).expect("JSON")
    }

    /// The body of the next message, as written.
    fn next_body(&mut self) -> String {
        let mut length = 0;
        loop {
            let mut line = String::new();
            self.output.read_line(&mut line).expect("a header");
            assert!(!line.is_empty(), "the end of the output");
            let line = line.trim_end();
            if line.is_empty() {
                break;
            }
            if let Some(n) = line.strip_prefix("Content-Length: ") {
                length = n.parse().expect("a length");
            }
        }
        let mut body = vec![0; length];
        std::io::Read::read_exact(&mut self.output, &mut body).expect("a body");
        String::from_utf8(body).expect("UTF-8")
    }

    fn next(&mut self) -> Message {
        loop {
            if let Ok(message) = serde_json::from_value(self.raw_next()) {
                return message;
            }
        }
    }

    fn response(&mut self, id: i32) -> lsp_server::Response {
        loop {
            if let Message::Response(r) = self.next() {
                if r.id == RequestId::from(id) {
                    return r;
                }
            }
        }
    }

    fn diagnostics(&mut self) -> Value {
        loop {
            if let Message::Notification(n) = self.next() {
                if n.method == "textDocument/publishDiagnostics" {
                    return n.params;
                }
            }
        }
    }

    fn stop(mut self) {
        self.send(Request::new(RequestId::from(999), "shutdown".into(), Value::Null));
        self.response(999);
        self.send(Notification::new("exit".into(), Value::Null));
        let status = self.child.wait().expect("the server exits");
        assert!(status.success(), "{status}");
    }
}

fn corpus() -> Vec<std::path::PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../corpus");
    let mut files = Vec::new();
    for dir in ["valid", "invalid"] {
        for entry in std::fs::read_dir(root.join(dir)).expect("the corpus") {
            let path = entry.expect("an entry").path();
            if path.extension().is_some_and(|e| e == "ctl-pgn") {
                files.push(path);
            }
        }
    }
    files.sort();
    files
}

#[test]
fn diagnostics_are_those_of_check() {
    let mut server = Server::start();
    for (i, path) in corpus().iter().enumerate() {
        let text = std::fs::read_to_string(path).expect("UTF-8");
        let check = Command::new(env!("CARGO_BIN_EXE_cescacs"))
            .args(["check", "--format", "json"])
            .arg(path)
            .output()
            .expect("check runs");
        let expected: Value = serde_json::from_slice(&check.stdout).expect("JSON");
        let uri = expected["files"][0]["uri"].as_str().expect("a URI").to_string();
        let open = json!({ "textDocument": { "uri": uri, "languageId": "ctl-pgn", "version": i, "text": text } });
        server.send(Notification::new("textDocument/didOpen".into(), open));
        let published = server.diagnostics();
        assert_eq!(published["uri"], uri.as_str());
        assert_eq!(
            published["diagnostics"],
            expected["files"][0]["diagnostics"],
            "{}",
            path.display()
        );
    }
    server.stop();
}

#[test]
fn malformed_messages_are_skipped() {
    let mut server = Server::start();
    server.raw(b"Content-Length: 9\r\n\r\n{not json");
    // JSON-RPC: a body that is not JSON is answered with a parse error and a null id.
    let parse_error = loop {
        let value = server.raw_next();
        if value.get("error").is_some() {
            break value;
        }
    };
    assert_eq!(parse_error["id"], Value::Null);
    assert_eq!(parse_error["error"]["code"], -32700);
    server.raw(b"X-Nonsense\r\n\r\n");
    server.raw(b"Content-Length: 27\r\n\r\n{\"id\": 5, \"no\": \"method\"}  ");
    let answer = server.response(5);
    assert!(answer.response_result.is_err());
    server.send(Request::new(RequestId::from(6), "textDocument/hover".into(), json!({ "bad": 1 })));
    assert!(server.response(6).response_result.is_err());
    server.send(Request::new(
        RequestId::from(7),
        "textDocument/documentSymbol".into(),
        json!({ "textDocument": { "uri": "file:///none.ctl-pgn" } }),
    ));
    assert_eq!(server.response(7).response_result.ok(), Some(Value::Null));
    server.stop();
}

/// The hostile-input acceptance point over the real standard input and output: while a
/// document of ten 100 KB floods of `[` is being checked (seconds in a debug build), a hover on
/// another document, a request whose id no 32-bit integer holds, and shutdown are all answered
/// before that document's diagnostics; then the server exits at once (status 0).
#[test]
fn a_hostile_document_does_not_hold_up_the_answers() {
    let mut server = Server::start();
    let small = "file:///small.ctl-pgn";
    let game = "[Variant \"C'escacs\"]\n\n1. H6-H12, I23-I19\n2. JF6-C15 :\n*\n";
    let open = |uri: &str, text: &str| {
        Notification::new(
            "textDocument/didOpen".into(),
            json!({ "textDocument": { "uri": uri, "languageId": "ctl-pgn", "version": 1, "text": text } }),
        )
    };
    server.send(open(small, game));
    assert_eq!(server.diagnostics()["uri"], small);
    let hostile = "file:///hostile.ctl-pgn";
    let flood = format!("[Variant \"C'escacs\"]\n{}\n", "[".repeat(100_000));
    server.send(open(hostile, &flood.repeat(10)));
    let hover =
        json!({ "textDocument": { "uri": small }, "position": { "line": 3, "character": 4 } });
    server.send(Request::new(RequestId::from(1), "textDocument/hover".into(), hover.clone()));
    let big_id = r#"{"jsonrpc":"2.0","id":123456789012345678901234567890,"method":"textDocument/hover","params":"#;
    let body = format!("{big_id}{hover}}}");
    server.raw(format!("Content-Length: {}\r\n\r\n{body}", body.len()).as_bytes());
    server.send(Request::new(RequestId::from(2), "shutdown".into(), Value::Null));
    let mut answered = Vec::new();
    while answered.len() < 3 {
        let body = server.next_body();
        let message: Value = serde_json::from_str(&body).expect("JSON");
        assert_ne!(message["params"]["uri"], hostile, "published before the answers");
        if message.get("id").is_some() {
            answered.push((body, message["result"].clone()));
        }
    }
    assert!(answered[0].0.contains(r#""id":1,"#), "{}", answered[0].0);
    assert!(answered[0].1["contents"]["value"].as_str().is_some_and(|t| t.contains("Bishop")));
    // The id as written, not rounded to a float.
    assert!(answered[1].0.contains(r#""id":123456789012345678901234567890,"#), "{}", answered[1].0);
    assert_eq!(answered[1].1, answered[0].1);
    assert!(answered[2].0.contains(r#""id":2,"#) && answered[2].1.is_null(), "{}", answered[2].0);
    server.send(Notification::new("exit".into(), Value::Null));
    let status = server.child.wait().expect("the server exits");
    assert!(status.success(), "{status}");
}
