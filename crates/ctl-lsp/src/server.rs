//! The message loop: initialization, documents, debounced diagnostics, requests, shutdown.
//!
//! Messages are handled on one thread, in order; documents are checked on the analysis worker
//! ([`crate::worker`]), whose results the loop takes like messages. So no check ever delays an
//! answer: hover and definition read the game under the cursor themselves (bounded by the size
//! of that game), shutdown is answered at once, and the requests that need the whole document
//! checked (symbols, formatting, code actions) are answered from the analysis of its latest
//! text, waiting for it when it is not finished (a change waiting for its debounce is checked
//! at once then). A newer version of a document cancels the check of the older one.

use std::collections::HashMap;
use std::fmt;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::Instant;

use cescacs_diagnostics::Span;
use cescacs_diagnostics::terminal::terminal_safe;
use crossbeam_channel::{at, never, select};
use ctl_pgn::render::{LineIndex, PositionEncoding};
use lsp_server::{Connection, ErrorCode, Message, Notification, Request, RequestId, Response};
use lsp_types::{
    CodeActionOptions, CodeActionParams, CodeActionProviderCapability, CompletionItem,
    CompletionList, CompletionOptions, CompletionParams, CompletionResponse, CompletionTextEdit,
    DidChangeTextDocumentParams, DidCloseTextDocumentParams, DidOpenTextDocumentParams,
    DocumentFormattingParams, DocumentHighlight, DocumentHighlightParams, DocumentSymbolParams,
    DocumentSymbolResponse, FoldingRangeParams, FoldingRangeProviderCapability,
    GotoDefinitionParams, GotoDefinitionResponse, Hover, HoverContents, HoverParams,
    HoverProviderCapability, Location, MarkupContent, MarkupKind, OneOf, PositionEncodingKind,
    PublishDiagnosticsParams, SemanticTokensDeltaParams, SemanticTokensFullOptions,
    SemanticTokensOptions, SemanticTokensParams, SemanticTokensRangeParams,
    SemanticTokensServerCapabilities, ServerCapabilities, TextDocumentSyncCapability,
    TextDocumentSyncKind, TextDocumentSyncOptions, TextEdit, Uri,
};
use serde_json::{Value, json};

use crate::analysis::{self, Analysis, Bounds};
use crate::caught::panic_text;
use crate::document::Document;
use crate::options::Options;
use crate::positions::{Ranges, offset};
use crate::worker::{Done, Job, Worker};
use crate::{actions, completion, definition, folding, formatting, highlight, hover, tokens, walk};

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
        waiting: Vec::new(),
        generations: 0,
        worker: Worker::start(),
        initialized: false,
        shutting_down: false,
    };
    let served = server.serve();
    // The worker ends after the job it is on: stop that one at its next game.
    for doc in server.documents.values() {
        doc.cancel();
    }
    served
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
    /// Requests waiting for the analysis of their document's latest text, by URI.
    waiting: Vec<(String, Request)>,
    /// Generations given so far (each text of each document gets a new one).
    generations: u64,
    worker: Worker,
    initialized: bool,
    shutting_down: bool,
}

impl Server {
    fn serve(&mut self) -> Result<(), ServerError> {
        enum Event {
            Message(Message),
            Done(Done),
            Due,
            Closed,
            WorkerGone,
        }
        loop {
            let timer = self.due.values().min().map_or_else(never, |deadline| at(*deadline));
            let event = select! {
                recv(self.connection.receiver) -> m => m.map_or(Event::Closed, Event::Message),
                recv(self.worker.done) -> d => d.map_or(Event::WorkerGone, Event::Done),
                recv(timer) -> _ => Event::Due,
            };
            let message = match event {
                Event::Message(message) => message,
                Event::Done(done) => {
                    self.finished(done);
                    continue;
                }
                Event::Due => {
                    self.schedule_due();
                    continue;
                }
                Event::Closed => return Ok(()),
                Event::WorkerGone => {
                    // Cannot happen short of a failed thread start (already logged): the
                    // server goes on answering what needs no check.
                    self.worker.done = never();
                    continue;
                }
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
        crate::transport::log(format_args!("{message}"));
        self.notify("window/logMessage", json!({ "type": 1, "message": message }));
    }

    fn on_request(&mut self, request: Request) {
        let id = request.id.clone();
        let method = request.method.clone();
        if self.initialized && !self.shutting_down {
            if let Some(uri) = self.needs_analysis(&request) {
                // Answered when the analysis of the document's latest text is done.
                self.schedule(&uri);
                self.waiting.push((uri, request));
                return;
            }
        }
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
                for doc in self.documents.values() {
                    doc.cancel();
                }
                for (_, waiting) in std::mem::take(&mut self.waiting) {
                    let failure = Failure::new(ErrorCode::RequestCanceled, "the server shut down");
                    self.send(respond(waiting.id, Err(failure)));
                }
                Ok(Value::Null)
            }
            "textDocument/hover" => self.hover(parse(params)?),
            "textDocument/definition" => self.definition(parse(params)?),
            "textDocument/documentSymbol" => self.symbols(parse(params)?),
            "textDocument/formatting" => self.formatting(parse(params)?),
            "textDocument/codeAction" => self.code_actions(parse(params)?),
            "textDocument/completion" => self.completion(parse(params)?),
            "textDocument/foldingRange" => self.folding(parse(params)?),
            "textDocument/documentHighlight" => self.highlight(parse(params)?),
            "textDocument/semanticTokens/full" => {
                let p: SemanticTokensParams = parse(params)?;
                self.semantic_tokens(&p.text_document.uri, None, None)
            }
            "textDocument/semanticTokens/full/delta" => {
                let p: SemanticTokensDeltaParams = parse(params)?;
                self.semantic_tokens(&p.text_document.uri, None, Some(&p.previous_result_id))
            }
            "textDocument/semanticTokens/range" => {
                let p: SemanticTokensRangeParams = parse(params)?;
                self.semantic_tokens(&p.text_document.uri, Some(p.range), None)
            }
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
            folding_range_provider: Some(FoldingRangeProviderCapability::Simple(true)),
            document_highlight_provider: Some(OneOf::Left(true)),
            completion_provider: Some(CompletionOptions {
                trigger_characters: Some(
                    ["~", "#", "@", "[", "\"", " "].iter().map(|c| (*c).to_string()).collect(),
                ),
                ..CompletionOptions::default()
            }),
            semantic_tokens_provider: Some(
                SemanticTokensServerCapabilities::SemanticTokensOptions(SemanticTokensOptions {
                    legend: tokens::legend(),
                    range: Some(true),
                    full: Some(SemanticTokensFullOptions::Delta { delta: Some(true) }),
                    ..SemanticTokensOptions::default()
                }),
            ),
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
                let generation = self.next_generation();
                let doc = Document::new(p.text_document.text, p.text_document.version, generation);
                if let Some(old) = self.documents.insert(uri.clone(), doc) {
                    old.cancel();
                }
                self.due.remove(&uri);
                self.schedule(&uri);
            }
            "textDocument/didChange" => {
                let Ok(p) = serde_json::from_value::<DidChangeTextDocumentParams>(n.params) else {
                    return self.log_error("ignored a malformed `textDocument/didChange`");
                };
                let uri = p.text_document.uri.as_str().to_string();
                let encoding = self.encoding;
                let generation = self.next_generation();
                let Some(doc) = self.documents.get_mut(&uri) else { return };
                // A newer version: the check of the older one stops at its next game.
                doc.cancel();
                doc.generation = generation;
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
                if self.waiting.iter().any(|(waiting, _)| *waiting == uri) {
                    self.schedule(&uri);
                } else {
                    self.due.insert(uri, Instant::now() + self.options.debounce);
                }
            }
            "textDocument/didClose" => {
                let Ok(p) = serde_json::from_value::<DidCloseTextDocumentParams>(n.params) else {
                    return self.log_error("ignored a malformed `textDocument/didClose`");
                };
                let uri = p.text_document.uri;
                if let Some(doc) = self.documents.remove(uri.as_str()) {
                    doc.cancel();
                }
                self.due.remove(uri.as_str());
                let params = PublishDiagnosticsParams {
                    uri: uri.clone(),
                    diagnostics: Vec::new(),
                    version: None,
                };
                self.notify("textDocument/publishDiagnostics", params);
                // Requests waiting for it are answered as for any unknown document.
                self.answer_waiting(uri.as_str());
            }
            _ => {}
        }
    }

    fn next_generation(&mut self) -> u64 {
        self.generations += 1;
        self.generations
    }

    /// Starts checking the documents whose debounce has run out.
    fn schedule_due(&mut self) {
        let now = Instant::now();
        let due: Vec<String> =
            self.due.iter().filter(|(_, at)| **at <= now).map(|(uri, _)| uri.clone()).collect();
        for uri in due {
            self.schedule(&uri);
        }
    }

    /// Queues the check of a document's latest text, unless it is checked or being checked.
    fn schedule(&mut self, uri: &str) {
        self.due.remove(uri);
        let bounds = self.bounds();
        let Some(doc) = self.documents.get_mut(uri) else { return };
        if doc.analysed() || doc.running.as_ref().is_some_and(|(g, _)| *g == doc.generation) {
            return;
        }
        doc.cancel();
        let cancel = Arc::new(AtomicBool::new(false));
        doc.running = Some((doc.generation, Arc::clone(&cancel)));
        self.worker.send(Job {
            uri: uri.to_string(),
            generation: doc.generation,
            text: Arc::from(doc.text.as_str()),
            bounds,
            cancel,
        });
    }

    fn bounds(&self) -> Bounds {
        Bounds {
            encoding: self.encoding,
            time: self.options.analysis_time,
            bytes: self.options.document_bytes,
        }
    }

    /// A check is done: kept and published if it is of the document's latest text, and the
    /// requests waiting for it answered.
    fn finished(&mut self, done: Done) {
        let Some(doc) = self.documents.get_mut(&done.uri) else { return };
        if done.generation != doc.generation {
            return;
        }
        doc.running = None;
        if let Some(why) = &done.analysis.failure {
            let why = why.clone();
            self.log_error(&why);
        }
        let Some(doc) = self.documents.get_mut(&done.uri) else { return };
        doc.analysis = Some((done.generation, done.analysis));
        self.publish(&done.uri);
        self.answer_waiting(&done.uri);
    }

    /// Answers the requests waiting for a document (they find it checked, or gone).
    fn answer_waiting(&mut self, uri: &str) {
        let (now, later): (Vec<_>, Vec<_>) =
            std::mem::take(&mut self.waiting).into_iter().partition(|(u, _)| u == uri);
        self.waiting = later;
        for (_, request) in now {
            self.on_request(request);
        }
    }

    /// The document a request is about, when the request needs its latest text checked and it
    /// is not yet: document symbols, formatting, code actions.
    fn needs_analysis(&self, request: &Request) -> Option<String> {
        if !matches!(
            request.method.as_str(),
            "textDocument/documentSymbol" | "textDocument/formatting" | "textDocument/codeAction"
        ) {
            return None;
        }
        let uri = request.params.pointer("/textDocument/uri")?.as_str()?;
        let doc = self.documents.get(uri)?;
        (!doc.analysed()).then(|| uri.to_string())
    }

    /// Publishes the diagnostics of a document's latest analysis.
    fn publish(&self, uri: &str) {
        let Some(doc) = self.documents.get(uri) else { return };
        let Some(analysis) = doc.analysis() else { return };
        let Ok(lsp_uri) = uri.parse::<Uri>() else { return };
        // Diagnostics of a text the editor does not have would land on the wrong lines.
        let diagnostics = if doc.in_sync { analysis.published.clone() } else { Vec::new() };
        let params =
            PublishDiagnosticsParams { uri: lsp_uri, diagnostics, version: Some(doc.version) };
        self.notify("textDocument/publishDiagnostics", params);
    }

    /// The game under `position` in a document, read now from its latest text (the chunks of
    /// its analysis, when finished, say where its games are), and the offset in that chunk.
    fn chunk_at(
        &self,
        uri: &Uri,
        position: lsp_types::Position,
    ) -> Option<(&Document, analysis::Chunk<'_>, usize)> {
        let doc = self.documents.get(uri.as_str())?;
        if doc.text.len() > self.options.document_bytes {
            return None;
        }
        let at = offset(&doc.text, position, self.encoding);
        let chunks = doc.analysis().filter(|a| a.complete).map(|a| a.chunks.as_slice());
        let chunk = analysis::games_at(&doc.text, chunks, at)?;
        let local = at - chunk.start;
        Some((doc, chunk, local))
    }

    fn hover(&mut self, p: HoverParams) -> Answer {
        let position = p.text_document_position_params;
        let uri = &position.text_document.uri;
        let Some((doc, chunk, at)) = self.chunk_at(uri, position.position) else {
            return Ok(Value::Null);
        };
        let Some(game) = chunk.game_at(at) else { return Ok(Value::Null) };
        let Some(node) = walk::node_at(game.movetext(), at) else { return Ok(Value::Null) };
        let Some((markdown, span)) = hover::hover(game, &chunk.source, &node) else {
            return Ok(Value::Null);
        };
        let ranges = Ranges::new(&doc.text, self.encoding);
        to_value(Hover {
            contents: HoverContents::Markup(MarkupContent {
                kind: MarkupKind::Markdown,
                value: terminal_safe(&markdown).into_owned(),
            }),
            range: Some(ranges.shifted(chunk.start).range(span)),
        })
    }

    fn definition(&mut self, p: GotoDefinitionParams) -> Answer {
        let position = p.text_document_position_params;
        let uri = position.text_document.uri.clone();
        let Some((doc, chunk, at)) = self.chunk_at(&uri, position.position) else {
            return Ok(Value::Null);
        };
        let Some(game) = chunk.game_at(at) else { return Ok(Value::Null) };
        let Some(node) = walk::node_at(game.movetext(), at) else { return Ok(Value::Null) };
        let Some(span) = definition::definition(game, &node) else { return Ok(Value::Null) };
        let range = Ranges::new(&doc.text, self.encoding).shifted(chunk.start).range(span);
        to_value(GotoDefinitionResponse::Scalar(Location { uri, range }))
    }

    /// The document and its analysis, once the analysis is of its latest text (requests that
    /// need it wait for it: see [`Server::needs_analysis`]).
    fn analysed(&self, uri: &Uri) -> Option<(&Document, &Analysis)> {
        let doc = self.documents.get(uri.as_str())?;
        doc.analysed().then_some(())?;
        Some((doc, doc.analysis()?))
    }

    fn symbols(&mut self, p: DocumentSymbolParams) -> Answer {
        let Some((_, analysis)) = self.analysed(&p.text_document.uri) else {
            return Ok(Value::Null);
        };
        to_value(DocumentSymbolResponse::Nested(analysis.symbols.clone()))
    }

    fn formatting(&mut self, p: DocumentFormattingParams) -> Answer {
        let Some(doc) = self.documents.get(p.text_document.uri.as_str()) else {
            return Ok(Value::Null);
        };
        if !doc.in_sync {
            // Edits computed on another text than the editor's would undo the user's edits.
            return Err(Failure::new(
                ErrorCode::RequestFailed,
                "the document is out of sync with the editor: reopen it (see `fileformats` in docs/EDITORS.md)",
            ));
        }
        let Some((doc, analysis)) = self.analysed(&p.text_document.uri) else {
            return Ok(Value::Null);
        };
        if !analysis.complete {
            // No edits would read as "already formatted": say why nothing is done.
            return Err(Failure::new(
                ErrorCode::RequestFailed,
                "the document was not read to its end (larger than the server reads, or past the check's time budget): it is not formatted; `cescacs fmt` formats it",
            ));
        }
        let ranges = Ranges::new(&doc.text, self.encoding);
        to_value(formatting::format(&doc.text, analysis.canonical.as_deref(), &ranges))
    }

    /// What may be written at the cursor: read now from the game under it (as a hover is).
    fn completion(&mut self, p: CompletionParams) -> Answer {
        let position = p.text_document_position;
        let uri = &position.text_document.uri;
        let Some((doc, chunk, at)) = self.chunk_at(uri, position.position) else {
            return Ok(Value::Null);
        };
        let Some((typed, items)) = completion::complete(&chunk, at) else {
            return Ok(Value::Null);
        };
        let range = Ranges::new(&doc.text, self.encoding).shifted(chunk.start).range(typed);
        let items: Vec<CompletionItem> = items
            .into_iter()
            .enumerate()
            .map(|(i, item)| CompletionItem {
                text_edit: Some(CompletionTextEdit::Edit(TextEdit {
                    range,
                    new_text: item.label.clone(),
                })),
                // In the server's order (the editor sorts by label otherwise).
                sort_text: Some(format!("{i:05}")),
                label: item.label,
                detail: Some(item.detail),
                kind: Some(item.kind),
                ..CompletionItem::default()
            })
            .collect();
        to_value(CompletionResponse::List(CompletionList { is_incomplete: false, items }))
    }

    /// The folding ranges of a document, read now from its latest text.
    fn folding(&mut self, p: FoldingRangeParams) -> Answer {
        let Some(doc) = self.documents.get(p.text_document.uri.as_str()) else {
            return Ok(Value::Null);
        };
        if doc.text.len() > analysis::WHOLE_BYTES.min(self.options.document_bytes) {
            return Ok(Value::Null);
        }
        to_value(folding::folding_ranges(&doc.text))
    }

    /// The places of the game under the cursor that name the hex or piece under it.
    fn highlight(&mut self, p: DocumentHighlightParams) -> Answer {
        let position = p.text_document_position_params;
        let uri = &position.text_document.uri;
        let Some((doc, chunk, at)) = self.chunk_at(uri, position.position) else {
            return Ok(Value::Null);
        };
        let Some(game) = chunk.game_at(at) else { return Ok(Value::Null) };
        let ranges = Ranges::new(&doc.text, self.encoding);
        let ranges = ranges.shifted(chunk.start);
        let found: Vec<DocumentHighlight> = highlight::highlights(game, &chunk.source, at)
            .into_iter()
            .map(|(span, kind)| DocumentHighlight { range: ranges.range(span), kind: Some(kind) })
            .collect();
        to_value(found)
    }

    /// The semantic tokens of a document, or of the games that meet `range`: read now from its
    /// latest text, in time bounded by the size of the games read. The whole document's are
    /// kept (with the text's generation for their id), so that the next `full/delta` request
    /// is answered with what changed since `previous` only.
    fn semantic_tokens(
        &mut self,
        uri: &Uri,
        range: Option<lsp_types::Range>,
        previous: Option<&str>,
    ) -> Answer {
        let encoding = self.encoding;
        let Some(doc) = self.documents.get_mut(uri.as_str()) else { return Ok(Value::Null) };
        if doc.text.len() > self.options.document_bytes {
            return Ok(Value::Null);
        }
        let text = &doc.text;
        let wanted = range.map(|r| {
            let (a, b) = (offset(text, r.start, encoding), offset(text, r.end, encoding));
            Span::new(a.min(b), a.max(b))
        });
        if wanted.is_none() && text.len() > analysis::WHOLE_BYTES {
            return Ok(Value::Null);
        }
        let found = tokens::tokens(text, wanted);
        let data = tokens::flat(&tokens::encode(text, &found, encoding));
        // The JSON built by hand: a megabyte of games has some 300,000 tokens, five numbers each.
        let numbers = |data: &[u32]| Value::Array(data.iter().map(|n| Value::from(*n)).collect());
        if wanted.is_some() {
            return Ok(json_object([("data", numbers(&data))]));
        }
        let id = doc.generation.to_string();
        let answer = match (previous, &doc.semantic_tokens) {
            (Some(previous), Some((kept, old))) if previous == kept => {
                let (start, deleted, inserted) = tokens::delta(old, &data);
                let edits = if deleted == 0 && inserted.is_empty() {
                    Vec::new()
                } else {
                    vec![json_object([
                        ("start", Value::from(start)),
                        ("deleteCount", Value::from(deleted)),
                        ("data", numbers(inserted)),
                    ])]
                };
                json_object([("resultId", Value::from(id.clone())), ("edits", Value::Array(edits))])
            }
            _ => json_object([("resultId", Value::from(id.clone())), ("data", numbers(&data))]),
        };
        doc.semantic_tokens = Some((id, data));
        Ok(answer)
    }

    fn code_actions(&mut self, p: CodeActionParams) -> Answer {
        let encoding = self.encoding;
        let uri = p.text_document.uri.clone();
        let Some((doc, analysis)) = self.analysed(&uri) else { return Ok(Value::Null) };
        let wanted = Span::new(
            offset(&doc.text, p.range.start, encoding),
            offset(&doc.text, p.range.end, encoding),
        );
        let wanted = Span::new(wanted.start.min(wanted.end), wanted.start.max(wanted.end));
        let index = LineIndex::new(&doc.text);
        let to_lsp = |d: &cescacs_diagnostics::Diagnostic, context| {
            analysis::to_lsp(d, context, uri.as_str(), &index, encoding)
        };
        let ranges = Ranges::new(&doc.text, encoding);
        let only = p.context.only.as_deref();
        to_value(actions::actions(
            &uri,
            &doc.text,
            &analysis.fixable,
            to_lsp,
            wanted,
            only,
            &ranges,
        ))
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

/// A JSON object of these fields, built without serializing them again.
fn json_object<const N: usize>(fields: [(&str, Value); N]) -> Value {
    Value::Object(fields.into_iter().map(|(k, v)| (k.to_string(), v)).collect())
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
