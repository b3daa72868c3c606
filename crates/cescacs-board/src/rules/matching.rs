//! Matching a written move (what a CTL-AN move says) against the moves of a position, with a
//! precise reason when it is not one of them.

use core::fmt;

use crate::hex::Hex;
use crate::notation::{EN_PASSANT, EN_PASSANT_FAR};
use crate::piece::{Piece, PieceKind};

use super::board::{Board, code, colour_of, kind_of};
use super::castling::BoardCastling;
use super::movegen::{CASTLES, Filter};
use super::moves::{BoardMove, BoardMoveKind, BoardPromotion};
use super::tables::{HOME, PROMOTION};

/// The capture part of a written move.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum SpecCapture {
    /// Written with `-`: no capture.
    None,
    /// Written with `×` (or `*`), with the captured piece's letter (`None` when omitted: a Pawn).
    Capture(Option<PieceKind>),
    /// Written with `@` (en passant or scornful capture) or `@@` (`double`: en passant on the first
    /// hex crossed by a triple step), with the captured letter if written.
    Passant {
        /// `@@` rather than `@`.
        double: bool,
        /// The captured piece's letter, written only when the victim had promoted.
        captured: Option<PieceKind>,
    },
}

/// What a written move says, independent of its text: the input of
/// [`MatchWritten::match_move`](super::written::MatchWritten::match_move).
///
/// ```
/// use cescacs_board::{PieceKind, Position};
/// use cescacs_board::internals::{MatchWritten, MoveSpec, SpecCapture};
/// let spec = MoveSpec::Move {
///     piece: PieceKind::Bishop,
///     from: "F6".parse().unwrap(),
///     to: "C15".parse().unwrap(),
///     capture: SpecCapture::None,
///     promotion: None,
/// };
/// let m = Position::initial().match_move(&spec)?;
/// assert_eq!(m.to_string(), "JF6-C15");
/// # Ok::<(), cescacs_board::internals::MoveError>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum MoveSpec {
    /// A castling string, `KRK-HIO`.
    Castling(BoardCastling),
    /// A forced promotion in place, `E27=D` (no origin).
    PromotionInPlace {
        /// The hex of the pawn awaiting promotion.
        hex: Hex,
        /// The piece written after `=`.
        piece: PieceKind,
    },
    /// Any other move: a piece (Pawn when the letter is omitted), origin, separator, destination,
    /// promotion suffix.
    Move {
        /// The moving piece.
        piece: PieceKind,
        /// The origin hex.
        from: Hex,
        /// The destination hex.
        to: Hex,
        /// The separator and captured letter.
        capture: SpecCapture,
        /// `=X` or `=&`, if written.
        promotion: Option<BoardPromotion>,
    },
}

impl From<&BoardMove> for MoveSpec {
    /// What the move's canonical text says: the spec that names exactly this move, to play a
    /// move already known (a `Move` of a position) through
    /// [`PlayWritten::play_spec`](super::written::PlayWritten::play_spec), which verifies it
    /// without generating every move.
    ///
    /// ```
    /// use cescacs_board::Position;
    /// use cescacs_board::internals::{MatchWritten, MoveSpec};
    /// let p = Position::initial();
    /// for m in p.legal_board_moves() {
    ///     assert_eq!(p.match_move(&MoveSpec::from(&m)), Ok(m));
    /// }
    /// ```
    fn from(m: &BoardMove) -> MoveSpec {
        match m.kind {
            BoardMoveKind::Castling(c) => MoveSpec::Castling(c),
            BoardMoveKind::PromotionInPlace => match m.promotion {
                Some(BoardPromotion::To(piece)) => MoveSpec::PromotionInPlace { hex: m.to, piece },
                // A promotion in place always names its piece; any other is no such move.
                _ => MoveSpec::Move {
                    piece: m.piece,
                    from: m.from,
                    to: m.to,
                    capture: SpecCapture::None,
                    promotion: m.promotion,
                },
            },
            kind => {
                // The captured piece's letter is written unless it is a Pawn.
                let letter = m.captured.filter(|&k| k != PieceKind::Pawn);
                let capture = match kind {
                    BoardMoveKind::EnPassant { victim } => SpecCapture::Passant {
                        // `@@`: the victim triple-stepped past the first hex it crossed.
                        double: victim.line().number().abs_diff(m.to.line().number()) == 4,
                        captured: letter,
                    },
                    BoardMoveKind::ScornfulCapture => {
                        SpecCapture::Passant { double: false, captured: letter }
                    }
                    _ if m.captured.is_some() => SpecCapture::Capture(letter),
                    _ => SpecCapture::None,
                };
                MoveSpec::Move {
                    piece: m.piece,
                    from: m.from,
                    to: m.to,
                    capture,
                    promotion: m.promotion,
                }
            }
        }
    }
}

/// The castling conditions of docs/RULES.md 4.2.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum CastlingCondition {
    /// (a) the King has never moved.
    A,
    /// (b) every Rook taking part has never moved.
    B,
    /// (c) the King is not in check.
    C,
    /// (d) the King's target is empty and not attacked.
    D,
    /// (e) each Rook's path is empty.
    E,
    /// (f) nothing is captured.
    F,
    /// (g) after the move the King is not attacked.
    G,
}

impl CastlingCondition {
    /// The letter of the condition, `a` to `g`.
    pub const fn letter(self) -> char {
        match self {
            CastlingCondition::A => 'a',
            CastlingCondition::B => 'b',
            CastlingCondition::C => 'c',
            CastlingCondition::D => 'd',
            CastlingCondition::E => 'e',
            CastlingCondition::F => 'f',
            CastlingCondition::G => 'g',
        }
    }
}

/// Why a written move is not a move of the position. Its `Display` is one sentence.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum MoveError {
    /// No piece stands on the origin hex.
    NoPieceAtOrigin {
        /// The origin.
        from: Hex,
    },
    /// The piece on the origin belongs to the side not to move.
    WrongSide {
        /// The origin.
        from: Hex,
        /// The piece found there.
        piece: Piece,
    },
    /// The letter names another kind of piece than the one on the origin.
    WrongPieceLetter {
        /// The origin.
        from: Hex,
        /// The kind written.
        written: PieceKind,
        /// The kind found.
        found: PieceKind,
    },
    /// The piece's rules do not take it from the origin to the destination in this position.
    CannotMoveThere {
        /// The moving piece.
        piece: PieceKind,
        /// The origin.
        from: Hex,
        /// The destination.
        to: Hex,
    },
    /// The destination holds a piece of the mover's own side.
    DestinationOwnPiece {
        /// The destination.
        to: Hex,
        /// The piece there.
        piece: PieceKind,
    },
    /// The destination holds an enemy piece but the move is written without `×`.
    CaptureNotMarked {
        /// The destination.
        to: Hex,
        /// The enemy piece there.
        victim: PieceKind,
    },
    /// Written as a capture, but there is nothing to capture.
    NothingToCapture {
        /// The destination.
        to: Hex,
    },
    /// The captured-piece letter does not name the piece captured (`None`: a Pawn, no letter).
    CapturedMismatch {
        /// The destination.
        to: Hex,
        /// The letter written (`None` when omitted).
        written: Option<PieceKind>,
        /// The piece actually captured.
        found: PieceKind,
    },
    /// Written with `@` / `@@`, but no en-passant or scornful capture goes there.
    NotEnPassant {
        /// The destination.
        to: Hex,
    },
    /// An en-passant or scornful capture written with the wrong sign (`×` for `@`, `@` for `@@`...).
    WrongPassantSign {
        /// The destination.
        to: Hex,
        /// The sign the move needs: `@` or `@@`.
        expected: &'static str,
    },
    /// The pawn reaches its promotion hex and must promote (`=X`, or `=&` when nothing fits).
    PromotionMissing {
        /// The promotion hex.
        to: Hex,
    },
    /// A promotion written on a move that does not end on the pawn's promotion hex.
    PromotionNotAllowed {
        /// The destination.
        to: Hex,
    },
    /// The piece chosen is not in the side's pool of lost pieces.
    NotRegainable {
        /// The piece written.
        piece: PieceKind,
    },
    /// The lost Bishop of that colour cannot come back on a hex of another colour.
    BishopWrongColour {
        /// The promotion hex.
        to: Hex,
    },
    /// `=&` written although a piece of the pool fits the hex.
    PromotionAvailable {
        /// The promotion hex.
        to: Hex,
    },
    /// A promotion in place on a hex without a pawn of the side to move awaiting promotion.
    NotAwaiting {
        /// The hex written.
        hex: Hex,
    },
    /// A promotion in place while in check: it waits until the King is safe (docs/RULES.md 3.9.6).
    PromotionInPlaceInCheck {
        /// The hex written.
        hex: Hex,
    },
    /// A pawn awaits promotion and the pool can serve it: the move must be that promotion.
    ForcedPromotionPending {
        /// The hexes of the pawns that must be promoted (one of them).
        hexes: Vec<Hex>,
    },
    /// The King's leap is only for a King that has never moved and is not in check.
    LeapNotAllowed {
        /// The King's hex.
        from: Hex,
        /// Whether the reason is check (else: the King has moved).
        in_check: bool,
    },
    /// The move would leave (or put) the mover's own King in check.
    LeavesKingInCheck {
        /// The move's text.
        text: String,
    },
    /// A castling condition fails.
    Castling {
        /// The castling.
        castling: BoardCastling,
        /// The first condition that fails.
        condition: CastlingCondition,
        /// The hex concerned, when there is one.
        hex: Option<Hex>,
    },
}

impl fmt::Display for MoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MoveError::NoPieceAtOrigin { from } => write!(f, "no piece stands on {from}"),
            MoveError::WrongSide { from, piece } => write!(
                f,
                "the {} on {from} is {}'s, but it is {}'s turn",
                piece.kind, piece.colour, !piece.colour
            ),
            MoveError::WrongPieceLetter { from, written, found } => write!(
                f,
                "expected {} {written} on {from} (letter {}), found {} {found} (letter {})",
                written.article(),
                written.letter(),
                found.article(),
                found.letter()
            ),
            MoveError::CannotMoveThere { piece, from, to } => {
                write!(f, "{} {piece} on {from} cannot move to {to}", piece.article())
            }
            MoveError::DestinationOwnPiece { to, piece } => {
                write!(f, "{to} holds the mover's own {piece}")
            }
            MoveError::CaptureNotMarked { to, victim } => {
                write!(f, "the move captures the {victim} on {to}: write `×` instead of `-`")
            }
            MoveError::NothingToCapture { to } => {
                write!(f, "written as a capture, but {to} is empty")
            }
            MoveError::CapturedMismatch { to, written, found } => {
                let w = match written {
                    None => "no letter (a Pawn)".to_string(),
                    Some(k) => format!("`{}` (a {k})", k.letter()),
                };
                let e = match found {
                    PieceKind::Pawn => "no letter".to_string(),
                    k => format!("`{}`", k.letter()),
                };
                write!(f, "expected {e} for the {found} captured on {to}, found {w}")
            }
            MoveError::NotEnPassant { to } => {
                write!(f, "no en-passant or scornful capture goes to {to}")
            }
            MoveError::WrongPassantSign { to, expected } => {
                write!(f, "the capture on {to} is written with `{expected}`")
            }
            MoveError::PromotionMissing { to } => write!(
                f,
                "the pawn reaches its promotion hex {to} and must promote (`=X`, or `=&` when no lost piece fits)"
            ),
            MoveError::PromotionNotAllowed { to } => {
                write!(f, "{to} is not the pawn's promotion hex: no promotion here")
            }
            MoveError::NotRegainable { piece } => {
                write!(f, "no {piece} has been lost: it cannot be regained by promotion")
            }
            MoveError::BishopWrongColour { to } => write!(
                f,
                "the lost Bishop cannot be regained on {to}, a {} hex",
                to.colour().name()
            ),
            MoveError::PromotionAvailable { to } => {
                write!(f, "a lost piece can be regained on {to}: `=&` is not allowed")
            }
            MoveError::NotAwaiting { hex } => {
                write!(f, "no pawn of the side to move awaits promotion on {hex}")
            }
            MoveError::PromotionInPlaceInCheck { hex } => {
                write!(f, "the promotion in place on {hex} must wait: the King is in check")
            }
            MoveError::ForcedPromotionPending { hexes } => {
                let list: Vec<String> = hexes.iter().map(Hex::to_string).collect();
                write!(
                    f,
                    "a pawn awaiting promotion must be promoted in place first ({})",
                    list.join(", ")
                )
            }
            MoveError::LeapNotAllowed { from, in_check } => {
                if *in_check {
                    write!(f, "the King on {from} is in check: no King's leap")
                } else {
                    write!(f, "the King on {from} has moved: no King's leap")
                }
            }
            MoveError::LeavesKingInCheck { text } => {
                write!(f, "`{text}` leaves the mover's King in check")
            }
            MoveError::Castling { castling, condition, hex } => {
                write!(f, "{castling} is not possible: condition ({}) fails", condition.letter())?;
                let h = hex.map(|h| h.to_string()).unwrap_or_default();
                match condition {
                    CastlingCondition::A => write!(f, ", the King has moved"),
                    CastlingCondition::B => write!(f, ", the Rook of {h} has moved or is gone"),
                    CastlingCondition::C => write!(f, ", the King is in check"),
                    CastlingCondition::D => {
                        write!(f, ", the King's target {h} is occupied or attacked")
                    }
                    CastlingCondition::E => write!(f, ", {h} on a Rook's path is occupied"),
                    CastlingCondition::F => {
                        write!(f, ", {h} holds an enemy piece (castling never captures)")
                    }
                    CastlingCondition::G => write!(f, ", the King would be in check after it"),
                }
            }
        }
    }
}

impl std::error::Error for MoveError {}

/// Whether the move `m` is what `spec` says.
#[inline]
pub(crate) fn spec_matches(spec: &MoveSpec, m: &BoardMove) -> bool {
    match *spec {
        MoveSpec::Castling(c) => m.kind == BoardMoveKind::Castling(c),
        MoveSpec::PromotionInPlace { hex, piece } => {
            m.kind == BoardMoveKind::PromotionInPlace
                && m.to == hex
                && m.promotion == Some(BoardPromotion::To(piece))
        }
        MoveSpec::Move { piece, from, to, capture, promotion } => {
            !matches!(m.kind, BoardMoveKind::Castling(_) | BoardMoveKind::PromotionInPlace)
                && m.piece == piece
                && m.from == from
                && m.to == to
                && m.promotion == promotion
                && capture_matches(capture, m)
        }
    }
}

#[inline]
pub(crate) fn letter_matches(written: Option<PieceKind>, found: Option<PieceKind>) -> bool {
    match (written, found) {
        (None, Some(PieceKind::Pawn)) => true,
        (Some(w), Some(k)) => w == k && k != PieceKind::Pawn,
        _ => false,
    }
}

#[inline]
fn capture_matches(capture: SpecCapture, m: &BoardMove) -> bool {
    match capture {
        SpecCapture::None => m.captured.is_none(),
        SpecCapture::Capture(letter) => {
            passant_sign(m).is_none() && letter_matches(letter, m.captured)
        }
        SpecCapture::Passant { double, captured } => {
            passant_sign(m) == Some(if double { EN_PASSANT_FAR } else { EN_PASSANT })
                && letter_matches(captured, m.captured)
        }
    }
}

/// `@` or `@@` for an en-passant or scornful capture, `None` otherwise.
#[inline]
fn passant_sign(m: &BoardMove) -> Option<&'static str> {
    match m.kind {
        BoardMoveKind::EnPassant { victim } => {
            let far = victim.line().number().abs_diff(m.to.line().number()) == 4;
            Some(if far { EN_PASSANT_FAR } else { EN_PASSANT })
        }
        BoardMoveKind::ScornfulCapture => Some(EN_PASSANT),
        _ => None,
    }
}

impl Board {
    /// The legal move `spec` describes, or why there is none (see
    /// [`WrittenMoves::match_move`](super::written::WrittenMoves::match_move)).
    ///
    /// Only the moves of the piece on the written origin to the written destination are looked
    /// at, and only the one the text describes is tested for the King's safety; the full move
    /// list is generated only to explain a move that fails.
    pub(crate) fn legal_match(&self, spec: &MoveSpec) -> Result<BoardMove, MoveError> {
        match self.quick_match(spec, true) {
            Some(m) => Ok(m),
            None => self.match_with(spec, Filter::Legal),
        }
    }

    /// Like [`Board::legal_match`] against the pseudo-legal moves.
    pub(crate) fn pseudo_match(&self, spec: &MoveSpec) -> Result<BoardMove, MoveError> {
        match self.quick_match(spec, false) {
            Some(m) => Ok(m),
            None => self.match_with(spec, Filter::Pseudo),
        }
    }

    /// The precise path: every move generated, the one `spec` names found or its absence
    /// explained.
    fn match_with(&self, spec: &MoveSpec, filter: Filter) -> Result<BoardMove, MoveError> {
        let mut moves = Vec::with_capacity(96);
        self.generate(filter, &mut moves);
        if let Some(m) = moves.iter().find(|m| spec_matches(spec, m)) {
            return Ok(*m);
        }
        Err(diagnose(self, spec, filter, &moves))
    }
}

fn diagnose(b: &Board, spec: &MoveSpec, filter: Filter, legal: &[BoardMove]) -> MoveError {
    let us = b.turn;
    let pending = filter == Filter::Legal
        && !legal.is_empty()
        && legal.iter().all(|m| m.kind == BoardMoveKind::PromotionInPlace);
    match *spec {
        MoveSpec::PromotionInPlace { hex, piece } => {
            let i = hex.0;
            if !(PROMOTION[us.index()][i as usize] && b.sq[i as usize] == code(us, PieceKind::Pawn))
            {
                return MoveError::NotAwaiting { hex };
            }
            if filter == Filter::Legal && b.in_check(us) {
                return MoveError::PromotionInPlaceInCheck { hex };
            }
            promotion_error(b, hex, piece)
        }
        _ if pending => {
            let mut hexes: Vec<Hex> = legal.iter().map(|m| m.to).collect();
            hexes.dedup();
            MoveError::ForcedPromotionPending { hexes }
        }
        MoveSpec::Castling(c) => castling_error(b, c, filter),
        MoveSpec::Move { piece, from, to, capture, promotion } => {
            let found = b.sq[from.index()];
            if found == 0 {
                return MoveError::NoPieceAtOrigin { from };
            }
            let found_piece = Piece::new(colour_of(found), kind_of(found));
            if found_piece.colour != us {
                return MoveError::WrongSide { from, piece: found_piece };
            }
            if found_piece.kind != piece {
                return MoveError::WrongPieceLetter {
                    from,
                    written: piece,
                    found: found_piece.kind,
                };
            }
            // The piece's own moves, whatever the King's safety and any pending promotion.
            let mut pseudo = Vec::new();
            b.generate(Filter::Pseudo, &mut pseudo);
            let there: Vec<BoardMove> = pseudo
                .into_iter()
                .filter(|m| {
                    m.from == from
                        && m.to == to
                        && !matches!(
                            m.kind,
                            BoardMoveKind::Castling(_) | BoardMoveKind::PromotionInPlace
                        )
                })
                .collect();
            if there.is_empty() {
                let dest = b.sq[to.index()];
                if dest != 0 && colour_of(dest) == us {
                    return MoveError::DestinationOwnPiece { to, piece: kind_of(dest) };
                }
                if piece == PieceKind::King && super::tables::is_jump(from.0, to.0) {
                    // Leaps exist among the pseudo-legal moves whenever the King may leap at all.
                    return MoveError::LeapNotAllowed { from, in_check: false };
                }
                return MoveError::CannotMoveThere { piece, from, to };
            }
            if let Some(e) = capture_error(capture, to, &there) {
                return e;
            }
            let same_capture: Vec<&BoardMove> =
                there.iter().filter(|m| capture_matches(capture, m)).collect();
            if !same_capture.iter().any(|m| m.promotion == promotion) {
                let needs = same_capture.iter().any(|m| m.promotion.is_some());
                return match promotion {
                    None => MoveError::PromotionMissing { to },
                    Some(_) if !needs => MoveError::PromotionNotAllowed { to },
                    Some(BoardPromotion::Awaiting) => MoveError::PromotionAvailable { to },
                    Some(BoardPromotion::To(k)) => promotion_error(b, to, k),
                };
            }
            // The move exists for the piece but is not legal.
            let m = same_capture
                .iter()
                .find(|m| m.promotion == promotion)
                .map(|m| **m)
                .unwrap_or(there[0]);
            if m.kind == BoardMoveKind::Leap && b.in_check(us) {
                return MoveError::LeapNotAllowed { from, in_check: true };
            }
            MoveError::LeavesKingInCheck { text: m.to_string() }
        }
    }
}

/// Why the capture part of a move does not fit any of the piece's moves to `to`.
fn capture_error(capture: SpecCapture, to: Hex, there: &[BoardMove]) -> Option<MoveError> {
    if there.iter().any(|m| capture_matches(capture, m)) {
        return None;
    }
    let m = there[0];
    Some(match (capture, m.captured, passant_sign(&m)) {
        (SpecCapture::None, Some(_), Some(sign)) => {
            MoveError::WrongPassantSign { to, expected: sign }
        }
        (SpecCapture::None, Some(victim), None) => MoveError::CaptureNotMarked { to, victim },
        (SpecCapture::Capture(_), None, _) => MoveError::NothingToCapture { to },
        (SpecCapture::Capture(_), Some(_), Some(sign)) => {
            MoveError::WrongPassantSign { to, expected: sign }
        }
        (SpecCapture::Passant { .. }, _, None) => MoveError::NotEnPassant { to },
        (SpecCapture::Passant { double, .. }, _, Some(sign))
            if sign != if double { EN_PASSANT_FAR } else { EN_PASSANT } =>
        {
            MoveError::WrongPassantSign { to, expected: sign }
        }
        (SpecCapture::Capture(w) | SpecCapture::Passant { captured: w, .. }, Some(found), _) => {
            MoveError::CapturedMismatch { to, written: w, found }
        }
        _ => MoveError::CannotMoveThere { piece: m.piece, from: m.from, to },
    })
}

/// Why the side to move cannot promote to `piece` on `to`.
fn promotion_error(b: &Board, to: Hex, piece: PieceKind) -> MoveError {
    let pool = b.to_position().regainable(b.turn);
    if piece == PieceKind::Bishop && pool.count(PieceKind::Bishop) > 0 && !pool.can_take(piece, to)
    {
        return MoveError::BishopWrongColour { to };
    }
    if !pool.can_take(piece, to) {
        return MoveError::NotRegainable { piece };
    }
    MoveError::LeavesKingInCheck { text: format!("{to}={}", piece.letter()) }
}

/// The first castling condition (a)-(g) that fails.
fn castling_error(b: &Board, c: BoardCastling, filter: Filter) -> MoveError {
    let us = b.turn;
    let fail = |condition, hex: Option<u8>| MoveError::Castling {
        castling: c,
        condition,
        hex: hex.map(Hex),
    };
    if !b.king_at_home_unmoved(us) {
        return fail(CastlingCondition::A, None);
    }
    let data = &CASTLES[us.index()][c as usize];
    let rights = b.castling[us.index()];
    let rook = code(us, PieceKind::Rook);
    for (used, right, home) in [
        (data.kings_rook.is_some(), rights.kings_rook, HOME[us.index()][2]),
        (data.queens_rook.is_some(), rights.queens_rook, HOME[us.index()][1]),
    ] {
        if used && !(right && b.sq[home as usize] == rook) {
            return fail(CastlingCondition::B, Some(home));
        }
    }
    let legal = filter == Filter::Legal;
    if legal && b.in_check(us) {
        return fail(CastlingCondition::C, None);
    }
    let targets = [Some(data.king_to), data.kings_rook, data.queens_rook];
    for t in targets.into_iter().flatten() {
        if b.sq[t as usize] != 0 && colour_of(b.sq[t as usize]) != us {
            return fail(CastlingCondition::F, Some(t));
        }
    }
    if b.sq[data.king_to as usize] != 0 {
        return fail(CastlingCondition::D, Some(data.king_to));
    }
    if legal && (b.attacked(data.king_to, !us) || b.leap_attacks(data.king_to, !us)) {
        return fail(CastlingCondition::D, Some(data.king_to));
    }
    if let Some(&h) = data.empty.iter().find(|&&h| b.sq[h as usize] != 0) {
        return fail(CastlingCondition::E, Some(h));
    }
    fail(CastlingCondition::G, None)
}
