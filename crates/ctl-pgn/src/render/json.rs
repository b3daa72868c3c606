//! Machine-readable diagnostics in the shape of LSP `publishDiagnostics`, so that an editor or a
//! language server can forward them unchanged. `docs/JSON.md` describes the format and
//! `docs/diagnostics.schema.json` is its JSON Schema.

use std::io::{self, Write};

use cescacs_diagnostics::{Diagnostic, Severity, Span, codes};
use serde::{Deserialize, Serialize};

use super::line_index::{LineIndex, LspPosition, PositionEncoding};
use super::report::{Context, FileReport};

/// The version of the JSON format; it grows when a field changes meaning or goes away (new
/// fields do not change it: consumers ignore fields they do not know).
pub const FORMAT_VERSION: u32 = 1;

/// The `tool` field.
pub const TOOL: &str = "cescacs";

/// Which layer of the toolkit a code comes from: the LSP `source` field, its family's
/// ([`Family::source`](cescacs_diagnostics::codes::Family::source) in the registry), or [`TOOL`] for
/// a code that is not in the registry.
///
/// ```
/// use ctl_pgn::render::source_of;
/// assert_eq!(source_of("E0203"), "ctl-an");
/// assert_eq!(source_of("W0110"), "pdtl");
/// assert_eq!(source_of("E0001"), "ctl-pgn");
/// assert_eq!(source_of("E0508"), "rules");
/// assert_eq!(source_of("E0703"), "ctl-pgn");
/// assert_eq!(source_of("E9999"), "cescacs");
/// ```
pub fn source_of(code: &str) -> &'static str {
    codes::lookup(code).map_or(TOOL, |c| c.family.source())
}

/// The whole output of a run: every file checked, with its diagnostics, and a summary.
///
/// ```
/// use cescacs_diagnostics::{Diagnostic, Span};
/// use ctl_pgn::render::{Context, Document, FileReport, PositionEncoding};
/// let mut report = FileReport::new("/g/a.ctl-pgn", "1. D∞×E4\n").with_counts(1, 1);
/// report.push(Diagnostic::error("E0203", Span::new(9, 10), "found `E`"), Context::game(1));
/// let mut doc = Document::new(PositionEncoding::Utf16);
/// doc.push(&report);
/// let file = &doc.files[0];
/// assert_eq!(file.uri, "file:///g/a.ctl-pgn");
/// assert_eq!(file.diagnostics[0].range.start.character, 6); // `∞` and `×` are one unit each
/// assert_eq!(doc.summary.errors, 1);
/// let json = doc.to_json();
/// assert!(json.contains("\"positionEncoding\": \"utf-16\""));
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Document {
    /// [`FORMAT_VERSION`].
    pub version: u32,
    /// [`TOOL`].
    pub tool: String,
    /// The unit of every `range` column.
    pub position_encoding: PositionEncoding,
    /// The files, in the order they were checked.
    pub files: Vec<FileDiagnostics>,
    /// Totals.
    pub summary: Summary,
}

impl Document {
    /// An empty document whose ranges count columns in `encoding`.
    pub fn new(encoding: PositionEncoding) -> Document {
        Document {
            version: FORMAT_VERSION,
            tool: TOOL.to_string(),
            position_encoding: encoding,
            files: Vec::new(),
            summary: Summary::default(),
        }
    }

    /// Adds a file and counts it in the summary.
    pub fn push(&mut self, report: &FileReport<'_>) {
        self.push_file(FileDiagnostics::new(report, self.position_encoding), Summary::of(report));
    }

    /// Adds a file converted beforehand (e.g. on another thread, with this document's encoding)
    /// and its counts (see [`Summary::of`]).
    pub fn push_file(&mut self, file: FileDiagnostics, counts: Summary) {
        self.summary.absorb(counts);
        self.files.push(file);
    }

    /// The document as pretty-printed JSON with a final line break.
    pub fn to_json(&self) -> String {
        let mut json = serde_json::to_string_pretty(self).unwrap_or_default();
        json.push('\n');
        json
    }
}

/// Writes a [`Document`] part by part, so that a run over huge files never holds all its
/// diagnostics: the output is byte for byte what [`Document::to_json`] gives for the same files.
///
/// ```
/// use cescacs_diagnostics::{Diagnostic, Span};
/// use ctl_pgn::render::{Context, Document, DocumentWriter, FileDiagnostics, FileReport, PositionEncoding, Summary};
/// let mut report = FileReport::new("/g/a.ctl-pgn", "1. E7xE13\n").with_counts(1, 1);
/// report.push(Diagnostic::error("E0206", Span::new(5, 6), "found `x`"), Context::game(1));
/// let file = FileDiagnostics::new(&report, PositionEncoding::Utf16);
///
/// let mut writer = DocumentWriter::new(Vec::new(), PositionEncoding::Utf16)?;
/// writer.begin_file(&file.uri, &file.path)?;
/// for d in &file.diagnostics {
///     writer.diagnostic(d)?;
/// }
/// writer.end_file(Summary::of(&report))?;
/// let streamed = String::from_utf8(writer.finish()?).unwrap();
///
/// let mut document = Document::new(PositionEncoding::Utf16);
/// document.push(&report);
/// assert_eq!(streamed, document.to_json());
/// # Ok::<(), std::io::Error>(())
/// ```
#[derive(Debug)]
pub struct DocumentWriter<W: Write> {
    out: W,
    files: usize,
    /// Diagnostics written in the current file.
    in_file: usize,
    summary: Summary,
}

impl<W: Write> DocumentWriter<W> {
    /// Starts a document whose ranges count columns in `encoding`.
    pub fn new(mut out: W, encoding: PositionEncoding) -> io::Result<DocumentWriter<W>> {
        write!(
            out,
            "{{\n  \"version\": {FORMAT_VERSION},\n  \"tool\": {},\n  \"positionEncoding\": {},\n  \"files\": [",
            json_string(TOOL),
            json_string(encoding.as_str()),
        )?;
        Ok(DocumentWriter { out, files: 0, in_file: 0, summary: Summary::default() })
    }

    /// Starts the entry of one file.
    pub fn begin_file(&mut self, uri: &str, path: &str) -> io::Result<()> {
        let comma = if self.files > 0 { "," } else { "" };
        write!(
            self.out,
            "{comma}\n    {{\n      \"uri\": {},\n      \"path\": {},\n      \"diagnostics\": [",
            json_string(uri),
            json_string(path)
        )?;
        self.files += 1;
        self.in_file = 0;
        Ok(())
    }

    /// Writes one diagnostic of the current file.
    pub fn diagnostic(&mut self, d: &JsonDiagnostic) -> io::Result<()> {
        let pretty = serde_json::to_string_pretty(d).map_err(io::Error::other)?;
        self.out.write_all(if self.in_file > 0 { b"," } else { b"" })?;
        for line in pretty.lines() {
            // JSON strings hold no raw line break: every line is a line of the object.
            write!(self.out, "\n        {line}")?;
        }
        self.in_file += 1;
        Ok(())
    }

    /// Ends the entry of the current file, whose counts are `counts`.
    pub fn end_file(&mut self, counts: Summary) -> io::Result<()> {
        self.end_file_omitting(counts, 0)
    }

    /// Ends the entry of the current file, whose counts are `counts`, saying that `omitted`
    /// of its diagnostics were not written ([`super::ErrorCap`]): the file gets an `omitted`
    /// count when it is not 0.
    ///
    /// ```
    /// use ctl_pgn::render::{DocumentWriter, PositionEncoding, Summary};
    /// let mut w = DocumentWriter::new(Vec::new(), PositionEncoding::Utf16)?;
    /// w.begin_file("file:///a.ctl-pgn", "a.ctl-pgn")?;
    /// w.end_file_omitting(Summary { files: 1, errors: 120, ..Summary::default() }, 20)?;
    /// let json: serde_json::Value = serde_json::from_slice(&w.finish()?).unwrap();
    /// assert_eq!(json["files"][0]["omitted"], 20);
    /// # Ok::<(), std::io::Error>(())
    /// ```
    pub fn end_file_omitting(&mut self, counts: Summary, omitted: usize) -> io::Result<()> {
        if self.in_file > 0 {
            self.out.write_all(b"\n      ]")?;
        } else {
            self.out.write_all(b"]")?;
        }
        if omitted > 0 {
            write!(self.out, ",\n      \"omitted\": {omitted}")?;
        }
        self.out.write_all(b"\n    }")?;
        self.summary.absorb(counts);
        Ok(())
    }

    /// The totals so far.
    pub fn summary(&self) -> Summary {
        self.summary
    }

    /// Writes the summary and ends the document; gives the output back.
    pub fn finish(self) -> io::Result<W> {
        self.finish_with(None)
    }

    /// [`DocumentWriter::finish`], with one more top-level member after the summary (such as
    /// the `"stats"` of `cescacs check --stats`).
    pub fn finish_with(mut self, extra: Option<(&str, &serde_json::Value)>) -> io::Result<W> {
        let summary = serde_json::to_string_pretty(&self.summary).map_err(io::Error::other)?;
        if self.files > 0 {
            self.out.write_all(b"\n  ]")?;
        } else {
            self.out.write_all(b"]")?;
        }
        self.out.write_all(b",\n  \"summary\": ")?;
        for (i, line) in summary.lines().enumerate() {
            if i > 0 {
                self.out.write_all(b"\n  ")?;
            }
            self.out.write_all(line.as_bytes())?;
        }
        if let Some((name, value)) = extra {
            let value = serde_json::to_string_pretty(value).map_err(io::Error::other)?;
            write!(self.out, ",\n  {}: ", json_string(name))?;
            for (i, line) in value.lines().enumerate() {
                if i > 0 {
                    self.out.write_all(b"\n  ")?;
                }
                self.out.write_all(line.as_bytes())?;
            }
        }
        self.out.write_all(b"\n}\n")?;
        Ok(self.out)
    }
}

fn json_string(s: &str) -> String {
    serde_json::to_string(s).unwrap_or_default()
}

/// Totals over the files of a run.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct Summary {
    /// Files checked.
    pub files: usize,
    /// Games read.
    pub games: usize,
    /// Plies (half-moves) read.
    pub plies: usize,
    /// Errors found.
    pub errors: usize,
    /// Warnings found.
    pub warnings: usize,
}

impl Summary {
    /// The counts of one file.
    pub fn of(report: &FileReport<'_>) -> Summary {
        Summary {
            files: 1,
            games: report.games,
            plies: report.plies,
            errors: report.errors(),
            warnings: report.warnings(),
        }
    }

    /// Counts one more file.
    pub fn add(&mut self, report: &FileReport<'_>) {
        self.absorb(Summary::of(report));
    }

    /// Adds the counts of `other`.
    pub fn absorb(&mut self, other: Summary) {
        self.files += other.files;
        self.games += other.games;
        self.plies += other.plies;
        self.errors += other.errors;
        self.warnings += other.warnings;
    }
}

/// One file's diagnostics: with `uri` and `diagnostics` alone, LSP `PublishDiagnosticsParams`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct FileDiagnostics {
    /// The file's URI.
    pub uri: String,
    /// The path as given on the command line.
    pub path: String,
    /// Its diagnostics.
    pub diagnostics: Vec<JsonDiagnostic>,
}

impl FileDiagnostics {
    /// Converts a report, with columns in `encoding`.
    pub fn new(report: &FileReport<'_>, encoding: PositionEncoding) -> FileDiagnostics {
        let index = LineIndex::at(report.source, report.start);
        let diagnostics = report
            .diagnostics
            .iter()
            .map(|(d, context)| JsonDiagnostic::new(d, *context, &report.uri, &index, encoding))
            .collect();
        FileDiagnostics { uri: report.uri.clone(), path: report.path.to_string(), diagnostics }
    }
}

/// One diagnostic as an LSP `Diagnostic`, with the toolkit's own facts under `data`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct JsonDiagnostic {
    /// Where, in lines and columns of the document's encoding.
    pub range: LspRange,
    /// 1 error, 2 warning (LSP `DiagnosticSeverity`).
    pub severity: u8,
    /// The stable code, e.g. `E0203`.
    pub code: String,
    /// The layer that found it: see [`source_of`].
    pub source: String,
    /// What is wrong.
    pub message: String,
    /// The secondary labels.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub related_information: Vec<RelatedInformation>,
    /// Byte spans, game, ply, labels, help, notes and fixes.
    pub data: Data,
}

impl JsonDiagnostic {
    /// Converts `d`; `uri` names the file for related information.
    pub fn new(
        d: &Diagnostic,
        context: Context,
        uri: &str,
        index: &LineIndex<'_>,
        encoding: PositionEncoding,
    ) -> JsonDiagnostic {
        let range = |span: Span| LspRange {
            start: index.position(span.start, encoding),
            end: index.position(span.end.max(span.start), encoding),
        };
        let related_information = d
            .labels
            .iter()
            .map(|l| RelatedInformation {
                location: Location { uri: uri.to_string(), range: range(l.span) },
                message: l.message.clone(),
            })
            .collect();
        let primary = JsonLabel {
            span: d.span.into(),
            message: d.primary_label.clone().unwrap_or_else(|| d.message.clone()),
            primary: true,
        };
        let secondary = d.labels.iter().map(|l| JsonLabel {
            span: l.span.into(),
            message: l.message.clone(),
            primary: false,
        });
        JsonDiagnostic {
            range: range(d.span),
            severity: match d.severity {
                Severity::Error => 1,
                Severity::Warning => 2,
            },
            code: d.code.to_string(),
            source: source_of(d.code).to_string(),
            message: d.message.clone(),
            related_information,
            data: Data {
                span: d.span.into(),
                game: context.game,
                ply: context.ply,
                labels: std::iter::once(primary).chain(secondary).collect(),
                help: d.help.clone(),
                notes: d.notes.clone(),
                fixes: d
                    .fixes
                    .iter()
                    .map(|f| JsonFix { span: f.span.into(), replacement: f.replacement.clone() })
                    .collect(),
            },
        }
    }
}

/// The diagnostics of one checked chunk of a file as [`JsonDiagnostic`]s, what `cescacs check
/// --format json` writes for them: `diagnostics` (spans into the chunk, sorted), `read` the
/// games of the chunk read the full way (each diagnostic's game and ply, numbered from 1 within
/// the chunk), `shown` the chunk as reports show it
/// ([`Decoded::shown`](crate::decode::Decoded::shown)), `start` where the chunk starts in the
/// file, `uri` the file's URI. The game numbers are the chunk's: add the games of the chunks
/// before it for the file's.
///
/// ```
/// use ctl_pgn::Check;
/// use ctl_pgn::reader::TextStart;
/// use ctl_pgn::render::{PositionEncoding, chunk_json};
/// use ctl_pgn::validate::Level;
/// let text = "[Variant \"C'escacs\"]\n1. E7-E13, E21-E15\n2. EE5-E11: *\n";
/// let chunk = Check::new(Level::Rules).chunk(text.as_bytes());
/// let shown = chunk.decoded.as_ref().unwrap().shown();
/// let found = &chunk.checked;
/// let json = chunk_json(&found.diagnostics, &found.read, shown, TextStart::default(), "untitled:a", PositionEncoding::Utf16);
/// assert_eq!((json[0].code.as_str(), json[0].data.game, json[0].data.ply), ("E0501", Some(1), Some(3)));
/// ```
pub fn chunk_json(
    diagnostics: &[Diagnostic],
    read: &[crate::parsed::ParsedGame],
    shown: &str,
    start: crate::reader::TextStart,
    uri: &str,
    encoding: PositionEncoding,
) -> Vec<JsonDiagnostic> {
    let mut locator = super::Locator::default();
    for game in read {
        locator.push(game.syntax());
    }
    let index = LineIndex::at(shown, start);
    diagnostics
        .iter()
        .map(|d| {
            let context = locator.context(d.span);
            let d = d.clone().shifted(start.offset);
            JsonDiagnostic::new(&d, context, uri, &index, encoding)
        })
        .collect()
}

/// An LSP range: start and end positions, end exclusive.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct LspRange {
    /// First position.
    pub start: LspPosition,
    /// Position just past the end.
    pub end: LspPosition,
}

/// An LSP `DiagnosticRelatedInformation`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct RelatedInformation {
    /// Where.
    pub location: Location,
    /// What this place has to do with the diagnostic.
    pub message: String,
}

/// An LSP `Location`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Location {
    /// The file.
    pub uri: String,
    /// The place in it.
    pub range: LspRange,
}

/// The toolkit's facts about a diagnostic, beyond LSP.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Data {
    /// The offending bytes: 0-based half-open UTF-8 byte offsets into the file.
    pub span: ByteSpan,
    /// 1-based game number within the file.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub game: Option<usize>,
    /// 1-based ply within the game.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ply: Option<usize>,
    /// Every label: the primary one first.
    pub labels: Vec<JsonLabel>,
    /// How to fix it.
    pub help: Vec<String>,
    /// Background facts.
    pub notes: Vec<String>,
    /// Machine-applicable fixes.
    pub fixes: Vec<JsonFix>,
}

/// Byte offsets `start..end` into the file.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct ByteSpan {
    /// First byte.
    pub start: usize,
    /// One past the last byte.
    pub end: usize,
}

impl From<Span> for ByteSpan {
    fn from(span: Span) -> ByteSpan {
        ByteSpan { start: span.start, end: span.end }
    }
}

/// A label with its byte span.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct JsonLabel {
    /// Where.
    pub span: ByteSpan,
    /// What it says.
    pub message: String,
    /// Whether it marks the diagnostic's own span.
    pub primary: bool,
}

/// Replace the bytes of `span` with `replacement`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct JsonFix {
    /// The bytes to replace.
    pub span: ByteSpan,
    /// The new text.
    pub replacement: String,
}

/// One line of `--format jsonl`: a diagnostic that names its file.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct JsonLine {
    /// The file's URI.
    pub uri: String,
    /// The path as given.
    pub path: String,
    /// The diagnostic, its fields inline.
    #[serde(flatten)]
    pub diagnostic: JsonDiagnostic,
}

/// The whole run as one JSON document (see [`Document`]).
///
/// ```
/// use ctl_pgn::render::{FileReport, PositionEncoding, render_json};
/// let json = render_json(&[FileReport::new("a.ctl-pgn", "")], PositionEncoding::Utf16);
/// let value: serde_json::Value = serde_json::from_str(&json).unwrap();
/// assert_eq!(value["summary"]["files"], 1);
/// assert_eq!(value["files"][0]["diagnostics"].as_array().unwrap().len(), 0);
/// ```
pub fn render_json(reports: &[FileReport<'_>], encoding: PositionEncoding) -> String {
    let mut document = Document::new(encoding);
    for report in reports {
        document.push(report);
    }
    document.to_json()
}

/// Writes one file's diagnostics as JSON Lines: one compact [`JsonLine`] per line, so that huge
/// runs stream.
///
/// ```
/// use cescacs_diagnostics::{Diagnostic, Span};
/// use ctl_pgn::render::{Context, FileReport, PositionEncoding, write_jsonl};
/// let mut report = FileReport::new("/a.ctl-pgn", "E7xE13 F8xF12");
/// report.push(Diagnostic::error("E0203", Span::new(2, 3), "found `x`"), Context::game(1));
/// report.push(Diagnostic::error("E0203", Span::new(9, 10), "found `x`"), Context::game(1));
/// let mut out = Vec::new();
/// write_jsonl(&report, PositionEncoding::Utf8, &mut out).unwrap();
/// let text = String::from_utf8(out).unwrap();
/// assert_eq!(text.lines().count(), 2);
/// assert!(text.starts_with("{\"uri\":\"file:///a.ctl-pgn\",\"path\":\"/a.ctl-pgn\",\"range\":"));
/// ```
pub fn write_jsonl(
    report: &FileReport<'_>,
    encoding: PositionEncoding,
    mut out: impl Write,
) -> io::Result<()> {
    let index = LineIndex::at(report.source, report.start);
    for (d, context) in &report.diagnostics {
        let line = JsonLine {
            uri: report.uri.clone(),
            path: report.path.to_string(),
            diagnostic: JsonDiagnostic::new(d, *context, &report.uri, &index, encoding),
        };
        serde_json::to_writer(&mut out, &line)?;
        out.write_all(b"\n")?;
    }
    Ok(())
}
