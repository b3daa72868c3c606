//! What a stopped line leaves unchecked. After a move that cannot be replayed (no piece of the
//! mover at its origin, a hex that does not exist, a move for the wrong side...) the position of
//! its line is unknown, so the line's later moves, and the variations that branch from them, are
//! not checked. The diagnostic that stopped the line says how many with a note; when the parser
//! stopped it (a syntax error inside the move), the note goes on the parser's diagnostic
//! ([`attach`]).
//!
//! Nothing here runs for a line that plays on: the count starts once a line has stopped.

use cescacs_diagnostics::{Diagnostic, Span};

/// Where a line stopped and what it left unchecked since.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Skipped {
    /// The move (or ply) that stopped the line.
    at: Span,
    /// The index of the replay's diagnostic that stopped it, when the replay reported one.
    diagnostic: Option<usize>,
    moves: usize,
    variations: usize,
}

impl Skipped {
    /// The line stopped at `at`, with the replay's diagnostic number `diagnostic` (`None` when
    /// the parser reported the problem).
    pub(crate) fn new(at: Span, diagnostic: Option<usize>) -> Skipped {
        Skipped { at, diagnostic, moves: 0, variations: 0 }
    }
}

/// A later move of a stopped line.
#[cold]
pub(crate) fn skip_move(skipped: &mut Option<Skipped>) {
    if let Some(s) = skipped {
        s.moves += 1;
    }
}

/// A variation of a stopped line that is not replayed (it branches after the stop).
#[cold]
pub(crate) fn skip_variation(skipped: &mut Option<Skipped>) {
    if let Some(s) = skipped {
        s.variations += 1;
    }
}

/// A line stopped by a syntax error: the note for the parser's diagnostic inside `at`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Unchecked {
    /// The ply that stopped the line.
    pub(crate) at: Span,
    /// What was not checked after it.
    pub(crate) note: String,
}

/// The line is over: the note on its stopping diagnostic (in `out`), or for the parser's
/// (pushed on `silent`). Nothing when nothing was left unchecked.
#[cold]
pub(crate) fn close(skipped: Skipped, out: &mut [Diagnostic], silent: &mut Vec<Unchecked>) {
    let Some(note) = note(skipped.moves, skipped.variations) else { return };
    match skipped.diagnostic.and_then(|i| out.get_mut(i)) {
        Some(d) => d.notes.push(note),
        None => silent.push(Unchecked { at: skipped.at, note }),
    }
}

/// "the line stops here: its 3 later moves and 1 variation were not checked, ...".
fn note(moves: usize, variations: usize) -> Option<String> {
    let plural = |n: usize, one: &str, many: &str| {
        if n == 1 { format!("1 {one}") } else { format!("{n} {many}") }
    };
    let what = match (moves, variations) {
        (0, 0) => return None,
        (m, 0) => format!("its {}", plural(m, "later move", "later moves")),
        (0, v) => format!("its {}", plural(v, "later variation", "later variations")),
        (m, v) => format!(
            "its {} and {}",
            plural(m, "later move", "later moves"),
            plural(v, "variation", "variations")
        ),
    };
    let were = if moves + variations == 1 { "was" } else { "were" };
    Some(format!(
        "the line stops here: {what} {were} not checked, since its position after this move is unknown"
    ))
}

/// Puts each note of a line stopped by a syntax error on the first parser error inside the
/// ply that stopped it.
pub(crate) fn attach(parser: &mut [Diagnostic], unchecked: Vec<Unchecked>) {
    for u in unchecked {
        let inside = |d: &&mut Diagnostic| {
            d.is_error() && u.at.start <= d.span.start && d.span.end <= u.at.end
        };
        if let Some(d) = parser.iter_mut().find(inside) {
            d.notes.push(u.note);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn notes_count_moves_and_variations() {
        assert_eq!(note(0, 0), None);
        let one = note(1, 0).unwrap();
        assert!(one.contains("its 1 later move was not checked"), "{one}");
        let many = note(3, 2).unwrap();
        assert!(many.contains("its 3 later moves and 2 variations were not checked"), "{many}");
        let variation = note(0, 1).unwrap();
        assert!(variation.contains("its 1 later variation was not checked"), "{variation}");
    }

    #[test]
    fn a_silent_stop_notes_the_parser_error_inside_its_ply() {
        let mut parser = vec![
            Diagnostic::warning("W0207", Span::new(0, 3), "w"),
            Diagnostic::error("E0204", Span::new(12, 15), "e"),
        ];
        let note = Unchecked { at: Span::new(11, 19), note: "n".into() };
        attach(&mut parser, vec![note]);
        assert!(parser[0].notes.is_empty());
        assert_eq!(parser[1].notes, ["n"]);
    }
}
