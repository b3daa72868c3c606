//! Every line of a game replayed on the board, and every position it reaches written as PDTL and
//! read back.
//!
//! The main line is replayed with [`replay_main_line`]. A variation is replayed the same way, as
//! the main line of a game that starts where the variation branches: that game's `[PDTL]` tag is
//! the branch position written as PDTL (with the game's letters), so each variation also checks
//! PDTL writing once more. Nested variations branch from the positions of their parent line.

use cescacs_board::{Letters, Position, Span};
use ctl_an::syntax::{self, Pair, Ply, Tag, Variation};
use ctl_pgn::game::Game;
use ctl_pgn::validate::{Level, replay_main_line};

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
/// `source` is the text the game was parsed from. With `lines_must_be_legal`, a line that stops
/// on an illegal move is a problem (valid files); otherwise lines simply end there.
pub fn replay(game: &Game, source: &str, lines_must_be_legal: bool) -> Replayed {
    let mut out = Replayed::default();
    if game.start().is_none() {
        return out;
    }
    let main = replay_main_line(game, Level::Rules);
    let mut walker = Walker { game, source, strict: lines_must_be_legal, out: &mut out };
    walker.line(&game.movetext().pairs, &main.positions, main.error.as_ref(), None);
    out
}

struct Walker<'a> {
    game: &'a Game,
    source: &'a str,
    strict: bool,
    out: &'a mut Replayed,
}

impl Walker<'_> {
    /// Checks the positions of one line, then replays its variations. `branch_ply` is the
    /// main-line ply a variation branches at (`None` on the main line itself).
    fn line(
        &mut self,
        pairs: &[Pair],
        positions: &[Position],
        error: Option<&cescacs_board::Diagnostic>,
        branch_ply: Option<usize>,
    ) {
        if let (true, Some(e)) = (self.strict, error) {
            let at = if branch_ply.is_some() { "a variation" } else { "the main line" };
            self.problem(
                branch_ply.or(Some(positions.len())),
                format!("{at} stops at [{}] {} ({})", e.code, e.message, e.span),
            );
        }
        self.out.plies += positions.len().saturating_sub(1);
        // A variation's first position is its branch, already checked on the parent line.
        let first = usize::from(branch_ply.is_some());
        for (i, p) in positions.iter().enumerate().skip(first) {
            self.round_trip(p, branch_ply.or(Some(i)));
        }
        // `k` indexes the position before the next ply of the line (ply `k + 1`).
        let mut k = 0;
        for pair in pairs {
            let white = (positions.get(k).cloned(), k + 1);
            if matches!(pair.white, Ply::Move(_)) {
                k += 1;
            }
            let black = (positions.get(k).cloned(), k + 1);
            if pair.black.is_some() {
                k += 1;
            }
            for v in &pair.variations {
                let starts_black =
                    v.pairs.first().is_some_and(|p| matches!(p.white, Ply::Omitted(_)));
                let (from, replaced) = if starts_black { &black } else { &white };
                let ply = branch_ply.or(Some(*replaced));
                match from {
                    Some(from) => self.variation(v, from, ply),
                    // The line stopped before this pair: its variations cannot be placed.
                    None if self.strict => self.problem(
                        ply,
                        format!("a variation after move {} cannot be replayed", pair.number.value),
                    ),
                    None => {}
                }
            }
        }
    }

    fn variation(&mut self, v: &Variation, from: &Position, ply: Option<usize>) {
        self.out.variations += 1;
        let game = self.branch(v, from);
        let replayed = replay_main_line(&game, Level::Rules);
        if replayed.positions.first() != Some(from) {
            self.problem(
                ply,
                format!(
                    "a variation's start written as PDTL `{}` reads back as another position",
                    pdtl::write(from, self.game.letters())
                ),
            );
            return;
        }
        self.line(&v.pairs, &replayed.positions, replayed.error.as_ref(), ply);
    }

    /// The variation as a game of its own: the game's `Variant` and `Redefine` tags, a `PDTL`
    /// tag for the branch position, and the variation's pairs as the main line.
    fn branch(&self, v: &Variation, from: &Position) -> Game {
        let mut tags: Vec<Tag> = self
            .game
            .tags()
            .iter()
            .filter(|t| t.name == "Variant" || t.name == "Redefine")
            .cloned()
            .collect();
        tags.push(Tag {
            span: Span::default(),
            name: "PDTL".to_string(),
            name_span: Span::default(),
            value: pdtl::write(from, self.game.letters()),
            value_span: Span::default(),
        });
        let movetext = syntax::Movetext { pairs: v.pairs.clone(), ..Default::default() };
        // The spans of the kept tags point into the game's own text, which `Game::new` reads
        // (the spec's Redefine tags need it); the new PDTL tag has an empty span.
        Game::new(syntax::Game { span: Span::default(), tags, movetext }, self.source)
    }

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

    fn game(text: &str) -> (Game, String) {
        let parsed = ctl_an::parse_file(text);
        (Game::new(parsed.file.games[0].clone(), text), text.to_string())
    }

    #[test]
    fn main_line_and_nested_variations_are_replayed() {
        let (g, text) = game(
            "[Variant \"C'escacs\"]\n1. E7-E13, E21-E15\n(1. …, F20-F16\n.(1. …, D22-D18))\n2. F8-F12: *\n",
        );
        let r = replay(&g, &text, true);
        assert!(r.problems.is_empty(), "{:?}", r.problems);
        assert_eq!((r.plies, r.variations, r.positions), (5, 2, 6));
    }

    #[test]
    fn an_illegal_variation_is_a_problem_in_a_valid_file() {
        let (g, text) =
            game("[Variant \"C'escacs\"]\n1. E7-E13, E21-E15\n(1. …, E21-E11)\n2. F8-F12: *\n");
        let r = replay(&g, &text, true);
        assert_eq!(r.problems.len(), 1, "{:?}", r.problems);
        assert_eq!(r.problems[0].ply, Some(2));
        assert!(replay(&g, &text, false).problems.is_empty());
    }
}
