//! Checking one written move without generating every move of the position.
//!
//! A CTL-AN move always names its origin, so the only candidates are the moves of one piece to
//! one hex. They are generated with the ordinary generator (so they are the very moves the full
//! generator would give), and the one the text describes is tested for the King's safety as the
//! generator tests its moves. Anything unusual (castling, promotion
//! in place, a pending forced promotion, a move that fails) goes to the precise path of
//! `matching`, which also builds the diagnostic: the answer is always the one the full generator
//! gives, only faster.

use crate::hex::Hex;
use crate::piece::PieceKind;

use super::attack::{reach_along, within_reach};
use super::board::{Board, JUMPER, code, has_role, is_side, kind_of};
use super::castling::BoardCastling;
use super::matching::{MoveSpec, SpecCapture, letter_matches, spec_matches};
use super::movegen::CASTLES;
use super::moves::{BoardMove, BoardMoveKind};
use super::tables::{
    CAPTURE, FORWARD, JUMP_SET, NEIGHBOURS, NO, OBLIQUE, OPPOSITE, PROMOTION, RAY_DIR, RIDE, STEP,
    TRIPLE, between,
};

impl Board {
    /// The move `spec` describes, if the quick test finds it among the pieces' own moves
    /// (`legal`: and it is legal); `None` sends the caller to the precise path.
    pub(crate) fn quick_match(&self, spec: &MoveSpec, legal: bool) -> Option<BoardMove> {
        let (piece, from, to, capture, promotion) = match *spec {
            MoveSpec::Move { piece, from, to, capture, promotion } => {
                (piece, from, to, capture, promotion)
            }
            MoveSpec::Castling(c) if legal => return self.quick_castling(c),
            _ => return None,
        };
        if self.sq[from.index()] != code(self.turn, piece) {
            return None;
        }
        if legal && self.forced_promotion_pending() {
            return None;
        }
        let m = match self.only_move_between(piece, from.0, to.0) {
            Some(only) => {
                let m = only?;
                // What `spec_matches` asks of such a move: it never promotes, and it is no
                // en-passant or scornful capture.
                let capture_written = match capture {
                    SpecCapture::None => m.captured.is_none(),
                    SpecCapture::Capture(letter) => letter_matches(letter, m.captured),
                    SpecCapture::Passant { .. } => false,
                };
                if promotion.is_some() || !capture_written {
                    return None;
                }
                m
            }
            None => *self.moves_between(from.0, to.0).iter().find(|m| spec_matches(spec, m))?,
        };
        (!legal || self.pseudo_move_is_legal(&m)).then_some(m)
    }

    /// The legal castling `c`, tested as the generator tests it (conditions (a)-(g) of docs/RULES.md
    /// 4.2, no pending forced promotion) without generating the other moves; `None` when it is
    /// not legal (the precise path says why) or the side has more than one King.
    fn quick_castling(&self, c: BoardCastling) -> Option<BoardMove> {
        let us = self.turn;
        if self.counts[code(us, PieceKind::King) as usize] != 1
            || !self.king_at_home_unmoved(us)
            || self.forced_promotion_pending()
            || self.in_check(us)
        {
            return None;
        }
        let data = &CASTLES[us.index()][c as usize];
        if !self.castling_prepared(data, true) {
            return None;
        }
        let m = BoardMove {
            piece: PieceKind::King,
            from: Hex(self.king[us.index()]),
            to: Hex(data.king_to),
            captured: None,
            kind: BoardMoveKind::Castling(c),
            promotion: None,
        };
        self.is_safe_after(&m).then_some(m)
    }

    /// For a piece whose moves between two hexes are at most one ordinary move (every piece but
    /// the Pawn, and the King but for its leap), that move, read from the tables without running
    /// the generator: `Some(None)` when the piece's rules do not take it there; `None` for the
    /// moves the generator must find (a Pawn's, a King's non-step). The piece of `piece`'s kind
    /// and of the side to move stands on `from`.
    #[inline]
    pub(crate) fn only_move_between(
        &self,
        piece: PieceKind,
        from: u8,
        to: u8,
    ) -> Option<Option<BoardMove>> {
        let us = self.turn;
        let (f, t) = (from as usize, to as usize);
        match piece {
            PieceKind::Pawn => return self.only_pawn_move_between(from, to),
            PieceKind::King if !NEIGHBOURS[f].contains(to) => return None,
            _ => {}
        }
        // Read from tables rather than by a jump on the piece's kind (which the processor
        // mispredicts on most moves): a piece's steps and slides are its attacks along a ray.
        let mover = code(us, piece);
        let d = RAY_DIR[f][t];
        // A knight jump or ride never ends on a ray.
        let reaches = if d != NO {
            self.reaches_along(mover, from, to, d as usize)
        } else {
            (has_role(mover, JUMPER) && JUMP_SET[f].contains(to))
                || (piece == PieceKind::Knight && self.sq[t] == 0 && {
                    let (rides, n) = &RIDE[f];
                    rides[..*n as usize]
                        .iter()
                        .any(|&(middle, target)| target == to && self.sq[middle as usize] == 0)
                })
        };
        let c = self.sq[t];
        if !reaches || is_side(c, us) {
            return Some(None);
        }
        Some(Some(BoardMove {
            piece,
            from: Hex(from),
            to: Hex(to),
            captured: (c != 0).then(|| kind_of(c)),
            kind: BoardMoveKind::Normal,
            promotion: None,
        }))
    }

    /// [`Board::only_move_between`] for a Pawn of the side to move on `from`: its step, double
    /// or triple step, oblique (maybe scornful) step or capture to `to`; `None` (the generator
    /// decides) for a promotion hex, an en-passant or a scornful capture.
    #[inline]
    fn only_pawn_move_between(&self, from: u8, to: u8) -> Option<Option<BoardMove>> {
        let us = self.turn.index();
        if PROMOTION[us][to as usize] {
            return None;
        }
        let f = from as usize;
        let c = self.sq[to as usize];
        let forward = FORWARD[us];
        let f1 = STEP[f][forward];
        let empty = |h: u8| h != NO && self.sq[h as usize] == 0;
        let kind = if to == f1 {
            BoardMoveKind::Normal
        } else if empty(f1) && STEP[f1 as usize][forward] == to {
            BoardMoveKind::DoubleStep
        } else if empty(f1)
            && empty(STEP[f1 as usize][forward])
            && TRIPLE[us][f]
            && STEP[STEP[f1 as usize][forward] as usize][forward] == to
        {
            BoardMoveKind::TripleStep
        } else if OBLIQUE[us].iter().any(|&d| STEP[f][d] == to) {
            if c != 0 {
                // An oblique step onto a piece is a scornful capture or nothing.
                return None;
            }
            let scorns = f1 != NO && self.sq[f1 as usize] == code(!self.turn, PieceKind::Pawn);
            if scorns { BoardMoveKind::Scornful } else { BoardMoveKind::Normal }
        } else if CAPTURE[us].iter().any(|&d| STEP[f][d] == to) {
            if c == 0 {
                // Onto an empty hex: an en-passant capture or nothing.
                return None;
            }
            return Some(is_side(c, !self.turn).then(|| BoardMove {
                piece: PieceKind::Pawn,
                from: Hex(from),
                to: Hex(to),
                captured: Some(kind_of(c)),
                kind: BoardMoveKind::Normal,
                promotion: None,
            }));
        } else {
            return Some(None);
        };
        // Steps go to empty hexes only.
        Some((c == 0).then_some(BoardMove {
            piece: PieceKind::Pawn,
            from: Hex(from),
            to: Hex(to),
            captured: None,
            kind,
            promotion: None,
        }))
    }

    /// Whether the piece of code `mover` (not a Pawn) on `from` reaches `to`, which lies on its
    /// ray `d`, by a step or a slide: the line clear up to `to`, which is within the piece's
    /// reach along `d` (a non-pawn piece moves along a ray as it attacks along it). Read from the
    /// ray sets without a branch: a walk of the mailbox, fewer instructions for the short moves
    /// most games are made of, ends after a number of steps the processor cannot predict.
    #[inline]
    fn reaches_along(&self, mover: u8, from: u8, to: u8, d: usize) -> bool {
        let occupied = self.occ[0].union(self.occ[1]);
        between(from, to, d).intersection(occupied).is_empty()
            & within_reach(from, d, to, reach_along(mover, OPPOSITE[d]))
    }

    /// Whether a pseudo-legal move (no castling, no promotion in place) is legal.
    fn pseudo_move_is_legal(&self, m: &BoardMove) -> bool {
        // The generator makes leaps only out of check; the pieces' own moves include them.
        if m.kind == BoardMoveKind::Leap && self.in_check(self.turn) {
            return false;
        }
        // Out of check (the usual case), one piece other than the King leaving its hex can
        // only open the line through its origin: the pin test alone, without the general test.
        if self.checkers_known
            && self.checkers[0] == NO
            && m.piece != PieceKind::King
            && m.kind.touches_only_from_and_to()
        {
            return !self.exposed_by_leaving(self.king[self.turn.index()], m.from.0, m.to.0);
        }
        self.is_safe_after(m)
    }
}
