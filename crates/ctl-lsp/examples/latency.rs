//! The latency of the editing requests on a 1 MiB document, through the server as an editor
//! drives it (in-memory connection, JSON values both ways): semantic tokens of the whole
//! document, of one screen and their delta after an edit, completion at a move, folding.
//!
//! ```sh
//! cargo run --release -p ctl-lsp --example latency
//! ```
//!
//! The document is generated games written with every feature (`cargo xtask gen --rich`):
//! comments with references, variations, FAN and `[Redefine]` letters. Figures are wall-clock
//! times from request to response (the median and the slowest of the runs) and the CPU time of
//! the process per request (server and client: what the request costs, however loaded the
//! machine is; from `/proc/self/stat`, Linux only).

use std::time::{Duration, Instant};

use cescacs_gen::{Features, generate_game_with};
use lsp_server::{Connection, Message, Notification, Request, RequestId};
use serde_json::{Value, json};

const URI: &str = "file:///latency.ctl-pgn";
const RUNS: usize = 30;

struct Client {
    connection: Connection,
    next: i32,
}

impl Client {
    fn request(&mut self, method: &str, params: Value) -> (Duration, Value) {
        self.next += 1;
        let id = RequestId::from(self.next);
        let started = Instant::now();
        let request = Request::new(id.clone(), method.to_string(), params);
        self.connection.sender.send(request.into()).expect("the server listens");
        loop {
            if let Message::Response(r) = self.connection.receiver.recv().expect("an answer") {
                if r.id == id {
                    return (started.elapsed(), r.response_result.expect("a result"));
                }
            }
        }
    }

    fn notify(&self, method: &str, params: Value) {
        let n = Notification::new(method.to_string(), params);
        self.connection.sender.send(n.into()).expect("the server listens");
    }

    /// Runs a request [`RUNS`] times, its parameters made by `next` from the run and the
    /// previous answer: prints the median and the slowest, the CPU time per request; returns
    /// the last answer.
    fn time(
        &mut self,
        what: &str,
        method: &str,
        first: Value,
        mut next: impl FnMut(&mut Client, usize, &Value) -> Value,
    ) -> Value {
        let mut times = Vec::new();
        let mut answer = first;
        let mut cpu = Duration::ZERO;
        for run in 0..RUNS {
            let params = next(self, run, &answer);
            let started = cpu_time();
            let (took, value) = self.request(method, params);
            drop(std::mem::replace(&mut answer, value));
            cpu += cpu_time().saturating_sub(started);
            times.push(took);
        }
        times.sort();
        println!(
            "{what:<42} median {:>7.2} ms, slowest {:>7.2} ms, CPU {:>6.2} ms a request",
            times[RUNS / 2].as_secs_f64() * 1e3,
            times[RUNS - 1].as_secs_f64() * 1e3,
            cpu.as_secs_f64() * 1e3 / RUNS as f64
        );
        answer
    }
}

/// The CPU time of this process so far (all threads), in clock ticks of 10 ms.
fn cpu_time() -> Duration {
    let stat = std::fs::read_to_string("/proc/self/stat").unwrap_or_default();
    // After the command name in parentheses: state is field 3, utime 14 and stime 15.
    let fields: Vec<&str> = stat.rsplit(')').next().unwrap_or("").split_whitespace().collect();
    let ticks = |i: usize| fields.get(i - 3).and_then(|f| f.parse::<u64>().ok()).unwrap_or(0);
    Duration::from_millis((ticks(14) + ticks(15)) * 10)
}

fn main() {
    let mut text = String::new();
    let mut games = 0;
    while text.len() < 1 << 20 {
        if games > 0 {
            text.push('\n');
        }
        text.push_str(&generate_game_with(7, games, 80, &Features::RICH).text);
        games += 1;
    }
    let lines = text.lines().count() as u64;
    println!("document: {} bytes, {games} games, {lines} lines", text.len());
    let (server, connection) = Connection::memory();
    // No check runs while the requests are timed: the edits below wait an hour for theirs.
    let options = ctl_lsp::Options { debounce: Duration::from_secs(3600), ..Default::default() };
    let thread = std::thread::spawn(move || ctl_lsp::run_with(server, options));
    let mut c = Client { connection, next: 0 };
    c.request("initialize", json!({ "capabilities": {} }));
    c.notify("initialized", json!({}));
    c.notify(
        "textDocument/didOpen",
        json!({ "textDocument": { "uri": URI, "languageId": "ctl-pgn", "version": 1, "text": text } }),
    );
    // Symbols wait for the check of the document: the timings below do not overlap it.
    let symbols = json!({ "textDocument": { "uri": URI } });
    let (checked, _) = c.request("textDocument/documentSymbol", symbols);
    println!("the document checked after {:.0} ms", checked.as_secs_f64() * 1e3);
    let doc = json!({ "textDocument": { "uri": URI } });
    let same = |params: &Value| {
        let params = params.clone();
        move |_: &mut Client, _: usize, _: &Value| params.clone()
    };
    let full = "textDocument/semanticTokens/full";
    let tokens = c.time("semanticTokens/full (whole document)", full, Value::Null, same(&doc));
    let count = tokens["data"].as_array().map_or(0, Vec::len) / 5;
    println!("{:<42} {count} tokens", "");
    let middle = lines / 2;
    let screen = json!({ "textDocument": { "uri": URI }, "range": { "start": { "line": middle, "character": 0 }, "end": { "line": middle + 60, "character": 0 } } });
    let range = "textDocument/semanticTokens/range";
    c.time("semanticTokens/range (60 lines)", range, Value::Null, same(&screen));
    // Completion at the start of a Black move of the last game, and of a game in the middle.
    for (what, game) in
        [("last", text.rfind("1. ")), ("middle", text[..text.len() / 2].rfind("1. "))]
    {
        let at = game.expect("a first move");
        let comma = at + text[at..].find(", ").expect("Black's move") + 2;
        let line = text[..comma].matches('\n').count() as u64;
        let character = text[..comma].rsplit('\n').next().unwrap().encode_utf16().count() as u64;
        let params = json!({ "textDocument": { "uri": URI }, "position": { "line": line, "character": character } });
        let what = format!("completion (a move of the {what} game)");
        let found = c.time(&what, "textDocument/completion", Value::Null, same(&params));
        let items = found["items"].as_array().map_or(0, Vec::len);
        println!("{:<42} {items} moves", "");
    }
    // A comment typed in the middle of the document, then the delta since the last tokens.
    let delta = "textDocument/semanticTokens/full/delta";
    let after_edit = |c: &mut Client, run: usize, last: &Value| {
        let at = json!({ "line": middle, "character": 0 });
        c.notify(
            "textDocument/didChange",
            json!({ "textDocument": { "uri": URI, "version": run + 2 }, "contentChanges": [ { "range": { "start": at, "end": at }, "text": "{ ~E13 } " } ] }),
        );
        json!({ "textDocument": { "uri": URI }, "previousResultId": last["resultId"] })
    };
    let last = c.time("semanticTokens/full/delta (after an edit)", delta, tokens, after_edit);
    let edits = last["edits"].as_array().map_or(0, Vec::len);
    println!("{:<42} {edits} edit", "");
    c.time("foldingRange (whole document)", "textDocument/foldingRange", Value::Null, same(&doc));
    c.request("shutdown", Value::Null);
    c.notify("exit", Value::Null);
    thread.join().expect("no panic").expect("a clean exit");
}
