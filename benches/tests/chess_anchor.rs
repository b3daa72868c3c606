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
        assert_eq!((v.games, v.plies, v.illegal), (g.games, g.plies, 0), "{threads}");
    }
}

#[test]
fn an_illegal_move_is_found() {
    let v = validate(b"[Event \"x\"]\n\n1. e4 e5 2. Ke3 *\n\n");
    assert_eq!((v.games, v.plies, v.illegal), (1, 2, 1));
}

#[test]
fn the_same_seed_gives_the_same_games() {
    assert_eq!(generate(5, 20_000).text, generate(5, 20_000).text);
    assert_ne!(generate(5, 20_000).text, generate(6, 20_000).text);
}
