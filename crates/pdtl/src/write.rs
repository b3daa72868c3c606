//! Writing PDTL: one canonical string per position (docs/DECISIONS.md 9).

use core::fmt::Write as _;

use crate::Dialect;
use cescacs_board::{
    CastlingRights, Colour, EnPassant, Letters, Line, MoveNumber, Piece, PieceKind, Position,
};

/// Writes the canonical PDTL of a position with a letter table.
///
/// Lines that hold no piece are left out; runs of empty hexes are one digit, trailing runs
/// included; the castling field always has both parts; a triple step's lines ascend.
///
/// ```
/// use cescacs_board::{Letters, Position};
/// let fan = pdtl::write(&Position::initial(), &Letters::fan());
/// assert!(fan.starts_with("/28:🩒/27:♛♚/"));
/// assert!(fan.ends_with(" w ♖♔♖♜♚♜ - 0 1"));
/// ```
pub fn write(position: &Position, letters: &Letters) -> String {
    write_in(position, letters, Dialect::Spec)
}

/// Writes the PDTL of a position in a [`Dialect`]: the spec's canonical form, or the official
/// app's (what its "Load new" reads back as this position; `docs/APP.md`).
///
/// ```
/// use cescacs_board::{Letters, Position};
/// use pdtl::Dialect;
/// let p = pdtl::parse("/27:1k/25:r3/3:R3/1:1K/ w RK- - 0 ?")?;
/// let app = pdtl::write_in(&p, &Letters::standard(), Dialect::App);
/// assert_eq!(app, "/27:1k/25:r3/3:R3/1:1K/ w RK - 0 -");
/// # Ok::<(), pdtl::PdtlError>(())
/// ```
pub fn write_in(position: &Position, letters: &Letters, dialect: Dialect) -> String {
    let mut out = String::with_capacity(128);
    out.push('/');
    for line in Line::all_descending() {
        if !line.hexes().any(|h| position.piece_at(h).is_some()) {
            continue;
        }
        let _ = write!(out, "{}:", line.number());
        let mut empty = 0u8;
        for hex in line.hexes() {
            match position.piece_at(hex) {
                None => empty += 1,
                Some(p) => {
                    if empty > 0 {
                        out.push(char::from(b'0' + empty));
                        empty = 0;
                    }
                    out.push(letters.letter(p));
                }
            }
        }
        if empty > 0 {
            out.push(char::from(b'0' + empty));
        }
        out.push('/');
    }
    out.push(' ');
    out.push(position.turn().char());
    out.push(' ');
    if dialect == Dialect::App {
        crate::app::write_fields(&mut out, position, letters);
        return out;
    }
    for colour in Colour::ALL {
        castling_part(&mut out, position.castling(colour), colour, letters);
    }
    out.push(' ');
    match position.en_passant() {
        EnPassant::None => out.push('-'),
        EnPassant::Double { pawn, line } => {
            let _ = write!(out, "{pawn}@{line}");
        }
        EnPassant::Triple { pawn, lines } => {
            let (a, b) = (lines[0].min(lines[1]), lines[0].max(lines[1]));
            let _ = write!(out, "{pawn}@{a}-{b}");
        }
        EnPassant::Scornful(hex) => {
            let _ = write!(out, "{hex}");
        }
    }
    let _ = write!(out, " {} ", position.halfmove_clock());
    match position.move_number() {
        MoveNumber::Known(n) => {
            let _ = write!(out, "{n}");
        }
        MoveNumber::Unknown => out.push('?'),
    }
    out
}

fn castling_part(out: &mut String, rights: CastlingRights, colour: Colour, letters: &Letters) {
    if !rights.king_unmoved {
        out.push('-');
        return;
    }
    let rook = letters.letter(Piece::new(colour, PieceKind::Rook));
    if rights.queens_rook {
        out.push(rook);
    }
    out.push(letters.letter(Piece::new(colour, PieceKind::King)));
    if rights.kings_rook {
        out.push(rook);
    }
}

/// Writes the canonical PDTL of a position with the standard letters.
///
/// ```
/// use cescacs_board::Position;
/// assert_eq!(
///     pdtl::to_string(&Position::initial()),
///     "/28:v/27:dk/26:gjg/25:rnnr/24:pejep/23:ppeepp/22:2pjp2/21:3pp3/20:3p3/8:3P3/7:3PP3/6:2PJP2/5:PPEEPP/4:PEJEP/3:RNNR/2:GJG/1:DK/0:V/ w RKRrkr - 0 1"
/// );
/// ```
pub fn to_string(position: &Position) -> String {
    write(position, &Letters::standard())
}
