//! Messages over standard input and output, framed by `Content-Length` headers.
//!
//! `lsp-server` has a stdio transport, but its reader thread stops for good at the first
//! malformed message and trusts `Content-Length` enough to allocate whatever it says. This one
//! skips a malformed or oversized message (logging why on standard error, answering a request
//! whose id can still be read) and goes on reading. A body that is not JSON is answered with a
//! parse error (-32700, id `null`), one that is no JSON-RPC message with an invalid request
//! (-32600); ids of every JSON shape (numbers beyond 32 bits, fractions) are answered with the
//! id as sent. A body shorter than its `Content-Length` cannot swallow the next message: when
//! the bytes read are no JSON and hold a `Content-Length` header, the body is cut there and the
//! rest read again.

use std::io::{self, BufRead, Read, Write};
use std::thread;

use crossbeam_channel::{Receiver, Sender, bounded, unbounded};
use lsp_server::{Connection, ErrorCode, Message, RequestId, Response};

/// The largest message read (a document of tens of megabytes still fits); larger ones are
/// skipped unread.
pub(crate) const MAX_MESSAGE: usize = 256 * 1024 * 1024;

/// The longest header line read; headers are short (`Content-Length: 123`).
const MAX_HEADER_LINE: u64 = 8 * 1024;

/// The transport's threads: join them after the server returns.
#[derive(Debug)]
pub struct IoThreads {
    writer: thread::JoinHandle<io::Result<()>>,
}

impl IoThreads {
    /// Waits until every message the server sent is written. (The reader thread may still be
    /// blocked on standard input; it ends with the process.)
    pub fn join(self) {
        let _ = self.writer.join();
    }
}

/// A connection over standard input and output, and the threads that move its messages.
pub fn stdio() -> (Connection, IoThreads) {
    let (to_client, outgoing) = unbounded::<Message>();
    let (incoming, from_client) = bounded::<Message>(16);
    let writer = thread::Builder::new()
        .name("cescacs-lsp-writer".to_string())
        .spawn(move || write_all(&outgoing, io::stdout().lock()))
        .unwrap_or_else(|e| panic!("cannot start the writer thread: {e}"));
    let answers = to_client.clone();
    // Without a reader the server sees a closed connection and returns: nothing to keep.
    let _ = thread::Builder::new()
        .name("cescacs-lsp-reader".to_string())
        .spawn(move || read_all(io::stdin().lock(), &incoming, &answers));
    (Connection { sender: to_client, receiver: from_client }, IoThreads { writer })
}

/// The start of a string id that stands for an id `lsp-server` cannot hold (a number beyond 32
/// bits, a fraction, `null` for a message that is no JSON): the rest is the id's JSON, written
/// back as it came when the response goes out.
const ID_STAND_IN: &str = "\u{0}cescacs-id:";

fn write_all(outgoing: &Receiver<Message>, mut out: impl Write) -> io::Result<()> {
    for message in outgoing {
        let raw = match &message {
            Message::Response(r) => match serde_json::to_value(&r.id) {
                Ok(serde_json::Value::String(id)) => {
                    id.strip_prefix(ID_STAND_IN).map(str::to_owned)
                }
                _ => None,
            },
            _ => None,
        };
        match raw.and_then(|id| serde_json::from_str::<serde_json::Value>(&id).ok()) {
            Some(id) => {
                let mut value = serde_json::to_value(&message).map_err(io::Error::from)?;
                value["id"] = id;
                let body = serde_json::to_vec(&value).map_err(io::Error::from)?;
                write!(out, "Content-Length: {}\r\n\r\n", body.len())?;
                out.write_all(&body)?;
                out.flush()?;
            }
            None => message.write(&mut out)?,
        }
    }
    Ok(())
}

/// A string id standing for `id` (see [`ID_STAND_IN`]).
fn stand_in(id: &serde_json::Value) -> RequestId {
    format!("{ID_STAND_IN}{id}").into()
}

/// Reads messages until `exit`, the end of the input, or a read error.
pub(crate) fn read_all(input: impl BufRead, incoming: &Sender<Message>, answers: &Sender<Message>) {
    let mut input: Box<dyn BufRead + '_> = Box::new(input);
    loop {
        match read_frame(&mut input) {
            Ok(Frame::End) => return,
            Ok(Frame::Body(mut body)) => {
                // A body shorter than its `Content-Length` swallows the start of the next
                // message: the body is cut at the header found in it, and the rest is read again.
                if serde_json::from_slice::<serde::de::IgnoredAny>(&body).is_err() {
                    if let Some(at) = next_header(&body) {
                        eprintln!(
                            "cescacs lsp: a body shorter than its Content-Length ({} bytes, \
                             then a header): read as {at} bytes",
                            body.len()
                        );
                        let rest = body.split_off(at);
                        input = Box::new(io::Cursor::new(rest).chain(input));
                    }
                }
                let Some(message) = decode(&body, answers) else { continue };
                let exit = matches!(&message, Message::Notification(n) if n.method == "exit");
                if incoming.send(message).is_err() || exit {
                    return;
                }
            }
            Ok(Frame::Skipped(why)) => eprintln!("cescacs lsp: skipped a message: {why}"),
            Err(e) => {
                eprintln!("cescacs lsp: cannot read standard input: {e}");
                return;
            }
        }
    }
}

/// Where a `Content-Length` header starts inside a body, after its first byte.
fn next_header(body: &[u8]) -> Option<usize> {
    const HEADER: &[u8] = b"content-length:";
    (1..body.len().saturating_sub(HEADER.len() - 1))
        .find(|&i| body[i..i + HEADER.len()].eq_ignore_ascii_case(HEADER))
}

/// What one read gave.
#[derive(Debug, PartialEq, Eq)]
pub(crate) enum Frame {
    /// A message body.
    Body(Vec<u8>),
    /// A message that could not be taken, and why.
    Skipped(String),
    /// The input ended.
    End,
}

/// Reads one header block and its body.
pub(crate) fn read_frame(input: &mut impl BufRead) -> io::Result<Frame> {
    let mut length: Option<Result<usize, String>> = None;
    let mut any_header = false;
    loop {
        let mut line = Vec::new();
        let n = input.by_ref().take(MAX_HEADER_LINE).read_until(b'\n', &mut line)?;
        if n == 0 {
            return Ok(Frame::End);
        }
        if !line.ends_with(b"\n") {
            // An endless header line: drop the rest of it.
            let mut rest = Vec::new();
            input.read_until(b'\n', &mut rest)?;
            length = Some(Err("a header line longer than 8 KiB".to_string()));
            continue;
        }
        let text = String::from_utf8_lossy(&line);
        let text = text.trim_end_matches(['\r', '\n']);
        if text.is_empty() {
            if any_header {
                break;
            }
            continue; // blank lines between messages are harmless
        }
        any_header = true;
        if let Some((name, value)) = text.split_once(':') {
            if name.trim().eq_ignore_ascii_case("content-length") {
                length =
                    Some(value.trim().parse::<usize>().map_err(|_| {
                        format!("`Content-Length: {}` is not a length", value.trim())
                    }));
            }
        }
    }
    let length = match length {
        Some(Ok(n)) => n,
        Some(Err(why)) => return Ok(Frame::Skipped(why)),
        None => return Ok(Frame::Skipped("a header block without `Content-Length`".to_string())),
    };
    if length > MAX_MESSAGE {
        let skipped = io::copy(&mut input.by_ref().take(length as u64), &mut io::sink())?;
        return Ok(if skipped < length as u64 {
            Frame::End
        } else {
            Frame::Skipped(format!("{length} bytes is more than the limit of {MAX_MESSAGE}"))
        });
    }
    let mut body = vec![0; length];
    match input.read_exact(&mut body) {
        Ok(()) => Ok(Frame::Body(body)),
        Err(e) if e.kind() == io::ErrorKind::UnexpectedEof => Ok(Frame::End),
        Err(e) => Err(e),
    }
}

/// The message of a body; a body that is no message is logged and, when it is a request whose
/// id can be read, answered with an error.
fn decode(body: &[u8], answers: &Sender<Message>) -> Option<Message> {
    let value: serde_json::Value = match serde_json::from_slice(body) {
        Ok(value) => value,
        Err(e) => {
            eprintln!("cescacs lsp: skipped a message that is not JSON: {e}");
            // JSON-RPC: a parse error is answered, with a null id.
            let answer = Response::new_err(
                stand_in(&serde_json::Value::Null),
                ErrorCode::ParseError as i32,
                format!("not JSON: {e}"),
            );
            let _ = answers.send(answer.into());
            return None;
        }
    };
    let mut value = value;
    // An id lsp-server cannot hold (JSON-RPC allows any number) gets a stand-in.
    if let Some(id) = value
        .get("id")
        .filter(|id| id.is_number() && id.as_i64().and_then(|n| i32::try_from(n).ok()).is_none())
    {
        let id = stand_in(id);
        value["id"] = serde_json::to_value(&id).unwrap_or_default();
    }
    let id = request_id(&value);
    match serde_json::from_value::<Message>(value) {
        Ok(message) => Some(message),
        Err(e) => {
            eprintln!("cescacs lsp: skipped a message that is not JSON-RPC: {e}");
            if let Some(id) = id.or_else(|| Some(stand_in(&serde_json::Value::Null))) {
                let answer = Response::new_err(
                    id,
                    ErrorCode::InvalidRequest as i32,
                    format!("not a JSON-RPC request: {e}"),
                );
                let _ = answers.send(answer.into());
            }
            None
        }
    }
}

fn request_id(value: &serde_json::Value) -> Option<RequestId> {
    match value.get("id")? {
        serde_json::Value::Number(n) => {
            n.as_i64().and_then(|n| i32::try_from(n).ok()).map(Into::into)
        }
        serde_json::Value::String(s) => Some(s.clone().into()),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn frames(input: &[u8]) -> Vec<Frame> {
        let mut reader = io::BufReader::new(input);
        let mut out = Vec::new();
        loop {
            match read_frame(&mut reader).expect("reading memory") {
                Frame::End => return out,
                frame => out.push(frame),
            }
        }
    }

    #[test]
    fn reads_framed_messages_and_skips_broken_headers() {
        let input = b"Content-Length: 2\r\n\r\n{}Bogus\r\n\r\nContent-Length: x\r\n\r\ncontent-length:3\n\n[1]";
        assert_eq!(
            frames(input),
            [
                Frame::Body(b"{}".to_vec()),
                Frame::Skipped("a header block without `Content-Length`".to_string()),
                Frame::Skipped("`Content-Length: x` is not a length".to_string()),
                Frame::Body(b"[1]".to_vec()),
            ]
        );
    }

    #[test]
    fn a_huge_length_is_not_allocated() {
        let input = format!("Content-Length: {}\r\n\r\n{{}}", usize::MAX);
        assert_eq!(frames(input.as_bytes()), []);
    }

    #[test]
    fn a_truncated_body_ends_the_input() {
        assert_eq!(frames(b"Content-Length: 10\r\n\r\n{}"), []);
    }

    fn answers_to(input: &[u8]) -> (Vec<Message>, Vec<serde_json::Value>) {
        let (answers, answered) = unbounded();
        let (incoming, received) = unbounded();
        read_all(io::BufReader::new(input), &incoming, &answers);
        let mut written = Vec::new();
        drop(answers);
        write_all(&answered, &mut written).expect("written");
        let mut out = Vec::new();
        let mut reader = io::BufReader::new(&written[..]);
        while let Ok(Frame::Body(body)) = read_frame(&mut reader) {
            out.push(serde_json::from_slice(&body).expect("JSON"));
        }
        (received.try_iter().collect(), out)
    }

    #[test]
    fn a_short_body_does_not_swallow_the_next_message() {
        let next = r#"{"jsonrpc":"2.0","id":2,"method":"shutdown"}"#;
        let input = format!(
            "Content-Length: 60\r\n\r\n{{\"jsonrpc\":\"2.0\",\"method\":\"initialized\"}}Content-Length: {}\r\n\r\n{next}",
            next.len()
        );
        // Padding so that the declared length can be read.
        let input = format!("{input}{}", " ".repeat(64));
        let (received, _) = answers_to(input.as_bytes());
        let methods: Vec<String> = received
            .iter()
            .map(|m| match m {
                Message::Request(r) => r.method.clone(),
                Message::Notification(n) => n.method.clone(),
                Message::Response(_) => String::new(),
            })
            .collect();
        assert_eq!(methods, ["initialized", "shutdown"]);
    }

    #[test]
    fn parse_errors_and_ids_of_every_shape_are_answered() {
        let bodies = [
            "{oops".to_string(),
            r#"{"jsonrpc":"2.0","id":12345678901,"foo":1}"#.to_string(),
            r#"{"jsonrpc":"2.0","id":1.5,"foo":1}"#.to_string(),
        ];
        let input: String =
            bodies.iter().map(|b| format!("Content-Length: {}\r\n\r\n{b}", b.len())).collect();
        let (_, written) = answers_to(input.as_bytes());
        assert_eq!(written.len(), 3, "{written:?}");
        assert_eq!(written[0]["id"], serde_json::Value::Null);
        assert_eq!(written[0]["error"]["code"], -32700);
        assert_eq!(written[1]["id"], serde_json::json!(12345678901u64));
        assert_eq!(written[1]["error"]["code"], -32600);
        assert_eq!(written[2]["id"], serde_json::json!(1.5));
    }

    #[test]
    fn a_request_that_is_not_json_rpc_is_answered() {
        let (answers, answered) = unbounded();
        let (incoming, received) = unbounded();
        let input =
            b"Content-Length: 20\r\n\r\n{\"id\":7, \"foo\":true}Content-Length: 5\r\n\r\n{oops";
        read_all(io::BufReader::new(&input[..]), &incoming, &answers);
        assert!(received.try_recv().is_err());
        let Ok(Message::Response(r)) = answered.try_recv() else { panic!("an answer") };
        assert_eq!(r.id, 7.into());
        assert_eq!(r.response_result.err().map(|e| e.code), Some(ErrorCode::InvalidRequest as i32));
    }
}
