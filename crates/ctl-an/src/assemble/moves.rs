//! One move of the tree: read by the move's own reader ([`Move::read_prefix`]'s), or else part
//! by part with the notation types' part readers, with what is wrong said; and `FromStr` for
//! a move, which reads as in a game when the move's reader does not take the whole text.

use core::str::FromStr;

use cescacs_board::Hex;
use cescacs_diagnostics::{Diagnostic, Span};
use chumsky::Parser as _;
use chumsky::span::SimpleSpan;

use crate::diag::{self, span};
use crate::grammar::{self, Tk};
use crate::lexer::{Lexer, TokenKind};
use crate::syntax::{
    Castling, CheckMark, ForcedPromotion, GameIndicator, Move, MoveKind, MoveParseError,
    OrdinaryMove, PieceLetter, Promotion, PromotionTarget, Rating, Separator, Spanned,
};

use super::Builder;

// A move read on its own: `Move::read_prefix` taking the whole text; any other text is read as
// a move of a game is (the lexer, the grammar's move rule and the builder), which says why it is
// no move, or reads it with a warning (the en dash, the Pawn's letter, a space inside).
impl FromStr for Move {
    type Err = MoveParseError;

    /// Reads one move with its marks; warnings (such as the en dash) do not make it fail.
    ///
    /// ```
    /// use ctl_an::syntax::Move;
    /// let m: Move = "EF12*NF14+^ ?!".parse()?;
    /// assert_eq!(m.to_string(), "EF12×NF14+^ ?!");
    /// assert!("E13xF16".parse::<Move>().is_err());
    /// # Ok::<(), ctl_an::MoveParseError>(())
    /// ```
    fn from_str(s: &str) -> Result<Move, MoveParseError> {
        if let Ok((m, len)) = Move::read_prefix(s.as_bytes()) {
            if len == s.len() {
                return Ok(m);
            }
        }
        // Not a move without diagnostics: read as in a game, which explains.
        let (m, diagnostics) = read_alone(s, false);
        match m {
            Some(m) if !diagnostics.iter().any(Diagnostic::is_error) => Ok(m),
            _ => Err(MoveParseError { diagnostics }),
        }
    }
}

/// `s` read as one move of a game: the lexer, the grammar's move rule and the builder; with
/// `by_parts`, the builder reads the move part by part even when the move's reader reads it.
fn read_alone(s: &str, by_parts: bool) -> (Option<Move>, Vec<Diagnostic>) {
    let mut b = Builder::new(s);
    let tokens: Vec<grammar::Tk> =
        Lexer::new(s).map(|t| (t.kind, SimpleSpan::from(t.span.range()))).collect();
    if let Some(t) = tokens.iter().find(|t| t.0 == TokenKind::Error) {
        b.diags.push(Diagnostic::error(
            diag::UNEXPECTED_CHARACTER,
            diag::span(t.1),
            format!("expected a move, found {}", diag::quote(&s[t.1.into_range()])),
        ));
        return (None, b.diags);
    }
    let eoi = SimpleSpan::from(s.len()..s.len());
    let (raw, errors) = grammar::move_parser::<grammar::RichError<'_>>()
        .then_ignore(chumsky::primitive::end())
        .parse(grammar::input(&tokens, eoi))
        .into_output_errors();
    for e in &errors {
        b.diags.push(diag::from_rich(e, s));
    }
    b.tokens = &tokens;
    let m = raw.and_then(|r| {
        if by_parts {
            let (tokens, apart) = b.tokens_in(r);
            b.mv_by_parts(r, tokens, apart)
        } else {
            b.mv(r)
        }
    });
    (m, b.diags)
}

impl<'s> Builder<'s> {
    /// The hex of a square token (hex, piece and hex, lower-case hex); `None` after an error.
    pub(super) fn square(&mut self, t: Tk) -> Option<(Option<PieceLetter>, Spanned<Hex>)> {
        let s = span(t.1);
        let text = self.text(s);
        let (piece, hex_start) = match t.0 {
            TokenKind::PieceHex | TokenKind::FanHex | TokenKind::PieceLowerHex => {
                let c = text.chars().next()?;
                (
                    Some(PieceLetter {
                        letter: c,
                        span: Span::new(s.start, s.start + c.len_utf8()),
                    }),
                    s.start + c.len_utf8(),
                )
            }
            _ => (None, s.start),
        };
        let hex_span = Span::new(hex_start, s.end);
        let hex_text = self.text(hex_span);
        if matches!(t.0, TokenKind::LowerHex | TokenKind::PieceLowerHex) {
            return self.lower_case_square(piece, s, hex_span);
        }
        match hex_text.parse::<Hex>() {
            Ok(h) => Some((piece, Spanned::new(h, hex_span))),
            Err(e) => {
                self.diags.push(
                    Diagnostic::error(
                        diag::BAD_HEX,
                        hex_span,
                        format!("expected a hex, found `{hex_text}`"),
                    )
                    .with_primary_label(e.to_string()),
                );
                None
            }
        }
    }

    /// `E0205` for a hex with a lower-case column (`e7`, `Ef6`); the hex is read in capitals.
    #[cold]
    fn lower_case_square(
        &mut self,
        piece: Option<PieceLetter>,
        s: Span,
        hex_span: Span,
    ) -> Option<(Option<PieceLetter>, Spanned<Hex>)> {
        let (text, hex_text) = (self.text(s), self.text(hex_span));
        let upper = hex_text.to_ascii_uppercase();
        let col = Span::new(hex_span.start, hex_span.start + 1);
        self.diags.push(
            Diagnostic::error(
                diag::LOWER_CASE_COLUMN,
                col,
                format!("expected an upper-case column letter, found `{}`", &hex_text[..1]),
            )
            .with_help(format!(
                "column letters are written in capitals: `{}{upper}`",
                &text[..hex_span.start - s.start]
            ))
            .with_fix(col, &upper[..1]),
        );
        upper.parse::<Hex>().ok().map(|h| (piece, Spanned::new(h, hex_span)))
    }

    fn separator(&mut self, t: Tk) -> Spanned<Separator> {
        let s = span(t.1);
        let sep = Separator::read_prefix(self.text(s).as_bytes())
            .map_or(Separator::HyphenMinus, |(sep, _)| sep);
        if sep == Separator::EnDash {
            self.en_dash(s);
        }
        Spanned::new(sep, s)
    }

    /// The promotion starting at the `=` token `eq`, taking its target from `rest`; `None` when
    /// the target is missing (the grammar reported it).
    fn promotion(
        &mut self,
        eq: Tk,
        rest: &mut core::iter::Peekable<impl Iterator<Item = Tk>>,
    ) -> Option<Promotion> {
        let t = rest.next_if(|t| {
            matches!(t.0, TokenKind::Letter | TokenKind::Fan | TokenKind::Ampersand)
        })?;
        let s = span(t.1);
        let target = match PromotionTarget::read_prefix(self.text(s).as_bytes()) {
            Ok((PromotionTarget::Piece(p), _)) => {
                PromotionTarget::Piece(PieceLetter { span: s, ..p })
            }
            _ => PromotionTarget::Awaiting,
        };
        if let PromotionTarget::Piece(p) = target {
            let letter = p.letter;
            // `K` and `P` name the King and the Pawn under every letter table (no Redefine
            // alternative uses them), and a pawn never promotes to either.
            if p.never_promoted_to() {
                let piece = if p.is_pawn() { "a Pawn" } else { "the King" };
                self.diags.push(
                    Diagnostic::error(
                        diag::PROMOTION_TARGET,
                        s,
                        format!("expected the piece a pawn promotes to, found `{letter}`, {piece}"),
                    )
                    .with_primary_label("a pawn never promotes to the King or to a Pawn")
                    .with_help("a pawn promotes to a piece lost before (`=D`, `=R`, `=J`...), or awaits one (`=&`)"),
                );
            }
        }
        Some(Promotion { span: Span::new(eq.1.start, s.end), target })
    }

    /// The tokens inside a span of the current region. Moves are read in text order, so the
    /// search walks on from the previous move and only jumps back by bisection.
    fn tokens_in(&mut self, s: chumsky::span::SimpleSpan) -> (&'s [Tk], bool) {
        let tokens = self.tokens;
        let mut i = self.cursor.min(tokens.len());
        if i > 0 && tokens[i - 1].1.start >= s.start {
            i = tokens.partition_point(|t| t.1.start < s.start);
        }
        while i < tokens.len() && tokens[i].1.start < s.start {
            i += 1;
        }
        let mut j = i;
        // Whether some tokens do not touch: worth a closer look for `W0207` (counted here, in a
        // loop that runs anyway, since it runs for every move).
        let mut apart = false;
        let mut end = tokens.get(i).map_or(0, |t| t.1.start);
        while j < tokens.len() && tokens[j].1.start < s.end {
            apart |= tokens[j].1.start != end;
            end = tokens[j].1.end;
            j += 1;
        }
        self.cursor = j;
        (&tokens[i..j], apart)
    }

    fn castling(&mut self, t: Tk) -> Option<Castling> {
        let s = span(t.1);
        let text = self.text(s);
        let prefix = &text[..3];
        let sep_len = text[3..].chars().next().map_or(1, char::len_utf8);
        let sep_span = Span::new(s.start + 3, s.start + 3 + sep_len);
        let columns = &text[3 + sep_len..];
        // The lexer takes one of the three hyphens here.
        let separator = Separator::read_prefix(&text.as_bytes()[3..])
            .map_or(Separator::HyphenMinus, |(separator, _)| separator);
        if separator == Separator::EnDash {
            self.en_dash(sep_span);
        }
        if let Some(c) = Castling::from_parts(prefix, columns, separator) {
            return Some(c);
        }
        let valid: Vec<String> = crate::syntax::CASTLINGS
            .iter()
            .filter(|(p, _)| *p == prefix)
            .map(|(p, c)| format!("{p}-{c}"))
            .collect();
        let mut d = Diagnostic::error(
            diag::BAD_CASTLING,
            s,
            format!("expected one of the 24 castlings, found `{text}`"),
        );
        if valid.is_empty() {
            d = d.with_primary_label(format!(
                "`{prefix}` is not a castling: the prefixes are KRK, KRD and KRR"
            ));
        } else {
            d = d.with_primary_label(format!("not a valid `{prefix}` castling"));
            d = d.with_help(format!("the `{prefix}` castlings are {}", valid.join(", ")));
        }
        if prefix == "KRK" && columns == "HI" {
            d = d.with_help(
                "with the King on H the Rook goes one step (`KRK-HIO`) or two (`KRK-HIOO`)",
            );
        }
        self.diags.push(d);
        None
    }

    /// Reads the move whose tokens the grammar found at `ms`: with [`Move::read_prefix`]'s
    /// reader, when it reads them all (then there is nothing to say), else part by part, with
    /// the part readers of the notation types, saying what is wrong.
    pub(crate) fn mv(&mut self, ms: chumsky::span::SimpleSpan) -> Option<Move> {
        let (tokens, apart) = self.tokens_in(ms);
        let mut m = Move::scratch();
        if m.read_into(self.src.as_bytes(), ms.start).is_some() && m.span.end == ms.end {
            return Some(m);
        }
        self.mv_by_parts(ms, tokens, apart)
    }

    /// [`Builder::mv`] part by part: the move's `tokens`, `apart` when some do not touch.
    fn mv_by_parts(
        &mut self,
        ms: chumsky::span::SimpleSpan,
        tokens: &'s [Tk],
        apart: bool,
    ) -> Option<Move> {
        if apart {
            self.spaces_inside(tokens);
        }
        let mut it = tokens.iter().copied().peekable();
        let first = it.next()?;
        let kind = if first.0 == TokenKind::Castling {
            MoveKind::Castling(self.castling(first)?)
        } else if first.0 == TokenKind::ChessCastling {
            return self.chess_castling(first);
        } else {
            match it.next()? {
                eq @ (TokenKind::Equals, _) => {
                    let promotion = self.promotion(eq, &mut it);
                    self.forced(first, promotion?)?
                }
                t => {
                    let (sep, to) =
                        if t.0 == TokenKind::XHex { (None, t) } else { (Some(t), it.next()?) };
                    let promotion = match it.next_if(|t| t.0 == TokenKind::Equals) {
                        Some(eq) => Some(self.promotion(eq, &mut it)?),
                        None => None,
                    };
                    self.ordinary(first, sep, to, promotion)?
                }
            }
        };
        let (mut check, mut rating, mut nags, mut draw_offer, mut end) =
            (None, None, Vec::new(), None, None);
        for (k, s) in it {
            let s = span(s);
            let text = self.text(s).as_bytes();
            if k.is_check_mark() {
                check = CheckMark::read_prefix(text).ok().map(|(c, _)| Spanned::new(c, s));
            } else if k.is_rating() {
                rating = Rating::read_prefix(text).ok().map(|(r, _)| Spanned::new(r, s));
            } else if k == TokenKind::Nag {
                nags.push(Spanned::new(self.text(s)[1..].parse().unwrap_or(u32::MAX), s));
            } else {
                match GameIndicator::read_prefix(text) {
                    Ok((GameIndicator::DrawOffer, _)) => draw_offer = Some(s),
                    Ok((GameIndicator::End, _)) => end = Some(s),
                    Err(_) => {}
                }
            }
        }
        Some(Move { span: span(ms), kind, check, rating, nags, draw_offer, end })
    }

    /// `E0207` for `O-O`, `0-0-0`…: chess castling.
    #[cold]
    fn chess_castling(&mut self, t: Tk) -> Option<Move> {
        let s = span(t.1);
        self.diags.push(
            Diagnostic::error(
                diag::BAD_CASTLING,
                s,
                format!("expected one of the 24 castlings, found `{}`", self.text(s)),
            )
            .with_primary_label("chess notation, not C'escacs")
            .with_help(diag::CASTLING_HELP),
        );
        None
    }

    /// `W0207` when the parts of a move (hexes, separator, promotion, check mark) are written
    /// apart: the spec joins them "without separation"; ratings and indicators may follow a space.
    fn spaces_inside(&mut self, tokens: &[Tk]) {
        // The grammar puts ratings, NAGs and indicators last, so the parts end at the first gap
        // before one of them. Kinds are only looked at where there is a gap (rare): this runs
        // for every move.
        let mut parts = tokens.len();
        let mut gaps = false;
        for (i, w) in tokens.windows(2).enumerate() {
            if w[0].1.end != w[1].1.start {
                if w[1].0.is_rating()
                    || matches!(w[1].0, TokenKind::Nag | TokenKind::DrawOffer | TokenKind::Colon)
                {
                    parts = i + 1;
                    break;
                }
                gaps = true;
            }
        }
        if gaps {
            self.spaces_warning(&tokens[..parts]);
        }
    }

    #[cold]
    fn spaces_warning(&mut self, parts: &[Tk]) {
        let whole = Span::new(parts[0].1.start, parts[parts.len() - 1].1.end);
        let mut compact = String::with_capacity(whole.len());
        let mut d = Diagnostic::warning(
            diag::SPACE_IN_MOVE,
            whole,
            format!(
                "expected a move written without spaces, found {}",
                diag::quote(self.text(whole))
            ),
        );
        for (i, t) in parts.iter().enumerate() {
            if i > 0 && parts[i - 1].1.end != t.1.start {
                d = d.with_fix(Span::new(parts[i - 1].1.end, t.1.start), "");
            }
            compact.push_str(self.text(span(t.1)));
        }
        self.diags.push(d.with_help(format!(
            "the parts of a move and its check mark are written together: `{compact}`"
        )));
    }

    fn forced(&mut self, hex: Tk, promotion: Promotion) -> Option<MoveKind> {
        let (piece, hex) = self.square(hex)?;
        if let Some(p) = piece {
            self.diags.push(
                Diagnostic::error(
                    diag::BAD_PIECE_LETTER,
                    p.span,
                    format!("expected the hex of the awaiting pawn, found the piece letter `{}` before it", p.letter),
                )
                .with_help("a forced promotion is written from the pawn's hex, like `E27=D`")
                .with_fix(p.span, ""),
            );
            return None;
        }
        if promotion.target == PromotionTarget::Awaiting {
            self.diags.push(Diagnostic::error(
                diag::BAD_PIECE_LETTER,
                promotion.span,
                "expected the piece the awaiting pawn promotes to, found `=&`",
            ));
            return None;
        }
        Some(MoveKind::ForcedPromotion(ForcedPromotion { hex, promotion }))
    }

    fn ordinary(
        &mut self,
        from: Tk,
        sep: Option<Tk>,
        to: Tk,
        promotion: Option<Promotion>,
    ) -> Option<MoveKind> {
        let from = self.square(from);
        let (separator, to) = match sep {
            Some(sep) => (self.separator(sep), self.square(to)),
            None => {
                // `x` written for the capture: `xF16` or `xNF16`.
                let s = span(to.1);
                let x = Span::new(s.start, s.start + 1);
                self.diags.push(
                    Diagnostic::error(
                        diag::LETTER_X,
                        x,
                        "expected `×` or `*` for the capture, found `x`",
                    )
                    .with_help("captures are written `×` or `*`, never `x`")
                    .with_fix(x, Separator::Times.as_str()),
                );
                let rest = (
                    if s.len() > 2 && self.src.as_bytes()[s.start + 2].is_ascii_uppercase() {
                        TokenKind::PieceHex
                    } else {
                        TokenKind::Hex
                    },
                    chumsky::span::SimpleSpan::from(s.start + 1..s.end),
                );
                (Spanned::new(Separator::Times, x), self.square(rest))
            }
        };
        let ((piece, from), (captured, to)) = (from?, to?);
        // The spec writes a pawn move without a letter; `P` (or its symbol) is read, and dropped.
        let piece = match piece {
            Some(p) if p.is_pawn() => {
                let written = &self.src[p.span.range()];
                self.diags.push(
                    Diagnostic::warning(
                        diag::PAWN_LETTER,
                        p.span,
                        format!("expected a pawn move without a letter, found `{written}`"),
                    )
                    .with_primary_label("the Pawn's letter")
                    .with_help(format!(
                        "write the pawn move without its letter: `{}`",
                        &self.src[p.span.end..to.span.end]
                    ))
                    .with_fix(p.span, ""),
                );
                None
            }
            p => p,
        };
        if let Some(c) = captured.filter(|_| !separator.value.is_capture()) {
            self.diags.push(
                Diagnostic::error(
                    diag::CAPTURE_WITHOUT_SIGN,
                    separator.span,
                    format!("expected `×` before the captured piece `{}`, found `{}`", c.letter, self.text(separator.span)),
                )
                .with_label(c.span, "the captured piece")
                .with_help("a capture is written with `×` (or `*`); a plain move has no piece letter before its destination")
                .with_fix(separator.span, Separator::Times.as_str()),
            );
        }
        Some(MoveKind::Ordinary(OrdinaryMove { piece, from, separator, captured, to, promotion }))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The builder's two ways of reading a move agree: the move's reader reads a text (up to
    /// blanks) exactly when the part-by-part reading gives a move without any diagnostic, and
    /// then the same move. So the scanner, which reads moves with the move's reader, accepts a
    /// move when and only when the full reader accepts it, and reads the same.
    #[test]
    fn the_move_reader_agrees_with_the_parts() {
        let blank = |c: char| matches!(c, ' ' | '\t' | '\n' | '\r' | '\x0c' | '\u{feff}');
        let (mut read, mut warned) = (0, 0);
        for text in crate::testing::random_moves(100_000) {
            let by_reader = Move::read_prefix(text.as_bytes())
                .ok()
                .filter(|&(_, len)| text[len..].chars().all(blank))
                .map(|(m, _)| m);
            let (by_parts, diagnostics) = read_alone(&text, true);
            warned += usize::from(
                by_parts.is_some()
                    && diagnostics.iter().all(|d| !d.is_error())
                    && !diagnostics.is_empty(),
            );
            let clean = by_parts.filter(|_| diagnostics.is_empty());
            assert_eq!(by_reader, clean, "{text:?}: {diagnostics:?}");
            read += usize::from(clean.is_some());
        }
        assert!(read > 3_000 && warned > 300, "only {read} moves read, {warned} with warnings");
    }
}
