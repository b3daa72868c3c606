//! How one game writes its moves: its separators, ellipsis, layout and letters.

use cescacs_board::{BoardMove, Letters, PieceKind, Position, notation};

/// The surface choices of one game.
pub(crate) struct Style {
    pub(crate) hyphen: &'static str,
    pub(crate) cross: &'static str,
    pub(crate) ellipsis: &'static str,
    pub(crate) one_line: bool,
}

/// The move's canonical text with the game's letters, separators and its check mark.
pub(crate) fn write_move(p: &Position, m: &BoardMove, style: &Style, letters: &Letters) -> String {
    let text = p.move_text_with_check(m);
    let text = if letters.is_standard() { text } else { relabel(&text, letters) };
    let text = if style.hyphen == notation::MOVE {
        text
    } else {
        text.replacen(notation::MOVE, style.hyphen, 1)
    };
    if style.cross == notation::CAPTURE {
        text
    } else {
        text.replacen(notation::CAPTURE, style.cross, 1)
    }
}

/// A move written with the standard letters, written again with `letters` (the reader's
/// `BoardMove` and its `Display`: the letters are the only change).
fn relabel(text: &str, letters: &Letters) -> String {
    let Ok(mut mv) = text.parse::<ctl_an::syntax::Move>() else { return text.to_string() };
    for l in mv.letters_mut() {
        if let Some(kind) = PieceKind::from_letter(l.letter) {
            l.letter = letters.move_letter(kind);
        }
    }
    mv.to_string()
}
