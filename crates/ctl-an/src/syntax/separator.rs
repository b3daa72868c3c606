//! The separator between a move's origin and destination: `-`, `‐`, `–`, `×`, `*`, `@`, `@@`.

use cescacs_board::notation;
use cescacs_diagnostics::Span;

use super::spanned::Spanned;
use super::spelling::{UnknownSpelling, spelled};

/// The separator between origin and destination.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Separator {
    /// `‐` (U+2010), the spec's hyphen.
    Hyphen,
    /// `-` (U+002D).
    HyphenMinus,
    /// `–` (U+2013), accepted with a warning.
    EnDash,
    /// `×` (U+00D7).
    Times,
    /// `*`, the keyboard form of `×`.
    Asterisk,
    /// `@`: en passant or scornful pawn capture.
    At,
    /// `@@`: en passant on the first hex crossed by a triple step.
    DoubleAt,
}

impl Separator {
    /// What its readers expected.
    pub(crate) const UNKNOWN: UnknownSpelling = UnknownSpelling::new("separator");

    /// Whether the move is a capture (`×`, `*`, `@`, `@@`).
    pub const fn is_capture(self) -> bool {
        !matches!(self, Separator::Hyphen | Separator::HyphenMinus | Separator::EnDash)
    }

    /// Whether it is `@` or `@@`.
    pub const fn is_en_passant(self) -> bool {
        matches!(self, Separator::At | Separator::DoubleAt)
    }

    /// Every separator, in declaration order.
    pub const ALL: [Separator; 7] = [
        Separator::Hyphen,
        Separator::HyphenMinus,
        Separator::EnDash,
        Separator::Times,
        Separator::Asterisk,
        Separator::At,
        Separator::DoubleAt,
    ];

    /// The text of the separator as written: `‐`, `-`, `–`, `×`, `*`, `@` or `@@`.
    pub const fn as_str(self) -> &'static str {
        match self {
            Separator::Hyphen => "\u{2010}",
            Separator::HyphenMinus => notation::MOVE,
            Separator::EnDash => "\u{2013}",
            Separator::Times => notation::CAPTURE,
            Separator::Asterisk => "*",
            Separator::At => notation::EN_PASSANT,
            Separator::DoubleAt => notation::EN_PASSANT_FAR,
        }
    }

    /// The separator spelled at the start of `text` (the longest spelling, `@@` before `@`), and
    /// its length in bytes.
    ///
    /// ```
    /// use ctl_an::syntax::Separator;
    /// assert_eq!(Separator::read_prefix("×NF14".as_bytes()), Ok((Separator::Times, 2)));
    /// assert_eq!(Separator::read_prefix(b"@@G9"), Ok((Separator::DoubleAt, 2)));
    /// assert!(Separator::read_prefix(b"xF16").is_err());
    /// ```
    #[inline(always)]
    pub fn read_prefix(text: &[u8]) -> Result<(Separator, usize), UnknownSpelling> {
        const HYPHEN: &[u8] = Separator::Hyphen.as_str().as_bytes();
        const EN_DASH: &[u8] = Separator::EnDash.as_str().as_bytes();
        const TIMES: &[u8] = Separator::Times.as_str().as_bytes();
        const MINUS: u8 = Separator::HyphenMinus.as_str().as_bytes()[0];
        const STAR: u8 = Separator::Asterisk.as_str().as_bytes()[0];
        const AT: u8 = Separator::At.as_str().as_bytes()[0];
        Ok(match *text {
            [MINUS, ..] => (Separator::HyphenMinus, 1),
            [STAR, ..] => (Separator::Asterisk, 1),
            [AT, AT, ..] => (Separator::DoubleAt, 2),
            [AT, ..] => (Separator::At, 1),
            _ if text.starts_with(TIMES) => (Separator::Times, TIMES.len()),
            _ if text.starts_with(HYPHEN) => (Separator::Hyphen, HYPHEN.len()),
            _ if text.starts_with(EN_DASH) => (Separator::EnDash, EN_DASH.len()),
            _ => return Err(Separator::UNKNOWN),
        })
    }

    /// The separator that `word` (the bytes at `*at`, little-endian) starts with, into
    /// `separator`, `*at` moved past it: [`Separator::read_prefix`] for the move reader, but for
    /// the en dash, which is warned. A move or a capture is a coin toss in real games, so the
    /// separator is looked up by its first byte and its other bytes compared in one go.
    #[inline(always)]
    pub(crate) fn read_word_into(
        word: u64,
        at: &mut usize,
        separator: &mut Spanned<Separator>,
    ) -> Option<()> {
        let start = *at;
        // A promoted constant, not the static's address loaded from the table of addresses.
        let table: &'static [Option<SeparatorForm>; 256] = &SEPARATORS;
        let lead = word as u8;
        let form = table[usize::from(lead)]?;
        if (word as u32) & form.mask != form.bytes {
            return None;
        }
        // As for a hex, the end comes from the bytes, not from the table: every separator is one
        // UTF-8 character (`@@` two), as long as its lead byte says.
        let double = (lead == AT) & ((word >> 8) as u8 == AT);
        separator.value = if double { Separator::DoubleAt } else { form.separator };
        let len = 1 + usize::from(lead >= 0xc0) + usize::from(lead >= 0xe0);
        let end = start + len + usize::from(double);
        separator.span = Span::new(start, end);
        *at = end;
        Some(())
    }

    /// The canonical text (`-`, `×`, `@`, `@@`), or with `ascii` the keyboard one (`*` for `×`).
    pub const fn canonical(self, ascii: bool) -> &'static str {
        match self {
            Separator::Hyphen | Separator::HyphenMinus | Separator::EnDash => {
                Separator::HyphenMinus.as_str()
            }
            Separator::Times | Separator::Asterisk if ascii => Separator::Asterisk.as_str(),
            Separator::Times | Separator::Asterisk => Separator::Times.as_str(),
            Separator::At | Separator::DoubleAt => self.as_str(),
        }
    }
}

spelled!(Separator);

const AT: u8 = notation::EN_PASSANT.as_bytes()[0];

/// A separator [`Separator::read_word_into`] reads: its bytes (little-endian, as many as `mask`
/// keeps).
#[derive(Clone, Copy)]
struct SeparatorForm {
    separator: Separator,
    mask: u32,
    bytes: u32,
}

/// The separators by their first byte (the en dash is left to the builder, which warns).
const SEPARATORS: [Option<SeparatorForm>; 256] = {
    const fn form(separator: Separator, text: &[u8]) -> Option<SeparatorForm> {
        let mut bytes = 0;
        let mut i = 0;
        while i < text.len() {
            bytes |= (text[i] as u32) << (8 * i);
            i += 1;
        }
        // `read_word_into` takes the length from the lead byte.
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
