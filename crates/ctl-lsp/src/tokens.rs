//! Semantic tokens: the colours of a game file, from the games' trees.
//!
//! Each game of the requested part of a document is read (not validated) and its tree gives
//! the tokens: tag names and values, move numbers, piece letters, hexes, separators, castlings,
//! promotions, check marks, ratings and NAGs, results, comments and the references inside them,
//! variation brackets and labels. Text that does not read as any of these (a ply that could not
//! be read, stray text) gets no token. The legend ([`legend`]) uses the standard token types of
//! LSP; docs/EDITORS.md says which is which.

use cescacs_diagnostics::Span;
use ctl_an::syntax::{
    Comment, Move, MoveKind, Pair, Ply, Promotion, PromotionTarget, Record, Reference, Variation,
};
use ctl_pgn::render::PositionEncoding;
use lsp_types::{SemanticToken, SemanticTokenModifier, SemanticTokenType, SemanticTokensLegend};

use crate::analysis;
use crate::positions::units;

/// What a token is; its index is its place in the legend's types.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) enum Kind {
    /// A tag's name (`property`).
    TagName,
    /// A tag's value with its quotes (`string`).
    TagValue,
    /// A move number `12.` or `1?`; a reference to a move `#14` (`number`).
    Number,
    /// A piece letter or symbol: of the mover, of the captured piece, of a promotion; a piece
    /// reference `~JF6` (`type`).
    Piece,
    /// A hex; a hex reference `~E13` (`enumMember`).
    Hex,
    /// A separator or capture sign, `=` and `&` of a promotion, `…` for White's omitted move,
    /// `:` after the last move (`operator`).
    Operator,
    /// A castling `KRK-HIO`, a result `3-0` (`keyword`).
    Keyword,
    /// A check mark `+`, `+^`, `+∞`, `++`, `#` (`macro`).
    Check,
    /// A rating `!?`, a NAG `$12`, a draw offer `(=)`; a NAG in a comment (`decorator`).
    Annotation,
    /// The text of a comment, its braces included (`comment`).
    Comment,
    /// A variation's brackets and label `$[2]`; a reference to a variation `#12.2`
    /// (`namespace`).
    Variation,
    /// A reference to a player, `@W` (`variable`).
    Player,
}

impl Kind {
    /// Every kind, in the legend's order.
    pub const ALL: [Kind; 12] = [
        Kind::TagName,
        Kind::TagValue,
        Kind::Number,
        Kind::Piece,
        Kind::Hex,
        Kind::Operator,
        Kind::Keyword,
        Kind::Check,
        Kind::Annotation,
        Kind::Comment,
        Kind::Variation,
        Kind::Player,
    ];

    /// The LSP token type.
    pub fn token_type(self) -> SemanticTokenType {
        match self {
            Kind::TagName => SemanticTokenType::PROPERTY,
            Kind::TagValue => SemanticTokenType::STRING,
            Kind::Number => SemanticTokenType::NUMBER,
            Kind::Piece => SemanticTokenType::TYPE,
            Kind::Hex => SemanticTokenType::ENUM_MEMBER,
            Kind::Operator => SemanticTokenType::OPERATOR,
            Kind::Keyword => SemanticTokenType::KEYWORD,
            Kind::Check => SemanticTokenType::MACRO,
            Kind::Annotation => SemanticTokenType::DECORATOR,
            Kind::Comment => SemanticTokenType::COMMENT,
            Kind::Variation => SemanticTokenType::NAMESPACE,
            Kind::Player => SemanticTokenType::VARIABLE,
        }
    }
}

/// The one modifier: `reference`, for the references inside comments (bit 0).
pub(crate) const REFERENCE: &str = "reference";

/// The legend the server announces.
pub(crate) fn legend() -> SemanticTokensLegend {
    SemanticTokensLegend {
        token_types: Kind::ALL.iter().map(|k| k.token_type()).collect(),
        token_modifiers: vec![SemanticTokenModifier::new(REFERENCE)],
    }
}

/// One token before encoding: bytes of the document, kind, whether it is a reference.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Token {
    pub span: Span,
    pub kind: Kind,
    pub reference: bool,
}

/// The tokens of the games of `text` that meet `wanted` (the whole text: `None`), in order,
/// none overlapping another, none across a line end. The whole text is read in one pass of the
/// reader (the caller bounds its size); a range, chunk by chunk, only the chunks that meet it,
/// and no further than [`analysis::WHOLE_BYTES`] of them.
pub(crate) fn tokens(text: &str, wanted: Option<Span>) -> Vec<Token> {
    let mut out = Vec::new();
    let Some(wanted) = wanted else {
        let decoded = cescacs_toolkit::read::decode_whole(text);
        let source = decoded.text.as_str();
        let mut found = Found { source, out: Vec::new() };
        for read in ctl_an::games(source) {
            found.game(&read.game);
            found.flush(text, 0, None, &mut out);
        }
        return out;
    };
    let mut read = 0;
    for (start, end) in analysis::chunk_spans(text) {
        if end <= wanted.start {
            continue;
        }
        read += end - start;
        if start >= wanted.end || read > analysis::WHOLE_BYTES {
            break;
        }
        let Some(chunk) = analysis::read_chunk(text, start, end) else { continue };
        let mut found = Found { source: &chunk.source, out: Vec::new() };
        for game in &chunk.games {
            found.game(game.syntax());
        }
        found.flush(text, start, Some(wanted), &mut out);
    }
    out
}

/// A token cut at each line end it holds (a comment over several lines): clients need not
/// support tokens over several lines.
fn split_lines(text: &str, token: Token, out: &mut Vec<Token>) {
    let bytes = text.as_bytes();
    let mut start = token.span.start;
    let mut i = start;
    while i < token.span.end {
        if bytes[i] == b'\n' || bytes[i] == b'\r' {
            if i > start {
                out.push(Token { span: Span::new(start, i), ..token });
            }
            start = i + 1;
        }
        i += 1;
    }
    if token.span.end > start {
        out.push(Token { span: Span::new(start, token.span.end), ..token });
    }
}

/// The tokens of one chunk's trees, spans relative to the chunk.
struct Found<'s> {
    source: &'s str,
    out: Vec<Token>,
}

impl Found<'_> {
    /// Moves the tokens found (offsets from `base` in `text`) to `out`, in order, those that
    /// meet `wanted`.
    fn flush(&mut self, text: &str, base: usize, wanted: Option<Span>, out: &mut Vec<Token>) {
        self.out.sort_by_key(|t| t.span.start);
        let mut last_end = 0;
        for t in self.out.drain(..) {
            // Trees of broken text may overlap: the first token keeps its bytes.
            if t.span.start < last_end || t.span.is_empty() {
                continue;
            }
            last_end = t.span.end;
            let span = t.span.shift(base);
            if wanted.is_some_and(|w| span.end <= w.start || span.start >= w.end) {
                continue;
            }
            split_lines(text, Token { span, ..t }, out);
        }
    }

    fn push(&mut self, span: Span, kind: Kind) {
        self.out.push(Token { span, kind, reference: false });
    }

    /// The one character at `at` when it is `c`.
    fn char_at(&mut self, at: usize, c: char, kind: Kind) {
        let end = at + c.len_utf8();
        if self.source.get(at..end).is_some_and(|s| s.starts_with(c)) {
            self.push(Span::new(at, end), kind);
        }
    }

    fn game(&mut self, game: &Record) {
        for tag in &game.tags {
            self.push(tag.name_span, Kind::TagName);
            let quoted = Span::new(tag.value_span.start.saturating_sub(1), tag.value_span.end + 1);
            let bytes = self.source.as_bytes();
            let quotes = bytes.get(quoted.start) == Some(&b'"')
                && bytes.get(quoted.end - 1) == Some(&b'"')
                && quoted.len() >= 2;
            self.push(if quotes { quoted } else { tag.value_span }, Kind::TagValue);
        }
        let movetext = &game.movetext;
        self.comments(&movetext.comments);
        self.pairs(&movetext.pairs);
        if let Some(result) = &movetext.result {
            self.push(result.span, Kind::Keyword);
        }
        self.comments(&movetext.closing_comments);
    }

    fn pairs(&mut self, pairs: &[Pair]) {
        for pair in pairs {
            self.push(pair.number.span, Kind::Number);
            for ply in std::iter::once(&pair.white).chain(&pair.black) {
                match ply {
                    Ply::Move(mv) => self.mv(mv),
                    Ply::Omitted(span) => self.push(*span, Kind::Operator),
                    Ply::Invalid { .. } => {}
                }
            }
            self.comments(&pair.comments);
            for variation in &pair.variations {
                self.variation(variation);
            }
        }
    }

    fn variation(&mut self, variation: &Variation) {
        self.char_at(variation.span.start, '(', Kind::Variation);
        if let Some(label) = &variation.label {
            self.push(label.span, Kind::Variation);
        }
        self.comments(&variation.comments);
        self.pairs(&variation.pairs);
        if variation.closed {
            self.char_at(variation.span.end.saturating_sub(1), ')', Kind::Variation);
        }
    }

    fn mv(&mut self, mv: &Move) {
        match &mv.kind {
            MoveKind::Ordinary(o) => {
                if let Some(piece) = o.piece {
                    self.push(piece.span, Kind::Piece);
                }
                self.push(o.from.span, Kind::Hex);
                self.push(o.separator.span, Kind::Operator);
                if let Some(piece) = o.captured {
                    self.push(piece.span, Kind::Piece);
                }
                self.push(o.to.span, Kind::Hex);
                if let Some(p) = &o.promotion {
                    self.promotion(p);
                }
            }
            MoveKind::Castling(c) => {
                let len = c.prefix().len() + c.separator.as_str().len() + c.columns().len();
                self.push(Span::new(mv.span.start, mv.span.start + len), Kind::Keyword);
            }
            MoveKind::ForcedPromotion(f) => {
                self.push(f.hex.span, Kind::Hex);
                self.promotion(&f.promotion);
            }
        }
        if let Some(check) = &mv.check {
            self.push(check.span, Kind::Check);
        }
        if let Some(rating) = &mv.rating {
            self.push(rating.span, Kind::Annotation);
        }
        for nag in &mv.nags {
            self.push(nag.span, Kind::Annotation);
        }
        if let Some(offer) = mv.draw_offer {
            self.push(offer, Kind::Annotation);
        }
        if let Some(end) = mv.end {
            self.push(end, Kind::Operator);
        }
    }

    fn promotion(&mut self, p: &Promotion) {
        self.char_at(p.span.start, '=', Kind::Operator);
        match p.target {
            PromotionTarget::Piece(letter) => self.push(letter.span, Kind::Piece),
            PromotionTarget::Awaiting => {
                let at = p.span.end.saturating_sub(1);
                self.char_at(at, '&', Kind::Operator);
            }
        }
    }

    fn comments(&mut self, comments: &[Comment]) {
        for comment in comments {
            let mut at = comment.span.start;
            for r in &comment.references {
                if r.span.start < at || r.span.end > comment.span.end {
                    continue;
                }
                self.text(Span::new(at, r.span.start));
                let kind = match &r.value {
                    Reference::Player(_) => Kind::Player,
                    Reference::Hex(_) => Kind::Hex,
                    Reference::Piece { .. } => Kind::Piece,
                    Reference::Move { .. } => Kind::Number,
                    Reference::Variation(_) => Kind::Variation,
                    Reference::Nag(_) => Kind::Annotation,
                };
                self.out.push(Token { span: r.span, kind, reference: true });
                at = r.span.end;
            }
            self.text(Span::new(at, comment.span.end));
        }
    }

    /// Comment text between references: a token unless it is blank.
    fn text(&mut self, span: Span) {
        let blank = self.source.get(span.range()).is_none_or(|t| t.trim().is_empty());
        if !blank {
            self.push(span, Kind::Comment);
        }
    }
}

/// The LSP form of `tokens` (in order, none across a line end): each relative to the one
/// before, columns and lengths in `encoding`. One pass over the text from the first token.
pub(crate) fn encode(
    text: &str,
    tokens: &[Token],
    encoding: PositionEncoding,
) -> Vec<SemanticToken> {
    let mut out = Vec::with_capacity(tokens.len());
    let Some(first) = tokens.first() else { return out };
    let index = ctl_pgn::render::LineIndex::new(text);
    let start = index.position(first.span.start, encoding);
    let mut cursor = Cursor { at: first.span.start, line: start.line, column: start.character };
    let (mut line, mut column) = (0, 0);
    for t in tokens {
        cursor.advance(text, t.span.start, encoding);
        let length = text[t.span.range()].chars().map(|c| units(c, encoding)).sum::<usize>();
        let delta_line = cursor.line - line;
        let delta_start = if delta_line == 0 { cursor.column - column } else { cursor.column };
        out.push(SemanticToken {
            delta_line,
            delta_start,
            length: u32::try_from(length).unwrap_or(u32::MAX),
            token_type: Kind::ALL.iter().position(|k| *k == t.kind).unwrap_or(0) as u32,
            token_modifiers_bitset: u32::from(t.reference),
        });
        (line, column) = (cursor.line, cursor.column);
    }
    out
}

/// Tokens as LSP sends them: five numbers each.
pub(crate) fn flat(tokens: &[SemanticToken]) -> Vec<u32> {
    tokens
        .iter()
        .flat_map(|t| {
            [t.delta_line, t.delta_start, t.length, t.token_type, t.token_modifiers_bitset]
        })
        .collect()
}

/// The one edit that turns `old` into `new` (flat tokens): where it starts, how many numbers
/// it deletes, what it inserts. The parts kept are whole tokens (multiples of five numbers).
pub(crate) fn delta<'n>(old: &[u32], new: &'n [u32]) -> (usize, usize, &'n [u32]) {
    let same = |a: &[u32], b: &[u32]| a == b;
    let tokens = old.len().min(new.len()) / 5;
    let prefix = (0..tokens).find(|&i| !same(&old[i * 5..i * 5 + 5], &new[i * 5..i * 5 + 5]));
    let prefix = prefix.unwrap_or(tokens) * 5;
    let rest = (old.len() - prefix).min(new.len() - prefix) / 5;
    let suffix = (0..rest)
        .find(|&i| {
            !same(
                &old[old.len() - 5 * (i + 1)..old.len() - 5 * i],
                &new[new.len() - 5 * (i + 1)..new.len() - 5 * i],
            )
        })
        .unwrap_or(rest)
        * 5;
    (prefix, old.len() - prefix - suffix, &new[prefix..new.len() - suffix])
}

/// A position walked through the text: byte offset, line and column.
struct Cursor {
    at: usize,
    line: u32,
    column: u32,
}

impl Cursor {
    /// Moves to byte `to` (not before the cursor), counting lines as [`crate::document`] does
    /// (`\n`, `\r\n`, a lone `\r`; a byte order mark takes no column).
    fn advance(&mut self, text: &str, to: usize, encoding: PositionEncoding) {
        let bytes = text.as_bytes();
        for (i, c) in text[self.at..to].char_indices() {
            let at = self.at + i;
            match c {
                '\n' => (self.line, self.column) = (self.line + 1, 0),
                '\r' if bytes.get(at + 1) != Some(&b'\n') => {
                    (self.line, self.column) = (self.line + 1, 0)
                }
                '\r' => {}
                '\u{feff}' if at == 0 => {}
                c => self.column += units(c, encoding) as u32,
            }
        }
        self.at = to;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kinds(text: &str) -> Vec<(&str, Kind, bool)> {
        tokens(text, None).iter().map(|t| (&text[t.span.range()], t.kind, t.reference)).collect()
    }

    #[test]
    fn a_game_in_colours() {
        let text = "[Variant \"C'escacs\"]\n{ see ~E13 and @W }\n1. EE5-E11, E21×NF16+^ !? $3\n($[2] 1. …, KRK-HIO)\n2. E27=D: 3-0\n";
        use Kind::*;
        assert_eq!(
            kinds(text),
            [
                ("Variant", TagName, false),
                ("\"C'escacs\"", TagValue, false),
                ("{ see ", Comment, false),
                ("~E13", Hex, true),
                (" and ", Comment, false),
                ("@W", Player, true),
                (" }", Comment, false),
                ("1.", Number, false),
                ("E", Piece, false),
                ("E5", Hex, false),
                ("-", Operator, false),
                ("E11", Hex, false),
                ("E21", Hex, false),
                ("×", Operator, false),
                ("N", Piece, false),
                ("F16", Hex, false),
                ("+^", Check, false),
                ("!?", Annotation, false),
                ("$3", Annotation, false),
                ("(", Variation, false),
                ("$[2]", Variation, false),
                ("1.", Number, false),
                ("…", Operator, false),
                ("KRK-HIO", Keyword, false),
                (")", Variation, false),
                ("2.", Number, false),
                ("E27", Hex, false),
                ("=", Operator, false),
                ("D", Piece, false),
                (":", Operator, false),
                ("3-0", Keyword, false),
            ]
        );
    }

    #[test]
    fn comments_are_cut_at_line_ends_and_encoded_relative() {
        let text = "[Variant \"C'escacs\"]\n{ a\r\nb 🩐 }\n1. E7-E13: *\n";
        let found = tokens(text, None);
        let comment: Vec<&str> = found
            .iter()
            .filter(|t| t.kind == Kind::Comment)
            .map(|t| &text[t.span.range()])
            .collect();
        assert_eq!(comment, ["{ a", "b 🩐 }"]);
        let encoded = encode(text, &found, PositionEncoding::Utf16);
        // `b 🩐 }` is on line 2, five UTF-16 units long (🩐 takes two).
        let b = &encoded[3];
        assert_eq!((b.delta_line, b.delta_start, b.length), (1, 0, 6));
        // `1.` on line 3, after the comment.
        assert_eq!((encoded[4].delta_line, encoded[4].delta_start), (1, 0));
        assert_eq!((encoded[5].delta_line, encoded[5].delta_start, encoded[5].length), (0, 3, 2));
    }

    #[test]
    fn a_range_gets_the_tokens_it_meets() {
        let text = "[Variant \"C'escacs\"]\n1. E7-E13: *\n\n[Variant \"C'escacs\"]\n1. F8-F12: *\n";
        let second = text.rfind("F8").unwrap();
        let found = tokens(text, Some(Span::new(second, second + 2)));
        let texts: Vec<&str> = found.iter().map(|t| &text[t.span.range()]).collect();
        assert_eq!(texts, ["F8"]);
    }

    /// Whether `text` is what a token of `kind` may cover.
    fn fits(kind: Kind, reference: bool, text: &str) -> bool {
        use ctl_an::syntax::{CheckMark, GameResult, Rating};
        let digits = |t: &str| !t.is_empty() && t.bytes().all(|b| b.is_ascii_digit());
        let hex = |t: &str| t.parse::<cescacs_board::Hex>().is_ok();
        let piece = |c: char| c.is_ascii_uppercase() || c.is_ascii_lowercase() || !c.is_ascii();
        if reference {
            return match kind {
                Kind::Player => text == "@W" || text == "@B",
                Kind::Hex => text.strip_prefix('~').is_some_and(hex),
                Kind::Piece => {
                    text.strip_prefix('~').and_then(|t| t.chars().next()).is_some_and(piece)
                }
                Kind::Number => text
                    .strip_prefix('#')
                    .is_some_and(|t| t.starts_with(|c: char| c.is_ascii_digit())),
                Kind::Variation => text
                    .strip_prefix('#')
                    .and_then(|t| t.split_once('.'))
                    .is_some_and(|(n, l)| digits(n) && digits(l)),
                Kind::Annotation => text.strip_prefix('$').is_some_and(digits),
                _ => false,
            };
        }
        match kind {
            Kind::TagName => {
                !text.is_empty() && text.chars().all(|c| c.is_alphanumeric() || c == '_')
            }
            Kind::TagValue => text.len() >= 2 && text.starts_with('"') && text.ends_with('"'),
            Kind::Number => text.strip_suffix(['.', '?']).is_some_and(digits),
            Kind::Piece => text.chars().count() == 1 && text.chars().all(piece),
            Kind::Hex => hex(text),
            Kind::Operator => {
                // `x`: the capture the reader takes for `×`, with an error.
                ["-", "‐", "–", "×", "*", "x", "@", "@@", "=", "&", "…", "...", ":"].contains(&text)
            }
            Kind::Keyword => text.starts_with("KR") || GameResult::from_text(text).is_some(),
            Kind::Check => text.parse::<CheckMark>().is_ok(),
            Kind::Annotation => {
                text.parse::<Rating>().is_ok()
                    || text == "(=)"
                    || text.strip_prefix('$').is_some_and(digits)
            }
            Kind::Comment => !text.contains(['\n', '\r']),
            Kind::Variation => {
                text == "("
                    || text == ")"
                    || text
                        .strip_prefix("$[")
                        .and_then(|t| t.strip_suffix(']'))
                        .is_some_and(|t| t.is_empty() || digits(t))
            }
            Kind::Player => false,
        }
    }

    /// Every corpus file's tokens, decoded from their LSP form as a client would, are what
    /// their type says, in each encoding.
    #[test]
    fn the_corpus_decoded() {
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../corpus");
        let mut files = 0;
        let mut seen = std::collections::HashSet::new();
        for dir in ["valid", "invalid", "generated"] {
            let mut paths: Vec<_> = std::fs::read_dir(root.join(dir))
                .expect("the corpus")
                .map(|e| e.expect("an entry").path())
                .filter(|p| p.extension().is_some_and(|e| e == "ctl-pgn"))
                .collect();
            paths.sort();
            for path in paths {
                let bytes = std::fs::read(&path).expect("readable");
                let text = String::from_utf8_lossy(&bytes);
                files += 1;
                let found = tokens(&text, None);
                for encoding in
                    [PositionEncoding::Utf8, PositionEncoding::Utf16, PositionEncoding::Utf32]
                {
                    let encoded = encode(&text, &found, encoding);
                    assert_eq!(encoded.len(), found.len());
                    let (mut line, mut column) = (0, 0);
                    for (e, t) in encoded.iter().zip(&found) {
                        line += e.delta_line;
                        column =
                            if e.delta_line == 0 { column + e.delta_start } else { e.delta_start };
                        let at = |character| lsp_types::Position { line, character };
                        let start = crate::positions::offset(&text, at(column), encoding);
                        let end = crate::positions::offset(&text, at(column + e.length), encoding);
                        assert_eq!(Span::new(start, end), t.span, "{}: {t:?}", path.display());
                        let kind = Kind::ALL[e.token_type as usize];
                        let reference = e.token_modifiers_bitset == 1;
                        let written = &text[start..end];
                        assert!(
                            fits(kind, reference, written),
                            "{}: `{written}` is no {kind:?} (reference: {reference})",
                            path.display()
                        );
                        seen.insert((kind, reference));
                    }
                }
            }
        }
        assert!(files > 50, "{files} files");
        // Every kind was met (the corpus writes each of them).
        for kind in Kind::ALL {
            assert!(seen.contains(&(kind, false)) || seen.contains(&(kind, true)), "{kind:?}");
        }
    }

    #[test]
    fn a_delta_keeps_whole_tokens_on_both_sides() {
        let old = [1, 2, 3, 4, 0, 0, 5, 3, 4, 0, 1, 0, 2, 2, 0];
        let new = [1, 2, 3, 4, 0, 0, 6, 3, 4, 0, 0, 9, 1, 1, 0, 1, 0, 2, 2, 0];
        let (start, deleted, inserted) = delta(&old, &new);
        assert_eq!((start, deleted), (5, 5));
        assert_eq!(inserted, [0, 6, 3, 4, 0, 0, 9, 1, 1, 0]);
        let mut applied = old.to_vec();
        applied.splice(start..start + deleted, inserted.iter().copied());
        assert_eq!(applied, new);
        assert_eq!(delta(&new, &new), (20, 0, &[][..]));
        assert_eq!(delta(&[], &new), (0, 0, &new[..]));
        assert_eq!(delta(&new, &[]), (0, 20, &[][..]));
    }
}
