//! What a written move says, under the game's letters: the [`MoveSpec`] the rules engine matches
//! against a position, or the diagnostic of a letter the game does not use, an unknown castling,
//! or `=&` written as a promotion in place.

use cescacs_board::internals::{MoveSpec, SpecCapture};
use cescacs_board::{Letters, PieceKind};
use cescacs_diagnostics::Diagnostic;

use super::codes;
use crate::syntax::{self, Move, MoveKind, OrdinaryMove, PromotionTarget, Separator};

// The error is boxed: it is rare and a `Diagnostic` is large.
/// What a written move says, under the game's letters: the [`MoveSpec`] the rules engine matches
/// against a position, or the diagnostic of a letter the game does not use, an unknown castling,
/// or `=&` written as a promotion in place.
///
/// ```
/// use cescacs_board::{Letters, PieceKind};
/// use cescacs_board::internals::MoveSpec;
/// use ctl_an::written::move_spec;
/// let m: ctl_an::syntax::Move = "GL5-H6#".parse().unwrap();
/// let spec = move_spec(&m, &Letters::standard()).unwrap();
/// assert!(matches!(spec, MoveSpec::Move { piece: PieceKind::Pegasus, .. }));
/// let bishop_as_a: ctl_an::syntax::Move = "AF6-C15".parse().unwrap();
/// assert_eq!(move_spec(&bishop_as_a, &Letters::standard()).unwrap_err().code, "E0403");
/// ```
#[inline]
pub fn move_spec(m: &Move, letters: &Letters) -> Result<MoveSpec, Box<Diagnostic>> {
    match &m.kind {
        MoveKind::Ordinary(o) => ordinary_spec(o, letters),
        _ => rare_move_spec(m, letters),
    }
}

/// The piece a letter of a move names under the game's letters. By reference: only the letter
/// is read unless it is unknown (a copy of the whole letter would load its span in wider loads
/// than the scanner stored it with, which stalls).
#[inline]
fn piece_kind(l: &syntax::PieceLetter, letters: &Letters) -> Result<PieceKind, Box<Diagnostic>> {
    letters.kind_of_move_letter(l.letter).ok_or_else(|| unknown_letter(l, letters))
}

/// [`move_spec`] of a move from one hex to another (the letters are read in the order written:
/// the first unknown one is reported).
#[inline]
fn ordinary_spec(o: &OrdinaryMove, letters: &Letters) -> Result<MoveSpec, Box<Diagnostic>> {
    let piece = match &o.piece {
        Some(l) => piece_kind(l, letters)?,
        None => PieceKind::Pawn,
    };
    let captured = match &o.captured {
        Some(l) => Some(piece_kind(l, letters)?),
        None => None,
    };
    let capture = match o.separator.value {
        Separator::At => SpecCapture::Passant { double: false, captured },
        Separator::DoubleAt => SpecCapture::Passant { double: true, captured },
        s if s.is_capture() => SpecCapture::Capture(captured),
        _ => SpecCapture::None,
    };
    let promotion = match &o.promotion {
        Some(p) => Some(promotion(p, letters)?),
        None => None,
    };
    Ok(MoveSpec::Move { piece, from: o.from.value, to: o.to.value, capture, promotion })
}

/// The promotion a move writes.
#[inline(never)]
fn promotion(
    p: &syntax::Promotion,
    letters: &Letters,
) -> Result<cescacs_board::BoardPromotion, Box<Diagnostic>> {
    Ok(match p.target {
        PromotionTarget::Piece(ref l) => cescacs_board::BoardPromotion::To(piece_kind(l, letters)?),
        PromotionTarget::Awaiting => cescacs_board::BoardPromotion::Awaiting,
    })
}

/// [`move_spec`] of a castling or a promotion in place (out of line: they are rare).
#[inline(never)]
fn rare_move_spec(m: &Move, letters: &Letters) -> Result<MoveSpec, Box<Diagnostic>> {
    Ok(match &m.kind {
        MoveKind::Castling(c) => MoveSpec::Castling(c.board().ok_or_else(|| {
            Box::new(Diagnostic::error(
                codes::BAD_CASTLING,
                m.span,
                format!("unknown castling `{}-{}`", c.prefix(), c.columns()),
            ))
        })?),
        MoveKind::ForcedPromotion(f) => match promotion(&f.promotion, letters)? {
            cescacs_board::BoardPromotion::To(piece) => {
                MoveSpec::PromotionInPlace { hex: f.hex.value, piece }
            }
            cescacs_board::BoardPromotion::Awaiting => {
                let d = Diagnostic::error(
                    codes::BAD_FORM,
                    f.promotion.span,
                    "expected the piece of a promotion in place, found `=&`",
                )
                .with_help("a pawn awaiting promotion that stays a pawn makes no move");
                return Err(Box::new(d));
            }
        },
        MoveKind::Ordinary(o) => return ordinary_spec(o, letters),
    })
}

/// A letter that names no piece of the game (out of line: the replay reads a move per ply).
#[cold]
#[inline(never)]
fn unknown_letter(l: &syntax::PieceLetter, letters: &Letters) -> Box<Diagnostic> {
    let standard = letters.is_standard();
    Box::new(
        Diagnostic::error(
            codes::UNKNOWN_LETTER,
            l.span,
            format!("expected a piece letter of this game, found `{}`", l.letter),
        )
        .with_help(if standard {
            "the standard letters are E J N G R V D K (a pawn has none); alternatives need a `[Redefine]` tag"
        } else {
            "this game's `[Redefine]` tag replaces the standard letter of the pieces it redefines"
        }),
    )
}
