//! The replay of a game's lines, through the front door: where variations branch (checkpoints
//! far and near, nested variations), draws, check marks left untested for mate, and the fast
//! path on the same games.

use cescacs_board::Position;
use cescacs_diagnostics::Diagnostic;
use ctl_an::Limits;
use ctl_pgn::internals::check_fast;
use ctl_pgn::{Check, Level, ParsedGame};

/// Every diagnostic of `text` at `level`.
fn check_text(text: &str, level: Level) -> Vec<Diagnostic> {
    Check::new(level).text(text).diagnostics
}

/// The codes `check_text` reports on `text` at `level`, in order.
fn codes(text: &str, level: Level) -> Vec<&'static str> {
    check_text(text, level).iter().map(|d| d.code).collect()
}

/// Knights out and back: pairs with an odd number play out, even ones back.
fn shuffle(pairs: u32) -> String {
    (1..=pairs)
        .map(|n| {
            if n % 2 == 1 {
                format!("{n}. NE3-C7, NE25-C21\n")
            } else {
                format!("{n}. NC7-E3, NC21-E25\n")
            }
        })
        .collect()
}

#[test]
fn variations_far_past_a_checkpoint_branch_from_the_right_position() {
    // Pair 19 is far past several checkpoints: its variations start from the position
    // rebuilt from the last one.
    let game = |variation: &str| {
        format!("[Variant \"C'escacs\"]\n{}{variation}\n20. NC7-E3: *\n", shuffle(19))
    };
    let codes = |text: &str| codes(text, Level::Coherence);
    assert_eq!(codes(&game("(19. NE3-C7, NE25-C21)")), Vec::<&str>::new());
    assert_eq!(codes(&game("(19. …, NE25-C21)")), Vec::<&str>::new());
    // Before Black's move of pair 19 the Knight is on E25, not C21.
    assert_eq!(codes(&game("(19. …, NC21-E25)")), ["E0404"]);
    // Before White's move the Knight is on E3: White cannot play it back from C7.
    assert_eq!(codes(&game("(19. NC7-E3)")), ["E0404"]);
    // A nested variation branches from its own line's positions.
    assert_eq!(codes(&game("(19. NE3-C7, NE25-C21 (19. …, NE25-C21))")), Vec::<&str>::new());
}

/// `plies` legal moves from `position` by the rule of [`legal_game`] (shifted by `seed`):
/// their texts, with the position before each.
fn legal_line(mut position: Position, plies: usize, seed: usize) -> Vec<(Position, String)> {
    let mut out = Vec::new();
    for ply in 0..plies {
        let moves = position.legal_moves();
        let Some(m) = moves.get((ply * 17 + seed) % moves.len().max(1)) else { break };
        out.push((position.clone(), position.move_text_with_check(m)));
        position = position.play_unchecked(m);
    }
    out
}

#[test]
fn nested_variations_at_the_rules_level_branch_from_their_own_lines() {
    // A variation keeps its parent's checkpoint instead of a copy of its start: the
    // variations nested in it (and in those) must still start from their own line.
    let main = legal_game(24);
    let text_of = |plies: &[(Position, String)], first: usize| -> String {
        let mut out = String::new();
        for (i, (_, m)) in plies.iter().enumerate() {
            let ply = first + i;
            if ply % 2 == 0 {
                out.push_str(&format!("{}. {m}", ply / 2 + 1));
            } else if i == 0 {
                out.push_str(&format!("{}. …, {m}", ply / 2 + 1));
            } else {
                out.push_str(&format!(", {m}"));
            }
            if ply % 2 == 1 {
                out.push('\n');
            }
        }
        out
    };
    for pair in [3, 6, 10] {
        let black = 2 * pair - 1;
        // Black's alternative at `pair`, then four plies of its own.
        let alt = other_move(&main[black].0, &main[black].1).unwrap();
        let parsed = main[black].0.legal_moves().into_iter();
        let alt_move = parsed.clone().find(|x| main[black].0.move_text_with_check(x) == alt);
        let v1_start = main[black].0.play_unchecked(&alt_move.unwrap());
        let v1_rest = legal_line(v1_start, 4, pair);
        // Inside it: Black's alternative of its next pair, with two plies of its own.
        let inner_black = other_move(&v1_rest[1].0, &v1_rest[1].1).unwrap();
        let parsed = v1_rest[1].0.legal_moves().into_iter();
        let inner_move =
            parsed.clone().find(|x| v1_rest[1].0.move_text_with_check(x) == inner_black);
        let v2_rest = legal_line(v1_rest[1].0.play_unchecked(&inner_move.unwrap()), 2, pair + 1);
        // Three deep: White's alternative of the inner line's next pair.
        let deep_white = other_move(&v2_rest[0].0, &v2_rest[0].1).unwrap();
        let deep = format!("({}. {deep_white})", pair + 2);
        let inner = format!(
            "({}. …, {inner_black}\n{} {deep})",
            pair + 1,
            text_of(&v2_rest, 2 * pair + 2).trim_end()
        );
        // Inside it, before its own first checkpoint: a third move of Black at `pair`.
        let position = &main[black].0;
        let mut third =
            position.legal_moves().into_iter().map(|m| position.move_text_with_check(&m));
        let third = third.find(|t| *t != alt && *t != main[black].1).unwrap();
        let v1 = format!(
            "({pair}. …, {alt} ({pair}. …, {third})\n{} {inner}\n{})",
            text_of(&v1_rest[..2], 2 * pair).trim_end(),
            text_of(&v1_rest[2..], 2 * pair + 2).trim_end()
        );
        // An earlier variation leaves its line's storage (and its stale board copies) to the next.
        let early = format!("(1. {})", other_move(&main[0].0, &main[0].1).unwrap());
        let head = format!("{}\n{early}\n{}", text_of(&main[..2], 0), text_of(&main[2..=black], 2));
        let tail = text_of(&main[black + 1..], black + 1);
        let text =
            format!("[Variant \"C'escacs\"]\n{}\n{v1}\n{}: *\n", head.trim_end(), tail.trim_end());
        let full = check_text(&text, Level::Rules);
        assert_eq!(full, [], "{text}");
        let fast = check_fast(&text, Level::Rules, &Limits::DEFAULT);
        assert!(fast.is_some(), "{text}");
        // Each nested line starts from the position before the move it replaces.
        let file = ctl_an::parse_file(&text).file;
        let game = ParsedGame::new(file.games[0].clone(), &text);
        let lines = game.lines(Level::Rules).unwrap();
        let v1 = lines.variations[pair - 1][0].as_ref().unwrap();
        assert_eq!(v1.positions[0], main[black].0, "{text}");
        let sibling = v1.variations[0][0].as_ref().unwrap();
        assert_eq!(sibling.positions[0], main[black].0, "{text}");
        let inner = v1.variations[1][0].as_ref().unwrap();
        assert_eq!(inner.positions[0], v1_rest[1].0, "{text}");
        let deep = inner.variations[1][0].as_ref().unwrap();
        assert_eq!(deep.positions[0], v2_rest[0].0, "{text}");
    }
}

#[test]
fn a_variation_is_drawn_only_if_its_line_was_before_the_move_it_replaces() {
    // The start position comes back after every even pair: Black's move of pair 8 makes
    // its fifth occurrence, an automatic draw.
    let game = |variation: &str| {
        format!("[Variant \"C'escacs\"]\n{}8. NC7-E3, NC21-E25: {variation}\n1-1\n", shuffle(7))
    };
    let codes = |text: &str| codes(text, Level::Rules);
    assert_eq!(codes(&game("")), Vec::<&str>::new());
    // Before Black's move of pair 8 the line was not drawn yet: the variation goes on.
    let before_the_draw = game("(8. …, E21-E15 9. NE3-C7)");
    assert_eq!(codes(&before_the_draw), Vec::<&str>::new());
    assert!(check_fast(&before_the_draw, Level::Rules, &Limits::DEFAULT).is_some());
}

#[test]
fn the_fast_path_follows_references_when_the_text_has_a_hash() {
    let game = |comment: &str| {
        format!(
            "[Variant \"C'escacs\"]\n1. E7-E13, E21-E15 {comment}\n2. F8-F12, F20-F16\n\
             3. G7-G11, G21-G17: *\n"
        )
    };
    for (comment, clean) in [("{see #1}", true), ("{see #3}", false), ("{no reference}", true)] {
        let text = game(comment);
        let full = check_text(&text, Level::Coherence);
        assert_eq!(full.is_empty(), clean, "{full:?}");
        let fast = check_fast(&text, Level::Coherence, &Limits::DEFAULT);
        assert_eq!(fast.is_some(), clean, "{text}");
    }
}

#[test]
fn a_check_mark_left_untested_for_mate_is_tested_when_no_move_answers_it() {
    // The fast path tests a right check mark for mate only when the line ends after it:
    // a legal move after it proves there was one. The spec's fool's mate, and a check.
    let fool = "1. H6-H12, I23-I19 2. JF6-C15, GH26-Z11 3. L5-L7, NG25-L17 4. EH4-H8, \
                GZ11-L5 5. I5-I9, NL17-G9 6. K4-K10, GL5-H6";
    let check = "1. H6-H12, I23-I19 2. JF6-C15, GH26-Z11 3. L5-L7, NG25-L17 4. EH4-H8, \
                 GZ11-L5 5. K4-K10, GL5-H6";
    let cases: [(String, &[&str]); 9] = [
        (format!("{fool}# 0-3"), &[]),
        (format!("{fool}+: 0-3"), &["W0503"]),
        (format!("{fool}+^: *"), &["W0503", "E0508"]),
        // In a variation: the line ends at its `)`.
        (format!("{fool}# (6. …, GL5-H6+) 0-3"), &["W0503"]),
        (format!("{fool}# (6. …, GL5-H6+^ {{ mate }}) 0-3"), &["W0503"]),
        // A move after the mate cannot be played.
        (format!("{fool}+ 7. K10-K12: 0-3"), &["W0503", "E0502"]),
        (format!("{check}+^: *"), &[]),
        (format!("{check}+: (5. …, GL5-H6+^) *"), &[]),
        (format!("{check}+ 6. KG1-H4: *"), &[]),
    ];
    for (movetext, expected) in cases {
        let text = format!("[Variant \"C'escacs\"]\n{movetext}\n");
        let full = check_text(&text, Level::Rules);
        let found: Vec<&str> = full.iter().map(|d| d.code).collect();
        assert_eq!(found, expected, "{text}");
        let fast = check_fast(&text, Level::Rules, &Limits::DEFAULT);
        assert_eq!(fast.is_some(), full.is_empty(), "{text}");
    }
}

/// A game of legal moves from the initial position, chosen by a fixed rule (no position
/// comes back, unlike [`shuffle`]): each ply's position and its move's text with the mark.
fn legal_game(plies: usize) -> Vec<(Position, String)> {
    let mut position = Position::initial();
    let mut out = Vec::new();
    for ply in 0..plies {
        let moves = position.legal_moves();
        let Some(m) = moves.get((ply * 31 + 7) % moves.len().max(1)) else { break };
        out.push((position.clone(), position.move_text_with_check(m)));
        position = position.play_unchecked(m);
    }
    out
}

/// Another legal move than `played` in `position`, with its mark.
fn other_move(position: &Position, played: &str) -> Option<String> {
    let moves = position.legal_moves().into_iter();
    moves.map(|m| position.move_text_with_check(&m)).rfind(|t| t != played)
}

#[test]
fn the_fast_path_branches_from_the_right_position_with_few_checkpoints() {
    // Pairs far from any `(` make no checkpoint when the text is known (the fast path);
    // a long comment puts the `(` out of sight of its pair's number.
    let game = legal_game(160);
    let long = format!(" {{{}}}", "a long comment ".repeat(8));
    let mut checked = 0;
    for pair in [1, 2, 3, 5, 19, 40, 75] {
        let (white, black) = (2 * pair - 2, 2 * pair - 1);
        let Some((after_white, _)) = game.get(black) else { continue };
        let before = |end: usize| -> String {
            game[..end]
                .chunks(2)
                .enumerate()
                .map(|(i, p)| {
                    let black = p.get(1).map_or(String::new(), |b| format!(", {}", b.1));
                    format!("{}. {}{black}\n", i + 1, p[0].1)
                })
                .collect()
        };
        let alternative_white = other_move(&game[white].0, &game[white].1).unwrap();
        let alternative_black = other_move(after_white, &game[black].1).unwrap();
        // Black's move of the pair before: most often not even coherent here.
        let wrong_black = &game[black.saturating_sub(2)].1;
        for pad in ["", long.as_str()] {
            for variation in [
                format!("({pair}. {alternative_white})"),
                format!("({pair}. …, {alternative_black})"),
                format!("({pair}. …, {wrong_black})"),
                format!("({pair}. {alternative_white}) ({pair}. …, {alternative_black})"),
            ] {
                let rest = before(game.len())[before(black + 1).len()..].trim_end().to_string();
                let end = if rest.ends_with('#') { "" } else { ":" };
                let text = format!(
                    "[Variant \"C'escacs\"]\n{}{pad} {variation}\n{rest}{end} *\n",
                    before(black + 1),
                );
                for level in [Level::Coherence, Level::Rules] {
                    let full = check_text(&text, level);
                    let fast = check_fast(&text, level, &Limits::DEFAULT);
                    assert_eq!(fast.is_some(), full.is_empty(), "{level:?}, {text}");
                    if !variation.contains(wrong_black.as_str()) {
                        assert_eq!(full, [], "{text}");
                    }
                    checked += 1;
                }
            }
        }
    }
    assert_eq!(checked, 7 * 2 * 4 * 2);
}
