//! `cargo xtask hostile --scale` (issue 30): every command over each hostile shape at N, 2N and
//! 4N bytes, with its time, peak memory and output at each size; a run fails when a command
//! grows faster than linearly (time or output), goes over the memory budget, or ends with a
//! status other than 0, 1 or 2.

use std::io::{BufRead, BufReader, Write};
use std::path::Path;
use std::process::{Command, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use serde_json::{Value, json};

use crate::hostile::{Measured, bytes as human, measure_from, vm_hwm_kb};
use cescacs_gen::Rng;

/// The most memory any command may take on any shape at any size: the budget.
pub const BUDGET_KB: u64 = 200_000;

/// Growth allowed from N to 4N before it counts as faster than linear: twice the linear
/// factor, for the noise of a shared machine.
const SLACK: f64 = 2.0;

/// Times below this are noise: growth is measured from it.
const FLOOR_SECONDS: f64 = 0.05;

/// Output below this is a fixed cost (a capped report): growth is measured past it.
const FLOOR_OUTPUT: u64 = 64 << 10;

/// How a command reads its input.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum From {
    /// The path is its last argument.
    File,
    /// Standard input (`pdtl -`).
    Stdin,
    /// One document opened in the language server (`cescacs lsp`): measured from its start to
    /// the diagnostics of the document.
    Lsp,
}

/// One hostile shape: its name, how to make `n` units of it, the unit count N, and the
/// commands run over it.
struct Shape {
    name: &'static str,
    make: fn(usize) -> Vec<u8>,
    n: usize,
    commands: Vec<(&'static [&'static str], From)>,
}

const V: &str = "[Variant \"C'escacs\"]\n";

/// Every command that reads games, `convert --to app`, `html`, and the language server.
fn game_commands() -> Vec<(&'static [&'static str], From)> {
    let mut all = file_commands();
    all.push((&["lsp"], From::Lsp));
    all
}

/// Every command that reads game files, `convert --to app`, and `html` (whose page is written
/// beside the input and removed with it).
fn file_commands() -> Vec<(&'static [&'static str], From)> {
    let mut all: Vec<(&'static [&'static str], From)> =
        crate::hostile::COMMANDS.iter().map(|c| (*c, From::File)).collect();
    all.push((&["convert", "--to", "app"], From::File));
    all.push((&["html"], From::File));
    all
}

/// One PDTL line of `n` slashes.
fn slashes(n: usize) -> Vec<u8> {
    let mut line = vec![b'/'; n];
    line.push(b'\n');
    line
}

fn shapes() -> Vec<Shape> {
    let games = game_commands;
    vec![
        Shape {
            name: "`*` lines",
            make: |n| "*\n".repeat(n).into_bytes(),
            n: 1_250_000,
            commands: games(),
        },
        Shape { name: "`[` flood", make: |n| vec![b'['; n], n: 25_000, commands: games() },
        Shape { name: "`)` flood", make: |n| vec![b')'; n], n: 25_000, commands: games() },
        Shape { name: "`(` flood", make: |n| vec![b'('; n], n: 25_000, commands: games() },
        Shape {
            name: "random bytes",
            make: |n| {
                let mut rng = Rng(30);
                (0..n).map(|_| rng.next() as u8).collect()
            },
            n: 250_000,
            commands: games(),
        },
        Shape {
            name: "`1. …` repeated",
            make: |n| format!("{V}{}*\n", "1. …\n".repeat(n)).into_bytes(),
            n: 250_000,
            commands: games(),
        },
        Shape {
            name: "sibling variations",
            make: |n| format!("{V}1. E7-E13\n{}*\n", "(1. F8-F12)\n".repeat(n)).into_bytes(),
            n: 25_000,
            commands: games(),
        },
        Shape {
            name: "games without tags",
            make: |n| crate::hostile::UNTAGGED.repeat(n).into_bytes(),
            n: 6_000,
            commands: games(),
        },
        Shape {
            name: "games with comments",
            make: |n| format!("{V}1. E7-E13: {{a comment}} *\n\n").repeat(n).into_bytes(),
            n: 45_000,
            commands: games(),
        },
        Shape {
            name: "valid games",
            make: |n| cescacs_gen::generate_corpus(2026, n, 200).text.into_bytes(),
            n: 10_000_000,
            // 10 to 40 MB in one editor buffer is no editor's case: the files' commands only.
            commands: file_commands(),
        },
        Shape {
            name: "a PDTL line of `/` within `pdtl::MAX_BYTES`",
            make: slashes,
            n: 4_000,
            commands: vec![(&["pdtl", "-"], From::Stdin)],
        },
        Shape {
            name: "a PDTL line of `/`",
            make: slashes,
            n: 256_000,
            commands: vec![
                (&["pdtl", "-"], From::Stdin),
                (&["pdtl", "--from", "app", "-"], From::Stdin),
            ],
        },
    ]
}

/// What one command gave at N, 2N and 4N.
struct Series {
    input: [u64; 3],
    runs: [Measured; 3],
}

impl Series {
    /// Why the series fails, if it does.
    fn verdict(&self) -> Option<String> {
        let mut why = Vec::new();
        for (m, size) in self.runs.iter().zip(self.input) {
            if !matches!(m.code, Some(0..=2)) {
                why.push(format!("status {:?} at {}", m.code, human(size)));
            }
            if m.peak_kb.is_some_and(|kb| kb > BUDGET_KB) {
                why.push(format!("{} over the budget at {}", mb(m.peak_kb), human(size)));
            }
        }
        let (first, last) = (&self.runs[0], &self.runs[2]);
        if last.seconds > 4.0 * SLACK * first.seconds.max(FLOOR_SECONDS) {
            why.push(format!("time {:.2} s, then {:.2} s at 4N", first.seconds, last.seconds));
        }
        if last.output > (4.0 * SLACK) as u64 * first.output.max(FLOOR_OUTPUT) {
            why.push(format!("output {}, then {} at 4N", human(first.output), human(last.output)));
        }
        (!why.is_empty()).then(|| why.join("; "))
    }
}

/// Runs `cargo xtask hostile --scale` with the release CLI `cli`, its inputs under `dir`;
/// returns the report in Markdown, or it as an error when a series fails.
pub fn run(cli: &Path, dir: &Path) -> Result<String, String> {
    std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    let mut out = format!(
        "Each command over each shape at N, 2N and 4N (time, peak RSS, output); budget {} MB, \
         growth from N to 4N allowed up to ×{} (time from {FLOOR_SECONDS} s, output from {}).\n\n\
         | shape | command | input N / 2N / 4N | time | peak RSS | output | status |\n\
         |---|---|---|---|---|---|---|\n",
        BUDGET_KB / 1000,
        4.0 * SLACK,
        human(FLOOR_OUTPUT),
    );
    let mut failures = Vec::new();
    for shape in shapes() {
        let inputs: Vec<Vec<u8>> = [1, 2, 4].iter().map(|k| (shape.make)(shape.n * k)).collect();
        let paths: Vec<_> = (0..3).map(|i| dir.join(format!("scale-{i}.ctl-pgn"))).collect();
        for (path, bytes) in paths.iter().zip(&inputs) {
            std::fs::write(path, bytes).map_err(|e| format!("{}: {e}", path.display()))?;
        }
        for (args, from) in &shape.commands {
            let mut runs = Vec::new();
            for (path, bytes) in paths.iter().zip(&inputs) {
                if *from == From::Lsp {
                    runs.push(measure_lsp(cli, &String::from_utf8_lossy(bytes))?);
                    continue;
                }
                let mut command = Command::new(cli);
                command.args(*args).env("NO_COLOR", "1");
                let stdin = match from {
                    From::File => {
                        command.arg(path);
                        Stdio::null()
                    }
                    From::Lsp => unreachable!("measured above"),
                    From::Stdin => Stdio::from(
                        std::fs::File::open(path)
                            .map_err(|e| format!("{}: {e}", path.display()))?,
                    ),
                };
                runs.push(measure_from(&mut command, stdin)?);
            }
            let runs: [Measured; 3] = runs.try_into().map_err(|_| "three runs".to_string())?;
            let series = Series { input: [0, 1, 2].map(|i| inputs[i].len() as u64), runs };
            let verdict = series.verdict();
            let three = |f: &dyn Fn(&Measured) -> String| {
                series.runs.iter().map(f).collect::<Vec<_>>().join(" / ")
            };
            out.push_str(&format!(
                "| {} | `{}` | {} | {} | {} | {} | {} |\n",
                shape.name,
                args.join(" "),
                series.input.map(human).join(" / "),
                three(&|m| format!("{:.2} s", m.seconds)),
                three(&|m| mb(m.peak_kb)),
                three(&|m| human(m.output)),
                verdict.as_deref().map_or("ok".to_string(), |why| format!("**{why}**")),
            ));
            if let Some(why) = verdict {
                failures.push(format!("{} `{}`: {why}", shape.name, args.join(" ")));
            }
        }
        for path in &paths {
            let _ = std::fs::remove_file(path);
            let _ = std::fs::remove_file(path.with_extension("html"));
        }
    }
    if failures.is_empty() {
        Ok(out)
    } else {
        Err(format!("{out}\n{} series failed:\n{}", failures.len(), failures.join("\n")))
    }
}

/// How long the language server may take to publish a document's diagnostics.
const LSP_PATIENCE: Duration = Duration::from_secs(120);

/// Opens `text` as one document in `cescacs lsp` and waits for its diagnostics, then shuts the
/// server down: the time to the diagnostics, the peak memory until the exit, the bytes the
/// server wrote.
fn measure_lsp(cli: &Path, text: &str) -> Result<Measured, String> {
    let started = Instant::now();
    let mut child = Command::new(cli)
        .arg("lsp")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .map_err(|e| format!("cannot run the language server: {e}"))?;
    let mut stdin = child.stdin.take().ok_or("no standard input")?;
    let stdout = child.stdout.take().ok_or("no standard output")?;
    let (sender, messages) = mpsc::channel::<(u64, Value)>();
    std::thread::spawn(move || {
        let mut reader = BufReader::new(stdout);
        while let Some(message) = read_message(&mut reader) {
            if sender.send(message).is_err() {
                return;
            }
        }
    });
    let status = format!("/proc/{}/status", child.id());
    let mut peak_kb: Option<u64> = None;
    let mut output = 0u64;
    let mut wait_for = |what: &str, found: &dyn Fn(&Value) -> bool| -> Result<(), String> {
        loop {
            if let Some(kb) = std::fs::read_to_string(&status).ok().as_deref().and_then(vm_hwm_kb) {
                peak_kb = Some(peak_kb.map_or(kb, |p| p.max(kb)));
            }
            match messages.recv_timeout(Duration::from_millis(5)) {
                Ok((bytes, message)) => {
                    output += bytes;
                    if found(&message) {
                        return Ok(());
                    }
                }
                Err(mpsc::RecvTimeoutError::Timeout) if started.elapsed() < LSP_PATIENCE => {}
                Err(_) => return Err(format!("the language server gave no {what}")),
            }
        }
    };
    let uri = "file:///scale.ctl-pgn";
    let send = |stdin: &mut std::process::ChildStdin, message: Value| {
        let body = message.to_string();
        write!(stdin, "Content-Length: {}\r\n\r\n{body}", body.len())
            .and_then(|()| stdin.flush())
            .map_err(|e| format!("cannot write to the language server: {e}"))
    };
    send(
        &mut stdin,
        json!({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {"capabilities": {}}}),
    )?;
    wait_for("answer to initialize", &|m| m["id"] == 1)?;
    send(&mut stdin, json!({"jsonrpc": "2.0", "method": "initialized", "params": {}}))?;
    let open =
        json!({"textDocument": {"uri": uri, "languageId": "ctl-pgn", "version": 1, "text": text}});
    send(&mut stdin, json!({"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": open}))?;
    wait_for("diagnostics", &|m| m["method"] == "textDocument/publishDiagnostics")?;
    let seconds = started.elapsed().as_secs_f64();
    send(&mut stdin, json!({"jsonrpc": "2.0", "id": 2, "method": "shutdown"}))?;
    wait_for("answer to shutdown", &|m| m["id"] == 2)?;
    send(&mut stdin, json!({"jsonrpc": "2.0", "method": "exit"}))?;
    drop(stdin);
    let code = child.wait().map_err(|e| format!("waiting for the language server: {e}"))?.code();
    Ok(Measured { code, seconds, peak_kb, output, stderr: String::new() })
}

/// One message of the language server: its size with its header, and its body.
fn read_message(reader: &mut impl BufRead) -> Option<(u64, Value)> {
    let mut length = None;
    let mut header = 0;
    loop {
        let mut line = String::new();
        header += reader.read_line(&mut line).ok().filter(|&n| n > 0)?;
        let line = line.trim_end();
        if line.is_empty() {
            break;
        }
        if let Some((name, value)) = line.split_once(':') {
            if name.eq_ignore_ascii_case("content-length") {
                length = value.trim().parse::<usize>().ok();
            }
        }
    }
    let mut body = vec![0; length?];
    reader.read_exact(&mut body).ok()?;
    Some(((header + body.len()) as u64, serde_json::from_slice(&body).ok()?))
}

/// Peak memory for people.
fn mb(kb: Option<u64>) -> String {
    kb.map_or("?".to_string(), |kb| format!("{:.1} MB", kb as f64 / 1000.0))
}
