//! One game: its main line played at random, written with its style and decorations.

use cescacs_board::{BoardMove, Colour, MoveNumber, Position, notation};
use ctl_an::syntax::Separator;

use crate::features::Features;
use crate::rich::{Here, Rich};
use crate::rng::Rng;
use crate::style::{Style, write_move};
use crate::text::{Head, Pair, Written, render};
use crate::words::{COMMENTS, RATINGS};

/// One generated game: its CTL-PGN text and the half-moves of its main line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GeneratedGame {
    /// The record, tags to result line, ending with a line break.
    pub text: String,
    /// Half-moves written in the main line.
    pub plies: usize,
}

/// Game `index` of `seed`, at most `max_plies` half-moves long: the same on every machine.
///
/// Each game has its own random stream, so game `index` does not depend on how many games
/// come before it.
///
/// ```
/// use cescacs_gen::generate_game;
/// let game = generate_game(1, 3, 40);
/// assert_eq!(game, generate_game(1, 3, 40));
/// assert!(game.text.starts_with("[Variant \"C'escacs\"]\n") && game.plies <= 40);
/// ```
pub fn generate_game(seed: u64, index: usize, max_plies: usize) -> GeneratedGame {
    generate_game_with(seed, index, max_plies, &Features::PLAIN)
}

/// Game `index` of `seed` written with `features`: the moves of [`generate_game`]'s game,
/// written richer.
///
/// ```
/// use cescacs_gen::{Features, generate_game, generate_game_with};
/// let plain = generate_game(1, 3, 40);
/// let rich = generate_game_with(1, 3, 40, &Features::RICH);
/// assert_eq!(plain, generate_game_with(1, 3, 40, &Features::PLAIN));
/// assert_eq!(rich.plies, plain.plies);
/// ```
pub fn generate_game_with(
    seed: u64,
    index: usize,
    max_plies: usize,
    features: &Features,
) -> GeneratedGame {
    let stream = seed ^ (index as u64).wrapping_mul(0xD1B5_4A32_D192_ED03);
    let mut rng = Rng(stream);
    rng.next();
    let mut rich = Rich::new(features, stream);
    game(&mut rng, &mut rich, seed, index, max_plies.max(1))
}

/// Plays game `index` of `seed` at random from its start and writes it.
fn game(
    rng: &mut Rng,
    rich: &mut Rich,
    seed: u64,
    index: usize,
    max_plies: usize,
) -> GeneratedGame {
    let mut style = Style {
        hyphen: if rng.chance(50) { notation::MOVE } else { Separator::Hyphen.as_str() },
        cross: if rng.chance(70) { notation::CAPTURE } else { Separator::Asterisk.as_str() },
        ellipsis: if rng.chance(60) { "…" } else { "..." },
        one_line: rng.chance(30),
    };
    if rich.features.hyphen {
        style.hyphen = "\u{2010}";
    }
    // A third of the games start from a position reached by random moves.
    let mut start = Position::initial();
    let from_pdtl = rng.chance(33);
    if from_pdtl {
        for _ in 0..rng.below(24) + 1 {
            let moves = start.legal_board_moves();
            if moves.is_empty() || start.outcome().is_some() {
                break;
            }
            start = start.play_unchecked(&moves[rng.below(moves.len())]);
        }
        if rng.chance(40) {
            start.set_move_number(MoveNumber::Unknown);
        }
    }
    let mut p = start.clone();
    let mut pairs: Vec<Pair> = Vec::new();
    let first_number = start.move_number().get().unwrap_or(1);
    let black_starts = start.turn() == Colour::Black;
    let mut number = first_number;
    let mut first = true;
    let plies = rng.below(max_plies) + 1;
    let mut outcome = None;
    for _ in 0..plies {
        if let Some(o) = p.outcome() {
            outcome = Some(o);
            break;
        }
        let moves = p.legal_board_moves();
        let m = pick(rng, &p, &moves);
        let mut suffix = String::new();
        if rng.chance(8) {
            suffix.push(' ');
            suffix.push_str(RATINGS[rng.below(RATINGS.len())]);
        }
        rich.marks(&mut suffix);
        let after = p.play_unchecked(&m);
        if rng.chance(3) && after.outcome().is_none() {
            suffix.push_str(if suffix.is_empty() || suffix.contains('$') { " (=)" } else { "(=)" });
        }
        let written = Written { text: write_move(&p, &m, &style, &rich.letters), suffix };
        if p.turn() == Colour::White || pairs.is_empty() {
            let label = if first && start.move_number() == MoveNumber::Unknown {
                "1?".to_string()
            } else {
                format!("{number}.")
            };
            pairs.push(Pair { number: label, white: None, black: None, after: Vec::new() });
        }
        let branch = p.clone();
        let is_white = p.turn() == Colour::White;
        if let Some(pair) = pairs.last_mut() {
            if is_white {
                pair.white = Some(written);
            } else {
                pair.black = Some(written);
            }
            if !style.one_line && rng.chance(6) {
                let who = if is_white { "@W" } else { "@B" };
                pair.after.push(format!("{{ {who}: {} }}", COMMENTS[rng.below(COMMENTS.len())]));
            }
            if rng.chance(6) && moves.len() > 1 {
                let alt = moves[rng.below(moves.len())];
                if alt != m {
                    let n = pair.number.trim_end_matches(['.', '?']).to_string();
                    let alt_text = write_move(&branch, &alt, &style, &rich.letters);
                    let v = if is_white {
                        format!("({n}. {alt_text})")
                    } else {
                        format!("({n}. {}, {alt_text})", style.ellipsis)
                    };
                    pair.after.push(v);
                }
            }
            if rich.features.variations && moves.len() > 1 && rich.rng.chance(3) {
                let alt = moves[rich.rng.below(moves.len())];
                if alt != m {
                    let v = rich.variation(&style, &branch, number, alt, 1, &[]);
                    pair.after.push(v);
                }
            }
            if rich.features.comments && rich.rng.chance(6) {
                let here = Here { number, first_number, black_starts };
                let c = rich.comment(&after, &m, branch.turn(), here);
                pair.after.push(c);
            }
        }
        if !is_white {
            number += 1;
        }
        first = false;
        p = after;
    }
    if outcome.is_none() {
        outcome = p.outcome();
    }
    let result = outcome.map_or("*", |o| o.result());
    let plies =
        pairs.iter().map(|p| usize::from(p.white.is_some()) + usize::from(p.black.is_some())).sum();
    let last_number = number - u32::from(p.turn() == Colour::White);
    let head = Head { seed, index, start: &start, from_pdtl, result };
    GeneratedGame { text: render(rng, rich, &style, &head, &pairs, last_number), plies }
}

/// A random move, preferring captures and checks a little so that games end now and then.
fn pick(rng: &mut Rng, p: &Position, moves: &[BoardMove]) -> BoardMove {
    if rng.chance(30) {
        let sharp: Vec<&BoardMove> = moves.iter().filter(|m| m.is_capture()).collect();
        if !sharp.is_empty() {
            return *sharp[rng.below(sharp.len())];
        }
    }
    if rng.chance(10) {
        let checks: Vec<&BoardMove> =
            moves.iter().filter(|m| !p.check_suffix(m).is_empty()).collect();
        if !checks.is_empty() {
            return *checks[rng.below(checks.len())];
        }
    }
    moves[rng.below(moves.len())]
}
