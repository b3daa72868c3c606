//! Perft numbers of docs/RULES.md 9.1 and 9.2.

use cescacs_board::Position;

fn pos(text: &str) -> Position {
    pdtl::parse(text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

#[test]
fn initial_depths_1_to_3() {
    let p = Position::initial();
    assert_eq!(p.perft(1), 68);
    assert_eq!(p.perft(2), 4_612);
    assert_eq!(p.perft(3), 340_385);
}

#[test]
fn initial_depth_4() {
    assert_eq!(Position::initial().perft(4), 25_048_957);
}

#[test]
fn black_to_move_initial_has_68() {
    let mut p = Position::initial();
    p.set_turn(cescacs_board::Colour::Black);
    assert_eq!(p.perft(1), 68);
}

const SPECIAL: [(&str, &str, [u64; 3]); 7] = [
    (
        "castle",
        "/27:1k/25:r2r/23:p5/17:5p2/11:5P2/5:P5/3:R2R/1:1K/ w RKRrkr - 0 1",
        [87, 6_509, 416_815],
    ),
    (
        "pawns-w",
        "/27:1k/25:1n2/23:p5/22:2p4/15:2Ppp3/14:4p2/13:3P4/12:3p3/10:3PP2/7:4P3/5:P5/3:1N2/1:1K/ w - - 0 1",
        [37, 1_342, 51_006],
    ),
    (
        "pawns-b",
        "/27:1k/25:1n2/23:p5/22:2p4/15:2Ppp3/14:4p2/13:3P4/12:3p3/10:3PP2/7:4P3/5:P5/3:1N2/1:1K/ b - - 0 1",
        [36, 1_338, 49_666],
    ),
    (
        "promo-w",
        "/28:n/27:1k/25:1P2/24:1P3/22:6r/20:6P/18:P6/8:4p2/6:5p1/5:1p3p/3:R3/1:1K/ w - - 0 1",
        [67, 366, 15_796],
    ),
    (
        "promo-b",
        "/28:n/27:1k/25:1P2/24:1P3/22:6r/20:6P/18:P6/8:4p2/6:5p1/5:1p3p/3:R3/1:1K/ b - - 0 1",
        [6, 213, 10_987],
    ),
    (
        "awaitJ",
        "/27:1k/25:1P2/21:7p/18:6n/13:1r6/6:3J3/3:RNNR/2:GJG/1:DK/0:V/ w - - 0 1",
        [134, 6_572, 943_698],
    ),
    (
        "forced",
        "/27:P1/25:2k1/24:4P/21:7p/18:6n/13:1r6/9:1N6/6:3J3/4:2J2/3:R1NR/2:GJG/1:DK/0:V/ b - - 0 1",
        [54, 8_249, 416_862],
    ),
];

#[test]
fn special_positions_depths_1_to_3() {
    let mut failures = Vec::new();
    for (name, text, expected) in SPECIAL {
        let p = pos(text);
        for (depth, want) in (1..=3).zip(expected) {
            let got = p.perft(depth);
            if got != want {
                failures.push(format!("{name} depth {depth}: expected {want}, found {got}"));
            }
        }
    }
    assert!(failures.is_empty(), "{failures:#?}");
}
