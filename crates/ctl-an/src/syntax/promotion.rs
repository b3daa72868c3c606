//! Promotions: `=X`, `=♘`, `=&` after a pawn's move, and the forced promotion `E27=D` of a pawn
//! that was awaiting one.

use cescacs_board::{Hex, notation};
use cescacs_diagnostics::Span;

use super::spanned::Spanned;
use super::spelling::{UnknownSpelling, read_whole};
use super::square::{PieceLetter, fan_letter, square_into};
use crate::bytes::{byte_at, word_at};

/// `=`, which starts a promotion, and `&`, the target of a pawn awaiting one.
const EQUALS: u8 = notation::PROMOTION.as_bytes()[0];
const AWAITING: u8 = notation::AWAITING.as_bytes()[0];

/// A promotion suffix.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Promotion {
    /// From `=` to the end.
    pub span: Span,
    /// The new piece, or awaiting.
    pub target: PromotionTarget,
}

/// What a pawn promotes to.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum PromotionTarget {
    /// `=X`: the regained piece.
    Piece(PieceLetter),
    /// `=&`: no regainable piece; the pawn awaits promotion.
    Awaiting,
}

/// `E27=D`: the forced promotion of a pawn that was awaiting it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ForcedPromotion {
    /// The pawn's hex.
    pub hex: Spanned<Hex>,
    /// The promotion.
    pub promotion: Promotion,
}

impl PromotionTarget {
    /// What its readers expected.
    pub(crate) const UNKNOWN: UnknownSpelling = UnknownSpelling::new("promotion target");

    /// The target spelled at the start of `text` (`&`, a capital letter or a FAN symbol), and
    /// its length in bytes; the letter's span starts at 0.
    ///
    /// ```
    /// use ctl_an::syntax::PromotionTarget;
    /// assert_eq!(PromotionTarget::read_prefix(b"&:")?, (PromotionTarget::Awaiting, 1));
    /// let (target, len) = PromotionTarget::read_prefix("♕+".as_bytes())?;
    /// assert!(matches!(target, PromotionTarget::Piece(p) if p.letter == '♕') && len == 3);
    /// assert!(PromotionTarget::read_prefix(b"=D").is_err());
    /// # Ok::<(), ctl_an::syntax::UnknownSpelling>(())
    /// ```
    pub fn read_prefix(text: &[u8]) -> Result<(PromotionTarget, usize), UnknownSpelling> {
        if text.first() == Some(&AWAITING) {
            return Ok((PromotionTarget::Awaiting, 1));
        }
        let (letter, len) = PieceLetter::read_prefix(text).map_err(|_| PromotionTarget::UNKNOWN)?;
        Ok((PromotionTarget::Piece(letter), len))
    }
}

impl Promotion {
    /// What its readers expected.
    pub(crate) const UNKNOWN: UnknownSpelling = UnknownSpelling::new("promotion");

    /// The promotion spelled at the start of `text`, as the full reader takes it without a
    /// diagnostic (so not to the King or a Pawn), and its length in bytes; spans start at 0.
    ///
    /// ```
    /// use ctl_an::syntax::{Promotion, PromotionTarget};
    /// let (promotion, len) = Promotion::read_prefix(b"=D+")?;
    /// assert!(matches!(promotion.target, PromotionTarget::Piece(p) if p.letter == 'D') && len == 2);
    /// assert_eq!(promotion.to_string(), "=D");
    /// assert!(Promotion::read_prefix(b"=K").is_err() && Promotion::read_prefix(b"=DX").is_err());
    /// # Ok::<(), ctl_an::syntax::UnknownSpelling>(())
    /// ```
    pub fn read_prefix(text: &[u8]) -> Result<(Promotion, usize), UnknownSpelling> {
        Promotion::read(text, 0).map(|p| (p, p.span.end)).ok_or(Promotion::UNKNOWN)
    }

    /// The promotion at `start` (its `=`), spans from the start of `text`.
    pub(crate) fn read(text: &[u8], start: usize) -> Option<Promotion> {
        if byte_at(text, start) != EQUALS {
            return None;
        }
        let mut at = start + 1;
        let c = byte_at(text, at);
        let target = if c == AWAITING {
            at += 1;
            PromotionTarget::Awaiting
        } else if c.is_ascii_uppercase() {
            // A letter running into more letters, digits, `_` or `'` is another token.
            let next = byte_at(text, at + 1);
            if next.is_ascii_alphanumeric() || next == b'_' || next == b'\'' {
                return None;
            }
            at += 1;
            PromotionTarget::Piece(PieceLetter { letter: c as char, span: Span::new(at - 1, at) })
        } else {
            let letter = fan_letter(word_at(text, at))?;
            let from = at;
            at += letter.len_utf8();
            // A symbol before a capital may be a piece and a hex (`♘E3`).
            if byte_at(text, at).is_ascii_uppercase() {
                return None;
            }
            PromotionTarget::Piece(PieceLetter { letter, span: Span::new(from, at) })
        };
        // A promotion to the King or a Pawn is an error (E0226) of the full reader.
        if let PromotionTarget::Piece(p) = &target {
            if p.never_promoted_to() {
                return None;
            }
        }
        Some(Promotion { span: Span::new(start, at), target })
    }
}

impl core::fmt::Display for Promotion {
    /// `=X`, `=♘` or `=&`.
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self.target {
            PromotionTarget::Piece(p) => write!(f, "{}{}", notation::PROMOTION, p.letter),
            PromotionTarget::Awaiting => write!(f, "{}{}", notation::PROMOTION, notation::AWAITING),
        }
    }
}

read_whole!(Promotion);

impl ForcedPromotion {
    /// What its readers expected.
    pub(crate) const UNKNOWN: UnknownSpelling = UnknownSpelling::new("forced promotion");

    /// The forced promotion spelled at the start of `text` (the pawn's hex, without a letter,
    /// and a promotion to a piece), and its length in bytes; spans start at 0.
    ///
    /// ```
    /// use ctl_an::syntax::ForcedPromotion;
    /// let (forced, len) = ForcedPromotion::read_prefix(b"E27=D:")?;
    /// assert_eq!((forced.to_string(), len), ("E27=D".to_string(), 5));
    /// assert!(ForcedPromotion::read_prefix(b"E27=&").is_err());
    /// # Ok::<(), ctl_an::syntax::UnknownSpelling>(())
    /// ```
    pub fn read_prefix(text: &[u8]) -> Result<(ForcedPromotion, usize), UnknownSpelling> {
        ForcedPromotion::read(text, 0)
            .map(|f| (f.promotion.span.end, f))
            .map(|(len, f)| (f, len))
            .ok_or(ForcedPromotion::UNKNOWN)
    }

    /// The forced promotion at `start`, spans from the start of `text`.
    pub(crate) fn read(text: &[u8], start: usize) -> Option<ForcedPromotion> {
        let (mut piece, mut at) = (None, start);
        let mut hex = Spanned::new(Hex::all().next()?, Span::default());
        square_into(text, &mut at, &mut piece, &mut hex)?;
        let promotion = Promotion::read(text, at)?;
        if piece.is_some() || promotion.target == PromotionTarget::Awaiting {
            return None;
        }
        Some(ForcedPromotion { hex, promotion })
    }
}

impl core::fmt::Display for ForcedPromotion {
    /// `E27=D`.
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "{}{}", self.hex.value, self.promotion)
    }
}

read_whole!(ForcedPromotion);
