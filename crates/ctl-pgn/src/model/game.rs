//! The game: its tags with the setup they give (letters, start position), and its movetext.

use cescacs_board::{Letters, Position};
use cescacs_diagnostics::{Diagnostic, Span};
use ctl_an::syntax::{Comment, GameResult, Tag};

use super::data::{NodeId, Tree};
use crate::parsed::Setup;

/// A CTL-PGN game to read, walk and edit (python-chess's `Game`): ordered tags, a start
/// position, opening comments, a tree of nodes (one per ply written, from the root before the
/// first move; see [`Node`](super::Node)), the result and the closing comments. It writes
/// itself in the canonical layout (`Display`, [`Game::write`]): a game read from text writes
/// exactly what `cescacs fmt` writes for it.
///
/// The `Redefine` and `PDTL` tags give the letters its moves are written in and its start
/// position: they are read from the tags, here as when checking a game, and read again when
/// one of them is edited ([`Game::set_tag`]). Each node keeps its move as written (so an
/// illegal move, or one of a fragment whose start is unknown, is kept too) and, when the
/// position before it is known and the move is legal there, the board's [`Move`](cescacs_board::Move)
/// with the check it gives.
///
/// See the [module documentation](super) for reading, walking, editing and writing.
#[derive(Debug, Clone)]
pub struct Game {
    /// Where the game was read: from its first tag to the end of its movetext.
    pub(crate) span: Span,
    pub(crate) tags: Vec<Tag>,
    /// What the tags say of the letters and the start.
    pub(crate) setup: Setup,
    pub(crate) tree: Tree,
}

impl Default for Game {
    /// [`Game::new`].
    fn default() -> Game {
        Game::new()
    }
}

impl Game {
    /// A game from the initial position, with the one tag every CTL-PGN record starts with,
    /// `[Variant "C'escacs"]`, and no move.
    ///
    /// ```
    /// let game = ctl_pgn::Game::new();
    /// assert_eq!(game.to_string(), "[Variant \"C'escacs\"]\n");
    /// assert_eq!(game.start(), Some(&cescacs_board::Position::initial()));
    /// ```
    pub fn new() -> Game {
        let mut game = Game::empty();
        game.push_tag("Variant", "C'escacs").unwrap_or_default();
        game
    }

    /// A game without tags (from the initial position) and without moves: a record such as the
    /// spec's "previous moves" fragment, or a game to give tags of one's own, in one's own order
    /// ([`Game::push_tag`]).
    ///
    /// ```
    /// let mut game = ctl_pgn::Game::empty();
    /// assert!(game.is_empty() && game.to_string().is_empty());
    /// game.push_tag("Variant", "C'escacs")?;
    /// assert_eq!(game.to_string(), ctl_pgn::Game::new().to_string());
    /// # Ok::<(), ctl_pgn::EditError>(())
    /// ```
    pub fn empty() -> Game {
        Game {
            span: Span::default(),
            tags: Vec::new(),
            setup: Setup::read(&[], ""),
            tree: Tree::default(),
        }
    }

    /// A game from `start`: [`Game::new`] with a `PDTL` tag for it.
    ///
    /// ```
    /// let start = pdtl::parse("/14:3k3/8:3E3/1:1K/ w - - 0 40")?;
    /// let game = ctl_pgn::Game::from_position(&start);
    /// assert_eq!(game.tag("PDTL"), Some(pdtl::to_string(&start).as_str()));
    /// assert_eq!(game.start(), Some(&start));
    /// # Ok::<(), pdtl::PdtlError>(())
    /// ```
    pub fn from_position(start: &Position) -> Game {
        let mut game = Game::new();
        let value = pdtl::write(start, game.letters());
        game.set_tag("PDTL", &value).unwrap_or_default();
        game
    }

    /// Where the game was read in its text, from its first tag to the end of its movetext
    /// (empty for a game made through the API).
    pub fn span(&self) -> Span {
        self.span
    }

    /// The piece letters the moves are written in: standard, or those of the `Redefine` tag.
    pub fn letters(&self) -> &Letters {
        &self.setup.letters
    }

    /// Where the moves start: the position of the `PDTL` tag, or the initial one; `None` when
    /// the `PDTL` value cannot be read or the variant is not C'escacs (a fragment whose start
    /// is unknown: its moves are kept as written, none with a board move).
    pub fn start(&self) -> Option<&Position> {
        self.setup.start.as_ref()
    }

    /// The problems of the `Redefine` and `PDTL` tags (`Check` reports them too).
    pub fn setup_diagnostics(&self) -> &[Diagnostic] {
        &self.setup.diagnostics
    }

    /// The comments before the first move.
    pub fn opening_comments(&self) -> &[Comment] {
        &self.tree.opening
    }

    /// The comments after the result.
    pub fn closing_comments(&self) -> &[Comment] {
        &self.tree.closing
    }

    /// The result line, if written (`3-0`, `*`, ...).
    pub fn result(&self) -> Option<GameResult> {
        self.tree.result.map(|r| r.value)
    }

    /// Where the result line was read.
    pub fn result_span(&self) -> Option<Span> {
        self.tree.result.map(|r| r.span)
    }

    /// Whether the game holds nothing: no tag, no move, no comment, no result (text around
    /// games that a reader hands out for its diagnostics).
    pub fn is_empty(&self) -> bool {
        let t = &self.tree;
        self.tags.is_empty()
            && t.opening.is_empty()
            && t.closing.is_empty()
            && t.result.is_none()
            && t.get(NodeId::ROOT).is_none_or(|root| root.next.is_none())
    }
}
