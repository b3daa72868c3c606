//! A fast, streaming reader of one game for the forms games are usually written in: a visitor
//! over the game's items (tags, move numbers, moves, comments, variations, the result), in the
//! manner of pgn-reader, with no syntax tree and no token list.
//!
//! The scanner is a fast path, not a second grammar: it accepts only text that the full reader
//! ([`crate::games`]) reads as one game **without any diagnostic**, and gives up
//! ([`Fallback`]) on anything else, or when it is not sure: a form it does not know, a
//! typo, a limit of [`Limits`] approached. The caller then reads the text with the full reader,
//! which explains the problems. A visitor may also give up ([`Flow::Fallback`]), for instance
//! on something it does not check itself.
//!
//! What the scanner promises when it returns `Ok(())`: the full reader gives exactly one game
//! and no diagnostics for the same text and limits, and the events, in order, are that game's
//! tree (the values passed are those of the tree, spans included; of a comment's references,
//! only those to moves and variations are read up front, the others on demand:
//! [`CommentEvent::references`]).
//!
//! What it reads: tags `[Name "value"]` (`Variant` first, blanks inside the brackets, values
//! with the escapes `\"` and `\\`, which it unescapes); move numbers `N.` and `N?`; `…` and
//! `...` for White's move; every move form (pawn, piece letter of any letter table or FAN
//! symbol, separators `-` `‐` `×` `*` `@` `@@`, captured-piece letters, promotions `=X` `=&`
//! `=♘`, forced promotions `E27=D`, the 24 castlings); check marks `+ +^ +∞ ++ #`, ratings,
//! NAGs, `(=)` and `:`; comments anywhere (with every reference form, read by the reader's own
//! code); nesting dots, before the first item and after the last too; nested, labelled and
//! empty variations; results with either hyphen. Blanks are what the lexer skips: space, tab,
//! form feed, byte-order mark and line ends (LF, CRLF or a lone CR). What it leaves to the full
//! reader: tabs or spaces inside a move, the en dash, `DPTL`, and everything the reader reports
//! or splits into several games (a missing final `:` or result, moves after the end, a second
//! `[Variant`...).
//!
//! ```
//! use ctl_an::scan::{Flow, Visitor};
//! use ctl_an::syntax::Move;
//! use ctl_an::Limits;
//!
//! #[derive(Default)]
//! struct CountMoves(usize);
//! impl Visitor for CountMoves {
//!     fn mv(&mut self, _: &Move) -> Flow {
//!         self.0 += 1;
//!         Flow::Continue
//!     }
//! }
//! let text = "[Variant \"C'escacs\"]\n1. E7-E13, E21-E15\n2. EE5-E11: *\n";
//! let mut count = CountMoves::default();
//! assert!(ctl_an::scan::game(text, &Limits::DEFAULT, &mut count).is_ok());
//! assert_eq!(count.0, 3);
//! // Outside the fast forms (here a typo), the full reader has to explain it.
//! assert!(ctl_an::scan::game("1. E7-E13,, E21-E15: *", &Limits::DEFAULT, &mut count).is_err());
//! ```

mod movetext;
mod tags;

use cescacs_diagnostics::Span;

use crate::bytes::{BOM, is_blank, word_at};
use crate::limits::Limits;
use crate::syntax::{Comment, CommentKind, GameResult, Move, PairNumber, Reference, Spanned};

/// What a visitor answers after an event.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Flow {
    /// Go on reading.
    Continue,
    /// Stop: the caller will read this game with the full reader.
    Fallback,
}

/// The scanner gave up on a game: the text is outside the forms it reads, it may hold a
/// problem, or the visitor asked to stop. Read it with [`crate::games`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Fallback;

/// One tag, `[Name "Value"]`, as the full reader's [`crate::syntax::Tag`] holds it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TagEvent<'a> {
    /// The whole tag, `[` to `]`.
    pub span: Span,
    /// The name.
    pub name: &'a str,
    /// Where the name is.
    pub name_span: Span,
    /// The value, unquoted and unescaped (`\"` read as `"`, `\\` as `\`): the text
    /// of `value_span` when it has no escape.
    pub value: &'a str,
    /// Where the value is, quotes included, as in the tree.
    pub value_span: Span,
}

/// One comment, `{` to `}`, as the full reader's [`Comment`] holds it, but with only the
/// references a replay checks read (those to moves and variations): the others are read on
/// demand ([`CommentEvent::references`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CommentEvent<'a> {
    /// From `{` to `}`.
    pub span: Span,
    /// The text between the braces, verbatim.
    pub text: &'a str,
    /// What the comment starts with.
    pub kind: CommentKind,
    /// The references to moves and variations (`#14`, `#14[#12.2]@W`, `#12.2`): those of
    /// the tree's references, in the same order.
    pub move_references: &'a [Spanned<Reference>],
}

impl CommentEvent<'_> {
    /// Every reference of the comment, as the tree holds them.
    pub fn references(&self) -> Vec<Spanned<Reference>> {
        crate::comment::references(self.text, self.span.start + 1)
    }

    /// The comment as the tree holds it.
    pub fn to_comment(&self) -> Comment {
        Comment {
            span: self.span,
            text: self.text.to_string(),
            kind: self.kind,
            references: self.references(),
        }
    }
}

/// What is told of a game, in text order. Every method has a default that goes on, so a
/// visitor writes only what it needs.
pub trait Visitor {
    /// A tag of the tag section.
    fn tag(&mut self, _tag: TagEvent<'_>) -> Flow {
        Flow::Continue
    }
    /// The tags are over; the movetext, which spans `span`, begins.
    fn movetext(&mut self, _span: Span) -> Flow {
        Flow::Continue
    }
    /// A comment, wherever it is (before the first pair, after a move or a pair, in a
    /// variation, after the result).
    fn comment(&mut self, _comment: &CommentEvent<'_>) -> Flow {
        Flow::Continue
    }
    /// A pair begins with its number (`14.`, `14?`).
    fn number(&mut self, _number: PairNumber) -> Flow {
        Flow::Continue
    }
    /// White's move left out (`…`, `...`): the pair continues with Black's move.
    fn omitted(&mut self, _span: Span) -> Flow {
        Flow::Continue
    }
    /// A move with its marks (check, rating, NAGs, draw offer, final `:`).
    fn mv(&mut self, _move: &Move) -> Flow {
        Flow::Continue
    }
    /// A variation opens (`(`, or `$[2](` with its label); it belongs to the last pair.
    fn begin_variation(&mut self, _span_start: usize, _label: Option<Spanned<u32>>) -> Flow {
        Flow::Continue
    }
    /// The innermost open variation closes; `span` is the whole variation, as in the tree.
    fn end_variation(&mut self, _span: Span) -> Flow {
        Flow::Continue
    }
    /// The result (`1-0`, `*`, ...).
    fn result(&mut self, _result: Spanned<GameResult>) -> Flow {
        Flow::Continue
    }
}

/// Reads `text` as one game, telling `visitor` each item; see the module documentation for
/// what `Ok(())` promises.
///
/// The text must hold the game alone (as a splitter cuts it); the tags come first,
/// `[Variant ...]` the first of them. Anything else, and anything that would give a
/// diagnostic, is a [`Fallback`], possibly after some events: the visitor then discards what
/// it was told.
///
/// ```
/// use ctl_an::scan::{Flow, Visitor};
/// use ctl_an::syntax::{GameResult, Spanned};
/// use ctl_an::Limits;
///
/// #[derive(Default)]
/// struct Outcome(Option<GameResult>);
/// impl Visitor for Outcome {
///     fn result(&mut self, result: Spanned<GameResult>) -> Flow {
///         self.0 = Some(result.value);
///         Flow::Continue
///     }
/// }
/// let game = "[Variant \"C'escacs\"]\n1. E7-E13, E21-E15:\n1-1\n";
/// let mut seen = Outcome::default();
/// assert!(ctl_an::scan::game(game, &Limits::DEFAULT, &mut seen).is_ok());
/// assert_eq!(seen.0, Some(GameResult::Draw));
/// // CRLF line ends are read, and lone CRs (old Mac files) too.
/// let crlf = game.replace('\n', "\r\n");
/// assert!(ctl_an::scan::game(&crlf, &Limits::DEFAULT, &mut seen).is_ok());
/// let cr = game.replace('\n', "\r");
/// assert!(ctl_an::scan::game(&cr, &Limits::DEFAULT, &mut seen).is_ok());
/// ```
pub fn game(text: &str, limits: &Limits, visitor: &mut impl Visitor) -> Result<(), Fallback> {
    if !within_bounds(text, limits) {
        return Err(Fallback);
    }
    let Buffers { nags, tag_value, move_references } = BUFFERS.take();
    let mut scratch = Move::scratch();
    scratch.nags = nags;
    let mut scanner = Scanner {
        text,
        bytes: text.as_bytes(),
        at: 0,
        limits,
        visitor,
        scratch,
        tag_value,
        move_references,
    };
    let scanned = scanner.tags().and_then(|()| scanner.movetext());
    let Scanner { scratch, tag_value, move_references, .. } = scanner;
    // A buffer grown by one huge item is not kept for the rest of the run.
    let keep = |capacity: usize, bytes: usize| capacity.saturating_mul(bytes) <= KEPT_BYTES;
    if keep(tag_value.capacity(), 1)
        && keep(scratch.nags.capacity(), std::mem::size_of::<Spanned<u32>>())
        && keep(move_references.capacity(), std::mem::size_of::<Spanned<Reference>>())
    {
        BUFFERS.set(Buffers { nags: scratch.nags, tag_value, move_references });
    }
    scanned
}

/// The most memory of each buffer kept from one game to the next.
const KEPT_BYTES: usize = 1 << 16;

/// The scanner's buffers, kept from game to game in each thread: once warmed up, a game
/// with NAGs, escaped tags or comments allocates nothing in the scanner.
#[derive(Default)]
struct Buffers {
    nags: Vec<Spanned<u32>>,
    tag_value: String,
    move_references: Vec<Spanned<Reference>>,
}

thread_local! {
    static BUFFERS: std::cell::Cell<Buffers> = std::cell::Cell::new(Buffers::default());
}

/// Whether the text is free of lines longer than [`Limits::line_bytes`] (the reader cuts
/// them). Lines end at an LF or a CR, as the reader measures them; the reader measures only
/// lines with a token outside comments, so this test is stricter. The other limits are
/// checked item by item.
fn within_bounds(text: &str, limits: &Limits) -> bool {
    let bytes = text.as_bytes();
    if bytes.len() <= limits.line_bytes {
        return true;
    }
    let mut line_start = 0;
    for end in memchr::memchr2_iter(b'\n', b'\r', bytes).chain(std::iter::once(bytes.len())) {
        if end - line_start > limits.line_bytes {
            return false;
        }
        line_start = end + 1;
    }
    true
}

/// How many bytes of blanks end `bytes` (byte-order marks included).
fn blanks_at_end(bytes: &[u8]) -> usize {
    let mut end = bytes.len();
    loop {
        let rest = &bytes[..end];
        end -= rest.iter().rev().take_while(|&&b| is_blank(b)).count();
        if !bytes[..end].ends_with(BOM) {
            return bytes.len() - end;
        }
        end -= BOM.len();
    }
}

/// The cursor over one game's bytes, and where its events go.
struct Scanner<'t, 'v, V> {
    text: &'t str,
    bytes: &'t [u8],
    /// The next byte to read.
    at: usize,
    limits: &'v Limits,
    visitor: &'v mut V,
    /// The move being read, reused from move to move.
    scratch: Move,
    /// The value of a tag with escapes, unescaped (reused from tag to tag).
    tag_value: String,
    /// The move references of the comment being read (reused from comment to comment).
    move_references: Vec<Spanned<Reference>>,
}

/// A visitor's answer as a step of the scan.
#[inline]
fn go_on(flow: Flow) -> Result<(), Fallback> {
    match flow {
        Flow::Continue => Ok(()),
        Flow::Fallback => Err(Fallback),
    }
}

impl<V> Scanner<'_, '_, V> {
    /// The byte at `i`, or 0 past the end ([`crate::bytes::byte_at`]).
    #[inline]
    fn byte(&self, i: usize) -> u8 {
        crate::bytes::byte_at(self.bytes, i)
    }

    #[inline]
    fn peek(&self) -> u8 {
        self.byte(self.at)
    }

    /// The eight bytes at the cursor as one little-endian word (see [`word_at`]).
    #[inline(always)]
    fn word(&self) -> u64 {
        word_at(self.bytes, self.at)
    }

    /// Whether the bytes at the cursor are `s`.
    #[inline]
    fn at_str(&self, s: &str) -> bool {
        self.at_bytes(s.as_bytes())
    }

    #[inline]
    fn at_bytes(&self, s: &[u8]) -> bool {
        self.bytes[self.at.min(self.bytes.len())..].starts_with(s)
    }

    /// Skips the blanks the lexer skips between tokens.
    #[inline]
    fn skip_blanks(&mut self) {
        // A byte at a time: usually one blank, and the loop inlines where the counting of a
        // slice did not.
        while let Some(&b) = self.bytes.get(self.at) {
            if !is_blank(b) {
                if b == BOM[0] {
                    self.skip_marks();
                }
                return;
            }
            self.at += 1;
        }
    }

    /// Byte-order marks and the blanks after them (rare: out of the hot path).
    #[cold]
    #[inline(never)]
    fn skip_marks(&mut self) {
        while self.at_bytes(BOM) {
            self.at += BOM.len();
            let rest = self.bytes.get(self.at..).unwrap_or_default();
            self.at += rest.iter().take_while(|&&b| is_blank(b)).count();
        }
    }
}
