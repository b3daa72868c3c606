//! The server driven through an in-memory connection, message by message, as an editor would.

use std::time::{Duration, Instant};

use crossbeam_channel::RecvTimeoutError;
use ctl_lsp::Options;
use lsp_server::{Connection, ErrorCode, Message, Notification, Request, RequestId, Response};
use serde_json::{Value, json};

const URI: &str = "file:///games/test.ctl-pgn";
const WAIT: Duration = Duration::from_secs(20);

struct Client {
    connection: Connection,
    thread: Option<std::thread::JoinHandle<Result<(), ctl_lsp::ServerError>>>,
    next_id: i32,
    /// Notifications received while waiting for a response.
    notifications: Vec<Notification>,
}

impl Client {
    fn start(options: Options, capabilities: Value) -> Client {
        let (server, connection) = Connection::memory();
        let thread = std::thread::spawn(move || ctl_lsp::run_with(server, options));
        let mut client =
            Client { connection, thread: Some(thread), next_id: 0, notifications: Vec::new() };
        let init = client.request("initialize", json!({ "capabilities": capabilities }));
        assert!(init.response_result.is_ok());
        client.notify("initialized", json!({}));
        client
    }

    fn new() -> Client {
        Client::start(Options { panic_probe: true, ..Options::default() }, json!({}))
    }

    fn notify(&self, method: &str, params: Value) {
        let n = Notification::new(method.to_string(), params);
        self.connection.sender.send(n.into()).expect("the server listens");
    }

    fn request(&mut self, method: &str, params: Value) -> Response {
        self.next_id += 1;
        let id = RequestId::from(self.next_id);
        let r = Request::new(id.clone(), method.to_string(), params);
        self.connection.sender.send(r.into()).expect("the server listens");
        loop {
            match self.connection.receiver.recv_timeout(WAIT).expect("an answer in time") {
                Message::Response(r) if r.id == id => return r,
                Message::Notification(n) => self.notifications.push(n),
                other => panic!("unexpected {other:?}"),
            }
        }
    }

    fn result(&mut self, method: &str, params: Value) -> Value {
        let r = self.request(method, params);
        r.response_result.unwrap_or_else(|e| panic!("{method} failed: {e:?}"))
    }

    /// The next diagnostics published (already received, or arriving).
    fn diagnostics(&mut self) -> Value {
        if let Some(i) =
            self.notifications.iter().position(|n| n.method == "textDocument/publishDiagnostics")
        {
            return self.notifications.remove(i).params;
        }
        loop {
            match self.connection.receiver.recv_timeout(WAIT) {
                Ok(Message::Notification(n)) if n.method == "textDocument/publishDiagnostics" => {
                    return n.params;
                }
                Ok(Message::Notification(n)) => self.notifications.push(n),
                Ok(other) => panic!("unexpected {other:?}"),
                Err(RecvTimeoutError::Timeout) => panic!("no diagnostics published"),
                Err(e) => panic!("{e}"),
            }
        }
    }

    fn open(&mut self, text: &str) -> Value {
        self.notify(
            "textDocument/didOpen",
            json!({ "textDocument": { "uri": URI, "languageId": "ctl-pgn", "version": 1, "text": text } }),
        );
        self.diagnostics()
    }

    fn at(&self, line: u32, character: u32) -> Value {
        json!({ "textDocument": { "uri": URI }, "position": { "line": line, "character": character } })
    }

    fn stop(mut self) {
        self.result("shutdown", Value::Null);
        self.notify("exit", Value::Null);
        let thread = self.thread.take().expect("running");
        thread.join().expect("no panic").expect("a clean exit");
    }
}

fn codes(diagnostics: &Value) -> Vec<String> {
    diagnostics["diagnostics"]
        .as_array()
        .expect("an array")
        .iter()
        .map(|d| d["code"].as_str().unwrap_or_default().to_string())
        .collect()
}

/// The position of the first `needle` on line `line` of `text`, in UTF-16 units.
fn utf16_col(text: &str, line: usize, needle: &str) -> u32 {
    let l = text.lines().nth(line).expect("the line");
    let byte = l.find(needle).expect("the needle");
    l[..byte].encode_utf16().count() as u32
}

const BROKEN: &str = "[Variant \"C'escacs\"]\n[DPTL \"/28:v/27:dk/26:gjg/25:rnnr/24:pejep/23:ppeepp/22:2pjp2/21:3pp3/20:3p3/8:3P3/7:3PP3/6:2PJP2/5:PPEEPP/4:PEJEP/3:RNNR/2:GJG/1:DK/0:V/ w RKRrkr - 0 1\"]\n\n{ Martí 🩐 }\n1. E7‐E13, E21‐E15 2. F8‐F12, F20‐F16 3. E13xF16: *\n";

#[test]
fn diagnostics_on_open_in_utf16_columns() {
    let mut c = Client::new();
    let published = c.open(BROKEN);
    assert_eq!(published["uri"], URI);
    assert_eq!(published["version"], 1);
    assert_eq!(codes(&published), ["W0202", "E0206"]);
    let x = &published["diagnostics"][1];
    // `‐` (U+2010) is one UTF-16 unit but three bytes.
    let col = utf16_col(BROKEN, 4, "xF16");
    assert_eq!(col, 44);
    assert_eq!(
        x["range"],
        json!({ "start": { "line": 4, "character": col }, "end": { "line": 4, "character": col + 1 } })
    );
    assert_eq!(x["severity"], 1);
    assert_eq!(x["source"], "ctl-an");
    assert_eq!(x["message"], "expected `×` or `*` for the capture, found `x`");
    assert_eq!(x["data"]["fixes"][0]["replacement"], "×");
    c.stop();
}

#[test]
fn the_client_chooses_the_encoding() {
    for (offered, expected, col) in [
        (json!(["utf-8", "utf-16"]), "utf-8", 52),
        (json!(["utf-32"]), "utf-32", 44),
        (json!(["latin-1"]), "utf-16", 44),
    ] {
        let (server, connection) = Connection::memory();
        let thread = std::thread::spawn(move || ctl_lsp::run(server));
        let mut c =
            Client { connection, thread: Some(thread), next_id: 0, notifications: Vec::new() };
        let init = c.result(
            "initialize",
            json!({ "capabilities": { "general": { "positionEncodings": offered } } }),
        );
        assert_eq!(init["capabilities"]["positionEncoding"], expected);
        c.notify("initialized", json!({}));
        let published = c.open(BROKEN);
        assert_eq!(published["diagnostics"][1]["range"]["start"]["character"], col, "{expected}");
        c.stop();
    }
}

#[test]
fn changes_are_incremental_and_debounced() {
    let mut c = Client::start(
        Options { debounce: Duration::from_secs(3600), ..Options::default() },
        json!({}),
    );
    assert_eq!(codes(&c.open(BROKEN)), ["W0202", "E0206"]);
    let col = utf16_col(BROKEN, 4, "xF16");
    let change = |version: i32, line: u32, start: u32, end: u32, text: &str| {
        json!({
            "textDocument": { "uri": URI, "version": version },
            "contentChanges": [ { "range": { "start": { "line": line, "character": start }, "end": { "line": line, "character": end } }, "text": text } ]
        })
    };
    c.notify("textDocument/didChange", change(2, 4, col, col + 1, "×"));
    c.notify("textDocument/didChange", change(3, 1, 1, 5, "PDTL"));
    // Nothing is published while the debounce runs; a request checks the latest text first.
    let symbols =
        c.result("textDocument/documentSymbol", json!({ "textDocument": { "uri": URI } }));
    assert_eq!(symbols.as_array().map(Vec::len), Some(1));
    let published = c.diagnostics();
    assert_eq!(published["version"], 3);
    assert_eq!(codes(&published), Vec::<String>::new());
    assert!(c.notifications.iter().all(|n| n.method != "textDocument/publishDiagnostics"));
    c.stop();
}

#[test]
fn debounced_diagnostics_arrive_by_themselves() {
    let mut c = Client::start(
        Options { debounce: Duration::from_millis(20), ..Options::default() },
        json!({}),
    );
    c.open("[Variant \"C'escacs\"]\n1. E7-E13: *\n");
    c.notify(
        "textDocument/didChange",
        json!({ "textDocument": { "uri": URI, "version": 2 }, "contentChanges": [ { "text": "[Variant \"C'escacs\"]\n1. E7-E99: *\n" } ] }),
    );
    let published = c.diagnostics();
    assert_eq!(published["version"], 2);
    assert_eq!(codes(&published).len(), 1);
    c.stop();
}

const GAME: &str = "[Variant \"C'escacs\"]\n[White \"Mestre, Rut\"]\n[Black \"Sasal, Cesc\"]\n\n1. H6-H12, I23-I19\n2. JF6-C15, GH26-Z11\n{ @W: ~J to ~C15, see #1@B and ~E13 }\n(2. D6-D10\n.{ @W: would avoid #2 }\n)\n3. L5-L7 :\n*\n";

#[test]
fn hover_on_a_move_shows_it_in_words_and_the_position_after_it() {
    let mut c = Client::new();
    assert_eq!(codes(&c.open(GAME)), Vec::<String>::new());
    let col = utf16_col(GAME, 5, "JF6");
    let hover = c.result("textDocument/hover", c.at(5, col + 2));
    let text = hover["contents"]["value"].as_str().expect("markdown");
    assert!(text.contains("White Bishop from F6 to C15"), "{text}");
    assert!(
        text.contains("```text\n   P T A B C D E F G H I K L X Z\n28               v"),
        "{text}"
    );
    assert!(text.contains("/15:2J5/") && text.contains(" b RKRrkr - 1 2`"), "{text}");
    assert_eq!(hover["range"]["start"], json!({ "line": 5, "character": col }));
    // In the variation: the move replaces 2. JF6-C15.
    let hover = c.result("textDocument/hover", c.at(7, 5));
    let text = hover["contents"]["value"].as_str().expect("markdown");
    assert!(text.contains("White Pawn from D6 to D10 (double step)"), "{text}");
    assert!(text.contains("in a variation"), "{text}");
    c.stop();
}

#[test]
fn hover_on_references() {
    let mut c = Client::new();
    c.open(GAME);
    let hover = |c: &mut Client, needle: &str| -> String {
        let col = utf16_col(GAME, 6, needle);
        let h = c.result("textDocument/hover", c.at(6, col + 1));
        h["contents"]["value"].as_str().unwrap_or_default().to_string()
    };
    let text = hover(&mut c, "~C15");
    assert!(text.contains("Hex C15") && text.contains("the White Bishop stands on it"), "{text}");
    let text = hover(&mut c, "~J ");
    assert!(text.contains("White Bishop") && text.contains("C15"), "{text}");
    let text = hover(&mut c, "#1@B");
    assert!(text.contains("Black's move 1") && text.contains("I23-I19"), "{text}");
    assert!(text.contains("Black Pawn from I23 to I19"), "{text}");
    let text = hover(&mut c, "@W");
    assert!(text.contains("Mestre, Rut"), "{text}");
    c.stop();
}

#[test]
fn definition_of_move_references() {
    let mut c = Client::new();
    c.open(GAME);
    let col = utf16_col(GAME, 6, "#1@B");
    let def = c.result("textDocument/definition", c.at(6, col + 1));
    assert_eq!(def["uri"], URI);
    let start = utf16_col(GAME, 4, "I23");
    assert_eq!(
        def["range"],
        json!({ "start": { "line": 4, "character": start }, "end": { "line": 4, "character": start + 7 } })
    );
    // `#2` inside the variation is the variation's own move 2.
    let def = c.result("textDocument/definition", c.at(8, utf16_col(GAME, 8, "#2") + 1));
    assert_eq!(def["range"]["start"], json!({ "line": 7, "character": 1 }));
    // Nothing to go to from plain text.
    let plain = utf16_col(GAME, 6, "see");
    assert_eq!(c.result("textDocument/definition", c.at(6, plain)), Value::Null);
    c.stop();
}

#[test]
fn document_symbols_nest_variations_in_games() {
    let mut c = Client::new();
    let two = format!("{GAME}\n[Variant \"C'escacs\"]\n[Title \"Second\"]\n\n1. E7-E13 :\n*\n");
    c.open(&two);
    let symbols =
        c.result("textDocument/documentSymbol", json!({ "textDocument": { "uri": URI } }));
    let names: Vec<&str> =
        symbols.as_array().unwrap().iter().map(|s| s["name"].as_str().unwrap()).collect();
    assert_eq!(names, ["Game 1: Mestre, Rut – Sasal, Cesc", "Game 2: Second"]);
    let variation = &symbols[0]["children"][0];
    assert_eq!(variation["name"], "(2. D6-D10)");
    assert_eq!(variation["range"]["start"], json!({ "line": 7, "character": 0 }));
    c.stop();
}

#[test]
fn initialize_advertises_the_editing_features() {
    let (server, connection) = Connection::memory();
    let thread = std::thread::spawn(move || ctl_lsp::run(server));
    let init = Request::new(1.into(), "initialize".into(), json!({ "capabilities": {} }));
    connection.sender.send(init.into()).unwrap();
    let Message::Response(answer) = connection.receiver.recv_timeout(WAIT).unwrap() else {
        panic!("a response")
    };
    let capabilities = answer.response_result.expect("capabilities")["capabilities"].clone();
    let tokens = &capabilities["semanticTokensProvider"];
    assert_eq!((&tokens["full"], &tokens["range"]), (&json!({ "delta": true }), &json!(true)));
    let types = tokens["legend"]["tokenTypes"].as_array().expect("a legend");
    assert_eq!(types[0], "property");
    assert_eq!(tokens["legend"]["tokenModifiers"], json!(["reference"]));
    assert!(capabilities["completionProvider"].is_object());
    assert_eq!(capabilities["foldingRangeProvider"], true);
    assert_eq!(capabilities["documentHighlightProvider"], true);
    drop(connection);
    thread.join().unwrap().unwrap();
}

fn numbers(value: &Value) -> Vec<u64> {
    value.as_array().unwrap().iter().map(|v| v.as_u64().unwrap()).collect()
}

/// The semantic tokens of a document as `[line, column, length, type, modifiers]`, decoded.
fn decoded_tokens(c: &mut Client) -> Vec<[u64; 5]> {
    let found =
        c.result("textDocument/semanticTokens/full", json!({ "textDocument": { "uri": URI } }));
    decode(&numbers(&found["data"]))
}

fn decode(data: &[u64]) -> Vec<[u64; 5]> {
    let (mut line, mut column) = (0, 0);
    data.chunks(5)
        .map(|t| {
            line += t[0];
            column = if t[0] == 0 { column + t[1] } else { t[1] };
            [line, column, t[2], t[3], t[4]]
        })
        .collect()
}

#[test]
fn semantic_tokens_follow_incremental_edits() {
    let mut c = Client::start(
        Options { debounce: Duration::from_secs(3600), ..Options::default() },
        json!({}),
    );
    c.open(GAME);
    let mut text = GAME.to_string();
    let first =
        c.result("textDocument/semanticTokens/full", json!({ "textDocument": { "uri": URI } }));
    let mut kept = (first["resultId"].as_str().unwrap().to_string(), numbers(&first["data"]));
    // Edits as an editor sends them: a move typed, a comment opened and closed, a line joined.
    let edits: [(u32, u32, u32, u32, &str); 4] = [
        (10, 9, 10, 9, ", F20-F16"),
        (3, 0, 3, 0, "{ ~E13 }"),
        (4, 18, 5, 0, " "),
        (0, 1, 0, 8, "Variant"),
    ];
    for (version, (l1, c1, l2, c2, new)) in edits.into_iter().enumerate() {
        let range = json!({ "start": { "line": l1, "character": c1 }, "end": { "line": l2, "character": c2 } });
        c.notify(
            "textDocument/didChange",
            json!({ "textDocument": { "uri": URI, "version": version + 2 }, "contentChanges": [ { "range": range, "text": new } ] }),
        );
        let offset = |line: u32, character: u32| {
            text.split_inclusive('\n').take(line as usize).map(str::len).sum::<usize>()
                + character as usize
        };
        let (a, b) = (offset(l1, c1), offset(l2, c2));
        text.replace_range(a..b, new);
        // What changed since the tokens last sent, applied to them as a client does.
        let delta = c.result(
            "textDocument/semanticTokens/full/delta",
            json!({ "textDocument": { "uri": URI }, "previousResultId": kept.0 }),
        );
        for edit in delta["edits"].as_array().unwrap() {
            let start = edit["start"].as_u64().unwrap() as usize;
            let deleted = edit["deleteCount"].as_u64().unwrap() as usize;
            kept.1.splice(start..start + deleted, numbers(&edit["data"]));
        }
        kept.0 = delta["resultId"].as_str().unwrap().to_string();
        let edited = decode(&kept.1);
        assert_eq!(edited, decoded_tokens(&mut c));
        // The same as for the text opened whole, in a second document.
        let mut fresh = Client::new();
        fresh.open(&text);
        assert_eq!(edited, decoded_tokens(&mut fresh), "after edit {version}: {text}");
        fresh.stop();
    }
    // A move typed is coloured: `F20` is a hex (type 4) on line 10.
    let tokens = decoded_tokens(&mut c);
    assert!(tokens.contains(&[9, 11, 3, 4, 0]), "{tokens:?}");
    let range = c.result(
        "textDocument/semanticTokens/range",
        json!({ "textDocument": { "uri": URI }, "range": { "start": { "line": 0, "character": 0 }, "end": { "line": 1, "character": 0 } } }),
    );
    assert_eq!(range["data"].as_array().map(Vec::len), Some(10));
    c.stop();
}

#[test]
fn a_document_past_four_mebibytes_gets_no_colours_and_no_folds_but_a_screen_does() {
    let mut c = Client::start(
        Options { debounce: Duration::from_secs(3600), ..Options::default() },
        json!({}),
    );
    let game = "[Variant \"C'escacs\"]\n1. E7-E13, E21-E15\n2. F8-F12: *\n\n";
    let text = game.repeat((4 << 20) / game.len() + 1);
    // Not waiting for its diagnostics: the requests below never wait for the check.
    c.notify(
        "textDocument/didOpen",
        json!({ "textDocument": { "uri": URI, "languageId": "ctl-pgn", "version": 1, "text": text } }),
    );
    let doc = json!({ "textDocument": { "uri": URI } });
    assert_eq!(c.result("textDocument/semanticTokens/full", doc.clone()), Value::Null);
    assert_eq!(c.result("textDocument/foldingRange", doc), Value::Null);
    let screen = json!({ "textDocument": { "uri": URI }, "range": { "start": { "line": 4, "character": 0 }, "end": { "line": 6, "character": 0 } } });
    let found = c.result("textDocument/semanticTokens/range", screen);
    // The second game's tag (name, value) and its first line (`1.`, two hexes and `-` twice).
    assert_eq!(found["data"].as_array().map(|d| d.len() / 5), Some(9));
    c.stop();
}

#[test]
fn completion_folding_and_highlight() {
    let mut c = Client::new();
    c.open(GAME);
    // After `3. `, White's moves; after `2. `, typed `JF6-C1`: the moves that fit.
    let complete = |c: &mut Client, line, character| {
        let found = c.result("textDocument/completion", c.at(line, character));
        found["items"].as_array().unwrap().clone()
    };
    let items = complete(&mut c, 10, 3);
    assert!(items.len() > 20);
    assert!(items.iter().any(|i| i["label"] == "L5-L7"));
    let items = complete(&mut c, 5, 9);
    let labels: Vec<&str> = items.iter().map(|i| i["label"].as_str().unwrap()).collect();
    assert_eq!(labels, ["JF6-C15"]);
    assert_eq!(items[0]["detail"], "Bishop");
    assert_eq!(
        items[0]["textEdit"]["range"],
        json!({ "start": { "line": 5, "character": 3 }, "end": { "line": 5, "character": 9 } })
    );
    let folds = c.result("textDocument/foldingRange", json!({ "textDocument": { "uri": URI } }));
    let folds: Vec<(u64, u64)> = folds
        .as_array()
        .unwrap()
        .iter()
        .map(|f| (f["startLine"].as_u64().unwrap(), f["endLine"].as_u64().unwrap()))
        .collect();
    assert_eq!(folds, [(0, 11), (0, 2), (7, 9)]);
    // `C15` in the move, `~C15` in the comment.
    let found = c.result("textDocument/documentHighlight", c.at(5, 8));
    let lines: Vec<(u64, u64)> = found
        .as_array()
        .unwrap()
        .iter()
        .map(|h| {
            (
                h["range"]["start"]["line"].as_u64().unwrap(),
                h["range"]["start"]["character"].as_u64().unwrap(),
            )
        })
        .collect();
    assert_eq!(lines, [(5, 7), (6, 12)]);
    c.stop();
}

#[test]
fn formatting_rewrites_a_valid_document_and_leaves_a_broken_one() {
    let mut c = Client::new();
    let messy = "[Variant \"C'escacs\"] [Lang \"en\"]\n1. E7‐E13, E21*E15   2. F8-F12: *";
    c.open(messy);
    let edits = c.result("textDocument/formatting", json!({ "textDocument": { "uri": URI }, "options": { "tabSize": 4, "insertSpaces": true } }));
    let edits = edits.as_array().expect("edits");
    assert_eq!(edits.len(), 1);
    assert_eq!(
        edits[0]["newText"],
        "[Variant \"C'escacs\"]\n[Lang \"en\"]\n\n1. E7-E13, E21×E15\n2. F8-F12 :\n*\n"
    );
    assert_eq!(edits[0]["range"]["start"], json!({ "line": 0, "character": 0 }));
    assert_eq!(edits[0]["range"]["end"], json!({ "line": 1, "character": 33 }));

    let mut c2 = Client::new();
    c2.open(BROKEN);
    let edits = c2.result("textDocument/formatting", json!({ "textDocument": { "uri": URI }, "options": { "tabSize": 4, "insertSpaces": true } }));
    assert_eq!(edits, json!([]));
    c.stop();
    c2.stop();
}

#[test]
fn code_actions_apply_the_fixes() {
    let mut c = Client::new();
    c.open(BROKEN);
    let col = utf16_col(BROKEN, 4, "xF16");
    let params = json!({
        "textDocument": { "uri": URI },
        "range": { "start": { "line": 4, "character": col }, "end": { "line": 4, "character": col } },
        "context": { "diagnostics": [] }
    });
    let actions = c.result("textDocument/codeAction", params);
    let quick: Vec<&Value> =
        actions.as_array().unwrap().iter().filter(|a| a["kind"] == "quickfix").collect();
    assert_eq!(quick.len(), 1);
    assert_eq!(quick[0]["title"], "Replace `x` with `×`");
    assert_eq!(quick[0]["diagnostics"][0]["code"], "E0206");
    let edit = &quick[0]["edit"]["changes"][URI][0];
    assert_eq!(edit["newText"], "×");
    assert_eq!(edit["range"]["start"]["character"], col);
    let all = actions
        .as_array()
        .unwrap()
        .iter()
        .find(|a| a["kind"] == "source.fixAll.cescacs")
        .expect("fix all");
    assert_eq!(all["edit"]["changes"][URI].as_array().map(Vec::len), Some(2));

    // The DPTL tag and a wrong check mark.
    let params = json!({
        "textDocument": { "uri": URI },
        "range": { "start": { "line": 1, "character": 2 }, "end": { "line": 1, "character": 2 } },
        "context": { "diagnostics": [], "only": ["quickfix"] }
    });
    let actions = c.result("textDocument/codeAction", params);
    assert_eq!(actions[0]["title"], "Replace `DPTL` with `PDTL`");
    assert_eq!(actions.as_array().map(Vec::len), Some(1));
    c.stop();

    let mut c = Client::new();
    let mate = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../corpus/valid/spec-fools-mate-X01-en.ctl-pgn"
    ))
    .expect("the corpus")
    .replace("GL5-H6#", "GL5-H6+^");
    let published = c.open(&mate);
    assert!(codes(&published).contains(&"W0503".to_string()), "{published}");
    let line = mate.lines().position(|l| l.contains("GL5-H6+^")).unwrap() as u32;
    let col = utf16_col(&mate, line as usize, "+^");
    let params = json!({
        "textDocument": { "uri": URI },
        "range": { "start": { "line": line, "character": col }, "end": { "line": line, "character": col + 2 } },
        "context": { "diagnostics": [] }
    });
    let actions = c.result("textDocument/codeAction", params);
    let titles: Vec<&str> =
        actions.as_array().unwrap().iter().filter_map(|a| a["title"].as_str()).collect();
    assert!(titles.contains(&"Replace `+^` with `#`"), "{titles:?}");
    c.stop();
}

#[test]
fn fix_all_writes_one_mark_where_two_fixes_meet() {
    // The fool's mate without `#` and without its final `:`: the missing final mark (W0203)
    // and the unmarked mate (W0503) fix the same place; "fix all" writes `#` once.
    let mut c = Client::new();
    let mate = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../corpus/valid/spec-fools-mate-X01-en.ctl-pgn"
    ))
    .expect("the corpus")
    .replace("GL5-H6#", "GL5-H6");
    let published = c.open(&mate);
    let found = codes(&published);
    assert!(
        found.contains(&"W0203".to_string()) && found.contains(&"W0503".to_string()),
        "{found:?}"
    );
    let params = json!({
        "textDocument": { "uri": URI },
        "range": { "start": { "line": 0, "character": 0 }, "end": { "line": 0, "character": 0 } },
        "context": { "diagnostics": [], "only": ["source.fixAll"] }
    });
    let actions = c.result("textDocument/codeAction", params);
    let edits = actions[0]["edit"]["changes"][URI].as_array().expect("the edits").clone();
    let line = mate.lines().position(|l| l.contains("GL5-H6")).unwrap() as u32;
    let at_mate: Vec<&Value> =
        edits.iter().filter(|e| e["range"]["start"]["line"] == line).collect();
    assert_eq!(at_mate.len(), 1, "{edits:?}");
    assert_eq!(at_mate[0]["newText"], "#");
    c.stop();
}

#[test]
fn bad_requests_get_errors_and_the_server_goes_on() {
    let mut c = Client::new();
    c.open(GAME);
    let error_code = |r: Response| r.response_result.err().map(|e| e.code);
    let r = c.request("textDocument/hover", json!({ "nonsense": true }));
    assert_eq!(error_code(r), Some(ErrorCode::InvalidParams as i32));
    let r = c.request("textDocument/rename", json!({}));
    assert_eq!(error_code(r), Some(ErrorCode::MethodNotFound as i32));
    let r = c.request("cescacs/panicProbe", json!({}));
    assert_eq!(error_code(r), Some(ErrorCode::InternalError as i32));
    // Still serving, and positions far outside the text are answered.
    assert_eq!(c.result("textDocument/hover", c.at(9999, 9999)), Value::Null);
    assert_eq!(c.result("textDocument/hover", c.at(3, 9999)), Value::Null);
    let unknown = json!({ "textDocument": { "uri": "file:///nowhere.ctl-pgn" }, "position": { "line": 0, "character": 0 } });
    assert_eq!(c.result("textDocument/hover", unknown), Value::Null);
    c.notify("textDocument/didChange", json!({ "garbage": 1 }));
    c.notify(
        "textDocument/didChange",
        json!({ "textDocument": { "uri": "file:///nowhere", "version": 2 }, "contentChanges": [] }),
    );
    let hover = c.result("textDocument/hover", c.at(5, 5));
    assert!(hover["contents"]["value"].as_str().is_some_and(|t| t.contains("Bishop")));
    c.stop();
}

#[test]
fn requests_before_initialize_are_refused() {
    let (server, connection) = Connection::memory();
    let thread = std::thread::spawn(move || ctl_lsp::run(server));
    let mut c = Client { connection, thread: Some(thread), next_id: 0, notifications: Vec::new() };
    let r = c.request("textDocument/hover", json!({}));
    assert_eq!(
        r.response_result.err().map(|e| e.code),
        Some(ErrorCode::ServerNotInitialized as i32)
    );
    c.result("initialize", json!({ "capabilities": {} }));
    c.stop();
}

#[test]
fn exit_without_shutdown_is_an_error() {
    let (server, connection) = Connection::memory();
    let thread = std::thread::spawn(move || ctl_lsp::run(server));
    connection.sender.send(Notification::new("exit".to_string(), Value::Null).into()).unwrap();
    assert!(thread.join().unwrap().is_err());
}

#[test]
fn a_huge_document_is_checked() {
    let mut c = Client::new();
    let game = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../corpus/valid/spec-A0001-91.ctl-pgn"
    ))
    .expect("the corpus");
    let mut text = String::new();
    while text.len() < 4 << 20 {
        text.push_str(&game);
        text.push('\n');
    }
    text.push_str("1. E7xE13\n");
    let published = c.open(&text);
    let found = codes(&published);
    assert!(found.contains(&"E0206".to_string()), "{:?}", &found[found.len().saturating_sub(3)..]);
    let symbols =
        c.result("textDocument/documentSymbol", json!({ "textDocument": { "uri": URI } }));
    assert!(symbols.as_array().unwrap().len() > 100);
    c.stop();
}

/// Lone CR line ends: an editor that does not take `\r` for a line end sends positions past the
/// end of the server's lines. The server never clamps them into its text: it says the document
/// is out of sync, publishes no diagnostics and refuses to format until the whole text comes.
#[test]
fn a_change_outside_the_text_is_never_clamped() {
    let mut c = Client::start(
        Options { debounce: Duration::from_millis(0), ..Options::default() },
        json!({}),
    );
    let text = "[Variant \"C'escacs\"]\r1. E7-E13, E21-E15: *\r";
    assert_eq!(codes(&c.open(text)), Vec::<String>::new());
    // The editor sees one line: `E21` is at column 32 of line 0 for it.
    let change = json!({
        "textDocument": { "uri": URI, "version": 2 },
        "contentChanges": [ { "range": { "start": { "line": 0, "character": 32 }, "end": { "line": 0, "character": 33 } }, "text": "x" } ]
    });
    c.notify("textDocument/didChange", change);
    let published = c.diagnostics();
    assert_eq!(codes(&published), Vec::<String>::new());
    let warned = c.notifications.iter().any(|n| {
        n.method == "window/showMessage"
            && n.params["message"].as_str().unwrap().contains("out of sync")
    });
    assert!(warned, "{:?}", c.notifications);
    let formatting = c.request(
        "textDocument/formatting",
        json!({ "textDocument": { "uri": URI }, "options": { "tabSize": 4, "insertSpaces": true } }),
    );
    assert!(formatting.response_result.is_err(), "{formatting:?}");
    // The whole text brings it back.
    c.notify(
        "textDocument/didChange",
        json!({ "textDocument": { "uri": URI, "version": 3 }, "contentChanges": [ { "text": "[Variant \"C'escacs\"]\n1. E7-E13, E21-E15: *\n" } ] }),
    );
    let formatting = c.request(
        "textDocument/formatting",
        json!({ "textDocument": { "uri": URI }, "options": { "tabSize": 4, "insertSpaces": true } }),
    );
    assert!(formatting.response_result.is_ok(), "{formatting:?}");
    c.stop();
}

const HOSTILE_URI: &str = "file:///games/hostile.ctl-pgn";

/// `floods` games of 100 KB of `[` each (each gives 100,000 errors), after a game of its own.
fn hostile(floods: usize) -> String {
    let flood = format!("[Variant \"C'escacs\"]\n{}\n", "[".repeat(100_000));
    format!("{GAME}{}", flood.repeat(floods))
}

impl Client {
    fn open_uri(&self, uri: &str, version: i32, text: &str) {
        self.notify(
            "textDocument/didOpen",
            json!({ "textDocument": { "uri": uri, "languageId": "ctl-pgn", "version": version, "text": text } }),
        );
    }

    /// Whether diagnostics of `uri` were published among the notifications received.
    fn published(&self, uri: &str) -> Vec<Value> {
        self.notifications
            .iter()
            .filter(|n| n.method == "textDocument/publishDiagnostics" && n.params["uri"] == uri)
            .map(|n| n.params.clone())
            .collect()
    }
}

fn at_uri(uri: &str, line: u32, character: u32) -> Value {
    json!({ "textDocument": { "uri": uri }, "position": { "line": line, "character": character } })
}

/// The acceptance point of the hostile-input issue: while a hostile document is being checked,
/// hovers (on another document, and on a sound game of the hostile one) and shutdown are
/// answered at once. Measured by order, not only by the clock: every answer comes before the
/// hostile document's diagnostics, which take seconds to compute; the wall-clock bound (1 s,
/// for a debug build on a loaded machine) is a generous margin over the milliseconds taken.
#[test]
fn a_hostile_document_never_delays_hover_or_shutdown() {
    let mut c = Client::new();
    c.open(GAME);
    c.open_uri(HOSTILE_URI, 1, &hostile(10));
    let col = utf16_col(GAME, 5, "JF6") + 2;
    for uri in [URI, HOSTILE_URI] {
        let asked = Instant::now();
        let hover = c.result("textDocument/hover", at_uri(uri, 5, col));
        let took = asked.elapsed();
        let text = hover["contents"]["value"].as_str().unwrap_or_default();
        assert!(text.contains("White Bishop from F6 to C15"), "{uri}: {text}");
        assert!(c.published(HOSTILE_URI).is_empty(), "the hostile document was checked first");
        assert!(took < Duration::from_secs(1), "hover on {uri} took {took:?}");
    }
    let asked = Instant::now();
    let r = c.request("shutdown", Value::Null);
    assert!(r.response_result.is_ok());
    assert!(asked.elapsed() < Duration::from_secs(1), "shutdown took {:?}", asked.elapsed());
    assert!(c.published(HOSTILE_URI).is_empty());
    c.notify("exit", Value::Null);
    let thread = c.thread.take().expect("running");
    thread.join().expect("no panic").expect("a clean exit");
}

/// A newer version of a document cancels the check of the older one: the older one's
/// diagnostics are never published, and the newer one's come without waiting for it (the older
/// check would take about 20 s in a debug build, 40 games of half a second each; cancelled, it
/// stops after the game it is on).
#[test]
fn a_newer_version_cancels_the_older_check() {
    let mut c = Client::start(
        Options {
            panic_probe: true,
            analysis_time: Duration::from_secs(600),
            ..Options::default()
        },
        json!({}),
    );
    c.open_uri(URI, 1, &hostile(40));
    // Time for the worker to start on it (a job cancelled before it starts is merely skipped).
    std::thread::sleep(Duration::from_millis(300));
    let changed = Instant::now();
    c.notify(
        "textDocument/didChange",
        json!({ "textDocument": { "uri": URI, "version": 2 }, "contentChanges": [ { "text": BROKEN } ] }),
    );
    let published = c.diagnostics();
    assert!(changed.elapsed() < Duration::from_secs(10), "{:?}", changed.elapsed());
    assert_eq!(published["version"], 2);
    assert_eq!(codes(&published), ["W0202", "E0206"]);
    // The symbols are the new text's.
    let symbols =
        c.result("textDocument/documentSymbol", json!({ "textDocument": { "uri": URI } }));
    assert_eq!(symbols.as_array().map(Vec::len), Some(1));
    assert!(c.published(URI).is_empty(), "{:?}", c.published(URI));
    c.stop();
}

/// Past its time budget a check stops between games, says where, and what it read is used:
/// symbols of the games read, no formatting.
#[test]
fn a_check_past_its_time_budget_stops_and_says_where() {
    let mut c = Client::start(
        Options { analysis_time: Duration::from_millis(1), ..Options::default() },
        json!({}),
    );
    let published = c.open(&hostile(3));
    let last = published["diagnostics"].as_array().and_then(|d| d.last()).cloned();
    let message = last.as_ref().and_then(|d| d["message"].as_str()).unwrap_or_default();
    assert!(message.starts_with("the check stopped here"), "{published}");
    let symbols =
        c.result("textDocument/documentSymbol", json!({ "textDocument": { "uri": URI } }));
    assert!(symbols.as_array().is_some_and(|s| s.len() < 4), "{symbols}");
    // Not read to its end: formatting is refused with a reason, not answered with no edits.
    let formatting = c.request(
        "textDocument/formatting",
        json!({ "textDocument": { "uri": URI }, "options": { "tabSize": 4, "insertSpaces": true } }),
    );
    let error = formatting.response_result.expect_err("formatting is refused");
    assert!(error.message.contains("not read to its end"), "{}", error.message);
    c.stop();
}

/// A document larger than the bound gets one diagnostic, and nothing is read of it.
#[test]
fn a_document_past_the_size_bound_gets_one_diagnostic() {
    let mut c = Client::start(Options { document_bytes: 1024, ..Options::default() }, json!({}));
    let published = c.open(&hostile(1));
    let diagnostics = published["diagnostics"].as_array().expect("an array");
    assert_eq!(diagnostics.len(), 1);
    assert!(
        diagnostics[0]["message"].as_str().unwrap().starts_with("this document is not checked"),
        "{published}"
    );
    assert_eq!(c.result("textDocument/hover", c.at(5, 5)), Value::Null);
    let symbols =
        c.result("textDocument/documentSymbol", json!({ "textDocument": { "uri": URI } }));
    assert_eq!(symbols, json!([]));
    c.stop();
}
