//! The `cescacs` Python module: the C'escacs notation toolkit for notebooks and scripts, in
//! python-chess's style (docs/PYTHON.md). Built by maturin (`pip install ./python`).
//!
//! Every operation is `cescacs_toolkit`'s, the one crate of the workspace this module calls, as
//! the CLI and the npm package call it: the same input gives the same diagnostics, canonical
//! text and positions in each. This module only turns Python values into the toolkit's and
//! back: this file the module and its functions, `diagnostics.rs` the errors and their
//! diagnostics, `snapshot.rs` `Position`, `board.rs` the board, its moves and outcomes,
//! `game.rs` the game model, `svg.rs` `cescacs.svg`. Every error is a `CescacsError` (a
//! `ValueError`) whose `diagnostics` say what was found; a panic would be a Python exception,
//! never a crash of the interpreter.

#![forbid(unsafe_code)]

mod board;
mod diagnostics;
mod game;
mod snapshot;
mod svg;

use std::fs::File;
use std::io::{self, Read};

use cescacs_toolkit::check::CheckOptions;
use cescacs_toolkit::format::FormatOptions;
use cescacs_toolkit::read::{Parsed, Records};
use cescacs_toolkit::{lazy, names, position};
use pyo3::exceptions::{PyOSError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyString};

use crate::diagnostics::{CescacsError, Diagnostic, error, json, located, text_bytes};
use crate::snapshot::Position;

/// A Python file object as bytes: `read(n)` of a binary or a text file.
struct PyReader {
    file: Py<PyAny>,
    pending: Vec<u8>,
}

impl Read for PyReader {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        if self.pending.is_empty() {
            let chunk = Python::with_gil(|py| -> PyResult<Vec<u8>> {
                let got = self.file.call_method1(py, "read", (1 << 16,))?;
                let got = got.bind(py);
                if let Ok(b) = got.downcast::<PyBytes>() {
                    Ok(b.as_bytes().to_vec())
                } else if let Ok(s) = got.downcast::<PyString>() {
                    Ok(s.extract::<String>()?.into_bytes())
                } else {
                    Err(PyTypeError::new_err("read() returned neither bytes nor str"))
                }
            })
            .map_err(|e| io::Error::other(e.to_string()))?;
            if chunk.is_empty() {
                return Ok(0);
            }
            self.pending = chunk;
        }
        let n = buf.len().min(self.pending.len());
        buf[..n].copy_from_slice(&self.pending[..n]);
        self.pending.drain(..n);
        Ok(n)
    }
}

/// The games of a file, read one at a time: a file of any size streams.
#[pyclass(unsendable, module = "cescacs")]
struct GameReader {
    // Boxed: the reader holds SIMD searchers (memchr's, 32-byte aligned), and the memory Python
    // gives a class instance is aligned to 16 bytes only; unboxed, an aligned load faults.
    games: Box<lazy::Games<Box<dyn Read>>>,
}

#[pymethods]
impl GameReader {
    fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    fn __next__(&mut self, py: Python<'_>) -> PyResult<Option<Py<game::Game>>> {
        match self.games.next() {
            None => Ok(None),
            Some(Ok(read)) => game::Game::of_read(py, read).map(Some),
            Some(Err(e)) => Err(PyOSError::new_err(e.to_string())),
        }
    }
}

/// The games of a CTL-PGN file: a path (str or path-like) or a file object opened for reading.
#[pyfunction]
fn read_games(source: &Bound<'_, PyAny>) -> PyResult<GameReader> {
    Ok(GameReader { games: Box::new(lazy::Games::new(input(source)?)) })
}

/// A path (str or path-like) or a file object opened for reading, as bytes.
fn input(source: &Bound<'_, PyAny>) -> PyResult<Box<dyn Read>> {
    Ok(if source.hasattr("read")? {
        Box::new(PyReader { file: source.clone().unbind(), pending: Vec::new() })
    } else {
        let path: std::path::PathBuf = source.extract()?;
        let file = File::open(&path)
            .map_err(|e| PyOSError::new_err(format!("{}: {e}", path.display())))?;
        Box::new(io::BufReader::new(file))
    })
}

/// The first game of a CTL-PGN source (a path, or a file object read to its end), or `None`
/// when it holds none: python-chess's `read_game` for a file of one game. To read the games of
/// a file one after the other, take `read_games`.
#[pyfunction]
fn read_game(py: Python<'_>, source: &Bound<'_, PyAny>) -> PyResult<Option<Py<game::Game>>> {
    for read in lazy::Games::new(input(source)?) {
        let read = read.map_err(|e| PyOSError::new_err(e.to_string()))?;
        if read.number().is_some() {
            return game::Game::of_read(py, read).map(Some);
        }
    }
    Ok(None)
}

/// The standings of the games of a CTL-PGN text (`str` or bytes): a crosstable per `Event`
/// (one of every game with `one_table=True`), as `cescacs standings --format json` gives them.
#[pyfunction]
#[pyo3(signature = (text, *, one_table = false))]
fn standings<'py>(
    py: Python<'py>,
    text: &Bound<'py, PyAny>,
    one_table: bool,
) -> PyResult<Bound<'py, PyAny>> {
    let bytes = text_bytes(text)?;
    let standings = cescacs_toolkit::collection::standings(&lossy(&bytes), one_table);
    to_python(py, &standings)
}

/// The opening tree of the games of a CTL-PGN text (`str` or bytes) from `start` (a PDTL, or
/// `"start"`), `depth` plies deep, as `cescacs tree --format json` gives it.
#[pyfunction]
#[pyo3(signature = (text, *, start = "start", depth = 1))]
fn tree<'py>(
    py: Python<'py>,
    text: &Bound<'py, PyAny>,
    start: &str,
    depth: usize,
) -> PyResult<Bound<'py, PyAny>> {
    let read = position::read(start, cescacs_toolkit::Dialect::Spec);
    let Some(from) = read.position else {
        return Err(error(py, located(start, &read.diagnostics)));
    };
    let bytes = text_bytes(text)?;
    let tree = cescacs_toolkit::collection::tree_from(&lossy(&bytes), &from, depth);
    to_python(py, &tree)
}

/// A text's bytes as text (invalid UTF-8 replaced, as the readers decode it).
fn lossy(bytes: &[u8]) -> std::borrow::Cow<'_, str> {
    String::from_utf8_lossy(bytes)
}

/// A value as Python's `json.loads` gives its JSON.
fn to_python<'py>(py: Python<'py>, value: &impl serde::Serialize) -> PyResult<Bound<'py, PyAny>> {
    let json = serde_json::to_string(value).map_err(|e| PyValueError::new_err(e.to_string()))?;
    py.import("json")?.getattr("loads")?.call1((json,))
}

/// Checks a CTL-PGN text (`str`, or the bytes of a file) as `cescacs check` checks a file, at
/// `level` (`"syntax"`, `"coherence"`, `"rules"`): every diagnostic, sorted.
#[pyfunction]
#[pyo3(signature = (text, level = "rules"))]
fn check(text: &Bound<'_, PyAny>, level: &str) -> PyResult<Vec<Diagnostic>> {
    let level = names::level(level).map_err(PyValueError::new_err)?;
    let options = CheckOptions { level, json: json(), max_errors: 0 };
    let bytes = text_bytes(text)?;
    let checked = cescacs_toolkit::check::check(bytes.as_slice(), &options)
        .map_err(|e| PyOSError::new_err(e.to_string()))?;
    Ok(checked.diagnostics.into_iter().map(Diagnostic::from).collect())
}

/// A CTL-PGN text (`str`, or the bytes of a file) in the canonical layout, as `cescacs fmt`
/// writes it; a text with errors of its encoding or syntax, or prose between games, raises
/// `CescacsError` with what `cescacs fmt` reports.
#[pyfunction]
fn format(py: Python<'_>, text: &Bound<'_, PyAny>) -> PyResult<String> {
    let options = FormatOptions { max_errors: 0, json: json(), ..FormatOptions::default() };
    let bytes = text_bytes(text)?;
    match cescacs_toolkit::format::format(bytes.as_slice(), &options) {
        Ok(Ok(canonical)) => Ok(canonical),
        Ok(Err(refused)) => Err(error(py, refused.diagnostics)),
        Err(e) => Err(PyOSError::new_err(e.to_string())),
    }
}

/// An app game (an optional app PDTL line, then "Show mvs") as a CTL-PGN game.
#[pyfunction]
fn from_app(py: Python<'_>, text: &str) -> PyResult<String> {
    let read = cescacs_toolkit::app::from_app(text.as_bytes().to_vec());
    match &read.text {
        Some(pgn) => Ok(pgn.clone()),
        None => Err(error(py, read.json(&json()))),
    }
}

/// The first game of a CTL-PGN text as the app's text ("Load new" PDTL line, "Load mvs" list),
/// as `cescacs convert --to app` writes it; an empty string for a text without a game.
#[pyfunction]
fn to_app(py: Python<'_>, text: &str) -> PyResult<String> {
    let mut records = Records::new(text.as_bytes(), json());
    while let Some(record) = records.next() {
        let record = record.map_err(|e| PyOSError::new_err(e.to_string()))?;
        let Parsed::Game(mut game) = record.parse() else { continue };
        return match cescacs_toolkit::app::to_app(&game) {
            cescacs_toolkit::app::AppGame::Written(app) => Ok(app.text()),
            not => Err(error(py, game.json(not.diagnostics()))),
        };
    }
    Ok(String::new())
}

/// Every game of a CTL-PGN text (`str`, or the bytes of a file) replayed as `cescacs replay`
/// replays it, each a dict: `game` (its number, `None` for text around games that has
/// errors), `tags`, `main` (the start's PDTL, each ply's number, move and PDTL, the variations
/// hung where they branch, the error that stopped the line; `None` when the start cannot be
/// read) and `diagnostics` (every error `cescacs replay` reports, as `cescacs check --format
/// json` gives them, columns in characters). The npm package's `replay` gives the same.
#[pyfunction]
#[pyo3(signature = (text, level = "rules"))]
fn replay<'py>(
    py: Python<'py>,
    text: &Bound<'py, PyAny>,
    level: &str,
) -> PyResult<Vec<Bound<'py, PyAny>>> {
    let level = names::replay_level(level).map_err(PyValueError::new_err)?;
    let bytes = text_bytes(text)?;
    let loads = py.import("json")?.getattr("loads")?;
    let mut out = Vec::new();
    for game in cescacs_toolkit::replay::games(bytes.as_slice(), level, json(), usize::MAX) {
        let game = game.map_err(|e| PyOSError::new_err(e.to_string()))?;
        let json =
            serde_json::to_string(&game).map_err(|e| PyValueError::new_err(e.to_string()))?;
        out.push(loads.call1((json,))?);
    }
    Ok(out)
}

// Python aligns the memory of a class instance to 16 bytes: no class may need more (a field
// that does is boxed, as `GameReader`'s is).
const _: () = {
    assert!(std::mem::align_of::<Diagnostic>() <= 16);
    assert!(std::mem::align_of::<Position>() <= 16);
    assert!(std::mem::align_of::<game::Game>() <= 16);
    assert!(std::mem::align_of::<game::GameNode>() <= 16);
    assert!(std::mem::align_of::<game::GameData>() <= 16);
    assert!(std::mem::align_of::<board::Board>() <= 16);
    assert!(std::mem::align_of::<board::Move>() <= 16);
    assert!(std::mem::align_of::<GameReader>() <= 16);
};

/// The C'escacs notation toolkit: read, check, replay and write CTL-PGN games and PDTL
/// positions, play on a board, walk and edit games, in python-chess's style (docs/PYTHON.md).
#[pymodule]
fn cescacs(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("CescacsError", m.py().get_type::<CescacsError>())?;
    m.add("WHITE", true)?;
    m.add("BLACK", false)?;
    m.add_class::<Diagnostic>()?;
    m.add_class::<Position>()?;
    m.add_class::<board::Board>()?;
    m.add_class::<board::Move>()?;
    m.add_class::<board::Outcome>()?;
    m.add_class::<game::GameNode>()?;
    m.add_class::<game::Game>()?;
    m.add_class::<game::PairVariation>()?;
    m.add_class::<game::Tags>()?;
    m.add_class::<GameReader>()?;
    m.add_function(wrap_pyfunction!(read_game, m)?)?;
    m.add_function(wrap_pyfunction!(standings, m)?)?;
    m.add_function(wrap_pyfunction!(tree, m)?)?;
    m.add_function(wrap_pyfunction!(board::_move, m)?)?;
    m.add_function(wrap_pyfunction!(game::_game, m)?)?;
    m.add_function(wrap_pyfunction!(game::_node, m)?)?;
    m.add_function(wrap_pyfunction!(snapshot::_position, m)?)?;
    m.add_function(wrap_pyfunction!(check, m)?)?;
    m.add_function(wrap_pyfunction!(read_games, m)?)?;
    m.add_function(wrap_pyfunction!(format, m)?)?;
    m.add_function(wrap_pyfunction!(from_app, m)?)?;
    m.add_function(wrap_pyfunction!(to_app, m)?)?;
    m.add_function(wrap_pyfunction!(replay, m)?)?;
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    // `cescacs.svg.board(...)`, as python-chess's `chess.svg.board`; `import cescacs.svg` finds
    // it too.
    let pictures = PyModule::new(m.py(), "svg")?;
    pictures.add_function(wrap_pyfunction!(svg::board, &pictures)?)?;
    m.add_submodule(&pictures)?;
    m.py().import("sys")?.getattr("modules")?.set_item("cescacs.svg", &pictures)?;
    // A class with `==` gets every comparison slot, and `help()` would list `__lt__` and the
    // others although no order is defined: `None` says they are not supported, as `__hash__ =
    // None` says a class is not hashable.
    for class in ["Position", "Move", "Outcome", "Board", "GameNode", "Game", "Tags"] {
        let class = m.getattr(class)?;
        for name in ["__lt__", "__le__", "__gt__", "__ge__"] {
            class.setattr(name, m.py().None())?;
        }
    }
    // A board and a game's tags change: they are not hashable.
    for class in ["Board", "Tags"] {
        m.getattr(class)?.setattr("__hash__", m.py().None())?;
    }
    Ok(())
}
