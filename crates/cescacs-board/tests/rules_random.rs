//! Random games checked against a slow, obviously correct legality filter: the generator's fast
//! path (only moves that can expose the King are replayed) must give exactly the same moves. Also
//! every legal move must be found again by `match_move` from what its text says, and every reached
//! position must survive a PDTL round trip.

mod common;

use cescacs_board::internals::MatchWritten;
use cescacs_board::{BoardMove, Position};
use common::{Rng, slow_legal, spec_of};

fn sorted(mut v: Vec<BoardMove>) -> Vec<String> {
    let mut t: Vec<String> = v.drain(..).map(|m| m.to_string()).collect();
    t.sort();
    t
}

#[test]
fn fast_legality_equals_brute_force_on_random_games() {
    let mut rng = Rng(20_26);
    let mut positions = 0;
    for _ in 0..50 {
        let mut p = Position::initial();
        for _ in 0..rng.below(160) + 20 {
            let legal = p.legal_board_moves();
            // The typed moves are the same moves, each with the check mark the position gives.
            if positions % 4 == 1 {
                let typed = p.legal_moves();
                let board: Vec<BoardMove> = typed.iter().map(|m| m.board_move()).collect();
                assert_eq!(board, legal);
                for m in &typed {
                    assert_eq!(m.check_mark(), p.check_suffix(m), "{m}");
                    assert_eq!(m.to_string(), p.move_text_with_check(m));
                }
            }
            assert_eq!(
                sorted(legal.clone()),
                sorted(slow_legal(&p)),
                "position {}",
                pdtl::to_string(&p)
            );
            // Matching regenerates the moves for each one: do it on every fourth position.
            for m in legal.iter().filter(|_| positions % 4 == 0) {
                assert_eq!(
                    p.match_move(&spec_of(m)).as_ref(),
                    Ok(m),
                    "{m} in {}",
                    pdtl::to_string(&p)
                );
            }
            let text = pdtl::to_string(&p);
            assert_eq!(pdtl::parse(&text).as_ref(), Ok(&p), "{text}");
            positions += 1;
            if legal.is_empty() {
                break;
            }
            // Prefer captures now and then so that games reach sparse boards and promotions.
            let captures: Vec<&BoardMove> = legal.iter().filter(|m| m.is_capture()).collect();
            let m = if !captures.is_empty() && rng.below(3) == 0 {
                *captures[rng.below(captures.len())]
            } else {
                legal[rng.below(legal.len())]
            };
            p = p.play(&m).expect("legal");
        }
    }
    assert!(positions > 2_000, "{positions}");
}

#[test]
fn play_unchecked_never_panics_even_with_moves_of_other_positions() {
    let mut rng = Rng(7);
    let mut positions = vec![Position::initial(), Position::empty()];
    let mut moves: Vec<BoardMove> = Vec::new();
    let mut p = Position::initial();
    for _ in 0..400 {
        let legal = p.legal_board_moves();
        if legal.is_empty() {
            p = Position::initial();
            continue;
        }
        moves.extend(legal.iter().copied());
        p = p.play_unchecked(&legal[rng.below(legal.len())]);
        positions.push(p.clone());
    }
    for _ in 0..5_000 {
        let q = &positions[rng.below(positions.len())];
        let m = moves[rng.below(moves.len())];
        let after = q.play_unchecked(&m);
        // Whatever came out is still a board the generator can work on.
        let _ = after.legal_board_moves();
        let _ = after.outcome();
    }
}
