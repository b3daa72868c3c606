//! `cescacs.svg`: pictures of a board for notebooks and pages, as python-chess's `chess.svg`
//! draws them (the toolkit's `picture`, from `cescacs-diagram`).

use cescacs_toolkit::picture::{Picture, svg};
use cescacs_toolkit::{Hex, names, position};
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;

use crate::board::{Board, Move, hex};
use crate::snapshot::Position;

/// An arrow's two hexes: a `Move` (its origin and destination) or a pair of hex names.
fn arrow(value: &Bound<'_, PyAny>) -> PyResult<(Hex, Hex)> {
    if let Ok(m) = value.downcast::<Move>() {
        let m = m.get();
        return Ok((m.inner.from(), m.inner.to()));
    }
    let (from, to): (String, String) = value.extract().map_err(|_| {
        PyTypeError::new_err("an arrow is a Move or a pair of hexes (\"G7\", \"G13\")")
    })?;
    Ok((hex(&from)?, hex(&to)?))
}

/// The board of a `Board` or a `Position` as a self-contained SVG picture: Black at the
/// bottom when `flipped`; `lastmove` (a `Move`) marked; `arrows` (each a `Move` or a pair of
/// hex names) drawn over the pieces; `size` its width in pixels; `pieces` `"discs"` (letters in
/// discs, any font) or `"symbols"` (the spec's symbols).
#[pyfunction]
#[pyo3(signature = (board, *, flipped = false, lastmove = None, arrows = Vec::new(), size = None, pieces = "discs"))]
pub fn board(
    board: &Bound<'_, PyAny>,
    flipped: bool,
    lastmove: Option<PyRef<'_, Move>>,
    arrows: Vec<Bound<'_, PyAny>>,
    size: Option<u32>,
    pieces: &str,
) -> PyResult<String> {
    let position = if let Ok(b) = board.downcast::<Board>() {
        b.borrow().inner.position().clone()
    } else if let Ok(p) = board.downcast::<Position>() {
        p.get().inner.clone()
    } else {
        return Err(PyTypeError::new_err("expected a Board or a Position"));
    };
    let options = position::SvgOptions {
        flip: flipped,
        pieces: names::piece_style(pieces).map_err(PyValueError::new_err)?,
        last_move: lastmove.map(|m| (m.inner.from(), m.inner.to())),
        title: None,
    };
    let arrows = arrows.iter().map(arrow).collect::<PyResult<Vec<_>>>()?;
    Ok(svg(&position, &Picture { options, arrows, width: size }))
}
