//! The quick matcher of `MatchWritten::match_move` on a `Board` (one piece's moves, the King tested without making
//! the move) against a brute-force reference (every pseudo-legal move played on a `Position` and
//! the King tested), on random positions of random games: the same moves accepted and rejected,
//! the same move found, the same position after it, the same error as the precise path. Also the
//! board's incremental state (Zobrist key, check status) against a board built afresh, and
//! `play_spec` on the board a replay keeps (the one-pass path of the usual move) against both.

mod common;

use cescacs_board::internals::{MatchWritten, PlayWritten};
use cescacs_board::internals::{MoveSpec, SpecCapture};
use cescacs_board::{Board, BoardMove, BoardPromotion, PieceKind, Position};
use common::{Rng, slow_legal, spec_of};
use proptest::prelude::*;

/// Specs that are wrong in one detail: another promotion, another capture form, another piece.
fn variants(spec: &MoveSpec) -> Vec<MoveSpec> {
    let MoveSpec::Move { piece, from, to, capture, promotion } = *spec else { return Vec::new() };
    let mut out = Vec::new();
    for p in [None, Some(BoardPromotion::Awaiting), Some(BoardPromotion::To(PieceKind::Queen))] {
        if p != promotion {
            out.push(MoveSpec::Move { piece, from, to, capture, promotion: p });
        }
    }
    for c in [
        SpecCapture::None,
        SpecCapture::Capture(None),
        SpecCapture::Capture(Some(PieceKind::Rook)),
        SpecCapture::Passant { double: false, captured: None },
        SpecCapture::Passant { double: true, captured: None },
    ] {
        if c != capture {
            out.push(MoveSpec::Move { piece, from, to, capture: c, promotion });
        }
    }
    let other = if piece == PieceKind::Knight { PieceKind::Bishop } else { PieceKind::Knight };
    out.push(MoveSpec::Move { piece: other, from, to, capture, promotion });
    out
}

/// The reference answer: the legal (or pseudo-legal) move whose text is `spec`, if any.
fn reference(list: &[BoardMove], spec: &MoveSpec) -> Option<BoardMove> {
    list.iter().copied().find(|m| spec_of(m) == *spec)
}

/// Checks every candidate spec of one position; returns how many were looked at. `kept` is the
/// board a replay keeps for that position (its check status known after `play_spec`): each spec
/// is also played on a copy of it, which takes the one-pass path of the usual move.
fn check_position(
    p: &Position,
    kept: Option<&Board>,
    foreign: &[MoveSpec],
    rng: &mut Rng,
) -> Result<usize, String> {
    let board = Board::new(p);
    let legal = slow_legal(p);
    let pseudo = p.pseudo_legal_moves();
    let mut specs: Vec<MoveSpec> = pseudo.iter().map(spec_of).collect();
    for _ in 0..6 {
        if !pseudo.is_empty() {
            specs.extend(variants(&spec_of(&pseudo[rng.below(pseudo.len())])));
        }
        if !foreign.is_empty() {
            specs.push(foreign[rng.below(foreign.len())]);
        }
    }
    let text = pdtl::to_string(p);
    for spec in &specs {
        let fast = board.match_move(spec);
        let want = reference(&legal, spec);
        if fast.as_ref().ok() != want.as_ref() {
            return Err(format!("match_move({spec:?}) = {fast:?}, expected {want:?} in {text}"));
        }
        // The error is the one the precise path gives from the Position (on a sample: the
        // precise path generates every move).
        if let (Err(e), 0) = (&fast, rng.below(4)) {
            if p.match_move(spec).as_ref() != Err(e) {
                return Err(format!("errors differ for {spec:?} in {text}"));
            }
        }
        if let Some(kept) = kept {
            let mut after = kept.clone();
            let played = after.play_spec(spec);
            if played != fast {
                return Err(format!(
                    "play_spec({spec:?}) = {played:?}, expected {fast:?} in {text}"
                ));
            }
            match played {
                Ok(m) => same_state(&after, &p.play_unchecked(&m))?,
                Err(_) if after.to_position() != *p => {
                    return Err(format!("play_spec({spec:?}) failed but changed {text}"));
                }
                Err(_) => {}
            }
        }
        let coherent = board.match_move_coherent(spec);
        let want = reference(&pseudo, spec);
        if coherent.as_ref().ok() != want.as_ref() {
            return Err(format!("coherent({spec:?}) = {coherent:?}, expected {want:?} in {text}"));
        }
        if let Ok(m) = fast {
            // Legal moves are algebraically coherent, and play alike on Board and Position.
            if board.match_move_algebraic(spec).is_err() {
                return Err(format!("{m} is legal but not coherent in {text}"));
            }
            let mut after = board.clone();
            after.play_unchecked(&m);
            let expected = p.play_unchecked(&m);
            if after.to_position() != expected {
                return Err(format!("{m} plays differently in {text}"));
            }
            let fresh = Board::new(&expected);
            if after.repetition_key() != fresh.repetition_key() {
                return Err(format!("the key after {m} drifted in {text}"));
            }
            if after.check_kind() != expected.check_kind() {
                return Err(format!("the check status after {m} differs in {text}"));
            }
        }
    }
    if board.has_legal_move() == legal.is_empty() {
        return Err(format!("has_legal_move disagrees in {text}"));
    }
    if board.is_checkmate() != (legal.is_empty() && p.is_check()) {
        return Err(format!("is_checkmate disagrees in {text}"));
    }
    Ok(specs.len())
}

/// Plays a random game from `seed`, checking every position.
fn random_game(seed: u64) -> Result<usize, String> {
    let mut rng = Rng(seed);
    let mut p = Position::initial();
    // The same game replayed move by move on one board, as a game file is.
    let mut board = Board::new(&p);
    let mut foreign: Vec<MoveSpec> = Vec::new();
    let mut checked = 0;
    for _ in 0..rng.below(150) + 20 {
        checked += check_position(&p, Some(&board), &foreign, &mut rng)?;
        same_state(&board, &p)?;
        let legal = p.legal_board_moves();
        if legal.is_empty() {
            break;
        }
        foreign.extend(legal.iter().map(spec_of));
        // Captures now and then, so that games reach sparse boards and promotions.
        let captures: Vec<&BoardMove> = legal.iter().filter(|m| m.is_capture()).collect();
        let m = if !captures.is_empty() && rng.below(3) == 0 {
            *captures[rng.below(captures.len())]
        } else {
            legal[rng.below(legal.len())]
        };
        p = p.play_unchecked(&m);
        if board.play_spec(&spec_of(&m)) != Ok(m) {
            return Err(format!(
                "play_spec refuses {m} in {}",
                pdtl::to_string(&board.to_position())
            ));
        }
    }
    Ok(checked)
}

/// A board kept move after move holds what the position holds: fields, check, key.
fn same_state(board: &Board, p: &Position) -> Result<(), String> {
    let text = pdtl::to_string(p);
    if board.to_position() != *p {
        return Err(format!("the board drifted from {text}"));
    }
    if board.check_kind() != p.check_kind() || board.is_check() != p.is_check() {
        return Err(format!(
            "check {:?} instead of {:?} in {text}",
            board.check_kind(),
            p.check_kind()
        ));
    }
    if board.repetition_key() != Board::new(p).repetition_key() {
        return Err(format!("the key drifted in {text}"));
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]
    #[test]
    fn quick_matching_agrees_with_the_full_generator(seed in any::<u64>()) {
        let checked = random_game(seed).map_err(TestCaseError::fail)?;
        prop_assert!(checked > 0);
    }
}

#[test]
fn the_special_positions_of_rules_md_agree_too() {
    // docs/RULES.md 9.2: castlings, en passant, scornful captures, promotions, forced promotions.
    let positions = [
        "/27:1k/25:r2r/23:p5/17:5p2/11:5P2/5:P5/3:R2R/1:1K/ w RKRrkr - 0 1",
        "/27:1k/25:1n2/23:p5/22:2p4/15:2Ppp3/14:4p2/13:3P4/12:3p3/10:3PP2/7:4P3/5:P5/3:1N2/1:1K/ w - - 0 1",
        "/27:1k/25:1n2/23:p5/22:2p4/15:2Ppp3/14:4p2/13:3P4/12:3p3/10:3PP2/7:4P3/5:P5/3:1N2/1:1K/ b - - 0 1",
        "/28:n/27:1k/25:1P2/24:1P3/22:6r/20:6P/18:P6/8:4p2/6:5p1/5:1p3p/3:R3/1:1K/ w - - 0 1",
        "/28:n/27:1k/25:1P2/24:1P3/22:6r/20:6P/18:P6/8:4p2/6:5p1/5:1p3p/3:R3/1:1K/ b - - 0 1",
        "/27:1k/25:1P2/21:7p/18:6n/13:1r6/6:3J3/3:RNNR/2:GJG/1:DK/0:V/ w - - 0 1",
        "/27:P1/25:2k1/24:4P/21:7p/18:6n/13:1r6/9:1N6/6:3J3/4:2J2/3:R1NR/2:GJG/1:DK/0:V/ b - - 0 1",
        "/14:3k3/12:2p4/11:3P4/1:1K/ b - E11@9 0 1",
        "/27:1k/12:4r2/11:4p3/10:3P3/8:2K4/5:P5/ w - G11@13 0 2",
        "/27:P1/21:k7/11:4r3/1:1K/ w -- - 0 1",
        "/8:4k2/1:1K/ b K- - 0 1",
    ];
    let mut rng = Rng(9);
    for text in positions {
        let p = pdtl::parse(text).unwrap_or_else(|e| panic!("{text}: {e}"));
        // Two plies deep, so that the fields the first move leaves are exercised as well.
        check_position(&p, None, &[], &mut rng).unwrap();
        for m in p.legal_board_moves() {
            let q = p.play_unchecked(&m);
            // Two plies played on one board, the second with the opponent known safe.
            let mut board = Board::new(&p);
            assert_eq!(board.play_spec(&spec_of(&m)), Ok(m));
            same_state(&board, &q).unwrap();
            check_position(&q, Some(&board), &[], &mut rng).unwrap();
            for reply in q.legal_board_moves() {
                let mut b = board.clone();
                assert_eq!(b.play_spec(&spec_of(&reply)), Ok(reply));
                same_state(&b, &q.play_unchecked(&reply)).unwrap();
            }
        }
    }
}
