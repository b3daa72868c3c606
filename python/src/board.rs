//! `Board` (mutable, with its move stack), `Move` (a legal move with its check) and `Outcome`:
//! the toolkit's `board` module in Python values, with python-chess's names.

use std::sync::Arc;

use cescacs_toolkit::board::{
    self, BoardPromotion, DrawReason, Move as BoardMoveValue, MoveNumber,
};
use cescacs_toolkit::{Colour, Hex, Position as BoardPosition, position};
use pyo3::exceptions::{PyIndexError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyTuple};

use crate::diagnostics::{dialect, error, located};
use crate::snapshot::Position;

/// A legal move with the check it gives. `str()` is its canonical CTL-AN text with its check
/// mark (`GH6×RI3+^`). Two moves are equal when they play the same and give the same check.
#[pyclass(frozen, module = "cescacs")]
#[derive(Clone)]
pub struct Move {
    pub(crate) inner: BoardMoveValue,
    /// The position it is played from: what a pickled move is read again against.
    pub(crate) before: Arc<BoardPosition>,
}

impl Move {
    pub(crate) fn new(inner: BoardMoveValue, before: Arc<BoardPosition>) -> Move {
        Move { inner, before }
    }
}

/// A piece's letter in the standard letters, uppercase.
fn letter(kind: board::PieceKind) -> String {
    kind.letter().to_string()
}

#[pymethods]
impl Move {
    /// The origin hex (`"G7"`; the King's for a castling).
    #[getter]
    #[pyo3(name = "from_hex")]
    fn origin(&self) -> String {
        self.inner.from().to_string()
    }

    /// The destination hex (the King's for a castling; the origin for a promotion in place).
    #[getter]
    #[pyo3(name = "to_hex")]
    fn destination(&self) -> String {
        self.inner.to().to_string()
    }

    /// The moving piece's standard letter, uppercase (`"P"` for a Pawn).
    #[getter]
    fn piece(&self) -> String {
        letter(self.inner.piece())
    }

    /// The captured piece's letter, or `None`.
    #[getter]
    fn captured(&self) -> Option<String> {
        self.inner.captured().map(letter)
    }

    /// The piece a Pawn becomes (`"D"`...), `"&"` for a Pawn left awaiting promotion, or
    /// `None`.
    #[getter]
    fn promotion(&self) -> Option<String> {
        self.inner.promotion().map(|p| match p {
            BoardPromotion::To(kind) => letter(kind),
            BoardPromotion::Awaiting => "&".to_string(),
        })
    }

    /// The castling's text (`"KRK-HIO"`), or `None`.
    #[getter]
    fn castling(&self) -> Option<String> {
        self.inner.castling().map(|c| c.to_string())
    }

    /// The check it gives: `"+^"`, `"+∞"`, `"++"`, `"#"` for a mate, or `None`.
    #[getter]
    fn check(&self) -> Option<&'static str> {
        Some(self.inner.check_mark()).filter(|mark| !mark.is_empty())
    }

    /// Whether it captures.
    fn is_capture(&self) -> bool {
        self.inner.captured().is_some()
    }

    fn __str__(&self) -> String {
        self.inner.to_string()
    }

    fn __repr__(&self) -> String {
        format!("<Move {}>", self.inner)
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other.downcast::<Move>().is_ok_and(|o| o.get().inner == self.inner)
    }

    fn __hash__(&self) -> u64 {
        use std::hash::{Hash, Hasher};
        let mut h = std::collections::hash_map::DefaultHasher::new();
        self.inner.hash(&mut h);
        h.finish()
    }

    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        let read = py.import("cescacs")?.getattr("_move")?;
        let pdtl = position::write(&self.before, cescacs_toolkit::Dialect::Spec);
        (read, (pdtl, self.inner.to_string())).into_pyobject(py)
    }
}

/// How a game ended: its `termination` (`"checkmate"`, `"stalemate"`, `"move exhaustion"`,
/// `"insufficient material"`, `"repetition"`) and its `winner` (`True` White, `False` Black,
/// `None` a draw; a stalemate is a win in C'escacs).
#[pyclass(frozen, eq, hash, module = "cescacs")]
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Outcome {
    pub(crate) inner: board::Outcome,
}

fn colour(white: bool) -> Colour {
    if white { Colour::White } else { Colour::Black }
}

fn is_white(colour: Colour) -> bool {
    colour == Colour::White
}

#[pymethods]
impl Outcome {
    /// The outcome of `termination` won by `winner` (`None` for a draw).
    #[new]
    #[pyo3(signature = (termination, winner))]
    fn new(termination: &str, winner: Option<bool>) -> PyResult<Outcome> {
        let every = [true, false]
            .into_iter()
            .flat_map(|w| {
                let winner = colour(w);
                [board::Outcome::Checkmate { winner }, board::Outcome::Stalemate { winner }]
            })
            .chain(
                [
                    DrawReason::MoveExhaustion,
                    DrawReason::InsufficientMaterial,
                    DrawReason::Repetition,
                ]
                .map(board::Outcome::Draw),
            );
        every
            .into_iter()
            .find(|o| o.termination().as_str() == termination && o.winner().map(is_white) == winner)
            .map(|inner| Outcome { inner })
            .ok_or_else(|| {
                PyValueError::new_err(format!(
                    "no outcome is {termination:?} with the winner {winner:?}"
                ))
            })
    }

    /// How the game ended.
    #[getter]
    fn termination(&self) -> &'static str {
        self.inner.termination().as_str()
    }

    /// `True` when White won, `False` when Black won, `None` for a draw.
    #[getter]
    fn winner(&self) -> Option<bool> {
        self.inner.winner().map(is_white)
    }

    /// The result as CTL-PGN writes it: `"3-0"`, `"2-1"`, `"1-1"`, `"1-2"`, `"0-3"`.
    fn result(&self) -> &'static str {
        self.inner.result()
    }

    fn __str__(&self) -> String {
        self.inner.to_string()
    }

    fn __repr__(&self) -> String {
        let winner = match self.winner() {
            Some(true) => "True",
            Some(false) => "False",
            None => "None",
        };
        format!("Outcome(termination={:?}, winner={winner})", self.termination())
    }

    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        let class = py.get_type::<Outcome>();
        (class, (self.termination(), self.winner())).into_pyobject(py)
    }
}

/// A board to play on: a start position, the legal moves played from it (`move_stack`) and
/// the position they lead to. `Board()` is the initial position, `Board(pdtl)` any other.
#[pyclass(module = "cescacs")]
#[derive(Clone)]
pub struct Board {
    pub(crate) inner: board::Board,
}

impl Board {
    /// The position now, shared by the moves made from it.
    fn here(&self) -> Arc<BoardPosition> {
        Arc::new(self.inner.position().clone())
    }

    fn not_played(py: Python<'_>, text: &str, e: board::NotPlayed) -> PyErr {
        error(py, located(text, &e.diagnostics))
    }

    /// The last move's origin and destination.
    fn last_hexes(&self) -> Option<(Hex, Hex)> {
        self.inner.moves().last().map(|m| (m.from(), m.to()))
    }
}

/// A hex from its name (`"G7"`).
pub(crate) fn hex(name: &str) -> PyResult<Hex> {
    name.parse().map_err(|e| PyValueError::new_err(format!("{name:?} is no hex: {e}")))
}

#[pymethods]
impl Board {
    /// The initial position (`pdtl` `None` or `"start"`), or the position of a PDTL string in
    /// the spec's notation or the official app's (`dialect="app"`).
    #[new]
    #[pyo3(signature = (pdtl = None, dialect = "spec"))]
    fn new(py: Python<'_>, pdtl: Option<&str>, dialect: &str) -> PyResult<Board> {
        let start = match pdtl {
            None => BoardPosition::initial(),
            Some(text) => {
                let read = position::read(text, crate::diagnostics::dialect(dialect)?);
                match read.position {
                    Some(p) => p,
                    None => return Err(error(py, located(text, &read.diagnostics))),
                }
            }
        };
        Ok(Board { inner: board::Board::new(start) })
    }

    /// The side to move: `True` for White, `False` for Black (python-chess's `WHITE`, `BLACK`).
    #[getter]
    fn turn(&self) -> bool {
        is_white(self.inner.position().turn())
    }

    /// The moves played, in order.
    #[getter]
    fn move_stack(&self) -> Vec<Move> {
        let inner = &self.inner;
        (inner.moves().iter().enumerate())
            .filter_map(|(ply, m)| Some(Move::new(*m, Arc::new(inner.position_at(ply)?.clone()))))
            .collect()
    }

    /// Every legal move of the position, sorted by text (as `cescacs legal` lists them).
    #[getter]
    fn legal_moves(&self) -> Vec<Move> {
        let here = self.here();
        let mut moves: Vec<(String, BoardMoveValue)> =
            self.inner.legal_moves().into_iter().map(|m| (m.to_string(), m)).collect();
        moves.sort_unstable_by(|a, b| a.0.cmp(&b.0));
        moves.into_iter().map(|(_, m)| Move::new(m, Arc::clone(&here))).collect()
    }

    /// Whether `move` is legal here.
    fn is_legal(&self, r#move: &Move) -> bool {
        self.inner.position().is_legal(&r#move.inner)
    }

    /// Plays a legal move; one that is not legal here raises `CescacsError` (`E0501`).
    fn push(&mut self, py: Python<'_>, r#move: &Move) -> PyResult<()> {
        self.inner.push(&r#move.inner).map_err(|e| Self::not_played(py, &r#move.__str__(), e))
    }

    /// The legal move a CTL-AN text names here (`"G7-G13"`, `"KRK-HIO"`), read as `cescacs
    /// check` reads a move: a check mark written is verified, and one the move does not earn
    /// raises `CescacsError` naming the right one (`E0507`).
    fn parse_ctl(&self, py: Python<'_>, text: &str) -> PyResult<Move> {
        match self.inner.read(text) {
            Ok(m) => Ok(Move::new(m, self.here())),
            Err(e) => Err(Self::not_played(py, text, e)),
        }
    }

    /// Reads a move as `parse_ctl` does and plays it; gives the move.
    fn push_ctl(&mut self, py: Python<'_>, text: &str) -> PyResult<Move> {
        let before = self.here();
        match self.inner.push_text(text) {
            Ok(m) => Ok(Move::new(m, before)),
            Err(e) => Err(Self::not_played(py, text, e)),
        }
    }

    /// Takes back the last move and gives it; `IndexError` when no move was played.
    fn pop(&mut self) -> PyResult<Move> {
        let m =
            self.inner.pop().ok_or_else(|| PyIndexError::new_err("pop from empty move stack"))?;
        Ok(Move::new(m, self.here()))
    }

    /// The last move played, or `None`.
    fn peek(&self) -> Option<Move> {
        let moves = self.inner.moves();
        let before = self.inner.position_at(moves.len().checked_sub(1)?)?;
        Some(Move::new(*moves.last()?, Arc::new(before.clone())))
    }

    /// Whether the side to move is in check.
    fn is_check(&self) -> bool {
        self.inner.position().is_check()
    }

    /// Whether the side to move is mated.
    fn is_checkmate(&self) -> bool {
        self.inner.is_checkmate()
    }

    /// Whether the side to move has no legal move and is not in check (a win in C'escacs).
    fn is_stalemate(&self) -> bool {
        self.inner.is_stalemate()
    }

    /// Whether the game is over here: `outcome()` is not `None`.
    fn is_game_over(&self) -> bool {
        self.inner.outcome().is_some()
    }

    /// How the game ends here (mate, stalemate, an automatic draw, the fifth repetition of the
    /// moves played), or `None` while it goes on.
    fn outcome(&self) -> Option<Outcome> {
        self.inner.outcome().map(|inner| Outcome { inner })
    }

    /// The piece on `hex` (`"G7"`) as PDTL writes it (`"P"` White's Pawn, `"p"` Black's), or
    /// `None`.
    fn piece_at(&self, hex: &str) -> PyResult<Option<String>> {
        Ok(self.inner.position().piece_at(self::hex(hex)?).map(|p| p.letter().to_string()))
    }

    /// Every piece, by hex.
    fn piece_map<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let dict = PyDict::new(py);
        for (hex, piece) in self.inner.position().pieces() {
            dict.set_item(hex.to_string(), piece.letter().to_string())?;
        }
        Ok(dict)
    }

    /// The castling rights of White and of Black, as PDTL writes them (`("RKR", "rkr")`).
    #[getter]
    fn castling_rights(&self) -> (String, String) {
        let p = self.inner.position();
        (p.castling(Colour::White).to_string(), p.castling(Colour::Black).to_string())
    }

    /// The en-passant (or scornful) field as PDTL writes it (`"-"` when none).
    #[getter]
    fn ep_field(&self) -> String {
        self.inner.position().en_passant().to_string()
    }

    /// Half-moves since the last capture, Pawn move or promotion.
    #[getter]
    fn halfmove_clock(&self) -> u32 {
        self.inner.position().halfmove_clock()
    }

    /// The move number, `None` when it is not known.
    #[getter]
    fn fullmove_number(&self) -> Option<u32> {
        match self.inner.position().move_number() {
            MoveNumber::Known(n) => Some(n.get()),
            MoveNumber::Unknown => None,
        }
    }

    /// The PDTL of the position: the spec's canonical one, or the app's (`dialect="app"`).
    #[pyo3(signature = (dialect = "spec"))]
    fn pdtl(&self, dialect: &str) -> PyResult<String> {
        Ok(position::write(self.inner.position(), self::dialect(dialect)?))
    }

    /// The position now, as an immutable `Position`.
    fn position(&self) -> Position {
        Position { inner: self.inner.position().clone() }
    }

    /// The PDTL of the start position.
    fn starting_pdtl(&self) -> String {
        position::write(self.inner.start(), cescacs_toolkit::Dialect::Spec)
    }

    /// A copy; `stack=False` keeps the position only, without the moves that led to it.
    #[pyo3(signature = (*, stack = true))]
    fn copy(&self, stack: bool) -> Board {
        if stack {
            self.clone()
        } else {
            Board { inner: board::Board::new(self.inner.position().clone()) }
        }
    }

    fn __copy__(&self) -> Board {
        self.clone()
    }

    fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> Board {
        self.clone()
    }

    /// The board as a self-contained SVG picture, the last move marked (`cescacs.svg.board`
    /// takes more options).
    fn svg(&self) -> String {
        let options = position::SvgOptions { last_move: self.last_hexes(), ..Default::default() };
        position::svg(self.inner.position(), &options)
    }

    /// What a notebook shows: the board, the last move marked.
    fn _repr_svg_(&self) -> String {
        self.svg()
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other.downcast::<Board>().is_ok_and(|o| o.borrow().inner == self.inner)
    }

    fn __str__(&self) -> String {
        position::write(self.inner.position(), cescacs_toolkit::Dialect::Spec)
    }

    fn __repr__(&self) -> String {
        format!("Board({:?})", self.__str__())
    }

    /// A board pickles as its start and the texts of its moves.
    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        let class = py.get_type::<Board>();
        let moves: Vec<String> = self.inner.moves().iter().map(ToString::to_string).collect();
        (class, (self.starting_pdtl(),), moves).into_pyobject(py)
    }

    fn __setstate__(&mut self, py: Python<'_>, moves: Vec<String>) -> PyResult<()> {
        for text in moves {
            self.push_ctl(py, &text)?;
        }
        Ok(())
    }
}

/// A pickled move read again: `text` at the position `pdtl`.
#[pyfunction]
pub fn _move(py: Python<'_>, pdtl: &str, text: &str) -> PyResult<Move> {
    let board = Board::new(py, Some(pdtl), "spec")?;
    board.parse_ctl(py, text)
}
