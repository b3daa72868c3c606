//! The movetext: pairs, comments, variations, nesting dots and the result, with the rules that keep the
//! game one record without diagnostics (nothing after a game-ending move but comments,
//! variations and the result; a result at the top level only, once; every variation closed,
//! after a pair, holding a pair; the last move ending the game; the limits kept).

use cescacs_diagnostics::Span;

use super::{Fallback, Scanner, Visitor, go_on};
use crate::file::MAX_NESTING;
use crate::syntax::{GameIndicator, GameResult, PairNumber, Separator, Spanned};

/// `…` (U+2026) and `‐` (U+2010) in UTF-8.
const ELLIPSIS: &[u8] = "\u{2026}".as_bytes();
const HYPHEN: &[u8] = Separator::Hyphen.as_str().as_bytes();

/// What the main line has seen so far.
#[derive(Default)]
struct MainLine {
    pairs: usize,
    plies: usize,
    /// The last pair's last move ends the game (`:` or `#`): only comments, variations and
    /// the result may follow.
    ended: bool,
    result: bool,
}

/// The open variations: where each opens and whether it holds a pair yet (index 0 is the
/// main line).
struct Levels {
    open_at: [usize; MAX_NESTING + 1],
    has_pair: [bool; MAX_NESTING + 1],
    /// Pairs of each open line, and variations since its last pair (`Limits::pairs`,
    /// `Limits::variations`: past them the full reader reports).
    pairs: [usize; MAX_NESTING + 1],
    siblings: [usize; MAX_NESTING + 1],
    depth: usize,
}

impl<V: Visitor> Scanner<'_, '_, V> {
    /// Reads the movetext after the tags to the end of the text.
    pub(super) fn movetext(&mut self) -> Result<(), Fallback> {
        // The movetext's span runs from its first item to its last, and nesting dots are no
        // items.
        self.skip_blanks();
        while self.peek() == b'.' {
            self.at += 1;
            self.skip_blanks();
        }
        let start = self.at;
        let mut end = self.bytes.len();
        loop {
            end -= super::blanks_at_end(&self.bytes[..end]);
            if end == 0 || self.bytes[end - 1] != b'.' {
                break;
            }
            end -= 1;
        }
        // No movetext has no result line (the reader warns).
        if start >= end {
            return Err(Fallback);
        }
        go_on(self.visitor.movetext(Span::new(start, end)))?;
        let nesting = self.limits.nesting.min(MAX_NESTING);
        let mut main = MainLine::default();
        let mut levels = Levels {
            open_at: [0; MAX_NESTING + 1],
            has_pair: [false; MAX_NESTING + 1],
            pairs: [0; MAX_NESTING + 1],
            siblings: [0; MAX_NESTING + 1],
            depth: 0,
        };
        while self.at < self.bytes.len() {
            let depth = levels.depth;
            match self.peek() {
                b'0'..=b'9' => {
                    if self.result_ahead() {
                        if depth > 0 || main.result || (main.pairs > 0 && !main.ended) {
                            return Err(Fallback);
                        }
                        self.result()?;
                        main.result = true;
                    } else {
                        // After the end of the game or its result, a pair starts another game.
                        if (depth == 0) & (main.ended | main.result) {
                            return Err(Fallback);
                        }
                        let (plies, ended) = self.pair()?;
                        levels.has_pair[depth] = true;
                        levels.siblings[depth] = 0;
                        levels.pairs[depth] += 1;
                        if levels.pairs[depth] > self.limits.pairs {
                            return Err(Fallback);
                        }
                        if depth == 0 {
                            main.pairs += 1;
                            main.plies += plies;
                            main.ended = ended;
                            if main.plies > self.limits.plies {
                                return Err(Fallback);
                            }
                        }
                    }
                }
                b'*' => {
                    if depth > 0 || main.result || (main.pairs > 0 && !main.ended) {
                        return Err(Fallback);
                    }
                    self.at += 1;
                    let r = Spanned::new(GameResult::Unfinished, Span::new(self.at - 1, self.at));
                    go_on(self.visitor.result(r))?;
                    main.result = true;
                }
                b'{' => self.comment()?,
                // Nesting dots (`.13.` in a variation) are skipped by the grammar.
                b'.' => {
                    while self.peek() == b'.' {
                        self.at += 1;
                    }
                }
                b'(' => {
                    // A variation follows a pair of its line, never the result; `(=)` is a draw
                    // offer out of place.
                    if !levels.has_pair[depth]
                        || main.result
                        || depth >= nesting
                        || self.at_str(GameIndicator::DrawOffer.as_str())
                    {
                        return Err(Fallback);
                    }
                    levels.siblings[depth] += 1;
                    if levels.siblings[depth] > self.limits.variations {
                        return Err(Fallback);
                    }
                    self.variation_opens(&mut levels)?;
                }
                b')' => {
                    // Stray (a variation may be empty: `()`, `({ a comment })`).
                    if depth == 0 {
                        return Err(Fallback);
                    }
                    self.at += 1;
                    let span = Span::new(levels.open_at[depth], self.at);
                    levels.depth -= 1;
                    go_on(self.visitor.end_variation(span))?;
                }
                _ => return Err(Fallback),
            }
            self.skip_blanks();
        }
        let complete = main.result && (main.pairs == 0 || main.ended);
        if levels.depth == 0 && complete { Ok(()) } else { Err(Fallback) }
    }

    /// Whether the digits at the cursor are a result (`1-0`: one digit, a hyphen, a digit).
    fn result_ahead(&self) -> bool {
        let next = self.byte(self.at + 1);
        next == b'-' || (next == HYPHEN[0] && self.bytes[self.at + 1..].starts_with(HYPHEN))
    }

    fn result(&mut self) -> Result<(), Fallback> {
        let start = self.at;
        let rest = self.bytes.get(start..).unwrap_or_default();
        // `result_ahead` saw `-` or `‐`: the en dash, which is warned, is not read here.
        let (value, len) = GameResult::read_prefix(rest).map_err(|_| Fallback)?;
        self.at = start + len;
        go_on(self.visitor.result(Spanned::new(value, Span::new(start, self.at))))
    }

    /// A pair at the cursor (a digit); returns its plies and whether its last move ends the
    /// game.
    fn pair(&mut self) -> Result<(usize, bool), Fallback> {
        let start = self.at;
        let (digits, value) = self.number_digits()?;
        let unknown = match self.byte(start + digits) {
            b'.' => false,
            b'?' => true,
            _ => return Err(Fallback),
        };
        if value == 0 {
            return Err(Fallback);
        }
        self.at = start + digits + 1;
        let number = PairNumber { span: Span::new(start, self.at), value, unknown };
        go_on(self.visitor.number(number))?;
        self.skip_blanks();
        // White's move is written far more often than left out: a capital is tested first.
        let omitted = if self.peek().is_ascii_uppercase() {
            None
        } else if self.at_bytes(ELLIPSIS) {
            Some(ELLIPSIS.len())
        } else if self.at_str("...") && self.byte(self.at + 3) != b'.' {
            Some(3)
        } else {
            None
        };
        let mut plies = 0;
        let mut ended = false;
        if let Some(len) = omitted {
            let span = Span::new(self.at, self.at + len);
            self.at += len;
            go_on(self.visitor.omitted(span))?;
        } else {
            ended = self.ply()?;
            plies += 1;
        }
        // Black's move after one comma (`,,` is another token). A pair of `…` alone is read
        // by the full reader without a diagnostic when the next pair, a variation or a comment
        // follows it (`2. … 3. EE5-E9`); anything else after `…` is left to it.
        let before = self.at;
        self.skip_blanks();
        if self.peek() == b',' && self.byte(self.at + 1) != b',' {
            self.at += 1;
            self.skip_blanks();
            ended = self.ply()?;
            plies += 1;
        } else if omitted.is_some() && !matches!(self.peek(), b'0'..=b'9' | b'(' | b')' | b'{') {
            return Err(Fallback);
        } else {
            self.at = before;
        }
        Ok((plies, ended))
    }

    /// The move at the cursor, read by the move's own reader into the scratch move (filled in
    /// place: a move is large), told to the visitor; whether it ends the game (final `:`). The
    /// cursor goes after the move's last mark, or past the blanks after it when no mark follows
    /// them. A cursor at no move, or at a move the full reader would warn about, is a fallback.
    #[inline(always)]
    fn ply(&mut self) -> Result<bool, Fallback> {
        self.at = self.scratch.read_into(self.bytes, self.at).ok_or(Fallback)?;
        go_on(self.visitor.mv(&self.scratch))?;
        Ok(self.scratch.ends_game())
    }

    /// The digits of the move number at the cursor (a digit): how many and their value. One
    /// digit, two or three is a coin toss, so they are counted and read without a branch.
    #[inline(always)]
    fn number_digits(&self) -> Result<(usize, u32), Fallback> {
        // Each byte minus `0`: a digit becomes 0 to 9. A byte of 10 or more gets its top bit
        // set by the sum or already has it; a carry out of such a byte only reaches the bytes
        // after it, past the first one that is not a digit.
        let offsets = self.word() ^ 0x3030_3030_3030_3030;
        let not_digits =
            (offsets.wrapping_add(0x7676_7676_7676_7676) | offsets) & 0x8080_8080_8080_8080;
        let digits = (not_digits.trailing_zeros() / 8) as usize;
        if digits > 3 {
            return self.long_number();
        }
        let [d0, d1, d2, ..] = offsets.to_le_bytes().map(u32::from);
        let values = [0, d0, d0 * 10 + d1, d0 * 100 + d1 * 10 + d2];
        Ok((digits, values[digits]))
    }

    /// A move number of four digits or more, read digit by digit.
    #[cold]
    #[inline(never)]
    fn long_number(&self) -> Result<(usize, u32), Fallback> {
        let mut value: u32 = 0;
        let mut digits = 0;
        while self.byte(self.at + digits).is_ascii_digit() {
            // Nine digits at most: the reader reports zero and numbers out of range.
            if digits == 9 {
                return Err(Fallback);
            }
            value = value * 10 + u32::from(self.byte(self.at + digits) - b'0');
            digits += 1;
        }
        Ok((digits, value))
    }

    /// A closed comment without diagnostics, read by the reader's own code.
    fn comment(&mut self) -> Result<(), Fallback> {
        let limit = self.limits.comment_bytes;
        let read =
            crate::comment::read_closed(self.text, self.at, limit, &mut self.move_references);
        let (span, text, kind) = read.ok_or(Fallback)?;
        self.at = span.end;
        let move_references = &self.move_references;
        go_on(self.visitor.comment(&super::CommentEvent { span, text, kind, move_references }))
    }

    /// `(` and its label `$[n]` if any.
    fn variation_opens(&mut self, levels: &mut Levels) -> Result<(), Fallback> {
        let open = self.at;
        self.at += 1;
        let before = self.at;
        self.skip_blanks();
        let label = if self.at_str("$[") {
            let start = self.at;
            self.at += 2;
            let digits = self.at;
            while self.peek().is_ascii_digit() {
                self.at += 1;
            }
            let value: u32 = self.text[digits..self.at].parse().map_err(|_| Fallback)?;
            if self.peek() != b']' || value == 0 {
                return Err(Fallback);
            }
            self.at += 1;
            Some(Spanned::new(value, Span::new(start, self.at)))
        } else {
            self.at = before;
            None
        };
        levels.depth += 1;
        levels.open_at[levels.depth] = open;
        levels.has_pair[levels.depth] = false;
        levels.pairs[levels.depth] = 0;
        levels.siblings[levels.depth] = 0;
        go_on(self.visitor.begin_variation(open, label))
    }
}
