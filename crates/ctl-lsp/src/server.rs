//! The message loop: initialization, documents, debounced diagnostics, requests, shutdown.
//!
//! Everything runs on one thread, in message order. A request is answered from the document's
//! latest text: a change still waiting for its debounce is checked first.

use std::collections::HashMap;
use std::fmt;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::time::Instant;

use cescacs_board::terminal::terminal_safe;
use cescacs_board::{Diagnostic, Span};
use ctl_pgn::render::{JsonDiagnostic, LineIndex, PositionEncoding};
use lsp_server::{Connection, ErrorCode, Message, Notification, Request, RequestId, Response};
use lsp_types::{
    CodeActionOptions, CodeActionParams, CodeActionProviderCapability, DidChangeTextDocumentParams,
    DidCloseTextDocumentParams, DidOpenTextDocumentParams, DocumentFormattingParams,
    DocumentSymbolParams, DocumentSymbolResponse, GotoDefinitionParams, GotoDefinitionResponse,
    Hover, HoverContents, HoverParams, HoverProviderCapability, Location, MarkupContent,
    MarkupKind, OneOf, PositionEncodingKind, PublishDiagnosticsParams, ServerCapabilities,
    TextDocumentSyncCapability, TextDocumentSyncKind, TextDocumentSyncOptions, Uri,
};
use serde_json::{Value, json};

use crate::Options;
use crate::analysis::Analysis;
use crate::document::{Document, Ranges, offset};
use crate::{actions, definition, formatting, hover, symbols, walk};

/// Why the server stopped abnormally.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ServerError(String);

impl fmt::Display for ServerError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for ServerError {}

/// Serves one client over `connection` with the default [`Options`], until `exit` or until the
/// connection closes. Returns an error when the client exits without asking to shut down first
/// (LSP: the server then exits with status 1).
pub fn run(connection: Connection) -> Result<(), ServerError> {
    run_with(connection, Options::default())
}

/// [`run`] with other [`Options`].
pub fn run_with(connection: Connection, options: Options) -> Result<(), ServerError> {
    let mut server = Server {
        connection,
        options,
        encoding: PositionEncoding::Utf16,
        documents: HashMap::new(),
        due: HashMap::new(),
        initialized: false,
        shutting_down: false,
    };
    server.serve()
}

/// An error answer to a request.
struct Failure {
    code: ErrorCode,
    message: String,
}

impl Failure {
    fn new(code: ErrorCode, message: impl Into<String>) -> Failure {
        Failure { code, message: message.into() }
    }
}

type Answer = Result<Value, Failure>;

struct Server {
    connection: Connection,
    options: Options,
    /// The position encoding agreed with the client.
    encoding: PositionEncoding,
    /// Open documents by URI.
    documents: HashMap<String, Document>,
    /// Documents changed and not checked yet, with when to check them.
    due: HashMap<String, Instant>,
    initialized: bool,
    shutting_down: bool,
}

impl Server {
    fn serve(&mut self) -> Result<(), ServerError> {
        loop {
            let next = self.due.values().min().copied();
            let received = match next {
                Some(deadline) => match self.connection.receiver.recv_deadline(deadline) {
                    Ok(message) => Some(message),
                    Err(e) if e.is_timeout() => None,
                    Err(_) => return Ok(()),
                },
                None => match self.connection.receiver.recv() {
                    Ok(message) => Some(message),
                    Err(_) => return Ok(()),
                },
            };
            let Some(message) = received else {
                self.publish_due();
                continue;
            };
            match message {
                Message::Request(request) => self.on_request(request),
                Message::Notification(n) if n.method == "exit" => {
                    return if self.shutting_down {
                        Ok(())
                    } else {
                        Err(ServerError("exit before shutdown".to_string()))
                    };
                }
                Message::Notification(n) => self.on_notification(n),
                Message::Response(_) => {}
            }
        }
    }

    fn send(&self, message: impl Into<Message>) {
        // A closed connection ends the loop at the next receive.
        let _ = self.connection.sender.send(message.into());
    }

    fn notify(&self, method: &str, params: impl serde::Serialize) {
        self.send(Notification::new(method.to_string(), params));
    }

    /// Logs to the client (window/logMessage) and to standard error.
    fn log_error(&self, message: &str) {
        eprintln!("cescacs lsp: {message}");
        self.notify("window/logMessage", json!({ "type": 1, "message": message }));
    }

    fn on_request(&mut self, request: Request) {
        let id = request.id.clone();
        let method = request.method.clone();
        let answer = if !self.initialized && method != "initialize" {
            Err(Failure::new(ErrorCode::ServerNotInitialized, "expected `initialize` first"))
        } else if self.shutting_down {
            Err(Failure::new(ErrorCode::InvalidRequest, "the server is shutting down"))
        } else {
            match catch_unwind(AssertUnwindSafe(|| self.dispatch(request))) {
                Ok(answer) => answer,
                Err(panic) => {
                    let message = format!(
                        "internal error while answering `{method}`: {}",
                        panic_text(panic.as_ref())
                    );
                    self.log_error(&message);
                    Err(Failure::new(ErrorCode::InternalError, message))
                }
            }
        };
        self.send(respond(id, answer));
    }

    fn dispatch(&mut self, request: Request) -> Answer {
        let params = request.params;
        match request.method.as_str() {
            "initialize" => Ok(self.initialize(&params)),
            "shutdown" => {
                self.shutting_down = true;
                Ok(Value::Null)
            }
            "textDocument/hover" => self.hover(parse(params)?),
            "textDocument/definition" => self.definition(parse(params)?),
            "textDocument/documentSymbol" => self.symbols(parse(params)?),
            "textDocument/formatting" => self.formatting(parse(params)?),
            "textDocument/codeAction" => self.code_actions(parse(params)?),
            "cescacs/panicProbe" if self.options.panic_probe => {
                panic!("the panic probe was asked to panic")
            }
            method => {
                Err(Failure::new(ErrorCode::MethodNotFound, format!("unknown method `{method}`")))
            }
        }
    }

    fn initialize(&mut self, params: &Value) -> Value {
        self.encoding = negotiate(params);
        self.initialized = true;
        let capabilities = ServerCapabilities {
            position_encoding: Some(PositionEncodingKind::new(self.encoding.as_str())),
            text_document_sync: Some(TextDocumentSyncCapability::Options(
                TextDocumentSyncOptions {
                    open_close: Some(true),
                    change: Some(TextDocumentSyncKind::INCREMENTAL),
                    ..TextDocumentSyncOptions::default()
                },
            )),
            hover_provider: Some(HoverProviderCapability::Simple(true)),
            definition_provider: Some(OneOf::Left(true)),
            document_symbol_provider: Some(OneOf::Left(true)),
            document_formatting_provider: Some(OneOf::Left(true)),
            code_action_provider: Some(CodeActionProviderCapability::Options(CodeActionOptions {
                code_action_kinds: Some(vec![
                    lsp_types::CodeActionKind::QUICKFIX,
                    lsp_types::CodeActionKind::new("source.fixAll.cescacs"),
                ]),
                ..CodeActionOptions::default()
            })),
            ..ServerCapabilities::default()
        };
        json!({
            "capabilities": capabilities,
            "serverInfo": { "name": "cescacs", "version": env!("CARGO_PKG_VERSION") },
        })
    }

    fn on_notification(&mut self, n: Notification) {
        let method = n.method.clone();
        if !self.initialized {
            return;
        }
        let handled = catch_unwind(AssertUnwindSafe(|| self.notification(n)));
        if let Err(panic) = handled {
            self.log_error(&format!(
                "internal error while handling `{method}`: {}",
                panic_text(panic.as_ref())
            ));
        }
    }

    fn notification(&mut self, n: Notification) {
        match n.method.as_str() {
            "textDocument/didOpen" => {
                let Ok(p) = serde_json::from_value::<DidOpenTextDocumentParams>(n.params) else {
                    return self.log_error("ignored a malformed `textDocument/didOpen`");
                };
                let uri = p.text_document.uri.as_str().to_string();
                self.documents.insert(
                    uri.clone(),
                    Document::new(p.text_document.text, p.text_document.version),
                );
                self.due.remove(&uri);
                self.publish(&uri);
            }
            "textDocument/didChange" => {
                let Ok(p) = serde_json::from_value::<DidChangeTextDocumentParams>(n.params) else {
                    return self.log_error("ignored a malformed `textDocument/didChange`");
                };
                let uri = p.text_document.uri.as_str().to_string();
                let encoding = self.encoding;
                let Some(doc) = self.documents.get_mut(&uri) else { return };
                let was_in_sync = doc.in_sync;
                let mut refused = None;
                for change in p.content_changes {
                    refused = doc.apply(change, encoding).err().or(refused);
                }
                doc.version = p.text_document.version;
                if let (true, Some(e)) = (was_in_sync, refused) {
                    // Never a clamped edit: no diagnostics and no formatting until the editor
                    // sends the whole text again (reopening the file does).
                    let message = format!("{uri} is out of sync, reopen it: {e}");
                    self.log_error(&message);
                    let params = lsp_types::ShowMessageParams {
                        typ: lsp_types::MessageType::WARNING,
                        message: format!("cescacs: {message}"),
                    };
                    self.notify("window/showMessage", params);
                }
                self.due.insert(uri, Instant::now() + self.options.debounce);
            }
            "textDocument/didClose" => {
                let Ok(p) = serde_json::from_value::<DidCloseTextDocumentParams>(n.params) else {
                    return self.log_error("ignored a malformed `textDocument/didClose`");
                };
                let uri = p.text_document.uri;
                self.documents.remove(uri.as_str());
                self.due.remove(uri.as_str());
                let params =
                    PublishDiagnosticsParams { uri, diagnostics: Vec::new(), version: None };
                self.notify("textDocument/publishDiagnostics", params);
            }
            _ => {}
        }
    }

    /// Checks and publishes the documents whose debounce has run out.
    fn publish_due(&mut self) {
        let now = Instant::now();
        let due: Vec<String> =
            self.due.iter().filter(|(_, at)| **at <= now).map(|(uri, _)| uri.clone()).collect();
        for uri in due {
            self.due.remove(&uri);
            let published = catch_unwind(AssertUnwindSafe(|| self.publish(&uri)));
            if let Err(panic) = published {
                self.log_error(&format!(
                    "internal error while checking {uri}: {}",
                    panic_text(panic.as_ref())
                ));
            }
        }
    }

    /// Checks a document if needed and publishes its diagnostics.
    fn publish(&mut self, uri: &str) {
        self.ensure_analysed(uri);
        let Some(doc) = self.documents.get(uri) else { return };
        let Ok(lsp_uri) = uri.parse::<Uri>() else { return };
        // Diagnostics of a text the editor does not have would land on the wrong lines.
        let diagnostics = if doc.in_sync {
            capped(lsp_diagnostics(uri, doc, self.encoding).into_iter().map(|(_, d)| d).collect())
        } else {
            Vec::new()
        };
        let params =
            PublishDiagnosticsParams { uri: lsp_uri, diagnostics, version: Some(doc.version) };
        self.notify("textDocument/publishDiagnostics", params);
    }

    /// Checks a document whose text changed since it was last checked; a change waiting for its
    /// debounce is published now, so that the editor's diagnostics match what requests see.
    fn ensure_analysed(&mut self, uri: &str) {
        let pending = self.due.remove(uri).is_some();
        let Some(doc) = self.documents.get_mut(uri) else { return };
        if doc.analysis.is_some() {
            return;
        }
        let text = &doc.text;
        doc.analysis = Some(match catch_unwind(AssertUnwindSafe(|| Analysis::new(text))) {
            Ok(analysis) => analysis,
            Err(panic) => {
                let message =
                    format!("internal error while checking {uri}: {}", panic_text(panic.as_ref()));
                eprintln!("cescacs lsp: {message}");
                Analysis::failed()
            }
        });
        if pending {
            self.publish(uri);
        }
    }

    /// The document, checked.
    fn document(&mut self, uri: &Uri) -> Option<&Document> {
        self.ensure_analysed(uri.as_str());
        self.documents.get(uri.as_str())
    }

    fn hover(&mut self, p: HoverParams) -> Answer {
        let encoding = self.encoding;
        let position = p.text_document_position_params;
        let Some(doc) = self.document(&position.text_document.uri) else { return Ok(Value::Null) };
        let Some(analysis) = &doc.analysis else { return Ok(Value::Null) };
        let at = offset(&doc.text, position.position, encoding);
        let Some((_, game)) = analysis.game_at(at) else { return Ok(Value::Null) };
        let Some(node) = walk::node_at(game.movetext(), at) else { return Ok(Value::Null) };
        let Some((markdown, span)) = hover::hover(game, &doc.text, &node) else {
            return Ok(Value::Null);
        };
        let ranges = Ranges::new(&doc.text, encoding);
        to_value(Hover {
            contents: HoverContents::Markup(MarkupContent {
                kind: MarkupKind::Markdown,
                value: terminal_safe(&markdown).into_owned(),
            }),
            range: Some(ranges.range(span)),
        })
    }

    fn definition(&mut self, p: GotoDefinitionParams) -> Answer {
        let encoding = self.encoding;
        let position = p.text_document_position_params;
        let uri = position.text_document.uri.clone();
        let Some(doc) = self.document(&uri) else { return Ok(Value::Null) };
        let Some(analysis) = &doc.analysis else { return Ok(Value::Null) };
        let at = offset(&doc.text, position.position, encoding);
        let Some((_, game)) = analysis.game_at(at) else { return Ok(Value::Null) };
        let Some(node) = walk::node_at(game.movetext(), at) else { return Ok(Value::Null) };
        let Some(span) = definition::definition(game, &node) else { return Ok(Value::Null) };
        let range = Ranges::new(&doc.text, encoding).range(span);
        to_value(GotoDefinitionResponse::Scalar(Location { uri, range }))
    }

    fn symbols(&mut self, p: DocumentSymbolParams) -> Answer {
        let encoding = self.encoding;
        let Some(doc) = self.document(&p.text_document.uri) else { return Ok(Value::Null) };
        let Some(analysis) = &doc.analysis else { return Ok(Value::Null) };
        let ranges = Ranges::new(&doc.text, encoding);
        to_value(DocumentSymbolResponse::Nested(symbols::symbols(
            &analysis.games,
            &doc.text,
            &ranges,
        )))
    }

    fn formatting(&mut self, p: DocumentFormattingParams) -> Answer {
        let encoding = self.encoding;
        let Some(doc) = self.document(&p.text_document.uri) else { return Ok(Value::Null) };
        if !doc.in_sync {
            // Edits computed on another text than the editor's would undo the user's edits.
            return Err(Failure::new(
                ErrorCode::RequestFailed,
                "the document is out of sync with the editor: reopen it (see `fileformats` in docs/EDITORS.md)",
            ));
        }
        let Some(analysis) = &doc.analysis else { return Ok(Value::Null) };
        let ranges = Ranges::new(&doc.text, encoding);
        to_value(formatting::format(&doc.text, analysis.syntax_errors, &ranges))
    }

    fn code_actions(&mut self, p: CodeActionParams) -> Answer {
        let encoding = self.encoding;
        let uri = p.text_document.uri.clone();
        let Some(doc) = self.document(&uri) else { return Ok(Value::Null) };
        let wanted = Span::new(
            offset(&doc.text, p.range.start, encoding),
            offset(&doc.text, p.range.end, encoding),
        );
        let wanted = Span::new(wanted.start.min(wanted.end), wanted.start.max(wanted.end));
        let diagnostics = lsp_diagnostics(uri.as_str(), doc, encoding);
        let ranges = Ranges::new(&doc.text, encoding);
        let only = p.context.only.as_deref();
        to_value(actions::actions(&uri, &doc.text, &diagnostics, wanted, only, &ranges))
    }
}

/// The document's diagnostics, each with its LSP form: the JSON of `cescacs check --format json`
/// (`ctl_pgn::render`) read as `lsp_types`, with its messages made terminal-safe (editors such as
/// Neovim draw them on a terminal).
fn lsp_diagnostics(
    uri: &str,
    doc: &Document,
    encoding: PositionEncoding,
) -> Vec<(Diagnostic, lsp_types::Diagnostic)> {
    let Some(analysis) = &doc.analysis else { return Vec::new() };
    let index = LineIndex::new(&doc.text);
    analysis
        .diagnostics
        .iter()
        .filter_map(|(d, context)| {
            let json = JsonDiagnostic::new(d, *context, uri, &index, encoding);
            let mut lsp: lsp_types::Diagnostic =
                serde_json::to_value(&json).ok().and_then(|v| serde_json::from_value(v).ok())?;
            // Messages quote the file: an editor may show them on a terminal.
            lsp.message = terminal_safe(&lsp.message).into_owned();
            for related in lsp.related_information.iter_mut().flatten() {
                related.message = terminal_safe(&related.message).into_owned();
            }
            Some((d.clone(), lsp))
        })
        .collect()
}

/// Diagnostics published per document at most: an editor is not sent a flood (100 KB of `[`
/// gives 100,000 errors); past it, one information diagnostic says how many more there are.
pub(crate) const MAX_PUBLISHED: usize = 1_000;

/// `diagnostics`, the first [`MAX_PUBLISHED`] of them (errors before warnings) and a last one
/// that counts the others.
fn capped(mut diagnostics: Vec<lsp_types::Diagnostic>) -> Vec<lsp_types::Diagnostic> {
    if diagnostics.len() <= MAX_PUBLISHED {
        return diagnostics;
    }
    let more = diagnostics.len() - MAX_PUBLISHED;
    // Errors first (stable: in document order within a severity), so that no error is hidden
    // behind warnings.
    diagnostics.sort_by_key(|d| d.severity.map_or(u8::MAX, severity_rank));
    diagnostics.truncate(MAX_PUBLISHED);
    let range = diagnostics.last().map(|d| d.range).unwrap_or_default();
    diagnostics.push(lsp_types::Diagnostic {
        range,
        severity: Some(lsp_types::DiagnosticSeverity::INFORMATION),
        source: Some("cescacs".to_string()),
        message: format!(
            "{more} more problems not shown (at most {MAX_PUBLISHED} per document); \
             `cescacs check` lists them all"
        ),
        ..lsp_types::Diagnostic::default()
    });
    diagnostics
}

fn severity_rank(severity: lsp_types::DiagnosticSeverity) -> u8 {
    match severity {
        lsp_types::DiagnosticSeverity::ERROR => 0,
        lsp_types::DiagnosticSeverity::WARNING => 1,
        _ => 2,
    }
}

/// The encoding to use: the first the client lists that the server knows (the client lists
/// them in its order of preference), else UTF-16, which every client supports.
fn negotiate(params: &Value) -> PositionEncoding {
    params
        .pointer("/capabilities/general/positionEncodings")
        .and_then(Value::as_array)
        .and_then(|offered| offered.iter().filter_map(Value::as_str).find_map(|e| e.parse().ok()))
        .unwrap_or(PositionEncoding::Utf16)
}

fn parse<P: serde::de::DeserializeOwned>(params: Value) -> Result<P, Failure> {
    serde_json::from_value(params)
        .map_err(|e| Failure::new(ErrorCode::InvalidParams, format!("invalid parameters: {e}")))
}

fn to_value(value: impl serde::Serialize) -> Answer {
    serde_json::to_value(value).map_err(|e| Failure::new(ErrorCode::InternalError, e.to_string()))
}

fn respond(id: RequestId, answer: Answer) -> Response {
    match answer {
        Ok(value) => Response::new_ok(id, value),
        Err(f) => Response::new_err(id, f.code as i32, f.message),
    }
}

fn panic_text(panic: &(dyn std::any::Any + Send)) -> String {
    panic
        .downcast_ref::<&str>()
        .map(|s| (*s).to_string())
        .or_else(|| panic.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "a panic".to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_flood_of_diagnostics_is_capped_with_a_count() {
        let one = lsp_types::Diagnostic { message: "x".into(), ..lsp_types::Diagnostic::default() };
        let published = capped(vec![one.clone(); MAX_PUBLISHED + 5]);
        assert_eq!(published.len(), MAX_PUBLISHED + 1);
        assert!(published[MAX_PUBLISHED].message.starts_with("5 more problems not shown"));
        assert_eq!(capped(vec![one.clone(); 3]).len(), 3);
        let mut many = vec![one; MAX_PUBLISHED + 1];
        many[MAX_PUBLISHED].severity = Some(lsp_types::DiagnosticSeverity::ERROR);
        many[0].severity = Some(lsp_types::DiagnosticSeverity::WARNING);
        let published = capped(many);
        assert_eq!(published[0].severity, Some(lsp_types::DiagnosticSeverity::ERROR));
    }
}
