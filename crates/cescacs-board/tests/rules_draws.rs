//! Draws (docs/RULES.md 5.5): insufficient material by the website's narrow rule, move exhaustion,
//! mate taking precedence, and the repetition key with its counter.

use cescacs_board::internals::{REPETITION_CLAIM, REPETITION_DRAW, Repetitions};
use cescacs_board::{CheckKind, Colour, DrawReason, Outcome, Piece, Position, Termination};

fn pos(text: &str) -> Position {
    pdtl::parse(text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

/// The two Kings at home plus `pieces` (upper case White), White to move, no castling rights.
fn kings_and(pieces: &[(&str, char)]) -> Position {
    let mut p = Position::empty();
    for &(hex, letter) in [("G1", 'K'), ("G27", 'k')].iter().chain(pieces) {
        p.set_piece(hex.parse().unwrap(), Piece::from_letter(letter));
    }
    p
}

/// Plays the legal move with this text.
fn play(p: &Position, text: &str) -> Position {
    let m = p.legal_board_moves().into_iter().find(|m| m.to_string() == text);
    p.play(&m.unwrap_or_else(|| panic!("{text} is not legal"))).unwrap()
}

const INSUFFICIENT: Option<Outcome> = Some(Outcome::Draw(DrawReason::InsufficientMaterial));

#[test]
fn a_lone_king_against_king_or_one_minor_piece_is_a_draw() {
    let white: [&[(&str, char)]; 4] = [&[], &[("F4", 'J')], &[("E3", 'N')], &[("D4", 'E')]];
    let black: [&[(&str, char)]; 4] = [&[], &[("F24", 'j')], &[("E25", 'n')], &[("D24", 'e')]];
    for pieces in white.into_iter().chain(black) {
        for turn in Colour::ALL {
            let mut p = kings_and(pieces);
            p.set_turn(turn);
            assert_eq!(p.outcome(), INSUFFICIENT, "{pieces:?}, {turn} to move");
            assert!(p.is_insufficient_material());
            assert_eq!(p.automatic_draw(), Some(DrawReason::InsufficientMaterial));
        }
    }
}

#[test]
fn material_that_can_mate_in_rare_set_ups_is_not_an_automatic_draw() {
    let cases: [&[(&str, char)]; 9] = [
        &[("D4", 'E'), ("H4", 'E')],
        &[("F4", 'J'), ("E3", 'N')],
        // Bishops on two hex colours (F2 coloured, F4 white).
        &[("F2", 'J'), ("F4", 'J')],
        &[("D2", 'G'), ("D4", 'E')],
        &[("D2", 'G')],
        // Both sides have a piece: the rule needs a lone King.
        &[("D2", 'G'), ("F24", 'j')],
        &[("F8", 'P')],
        &[("F20", 'p')],
        &[("C3", 'R')],
    ];
    for pieces in cases {
        let p = kings_and(pieces);
        assert_eq!(p.outcome(), None, "{pieces:?}");
        assert!(!p.is_insufficient_material(), "{pieces:?}");
        assert_eq!(p.automatic_draw(), None, "{pieces:?}");
    }
}

#[test]
fn move_exhaustion_is_claimable_at_100_and_automatic_at_150() {
    let mut p = kings_and(&[("C3", 'R')]);
    p.set_halfmove_clock(149);
    assert!(p.draw_claimable());
    assert_eq!(p.outcome(), None);
    let after = play(&p, "RC3-C5");
    assert_eq!(after.halfmove_clock(), 150);
    assert_eq!(after.outcome(), Some(Outcome::Draw(DrawReason::MoveExhaustion)));
    assert_eq!(after.automatic_draw(), Some(DrawReason::MoveExhaustion));
    // A pawn move resets the clock.
    let mut q = kings_and(&[("F8", 'P')]);
    q.set_halfmove_clock(149);
    assert_eq!(play(&q, "F8-F10").outcome(), None);
}

#[test]
fn a_mate_on_the_move_that_reaches_150_half_moves_is_mate() {
    // The Queen's move from E11 to P11 checks the King on P7 along the P column and covers its
    // last free hexes; White's King on A5 covers the others.
    let p = pos("/11:3D4/7:k7/5:K5/ w -- - 149 60");
    let after = play(&p, "DE11-P11");
    assert_eq!(after.halfmove_clock(), 150);
    assert_eq!(after.outcome(), Some(Outcome::Checkmate { winner: Colour::White }));
    assert_eq!(after.automatic_draw(), None);
    let mate = p.legal_board_moves().into_iter().find(|m| m.to_string() == "DE11-P11");
    assert_eq!(p.move_text_with_check(&mate.unwrap()), "DE11-P11#");
    // The typed move says the same: a mate, by a check from afar.
    let typed = p.legal_moves().into_iter().find(|m| m.board_move() == mate.unwrap());
    let typed = typed.expect("the mate is legal");
    assert_eq!(typed.to_string(), "DE11-P11#");
    assert_eq!((typed.check(), typed.is_mate()), (Some(CheckKind::Afar), true));
    let outcome = after.outcome().expect("mate");
    assert_eq!(
        (outcome.termination(), outcome.winner()),
        (Termination::Checkmate, Some(Colour::White))
    );
    // The same with insufficient material: a stalemate is still a stalemate (docs/RULES.md 5.4).
    let stalemate = pos("/12:D6/7:k7/5:K5/ b - - 150 40");
    assert_eq!(stalemate.outcome(), Some(Outcome::Stalemate { winner: Colour::White }));
    assert_eq!(stalemate.automatic_draw(), None);
}

#[test]
fn the_repetition_key_compares_what_the_rule_compares() {
    let p = Position::initial();
    let dance = ["NE3-C7", "NE25-C21", "NC7-E3", "NC21-E25"];
    let back = dance.iter().fold(p.clone(), |q, m| play(&q, m));
    // The clocks differ, the key does not.
    assert_eq!(back.halfmove_clock(), 4);
    assert_eq!(back.repetition_key(), p.repetition_key());
    // The side to move is part of it.
    let mut other_side = p.clone();
    other_side.set_turn(Colour::Black);
    assert_ne!(other_side.repetition_key(), p.repetition_key());
    // So is the castling status.
    let mut no_castling = p.clone();
    no_castling.set_castling(Colour::Black, cescacs_board::CastlingRights::NONE);
    assert_ne!(no_castling.repetition_key(), p.repetition_key());
    // The key kept up by playing equals the key of the same position read from PDTL.
    let stepped = play(&p, "G7-G13");
    for played in [stepped.clone(), play(&stepped, "NG25-I21"), play(&back, "NG3-I7")] {
        let read = pos(&pdtl::to_string(&played));
        assert_eq!(played.repetition_key(), read.repetition_key(), "{}", pdtl::to_string(&read));
    }
}

#[test]
fn an_en_passant_field_counts_only_when_the_capture_is_legal() {
    let with_field = |placement: &str| pos(&format!("{placement} b -- E11@9 0 1"));
    let without = |placement: &str| pos(&format!("{placement} b -- - 0 1"));
    // Black's D12 pawn may take on E9: the field makes a difference.
    let usable = "/27:1k/12:2p4/11:3P4/1:1K/";
    assert_ne!(with_field(usable).repetition_key(), without(usable).repetition_key());
    // Pinned to its King on D16 by the Rook on D4, it may not: no difference.
    let pinned = "/16:2k4/12:2p4/11:3P4/4:1R3/1:1K/";
    assert!(!with_field(pinned).legal_board_moves().iter().any(|m| m.to_string() == "D12@E9"));
    assert_eq!(with_field(pinned).repetition_key(), without(pinned).repetition_key());
    // No pawn next to the crossed hex: no difference either.
    let alone = "/27:1k/11:3P4/1:1K/";
    assert_eq!(with_field(alone).repetition_key(), without(alone).repetition_key());
    // A scornful field, usable: Black's G15 scorned White's G13 by stepping to F14.
    let scorned = pos("/27:1k/14:3p3/13:4P3/1:1K/ w -- F14 0 1");
    let plain = pos("/27:1k/14:3p3/13:4P3/1:1K/ w -- - 0 1");
    assert!(scorned.legal_board_moves().iter().any(|m| m.to_string() == "G13@F14"));
    assert_ne!(scorned.repetition_key(), plain.repetition_key());
}

#[test]
fn repetitions_are_counted_since_the_last_irreversible_move() {
    let mut p = Position::initial();
    let mut seen = Repetitions::new();
    assert_eq!(seen.record(p.repetition_key(), false), 1);
    let dance = ["NE3-C7", "NE25-C21", "NC7-E3", "NC21-E25"];
    let mut counts = Vec::new();
    for round in 0..4 {
        for m in dance {
            p = play(&p, m);
            let n = seen.record(p.repetition_key(), p.halfmove_clock() == 0);
            if m == "NC21-E25" {
                counts.push(n);
            }
        }
        if round == 1 {
            assert_eq!(counts.last(), Some(&REPETITION_CLAIM));
        }
    }
    assert_eq!(counts, [2, 3, 4, 5]);
    assert_eq!(counts[3], REPETITION_DRAW);
    // A pawn move: nothing before it can come back.
    p = play(&p, "F8-F10");
    assert_eq!(seen.record(p.repetition_key(), p.halfmove_clock() == 0), 1);
}
