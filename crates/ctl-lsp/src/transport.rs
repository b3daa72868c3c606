//! Messages over standard input and output, framed by `Content-Length` headers.
//!
//! `lsp-server` has a stdio transport, but its reader thread stops for good at the first
//! malformed message and trusts `Content-Length` enough to allocate whatever it says. This one
//! skips a malformed or oversized message (logging why on standard error, answering a request
//! whose id can still be read) and goes on reading. A body that is not JSON is answered with a
//! parse error (-32700, id `null`), one that is no JSON-RPC 2.0 message with an invalid request
//! (-32600: not an object, `jsonrpc` missing or not `"2.0"`, no `method` in a request, a
//! `method` that is no string, `params` neither an object nor an array, an `id` that is neither
//! a string, a number nor `null`), with its id when it has one, else `null`. A batch (an array)
//! is read member by member, each answered on its own; an empty one is an invalid request. Ids
//! of every shape JSON-RPC allows (numbers of any size or with a fraction, strings, `null`) are
//! answered with the id exactly as written. A body shorter than its `Content-Length` cannot
//! swallow the next message: when the bytes read are no JSON and hold a `Content-Length`
//! header, the body is cut there and the rest read again.

use std::io::{self, BufRead, Read, Write};
use std::thread;

use crossbeam_channel::{Receiver, Sender, bounded, unbounded};
use lsp_server::{Connection, ErrorCode, Message, RequestId, Response};
use serde_json::Value;
use serde_json::value::RawValue;

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
/// bits or with a fraction, `null`, a string that starts like this): the rest is the id's JSON
/// text as the client wrote it, written back as it came when the response goes out.
const ID_STAND_IN: &str = "\u{0}cescacs-id:";

fn write_all(outgoing: &Receiver<Message>, mut out: impl Write) -> io::Result<()> {
    for message in outgoing {
        let raw = match &message {
            Message::Response(r) => match serde_json::to_value(&r.id) {
                Ok(Value::String(id)) => id.strip_prefix(ID_STAND_IN).map(str::to_owned),
                _ => None,
            },
            _ => None,
        };
        match raw {
            Some(raw) => {
                // The id is the first string of the body (`{"jsonrpc":"2.0","id":...`): it is
                // replaced by the id's text as the client wrote it.
                let Message::Response(response) = &message else { continue };
                let body = serde_json::to_string(&Framed { jsonrpc: "2.0", response })
                    .map_err(io::Error::from)?;
                let stand_in = serde_json::to_string(&response.id).map_err(io::Error::from)?;
                let body = body.replacen(&stand_in, &raw, 1);
                write!(out, "Content-Length: {}\r\n\r\n", body.len())?;
                out.write_all(body.as_bytes())?;
                out.flush()?;
            }
            None => message.write(&mut out)?,
        }
    }
    Ok(())
}

/// A response as `lsp-server` frames it.
#[derive(serde::Serialize)]
struct Framed<'a> {
    jsonrpc: &'static str,
    #[serde(flatten)]
    response: &'a Response,
}

/// A string id standing for the id written `raw` (see [`ID_STAND_IN`]).
fn stand_in(raw: &str) -> RequestId {
    format!("{ID_STAND_IN}{raw}").into()
}

/// The id written `raw`: itself when `lsp-server` can hold it, else a stand-in.
fn request_id(raw: &str) -> RequestId {
    let held = serde_json::from_str::<Value>(raw).ok().filter(held_as_is);
    match held {
        Some(Value::String(s)) => s.into(),
        Some(Value::Number(n)) => {
            n.as_i64().and_then(|n| i32::try_from(n).ok()).map_or_else(|| stand_in(raw), Into::into)
        }
        _ => stand_in(raw),
    }
}

/// Whether `lsp-server` holds an id as it is (an `i32` or a string), so that it needs no
/// stand-in.
fn held_as_is(id: &Value) -> bool {
    match id {
        Value::Number(n) => n.as_i64().is_some_and(|n| i32::try_from(n).is_ok()),
        Value::String(s) => !s.starts_with(ID_STAND_IN),
        _ => false,
    }
}

/// Reads messages until `exit`, the end of the input, or a read error.
pub(crate) fn read_all(input: impl BufRead, incoming: &Sender<Message>, answers: &Sender<Message>) {
    let mut input: Box<dyn BufRead + '_> = Box::new(input);
    let mut lost = false;
    loop {
        let frame = if lost { resync(&mut input) } else { read_frame(&mut input) };
        lost = false;
        match frame {
            Ok(Frame::End) => return,
            Ok(Frame::Body(mut body)) => {
                // A body shorter than its `Content-Length` swallows the start of the next
                // message: the body is cut at the header found in it, and the rest is read again.
                if serde_json::from_slice::<serde::de::IgnoredAny>(&body).is_err() {
                    if let Some(at) = next_header(&body) {
                        log(format_args!(
                            "a body shorter than its Content-Length ({} bytes, then a header): \
                             read as {at} bytes",
                            body.len()
                        ));
                        let rest = body.split_off(at);
                        input = Box::new(io::Cursor::new(rest).chain(input));
                    }
                }
                for message in decode(&body, answers) {
                    let exit = matches!(&message, Message::Notification(n) if n.method == "exit");
                    if incoming.send(message).is_err() || exit {
                        return;
                    }
                }
            }
            Ok(Frame::Skipped(why)) => {
                // What follows a bad header block (its body, of unknown length) is no message:
                // the next one starts at the next `Content-Length` header.
                log(format_args!("skipped a message: {why}; reading on at the next header"));
                lost = true;
            }
            Err(e) => {
                log(format_args!("cannot read standard input: {e}"));
                return;
            }
        }
    }
}

/// Writes one line of the server's log on standard error; a closed standard error is ignored.
pub(crate) fn log(line: std::fmt::Arguments<'_>) {
    let _ = writeln!(io::stderr().lock(), "cescacs lsp: {line}");
}

/// The name of the header that starts every message, as it is matched (case-insensitively).
const HEADER: &[u8] = b"content-length:";

/// How far [`skip_to_header`] went.
#[derive(Debug, PartialEq, Eq)]
enum Skip {
    /// Through the name of a `Content-Length` header: its value comes next.
    Header,
    /// Through the bytes it was allowed to skip, without finding one.
    Limit,
    /// To the end of the input.
    End,
}

/// Drops bytes of `input` up to the next `Content-Length:` (in any case, anywhere: a message's
/// header follows its body without a line break) and through it, at most `limit` bytes. Nothing
/// is held but the bytes of the name matched so far: skipping costs no memory.
fn skip_to_header(input: &mut impl BufRead, limit: u64) -> io::Result<Skip> {
    let (mut matched, mut skipped) = (0usize, 0u64);
    loop {
        let buf = filled(input)?;
        if buf.is_empty() {
            return Ok(Skip::End);
        }
        let room = usize::try_from(limit - skipped).unwrap_or(usize::MAX).min(buf.len());
        let hay = &buf[..room];
        let (mut used, mut found) = (0, false);
        while used < hay.len() {
            if matched == 0 {
                // Straight to the next byte that can start the name.
                match memchr::memchr2(b'c', b'C', &hay[used..]) {
                    Some(at) => used += at,
                    None => {
                        used = hay.len();
                        break;
                    }
                }
            }
            // No proper prefix of the name is also its suffix: a mismatch restarts the match
            // at this byte.
            let b = hay[used];
            used += 1;
            if b.eq_ignore_ascii_case(&HEADER[matched]) {
                matched += 1;
            } else {
                matched = usize::from(b.eq_ignore_ascii_case(&HEADER[0]));
            }
            if matched == HEADER.len() {
                found = true;
                break;
            }
        }
        input.consume(used);
        skipped += used as u64;
        if found {
            return Ok(Skip::Header);
        }
        if skipped == limit {
            return Ok(Skip::Limit);
        }
    }
}

/// Reads on after a frame that was skipped: from the next `Content-Length` header on.
pub(crate) fn resync(input: &mut impl BufRead) -> io::Result<Frame> {
    match skip_to_header(input, u64::MAX)? {
        Skip::Header => read_frame_after(input, HeaderStart::Name),
        Skip::Limit | Skip::End => Ok(Frame::End),
    }
}

/// Where a `Content-Length` header starts inside a body, after its first byte.
fn next_header(body: &[u8]) -> Option<usize> {
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

/// Where [`read_frame_after`] starts reading a header block.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum HeaderStart {
    /// At its first line.
    Line,
    /// After the name of its `Content-Length` header ([`skip_to_header`] read it).
    Name,
}

/// Reads one header block and its body.
pub(crate) fn read_frame(input: &mut impl BufRead) -> io::Result<Frame> {
    read_frame_after(input, HeaderStart::Line)
}

fn read_frame_after(input: &mut impl BufRead, start: HeaderStart) -> io::Result<Frame> {
    let mut length: Option<Result<usize, String>> = None;
    let mut any_header = false;
    let mut named = start == HeaderStart::Name;
    loop {
        let mut line = Vec::new();
        let n = input.by_ref().take(MAX_HEADER_LINE).read_until(b'\n', &mut line)?;
        if n == 0 {
            return Ok(Frame::End);
        }
        if !line.ends_with(b"\n") {
            // An endless header line: drop the rest of it, unread.
            skip_line(input)?;
            length = Some(Err("a header line longer than 8 KiB".to_string()));
            (named, any_header) = (false, true);
            continue;
        }
        let text = String::from_utf8_lossy(&line);
        let text = text.trim_end_matches(['\r', '\n']);
        if std::mem::take(&mut named) {
            any_header = true;
            length = Some(content_length(text));
            continue;
        }
        if text.is_empty() {
            if any_header {
                break;
            }
            continue; // blank lines between messages are harmless
        }
        any_header = true;
        if let Some((name, value)) = text.split_once(':') {
            if name.trim().eq_ignore_ascii_case("content-length") {
                length = Some(content_length(value));
            }
        }
    }
    let length = match length {
        Some(Ok(n)) => n,
        Some(Err(why)) => return Ok(Frame::Skipped(why)),
        None => return Ok(Frame::Skipped("a header block without `Content-Length`".to_string())),
    };
    if length > MAX_MESSAGE {
        // Skipped unread; a header met before its end (a length that lies) is the next message.
        return Ok(match skip_to_header(input, length as u64)? {
            Skip::End => Frame::End,
            Skip::Limit => Frame::Skipped(format!(
                "{length} bytes is more than the limit of {MAX_MESSAGE} (skipped unread)"
            )),
            Skip::Header => match read_frame_after(input, HeaderStart::Name)? {
                Frame::End => Frame::End,
                // The skipped message is reported once, then the next one is read.
                next => {
                    log(format_args!(
                        "skipped a message: {length} bytes is more than the limit of \
                         {MAX_MESSAGE}; a header came before its end"
                    ));
                    next
                }
            },
        });
    }
    let mut body = vec![0; length];
    match input.read_exact(&mut body) {
        Ok(()) => Ok(Frame::Body(body)),
        Err(e) if e.kind() == io::ErrorKind::UnexpectedEof => Ok(Frame::End),
        Err(e) => Err(e),
    }
}

/// The buffered bytes of `input`, read again after an interrupted read.
fn filled(input: &mut impl BufRead) -> io::Result<&[u8]> {
    loop {
        match input.fill_buf() {
            Ok(_) => break,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        }
    }
    input.fill_buf()
}

/// Drops the rest of a line of `input`, its line feed included, holding none of it.
fn skip_line(input: &mut impl BufRead) -> io::Result<()> {
    loop {
        let buf = filled(input)?;
        if buf.is_empty() {
            return Ok(());
        }
        match memchr::memchr(b'\n', buf) {
            Some(at) => {
                input.consume(at + 1);
                return Ok(());
            }
            None => {
                let n = buf.len();
                input.consume(n);
            }
        }
    }
}

/// The value of a `Content-Length` header: a length, or why it is none.
fn content_length(value: &str) -> Result<usize, String> {
    let value = value.trim();
    value.parse::<usize>().map_err(|_| {
        format!(
            "`Content-Length: {}` is not a length",
            cescacs_diagnostics::terminal::one_line(&value.chars().take(40).collect::<String>())
        )
    })
}

/// The messages of a body: one, or those of a batch. A body that is no message is logged and
/// answered with an error (see the module's documentation).
fn decode(body: &[u8], answers: &Sender<Message>) -> Vec<Message> {
    let parse_error = |e: serde_json::Error| {
        log(format_args!("skipped a message that is not JSON: {e}"));
        // JSON-RPC: a parse error is answered, with a null id.
        let answer = Response::new_err(
            stand_in("null"),
            ErrorCode::ParseError as i32,
            format!("not JSON: {e}"),
        );
        let _ = answers.send(answer.into());
        Vec::new()
    };
    let value: Value = match serde_json::from_slice(body) {
        Ok(value) => value,
        Err(e) => return parse_error(e),
    };
    match value {
        Value::Array(members) => {
            if members.is_empty() {
                invalid(answers, "null", "an empty batch");
                return Vec::new();
            }
            // The members' texts, for ids that must be answered as written.
            let raw: Vec<&RawValue> = serde_json::from_slice(body).unwrap_or_default();
            members
                .into_iter()
                .enumerate()
                .filter_map(|(i, m)| decode_one(m, raw.get(i).map(|r| r.get()), answers))
                .collect()
        }
        value => decode_one(value, std::str::from_utf8(body).ok(), answers).into_iter().collect(),
    }
}

/// One message, checked against JSON-RPC 2.0; `raw` is its text.
fn decode_one(value: Value, raw: Option<&str>, answers: &Sender<Message>) -> Option<Message> {
    let Value::Object(mut object) = value else {
        invalid(answers, "null", "a JSON-RPC message is a JSON object");
        return None;
    };
    // The id as the client wrote it (`1.50`, `123456789012345678901234567890`...): read again
    // from the text only for an id that lsp-server cannot hold.
    let raw_id = match object.get("id") {
        None => None,
        Some(id) if held_as_is(id) => Some(id.to_string()),
        Some(Value::Number(n)) => Some(
            raw.and_then(|raw| serde_json::from_str::<WithId<'_>>(raw).ok())
                .and_then(|w| w.id)
                .map_or_else(|| n.to_string(), |id| id.get().to_string()),
        ),
        Some(id @ (Value::String(_) | Value::Null)) => Some(id.to_string()),
        Some(_) => {
            invalid(answers, "null", "an `id` is a string, a number or `null`");
            return None;
        }
    };
    let answer_id = raw_id.as_deref().unwrap_or("null");
    if object.get("jsonrpc").and_then(Value::as_str) != Some("2.0") {
        invalid(answers, answer_id, "`jsonrpc` must be \"2.0\"");
        return None;
    }
    match object.get("method") {
        Some(Value::String(_)) => {
            if object.get("params").is_some_and(|p| !(p.is_object() || p.is_array() || p.is_null()))
            {
                invalid(answers, answer_id, "`params` must be an object or an array");
                return None;
            }
        }
        Some(_) => {
            invalid(answers, answer_id, "`method` must be a string");
            return None;
        }
        None => {
            let response =
                raw_id.is_some() && (object.contains_key("result") || object.contains_key("error"));
            if !response {
                invalid(answers, answer_id, "a request needs a `method`");
                return None;
            }
        }
    }
    // An id lsp-server cannot hold gets a stand-in.
    if let (Some(id), Some(raw_id)) = (object.get("id"), &raw_id) {
        if !held_as_is(id) {
            let stand_in = serde_json::to_value(stand_in(raw_id)).unwrap_or_default();
            object.insert("id".to_string(), stand_in);
        }
    }
    match serde_json::from_value::<Message>(Value::Object(object)) {
        Ok(message) => Some(message),
        Err(e) => {
            invalid(answers, answer_id, &format!("not a JSON-RPC message: {e}"));
            None
        }
    }
}

/// The id of a message, as written.
#[derive(serde::Deserialize)]
struct WithId<'a> {
    #[serde(borrow)]
    id: Option<&'a RawValue>,
}

/// Logs an invalid request and answers it (-32600) with the id written `raw_id`.
fn invalid(answers: &Sender<Message>, raw_id: &str, why: &str) {
    log(format_args!("skipped a message that is not JSON-RPC 2.0: {why}"));
    let answer = Response::new_err(
        request_id(raw_id),
        ErrorCode::InvalidRequest as i32,
        format!("not a JSON-RPC 2.0 request: {why}"),
    );
    let _ = answers.send(answer.into());
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

    /// The ids of the requests that reached the server, in order.
    fn request_ids(received: &[Message]) -> Vec<RequestId> {
        received
            .iter()
            .filter_map(|m| match m {
                Message::Request(r) => Some(r.id.clone()),
                _ => None,
            })
            .collect()
    }

    /// Each kind of broken header block, then a body, then three valid requests: the reader
    /// finds the next header again and every one of the three is read.
    #[test]
    fn after_a_malformed_header_block_the_next_messages_are_read() {
        let body = r#"{"jsonrpc":"2.0","id":99,"method":"shutdown"}"#;
        let overflow = format!("{}0", usize::MAX);
        let broken: Vec<Vec<u8>> = vec![
            format!("Content-Type: x\r\n\r\n{body}").into_bytes(),
            format!("Content-Length: abc\r\n\r\n{body}").into_bytes(),
            format!("Content-Length: -5\r\n\r\n{body}").into_bytes(),
            format!("Content-Length: {overflow}\r\n\r\n{body}").into_bytes(),
            [&b"Content-Length: \xff\xfe4\r\n\r\n"[..], body.as_bytes()].concat(),
            [&b"\xff\xfe: 12\r\n\r\n"[..], body.as_bytes()].concat(),
            format!("Content-Length: 12\r\nContent-Length: x\r\n\r\n{body}").into_bytes(),
            format!("{}\r\n\r\n{body}", "x".repeat(MAX_HEADER_LINE as usize + 10)).into_bytes(),
            // A length past the limit, and a body much shorter than it says.
            format!("Content-Length: {}\r\n\r\n{body}", MAX_MESSAGE + 1).into_bytes(),
            // Junk with no header at all.
            b"\x00\x01garbage\r\n\r\n{}".to_vec(),
        ];
        for bad in broken {
            let mut input = bad.clone();
            for id in 1..=3 {
                let request = format!(r#"{{"jsonrpc":"2.0","id":{id},"method":"m{id}"}}"#);
                input.extend(format!("Content-Length: {}\r\n\r\n{request}", request.len()).bytes());
            }
            let (received, _) = answers_to(&input);
            let ids = request_ids(&received);
            let expected: Vec<RequestId> = (1..=3).map(RequestId::from).collect();
            assert_eq!(
                ids,
                expected,
                "after {:?}",
                String::from_utf8_lossy(&bad[..bad.len().min(60)])
            );
        }
    }

    /// A body past the limit is skipped unread, then the next message is read.
    #[test]
    fn a_body_past_the_limit_is_skipped_without_being_held() {
        struct Zeros(u64);
        impl Read for Zeros {
            fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
                let n = (buf.len() as u64).min(self.0) as usize;
                buf[..n].fill(b' ');
                self.0 -= n as u64;
                Ok(n)
            }
        }
        let length = MAX_MESSAGE as u64 + 1;
        let request = r#"{"jsonrpc":"2.0","id":1,"method":"m"}"#;
        let input = io::Cursor::new(format!("Content-Length: {length}\r\n\r\n"))
            .chain(Zeros(length))
            .chain(io::Cursor::new(format!("Content-Length: {}\r\n\r\n{request}", request.len())));
        let (answers, _answered) = unbounded();
        let (incoming, received) = unbounded();
        // A buffer of 8 KiB: the 256 MiB body goes through it, never held.
        read_all(io::BufReader::with_capacity(8 << 10, input), &incoming, &answers);
        let received: Vec<Message> = received.try_iter().collect();
        assert_eq!(request_ids(&received), [RequestId::from(1)]);
    }

    #[test]
    fn a_truncated_body_ends_the_input() {
        assert_eq!(frames(b"Content-Length: 10\r\n\r\n{}"), []);
    }

    fn answers_to(input: &[u8]) -> (Vec<Message>, Vec<(String, serde_json::Value)>) {
        let (answers, answered) = unbounded();
        let (incoming, received) = unbounded();
        read_all(io::BufReader::new(input), &incoming, &answers);
        let mut written = Vec::new();
        drop(answers);
        write_all(&answered, &mut written).expect("written");
        let mut out = Vec::new();
        let mut reader = io::BufReader::new(&written[..]);
        while let Ok(Frame::Body(body)) = read_frame(&mut reader) {
            let value = serde_json::from_slice(&body).expect("JSON");
            out.push((String::from_utf8(body).expect("UTF-8"), value));
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
        let written: Vec<&Value> = written.iter().map(|(_, v)| v).collect();
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

    /// JSON-RPC 2.0 at the transport: what is answered -32600 or -32700, with which id, and
    /// which messages reach the server with their ids.
    #[test]
    fn invalid_requests_and_ids_of_every_shape() {
        let bodies = [
            // Invalid requests, each answered -32600 with its id (or null).
            r#"{"jsonrpc":"2.0","id":1}"#,
            r#"{"jsonrpc":"2.0","id":"a","params":{}}"#,
            r#"{"id":3,"method":"shutdown"}"#,
            r#"{"jsonrpc":"1.0","id":4,"method":"shutdown"}"#,
            r#"{"jsonrpc":2,"id":5.25,"method":"shutdown"}"#,
            r#"{"jsonrpc":"2.0","id":6,"method":7}"#,
            r#"{"jsonrpc":"2.0","id":{"x":1},"method":"shutdown"}"#,
            r#"{"jsonrpc":"2.0","id":[8],"method":"shutdown"}"#,
            r#"{"jsonrpc":"2.0","id":9,"method":"m","params":"bar"}"#,
            r#"{"jsonrpc":"2.0","method":"initialized","params":3}"#,
            r#"{"jsonrpc":"2.0"}"#,
            r#"[]"#,
            r#"[1,"x",{"jsonrpc":"2.0","id":10,"method":"m"}]"#,
            r#"42"#,
            // Requests with ids of every shape: they reach the server.
            r#"{"jsonrpc":"2.0","id":123456789012345678901234567890,"method":"m"}"#,
            r#"{"jsonrpc":"2.0","id":-2147483649,"method":"m"}"#,
            r#"{"jsonrpc":"2.0","id":1.50,"method":"m"}"#,
            r#"{"jsonrpc":"2.0","id":1e3,"method":"m"}"#,
            r#"{"jsonrpc":"2.0","id":null,"method":"m","params":[]}"#,
            r#"{"jsonrpc":"2.0","id":"\u0000cescacs-id:5","method":"m"}"#,
            r#"{"jsonrpc":"2.0","id":"s","method":"m","params":null}"#,
            r#"{"jsonrpc":"2.0","id":-7,"method":"m"}"#,
            // A response from the client, a notification: no answer.
            r#"{"jsonrpc":"2.0","id":11,"result":null}"#,
            r#"{"jsonrpc":"2.0","method":"initialized"}"#,
            // Not JSON: -32700.
            r#"{"jsonrpc":"2.0","id":12,"#,
        ];
        let input: String =
            bodies.iter().map(|b| format!("Content-Length: {}\r\n\r\n{b}", b.len())).collect();
        let (received, written) = answers_to(input.as_bytes());
        // Each answer's body as written, to see the ids as they are on the wire.
        let answers: Vec<(String, i64)> = written
            .iter()
            .map(|(raw, value)| {
                let id = raw.split_once(r#""id":"#).map(|(_, rest)| rest).unwrap_or_default();
                let id = id.split_once(r#","error""#).map_or(id, |(id, _)| id).to_string();
                (id, value["error"]["code"].as_i64().unwrap_or_default())
            })
            .collect();
        let expected = [
            ("1", -32600),
            (r#""a""#, -32600),
            ("3", -32600),
            ("4", -32600),
            ("5.25", -32600),
            ("6", -32600),
            ("null", -32600),
            ("null", -32600),
            ("9", -32600),
            ("null", -32600),
            ("null", -32600),
            ("null", -32600),
            ("null", -32600),
            ("null", -32600),
            ("null", -32600),
            ("null", -32700),
        ];
        let expected: Vec<(String, i64)> =
            expected.iter().map(|(id, code)| (id.to_string(), *code)).collect();
        assert_eq!(answers, expected);
        // The batch's valid member and the requests reach the server; answering them gives
        // the ids back exactly as written.
        let requests: Vec<&lsp_server::Request> = received
            .iter()
            .filter_map(|m| match m {
                Message::Request(r) => Some(r),
                _ => None,
            })
            .collect();
        assert_eq!(requests.len(), 9, "{received:?}");
        let (answers, answered) = unbounded();
        for r in &requests {
            answers.send(Response::new_ok(r.id.clone(), 0).into()).expect("sent");
        }
        drop(answers);
        let mut out = Vec::new();
        write_all(&answered, &mut out).expect("written");
        let out = String::from_utf8(out).expect("UTF-8");
        for id in [
            "10",
            "123456789012345678901234567890",
            "-2147483649",
            "1.50",
            "1e3",
            "null",
            r#""\u0000cescacs-id:5""#,
            r#""s""#,
            "-7",
        ] {
            assert!(out.contains(&format!(r#""id":{id},"#)), "{id} in {out}");
        }
        assert_eq!(received.iter().filter(|m| matches!(m, Message::Notification(_))).count(), 1);
        assert_eq!(received.iter().filter(|m| matches!(m, Message::Response(_))).count(), 1);
    }
}
