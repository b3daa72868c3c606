//! The context of one reading: the text, its letters and dialect, the diagnostics found so far,
//! and the text cut into its fields. Every field reader takes it, and the app's dialect
//! (`crate::app`) too: it is the reader's shared piece, apart from what calls the readers.

use cescacs_board::Letters;
use cescacs_diagnostics::{Diagnostic, Span};

use crate::{Dialect, codes};

/// A field of the PDTL: its text and where it starts.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Field<'a> {
    pub text: &'a str,
    pub start: usize,
}

impl Field<'_> {
    pub fn span(&self) -> Span {
        Span::new(self.start, self.start + self.text.len())
    }
}

pub(crate) struct Cx<'a> {
    pub text: &'a str,
    pub letters: &'a Letters,
    /// The dialect read: the app's accepts more, each time with a warning (`docs/APP.md`).
    pub dialect: Dialect,
    pub diags: Vec<Diagnostic>,
}

const FIELD_NAMES: [&str; 6] =
    ["placement", "turn", "castling", "en passant", "halfmove clock", "move number"];

impl<'a> Cx<'a> {
    /// Splits at whitespace, warning about anything but one space between fields.
    pub(super) fn split_fields(&mut self) -> Vec<Field<'a>> {
        let text = self.text;
        let mut fields: Vec<Field<'a>> = Vec::with_capacity(6);
        let mut field_start = None;
        let mut at = |i: usize, space: bool| match (space, field_start) {
            (true, Some(s)) => {
                fields.push(Field { text: &text[s..i], start: s });
                field_start = None;
            }
            (false, None) => field_start = Some(i),
            _ => {}
        };
        // A PDTL is ASCII but for FAN symbols: then its bytes are its chars, and the usual
        // text, fields between single spaces, is cut at each space.
        if text.is_ascii() {
            let bytes = text.as_bytes();
            let mut i = 0;
            while i < bytes.len() {
                match bytes[i..].iter().position(|&b| ascii_space(b)) {
                    Some(0) => at(i, true),
                    Some(k) => {
                        at(i, false);
                        at(i + k, true);
                        i += k;
                    }
                    None => {
                        at(i, false);
                        break;
                    }
                }
                i += 1;
            }
        } else {
            text.char_indices().for_each(|(i, c)| at(i, c.is_whitespace()));
        }
        if let Some(s) = field_start {
            fields.push(Field { text: &text[s..], start: s });
        }
        if let (Some(first), Some(last)) = (fields.first(), fields.last()) {
            let ends = [(0, first.start, "start"), (last.span().end, text.len(), "end")];
            for (s, e, which) in ends {
                if s < e {
                    self.diags.push(
                        Diagnostic::warning(
                            codes::SPACING,
                            Span::new(s, e),
                            format!(
                                "expected the PDTL to {which} without whitespace, found {}",
                                describe_space(&text[s..e])
                            ),
                        )
                        .with_fix(Span::new(s, e), ""),
                    );
                }
            }
        }
        for pair in fields.windows(2) {
            let (s, e) = (pair[0].span().end, pair[1].start);
            let gap = &text[s..e];
            if gap != " " {
                self.diags.push(
                    Diagnostic::warning(
                        codes::SPACING,
                        Span::new(s, e),
                        format!("expected one space between fields, found {}", describe_space(gap)),
                    )
                    .with_fix(Span::new(s, e), " "),
                );
            }
        }

        match fields.len() {
            0 => self.diags.push(
                Diagnostic::error(
                    codes::MISSING_FIELDS,
                    Span::new(0, text.len()),
                    "expected a PDTL (placement, turn, castling, en passant, halfmove clock, move number), found nothing",
                )
                .with_help(
                    "the initial position is `/28:v/27:dk/26:gjg/25:rnnr/24:pejep/23:ppeepp/22:2pjp2/21:3pp3/20:3p3/8:3P3/7:3PP3/6:2PJP2/5:PPEEPP/4:PEJEP/3:RNNR/2:GJG/1:DK/0:V/ w RKRrkr - 0 1`",
                ),
            ),
            2..=4 if self.dialect == Dialect::App => {
                let last = fields[fields.len() - 1];
                let read_as = [
                    "the castling rights the board allows",
                    "no en passant (`-`)",
                    "halfmove clock 0",
                ];
                self.diags.push(
                    Diagnostic::warning(
                        codes::APP_SHORT,
                        last.span(),
                        format!(
                            "expected 6 fields, found {}: read as the app reads the rest, {}, move number unknown (`?`)",
                            fields.len(),
                            read_as[fields.len() - 2..].join(", ")
                        ),
                    )
                    .with_primary_label("the PDTL ends after this field")
                    .with_note("the app's \"Load new\" reads a PDTL of two fields or more"),
                );
            }
            1..=4 => {
                let last = fields[fields.len() - 1];
                let missing = FIELD_NAMES[fields.len()..5].join(", ");
                self.diags.push(
                    Diagnostic::error(
                        codes::MISSING_FIELDS,
                        last.span(),
                        format!(
                            "expected 6 fields separated by spaces, found {}; missing: {missing}, move number",
                            fields.len()
                        ),
                    )
                    .with_primary_label("the PDTL ends after this field"),
                );
            }
            5 => {
                let last = fields[4];
                self.diags.push(
                    Diagnostic::warning(
                        codes::FIVE_FIELDS,
                        last.span(),
                        "expected 6 fields, found 5: the move number is missing and read as unknown (`?`)",
                    )
                    .with_primary_label("the move number should follow this field")
                    .with_help("add the move number, or `?` when it is not known")
                    .with_fix(Span::new(last.span().end, last.span().end), " ?"),
                );
            }
            6 => {}
            _ if self.dialect == Dialect::App => {
                let span = Span::new(fields[6].start, fields[fields.len() - 1].span().end);
                self.diags.push(
                    Diagnostic::warning(
                        codes::APP_EXTRA_FIELDS,
                        span,
                        format!(
                            "expected 6 fields, found {}: what follows the move number is ignored, as the app ignores it",
                            fields.len()
                        ),
                    )
                    .with_fix(Span::new(fields[5].span().end, span.end), ""),
                );
            }
            _ => {
                let span = Span::new(fields[6].start, fields[fields.len() - 1].span().end);
                self.diags.push(
                    Diagnostic::error(
                        codes::EXTRA_FIELDS,
                        span,
                        format!(
                            "expected 6 fields, found {}: nothing may follow the move number",
                            fields.len()
                        ),
                    )
                    .with_fix(Span::new(fields[5].span().end, span.end), ""),
                );
            }
        }
        fields.truncate(6);
        fields
    }
}

/// `char::is_whitespace` of an ASCII byte (which `u8::is_ascii_whitespace` is not: it leaves
/// out the vertical tab).
fn ascii_space(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\n' | 0x0B | 0x0C | b'\r')
}

fn describe_space(s: &str) -> String {
    if s.chars().all(|c| c == ' ') {
        format!("{} spaces", s.len())
    } else {
        let names: Vec<String> = s.chars().map(|c| format!("{:?}", c)).collect();
        format!("whitespace {}", names.join(" "))
    }
}

/// The span of the character at byte `i` of `text` (which must be a char boundary).
pub(crate) fn char_span(text: &str, i: usize) -> Span {
    let len = text[i..].chars().next().map_or(0, char::len_utf8);
    Span::new(i, i + len)
}

#[cfg(test)]
mod tests {
    #[test]
    fn ascii_space_is_char_is_whitespace() {
        for b in 0..128u8 {
            assert_eq!(super::ascii_space(b), char::from(b).is_whitespace(), "{b:#x}");
        }
    }
}
