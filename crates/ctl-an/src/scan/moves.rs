//! One move: castling, ordinary move or forced promotion, then its marks.
//!
//! Every token is claimed only where the lexer's longest match would end it too (a hex takes
//! all its digits, a promotion letter must not run into a word), so the spans are the tree's.
//! The parts of a move and its check mark touch (a space between them is `W0207`); ratings,
//! NAGs, the draw offer and `:` may follow blanks, in the grammar's order.

use cescacs_board::{Column, Hex, PieceKind, Span, notation};

use super::{Fallback, Scanner};
use crate::syntax::{
    Castling, CastlingRooks, CheckMark, ForcedPromotion, GameIndicator, Move, MoveKind,
    OrdinaryMove, PieceLetter, Promotion, PromotionTarget, Rating, Separator, Spanned,
};

/// The board's spellings (`cescacs_board::notation`) as the bytes compared here.
const EQUALS: u8 = notation::PROMOTION.as_bytes()[0];
const AWAITING: u8 = notation::AWAITING.as_bytes()[0];
const AT: u8 = notation::EN_PASSANT.as_bytes()[0];

/// `◇`, the one rating that starts with a byte above ASCII.
const FORCED: &[u8] = Rating::Forced.as_str().as_bytes();

/// A separator the scanner reads: its bytes (little-endian, as many as `mask` keeps).
#[derive(Clone, Copy)]
struct SeparatorForm {
    separator: Separator,
    len: u8,
    mask: u32,
    bytes: u32,
}

/// The separators by their first byte (the en dash is left to the full reader, which warns).
static SEPARATORS: [Option<SeparatorForm>; 256] = {
    const fn form(separator: Separator, text: &[u8]) -> Option<SeparatorForm> {
        let mut bytes = 0;
        let mut i = 0;
        while i < text.len() {
            bytes |= (text[i] as u32) << (8 * i);
            i += 1;
        }
        let mask = u32::MAX >> (8 * (4 - text.len()));
        Some(SeparatorForm { separator, len: text.len() as u8, mask, bytes })
    }
    // `@@` is read as `@` and a second `@`.
    let read = [
        Separator::HyphenMinus,
        Separator::Asterisk,
        Separator::At,
        Separator::Hyphen,
        Separator::Times,
    ];
    let mut table = [None; 256];
    let mut i = 0;
    while i < read.len() {
        let text = read[i].as_str().as_bytes();
        table[text[0] as usize] = form(read[i], text);
        i += 1;
    }
    table
};

/// The marks after a move's core, in the order the grammar takes them.
#[derive(Clone, Copy, PartialEq, PartialOrd)]
enum Stage {
    Core,
    Rating,
    Nags,
    DrawOffer,
    End,
}

/// The move the scanner fills in place; any value will do (every field is written).
pub(super) fn scratch_move() -> Move {
    let castling = Castling {
        rooks: CastlingRooks::King,
        separator: Separator::HyphenMinus,
        king: Column::I,
        king_rook: Some(Column::I),
        queen_rook: None,
        rook_steps: 0,
    };
    Move {
        span: Span::default(),
        kind: MoveKind::Castling(castling),
        check: None,
        rating: None,
        nags: Vec::new(),
        draw_offer: None,
        end: None,
    }
}

impl<V> Scanner<'_, '_, V> {
    /// Whether a move may start at the cursor (the caller falls back otherwise).
    #[inline]
    pub(super) fn at_move(&self) -> bool {
        self.peek().is_ascii_uppercase() || self.peek() >= 0x80
    }

    /// Reads the move at the cursor, with its marks, into `self.scratch` (filled in place: a
    /// move is large, and copying it was a tenth of the scan); the cursor ends after its last
    /// mark.
    pub(super) fn mv(&mut self) -> Result<(), Fallback> {
        let start = self.at;
        self.move_kind()?;
        let check = self.check_mark();
        let mut end = self.at;
        let (mut rating, mut draw_offer, mut end_mark) = (None, None, None);
        self.scratch.nags.clear();
        let mut stage = Stage::Core;
        // Most moves have no marks after the check mark: a comma, a line end or a space before
        // the next number or comment follows.
        while matches!(self.after_blanks(), b'?' | b'!' | b'$' | b'(' | b':' | 0xE2) {
            self.skip_blanks();
            let at = self.at;
            match self.peek() {
                b'?' | b'!' if stage < Stage::Rating => {
                    rating = Some(self.rating()?);
                    stage = Stage::Rating;
                }
                0xE2 if stage < Stage::Rating && self.at_bytes(FORCED) => {
                    rating = Some(self.rating()?);
                    stage = Stage::Rating;
                }
                b'$' if stage <= Stage::Nags && self.byte(at + 1).is_ascii_digit() => {
                    let nag = self.nag();
                    self.scratch.nags.push(nag);
                    stage = Stage::Nags;
                }
                b'(' if stage < Stage::DrawOffer
                    && self.at_str(GameIndicator::DrawOffer.as_str()) =>
                {
                    self.at += 3;
                    draw_offer = Some(Span::new(at, self.at));
                    stage = Stage::DrawOffer;
                }
                b':' if stage < Stage::End => {
                    self.at += 1;
                    end_mark = Some(Span::new(at, self.at));
                    stage = Stage::End;
                }
                _ => break,
            }
            end = self.at;
        }
        // The blanks after the move belong to no token.
        self.at = end;
        let m = &mut self.scratch;
        m.span = Span::new(start, end);
        m.check = check;
        m.rating = rating;
        m.draw_offer = draw_offer;
        m.end = end_mark;
        Ok(())
    }

    /// The first byte after the blanks at the cursor (0 at the end).
    #[inline(always)]
    fn after_blanks(&self) -> u8 {
        match self.peek() {
            b' ' | b'\n' | b'\t' | b'\r' | 0x0c => {
                let rest = self.bytes.get(self.at..).unwrap_or_default();
                rest.iter().copied().find(|&b| !super::is_blank(b)).unwrap_or(0)
            }
            c => c,
        }
    }

    /// The core of the move at the cursor, into `self.scratch.kind`. An ordinary move's parts
    /// are written into their fields in place: returned as values, they went through the
    /// stack in pieces of different widths, and reading them back stalled the loads.
    #[inline(always)]
    fn move_kind(&mut self) -> Result<(), Fallback> {
        let word = self.word();
        if word as u16 == u16::from_le_bytes(*b"KR") && ((word >> 16) as u8).is_ascii_uppercase() {
            self.scratch.kind = MoveKind::Castling(self.castling()?);
            return Ok(());
        }
        if !matches!(self.scratch.kind, MoveKind::Ordinary(_)) {
            // After a castling or a forced promotion: any ordinary move, to be filled.
            self.scratch.kind = MoveKind::Ordinary(any_ordinary().ok_or(Fallback)?);
        }
        let MoveKind::Ordinary(o) = &mut self.scratch.kind else {
            return Err(Fallback);
        };
        let text = self.text;
        let mut at = self.at;
        square_into(text, &mut at, &mut o.piece, &mut o.from)?;
        // The Pawn's letter is warned (W0208) by the full reader.
        if o.piece.is_some_and(|p| crate::diag::is_pawn_letter(p.letter)) {
            return Err(Fallback);
        }
        if byte_at(text.as_bytes(), at) == EQUALS {
            // A forced promotion is written from the pawn's hex, to a piece (`E27=D`).
            let (pawn, hex) = (o.piece.is_none(), o.from);
            self.at = at;
            let promotion = self.promotion()?;
            if !pawn || promotion.target == PromotionTarget::Awaiting {
                return Err(Fallback);
            }
            self.scratch.kind = MoveKind::ForcedPromotion(ForcedPromotion { hex, promotion });
            return Ok(());
        }
        separator_into(text.as_bytes(), &mut at, &mut o.separator)?;
        square_into(text, &mut at, &mut o.captured, &mut o.to)?;
        if o.captured.is_some() & !o.separator.value.is_capture() {
            return Err(Fallback);
        }
        o.promotion = None;
        self.at = at;
        if self.peek() == EQUALS {
            let promotion = self.promotion()?;
            if let MoveKind::Ordinary(o) = &mut self.scratch.kind {
                o.promotion = Some(promotion);
            }
        }
        Ok(())
    }

    /// `KRK-HIO`: the lexer takes `KR`, a letter, a separator and every capital after it.
    fn castling(&mut self) -> Result<Castling, Fallback> {
        let start = self.at;
        let prefix = &self.text[start..start + 3];
        self.at += 3;
        let separator = match Separator::read_prefix(self.bytes.get(self.at..).unwrap_or_default())
        {
            Some((s @ (Separator::HyphenMinus | Separator::Hyphen), len)) => {
                self.at += len;
                s
            }
            // The en dash is warned; anything else is no castling.
            _ => return Err(Fallback),
        };
        let columns = self.at;
        while self.peek().is_ascii_uppercase() {
            self.at += 1;
        }
        Castling::from_parts(prefix, &self.text[columns..self.at], separator).ok_or(Fallback)
    }

    /// The FAN piece symbol at the cursor, if one is there.
    fn fan_symbol(&self) -> Option<char> {
        fan_symbol_at(self.text, self.at)
    }

    /// `=X`, `=&` or `=` and a FAN symbol, at the cursor's `=`.
    fn promotion(&mut self) -> Result<Promotion, Fallback> {
        let start = self.at;
        self.at += 1;
        let c = self.peek();
        let target = if c == AWAITING {
            self.at += 1;
            PromotionTarget::Awaiting
        } else if c.is_ascii_uppercase() {
            // A letter running into more letters, digits, `_` or `'` is another token.
            let next = self.byte(self.at + 1);
            if next.is_ascii_alphanumeric() || next == b'_' || next == b'\'' {
                return Err(Fallback);
            }
            self.at += 1;
            PromotionTarget::Piece(PieceLetter {
                letter: c as char,
                span: Span::new(self.at - 1, self.at),
            })
        } else {
            let letter = self.fan_symbol().ok_or(Fallback)?;
            let from = self.at;
            self.at += letter.len_utf8();
            // A symbol before a capital may be a piece and a hex (`♘E3`).
            if self.peek().is_ascii_uppercase() {
                return Err(Fallback);
            }
            PromotionTarget::Piece(PieceLetter { letter, span: Span::new(from, self.at) })
        };
        // A promotion to the King or a Pawn is an error (E0226) of the full reader.
        if let PromotionTarget::Piece(p) = &target {
            if crate::diag::never_promoted_to(p.letter) {
                return Err(Fallback);
            }
        }
        Ok(Promotion { span: Span::new(start, self.at), target })
    }

    /// The check mark touching the move, if any.
    #[inline(always)]
    fn check_mark(&mut self) -> Option<Spanned<CheckMark>> {
        let start = self.at;
        let (mark, len) = CheckMark::read_prefix(self.bytes.get(start..)?)?;
        self.at += len;
        Some(Spanned::new(mark, Span::new(start, self.at)))
    }

    /// The rating at the cursor.
    fn rating(&mut self) -> Result<Spanned<Rating>, Fallback> {
        let start = self.at;
        let rest = self.bytes.get(start..).unwrap_or_default();
        let (rating, len) = Rating::read_prefix(rest).ok_or(Fallback)?;
        self.at += len;
        Ok(Spanned::new(rating, Span::new(start, self.at)))
    }

    /// `$n` at the cursor (a digit follows the `$`); read as the builder reads it.
    fn nag(&mut self) -> Spanned<u32> {
        let start = self.at;
        self.at += 1;
        while self.peek().is_ascii_digit() {
            self.at += 1;
        }
        let value = self.text[start + 1..self.at].parse().unwrap_or(u32::MAX);
        Spanned::new(value, Span::new(start, self.at))
    }
}

/// An ordinary move with any values, for `Scanner::move_kind` to fill.
fn any_ordinary() -> Option<OrdinaryMove> {
    let hex = Spanned::new(Hex::all().next()?, Span::default());
    let separator = Spanned::new(Separator::HyphenMinus, Span::default());
    Some(OrdinaryMove {
        piece: None,
        from: hex,
        separator,
        captured: None,
        to: hex,
        promotion: None,
    })
}

/// The byte at `at`, or 0 past the end.
#[inline(always)]
fn byte_at(bytes: &[u8], at: usize) -> u8 {
    bytes.get(at).copied().unwrap_or(0)
}

/// Reads the hex at `*at`, with the piece letter (or FAN symbol) written before it if any, into
/// `piece` and `hex`; moves `*at` past it.
#[inline(always)]
fn square_into(
    text: &str,
    at: &mut usize,
    piece: &mut Option<PieceLetter>,
    hex: &mut Spanned<Hex>,
) -> Result<(), Fallback> {
    let start = *at;
    let word = super::word_at(text.as_bytes(), start);
    let c = word as u8;
    if !c.is_ascii_uppercase() {
        return fan_square_into(text, at, piece, hex);
    }
    // A capital after a capital: the first is the piece letter. Piece or pawn is a coin toss
    // in real games, so the hex is read past it by a shift, not after a branch.
    let lettered = ((word >> 8) as u8).is_ascii_uppercase();
    let skip = usize::from(lettered);
    *piece =
        lettered.then_some(PieceLetter { letter: c as char, span: Span::new(start, start + 1) });
    hex_into(word >> (8 * skip), start + skip, at, hex)
}

/// A square whose piece is a FAN symbol (rare: out of the hot path).
#[cold]
#[inline(never)]
fn fan_square_into(
    text: &str,
    at: &mut usize,
    piece: &mut Option<PieceLetter>,
    hex: &mut Spanned<Hex>,
) -> Result<(), Fallback> {
    let start = *at;
    let letter = fan_symbol_at(text, start).ok_or(Fallback)?;
    let after = start + letter.len_utf8();
    let word = super::word_at(text.as_bytes(), after);
    if !((word as u8).is_ascii_uppercase() && ((word >> 8) as u8).is_ascii_digit()) {
        return Err(Fallback);
    }
    *piece = Some(PieceLetter { letter, span: Span::new(start, after) });
    hex_into(word, after, at, hex)
}

/// The FAN piece symbol at `at`, if one is there.
#[cold]
fn fan_symbol_at(text: &str, at: usize) -> Option<char> {
    if byte_at(text.as_bytes(), at) < 0x80 {
        return None;
    }
    let c = text.get(at..)?.chars().next()?;
    PieceKind::from_fan(c).map(|_| c)
}

/// A column letter and all the digits after it (as the lexer takes them): one or two digits
/// without a leading zero, read as the builder reads them. `word` holds the bytes from
/// `start`, its first a capital; the hex goes into `hex` and `*at` past it.
#[inline(always)]
fn hex_into(
    word: u64,
    start: usize,
    at: &mut usize,
    hex: &mut Spanned<Hex>,
) -> Result<(), Fallback> {
    let [column, d1, d2, d3, ..] = word.to_le_bytes();
    // One digit or two is a coin toss in real games: computed without a branch to guess, and
    // the checks joined into one branch that is almost never taken.
    let two = d2.is_ascii_digit();
    if !d1.is_ascii_digit() | (two & (d3.is_ascii_digit() | (d1 == b'0'))) {
        return Err(Fallback);
    }
    let tens = u8::from(two);
    let line = (d1 - b'0') * (1 + 9 * tens) + tens * d2.wrapping_sub(b'0');
    hex.value = Hex::from_ascii_parts(column, line).ok_or(Fallback)?;
    let end = start + 2 + usize::from(tens);
    hex.span = Span::new(start, end);
    *at = end;
    Ok(())
}

/// The separator at `*at`, into `separator`. A move or a capture is a coin toss in real games,
/// so the separator is looked up by its first byte and its other bytes compared in one go.
#[inline(always)]
fn separator_into(
    bytes: &[u8],
    at: &mut usize,
    separator: &mut Spanned<Separator>,
) -> Result<(), Fallback> {
    let start = *at;
    let word = super::word_at(bytes, start);
    let form = SEPARATORS[usize::from(word as u8)].ok_or(Fallback)?;
    if (word as u32) & form.mask != form.bytes {
        return Err(Fallback);
    }
    let double = (form.separator == Separator::At) & ((word >> 8) as u8 == AT);
    separator.value = if double { Separator::DoubleAt } else { form.separator };
    let end = start + usize::from(form.len + u8::from(double));
    separator.span = Span::new(start, end);
    *at = end;
    Ok(())
}
