//! `Game` and `GameNode`: the game model (the toolkit's `model`, docs/MODEL.md) in Python
//! values, with python-chess's names where they fit. A game read from a stream is read only as
//! far as it is used: its tags, main line and positions come from the lazy reading; walking
//! or editing its nodes reads its tree, once.

use std::sync::Arc;

use cescacs_toolkit::lazy::GameRead;
use cescacs_toolkit::model::{self, CommentPlace, EditError, NewMove, Node, NodeId};
use cescacs_toolkit::{Colour, Position as BoardPosition};
use pyo3::exceptions::{PyKeyError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList, PyTuple};

use crate::board::{Board, Move, Outcome};
use crate::diagnostics::{CescacsError, Diagnostic, error, json, located};
use crate::snapshot::Position;

/// A game's state behind its nodes: the lazy reading it came from, and its model once read.
#[pyclass(unsendable, module = "cescacs")]
pub struct GameData {
    read: Option<GameRead>,
    model: Option<model::Game>,
    number: Option<usize>,
    /// Whether the model was edited: then the model, not the reading, is the game.
    edited: bool,
}

impl GameData {
    fn model(&mut self) -> &mut model::Game {
        let read = &self.read;
        self.model.get_or_insert_with(|| match read {
            Some(read) => model::of_read(read),
            None => model::Game::new(),
        })
    }
}

/// An edit the model refused, as a Python error.
fn refused(e: EditError) -> PyErr {
    PyValueError::new_err(e.to_string())
}

fn colour(white: bool) -> Colour {
    if white { Colour::White } else { Colour::Black }
}

/// A move to add: a `Move` (legal where it is added), or a text read as a move as written (kept
/// as written, given its board move when it is legal there).
fn new_move(py: Python<'_>, m: &Bound<'_, PyAny>) -> PyResult<NewMove> {
    if let Ok(m) = m.downcast::<Move>() {
        Ok(NewMove::Board(m.get().inner))
    } else if let Ok(text) = m.extract::<String>() {
        let written = model::written(&text).map_err(|d| error(py, located(&text, &d)))?;
        Ok(NewMove::Written(Box::new(written)))
    } else {
        Err(PyTypeError::new_err("expected a Move or a CTL-AN text"))
    }
}

/// A place in a game: the start (the root, which a `Game` is) or a ply.
#[pyclass(subclass, module = "cescacs")]
pub struct GameNode {
    data: Py<GameData>,
    id: NodeId,
}

impl GameNode {
    fn of(&self, py: Python<'_>, id: NodeId) -> PyResult<Py<GameNode>> {
        Py::new(py, GameNode { data: self.data.clone_ref(py), id })
    }

    /// `f` of this node; `ValueError` once it has been removed.
    fn with<R>(&self, py: Python<'_>, f: impl FnOnce(Node<'_>) -> R) -> PyResult<R> {
        let mut data = self.data.borrow_mut(py);
        let game = data.model();
        let node =
            game.node(self.id).ok_or_else(|| PyValueError::new_err("the node was removed"))?;
        Ok(f(node))
    }

    /// Edits the game with `f`.
    fn edit<R>(
        &self,
        py: Python<'_>,
        f: impl FnOnce(&mut model::Game) -> Result<R, EditError>,
    ) -> PyResult<R> {
        let mut data = self.data.borrow_mut(py);
        data.edited = true;
        f(data.model()).map_err(refused)
    }

    fn mover(&self, py: Python<'_>) -> PyResult<Colour> {
        self.with(py, |n| n.side())?.ok_or_else(|| PyValueError::new_err("the start plays no move"))
    }
}

#[pymethods]
impl GameNode {
    /// The node before it; `None` for the start.
    #[getter]
    fn parent(&self, py: Python<'_>) -> PyResult<Option<Py<GameNode>>> {
        let parent = self.with(py, |n| n.parent().map(|p| p.id()))?;
        parent.map(|id| self.of(py, id)).transpose()
    }

    /// The move that leads to it (legal where it is played), or `None`: for the start, and for
    /// a move whose position is unknown or that is not legal there (see `ctl`).
    #[getter]
    fn r#move(&self, py: Python<'_>) -> PyResult<Option<Move>> {
        self.with(py, |n| {
            let m = n.board_move()?;
            Some(Move::new(m, Arc::new(n.position_before()?)))
        })
    }

    /// The move as written, with its marks (`"GH6×RI3+^ ?!"`; without them when `marks` is
    /// false), or `None` for the start.
    #[pyo3(signature = (*, marks = true))]
    fn ctl(&self, py: Python<'_>, marks: bool) -> PyResult<Option<String>> {
        self.with(py, |n| {
            n.written().map(|m| {
                let mut m = m.clone();
                m.end = None;
                if !marks {
                    m.check = None;
                    m.rating = None;
                    m.nags.clear();
                    m.draw_offer = None;
                }
                m.to_string()
            })
        })
    }

    /// The node a variation written after this ply's pair branches from, replacing White's
    /// move of the pair (`white=True`: the node before the pair) or Black's (White's move):
    /// where the variation's first move is played.
    #[pyo3(signature = (*, white))]
    fn variation_branch(&self, py: Python<'_>, white: bool) -> PyResult<Py<GameNode>> {
        let id = {
            let mut data = self.data.borrow_mut(py);
            data.model().variation_branch(self.id, colour(white)).map_err(refused)?
        };
        self.of(py, id)
    }

    /// Every ply that may follow: the next one first, then the variations from it, in written
    /// order.
    #[getter]
    fn variations(&self, py: Python<'_>) -> PyResult<Vec<Py<GameNode>>> {
        let ids = self.with(py, |n| n.variations().iter().map(|v| v.id()).collect::<Vec<_>>())?;
        ids.into_iter().map(|id| self.of(py, id)).collect()
    }

    /// The next ply of its line, or `None`.
    fn next(&self, py: Python<'_>) -> PyResult<Option<Py<GameNode>>> {
        let next = self.with(py, |n| n.next().map(|p| p.id()))?;
        next.map(|id| self.of(py, id)).transpose()
    }

    /// The last node of its line from it on.
    fn end(&self, py: Python<'_>) -> PyResult<Py<GameNode>> {
        let end = self.with(py, |n| n.end().id())?;
        self.of(py, end)
    }

    /// Whether no ply follows.
    fn is_end(&self, py: Python<'_>) -> PyResult<bool> {
        self.with(py, |n| n.next().is_none())
    }

    /// Whether it is on the game's main line.
    fn is_mainline(&self, py: Python<'_>) -> PyResult<bool> {
        self.with(py, |n| n.is_main_line())
    }

    /// Whether it is its parent's next ply (the start: `True`).
    fn is_main_variation(&self, py: Python<'_>) -> PyResult<bool> {
        self.with(py, |n| !n.starts_variation())
    }

    /// Whether it starts a variation.
    fn starts_variation(&self, py: Python<'_>) -> PyResult<bool> {
        self.with(py, |n| n.starts_variation())
    }

    /// The plies from the start to it.
    fn ply(&self, py: Python<'_>) -> PyResult<usize> {
        self.with(py, |n| n.path().len())
    }

    /// The game it belongs to.
    fn game(&self, py: Python<'_>) -> PyResult<Py<Game>> {
        Game::create(py, self.data.clone_ref(py))
    }

    /// The board of its line: the game's start with every move to it pushed. `CescacsError`
    /// when the position is not known (an unknown start, a move on the way not legal).
    fn board(&self, py: Python<'_>) -> PyResult<Board> {
        match self.with(py, model::board_of)? {
            Some(inner) => Ok(Board { inner }),
            None => Err(CescacsError::new_err(
                "the position there is not known: the start is unknown or a move before it is not legal",
            )),
        }
    }

    /// The position after it, or `None` when it is not known.
    fn position(&self, py: Python<'_>) -> PyResult<Option<Position>> {
        self.with(py, |n| n.position().map(|inner| Position { inner }))
    }

    /// How the game ends there (mate, stalemate, an automatic draw, a repetition in its line),
    /// or `None`.
    fn outcome(&self, py: Python<'_>) -> PyResult<Option<Outcome>> {
        self.with(py, |n| n.outcome().map(|inner| Outcome { inner }))
    }

    /// The moves of its line after it (up to a move that is not legal or not known).
    fn mainline_moves(&self, py: Python<'_>) -> PyResult<Vec<Move>> {
        self.with(py, |n| {
            n.main_line()
                .map_while(|p| Some(Move::new(p.board_move()?, Arc::new(p.position_before()?))))
                .collect()
        })
    }

    /// The nodes of its line after it.
    fn mainline(&self, py: Python<'_>) -> PyResult<Vec<Py<GameNode>>> {
        let ids = self.with(py, |n| n.main_line().map(|p| p.id()).collect::<Vec<_>>())?;
        ids.into_iter().map(|id| self.of(py, id)).collect()
    }

    /// Adds `move` (a `Move`, or a CTL-AN text kept as written) after it: its next ply when
    /// none follows, else a new variation replacing the next ply. Gives the new node.
    fn add_variation(&self, py: Python<'_>, r#move: &Bound<'_, PyAny>) -> PyResult<Py<GameNode>> {
        let m = new_move(py, r#move)?;
        let next = self.with(py, |n| n.next().map(|p| p.id()))?;
        let id = self.edit(py, |g| match next {
            None => g.add_move(self.id, m),
            Some(next) => g.add_alternative(next, m),
        })?;
        self.of(py, id)
    }

    /// Adds `move` after it as the main continuation: what followed becomes a variation.
    fn add_main_variation(
        &self,
        py: Python<'_>,
        r#move: &Bound<'_, PyAny>,
    ) -> PyResult<Py<GameNode>> {
        let node = self.add_variation(py, r#move)?;
        let id = node.borrow(py).id;
        if self.with(py, |n| n.next().map(|p| p.id()))? != Some(id) {
            self.edit(py, |g| g.promote_to_main(id))?;
        }
        Ok(node)
    }

    /// Adds `move` as a new variation written after this ply's pair, replacing White's move of
    /// the pair (`white=True`) or Black's. Gives the variation's first node.
    #[pyo3(signature = (r#move, *, white))]
    fn add_pair_variation(
        &self,
        py: Python<'_>,
        r#move: &Bound<'_, PyAny>,
        white: bool,
    ) -> PyResult<Py<GameNode>> {
        let m = new_move(py, r#move)?;
        let id = self.edit(py, |g| g.add_variation(self.id, colour(white), m))?;
        self.of(py, id)
    }

    /// Adds a variation without moves after this ply's pair (for comments or a label); gives
    /// its index among the pair's variations.
    fn add_empty_variation(&self, py: Python<'_>) -> PyResult<usize> {
        self.edit(py, |g| g.add_empty_variation(self.id))
    }

    /// Makes the variation it starts the main continuation where it branches.
    fn promote_to_main(&self, py: Python<'_>) -> PyResult<()> {
        self.edit(py, |g| g.promote_to_main(self.id))
    }

    /// Moves the variation it starts one place up.
    fn promote(&self, py: Python<'_>) -> PyResult<()> {
        self.edit(py, |g| g.promote(self.id))
    }

    /// Moves the variation it starts one place down.
    fn demote(&self, py: Python<'_>) -> PyResult<()> {
        self.edit(py, |g| g.demote(self.id))
    }

    /// Removes it and what follows it in its line.
    fn remove(&self, py: Python<'_>) -> PyResult<()> {
        self.edit(py, |g| g.remove(self.id))
    }

    /// The comment of the player who made this move (`{ @W: … }`, `{ @B: … }`), `""` when none;
    /// for the start, the game's opening comments, one a line. Setting `""` removes it.
    #[getter]
    fn comment(&self, py: Python<'_>) -> PyResult<String> {
        self.with(py, |n| {
            if n.is_root() {
                let texts: Vec<&str> =
                    n.game().opening_comments().iter().map(|c| c.text.trim()).collect();
                return texts.join("\n");
            }
            let (Some(pair), Some(side)) = (n.pair(), n.side()) else { return String::new() };
            pair.player_comment(side).map_or(String::new(), |c| player_text(&c.text))
        })
    }

    #[setter]
    fn set_comment(&self, py: Python<'_>, text: &str) -> PyResult<()> {
        if self.with(py, |n| n.is_root())? {
            let comments = comments(text.lines().filter(|l| !l.trim().is_empty()))?;
            return self.edit(py, |g| {
                *g.comments_mut(CommentPlace::Opening)? = comments;
                Ok(())
            });
        }
        let side = self.mover(py)?;
        self.edit(py, |g| g.set_player_comment(self.id, side, text))
    }

    /// Every comment written after this ply's pair, in order, each its text between the
    /// braces.
    #[getter]
    fn pair_comments(&self, py: Python<'_>) -> PyResult<Vec<String>> {
        self.with(py, |n| {
            n.pair().map_or(Vec::new(), |p| p.comments().iter().map(|c| c.text.clone()).collect())
        })
    }

    #[setter]
    fn set_pair_comments(&self, py: Python<'_>, texts: Vec<String>) -> PyResult<()> {
        let comments = comments(texts.iter().map(String::as_str))?;
        self.edit(py, |g| {
            *g.comments_mut(CommentPlace::AfterPair(self.id))? = comments;
            Ok(())
        })
    }

    /// The check mark as written (`"+"`, `"+^"`, `"+∞"`, `"++"`, `"#"`), or `None`.
    #[getter]
    fn check_mark(&self, py: Python<'_>) -> PyResult<Option<&'static str>> {
        self.with(py, |n| n.written().and_then(|m| m.check.map(|c| c.value.as_str())))
    }

    #[setter]
    fn set_check_mark(&self, py: Python<'_>, mark: Option<&str>) -> PyResult<()> {
        let mark = mark.map(|t| read_mark(t, model::check_mark, "check mark")).transpose()?;
        self.edit(py, |g| g.set_check_mark(self.id, mark))
    }

    /// The rating (`"!"`, `"?!"`, `"◇"`...), or `None`.
    #[getter]
    fn rating(&self, py: Python<'_>) -> PyResult<Option<&'static str>> {
        self.with(py, |n| n.written().and_then(|m| m.rating.map(|r| r.value.as_str())))
    }

    #[setter]
    fn set_rating(&self, py: Python<'_>, rating: Option<&str>) -> PyResult<()> {
        let rating = rating.map(|t| read_mark(t, model::rating, "rating")).transpose()?;
        self.edit(py, |g| g.set_rating(self.id, rating))
    }

    /// The numeric annotations (`$3` is 3), in written order.
    #[getter]
    fn nags(&self, py: Python<'_>) -> PyResult<Vec<u32>> {
        self.with(py, |n| {
            n.written().map_or(Vec::new(), |m| m.nags.iter().map(|n| n.value).collect())
        })
    }

    #[setter]
    fn set_nags(&self, py: Python<'_>, nags: Vec<u32>) -> PyResult<()> {
        self.edit(py, |g| g.set_nags(self.id, &nags))
    }

    /// Whether a draw is offered with the move (`(=)`).
    #[getter]
    fn draw_offer(&self, py: Python<'_>) -> PyResult<bool> {
        self.with(py, |n| n.written().is_some_and(|m| m.draw_offer.is_some()))
    }

    #[setter]
    fn set_draw_offer(&self, py: Python<'_>, offer: bool) -> PyResult<()> {
        self.edit(py, |g| g.set_draw_offer(self.id, offer))
    }

    /// Whether the move is marked as the game's last (`:`).
    #[getter]
    fn last_move_mark(&self, py: Python<'_>) -> PyResult<bool> {
        self.with(py, |n| n.written().is_some_and(|m| m.end.is_some()))
    }

    #[setter]
    fn set_last_move_mark(&self, py: Python<'_>, end: bool) -> PyResult<()> {
        self.edit(py, |g| g.set_end(self.id, end))
    }

    /// The side that plays it as written: `True` White, `False` Black; `None` for the start.
    #[getter]
    fn side(&self, py: Python<'_>) -> PyResult<Option<bool>> {
        self.with(py, |n| n.side().map(|c| c == Colour::White))
    }

    /// Writes a lone move as White's (`True`) or Black's.
    fn set_written_side(&self, py: Python<'_>, white: bool) -> PyResult<()> {
        self.edit(py, |g| g.set_written_side(self.id, colour(white)))
    }

    /// Whether it is the first move written in its pair.
    fn starts_pair(&self, py: Python<'_>) -> PyResult<bool> {
        self.with(py, |n| n.pair().is_some_and(|p| p.first() == n))
    }

    /// Writes Black's move in a pair of its own (`N. …, MOVE`).
    fn split_pair(&self, py: Python<'_>) -> PyResult<()> {
        self.edit(py, |g| g.split_pair(self.id))
    }

    /// Its pair's number as written: `(12, False)` for `12.`, `(12, True)` for `12?`; `None`
    /// for the start.
    #[getter]
    fn move_number(&self, py: Python<'_>) -> PyResult<Option<(u32, bool)>> {
        self.with(py, |n| n.pair().map(|p| (p.number().value, p.number().unknown)))
    }

    /// Sets its pair's number.
    #[pyo3(signature = (value, *, unknown = false))]
    fn set_move_number(&self, py: Python<'_>, value: u32, unknown: bool) -> PyResult<()> {
        self.edit(py, |g| g.set_number(self.id, value, unknown))
    }

    /// The variations written after its pair, in written order.
    #[getter]
    fn pair_variations(&self, py: Python<'_>) -> PyResult<Vec<PairVariation>> {
        let found = self.with(py, |n| {
            n.pair().map_or(Vec::new(), |p| {
                p.variations()
                    .map(|v| {
                        (
                            v.first().map(|f| f.id()),
                            v.label(),
                            v.comments().iter().map(|c| c.text.clone()).collect::<Vec<_>>(),
                            v.is_closed(),
                            v.replaces().map(|c| c == Colour::White),
                        )
                    })
                    .collect()
            })
        })?;
        found
            .into_iter()
            .map(|(first, label, comments, closed, replaces_white)| {
                Ok(PairVariation {
                    first: first.map(|id| self.of(py, id)).transpose()?,
                    label,
                    comments,
                    closed,
                    replaces_white,
                })
            })
            .collect()
    }

    /// Sets the label (`$[n]`) of the variation `index` after its pair.
    fn set_variation_label(
        &self,
        py: Python<'_>,
        index: usize,
        label: Option<u32>,
    ) -> PyResult<()> {
        self.edit(py, |g| g.set_label(self.id, index, label))
    }

    /// Sets the comments written before the first pair of the variation `index` after its pair.
    fn set_variation_comments(
        &self,
        py: Python<'_>,
        index: usize,
        texts: Vec<String>,
    ) -> PyResult<()> {
        let comments = comments(texts.iter().map(String::as_str))?;
        self.edit(py, |g| {
            *g.comments_mut(CommentPlace::BeforeVariation { pair: self.id, index })? = comments;
            Ok(())
        })
    }

    /// Whether the variation `index` after its pair is closed with `)`.
    fn set_variation_closed(&self, py: Python<'_>, index: usize, closed: bool) -> PyResult<()> {
        self.edit(py, |g| g.set_closed(self.id, index, closed))
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other
            .downcast::<GameNode>()
            .is_ok_and(|o| o.borrow().data.is(&self.data) && o.borrow().id == self.id)
    }

    fn __hash__(&self) -> usize {
        self.data.as_ptr() as usize ^ self.id.index()
    }

    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        Ok(match self.ctl(py, true)? {
            Some(m) => format!("<GameNode {m}>"),
            None => "<GameNode start>".to_string(),
        })
    }

    /// A node pickles as its game and the way to it.
    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        let path = self.with(py, model::path_of)?;
        let game = self.game(py)?;
        let at = py.import("cescacs")?.getattr("_node")?;
        (at, (game, path)).into_pyobject(py)
    }
}

/// A player comment's text without its `@W:` or `@B:`.
fn player_text(text: &str) -> String {
    let t = text.trim_start();
    let t = t.strip_prefix("@W:").or_else(|| t.strip_prefix("@B:")).unwrap_or(t);
    t.trim().to_string()
}

fn comments<'a>(texts: impl Iterator<Item = &'a str>) -> PyResult<Vec<model::Comment>> {
    texts
        .map(|t| model::Comment::new(t).map_err(|e| PyValueError::new_err(e.to_string())))
        .collect()
}

fn read_mark<T>(text: &str, read: fn(&str) -> Option<T>, what: &str) -> PyResult<T> {
    read(text).ok_or_else(|| PyValueError::new_err(format!("{text:?} is no {what}")))
}

/// A variation written after a pair: its first node (`None` for one without moves), its label
/// (`$[n]`), the comments before its first pair, whether `)` closes it, and whether it replaces
/// White's move of the pair (`True`) or Black's.
#[pyclass(frozen, get_all, module = "cescacs")]
pub struct PairVariation {
    first: Option<Py<GameNode>>,
    label: Option<u32>,
    comments: Vec<String>,
    closed: bool,
    replaces_white: Option<bool>,
}

/// A game: its tags, the comments before and after its moves, its result, and its moves from
/// the start (the game is its own start node). `Game()` is a new game; `read_games` and
/// `read_game` read them; `str(game)` is the game in canonical CTL-PGN, as `cescacs fmt` writes
/// it.
#[pyclass(extends = GameNode, unsendable, module = "cescacs")]
pub struct Game {}

impl Game {
    fn create(py: Python<'_>, data: Py<GameData>) -> PyResult<Py<Game>> {
        let init =
            PyClassInitializer::from(GameNode { data, id: NodeId::ROOT }).add_subclass(Game {});
        Py::new(py, init)
    }

    pub(crate) fn of_read(py: Python<'_>, read: GameRead) -> PyResult<Py<Game>> {
        let number = read.number();
        let data = GameData { read: Some(read), model: None, number, edited: false };
        Game::create(py, Py::new(py, data)?)
    }

    pub(crate) fn of_model(
        py: Python<'_>,
        game: model::Game,
        number: Option<usize>,
    ) -> PyResult<Py<Game>> {
        let data = GameData { read: None, model: Some(game), number, edited: false };
        Game::create(py, Py::new(py, data)?)
    }

    /// The game's data, shared with its nodes.
    fn data(slf: &PyRef<'_, Self>, py: Python<'_>) -> Py<GameData> {
        slf.as_super().data.clone_ref(py)
    }
}

#[pymethods]
impl Game {
    /// A new game: the `Variant` tag alone, no move.
    #[new]
    fn new(py: Python<'_>) -> PyResult<PyClassInitializer<Game>> {
        let data =
            GameData { read: None, model: Some(model::Game::new()), number: None, edited: true };
        let data = Py::new(py, data)?;
        Ok(PyClassInitializer::from(GameNode { data, id: NodeId::ROOT }).add_subclass(Game {}))
    }

    /// A new game without any tag (not even `Variant`): for tags of one's own, in one's own
    /// order (`push_tag`).
    #[staticmethod]
    fn without_tags(py: Python<'_>) -> PyResult<Py<Game>> {
        Game::of_model(py, model::Game::empty(), None)
    }

    /// A new game from the start of `board` (a `PDTL` tag unless it is the initial position)
    /// with the moves of its stack.
    #[staticmethod]
    fn from_board(py: Python<'_>, board: &Board) -> PyResult<Py<Game>> {
        let start = board.inner.start();
        let mut game = if *start == BoardPosition::initial() {
            model::Game::new()
        } else {
            model::Game::from_position(start)
        };
        let mut at = NodeId::ROOT;
        for m in board.inner.moves() {
            at = game.add_move(at, *m).map_err(refused)?;
        }
        Game::of_model(py, game, None)
    }

    /// The tags, a mapping in written order: setting one changes the game (a new one goes where
    /// the spec places it), deleting one removes every tag of that name.
    #[getter]
    fn tags(slf: PyRef<'_, Self>, py: Python<'_>) -> Tags {
        Tags { data: Game::data(&slf, py).clone_ref(py) }
    }

    /// The same as `tags` (python-chess's name).
    #[getter]
    fn headers(slf: PyRef<'_, Self>, py: Python<'_>) -> Tags {
        Game::tags(slf, py)
    }

    /// Adds a tag after the others, even one of a name already there.
    fn push_tag(slf: PyRef<'_, Self>, py: Python<'_>, name: &str, value: &str) -> PyResult<()> {
        slf.as_super().edit(py, |g| g.push_tag(name, value))
    }

    /// The game's number in its file (from 1, as `cescacs replay --game` counts them); `None`
    /// for a game made here, and for text around games, given for its diagnostics.
    #[getter]
    fn number(slf: PyRef<'_, Self>, py: Python<'_>) -> Option<usize> {
        Game::data(&slf, py).borrow(py).number
    }

    /// The moves of the main line, as written (with their marks).
    #[getter]
    fn moves(slf: PyRef<'_, Self>, py: Python<'_>) -> PyResult<Vec<String>> {
        let data = Game::data(&slf, py);
        {
            let d = data.borrow(py);
            if let (Some(read), false) = (&d.read, d.edited) {
                return Ok(read.moves());
            }
        }
        slf.as_super().with(py, |root| {
            root.main_line()
                .filter_map(|n| n.written())
                .map(|m| {
                    let mut m = m.clone();
                    m.end = None;
                    m.to_string()
                })
                .collect()
        })
    }

    /// The result line written after the moves (`"3-0"`, `"*"`...), or `None`; settable.
    #[getter]
    fn result(slf: PyRef<'_, Self>, py: Python<'_>) -> PyResult<Option<String>> {
        slf.as_super().with(py, |root| root.game().result().map(|r| r.as_str().to_string()))
    }

    #[setter]
    fn set_result(slf: PyRef<'_, Self>, py: Python<'_>, result: Option<&str>) -> PyResult<()> {
        let result = result.map(|t| read_mark(t, model::result, "result")).transpose()?;
        slf.as_super().edit(py, |g| {
            g.set_result(result);
            Ok(())
        })
    }

    /// The comments before the first move, each its text between the braces; settable.
    #[getter]
    fn opening_comments(slf: PyRef<'_, Self>, py: Python<'_>) -> PyResult<Vec<String>> {
        slf.as_super().with(py, |root| {
            root.game().opening_comments().iter().map(|c| c.text.clone()).collect()
        })
    }

    #[setter]
    fn set_opening_comments(
        slf: PyRef<'_, Self>,
        py: Python<'_>,
        texts: Vec<String>,
    ) -> PyResult<()> {
        let comments = comments(texts.iter().map(String::as_str))?;
        slf.as_super().edit(py, |g| {
            *g.comments_mut(CommentPlace::Opening)? = comments;
            Ok(())
        })
    }

    /// The comments after the last move, each its text between the braces; settable.
    #[getter]
    fn closing_comments(slf: PyRef<'_, Self>, py: Python<'_>) -> PyResult<Vec<String>> {
        slf.as_super().with(py, |root| {
            root.game().closing_comments().iter().map(|c| c.text.clone()).collect()
        })
    }

    #[setter]
    fn set_closing_comments(
        slf: PyRef<'_, Self>,
        py: Python<'_>,
        texts: Vec<String>,
    ) -> PyResult<()> {
        let comments = comments(texts.iter().map(String::as_str))?;
        slf.as_super().edit(py, |g| {
            *g.comments_mut(CommentPlace::Closing)? = comments;
            Ok(())
        })
    }

    /// What `cescacs check` finds in the game (rules level); lines count from the file's start
    /// for a game read and not edited, from the game's own text otherwise.
    #[getter]
    fn diagnostics(slf: PyRef<'_, Self>, py: Python<'_>) -> PyResult<Vec<Diagnostic>> {
        let data = Game::data(&slf, py);
        {
            let d = data.borrow(py);
            if let (Some(read), false) = (&d.read, d.edited) {
                return Ok(read.diagnostics(&json()).into_iter().map(Diagnostic::from).collect());
            }
        }
        let text = Game::__str__(slf, py)?;
        let options = cescacs_toolkit::check::CheckOptions {
            json: json(),
            max_errors: 0,
            ..Default::default()
        };
        let checked = cescacs_toolkit::check::check(text.as_bytes(), &options)
            .map_err(|e| pyo3::exceptions::PyOSError::new_err(e.to_string()))?;
        Ok(checked.diagnostics.into_iter().map(Diagnostic::from).collect())
    }

    /// The start position and the position after each main-line ply (up to a move that cannot
    /// be played).
    fn positions(slf: PyRef<'_, Self>, py: Python<'_>) -> PyResult<Vec<Position>> {
        let data = Game::data(&slf, py);
        {
            let d = data.borrow(py);
            if let (Some(read), false) = (&d.read, d.edited) {
                return Ok(read.positions().into_iter().map(|inner| Position { inner }).collect());
            }
        }
        slf.as_super().with(py, |root| {
            std::iter::once(root)
                .chain(root.main_line())
                .map_while(|n| n.position().map(|inner| Position { inner }))
                .collect()
        })
    }

    /// The game in canonical CTL-PGN, as `cescacs fmt` writes it.
    fn __str__(slf: PyRef<'_, Self>, py: Python<'_>) -> PyResult<String> {
        let data = Game::data(&slf, py);
        let mut d = data.borrow_mut(py);
        if let (Some(read), false) = (&d.read, d.edited) {
            return Ok(read.canonical());
        }
        Ok(d.model().to_string())
    }

    fn __repr__(slf: PyRef<'_, Self>, py: Python<'_>) -> PyResult<String> {
        let tags = Tags { data: Game::data(&slf, py).clone_ref(py) }.pairs(py);
        let name = |n: &str| tags.iter().find(|(t, _)| t == n).map_or("?", |(_, v)| v.as_str());
        let plies = Game::moves(slf, py)?.len();
        Ok(format!("<Game {} - {}, {} plies>", name("White"), name("Black"), plies))
    }

    /// What a notebook shows: the game in the package's own viewer (self-contained, in a frame
    /// of its own; step through it with the arrow keys once clicked).
    fn _repr_html_(slf: PyRef<'_, Self>, py: Python<'_>) -> PyResult<String> {
        let text = Game::__str__(slf, py)?;
        Ok(cescacs_toolkit::notebook::frame(&text, "C'escacs game", 640))
    }

    /// A game pickles as its canonical text and its number.
    fn __reduce__<'py>(slf: PyRef<'py, Self>, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        let number = Game::data(&slf, py).borrow(py).number;
        let text = Game::__str__(slf, py)?;
        let read = py.import("cescacs")?.getattr("_game")?;
        (read, (text, number)).into_pyobject(py)
    }

    fn __copy__(slf: PyRef<'_, Self>, py: Python<'_>) -> PyResult<Py<Game>> {
        let number = Game::data(&slf, py).borrow(py).number;
        let game = Game::data(&slf, py).borrow_mut(py).model().clone();
        Game::of_model(py, game, number)
    }

    fn __deepcopy__(
        slf: PyRef<'_, Self>,
        py: Python<'_>,
        _memo: &Bound<'_, PyAny>,
    ) -> PyResult<Py<Game>> {
        Game::__copy__(slf, py)
    }
}

/// A pickled game read again.
#[pyfunction]
pub fn _game(py: Python<'_>, text: &str, number: Option<usize>) -> PyResult<Py<Game>> {
    let mut games = cescacs_toolkit::lazy::Games::new(text.as_bytes());
    let game = match games.find(|g| g.as_ref().map_or(true, |g| g.number().is_some())) {
        Some(Ok(read)) => model::of_read(&read),
        Some(Err(e)) => return Err(pyo3::exceptions::PyOSError::new_err(e.to_string())),
        None => model::Game::new(),
    };
    Game::of_model(py, game, number)
}

/// A pickled node found again: the node at `path` of `game`.
#[pyfunction]
pub fn _node(py: Python<'_>, game: Py<Game>, path: Vec<usize>) -> PyResult<Py<GameNode>> {
    let data = game.borrow(py).as_super().data.clone_ref(py);
    let id = {
        let mut d = data.borrow_mut(py);
        let model = d.model();
        model::node_at(model, &path).map(|n| n.id())
    };
    let id = id.ok_or_else(|| PyValueError::new_err("the game has no node there"))?;
    Py::new(py, GameNode { data, id })
}

/// A game's tags, a mapping in written order.
#[pyclass(unsendable, mapping, module = "cescacs")]
pub struct Tags {
    data: Py<GameData>,
}

impl Tags {
    fn pairs(&self, py: Python<'_>) -> Vec<(String, String)> {
        let d = self.data.borrow(py);
        match (&d.model, &d.read) {
            (Some(model), _) => {
                model.tags().iter().map(|t| (t.name.clone(), t.value.clone())).collect()
            }
            (None, Some(read)) => read.tags(),
            (None, None) => Vec::new(),
        }
    }
}

#[pymethods]
impl Tags {
    fn __getitem__(&self, py: Python<'_>, name: &str) -> PyResult<String> {
        self.pairs(py)
            .into_iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v)
            .ok_or_else(|| PyKeyError::new_err(name.to_string()))
    }

    fn __setitem__(&self, py: Python<'_>, name: &str, value: &str) -> PyResult<()> {
        let mut d = self.data.borrow_mut(py);
        d.edited = true;
        d.model().set_tag(name, value).map_err(refused)
    }

    fn __delitem__(&self, py: Python<'_>, name: &str) -> PyResult<()> {
        let mut d = self.data.borrow_mut(py);
        d.edited = true;
        if d.model().remove_tags(name) == 0 {
            return Err(PyKeyError::new_err(name.to_string()));
        }
        Ok(())
    }

    fn __len__(&self, py: Python<'_>) -> usize {
        self.keys(py).len()
    }

    fn __contains__(&self, py: Python<'_>, name: &str) -> bool {
        self.pairs(py).iter().any(|(n, _)| n == name)
    }

    fn __iter__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        PyList::new(py, self.keys(py))?.try_iter().map(Bound::into_any)
    }

    /// The names, each once, in written order.
    fn keys(&self, py: Python<'_>) -> Vec<String> {
        let mut names: Vec<String> = Vec::new();
        for (name, _) in self.pairs(py) {
            if !names.contains(&name) {
                names.push(name);
            }
        }
        names
    }

    /// The value of each name (its first tag).
    fn values(&self, py: Python<'_>) -> PyResult<Vec<String>> {
        self.keys(py).iter().map(|k| self.__getitem__(py, k)).collect()
    }

    /// (name, value) of each name (its first tag).
    fn items(&self, py: Python<'_>) -> PyResult<Vec<(String, String)>> {
        self.keys(py).into_iter().map(|k| Ok((k.clone(), self.__getitem__(py, &k)?))).collect()
    }

    /// Every tag in written order, repeated names too: (name, value).
    fn all(&self, py: Python<'_>) -> Vec<(String, String)> {
        self.pairs(py)
    }

    /// The value of `name`, or `default`.
    #[pyo3(signature = (name, default = None))]
    fn get(&self, py: Python<'_>, name: &str, default: Option<String>) -> Option<String> {
        self.__getitem__(py, name).ok().or(default)
    }

    fn __eq__(&self, py: Python<'_>, other: &Bound<'_, PyAny>) -> PyResult<bool> {
        let dict = PyDict::new(py);
        for (k, v) in self.items(py)? {
            dict.set_item(k, v)?;
        }
        dict.as_any().eq(other)
    }

    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        let dict = PyDict::new(py);
        for (k, v) in self.items(py)? {
            dict.set_item(k, v)?;
        }
        Ok(format!("Tags({})", dict.repr()?))
    }
}
