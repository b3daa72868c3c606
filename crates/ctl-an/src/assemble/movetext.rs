//! A line of the tree: its pairs, plies, comments and variations, with what is wrong between
//! them (repeated commas, PGN's `1...`, Black's move without its comma, text the movetext
//! cannot hold, unclosed variations).

use cescacs_diagnostics::{Diagnostic, Span};

use crate::comment;
use crate::diag::{self, span};
use crate::grammar::{self, RawItem, RawPair, RawPly, RawVariation, Tk};
use crate::lexer::TokenKind;
use crate::syntax::{Comment, GameResult, Pair, PairNumber, Ply, Spanned, Variation};

use super::Builder;

/// What a line (the main line or a variation body) is made of.
#[derive(Default)]
struct LineParts {
    comments: Vec<Comment>,
    pairs: Vec<Pair>,
}

impl<'s> Builder<'s> {
    fn ply(&mut self, p: RawPly) -> Ply {
        match p {
            RawPly::Move(ms) => {
                let s = span(ms);
                match self.mv(ms) {
                    Some(m) => Ply::Move(m),
                    None => Ply::Invalid { span: s, text: self.text(s).to_string() },
                }
            }
            RawPly::Omitted(s) | RawPly::PgnOmitted(s) => Ply::Omitted(span(s)),
            RawPly::Invalid(s) => {
                let s = span(s);
                Ply::Invalid { span: s, text: self.text(s).to_string() }
            }
        }
    }

    pub(super) fn pair(&mut self, p: RawPair) -> Pair {
        let ns = span(p.number.1);
        let text = self.text(ns);
        let digits = &text[..text.len() - 1];
        let value = digits.parse::<u32>().unwrap_or(u32::MAX);
        if value == 0 || value == u32::MAX {
            self.diags.push(Diagnostic::error(
                diag::BAD_MOVE_NUMBER,
                ns,
                format!("expected a move number from 1, found `{digits}`"),
            ));
        }
        let number =
            PairNumber { span: ns, value, unknown: p.number.0 == TokenKind::NumberQuestion };
        let pgn_dots = matches!(p.white, RawPly::PgnOmitted(_));
        let white = self.ply(p.white);
        let black = p.black.map(|b| self.ply(b));
        if pgn_dots {
            self.pgn_dots(p.number, &white, black.as_ref());
        } else if let Some(b) = &black {
            // Anything but `, ` or `,` between the moves: look for a second comma.
            let (w, b) = (white.span().end, b.span().start);
            let between = b.saturating_sub(w);
            if between > 2 || (between == 2 && self.src.as_bytes()[w + 1] == b',') {
                self.repeated_commas(w, b);
            }
        }
        Pair {
            span: span(p.span),
            number,
            white,
            black,
            comments: Vec::new(),
            variations: Vec::new(),
        }
    }

    /// `1. E7-E13,, E21-E15`: the commas after the first between White's and Black's moves
    /// (`start..end`, longer than the usual `, `).
    #[cold]
    fn repeated_commas(&mut self, start: usize, end: usize) {
        let between = &self.src[start..end];
        let (Some(first), Some(last)) = (between.find(','), between.rfind(',')) else { return };
        if first == last {
            return;
        }
        let extra = Span::new(start + first + 1, start + last + 1);
        self.diags.push(
            Diagnostic::error(
                diag::MOVETEXT_SYNTAX,
                extra,
                "expected Black's move after `,`, found another `,`",
            )
            .with_help("one comma separates White's move from Black's: `1. E7-E13, E21-E15`")
            .with_fix(extra, ""),
        );
    }

    /// PGN's `1... E21-E15`: one error, with the fix to `1. …, E21-E15` (the tree reads it so).
    fn pgn_dots(&mut self, number: Tk, white: &Ply, black: Option<&Ply>) {
        let n = span(number.1);
        let written = Span::new(n.start, white.span().end);
        let digits = &self.text(n)[..n.len() - 1];
        let d = Diagnostic::error(
            diag::MOVETEXT_SYNTAX,
            written,
            format!(
                "expected `{digits}. …,` before Black's move, found {}",
                diag::quote(self.text(written))
            ),
        )
        .with_help(format!(
            "a line that starts with Black's move writes `…` (or `...`) for White's move, then a comma and Black's move: `{digits}. …, E21-E15`"
        ));
        self.diags.push(d);
        match black {
            Some(b) => self.pgn_fix(n, b),
            // Black's move may follow without a comma: `black_without_comma` completes the help.
            None => self.pgn_pending = Some((white.span().end, self.diags.len() - 1, n)),
        }
    }

    /// The help and fix of the PGN diagnostic just pushed, now that Black's move is known.
    fn pgn_fix(&mut self, number: Span, black: &Ply) {
        let digits = &self.text(number)[..number.len() - 1];
        let b = black.span();
        let help = format!(
            "a line that starts with Black's move writes `…` (or `...`) for White's move, then a comma: `{digits}. …, {}`",
            self.text(b)
        );
        if let Some(mut d) = self.diags.pop() {
            d.help = vec![help];
            self.diags.push(d.with_fix(Span::new(number.end, b.start), " …, "));
        }
    }

    pub(super) fn comment(&mut self, t: Tk) -> Comment {
        comment::read(self.src, span(t.1), &mut self.diags)
    }

    /// The first token of the junk at `s` when it is a hex not followed by the rest of a move
    /// (`Nf3`, `E21:`): a move written with one hex only.
    fn lone_square_at(&self, s: Span) -> Option<Span> {
        let i = self.tokens.partition_point(|t| t.1.start < s.start);
        let square = |k| {
            matches!(
                k,
                TokenKind::Hex
                    | TokenKind::PieceHex
                    | TokenKind::FanHex
                    | TokenKind::LowerHex
                    | TokenKind::PieceLowerHex
            )
        };
        let first = self.tokens.get(i).filter(|t| square(t.0) && t.1.start == s.start)?;
        let continues = self.tokens.get(i + 1).is_some_and(|t| {
            t.1.start < s.end
                && matches!(
                    t.0,
                    TokenKind::HyphenMinus
                        | TokenKind::Hyphen
                        | TokenKind::EnDash
                        | TokenKind::Times
                        | TokenKind::Star
                        | TokenKind::At
                        | TokenKind::AtAt
                        | TokenKind::Equals
                        | TokenKind::XHex
                )
        });
        (!continues).then(|| span(first.1))
    }

    /// Black's move written after White's without the comma (`1. E7-E13 E21-E15`), read from the
    /// start of the junk at `s` (the grammar leaves it as junk: reading it here keeps the grammar's
    /// hot path as it is). Reported with the fix; returns the ply and where the rest of the junk
    /// starts.
    fn black_without_comma(&mut self, s: Span, slot: BlackSlot) -> Option<(Ply, usize)> {
        let tokens = self.tokens;
        let i = tokens.partition_point(|t| t.1.start < s.start);
        let j = tokens.partition_point(|t| t.1.start < s.end);
        let mut junk = &tokens[i..j];
        let pair_end = slot.end;
        // `1. E7-E13, , E21-E15`: the commas at the start of the junk repeat the first one.
        let commas = if slot.after_comma {
            let k = junk
                .iter()
                .take_while(|t| matches!(t.0, TokenKind::Comma | TokenKind::Commas))
                .count();
            let (second, last) = (junk.first()?.1, junk.get(k.checked_sub(1)?)?.1.end);
            junk = &junk[k..];
            Some((span(second), Span::new(pair_end, last)))
        } else {
            None
        };
        if !junk.first().is_some_and(|t| {
            matches!(
                t.0,
                TokenKind::Hex
                    | TokenKind::PieceHex
                    | TokenKind::FanHex
                    | TokenKind::LowerHex
                    | TokenKind::PieceLowerHex
                    | TokenKind::Castling
                    | TokenKind::ChessCastling
            )
        }) {
            return None;
        }
        let eoi = chumsky::span::SimpleSpan::from(s.end..s.end);
        let parser = chumsky::Parser::lazy(grammar::move_parser::<grammar::RichError<'s>>());
        let ms = chumsky::Parser::parse(&parser, grammar::input(junk, eoi)).into_output()?;
        let m = span(ms);
        if let Some((second, extra)) = commas {
            // One error for the repeated comma: not also "expected a move" at the second one.
            self.diags.retain(|d| !(d.code == diag::MOVE_SYNTAX && d.span == second));
            self.diags.push(
                Diagnostic::error(
                    diag::MOVETEXT_SYNTAX,
                    Span::new(second.start, extra.end),
                    "expected Black's move after `,`, found another `,`",
                )
                .with_help("one comma separates White's move from Black's: `1. E7-E13, E21-E15`")
                .with_fix(extra, ""),
            );
        }
        let diags = &self.diags;
        let pgn = self
            .pgn_pending
            .take()
            .filter(|p| p.0 == pair_end && diags.get(p.1).is_some_and(|d| d.span.end == pair_end));
        if pgn.is_none() && commas.is_none() {
            self.diags.push(
                Diagnostic::error(
                    diag::MOVETEXT_SYNTAX,
                    m,
                    format!("expected `,` before Black's move, found {}", diag::quote(self.text(m))),
                )
                .with_help("White's and Black's moves of a pair are separated by a comma: `1. E7-E13, E21-E15`")
                .with_fix(Span::new(pair_end, m.start), ", "),
            );
        }
        let ply = match self.mv(ms) {
            Some(mv) => Ply::Move(mv),
            None => Ply::Invalid { span: m, text: self.text(m).to_string() },
        };
        if let Some((_, at, number)) = pgn {
            // The PGN diagnostic says it all (`1... E21-E15` → `1. …, E21-E15`).
            let d = self.diags.remove(at);
            self.diags.push(d);
            self.pgn_fix(number, &ply);
        }
        let rest = junk.iter().find(|t| t.1.start >= m.end).map_or(s.end, |t| t.1.start);
        Some((ply, rest))
    }

    /// Text the movetext cannot hold. `black_missing` (the end of the pair) when it follows a pair
    /// with no Black move: a move at its start is returned, to be kept as Black's.
    pub(super) fn junk(&mut self, s: Span, black_missing: Option<BlackSlot>) -> Option<Ply> {
        if let Some((ply, rest)) = black_missing.and_then(|slot| self.black_without_comma(s, slot))
        {
            if rest < s.end {
                self.junk(Span::new(rest, s.end), None);
            }
            return Some(ply);
        }
        let text = self.text(s);
        if let Some(first) = self.lone_square_at(s) {
            self.diags.push(diag::lone_square_diag(first, self.text(first)));
            return None;
        }
        let mut d = Diagnostic::error(
            diag::MOVETEXT_SYNTAX,
            s,
            format!(
                "expected a move number, a comment, a variation or a result, found {}",
                diag::quote(text)
            ),
        );
        let compact: String = text.chars().filter(|c| !c.is_whitespace()).collect();
        let compact = compact.replace(['‐', '–'], "-");
        if compact.len() == 3 && GameResult::from_text(&compact).is_some() {
            d = d
                .with_help(format!("a result is written without spaces: `{compact}`"))
                .with_fix(s, compact);
        } else if text.as_bytes().first().is_some_and(u8::is_ascii_digit) {
            let digits = text.bytes().take_while(u8::is_ascii_digit).count();
            d = d
                .with_help("a move number ends with a dot: `12.`")
                .with_fix(Span::new(s.start + digits, s.start + digits), ".");
        } else if text.starts_with(['O', '0']) && text.contains('-') {
            d = d.with_help(diag::CASTLING_HELP);
        } else if text
            .chars()
            .next()
            .is_some_and(|c| c.is_ascii_uppercase() || c.is_ascii_lowercase())
        {
            d = d.with_help("every move pair starts with its number: `12. WHITE, BLACK`");
        }
        self.diags.push(d);
        None
    }

    pub(super) fn variation(&mut self, v: RawVariation) -> Variation {
        let label = v.label.and_then(|(_, s)| {
            let s = span(s);
            let text = self.text(s);
            match text[2..text.len() - 1].parse::<u32>() {
                Ok(n) if n > 0 => Some(Spanned::new(n, s)),
                _ => {
                    self.diags.push(Diagnostic::error(
                        diag::BAD_LABEL,
                        s,
                        format!(
                            "expected a variation label `$[n]` with a number from 1, found `{text}`"
                        ),
                    ));
                    None
                }
            }
        });
        if !v.closed {
            let open = span(v.open);
            let end = span(v.span).end;
            // Reported where it opens (like an unclosed `{` or `[`); it is read up to `end`.
            self.diags.push(
                Diagnostic::error(
                    diag::UNCLOSED_VARIATION,
                    open,
                    format!(
                        "expected `)` to close this variation, found {}",
                        self.close_found.as_deref().unwrap_or("the end of the movetext")
                    ),
                )
                .with_label(Span::new(end, end), "the variation is read up to here")
                .with_help("close the variation with `)` after its last move"),
            );
        }
        let parts = self.line(v.items);
        Variation {
            span: span(v.span),
            label,
            comments: parts.comments,
            pairs: parts.pairs,
            closed: v.closed,
        }
    }

    /// Attaches comments and variations to the pair before them.
    fn line(&mut self, items: Vec<RawItem>) -> LineParts {
        let mut parts = LineParts::default();
        for item in items {
            let black_missing = parts.pairs.last().and_then(black_missing);
            match item {
                RawItem::Pair(p) => {
                    let p = self.pair(p);
                    parts.pairs.push(p);
                }
                RawItem::Comment(t) => {
                    let c = self.comment(t);
                    match parts.pairs.last_mut() {
                        Some(p) => p.comments.push(c),
                        None => parts.comments.push(c),
                    }
                }
                RawItem::Variation(v) => {
                    let v = self.variation(v);
                    match parts.pairs.last_mut() {
                        Some(p) => p.variations.push(v),
                        None => self.misplaced_variation(v.span),
                    }
                }
                RawItem::Result(t) => {
                    self.diags.push(Diagnostic::error(
                        diag::MISPLACED,
                        span(t.1),
                        format!(
                            "expected a move or `)`, found the result `{}` inside a variation",
                            self.text(span(t.1))
                        ),
                    ));
                }
                RawItem::Junk(s) => {
                    if let Some(black) = self.junk(span(s), black_missing) {
                        keep_black(parts.pairs.last_mut(), black);
                    }
                }
                RawItem::StrayClose(s) => self.stray(span(s)),
            }
        }
        parts
    }

    pub(super) fn misplaced_variation(&mut self, s: Span) {
        self.diags.push(
            Diagnostic::error(
                diag::MISPLACED,
                s,
                "expected a move before the variation, found a variation first",
            )
            .with_help("a variation follows the move pair whose moves it replaces"),
        );
    }

    pub(super) fn stray(&mut self, s: Span) {
        self.diags.push(
            Diagnostic::error(
                diag::STRAY_CLOSE,
                s,
                "expected a move, a comment or a result, found `)` with no `(`",
            )
            .with_fix(s, ""),
        );
    }
}

/// Where Black's move may follow a pair without its comma: the pair's end, when it has no Black
/// move and nothing written after it yet.
pub(super) fn black_missing(p: &Pair) -> Option<BlackSlot> {
    if !p.comments.is_empty() || !p.variations.is_empty() || matches!(p.white, Ply::Invalid { .. })
    {
        return None;
    }
    match &p.black {
        None => Some(BlackSlot { end: p.span.end, after_comma: false }),
        // `1. E7-E13, , E21-E15`: nothing could be read after the first comma.
        Some(Ply::Invalid { span, .. }) if span.is_empty() => {
            Some(BlackSlot { end: span.end, after_comma: true })
        }
        Some(_) => None,
    }
}

/// Where Black's move may still be read after a pair (see `black_missing`).
#[derive(Debug, Clone, Copy)]
pub(super) struct BlackSlot {
    /// Where the pair ends (after its comma, when `after_comma`).
    end: usize,
    /// Whether a comma was read and nothing after it.
    after_comma: bool,
}

/// Black's move read back from junk after `pair` (see `Builder::black_without_comma`).
pub(super) fn keep_black(pair: Option<&mut Pair>, black: Ply) {
    if let Some(p) = pair {
        p.span = p.span.join(black.span());
        p.black = Some(black);
    }
}
