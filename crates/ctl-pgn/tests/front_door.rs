//! The downstream example `examples/front_door.rs`, which uses only root-level items of
//! `ctl-pgn` and `pdtl`, on files of the corpus.

#[path = "../examples/front_door.rs"]
mod front_door;

use std::path::Path;

fn corpus(name: &str) -> std::path::PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../corpus").join(name)
}

#[test]
fn a_valid_file_is_clean_and_replays_to_the_end() {
    let found = front_door::summary(&corpus("valid/edge-castling-and-leap.ctl-pgn")).unwrap();
    assert_eq!(found.problems, Vec::<String>::new());
    assert_eq!(found.stop, None);
    assert!(found.positions.len() > 1, "{found:?}");
    assert!(found.positions[0].starts_with("/28:"), "{found:?}");
}

#[test]
fn an_invalid_file_reports_and_stops_where_the_replay_stops() {
    let dir = corpus("invalid");
    let mut stopped = 0;
    for entry in std::fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "ctl-pgn") {
            let found = front_door::summary(&path).unwrap();
            assert!(!found.problems.is_empty(), "{}", path.display());
            stopped += usize::from(found.stop.is_some());
        }
    }
    assert!(stopped > 0, "no invalid file stops its first game's main line");
}
