//! A move: its core (an ordinary move, a castling or a forced promotion) and its marks (the
//! check mark joined to it; the rating, NAGs, draw offer and final `:`, after blanks or not).
//!
//! [`Move::read_prefix`] is the one reader of a move's text: the fast scanner reads each move
//! with it, the builder reads each move the grammar found with it (and explains, part by part,
//! the moves it does not read), and `FromStr` is it plus a full-length check. It reads a move
//! exactly when the full reader reads that text as one move without any diagnostic, so the
//! scanner accepts a move when and only when the full reader accepts it. `Display` prints the
//! canonical form.
//!
//! The parts and marks touch (a space between them is `W0207`); ratings, NAGs, the draw offer
//! and `:` may follow blanks, in the grammar's order. Every part is claimed only where the
//! lexer's longest match would end it too (a hex takes all its digits, a promotion letter must
//! not run into a word), so the spans are the tree's.

use core::fmt;

use cescacs_board::{BoardMoveKind, BoardPromotion, Column, Hex, Letters, PieceKind};
use cescacs_diagnostics::{Diagnostic, Span};

use super::castling::{Castling, CastlingRooks};
use super::marks::{CheckMark, GameIndicator, Rating};
use super::promotion::{ForcedPromotion, Promotion, PromotionTarget};
use super::separator::Separator;
use super::spanned::Spanned;
use super::spelling::UnknownSpelling;
use super::square::{PieceLetter, fan_letter, hex_into, square_into};
use crate::bytes::{after_blanks, byte_at, is_blank, word_at};

/// `=`, which starts a promotion.
const EQUALS: u8 = cescacs_board::notation::PROMOTION.as_bytes()[0];

/// `(=)`, the draw offer.
const DRAW_OFFER: &[u8] = GameIndicator::DrawOffer.as_str().as_bytes();

/// A move with its marks.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Move {
    /// From the first character of the move to its last mark.
    pub span: Span,
    /// What the move is.
    pub kind: MoveKind,
    /// `+`, `+^`, `+∞`, `++` or `#`.
    pub check: Option<Spanned<CheckMark>>,
    /// `?`, `??`, `?!`, `!`, `!!`, `!?` or `◇`.
    pub rating: Option<Spanned<Rating>>,
    /// Numeric annotation glyphs `$n` written after the move.
    pub nags: Vec<Spanned<u32>>,
    /// `(=)`: a draw offer.
    pub draw_offer: Option<Span>,
    /// `:`: the last move of the game (end or interruption).
    pub end: Option<Span>,
}

/// How text is written.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct WriteOptions {
    /// Write `*` for `×` and `...` for `…` (keyboard characters only).
    pub ascii: bool,
}

impl Move {
    /// What its readers expected.
    pub(crate) const UNKNOWN: UnknownSpelling = UnknownSpelling::new("move");

    /// The piece letters written in the move: the mover's, the captured piece's, the
    /// promotion's; to rewrite them in other letters.
    ///
    /// ```
    /// use cescacs_board::{Letters, PieceKind};
    /// let mut m: ctl_an::syntax::Move = "NF12×EF14=D+^".parse()?;
    /// for letter in m.letters_mut() {
    ///     let kind = PieceKind::from_letter(letter.letter).unwrap();
    ///     letter.letter = Letters::fan().move_letter(kind);
    /// }
    /// assert_eq!(m.to_string(), "♘F12×☖F14=♕+^");
    /// # Ok::<(), ctl_an::MoveParseError>(())
    /// ```
    pub fn letters_mut(&mut self) -> impl Iterator<Item = &mut PieceLetter> {
        fn target(p: Option<&mut Promotion>) -> Option<&mut PieceLetter> {
            p.and_then(|p| match &mut p.target {
                PromotionTarget::Piece(letter) => Some(letter),
                PromotionTarget::Awaiting => None,
            })
        }
        let letters = match &mut self.kind {
            MoveKind::Ordinary(o) => {
                [o.piece.as_mut(), o.captured.as_mut(), target(o.promotion.as_mut())]
            }
            MoveKind::ForcedPromotion(f) => [target(Some(&mut f.promotion)), None, None],
            MoveKind::Castling(_) => [None, None, None],
        };
        letters.into_iter().flatten()
    }

    /// The notation's move for a board move, in a game's `letters`, with the check mark the
    /// move earns and no other mark: what a game model writes for a move chosen among
    /// [`Position::legal_moves`](cescacs_board::Position::legal_moves). Its text is the board
    /// move's canonical text in those letters; its spans are empty (it was read from no text).
    ///
    /// ```
    /// use cescacs_board::{Letters, Position};
    /// let p = Position::initial();
    /// let m = p.legal_moves().into_iter().find(|m| m.to_string() == "JF6-C15").unwrap();
    /// let english = Letters::from_redefine("B@J, Q@D, W@V").unwrap();
    /// assert_eq!(ctl_an::syntax::Move::from_board(&m, &english).to_string(), "BF6-C15");
    /// assert_eq!(ctl_an::syntax::Move::from_board(&m, &Letters::fan()).to_string(), "♗F6-C15");
    /// ```
    pub fn from_board(m: &cescacs_board::Move, letters: &Letters) -> Move {
        let letter = |kind: PieceKind| PieceLetter {
            letter: letters.move_letter(kind),
            span: Span::default(),
        };
        let promotion = |p: BoardPromotion| Promotion {
            span: Span::default(),
            target: match p {
                BoardPromotion::To(kind) => PromotionTarget::Piece(letter(kind)),
                BoardPromotion::Awaiting => PromotionTarget::Awaiting,
            },
        };
        let at = |hex: Hex| Spanned::new(hex, Span::default());
        let kind = match (m.kind(), m.castling(), m.promotion()) {
            (_, Some(c), _) => MoveKind::Castling(Castling::of_board(c)),
            (BoardMoveKind::PromotionInPlace, _, Some(p)) => {
                MoveKind::ForcedPromotion(ForcedPromotion {
                    hex: at(m.to()),
                    promotion: promotion(p),
                })
            }
            _ => MoveKind::Ordinary(OrdinaryMove {
                piece: (m.piece() != PieceKind::Pawn).then(|| letter(m.piece())),
                from: at(m.from()),
                // The board spells every separator it writes, each one of ours.
                separator: Spanned::new(
                    m.board_move().separator().parse().unwrap_or(Separator::HyphenMinus),
                    Span::default(),
                ),
                captured: m.captured().filter(|&k| k != PieceKind::Pawn).map(letter),
                to: at(m.to()),
                promotion: m.promotion().map(promotion),
            }),
        };
        let check = match m.check() {
            None => None,
            Some(_) if m.is_mate() => Some(CheckMark::Mate),
            Some(kind) => Some(CheckMark::of_kind(kind)),
        };
        Move {
            span: Span::default(),
            kind,
            check: check.map(|c| Spanned::new(c, Span::default())),
            rating: None,
            nags: Vec::new(),
            draw_offer: None,
            end: None,
        }
    }

    /// Whether the move ends the game: `:` or checkmate `#`.
    pub fn ends_game(&self) -> bool {
        // Both tests, without a branch between them (the scanner asks it of every move).
        self.end.is_some() | matches!(self.check, Some(Spanned { value: CheckMark::Mate, .. }))
    }

    /// The move spelled at the start of `text`, with its marks, and its length in bytes (to the
    /// end of its last mark); spans start at 0. It reads a move exactly when the full reader
    /// reads that text as one move without any diagnostic (not with the en dash, the Pawn's
    /// letter or spaces inside it, which are warned: `FromStr` reads those and says why).
    ///
    /// ```
    /// use ctl_an::syntax::{CheckMark, Move, MoveKind};
    /// let (m, len) = Move::read_prefix("EF12×NF14+^ ?!, E21-E15".as_bytes())?;
    /// assert_eq!((m.to_string(), len), ("EF12×NF14+^ ?!".to_string(), 15));
    /// assert_eq!(m.check.map(|c| c.value), Some(CheckMark::Adjoining));
    /// assert!(matches!(Move::read_prefix(b"KRK-HIO:")?.0.kind, MoveKind::Castling(_)));
    /// assert!(Move::read_prefix(b"E13xF16").is_err());
    /// # Ok::<(), ctl_an::syntax::UnknownSpelling>(())
    /// ```
    pub fn read_prefix(text: &[u8]) -> Result<(Move, usize), UnknownSpelling> {
        let mut m = Move::scratch();
        m.read_into(text, 0).ok_or(Move::UNKNOWN)?;
        let len = m.span.end;
        Ok((m, len))
    }

    /// A move to be filled by [`Move::read_into`]; any value will do (every field is written).
    pub(crate) fn scratch() -> Move {
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

    /// Reads the move at `start` of `text`, with its marks, into `self` (filled in place: a
    /// move is large, and copying it was a tenth of the scan); returns where reading goes on:
    /// after its last mark, or past the blanks after it when no mark follows them. `None` when
    /// [`Move::read_prefix`] reads no move there; `self` is then half written.
    ///
    /// The usual move (an ordinary move without promotion) is read by [`usual_move`]; any other
    /// form, and anything it is not sure of, by the complete reader ([`Move::read_kind`]),
    /// which gives the same move or gives up (on anything but a move at `start` too).
    #[inline(always)]
    pub(crate) fn read_into(&mut self, text: &[u8], start: usize) -> Option<usize> {
        let mut tail = [0; WINDOW];
        let window = Window::new(text, start, &mut tail);
        // The check mark is written in place: a local copy, stored in parts and loaded back
        // whole, stalled the load (the store could not be forwarded).
        let end = match usual_move(&window, &mut self.kind) {
            Some(core_end) => check_mark_into(window.rest(core_end), core_end, self),
            None => {
                let core_end = self.read_kind(text, start)?;
                check_mark_into(text.get(core_end..).unwrap_or_default(), core_end, self)
            }
        };
        // Most moves have no marks after the check mark: a comma, a line end or a space before
        // the next number or comment follows.
        let mut next = end;
        let mut b = byte_at(text, next);
        while is_blank(b) {
            next += 1;
            b = byte_at(text, next);
        }
        // A `(` is usually a variation: only the draw offer `(=)` is a mark.
        if is_mark_start(b) && (b != b'(' || text.get(next..next + 3) == Some(DRAW_OFFER)) {
            return Some(self.read_marks(text, start, end, next));
        }
        self.span = Span::new(start, end);
        self.rating = None;
        self.nags.clear();
        self.draw_offer = None;
        self.end = None;
        Some(next)
    }

    /// The marks after the check mark (ratings, NAGs, draw offer, `:`), in the grammar's order,
    /// each touching the move or after blanks: the move from `start` to `end` so far, its first
    /// mark at `at`; returns where the move ends.
    ///
    /// Each kind is tested once, in that order, where the last one read (or the check mark)
    /// leaves the cursor: a test per kind that the processor predicts by how often the kind
    /// is written, where one dispatch on the next byte per mark (a jump among five) was
    /// mispredicted at almost every mark.
    #[inline(never)]
    fn read_marks(&mut self, bytes: &[u8], start: usize, mut end: usize, mut at: usize) -> usize {
        let rating = Rating::read_word(word_at(bytes, at)).map(|(value, len)| {
            end = at + len;
            let rating = Spanned::new(value, Span::new(at, end));
            at = after_blanks(bytes, end);
            rating
        });
        self.nags.clear();
        while byte_at(bytes, at) == b'$' && byte_at(bytes, at + 1).is_ascii_digit() {
            let mark = at;
            at += 1;
            // Read as the builder reads it (`str::parse`): too large is `u32::MAX`.
            let mut value = Some(0u32);
            while let Some(digit) = char::from(byte_at(bytes, at)).to_digit(10) {
                value = value.and_then(|v| v.checked_mul(10)?.checked_add(digit));
                at += 1;
            }
            self.nags.push(Spanned::new(value.unwrap_or(u32::MAX), Span::new(mark, at)));
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
        self.span = Span::new(start, end);
        self.rating = rating;
        self.draw_offer = draw_offer;
        self.end = end_mark;
        end
    }

    /// The core of the move at `start`, into `self.kind`: every form; returns where it ends. An
    /// ordinary move's parts are written into their fields in place: returned as values, they
    /// went through the stack in pieces of different widths, and reading them back stalled the
    /// loads.
    #[inline(never)]
    fn read_kind(&mut self, text: &[u8], start: usize) -> Option<usize> {
        let word = word_at(text, start);
        if word as u16 == u16::from_le_bytes(*b"KR") && ((word >> 16) as u8).is_ascii_uppercase() {
            let (castling, end) = Castling::read(text, start)?;
            self.kind = MoveKind::Castling(castling);
            return Some(end);
        }
        if !matches!(self.kind, MoveKind::Ordinary(_)) {
            // After a castling or a forced promotion: any ordinary move, to be filled.
            self.kind = MoveKind::Ordinary(any_ordinary()?);
        }
        let MoveKind::Ordinary(o) = &mut self.kind else {
            return None;
        };
        let mut at = start;
        square_into(text, &mut at, &mut o.piece, &mut o.from)?;
        // The Pawn's letter is warned (W0208) by the full reader.
        if o.piece.is_some_and(|p| p.is_pawn()) {
            return None;
        }
        if byte_at(text, at) == EQUALS {
            // A forced promotion is written from the pawn's hex, to a piece (`E27=D`).
            let forced = ForcedPromotion::read(text, start)?;
            let end = forced.promotion.span.end;
            self.kind = MoveKind::ForcedPromotion(forced);
            return Some(end);
        }
        Separator::read_word_into(word_at(text, at), &mut at, &mut o.separator)?;
        square_into(text, &mut at, &mut o.captured, &mut o.to)?;
        if o.captured.is_some() & !o.separator.value.is_capture() {
            return None;
        }
        o.promotion = None;
        if byte_at(text, at) == EQUALS {
            let promotion = Promotion::read(text, at)?;
            at = promotion.span.end;
            o.promotion = Some(promotion);
        }
        Some(at)
    }

    /// Writes the move: `-` for moves and castling, `×` (or `*` with `ascii`) for captures, the
    /// check mark joined, then rating, NAGs and game indicators after one space.
    pub fn write_to(&self, out: &mut impl fmt::Write, options: WriteOptions) -> fmt::Result {
        match &self.kind {
            MoveKind::Ordinary(o) => {
                if let Some(p) = o.piece {
                    out.write_char(p.letter)?;
                }
                write!(out, "{}{}", o.from.value, o.separator.value.canonical(options.ascii))?;
                if let Some(c) = o.captured {
                    out.write_char(c.letter)?;
                }
                write!(out, "{}", o.to.value)?;
                if let Some(p) = o.promotion {
                    write!(out, "{p}")?;
                }
            }
            MoveKind::Castling(c) => write!(out, "{c}")?,
            MoveKind::ForcedPromotion(f) => write!(out, "{f}")?,
        }
        if let Some(c) = self.check {
            out.write_str(c.value.as_str())?;
        }
        if let Some(r) = self.rating {
            write!(out, " {}", r.value.as_str())?;
        }
        for n in &self.nags {
            write!(out, " ${}", n.value)?;
        }
        if self.draw_offer.is_some() || self.end.is_some() {
            if self.rating.is_none() || !self.nags.is_empty() {
                out.write_char(' ')?;
            }
            if self.draw_offer.is_some() {
                out.write_str(GameIndicator::DrawOffer.as_str())?;
            }
            if self.end.is_some() {
                out.write_str(GameIndicator::End.as_str())?;
            }
        }
        Ok(())
    }
}

impl fmt::Display for Move {
    /// The canonical form: `EF12×NF14+^ ?!`, `KRK-HIO`, `E27=D`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.write_to(f, WriteOptions::default())
    }
}

/// Why a text is not a single move: the diagnostics, with spans into that text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MoveParseError {
    /// The problems found (at least one error).
    pub diagnostics: Vec<Diagnostic>,
}

impl fmt::Display for MoveParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.diagnostics.iter().find(|d| d.is_error()) {
            Some(d) => write!(f, "{} (at {})", d.message, d.span),
            None => f.write_str("not a move"),
        }
    }
}

impl std::error::Error for MoveParseError {}

/// The three forms of a move.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum MoveKind {
    /// Piece, origin, separator, captured piece, destination, promotion.
    Ordinary(OrdinaryMove),
    /// `KRK-…`, `KRD-…`, `KRR-…`.
    Castling(Castling),
    /// The promotion of a pawn awaiting promotion, written from its hex: `E27=D`.
    ForcedPromotion(ForcedPromotion),
}

/// A move from one hex to another.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OrdinaryMove {
    /// The moving piece; `None` for a pawn.
    pub piece: Option<PieceLetter>,
    /// Origin hex.
    pub from: Spanned<Hex>,
    /// How origin and destination are separated.
    pub separator: Spanned<Separator>,
    /// The captured piece written before the destination (`×NF14`); `None` for a pawn or no capture.
    pub captured: Option<PieceLetter>,
    /// Destination hex.
    pub to: Spanned<Hex>,
    /// `=X` or `=&`.
    pub promotion: Option<Promotion>,
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
    /// The window at `start`; past the end of the text it reads zeros, as [`word_at`].
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
    match CheckMark::read(rest) {
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
    Separator::read_word_into(window.word(at), &mut at, &mut o.separator)?;
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
        let letter = PieceLetter { letter: c as char, span: Span::new(start, start + 1) };
        if MOVER && lettered && letter.is_pawn() {
            return None;
        }
        let skip = usize::from(lettered);
        *piece = lettered.then_some(letter);
        return hex_into(word >> (8 * skip), start + skip, at, hex);
    }
    // The symbol's length from its lead byte, not from the letter read: the hex's place is
    // ready sooner.
    let after = start + 3 + usize::from(c >= 0xf0);
    let letter = PieceLetter { letter: fan_letter(word)?, span: Span::new(start, after) };
    if MOVER && letter.is_pawn() {
        return None;
    }
    *piece = Some(letter);
    hex_into(window.word(after), after, at, hex)
}

/// An ordinary move with any values, for [`Move::read_kind`] to fill.
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bytes::BOM;

    /// Reads the move at the start of `text`: whether it was read, the move and where the
    /// cursor ends, past the blanks after the move. With `complete`, the usual-move reader is
    /// skipped (the scratch holds a castling).
    fn read(text: &str, complete: bool) -> (Option<()>, Move, usize) {
        let mut m = Move::scratch();
        if !complete {
            m.kind = MoveKind::Ordinary(any_ordinary().expect("a hex"));
        }
        let bytes = text.as_bytes();
        let next = m.read_into(bytes, 0);
        // The cursor may stop before the blanks after the move or past them.
        let mut at = next.unwrap_or(0);
        loop {
            at = after_blanks(bytes, at);
            if !bytes[at..].starts_with(BOM) {
                break;
            }
            at += BOM.len();
        }
        (next.map(|_| ()), m, at)
    }

    /// The usual-move reader gives what the complete reader gives.
    #[test]
    fn the_usual_move_reader_agrees_with_the_complete_one() {
        let mut whole = 0;
        for text in crate::testing::random_moves(100_000) {
            let fast = read(&text, false);
            let complete = read(&text, true);
            assert_eq!(fast.0, complete.0, "{text:?}");
            if fast.0.is_some() {
                assert_eq!(fast.1, complete.1, "{text:?}");
                assert_eq!(fast.2, complete.2, "{text:?}");
                whole += usize::from(fast.2 == text.len());
            }
        }
        assert!(whole > 2_500, "only {whole} moves read whole");
    }

    /// `read_prefix` prints back what it read, in the canonical form that it reads again.
    #[test]
    fn moves_read_print_and_read_again() {
        let mut read = 0;
        for text in crate::testing::random_moves(100_000) {
            let Ok((m, len)) = Move::read_prefix(text.as_bytes()) else { continue };
            assert!(len <= text.len() && m.span == Span::new(0, len), "{text:?}");
            let printed = m.to_string();
            let (again, again_len) = Move::read_prefix(printed.as_bytes())
                .unwrap_or_else(|e| panic!("{printed:?} from {text:?}: {e}"));
            assert_eq!(again_len, printed.len(), "{printed:?}");
            assert_eq!(again.to_string(), printed, "{text:?}");
            read += 1;
        }
        assert!(read > 5_000, "only {read} moves read");
    }
}
