//! Issue 17, the hostile-input suite: seeded inputs of every hostile kind known
//! (docs/RELIABILITY.md), each checked at the rules level and rendered for people and for
//! editors, with the invariants every input must keep:
//!
//! - no panic; the same diagnostics on a second run;
//! - every span inside the text and on character boundaries;
//! - the text report (capped as the CLI caps it) has no raw control, bidi or invisible format
//!   character, and stays within the documented bound (100 reports of at most a few KB each);
//! - the JSON is valid and every range inside the file;
//! - a text without syntax errors is written by `fmt` to a text with the same meaning, and
//!   writing again gives the same text.
//!
//! `HOSTILE_CASES=N cargo test -p ctl-pgn --test hostile_suite` runs N cases (default 300) for
//! a longer run; `HOSTILE_SEED` changes the seed.

use cescacs_board::terminal::is_unsafe;
use ctl_pgn::render::{Context, ErrorCap, FileReport, PositionEncoding, render_json};
use ctl_pgn::validate::{Level, check_text};
use ctl_pgn::write::{WriteOptions, write_file};

/// A small seeded generator (xorshift64*): the same cases on every run.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }

    fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.below(items.len())]
    }
}

const GAME: &str = "[Variant \"C'escacs\"]\n[Event \"x\"]\n1. E7-E13, E21-E15 {a comment ~E13}\n2. F8-F12 (2. D8-D12) 2... F20-F16:\n*\n";

/// Characters a terminal acts on or hides, and the ones the grammar cares about.
const NASTY: &[&str] = &[
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
fn hostile(rng: &mut Rng, kind: usize) -> Vec<u8> {
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
            // Nasty pieces spliced into a good game, anywhere.
            let mut text = GAME.repeat(1 + rng.below(3));
            for _ in 0..1 + rng.below(8) {
                let mut at = rng.below(text.len() + 1);
                while !text.is_char_boundary(at) {
                    at -= 1;
                }
                let piece: &str = rng.pick::<&str>(NASTY);
                text.insert_str(at, piece);
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
            // Nasty pieces only.
            (0..n / 4 + 1).flat_map(|_| rng.pick::<&str>(NASTY).as_bytes().to_vec()).collect()
        }
    }
}

const KINDS: usize = 13;

/// A report's largest size: at most 17 lines shown, each cut to about 250 characters, plus its
/// message, help and notes.
const REPORT_BYTES: usize = 16 * 1024;

fn check_one(case: usize, bytes: Vec<u8>) {
    let decoded = ctl_pgn::decode::decode(bytes);
    let text = decoded.text.as_str();
    let mut found = decoded.diagnostics.clone();
    found.extend(check_text(text, Level::Rules));
    let again = check_text(text, Level::Rules);
    assert_eq!(found[decoded.diagnostics.len()..], again[..], "case {case}: not deterministic");
    for d in &found {
        let spans = std::iter::once(d.span).chain(d.labels.iter().map(|l| l.span));
        for span in spans {
            assert!(
                span.start <= span.end
                    && span.end <= text.len()
                    && text.is_char_boundary(span.start)
                    && text.is_char_boundary(span.end),
                "case {case}: span {span} of {} in a text of {}",
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
        panic!("case {case}: a raw {c:?} in the text report");
    }
    assert!(
        shown.len() <= report.diagnostics.len() * REPORT_BYTES,
        "case {case}: {} bytes for {} reports",
        shown.len(),
        report.diagnostics.len()
    );
    // Editors.
    let json = render_json(&[report], PositionEncoding::Utf16);
    let value: serde_json::Value = serde_json::from_str(&json).expect("valid JSON");
    let lines = text.split('\n').count() + text.matches('\r').count();
    for d in value["files"][0]["diagnostics"].as_array().into_iter().flatten() {
        let end = d["range"]["end"]["line"].as_u64().unwrap_or(u64::MAX);
        assert!(end < lines as u64 + 1, "case {case}: range past the text: {d}");
    }
    // fmt: meaning kept, idempotent.
    let parsed = ctl_an::parse_file(text);
    if !found.iter().any(|d| d.is_error()) && !parsed.has_errors() {
        let written = write_file(&parsed.file, WriteOptions::default());
        let second = ctl_an::parse_file(&written);
        assert!(!second.has_errors(), "case {case}: fmt wrote errors:\n{written}");
        assert_eq!(ctl_an::meaning(&parsed.file), ctl_an::meaning(&second.file), "case {case}");
        assert_eq!(write_file(&second.file, WriteOptions::default()), written, "case {case}");
    }
}

#[test]
fn seeded_hostile_inputs_keep_every_invariant() {
    let cases: usize =
        std::env::var("HOSTILE_CASES").ok().and_then(|v| v.parse().ok()).unwrap_or(300);
    let seed: u64 = std::env::var("HOSTILE_SEED").ok().and_then(|v| v.parse().ok()).unwrap_or(0x17);
    let mut rng = Rng(seed.max(1));
    for case in 0..cases {
        let bytes = hostile(&mut rng, case % KINDS);
        check_one(case, bytes);
    }
}
