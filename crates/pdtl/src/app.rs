//! The official web app's PDTL dialect (`docs/APP.md`): the castling, en-passant and move-number
//! fields it reads and writes, read into the spec position and written back.
//!
//! The placement, turn and halfmove clock are the spec's and are read by the spec reader; only
//! the three fields below differ:
//!
//! | field | spec | app |
//! |---|---|---|
//! | castling | `RKRrkr`, `RK-`, `--`, `K-` | `RKRrkr`, `KR` for either lone Rook, a side whose King moved left out, `-` for both |
//! | en passant | `G11@9`, `G13@9-11`, `F14` | `P@G9[G11]`, `P@G9,11[G13]`, `G13@F14` (faced pawn `@` scornful pawn) |
//! | move number | `?` when unknown | `-` when unknown |
//!
//! Reading, the app's dialect also takes what the app's "Load new" reads but never writes (a
//! PDTL written by hand in its style): castling letters for Rooks away from home, lines out of
//! order or given twice, two to four fields, a halfmove clock `-`, other languages' piece
//! letters, `//`, fields after the move number. Each is read as the app reads it, with a
//! warning of its own (`W0117`..`W0124`).

use cescacs_board::{
    CastlingRights, Colour, Column, EnPassant, Hex, Letters, Line, MoveNumber, Piece, PieceKind,
    Position,
};
use cescacs_diagnostics::{Diagnostic, Span};

use crate::codes;
use crate::read::consistency::{describe, home, scornful_faced};
use crate::read::cx::{Cx, Field};
use crate::read::fields::{self, Castling, EnPassantField, Part};

/// One symbol of a castling field.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Sym {
    Rook(Colour),
    King(Colour),
    Hyphen,
}

/// Reads the app's castling field: White's part (upper case) then Black's (lower case), each
/// `RKR`, `KR` (either lone Rook), `RK`, `K`, or left out when that side's King has moved; a lone
/// `-` when both Kings have.
/// With a sound `board`, the app's ambiguities are resolved from it (with a warning each).
pub(crate) fn castling(
    cx: &mut Cx<'_>,
    field: Field<'_>,
    board: Option<&Position>,
) -> Option<Castling> {
    let letters = cx.letters;
    let mut syms = Vec::new();
    for (i, c) in field.text.char_indices() {
        let span = Span::new(field.start + i, field.start + i + c.len_utf8());
        let sym = match letters.piece_of(c) {
            Some(Piece { colour, kind: PieceKind::Rook }) => Sym::Rook(colour),
            Some(Piece { colour, kind: PieceKind::King }) => Sym::King(colour),
            _ if c == '-' => Sym::Hyphen,
            _ => return castling_syntax(cx, field),
        };
        syms.push((sym, span));
    }
    let mut rest = &syms[..];
    let moved =
        Part { rights: CastlingRights::NONE, king: None, queens_rook: None, kings_rook: None };
    let mut parts = [(Colour::White, moved), (Colour::Black, moved)];
    // The spec's `-rkr`: a `-` for White, then Black's part, which the app reads too.
    let white_hyphen = syms.len() > 1 && syms[0].0 == Sym::Hyphen;
    if white_hyphen {
        rest = &syms[1..];
    }
    for (colour, part) in parts.iter_mut() {
        let colour = *colour;
        // A lone `-` is the whole field: both Kings have moved. The app reads no other hyphen.
        if syms.len() == 1 && syms[0].0 == Sym::Hyphen {
            rest = &[];
            continue;
        }
        if white_hyphen && colour == Colour::White {
            continue;
        }
        let n = rest
            .iter()
            .take_while(|(s, _)| matches!(s, Sym::Rook(c) | Sym::King(c) if *c == colour))
            .count();
        if n == 0 {
            continue;
        }
        let (run, after) = rest.split_at(n);
        rest = after;
        let shape: Vec<bool> = run.iter().map(|(s, _)| matches!(s, Sym::King(_))).collect();
        let at = |i: usize| Some(run[i].1);
        let (queens_rook, king, kings_rook) = match shape.as_slice() {
            [false, true, false] => (at(0), at(1), at(2)),
            [true, false] => kings_rook_or_queens(cx, board, colour, run[0].1, run[1].1),
            [false, true] => (at(0), at(1), None),
            [true] => (None, at(0), None),
            _ => return castling_syntax(cx, field),
        };
        *part = Part {
            rights: CastlingRights {
                king_unmoved: true,
                queens_rook: queens_rook.is_some(),
                kings_rook: kings_rook.is_some(),
            },
            king,
            queens_rook,
            kings_rook,
        };
        if let Some(board) = board {
            let king_home = home(colour, Column::G, 1);
            if board.piece_at(king_home) != Some(Piece::new(colour, PieceKind::King)) {
                let span = Span::new(run[0].1.start, run[n - 1].1.end);
                cx.diags.push(
                    Diagnostic::warning(
                        codes::APP_KING_AWAY,
                        span,
                        format!(
                            "expected no castling status for {colour}, whose King is not on {king_home}, found `{}`; read as `-` (the King has moved)",
                            &cx.text[span.range()]
                        ),
                    )
                    .with_note(
                        "the app counts a King loaded away from its home hex as unmoved and writes its Rooks' status",
                    ),
                );
                *part = moved;
            } else {
                drop_rooks_away(cx, board, colour, part);
            }
        }
    }
    if rest.is_empty() { Some(Castling { parts }) } else { castling_syntax(cx, field) }
}

/// The app keeps a Rook's castling right only when a Rook of that side stands on its home hex:
/// a letter for any other Rook is dropped, with a warning.
fn drop_rooks_away(cx: &mut Cx<'_>, board: &Position, colour: Colour, part: &mut Part) {
    let rook = Piece::new(colour, PieceKind::Rook);
    let letter = cx.letters.letter(rook);
    let sides = [
        (&mut part.queens_rook, &mut part.rights.queens_rook, Column::C, "Queen's Rook"),
        (&mut part.kings_rook, &mut part.rights.kings_rook, Column::I, "King's Rook"),
    ];
    for (span, right, column, name) in sides {
        let Some(at) = *span else { continue };
        let hex = home(colour, column, 3);
        let found = board.piece_at(hex);
        if found == Some(rook) {
            continue;
        }
        cx.diags.push(
            Diagnostic::warning(
                codes::APP_ROOK_AWAY,
                at,
                format!(
                    "expected the {colour} {name} on {hex} for this `{letter}`, found {}; dropped (no castling with that Rook)",
                    describe(cx, found)
                ),
            )
            .with_note("the app's \"Load new\" keeps only the castling rights the board allows")
            .with_fix(at, ""),
        );
        *span = None;
        *right = false;
    }
}

/// The castling rights the app gives a position whose PDTL stops before the castling field:
/// every Rook on its home hex keeps its right, under a King on its home hex.
pub(crate) fn castling_from_board(board: &Position) -> Castling {
    let part = |colour: Colour| {
        let at = |column: Column, line: u8, kind: PieceKind| {
            board.piece_at(home(colour, column, line)) == Some(Piece::new(colour, kind))
        };
        let rights = if at(Column::G, 1, PieceKind::King) {
            CastlingRights {
                king_unmoved: true,
                queens_rook: at(Column::C, 3, PieceKind::Rook),
                kings_rook: at(Column::I, 3, PieceKind::Rook),
            }
        } else {
            CastlingRights::NONE
        };
        (colour, Part { rights, king: None, queens_rook: None, kings_rook: None })
    };
    Castling { parts: [part(Colour::White), part(Colour::Black)] }
}

/// The app's halfmove clock `-`, which it reads as 0.
pub(crate) fn clock_hyphen(cx: &mut Cx<'_>, field: Field<'_>) -> (u32, Span) {
    cx.diags.push(
        Diagnostic::warning(
            codes::APP_CLOCK_HYPHEN,
            field.span(),
            "expected the halfmove clock, a number from 0, found `-`; read as 0, as the app reads it",
        )
        .with_fix(field.span(), "0"),
    );
    (0, field.span())
}

/// The app writes `KR` for a King with either Rook unmoved: the board says which one stands on
/// its home hex. Returns the spans of (Queen's Rook, King, King's Rook).
fn kings_rook_or_queens(
    cx: &mut Cx<'_>,
    board: Option<&Position>,
    colour: Colour,
    k: Span,
    r: Span,
) -> (Option<Span>, Option<Span>, Option<Span>) {
    let Some(board) = board else { return (None, Some(k), Some(r)) };
    let rook = Some(Piece::new(colour, PieceKind::Rook));
    let (queens, kings) = (home(colour, Column::C, 3), home(colour, Column::I, 3));
    let span = Span::new(k.start, r.end);
    let written = &cx.text[span.range()];
    match (board.piece_at(queens) == rook, board.piece_at(kings) == rook) {
        (true, false) => {
            cx.diags.push(
                Diagnostic::warning(
                    codes::APP_KR_QUEENS_ROOK,
                    span,
                    format!(
                        "expected `{written}` to mean the King's Rook on {kings}, found it empty; read as the Queen's Rook on {queens} (spec `RK`)"
                    ),
                )
                .with_note("the app writes `KR` when either Rook alone is unmoved"),
            );
            (Some(r), Some(k), None)
        }
        (true, true) => {
            cx.diags.push(
                Diagnostic::warning(
                    codes::APP_KR_AMBIGUOUS,
                    span,
                    format!(
                        "expected one {colour} Rook on its home hex for `{written}`, found both ({queens} and {kings}); read as the King's Rook, as the app reads it"
                    ),
                )
                .with_note("the app writes `KR` when either Rook alone is unmoved: one of these Rooks has moved and come back, and the app's text cannot say which"),
            );
            (None, Some(k), Some(r))
        }
        // The King's Rook, or no Rook at all (then the spec's check reports the `R`).
        _ => (None, Some(k), Some(r)),
    }
}

fn castling_syntax(cx: &mut Cx<'_>, field: Field<'_>) -> Option<Castling> {
    cx.diags.push(
        Diagnostic::error(
            codes::CASTLING_SYNTAX,
            field.span(),
            format!(
                "expected the app's castling status (White's `RKR`, `KR`, `RK` or `K` then Black's in lower case, a side whose King moved left out, `-` when both have), found `{}`",
                field.text
            ),
        )
        .with_help("e.g. `RKRrkr` at the start, `KRrkr` when one White Rook has moved, `rkr` when the White King has"),
    );
    None
}

/// A hex the app may write where no hex is (`G12` after a pawn's capture): column and line.
fn loose_hex(text: &str) -> Option<(Column, u8)> {
    let mut chars = text.chars();
    let column = Column::from_char(chars.next()?)?;
    let digits = chars.as_str();
    if digits.is_empty() || digits.len() > 2 || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    Some((column, digits.parse().ok()?))
}

/// Reads the app's en-passant / scornful field: `-`, `P@G9[G11]`, `P@G9,11[G13]`, `G13@F14`
/// (faced pawn `@` scornful pawn). The spec's own forms are read too.
pub(crate) fn en_passant(
    cx: &mut Cx<'_>,
    field: Field<'_>,
    board: Option<&Position>,
) -> Option<EnPassantField> {
    let text = field.text;
    let span = field.span();
    let none = EnPassantField::none(span);
    let bad = |cx: &mut Cx<'_>, why: &str| {
        cx.diags.push(
            Diagnostic::error(
                codes::EN_PASSANT_SYNTAX,
                span,
                format!(
                    "expected `-`, the app's en-passant field (`P@G9[G11]`, `P@G9,11[G13]`) or its scornful field (`G13@F14`), found `{text}`"
                ),
            )
            .with_primary_label(why.to_string()),
        );
        None
    };
    if let Some(rest) = text.strip_prefix("P@") {
        let Some((crossed, pawn)) = rest.strip_suffix(']').and_then(|r| r.split_once('[')) else {
            return bad(cx, "the app writes the crossed hex(es), then the pawn's hex in brackets");
        };
        let pawn_start = field.start + 2 + crossed.len() + 1;
        let hex_span = Span::new(pawn_start, pawn_start + pawn.len());
        let lines_span = Span::new(field.start + 2, field.start + 2 + crossed.len());
        let Ok(pawn) = pawn.parse::<Hex>() else {
            return bad(cx, "the bracketed pawn's hex is not a hex");
        };
        let (first, second) = match crossed.split_once(',') {
            Some((a, b)) => (a, Some(b)),
            None => (crossed, None),
        };
        let Some((column, line)) = loose_hex(first) else {
            return bad(cx, "the crossed hex is not a column and a line");
        };
        if column != pawn.column() {
            return bad(cx, "the crossed hex is not on the pawn's column");
        }
        let pawn_line = i32::from(pawn.line().number());
        if second.is_none() && (i32::from(line) - pawn_line).abs() == 1 {
            cx.diags.push(
                Diagnostic::warning(
                    codes::APP_BOGUS_EN_PASSANT,
                    span,
                    format!(
                        "expected `-` after a pawn's diagonal capture, found the app's en-passant field `{text}`; dropped"
                    ),
                )
                .with_note("the app records a \"double step\" after every pawn move that changes column without an oblique step; no pawn can take en passant here"),
            );
            return Some(none);
        }
        let line_of = |n: u8| Line::new(n);
        let value = match second {
            None => line_of(line).map(|line| EnPassant::Double { pawn, line }),
            Some(b) => {
                let other =
                    if b.bytes().all(|c| c.is_ascii_digit()) && !b.is_empty() && b.len() <= 2 {
                        b.parse::<u8>().ok().and_then(line_of)
                    } else {
                        None
                    };
                match (line_of(line), other) {
                    (Some(a), Some(b)) => {
                        Some(EnPassant::Triple { pawn, lines: [a.min(b), a.max(b)] })
                    }
                    _ => None,
                }
            }
        };
        return match value {
            Some(value) => Some(EnPassantField { value, span, hex_span, lines_span }),
            None => bad(cx, "lines are numbers from 0 to 28"),
        };
    }
    if let Some((faced, scornful)) = text.split_once('@') {
        if let (Ok(faced_hex), Ok(pawn)) = (faced.parse::<Hex>(), scornful.parse::<Hex>()) {
            let pawn_start = field.start + faced.len() + 1;
            let hex_span = Span::new(pawn_start, pawn_start + scornful.len());
            let faced_piece = board.and_then(|b| b.piece_at(faced_hex));
            let mover = board.and_then(|b| b.piece_at(pawn)).map(|p| p.colour);
            if let (Some(Piece { colour, kind: PieceKind::Pawn }), Some(mover)) =
                (faced_piece, mover)
            {
                if colour == mover {
                    cx.diags.push(
                        Diagnostic::warning(
                            codes::APP_OWN_PAWN_SCORNFUL,
                            span,
                            format!(
                                "expected `-` after an oblique step that faced the mover's own pawn on {faced_hex}, found the app's scornful field `{text}`; dropped"
                            ),
                        )
                        .with_note("a scornful capture is only for an enemy pawn that was scorned; the app records one for any pawn in front"),
                    );
                    return Some(none);
                }
            }
            return Some(EnPassantField {
                value: EnPassant::Scornful(pawn),
                span,
                hex_span,
                lines_span: hex_span,
            });
        }
    }
    // The spec's forms (`-`, `G11@9`, `G13@9-11`, `F14`).
    fields::en_passant(cx, field)
}

/// The app's castling part of one side (empty when its King has moved).
fn castling_part(out: &mut String, rights: CastlingRights, colour: Colour, letters: &Letters) {
    if !rights.king_unmoved {
        return;
    }
    let rook = letters.letter(Piece::new(colour, PieceKind::Rook));
    let king = letters.letter(Piece::new(colour, PieceKind::King));
    match (rights.queens_rook, rights.kings_rook) {
        (true, true) => out.extend([rook, king, rook]),
        (false, true) => out.extend([king, rook]),
        // The app shows `KR` here, but reads `KR` as the King's Rook: `RK` is what it loads right.
        (true, false) => out.extend([rook, king]),
        (false, false) => out.push(king),
    }
}

/// The castling, en-passant fields of the app's dialect (after the turn), the halfmove clock and
/// the move number.
pub(crate) fn write_fields(out: &mut String, position: &Position, letters: &Letters) {
    let start = out.len();
    for colour in Colour::ALL {
        castling_part(out, position.castling(colour), colour, letters);
    }
    if out.len() == start {
        out.push('-');
    }
    out.push(' ');
    let mover = !position.turn();
    let f = mover.forward();
    match position.en_passant() {
        EnPassant::None => out.push('-'),
        EnPassant::Double { pawn, line } => {
            out.push_str(&format!("P@{}{line}[{pawn}]", pawn.column()));
        }
        EnPassant::Triple { pawn, lines } => {
            // From the start of the step: ascending for White, descending for Black.
            let (a, b) = if f > 0 { (lines[0], lines[1]) } else { (lines[1], lines[0]) };
            out.push_str(&format!("P@{}{a},{b}[{pawn}]", pawn.column()));
        }
        EnPassant::Scornful(pawn) => {
            let faced = match position.scornful_origin() {
                Some(origin) => origin.offset(0, 2 * f),
                None => scornful_faced(position, pawn, mover).0.first().copied(),
            };
            match faced {
                Some(faced) => out.push_str(&format!("{faced}@{pawn}")),
                None => out.push('-'),
            }
        }
    }
    out.push_str(&format!(" {} ", position.halfmove_clock()));
    match position.move_number() {
        MoveNumber::Known(n) => out.push_str(&n.to_string()),
        MoveNumber::Unknown => out.push('-'),
    }
}
