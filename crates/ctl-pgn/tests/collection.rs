//! The standings and the opening tree read a game the same way whichever path reads it: by
//! the scanner (`LazyGame`, what `cescacs standings` and `cescacs tree` use on a large
//! collection) or from its syntax tree (`ParsedGame`, what the pages of `cescacs html` have), on
//! every corpus file, clean, broken or generated.

use std::path::Path;

use cescacs_board::Position;
use ctl_pgn::LazyReader;
use ctl_pgn::opening_tree::TreeBuilder;
use ctl_pgn::standings::GameScore;

#[test]
fn the_lazy_and_the_full_reading_agree_on_every_corpus_game() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../corpus");
    let trees = [TreeBuilder::new(&Position::initial(), 6), {
        let mut p = Position::initial();
        let m = p.legal_moves().into_iter().find(|m| m.to_string() == "E7-E13").unwrap();
        p = p.play(&m).unwrap();
        TreeBuilder::new(&p, 3)
    }];
    let (mut games, mut scanned, mut reached) = (0, 0, 0);
    for dir in ["valid", "invalid", "generated"] {
        for entry in std::fs::read_dir(root.join(dir)).expect("the corpus") {
            let path = entry.expect("an entry").path();
            if path.extension().is_none_or(|e| e != "ctl-pgn") {
                continue;
            }
            let bytes = std::fs::read(&path).expect("readable");
            for game in LazyReader::new(bytes.as_slice()) {
                let game = game.expect("in memory");
                games += 1;
                scanned += usize::from(game.scanned());
                // The lazy answers first: they must not need the tree.
                let result = game.result();
                let score = GameScore::of_lazy(&game);
                let paths: Vec<_> = trees.iter().map(|t| t.paths().of_lazy(&game)).collect();
                let parsed = &game.read().game;
                let shown = path.display();
                assert_eq!(result, parsed.result(), "{shown}");
                assert_eq!(score, GameScore::of(parsed), "{shown}");
                for (tree, path_read) in trees.iter().zip(paths) {
                    reached += usize::from(path_read.reached());
                    assert_eq!(path_read, tree.paths().of(parsed), "{shown}");
                }
            }
        }
    }
    assert!(games > 100 && scanned > games / 2 && reached > 50, "{games} {scanned} {reached}");
}
