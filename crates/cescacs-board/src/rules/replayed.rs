//! Playing again moves that were found legal before: how a variation rebuilds the position it
//! branches from (`ctl-pgn`'s replay keeps the moves of a line since a copy of its board).

use super::board::Board;
use crate::BoardMove;

impl Board {
    /// Plays `moves` in turn, each a legal move of the position it is played on (the moves a
    /// [`PlayWritten::play_spec`](crate::internals::PlayWritten::play_spec) returned from the same positions), and leaves the check status known
    /// as `play_spec` does: the next `play_spec` takes its short path instead of a full match.
    /// Moves that were not legal leave a wrong check status: use [`Board::play_unchecked`].
    ///
    /// ```
    /// use cescacs_board::{Board, Position};
    /// let start = Position::initial();
    /// let first = start.legal_board_moves()[0];
    /// let second = start.play_unchecked(&first).legal_board_moves()[0];
    /// let mut replayed = Board::new(&start);
    /// replayed.replay_legal(&[first, second]);
    /// assert_eq!(replayed.to_position(), start.play_unchecked(&first).play_unchecked(&second));
    /// ```
    pub fn replay_legal(&mut self, moves: &[BoardMove]) {
        let Some((last, before)) = moves.split_last() else { return };
        for m in before {
            self.apply(m);
        }
        if !before.is_empty() {
            // The last of them was legal: the side that made it is not in check.
            self.waiting_side_safe = true;
        }
        self.make_legal(last);
    }

    /// Makes this board a copy of `source`, part by part. What [`Clone::clone_from`] does, but
    /// each part is copied inline: a copy of the whole board calls `memcpy`, whose tests of the
    /// size mispredict when copies of other sizes come between (a replay copies a board at each
    /// checkpoint and at the start of each variation). The parts are at most 128 bytes, the
    /// most the compiler copies inline without AVX.
    #[inline]
    pub fn copy_from(&mut self, source: &Board) {
        // Listed whole, so that a new field cannot be forgotten.
        let Board {
            sq,
            occ,
            roles,
            king,
            turn,
            castling,
            en_passant,
            halfmove,
            number,
            scorn_origin,
            key,
            counts,
            totals,
            checkers,
            checkers_known,
            waiting_side_safe,
        } = source;
        let (head, tail) = sq.split_at(128);
        self.sq[..128].copy_from_slice(head);
        self.sq[128..].copy_from_slice(tail);
        self.occ = *occ;
        let [white, black] = roles;
        self.roles[0] = *white;
        self.roles[1] = *black;
        self.king = *king;
        self.turn = *turn;
        self.castling = *castling;
        self.en_passant = *en_passant;
        self.halfmove = *halfmove;
        self.number = *number;
        self.scorn_origin = *scorn_origin;
        self.key = *key;
        self.counts = *counts;
        self.totals = *totals;
        self.checkers = *checkers;
        self.checkers_known = *checkers_known;
        self.waiting_side_safe = *waiting_side_safe;
    }
}

#[cfg(test)]
mod tests {
    use super::super::test_rng::Rng;
    use crate::{Board, Position};

    #[test]
    fn a_board_copied_part_by_part_is_its_clone() {
        let mut rng = Rng(7);
        let mut board = Board::new(&Position::initial());
        let mut copy = Board::new(&Position::initial());
        for ply in 0..200 {
            let moves = board.to_position().legal_board_moves();
            if moves.is_empty() {
                board = Board::new(&Position::initial());
                continue;
            }
            let m = moves[rng.below(moves.len())];
            // Both kinds of play, so that the check status is known after some plies only.
            if ply % 3 == 0 {
                board.play_unchecked(&m);
            } else {
                board.make_legal(&m);
            }
            let clone = board.clone();
            copy.copy_from(&board);
            assert!(copy == clone, "after {ply} plies");
        }
    }

    #[test]
    fn replayed_legal_moves_leave_the_true_check_status() {
        let mut rng = Rng(2026);
        for _ in 0..40 {
            let mut position = Position::initial();
            let mut played = Vec::new();
            for _ in 0..80 {
                let moves = position.legal_board_moves();
                if moves.is_empty() {
                    break;
                }
                let m = moves[rng.below(moves.len())];
                played.push(m);
                position = position.play_unchecked(&m);
            }
            let start = Board::new(&Position::initial());
            for k in 1..=played.len() {
                let mut replayed = start.clone();
                replayed.replay_legal(&played[..k]);
                let mut unchecked = start.clone();
                for m in &played[..k] {
                    unchecked.play_unchecked(m);
                }
                assert_eq!(replayed.to_position(), unchecked.to_position());
                assert!(replayed.checkers_known && replayed.waiting_side_safe);
                assert_eq!(replayed.checkers, unchecked.checkers_now(), "after {k} moves");
                assert!(!unchecked.in_check(!unchecked.turn));
            }
        }
    }
}
