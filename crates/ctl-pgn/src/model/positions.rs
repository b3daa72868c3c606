//! The positions of a game's nodes: each ply's board move, found by playing the lines from the
//! start ([`ctl_an::written::play`], the replay's own matching of a written move), the
//! position after any node, and how the game stands there.

use cescacs_board::{Board, Outcome, Position};
use ctl_an::syntax::Ply;

use super::data::NodeId;
use super::game::Game;

impl Game {
    /// Finds the board move of every ply again: each line played from the start position, a
    /// ply getting its move when the position before it is known and the move written is legal
    /// there. The check mark written is not looked at (the move keeps its own check).
    pub(crate) fn replay(&mut self) {
        for node in self.tree.nodes.iter_mut().flatten() {
            node.board = None;
        }
        let Some(start) = self.setup.start.as_ref() else { return };
        // A parent comes before its children in the arena: one pass plays every line.
        let mut boards: Vec<Option<Board>> = vec![None; self.tree.nodes.len()];
        boards[0] = Some(Board::new(start));
        let letters = &self.setup.letters;
        for i in 1..self.tree.nodes.len() {
            let Some(node) = self.tree.nodes[i].as_mut() else { continue };
            let Some(parent) = node.parent.and_then(|p| boards.get(p.index())?.as_ref()) else {
                continue;
            };
            let Some(Ply::Move(written)) = &node.ply else { continue };
            if node.unreadable {
                continue;
            }
            let mut board = parent.clone();
            if let Ok(m) = ctl_an::written::play(&mut board, written, letters) {
                node.board = Some(m);
                boards[i] = Some(board);
            }
        }
    }

    /// The board after `id`: the start position with the board moves of the plies up to `id`
    /// played; `None` when one of them has none.
    pub(crate) fn board_after(&self, id: NodeId) -> Option<Board> {
        let mut moves = Vec::new();
        let mut at = id;
        while at != NodeId::ROOT {
            let node = self.tree.get(at)?;
            moves.push(node.board?);
            at = node.parent?;
        }
        let mut board = Board::new(self.start()?);
        for m in moves.iter().rev() {
            board.play_unchecked(&m.board_move());
        }
        Some(board)
    }

    /// The position after the node `id` (the start position for the root); `None` when it is
    /// not known: the start is unknown, or a ply on the way has no board move.
    ///
    /// ```
    /// let game = &ctl_pgn::read_str("[Variant \"C'escacs\"]\n1. E7-E13, E21-E15: *\n")[0].game;
    /// let last = game.root().end();
    /// let position = game.position(last.id()).unwrap();
    /// assert_eq!(position.turn(), cescacs_board::Colour::White);
    /// assert_eq!(position.move_number().get(), Some(2));
    /// ```
    pub fn position(&self, id: NodeId) -> Option<Position> {
        self.board_after(id).map(|b| b.to_position())
    }

    /// How the game stands after the node `id`, when it has ended there: mate, stalemate, an
    /// automatic draw of the position, or a draw by repetition (the position after `id`
    /// occurring for the fifth time on the way from the start, which only the line of play
    /// knows). `None` when it goes on, or the position is not known.
    ///
    /// ```
    /// use cescacs_board::{Colour, Termination};
    /// let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"),
    ///     "/../../corpus/valid/spec-fools-mate-X01-en.ctl-pgn")).unwrap();
    /// let game = &ctl_pgn::read_str(&text)[0].game;
    /// let outcome = game.outcome(game.root().end().id()).unwrap();
    /// assert_eq!((outcome.termination(), outcome.winner()), (Termination::Checkmate, Some(Colour::Black)));
    /// ```
    pub fn outcome(&self, id: NodeId) -> Option<Outcome> {
        let mut moves = Vec::new();
        let mut at = id;
        while at != NodeId::ROOT {
            let node = self.tree.get(at)?;
            moves.push(node.board?);
            at = node.parent?;
        }
        let mut board = Board::new(self.start()?);
        let mut line = vec![board.to_position()];
        for m in moves.iter().rev() {
            board.play_unchecked(&m.board_move());
            line.push(board.to_position());
        }
        Outcome::of_line(&line)
    }
}
