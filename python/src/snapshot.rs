//! `Position`, the immutable snapshot of one position (docs/PYTHON.md): read and written as
//! PDTL, its legal moves as texts, a written move played, its picture.

use cescacs_toolkit::{Colour, Position as BoardPosition, position};
use pyo3::prelude::*;

use crate::diagnostics::{dialect, error, located};

/// A C'escacs position: the board, the side to move, castling rights, en passant, the clocks.
#[pyclass(frozen, eq, hash, module = "cescacs")]
#[derive(Clone, PartialEq, Eq, Hash)]
pub(crate) struct Position {
    pub(crate) inner: BoardPosition,
}

#[pymethods]
impl Position {
    /// The initial position.
    #[staticmethod]
    fn initial() -> Position {
        Position { inner: BoardPosition::initial() }
    }

    /// Reads a PDTL string, in the spec's notation or the official app's (`dialect="app"`).
    #[staticmethod]
    #[pyo3(signature = (text, dialect = "spec"))]
    fn from_pdtl(py: Python<'_>, text: &str, dialect: &str) -> PyResult<Position> {
        let read = position::read(text, self::dialect(dialect)?);
        match read.position {
            Some(inner) => Ok(Position { inner }),
            None => Err(error(py, located(text, &read.diagnostics))),
        }
    }

    /// The PDTL string of the position: the spec's canonical one, or the app's.
    #[pyo3(signature = (dialect = "spec"))]
    fn pdtl(&self, dialect: &str) -> PyResult<String> {
        Ok(position::write(&self.inner, self::dialect(dialect)?))
    }

    /// The side to move: `"w"` or `"b"`.
    #[getter]
    fn turn(&self) -> &'static str {
        match self.inner.turn() {
            Colour::White => "w",
            Colour::Black => "b",
        }
    }

    /// Every legal move in CTL-AN with its check mark, sorted (as `cescacs legal` lists them).
    fn legal_moves(&self) -> Vec<String> {
        position::legal_moves(&self.inner)
    }

    /// The position after a move written in CTL-AN (`"G7-G13"`, `"KRK-HIO"`...); a check mark
    /// written is verified, as `cescacs check` verifies it.
    fn play(&self, py: Python<'_>, r#move: &str) -> PyResult<Position> {
        match position::play(&self.inner, r#move) {
            Ok(inner) => Ok(Position { inner }),
            Err(found) => Err(error(py, located(r#move, &found))),
        }
    }

    /// Whether the side to move is in check.
    fn is_check(&self) -> bool {
        self.inner.is_check()
    }

    /// How the game ends here (mate, stalemate, a draw), or `None` when it goes on.
    fn outcome(&self) -> Option<String> {
        self.inner.outcome().map(|o| o.to_string())
    }

    /// The board as a self-contained SVG picture.
    fn svg(&self) -> String {
        position::svg(&self.inner, &position::SvgOptions::default())
    }

    /// What a notebook shows.
    fn _repr_svg_(&self) -> String {
        self.svg()
    }

    fn __str__(&self) -> String {
        position::write(&self.inner, cescacs_toolkit::Dialect::Spec)
    }

    fn __repr__(&self) -> String {
        format!("Position.from_pdtl({:?})", self.__str__())
    }

    /// A position pickles as its PDTL.
    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, pyo3::types::PyTuple>> {
        let read = py.import("cescacs")?.getattr("_position")?;
        (read, (self.__str__(),)).into_pyobject(py)
    }

    fn __copy__(&self) -> Position {
        self.clone()
    }

    fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> Position {
        self.clone()
    }
}

/// A pickled position read again.
#[pyfunction]
pub(crate) fn _position(py: Python<'_>, pdtl: &str) -> PyResult<Position> {
    Position::from_pdtl(py, pdtl, "spec")
}
