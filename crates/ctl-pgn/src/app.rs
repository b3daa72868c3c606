//! Move lists of the official C'escacs web app (`docs/APP.md`), both ways.
//!
//! The app's "Show mvs" button writes a game as numbered lines, `N. WHITE, BLACK`, with `…` for a
//! move left out (a game that starts with Black to move), and its "Get" button the position in
//! its own PDTL dialect (`pdtl::Dialect::App`). Its moves are CTL-AN moves, except that a pawn
//! that reaches its promotion hex with no piece to regain is written without `=&`.
//!
//! [`from_app`] reads an optional first line with an app PDTL and such a list, replays it at the
//! rules level and writes a canonical CTL-PGN game, with check marks, the final `:` and the result
//! when the final position decides it. [`to_app`] writes a game's main line the way the app's
//! "Load new" and "Load mvs" read it.
//!
//! ```
//! use ctl_pgn::app::{from_app, to_app};
//! let app = "1. G7-G13, F20-F16\n2. G13×F16, E21-E17\n";
//! let read = from_app(app);
//! assert!(read.diagnostics.is_empty());
//! let pgn = read.text.unwrap();
//! assert!(pgn.ends_with("1. G7-G13, F20-F16\n2. G13×F16, E21-E17 :\n*\n"));
//! let game = ctl_pgn::ParsedGame::new(ctl_an::parse_file(&pgn).file.games[0].clone(), &pgn);
//! let back = to_app(&game).unwrap();
//! assert_eq!((back.pdtl, back.moves.as_str()), (None, app));
//! ```

use cescacs_board::internals::MoveSpec;
use cescacs_board::{
    Board, BoardMove, BoardPromotion, Colour, Letters, MoveNumber, Outcome, PieceKind, Position,
    notation,
};
use cescacs_diagnostics::{Diagnostic, Span};
use ctl_an::syntax::{self, Ply};
use pdtl::Dialect;

use crate::parsed::ParsedGame;
use crate::validate::move_spec;
use crate::write::{WriteOptions, write_file};
use cescacs_board::internals::{MatchWritten, PlayWritten};
use ctl_an::written::internals::{coherence_error, rules_error};

pub use cescacs_diagnostics::codes::convert::{BAD_LINE, BAD_OMISSION};

/// What [`from_app`] read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FromApp {
    /// The canonical CTL-PGN game, when every line was read and every move replayed.
    pub text: Option<String>,
    /// Every problem, with spans into the app's text.
    pub diagnostics: Vec<Diagnostic>,
    /// The start position, then the position after each move replayed (up to an error).
    pub positions: Vec<Position>,
}

/// The lines of a text with the offset where each starts (line ends removed).
fn lines(text: &str) -> impl Iterator<Item = (usize, &str)> {
    let mut at = 0;
    text.split_inclusive('\n').map(move |l| {
        let start = at;
        at += l.len();
        (start, l.trim_end_matches(['\n', '\r']))
    })
}

/// A part of a line: its text and offset, without the spaces around it.
fn trimmed(line: &str, start: usize, from: usize, to: usize) -> (usize, &str) {
    let s = &line[from..to];
    let lead = s.len() - s.trim_start().len();
    (start + from + lead, s.trim())
}

/// Reads an app move list (optionally after an app PDTL line) and writes it as a canonical
/// CTL-PGN game, replayed at the rules level: check marks and `#` computed (the app's own marks
/// are read and replaced), the final `:`, and `3-0`, `0-3`, `2-1`, `1-2` or `1-1` when the final
/// position is mate, stalemate or an automatic draw (`*` otherwise).
///
/// Errors are reported the way `cescacs check` reports them, with spans into `text`.
///
/// ```
/// use ctl_pgn::app::from_app;
/// let r = from_app("/27:1k/25:r3/3:R3/1:1K/ w KR - 0 -\n1. RC3-C13, KG27-F26\n");
/// assert_eq!(r.diagnostics.iter().map(|d| d.code).collect::<Vec<_>>(), ["W0113"]);
/// let text = r.text.unwrap();
/// assert!(text.contains("[PDTL \"/27:1k/25:r3/3:R3/1:1K/ w RK- - 0 ?\"]"), "{text}");
/// assert!(text.contains("1? RC3-C13, KG27-F26 :\n*"), "{text}");
///
/// let bad = from_app("1. G7-G13, F20-F16\n2. G7-G9\n");
/// assert_eq!(bad.diagnostics[0].code, "E0404");
/// assert_eq!(bad.text, None);
/// ```
pub fn from_app(text: &str) -> FromApp {
    let mut diagnostics = Vec::new();
    let mut lines = lines(text).filter(|(_, l)| !l.trim().is_empty()).peekable();
    let mut start = Position::initial();
    let mut written_start = false;
    if let Some(&(at, line)) = lines.peek() {
        if line.trim_start().starts_with('/') {
            lines.next();
            let lead = line.len() - line.trim_start().len();
            let value = line.trim();
            let read = pdtl::read_in(value, &Letters::standard(), Dialect::App);
            diagnostics.extend(read.diagnostics.into_iter().map(|d| d.shifted(at + lead)));
            match read.position {
                Some(p) => {
                    written_start = p != Position::initial();
                    start = p;
                }
                None => return FromApp { text: None, diagnostics, positions: Vec::new() },
            }
        }
    }
    let letters = Letters::standard();
    let mut board = Board::new(&start);
    let mut positions = vec![start.clone()];
    let mut texts: Vec<String> = Vec::new();
    let mut first = true;
    let mut failed = false;
    'lines: for (at, line) in lines {
        let number_len = line.len() - line.trim_start_matches(|c: char| c.is_ascii_digit()).len();
        let after_number = line[number_len..].trim_start();
        if number_len == 0 || !(after_number.starts_with('.') || after_number.starts_with('?')) {
            diagnostics.push(
                Diagnostic::error(
                    BAD_LINE,
                    Span::new(at, at + line.len()),
                    format!("expected a numbered line of moves, `N. WHITE, BLACK`, found `{line}`"),
                )
                .with_help(
                    "the app's \"Show mvs\" writes one move pair a line: `1. G7-G13, F20-F16`",
                ),
            );
            failed = true;
            break;
        }
        let body_from = line.len() - after_number.len() + 1;
        let mut cut = body_from;
        let mut parts = Vec::new();
        for (i, _) in line[body_from..].match_indices(',') {
            parts.push(trimmed(line, at, cut, body_from + i));
            cut = body_from + i + 1;
        }
        parts.push(trimmed(line, at, cut, line.len()));
        if parts.len() > 2 || parts.iter().any(|(_, p)| p.is_empty()) {
            diagnostics.push(
                Diagnostic::error(
                    BAD_LINE,
                    Span::new(at, at + line.len()),
                    format!("expected one or two moves after the number, `N. WHITE, BLACK`, found `{line}`"),
                )
                .with_help("moves of a pair are separated by a comma, one pair a line"),
            );
            failed = true;
            break;
        }
        for (offset, part) in parts {
            let span = Span::new(offset, offset + part.len());
            let omitted = part == "\u{2026}" || part == "...";
            if omitted || board.turn() == Colour::Black && first && texts.is_empty() {
                let fits = omitted && first && board.turn() == Colour::Black;
                first = false;
                if fits {
                    continue;
                }
                diagnostics.push(
                    Diagnostic::error(
                        BAD_OMISSION,
                        span,
                        if omitted {
                            format!("expected a move by {}, found `{part}` (a move left out)", board.turn())
                        } else {
                            format!("expected `…` for White's move left out (Black is to move), found `{part}`")
                        },
                    )
                    .with_help("a list that starts with Black to move begins `N. …, BLACK`; `…` is used nowhere else"),
                );
                failed = true;
                break 'lines;
            }
            first = false;
            match play(&mut board, part, &letters) {
                Ok(m) => {
                    let before = positions.last().unwrap_or(&start);
                    texts.push(before.move_text_with_check(&m));
                    positions.push(board.to_position());
                }
                Err(d) => {
                    diagnostics.push(d.shifted(offset));
                    failed = true;
                    break 'lines;
                }
            }
        }
    }
    diagnostics.sort_by_key(|d| d.span.start);
    if failed || diagnostics.iter().any(Diagnostic::is_error) {
        return FromApp { text: None, diagnostics, positions };
    }
    let pgn = ctl_pgn_text(&start, written_start, &texts, &board);
    FromApp { text: Some(pgn), diagnostics, positions }
}

/// Plays one app move (spans of the diagnostic relative to `part`): CTL-AN, where a pawn move
/// onto its promotion hex without `=&` is the app's way of writing `=&`.
fn play(board: &mut Board, part: &str, letters: &Letters) -> Result<BoardMove, Box<Diagnostic>> {
    let written: syntax::Move = part.parse().map_err(|e: ctl_an::MoveParseError| {
        e.diagnostics.into_iter().find(Diagnostic::is_error).unwrap_or_else(|| {
            Diagnostic::error(BAD_LINE, Span::new(0, part.len()), "expected a move")
        })
    })?;
    let spec = move_spec(&written, letters).map_err(|d| *d)?;
    let first = board.play_spec(&spec);
    let err = match first {
        Ok(m) => return Ok(m),
        Err(e) => e,
    };
    if let MoveSpec::Move { piece: PieceKind::Pawn, promotion: None, from, to, capture } = spec {
        let awaiting = MoveSpec::Move {
            piece: PieceKind::Pawn,
            from,
            to,
            capture,
            promotion: Some(BoardPromotion::Awaiting),
        };
        if let Ok(m) = board.play_spec(&awaiting) {
            return Ok(m);
        }
    }
    Err(Box::new(match board.match_move_algebraic(&spec) {
        Err(e) => coherence_error(&e, &written),
        Ok(_) => rules_error(&err, &written),
    }))
}

/// The CTL-PGN game of a replayed list, canonical.
fn ctl_pgn_text(start: &Position, with_pdtl: bool, moves: &[String], end: &Board) -> String {
    let mut text = String::from("[Variant \"C'escacs\"]\n");
    if with_pdtl {
        text.push_str(&format!("[PDTL \"{}\"]\n", pdtl::to_string(start)));
    }
    text.push('\n');
    let mut number = match start.move_number() {
        MoveNumber::Known(n) => n.get(),
        MoveNumber::Unknown => 1,
    };
    let unknown = start.move_number() == MoveNumber::Unknown;
    let mut white = start.turn() == Colour::White;
    let mut first = true;
    for m in moves {
        if white {
            if !first {
                text.push('\n');
            }
            text.push_str(&format!("{number}{} {m}", if first && unknown { "?" } else { "." }));
        } else if first {
            text.push_str(&format!("{number}{} \u{2026}, {m}", if unknown { "?" } else { "." }));
        } else {
            text.push_str(&format!(", {m}"));
        }
        if !white {
            number += 1;
        }
        white = !white;
        first = false;
    }
    let result = decided_result(end);
    // A mate (`#`) ends the game itself: the canonical text writes no `:` after it.
    let mated = moves.last().is_some_and(|m| m.ends_with(cescacs_board::notation::MATE));
    if !mated {
        text.push_str(if moves.is_empty() { ":" } else { " :" });
    }
    text.push_str(&format!("\n{result}\n"));
    let parsed = ctl_an::parse_file(&text);
    write_file(&parsed.file, WriteOptions::default())
}

/// The result the position decides: mate, stalemate, an automatic draw; `*` otherwise.
fn decided_result(end: &Board) -> &'static str {
    match end.outcome() {
        Some(o) => o.result(),
        None => match end.automatic_draw() {
            Some(reason) => Outcome::Draw(reason).result(),
            None => syntax::GameResult::Unfinished.as_str(),
        },
    }
}

/// A game written for the app: its PDTL line (when it does not start from the initial position)
/// and its move list, what "Load new" and "Load mvs" read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ToApp {
    /// The app PDTL of the start, `None` for the initial position.
    pub pdtl: Option<String>,
    /// The move list, one `N. WHITE, BLACK` line a pair, each ending with a line break.
    pub moves: String,
    /// What the app's format cannot carry and was left out: `variations`, `comments`,
    /// `annotations` (ratings, NAGs, draw offers), `result` (one the position does not decide),
    /// `tags` (any but `Variant`, `PDTL`, `Result`).
    pub dropped: Vec<&'static str>,
    /// The start position, then the position after each move.
    pub positions: Vec<Position>,
}

impl ToApp {
    /// The whole text: the PDTL line, if any, then the move list.
    pub fn text(&self) -> String {
        match &self.pdtl {
            Some(p) => format!("{p}\n{}", self.moves),
            None => self.moves.clone(),
        }
    }
}

/// The app's text of a move: canonical CTL-AN without check mark, `=&` left out.
fn app_move(m: &BoardMove) -> String {
    let text = m.to_string();
    match text.strip_suffix(notation::AWAITING).and_then(|t| t.strip_suffix(notation::PROMOTION)) {
        Some(t) => t.to_string(),
        None => text,
    }
}

/// The errors among the reader's `diagnostics` of a text that start within `game`, one of its
/// games: a game with any is not written for the app (its tree may not hold all its text says).
///
/// ```
/// let parsed = ctl_an::parse_file("[Variant \"C'escacs\"]\n1. E7xE13 *\n");
/// let errors = ctl_pgn::app::syntax_errors(&parsed.diagnostics, &parsed.file.games[0]);
/// assert_eq!(errors[0].code, "E0206");
/// ```
pub fn syntax_errors(diagnostics: &[Diagnostic], game: &syntax::Record) -> Vec<Diagnostic> {
    diagnostics
        .iter()
        .filter(|d| {
            d.is_error() && game.span.start <= d.span.start && d.span.start <= game.span.end
        })
        .cloned()
        .collect()
}

/// Writes a game's main line for the app ("Load new" + "Load mvs"), replaying it at the rules
/// level. The numbering is the one "Load mvs" checks: `1.` from a start at move 1, else relative
/// numbering that starts `1?` (which the app reads whatever the move number of its position).
///
/// ```
/// use ctl_pgn::{ParsedGame, app::to_app};
/// let text = "[Variant \"C'escacs\"]\n[PDTL \"/27:1k/14:3K3/ b -- - 0 ?\"]\n1? …, KG27-F26 {hi}\n2. KF14-F16: *\n";
/// let game = ParsedGame::new(ctl_an::parse_file(text).file.games[0].clone(), text);
/// let app = to_app(&game).unwrap();
/// assert_eq!(app.text(), "/27:1k/14:3K3/ b - - 0 -\n1? …, KG27-F26\n2. KF14-F16\n");
/// assert_eq!(app.dropped, ["comments"]);
/// ```
pub fn to_app(game: &ParsedGame) -> Result<ToApp, Box<Diagnostic>> {
    let Some(start) = game.start() else {
        return Err(Box::new(Diagnostic::error(
            BAD_LINE,
            game.span(),
            "expected a game whose start position can be read",
        )));
    };
    let letters = game.letters().clone();
    let mut board = Board::new(start);
    let mut positions = vec![start.clone()];
    let mut moves = Vec::new();
    let movetext = game.movetext();
    for pair in &movetext.pairs {
        for ply in std::iter::once(&pair.white).chain(pair.black.as_ref()) {
            match ply {
                Ply::Move(m) => {
                    let spec = move_spec(m, &letters)?;
                    let played = board.play_spec(&spec).map_err(|e| {
                        match board.match_move_algebraic(&spec) {
                            Err(c) => coherence_error(&c, m),
                            Ok(_) => rules_error(&e, m),
                        }
                    })?;
                    moves.push(app_move(&played));
                    positions.push(board.to_position());
                }
                Ply::Omitted(_) => {}
                Ply::Invalid { span, .. } => {
                    return Err(Box::new(Diagnostic::error(BAD_LINE, *span, "expected a move")));
                }
            }
        }
    }
    let mut list = String::new();
    let relative = start.move_number() != MoveNumber::Known(core::num::NonZeroU32::MIN);
    let mut white = start.turn() == Colour::White;
    let mut n = 1u32;
    let mut first = true;
    for m in &moves {
        let number = if first && relative { "1?".to_string() } else { format!("{n}.") };
        if white {
            list.push_str(&format!("{number} {m}"));
        } else if first {
            list.push_str(&format!("{number} \u{2026}, {m}"));
        } else {
            list.push_str(&format!(", {m}"));
        }
        if !white {
            list.push('\n');
            n += 1;
        }
        white = !white;
        first = false;
    }
    if !list.is_empty() && !list.ends_with('\n') {
        list.push('\n');
    }
    let pdtl = (start != &Position::initial())
        .then(|| pdtl::write_in(start, &Letters::standard(), Dialect::App));
    let mut dropped = Vec::new();
    let syntax = game.syntax();
    if movetext.pairs.iter().any(|p| !p.variations.is_empty()) {
        dropped.push("variations");
    }
    if has_comments(syntax) {
        dropped.push("comments");
    }
    if has_annotations(syntax) {
        dropped.push("annotations");
    }
    // A result the position does not decide (a resignation, an agreed draw) is not the app's.
    if game.result().is_some_and(|r| {
        r != syntax::GameResult::Unfinished && r.as_str() != decided_result(&board)
    }) {
        dropped.push("result");
    }
    let carried = |name: &str| matches!(name, "Variant" | "PDTL" | "Result");
    if game.tags().iter().any(|t| !carried(&t.name)) {
        dropped.push("tags");
    }
    Ok(ToApp { pdtl, moves: list, dropped, positions })
}

/// Whether a game has a comment anywhere (the app's list has none).
fn has_comments(game: &syntax::Record) -> bool {
    let m = &game.movetext;
    !m.comments.is_empty()
        || !m.closing_comments.is_empty()
        || m.pairs.iter().any(|p| !p.comments.is_empty())
}

/// Whether a main-line move carries a rating, a NAG or a draw offer (the app's list has none).
fn has_annotations(game: &syntax::Record) -> bool {
    game.movetext.pairs.iter().flat_map(|p| std::iter::once(&p.white).chain(p.black.as_ref())).any(
        |ply| match ply {
            Ply::Move(m) => m.rating.is_some() || !m.nags.is_empty() || m.draw_offer.is_some(),
            _ => false,
        },
    )
}
