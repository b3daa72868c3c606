//! Hostile input (issue 17): a seeded generator of inputs of every hostile kind known
//! (docs/RELIABILITY.md), the invariants each must keep, and `cargo xtask hostile`, the long
//! run of both plus the release CLI's time, memory and output on every case and on the issue's
//! reproducers.
//!
//! The invariants ([`check_invariants`], run in process at the rules level):
//! - no panic; the same diagnostics on a second run;
//! - every span inside the text and on character boundaries;
//! - the text report (capped as the CLI caps it) has no raw control, bidi or invisible format
//!   character, and stays within [`REPORT_BYTES`] a report;
//! - the JSON is valid and every range inside the file;
//! - a text without syntax errors is written by `fmt` to a text with the same meaning, and
//!   writing again gives the same text.
//!
//! `xtask/tests/hostile_suite.rs` runs 300 cases under `cargo test`.

use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use cescacs_diagnostics::terminal::is_unsafe;

use cescacs_gen::Rng;
use ctl_pgn::render::{Context, ErrorCap, FileReport, PositionEncoding, render_json};
use ctl_pgn::write::{WriteOptions, write_file};
use ctl_pgn::{Check, Level};

mod matching;

/// One of `items`, by `rng`.
fn pick<'a, T>(rng: &mut Rng, items: &'a [T]) -> &'a T {
    &items[rng.below(items.len())]
}

/// A good game, which kinds 10 and 11 spoil.
pub const GAME: &str = "[Variant \"C'escacs\"]\n[Event \"x\"]\n1. E7-E13, E21-E15 {a comment ~E13}\n2. F8-F12 (2. D8-D12) 2... F20-F16:\n*\n";

/// A game without tags: a run of them is one chunk of a file (no `[Variant` line to cut it at),
/// which the reader reads a record at a time.
pub const UNTAGGED: &str = "1. E7-E13, E21-E15\n2. F8-F12, JF22-E19:\n*\n";

/// Characters a terminal acts on or hides, and the ones the grammar cares about.
pub const NASTY: &[&str] = &[
    "\x1b[2J",
    "\x1b]0;pwned\x07",
    "\u{9b}31m",
    "\u{202e}",
    "\u{2066}",
    "\u{200b}",
    "\u{feff}",
    "\r",
    "\r\n",
    "\x00",
    "\x7f",
    "\u{85}",
    "\u{2028}",
    "[",
    "]",
    "(",
    ")",
    "{",
    "}",
    "\"",
    "\\",
    "*",
    ":",
    "…",
    "1.",
    "~",
    "×",
    "\t",
    "é",
    "𝄞",
];

/// One hostile input of kind `kind`.
pub fn hostile(rng: &mut Rng, kind: usize) -> Vec<u8> {
    let n = 1 + rng.below(2_000);
    match kind {
        0 => "*\n".repeat(n).into_bytes(),
        1 => vec![b'['; n],
        2 => vec![b')'; n],
        3 => vec![b'('; n],
        4 => (0..n).map(|_| rng.next() as u8).collect(),
        5 => format!("[Variant \"C'escacs\"]\n{}*\n", "1. … ".repeat(n)).into_bytes(),
        6 => format!("[Variant \"C'escacs\"]\n1. E7-E13 {}*\n", "(1. F8-F12) ".repeat(n))
            .into_bytes(),
        7 => format!("{}*\n", "[Ev{nt \"x\"]\n}\n".repeat(1 + n / 10)).into_bytes(),
        8 => format!("[Variant \"C'escacs\"]\n{{{}", "x".repeat(n)).into_bytes(),
        9 => format!("[Variant \"C'escacs\"]\n{}", "[Tag \"v\"]\n".repeat(n)).into_bytes(),
        10 => {
            // Nasty fragments spliced into a good game, anywhere.
            let mut text = GAME.repeat(1 + rng.below(3));
            for _ in 0..1 + rng.below(8) {
                let mut at = rng.below(text.len() + 1);
                while !text.is_char_boundary(at) {
                    at -= 1;
                }
                let fragment: &str = pick::<&str>(rng, NASTY);
                text.insert_str(at, fragment);
            }
            text.into_bytes()
        }
        11 => {
            // Bytes of a good game deleted or duplicated.
            let mut bytes = GAME.repeat(2).into_bytes();
            for _ in 0..1 + rng.below(6) {
                let at = rng.below(bytes.len());
                if rng.below(2) == 0 {
                    bytes.remove(at);
                } else {
                    let b = bytes[at];
                    bytes.insert(at, b);
                }
            }
            bytes
        }
        _ => {
            // Nasty fragments only.
            (0..n / 4 + 1).flat_map(|_| pick::<&str>(rng, NASTY).as_bytes().to_vec()).collect()
        }
    }
}

/// How many kinds [`hostile`] makes.
pub const KINDS: usize = 13;

/// A report's largest size: at most 17 lines shown, each cut to about 250 characters, plus its
/// message, help and notes.
pub const REPORT_BYTES: usize = 16 * 1024;

/// Fails with the message when `$cond` does not hold.
macro_rules! ensure {
    ($cond:expr, $($message:tt)+) => {
        if !$cond {
            return Err(format!($($message)+));
        }
    };
}

/// Checks the invariants of the module documentation on one input; the first one broken is
/// the error.
///
/// ```
/// assert!(xtask::hostile::check_invariants(b"[[[(((".to_vec()).is_ok());
/// ```
pub fn check_invariants(bytes: Vec<u8>) -> Result<(), String> {
    let decoded = ctl_pgn::decode::decode(bytes);
    let text = decoded.text.as_str();
    let mut found = decoded.diagnostics.clone();
    found.extend(Check::new(Level::Rules).text(text).diagnostics);
    let again = Check::new(Level::Rules).text(text).diagnostics;
    ensure!(found[decoded.diagnostics.len()..] == again[..], "not deterministic");
    for d in &found {
        let spans = std::iter::once(d.span).chain(d.labels.iter().map(|l| l.span));
        for span in spans {
            ensure!(
                span.start <= span.end
                    && span.end <= text.len()
                    && text.is_char_boundary(span.start)
                    && text.is_char_boundary(span.end),
                "span {span} of {} in a text of {}",
                d.code,
                text.len()
            );
        }
    }
    // People: the CLI's cap, then the report.
    let mut cap = ErrorCap::default();
    let mut report = FileReport::new("hostile.ctl-pgn", decoded.shown());
    for d in &found {
        if cap.admit(d.severity) {
            report.push(d.clone(), Context::default());
        }
    }
    let shown = report.render_text(false);
    if let Some(c) = shown.chars().find(|&c| is_unsafe(c)) {
        return Err(format!("a raw {c:?} in the text report"));
    }
    ensure!(
        shown.len() <= report.diagnostics.len() * REPORT_BYTES,
        "{} bytes for {} reports",
        shown.len(),
        report.diagnostics.len()
    );
    // Editors.
    let json = render_json(&[report], PositionEncoding::Utf16);
    let value: serde_json::Value =
        serde_json::from_str(&json).map_err(|e| format!("invalid JSON: {e}"))?;
    let lines = text.split('\n').count() + text.matches('\r').count();
    for d in value["files"][0]["diagnostics"].as_array().into_iter().flatten() {
        let end = d["range"]["end"]["line"].as_u64().unwrap_or(u64::MAX);
        ensure!(end < lines as u64 + 1, "range past the text: {d}");
    }
    // fmt: meaning kept, idempotent.
    let parsed = ctl_an::parse_file(text);
    if !found.iter().any(|d| d.is_error()) && !parsed.has_errors() {
        let written = write_file(&parsed.file, WriteOptions::default());
        let second = ctl_an::parse_file(&written);
        ensure!(!second.has_errors(), "fmt wrote errors:\n{written}");
        ensure!(
            ctl_an::meaning(&parsed.file) == ctl_an::meaning(&second.file),
            "fmt changed the meaning"
        );
        ensure!(
            write_file(&second.file, WriteOptions::default()) == written,
            "fmt is not idempotent"
        );
    }
    Ok(())
}

/// The cases of a run: `cases` inputs from `seed`, the kinds in turn.
pub fn cases(cases: usize, seed: u64) -> impl Iterator<Item = (usize, Vec<u8>)> {
    let mut rng = Rng(seed.max(1));
    (0..cases).map(move |case| (case % KINDS, hostile(&mut rng, case % KINDS)))
}

/// What one run of a command gave.
#[derive(Debug, Clone, PartialEq)]
pub struct Measured {
    /// The exit status (`None`: killed by a signal, an abort).
    pub code: Option<i32>,
    /// Wall-clock seconds.
    pub seconds: f64,
    /// Peak resident memory in KB (the kernel's `VmHWM`, sampled every 5 ms until the exit;
    /// `None` without `/proc`).
    pub peak_kb: Option<u64>,
    /// Bytes written on standard output and standard error.
    pub output: u64,
    /// Standard error (its first megabyte).
    pub stderr: String,
}

/// Runs `command` with its outputs counted and its peak memory sampled.
pub fn measure(command: &mut Command) -> Result<Measured, String> {
    measure_from(command, Stdio::null())
}

/// [`measure`], with `stdin` as the command's standard input.
pub fn measure_from(command: &mut Command, stdin: Stdio) -> Result<Measured, String> {
    let started = Instant::now();
    let mut child = command
        .stdin(stdin)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| format!("cannot run {command:?}: {e}"))?;
    let mut stdout = child.stdout.take().ok_or("no standard output")?;
    let mut stderr = child.stderr.take().ok_or("no standard error")?;
    let out =
        std::thread::spawn(move || std::io::copy(&mut stdout, &mut std::io::sink()).unwrap_or(0));
    let err = std::thread::spawn(move || {
        let mut kept = Vec::new();
        let n = std::io::copy(&mut (&mut stderr).take(1 << 20), &mut kept).unwrap_or(0);
        let rest = std::io::copy(&mut stderr, &mut std::io::sink()).unwrap_or(0);
        (n + rest, String::from_utf8_lossy(&kept).into_owned())
    });
    let status = format!("/proc/{}/status", child.id());
    let mut peak_kb = None;
    let code = loop {
        if let Some(kb) = std::fs::read_to_string(&status).ok().as_deref().and_then(vm_hwm_kb) {
            peak_kb = Some(peak_kb.map_or(kb, |p: u64| p.max(kb)));
        }
        match child.try_wait() {
            Ok(Some(status)) => break status.code(),
            Ok(None) => std::thread::sleep(Duration::from_millis(5)),
            Err(e) => return Err(format!("waiting for {command:?}: {e}")),
        }
    };
    let seconds = started.elapsed().as_secs_f64();
    let (err, stderr) = err.join().unwrap_or_default();
    let output = out.join().unwrap_or(0) + err;
    Ok(Measured { code, seconds, peak_kb, output, stderr })
}

/// `VmHWM:   123456 kB` in KB.
pub(crate) fn vm_hwm_kb(status: &str) -> Option<u64> {
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

/// The commands that read games, as `cargo xtask hostile` runs them on every case.
pub const COMMANDS: [&[&str]; 6] = [
    &["check"],
    &["check", "--format", "json"],
    &["fmt", "--stdout"],
    &["filter"],
    &["convert", "--letters", "fan"],
    &["replay"],
];

/// The options of `cargo xtask hostile`.
#[derive(Debug, Clone)]
pub struct Options {
    /// Cases to generate.
    pub cases: usize,
    /// Their seed.
    pub seed: u64,
    /// Build the release CLI first.
    pub build: bool,
    /// Also the 200 MB valid file of the issue (`fmt --stdout`).
    pub big: bool,
    /// Only the scaling run (`crate::scale`, which `cargo xtask` runs instead of [`run`]): each
    /// command over each shape at N, 2N and 4N.
    pub scale: bool,
}

impl Options {
    /// Reads `--cases N --seed S --no-build --big --scale`.
    pub fn parse(args: &[String]) -> Result<Options, String> {
        let mut options =
            Options { cases: 2_000, seed: 0x17, build: true, big: false, scale: false };
        let mut it = args.iter();
        while let Some(arg) = it.next() {
            let mut value = |name: &str| -> Result<u64, String> {
                it.next().and_then(|v| v.parse().ok()).ok_or(format!("`{name}` needs a number"))
            };
            match arg.as_str() {
                "--cases" => options.cases = value("--cases")? as usize,
                "--seed" => options.seed = value("--seed")?,
                "--no-build" => options.build = false,
                "--big" => options.big = true,
                "--scale" => options.scale = true,
                other => return Err(format!("unknown option `{other}` of `hostile`")),
            }
        }
        Ok(options)
    }
}

/// The worst of a set of runs.
#[derive(Debug, Default, Clone, Copy)]
struct Worst {
    runs: usize,
    input: u64,
    output: u64,
    seconds: f64,
    peak_kb: u64,
    ratio: f64,
}

impl Worst {
    fn add(&mut self, input: u64, m: &Measured) {
        self.runs += 1;
        self.input += input;
        self.output += m.output;
        self.seconds = self.seconds.max(m.seconds);
        self.peak_kb = self.peak_kb.max(m.peak_kb.unwrap_or(0));
        self.ratio = self.ratio.max(m.output as f64 / input.max(1) as f64);
    }
}

/// One of the issue's reproducers: name, command, input (`None`: `/dev/zero`).
type Reproducer = (&'static str, Vec<&'static str>, Option<Vec<u8>>);

/// The issue's reproducers.
fn reproducers(big: bool) -> Vec<Reproducer> {
    let v = "[Variant \"C'escacs\"]\n";
    let tiny = "[Variant \"C'escacs\"] 1. E7-E13, E21-E15: * ";
    let mut random = Rng(17);
    let mut list = vec![
        (
            "`1. …` ×10^6 (7 MB)",
            vec!["check"],
            Some(format!("{v}{}*\n", "1. …\n".repeat(1_000_000)).into_bytes()),
        ),
        (
            "10^5 sibling variations (1.2 MB)",
            vec!["check"],
            Some(format!("{v}1. E7-E13\n{}*\n", "(1. F8-F12)\n".repeat(100_000)).into_bytes()),
        ),
        ("100 KB of `[`", vec!["check"], Some(vec![b'['; 100_000])),
        ("100 KB of `[`, JSON", vec!["check", "--format", "json"], Some(vec![b'['; 100_000])),
        ("100 KB of `)`", vec!["check"], Some(vec![b')'; 100_000])),
        (
            "1 MB of random bytes",
            vec!["check"],
            Some((0..1_000_000).map(|_| random.next() as u8).collect()),
        ),
        ("40,000 `*` lines", vec!["check"], Some("*\n".repeat(40_000).into_bytes())),
        (
            "23,000 games without tags (1 MB)",
            vec!["replay"],
            Some(UNTAGGED.repeat(23_000).into_bytes()),
        ),
        (
            "34,000 games on one line (1.4 MB)",
            vec!["fmt", "--stdout"],
            Some(format!("{}\n", tiny.repeat(34_000)).into_bytes()),
        ),
        ("`/dev/zero`", vec!["check"], None),
        ("`/dev/zero`", vec!["fmt", "--stdout"], None),
    ];
    let globs = matching::reproducers();
    list.extend(globs.runs.into_iter().map(|(name, args)| (name, args, Some(globs.input.clone()))));
    if big {
        let text = cescacs_gen::generate_corpus(2026, 200_000_000, 200).text.into_bytes();
        list.push(("a valid 200 MB file", vec!["fmt", "--stdout"], Some(text.clone())));
        list.push(("a valid 200 MB file", vec!["check"], Some(text)));
    }
    list
}

/// Runs `cargo xtask hostile` (see the module documentation); returns its report in Markdown.
/// `--scale` is not this run: `cargo xtask` calls [`build`] then `crate::scale::run` for it.
pub fn run(root: &Path, options: &Options) -> Result<String, String> {
    let started = Instant::now();
    let mut broken = Vec::new();
    for (case, (kind, bytes)) in cases(options.cases, options.seed).enumerate() {
        if let Err(e) = check_invariants(bytes) {
            broken.push(format!("case {case} (kind {kind}): {e}"));
        }
    }
    let in_process = started.elapsed().as_secs_f64();
    if !broken.is_empty() {
        return Err(format!("{} cases broke an invariant:\n{}", broken.len(), broken.join("\n")));
    }
    build(root, options)?;
    let cli = root.join("target/release/cescacs");
    let dir = root.join("target/hostile");
    std::fs::create_dir_all(&dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    let mut kinds = vec![Worst::default(); KINDS];
    let mut all = Worst::default();
    let mut failures = Vec::new();
    for (case, (kind, bytes)) in cases(options.cases, options.seed).enumerate() {
        let path = dir.join(format!("case-{case}.ctl-pgn"));
        std::fs::write(&path, &bytes).map_err(|e| format!("{}: {e}", path.display()))?;
        for args in COMMANDS {
            let m = measure(Command::new(&cli).args(args).arg(&path).env("NO_COLOR", "1"))?;
            if !matches!(m.code, Some(0..=2)) {
                failures.push(format!("case {case} `{}`: status {:?}", args.join(" "), m.code));
            }
            kinds[kind].add(bytes.len() as u64, &m);
            all.add(bytes.len() as u64, &m);
        }
        let _ = std::fs::remove_file(&path);
    }
    let mut out = format!(
        "{} cases (seed {}), {} kinds: invariants in process {in_process:.1} s; then {} runs of the release CLI ({}), every status 0, 1 or 2: {}\n\n",
        options.cases,
        options.seed,
        KINDS,
        all.runs,
        COMMANDS.iter().map(|c| format!("`{}`", c.join(" "))).collect::<Vec<_>>().join(", "),
        if failures.is_empty() {
            "yes".to_string()
        } else {
            format!("no:\n{}\n", failures.join("\n"))
        },
    );
    out.push_str("| kind | runs | input | output | worst time | worst peak RSS | worst output per input byte |\n|---|---|---|---|---|---|---|\n");
    for (kind, w) in kinds.iter().enumerate() {
        out.push_str(&row(&format!("{kind}: {}", KIND_NAMES[kind]), w));
    }
    out.push_str(&row("all", &all));
    out.push_str("\n| reproducer | command | input | time | peak RSS | output | output per input byte | status |\n|---|---|---|---|---|---|---|---|\n");
    for (name, args, input) in reproducers(options.big) {
        let (path, size) = match &input {
            Some(bytes) => {
                let path = dir.join("reproducer.ctl-pgn");
                std::fs::write(&path, bytes).map_err(|e| format!("{}: {e}", path.display()))?;
                (path, bytes.len() as u64)
            }
            None => (PathBuf::from("/dev/zero"), 0),
        };
        let m = measure(Command::new(&cli).args(&args).arg(&path).env("NO_COLOR", "1"))?;
        out.push_str(&format!(
            "| {name} | `{}` | {} | {:.2} s | {} | {} | {} | {} |\n",
            shown_command(&args),
            if input.is_some() { bytes(size) } else { "endless".to_string() },
            m.seconds,
            m.peak_kb.map_or("?".to_string(), |kb| format!("{:.1} MB", kb as f64 / 1000.0)),
            bytes(m.output),
            if size > 0 {
                format!("{:.3}", m.output as f64 / size as f64)
            } else {
                "-".to_string()
            },
            m.code.map_or("signal".to_string(), |c| c.to_string()),
        ));
    }
    let _ = std::fs::remove_file(dir.join("reproducer.ctl-pgn"));
    #[cfg(unix)]
    {
        let (table, safe) = crate::hostile_writes::run(&cli, &dir.join("writes"));
        out.push('\n');
        out.push_str(&table);
        if !safe {
            failures.push("a file-writing reproducer".to_string());
        }
    }
    if !failures.is_empty() {
        return Err(out);
    }
    Ok(out)
}

/// A reproducer's command as the report shows it: an argument of over 40 characters (the
/// 60,000-character globs of `matching`) cut, with its length.
fn shown_command(args: &[&str]) -> String {
    let shown = args.iter().map(|arg| match arg.char_indices().nth(40) {
        Some((cut, _)) => format!("{}…({} characters)", &arg[..cut], arg.chars().count()),
        None => arg.to_string(),
    });
    shown.collect::<Vec<_>>().join(" ")
}

/// Builds the release CLI, unless `--no-build`.
pub fn build(root: &Path, options: &Options) -> Result<(), String> {
    if !options.build {
        return Ok(());
    }
    let status = Command::new(env!("CARGO"))
        .args(["build", "--release", "-p", "ctl-cli"])
        .current_dir(root)
        .status()
        .map_err(|e| format!("cannot build the CLI: {e}"))?;
    if !status.success() {
        return Err("the release build failed".to_string());
    }
    Ok(())
}

/// What each kind of [`hostile`] is.
pub const KIND_NAMES: [&str; KINDS] = [
    "`*` lines",
    "`[` flood",
    "`)` flood",
    "`(` flood",
    "random bytes",
    "`1. …` repeated",
    "sibling variations",
    "malformed tags",
    "an unclosed comment",
    "a tag flood",
    "nasty fragments in a game",
    "bytes deleted or doubled",
    "nasty fragments alone",
];

fn row(name: &str, w: &Worst) -> String {
    format!(
        "| {name} | {} | {} | {} | {:.2} s | {:.1} MB | {:.2} |\n",
        w.runs,
        bytes(w.input),
        bytes(w.output),
        w.seconds,
        w.peak_kb as f64 / 1000.0,
        w.ratio
    )
}

/// `n` bytes for people.
pub(crate) fn bytes(n: u64) -> String {
    match n {
        0..1_000 => format!("{n} B"),
        1_000..1_000_000 => format!("{:.1} KB", n as f64 / 1e3),
        _ => format!("{:.1} MB", n as f64 / 1e6),
    }
}
