//! One move: castling, ordinary move or forced promotion, then its marks.
//!
//! Every token is claimed only where the lexer's longest match would end it too (a hex takes
//! all its digits, a promotion letter must not run into a word), so the spans are the tree's.
//! The parts of a move and its check mark touch (a space between them is `W0207`); ratings,
//! NAGs, the draw offer and `:` may follow blanks, in the grammar's order.

use cescacs_board::{Column, Hex, PieceKind, Span, notation};

use super::{Fallback, Scanner, word_at};
use crate::syntax::{
    Castling, CastlingRooks, CheckMark, ForcedPromotion, GameIndicator, Move, MoveKind,
    OrdinaryMove, PieceLetter, Promotion, PromotionTarget, Rating, Separator, Spanned,
};

/// The board's spellings (`cescacs_board::notation`) as the bytes compared here.
const EQUALS: u8 = notation::PROMOTION.as_bytes()[0];
const AWAITING: u8 = notation::AWAITING.as_bytes()[0];
const AT: u8 = notation::EN_PASSANT.as_bytes()[0];

/// `(=)`, the draw offer.
const DRAW_OFFER: &[u8] = GameIndicator::DrawOffer.as_str().as_bytes();

/// A separator the scanner reads: its bytes (little-endian, as many as `mask` keeps).
#[derive(Clone, Copy)]
struct SeparatorForm {
    separator: Separator,
    mask: u32,
    bytes: u32,
}

/// The separators by their first byte (the en dash is left to the full reader, which warns).
const SEPARATORS: [Option<SeparatorForm>; 256] = {
    const fn form(separator: Separator, text: &[u8]) -> Option<SeparatorForm> {
        let mut bytes = 0;
        let mut i = 0;
        while i < text.len() {
            bytes |= (text[i] as u32) << (8 * i);
            i += 1;
        }
        // `separator_word_into` takes the length from the lead byte.
        let lead = text[0];
        assert!(text.len() == 1 + (lead >= 0xc0) as usize + (lead >= 0xe0) as usize);
        let mask = u32::MAX >> (8 * (4 - text.len()));
        Some(SeparatorForm { separator, mask, bytes })
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
    /// Reads the move at the cursor, with its marks, into `self.scratch` (filled in place: a
    /// move is large, and copying it was a tenth of the scan); the cursor ends after its last
    /// mark, or past the blanks after it when no mark follows them.
    ///
    /// The usual move (an ordinary move without promotion) is read by [`usual_move`]; any other
    /// form, and anything it is not sure of, by the complete reader ([`Self::move_kind`]),
    /// which gives the same move or gives up (on anything but a move at the cursor too).
    #[inline(always)]
    pub(super) fn mv(&mut self) -> Result<(), Fallback> {
        let start = self.at;
        let mut tail = [0; WINDOW];
        let window = Window::new(self.bytes, start, &mut tail);
        // The check mark is written in place: a local copy, stored in parts and loaded back
        // whole, stalled the load (the store could not be forwarded).
        let end = match usual_move(&window, &mut self.scratch.kind) {
            Some(core_end) => check_mark_into(window.rest(core_end), core_end, &mut self.scratch),
            None => {
                self.move_kind()?;
                let rest = self.bytes.get(self.at..).unwrap_or_default();
                check_mark_into(rest, self.at, &mut self.scratch)
            }
        };
        // Most moves have no marks after the check mark: a comma, a line end or a space before
        // the next number or comment follows.
        let mut next = end;
        let mut b = byte_at(self.bytes, next);
        while super::is_blank(b) {
            next += 1;
            b = byte_at(self.bytes, next);
        }
        // A `(` is usually a variation: only the draw offer `(=)` is a mark.
        if is_mark_start(b) && (b != b'(' || self.bytes.get(next..next + 3) == Some(DRAW_OFFER)) {
            return self.marks(start, end, next);
        }
        self.at = next;
        let m = &mut self.scratch;
        m.span = Span::new(start, end);
        m.rating = None;
        m.nags.clear();
        m.draw_offer = None;
        m.end = None;
        Ok(())
    }

    /// The marks after the check mark (ratings, NAGs, draw offer, `:`), in the grammar's order,
    /// each touching the move or after blanks: the move from `start` to `end` so far, its first
    /// mark at `at`.
    ///
    /// Each kind is tested once, in that order, where the last one read (or the check mark)
    /// leaves the cursor: a test per kind that the processor predicts by how often the kind
    /// is written, where one dispatch on the next byte per mark (a jump among five) was
    /// mispredicted at almost every mark.
    #[inline(never)]
    fn marks(&mut self, start: usize, mut end: usize, mut at: usize) -> Result<(), Fallback> {
        let bytes = self.bytes;
        let rating = rating_at(word_at(bytes, at)).map(|(value, len)| {
            end = at + len;
            let rating = Spanned::new(value, Span::new(at, end));
            at = after_blanks(bytes, end);
            rating
        });
        self.scratch.nags.clear();
        while byte_at(bytes, at) == b'$' && byte_at(bytes, at + 1).is_ascii_digit() {
            let mark = at;
            at += 1;
            // Read as the builder reads it (`str::parse`): too large is `u32::MAX`.
            let mut value = Some(0u32);
            while let Some(digit) = char::from(byte_at(bytes, at)).to_digit(10) {
                value = value.and_then(|v| v.checked_mul(10)?.checked_add(digit));
                at += 1;
            }
            self.scratch.nags.push(Spanned::new(value.unwrap_or(u32::MAX), Span::new(mark, at)));
            end = at;
            at = after_blanks(bytes, end);
        }
        let draw_offer = (bytes.get(at..at + DRAW_OFFER.len()) == Some(DRAW_OFFER)).then(|| {
            end = at + DRAW_OFFER.len();
            let span = Span::new(at, end);
            at = after_blanks(bytes, end);
            span
        });
        let end_mark = (byte_at(bytes, at) == b':').then(|| {
            end = at + 1;
            Span::new(at, end)
        });
        // The blanks after the move belong to no token.
        self.at = end;
        let m = &mut self.scratch;
        m.span = Span::new(start, end);
        m.rating = rating;
        m.draw_offer = draw_offer;
        m.end = end_mark;
        Ok(())
    }

    /// The core of the move at the cursor, into `self.scratch.kind`: every form. An ordinary
    /// move's parts are written into their fields in place: returned as values, they went
    /// through the stack in pieces of different widths, and reading them back stalled the loads.
    #[inline(never)]
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
}

/// The bytes that may start a mark after a move's check mark: a rating (`?`, `!`, `◇`), a NAG
/// (`$`), the draw offer `(=)` or `:`. A `(` may also open a variation, and `0xE2` start
/// another character: the marks reader tells them apart.
#[inline(always)]
fn is_mark_start(b: u8) -> bool {
    const STARTS: u64 = 1 << b'?' | 1 << b'!' | 1 << b'$' | 1 << b'(' | 1 << b':';
    // Without a branch: what follows a move varies from move to move.
    ((b < 64) & (STARTS >> (b & 63) & 1 == 1)) | (b == 0xE2)
}

/// How many bytes of the text the usual move reads from its first byte on: its core is at
/// most 17 bytes (a FAN letter and a hex, a separator, a FAN letter and a hex) and its check
/// mark 4 more, and a word is read at each offset up to 31.
const WINDOW: usize = 40;

/// The bytes of a move from its first byte, read without a bounds check each: offsets are
/// taken modulo 32, which changes none of those the usual move reads (see [`WINDOW`]).
struct Window<'a> {
    bytes: &'a [u8; WINDOW],
    start: usize,
}

impl<'a> Window<'a> {
    /// The window at `start`; past the end of the text it reads zeros, as [`super::word_at`].
    #[inline(always)]
    fn new(bytes: &'a [u8], start: usize, tail: &'a mut [u8; WINDOW]) -> Self {
        match bytes.get(start..start + WINDOW).and_then(|b| <&[u8; WINDOW]>::try_from(b).ok()) {
            Some(bytes) => Window { bytes, start },
            None => {
                fill_tail(bytes, start, tail);
                Window { bytes: tail, start }
            }
        }
    }

    #[inline(always)]
    fn offset(&self, at: usize) -> usize {
        at.wrapping_sub(self.start) & 31
    }

    /// The eight bytes at `at` as one little-endian word.
    #[inline(always)]
    fn word(&self, at: usize) -> u64 {
        let i = self.offset(at);
        let mut word = [0; 8];
        word.copy_from_slice(&self.bytes[i..i + 8]);
        u64::from_le_bytes(word)
    }

    /// The bytes from `at` to the end of the window.
    #[inline(always)]
    fn rest(&self, at: usize) -> &[u8] {
        &self.bytes[self.offset(at)..]
    }
}

/// The last bytes of a text, shorter than a window, padded with zeros.
#[cold]
#[inline(never)]
fn fill_tail(bytes: &[u8], start: usize, tail: &mut [u8; WINDOW]) {
    let rest = bytes.get(start..).unwrap_or_default();
    tail.fill(0);
    tail[..rest.len()].copy_from_slice(rest);
}

/// The check mark at `at` (`rest` is the text from there), if any, into `m.check`; where the
/// move goes on after it.
#[inline(always)]
fn check_mark_into(rest: &[u8], at: usize, m: &mut Move) -> usize {
    // Most moves carry no mark: one comparison of the first byte says so.
    if !matches!(rest.first(), Some(b'+' | b'#')) {
        m.check = None;
        return at;
    }
    match CheckMark::read_prefix(rest) {
        Some((mark, len)) => {
            m.check = Some(Spanned::new(mark, Span::new(at, at + len)));
            at + len
        }
        None => {
            m.check = None;
            at
        }
    }
}

/// The usual move at the window's start (an ordinary move without promotion), read into `kind`
/// when it is an ordinary move already; the end of its core. `None` when it is another form,
/// or anything out of the ordinary: then `kind` may be half written, and the complete reader
/// reads the move again.
#[inline(always)]
fn usual_move(window: &Window<'_>, kind: &mut MoveKind) -> Option<usize> {
    let MoveKind::Ordinary(o) = kind else { return None };
    let start = window.start;
    let word = window.word(start);
    if word as u16 == u16::from_le_bytes(*b"KR") && ((word >> 16) as u8).is_ascii_uppercase() {
        return None;
    }
    let mut at = start;
    usual_square::<true>(window, &mut at, &mut o.piece, &mut o.from)?;
    separator_word_into(window.word(at), &mut at, &mut o.separator).ok()?;
    usual_square::<false>(window, &mut at, &mut o.captured, &mut o.to)?;
    if (o.captured.is_some() & !o.separator.value.is_capture()) | (window.word(at) as u8 == EQUALS)
    {
        return None;
    }
    o.promotion = None;
    Some(at)
}

/// [`square_into`] for the usual move: `None` for the moving Pawn's letter (`MOVER`), which the
/// complete reader leaves to the full one, and on anything it would not read.
#[inline(always)]
fn usual_square<const MOVER: bool>(
    window: &Window<'_>,
    at: &mut usize,
    piece: &mut Option<PieceLetter>,
    hex: &mut Spanned<Hex>,
) -> Option<()> {
    let start = *at;
    let word = window.word(start);
    let c = word as u8;
    if c.is_ascii_uppercase() {
        // A capital after a capital: the first is the piece letter. Piece or pawn is a coin
        // toss in real games, so the hex is read past it by a shift, not after a branch.
        let lettered = ((word >> 8) as u8).is_ascii_uppercase();
        if MOVER && lettered && c == b'P' {
            return None;
        }
        let skip = usize::from(lettered);
        *piece = lettered
            .then_some(PieceLetter { letter: c as char, span: Span::new(start, start + 1) });
        return hex_into(word >> (8 * skip), start + skip, at, hex).ok();
    }
    let letter = fan_letter(word)?;
    if MOVER && crate::diag::is_pawn_letter(letter) {
        return None;
    }
    // The symbol's length from its lead byte, not from the letter read: the hex's place is
    // ready sooner.
    let after = start + 3 + usize::from(c >= 0xf0);
    *piece = Some(PieceLetter { letter, span: Span::new(start, after) });
    hex_into(window.word(after), after, at, hex).ok()
}

/// The FAN piece symbol that `word` starts with (three or four bytes, as long as its lead byte
/// says). The text is UTF-8, so a lead byte of three or four bytes has its continuation bytes:
/// they are put together without a check. Inlined: in games written with FAN, nearly every
/// move has one or two.
#[inline(always)]
fn fan_letter(word: u64) -> Option<char> {
    let [lead, b1, b2, b3, ..] = word.to_le_bytes().map(u32::from);
    if !(0xE0..=0xF7).contains(&lead) {
        return None;
    }
    // Three bytes or four is a coin toss in games written with FAN (`♘`, `🩐`): both codes are
    // put together and one chosen by a mask (a plain choice was compiled as a branch).
    let three = (lead & 0x0f) << 12 | (b1 & 0x3f) << 6 | (b2 & 0x3f);
    let four = (lead & 0x07) << 18 | (b1 & 0x3f) << 12 | (b2 & 0x3f) << 6 | (b3 & 0x3f);
    let four_bytes = u32::from(lead >= 0xF0).wrapping_neg();
    let code = (four & four_bytes) | (three & !four_bytes);
    let letter = char::from_u32(code)?;
    PieceKind::from_fan(letter).map(|_| letter)
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

/// Where the blanks from `at` on end.
#[inline(always)]
fn after_blanks(bytes: &[u8], mut at: usize) -> usize {
    while super::is_blank(byte_at(bytes, at)) {
        at += 1;
    }
    at
}

/// The rating that `word` (little-endian bytes) starts with, and its length; as
/// [`Rating::read_prefix`], with the one- or two-byte ratings looked up by their two bytes.
#[inline(always)]
fn rating_at(word: u64) -> Option<(Rating, usize)> {
    const FORCED: &[u8] = Rating::Forced.as_str().as_bytes();
    let forced = FORCED.iter().rev().fold(0, |w, &b| w << 8 | u32::from(b));
    if (word as u32) & 0x00ff_ffff == forced {
        return Some((Rating::Forced, FORCED.len()));
    }
    let class = |b: u8| usize::from(b == b'?') | usize::from(b == b'!') << 1;
    RATINGS[class(word as u8) << 2 | class((word >> 8) as u8)]
}

/// The ratings by the class of their first two bytes (0 another byte, 1 `?`, 2 `!`), the first
/// times four plus the second.
const RATINGS: [Option<(Rating, usize)>; 12] = [
    None,
    None,
    None,
    None,
    Some((Rating::Mistake, 1)),
    Some((Rating::Blunder, 2)),
    Some((Rating::Dubious, 2)),
    None,
    Some((Rating::Good, 1)),
    Some((Rating::Interesting, 2)),
    Some((Rating::Brilliant, 2)),
    None,
];

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

/// [`LINES`]' entry for no line.
const NO_LINE: u8 = 0xff;

/// The line written from a first digit (0 to 9; the rows past 9 are never read) and the byte
/// after it: that digit alone when the byte is no digit, the two digits when it is and the first
/// is not 0 (flagged by the top bit: a third digit then makes no line), [`NO_LINE`] for a line
/// past the board's last (the board has none of them either) or a leading zero.
const LINES: [[u8; 256]; 16] = {
    let mut table = [[NO_LINE; 256]; 16];
    let mut first = 0;
    while first < 10 {
        let mut next = 0;
        while next < 256 {
            let second = (next as u8).wrapping_sub(b'0');
            table[first][next] = if second > 9 {
                first as u8
            } else if first > 0 && first * 10 + second as usize <= 28 {
                0x80 | (first as u8 * 10 + second)
            } else {
                NO_LINE
            };
            next += 1;
        }
        first += 1;
    }
    table
};

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
    // One digit or two is a coin toss in real games: the line is looked up by its first digit
    // and the byte after it, and the checks joined into one branch that is almost never taken.
    let first = d1.wrapping_sub(b'0');
    let entry = LINES[usize::from(first & 15)][usize::from(d2)];
    // Where the hex ends comes from the second digit alone, not from the table: the move's
    // next part waits on it (each part's place depends on the one before), and a comparison
    // is ready sooner than a load. A table entry that is a line agrees with it.
    let tens = d2.is_ascii_digit();
    if (first > 9) | (entry == NO_LINE) | (tens & d3.is_ascii_digit()) {
        return Err(Fallback);
    }
    let line = entry & 0x7f;
    hex.value = Hex::from_ascii_parts(column, line).ok_or(Fallback)?;
    let end = start + 2 + usize::from(tens);
    hex.span = Span::new(start, end);
    *at = end;
    Ok(())
}

/// The separator at `*at`, into `separator`.
#[inline(always)]
fn separator_into(
    bytes: &[u8],
    at: &mut usize,
    separator: &mut Spanned<Separator>,
) -> Result<(), Fallback> {
    separator_word_into(super::word_at(bytes, *at), at, separator)
}

/// The separator that `word` (the bytes at `*at`) starts with, into `separator`. A move or a
/// capture is a coin toss in real games, so the separator is looked up by its first byte and
/// its other bytes compared in one go.
#[inline(always)]
fn separator_word_into(
    word: u64,
    at: &mut usize,
    separator: &mut Spanned<Separator>,
) -> Result<(), Fallback> {
    let start = *at;
    // A promoted constant, not the static's address loaded from the table of addresses.
    let table: &'static [Option<SeparatorForm>; 256] = &SEPARATORS;
    let lead = word as u8;
    let form = table[usize::from(lead)].ok_or(Fallback)?;
    if (word as u32) & form.mask != form.bytes {
        return Err(Fallback);
    }
    // As for a hex, the end comes from the bytes, not from the table: every separator is one
    // UTF-8 character (`@@` two), as long as its lead byte says.
    let double = (lead == AT) & ((word >> 8) as u8 == AT);
    separator.value = if double { Separator::DoubleAt } else { form.separator };
    let len = 1 + usize::from(lead >= 0xc0) + usize::from(lead >= 0xe0);
    let end = start + len + usize::from(double);
    separator.span = Span::new(start, end);
    *at = end;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Limits;
    use crate::scan::Visitor;

    struct Nothing;
    impl Visitor for Nothing {}

    /// Reads the move at the start of `text`: the outcome, the move and where the cursor
    /// ends. With `complete`, the usual-move reader is skipped (the scratch holds a castling).
    fn read(text: &str, complete: bool) -> (Result<(), Fallback>, Move, usize) {
        let mut visitor = Nothing;
        let mut scratch = scratch_move();
        if !complete {
            scratch.kind = MoveKind::Ordinary(any_ordinary().expect("a hex"));
        }
        let mut scanner = Scanner {
            text,
            bytes: text.as_bytes(),
            at: 0,
            limits: &Limits::DEFAULT,
            visitor: &mut visitor,
            scratch,
            tag_value: String::new(),
            move_references: Vec::new(),
        };
        let result = scanner.mv();
        // The cursor may stop before the blanks after the move or past them.
        scanner.skip_blanks();
        (result, scanner.scratch, scanner.at)
    }

    /// Random moves, right and wrong, from the pieces of every form.
    fn random_moves(count: usize) -> Vec<String> {
        const PIECES: &[&str] = &[
            "",
            "",
            "J",
            "N",
            "P",
            "K",
            "A",
            "E",
            "\u{2658}",
            "\u{265f}",
            "\u{1fa50}",
            "\u{2616}",
            "x",
            "\u{2654}",
        ];
        const COLUMNS: &[&str] = &["A", "E", "F", "K", "R", "X", "Z", "J", "a", "", "\u{2658}"];
        const LINES: &[&str] =
            &["0", "1", "5", "7", "9", "10", "13", "28", "29", "07", "123", "", "1a"];
        const SEPARATORS: &[&str] =
            &["-", "-", "\u{2010}", "\u{d7}", "*", "@", "@@", "\u{2013}", "=", "", " ", "x"];
        const PROMOTIONS: &[&str] =
            &["", "", "", "", "=D", "=&", "=\u{2658}", "=K", "=DX", "=\u{2658}E"];
        const CHECKS: &[&str] =
            &["", "", "", "+", "+^", "++", "+\u{221e}", "#", " +", "+\u{221e}\u{221e}"];
        const AFTER: &[&str] = &[
            "",
            "",
            ",",
            "\n",
            " ?",
            "!",
            " !?",
            "\u{25c7}",
            " $14",
            "$",
            " (=)",
            " (",
            "(1.",
            ":",
            " :",
            " ?? $3 (=) :",
            "\n\n{",
            " \u{feff}",
        ];
        const WHOLE: &[&str] =
            &["KRK-HIO", "KRD\u{2010}DE", "KRR-HGG", "KRX-", "KRK-", "E27=D", "E27=&"];
        let mut state: u64 = 0x9e37_79b9_7f4a_7c15;
        let mut pick = |list: &[&'static str]| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            list[(state % list.len() as u64) as usize]
        };
        (0..count)
            .map(|_| {
                let core = if pick(&["", "", "", "", "", "", "", "", "", "w"]) == "w" {
                    pick(WHOLE).to_string()
                } else {
                    [
                        pick(PIECES),
                        pick(COLUMNS),
                        pick(LINES),
                        pick(SEPARATORS),
                        pick(PIECES),
                        pick(COLUMNS),
                        pick(LINES),
                        pick(PROMOTIONS),
                    ]
                    .concat()
                };
                [core.as_str(), pick(CHECKS), pick(AFTER)].concat()
            })
            .collect()
    }

    /// A hex as the lexer takes it (a column and all the digits after it) is read exactly when
    /// the board reads it, whatever follows.
    #[test]
    fn hexes_are_read_as_the_board_reads_them() {
        let mut read = 0;
        for column in (b'A'..=b'Z').chain([b'a', b'0', 0xe2]) {
            for line in
                (0..130).map(|n| n.to_string()).chain(["00", "01", "09", "028"].map(String::from))
            {
                for after in ["", "-", "+", ",", "\u{d7}", "=", "x", " "] {
                    let text = [&[column][..], line.as_bytes(), after.as_bytes()].concat();
                    let word = crate::scan::word_at(&text, 0);
                    let mut hex = Spanned::new(Hex::all().next().unwrap(), Span::default());
                    let mut at = 0;
                    let got = hex_into(word, 0, &mut at, &mut hex).ok().map(|()| (hex.value, at));
                    let name = std::str::from_utf8(&text[..1 + line.len()]).ok();
                    let want =
                        name.and_then(|n| n.parse::<Hex>().ok()).map(|h| (h, 1 + line.len()));
                    assert_eq!(got, want, "{:?}", String::from_utf8_lossy(&text));
                    read += usize::from(got.is_some());
                }
            }
        }
        assert_eq!(read, 169 * 8);
    }

    /// The FAN letter put together from a word reads what the text's characters read, for
    /// letters of one to four bytes and whatever follows them.
    #[test]
    fn fan_letters_from_a_word_agree_with_the_characters() {
        let planes = (0..0x3000).chain(0x1f000..0x20000).chain([0x10ffff, 0xe0054, 0x2_2654]);
        let mut found = 0;
        for c in planes.filter_map(char::from_u32) {
            for after in ["", "E5", "\u{2658}", "\u{1fa50}"] {
                let text = format!("{c}{after}");
                let word = crate::scan::word_at(text.as_bytes(), 0);
                let want = fan_symbol_at(&text, 0).filter(|_| c.len_utf8() >= 3);
                assert_eq!(fan_letter(word), want, "{text:?}");
                found += usize::from(want.is_some());
            }
        }
        assert_eq!(found, 18 * 4);
    }

    /// The table of ratings reads what `Rating::read_prefix` reads, after every pair of bytes
    /// that matter (and the forced move's three).
    #[test]
    fn ratings_by_table_agree_with_the_reader() {
        let bytes = [b'?', b'!', b'$', b' ', b':', 0, 0xe2, 0x97, 0x87, b'(', b'a'];
        let mut read = 0;
        for &a in &bytes {
            for &b in &bytes {
                for &c in &bytes {
                    let text = [a, b, c, b' ', 0, 0, 0, 0];
                    let got = rating_at(u64::from_le_bytes(text));
                    assert_eq!(got, Rating::read_prefix(&text), "{text:?}");
                    read += usize::from(got.is_some());
                }
            }
        }
        assert!(read > 200, "only {read} ratings read");
    }

    /// The usual-move reader gives what the complete reader gives, and every move the scanner
    /// reads whole is the parser's.
    #[test]
    fn the_usual_move_reader_agrees_with_the_complete_one_and_the_parser() {
        let mut whole = 0;
        for text in random_moves(100_000) {
            let fast = read(&text, false);
            let complete = read(&text, true);
            assert_eq!(fast.0, complete.0, "{text:?}");
            if fast.0.is_ok() {
                assert_eq!(fast.1, complete.1, "{text:?}");
                assert_eq!(fast.2, complete.2, "{text:?}");
                if fast.2 == text.len() {
                    whole += 1;
                    let parsed: Move = text.parse().unwrap_or_else(|e| panic!("{text:?}: {e}"));
                    assert_eq!(parsed, fast.1, "{text:?}");
                }
            }
        }
        assert!(whole > 2_500, "only {whole} moves read whole");
    }
}
