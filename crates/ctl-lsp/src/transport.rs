//! Messages over standard input and output, framed by `Content-Length` headers.
//!
//! `lsp-server` has a stdio transport, but its reader thread stops for good at the first
//! malformed message and trusts `Content-Length` enough to allocate whatever it says. This one
//! skips a malformed or oversized message (logging why on standard error, answering a request
//! whose id can still be read) and goes on reading.

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

fn write_all(outgoing: &Receiver<Message>, mut out: impl Write) -> io::Result<()> {
    for message in outgoing {
        message.write(&mut out)?;
    }
    Ok(())
}

/// Reads messages until `exit`, the end of the input, or a read error.
pub(crate) fn read_all(
    mut input: impl BufRead,
    incoming: &Sender<Message>,
    answers: &Sender<Message>,
) {
    loop {
        match read_frame(&mut input) {
            Ok(Frame::End) => return,
            Ok(Frame::Body(body)) => {
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
            return None;
        }
    };
    let id = request_id(&value);
    match serde_json::from_value::<Message>(value) {
        Ok(message) => Some(message),
        Err(e) => {
            eprintln!("cescacs lsp: skipped a message that is not JSON-RPC: {e}");
            if let Some(id) = id {
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
