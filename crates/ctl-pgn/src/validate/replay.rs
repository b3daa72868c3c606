//! Replaying the main line and every variation on the board, from the position where each
//! branches, checking each move at the coherence or the rules level.
//!
//! A variation replaces the move it follows: its first move is played from the position before
//! that move (before White's move when the variation starts with one, before Black's when it starts
//! with `…`). After an error a line stops (one diagnostic, not a cascade); the other lines go on.

use cescacs_board::{
    Board, Colour, Diagnostic, DrawReason, Letters, MoveError, MoveSpec, PieceKind, Position,
    REPETITION_DRAW, Repetitions, Span, SpecCapture,
};
use ctl_an::syntax::{
    self, CheckMark, Move, MoveKind, Pair, Ply, PromotionTarget, Separator, Spanned,
};

use super::{Level, codes};
use crate::game::Game;

/// The main line replayed: the start position, the position after each ply, and the error that
/// stopped it, if any.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MainLine {
    /// The start position, then one position per ply played.
    pub positions: Vec<Position>,
    /// Why replaying stopped before the end of the line.
    pub error: Option<Diagnostic>,
}

/// Replays the main line of a game at a level (`Syntax` is treated as `Coherence`), without
/// variations, check marks or results: what `cescacs replay` prints.
///
/// ```
/// use ctl_pgn::{game::Game, validate::{Level, replay_main_line}};
/// let text = "[Variant \"C'escacs\"]\n1. E7-E13, E21-E15\n2. EE5-E11: *\n";
/// let game = Game::new(ctl_an::parse_file(text).file.games[0].clone(), text);
/// assert_eq!(replay_main_line(&game, Level::Coherence).positions.len(), 4);
/// let rules = replay_main_line(&game, Level::Rules);
/// assert_eq!(rules.positions.len(), 3);
/// assert_eq!(rules.error.unwrap().code, "E0501");
/// ```
pub fn replay_main_line(game: &Game, level: Level) -> MainLine {
    let Some(start) = game.start() else {
        return MainLine { positions: Vec::new(), error: None };
    };
    let mut r = Replayer {
        game,
        letters: game.letters(),
        marks: false,
        out: Vec::new(),
        trail: Some(vec![start.clone()]),
    };
    let level = level.max(Level::Coherence);
    let state = LineState::start(start, level);
    r.line(&game.movetext().pairs, state, first_number(start), false, level);
    let positions = r.trail.take().unwrap_or_default();
    MainLine { positions, error: r.out.into_iter().find(Diagnostic::is_error) }
}

/// How the main line ended, as far as the result is concerned.
pub(crate) enum LineEnd {
    /// The whole line was replayed at the level asked for; this is its final position.
    Board(Box<Board>),
    /// The game was drawn automatically (rules level), whatever was written after.
    Drawn(DrawReason),
}

/// Checks every line of `game`; tells how the main line ended when all of it was replayed at
/// `level`, or when it reached an automatic draw.
pub(crate) fn check_lines(
    game: &Game,
    start: &Position,
    level: Level,
    out: &mut Vec<Diagnostic>,
) -> Option<LineEnd> {
    let mut r =
        Replayer { game, letters: game.letters(), marks: true, out: Vec::new(), trail: None };
    let state = LineState::start(start, level);
    let end = r.line(&game.movetext().pairs, state, first_number(start), true, level);
    out.append(&mut r.out);
    end
}

fn first_number(start: &Position) -> Option<u32> {
    start.move_number().get()
}

struct Replayer<'g> {
    game: &'g Game,
    letters: &'g Letters,
    /// Whether this is a full check (check marks verified at the rules level, and a line goes on
    /// at the coherence level after an illegal move) rather than a replay that stops.
    marks: bool,
    out: Vec<Diagnostic>,
    /// When replaying for `replay`: every position of the main line.
    trail: Option<Vec<Position>>,
}

/// An automatic draw reached in a line (docs/RULES.md 5.5): no move may follow it.
#[derive(Clone, Copy)]
struct Draw {
    reason: DrawReason,
    /// The move that reached it; `None` when the line starts drawn.
    by: Option<Span>,
}

/// Where a line stands: the position, the positions since the last irreversible move (for
/// repetitions), and the automatic draw reached, if any. Only the rules level looks for draws.
#[derive(Clone)]
struct LineState {
    board: Board,
    seen: Repetitions,
    drawn: Option<Draw>,
}

impl LineState {
    fn start(pos: &Position, level: Level) -> LineState {
        let board = Board::new(pos);
        let mut seen = Repetitions::new();
        let mut drawn = None;
        if level >= Level::Rules {
            seen.record(board.repetition_key(), false);
            drawn = board.automatic_draw().map(|reason| Draw { reason, by: None });
        }
        LineState { board, seen, drawn }
    }
}

/// The states a pair's variations may branch from.
struct Branches {
    before_white: Option<LineState>,
    before_black: Option<LineState>,
}

impl Replayer<'_> {
    /// Replays `pairs` from `pos`; returns the final position if the whole line was replayed at
    /// `level`.
    ///
    /// After a rules error on a coherent move, a full check goes on at the coherence level: the
    /// moves after an illegal one are still readable, and their coherence errors are facts of
    /// their own (the spec's first example has both kinds).
    fn line(
        &mut self,
        pairs: &[Pair],
        mut state: LineState,
        mut expected: Option<u32>,
        variations: bool,
        full: Level,
    ) -> Option<LineEnd> {
        let mut level = full;
        for pair in pairs {
            let number = pair.number.value;
            if !pair.number.unknown {
                if let Some(e) = expected.filter(|&e| e != number) {
                    self.out.push(
                        Diagnostic::warning(
                            codes::MOVE_NUMBER,
                            pair.number.span,
                            format!("expected move number {e}, found {number}"),
                        )
                        .with_help("a line's pairs are numbered one after another; a variation repeats the number of the move it replaces"),
                    );
                }
            }
            // Variations branch from a copy of the line's state, made only when there are some.
            let keep = variations && !pair.variations.is_empty();
            let mut branches =
                Branches { before_white: keep.then(|| state.clone()), before_black: None };
            let pair_level = level;
            let played = self.pair(pair, &mut state, keep.then_some(&mut branches), &mut level);
            if variations {
                for v in &pair.variations {
                    let starts_black =
                        v.pairs.first().is_some_and(|p| matches!(p.white, Ply::Omitted(_)));
                    let from =
                        if starts_black { &branches.before_black } else { &branches.before_white };
                    if let Some(from) = from.clone() {
                        self.line(&v.pairs, from, Some(number), true, pair_level);
                    }
                }
            }
            if !played {
                return state.drawn.map(|d| LineEnd::Drawn(d.reason));
            }
            // After a pair that ends with White's move, Black's move comes as `N. …, MOVE`.
            let white_only = pair.black.is_none() && matches!(pair.white, Ply::Move(_));
            expected = Some(if white_only { number } else { number.saturating_add(1) });
        }
        match state.drawn {
            Some(d) => Some(LineEnd::Drawn(d.reason)),
            None => (level == full).then(|| LineEnd::Board(Box::new(state.board))),
        }
    }

    /// Plays the plies of a pair; false when the line must stop.
    fn pair(
        &mut self,
        pair: &Pair,
        state: &mut LineState,
        branches: Option<&mut Branches>,
        level: &mut Level,
    ) -> bool {
        match &pair.white {
            Ply::Move(m) => {
                if !self.turn(&state.board, Colour::White, m.span, pair)
                    || !self.ply(m, state, pair, Colour::White, level)
                {
                    return false;
                }
            }
            Ply::Omitted(span) => {
                if !self.turn(&state.board, Colour::Black, *span, pair) {
                    return false;
                }
            }
            Ply::Invalid { .. } => return false,
        }
        if let Some(branches) = branches {
            branches.before_black = Some(state.clone());
        }
        match &pair.black {
            None => true,
            Some(Ply::Move(m)) => {
                self.turn(&state.board, Colour::Black, m.span, pair)
                    && self.ply(m, state, pair, Colour::Black, level)
            }
            Some(_) => false,
        }
    }

    /// The written side must be the side to move.
    fn turn(&mut self, pos: &Board, written: Colour, span: Span, pair: &Pair) -> bool {
        if pos.turn() == written {
            return true;
        }
        let found =
            if written == Colour::White { "a White move" } else { "`…` (White's move left out)" };
        self.out.push(
            Diagnostic::error(
                codes::WRONG_TURN,
                span,
                format!("expected a move by {}, found {found}", pos.turn()),
            )
            .with_label(pair.number.span, format!("while replaying move {}", pair.number.value))
            .with_help(if pos.turn() == Colour::Black {
                "a line that starts with Black's move is written `N. …, MOVE`"
            } else {
                "White is to move here: write White's move first"
            }),
        );
        false
    }

    /// Checks and plays one move; false when it cannot be played.
    fn ply(
        &mut self,
        m: &Move,
        state: &mut LineState,
        pair: &Pair,
        side: Colour,
        level: &mut Level,
    ) -> bool {
        if self.game.has_syntax_error_in(m.span) {
            return false;
        }
        let whose = if side == Colour::White { "White" } else { "Black" };
        let context = |d: Diagnostic| {
            d.with_label(
                pair.number.span,
                format!("while replaying {whose}'s move {}", pair.number.value),
            )
        };
        let spec = match move_spec(m, self.letters) {
            Ok(spec) => spec,
            Err(d) => {
                self.out.push(context(*d));
                return false;
            }
        };
        // At the rules level the legal move is played first: a legal move is always coherent,
        // so the coherence matcher only runs to tell which kind of error a move has.
        let legal_match =
            (*level >= Level::Rules && state.drawn.is_none()).then(|| state.board.play_spec(&spec));
        let board = &state.board;
        let coherent = match &legal_match {
            Some(Ok(mv)) => *mv,
            _ => match board.match_move_algebraic(&spec) {
                Ok(mv) => mv,
                Err(e) => {
                    self.out.push(context(coherence_error(&e, m)));
                    return false;
                }
            },
        };
        if *level >= Level::Rules {
            if let Some(draw) = state.drawn {
                self.out.push(context(move_after_draw(draw, m)));
                if !self.marks {
                    return false;
                }
                *level = Level::Coherence;
            }
        }
        let mut legal = true;
        match legal_match {
            Some(Ok(_)) => {}
            Some(Err(e)) if *level >= Level::Rules => {
                self.out.push(context(rules_error(&e, m)));
                if !self.marks {
                    return false;
                }
                *level = Level::Coherence;
                legal = false;
                state.board.play_unchecked(&coherent);
            }
            _ => state.board.play_unchecked(&coherent),
        }
        let after = &state.board;
        if legal && *level >= Level::Rules {
            if self.marks {
                if let Some(d) = check_mark(m, after) {
                    self.out.push(context(d));
                }
            }
            let count = state.seen.record(after.repetition_key(), after.halfmove_clock() == 0);
            let reason = after.automatic_draw().or_else(|| {
                // A repeated position is never mate nor stalemate: it had a legal move before.
                (count >= REPETITION_DRAW).then_some(DrawReason::Repetition)
            });
            state.drawn = reason.map(|reason| Draw { reason, by: Some(core_span(m)) });
        }
        if let Some(trail) = &mut self.trail {
            trail.push(after.to_position());
        }
        true
    }
}

/// How a draw reason reads after "drawn by".
pub(crate) fn draw_reason_text(reason: DrawReason) -> &'static str {
    match reason {
        DrawReason::Repetition => "repetition",
        DrawReason::MoveExhaustion => "move exhaustion",
        DrawReason::InsufficientMaterial => "insufficient material",
    }
}

/// What the draw rule says (docs/RULES.md 5.5), for a note.
pub(crate) fn draw_reason_note(reason: DrawReason) -> &'static str {
    match reason {
        DrawReason::Repetition => {
            "the same position (pieces, side to move, castling status, usable en-passant or scornful capture) occurred for the fifth time"
        }
        DrawReason::MoveExhaustion => {
            "150 half-moves in a row without a capture, a pawn move or a promotion"
        }
        DrawReason::InsufficientMaterial => {
            "no pawns, and a lone King against a King alone or with one Bishop, Knight or Elephant: mate is impossible"
        }
    }
}

/// A move written after the game was drawn automatically (docs/RULES.md 5.5).
fn move_after_draw(draw: Draw, m: &Move) -> Diagnostic {
    let mut d = Diagnostic::error(
        codes::MOVE_AFTER_DRAW,
        core_span(m),
        format!(
            "expected the end of the game, found a move: the game is already drawn by {}",
            draw_reason_text(draw.reason)
        ),
    )
    .with_note(draw_reason_note(draw.reason))
    .with_help("an automatic draw ends the game: remove the moves after it and write `1-1`");
    if let Some(by) = draw.by {
        d = d.with_label(by, "the game is drawn after this move");
    }
    d
}

/// What a written move says, under the game's letters.
// The error is boxed: it is rare and a `Diagnostic` is large.
/// What a written move says, under the game's letters: the [`MoveSpec`] the rules engine matches
/// against a position, or the diagnostic of a letter the game does not use, an unknown castling,
/// or `=&` written as a promotion in place.
///
/// ```
/// use cescacs_board::{Letters, MoveSpec, PieceKind};
/// use ctl_pgn::validate::move_spec;
/// let m: ctl_an::syntax::Move = "GL5-H6#".parse().unwrap();
/// let spec = move_spec(&m, &Letters::standard()).unwrap();
/// assert!(matches!(spec, MoveSpec::Move { piece: PieceKind::Pegasus, .. }));
/// let bishop_as_a: ctl_an::syntax::Move = "AF6-C15".parse().unwrap();
/// assert_eq!(move_spec(&bishop_as_a, &Letters::standard()).unwrap_err().code, "E0403");
/// ```
pub fn move_spec(m: &Move, letters: &Letters) -> Result<MoveSpec, Box<Diagnostic>> {
    let kind = |l: syntax::PieceLetter| {
        l.kind(letters).ok_or_else(|| {
            let standard = letters.is_standard();
            Box::new(Diagnostic::error(
                codes::UNKNOWN_LETTER,
                l.span,
                format!("expected a piece letter of this game, found `{}`", l.letter),
            )
            .with_help(if standard {
                "the standard letters are E J N G R V D K (a pawn has none); alternatives need a `[Redefine]` tag"
            } else {
                "this game's `[Redefine]` tag replaces the standard letter of the pieces it redefines"
            }))
        })
    };
    let promotion = |p: &syntax::Promotion| -> Result<cescacs_board::Promotion, Box<Diagnostic>> {
        Ok(match p.target {
            PromotionTarget::Piece(l) => cescacs_board::Promotion::To(kind(l)?),
            PromotionTarget::Awaiting => cescacs_board::Promotion::Awaiting,
        })
    };
    Ok(match &m.kind {
        MoveKind::Castling(c) => {
            let text = format!("{}-{}", c.prefix(), c.columns());
            MoveSpec::Castling(text.parse().map_err(|_| {
                Box::new(Diagnostic::error(
                    codes::BAD_CASTLING,
                    m.span,
                    format!("unknown castling `{text}`"),
                ))
            })?)
        }
        MoveKind::ForcedPromotion(f) => match promotion(&f.promotion)? {
            cescacs_board::Promotion::To(piece) => {
                MoveSpec::PromotionInPlace { hex: f.hex.value, piece }
            }
            cescacs_board::Promotion::Awaiting => {
                let d = Diagnostic::error(
                    codes::BAD_FORM,
                    f.promotion.span,
                    "expected the piece of a promotion in place, found `=&`",
                )
                .with_help("a pawn awaiting promotion that stays a pawn makes no move");
                return Err(Box::new(d));
            }
        },
        MoveKind::Ordinary(o) => {
            let piece = match o.piece {
                Some(l) => kind(l)?,
                None => PieceKind::Pawn,
            };
            let captured = o.captured.map(kind).transpose()?;
            let capture = match o.separator.value {
                Separator::At => SpecCapture::Passant { double: false, captured },
                Separator::DoubleAt => SpecCapture::Passant { double: true, captured },
                s if s.is_capture() => SpecCapture::Capture(captured),
                _ => SpecCapture::None,
            };
            MoveSpec::Move {
                piece,
                from: o.from.value,
                to: o.to.value,
                capture,
                promotion: o.promotion.as_ref().map(promotion).transpose()?,
            }
        }
    })
}

/// The text a coherence error points at: the origin, the destination, the promotion...
fn focus(m: &Move, part: Part) -> Span {
    let MoveKind::Ordinary(o) = &m.kind else { return core_span(m) };
    match part {
        Part::Origin => o.piece.map_or(o.from.span, |l| l.span.join(o.from.span)),
        Part::Destination => {
            let start = o.captured.map_or(o.to.span, |l| l.span);
            start.join(o.to.span)
        }
        Part::Separator => o.separator.span,
        Part::Promotion => o.promotion.map_or(o.to.span, |p| p.span),
        Part::Whole => core_span(m),
    }
}

#[derive(Clone, Copy)]
enum Part {
    Origin,
    Destination,
    Separator,
    Promotion,
    Whole,
}

pub(crate) fn coherence_error(e: &MoveError, m: &Move) -> Diagnostic {
    let (code, part) = match e {
        MoveError::NoPieceAtOrigin { .. }
        | MoveError::WrongSide { .. }
        | MoveError::WrongPieceLetter { .. } => (codes::BAD_ORIGIN, Part::Origin),
        MoveError::DestinationOwnPiece { .. }
        | MoveError::CaptureNotMarked { .. }
        | MoveError::NothingToCapture { .. }
        | MoveError::CapturedMismatch { .. } => (codes::BAD_DESTINATION, Part::Destination),
        MoveError::NotEnPassant { .. } | MoveError::WrongPassantSign { .. } => {
            (codes::BAD_PASSANT, Part::Separator)
        }
        MoveError::Castling { .. } => (codes::BAD_CASTLING, Part::Whole),
        MoveError::NotAwaiting { .. } => (codes::BAD_PROMOTION, Part::Whole),
        _ => (codes::BAD_PROMOTION, Part::Promotion),
    };
    Diagnostic::error(code, focus(m, part), e.to_string())
        .with_note("the spec's minimal reader requires every move to be algebraically coherent")
}

pub(crate) fn rules_error(e: &MoveError, m: &Move) -> Diagnostic {
    let code = match e {
        MoveError::LeavesKingInCheck { .. } => codes::KING_IN_CHECK,
        MoveError::Castling { .. } => codes::CASTLING_CONDITION,
        MoveError::ForcedPromotionPending { .. } => codes::FORCED_PROMOTION,
        MoveError::NotRegainable { .. }
        | MoveError::BishopWrongColour { .. }
        | MoveError::PromotionAvailable { .. }
        | MoveError::PromotionInPlaceInCheck { .. }
        | MoveError::PromotionMissing { .. }
        | MoveError::PromotionNotAllowed { .. }
        | MoveError::NotAwaiting { .. } => codes::PROMOTION_RULE,
        _ => codes::ILLEGAL_MOVE,
    };
    let mut d = Diagnostic::error(code, core_span(m), e.to_string());
    if let MoveError::WrongPassantSign { expected, .. } = e {
        if let MoveKind::Ordinary(o) = &m.kind {
            d = d.with_fix(o.separator.span, *expected);
        }
    }
    d
}

/// The move without its marks: where a check mark is inserted.
fn core_span(m: &Move) -> Span {
    let end = match &m.kind {
        MoveKind::Ordinary(o) => o.promotion.map_or(o.to.span.end, |p| p.span.end),
        MoveKind::ForcedPromotion(f) => f.promotion.span.end,
        MoveKind::Castling(c) => {
            let separator = match c.separator {
                Separator::Hyphen | Separator::EnDash => 3,
                _ => 1,
            };
            m.span.start + 3 + separator + c.columns().len()
        }
    };
    Span::new(m.span.start, end.min(m.span.end).max(m.span.start))
}

/// The check mark the move deserves against the one written (docs/DECISIONS.md 4).
pub(crate) fn check_mark(m: &Move, after: &Board) -> Option<Diagnostic> {
    let kind = after.check_kind();
    // Mate is looked for only when the move gives check; the search stops at the first answer.
    let mate = kind.is_some() && !after.has_legal_move();
    let deserved = if mate { Some(CheckMark::Mate.as_str()) } else { kind.map(|k| k.indicator()) };
    let written: Option<Spanned<CheckMark>> = m.check;
    let insert_at = Span::new(core_span(m).end, core_span(m).end);
    match (written, deserved) {
        (None, None) => None,
        (Some(w), None) => {
            let (code, what) = if w.value == CheckMark::Mate {
                (codes::FALSE_MATE, "`#` on a move that does not mate")
            } else {
                (codes::FALSE_CHECK, "a check mark on a move that gives no check")
            };
            Some(
                Diagnostic::error(code, w.span, format!("expected no check mark, found {what}"))
                    .with_help("remove the mark")
                    .with_fix(w.span, ""),
            )
        }
        (None, Some(d)) => {
            let (code, what) = if mate {
                (codes::UNMARKED_MATE, "the move mates")
            } else {
                (codes::UNMARKED_CHECK, "the move gives check")
            };
            Some(
                Diagnostic::warning(
                    code,
                    core_span(m),
                    format!("expected `{d}`: {what}, but no mark is written"),
                )
                .with_fix(insert_at, d),
            )
        }
        (Some(w), Some(d)) => {
            let found = w.value.as_str();
            if found == d || (w.value == CheckMark::Check && !mate) {
                return None;
            }
            let diagnostic = if w.value == CheckMark::Mate {
                Diagnostic::error(
                    codes::FALSE_MATE,
                    w.span,
                    format!(
                        "expected `{d}`, found `#` on a move that gives check but does not mate"
                    ),
                )
            } else if mate {
                Diagnostic::warning(
                    codes::UNMARKED_MATE,
                    w.span,
                    format!("expected `#`, found `{found}`: the move mates"),
                )
            } else {
                Diagnostic::warning(
                    codes::WRONG_CHECK_KIND,
                    w.span,
                    format!("expected the check mark `{d}`, found `{found}`"),
                )
                .with_note(
                    "`+^` adjoining or knight-jump check, `+∞` check from afar, `++` double check",
                )
            };
            Some(diagnostic.with_fix(w.span, d))
        }
    }
}
