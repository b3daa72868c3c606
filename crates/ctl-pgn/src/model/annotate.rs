//! Editing what a game says about its moves: a move's marks (check mark, rating, NAGs, draw
//! offer, the last-move `:`), the comments (opening, after a pair, before a variation's first
//! pair, closing), a pair's number, a variation's label, the result.

use cescacs_board::Colour;
use cescacs_diagnostics::Span;
use ctl_an::syntax::{CheckMark, Comment, CommentKind, GameResult, Rating, Spanned};

use super::data::NodeId;
use super::error::EditError;
use super::game::Game;

/// Where a list of comments is written.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum CommentPlace {
    /// Before the first move.
    Opening,
    /// After the pair of this node (any node of the pair).
    AfterPair(NodeId),
    /// Before the first pair of the variation of index `index` written after the pair of
    /// `pair`.
    BeforeVariation {
        /// Any node of the pair the variation is written after.
        pair: NodeId,
        /// The variation's index there.
        index: usize,
    },
    /// After the result.
    Closing,
}

/// Whether `c` is a comment of `colour`'s player: `{@W: …}` or `{@B: …}` (the colon may be
/// missing).
pub(crate) fn is_player_comment(c: &Comment, colour: Colour) -> bool {
    matches!(c.kind, CommentKind::Player { colour: whose, .. } if whose == colour)
}

impl Game {
    /// The move of `node`, to change its marks.
    fn written_mut(&mut self, node: NodeId) -> Result<&mut ctl_an::syntax::Move, EditError> {
        let data = self.tree.get_mut(node).ok_or(EditError::NoSuchNode(node))?;
        match data.ply.as_mut() {
            None => Err(EditError::Root),
            Some(ctl_an::syntax::Ply::Move(m)) => Ok(m),
            Some(_) => Err(EditError::NotAMove(node)),
        }
    }

    /// Sets the check mark written on the move of `node` (`None`: none). A move added from the
    /// board carries the one it earns; this writes another, as a source may have (the checker
    /// reports a wrong one). `#` ends the game: in the main line, not on a move another pair
    /// follows.
    pub fn set_check_mark(
        &mut self,
        node: NodeId,
        mark: Option<CheckMark>,
    ) -> Result<(), EditError> {
        if mark == Some(CheckMark::Mate) {
            self.may_end_game(node)?;
        }
        self.written_mut(node)?.check = mark.map(|m| Spanned::new(m, Span::default()));
        Ok(())
    }

    /// Refuses to mark `node` as the game's end when another pair follows it in the main line
    /// (its text would end the game there).
    fn may_end_game(&self, node: NodeId) -> Result<(), EditError> {
        let next = self.tree.get(node).and_then(|n| n.next);
        let followed = next.is_some_and(|n| self.tree.pair(n).is_some());
        if followed && self.on_main_line(node) {
            return Err(EditError::EndsGame(node));
        }
        Ok(())
    }

    /// Sets the rating of the move of `node` (`?`, `!!`, `◇`...; `None`: none).
    pub fn set_rating(&mut self, node: NodeId, rating: Option<Rating>) -> Result<(), EditError> {
        self.written_mut(node)?.rating = rating.map(|r| Spanned::new(r, Span::default()));
        Ok(())
    }

    /// Sets the NAGs written after the move of `node` (`$14`...), in order.
    pub fn set_nags(&mut self, node: NodeId, nags: &[u32]) -> Result<(), EditError> {
        self.written_mut(node)?.nags =
            nags.iter().map(|&n| Spanned::new(n, Span::default())).collect();
        Ok(())
    }

    /// Sets whether the player offers a draw with the move of `node` (`(=)`).
    pub fn set_draw_offer(&mut self, node: NodeId, offer: bool) -> Result<(), EditError> {
        self.written_mut(node)?.draw_offer = offer.then(Span::default);
        Ok(())
    }

    /// Sets whether the move of `node` is marked as the last one (`:`, the game's end or
    /// interruption). In the main line, not a move another pair follows: the text of a game
    /// ends there ([`EditError::EndsGame`]).
    pub fn set_end(&mut self, node: NodeId, end: bool) -> Result<(), EditError> {
        if end {
            self.may_end_game(node)?;
        }
        self.written_mut(node)?.end = end.then(Span::default);
        Ok(())
    }

    /// Sets the number written for the pair of `node`: `value.`, or `value?` when `unknown`
    /// (the numbering of a fragment that does not know its move numbers).
    pub fn set_number(&mut self, node: NodeId, value: u32, unknown: bool) -> Result<(), EditError> {
        let head = self.head(node)?;
        let pair = self.tree.pair_mut(head).ok_or(EditError::Root)?;
        pair.number.value = value;
        pair.number.unknown = unknown;
        Ok(())
    }

    /// The comments written at `place`, to read or change (a comment is made with
    /// [`Comment::new`], which refuses a `}`).
    ///
    /// ```
    /// use ctl_an::syntax::Comment;
    /// use ctl_pgn::model::CommentPlace;
    /// let mut game = ctl_pgn::Game::new();
    /// game.comments_mut(CommentPlace::Opening)?.push(Comment::new(" Introduction ").unwrap());
    /// assert_eq!(game.to_string(), "[Variant \"C'escacs\"]\n\n{ Introduction }\n");
    /// # Ok::<(), ctl_pgn::EditError>(())
    /// ```
    pub fn comments_mut(&mut self, place: CommentPlace) -> Result<&mut Vec<Comment>, EditError> {
        match place {
            CommentPlace::Opening => Ok(&mut self.tree.opening),
            CommentPlace::Closing => Ok(&mut self.tree.closing),
            CommentPlace::AfterPair(node) => {
                let head = self.head(node)?;
                Ok(&mut self.tree.pair_mut(head).ok_or(EditError::Root)?.comments)
            }
            CommentPlace::BeforeVariation { pair, index } => {
                let head = self.head(pair)?;
                let data = self.tree.pair_mut(head).ok_or(EditError::Root)?;
                match data.variations.get_mut(index) {
                    Some(v) => Ok(&mut v.comments),
                    None => Err(EditError::NoSuchVariation { pair: head, index }),
                }
            }
        }
    }

    /// Sets the comment of `colour`'s player on the pair of `node`: `{ @W: text }` (or `@B`),
    /// in place of the first such comment, else added (White's before Black's); an empty
    /// `text` removes them. The move comments of CTL-PGN name their player this way.
    ///
    /// ```
    /// use cescacs_board::Colour;
    /// let mut game = ctl_pgn::read_str("[Variant \"C'escacs\"]\n1. E7-E13, E21-E15: *\n").remove(0).game;
    /// let black = game.root().end().id();
    /// game.set_player_comment(black, Colour::Black, "symmetric")?;
    /// game.set_player_comment(black, Colour::White, "opens")?;
    /// assert!(game.to_string().contains(":\n{ @W: opens }\n{ @B: symmetric }\n*"));
    /// assert_eq!(game.node(black).unwrap().pair().unwrap().player_comment(Colour::Black).unwrap().text, " @B: symmetric ");
    /// # Ok::<(), ctl_pgn::EditError>(())
    /// ```
    pub fn set_player_comment(
        &mut self,
        node: NodeId,
        colour: Colour,
        text: &str,
    ) -> Result<(), EditError> {
        let comment = if text.is_empty() {
            None
        } else {
            let player = match colour {
                Colour::White => 'W',
                Colour::Black => 'B',
            };
            Some(Comment::new(&format!(" @{player}: {text} ")).map_err(EditError::Comment)?)
        };
        let comments = self.comments_mut(CommentPlace::AfterPair(node))?;
        let at = comments.iter().position(|c| is_player_comment(c, colour));
        match (comment, at) {
            (Some(c), Some(at)) => comments[at] = c,
            (Some(c), None) => {
                let at = match colour {
                    Colour::White => comments
                        .iter()
                        .position(|c| is_player_comment(c, Colour::Black))
                        .unwrap_or(comments.len()),
                    Colour::Black => comments.len(),
                };
                comments.insert(at, c);
            }
            (None, _) => comments.retain(|c| !is_player_comment(c, colour)),
        }
        Ok(())
    }

    /// Sets the label `$[n]` of the variation of index `index` written after the pair of
    /// `pair` (`None`: no label).
    pub fn set_label(
        &mut self,
        pair: NodeId,
        index: usize,
        label: Option<u32>,
    ) -> Result<(), EditError> {
        let head = self.head(pair)?;
        let data = self.tree.pair_mut(head).ok_or(EditError::Root)?;
        let v = data
            .variations
            .get_mut(index)
            .ok_or(EditError::NoSuchVariation { pair: head, index })?;
        v.label = label.map(|l| Spanned::new(l, Span::default()));
        Ok(())
    }

    /// Sets whether the variation of index `index` written after the pair of `pair` has its
    /// `)` (a reader keeps a variation whose `)` is missing; a variation made here has it).
    pub fn set_closed(
        &mut self,
        pair: NodeId,
        index: usize,
        closed: bool,
    ) -> Result<(), EditError> {
        let head = self.head(pair)?;
        let data = self.tree.pair_mut(head).ok_or(EditError::Root)?;
        let v = data
            .variations
            .get_mut(index)
            .ok_or(EditError::NoSuchVariation { pair: head, index })?;
        v.closed = closed;
        Ok(())
    }

    /// Sets the result line written after the moves (`None`: none).
    pub fn set_result(&mut self, result: Option<GameResult>) {
        self.tree.result = result.map(|r| Spanned::new(r, Span::default()));
    }
}
