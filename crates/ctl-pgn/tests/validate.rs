//! Validation beyond syntax: replay of lines and variations, numbering, check marks, results,
//! references, letters, forced promotions, and the streaming reader.

use cescacs_diagnostics::Diagnostic;
use ctl_pgn::{Check, Level};
use ctl_pgn::{LazyReader, ParsedGame, ReadGame, Reader, read_str};

const V: &str = "[Variant \"C'escacs\"]\n";

fn codes(text: &str, level: Level) -> Vec<&'static str> {
    Check::new(level).text(text).diagnostics.iter().map(|d| d.code).collect()
}

fn rules(movetext: &str) -> Vec<Diagnostic> {
    Check::new(Level::Rules).text(&format!("{V}{movetext}")).diagnostics
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
fn a_comment_stands_after_its_pair_once_it_is_over() {
    let later = |movetext: &str| -> Vec<String> {
        rules(movetext).iter().filter(|d| d.code == "W0402").map(|d| d.message.clone()).collect()
    };
    let after = |side: &str| {
        format!(
            "expected a reference to a move already played, found a later move (after {side}'s move 2)"
        )
    };
    // Every move of the pair is played: only a later pair's move is later.
    let whole = "1. E7-E13, E21-E15 2. F8-F12, F20-F16 { #1 #1@B #2 #2@W #2@B #3 } 3. G7-G13: *";
    assert_eq!(later(whole), [after("Black")]);
    // After White's move, Black's is later; so is any move of a later pair.
    let white = "1. E7-E13, E21-E15 2. F8-F12 { #1 #2@B #2 #3 #2@W } 2. …, F20-F16 3. G7-G13: *";
    assert_eq!(later(white), [after("White"), after("White")]);
    let variation =
        "1. E7-E13, E21-E15 2. F8-F12, F20-F16 (2. …, F20-F18 { #2 #2@B #3 #1 }) 3. G7-G13: *";
    assert_eq!(later(variation), [after("Black")]);
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
    assert_eq!(games.iter().map(|g| g.offset).collect::<Vec<_>>(), [0, second, third]);
    let games: Vec<_> =
        LazyReader::new(&bytes[..]).map(|g| g.expect("no I/O error").into_read()).collect();
    assert_eq!(games.len(), 3);
    // The reader's diagnostics and the check's of the game, in stream offsets.
    let check = |g: &ReadGame<ParsedGame>| {
        let mut all = g.diagnostics.clone();
        let found = Check::new(Level::Rules).game(&g.game);
        all.extend(found.into_iter().map(|d| d.shifted(g.offset)));
        Diagnostic::sort(&mut all);
        all
    };
    assert!(check(&games[0]).is_empty());
    let found = check(&games[1]);
    let found: Vec<(&str, usize)> = found.iter().map(|d| (d.code, d.span.start)).collect();
    let bad_byte = second + bytes[second..].iter().position(|&b| b == 0xFF).unwrap();
    let origin = second + bytes[second..].windows(2).position(|w| w == b"G7").unwrap();
    assert_eq!(found, [("E0001", bad_byte), ("E0405", origin + 3)]);
    assert_eq!(games[2].offset, third);
    assert!(check(&games[2]).is_empty());
    let text = format!("{V}1. E7-E13: *\n{V}1. E7-E13: *\n");
    assert_eq!(read_str(&text).len(), 2);
}

mod random_games {
    use cescacs_board::{Colour, Outcome, Position};
    use ctl_pgn::{Check, Level};
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
                let found: Vec<String> = Check::new(level).text(&text).diagnostics.iter().map(ToString::to_string).collect();
                prop_assert!(found.is_empty(), "{level:?}: {found:?}\n{text}");
            }
        }
    }
}

mod never_panics {
    use ctl_pgn::{Check, Level};
    use proptest::prelude::*;

    /// Fragments of movetext, valid and not, glued at random.
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
                let found = Check::new(level).text(&text).diagnostics;
                prop_assert!(found.windows(2).all(|w| w[0].span.start <= w[1].span.start));
                prop_assert!(found.iter().all(|d| d.span.end <= text.len()));
            }
        }
    }
}

/// The knight dance `NE3-C7, NE25-C21, NC7-E3, NC21-E25` from move `first` to move `last`,
/// starting with White's move.
fn knight_dance(first: u32, last: u32) -> String {
    let mut text = String::new();
    for n in first..=last {
        let (white, black) =
            if (n - first) % 2 == 0 { ("NE3-C7", "NE25-C21") } else { ("NC7-E3", "NC21-E25") };
        text += &format!("{n}. {white}, {black} ");
    }
    text
}

/// The text of the first diagnostic with `code`.
fn text_of<'a>(source: &'a str, found: &[Diagnostic], code: &str) -> &'a str {
    let d = found.iter().find(|d| d.code == code).unwrap_or_else(|| panic!("no {code}"));
    &source[d.span.start..d.span.end]
}

#[test]
fn the_fifth_repetition_draws_and_no_move_may_follow() {
    // The initial position after 0, 2, 4, 6 and 8 full moves of the dance: the fifth time after
    // Black's move 8.
    let text = format!("{V}{}9. NE3-C7: 1-1\n", knight_dance(1, 8));
    let found = Check::new(Level::Rules).text(&text).diagnostics;
    assert_eq!(found.iter().map(|d| d.code).collect::<Vec<_>>(), ["E0509"]);
    assert_eq!(text_of(&text, &found, "E0509"), "NE3-C7");
    assert!(found[0].span.start > text.find("9. ").unwrap());
    assert!(found[0].message.contains("repetition"), "{}", found[0].message);
    assert_eq!(&text[found[0].labels[0].span.start..found[0].labels[0].span.end], "NC21-E25");
    // Ending on the fifth repetition: `1-1` is right, anything else is not.
    let drawn = format!("{V}{}", knight_dance(1, 8).trim_end());
    assert!(codes(&format!("{drawn}: 1-1\n"), Level::Rules).is_empty());
    let wrong = Check::new(Level::Rules).text(&format!("{drawn}: 3-0\n")).diagnostics;
    assert_eq!(wrong.iter().map(|d| d.code).collect::<Vec<_>>(), ["E0508"]);
    assert!(wrong[0].message.starts_with("expected the result `1-1` (drawn by repetition"));
    assert_eq!(wrong[0].fixes[0].replacement, "1-1");
    assert_eq!(codes(&format!("{drawn}: *\n"), Level::Rules), ["E0508"]);
    // A third or fourth repetition may be claimed, but the game goes on: nothing to report.
    assert!(codes(&format!("{V}{}: *\n", knight_dance(1, 6).trim_end()), Level::Rules).is_empty());
    assert!(
        codes(&format!("{V}{}: 1-1\n", knight_dance(1, 4).trim_end()), Level::Rules).is_empty()
    );
    // Repetitions are a rules-level matter.
    assert!(
        codes(&format!("{V}{}9. NE3-C7: 3-0\n", knight_dance(1, 8)), Level::Coherence).is_empty()
    );
}

#[test]
fn an_en_passant_chance_counts_only_when_the_capture_is_legal() {
    // 1. E7-E11 passes E9. In the first position Black's D12 pawn may take on E9, so the
    // position after it differs from the same placement reached later by the dance; in the
    // second the pawn is pinned to its King by the Rook on D4, the chance is void, and the
    // position after 1. E7-E11 counts as its first occurrence.
    let usable = "/27:1k/25:1n2/12:2p4/7:3P4/3:1N2/1:1K/ w -- - 0 1";
    let pinned = "/25:1n2/16:2k4/12:2p4/7:3P4/4:1R3/3:1N2/1:1K/ w -- - 0 1";
    // The Knights dance out of phase: White's goes out when Black's comes back.
    let mut moves = String::from("1. E7-E11, NE25-C21 ");
    for n in 2..=9 {
        let (white, black) =
            if n % 2 == 0 { ("NE3-C7", "NC21-E25") } else { ("NC7-E3", "NE25-C21") };
        moves += &format!("{n}. {white}, {black} ");
    }
    moves += "10. NE3-C7: *\n";
    let at = |pdtl: &str| {
        let text = format!("{V}[PDTL \"{pdtl}\"]\n{moves}");
        let found = Check::new(Level::Rules).text(&text).diagnostics;
        let codes: Vec<&str> = found.iter().map(|d| d.code).collect();
        assert!(codes.starts_with(&["E0509"]), "{pdtl}: {found:?}");
        let d = &found[0];
        // The number of the pair holding the move after the draw, and the move.
        let pair = text[..d.span.start].rsplit_once(". ").map(|(a, _)| a).unwrap_or_default();
        let number = pair.rsplit(' ').next().unwrap_or_default().to_string();
        (number, text[d.span.start..d.span.end].to_string())
    };
    // Void chance: the position after 1. E7-E11 comes back after 3., 5., 7., 9.: drawn after
    // 9. NC7-E3, so Black's move 9 is one too many.
    assert_eq!(at(pinned), ("9".to_string(), "NE25-C21".to_string()));
    // Usable chance: the first to come five times is the one after 1... NE25-C21 (1..., 3...,
    // 5..., 7..., 9...), so White's move 10 is one too many.
    assert_eq!(at(usable), ("10".to_string(), "NE3-C7".to_string()));
}

#[test]
fn a_variation_counts_repetitions_with_the_history_of_its_line() {
    // The initial position occurs at the start and after Black's moves 2, 4 and 6; the
    // variation replacing 7. G7-G13 brings it a fifth time after 8... NC21-E25.
    let text = format!(
        "{V}{}7. G7-G13 (7. NE3-C7, NE25-C21 8. NC7-E3, NC21-E25 9. NE3-C7) 7. …, F20-F16: *\n",
        knight_dance(1, 6)
    );
    let found = Check::new(Level::Rules).text(&text).diagnostics;
    assert_eq!(found.iter().map(|d| d.code).collect::<Vec<_>>(), ["E0509"]);
    assert_eq!(found[0].span.start, text.find("9. NE3-C7").unwrap() + 3);
    // The main line itself never gets there.
    let main = format!("{V}{}7. G7-G13, F20-F16: *\n", knight_dance(1, 6));
    assert!(codes(&main, Level::Rules).is_empty());
}

#[test]
fn automatic_draws_end_the_game() {
    // Move exhaustion: the 150th half-move without capture or pawn move draws.
    let pdtl = |p: &str| format!("{V}[PDTL \"{p}\"]\n");
    let exhausted = pdtl("/27:1k/3:R3/1:1K/ w -- - 149 60");
    let found = Check::new(Level::Rules)
        .text(&format!("{exhausted}60. RC3-C5, KG27-G25: 3-0\n"))
        .diagnostics;
    assert_eq!(found.iter().map(|d| d.code).collect::<Vec<_>>(), ["E0509", "E0508"]);
    assert!(found[0].message.contains("move exhaustion"), "{}", found[0].message);
    assert!(found[1].message.starts_with("expected the result `1-1` (drawn by move exhaustion"));
    assert!(codes(&format!("{exhausted}60. RC3-C5: 1-1\n"), Level::Rules).is_empty());
    // One half-move earlier the game goes on.
    let almost = pdtl("/27:1k/3:R3/1:1K/ w -- - 147 60");
    assert!(codes(&format!("{almost}60. RC3-C5, KG27-G25: *\n"), Level::Rules).is_empty());
    // Insufficient material: the Knight takes the last pawn.
    let material = pdtl("/27:1k/20:3p3/15:3N4/1:1K/ w -- - 0 1");
    let found = codes(&format!("{material}1. NE15×F20, KG27-E27: 3-0\n"), Level::Rules);
    assert_eq!(found, ["E0509", "E0508"]);
    assert!(codes(&format!("{material}1. NE15×F20: 1-1\n"), Level::Rules).is_empty());
    // A position that is drawn from the start admits no move at all.
    let bare = pdtl("/27:1k/1:1K/ w -- - 0 1");
    assert_eq!(codes(&format!("{bare}1. KG1-G3: *\n"), Level::Rules), ["E0509", "E0508"]);
    // Mate on the move that reaches the 150th half-move is mate.
    let mate = pdtl("/11:3D4/7:k7/5:K5/ w -- - 149 60");
    assert!(codes(&format!("{mate}60. DE11-P11# 3-0\n"), Level::Rules).is_empty());
    assert_eq!(codes(&format!("{mate}60. DE11-P11# 1-1\n"), Level::Rules), ["E0508"]);
}

#[test]
fn stalemate_decides_the_result() {
    let white = "[Variant \"C'escacs\"]\n[PDTL \"/14:D6/7:k7/5:K5/ w -- - 0 40\"]\n40. DT14-T12";
    assert!(codes(&format!("{white}: 2-1\n"), Level::Rules).is_empty());
    for wrong in ["1-2", "3-0", "1-1"] {
        let found = Check::new(Level::Rules).text(&format!("{white}: {wrong}\n")).diagnostics;
        assert_eq!(found.iter().map(|d| d.code).collect::<Vec<_>>(), ["E0508"], "{wrong}");
        assert_eq!(
            found[0].message,
            format!("expected the result `2-1` (White stalemates), found `{wrong}`")
        );
    }
    // The same position mirrored: Black stalemates White.
    let black =
        "[Variant \"C'escacs\"]\n[PDTL \"/23:k5/21:K7/14:d6/ b -- - 0 40\"]\n40. …, DT14-T16";
    assert!(codes(&format!("{black}: 1-2\n"), Level::Rules).is_empty());
    assert_eq!(codes(&format!("{black}: 2-1\n"), Level::Rules), ["E0508"]);
}

/// The note of the diagnostic `code` that says what its line left unchecked.
fn unchecked_note(found: &[Diagnostic], code: &str) -> Option<String> {
    let d = found.iter().find(|d| d.code == code)?;
    d.notes.iter().find(|n| n.starts_with("the line stops here")).cloned()
}

#[test]
fn a_line_that_cannot_go_on_says_how_much_was_not_checked() {
    // Black's E23 holds an Elephant, not a pawn: the main line stops there. The variation on the
    // failing move branches from the position before it, still known, and is checked (its
    // E0501); the one on the next pair branches from an unknown position and is not.
    let found = rules(
        "1. E7-E13, E21-E15 2. F8-F12, E23-E17 (2. …, G21-G15 3. F12-F18) \
         3. G7-G13, G21-G15 (3. D6-D16) 4. I5-I11, F20-F16 5. K4-K10: *",
    );
    let got: Vec<&str> = found.iter().map(|d| d.code).collect();
    assert_eq!(got, ["E0404", "E0501"]);
    let note = unchecked_note(&found, "E0404").expect("the stop says what was left");
    assert!(note.contains("its 5 later moves and 1 variation were not checked"), "{note}");
    // A line that stops at its last move leaves nothing unchecked, and says nothing.
    let last = rules("1. E7-E13, E23-E17: *");
    assert_eq!(last[0].code, "E0404");
    assert_eq!(unchecked_note(&last, "E0404"), None);
}

#[test]
fn a_variation_branching_before_the_stop_is_checked_from_its_own_branch() {
    // White's second move fails; the variation on it (White's alternative) starts from the
    // position before it and is checked to its end, its own error included; Black's
    // alternative (`2. …`) needs the position after the failing move and is not replayed.
    let found = rules(
        "1. E7-E13, E21-E15 2. E7-E11, E23-E17 (2. F8-F12, F20-F16 3. F12-F18) (2. …, G21-G15) 3. G7-G13: *",
    );
    let got: Vec<&str> = found.iter().map(|d| d.code).collect();
    assert_eq!(got, ["E0404", "E0501"]);
    let note = unchecked_note(&found, "E0404").unwrap();
    assert!(note.contains("its 2 later moves and 1 variation were not checked"), "{note}");
    // A variation nested in a stopped variation: the note belongs to the variation's stop.
    let nested = rules("1. E7-E13, E21-E15 (1. …, E23-E17 2. F8-F12, F20-F16) 2. F8-F12: *");
    let note = unchecked_note(&nested, "E0404").unwrap();
    assert!(note.contains("its 2 later moves were not checked"), "{note}");
}

#[test]
fn a_move_with_a_hex_that_does_not_exist_notes_what_its_line_left_on_the_syntax_error() {
    let found = rules("1. E7-E13, E21-E15 2. EZ5-E11, E23-E17 3. G7-G13: *");
    assert_eq!(found.iter().map(|d| d.code).collect::<Vec<_>>(), ["E0204"]);
    let note = unchecked_note(&found, "E0204").unwrap();
    assert!(note.contains("its 2 later moves were not checked"), "{note}");
}

/// The text with the fixes of `d` applied.
fn fixed(text: &str, d: &Diagnostic) -> String {
    let mut out = text.to_string();
    let mut fixes = d.fixes.clone();
    fixes.sort_by_key(|f| std::cmp::Reverse(f.span.start));
    for f in fixes {
        out.replace_range(f.span.range(), &f.replacement);
    }
    out
}

#[test]
fn did_you_mean_the_letter_of_the_piece_on_the_origin() {
    let cases = [
        // The Elephant on E5 written as a Knight.
        ("1. E7-E13, E21-E15 2. NE5-D8: *", "found an Elephant on E5: did you mean `EE5-D8`?"),
        // A pawn written with a piece's letter: the fix drops it.
        ("1. EE7-E13: *", "found a Pawn on E7: did you mean `E7-E13`?"),
        // A piece written without its letter: the fix inserts it.
        ("1. E7-E13, E21-E15 2. E5-D8: *", "found an Elephant on E5: did you mean `EE5-D8`?"),
    ];
    for (movetext, help) in cases {
        let text = format!("{V}{movetext}\n");
        let found = Check::new(Level::Rules).text(&text).diagnostics;
        assert_eq!(found.len(), 1, "{movetext}: {found:?}");
        assert_eq!(found[0].help, [help], "{movetext}");
        // The fix gives a game without an error.
        let again = fixed(&text, &found[0]);
        assert_eq!(codes(&again, Level::Rules), Vec::<&str>::new(), "{again}");
    }
    // The letter of the piece found gives no legal move either: no help.
    let found = rules("1. E7-E13, E21-E15 2. NE5-E11: *");
    assert_eq!(found[0].code, "E0404");
    assert!(found[0].help.iter().all(|h| !h.contains("did you mean")), "{:?}", found[0].help);
    assert!(found[0].fixes.is_empty());
}

#[test]
fn did_you_mean_an_origin_one_key_away() {
    // E15 for E25, where Black's Knight stands: `1` and `2` are neighbouring keys.
    let text = format!("{V}1. E7-E13, NE15-C21: *\n");
    let found = Check::new(Level::Rules).text(&text).diagnostics;
    assert_eq!(found.len(), 1, "{found:?}");
    assert_eq!(
        found[0].help,
        ["Black's Knight stands on E25, one key away: did you mean `NE25-C21`?"]
    );
    assert_eq!(codes(&fixed(&text, &found[0]), Level::Rules), Vec::<&str>::new());
    // No hex one key away from E9 holds a White Knight that can go to C7: no guess.
    let found = rules("1. NE9-C7: *");
    assert_eq!(found[0].code, "E0404");
    assert!(found[0].fixes.is_empty(), "{:?}", found[0]);
}

#[test]
fn a_missing_mate_mark_and_final_colon_get_one_combined_fix() {
    // The mate written without `#` nor `:`: the parser's W0203 and the replay's W0503 both
    // fix the same place, with the same text: `#`, which also ends the game.
    let text = format!("{V}{FOOL}GL5-H6 0-3\n");
    let found = Check::new(Level::Rules).text(&text).diagnostics;
    let by = |code: &str| found.iter().find(|d| d.code == code).unwrap().clone();
    let (no_final, unmarked) = (by("W0203"), by("W0503"));
    assert_eq!(no_final.fixes, unmarked.fixes);
    assert_eq!(unmarked.fixes[0].replacement, "#");
    // Every fix applied once (what "fix all" does) gives a clean game.
    let again = fixed(&text, &unmarked);
    assert_eq!(codes(&again, Level::Rules), Vec::<&str>::new(), "{again}");
    // A check without its mark on the last move: `+^:`.
    let check = "1. H6-H12, I23-I19 2. JF6-C15, GH26-Z11 3. L5-L7, NG25-L17 4. EH4-H8, GZ11-L5 5. K4-K10, GL5-H6 *";
    let text = format!("{V}{check}\n");
    let found = Check::new(Level::Rules).text(&text).diagnostics;
    let w0501 = found.iter().find(|d| d.code == "W0501").unwrap();
    assert_eq!(w0501.fixes[0].replacement, "+^:");
    assert_eq!(codes(&fixed(&text, w0501), Level::Rules), Vec::<&str>::new());
}

#[test]
fn the_first_rules_error_of_a_line_says_the_rest_is_checked_for_coherence_only() {
    // 2. EE5-E11 is illegal: the line goes on at the coherence level, where 3. G7-E13 is
    // still found; the rules are not looked at again, and the first error says so.
    let found = rules("1. E7-E13, E21-E15 2. EE5-E11, G21-G15 3. G7-E13: *");
    assert_eq!(found.iter().map(|d| d.code).collect::<Vec<_>>(), ["E0501", "E0405"]);
    assert!(
        found[0].notes.iter().any(|n| n.contains("checked for coherence only")),
        "{:?}",
        found[0]
    );
    assert!(found[1].notes.iter().all(|n| !n.contains("checked for coherence only")));
}

#[test]
fn no_guess_when_two_origins_one_key_away_fit() {
    // White Rooks on E25 and E5; `E15` is one key from both (`1` beside `2` and `0`).
    let game =
        |mv: &str| format!("{V}[PDTL \"/25:1R2/14:3k3/5:2R3/1:1K/ w -- - 0 1\"]\n1. {mv}: *\n");
    // Both Rooks reach E13 along the column: which one was meant is not sure.
    let both = Check::new(Level::Rules).text(&game("RE15-E13")).diagnostics;
    assert_eq!(both.iter().map(|d| d.code).collect::<Vec<_>>(), ["E0404"]);
    assert!(both[0].fixes.is_empty(), "{:?}", both[0]);
    // Only the Rook on E25 reaches F24.
    let one = Check::new(Level::Rules).text(&game("RE15-F24")).diagnostics;
    assert_eq!(one[0].help, ["White's Rook stands on E25, one key away: did you mean `RE25-F24`?"]);
}

#[test]
fn taking_a_false_mate_mark_off_the_last_move_keeps_the_game_ended() {
    // `#` on a move that gives no check: the fix writes `:` for it.
    let text = format!("{V}1. E7-E13# 3-0\n");
    let found = Check::new(Level::Rules).text(&text).diagnostics;
    assert_eq!(found.iter().map(|d| d.code).collect::<Vec<_>>(), ["E0506"]);
    assert_eq!(found[0].fixes[0].replacement, ":");
    assert_eq!(codes(&fixed(&text, &found[0]), Level::Rules), Vec::<&str>::new());
    // `#` on a check that does not mate: the check's mark, then `:`.
    let check = "1. H6-H12, I23-I19 2. JF6-C15, GH26-Z11 3. L5-L7, NG25-L17 4. EH4-H8, GZ11-L5 5. K4-K10, GL5-H6";
    let text = format!("{V}{check}# 0-3\n");
    let found = Check::new(Level::Rules).text(&text).diagnostics;
    let false_mate = found.iter().find(|d| d.code == "E0506").unwrap();
    assert_eq!(false_mate.fixes[0].replacement, "+^:");
    let again = fixed(&text, false_mate);
    assert_eq!(codes(&again, Level::Rules), Vec::<&str>::new(), "{again}");
    // In a variation, or before another move of the main line, `#` ends nothing: the fix only
    // removes it.
    let found = rules("1. E7-E13, E21-E15 (1. …, E21-E17#) 2. F8-F12: *");
    assert_eq!(found[0].code, "E0506");
    assert_eq!(found[0].fixes[0].replacement, "");
    let found = rules("1. E7-E13#, E21-E15: *");
    assert_eq!(found[0].code, "E0506");
    assert_eq!(found[0].fixes[0].replacement, "");
}

/// A move written with `-` onto an enemy piece gets the capture mark, with the captured piece's
/// letter, as its fix (`E0405`); the text fixed checks clean.
#[test]
fn an_unmarked_capture_is_fixed_with_its_mark_and_letter() {
    let setup = "[PDTL \"/14:3k3/12:3N3/8:3r3/4:2R2/1:1K/ w -- - 0 1\"]\n";
    for level in [Level::Coherence, Level::Rules] {
        let text = format!("{V}{setup}1. RF4-F8: *\n");
        let found = Check::new(level).text(&text).diagnostics;
        assert_eq!(found.len(), 1, "{found:?}");
        assert_eq!(found[0].code, "E0405");
        assert_eq!(found[0].help, ["did you mean `RF4×RF8`?"]);
        let fixes = ctl_pgn::fixes::compatible(found.iter());
        let fixed = ctl_pgn::fixes::apply(&text, &fixes);
        assert_eq!(fixed, format!("{V}{setup}1. RF4×RF8: *\n"));
        assert!(Check::new(level).text(&fixed).diagnostics.is_empty());
    }
    // A Pawn captured: the mark alone.
    let pawn = "[PDTL \"/14:3k3/12:3N3/8:3p3/4:2R2/1:1K/ w -- - 0 1\"]\n";
    let found = Check::new(Level::Rules).text(&format!("{V}{pawn}1. RF4-F8: *\n")).diagnostics;
    assert_eq!(found[0].help, ["did you mean `RF4×F8`?"]);
    assert_eq!(found[0].fixes[0].replacement, "×");
}
