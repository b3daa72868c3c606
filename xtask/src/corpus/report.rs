//! What a corpus run found: the table of counts and the differences.

use std::collections::BTreeMap;
use std::fmt;

use super::diff::unified;
use super::goldens::Format;
use super::options::Kind;

/// What one file gave.
#[derive(Debug, Default)]
pub struct FileResult {
    /// The row of the table the file counts in.
    pub kind: Option<Kind>,
    /// Its counts.
    pub row: Row,
    /// Its diagnostics by code.
    pub codes: BTreeMap<&'static str, usize>,
    /// What differs.
    pub failures: Vec<Failure>,
    /// Goldens written or removed by `--bless`.
    pub blessed: Vec<String>,
}

/// Counts of one kind of file.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Row {
    /// Files.
    pub files: usize,
    /// Games.
    pub games: usize,
    /// Half-moves written in the main lines.
    pub plies: usize,
    /// Variations replayed, at any depth.
    pub variations: usize,
    /// Positions written as PDTL and read back (main lines and variations).
    pub positions: usize,
    /// Bytes read.
    pub bytes: usize,
}

impl Row {
    fn add(&mut self, other: Row) {
        self.files += other.files;
        self.games += other.games;
        self.plies += other.plies;
        self.variations += other.variations;
        self.positions += other.positions;
        self.bytes += other.bytes;
    }
}

/// One difference: where, what, and the texts to diff when there are any.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Failure {
    /// The file (or golden) as shown: `corpus/invalid/x.diagnostics`.
    pub file: String,
    /// The game (1-based), when one is concerned.
    pub game: Option<usize>,
    /// The main-line ply (0: the start position), when one is concerned.
    pub ply: Option<usize>,
    /// What is wrong.
    pub what: String,
    /// What was expected and what was found.
    pub texts: Option<(String, String)>,
}

impl Failure {
    /// A failure without a diff.
    pub fn new(file: impl Into<String>, what: impl Into<String>) -> Failure {
        Failure { file: file.into(), game: None, ply: None, what: what.into(), texts: None }
    }

    /// The same failure with the expected and the found text.
    pub fn with_diff(mut self, expected: String, found: String) -> Failure {
        self.texts = Some((expected, found));
        self
    }

    /// The unified diff of the expected and the found text, if any.
    pub fn diff(&self) -> Option<String> {
        self.texts.as_ref().map(|(e, f)| unified(e, f))
    }
}

impl fmt::Display for Failure {
    /// `corpus/valid/x.ctl-pgn, game 2, ply 14: what`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.file)?;
        if let Some(g) = self.game {
            write!(f, ", game {g}")?;
        }
        if let Some(p) = self.ply {
            write!(f, ", ply {p}")?;
        }
        write!(f, ": {}", self.what)
    }
}

/// Everything a run found.
#[derive(Debug, Clone, Default)]
pub struct Report {
    /// Counts per kind of file.
    pub rows: BTreeMap<Kind, Row>,
    /// Diagnostics by code, over every file.
    pub codes: BTreeMap<&'static str, usize>,
    /// What differs, in file order.
    pub failures: Vec<Failure>,
    /// Files written or removed by `--bless`.
    pub blessed: Vec<String>,
    /// Golden formats compared.
    pub formats: Vec<Format>,
    /// Wall-clock time of the run.
    pub seconds: f64,
}

impl Report {
    /// An empty report of a run comparing `formats`.
    pub fn new(formats: &[Format]) -> Report {
        Report { formats: formats.to_vec(), ..Report::default() }
    }

    pub(super) fn absorb(&mut self, result: FileResult) {
        if let Some(kind) = result.kind {
            self.rows.entry(kind).or_default().add(result.row);
        }
        for (code, n) in result.codes {
            *self.codes.entry(code).or_default() += n;
        }
        self.failures.extend(result.failures);
        self.blessed.extend(result.blessed);
    }

    /// The totals of every row.
    pub fn total(&self) -> Row {
        let mut total = Row::default();
        for row in self.rows.values() {
            total.add(*row);
        }
        total
    }

    /// Whether everything matched.
    pub fn passed(&self) -> bool {
        self.failures.is_empty()
    }
}

impl fmt::Display for Report {
    /// The table, the diagnostics by code, the throughput, then the failures: the first with its
    /// diff, the others one line each.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(
            f,
            "{:<10} {:>6} {:>6} {:>8} {:>10} {:>9} {:>10}",
            "corpus", "files", "games", "plies", "variations", "positions", "bytes"
        )?;
        let line = |f: &mut fmt::Formatter<'_>, name: &str, r: &Row| {
            writeln!(
                f,
                "{name:<10} {:>6} {:>6} {:>8} {:>10} {:>9} {:>10}",
                r.files, r.games, r.plies, r.variations, r.positions, r.bytes
            )
        };
        for (kind, row) in &self.rows {
            line(f, kind.name(), row)?;
        }
        let total = self.total();
        line(f, "total", &total)?;
        let codes: Vec<String> = self.codes.iter().map(|(c, n)| format!("{c} ×{n}")).collect();
        writeln!(
            f,
            "diagnostics by code: {}",
            if codes.is_empty() { "none".to_string() } else { codes.join(", ") }
        )?;
        let mb = total.bytes as f64 / 1e6;
        let rate = if self.seconds > 0.0 { mb / self.seconds } else { 0.0 };
        let formats: Vec<&str> = self.formats.iter().map(|f| f.name()).collect();
        writeln!(
            f,
            "{mb:.2} MB in {:.2} s: {rate:.2} MB/s (every check; goldens: {})",
            self.seconds,
            formats.join(", ")
        )?;
        for b in &self.blessed {
            writeln!(f, "blessed: {b}")?;
        }
        if self.failures.is_empty() {
            return writeln!(f, "ok: every file and game round-trips");
        }
        writeln!(f, "\n{} difference(s):", self.failures.len())?;
        for (i, failure) in self.failures.iter().enumerate() {
            writeln!(f, "  {failure}")?;
            if i == 0 {
                if let Some(diff) = failure.diff() {
                    for l in diff.lines() {
                        writeln!(f, "    {l}")?;
                    }
                }
            }
        }
        Ok(())
    }
}
