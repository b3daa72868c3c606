//! Validation beyond syntax: replay of lines and variations, numbering, check marks, results,
//! references, letters, forced promotions, and the streaming reader.

use cescacs_board::Diagnostic;
use ctl_pgn::reader::{Reader, read_str};
use ctl_pgn::validate::{Level, check_text};

const V: &str = "[Variant \"C'escacs\"]\n";

fn codes(text: &str, level: Level) -> Vec<&'static str> {
    check_text(text, level).iter().map(|d| d.code).collect()
}

fn rules(movetext: &str) -> Vec<Diagnostic> {
    check_text(&format!("{V}{movetext}"), Level::Rules)
}

fn rule_codes(movetext: &str) -> Vec<&'static str> {
    rules(movetext).iter().map(|d| d.code).collect()
}

/// The fool's mate of the spec, up to White's sixth move.
const FOOL: &str = "1. H6-H12, I23-I19 2. JF6-C15, GH26-Z11 3. L5-L7, NG25-L17 4. EH4-H8, GZ11-L5 5. I5-I9, NL17-G9 6. K4-K10, ";

#[test]
fn a_variation_replaces_the_move_it_follows() {
    // Black's alternative first move, from the position after White's first move.
    assert_eq!(rule_codes("1. E7-E13, E21-E15 (1. …, E21-E17) 2. F8-F12: *"), Vec::<&str>::new());
    // White's alternative first move, from the initial position.
    assert_eq!(
        rule_codes("1. E7-E13, E21-E15 (1. F8-F12, F20-F16) 2. F8-F12: *"),
        Vec::<&str>::new()
    );
    // A variation starting with a Black move where White moves.
    assert_eq!(rule_codes("1. E7-E13, E21-E15 (1. E21-E17) 2. F8-F12: *"), ["E0404"]);
    // An error in a variation does not stop the main line, and the reverse.
    let found = rule_codes("1. E7-E13, E21-E15 (1. E7-E9, E21-E13) 2. F8-F10, E15-E13: *");
    assert_eq!(found, ["E0501", "E0405"]);
}

#[test]
fn one_error_per_line_then_the_line_stops() {
    let found = rule_codes("1. E7-E13, E21-E15 2. F10-F12, F20-F16 3. E13-E15: *");
    assert_eq!(found, ["E0404"]);
}

#[test]
fn numbering_and_turns() {
    let found = rules("1. E7-E13, E21-E15 3. F8-F12: *");
    assert_eq!(found.iter().map(|d| d.code).collect::<Vec<_>>(), ["W0401"]);
    assert_eq!(found[0].message, "expected move number 2, found 3");
    assert_eq!(rule_codes("1. …, E21-E15: *"), ["E0409"]);
    // A pair may end with White's move; Black's then comes with the same number.
    assert_eq!(
        rule_codes("1. E7-E13\n{ a comment }\n1. …, E21-E15 2. F8-F12: *"),
        Vec::<&str>::new()
    );
    // `1?`: the numbering is unknown and goes on from the written number.
    assert_eq!(rule_codes("1? E7-E13, E21-E15 2. F8-F12: *"), Vec::<&str>::new());
}

#[test]
fn check_marks_are_verified() {
    assert_eq!(rule_codes(&format!("{FOOL}GL5-H6# 0-3")), Vec::<&str>::new());
    let unmarked = rules(&format!("{FOOL}GL5-H6: 0-3"));
    assert_eq!(unmarked[0].code, "W0503");
    assert_eq!(unmarked[0].fixes[0].replacement, "#");
    assert_eq!(rule_codes(&format!("{FOOL}GL5-H6+^: 0-3")), ["W0503"]);
    // 5. K4-K10, GL5-H6+^ of the spec's variation is a check, not a mate.
    let check = "1. H6-H12, I23-I19 2. JF6-C15, GH26-Z11 3. L5-L7, NG25-L17 4. EH4-H8, GZ11-L5 5. K4-K10, GL5-H6";
    assert_eq!(rule_codes(&format!("{check}+^: *")), Vec::<&str>::new());
    assert_eq!(rule_codes(&format!("{check}+: *")), Vec::<&str>::new());
    assert_eq!(rule_codes(&format!("{check}: *")), ["W0501"]);
    assert_eq!(rule_codes(&format!("{check}+∞: *")), ["W0502"]);
    assert_eq!(rule_codes(&format!("{check}# 0-3")), ["E0506"]);
    assert_eq!(rule_codes("1. E7-E13+^, E21-E15: *"), ["E0507"]);
    assert_eq!(rule_codes("1. E7-E13# 3-0"), ["E0506"]);
    // Marks are not looked at below the rules level.
    assert!(codes(&format!("{V}1. E7-E13# 3-0"), Level::Coherence).is_empty());
}

#[test]
fn results_against_the_tag_and_the_board() {
    let tagged = |tag: &str, line: &str| {
        codes(
            &format!("[Variant \"C'escacs\"] [Result \"{tag}\"]\n{FOOL}GL5-H6#\n{line}\n"),
            Level::Rules,
        )
    };
    assert!(tagged("0-3", "0-3").is_empty());
    assert_eq!(tagged("3-0", "0-3"), ["E0410"]);
    assert_eq!(tagged("3-0", "3-0"), ["E0508"]);
    assert_eq!(tagged("0-3", "*"), ["E0410", "E0508"]);
    let without_line =
        codes(&format!("[Variant \"C'escacs\"] [Result \"3-0\"]\n{FOOL}GL5-H6#\n"), Level::Rules);
    assert_eq!(without_line, ["E0508", "W0204"]);
    // A resignation is not contradicted by the board.
    assert!(codes(&format!("{V}1. E7-E13, E21-E15: 3-0"), Level::Rules).is_empty());
}

#[test]
fn references_in_comments() {
    let ok = "1. E7-E13, E21-E15\n{ #1 and #1@B }\n2. F8-F12, F20-F16 ($[2]2. G7-G13)\n{ see #2.2 and #2[#2.2] }\n3. G7-G13: *";
    assert_eq!(rule_codes(ok), Vec::<&str>::new());
    assert_eq!(rule_codes("1. E7-E13\n{ after #2 }\n1... E21-E15: *").first(), Some(&"W0402"));
    assert_eq!(
        rule_codes("1. E7-E13, E21-E15\n{ #1@B is fine, #2 is not }\n2. F8-F12: *"),
        ["W0402"]
    );
    assert_eq!(rule_codes("1. E7-E13, E21-E15\n{ see #1.3 }\n2. F8-F12: *"), ["W0403"]);
}

#[test]
fn redefined_letters_are_the_only_ones_valid() {
    let text = "[Variant \"C'escacs\"]\n[Redefine \"B@J\"]\n1. E7-E13, E21-E15\n2. BF6-C15: *\n";
    assert!(codes(text, Level::Rules).is_empty());
    let text = "[Variant \"C'escacs\"]\n[Redefine \"B@J\"]\n1. E7-E13, E21-E15\n2. JF6-C15: *\n";
    assert_eq!(codes(text, Level::Rules), ["E0403"]);
    let text = "[Variant \"C'escacs\"]\n[Redefine \"B@Q\"]\n1. E7-E13: *\n";
    assert_eq!(codes(text, Level::Coherence), ["E0401"]);
}

#[test]
fn forced_promotions_are_enforced_at_rules_level() {
    let pdtl = "[Variant \"C'escacs\"]\n[PDTL \"/27:Pk/1:1K/ w -- - 0 1\"]\n";
    let found = codes(&format!("{pdtl}1. KG1-H2: *"), Level::Rules);
    assert_eq!(found, ["E0505"]);
    assert!(codes(&format!("{pdtl}1. KG1-H2: *"), Level::Coherence).is_empty());
    let found = codes(&format!("{pdtl}1. E27=D: *"), Level::Rules);
    assert!(found.iter().all(|c| c.starts_with('W')), "{found:?}");
}

#[test]
fn grand_cescacs_is_skipped() {
    let text = "[Variant \"Grand C'escacs\"]\n1. E7-E13: *\n";
    assert_eq!(codes(text, Level::Rules), ["E0303"]);
}

#[test]
fn the_reader_keeps_games_apart_and_offsets_exact() {
    let mut bytes = format!("{V}1. E7-E13, E21-E15\n2. F8-F12: *\n").into_bytes();
    let second = bytes.len();
    bytes.extend_from_slice(b"[Variant \"C'escacs\"]\n{ \xFF }\n1. G7-E7: *\n");
    let third = bytes.len();
    bytes.extend_from_slice(format!("{V}1. E7-E13: *\n").as_bytes());
    let games: Vec<_> = Reader::new(&bytes[..]).collect::<Result<_, _>>().expect("no I/O error");
    assert_eq!(games.len(), 3);
    assert!(games[0].check(Level::Rules).is_empty());
    let found = games[1].check(Level::Rules);
    let found: Vec<(&str, usize)> = found.iter().map(|d| (d.code, d.span.start)).collect();
    let bad_byte = second + bytes[second..].iter().position(|&b| b == 0xFF).unwrap();
    let origin = second + bytes[second..].windows(2).position(|w| w == b"G7").unwrap();
    assert_eq!(found, [("E0001", bad_byte), ("E0405", origin + 3)]);
    assert_eq!(games[2].offset, third);
    assert!(games[2].check(Level::Rules).is_empty());
    let text = format!("{V}1. E7-E13: *\n{V}1. E7-E13: *\n");
    assert_eq!(read_str(&text).len(), 2);
}

mod random_games {
    use cescacs_board::{Colour, Outcome, Position};
    use ctl_pgn::validate::{Level, check_text};
    use proptest::prelude::*;

    /// A random legal game written with the engine's own move texts and check marks.
    fn random_game(mut seed: u64, max_plies: usize) -> String {
        let mut p = Position::initial();
        let mut text = String::from("[Variant \"C'escacs\"]\n");
        let mut result = "*";
        for ply in 0..max_plies {
            let moves = p.legal_moves();
            if moves.is_empty() {
                break;
            }
            seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            let m = moves[(seed >> 33) as usize % moves.len()];
            let written = p.move_text_with_check(&m);
            if p.turn() == Colour::White {
                text += &format!("{}. {written}", ply / 2 + 1);
            } else {
                text += &format!(", {written}\n");
            }
            p = p.play(&m).expect("a legal move");
            match p.outcome() {
                Some(Outcome::Checkmate { winner } | Outcome::Stalemate { winner }) => {
                    result = match (winner, p.outcome()) {
                        (Colour::White, Some(Outcome::Checkmate { .. })) => "3-0",
                        (Colour::Black, Some(Outcome::Checkmate { .. })) => "0-3",
                        (Colour::White, _) => "2-1",
                        (Colour::Black, _) => "1-2",
                    };
                    break;
                }
                Some(Outcome::Draw(_)) => {
                    result = "1-1";
                    break;
                }
                None => {}
            }
        }
        let text = text.trim_end().to_string();
        let end = if text.ends_with('#') { "" } else { ":" };
        format!("{text}{end} {result}\n")
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(24))]
        #[test]
        fn legal_games_with_engine_marks_are_clean_at_every_level(seed in any::<u64>()) {
            let text = random_game(seed, 120);
            for level in [Level::Syntax, Level::Coherence, Level::Rules] {
                let found: Vec<String> = check_text(&text, level).iter().map(ToString::to_string).collect();
                prop_assert!(found.is_empty(), "{level:?}: {found:?}\n{text}");
            }
        }
    }
}

mod never_panics {
    use ctl_pgn::validate::{Level, check_text};
    use proptest::prelude::*;

    /// Pieces of movetext, valid and not, glued at random.
    const PIECES: [&str; 28] = [
        "1. ",
        "2. ",
        "1? ",
        "…, ",
        "E7-E13",
        "E21-E15",
        "G7-E13",
        "EE5-E11",
        "F12@@G9",
        "E13@F14",
        "E25-E27=D",
        "E27=D",
        "E27=&",
        "KRK-HIO",
        "KRD-DE",
        ", ",
        "+^",
        "#",
        "++",
        ": ",
        "3-0",
        "*",
        "(",
        ")",
        "{ #3 ~E13 #2.1 }",
        "$[1]",
        "[PDTL \"/27:Pk/1:1K/ b -- - 0 1\"]\n",
        "[Redefine \"B@J\"]\n",
    ];

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(200))]
        #[test]
        fn validation_never_panics(picks in proptest::collection::vec(0..PIECES.len(), 0..40)) {
            let mut text = String::from("[Variant \"C'escacs\"]\n");
            for i in picks {
                text += PIECES[i];
            }
            for level in [Level::Syntax, Level::Coherence, Level::Rules] {
                let found = check_text(&text, level);
                prop_assert!(found.windows(2).all(|w| w[0].span.start <= w[1].span.start));
                prop_assert!(found.iter().all(|d| d.span.end <= text.len()));
            }
        }
    }
}
