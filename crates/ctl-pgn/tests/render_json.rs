//! The JSON renderers: shape, encodings, the JSON Schema in `docs/`, and LSP compatibility.
#![cfg(feature = "render")]

use cescacs_diagnostics::{Diagnostic, Span};
use ctl_pgn::render::{
    Context, Document, FileReport, LineIndex, LspPosition, PositionEncoding, render_json,
    write_jsonl,
};
use serde_json::{Value, json};

const SCHEMA: &str = include_str!("../../../docs/diagnostics.schema.json");

fn validator(definition: Option<&str>) -> jsonschema::Validator {
    let mut schema: Value = serde_json::from_str(SCHEMA).expect("the schema is JSON");
    if let Some(definition) = definition {
        // The same definitions, with one of them as the root.
        schema["$ref"] = json!(format!("#/$defs/{definition}"));
        for key in ["required", "properties", "type"] {
            schema.as_object_mut().expect("object").remove(key);
        }
    }
    jsonschema::options()
        .should_validate_formats(true)
        .build(&schema)
        .expect("the schema is a valid draft 2020-12 schema")
}

fn assert_valid(validator: &jsonschema::Validator, instance: &Value) {
    let errors: Vec<String> = validator.iter_errors(instance).map(|e| e.to_string()).collect();
    assert!(errors.is_empty(), "{errors:#?}\n{instance:#}");
}

fn span_of(source: &str, needle: &str) -> Span {
    let start = source.find(needle).expect("needle in source");
    Span::new(start, start + needle.len())
}

const GAME: &str = "[Variant \"C'escacs\"]\n{Moià ∞ …} 1. E7xE13 F8-F12\n2. D×∞ \u{1fa50}G4\n";

fn sample_report() -> FileReport<'static> {
    let mut report = FileReport::new("corpus/a game.ctl-pgn", GAME).with_counts(1, 3);
    report.push(
        Diagnostic::error("E0203", span_of(GAME, "x"), "expected `-`, `×` or `*`, found `x`")
            .with_label(span_of(GAME, "E7xE13"), "while reading this move")
            .with_help("captures are written `×` or `*`, never `x`")
            .with_fix(span_of(GAME, "x"), "×"),
        Context::game(1).with_ply(1),
    );
    report.push(
        Diagnostic::warning("W0301", span_of(GAME, "G4"), "a warning after a FAN symbol")
            .with_primary_label("here")
            .with_note("a note"),
        Context::game(1),
    );
    report.push(Diagnostic::error("E0001", Span::new(0, 0), "whole file"), Context::default());
    report
}

#[test]
fn document_matches_the_schema() {
    let json = render_json(
        &[sample_report(), FileReport::new("empty.ctl-pgn", "")],
        PositionEncoding::Utf16,
    );
    let value: Value = serde_json::from_str(&json).expect("valid JSON");
    assert_valid(&validator(None), &value);
}

#[test]
fn schema_rejects_what_it_should() {
    let v = validator(None);
    let json = render_json(&[sample_report()], PositionEncoding::Utf16);
    let good: Value = serde_json::from_str(&json).expect("valid JSON");
    let mut bad = good.clone();
    bad["files"][0]["diagnostics"][0]["severity"] = json!(3);
    assert!(!v.is_valid(&bad));
    let mut bad = good.clone();
    bad["files"][0]["diagnostics"][0]["code"] = json!("X1");
    assert!(!v.is_valid(&bad));
    let mut bad = good.clone();
    bad["files"][0]["uri"] = json!("not a uri");
    assert!(!v.is_valid(&bad));
    let mut bad = good;
    bad["files"][0]["diagnostics"][0]["data"].as_object_mut().expect("object").remove("span");
    assert!(!v.is_valid(&bad));
}

#[test]
fn exact_shape_of_one_diagnostic() {
    let json = render_json(&[sample_report()], PositionEncoding::Utf16);
    let value: Value = serde_json::from_str(&json).expect("valid JSON");
    assert_eq!(value["version"], 1);
    assert_eq!(value["tool"], "cescacs");
    assert_eq!(value["positionEncoding"], "utf-16");
    let file = &value["files"][0];
    let uri = file["uri"].as_str().expect("uri");
    assert!(uri.starts_with("file:///") && uri.ends_with("/corpus/a%20game.ctl-pgn"), "{uri}");
    assert_eq!(file["path"], "corpus/a game.ctl-pgn");
    let x = GAME.find('x').expect("x");
    let start = GAME.find("E7xE13").expect("move");
    assert_eq!(
        file["diagnostics"][0],
        json!({
            "range": {"start": {"line": 1, "character": 16}, "end": {"line": 1, "character": 17}},
            "severity": 1,
            "code": "E0203",
            "source": "ctl-an",
            "message": "expected `-`, `×` or `*`, found `x`",
            "relatedInformation": [{
                "location": {"uri": uri, "range": {
                    "start": {"line": 1, "character": 14}, "end": {"line": 1, "character": 20}}},
                "message": "while reading this move"
            }],
            "data": {
                "span": {"start": x, "end": x + 1},
                "game": 1,
                "ply": 1,
                "labels": [
                    {"span": {"start": x, "end": x + 1}, "message": "expected `-`, `×` or `*`, found `x`", "primary": true},
                    {"span": {"start": start, "end": start + 6}, "message": "while reading this move", "primary": false}
                ],
                "help": ["captures are written `×` or `*`, never `x`"],
                "notes": [],
                "fixes": [{"span": {"start": x, "end": x + 1}, "replacement": "×"}]
            }
        })
    );
    let warning = &file["diagnostics"][1];
    assert_eq!(warning["severity"], 2);
    assert_eq!(warning["source"], "ctl-pgn");
    assert_eq!(warning["data"]["labels"][0]["message"], "here");
    assert_eq!(warning["data"]["game"], 1);
    assert!(warning["data"].get("ply").is_none());
    assert!(warning.get("relatedInformation").is_none());
    assert_eq!(
        value["summary"],
        json!({"files": 1, "games": 1, "plies": 3, "errors": 2, "warnings": 1})
    );
}

#[test]
fn columns_in_each_encoding() {
    // Line 2 (0-based) is `2. D×∞ 🩐G4`: `×` 2 bytes, `∞` 3 bytes, U+1FA50 4 bytes / 2 UTF-16 units.
    let g4 = GAME.find("G4").expect("G4");
    let index = LineIndex::new(GAME);
    let at = |e| index.position(g4, e);
    assert_eq!(at(PositionEncoding::Utf8), LspPosition { line: 2, character: 14 });
    assert_eq!(at(PositionEncoding::Utf16), LspPosition { line: 2, character: 9 });
    assert_eq!(at(PositionEncoding::Utf32), LspPosition { line: 2, character: 8 });
    assert_eq!(index.line_col(g4).to_string(), "3:9");
    // `Moià` and `…` on line 1.
    let dots = GAME.find('…').expect("…");
    assert_eq!(index.position(dots, PositionEncoding::Utf8).character, 11);
    assert_eq!(index.position(dots, PositionEncoding::Utf16).character, 8);
    assert_eq!(index.position(dots + '…'.len_utf8(), PositionEncoding::Utf16).character, 9);
    for encoding in [PositionEncoding::Utf8, PositionEncoding::Utf16, PositionEncoding::Utf32] {
        let json = render_json(&[sample_report()], encoding);
        let value: Value = serde_json::from_str(&json).expect("valid JSON");
        assert_eq!(value["positionEncoding"], encoding.as_str());
        let range = &value["files"][0]["diagnostics"][1]["range"];
        assert_eq!(range["start"]["character"], at(encoding).character);
        assert_eq!(range["end"]["character"], at(encoding).character + 2);
    }
}

#[test]
fn line_breaks_and_bom() {
    let text = "a\r\nb\rc\nd";
    let index = LineIndex::new(text);
    assert_eq!(index.line_count(), 4);
    for (needle, line) in [("a", 0), ("b", 1), ("c", 2), ("d", 3)] {
        let at = text.find(needle).expect("needle");
        assert_eq!(index.position(at, PositionEncoding::Utf16), LspPosition { line, character: 0 });
    }
    // Between `\r` and `\n` still belongs to the first line.
    assert_eq!(index.position(2, PositionEncoding::Utf8), LspPosition { line: 0, character: 2 });
    let bom = "\u{feff}ab\nc";
    let index = LineIndex::new(bom);
    assert_eq!(index.position(3, PositionEncoding::Utf16), LspPosition { line: 0, character: 0 });
    assert_eq!(index.position(4, PositionEncoding::Utf16), LspPosition { line: 0, character: 1 });
    assert_eq!(index.position(0, PositionEncoding::Utf16), LspPosition { line: 0, character: 0 });
    assert_eq!(index.line_col(4).to_string(), "1:2");
    // Past the end and inside a character: clamped, no panic.
    let index = LineIndex::new("∞");
    assert_eq!(index.position(1, PositionEncoding::Utf8).character, 0);
    assert_eq!(index.position(99, PositionEncoding::Utf16).character, 1);
}

#[test]
fn a_file_deserializes_as_lsp_publish_diagnostics_params() {
    let mut report = sample_report();
    report.uri = "file:///games/a%20game.ctl-pgn".to_string();
    let json = render_json(&[report], PositionEncoding::Utf16);
    let value: Value = serde_json::from_str(&json).expect("valid JSON");
    let file = value["files"][0].clone();
    let params: lsp_types::PublishDiagnosticsParams =
        serde_json::from_value(file.clone()).expect("LSP publishDiagnostics params");
    assert_eq!(params.uri.as_str(), "file:///games/a%20game.ctl-pgn");
    assert_eq!(params.diagnostics.len(), 3);
    let first = &params.diagnostics[0];
    assert_eq!(first.severity, Some(lsp_types::DiagnosticSeverity::ERROR));
    assert_eq!(first.code, Some(lsp_types::NumberOrString::String("E0203".to_string())));
    assert_eq!(first.source.as_deref(), Some("ctl-an"));
    assert_eq!(first.range.start, lsp_types::Position { line: 1, character: 16 });
    let related = first.related_information.as_ref().expect("related information");
    assert_eq!(related[0].message, "while reading this move");
    assert_eq!(first.data.as_ref().expect("data")["fixes"][0]["replacement"], "×");
    assert_eq!(params.diagnostics[1].severity, Some(lsp_types::DiagnosticSeverity::WARNING));
    // Only `uri` and `diagnostics`, as a client sends them: unchanged.
    let minimal = json!({"uri": file["uri"], "diagnostics": file["diagnostics"]});
    let params: lsp_types::PublishDiagnosticsParams =
        serde_json::from_value(minimal).expect("LSP publishDiagnostics params");
    assert_eq!(params.diagnostics.len(), 3);
}

#[test]
fn document_round_trips_through_serde() {
    let mut doc = Document::new(PositionEncoding::Utf32);
    doc.push(&sample_report());
    let back: Document = serde_json::from_str(&doc.to_json()).expect("round trip");
    assert_eq!(back, doc);
}

#[test]
fn jsonl_lines_match_the_schema() {
    let mut out = Vec::new();
    write_jsonl(&sample_report(), PositionEncoding::Utf16, &mut out).expect("write to a Vec");
    let text = String::from_utf8(out).expect("UTF-8");
    let v = validator(Some("jsonLine"));
    let mut n = 0;
    for line in text.lines() {
        let value: Value = serde_json::from_str(line).expect("one JSON object per line");
        assert_valid(&v, &value);
        assert_eq!(value["path"], "corpus/a game.ctl-pgn");
        n += 1;
    }
    assert_eq!(n, 3);
    assert!(!v.is_valid(&json!({"code": "E0001"})));
}

#[test]
fn the_streamed_document_is_the_document() {
    use ctl_pgn::render::{DocumentWriter, FileDiagnostics, Summary};
    let reports = [
        vec![],
        vec![FileReport::new("empty.ctl-pgn", "")],
        vec![sample_report(), FileReport::new("empty.ctl-pgn", ""), sample_report()],
    ];
    for list in &reports {
        for encoding in [PositionEncoding::Utf8, PositionEncoding::Utf16, PositionEncoding::Utf32] {
            let mut writer = DocumentWriter::new(Vec::new(), encoding).expect("memory");
            for report in list {
                let file = FileDiagnostics::new(report, encoding);
                writer.begin_file(&file.uri, &file.path).expect("memory");
                for d in &file.diagnostics {
                    writer.diagnostic(d).expect("memory");
                }
                writer.end_file(Summary::of(report)).expect("memory");
            }
            let streamed = String::from_utf8(writer.finish().expect("memory")).expect("UTF-8");
            assert_eq!(streamed, render_json(list, encoding), "{} files", list.len());
        }
    }
}
