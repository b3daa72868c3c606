//! Each vocabulary type of the notation (rating, check mark, separator, game indicator, result)
//! prints itself and reads itself back, over all its values, and the rest agrees with it: the
//! lexer's literals (one token of the right group per spelling), the messages that quote a
//! token, and the readers of moves and games. A spelling changed in one of them fails here.

use std::collections::BTreeSet;
use std::fmt::Display;
use std::str::FromStr;

use ctl_an::lexer::{Lexer, TokenKind};
use ctl_an::syntax::{
    CheckMark, GameIndicator, GameResult, Move, MoveKind, Rating, Separator, UnknownSpelling,
};

/// `value` prints as `spelling`, reads back from it (also with text after it), and no other
/// value of its type has that spelling.
fn round_trip<T>(
    all: &[T],
    spelling: impl Fn(T) -> &'static str,
    read: impl Fn(&[u8]) -> Result<(T, usize), UnknownSpelling>,
) where
    T: Copy + PartialEq + std::fmt::Debug + Display + FromStr<Err = UnknownSpelling>,
{
    let mut seen = BTreeSet::new();
    for &value in all {
        let text = spelling(value);
        assert!(seen.insert(text), "{text:?} spells two values");
        assert_eq!(value.to_string(), text);
        assert_eq!(text.parse::<T>(), Ok(value), "{text:?}");
        assert_eq!(read(text.as_bytes()), Ok((value, text.len())), "{text:?}");
        let followed = format!("{text} E7");
        assert_eq!(read(followed.as_bytes()), Ok((value, text.len())), "{followed:?}");
        assert!(format!("{text}x").parse::<T>().is_err() || text.ends_with('x'), "{text:?}");
    }
    assert!("".parse::<T>().is_err() && "x".parse::<T>().is_err());
}

/// The one token the lexer makes of `text`.
fn token(text: &str) -> TokenKind {
    let tokens: Vec<_> = Lexer::new(text).collect();
    assert_eq!(tokens.len(), 1, "{text:?} lexes as {tokens:?}");
    assert_eq!(tokens[0].span.len(), text.len(), "{text:?}");
    tokens[0].kind
}

#[test]
fn ratings() {
    round_trip(&Rating::ALL, Rating::as_str, Rating::read_prefix);
    for r in Rating::ALL {
        let kind = token(r.as_str());
        assert!(kind.is_rating(), "{r}");
        assert_eq!(kind.describe(), format!("`{r}`"));
        assert_eq!(Rating::from_nag(r.nag()), Some(r));
        let m: Move = format!("E7-E13 {r}").parse().expect("a move with a rating");
        assert_eq!(m.rating.map(|s| s.value), Some(r));
    }
}

#[test]
fn check_marks() {
    round_trip(&CheckMark::ALL, CheckMark::as_str, CheckMark::read_prefix);
    for c in CheckMark::ALL {
        let kind = token(c.as_str());
        assert!(kind.is_check_mark(), "{c}");
        assert_eq!(kind.describe(), format!("`{c}`"));
        let m: Move = format!("E7-E13{c}").parse().expect("a move with a check mark");
        assert_eq!(m.check.map(|s| s.value), Some(c));
    }
    for kind in [cescacs_board::CheckKind::Adjoining, cescacs_board::CheckKind::Afar] {
        assert_eq!(CheckMark::of_kind(kind).as_str(), kind.indicator());
    }
}

#[test]
fn separators() {
    round_trip(&Separator::ALL, Separator::as_str, Separator::read_prefix);
    for s in Separator::ALL {
        assert!(token(s.as_str()).is_separator(), "{s}");
        let (text, want) = match s {
            Separator::At | Separator::DoubleAt => (format!("F12{s}G9"), s),
            _ => (format!("E7{s}E13"), s),
        };
        let m: Move = text.parse().expect("a move");
        let MoveKind::Ordinary(o) = m.kind else { panic!("{text}: an ordinary move") };
        assert_eq!(o.separator.value, want, "{text}");
        let canonical = s.canonical(false);
        assert_eq!(canonical.parse::<Separator>().map(|c| c.is_capture()), Ok(s.is_capture()));
    }
    assert_eq!(token("×").describe(), format!("`{}`", Separator::Times));
    assert_eq!(token("@@").describe(), format!("`{}`", Separator::DoubleAt));
}

#[test]
fn game_indicators() {
    round_trip(&GameIndicator::ALL, GameIndicator::as_str, GameIndicator::read_prefix);
    for g in GameIndicator::ALL {
        let kind = token(g.as_str());
        assert!(matches!(kind, TokenKind::DrawOffer | TokenKind::Colon), "{g}");
        assert_eq!(kind.describe(), format!("`{g}`"));
    }
    let m: Move = "E7-E13 (=):".parse().expect("a move with both indicators");
    assert!(m.draw_offer.is_some() && m.end.is_some());
    assert_eq!(m.to_string(), format!("E7-E13 {}{}", GameIndicator::DrawOffer, GameIndicator::End));
}

#[test]
fn results() {
    round_trip(&GameResult::ALL, GameResult::as_str, GameResult::read_prefix);
    for r in GameResult::ALL {
        let text = format!("[Variant \"C'escacs\"] 1. E7-E13:\n{r}\n");
        let out = ctl_an::parse_file(&text);
        assert!(out.diagnostics.is_empty(), "{text:?}: {:?}", out.diagnostics);
        assert_eq!(out.file.games[0].movetext.result.map(|s| s.value), Some(r));
        let hyphen = r.as_str().replace('-', Separator::Hyphen.as_str());
        assert_eq!(GameResult::read_prefix(hyphen.as_bytes()), Ok((r, hyphen.len())));
    }
}

/// The marks the board writes itself (`cescacs_board::notation`) are the ones the lexer, the
/// vocabulary types and the writer know: a move the board writes reads back and is written
/// again to the same text, over every legal move along a few long walks from the start, and
/// every result the board gives is a result of the notation.
#[test]
fn the_board_writes_what_the_notation_reads() {
    use cescacs_board::{Colour, DrawReason, Letters, Outcome, Position, notation};
    assert_eq!(token(notation::PROMOTION), TokenKind::Equals);
    assert_eq!(token(notation::AWAITING), TokenKind::Ampersand);
    assert!(token(notation::MATE).is_check_mark());
    assert_eq!(notation::MATE.parse(), Ok(CheckMark::Mate));
    for (mark, separator) in [
        (notation::MOVE, Separator::HyphenMinus),
        (notation::CAPTURE, Separator::Times),
        (notation::EN_PASSANT, Separator::At),
        (notation::EN_PASSANT_FAR, Separator::DoubleAt),
    ] {
        assert!(token(mark).is_separator(), "{mark}");
        assert_eq!(mark.parse(), Ok(separator));
    }
    let mut written = 0;
    for seed in [1usize, 7, 31, 97] {
        let mut p = Position::initial();
        for ply in 0..400 {
            let moves = p.legal_moves();
            if moves.is_empty() {
                break;
            }
            for m in &moves {
                let text = p.move_text_with_check(m);
                let read: Move = text.parse().unwrap_or_else(|e| panic!("{text}: {e:?}"));
                assert_eq!(read.to_string(), text);
                // The notation's move made from the board's is the one read from its text.
                assert_eq!(m.to_string(), text);
                let made = Move::from_board(m, &Letters::standard());
                assert_eq!(made.to_string(), text);
                assert_eq!(made.check.map(|c| c.value), read.check.map(|c| c.value), "{text}");
                written += 1;
            }
            p = p.play_unchecked(&moves[(ply * seed * 7919 + seed) % moves.len()]);
        }
    }
    assert!(written > 10_000, "{written} moves");
    for winner in [Colour::White, Colour::Black] {
        for o in [Outcome::Checkmate { winner }, Outcome::Stalemate { winner }] {
            assert!(o.result().parse::<GameResult>().is_ok(), "{o}");
        }
    }
    assert_eq!(Outcome::Draw(DrawReason::Repetition).result(), GameResult::Draw.as_str());
}

/// The board's 24 castlings are the notation's 24 strings, each made from the board's value.
#[test]
fn castlings_of_the_board() {
    use cescacs_board::BoardCastling;
    use ctl_an::syntax::{CASTLINGS, Castling};
    let strings: BTreeSet<String> = CASTLINGS.iter().map(|(p, c)| format!("{p}-{c}")).collect();
    let made: BTreeSet<String> =
        BoardCastling::ALL.into_iter().map(|c| Castling::of_board(c).to_string()).collect();
    assert_eq!(made, strings);
    for c in BoardCastling::ALL {
        assert_eq!(Castling::of_board(c).to_string(), c.as_str());
    }
}
