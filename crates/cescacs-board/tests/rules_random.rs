//! Random games checked against a slow, obviously correct legality filter: the generator's fast
//! path (only moves that can expose the King are replayed) must give exactly the same moves. Also
//! every legal move must be found again by `match_move` from what its text says, and every reached
//! position must survive a PDTL round trip.

use cescacs_board::{Castling, Colour, Move, MoveKind, MoveSpec, Position, Promotion, SpecCapture};

struct Rng(u64);

impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        ((z ^ (z >> 31)) % n as u64) as usize
    }
}

/// Whether the enemy King, unmoved on its home hex and not in check, could leap onto `hex`.
fn enemy_leap_covers(after: &Position, hex: cescacs_board::Hex, enemy: Colour) -> bool {
    let home = Castling::king_home(enemy);
    after.castling(enemy).king_unmoved
        && after.king(enemy) == Some(home)
        && home.knight_jumps().any(|h| h == hex)
        && after.checkers(enemy).is_empty()
}

/// Legal moves by brute force: every pseudo-legal move played and the King tested.
fn slow_legal(p: &Position) -> Vec<Move> {
    let us = p.turn();
    let in_check = p.is_check();
    let pseudo = p.pseudo_legal_moves();
    let promotions: Vec<Move> =
        pseudo.iter().copied().filter(|m| m.kind() == MoveKind::PromotionInPlace).collect();
    if !in_check && !promotions.is_empty() {
        return promotions;
    }
    pseudo
        .into_iter()
        .filter(|m| m.kind() != MoveKind::PromotionInPlace)
        .filter(|m| {
            if in_check && matches!(m.kind(), MoveKind::Leap | MoveKind::Castling(_)) {
                return false;
            }
            if let MoveKind::Castling(c) = m.kind() {
                let target = c.king_target(us);
                if p.is_attacked(target, !us) || enemy_leap_covers(p, target, !us) {
                    return false;
                }
            }
            let after = p.play_unchecked(m);
            let Some(king) = after.king(us) else { return true };
            if after.is_attacked(king, !us) {
                return false;
            }
            !(m.piece() == cescacs_board::PieceKind::King && enemy_leap_covers(&after, king, !us))
        })
        .collect()
}

/// What the move's text says.
fn spec_of(m: &Move) -> MoveSpec {
    match m.kind() {
        MoveKind::Castling(c) => MoveSpec::Castling(c),
        MoveKind::PromotionInPlace => MoveSpec::PromotionInPlace {
            hex: m.to(),
            piece: match m.promotion() {
                Some(Promotion::To(k)) => k,
                _ => unreachable!("a promotion in place names its piece"),
            },
        },
        kind => {
            let letter = m.captured().filter(|&k| k != cescacs_board::PieceKind::Pawn);
            let capture = match kind {
                MoveKind::EnPassant { victim } => SpecCapture::Passant {
                    double: victim.line().number().abs_diff(m.to().line().number()) == 4,
                    captured: letter,
                },
                MoveKind::ScornfulCapture => {
                    SpecCapture::Passant { double: false, captured: letter }
                }
                _ if m.is_capture() => SpecCapture::Capture(letter),
                _ => SpecCapture::None,
            };
            MoveSpec::Move {
                piece: m.piece(),
                from: m.from(),
                to: m.to(),
                capture,
                promotion: m.promotion(),
            }
        }
    }
}

fn sorted(mut v: Vec<Move>) -> Vec<String> {
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
            let legal = p.legal_moves();
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
            let captures: Vec<&Move> = legal.iter().filter(|m| m.is_capture()).collect();
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
    let mut moves: Vec<Move> = Vec::new();
    let mut p = Position::initial();
    for _ in 0..400 {
        let legal = p.legal_moves();
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
        let _ = after.legal_moves();
        let _ = after.outcome();
    }
}
