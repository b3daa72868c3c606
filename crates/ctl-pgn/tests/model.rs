//! The game model: a game read and written again is `cescacs fmt`'s text, on every file of
//! `corpus/`; edits give the expected canonical text; the tree is navigable both ways; a
//! node's board move is the replay's; what it says of a move that is not legal is the
//! replay's diagnostic.

mod fmt;

use cescacs_board::{Colour, Position};
use ctl_an::syntax::{CheckMark, Comment, GameResult, Rating};
use ctl_pgn::model::CommentPlace;
use ctl_pgn::{Check, EditError, Game, Level, Node, NodeId, read_str};

/// The games of `text`, read.
fn games(text: &str) -> Vec<Game> {
    read_str(text).into_iter().map(|r| r.game).filter(|g| !g.is_empty()).collect()
}

fn one(text: &str) -> Game {
    games(text).remove(0)
}

/// The legal move of `position` written `text` (with its check mark).
fn legal(position: &Position, text: &str) -> cescacs_board::Move {
    let moves = position.legal_moves();
    moves
        .into_iter()
        .find(|m| m.to_string() == text)
        .unwrap_or_else(|| panic!("{text} is not legal"))
}

/// The legal move `text` after `node`.
fn after(game: &Game, node: NodeId, text: &str) -> cescacs_board::Move {
    legal(&game.position(node).expect("a known position"), text)
}

#[test]
fn read_then_written_is_fmt_on_every_corpus_file() {
    let mut checked = 0;
    for (path, bytes) in fmt::corpus_files() {
        let Some(expected) = fmt::fmt_stdout(&bytes) else { continue };
        let reads: Vec<_> = ctl_pgn::Reader::new(&bytes[..]).map(|r| r.expect("memory")).collect();
        assert!(reads.iter().all(|r| !r.unwritable()), "{}", path.display());
        let written: Vec<String> =
            reads.iter().filter(|r| !r.game.is_empty()).map(|r| r.game.to_string()).collect();
        assert_eq!(written.join("\n"), expected, "{}", path.display());
        checked += 1;
    }
    assert!(checked > 50, "{checked} files");
}

/// Every node's children name it as their parent, its path leads to it from the root, and its
/// board move is the one the checker's replay plays there.
#[test]
fn the_tree_is_navigable_both_ways_and_its_moves_are_the_replays() {
    let mut nodes = 0;
    for (path, bytes) in fmt::corpus_files() {
        let text = String::from_utf8_lossy(&bytes);
        for game in games(&text) {
            let mut stack = vec![game.root()];
            while let Some(node) = stack.pop() {
                nodes += 1;
                for child in node.variations() {
                    assert_eq!(child.parent(), Some(node), "{}", path.display());
                    stack.push(child);
                }
                let mut at = game.root();
                for id in node.path() {
                    let next = at.variations().into_iter().find(|c| c.id() == id);
                    at = next.unwrap_or_else(|| panic!("{}: no way to {id:?}", path.display()));
                }
                assert_eq!(at, node);
                // A board move where its position is known and it is legal: then its position
                // is the one the move reaches.
                if let (Some(m), Some(before)) = (node.board_move(), node.position_before()) {
                    assert_eq!(node.position(), Some(before.play(&m).expect("legal")));
                    assert!(before.legal_moves().contains(&m), "{}: {m}", path.display());
                }
            }
        }
    }
    assert!(nodes > 2_500, "{nodes} nodes");
}

/// What a node says of a move that is not legal is what the checker says of it, word for word
/// (where the checker's replay plays it: a line it stopped before has nothing to say).
#[test]
fn a_move_refused_says_what_the_checker_says() {
    let mut refused = 0;
    for (path, bytes) in fmt::corpus_files() {
        let text = String::from_utf8_lossy(&bytes).into_owned();
        let checked = Check::new(Level::Rules).text(&text).diagnostics;
        for read in read_str(&text).into_iter().filter(|r| !r.unwritable()) {
            for node in read.game.main_line() {
                let Some(e) = node.play_error() else { continue };
                let d = e.diagnostic().expect("a diagnostic");
                let span = node.written().expect("a move").span;
                let (start, end) = (read.offset + span.start, read.offset + span.end);
                let Some(c) = checked.iter().find(|c| start <= c.span.start && c.span.end <= end)
                else {
                    continue;
                };
                assert_eq!((c.code, &c.message), (d.code, &d.message), "{}", path.display());
                assert_eq!(
                    (c.span.start, c.span.end),
                    (read.offset + d.span.start, read.offset + d.span.end)
                );
                refused += 1;
            }
        }
    }
    assert!(refused >= 4, "{refused}");
}

#[test]
fn a_game_built_move_by_move_writes_the_canonical_text() -> Result<(), EditError> {
    let mut game = Game::new();
    game.set_tag("Event", "CG")?;
    game.comments_mut(CommentPlace::Opening)?.push(Comment::new(" Introduction ").unwrap());
    let root = game.root().id();
    let w1 = game.add_move(root, after(&game, root, "E7-E13"))?;
    let b1 = game.add_move(w1, after(&game, w1, "E21-E15"))?;
    game.set_rating(b1, Some(Rating::Dubious))?;
    game.set_player_comment(w1, Colour::White, "opens")?;
    // Black's alternative (after White's move) and White's (from the start), in that order.
    let v1 = game.add_variation(w1, Colour::Black, after(&game, w1, "F20-F16"))?;
    let v2 = game.add_variation(w1, Colour::White, after(&game, root, "F8-F12"))?;
    game.set_label(w1, 1, Some(2))?;
    game.comments_mut(CommentPlace::BeforeVariation { pair: w1, index: 1 })?
        .push(Comment::new("why").unwrap());
    let v2b = game.add_move(v2, after(&game, v2, "F20-F16"))?;
    game.add_move(v2b, after(&game, v2b, "NE3-C7"))?;
    game.add_move(v1, after(&game, v1, "F8-F12"))?;
    let w2 = game.add_move(b1, after(&game, b1, "EE5-E9"))?;
    game.set_nags(w2, &[14])?;
    game.set_draw_offer(w2, true)?;
    game.set_end(w2, true)?;
    game.set_result(Some(GameResult::Draw));
    game.comments_mut(CommentPlace::Closing)?.push(Comment::new("end").unwrap());
    let expected = "[Variant \"C'escacs\"]\n[Event \"CG\"]\n\n{ Introduction }\n\
        1. E7-E13, E21-E15 ?!\n{ @W: opens }\n(1. …, F20-F16\n.2. F8-F12)\n\
        ($[2] {why}\n.1. F8-F12, F20-F16\n.2. NE3-C7)\n2. EE5-E9 $14 (=):\n1-1\n{end}\n";
    assert_eq!(game.to_string(), expected);
    // It reads back as the same game.
    assert_eq!(one(expected).to_string(), expected);
    // The tree says where each line branches.
    let replies: Vec<String> =
        game.node(w1).unwrap().variations().iter().map(Node::to_string).collect();
    assert_eq!(replies, ["E21-E15 ?!", "F20-F16"]);
    let starts: Vec<String> = game.root().variations().iter().map(Node::to_string).collect();
    assert_eq!(starts, ["E7-E13", "F8-F12"]);
    Ok(())
}

const VARIATIONS: &str = "[Variant \"C'escacs\"]\n\n\
    1. E7-E13, E21-E15\n{ @W: a }\n{ @B: b }\n(1. …, F20-F16\n.{ @B: c }\n.2. F8-F12)\n\
    ($[1] 1. F8-F12, F20-F16\n.{ @W: d }\n.(1. …, G21-G17)\n.2. EE5-E9)\n2. G7-G13 :\n*\n";

#[test]
fn promoting_a_black_move_swaps_the_black_comments_and_keeps_the_pair() -> Result<(), EditError> {
    let mut game = one(VARIATIONS);
    assert_eq!(game.to_string(), VARIATIONS);
    let white = game.root().next().unwrap();
    let black_alternative = white.alternatives()[0].id();
    game.promote_to_main(black_alternative)?;
    assert_eq!(
        game.to_string(),
        "[Variant \"C'escacs\"]\n\n\
         1. E7-E13, F20-F16\n{ @W: a }\n{ @B: c }\n(1. …, E21-E15\n.{ @B: b }\n.2. G7-G13 :)\n\
         ($[1] 1. F8-F12, F20-F16\n.{ @W: d }\n.(1. …, G21-G17)\n.2. EE5-E9)\n2. F8-F12\n*\n"
    );
    Ok(())
}

#[test]
fn promoting_a_white_move_swaps_whole_pairs() -> Result<(), EditError> {
    let mut game = one(VARIATIONS);
    let white_alternative = game.root().alternatives()[0].id();
    game.promote_to_main(white_alternative)?;
    let promoted = "[Variant \"C'escacs\"]\n\n\
        1. F8-F12, F20-F16\n{ @W: d }\n($[1] 1. E7-E13, E21-E15\n.{ @W: a }\n.{ @B: b }\n\
        .(1. …, F20-F16\n..{ @B: c }\n..2. F8-F12)\n.2. G7-G13 :)\n(1. …, G21-G17)\n2. EE5-E9\n*\n";
    assert_eq!(game.to_string(), promoted);
    // Demoting the main line's first move gives the first alternative its place back; the
    // variations from the start come first after its pair, then those it had.
    let first = game.root().next().unwrap().id();
    game.demote(first)?;
    let demoted = "[Variant \"C'escacs\"]\n\n\
        1. E7-E13, E21-E15\n{ @W: a }\n{ @B: b }\n($[1] 1. F8-F12, F20-F16\n.{ @W: d }\n\
        .(1. …, G21-G17)\n.2. EE5-E9)\n(1. …, F20-F16\n.{ @B: c }\n.2. F8-F12)\n2. G7-G13 :\n*\n";
    assert_eq!(game.to_string(), demoted);
    let black_alternative = game.root().next().unwrap().alternatives()[0].id();
    game.promote(black_alternative)?;
    assert_eq!(game.to_string(), VARIATIONS);
    Ok(())
}

#[test]
fn promote_and_demote_reorder_the_variations_of_a_pair() -> Result<(), EditError> {
    let mut game = one(VARIATIONS);
    let white = game.root().next().unwrap().id();
    let labelled = game.root().alternatives()[0].id();
    game.promote(labelled)?; // second of the pair's two variations: now first
    let pair = game.node(white).unwrap().pair().unwrap();
    let labels: Vec<Option<u32>> = pair.variations().map(|v| v.label()).collect();
    assert_eq!(labels, [Some(1), None]);
    game.demote(labelled)?;
    assert_eq!(game.to_string(), VARIATIONS);
    Ok(())
}

#[test]
fn removing_plies_and_variations() -> Result<(), EditError> {
    let mut game = one(VARIATIONS);
    // The main line's first move: its first alternative takes its place.
    let first = game.root().next().unwrap().id();
    game.remove(first)?;
    assert!(game.node(first).is_none());
    assert_eq!(
        game.to_string(),
        "[Variant \"C'escacs\"]\n\n1. F8-F12, F20-F16\n{ @W: d }\n(1. …, G21-G17)\n2. EE5-E9\n*\n"
    );
    // A variation, then the end of the line.
    let variation = game.root().next().unwrap().alternatives()[0].id();
    game.remove(variation)?;
    let last = game.root().end().id();
    game.remove(last)?;
    assert_eq!(game.to_string(), "[Variant \"C'escacs\"]\n\n1. F8-F12, F20-F16\n{ @W: d }\n*\n");
    assert_eq!(game.remove(last), Err(EditError::NoSuchNode(last)));
    assert_eq!(game.remove(NodeId::ROOT), Err(EditError::Root));
    Ok(())
}

#[test]
fn edits_refuse_what_would_break_the_game() {
    let mut game = one(VARIATIONS);
    let root = game.root().id();
    let white = game.root().next().unwrap().id();
    let start = Position::initial();
    // A next move exists already; a board move not legal there; marks on the root.
    assert_eq!(game.add_move(root, legal(&start, "F8-F12")), Err(EditError::Occupied(root)));
    let end = game.root().end().id();
    let illegal = game.add_move(end, legal(&start, "F8-F12"));
    assert!(matches!(illegal, Err(EditError::IllegalMove { .. })), "{illegal:?}");
    assert_eq!(game.set_rating(root, Some(Rating::Good)), Err(EditError::Root));
    assert!(game.set_tag("Bad name", "x").is_err());
    assert!(game.set_tag("Event", "two\nlines").is_err());
    assert!(game.promote(white).is_err());
    assert!(game.remove_variation(white, 5).is_err());
    // Nothing changed.
    assert_eq!(game.to_string(), VARIATIONS);
}

#[test]
fn check_marks_are_the_boards_unless_set() -> Result<(), EditError> {
    let mut game = Game::from_position(&pdtl::parse("/14:3k3/8:3E3/1:1K/ w - - 0 1").unwrap());
    let root = game.root().id();
    let check = game.add_move(root, after(&game, root, "EF8-F10+∞"))?;
    assert!(game.to_string().ends_with("1. EF8-F10+∞\n"));
    assert_eq!(game.node(check).unwrap().board_move().unwrap().check_mark(), "+∞");
    // A source may write `+`: kept as written.
    game.set_check_mark(check, Some(CheckMark::Check))?;
    assert!(game.to_string().ends_with("1. EF8-F10+\n"));
    Ok(())
}

#[test]
fn the_setup_tags_drive_the_letters_the_start_and_the_board_moves() -> Result<(), EditError> {
    let mut game = one("[Variant \"C'escacs\"]\n1. BF6-C15: *\n");
    let first = game.root().next().unwrap().id();
    assert_eq!(game.node(first).unwrap().board_move(), None); // `B` is no standard letter
    game.set_tag("Redefine", "B@J")?;
    assert_eq!(game.node(first).unwrap().board_move().unwrap().to_string(), "JF6-C15");
    // A start where that Bishop is gone: the move is kept as written, without a board move.
    game.set_tag("PDTL", "/14:3k3/1:1K/ w - - 0 1")?;
    assert_eq!(game.node(first).unwrap().board_move(), None);
    let names: Vec<&str> = game.tags().iter().map(|t| t.name.as_str()).collect();
    assert_eq!(names, ["Variant", "Redefine", "PDTL"]);
    assert_eq!(game.remove_tags("PDTL"), 1);
    assert!(game.node(first).unwrap().board_move().is_some());
    Ok(())
}

#[test]
fn the_outcome_knows_repetition_from_the_line() {
    let mut text = String::from("[Variant \"C'escacs\"]\n");
    let shuffle = ["NE3-C7, NE25-C21", "NC7-E3, NC21-E25"];
    for n in 0..8 {
        text.push_str(&format!("{}. {}\n", n + 1, shuffle[n % 2]));
    }
    let game = one(&text);
    let last = game.root().end();
    let outcome = last.outcome().expect("drawn");
    assert_eq!(outcome.termination(), cescacs_board::Termination::Repetition);
    assert_eq!(outcome.winner(), None);
    // The position alone does not know it.
    assert_eq!(last.position().unwrap().outcome(), None);
}

/// A move the parser read only by recovering from a syntax error inside it is not played, as
/// the replay does not play it: the line's positions stop there (a stray `\` before the
/// capture sign here, read as `E13×E15`).
#[test]
fn a_move_with_a_syntax_error_inside_is_not_played() {
    let text = "[Variant \"C'escacs\"]\n\n1. E7-E13, F20-F16 2. E13\\*F16 *\n";
    let read = read_str(text).remove(0);
    assert!(read.diagnostics.iter().any(|d| d.is_error()), "{:?}", read.diagnostics);
    let game = read.game;
    let plies: Vec<Node> = game.main_line().collect();
    assert_eq!(plies.len(), 3);
    assert!(plies[1].position().is_some());
    assert_eq!(plies[2].board_move(), None);
    assert_eq!(plies[2].position(), None);
    let replayed = ctl_pgn::LazyReader::new(text.as_bytes()).next().unwrap().unwrap();
    assert_eq!(replayed.main_line(Level::Rules).positions.len(), 3);
}
