//! Every line of a game replayed on the board, and every position it reaches written as PDTL and
//! read back.
//!
//! The lines are replayed by the one replay of `ctl-pgn` ([`ParsedGame::replay`] at the rules level,
//! each line stopping at its first error), which says where each variation starts; an observer
//! round-trips each position it is told of.

use cescacs_board::{Board, Colour, Letters, Position};
use cescacs_diagnostics::Diagnostic;
use ctl_an::syntax::{Move, PairNumber};
use ctl_pgn::Level;
use ctl_pgn::ParsedGame;
use ctl_pgn::{Observer, PlyAt, ReplayOptions};

/// What replaying a game's lines found.
#[derive(Debug, Default)]
pub struct Replayed {
    /// Plies played, main line and variations.
    pub plies: usize,
    /// Variations replayed (at any depth).
    pub variations: usize,
    /// Positions written as PDTL and read back.
    pub positions: usize,
    /// What went wrong, each with its main-line ply when known (1-based).
    pub problems: Vec<Problem>,
}

/// One thing that went wrong.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Problem {
    /// The main-line ply of the position (0: the start) or the one a variation replaces.
    pub ply: Option<usize>,
    /// What happened, with the PDTL texts involved.
    pub message: String,
}

/// Replays every line of `game` at the rules level and round-trips each position through PDTL.
/// With `lines_must_be_legal`, a line that stops on an illegal move is a problem (valid files);
/// otherwise lines simply end there.
pub fn replay(game: &ParsedGame, lines_must_be_legal: bool) -> Replayed {
    let mut out = Replayed::default();
    if game.start().is_none() {
        return out;
    }
    let options = ReplayOptions::lines(Level::Rules);
    let walker =
        Walker { game, strict: lines_must_be_legal, out: &mut out, open: vec![Open::default()] };
    game.replay(options, walker);
    out
}

/// A line being replayed (the main line or a variation).
#[derive(Default)]
struct Open {
    /// Its start was given (it is replayed).
    started: bool,
    /// Plies played in it.
    plies: usize,
    /// The main-line ply a variation replaces (`None` on the main line).
    branch: Option<usize>,
    /// The open pair: its number, the plies played before it, and whether White's move of it
    /// was played.
    number: u32,
    before_pair: usize,
    white_played: bool,
}

struct Walker<'a> {
    game: &'a ParsedGame,
    strict: bool,
    out: &'a mut Replayed,
    open: Vec<Open>,
}

impl Observer for Walker<'_> {
    fn line_start(&mut self, depth: usize, board: &Board) {
        let branch = match depth.checked_sub(1).and_then(|p| self.open.get(p)) {
            // The ply a variation replaces: White's of the pair, or Black's when it starts
            // after White's move.
            Some(parent) => {
                let after_white = board.turn() == Colour::Black && parent.white_played;
                parent.branch.or(Some(parent.before_pair + 1 + usize::from(after_white)))
            }
            None => None,
        };
        let Some(line) = self.open.get_mut(depth) else { return };
        line.started = true;
        line.branch = branch;
        if depth == 0 {
            self.round_trip(&board.to_position(), Some(0));
        } else {
            // A variation's first position is its branch, already checked on the parent line.
            self.out.variations += 1;
        }
    }

    fn played(&mut self, at: PlyAt, _written: &Move, board: &Board) {
        let Some(line) = self.open.get_mut(at.depth) else { return };
        line.plies += 1;
        line.white_played |= at.side == Colour::White;
        let ply = line.branch.or(Some(line.plies));
        self.out.plies += 1;
        self.round_trip(&board.to_position(), ply);
    }

    fn stopped(&mut self, depth: usize, why: &Diagnostic) {
        let Some(line) = self.open.get(depth).filter(|_| self.strict) else { return };
        let at = if depth > 0 { "a variation" } else { "the main line" };
        let ply = line.branch.or(Some(line.plies + 1));
        self.problem(ply, format!("{at} stops at [{}] {} ({})", why.code, why.message, why.span));
    }

    fn pair(&mut self, depth: usize, number: PairNumber) {
        if let Some(line) = self.open.get_mut(depth) {
            line.number = number.value;
            line.before_pair = line.plies;
            line.white_played = false;
        }
    }

    fn begin_variation(&mut self, _depth: usize) {
        self.open.push(Open::default());
    }

    fn end_variation(&mut self, _depth: usize) {
        if self.open.len() < 2 {
            return;
        }
        let Some(v) = self.open.pop() else { return };
        let Some(parent) = self.open.last().filter(|_| self.strict && !v.started) else { return };
        // The parent line stopped before this pair: its variations cannot be placed.
        let ply = parent.branch.or(Some(parent.before_pair + 1));
        let message = format!("a variation after move {} cannot be replayed", parent.number);
        self.problem(ply, message);
    }
}

impl Walker<'_> {
    /// The position written as PDTL (standard letters, and the game's when they differ) reads
    /// back as the same position, without diagnostics, and is written again the same way.
    fn round_trip(&mut self, p: &Position, ply: Option<usize>) {
        self.out.positions += 1;
        let standard = Letters::standard();
        let mut tables = vec![&standard];
        if self.game.letters() != &standard {
            tables.push(self.game.letters());
        }
        for letters in tables {
            if let Err(message) = pdtl_round_trip(p, letters) {
                self.problem(ply, message);
            }
        }
    }

    fn problem(&mut self, ply: Option<usize>, message: String) {
        self.out.problems.push(Problem { ply, message });
    }
}

/// `pdtl::read(pdtl::write(p)) == p`, with no diagnostic, and writing is stable.
///
/// One warning is allowed: `W0110`, a scornful pawn that two enemy pawns face. PDTL cannot say
/// which of them was scorned (docs/RULES.md 6.2; the position played knows, the PDTL read does not),
/// and the reader rightly says so; the position is still equal, as equality leaves that hint out.
pub fn pdtl_round_trip(p: &Position, letters: &Letters) -> Result<(), String> {
    let text = pdtl::write(p, letters);
    let read = pdtl::read(&text, letters);
    let unexpected = read.diagnostics.iter().find(|d| d.code != pdtl::codes::SCORNFUL_AMBIGUOUS);
    if let Some(d) = unexpected {
        return Err(format!("PDTL `{text}` reads with [{}] {}", d.code, d.message));
    }
    match read.position {
        Some(back) if &back == p => {
            let again = pdtl::write(&back, letters);
            if again == text {
                Ok(())
            } else {
                Err(format!("PDTL `{text}` is written again as `{again}`"))
            }
        }
        Some(back) => Err(format!(
            "PDTL `{text}` reads back as another position, written `{}`",
            pdtl::write(&back, letters)
        )),
        None => Err(format!("PDTL `{text}` does not read back")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game(text: &str) -> ParsedGame {
        let parsed = ctl_an::parse_file(text);
        ParsedGame::new(parsed.file.games[0].clone(), text)
    }

    #[test]
    fn main_line_and_nested_variations_are_replayed() {
        let g = game(
            "[Variant \"C'escacs\"]\n1. E7-E13, E21-E15\n(1. …, F20-F16\n.(1. …, D22-D18))\n2. F8-F12: *\n",
        );
        let r = replay(&g, true);
        assert!(r.problems.is_empty(), "{:?}", r.problems);
        assert_eq!((r.plies, r.variations, r.positions), (5, 2, 6));
    }

    #[test]
    fn an_illegal_variation_is_a_problem_in_a_valid_file() {
        let g = game("[Variant \"C'escacs\"]\n1. E7-E13, E21-E15\n(1. …, E21-E11)\n2. F8-F12: *\n");
        let r = replay(&g, true);
        assert_eq!(r.problems.len(), 1, "{:?}", r.problems);
        assert_eq!(r.problems[0].ply, Some(2));
        assert!(replay(&g, false).problems.is_empty());
    }
}
