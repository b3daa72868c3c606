//! Fields 2 to 6: turn, castling status, en-passant / scornful field, halfmove clock, move number.
//! Each is read on its own here; what they say about the board is checked in `consistency`.

use cescacs_board::{CastlingRights, Colour, EnPassant, Hex, Line, MoveNumber, Piece, PieceKind};
use cescacs_diagnostics::{Diagnostic, Span};

use core::num::NonZeroU32;

use super::cx::{Cx, Field};
use crate::codes;

const UNICODE_HYPHEN: char = '\u{2010}';

pub(crate) fn turn(cx: &mut Cx<'_>, field: Field<'_>) -> Option<Colour> {
    match field.text {
        "w" => Some(Colour::White),
        "b" => Some(Colour::Black),
        other => {
            let mut d = Diagnostic::error(
                codes::BAD_TURN,
                field.span(),
                format!("expected the side to move, `w` or `b`, found `{other}`"),
            );
            let lower = other.to_lowercase();
            if lower == "w" || lower == "b" || lower == "white" || lower == "black" {
                let fix = &lower[..1];
                d = d
                    .with_help(format!("the turn is one lower-case letter: `{fix}`"))
                    .with_fix(field.span(), fix);
            }
            cx.diags.push(d);
            None
        }
    }
}

/// One side's part of the castling field, with the spans of its letters.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Part {
    pub rights: CastlingRights,
    pub king: Option<Span>,
    pub queens_rook: Option<Span>,
    pub kings_rook: Option<Span>,
}

impl Part {
    const MOVED: Part =
        Part { rights: CastlingRights::NONE, king: None, queens_rook: None, kings_rook: None };
}

/// The castling field read: White's part, then Black's.
pub(crate) struct Castling {
    pub parts: [(Colour, Part); 2],
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Sym {
    Rook(Colour),
    King(Colour),
    Hyphen,
    Other,
}

pub(crate) fn castling(cx: &mut Cx<'_>, field: Field<'_>) -> Option<Castling> {
    let letters = cx.letters;
    let mut sym = |(i, c): (usize, char)| {
        let span = Span::new(field.start + i, field.start + i + c.len_utf8());
        let sym = match letters.piece_of(c) {
            Some(Piece { colour, kind: PieceKind::Rook }) => Sym::Rook(colour),
            Some(Piece { colour, kind: PieceKind::King }) => Sym::King(colour),
            _ if c == '-' => Sym::Hyphen,
            _ if c == UNICODE_HYPHEN => {
                hyphen_warning(cx, span);
                Sym::Hyphen
            }
            _ => Sym::Other,
        };
        (sym, span)
    };
    // A field of up to 8 bytes (`RKRrkr` is 6) is read into an array, without an allocation.
    let mut short = [(Sym::Other, Span::new(0, 0)); 8];
    let long: Vec<(Sym, Span)>;
    let syms: &[(Sym, Span)] = if field.text.len() <= short.len() {
        let mut n = 0;
        for (slot, read) in short.iter_mut().zip(field.text.char_indices().map(&mut sym)) {
            *slot = read;
            n += 1;
        }
        &short[..n]
    } else {
        long = field.text.char_indices().map(&mut sym).collect();
        &long
    };

    if syms.len() == 1 && syms[0].0 == Sym::Hyphen {
        cx.diags.push(
            Diagnostic::warning(
                codes::CASTLING_SHORT,
                field.span(),
                "expected both parts of the castling field, `--` when both Kings have moved, found `-`",
            )
            .with_fix(field.span(), "--"),
        );
        return Some(Castling {
            parts: [(Colour::White, Part::MOVED), (Colour::Black, Part::MOVED)],
        });
    }

    let mut rest = syms;
    let mut parts = [(Colour::White, Part::MOVED), (Colour::Black, Part::MOVED)];
    let mut ok = true;
    for (colour, part) in parts.iter_mut() {
        let colour = *colour;
        let mine = |s: Sym| matches!(s, Sym::Rook(c) | Sym::King(c) if c == colour);
        if let Some(&(Sym::Hyphen, _)) = rest.first() {
            rest = &rest[1..];
            continue;
        }
        let n = rest.iter().take_while(|(s, _)| mine(*s)).count();
        if n == 0 {
            if rest.iter().all(|(s, _)| !matches!(s, Sym::Other)) {
                let at = rest.first().map_or(field.span().end, |(_, s)| s.start);
                cx.diags.push(
                    Diagnostic::warning(
                        codes::CASTLING_SHORT,
                        field.span(),
                        format!(
                            "expected {colour}'s part of the castling field ({}), found none; read as `-`",
                            if colour == Colour::White { "upper case, first" } else { "lower case, second" }
                        ),
                    )
                    .with_fix(Span::new(at, at), "-"),
                );
                continue;
            }
            ok = false;
            break;
        }
        let (run, after) = rest.split_at(n);
        rest = after;
        let all = CastlingRights::ALL;
        let (king_only, without_queens, without_kings) = (
            CastlingRights { king_unmoved: true, queens_rook: false, kings_rook: false },
            CastlingRights { king_unmoved: true, queens_rook: false, kings_rook: true },
            CastlingRights { king_unmoved: true, queens_rook: true, kings_rook: false },
        );
        // The run holds only this side's Rooks and King: its shape is where the King is.
        *part = match *run {
            [(Sym::Rook(_), q), (Sym::King(_), k), (Sym::Rook(_), r)] => {
                Part { rights: all, king: Some(k), queens_rook: Some(q), kings_rook: Some(r) }
            }
            [(Sym::King(_), k), (Sym::Rook(_), r)] => Part {
                rights: without_queens,
                king: Some(k),
                queens_rook: None,
                kings_rook: Some(r),
            },
            [(Sym::Rook(_), q), (Sym::King(_), k)] => Part {
                rights: without_kings,
                king: Some(k),
                queens_rook: Some(q),
                kings_rook: None,
            },
            [(Sym::King(_), k)] => {
                Part { rights: king_only, king: Some(k), queens_rook: None, kings_rook: None }
            }
            _ => {
                ok = false;
                break;
            }
        };
    }
    if ok && rest.is_empty() {
        return Some(Castling { parts });
    }
    // Both sides' parts as the letter table in use writes them (FAN has no lower case).
    let part = |colour: Colour| {
        let r = letters.letter(Piece::new(colour, PieceKind::Rook));
        let k = letters.letter(Piece::new(colour, PieceKind::King));
        (r, k)
    };
    let ((wr, wk), (br, bk)) = (part(Colour::White), part(Colour::Black));
    cx.diags.push(
        Diagnostic::error(
            codes::CASTLING_SYNTAX,
            field.span(),
            format!(
                "expected White's castling status (`{wr}{wk}{wr}` all unmoved, `{wk}{wr}`, `{wr}{wk}`, `{wk}` or `-`) then Black's (`{br}{bk}{br}`, `{bk}{br}`, `{br}{bk}`, `{bk}` or `-`), found `{}`",
                field.text
            ),
        )
        .with_help(format!(
            "e.g. `{wr}{wk}{wr}{br}{bk}{br}` at the start, `{wr}{wk}-` when Black's King has moved, `--` when both have"
        )),
    );
    None
}

fn hyphen_warning(cx: &mut Cx<'_>, span: Span) {
    cx.diags.push(
        Diagnostic::warning(
            codes::UNICODE_HYPHEN,
            span,
            "expected the hyphen-minus `-` in PDTL, found the Unicode hyphen `\u{2010}`",
        )
        .with_fix(span, "-"),
    );
}

/// The en-passant / scornful field read, with its spans.
pub(crate) struct EnPassantField {
    pub value: EnPassant,
    pub span: Span,
    pub hex_span: Span,
    pub lines_span: Span,
}

impl EnPassantField {
    /// No en passant, reported at `span`.
    pub fn none(span: Span) -> EnPassantField {
        EnPassantField { value: EnPassant::None, span, hex_span: span, lines_span: span }
    }
}

pub(crate) fn en_passant(cx: &mut Cx<'_>, field: Field<'_>) -> Option<EnPassantField> {
    let span = field.span();
    let text = field.text;
    if text == "-" || text == "\u{2010}" {
        if text != "-" {
            hyphen_warning(cx, span);
        }
        return Some(EnPassantField {
            value: EnPassant::None,
            span,
            hex_span: span,
            lines_span: span,
        });
    }
    let bad = |cx: &mut Cx<'_>, at: Span, why: String| {
        cx.diags.push(
            Diagnostic::error(
                codes::EN_PASSANT_SYNTAX,
                at,
                format!(
                    "expected `-`, a scornful pawn's hex (`F14`) or a pawn's hex and the crossed line(s) (`G15@13`, `G13@9-11`), found `{text}`"
                ),
            )
            .with_primary_label(why),
        );
        None
    };
    let (hex_text, lines) = match text.find('@') {
        Some(i) => (&text[..i], Some((field.start + i + 1, &text[i + 1..]))),
        None => (text, None),
    };
    let hex_span = Span::new(field.start, field.start + hex_text.len());
    let pawn: Hex = match hex_text.parse() {
        Ok(h) => h,
        Err(e) => return bad(cx, if hex_text.is_empty() { span } else { hex_span }, e.to_string()),
    };
    let Some((lines_start, lines_text)) = lines else {
        return Some(EnPassantField {
            value: EnPassant::Scornful(pawn),
            span,
            hex_span,
            lines_span: hex_span,
        });
    };
    let lines_span = Span::new(lines_start, lines_start + lines_text.len());
    let (dash, dash_len) = match lines_text.find('-') {
        Some(i) => (Some(i), 1),
        None => (lines_text.find(UNICODE_HYPHEN), UNICODE_HYPHEN.len_utf8()),
    };
    let parse_line = |s: &str| -> Option<Line> {
        if s.is_empty()
            || !s.bytes().all(|b| b.is_ascii_digit())
            || (s.len() > 1 && s.starts_with('0'))
        {
            return None;
        }
        s.parse::<u8>().ok().and_then(Line::new)
    };
    let why = "lines are numbers from 0 to 28 without leading zeros".to_string();
    match dash {
        None => match parse_line(lines_text) {
            Some(line) => Some(EnPassantField {
                value: EnPassant::Double { pawn, line },
                span,
                hex_span,
                lines_span,
            }),
            None => bad(cx, if lines_text.is_empty() { span } else { lines_span }, why),
        },
        Some(i) => {
            let (a, b) = (&lines_text[..i], &lines_text[i + dash_len..]);
            let (Some(first), Some(second)) = (parse_line(a), parse_line(b)) else {
                return bad(cx, lines_span, why);
            };
            if dash_len != 1 {
                let at = Span::new(lines_start + i, lines_start + i + dash_len);
                hyphen_warning(cx, at);
            }
            let mut lines = [first, second];
            if first > second {
                lines.swap(0, 1);
                cx.diags.push(
                    Diagnostic::warning(
                        codes::TRIPLE_ORDER,
                        lines_span,
                        format!(
                            "expected the crossed lines in ascending order, `{}-{}`, found `{lines_text}`",
                            lines[0], lines[1]
                        ),
                    )
                    .with_fix(lines_span, format!("{}-{}", lines[0], lines[1])),
                );
            }
            Some(EnPassantField {
                value: EnPassant::Triple { pawn, lines },
                span,
                hex_span,
                lines_span,
            })
        }
    }
}

/// What a counter field holds.
enum Counter {
    Value(u32),
    /// Decimal digits, but more than a `u32` holds.
    TooLarge,
    NotANumber,
}

/// Reads a counter: decimal digits, leading zeros warned about.
fn counter(cx: &mut Cx<'_>, field: Field<'_>) -> Counter {
    let text = field.text;
    if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) {
        return Counter::NotANumber;
    }
    let Ok(value) = text.parse::<u32>() else { return Counter::TooLarge };
    if text.len() > 1 && text.starts_with('0') {
        cx.diags.push(
            Diagnostic::warning(
                codes::COUNTER_LEADING_ZERO,
                field.span(),
                format!("expected `{value}` without leading zeros, found `{text}`"),
            )
            .with_fix(field.span(), value.to_string()),
        );
    }
    Counter::Value(value)
}

pub(crate) fn halfmove_clock(cx: &mut Cx<'_>, field: Field<'_>) -> Option<(u32, Span)> {
    let message = match counter(cx, field) {
        Counter::Value(v) => return Some((v, field.span())),
        Counter::TooLarge => format!(
            "expected the halfmove clock, a number from 0 to {}, found `{}`, which is too large",
            u32::MAX,
            field.text
        ),
        Counter::NotANumber => {
            format!("expected the halfmove clock, a number from 0, found `{}`", field.text)
        }
    };
    let mut d = Diagnostic::error(codes::BAD_HALFMOVE_CLOCK, field.span(), message);
    if field.text == "-" || field.text == "?" {
        d = d.with_help("an unknown halfmove clock is written `0`").with_fix(field.span(), "0");
    }
    cx.diags.push(d);
    None
}

pub(crate) fn move_number(cx: &mut Cx<'_>, field: Field<'_>) -> Option<MoveNumber> {
    if field.text == "?" {
        return Some(MoveNumber::Unknown);
    }
    match counter(cx, field) {
        Counter::Value(n) => match NonZeroU32::new(n) {
            Some(n) => Some(MoveNumber::Known(n)),
            None => {
                cx.diags.push(
                    Diagnostic::error(
                        codes::BAD_MOVE_NUMBER,
                        field.span(),
                        "expected a move number from 1 (or `?`), found 0",
                    )
                    .with_help("the first move is number 1"),
                );
                None
            }
        },
        Counter::TooLarge => {
            cx.diags.push(Diagnostic::error(
                codes::BAD_MOVE_NUMBER,
                field.span(),
                format!(
                    "expected the move number, a number from 1 to {} or `?`, found `{}`, which is too large",
                    u32::MAX,
                    field.text
                ),
            ));
            None
        }
        Counter::NotANumber => {
            let mut d = Diagnostic::error(
                codes::BAD_MOVE_NUMBER,
                field.span(),
                format!("expected the move number, a number from 1 or `?`, found `{}`", field.text),
            );
            if field.text == "-" {
                d = d
                    .with_help("an unknown move number is written `?`")
                    .with_fix(field.span(), "?");
            }
            cx.diags.push(d);
            None
        }
    }
}
