//! Document highlight: the hex or the piece under the cursor, everywhere the game names it, in
//! its moves (lines and variations) and in its comments' references.
//!
//! A hex is named by a move's origin, destination or forced promotion, and by `~E13` and the
//! hex of `~JF6`. A piece is named by its letter: of the mover, of a captured piece, of a
//! promotion, of a `~J` reference (either colour: the letter names the kind).

use cescacs_board::{Hex, Letters, PieceKind};
use cescacs_diagnostics::Span;
use ctl_an::syntax::{Comment, Move, MoveKind, Pair, PieceLetter, Ply, PromotionTarget, Reference};
use ctl_pgn::ParsedGame;
use lsp_types::DocumentHighlightKind;

/// What a place names.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Named {
    Hex(Hex),
    Piece(PieceKind),
}

/// Every place of the game that names what the place under `at` names, with how: a piece
/// arriving on a hex is a write, leaving it a read, a comment's mention text.
pub(crate) fn highlights(
    game: &ParsedGame,
    source: &str,
    at: usize,
) -> Vec<(Span, DocumentHighlightKind)> {
    let mut places = Places { letters: game.letters(), source, found: Vec::new() };
    let movetext = game.movetext();
    places.comments(&movetext.comments);
    places.pairs(&movetext.pairs);
    places.comments(&movetext.closing_comments);
    let found = places.found;
    let Some(&(_, wanted, _)) =
        found.iter().find(|(span, _, _)| span.start <= at && at <= span.end)
    else {
        return Vec::new();
    };
    found.into_iter().filter(|(_, named, _)| *named == wanted).map(|(s, _, k)| (s, k)).collect()
}

struct Places<'g> {
    letters: &'g Letters,
    source: &'g str,
    found: Vec<(Span, Named, DocumentHighlightKind)>,
}

impl Places<'_> {
    fn pairs(&mut self, pairs: &[Pair]) {
        for pair in pairs {
            for ply in std::iter::once(&pair.white).chain(&pair.black) {
                if let Ply::Move(mv) = ply {
                    self.mv(mv);
                }
            }
            self.comments(&pair.comments);
            for variation in &pair.variations {
                self.comments(&variation.comments);
                self.pairs(&variation.pairs);
            }
        }
    }

    fn letter(&mut self, letter: &PieceLetter, kind: DocumentHighlightKind) {
        if let Some(piece) = self.letters.kind_of_move_letter(letter.letter) {
            self.found.push((letter.span, Named::Piece(piece), kind));
        }
    }

    fn mv(&mut self, mv: &Move) {
        use DocumentHighlightKind as K;
        match &mv.kind {
            MoveKind::Ordinary(o) => {
                if let Some(letter) = &o.piece {
                    self.letter(letter, K::READ);
                }
                self.found.push((o.from.span, Named::Hex(o.from.value), K::READ));
                if let Some(letter) = &o.captured {
                    self.letter(letter, K::TEXT);
                }
                self.found.push((o.to.span, Named::Hex(o.to.value), K::WRITE));
                if let Some(PromotionTarget::Piece(letter)) = o.promotion.map(|p| p.target) {
                    self.letter(&letter, K::WRITE);
                }
            }
            MoveKind::ForcedPromotion(f) => {
                self.found.push((f.hex.span, Named::Hex(f.hex.value), K::WRITE));
                if let PromotionTarget::Piece(letter) = f.promotion.target {
                    self.letter(&letter, K::WRITE);
                }
            }
            MoveKind::Castling(_) => {}
        }
    }

    fn comments(&mut self, comments: &[Comment]) {
        for comment in comments {
            for r in &comment.references {
                match &r.value {
                    Reference::Hex(hex) => {
                        self.found.push((r.span, Named::Hex(*hex), DocumentHighlightKind::TEXT));
                    }
                    Reference::Piece { letter, hex, .. } => {
                        // `~` then the letter, then the hex when given.
                        let letter_at = r.span.start + 1;
                        let letter_span = Span::new(letter_at, letter_at + letter.len_utf8());
                        if let Some(piece) = self.letters.piece_of(*letter) {
                            let named = Named::Piece(piece.kind);
                            self.found.push((letter_span, named, DocumentHighlightKind::TEXT));
                        }
                        if let Some(hex) = hex {
                            let written = hex.to_string();
                            let span = Span::new(letter_span.end, letter_span.end + written.len());
                            if self.source.get(span.range()) == Some(written.as_str()) {
                                let named = Named::Hex(*hex);
                                self.found.push((span, named, DocumentHighlightKind::TEXT));
                            }
                        }
                    }
                    _ => {}
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const GAME: &str = "[Variant \"C'escacs\"]\n1. E7-E13, E21-E15\n{ ~E13 and ~PE13, the ~J }\n2. JF6-C15, F20-F16\n(2. …, E15×PE13)\n3. F8-F12: *\n";

    fn found(at: &str, nth: usize) -> Vec<(&'static str, DocumentHighlightKind)> {
        let out = ctl_an::parse_file(GAME);
        let game = ParsedGame::new(out.file.games[0].clone(), GAME);
        let offset = GAME.match_indices(at).nth(nth).expect(at).0;
        highlights(&game, GAME, offset).into_iter().map(|(s, k)| (&GAME[s.range()], k)).collect()
    }

    #[test]
    fn a_hex_in_moves_variations_and_comments() {
        use DocumentHighlightKind as K;
        let e13 = [("E13", K::WRITE), ("~E13", K::TEXT), ("E13", K::TEXT), ("E13", K::WRITE)];
        assert_eq!(found("E13", 0), e13);
        // From the reference, the same.
        assert_eq!(found("~E13", 0), e13);
    }

    #[test]
    fn a_piece_letter_in_moves_and_comments() {
        use DocumentHighlightKind as K;
        assert_eq!(found("J", 1), [("J", K::TEXT), ("J", K::READ)]);
        assert_eq!(found("PE13", 0), [("P", K::TEXT), ("P", K::TEXT)]);
    }
}
