//! "Did you mean": a help line, with its fix, for a move that fails where one small change of
//! what was written gives a legal move. Only when it is cheap and sure:
//!
//! - the piece letter does not name the mover's piece on the origin, and the move written with
//!   that piece's letter is legal (`found an Elephant on E5: did you mean `EE5-D8`?`);
//! - the origin holds no piece of the mover of the written kind (or that piece cannot move
//!   there), and exactly one coordinate one key away (one character of the origin replaced by
//!   a neighbouring key, or by the next or previous column letter or digit) holds the mover's
//!   piece of that kind and makes the move legal.
//!
//! - the destination holds an enemy piece but the move is written with `-`: the capture mark
//!   `×`, with the captured piece's letter, in place of the separator (`E0405`).
//!
//! Built only from the board's public queries, and only after a move has failed: nothing here
//! is on the path of a move that plays.

use crate::syntax::{Move, MoveKind, PieceLetter, Separator};
use cescacs_board::internals::MatchWritten;
use cescacs_board::internals::{MoveError, MoveSpec, SpecCapture};
use cescacs_board::{Board, Column, Hex, Letters, Line, Piece, PieceKind};
use cescacs_diagnostics::{Diagnostic, Span};

/// `d`, the diagnostic of the failing move `m` (read as `spec` under `letters`, refused by
/// `board` with `e`), with a "did you mean" help and fix when one is sure.
#[cold]
pub(crate) fn did_you_mean(
    d: Diagnostic,
    e: &MoveError,
    board: &Board,
    spec: &MoveSpec,
    m: &Move,
    letters: &Letters,
) -> Diagnostic {
    let (MoveKind::Ordinary(o), &MoveSpec::Move { piece, from, to, capture, promotion }) =
        (&m.kind, spec)
    else {
        return d;
    };
    // Whether the move is legal with another piece or origin.
    let legal = |piece, from| {
        board.match_move(&MoveSpec::Move { piece, from, to, capture, promotion }).is_ok()
    };
    if let &MoveError::CaptureNotMarked { victim, .. } = e {
        return mark_the_capture(d, board, spec, m, victim, letters);
    }
    if let Some(found) = wrong_letter(e).filter(|&k| legal(k, from)) {
        let found = &found;
        let letter = (*found != PieceKind::Pawn).then(|| letters.move_letter(*found));
        let at = o.piece.map_or(o.from.span.start, |l| l.span.start);
        let span = o.piece.map_or(Span::new(at, at), |l| l.span);
        let mut corrected = m.clone();
        if let MoveKind::Ordinary(c) = &mut corrected.kind {
            c.piece = letter.map(|letter| PieceLetter { letter, span });
        }
        let help = format!(
            "found {} {} on {from}: did you mean `{}`?",
            found.article(),
            found.name(),
            core(&corrected)
        );
        let replacement = letter.map(String::from).unwrap_or_default();
        return d.with_help(help).with_fix(span, replacement);
    }
    let origin_error = matches!(
        e,
        MoveError::NoPieceAtOrigin { .. }
            | MoveError::WrongSide { .. }
            | MoveError::WrongPieceLetter { .. }
            | MoveError::CannotMoveThere { .. }
    );
    if !origin_error {
        return d;
    }
    let mover = Piece::new(board.turn(), piece);
    let mut fits = one_key_away(from)
        .filter(|&h| board.piece_at(h) == Some(mover))
        .filter(|&h| legal(piece, h));
    let (Some(hex), None) = (fits.next(), fits.next()) else { return d };
    let mut corrected = m.clone();
    if let MoveKind::Ordinary(c) = &mut corrected.kind {
        c.from.value = hex;
    }
    let help = format!(
        "{}'s {} stands on {hex}, one key away: did you mean `{}`?",
        board.turn(),
        piece.name(),
        core(&corrected)
    );
    d.with_help(help).with_fix(o.from.span, hex.to_string())
}

/// A move written with `-` onto an enemy piece: the fix writes `×` and the captured piece's
/// letter in place of the separator, when the move so written is coherent.
fn mark_the_capture(
    d: Diagnostic,
    board: &Board,
    spec: &MoveSpec,
    m: &Move,
    victim: PieceKind,
    letters: &Letters,
) -> Diagnostic {
    let (MoveKind::Ordinary(o), &MoveSpec::Move { piece, from, to, promotion, .. }) =
        (&m.kind, spec)
    else {
        return d;
    };
    let kind = (victim != PieceKind::Pawn).then_some(victim);
    let marked = MoveSpec::Move { piece, from, to, capture: SpecCapture::Capture(kind), promotion };
    if board.match_move_algebraic(&marked).is_err() {
        return d;
    }
    let letter = kind.map(|k| letters.move_letter(k));
    let mut corrected = m.clone();
    if let MoveKind::Ordinary(c) = &mut corrected.kind {
        c.separator.value = Separator::Times;
        c.captured = letter.map(|letter| PieceLetter { letter, span: c.to.span });
    }
    let mut replacement = Separator::Times.as_str().to_string();
    replacement.extend(letter);
    d.with_help(format!("did you mean `{}`?", core(&corrected)))
        .with_fix(o.separator.span, replacement)
}

/// The kind on the origin when the letter names another.
fn wrong_letter(e: &MoveError) -> Option<PieceKind> {
    match e {
        MoveError::WrongPieceLetter { found, .. } => Some(*found),
        _ => None,
    }
}

/// The move without its ratings, annotations and final mark, as a help line shows it.
fn core(m: &Move) -> String {
    let bare = Move { rating: None, nags: Vec::new(), draw_offer: None, end: None, ..m.clone() };
    bare.to_string()
}

/// The hexes whose coordinate differs from `hex`'s by one character, a neighbouring key or the
/// next or previous column letter or digit.
fn one_key_away(hex: Hex) -> impl Iterator<Item = Hex> {
    let column = hex.column().char();
    let line = hex.line().number().to_string();
    let mut found: Vec<Hex> = Vec::new();
    let mut push = |column: char, line: &str| {
        let h = Column::from_char(column)
            .zip(line.parse().ok().and_then(Line::new))
            .and_then(|(c, l)| Hex::new(c, l));
        if let Some(h) = h.filter(|&h| h != hex && !found.contains(&h)) {
            found.push(h);
        }
    };
    for c in neighbours(column) {
        push(c, &line);
    }
    for (i, digit) in line.char_indices() {
        for d in neighbours(digit) {
            let mut changed = line.clone();
            changed.replace_range(i..i + 1, d.encode_utf8(&mut [0; 4]));
            push(column, &changed);
        }
    }
    found.into_iter()
}

/// The keys next to `key` on a QWERTY keyboard (same row and the rows above and below), and
/// the previous and next column letter or digit.
fn neighbours(key: char) -> Vec<char> {
    const ROWS: [&str; 4] = ["1234567890", "QWERTYUIOP", "ASDFGHJKL", "ZXCVBNM"];
    let mut out = Vec::new();
    for (r, row) in ROWS.iter().enumerate() {
        let Some(i) = row.find(key) else { continue };
        for near in [r.checked_sub(1), Some(r), Some(r + 1)].into_iter().flatten() {
            let Some(near_row) = ROWS.get(near) else { continue };
            let keys: Vec<char> = near_row.chars().collect();
            for j in i.saturating_sub(1)..=i + 1 {
                if let Some(&k) = keys.get(j).filter(|&&k| k != key) {
                    out.push(k);
                }
            }
        }
    }
    if let Some(c) = Column::from_char(key) {
        let next = [c.index().checked_sub(1), Some(c.index() + 1)];
        out.extend(next.into_iter().flatten().filter_map(Column::from_index).map(Column::char));
    }
    if let Some(d) = key.to_digit(10) {
        out.extend(
            [d.checked_sub(1), Some(d + 1)]
                .into_iter()
                .flatten()
                .filter_map(|d| char::from_digit(d, 10)),
        );
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn neighbouring_keys() {
        let n = neighbours('F');
        for k in ['D', 'G', 'R', 'T', 'V', 'C', 'E'] {
            assert!(n.contains(&k), "{k} {n:?}");
        }
        assert!(neighbours('1').contains(&'2'));
        assert!(neighbours('0').contains(&'9'));
    }

    #[test]
    fn coordinates_one_key_away_are_hexes() {
        let e13: Hex = "E13".parse().unwrap();
        let near: Vec<String> = one_key_away(e13).map(|h| h.to_string()).collect();
        // E13 -> E23 (2 beside 1), G13 (next column but one is not one key: F is, F13 is no hex).
        assert!(near.contains(&"E23".to_string()), "{near:?}");
        assert!(near.iter().all(|h| h != "E13"));
    }
}
