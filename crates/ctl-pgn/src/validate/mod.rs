//! Validation of games at the levels of docs/DECISIONS.md 6: `syntax` (tokens, grammar and tags),
//! `coherence` (the spec's minimal reader: every move of every line replayed for algebraic
//! coherence, setup tags read, references in comments checked) and `rules` (full legality, check
//! marks, forced promotions, the result against the final position).
//!
//! ```
//! use ctl_pgn::validate::{Level, check_text};
//! let text = "[Variant \"C'escacs\"]\n1. E7-E13, E21-E15\n2. EE5-E11, G21-G15\n3. G7-E13: *\n";
//! let codes = |level| check_text(text, level).iter().map(|d| d.code).collect::<Vec<_>>();
//! assert_eq!(codes(Level::Syntax), Vec::<&str>::new());
//! assert_eq!(codes(Level::Coherence), ["E0405"]); // G7-E13 lands on White's own pawn
//! // The Elephant cannot go three hexes; the line goes on at the coherence level.
//! assert_eq!(codes(Level::Rules), ["E0501", "E0405"]);
//! ```

pub mod codes;
pub mod fast;
mod references;
pub(crate) mod replay;

use cescacs_board::Diagnostic;
use ctl_an::Limits;
use ctl_an::syntax::GameResult;

use crate::game::Game;
use crate::tags::{TagRef, lint_tags};

use replay::LineEnd;
pub use replay::{MainLine, move_spec, replay_main_line};

/// How deep validation looks, shallowest first.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Level {
    /// Tokens, grammar and tags.
    Syntax,
    /// The spec's minimal reader: every move replayed for algebraic coherence.
    Coherence,
    /// Full legality per docs/RULES.md, check marks and results verified.
    Rules,
}

/// The problems of one game beyond its syntax diagnostics (which the parser gives), sorted by
/// span. Spans point into the text the game was parsed from.
///
/// ```
/// use ctl_pgn::{game::Game, validate::{Level, validate}};
/// let text = "[Variant \"C'escacs\"] [Result \"3-0\"]\n1. E7-E13: 0-3\n";
/// let parsed = ctl_an::parse_file(text);
/// let game = Game::new(parsed.file.games[0].clone(), text);
/// assert!(validate(&game, Level::Syntax).is_empty());
/// assert_eq!(validate(&game, Level::Coherence)[0].code, "E0410");
/// ```
pub fn validate(game: &Game, level: Level) -> Vec<Diagnostic> {
    let tags: Vec<TagRef<'_>> = game
        .tags()
        .iter()
        .map(|t| TagRef {
            name: &t.name,
            name_span: t.name_span,
            value: &t.value,
            value_span: t.value_span,
            span: t.span,
        })
        .collect();
    let mut out = lint_tags(&tags);
    if level >= Level::Coherence {
        out.extend(game.setup_diagnostics().iter().cloned());
        result_agreement(game, &mut out);
        if let Some(start) = game.start() {
            let end = replay::check_lines(game, start, level, &mut out);
            if level >= Level::Rules {
                if let Some(end) = end {
                    result_against_end(game, end, &mut out);
                }
            }
        }
        references::check(game, &mut out);
    }
    out.sort_by_key(|d| (d.span.start, d.span.end));
    out
}

/// Every diagnostic of a whole text at a level: the parser's and each game's, sorted by span.
///
/// ```
/// use ctl_pgn::validate::{Level, check_text};
/// let found = check_text("[Variant \"C'escacs\"]\n1. E7-E13, E21-E15: *\n", Level::Rules);
/// assert!(found.is_empty());
/// ```
pub fn check_text(source: &str, level: Level) -> Vec<Diagnostic> {
    check_text_with(source, level, &Limits::DEFAULT)
}

/// [`check_text`] with other reading [`Limits`] than the defaults: an item past a limit is one
/// error, skipped, and the games after it are checked as usual.
///
/// ```
/// use ctl_an::Limits;
/// use ctl_pgn::validate::{Level, check_text_with};
/// let text = "[Variant \"C'escacs\"]\n{a long comment} 1. E7-E13: *\n";
/// let strict = Limits { comment_bytes: 8, ..Limits::default() };
/// assert_eq!(check_text_with(text, Level::Rules, &strict)[0].code, "E0222");
/// ```
pub fn check_text_with(source: &str, level: Level, limits: &Limits) -> Vec<Diagnostic> {
    let mut out = Vec::new();
    for g in ctl_an::games_with(source, limits) {
        let mut game = Game::new(g.game, source);
        game.set_syntax_errors(&g.diagnostics);
        out.extend(g.diagnostics);
        out.extend(validate(&game, level));
    }
    out.sort_by_key(|d| (d.span.start, d.span.end));
    out
}

/// The result line and the `Result` tag must say the same (docs/DECISIONS.md 3).
fn result_agreement(game: &Game, out: &mut Vec<Diagnostic>) {
    let Some(line) = game.movetext().result else { return };
    let Some(tag) = game.tag("Result") else { return };
    let Some(tagged) = GameResult::from_text(&tag.value) else { return };
    if tagged != line.value {
        out.push(
            Diagnostic::error(
                codes::RESULT_MISMATCH,
                line.span,
                format!(
                    "expected the result `{}` of the `Result` tag, found `{}`",
                    tagged.as_str(),
                    line.value.as_str()
                ),
            )
            .with_label(tag.value_span, "the `Result` tag says this"),
        );
    }
}

/// Mate, stalemate and automatic draws decide the result (docs/RULES.md 5.3-5.5).
fn result_against_end(game: &Game, end: LineEnd, out: &mut Vec<Diagnostic>) {
    use cescacs_board::Outcome;
    let outcome = match end {
        LineEnd::Drawn(reason) => Outcome::Draw(reason),
        LineEnd::Board(b) => match b.outcome() {
            Some(o @ (Outcome::Checkmate { .. } | Outcome::Stalemate { .. })) => o,
            // A draw of the final position was found after the move that reached it.
            _ => return,
        },
    };
    let why = match outcome {
        Outcome::Checkmate { winner } => format!("{winner} mates"),
        Outcome::Stalemate { winner } => format!("{winner} stalemates"),
        Outcome::Draw(reason) => format!("drawn by {}", replay::draw_reason_text(reason)),
    };
    let expected = outcome.result();
    let (written, span) = match (game.movetext().result, game.tag("Result")) {
        (Some(line), _) => (line.value.as_str().to_string(), line.span),
        (None, Some(tag)) => (tag.value.clone(), tag.value_span),
        (None, None) => return,
    };
    if written != expected {
        let mut d = Diagnostic::error(
            codes::WRONG_RESULT,
            span,
            format!("expected the result `{expected}` ({why}), found `{written}`"),
        );
        if let Outcome::Draw(reason) = outcome {
            d = d
                .with_note(replay::draw_reason_note(reason))
                .with_help("an automatic draw ends the game with `1-1`");
        } else {
            d = d.with_help(format!("the final position gives `{expected}`"));
        }
        out.push(d.with_fix(span, expected));
    }
}
