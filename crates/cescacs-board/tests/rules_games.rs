//! The example games of the notation spec replayed at rules level (docs/RULES.md 10): every move legal
//! with exactly the check mark written, and the final positions' verdicts.
//!
//! The movetext is matched against the canonical text of the legal moves (`move_text_with_check`),
//! after turning the spec's hyphen U+2010 into `-`; this checks the generator and the writer of
//! move texts, not a CTL-AN parser.

use cescacs_board::internals::MatchWritten;
use cescacs_board::internals::{MoveError, MoveSpec, SpecCapture};
use cescacs_board::{Colour, Outcome, PieceKind, Position};

/// The move tokens of a movetext: numbers, `…`, ratings, `,` and `:` removed.
fn tokens(movetext: &str) -> Vec<String> {
    movetext
        .split_whitespace()
        .map(|t| t.trim_end_matches([',', ':']).replace('\u{2010}', "-"))
        .filter(|t| {
            !t.is_empty()
                && !t.ends_with('.')
                && !t.ends_with('?') // `1?` and ratings `??`, `?!`
                && !t.ends_with('!')
                && t != "…"
                && t != "*"
        })
        .collect()
}

/// Plays every move of `movetext` from `start`, asserting that each is legal and carries exactly
/// the check mark the rules give.
fn replay(start: &Position, movetext: &str) -> Position {
    let mut p = start.clone();
    for (i, token) in tokens(movetext).iter().enumerate() {
        let moves = p.legal_board_moves();
        let found = moves.iter().find(|m| p.move_text_with_check(m) == *token);
        let Some(m) = found else {
            let legal: Vec<String> = moves.iter().map(|m| p.move_text_with_check(m)).collect();
            panic!("half-move {} `{token}` is not legal here; legal: {legal:?}", i + 1);
        };
        p = p.play(m).expect("a legal move plays");
    }
    p
}

const FOOLS_MATE: &str = "1. H6-H12 ?!, I23-I19 ?! 2. JF6-C15 ?!, GH26-Z11 ?! 3. L5-L7, NG25-L17 ?! \
    4. EH4-H8 ??, GZ11-L5 5. I5-I9 ??, NL17-G9 6. K4-K10 ??, GL5-H6#";

const A0001_91: &str = "1. H6-H12, H22-H16 2. H12-H14, EH24-H20 3. I5-I11, I23-I17 4. I11-I15, L23-L21 5. G7-G11, K24-K18 6. EG5-H8, G21-G15 7. EH8-I11, G15-G13 8. JF4-L19, RI25-I21 9. JL19-K16, NE25-G21 10. GH2-L11, GH26-K20 11. VF0-G5, RI21-I25 12. GL11-X16, RI25-H26 13. GX16×L21, JF24-H24 14. VG5-K8, C23-C17 15. C5-C11, GD26-B22 16. B4-B10, GB22-T16 17. ED4-C7, ED24-C21 18. NG3-L11, D22-D16 19. D6-D10, C17-C13 20. NL11-X16, GK20-G19 21. VK8-Z11, C13×D10 22. E7×D10, D16-D12 23. C11@D14, EC21-D18 24. B10-C11, VF28-D24 25. JF6-B18, RC25×C11 26. JB18×VD24, DE27×JD24 27. EE5-D8, RC11-C9 28. NE3-B4, RC9-A11 29. NB4-T8, DD24-B18 30. F8-E9, ED18×D14 31. GD2-F8, E21-E15 32. RI3-I9, E15-E13 33. RI9-Z13, E13-D12 34. RZ13-Z21, D12×E9 35. GF8-G3, DB18-C21 36. RZ21×RH26+^, JF26×RH26 37. RC3-B4, DC21-F12 38. DE1-E3, ED14-D12 39. EC7-C9, ED12×EC9 40. DE3×EC9, RA11-F16 41. DC9-C23+∞, EG23-F26 42. RB4-E7, EE23-D26 43. DC23-D24, DF12×JF2#";

const A0001_24: &str = "1. E7-E13, E21-E15 2. F8-F12, F20-F16 3. E13×F16, E15×F12 4. EG5-F8, EG23-F20 5. G7-G13, F12@@G9 6. JF6×G9, EF20×F16 7. JF4-D10, NE25-C15 8. EE5-E7, NC15-F14 9. EF8-F12, EE23-E19 10. EF12×NF14, EF16×EF14 11. JF2-D8, EE19-E17 12. EE7-E11, EF14×EE11 13. JD8×EE11, EE17-E13 14. JD10×EE13, DE27×JE13 15. GH2-F8, DE13-B10 16. NE3-C7, DB10-D10+∞ 17. NG3-E7, GD26×L5 18. GD2-E5, DD10-K10 19. I5-I7, DK10-K6 20. RI3-H2, GL5×GE5+^ 21. DE1×GE5, KRD-DE 22. JE11×A23, GH26-G23 23. DE5-A17, JF26-E23 24. NE7-C17, D22-D20 25. NC17-T18, JF22-C13+∞ 26. KG1-E1, DK6-E21+∞ 27. VF0-E5, DE21-K16+∞ 28. KE1-D2, JE23-K8 29. NT18-B22+^, KD26-C25 30. JA23×C23, GG23×JC23 31. GF8-B20+^, GC23×GB20 32. DA17×GB20, RE27×VE5 33. DB20-C19+∞, ED24-C21 34. RH2×RE5, DK16-F20 35. DC19-E25#";

const PREVIOUS_MOVES: &str = "1. E7-E13, E21-E15 2. F8-F12, F20-F16 3. E13×F16, E15×F12 4. EG5-F8, EG23-F20 5. G7-G13, F12@@G9 6. JF6×G9, EF20×F16 7. JF4-D10, NE25-C15 8. EE5-E7, NC15-F14 9. EF8-F12, EE23-E19 10. EF12×NF14, EF16×EF14 11. JF2-D8, EE19-E17 12. EE7-E11, EF14×EE11 13. JD8×EE11, EE17-E13 14. JD10×EE13, DE27×JE13 15. GH2-F8, DE13-B10 16. NE3-C7, DB10-D10+∞ 17. NG3-E7, GD26×L5 18. GD2-E5, DD10-K10 19. I5-I7, DK10-K6 20. RI3-H2: *";

/// The `[DPTL]` fragment's position with the spec's castling field `RKrkr` and move number 20.
const FRAGMENT_PDTL: &str = "/28:v/27:1k/26:1jg/25:r1nr/24:pejep/23:pp2pp/22:2pjp2/21:4p3/11:3J4/9:4J3/8:3G3/7:2NN1P2/6:2P1Pd1/5:PPG2g/4:PE1EP/3:R3/2:2R/1:DK/0:V/ b RKrkr - 2 20";

const FRAGMENT: &str = "1? …, GL5×GE5+^ 2. DE1×GE5, KRD-DE 3. JE11×A23, GH26-G23 4. DE5-A17, JF26-E23 5. NE7-C17, D22-D20 6. NC17-T18, JF22-C13+∞ 7. KG1-E1, DK6-E21+∞ 8. VF0-E5, DE21-K16+∞ 9. KE1-D2, JE23-K8 10. NT18-B22+^, KD26-C25 11. JA23×C23, GG23×JC23 12. GF8-B20+^, GC23×GB20 13. DA17×GB20, RE27×VE5 14. DB20-C19+∞, ED24-C21 15. RH2×RE5, DK16-F20 16. DC19-E25#";

const A0001_43: &str = "1. E7-E13, E21-E15 2. EE5-E9, EE23-E19 3. D6-D12, E15×D12 4. EE9×D12, EE19-E17 5. E13-E15, C23-C17 6. C5-C11, C17-C15 7. ED12-D14, EE17×ED14 8. C11×ED14, D22-D16 9. E15@D18, JF24×D18 10. A5-A9, B24-B18 11. B4-B10, B18-B14 12. A9-A11, B14×A11 13. GD2×A11, JF26×GA11 14. B10-C11, ED24-D20 15. JF4-A19, JF22-B22 16. JA19-B16, DE27-B18 17. JB16-D10, JB22-D16 18. NE3-C7, JA11-P17 19. GH2-I7, RC25-E23 20. ED4-E7, GD26-T14 21. NG3-A5, GT14-B8 22. RC3-B4, GB8-C5 23. DE1-C3, GC5×JD10 24. NA5-C9, GD10-F14 25. RB4×DB18, JD18×RB18 26. NC9-B14, GH26-K22 27. EE7-E11, GK22-E7+∞ 28. KG1-E1, GE7×DC3 29. JF6-E3, GC3-E7 30. VF0-E5, JD16-C13 31. EE11×GF14, GE7-G1+^ 32. RI3×GG1, JC13×RG1+^ 33. VE5×JG1, ED20-D16 34. NC7-G15, C15-C13 35. GI7-F16, NE25-A17 36. GF16-D20, RE23-E21 37. GD20-C17, RE21-C23 38. GC17-D20, RC23-D22 39. GD20-E15, VF28-E23 40. GE15-H16, I23-I19 41. GH16-X16, KRK-II 42. NG15-I25, RI21-X18 43. GX16-Z13, RX18-X6 44. VG1-E5, RX6-E13 45. VE5-C3, RE13×JE3+^ 46. KE1-G1, VE23-E9 47. GZ13-L9, VE9-B6 48. GL9-C9, RE3×JF2+^ 49. VC3×RF2, VB6-D10 50. GC9-D6, VD10-E5#";

fn mate_by(p: &Position, winner: Colour) {
    assert_eq!(p.outcome(), Some(Outcome::Checkmate { winner }));
}

#[test]
fn fools_mate_and_its_variations() {
    let end = replay(&Position::initial(), FOOLS_MATE);
    mate_by(&end, Colour::Black);
    assert_eq!(end.outcome().map(|o| o.result()), Some("0-3"));
    // (5. K4-K10, GL5-H6+^ 6. KG1-H4, GH6×RI3 (6. …, GH6-K12) 7. KH4×GI3)
    let before_5 = replay(&Position::initial(), &tokens(FOOLS_MATE)[..8].join(" "));
    let v = replay(&before_5, "5. K4-K10, GL5-H6+^ 6. KG1-H4, GH6×RI3");
    replay(&v, "7. KH4×GI3");
    let v6 = replay(&before_5, "5. K4-K10, GL5-H6+^ 6. KG1-H4");
    replay(&v6, "6. …, GH6-K12");
    for (n, alt) in [(6, "GD2-F6"), (8, "GD2-F6"), (10, "GD2-F6"), (10, "RI3-I7")] {
        let at = replay(&Position::initial(), &tokens(FOOLS_MATE)[..n].join(" "));
        replay(&at, alt);
    }
}

#[test]
fn game_a0001_91() {
    let end = replay(&Position::initial(), A0001_91);
    mate_by(&end, Colour::Black);
}

#[test]
fn game_a0001_24_is_mate_by_white_so_its_tag_0_3_is_wrong() {
    let end = replay(&Position::initial(), A0001_24);
    mate_by(&end, Colour::White);
    assert_ne!(end.outcome().map(|o| o.result()), Some("0-3"));
}

#[test]
fn previous_moves_reach_the_fragment_position() {
    let end = replay(&Position::initial(), PREVIOUS_MOVES);
    assert_eq!(end.castling(Colour::White).to_string(), "RK");
    assert_eq!(end, pdtl::parse(FRAGMENT_PDTL).unwrap());
}

#[test]
fn fragment_is_mate_by_white() {
    let end = replay(&pdtl::parse(FRAGMENT_PDTL).unwrap(), FRAGMENT);
    mate_by(&end, Colour::White);
}

#[test]
fn game_a0001_43() {
    let end = replay(&Position::initial(), A0001_43);
    mate_by(&end, Colour::Black);
}

#[test]
fn first_example_elephant_cannot_go_three_forward() {
    let p = replay(&Position::initial(), "1. E7\u{2010}E13, E21\u{2010}E15");
    let spec = MoveSpec::Move {
        piece: PieceKind::Elephant,
        from: "E5".parse().unwrap(),
        to: "E11".parse().unwrap(),
        capture: SpecCapture::None,
        promotion: None,
    };
    assert!(matches!(p.match_move(&spec), Err(MoveError::CannotMoveThere { .. })));
    // G21-G15 is legal in itself; 3. G7-E13 is no pawn move and E13 holds White's pawn.
    let mut black = p.clone();
    black.set_turn(Colour::Black);
    replay(&black, "2. …, G21-G15");
    let spec = MoveSpec::Move {
        piece: PieceKind::Pawn,
        from: "G7".parse().unwrap(),
        to: "E13".parse().unwrap(),
        capture: SpecCapture::None,
        promotion: None,
    };
    assert!(matches!(p.match_move_coherent(&spec), Err(MoveError::DestinationOwnPiece { .. })));
}
