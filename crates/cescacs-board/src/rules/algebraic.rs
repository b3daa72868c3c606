//! The spec's minimal reader ("Minimal reader, and filters"): a written move is accepted when it is
//! algebraically coherent with the board, whatever the pieces' rules say.
//!
//! Coherent means: the origin holds a piece of the side to move of the written kind; the destination
//! is empty, or, for a capture, holds an enemy piece of the written kind; an en-passant or scornful
//! capture has its victim; a promotion is made by a pawn reaching its promotion hex (and such a pawn
//! must write one); a castling finds its King and Rook(s) at home and its end hexes free. How far or
//! in which direction a piece moves is not asked: `EE5-E11` (three hexes for an Elephant) is
//! coherent, `G7-E13` onto one's own pawn is not.

use crate::hex::Hex;
use crate::piece::{Colour, Piece, PieceKind};

use super::board::{Board, code};
use super::castling::BoardCastling;
use super::matching::{CastlingCondition, MoveError, MoveSpec, SpecCapture};
use super::moves::{BoardMove, BoardMoveKind, BoardPromotion};
use super::tables::{PROMOTION, TRIPLE};

impl Board {
    /// The move `spec` describes if it is algebraically coherent here (see
    /// [`WrittenMoves::match_move_algebraic`](super::written::WrittenMoves::match_move_algebraic)).
    pub(crate) fn algebraic_match(&self, spec: &MoveSpec) -> Result<BoardMove, MoveError> {
        // The usual written move, read from two bytes of the mailbox: the written piece of the
        // side to move goes to an empty hex. `coherent_move` gives the same move; it is the one
        // that works out which error any other move has.
        if let MoveSpec::Move { piece, from, to, capture: SpecCapture::None, promotion } = *spec {
            let us = self.turn();
            if self.sq[from.index()] == code(us, piece) && self.sq[to.index()] == 0 {
                promotion_coherent(us, piece, to, promotion)?;
                let kind = self.quiet_kind(piece, from, to);
                return Ok(BoardMove { piece, from, to, captured: None, kind, promotion });
            }
        }
        self.coherent_move(spec)
    }

    /// [`Board::algebraic_match`] read step by step, in the order its errors are given.
    fn coherent_move(&self, spec: &MoveSpec) -> Result<BoardMove, MoveError> {
        let us = self.turn();
        match *spec {
            MoveSpec::Castling(c) => self.castling_coherent(c),
            MoveSpec::PromotionInPlace { hex, piece } => {
                let own_pawn = self.piece_at(hex) == Some(Piece::new(us, PieceKind::Pawn));
                if !(own_pawn && is_promotion_hex(us, hex)) {
                    return Err(MoveError::NotAwaiting { hex });
                }
                Ok(BoardMove {
                    piece: PieceKind::Pawn,
                    from: hex,
                    to: hex,
                    captured: None,
                    kind: BoardMoveKind::PromotionInPlace,
                    promotion: Some(BoardPromotion::To(piece)),
                })
            }
            MoveSpec::Move { piece, from, to, capture, promotion } => {
                let found = self.piece_at(from).ok_or(MoveError::NoPieceAtOrigin { from })?;
                if found.colour != us {
                    return Err(MoveError::WrongSide { from, piece: found });
                }
                if found.kind != piece {
                    return Err(MoveError::WrongPieceLetter {
                        from,
                        written: piece,
                        found: found.kind,
                    });
                }
                let (kind, captured) = self.capture_coherent(piece, from, to, capture)?;
                promotion_coherent(us, piece, to, promotion)?;
                Ok(BoardMove { piece, from, to, captured, kind, promotion })
            }
        }
    }

    /// The kind and victim of a move whose origin is fine, from its capture part and the board.
    fn capture_coherent(
        &self,
        piece: PieceKind,
        from: Hex,
        to: Hex,
        capture: SpecCapture,
    ) -> Result<(BoardMoveKind, Option<PieceKind>), MoveError> {
        let us = self.turn();
        let there = self.piece_at(to);
        if let Some(p) = there.filter(|p| p.colour == us) {
            return Err(MoveError::DestinationOwnPiece { to, piece: p.kind });
        }
        match capture {
            SpecCapture::None => match there {
                Some(victim) => Err(MoveError::CaptureNotMarked { to, victim: victim.kind }),
                None => Ok((self.quiet_kind(piece, from, to), None)),
            },
            SpecCapture::Capture(letter) => {
                let victim = there.ok_or(MoveError::NothingToCapture { to })?;
                check_letter(to, letter, victim.kind)?;
                Ok((BoardMoveKind::Normal, Some(victim.kind)))
            }
            SpecCapture::Passant { double, captured } => {
                if piece != PieceKind::Pawn {
                    return Err(MoveError::NotEnPassant { to });
                }
                let f = us.forward();
                match there {
                    // The scornful pawn is taken where it stands, from one of the capturer's
                    // forward-oblique hexes.
                    Some(victim) => {
                        let (fc, fl) = from.coords();
                        let (tc, tl) = to.coords();
                        if double || (tc - fc).abs() != 1 || tl - fl != f {
                            return Err(MoveError::NotEnPassant { to });
                        }
                        check_letter(to, captured, victim.kind)?;
                        Ok((BoardMoveKind::ScornfulCapture, Some(victim.kind)))
                    }
                    // En passant: the stepped pawn stands 2 (`@`) or 4 (`@@`) lines beyond the
                    // crossed hex, in its own forward direction (the capturer's backward one).
                    None => {
                        let lines = if double { 4 } else { 2 };
                        let victim_hex =
                            to.offset(0, -f * lines).ok_or(MoveError::NotEnPassant { to })?;
                        let victim = self
                            .piece_at(victim_hex)
                            .filter(|p| p.colour != us)
                            .ok_or(MoveError::NotEnPassant { to })?;
                        check_letter(victim_hex, captured, victim.kind)?;
                        Ok((BoardMoveKind::EnPassant { victim: victim_hex }, Some(victim.kind)))
                    }
                }
            }
        }
    }

    /// What a non-capturing move is, for the en-passant / scornful field it leaves.
    fn quiet_kind(&self, piece: PieceKind, from: Hex, to: Hex) -> BoardMoveKind {
        if piece != PieceKind::Pawn {
            return BoardMoveKind::Normal;
        }
        let us = self.turn();
        let f = us.forward();
        let (fc, fl) = from.coords();
        let (tc, tl) = to.coords();
        if fc == tc && tl - fl == 4 * f {
            return BoardMoveKind::DoubleStep;
        }
        if fc == tc && tl - fl == 6 * f && TRIPLE[us.index()][from.index()] {
            return BoardMoveKind::TripleStep;
        }
        let faced = from.offset(0, 2 * f).and_then(|h| self.piece_at(h));
        if (tc - fc).abs() == 1 && tl - fl == f && faced == Some(Piece::new(!us, PieceKind::Pawn)) {
            return BoardMoveKind::Scornful;
        }
        BoardMoveKind::Normal
    }

    /// A castling is coherent when its King and Rook(s) are at home and its end hexes are free.
    fn castling_coherent(&self, c: BoardCastling) -> Result<BoardMove, MoveError> {
        let us = self.turn();
        let fail =
            |condition, hex: Option<Hex>| MoveError::Castling { castling: c, condition, hex };
        let king = BoardCastling::king_home(us);
        if self.piece_at(king) != Some(Piece::new(us, PieceKind::King)) {
            return Err(fail(CastlingCondition::A, None));
        }
        let rook = Some(Piece::new(us, PieceKind::Rook));
        for (home, _) in c.rook_moves(us) {
            if self.piece_at(home) != rook {
                return Err(fail(CastlingCondition::B, Some(home)));
            }
        }
        let targets = std::iter::once((c.king_target(us), CastlingCondition::D))
            .chain(c.rook_moves(us).map(|(_, to)| (to, CastlingCondition::E)));
        for (hex, condition) in targets {
            match self.piece_at(hex) {
                None => {}
                Some(p) if p.colour != us => return Err(fail(CastlingCondition::F, Some(hex))),
                Some(_) => return Err(fail(condition, Some(hex))),
            }
        }
        Ok(BoardMove {
            piece: PieceKind::King,
            from: king,
            to: c.king_target(us),
            captured: None,
            kind: BoardMoveKind::Castling(c),
            promotion: None,
        })
    }
}

fn is_promotion_hex(side: Colour, hex: Hex) -> bool {
    PROMOTION[side.index()][hex.index()]
}

/// A pawn reaching its promotion hex must write a promotion, and only such a pawn may.
fn promotion_coherent(
    us: Colour,
    piece: PieceKind,
    to: Hex,
    promotion: Option<BoardPromotion>,
) -> Result<(), MoveError> {
    let promotes = piece == PieceKind::Pawn && is_promotion_hex(us, to);
    match (promotes, promotion) {
        (true, None) => Err(MoveError::PromotionMissing { to }),
        (false, Some(_)) => Err(MoveError::PromotionNotAllowed { to }),
        _ => Ok(()),
    }
}

/// The written captured letter (`None`: a Pawn) must name the piece found.
fn check_letter(to: Hex, written: Option<PieceKind>, found: PieceKind) -> Result<(), MoveError> {
    let ok = match written {
        None => found == PieceKind::Pawn,
        Some(w) => w == found && w != PieceKind::Pawn,
    };
    if ok { Ok(()) } else { Err(MoveError::CapturedMismatch { to, written, found }) }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::internals::MatchWritten;
    use crate::position::{EnPassant, Position};

    fn hex(s: &str) -> Hex {
        s.parse().unwrap()
    }

    fn mv(piece: PieceKind, from: &str, to: &str, capture: SpecCapture) -> MoveSpec {
        MoveSpec::Move { piece, from: hex(from), to: hex(to), capture, promotion: None }
    }

    fn pawn(from: &str, to: &str) -> MoveSpec {
        mv(PieceKind::Pawn, from, to, SpecCapture::None)
    }

    fn play(p: &Position, spec: MoveSpec) -> Position {
        let m = p.match_move_algebraic(&spec).unwrap();
        p.play_unchecked(&m)
    }

    /// The direct reading of the usual move answers as the step-by-step one, for every pair of
    /// hexes and written piece in positions of random games (pseudo-legal moves, so that Kings
    /// are taken and pawns promote or wait too).
    #[test]
    fn the_direct_reading_agrees_with_the_step_by_step_one() {
        use crate::rules::movegen::Filter;
        let mut seed = 0x00c0_4e2e_u64;
        let mut below = |n: usize| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            (seed % n as u64) as usize
        };
        let promotions =
            [None, Some(BoardPromotion::To(PieceKind::Queen)), Some(BoardPromotion::Awaiting)];
        let mut moves = Vec::new();
        let mut direct = 0;
        for _ in 0..12 {
            let mut b = Board::from_position(&Position::initial());
            for ply in 0..160 {
                if ply % 16 == 0 {
                    for from in Hex::all() {
                        let written = b.piece_at(from).map_or(PieceKind::Pawn, |p| p.kind);
                        for piece in [written, PieceKind::Pawn, PieceKind::ALL[below(9)]] {
                            for to in Hex::all() {
                                let promotion = promotions[below(3)];
                                let spec = MoveSpec::Move {
                                    piece,
                                    from,
                                    to,
                                    capture: SpecCapture::None,
                                    promotion,
                                };
                                let read = b.match_move_algebraic(&spec);
                                assert_eq!(read, b.coherent_move(&spec), "{spec:?}");
                                direct += usize::from(read.is_ok());
                            }
                        }
                    }
                }
                moves.clear();
                b.generate(Filter::Pseudo, &mut moves);
                if moves.is_empty() {
                    break;
                }
                let m = moves[below(moves.len())];
                b.play_unchecked(&m);
            }
        }
        assert!(direct > 10_000, "{direct}");
    }

    #[test]
    fn movement_rules_are_not_checked() {
        let p = Position::initial();
        let p = play(&p, pawn("E7", "E13"));
        let p = play(&p, pawn("E21", "E15"));
        let p = play(&p, mv(PieceKind::Elephant, "E5", "E11", SpecCapture::None));
        let p = play(&p, pawn("G21", "G15"));
        // 3. G7-E13: E13 holds White's pawn of move 1.
        let e = p.match_move_algebraic(&pawn("G7", "E13")).unwrap_err();
        assert_eq!(e, MoveError::DestinationOwnPiece { to: hex("E13"), piece: PieceKind::Pawn });
        // The rules-level matcher rejects the Elephant's move itself.
        let q = play(&play(&Position::initial(), pawn("E7", "E13")), pawn("E21", "E15"));
        let spec = mv(PieceKind::Elephant, "E5", "E11", SpecCapture::None);
        assert!(q.match_move(&spec).is_err());
    }

    #[test]
    fn origin_errors() {
        let p = Position::initial();
        assert_eq!(
            p.match_move_algebraic(&pawn("F14", "F16")).unwrap_err(),
            MoveError::NoPieceAtOrigin { from: hex("F14") }
        );
        assert!(matches!(
            p.match_move_algebraic(&pawn("E21", "E19")).unwrap_err(),
            MoveError::WrongSide { .. }
        ));
        assert!(matches!(
            p.match_move_algebraic(&mv(PieceKind::Knight, "E5", "E9", SpecCapture::None))
                .unwrap_err(),
            MoveError::WrongPieceLetter { found: PieceKind::Elephant, .. }
        ));
    }

    #[test]
    fn captures_need_the_written_victim() {
        let p = Position::initial();
        let cap = |letter| mv(PieceKind::Rook, "C3", "C25", SpecCapture::Capture(letter));
        assert!(p.match_move_algebraic(&cap(Some(PieceKind::Rook))).is_ok());
        assert!(matches!(
            p.match_move_algebraic(&cap(None)).unwrap_err(),
            MoveError::CapturedMismatch { found: PieceKind::Rook, .. }
        ));
        assert!(matches!(
            p.match_move_algebraic(&mv(PieceKind::Rook, "C3", "C25", SpecCapture::None))
                .unwrap_err(),
            MoveError::CaptureNotMarked { .. }
        ));
        assert!(matches!(
            p.match_move_algebraic(&mv(PieceKind::Rook, "C3", "C15", SpecCapture::Capture(None)))
                .unwrap_err(),
            MoveError::NothingToCapture { .. }
        ));
    }

    #[test]
    fn steps_set_the_en_passant_field_and_passant_captures_find_their_victim() {
        let p = play(&Position::initial(), pawn("G7", "G13"));
        assert_eq!(p.en_passant().to_string(), "G13@9-11");
        let p = play(&p, pawn("F20", "F16"));
        assert_eq!(p.en_passant().to_string(), "F16@18");
        // As in the spec game A0001-24: `F12@@G9` removes the pawn that stepped to G13.
        let mut q = Position::initial();
        q.set_piece(hex("F12"), Some(Piece::new(Colour::Black, PieceKind::Pawn)));
        q.set_piece(hex("G7"), None);
        q.set_piece(hex("G13"), Some(Piece::new(Colour::White, PieceKind::Pawn)));
        q.set_turn(Colour::Black);
        let spec =
            mv(PieceKind::Pawn, "F12", "G9", SpecCapture::Passant { double: true, captured: None });
        let m = q.match_move_algebraic(&spec).unwrap();
        assert_eq!(m.kind(), BoardMoveKind::EnPassant { victim: hex("G13") });
        let after = q.play_unchecked(&m);
        assert_eq!(after.piece_at(hex("G13")), None);
        assert_eq!(after.en_passant(), EnPassant::None);
        let single = mv(
            PieceKind::Pawn,
            "F12",
            "G9",
            SpecCapture::Passant { double: false, captured: None },
        );
        assert!(matches!(
            q.match_move_algebraic(&single).unwrap_err(),
            MoveError::NotEnPassant { .. }
        ));
    }

    #[test]
    fn scornful_move_and_capture() {
        let mut p = Position::empty();
        let put = |p: &mut Position, h: &str, c, k| p.set_piece(hex(h), Some(Piece::new(c, k)));
        put(&mut p, "G1", Colour::White, PieceKind::King);
        put(&mut p, "G27", Colour::Black, PieceKind::King);
        put(&mut p, "G13", Colour::White, PieceKind::Pawn);
        put(&mut p, "G15", Colour::Black, PieceKind::Pawn);
        p.set_turn(Colour::Black);
        let p = play(&p, pawn("G15", "F14"));
        assert_eq!(p.en_passant(), EnPassant::Scornful(hex("F14")));
        let spec = mv(
            PieceKind::Pawn,
            "G13",
            "F14",
            SpecCapture::Passant { double: false, captured: None },
        );
        let m = p.match_move_algebraic(&spec).unwrap();
        assert_eq!(m.kind(), BoardMoveKind::ScornfulCapture);
        assert_eq!(
            p.play_unchecked(&m).piece_at(hex("F14")).map(|q| q.colour),
            Some(Colour::White)
        );
    }

    #[test]
    fn promotion_only_on_the_promotion_hex_and_required_there() {
        let mut p = Position::empty();
        p.set_piece(hex("G1"), Some(Piece::new(Colour::White, PieceKind::King)));
        p.set_piece(hex("G27"), Some(Piece::new(Colour::Black, PieceKind::King)));
        p.set_piece(hex("E25"), Some(Piece::new(Colour::White, PieceKind::Pawn)));
        assert_eq!(
            p.match_move_algebraic(&pawn("E25", "E27")).unwrap_err(),
            MoveError::PromotionMissing { to: hex("E27") }
        );
        let promote = MoveSpec::Move {
            piece: PieceKind::Pawn,
            from: hex("E25"),
            to: hex("E27"),
            capture: SpecCapture::None,
            promotion: Some(BoardPromotion::To(PieceKind::Queen)),
        };
        let after = play(&p, promote);
        assert_eq!(after.piece_at(hex("E27")).map(|q| q.kind), Some(PieceKind::Queen));
        let early = MoveSpec::Move {
            piece: PieceKind::Pawn,
            from: hex("E25"),
            to: hex("E23"),
            capture: SpecCapture::None,
            promotion: Some(BoardPromotion::Awaiting),
        };
        assert!(p.match_move_algebraic(&early).is_err());
        let in_place = MoveSpec::PromotionInPlace { hex: hex("E27"), piece: PieceKind::Queen };
        assert_eq!(
            p.match_move_algebraic(&in_place).unwrap_err(),
            MoveError::NotAwaiting { hex: hex("E27") }
        );
        let mut q = p.clone();
        q.set_piece(hex("E27"), Some(Piece::new(Colour::White, PieceKind::Pawn)));
        let after = play(&q, in_place);
        assert_eq!(after.piece_at(hex("E27")).map(|x| x.kind), Some(PieceKind::Queen));
    }

    #[test]
    fn castling_needs_pieces_at_home_and_free_end_hexes() {
        let p = Position::initial();
        let e = p.match_move_algebraic(&MoveSpec::Castling(BoardCastling::KrkHio)).unwrap_err();
        assert!(matches!(e, MoveError::Castling { condition: CastlingCondition::D, .. }));
        let mut q = p.clone();
        q.set_piece(hex("H6"), None);
        q.set_piece(hex("I5"), None);
        let m = q.match_move_algebraic(&MoveSpec::Castling(BoardCastling::KrkHio)).unwrap();
        let after = q.play_unchecked(&m);
        assert_eq!(after.piece_at(hex("I5")).map(|x| x.kind), Some(PieceKind::Rook));
        assert!(!after.castling(Colour::White).king_unmoved);
        q.set_piece(hex("I3"), None);
        let e = q.match_move_algebraic(&MoveSpec::Castling(BoardCastling::KrkHio)).unwrap_err();
        assert!(matches!(e, MoveError::Castling { condition: CastlingCondition::B, .. }));
    }
}
