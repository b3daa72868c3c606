//! Perft: the number of leaf nodes of the legal-move tree, the standard test of a move generator.

use crate::position::Position;

use super::board::Board;
use super::movegen::{Count, Filter};
use super::moves::BoardMove;

fn count(b: &Board, depth: u32, buffers: &mut [Vec<BoardMove>]) -> u64 {
    if depth == 0 {
        return 1;
    }
    if depth == 1 {
        // Bulk count: the last ply's moves are counted, neither kept nor played.
        let mut n = Count::default();
        b.generate(Filter::Legal, &mut n);
        return n.0 as u64;
    }
    let Some((moves, rest)) = buffers.split_first_mut() else { return 1 };
    moves.clear();
    b.generate(Filter::Legal, moves);
    let mut total = 0;
    for m in moves.iter() {
        let mut next = b.clone();
        next.apply(m);
        // The check status, worked out once, serves the generator and each move's test.
        next.refresh_checkers();
        total += count(&next, depth - 1, rest);
    }
    total
}

impl Position {
    /// The number of move sequences of `depth` legal moves from this position (`perft(0)` is 1).
    ///
    /// ```
    /// use cescacs_board::Position;
    /// let p = Position::initial();
    /// assert_eq!(p.perft(1), 68);
    /// assert_eq!(p.perft(2), 4_612);
    /// ```
    pub fn perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        let mut buffers: Vec<Vec<BoardMove>> =
            (0..depth).map(|_| Vec::with_capacity(128)).collect();
        let mut b = Board::from_position(self);
        b.refresh_checkers();
        count(&b, depth, &mut buffers)
    }

    /// Perft split by the first move: each legal move with the leaf count below it, in generation
    /// order. The counts add up to `perft(depth)`; an empty list for `depth` 0.
    ///
    /// ```
    /// use cescacs_board::Position;
    /// let divide = Position::initial().perft_divide(2);
    /// assert_eq!(divide.len(), 68);
    /// assert_eq!(divide.iter().map(|(_, n)| n).sum::<u64>(), 4_612);
    /// ```
    pub fn perft_divide(&self, depth: u32) -> Vec<(BoardMove, u64)> {
        if depth == 0 {
            return Vec::new();
        }
        let mut b = Board::from_position(self);
        b.refresh_checkers();
        let mut moves = Vec::new();
        b.generate(Filter::Legal, &mut moves);
        let mut buffers: Vec<Vec<BoardMove>> =
            (1..depth).map(|_| Vec::with_capacity(128)).collect();
        moves
            .into_iter()
            .map(|m| {
                let mut next = b.clone();
                next.apply(&m);
                next.refresh_checkers();
                (m, count(&next, depth - 1, &mut buffers))
            })
            .collect()
    }
}
