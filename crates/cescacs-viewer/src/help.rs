//! The help beside the board, for a newcomer: the pieces (name, letters, FAN symbols, how each
//! moves, in a line) and how to read a move of CTL-AN. The names, letters and symbols are the
//! board crate's own tables; the lines are this page's words (docs/RULES.md says it all).

use core::fmt::Write as _;

use cescacs_board::{Colour, Piece, PieceKind};
use cescacs_diagram::escape;

/// How a kind moves, in a line.
fn gait(kind: PieceKind) -> &'static str {
    match kind {
        PieceKind::Pawn => {
            "One hex straight ahead, or two (three from its side's triple-step hexes) over empty \
             hexes, or one oblique step forward; takes on the two steep forward diagonals, also \
             en passant; on its column's last hex it becomes a piece its side has lost."
        }
        PieceKind::Elephant => {
            "One or two hexes straight ahead (the second over an empty hex), or one step on the \
             four steep diagonals; takes the same way."
        }
        PieceKind::Bishop => {
            "Slides along the six diagonals; it never leaves its hex colour (one Bishop per \
             colour)."
        }
        PieceKind::Knight => {
            "Jumps to any of its twelve knight hexes, taking there; or rides two of the same jump \
             over an empty hex, without taking."
        }
        PieceKind::Pegasus => "Slides along the six diagonals, or jumps as a Knight.",
        PieceKind::Rook => "Slides along the six orthogonal lines; castles with the King.",
        PieceKind::Wyvern => {
            "Slides along the six orthogonal lines, or jumps as a Knight (also called Dragon)."
        }
        PieceKind::Queen => "Slides along the six orthogonal and the six diagonal lines.",
        PieceKind::King => {
            "One step in any of the twelve directions, never into check; while it has not moved, \
             a knight jump (the leap) or a castling with one or both Rooks."
        }
    }
}

/// The moves a newcomer reads, each with what it says.
const MOVES: [(&str, &str); 7] = [
    (
        "NE3-C7",
        "The piece's letter (N, a Knight), the hex it leaves (column E, line 3), <code>-</code> for a move \
         without taking, the hex it goes to. A Pawn's move has no letter: <code>E7-E13</code>.",
    ),
    (
        "GH6×RI3+^",
        "A Pegasus on H6 takes (<code>×</code>) the Rook (R) on I3 and gives check: <code>+^</code> from next \
         to the King or by a knight jump, <code>+∞</code> from afar, <code>++</code> double check, \
         <code>#</code> mate.",
    ),
    (
        "E15@D18",
        "A Pawn takes en passant (or a scornful Pawn): <code>@</code> instead of <code>×</code>.",
    ),
    (
        "E25-E27=D",
        "A Pawn reaches its column's last hex and becomes a Queen (D), a piece its side has lost; \
         <code>=&amp;</code> when none can come back (it waits there), and <code>E27=D</code> promotes a \
         waiting Pawn in place.",
    ),
    (
        "KRK-HIO",
        "Castling: the King leaps and a Rook comes beside it (<code>KRK</code> the King's Rook, \
         <code>KRD</code> the Queen's, <code>KRR</code> both), then the columns they reach: King to H, \
         Rook to I, one step (<code>O</code>; <code>OO</code> two).",
    ),
    ("KG1-H6", "The King's leap: a King that has not moved may jump as a Knight."),
    (
        "12. …, E21-E15 ?!",
        "Black's move of pair 12. After a move: <code>!</code> <code>!!</code> <code>?</code> <code>??</code> \
         <code>!?</code> <code>?!</code> rate it, <code>(=)</code> offers a draw, <code>:</code> marks the \
         game's last move.",
    ),
];

/// The help panel (hidden until its button shows it).
pub(crate) fn help(out: &mut String) {
    out.push_str(
        "<section class=\"help\" id=\"help\" hidden aria-labelledby=\"help-title\">\
<h3 id=\"help-title\">The pieces</h3>\n<table class=\"legend\"><thead><tr><th>Piece</th>\
<th>Letter</th><th>FAN</th><th>How it moves</th></tr></thead><tbody>\n",
    );
    for kind in PieceKind::ALL {
        let (white, black) = (Piece::new(Colour::White, kind), Piece::new(Colour::Black, kind));
        let others: Vec<String> = kind.alternative_letters().iter().map(char::to_string).collect();
        let others = if others.is_empty() {
            String::new()
        } else {
            format!(" <small>or {}</small>", others.join(", "))
        };
        let _ = writeln!(
            out,
            "<tr><td><span class=\"disc white\" aria-hidden=\"true\">{}</span>\
<span class=\"disc black\" aria-hidden=\"true\">{}</span> {}</td><td><b>{}</b>{others}</td>\
<td class=\"fan\">{} {}</td><td>{}</td></tr>",
            white.letter(),
            black.letter(),
            kind.name(),
            kind.letter(),
            white.fan(),
            black.fan(),
            escape(gait(kind)),
        );
    }
    out.push_str(
        "</tbody></table>\n<p>In a position (PDTL) White's pieces are capitals and Black's small \
letters; a move names its piece by the capital, a Pawn by none. The other letters stand in \
only where a game's <code>Redefine</code> tag says so.</p>\n<h3>Reading a move</h3>\n\
<p>A hex is its column, <code>P T A B C D E F G H I K L X Z</code> from White's left, and its \
line, 0 on White's side to 28 on Black's.</p>\n<dl class=\"guide\">",
    );
    for (text, says) in MOVES {
        let _ = write!(out, "<dt><code>{}</code></dt><dd>{says}</dd>", escape(text));
    }
    out.push_str("</dl>\n</section>\n");
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every move of the guide reads as CTL-AN, so that the guide shows the notation as it is.
    #[test]
    fn the_guide_s_moves_are_ctl_an() {
        for (text, _) in MOVES {
            let text = text.rsplit(", ").next().unwrap_or(text);
            let text = text.rsplit(' ').find(|w| !w.starts_with(['?', '!'])).unwrap_or(text);
            let read: Result<ctl_an::syntax::Move, _> = text.parse();
            assert!(read.is_ok(), "{text}");
        }
    }

    #[test]
    fn every_piece_has_its_row() {
        let mut out = String::new();
        help(&mut out);
        for kind in PieceKind::ALL {
            assert!(out.contains(&format!("> {}</td><td><b>{}</b>", kind.name(), kind.letter())));
        }
        assert!(out.contains("♔ ♚") && out.contains("<small>or A, B, F, L</small>"));
    }
}
