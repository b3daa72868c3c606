//! The tests of the chess anchor (`benches/chess_anchor.rs`, a bench target without a test
//! harness): the program is included as a module so that its functions are tested here.

#[allow(dead_code)]
#[path = "../benches/chess_anchor.rs"]
mod anchor;

use anchor::{generate, validate, validate_parallel};

#[test]
fn generated_games_validate_on_any_split() {
    let g = generate(3, 50_000);
    assert!(g.games > 10 && g.plies > 1000, "{} {}", g.games, g.plies);
    for threads in 1..4 {
        let v = validate_parallel(g.text.as_bytes(), threads);
        assert_eq!((v.games, v.plies, v.moves, v.illegal), (g.games, g.plies, g.moves, 0));
    }
}

/// The games have the annotated C'escacs games' shape: per ply about as many comments,
/// ratings, NAGs and variations, some games from a `FEN`.
#[test]
fn generated_games_have_the_annotated_shape() {
    let g = generate(3, 400_000);
    let per_ply = |n: usize| n as f64 / g.plies as f64;
    let count = |s: &str| g.text.matches(s).count();
    assert!((0.10..0.16).contains(&per_ply(count("{"))), "comments {}", count("{"));
    assert!((0.07..0.13).contains(&per_ply(count("$"))), "NAGs {}", count("$"));
    assert!((0.07..0.13).contains(&per_ply(count("("))), "variations {}", count("("));
    let extra = g.moves as f64 / g.plies as f64 - 1.0;
    assert!((0.12..0.24).contains(&extra), "moves in variations {extra}");
    let fen = count("[FEN ") as f64 / g.games as f64;
    assert!((0.2..0.45).contains(&fen), "games from a FEN {fen}");
}

#[test]
fn an_illegal_move_is_found() {
    let v = validate(b"[Event \"x\"]\n\n1. e4 e5 2. Ke3 *\n\n");
    assert_eq!((v.games, v.plies, v.illegal), (1, 2, 1));
}

/// A variation is replayed from the position before the move it replaces: its moves count, and
/// one legal only after that move is illegal there.
#[test]
fn variations_are_validated_from_before_the_move_they_replace() {
    let v =
        validate(b"[Event \"x\"]\n\n1. e4 ( 1. d4 d5 ) 1... e5 ( 1... c5 2. Nf3 ) 2. Nf3 *\n\n");
    assert_eq!((v.games, v.plies, v.moves, v.illegal), (1, 3, 7, 0));
    // After 1. e4, Black's reply in a variation of White's move is White's turn again.
    let v = validate(b"[Event \"x\"]\n\n1. e4 ( 1... e5 ) 1... e5 *\n\n");
    assert_eq!(v.illegal, 1);
    // From a `FEN`.
    let fen = b"[FEN \"4k3/8/8/8/8/8/8/4K2R w K - 0 1\"]\n\n1. O-O Kd7 *\n\n";
    assert_eq!((validate(fen).plies, validate(fen).illegal), (2, 0));
}

#[test]
fn the_same_seed_gives_the_same_games() {
    assert_eq!(generate(5, 20_000).text, generate(5, 20_000).text);
    assert_ne!(generate(5, 20_000).text, generate(6, 20_000).text);
}
