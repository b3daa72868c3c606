//! The entry points of the fuzz targets in `fuzz/`, and the invariants every input must keep.
//!
//! cargo-fuzz needs a nightly toolchain and lives outside the workspace, so the work of each
//! target is here: `fuzz/fuzz_targets/*.rs` only forward their bytes. The same functions run
//! over the seed corpus and every recorded crash in `cargo test` (`tests/seeds.rs`), so CI
//! exercises exactly what the fuzzers exercise, with the stable toolchain.
//!
//! Each function takes any bytes, reads them the way the `cescacs` command does (invalid UTF-8
//! becomes `E0001` and the rest is still read), and panics only when an invariant breaks:
//! - every diagnostic's span lies inside the text and on UTF-8 character boundaries;
//! - diagnostics come out sorted and the same on a second run (deterministic);
//! - what reads without errors writes back to text that reads to the same meaning, and writing
//!   is idempotent.
//!
//! ```
//! // A broken movetext: diagnostics, never a panic.
//! cescacs_fuzz_targets::check(b"[Variant \"C'escacs\"]\n1. E7xE13, ((( {");
//! ```
#![forbid(unsafe_code)]

mod input;
mod scan;
pub use scan::{Rebuild, clean_game, scan, scan_complete, scan_text};

use cescacs_board::Letters;
use cescacs_diagnostics::{Diagnostic, Span};
use ctl_pgn::Check;
use ctl_pgn::Level;
use ctl_pgn::internals::check_fast;
use ctl_pgn::write::{WriteOptions, write_file};

use crate::input::text_of;

/// Panics unless `span` lies inside `text` on character boundaries.
fn assert_span_in(span: Span, text: &str, what: &str) {
    assert!(
        span.start <= span.end && span.end <= text.len(),
        "{what}: span {span:?} outside a text of {} bytes",
        text.len()
    );
    assert!(
        text.is_char_boundary(span.start) && text.is_char_boundary(span.end),
        "{what}: span {span:?} cuts a character"
    );
}

fn assert_diagnostics_in(diagnostics: &[Diagnostic], text: &str) {
    for d in diagnostics {
        assert_span_in(d.span, text, d.code);
        for label in &d.labels {
            assert_span_in(label.span, text, d.code);
        }
        for fix in &d.fixes {
            assert_span_in(fix.span, text, d.code);
        }
    }
}

/// The lexer: tokens cover the text in order, without overlap, on character boundaries.
pub fn lexer(data: &[u8]) {
    let text = text_of(data);
    let mut end = 0;
    for token in ctl_an::lexer::Lexer::new(&text) {
        assert_span_in(token.span, &text, "token");
        assert!(token.span.start >= end, "tokens overlap or go back at {:?}", token.span);
        assert!(token.span.end > token.span.start, "empty token at {:?}", token.span);
        end = token.span.end;
    }
}

/// The movetext parser alone: diagnostics inside the text.
pub fn movetext(data: &[u8]) {
    let text = text_of(data);
    let (_tree, diagnostics) = ctl_an::parse_movetext(&text);
    assert_diagnostics_in(&diagnostics, &text);
}

/// PDTL reading with every letter table: diagnostics inside the text, and a position that
/// reads without errors writes back to a string that reads to the same position.
pub fn pdtl(data: &[u8]) {
    let text = text_of(data);
    for letters in letter_tables() {
        let read = pdtl::read(&text, &letters);
        assert_diagnostics_in(&read.diagnostics, &text);
        if read.has_errors() {
            continue;
        }
        let Some(position) = read.position.as_ref() else { continue };
        let written = pdtl::write(position, &letters);
        let again = pdtl::read(&written, &letters);
        assert!(!again.has_errors(), "the writer's {written:?} does not read back");
        assert_eq!(
            again.position.as_ref(),
            Some(position),
            "{written:?} reads to another position"
        );
        assert_eq!(pdtl::write(position, &letters), written, "writing is not deterministic");
    }
}

/// A whole file checked at the rules level: diagnostics inside the text, sorted, deterministic.
pub fn check(data: &[u8]) {
    let decoded = ctl_pgn::decode::decode(data.to_vec());
    let text = &decoded.text;
    let check_text = |level| Check::new(level).text(text).diagnostics;
    let found = check_text(Level::Rules);
    assert_diagnostics_in(&found, text);
    let mut sorted = found.clone();
    cescacs_diagnostics::Diagnostic::sort(&mut sorted);
    assert_eq!(found, sorted, "diagnostics are not sorted");
    assert_eq!(found, check_text(Level::Rules), "a second run differs");
    // Every game read the full way finds the same.
    let full = Check { fast: false, ..Check::new(Level::Rules) }.text(text).diagnostics;
    assert_eq!(found, full, "the fast try changed the diagnostics");
    // The fast path of `check` may call a game clean only when the full check finds nothing.
    if ctl_pgn::decode::as_plain_text(data).is_some() {
        for level in [Level::Syntax, Level::Coherence, Level::Rules] {
            if check_fast(text, level, &ctl_an::Limits::DEFAULT).is_some() {
                let full = check_text(level);
                assert!(
                    full.is_empty(),
                    "the fast path called a game clean at {level:?}: {full:?}"
                );
            }
        }
    }
}

/// The canonical writer: a text that reads without errors is written, read again to the same
/// meaning, and written again to the same text (plain and `--ascii`).
pub fn round_trip(data: &[u8]) {
    let text = text_of(data);
    let first = ctl_an::parse_file(&text);
    if first.diagnostics.iter().any(Diagnostic::is_error) {
        return;
    }
    for options in [WriteOptions::default(), WriteOptions { ascii: true }] {
        let written = write_file(&first.file, options);
        let second = ctl_an::parse_file(&written);
        assert!(
            !second.diagnostics.iter().any(Diagnostic::is_error),
            "the writer's output has errors: {:?}\n{written}",
            second.diagnostics
        );
        assert_eq!(
            ctl_an::meaning(&first.file),
            ctl_an::meaning(&second.file),
            "the meaning changed:\n{written}"
        );
        assert_eq!(write_file(&second.file, options), written, "writing is not idempotent");
    }
}

/// Every letter table a file may use: standard, each of the spec's Redefine sets, FAN.
fn letter_tables() -> Vec<Letters> {
    let mut tables = vec![Letters::standard(), Letters::fan()];
    for set in ["A@J, C@N, T@R", "B@J, Q@D, W@V", "L@J, S@N, T@R, W@V", "F@J, C@N, T@R, W@V"] {
        tables.extend(Letters::from_redefine(set).ok());
    }
    tables
}
