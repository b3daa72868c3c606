//! `cescacs replay`: positions of the main line, stopping at an illegal move.

use std::path::Path;
use std::process::{Command, Output};

const BIN: &str = env!("CARGO_BIN_EXE_cescacs");

fn corpus(path: &str) -> String {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../corpus").join(path).display().to_string()
}

fn replay(args: &[&str]) -> Output {
    Command::new(BIN).arg("replay").args(args).output().expect("the binary runs")
}

fn lines(o: &Output) -> Vec<String> {
    String::from_utf8(o.stdout.clone()).expect("UTF-8").lines().map(str::to_string).collect()
}

fn stderr(o: &Output) -> String {
    String::from_utf8(o.stderr.clone()).expect("UTF-8")
}

#[test]
fn the_previous_moves_end_in_the_position_of_the_dptl_fragment() {
    let o = replay(&[&corpus("invalid/spec-previous-moves-no-variant.ctl-pgn")]);
    // The record has no `[Variant]` tag: reported, but its moves are still replayed.
    assert_eq!(o.status.code(), Some(1));
    assert!(stderr(&o).contains("[E0217] Error"), "{}", stderr(&o));
    let positions = lines(&o);
    assert_eq!(positions.len(), 40, "the start and 39 plies");
    assert!(positions[0].ends_with(" w RKRrkr - 0 1"));
    let last: Vec<&str> = positions[39].split(' ').collect();
    let fragment = std::fs::read_to_string(corpus("invalid/spec-DPTL-fragment.ctl-pgn")).unwrap();
    let start = fragment.find("[DPTL \"").expect("the tag") + 7;
    let value = &fragment[start..start + fragment[start..].find('"').unwrap()];
    let expected: Vec<&str> = value.split(' ').collect();
    assert_eq!(last[0], expected[0], "placement");
    assert_eq!(last[1], expected[1], "side to move");
    assert_eq!(last[4], expected[4], "halfmove clock");
    assert_eq!(expected[2], "KRrkr", "the fragment's (wrong) castling field");
    assert_eq!(last[2], "RKrkr", "the castling field the spec should have written");
    assert_eq!(last[5], "20");
}

#[test]
fn an_illegal_move_stops_the_replay() {
    let o = replay(&[&corpus("invalid/spec-introduction-2021-06-04.ctl-pgn")]);
    assert_eq!(o.status.code(), Some(1));
    assert_eq!(lines(&o).len(), 3, "start, 1. E7-E13, 1... E21-E15");
    assert!(stderr(&o).contains("[E0501] Error: an Elephant on E5 cannot move to E11"));
    // The minimal reader accepts the Elephant's move and stops at `3. G7-E13`.
    let o =
        replay(&["--level", "coherence", &corpus("invalid/spec-introduction-2021-06-04.ctl-pgn")]);
    assert_eq!(o.status.code(), Some(1));
    assert_eq!(lines(&o).len(), 5);
    assert!(stderr(&o).contains("[E0405] Error"));
}

#[test]
fn a_legal_game_replays_to_its_end_with_exit_0() {
    let o = replay(&[&corpus("valid/spec-fools-mate-X01-en.ctl-pgn")]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert_eq!(lines(&o).len(), 13);
    assert!(lines(&o)[12].ends_with(" w RKRrkr - 1 7"), "White to move, mated");
    assert_eq!(stderr(&o), "");
}

#[test]
fn game_numbers_are_checked() {
    let file = corpus("valid/spec-fools-mate-X01-en.ctl-pgn");
    let second = replay(&["--game", "2", &file]);
    assert_eq!(second.status.code(), Some(0), "no game 2: one warning, nothing replayed");
    assert!(second.stdout.is_empty() && stderr(&second).starts_with("warning: "));
    assert_eq!(replay(&["--game", "0", &file]).status.code(), Some(2));
    assert_eq!(replay(&["--game", "1", &file]).status.code(), Some(0));
    assert_eq!(replay(&["no-such-file.ctl-pgn"]).status.code(), Some(2));
}

#[test]
fn the_game_replayed_is_the_first_one_selected() {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("replay-select");
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("three.ctl-pgn");
    std::fs::write(
        &file,
        "[Variant \"C'escacs\"]\n[White \"Puig\"]\n1. E7-E13: *\n\n\
         [Variant \"C'escacs\"]\n[White \"Ros\"]\n1. F8-F12, F20-F16: *\n\n\
         [Variant \"C'escacs\"]\n[White \"Ros\"]\n1. E7-E13: *\n",
    )
    .unwrap();
    let file = file.to_str().unwrap();
    let ros = replay(&["--where", "White=R?s", "--game", "1,2", file]);
    assert_eq!(ros.status.code(), Some(0), "{}", stderr(&ros));
    assert_eq!(lines(&ros).len(), 3, "the second game: the start and two plies");
    assert_eq!(lines(&replay(&["--game", "2", file])), lines(&ros));
    assert_eq!(lines(&replay(&["--where", "White=Ros", "--game", "3", file])).len(), 2);
    // Both games of a Ros: two blocks, each headed by its file and number.
    let both = lines(&replay(&["--where", "White=R?s", file]));
    let head = |n: usize| format!("# {file} game {n}");
    assert_eq!(both.len(), 1 + 3 + 1 + 1 + 2, "{both:?}");
    assert_eq!((both[0].clone(), both[4].as_str(), both[5].clone()), (head(2), "", head(3)));
    let none = replay(&["--where", "White=Vila", file]);
    assert_eq!(none.status.code(), Some(0));
    assert!(stderr(&none).contains("is selected"), "{}", stderr(&none));
}

#[test]
fn moves_are_printed_beside_the_positions_they_lead_to() {
    let file = corpus("valid/spec-fools-mate-X01-en.ctl-pgn");
    let plain = lines(&replay(&[&file]));
    let with = replay(&["--moves", &file]);
    assert_eq!(with.status.code(), Some(0), "{}", stderr(&with));
    let with = lines(&with);
    assert_eq!(with.len(), plain.len());
    let split: Vec<(&str, &str)> =
        with.iter().map(|l| l.split_once('\t').expect("a tab")).collect();
    assert_eq!(split.iter().map(|(_, p)| p.to_string()).collect::<Vec<_>>(), plain);
    assert_eq!(split[0].0, "start");
    assert!(split[1].0.starts_with("1. H6-H12"), "{}", split[1].0);
    assert!(split[2].0.starts_with("1. \u{2026}, I23-I19"), "{}", split[2].0);
    assert!(split[12].0.starts_with("6. \u{2026}, "), "{}", split[12].0);
}

#[test]
fn every_game_of_every_file_of_a_folder_is_replayed_in_blocks_or_json_lines() {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("replay-folder");
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(dir.join("sub")).unwrap();
    let two =
        "[Variant \"C'escacs\"]\n1. E7-E13, E21-E15: *\n\n[Variant \"C'escacs\"]\n1. F8-F12: *\n";
    std::fs::write(dir.join("a.ctl-pgn"), two).unwrap();
    std::fs::copy(corpus("valid/spec-fools-mate-X01-en.ctl-pgn"), dir.join("sub/b.ctl-pgn"))
        .unwrap();
    let folder = dir.to_str().unwrap();
    let o = replay(&[folder]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let text = String::from_utf8(o.stdout.clone()).unwrap();
    let blocks: Vec<&str> = text.split("\n\n").collect();
    assert_eq!(blocks.len(), 3);
    let (a, b) = (dir.join("a.ctl-pgn"), dir.join("sub/b.ctl-pgn"));
    let heads: Vec<String> = blocks.iter().map(|b| b.lines().next().unwrap().to_string()).collect();
    let want = [(&a, 1), (&a, 2), (&b, 1)].map(|(f, n)| format!("# {} game {n}", f.display()));
    assert_eq!(heads, want);
    // Each block is what replaying that game alone prints.
    let alone = lines(&replay(&[b.to_str().unwrap()]));
    assert_eq!(blocks[2].lines().skip(1).collect::<Vec<_>>(), alone);
    assert_eq!(blocks[1].lines().count(), 1 + 2);

    let o = replay(&["--format", "jsonl", folder]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let objects: Vec<serde_json::Value> =
        lines(&o).iter().map(|l| serde_json::from_str(l).expect("JSON")).collect();
    assert_eq!(objects.len(), 3 + 2 + 13, "one object per position, the start included");
    let first = &objects[0];
    assert_eq!(first["file"], a.display().to_string());
    assert_eq!((first["game"].as_u64(), first["ply"].as_u64()), (Some(1), Some(0)));
    assert!(first["move"].is_null());
    assert_eq!(objects[1]["move"], "E7-E13");
    assert_eq!(objects[3]["game"], 2);
    let fools: Vec<String> =
        objects[5..].iter().map(|o| o["pdtl"].as_str().unwrap().to_string()).collect();
    assert_eq!(fools, alone, "the same positions as the text");
    let keys: Vec<&String> = first.as_object().unwrap().keys().collect();
    assert_eq!(keys.len(), 5, "file, game, ply, move, pdtl: {keys:?}");
}

/// Each report of `stderr`: its first line, and the line and column its header places it at.
fn reports(stderr: &str) -> Vec<(String, usize, usize)> {
    let mut found = Vec::new();
    let mut lines = stderr.lines();
    while let Some(line) = lines.next() {
        if !line.starts_with('[') {
            continue;
        }
        let header = lines.next().expect("a header").trim();
        let place = header.trim_start_matches(",-[ ").trim_end_matches(" ]");
        let mut parts = place.rsplitn(3, ':');
        let col = parts.next().unwrap().parse().expect("a column");
        let line_number = parts.next().unwrap().parse().expect("a line");
        found.push((line.to_string(), line_number, col));
    }
    found
}

#[test]
fn a_run_of_games_without_tags_reports_what_each_game_reports_alone() {
    // A chunk of the file: its games replayed one after another, each reported and located as
    // when it is replayed alone (and the chunk's lines indexed once, not per game). A game with
    // tags starts a second chunk.
    let records: [&[u8]; 7] = [
        b"1. E7-E13, E21-E15\n2. F8-F12: *\n",
        b"1. E7-E13, E21-E15\n2. EE5-E11: *\n",
        b"[Variant \"C'escacs\"]\n1. E7-E13, E21-E15\n2. EE5-E11: *\n",
        b"1. E7-E13:\n",
        b"{ opens the next game }\n1. F8-F12, \xFF E21-E15: 2-1\n",
        b"1. E7-E99: *\n",
        b"1. E7-E13, E21-E15 2. F8-F12#\n",
    ];
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("replay-tagless");
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let whole = dir.join("whole.ctl-pgn");
    std::fs::write(&whole, records.concat()).unwrap();
    let o = replay(&["--format", "jsonl", whole.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(1));
    let positions = |o: &Output| -> Vec<(u64, serde_json::Value)> {
        let objects = lines(o).into_iter().map(|l| serde_json::from_str(&l).expect("JSON"));
        objects
            .map(|mut v: serde_json::Value| {
                let game = v["game"].as_u64().unwrap();
                v.as_object_mut().unwrap().retain(|k, _| k != "file" && k != "game");
                (game, v)
            })
            .collect()
    };
    let (whole_positions, whole_reports) = (positions(&o), reports(&stderr(&o)));
    let (mut alone_positions, mut alone_reports) = (Vec::new(), Vec::new());
    let mut first_line = 1;
    for (n, record) in records.iter().enumerate() {
        let path = dir.join(format!("{n}.ctl-pgn"));
        std::fs::write(&path, record).unwrap();
        let o = replay(&["--format", "jsonl", path.to_str().unwrap()]);
        alone_positions.extend(positions(&o).into_iter().map(|(_, p)| (n as u64 + 1, p)));
        let placed = reports(&stderr(&o)).into_iter();
        alone_reports.extend(placed.map(|(head, line, col)| (head, line + first_line - 1, col)));
        first_line += record.iter().filter(|&&b| b == b'\n').count();
    }
    assert_eq!(whole_positions, alone_positions);
    assert_eq!(whole_reports, alone_reports);
    let codes: Vec<&str> = whole_reports.iter().map(|r| &r.0[1..6]).collect();
    assert_eq!(codes.iter().filter(|&&c| c == "E0217").count(), records.len() - 1);
    for code in ["E0501", "E0001", "E0204"] {
        assert!(codes.contains(&code), "{code} in {codes:?}");
    }
}
