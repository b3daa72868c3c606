//! `cescacs tree`: the first moves of the tree from the initial position agree with the first
//! moves of the games counted by hand (their games and scores), on the corpus and on generated
//! games; the text and JSON of the corpus's tree are goldens.

mod common;

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use cescacs_board::Position;
use common::{cescacs, compare_golden};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// The moves played from the initial position, counted by hand game by game: the first
/// position of each game's main line equal to the initial one (the move counters aside), the
/// move after it, with the points the side that played it took from the game's `Result`
/// tag (the result line when the tag is missing). By move: games, games with a result, points.
fn by_hand(texts: &[String]) -> (usize, BTreeMap<String, (u64, u64, u64)>) {
    let start = Position::initial();
    let same = |p: &Position| {
        let mut p = p.clone();
        p.set_halfmove_clock(start.halfmove_clock());
        p.set_move_number(start.move_number());
        p == start
    };
    let mut reaching = 0;
    let mut moves: BTreeMap<String, (u64, u64, u64)> = BTreeMap::new();
    for text in texts {
        for read in ctl_pgn::read_str(text) {
            let game = read.game;
            let result = game
                .tag("Result")
                .map(str::to_string)
                .or_else(|| game.result().map(|r| r.as_str().to_string()));
            let nodes: Vec<_> = std::iter::once(game.root()).chain(game.main_line()).collect();
            let Some(at) = nodes.iter().position(|n| n.position().is_some_and(|p| same(&p))) else {
                continue;
            };
            reaching += 1;
            let Some(next) = nodes.get(at + 1) else { continue };
            let Some(played) = next.board_move() else { continue };
            let white = next.side() == Some(cescacs_board::Colour::White);
            let points = match result.as_deref() {
                Some("3-0") => Some((3, 0)),
                Some("2-1") => Some((2, 1)),
                Some("1-1") => Some((1, 1)),
                Some("1-2") => Some((1, 2)),
                Some("0-3") => Some((0, 3)),
                _ => None,
            };
            let entry = moves.entry(played.to_string()).or_default();
            entry.0 += 1;
            if let Some((w, b)) = points {
                entry.1 += 1;
                entry.2 += if white { w } else { b };
            }
        }
    }
    (reaching, moves)
}

/// The first moves of `cescacs tree --format json`: games reaching, and by move its games,
/// games with a result and points; checks each score and share on the way.
fn by_the_command(path: &Path) -> (usize, BTreeMap<String, (u64, u64, u64)>) {
    let out = cescacs(&["tree", "--format", "json", path.to_str().unwrap()]).output();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    let games = json["games"].as_u64().expect("games");
    let mut moves = BTreeMap::new();
    for m in json["moves"].as_array().expect("moves") {
        let n = |key: &str| m[key].as_u64().unwrap_or_else(|| panic!("{key}: {m}"));
        let (played, scored, points) = (n("games"), n("scored"), n("points"));
        let share = m["share"].as_f64().expect("a share");
        assert!((share - played as f64 / games as f64).abs() < 1e-9, "{m}");
        match m["score"].as_f64() {
            Some(score) => assert!((score - points as f64 / scored as f64).abs() < 1e-9, "{m}"),
            None => assert_eq!(scored, 0, "{m}"),
        }
        assert!(m.get("moves").is_none(), "one ply deep by default");
        moves.insert(m["move"].as_str().expect("a move").to_string(), (played, scored, points));
    }
    (games as usize, moves)
}

fn texts(dir: &Path) -> Vec<String> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .expect("a folder")
        .map(|e| e.expect("an entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "ctl-pgn"))
        .collect();
    files.sort();
    files.iter().map(|f| std::fs::read_to_string(f).expect("readable")).collect()
}

#[test]
fn the_first_moves_of_the_corpus_are_those_counted_by_hand() {
    for dir in ["corpus/valid", "corpus/generated"] {
        let dir = root().join(dir);
        let hand = by_hand(&texts(&dir));
        assert!(hand.0 > 10 && hand.1.len() > 3, "{hand:?}");
        assert_eq!(by_the_command(&dir), hand, "{}", dir.display());
    }
}

#[test]
fn the_first_moves_of_generated_games_are_those_counted_by_hand() {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("tree-generated");
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    // A third of the games start from a position of their own (`[PDTL]`): they do not count.
    let text = cescacs_gen::generate_corpus(431, 400_000, 40).text;
    let file = dir.join("many.ctl-pgn");
    std::fs::write(&file, &text).unwrap();
    let hand = by_hand(&[text]);
    assert!(hand.0 > 200, "{}", hand.0);
    assert_eq!(by_the_command(&file), hand);
}

#[test]
fn the_corpus_tree_as_text_and_json() {
    let valid = root().join("corpus/valid");
    let valid = valid.to_str().unwrap();
    for (format, golden) in [("text", "tree-corpus.txt"), ("json", "tree-corpus.json")] {
        let out = cescacs(&["tree", "--depth", "3", "--format", format, valid]).output();
        assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
        compare_golden(golden, &String::from_utf8_lossy(&out.stdout));
    }
}

#[test]
fn a_tree_from_another_position_and_bad_positions() {
    let club = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/golden/club.ctl-pgn");
    let club = club.to_str().unwrap();
    // After 1. E7-E13, E21-E15: three games of the club reach it.
    let after = "/28:v/27:dk/26:gjg/25:rnnr/24:pejep/23:ppeepp/22:2pjp2/21:4p3/20:3p3/15:3p4/\
                 13:3P4/8:3P3/7:4P3/6:2PJP2/5:PPEEPP/4:PEJEP/3:RNNR/2:GJG/1:DK/0:V/ w RKRrkr E15@17-19 0 2";
    let out = cescacs(&["tree", "--from", after, "--depth", "2", club]).output();
    let text = String::from_utf8_lossy(&out.stdout).into_owned();
    compare_golden("tree-club-from.txt", &text);
    let out = cescacs(&["tree", "--from", "/1:K/ w", club]).output();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("`--from`: not a PDTL position"));
    let out = cescacs(&["tree", "--depth", "0", club]).output();
    assert_eq!(out.status.code(), Some(2), "a depth of 1 at least");
}
