//! From the grammar's raw nodes to the syntax tree: reads the text of each token (hexes, castling
//! strings, results, comments) and reports what is wrong inside it.

use core::str::FromStr;

use cescacs_board::{Diagnostic, Hex, Span};
use chumsky::Parser as _;
use chumsky::span::SimpleSpan;

use crate::comment;
use crate::diag::{self, span};
use crate::grammar::{self, RawItem, RawPair, RawPly, RawVariation, Tk};
use crate::lexer::{Lexer, TokenKind};
use crate::syntax::MoveParseError;
use crate::syntax::{
    Castling, CheckMark, Comment, CommentKind, ForcedPromotion, GameIndicator, GameResult, Move,
    MoveKind, Movetext, OrdinaryMove, Pair, PairNumber, PieceLetter, Ply, Promotion,
    PromotionTarget, Rating, Separator, Spanned, Variation,
};

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
        let mut b = Builder::new(s);
        let tokens: Vec<grammar::Tk> =
            Lexer::new(s).map(|t| (t.kind, SimpleSpan::from(t.span.range()))).collect();
        if let Some(t) = tokens.iter().find(|t| t.0 == TokenKind::Error) {
            b.diags.push(Diagnostic::error(
                diag::UNEXPECTED_CHARACTER,
                diag::span(t.1),
                format!("expected a move, found {}", diag::quote(&s[t.1.into_range()])),
            ));
            return Err(MoveParseError { diagnostics: b.diags });
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
        let m = raw.and_then(|r| b.mv(r));
        match m {
            Some(m) if !b.diags.iter().any(Diagnostic::is_error) => Ok(m),
            _ => Err(MoveParseError { diagnostics: b.diags }),
        }
    }
}

/// Reads token text out of the source and collects diagnostics.
pub(crate) struct Builder<'s> {
    pub src: &'s str,
    /// The tokens of the region being built (moves are read from them).
    pub tokens: &'s [Tk],
    pub diags: Vec<Diagnostic>,
    /// What stands where an unclosed variation should have closed (for its message).
    close_found: Option<String>,
    /// Index in `tokens` after the last move read.
    pub cursor: usize,
    /// A PGN `1...` pair without Black's move yet: where it ends, its diagnostic, its number.
    pgn_pending: Option<(usize, usize, Span)>,
    /// Result lines read after the record's first, and how many of them get an `E0218`
    /// ([`Limits::strays`](crate::Limits::strays)); past that, one `E0229` and the rest skipped.
    extra_results: usize,
    pub extra_results_limit: usize,
}

/// What a line (the main line or a variation body) is made of.
#[derive(Default)]
struct LineParts {
    comments: Vec<Comment>,
    pairs: Vec<Pair>,
}

impl<'s> Builder<'s> {
    pub(crate) fn new(src: &'s str) -> Builder<'s> {
        Builder {
            src,
            tokens: &[],
            diags: Vec::new(),
            close_found: None,
            cursor: 0,
            pgn_pending: None,
            extra_results: 0,
            extra_results_limit: crate::Limits::DEFAULT.strays,
        }
    }

    fn text(&self, s: Span) -> &'s str {
        &self.src[s.range()]
    }

    /// The hex of a square token (hex, piece and hex, lower-case hex); `None` after an error.
    fn square(&mut self, t: Tk) -> Option<(Option<PieceLetter>, Spanned<Hex>)> {
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

    fn en_dash(&mut self, s: Span) {
        self.diags.push(
            Diagnostic::warning(
                diag::EN_DASH,
                s,
                "expected the hyphen `‐` or `-`, found the en dash `–`",
            )
            .with_help("write the hyphen-minus `-` (or the hyphen U+2010)")
            .with_fix(s, "-"),
        );
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

    fn pair(&mut self, p: RawPair) -> Pair {
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

    fn comment(&mut self, t: Tk) -> Comment {
        comment::read(self.src, span(t.1), &mut self.diags)
    }

    fn result(&mut self, t: Tk) -> Option<Spanned<GameResult>> {
        let s = span(t.1);
        let text = self.text(s);
        if text.contains(Separator::EnDash.as_str()) {
            self.en_dash(Span::new(s.start + 1, s.end - 1));
        }
        match GameResult::read_prefix(text.as_bytes()).ok().filter(|&(_, len)| len == text.len()) {
            Some((r, _)) => Some(Spanned::new(r, s)),
            None => {
                self.diags.push(
                    Diagnostic::error(diag::BAD_RESULT, s, format!("expected a result (3-0, 2-1, 0-3, 1-2, 1-1 or *), found `{text}`"))
                        .with_help("3-0 White wins, 2-1 White stalemates, 0-3 Black wins, 1-2 Black stalemates, 1-1 draw, * unfinished"),
                );
                None
            }
        }
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
    fn junk(&mut self, s: Span, black_missing: Option<BlackSlot>) -> Option<Ply> {
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

    fn variation(&mut self, v: RawVariation) -> Variation {
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

    fn misplaced_variation(&mut self, s: Span) {
        self.diags.push(
            Diagnostic::error(
                diag::MISPLACED,
                s,
                "expected a move before the variation, found a variation first",
            )
            .with_help("a variation follows the move pair whose moves it replaces"),
        );
    }

    fn stray(&mut self, s: Span) {
        self.diags.push(
            Diagnostic::error(
                diag::STRAY_CLOSE,
                s,
                "expected a move, a comment or a result, found `)` with no `(`",
            )
            .with_fix(s, ""),
        );
    }

    /// The main line(s) of a movetext region: one record, or several when moves follow the end of
    /// a game (`:` or `#`) or its result line.
    pub(crate) fn records(&mut self, items: Vec<RawItem>, region: Span) -> Vec<Movetext> {
        let mut records = Vec::new();
        let mut cur = Movetext::default();
        cur.pairs.reserve(items.iter().filter(|i| matches!(i, RawItem::Pair(_))).count());
        let mut first_token: Option<usize> = None;
        let mut last_token = region.start;
        for item in items {
            let item_span = match &item {
                RawItem::Pair(p) => span(p.span),
                RawItem::Comment(t) | RawItem::Result(t) => span(t.1),
                RawItem::Variation(v) => span(v.span),
                RawItem::Junk(s) | RawItem::StrayClose(s) => span(*s),
            };
            let black_missing =
                cur.pairs.last().filter(|_| cur.result.is_none()).and_then(black_missing);
            match item {
                RawItem::Pair(p) => {
                    if record_ended(&cur) {
                        let mut next = Movetext::default();
                        if cur.result.is_none() {
                            take_trailing_comments(&mut cur, &mut next);
                        }
                        let start = next.comments.first().map_or(item_span.start, |c| c.span.start);
                        let end = if next.comments.is_empty() {
                            last_token
                        } else {
                            cur.pairs.last().map_or(last_token, pair_end)
                        };
                        cur.span = Span::new(first_token.unwrap_or(region.start), end);
                        records.push(std::mem::take(&mut cur));
                        cur = next;
                        first_token = Some(start);
                    }
                    let p = self.pair(p);
                    cur.pairs.push(p);
                }
                RawItem::Comment(t) => {
                    let c = self.comment(t);
                    if cur.result.is_some() {
                        cur.closing_comments.push(c);
                    } else if let Some(p) = cur.pairs.last_mut() {
                        p.comments.push(c);
                    } else {
                        cur.comments.push(c);
                    }
                }
                RawItem::Variation(mut v) => {
                    let moved = trailing_result(&mut v);
                    self.close_found =
                        moved.map(|t| format!("the result `{}`", self.text(span(t.1))));
                    let v = self.variation(v);
                    self.close_found = None;
                    if cur.result.is_some() {
                        self.diags.push(Diagnostic::error(
                            diag::MISPLACED,
                            v.span,
                            "expected a comment or the next game after the result, found a variation",
                        ));
                    } else if let Some(p) = cur.pairs.last_mut() {
                        p.variations.push(v);
                    } else {
                        self.misplaced_variation(v.span);
                    }
                    if let Some(t) = moved {
                        self.top_result(&mut cur, t);
                    }
                }
                RawItem::Result(t) => self.top_result(&mut cur, t),
                RawItem::Junk(s) => {
                    if let Some(black) = self.junk(span(s), black_missing) {
                        keep_black(cur.pairs.last_mut(), black);
                    }
                }
                RawItem::StrayClose(s) => self.stray(span(s)),
            }
            first_token.get_or_insert(item_span.start);
            last_token = last_token.max(item_span.end);
        }
        cur.span = match first_token {
            Some(f) => Span::new(f, last_token),
            None => Span::new(region.start, region.start),
        };
        records.push(cur);
        records
    }

    fn top_result(&mut self, cur: &mut Movetext, t: Tk) {
        if let Some(r) = self.result(t) {
            if let Some(first) = cur.result {
                self.extra_results += 1;
                if self.extra_results > self.extra_results_limit {
                    if self.extra_results == self.extra_results_limit + 1 {
                        self.diags.push(too_many_results(r.span, self.extra_results_limit));
                    }
                    return;
                }
                self.diags.push(
                    Diagnostic::error(
                        diag::MISPLACED,
                        r.span,
                        format!(
                            "expected one result line, found a second one `{}`",
                            r.value.as_str()
                        ),
                    )
                    .with_label(first.span, "the first result"),
                );
            } else {
                cur.result = Some(r);
            }
        }
    }

    /// The warnings for a record's ending: the final `:`/`#` and the result line.
    pub(crate) fn ending_warnings(&mut self, mt: &Movetext, fallback: Span) {
        let last = mt.last_move();
        if let Some(m) = last {
            if !m.ends_game() {
                self.diags.push(
                    Diagnostic::warning(
                        diag::NO_FINAL_MARK,
                        m.span,
                        "expected the last move to end with `:` (or `#` for checkmate), found no final mark",
                    )
                    .with_help("the last move of a game ends with `:`, or with `#` when it mates")
                    .with_fix(Span::new(m.span.end, m.span.end), ":"),
                );
            }
        }
        if mt.result.is_none() {
            let at = last.map_or(fallback, |m| m.span);
            self.diags.push(
                Diagnostic::warning(
                    diag::NO_RESULT,
                    at,
                    "expected a result line (3-0, 2-1, 0-3, 1-2, 1-1 or *) after the last move, found none",
                )
                .with_help("the result of the `Result` tag is taken"),
            );
        }
    }
}

/// Whether a record has ended (its result line, or a last move ending with `:` or `#`): a pair
/// after it starts the next record.
pub(crate) fn record_ended(mt: &Movetext) -> bool {
    mt.result.is_some()
        || mt.pairs.last().is_some_and(|p| {
            p.black.as_ref().unwrap_or(&p.white).as_move().is_some_and(Move::ends_game)
        })
}

/// A result swallowed by an unclosed variation (`(1. F8-F12: *` at the end) belongs to the
/// main line: take it out of the innermost unclosed variation.
fn trailing_result(v: &mut RawVariation) -> Option<Tk> {
    if v.closed {
        return None;
    }
    let taken = match v.items.last_mut() {
        Some(RawItem::Result(_)) => match v.items.pop() {
            Some(RawItem::Result(t)) => Some(t),
            _ => None,
        },
        Some(RawItem::Variation(inner)) => trailing_result(inner),
        _ => None,
    };
    if taken.is_some() {
        // The variation now ends with what is left of it.
        let end = match v.items.last() {
            Some(RawItem::Pair(p)) => p.span.end,
            Some(RawItem::Comment(t) | RawItem::Result(t)) => t.1.end,
            Some(RawItem::Variation(inner)) => inner.span.end,
            Some(RawItem::Junk(s) | RawItem::StrayClose(s)) => s.end,
            None => v.label.map_or(v.open.end, |l| l.1.end),
        };
        v.span = chumsky::span::SimpleSpan::from(v.span.start..end);
    }
    taken
}

/// Where Black's move may follow a pair without its comma: the pair's end, when it has no Black
/// move and nothing written after it yet.
fn black_missing(p: &Pair) -> Option<BlackSlot> {
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
struct BlackSlot {
    /// Where the pair ends (after its comma, when `after_comma`).
    end: usize,
    /// Whether a comma was read and nothing after it.
    after_comma: bool,
}

/// Black's move read back from junk after `pair` (see `Builder::black_without_comma`).
fn keep_black(pair: Option<&mut Pair>, black: Ply) {
    if let Some(p) = pair {
        p.span = p.span.join(black.span());
        p.black = Some(black);
    }
}

/// Where a pair and the comments and variations after it end.
fn pair_end(p: &Pair) -> usize {
    let c = p.comments.last().map_or(0, |c| c.span.end);
    let v = p.variations.last().map_or(0, |v| v.span.end);
    p.span.end.max(c).max(v)
}

/// When a record ends without a result line and moves follow, the plain comments written after
/// the last pair's variations open the next record (the spec's "these were the previous moves").
fn take_trailing_comments(cur: &mut Movetext, next: &mut Movetext) {
    let Some(last) = cur.pairs.last_mut() else { return };
    let after = last.variations.last().map_or(last.span.end, |v| v.span.end);
    let keep = last
        .comments
        .iter()
        .position(|c| c.span.start > after && c.kind == CommentKind::Plain)
        .unwrap_or(last.comments.len());
    next.comments = last.comments.split_off(keep);
}

/// `E0229` for the result line at `at`, the first past `limit` extra ones in its record: it and
/// the ones after it are skipped.
fn too_many_results(at: Span, limit: usize) -> Diagnostic {
    Diagnostic::error(
        diag::TOO_MANY_STRAYS,
        at,
        format!(
            "expected at most {} extra result lines in a game, found more",
            crate::limits::grouped(limit)
        ),
    )
    .with_help(format!(
        "this result and the ones after it in the game are skipped; remove them, or raise `Limits::strays` ({}) when reading with `ctl_an::games_with`",
        crate::limits::grouped(limit)
    ))
}
