//! Moves in words: "White Bishop from F6 to C15", "Black Pegasus from L5 to H6, checkmate".

use cescacs_board::{
    BoardCastling, BoardMove, BoardMoveKind, BoardPromotion, CheckKind, Colour, Outcome, PieceKind,
    Position,
};

/// Describes `mv`, played from `before` (leading to `after`), in one sentence.
pub(crate) fn describe(before: &Position, mv: &BoardMove, after: &Position) -> String {
    let side = before.piece_at(mv.from()).map_or(before.turn(), |p| p.colour);
    let foe = !side;
    let piece = mv.piece();
    let mut s = match mv.kind() {
        BoardMoveKind::Castling(c) => castling(side, c),
        BoardMoveKind::PromotionInPlace => {
            format!("{side} Pawn on {} promotes in place", mv.from())
        }
        BoardMoveKind::EnPassant { victim } => format!(
            "{side} {piece} from {} to {}, taking the {foe} {} on {victim} en passant",
            mv.from(),
            mv.to(),
            mv.captured().unwrap_or(PieceKind::Pawn),
        ),
        BoardMoveKind::ScornfulCapture => format!(
            "{side} {piece} from {} takes the scornful {foe} {} on {}",
            mv.from(),
            mv.captured().unwrap_or(PieceKind::Pawn),
            mv.to()
        ),
        kind => {
            let mut s = match mv.captured() {
                Some(victim) => {
                    format!(
                        "{side} {piece} from {} takes the {foe} {victim} on {}",
                        mv.from(),
                        mv.to()
                    )
                }
                None => format!("{side} {piece} from {} to {}", mv.from(), mv.to()),
            };
            s.push_str(match kind {
                BoardMoveKind::DoubleStep => " (double step)",
                BoardMoveKind::TripleStep => " (triple step)",
                BoardMoveKind::Scornful => " (scornful step)",
                BoardMoveKind::Leap => " (the King's leap)",
                _ => "",
            });
            s
        }
    };
    match mv.promotion() {
        Some(BoardPromotion::To(kind)) if mv.kind() == BoardMoveKind::PromotionInPlace => {
            s = format!("{side} Pawn on {} promotes in place to a {kind}", mv.from());
        }
        Some(BoardPromotion::To(kind)) => s.push_str(&format!(", promoting to a {kind}")),
        Some(BoardPromotion::Awaiting) => s.push_str(", awaiting promotion (no piece to regain)"),
        None => {}
    }
    match (after.outcome(), after.check_kind()) {
        (Some(Outcome::Checkmate { .. }), _) => s.push_str(": checkmate"),
        (Some(Outcome::Stalemate { .. }), _) => s.push_str(": stalemate"),
        (_, Some(kind)) => s.push_str(match kind {
            CheckKind::Adjoining => ", check (adjoining or by a knight's jump, `+^`)",
            CheckKind::Afar => ", check from afar (`+∞`)",
            CheckKind::Double => ", double check (`++`)",
        }),
        _ => {}
    }
    if let Some(Outcome::Draw(reason)) = after.outcome() {
        s.push_str(&format!(" ({})", Outcome::Draw(reason)));
    }
    s
}

fn castling(side: Colour, c: BoardCastling) -> String {
    let king = format!(
        "{side} castles ({}): King from {} to {}",
        c.as_str(),
        BoardCastling::king_home(side),
        c.king_target(side)
    );
    let rooks: Vec<String> = c
        .rook_moves(side)
        .map(|(from, to)| {
            let which = if from == BoardCastling::kings_rook_home(side) {
                "King's Rook"
            } else {
                "Queen's Rook"
            };
            format!("{which} from {from} to {to}")
        })
        .collect();
    format!("{king}, {}", rooks.join(", "))
}

#[cfg(test)]
mod tests {
    use super::*;
    use cescacs_board::internals::MatchWritten;
    use cescacs_board::internals::{MoveSpec, SpecCapture};

    fn spec(piece: PieceKind, from: &str, to: &str, capture: SpecCapture) -> MoveSpec {
        MoveSpec::Move {
            piece,
            from: from.parse().unwrap(),
            to: to.parse().unwrap(),
            capture,
            promotion: None,
        }
    }

    fn said(p: &Position, s: MoveSpec) -> (String, Position) {
        let mv = p.match_move_algebraic(&s).unwrap();
        let after = p.play_unchecked(&mv);
        (describe(p, &mv, &after), after)
    }

    #[test]
    fn plain_moves_steps_and_captures() {
        let p = Position::initial();
        let (s, _) = said(&p, spec(PieceKind::Bishop, "F6", "C15", SpecCapture::None));
        assert_eq!(s, "White Bishop from F6 to C15");
        let (s, p) = said(&p, spec(PieceKind::Pawn, "G7", "G13", SpecCapture::None));
        assert_eq!(s, "White Pawn from G7 to G13 (triple step)");
        let (_, p) = said(&p, spec(PieceKind::Pawn, "E21", "E15", SpecCapture::None));
        let (s, _) = said(&p, spec(PieceKind::Pawn, "G13", "F14", SpecCapture::None));
        assert!(s.starts_with("White Pawn from G13 to F14"), "{s}");
    }

    #[test]
    fn the_spec_fools_mate() {
        let mut p = Position::initial();
        let moves = [
            (PieceKind::Pawn, "H6", "H12"),
            (PieceKind::Pawn, "I23", "I19"),
            (PieceKind::Bishop, "F6", "C15"),
            (PieceKind::Pegasus, "H26", "Z11"),
            (PieceKind::Pawn, "L5", "L7"),
            (PieceKind::Knight, "G25", "L17"),
            (PieceKind::Elephant, "H4", "H8"),
            (PieceKind::Pegasus, "Z11", "L5"),
            (PieceKind::Pawn, "I5", "I9"),
            (PieceKind::Knight, "L17", "G9"),
            (PieceKind::Pawn, "K4", "K10"),
        ];
        for (piece, from, to) in moves {
            p = said(&p, spec(piece, from, to, SpecCapture::None)).1;
        }
        let (s, _) = said(&p, spec(PieceKind::Pegasus, "L5", "H6", SpecCapture::None));
        assert_eq!(s, "Black Pegasus from L5 to H6: checkmate");
    }

    #[test]
    fn castling_in_words() {
        let s = castling(Colour::White, BoardCastling::KrkHio);
        assert_eq!(s, "White castles (KRK-HIO): King from G1 to H6, King's Rook from I3 to I5");
    }
}
