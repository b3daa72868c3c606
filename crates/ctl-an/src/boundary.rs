//! Where games start: the one rule that [`games`](crate::games) and streaming splitters (such as
//! `ctl_pgn::split::GameSplitter`) share, so that both cut a text into the same games.
//!
//! A game starts at a `[Variant` tag written outside comments and tag values. A line that starts
//! with a `[Variant` tag (after spaces or tabs) always starts a game, even inside a comment whose
//! `}` is missing: one unclosed `{` never swallows the games after it (decisions in
//! `docs/diagnostics/syntax.md`, "How records are split").
//!
//! Both functions look at raw bytes and may be given a prefix of the text (a buffer being
//! filled): `None` means "the bytes end too early to tell"; at the end of the text it means no.

const VARIANT: &[u8] = b"Variant";

/// Whether `rest`, which starts at a `[`, opens a `[Variant` tag: `[`, optional spaces or tabs,
/// `Variant`, then a byte that cannot continue a tag name (not a letter, digit, `_` or `'`).
///
/// ```
/// use ctl_an::boundary::variant_tag_at;
/// assert_eq!(variant_tag_at(b"[Variant \"C'escacs\"]"), Some(true));
/// assert_eq!(variant_tag_at(b"[ Variant\"x\"]"), Some(true));
/// assert_eq!(variant_tag_at(b"[VariantX \"y\"]"), Some(false));
/// assert_eq!(variant_tag_at(b"[Event \"x\"]"), Some(false));
/// assert_eq!(variant_tag_at(b"[Vari"), None); // more bytes are needed
/// ```
pub fn variant_tag_at(rest: &[u8]) -> Option<bool> {
    if rest.first() != Some(&b'[') {
        return Some(false);
    }
    let blanks = rest[1..].iter().take_while(|&&b| b == b' ' || b == b'\t').count();
    let name = &rest[1 + blanks..];
    let shared = name.len().min(VARIANT.len());
    if name[..shared] != VARIANT[..shared] {
        return Some(false);
    }
    let after = name.get(VARIANT.len())?;
    Some(!(after.is_ascii_alphanumeric() || matches!(after, b'_' | b'\'')))
}

/// Whether the line starting at `line` (the bytes just after a line end) starts a game: optional
/// spaces or tabs, then a `[Variant` tag ([`variant_tag_at`]).
///
/// ```
/// use ctl_an::boundary::line_starts_game;
/// assert_eq!(line_starts_game(b"  [Variant \"C'escacs\"]\n"), Some(true));
/// assert_eq!(line_starts_game(b"1. E7-E13: *\n"), Some(false));
/// assert_eq!(line_starts_game(b"   "), None);
/// ```
pub fn line_starts_game(line: &[u8]) -> Option<bool> {
    let blanks = line.iter().take_while(|&&b| b == b' ' || b == b'\t').count();
    match line.get(blanks)? {
        b'[' => variant_tag_at(&line[blanks..]),
        _ => Some(false),
    }
}

/// Where a comment that starts at `rest[0]` (a `{`) ends, and whether its `}` was found.
///
/// Comments do not nest: the first `}` closes. A comment whose `}` is missing ends before the
/// first line that starts a game ([`line_starts_game`]) or at the end of `rest`, without the
/// blank characters before that point. A line end is `\n` or `\r` (a lone CR counts too).
///
/// ```
/// use ctl_an::boundary::comment_end;
/// assert_eq!(comment_end(b"{ a } 1. E7-E13"), (5, true));
/// assert_eq!(comment_end(b"{ open\n1. E7-E13: *\n\n[Variant \"C'escacs\"] { b }"), (19, false));
/// assert_eq!(comment_end(b"{ open  \n"), (6, false));
/// ```
pub fn comment_end(rest: &[u8]) -> (usize, bool) {
    let mut from = 1;
    while let Some(k) = memchr::memchr3(b'}', b'\n', b'\r', &rest[from.min(rest.len())..]) {
        let i = from + k;
        if rest[i] == b'}' {
            return (i + 1, true);
        }
        if line_starts_game(&rest[i + 1..]) == Some(true) {
            return (trim_end(&rest[..i]), false);
        }
        from = i + 1;
    }
    (trim_end(rest), false)
}

/// The length of `bytes` without its trailing blank characters (the `{` first is never blank).
fn trim_end(bytes: &[u8]) -> usize {
    bytes.len() - bytes.iter().rev().take_while(|b| b.is_ascii_whitespace()).count()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn prefixes_need_more_bytes() {
        for n in 0..b"[Variant".len() {
            let p = &b"[Variant"[..n];
            let want = if n == 0 { Some(false) } else { None };
            assert_eq!(variant_tag_at(p), want, "{:?}", String::from_utf8_lossy(p));
        }
        assert_eq!(variant_tag_at(b"[Variant"), None);
        assert_eq!(variant_tag_at(b"[Variant]"), Some(true));
        assert_eq!(variant_tag_at(b"[Variant1 \"x\"]"), Some(false));
        assert_eq!(variant_tag_at(b"[  \t"), None);
        assert_eq!(line_starts_game(b""), None);
        assert_eq!(line_starts_game(b"\n[Variant \"x\"]"), Some(false));
    }

    #[test]
    fn comments_stop_before_a_game_line_only() {
        // A `[Variant` inside the comment's own line does not cut it.
        assert_eq!(comment_end(b"{ see [Variant \"x\"] }"), (21, true));
        assert_eq!(comment_end(b"{ a\r[Variant \"x\"]"), (3, false));
        assert_eq!(comment_end(b"{ a\r\n  [Variant \"x\"]"), (3, false));
        assert_eq!(comment_end(b"{"), (1, false));
        assert_eq!(comment_end(b"{\n\n"), (1, false));
        assert_eq!(comment_end(b"{\n[Variant \"x\"]"), (1, false));
    }
}
