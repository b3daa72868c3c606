//! The package's `Position` and `Game` natively (`toolkit::GameModel`, `position_of`, `play`):
//! what they give, and that hostile input (node ids that are no node, marks that are no marks,
//! comments that cannot be written, positions that are no PDTL) is refused with a code, never a
//! panic (which would abort the WebAssembly module). Under node against the CLI:
//! tests/js/model.test.mjs.

use cescacs_wasm::toolkit::{self, Annotation, GameModel, Place};

const GAME: &str = "[Variant \"C'escacs\"]\n1. E7-E13, E21-E15 (1. …, F20-F16) 2. EE5-E11: *\n";

#[test]
fn a_game_is_read_walked_edited_and_written_as_fmt_writes_it() {
    let mut read = GameModel::read(GAME);
    assert_eq!(read.len(), 1);
    assert_eq!(read[0].diagnostics[0].code, "E0501");
    let game = &mut read[0].game;
    let root = game.node(0).unwrap();
    let white = game.node(root.next.unwrap()).unwrap();
    assert_eq!(white.board.as_ref().map(|m| m.text.as_str()), Some("E7-E13"));
    let replies: Vec<_> = white.alternatives.iter().map(|&n| game.node(n).unwrap().text).collect();
    assert_eq!(replies, [Some("F20-F16".to_string())]);
    let black = game.node(white.next.unwrap()).unwrap();
    assert_eq!(game.node(black.next.unwrap()).unwrap().error.unwrap().code, "E0501");
    let pair = game.pair(white.id).unwrap().unwrap();
    assert_eq!((pair.number, pair.variations[0].replaces), (1, Some("black")));
    let f8 = game.add_move(0, "F8-F12", false).unwrap();
    assert_eq!(game.node(0).unwrap().alternatives, [f8]);
    game.annotate(f8, &Annotation { rating: Some("!".into()), ..Annotation::default() }).unwrap();
    let place = Place { at: "pair".into(), node: f8, index: 0 };
    game.set_comments(&place, &["why not".into()]).unwrap();
    assert!(game.write(false).contains("(1. F8-F12 !\n.{why not}\n)"), "{}", game.write(false));
    assert_eq!(
        game.position(f8).unwrap(),
        Some(toolkit::play("start", "F8-F12").unwrap().position.pdtl)
    );
}

#[test]
fn hostile_input_is_refused_with_a_code() {
    let mut game = GameModel::new(None).unwrap();
    for id in [1, 7, usize::MAX] {
        assert_eq!(game.node(id).unwrap_err().code, "cannot-edit");
        assert!(game.add_move(id, "E7-E13", false).is_err());
        assert!(
            game.annotate(id, &Annotation { end: Some(true), ..Annotation::default() }).is_err()
        );
    }
    let first = game.add_move(0, "E7-E13", false).unwrap();
    let bad_mark = Annotation { mark: Some("+++".into()), ..Annotation::default() };
    assert_eq!(game.annotate(first, &bad_mark).unwrap_err().code, "invalid-input");
    let bad_side = Annotation { side: Some("red".into()), ..Annotation::default() };
    assert_eq!(game.annotate(first, &bad_side).unwrap_err().code, "invalid-input");
    let place = Place { at: "pair".into(), node: first, index: 0 };
    assert_eq!(game.set_comments(&place, &["a } b".into()]).unwrap_err().code, "invalid-input");
    let nowhere = Place { at: "middle".into(), node: 0, index: 0 };
    assert_eq!(game.comments(&nowhere).unwrap_err().code, "invalid-options");
    assert!(game.set_result("4-0").is_err());
    assert!(game.add_move(first, "\u{0}}{[", true).is_err());
    assert!(game.add_variation(first, "white", "", false).is_err());
    assert!(GameModel::new(Some("/1:K/ x")).is_err());
    assert!(toolkit::position_of("").is_err());
    assert!(toolkit::piece_at("start", "\u{10FFFF}").is_err());
    assert_eq!(toolkit::play("start", "G7-G13+").unwrap_err().code, "E0507");
    assert!(GameModel::read("\u{0}[[[{{{((( *").iter().all(|g| g.game.write(true).is_ascii()));
}
