//! A square as a move writes it: a hex, with the piece letter (or FAN symbol) before it.
//! Hexes are read as the board reads them (`cescacs_board::Hex`), a column letter and all the
//! digits after it, as the lexer takes them.

use cescacs_board::{Hex, Letters, PieceKind};
use cescacs_diagnostics::Span;

use super::spanned::Spanned;
use super::spelling::UnknownSpelling;
use crate::bytes::word_at;

/// A piece letter as written (standard, alternative after `[Redefine]`, or a FAN symbol).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct PieceLetter {
    /// The character.
    pub letter: char,
    /// Where.
    pub span: Span,
}

impl PieceLetter {
    /// The piece kind this letter names under a letter table (`None`: not valid there).
    ///
    /// ```
    /// use cescacs_board::{Letters, PieceKind};
    /// use ctl_an::syntax::MoveKind;
    /// let m: ctl_an::syntax::Move = "BF6-C15".parse().unwrap();
    /// let MoveKind::Ordinary(o) = &m.kind else { unreachable!() };
    /// let english = Letters::from_redefine("B@J, Q@D, W@V").unwrap();
    /// assert_eq!(o.piece.unwrap().kind(&english), Some(PieceKind::Bishop));
    /// assert_eq!(o.piece.unwrap().kind(&Letters::standard()), None);
    /// ```
    pub fn kind(&self, letters: &Letters) -> Option<PieceKind> {
        letters.kind_of_move_letter(self.letter)
    }

    /// Whether it is the Pawn's letter, which the spec leaves out of a move: `P` or a Pawn's FAN
    /// symbol (no Redefine alternative is `P`).
    ///
    /// ```
    /// use ctl_an::syntax::PieceLetter;
    /// assert!(PieceLetter::read_prefix("♟".as_bytes())?.0.is_pawn());
    /// assert!(!PieceLetter::read_prefix(b"N")?.0.is_pawn());
    /// # Ok::<(), ctl_an::syntax::UnknownSpelling>(())
    /// ```
    #[inline]
    pub fn is_pawn(&self) -> bool {
        matches!(self.letter, 'P' | '♙' | '♟')
    }

    /// Whether it names the King or the Pawn, which a pawn never promotes to (no Redefine
    /// alternative is `K` or `P`).
    #[inline]
    pub fn never_promoted_to(&self) -> bool {
        matches!(self.letter, 'K' | '♔' | '♚') || self.is_pawn()
    }

    /// What its readers expected.
    const UNKNOWN: UnknownSpelling = UnknownSpelling::new("piece letter");

    /// The piece letter at the start of `text` (a capital letter, or a FAN symbol), and its
    /// length in bytes. Which piece it names is [`PieceLetter::kind`]'s to say.
    ///
    /// ```
    /// use ctl_an::syntax::PieceLetter;
    /// let (letter, len) = PieceLetter::read_prefix("♘E3".as_bytes())?;
    /// assert_eq!((letter.letter, len), ('♘', 3));
    /// assert_eq!(PieceLetter::read_prefix(b"NF14")?.0.letter, 'N');
    /// assert!(PieceLetter::read_prefix(b"e7").is_err());
    /// # Ok::<(), ctl_an::syntax::UnknownSpelling>(())
    /// ```
    pub fn read_prefix(text: &[u8]) -> Result<(PieceLetter, usize), UnknownSpelling> {
        let word = word_at(text, 0);
        let letter = match word as u8 {
            c if c.is_ascii_uppercase() => c as char,
            _ => fan_letter(word).ok_or(PieceLetter::UNKNOWN)?,
        };
        Ok((PieceLetter { letter, span: Span::new(0, letter.len_utf8()) }, letter.len_utf8()))
    }
}

/// Reads the hex at `*at`, with the piece letter (or FAN symbol) written before it if any, into
/// `piece` and `hex`; moves `*at` past it.
#[inline(always)]
pub(crate) fn square_into(
    text: &[u8],
    at: &mut usize,
    piece: &mut Option<PieceLetter>,
    hex: &mut Spanned<Hex>,
) -> Option<()> {
    let start = *at;
    let word = word_at(text, start);
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
    text: &[u8],
    at: &mut usize,
    piece: &mut Option<PieceLetter>,
    hex: &mut Spanned<Hex>,
) -> Option<()> {
    let start = *at;
    let letter = fan_letter(word_at(text, start))?;
    let after = start + letter.len_utf8();
    let word = word_at(text, after);
    if !((word as u8).is_ascii_uppercase() && ((word >> 8) as u8).is_ascii_digit()) {
        return None;
    }
    *piece = Some(PieceLetter { letter, span: Span::new(start, after) });
    hex_into(word, after, at, hex)
}

/// The FAN piece symbol that `word` (the next eight bytes, little-endian) starts with: three or
/// four bytes, as long as its lead byte says. Inlined: in games written with FAN, nearly every
/// move has one or two.
#[inline(always)]
pub(crate) fn fan_letter(word: u64) -> Option<char> {
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
    // Bytes that are no UTF-8 (a `read_prefix` of any bytes) spell no symbol: the continuation
    // bytes the code took must be ones.
    let continued = |b: u32| b & 0xc0 == 0x80;
    if !(continued(b1) & continued(b2) & (continued(b3) | (four_bytes == 0))) {
        return None;
    }
    let letter = char::from_u32(code)?;
    PieceKind::from_fan(letter).map(|_| letter)
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
pub(crate) fn hex_into(
    word: u64,
    start: usize,
    at: &mut usize,
    hex: &mut Spanned<Hex>,
) -> Option<()> {
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
        return None;
    }
    let line = entry & 0x7f;
    hex.value = Hex::from_ascii_parts(column, line)?;
    let end = start + 2 + usize::from(tens);
    hex.span = Span::new(start, end);
    *at = end;
    Some(())
}

#[cfg(test)]
mod tests {
    use super::*;

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
                    let word = word_at(&text, 0);
                    let mut hex = Spanned::new(Hex::all().next().unwrap(), Span::default());
                    let mut at = 0;
                    let got = hex_into(word, 0, &mut at, &mut hex).map(|()| (hex.value, at));
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

    /// The FAN letter put together from a word is the text's first character when that is a
    /// piece symbol, for characters of one to four bytes and whatever follows them; bytes that
    /// are no UTF-8 give none.
    #[test]
    fn fan_letters_from_a_word_agree_with_the_characters() {
        let planes = (0..0x3000).chain(0x1f000..0x20000).chain([0x10ffff, 0xe0054, 0x2_2654]);
        let mut found = 0;
        for c in planes.filter_map(char::from_u32) {
            for after in ["", "E5", "\u{2658}", "\u{1fa50}"] {
                let text = format!("{c}{after}");
                let word = word_at(text.as_bytes(), 0);
                let want = PieceKind::from_fan(c).map(|_| c);
                assert_eq!(fan_letter(word), want, "{text:?}");
                found += usize::from(want.is_some());
                // The same bytes with a continuation byte broken.
                if c.len_utf8() >= 3 {
                    let mut broken = text.clone().into_bytes();
                    broken[c.len_utf8() - 1] = b'A';
                    assert_eq!(fan_letter(word_at(&broken, 0)), None, "{broken:?}");
                }
            }
        }
        assert_eq!(found, 18 * 4);
    }
}
