//! The `cescacs` Python module: the C'escacs notation toolkit for notebooks and scripts, in
//! python-chess's style (docs/PYTHON.md). Built by maturin (`pip install ./python`).
//!
//! What it calls in `ctl-pgn` is in its `toolkit` module; positions, PDTL and pictures come from
//! `cescacs-board`, `pdtl` and `cescacs-diagram` directly. Every error is a `CescacsError`
//! (a `ValueError`) whose `diagnostics` say what was found; a panic would be a Python exception,
//! never a crash of the interpreter.

#![forbid(unsafe_code)]

mod toolkit;

use std::fs::File;
use std::io::{self, Read};

use cescacs_board::{Letters, Position as BoardPosition, Severity};
use cescacs_diagram::Diagram;
use pdtl::Dialect;
use pyo3::create_exception;
use pyo3::exceptions::{PyOSError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyDict, PyString};

use toolkit::Located;

create_exception!(
    cescacs,
    CescacsError,
    PyValueError,
    "A text the toolkit cannot read: its `diagnostics` say what and where."
);

/// One problem found in a text: its code, severity, message, where it is and how to fix it.
#[pyclass(frozen, module = "cescacs")]
#[derive(Clone)]
struct Diagnostic {
    /// The stable code, e.g. `E0501` (docs/diagnostics.md).
    #[pyo3(get)]
    code: String,
    /// `"error"` or `"warning"`.
    #[pyo3(get)]
    severity: String,
    /// What was expected and what was found.
    #[pyo3(get)]
    message: String,
    /// 1-based line.
    #[pyo3(get)]
    line: usize,
    /// 1-based column, in characters.
    #[pyo3(get)]
    column: usize,
    /// Byte offset where the span starts.
    #[pyo3(get)]
    start: usize,
    /// Byte offset where the span ends.
    #[pyo3(get)]
    end: usize,
    /// Help lines.
    #[pyo3(get)]
    help: Vec<String>,
    /// Fixes: (start, end, replacement), byte offsets.
    #[pyo3(get)]
    fixes: Vec<(usize, usize, String)>,
}

#[pymethods]
impl Diagnostic {
    fn __repr__(&self) -> String {
        format!("<Diagnostic {} {}:{} {}>", self.code, self.line, self.column, self.message)
    }

    fn __str__(&self) -> String {
        format!("{}:{}: {} {}", self.line, self.column, self.code, self.message)
    }
}

impl From<Located> for Diagnostic {
    fn from(l: Located) -> Diagnostic {
        let d = l.diagnostic;
        let severity = match d.severity {
            Severity::Error => "error",
            Severity::Warning => "warning",
        };
        Diagnostic {
            code: d.code.to_string(),
            severity: severity.to_string(),
            message: d.message.clone(),
            line: l.line,
            column: l.column,
            start: d.span.start,
            end: d.span.end,
            help: d.help.clone(),
            fixes: d
                .fixes
                .iter()
                .map(|f| (f.span.start, f.span.end, f.replacement.clone()))
                .collect(),
        }
    }
}

/// A `CescacsError` carrying `found`, with the first error as its message.
fn error(py: Python<'_>, found: Vec<Located>) -> PyErr {
    let diagnostics: Vec<Diagnostic> = found.into_iter().map(Diagnostic::from).collect();
    let first = diagnostics
        .iter()
        .find(|d| d.severity == "error")
        .or(diagnostics.first())
        .map_or_else(|| "unreadable".to_string(), Diagnostic::__str__);
    let err = CescacsError::new_err(first);
    // Setting an attribute of a fresh exception object does not fail.
    let _ = err.value(py).setattr("diagnostics", diagnostics);
    err
}

/// Diagnostics of a one-line text (a PDTL string, a move): lines and columns within it.
fn pdtl_located(text: &str, diagnostics: Vec<cescacs_board::Diagnostic>) -> Vec<Located> {
    diagnostics
        .into_iter()
        .map(|d| {
            let column = text[..d.span.start.min(text.len())].chars().count() + 1;
            Located { diagnostic: d, line: 1, column }
        })
        .collect()
}

fn dialect(name: &str) -> PyResult<Dialect> {
    match name {
        "spec" => Ok(Dialect::Spec),
        "app" => Ok(Dialect::App),
        other => Err(PyValueError::new_err(format!(
            "expected the dialect \"spec\" or \"app\", found {other:?}"
        ))),
    }
}

/// A C'escacs position: the board, the side to move, castling rights, en passant, the clocks.
#[pyclass(frozen, eq, hash, module = "cescacs")]
#[derive(Clone, PartialEq, Eq, Hash)]
struct Position {
    inner: BoardPosition,
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
        let letters = Letters::standard();
        let r = match self::dialect(dialect)? {
            Dialect::Spec => pdtl::read(text, &letters),
            Dialect::App => pdtl::read_in(text, &letters, Dialect::App),
        };
        match r.position {
            Some(inner) => Ok(Position { inner }),
            None => Err(error(py, pdtl_located(text, r.diagnostics))),
        }
    }

    /// The PDTL string of the position: the spec's canonical one, or the app's.
    #[pyo3(signature = (dialect = "spec"))]
    fn pdtl(&self, dialect: &str) -> PyResult<String> {
        Ok(pdtl::write_in(&self.inner, &Letters::standard(), self::dialect(dialect)?))
    }

    /// The side to move: `"w"` or `"b"`.
    #[getter]
    fn turn(&self) -> &'static str {
        match self.inner.turn() {
            cescacs_board::Colour::White => "w",
            cescacs_board::Colour::Black => "b",
        }
    }

    /// Every legal move in CTL-AN with its check mark, sorted (as `cescacs legal` lists them).
    fn legal_moves(&self) -> Vec<String> {
        let p = &self.inner;
        let mut texts: Vec<String> =
            p.legal_moves().iter().map(|m| p.move_text_with_check(m)).collect();
        texts.sort();
        texts
    }

    /// The position after a move written in CTL-AN (`"G7-G13"`, `"KRK-HIO"`...).
    fn play(&self, py: Python<'_>, r#move: &str) -> PyResult<Position> {
        match toolkit::play(&self.inner, r#move) {
            Ok(inner) => Ok(Position { inner }),
            Err(found) => Err(error(py, pdtl_located(r#move, found))),
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
        Diagram::new(&self.inner).to_svg()
    }

    /// What a notebook shows.
    fn _repr_svg_(&self) -> String {
        self.svg()
    }

    fn __str__(&self) -> String {
        pdtl::write(&self.inner, &Letters::standard())
    }

    fn __repr__(&self) -> String {
        format!("Position.from_pdtl({:?})", self.__str__())
    }
}

/// One game of a file: its tags, main line, variations, result, diagnostics and positions.
/// Read only as far as it is used: the tags and positions of a game the fast scanner reads
/// whole need no syntax tree; what needs one builds it, once.
#[pyclass(frozen, module = "cescacs")]
struct Game {
    read: toolkit::ReadOne,
}

#[pymethods]
impl Game {
    /// The tags, in order, as a dict.
    #[getter]
    fn tags<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let dict = PyDict::new(py);
        for (name, value) in self.read.tags() {
            dict.set_item(name, value)?;
        }
        Ok(dict)
    }

    /// The moves of the main line, as written (with their marks).
    #[getter]
    fn moves(&self) -> Vec<String> {
        toolkit::moves(self.read.game())
    }

    /// The variations of the main line, each the list of its moves as written.
    #[getter]
    fn variations(&self) -> Vec<Vec<String>> {
        toolkit::variations(self.read.game())
    }

    /// The result written at the end (`"3-0"`, `"*"`...), or `None`.
    #[getter]
    fn result(&self) -> Option<String> {
        toolkit::result(self.read.game())
    }

    /// What `cescacs check` finds in the game (rules level); lines count from the file's start.
    #[getter]
    fn diagnostics(&self) -> Vec<Diagnostic> {
        self.read.diagnostics().into_iter().map(Diagnostic::from).collect()
    }

    /// The start position and the position after each main-line ply (up to a move that cannot
    /// be played).
    fn positions(&self) -> Vec<Position> {
        self.read.positions().into_iter().map(|inner| Position { inner }).collect()
    }

    /// The game in canonical CTL-PGN.
    fn __str__(&self) -> String {
        toolkit::canonical(self.read.game())
    }

    fn __repr__(&self) -> String {
        let tags = self.read.tags();
        let name = |n: &str| tags.iter().find(|(t, _)| t == n).map_or("?", |(_, v)| v.as_str());
        format!(
            "<Game {} - {}, {} plies>",
            name("White"),
            name("Black"),
            toolkit::moves(self.read.game()).len()
        )
    }
}

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
    games: Box<toolkit::Games<Box<dyn Read>>>,
}

#[pymethods]
impl GameReader {
    fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    fn __next__(&mut self) -> PyResult<Option<Game>> {
        match self.games.next() {
            None => Ok(None),
            Some(Ok(read)) => Ok(Some(Game { read })),
            Some(Err(e)) => Err(PyOSError::new_err(e.to_string())),
        }
    }
}

/// The games of a CTL-PGN file: a path (str or path-like) or a file object opened for reading.
#[pyfunction]
fn read_games(source: &Bound<'_, PyAny>) -> PyResult<GameReader> {
    let input: Box<dyn Read> = if source.hasattr("read")? {
        Box::new(PyReader { file: source.clone().unbind(), pending: Vec::new() })
    } else {
        let path: std::path::PathBuf = source.extract()?;
        let file = File::open(&path)
            .map_err(|e| PyOSError::new_err(format!("{}: {e}", path.display())))?;
        Box::new(io::BufReader::new(file))
    };
    Ok(GameReader { games: Box::new(toolkit::Games::new(input)) })
}

/// Checks a CTL-PGN text as `cescacs check` does, at `level` (`"syntax"`, `"coherence"`,
/// `"rules"`): every diagnostic, sorted.
#[pyfunction]
#[pyo3(signature = (text, level = "rules"))]
fn check(text: &str, level: &str) -> PyResult<Vec<Diagnostic>> {
    let level = toolkit::level(level).ok_or_else(|| {
        PyValueError::new_err(format!(
            "expected the level \"syntax\", \"coherence\" or \"rules\", found {level:?}"
        ))
    })?;
    Ok(toolkit::check(text, level).into_iter().map(Diagnostic::from).collect())
}

/// A CTL-PGN text in the canonical layout (`cescacs fmt`).
#[pyfunction]
fn format(py: Python<'_>, text: &str) -> PyResult<String> {
    toolkit::format(text).map_err(|found| error(py, found))
}

/// An app game (an optional app PDTL line, then "Show mvs") as a CTL-PGN game.
#[pyfunction]
fn from_app(py: Python<'_>, text: &str) -> PyResult<String> {
    toolkit::from_app(text).map_err(|found| error(py, found))
}

/// The first game of a CTL-PGN text as the app's text ("Load new" PDTL line, "Load mvs" list).
#[pyfunction]
fn to_app(py: Python<'_>, text: &str) -> PyResult<String> {
    toolkit::to_app(text).map_err(|found| error(py, found))
}

// Python aligns the memory of a class instance to 16 bytes: no class may need more (a field
// that does is boxed, as `GameReader`'s is).
const _: () = {
    assert!(std::mem::align_of::<Diagnostic>() <= 16);
    assert!(std::mem::align_of::<Position>() <= 16);
    assert!(std::mem::align_of::<Game>() <= 16);
    assert!(std::mem::align_of::<GameReader>() <= 16);
};

/// The module.
#[pymodule]
fn cescacs(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("CescacsError", m.py().get_type::<CescacsError>())?;
    m.add_class::<Diagnostic>()?;
    m.add_class::<Position>()?;
    m.add_class::<Game>()?;
    m.add_class::<GameReader>()?;
    m.add_function(wrap_pyfunction!(check, m)?)?;
    m.add_function(wrap_pyfunction!(read_games, m)?)?;
    m.add_function(wrap_pyfunction!(format, m)?)?;
    m.add_function(wrap_pyfunction!(from_app, m)?)?;
    m.add_function(wrap_pyfunction!(to_app, m)?)?;
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    Ok(())
}
