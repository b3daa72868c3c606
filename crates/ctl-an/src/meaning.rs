//! What a syntax tree means, as opposed to how its text was spelled: [`meaning`].
//!
//! Reading, writing and reading again must give the same tree once the differences that writing
//! is allowed to make are removed (docs/DECISIONS.md 2):
//! - every span (the canonical text places things elsewhere);
//! - the spelling of one sign: the three hyphens (`‐`, `-`, `–`) are one separator, `×` and `*`
//!   are one capture sign;
//! - line ends inside comments (CRLF, lone CR), which the export layout writes as LF.
//!
//! Everything else must survive: tags (names, values, order), numbers and `1?`, every move and
//! its marks, comments (text, kind, references), variations (labels, order, nesting) and results.

use cescacs_diagnostics::Span;

use crate::syntax::{
    Comment, File, Move, MoveKind, Movetext, Pair, Ply, PromotionTarget, Record, Separator,
    Variation,
};

/// The file with its spans erased and its spellings unified (see the module documentation), so
/// that two readings of texts that mean the same compare equal.
///
/// ```
/// let spelled = ctl_an::parse_file("[Variant \"C'escacs\"] 1. E7‐E13, E21–E15 2. F8*F12: *");
/// let canonical = ctl_an::parse_file("[Variant \"C'escacs\"]\n\n1. E7-E13, E21-E15\n2. F8×F12:\n*\n");
/// assert_eq!(ctl_an::meaning(&spelled.file), ctl_an::meaning(&canonical.file));
/// assert_ne!(spelled.file, canonical.file); // the spans and spellings differ
/// ```
pub fn meaning(file: &File) -> File {
    let mut file = file.clone();
    for game in &mut file.games {
        erase_game(game);
    }
    file
}

fn erase_game(game: &mut Record) {
    game.span = Span::default();
    for tag in &mut game.tags {
        tag.span = Span::default();
        tag.name_span = Span::default();
        tag.value_span = Span::default();
    }
    erase_movetext(&mut game.movetext);
}

fn erase_movetext(movetext: &mut Movetext) {
    movetext.span = Span::default();
    erase_comments(&mut movetext.comments);
    erase_pairs(&mut movetext.pairs);
    if let Some(result) = &mut movetext.result {
        result.span = Span::default();
    }
    erase_comments(&mut movetext.closing_comments);
}

fn erase_comments(comments: &mut [Comment]) {
    for comment in comments {
        comment.span = Span::default();
        comment.text = crate::syntax::comment_text_with_lf(&comment.text).into_owned();
        for reference in &mut comment.references {
            reference.span = Span::default();
        }
    }
}

fn erase_pairs(pairs: &mut [Pair]) {
    for pair in pairs {
        pair.span = Span::default();
        pair.number.span = Span::default();
        erase_ply(&mut pair.white);
        if let Some(black) = &mut pair.black {
            erase_ply(black);
        }
        erase_comments(&mut pair.comments);
        for variation in &mut pair.variations {
            erase_variation(variation);
        }
    }
}

fn erase_variation(variation: &mut Variation) {
    variation.span = Span::default();
    if let Some(label) = &mut variation.label {
        label.span = Span::default();
    }
    erase_comments(&mut variation.comments);
    erase_pairs(&mut variation.pairs);
}

fn erase_ply(ply: &mut Ply) {
    match ply {
        Ply::Move(m) => erase_move(m),
        Ply::Omitted(span) | Ply::Invalid { span, .. } => *span = Span::default(),
    }
}

fn erase_move(m: &mut Move) {
    m.span = Span::default();
    match &mut m.kind {
        MoveKind::Ordinary(o) => {
            if let Some(piece) = &mut o.piece {
                piece.span = Span::default();
            }
            o.from.span = Span::default();
            o.separator.span = Span::default();
            o.separator.value = unified(o.separator.value);
            if let Some(captured) = &mut o.captured {
                captured.span = Span::default();
            }
            o.to.span = Span::default();
            if let Some(promotion) = &mut o.promotion {
                promotion.span = Span::default();
                if let PromotionTarget::Piece(piece) = &mut promotion.target {
                    piece.span = Span::default();
                }
            }
        }
        MoveKind::Castling(c) => c.separator = unified(c.separator),
        MoveKind::ForcedPromotion(f) => {
            f.hex.span = Span::default();
            f.promotion.span = Span::default();
            if let PromotionTarget::Piece(piece) = &mut f.promotion.target {
                piece.span = Span::default();
            }
        }
    }
    if let Some(check) = &mut m.check {
        check.span = Span::default();
    }
    if let Some(rating) = &mut m.rating {
        rating.span = Span::default();
    }
    for nag in &mut m.nags {
        nag.span = Span::default();
    }
    if let Some(span) = &mut m.draw_offer {
        *span = Span::default();
    }
    if let Some(span) = &mut m.end {
        *span = Span::default();
    }
}

/// One separator per meaning: what the canonical writer writes.
fn unified(separator: Separator) -> Separator {
    match separator {
        Separator::Hyphen | Separator::HyphenMinus | Separator::EnDash => Separator::HyphenMinus,
        Separator::Times | Separator::Asterisk => Separator::Times,
        other => other,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spelling_and_layout_do_not_change_the_meaning() {
        let a =
            crate::parse_file("[Variant \"C'escacs\"] 1. E7‐E13, E21–E15 {a\r\nb} 2. F8*F12: *");
        let b = crate::parse_file(
            "[Variant \"C'escacs\"]\n\n1. E7-E13, E21-E15\n{a\nb}\n2. F8×F12 :\n*\n",
        );
        assert_eq!(meaning(&a.file), meaning(&b.file));
    }

    #[test]
    fn a_different_move_or_comment_does() {
        let a = crate::parse_file("[Variant \"C'escacs\"] 1. E7-E13: * {a}");
        for other in [
            "[Variant \"C'escacs\"] 1. E7-E11: * {a}",
            "[Variant \"C'escacs\"] 1. E7-E13: * {b}",
            "[Variant \"C'escacs\"] 1. E7-E13 !: * {a}",
            "[Variant \"C'escacs\"] [Lang \"en\"] 1. E7-E13: * {a}",
        ] {
            assert_ne!(meaning(&a.file), meaning(&crate::parse_file(other).file), "{other}");
        }
    }
}
