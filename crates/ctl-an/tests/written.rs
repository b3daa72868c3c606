//! A written move against a position (`ctl_an::written`): the legal move it names with the check
//! that move gives, or the replay's diagnostic, a false check mark naming the right one.

use cescacs_board::{Board, CheckKind, Colour, Letters, Position};
use ctl_an::written::{PlayError, play, read_move};

fn pos(pdtl: &str) -> Position {
    pdtl::parse(pdtl).unwrap_or_else(|e| panic!("{pdtl}: {e}"))
}

/// The Elephant's step to F10 checks the King on F14 from afar (docs/RULES.md 8.3 item 21).
const AFAR: &str = "/14:3k3/8:3E3/1:1K/ w - - 0 1";

fn refused(position: &Position, text: &str) -> PlayError {
    read_move(position, text, &Letters::standard()).expect_err(text)
}

#[test]
fn a_legal_move_comes_with_the_check_it_gives() {
    let p = pos(AFAR);
    for text in ["EF8-F10", "EF8-F10+", "EF8-F10+∞", "EF8-F10+∞ !?", "EF8-F10+∞ (=):"] {
        let m = read_move(&p, text, &Letters::standard()).unwrap_or_else(|e| panic!("{text}: {e}"));
        assert_eq!((m.to_string(), m.check()), ("EF8-F10+∞".to_string(), Some(CheckKind::Afar)));
    }
    let quiet = read_move(&Position::initial(), "E7-E13", &Letters::standard()).unwrap();
    assert_eq!((quiet.is_check(), quiet.is_mate(), quiet.check_mark()), (false, false, ""));
}

#[test]
fn a_false_check_mark_is_refused_naming_the_right_one() {
    let p = pos(AFAR);
    let wrong_kind = refused(&p, "EF8-F10+^");
    assert_eq!(wrong_kind.to_string(), "expected the check mark `+∞`, found `+^`");
    assert_eq!(wrong_kind.diagnostic().unwrap().fixes[0].replacement, "+∞");
    let false_mate = refused(&p, "EF8-F10#");
    assert_eq!(
        false_mate.to_string(),
        "expected `+∞`, found `#` on a move that gives check but does not mate"
    );
    let no_check = refused(&Position::initial(), "E7-E13+");
    assert_eq!(no_check.code(), "E0507");
    assert_eq!(
        no_check.to_string(),
        "expected no check mark, found a check mark on a move that gives no check"
    );
    // The span is the mark's, in the text given.
    assert_eq!(no_check.diagnostic().unwrap().span.range(), 6..7);
}

#[test]
fn a_mate_must_be_marked_as_one_when_marked() {
    // The Queen's move from E11 to P11 mates the King on P7 along the P column.
    let p = pos("/11:3D4/7:k7/5:K5/ w -- - 0 60");
    let m = read_move(&p, "DE11-P11", &Letters::standard()).unwrap();
    assert_eq!((m.to_string(), m.is_mate()), ("DE11-P11#".to_string(), true));
    assert!(read_move(&p, "DE11-P11#", &Letters::standard()).is_ok());
    assert_eq!(refused(&p, "DE11-P11+").to_string(), "expected `#`, found `+`: the move mates");
}

#[test]
fn a_move_that_is_not_legal_or_not_a_move_gets_the_replays_diagnostic() {
    let p = Position::initial();
    let cases = [
        ("EE5-E11", "E0501", "an Elephant on E5 cannot move to E11"),
        ("E21-E15", "E0404", "the Pawn on E21 is Black's, but it is White's turn"),
        ("AF6-C15", "E0403", "expected a piece letter of this game, found `A`"),
        ("G7-E7", "E0405", "E7 holds the mover's own Pawn"),
    ];
    for (text, code, message) in cases {
        let e = refused(&p, text);
        assert_eq!((e.code(), e.to_string().as_str()), (code, message), "{text}");
    }
    assert!(refused(&p, "E7-E12").code().starts_with("E02"), "a hex off the board");
    assert!(refused(&p, "").code().starts_with("E02"), "no move");
}

#[test]
fn the_games_letters_read_the_move() {
    let english = Letters::from_redefine("B@J, Q@D, W@V").unwrap();
    let m = read_move(&Position::initial(), "BF6-C15", &english).unwrap();
    assert_eq!(m.to_string(), "JF6-C15"); // a board move's text is in standard letters
    assert_eq!(refused(&Position::initial(), "BF6-C15").code(), "E0403");
}

#[test]
fn playing_leaves_the_board_as_it_was_when_refused() {
    let mut board = Board::new(&Position::initial());
    let bad: ctl_an::syntax::Move = "EE5-E11".parse().unwrap();
    assert!(play(&mut board, &bad, &Letters::standard()).is_err());
    assert_eq!(board.to_position(), Position::initial());
    // `play` keeps the check mark as written, whatever it says: a reader of whole games does.
    let marked: ctl_an::syntax::Move = "E7-E13#".parse().unwrap();
    let m = play(&mut board, &marked, &Letters::standard()).unwrap();
    assert_eq!((m.to_string(), board.turn()), ("E7-E13".to_string(), Colour::Black));
}
