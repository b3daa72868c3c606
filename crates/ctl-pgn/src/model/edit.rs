//! Editing a game's moves: adding a ply (to a line, or as a variation), promoting, demoting
//! and removing variations. Every edit keeps the written structure whole (docs/MODEL.md):
//! what a pair holds, where a variation is written, the numbers of new pairs.

use cescacs_board::{Board, Colour, Move, MoveNumber};
use cescacs_diagnostics::Span;
use ctl_an::syntax::{self, PairNumber, Ply};

use super::data::{NodeData, NodeId, PairData, VariationData};
use super::error::EditError;
use super::game::Game;

/// A ply to add: a move of the board (chosen among
/// [`Position::legal_moves`](cescacs_board::Position::legal_moves), written in the game's
/// letters with its own check mark), or a move as written (kept as it is, with its marks,
/// whether or not it is legal where it goes: a fragment, a move kept as the source wrote it).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum NewMove {
    /// A legal move of the position where it is added.
    Board(Move),
    /// A move as written (boxed: a written move is large, with its spans and marks).
    Written(Box<syntax::Move>),
}

impl From<Move> for NewMove {
    fn from(m: Move) -> NewMove {
        NewMove::Board(m)
    }
}

impl From<syntax::Move> for NewMove {
    fn from(m: syntax::Move) -> NewMove {
        NewMove::Written(Box::new(m))
    }
}

impl Game {
    /// The node `id`, or why not.
    pub(crate) fn data(&self, id: NodeId) -> Result<&NodeData, EditError> {
        self.tree.get(id).ok_or(EditError::NoSuchNode(id))
    }

    /// The first node of the pair `id` belongs to.
    pub(crate) fn head(&self, id: NodeId) -> Result<NodeId, EditError> {
        self.data(id)?;
        self.tree.head_of(id).ok_or(EditError::Root)
    }

    /// The ply `m` becomes after `branch` (the node whose position it is played from): its
    /// written form and its board move.
    fn ply_after(&self, branch: NodeId, m: NewMove) -> Result<(Ply, Option<Move>), EditError> {
        let board = self.board_after(branch);
        match m {
            NewMove::Board(m) => {
                let board = board.ok_or(EditError::UnknownPosition(branch))?;
                let played = m.board_move();
                if !board.legal_moves().contains(&played) {
                    return Err(EditError::IllegalMove { after: branch, text: m.to_string() });
                }
                let mut after = board;
                after.play_unchecked(&played);
                let m = Move::new(played, &after);
                let written = syntax::Move::from_board(&m, self.letters());
                Ok((Ply::Move(written), Some(m)))
            }
            NewMove::Written(written) => {
                let letters = &self.setup.letters;
                let played = board
                    .and_then(|mut b: Board| ctl_an::written::play(&mut b, &written, letters).ok());
                Ok((Ply::Move(*written), played))
            }
        }
    }

    /// The number of the first pair of the main line: the start's move number, or `1?` when
    /// it is not known.
    fn first_number(&self) -> PairNumber {
        let (value, unknown) = match self.start().map(|s| s.move_number()) {
            Some(MoveNumber::Known(n)) => (n.get(), false),
            _ => (1, true),
        };
        PairNumber { span: Span::default(), value, unknown }
    }

    /// Adds a ply after `after` in its line (as its next ply; `after` may be the root), and
    /// returns it. After White's move it is Black's, in the same pair; otherwise it starts a
    /// new pair, numbered after the previous one (the game's first pair takes the start's move
    /// number, `1?` when it is unknown), written `N. …, MOVE` when Black is to move.
    ///
    /// A board move must be legal in the position after `after`; a move as written is kept as
    /// it is, and gets a board move when it is legal there. In the main line, a new pair after
    /// a move marked `:` (the game's end or interruption) continues the game: the mark goes
    /// (set it on the new last move); none may follow a mate (`#`).
    ///
    /// ```
    /// let mut game = ctl_pgn::Game::new();
    /// let e7 = game.start().unwrap().legal_moves().into_iter().find(|m| m.to_string() == "E7-E13").unwrap();
    /// let white = game.add_move(game.root().id(), e7)?;
    /// let written: ctl_an::syntax::Move = "E21-E15 ?!".parse().unwrap();
    /// let black = game.add_move(white, written)?;
    /// assert!(game.node(black).unwrap().board_move().is_some());
    /// assert!(game.to_string().ends_with("1. E7-E13, E21-E15 ?!\n"));
    /// assert!(game.add_move(white, e7).is_err()); // White's move already has a next move
    /// # Ok::<(), ctl_pgn::EditError>(())
    /// ```
    pub fn add_move(&mut self, after: NodeId, m: impl Into<NewMove>) -> Result<NodeId, EditError> {
        let node = self.data(after)?;
        if node.next.is_some() {
            return Err(EditError::Occupied(after));
        }
        let white_before = node.ply.is_some() && node.slot == Colour::White;
        // A new pair after a move that ends the game would start another game.
        let ends = !white_before && self.on_main_line(after);
        let mate = node
            .ply
            .as_ref()
            .and_then(Ply::as_move)
            .is_some_and(|m| m.check.is_some_and(|c| c.value == syntax::CheckMark::Mate));
        if ends && mate {
            return Err(EditError::EndsGame(after));
        }
        let (ply, board) = self.ply_after(after, m.into())?;
        let (slot, pair) = if white_before {
            (Colour::Black, None)
        } else {
            let number = match self.tree.head_of(after).and_then(|h| self.tree.pair(h)) {
                Some(previous) => PairNumber {
                    span: Span::default(),
                    value: previous.number.value.saturating_add(1),
                    unknown: false,
                },
                None => self.first_number(),
            };
            let black = self.board_after(after).is_some_and(|b| b.turn() == Colour::Black);
            let slot = if black { Colour::Black } else { Colour::White };
            (slot, Some(new_pair(number, black)))
        };
        let id = self.tree.push(NodeData {
            parent: Some(after),
            next: None,
            ply: Some(ply),
            slot,
            pair: pair.map(Box::new),
            board,
            unreadable: false,
        });
        if let Some(node) = self.tree.get_mut(after) {
            node.next = Some(id);
            // The game goes on: a `:` that ended (or interrupted) it there is no longer true.
            if let (true, Some(Ply::Move(m))) = (ends, node.ply.as_mut()) {
                m.end = None;
            }
        }
        Ok(id)
    }

    /// Whether `id` is on the main line (the root included).
    pub(crate) fn on_main_line(&self, id: NodeId) -> bool {
        self.node(id).is_some_and(|n| n.is_main_line())
    }

    /// Whether the move of `id` ends the game (`:` or `#`) where a pair follows it: in the main
    /// line, its text would end the game there and start another with the next pair.
    pub(crate) fn ends_before_a_pair(&self, id: NodeId) -> bool {
        let Some(node) = self.tree.get(id) else { return false };
        let ends = node.ply.as_ref().and_then(Ply::as_move).is_some_and(|m| m.ends_game());
        ends && node.next.is_some_and(|n| self.tree.pair(n).is_some())
    }

    /// The first node of the line from `first` on that [ends the game before a
    /// pair](Game::ends_before_a_pair): where the line, in the main line, would cut it short.
    pub(crate) fn ends_early(&self, first: NodeId) -> Option<NodeId> {
        self.tree.line(Some(first)).find(|&id| self.ends_before_a_pair(id))
    }

    /// Adds a variation after the pair of `pair` (any node of it), replacing its White or
    /// Black move (`replaces`), with `m` as its first ply, and returns that ply. It is written
    /// last among the pair's variations, numbered as the pair (`N. …, MOVE` when it replaces
    /// Black's move). It branches where the move it replaces is played: before the pair for
    /// White's, after White's move for Black's (before the pair when White's is `…`). Black's
    /// move may be replaced even where none is written after White's.
    ///
    /// ```
    /// use cescacs_board::Colour;
    /// let text = "[Variant \"C'escacs\"]\n1. E7-E13, E21-E15: *\n";
    /// let mut game = ctl_pgn::read_str(text).remove(0).game;
    /// let white = game.root().next().unwrap().id();
    /// let f8: ctl_an::syntax::Move = "F8-F12".parse().unwrap();
    /// let first = game.add_variation(white, Colour::White, f8)?;
    /// assert!(game.to_string().contains("1. E7-E13, E21-E15 :\n(1. F8-F12)\n"));
    /// assert_eq!(game.node(first).unwrap().parent().unwrap().id(), game.root().id());
    /// # Ok::<(), ctl_pgn::EditError>(())
    /// ```
    pub fn add_variation(
        &mut self,
        pair: NodeId,
        replaces: Colour,
        m: impl Into<NewMove>,
    ) -> Result<NodeId, EditError> {
        let head = self.head(pair)?;
        let number = self.tree.pair(head).ok_or(EditError::Root)?.number;
        let branch = self.variation_branch(head, replaces)?;
        let (ply, board) = self.ply_after(branch, m.into())?;
        let black = replaces == Colour::Black;
        let first = self.tree.push(NodeData {
            parent: Some(branch),
            next: None,
            ply: Some(ply),
            slot: replaces,
            pair: Some(Box::new(new_pair(number, black))),
            board,
            unreadable: false,
        });
        let variation = VariationData {
            span: Span::default(),
            label: None,
            comments: Vec::new(),
            first: Some(first),
            closed: true,
        };
        if let Some(data) = self.tree.pair_mut(head) {
            data.variations.push(variation);
        }
        Ok(first)
    }

    /// The node that a variation written after the pair of `pair` (any node of it), replacing
    /// `replaces`'s move, branches from: the node before the pair for White's move; White's
    /// move for Black's (the node before the pair when White's is written `…`). Its position is
    /// where the variation's first move is played.
    pub fn variation_branch(&self, pair: NodeId, replaces: Colour) -> Result<NodeId, EditError> {
        let head = self.head(pair)?;
        let white = self.tree.pair(head).ok_or(EditError::Root)?.omitted.is_none();
        match replaces {
            Colour::Black if white => Ok(head),
            _ => self.data(head)?.parent.ok_or(EditError::Root),
        }
    }

    /// Adds a variation without moves after the pair of `pair` (any node of it), last among
    /// its variations, and returns its index there: a variation that holds only comments
    /// ([`Game::comments_mut`]) or a label.
    pub fn add_empty_variation(&mut self, pair: NodeId) -> Result<usize, EditError> {
        let head = self.head(pair)?;
        let data = self.tree.pair_mut(head).ok_or(EditError::Root)?;
        data.variations.push(VariationData {
            span: Span::default(),
            label: None,
            comments: Vec::new(),
            first: None,
            closed: true,
        });
        Ok(data.variations.len() - 1)
    }

    /// Writes Black's move `node` in a pair of its own, `N. …, MOVE`, after the pair of the
    /// White move before it: so that comments can be written between them (a pair's comments
    /// follow the pair). Nothing changes for a node that starts a pair already.
    ///
    /// ```
    /// use ctl_pgn::model::CommentPlace;
    /// let mut game = ctl_pgn::read_str("[Variant \"C'escacs\"]\n1. E7-E13, E21-E15\n").remove(0).game;
    /// let white = game.root().next().unwrap().id();
    /// let black = game.root().end().id();
    /// game.split_pair(black)?;
    /// let about_white = ctl_an::syntax::Comment::new(" @W: opens ").unwrap();
    /// game.comments_mut(CommentPlace::AfterPair(white))?.push(about_white);
    /// assert!(game.to_string().ends_with("1. E7-E13\n{ @W: opens }\n1. …, E21-E15\n"));
    /// # Ok::<(), ctl_pgn::EditError>(())
    /// ```
    pub fn split_pair(&mut self, node: NodeId) -> Result<(), EditError> {
        let head = self.head(node)?;
        if head == node {
            return Ok(());
        }
        let number = self.tree.pair(head).ok_or(EditError::Root)?.number;
        if let Some(data) = self.tree.get_mut(node) {
            data.pair = Some(Box::new(new_pair(number, true)));
        }
        if self.ends_before_a_pair(head) && self.on_main_line(head) {
            if let Some(data) = self.tree.get_mut(node) {
                data.pair = None;
            }
            return Err(EditError::EndsGame(head));
        }
        Ok(())
    }

    /// Writes the move of `node`, alone in its pair, as White's (`N. MOVE`) or as Black's
    /// (`N. …, MOVE`): for a move written for the other side than the one to move, as a
    /// source may have it (the checker reports it). The node must start its pair, and the pair
    /// hold no second move.
    pub fn set_written_side(&mut self, node: NodeId, side: Colour) -> Result<(), EditError> {
        let head = self.head(node)?;
        if head != node || self.tree.black_of(head).is_some() {
            return Err(EditError::NotAlone(node));
        }
        let Some(data) = self.tree.get_mut(node) else { return Err(EditError::NoSuchNode(node)) };
        data.slot = side;
        if let Some(pair) = data.pair.as_deref_mut() {
            pair.omitted = (side == Colour::Black).then(|| pair.omitted.unwrap_or_default());
        }
        Ok(())
    }

    /// Adds a variation that replaces the move of `node` ([`Game::add_variation`] of its pair
    /// and side): what python-chess's `add_variation` does from `node`'s parent.
    pub fn add_alternative(
        &mut self,
        node: NodeId,
        m: impl Into<NewMove>,
    ) -> Result<NodeId, EditError> {
        let side = self.data(node)?.slot;
        self.data(node)?.ply.as_ref().ok_or(EditError::Root)?;
        self.add_variation(node, side, m)
    }

    /// Makes the variation that `first` starts the main continuation where it branches: its
    /// plies take the place of the moves they replaced, which become a variation in its place
    /// (with its label and the comments before it). The comments and variations written after
    /// a pair stay with it, but for a pair whose Black move is swapped: there the player
    /// comments `{@B: …}` go with the Black move they speak of, and what was written after the
    /// promoted move's pair joins the pair it now belongs to (docs/MODEL.md). Positions and
    /// board moves do not change.
    ///
    /// ```
    /// let text = "[Variant \"C'escacs\"]\n1. E7-E13, E21-E15 (1. …, F20-F16) *\n";
    /// let mut game = ctl_pgn::read_str(text).remove(0).game;
    /// let white = game.root().next().unwrap();
    /// let alternative = white.alternatives()[0].id();
    /// game.promote_to_main(alternative)?;
    /// assert_eq!(game.to_string(), "[Variant \"C'escacs\"]\n\n1. E7-E13, F20-F16\n(1. …, E21-E15)\n*\n");
    /// # Ok::<(), ctl_pgn::EditError>(())
    /// ```
    pub fn promote_to_main(&mut self, first: NodeId) -> Result<(), EditError> {
        let (holder, index) =
            self.tree.variation_of(first).ok_or(EditError::NotAVariation(first))?;
        let branch = self.data(first)?.parent.ok_or(EditError::Root)?;
        if let Some(early) = self.ends_early(first).filter(|_| self.on_main_line(branch)) {
            return Err(EditError::EndsGame(early));
        }
        let branch_node = self.data(branch)?;
        let after_white = branch_node.ply.is_some() && branch_node.slot == Colour::White;
        let replaced = branch_node.next;
        let tree = &mut self.tree;
        let Some(promoted) = tree.pair_mut(holder).map(|p| p.variations.remove(index)) else {
            return Err(EditError::NotAVariation(first));
        };
        let mut promoted_pair = tree.get_mut(first).and_then(|f| f.pair.take());
        // The demoted line: it takes the promoted variation's place, label and comments.
        let demoted = replaced.map(|c| VariationData { first: Some(c), ..promoted.clone() });
        if after_white {
            // Black's move swapped inside the pair that `branch` starts.
            let moved = promoted_pair.take().map(|p| *p);
            if let (Some(c), Some(moved)) = (replaced, &moved) {
                let black_comments = take_player_comments(tree, branch, Colour::Black);
                if let Some(node) = tree.get_mut(c) {
                    node.pair = Some(Box::new(PairData {
                        span: moved.span,
                        number: moved.number,
                        omitted: Some(moved.omitted.unwrap_or_default()),
                        comments: black_comments,
                        variations: Vec::new(),
                    }));
                }
            }
            if let Some(pair) = tree.pair_mut(branch) {
                if let Some(moved) = moved {
                    pair.comments.extend(moved.comments);
                    pair.variations.extend(moved.variations);
                }
                if let Some(demoted) = demoted {
                    let at = if holder == branch { index.min(pair.variations.len()) } else { 0 };
                    pair.variations.insert(at, demoted);
                }
            }
        } else {
            // A whole pair swapped: the variations from `branch` written after the replaced
            // pair go with the promoted one, the demoted line among them.
            let mut siblings = Vec::new();
            let mut at = 0;
            if let Some(c) = replaced {
                let from_branch = |tree: &super::data::Tree, v: &VariationData| {
                    v.first.and_then(|f| tree.get(f)).is_some_and(|f| f.parent == Some(branch))
                };
                if let Some(pair) = tree.pair(c) {
                    let (keep, take): (Vec<_>, Vec<_>) =
                        pair.variations.iter().cloned().partition(|v| !from_branch(tree, v));
                    if holder == c {
                        at = pair.variations[..index.min(pair.variations.len())]
                            .iter()
                            .filter(|v| from_branch(tree, v))
                            .count();
                    }
                    siblings = take;
                    if let Some(pair) = tree.pair_mut(c) {
                        pair.variations = keep;
                    }
                }
            }
            if let Some(demoted) = demoted {
                siblings.insert(at.min(siblings.len()), demoted);
            }
            if let Some(pair) = promoted_pair.as_deref_mut() {
                siblings.append(&mut pair.variations);
                pair.variations = siblings;
            }
            if let Some(node) = tree.get_mut(first) {
                node.pair = promoted_pair;
            }
        }
        if let Some(node) = tree.get_mut(branch) {
            node.next = Some(first);
        }
        Ok(())
    }

    /// Moves the variation that `first` starts one place up among the variations written after
    /// its pair; the first of them becomes the main continuation ([`Game::promote_to_main`]).
    pub fn promote(&mut self, first: NodeId) -> Result<(), EditError> {
        let (holder, index) =
            self.tree.variation_of(first).ok_or(EditError::NotAVariation(first))?;
        if index == 0 {
            return self.promote_to_main(first);
        }
        if let Some(pair) = self.tree.pair_mut(holder) {
            pair.variations.swap(index - 1, index);
        }
        Ok(())
    }

    /// Moves `node` one place down: a variation's first ply after the next variation of its
    /// pair (no change for the last); a line's next ply below the first ply that could be
    /// played instead, which becomes the main continuation.
    pub fn demote(&mut self, node: NodeId) -> Result<(), EditError> {
        if let Some((holder, index)) = self.tree.variation_of(node) {
            if let Some(pair) = self.tree.pair_mut(holder) {
                if index + 1 < pair.variations.len() {
                    pair.variations.swap(index, index + 1);
                }
            }
            return Ok(());
        }
        let parent = self.data(node)?.parent.ok_or(EditError::Root)?;
        let first = self.tree.alternatives(parent).first().copied();
        self.promote_to_main(first.ok_or(EditError::NoAlternative(node))?)
    }

    /// Removes `node` with everything after it: the rest of its line and what is written after
    /// its pairs. A variation's first ply removes the variation. A line's ply that others could
    /// replace gives its place to the first of them, as promoted ([`Game::promote_to_main`]).
    ///
    /// ```
    /// let text = "[Variant \"C'escacs\"]\n1. E7-E13, E21-E15 (1. …, F20-F16) 2. F8-F12: *\n";
    /// let mut game = ctl_pgn::read_str(text).remove(0).game;
    /// let second = game.root().end().id();
    /// game.remove(second)?;
    /// let alternative = game.root().next().unwrap().alternatives()[0].id();
    /// game.remove(alternative)?;
    /// assert_eq!(game.to_string(), "[Variant \"C'escacs\"]\n\n1. E7-E13, E21-E15\n*\n");
    /// assert!(game.node(second).is_none());
    /// # Ok::<(), ctl_pgn::EditError>(())
    /// ```
    pub fn remove(&mut self, node: NodeId) -> Result<(), EditError> {
        let parent = self.data(node)?.parent.ok_or(EditError::Root)?;
        if let Some((holder, index)) = self.tree.variation_of(node) {
            return self.remove_variation(holder, index);
        }
        if let Some(&first) = self.tree.alternatives(parent).first() {
            self.promote_to_main(first)?;
            return self.remove(node);
        }
        if let Some(p) = self.tree.get_mut(parent) {
            p.next = None;
        }
        self.tree.drop_from(node);
        Ok(())
    }

    /// Removes the variation of index `index` written after the pair of `pair` (any node of
    /// it), with its plies; the way to remove a variation without moves.
    pub fn remove_variation(&mut self, pair: NodeId, index: usize) -> Result<(), EditError> {
        let head = self.head(pair)?;
        let data = self.tree.pair_mut(head).ok_or(EditError::Root)?;
        if index >= data.variations.len() {
            return Err(EditError::NoSuchVariation { pair: head, index });
        }
        let removed = data.variations.remove(index);
        if let Some(first) = removed.first {
            self.tree.drop_from(first);
        }
        Ok(())
    }
}

/// A new pair's data: its number, `…` for White when `black`.
fn new_pair(number: PairNumber, black: bool) -> PairData {
    PairData {
        span: Span::default(),
        number,
        omitted: black.then(Span::default),
        comments: Vec::new(),
        variations: Vec::new(),
    }
}

/// The `{@B: …}` (or `{@W: …}`) comments of the pair `head`, taken out of it.
fn take_player_comments(
    tree: &mut super::data::Tree,
    head: NodeId,
    colour: Colour,
) -> Vec<syntax::Comment> {
    let Some(pair) = tree.pair_mut(head) else { return Vec::new() };
    let (taken, kept) = std::mem::take(&mut pair.comments)
        .into_iter()
        .partition(|c| super::annotate::is_player_comment(c, colour));
    pair.comments = kept;
    taken
}
