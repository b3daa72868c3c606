//! Playing on the board: a position's legal moves as plain values ([`moves`]), and a move added
//! to a game of a text through the game model ([`add_move`]): the game is read as a
//! [`ctl_pgn::Game`], the move added to its line or as a variation, and the game written back
//! canonically. No text is pieced together here: the model numbers and writes.

use cescacs_board::{Move, Position};
use ctl_an::syntax::GameResult;
use ctl_pgn::reader::Chunks;
use ctl_pgn::{Game, Node, ReadGame};
use serde::Serialize;

use crate::board::read_move;
use crate::read::{JsonOptions, json_of};

pub use crate::error::PlayError;

/// A legal move as JavaScript receives it: where it goes, what it does, and its canonical
/// CTL-AN text (standard letters, with its check mark).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct LegalMove {
    /// The origin hex (`G1` for a castling: the King's).
    pub from: String,
    /// The destination hex (the King's for a castling; the origin for a promotion in place).
    pub to: String,
    /// The moving piece's standard letter (`P` for a Pawn).
    pub piece: char,
    /// The captured piece's letter, if any.
    pub captured: Option<char>,
    /// `D`, `R`, ... for a promotion, `&` for a Pawn left awaiting one; `null` otherwise.
    pub promotion: Option<char>,
    /// The castling's text (`KRK-HIO`), if the move is one.
    pub castling: Option<String>,
    /// The check it gives: `+^`, `+∞`, `++`, or `#` for a mate; `null` when none.
    pub check: Option<&'static str>,
    /// The canonical CTL-AN text (`GH6×RI3+^`).
    pub text: String,
}

impl From<Move> for LegalMove {
    fn from(m: Move) -> LegalMove {
        LegalMove {
            from: m.from().to_string(),
            to: m.to().to_string(),
            piece: m.piece().letter(),
            captured: m.captured().map(|k| k.letter()),
            promotion: m.promotion().map(|p| match p {
                cescacs_board::BoardPromotion::To(kind) => kind.letter(),
                cescacs_board::BoardPromotion::Awaiting => '&',
            }),
            castling: m.castling().map(|c| c.to_string()),
            check: Some(m.check_mark()).filter(|mark| !mark.is_empty()),
            text: m.to_string(),
        }
    }
}

/// Every legal move of `position`, sorted by text.
pub fn moves(position: &Position) -> Vec<LegalMove> {
    let mut moves: Vec<LegalMove> = position.legal_moves().into_iter().map(Into::into).collect();
    moves.sort_by(|a, b| a.text.cmp(&b.text));
    moves
}

/// What [`add_move`] did.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct MoveAdded {
    /// The new text: the game rewritten canonically, the rest of the text as it was.
    pub text: String,
    /// Where the move starts in the new text (UTF-8 byte offset): put the cursor there to show
    /// the position after it.
    pub at: usize,
    /// `line` (the move continues the line: the main line's new last move, or a variation's),
    /// `variation` (a new variation, where the line goes on with another move), `game` (the first
    /// move of a new game), or `none` (the move was there already, next in the line or first in
    /// a variation: nothing changed).
    pub added: &'static str,
}

/// Plays the move `played` (CTL-AN in the standard letters, e.g. a [`LegalMove`]'s `text`) at
/// the position that the byte `at` of `text` shows and gives the new text: the position after
/// the last move that starts at or before `at`, in the game that holds it (the start of the
/// game before its first move), as the viewer's `goToOffset` shows it. The game is read into the game model
/// and the move added there: after the line's last move it continues the line (in the main
/// line it takes over the `:` that marked the last move, and a new game gets `*`); where the
/// line goes on, it starts a new variation at that ply, unless the line or one of the
/// variations there already starts with it. The game is then written canonically (as `cescacs
/// fmt` writes it) in place of its text. Where the offset is in no game (a text without games),
/// a new game is started after the text.
///
/// Refused: a game with syntax errors (`syntax-errors`, as [`format`](crate::format) refuses
/// it), a position that is not known there (`no-position`: the line stopped at an illegal move
/// before), a move that is not legal there (the diagnostic's code, `E0501` and the like, as the
/// checker says it), a game that cannot go on (`cannot-edit`: after a mate in the main line).
///
/// ```
/// use cescacs_toolkit::play::add_move;
/// let added = add_move("", 0, "E7-E13")?;
/// assert_eq!(added.text, "[Variant \"C'escacs\"]\n\n1. E7-E13 :\n*\n");
/// let at = added.text.find("E7-E13").unwrap();
/// let next = add_move(&added.text, at, "E21-E15")?;
/// assert_eq!(next.text, "[Variant \"C'escacs\"]\n\n1. E7-E13, E21-E15 :\n*\n");
/// // From the start again, another first move: a variation.
/// let other = add_move(&next.text, 0, "F8-F12")?;
/// assert_eq!(other.text, "[Variant \"C'escacs\"]\n\n1. E7-E13, E21-E15 :\n(1. F8-F12)\n*\n");
/// assert_eq!((other.added, &other.text[other.at..other.at + 6]), ("variation", "F8-F12"));
/// # Ok::<(), cescacs_toolkit::play::PlayError>(())
/// ```
pub fn add_move(text: &str, at: usize, played: &str) -> Result<MoveAdded, PlayError> {
    let (start, end) = chunk_at(text, at);
    let chunk = text.get(start..end).unwrap_or_default();
    let at = at.saturating_sub(start);
    let games = ctl_pgn::read_str(chunk);
    let holder = games
        .iter()
        .filter(|g| !g.game.is_empty())
        .take_while(|g| g.offset + g.game.span().start <= at)
        .last()
        .or_else(|| games.iter().find(|g| !g.game.is_empty()));
    let Some(read) = holder else {
        return new_game(text, end, played);
    };
    if read.unwritable() {
        return Err(syntax_errors(text, start, read));
    }
    let mut game = read.game.clone();
    let node = node_at(&game, at.saturating_sub(read.offset));
    let position = node.position().ok_or_else(|| {
        PlayError::new(
            "no-position",
            "the position there is not known: the line stops before it at a move that cannot be played"
                .into(),
        )
    })?;
    let played = read_move(&position, played)?;
    let from = node.id();
    let base = start + read.offset;
    if let Some(there) = node.variations().into_iter().find(|n| n.board_move() == Some(played)) {
        let at = base + there.ply().map_or(0, |p| p.span().start);
        return Ok(MoveAdded { text: text.to_string(), at, added: "none" });
    }
    let (added, kind) = match node.next() {
        None => (append(&mut game, from, played)?, "line"),
        Some(next) => (game.add_alternative(next.id(), played).map_err(cannot)?, "variation"),
    };
    let path = path_of(&game, added);
    let span = read.game.span();
    let written = game.to_string();
    let written = written.trim_end_matches('\n');
    let replaced = (base + span.start)..(base + span.end);
    let new_text = [&text[..replaced.start], written, &text[replaced.end..]].concat();
    let at = replaced.start + ply_start(written, &path);
    Ok(MoveAdded { text: new_text, at, added: kind })
}

/// The chunk of `text` (a `[Variant` tag to the next one) that holds the byte `at`, or the last
/// one: its start and end.
fn chunk_at(text: &str, at: usize) -> (usize, usize) {
    let mut found = (0, text.len());
    for chunk in Chunks::new(text.as_bytes()).flatten() {
        let (start, end) = (chunk.start.offset, chunk.start.offset + chunk.bytes.len());
        found = (start, end);
        if at < end {
            break;
        }
    }
    found
}

/// The node that the byte `at` of a game's text shows: the one whose move starts last at or
/// before it, the root before the first.
fn node_at(game: &Game, at: usize) -> Node<'_> {
    let mut best = (game.root(), None);
    let mut todo = vec![game.root()];
    while let Some(node) = todo.pop() {
        let start = node.ply().map(|p| p.span().start);
        if start.is_some_and(|s| s <= at && best.1.is_none_or(|b| s > b)) {
            best = (node, start);
        }
        todo.extend(node.variations());
    }
    best.0
}

/// `played` after `from`, the last ply of its line. The main line's last move hands its `:` on
/// to the new one (a mate needs none); the first move of a game with a result line gets one;
/// where the game ends (a mate, a stalemate, an automatic draw), an unfinished game gets the
/// result the rules give.
fn append(
    game: &mut Game,
    from: ctl_pgn::NodeId,
    played: Move,
) -> Result<ctl_pgn::NodeId, PlayError> {
    let node = game.node(from).ok_or_else(|| cannot(ctl_pgn::EditError::NoSuchNode(from)))?;
    let ended = match node.written() {
        Some(m) => m.end.is_some(),
        None => node.is_root() && game.result().is_some(),
    };
    let (main, root) = (node.is_main_line(), node.is_root());
    let added = game.add_move(from, played).map_err(cannot)?;
    if main && ended {
        if !root {
            game.set_end(from, false).map_err(cannot)?;
        }
        if !played.is_mate() {
            game.set_end(added, true).map_err(cannot)?;
        }
    }
    // A game that ends there (a mate, a stalemate, an automatic draw) gets its result.
    let unfinished = matches!(game.result(), None | Some(GameResult::Unfinished));
    let ended = game.node(added).and_then(|n| n.outcome()).filter(|_| main && unfinished);
    if let Some(result) = ended.and_then(|o| o.result().parse().ok()) {
        game.set_result(Some(result));
    }
    Ok(added)
}

/// A new game with `played` as its first move, written at the byte `end` of `text` in place of
/// the white space around it (after a blank line when text comes before it, and before one
/// when text follows).
fn new_game(text: &str, end: usize, played: &str) -> Result<MoveAdded, PlayError> {
    let mut game = Game::new();
    let first = read_move(&Position::initial(), played)?;
    game.set_result(Some(GameResult::Unfinished));
    let root = game.root().id();
    let added = append(&mut game, root, first)?;
    let path = path_of(&game, added);
    let written = game.to_string();
    let before = text[..end].trim_end();
    let rest = text[end..].trim_start();
    let gap = if before.is_empty() { "" } else { "\n\n" };
    let after = if rest.is_empty() { "" } else { "\n" };
    let at = before.len() + gap.len() + ply_start(&written, &path);
    let text = [before, gap, &written, after, rest].concat();
    Ok(MoveAdded { text, at, added: "game" })
}

/// The way from the root to `node`: at each step, the index of the next node among
/// [`Node::variations`] (which keeps its order when the game is written and read again).
fn path_of(game: &Game, node: ctl_pgn::NodeId) -> Vec<usize> {
    let mut path = Vec::new();
    let mut at = game.node(node);
    while let Some(n) = at {
        let Some(parent) = n.parent() else { break };
        path.push(parent.variations().iter().position(|v| *v == n).unwrap_or(0));
        at = Some(parent);
    }
    path.reverse();
    path
}

/// Where the move at the end of `path` starts in `written`, a game's canonical text.
fn ply_start(written: &str, path: &[usize]) -> usize {
    let Some(read) = ctl_pgn::read_str(written).into_iter().find(|g| !g.game.is_empty()) else {
        return 0;
    };
    let mut node = read.game.root();
    for &i in path {
        match node.variations().get(i) {
            Some(next) => node = *next,
            None => break,
        }
    }
    read.offset + node.ply().map_or(read.game.span().start, |p| p.span().start)
}

/// An edit the model refused.
fn cannot(e: ctl_pgn::EditError) -> PlayError {
    PlayError::new("cannot-edit", e.to_string())
}

/// A game with syntax errors, which is not rewritten.
fn syntax_errors(text: &str, start: usize, read: &ReadGame) -> PlayError {
    let errors: Vec<_> = read
        .diagnostics
        .iter()
        .filter(|d| d.is_error())
        .map(|d| d.clone().shifted(start))
        .collect();
    PlayError {
        code: "syntax-errors".into(),
        message: "the game has syntax errors: it is not rewritten (fix them first)".into(),
        diagnostics: json_of(&errors, text, &JsonOptions::default()),
    }
}
